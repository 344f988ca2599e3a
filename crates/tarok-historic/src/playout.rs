//! Random legal play: for `tarok random-game`, the benchmark and the property tests.
//! Allocation-free: the legal actions go into a reusable `ActionList`.

use crate::action::{Action, ActionList};
use crate::deal::Deal;
use tarok_core::DealRng;

/// A uniformly random legal action, or `None` when the deal is over.
pub fn random_action(deal: &Deal, rng: &mut DealRng, buf: &mut ActionList) -> Option<Action> {
    if deal.is_over() {
        return None;
    }
    if deal.phase() == crate::deal::Phase::Play {
        // The fast path for card play: pick from the legal card set directly.
        let legal = deal.legal_cards();
        let c = legal.nth(rng.below(legal.len()))?;
        return Some(Action::Play(c));
    }
    deal.legal_actions_into(buf);
    let i = rng.below(buf.len() as u32) as usize;
    buf.as_slice().get(i).copied()
}

/// Plays random legal actions to the end, calling `seen` with each.
pub fn play_out(deal: &mut Deal, rng: &mut DealRng, mut seen: impl FnMut(Action)) {
    let mut buf = ActionList::default();
    while let Some(a) = random_action(deal, rng, &mut buf) {
        deal.apply(a).expect("a legal action is accepted");
        seen(a);
    }
}
