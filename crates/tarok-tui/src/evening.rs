//! The evenings of the families whose evening is more than a run of deals: each is a
//! [`Table`](crate::table::Table)'s [`Evening`], kept by the family's own bookkeeping.
//!
//! - Königrufen: the engine's score-sheet session (`tarok_koenigrufen::table::Session`) seats
//!   each deal (who sits out at 5 and 6 players, §17), passes the deal on and keeps the sheet.
//! - Danish Tarok: the club ledger (`tarok_ledger::ledger::Session`) seats each deal (who sits
//!   out by the table's scheme), sets it up (the antes, the cups carried over, who does not
//!   count) and enters it when it ends.
//! - The games of 1829 ([`HistoricEvening`]): the deal passes on; the partners' game and en
//!   deux are played in whole games, whose Partier are paid as they end.

use crate::table::{Evening, Seating};
use tarok_core::record::Record;
use tarok_core::Seat;
use tarok_games::AnyDeal;
use tarok_historic::evening::{PartieEnd, PartieEvening, PartieStanding};
use tarok_historic::{Phase, Ruleset};
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

    fn enter(&mut self, deal: &AnyDeal) -> Result<Vec<i64>, String> {
        match deal {
            AnyDeal::Koenigrufen(d) => self.finish_deal(d).map(|_| Vec::new()),
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

    fn enter(&mut self, deal: &AnyDeal) -> Result<Vec<i64>, String> {
        let AnyDeal::Danish(d) = deal else {
            return Err("not a Danish deal".into());
        };
        let entry = entry_from_engine(d, &self.players, &self.seating());
        self.enter(entry)
            .map(|_| Vec::new())
            .map_err(|e| e.to_string())
    }

    fn record_stem(&self) -> String {
        "deal".into()
    }
}

/// An evening of one of the games of 1829; everyone plays every deal.
///
/// The three-player game and the quadrille settle each deal on its own; the deal passes one
/// place to the right each deal (JC-1 in §7 of `docs/rules/1829.md`: the book does not say),
/// and a void deal is dealt again by the same dealer (002 L163-168). The partners' game and
/// en deux are played in whole games, one after another ([`PartieEvening`]); a Partie that
/// ends is paid beside the deal's own payments.
pub struct HistoricEvening {
    /// The preset played.
    pub preset: String,
    rules: Ruleset,
    /// The dealer's seat of the next deal, once a deal has been entered (the games without a
    /// Partie).
    next_dealer: Option<Seat>,
    /// The whole games, for the games that have a Partie.
    partie: Option<PartieEvening>,
    /// The Partie that the last deal entered ended, if it ended one.
    pub ended: Option<PartieEnd>,
}

impl HistoricEvening {
    /// An evening of `preset`, before its first deal.
    pub fn new(preset: &str) -> Result<HistoricEvening, String> {
        let rules =
            Ruleset::preset(preset).ok_or_else(|| format!("{preset} is not a game of 1829"))?;
        Ok(HistoricEvening {
            preset: preset.to_string(),
            rules,
            next_dealer: None,
            partie: PartieEvening::new(rules).ok(),
            ended: None,
        })
    }

    /// Where the Partie in progress stands; `None` for the games without a Partie.
    pub fn standing(&self) -> Option<PartieStanding> {
        self.partie.as_ref().map(PartieEvening::standing)
    }
}

impl Evening for HistoricEvening {
    fn next(&self, seed: u64) -> Result<(Seating, Record), String> {
        let mut header = AnyDeal::seeded_record(&self.preset, seed, "")?;
        let (persons, dealer) = match &self.partie {
            Some(p) => p.next_setup(header.dealer),
            None => (
                (0..self.rules.players()).collect(),
                self.next_dealer.unwrap_or(header.dealer),
            ),
        };
        header.dealer = dealer;
        let seats: Vec<usize> = persons.iter().map(|&p| p as usize).collect();
        let seating = Seating {
            dealer: seats[dealer as usize],
            seats,
            sitting_out: Vec::new(),
        };
        Ok((seating, header))
    }

    fn enter(&mut self, deal: &AnyDeal) -> Result<Vec<i64>, String> {
        let AnyDeal::Historic(d) = deal else {
            return Err("not a deal of 1829".into());
        };
        let Some(partie) = &mut self.partie else {
            let table = tarok_core::seating::Table::new(d.rules().players() as usize);
            let next = match d.phase() {
                Phase::Void => d.dealer() as usize,
                _ => table.next(d.dealer() as usize),
            };
            self.next_dealer = Some(next as Seat);
            return Ok(Vec::new());
        };
        self.ended = partie.enter(d)?;
        let paid = self
            .ended
            .as_ref()
            .map(PartieEnd::balances)
            .unwrap_or_default();
        let persons = d.rules().players() as usize;
        Ok(paid.players[..persons].iter().map(|&p| p.into()).collect())
    }

    fn record_stem(&self) -> String {
        self.preset.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Table;
    use tarok_ai::Level;
    use tarok_core::Game as _;
    use tarok_historic::partie::Partie;
    use tarok_historic::session::{PartnersGame, WholeGame};
    use tarok_historic::settlement::Line;

    /// `n` names, the human's first.
    fn names(n: usize) -> Vec<String> {
        ["You", "Anna", "Bent", "Dorte"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// Plays the table's deal to its end, the human taking the middle legal action.
    fn finish(t: &mut Table) {
        while !t.deal.is_over() {
            let legal = t.legal();
            t.act(legal[legal.len() / 2]).unwrap();
        }
    }

    /// The finished deals of `t` as the whole game the engine keeps (void deals left out).
    fn game_of(t: &Table, first_dealer: u8) -> WholeGame {
        let mut g = WholeGame::new(t.evening.rules, first_dealer).unwrap();
        for r in &t.rounds {
            match &r.deal {
                AnyDeal::Historic(d) if d.phase() != Phase::Void => g.add(*d).unwrap(),
                _ => {}
            }
        }
        g
    }

    /// Each person's sum of `lines`.
    fn sums(lines: &[Line], persons: usize) -> Vec<i64> {
        let mut b = tarok_core::Balances::default();
        lines
            .iter()
            .for_each(|&l| tarok_core::PaymentSink::pay(&mut b, l));
        b.players[..persons].iter().map(|&p| p.into()).collect()
    }

    /// The partners' game is played whole, as the engine keeps it: each deal dealt by the seat
    /// due and seated by the Partie's pairing, and the evening's totals are the game's whole
    /// settlement, the six Partier's stakes included (they were left out: only the honours and
    /// the Pagat were paid). After the 24th deal a new game begins, seat 0 dealing.
    #[test]
    fn the_partners_game_is_played_whole_and_its_partier_paid() {
        let dir = crate::testing::temp_dir("evening-partners");
        let mut t = Table::new("dk-1829-partners", names(4), 5, Level::L0, &dir).unwrap();
        let mut partier_paid = 0;
        for j in 0..PartnersGame::DEALS {
            let so_far = game_of(&t, 0);
            let (seats, dealer) = match &so_far {
                WholeGame::Partners(g) => g.next_setup().unwrap(),
                WholeGame::EnDeux(_) => unreachable!(),
            };
            let persons: Vec<usize> = seats.iter().map(|&p| p as usize).collect();
            assert_eq!(t.seating.seats, persons, "deal {j}");
            assert_eq!(t.header.dealer, dealer, "deal {j}");
            assert_eq!(t.seating.dealer, persons[dealer as usize]);
            finish(&mut t);
            let ended = t.evening.ended.is_some();
            assert_eq!(ended, (j + 1) % Partie::DEALS == 0, "deal {j}");
            partier_paid += usize::from(
                t.evening
                    .ended
                    .as_ref()
                    .is_some_and(|e| !e.payments.is_empty()),
            );
            let whole = game_of(&t, 0).settlement();
            assert_eq!(t.totals, sums(&whole, 4), "after deal {j}");
            t.next_deal().unwrap();
            if j == 8 {
                // Resumed from the kept evening mid-game: the same seating, totals and
                // Partie (the pairing has changed after two Partier).
                let kept = t.kept().unwrap();
                let evening = HistoricEvening::new(&kept.preset).unwrap();
                let r = Table::resume(evening, &kept, &dir).unwrap();
                assert_eq!((&r.seating, &r.totals), (&t.seating, &t.totals));
                assert_eq!(r.evening.standing(), t.evening.standing());
                assert_eq!(t.seating.seats, [0, 1, 2, 3]);
            }
        }
        assert!(partier_paid > 0, "no Partie was won");
        assert_eq!(t.rounds.len(), PartnersGame::DEALS);
        assert_eq!(
            (t.header.dealer, t.seating.seats.clone()),
            (0, vec![0, 2, 1, 3])
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// En deux is played in Partier to 100, the deal alternating: the evening's totals are the
    /// Partier's payments (they stayed at 0), and each Partie starts from 0.
    #[test]
    fn en_deux_is_played_in_partier_to_100() {
        let dir = crate::testing::temp_dir("evening-en-deux");
        let mut t = Table::new("dk-1829-en-deux", names(2), 5, Level::L0, &dir).unwrap();
        let first = t.header.dealer;
        let mut partier = 0;
        let mut paid = vec![0; 2];
        for j in 0..60 {
            assert_eq!(t.header.dealer, (first + j as u8) % 2, "deal {j}");
            finish(&mut t);
            let AnyDeal::Historic(d) = &t.deal else {
                unreachable!()
            };
            let deal: Vec<i64> = d.balances().players[..2]
                .iter()
                .map(|&b| b as i64)
                .collect();
            paid[0] += deal[0];
            paid[1] += deal[1];
            if let Some(PartieEnd {
                standing: PartieStanding::EnDeux { scores, target },
                payments: lines,
            }) = &t.evening.ended
            {
                assert!(scores.iter().any(|s| s >= target) && scores[0] != scores[1]);
                assert_eq!(lines.len(), 1, "one payment ends a Partie");
                let s = sums(lines, 2);
                paid[0] += s[0];
                paid[1] += s[1];
                partier += 1;
                // The summary says how the Partie ended and who paid whom.
                let screen = crate::testing::rows(80, 24, |f| {
                    crate::historic::draw(f, &t, &Default::default(), crate::lang::Lang::En)
                })
                .join("\n");
                let end = format!("Partie to 100: You {}, Anna {}", scores[0], scores[1]);
                assert!(screen.contains(&end), "{end:?} not in\n{screen}");
                assert!(screen.contains("Partie to 100 (002 L306-314)"), "{screen}");
                let fresh = t.evening.standing().unwrap();
                assert_eq!(
                    fresh,
                    PartieStanding::EnDeux {
                        scores: [0, 0],
                        target: *target
                    }
                );
            }
            assert_eq!(t.totals, paid, "after deal {j}");
            if partier == 2 {
                break;
            }
            t.next_deal().unwrap();
        }
        assert_eq!(partier, 2, "two Partier to 100 within 60 deals");
        assert_ne!(t.totals, vec![0, 0]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The three-player game: the deal passes one place each deal (JC-1).
    #[test]
    fn the_three_player_deal_passes_one_place_each_deal() {
        let dir = crate::testing::temp_dir("evening-three");
        let mut t = Table::new("dk-1829-three", names(3), 11, Level::L0, &dir).unwrap();
        let first = t.seating.dealer;
        for k in 0..6 {
            assert_eq!(t.seating.dealer, (first + k) % 3, "deal {k}");
            assert_eq!(t.header.dealer as usize, t.seating.dealer);
            finish(&mut t);
            assert!(t.evening.standing().is_none() && t.evening.ended.is_none());
            t.next_deal().unwrap();
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
