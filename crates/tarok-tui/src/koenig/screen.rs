//! Drawing the Königrufen table, the summary and the help.

use crate::ui::sorted;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use tarok_core::{Card, Suit};
use tarok_koenigrufen::cards::{screen, screen_set};
use tarok_koenigrufen::view::TrickView;
use tarok_koenigrufen::Phase;

use super::*;

pub(super) fn card_span(c: Card, legal: bool, chosen: bool) -> Span<'static> {
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
    Span::styled(screen(c), style)
}

/// A trick with who played each card: "Anna ♠8   Bent XXI".
pub(super) fn trick_spans(g: &KGame, t: &TrickView) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for (i, &c) in t.cards.iter().enumerate() {
        spans.push(Span::raw(format!("{} ", g.name((t.leader + i as u8) % 4))));
        spans.push(card_span(c, true, false));
        spans.push(Span::raw("   "));
    }
    spans
}

/// What the Königrufen screen shows besides the game.
#[derive(Default)]
pub struct KScreen {
    pub cursor: usize,
    pub menu_cursor: usize,
    pub message: Option<(String, bool)>,
    pub input: Option<String>,
    pub show_last: bool,
    pub confirm_quit: bool,
    pub scroll: u16,
    /// The furthest the summary scrolls, as last drawn (see [`crate::ui::scrolled`]).
    pub scroll_max: std::cell::Cell<u16>,
    pub help: bool,
}

/// The help screen (`?`).
pub(super) const HELP: &[&str] = &[
    "Hilfe — Königrufen",
    "",
    "Tasten:",
    "  ← →    Karte wählen               Enter  Karte spielen, Menüpunkt nehmen",
    "  ↑ ↓    Menüpunkt wählen           1–9    Punkt 1–9 nehmen (ab 10: ↑ ↓)",
    "  :      Zug tippen (Esc: zurück)   h      Tipp: was Stufe 1 täte, warum",
    "  l      letzten Stich zeigen       q      Abend beenden",
    "  ?      diese Hilfe",
    "",
    "Menü: Lizitation, König rufen, Talonhälfte, Ansagen, Kontra/Re/Subkontra",
    "und „Gut“ wählt man im Menü; Karten aus der Hand.",
    "",
    "Getippte Züge, nach „:“ und Enter:",
    "  Karten wie auf dem Schirm: Tarock in römischen Zahlen (XXI … I, X ist",
    "  Tarock 10), Sküs, Farbkarten ♥K ♠10 oder HK P10 KaD KrB.",
    "  Menüpunkte wie angezeigt: Weiter, Spiel: Dreier, Kontra: Spiel von Anna,",
    "  oder kurz: pass, halten, bid:dreier, call:HK, gut.",
    "",
    "Bei 5 und 6 Spielern setzen der Geber (und bei 6 der Dritte nach ihm) aus.",
    "",
    "Eine beliebige Taste schließt die Hilfe.",
];

pub fn draw(f: &mut Frame, g: &KGame, s: &KScreen) {
    let area = f.area();
    // The Danish screen's notice, in German as the rest of this screen.
    if crate::ui::too_small(f, crate::lang::Lang::De.texts().too_small) {
        return;
    }
    if s.help {
        let lines: Vec<Line> = HELP.iter().map(|&l| Line::from(l)).collect();
        f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
        return;
    }
    if g.deal.is_over() {
        let mut lines = vec![Line::styled(
            format!("Abrechnung — Spiel #{}", g.deal_no),
            Style::default().add_modifier(Modifier::BOLD),
        )];
        if g.sits_out() {
            let dealt = if g.dealer == HUMAN { " (Geber)" } else { "" };
            lines.push(Line::styled(
                format!(
                    "Du setzt in diesem Spiel aus{dealt}. Es spielten {}.",
                    g.names_of(&g.seating.table_seats)
                ),
                Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD),
            ));
        } else if let Some(out) = g.sitting_out() {
            lines.push(Line::from(format!("{out}.")));
        }
        lines.push(Line::from("Spielliste (Punkte):"));
        for l in g.sheet_lines() {
            lines.push(Line::from(format!("  {l}")));
        }
        if let Some(p) = &g.saved {
            lines.push(Line::from(format!("Spiel gespeichert in {}", p.display())));
        }
        if let Some(e) = &g.save_error {
            lines.push(Line::styled(
                format!("Nicht gespeichert: {e}"),
                Style::default().fg(Color::Red),
            ));
        }
        let payments = g.deal.settlement();
        if !payments.is_empty() {
            lines.push(Line::from("Zahlungen:"));
        }
        for l in &payments {
            lines.push(Line::from(format!("  {}", g.payment(l))));
        }
        for seat in 0..4u8 {
            // Every hand as dealt: all cards are open once the deal is over.
            lines.push(Line::from(format!(
                "{}: {}",
                g.name(seat),
                screen_set(g.deal.state.dealt[seat as usize])
            )));
        }
        let st = &g.deal.state;
        let mut talon = format!("Talon: {}", talon_halves(st.talon, st.half_taken, " | "));
        // Trischaken and the games without the talon lay nothing away.
        if !st.discard.is_empty() {
            talon += &format!("   abgelegt: {}", screen_set(st.discard));
        }
        lines.push(Line::from(talon));
        let [body, keys] =
            Layout::vertical([Constraint::Min(3), Constraint::Length(1)]).areas(area);
        crate::ui::scrolled(f, lines, body, s.scroll, &s.scroll_max);
        let bar = if s.confirm_quit {
            "Abend beenden? y / n"
        } else {
            "Enter: nächstes Spiel   q: beenden   ↑↓ blättern   ? Hilfe"
        };
        f.render_widget(
            Paragraph::new(bar).style(Style::default().add_modifier(Modifier::REVERSED)),
            keys,
        );
        return;
    }
    let me = g.human_seat().unwrap_or(0);
    let v = g.deal.view(me);
    let menu = g.menu();
    let contract = v.contract.map_or("Lizitation".to_string(), |c| {
        let decl: Vec<&str> = v.declarers.iter().map(|&d| g.name(d)).collect();
        format!("{c} ({})", decl.join(", "))
    });
    let king = v
        .called_king
        .map(|k| format!(" · gerufen {}", screen(k)))
        .unwrap_or_default();
    let title = format!(
        " tarok Königrufen · #{} · Stich {}/12 · {contract}{king} ",
        g.deal_no,
        v.tricks.iter().filter(|t| t.winner.is_some()).count() + 1
    );
    let title = Paragraph::new(title).style(Style::default().add_modifier(Modifier::REVERSED));
    let totals = g.session.sheet.totals();
    let mut lines = Vec::new();
    for seat in 0..4u8 {
        let person = g.seating.table_seats[seat as usize];
        // The table's dealer, not the deal's inner dealer seat: at 5 and 6 players the dealer
        // sits out and is named on the status line instead.
        let role = if seat == v.vorhand {
            "Vorhand"
        } else if person == g.dealer {
            "Geber"
        } else {
            ""
        };
        let style = if v.to_act == Some(seat) {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        let (cards, tricks) = (g.deal.state.hand(seat).len(), v.tricks_won[seat as usize]);
        // Singular for one, each word padded to its plural so the columns stay put.
        let noun = |n: u32, one: &'static str, many: &'static str| if n == 1 { one } else { many };
        lines.push(Line::styled(
            format!(
                "{:<10} {:<8} {cards:>2} {:<6} {tricks:>2} {:<6}  {}",
                g.name(seat),
                role,
                noun(cards, "Karte", "Karten"),
                noun(tricks as u32, "Stich", "Stiche"),
                tarok_koenigrufen::table::halves_text(totals[person])
            ),
            style,
        ));
    }
    let ann: Vec<String> = v
        .announcements
        .iter()
        .map(|(s, p)| format!("{} {p}", g.name(*s)))
        .collect();
    // Announcements and every Kontra stay here for the whole deal (the log scrolls away).
    let mut status = Vec::new();
    if !ann.is_empty() {
        status.push(format!("Ansagen: {}", ann.join(", ")));
    }
    status.extend(g.kontras(&v));
    status.extend(g.sitting_out());
    if !status.is_empty() {
        lines.push(Line::from(status.join(" · ")));
    }
    let players_h = lines.len() as u16;
    let players = Paragraph::new(lines);
    let mut lines = Vec::new();
    if let Some(t) = v.tricks.last().filter(|t| t.winner.is_none()) {
        let mut spans = vec![Span::raw("Stich: ")];
        spans.extend(trick_spans(g, t));
        lines.push(Line::from(spans));
    }
    if s.show_last {
        if let Some(t) = v.tricks.iter().rev().find(|t| t.winner.is_some()) {
            let mut spans = vec![Span::raw("Letzter Stich: ")];
            spans.extend(trick_spans(g, t));
            spans.push(Span::raw(format!("→ {}", g.name(t.winner.unwrap_or(0)))));
            lines.push(Line::from(spans));
        }
    }
    if let Some(talon) = v.talon {
        let halves = talon_halves(talon, v.half_taken, "   ");
        lines.push(Line::from(format!("Talon: {halves}")));
    }
    let mut table_lines = lines;
    let legal = choosable(g);
    let mut spans = Vec::new();
    for (i, c) in sorted(v.hand).into_iter().enumerate() {
        spans.push(card_span(
            c,
            legal.contains(c),
            i == s.cursor && legal.contains(c),
        ));
        spans.push(Span::raw(" "));
    }
    let hand = Paragraph::new(Line::from(spans))
        .wrap(Wrap { trim: true })
        .block(
            Block::default()
                .borders(Borders::TOP)
                .title(" Deine Karten "),
        );
    let w = area.width;
    let hand_h = hand.line_count(w) as u16;
    let prompt = if s.confirm_quit {
        "Abend beenden? y / n".to_string()
    } else if let Some(i) = &s.input {
        format!(":{i}_")
    } else if !g.human_to_act() {
        "warte …".to_string()
    } else if !menu.is_empty() {
        format!(
            "Du bist dran ({}) — ↑↓ wählen, Enter bestätigt",
            phase_name(v.phase)
        )
    } else if v.phase == Phase::Discard {
        "Du bist dran — Karte zum Ablegen wählen, Enter".to_string()
    } else {
        "Du bist dran — Karte mit ← → wählen, Enter spielt".to_string()
    };
    let message = match &s.message {
        Some((m, true)) => Some(Line::styled(
            format!("Abgelehnt: {m}"),
            Style::default().fg(Color::Red).add_modifier(Modifier::BOLD),
        )),
        Some((m, false)) => Some(Line::styled(m.clone(), Style::default().fg(Color::Green))),
        None => None,
    };
    let message = message.map(|m| Paragraph::new(m).wrap(Wrap { trim: true }));
    let message_h = message.as_ref().map_or(0, |m| m.line_count(w) as u16);
    // Each panel as high as its text, no row left empty. The menu shows at most 8 entries
    // (↑↓ scroll it), fewer where the table would keep less than its border and 3 lines; the
    // table takes the rest for the log.
    let others = 1 + players_h + hand_h + 1 + message_h + 1;
    let menu_rows = menu
        .len()
        .min(8)
        .min(area.height.saturating_sub(others + 4) as usize)
        .max(1);
    let mut lines = vec![Line::styled(
        prompt,
        Style::default().add_modifier(Modifier::BOLD),
    )];
    for (i, a) in menu
        .iter()
        .enumerate()
        .skip(s.menu_cursor.saturating_sub(menu_rows - 1))
        .take(menu_rows)
    {
        let style = if i == s.menu_cursor {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        lines.push(Line::styled(format!("  {}. {}", i + 1, g.label(*a)), style));
    }
    // Untrimmed, so the entries keep their indent: a trimming wrap took it.
    let bottom = Paragraph::new(lines).wrap(Wrap { trim: false });
    let bottom_h = bottom.line_count(w) as u16;
    let keys = Paragraph::new(Line::styled(
        "←→ Karte  ↑↓ Menü  Enter  : tippen  h Tipp  l letzter Stich  ? Hilfe  q Ende",
        Style::default().fg(Color::DarkGray),
    ));
    let [top, players_area, table, hand_area, bottom_area, message_area, keys_area] =
        Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(players_h),
            Constraint::Min(4),
            Constraint::Length(hand_h),
            Constraint::Length(bottom_h),
            Constraint::Length(message_h),
            Constraint::Length(1),
        ])
        .areas(area);
    // The log fills the rest of the table (inside its top border), newest last, so bidding
    // and the talon stay in view while there is room.
    let room = (table.height as usize).saturating_sub(1 + table_lines.len());
    table_lines.extend(crate::ui::recent(&g.log, room));
    f.render_widget(title, top);
    f.render_widget(players, players_area);
    f.render_widget(
        Paragraph::new(table_lines).block(Block::default().borders(Borders::TOP)),
        table,
    );
    f.render_widget(hand, hand_area);
    f.render_widget(bottom, bottom_area);
    if let Some(m) = message {
        f.render_widget(m, message_area);
    }
    f.render_widget(keys, keys_area);
}
