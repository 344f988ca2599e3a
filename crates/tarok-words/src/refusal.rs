//! Refused actions in a language. The engines' rule errors are English (their `Display`); in
//! Danish or German the rule is said in that language, and the citation (seed line or
//! section) is kept as the engine gives it ([`tarok_core::Refusal::citation`]), since that is
//! the reference a player looks up.

use crate::lang::Lang;
use tarok_core::Refusal;
use tarok_danish::RuleError as Dk;
use tarok_historic::RuleError as Hi;
use tarok_koenigrufen::RuleError as Kr;

/// A refused Danish Tarok action, in `lang`.
pub fn danish(e: &Dk, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    format!("{}{}", danish_body(e, lang), source(e))
}

/// A refused Königrufen action in `lang`: English in the engine's words, Danish and German
/// with the engine's source.
pub fn koenigrufen_in(e: &Kr, lang: Lang) -> String {
    match lang {
        Lang::En => e.to_string(),
        Lang::Da => format!("{}{}", koenigrufen_da(e), source(e)),
        Lang::De => koenigrufen(e),
    }
}

/// The rule of a refused Königrufen action in Danish; the game's terms stay German.
fn koenigrufen_da(e: &Kr) -> String {
    use Kr::*;
    match e {
        DealOver => "spillet er slut".to_string(),
        WrongPhase(action, phase) => format!("{action} er ikke muligt nu, i fasen „{phase}“"),
        NotInHand(c) => format!(
            "{} er ikke på hånden hos spilleren i tur",
            tarok_koenigrufen::cards::screen(*c)
        ),
        MustFollowSuit => "der skal bekendes kulør".into(),
        MustPlayTarock => "den der ikke har kuløren, skal spille tarok: Tarockzwang".into(),
        MustBeat => "i negativspil skal der stikkes over, hvis muligt: Stichzwang".into(),
        PagatNotLast => "Pagat må i negativspil kun spilles som sidste tarok".into(),
        ColourTarockLead => {
            "i Farbenspiel må tarok først spilles ud, når der ikke er flere kulørkort".into()
        }
        BirdOrder => "meldte fugle gives fra oven og nedefter".into(),
        VorhandFirstTurn => "første gang siger Vorhand „mein Vorhand“, en Sechser eller et \
            spil til mindst 2"
            .into(),
        BidTooLow(c) => format!("et bud skal være højere (lavere rang) end {c}"),
        VorhandOnly(c) => format!("{c} må kun Vorhand spille"),
        SechserNotFirst => "Sechser er kun Vorhands første melding".into(),
        OnlyAtTheEnd(c) => {
            format!("{c} kan kun Vorhand vælge til sidst i budrunden, når ingen har meldt et spil")
        }
        NoBei => "„bei“ forudsætter en anden spillers Piccolo eller Zwiccolo".into(),
        CannotHold => "kun Vorhand må holde et spil, og kun en andens".into(),
        MustChoose => "Vorhand skal nu vælge spillet".into(),
        BesserruferNoBird => "en Besserrufer skal have en fugl (Pagat, Uhu eller Kakadu) på \
            hånden før talonen"
            .into(),
        FourKings => "med alle fire konger kan ingen konge kaldes".into(),
        OwnKing => "man må ikke kalde en konge, man selv har".into(),
        BesserruferBird => "Besserrufer skal nævne en fugl, han har, før talonen vendes".into(),
        NoSchleifen => "Schleifen går kun i Rufer eller Besserrufer, når den kaldte konge \
            ligger i talonen"
            .into(),
        NoSuchHalf => "der er to talonhalvdele, 0 og 1".into(),
        DiscardFivePointer => "konger og Trull-kort må aldrig lægges væk".into(),
        DiscardTarock => "tarok må kun lægges væk, når intet andet er tilbage".into(),
        DiscardSuitCard => "i Farbenspiel lægges tarokkerne væk først, et kulørkort først, når \
            der ikke er flere tarokker"
            .into(),
        DiscardBird => "denne tarok må i Farbenspiel ikke lægges væk efter disse regler".into(),
        PremiumNotAllowed(p) => format!("{p} er ikke muligt i dette spil"),
        AlreadyAnnounced(p) => format!("{p} er allerede meldt"),
        BirdNotHeld => "kun den der har fuglen, må melde den".into(),
        NotKingHolder => "König ultimo kun af den, der har den kaldte konge".into(),
        NoTrullCard => "Trull kun af den, der har et Trull-kort".into(),
        NoKing => "fire konger kun af den, der har en konge".into(),
        ValatNotDeclarer => "Valat kun af spillerens parti".into(),
        OpponentsMayNotAnnounce => "modspillerne må ikke melde efter disse regler".into(),
        AnnounceLate => "der meldes ved første „gut“ (spilleren med „ich liege“)".into(),
        NoKontraHere => "i dette spil er der intet Kontra".into(),
        NoSuchItem => "den melding findes ikke".into(),
        KontraOwnSide => "kun modparten kan give Kontra på en melding".into(),
        GameReplacedByValat => "den meldte Valat erstatter spillet: Kontra gives på Valat".into(),
        AlreadyKontra => "der er allerede givet Kontra på denne melding".into(),
        KontraAfterGut => {
            "efter „gut“ kan der ikke gives Kontra på de meldinger, der er gjort".into()
        }
        NoRe => "Re svarer på et Kontra, fra den side, meldingen tilhører".into(),
        NoSubkontra => "Subkontra svarer på et Re, fra den spiller, der fik Kontra".into(),
    }
}

/// A refused Königrufen action, in German, the Königrufen screen's default language.
pub fn koenigrufen(e: &Kr) -> String {
    use Kr::*;
    let body = match e {
        DealOver => "das Spiel ist vorbei".to_string(),
        WrongPhase(action, phase) => format!(
            "{action} ist jetzt nicht möglich, in der Phase „{}“",
            phase_de(phase)
        ),
        // In the screen's notation, where "X" is the Tarock X and the Sküs is "Sküs".
        NotInHand(c) => format!(
            "{} ist nicht in der Hand des Spielers am Zug",
            tarok_koenigrufen::cards::screen(*c)
        ),
        MustFollowSuit => "Farbe muss bedient werden".into(),
        MustPlayTarock => "wer die Farbe nicht hat, muss Tarock spielen: Tarockzwang".into(),
        MustBeat => "im Negativspiel muss überstochen werden, wenn möglich: Stichzwang".into(),
        PagatNotLast => {
            "der Pagat darf im Negativspiel nur als letzter Tarock gespielt werden".into()
        }
        ColourTarockLead => {
            "im Farbenspiel darf Tarock erst ausgespielt werden, wenn keine Farbkarte mehr da ist"
                .into()
        }
        BirdOrder => "angesagte Vögel werden von oben nach unten abgegeben".into(),
        VorhandFirstTurn => "beim ersten Mal sagt die Vorhand „mein Vorhand“, einen Sechser oder \
            ein Spiel im Wert von mindestens 2 an"
            .into(),
        BidTooLow(c) => format!("ein Gebot muss höher sein (niedrigerer Rang) als {c}"),
        VorhandOnly(c) => format!("{c} darf nur die Vorhand spielen"),
        SechserNotFirst => "der Sechser ist nur die erste Ansage der Vorhand".into(),
        OnlyAtTheEnd(c) => format!(
            "{c} kann nur die Vorhand am Ende des Lizitierens wählen, wenn niemand ein Spiel \
             angesagt hat"
        ),
        NoBei => "„bei“ setzt einen Piccolo oder Zwiccolo eines anderen Spielers voraus".into(),
        CannotHold => "nur die Vorhand darf ein Spiel halten, und nur das eines anderen".into(),
        MustChoose => "die Vorhand muss jetzt das Spiel wählen".into(),
        BesserruferNoBird => "ein Besserrufer braucht vor dem Talon einen Vogel (Pagat, Uhu \
            oder Kakadu) in der Hand"
            .into(),
        FourKings => "mit allen vier Königen kann kein König gerufen werden".into(),
        OwnKing => "man darf keinen König rufen, den man selbst hat".into(),
        BesserruferBird => "der Besserrufer muss vor dem Aufdecken des Talons einen Vogel \
            nennen, den er hat"
            .into(),
        NoSchleifen => "Schleifen geht nur im Rufer oder Besserrufer, wenn der gerufene König \
            im Talon liegt"
            .into(),
        NoSuchHalf => "es gibt zwei Talonhälften, 0 und 1".into(),
        DiscardFivePointer => "Könige und Trullstücke dürfen nie abgelegt werden".into(),
        DiscardTarock => "Tarock darf nur abgelegt werden, wenn nichts anderes bleibt".into(),
        DiscardSuitCard => "im Farbenspiel werden zuerst die Tarocke abgelegt, eine Farbkarte \
            erst, wenn kein Tarock mehr da ist"
            .into(),
        DiscardBird => {
            "dieser Tarock darf im Farbenspiel nach diesen Regeln nicht abgelegt werden".into()
        }
        PremiumNotAllowed(p) => format!("{p} ist in diesem Spiel nicht möglich"),
        AlreadyAnnounced(p) => format!("{p} ist schon angesagt"),
        BirdNotHeld => "nur wer den Vogel hat, darf ihn ansagen".into(),
        NotKingHolder => "König ultimo nur vom Besitzer des gerufenen Königs".into(),
        NoTrullCard => "Trull nur, wer ein Trullstück hat".into(),
        NoKing => "Vier Könige nur, wer einen König hat".into(),
        ValatNotDeclarer => "Valat nur von der Partei des Spielers".into(),
        OpponentsMayNotAnnounce => "die Gegner dürfen nach diesen Regeln nicht ansagen".into(),
        AnnounceLate => "angesagt wird beim ersten „gut“ (der Spieler mit „ich liege“)".into(),
        NoKontraHere => "in diesem Spiel gibt es kein Kontra".into(),
        NoSuchItem => "diese Ansage gibt es nicht".into(),
        KontraOwnSide => "nur die Gegenseite kann eine Ansage kontrieren".into(),
        GameReplacedByValat => {
            "der angesagte Valat ersetzt das Spiel: kontriert wird der Valat".into()
        }
        AlreadyKontra => "diese Ansage ist schon kontriert".into(),
        KontraAfterGut => {
            "nach „gut“ kann man die schon gemachten Ansagen nicht mehr kontrieren".into()
        }
        NoRe => "Re antwortet auf ein Kontra, von der Seite, der die Ansage gehört".into(),
        NoSubkontra => "Subkontra antwortet auf ein Re, von dem Spieler, gegen den kontriert \
            wurde"
            .into(),
    };
    format!("{body}{}", source(e))
}

/// A refusal's citation as a player looks it up: [`Refusal::citation`] from its first source
/// on. A few citations begin with words in English (the rule's German name, an ambiguity: "the
/// alternative to Hjørring 2016 ambiguity A8; 001 L1008, L1209"), which the translations say
/// in their own words; a citation without a known source is kept whole.
pub fn citation(e: &impl Refusal) -> &'static str {
    let cite = e.citation();
    let from = ["Spieleversum", "Møller", "DTF", "rules/", "000 ", "001 "]
        .iter()
        .filter_map(|m| cite.find(m))
        .min()
        .unwrap_or(0);
    &cite[from..]
}

/// The citation at the end of a translated message, " (…)"; nothing for a refusal without one.
fn source(e: &impl Refusal) -> String {
    match citation(e) {
        "" => String::new(),
        cite => format!(" ({cite})"),
    }
}

/// A refused action of the games of 1829 in `lang`: English in the engine's words, Danish and
/// German with the engine's citation, "(1829 §2.5, 002 L169-170)". The game's terms stay as the
/// book of 1829 has them (Scat, Scus, Mongue, Mediateur).
pub fn historic(e: &Hi, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let pick = |da: String, de: String| lang.da_or_de((da, de));
    let honour = |h| crate::historic::honour(h, lang);
    use Hi::*;
    let body = match e {
        Over => pick("spillet er slut".into(), "das Spiel ist vorbei".into()),
        WrongPhase(a, _) => pick(
            format!("'{a}' er ikke muligt nu"),
            format!("'{a}' ist jetzt nicht möglich"),
        ),
        NotInHand(c) => pick(
            format!("{c} er ikke på hånden hos spilleren i tur"),
            format!("{c} ist nicht in der Hand des Spielers am Zug"),
        ),
        ScatKing => pick(
            "en Konge må ikke lægges i Scat".into(),
            "ein König darf nicht in den Scat gelegt werden".into(),
        ),
        ScatTarock => pick(
            "Taroker må kun lægges i Scat af en giver med netop 3 af dem".into(),
            "Taroks darf nur ein Geber mit genau 3 davon in den Scat legen".into(),
        ),
        ScatMongue => pick(
            "Mongue må ikke lægges i Scat efter disse regler".into(),
            "der Mongue darf nach diesen Regeln nicht in den Scat".into(),
        ),
        ScatAllThree => pick(
            "med netop 3 Taroker lægger giveren alle tre eller ingen".into(),
            "mit genau 3 Taroks legt der Geber alle drei oder keinen".into(),
        ),
        ScatPartners => pick(
            "i firemandsspillet må hverken Tarok, Scus eller Konge lægges i Scat".into(),
            "im Spiel zu viert darf weder Tarok, Scus noch König in den Scat".into(),
        ),
        NoSuchHonour(h) => pick(
            format!("hånden har ingen {} at melde", honour(*h)),
            format!("die Hand hat keine {} zu melden", honour(*h)),
        ),
        AlreadyDeclared(h) => pick(
            format!("{} er allerede meldt", honour(*h)),
            format!("{} ist schon gemeldet", honour(*h)),
        ),
        MustFollowSuit => pick(
            "der skal bekendes kulør".into(),
            "Farbe muss bedient werden".into(),
        ),
        MustTrump => pick(
            "den der mangler kuløren, skal spille Tarok".into(),
            "wer die Farbe nicht hat, muss Tarok spielen".into(),
        ),
        MustFollowTarock => pick(
            "Tarok spillet ud skal bekendes med Tarok".into(),
            "ausgespieltes Tarok muss mit Tarok bedient werden".into(),
        ),
        MustOvertrump => pick(
            "Taroker i stikket skal overstikkes".into(),
            "die Taroks im Stich müssen überstochen werden".into(),
        ),
        ScusLead => pick(
            "Scus må ikke spilles ud".into(),
            "der Scus darf nicht ausgespielt werden".into(),
        ),
        ScusDeadline => pick(
            "Scus skal spilles nu: den må ikke holdes med kun 3 kort tilbage".into(),
            "der Scus muss jetzt gespielt werden: mit nur 3 Karten darf er nicht bleiben".into(),
        ),
        BidTooLow => pick(
            "et bud skal være højere end budene før (Mediateur over spørge)".into(),
            "ein Gebot muss höher sein als die vorigen (Mediateur über Fragen)".into(),
        ),
        BadCall(c) => pick(
            format!("{c} kan ikke kaldes: kald en Konge, du ikke har"),
            format!("{c} kann nicht gerufen werden: rufe einen König, den du nicht hast"),
        ),
        NothingToCall => pick(
            "du har alle billedkort, så der er intet kort at kalde: du må ikke spørge".into(),
            "du hast alle Bildkarten, also keine Karte zum Rufen: du darfst nicht fragen".into(),
        ),
        BadRequest(c) => pick(
            format!("{c} kan ikke ønskes: Mediateuren må bede om ethvert kort undtagen Scus, som han ikke har"),
            format!("{c} kann nicht verlangt werden: der Mediateur verlangt jede Karte außer dem Scus, die er nicht hat"),
        ),
        RequestCount => pick(
            "Mediateuren skal bede om mindst et kort og højst det tilladte antal".into(),
            "der Mediateur verlangt mindestens eine Karte und höchstens die erlaubte Zahl".into(),
        ),
        BadReturn(c) => pick(
            format!("{c} kan ikke gives tilbage: giv et andet kort end det, du lige fik"),
            format!("{c} kann nicht zurückgegeben werden: gib eine andere Karte als die eben erhaltene"),
        ),
    };
    format!("{body}{}", source(e))
}

/// The phase of a Königrufen deal, as the engine names it in [`Kr::WrongPhase`], in German.
fn phase_de(phase: &str) -> &str {
    match phase {
        "bidding" => "Lizitieren",
        "king call" => "Königruf",
        "Besserrufer bird" => "Vogel des Besserrufers",
        "talon" => "Talon",
        "discard" => "Ablegen",
        "announcement" => "Ansagen",
        "card play" => "Kartenspiel",
        "final" => "Spielende",
        other => other,
    }
}

/// The rule of a refused Danish action in Danish and German, side by side.
fn danish_body(e: &Dk, lang: Lang) -> String {
    use Dk::*;
    let (da, de): (String, String) = match e {
        WrongMoment {
            action, expected, ..
        } => (
            format!("{action} er ikke muligt nu: {}", moment(expected, Lang::Da)),
            format!(
                "{action} ist jetzt nicht möglich: {}",
                moment(expected, Lang::De)
            ),
        ),
        NotInHand(c) => (
            format!("{c} er ikke på hånden hos den, der er i tur"),
            format!("{c} ist nicht in der Hand des Spielers am Zug"),
        ),
        SkatSize(n) => (
            format!("skatten er netop 3 kort, ikke {n}"),
            format!("der Skat hat genau 3 Karten, nicht {n}"),
        ),
        SkatForbidden(c) => (
            format!("{c} må ikke lægges i skat: konger, pagat, T21 og skus kommer der aldrig"),
            format!("{c} darf nicht in den Skat: Könige, Pagat, T21 und Sküs kommen nie dorthin"),
        ),
        SkatTrumpsNotVoid => (
            "tarokker må kun lægges i skat, når giveren derved bliver fri for nummererede \
             tarokker"
                .into(),
            "Tarocke dürfen nur in den Skat, wenn der Geber dadurch frei von nummerierten \
             Tarocken wird"
                .into(),
        ),
        SkatTooManyTrumps => (
            "tarokker må kun lægges i skat fra en hånd med højst 3 nummererede tarokker, \
             alternativet til tvetydighed A8 i Hjørring 2016"
                .into(),
            "Tarocke dürfen nur aus einer Hand mit höchstens 3 nummerierten Tarocken in den \
             Skat, die Alternative zur Mehrdeutigkeit A8 in Hjørring 2016"
                .into(),
        ),
        SkatDeclarationCard(c) => (
            format!(
                "{c} hører til en melding og må kun lægges, når det ikke kan undgås, og det kan \
                 det her"
            ),
            format!(
                "{c} gehört zu einer Meldung und darf nur in den Skat, wenn es unvermeidlich \
                 ist, und das ist es hier nicht"
            ),
        ),
        SkatFallback(cards) => (
            format!(
                "intet skat opfylder alle regler, så nødreglen gælder: læg {cards} og meld dem"
            ),
            format!(
                "kein Skat erfüllt alle Regeln, also gilt die Ersatzregel: {cards} legen und \
                 ansagen"
            ),
        ),
        MustFollow { card, led } => (
            format!("{card} bekender ikke: der er spillet {led} ud, og hånden har {led}"),
            format!("{card} bedient nicht: {led} wurde ausgespielt, und die Hand hat {led}"),
        ),
        MustTrump { card, led } => (
            format!("{card} er ingen tarok: hånden har ingen {led} og skal stikke med tarok"),
            format!("{card} ist kein Tarock: die Hand hat kein {led} und muss Tarock spielen"),
        ),
        SkusInTrick24 => (
            "skusen må aldrig spilles i næstsidste stik".into(),
            "der Sküs darf nie im vorletzten Stich gespielt werden".into(),
        ),
        SkusDemanded => (
            "skusen er forlangt og skal spilles i dette stik".into(),
            "der Sküs wurde gefordert und muss in diesem Stich kommen".into(),
        ),
        SkusNeedsName => (
            "skusen spilles ud med et navn: skriv X=S, X=H, X=R, X=K eller X=T".into(),
            "der Sküs wird mit einem Namen ausgespielt: X=S, X=H, X=R, X=K oder X=T schreiben"
                .into(),
        ),
        NoRenamingRight => (
            "ingen dåbsret her: den har en spiller efter et skus-udspil i en farve, som ingen af \
             de to andre har"
                .into(),
            "hier gibt es kein Umtaufrecht: das hat ein Spieler nach einem Sküs-Ausspiel in \
             einer Farbe, die keiner der beiden anderen hat"
                .into(),
        ),
        RenameToTrump => (
            "en omdøbning nævner en farve, ikke tarok, i dette regelsæt".into(),
            "Umtaufen nennt nach diesen Regeln eine Farbe, nicht Tarock".into(),
        ),
        RenameToSameName(n) => (
            format!(
                "skusen er allerede døbt {}: en omdøbning nævner en anden farve",
                n.danish()
            ),
            format!("der Sküs ist schon auf {n} getauft: Umtaufen nennt eine andere Farbe"),
        ),
        HolderCannotDemand => (
            "den, der har skusen, kan ikke forlange den".into(),
            "wer den Sküs hat, kann ihn nicht fordern".into(),
        ),
        TrumpHolderCannotRedeal => (
            "en hånd med nummererede tarokker kan ikke forlange omgivning: kun en hånd uden, \
             og skusen tæller ikke"
                .into(),
            "eine Hand mit nummerierten Tarocken kann nicht Neugeben verlangen: nur eine Hand \
             ohne, und der Sküs zählt nicht"
                .into(),
        ),
    };
    lang.da_or_de((da, de))
}

/// The engine's words for what the Danish deal expects now, in `lang`.
fn moment(expected: &str, lang: Lang) -> &str {
    let (da, de) = match expected {
        "each player keeps his hand or, holding no numbered trump, demands a redeal" => (
            "hver spiller beholder sin hånd eller forlanger omgivning, hvis han ingen tarokker har",
            "jeder Spieler behält seine Hand oder verlangt, ohne Tarock, neu zu geben",
        ),
        "the dealer lays the skat" => ("giveren lægger skat", "der Geber legt den Skat"),
        "each player may demand the skus or pass" => (
            "hver spiller kan forlange skusen eller passe",
            "jeder Spieler kann den Sküs fordern oder passen",
        ),
        "card play" => ("der spilles kort", "es werden Karten gespielt"),
        "the deal is over" => ("spillet er slut", "das Spiel ist vorbei"),
        "only the leader names the skus" => (
            "kun den, der spiller ud, døber skusen",
            "nur wer ausspielt, benennt den Sküs",
        ),
        other => (other, other),
    };
    lang.da_or_de((da, de))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarok_core::Card;
    use tarok_danish::{Action, Deal, Phase, Preset};

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn a_danish_refusal_in_danish_and_german_keeps_its_source() {
        let e = Dk::MustFollow {
            card: card("HK"),
            led: "spar".into(),
        };
        assert_eq!(
            danish(&e, Lang::Da),
            "HK bekender ikke: der er spillet spar ud, og hånden har spar \
             (Møller 000 L648-649; DTF 2011 §7)"
        );
        assert_eq!(
            danish(&e, Lang::De),
            "HK bedient nicht: spar wurde ausgespielt, und die Hand hat spar \
             (Møller 000 L648-649; DTF 2011 §7)"
        );
        assert_eq!(danish(&e, Lang::En), e.to_string());
        // A source that begins with English words keeps only its citation.
        assert!(danish(&Dk::SkatTooManyTrumps, Lang::Da)
            .ends_with("A8 i Hjørring 2016 (001 L1008, L1209)"));
        assert_eq!(
            danish(&Dk::NotInHand(card("S7")), Lang::Da),
            "S7 er ikke på hånden hos den, der er i tur (Møller 000 L398-399; DTF 2011 §4)"
        );
        let late = Dk::WrongMoment {
            action: "demand".into(),
            expected: "the deal is over",
            rule: "25 tricks: DTF 2011 §7",
        };
        assert_eq!(
            danish(&late, Lang::De),
            "demand ist jetzt nicht möglich: das Spiel ist vorbei (DTF 2011 §7)"
        );
    }

    /// Every moment at which the Danish deal refuses an action out of turn has Danish and
    /// German words: the English ones are not passed through.
    #[test]
    fn every_wrong_moment_is_translated() {
        let mut deal = Deal::from_seed(Preset::Dtf2011.ruleset(), 1);
        let mut rng = tarok_core::DealRng::seed(1);
        let mut seen = Vec::new();
        loop {
            // A demand is wrong outside the demand round, a keep outside the redeal question.
            let wrong = if matches!(deal.phase(), Phase::Demand { .. }) {
                Action::Keep
            } else {
                Action::Demand
            };
            let mut probe = deal;
            if let Err(e @ Dk::WrongMoment { expected, .. }) = probe.apply(wrong) {
                for lang in [Lang::Da, Lang::De] {
                    assert_ne!(moment(expected, lang), expected, "{lang:?}");
                    assert!(!danish(&e, lang).contains(expected), "{lang:?}");
                }
                seen.push(expected);
            }
            if deal.is_over() {
                break;
            }
            let a = deal.random_action(&mut rng);
            deal.apply(a).unwrap();
        }
        seen.dedup();
        assert!(seen.len() >= 3, "moments seen: {seen:?}");
        for expected in [
            "each player keeps his hand or, holding no numbered trump, demands a redeal",
            "only the leader names the skus",
        ] {
            assert_ne!(moment(expected, Lang::Da), expected);
        }
    }

    #[test]
    fn a_koenigrufen_refusal_in_german_keeps_its_source() {
        assert_eq!(
            koenigrufen(&Kr::MustPlayTarock),
            "wer die Farbe nicht hat, muss Tarock spielen: Tarockzwang (Spieleversum §12.1, L306)"
        );
        assert_eq!(
            koenigrufen(&Kr::MustBeat),
            "im Negativspiel muss überstochen werden, wenn möglich: Stichzwang \
             (Spieleversum §12.2, L310–L312)"
        );
        assert_eq!(
            koenigrufen(&Kr::WrongPhase("gut".into(), "card play")),
            "gut ist jetzt nicht möglich, in der Phase „Kartenspiel“ \
             (Spieleversum §1, L81; §7.4, L266–L268)"
        );
        // The Sküs and the Tarock X as the Königrufen screen writes them (X is the Tarock X).
        let skus = tarok_koenigrufen::cards::parse_screen("Sküs").unwrap();
        let ten = tarok_koenigrufen::cards::parse_screen("X").unwrap();
        assert!(koenigrufen(&Kr::NotInHand(skus)).starts_with("Sküs ist nicht in der Hand"));
        assert!(koenigrufen(&Kr::NotInHand(ten)).starts_with("X ist nicht in der Hand"));
        assert_eq!(
            koenigrufen(&Kr::DealOver),
            "das Spiel ist vorbei (Spieleversum §1, L81; §7.2, L160; §12.5, L592, L793)"
        );
        use tarok_koenigrufen::Phase as P;
        for p in [
            P::Bidding,
            P::KingCall,
            P::BesserruferBird,
            P::Talon,
            P::Discard,
            P::Announcements,
            P::Play,
            P::Over,
        ] {
            assert_ne!(phase_de(p.name()), p.name(), "{p:?}");
        }
    }
}
