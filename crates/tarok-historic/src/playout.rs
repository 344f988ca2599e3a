//! Random legal play: for `tarok random-game`, the benchmark and the property tests.
//! Allocation-free: the legal actions go into a reusable `ActionList`.

use crate::action::{Action, ActionList};
use crate::deal::Deal;
use tarok_core::{Below, DealRng};

/// A uniformly random legal action, or `None` when the deal is over.
pub fn random_action(deal: &Deal, rng: &mut DealRng, buf: &mut ActionList) -> Option<Action> {
    if deal.is_over() {
        return None;
    }
    if deal.phase() == crate::deal::Phase::Play {
        // The fast path for card play: pick from the legal card set directly.
        let legal = deal.legal_cards();
        return legal.pick(rng).map(Action::Play);
    }
    deal.legal_actions_into(buf);
    rng.pick(buf.as_slice())
}

/// Plays random legal actions to the end, calling `seen` with each.
pub fn play_out(deal: &mut Deal, rng: &mut DealRng, mut seen: impl FnMut(Action)) {
    let mut buf = ActionList::default();
    while let Some(a) = random_action(deal, rng, &mut buf) {
        deal.apply(a).expect("a legal action is accepted");
        seen(a);
    }
}
