//! Playing the cards (spec §1.2, §1.4, §2.5): what may be played to a trick and who wins it.
//!
//! * Follow suit if able (002 L169-170); if void, play a tarock (002 L212-213); tarocks led
//!   are followed with tarocks (002 L214); otherwise any card.
//! * The Scus may be played to any trick instead of a legal card (002 L177-178), may not be
//!   led unless a switch allows it "as a Taroc" (002 L218-219), and must be played at the
//!   latest from a hand of three cards (002 L215-217, JC-10).
//! * The Scus never wins and is never captured (002 L176): the trick goes to the best other
//!   card and the Scus goes back to its holder.
//!
//! These functions are pure and allocation-free: they work on `CardSet`s and slices.

use crate::ruleset::Ruleset;
use tarok_core::{Card, CardSet};

const SCUS: CardSet = CardSet::single(Card::SKUS);

/// What the cards already in a trick oblige the next player to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Obligation {
    /// He leads.
    Lead,
    /// Follow this suit, else tarock, else anything.
    Suit(tarok_core::Suit),
    /// Tarocks were led (or the Scus "as a Taroc"): tarock, else anything.
    Tarock,
}

/// The obligation a (possibly empty) trick imposes. A led Scus counts as a tarock lead.
pub fn obligation(trick: &[Card]) -> Obligation {
    match trick.first() {
        None => Obligation::Lead,
        Some(c) => match c.suit() {
            Some(s) => Obligation::Suit(s),
            None => Obligation::Tarock,
        },
    }
}

/// The cards `hand` may play to `trick` (allocation-free).
pub fn legal_cards(rules: &Ruleset, hand: CardSet, trick: &[Card]) -> CardSet {
    let scus = hand & SCUS;
    if !scus.is_empty() && hand.len() <= rules.scus_deadline as u32 {
        // The deadline: "maa han ikke behold den længere, end han endnu har 3 Kort" (002 L215-217).
        return scus;
    }
    let others = hand - SCUS;
    let base = match obligation(trick) {
        Obligation::Lead => {
            if rules.scus_may_lead || others.is_empty() {
                return hand;
            }
            return others;
        }
        Obligation::Suit(s) => {
            let follow = others.of_suit(s);
            if !follow.is_empty() {
                follow
            } else {
                tarocks_or_any(rules, others, trick)
            }
        }
        Obligation::Tarock => tarocks_or_any(rules, others, trick),
    };
    base | scus
}

fn tarocks_or_any(rules: &Ruleset, others: CardSet, trick: &[Card]) -> CardSet {
    let trumps = others.trumps();
    if trumps.is_empty() {
        return others;
    }
    if rules.must_overtrump {
        if let Some(best) = best_trump(trick) {
            let higher = CardSet::from_bits(trumps.bits() & !((2u128 << best.index()) - 1));
            if !higher.is_empty() {
                return higher;
            }
        }
    }
    trumps
}

fn best_trump(trick: &[Card]) -> Option<Card> {
    trick.iter().copied().filter(|c| c.is_trump()).max()
}

/// The index (into `trick`) of the card that wins it: the highest tarock, else the highest card
/// of the suit of the first card that is not the Scus. `None` only if every card is the Scus.
pub fn winner_index(trick: &[Card]) -> Option<usize> {
    if let Some(t) = best_trump(trick) {
        return trick.iter().position(|c| *c == t);
    }
    let first = trick.iter().find(|c| !c.is_skus())?;
    let s = first.suit()?;
    let best = trick
        .iter()
        .copied()
        .filter(|c| c.suit() == Some(s))
        .max()?;
    trick.iter().position(|c| *c == best)
}
