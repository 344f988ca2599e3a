//! A three-player table with four people (spec §2.1, JC-18): "naar de nu er 1 mere, saa gjøre
//! de vexelviis den fjerde til Konge" (002 L135-136). The four take turns sitting out; the one
//! sitting out, the *Konge*, takes no part in play or payments.
//!
//! Judgement call of this crate (the text names no order): the people sit 0..4 in playing
//! order; in deal `k` person `k mod 4` sits out and the other three play seats 0, 1, 2 in
//! table order from his right, seat 0 dealing. So the deal passes to the right (JC-1) and the
//! one who dealt sits out the next deal.

/// Who does what in one deal of a four-person three-player table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KongeTable {
    /// The person sitting out (the *Konge*).
    pub konge: u8,
    /// The person in each seat of the deal (seat 0 deals).
    pub seats: [u8; 3],
}

/// The seating of deal `k` (0-based).
pub fn konge_rotation(k: u64) -> KongeTable {
    let table = tarok_core::seating::Table::new(4);
    let konge = table.dealer_at(0, 1, k);
    KongeTable {
        konge: konge as u8,
        seats: table.places(konge, [1, 2, 3]).map(|p| p as u8),
    }
}
