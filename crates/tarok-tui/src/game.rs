//! Danish Tarok behind the screen: the [`Table`] with the club ledger as its evening (who
//! sits out, the dealer's rotation, the cups, each person's balance), and the hint.
//! No terminal code here, so that tests can drive exactly what the player sees.

use crate::keep::Kept;
use crate::table::{Refused, Table};
use std::ops::{Deref, DerefMut};
use std::path::Path;
use tarok_ai::any::AnyWhy;
use tarok_ai::Level;
use tarok_danish::{Action, Deal, Preset};
use tarok_games::{AnyAction, AnyDeal};
use tarok_ledger::ledger::Session;

/// A Danish evening on the screen: person 0 is the human, the others are computer players.
pub struct Game {
    /// The evening at the table.
    pub table: Table<Session>,
}

impl Deref for Game {
    type Target = Table<Session>;
    fn deref(&self) -> &Table<Session> {
        &self.table
    }
}

impl DerefMut for Game {
    fn deref_mut(&mut self) -> &mut Table<Session> {
        &mut self.table
    }
}

impl Game {
    /// A new evening. `names[0]` is the human.
    pub fn new(
        preset: Preset,
        names: Vec<String>,
        seed: u64,
        records: &Path,
    ) -> Result<Game, String> {
        Game::with_level(preset, names, seed, Level::L1, records)
    }

    /// A new evening with computer players of `level`.
    pub fn with_level(
        preset: Preset,
        names: Vec<String>,
        seed: u64,
        level: Level,
        records: &Path,
    ) -> Result<Game, String> {
        let session = Session::new(preset, None, names, 0).map_err(|e| e.to_string())?;
        // The ledger's spelling of the names.
        let names = session.players.clone();
        let table = Table::with_evening(session, preset.id(), names, seed, level, records)?;
        Ok(Game { table })
    }

    /// The evening kept in `kept`, replayed with a new ledger.
    pub fn resume(kept: &Kept, records: &Path) -> Result<Game, String> {
        let preset = Preset::parse(&kept.preset).ok_or("not a Danish preset")?;
        let session =
            Session::new(preset, None, kept.names.clone(), 0).map_err(|e| e.to_string())?;
        let table = Table::resume(session, kept, records)?;
        Ok(Game { table })
    }

    /// The deal in play.
    pub fn deal(&self) -> &Deal {
        match &self.table.deal {
            AnyDeal::Danish(d) => d,
            other => panic!("a Danish screen over a {:?} deal", other.family()),
        }
    }

    /// The deal as it stood after its first `step` actions (for watching a deal the human
    /// sat out).
    pub fn deal_after(&self, step: usize) -> Deal {
        use tarok_core::record::Recordable as _;
        use tarok_core::Game as _;
        let mut d = AnyDeal::from_record(&self.header).expect("the deal was dealt from it");
        for &a in &self.actions[..step.min(self.actions.len())] {
            d.apply(a).expect("the deal's own actions replay");
        }
        match d {
            AnyDeal::Danish(d) => d,
            other => panic!("a Danish screen over a {:?} deal", other.family()),
        }
    }

    /// The ledger of the evening.
    pub fn session(&self) -> &Session {
        &self.table.evening
    }

    /// The name of a payer or payee: a person by name, a cup as the players call it.
    pub fn name_of(&self, p: tarok_core::Party) -> String {
        match p {
            tarok_core::Party::Player(s) if (s as usize) < self.seating.seats.len() => {
                self.name(s).to_string()
            }
            other => tarok_danish::record::party_name(other),
        }
    }

    /// Cups and each person's balance including what this deal has paid so far.
    pub fn live(&self) -> ([i32; 2], Vec<i32>) {
        let mut b = tarok_core::Balances::default();
        let cups = self.deal().settle_into(&mut b);
        let mut balances = self.session().balances.clone();
        for (seat, &person) in self.seating.seats.iter().enumerate() {
            balances[person] += b.players[seat];
        }
        (cups, balances)
    }

    /// What happened in this deal, newest last: who acted, and what they did.
    pub fn log(&self) -> Vec<(String, Action)> {
        self.table
            .log
            .iter()
            .filter_map(|&(seat, a)| match a {
                AnyAction::Danish(a) => Some((self.name(seat).to_string(), a)),
                _ => None,
            })
            .collect()
    }

    /// The deal's actions as its record writes them.
    pub fn record_actions(&self) -> Vec<String> {
        self.actions.iter().map(|a| a.to_string()).collect()
    }

    /// The human's action. An illegal action is refused with its rule, and nothing changes.
    pub fn act(&mut self, action: Action) -> Result<(), Refused> {
        self.table.act(action.into())
    }

    /// The hint: what the table's computer players would do in the human's place, and why
    /// ([`Table::hint`]).
    pub fn hint(&self) -> Option<(Action, AnyWhy)> {
        match self.table.hint()? {
            (AnyAction::Danish(a), why) => Some((a, why)),
            _ => unreachable!("a Danish table"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deal left after some actions is saved as an unfinished record that replays to the
    /// same point ("the deal is not finished"); a finished deal is not saved again.
    #[test]
    fn an_unfinished_deal_is_saved_and_replays() {
        use tarok_core::family::Family;
        let dir = crate::testing::temp_dir("unfinished");
        let mut game = crate::testing::three_at_table(Preset::Dtf2011, 5, &dir);
        while game.deal().trick_no() < 4 {
            let a = game.hint().expect("the human is to act").0;
            game.act(a).unwrap();
        }
        let path = game.save_unfinished().unwrap().expect("saved");
        assert_eq!(path, dir.join("deal-001-seed-5-unfinished.txt"));
        let text = std::fs::read_to_string(&path).unwrap();
        let shown = tarok_danish::FAMILY.replay(&text).unwrap().text;
        assert!(shown.contains("the deal is not finished"), "{shown}");
        let replayed = tarok_games::read_record(&text, 0).unwrap();
        let tarok_games::AnyDeal::Danish(deal) = replayed.after(replayed.actions.len()).unwrap()
        else {
            panic!("a Danish record")
        };
        assert_eq!(deal, *game.deal());
        let actions: Vec<String> = replayed.actions.iter().map(|a| a.to_string()).collect();
        assert_eq!(actions, game.record_actions());
        // A finished deal is saved when it ends, not again on leaving.
        while let Some((a, _)) = game.hint() {
            game.act(a).unwrap();
        }
        assert_eq!(game.save_unfinished(), Ok(None));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A Danish evening resumes with its ledger as it was (the balances, the cups carried
    /// into the deal in progress) and the deal in progress where it was left.
    #[test]
    fn a_danish_evening_resumes_with_its_ledger() {
        let dir = crate::testing::temp_dir("resume-danish");
        let names = ["Du", "Anna", "Bent", "Dorte"].map(String::from).to_vec();
        let mut game = Game::new(Preset::Dtf2011, names, 8, &dir).unwrap();
        game.table.keep(Default::default());
        for _ in 0..3 {
            while let Some((a, _)) = game.hint() {
                game.act(a).unwrap();
            }
            game.table.next_deal().unwrap();
        }
        for _ in 0..4 {
            if let Some((a, _)) = game.hint() {
                game.act(a).unwrap();
            }
        }
        let kept = crate::keep::read(&dir).unwrap();
        let resumed = Game::resume(&kept, &dir).unwrap();
        assert_eq!(resumed.deal(), game.deal());
        assert_eq!(resumed.deal_no, 4);
        assert_eq!(resumed.seating, game.seating);
        assert_eq!(resumed.session().balances, game.session().balances);
        assert_eq!(resumed.live(), game.live());
        assert_eq!(resumed.record_actions(), game.record_actions());
        assert_eq!(resumed.totals, game.totals);
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_file(crate::keep::path(&dir));
    }

    /// The human is asked about a redeal only when his hand holds no numbered trump: a keep
    /// forced on a hand with trumps is taken for him as for the computer players, and every
    /// seat's keep goes in the record and the log alike.
    #[test]
    fn only_a_trumpless_human_is_asked_about_a_redeal() {
        let dir = crate::testing::temp_dir("redeal-question");
        let mut asked = 0;
        // Seed 4: every hand holds trumps; the others: one hand holds none.
        for seed in [4, 13071, 18675, 28243, 33057, 42353, 56368] {
            let game = crate::testing::three_at_table(Preset::Dtf2011, seed, &dir);
            let me = game.human_seat().unwrap();
            let trumpless: Vec<u8> = (0..3)
                .filter(|&s| game.deal().dealt(s).trumps().is_empty())
                .collect();
            if trumpless == [me] {
                asked += 1;
                assert!(game.human_to_act(), "seed {seed}");
                assert_eq!(game.deal().phase(), tarok_danish::Phase::Redeal);
                assert_eq!(game.deal().legal_actions(), [Action::Redeal, Action::Keep]);
                assert_eq!(game.record_actions().len(), me as usize, "seed {seed}");
            } else if trumpless.is_empty() {
                assert_ne!(
                    game.deal().phase(),
                    tarok_danish::Phase::Redeal,
                    "seed {seed}"
                );
                assert_eq!(game.record_actions()[..3], ["keep", "keep", "keep"]);
                let keeps = game
                    .log()
                    .iter()
                    .filter(|(_, a)| *a == Action::Keep)
                    .count();
                assert_eq!(keeps, 3, "seed {seed}");
            }
        }
        assert!(asked > 0, "no seed gives the human a trumpless hand");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
