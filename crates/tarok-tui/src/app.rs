//! The keyboard loop.

use crate::cursor;
use crate::game::Game;
use crate::lang::Lang;
use crate::refusal;
use crate::ui::{choosable, draw, sorted, Screen};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::io::IsTerminal;
use std::path::PathBuf;
use tarok_core::{Card, Suit};
use tarok_danish::{Action, Named, Phase, Preset};

/// Which game to play.
pub enum Family {
    Danish(Preset),
    Koenigrufen,
}

/// How `tarok play` starts.
pub struct PlayConfig {
    pub family: Family,
    /// The human first, then the computer players.
    pub names: Vec<String>,
    pub seed: u64,
    pub lang: Lang,
    /// Folder for the records of finished deals.
    pub records: PathBuf,
}

/// Plays a session in the terminal until the player quits.
pub fn run(config: PlayConfig) -> Result<(), String> {
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err("tarok play needs an interactive terminal; for scripts use `tarok random-game` or `tarok match`".into());
    }
    let preset = match config.family {
        Family::Danish(p) => p,
        Family::Koenigrufen => return run_koenigrufen(config),
    };
    let mut game = Game::new(preset, config.names, config.seed, &config.records)?;
    let texts = config.lang.texts();
    let mut screen = Screen::default();
    reset_cursor(&game, &mut screen);
    let mut terminal = ratatui::init();
    let result = (|| -> Result<(), String> {
        loop {
            terminal
                .draw(|f| draw(f, &game, &screen, &texts))
                .map_err(|e| e.to_string())?;
            let Event::Key(key) = event::read().map_err(|e| e.to_string())? else {
                continue;
            };
            if key.kind != KeyEventKind::Press {
                continue;
            }
            if is_ctrl_c(key) {
                return Ok(());
            }
            if !handle(&mut game, &mut screen, key.code, config.lang) {
                return Ok(());
            }
        }
    })();
    ratatui::restore();
    // The evening's result stays in the terminal once the screen is gone.
    println!("{}", crate::standings::danish(&game, &texts));
    // Quitting mid-deal keeps the deal so far, as a record that replays to where it stopped.
    let saved = game.save_unfinished();
    if let Ok(Some(path)) = &saved {
        println!("{} {}", texts.unfinished_saved, path.display());
    }
    result.and(saved.map(|_| ()))
}

fn run_koenigrufen(config: PlayConfig) -> Result<(), String> {
    use crate::koenig::{draw, handle, KGame, KScreen};
    let mut game = KGame::new(config.names, config.seed, &config.records)?;
    let mut screen = KScreen::default();
    crate::koenig::reset_cursor(&game, &mut screen);
    let mut terminal = ratatui::init();
    let result = (|| -> Result<(), String> {
        loop {
            terminal
                .draw(|f| draw(f, &game, &screen))
                .map_err(|e| e.to_string())?;
            let Event::Key(key) = event::read().map_err(|e| e.to_string())? else {
                continue;
            };
            if key.kind == KeyEventKind::Press
                && (is_ctrl_c(key) || !handle(&mut game, &mut screen, key.code))
            {
                return Ok(());
            }
        }
    })();
    ratatui::restore();
    // As for Danish Tarok; the Königrufen screen is German.
    println!("{}", crate::standings::koenigrufen(&game));
    let saved = game.save_unfinished();
    if let Ok(Some(path)) = &saved {
        println!("{} {}", Lang::De.texts().unfinished_saved, path.display());
    }
    result.and(saved.map(|_| ()))
}

/// Ctrl-C quits at once, as in any terminal program (the raw mode the screen needs turns it
/// into a key rather than a signal).
fn is_ctrl_c(key: KeyEvent) -> bool {
    key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL)
}

/// Puts the hand cursor on the first card that may be chosen now, not on the skus while
/// another card may be: the skus sorts first, and Enter at once would throw it away. ← still
/// reaches it.
fn reset_cursor(game: &Game, screen: &mut Screen) {
    let may = choosable(game);
    let rather = may.without(Card::SKUS);
    let hand = game
        .human_seat()
        .map(|s| sorted(game.deal.hand(s)))
        .unwrap_or_default();
    let start = if rather.is_empty() { may } else { rather };
    screen.cursor = cursor::first(&hand, start);
}

fn suit_key(c: char) -> Option<Named> {
    match c.to_ascii_lowercase() {
        's' => Some(Named::Suit(Suit::Spar)),
        'h' => Some(Named::Suit(Suit::Hjerter)),
        'r' => Some(Named::Suit(Suit::Ruder)),
        'k' => Some(Named::Suit(Suit::Kloer)),
        't' => Some(Named::Trump),
        _ => None,
    }
}

fn act(game: &mut Game, screen: &mut Screen, action: Action, lang: Lang) {
    match game.act(action) {
        Ok(()) => {
            screen.message = None;
            screen.marked = tarok_core::CardSet::EMPTY;
            reset_cursor(game, screen);
            if game.deal.is_over() {
                screen.scroll = 0;
                if let Err(e) = game.finish() {
                    screen.message = Some((e, true));
                }
            }
        }
        Err(e) => screen.message = Some((refusal::danish(&e, lang), true)),
    }
}

/// Handles one key; false when the player quits.
pub fn handle(game: &mut Game, screen: &mut Screen, key: KeyCode, lang: Lang) -> bool {
    if screen.confirm_quit {
        screen.confirm_quit = false;
        return !matches!(key, KeyCode::Char('y') | KeyCode::Char('j'));
    }
    if screen.show_help {
        screen.show_help = false;
        return true;
    }
    if let Some(input) = screen.input.as_mut() {
        match key {
            KeyCode::Enter => {
                let text = screen.input.take().unwrap_or_default();
                match text.parse::<Action>() {
                    Ok(a) if game.human_to_act() => act(game, screen, a, lang),
                    Ok(_) => screen.message = Some((lang.texts().not_your_turn.into(), true)),
                    Err(e) => screen.message = Some((refusal::unreadable(&text, &e, lang), true)),
                }
            }
            KeyCode::Esc => screen.input = None,
            KeyCode::Backspace => {
                input.pop();
            }
            KeyCode::Char(c) => input.push(c),
            _ => {}
        }
        return true;
    }
    if game.deal.is_over() {
        match key {
            KeyCode::Enter => {
                let entered = game.next_deal();
                *screen = Screen::default();
                reset_cursor(game, screen);
                if let Err(e) = entered {
                    screen.message = Some((e, true));
                }
            }
            KeyCode::Up => screen.scroll = screen.scroll.saturating_sub(1),
            KeyCode::Down => crate::ui::scroll_down(&mut screen.scroll, &screen.scroll_max),
            KeyCode::Char('q') => screen.confirm_quit = true,
            _ => {}
        }
        return true;
    }
    if let Some(rename) = screen.naming {
        // A renamed skus stands for a suit only; a led one may also be named tarok.
        let named = match key {
            KeyCode::Char(c) => suit_key(c).filter(|&n| !rename || n != Named::Trump),
            _ => None,
        };
        let t = lang.texts();
        match (key, named) {
            (_, Some(n)) => {
                screen.naming = None;
                let a = if rename {
                    Action::Rename(n)
                } else {
                    Action::LeadSkus(n)
                };
                act(game, screen, a, lang);
            }
            (KeyCode::Esc, _) => {
                screen.naming = None;
                screen.message = None;
            }
            (KeyCode::Char('?'), _) => screen.show_help = true,
            // Any other key keeps the question open and says which keys answer it.
            _ => {
                let keys = if rename { t.rename_keys } else { t.name_keys };
                screen.message = Some((keys.into(), false));
            }
        }
        return true;
    }
    let hand = game
        .human_seat()
        .map(|s| sorted(game.deal.hand(s)))
        .unwrap_or_default();
    match key {
        KeyCode::Char('q') => screen.confirm_quit = true,
        KeyCode::Char('?') => screen.show_help = true,
        KeyCode::Char(':') => screen.input = Some(String::new()),
        // Before the first trick is taken there is no last trick: say so rather than nothing.
        KeyCode::Char('l') if game.deal.tricks_won().iter().all(|&n| n == 0) => {
            screen.message = Some((lang.texts().no_trick_yet.into(), false))
        }
        KeyCode::Char('l') => screen.show_last = !screen.show_last,
        KeyCode::Char('h') => {
            // The cursor (and the skat's marks) go to the advised cards, so Enter takes the hint.
            let hint = game.hint();
            match hint.map(|(a, _)| a) {
                Some(Action::Play(c)) => {
                    screen.cursor = hand.iter().position(|&h| h == c).unwrap_or(screen.cursor)
                }
                Some(Action::LeadSkus(_)) => {
                    let skus = hand.iter().position(|c| c.is_skus());
                    screen.cursor = skus.unwrap_or(screen.cursor)
                }
                Some(Action::Discard(set)) => {
                    screen.marked = set;
                    let first = hand.iter().position(|&h| set.contains(h));
                    screen.cursor = first.unwrap_or(screen.cursor)
                }
                _ => {}
            }
            screen.message = hint.map(|(a, w)| {
                let why = crate::reason::danish(w, lang);
                (format!("{}: {a} — {why}", lang.texts().hint), false)
            });
        }
        KeyCode::Left => screen.cursor = cursor::step(&hand, choosable(game), screen.cursor, -1),
        KeyCode::Right => screen.cursor = cursor::step(&hand, choosable(game), screen.cursor, 1),
        _ if !game.human_to_act() => {}
        KeyCode::Char('r') if game.deal.phase() == Phase::Redeal => {
            act(game, screen, Action::Redeal, lang)
        }
        KeyCode::Char('k') if game.deal.phase() == Phase::Redeal => {
            act(game, screen, Action::Keep, lang)
        }
        KeyCode::Char('d') if matches!(game.deal.phase(), Phase::Demand { .. }) => {
            act(game, screen, Action::Demand, lang)
        }
        KeyCode::Char('p') if matches!(game.deal.phase(), Phase::Demand { .. }) => {
            act(game, screen, Action::Pass, lang)
        }
        KeyCode::Char('n') => screen.naming = Some(true),
        KeyCode::Char(' ') if game.deal.phase() == Phase::Skat => {
            if let Some(&c) = hand.get(screen.cursor) {
                if screen.marked.contains(c) {
                    screen.marked.remove(c);
                } else if screen.marked.len() < 3 {
                    screen.marked.insert(c);
                }
            }
        }
        // Space marks for the skat only (above); a card is played with Enter alone.
        KeyCode::Enter => match game.deal.phase() {
            Phase::Skat => act(game, screen, Action::Discard(screen.marked), lang),
            Phase::Play => {
                if let Some(&c) = hand.get(screen.cursor) {
                    let leading = game.deal.trick().n == 0;
                    if c.is_skus() && leading {
                        screen.naming = Some(false);
                    } else {
                        act(game, screen, Action::Play(c), lang);
                    }
                }
            }
            _ => {}
        },
        _ => {}
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::three_at_table;
    use crate::ui::playable;
    use tarok_ai::{danish::DanishL1, Bot};

    /// A card typed that does not follow is refused on the Danish screen in Danish, with its
    /// rule's source, and the deal does not move.
    #[test]
    fn a_refusal_in_danish_on_the_danish_screen() {
        let dir = std::env::temp_dir().join(format!("tarok-refusal-{}", std::process::id()));
        let mut game = three_at_table(Preset::Dtf2011, 5, &dir);
        let me = game.human_seat().unwrap();
        let mut screen = Screen::default();
        while !game.deal.is_over() {
            let deal = &game.deal;
            let bad = (deal.hand(me) - deal.legal_cards())
                .iter()
                .find(|c| !c.is_skus())
                .filter(|_| deal.phase() == Phase::Play && deal.trick().n > 0);
            if let Some(bad) = bad {
                let before = game.deal;
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
                assert!(
                    text.ends_with("(Møller 000 L648-649; DTF 2011 §7)"),
                    "{text}"
                );
                assert_eq!(game.deal, before);
                return;
            }
            let d = DanishL1.decide(&game.deal.view(me), &game.deal.legal_actions());
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
            while !game.deal.is_over() {
                let d = DanishL1.decide(&game.deal.view(me), &game.deal.legal_actions());
                handle(&mut game, &mut screen, KeyCode::Char('h'), lang);
                let (text, error) = screen.message.clone().expect("a hint");
                let (a, w) = game.hint().expect("the human is to act");
                assert!(!error);
                assert_eq!((a, w.to_string()), (d.action, d.reason.clone()));
                let why = crate::reason::danish(w, lang);
                let expected = format!("{}: {} — {why}", lang.texts().hint, d.action);
                assert_eq!(text, expected);
                assert_eq!(lang == Lang::En, text.contains(&d.reason), "{text}");
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
        assert_eq!(game.deal.phase(), Phase::Skat);
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
                    let before = game.record.actions.len();
                    handle(&mut game, &mut screen, KeyCode::Char('h'), Lang::En);
                    handle(&mut game, &mut screen, KeyCode::Enter, Lang::En);
                    assert_eq!(game.record.actions.get(before), Some(&a.to_string()));
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
    fn rows(game: &Game, screen: &Screen, lang: Lang, w: u16, h: u16) -> Vec<String> {
        crate::testing::rows(w, h, |f| draw(f, game, screen, &lang.texts()))
    }

    /// Plays the human's turns as level 1 would, with the keys' own path where a key exists.
    fn play_deal(game: &mut Game, screen: &mut Screen) {
        while !game.deal.is_over() {
            let me = game.human_seat().expect("the human plays this deal");
            let d = DanishL1.decide(&game.deal.view(me), &game.deal.legal_actions());
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
                    assert!(game.deal.is_over());
                    let text = rows(&game, &screen, Lang::En, 80, 24).join("\n");
                    assert!(text.contains("You sat out this deal."), "{text}");
                } else {
                    play_deal(&mut game, &mut screen);
                }
                assert_eq!(
                    game.session.deals.len(),
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
            while !game.human_to_act() || game.deal.phase() != Phase::Play {
                play_deal_step(&mut game, &mut screen);
            }
            handle(&mut game, &mut screen, KeyCode::Char(':'), lang);
            for c in "garbage".chars() {
                handle(&mut game, &mut screen, KeyCode::Char(c), lang);
            }
            handle(&mut game, &mut screen, KeyCode::Enter, lang);
            let rows = rows(&game, &screen, lang, 80, 24);
            let text = rows.join("\n");
            for &p in game.seating.sitting_out() {
                let name = &game.session.players[p];
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
    fn play_deal_step(game: &mut Game, screen: &mut Screen) {
        let me = game.human_seat().expect("the human plays");
        let d = DanishL1.decide(&game.deal.view(me), &game.deal.legal_actions());
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
            let laid = game.log.iter().find_map(|(who, a)| match a {
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
        while !(game.human_to_act() && game.deal.phase() == Phase::Play) {
            play_deal_step(&mut game, &mut screen);
        }
        let before = game.deal;
        handle(&mut game, &mut screen, KeyCode::Char(' '), Lang::En);
        assert_eq!(game.deal, before);
        handle(&mut game, &mut screen, KeyCode::Enter, Lang::En);
        assert_ne!(game.deal, before, "Enter plays the chosen card");
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
            assert_eq!(game.deal.trick_no(), 1);
            handle(&mut game, &mut screen, KeyCode::Char('l'), lang);
            let t = lang.texts();
            let text = rows(&game, &screen, lang, 80, 24).join("\n");
            assert!(text.contains(t.no_trick_yet), "{lang:?}\n{text}");
            assert!(!screen.show_last);
            while game.deal.trick_no() == 1 {
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

    /// The card the cursor is drawn on in the hand, if any.
    fn cursor_shown(game: &Game, screen: &Screen) -> String {
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
            while !game.deal.is_over() {
                let me = game.human_seat().unwrap();
                let hand = sorted(game.deal.hand(me));
                let may = choosable(&game);
                if may.is_empty() {
                    assert_eq!(cursor_shown(&game, &screen), "", "seed {seed}");
                    demands += matches!(game.deal.phase(), Phase::Demand { .. }) as u32;
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
            while !game.deal.is_over() {
                let me = game.human_seat().unwrap();
                let leads_skus = game
                    .deal
                    .legal_actions()
                    .iter()
                    .any(|a| matches!(a, Action::LeadSkus(_)));
                if game.human_to_act() && leads_skus {
                    assert!(playable(&game).contains(Card::SKUS));
                    assert!(!game.deal.legal_cards().contains(Card::SKUS));
                    let hand = sorted(game.deal.hand(me));
                    assert_ne!(hand[screen.cursor], Card::SKUS, "seed {seed}");
                    assert!(playable(&game).contains(hand[screen.cursor]));
                    for _ in 0..hand.len() {
                        handle(&mut game, &mut screen, KeyCode::Left, Lang::En);
                    }
                    assert_eq!(hand[screen.cursor], Card::SKUS, "seed {seed}");
                    found = true;
                    break;
                }
                let d = DanishL1.decide(&game.deal.view(me), &game.deal.legal_actions());
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
                if may.contains(Card::SKUS) && game.deal.phase() == Phase::Play {
                    let hand = sorted(game.deal.hand(game.human_seat().unwrap()));
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
            let lines = game.deal.settlement();
            assert!(lines.len() > 3, "{text}");
            for l in &lines {
                let from = game.name_of(l.from);
                let to = game.name_of(l.to);
                let shown = crate::payment::danish_line(l, &from, &to, lang);
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
        while game.deal.tricks_won().iter().sum::<u8>() == 0 {
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
        let last = game.deal.settlement().last().unwrap().reason.rule();
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
                    && g.deal
                        .legal_actions()
                        .iter()
                        .any(|a| matches!(a, Action::LeadSkus(_)))
            };
            while !game.deal.is_over() && !leads_skus(&game) {
                play_deal_step(&mut game, &mut screen);
            }
            if game.deal.is_over() {
                continue;
            }
            let lang = Lang::Da;
            let t = lang.texts();
            let before = game.deal;
            screen.cursor = 0; // The skus sorts first.
            handle(&mut game, &mut screen, KeyCode::Enter, lang);
            assert_eq!(screen.naming, Some(false));
            let text = rows(&game, &screen, lang, 80, 24).join("\n");
            assert!(text.contains(t.name_prompt), "{text}");
            for wrong in [KeyCode::Char('x'), KeyCode::Enter, KeyCode::Left] {
                handle(&mut game, &mut screen, wrong, lang);
                assert_eq!(screen.naming, Some(false), "{wrong:?}");
                assert_eq!(screen.message, Some((t.name_keys.to_string(), false)));
                assert_eq!(game.deal, before);
            }
            let text = rows(&game, &screen, lang, 80, 24).join("\n");
            assert!(text.contains(t.name_keys), "{text}");
            handle(&mut game, &mut screen, KeyCode::Esc, lang);
            assert_eq!((screen.naming, &screen.message), (None, &None));
            assert_eq!(game.deal, before);
            // Named after all: the lead is made.
            handle(&mut game, &mut screen, KeyCode::Enter, lang);
            handle(&mut game, &mut screen, KeyCode::Char('s'), lang);
            assert_eq!(screen.naming, None);
            assert_ne!(game.deal, before);
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
        while !game.deal.is_over() {
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
                assert_eq!(filled, table.len().min(fixed + game.log.len()), "{text}");
                if let Some((who, a)) = game.log.last() {
                    let newest = match a {
                        Action::Discard(_) if who != "Du" => format!("{who}: {}", t.lays_skat),
                        _ => format!("{who}: {a}"),
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
}
