//! Königrufen in the terminal: the model (a score-sheet session, the deal, level-1 computer
//! players) and its screen. Decisions other than cards (bids, the king call, the talon, the
//! announcements, Kontra/Re/Subkontra) are chosen from a menu; cards from the hand.
//!
//! The screen is in German and names players, never seat numbers. Cards are written in one
//! notation everywhere, the Roman/symbol form of [`cards::screen`] (`XXI`, `X`, `Sküs`, `♥K`),
//! and typed cards are read in it.

use crate::ui::sorted;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use std::path::{Path, PathBuf};
use tarok_ai::koenigrufen::{advise, bot, Why};
use tarok_ai::{Bot, Level};
use tarok_core::{Card, CardSet, DealRng, Party, Suit};
use tarok_koenigrufen::bidding::Call;
use tarok_koenigrufen::cards::{self, screen, screen_set};
use tarok_koenigrufen::family::record_text;
use tarok_koenigrufen::kontra::{factor, level_name};
use tarok_koenigrufen::table::{Seating, Session};
use tarok_koenigrufen::trischaken::TrischakenCase;
use tarok_koenigrufen::view::TrickView;
use tarok_koenigrufen::{Action, Contract, Deal, Item, Phase, Reason, Ruleset, View};

/// The human's table seat.
pub const HUMAN: usize = 0;

/// One finished deal on the score sheet, as the screen writes it.
pub struct RoundNote {
    /// The contract and its players, in German.
    pub note: String,
    /// Table seats that sat the deal out.
    pub sitting_out: Vec<usize>,
}

/// A Königrufen evening: person 0 is the human.
pub struct KGame {
    pub session: Session,
    pub seating: Seating,
    /// The table seat who dealt this deal. At 5 and 6 players the dealer sits out (§17), so
    /// this is not the deal's inner dealer seat, which is always an active player.
    pub dealer: usize,
    pub deal: Deal,
    pub names: Vec<String>,
    pub deal_no: u32,
    pub log: Vec<String>,
    pub saved: Option<PathBuf>,
    /// Why the finished deal's record could not be saved.
    pub save_error: Option<String>,
    /// One entry per finished deal, beside the session's score sheet.
    pub rounds: Vec<RoundNote>,
    seed: u64,
    bots: Vec<Box<dyn Bot<View, Action>>>,
    records: PathBuf,
}

impl KGame {
    pub fn new(names: Vec<String>, seed: u64, records: &Path) -> Result<KGame, String> {
        if !(4..=6).contains(&names.len()) {
            return Err(format!(
                "Königrufen is played by 4, 5 or 6 at the table, not {}",
                names.len()
            ));
        }
        let session = Session::new(Ruleset::spieleversum(), names.len(), 0)?;
        let bots = (0..names.len())
            .map(|p| bot(Level::L1, DealRng::derive(seed, p as u64).next_u64()))
            .collect();
        let seating = session.seating();
        let dealer = session.dealer;
        let deal = session.new_deal(seed);
        let mut g = KGame {
            session,
            seating,
            dealer,
            deal,
            names,
            deal_no: 1,
            log: Vec::new(),
            saved: None,
            save_error: None,
            rounds: Vec::new(),
            seed,
            bots,
            records: records.to_path_buf(),
        };
        g.advance();
        Ok(g)
    }

    /// The human's seat in this deal (0 is the Vorhand), or `None` while sitting out.
    pub fn human_seat(&self) -> Option<u8> {
        self.seating
            .table_seats
            .iter()
            .position(|&t| t == HUMAN)
            .map(|s| s as u8)
    }

    /// At 5 and 6 players the human sits some deals out (§17); the bots play them alone.
    pub fn sits_out(&self) -> bool {
        self.human_seat().is_none()
    }

    pub fn name(&self, seat: u8) -> &str {
        &self.names[self.seating.table_seats[seat as usize]]
    }

    /// Who sits this deal out, in words, with the dealer (who sits out at 5 and 6 players):
    /// "Anna setzt aus (Geber)", "Anna und Dorte setzen aus (Geber: Anna)".
    fn sitting_out(&self) -> Option<String> {
        match self.seating.sitting_out.as_slice() {
            [] => None,
            [one] if *one == self.dealer => Some(format!("{} setzt aus (Geber)", self.names[*one])),
            [one] => Some(format!("{} setzt aus", self.names[*one])),
            [first @ .., last] => Some(format!(
                "{} und {} setzen aus (Geber: {})",
                self.names_of(first),
                self.names[*last],
                self.names[self.dealer]
            )),
        }
    }

    /// The names of the table seats in `seats`, joined.
    fn names_of(&self, seats: &[usize]) -> String {
        let v: Vec<&str> = seats.iter().map(|&t| self.names[t].as_str()).collect();
        v.join(", ")
    }

    pub fn human_to_act(&self) -> bool {
        !self.deal.is_over() && Some(self.deal.current_player()) == self.human_seat()
    }

    /// Lets the computer players act until the human is to act or the deal is over. A finished
    /// deal goes on the score sheet at once, also one the bots played while the human sat out:
    /// only then does the dealer move on and the seats rotate.
    fn advance(&mut self) {
        while !self.deal.is_over() && Some(self.deal.current_player()) != self.human_seat() {
            let seat = self.deal.current_player();
            let person = self.seating.table_seats[seat as usize];
            let legal = self.deal.legal_actions();
            let d = self.bots[person].decide(&self.deal.view(seat), &legal);
            self.deal
                .apply(d.action)
                .expect("bots choose legal actions");
            let shown = if matches!(d.action, Action::Discard(_)) {
                "legt ab".to_string()
            } else {
                self.label(d.action)
            };
            self.log.push(format!("{}: {shown}", self.name(seat)));
        }
        let entered = self.session.sheet.rounds.len() as u32;
        if self.deal.is_over() && entered < self.deal_no {
            if let Err(e) = self.finish() {
                self.save_error = Some(e);
            }
        }
    }

    /// The human's action; an illegal one is refused with its rule and changes nothing.
    pub fn act(&mut self, action: Action) -> Result<(), String> {
        self.deal
            .apply(action)
            .map_err(|e| crate::refusal::koenigrufen(&e))?;
        self.log
            .push(format!("{}: {}", self.names[HUMAN], self.label(action)));
        self.advance();
        Ok(())
    }

    pub fn hint(&self) -> Option<(Action, Why)> {
        let seat = self.human_seat().filter(|_| self.human_to_act())?;
        Some(advise(&self.deal.view(seat), &self.deal.legal_actions()))
    }

    /// Enters the finished deal on the score sheet and saves its record.
    fn finish(&mut self) -> Result<(), String> {
        self.session.finish_deal(&self.deal)?;
        self.rounds.push(RoundNote {
            note: self.contract_note(),
            sitting_out: self.seating.sitting_out.clone(),
        });
        let name = format!(
            "koenigrufen-{:03}-seed-{}.txt",
            self.deal_no,
            crate::game::deal_seed(self.seed, self.deal_no)
        );
        // As `tarok random-game` writes it, with the tricks and the result as comments.
        self.saved = Some(crate::game::save_record(
            &self.records,
            &name,
            &record_text(&self.deal),
        )?);
        Ok(())
    }

    /// Saves the record of a deal left unfinished (the player quits mid-deal); nothing before
    /// the deal's first action, nor for a finished deal (saved already when it ended).
    pub fn save_unfinished(&self) -> Result<Option<PathBuf>, String> {
        if self.deal.is_over() || self.deal.history().is_empty() {
            return Ok(None);
        }
        let name = format!(
            "koenigrufen-{:03}-seed-{}-unfinished.txt",
            self.deal_no,
            crate::game::deal_seed(self.seed, self.deal_no)
        );
        let text = record_text(&self.deal);
        crate::game::save_record(&self.records, &name, &text).map(Some)
    }

    pub fn next_deal(&mut self) {
        self.deal_no += 1;
        self.seating = self.session.seating();
        self.dealer = self.session.dealer;
        self.deal = self
            .session
            .new_deal(crate::game::deal_seed(self.seed, self.deal_no));
        self.saved = None;
        self.save_error = None;
        self.log.clear();
        self.advance();
    }

    /// The decisions the menu offers (everything but cards).
    pub fn menu(&self) -> Vec<Action> {
        if !self.human_to_act() {
            return Vec::new();
        }
        self.deal
            .legal_actions()
            .into_iter()
            .filter(|a| !matches!(a, Action::Play(_) | Action::Discard(_)))
            .collect()
    }

    /// The contract of the finished deal and who played it, e.g. "Rufer: Anna, Bent".
    fn contract_note(&self) -> String {
        let s = self.deal.state();
        let Some(c) = s.contract else {
            return String::new();
        };
        if c == Contract::Trischaken {
            return c.to_string();
        }
        // The declarer's party once the partner is known; in negative games each declarer alone.
        let side = if c.is_negative() || s.team == 0 {
            s.declarers
        } else {
            s.team
        };
        let who: Vec<&str> = (0..4u8)
            .filter(|p| side & (1 << p) != 0)
            .map(|p| self.name(p))
            .collect();
        let geschleift = if s.schleifen { " geschleift" } else { "" };
        format!("{c}{geschleift}: {}", who.join(", "))
    }

    /// Whose game the Kontra example of the notation names: the declarer's once known, else
    /// the next player's (never the human's own game).
    fn kontra_example_seat(&self) -> u8 {
        let st = self.deal.state();
        let me = self.human_seat().unwrap_or(0);
        if st.contract.is_some() && st.declarer != me {
            st.declarer
        } else {
            (me + 1) % 4
        }
    }

    /// Something to kontra, named by its owner: "Spiel von Anna", "Pagat".
    fn item(&self, i: Item) -> String {
        match i {
            Item::Game(s) => format!("Spiel von {}", self.name(s)),
            Item::Premium(p) => p.to_string(),
        }
    }

    /// A decision in German words, with player names.
    pub fn label(&self, a: Action) -> String {
        match a {
            Action::Call(Call::MeinVorhand) => "Mein Vorhand".into(),
            Action::Call(Call::Pass) => "Weiter".into(),
            Action::Call(Call::Hold) => "Halte".into(),
            Action::Call(Call::Bei) => "Bei".into(),
            Action::Call(Call::Bid(c)) => format!("Spiel: {c}"),
            Action::CallKing(k) => format!("König rufen: {}", screen(k)),
            Action::Schleifen => "Schleifen".into(),
            Action::TakeHalf(h) => format!("Talonhälfte {}", h + 1),
            Action::Discard(c) => format!("legt {} ab", screen(c)),
            Action::Announce(p) => format!("Ansage: {p}"),
            Action::UltimoKing(k) => format!("Ansage: König ultimo mit {}", screen(k)),
            Action::Kontra(i) => format!("Kontra: {}", self.item(i)),
            // In negative games each Kontra stands alone, so the Re names whose Kontra it answers.
            Action::Re(i, against)
                if self.deal.state().contract.is_some_and(|c| c.is_negative()) =>
            {
                format!("Re: {} gegen {}", self.item(i), self.name(against))
            }
            Action::Re(i, _) => format!("Re: {}", self.item(i)),
            Action::Subkontra(i) => format!("Subkontra: {}", self.item(i)),
            Action::Gut => "Gut".into(),
            Action::Play(c) => screen(c),
        }
    }

    /// Reads a typed action. Cards are read as the screen writes them ([`cards::parse_screen`]):
    /// the hand shows tarock X as "X", so a typed "X" is tarock X here, and the Sküs is "Sküs".
    /// A bare card is played (or discarded while discarding); a menu entry may be typed as shown.
    pub fn parse_typed(&self, text: &str) -> Result<Action, String> {
        let t = text.trim();
        let lower = t.to_lowercase();
        if let Some(&a) = self
            .menu()
            .iter()
            .find(|&&a| self.label(a).to_lowercase() == lower)
        {
            return Ok(a);
        }
        if let Some((head, arg)) = t.split_once(':') {
            let card = cards::parse_screen(arg);
            return match head.trim().to_lowercase().as_str() {
                "play" => Ok(Action::Play(card?)),
                "discard" => Ok(Action::Discard(card?)),
                "call" => Ok(Action::CallKing(card?)),
                "ultimo" => Ok(Action::UltimoKing(card?)),
                _ => t.parse(),
            };
        }
        match t.parse::<Action>() {
            Ok(a) if !matches!(a, Action::Play(_)) => Ok(a),
            _ => {
                let c = cards::parse_screen(t)?;
                Ok(if self.deal.state().phase == Phase::Discard {
                    Action::Discard(c)
                } else {
                    Action::Play(c)
                })
            }
        }
    }

    /// Kontra, Re and Subkontra said so far, from the public log: "Bent: Kontra Spiel".
    fn kontras(&self, v: &View) -> Vec<String> {
        let one_game = v.declarers.len() <= 1;
        let short = |i: Item| match i {
            Item::Game(_) if one_game => "Spiel".to_string(),
            other => self.item(other),
        };
        v.log
            .iter()
            .filter_map(|&(seat, a)| {
                let (word, i) = match a? {
                    Action::Kontra(i) => ("Kontra", i),
                    Action::Re(i, _) => ("Re", i),
                    Action::Subkontra(i) => ("Subkontra", i),
                    _ => return None,
                };
                Some(format!("{}: {word} {}", self.name(seat), short(i)))
            })
            .collect()
    }

    /// The score sheet: names over their columns, the last rounds, the sum. A player who sat a
    /// round out has "·" there.
    pub fn sheet_lines(&self) -> Vec<String> {
        let show = tarok_koenigrufen::table::halves_text;
        let sheet = &self.session.sheet;
        let totals = sheet.totals();
        let width: Vec<usize> = (0..self.names.len())
            .map(|p| {
                let cells = sheet.rounds.iter().map(|r| show(r.halves[p]).len());
                cells
                    .chain([self.names[p].chars().count(), show(totals[p]).len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let row = |head: &str, cells: Vec<String>, note: &str| {
            let mut out = format!("{head:<6}");
            for (c, w) in cells.iter().zip(&width) {
                out.push_str(&format!(" {c:>w$}"));
            }
            if !note.is_empty() {
                out.push_str(&format!("  {note}"));
            }
            out.trim_end().to_string()
        };
        let mut lines = vec![row("", self.names.clone(), "")];
        let first = sheet.rounds.len().saturating_sub(5);
        for (i, r) in sheet.rounds.iter().enumerate().skip(first) {
            let info = self.rounds.get(i);
            let cells = (0..self.names.len())
                .map(|p| {
                    if info.is_some_and(|n| n.sitting_out.contains(&p)) {
                        "·".to_string()
                    } else {
                        show(r.halves[p])
                    }
                })
                .collect();
            let note = info.map_or(r.note.as_str(), |n| n.note.as_str());
            lines.push(row(&format!("{}.", i + 1), cells, note));
        }
        lines.push(row("Summe", totals.iter().map(|&h| show(h)).collect(), ""));
        lines
    }

    /// One settlement line in German with names: "You → Anna: 1 (Besserrufer verloren, §15.1)".
    pub fn payment(&self, l: &tarok_koenigrufen::Line) -> String {
        let party = |p: Party| match p {
            Party::Player(s) => self.name(s).to_string(),
            Party::Cup(c) => format!("Kasse {c}"),
        };
        format!(
            "{} → {}: {} ({})",
            party(l.from),
            party(l.to),
            l.amount,
            reason(&l.reason)
        )
    }
}

/// Why a payment is made, in German, with its rule.
fn reason(r: &Reason) -> String {
    let wl = |w: bool| if w { "gewonnen" } else { "verloren" };
    let lvl = |level: u8| {
        if level == 0 {
            String::new()
        } else {
            format!(", {} ×{}", level_name(level), factor(level))
        }
    };
    let how = |announced: bool| if announced { "angesagt" } else { "heimlich" };
    match *r {
        Reason::Game {
            contract,
            won,
            level,
        } => format!("{contract} {}{}, §15.1", wl(won), lvl(level)),
        Reason::Valat {
            announced,
            won,
            level,
        } => format!("Valat {} {}{}, §9.5", how(announced), wl(won), lvl(level)),
        Reason::Premium {
            premium,
            announced,
            won,
            level,
        } => format!(
            "{premium} {} {}{}, §9.2",
            how(announced),
            wl(won),
            lvl(level)
        ),
        Reason::Schleifen { contract } => {
            format!("{contract} geschleift: der gerufene König lag im Talon, §7.2")
        }
        Reason::Trischaken(c) => format!("Trischaken: {}, §14", trischaken(c)),
        Reason::Renonce => "Renonce, §16".into(),
    }
}

fn trischaken(c: TrischakenCase) -> String {
    let extra = |over35: bool, vorhand: bool| {
        let mut s = String::new();
        if over35 {
            s.push_str(", über 35/1 ×2");
        }
        if vorhand {
            s.push_str(", Vorhand ×2");
        }
        s
    };
    match c {
        TrischakenCase::Most { over35, vorhand } => {
            format!(
                "wer die meisten Punkte hat, zahlt{}",
                extra(over35, vorhand)
            )
        }
        TrischakenCase::Jungfrau { over35, vorhand } => format!(
            "wer die meisten Punkte hat, zahlt an die Jungfrau{}",
            extra(over35, vorhand)
        ),
        TrischakenCase::Tie => "Gleichstand bei den meisten Punkten".into(),
        TrischakenCase::ThreeWayTie => "dreifacher Gleichstand bei den meisten Punkten".into(),
    }
}

/// What to type at the `:` prompt for an action: the screen's card notation, else the record's.
pub fn typed(a: Action) -> String {
    match a {
        Action::Play(c) => screen(c),
        Action::Discard(c) => format!("discard:{}", screen(c)),
        Action::CallKing(c) => format!("call:{}", screen(c)),
        Action::UltimoKing(c) => format!("ultimo:{}", screen(c)),
        other => other.to_string(),
    }
}

/// The two talon halves, numbered as the menu numbers them, the taken one marked:
/// "1) V ♥D ♦1   2) XX XIV ♣Kn (genommen)".
fn talon_halves(talon: [CardSet; 2], taken: Option<u8>, between: &str) -> String {
    let half = |h: usize| {
        let mark = if taken == Some(h as u8) {
            " (genommen)"
        } else {
            ""
        };
        format!("{}) {}{mark}", h + 1, screen_set(talon[h]))
    };
    format!("{}{between}{}", half(0), half(1))
}

/// The phase in German.
fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Bidding => "Lizitation",
        Phase::KingCall => "König rufen",
        Phase::BesserruferBird => "Vogel nennen",
        Phase::Talon => "Talon",
        Phase::Discard => "Ablegen",
        Phase::Announcements => "Ansagen, Kontra",
        Phase::Play => "Spiel",
        Phase::Over => "Ende",
    }
}

fn card_span(c: Card, legal: bool, chosen: bool) -> Span<'static> {
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
fn trick_spans(g: &KGame, t: &TrickView) -> Vec<Span<'static>> {
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
const HELP: &[&str] = &[
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
                screen_set(g.deal.state().dealt[seat as usize])
            )));
        }
        let st = g.deal.state();
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
        let (cards, tricks) = (g.deal.state().hand(seat).len(), v.tricks_won[seat as usize]);
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

/// The cards the human may play or lay away now; none while a menu decision is due or
/// another player is to act, so the hand then shows no cursor.
pub fn choosable(g: &KGame) -> CardSet {
    let mut cards = CardSet::EMPTY;
    if !g.human_to_act() {
        return cards;
    }
    for a in g.deal.legal_actions() {
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
        .map(|seat| sorted(g.deal.state().hand(seat)))
        .unwrap_or_default();
    s.cursor = crate::cursor::first(&hand, choosable(g));
    s.menu_cursor = 0;
}

fn act(g: &mut KGame, s: &mut KScreen, a: Action) {
    match g.act(a) {
        Ok(()) => {
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
                    Ok(_) => s.message = Some(("du bist nicht dran".into(), true)),
                    Err(_) => {
                        let kontra = g.label(Action::Kontra(Item::Game(g.kontra_example_seat())));
                        let m = crate::refusal::koenigrufen_unreadable(&text, &kontra);
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
            _ => {}
        }
        return true;
    }
    let menu = g.menu();
    let hand = g
        .human_seat()
        .map(|seat| sorted(g.deal.state().hand(seat)))
        .unwrap_or_default();
    match key {
        KeyCode::Char('q') => s.confirm_quit = true,
        KeyCode::Char(':') => s.input = Some(String::new()),
        // As on the Danish screen: before the first trick is taken, say that there is none.
        KeyCode::Char('l') if g.deal.state().play.tricks_done() == 0 => {
            s.message = Some(("noch kein Stich gespielt".into(), false))
        }
        KeyCode::Char('l') => s.show_last = !s.show_last,
        KeyCode::Char('h') => {
            let hint = g.hint();
            // The cursor goes to the advised choice, so Enter right after takes it.
            match hint.map(|(a, _)| a) {
                Some(Action::Play(c) | Action::Discard(c)) => {
                    s.cursor = hand.iter().position(|&h| h == c).unwrap_or(s.cursor)
                }
                Some(a) => s.menu_cursor = menu.iter().position(|&m| m == a).unwrap_or(0),
                None => {}
            }
            s.message = hint.map(|(a, w)| {
                let why = crate::reason::koenigrufen(w);
                (format!("Tipp: {} — {}", g.label(a), why), false)
            })
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
                let a = if g.deal.state().phase == Phase::Discard {
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

#[cfg(test)]
mod tests {
    use super::*;
    use tarok_core::family::Family;
    use tarok_koenigrufen::record::Record;

    fn names(n: usize) -> Vec<String> {
        ["You", "Anna", "Bent", "Dorte", "Erik", "Fritz"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    fn temp(tag: &str) -> PathBuf {
        crate::testing::temp_dir(&format!("k{tag}"))
    }

    /// The screen at 80×24 as text, one line per row.
    fn screen_text(g: &KGame, s: &KScreen) -> String {
        let rows = crate::testing::rows(80, 24, |f| draw(f, g, s));
        rows.iter().map(|r| format!("{r}\n")).collect()
    }

    /// The human plays level 1's choices until the deal is over.
    fn play_out(g: &mut KGame) {
        while let Some((a, _)) = g.hint() {
            g.act(a).unwrap();
        }
        assert!(g.deal.is_over());
    }

    /// Unreadable typed text is answered with examples in the screen's notation: cards as the
    /// hand shows them (♥K, XXI) and a Kontra as the menu writes it, with the declarer's name
    /// (it said `kontra:game0`, a seat number, and record letters such as H3, T21). Each
    /// example is read back as the action it shows.
    #[test]
    fn unreadable_text_gets_examples_in_the_screens_notation() {
        let dir = temp("examples");
        for seed in 1..100 {
            let mut g = KGame::new(names(4), seed, &dir).unwrap();
            while let Some((a, _)) = g.hint() {
                let kontra: Vec<String> = g
                    .menu()
                    .into_iter()
                    .filter(|a| matches!(a, Action::Kontra(Item::Game(_))))
                    .map(|a| g.label(a))
                    .collect();
                if kontra.is_empty() {
                    g.act(a).unwrap();
                    continue;
                }
                let mut s = KScreen::default();
                keys(&mut g, &mut s, ":zzz");
                let (m, _) = s.message.clone().expect("a refusal");
                for record in ["game0", "H3", "HK", "T21"] {
                    assert!(!m.contains(record), "{record}: {m}");
                }
                let examples = m
                    .split_once("z. B. ")
                    .and_then(|(_, e)| e.strip_suffix(", oder im Menü wählen"))
                    .expect("examples");
                let mut kontra_shown = false;
                for example in examples.split(", ") {
                    let read = g.parse_typed(example);
                    assert!(read.is_ok(), "{example}: {read:?}");
                    kontra_shown |= kontra.iter().any(|k| k == example);
                }
                assert!(kontra_shown, "{kontra:?} not in {m}");
                let _ = std::fs::remove_dir_all(&dir);
                return;
            }
        }
        panic!("no Kontra offered to the human");
    }

    /// A deal left mid-way is saved as a record that replays to the same point.
    #[test]
    fn an_unfinished_deal_is_saved_and_replays() {
        let dir = temp("unfinished");
        let mut g = KGame::new(names(4), 5, &dir).unwrap();
        for _ in 0..6 {
            let (a, _) = g.hint().expect("the human is to act");
            g.act(a).unwrap();
        }
        assert!(!g.deal.is_over());
        let path = g.save_unfinished().unwrap().expect("saved");
        assert_eq!(path, dir.join("koenigrufen-001-seed-5-unfinished.txt"));
        let text = std::fs::read_to_string(&path).unwrap();
        let deal = Record::from_text(&text).unwrap().replay().unwrap();
        assert_eq!(deal.history(), g.deal.history());
        assert!(!deal.is_over());
        // It says so in a comment, as the summary of random-game's records would.
        assert!(text.contains("\n; the deal is not finished: "), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A finished deal is saved as `tarok random-game` writes a record: the actions, then the
    /// settlement, the contract, every trick and the result as `;` comments (it had no trick
    /// and no result lines), and `tarok replay` reads it back to the same result.
    #[test]
    fn a_saved_record_has_the_tricks_as_random_game_writes_them() {
        let dir = temp("record");
        let mut g = KGame::new(names(4), 5, &dir).unwrap();
        play_out(&mut g);
        let text = std::fs::read_to_string(g.saved.as_ref().unwrap()).unwrap();
        let comments: Vec<&str> = text.lines().filter(|l| l.starts_with("; ")).collect();
        let tricks = comments
            .iter()
            .filter(|l| l.starts_with("; trick "))
            .count();
        assert_eq!(tricks, 12, "{text}");
        assert!(
            comments.iter().any(|l| l.starts_with("; Contract: ")),
            "{text}"
        );
        let replayed = tarok_koenigrufen::FAMILY.replay(&text).unwrap().text;
        let result = replayed.lines().last().unwrap();
        assert!(result.starts_with("Result: "), "{replayed}");
        assert_eq!(text.lines().last(), Some(format!("; {result}").as_str()));
        // The same comment lines as random-game's, in the same order.
        let kinds = |t: &str| -> Vec<String> {
            let mut v: Vec<String> = t
                .lines()
                .filter_map(|l| l.strip_prefix("; "))
                .map(|l| match l.split_once(" -> ") {
                    Some(_) => "payment".to_string(),
                    None => l.split([' ', ':']).next().unwrap().to_string(),
                })
                .collect();
            v.dedup();
            v
        };
        let cli = tarok_koenigrufen::FAMILY
            .random_game(tarok_koenigrufen::PRESET, 3)
            .unwrap()
            .text;
        assert_eq!(kinds(&text), kinds(&cli), "{text}\n{cli}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// ↓ on the summary stops when its last line (the talon) reaches the bottom; it scrolled
    /// on into an empty screen.
    #[test]
    fn the_summary_scrolls_no_further_than_its_end() {
        use ratatui::crossterm::event::KeyCode;
        let dir = temp("scroll");
        let mut g = KGame::new(names(4), 5, &dir).unwrap();
        play_out(&mut g);
        let mut s = KScreen::default();
        for _ in 0..100 {
            handle(&mut g, &mut s, KeyCode::Down);
            screen_text(&g, &s);
        }
        let shown = screen_text(&g, &s);
        assert!(shown.contains("Talon: "), "{shown}");
        assert_eq!(s.scroll, s.scroll_max.get());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// At 5 and 6 players every deal is scored and saved, also those the human sits out, the
    /// dealer moves on, and the screen says when the human sits out.
    #[test]
    fn five_and_six_players_score_every_deal_and_rotate() {
        for n in [5, 6] {
            let dir = temp(&format!("rotate{n}"));
            let _ = std::fs::remove_dir_all(&dir);
            let mut g = KGame::new(names(n), 5, &dir).unwrap();
            let (mut sat_out, mut played) = (0, 0);
            for deal in 1..=n as u32 + 1 {
                assert_eq!(g.deal_no, deal);
                assert_eq!(g.seating, seating_of(n, deal), "{n} players, deal {deal}");
                if g.sits_out() {
                    sat_out += 1;
                    // The bots played the deal alone; the screen says so.
                    assert!(g.deal.is_over(), "{n} players, deal {deal}");
                    let shown = screen_text(&g, &KScreen::default());
                    assert!(shown.contains("Du setzt in diesem Spiel aus"), "{shown}");
                } else {
                    played += 1;
                    play_out(&mut g);
                    // The summary names who sat out, in German with the right verb.
                    let out = g.sitting_out().unwrap();
                    let verb = if n == 5 { " setzt aus" } else { " setzen aus" };
                    assert!(out.contains(verb), "{out}");
                    let shown = screen_text(&g, &KScreen::default());
                    assert!(shown.contains(&out), "{shown}");
                }
                // Scored: the deal's balances on the sheet, by table seat; and saved.
                let round = g.session.sheet.rounds.last().unwrap();
                assert_eq!(g.session.sheet.rounds.len(), deal as usize);
                let b = g.deal.balances();
                for (seat, &t) in g.seating.table_seats.iter().enumerate() {
                    assert_eq!(round.halves[t], 2 * b.players[seat]);
                }
                assert!(g.saved.as_ref().is_some_and(|p| p.exists()), "deal {deal}");
                g.next_deal();
            }
            assert!(
                sat_out >= 1 && played >= 1,
                "{n}: {sat_out} out, {played} played"
            );
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    /// "Geber" stands by the real dealer of the table. At 5 and 6 players the dealer sits out,
    /// so it stood by the deal's inner dealer seat, an active player (the human in deal 2 of
    /// seed 5 at six).
    #[test]
    fn geber_marks_the_tables_dealer() {
        for n in 4..=6 {
            let dir = temp(&format!("geber{n}"));
            let mut g = KGame::new(names(n), 5, &dir).unwrap();
            let mut checked = 0;
            for deal in 1..=n as u32 {
                let dealer = (deal as usize - 1) % n;
                assert_eq!(g.dealer, dealer);
                if g.sits_out() {
                    // The summary of a deal sat out says whether the human dealt it.
                    let shown = screen_text(&g, &KScreen::default());
                    let dealt = shown.contains("Du setzt in diesem Spiel aus (Geber).");
                    assert_eq!(dealt, dealer == HUMAN, "{n} players, deal {deal}:\n{shown}");
                } else {
                    let shown = screen_text(&g, &KScreen::default());
                    let rows: Vec<&str> = shown.lines().filter(|l| l.contains("Geber")).collect();
                    assert_eq!(rows.len(), 1, "{n} players, deal {deal}:\n{shown}");
                    let name = &g.names[dealer];
                    let marked = match n {
                        4 => rows[0].starts_with(&format!("{name} ")),
                        5 => rows[0].contains(&format!("{name} setzt aus (Geber)")),
                        _ => rows[0].contains(&format!("setzen aus (Geber: {name})")),
                    };
                    assert!(marked, "{n} players, deal {deal}: {name}?\n{shown}");
                    checked += 1;
                    play_out(&mut g);
                }
                g.next_deal();
            }
            assert!(checked >= 2, "{n}: {checked} deals checked");
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    /// The Kontra menu and the summary speak German and name the players.
    #[test]
    fn kontra_menu_and_summary_in_german_with_names() {
        let dir = temp("german");
        let mut kontra_seen = false;
        for seed in 1..100 {
            let mut g = KGame::new(names(4), seed, &dir).unwrap();
            while let Some((a, _)) = g.hint() {
                let kontra = g
                    .menu()
                    .into_iter()
                    .find(|a| matches!(a, Action::Kontra(_)));
                if let Some(Action::Kontra(Item::Game(d))) = kontra {
                    let shown = screen_text(&g, &KScreen::default());
                    let want = format!("Kontra: Spiel von {}", g.name(d));
                    assert!(shown.contains(&want), "{want:?} not on screen:\n{shown}");
                    assert!(!shown.contains("the game of"), "{shown}");
                    kontra_seen = true;
                }
                g.act(a).unwrap();
            }
            let shown = screen_text(&g, &KScreen::default());
            for english in ["->", "P0 ", "P1 ", " lost", " won", "declarer", "Sum:"] {
                assert!(!shown.contains(english), "{english:?} on screen:\n{shown}");
            }
            // Each name stands right above its column of the sheet.
            let rows: Vec<&str> = shown.lines().collect();
            let header = rows
                .iter()
                .find(|l| l.contains("You") && l.contains("Dorte"));
            let sum = rows.iter().find(|l| l.trim_start().starts_with("Summe"));
            let (header, sum) = (header.unwrap(), sum.unwrap());
            for n in &g.names {
                let end = header.find(n.as_str()).unwrap() + n.len();
                let (last, after) = (sum.as_bytes()[end - 1], sum.as_bytes().get(end));
                assert!(
                    last.is_ascii_digit(),
                    "{n} not over its column:\n{header}\n{sum}"
                );
                assert!(after.is_none_or(|&b| b == b' '), "{header}\n{sum}");
            }
            if kontra_seen {
                break;
            }
        }
        assert!(kontra_seen, "no deal offered the human a Kontra on a game");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A payment line: names, an arrow, the reason in German with its rule.
    #[test]
    fn a_payment_in_german_with_names() {
        let dir = temp("payment");
        let g = KGame::new(names(4), 5, &dir).unwrap();
        let line = tarok_koenigrufen::Line {
            from: Party::Player(0),
            to: Party::Player(1),
            amount: 1,
            reason: Reason::Game {
                contract: Contract::Besserrufer,
                won: false,
                level: 0,
            },
        };
        let (from, to) = (g.name(0), g.name(1));
        assert_eq!(
            g.payment(&line),
            format!("{from} → {to}: 1 (Besserrufer verloren, §15.1)")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Keys typed one after another.
    fn keys(g: &mut KGame, s: &mut KScreen, text: &str) {
        use ratatui::crossterm::event::KeyCode;
        for c in text.chars() {
            handle(g, s, KeyCode::Char(c));
        }
        handle(g, s, KeyCode::Enter);
    }

    /// A card of the records' Danish notation on the screen (`T10`, `SK`, `HKn`), other than "X",
    /// which the screen uses for tarock X.
    fn danish_card_on(shown: &str) -> Option<String> {
        let danish: Vec<String> = tarok_koenigrufen::cards::PACK
            .iter()
            .map(|c| c.to_string())
            .filter(|t| t != "X")
            .collect();
        shown
            .split(|c: char| c.is_whitespace() || ",:()|".contains(c))
            .find(|t| danish.iter().any(|d| d == t))
            .map(String::from)
    }

    /// One notation on the whole screen: the hand's, also in the log, the talon and the summary.
    #[test]
    fn one_card_notation_on_the_screen() {
        let dir = temp("notation");
        for seed in 1..6 {
            let mut g = KGame::new(names(4), seed, &dir).unwrap();
            let s = KScreen {
                show_last: true,
                ..KScreen::default()
            };
            while let Some((a, _)) = g.hint() {
                let shown = screen_text(&g, &s);
                assert_eq!(danish_card_on(&shown), None, "{shown}");
                g.act(a).unwrap();
            }
            let shown = screen_text(&g, &s);
            assert_eq!(danish_card_on(&shown), None, "{shown}");
            // The Sküs is in a hand or the talon, and written by its name.
            assert!(shown.contains("Sküs"), "{shown}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Typed cards are read as the screen shows them: "X" is tarock X, "Sküs" the Sküs.
    #[test]
    fn typed_x_is_the_tarock_x_the_hand_shows() {
        let dir = temp("typedx");
        let ten = Card::trump(10);
        let mut done = [false; 2];
        for seed in 1..200 {
            let mut g = KGame::new(names(4), seed, &dir).unwrap();
            let mut s = KScreen::default();
            while g.human_to_act() {
                let legal = g.deal.legal_actions();
                let pending = [(ten, "X"), (Card::SKUS, "Sküs")]
                    .into_iter()
                    .enumerate()
                    .find(|&(i, (c, _))| !done[i] && legal.contains(&Action::Play(c)));
                if let Some((i, (card, typed))) = pending {
                    keys(&mut g, &mut s, &format!(":{typed}"));
                    assert_eq!(s.message, None, "{typed} refused");
                    let me = g.human_seat().unwrap();
                    let played = g.deal.history().iter().rev().find(|(w, _)| *w == me);
                    assert_eq!(played, Some(&(me, Action::Play(card))), "typed {typed}");
                    done[i] = true;
                } else {
                    let (a, _) = g.hint().unwrap();
                    g.act(a).unwrap();
                }
            }
            if done == [true; 2] {
                break;
            }
        }
        assert_eq!(
            done, [true; 2],
            "no deal let the human play tarock X and the Sküs"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A Kontra stays on the announcements line after its log line has scrolled away.
    #[test]
    fn a_kontra_stays_on_the_status_line() {
        let dir = temp("kontra");
        for seed in 1..100 {
            let mut g = KGame::new(names(4), seed, &dir).unwrap();
            let mut said = None;
            let mut checked = false;
            while let Some((hint, _)) = g.hint() {
                let kontra = g
                    .menu()
                    .into_iter()
                    .find(|a| matches!(a, Action::Kontra(_)));
                if let (None, Some(k)) = (said, kontra) {
                    said = Some(g.deal.history().len());
                    g.act(k).unwrap();
                    continue;
                }
                // Well after the Kontra, when its log line is gone (the log shows at most 10
                // lines at 80×24).
                if said.is_some_and(|at| g.deal.history().len() > at + 12) {
                    let shown = screen_text(&g, &KScreen::default());
                    let rows: Vec<&str> = shown.lines().collect();
                    let log_gone = rows[6..].iter().all(|l| !l.contains("You: Kontra"));
                    assert!(log_gone, "{shown}");
                    let status = rows[5];
                    assert!(status.contains("You: Kontra"), "{shown}");
                    checked = true;
                }
                g.act(hint).unwrap();
            }
            if checked {
                let _ = std::fs::remove_dir_all(&dir);
                return;
            }
        }
        panic!("no deal let the human say Kontra");
    }

    /// The last trick names who played each card, and who took it.
    #[test]
    fn the_last_trick_names_its_players() {
        let dir = temp("lasttrick");
        let mut g = KGame::new(names(4), 5, &dir).unwrap();
        let s = KScreen {
            show_last: true,
            ..KScreen::default()
        };
        while let Some((a, _)) = g.hint() {
            g.act(a).unwrap();
            if g.deal.is_over() {
                break;
            }
            let v = g.deal.view(g.human_seat().unwrap());
            let Some(t) = v.tricks.iter().rev().find(|t| t.winner.is_some()) else {
                continue;
            };
            let shown = screen_text(&g, &s);
            let line = shown.lines().find(|l| l.starts_with("Letzter Stich:"));
            let line = line.unwrap_or_else(|| panic!("{shown}"));
            let mut want = String::from("Letzter Stich:");
            for (i, &c) in t.cards.iter().enumerate() {
                want += &format!(" {} {}", g.name((t.leader + i as u8) % 4), screen(c));
            }
            want += &format!(" → {}", g.name(t.winner.unwrap()));
            let squeezed = line.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(squeezed, want);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `l` before the first trick is taken says that there is none yet (it did nothing), in
    /// the bidding as in the first trick; after it, `l` shows the last trick.
    #[test]
    fn l_before_the_first_trick_says_there_is_none() {
        use ratatui::crossterm::event::KeyCode;
        let dir = temp("nolast");
        let mut g = KGame::new(names(4), 5, &dir).unwrap();
        let mut s = KScreen::default();
        let mut asked = 0;
        while g.deal.state().play.tricks_done() == 0 {
            handle(&mut g, &mut s, KeyCode::Char('l'));
            let shown = screen_text(&g, &s);
            assert!(shown.contains("noch kein Stich gespielt"), "{shown}");
            assert!(!s.show_last);
            asked += 1;
            let (a, _) = g.hint().unwrap();
            act(&mut g, &mut s, a);
        }
        assert!(asked > 1, "{asked}");
        handle(&mut g, &mut s, KeyCode::Char('l'));
        let shown = screen_text(&g, &s);
        assert!(shown.contains("Letzter Stich: "), "{shown}");
        assert!(!shown.contains("noch kein Stich"), "{shown}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `?` shows a German help; the next key closes it and does nothing else.
    #[test]
    fn question_mark_shows_the_help() {
        use ratatui::crossterm::event::KeyCode;
        let dir = temp("help");
        let mut g = KGame::new(names(4), 5, &dir).unwrap();
        let mut s = KScreen::default();
        handle(&mut g, &mut s, KeyCode::Char('?'));
        let shown = screen_text(&g, &s);
        assert!(
            shown.contains("Hilfe — Königrufen") && shown.contains("Tasten"),
            "{shown}"
        );
        let before = g.deal.history().len();
        handle(&mut g, &mut s, KeyCode::Enter);
        assert!(!s.help && g.deal.history().len() == before);
        assert!(!screen_text(&g, &s).contains("Hilfe — Königrufen"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The help tells how to reach menu entries past 9: the bid menu has up to 12, and the
    /// digits take only 1–9 (it said "1–9 Menüpunkt direkt nehmen").
    #[test]
    fn the_help_says_how_to_reach_entries_past_nine() {
        let dir = temp("menu10");
        let mut longest = 0;
        for seed in 1..20 {
            let g = KGame::new(names(4), seed, &dir).unwrap();
            longest = longest.max(g.menu().len());
        }
        assert!(longest > 9, "the longest menu has {longest} entries");
        let line = HELP.iter().find(|l| l.contains("1–9")).unwrap();
        assert!(line.contains("ab 10: ↑ ↓"), "{line}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Every menu entry can be typed back as the menu shows it.
    #[test]
    fn menu_labels_can_be_typed() {
        let dir = temp("labels");
        let mut typed = 0;
        for seed in 1..4 {
            let mut g = KGame::new(names(4), seed, &dir).unwrap();
            let mut s = KScreen::default();
            while let Some((hint, _)) = g.hint() {
                let menu = g.menu();
                for &a in &menu {
                    assert_eq!(g.parse_typed(&g.label(a).to_uppercase()), Ok(a));
                }
                if menu.contains(&hint) {
                    let before = g.deal.history().len();
                    let text = format!(":{}", g.label(hint));
                    keys(&mut g, &mut s, &text);
                    assert_eq!(s.message, None, "{text}");
                    assert_eq!(g.deal.history().get(before).map(|h| h.1), Some(hint));
                    typed += 1;
                } else {
                    g.act(hint).unwrap();
                }
            }
        }
        assert!(typed > 3, "{typed} menu entries typed");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `h` puts the cursor on the advised card or menu entry, so Enter right after takes the
    /// hint; it only showed the text and Enter took whatever the cursor was on.
    #[test]
    fn enter_after_h_takes_the_hint() {
        use ratatui::crossterm::event::KeyCode;
        let dir = temp("hintcursor");
        let (mut cards, mut menus) = (0, 0);
        for seed in 1..6 {
            let mut g = KGame::new(names(4), seed, &dir).unwrap();
            let mut s = KScreen::default();
            reset_cursor(&g, &mut s);
            while let Some((a, _)) = g.hint() {
                // Away from the default first, so the hint has to move the cursor.
                handle(&mut g, &mut s, KeyCode::Down);
                handle(&mut g, &mut s, KeyCode::Right);
                let before = g.deal.history().len();
                handle(&mut g, &mut s, KeyCode::Char('h'));
                handle(&mut g, &mut s, KeyCode::Enter);
                assert_eq!(g.deal.history().get(before).map(|h| h.1), Some(a));
                match a {
                    Action::Play(_) | Action::Discard(_) => cards += 1,
                    _ => menus += 1,
                }
            }
        }
        assert!(
            cards > 20 && menus > 5,
            "{cards} cards, {menus} menu entries"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// One card and one trick in the singular ("1 Karte", "1 Stich"; it said "1 Karten"), with
    /// the balances still in one column.
    #[test]
    fn one_card_and_one_trick_in_the_singular() {
        let dir = temp("singular");
        let mut g = KGame::new(names(4), 5, &dir).unwrap();
        let (mut one_card, mut one_trick) = (false, false);
        while let Some((a, _)) = g.hint() {
            let shown = screen_text(&g, &KScreen::default());
            for row in shown.lines().skip(1).take(4) {
                assert!(
                    !row.contains(" 1 Karten") && !row.contains(" 1 Stiche"),
                    "{row}"
                );
                one_card |= row.contains(" 1 Karte ");
                one_trick |= row.contains(" 1 Stich ");
                let sign = row.chars().nth(41);
                assert!(matches!(sign, Some('+' | '-')), "column 41 of {row:?}");
            }
            g.act(a).unwrap();
        }
        assert!(one_card && one_trick, "{one_card} {one_trick}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The summary leaves out "abgelegt:" when nothing was laid away (Trischaken, Piccolo: it
    /// showed an empty "abgelegt:"), and shows it with the cards otherwise.
    #[test]
    fn abgelegt_only_when_cards_were_laid_away() {
        let dir = temp("abgelegt");
        let (mut without, mut with) = (0, 0);
        for seed in 1..60 {
            let mut g = KGame::new(names(4), seed, &dir).unwrap();
            play_out(&mut g);
            let shown = screen_text(&g, &KScreen::default());
            let talon = shown.lines().find(|l| l.starts_with("Talon: ")).unwrap();
            if g.deal.state().discard.is_empty() {
                assert!(!talon.contains("abgelegt"), "{talon}");
                without += 1;
            } else {
                let want = format!("abgelegt: {}", screen_set(g.deal.state().discard));
                assert!(talon.contains(&want), "{talon}");
                with += 1;
            }
        }
        assert!(without > 0 && with > 0, "{without} without, {with} with");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Once a half of the talon is taken, the talon line marks it, on the table and on the
    /// summary; the log of a bot's choice may have scrolled away.
    #[test]
    fn the_taken_talon_half_is_marked() {
        let dir = temp("half");
        let mut seen = 0;
        for seed in 1..60 {
            let mut g = KGame::new(names(4), seed, &dir).unwrap();
            let mut shown = Vec::new();
            while let Some((a, _)) = g.hint() {
                shown.push(screen_text(&g, &KScreen::default()));
                g.act(a).unwrap();
            }
            shown.push(screen_text(&g, &KScreen::default()));
            let Some(h) = g.deal.state().half_taken else {
                continue;
            };
            let t = g.deal.state().talon;
            let taken = format!("{}) {} (genommen)", h + 1, screen_set(t[h as usize]));
            let other = format!("{}) {}", 2 - h, screen_set(t[1 - h as usize]));
            let mut on_table = 0;
            for screen in &shown {
                let Some(line) = screen.lines().find(|l| l.starts_with("Talon: ")) else {
                    continue;
                };
                let line = line.trim_end();
                assert_eq!(line.matches("genommen").count(), 1, "{line}");
                assert!(line.contains(&taken) && line.contains(&other), "{line}");
                assert!(!line.contains(&format!("{other} (genommen)")), "{line}");
                on_table += 1;
            }
            // The summary, and the table of every human turn after the choice.
            assert!(on_table > 1, "seed {seed}");
            seen += 1;
        }
        assert!(seen > 3, "{seen} deals with a half taken");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// At 80×24 the log fills the table's free rows (it showed 3 lines while up to 8 stood
    /// empty), newest last, and never pushes the newest line off the table.
    #[test]
    fn the_log_fills_the_free_rows() {
        let dir = temp("log");
        let mut g = KGame::new(names(4), 5, &dir).unwrap();
        let mut most = 0;
        while let Some((a, _)) = g.hint() {
            let shown = screen_text(&g, &KScreen::default());
            let rows: Vec<&str> = shown.lines().collect();
            // The table runs from its top border (row 5, or 6 below a status line) to the
            // hand's border.
            let border = rows.iter().position(|r| r.starts_with('─')).unwrap();
            let end = rows
                .iter()
                .position(|r| r.contains("Deine Karten"))
                .unwrap();
            let table = &rows[border + 1..end];
            let logged = table
                .iter()
                .filter(|r| g.log.iter().any(|l| r.trim_end() == l))
                .count();
            if let Some(newest) = g.log.last() {
                assert!(table.iter().any(|r| r.trim_end() == newest), "{shown}");
            }
            // Every row not taken by the trick or the talon shows the log, while it lasts.
            let others = table
                .iter()
                .filter(|r| r.starts_with("Stich: ") || r.starts_with("Talon: "))
                .count();
            assert_eq!(logged, g.log.len().min(table.len() - others), "{shown}");
            most = most.max(logged);
            g.act(a).unwrap();
        }
        assert!(most > 5, "at most {most} log lines");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// At 80×24 the bidding screen leaves no row empty outside the table: no blank status row
    /// below the players, one row for the hand's cards, no blank message row above the keys.
    /// Those three rows go to the table, which shows 6 log lines beside 8 menu entries (it
    /// showed 3); with a hint the keys keep the last row.
    #[test]
    fn the_bidding_screen_uses_every_row() {
        use ratatui::crossterm::event::KeyCode;
        let dir = temp("bidrows");
        let (mut full_menus, mut hints) = (0, 0);
        for seed in 1..20 {
            let mut g = KGame::new(names(4), seed, &dir).unwrap();
            while g.deal.state().phase == Phase::Bidding && g.human_to_act() {
                for hint in [false, true] {
                    let mut s = KScreen::default();
                    if hint {
                        handle(&mut g, &mut s, KeyCode::Char('h'));
                        hints += 1;
                    }
                    let shown = screen_text(&g, &s);
                    let rows: Vec<&str> = shown.lines().collect();
                    let border = rows.iter().position(|r| r.starts_with('─')).unwrap();
                    let hand = rows
                        .iter()
                        .position(|r| r.contains("Deine Karten"))
                        .unwrap();
                    let blank = |r: &&str| r.trim().is_empty();
                    assert!(!rows[..border].iter().any(blank), "{shown}");
                    assert!(!rows[hand..].iter().any(blank), "{shown}");
                    assert!(rows[23].starts_with("←→ Karte"), "{shown}");
                    if !hint && g.menu().len() >= 8 && border == 5 {
                        // The table's border and 6 log lines, with all 8 entries below.
                        assert_eq!(hand - border, 7, "{shown}");
                        assert!(rows[hand + 2..].iter().any(|r| r.starts_with("  8. ")));
                        let shown_log = rows[border + 1..hand].iter().filter(|r| !blank(r));
                        assert_eq!(shown_log.count(), g.log.len().min(6), "{shown}");
                        full_menus += 1;
                    }
                }
                let (a, _) = g.hint().unwrap();
                g.act(a).unwrap();
            }
        }
        assert!(full_menus > 5 && hints > 5, "{full_menus} {hints}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The card the cursor is drawn on in the hand, if any (the title and the chosen menu entry
    /// are drawn reversed too, so only the hand's rows are read).
    fn cursor_shown(g: &KGame, s: &KScreen) -> String {
        let shown = screen_text(g, s);
        let rows: Vec<&str> = shown.lines().collect();
        let hand = rows
            .iter()
            .position(|r| r.contains("Deine Karten"))
            .unwrap();
        let end = hand
            + 1
            + rows[hand + 1..]
                .iter()
                .position(|r| r.starts_with("Du bist dran") || r.starts_with("warte"))
                .unwrap();
        let reversed = crate::testing::rows_with(80, 24, Modifier::REVERSED, |f| draw(f, g, s));
        reversed[hand + 1..end].concat().trim().to_string()
    }

    /// The cursor stands only on cards that may be played or laid away: it starts on one, and
    /// ← → pass over the others (they went onto every card, as the Danish screen's did); while
    /// a menu decision is due no card is marked.
    #[test]
    fn the_cursor_stands_only_on_cards_that_may_be_chosen() {
        use ratatui::crossterm::event::KeyCode;
        let dir = temp("cursor");
        // Moves where one step would have gone onto a card that may not be chosen.
        let (mut held_off, mut menus) = (0, 0);
        for seed in 1..11 {
            let mut g = KGame::new(names(4), seed, &dir).unwrap();
            let mut s = KScreen::default();
            reset_cursor(&g, &mut s);
            while let Some((a, _)) = g.hint() {
                let hand = sorted(g.deal.state().hand(g.human_seat().unwrap()));
                let may = choosable(&g);
                if may.is_empty() {
                    assert_eq!(cursor_shown(&g, &s), "", "seed {seed}");
                    menus += 1;
                } else {
                    assert!(may.contains(hand[s.cursor]), "seed {seed}");
                    for key in [
                        KeyCode::Right,
                        KeyCode::Right,
                        KeyCode::Left,
                        KeyCode::Right,
                    ] {
                        let next = s.cursor as isize + if key == KeyCode::Left { -1 } else { 1 };
                        let next = usize::try_from(next).ok().and_then(|i| hand.get(i));
                        held_off += next.is_some_and(|&n| !may.contains(n)) as u32;
                        handle(&mut g, &mut s, key);
                        let c = hand[s.cursor];
                        assert!(may.contains(c), "seed {seed}: {key:?} onto {}", screen(c));
                        assert_eq!(cursor_shown(&g, &s), screen(c));
                    }
                }
                act(&mut g, &mut s, a);
            }
        }
        assert!(held_off > 20 && menus > 10, "{held_off} {menus}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A window smaller than 80×24 says so, in German, rather than losing lines (it drew the
    /// screen cut off); on the table, the summary and the help alike.
    #[test]
    fn a_small_window_says_it_is_too_small() {
        use ratatui::crossterm::event::KeyCode;
        let dir = temp("small");
        let mut g = KGame::new(names(4), 5, &dir).unwrap();
        let mut s = KScreen::default();
        let notice = "Das Spiel braucht ein Fenster von mindestens 80×24 (60×16)";
        let small = |g: &KGame, s: &KScreen| {
            let rows = crate::testing::rows(60, 16, |f| draw(f, g, s));
            rows.join(" ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert!(small(&g, &s).starts_with(notice), "{}", small(&g, &s));
        assert!(!screen_text(&g, &s).contains("mindestens"));
        handle(&mut g, &mut s, KeyCode::Char('?'));
        assert!(small(&g, &s).starts_with(notice), "{}", small(&g, &s));
        handle(&mut g, &mut s, KeyCode::Char('?'));
        play_out(&mut g);
        assert!(small(&g, &s).starts_with(notice), "{}", small(&g, &s));
        assert!(!screen_text(&g, &s).contains("mindestens"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Menu entries keep their two-space indent under the prompt, also beside a hint (the
    /// wrapping trimmed it, so "1. Weiter" stood at the edge below the prompt).
    #[test]
    fn menu_entries_keep_their_indent() {
        use ratatui::crossterm::event::KeyCode;
        let dir = temp("indent");
        let mut entries = 0;
        for seed in 1..6 {
            let mut g = KGame::new(names(4), seed, &dir).unwrap();
            while let Some((a, _)) = g.hint() {
                let mut s = KScreen::default();
                for _ in 0..2 {
                    let shown = screen_text(&g, &s);
                    let rows: Vec<&str> = shown.lines().collect();
                    let prompt = rows.iter().position(|r| r.starts_with("Du bist dran"));
                    let below = &rows[prompt.unwrap() + 1..];
                    for (i, m) in g.menu().iter().enumerate().take(below.len()) {
                        let entry = format!("  {}. {}", i + 1, g.label(*m));
                        if below.iter().any(|r| r.trim_end() == entry) {
                            entries += 1;
                        } else {
                            assert!(!shown.contains(entry.trim_start()), "{entry}\n{shown}");
                        }
                    }
                    handle(&mut g, &mut s, KeyCode::Char('h'));
                }
                g.act(a).unwrap();
            }
        }
        assert!(entries > 50, "{entries} entries");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Who plays deal `deal` (1-based) at a table of `n`: the first dealer is the human, and the
    /// deal passes on by one seat each time.
    fn seating_of(n: usize, deal: u32) -> Seating {
        tarok_koenigrufen::table::seating(n, (deal as usize - 1) % n).unwrap()
    }

    /// The hint is what level 1 would play, through a whole deal of the human's turns.
    #[test]
    fn the_hint_is_level_ones_choice() {
        let dir = std::env::temp_dir().join(format!("tarok-khint-{}", std::process::id()));
        let names = ["Du", "Anna", "Bent", "Dorte"].map(String::from).to_vec();
        let mut g = KGame::new(names, 5, &dir).unwrap();
        let mut hints = 0;
        while let Some((a, w)) = g.hint() {
            let seat = g.human_seat().unwrap();
            let d = tarok_ai::koenigrufen::KoenigrufenL1
                .decide(&g.deal.view(seat), &g.deal.legal_actions());
            assert_eq!((d.action, d.reason), (a, w.to_string()));
            g.act(a).unwrap();
            hints += 1;
        }
        assert!(g.deal.is_over() && hints > 5, "{hints} hints");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
