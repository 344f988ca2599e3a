//! The Königrufen screen's words: payment reasons, the phases, the talon, typed actions.

use crate::lang::Lang;
use tarok_core::CardSet;
use tarok_koenigrufen::cards::{screen, screen_set};
use tarok_koenigrufen::kontra::{factor, level_name};
use tarok_koenigrufen::trischaken::TrischakenCase;
use tarok_koenigrufen::{Action, Phase, Reason};

/// Why a payment is made, with its rule; the game's terms stay German.
pub(super) fn reason(r: &Reason, lang: Lang) -> String {
    let wl = |w: bool| match w {
        true => lang.pick("won", "vundet", "gewonnen"),
        false => lang.pick("lost", "tabt", "verloren"),
    };
    let lvl = |level: u8| {
        if level == 0 {
            String::new()
        } else {
            format!(", {} ×{}", level_name(level), factor(level))
        }
    };
    let how = |announced: bool| match announced {
        true => lang.pick("announced", "meldt", "angesagt"),
        false => lang.pick("silent", "stille", "heimlich"),
    };
    match *r {
        Reason::Game {
            contract,
            won,
            level,
        } => format!("{contract} {}{}, §15.1", wl(won), lvl(level)),
        Reason::Valat {
            announced,
            won,
            level,
        } => format!("Valat {} {}{}, §9.5", how(announced), wl(won), lvl(level)),
        Reason::Premium {
            premium,
            announced,
            won,
            level,
        } => format!(
            "{premium} {} {}{}, §9.2",
            how(announced),
            wl(won),
            lvl(level)
        ),
        Reason::Schleifen { contract } => {
            let why = lang.pick(
                "the called King lay in the talon",
                "den kaldte konge lå i talonen",
                "der gerufene König lag im Talon",
            );
            format!("{contract} geschleift: {why}, §7.2")
        }
        Reason::Trischaken(c) => format!("Trischaken: {}, §14", trischaken(c, lang)),
        Reason::Renonce => "Renonce, §16".into(),
    }
}

pub(super) fn trischaken(c: TrischakenCase, lang: Lang) -> String {
    let extra = |over35: bool, vorhand: bool| {
        let mut s = String::new();
        if over35 {
            s.push_str(lang.pick(", over 35/1 ×2", ", over 35/1 ×2", ", über 35/1 ×2"));
        }
        if vorhand {
            s.push_str(", Vorhand ×2");
        }
        s
    };
    let most = lang.pick(
        "the most points pays",
        "den med flest point betaler",
        "wer die meisten Punkte hat, zahlt",
    );
    match c {
        TrischakenCase::Most { over35, vorhand } => format!("{most}{}", extra(over35, vorhand)),
        TrischakenCase::Jungfrau { over35, vorhand } => {
            let to = lang.pick(" the Jungfrau", " til Jungfrauen", " an die Jungfrau");
            format!("{most}{to}{}", extra(over35, vorhand))
        }
        TrischakenCase::Tie => lang
            .pick(
                "a tie for the most points",
                "lige mange med flest point",
                "Gleichstand bei den meisten Punkten",
            )
            .into(),
        TrischakenCase::ThreeWayTie => lang
            .pick(
                "a three-way tie for the most points",
                "tre lige med flest point",
                "dreifacher Gleichstand bei den meisten Punkten",
            )
            .into(),
    }
}

/// What to type at the `:` prompt for an action: the screen's card notation, else the record's.
pub fn typed(a: Action) -> String {
    match a {
        Action::Play(c) => screen(c),
        Action::Discard(c) => format!("discard:{}", screen(c)),
        Action::CallKing(c) => format!("call:{}", screen(c)),
        Action::UltimoKing(c) => format!("ultimo:{}", screen(c)),
        other => other.to_string(),
    }
}

/// The two talon halves, numbered as the menu numbers them, the taken one marked:
/// "1) V ♥D ♦1   2) XX XIV ♣Kn (genommen)".
pub(super) fn talon_halves(
    talon: [CardSet; 2],
    taken: Option<u8>,
    between: &str,
    lang: Lang,
) -> String {
    let half = |h: usize| {
        let mark = if taken == Some(h as u8) {
            lang.pick(" (taken)", " (taget)", " (genommen)")
        } else {
            ""
        };
        format!("{}) {}{mark}", h + 1, screen_set(talon[h]))
    };
    format!("{}{between}{}", half(0), half(1))
}

/// The phase in the screen's words.
pub(super) fn phase_name(p: Phase, lang: Lang) -> &'static str {
    let (en, da, de) = match p {
        Phase::Bidding => ("bidding", "budrunde", "Lizitation"),
        Phase::KingCall => ("calling the King", "kald af kongen", "König rufen"),
        Phase::BesserruferBird => ("naming the bird", "fuglen nævnes", "Vogel nennen"),
        Phase::Talon => ("Talon", "Talon", "Talon"),
        Phase::Discard => ("discarding", "lægge væk", "Ablegen"),
        Phase::Announcements => (
            "announcements, Kontra",
            "meldinger, Kontra",
            "Ansagen, Kontra",
        ),
        Phase::Play => ("play", "spil", "Spiel"),
        Phase::Over => ("over", "slut", "Ende"),
    };
    lang.pick(en, da, de)
}
