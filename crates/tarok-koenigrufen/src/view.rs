//! What one seat may know (information discipline, ARCHITECTURE.md): its own hand, the public history,
//! the revealed talon of "3 offen" games, laid (shown) discards, and all hands in ouvert games
//! after the first trick (§12.6). Face-down discards and an unnamed "fourth king" stay hidden.

use crate::announce::Premium;
use crate::contract::{Contract, TalonUse};
use crate::deal::{Action, Phase};
use crate::play::PlayState;
use crate::{Deal, Ruleset};
use serde::Serialize;
use tarok_core::{Card, CardSet};

/// One trick as seen at the table.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TrickView {
    pub leader: u8,
    pub cards: Vec<Card>,
    pub winner: Option<u8>,
}

/// The tricks of the card play so far, the current one last.
pub(crate) fn tricks_of(p: &PlayState) -> Vec<TrickView> {
    let mut tricks = Vec::new();
    for t in 0..p.tricks_done() as usize {
        tricks.push(TrickView {
            leader: p.leaders[t],
            cards: p.cards[4 * t..4 * t + 4].to_vec(),
            winner: Some(p.winners[t]),
        });
    }
    if !p.played.is_multiple_of(4) {
        tricks.push(TrickView {
            leader: p.leader,
            cards: p.current_trick().to_vec(),
            winner: None,
        });
    }
    tricks
}

/// A seat's view of the deal.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct View {
    pub seat: u8,
    /// The rules the table plays, house rules included: known to everyone at the table.
    pub ruleset: Ruleset,
    pub dealer: u8,
    pub vorhand: u8,
    pub phase: Phase,
    pub to_act: Option<u8>,
    pub hand: CardSet,
    pub contract: Option<Contract>,
    pub declarers: Vec<u8>,
    /// The called king, unless it was called as "the fourth king" without a name \[L158\] (the
    /// declarer and the king's holder know it anyway).
    pub called_king: Option<Card>,
    pub fourth_king: bool,
    /// The talon halves, once revealed ("3 offen" after the king call).
    pub talon: Option<[CardSet; 2]>,
    pub half_taken: Option<u8>,
    /// The declarer's own discard (only in his view).
    pub own_discard: Option<CardSet>,
    /// Discarded cards laid face up for all (§8.1, §8.2).
    pub shown_discard: CardSet,
    /// Announced premiums with their announcers.
    pub announcements: Vec<(u8, Premium)>,
    /// The public action log; `None` for an action this seat may not see (a face-down discard).
    pub log: Vec<(u8, Option<Action>)>,
    pub tricks: Vec<TrickView>,
    pub tricks_won: [u8; 4],
    /// All hands, in ouvert games after the first trick (§12.6).
    pub open_hands: Option<[CardSet; 4]>,
    /// How many cards each seat holds (public: everyone counts them).
    pub hand_sizes: [u8; 4],
}

/// What every player may see once the deal is over: the hands as dealt, the talon halves, the
/// half taken and the discard.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct Summary {
    /// Each seat's hand as dealt.
    pub dealt: [CardSet; 4],
    /// The two talon halves.
    pub talon: [CardSet; 2],
    /// The half the declarer took, in the "3 offen" games.
    pub half_taken: Option<u8>,
    /// The declarer's discard (empty in the games without the talon).
    pub discard: CardSet,
}

impl Summary {
    /// The summary of a finished deal; `None` while it is played.
    pub fn of(deal: &Deal) -> Option<Summary> {
        let s = &deal.state;
        s.is_over().then_some(Summary {
            dealt: s.dealt,
            talon: s.talon,
            half_taken: s.half_taken,
            discard: s.discard,
        })
    }
}

impl View {
    pub fn new(deal: &Deal, seat: u8) -> View {
        View::of(deal, Some(seat))
    }

    /// What everyone may know: no hand, no discard but the one laid face up, the called king
    /// only if it was named (seat 0 in name only).
    pub fn public(deal: &Deal) -> View {
        View::of(deal, None)
    }

    /// The view of `seat`, or the public view (`None`).
    fn of(deal: &Deal, seat: Option<u8>) -> View {
        let s = &deal.state;
        let is_declarer =
            s.contract.is_some() && Some(s.declarer) == seat && s.phase != Phase::Bidding;
        // The holder knows the king he was dealt, also after he has played it.
        let hidden_king = s.fourth_king
            && !is_declarer
            && !s
                .called_king
                .zip(seat)
                .is_some_and(|(k, seat)| s.dealt[seat as usize].contains(k));
        let mut log = Vec::with_capacity(deal.history.len());
        for &(who, a) in &deal.history {
            let visible = match a {
                Action::Discard(c) => Some(who) == seat || s.shown_discard().contains(c),
                Action::CallKing(_) => !hidden_king,
                _ => true,
            };
            log.push((who, visible.then_some(a)));
        }
        let in_play = matches!(s.phase, Phase::Play | Phase::Over) && !s.schleifen;
        let tricks = if in_play {
            tricks_of(&s.play)
        } else {
            Vec::new()
        };
        let ouvert_open =
            in_play && s.contract.is_some_and(|c| c.is_ouvert()) && s.play.tricks_done() >= 1;
        View {
            seat: seat.unwrap_or(0),
            ruleset: deal.ruleset,
            dealer: s.dealer,
            vorhand: s.vorhand,
            phase: s.phase,
            to_act: (!s.is_over()).then(|| s.current_player()),
            hand: seat.map_or(CardSet::EMPTY, |seat| s.hand(seat)),
            contract: s.contract,
            declarers: (0..4).filter(|&d| s.declarers & (1 << d) != 0).collect(),
            called_king: if hidden_king { None } else { s.called_king },
            fourth_king: s.fourth_king,
            talon: s.talon_revealed().then_some(s.talon),
            half_taken: s.half_taken,
            own_discard: (is_declarer
                && s.contract.is_some_and(|c| c.talon_use() != TalonUse::None))
            .then_some(s.discard),
            shown_discard: s.shown_discard(),
            announcements: Premium::ALL
                .iter()
                .filter_map(|&p| s.announced[p.index()].map(|a| (a, p)))
                .collect(),
            log,
            tricks,
            tricks_won: s.play.tricks_won,
            open_hands: ouvert_open.then_some(s.play.hands),
            hand_sizes: [0, 1, 2, 3].map(|x| s.hand(x).len() as u8),
        }
    }

    /// Every card this view mentions (for the information-discipline test).
    pub fn cards_seen(&self) -> CardSet {
        let mut seen = self.hand | self.shown_discard;
        if let Some(t) = self.talon {
            seen |= t[0] | t[1];
        }
        if let Some(d) = self.own_discard {
            seen |= d;
        }
        for t in &self.tricks {
            for &c in &t.cards {
                seen.insert(c);
            }
        }
        if let Some(h) = self.open_hands {
            for x in h {
                seen |= x;
            }
        }
        for (_, a) in &self.log {
            match a {
                // A called king is a name, not a seen card.
                Some(Action::Discard(c)) | Some(Action::Play(c)) => {
                    seen.insert(*c);
                }
                _ => {}
            }
        }
        seen
    }
}
