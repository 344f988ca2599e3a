//! Königrufen in the terminal: the model (a score-sheet session, the deal, level-1 computer
//! players) here, its drawing in `screen`, its keys in `input`, its words in `words`.
//! Decisions other than cards (bids, the king call, the talon, the announcements,
//! Kontra/Re/Subkontra) are chosen from a menu; cards from the hand.
//!
//! The screen speaks English, Danish or German (German unless `--lang` says otherwise), the
//! game's terms German in all three, and names players, never seat numbers. Cards are written in one
//! notation everywhere, the Roman/symbol form of [`cards::screen`] (`XXI`, `X`, `Sküs`, `♥K`),
//! and typed cards are read in it.

use crate::lang::Lang;
use std::path::{Path, PathBuf};
use tarok_ai::koenigrufen::{advise, bot, Why};
use tarok_ai::{Bot, Level};
use tarok_core::{DealRng, Party};
use tarok_koenigrufen::cards;
use tarok_koenigrufen::family::record_text;
use tarok_koenigrufen::table::{Seating, Session};
use tarok_koenigrufen::{Action, Contract, Deal, Item, Phase, Ruleset, View};

mod input;
mod screen;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_lang;
#[cfg(test)]
mod tests_screen;
mod words;

#[cfg(test)]
use input::act;
pub use input::{choosable, handle, reset_cursor};
#[cfg(test)]
use screen::HELP;
pub use screen::{draw, KScreen};
use tarok_words::koenigrufen::{phase_name, reason};
use words::talon_halves;
pub use words::typed;

/// The human's table seat.
pub const HUMAN: usize = 0;

/// One finished deal on the score sheet, as the screen writes it.
pub struct RoundNote {
    /// The contract and its players, in the screen's language.
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
    /// The screen's language (German unless `--lang` asks for another); the game's terms
    /// stay German in every language.
    pub lang: Lang,
    seed: u64,
    bots: Vec<Box<dyn Bot<View, Action>>>,
    records: PathBuf,
}

impl KGame {
    pub fn new(names: Vec<String>, seed: u64, records: &Path) -> Result<KGame, String> {
        KGame::with_lang(names, seed, records, Lang::De)
    }

    /// A new evening whose screen speaks `lang` from the first bot's action on (the log is
    /// written as the actions are taken).
    pub fn with_lang(
        names: Vec<String>,
        seed: u64,
        records: &Path,
        lang: Lang,
    ) -> Result<KGame, String> {
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
            lang,
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
            [one] if *one == self.dealer => {
                let (en, da, de) = (
                    "sits out (dealer)",
                    "står over (giver)",
                    "setzt aus (Geber)",
                );
                Some(format!(
                    "{} {}",
                    self.names[*one],
                    self.lang.pick(en, da, de)
                ))
            }
            [one] => Some(format!(
                "{} {}",
                self.names[*one],
                self.lang.pick("sits out", "står over", "setzt aus")
            )),
            [first @ .., last] => {
                let (and, sit, dealer) = self.lang.pick(
                    ("and", "sit out", "dealer"),
                    ("og", "står over", "giver"),
                    ("und", "setzen aus", "Geber"),
                );
                Some(format!(
                    "{} {and} {} {sit} ({dealer}: {})",
                    self.names_of(first),
                    self.names[*last],
                    self.names[self.dealer]
                ))
            }
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
                self.lang
                    .pick("discards", "lægger væk", "legt ab")
                    .to_string()
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
            .map_err(|e| tarok_words::refusal::koenigrufen_in(&e, self.lang))?;
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

    /// The human's view of the deal (seat 0's while the human sits out, as the screen shows).
    pub fn view(&self) -> View {
        self.deal.view(self.human_seat().unwrap_or(0))
    }

    /// The contract of the finished deal and who played it, e.g. "Rufer: Anna, Bent". Read
    /// from the declarer's view, which names the called King also when it was called as the
    /// fourth: the partner is whoever played it.
    fn contract_note(&self) -> String {
        let mine = self.view();
        let Some(c) = mine.contract else {
            return String::new();
        };
        if c == Contract::Trischaken {
            return c.to_string();
        }
        let v = mine
            .declarers
            .first()
            .map_or(mine.clone(), |&d| self.deal.view(d));
        // In negative games each declarer plays alone.
        let mut side = v.declarers.clone();
        let king = v.called_king.filter(|_| !c.is_negative());
        for t in v.tricks.iter().filter(|_| king.is_some()) {
            if let Some(i) = t.cards.iter().position(|&x| Some(x) == king) {
                side.push((t.leader + i as u8) % 4);
            }
        }
        side.sort_unstable();
        side.dedup();
        let who: Vec<&str> = side.iter().map(|&p| self.name(p)).collect();
        let schleifen = v.log.iter().any(|&(_, a)| a == Some(Action::Schleifen));
        let geschleift = if schleifen { " geschleift" } else { "" };
        format!("{c}{geschleift}: {}", who.join(", "))
    }

    /// Whose game the Kontra example of the notation names: a declarer's once known, else
    /// the next player's (never the human's own game).
    fn kontra_example_seat(&self) -> u8 {
        let v = self.view();
        let me = self.human_seat().unwrap_or(0);
        let other = v.declarers.iter().copied().find(|&d| d != me);
        other
            .filter(|_| v.contract.is_some())
            .unwrap_or((me + 1) % 4)
    }

    /// Something to kontra, named by its owner: "Spiel von Anna", "Pagat".
    fn item(&self, i: Item) -> String {
        tarok_words::koenigrufen::item(i, self.lang, &|s| self.name(s).to_string())
    }

    /// A decision in the screen's words, with player names; the game's terms (Mein Vorhand,
    /// Weiter, Kontra, Gut, the contracts and premiums) stay German.
    pub fn label(&self, a: Action) -> String {
        // In negative games each Kontra stands alone, so the Re names whose Kontra it answers.
        let negative =
            matches!(a, Action::Re(..)) && self.view().contract.is_some_and(|c| c.is_negative());
        tarok_words::koenigrufen::label(a, self.lang, negative, &|s| self.name(s).to_string())
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
                Ok(if self.view().phase == Phase::Discard {
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
            Item::Game(_) if one_game => self.lang.pick("game", "spil", "Spiel").to_string(),
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
        let sum = self.lang.pick("Total", "Sum", "Summe");
        lines.push(row(sum, totals.iter().map(|&h| show(h)).collect(), ""));
        lines
    }

    /// One settlement line in German with names: "You → Anna: 1 (Besserrufer verloren, §15.1)".
    pub fn payment(&self, l: &tarok_koenigrufen::Line) -> String {
        let party = |p: Party| match p {
            Party::Player(s) => self.name(s).to_string(),
            Party::Cup(c) => format!("{} {c}", self.lang.pick("pool", "kasse", "Kasse")),
        };
        crate::widgets::payment_line(l, party, |r| reason(&r, self.lang))
    }
}
