//! The hand cursor of both screens: it stands only on the cards that may be chosen now, so
//! Enter never tries a card that would be refused.

use tarok_core::{Card, CardSet};

/// Where the cursor starts in the sorted `hand`: on the first card of `may`, or 0 when none
/// may be chosen (the screens then draw no cursor).
pub fn first(hand: &[Card], may: CardSet) -> usize {
    hand.iter().position(|&c| may.contains(c)).unwrap_or(0)
}

/// The cursor moved by ← (`step` -1) or → (+1) to the next card of `may`, passing over the
/// others; it stays where it is when there is none that way.
pub fn step(hand: &[Card], may: CardSet, cursor: usize, step: isize) -> usize {
    let mut i = cursor as isize + step;
    while let Some(&c) = usize::try_from(i).ok().and_then(|i| hand.get(i)) {
        if may.contains(c) {
            return i as usize;
        }
        i += step;
    }
    cursor
}
