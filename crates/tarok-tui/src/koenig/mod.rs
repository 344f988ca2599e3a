//! Königrufen in the terminal: the [`Table`] with the screen's words (labels, the log, the
//! score sheet's lines) here, its drawing in `screen`, its keys in `input`, its words in
//! `words`.
//! Decisions other than cards (bids, the king call, the talon, the announcements,
//! Kontra/Re/Subkontra) are chosen from a menu; cards from the hand.
//!
//! The screen speaks English, Danish or German (German unless `--lang` says otherwise), the
//! game's terms German in all three, and names players, never seat numbers. Cards are written in one
//! notation everywhere, the Roman/symbol form of [`cards::screen`] (`XXI`, `X`, `Sküs`, `♥K`),
//! and typed cards are read in it.

use crate::keep::Kept;
use crate::lang::Lang;
use crate::table::{Refused, Round, Table, HUMAN};
use std::ops::{Deref, DerefMut};
use std::path::Path;
use tarok_ai::any::AnyWhy;
use tarok_ai::Level;
use tarok_core::{Game, Party};
use tarok_games::{AnyDeal, AnyError};
use tarok_koenigrufen::cards;
use tarok_koenigrufen::table::Session;
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
pub use input::{choosable, handle, on_time, reset_cursor};
#[cfg(test)]
use screen::HELP;
pub use screen::{draw, KScreen};
use tarok_words::koenigrufen::{phase_name, reason};
use words::talon_halves;
pub use words::typed;

/// A Königrufen evening on the screen: the [`Table`] (person 0 is the human, computer players
/// of level 1, the engine's score sheet) and the screen's language.
pub struct KGame {
    /// The evening at the table.
    pub table: Table<Session>,
    /// The screen's language (German unless `--lang` asks for another); the game's terms
    /// stay German in every language.
    pub lang: Lang,
}

impl Deref for KGame {
    type Target = Table<Session>;
    fn deref(&self) -> &Table<Session> {
        &self.table
    }
}

impl DerefMut for KGame {
    fn deref_mut(&mut self) -> &mut Table<Session> {
        &mut self.table
    }
}

/// The Königrufen deal inside a registry deal.
fn koenig(deal: &AnyDeal) -> &Deal {
    match deal {
        AnyDeal::Koenigrufen(d) => d,
        other => panic!("a Königrufen screen over a {:?} deal", other.family()),
    }
}

impl KGame {
    /// A new evening with a German screen; `names[0]` is the human.
    pub fn new(names: Vec<String>, seed: u64, records: &Path) -> Result<KGame, String> {
        KGame::with_lang(names, seed, records, Lang::De)
    }

    /// A new evening whose screen speaks `lang`.
    pub fn with_lang(
        names: Vec<String>,
        seed: u64,
        records: &Path,
        lang: Lang,
    ) -> Result<KGame, String> {
        KGame::with_level(names, seed, Level::L1, records, lang)
    }

    /// A new evening with computer players of `level`, whose screen speaks `lang`.
    pub fn with_level(
        names: Vec<String>,
        seed: u64,
        level: Level,
        records: &Path,
        lang: Lang,
    ) -> Result<KGame, String> {
        let rules = Ruleset::spieleversum();
        let session = KGame::sheet(names.len())?;
        let table = Table::with_evening(session, rules.id, names, seed, level, records)?;
        Ok(KGame { table, lang })
    }

    /// The evening kept in `kept`, replayed on a new score sheet, its screen speaking `lang`.
    pub fn resume(kept: &Kept, records: &Path, lang: Lang) -> Result<KGame, String> {
        let session = KGame::sheet(kept.names.len())?;
        let table = Table::resume(session, kept, records)?;
        Ok(KGame { table, lang })
    }

    /// An empty score sheet for `people` at the table.
    fn sheet(people: usize) -> Result<Session, String> {
        if !(4..=6).contains(&people) {
            return Err(format!(
                "Königrufen is played by 4, 5 or 6 at the table, not {people}"
            ));
        }
        Session::new(Ruleset::spieleversum(), people, 0)
    }

    /// The deal in play.
    pub fn deal(&self) -> &Deal {
        koenig(&self.table.deal)
    }

    /// At 5 and 6 players the human sits some deals out (§17); the bots play them alone.
    pub fn sits_out(&self) -> bool {
        self.human_seat().is_none()
    }

    /// Who sits this deal out, in words, with the dealer (who sits out at 5 and 6 players):
    /// "Anna setzt aus (Geber)", "Anna und Dorte setzen aus (Geber: Anna)".
    fn sitting_out(&self) -> Option<String> {
        let dealer = self.seating.dealer;
        match self.seating.sitting_out.as_slice() {
            [] => None,
            [one] if *one == dealer => {
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
                let (and, sit, dealer_word) = self.lang.pick(
                    ("and", "sit out", "dealer"),
                    ("og", "står over", "giver"),
                    ("und", "setzen aus", "Geber"),
                );
                Some(format!(
                    "{} {and} {} {sit} ({dealer_word}: {})",
                    self.names_of(first),
                    self.names[*last],
                    self.names[dealer]
                ))
            }
        }
    }

    /// The names of the people in `people`, joined.
    fn names_of(&self, people: &[usize]) -> String {
        let v: Vec<&str> = people.iter().map(|&t| self.names[t].as_str()).collect();
        v.join(", ")
    }

    /// The human's action; an illegal one is refused with its rule, in the screen's words,
    /// and changes nothing.
    pub fn act(&mut self, action: Action) -> Result<(), String> {
        let lang = self.lang;
        self.table.act(action.into()).map_err(|e| match e {
            Refused::Rule(AnyError::Koenigrufen(e)) => {
                let said = tarok_words::refusal::koenigrufen_in(&e, lang);
                crate::refusal::with_guide(&said, &e, lang)
            }
            Refused::NotYourTurn => lang
                .pick("not your turn", "det er ikke din tur", "du bist nicht dran")
                .into(),
            other => other.to_string(),
        })
    }

    /// The hint: what the table's computer players would do in the human's place, and why
    /// ([`Table::hint`]).
    pub fn hint(&self) -> Option<(Action, AnyWhy)> {
        match self.table.hint()? {
            (tarok_games::AnyAction::Koenigrufen(a), why) => Some((a, why)),
            _ => unreachable!("a Königrufen table"),
        }
    }

    /// The deal as it stood after its first `step` actions (for watching a deal the human
    /// sat out).
    pub fn deal_after(&self, step: usize) -> Deal {
        use tarok_core::record::Recordable as _;
        let mut d = AnyDeal::from_record(&self.header).expect("the deal was dealt from it");
        for &a in &self.actions[..step.min(self.actions.len())] {
            d.apply(a).expect("the deal's own actions replay");
        }
        koenig(&d).clone()
    }

    /// Deals the next deal (the engine's session always has one).
    pub fn next_deal(&mut self) {
        self.table
            .next_deal()
            .expect("the score-sheet session deals every deal");
    }

    /// The decisions the menu offers (everything but cards), "Gut" first: the cursor starts
    /// on the first entry, and an Enter pressed in haste must not announce or give Kontra.
    pub fn menu(&self) -> Vec<Action> {
        if !self.human_to_act() {
            return Vec::new();
        }
        let mut menu: Vec<Action> = self
            .deal()
            .legal_actions()
            .into_iter()
            .filter(|a| !matches!(a, Action::Play(_) | Action::Discard(_)))
            .collect();
        menu.sort_by_key(|&a| a != Action::Gut);
        menu
    }

    /// The log of this deal in the screen's words: "Anna: Weiter". Another player's discard
    /// is not named.
    pub fn log_lines(&self) -> Vec<String> {
        let me = self.human_seat();
        self.log
            .iter()
            .map(|&(seat, a)| {
                let shown = match a {
                    tarok_games::AnyAction::Koenigrufen(Action::Discard(_)) if Some(seat) != me => {
                        tarok_words::koenigrufen::hidden_discard(self.lang).to_string()
                    }
                    tarok_games::AnyAction::Koenigrufen(a) => self.label(a),
                    other => other.to_string(),
                };
                format!("{}: {shown}", self.name(seat))
            })
            .collect()
    }

    /// The human's view of the deal (seat 0's while the human sits out, as the screen shows).
    pub fn view(&self) -> View {
        self.deal().view(self.human_seat().unwrap_or(0))
    }

    /// The contract of a finished deal and who played it, e.g. "Rufer: Anna, Bent". Read
    /// from the declarer's view, which names the called King also when it was called as the
    /// fourth: the partner is whoever played it.
    fn contract_note(&self, round: &Round) -> String {
        let deal = koenig(&round.deal);
        let name = |s: u8| self.names[round.seating.seats[s as usize]].as_str();
        let mine = deal.view(round.seating.seat_of(HUMAN).unwrap_or(0));
        let Some(c) = mine.contract else {
            return String::new();
        };
        if c == Contract::Trischaken {
            return c.to_string();
        }
        let v = mine
            .declarers
            .first()
            .map_or(mine.clone(), |&d| deal.view(d));
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
        let who: Vec<&str> = side.iter().map(|&p| name(p)).collect();
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
        let sheet = &self.evening.sheet;
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
                    if info.is_some_and(|n| n.seating.sitting_out.contains(&p)) {
                        "·".to_string()
                    } else {
                        show(r.halves[p])
                    }
                })
                .collect();
            let note = info.map_or(r.note.clone(), |n| self.contract_note(n));
            lines.push(row(&format!("{}.", i + 1), cells, &note));
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
