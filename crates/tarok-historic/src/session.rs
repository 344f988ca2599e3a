//! Whole games over several deals: the partners' game of six Partier (spec §3.1, §3.7) and the
//! en deux Partie to 100 (spec §4.7). Each deal is an ordinary [`Deal`]; a session checks that
//! it is the deal due next, keeps the results and settles between *persons* (0..n), who may sit
//! in different seats from Partie to Partie.

use crate::deal::{Deal, Phase};
use crate::en_deux::PartieScore;
use crate::partie::{seating, Partie, PARTIER_IN_GAME};
use crate::ruleset::{Game, Ruleset};
use crate::settlement::Line;
use tarok_core::Party;

fn to_person(line: Line, seats: &[u8]) -> Line {
    let map = |p: Party| match p {
        Party::Player(s) => Party::Player(seats[s as usize]),
        other => other,
    };
    Line {
        from: map(line.from),
        to: map(line.to),
        ..line
    }
}

/// The partners' game: 6 Partier of 4 deals (002 L230-233, L254, L262).
#[derive(Clone, Debug)]
pub struct PartnersGame {
    pub rules: Ruleset,
    /// Finished deals in order (void deals are redealt and not kept).
    pub deals: Vec<Deal>,
}

impl PartnersGame {
    pub fn new(rules: Ruleset) -> Result<PartnersGame, String> {
        if rules.game != Game::Partners {
            return Err(format!("{} is not the partners game", rules.id));
        }
        Ok(PartnersGame {
            rules,
            deals: Vec::new(),
        })
    }

    /// Deals in the whole game.
    pub const DEALS: usize = PARTIER_IN_GAME * Partie::DEALS;

    pub fn is_over(&self) -> bool {
        self.deals.len() >= Self::DEALS
    }

    /// The person in each seat of the next deal, and its dealer seat (the deal passes right).
    pub fn next_setup(&self) -> Option<([u8; 4], u8)> {
        let j = self.deals.len();
        (j < Self::DEALS).then(|| {
            (
                seating(j / Partie::DEALS, self.rules.partita_ferma),
                (j % 4) as u8,
            )
        })
    }

    /// Records a finished deal; it must be dealt by the seat due.
    pub fn add(&mut self, deal: Deal) -> Result<(), String> {
        let (_, dealer) = self.next_setup().ok_or("the game is over")?;
        if deal.rules() != &self.rules || deal.dealer() != dealer || deal.phase() != Phase::Over {
            return Err(format!(
                "expected a finished {} deal dealt by seat {dealer}",
                self.rules.id
            ));
        }
        self.deals.push(deal);
        Ok(())
    }

    /// Partier finished so far, with their seating.
    pub fn partier(&self) -> Vec<([u8; 4], Partie)> {
        self.deals
            .chunks(Partie::DEALS)
            .enumerate()
            .filter(|(_, c)| c.len() == Partie::DEALS)
            .map(|(k, c)| {
                let mut p = Partie::default();
                c.iter().for_each(|d| p.add(d.side_counts()));
                (seating(k, self.rules.partita_ferma), p)
            })
            .collect()
    }

    /// Every payment between persons: each deal's (honours, Pagat, Volata) and each finished
    /// Partie's.
    pub fn settlement(&self) -> Vec<Line> {
        let mut out = Vec::new();
        for (j, d) in self.deals.iter().enumerate() {
            let seats = seating(j / Partie::DEALS, self.rules.partita_ferma);
            out.extend(d.settlement().into_iter().map(|l| to_person(l, &seats)));
        }
        for (seats, p) in self.partier() {
            let lines = p.settlement(&self.rules, [[0, 2], [1, 3]]);
            out.extend(lines.into_iter().map(|l| to_person(l, &seats)));
        }
        out
    }
}

/// An en deux Partie to 100 (002 L306-316): deals until it is decided, the deal alternating.
#[derive(Clone, Debug)]
pub struct EnDeuxPartie {
    pub rules: Ruleset,
    pub first_dealer: u8,
    pub score: PartieScore,
    pub deals: Vec<Deal>,
}

impl EnDeuxPartie {
    /// `first_dealer`: the winner of the draw (see `en_deux::draw_for_deal`).
    pub fn new(rules: Ruleset, first_dealer: u8) -> Result<EnDeuxPartie, String> {
        if rules.game != Game::EnDeux {
            return Err(format!("{} is not Taroc en deux", rules.id));
        }
        Ok(EnDeuxPartie {
            rules,
            first_dealer,
            score: PartieScore::default(),
            deals: Vec::new(),
        })
    }

    pub fn is_over(&self) -> bool {
        self.score.is_over(&self.rules)
    }

    /// The dealer of the next deal: the deal alternates (spec §4.1).
    pub fn next_dealer(&self) -> u8 {
        (self.first_dealer + self.deals.len() as u8) % 2
    }

    pub fn add(&mut self, deal: Deal) -> Result<(), String> {
        if self.is_over() {
            return Err("the Partie is over".into());
        }
        if deal.rules() != &self.rules
            || deal.dealer() != self.next_dealer()
            || deal.phase() != Phase::Over
        {
            return Err(format!(
                "expected a finished deal dealt by seat {}",
                self.next_dealer()
            ));
        }
        self.score.add(deal.en_deux_scores());
        self.deals.push(deal);
        Ok(())
    }

    /// The Partie's payment, once it is over.
    pub fn settlement(&self) -> Option<Line> {
        self.score.settlement(&self.rules)
    }
}
