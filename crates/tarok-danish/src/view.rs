//! What one seat may know: its own hand, the public history and the public facts. Bots and
//! network clients receive a `View` and nothing else.

use crate::action::Named;
use crate::deal::{Deal, DealOptions, Phase, TrickRecord};
use crate::declare::Declarations;
use crate::ruleset::Ruleset;
use crate::settle::DEALER;
use tarok_core::{Card, CardSet, Seat};

/// What became public about the skat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SkatNews {
    /// Trumps were laid (told on request: 000 L545; 003 L30 p.11).
    pub trumps_laid: bool,
    /// How many, when the preset discloses the number.
    pub trump_count: Option<u32>,
    /// Cards the dealer had to announce: declaration cards laid when unavoidable, fallback
    /// trumps, and the skus when laid under `SkatSkus::ToutAttemptAnnounced` (000 L556). A skus
    /// laid under `SkatSkus::Always` stays hidden like the rest of the skat.
    pub announced: CardSet,
}

/// The information state of one seat.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct View {
    pub seat: Seat,
    /// The rules the table plays, house rules included: known to everyone at the table.
    pub rules: Ruleset,
    /// The deal's start besides the cards (ante, cups, table size, who does not count): public.
    pub options: DealOptions,
    pub phase: Phase,
    pub hand: CardSet,
    /// The skat, for the dealer only.
    pub own_skat: Option<CardSet>,
    /// After the skat is laid.
    pub skat_news: Option<SkatNews>,
    /// Declarations of seats 0, 1, 2 (public once the skat is laid).
    pub declarations: [Declarations; 3],
    pub tricks: Vec<TrickRecord>,
    pub trick_no: u8,
    pub leader: Seat,
    /// Cards in the current trick, by seat, in play order.
    pub current: Vec<(Seat, Card)>,
    pub named: Option<Named>,
    pub demanded: bool,
    pub to_act: Option<Seat>,
    pub tricks_won: [u8; 3],
    /// Number of cards each seat holds.
    pub hand_sizes: [u32; 3],
}

impl View {
    /// Every card this view shows.
    pub fn cards_shown(&self) -> CardSet {
        let mut s = self.hand | self.own_skat.unwrap_or_default();
        if let Some(n) = self.skat_news {
            s |= n.announced;
        }
        for t in &self.tricks {
            s |= t.cards.iter().copied().collect::<CardSet>();
        }
        s |= self.current.iter().map(|&(_, c)| c).collect::<CardSet>();
        s
    }
}

impl Deal {
    /// The information state of `seat`.
    pub fn view(&self, seat: Seat) -> View {
        self.view_of(Some(seat))
    }

    /// What everyone may know: the view with no hand and no skat (seat 0 in name only).
    pub fn public_view(&self) -> View {
        self.view_of(None)
    }

    /// The view of `seat`, or the public view (`None`).
    fn view_of(&self, who: Option<Seat>) -> View {
        let laid = !matches!(self.phase(), Phase::Redeal | Phase::Skat)
            && !matches!(self.phase(), Phase::Over { redeal: true });
        let skat_news = laid.then(|| {
            let trumps = self.skat().trumps().len();
            SkatNews {
                trumps_laid: trumps > 0,
                trump_count: self.rules().skat_disclose_trump_count.then_some(trumps),
                announced: self.announced().cards(),
            }
        });
        let trick = self.trick();
        let over = self.facts().end.is_some();
        View {
            seat: who.unwrap_or(0),
            rules: *self.rules(),
            options: self.options(),
            phase: self.phase(),
            hand: who.map_or(CardSet::EMPTY, |s| self.hand(s)),
            own_skat: (who == Some(DEALER) && laid).then(|| self.skat()),
            skat_news,
            declarations: if laid {
                [
                    self.declarations(0),
                    self.declarations(1),
                    self.declarations(2),
                ]
            } else {
                Default::default()
            },
            tricks: self.completed_tricks().to_vec(),
            trick_no: self.trick_no(),
            leader: trick.leader,
            current: if over {
                Vec::new()
            } else {
                trick.played().collect()
            },
            named: trick.named,
            demanded: self.demanded(),
            to_act: self.current_player(),
            tricks_won: self.tricks_won(),
            hand_sizes: [self.hand(0).len(), self.hand(1).len(), self.hand(2).len()],
        }
    }
}
