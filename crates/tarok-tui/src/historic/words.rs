//! The 1829 screen's words in English, Danish and German. The game's own terms stay as the
//! book of 1829 has them (Scat, Scus, Pagat, Mongue, Matadors, Cavallerie, Mediateur, Partie);
//! cards are written in the records' notation (T21, X for the Scus, HK).

use crate::lang::Lang;
use crate::table::Refused;
use tarok_core::Suit;
use tarok_games::AnyError;
use tarok_historic::deal::Phase;
use tarok_historic::{Action, HonourKind, Reason, RuleError};

/// The interface texts of one language.
pub struct Words {
    pub deal: &'static str,
    pub trick: &'static str,
    pub led_by: &'static str,
    pub last_trick: &'static str,
    pub no_trick_yet: &'static str,
    pub hand: &'static str,
    pub scat: &'static str,
    pub honours: &'static str,
    pub dealer: &'static str,
    pub cards: &'static str,
    pub tricks: &'static str,
    pub your_turn: &'static str,
    pub waiting: &'static str,
    pub menu_prompt: &'static str,
    pub card_prompt: &'static str,
    pub scat_prompt: &'static str,
    pub give_back_prompt: &'static str,
    pub keys: &'static str,
    pub summary_keys: &'static str,
    pub settlement: &'static str,
    pub no_payments: &'static str,
    pub void: &'static str,
    pub balances: &'static str,
    pub saved: &'static str,
    pub not_saved: &'static str,
    pub quit_confirm: &'static str,
    pub refused: &'static str,
    pub not_your_turn: &'static str,
    pub partner: &'static str,
    pub help: &'static [&'static str],
}

const EN: Words = Words {
    deal: "deal",
    trick: "Trick",
    led_by: "led by",
    last_trick: "Last trick",
    no_trick_yet: "no trick played yet",
    hand: " Your hand ",
    scat: "Your Scat",
    honours: "Honours",
    dealer: "dealer",
    cards: "cards",
    tricks: "tricks",
    your_turn: "Your turn",
    waiting: "waiting …",
    menu_prompt: "↑↓ choose, Enter or the digit takes it",
    card_prompt: "choose a card with ← →, Enter plays it",
    scat_prompt: "choose a card for the Scat, Enter lays it",
    give_back_prompt: "choose the card to give back, Enter",
    keys: "←→ card  ↑↓ menu  Enter  : type  l last trick  ? help  q quit",
    summary_keys: "Enter: next deal   q: quit   ↑↓ scroll   ? help",
    settlement: "Settlement",
    no_payments: "no payments",
    void: "The deal does not count: it is dealt again.",
    balances: "Balances after",
    saved: "Record saved in",
    not_saved: "Not saved",
    quit_confirm: "Quit the evening? y / n",
    refused: "Refused",
    not_your_turn: "not your turn",
    partner: "partner",
    help: &[
        "Help — the games of 1829",
        "",
        "Keys:",
        "  ← →    choose a card              Enter  play the card, take the entry",
        "  ↑ ↓    choose a menu entry        1–9    take entry 1–9",
        "  :      type an action (Esc: back) l      hide or show the last trick",
        "  q      quit                       ?      this help",
        "",
        "The menu offers honours to declare, done, and the quadrille's bids, calls",
        "and requests; cards come from the hand (also for the Scat).",
        "",
        "Cards: T21 is the Mongue, T1 the Pagat, X the Scus; HK, SD, KC, R10 …",
        "Typed actions as in records: play T21, discard S5, declare matadors, done.",
        "",
        "Any key closes the help.",
    ],
};

const DA: Words = Words {
    deal: "spil",
    trick: "Stik",
    led_by: "spillet ud af",
    last_trick: "Sidste stik",
    no_trick_yet: "intet stik spillet endnu",
    hand: " Dine kort ",
    scat: "Din Scat",
    honours: "Honneurer",
    dealer: "giver",
    cards: "kort",
    tricks: "stik",
    your_turn: "Din tur",
    waiting: "venter …",
    menu_prompt: "↑↓ vælg, Enter eller tallet tager det",
    card_prompt: "vælg et kort med ← →, Enter spiller det",
    scat_prompt: "vælg et kort til Scat, Enter lægger det",
    give_back_prompt: "vælg kortet der gives tilbage, Enter",
    keys: "←→ kort  ↑↓ menu  Enter  : skriv  l sidste stik  ? hjælp  q slut",
    summary_keys: "Enter: næste spil   q: slut   ↑↓ rul   ? hjælp",
    settlement: "Afregning",
    no_payments: "ingen betalinger",
    void: "Spillet tæller ikke: der gives igen.",
    balances: "Stillingen efter",
    saved: "Spillet gemt i",
    not_saved: "Ikke gemt",
    quit_confirm: "Slut for i aften? y / n",
    refused: "Afvist",
    not_your_turn: "det er ikke din tur",
    partner: "makker",
    help: &[
        "Hjælp — spillene fra 1829",
        "",
        "Taster:",
        "  ← →    vælg et kort               Enter  spil kortet, tag punktet",
        "  ↑ ↓    vælg et punkt i menuen     1–9    tag punkt 1–9",
        "  :      skriv et træk (Esc: tilbage) l    skjul eller vis sidste stik",
        "  q      slut                       ?      denne hjælp",
        "",
        "Menuen byder honneurer at melde, færdig, og quadrillens bud, kald og",
        "ønsker; kort tages fra hånden (også til Scat).",
        "",
        "Kort: T21 er Mongue, T1 Pagat, X Scus; HK, SD, KC, R10 …",
        "Skrevne træk som i optegnelser: play T21, discard S5, declare matadors, done.",
        "",
        "En vilkårlig tast lukker hjælpen.",
    ],
};

const DE: Words = Words {
    deal: "Spiel",
    trick: "Stich",
    led_by: "ausgespielt von",
    last_trick: "Letzter Stich",
    no_trick_yet: "noch kein Stich gespielt",
    hand: " Deine Karten ",
    scat: "Dein Scat",
    honours: "Honneurs",
    dealer: "Geber",
    cards: "Karten",
    tricks: "Stiche",
    your_turn: "Du bist dran",
    waiting: "warte …",
    menu_prompt: "↑↓ wählen, Enter oder die Ziffer nimmt es",
    card_prompt: "Karte mit ← → wählen, Enter spielt",
    scat_prompt: "Karte für den Scat wählen, Enter legt sie",
    give_back_prompt: "Karte zum Zurückgeben wählen, Enter",
    keys: "←→ Karte  ↑↓ Menü  Enter  : tippen  l letzter Stich  ? Hilfe  q Ende",
    summary_keys: "Enter: nächstes Spiel   q: beenden   ↑↓ blättern   ? Hilfe",
    settlement: "Abrechnung",
    no_payments: "keine Zahlungen",
    void: "Das Spiel zählt nicht: es wird neu gegeben.",
    balances: "Stand nach",
    saved: "Spiel gespeichert in",
    not_saved: "Nicht gespeichert",
    quit_confirm: "Abend beenden? y / n",
    refused: "Abgelehnt",
    not_your_turn: "du bist nicht dran",
    partner: "Partner",
    help: &[
        "Hilfe — die Spiele von 1829",
        "",
        "Tasten:",
        "  ← →    Karte wählen               Enter  Karte spielen, Menüpunkt nehmen",
        "  ↑ ↓    Menüpunkt wählen           1–9    Punkt 1–9 nehmen",
        "  :      Zug tippen (Esc: zurück)   l      letzten Stich aus-/einblenden",
        "  q      Abend beenden              ?      diese Hilfe",
        "",
        "Im Menü: Honneurs melden, fertig, und in der Quadrille Gebote, Ruf und",
        "Wünsche; Karten aus der Hand (auch für den Scat).",
        "",
        "Karten: T21 ist der Mongue, T1 der Pagat, X der Scus; HK, SD, KC, R10 …",
        "Getippte Züge wie in Aufzeichnungen: play T21, discard S5, declare matadors, done.",
        "",
        "Eine beliebige Taste schließt die Hilfe.",
    ],
};

pub fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::En => &EN,
        Lang::Da => &DA,
        Lang::De => &DE,
    }
}

/// "deal"/"deals" after a number.
pub fn deals(lang: Lang, n: u32) -> &'static str {
    match (lang, n == 1) {
        (Lang::En, true) => "deal",
        (Lang::En, false) => "deals",
        (Lang::Da, _) => "spil",
        (Lang::De, true) => "Spiel",
        (Lang::De, false) => "Spielen",
    }
}

/// A refused action: English in the engine's words, Danish and German with the engine's
/// source, "(1829 §2.5, 002 L169-170)".
pub fn refused(e: &Refused, lang: Lang) -> String {
    let rule = match e {
        Refused::Rule(AnyError::Historic(r)) => r,
        Refused::NotYourTurn => return words(lang).not_your_turn.to_string(),
        other => return other.to_string(),
    };
    let engine = rule.to_string();
    if lang == Lang::En {
        return engine;
    }
    let source = engine.rfind(" (").map_or("", |i| &engine[i..]);
    let pick = |da: String, de: String| lang.da_or_de((da, de));
    use RuleError::*;
    let body = match rule {
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
            format!("hånden har ingen {} at melde", honour(*h, lang)),
            format!("die Hand hat keine {} zu melden", honour(*h, lang)),
        ),
        AlreadyDeclared(h) => pick(
            format!("{} er allerede meldt", honour(*h, lang)),
            format!("{} ist schon gemeldet", honour(*h, lang)),
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
    format!("{body}{source}")
}

/// Typed text that is no action: the engine's English, or in Danish and German the
/// notation, which is the same in every language.
pub fn unreadable(text: &str, e: &str, lang: Lang) -> String {
    let ex = "play T21, discard S5, declare matadors, done, pass, ask, call HK";
    match lang {
        Lang::En => e.to_string(),
        Lang::Da => format!("kan ikke læse {text:?}; skriv f.eks. {ex}"),
        Lang::De => format!("{text:?} nicht lesbar; z. B. {ex}"),
    }
}

/// Another player's card given back by the Mediateur, which the screen does not show.
pub fn hidden_give_back(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "gives a card back",
        Lang::Da => "giver et kort tilbage",
        Lang::De => "gibt eine Karte zurück",
    }
}

/// An honour by its 1829 name.
pub fn honour(h: HonourKind, lang: Lang) -> String {
    let suit = |s: Suit| match lang {
        Lang::Da => s.danish().to_string(),
        _ => s.letter().to_string(),
    };
    match h {
        HonourKind::Matadors => "Matadors".into(),
        HonourKind::Tarocks => match lang {
            Lang::En => "10 Tarocks".into(),
            _ => "10 Taroker".into(),
        },
        HonourKind::Kings => match lang {
            Lang::En => "Kings".into(),
            Lang::Da => "Konger".into(),
            Lang::De => "Könige".into(),
        },
        HonourKind::Cavallerie(s) => format!("Cavallerie {}", suit(s)),
        HonourKind::Honneurs => "3 Honneurs".into(),
        HonourKind::MatadorsFromAbove => "Matadors XXI ↓".into(),
        HonourKind::MatadorsFromBelow => "Matadors I ↑".into(),
        HonourKind::SevenKings => match lang {
            Lang::En => "of the 7 Kings".into(),
            Lang::Da => "af de 7 Konger".into(),
            Lang::De => "der 7 Könige".into(),
        },
    }
}

/// A decision in the screen's words.
pub fn label(a: Action, lang: Lang) -> String {
    let (en, da, de) = match a {
        Action::Discard(c) => (
            format!("lay {c} in the Scat"),
            format!("lægger {c} i Scat"),
            format!("legt {c} in den Scat"),
        ),
        Action::Declare(h) => {
            let h = honour(h, lang);
            (
                format!("declare {h}"),
                format!("melder {h}"),
                format!("meldet {h}"),
            )
        }
        Action::Done => ("done".into(), "færdig".into(), "fertig".into()),
        Action::Pass => ("pass".into(), "passer".into(), "passe".into()),
        Action::Ask => (
            "ask (call a King)".into(),
            "spørger (kalder en Konge)".into(),
            "frage (rufe einen König)".into(),
        ),
        Action::Mediateur => ("Mediateur".into(), "Mediateur".into(), "Mediateur".into()),
        Action::Call(c) => (
            format!("call {c}"),
            format!("kalder {c}"),
            format!("ruft {c}"),
        ),
        Action::Request(c) => (
            format!("ask for {c}"),
            format!("beder om {c}"),
            format!("verlangt {c}"),
        ),
        Action::GiveBack(c) => (
            format!("give back {c}"),
            format!("giver {c} tilbage"),
            format!("gibt {c} zurück"),
        ),
        Action::Play(c) => (c.to_string(), c.to_string(), c.to_string()),
    };
    match lang {
        Lang::En => en,
        Lang::Da => da,
        Lang::De => de,
    }
}

/// The phase, as the prompt names it.
pub fn phase(p: Phase, lang: Lang) -> &'static str {
    let (en, da, de) = match p {
        Phase::Discard => ("Scat", "Scat", "Scat"),
        Phase::Declare => ("honours", "honneurer", "Honneurs"),
        Phase::Bid => ("bidding", "bud", "Gebote"),
        Phase::Call => ("calling a King", "kald", "König rufen"),
        Phase::Request => ("Mediateur's requests", "Mediateurens ønsker", "Wünsche"),
        Phase::GiveBack => ("giving back", "give tilbage", "Zurückgeben"),
        Phase::Play => ("play", "spil", "Spiel"),
        Phase::Over | Phase::Void => ("over", "slut", "Ende"),
    };
    match lang {
        Lang::En => en,
        Lang::Da => da,
        Lang::De => de,
    }
}

/// Why a payment is made. English keeps the engine's words; Danish and German name the
/// event and keep the engine's source reference, "(002 L198)".
pub fn reason(r: Reason, lang: Lang) -> String {
    let engine = r.to_string();
    if lang == Lang::En {
        return engine;
    }
    let source = engine.rfind(" (").map_or("", |i| &engine[i..]);
    let pick = |da: &str, de: &str| lang.da_or_de((da.to_string(), de.to_string()));
    let what = match r {
        Reason::Honour { kind, value } => {
            let h = honour(kind, lang);
            pick(
                &format!("honneur: {h}, {value}"),
                &format!("Honneur: {h}, {value}"),
            )
        }
        Reason::TarocksAtEnd => pick(
            "10 Taroker, betalt til sidst",
            "10 Taroker, am Ende bezahlt",
        ),
        Reason::PagatLost => pick("Pagat tabt", "Pagat verloren"),
        Reason::PagatLostLast => pick(
            "Pagat tabt i sidste stik",
            "Pagat im letzten Stich verloren",
        ),
        Reason::PagatUltimo => pick("Pagat ultimo", "Pagat ultimo"),
        Reason::PagatAndMongue => pick(
            "de sidste to stik med Pagat og Mongue",
            "die letzten zwei Stiche mit Pagat und Mongue",
        ),
        Reason::KingLost => pick("Konge fanget", "König gefangen"),
        Reason::KingLostLast => pick(
            "Konge fanget i sidste stik",
            "König im letzten Stich gefangen",
        ),
        Reason::NoTrick => pick("intet stik", "kein Stich"),
        Reason::Count => pick(
            "tællingen over/under halvdelen",
            "Zählung über/unter der Hälfte",
        ),
        Reason::Volata => pick("Volata: ingen point", "Volata: kein Punkt"),
        Reason::MatadorsContinued { extra } => pick(
            &format!("makkerens Matadors fortsat, +{extra}"),
            &format!("Matadors des Partners fortgesetzt, +{extra}"),
        ),
        Reason::MediateurCard { card } => pick(
            &format!("Mediateuren betaler for {card}"),
            &format!("der Mediateur zahlt für {card}"),
        ),
        Reason::MediateurMatadors => pick("Mediateurens Matadors", "Matadors des Mediateurs"),
        Reason::Partie { multiplier } => pick(
            &format!("Partie ×{multiplier}"),
            &format!("Partie ×{multiplier}"),
        ),
        Reason::PartieEnDeux { double } => {
            let d = if double { " ×2" } else { "" };
            format!("Partie en deux{d}")
        }
        Reason::Penalty => pick("straf", "Strafe"),
        Reason::Refund => pick("tilbagebetaling", "Rückzahlung"),
    };
    format!("{what}{source}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarok_core::Card;

    /// Labels and payment reasons differ by language, and the game's terms stay.
    #[test]
    fn words_in_three_languages_keep_the_game_terms() {
        let a = Action::Declare(HonourKind::Matadors);
        let shown: Vec<String> = [Lang::En, Lang::Da, Lang::De].map(|l| label(a, l)).to_vec();
        assert_eq!(
            shown,
            ["declare Matadors", "melder Matadors", "meldet Matadors"]
        );
        let d = label(Action::Discard(Card::T21), Lang::Da);
        assert_eq!(d, "lægger T21 i Scat");
        let r = reason(Reason::PagatLost, Lang::De);
        assert_eq!(r, "Pagat verloren (002 L198)");
        assert_eq!(
            reason(Reason::PagatLost, Lang::En),
            Reason::PagatLost.to_string()
        );
    }
}
