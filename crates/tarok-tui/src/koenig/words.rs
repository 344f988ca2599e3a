//! The Königrufen screen's words: payment reasons, the phases, the talon, typed actions.

use tarok_core::CardSet;
use tarok_koenigrufen::cards::{screen, screen_set};
use tarok_koenigrufen::kontra::{factor, level_name};
use tarok_koenigrufen::trischaken::TrischakenCase;
use tarok_koenigrufen::{Action, Phase, Reason};

/// Why a payment is made, in German, with its rule.
pub(super) fn reason(r: &Reason) -> String {
    let wl = |w: bool| if w { "gewonnen" } else { "verloren" };
    let lvl = |level: u8| {
        if level == 0 {
            String::new()
        } else {
            format!(", {} ×{}", level_name(level), factor(level))
        }
    };
    let how = |announced: bool| if announced { "angesagt" } else { "heimlich" };
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
            format!("{contract} geschleift: der gerufene König lag im Talon, §7.2")
        }
        Reason::Trischaken(c) => format!("Trischaken: {}, §14", trischaken(c)),
        Reason::Renonce => "Renonce, §16".into(),
    }
}

pub(super) fn trischaken(c: TrischakenCase) -> String {
    let extra = |over35: bool, vorhand: bool| {
        let mut s = String::new();
        if over35 {
            s.push_str(", über 35/1 ×2");
        }
        if vorhand {
            s.push_str(", Vorhand ×2");
        }
        s
    };
    match c {
        TrischakenCase::Most { over35, vorhand } => {
            format!(
                "wer die meisten Punkte hat, zahlt{}",
                extra(over35, vorhand)
            )
        }
        TrischakenCase::Jungfrau { over35, vorhand } => format!(
            "wer die meisten Punkte hat, zahlt an die Jungfrau{}",
            extra(over35, vorhand)
        ),
        TrischakenCase::Tie => "Gleichstand bei den meisten Punkten".into(),
        TrischakenCase::ThreeWayTie => "dreifacher Gleichstand bei den meisten Punkten".into(),
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
pub(super) fn talon_halves(talon: [CardSet; 2], taken: Option<u8>, between: &str) -> String {
    let half = |h: usize| {
        let mark = if taken == Some(h as u8) {
            " (genommen)"
        } else {
            ""
        };
        format!("{}) {}{mark}", h + 1, screen_set(talon[h]))
    };
    format!("{}{between}{}", half(0), half(1))
}

/// The phase in German.
pub(super) fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Bidding => "Lizitation",
        Phase::KingCall => "König rufen",
        Phase::BesserruferBird => "Vogel nennen",
        Phase::Talon => "Talon",
        Phase::Discard => "Ablegen",
        Phase::Announcements => "Ansagen, Kontra",
        Phase::Play => "Spiel",
        Phase::Over => "Ende",
    }
}
