//! The Königrufen screen in English and Danish: its own words in the language asked for, the
//! game's terms German, and no German word of the screen left over.

use super::tests::{names, temp};
use super::*;
use ratatui::crossterm::event::KeyCode;

/// German words of the screen itself (not game terms), which an English or Danish screen
/// must not show.
const GERMAN: &[&str] = &[
    "Deine Karten",
    "Du bist dran",
    "Abgelehnt",
    "Tipp:",
    "Karten ",
    "Stiche ",
    "Zahlungen",
    "Spielliste",
    "Abrechnung",
    "setzt aus",
    "Spiel von",
    "warte",
    "Ansage:",
    "gewonnen",
    "verloren",
    "Lizitation",
    "Hilfe",
    "Geber",
];

fn shown(g: &KGame, s: &KScreen) -> String {
    crate::testing::rows(80, 24, |f| draw(f, g, s)).join("\n")
}

/// A whole deal, and the next one's start, in English and in Danish: at every turn of the
/// human the prompt, the hand's title, the keys and a hint are in that language, and the
/// summary too; no German word of the screen appears anywhere.
#[test]
fn the_screen_speaks_english_and_danish() {
    for (lang, your_turn, hand, hint, summary, sheet) in [
        (
            Lang::En,
            "Your turn",
            " Your hand ",
            "Hint: ",
            "Settlement — deal #1",
            "Score sheet (points):",
        ),
        (
            Lang::Da,
            "Din tur",
            " Dine kort ",
            "Råd: ",
            "Afregning — spil #1",
            "Pointliste (point):",
        ),
    ] {
        let dir = temp(&format!("lang{lang:?}"));
        let mut g = KGame::with_lang(names(5), 5, &dir, lang).unwrap();
        let mut pages = Vec::new();
        let mut played = 0;
        for _ in 0..3 {
            while let Some((a, w)) = g.hint() {
                let mut s = KScreen::default();
                let text = shown(&g, &s);
                assert!(text.contains(your_turn) && text.contains(hand), "{text}");
                handle(&mut g, &mut s, KeyCode::Char('h'));
                let text = shown(&g, &s);
                assert!(text.contains(hint), "{text}");
                if lang == Lang::En {
                    // English keeps the bot's own words, after the move where they open
                    // with it.
                    let squeezed = |t: &str| t.split_whitespace().collect::<String>();
                    let why = tarok_words::why_after_move(&w, lang);
                    assert!(w.to_string().ends_with(&why), "{why}");
                    assert!(squeezed(&text).contains(&squeezed(&why)), "{text}");
                }
                pages.push(text);
                g.act(a).unwrap();
                played += 1;
            }
            pages.push(shown(&g, &KScreen::default()));
            if g.deal_no == 1 {
                assert!(
                    pages.last().unwrap().contains(summary),
                    "{}",
                    pages.last().unwrap()
                );
                assert!(pages.last().unwrap().contains(sheet));
            }
            let mut s = KScreen::default();
            handle(&mut g, &mut s, KeyCode::Char('?'));
            pages.push(shown(&g, &s));
            g.next_deal();
        }
        assert!(played > 10, "{played}");
        for page in &pages {
            for german in GERMAN {
                assert!(!page.contains(german), "{lang:?}: {german:?} on\n{page}");
            }
        }
        let standings = crate::standings::koenigrufen(&g);
        assert!(!standings.contains("Spielliste"), "{standings}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A refused card is answered in the screen's language: the engine's English, or Danish with
/// the rule's source; the deal does not move.
#[test]
fn a_refusal_in_english_and_danish() {
    for (lang, word) in [(Lang::En, "must"), (Lang::Da, "skal")] {
        let dir = temp(&format!("refuse{lang:?}"));
        let mut g = KGame::with_lang(names(4), 5, &dir, lang).unwrap();
        let mut refused = false;
        while let Some((a, _)) = g.hint() {
            let legal = g.deal().legal_actions();
            let hand = g.view().hand;
            let bad = hand.iter().find(|&c| !legal.contains(&Action::Play(c)));
            if let (Some(bad), true) = (bad, legal.iter().all(|a| matches!(a, Action::Play(_)))) {
                let e = g.act(Action::Play(bad)).unwrap_err();
                assert!(e.contains(word) && e.contains("Spieleversum"), "{e}");
                refused = true;
                break;
            }
            g.act(a).unwrap();
        }
        assert!(refused);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
