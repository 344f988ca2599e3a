//! Austrian Tarock Königrufen by the Spieleversum club rules (preset `at-koenigrufen-spieleversum`).
//!
//! The rules for players are `docs/rules/koenigrufen.md`, whose sections follow the specification's
//! (`§12.1` in a citation is its §12); citations such as \[L342\] are lines of the German club
//! rules (004, see `docs/rules/README.md`).
//!
//! - [`cards`]: the 54-card pack, point values, counting in thirds;
//! - [`contract`]: the 14 games; [`bidding`]: the Lizitation; [`talon`]: talon and discard;
//! - [`announce`]: premiums; [`kontra`]: Kontra, Re, Subkontra;
//! - [`play`]: the card play (allocation-free, `Copy`);
//! - [`deal`]: the deal state machine; [`view`]: what one seat may know;
//! - [`scoring`] and [`trischaken`]: the itemised settlement;
//! - [`table`]: 5/6-player tables, the score sheet, tournament rules, Renonce entries;
//! - [`record`] and [`position`]: text/JSON records and position strings; [`family`]: the CLI face.

pub mod announce;
pub mod bidding;
pub mod cards;
pub mod contract;
pub mod deal;
pub mod error;
pub mod family;
mod fastplay;
mod game;
pub mod kontra;
mod legal;
pub mod play;
pub mod position;
pub mod record;
pub mod ruleset;
pub mod scoring;
pub mod table;
pub mod talon;
pub mod trischaken;
pub mod view;

pub use announce::Premium;
pub use bidding::Call;
pub use contract::Contract;
pub use deal::{Action, DealState, FinishedDeal, Phase};
pub use error::RuleError;
pub use family::FAMILY;
pub use kontra::Item;
pub use ruleset::{Ruleset, Switches, PRESET};
pub use scoring::{Ending, Line, Reason, ScoreFacts};
pub use view::View;

use tarok_core::{Balances, Below, Card, DealRng};

/// The actions a deal's history is made room for at once: random deals take about 50 (75 when
/// every action is drawn uniformly), seldom more than 96.
const HISTORY_CAPACITY: usize = 96;

/// The room made at once for a list of legal actions: in random deals there are at most 15.
pub(crate) const LEGAL_CAPACITY: usize = 16;

/// A deal with its origin and the history of actions: what a record replays.
#[derive(Clone, Debug)]
pub struct Deal {
    pub(crate) ruleset: Ruleset,
    /// The seed the deck was shuffled from, if any.
    pub(crate) seed: Option<u64>,
    /// The deck order after the cut.
    pub(crate) deck: Vec<Card>,
    pub(crate) state: DealState,
    /// Every applied action with the seat that made it.
    pub(crate) history: Vec<(u8, Action)>,
}

impl Deal {
    /// The rules the deal is played by.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The seed the deck was shuffled from, if any.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The deck order after the cut.
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// The whole state (every hand), read-only: for drivers and tests; front ends and bots read
    /// views, and [`Deal::summary`] once the deal is over.
    pub fn state(&self) -> &DealState {
        &self.state
    }

    /// Every applied action with the seat that made it.
    pub fn history(&self) -> &[(u8, Action)] {
        &self.history
    }

    /// A deal from a seed: the 54-card pack shuffled by `tarok_core::shuffled`.
    pub fn from_seed(ruleset: Ruleset, seed: u64, dealer: u8) -> Deal {
        let deck = tarok_core::shuffled(cards::PACK, seed);
        let mut d = Deal::from_deck(ruleset, deck, dealer).expect("a shuffled pack is a deck");
        d.seed = Some(seed);
        d
    }

    /// A deal from a deck order (after the cut); refused unless it is the 54-card pack.
    pub fn from_deck(ruleset: Ruleset, deck: Vec<Card>, dealer: u8) -> Result<Deal, String> {
        let state = DealState::new(ruleset.switches, &deck, dealer)?;
        Ok(Deal {
            ruleset,
            seed: None,
            deck,
            state,
            history: Vec::with_capacity(HISTORY_CAPACITY),
        })
    }

    /// The seat to act (meaningless once over).
    pub fn current_player(&self) -> u8 {
        self.state.current_player()
    }

    /// Every legal action of the seat to act.
    pub fn legal_actions(&self) -> Vec<Action> {
        self.state.legal_actions()
    }

    /// Applies an action of the player to act; a refused action changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        let seat = self.state.current_player();
        self.state.apply(action)?;
        self.history.push((seat, action));
        Ok(())
    }

    /// The deal is over (played out, or ended by Schleifen).
    pub fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The itemised settlement (empty until the deal is over).
    pub fn settlement(&self) -> Vec<Line> {
        scoring::settlement(&self.state)
    }

    /// Net result per seat.
    pub fn balances(&self) -> Balances {
        let mut b = Balances::default();
        if self.is_over() {
            scoring::settle(&self.state, &mut b);
        }
        b
    }

    /// What `seat` may know.
    pub fn view(&self, seat: u8) -> View {
        View::new(self, seat)
    }

    /// What everyone may know (a spectator's view): see [`View::public`].
    pub fn public_view(&self) -> View {
        View::public(self)
    }

    /// What every player may see once the deal is over (every hand as dealt, the talon, the
    /// discard); `None` while it is played.
    pub fn summary(&self) -> Option<view::Summary> {
        view::Summary::of(self)
    }

    /// Plays random legal actions to the end.
    pub fn play_randomly(&mut self, rng: &mut DealRng) {
        let mut buf = Vec::with_capacity(LEGAL_CAPACITY);
        while let Some(a) = tarok_core::Game::random_action(self, rng, &mut buf) {
            self.apply(a).expect("a legal action");
        }
    }
}

/// A random legal action, biased so that random games cover every contract: in the bidding a
/// pass (or "mein Vorhand") is likely, and in the announcement round "gut" is likely. Not the
/// uniform [`tarok_core::Game::random_action`] on purpose: uniform bidders would outbid each
/// other into the rare top contracts and announce everything, so `random-game` and the
/// property tests would seldom see the common games.
pub fn random_action(state: &DealState, legal: &[Action], rng: &mut DealRng) -> Action {
    let prefer =
        |a: Action, rng: &mut DealRng, out_of: u32| legal.contains(&a) && rng.below(out_of) != 0;
    match state.phase {
        Phase::Bidding => {
            if prefer(Action::Call(Call::Pass), rng, 5) {
                return Action::Call(Call::Pass);
            }
            if prefer(Action::Call(Call::MeinVorhand), rng, 3) {
                return Action::Call(Call::MeinVorhand);
            }
        }
        Phase::Announcements if prefer(Action::Gut, rng, 4) => return Action::Gut,
        _ => {}
    }
    rng.pick(legal).expect("a legal action")
}
