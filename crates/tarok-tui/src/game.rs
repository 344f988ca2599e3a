//! The game behind the screen: a ledger session, the deal in play, and the computer players.
//! No terminal code here, so that tests can drive exactly what the player sees.

use crate::table::{deal_seed, save_record};
use std::path::{Path, PathBuf};
use tarok_ai::danish::{advise, bot, Why};
use tarok_ai::{Bot, Level};
use tarok_core::{DealRng, Seat};
use tarok_danish::record::Record;
use tarok_danish::{Action, Deal, Preset, RuleError};
use tarok_ledger::ledger::{entry_from_engine, Session};
use tarok_ledger::seating::Seating;

/// The session at the table: person 0 is the human, the others are computer players.
pub struct Game {
    pub session: Session,
    pub seating: Seating,
    pub deal: Deal,
    pub record: Record,
    /// Number of the deal in the evening, from 1.
    pub deal_no: u32,
    /// What happened lately, newest last: who acted, and what they did.
    pub log: Vec<(String, Action)>,
    /// Where the finished deal's record was saved.
    pub saved: Option<PathBuf>,
    seed: u64,
    bots: Vec<Box<dyn Bot<tarok_danish::View, Action>>>,
    records: PathBuf,
}

/// The person index of the human player.
pub const HUMAN: usize = 0;

impl Game {
    /// A new evening. `names[0]` is the human.
    pub fn new(
        preset: Preset,
        names: Vec<String>,
        seed: u64,
        records: &Path,
    ) -> Result<Game, String> {
        let session = Session::new(preset, None, names.clone(), 0).map_err(|e| e.to_string())?;
        let bots = (0..names.len())
            .map(|p| bot(Level::L1, DealRng::derive(seed, p as u64).next_u64()))
            .collect();
        let seating = session.seating();
        let record = Record::from_seed(preset, seed, session.deal_options());
        let deal = record.start().map_err(|e| e.to_string())?;
        let mut g = Game {
            session,
            seating,
            deal,
            record,
            deal_no: 1,
            log: Vec::new(),
            saved: None,
            seed,
            bots,
            records: records.to_path_buf(),
        };
        g.run_bots();
        Ok(g)
    }

    /// The human's seat in this deal, or `None` while sitting out (the seating lists the
    /// sitters-out after the three active seats).
    pub fn human_seat(&self) -> Option<Seat> {
        self.seating.seat_of(HUMAN).filter(|&s| s < 3)
    }

    /// The name of whoever sits in `seat`.
    pub fn name(&self, seat: Seat) -> &str {
        &self.session.players[self.seating.seats[seat as usize]]
    }

    /// The name of a payer or payee: a person by name, a cup as the players call it.
    pub fn name_of(&self, p: tarok_core::Party) -> String {
        match p {
            tarok_core::Party::Player(s) if (s as usize) < self.seating.seats.len() => {
                self.session.players[self.seating.seats[s as usize]].clone()
            }
            other => tarok_danish::record::party_name(other),
        }
    }

    /// Cups and each person's balance including what this deal has paid so far.
    pub fn live(&self) -> ([i32; 2], Vec<i32>) {
        let mut b = tarok_core::Balances::default();
        let cups = self.deal.settle_into(&mut b);
        let mut balances = self.session.balances.clone();
        for (seat, &person) in self.seating.seats.iter().enumerate() {
            balances[person] += b.players[seat];
        }
        (cups, balances)
    }

    /// Whether the human must act now.
    pub fn human_to_act(&self) -> bool {
        self.deal.current_player().is_some() && self.deal.current_player() == self.human_seat()
    }

    /// Lets the computer players act until the human must, or the deal is over. A forced
    /// action (keeping a hand with trumps when asked about a redeal) is taken for anyone, the
    /// human too, without asking: a question with one answer is no question. It goes in the log
    /// like any other, so that a trumpless hand kept shows as every other keep does.
    pub fn run_bots(&mut self) {
        while let Some(seat) = self.deal.current_player() {
            let action = match self.deal.forced_action() {
                Some(forced) => forced,
                None if Some(seat) == self.human_seat() => return,
                None => {
                    let person = self.seating.seats[seat as usize];
                    let legal = self.deal.legal_actions();
                    self.bots[person]
                        .decide(&self.deal.view(seat), &legal)
                        .action
                }
            };
            let who = self.name(seat).to_string();
            self.record
                .apply(&mut self.deal, action)
                .expect("bots choose legal actions");
            self.note(who, action);
        }
    }

    fn note(&mut self, who: String, action: Action) {
        self.log.push((who, action));
        if self.log.len() > 50 {
            self.log.remove(0);
        }
    }

    /// The human's action. An illegal action is refused with its rule, and nothing changes.
    pub fn act(&mut self, action: Action) -> Result<(), RuleError> {
        self.record.apply(&mut self.deal, action)?;
        self.note(self.session.players[HUMAN].clone(), action);
        self.run_bots();
        Ok(())
    }

    /// What the level-1 player would do in the human's place, and why.
    pub fn hint(&self) -> Option<(Action, Why)> {
        let seat = self.human_seat().filter(|_| self.human_to_act())?;
        Some(advise(&self.deal.view(seat), &self.deal.legal_actions()))
    }

    /// Enters the finished deal in the ledger and saves its record. Call once, when the deal is over.
    pub fn finish(&mut self) -> Result<(), String> {
        let entry = entry_from_engine(&self.deal, &self.session.players, &self.seating);
        self.session.enter(entry).map_err(|e| e.to_string())?;
        let name = format!(
            "deal-{:03}-seed-{}.txt",
            self.deal_no,
            deal_seed(self.seed, self.deal_no)
        );
        self.saved = Some(save_record(
            &self.records,
            &name,
            &self.record.to_text(&self.deal),
        )?);
        Ok(())
    }

    /// Saves the record of a deal left unfinished (the player quits mid-deal), so that it can
    /// be replayed or taken up in analysis. Nothing is saved before the deal's first action, nor
    /// for a finished deal (saved already by [`Game::finish`]).
    pub fn save_unfinished(&self) -> Result<Option<PathBuf>, String> {
        if self.deal.is_over() || self.record.actions.is_empty() {
            return Ok(None);
        }
        let name = format!(
            "deal-{:03}-seed-{}-unfinished.txt",
            self.deal_no,
            deal_seed(self.seed, self.deal_no)
        );
        let text = self.record.to_text(&self.deal);
        save_record(&self.records, &name, &text).map(Some)
    }

    /// Deals the next hand, the seats rotated by the session. When the human sits out, the
    /// computer players play it through and it is entered at once.
    pub fn next_deal(&mut self) -> Result<(), String> {
        self.deal_no += 1;
        self.seating = self.session.seating();
        self.record = Record::from_seed(
            self.session.preset,
            deal_seed(self.seed, self.deal_no),
            self.session.deal_options(),
        );
        self.deal = self.record.start().expect("seeded deck");
        self.saved = None;
        self.log.clear();
        self.run_bots();
        if self.deal.is_over() {
            self.finish()?;
        }
        Ok(())
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
        while game.deal.trick_no() < 4 {
            let a = game.hint().expect("the human is to act").0;
            game.act(a).unwrap();
        }
        let path = game.save_unfinished().unwrap().expect("saved");
        assert_eq!(path, dir.join("deal-001-seed-5-unfinished.txt"));
        let text = std::fs::read_to_string(&path).unwrap();
        let shown = tarok_danish::FAMILY.replay(&text).unwrap().text;
        assert!(shown.contains("the deal is not finished"), "{shown}");
        let (replayed, deal) = Record::from_text(&text).unwrap();
        assert_eq!(deal, game.deal);
        assert_eq!(replayed.actions, game.record.actions);
        // A finished deal is saved when it ends, not again on leaving.
        while let Some((a, _)) = game.hint() {
            game.act(a).unwrap();
        }
        game.finish().unwrap();
        assert_eq!(game.save_unfinished(), Ok(None));
        let _ = std::fs::remove_dir_all(&dir);
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
                .filter(|&s| game.deal.dealt(s).trumps().is_empty())
                .collect();
            if trumpless == [me] {
                asked += 1;
                assert!(game.human_to_act(), "seed {seed}");
                assert_eq!(game.deal.phase(), tarok_danish::Phase::Redeal);
                assert_eq!(game.deal.legal_actions(), [Action::Redeal, Action::Keep]);
                assert_eq!(game.record.actions.len(), me as usize, "seed {seed}");
            } else if trumpless.is_empty() {
                assert_ne!(
                    game.deal.phase(),
                    tarok_danish::Phase::Redeal,
                    "seed {seed}"
                );
                assert_eq!(game.record.actions[..3], ["keep", "keep", "keep"]);
                let keeps = game.log.iter().filter(|(_, a)| *a == Action::Keep).count();
                assert_eq!(keeps, 3, "seed {seed}");
            }
        }
        assert!(asked > 0, "no seed gives the human a trumpless hand");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A record saved under a name already taken (an earlier evening with the same seed) keeps
    /// the old file and takes the next free suffix.
    #[test]
    fn a_record_never_overwrites_another() {
        let dir = std::env::temp_dir().join(format!("tarok-save-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let first = save_record(&dir, "deal-001-seed-7.txt", "first").unwrap();
        let second = save_record(&dir, "deal-001-seed-7.txt", "second").unwrap();
        let third = save_record(&dir, "deal-001-seed-7.txt", "third").unwrap();
        assert_eq!(first, dir.join("deal-001-seed-7.txt"));
        assert_eq!(second, dir.join("deal-001-seed-7-2.txt"));
        assert_eq!(third, dir.join("deal-001-seed-7-3.txt"));
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "first");
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "second");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
