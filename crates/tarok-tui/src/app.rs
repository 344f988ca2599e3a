//! The keyboard loop.

use crate::game::Game;
use crate::lang::Lang;
use crate::refusal;
use crate::ui::{draw, sorted, Screen};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};
use std::io::IsTerminal;
use std::path::PathBuf;
use tarok_core::Suit;
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
            if !handle(&mut game, &mut screen, key.code, config.lang) {
                return Ok(());
            }
        }
    })();
    ratatui::restore();
    result
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
            if key.kind == KeyEventKind::Press && !handle(&mut game, &mut screen, key.code) {
                return Ok(());
            }
        }
    })();
    ratatui::restore();
    result
}

/// Puts the hand cursor on the first card that may be played now.
fn reset_cursor(game: &Game, screen: &mut Screen) {
    let legal = game.deal.legal_cards();
    let hand = game
        .human_seat()
        .map(|s| sorted(game.deal.hand(s)))
        .unwrap_or_default();
    screen.cursor = hand.iter().position(|&c| legal.contains(c)).unwrap_or(0);
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
                game.next_deal();
                *screen = Screen::default();
                reset_cursor(game, screen);
            }
            KeyCode::Up => screen.scroll = screen.scroll.saturating_sub(1),
            KeyCode::Down => screen.scroll += 1,
            KeyCode::Char('q') => screen.confirm_quit = true,
            _ => {}
        }
        return true;
    }
    if let Some(rename) = screen.naming {
        screen.naming = None;
        if let KeyCode::Char(c) = key {
            if let Some(n) = suit_key(c) {
                act(
                    game,
                    screen,
                    if rename {
                        Action::Rename(n)
                    } else {
                        Action::LeadSkus(n)
                    },
                    lang,
                );
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
        KeyCode::Char('l') => screen.show_last = !screen.show_last,
        KeyCode::Char('h') => {
            screen.message = game.hint().map(|(a, w)| {
                let why = crate::reason::danish(w, lang);
                (format!("{}: {a} — {why}", lang.texts().hint), false)
            });
        }
        KeyCode::Left => screen.cursor = screen.cursor.saturating_sub(1),
        KeyCode::Right => screen.cursor = (screen.cursor + 1).min(hand.len().saturating_sub(1)),
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
        KeyCode::Enter | KeyCode::Char(' ') => match game.deal.phase() {
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
    use tarok_ai::{danish::DanishL1, Bot};

    /// A card typed that does not follow is refused on the Danish screen in Danish, with its
    /// rule's source, and the deal does not move.
    #[test]
    fn a_refusal_in_danish_on_the_danish_screen() {
        let dir = std::env::temp_dir().join(format!("tarok-refusal-{}", std::process::id()));
        let names = ["Du", "Anna", "Bent"].map(String::from).to_vec();
        let mut game = Game::new(Preset::Dtf2011, names, 5, &dir).unwrap();
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
            let names = ["Du", "Anna", "Bent"].map(String::from).to_vec();
            let mut game = Game::new(Preset::Moeller, names, 8, &dir).unwrap();
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
}
