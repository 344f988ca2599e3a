//! The partners game's Partie (spec §3.6-3.7, 002 L230-233, L252-262).
//!
//! A Partie is 4 deals. Each side's surplus `count − 36` per deal carries over ("Man tæller
//! altid det, som er over 36 Points, til næste Spil", 002 L261-262). After 4 deals the side
//! with the larger net surplus wins the stake; ×2 for a Reale (36 surplus), ×2 when the losers
//! never made a point over 36 (double), ×3 for both (triple). A net of 0: nobody wins. Six
//! Partier make the game: three pairings × 2 Partier, or one fixed pairing ("Parita firma").

use crate::ruleset::Ruleset;
use crate::settlement::{Line, Reason};
use tarok_core::{Party, Payment};

/// The per-deal side counts of one Partie (side 0 = seats 0 and 2 of the pairing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Partie {
    pub deals: Vec<[i32; 2]>,
}

/// How a Partie ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PartieResult {
    /// The winning side, if any.
    pub winner: Option<u8>,
    /// Each side's gains: the sum of its surpluses over 36 (never negative).
    pub gross: [i32; 2],
    /// Winner's net surplus: own gains minus the opponents'.
    pub net: i32,
    pub reale: bool,
    pub double: bool,
    /// 1, 2 or 3.
    pub multiplier: u8,
}

impl Partie {
    /// Deals in a Partie (002 L254, L262).
    pub const DEALS: usize = 4;

    pub fn add(&mut self, side_counts: [i32; 2]) {
        self.deals.push(side_counts);
    }

    pub fn is_over(&self) -> bool {
        self.deals.len() >= Self::DEALS
    }

    /// The result (over whatever deals are recorded).
    pub fn result(&self, rules: &Ruleset) -> PartieResult {
        let mut gross = [0; 2];
        for d in &self.deals {
            for s in 0..2 {
                gross[s] += (d[s] - 36).max(0);
            }
        }
        let net0 = gross[0] - gross[1];
        let winner = match net0.cmp(&0) {
            std::cmp::Ordering::Greater => Some(0u8),
            std::cmp::Ordering::Less => Some(1u8),
            std::cmp::Ordering::Equal => None,
        };
        let Some(w) = winner else {
            return PartieResult {
                winner,
                gross,
                net: 0,
                reale: false,
                double: false,
                multiplier: 0,
            };
        };
        let l = 1 - w as usize;
        let net = net0.abs();
        let reale = if rules.reale_on_gross {
            gross[w as usize] >= 36
        } else {
            net >= 36
        };
        let double = gross[l] == 0;
        let multiplier = match (reale, double) {
            (true, true) => 3,
            (true, false) | (false, true) => 2,
            _ => 1,
        };
        PartieResult {
            winner,
            gross,
            net,
            reale,
            double,
            multiplier,
        }
    }

    /// Payments for a finished Partie: each loser pays each winner half the stake × multiplier
    /// (JC-24). `seats[side]` are the two seats of each side.
    pub fn settlement(&self, rules: &Ruleset, seats: [[u8; 2]; 2]) -> Vec<Line> {
        let r = self.result(rules);
        let mut out = Vec::new();
        if let Some(w) = r.winner {
            // Wide, then checked: the ruleset bounds `partie_stake` (its stake ranges) so that
            // this always fits; a ruleset built past them stops here instead of wrapping.
            let amount = i64::from(rules.partie_stake / 2) * i64::from(r.multiplier);
            let amount = i32::try_from(amount).unwrap_or_else(|_| {
                panic!("a Partie payment of {amount} does not fit in 32 bits: partie_stake {} is out of its range", rules.partie_stake)
            });
            for &loser in &seats[1 - w as usize] {
                for &winner in &seats[w as usize] {
                    out.push(Payment {
                        from: Party::Player(loser),
                        to: Party::Player(winner),
                        amount,
                        reason: Reason::Partie {
                            multiplier: r.multiplier,
                        },
                    });
                }
            }
        }
        out
    }
}

/// The pairing of the four players (0..4) in Partie `k` (0..6) of the game: partners sit
/// opposite, so the pairing is the seating. Default: the three pairings {01,23}, {02,13},
/// {03,12} two Partier each (JC-26); "Parita firma" keeps the first (002 L232-233).
/// Returns the person sitting in each seat 0..4 (seats 0 and 2 are partners).
pub fn seating(partie: usize, ferma: bool) -> [u8; 4] {
    let pairing = if ferma { 0 } else { (partie / 2) % 3 };
    match pairing {
        0 => [0, 2, 1, 3],
        1 => [0, 1, 2, 3],
        _ => [0, 1, 3, 2],
    }
}

/// Partier in the whole game (002 L231).
pub const PARTIER_IN_GAME: usize = 6;
