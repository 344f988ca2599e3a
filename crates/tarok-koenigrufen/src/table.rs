//! Tables and scoring over a session: who sits out at 5 and 6 players (§17), the score sheet, the
//! tournament addendum (§18) and manual Renonce entries (§16).
//!
//! Amounts on the score sheet are kept in *half points*, because a misdeal noticed during play is
//! shared by two offenders (§16.1, A32) and can give halves.

use crate::announce::Premium;
use crate::contract::Contract;
use crate::kontra::factor;
use crate::ruleset::Switches;
use crate::scoring::{self, Line, ScoreFacts};
use serde::{Deserialize, Serialize};
use tarok_core::seating::Table;
use tarok_core::Balances;

/// Which table seats play a deal, and who deals within the deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Seating {
    /// Table seat of deal seats 0..3 (deal seat 0 is the Vorhand).
    pub table_seats: [usize; 4],
    /// The dealer as a deal seat. At 5 and 6 players the real dealer sits out; deal seat 3 (the
    /// last to speak) then plays the dealer's part in the order of play.
    pub deal_dealer: u8,
    /// Table seats that sit out.
    pub sitting_out: Vec<usize>,
}

/// Seats counter-clockwise 0..n−1. 4 players: everyone plays. 5 players: the dealer sits out
/// \[L414\]. 6 players: the dealer and the third person after him sit out, never two in a row
/// \[L418\], A40.
pub fn seating(players: usize, dealer: usize) -> Result<Seating, String> {
    if dealer >= players {
        return Err("the dealer is a table seat".into());
    }
    let table = Table::new(players);
    let at = |k: usize| table.after(dealer, k);
    match players {
        4 => Ok(Seating {
            table_seats: [0, 1, 2, 3],
            deal_dealer: dealer as u8,
            sitting_out: vec![],
        }),
        5 => Ok(Seating {
            table_seats: [at(1), at(2), at(3), at(4)],
            deal_dealer: 3,
            sitting_out: vec![dealer],
        }),
        6 => Ok(Seating {
            table_seats: [at(1), at(2), at(4), at(5)],
            deal_dealer: 3,
            sitting_out: vec![dealer, at(3)],
        }),
        _ => Err("Königrufen is played at 4, 5 or 6 players (§17)".into()),
    }
}

/// The deal passes counter-clockwise: the next dealer is the previous Vorhand (A4).
pub fn next_dealer(players: usize, dealer: usize) -> usize {
    Table::new(players).next(dealer)
}

/// The first dealer from one drawn card per player (§4.2, [L122–L124], A3): the highest tarock;
/// without a tarock the highest-ranked suit card (rank within its suit). `None` = a tie among the
/// best suit cards: those players draw again.
pub fn first_dealer(draws: &[tarok_core::Card]) -> Option<usize> {
    use crate::cards::TAROCK;
    let best_tarock = draws
        .iter()
        .enumerate()
        .filter(|(_, c)| TAROCK.contains(**c))
        .max_by_key(|(_, c)| c.index());
    if let Some((i, _)) = best_tarock {
        return Some(i);
    }
    let best = draws.iter().map(|c| c.order()).max()?;
    let top: Vec<usize> = (0..draws.len())
        .filter(|&i| draws[i].order() == best)
        .collect();
    (top.len() == 1).then(|| top[0])
}

/// The cut (§4.4, \[L128\]): at least 3 cards lifted and at least 3 left; cutting is compulsory.
pub fn cut(deck: &[tarok_core::Card], lifted: usize) -> Result<Vec<tarok_core::Card>, String> {
    if lifted < 3 || lifted + 3 > deck.len() {
        return Err(format!(
            "cut {lifted}: at least 3 cards must be lifted and at least 3 remain (Spieleversum §4.4, L128)"
        ));
    }
    let mut v = deck[lifted..].to_vec();
    v.extend_from_slice(&deck[..lifted]);
    Ok(v)
}

/// One round on the score sheet, in half points per table seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub halves: Vec<i32>,
    pub note: String,
}

/// Why an entry was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    #[error("a round must be zero-sum, this one sums to {0} half points (Spieleversum §18, L424)")]
    NotZeroSum(i32),
    #[error("a round has one entry per player ({0} expected)")]
    WrongLength(usize),
}

/// A session score sheet. Tournament points equal the money amounts, Kontra included \[L426\].
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ScoreSheet {
    pub players: usize,
    pub rounds: Vec<Round>,
}

impl ScoreSheet {
    pub fn new(players: usize) -> ScoreSheet {
        ScoreSheet {
            players,
            rounds: Vec::new(),
        }
    }

    /// Adds a played deal: deal seats mapped to table seats; those sitting out get 0.
    pub fn add_deal(&mut self, seating: &Seating, balances: &Balances, note: &str) {
        let mut halves = vec![0; self.players];
        for (deal_seat, &t) in seating.table_seats.iter().enumerate() {
            halves[t] = 2 * balances.players[deal_seat];
        }
        self.rounds.push(Round {
            halves,
            note: note.to_string(),
        });
    }

    /// A manual entry (play with real cards), in half points; it must be zero-sum.
    pub fn add_manual(&mut self, halves: Vec<i32>, note: &str) -> Result<(), SheetError> {
        if halves.len() != self.players {
            return Err(SheetError::WrongLength(self.players));
        }
        let sum: i32 = halves.iter().sum();
        if sum != 0 {
            return Err(SheetError::NotZeroSum(sum));
        }
        self.rounds.push(Round {
            halves,
            note: note.to_string(),
        });
        Ok(())
    }

    /// Tournament rule for a writing error that cannot be reconstructed (§18.2, \[L424\]): the round
    /// counts 0 for everyone, e.g. "3x +4 und nur 1x −4".
    pub fn add_unreconstructable(&mut self, note: &str) {
        self.rounds.push(Round {
            halves: vec![0; self.players],
            note: format!("writing error, round voided (L424): {note}"),
        });
    }

    /// An entry as written; a non-zero-sum entry that cannot be corrected is voided (§18.2).
    pub fn add_written(&mut self, halves: Vec<i32>, note: &str) -> Result<bool, SheetError> {
        match self.add_manual(halves, note) {
            Ok(()) => Ok(true),
            Err(SheetError::NotZeroSum(_)) => {
                self.add_unreconstructable(note);
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// Enters a Renonce by hand (§16): the penalty of [`renonce_halves`], deal seats mapped to
    /// table seats by `seating`.
    pub fn add_renonce(&mut self, seating: &Seating, renonce: &Renonce, sw: &Switches, note: &str) {
        let deal = renonce_halves(renonce, sw);
        let mut halves = vec![0; self.players];
        for (deal_seat, &t) in seating.table_seats.iter().enumerate() {
            halves[t] = deal[deal_seat];
        }
        self.rounds.push(Round {
            halves,
            note: format!("Renonce (§16, L364): {note}"),
        });
    }

    /// Totals per table seat, in half points.
    pub fn totals(&self) -> Vec<i32> {
        let mut t = vec![0; self.players];
        for r in &self.rounds {
            for (i, h) in r.halves.iter().enumerate() {
                t[i] += h;
            }
        }
        t
    }

    /// Plain text, with halves written as ".5".
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (i, r) in self.rounds.iter().enumerate() {
            let cells: Vec<String> = r.halves.iter().map(|&h| halves_text(h)).collect();
            out.push_str(&format!("{:>3}. {}  {}\n", i + 1, cells.join(" "), r.note));
        }
        let tot: Vec<String> = self.totals().iter().map(|&h| halves_text(h)).collect();
        out.push_str(&format!("Sum: {}\n", tot.join(" ")));
        out
    }
}

/// Points kept in halves as the sheet writes them: "+3", "-1.5", "-0.5", "+0".
pub fn halves_text(halves: i32) -> String {
    // The sign is written apart: -1 half is "-0.5", and an integer division would lose it.
    let sign = if halves < 0 { '-' } else { '+' };
    let a = halves.abs();
    if a % 2 == 0 {
        format!("{sign}{}", a / 2)
    } else {
        format!("{sign}{}.5", a / 2)
    }
}

/// A Renonce to enter by hand (§16): the engine refuses illegal actions, so a Renonce only comes
/// from play with real cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Renonce {
    /// A Renonce in a game (§16.1, \[L364\]): the offender pays each other player the game value with
    /// its Kontra factor plus every openly announced premium with its factor.
    Game {
        contract: Contract,
        offender: u8,
        declarer: u8,
        game_level: u8,
        announced: Vec<(Premium, u8)>,
    },
    /// Trischaken (§14, \[L494\]): 3 to each; 6 to each if the offender is the Trischaker (Vorhand).
    Trischaken { offender: u8, vorhand: u8 },
    /// Besserrufer without a bird from the original hand: 3 to each, "3x3" \[L647\].
    BesserruferWithoutBird { offender: u8 },
    /// A misdeal noticed during play (§16.1, \[L392\], A32): the two players concerned pay 3 × W
    /// together, half each; the other two receive it in equal shares.
    Misdeal { offenders: [u8; 2], w: i32 },
}

/// The Renonce payments per deal seat, in half points.
pub fn renonce_halves(r: &Renonce, sw: &Switches) -> [i32; 4] {
    let mut out = [0; 4];
    let each = |out: &mut [i32; 4], offender: u8, w: i32| {
        for (s, o) in out.iter_mut().enumerate() {
            *o = if s as u8 == offender { -6 * w } else { 2 * w };
        }
    };
    match r {
        Renonce::Game {
            contract,
            offender,
            declarer,
            game_level,
            announced,
        } => {
            let base = if *contract == Contract::Sechser {
                if offender == declarer || !sw.sechser_renonce_split {
                    8
                } else {
                    4
                }
            } else {
                contract.value()
            };
            let mut w = base * factor(*game_level);
            for (p, level) in announced {
                w += p.announced_value(*contract).unwrap_or(0) * factor(*level);
            }
            each(&mut out, *offender, w);
        }
        Renonce::Trischaken { offender, vorhand } => {
            each(&mut out, *offender, if offender == vorhand { 6 } else { 3 });
        }
        Renonce::BesserruferWithoutBird { offender } => each(&mut out, *offender, 3),
        Renonce::Misdeal { offenders, w } => {
            for (s, o) in out.iter_mut().enumerate() {
                *o = if offenders.contains(&(s as u8)) {
                    -3 * w
                } else {
                    3 * w
                };
            }
        }
    }
    out
}

/// A session at one table of 4, 5 or 6 players: the dealer rotates counter-clockwise, the right
/// players sit out, and every finished deal goes on the score sheet.
#[derive(Clone, Debug)]
pub struct Session {
    pub ruleset: crate::Ruleset,
    pub players: usize,
    /// The current dealer (table seat).
    pub dealer: usize,
    pub sheet: ScoreSheet,
}

impl Session {
    pub fn new(
        ruleset: crate::Ruleset,
        players: usize,
        first_dealer: usize,
    ) -> Result<Session, String> {
        seating(players, first_dealer)?;
        Ok(Session {
            ruleset,
            players,
            dealer: first_dealer,
            sheet: ScoreSheet::new(players),
        })
    }

    /// Who plays the next deal.
    pub fn seating(&self) -> Seating {
        seating(self.players, self.dealer).expect("checked in new")
    }

    /// The next deal, shuffled from `seed`; its seats are the deal seats of [`Session::seating`].
    pub fn new_deal(&self, seed: u64) -> crate::Deal {
        crate::Deal::from_seed(self.ruleset, seed, self.seating().deal_dealer)
    }

    /// Enters a finished deal on the sheet and passes the deal on.
    pub fn finish_deal(&mut self, deal: &crate::Deal) -> Result<(), String> {
        if !deal.is_over() {
            return Err("the deal is not over".into());
        }
        let note = deal
            .state
            .contract
            .map(|c| self.deal_note(c, deal.state.declarer))
            .unwrap_or_default();
        self.finish(&deal.balances(), &note);
        Ok(())
    }

    /// Enters a deal played with real cards, described by its facts in deal seats (those of
    /// [`Session::seating`]): checked ([`ScoreFacts::check`]), paid by the engine's one
    /// settlement ([`scoring::score`]), written on the sheet as [`Session::finish_deal`] writes
    /// a played deal, and the deal passed on. Returns the payment lines (deal seats). A refused
    /// entry changes nothing.
    pub fn enter_facts(&mut self, facts: &ScoreFacts) -> Result<Vec<Line>, String> {
        facts.check(&self.ruleset.switches)?;
        let mut lines = Vec::new();
        scoring::score(facts, &self.ruleset.switches, &mut lines);
        let mut balances = Balances::default();
        for l in &lines {
            tarok_core::PaymentSink::pay(&mut balances, *l);
        }
        let note = self.deal_note(facts.contract, facts.declarer);
        self.finish(&balances, &note);
        Ok(lines)
    }

    /// Enters a Renonce as the deal's result (§16): the penalty instead of the game, and the
    /// deal passed on.
    pub fn enter_renonce(&mut self, renonce: &Renonce, note: &str) {
        let seating = self.seating();
        self.sheet
            .add_renonce(&seating, renonce, &self.ruleset.switches, note);
        self.dealer = next_dealer(self.players, self.dealer);
    }

    /// A round whose writing error cannot be reconstructed counts 0 for everyone (§18.2,
    /// \[L424\]); the deal is passed on.
    pub fn enter_void(&mut self, note: &str) {
        self.sheet.add_unreconstructable(note);
        self.dealer = next_dealer(self.players, self.dealer);
    }

    /// The sheet's note of a played game: the contract and the declarer's table seat.
    fn deal_note(&self, c: Contract, declarer: u8) -> String {
        format!(
            "{c}, declarer table seat {}",
            self.seating().table_seats[declarer as usize]
        )
    }

    /// Writes a deal's balances (deal seats) on the sheet and passes the deal on.
    fn finish(&mut self, balances: &Balances, note: &str) {
        self.sheet.add_deal(&self.seating(), balances, note);
        self.dealer = next_dealer(self.players, self.dealer);
    }
}
