//! The one face every family's deal shows the code above the engines: front ends, bots, the
//! match runner and the server are written once against [`Game`] (in the spirit of shakmaty's
//! `Position` trait), and the registry crate `tarok-games` holds any preset's deal in one enum.
//!
//! A game is a state machine: whoever is to act chooses one of the legal actions, the deal
//! applies it or refuses it unchanged, and once nobody is to act it is over and settles into
//! payment lines. A seat sees the deal only through its [`Game::View`].

use crate::payment::{Balances, Payment};
use crate::rng::Below;
use crate::Seat;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::{Debug, Display};

/// A fixed-capacity list on the stack: the engines' legal-action lists in their hot paths
/// (random playouts, solvers), so that enumerating actions never allocates.
pub type ArrayList<A, const N: usize> = arrayvec::ArrayVec<A, N>;

/// A deal of one family, as the code above the engines sees it.
pub trait Game: Clone + Send + Sync + 'static {
    /// One decision of a player, shown in its text notation (which
    /// [`Game::parse_action`] reads back) and serialised with serde.
    type Action: Copy + Eq + Debug + Display + Serialize + DeserializeOwned + Send + Sync;
    /// What one seat may know: everything a bot, a hint or a network client gets.
    type View: Clone + Debug + Serialize + Send + Sync;
    /// Why an action was refused, naming its rule.
    type Error: crate::Refusal + Serialize + Send + Sync + 'static;
    /// Why a payment is made, naming its rule.
    type Reason: Copy + Debug + Display + Serialize + Send + Sync;

    /// The preset (rules) this deal is played under.
    fn preset(&self) -> &'static str;
    /// Seats at the deal (those who play it, not those sitting out).
    fn seats(&self) -> u8;
    /// The seat that deals (or, where nobody deals, the seat the family counts from).
    fn dealer(&self) -> Seat;
    /// Who is to act; `None` once the deal is over.
    fn to_act(&self) -> Option<Seat>;
    /// The legal actions of the seat to act, into `out` (cleared first). `out` is meant to be
    /// reused: once it has grown to the longest list, this allocates nothing.
    fn legal_into(&self, out: &mut Vec<Self::Action>);
    /// The action the seat to act takes without a choice, if the game has such moments (a
    /// hand with trumps "keeps" when asked about a redeal): drivers apply it without asking the
    /// seat's bot, so that a random bot draws no number for it.
    fn forced(&self) -> Option<Self::Action> {
        None
    }
    /// Reads an action in the family's notation (as `Display` writes it).
    fn parse_action(&self, text: &str) -> Result<Self::Action, String>;
    /// Applies the action of the seat to act. A refused action leaves the deal unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<(), Self::Error>;
    /// What `seat` may know now.
    fn view(&self, seat: Seat) -> Self::View;
    /// What everyone may know now: the view of a spectator, or of a person sitting the deal
    /// out. It is a seat's view without that seat's private part (no hand, no skat or discard
    /// of its own, nothing a rule shows to some seats only); its `seat` is 0.
    fn public_view(&self) -> Self::View;
    /// The itemised settlement (empty, or partial, until the deal is over).
    fn settlement(&self) -> Vec<Payment<Self::Reason>>;

    /// Whether the deal is over.
    fn is_over(&self) -> bool {
        self.to_act().is_none()
    }
    /// A uniformly random legal action, `None` once the deal is over: the forced action without
    /// a draw, else one [`Below::pick`] over [`Game::legal_into`]'s list (into `buf`). Level 0
    /// and random games choose this way; a family may bias its own random play on purpose.
    fn random_action(
        &self,
        rng: &mut impl Below,
        buf: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        if self.is_over() {
            return None;
        }
        if let Some(a) = self.forced() {
            return Some(a);
        }
        self.legal_into(buf);
        rng.pick(buf)
    }
    /// The legal actions in a new list (allocates; see [`Game::legal_into`]).
    fn legal(&self) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_into(&mut out);
        out
    }
    /// The net result of the settlement per party.
    fn balances(&self) -> Balances {
        let mut b = Balances::default();
        for line in self.settlement() {
            crate::PaymentSink::pay(&mut b, line);
        }
        b
    }
    /// Each seat's result with the pools shared equally among the seats, as the cups are
    /// shared at the end of an evening: zero-sum over the seats. Each is a whole number of
    /// points plus, for a pool's share, a multiple of 1/seats.
    fn payoffs(&self) -> Vec<f64> {
        let b = self.balances();
        let seats = self.seats() as usize;
        let pools: i64 = b.cups.iter().map(|&c| c as i64).sum();
        (0..seats)
            .map(|s| b.players[s] as f64 + pools as f64 / seats as f64)
            .collect()
    }
}

/// Serialises a type as its text notation (`Display`) and reads it back with `FromStr`, so
/// that JSON shows actions and cards as players write them (`"HK"`, `"X=S"`, `"call HK"`).
#[macro_export]
macro_rules! serde_as_text {
    ($t:ty) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let s = <String as serde::Deserialize>::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
