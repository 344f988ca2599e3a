//! Taroc en deux beyond one deal (spec §4.1, §4.7): drawing for the deal and the Partie to 100.
//!
//! "Taroc en deux bliver, ligesom Piquet, spillet i Partier til 100 Points" (002 L306). Each
//! deal adds honours and the whole count to each player's score (002 L315-316). The Partie
//! ends after the deal in which a score reaches the target; the higher score wins, a tie plays
//! on (JC-33). The winner gains the stake plus the difference; a loser under 50 (switch: at
//! most 50) pays the stake double (002 L307-314).

use crate::ruleset::Ruleset;
use crate::settlement::{Line, Reason};
use tarok_core::{Card, CardKind, DealRng, Party, Payment, Rank};

/// Rank of a card drawn for the deal (JC-28): any tarock (XXI high) above suit cards, suit
/// cards by rank K > D > C > V > pips (in each suit's own pip order), the Scus lowest.
pub fn cut_rank(card: Card) -> u8 {
    match card.kind() {
        CardKind::Skus => 0,
        CardKind::Trump(n) => 100 + n,
        CardKind::Suited(_, Rank::Konge) => 50,
        CardKind::Suited(_, Rank::Dame) => 49,
        CardKind::Suited(_, Rank::Caval) => 48,
        CardKind::Suited(_, Rank::Knaegt) => 47,
        CardKind::Suited(..) => 1 + card.order(),
    }
}

/// Each player draws a card from a shuffled pack; the higher deals and lays the Scat
/// (002 L292-293). Ties are drawn again. Returns the dealer and the cards drawn.
pub fn draw_for_deal(rng: &mut DealRng) -> (u8, Vec<(Card, Card)>) {
    let mut draws = Vec::new();
    loop {
        let a = Card::from_index(rng.below(78) as u8);
        let mut b = Card::from_index(rng.below(77) as u8);
        if b >= a {
            b = Card::from_index(b.index() + 1);
        }
        draws.push((a, b));
        match cut_rank(a).cmp(&cut_rank(b)) {
            std::cmp::Ordering::Greater => return (0, draws),
            std::cmp::Ordering::Less => return (1, draws),
            std::cmp::Ordering::Equal => {}
        }
    }
}

/// The running scores of a Partie.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PartieScore {
    pub scores: [i32; 2],
    pub deals: u32,
}

impl PartieScore {
    /// Adds one deal's scores.
    pub fn add(&mut self, deal: [i32; 2]) {
        // Scores are a deal's few points each; checked all the same.
        self.scores[0] = self.scores[0]
            .checked_add(deal[0])
            .expect("an en deux score fits in 32 bits");
        self.scores[1] = self.scores[1]
            .checked_add(deal[1])
            .expect("an en deux score fits in 32 bits");
        self.deals += 1;
    }

    /// Whether the Partie is decided: a score reached the target and the scores differ (JC-33).
    pub fn is_over(&self, rules: &Ruleset) -> bool {
        let t = rules.partie_target as i32;
        (self.scores[0] >= t || self.scores[1] >= t) && self.scores[0] != self.scores[1]
    }

    /// The Partie's payment in Skilling: stake (×2 when the loser is under 50, or at 50 with
    /// the switch) plus the difference at the point stake. `None` while not over.
    pub fn settlement(&self, rules: &Ruleset) -> Option<Line> {
        if !self.is_over(rules) {
            return None;
        }
        let (w, l) = if self.scores[0] > self.scores[1] {
            (0, 1)
        } else {
            (1, 0)
        };
        let loser = self.scores[l];
        let double = if rules.double_at_fifty {
            loser <= 50
        } else {
            loser < 50
        };
        // Wide, then checked: the ruleset bounds both stakes (its stake ranges) so that this
        // always fits; a ruleset built past them stops here instead of wrapping.
        let stake = i64::from(rules.partie_stake_sk) * if double { 2 } else { 1 };
        let diff = i64::from(self.scores[w]) - i64::from(self.scores[l]);
        let amount = stake + diff * i64::from(rules.point_stake_sk);
        let amount = i32::try_from(amount).unwrap_or_else(|_| {
            panic!("an en deux payment of {amount} Sk does not fit in 32 bits: partie_stake_sk {} or point_stake_sk {} is out of its range", rules.partie_stake_sk, rules.point_stake_sk)
        });
        Some(Payment {
            from: Party::Player(l as u8),
            to: Party::Player(w as u8),
            amount,
            reason: Reason::PartieEnDeux { double },
        })
    }
}
