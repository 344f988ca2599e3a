//! The talon and the discard (Ablage, Spieleversum §8).
//!
//! The deal lays two talon halves of three cards. In "3 offen" games the talon is revealed, the
//! declarer takes one half and discards three; the other half counts for the opponents. In the
//! Sechser he takes all six unseen and discards six. The discard is made card by card here; each
//! step keeps a legal complete discard possible.

use crate::cards::{BIRDS, FIVES, KINGS, PAGAT, TAROCK};
use crate::error::RuleError;
use tarok_core::{Card, CardSet};

/// Non-king suit cards: what a tarock game discards first.
fn plain_suit(hand: CardSet) -> CardSet {
    hand - TAROCK - KINGS
}

/// Tarocks a colour game may discard (never a Trull card; Uhu and Kakadu only under A22).
fn colour_tarocks(hand: CardSet, uhu_kakadu: bool) -> CardSet {
    let mut t = hand & (TAROCK - FIVES);
    if !uhu_kakadu {
        t -= BIRDS.without(PAGAT);
    }
    t
}

/// Checks discarding `card` from `hand` with `left` discards still to make (this one included).
///
/// Tarock games (§8.1, [L180–L186]): never a King or Trull card; a tarock (II..XX) only when the
/// non-king suit cards cannot fill the remaining discards. Colour games (§8.2, [L188–L194]): never a
/// King or Trull card; tarocks first, a suit card only when no discardable tarock is left.
pub fn check_discard(
    hand: CardSet,
    card: Card,
    left: u8,
    colour: bool,
    uhu_kakadu: bool,
) -> Result<(), RuleError> {
    if !hand.contains(card) {
        return Err(RuleError::NotInHand(card));
    }
    if FIVES.contains(card) {
        return Err(RuleError::DiscardFivePointer);
    }
    let is_tarock = TAROCK.contains(card);
    if colour {
        let t = colour_tarocks(hand, uhu_kakadu);
        if is_tarock && !t.contains(card) {
            return Err(RuleError::DiscardBird);
        }
        if !is_tarock && (left as u32) <= t.len() {
            return Err(RuleError::DiscardSuitCard);
        }
    } else if is_tarock && (left as u32) <= plain_suit(hand).len() {
        return Err(RuleError::DiscardTarock);
    }
    Ok(())
}

/// The cards that may be discarded next.
pub fn legal_discards(hand: CardSet, left: u8, colour: bool, uhu_kakadu: bool) -> CardSet {
    hand.iter()
        .filter(|&c| check_discard(hand, c, left, colour, uhu_kakadu).is_ok())
        .collect()
}

/// Which discarded cards are shown face up: tarocks in tarock games \[L184\], suit cards in colour
/// games \[L192\].
pub fn shown_part(discard: CardSet, colour: bool) -> CardSet {
    if colour {
        discard - TAROCK
    } else {
        discard & TAROCK
    }
}
