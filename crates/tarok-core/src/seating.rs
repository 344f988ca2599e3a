//! Rotation around a table: who is how many places from whom, who deals which deal, who deals
//! next. The families' seating schemes (who sits out at 4, 5 or 6, who plays which deal seat)
//! are built on this, so that the arithmetic modulo the table is written and tested once.
//!
//! People are numbered 0..n in the direction the deal passes (to the right, counter-clockwise,
//! in Denmark and in Austria): person `i + 1` is the one the deal passes to from person `i`.

/// A table of `people` persons, numbered in the direction the deal passes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    people: usize,
}

impl Table {
    /// A table of `people` (at least one).
    pub const fn new(people: usize) -> Table {
        assert!(people > 0, "a table has at least one person");
        Table { people }
    }

    /// The number of people at the table.
    pub const fn people(self) -> usize {
        self.people
    }

    /// The person `k` places on from `person`, in the direction the deal passes (`k = 0`: the
    /// person himself).
    #[inline]
    pub const fn after(self, person: usize, k: usize) -> usize {
        (person % self.people + k % self.people) % self.people
    }

    /// The next dealer when the deal passes one place.
    #[inline]
    pub const fn next(self, dealer: usize) -> usize {
        self.after(dealer, 1)
    }

    /// The next person after `person` who is not `absent`: the deal passing among those present
    /// when one person sits out a block of deals.
    #[inline]
    pub fn next_present(self, person: usize, absent: usize) -> usize {
        let n = self.next(person);
        if n == absent {
            self.next(n)
        } else {
            n
        }
    }

    /// The dealer of the deal at rotation position `k` (0 = the first deal) when `first` deals
    /// first and the deal moves `step` places each deal.
    #[inline]
    pub const fn dealer_at(self, first: usize, step: usize, k: u64) -> usize {
        let moved = (k % self.people as u64) as usize * (step % self.people);
        self.after(first, moved)
    }

    /// The people at the given places from `dealer` (place 0 is the dealer): the persons of a
    /// deal's seats, or of those sitting out, named by where they sit.
    #[inline]
    pub fn places<const N: usize>(self, dealer: usize, places: [usize; N]) -> [usize; N] {
        places.map(|k| self.after(dealer, k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_round_the_table() {
        let t = Table::new(5);
        assert_eq!(t.people(), 5);
        assert_eq!(t.after(3, 0), 3);
        assert_eq!(t.after(3, 4), 2);
        assert_eq!(t.after(4, 11), 0, "more than once round");
        assert_eq!(t.next(4), 0);
        assert_eq!(t.places(3, [1, 2, 0]), [4, 0, 3]);
        assert_eq!(Table::new(1).next(0), 0);
    }

    /// One place a deal visits everyone in turn; two places at five visits A, C, E, B, D.
    #[test]
    fn the_deal_moves_by_its_step() {
        let four = Table::new(4);
        let d: Vec<usize> = (0..6).map(|k| four.dealer_at(1, 1, k)).collect();
        assert_eq!(d, [1, 2, 3, 0, 1, 2]);
        let five = Table::new(5);
        let d: Vec<usize> = (0..6).map(|k| five.dealer_at(0, 2, k)).collect();
        assert_eq!(d, [0, 2, 4, 1, 3, 0]);
        for k in 0..50 {
            assert_eq!(
                five.dealer_at(3, 1, k + 1),
                five.next(five.dealer_at(3, 1, k))
            );
            assert_eq!(five.dealer_at(3, 2, k), five.dealer_at(3, 7, k));
        }
        assert_eq!(
            five.dealer_at(2, 1, u64::MAX),
            five.after(2, (u64::MAX % 5) as usize)
        );
    }

    #[test]
    fn the_deal_passes_over_the_absent() {
        let t = Table::new(5);
        assert_eq!(t.next_present(1, 3), 2);
        assert_eq!(t.next_present(2, 3), 4);
        assert_eq!(t.next_present(4, 0), 1);
        let mut d = 0;
        let mut seen = Vec::new();
        for _ in 0..4 {
            d = t.next_present(d, 2);
            seen.push(d);
        }
        assert_eq!(seen, [1, 3, 4, 0], "everyone but the absent deals in turn");
    }
}
