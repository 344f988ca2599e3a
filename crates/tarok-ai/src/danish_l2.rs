//! Level 2 for Danish Tarok: every decision by search over layouts ([`crate::level2`]). The
//! card play (skus names, renames and the demand included) judges each legal action; before
//! the play, the redeal question and the dealer's skat judge a few candidates, each played out
//! to the end of the deal ([`crate::level2::judge_before_play`]). With
//! [`Config::before_play`] off, the redeal question and the skat are level 1's.
//!
//! A layout is built the way the deal itself was: the seat's own cards, the others' hands and
//! (once laid) the skat drawn from the unseen cards ([`crate::layouts`]), dealt by the engine,
//! the redeal question answered, the skat laid and every trick replayed, as far as the seat's
//! decision. It is kept only if the seat's view of it is exactly the seat's view of the real
//! deal (the declarations, the skat's news, every trick) and the seat has the same legal
//! actions in it; so no layout contradicts what the seat has seen. Before the skat is laid
//! the dealer holds all 28 of his cards and the others' 50 are dealt uniformly.

use crate::bot::{Bot, Decision};
use crate::danish::advise;
use crate::level2::{
    events, judge, judge_before_play, weighed, Config, Outcome, SearchWhy, Verdict, PLAY_DRAWS,
};
use crate::search::{mix, Moves, Solvable};
use tarok_core::{Balances, Card, CardSet, DealRng, Game, Seat, Suit};
use tarok_danish::points::card_points;
use tarok_danish::settle::DEALER;
use tarok_danish::{Action, ActionList, Deal, InPlay, Named, Phase, UltimoCard, View};

impl Solvable for Deal {
    type Move = Action;

    fn to_move(&self) -> Option<Seat> {
        self.current_player()
    }

    fn seat_count(&self) -> u8 {
        3
    }

    fn play(&mut self, m: Action) {
        match m {
            Action::Play(c) => self.play_legal(c),
            _ => self.apply(m).expect("the solver plays legal moves"),
        }
    }

    fn search_moves(&self, out: &mut Moves<Action>) {
        out.clear();
        let Some(seat) = self.current_player() else {
            return;
        };
        let hand = self.hand(seat);
        let trick = self.trick();
        // Moves besides the cards (the skus demand round, the skus led by a name, a rename)
        // are rare: the engine's full list is asked for only where one may be due.
        if self.phase() != Phase::Play
            || trick.named.is_some()
            || (trick.n == 0 && hand.contains(Card::SKUS))
        {
            let mut legal = ActionList::new();
            self.legal_into(&mut legal);
            out.extend(
                legal
                    .iter()
                    .rev()
                    .filter(|a| !matches!(a, Action::Play(_)))
                    .copied(),
            );
        }
        // Cards still in play for someone else: the others' hands and the trick on the table.
        let mut others = CardSet::EMPTY;
        for s in 0..3 {
            if s != seat {
                others |= self.hand(s);
            }
        }
        for (_, c) in trick.played() {
            others.insert(c);
        }
        // High cards first: they end more searches early.
        let cards = self.legal_cards();
        for c in cards.iter().rev() {
            if !equivalent_above(c, hand, others).is_some_and(|n| cards.contains(n)) {
                out.push(Action::Play(c));
            }
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
        // The hands: the first 64 card ids of each as a word, the last 14 of all three in one.
        let mut h = 0u64;
        let mut high = 0u64;
        for s in 0..3 {
            let bits = self.hand(s).bits();
            h = mix(h, bits as u64);
            high |= ((bits >> 64) as u64) << (14 * s);
        }
        h = mix(h, high);
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
        let mut tally = 0u64;
        for s in 0..3 {
            tally |= (won[s] as u64 | (counts[s] as u64) << 8) << (20 * s);
        }
        h = mix(h, tally);
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

impl Outcome for Deal {
    fn events(&self, seat: Seat) -> u8 {
        let tricks = self.completed_tricks().iter();
        events(
            tricks.map(|t| (t.leader, &t.cards[..], t.winner)),
            3,
            1 << seat,
        )
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

/// What a seat's declarations show of its hand after the skat (000 L447-485): the cards it
/// must hold and those it cannot. A count (the number of tarokker) is checked on the layout.
fn declared(decl: &tarok_danish::declare::Declarations) -> (CardSet, CardSet) {
    use tarok_danish::declare::Declaration as D;
    let (mut holds, mut lacks) = (CardSet::EMPTY, CardSet::EMPTY);
    for d in decl.iter() {
        match d {
            D::Tarokker { pagat, .. } => {
                if pagat {
                    holds.insert(Card::PAGAT);
                } else {
                    lacks.insert(Card::PAGAT);
                }
            }
            D::Matadorer { m } => {
                // T21, the pagat, the skus and the run T20 down, which the next trump breaks.
                holds |= d.cards(CardSet::EMPTY);
                let below = 21 - (m - 2);
                if below >= 2 {
                    lacks.insert(Card::trump(below));
                }
            }
            D::Halvt { set, missing } => {
                holds |= set.cards().without(missing).with(Card::SKUS);
                lacks.insert(missing);
            }
            D::Fuldt { set } => {
                holds |= set.cards();
                lacks.insert(Card::SKUS);
            }
            D::Sproejte { set } => holds |= set.cards().with(Card::SKUS),
        }
    }
    (holds, lacks)
}

/// Tries to draw a layout this many times before giving up on a decision.
const TRIES: u32 = 3000;

/// A layout of the hidden cards that fits `view` and gives the seat the actions `legal`, drawn
/// from `rng`; `None` if `TRIES` draws found none.
///
/// With `infer_play`, one of [`PLAY_DRAWS`] such layouts is taken by how likely the other
/// seats' cards played were in it under level 1 ([`weighed`]).
pub fn layout(view: &View, legal: &[Action], infer_play: bool, rng: &mut DealRng) -> Option<Deal> {
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
    // Before the skat is laid (the redeal question, the skat itself) the dealer still holds
    // it: no holder of its own.
    let skat_hidden = view.skat_news.is_some() && view.own_skat.is_none();
    if skat_hidden {
        room.push(3 - announced.len());
    }
    let trumps_laid = view.skat_news.is_some_and(|n| n.trumps_laid);
    // Never in the skat whatever the hand: kings, and by the preset the pagat, T21, the skus
    // (000 L515-561).
    let never_in_skat = tarok_danish::skat::forbidden(CardSet::EMPTY, &view.rules);
    // Trumps laid under the void-only rule leave the dealer without numbered trumps (000 L537).
    let mut lacks = voids;
    if trumps_laid && view.rules.skat_trump_rule == tarok_danish::ruleset::SkatTrumpRule::VoidOnly {
        lacks[DEALER as usize] |= CardSet::TRUMPS;
    }
    let mut holds = [CardSet::EMPTY; 3];
    for s in 0..3 {
        let (h, l) = declared(&view.declarations[s]);
        holds[s] = h - played[s];
        lacks[s] |= l;
    }
    let cards: Vec<(Card, u8)> = unseen
        .iter()
        .map(|c| {
            let mut mask = 0u8;
            for (h, &s) in others.iter().enumerate() {
                if !lacks[s as usize].contains(c) {
                    mask |= 1 << h;
                }
            }
            if skat_hidden && (trumps_laid || !c.is_trump()) && !never_in_skat.contains(c) {
                mask |= 1 << 2;
            }
            // A declared card lies with its declarer.
            if let Some(h) = others.iter().position(|&s| holds[s as usize].contains(c)) {
                mask &= 1 << h;
            }
            (c, mask)
        })
        .collect();
    let mut pool = Vec::new();
    for _ in 0..TRIES {
        let Some(dealt) = crate::layouts::deal(&cards, &room, rng) else {
            break;
        };
        let mut hands = [CardSet::EMPTY; 3];
        hands[me as usize] = view.hand;
        for (h, &s) in others.iter().enumerate() {
            hands[s as usize] = dealt[h];
        }
        let skat = view.own_skat.unwrap_or(dealt[2] | announced);
        let mut surprises = 0;
        let counted = infer_play.then_some(&mut surprises);
        if let Some(deal) = rebuild(view, hands, skat, &played, counted) {
            // The runner's list (the skats included); in the same order when it fits, so the
            // quadratic check runs only on a short list that differs.
            let mut mine = Vec::new();
            Game::legal_into(&deal, &mut mine);
            if mine == legal
                || (mine.len() == legal.len() && legal.iter().all(|a| mine.contains(a)))
            {
                if !infer_play {
                    return Some(deal);
                }
                pool.push((deal, surprises));
                if pool.len() == PLAY_DRAWS {
                    break;
                }
            }
        }
    }
    weighed(pool, rng)
}

/// The deal with these hands and skat, dealt, the redeal question answered, the skat laid and
/// the play so far replayed, as far as the seat's view, if the seat's view of it is the seat's
/// view of the real deal. Before the skat is laid, `skat` is empty and the dealer's hand holds
/// his 28 cards. With `surprises`, counts the cards the other seats played (a skus led by its
/// name) where level 1, in their place in this deal, would have done otherwise.
fn rebuild(
    view: &View,
    hands: [CardSet; 3],
    skat: CardSet,
    played: &[CardSet; 3],
    mut surprises: Option<&mut u32>,
) -> Option<Deal> {
    let mut dealt: [CardSet; 3] = std::array::from_fn(|s| hands[s] | played[s]);
    dealt[DEALER as usize] |= skat;
    let mut deal = Deal::new(view.rules, &deck(dealt), view.options);
    // Every seat asked before the seat's decision kept its hand: a redeal ends the deal.
    while deal.phase() == Phase::Redeal
        && !(view.phase == Phase::Redeal && deal.current_player() == view.to_act)
    {
        deal.apply(Action::Keep).ok()?;
    }
    if matches!(view.phase, Phase::Redeal | Phase::Skat) {
        return (deal.view(view.seat) == *view).then_some(deal);
    }
    deal.apply(Action::Discard(skat)).ok()?;
    let mut legal = Vec::new();
    let mut replay = |deal: &mut Deal, cards: &[Card], named: Option<Named>| -> Option<()> {
        for (i, &c) in cards.iter().enumerate() {
            settle_demand(deal, view.demanded)?;
            let action = if i == 0 && c.is_skus() {
                Action::LeadSkus(named?)
            } else {
                Action::Play(c)
            };
            if let Some(n) = surprises.as_deref_mut() {
                let s = deal.current_player()?;
                Game::legal_into(deal, &mut legal);
                if s != view.seat && legal.len() > 1 && advise(&deal.view(s), &legal).0 != action {
                    *n += 1;
                }
            }
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

/// A deck that [`Deal::new`] deals into these hands (the dealer's of 28 cards).
fn deck(dealt: [CardSet; 3]) -> Vec<Card> {
    let mut deck = Vec::with_capacity(78);
    let mut rest: [Vec<Card>; 3] = std::array::from_fn(|s| dealt[s].iter().collect());
    for packet in 0..15 {
        deck.extend(rest[packet % 3].drain(..5));
    }
    deck.append(&mut rest[DEALER as usize]);
    deck
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

/// Plays `action` and the rest of a layout with level 1 for every seat (the rest of the
/// redeal question and the skat included, when the layout is before the play).
fn play_out(deal: &Deal, action: Action) -> Deal {
    let mut deal = *deal;
    deal.play(action);
    let mut legal = Vec::new();
    while let Some(s) = deal.current_player() {
        if let Some(f) = deal.forced_action() {
            deal.apply(f).expect("forced");
            continue;
        }
        Game::legal_into(&deal, &mut legal);
        let (a, _) = advise(&deal.view(s), &legal);
        deal.apply(a).expect("level 1 plays legal actions");
    }
    deal
}

/// At most this many skats are judged by simulation.
const SKAT_CANDIDATES: usize = 12;

/// The skats level 2 judges, pruned from the legal ones (up to 3,276): level 1's own choice
/// first, then in turn the best skat not yet taken by each of three simple scores, so that not
/// every candidate comes from level 1's one idea of a good skat:
/// - level 1's score ([`crate::danish::skat_score`]: voids, points put away, the role);
/// - the same with court cards' points counting against: the experts warn that laying court
///   cards for their points can promote the others' lower cards to winners (000 L1495-1498);
/// - the hand kept even: lay from the longest side suits, keep the pisk whole, low cards and
///   trumps kept (000 L1377-1380, L1410, L2224).
///
/// Only skats of `legal` are taken: which cards may be laid is the preset's (the king, the
/// pagat, T21, the skus, trumps only when the dealer can void them: 000 L1336-1350), and
/// the engine's legal list is the truth for each preset.
pub fn skat_candidates(view: &View, legal: &[Action]) -> Vec<Action> {
    let hand = view.hand;
    let skats: Vec<CardSet> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard(d) => Some(*d),
            _ => None,
        })
        .collect();
    let points = |d: CardSet| d.iter().map(|c| card_points(c) as i32).sum::<i32>();
    let level1 = |d: CardSet| crate::danish::skat_score(hand, d);
    let no_points = |d: CardSet| level1(d) - 2 * points(d);
    let pisk = Suit::ALL
        .into_iter()
        .max_by_key(|&s| hand.of_suit(s).len())
        .filter(|&s| hand.of_suit(s).len() >= 5);
    let even = |d: CardSet| {
        let kept = hand - d;
        let spread: i32 = Suit::ALL
            .into_iter()
            .filter(|&s| Some(s) != pisk)
            .map(|s| (kept.of_suit(s).len() as i32).pow(2))
            .sum();
        let pisk_cut = pisk.is_some_and(|s| !d.of_suit(s).is_empty());
        let rank: i32 = d.iter().map(|c| c.order() as i32).sum();
        -spread * 4 - 40 * pisk_cut as i32 - 2 * points(d) - rank / 4 - 12 * d.trumps().len() as i32
    };
    let ranked = |score: &dyn Fn(CardSet) -> i32| {
        let mut by: Vec<(i32, CardSet)> = skats.iter().map(|&d| (score(d), d)).collect();
        // Ties by the cards, as level 1 breaks them.
        by.sort_by_key(|&(s, d)| (std::cmp::Reverse(s), d.bits()));
        by.into_iter().map(|(_, d)| d).collect::<Vec<_>>()
    };
    let lists = [ranked(&level1), ranked(&no_points), ranked(&even)];
    let mut out = vec![advise(view, legal).0];
    let mut next = [0usize; 3];
    while out.len() < SKAT_CANDIDATES.min(skats.len()) {
        for (list, i) in lists.iter().zip(next.iter_mut()) {
            while *i < list.len() && out.contains(&Action::Discard(list[*i])) {
                *i += 1;
            }
            if *i < list.len() && out.len() < SKAT_CANDIDATES {
                out.push(Action::Discard(list[*i]));
            }
        }
    }
    out
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
        DanishL2::thinking(Config::STANDARD_THINK, seed)
    }

    /// The standard level 2 with another thinking time.
    pub fn thinking(think: std::time::Duration, seed: u64) -> DanishL2 {
        DanishL2::new(Config::standard(5, think), seed)
    }

    /// Judges a decision: every legal action of the card play, or before the play (with
    /// [`Config::before_play`]) the redeal question's two answers or the pruned skats
    /// ([`skat_candidates`]). `None` where level 2 does not search or no layout fits.
    pub fn judge(&mut self, view: &View, legal: &[Action]) -> Option<Verdict<Action>> {
        match view.phase {
            Phase::Play | Phase::Demand { .. } => {}
            Phase::Redeal | Phase::Skat if self.config.before_play => {
                return self.judge_before_play(view, legal)
            }
            _ => return None,
        }
        let seed = self.rng.next_u64();
        let infer_play = self.config.infer && self.config.infer_play;
        judge(
            view.seat,
            legal,
            &self.config,
            |k| layout(view, legal, infer_play, &mut DealRng::derive(seed, k)),
            play_out,
        )
    }

    /// The redeal question or the skat: each candidate played out to the end of the deal over
    /// common layouts. The play-outs are level 1's for every seat and every decision after the
    /// candidate (the others' redeal answers, the skat after a kept hand, the whole card play):
    /// a level-2 card play in each of the ~1,000 play-outs would take minutes. Level 1 plays
    /// its own hand worse than level 2 does, which biases the judgement a little towards hands
    /// that play themselves; the same policy plays every candidate, so the bias is shared.
    /// A play-out is noisy, and a skat is decided once a deal: four times the layouts of a
    /// card-play decision, within the same thinking time.
    fn judge_before_play(&mut self, view: &View, legal: &[Action]) -> Option<Verdict<Action>> {
        let candidates = match view.phase {
            Phase::Skat => skat_candidates(view, legal),
            _ => legal.to_vec(),
        };
        let config = Config {
            layouts: self.config.layouts * 4,
            ..self.config
        };
        let seed = self.rng.next_u64();
        let seat = view.seat;
        judge_before_play(
            &candidates,
            &config,
            // No card played yet to weigh.
            |k| layout(view, legal, false, &mut DealRng::derive(seed, k)),
            |deal: &Deal, a| {
                let end = play_out(deal, a);
                (end.value(seat), end.events(seat))
            },
        )
    }

    /// The action and why: from the search, or (`Err`) from level 1 where level 2 does not
    /// search (before the play without [`Config::before_play`], a single legal action, no
    /// layout found).
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
        crate::level2::decision(self.advise(view, legal))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Solver;
    use tarok_danish::Preset;

    /// Every card-play decision of level-1 self-play over `deals` deals of each preset: the
    /// real deal, the seat to act, its view and legal actions.
    fn decisions(deals: u64) -> Vec<(Deal, View, Vec<Action>)> {
        let mut out = Vec::new();
        for preset in [Preset::Dtf2011, Preset::Hjoerring2016, Preset::Moeller] {
            for seed in 0..deals {
                let mut d = Deal::from_seed(preset.ruleset(), seed);
                let mut legal = Vec::new();
                while let Some(s) = d.current_player() {
                    if let Some(f) = d.forced_action() {
                        d.apply(f).unwrap();
                        continue;
                    }
                    Game::legal_into(&d, &mut legal);
                    let view = d.view(s);
                    if matches!(d.phase(), Phase::Play | Phase::Demand { .. }) {
                        out.push((d, view.clone(), legal.clone()));
                    }
                    d.apply(advise(&view, &legal).0).unwrap();
                }
            }
        }
        out
    }

    /// The sampler must never rule out the real deal: its hands satisfy the voids, and the
    /// rebuilt deal from the real hands passes every check.
    #[test]
    fn the_real_deal_is_always_a_possible_layout() {
        for (d, view, _) in decisions(12) {
            let voids = shown_voids(&view);
            for s in 0..3 {
                assert!(
                    (d.hand(s) & voids[s as usize]).is_empty(),
                    "seat {s} holds a card it showed it lacks: {}",
                    tarok_danish::position::write(&d, None)
                );
            }
            let hands = [d.hand(0), d.hand(1), d.hand(2)];
            let rebuilt = rebuild(&view, hands, d.skat(), &played_by(&view), None)
                .expect("the real deal rebuilds");
            assert_eq!(rebuilt.key(), d.key());
        }
    }

    /// Weighing the layouts by the other seats' cards played, under level 1 (which plays
    /// them here), puts more of the hidden cards in the hand that holds them.
    #[test]
    fn inference_from_the_play_places_more_cards_right() {
        let mid_deal = decisions(3)
            .into_iter()
            .filter(|(_, v, _)| v.phase == Phase::Play && (6..=20).contains(&v.tricks.len()));
        let hands = |d: &Deal| [d.hand(0), d.hand(1), d.hand(2)];
        let mut placed = crate::level2::Placement::default();
        for (k, (real, view, legal)) in mid_deal.enumerate().step_by(3) {
            for j in 0..4 {
                let drawn = [false, true].map(|infer| {
                    layout(&view, &legal, infer, &mut DealRng::derive(k as u64, j))
                        .map(|l| hands(&l))
                });
                placed.add(hands(&real), drawn, view.seat);
            }
        }
        placed.assert_helps();
    }

    /// Every layout shows the seat exactly its view, and the same legal actions.
    #[test]
    fn layouts_fit_what_the_seat_has_seen() {
        let all = decisions(4);
        let mut found = 0;
        for (k, (_, view, legal)) in all.iter().enumerate() {
            let mut rng = DealRng::seed(k as u64);
            if let Some(l) = layout(view, legal, false, &mut rng) {
                found += 1;
                assert_eq!(&l.view(view.seat), view);
                let mut mine = Vec::new();
                Game::legal_into(&l, &mut mine);
                assert_eq!(&mine, legal);
            }
        }
        assert_eq!(found, all.len(), "every decision finds a layout");
    }

    /// Paranoid minimax over every legal action, with no table and no equivalent cards.
    fn plain(d: &Deal, seat: Seat) -> i32 {
        let Some(s) = d.current_player() else {
            return d.value(seat);
        };
        let mut legal = Vec::new();
        Game::legal_into(d, &mut legal);
        let values = legal.iter().map(|&a| {
            let mut c = *d;
            c.apply(a).unwrap();
            plain(&c, seat)
        });
        if s == seat {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    /// The table, the move ordering and the equivalent cards change nothing but the speed.
    #[test]
    fn the_solver_agrees_with_plain_minimax() {
        let mut checked = 0;
        for (d, view, _) in decisions(6) {
            if d.tricks_left() > 3 || d.trick_no() < 23 {
                continue;
            }
            let mut solver = Solver::new();
            assert_eq!(
                solver.solve(&d, view.seat),
                plain(&d, view.seat),
                "{}",
                tarok_danish::position::write(&d, None)
            );
            checked += 1;
        }
        assert!(checked > 50, "{checked} positions");
    }

    /// Every decision before the play over `deals` deals of each preset, from level-1
    /// decisions: the real deal, its view and legal actions. The redeal question is asked
    /// (with a choice) of a seat without numbered trumps, which random deals almost never
    /// give, so every other deal gives `asked` such a hand.
    fn decisions_before_play(deals: u64, asked: Seat) -> Vec<(Deal, View, Vec<Action>)> {
        let mut out = Vec::new();
        for preset in [Preset::Dtf2011, Preset::Hjoerring2016, Preset::Moeller] {
            for seed in 0..deals {
                let mut d = Deal::from_seed(preset.ruleset(), seed);
                if seed % 2 == 1 {
                    let pack = tarok_core::shuffled(CardSet::PACK78, seed);
                    let plain: CardSet = pack
                        .iter()
                        .copied()
                        .filter(|c| c.trump_number().is_none())
                        .take(if asked == DEALER { 28 } else { 25 })
                        .collect();
                    let mut rest = (CardSet::PACK78 - plain).iter();
                    let hands: [CardSet; 3] = std::array::from_fn(|s| {
                        if s == asked as usize {
                            plain
                        } else {
                            let n = if s == DEALER as usize { 28 } else { 25 };
                            rest.by_ref().take(n).collect()
                        }
                    });
                    d = Deal::new(preset.ruleset(), &deck(hands), Default::default());
                }
                let mut legal = Vec::new();
                while let Some(s) = d.current_player() {
                    if let Some(f) = d.forced_action() {
                        d.apply(f).unwrap();
                        continue;
                    }
                    if !matches!(d.phase(), Phase::Redeal | Phase::Skat) {
                        break;
                    }
                    Game::legal_into(&d, &mut legal);
                    let view = d.view(s);
                    out.push((d, view.clone(), legal.clone()));
                    // Keep the hand, to reach the skat.
                    let a = if d.phase() == Phase::Redeal {
                        Action::Keep
                    } else {
                        advise(&view, &legal).0
                    };
                    d.apply(a).unwrap();
                }
            }
        }
        out
    }

    /// At the redeal question and the skat, the real deal rebuilds and every layout shows the
    /// seat exactly its view and legal actions.
    #[test]
    fn the_real_deal_is_a_possible_layout_before_the_play() {
        let all = decisions_before_play(30, 1);
        let skats = all
            .iter()
            .filter(|(d, ..)| d.phase() == Phase::Skat)
            .count();
        let redeals = all
            .iter()
            .filter(|(d, ..)| d.phase() == Phase::Redeal)
            .count();
        assert!(
            skats >= 80 && redeals >= 20,
            "{skats} skats, {redeals} redeals"
        );
        for (k, (d, view, legal)) in all.iter().enumerate() {
            let hands = [d.hand(0), d.hand(1), d.hand(2)];
            let none = [CardSet::EMPTY; 3];
            let rebuilt = rebuild(view, hands, CardSet::EMPTY, &none, None).expect("the real deal");
            assert_eq!(rebuilt.key(), d.key());
            assert_eq!(rebuilt.phase(), d.phase());
            let mut mine = Vec::new();
            Game::legal_into(&rebuilt, &mut mine);
            assert_eq!(&mine, legal);
            let l = layout(view, legal, false, &mut DealRng::seed(k as u64)).expect("a layout");
            assert_eq!(&l.view(view.seat), view);
            assert_eq!(l.hand(view.seat), view.hand);
        }
    }

    fn searching(before_play: bool, seed: u64) -> DanishL2 {
        let config = Config {
            layouts: 6,
            before_play,
            ..Config::standard(5, std::time::Duration::from_secs(600))
        };
        DanishL2::new(config, seed)
    }

    /// Without `before_play` the redeal question and the skat are level 1's; with it, they
    /// are searched.
    #[test]
    fn before_play_off_decides_as_level_1() {
        for (_, view, legal) in decisions_before_play(6, 2) {
            if legal.len() < 2 {
                continue;
            }
            let l1 = advise(&view, &legal).0;
            assert_eq!(searching(false, 1).decide(&view, &legal).action, l1);
            assert!(searching(false, 1).judge(&view, &legal).is_none());
            assert!(searching(true, 1).judge(&view, &legal).is_some());
        }
    }

    /// A decision before the play is the same for the same seed.
    #[test]
    fn decisions_before_the_play_are_fixed_by_the_seed() {
        for (_, view, legal) in decisions_before_play(4, 0) {
            if legal.len() < 2 {
                continue;
            }
            let a = searching(true, 7).judge(&view, &legal).unwrap();
            let b = searching(true, 7).judge(&view, &legal).unwrap();
            assert_eq!(a, b);
        }
    }

    /// The pruned skats: level 1's first, then others, all legal and distinct.
    #[test]
    fn skat_candidates_are_legal_and_include_level_1() {
        let mut seen = 0;
        for (_, view, legal) in decisions_before_play(40, 0) {
            if view.phase != Phase::Skat {
                continue;
            }
            seen += 1;
            let c = skat_candidates(&view, &legal);
            assert_eq!(c[0], advise(&view, &legal).0);
            assert_eq!(c.len(), SKAT_CANDIDATES.min(legal.len()));
            for (i, a) in c.iter().enumerate() {
                assert!(legal.contains(a), "{a} is not legal");
                assert!(!c[..i].contains(a), "{a} twice");
            }
        }
        assert!(seen >= 100, "{seen} skats");
    }

    /// Two dk-dtf-2011 hands (deals 9 and 29) where level 1 lays court cards for their points
    /// (KD, KC; SD), which the experts warn promotes the others' lower cards (000
    /// L1495-1498): over the play-outs, by every seed tried, level 2 keeps them, and level 1's
    /// skat gives away more than 5 points a deal (the margins found were about 25).
    #[test]
    fn level_2_keeps_the_court_cards_that_level_1_lays_for_points() {
        for deal in [9, 29] {
            let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), deal);
            while d.phase() == Phase::Redeal {
                d.apply(Action::Keep).unwrap();
            }
            let mut legal = Vec::new();
            Game::legal_into(&d, &mut legal);
            let view = d.view(DEALER);
            let court = |a: Action| match a {
                Action::Discard(s) => s
                    .iter()
                    .filter(|c| !c.is_trump() && card_points(*c) > 1)
                    .count(),
                _ => unreachable!(),
            };
            let l1 = advise(&view, &legal).0;
            assert!(court(l1) >= 1, "level 1 lays {l1}");
            for seed in 0..3 {
                // No thinking-time bound: the layouts are fixed by the seed on a busy machine too.
                let think = std::time::Duration::from_secs(600);
                let v = DanishL2::thinking(think, seed)
                    .judge(&view, &legal)
                    .unwrap();
                let best = &v.moves[0];
                let mean_l1 = v.moves.iter().find(|m| m.action == l1).unwrap().mean;
                println!(
                    "deal {deal} seed {seed}: {} {:.1} against {l1} {:.1}",
                    best.action,
                    best.mean / 3.0,
                    mean_l1 / 3.0
                );
                assert_eq!(
                    court(best.action),
                    0,
                    "deal {deal} seed {seed}: {}",
                    best.action
                );
                assert!(best.mean - mean_l1 > 5.0 * 3.0, "deal {deal} seed {seed}");
            }
        }
    }

    #[test]
    fn equivalent_cards_are_those_nothing_separates() {
        let hand = CardSet::parse("S2,S3,S5,SK,T2,T3,T21").unwrap();
        let c = |s: &str| s.parse::<Card>().unwrap();
        // S4 with another player splits S3 from S5; nothing splits S2 from S3.
        let others = CardSet::parse("S4,T5").unwrap();
        assert_eq!(equivalent_above(c("S2"), hand, others), Some(c("S3")));
        assert_eq!(equivalent_above(c("S3"), hand, others), None);
        // Different points: never the same.
        assert_eq!(equivalent_above(c("S5"), hand, CardSet::EMPTY), None);
        assert_eq!(equivalent_above(c("T2"), hand, others), Some(c("T3")));
        // T21 is an ultimo card... of its own (4 points, the highest trump).
        assert_eq!(equivalent_above(c("T3"), hand, others), None);
    }
}

#[cfg(test)]
mod uniform {
    use super::*;
    use tarok_danish::Preset;

    /// Every way to give the unseen cards to the other seats and the skat that rebuilds to
    /// the seat's view, against the layouts drawn: the total variation distance between the
    /// drawn layouts and the uniform choice among the possible ones.
    #[test]
    fn sampling_is_close_to_uniform() {
        let mut distances = Vec::new();
        for seed in 0..6 {
            let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
            let mut legal = Vec::new();
            // Trick 23, a seat other than the dealer to lead: 3 cards each, the skat hidden.
            while let Some(s) = d.current_player() {
                Game::legal_into(&d, &mut legal);
                if d.trick_no() == 23
                    && d.phase() == Phase::Play
                    && d.trick().n == 0
                    && s != DEALER
                    && legal.len() > 1
                {
                    break;
                }
                let a = d
                    .forced_action()
                    .unwrap_or_else(|| advise(&d.view(s), &legal).0);
                d.apply(a).unwrap();
            }
            if d.trick_no() != 23 || d.phase() != Phase::Play {
                continue;
            }
            let view = d.view(d.current_player().unwrap());
            let played = played_by(&view);
            let me = view.seat;
            let others: Vec<Seat> = (0..3).filter(|&s| s != me).collect();
            let hidden: Vec<Card> = (d.hand(others[0]) | d.hand(others[1]) | d.skat())
                .iter()
                .collect();
            // All ways: each hidden card to holder 0, 1 or 2 (the skat) with the right sizes.
            let mut possible = std::collections::HashMap::new();
            for code in 0..3u32.pow(hidden.len() as u32) {
                let mut parts = [CardSet::EMPTY; 3];
                let mut c = code;
                for &card in &hidden {
                    parts[(c % 3) as usize].insert(card);
                    c /= 3;
                }
                if parts[0].len() != d.hand(others[0]).len()
                    || parts[1].len() != d.hand(others[1]).len()
                {
                    continue;
                }
                let mut hands = [CardSet::EMPTY; 3];
                hands[me as usize] = view.hand;
                hands[others[0] as usize] = parts[0];
                hands[others[1] as usize] = parts[1];
                if let Some(l) = rebuild(&view, hands, parts[2], &played, None) {
                    let mut mine = Vec::new();
                    Game::legal_into(&l, &mut mine);
                    if mine == legal {
                        possible.insert((parts[0], parts[1]), 0u32);
                    }
                }
            }
            let draws = 6000;
            let mut rng = DealRng::seed(seed);
            for _ in 0..draws {
                let l = layout(&view, &legal, false, &mut rng).expect("a layout");
                *possible
                    .get_mut(&(l.hand(others[0]), l.hand(others[1])))
                    .expect("a drawn layout is a possible one") += 1;
            }
            let counts = possible.values().map(|&k| k as f64);
            let tv = crate::level2::distance_from_uniform(counts, draws as f64);
            distances.push((possible.len(), tv));
        }
        println!("possible layouts and total variation distance: {distances:?}");
        assert!(distances.len() >= 3);
        // With 6,000 draws over at most 1,680 layouts, sampling noise alone stays below 0.1.
        for (n, tv) in distances {
            assert!(tv < 0.15, "{n} layouts, distance {tv}");
        }
    }
}
