//! Penalties of 1829 (spec §2.8, 002 L160-174, L191-193) for play with real cards.
//!
//! The engine refuses illegal deals, discards and plays, so these offences cannot arise in
//! play on the engine. A ledger of a game played with real cards records them here: each
//! offence becomes payment lines. "To each" means each other player in the three-player game
//! and the quadrille and each opponent in the partners game (JC-25). En deux pays nothing per
//! deal: there the fine is added to the opponent's score instead (spec §4.8, JC-32), see
//! [`en_deux_points`].

use crate::ruleset::{Game, Ruleset};
use crate::settlement::{Line, Reason};
use serde::Serialize;
use tarok_core::{Party, Payment};

/// An offence at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "offence")]
pub enum Offence {
    /// *Kortene forgives*: a misdeal. The dealer pays 5 to each; the deal is redealt (002 L160-162).
    Misdeal { dealer: u8 },
    /// A Scat of 2 or 4 cards found at the end: the dealer pays 5 to each and every honour
    /// payment already made is refunded, the dealer's own included (002 L163-168).
    WrongScat { dealer: u8 },
    /// Revoke or wrong trumping: 5 to each; the tricks stand (002 L169-171).
    Revoke { offender: u8 },
    /// The Pagat captured by a revoke: the captor gives it back and pays 10 to each
    /// (002 L171-173); the owner's Pagat-loss payment is cancelled (JC-17).
    FalsePagatCapture { captor: u8 },
    /// Declaring more honours than held: 5 to each (002 L174), and the amount received for
    /// the false honour is refunded (JC-16).
    OverDeclared { offender: u8 },
    /// A declared Cavallerie used a card the dealer laid in the Scat: the payment is refunded
    /// (002 L191-193).
    CavallerieInScat { dealer: u8 },
}

/// Who counts as "each" for a player's penalty.
fn each(rules: &Ruleset, seat: u8) -> impl Iterator<Item = u8> + '_ {
    let n = rules.players();
    (0..n).filter(move |q| *q != seat && (rules.game != Game::Partners || q % 2 != seat % 2))
}

fn line(from: u8, to: u8, amount: i32, reason: Reason) -> Line {
    Payment {
        from: Party::Player(from),
        to: Party::Player(to),
        amount,
        reason,
    }
}

/// The lines for an offence. `paid_before` are the lines already paid in the deal that the
/// offence cancels: every honour line for a wrong Scat, the offender's false honour for
/// over-declaring and the dealer's Cavallerie for a card in the Scat, the Pagat-loss lines for
/// a false capture. They are refunded (reversed) with reason `Refund`.
///
/// En deux: no fine line; the fine is points, see [`en_deux_points`].
pub fn penalty(rules: &Ruleset, offence: &Offence, paid_before: &[Line]) -> Vec<Line> {
    let mut out = Vec::new();
    if let Some((p, amount)) = fine(offence) {
        if rules.game != Game::EnDeux {
            for q in each(rules, p) {
                out.push(line(p, q, amount, Reason::Penalty));
            }
        }
    }
    if refunds(offence) {
        for l in paid_before {
            out.push(Payment {
                from: l.to,
                to: l.from,
                amount: l.amount,
                reason: Reason::Refund,
            });
        }
    }
    out
}

/// The offender and what he pays each other player ("to each").
fn fine(offence: &Offence) -> Option<(u8, i32)> {
    match *offence {
        Offence::Misdeal { dealer } | Offence::WrongScat { dealer } => Some((dealer, 5)),
        Offence::Revoke { offender } | Offence::OverDeclared { offender } => Some((offender, 5)),
        Offence::FalsePagatCapture { captor } => Some((captor, 10)),
        Offence::CavallerieInScat { .. } => None,
    }
}

/// Whether the offence gives back what was paid (or scored) for it.
fn refunds(offence: &Offence) -> bool {
    !matches!(offence, Offence::Misdeal { .. } | Offence::Revoke { .. })
}

/// En deux: what an offence adds to each player's score. The fine ("5 to each", 10 for a
/// false Pagat capture) goes to the opponent's score: "Penalties of '5 to each' become +5 to
/// the opponent's score" (spec §4.8, JC-32). `cancelled[p]` are the points player `p` scored
/// that the offence cancels, as `paid_before` for [`penalty`] (his honours for a wrong Scat,
/// the false honour, the Cavallerie with a card in the Scat); they come off his score.
pub fn en_deux_points(offence: &Offence, cancelled: [i32; 2]) -> [i32; 2] {
    let mut points = [0; 2];
    if let Some((p, amount)) = fine(offence) {
        points[(p as usize + 1) % 2] += amount;
    }
    if refunds(offence) {
        points[0] -= cancelled[0];
        points[1] -= cancelled[1];
    }
    points
}
