//! Information states: what one seat knows at a decision, and nothing else.
//!
//! An information state is built from the seat's view alone ([`tarok_core::Game::view`]), so by
//! type it cannot hold a card hidden from the seat: its hand, its own skat, talon or Scat, the
//! public history (bids, announcements, declarations, every card played) and the public facts.
//! It is written as a record from the seat's point of view: tag pairs naming the preset, the
//! seat and the decision, then the view in JSON (`tarok hint --record FILE --after N --json`
//! carries the same).

use crate::any::{AnyDeal, AnyView};
use serde::Serialize;
use tarok_core::{Game, Seat};

/// What `seat` knows after the first `after` actions of a deal.
#[derive(Clone, Debug, Serialize)]
pub struct InfoState {
    pub preset: &'static str,
    pub seat: Seat,
    /// The number of actions taken before this point.
    pub after: usize,
    pub view: AnyView,
}

impl InfoState {
    /// The information state of `seat` in `deal`, which stands after `after` actions.
    pub fn of(deal: &AnyDeal, seat: Seat, after: usize) -> InfoState {
        InfoState {
            preset: deal.preset(),
            seat,
            after,
            view: deal.view(seat),
        }
    }

    /// The record from the seat's point of view: tag pairs, then what it knows in JSON.
    pub fn to_text(&self) -> String {
        format!(
            "[Preset \"{}\"]\n[Seat \"{}\"]\n[After \"{}\"]\n[Hand \"{}\"]\n{}\n",
            self.preset,
            self.seat,
            self.after,
            self.view.hand(),
            serde_json::to_string_pretty(&self.view).expect("views serialise")
        )
    }
}
