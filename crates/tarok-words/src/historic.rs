//! The words of the games of 1829 in English, Danish and German: actions, honours, phases and
//! payment reasons. The game's own terms stay as the book of 1829 has them (Scat, Scus, Pagat,
//! Mongue, Matadors, Cavallerie, Mediateur, Partie); cards are written in the records' notation
//! (T21, X for the Scus, HK).

use crate::lang::Lang;
use tarok_core::Suit;
use tarok_historic::deal::{Contract, Phase};
use tarok_historic::evening::PartieStanding;
use tarok_historic::{Action, HonourKind, Reason};

/// A card another player lays in the Scat, which the screen does not show.
pub fn hidden_discard(lang: Lang) -> &'static str {
    lang.pick(
        "lays a card in the Scat",
        "lægger et kort i Scat",
        "legt eine Karte in den Scat",
    )
}

/// Another player's card given back by the Mediateur, which the screen does not show.
pub fn hidden_give_back(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "gives a card back",
        Lang::Da => "giver et kort tilbage",
        Lang::De => "gibt eine Karte zurück",
    }
}

/// Where the Partie stands, with the players' names: "Partie 2 of 6, 3 of 4 deals played: You
/// and Bent 12 over 36, Anna and Dorte 0" or "Partie to 100: You 34, Anna 51".
pub fn partie(standing: &PartieStanding, lang: Lang, names: &[String]) -> String {
    match *standing {
        PartieStanding::Partners {
            partie,
            deals,
            sides,
            over_36,
        } => {
            let and = lang.pick("and", "og", "und");
            let side = |k: usize| {
                let [a, b] = sides[k].map(usize::from);
                format!("{} {and} {} {}", names[a], names[b], over_36[k])
            };
            let (of, played, over) = match lang {
                Lang::En => ("of", "deals played", "over 36"),
                Lang::Da => ("af", "spil spillet", "over 36"),
                Lang::De => ("von", "Spielen gespielt", "über 36"),
            };
            format!(
                "Partie {partie} {of} 6, {deals} {of} 4 {played}: {} {over}, {}",
                side(0),
                side(1)
            )
        }
        PartieStanding::EnDeux { scores, target } => {
            let to = lang.pick("to", "til", "bis");
            format!(
                "Partie {to} {target}: {} {}, {} {}",
                names[0], scores[0], names[1], scores[1]
            )
        }
    }
}

/// An honour by its 1829 name; a Cavallerie's suit by its Danish name in Danish, else by its
/// sign (the notation's letters, S for spar, mean nothing to a German player).
pub fn honour(h: HonourKind, lang: Lang) -> String {
    let suit = |s: Suit| match lang {
        Lang::Da => s.danish().to_string(),
        _ => s.symbol().to_string(),
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

/// An honour declared, with what it is worth: "10 Taroker (10)" (the value beside the name
/// read as part of it: "10 Taroker 10").
pub fn declared(d: &tarok_historic::view::DeclaredView, lang: Lang) -> String {
    format!("{} ({})", honour(d.honour, lang), d.value)
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

/// The quadrille's game once bid, by its 1829 name; `None` before a bid (and in the other games).
pub fn contract(c: Contract, lang: Lang) -> Option<&'static str> {
    match c {
        Contract::None => None,
        Contract::Ask => Some(lang.pick(
            "Spørge (with a called King)",
            "Spørge (med en kaldt konge)",
            "Spørge (mit gerufenem König)",
        )),
        Contract::Mediateur => Some("Mediateur"),
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
/// event and keep the engine's source reference ([`Reason::rule`]), "(002 L198)".
pub fn reason(r: Reason, lang: Lang) -> String {
    if lang == Lang::En {
        return r.to_string();
    }
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
    format!("{what} ({})", r.rule())
}

/// Whether a level-1 reason of the games of 1829 opens with its move, "MOVE: why" in every
/// language ("lægger S5 i Scat: en kort kulør, …"), so that a hint that has named the move may
/// give the rest alone ([`crate::why_after_move`]).
pub(crate) fn why_opens_with_move(w: tarok_ai::historic::Why) -> bool {
    use tarok_ai::historic::Why::*;
    matches!(
        w,
        Scat(_)
            | Declare(_)
            | Pass(_)
            | Ask(_)
            | Mediateur(_)
            | Call(_)
            | Request(_)
            | GiveBack(_)
            | Lead(_)
            | LeadTarock(_)
            | Scus
    )
}

/// Level 1's reason for a hint in the games of 1829, in `lang`; English is the bot's own words.
pub fn why(w: tarok_ai::historic::Why, lang: Lang) -> String {
    use tarok_ai::historic::Why::*;
    if lang == Lang::En {
        return w.to_string();
    }
    let (da, de) = match w {
        OnlyChoice => (
            "det eneste lovlige træk".into(),
            "der einzige erlaubte Zug".into(),
        ),
        Scat(c) => (
            format!("lægger {c} i Scat: en kort kulør, og Scat tæller for mig"),
            format!("legt {c} in den Scat: eine kurze Farbe, und der Scat zählt für mich"),
        ),
        Declare(h) => (
            format!("melder {}: honnører betales straks", honour(h, lang)),
            format!("meldet {}: Honneurs werden sofort bezahlt", honour(h, lang)),
        ),
        NothingToDeclare => (
            "ingen honnør tilbage at melde".into(),
            "keine Honneurs mehr zu melden".into(),
        ),
        Pass(t) => (
            format!("passer: {t} taroker er for få"),
            format!("passt: {t} Tarocke sind zu wenig"),
        ),
        Ask(t) => (
            format!("spørger: {t} taroker, en makker hjælper"),
            format!("fragt: {t} Tarocke, ein Partner hilft"),
        ),
        Mediateur(t) => (
            format!("spiller Mediateur: {t} taroker bærer et spil alene"),
            format!("spielt Mediateur: {t} Tarocke tragen ein Spiel allein"),
        ),
        Call(c) => (
            format!("kalder {c}: den kulør, jeg har flest af"),
            format!("ruft {c}: die Farbe, von der ich am meisten habe"),
        ),
        Request(c) => (
            format!("beder om {c}: det stærkeste kort, jeg mangler"),
            format!("verlangt {c}: die stärkste Karte, die mir fehlt"),
        ),
        GiveBack(c) => (
            format!("giver {c} tilbage: mit billigste kort"),
            format!("gibt {c} zurück: meine billigste Karte"),
        ),
        Lead(c) => (
            format!("spiller {c} ud: et lavt kort i min længste kulør"),
            format!("spielt {c} aus: eine niedrige Karte meiner längsten Farbe"),
        ),
        LeadTarock(c) => (
            format!("spiller {c} ud: ingen kulørkort tilbage"),
            format!("spielt {c} aus: keine Farbkarte mehr"),
        ),
        Take(c) => (
            format!("tager stikket med {c}"),
            format!("macht den Stich mit {c}"),
        ),
        GiveToSide(c) => (
            format!("min side har stikket: giver det {c}"),
            format!("meine Seite hat den Stich: gibt ihm {c}"),
        ),
        Scus => (
            "spiller Scus: den kommer tilbage og sparer et tællekort".into(),
            "spielt den Scus: er kommt zurück und spart eine Zählkarte".into(),
        ),
        Duck(c) => (
            format!("kan ikke tage stikket: giver {c}, det billigste kort"),
            format!("kann den Stich nicht machen: gibt {c}, die billigste Karte"),
        ),
    };
    lang.da_or_de((da, de))
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
        let cavallerie = HonourKind::Cavallerie(Suit::Spar);
        let shown = Lang::ALL.map(|l| honour(cavallerie, l));
        assert_eq!(shown, ["Cavallerie ♠", "Cavallerie spar", "Cavallerie ♠"]);
        let d = label(Action::Discard(Card::T21), Lang::Da);
        assert_eq!(d, "lægger T21 i Scat");
        let r = reason(Reason::PagatLost, Lang::De);
        assert_eq!(r, "Pagat verloren (002 L198)");
        assert_eq!(
            reason(Reason::PagatLost, Lang::En),
            Reason::PagatLost.to_string()
        );
    }

    /// Every level-1 reason of 1829 has Danish and German words of its own, and names its card.
    /// The `match` has no wildcard arm: a new kind does not compile until listed here.
    #[test]
    fn every_reason_has_danish_and_german_words() {
        use tarok_ai::historic::Why;
        let c = Card::PAGAT;
        let all = [
            Why::OnlyChoice,
            Why::Scat(c),
            Why::Declare(HonourKind::Kings),
            Why::NothingToDeclare,
            Why::Pass(4),
            Why::Ask(8),
            Why::Mediateur(11),
            Why::Call(c),
            Why::Request(c),
            Why::GiveBack(c),
            Why::Lead(c),
            Why::LeadTarock(c),
            Why::Take(c),
            Why::GiveToSide(c),
            Why::Scus,
            Why::Duck(c),
        ];
        for w in all {
            let names_card = match w {
                Why::Scat(_)
                | Why::Call(_)
                | Why::Request(_)
                | Why::GiveBack(_)
                | Why::Lead(_)
                | Why::LeadTarock(_)
                | Why::Take(_)
                | Why::GiveToSide(_)
                | Why::Duck(_) => true,
                Why::OnlyChoice
                | Why::Declare(_)
                | Why::NothingToDeclare
                | Why::Pass(_)
                | Why::Ask(_)
                | Why::Mediateur(_)
                | Why::Scus => false,
            };
            let [en, da, de] = Lang::ALL.map(|l| why(w, l));
            assert!(en != da && da != de && de != en, "{en} | {da} | {de}");
            for t in [&en, &da, &de] {
                assert_eq!(t.contains(&c.to_string()), names_card, "{t}");
            }
        }
    }
}
