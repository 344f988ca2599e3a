//! Card points for the count (tælling) and the 26-rule conversion.

use tarok_core::{Card, CardKind, CardSet, Rank};

/// Points of one card: king, pagat, T21 and skus 4; dame 3; caval 2; knægt 1; others 0
/// (000 L666-674, L2406-2415; 003 L42 p.17).
#[inline]
pub fn card_points(card: Card) -> u8 {
    POINTS[card.index() as usize]
}

const fn points_rule(card: Card) -> u8 {
    match card.kind() {
        CardKind::Trump(1) | CardKind::Trump(21) | CardKind::Skus => 4,
        CardKind::Trump(_) => 0,
        CardKind::Suited(_, Rank::Konge) => 4,
        CardKind::Suited(_, Rank::Dame) => 3,
        CardKind::Suited(_, Rank::Caval) => 2,
        CardKind::Suited(_, Rank::Knaegt) => 1,
        CardKind::Suited(_, Rank::Pip(_)) => 0,
    }
}

/// Padded to 256 entries so that indexing by a card's `u8` id needs no bounds check.
const fn points_table() -> [u8; 256] {
    let mut t = [0; 256];
    let mut i = 0;
    while i < 78 {
        t[i] = points_rule(Card::from_index(i as u8));
        i += 1;
    }
    t
}

pub(crate) const POINTS: [u8; 256] = points_table();

/// Sum of the card points in a set.
pub fn set_points(set: CardSet) -> u32 {
    set.iter().map(|c| card_points(c) as u32).sum()
}

/// The 26-rule (000 L675-680, L2417-2430): |count − 26| rounded to the nearest multiple of 5,
/// negative = pays, positive = receives. 24-28 is free. No ties can occur.
pub const fn count_amount(count: i32, par: i32) -> i32 {
    let d = count - par;
    let a = 5 * ((d.abs() + 2) / 5);
    if d < 0 {
        -a
    } else {
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pack_holds_52_card_points() {
        // 52 card points + 25 tricks + the skat as a 26th "trick" = 78 (000 L665, 003 L42).
        assert_eq!(set_points(CardSet::PACK78), 52);
    }

    /// The whole conversion table, 00 to 78 (000 L2417-2430; 003 §11.3 reconstructed).
    #[test]
    fn conversion_table_00_to_78() {
        let rows: [(i32, i32, i32); 16] = [
            (0, 3, -25),
            (4, 8, -20),
            (9, 13, -15),
            (14, 18, -10),
            (19, 23, -5),
            (24, 28, 0),
            (29, 33, 5),
            (34, 38, 10),
            (39, 43, 15),
            (44, 48, 20),
            (49, 53, 25),
            (54, 58, 30),
            (59, 63, 35),
            (64, 68, 40),
            (69, 73, 45),
            (74, 78, 50),
        ];
        let mut covered = 0;
        for (lo, hi, amount) in rows {
            for count in lo..=hi {
                assert_eq!(count_amount(count, 26), amount, "count {count}");
                covered += 1;
            }
        }
        assert_eq!(covered, 79);
    }

    #[test]
    fn book_checks() {
        // 000 L679-680 and 003 p.18: 19 pays 5, 18 pays 10, 39 receives 15.
        assert_eq!(count_amount(19, 26), -5);
        assert_eq!(count_amount(18, 26), -10);
        assert_eq!(count_amount(39, 26), 15);
    }
}
