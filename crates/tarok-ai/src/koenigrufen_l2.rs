//! Level 2 for Königrufen: the card play of all 14 contracts by search over layouts
//! ([`crate::level2`]); bidding, king call, talon, announcements and Kontra as level 1.
//!
//! A layout is built the way the deal itself was: the unseen cards given to the other hands,
//! the face-down discard and an untouched talon ([`crate::layouts`]), the deck dealt by the
//! engine and the whole public log replayed, the hidden discard and an unnamed "fourth king"
//! filled in from the layout. It is kept only if the seat's view of it is exactly its real view
//! and the seat has the same legal actions in it. Once the layout fixes who holds the called
//! king, the parties are known: the declarer's party plays against the rest (Trischaken: every
//! seat for itself, the paranoid reduction of `search.rs`).

use crate::bot::{Bot, Decision};
use crate::koenigrufen::advise;
use crate::level2::{events, judge, Config, Outcome, SearchWhy, Verdict};
use crate::search::{mix, Moves, Solvable};
use std::sync::Arc;
use tarok_core::{Balances, Card, CardSet, DealRng, Game, Seat};
use tarok_koenigrufen::cards::{follow_mask, value, TAROCK, TRULL};
use tarok_koenigrufen::contract::TalonUse;
use tarok_koenigrufen::play::PlayState;
use tarok_koenigrufen::scoring::settle_with;
use tarok_koenigrufen::{Action, Contract, Deal, Phase, View};

/// A layout during the search: the card play, and the layout's deal at the decision (with its
/// history, from which level 1's play-outs see their views). The card play changes nothing
/// else of the deal's state: the contract, the parties and the announcements the settlement
/// needs are the decision's.
#[derive(Clone)]
pub struct Layout {
    play: PlayState,
    deal: Arc<Deal>,
    /// Where the cards lie ([`placement`]), kept up to date move by move.
    placement: u64,
}

/// A random word for each card (by id) in each place: the four hands, the four seats' won
/// cards, the current trick (splitmix64 from a fixed seed).
const ZOBRIST: [[u64; 78]; 9] = {
    let mut t = [[0u64; 78]; 9];
    let mut x = 0x7a72_6f62_6973_7421u64;
    let mut p = 0;
    while p < 9 {
        let mut c = 0;
        while c < 78 {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            t[p][c] = z ^ (z >> 31);
            c += 1;
        }
        p += 1;
    }
    t
};

/// The cards' places as a Zobrist hash: the hands, the cards each seat has won, the current
/// trick (a finished trick is in its winner's cards), and the trick each card with a role of
/// its own ([`special`]) fell in (the Trull, the birds and the kings are paid by the trick they
/// fell in: the ultimo premiums, Valat).
fn placement(p: &PlayState) -> u64 {
    let mut h = 0;
    for s in 0..4 {
        for c in p.hands[s].iter() {
            h ^= ZOBRIST[s][c.index() as usize];
        }
        for c in p.taken[s].iter() {
            h ^= ZOBRIST[4 + s][c.index() as usize];
        }
    }
    for c in trick(p).iter() {
        h ^= ZOBRIST[8][c.index() as usize];
    }
    for (i, &c) in p.cards[..p.played as usize].iter().enumerate() {
        h ^= special_at(c, i);
    }
    h
}

/// The cards of the current trick (the engine keeps a finished trick's until the next lead).
fn trick(p: &PlayState) -> CardSet {
    if p.played.is_multiple_of(4) {
        CardSet::EMPTY
    } else {
        p.trick_set
    }
}

/// The word for a card played as the `i`th card of the play: its own if the card has a role of
/// its own ([`special`]), else 0.
fn special_at(c: Card, i: usize) -> u64 {
    if special(c) {
        mix(
            0x0053_5045_4349_414c_u64,
            (c.index() as u64) << 8 | i as u64,
        )
    } else {
        0
    }
}

impl Layout {
    /// The layout of `deal` (in the card play) at the card play `play`.
    fn new(play: PlayState, deal: Arc<Deal>) -> Layout {
        Layout {
            placement: placement(&play),
            play,
            deal,
        }
    }

    /// The deal at the decision.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }
}

/// A whole deal as a layout (every hand known): for benchmarks and tests of the solver.
pub fn layout_of(deal: &Deal) -> Layout {
    Layout::new(*deal.state().play(), Arc::new(deal.clone()))
}

impl Solvable for Layout {
    type Move = Card;

    fn to_move(&self) -> Option<Seat> {
        (!self.play.is_over()).then(|| self.play.to_act())
    }

    fn seat_count(&self) -> u8 {
        4
    }

    fn search_moves(&self, out: &mut Moves<Card>) {
        out.clear();
        let p = &self.play;
        let legal = p.legal_cards();
        if legal.len() == 1 {
            out.extend(legal.iter());
            return;
        }
        let seat = p.to_act();
        let mut others = trick(p);
        for s in 0..4 {
            if s != seat {
                others |= p.hands[s as usize];
            }
        }
        for c in legal.iter() {
            if equivalent_above(c, p.hands[seat as usize], others)
                .is_some_and(|n| legal.contains(n))
            {
                continue;
            }
            out.push(c);
        }
        // High cards first: the suits' kings and high tarocks take tricks, and cut off the
        // search sooner (four times fewer positions at five tricks left than low cards first).
        out.reverse();
    }

    fn play(&mut self, card: Card) {
        let p = &self.play;
        let (seat, before, i) = (p.to_act() as usize, trick(p), p.played as usize);
        self.play.play_unchecked(card);
        // The placement hash follows the card from the hand to the trick, and at the end of a
        // trick the trick to its winner's cards (the winner leads the next).
        let p = &self.play;
        let k = card.index() as usize;
        let mut h = self.placement ^ special_at(card, i) ^ ZOBRIST[seat][k];
        if p.played.is_multiple_of(4) {
            let w = 4 + p.leader as usize;
            h ^= ZOBRIST[w][k];
            for c in before.iter() {
                h ^= ZOBRIST[8][c.index() as usize] ^ ZOBRIST[w][c.index() as usize];
            }
        } else {
            h ^= ZOBRIST[8][k];
        }
        self.placement = h;
        debug_assert_eq!(h, placement(&self.play));
    }

    fn value(&self, seat: Seat) -> i32 {
        let mut b = Balances::default();
        settle_with(self.deal.state(), &self.play, &mut b);
        b.players[seat as usize] * 4 + b.cups.iter().sum::<i32>()
    }

    fn party(&self, seat: Seat) -> u8 {
        let state = self.deal.state();
        if state.contract() == Some(Contract::Trischaken) {
            return 1 << seat;
        }
        // The holder of the called king is the partner, known to the layout from the start
        // (the engine learns it only when the king is played).
        let mut declarers = state.declarers();
        if let Some(k) = state.called_king() {
            for s in 0..4 {
                if state.dealt(s).contains(k) {
                    declarers |= 1 << s;
                }
            }
        }
        if declarers & (1 << seat) != 0 {
            declarers
        } else {
            0b1111 & !declarers
        }
    }

    fn key(&self) -> u64 {
        let p = &self.play;
        let h = mix(self.placement, p.bird_guard.bits() as u64);
        mix(
            h,
            p.leader as u64
                | (p.played as u64) << 8
                | (p.early_end as u64) << 16
                | (p.decided as u64) << 17
                | u64::from_le_bytes([
                    p.tricks_won[0],
                    p.tricks_won[1],
                    p.tricks_won[2],
                    p.tricks_won[3],
                    0,
                    0,
                    0,
                    0,
                ]) << 24,
        )
    }

    fn tricks_left(&self) -> u8 {
        if self.play.is_over() {
            0
        } else {
            12 - self.play.tricks_done()
        }
    }
}

/// Cards with a role beyond their rank: the Trull, the birds (II, III, IIII) and the kings.
fn special(c: Card) -> bool {
    SPECIAL.contains(c)
}

/// The cards of [`special`].
const SPECIAL: CardSet = TRULL
    .union(CardSet::KINGS)
    .union(CardSet::single(Card::trump(2)))
    .union(CardSet::single(Card::trump(3)))
    .union(CardSet::single(Card::trump(4)));

/// The next card above `c` in `hand` if the two are equivalent: same suit (or both tarocks),
/// no card of `others` between them, the same points, and neither with a role of its own.
fn equivalent_above(c: Card, hand: CardSet, others: CardSet) -> Option<Card> {
    if special(c) {
        return None;
    }
    let above = CardSet::from_bits(!((2u128 << c.index()) - 1)) & follow_mask(c);
    let next = (hand & above).lowest()?;
    let between = above & CardSet::from_bits((1u128 << next.index()) - 1);
    ((others & between).is_empty() && value(next) == value(c) && !special(next)).then_some(next)
}

/// The cards each seat has played.
fn played_by(view: &View) -> [CardSet; 4] {
    let mut p = [CardSet::EMPTY; 4];
    for t in &view.tricks {
        for (i, &c) in t.cards.iter().enumerate() {
            p[(t.leader as usize + i) % 4].insert(c);
        }
    }
    p
}

/// The cards each seat has shown it lacks: a suit it did not follow, and the tarocks when it
/// neither followed nor played a tarock (§12.1; so too in a colour game, where a tarock lead
/// also shows a hand without suit cards, §12.3).
fn shown_voids(view: &View) -> [CardSet; 4] {
    let colour = view.contract.is_some_and(|c| c.is_colour());
    let mut void = [CardSet::EMPTY; 4];
    for t in &view.tricks {
        let Some(&first) = t.cards.first() else {
            continue;
        };
        let led = follow_mask(first);
        // In a colour game tarock may be led only by a hand without suit cards (§12.3).
        if colour && TAROCK.contains(first) {
            void[t.leader as usize] |= CardSet::PACK54 - TAROCK;
        }
        for (i, &c) in t.cards.iter().enumerate().skip(1) {
            let s = (t.leader as usize + i) % 4;
            if !led.contains(c) {
                void[s] |= led;
                if !TAROCK.contains(c) {
                    void[s] |= TAROCK;
                }
            }
        }
    }
    void
}

/// Tries to draw a layout this many times before giving up on a decision.
const TRIES: u32 = 3000;

/// A layout that fits `view` and gives the seat the actions `legal`; `None` if none was found.
pub fn layout(view: &View, legal: &[Action], rng: &mut DealRng) -> Option<Layout> {
    let me = view.seat;
    let contract = view.contract?;
    let played = played_by(view);
    let voids = shown_voids(view);
    let talon_seat = talon_seat(view);
    let hidden_king = view.fourth_king && view.called_king.is_none();
    let hidden_discards =
        view.log.iter().filter(|(_, a)| a.is_none()).count() as u32 - hidden_king as u32;
    let open = view.open_hands.unwrap_or_default();
    let mut known = view.hand | view.shown_discard | view.own_discard.unwrap_or_default();
    for s in 0..4 {
        known |= played[s] | open[s];
    }
    // The half the declarer took went into his hand: a card of it not seen since may still be
    // in his hand or in his face-down discard.
    let mut taken = CardSet::EMPTY;
    if let Some(t) = view.talon {
        if let (Some(h), Some(d)) = (view.half_taken, talon_seat) {
            if d != me {
                taken = t[h as usize] - known;
            }
        }
        known |= (t[0] | t[1]) - taken;
    }
    for (_, a) in &view.log {
        if let Some(Action::Discard(c)) = a {
            known.insert(*c);
        }
    }
    let unseen = CardSet::PACK54 - known;
    // Holders: the other seats' hands, the face-down discard, an untouched unseen talon.
    let others: Vec<Seat> = (0..4).filter(|&s| s != me).collect();
    let mut room: Vec<u32> = others
        .iter()
        .map(|&s| view.hand_sizes[s as usize] as u32 - open[s as usize].len())
        .collect();
    room.push(hidden_discards);
    let talon_unseen = view.talon.is_none() && contract.talon_use() == TalonUse::None;
    room.push(if talon_unseen { 6 } else { 0 });
    let cards: Vec<(Card, u8)> = unseen
        .iter()
        .map(|c| {
            let mut mask = 0u8;
            for (h, &s) in others.iter().enumerate() {
                if !voids[s as usize].contains(c) {
                    mask |= 1 << h;
                }
            }
            // A face-down discard holds no king; in tarock games no tarock (those are laid face
            // up), in colour games only tarocks, never a Trull card (§8.1, §8.2).
            let face_down = if contract.is_colour() {
                TAROCK.contains(c) && !TRULL.contains(c)
            } else {
                !TAROCK.contains(c) && !c.is_king()
            };
            if face_down {
                mask |= 1 << 3;
            }
            mask |= 1 << 4;
            if taken.contains(c) {
                let d = others.iter().position(|&s| Some(s) == talon_seat);
                mask &= (1 << 3) | d.map_or(0, |d| 1 << d);
            }
            (c, mask)
        })
        .collect();
    for _ in 0..TRIES {
        let dealt = crate::layouts::deal(&cards, &room, rng)?;
        let mut hands = [CardSet::EMPTY; 4];
        hands[me as usize] = view.hand;
        for (h, &s) in others.iter().enumerate() {
            hands[s as usize] = dealt[h] | open[s as usize];
        }
        if let Some(deal) = rebuild(view, hands, dealt[3], dealt[4], talon_seat, &played, rng) {
            let mut mine = Vec::new();
            Game::legal_into(&deal, &mut mine);
            if mine.len() == legal.len() && legal.iter().all(|a| mine.contains(a)) {
                return Some(Layout::new(*deal.state().play(), Arc::new(deal)));
            }
        }
    }
    None
}

/// The declarer who handled the talon: the seat of the talon actions in the log.
fn talon_seat(view: &View) -> Option<Seat> {
    view.log
        .iter()
        .find(|(_, a)| {
            matches!(
                a,
                Some(Action::TakeHalf(_)) | Some(Action::Discard(_)) | None
            )
        })
        .map(|&(s, _)| s)
}

/// The deal with these hands, hidden discard and unseen talon, dealt and its log replayed, if
/// the seat's view of it is its real view.
fn rebuild(
    view: &View,
    hands: [CardSet; 4],
    hidden_discard: CardSet,
    unseen_talon: CardSet,
    talon_seat: Option<Seat>,
    played: &[CardSet; 4],
    rng: &mut DealRng,
) -> Option<Deal> {
    let contract = view.contract?;
    let mut dealt: [CardSet; 4] = std::array::from_fn(|s| hands[s] | played[s]);
    let mut log_discard = CardSet::EMPTY;
    for (_, a) in &view.log {
        if let Some(Action::Discard(c)) = a {
            log_discard.insert(*c);
        }
    }
    let discard = view.own_discard.unwrap_or(log_discard | hidden_discard);
    let talon: [CardSet; 2] = match (contract.talon_use(), view.talon, talon_seat) {
        (TalonUse::None, Some(t), _) => t,
        (TalonUse::None, None, _) => split(unseen_talon),
        (TalonUse::ThreeOpen, Some(t), Some(d)) => {
            let taken = t[view.half_taken? as usize];
            dealt[d as usize] = (dealt[d as usize] | discard) - taken;
            t
        }
        (TalonUse::SixHidden, _, Some(d)) => {
            // Six of the declarer's cards came from the talon: any six not yet dealt to him
            // fit the view (which of them does not change the rest of the deal).
            let pool = dealt[d as usize] | discard;
            let mut cards: Vec<Card> = pool.iter().collect();
            rng.shuffle(&mut cards);
            let t: CardSet = cards[..6].iter().copied().collect();
            dealt[d as usize] = pool - t;
            split(t)
        }
        _ => return None,
    };
    // The deck: 6 cards to each seat from the Vorhand on, the talon halves, 6 more each.
    let mut rest: [Vec<Card>; 4] = std::array::from_fn(|s| dealt[s].iter().collect());
    let mut deck = Vec::with_capacity(54);
    for round in 0..2 {
        for k in 0..4 {
            let s = (view.vorhand as usize + k) % 4;
            deck.extend(rest[s].drain(..6.min(rest[s].len())));
        }
        if round == 0 {
            deck.extend(talon[0].iter());
            deck.extend(talon[1].iter());
        }
    }
    let mut deal = Deal::from_deck(view.ruleset, deck, view.dealer).ok()?;
    let mut hidden = hidden_discard.iter();
    for &(_, a) in &view.log {
        let action = match a {
            Some(a) => a,
            None if deal.state().phase() == Phase::KingCall => {
                // The "fourth king": the one the declarer was not dealt.
                let d = deal.state().declarer();
                let king = (CardSet::KINGS - dealt[d as usize]).lowest()?;
                Action::CallKing(king)
            }
            None => Action::Discard(hidden.next()?),
        };
        deal.apply(action).ok()?;
    }
    (deal.view(view.seat) == *view).then_some(deal)
}

/// A talon of six as its two halves.
fn split(t: CardSet) -> [CardSet; 2] {
    let cards: Vec<Card> = t.iter().collect();
    [
        cards[..3.min(cards.len())].iter().copied().collect(),
        cards[3.min(cards.len())..].iter().copied().collect(),
    ]
}

/// Plays `card` and the rest of the layout with level 1 for every seat.
fn play_out(layout: &Layout, card: Card) -> Layout {
    let mut deal = (*layout.deal).clone();
    deal.apply(Action::Play(card)).expect("a legal card");
    let mut legal = Vec::new();
    while let Some(s) = Game::to_act(&deal) {
        Game::legal_into(&deal, &mut legal);
        let (a, _) = advise(&deal.view(s), &legal);
        deal.apply(a).expect("level 1 plays legal actions");
    }
    Layout::new(*deal.state().play(), layout.deal.clone())
}

impl Outcome for Layout {
    fn events(&self, seat: Seat) -> u8 {
        let p = &self.play;
        let tricks = (0..p.played as usize / 4)
            .map(|t| (p.leaders[t], &p.cards[4 * t..4 * t + 4], p.winners[t]));
        events(tricks, 4, self.party(seat))
    }
}

/// Level 2 for Königrufen.
pub struct KoenigrufenL2 {
    config: Config,
    rng: DealRng,
}

impl KoenigrufenL2 {
    pub fn new(config: Config, seed: u64) -> KoenigrufenL2 {
        KoenigrufenL2 {
            config,
            rng: DealRng::seed(seed),
        }
    }

    /// Level 2 thinking at most `think` a decision: exact from the last five tricks.
    pub fn thinking(think: std::time::Duration, seed: u64) -> KoenigrufenL2 {
        KoenigrufenL2::new(Config::standard(5, think), seed)
    }

    /// Judges every card of a card-play decision; `None` elsewhere or when no layout fits.
    pub fn judge(&mut self, view: &View, legal: &[Action]) -> Option<Verdict<Card>> {
        if view.phase != Phase::Play {
            return None;
        }
        let cards: Vec<Card> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        let seed = self.rng.next_u64();
        judge(
            view.seat,
            &cards,
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
    ) -> Result<(Action, SearchWhy<Action>), (Action, crate::koenigrufen::Why)> {
        match (legal.len() > 1).then(|| self.judge(view, legal)).flatten() {
            // A point is 4 units (a pool would be shared among the four seats).
            Some(v) => {
                let w = SearchWhy::of(&v, 4.0).map(Action::Play);
                Ok((w.action, w))
            }
            None => Err(advise(view, legal)),
        }
    }
}

impl Bot<View, Action> for KoenigrufenL2 {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Decision<Action> {
        crate::level2::decision(self.advise(view, legal))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarok_koenigrufen::Ruleset;

    /// Every card-play decision of `deals` deals: the real deal, the seat's view and legal
    /// actions. Level 1 plays the cards; in every other deal the bidding, talon and
    /// announcements are random, so that every contract comes up (level 1 bids few).
    pub(super) fn decisions(deals: u64) -> Vec<(Deal, View, Vec<Action>)> {
        let mut out = Vec::new();
        let mut contracts = std::collections::BTreeSet::new();
        for seed in 0..deals {
            let mut d = Deal::from_seed(Ruleset::spieleversum(), seed, (seed % 4) as u8);
            let mut rng = DealRng::seed(seed);
            let mut legal = Vec::new();
            while let Some(s) = Game::to_act(&d) {
                Game::legal_into(&d, &mut legal);
                let view = d.view(s);
                let a = if d.state().phase() == Phase::Play {
                    out.push((d.clone(), view.clone(), legal.clone()));
                    advise(&view, &legal).0
                } else if seed % 2 == 1 {
                    // Each deal aims at one contract, so that every contract comes up: bid it
                    // when it may be bid, else pass, else anything.
                    use tarok_koenigrufen::Call;
                    let target = Contract::ALL[(seed / 2 % 14) as usize];
                    let wanted = [Action::Call(Call::Bid(target)), Action::Call(Call::Pass)];
                    wanted
                        .into_iter()
                        .find(|a| legal.contains(a))
                        .unwrap_or_else(|| legal[rng.below(legal.len() as u32) as usize])
                } else {
                    advise(&view, &legal).0
                };
                d.apply(a).unwrap();
            }
            contracts.extend(d.state().contract().map(|c| c as u8));
        }
        assert!(
            deals < 100 || contracts.len() >= 12,
            "contracts played: {contracts:?}"
        );
        out
    }

    /// The real deal always fits: its hands satisfy the shown voids and it rebuilds.
    #[test]
    fn the_real_deal_is_always_a_possible_layout() {
        let all = decisions(200);
        assert!(all.len() > 1000);
        for (d, view, _) in all {
            let s = d.state();
            let voids = shown_voids(&view);
            for seat in 0..4 {
                assert!((s.hand(seat) & voids[seat as usize]).is_empty());
            }
            let hands = [0, 1, 2, 3].map(|x| s.hand(x));
            let hidden = s.discard() - view.shown_discard - view.own_discard.unwrap_or_default();
            let talon =
                if view.talon.is_none() && view.contract.unwrap().talon_use() == TalonUse::None {
                    s.talon()[0] | s.talon()[1]
                } else {
                    CardSet::EMPTY
                };
            let seat = talon_seat(&view);
            let rebuilt = rebuild(
                &view,
                hands,
                if view.own_discard.is_some() {
                    CardSet::EMPTY
                } else {
                    hidden
                },
                talon,
                seat,
                &played_by(&view),
                &mut DealRng::seed(1),
            );
            assert!(rebuilt.is_some(), "{:?} {:?}", view.contract, view.log);
        }
    }

    /// Every decision finds layouts, and each shows the seat its view and legal actions.
    #[test]
    fn layouts_fit_what_the_seat_has_seen() {
        let all = decisions(120);
        let mut found = 0;
        for (k, (_, view, legal)) in all.iter().enumerate() {
            if let Some(l) = layout(view, legal, &mut DealRng::seed(k as u64)) {
                found += 1;
                assert_eq!(&l.deal().view(view.seat), view);
            } else {
                eprintln!("no layout: {:?} {:?}", view.contract, view.tricks.len());
            }
        }
        assert_eq!(found, all.len(), "every decision finds a layout");
    }

    /// Minimax for the seat's party over every legal card, with no table and no equivalent
    /// cards.
    fn plain(l: &Layout, seat: Seat) -> i32 {
        let Some(s) = l.to_move() else {
            return l.value(seat);
        };
        let legal = l.play.legal_cards();
        let values = legal.iter().map(|c| {
            let mut x = l.clone();
            x.play(c);
            // The placement hash kept move by move is the one computed afresh.
            assert_eq!(x.placement, placement(&x.play));
            plain(&x, seat)
        });
        if l.party(seat) & (1 << s) != 0 {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    /// The table, the move ordering and the equivalent cards change nothing but the speed,
    /// in every contract.
    #[test]
    fn the_solver_agrees_with_plain_minimax() {
        let mut checked = 0;
        for (d, view, _) in decisions(120) {
            let l = layout_of(&d);
            if l.tricks_left() > 3 {
                continue;
            }
            assert_eq!(
                crate::search::Solver::new().solve(&l, view.seat),
                plain(&l, view.seat),
                "{:?}",
                view.contract
            );
            checked += 1;
        }
        assert!(checked > 500, "{checked} positions");
    }
}

#[cfg(test)]
mod uniform {
    use super::*;

    /// Every way to give the unseen cards to the other hands that rebuilds to the seat's view,
    /// against the layouts drawn: the total variation distance between the drawn layouts and
    /// the uniform choice among the possible ones. Positions at the start of trick 11 (two
    /// cards in each hand) of a declarer who handled the talon, so that only the other hands
    /// are hidden.
    #[test]
    fn sampling_is_close_to_uniform() {
        let mut distances = Vec::new();
        for (d, view, legal) in super::tests::decisions(80) {
            let me = view.seat;
            let played = played_by(&view);
            let on_table: u32 = played.iter().map(|p| p.len()).sum();
            if view.hand.len() != 2 || on_table != 40 || talon_seat(&view) != Some(me) {
                continue;
            }
            if legal.len() < 2 || distances.len() >= 6 {
                continue;
            }
            let others: Vec<Seat> = (0..4).filter(|&s| s != me).collect();
            let hidden: Vec<Card> = others
                .iter()
                .fold(CardSet::EMPTY, |h, &s| h | d.state().hand(s))
                .iter()
                .collect();
            let mut rng = DealRng::seed(1);
            let mut possible = std::collections::HashMap::new();
            for code in 0..3u32.pow(hidden.len() as u32) {
                let mut parts = [CardSet::EMPTY; 3];
                let mut c = code;
                for &card in &hidden {
                    parts[(c % 3) as usize].insert(card);
                    c /= 3;
                }
                if parts.iter().any(|p| p.len() != 2) {
                    continue;
                }
                let mut hands = [CardSet::EMPTY; 4];
                hands[me as usize] = view.hand;
                for (i, &s) in others.iter().enumerate() {
                    hands[s as usize] = parts[i];
                }
                let seat = Some(me);
                let empty = CardSet::EMPTY;
                if let Some(l) = rebuild(&view, hands, empty, empty, seat, &played, &mut rng) {
                    let mut mine = Vec::new();
                    Game::legal_into(&l, &mut mine);
                    if mine == legal {
                        possible.insert((parts[0], parts[1]), 0u32);
                    }
                }
            }
            let draws = 3000;
            for _ in 0..draws {
                let l = layout(&view, &legal, &mut rng).expect("a layout");
                let key = (
                    l.play.hands[others[0] as usize],
                    l.play.hands[others[1] as usize],
                );
                *possible
                    .get_mut(&key)
                    .expect("a drawn layout is a possible one") += 1;
            }
            let u = 1.0 / possible.len() as f64;
            let tv: f64 = possible
                .values()
                .map(|&k| (k as f64 / draws as f64 - u).abs())
                .sum::<f64>()
                / 2.0;
            distances.push((possible.len(), tv));
        }
        println!("possible layouts and total variation distance: {distances:?}");
        assert!(distances.len() >= 3, "{distances:?}");
        for (n, tv) in distances {
            assert!(tv < 0.15, "{n} layouts, distance {tv}");
        }
    }
}
