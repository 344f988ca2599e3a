//! An evening at a table of the two games of 1829 that are played in Partier: whole games
//! ([`WholeGame`]) one after another, as `tarok play` and a browser table play them. The
//! evening says who sits in each seat of the next deal and who deals it, takes each finished
//! deal, and pays each Partie between the persons as it ends (the deals' own payments, honours,
//! Pagat and Volata, are the deals' settlements).
//!
//! - The partners' game: six Partier of four deals, the partners changing with the pairing
//!   every two Partier, seat 0 dealing first and the deal passing right (002 L230-233, L254,
//!   L262; JC-1, JC-26).
//! - En deux: a Partie to 100, the deal alternating (002 L306-316); the first dealer is drawn
//!   (here: as the seed deals the first deal), and the next Partie goes on alternating.

use crate::deal::{Deal, Phase};
use crate::partie::Partie;
use crate::ruleset::{Game, Ruleset};
use crate::session::{no_partie, EnDeuxPartie, PartnersGame, WholeGame};
use crate::settlement::Line;
use tarok_core::{Balances, PaymentSink};

/// Whole games of one preset, one after another.
#[derive(Clone, Debug)]
pub struct PartieEvening {
    rules: Ruleset,
    /// The whole game in progress; `None` until en deux's first deal is entered.
    game: Option<WholeGame>,
}

/// Where a Partie stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartieStanding {
    /// The partners' game: Partie `partie` (from 1) of six, `deals` of its four deals played;
    /// each side's two persons and the sum of its surpluses over 36 (002 L261-262).
    Partners {
        partie: usize,
        deals: usize,
        sides: [[u8; 2]; 2],
        over_36: [i32; 2],
    },
    /// En deux: each person's running score and the target (002 L306-316).
    EnDeux { scores: [i32; 2], target: i32 },
}

/// A Partie that a deal ended: how it stood at its end, and its payments between persons
/// (none when neither side won).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartieEnd {
    pub standing: PartieStanding,
    pub payments: Vec<Line>,
}

impl PartieEnd {
    /// What the Partie's payments come to for each person.
    pub fn balances(&self) -> Balances {
        let mut b = Balances::default();
        self.payments.iter().for_each(|&l| b.pay(l));
        b
    }
}

impl PartieEvening {
    /// An evening of `rules`' game; the games without a Partie are refused with the reason.
    pub fn new(rules: Ruleset) -> Result<PartieEvening, String> {
        if let Some(why) = no_partie(&rules) {
            return Err(why);
        }
        // The partners' seat 0 deals first; en deux waits for its first deal, whose dealer
        // is drawn.
        let game = match rules.game {
            Game::Partners => Some(WholeGame::new(rules, 0)?),
            _ => None,
        };
        Ok(PartieEvening { rules, game })
    }

    /// The person in each seat of the next deal and the seat that deals it; `drawn` is the
    /// dealer drawn for en deux's first deal.
    pub fn next_setup(&self, drawn: u8) -> (Vec<u8>, u8) {
        match &self.game {
            Some(g) => (
                g.seats(g.deals().len()),
                g.next_dealer().expect("a game over is replaced at once"),
            ),
            None => ((0..self.rules.players()).collect(), drawn),
        }
    }

    /// Takes a finished deal, the one [`PartieEvening::next_setup`] set up; a void deal is
    /// dealt again and not kept. Returns the Partie the deal ended, if it ended one; after
    /// the last, a new game begins.
    pub fn enter(&mut self, deal: &Deal) -> Result<Option<PartieEnd>, String> {
        if deal.phase() == Phase::Void {
            return Ok(None);
        }
        let mut game = match self.game.take() {
            Some(g) => g,
            None => WholeGame::new(self.rules, deal.dealer())?,
        };
        if let Err(e) = game.add(*deal) {
            self.game = Some(game);
            return Err(e);
        }
        let payments = match &game {
            WholeGame::Partners(g) if g.deals.len() % Partie::DEALS == 0 => {
                let (seats, partie) = g.partier().pop().expect("a Partie just ended");
                Some(PartnersGame::partie_settlement(&seats, &partie, &g.rules))
            }
            WholeGame::EnDeux(p) if p.is_over() => Some(p.settlement().into_iter().collect()),
            _ => None,
        };
        let end = payments.map(|payments| PartieEnd {
            standing: standing(&game, true),
            payments,
        });
        self.game = Some(if game.is_over() {
            // The partners' seat 0 deals first again; en deux's deal goes on alternating.
            match game {
                WholeGame::Partners(_) => WholeGame::Partners(PartnersGame::new(self.rules)?),
                WholeGame::EnDeux(_) => {
                    WholeGame::EnDeux(EnDeuxPartie::new(self.rules, 1 - deal.dealer())?)
                }
            }
        } else {
            game
        });
        Ok(end)
    }

    /// Where the Partie in progress stands.
    pub fn standing(&self) -> PartieStanding {
        match &self.game {
            Some(g) => standing(g, false),
            // En deux before its first deal.
            None => PartieStanding::EnDeux {
                scores: [0, 0],
                target: self.rules.partie_target as i32,
            },
        }
    }
}

/// Where a Partie of `game` stands: the one in progress, or (`ended`) the one its last deal
/// ended.
fn standing(game: &WholeGame, ended: bool) -> PartieStanding {
    match game {
        WholeGame::Partners(g) => {
            let played = match g.deals.len() % Partie::DEALS {
                0 if ended => Partie::DEALS,
                k => k,
            };
            let first = g.deals.len() - played;
            let seats = g.seats(first);
            let mut over_36 = [0; 2];
            for d in &g.deals[first..] {
                for (side, count) in d.side_counts().into_iter().enumerate() {
                    over_36[side] += (count - 36).max(0);
                }
            }
            PartieStanding::Partners {
                partie: first / Partie::DEALS + 1,
                deals: played,
                sides: [[seats[0], seats[2]], [seats[1], seats[3]]],
                over_36,
            }
        }
        WholeGame::EnDeux(p) => PartieStanding::EnDeux {
            scores: p.score.scores,
            target: p.rules.partie_target as i32,
        },
    }
}
