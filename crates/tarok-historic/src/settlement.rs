//! Settlement of one deal: itemised payment lines, each naming its rule.
//!
//! * Honours: paid by each other player (three, quadrille) or each opponent (partners, JC-25);
//!   en deux adds them to the holder's score instead (002 L315-316).
//! * Pagat lost / lost in the last trick / ultimo (002 L81-83, L198-199), and the optional
//!   Kings-and-double-Pagat rule (002 L223-226).
//! * No trick at all: 26 from each (three-player game, 002 L218).
//! * The count: three players settle `count − 26` (002 L221-222, JC-14); partners carry
//!   `count − 36` into the Partie (see `partie.rs`) and pay a Volata at once (002 L259-260); the
//!   quadrille pays the declarer side's count over or under 64 (002 L273-274).

use crate::count::{count_pile, count_unpacked, nominal, MAIN_MATADORS};
use crate::deal::{Contract, Deal, Phase, NONE};
use crate::honours::{matador_run, HonourKind};
use crate::ruleset::{EnDeuxValues, Game};
use serde::Serialize;
use std::fmt;
use tarok_core::{Card, CardSet, Party, Payment, PaymentSink};

/// Why a payment is made; each names its rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "event")]
pub enum Reason {
    /// A declared honour (002 L113-123, L187-190).
    Honour { kind: HonourKind, value: u8 },
    /// 10 Tarocks paid at the end under the switch (002 L116-117).
    TarocksAtEnd,
    /// The Pagat was captured before the last trick (002 L198).
    PagatLost,
    /// The Pagat was captured in the last trick (002 L198-199).
    PagatLostLast,
    /// The owner won the last trick with the Pagat (002 L81-83).
    PagatUltimo,
    /// Pagat in the second-to-last and Mongue in the last trick (002 L225-226).
    PagatAndMongue,
    /// A King was captured (optional rule, 002 L223-224).
    KingLost,
    /// A King was captured in the last trick (optional rule, 002 L223-224).
    KingLostLast,
    /// No trick at all (002 L218).
    NoTrick,
    /// The count over or under the break-even (002 L221-222; quadrille 002 L273-274).
    Count,
    /// A side scored no point in a deal (002 L259-260).
    Volata,
    /// Quadrille: partners' tarocks continuing a declared Matador run (002 L276-280).
    MatadorsContinued { extra: u8 },
    /// Quadrille: the Mediateur pays for a card he was given (002 L281-282).
    MediateurCard { card: Card },
    /// Quadrille: the Mediateur's matadors won or lost by forcing the Pagat (002 L282-286).
    MediateurMatadors,
    /// Partners: a Partie won (×1 simple, ×2 Reale or double, ×3 triple; 002 L254-262).
    Partie { multiplier: u8 },
    /// En deux: a Partie to 100 (002 L306-314).
    PartieEnDeux { double: bool },
    /// A penalty for an offence at the table (002 L160-174; see `penalties.rs`).
    Penalty,
    /// A payment given back after an offence (002 L163-168, L191-193; JC-16, JC-17).
    Refund,
}

impl Reason {
    /// Where the payment's rule is written, as the `Display` ends it in brackets: "002 L198".
    pub fn rule(&self) -> &'static str {
        match self {
            Reason::Honour { kind, .. } => match kind {
                HonourKind::Matadors => "002 L113-115",
                HonourKind::Tarocks => "002 L115-117",
                HonourKind::Kings => "002 L168, L187-188; JC-12",
                HonourKind::Cavallerie(_) => "002 L118-123",
                HonourKind::Honneurs => "002 L127-128",
                HonourKind::MatadorsFromAbove => "002 L128-131",
                HonourKind::MatadorsFromBelow => "002 L124-131",
                HonourKind::SevenKings => "002 L124-127",
            },
            Reason::TarocksAtEnd => "002 L116-117",
            Reason::PagatLost => "002 L198",
            Reason::PagatLostLast => "002 L198-199",
            Reason::PagatUltimo => "002 L81-83",
            Reason::PagatAndMongue => "002 L225-226",
            Reason::KingLost | Reason::KingLostLast => "002 L223-224",
            Reason::NoTrick => "002 L218",
            Reason::Count => "002 L221-222, L252-253, L273-274",
            Reason::Volata => "002 L259-260",
            Reason::MatadorsContinued { .. } => "002 L276-280",
            Reason::MediateurCard { .. } => "002 L281-282",
            Reason::MediateurMatadors => "002 L282-286",
            Reason::Partie { .. } => "002 L254-262",
            Reason::Penalty => "002 L160-174",
            Reason::Refund => "002 L163-168, L191-193",
            Reason::PartieEnDeux { .. } => "002 L306-314",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Honour { kind, value } => match kind {
                HonourKind::Matadors => {
                    write!(f, "honour: {} Matadors, {value}", 3 + (value - 10) / 5)
                }
                HonourKind::Tarocks => write!(f, "honour: 10 Tarocks, {value}"),
                HonourKind::Kings => write!(f, "honour: Kings, {value}"),
                HonourKind::Cavallerie(s) => {
                    let what = match value {
                        20 => "scused",
                        5 => "half",
                        _ => "whole",
                    };
                    write!(f, "honour: {what} Cavallerie in {}, {value}", s.danish())
                }
                HonourKind::Honneurs => write!(f, "honour: 3 Honneurs, {value}"),
                HonourKind::MatadorsFromAbove => {
                    write!(f, "honour: Matadors from XXI down, {value}")
                }
                HonourKind::MatadorsFromBelow => write!(f, "honour: Matadors from below, {value}"),
                HonourKind::SevenKings => write!(f, "honour: of the 7 Kings, {value}"),
            },
            Reason::TarocksAtEnd => f.write_str("10 Tarocks, paid at the end"),
            Reason::PagatLost => f.write_str("Pagat lost"),
            Reason::PagatLostLast => f.write_str("Pagat lost in the last trick"),
            Reason::PagatUltimo => f.write_str("Pagat ultimo"),
            Reason::PagatAndMongue => f.write_str("last two tricks with Pagat and Mongue"),
            Reason::KingLost => f.write_str("King captured"),
            Reason::KingLostLast => f.write_str("King captured in the last trick"),
            Reason::NoTrick => f.write_str("no trick at all"),
            Reason::Count => f.write_str("count over/under the half"),
            Reason::Volata => f.write_str("Volata"),
            Reason::MatadorsContinued { extra } => {
                write!(f, "{extra} Matadors continued by the partner")
            }
            Reason::MediateurCard { card } => write!(f, "Mediateur was given {card}"),
            Reason::MediateurMatadors => f.write_str("Mediateur's matadors"),
            Reason::Partie { multiplier } => f.write_str(match multiplier {
                1 => "Partie",
                2 => "Partie paid double (Reale or double)",
                _ => "Partie paid triple",
            }),
            Reason::Penalty => f.write_str("penalty"),
            Reason::Refund => f.write_str("refund after an offence"),
            Reason::PartieEnDeux { double } => write!(
                f,
                "Partie to 100{}",
                if *double { ", won double" } else { "" }
            ),
        }?;
        write!(f, " ({})", self.rule())
    }
}

/// One payment line of this family.
pub type Line = Payment<Reason>;

fn pay<S: PaymentSink<Reason>>(sink: &mut S, from: u8, to: u8, amount: i32, reason: Reason) {
    sink.pay_signed(Party::Player(from), Party::Player(to), amount, reason);
}

impl Deal {
    /// Who pays a player's honours: each other player, except in the partners game, where
    /// only the opponents pay (JC-25). In the quadrille honours are paid at once, before the
    /// partnership is known, so the future partner pays too (002 L274-276).
    fn honour_payers(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        (0..self.n)
            .filter(move |q| *q != seat && (self.rules.game != Game::Partners || q % 2 != seat % 2))
    }

    fn opponents(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        (0..self.n).filter(move |q| !self.same_side(seat, *q))
    }

    /// A side's (or, with three players, a player's) count by the game's method.
    pub fn count(&self, seat: u8) -> i32 {
        match self.rules.game {
            Game::Three => count_pile(self.packets(seat), self.piles[seat as usize]),
            Game::Partners => {
                let (a, b) = (seat % 2, seat % 2 + 2);
                count_pile(
                    self.packets(a) + self.packets(b),
                    self.piles[a as usize] | self.piles[b as usize],
                )
            }
            Game::Quadrille => {
                let side: CardSet = (0..self.n)
                    .filter(|q| self.same_side(seat, *q))
                    .map(|q| self.piles[q as usize])
                    .fold(CardSet::EMPTY, |a, b| a | b);
                count_unpacked(side)
            }
            Game::EnDeux => self.en_deux_count(seat),
        }
    }

    /// Partners: the two sides' counts (side 0 = seats 0 and 2); they total 72 (JC-23).
    pub fn side_counts(&self) -> [i32; 2] {
        [self.count(0), self.count(1)]
    }

    /// En deux: the count with the Pagat's and Kings' special values (002 L304-305, JC-30/31).
    fn en_deux_count(&self, seat: u8) -> i32 {
        let pile = self.piles[seat as usize];
        let last = self.ntricks as usize;
        let fell_last = |c: Card| self.played(c).is_some_and(|(t, _)| t + 1 == last);
        match self.rules.en_deux_values {
            EnDeuxValues::CardValues => {
                let special = pile.iter().map(|c| {
                    if c == Card::PAGAT {
                        if fell_last(c) {
                            24
                        } else {
                            14
                        }
                    } else if c.is_king() {
                        if fell_last(c) {
                            14
                        } else {
                            9
                        }
                    } else {
                        (nominal(c) - 1).max(0)
                    }
                });
                self.packets(seat) + special.sum::<i32>()
            }
            EnDeuxValues::Bonuses => {
                let mut score = count_pile(self.packets(seat), pile);
                for c in CardSet::KINGS.with(Card::PAGAT) {
                    let Some((t, owner)) = self.played(c) else {
                        continue;
                    };
                    let winner = self.tricks[t].winner;
                    let is_last = t + 1 == last;
                    let (mid, ult) = if c == Card::PAGAT { (15, 25) } else { (10, 15) };
                    if winner == seat && owner != seat {
                        score += if is_last { ult } else { mid };
                    } else if winner == seat && owner == seat && is_last {
                        score += ult;
                    }
                }
                score
            }
        }
    }

    /// En deux: what each player adds to his running score for this deal: declared honours plus
    /// the whole count (002 L315-316).
    pub fn en_deux_scores(&self) -> [i32; 2] {
        let mut s = [0; 2];
        if self.phase != Phase::Over {
            return s;
        }
        for seat in 0..2u8 {
            let count = self.count(seat);
            let mut honours: i32 = self.declared[seat as usize].iter().map(|v| *v as i32).sum();
            if self.rules.ten_tarocks_at_end && count < 26 {
                // 10 Tarocks only for a holder who "har vunden mere end 25 Points" (002 L116-117).
                honours -= self.declared[seat as usize][HonourKind::Tarocks.index()] as i32;
            }
            s[seat as usize] = honours + count;
        }
        s
    }

    /// The deal's result for `seat` in points, zero-sum over the seats: its payments, and in
    /// the games settled in Partier what the deal carries into the Partie, which pays nothing
    /// of its own until the Partie ends: the partners' side count over or under 36 once the
    /// deal is over (002 L252-253), en deux the seat's score less the other's (002 L315-316).
    /// The level-2 search maximises it, and a match compares bots by it.
    pub fn result(&self, seat: u8) -> i32 {
        match self.rules.game {
            Game::EnDeux => {
                let s = self.en_deux_scores();
                s[seat as usize] - s[1 - seat as usize]
            }
            game => {
                let mut b = tarok_core::Balances::default();
                self.settle(&mut b);
                let mut v = b.players[seat as usize];
                if game == Game::Partners && self.phase == Phase::Over {
                    v += self.count(seat) - 36;
                }
                v
            }
        }
    }

    /// Every payment line of the deal (allocates; see [`Deal::settle`]).
    pub fn settlement(&self) -> Vec<Line> {
        let mut v = Vec::new();
        self.settle(&mut v);
        v
    }

    /// Writes the deal's payment lines to `sink` (allocation-free with `Balances`). An
    /// unfinished deal settles only its honours, which 1829 pays at once (002 L157-159).
    /// En deux pays nothing per deal: see [`Deal::en_deux_scores`] and `en_deux.rs`.
    pub fn settle<S: PaymentSink<Reason>>(&self, sink: &mut S) {
        if self.rules.game == Game::EnDeux {
            return;
        }
        let over = self.phase == Phase::Over;
        // Honours.
        for seat in 0..self.n {
            for k in HonourKind::ALL {
                let value = self.declared[seat as usize][k.index()];
                if value == 0 {
                    continue;
                }
                if k == HonourKind::Tarocks && self.rules.ten_tarocks_at_end {
                    if over && self.count(seat) >= self.rules.break_even() {
                        for q in self.honour_payers(seat) {
                            pay(sink, q, seat, value as i32, Reason::TarocksAtEnd);
                        }
                    }
                    continue;
                }
                for q in self.honour_payers(seat) {
                    pay(
                        sink,
                        q,
                        seat,
                        value as i32,
                        Reason::Honour { kind: k, value },
                    );
                }
            }
        }
        if self.rules.game == Game::Quadrille && self.declarer != NONE {
            self.settle_mediateur_cards(sink);
        }
        if !over {
            return;
        }
        if self.rules.pagat_payments {
            self.settle_pagat_and_kings(sink);
        }
        if self.rules.no_trick_bonus > 0 {
            for seat in 0..self.n {
                if self.won[seat as usize] == 0 {
                    for q in self.opponents(seat) {
                        pay(
                            sink,
                            q,
                            seat,
                            self.rules.no_trick_bonus as i32,
                            Reason::NoTrick,
                        );
                    }
                }
            }
        }
        match self.rules.game {
            Game::Three => self.settle_three_count(sink),
            Game::Partners => {
                for side in 0..2u8 {
                    if self.count(side) == 0 {
                        // Each loser pays each winner half the agreed Volata.
                        for loser in [side, side + 2] {
                            for winner in [1 - side, 3 - side] {
                                pay(sink, loser, winner, self.rules.volata / 2, Reason::Volata);
                            }
                        }
                    }
                }
            }
            Game::Quadrille => self.settle_quadrille_end(sink),
            Game::EnDeux => {}
        }
    }

    fn settle_pagat_and_kings<S: PaymentSink<Reason>>(&self, sink: &mut S) {
        let last = self.ntricks as usize - 1;
        let double = if self.rules.kings_and_double_pagat {
            2
        } else {
            1
        };
        let mut pagat_and_mongue = false;
        if let (Some((tp, p)), Some((tm, m))) = (self.played(Card::PAGAT), self.played(Card::T21)) {
            if self.rules.kings_and_double_pagat
                && tp + 1 == last
                && tm == last
                && p == m
                && self.tricks[tp].winner == p
            {
                pagat_and_mongue = true;
                for q in self.opponents(p) {
                    pay(sink, q, p, 30, Reason::PagatAndMongue);
                }
            }
        }
        if let Some((t, owner)) = self.played(Card::PAGAT) {
            let w = self.tricks[t].winner;
            if w == owner && t == last && !pagat_and_mongue {
                for q in self.opponents(owner) {
                    pay(sink, q, owner, 10 * double, Reason::PagatUltimo);
                }
            } else if !self.same_side(owner, w) {
                let (amount, reason) = if t == last {
                    (10, Reason::PagatLostLast)
                } else {
                    (5, Reason::PagatLost)
                };
                for q in self.opponents(owner) {
                    pay(sink, owner, q, amount * double, reason);
                }
            }
        }
        if self.rules.kings_and_double_pagat {
            for k in CardSet::KINGS {
                let Some((t, owner)) = self.played(k) else {
                    continue;
                };
                let w = self.tricks[t].winner;
                if !self.same_side(owner, w) {
                    let (amount, reason) = if t == last {
                        (10, Reason::KingLostLast)
                    } else {
                        (5, Reason::KingLost)
                    };
                    for q in self.opponents(owner) {
                        pay(sink, owner, q, amount, reason);
                    }
                }
            }
        }
    }

    /// Three players: nets `count − 26`; with one loser he pays each winner's excess, else
    /// each loser pays the one winner his shortfall (JC-14).
    fn settle_three_count<S: PaymentSink<Reason>>(&self, sink: &mut S) {
        let net: [i32; 3] = [0, 1, 2].map(|s| self.count(s) - 26);
        let losers = net.iter().filter(|x| **x < 0).count();
        for s in 0..3u8 {
            for t in 0..3u8 {
                let (ns, nt) = (net[s as usize], net[t as usize]);
                if losers == 1 && ns < 0 && nt > 0 {
                    pay(sink, s, t, nt, Reason::Count);
                } else if losers != 1 && ns < 0 && nt > 0 {
                    pay(sink, s, t, -ns, Reason::Count);
                }
            }
        }
    }

    fn settle_mediateur_cards<S: PaymentSink<Reason>>(&self, sink: &mut S) {
        let m = self.declarer;
        for r in self.requests.iter().flatten() {
            if r.giver == NONE {
                continue;
            }
            let amount = if r.card == Card::T21 {
                self.rules.mediateur_pays_mongue
            } else {
                self.rules.mediateur_pays_other
            } as i32;
            for q in (0..self.n).filter(|q| *q != m) {
                pay(sink, m, q, amount, Reason::MediateurCard { card: r.card });
            }
        }
    }

    fn settle_quadrille_end<S: PaymentSink<Reason>>(&self, sink: &mut S) {
        let d = self.declarer;
        let side = |seat: u8| (0..self.n).filter(move |q| self.same_side(seat, *q));
        // Count: the declarer side gains or loses what it makes over or under 64 (002 L273-274),
        // from or to each opponent.
        let diff = self.count(d) - 64;
        for o in self.opponents(d) {
            for s in side(d) {
                pay(sink, o, s, diff, Reason::Count);
            }
        }
        // Matadors continued by a partner's tarocks, for both sides (002 L276-280).
        for seat in 0..self.n {
            let v = self.declared[seat as usize][HonourKind::Matadors.index()];
            if v == 0 {
                continue;
            }
            if side(seat).count() < 2 {
                continue;
            }
            let joint = side(seat).fold(CardSet::EMPTY, |a, q| a | self.play_start[q as usize]);
            // The partners' tarocks continue the declared suite "med Spillerens Kort" (002
            // L276-277): once the Mediateur has taken its XXI or Pagat there is none (QJC-10).
            if !MAIN_MATADORS.is_subset(joint) {
                continue;
            }
            let declared_run = (v - 10) / 5;
            let extra = matador_run(joint).saturating_sub(declared_run);
            if extra > 0 {
                for o in (0..self.n).filter(|o| !self.same_side(seat, *o)) {
                    for s in side(seat) {
                        pay(
                            sink,
                            o,
                            s,
                            5 * extra as i32,
                            Reason::MatadorsContinued { extra },
                        );
                    }
                }
            }
        }
        // The Mediateur's matadors (002 L282-286).
        if self.contract == Contract::Mediateur {
            let held = self.play_start[d as usize];
            let forced = self
                .played(Card::PAGAT)
                .is_some_and(|(t, owner)| owner != d && self.tricks[t].winner == d);
            let amount = if (self.before_requests & MAIN_MATADORS).is_empty() && !forced {
                -10
            } else if held.contains(Card::T21)
                && held.contains(Card::SKUS)
                && !held.contains(Card::PAGAT)
                && forced
            {
                10 + 5 * matador_run(held) as i32
            } else {
                0
            };
            for o in self.opponents(d) {
                pay(sink, o, d, amount, Reason::MediateurMatadors);
            }
        }
    }
}
