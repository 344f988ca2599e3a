//! The games of 1829 in the terminal: a [`Table`] of any 1829 preset, seen through the
//! human's [`View`]. Cards (to play, to lay in the Scat, to give back) are chosen from the
//! hand; every other decision (honours, done, the quadrille's bids, calls and requests) from
//! a menu.

mod screen;
pub mod words;

pub use screen::{draw, payment};

use crate::lang::Lang;
use crate::table::Table;
use crate::ui::sorted;
use ratatui::crossterm::event::KeyCode;
use std::cell::Cell;
use tarok_core::{Card, CardSet, Game};
use tarok_games::{AnyAction, AnyView};
use tarok_historic::view::View;
use tarok_historic::Action;

/// What the 1829 screen shows besides the game.
#[derive(Default)]
pub struct HScreen {
    pub cursor: usize,
    pub menu_cursor: usize,
    /// A refusal (true) or a note.
    pub message: Option<(String, bool)>,
    pub input: Option<String>,
    /// The last trick is shown unless `l` hid it (until the next action).
    pub hide_last: bool,
    pub confirm_quit: bool,
    pub help: bool,
    pub scroll: u16,
    pub scroll_max: Cell<u16>,
}

/// The human's view of an 1829 deal.
pub fn view(t: &Table) -> View {
    match t.view() {
        AnyView::Historic(v) => v,
        other => panic!("an 1829 screen over a {:?} deal", other.family()),
    }
}

/// The human's legal actions of this family.
fn legal(t: &Table) -> Vec<Action> {
    t.legal()
        .into_iter()
        .filter_map(|a| match a {
            AnyAction::Historic(a) => Some(a),
            _ => None,
        })
        .collect()
}

/// The card of an action that takes a card from the hand.
fn hand_card(a: Action) -> Option<Card> {
    match a {
        Action::Play(c) | Action::Discard(c) | Action::GiveBack(c) => Some(c),
        _ => None,
    }
}

/// The cards the human may choose from the hand now.
pub fn choosable(t: &Table) -> CardSet {
    legal(t).into_iter().filter_map(hand_card).collect()
}

/// The decisions the menu offers: all but the hand's cards.
pub fn menu(t: &Table) -> Vec<Action> {
    legal(t)
        .into_iter()
        .filter(|&a| hand_card(a).is_none())
        .collect()
}

/// The legal action that takes card `c` from the hand.
fn card_action(t: &Table, c: Card) -> Option<Action> {
    legal(t).into_iter().find(|&a| hand_card(a) == Some(c))
}

fn hand(t: &Table) -> Vec<Card> {
    sorted(t.deal.hand(t.human_seat().unwrap_or(0)))
}

/// Puts the hand cursor on the first card that may be chosen, the menu cursor on its top.
pub fn reset_cursor(t: &Table, s: &mut HScreen) {
    s.cursor = crate::cursor::first(&hand(t), choosable(t));
    s.menu_cursor = 0;
}

fn act(t: &mut Table, s: &mut HScreen, a: Action, lang: Lang) {
    match t.act(AnyAction::Historic(a)) {
        Ok(()) => {
            s.message = None;
            s.hide_last = false;
            reset_cursor(t, s);
        }
        Err(e) => s.message = Some((words::refused(&e, lang), true)),
    }
}

/// Reads typed text: the records' notation, a bare card taking it from the hand in whatever
/// way the phase asks (played, laid in the Scat, given back).
fn typed(t: &Table, text: &str) -> Result<Action, String> {
    match t.deal.parse_action(text)? {
        AnyAction::Historic(Action::Play(c)) if !text.trim().starts_with("play") => {
            Ok(card_action(t, c).unwrap_or(Action::Play(c)))
        }
        AnyAction::Historic(a) => Ok(a),
        other => Err(format!("{other} is no action of the games of 1829")),
    }
}

/// Handles one key; false when the player quits.
pub fn handle(t: &mut Table, s: &mut HScreen, key: KeyCode, lang: Lang) -> bool {
    let w = words::words(lang);
    if s.help {
        s.help = false;
        return true;
    }
    if s.confirm_quit {
        s.confirm_quit = false;
        return !matches!(key, KeyCode::Char('y') | KeyCode::Char('j'));
    }
    if let Some(input) = s.input.as_mut() {
        match key {
            KeyCode::Enter => {
                let text = s.input.take().unwrap_or_default();
                match typed(t, &text) {
                    Ok(a) if t.human_to_act() => act(t, s, a, lang),
                    Ok(_) => s.message = Some((w.not_your_turn.into(), true)),
                    Err(e) => s.message = Some((words::unreadable(&text, &e, lang), true)),
                }
            }
            KeyCode::Esc => s.input = None,
            KeyCode::Backspace => {
                input.pop();
            }
            KeyCode::Char(c) => input.push(c),
            _ => {}
        }
        return true;
    }
    if key == KeyCode::Char('?') {
        s.help = true;
        return true;
    }
    if t.deal.is_over() {
        match key {
            KeyCode::Enter => {
                let entered = t.next_deal();
                *s = HScreen::default();
                reset_cursor(t, s);
                if let Err(e) = entered {
                    s.message = Some((e, true));
                }
            }
            KeyCode::Up => s.scroll = s.scroll.saturating_sub(1),
            KeyCode::Down => crate::ui::scroll_down(&mut s.scroll, &s.scroll_max),
            KeyCode::Char('q') => s.confirm_quit = true,
            _ => {}
        }
        return true;
    }
    let menu = menu(t);
    let hand = hand(t);
    match key {
        KeyCode::Char('q') => s.confirm_quit = true,
        KeyCode::Char(':') => s.input = Some(String::new()),
        KeyCode::Char('l') if view(t).tricks.iter().all(|t| t.winner.is_none()) => {
            s.message = Some((w.no_trick_yet.into(), false))
        }
        KeyCode::Char('l') => s.hide_last = !s.hide_last,
        KeyCode::Char('h') => {
            let hint = t.hint();
            // The cursor goes to the advised card or menu entry, so Enter right after takes it.
            if let Some((AnyAction::Historic(a), _)) = hint {
                match hand_card(a) {
                    Some(c) => s.cursor = hand.iter().position(|&h| h == c).unwrap_or(s.cursor),
                    None => s.menu_cursor = menu.iter().position(|&m| m == a).unwrap_or(0),
                }
            }
            s.message = hint.map(|(a, why)| {
                let a = match a {
                    AnyAction::Historic(a) => tarok_words::historic::label(a, lang),
                    other => other.to_string(),
                };
                (crate::lang::hint_line(lang, &a, &why), false)
            });
        }
        KeyCode::Left => s.cursor = crate::cursor::step(&hand, choosable(t), s.cursor, -1),
        KeyCode::Right => s.cursor = crate::cursor::step(&hand, choosable(t), s.cursor, 1),
        KeyCode::Enter if t.human_to_act() => {
            if let Some(&a) = menu.get(s.menu_cursor) {
                act(t, s, a, lang);
            } else if let Some(a) = hand.get(s.cursor).and_then(|&c| card_action(t, c)) {
                act(t, s, a, lang);
            }
        }
        other => {
            if let Some(i) = crate::widgets::menu_key(&mut s.menu_cursor, menu.len(), other) {
                act(t, s, menu[i], lang);
            }
        }
    }
    true
}

#[cfg(test)]
mod tests;
