//! The Königrufen model and its records, keys and menus.

use super::tests_screen::seating_of;
use super::*;
use std::path::PathBuf;
use tarok_core::family::Family;
use tarok_core::Card;
use tarok_koenigrufen::Reason;

pub(super) fn names(n: usize) -> Vec<String> {
    ["You", "Anna", "Bent", "Dorte", "Erik", "Fritz"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

pub(super) fn temp(tag: &str) -> PathBuf {
    crate::testing::temp_dir(&format!("k{tag}"))
}

/// The screen at 80×24 as text, one line per row.
pub(super) fn screen_text(g: &KGame, s: &KScreen) -> String {
    let rows = crate::testing::rows(80, 24, |f| draw(f, g, s));
    rows.iter().map(|r| format!("{r}\n")).collect()
}

/// The human plays level 1's choices until the deal is over.
pub(super) fn play_out(g: &mut KGame) {
    while let Some((a, _)) = g.hint() {
        g.act(a).unwrap();
    }
    assert!(g.deal.is_over());
}

/// Unreadable typed text is answered with examples in the screen's notation: cards as the
/// hand shows them (♥K, XXI) and a Kontra as the menu writes it, with the declarer's name
/// (it said `kontra:game0`, a seat number, and record letters such as H3, T21). Each
/// example is read back as the action it shows.
#[test]
fn unreadable_text_gets_examples_in_the_screens_notation() {
    let dir = temp("examples");
    for seed in 1..100 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        while let Some((a, _)) = g.hint() {
            let kontra: Vec<String> = g
                .menu()
                .into_iter()
                .filter(|a| matches!(a, Action::Kontra(Item::Game(_))))
                .map(|a| g.label(a))
                .collect();
            if kontra.is_empty() {
                g.act(a).unwrap();
                continue;
            }
            let mut s = KScreen::default();
            keys(&mut g, &mut s, ":zzz");
            let (m, _) = s.message.clone().expect("a refusal");
            for record in ["game0", "H3", "HK", "T21"] {
                assert!(!m.contains(record), "{record}: {m}");
            }
            let examples = m
                .split_once("z. B. ")
                .and_then(|(_, e)| e.strip_suffix(", oder im Menü wählen"))
                .expect("examples");
            let mut kontra_shown = false;
            for example in examples.split(", ") {
                let read = g.parse_typed(example);
                assert!(read.is_ok(), "{example}: {read:?}");
                kontra_shown |= kontra.iter().any(|k| k == example);
            }
            assert!(kontra_shown, "{kontra:?} not in {m}");
            let _ = std::fs::remove_dir_all(&dir);
            return;
        }
    }
    panic!("no Kontra offered to the human");
}

/// A deal left mid-way is saved as a record that replays to the same point.
#[test]
fn an_unfinished_deal_is_saved_and_replays() {
    let dir = temp("unfinished");
    let mut g = KGame::new(names(4), 5, &dir).unwrap();
    for _ in 0..6 {
        let (a, _) = g.hint().expect("the human is to act");
        g.act(a).unwrap();
    }
    assert!(!g.deal.is_over());
    let path = g.save_unfinished().unwrap().expect("saved");
    assert_eq!(path, dir.join("koenigrufen-001-seed-5-unfinished.txt"));
    let text = std::fs::read_to_string(&path).unwrap();
    let replayed = tarok_games::read_record(&text, 0).unwrap();
    let tarok_games::AnyDeal::Koenigrufen(deal) = replayed.after(replayed.actions.len()).unwrap()
    else {
        panic!("a Königrufen record")
    };
    assert_eq!(deal.history(), g.deal().history());
    assert!(!deal.is_over());
    // It says so in a comment, as the summary of random-game's records would.
    assert!(text.contains("\n; the deal is not finished: "), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A finished deal is saved as `tarok random-game` writes a record: the one record format,
/// its result stated and the settlement as `;` comments; `tarok replay` reads it back to the
/// same result and shows the contract and every trick.
#[test]
fn a_saved_record_has_the_tricks_as_random_game_writes_them() {
    let dir = temp("record");
    let mut g = KGame::new(names(4), 5, &dir).unwrap();
    play_out(&mut g);
    let text = std::fs::read_to_string(g.saved.as_ref().unwrap()).unwrap();
    assert!(text.starts_with("[Record \"1\"]\n"), "{text}");
    assert!(text.contains("\n[Result \""), "{text}");
    for line in g.deal().settlement() {
        assert!(text.contains(&format!("\n; {line}\n")), "{line}\n{text}");
    }
    let replayed = tarok_koenigrufen::FAMILY.replay(&text).unwrap().text;
    let result = replayed.lines().last().unwrap();
    assert!(result.starts_with("Result: "), "{replayed}");
    let tricks = replayed.lines().filter(|l| l.starts_with("trick ")).count();
    assert_eq!(tricks, 12, "{replayed}");
    assert!(
        replayed.lines().any(|l| l.starts_with("Contract: ")),
        "{replayed}"
    );
    // The same form as random-game's: the same tags, and one action a line by its seat.
    let cli = tarok_games::record::random(tarok_koenigrufen::PRESET, 3, "").unwrap();
    let tags = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with('['))
            .map(|l| l.split(' ').next().unwrap().to_string())
            .collect()
    };
    // Besides them, the names of the players ([Players], which random-game has not).
    let mut expected = tags(&cli[0].to_text());
    let result = expected.iter().position(|t| t == "[Result").unwrap();
    expected.insert(result, "[Players".into());
    assert_eq!(tags(&text), expected, "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// ↓ on the summary stops when its last line (the talon) reaches the bottom; it scrolled
/// on into an empty screen.
#[test]
fn the_summary_scrolls_no_further_than_its_end() {
    use ratatui::crossterm::event::KeyCode;
    let dir = temp("scroll");
    let mut g = KGame::new(names(4), 5, &dir).unwrap();
    play_out(&mut g);
    let mut s = KScreen::default();
    for _ in 0..100 {
        handle(&mut g, &mut s, KeyCode::Down);
        screen_text(&g, &s);
    }
    let shown = screen_text(&g, &s);
    assert!(shown.contains("Talon: "), "{shown}");
    assert_eq!(s.scroll, s.scroll_max.get());
    let _ = std::fs::remove_dir_all(&dir);
}

/// At 5 and 6 players every deal is scored and saved, also those the human sits out, the
/// dealer moves on, and the screen says when the human sits out.
#[test]
fn five_and_six_players_score_every_deal_and_rotate() {
    for n in [5, 6] {
        let dir = temp(&format!("rotate{n}"));
        let _ = std::fs::remove_dir_all(&dir);
        let mut g = KGame::new(names(n), 5, &dir).unwrap();
        let (mut sat_out, mut played) = (0, 0);
        for deal in 1..=n as u32 + 1 {
            assert_eq!(g.deal_no, deal);
            assert_eq!(g.seating, seating_of(n, deal), "{n} players, deal {deal}");
            if g.sits_out() {
                sat_out += 1;
                // The bots played the deal alone; the screen says so.
                assert!(g.deal.is_over(), "{n} players, deal {deal}");
                let shown = screen_text(&g, &KScreen::default());
                assert!(shown.contains("Du setzt in diesem Spiel aus"), "{shown}");
            } else {
                played += 1;
                play_out(&mut g);
                // The summary names who sat out, in German with the right verb.
                let out = g.sitting_out().unwrap();
                let verb = if n == 5 { " setzt aus" } else { " setzen aus" };
                assert!(out.contains(verb), "{out}");
                let shown = screen_text(&g, &KScreen::default());
                assert!(shown.contains(&out), "{shown}");
            }
            // Scored: the deal's balances on the sheet, by table seat; and saved.
            let round = g.evening.sheet.rounds.last().unwrap();
            assert_eq!(g.evening.sheet.rounds.len(), deal as usize);
            let b = g.deal().balances();
            for (seat, &t) in g.seating.seats.iter().enumerate() {
                assert_eq!(round.halves[t], 2 * b.players[seat]);
            }
            assert!(g.saved.as_ref().is_some_and(|p| p.exists()), "deal {deal}");
            g.next_deal();
        }
        assert!(
            sat_out >= 1 && played >= 1,
            "{n}: {sat_out} out, {played} played"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A Königrufen evening of five resumes with its score sheet, who sits out and the deal in
/// progress as they were; the records name who played each deal.
#[test]
fn a_koenigrufen_evening_resumes_with_its_sheet() {
    let dir = temp("resume");
    let mut g = KGame::new(names(5), 5, &dir).unwrap();
    g.table.keep(Default::default());
    for _ in 0..3 {
        if !g.sits_out() {
            play_out(&mut g);
        }
        g.next_deal();
    }
    while g.sits_out() {
        g.next_deal();
    }
    for _ in 0..3 {
        if let Some((a, _)) = g.hint() {
            g.act(a).unwrap();
        }
    }
    let kept = crate::keep::read(&dir).unwrap();
    // Each deal's record names who played it, by deal seat, the one who sat out left out.
    for (record, round) in kept.deals.iter().zip(&g.rounds) {
        let by_seat: Vec<&String> = round.seating.seats.iter().map(|&p| &g.names[p]).collect();
        assert_eq!(record.players.iter().collect::<Vec<_>>(), by_seat);
        assert_eq!(record.players.len(), 4);
    }
    let text = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .next()
        .unwrap();
    assert!(text.contains("\n[Players \""), "{text}");
    let r = KGame::resume(&kept, &dir, Lang::En).unwrap();
    assert_eq!(format!("{:?}", r.deal()), format!("{:?}", g.deal()));
    assert_eq!((r.deal_no, &r.seating), (g.deal_no, &g.seating));
    assert_eq!(r.totals, g.totals);
    assert_eq!(r.evening.sheet.totals(), g.evening.sheet.totals());
    assert_eq!(r.evening.dealer, g.evening.dealer);
    assert_eq!(r.sheet_lines().len(), g.sheet_lines().len());
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(crate::keep::path(&dir));
}

/// "Geber" stands by the real dealer of the table. At 5 and 6 players the dealer sits out,
/// so it stood by the deal's inner dealer seat, an active player (the human in deal 2 of
/// seed 5 at six).
#[test]
fn geber_marks_the_tables_dealer() {
    for n in 4..=6 {
        let dir = temp(&format!("geber{n}"));
        let mut g = KGame::new(names(n), 5, &dir).unwrap();
        let mut checked = 0;
        for deal in 1..=n as u32 {
            let dealer = (deal as usize - 1) % n;
            assert_eq!(g.seating.dealer, dealer);
            if g.sits_out() {
                // The summary of a deal sat out says whether the human dealt it.
                let shown = screen_text(&g, &KScreen::default());
                let dealt = shown.contains("Du setzt in diesem Spiel aus (Geber).");
                assert_eq!(dealt, dealer == HUMAN, "{n} players, deal {deal}:\n{shown}");
            } else {
                let shown = screen_text(&g, &KScreen::default());
                let rows: Vec<&str> = shown.lines().filter(|l| l.contains("Geber")).collect();
                assert_eq!(rows.len(), 1, "{n} players, deal {deal}:\n{shown}");
                let name = &g.names[dealer];
                let marked = match n {
                    4 => rows[0].starts_with(&format!("{name} ")),
                    5 => rows[0].contains(&format!("{name} setzt aus (Geber)")),
                    _ => rows[0].contains(&format!("setzen aus (Geber: {name})")),
                };
                assert!(marked, "{n} players, deal {deal}: {name}?\n{shown}");
                checked += 1;
                play_out(&mut g);
            }
            g.next_deal();
        }
        assert!(checked >= 2, "{n}: {checked} deals checked");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The Kontra menu and the summary speak German and name the players.
#[test]
fn kontra_menu_and_summary_in_german_with_names() {
    let dir = temp("german");
    let mut kontra_seen = false;
    for seed in 1..100 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        while let Some((a, _)) = g.hint() {
            let kontra = g
                .menu()
                .into_iter()
                .find(|a| matches!(a, Action::Kontra(_)));
            if let Some(Action::Kontra(Item::Game(d))) = kontra {
                let shown = screen_text(&g, &KScreen::default());
                let want = format!("Kontra: Spiel von {}", g.name(d));
                assert!(shown.contains(&want), "{want:?} not on screen:\n{shown}");
                assert!(!shown.contains("the game of"), "{shown}");
                kontra_seen = true;
            }
            g.act(a).unwrap();
        }
        let shown = screen_text(&g, &KScreen::default());
        for english in ["->", "P0 ", "P1 ", " lost", " won", "declarer", "Sum:"] {
            assert!(!shown.contains(english), "{english:?} on screen:\n{shown}");
        }
        // Each name stands right above its column of the sheet.
        let rows: Vec<&str> = shown.lines().collect();
        let header = rows
            .iter()
            .find(|l| l.contains("You") && l.contains("Dorte"));
        let sum = rows.iter().find(|l| l.trim_start().starts_with("Summe"));
        let (header, sum) = (header.unwrap(), sum.unwrap());
        for n in &g.names {
            let end = header.find(n.as_str()).unwrap() + n.len();
            let (last, after) = (sum.as_bytes()[end - 1], sum.as_bytes().get(end));
            assert!(
                last.is_ascii_digit(),
                "{n} not over its column:\n{header}\n{sum}"
            );
            assert!(after.is_none_or(|&b| b == b' '), "{header}\n{sum}");
        }
        if kontra_seen {
            break;
        }
    }
    assert!(kontra_seen, "no deal offered the human a Kontra on a game");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Wherever "Gut" is legal it is the menu's first entry, where the cursor starts: Enter alone
/// never announces a premium or gives Kontra (the engine lists "Gut" last).
#[test]
fn gut_comes_first_in_the_menu() {
    let dir = temp("gut-first");
    let mut raises_offered = 0;
    for seed in 1..40 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        while let Some((a, _)) = g.hint() {
            let menu = g.menu();
            if menu.contains(&Action::Gut) {
                assert_eq!(menu[0], Action::Gut, "seed {seed}: {menu:?}");
                raises_offered += usize::from(menu.len() > 1);
            }
            g.act(a).unwrap();
        }
    }
    assert!(
        raises_offered > 0,
        "no menu offered anything beside \"Gut\""
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A payment line: names, an arrow, the reason in German with its rule.
#[test]
fn a_payment_in_german_with_names() {
    let dir = temp("payment");
    let g = KGame::new(names(4), 5, &dir).unwrap();
    let line = tarok_koenigrufen::Line {
        from: Party::Player(0),
        to: Party::Player(1),
        amount: 1,
        reason: Reason::Game {
            contract: Contract::Besserrufer,
            won: false,
            level: 0,
        },
    };
    let (from, to) = (g.name(0), g.name(1));
    assert_eq!(
        g.payment(&line),
        format!("{from} → {to}: 1 (Besserrufer verloren, §15.1)")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Keys typed one after another.
pub(super) fn keys(g: &mut KGame, s: &mut KScreen, text: &str) {
    use ratatui::crossterm::event::KeyCode;
    for c in text.chars() {
        handle(g, s, KeyCode::Char(c));
    }
    handle(g, s, KeyCode::Enter);
}

/// A card of the records' Danish notation on the screen (`T10`, `SK`, `HKn`), other than "X",
/// which the screen uses for tarock X.
pub(super) fn danish_card_on(shown: &str) -> Option<String> {
    let danish: Vec<String> = tarok_koenigrufen::cards::PACK
        .iter()
        .map(|c| c.to_string())
        .filter(|t| t != "X")
        .collect();
    shown
        .split(|c: char| c.is_whitespace() || ",:()|".contains(c))
        .find(|t| danish.iter().any(|d| d == t))
        .map(String::from)
}

/// One notation on the whole screen: the hand's, also in the log, the talon and the summary.
#[test]
fn one_card_notation_on_the_screen() {
    let dir = temp("notation");
    for seed in 1..6 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        let s = KScreen {
            show_last: true,
            ..KScreen::default()
        };
        while let Some((a, _)) = g.hint() {
            let shown = screen_text(&g, &s);
            assert_eq!(danish_card_on(&shown), None, "{shown}");
            g.act(a).unwrap();
        }
        let shown = screen_text(&g, &s);
        assert_eq!(danish_card_on(&shown), None, "{shown}");
        // The Sküs is in a hand or the talon, and written by its name.
        assert!(shown.contains("Sküs"), "{shown}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Typed cards are read as the screen shows them: "X" is tarock X, "Sküs" the Sküs.
#[test]
fn typed_x_is_the_tarock_x_the_hand_shows() {
    let dir = temp("typedx");
    let ten = Card::trump(10);
    let mut done = [false; 2];
    for seed in 1..200 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        let mut s = KScreen::default();
        while g.human_to_act() {
            let legal = g.deal().legal_actions();
            let pending = [(ten, "X"), (Card::SKUS, "Sküs")]
                .into_iter()
                .enumerate()
                .find(|&(i, (c, _))| !done[i] && legal.contains(&Action::Play(c)));
            if let Some((i, (card, typed))) = pending {
                keys(&mut g, &mut s, &format!(":{typed}"));
                assert_eq!(s.message, None, "{typed} refused");
                let me = g.human_seat().unwrap();
                let played = g.deal().history().iter().rev().find(|(w, _)| *w == me);
                assert_eq!(played, Some(&(me, Action::Play(card))), "typed {typed}");
                done[i] = true;
            } else {
                let (a, _) = g.hint().unwrap();
                g.act(a).unwrap();
            }
        }
        if done == [true; 2] {
            break;
        }
    }
    assert_eq!(
        done, [true; 2],
        "no deal let the human play tarock X and the Sküs"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Kontra stays on the announcements line after its log line has scrolled away.
#[test]
fn a_kontra_stays_on_the_status_line() {
    let dir = temp("kontra");
    for seed in 1..100 {
        let mut g = KGame::new(names(4), seed, &dir).unwrap();
        let mut said = None;
        let mut checked = false;
        while let Some((hint, _)) = g.hint() {
            let kontra = g
                .menu()
                .into_iter()
                .find(|a| matches!(a, Action::Kontra(_)));
            if let (None, Some(k)) = (said, kontra) {
                said = Some(g.deal().history().len());
                g.act(k).unwrap();
                continue;
            }
            // Well after the Kontra, when its log line is gone (the log shows at most 10
            // lines at 80×24).
            if said.is_some_and(|at| g.deal().history().len() > at + 12) {
                let shown = screen_text(&g, &KScreen::default());
                let rows: Vec<&str> = shown.lines().collect();
                let log_gone = rows[6..].iter().all(|l| !l.contains("You: Kontra"));
                assert!(log_gone, "{shown}");
                let status = rows[5];
                assert!(status.contains("You: Kontra"), "{shown}");
                checked = true;
            }
            g.act(hint).unwrap();
        }
        if checked {
            let _ = std::fs::remove_dir_all(&dir);
            return;
        }
    }
    panic!("no deal let the human say Kontra");
}

/// A refused action shows its rule's citation and the section of the guide for players that
/// explains it, in the screen's language.
#[test]
fn a_refusal_names_its_guide_section() {
    let dir = temp("guide");
    let mut g = KGame::new(names(4), 3, &dir).unwrap();
    g.lang = Lang::De;
    // Schleifen is refused outside the talon phase of a king-call game with its king there.
    let (_, _) = g.hint().expect("the human acts");
    let m = g.act(Action::Schleifen).unwrap_err();
    assert!(m.contains("(Spieleversum §"), "{m}");
    assert!(m.ends_with("; siehe docs/rules/koenigrufen.md §7"), "{m}");
}
