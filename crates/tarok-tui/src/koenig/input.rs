//! Keys on the Königrufen screen: the hand's cursor, the menu, the typed-action prompt.

use crate::ui::sorted;
use tarok_core::CardSet;
use tarok_koenigrufen::{Action, Item, Phase};

use super::*;

/// The cards the human may play or lay away now; none while a menu decision is due or
/// another player is to act, so the hand then shows no cursor.
pub fn choosable(g: &KGame) -> CardSet {
    let mut cards = CardSet::EMPTY;
    if !g.human_to_act() {
        return cards;
    }
    for a in g.deal().legal_actions() {
        match a {
            Action::Play(c) | Action::Discard(c) => cards.insert(c),
            // Enter takes the menu entry then.
            _ => return CardSet::EMPTY,
        }
    }
    cards
}

/// Puts the hand cursor on the first card that may be played now.
pub fn reset_cursor(g: &KGame, s: &mut KScreen) {
    let hand = g
        .human_seat()
        .map(|seat| sorted(g.deal().view(seat).hand))
        .unwrap_or_default();
    s.cursor = crate::cursor::first(&hand, choosable(g));
    s.menu_cursor = 0;
}

/// The tricks taken so far in the deal.
fn finished_tricks(g: &KGame) -> usize {
    g.view()
        .tricks
        .iter()
        .filter(|t| t.winner.is_some())
        .count()
}

pub(super) fn act(g: &mut KGame, s: &mut KScreen, a: Action) {
    let before = finished_tricks(g);
    match g.act(a) {
        Ok(()) => {
            let over = g.deal.is_over();
            s.hold.after_action(before, finished_tricks(g), over);
            s.message = None;
            reset_cursor(g, s);
        }
        Err(e) => s.message = Some((e, true)),
    }
}

/// Handles one key; false when the player quits.
pub fn handle(g: &mut KGame, s: &mut KScreen, key: ratatui::crossterm::event::KeyCode) -> bool {
    use ratatui::crossterm::event::KeyCode;
    if s.help {
        s.help = false;
        return true;
    }
    // Any key ends watching a deal the human sat out.
    if s.watch.take().is_some() {
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
                match g.parse_typed(&text) {
                    Ok(a) if g.human_to_act() => act(g, s, a),
                    Ok(_) => {
                        let not = g.lang.pick(
                            "not your turn",
                            "det er ikke din tur",
                            "du bist nicht dran",
                        );
                        s.message = Some((not.into(), true))
                    }
                    Err(_) => {
                        let kontra = g.label(Action::Kontra(Item::Game(g.kontra_example_seat())));
                        let m = crate::refusal::koenigrufen_unreadable_in(&text, &kontra, g.lang);
                        s.message = Some((m, true))
                    }
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
    if g.deal.is_over() {
        match key {
            KeyCode::Enter => {
                g.next_deal();
                *s = KScreen::default();
                reset_cursor(g, s);
            }
            KeyCode::Up => s.scroll = s.scroll.saturating_sub(1),
            KeyCode::Down => crate::ui::scroll_down(&mut s.scroll, &s.scroll_max),
            KeyCode::Char('q') => s.confirm_quit = true,
            KeyCode::Char('w') if g.sits_out() && !g.actions.is_empty() => {
                s.watch = Some(crate::hold::Watch::start())
            }
            _ => {}
        }
        return true;
    }
    let menu = g.menu();
    let hand = g
        .human_seat()
        .map(|seat| sorted(g.deal().view(seat).hand))
        .unwrap_or_default();
    match key {
        KeyCode::Char('q') => s.confirm_quit = true,
        KeyCode::Char(':') => s.input = Some(String::new()),
        // As on the Danish screen: before the first trick is taken, say that there is none.
        KeyCode::Char('l') if g.view().tricks.iter().all(|t| t.winner.is_none()) => {
            let none = g.lang.pick(
                "no trick played yet",
                "intet stik spillet endnu",
                "noch kein Stich gespielt",
            );
            s.message = Some((none.into(), false))
        }
        KeyCode::Char('l') => s.show_last = !s.show_last,
        KeyCode::Char('h') => {
            let hint = g.hint();
            // The cursor goes to the advised choice, so Enter right after takes it.
            match hint.as_ref().map(|(a, _)| *a) {
                Some(Action::Play(c) | Action::Discard(c)) => {
                    s.cursor = hand.iter().position(|&h| h == c).unwrap_or(s.cursor)
                }
                Some(a) => s.menu_cursor = menu.iter().position(|&m| m == a).unwrap_or(0),
                None => {}
            }
            s.message = hint.map(|(a, w)| (crate::lang::hint_line(g.lang, &g.label(a), &w), false))
        }
        KeyCode::Left => s.cursor = crate::cursor::step(&hand, choosable(g), s.cursor, -1),
        KeyCode::Right => s.cursor = crate::cursor::step(&hand, choosable(g), s.cursor, 1),
        KeyCode::Up => s.menu_cursor = s.menu_cursor.saturating_sub(1),
        KeyCode::Down => s.menu_cursor = (s.menu_cursor + 1).min(menu.len().saturating_sub(1)),
        KeyCode::Char(c @ '1'..='9') if !menu.is_empty() => {
            if let Some(&a) = menu.get(c as usize - '1' as usize) {
                act(g, s, a);
            }
        }
        KeyCode::Enter if g.human_to_act() => {
            if let Some(&a) = menu.get(s.menu_cursor) {
                act(g, s, a);
            } else if let Some(&c) = hand.get(s.cursor) {
                let a = if g.view().phase == Phase::Discard {
                    Action::Discard(c)
                } else {
                    Action::Play(c)
                };
                act(g, s, a);
            }
        }
        _ => {}
    }
    true
}

/// The moment the screen waited for has come: a held trick is released, a watched deal shows
/// its next action (and ends after its last).
pub fn on_time(g: &mut KGame, s: &mut KScreen) {
    s.hold.release();
    if let Some(w) = s.watch.as_mut() {
        if !w.advance(g.actions.len()) {
            s.watch = None;
        }
    }
}
