//! Drawing the game in 80×24 or larger, without colour being needed to follow it.

use crate::game::Game;
use crate::lang::Texts;
use crate::table::HUMAN;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use std::cell::Cell;
use tarok_core::{Card, CardSet, Suit};
use tarok_danish::{Action, Phase, View};

/// What the screen shows besides the game.
#[derive(Default)]
pub struct Screen {
    /// Index of the chosen card in the sorted hand.
    pub cursor: usize,
    /// Cards marked for the skat.
    pub marked: CardSet,
    /// A message, and whether it is an error.
    pub message: Option<(String, bool)>,
    /// Text being typed after `:`.
    pub input: Option<String>,
    pub show_last: bool,
    /// The trick the human's card finished, held on screen a moment.
    pub hold: crate::hold::Hold,
    /// The deal the human sat out, watched action by action (`w` on its summary).
    pub watch: Option<crate::hold::Watch>,
    pub show_help: bool,
    pub confirm_quit: bool,
    /// Waiting for a suit letter: naming a led skus (false) or renaming (true).
    pub naming: Option<bool>,
    /// How far the summary is scrolled down, at most `scroll_max`.
    pub scroll: u16,
    /// The furthest the summary scrolls with its last line still on screen, as last drawn.
    pub scroll_max: Cell<u16>,
}

/// A long text drawn from line `scroll`, wrapped to `area`. The scroll stops where the last
/// line reaches the bottom: that limit is kept in `max` for the ↓ key.
pub fn scrolled(f: &mut Frame, lines: Vec<Line>, area: Rect, scroll: u16, max: &Cell<u16>) {
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let height = text.line_count(area.width) as u16;
    max.set(height.saturating_sub(area.height));
    f.render_widget(text.scroll((scroll.min(max.get()), 0)), area);
}

/// One line further down a text drawn by [`scrolled`], never past its end.
pub fn scroll_down(scroll: &mut u16, max: &Cell<u16>) {
    *scroll = (*scroll + 1).min(max.get());
}

/// A hand in the order players sort it: the skus, trumps high to low, then spar, hjerter,
/// ruder, klør, each from the top.
pub fn sorted(hand: CardSet) -> Vec<Card> {
    let mut v = Vec::with_capacity(hand.len() as usize);
    if hand.contains(Card::SKUS) {
        v.push(Card::SKUS);
    }
    v.extend(hand.trumps().iter().collect::<Vec<_>>().into_iter().rev());
    for s in Suit::ALL {
        v.extend(hand.of_suit(s).iter().collect::<Vec<_>>().into_iter().rev());
    }
    v
}

/// The smallest screen the game is drawn on.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// The last `room` things that happened, dimmed, newest last: the log fills the table's free
/// rows, on both screens.
pub fn recent(log: &[String], room: usize) -> Vec<Line<'static>> {
    let start = log.len().saturating_sub(room);
    log[start..]
        .iter()
        .map(|l| Line::styled(l.clone(), Style::default().fg(Color::DarkGray)))
        .collect()
}

fn card_style(c: Card) -> Style {
    match c.suit() {
        Some(Suit::Hjerter | Suit::Ruder) => Style::default().fg(Color::Red),
        Some(_) => Style::default(),
        None => Style::default().fg(Color::Cyan),
    }
}

fn role(seat: u8) -> &'static str {
    match seat {
        0 => "forhånd",
        1 => "mellemhånd",
        _ => "kortgiver",
    }
}

/// Numbered trumps not yet seen by the human.
fn trumps_out(v: &View) -> u32 {
    let mut seen = v.hand | v.own_skat.unwrap_or_default();
    for t in &v.tricks {
        seen |= t.cards.iter().copied().collect::<CardSet>();
    }
    seen |= v.current.iter().map(|&(_, c)| c).collect::<CardSet>();
    (CardSet::TRUMPS - seen).len()
}

/// The recent actions as lines in the screen's words ("Anna: beholder hånden"): a computer
/// player's skat shows as laid, not as its cards.
fn actions_seen(game: &Game, t: &Texts) -> Vec<String> {
    let me = &game.names[HUMAN];
    game.log()
        .iter()
        .map(|(who, a)| match a {
            Action::Discard(_) if who != me => format!("{who}: {}", t.lays_skat),
            _ => format!("{who}: {}", tarok_words::danish::label(*a, t.lang)),
        })
        .collect()
}

/// The cards the human may play or lead now: the legal cards, and the skus while it may be
/// led (a lead of the skus is its own action, with a name).
pub fn playable(game: &Game) -> CardSet {
    let mut cards = game.deal().legal_cards();
    let leads_skus = game
        .deal()
        .legal_actions()
        .iter()
        .any(|a| matches!(a, Action::LeadSkus(_)));
    if leads_skus {
        cards.insert(Card::SKUS);
    }
    cards
}

/// The cards the hand cursor may stand on: the whole hand while the human lays the skat, else
/// the cards that may be played now; none when no card is to be chosen (the skus demand, a
/// redeal, another's turn).
pub fn choosable(game: &Game) -> CardSet {
    match game.human_seat().filter(|_| game.human_to_act()) {
        Some(me) if game.deal().phase() == Phase::Skat => game.deal().hand(me),
        Some(_) => playable(game),
        None => CardSet::EMPTY,
    }
}

/// A "too small" notice instead of a screen that would lose lines.
pub fn too_small(f: &mut Frame, needed: &str) -> bool {
    let area = f.area();
    if area.width >= MIN_SIZE.0 && area.height >= MIN_SIZE.1 {
        return false;
    }
    let text = format!(
        "{needed} {}×{} ({}×{})",
        MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
    );
    f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
    true
}

pub fn draw(f: &mut Frame, game: &Game, screen: &Screen, t: &Texts) {
    let area = f.area();
    if too_small(f, t.too_small) {
        return;
    }
    if let Some(w) = screen.watch {
        draw_watching(f, area, game, w.step, t);
    } else if game.deal().is_over() {
        draw_summary(f, area, game, screen, t);
    } else {
        draw_table(f, area, game, screen, t);
    }
    if screen.show_help {
        let r = Rect {
            x: 1,
            y: 2,
            width: area.width.saturating_sub(2).min(96),
            height: area.height.saturating_sub(4).min(16),
        };
        f.render_widget(Clear, r);
        f.render_widget(
            Paragraph::new(t.help)
                .wrap(Wrap { trim: false })
                .block(Block::default().borders(Borders::ALL).title(" ? ")),
            r,
        );
    }
}

fn draw_table(f: &mut Frame, area: Rect, game: &Game, screen: &Screen, t: &Texts) {
    let me = game.human_seat();
    let view = game.deal().view(me.unwrap_or(0));
    let (cups, balances) = game.live();
    let title = format!(
        " tarok {} · #{} · {} {}/25 · kongekop {} · pagatkop {} ",
        game.session().preset.id(),
        game.deal_no,
        t.trick,
        game.deal().trick_no(),
        cups[0],
        cups[1]
    );
    let title = Paragraph::new(title).style(Style::default().add_modifier(Modifier::REVERSED));

    // One line per seat: name, role, cards, tricks, balance, declarations.
    let mut lines = Vec::new();
    for seat in 0..3u8 {
        let person = game.seating.seats[seat as usize];
        let decl: Vec<String> = view.declarations[seat as usize]
            .iter()
            .map(|d| d.to_string())
            .collect();
        let (cards, tricks) = (
            view.hand_sizes[seat as usize],
            view.tricks_won[seat as usize] as u32,
        );
        // Each word padded to its plural, so the balances stay in one column.
        let text_w = (t.cards.chars().count(), t.tricks.chars().count());
        let mut text = format!(
            "{:<10} {:<10} {:>2} {:<cw$}  {:>2} {:<tw$}  {:+5}",
            game.name(seat),
            role(seat),
            cards,
            t.cards_n(cards),
            tricks,
            t.tricks_n(tricks),
            balances[person],
            cw = text_w.0,
            tw = text_w.1,
        );
        if !decl.is_empty() {
            text.push_str(&format!("  {}", decl.join(", ")));
        }
        let style = if Some(seat) == view.to_act {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        lines.push(Line::styled(text, style));
    }
    // The balance in the same column as the active players': role, cards and tricks above.
    let width = 10 + 1 + 2 + 1 + t.cards.chars().count() + 2 + 2 + 1 + t.tricks.chars().count();
    for &p in &game.seating.sitting_out {
        lines.push(Line::from(format!(
            "{:<10} {:<width$}  {:+5}",
            game.names[p], t.sits_out, balances[p]
        )));
    }
    // Long declarations wrap onto a second line rather than being cut at the edge.
    let players = Paragraph::new(lines).wrap(Wrap { trim: false });

    // The table: the current trick, the last trick on request, trumps out, recent actions.
    let mut lines = Vec::new();
    let mut trick = vec![Span::raw(format!(
        "{} {}, {} {}: ",
        t.trick,
        game.deal().trick_no(),
        t.led_by,
        game.name(view.leader),
    ))];
    for &(seat, c) in &view.current {
        trick.push(Span::raw(format!("{} ", game.name(seat))));
        let named = if c.is_skus() && seat == view.leader {
            view.named.map(|n| format!("={n}")).unwrap_or_default()
        } else {
            String::new()
        };
        trick.push(Span::styled(
            format!("{c}{named}"),
            card_style(c).add_modifier(Modifier::BOLD),
        ));
        trick.push(Span::raw("   "));
    }
    lines.push(Line::from(trick));
    if screen.show_last || screen.hold.on() {
        if let Some(last) = view.tricks.last() {
            let cards: Vec<String> = (0..3)
                .map(|i| {
                    let c = last.cards[i as usize];
                    // A led skus with the name it was given.
                    let named = match last.named {
                        Some(n) if i == 0 && c.is_skus() => format!("={n}"),
                        _ => String::new(),
                    };
                    format!("{} {c}{named}", game.name((last.leader + i) % 3))
                })
                .collect();
            lines.push(Line::from(format!(
                "{}: {}  → {}",
                t.last_trick,
                cards.join("  "),
                game.name(last.winner)
            )));
        }
    }
    let mut facts = format!("{}: {}", t.trumps_out, trumps_out(&view));
    if let Some(news) = view.skat_news {
        if news.trumps_laid {
            facts.push_str(&format!(
                "   skat: {} tarok",
                news.trump_count.map_or("?".to_string(), |n| n.to_string())
            ));
        }
    }
    if view.demanded {
        facts.push_str("   skus forlangt");
    }
    lines.push(Line::from(facts));
    let mut table_lines = lines;

    // The hand, legal cards bold, the chosen card reversed, skat marks underlined.
    let legal = playable(game);
    let choosable = choosable(game);
    let skat_phase = game.deal().phase() == Phase::Skat && game.human_to_act();
    let mut spans = Vec::new();
    // Nothing of anyone's while the human sits out.
    let hand_cards = if me.is_some() {
        view.hand
    } else {
        CardSet::EMPTY
    };
    for (i, c) in sorted(hand_cards).into_iter().enumerate() {
        let mut style = card_style(c);
        if legal.contains(c) || skat_phase {
            style = style.add_modifier(Modifier::BOLD);
        } else {
            style = style.add_modifier(Modifier::DIM);
        }
        if screen.marked.contains(c) {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        // No cursor where no card is to be chosen: it stood on a card that could not be played.
        if i == screen.cursor && choosable.contains(c) {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let mark = if screen.marked.contains(c) { "*" } else { "" };
        spans.push(Span::styled(format!("{c}{mark}"), style));
        spans.push(Span::raw(" "));
    }
    let hand_block = Block::default()
        .borders(Borders::TOP)
        .title(format!(" {} ", t.hand));
    let hand = Paragraph::new(Line::from(spans))
        .wrap(Wrap { trim: true })
        .block(hand_block);

    // The prompt, the message and the keys.
    let prompt = if screen.confirm_quit {
        t.quit_confirm.to_string()
    } else if let Some(input) = &screen.input {
        format!(":{input}_")
    } else if !game.human_to_act() {
        format!("{} {}", t.waiting, view.to_act.map_or("", |s| game.name(s)))
    } else {
        let what = match (game.deal().phase(), screen.naming) {
            (_, Some(false)) => t.name_prompt,
            (_, Some(true)) => t.rename_name_prompt,
            (Phase::Redeal, _) => t.redeal_prompt,
            (Phase::Skat, _) => t.skat_prompt,
            (Phase::Demand { .. }, _) => t.demand_prompt,
            _ if game
                .deal()
                .legal_actions()
                .iter()
                .any(|a| matches!(a, tarok_danish::Action::Rename(_))) =>
            {
                t.rename_prompt
            }
            _ => t.play_prompt,
        };
        format!("{} — {what}", t.your_turn)
    };
    let mut lines = vec![Line::styled(
        prompt,
        Style::default().add_modifier(Modifier::BOLD),
    )];
    if let Some((m, error)) = &screen.message {
        let style = if *error {
            Style::default().fg(Color::Red).add_modifier(Modifier::BOLD)
        } else {
            Style::default().fg(Color::Green)
        };
        let text = if *error {
            format!("{}: {m}", t.refused)
        } else {
            m.clone()
        };
        lines.push(Line::styled(text, style));
    }
    let bottom = Paragraph::new(lines).wrap(Wrap { trim: true });
    let keys = Paragraph::new(Line::styled(t.keys, Style::default().fg(Color::DarkGray)));

    // Each panel as high as its wrapped text; the table takes what is left, and the keys
    // always keep the last line.
    let w = area.width;
    let players_h = players.line_count(w) as u16;
    let hand_h = hand.line_count(w) as u16;
    // No blank message row is kept: a message takes rows from the table when it comes.
    let bottom_h = bottom.line_count(w) as u16;
    let [top, players_area, table_area, hand_area, bottom_area, keys_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(players_h),
        Constraint::Min(4),
        Constraint::Length(hand_h),
        Constraint::Length(bottom_h),
        Constraint::Length(1),
    ])
    .areas(area);
    // The log fills the rest of the table, inside its top border.
    let room = (table_area.height as usize).saturating_sub(1 + table_lines.len());
    table_lines.extend(recent(&actions_seen(game, t), room));
    let table = Paragraph::new(table_lines).block(Block::default().borders(Borders::TOP));
    f.render_widget(title, top);
    f.render_widget(players, players_area);
    f.render_widget(table, table_area);
    f.render_widget(hand, hand_area);
    f.render_widget(bottom, bottom_area);
    f.render_widget(keys, keys_area);
}

/// A player's tricks and count on the summary: "Anna 1 trick, count 2".
pub fn tricks_and_count(t: &Texts, name: &str, tricks: u32, count: u8) -> String {
    format!(
        "{name} {tricks} {}, {} {count}",
        t.tricks_n(tricks),
        t.count
    )
}

/// The deal the human sat out as it stood after its first `step` actions, as a person beside
/// the table sees it: who is to act, the tricks taken, the trick on the table and what was
/// done (a skat laid is not named); no hand.
fn draw_watching(f: &mut Frame, area: Rect, game: &Game, step: usize, t: &Texts) {
    let deal = game.deal_after(step);
    let total = game.actions.len();
    let head = t.lang.pick("Watching", "Du ser på", "Zuschauen");
    let mut lines = vec![Line::styled(
        format!("{head} — #{} · {step}/{total}", game.deal_no),
        Style::default().add_modifier(Modifier::BOLD),
    )];
    for seat in 0..3u8 {
        let won = deal.tricks_won()[seat as usize];
        let row = format!(
            "{:<12} {:<10} {won:>2} {}",
            game.name(seat),
            role(seat),
            t.tricks
        );
        let style = if tarok_core::Game::to_act(&deal) == Some(seat) {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        lines.push(Line::styled(row, style));
    }
    let view = deal.view(0);
    if !view.current.is_empty() {
        let mut trick = vec![Span::raw(format!("{} {}: ", t.trick, deal.trick_no()))];
        for &(seat, c) in &view.current {
            trick.push(Span::raw(format!("{} ", game.name(seat))));
            trick.push(Span::styled(c.to_string(), card_style(c)));
            trick.push(Span::raw("   "));
        }
        lines.push(Line::from(trick));
    } else if let Some(last) = view.tricks.last() {
        let cards: Vec<String> = (0..3)
            .map(|i| {
                let c = last.cards[i as usize];
                format!("{} {c}", game.name((last.leader + i) % 3))
            })
            .collect();
        lines.push(Line::from(format!(
            "{}: {}  → {}",
            t.last_trick,
            cards.join("  "),
            game.name(last.winner)
        )));
    }
    let seen = actions_seen(game, t);
    lines.extend(recent(&seen[..step.min(seen.len())], 8));
    let [body, keys] = Layout::vertical([Constraint::Min(3), Constraint::Length(1)]).areas(area);
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), body);
    let bar = t.lang.pick(
        "any key: back to the summary",
        "en vilkårlig tast: tilbage til opgørelsen",
        "beliebige Taste: zurück zur Abrechnung",
    );
    f.render_widget(
        Paragraph::new(bar).style(Style::default().add_modifier(Modifier::REVERSED)),
        keys,
    );
}

fn draw_summary(f: &mut Frame, area: Rect, game: &Game, screen: &Screen, t: &Texts) {
    let deal = game.deal();
    let mut lines = vec![Line::styled(
        format!("{} — #{}", t.settlement, game.deal_no),
        Style::default().add_modifier(Modifier::BOLD),
    )];
    lines.push(Line::styled(
        t.ledger,
        Style::default().add_modifier(Modifier::BOLD),
    ));
    lines.push(Line::from(format!(
        "  {}",
        crate::standings::ledger_line(game)
    )));
    if let Some(path) = &game.saved {
        lines.push(Line::from(format!("{} {}", t.record_saved, path.display())));
    }
    if game.human_seat().is_none() {
        lines.push(Line::from(t.you_sat_out));
        if !game.actions.is_empty() {
            let watch = t
                .lang
                .pick("w: watch the deal", "w: se spillet", "w: das Spiel ansehen");
            lines.push(Line::from(watch));
        }
    }
    for seat in 0..3u8 {
        lines.push(Line::from(format!(
            "{} ({}): {}",
            game.name(seat),
            role(seat),
            deal.dealt(seat)
        )));
    }
    lines.push(Line::from(format!("skat: {}", deal.skat())));
    if let Some(end) = deal.facts().end {
        let each: Vec<String> = (0..3u8)
            .map(|s| {
                let tricks = deal.tricks_won()[s as usize] as u32;
                tricks_and_count(t, game.name(s), tricks, end.counts[s as usize])
            })
            .collect();
        lines.push(Line::from(each.join("   ")));
    }
    for l in deal.settlement() {
        let (from, to) = (game.name_of(l.from), game.name_of(l.to));
        let text = tarok_words::payment::danish_line(&l, &from, &to, t.lang);
        lines.push(Line::from(format!("  {text}")));
    }
    if let Some((m, _)) = &screen.message {
        lines.push(Line::styled(m.clone(), Style::default().fg(Color::Red)));
    }
    let [body, keys] = Layout::vertical([Constraint::Min(3), Constraint::Length(1)]).areas(area);
    scrolled(f, lines, body, screen.scroll, &screen.scroll_max);
    let bar = if screen.confirm_quit {
        t.quit_confirm.to_string()
    } else {
        t.next_deal.to_string()
    };
    f.render_widget(
        Paragraph::new(bar).style(Style::default().add_modifier(Modifier::REVERSED)),
        keys,
    );
}
