//! Counting by the 1829 method (spec §1.3, 002 L109-110, L200-210).
//!
//! Nominal values: Mongue (XXI), Pagat (I), Scus 5; King 5, Queen (Dame) 4, Cavalier 3,
//! Valet 2; every other card is "blank", three blanks together 1. Cards are counted in packets
//! of three, a counting card "covered" by two blanks (*belægges*); missing blanks cost 1 point
//! per packet with two counting cards and 2 with three. The closed form (JC-5) is
//! `count = packets + Σ (v − 1)` over the counting cards, i.e. one per trick (plus one for the
//! Scat) and K 4, D 3, C 2, V 1, XXI/I/Scus 4 each. A lone Scus is therefore worth 4
//! (002 L185-186, "betalt med 4 Points").

use tarok_core::{Card, CardKind, CardSet, Rank};

/// The three main Matadors (*Hovedmatadorer*, 002 L113-114): XXI, I and the Scus.
pub const MAIN_MATADORS: CardSet = CardSet::single(Card::T21)
    .with(Card::PAGAT)
    .with(Card::SKUS);

/// Nominal value of a counting card (002 L200-202); 0 for a blank.
pub const fn nominal(card: Card) -> i32 {
    match card.kind() {
        CardKind::Skus => 5,
        CardKind::Trump(1) | CardKind::Trump(21) => 5,
        CardKind::Trump(_) => 0,
        CardKind::Suited(_, Rank::Konge) => 5,
        CardKind::Suited(_, Rank::Dame) => 4,
        CardKind::Suited(_, Rank::Caval) => 3,
        CardKind::Suited(_, Rank::Knaegt) => 2,
        CardKind::Suited(_, Rank::Pip(_)) => 0,
    }
}

/// Whether a card counts (is not blank).
pub const fn is_counting(card: Card) -> bool {
    nominal(card) > 0
}

/// Σ (v − 1) over the counting cards of a set: the per-card part of the closed form.
pub fn excess(cards: CardSet) -> i32 {
    cards.iter().map(|c| (nominal(c) - 1).max(0)).sum()
}

/// The count of a pile made of `packets` packets (tricks, plus one for a Scat) by the closed
/// form of spec §1.3.
pub fn count_pile(packets: i32, cards: CardSet) -> i32 {
    packets + excess(cards)
}

/// The literal packet rule of 002 L203-210 for one packet of three cards: the sum of the
/// nominal values, one point for three blanks, minus 1 if two cards count and 2 if three do.
/// It exists so that the tests can check the closed form against the text's own procedure.
pub fn literal_packet(cards: [Card; 3]) -> i32 {
    let counting = cards.iter().filter(|c| is_counting(**c)).count() as i32;
    let values: i32 = cards.iter().map(|c| nominal(*c)).sum();
    match counting {
        0 => 1,
        1 => values,
        n => values - (n - 1),
    }
}

/// The quadrille's count without *belægning* (002 L271-274): every counting card its nominal
/// value, every blank 1. The pack of 76 totals 128.
pub fn count_unpacked(cards: CardSet) -> i32 {
    cards
        .iter()
        .map(|c| if is_counting(c) { nominal(c) } else { 1 })
        .sum()
}
