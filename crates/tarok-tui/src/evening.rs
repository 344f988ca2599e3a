//! The evenings of the families whose evening is more than a run of deals: each is a
//! [`Table`](crate::table::Table)'s [`Evening`], kept by the family's own bookkeeping.
//!
//! - Königrufen: the engine's score-sheet session (`tarok_koenigrufen::table::Session`) seats
//!   each deal (who sits out at 5 and 6 players, §17), passes the deal on and keeps the sheet.
//! - Danish Tarok: the club ledger (`tarok_ledger::ledger::Session`) seats each deal (who sits
//!   out by the table's scheme), sets it up (the antes, the cups carried over, who does not
//!   count) and enters it when it ends.

use crate::table::{Evening, Seating};
use tarok_core::record::Record;
use tarok_games::AnyDeal;
use tarok_ledger::ledger::entry_from_engine;

/// Who plays a Königrufen deal, as the engine's score-sheet session seats it (§17).
pub fn koenigrufen_seating(s: &tarok_koenigrufen::table::Seating, dealer: usize) -> Seating {
    Seating {
        seats: s.table_seats.to_vec(),
        dealer,
        sitting_out: s.sitting_out.clone(),
    }
}

impl Evening for tarok_koenigrufen::table::Session {
    fn next(&self, seed: u64) -> Result<(Seating, Record), String> {
        let header = tarok_koenigrufen::record::header(&self.new_deal(seed));
        Ok((koenigrufen_seating(&self.seating(), self.dealer), header))
    }

    fn enter(&mut self, deal: &AnyDeal) -> Result<(), String> {
        match deal {
            AnyDeal::Koenigrufen(d) => self.finish_deal(d),
            _ => Err("not a Königrufen deal".into()),
        }
    }

    fn record_stem(&self) -> String {
        "koenigrufen".into()
    }
}

impl Evening for tarok_ledger::ledger::Session {
    fn next(&self, seed: u64) -> Result<(Seating, Record), String> {
        let s = self.seating();
        let header =
            tarok_danish::record::header(self.preset, "", Some(seed), None, self.deal_options());
        let seating = Seating {
            seats: s.seats[..3].to_vec(),
            dealer: s.dealer,
            sitting_out: s.sitting_out().to_vec(),
        };
        Ok((seating, header))
    }

    fn enter(&mut self, deal: &AnyDeal) -> Result<(), String> {
        let AnyDeal::Danish(d) = deal else {
            return Err("not a Danish deal".into());
        };
        let entry = entry_from_engine(d, &self.players, &self.seating());
        self.enter(entry).map(|_| ()).map_err(|e| e.to_string())
    }

    fn record_stem(&self) -> String {
        "deal".into()
    }
}
