//! The 1829 screen: a whole deal through its keys, the Scat for the dealer only, the menu.

use super::*;
use crate::table::Table;
use tarok_ai::Level;
use tarok_historic::deal::Phase;

pub(super) fn table(preset: &str, seed: u64, tag: &str) -> (Table, std::path::PathBuf) {
    let dir = crate::testing::temp_dir(&format!("h{tag}"));
    let n = tarok_games::AnyDeal::from_seed(preset, seed)
        .unwrap()
        .seats() as usize;
    let names = ["You", "Anna", "Bent", "Dorte"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect();
    (
        Table::new(preset, names, seed, Level::L0, &dir).unwrap(),
        dir,
    )
}

pub(super) fn shown(t: &Table, s: &HScreen, lang: Lang) -> String {
    crate::testing::rows(80, 24, |f| draw(f, t, s, lang)).join("\n")
}

/// The key that takes `a`: the digit of its menu entry, or ← → to its card and Enter.
fn press_for(t: &mut Table, s: &mut HScreen, a: Action, lang: Lang) {
    if let Some(i) = menu(t).iter().position(|&m| m == a) {
        if i < 9 {
            handle(t, s, KeyCode::Char((b'1' + i as u8) as char), lang);
        } else {
            for _ in 0..i {
                handle(t, s, KeyCode::Down, lang);
            }
            handle(t, s, KeyCode::Enter, lang);
        }
        return;
    }
    let c = hand_card(a).expect("a card action");
    let hand = hand(t);
    for _ in 0..hand.len() {
        if hand[s.cursor] == c {
            break;
        }
        handle(t, s, KeyCode::Right, lang);
    }
    assert_eq!(hand[s.cursor], c, "the cursor reaches {c}");
    handle(t, s, KeyCode::Enter, lang);
}

/// Every 1829 game is played to its settlement through keys alone, the screen drawn at each
/// step shows the human's whole hand and the prompt, and the summary names the payments.
#[test]
fn a_whole_deal_of_each_game_through_keys() {
    for (preset, seed) in [
        ("dk-1829-three", 2),
        ("dk-1829-partners", 3),
        ("dk-1829-quadrille", 4),
        ("dk-1829-en-deux", 5),
    ] {
        let lang = Lang::En;
        let (mut t, dir) = table(preset, seed, preset);
        let mut s = HScreen::default();
        reset_cursor(&t, &mut s);
        let mut turns = 0;
        while !t.deal.is_over() {
            let text = shown(&t, &s, lang);
            assert!(text.contains("Your turn"), "{text}");
            for c in sorted(t.deal.hand(t.human_seat().unwrap())) {
                assert!(text.contains(&c.to_string()), "{c} not shown\n{text}");
            }
            let legal = legal(&t);
            let a = legal[turns % legal.len()];
            let before = t.actions.len();
            press_for(&mut t, &mut s, a, lang);
            assert!(t.actions.len() > before, "{preset}: {a} not taken\n{text}");
            assert_eq!(t.actions[before], AnyAction::Historic(a));
            turns += 1;
        }
        let text = shown(&t, &s, lang);
        assert!(text.contains("Settlement — deal #1"), "{text}");
        let tarok_games::AnyDeal::Historic(d) = &t.deal else {
            unreachable!("an 1829 preset")
        };
        let squeezed = |t: &str| t.split_whitespace().collect::<String>();
        for l in Game::settlement(d).iter().take(3) {
            let line = payment(&t, l, lang);
            assert!(squeezed(&text).contains(&squeezed(&line)), "{line}\n{text}");
        }
        assert!(text.contains("Balances after 1 deal:"), "{text}");
        assert!(t.saved.is_some(), "{preset}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The dealer sees the Scat laid; another player never does, and reads only that a card was
/// laid.
#[test]
fn only_the_dealer_sees_the_scat() {
    let (mut seen, mut hidden, mut logged) = (0, 0, 0);
    for seed in 0..6 {
        let (mut t, dir) = table("dk-1829-three", seed, "scat");
        let s = HScreen::default();
        while !t.deal.is_over() {
            let v = view(&t);
            let text = shown(&t, &s, Lang::En);
            if v.phase == Phase::Play && v.scat_size > 0 {
                if Some(v.dealer) == t.human_seat() {
                    assert!(text.contains("Your Scat: "), "{text}");
                    seen += 1;
                } else {
                    assert!(!text.contains("Scat: "), "{text}");
                    hidden += 1;
                }
            }
            // The log says that another dealer laid a card, not which.
            if v.phase == Phase::Declare && Some(v.dealer) != t.human_seat() {
                let dealer = t.name(v.dealer);
                assert!(
                    text.contains(&format!("{dealer}: lays a card in the Scat")),
                    "{text}"
                );
                logged += 1;
            }
            let a = legal(&t)[0];
            t.act(AnyAction::Historic(a)).unwrap();
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(
        seen > 0 && hidden > 0 && logged > 0,
        "{seen} {hidden} {logged}"
    );
}

/// A typed card that may not be played is refused and the deal does not move; `l` before the
/// first trick says there is none, in the screen's language.
#[test]
fn a_refused_card_and_no_last_trick_yet() {
    let lang = Lang::Da;
    let (mut t, dir) = table("dk-1829-three", 7, "refuse");
    let mut s = HScreen::default();
    handle(&mut t, &mut s, KeyCode::Char('l'), lang);
    assert_eq!(s.message, Some(("intet stik spillet endnu".into(), false)));
    let mut refused = false;
    while !t.deal.is_over() {
        let may = choosable(&t);
        let v = view(&t);
        let bad = (v.hand - may)
            .iter()
            .next()
            .filter(|_| v.phase == Phase::Play);
        if let (Some(bad), false) = (bad, refused) {
            let before = t.actions.len();
            for k in format!(":play {bad}").chars() {
                handle(&mut t, &mut s, KeyCode::Char(k), lang);
            }
            handle(&mut t, &mut s, KeyCode::Enter, lang);
            let (m, refusal) = s.message.clone().expect("a refusal");
            // In Danish, with the engine's source; no English left.
            assert!(refusal && m.contains(" (1829 "), "{m}");
            // And the section of the guide for players that explains the rule.
            assert!(m.contains("); se docs/rules/1829.md"), "{m}");
            assert!(m.contains("skal") && !m.contains("must"), "{m}");
            assert!(shown(&t, &s, lang).contains("Afvist: "));
            assert_eq!(t.actions.len(), before);
            refused = true;
        }
        let a = legal(&t)[0];
        t.act(AnyAction::Historic(a)).unwrap();
    }
    assert!(refused);
    let _ = std::fs::remove_dir_all(&dir);
}

/// After the first trick its taker's row says "1 trick" (it said "1 tricks"), the others' "0
/// tricks"; in Danish and German too.
#[test]
fn one_trick_is_singular_on_the_players_rows() {
    let (mut t, dir) = table("dk-1829-three", 4, "singular");
    while view(&t).tricks.iter().all(|tr| tr.winner.is_none()) {
        let a = legal(&t)[0];
        t.act(AnyAction::Historic(a)).unwrap();
    }
    for (lang, one, none) in [
        (Lang::En, " 1 trick ", " 0 tricks"),
        (Lang::Da, " 1 stik ", " 0 stik"),
        (Lang::De, " 1 Stich ", " 0 Stiche"),
    ] {
        let text = shown(&t, &HScreen::default(), lang);
        let rows: Vec<&str> = text.lines().skip(1).take(3).collect();
        assert_eq!(rows.iter().filter(|r| r.contains(one)).count(), 1, "{text}");
        assert_eq!(
            rows.iter().filter(|r| r.contains(none)).count(),
            2,
            "{text}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The last trick stands on the table with who took it, from the first trick on; `l` hides it
/// until the next action.
#[test]
fn the_last_trick_is_shown_and_l_hides_it() {
    let (mut t, dir) = table("dk-1829-three", 4, "last");
    let mut s = HScreen::default();
    while view(&t).tricks.iter().all(|tr| tr.winner.is_none()) {
        let a = legal(&t)[0];
        t.act(AnyAction::Historic(a)).unwrap();
    }
    let v = view(&t);
    let last = v
        .tricks
        .iter()
        .rev()
        .find(|tr| tr.winner.is_some())
        .unwrap();
    let winner = format!("→ {}", t.name(last.winner.unwrap()));
    let text = shown(&t, &s, Lang::En);
    let row = text
        .lines()
        .find(|l| l.starts_with("Last trick: "))
        .expect(&text);
    assert!(row.trim_end().ends_with(&winner), "{row}");
    for c in &last.cards {
        assert!(row.contains(&c.to_string()), "{row}");
    }
    handle(&mut t, &mut s, KeyCode::Char('l'), Lang::En);
    assert!(!shown(&t, &s, Lang::En).contains("Last trick: "));
    let a = legal(&t)[0];
    act(&mut t, &mut s, a, Lang::En);
    assert!(shown(&t, &s, Lang::En).contains("Last trick: "));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `h` tells what the computer would do and why, in the screen's language, and puts the cursor
/// on it, so that Enter right after takes it: a whole deal of each game played so.
#[test]
fn the_hint_is_taken_by_enter() {
    for preset in ["dk-1829-three", "dk-1829-quadrille"] {
        let (mut t, dir) = table(preset, 3, "hint");
        let mut s = HScreen::default();
        let mut hints = 0;
        while !t.deal.is_over() {
            let (a, why) = t.hint().expect("the human is to act");
            handle(&mut t, &mut s, KeyCode::Char('h'), Lang::De);
            let (m, refused) = s.message.clone().expect("a hint");
            assert!(!refused && m.starts_with("Tipp: "), "{m}");
            assert!(
                m.ends_with(&tarok_words::why_after_move(&why, Lang::De)),
                "{m}"
            );
            let before = t.actions.len();
            handle(&mut t, &mut s, KeyCode::Enter, Lang::De);
            assert_eq!(t.actions.get(before), Some(&a), "{preset}: {m}");
            hints += 1;
        }
        assert!(hints > 10, "{preset}: {hints} hints");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
