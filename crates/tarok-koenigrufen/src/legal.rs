//! The legal actions of the seat to act, listed without allocating and without trying every
//! conceivable action: the bidding asks [`Bidding::check`] about each call, the discard takes
//! [`legal_discards`], and the announcement round finds each Kontra item's side once and checks
//! Kontra, Re and Subkontra on it (§10) by the same rules as [`DealState::check`].

use crate::announce::Premium;
use crate::bidding::Bidding;
use crate::cards::KINGS;
use crate::deal::{Action, DealState, Phase};
use crate::kontra::{Item, SLOTS};
use crate::talon::legal_discards;

impl DealState {
    /// Every legal action of the player to act (allocates; see [`DealState::legal_actions_into`]
    /// and, in the card play, [`crate::play::PlayState::legal_cards`]).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// [`DealState::legal_actions`] into `out` (cleared first): once `out` has grown, this
    /// allocates nothing. The order is fixed (random play and records depend on it): calls as
    /// [`Bidding::CALLS`] lists them, kings, birds and talon halves in card order,
    /// discards in card order; in the announcement round the premiums in [`Premium::ALL`]'s
    /// order, the kings for König ultimo, then per item slot Kontra, Re against seats 0..3 and
    /// Subkontra, and "gut" last.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        let me = self.current_player();
        out.clear();
        let push_if_legal = |a: Action, out: &mut Vec<Action>| {
            if self.check(a).is_ok() {
                out.push(a);
            }
        };
        match self.phase {
            Phase::Over => {}
            Phase::Bidding => {
                let hand = self.hands[me as usize];
                for call in Bidding::CALLS {
                    if self.bidding.check(call, hand, &self.switches).is_ok() {
                        out.push(Action::Call(call));
                    }
                }
            }
            Phase::KingCall => {
                for k in KINGS.iter() {
                    push_if_legal(Action::CallKing(k), out);
                }
            }
            Phase::BesserruferBird => {
                for p in &Premium::ALL[..3] {
                    push_if_legal(Action::Announce(*p), out);
                }
                push_if_legal(Action::Gut, out);
            }
            Phase::Talon => {
                push_if_legal(Action::Schleifen, out);
                push_if_legal(Action::TakeHalf(0), out);
                push_if_legal(Action::TakeHalf(1), out);
            }
            Phase::Discard => {
                let colour = self.contract.is_some_and(|c| c.is_colour());
                let discards = legal_discards(
                    self.hands[me as usize],
                    self.discards_left,
                    colour,
                    self.switches.colour_discard_uhu_kakadu,
                );
                for c in discards.iter() {
                    out.push(Action::Discard(c));
                }
            }
            Phase::Announcements => self.announcement_actions_into(me, out),
            Phase::Play => {
                for c in self.play.legal_cards().iter() {
                    out.push(Action::Play(c));
                }
            }
        }
    }

    /// The announcement round (§9, §10): premiums, König ultimo with an own king, Kontra, Re and
    /// Subkontra, "gut".
    fn announcement_actions_into(&self, me: u8, out: &mut Vec<Action>) {
        for p in Premium::ALL {
            if self.check_announce(me, p).is_ok() {
                out.push(Action::Announce(p));
            }
        }
        if self.switches.koenig_ultimo_own_king {
            for k in KINGS.iter() {
                if self.check_ultimo_king(me, k).is_ok() {
                    out.push(Action::UltimoKing(k));
                }
            }
        }
        let kontra_here = self.check_kontra_here().is_ok();
        // Only an item that exists has a Kontra, Re or Subkontra, and not the game once an
        // announced Valat has replaced it.
        let existing = self.existing_items();
        for slot in (0..SLOTS).filter(|&slot| existing & (1 << slot) != 0) {
            let item = Item::from_slot(slot);
            let Ok(ks) = self.answerable_kontra_side(item) else {
                continue;
            };
            if kontra_here && self.check_kontra_by(me, item, ks).is_ok() {
                out.push(Action::Kontra(item));
            }
            for against in 0..4 {
                if self.check_re_by(me, item, ks, against).is_ok() {
                    out.push(Action::Re(item, against));
                }
            }
            if self.check_subkontra_by(me, item, ks).is_ok() {
                out.push(Action::Subkontra(item));
            }
        }
        out.push(Action::Gut);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bidding::{Bidding, Call};
    use crate::contract::Contract;
    use crate::ruleset::Ruleset;
    use crate::{random_action, Deal};
    use tarok_core::DealRng;

    /// The listing before issue 30, item 6: every conceivable action through
    /// [`DealState::check`]. The reference of the test below.
    fn legal_by_trying_everything(s: &DealState) -> Vec<Action> {
        let me = s.current_player();
        let mut out = Vec::new();
        let mut push = |a: Action| {
            if s.check(a).is_ok() {
                out.push(a);
            }
        };
        match s.phase {
            Phase::Over => {}
            Phase::Bidding => Bidding::CALLS
                .into_iter()
                .for_each(|c| push(Action::Call(c))),
            Phase::KingCall => KINGS.iter().for_each(|k| push(Action::CallKing(k))),
            Phase::BesserruferBird => {
                for p in &Premium::ALL[..3] {
                    push(Action::Announce(*p));
                }
                push(Action::Gut);
            }
            Phase::Talon => {
                push(Action::Schleifen);
                push(Action::TakeHalf(0));
                push(Action::TakeHalf(1));
            }
            Phase::Discard => s.hands[me as usize]
                .iter()
                .for_each(|c| push(Action::Discard(c))),
            Phase::Announcements => {
                for p in Premium::ALL {
                    push(Action::Announce(p));
                }
                if s.switches.koenig_ultimo_own_king {
                    KINGS.iter().for_each(|k| push(Action::UltimoKing(k)));
                }
                for slot in 0..SLOTS {
                    let item = Item::from_slot(slot);
                    push(Action::Kontra(item));
                    for seat in 0..4 {
                        push(Action::Re(item, seat));
                    }
                    push(Action::Subkontra(item));
                }
                push(Action::Gut);
            }
            Phase::Play => s
                .play
                .legal_cards()
                .iter()
                .for_each(|c| push(Action::Play(c))),
        }
        out
    }

    /// Every call once: the four words, then every game from the weakest up.
    #[test]
    fn the_calls_are_the_words_then_the_games_from_the_weakest() {
        let words = [Call::MeinVorhand, Call::Pass, Call::Hold, Call::Bei];
        let games = Contract::ALL.iter().rev().map(|&c| Call::Bid(c));
        let calls: Vec<Call> = words.into_iter().chain(games).collect();
        assert_eq!(Bidding::CALLS.to_vec(), calls);
    }

    /// Rules with the switches that change what is legal drawn from `bits`.
    fn rules(bits: u64) -> Ruleset {
        let mut rs = Ruleset::spieleversum();
        let s = &mut rs.switches;
        let bit = |i: u32| bits >> i & 1 == 1;
        s.vorhand_hold_piccolo_as_bei = bit(0);
        s.vorhand_final_choice_any_game = bit(1);
        s.besserrufer_is_opening_bid = bit(2);
        s.opponents_may_announce = bit(3);
        s.colour_discard_uhu_kakadu = bit(4);
        s.koenig_ultimo_own_king = bit(5);
        rs
    }

    /// At every step of thousands of random deals, under every combination of the switches
    /// that change what is legal, the listing equals the reference, in order.
    #[test]
    fn the_listing_equals_trying_every_action() {
        let mut legal = Vec::new();
        let mut kontra_answers = 0;
        for seed in 0..3000u64 {
            let mut deal = Deal::from_seed(rules(seed), seed, (seed % 4) as u8);
            let mut rng = DealRng::derive(seed, 7);
            let uniform = seed % 2 == 1;
            while !deal.is_over() {
                deal.state.legal_actions_into(&mut legal);
                assert_eq!(
                    legal,
                    legal_by_trying_everything(&deal.state),
                    "seed {seed}"
                );
                let a = if uniform {
                    tarok_core::Below::pick(&mut rng, &legal).expect("an action")
                } else {
                    random_action(&deal.state, &legal, &mut rng)
                };
                kontra_answers += matches!(a, Action::Re(..) | Action::Subkontra(_)) as u32;
                deal.apply(a).expect("legal");
            }
        }
        assert!(
            kontra_answers > 100,
            "Re and Subkontra occur: {kontra_answers}"
        );
    }
}
