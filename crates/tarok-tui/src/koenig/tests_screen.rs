//! What the Königrufen screen shows.

use super::tests::*;
use super::*;
use crate::table::Seating;
use crate::ui::sorted;
use ratatui::style::Modifier;
use tarok_ai::Bot;
use tarok_koenigrufen::cards::{screen, screen_set};

/// The last trick names who played each card, and who took it.
#[test]
fn the_last_trick_names_its_players() {
    let dir = temp("lasttrick");
    let mut g = KGame::new(names(4), 5, &dir).unwrap();
    let s = KScreen {
        show_last: true,
        ..KScreen::default()
    };
    while let Some((a, _)) = g.hint() {
        g.act(a).unwrap();
        if g.deal.is_over() {
            break;
        }
        let v = g.deal().view(g.human_seat().unwrap());
        let Some(t) = v.tricks.iter().rev().find(|t| t.winner.is_some()) else {
            continue;
        };
        let shown = screen_text(&g, &s);
        let line = shown.lines().find(|l| l.starts_with("Letzter Stich:"));
        let line = line.unwrap_or_else(|| panic!("{shown}"));
        let mut want = String::from("Letzter Stich:");
        for (i, &c) in t.cards.iter().enumerate() {
            want += &format!(" {} {}", g.name((t.leader + i as u8) % 4), screen(c));
        }
        want += &format!(" → {}", g.name(t.winner.unwrap()));
        let squeezed = line.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(squeezed, want);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `l` before the first trick is taken says that there is none yet (it did nothing), in
/// the bidding as in the first trick; after it, `l` shows the last trick.
#[test]
fn l_before_the_first_trick_says_there_is_none() {
    use ratatui::crossterm::event::KeyCode;
    let dir = temp("nolast");
    let mut g = KGame::new(names(4), 5, &dir).unwrap();
    let mut s = KScreen::default();
    let mut asked = 0;
    while g.deal().state().play().tricks_done() == 0 {
        handle(&mut g, &mut s, KeyCode::Char('l'));
        let shown = screen_text(&g, &s);
        assert!(shown.contains("noch kein Stich gespielt"), "{shown}");
        assert!(!s.show_last);
        asked += 1;
        let (a, _) = g.hint().unwrap();
        act(&mut g, &mut s, a);
    }
    assert!(asked > 1, "{asked}");
    handle(&mut g, &mut s, KeyCode::Char('l'));
    let shown = screen_text(&g, &s);
    assert!(shown.contains("Letzter Stich: "), "{shown}");
    assert!(!shown.contains("noch kein Stich"), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `?` shows a German help; the next key closes it and does nothing else.
#[test]
fn question_mark_shows_the_help() {
    use ratatui::crossterm::event::KeyCode;
    let dir = temp("help");
    let mut g = KGame::new(names(4), 5, &dir).unwrap();
    let mut s = KScreen::default();
    handle(&mut g, &mut s, KeyCode::Char('?'));
    let shown = screen_text(&g, &s);
    assert!(
        shown.contains("Hilfe — Königrufen") && shown.contains("Tasten"),
        "{shown}"
    );
    let before = g.deal().history().len();
    handle(&mut g, &mut s, KeyCode::Enter);
    assert!(!s.help && g.deal().history().len() == before);
    assert!(!screen_text(&g, &s).contains("Hilfe — Königrufen"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The help tells how to reach menu entries past 9: the bid menu has up to 12, and the
/// digits take only 1–9 (it said "1–9 Menüpunkt direkt nehmen").
#[test]
fn the_help_says_how_to_reach_entries_past_nine() {
    let dir = temp("menu10");
    let mut longest = 0;
    for seed in 1..20 {
        let g = KGame::new(names(4), seed, &dir).unwrap();
        longest = longest.max(g.menu().len());
    }
    assert!(longest > 9, "the longest menu has {longest} entries");
    let line = HELP.iter().find(|l| l.contains("1–9")).unwrap();
    assert!(line.contains("ab 10: ↑ ↓"), "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every menu entry can be typed back as the menu shows it.
#[test]
fn menu_labels_can_be_typed() {
    let dir = temp("labels");
    let mut typed = 0;
    for seed in 1..4 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        let mut s = KScreen::default();
        while let Some((hint, _)) = g.hint() {
            let menu = g.menu();
            for &a in &menu {
                assert_eq!(g.parse_typed(&g.label(a).to_uppercase()), Ok(a));
            }
            if menu.contains(&hint) {
                let before = g.deal().history().len();
                let text = format!(":{}", g.label(hint));
                keys(&mut g, &mut s, &text);
                assert_eq!(s.message, None, "{text}");
                assert_eq!(g.deal().history().get(before).map(|h| h.1), Some(hint));
                typed += 1;
            } else {
                g.act(hint).unwrap();
            }
        }
    }
    assert!(typed > 3, "{typed} menu entries typed");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `h` puts the cursor on the advised card or menu entry, so Enter right after takes the
/// hint; it only showed the text and Enter took whatever the cursor was on.
#[test]
fn enter_after_h_takes_the_hint() {
    use ratatui::crossterm::event::KeyCode;
    let dir = temp("hintcursor");
    let (mut cards, mut menus) = (0, 0);
    for seed in 1..6 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        let mut s = KScreen::default();
        reset_cursor(&g, &mut s);
        while let Some((a, _)) = g.hint() {
            // Away from the default first, so the hint has to move the cursor.
            handle(&mut g, &mut s, KeyCode::Down);
            handle(&mut g, &mut s, KeyCode::Right);
            let before = g.deal().history().len();
            handle(&mut g, &mut s, KeyCode::Char('h'));
            handle(&mut g, &mut s, KeyCode::Enter);
            assert_eq!(g.deal().history().get(before).map(|h| h.1), Some(a));
            match a {
                Action::Play(_) | Action::Discard(_) => cards += 1,
                _ => menus += 1,
            }
        }
    }
    assert!(
        cards > 20 && menus > 5,
        "{cards} cards, {menus} menu entries"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// One card and one trick in the singular ("1 Karte", "1 Stich"; it said "1 Karten"), with
/// the balances still in one column.
#[test]
fn one_card_and_one_trick_in_the_singular() {
    let dir = temp("singular");
    let mut g = KGame::new(names(4), 5, &dir).unwrap();
    let (mut one_card, mut one_trick) = (false, false);
    while let Some((a, _)) = g.hint() {
        let shown = screen_text(&g, &KScreen::default());
        for row in shown.lines().skip(1).take(4) {
            assert!(
                !row.contains(" 1 Karten") && !row.contains(" 1 Stiche"),
                "{row}"
            );
            one_card |= row.contains(" 1 Karte ");
            one_trick |= row.contains(" 1 Stich ");
            let sign = row.chars().nth(41);
            assert!(matches!(sign, Some('+' | '-')), "column 41 of {row:?}");
        }
        g.act(a).unwrap();
    }
    assert!(one_card && one_trick, "{one_card} {one_trick}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The summary leaves out "abgelegt:" when nothing was laid away (Trischaken, Piccolo: it
/// showed an empty "abgelegt:"), and shows it with the cards otherwise.
#[test]
fn abgelegt_only_when_cards_were_laid_away() {
    let dir = temp("abgelegt");
    let (mut without, mut with) = (0, 0);
    for seed in 1..60 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        play_out(&mut g);
        let shown = screen_text(&g, &KScreen::default());
        let talon = shown.lines().find(|l| l.starts_with("Talon: ")).unwrap();
        if g.deal().state().discard().is_empty() {
            assert!(!talon.contains("abgelegt"), "{talon}");
            without += 1;
        } else {
            let want = format!("abgelegt: {}", screen_set(g.deal().state().discard()));
            assert!(talon.contains(&want), "{talon}");
            with += 1;
        }
    }
    assert!(without > 0 && with > 0, "{without} without, {with} with");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Once a half of the talon is taken, the talon line marks it, on the table and on the
/// summary; the log of a bot's choice may have scrolled away.
#[test]
fn the_taken_talon_half_is_marked() {
    let dir = temp("half");
    let mut seen = 0;
    for seed in 1..60 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        let mut shown = Vec::new();
        while let Some((a, _)) = g.hint() {
            shown.push(screen_text(&g, &KScreen::default()));
            g.act(a).unwrap();
        }
        shown.push(screen_text(&g, &KScreen::default()));
        let Some(h) = g.deal().state().half_taken() else {
            continue;
        };
        let t = g.deal().state().talon();
        let taken = format!("{}) {} (genommen)", h + 1, screen_set(t[h as usize]));
        let other = format!("{}) {}", 2 - h, screen_set(t[1 - h as usize]));
        let mut on_table = 0;
        for screen in &shown {
            let Some(line) = screen.lines().find(|l| l.starts_with("Talon: ")) else {
                continue;
            };
            let line = line.trim_end();
            assert_eq!(line.matches("genommen").count(), 1, "{line}");
            assert!(line.contains(&taken) && line.contains(&other), "{line}");
            assert!(!line.contains(&format!("{other} (genommen)")), "{line}");
            on_table += 1;
        }
        // The summary, and the table of every human turn after the choice.
        assert!(on_table > 1, "seed {seed}");
        seen += 1;
    }
    assert!(seen > 3, "{seen} deals with a half taken");
    let _ = std::fs::remove_dir_all(&dir);
}

/// At 80×24 the log fills the table's free rows (it showed 3 lines while up to 8 stood
/// empty), newest last, and never pushes the newest line off the table.
#[test]
fn the_log_fills_the_free_rows() {
    let dir = temp("log");
    let mut g = KGame::new(names(4), 5, &dir).unwrap();
    let mut most = 0;
    while let Some((a, _)) = g.hint() {
        let shown = screen_text(&g, &KScreen::default());
        let rows: Vec<&str> = shown.lines().collect();
        // The table runs from its top border (row 5, or 6 below a status line) to the
        // hand's border.
        let border = rows.iter().position(|r| r.starts_with('─')).unwrap();
        let end = rows
            .iter()
            .position(|r| r.contains("Deine Karten"))
            .unwrap();
        let table = &rows[border + 1..end];
        let logged = table
            .iter()
            .filter(|r| g.log_lines().iter().any(|l| r.trim_end() == l))
            .count();
        if let Some(newest) = g.log_lines().last() {
            assert!(table.iter().any(|r| r.trim_end() == newest), "{shown}");
        }
        // Every row not taken by the trick or the talon shows the log, while it lasts.
        let others = table
            .iter()
            .filter(|r| r.starts_with("Stich: ") || r.starts_with("Talon: "))
            .count();
        assert_eq!(
            logged,
            g.log_lines().len().min(table.len() - others),
            "{shown}"
        );
        most = most.max(logged);
        g.act(a).unwrap();
    }
    assert!(most > 5, "at most {most} log lines");
    let _ = std::fs::remove_dir_all(&dir);
}

/// At 80×24 the bidding screen leaves no row empty outside the table: no blank status row
/// below the players, one row for the hand's cards, no blank message row above the keys.
/// Those three rows go to the table, which shows 6 log lines beside 8 menu entries (it
/// showed 3); with a hint the keys keep the last row.
#[test]
fn the_bidding_screen_uses_every_row() {
    use ratatui::crossterm::event::KeyCode;
    let dir = temp("bidrows");
    let (mut full_menus, mut hints) = (0, 0);
    for seed in 1..20 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        while g.deal().state().phase() == Phase::Bidding && g.human_to_act() {
            for hint in [false, true] {
                let mut s = KScreen::default();
                if hint {
                    handle(&mut g, &mut s, KeyCode::Char('h'));
                    hints += 1;
                }
                let shown = screen_text(&g, &s);
                let rows: Vec<&str> = shown.lines().collect();
                let border = rows.iter().position(|r| r.starts_with('─')).unwrap();
                let hand = rows
                    .iter()
                    .position(|r| r.contains("Deine Karten"))
                    .unwrap();
                let blank = |r: &&str| r.trim().is_empty();
                assert!(!rows[..border].iter().any(blank), "{shown}");
                assert!(!rows[hand..].iter().any(blank), "{shown}");
                assert!(rows[23].starts_with("←→ Karte"), "{shown}");
                if !hint && g.menu().len() >= 8 && border == 5 {
                    // The table's border and 6 log lines, with all 8 entries below.
                    assert_eq!(hand - border, 7, "{shown}");
                    assert!(rows[hand + 2..].iter().any(|r| r.starts_with("  8. ")));
                    let shown_log = rows[border + 1..hand].iter().filter(|r| !blank(r));
                    assert_eq!(shown_log.count(), g.log_lines().len().min(6), "{shown}");
                    full_menus += 1;
                }
            }
            let (a, _) = g.hint().unwrap();
            g.act(a).unwrap();
        }
    }
    assert!(full_menus > 5 && hints > 5, "{full_menus} {hints}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The card the cursor is drawn on in the hand, if any (the title and the chosen menu entry
/// are drawn reversed too, so only the hand's rows are read).
pub(super) fn cursor_shown(g: &KGame, s: &KScreen) -> String {
    let shown = screen_text(g, s);
    let rows: Vec<&str> = shown.lines().collect();
    let hand = rows
        .iter()
        .position(|r| r.contains("Deine Karten"))
        .unwrap();
    let end = hand
        + 1
        + rows[hand + 1..]
            .iter()
            .position(|r| r.starts_with("Du bist dran") || r.starts_with("warte"))
            .unwrap();
    let reversed = crate::testing::rows_with(80, 24, Modifier::REVERSED, |f| draw(f, g, s));
    reversed[hand + 1..end].concat().trim().to_string()
}

/// The cursor stands only on cards that may be played or laid away: it starts on one, and
/// ← → pass over the others (they went onto every card, as the Danish screen's did); while
/// a menu decision is due no card is marked.
#[test]
fn the_cursor_stands_only_on_cards_that_may_be_chosen() {
    use ratatui::crossterm::event::KeyCode;
    let dir = temp("cursor");
    // Moves where one step would have gone onto a card that may not be chosen.
    let (mut held_off, mut menus) = (0, 0);
    for seed in 1..11 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        let mut s = KScreen::default();
        reset_cursor(&g, &mut s);
        while let Some((a, _)) = g.hint() {
            let hand = sorted(g.deal().state().hand(g.human_seat().unwrap()));
            let may = choosable(&g);
            if may.is_empty() {
                assert_eq!(cursor_shown(&g, &s), "", "seed {seed}");
                menus += 1;
            } else {
                assert!(may.contains(hand[s.cursor]), "seed {seed}");
                for key in [
                    KeyCode::Right,
                    KeyCode::Right,
                    KeyCode::Left,
                    KeyCode::Right,
                ] {
                    let next = s.cursor as isize + if key == KeyCode::Left { -1 } else { 1 };
                    let next = usize::try_from(next).ok().and_then(|i| hand.get(i));
                    held_off += next.is_some_and(|&n| !may.contains(n)) as u32;
                    handle(&mut g, &mut s, key);
                    let c = hand[s.cursor];
                    assert!(may.contains(c), "seed {seed}: {key:?} onto {}", screen(c));
                    assert_eq!(cursor_shown(&g, &s), screen(c));
                }
            }
            act(&mut g, &mut s, a);
        }
    }
    assert!(held_off > 20 && menus > 10, "{held_off} {menus}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A window smaller than 80×24 says so, in German, rather than losing lines (it drew the
/// screen cut off); on the table, the summary and the help alike.
#[test]
fn a_small_window_says_it_is_too_small() {
    use ratatui::crossterm::event::KeyCode;
    let dir = temp("small");
    let mut g = KGame::new(names(4), 5, &dir).unwrap();
    let mut s = KScreen::default();
    let notice = "Das Spiel braucht ein Fenster von mindestens 80×24 (60×16)";
    let small = |g: &KGame, s: &KScreen| {
        let rows = crate::testing::rows(60, 16, |f| draw(f, g, s));
        rows.join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(small(&g, &s).starts_with(notice), "{}", small(&g, &s));
    assert!(!screen_text(&g, &s).contains("mindestens"));
    handle(&mut g, &mut s, KeyCode::Char('?'));
    assert!(small(&g, &s).starts_with(notice), "{}", small(&g, &s));
    handle(&mut g, &mut s, KeyCode::Char('?'));
    play_out(&mut g);
    assert!(small(&g, &s).starts_with(notice), "{}", small(&g, &s));
    assert!(!screen_text(&g, &s).contains("mindestens"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Menu entries keep their two-space indent under the prompt, also beside a hint (the
/// wrapping trimmed it, so "1. Weiter" stood at the edge below the prompt).
#[test]
fn menu_entries_keep_their_indent() {
    use ratatui::crossterm::event::KeyCode;
    let dir = temp("indent");
    let mut entries = 0;
    for seed in 1..6 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        while let Some((a, _)) = g.hint() {
            let mut s = KScreen::default();
            for _ in 0..2 {
                let shown = screen_text(&g, &s);
                let rows: Vec<&str> = shown.lines().collect();
                let prompt = rows.iter().position(|r| r.starts_with("Du bist dran"));
                let below = &rows[prompt.unwrap() + 1..];
                for (i, m) in g.menu().iter().enumerate().take(below.len()) {
                    let entry = format!("  {}. {}", i + 1, g.label(*m));
                    if below.iter().any(|r| r.trim_end() == entry) {
                        entries += 1;
                    } else {
                        assert!(!shown.contains(entry.trim_start()), "{entry}\n{shown}");
                    }
                }
                handle(&mut g, &mut s, KeyCode::Char('h'));
            }
            g.act(a).unwrap();
        }
    }
    assert!(entries > 50, "{entries} entries");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Who plays deal `deal` (1-based) at a table of `n`: the first dealer is the human, and the
/// deal passes on by one seat each time.
pub(super) fn seating_of(n: usize, deal: u32) -> Seating {
    let dealer = (deal as usize - 1) % n;
    let seating = tarok_koenigrufen::table::seating(n, dealer).unwrap();
    crate::evening::koenigrufen_seating(&seating, dealer)
}

/// The hint is what level 1 would play, through a whole deal of the human's turns.
#[test]
fn the_hint_is_level_ones_choice() {
    let dir = std::env::temp_dir().join(format!("tarok-khint-{}", std::process::id()));
    let names = ["Du", "Anna", "Bent", "Dorte"].map(String::from).to_vec();
    let mut g = KGame::new(names, 5, &dir).unwrap();
    let mut hints = 0;
    while let Some((a, w)) = g.hint() {
        let seat = g.human_seat().unwrap();
        let d = tarok_ai::koenigrufen::KoenigrufenL1
            .decide(&g.deal().view(seat), &g.deal().legal_actions());
        assert_eq!((d.action, d.reason), (a, w.to_string()));
        g.act(a).unwrap();
        hints += 1;
    }
    assert!(g.deal.is_over() && hints > 5, "{hints} hints");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The trick the human's card finishes stays on the Königrufen screen (as the last trick)
/// until a key or the moment releases it.
#[test]
fn the_finished_trick_is_held_on_the_koenigrufen_screen() {
    let dir = temp("hold");
    let mut g = KGame::new(names(4), 5, &dir).unwrap();
    let mut s = KScreen::default();
    let mut held = 0;
    while let Some((a, _)) = g.hint() {
        let before = g
            .view()
            .tricks
            .iter()
            .filter(|t| t.winner.is_some())
            .count();
        act(&mut g, &mut s, a);
        let after = g
            .view()
            .tricks
            .iter()
            .filter(|t| t.winner.is_some())
            .count();
        if g.deal.is_over() || after == before {
            assert!(!s.hold.on(), "{a:?}");
            continue;
        }
        held += 1;
        assert!(screen_text(&g, &s).contains("Letzter Stich:"));
        s.hold.release();
        assert!(!screen_text(&g, &s).contains("Letzter Stich:"));
    }
    assert!(held >= 10, "{held} tricks held");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A deal the human sat out (five at the table, the dealer sits out) can be watched from its
/// settlement with `w`: one action each moment, the trick on the table and what was said,
/// no hand and no discard named; any key, or the last action, goes back to the settlement.
#[test]
fn a_deal_sat_out_can_be_watched() {
    use ratatui::crossterm::event::KeyCode;
    let dir = temp("watch");
    let mut g = KGame::new(names(5), 5, &dir).unwrap();
    assert!(g.sits_out() && g.deal.is_over());
    let mut s = KScreen::default();
    assert!(screen_text(&g, &s).contains("w: Spiel ansehen"));
    handle(&mut g, &mut s, KeyCode::Char('w'));
    let total = g.actions.len();
    assert!(screen_text(&g, &s).contains(&format!("Zuschauen — Spiel #1 · 0/{total}")));
    let mut tricks_seen = 0;
    for step in 1..total {
        on_time(&mut g, &mut s);
        assert_eq!(s.watch.map(|w| w.step), Some(step));
        let shown = screen_text(&g, &s);
        assert!(shown.contains(&format!("· {step}/{total}")), "{shown}");
        assert!(!shown.contains("Deine Karten"), "{shown}");
        if shown.contains("Stich: ") {
            tricks_seen += 1;
        }
        // What was said, as the log of the deal says it, up to this action.
        let last = &g.log_lines()[step - 1];
        assert!(shown.contains(last.as_str()), "{last:?}\n{shown}");
        if matches!(
            g.actions[step - 1],
            tarok_games::AnyAction::Koenigrufen(Action::Discard(_))
        ) {
            assert!(last.ends_with(": legt ab"), "{last}");
        }
    }
    assert!(tricks_seen > 12, "{tricks_seen}");
    on_time(&mut g, &mut s);
    assert_eq!(s.watch, None);
    assert!(screen_text(&g, &s).contains("Abrechnung — Spiel #1"));
    // Any key ends watching; the key does nothing else.
    handle(&mut g, &mut s, KeyCode::Char('w'));
    on_time(&mut g, &mut s);
    handle(&mut g, &mut s, KeyCode::Enter);
    assert_eq!((s.watch, g.deal_no), (None, 1));
    // The human plays deal 2: nothing to watch.
    handle(&mut g, &mut s, KeyCode::Enter);
    assert_eq!(g.deal_no, 2);
    play_out(&mut g);
    let mut s = KScreen::default();
    handle(&mut g, &mut s, KeyCode::Char('w'));
    assert_eq!(s.watch, None);
    let _ = std::fs::remove_dir_all(&dir);
}
