//! Seating and rotation: who deals, who plays and who sits out (*oversidder*) in each deal.
//!
//! Persons are numbered in the order they sit going to the **right** (counter-clockwise): person
//! `i + 1` sits on person `i`'s right. Everything in Danish Tarok goes to the right (000 L398,
//! L1963; 003 L28 p.10), so forhånd, who leads first, is the dealer's right-hand neighbour.
//!
//! A deal's seats follow `tarok_danish`: 0 forhånd, 1 mellemhånd, 2 the dealer; seats 3 and 4
//! are the people sitting out, who only fund and re-fund the cups.

use serde::{Deserialize, Serialize};
use std::fmt;
use tarok_core::seating::Table;

/// How the dealer moves and who sits out. Each scheme names its source.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scheme {
    /// Three at the table: all three play every deal; the deal passes to the right, so forhånd
    /// deals next (000 §3.3 DEFAULT, consistent with L371-372).
    Three,
    /// Four at the table: the player opposite the dealer sits out and hands the next deck to the
    /// player on his left, the current forhånd, who deals next (000 L371-372; 003 L28 p.10,
    /// the standard).
    Opposite,
    /// Four at the table, the DTF alternative: the dealer's right-hand neighbour sits out; he
    /// prepares and deals the next deal (003 L28 p.10, as interpreted in docs/rules/danish.md §3).
    RightNeighbour,
    /// Five at the table ("femkantet"), two sitters-out: the dealer and his two neighbours play,
    /// the dealer moves two seats each deal: A, C, E, B, D (000 L375-389, with the typo of L384
    /// read as "B and E" per AMB-26; 003 L28 p.10).
    SkipTwo,
    /// Five at the table, Hermansen's method: each person in turn sits out for a block of five
    /// deals, and the other four play as four at the table, opposite sitting out (000 L373-375).
    Hermansen,
}

impl Scheme {
    pub const ALL: [Scheme; 5] = [
        Scheme::Three,
        Scheme::Opposite,
        Scheme::RightNeighbour,
        Scheme::SkipTwo,
        Scheme::Hermansen,
    ];

    /// People at the table this scheme is for.
    pub fn table(self) -> usize {
        match self {
            Scheme::Three => 3,
            Scheme::Opposite | Scheme::RightNeighbour => 4,
            Scheme::SkipTwo | Scheme::Hermansen => 5,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Scheme::Three => "three",
            Scheme::Opposite => "opposite",
            Scheme::RightNeighbour => "right-neighbour",
            Scheme::SkipTwo => "skip-two",
            Scheme::Hermansen => "hermansen",
        }
    }

    pub fn source(self) -> &'static str {
        match self {
            Scheme::Three => "000 §3.3 (DEFAULT)",
            Scheme::Opposite => "000 L371-372; 003 L28 p.10",
            Scheme::RightNeighbour => "003 L28 p.10 (alternative)",
            Scheme::SkipTwo => "000 L375-389, AMB-26; 003 L28 p.10",
            Scheme::Hermansen => "000 L373-375",
        }
    }

    pub fn parse(id: &str) -> Option<Scheme> {
        Scheme::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The default scheme for a table of `n`: the sources' first-named method.
    pub fn default_for(n: usize) -> Option<Scheme> {
        match n {
            3 => Some(Scheme::Three),
            4 => Some(Scheme::Opposite),
            5 => Some(Scheme::SkipTwo),
            _ => None,
        }
    }
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Who sits where in one deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Seating {
    /// The dealer (*kortgiver*), as a person index.
    pub dealer: usize,
    /// Person of each deal seat: 0 forhånd, 1 mellemhånd, 2 the dealer, then the sitters-out.
    pub seats: Vec<usize>,
    /// The active seat that does not count: the next dealer, or the dealer when the next dealer
    /// sits out this deal (000 L662-663; 003 D-JC-10; docs/rules/danish.md §12).
    pub non_counter: u8,
}

impl Seating {
    /// The deal seat of a person.
    pub fn seat_of(&self, person: usize) -> Option<u8> {
        self.seats
            .iter()
            .position(|&p| p == person)
            .map(|s| s as u8)
    }

    /// The people sitting out.
    pub fn sitting_out(&self) -> &[usize] {
        &self.seats[3..]
    }
}

/// Hermansen: the person sitting out for block `b` (deals `5b..5b+4`). Judgement call: the
/// first block's is the first dealer's left-hand neighbour, and each block the sitter-out moves
/// one seat to the right, so everyone sits out one block in five (000 L373-375 only says "på skift").
fn hermansen_sitter(first: usize, block: u32) -> usize {
    Table::new(5).after(first, 4 + block as usize)
}

/// The dealer of the deal at rotation position `k` (0 = the first deal). A redeal keeps the
/// position; every other deal advances it by one.
pub fn dealer_at(scheme: Scheme, first: usize, k: u32) -> usize {
    let table = Table::new(scheme.table());
    match scheme {
        Scheme::Three | Scheme::Opposite | Scheme::RightNeighbour => {
            table.dealer_at(first, 1, k.into())
        }
        // The dealer skips one seat: A, C, E, B, D (000 L386-387).
        Scheme::SkipTwo => table.dealer_at(first, 2, k.into()),
        // Four-handed among those present: the deal passes to the next present person on the
        // right, skipping the block's sitter-out.
        Scheme::Hermansen => {
            let mut d = first;
            for j in 1..=k {
                d = table.next_present(d, hermansen_sitter(first, j / 5));
            }
            d
        }
    }
}

/// The seating of the deal at rotation position `k`.
pub fn seating(scheme: Scheme, first: usize, k: u32) -> Seating {
    let table = Table::new(scheme.table());
    let d = dealer_at(scheme, first, k);
    let at = |i: usize| table.after(d, i);
    let seats = match scheme {
        Scheme::Three => vec![at(1), at(2), d],
        // Opposite sits out (000 L371).
        Scheme::Opposite => vec![at(1), at(3), d, at(2)],
        // The right-hand neighbour sits out; forhånd is the next active player on the right.
        Scheme::RightNeighbour => vec![at(2), at(3), d, at(1)],
        // Dealer and his two neighbours play; the two seats opposite sit out (000 L375-389).
        Scheme::SkipTwo => vec![at(1), at(4), d, at(2), at(3)],
        Scheme::Hermansen => {
            let out = hermansen_sitter(first, k / 5);
            let present: Vec<usize> = (1..5).map(at).filter(|&p| p != out).collect();
            // present[0..3] are the three others on the dealer's right, in order.
            vec![present[0], present[2], d, present[1], out]
        }
    };
    let next = dealer_at(scheme, first, k + 1);
    let non_counter = seats[..3]
        .iter()
        .position(|&p| p == next)
        .map_or(2, |s| s as u8);
    Seating {
        dealer: d,
        seats,
        non_counter,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scheme_reads_back_from_its_name_and_cites_a_seed() {
        for scheme in Scheme::ALL {
            assert_eq!(Scheme::parse(&scheme.to_string()), Some(scheme));
            let source = scheme.source();
            assert!(
                source.starts_with("000 ") || source.starts_with("003 "),
                "{source}"
            );
        }
    }

    #[test]
    fn every_seating_places_each_person_once() {
        for scheme in Scheme::ALL {
            for first in 0..scheme.table() {
                for k in 0..40 {
                    let s = seating(scheme, first, k);
                    let mut seen = s.seats.clone();
                    seen.sort();
                    assert_eq!(
                        seen,
                        (0..scheme.table()).collect::<Vec<_>>(),
                        "{scheme} {k}"
                    );
                    assert_eq!(s.seats[2], s.dealer);
                }
            }
        }
    }

    #[test]
    fn scheme_ids_round_trip() {
        for s in Scheme::ALL {
            assert_eq!(Scheme::parse(s.id()), Some(s));
        }
        assert_eq!(Scheme::parse("nonsense"), None);
    }
}
