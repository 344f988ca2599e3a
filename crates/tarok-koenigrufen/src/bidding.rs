//! The bidding (Lizitation, Spieleversum §6): "mein Vorhand", the Sechser, holding, passing,
//! the Vorhand's final choice and the "bei" games.
//!
//! Seats are counter-clockwise; the Vorhand (the dealer's right) speaks first. A pass is final.
//! A bid must be stronger (lower rank) than the highest so far, except a "bei" (a second Piccolo or
//! Zwiccolo). Only the Vorhand may hold ("halten") a game announced by another player.

use crate::cards::{BIRDS, KINGS};
use crate::contract::Contract;
use crate::error::RuleError;
use crate::ruleset::Switches;
use serde::{Deserialize, Serialize};
use tarok_core::CardSet;

/// A bidding call.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Call {
    /// "Mein Vorhand": the Vorhand's first turn without a game \[L142\].
    MeinVorhand,
    /// Announce a game.
    Bid(Contract),
    /// The Vorhand takes over the game announced by another player \[L148\].
    Hold,
    /// A second (third, fourth) Piccolo or Zwiccolo \[L358\].
    Bei,
    /// "Weiter"/"gut": out of the bidding for good \[L138\].
    Pass,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bidding {
    pub vorhand: u8,
    pub turn: u8,
    /// Seats that passed (bitmask).
    pub passed: u8,
    pub highest: Option<Contract>,
    /// The players of the highest game, in the order they announced it (several for "bei").
    pub holders: [u8; 4],
    pub n_holders: u8,
    /// The Vorhand has not spoken yet.
    pub vorhand_first: bool,
    /// Everyone else passed after "mein Vorhand": the Vorhand must choose a game (§6.4 b).
    pub must_choose: bool,
    pub done: bool,
}

impl Bidding {
    pub fn new(vorhand: u8) -> Bidding {
        Bidding {
            vorhand,
            turn: vorhand,
            passed: 0,
            highest: None,
            holders: [0; 4],
            n_holders: 0,
            vorhand_first: true,
            must_choose: false,
            done: false,
        }
    }

    pub fn holders(&self) -> &[u8] {
        &self.holders[..self.n_holders as usize]
    }

    fn is_holder(&self, s: u8) -> bool {
        self.holders().contains(&s)
    }

    /// May `hand` play `c` at all? King-call games need a callable king (A12); the Besserrufer a
    /// bird in hand (§7.3).
    fn playable(c: Contract, hand: CardSet) -> Result<(), RuleError> {
        if c.calls_king() && KINGS.is_subset(hand) {
            return Err(RuleError::FourKings);
        }
        if c == Contract::Besserrufer && (hand & BIRDS).is_empty() {
            return Err(RuleError::BesserruferNoBird);
        }
        Ok(())
    }

    /// Checks `call` for the player to act, holding `hand`.
    pub fn check(&self, call: Call, hand: CardSet, sw: &Switches) -> Result<(), RuleError> {
        let me = self.turn;
        let is_v = me == self.vorhand;
        if self.must_choose {
            return match call {
                Call::Bid(c) => {
                    if c == Contract::Sechser {
                        return Err(RuleError::SechserNotFirst);
                    }
                    if !sw.vorhand_final_choice_any_game
                        && !matches!(c, Contract::Rufer | Contract::Trischaken)
                    {
                        return Err(RuleError::MustChoose);
                    }
                    Self::playable(c, hand)
                }
                _ => Err(RuleError::MustChoose),
            };
        }
        match call {
            Call::MeinVorhand => {
                if is_v && self.vorhand_first {
                    Ok(())
                } else {
                    Err(RuleError::VorhandFirstTurn)
                }
            }
            Call::Pass => {
                if is_v && self.vorhand_first {
                    Err(RuleError::VorhandFirstTurn)
                } else {
                    Ok(())
                }
            }
            Call::Bid(c) => {
                if c == Contract::Sechser {
                    if !is_v {
                        return Err(RuleError::VorhandOnly(c));
                    }
                    if !self.vorhand_first {
                        return Err(RuleError::SechserNotFirst);
                    }
                    return Ok(());
                }
                if matches!(c, Contract::Rufer | Contract::Trischaken) {
                    return Err(if is_v {
                        RuleError::OnlyAtTheEnd(c)
                    } else {
                        RuleError::VorhandOnly(c)
                    });
                }
                if is_v
                    && self.vorhand_first
                    && c == Contract::Besserrufer
                    && !sw.besserrufer_is_opening_bid
                {
                    return Err(RuleError::VorhandFirstTurn);
                }
                if let Some(h) = self.highest {
                    if !c.beats(h) {
                        return Err(RuleError::BidTooLow(h));
                    }
                }
                Self::playable(c, hand)
            }
            Call::Hold => {
                let h = self.highest.ok_or(RuleError::CannotHold)?;
                if !is_v || self.vorhand_first || self.is_holder(me) {
                    return Err(RuleError::CannotHold);
                }
                if h.allows_bei() && sw.vorhand_hold_piccolo_as_bei {
                    // With this switch the Vorhand's hold of a Piccolo/Zwiccolo is a "bei".
                    return Err(RuleError::CannotHold);
                }
                Self::playable(h, hand)
            }
            Call::Bei => {
                let h = self.highest.ok_or(RuleError::NoBei)?;
                if !h.allows_bei() || self.is_holder(me) || (is_v && self.vorhand_first) {
                    return Err(RuleError::NoBei);
                }
                Ok(())
            }
        }
    }

    /// Applies a checked call.
    pub fn apply(&mut self, call: Call, sw: &Switches) {
        let me = self.turn;
        match call {
            Call::MeinVorhand => {}
            Call::Pass => self.passed |= 1 << me,
            Call::Bid(c) => {
                self.highest = Some(c);
                self.holders = [me, 0, 0, 0];
                self.n_holders = 1;
                if self.must_choose {
                    self.done = true;
                }
            }
            Call::Hold => {
                let _ = sw;
                self.holders = [me, 0, 0, 0];
                self.n_holders = 1;
            }
            Call::Bei => {
                self.holders[self.n_holders as usize] = me;
                self.n_holders += 1;
            }
        }
        if me == self.vorhand {
            self.vorhand_first = false;
        }
        if self.done {
            return;
        }
        // Next seat counter-clockwise that is neither out nor holding the highest game.
        let waiting = |b: &Bidding, s: u8| b.passed & (1 << s) == 0 && !b.is_holder(s);
        let others_waiting = (0..4u8).filter(|&s| waiting(self, s)).count();
        if others_waiting == 0 {
            if self.n_holders > 0 {
                self.done = true;
            }
            return;
        }
        if self.n_holders == 0 && self.passed == 0b1111 & !(1 << self.vorhand) {
            // "Mein Vorhand" and three passes: the Vorhand chooses.
            self.turn = self.vorhand;
            self.must_choose = true;
            return;
        }
        let mut s = (me + 1) % 4;
        while !waiting(self, s) {
            s = (s + 1) % 4;
        }
        self.turn = s;
    }

    /// Every call there is, in the order the legal calls are listed: "mein Vorhand", pass,
    /// hold, "bei", then the bids from the weakest game (Trischaken) to the strongest.
    pub const CALLS: [Call; 18] = [
        Call::MeinVorhand,
        Call::Pass,
        Call::Hold,
        Call::Bei,
        Call::Bid(Contract::Trischaken),
        Call::Bid(Contract::Rufer),
        Call::Bid(Contract::Zwiccolo),
        Call::Bid(Contract::Piccolo),
        Call::Bid(Contract::Bettler),
        Call::Bid(Contract::Solorufer),
        Call::Bid(Contract::Besserrufer),
        Call::Bid(Contract::Farbendreier),
        Call::Bid(Contract::Sechser),
        Call::Bid(Contract::Dreier),
        Call::Bid(Contract::Farbensolo),
        Call::Bid(Contract::PiccoloOuvert),
        Call::Bid(Contract::BettlerOuvert),
        Call::Bid(Contract::Solodreier),
    ];
}
