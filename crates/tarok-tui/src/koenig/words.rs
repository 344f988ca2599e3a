//! The Königrufen screen's own words: the talon halves as the menu numbers them, typed actions.
//! The game's words (actions, phases, payment reasons) are `tarok_words::koenigrufen`.

use crate::lang::Lang;
use tarok_core::CardSet;
use tarok_koenigrufen::cards::{screen, screen_set};
use tarok_koenigrufen::Action;

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
