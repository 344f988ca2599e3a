//! Who plays each deal at a table, by the family's own rotation, reused from where it is kept:
//!
//! - Danish Tarok at 3, 4 and 5: the club ledger's schemes (`tarok_ledger::seating`, the
//!   sources' first-named scheme for the table's size: everyone at 3, the one opposite the
//!   dealer sits out at 4, two sit out at 5), with the seat that does not count. A redeal
//!   keeps the rotation's position (000 L426-428). The last table seat deals first.
//! - Königrufen at 4, 5 and 6: the engine's score-sheet seating
//!   (`tarok_koenigrufen::table::seating`, §17: the dealer sits out at 5; the dealer and the
//!   third after him at 6). The first dealer is named by the seed; the deal passes on after
//!   every deal.
//! - The games of 1829: everyone plays every deal in the same seat; the registry names the
//!   dealer from each deal's seed.

use tarok_core::Seat;
use tarok_games::FamilyId;

/// The table sizes a family is played at, given its deal's seats.
pub fn sizes(family: FamilyId, deal_seats: u8) -> std::ops::RangeInclusive<u8> {
    match family {
        FamilyId::Danish => 3..=5,
        FamilyId::Koenigrufen => 4..=6,
        FamilyId::Historic => deal_seats..=deal_seats,
    }
}

/// Who plays one deal at a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    /// The rotation's position: how many times the deal has passed on before this deal.
    pub position: u32,
    /// The table seat of each of the deal's seats. In Danish Tarok at 4 and 5 the deal's seats
    /// 3 and 4 are the people sitting out, who only fund and re-fund the cups (their balance
    /// is the deal's `players[3..]`).
    pub seats: Vec<u8>,
    /// The table seats sitting this deal out.
    pub sitting_out: Vec<u8>,
    /// Königrufen: the deal seat that deals (deal seat 3 plays the dealer's part when the
    /// dealer sits out).
    pub deal_dealer: Option<Seat>,
    /// Danish Tarok: the deal seat that does not count (`DealOptions::non_counter`).
    pub non_counter: Seat,
}

/// Who plays the deal at rotation `position` at a table of `n` of `family` (whose deal has
/// `deal_seats` seats), the table's first deal dealt from `seed`.
pub fn seating(family: FamilyId, n: u8, deal_seats: u8, seed: u64, position: u32) -> Seating {
    let to_u8 = |v: &[usize]| v.iter().map(|&p| p as u8).collect::<Vec<u8>>();
    match family {
        FamilyId::Danish => {
            let scheme = tarok_ledger::seating::Scheme::default_for(n as usize)
                .expect("a Danish table of 3 to 5");
            let s = tarok_ledger::seating::seating(scheme, n as usize - 1, position);
            Seating {
                position,
                seats: to_u8(&s.seats),
                sitting_out: to_u8(s.sitting_out()),
                deal_dealer: None,
                non_counter: s.non_counter,
            }
        }
        FamilyId::Koenigrufen => {
            let table = tarok_core::seating::Table::new(n as usize);
            let dealer = table.after((seed % n as u64) as usize, position as usize);
            let s = tarok_koenigrufen::table::seating(n as usize, dealer)
                .expect("a Königrufen table of 4 to 6");
            Seating {
                position,
                seats: to_u8(&s.table_seats),
                sitting_out: to_u8(&s.sitting_out),
                deal_dealer: Some(s.deal_dealer),
                non_counter: 0,
            }
        }
        FamilyId::Historic => Seating {
            position,
            seats: (0..deal_seats).collect(),
            sitting_out: Vec::new(),
            deal_dealer: None,
            non_counter: 0,
        },
    }
}

impl Seating {
    /// The deal seat that table seat `t` plays, or `None` while `t` sits out.
    pub fn deal_seat(&self, t: u8, deal_seats: u8) -> Option<Seat> {
        self.seats[..deal_seats as usize]
            .iter()
            .position(|&s| s == t)
            .map(|d| d as Seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table size of every family seats each table seat once per deal, and everyone
    /// sits out as often as anyone else over a round of the table.
    #[test]
    fn each_seat_plays_or_sits_out_once_and_sitting_out_goes_round() {
        for (family, deal_seats) in [(FamilyId::Danish, 3), (FamilyId::Koenigrufen, 4)] {
            for n in sizes(family, deal_seats) {
                let mut out = vec![0; n as usize];
                for k in 0..n as u32 * 2 {
                    let s = seating(family, n, deal_seats, 7, k);
                    let mut all: Vec<u8> = s.seats[..deal_seats as usize].to_vec();
                    all.extend(&s.sitting_out);
                    all.sort();
                    assert_eq!(all, (0..n).collect::<Vec<_>>(), "{family:?} {n} deal {k}");
                    for &t in &s.sitting_out {
                        out[t as usize] += 1;
                        assert_eq!(s.deal_seat(t, deal_seats), None);
                    }
                }
                let want = 2 * (n - deal_seats) as u32;
                assert!(out.iter().all(|&o| o == want), "{family:?} {n}: {out:?}");
            }
        }
    }

    /// At three the Danish table turns as it always did here: table seat 2 deals first and
    /// table seat `t` plays the deal's seat `(t + 3 − k) mod 3` in deal `k`; at four the one
    /// opposite the dealer sits out (000 L371).
    #[test]
    fn the_danish_rotation_is_the_ledgers() {
        for k in 0..6u32 {
            let s = seating(FamilyId::Danish, 3, 3, 0, k);
            for t in 0..3u8 {
                assert_eq!(s.deal_seat(t, 3), Some((t + 3 - (k % 3) as u8) % 3));
            }
        }
        let s = seating(FamilyId::Danish, 4, 3, 0, 0);
        assert_eq!((s.seats[2], s.sitting_out.as_slice()), (3, &[1][..]));
    }
}
