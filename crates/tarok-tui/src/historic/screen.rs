//! Drawing an 1829 deal: the players, the honours declared, the current and the last trick,
//! the dealer's Scat, the hand, the prompt with its menu; and once the deal is over, the
//! settlement and the evening's balances.

use super::words;
use super::{choosable, menu, view, HScreen};
use crate::lang::{Lang, ScreenTexts as _};
use crate::table::Table;
use crate::ui::sorted;
use crate::widgets::{hand_spans, menu_lines, message_line, trick_spans};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use tarok_core::{Game, Party};
use tarok_games::AnyAction;
use tarok_historic::deal::{Contract, Phase};
use tarok_historic::view::{TrickView, View};
use tarok_historic::{Action, Reason};
use tarok_words::historic::{self as hw, label};

fn bold() -> Style {
    Style::default().add_modifier(Modifier::BOLD)
}

fn reversed() -> Style {
    Style::default().add_modifier(Modifier::REVERSED)
}

/// A trick as a line: "Trick (led by Anna): Anna T5   Bent HK".
fn trick_line(t: &Table, v: &View, head: String, tr: &TrickView) -> Line<'static> {
    let n = v.hand_sizes.len() as u8;
    let mut spans = vec![Span::raw(head)];
    spans.extend(trick_spans(
        &tr.cards,
        tr.leader,
        n,
        |s| t.name(s).to_string(),
        |c| c.to_string(),
    ));
    if let Some(w) = tr.winner {
        spans.push(Span::raw(format!("→ {}", t.name(w))));
    }
    Line::from(spans)
}

pub fn draw(f: &mut Frame, t: &Table, s: &HScreen, lang: Lang) {
    if crate::ui::too_small(f, lang.texts().too_small) {
        return;
    }
    let w = words::words(lang);
    if s.help {
        let lines: Vec<Line> = w.help.iter().map(|&l| Line::from(l)).collect();
        f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), f.area());
        return;
    }
    if t.deal.is_over() {
        summary(f, t, s, lang);
    } else {
        table(f, t, s, lang);
    }
}

/// The players' rows: name, dealer, cards, tricks, the evening's balance; bold for whoever is
/// to act. Then the honours declared and, in the quadrille, the bid and the call.
fn players(t: &Table, v: &View, lang: Lang) -> Vec<Line<'static>> {
    let (w, texts) = (words::words(lang), lang.texts());
    let mut lines = Vec::new();
    for (seat, &cards) in v.hand_sizes.iter().enumerate() {
        let seat = seat as u8;
        let role = if seat == v.dealer { w.dealer } else { "" };
        let style = if v.to_act == Some(seat) {
            bold()
        } else {
            Style::default()
        };
        lines.push(Line::styled(
            format!(
                "{:<10} {:<8} {cards:>2} {:<6} {:>2} {:<6}  {:+}",
                t.name(seat),
                role,
                texts.cards_n(cards),
                v.tricks_won[seat as usize],
                texts.tricks_n(v.tricks_won[seat as usize] as u32),
                t.totals[t.seating.seats[seat as usize]]
            ),
            style,
        ));
    }
    let declared: Vec<String> = v
        .declared
        .iter()
        .map(|d| format!("{} {}", t.name(d.seat), hw::declared(d, lang)))
        .collect();
    let mut status = Vec::new();
    if !declared.is_empty() {
        status.push(format!("{}: {}", w.honours, declared.join(", ")));
    }
    if let (Some(d), true) = (v.declarer, v.contract != Contract::None) {
        let what = match v.contract {
            Contract::Mediateur => "Mediateur".to_string(),
            _ => v.called.map_or(String::new(), |c| format!("{c}")),
        };
        let partner = v
            .partner
            .map(|p| format!(", {} {}", w.partner, t.name(p)))
            .unwrap_or_default();
        status.push(format!("{}: {what}{partner}", t.name(d)));
    }
    if !status.is_empty() {
        lines.push(Line::from(status.join(" · ")));
    }
    if let Some(p) = t.evening.standing() {
        lines.push(Line::from(hw::partie(&p, lang, &t.names)));
    }
    lines
}

fn table(f: &mut Frame, t: &Table, s: &HScreen, lang: Lang) {
    let area = f.area();
    let w = words::words(lang);
    let v = view(t);
    // The trick's number once the cards are played; before, the phase alone.
    let done = v.tricks.iter().filter(|t| t.winner.is_some()).count();
    let trick = if v.phase == Phase::Play {
        let all = done + v.hand_sizes.iter().max().copied().unwrap_or(0) as usize;
        format!(" · {} {}/{all}", w.trick, done + 1)
    } else {
        String::new()
    };
    let title = format!(
        " tarok {} · {} #{}{trick} · {} ",
        t.preset,
        w.deal,
        t.deal_no,
        hw::phase(v.phase, lang)
    );
    let players = players(t, &v, lang);
    let players_h = players.len() as u16;
    let mut table_lines = Vec::new();
    if let Some(tr) = v.tricks.last().filter(|tr| tr.winner.is_none()) {
        let head = format!("{} ({} {}): ", w.trick, w.led_by, t.name(tr.leader));
        table_lines.push(trick_line(t, &v, head, tr));
    } else if v.phase == Phase::Play {
        let leader = v.to_act.unwrap_or(0);
        table_lines.push(Line::from(format!(
            "{} ({} {}): ",
            w.trick,
            w.led_by,
            t.name(leader)
        )));
    }
    let last = v.tricks.iter().rev().find(|tr| tr.winner.is_some());
    if let Some(tr) = last.filter(|_| !s.hide_last) {
        table_lines.push(trick_line(t, &v, format!("{}: ", w.last_trick), tr));
    }
    if let Some(scat) = v.scat.filter(|sc| !sc.is_empty()) {
        let cards: Vec<String> = sorted(scat).iter().map(|c| c.to_string()).collect();
        table_lines.push(Line::from(format!("{}: {}", w.scat, cards.join(" "))));
    }
    let may = choosable(t);
    let hand = Paragraph::new(Line::from(hand_spans(
        &sorted(v.hand),
        may,
        s.cursor,
        |c| c.to_string(),
    )))
    .wrap(Wrap { trim: true })
    .block(Block::default().borders(Borders::TOP).title(w.hand));
    let width = area.width;
    let hand_h = hand.line_count(width) as u16;
    let menu = menu(t);
    let prompt = if s.confirm_quit {
        w.quit_confirm.to_string()
    } else if let Some(i) = &s.input {
        format!(":{i}_")
    } else if !t.human_to_act() {
        w.waiting.to_string()
    } else {
        let how = if !menu.is_empty() {
            w.menu_prompt
        } else if v.phase == Phase::Discard {
            w.scat_prompt
        } else if v.phase == Phase::GiveBack {
            w.give_back_prompt
        } else {
            w.card_prompt
        };
        format!("{} ({}) — {how}", w.your_turn, hw::phase(v.phase, lang))
    };
    let message =
        message_line(&s.message, w.refused).map(|m| Paragraph::new(m).wrap(Wrap { trim: true }));
    let message_h = message.as_ref().map_or(0, |m| m.line_count(width) as u16);
    let others = 1 + players_h + hand_h + 1 + message_h + 1;
    let rows = menu
        .len()
        .min(8)
        .min(area.height.saturating_sub(others + 4) as usize);
    let labels: Vec<String> = menu.iter().map(|&a| label(a, lang)).collect();
    let mut bottom = vec![Line::styled(prompt, bold())];
    bottom.extend(menu_lines(&labels, s.menu_cursor, rows));
    let bottom = Paragraph::new(bottom).wrap(Wrap { trim: false });
    let bottom_h = bottom.line_count(width) as u16;
    let [top, players_area, table_area, hand_area, bottom_area, message_area, keys_area] =
        Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(players_h),
            Constraint::Min(3),
            Constraint::Length(hand_h),
            Constraint::Length(bottom_h),
            Constraint::Length(message_h),
            Constraint::Length(1),
        ])
        .areas(area);
    // The log fills the table's free rows, newest last.
    let log: Vec<String> = t
        .log
        .iter()
        .map(|&(seat, a)| {
            let shown = match a {
                // Another dealer's Scat stays hidden.
                AnyAction::Historic(Action::Discard(_)) if Some(seat) != t.human_seat() => {
                    hw::hidden_discard(lang).to_string()
                }
                // The card a Mediateur gives back is known only to him and its receiver.
                AnyAction::Historic(Action::GiveBack(c))
                    if Some(seat) != t.human_seat()
                        && !v.requests.iter().any(|r| r.returned == Some(c)) =>
                {
                    hw::hidden_give_back(lang).to_string()
                }
                AnyAction::Historic(a) => label(a, lang),
                other => other.to_string(),
            };
            format!("{}: {shown}", t.name(seat))
        })
        .collect();
    let room = (table_area.height as usize).saturating_sub(1 + table_lines.len());
    table_lines.extend(crate::ui::recent(&log, room));
    f.render_widget(Paragraph::new(title).style(reversed()), top);
    f.render_widget(Paragraph::new(players), players_area);
    f.render_widget(
        Paragraph::new(table_lines).block(Block::default().borders(Borders::TOP)),
        table_area,
    );
    f.render_widget(hand, hand_area);
    f.render_widget(bottom, bottom_area);
    if let Some(m) = message {
        f.render_widget(m, message_area);
    }
    f.render_widget(
        Paragraph::new(Line::styled(
            w.keys,
            Style::default().fg(ratatui::style::Color::DarkGray),
        )),
        keys_area,
    );
}

/// One payment of the deal with names: "Anna → You: 10 (Pagat lost (002 L198))".
pub fn payment(t: &Table, l: &tarok_core::Payment<Reason>, lang: Lang) -> String {
    named_payment(l, |s| t.name(s).to_string(), lang)
}

/// One payment with each player named by `name`.
fn named_payment(
    l: &tarok_core::Payment<Reason>,
    name: impl Fn(u8) -> String,
    lang: Lang,
) -> String {
    let party = |p: Party| match p {
        Party::Player(s) => name(s),
        Party::Cup(c) => format!("#{c}"),
    };
    crate::widgets::payment_line(l, party, |r| hw::reason(r, lang))
}

fn summary(f: &mut Frame, t: &Table, s: &HScreen, lang: Lang) {
    let w = words::words(lang);
    let tarok_games::AnyDeal::Historic(d) = &t.deal else {
        return;
    };
    let mut lines = vec![Line::styled(
        format!("{} — {} #{}", w.settlement, w.deal, t.deal_no),
        bold(),
    )];
    if d.phase() == Phase::Void {
        lines.push(Line::from(w.void));
    }
    let payments = Game::settlement(d);
    if payments.is_empty() {
        lines.push(Line::from(format!("  {}", w.no_payments)));
    }
    for l in &payments {
        lines.push(Line::from(format!("  {}", payment(t, l, lang))));
    }
    let b = Game::balances(d);
    let deal: Vec<String> = (0..t.names.len())
        .map(|s| format!("{} {:+}", t.name(s as u8), b.players[s]))
        .collect();
    lines.push(Line::from(format!("= {}", deal.join("  "))));
    // The Partie: how it stood when this deal ended it, with its payments (between persons,
    // so named by person); else where it stands.
    match (&t.evening.ended, t.evening.standing()) {
        (Some(ended), _) => {
            lines.push(Line::from(hw::partie(&ended.standing, lang, &t.names)));
            if ended.payments.is_empty() {
                lines.push(Line::from(format!("  {}", w.no_payments)));
            }
            for l in &ended.payments {
                let line = named_payment(l, |p| t.names[p as usize].clone(), lang);
                lines.push(Line::from(format!("  {line}")));
            }
        }
        (None, Some(p)) => lines.push(Line::from(hw::partie(&p, lang, &t.names))),
        (None, None) => {}
    }
    let totals: Vec<String> = t
        .names
        .iter()
        .zip(&t.totals)
        .map(|(n, v)| format!("{n} {v:+}"))
        .collect();
    lines.push(Line::styled(
        format!(
            "{} {} {}: {}",
            w.balances,
            t.finished,
            words::deals(lang, t.finished),
            totals.join("  ")
        ),
        bold(),
    ));
    if let Some(p) = &t.saved {
        lines.push(Line::from(format!("{} {}", w.saved, p.display())));
    }
    if let Some(e) = &t.save_error {
        lines.push(Line::from(format!("{}: {e}", w.not_saved)));
    }
    let [body, keys] =
        Layout::vertical([Constraint::Min(3), Constraint::Length(1)]).areas(f.area());
    crate::ui::scrolled(f, lines, body, s.scroll, &s.scroll_max);
    let bar = if s.confirm_quit {
        w.quit_confirm
    } else {
        w.summary_keys
    };
    f.render_widget(Paragraph::new(bar).style(reversed()), keys);
}
