//! Keys on the Danish screen: the hand's cursor, the skat's marks, naming the skus, the
//! typed-action prompt.

use crate::cursor;
use crate::game::Game;
use crate::lang::{Lang, ScreenTexts as _};
use crate::refusal;
use crate::table::Refused;
use crate::ui::{choosable, sorted, Screen};
use ratatui::crossterm::event::KeyCode;
use tarok_core::{Card, Suit};
use tarok_danish::{Action, Named, Phase};
use tarok_games::AnyError;

/// Puts the hand cursor on the first card that may be chosen now, not on the skus while
/// another card may be: the skus sorts first, and Enter at once would throw it away. ← still
/// reaches it.
pub(crate) fn reset_cursor(game: &Game, screen: &mut Screen) {
    let may = choosable(game);
    let rather = may.without(Card::SKUS);
    let hand = game
        .human_seat()
        .map(|s| sorted(game.deal().hand(s)))
        .unwrap_or_default();
    let start = if rather.is_empty() { may } else { rather };
    screen.cursor = cursor::first(&hand, start);
}

pub(crate) fn suit_key(c: char) -> Option<Named> {
    match c.to_ascii_lowercase() {
        's' => Some(Named::Suit(Suit::Spar)),
        'h' => Some(Named::Suit(Suit::Hjerter)),
        'r' => Some(Named::Suit(Suit::Ruder)),
        'k' => Some(Named::Suit(Suit::Kloer)),
        't' => Some(Named::Trump),
        _ => None,
    }
}

/// The tricks taken so far in the deal.
fn finished_tricks(game: &Game) -> usize {
    game.deal().tricks_won().iter().map(|&n| n as usize).sum()
}

pub(crate) fn act(game: &mut Game, screen: &mut Screen, action: Action, lang: Lang) {
    let before = finished_tricks(game);
    match game.act(action) {
        Ok(()) => {
            let over = game.deal().is_over();
            screen
                .hold
                .after_action(before, finished_tricks(game), over);
            screen.message = None;
            screen.marked = tarok_core::CardSet::EMPTY;
            reset_cursor(game, screen);
            if game.deal().is_over() {
                screen.scroll = 0;
                if let Some(e) = &game.save_error {
                    screen.message = Some((e.clone(), true));
                }
            }
        }
        Err(Refused::Rule(AnyError::Danish(e))) => {
            let said = tarok_words::refusal::danish(&e, lang);
            screen.message = Some((refusal::with_guide(&said, &e, lang), true))
        }
        Err(Refused::NotYourTurn) => {
            screen.message = Some((lang.texts().not_your_turn.into(), true))
        }
        Err(e) => screen.message = Some((e.to_string(), true)),
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
    // Any key ends watching a deal the human sat out.
    if screen.watch.take().is_some() {
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
    if game.deal().is_over() {
        match key {
            KeyCode::Enter => {
                let entered = game.next_deal();
                *screen = Screen::default();
                reset_cursor(game, screen);
                if let Some(e) = entered.err().or_else(|| game.save_error.clone()) {
                    screen.message = Some((e, true));
                }
            }
            KeyCode::Up => screen.scroll = screen.scroll.saturating_sub(1),
            KeyCode::Down => crate::ui::scroll_down(&mut screen.scroll, &screen.scroll_max),
            KeyCode::Char('q') => screen.confirm_quit = true,
            KeyCode::Char('w') if game.human_seat().is_none() && !game.actions.is_empty() => {
                screen.watch = Some(crate::hold::Watch::start())
            }
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
        .map(|s| sorted(game.deal().hand(s)))
        .unwrap_or_default();
    match key {
        KeyCode::Char('q') => screen.confirm_quit = true,
        KeyCode::Char('?') => screen.show_help = true,
        KeyCode::Char(':') => screen.input = Some(String::new()),
        // Before the first trick is taken there is no last trick: say so rather than nothing.
        KeyCode::Char('l') if game.deal().tricks_won().iter().all(|&n| n == 0) => {
            screen.message = Some((lang.texts().no_trick_yet.into(), false))
        }
        KeyCode::Char('l') => screen.show_last = !screen.show_last,
        KeyCode::Char('h') => {
            // The cursor (and the skat's marks) go to the advised cards, so Enter takes the hint.
            let hint = game.hint();
            match hint.as_ref().map(|(a, _)| *a) {
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
                let a = tarok_words::danish::label(a, lang);
                (crate::lang::hint_line(lang, &a, &w), false)
            });
        }
        KeyCode::Left => screen.cursor = cursor::step(&hand, choosable(game), screen.cursor, -1),
        KeyCode::Right => screen.cursor = cursor::step(&hand, choosable(game), screen.cursor, 1),
        _ if !game.human_to_act() => {}
        KeyCode::Char('r') if game.deal().phase() == Phase::Redeal => {
            act(game, screen, Action::Redeal, lang)
        }
        KeyCode::Char('k') if game.deal().phase() == Phase::Redeal => {
            act(game, screen, Action::Keep, lang)
        }
        KeyCode::Char('d') if matches!(game.deal().phase(), Phase::Demand { .. }) => {
            act(game, screen, Action::Demand, lang)
        }
        KeyCode::Char('p') if matches!(game.deal().phase(), Phase::Demand { .. }) => {
            act(game, screen, Action::Pass, lang)
        }
        KeyCode::Char('n') => screen.naming = Some(true),
        KeyCode::Char(' ') if game.deal().phase() == Phase::Skat => {
            if let Some(&c) = hand.get(screen.cursor) {
                if screen.marked.contains(c) {
                    screen.marked.remove(c);
                } else if screen.marked.len() < 3 {
                    screen.marked.insert(c);
                }
            }
        }
        // Space marks for the skat only (above); a card is played with Enter alone.
        KeyCode::Enter => match game.deal().phase() {
            Phase::Skat => act(game, screen, Action::Discard(screen.marked), lang),
            Phase::Play => {
                if let Some(&c) = hand.get(screen.cursor) {
                    let leading = game.deal().trick().n == 0;
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

/// The moment the screen waited for has come: a held trick is released, a watched deal shows
/// its next action (and ends after its last).
pub fn on_time(game: &mut Game, screen: &mut Screen) {
    screen.hold.release();
    if let Some(w) = screen.watch.as_mut() {
        if !w.advance(game.actions.len()) {
            screen.watch = None;
        }
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_screen;
