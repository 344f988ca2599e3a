//! Pieces every family's screen draws the same way: a card, a hand with its cursor, a trick
//! with who played each card, and the menu of decisions with its keys. Each family passes its
//! own card notation and names.

use ratatui::crossterm::event::KeyCode;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use tarok_core::{Card, CardSet, Party, Payment, Suit};

/// A card in `text`, red for hearts and diamonds, cyan for trumps; bold when it may be chosen,
/// dim otherwise, reversed under the cursor.
pub fn card_span(c: Card, text: String, legal: bool, chosen: bool) -> Span<'static> {
    let mut style = match c.suit() {
        Some(Suit::Hjerter | Suit::Ruder) => Style::default().fg(Color::Red),
        Some(_) => Style::default(),
        None => Style::default().fg(Color::Cyan),
    };
    style = if legal {
        style.add_modifier(Modifier::BOLD)
    } else {
        style.add_modifier(Modifier::DIM)
    };
    if chosen {
        style = style.add_modifier(Modifier::REVERSED);
    }
    Span::styled(text, style)
}

/// A sorted hand, the cursor's card reversed only where it may be chosen.
pub fn hand_spans(
    hand: &[Card],
    may: CardSet,
    cursor: usize,
    text: impl Fn(Card) -> String,
) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for (i, &c) in hand.iter().enumerate() {
        spans.push(card_span(
            c,
            text(c),
            may.contains(c),
            i == cursor && may.contains(c),
        ));
        spans.push(Span::raw(" "));
    }
    spans
}

/// A trick with who played each card: "Anna ♠8   Bent XXI".
pub fn trick_spans(
    cards: &[Card],
    leader: u8,
    seats: u8,
    name: impl Fn(u8) -> String,
    text: impl Fn(Card) -> String,
) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for (i, &c) in cards.iter().enumerate() {
        spans.push(Span::raw(format!("{} ", name((leader + i as u8) % seats))));
        spans.push(card_span(c, text(c), true, false));
        spans.push(Span::raw("   "));
    }
    spans
}

/// The menu's entries "  1. Weiter", at most `rows` of them around the cursor, the chosen one
/// reversed.
pub fn menu_lines(labels: &[String], cursor: usize, rows: usize) -> Vec<Line<'static>> {
    let rows = rows.max(1);
    labels
        .iter()
        .enumerate()
        .skip(cursor.saturating_sub(rows - 1))
        .take(rows)
        .map(|(i, l)| {
            let style = if i == cursor {
                Style::default().add_modifier(Modifier::REVERSED)
            } else {
                Style::default()
            };
            Line::styled(format!("  {}. {l}", i + 1), style)
        })
        .collect()
}

/// What a key does to a menu of `len` entries: ↑ ↓ move the cursor; a digit 1–9 picks that
/// entry, which is returned.
pub fn menu_key(cursor: &mut usize, len: usize, key: KeyCode) -> Option<usize> {
    match key {
        KeyCode::Up => *cursor = cursor.saturating_sub(1),
        KeyCode::Down => *cursor = (*cursor + 1).min(len.saturating_sub(1)),
        KeyCode::Char(c @ '1'..='9') => {
            let i = c as usize - '1' as usize;
            return (i < len).then_some(i);
        }
        _ => {}
    }
    None
}

/// A payment with names, as the Königrufen and 1829 summaries write it: "Anna → Bent: 10
/// (Pagat lost (002 L198))". (The Danish summary adds points and the rule in brackets.)
pub fn payment_line<R: Copy>(
    l: &Payment<R>,
    party: impl Fn(Party) -> String,
    why: impl Fn(R) -> String,
) -> String {
    format!(
        "{} → {}: {} ({})",
        party(l.from),
        party(l.to),
        l.amount,
        why(l.reason)
    )
}

/// A refusal (red, bold) or a note (green) under the prompt.
pub fn message_line(m: &Option<(String, bool)>, refused: &str) -> Option<Line<'static>> {
    match m {
        Some((m, true)) => Some(Line::styled(
            format!("{refused}: {m}"),
            Style::default().fg(Color::Red).add_modifier(Modifier::BOLD),
        )),
        Some((m, false)) => Some(Line::styled(m.clone(), Style::default().fg(Color::Green))),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The menu window follows the cursor past its rows, and digits pick only entries that
    /// exist.
    #[test]
    fn the_menu_scrolls_with_its_cursor_and_digits_pick_entries() {
        let labels: Vec<String> = (1..=12).map(|i| format!("e{i}")).collect();
        let text = |c| -> Vec<String> {
            menu_lines(&labels, c, 8)
                .iter()
                .map(|l| l.to_string())
                .collect()
        };
        assert_eq!(text(0).first().unwrap(), "  1. e1");
        assert_eq!(text(10).last().unwrap(), "  11. e11");
        assert_eq!(text(10).len(), 8);
        let mut c = 0;
        assert_eq!(menu_key(&mut c, 3, KeyCode::Char('3')), Some(2));
        assert_eq!(menu_key(&mut c, 3, KeyCode::Char('4')), None);
        for _ in 0..5 {
            menu_key(&mut c, 3, KeyCode::Down);
        }
        assert_eq!(c, 2);
    }
}
