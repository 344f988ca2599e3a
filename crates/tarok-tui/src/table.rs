//! A deal of any preset at a table of one human and computer players, written once over
//! [`tarok_core::Game`] and the registry's [`AnyDeal`]: the computer players' turns, the
//! menu of legal actions, the log, the evening's balances and the records. No terminal code,
//! so that tests drive exactly what the screen shows. The human sits in seat 0.

use crate::game::{deal_seed, save_record};
use std::path::{Path, PathBuf};
use tarok_ai::{Bot, Level};
use tarok_core::{DealRng, Game, Seat};
use tarok_games::{AnyAction, AnyDeal, AnyError, AnyView};

/// Why the human's action was not taken.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refused {
    #[error("not your turn")]
    NotYourTurn,
    /// The deal refused it, naming its rule; the deal did not change.
    #[error(transparent)]
    Rule(#[from] AnyError),
}

/// The human's seat.
pub const HUMAN: Seat = 0;

/// An evening of one preset.
pub struct Table {
    pub preset: String,
    pub deal: AnyDeal,
    /// By seat; the human first.
    pub names: Vec<String>,
    /// Number of the deal in the evening, from 1.
    pub deal_no: u32,
    /// The deal's actions so far, for its record.
    pub actions: Vec<AnyAction>,
    /// Who did what in this deal, newest last.
    pub log: Vec<(Seat, AnyAction)>,
    /// Each seat's net over the finished deals.
    pub totals: Vec<i64>,
    /// Finished deals counted in `totals`.
    pub finished: u32,
    pub saved: Option<PathBuf>,
    /// Why the finished deal's record could not be saved.
    pub save_error: Option<String>,
    seed: u64,
    bots: Vec<Box<dyn Bot<AnyView, AnyAction>>>,
    records: PathBuf,
}

impl Table {
    /// A new evening of `preset` with computer players of `level`; `names[0]` is the human.
    pub fn new(
        preset: &str,
        names: Vec<String>,
        seed: u64,
        level: Level,
        records: &Path,
    ) -> Result<Table, String> {
        let deal = AnyDeal::from_seed(preset, seed)?;
        let seats = deal.seats() as usize;
        if names.len() != seats {
            return Err(format!(
                "{preset} is played by {seats} at the table, not {}",
                names.len()
            ));
        }
        let bots = (0..seats)
            .map(|s| {
                tarok_ai::any::bot(
                    level,
                    deal.family(),
                    DealRng::derive(seed, s as u64).next_u64(),
                )
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut t = Table {
            preset: preset.to_string(),
            deal,
            names,
            deal_no: 1,
            actions: Vec::new(),
            log: Vec::new(),
            totals: vec![0; seats],
            finished: 0,
            saved: None,
            save_error: None,
            seed,
            bots,
            records: records.to_path_buf(),
        };
        t.advance();
        Ok(t)
    }

    pub fn name(&self, seat: Seat) -> &str {
        &self.names[seat as usize]
    }

    pub fn human_to_act(&self) -> bool {
        self.deal.to_act() == Some(HUMAN)
    }

    /// The human's view of the deal.
    pub fn view(&self) -> AnyView {
        self.deal.view(HUMAN)
    }

    /// The human's legal actions; none while another is to act.
    pub fn legal(&self) -> Vec<AnyAction> {
        if self.human_to_act() {
            self.deal.legal()
        } else {
            Vec::new()
        }
    }

    fn apply(&mut self, seat: Seat, a: AnyAction) -> Result<(), AnyError> {
        self.deal.apply(a)?;
        self.actions.push(a);
        self.log.push((seat, a));
        Ok(())
    }

    /// Lets the computer players act, and applies forced actions (the human's too: there is
    /// nothing to choose), until the human has a choice or the deal is over. A finished deal
    /// is counted and its record saved at once.
    fn advance(&mut self) {
        while let Some(seat) = self.deal.to_act() {
            let a = match self.deal.forced() {
                Some(a) => a,
                None if seat == HUMAN => break,
                None => {
                    let legal = self.deal.legal();
                    self.bots[seat as usize]
                        .decide(&self.deal.view(seat), &legal)
                        .action
                }
            };
            self.apply(seat, a).expect("bots choose legal actions");
        }
        if self.deal.is_over() && self.finished < self.deal_no {
            self.finish();
        }
    }

    /// The human's action; an illegal one is refused with its rule and changes nothing.
    pub fn act(&mut self, a: AnyAction) -> Result<(), Refused> {
        if !self.human_to_act() {
            return Err(Refused::NotYourTurn);
        }
        self.apply(HUMAN, a)?;
        self.advance();
        Ok(())
    }

    fn finish(&mut self) {
        self.finished = self.deal_no;
        for (t, b) in self.totals.iter_mut().zip(self.deal.balances().players) {
            *t += b as i64;
        }
        match self.record_text() {
            Some(text) => match save_record(&self.records, &self.file_name(""), &text) {
                Ok(p) => self.saved = Some(p),
                Err(e) => self.save_error = Some(e),
            },
            None => self.save_error = Some(format!("no record format for {}", self.preset)),
        }
    }

    /// The record's file name: preset, deal number and seed.
    fn file_name(&self, tag: &str) -> String {
        let seed = deal_seed(self.seed, self.deal_no);
        format!("{}-{:03}-seed-{seed}{tag}.txt", self.preset, self.deal_no)
    }

    /// The deal's record as `tarok random-game` writes one of its family, settlement included
    /// once the deal is over; `None` for a family whose own screen saves its records.
    fn record_text(&self) -> Option<String> {
        let AnyDeal::Historic(d) = &self.deal else {
            return None;
        };
        let record = tarok_historic::record::Record {
            preset: self.preset.clone(),
            version: d.rules().version,
            seed: Some(deal_seed(self.seed, self.deal_no)),
            deck: None,
            dealer: d.dealer(),
            rules: String::new(),
            actions: self
                .actions
                .iter()
                .filter_map(|a| match a {
                    AnyAction::Historic(a) => Some(*a),
                    _ => None,
                })
                .collect(),
            places: Vec::new(),
        };
        Some(record.to_text(d.is_over().then_some(d)))
    }

    /// Saves the record of a deal left unfinished; nothing before its first action, nor for a
    /// finished deal (saved when it ended).
    pub fn save_unfinished(&self) -> Result<Option<PathBuf>, String> {
        if self.deal.is_over() || self.actions.is_empty() {
            return Ok(None);
        }
        let text = self.record_text().ok_or("no record format")?;
        save_record(&self.records, &self.file_name("-unfinished"), &text).map(Some)
    }

    pub fn next_deal(&mut self) -> Result<(), String> {
        self.deal_no += 1;
        self.deal = AnyDeal::from_seed(&self.preset, deal_seed(self.seed, self.deal_no))?;
        self.actions.clear();
        self.log.clear();
        self.saved = None;
        self.save_error = None;
        self.advance();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Computer players of level 0 play a whole deal of every 1829 game with a random human;
    /// the record saved replays to the same settlement, and the totals are the deal's.
    #[test]
    fn every_1829_game_plays_out_and_saves_a_record_that_replays() {
        for preset in [
            "dk-1829-three",
            "dk-1829-partners",
            "dk-1829-quadrille",
            "dk-1829-en-deux",
        ] {
            let dir = crate::testing::temp_dir(&format!("table-{preset}"));
            let n = AnyDeal::from_seed(preset, 3).unwrap().seats() as usize;
            let names = ["You", "Anna", "Bent", "Dorte"][..n]
                .iter()
                .map(|s| s.to_string())
                .collect();
            let mut t = Table::new(preset, names, 3, Level::L0, &dir).unwrap();
            while !t.deal.is_over() {
                let legal = t.legal();
                assert!(!legal.is_empty(), "{preset}: the human is to act");
                t.act(legal[legal.len() / 2]).unwrap();
            }
            let path = t.saved.clone().expect("saved");
            let text = std::fs::read_to_string(&path).unwrap();
            let replayed = tarok_historic::record::Record::parse(&text)
                .unwrap()
                .replay()
                .unwrap();
            let settled: Vec<String> = replayed
                .settlement()
                .iter()
                .map(|l| l.to_string())
                .collect();
            assert!(text.contains("; settlement\n"), "{text}");
            for l in &settled {
                assert!(text.contains(&format!("; {l}\n")), "{l}\n{text}");
            }
            let b = t.deal.balances().players;
            assert_eq!(
                t.totals,
                b[..n].iter().map(|&x| x as i64).collect::<Vec<_>>()
            );
            t.next_deal().unwrap();
            assert_eq!((t.deal_no, t.saved.is_none()), (2, true));
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
