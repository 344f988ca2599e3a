//! Trischaken scoring (Spieleversum §14, \[L342\], \[L496–L504\]): everyone against everyone; the
//! player with the most points pays. Doubled if he is the Vorhand, doubled if he has more than
//! 35/1 (≥ 107 thirds); a player without a trick (Jungfrau) collects the whole payment alone.

use crate::cards::{at_least_35_2, thirds};
use crate::deal::DealState;
use crate::play::PlayState;
use crate::ruleset::{Switches, ThreeJungfrauen, ThreeWayTie, TieRule, TieWithJungfrau};
use crate::scoring::Reason;
use serde::Serialize;
use std::fmt;
use tarok_core::{Party, PaymentSink};

/// Which Trischaken rule a payment follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum TrischakenCase {
    /// The player with the most points pays; `over35` = more than 35/1, `vorhand` = he is the Vorhand.
    Most { over35: bool, vorhand: bool },
    /// As `Most`, paid to a Jungfrau (a player without a trick).
    Jungfrau { over35: bool, vorhand: bool },
    /// Two players tied for the most points.
    Tie,
    /// Three players tied for the most points.
    ThreeWayTie,
}

impl fmt::Display for TrischakenCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let extra = |o: bool, v: bool| {
            let mut s = String::new();
            if o {
                s.push_str(", over 35/1 ×2");
            }
            if v {
                s.push_str(", Vorhand ×2");
            }
            s
        };
        match self {
            TrischakenCase::Most { over35, vorhand } => {
                write!(f, "most points pays{}", extra(*over35, *vorhand))
            }
            TrischakenCase::Jungfrau { over35, vorhand } => write!(
                f,
                "most points pays the Jungfrau{}",
                extra(*over35, *vorhand)
            ),
            TrischakenCase::Tie => f.write_str("tie for the most points"),
            TrischakenCase::ThreeWayTie => f.write_str("three-way tie for the most points"),
        }
    }
}

fn pay<S: PaymentSink<Reason>>(
    sink: &mut S,
    from: usize,
    to: usize,
    amount: i32,
    c: TrischakenCase,
) {
    let (from, to) = (Party::Player(from as u8), Party::Player(to as u8));
    sink.pay_signed(from, to, amount, Reason::Trischaken(c));
}

/// Up to four seats, without allocating.
struct Seats {
    seats: [usize; 4],
    len: usize,
}

impl Seats {
    fn of(pred: impl Fn(usize) -> bool) -> Seats {
        let mut s = Seats {
            seats: [0; 4],
            len: 0,
        };
        for seat in 0..4 {
            if pred(seat) {
                s.seats[s.len] = seat;
                s.len += 1;
            }
        }
        s
    }

    fn iter(&self) -> std::slice::Iter<'_, usize> {
        self.seats[..self.len].iter()
    }

    fn len(&self) -> usize {
        self.len
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn contains(&self, seat: &usize) -> bool {
        self.seats[..self.len].contains(seat)
    }
}

impl std::ops::Index<usize> for Seats {
    type Output = usize;
    fn index(&self, i: usize) -> &usize {
        &self.seats[..self.len][i]
    }
}

/// Pays Trischaken from each player's count in thirds and trick count.
pub fn pay_trischaken<S: PaymentSink<Reason>>(
    points: [u32; 4],
    tricks: [u8; 4],
    vorhand: u8,
    sw: &Switches,
    sink: &mut S,
) {
    let max = *points.iter().max().expect("four players");
    // Small fixed lists (no allocation: this runs in the playout benchmark).
    let tied = Seats::of(|s| points[s] == max);
    let jungfrauen = Seats::of(|s| tricks[s] == 0 && points[s] != max);
    match tied.len() {
        1 => {
            let loser = tied[0];
            let over35 = at_least_35_2(max);
            let vorhand = loser == vorhand as usize;
            let mut unit = 1;
            if over35 {
                unit *= 2;
            }
            if vorhand {
                unit *= 2;
            }
            let total = 3 * unit;
            let j = TrischakenCase::Jungfrau { over35, vorhand };
            match jungfrauen.len() {
                0 => {
                    for s in (0..4).filter(|&s| s != loser) {
                        pay(
                            sink,
                            loser,
                            s,
                            unit,
                            TrischakenCase::Most { over35, vorhand },
                        );
                    }
                }
                1 | 2 => {
                    for &s in jungfrauen.iter() {
                        pay(sink, loser, s, total, j);
                    }
                }
                _ => {
                    let each = match sw.trischaken_three_jungfrauen {
                        ThreeJungfrauen::EachGetsTheTotal => total,
                        ThreeJungfrauen::Ordinary => unit,
                    };
                    for &s in jungfrauen.iter() {
                        pay(sink, loser, s, each, j);
                    }
                }
            }
        }
        2 => {
            let others = Seats::of(|s| points[s] != max);
            let mut m = 1;
            if sw.trischaken_tie_vorhand_doubles && tied.contains(&(vorhand as usize)) {
                m = 2;
            }
            let per_tied = m * match sw.trischaken_tie {
                TieRule::LoseThreeEach => 3,
                TieRule::PayThreeToEach => 6,
            };
            let takes_all = sw.trischaken_tie_with_jungfrau == TieWithJungfrau::JungfrauTakesAll
                && !jungfrauen.is_empty();
            if takes_all {
                // The Jungfrau(s) get the whole tie payment (each the whole of it).
                for &j in jungfrauen.iter() {
                    for &t in tied.iter() {
                        pay(sink, t, j, per_tied, TrischakenCase::Tie);
                    }
                }
            } else {
                let share = per_tied / 2;
                for &t in tied.iter() {
                    for &o in others.iter() {
                        pay(sink, t, o, share, TrischakenCase::Tie);
                    }
                }
                // LoseThreeEach: 3 each split 1.5/1.5 is not whole; pay pairwise instead.
                if per_tied % 2 == 1 {
                    pay(sink, tied[0], others[0], 1, TrischakenCase::Tie);
                    pay(sink, tied[1], others[1], 1, TrischakenCase::Tie);
                }
            }
        }
        3 => {
            let fourth = (0..4).find(|s| !tied.contains(s)).expect("a fourth");
            if sw.trischaken_three_way_tie == ThreeWayTie::LoseThreeToTheFourth {
                for &t in tied.iter() {
                    pay(sink, t, fourth, 3, TrischakenCase::ThreeWayTie);
                }
            }
        }
        _ => {} // Four equal counts cannot happen: 210 thirds do not split into four equal whole parts.
    }
}

/// Each player's count in thirds, the talon with the winner of the last trick (§8.4, \[L204\]).
pub fn points(d: &DealState, play: &PlayState) -> [u32; 4] {
    let mut piles = play.taken;
    if play.tricks_done() == 12 {
        piles[play.winners[11] as usize] |= d.talon[0] | d.talon[1];
    }
    piles.map(thirds)
}
