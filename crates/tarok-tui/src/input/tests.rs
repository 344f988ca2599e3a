//! The Danish screen's keys: refusals, hints, sitting out, the skat.

use super::*;
use crate::testing::three_at_table;
use crate::ui::draw;
use tarok_ai::{danish::DanishL1, Bot};
use tarok_danish::Preset;

/// A card typed that does not follow is refused on the Danish screen in Danish, with its
/// rule's source, and the deal does not move.
#[test]
fn a_refusal_in_danish_on_the_danish_screen() {
    let dir = std::env::temp_dir().join(format!("tarok-refusal-{}", std::process::id()));
    let mut game = three_at_table(Preset::Dtf2011, 5, &dir);
    let me = game.human_seat().unwrap();
    let mut screen = Screen::default();
    while !game.deal().is_over() {
        let deal = game.deal();
        let bad = (deal.hand(me) - deal.legal_cards())
            .iter()
            .find(|c| !c.is_skus())
            .filter(|_| deal.phase() == Phase::Play && deal.trick().n > 0);
        if let Some(bad) = bad {
            let before = *game.deal();
            handle(&mut game, &mut screen, KeyCode::Char(':'), Lang::Da);
            for c in bad.to_string().chars() {
                handle(&mut game, &mut screen, KeyCode::Char(c), Lang::Da);
            }
            handle(&mut game, &mut screen, KeyCode::Enter, Lang::Da);
            let (text, error) = screen.message.clone().expect("a refusal");
            assert!(error);
            assert!(
                text.contains("bekender ikke") || text.contains("er ingen tarok"),
                "{text}"
            );
            // The citation, then the section of the guide for players that explains it.
            assert!(
                text.ends_with("(Møller 000 L648-649; DTF 2011 §7); se docs/rules/danish.md §8"),
                "{text}"
            );
            assert_eq!(*game.deal(), before);
            return;
        }
        let d = DanishL1.decide(&game.deal().view(me), &game.deal().legal_actions());
        game.act(d.action).unwrap();
    }
    panic!("the deal offered no card that does not follow");
}

/// `h` on the Danish screen shows level 1's choice with its reason in the screen's
/// language, at each of the human's turns of a deal.
#[test]
fn the_hint_in_the_screens_language() {
    let dir = std::env::temp_dir().join(format!("tarok-hint-{}", std::process::id()));
    for lang in [Lang::Da, Lang::De, Lang::En] {
        let mut game = three_at_table(Preset::Moeller, 8, &dir);
        let me = game.human_seat().unwrap();
        let mut screen = Screen::default();
        let mut hints = 0;
        while !game.deal().is_over() {
            let d = DanishL1.decide(&game.deal().view(me), &game.deal().legal_actions());
            handle(&mut game, &mut screen, KeyCode::Char('h'), lang);
            let (text, error) = screen.message.clone().expect("a hint");
            let (a, w) = game.hint().expect("the human is to act");
            assert!(!error);
            assert_eq!((a, w.to_string()), (d.action, d.reason.clone()));
            let why = tarok_words::why_after_move(&w, lang);
            let label = tarok_words::danish::label(d.action, lang);
            let expected = format!("{}: {label} — {why}", lang.texts().hint);
            assert_eq!(text, expected);
            // English is the bot's own words, after the move where they open with it.
            assert_eq!(lang == Lang::En, d.reason.ends_with(&why), "{text}");
            game.act(d.action).unwrap();
            hints += 1;
        }
        assert!(hints > 5, "{hints} hints");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The skat hint at seed 5 (SC S1 HC, which leave four spar and four hjerter) claims no
/// emptied suit in any language; it said "a short suit emptied" ("en kort farve tømt").
#[test]
fn the_skat_hint_claims_no_suit_it_does_not_empty() {
    let dir = temp_dir("skat-hint");
    let mut game = three_at_table(Preset::Dtf2011, 5, &dir);
    assert_eq!(game.deal().phase(), Phase::Skat);
    for (lang, emptied, points) in [
        (Lang::En, "emptied", "4 points safe in the skat"),
        (Lang::Da, "tømt", "4 point sikre i skatten"),
        (Lang::De, "geleert", "4 Punkte sicher im Skat"),
    ] {
        let mut screen = Screen::default();
        handle(&mut game, &mut screen, KeyCode::Char('h'), lang);
        let text = rows(&game, &screen, lang, 80, 24).join(" ");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains("SC S1 HC"), "{text}");
        assert!(text.contains(points) && !text.contains(emptied), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The log says each action in the screen's words ("Anna: beholder hånden"), not in the
/// notation one types ("Anna: keep").
#[test]
fn the_log_says_the_actions_in_the_screens_words() {
    let dir = temp_dir("log-words");
    let game = three_at_table(Preset::Dtf2011, 5, &dir);
    assert_eq!(game.deal().phase(), Phase::Skat);
    for (lang, kept) in [
        (Lang::Da, "Anna: beholder hånden"),
        (Lang::De, "Anna: behält die Hand"),
        (Lang::En, "Anna: keeps the hand"),
    ] {
        let rows = rows(&game, &Screen::default(), lang, 80, 24);
        let text = rows.join("\n");
        assert!(text.contains(kept), "{text}");
        assert!(
            !rows.iter().any(|r| r.trim_end().ends_with(": keep")),
            "{text}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `h` on the Danish screen puts the cursor on the advised card, and marks the advised
/// skat, so Enter right after takes the hint (it only showed the text).
#[test]
fn enter_after_h_takes_the_hint() {
    let dir = temp_dir("hint-cursor");
    let (mut plays, mut skats) = (0, 0);
    for seed in 1..8 {
        let mut game = three_at_table(Preset::Dtf2011, seed, &dir);
        for _ in 0..3 {
            let mut screen = Screen::default();
            reset_cursor(&game, &mut screen);
            while let Some((a, _)) = game.hint() {
                if !matches!(a, Action::Play(_) | Action::Discard(_)) {
                    act(&mut game, &mut screen, a, Lang::En);
                    continue;
                }
                // Away from where the cursor starts, so the hint has to move it.
                handle(&mut game, &mut screen, KeyCode::Right, Lang::En);
                let before = game.record_actions().len();
                handle(&mut game, &mut screen, KeyCode::Char('h'), Lang::En);
                handle(&mut game, &mut screen, KeyCode::Enter, Lang::En);
                assert_eq!(game.record_actions().get(before), Some(&a.to_string()));
                match a {
                    Action::Discard(_) => skats += 1,
                    _ => plays += 1,
                }
            }
            // Three at the table: the human plays every deal.
            handle(&mut game, &mut screen, KeyCode::Enter, Lang::En);
        }
    }
    assert!(plays > 50 && skats > 0, "{plays} plays, {skats} skats");
    let _ = std::fs::remove_dir_all(&dir);
}

use crate::testing::temp_dir;

/// The screen as drawn at `w`×`h`, row by row.
pub(super) fn rows(game: &Game, screen: &Screen, lang: Lang, w: u16, h: u16) -> Vec<String> {
    crate::testing::rows(w, h, |f| draw(f, game, screen, &lang.texts()))
}

/// Plays the human's turns as level 1 would, with the keys' own path where a key exists.
pub(super) fn play_deal(game: &mut Game, screen: &mut Screen) {
    while !game.deal().is_over() {
        let me = game.human_seat().expect("the human plays this deal");
        let d = DanishL1.decide(&game.deal().view(me), &game.deal().legal_actions());
        act(game, screen, d.action, Lang::En);
    }
}

/// A reproduction: at a table of four or five the human sits out in turn. Enter on the
/// summary before such a deal panicked (the sitter-out's place in the seating, 3 or 4,
/// was taken for a deal seat), and the deal the computers played was never entered.
#[test]
fn sitting_out_at_four_and_five() {
    for players in ["Du,Anna,Bent,Dorte", "Du,Anna,Bent,Dorte,Erik"] {
        let dir = temp_dir("sitting-out");
        let names = players.split(',').map(String::from).collect();
        let mut game = Game::new(Preset::Dtf2011, names, 11, &dir).unwrap();
        let mut screen = Screen::default();
        let mut sat_out = 0;
        for deal in 1..=6 {
            if game.human_seat().is_none() {
                // The computers played the deal through; the summary says why.
                sat_out += 1;
                assert!(game.deal().is_over());
                let text = rows(&game, &screen, Lang::En, 80, 24).join("\n");
                assert!(text.contains("You sat out this deal."), "{text}");
            } else {
                play_deal(&mut game, &mut screen);
            }
            assert_eq!(
                game.session().deals.len(),
                deal,
                "{players}: deal {deal} entered"
            );
            assert!(game.saved.is_some(), "{players}: deal {deal} saved");
            handle(&mut game, &mut screen, KeyCode::Enter, Lang::En);
        }
        assert!(sat_out >= 1, "{players}: the human never sat out");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// At 80×24 a table of five shows both sitters-out, a refusal of several lines in full,
/// and the key line on the last row, in every language.
#[test]
fn five_players_and_a_long_refusal_fit_80_by_24() {
    for lang in [Lang::En, Lang::Da, Lang::De] {
        let dir = temp_dir("fit");
        let names = "Du,Anna,Bent,Dorte,Erik"
            .split(',')
            .map(String::from)
            .collect();
        let mut game = Game::new(Preset::Dtf2011, names, 3, &dir).unwrap();
        let mut screen = Screen::default();
        while !game.human_to_act() || game.deal().phase() != Phase::Play {
            play_deal_step(&mut game, &mut screen);
        }
        handle(&mut game, &mut screen, KeyCode::Char(':'), lang);
        for c in "garbage".chars() {
            handle(&mut game, &mut screen, KeyCode::Char(c), lang);
        }
        handle(&mut game, &mut screen, KeyCode::Enter, lang);
        let rows = rows(&game, &screen, lang, 80, 24);
        let text = rows.join("\n");
        for &p in &game.seating.sitting_out {
            let name = &game.session().players[p];
            assert!(
                text.contains(name.as_str()),
                "{lang:?}: {name} missing\n{text}"
            );
        }
        assert_eq!(rows[23].trim_end(), lang.texts().keys, "{lang:?}\n{text}");
        // The refusal's last words (the list of what may be typed) are on screen.
        assert!(text.contains("pass"), "{lang:?}\n{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// One action of the human's as level 1 would choose it, if the human is to act.
pub(super) fn play_deal_step(game: &mut Game, screen: &mut Screen) {
    let me = game.human_seat().expect("the human plays");
    let d = DanishL1.decide(&game.deal().view(me), &game.deal().legal_actions());
    act(game, screen, d.action, Lang::En);
}

/// A computer dealer's skat is hidden from the human: its line says that the skat was
/// laid, not which cards (the skat is the dealer's secret until the deal ends).
#[test]
fn a_computer_dealers_skat_is_not_shown() {
    let dir = temp_dir("skat");
    let mut game = three_at_table(Preset::Dtf2011, 7, &dir);
    let mut screen = Screen::default();
    let mut seen = 0;
    for _ in 0..3 {
        let dealer = game.name(2).to_string();
        let laid = game.log().iter().find_map(|(who, a)| match a {
            Action::Discard(cards) if *who == dealer => Some(*cards),
            _ => None,
        });
        if let (Some(cards), true) = (laid, dealer != "Du") {
            let text = rows(&game, &screen, Lang::En, 80, 24).join("\n");
            assert!(text.contains(&format!("{dealer}: lays the skat")), "{text}");
            assert!(!text.contains(&cards.to_string()), "{text}");
            seen += 1;
        }
        play_deal(&mut game, &mut screen);
        handle(&mut game, &mut screen, KeyCode::Enter, Lang::En);
    }
    assert!(seen >= 1, "no computer dealer laid a skat");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Space marks cards for the skat and nothing else: in card play it used to play the
/// chosen card, though the keys say "mark".
#[test]
fn space_does_not_play_a_card() {
    let dir = temp_dir("space");
    let mut game = three_at_table(Preset::Dtf2011, 5, &dir);
    let mut screen = Screen::default();
    while !(game.human_to_act() && game.deal().phase() == Phase::Play) {
        play_deal_step(&mut game, &mut screen);
    }
    let before = *game.deal();
    handle(&mut game, &mut screen, KeyCode::Char(' '), Lang::En);
    assert_eq!(*game.deal(), before);
    handle(&mut game, &mut screen, KeyCode::Enter, Lang::En);
    assert_ne!(*game.deal(), before, "Enter plays the chosen card");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `l` before the first trick is taken says that there is none yet (it did nothing); after
/// it, `l` shows the last trick.
#[test]
fn l_before_the_first_trick_says_there_is_none() {
    let dir = temp_dir("no-last");
    for lang in [Lang::En, Lang::Da, Lang::De] {
        let mut game = three_at_table(Preset::Dtf2011, 5, &dir);
        let mut screen = Screen::default();
        play_deal_step(&mut game, &mut screen); // The skat; the first trick is led.
        assert_eq!(game.deal().trick_no(), 1);
        handle(&mut game, &mut screen, KeyCode::Char('l'), lang);
        let t = lang.texts();
        let text = rows(&game, &screen, lang, 80, 24).join("\n");
        assert!(text.contains(t.no_trick_yet), "{lang:?}\n{text}");
        assert!(!screen.show_last);
        while game.deal().trick_no() == 1 {
            play_deal_step(&mut game, &mut screen);
        }
        handle(&mut game, &mut screen, KeyCode::Char('l'), lang);
        let text = rows(&game, &screen, lang, 80, 24).join("\n");
        assert!(
            text.contains(&format!("{}: ", t.last_trick)),
            "{lang:?}\n{text}"
        );
        assert!(!text.contains(t.no_trick_yet), "{lang:?}\n{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
