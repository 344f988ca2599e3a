//! Drawing the Königrufen table, the summary and the help, in the screen's language; the
//! game's terms (Vorhand, Trull, Kontra, the contracts) stay German.

use super::*;
use crate::lang::ScreenTexts as _;
use crate::ui::sorted;
use crate::widgets::{hand_spans, menu_lines, message_line};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use tarok_koenigrufen::cards::{screen, screen_set};
use tarok_koenigrufen::view::TrickView;
use tarok_koenigrufen::Phase;

/// A trick with who played each card: "Anna ♠8   Bent XXI".
pub(super) fn trick_spans(g: &KGame, t: &TrickView) -> Vec<Span<'static>> {
    crate::widgets::trick_spans(&t.cards, t.leader, 4, |s| g.name(s).to_string(), screen)
}

/// What the Königrufen screen shows besides the game.
#[derive(Default)]
pub struct KScreen {
    pub cursor: usize,
    pub menu_cursor: usize,
    pub message: Option<(String, bool)>,
    pub input: Option<String>,
    pub show_last: bool,
    /// The trick the human's card finished, held on screen a moment.
    pub hold: crate::hold::Hold,
    /// The deal the human sat out, watched action by action (`w` on its settlement).
    pub watch: Option<crate::hold::Watch>,
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
    "  :      Zug tippen (Esc: zurück)   h      Tipp: Zug des Computers, warum",
    "  l      letzten Stich zeigen       q      Abend beenden",
    "  ?      diese Hilfe                w      ausgesetztes Spiel ansehen",
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

/// The help screen in English.
const HELP_EN: &[&str] = &[
    "Help — Königrufen",
    "",
    "Keys:",
    "  ← →    choose a card              Enter  play the card, take the entry",
    "  ↑ ↓    choose a menu entry        1–9    take entry 1–9 (from 10: ↑ ↓)",
    "  :      type an action (Esc: back) h      hint: the computer's move, and why",
    "  l      show the last trick        q      end the evening",
    "  ?      this help                  w      watch a deal you sat out",
    "",
    "Menu: bidding, calling the King, the talon half, announcements,",
    "Kontra/Re/Subkontra and „Gut“ are chosen in the menu; cards from the hand.",
    "",
    "Typed actions, after „:“ and Enter:",
    "  Cards as on screen: tarocks in Roman numbers (XXI … I, X is",
    "  tarock 10), Sküs, suit cards ♥K ♠10 or HK P10 KaD KrB.",
    "  Menu entries as shown: Weiter, Bid: Dreier, Kontra: game of Anna,",
    "  or short: pass, halten, bid:dreier, call:HK, gut.",
    "",
    "At 5 and 6 players the dealer (and at 6 the third after him) sits out.",
    "",
    "Any key closes the help.",
];

/// The help screen in Danish.
const HELP_DA: &[&str] = &[
    "Hjælp — Königrufen",
    "",
    "Taster:",
    "  ← →    vælg et kort               Enter  spil kortet, tag punktet",
    "  ↑ ↓    vælg et punkt i menuen     1–9    tag punkt 1–9 (fra 10: ↑ ↓)",
    "  :      skriv et træk (Esc: tilbage) h    råd: computerens træk og hvorfor",
    "  l      vis sidste stik            q      slut for i aften",
    "  ?      denne hjælp                w      se et spil, du sad over",
    "",
    "Menu: budrunde, kald af kongen, talonhalvdel, meldinger,",
    "Kontra/Re/Subkontra og „Gut“ vælges i menuen; kort fra hånden.",
    "",
    "Skrevne træk, efter „:“ og Enter:",
    "  Kort som på skærmen: tarokker med romertal (XXI … I, X er",
    "  tarok 10), Sküs, farvekort ♥K ♠10 eller HK P10 KaD KrB.",
    "  Menupunkter som vist: Weiter, Bud: Dreier, Kontra: Annas spil,",
    "  eller kort: pass, halten, bid:dreier, call:HK, gut.",
    "",
    "Ved 5 og 6 spillere står giveren (og ved 6 den tredje efter ham) over.",
    "",
    "En vilkårlig tast lukker hjælpen.",
];

pub fn draw(f: &mut Frame, g: &KGame, s: &KScreen) {
    let area = f.area();
    let lang = g.lang;
    if crate::ui::too_small(f, lang.texts().too_small) {
        return;
    }
    if s.help {
        let help = lang.pick(HELP_EN, HELP_DA, HELP);
        let lines: Vec<Line> = help.iter().map(|&l| Line::from(l)).collect();
        f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
        return;
    }
    if let Some(w) = s.watch {
        watching(f, g, w.step);
    } else if g.deal.is_over() {
        summary(f, g, s);
    } else {
        table(f, g, s);
    }
}

fn reversed() -> Style {
    Style::default().add_modifier(Modifier::REVERSED)
}

fn bold() -> Style {
    Style::default().add_modifier(Modifier::BOLD)
}

/// The finished deal: the sheet, the payments, every hand as dealt and the talon.
fn summary(f: &mut Frame, g: &KGame, s: &KScreen) {
    let lang = g.lang;
    let deal = lang.pick("deal", "spil", "Spiel");
    let head = lang.pick("Settlement", "Afregning", "Abrechnung");
    let mut lines = vec![Line::styled(
        format!("{head} — {deal} #{}", g.deal_no),
        bold(),
    )];
    if g.sits_out() {
        let dealt = if g.seating.dealer == HUMAN {
            lang.pick(" (dealer)", " (giver)", " (Geber)")
        } else {
            ""
        };
        let who = g.names_of(&g.seating.seats);
        let text = match lang {
            Lang::En => format!("You sit this deal out{dealt}. {who} played."),
            Lang::Da => format!("Du står over i dette spil{dealt}. {who} spillede."),
            Lang::De => format!("Du setzt in diesem Spiel aus{dealt}. Es spielten {who}."),
        };
        lines.push(Line::styled(text, bold().fg(Color::Yellow)));
    } else if let Some(out) = g.sitting_out() {
        lines.push(Line::from(format!("{out}.")));
    }
    let sheet = lang.pick(
        "Score sheet (points):",
        "Pointliste (point):",
        "Spielliste (Punkte):",
    );
    lines.push(Line::from(sheet));
    for l in g.sheet_lines() {
        lines.push(Line::from(format!("  {l}")));
    }
    if let Some(p) = &g.saved {
        let saved = lang.pick("Deal saved in", "Spillet gemt i", "Spiel gespeichert in");
        lines.push(Line::from(format!("{saved} {}", p.display())));
    }
    if let Some(e) = &g.save_error {
        let not = lang.pick("Not saved", "Ikke gemt", "Nicht gespeichert");
        lines.push(Line::styled(
            format!("{not}: {e}"),
            Style::default().fg(Color::Red),
        ));
    }
    let payments = g.deal().settlement();
    if !payments.is_empty() {
        lines.push(Line::from(lang.pick(
            "Payments:",
            "Betalinger:",
            "Zahlungen:",
        )));
    }
    for l in &payments {
        lines.push(Line::from(format!("  {}", g.payment(l))));
    }
    // Every hand as dealt, the talon and the discard: all cards are open once the deal is
    // over, and no seat's view holds them all, so these are read from the engine.
    let st = g.deal().summary().expect("the deal is over");
    for seat in 0..4u8 {
        lines.push(Line::from(format!(
            "{}: {}",
            g.name(seat),
            screen_set(st.dealt[seat as usize])
        )));
    }
    let halves = talon_halves(st.talon, st.half_taken, " | ", lang);
    let mut talon = format!("Talon: {halves}");
    // Trischaken and the games without the talon lay nothing away.
    if !st.discard.is_empty() {
        let laid = lang.pick("discarded", "lagt væk", "abgelegt");
        talon += &format!("   {laid}: {}", screen_set(st.discard));
    }
    lines.push(Line::from(talon));
    let [body, keys] =
        Layout::vertical([Constraint::Min(3), Constraint::Length(1)]).areas(f.area());
    crate::ui::scrolled(f, lines, body, s.scroll, &s.scroll_max);
    let bar = if s.confirm_quit {
        quit_question(lang)
    } else if g.sits_out() {
        lang.pick(
            "Enter: next deal   w: watch the deal   q: quit   ↑↓ scroll",
            "Enter: næste spil   w: se spillet   q: slut   ↑↓ rul",
            "Enter: nächstes Spiel   w: Spiel ansehen   q: beenden   ↑↓ blättern",
        )
    } else {
        lang.pick(
            "Enter: next deal   q: quit   ↑↓ scroll   ? help",
            "Enter: næste spil   q: slut   ↑↓ rul   ? hjælp",
            "Enter: nächstes Spiel   q: beenden   ↑↓ blättern   ? Hilfe",
        )
    };
    f.render_widget(Paragraph::new(bar).style(reversed()), keys);
}

/// The deal the human sat out, as it stood after its first `step` actions, as a person
/// beside the table sees it: who is to act, the tricks taken, the contract, the trick on the
/// table and what was said; no hand (a discard is not named).
fn watching(f: &mut Frame, g: &KGame, step: usize) {
    let lang = g.lang;
    let deal = g.deal_after(step);
    let v = deal.view(0);
    let total = g.actions.len();
    let head = lang.pick("Watching", "Du ser på", "Zuschauen");
    let word = lang.pick("deal", "spil", "Spiel");
    let mut lines = vec![Line::styled(
        format!("{head} — {word} #{} · {step}/{total}", g.deal_no),
        bold(),
    )];
    let tricks = lang.pick("tricks", "stik", "Stiche");
    for seat in 0..4u8 {
        let won = v.tricks.iter().filter(|t| t.winner == Some(seat)).count();
        let row = format!("{:<12} {won:>2} {tricks}", g.name(seat));
        let style = if v.to_act == Some(seat) {
            bold()
        } else {
            Style::default()
        };
        lines.push(Line::styled(row, style));
    }
    if let Some(c) = v.contract {
        let contract = lang.pick("Contract", "Kontrakt", "Spiel");
        lines.push(Line::from(format!("{contract}: {c}")));
    }
    if let Some(t) = v.tricks.last() {
        let trick = lang.pick("Trick", "Stik", "Stich");
        let mut spans = vec![Span::raw(format!("{trick}: "))];
        spans.extend(trick_spans(g, t));
        if let Some(w) = t.winner {
            spans.push(Span::raw(format!("→ {}", g.name(w))));
        }
        lines.push(Line::from(spans));
    }
    let log = g.log_lines();
    let shown = &log[..step.min(log.len())];
    for l in &shown[shown.len().saturating_sub(8)..] {
        lines.push(Line::styled(
            l.clone(),
            Style::default().fg(Color::DarkGray),
        ));
    }
    let [body, keys] =
        Layout::vertical([Constraint::Min(3), Constraint::Length(1)]).areas(f.area());
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), body);
    let bar = lang.pick(
        "any key: back to the settlement",
        "en vilkårlig tast: tilbage til afregningen",
        "beliebige Taste: zurück zur Abrechnung",
    );
    f.render_widget(Paragraph::new(bar).style(reversed()), keys);
}

fn quit_question(lang: Lang) -> &'static str {
    lang.pick(
        "Quit the evening? y / n",
        "Slut for i aften? y / n",
        "Abend beenden? y / n",
    )
}

/// The players' rows (name, Vorhand or dealer, cards, tricks, the sheet's sum; bold for who
/// is to act) and the status line of announcements, every Kontra and who sits out.
fn players(g: &KGame, v: &View) -> Vec<Line<'static>> {
    let lang = g.lang;
    let totals = g.evening.sheet.totals();
    let mut lines = Vec::new();
    for seat in 0..4u8 {
        let person = g.seating.seats[seat as usize];
        // The table's dealer, not the deal's inner dealer seat: at 5 and 6 players the dealer
        // sits out and is named on the status line instead.
        let role = if seat == v.vorhand {
            "Vorhand"
        } else if person == g.seating.dealer {
            lang.pick("dealer", "giver", "Geber")
        } else {
            ""
        };
        let style = if v.to_act == Some(seat) {
            bold()
        } else {
            Style::default()
        };
        // Every seat's number of cards is public, but a view holds only its own hand.
        let (cards, tricks) = (
            v.hand_sizes[seat as usize] as u32,
            v.tricks_won[seat as usize],
        );
        // Singular for one, each word padded to its plural so the columns stay put.
        let noun = |n: u32, one: [&'static str; 3], many: [&'static str; 3]| {
            let w = if n == 1 { one } else { many };
            lang.pick(w[0], w[1], w[2])
        };
        lines.push(Line::styled(
            format!(
                "{:<10} {:<8} {cards:>2} {:<6} {tricks:>2} {:<6}  {}",
                g.name(seat),
                role,
                noun(
                    cards,
                    ["card", "kort", "Karte"],
                    ["cards", "kort", "Karten"]
                ),
                noun(
                    tricks as u32,
                    ["trick", "stik", "Stich"],
                    ["tricks", "stik", "Stiche"]
                ),
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
        let word = lang.pick("Announced", "Meldinger", "Ansagen");
        status.push(format!("{word}: {}", ann.join(", ")));
    }
    status.extend(g.kontras(v));
    status.extend(g.sitting_out());
    if !status.is_empty() {
        lines.push(Line::from(status.join(" · ")));
    }
    lines
}

/// The deal in play: title, players, the table (trick, last trick, talon, the log), the
/// hand, the prompt with the menu, a message and the keys.
fn table(f: &mut Frame, g: &KGame, s: &KScreen) {
    let area = f.area();
    let lang = g.lang;
    let v = g.view();
    let menu = g.menu();
    let contract = v
        .contract
        .map_or(phase_name(Phase::Bidding, lang).to_string(), |c| {
            let decl: Vec<&str> = v.declarers.iter().map(|&d| g.name(d)).collect();
            format!("{c} ({})", decl.join(", "))
        });
    let called = lang.pick("called", "kaldt", "gerufen");
    let king = v
        .called_king
        .map(|k| format!(" · {called} {}", screen(k)))
        .unwrap_or_default();
    let trick = lang.pick("Trick", "Stik", "Stich");
    let title = format!(
        " tarok Königrufen · #{} · {trick} {}/12 · {contract}{king} ",
        g.deal_no,
        v.tricks.iter().filter(|t| t.winner.is_some()).count() + 1
    );
    let title = Paragraph::new(title).style(reversed());
    let lines = players(g, &v);
    let players_h = lines.len() as u16;
    let players = Paragraph::new(lines);
    let mut table_lines = Vec::new();
    if let Some(t) = v.tricks.last().filter(|t| t.winner.is_none()) {
        let mut spans = vec![Span::raw(format!("{trick}: "))];
        spans.extend(trick_spans(g, t));
        table_lines.push(Line::from(spans));
    }
    if s.show_last || s.hold.on() {
        if let Some(t) = v.tricks.iter().rev().find(|t| t.winner.is_some()) {
            let last = lang.pick("Last trick", "Sidste stik", "Letzter Stich");
            let mut spans = vec![Span::raw(format!("{last}: "))];
            spans.extend(trick_spans(g, t));
            spans.push(Span::raw(format!("→ {}", g.name(t.winner.unwrap_or(0)))));
            table_lines.push(Line::from(spans));
        }
    }
    if let Some(talon) = v.talon {
        let halves = talon_halves(talon, v.half_taken, "   ", lang);
        table_lines.push(Line::from(format!("Talon: {halves}")));
    }
    let spans = hand_spans(&sorted(v.hand), choosable(g), s.cursor, screen);
    let hand = Paragraph::new(Line::from(spans))
        .wrap(Wrap { trim: true })
        .block(Block::default().borders(Borders::TOP).title(lang.pick(
            " Your hand ",
            " Dine kort ",
            " Deine Karten ",
        )));
    let w = area.width;
    let hand_h = hand.line_count(w) as u16;
    let your_turn = lang.pick("Your turn", "Din tur", "Du bist dran");
    let prompt = if s.confirm_quit {
        quit_question(lang).to_string()
    } else if let Some(i) = &s.input {
        format!(":{i}_")
    } else if !g.human_to_act() {
        lang.pick("waiting …", "venter …", "warte …").to_string()
    } else if !menu.is_empty() {
        let how = lang.pick(
            "↑↓ choose, Enter confirms",
            "↑↓ vælg, Enter bekræfter",
            "↑↓ wählen, Enter bestätigt",
        );
        format!("{your_turn} ({}) — {how}", phase_name(v.phase, lang))
    } else if v.phase == Phase::Discard {
        let how = lang.pick(
            "choose a card to discard, Enter",
            "vælg et kort at lægge væk, Enter",
            "Karte zum Ablegen wählen, Enter",
        );
        format!("{your_turn} — {how}")
    } else {
        let how = lang.pick(
            "choose a card with ← →, Enter plays",
            "vælg et kort med ← →, Enter spiller",
            "Karte mit ← → wählen, Enter spielt",
        );
        format!("{your_turn} — {how}")
    };
    let refused = lang.pick("Refused", "Afvist", "Abgelehnt");
    let message =
        message_line(&s.message, refused).map(|m| Paragraph::new(m).wrap(Wrap { trim: true }));
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
    let labels: Vec<String> = menu.iter().map(|&a| g.label(a)).collect();
    let mut lines = vec![Line::styled(prompt, bold())];
    lines.extend(menu_lines(&labels, s.menu_cursor, menu_rows));
    // Untrimmed, so the entries keep their indent: a trimming wrap took it.
    let bottom = Paragraph::new(lines).wrap(Wrap { trim: false });
    let bottom_h = bottom.line_count(w) as u16;
    let keys = Paragraph::new(Line::styled(
        lang.pick(
            "←→ card  ↑↓ menu  Enter  : type  h hint  l last trick  ? help  q quit",
            "←→ kort  ↑↓ menu  Enter  : skriv  h råd  l sidste stik  ? hjælp  q slut",
            "←→ Karte  ↑↓ Menü  Enter  : tippen  h Tipp  l letzter Stich  ? Hilfe  q Ende",
        ),
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
    table_lines.extend(crate::ui::recent(&g.log_lines(), room));
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
