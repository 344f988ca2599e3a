//! The bot interface and level 0.

use std::fmt;
use tarok_core::{Below, DealRng};

/// A bot's choice, with a short reason in words that a player can learn from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision<A> {
    pub action: A,
    pub reason: String,
}

/// A computer player for a game whose seats see `V` and act with `A`.
///
/// `decide` gets the seat's view and the legal actions, nothing else: the full state never
/// reaches a bot, so peeking is impossible by construction.
pub trait Bot<V, A>: Send {
    fn decide(&mut self, view: &V, legal: &[A]) -> Decision<A>;
}

/// The bot levels the match runner knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Level {
    /// Level 0: uniformly random legal actions, seeded.
    L0,
    /// Level 1: rule-based play from the strategy chapters of the sources.
    L1,
    /// Level 2: the card play and the decisions before it searched over layouts of the
    /// hidden cards (`level2`).
    L2,
    /// Level 2's card play with level 1's decisions before it: the baseline that shows what
    /// level 2's bids, skats, talons and announcements are worth.
    L2Play,
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        match s.to_ascii_uppercase().as_str() {
            "L0" | "0" => Ok(Level::L0),
            "L1" | "1" => Ok(Level::L1),
            "L2" | "2" => Ok(Level::L2),
            "L2-PLAY" | "L2PLAY" => Ok(Level::L2Play),
            _ => Err(format!(
                "unknown bot level {s:?}: use L0 (random), L1 (rule-based), L2 (searches the play and the decisions before it) or L2-play (searches the card play only)"
            )),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::L0 => "L0",
            Level::L1 => "L1",
            Level::L2 => "L2",
            Level::L2Play => "L2-play",
        })
    }
}

/// Stops with a clear message when a bot is asked to choose from no legal action: a deal that
/// is over, or a position that leaves the player to act nothing to do, has no choice to make.
/// The position readers refuse such positions; this guards every other caller, where an empty
/// list would otherwise end in an index out of bounds.
pub(crate) fn assert_choice<A>(legal: &[A], bot: &str) {
    assert!(
        !legal.is_empty(),
        "{bot} was asked to choose, but there is no legal action (the deal is over or the position leaves the player to act nothing to do)"
    );
}

/// Level 0's reason for every action.
pub const RANDOM_REASON: &str = "random legal action (level 0)";

/// Level 0: a uniformly random legal action.
pub struct RandomBot {
    rng: DealRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: DealRng::seed(seed),
        }
    }
}

impl<V, A: Copy> Bot<V, A> for RandomBot {
    fn decide(&mut self, _view: &V, legal: &[A]) -> Decision<A> {
        assert_choice(legal, "the level-0 bot");
        Decision {
            action: self.rng.pick(legal).expect("a legal action"),
            reason: RANDOM_REASON.into(),
        }
    }
}
