//! Level 2 for Danish Tarok: the card play (skus names, renames and the demand included) by
//! search over layouts ([`crate::level2`]); the redeal question and the skat as level 1.
//!
//! A layout is built the way the deal itself was: the seat's own cards, the others' hands and
//! the skat drawn from the unseen cards ([`crate::layouts`]), dealt by the engine, the skat laid
//! and every trick replayed. It is kept only if the seat's view of it is exactly the seat's
//! view of the real deal (the declarations, the skat's news, every trick) and the seat has the
//! same legal actions in it; so no layout contradicts what the seat has seen.

use crate::bot::{Bot, Decision};
use crate::danish::advise;
use crate::level2::{judge, Config, SearchWhy, Verdict};
use crate::search::{mix, Moves, Solvable};
use tarok_core::{Balances, Card, CardSet, DealRng, Game, Seat};
use tarok_danish::points::card_points;
use tarok_danish::settle::DEALER;
use tarok_danish::{Action, ActionList, Deal, InPlay, Named, Phase, UltimoCard, View};

impl Solvable for Deal {
    fn search_moves(&self, out: &mut Moves<Action>) {
        let mut legal = ActionList::new();
        self.legal_into(&mut legal);
        out.clear();
        let Some(seat) = self.current_player() else {
            return;
        };
        let hand = self.hand(seat);
        // Cards still in play for someone else: the others' hands and the trick on the table.
        let trick = self.trick();
        let mut others = CardSet::EMPTY;
        for s in 0..3 {
            if s != seat {
                others |= self.hand(s);
            }
        }
        for (_, c) in trick.played() {
            others.insert(c);
        }
        for &a in &legal {
            if let Action::Play(c) = a {
                if let Some(next) = equivalent_above(c, hand, others) {
                    if legal.contains(&Action::Play(next)) {
                        continue;
                    }
                }
            }
            out.push(a);
        }
    }

    fn value(&self, seat: Seat) -> i32 {
        let mut b = Balances::default();
        self.settle_into(&mut b);
        b.players[seat as usize] * 3 + b.cups.iter().sum::<i32>()
    }

    fn party(&self, seat: Seat) -> u8 {
        1 << seat
    }

    fn key(&self) -> u64 {
        let mut h = 0u64;
        for s in 0..3 {
            let bits = self.hand(s).bits();
            h = mix(h, bits as u64);
            h = mix(h, (bits >> 64) as u64);
        }
        let t = self.trick();
        let named = match t.named {
            None => 0,
            Some(Named::Trump) => 1,
            Some(Named::Suit(s)) => 2 + s as u64,
        };
        let phase = match self.phase() {
            Phase::Demand { asked } => 1 + asked as u64,
            Phase::Play => 8,
            _ => 9,
        };
        h = mix(
            h,
            t.leader as u64
                | (t.n as u64) << 2
                | named << 4
                | (t.dab as u64) << 8
                | phase << 12
                | (self.demanded() as u64) << 16
                | (self.trick_no() as u64) << 20,
        );
        for i in 0..t.n as usize {
            h = mix(h, t.cards[i].index() as u64);
        }
        let won = self.tricks_won();
        let counts = self.counts();
        for s in 0..3 {
            h = mix(h, won[s] as u64 | (counts[s] as u64) << 8);
        }
        for e in self.facts().in_play() {
            h = mix(
                h,
                match e {
                    InPlay::PagatHjem(s) => 100 + s as u64,
                    InPlay::Lost(s, UltimoCard::Pagat) => 200 + s as u64,
                    InPlay::Lost(s, UltimoCard::King(k)) => 300 + 8 * s as u64 + k as u64,
                },
            );
        }
        h
    }

    fn tricks_left(&self) -> u8 {
        if self.is_over() {
            0
        } else {
            26 - self.trick_no()
        }
    }
}

/// The next card above `c` in `hand` if the two are equivalent: same suit (or both numbered
/// trumps), no card of `others` between them, the same points, and neither an ultimo card.
fn equivalent_above(c: Card, hand: CardSet, others: CardSet) -> Option<Card> {
    if c.is_skus() || UltimoCard::of(c).is_some() {
        return None;
    }
    let class = match c.suit() {
        Some(s) => CardSet::suit(s),
        None => CardSet::TRUMPS,
    };
    let above = CardSet::from_bits(!((2u128 << c.index()) - 1)) & class;
    let next_mine = (hand & above).lowest()?;
    let between = above & CardSet::from_bits((1u128 << next_mine.index()) - 1);
    let same = (others & between).is_empty()
        && card_points(next_mine) == card_points(c)
        && UltimoCard::of(next_mine).is_none();
    same.then_some(next_mine)
}

/// The cards each seat has played, in the completed tricks and the current one.
fn played_by(view: &View) -> [CardSet; 3] {
    let mut p = [CardSet::EMPTY; 3];
    for t in &view.tricks {
        for (i, &c) in t.cards.iter().enumerate() {
            p[((t.leader as usize) + i) % 3].insert(c);
        }
    }
    for &(s, c) in &view.current {
        p[s as usize].insert(c);
    }
    p
}

/// The cards each seat has shown it does not hold: a suit it did not follow, and the trumps
/// when it neither followed nor trumped (000 L643-648). Playing the skus shows nothing, except
/// where the skus may not be played while holding the suit led.
fn shown_voids(view: &View) -> [CardSet; 3] {
    let mut void = [CardSet::EMPTY; 3];
    let mut note = |leader: Seat, cards: &[Card], named: Option<Named>| {
        let Some(&first) = cards.first() else {
            return;
        };
        let led = if first.is_skus() {
            match named {
                Some(n) => n,
                None => return,
            }
        } else {
            Named::of_card(first)
        };
        for (i, &c) in cards.iter().enumerate().skip(1) {
            let s = ((leader as usize) + i) % 3;
            if c.is_skus() {
                if !view.rules.skus_follow_freely {
                    void[s] |= led.cards();
                }
                continue;
            }
            if led.cards().contains(c) {
                continue;
            }
            void[s] |= led.cards();
            if !c.is_trump() {
                void[s] |= CardSet::TRUMPS;
            }
        }
    };
    for t in &view.tricks {
        note(t.leader, &t.cards, t.named);
    }
    let current: Vec<Card> = view.current.iter().map(|&(_, c)| c).collect();
    note(view.leader, &current, view.named);
    void
}

/// Tries to draw a layout this many times before giving up on a decision.
const TRIES: u32 = 400;

/// A layout of the hidden cards that fits `view` and gives the seat the actions `legal`, drawn
/// from `rng`; `None` if `TRIES` draws found none.
pub fn layout(view: &View, legal: &[Action], rng: &mut DealRng) -> Option<Deal> {
    let me = view.seat;
    let played = played_by(view);
    let voids = shown_voids(view);
    let announced = view.skat_news.map_or(CardSet::EMPTY, |n| n.announced);
    let mut known = view.hand | announced | view.own_skat.unwrap_or_default();
    for p in played {
        known |= p;
    }
    let unseen = CardSet::PACK78 - known;
    // Holders: the two other seats, and the skat unless it is the seat's own.
    let others: Vec<Seat> = (0..3).filter(|&s| s != me).collect();
    let mut room: Vec<u32> = others
        .iter()
        .map(|&s| view.hand_sizes[s as usize])
        .collect();
    let skat_hidden = view.own_skat.is_none();
    if skat_hidden {
        room.push(3 - announced.len());
    }
    let trumps_in_skat = view.skat_news.is_none_or(|n| n.trumps_laid);
    let cards: Vec<(Card, u8)> = unseen
        .iter()
        .map(|c| {
            let mut mask = 0u8;
            for (h, &s) in others.iter().enumerate() {
                if !voids[s as usize].contains(c) {
                    mask |= 1 << h;
                }
            }
            if skat_hidden && (trumps_in_skat || !c.is_trump()) {
                mask |= 1 << 2;
            }
            (c, mask)
        })
        .collect();
    for _ in 0..TRIES {
        let dealt = crate::layouts::deal(&cards, &room, rng)?;
        let mut hands = [CardSet::EMPTY; 3];
        hands[me as usize] = view.hand;
        for (h, &s) in others.iter().enumerate() {
            hands[s as usize] = dealt[h];
        }
        let skat = view.own_skat.unwrap_or(dealt[2] | announced);
        if let Some(deal) = rebuild(view, hands, skat, &played) {
            let mut mine = ActionList::new();
            deal.legal_into(&mut mine);
            if mine.len() == legal.len() && legal.iter().all(|a| mine.contains(a)) {
                return Some(deal);
            }
        }
    }
    None
}

/// The deal with these hands and skat, dealt, the skat laid and the play so far replayed, if
/// the seat's view of it is the seat's view of the real deal.
fn rebuild(view: &View, hands: [CardSet; 3], skat: CardSet, played: &[CardSet; 3]) -> Option<Deal> {
    let mut dealt: [CardSet; 3] = std::array::from_fn(|s| hands[s] | played[s]);
    dealt[DEALER as usize] |= skat;
    let mut deck = Vec::with_capacity(78);
    let mut rest: [Vec<Card>; 3] = std::array::from_fn(|s| dealt[s].iter().collect());
    for packet in 0..15 {
        deck.extend(rest[packet % 3].drain(..5));
    }
    deck.append(&mut rest[DEALER as usize]);
    let mut deal = Deal::new(view.rules, &deck, view.options);
    while deal.phase() == Phase::Redeal {
        deal.apply(Action::Keep).ok()?;
    }
    deal.apply(Action::Discard(skat)).ok()?;
    let replay = |deal: &mut Deal, cards: &[Card], named: Option<Named>| -> Option<()> {
        for (i, &c) in cards.iter().enumerate() {
            settle_demand(deal, view.demanded)?;
            let action = if i == 0 && c.is_skus() {
                Action::LeadSkus(named?)
            } else {
                Action::Play(c)
            };
            deal.apply(action).ok()?;
        }
        Some(())
    };
    for t in &view.tricks {
        replay(&mut deal, &t.cards, t.named)?;
    }
    let current: Vec<Card> = view.current.iter().map(|&(_, c)| c).collect();
    replay(&mut deal, &current, view.named)?;
    match view.phase {
        Phase::Demand { asked } => {
            while deal.phase() != (Phase::Demand { asked }) {
                deal.apply(Action::Pass).ok()?;
            }
        }
        _ => settle_demand(&mut deal, view.demanded)?,
    }
    (deal.view(view.seat) == *view).then_some(deal)
}

/// Ends a skus demand round that the view shows is over: demanded by the first player asked
/// who may, if the skus was demanded (who it was does not matter for the rest of the deal).
fn settle_demand(deal: &mut Deal, demanded: bool) -> Option<()> {
    while let Phase::Demand { .. } = deal.phase() {
        let seat = deal.current_player()?;
        let demand = demanded && !deal.demanded() && !deal.hand(seat).contains(Card::SKUS);
        deal.apply(if demand { Action::Demand } else { Action::Pass })
            .ok()?;
    }
    Some(())
}

/// Plays a layout to the end with level 1 for every seat.
fn play_out(deal: &mut Deal) {
    let mut legal = Vec::new();
    while let Some(seat) = deal.current_player() {
        if let Some(f) = deal.forced_action() {
            deal.apply(f).expect("forced");
            continue;
        }
        Game::legal_into(deal, &mut legal);
        let (a, _) = advise(&deal.view(seat), &legal);
        deal.apply(a).expect("level 1 plays legal actions");
    }
}

/// Level 2 for Danish Tarok.
pub struct DanishL2 {
    config: Config,
    rng: DealRng,
}

impl DanishL2 {
    pub fn new(config: Config, seed: u64) -> DanishL2 {
        DanishL2 {
            config,
            rng: DealRng::seed(seed),
        }
    }

    /// The standard level 2: exact from the last five tricks.
    pub fn standard(seed: u64) -> DanishL2 {
        DanishL2::new(Config::standard(5), seed)
    }

    /// Judges every legal action of a card-play decision; `None` before the play (the skat,
    /// the redeal question) or when no layout fits.
    pub fn judge(&mut self, view: &View, legal: &[Action]) -> Option<Verdict<Action>> {
        if !matches!(view.phase, Phase::Play | Phase::Demand { .. }) {
            return None;
        }
        let seed = self.rng.next_u64();
        judge(
            view.seat,
            legal,
            &self.config,
            |k| layout(view, legal, &mut DealRng::derive(seed, k)),
            play_out,
        )
    }

    /// The action and why: from the search, or (`Err`) from level 1 where level 2 does not
    /// search (before the play, a single legal action, no layout found).
    pub fn advise(
        &mut self,
        view: &View,
        legal: &[Action],
    ) -> Result<(Action, SearchWhy<Action>), (Action, crate::danish::Why)> {
        match (legal.len() > 1).then(|| self.judge(view, legal)).flatten() {
            // A point is 3 units: the cups are shared among the three seats.
            Some(v) => Ok((v.moves[0].action, SearchWhy::of(&v, 3.0))),
            None => Err(advise(view, legal)),
        }
    }
}

impl Bot<View, Action> for DanishL2 {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Decision<Action> {
        let (action, reason) = match self.advise(view, legal) {
            Ok((a, w)) => (a, w.to_string()),
            Err((a, w)) => (a, w.to_string()),
        };
        Decision { action, reason }
    }
}
