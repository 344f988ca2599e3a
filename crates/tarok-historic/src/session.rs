//! Whole games over several deals: the partners' game of six Partier (spec §3.1, §3.7) and the
//! en deux Partie to 100 (spec §4.7). Each deal is an ordinary [`Deal`]; a session checks that
//! it is the deal due next, keeps the results and settles between *persons* (0..n), who may sit
//! in different seats from Partie to Partie. [`WholeGame`] is either, for the command line.

use crate::deal::{Deal, Phase};
use crate::en_deux::PartieScore;
use crate::partie::{seating, Partie, PARTIER_IN_GAME};
use crate::ruleset::{Game, Ruleset};
use crate::settlement::Line;
use tarok_core::seating::Table;
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
                Table::new(4).dealer_at(0, 1, j as u64) as u8,
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

    /// The person in each seat of deal `j` (from 0).
    pub fn seats(&self, j: usize) -> [u8; 4] {
        seating(j / Partie::DEALS, self.rules.partita_ferma)
    }

    /// Deal `j`'s own payments (honours, Pagat, Volata) between persons.
    pub fn deal_settlement(&self, j: usize) -> Vec<Line> {
        let seats = self.seats(j);
        self.deals[j]
            .settlement()
            .into_iter()
            .map(|l| to_person(l, &seats))
            .collect()
    }

    /// The stake moves of a finished Partie between persons.
    pub fn partie_settlement(seats: &[u8; 4], partie: &Partie, rules: &Ruleset) -> Vec<Line> {
        let lines = partie.settlement(rules, [[0, 2], [1, 3]]);
        lines.into_iter().map(|l| to_person(l, seats)).collect()
    }

    /// Every payment between persons: each deal's (honours, Pagat, Volata) and each finished
    /// Partie's.
    pub fn settlement(&self) -> Vec<Line> {
        let mut out = Vec::new();
        for j in 0..self.deals.len() {
            out.extend(self.deal_settlement(j));
        }
        for (seats, p) in self.partier() {
            out.extend(Self::partie_settlement(&seats, &p, &self.rules));
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
        // In usize: a Partie to a high `partie_target` runs past 255 deals.
        let first = usize::from(self.first_dealer);
        Table::new(2).dealer_at(first, 1, self.deals.len() as u64) as u8
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

/// Why a game has no Partie to play whole; `None` for the two that have one.
pub fn no_partie(rules: &Ruleset) -> Option<String> {
    let why = match rules.game {
        Game::Partners | Game::EnDeux => return None,
        Game::Three => "the 1829 text settles each deal of the three-player game on its own, in marks over or under 26, and gives it no Partie or target (002 L221-222; spec §2.9)",
        Game::Quadrille => "the 1829 text only sketches the quadrille-like game and gives it no Partie (spec appendix B′ lists the Partie structure among its missing rules); each deal is settled on its own (QJC-12)",
    };
    Some(format!("{} has no Partie: {why}", rules.id))
}

/// A whole game of one of the two kinds that have one: the partners' six Partier or an en
/// deux Partie to 100. What `tarok random-game --partie` plays and a whole-game record replays.
#[derive(Clone, Debug)]
pub enum WholeGame {
    Partners(PartnersGame),
    EnDeux(EnDeuxPartie),
}

impl WholeGame {
    /// A game not begun; `first_dealer` is the en deux draw's winner (the partners' seat 0
    /// deals first). The three-player game and the quadrille are refused with the reason.
    pub fn new(rules: Ruleset, first_dealer: u8) -> Result<WholeGame, String> {
        if let Some(why) = no_partie(&rules) {
            return Err(why);
        }
        Ok(match rules.game {
            Game::Partners => WholeGame::Partners(PartnersGame::new(rules)?),
            _ => WholeGame::EnDeux(EnDeuxPartie::new(rules, first_dealer)?),
        })
    }

    pub fn rules(&self) -> &Ruleset {
        match self {
            WholeGame::Partners(g) => &g.rules,
            WholeGame::EnDeux(p) => &p.rules,
        }
    }

    /// The finished deals counted so far (void deals are redealt and not kept).
    pub fn deals(&self) -> &[Deal] {
        match self {
            WholeGame::Partners(g) => &g.deals,
            WholeGame::EnDeux(p) => &p.deals,
        }
    }

    pub fn is_over(&self) -> bool {
        match self {
            WholeGame::Partners(g) => g.is_over(),
            WholeGame::EnDeux(p) => p.is_over(),
        }
    }

    /// The seat that deals next; `None` once the game is over.
    pub fn next_dealer(&self) -> Option<u8> {
        match self {
            WholeGame::Partners(g) => g.next_setup().map(|(_, d)| d),
            WholeGame::EnDeux(p) => (!p.is_over()).then(|| p.next_dealer()),
        }
    }

    /// Adds the next finished deal; it must be dealt by the seat due.
    pub fn add(&mut self, deal: Deal) -> Result<(), String> {
        match self {
            WholeGame::Partners(g) => g.add(deal),
            WholeGame::EnDeux(p) => p.add(deal),
        }
    }

    /// The persons at the table: 4 or 2.
    pub fn persons(&self) -> u8 {
        self.rules().players()
    }

    /// The person in each seat of deal `j` (from 0): the partners change seats with the
    /// pairing; en deux's two persons keep theirs.
    pub fn seats(&self, j: usize) -> Vec<u8> {
        match self {
            WholeGame::Partners(g) => g.seats(j).to_vec(),
            WholeGame::EnDeux(_) => vec![0, 1],
        }
    }

    /// Every payment between persons, the deals' own and the Partier's.
    pub fn settlement(&self) -> Vec<Line> {
        match self {
            WholeGame::Partners(g) => g.settlement(),
            WholeGame::EnDeux(p) => p.settlement().into_iter().collect(),
        }
    }
}
