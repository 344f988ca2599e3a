//! What the Danish screen shows after keys: the cursor, the summary, the naming.

use super::tests::*;
use super::*;
use crate::testing::{temp_dir, three_at_table};
use crate::ui::{draw, playable};
use tarok_ai::{danish::DanishL1, Bot};
use tarok_danish::Preset;

/// The card the cursor is drawn on in the hand, if any.
pub(super) fn cursor_shown(game: &Game, screen: &Screen) -> String {
    let text = rows(game, screen, Lang::En, 80, 24);
    let reversed = crate::testing::rows_with(80, 24, ratatui::style::Modifier::REVERSED, |f| {
        draw(f, game, screen, &Lang::En.texts())
    });
    let hand = text.iter().position(|r| r.contains(" Your hand ")).unwrap();
    let end = text
        .iter()
        .position(|r| r.starts_with("Your turn"))
        .unwrap();
    reversed[hand + 1..end].concat().trim().to_string()
}

/// The cursor stands only on cards that may be chosen: it starts on one, ← and → pass over
/// the others, and no card is marked while the skus demand is answered (it stood on the
/// first card there, which could not be played, and ← → went onto cards that may not follow).
#[test]
fn the_cursor_stands_only_on_cards_that_may_be_chosen() {
    let dir = temp_dir("cursor");
    let (mut passed_over, mut demands) = (0, 0);
    for seed in 0..10 {
        let mut game = three_at_table(Preset::Dtf2011, seed, &dir);
        let mut screen = Screen::default();
        reset_cursor(&game, &mut screen);
        while !game.deal().is_over() {
            let me = game.human_seat().unwrap();
            let hand = sorted(game.deal().hand(me));
            let may = choosable(&game);
            if may.is_empty() {
                assert_eq!(cursor_shown(&game, &screen), "", "seed {seed}");
                demands += matches!(game.deal().phase(), Phase::Demand { .. }) as u32;
            } else {
                assert!(may.contains(hand[screen.cursor]), "seed {seed}");
                for key in [
                    KeyCode::Right,
                    KeyCode::Right,
                    KeyCode::Left,
                    KeyCode::Right,
                ] {
                    let before = screen.cursor;
                    handle(&mut game, &mut screen, key, Lang::En);
                    let c = hand[screen.cursor];
                    assert!(may.contains(c), "seed {seed}: {key:?} onto {c}");
                    assert_eq!(cursor_shown(&game, &screen), c.to_string());
                    passed_over += (screen.cursor.abs_diff(before) > 1) as u32;
                }
            }
            let (a, _) = game.hint().unwrap();
            act(&mut game, &mut screen, a, Lang::En);
        }
    }
    assert!(passed_over > 10 && demands > 3, "{passed_over} {demands}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// When the human may lead the skus it is drawn as playable, and ← reaches it. The cursor
/// starts on another card though: it started on the skus, which sorts first, so Enter at
/// once led it away (this test allowed that start before).
#[test]
fn the_skus_is_playable_when_it_may_be_led() {
    let dir = temp_dir("skus-lead");
    let mut found = false;
    for seed in 0..40 {
        let mut game = three_at_table(Preset::Dtf2011, seed, &dir);
        let mut screen = Screen::default();
        reset_cursor(&game, &mut screen);
        while !game.deal().is_over() {
            let me = game.human_seat().unwrap();
            let leads_skus = game
                .deal()
                .legal_actions()
                .iter()
                .any(|a| matches!(a, Action::LeadSkus(_)));
            if game.human_to_act() && leads_skus {
                assert!(playable(&game).contains(Card::SKUS));
                assert!(!game.deal().legal_cards().contains(Card::SKUS));
                let hand = sorted(game.deal().hand(me));
                assert_ne!(hand[screen.cursor], Card::SKUS, "seed {seed}");
                assert!(playable(&game).contains(hand[screen.cursor]));
                for _ in 0..hand.len() {
                    handle(&mut game, &mut screen, KeyCode::Left, Lang::En);
                }
                assert_eq!(hand[screen.cursor], Card::SKUS, "seed {seed}");
                found = true;
                break;
            }
            let d = DanishL1.decide(&game.deal().view(me), &game.deal().legal_actions());
            act(&mut game, &mut screen, d.action, Lang::En);
        }
        if found {
            break;
        }
    }
    assert!(found, "no deal let the human lead the skus");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Where the skus may follow beside other cards, the cursor starts on another one, so Enter
/// at once does not throw the skus into the trick; where the skus is all that may be played
/// (demanded for trick 23), it starts on the skus.
#[test]
fn the_cursor_starts_beside_the_skus() {
    let dir = temp_dir("skus-follow");
    let (mut beside, mut alone) = (0, 0);
    for seed in 0..40 {
        let mut game = three_at_table(Preset::Dtf2011, seed, &dir);
        let mut screen = Screen::default();
        reset_cursor(&game, &mut screen);
        while let Some((a, _)) = game.hint() {
            let may = choosable(&game);
            if may.contains(Card::SKUS) && game.deal().phase() == Phase::Play {
                let hand = sorted(game.deal().hand(game.human_seat().unwrap()));
                let on = hand[screen.cursor];
                if may.len() == 1 {
                    assert_eq!(on, Card::SKUS, "seed {seed}");
                    alone += 1;
                } else {
                    assert!(on != Card::SKUS && may.contains(on), "seed {seed}: {on}");
                    beside += 1;
                }
            }
            act(&mut game, &mut screen, a, Lang::En);
        }
    }
    assert!(beside > 20 && alone > 0, "{beside} beside, {alone} alone");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The summary's payments are in the screen's language: no English glosses on the Danish
/// and German screens, each line with its names, amount and source; English keeps the
/// engine's words.
#[test]
fn the_summary_pays_in_the_screens_language() {
    for lang in [Lang::Da, Lang::De, Lang::En] {
        let dir = temp_dir("summary-lang");
        let mut game = three_at_table(Preset::Dtf2011, 5, &dir);
        let mut screen = Screen::default();
        play_deal(&mut game, &mut screen);
        let text = rows(&game, &screen, lang, 200, 60).join("\n");
        let lines = game.deal().settlement();
        assert!(lines.len() > 3, "{text}");
        for l in &lines {
            let from = game.name_of(l.from);
            let to = game.name_of(l.to);
            let shown = tarok_words::payment::danish_line(l, &from, &to, lang);
            assert!(text.contains(&shown), "{lang:?}: {shown}\n{text}");
            assert!(
                shown.contains(l.reason.rule()) && shown.contains(&format!(": {} p", l.amount))
            );
        }
        let glosses = ["(dealer's ante)", "(takes the cup)", "(re-funding)"];
        let english = glosses.iter().any(|g| text.contains(g));
        assert_eq!(english, lang == Lang::En, "{lang:?}\n{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// One trick is "1 trick" ("1 Stich"), not "1 tricks": on the table after the first trick,
/// and on the summary (a single trick won is rare with level 1, so its words are tested).
#[test]
fn one_trick_is_singular() {
    let dir = temp_dir("singular");
    let mut game = three_at_table(Preset::Dtf2011, 5, &dir);
    let mut screen = Screen::default();
    while game.deal().tricks_won().iter().sum::<u8>() == 0 {
        play_deal_step(&mut game, &mut screen);
    }
    for lang in [Lang::En, Lang::De] {
        let t = lang.texts();
        let text = rows(&game, &screen, lang, 80, 24).join("\n");
        assert!(text.contains(&format!(" 1 {}  ", t.trick_one)), "{text}");
        assert!(!text.contains(&format!(" 1 {}", t.tricks)), "{text}");
    }
    // The summary's words for a player, as the summary writes them.
    for lang in [Lang::En, Lang::Da, Lang::De] {
        let t = lang.texts();
        let one = crate::ui::tricks_and_count(&t, "Anna", 1, 2);
        assert_eq!(one, format!("Anna 1 {}, {} 2", t.trick_one, t.count));
        let two = crate::ui::tricks_and_count(&t, "Anna", 2, 3);
        assert_eq!(two, format!("Anna 2 {}, {} 3", t.tricks, t.count));
    }
    assert_eq!(
        crate::ui::tricks_and_count(&Lang::De.texts(), "Du", 1, 1),
        "Du 1 Stich, Zählung 1"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// ↓ on the summary stops when its last line reaches the bottom (it scrolled on into an
/// empty screen), and ↑ then moves back at once.
#[test]
fn the_summary_scrolls_no_further_than_its_end() {
    let dir = temp_dir("scroll");
    let mut game = three_at_table(Preset::Dtf2011, 5, &dir);
    let mut screen = Screen::default();
    play_deal(&mut game, &mut screen);
    let last = game.deal().settlement().last().unwrap().reason.rule();
    let before = rows(&game, &screen, Lang::En, 80, 24);
    assert!(
        !before.join("\n").contains(last),
        "the summary needs scrolling"
    );
    for _ in 0..100 {
        handle(&mut game, &mut screen, KeyCode::Down, Lang::En);
        rows(&game, &screen, Lang::En, 80, 24);
    }
    let end = rows(&game, &screen, Lang::En, 80, 24);
    // The last payment's source ends the text, on the row above the key bar.
    assert!(end[22].trim_end().ends_with(']'), "{}", end.join("\n"));
    assert!(end.join("\n").contains(last), "{}", end.join("\n"));
    let furthest = screen.scroll;
    assert!(furthest > 0 && furthest < 100, "{furthest}");
    handle(&mut game, &mut screen, KeyCode::Up, Lang::En);
    assert_eq!(screen.scroll, furthest - 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// While naming a led skus, a key that names nothing keeps the question and says which
/// keys do (it used to drop the naming silently); Esc goes back, as the help says.
#[test]
fn a_wrong_key_while_naming_the_skus_keeps_the_question() {
    let dir = temp_dir("naming");
    for seed in 0..40 {
        let mut game = three_at_table(Preset::Dtf2011, seed, &dir);
        let mut screen = Screen::default();
        let leads_skus = |g: &Game| {
            g.human_to_act()
                && g.deal()
                    .legal_actions()
                    .iter()
                    .any(|a| matches!(a, Action::LeadSkus(_)))
        };
        while !game.deal().is_over() && !leads_skus(&game) {
            play_deal_step(&mut game, &mut screen);
        }
        if game.deal().is_over() {
            continue;
        }
        let lang = Lang::Da;
        let t = lang.texts();
        let before = *game.deal();
        screen.cursor = 0; // The skus sorts first.
        handle(&mut game, &mut screen, KeyCode::Enter, lang);
        assert_eq!(screen.naming, Some(false));
        let text = rows(&game, &screen, lang, 80, 24).join("\n");
        assert!(text.contains(t.name_prompt), "{text}");
        for wrong in [KeyCode::Char('x'), KeyCode::Enter, KeyCode::Left] {
            handle(&mut game, &mut screen, wrong, lang);
            assert_eq!(screen.naming, Some(false), "{wrong:?}");
            assert_eq!(screen.message, Some((t.name_keys.to_string(), false)));
            assert_eq!(*game.deal(), before);
        }
        let text = rows(&game, &screen, lang, 80, 24).join("\n");
        assert!(text.contains(t.name_keys), "{text}");
        handle(&mut game, &mut screen, KeyCode::Esc, lang);
        assert_eq!((screen.naming, &screen.message), (None, &None));
        assert_eq!(*game.deal(), before);
        // Named after all: the lead is made.
        handle(&mut game, &mut screen, KeyCode::Enter, lang);
        handle(&mut game, &mut screen, KeyCode::Char('s'), lang);
        assert_eq!(screen.naming, None);
        assert_ne!(*game.deal(), before);
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    panic!("no deal let the human lead the skus");
}

/// At 80×24 no row below the hand is left blank: the prompt stands right above the keys
/// (a blank message row was kept there), a message between them when there is one. The
/// table has the row, and its log fills its free rows, newest last (it showed 3 lines).
#[test]
fn no_blank_message_row_and_the_log_fills_the_table() {
    let dir = temp_dir("rows");
    let mut game = three_at_table(Preset::Dtf2011, 5, &dir);
    let t = Lang::En.texts();
    let mut most = 0;
    while !game.deal().is_over() {
        for hint in [false, true] {
            let mut screen = Screen::default();
            if hint {
                handle(&mut game, &mut screen, KeyCode::Char('h'), Lang::En);
            }
            let rows = rows(&game, &screen, Lang::En, 80, 24);
            let text = rows.join("\n");
            let hand = rows.iter().position(|r| r.contains(" Your hand ")).unwrap();
            let blank = |r: &String| r.trim().is_empty();
            assert!(!rows[hand..].iter().any(blank), "{text}");
            assert_eq!(rows[23].trim_end(), t.keys, "{text}");
            let prompt = rows.iter().position(|r| r.starts_with(t.your_turn));
            let prompt = prompt.expect("the human's turn");
            if hint {
                let message = &rows[prompt + 1];
                assert!(message.starts_with(&format!("{}: ", t.hint)), "{text}");
            } else {
                assert_eq!(prompt, 22, "{text}");
            }
            // The table, from its top border to the hand: full once the log is long
            // enough, the newest action last.
            let border = rows.iter().position(|r| r.starts_with('─')).unwrap();
            let table = &rows[border + 1..hand];
            let filled = table.iter().filter(|r| !blank(r)).count();
            let fixed = 2; // The trick, and the trumps out.
            assert_eq!(filled, table.len().min(fixed + game.log().len()), "{text}");
            if let Some((who, a)) = game.log().last() {
                let newest = match a {
                    Action::Discard(_) if who != "Du" => format!("{who}: {}", t.lays_skat),
                    _ => format!("{who}: {}", tarok_words::danish::label(*a, Lang::En)),
                };
                let last = table.iter().rev().find(|r| !blank(r)).unwrap();
                assert_eq!(last.trim_end(), newest, "{text}");
            }
            most = most.max(filled - fixed);
        }
        play_deal_step(&mut game, &mut Screen::default());
    }
    assert!(most > 8, "at most {most} log lines");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A window smaller than 80×24 says so rather than losing lines.
#[test]
fn a_small_window_says_it_is_too_small() {
    let dir = temp_dir("small");
    let game = three_at_table(Preset::Dtf2011, 5, &dir);
    let text = rows(&game, &Screen::default(), Lang::En, 60, 16).join("");
    assert!(text.contains("at least 80×24 (60×16)"), "{text}");
    let text = rows(&game, &Screen::default(), Lang::En, 80, 24).join("");
    assert!(!text.contains("at least"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The trick the human's card finishes stays on the screen (as the last trick) until a key
/// or the moment releases it; an action that finishes no trick (the skat) holds nothing, nor
/// does the deal's last card (the summary follows).
#[test]
fn the_finished_trick_is_held_on_screen() {
    let dir = temp_dir("hold");
    let mut game = three_at_table(Preset::Dtf2011, 5, &dir);
    let mut screen = Screen::default();
    reset_cursor(&game, &mut screen);
    let mut held = 0;
    while !game.deal().is_over() {
        let me = game.human_seat().unwrap();
        let d = DanishL1.decide(&game.deal().view(me), &game.deal().legal_actions());
        let tricks_before: u8 = game.deal().tricks_won().iter().sum();
        act(&mut game, &mut screen, d.action, Lang::En);
        let tricks: u8 = game.deal().tricks_won().iter().sum();
        let shown = rows(&game, &screen, Lang::En, 80, 24).concat();
        if game.deal().is_over() || tricks == tricks_before {
            assert!(!screen.hold.on(), "{:?}", d.action);
            continue;
        }
        held += 1;
        assert!(screen.hold.on());
        assert!(screen.hold.deadline() > Some(std::time::Instant::now()));
        assert!(shown.contains("Last trick:"), "{shown}");
        screen.hold.release();
        let shown = rows(&game, &screen, Lang::En, 80, 24).concat();
        assert!(!shown.contains("Last trick:"), "{shown}");
    }
    assert!(held >= 20, "{held} tricks held");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Danish deal the human sat out (four at the table) can be watched from its summary with
/// `w`: one action each moment, the trick on the table and what was done, no hand and no skat
/// named; any key, or the last action, goes back to the summary.
#[test]
fn a_danish_deal_sat_out_can_be_watched() {
    let dir = temp_dir("watch");
    let names = ["Du", "Anna", "Bent", "Dorte"].map(String::from).to_vec();
    let mut game = Game::new(Preset::Dtf2011, names, 11, &dir).unwrap();
    let mut screen = Screen::default();
    while game.human_seat().is_some() {
        super::tests::play_deal(&mut game, &mut screen);
        handle(&mut game, &mut screen, KeyCode::Enter, Lang::En);
    }
    assert!(game.deal().is_over());
    let text = rows(&game, &screen, Lang::En, 80, 24).join("\n");
    assert!(text.contains("w: watch the deal"), "{text}");
    handle(&mut game, &mut screen, KeyCode::Char('w'), Lang::En);
    let total = game.actions.len();
    let mut tricks_seen = 0;
    for step in 1..total {
        on_time(&mut game, &mut screen);
        assert_eq!(screen.watch.map(|w| w.step), Some(step));
        let shown = rows(&game, &screen, Lang::En, 80, 24).join("\n");
        assert!(shown.contains(&format!("· {step}/{total}")), "{shown}");
        assert!(!shown.contains("Your hand"), "{shown}");
        assert!(!shown.contains("skat:"), "a skat named:\n{shown}");
        if shown.contains("Trick ") || shown.contains("Last trick:") {
            tricks_seen += 1;
        }
    }
    assert!(tricks_seen > 25, "{tricks_seen}");
    on_time(&mut game, &mut screen);
    assert_eq!(screen.watch, None);
    handle(&mut game, &mut screen, KeyCode::Char('w'), Lang::En);
    handle(&mut game, &mut screen, KeyCode::Enter, Lang::En);
    assert_eq!(screen.watch, None);
    assert!(game.deal().is_over(), "the key ended the watch only");
    let _ = std::fs::remove_dir_all(&dir);
}
