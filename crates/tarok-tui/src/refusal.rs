//! Typed text at the `:` prompt that is no action, in the screen's language. The rule of a
//! refused action is said by `tarok_words::refusal`; this is only the screen's answer to text it
//! cannot read, with examples of the notation, which is the same in every language.

use crate::lang::Lang;

/// Typed text that is no Danish action, in `lang`. The English message says which part could
/// not be read; the others list the actions' notation, which is the same in every language.
pub fn unreadable(text: &str, e: &impl std::fmt::Display, lang: Lang) -> String {
    let actions =
        "redeal, keep, skat:C1,C2,C3, HK, T21, X, X=S|H|R|K|T, rename:S|H|R|K, demand, pass";
    match lang {
        Lang::En => e.to_string(),
        Lang::Da => format!("kan ikke læse trækket {text:?}; træk skrives {actions}"),
        Lang::De => format!("Zug {text:?} nicht lesbar; Züge schreibt man {actions}"),
    }
}

/// Typed text that is no Königrufen action, in German, with examples in the screen's notation.
/// `kontra` is a Kontra as the menu writes it, with a player's name ("Kontra: Spiel von Anna"):
/// the screen names players, never seat numbers.
pub fn koenigrufen_unreadable(text: &str, kontra: &str) -> String {
    koenigrufen_unreadable_in(text, kontra, Lang::De)
}

/// [`koenigrufen_unreadable`] in `lang`; the examples are the same notation in every language.
pub fn koenigrufen_unreadable_in(text: &str, kontra: &str, lang: Lang) -> String {
    let ex = KOENIGRUFEN_EXAMPLES;
    match lang {
        Lang::En => {
            format!("cannot read {text:?}; e.g. {ex}, {kontra}, XXI, or choose in the menu")
        }
        Lang::Da => {
            format!("kan ikke læse {text:?}; f.eks. {ex}, {kontra}, XXI, eller vælg i menuen")
        }
        Lang::De => {
            format!("Zug {text:?} nicht lesbar; z. B. {ex}, {kontra}, XXI, oder im Menü wählen")
        }
    }
}

/// Examples of typed Königrufen actions, cards in the screen's notation (`♥K`, `XXI`): the common
/// kinds, few enough that the message fits the screen's two message lines at 80 columns (the
/// menu offers every legal action anyway).
pub const KOENIGRUFEN_EXAMPLES: &str = "pass, bid:dreier, call:♥K, discard:♥3, announce:pagat, gut";

/// A refused action as the screens show it: the rule in `lang` with its citation, as
/// `tarok_words` says it (`said`), and the section of the guide for players that explains it.
pub fn with_guide(said: &str, e: &impl tarok_core::Refusal, lang: Lang) -> String {
    tarok_core::refusal::with_guide(said, e, lang.pick("see", "se", "siehe"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarok_danish::Action;

    /// Typed text that is no action lists the notation in Danish; English keeps the parser's
    /// message.
    #[test]
    fn unreadable_text_in_danish_lists_the_notation() {
        let e = "zzz".parse::<Action>().unwrap_err();
        let da = unreadable("zzz", &e, Lang::Da);
        assert!(da.starts_with("kan ikke læse trækket \"zzz\""), "{da}");
        assert!(da.contains("rename:S|H|R|K"), "{da}");
        assert_eq!(unreadable("zzz", &e, Lang::En), e.to_string());
    }

    #[test]
    fn unreadable_koenigrufen_text_fits_two_lines() {
        let m = koenigrufen_unreadable("zzz", "Kontra: Spiel von Dorte");
        assert!(
            m.starts_with("Zug \"zzz\" nicht lesbar; z. B. pass,"),
            "{m}"
        );
        // After "Abgelehnt: ", wrapped at word ends, it fits the two message lines at 80
        // columns.
        let mut lines = vec![String::new()];
        for word in format!("Abgelehnt: {m}").split(' ') {
            let line = lines.last_mut().expect("a line");
            if line.chars().count() + 1 + word.chars().count() > 80 {
                lines.push(word.to_string());
            } else {
                line.push(' ');
                line.push_str(word);
            }
        }
        assert!(lines.len() <= 2, "{lines:?}");
    }
}
