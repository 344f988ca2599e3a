//! The score sheets of the other families, kept in the ledger's store beside the Danish
//! evenings: Königrufen at 4, 5 or 6 players (the engine's score sheet, `tarok_koenigrufen::table`),
//! and the Partier of the games of 1829 (`dk-1829-partners`, `dk-1829-en-deux`).
//!
//! What is stored is what was entered: the table and each deal's entry as text in the family's
//! hand syntax ([`koenigrufen`], [`partie`]), with the record it was taken from, if any. The
//! sheet is rebuilt by entering the texts again through the engine's own scoring, and checked
//! against the points stored beside each entry. Amounts are kept in half points, as the
//! Königrufen sheet writes them (a misdeal's penalty can be shared in halves, §16.1, A32).

pub mod form;
pub mod koenigrufen;
pub mod partie;

use crate::entry::name_key;
use crate::ledger::{player_name, SessionError};
use serde::{Deserialize, Serialize};
use tarok_core::seating::Table;
use tarok_core::{Game as _, Party};
use tarok_games::AnyDeal;
use tarok_historic as hist;
use tarok_koenigrufen as kr;

/// A deal as entered: the family's hand syntax, and the record it was taken from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetEntry {
    /// The deal in the hand syntax of `tarok session deal --game`.
    pub text: String,
    /// The record the entry was taken from (`--record`), kept for reference.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
}

/// One payment between persons (by index in the seating order), in half points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SheetLine {
    pub from: usize,
    pub to: usize,
    pub halves: i32,
    /// Why, in the engine's words with its rule.
    pub reason: String,
}

/// One entered deal and its effect on the sheet.
#[derive(Clone, Debug, Serialize)]
pub struct SheetDeal {
    pub number: u32,
    pub entry: SheetEntry,
    /// The person who dealt.
    pub dealer: usize,
    /// The persons who sat out (Königrufen at 5 and 6, §17).
    pub sitting_out: Vec<usize>,
    /// The sheet's note: the game and its declarer, the Renonce, the counts and the Partie.
    pub note: String,
    /// Each person's points for the deal, in half points; they sum to zero.
    pub halves: Vec<i32>,
    /// The payments behind them (none for a Renonce or a voided round, which are points only).
    pub lines: Vec<SheetLine>,
}

/// Why a sheet could not be made or changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    #[error("{0}")]
    Table(String),
    #[error(transparent)]
    Name(#[from] SessionError),
    #[error("the entry is refused, nothing was entered: {0}")]
    Entry(String),
    #[error("the record is refused, nothing was entered: {0}")]
    Record(String),
    #[error("the session is closed")]
    Closed,
    #[error("there is no deal to undo: none has been entered")]
    NoDeal,
    #[error("the session was entered under {preset} rules version {entered} and this program has version {now}: its deals are shown as stored and take no new deal and no undo")]
    OtherRulesVersion {
        preset: String,
        entered: u32,
        now: u32,
    },
}

/// The game a sheet keeps, with what it carries from deal to deal.
#[derive(Clone, Debug)]
enum Game {
    /// The engine's session: the dealer, who sits out, the score sheet.
    Koenigrufen(kr::table::Session),
    /// The partners' game: the Partie in progress (4 deals, 002 L254, L262).
    Partners {
        rules: hist::Ruleset,
        partie: hist::partie::Partie,
    },
    /// En deux: the Partie to 100 in progress (002 L306-316).
    EnDeux {
        rules: hist::Ruleset,
        score: hist::en_deux::PartieScore,
    },
}

/// Who plays the next deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Next {
    /// The person in each seat of the deal (Königrufen: deal seat 0 is the Vorhand).
    pub seats: Vec<usize>,
    /// The person who deals.
    pub dealer: usize,
    /// The dealer's seat in the deal (which a record of the deal must give).
    pub dealer_seat: u8,
    pub sitting_out: Vec<usize>,
}

/// The score sheet of an evening of Königrufen or of the games of 1829.
#[derive(Clone, Debug, Serialize)]
pub struct Sheet {
    pub preset: String,
    /// Names in seating order.
    pub players: Vec<String>,
    pub first_dealer: usize,
    pub deals: Vec<SheetDeal>,
    pub closed: bool,
    /// The rules version the deals were entered under.
    pub rules_version: u32,
    #[serde(skip)]
    game: Game,
}

impl Sheet {
    /// Whether a preset is kept on a score sheet (not in the Danish ledger).
    pub fn is_sheet_preset(id: &str) -> bool {
        kr::Ruleset::by_id(id).is_some() || hist::Ruleset::preset(id).is_some()
    }

    /// A new evening at a table: the preset, the names in seating order and who deals first.
    /// Königrufen seats 4, 5 or 6 (§17); the partners' game 4, dealt first by the first name
    /// (seat 0 of the first Partie); en deux 2. The three-player game and the quadrille have no
    /// Partie and are refused with the reason.
    pub fn new(
        preset: &str,
        players: Vec<String>,
        first_dealer: usize,
    ) -> Result<Sheet, SheetError> {
        let players = players
            .iter()
            .map(|p| player_name(p))
            .collect::<Result<Vec<_>, _>>()?;
        Sheet::seated(preset, players, first_dealer)
    }

    /// The table seated, its names as given (a name stored before a rule for names was added
    /// must not make the evening unreadable, as in the Danish ledger), with no deal yet.
    pub(crate) fn seated(
        preset: &str,
        players: Vec<String>,
        first_dealer: usize,
    ) -> Result<Sheet, SheetError> {
        let table = |why: String| Err(SheetError::Table(why));
        for (i, p) in players.iter().enumerate() {
            if let Some(q) = players[..i].iter().find(|q| name_key(q) == name_key(p)) {
                return Err(SessionError::DuplicateName(q.clone(), p.clone()).into());
            }
        }
        let n = players.len();
        if first_dealer >= n {
            return table("the first dealer must be one of the players".into());
        }
        let (game, version) = if let Some(rs) = kr::Ruleset::by_id(preset) {
            let s = kr::table::Session::new(rs, n, first_dealer).map_err(SheetError::Table)?;
            (Game::Koenigrufen(s), rs.version)
        } else if let Some(rules) = hist::Ruleset::preset(preset) {
            if let Some(why) = hist::session::no_partie(&rules) {
                return table(format!(
                    "{why}; `tarok session` keeps the Partier of dk-1829-partners and dk-1829-en-deux"
                ));
            }
            let need = rules.players() as usize;
            if n != need {
                return table(format!("{preset} is played by {need} players, not {n}"));
            }
            let game = if rules.game == hist::Game::Partners {
                if first_dealer != 0 {
                    return table("the partners' game is dealt first by seat 0 of the first Partie: give the first dealer's name first in --players".into());
                }
                Game::Partners {
                    rules,
                    partie: Default::default(),
                }
            } else {
                Game::EnDeux {
                    rules,
                    score: Default::default(),
                }
            };
            (game, rules.version)
        } else {
            return table(format!(
                "{preset:?} is not a preset of Königrufen or of the games of 1829"
            ));
        };
        Ok(Sheet {
            preset: preset.to_string(),
            players,
            first_dealer,
            deals: Vec::new(),
            closed: false,
            rules_version: version,
            game,
        })
    }

    /// This program's rules version of the sheet's preset.
    fn version_now(&self) -> u32 {
        match &self.game {
            Game::Koenigrufen(s) => s.ruleset.version,
            Game::Partners { rules, .. } | Game::EnDeux { rules, .. } => rules.version,
        }
    }

    /// The label of a sheet entered under another rules version; None for this program's.
    pub fn rules_note(&self) -> Option<String> {
        (self.rules_version != self.version_now()).then(|| {
            format!(
                "entered under {} rules version {} (this program has version {}): the points are shown as stored, not scored again",
                self.preset,
                self.rules_version,
                self.version_now()
            )
        })
    }

    fn may_change(&self) -> Result<(), SheetError> {
        if self.closed {
            return Err(SheetError::Closed);
        }
        if self.rules_note().is_some() {
            return Err(SheetError::OtherRulesVersion {
                preset: self.preset.clone(),
                entered: self.rules_version,
                now: self.version_now(),
            });
        }
        Ok(())
    }

    /// Who plays the next deal.
    pub fn next(&self) -> Next {
        let j = self.deals.len();
        match &self.game {
            Game::Koenigrufen(s) => {
                let seating = s.seating();
                Next {
                    seats: seating.table_seats.to_vec(),
                    dealer: s.dealer,
                    dealer_seat: seating.deal_dealer,
                    sitting_out: seating.sitting_out,
                }
            }
            Game::Partners { rules, .. } => {
                let seats =
                    hist::partie::seating(j / hist::partie::Partie::DEALS, rules.partita_ferma);
                let dealer_seat = Table::new(4).dealer_at(0, 1, j as u64);
                Next {
                    seats: seats.iter().map(|&p| p as usize).collect(),
                    dealer: seats[dealer_seat] as usize,
                    dealer_seat: dealer_seat as u8,
                    sitting_out: Vec::new(),
                }
            }
            Game::EnDeux { .. } => {
                let dealer = Table::new(2).dealer_at(self.first_dealer, 1, j as u64);
                Next {
                    seats: vec![0, 1],
                    dealer,
                    dealer_seat: dealer as u8,
                    sitting_out: Vec::new(),
                }
            }
        }
    }

    /// The persons of each side the 1829 Partie counts: the partners' seats 0+2 and 1+3
    /// (`Deal::side_counts`), en deux's two players.
    fn sides(&self, next: &Next) -> Vec<Vec<usize>> {
        match self.game {
            Game::Partners { .. } => vec![
                vec![next.seats[0], next.seats[2]],
                vec![next.seats[1], next.seats[3]],
            ],
            _ => next.seats.iter().map(|&p| vec![p]).collect(),
        }
    }

    /// The persons of each side of the next deal's Partie (1829), in the order its numbers are
    /// written; empty for Königrufen, which has no Partie.
    pub fn next_sides(&self) -> Vec<Vec<usize>> {
        match self.game {
            Game::Koenigrufen(_) => Vec::new(),
            _ => self.sides(&self.next()),
        }
    }

    /// The entry of a deal given field by field ([`form::SheetForm`]): written as the hand
    /// syntax, which [`Sheet::enter`] then reads and checks as a typed line.
    pub fn entry_from_form(&self, f: &form::SheetForm) -> Result<SheetEntry, SheetError> {
        let text = match (f, &self.game) {
            (form::SheetForm::Text { text }, _) => text.trim().to_string(),
            (form::SheetForm::Koenigrufen(kr), Game::Koenigrufen(_)) => {
                kr.text().map_err(SheetError::Entry)?
            }
            (form::SheetForm::Partie { numbers }, Game::Partners { .. } | Game::EnDeux { .. }) => {
                let sides = self.next_sides();
                if numbers.len() != sides.len() {
                    return Err(SheetError::Entry(format!(
                        "a deal gives {} numbers, one for each side, not {}",
                        sides.len(),
                        numbers.len()
                    )));
                }
                partie::text(&self.players, &sides, numbers)
            }
            _ => {
                return Err(SheetError::Entry(format!(
                    "this form is not for a deal of {}",
                    self.preset
                )))
            }
        };
        Ok(SheetEntry { text, record: None })
    }

    /// The Königrufen table of the next deal, for its hand syntax.
    fn kr_table(&self, next: &Next) -> koenigrufen::DealTable<'_> {
        let name = |p: usize| self.players[p].as_str();
        koenigrufen::DealTable {
            seats: [0, 1, 2, 3].map(|s| name(next.seats[s])),
            sitting_out: next.sitting_out.iter().map(|&p| name(p)).collect(),
            vorhand: (next.dealer_seat + 1) % 4,
        }
    }

    /// The entry of a played deal, from its record (any record format `tarok replay` reads):
    /// it must be a finished deal of this preset, dealt by the seat due. The entry's text is
    /// the deal's facts in the hand syntax.
    pub fn entry_from_record(&self, record: &str) -> Result<SheetEntry, SheetError> {
        let bad = |why: String| SheetError::Record(why);
        let read = tarok_games::record::read(record, 0).map_err(bad)?;
        let deal = read.after(read.actions.len()).map_err(bad)?;
        if deal.preset() != self.preset {
            return Err(bad(format!(
                "it is a {} deal and the session plays {}",
                deal.preset(),
                self.preset
            )));
        }
        let next = self.next();
        if deal.dealer() != next.dealer_seat {
            return Err(bad(format!(
                "it is dealt by seat {} and this deal by seat {} ({})",
                deal.dealer(),
                next.dealer_seat,
                self.players[next.dealer]
            )));
        }
        let text = self.text_of(&deal, &next).map_err(bad)?;
        Ok(SheetEntry {
            text,
            record: Some(record.to_string()),
        })
    }

    /// The hand-syntax text of a finished deal played for the seating `next`.
    pub fn text_of(&self, deal: &AnyDeal, next: &Next) -> Result<String, String> {
        if !deal.is_over() {
            return Err("its deal is not played to the end".into());
        }
        match (&self.game, deal) {
            (Game::Koenigrufen(s), AnyDeal::Koenigrufen(d)) => {
                if d.ruleset() != &s.ruleset {
                    return Err(
                        "it is played under house rules, which the sheet does not keep".into(),
                    );
                }
                let st = d.state();
                let facts = kr::ScoreFacts::of(st, st.play()).ok_or("it has no contract")?;
                Ok(koenigrufen::facts_text(&facts, &self.kr_table(next)))
            }
            (Game::Partners { rules, .. } | Game::EnDeux { rules, .. }, AnyDeal::Historic(d)) => {
                if d.rules() != rules {
                    return Err(
                        "it is played under house rules, which the sheet does not keep".into(),
                    );
                }
                if d.phase() != hist::Phase::Over {
                    return Err("it is a void deal, which is dealt again and not counted".into());
                }
                let numbers = match rules.game {
                    hist::Game::Partners => d.side_counts().to_vec(),
                    _ => d.en_deux_scores().to_vec(),
                };
                Ok(partie::text(&self.players, &self.sides(next), &numbers))
            }
            _ => Err(format!("it is not a {} deal", self.preset)),
        }
    }

    /// Enters a deal. An entry taken from a record is what [`Sheet::entry_from_record`] made of
    /// it. On error nothing changes.
    pub fn enter(&mut self, entry: SheetEntry) -> Result<&SheetDeal, SheetError> {
        self.may_change()?;
        let next = self.next();
        let mut game = self.game.clone();
        let (note, halves, lines) = match &mut game {
            Game::Koenigrufen(s) => {
                let t = self.kr_table(&next);
                let parsed = koenigrufen::parse(&entry.text, &t, &s.ruleset.switches)
                    .map_err(SheetError::Entry)?;
                let (lines, note) = match parsed {
                    koenigrufen::KrEntry::Played(f) => {
                        let lines = s.enter_facts(&f).map_err(SheetError::Entry)?;
                        // The engine's note names the declarer's table seat; the sheet his name.
                        let declarer = &self.players[next.seats[f.declarer as usize]];
                        (lines, Some(format!("{}, declarer {declarer}", f.contract)))
                    }
                    koenigrufen::KrEntry::Renonce(r) => {
                        s.enter_renonce(&r, &entry.text);
                        (Vec::new(), None)
                    }
                    koenigrufen::KrEntry::Void(note) => {
                        s.enter_void(&note);
                        (Vec::new(), None)
                    }
                };
                let round = s.sheet.rounds.last().expect("entered");
                let lines = lines.iter().map(|l| person_line(l, &next.seats)).collect();
                let note = note.unwrap_or_else(|| round.note.clone());
                (note, round.halves.clone(), lines)
            }
            Game::Partners { rules, partie } => {
                let sides = self.sides(&next);
                let counts =
                    partie::parse(&entry.text, &self.players, &sides).map_err(SheetError::Entry)?;
                // The two sides' counts together are the pack's (JC-23).
                if let Some(c) = counts.iter().find(|&&c| c < 0) {
                    return Err(SheetError::Entry(format!("a count is at least 0, not {c}")));
                }
                if counts[0] + counts[1] != 72 {
                    return Err(SheetError::Entry(format!(
                        "the two sides' counts add up to 72, not {} (002 L252-253; JC-23)",
                        counts[0] + counts[1]
                    )));
                }
                partie.add([counts[0], counts[1]]);
                let k = self.deals.len() / hist::partie::Partie::DEALS + 1;
                let mut note = format!("Partie {k}, deal {}: {}", partie.deals.len(), entry.text);
                let mut lines = Vec::new();
                if partie.is_over() {
                    let seats: [u8; 4] = [0, 1, 2, 3].map(|s| next.seats[s] as u8);
                    let paid =
                        hist::session::PartnersGame::partie_settlement(&seats, partie, rules);
                    let r = partie.result(rules);
                    note.push_str(&match r.winner {
                        Some(w) => format!(
                            "; Partie {k} won by {} ×{} (002 L254-262)",
                            sides[w as usize]
                                .iter()
                                .map(|&p| self.players[p].as_str())
                                .collect::<Vec<_>>()
                                .join("+"),
                            r.multiplier
                        ),
                        None => format!("; Partie {k} even: nobody wins (002 L261-262)"),
                    });
                    lines = paid.iter().map(|l| person_line(l, &[0, 1, 2, 3])).collect();
                    *partie = Default::default();
                }
                let halves = halves_of(&lines, self.players.len());
                (note, halves, lines)
            }
            Game::EnDeux { rules, score } => {
                let sides = self.sides(&next);
                let scores =
                    partie::parse(&entry.text, &self.players, &sides).map_err(SheetError::Entry)?;
                score.add([scores[0], scores[1]]);
                let mut note = format!(
                    "{}; Partie {}–{}",
                    entry.text, score.scores[0], score.scores[1]
                );
                let mut lines = Vec::new();
                if let Some(paid) = score.settlement(rules) {
                    note.push_str(&format!(
                        ", to {}: over (002 L306-314)",
                        rules.partie_target
                    ));
                    lines.push(person_line(&paid, &[0, 1]));
                    *score = Default::default();
                }
                let halves = halves_of(&lines, 2);
                (note, halves, lines)
            }
        };
        self.game = game;
        self.deals.push(SheetDeal {
            number: self.deals.len() as u32 + 1,
            entry,
            dealer: next.dealer,
            sitting_out: next.sitting_out,
            note,
            halves,
            lines,
        });
        Ok(self.deals.last().expect("pushed"))
    }

    /// Takes back the last deal: the sheet is rebuilt from the other entries. Returns the
    /// removed deal.
    pub fn undo(&mut self) -> Result<SheetDeal, SheetError> {
        self.may_change()?;
        let Some((last, earlier)) = self.deals.split_last() else {
            return Err(SheetError::NoDeal);
        };
        let mut before = Sheet::seated(&self.preset, self.players.clone(), self.first_dealer)?;
        for d in earlier {
            before.enter(d.entry.clone())?;
        }
        let last = last.clone();
        *self = before;
        Ok(last)
    }

    /// Ends the evening: the sheet takes no more deals. A Partie not finished is not paid.
    pub fn close(&mut self) -> Result<(), SheetError> {
        if self.closed {
            return Err(SheetError::Closed);
        }
        self.closed = true;
        Ok(())
    }

    /// Each person's total, in half points.
    pub fn totals(&self) -> Vec<i32> {
        let mut t = vec![0; self.players.len()];
        for d in &self.deals {
            for (p, h) in d.halves.iter().enumerate() {
                t[p] += h;
            }
        }
        t
    }

    /// The deals of a Partie not finished yet (1829), which no payment has settled.
    pub fn partie_open(&self) -> usize {
        match &self.game {
            Game::Partners { partie, .. } => partie.deals.len(),
            Game::EnDeux { score, .. } => score.deals as usize,
            Game::Koenigrufen(_) => 0,
        }
    }

    /// The engine's Königrufen score sheet, rounds by table seat.
    pub fn koenigrufen_sheet(&self) -> Option<&kr::table::ScoreSheet> {
        match &self.game {
            Game::Koenigrufen(s) => Some(&s.sheet),
            _ => None,
        }
    }

    /// A sheet entered under another rules version, rebuilt from what was stored: each deal's
    /// entry, note and points, not scored again.
    pub(crate) fn from_stored(
        preset: &str,
        players: Vec<String>,
        first_dealer: usize,
        rules_version: u32,
        closed: bool,
        stored: Vec<StoredDeal>,
    ) -> Result<Sheet, SheetError> {
        let mut s = Sheet::seated(preset, players, first_dealer)?;
        s.rules_version = rules_version;
        for (k, d) in stored.into_iter().enumerate() {
            let next = s.next();
            s.deals.push(SheetDeal {
                number: k as u32 + 1,
                entry: d.entry,
                dealer: next.dealer,
                sitting_out: next.sitting_out,
                note: d.note,
                halves: d.halves,
                lines: Vec::new(),
            });
        }
        s.closed = closed;
        Ok(s)
    }
}

/// A deal as stored: the entry, and the note and points it gave, to be checked on loading.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct StoredDeal {
    #[serde(flatten)]
    pub entry: SheetEntry,
    pub note: String,
    pub halves: Vec<i32>,
}

impl From<&SheetDeal> for StoredDeal {
    fn from(d: &SheetDeal) -> Self {
        StoredDeal {
            entry: d.entry.clone(),
            note: d.note.clone(),
            halves: d.halves.clone(),
        }
    }
}

/// A family's payment line between seats, as a line between persons (`persons[seat]`).
fn person_line<R: std::fmt::Display>(l: &tarok_core::Payment<R>, persons: &[usize]) -> SheetLine {
    let person = |p: Party| match p {
        Party::Player(s) => persons[s as usize],
        Party::Cup(_) => unreachable!("these families have no cups"),
    };
    SheetLine {
        from: person(l.from),
        to: person(l.to),
        halves: 2 * l.amount,
        reason: l.reason.to_string(),
    }
}

/// Each person's net of `lines`.
fn halves_of(lines: &[SheetLine], persons: usize) -> Vec<i32> {
    let mut h = vec![0; persons];
    for l in lines {
        h[l.from] -= l.halves;
        h[l.to] += l.halves;
    }
    h
}
