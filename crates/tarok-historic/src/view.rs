//! What one seat may know (information discipline, ARCHITECTURE.md).
//!
//! A view holds the seat's own hand, the dealer's own Scat (only for the dealer), the public
//! history (declared honours by kind and value, bids, the called card, the Mediateur's requests
//! and who gave them, every card played) and nothing else. The partner in an asking game stays
//! hidden until the called card is played (except to the partner himself).

use crate::action::Action;
use crate::deal::{Contract, Deal, Phase};
use crate::honours::HonourKind;
use serde::Serialize;
use tarok_core::{Card, CardSet};

/// A declared honour, as announced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeclaredView {
    pub seat: u8,
    pub honour: HonourKind,
    pub value: u8,
}

/// A trick as everyone saw it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrickView {
    pub leader: u8,
    pub cards: Vec<Card>,
    pub winner: Option<u8>,
}

/// A Mediateur's request as a seat knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RequestView {
    pub card: Card,
    /// Who gave it (`None`: it lay in the Scat).
    pub giver: Option<u8>,
    /// The card given back: known only to the Mediateur and the giver.
    pub returned: Option<Card>,
}

/// Everything one seat may know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub preset: &'static str,
    /// The deal's rules (public: the preset and any house rules), so that a bot can rebuild a
    /// deal that fits this view.
    pub rules: crate::Ruleset,
    pub seat: u8,
    pub dealer: u8,
    pub phase: Phase,
    pub to_act: Option<u8>,
    pub hand: CardSet,
    /// The Scat, for the dealer who laid it; for the others only its size.
    pub scat: Option<CardSet>,
    pub scat_size: u32,
    pub hand_sizes: Vec<u32>,
    pub declared: Vec<DeclaredView>,
    pub bids: Vec<Option<Contract>>,
    pub declarer: Option<u8>,
    pub contract: Contract,
    pub called: Option<Card>,
    /// The holder of the called card, once known to this seat.
    pub partner: Option<u8>,
    pub requests: Vec<RequestView>,
    pub tricks: Vec<TrickView>,
    pub tricks_won: Vec<u8>,
    /// This seat's legal actions, when it is to act.
    pub legal: Vec<Action>,
}

impl Deal {
    /// What `seat` may know now.
    pub fn view(&self, seat: u8) -> View {
        self.view_of(Some(seat))
    }

    /// What everyone may know: no hand, no Scat, the called card's holder once it is played
    /// (seat 0 in name only).
    pub fn public_view(&self) -> View {
        self.view_of(None)
    }

    /// The view of `seat`, or the public view (`None`).
    fn view_of(&self, seat: Option<u8>) -> View {
        let n = self.n;
        let mut declared = Vec::new();
        for s in 0..n {
            for k in HonourKind::ALL {
                let value = self.declared[s as usize][k.index()];
                if value > 0 {
                    declared.push(DeclaredView {
                        seat: s,
                        honour: k,
                        value,
                    });
                }
            }
        }
        let partner_known = self.partner != crate::deal::NONE
            && (seat == Some(self.partner)
                || self.called.is_some_and(|c| {
                    self.played(c).is_some() || self.current_trick().1.contains(&c)
                }));
        let mut tricks: Vec<TrickView> = self
            .tricks()
            .iter()
            .map(|t| TrickView {
                leader: t.leader,
                cards: t.cards[..n as usize].to_vec(),
                winner: Some(t.winner),
            })
            .collect();
        if self.phase == Phase::Play && !self.current_trick().1.is_empty() {
            let (leader, cards) = self.current_trick();
            tricks.push(TrickView {
                leader,
                cards: cards.to_vec(),
                winner: None,
            });
        }
        View {
            preset: self.rules.id,
            rules: self.rules,
            seat: seat.unwrap_or(0),
            dealer: self.dealer,
            phase: self.phase,
            to_act: self.current_player(),
            hand: seat.map_or(CardSet::EMPTY, |s| self.hands[s as usize]),
            scat: (seat == Some(self.dealer)).then_some(self.scat),
            scat_size: self.scat.len(),
            hand_sizes: (0..n).map(|s| self.hands[s as usize].len()).collect(),
            declared,
            bids: self.bids[..n as usize].to_vec(),
            declarer: self.declarer(),
            contract: self.contract,
            called: self.called,
            partner: partner_known.then_some(self.partner),
            requests: self
                .requests()
                .map(|r| RequestView {
                    card: r.card,
                    giver: (r.giver != crate::deal::NONE).then_some(r.giver),
                    returned: r.returned.filter(|_| {
                        seat.is_some() && (seat == self.declarer() || seat == Some(r.giver))
                    }),
                })
                .collect(),
            tricks,
            tricks_won: self.won[..n as usize].to_vec(),
            legal: if seat.is_some() && self.current_player() == seat {
                self.legal_actions()
            } else {
                Vec::new()
            },
        }
    }

    /// Cards whose location `seat` legitimately knows or whose name is public: its own hand,
    /// its Scat (dealer), every played card, and the called and requested cards' names.
    pub fn known_to(&self, seat: u8) -> CardSet {
        let mut k = self.hands[seat as usize];
        if seat == self.dealer {
            k |= self.scat;
        }
        for t in self.tricks() {
            k |= t.cards[..self.n as usize]
                .iter()
                .copied()
                .collect::<CardSet>();
        }
        k |= self.current_trick().1.iter().copied().collect::<CardSet>();
        if let Some(c) = self.called {
            k.insert(c);
        }
        for r in self.requests() {
            k.insert(r.card);
            if let Some(c) = r.returned {
                if Some(seat) == self.declarer() || seat == r.giver {
                    k.insert(c);
                }
            }
        }
        k
    }
}
