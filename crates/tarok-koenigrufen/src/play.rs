//! The card play: 12 tricks, small and `Copy`, allocation-free.
//!
//! Play rules (Spieleversum §12):
//! - positive tarock games: Farbzwang (follow suit) and Tarockzwang (trump when void), never
//!   Stichzwang; the Kaiserstich (Sküs, Mond and Pagat in one trick: the Pagat wins);
//! - negative games: also Stichzwang (beat the trick when able) and the Pagat only as the last
//!   tarock; no Kaiserstich;
//! - colour games: tarock is a fifth suit that does not trump; tarock may be led only without suit
//!   cards; void in the led suit a tarock must be played; Kaiserstich only on a Trull lead.

use crate::cards::{follow_mask, is_tarock, PAGAT, TAROCK, TRULL};
use crate::contract::{Contract, PlayMode};
use crate::error::RuleError;
use crate::ruleset::Switches;
#[cfg(target_arch = "x86_64")]
use tarok_core::cpu::Level;
use tarok_core::{Card, CardSet, DealRng};

/// When the Kaiserstich applies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kaiser {
    Never,
    Always,
    /// Only when the led card is a Trull card (colour games, A26 default).
    TrullLed,
    /// When any tarock was led (colour games, A26 alternative).
    TarockLed,
}

/// The state of the card play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayState {
    pub mode: PlayMode,
    pub kaiser: Kaiser,
    pub hands: [CardSet; 4],
    /// Cards won in tricks, per seat (partners keep their own tricks, \[L318\]).
    pub taken: [CardSet; 4],
    pub tricks_won: [u8; 4],
    /// Every card played, in order: trick t is `cards[4t..4t+4]`, led by `leaders[t]`.
    pub cards: [Card; 48],
    pub leaders: [u8; 12],
    pub winners: [u8; 12],
    pub played: u8,
    /// Leader of the current trick.
    pub leader: u8,
    /// Announced birds still to be played in order (highest first, \[L401\]).
    pub bird_guard: CardSet,
    /// Declarers of a negative game (bitmask) and their trick target, for the early end.
    pub declarers: u8,
    pub target: u8,
    pub early_end: bool,
    /// The current trick as a set, the mask of its led suit, and its best card so far (by rank,
    /// before the Kaiserstich) with that card's position: kept incrementally for speed.
    pub trick_set: CardSet,
    pub led_mask: CardSet,
    pub best: Card,
    pub best_pos: u8,
    /// Set when a negative game is decided early (§12.5).
    pub decided: bool,
}

/// The follow mask of every card id, precomputed.
const FOLLOW: [CardSet; 78] = {
    let mut t = [CardSet::EMPTY; 78];
    let mut i = 0;
    while i < 78 {
        t[i] = if i < 22 {
            TAROCK
        } else {
            CardSet::from_bits(((1u128 << 14) - 1) << (22 + 14 * ((i - 22) / 14)))
        };
        i += 1;
    }
    t
};

#[inline]
fn above(c: Card) -> CardSet {
    CardSet::from_bits(!((2u128 << c.index()) - 1))
}

impl Kaiser {
    /// When the Kaiserstich applies in `contract` under `switches` (§12.3, A26): always in
    /// positive games, never in negative ones, in colour games by the switch.
    pub fn for_contract(contract: Contract, switches: &Switches) -> Kaiser {
        match contract.play_mode() {
            PlayMode::Negative => Kaiser::Never,
            PlayMode::Positive => Kaiser::Always,
            PlayMode::Colour if switches.colour_kaiserstich_needs_trull_lead => Kaiser::TrullLed,
            PlayMode::Colour => Kaiser::TarockLed,
        }
    }

    /// Whether the Kaiserstich decides a trick led by `led` holding the cards `set`.
    #[inline]
    fn applies(self, led: Card, set: CardSet) -> bool {
        let rule = match self {
            Kaiser::Never => false,
            Kaiser::Always => true,
            Kaiser::TrullLed => TRULL.contains(led),
            Kaiser::TarockLed => is_tarock(led),
        };
        rule && TRULL.is_subset(set)
    }
}

/// Whether `card` beats `best`, the best card so far of a trick whose led card follows
/// `led_mask`, before the Kaiserstich: in colour games only a higher card of the led suit, else
/// any tarock above a suit card or a lower tarock, or a higher card of the led suit.
#[inline(always)]
fn beats(mode: PlayMode, led_mask: CardSet, card: Card, best: Card) -> bool {
    let (c, b) = (card.index(), best.index());
    if mode == PlayMode::Colour {
        led_mask.contains(card) && c > b
    } else if c < 22 {
        b >= 22 || c > b
    } else {
        b >= 22 && led_mask.contains(card) && c > b
    }
}

/// The position in `cards` (a trick or its beginning, the led card first) of the card that
/// wins it under `mode` and `kaiser`: the rule the card play itself applies, for bots and
/// screens that judge a trick. `None` for no cards.
pub fn trick_winner(cards: &[Card], mode: PlayMode, kaiser: Kaiser) -> Option<usize> {
    let (&led, rest) = cards.split_first()?;
    let led_mask = FOLLOW[led.index() as usize];
    let (mut best, mut pos, mut set) = (led, 0, CardSet::single(led));
    for (i, &c) in rest.iter().enumerate() {
        set.insert(c);
        if beats(mode, led_mask, c, best) {
            (best, pos) = (c, i + 1);
        }
    }
    if kaiser.applies(led, set) {
        return cards.iter().position(|&c| c == PAGAT);
    }
    Some(pos)
}

impl PlayState {
    /// The card play of `contract` under `switches`, led by `leader`: its play mode, when the
    /// Kaiserstich applies (§12.3, A26) and, in a negative game, the declarers (a bitmask) with
    /// their trick target for the early end (§12.5, A35). The deal and position strings both
    /// start their play here, so that a position plays by the deal's rules.
    pub fn for_contract(
        contract: Contract,
        switches: &Switches,
        hands: [CardSet; 4],
        leader: u8,
        declarers: u8,
    ) -> PlayState {
        let kaiser = Kaiser::for_contract(contract, switches);
        let mut play = PlayState::new(contract.play_mode(), kaiser, hands, leader);
        if let Some(target) = contract.trick_target() {
            play.declarers = declarers;
            play.target = target;
            play.early_end = switches.negative_early_end;
        }
        play
    }

    pub fn new(mode: PlayMode, kaiser: Kaiser, hands: [CardSet; 4], leader: u8) -> PlayState {
        PlayState {
            mode,
            kaiser,
            hands,
            taken: [CardSet::EMPTY; 4],
            tricks_won: [0; 4],
            cards: [PAGAT; 48],
            leaders: [0; 12],
            winners: [0; 12],
            played: 0,
            leader,
            bird_guard: CardSet::EMPTY,
            declarers: 0,
            target: 0,
            early_end: false,
            trick_set: CardSet::EMPTY,
            led_mask: CardSet::EMPTY,
            best: PAGAT,
            best_pos: 0,
            decided: false,
        }
    }

    /// Completed tricks.
    #[inline]
    pub fn tricks_done(&self) -> u8 {
        self.played / 4
    }

    /// The cards of the current (incomplete) trick.
    #[inline]
    pub fn current_trick(&self) -> &[Card] {
        let base = (self.played & !3) as usize;
        &self.cards[base..self.played as usize]
    }

    #[inline]
    pub fn to_act(&self) -> u8 {
        (self.leader + self.played % 4) % 4
    }

    /// The play is over: 12 tricks, or a negative game decided early (§12.5).
    #[inline]
    pub fn is_over(&self) -> bool {
        self.played >= 48 || self.decided
    }

    /// The cards that would beat the trick so far (for Stichzwang; negative games have no
    /// Kaiserstich).
    #[inline]
    fn beaters(&self) -> CardSet {
        if is_tarock(self.best) {
            TAROCK & above(self.best)
        } else {
            TAROCK | (self.led_mask & above(self.best))
        }
    }

    /// The legal cards of the player to act. Allocation-free.
    #[inline(always)]
    pub fn legal_cards(&self) -> CardSet {
        let hand = self.hands[self.to_act() as usize];
        let len = self.played & 3;
        match self.mode {
            PlayMode::Positive => {
                let mut legal = if len == 0 {
                    hand
                } else {
                    let f = hand & self.led_mask;
                    if !f.is_empty() {
                        f
                    } else {
                        let t = hand & TAROCK;
                        if !t.is_empty() {
                            t
                        } else {
                            hand
                        }
                    }
                };
                if !self.bird_guard.is_empty() {
                    let g = hand & self.bird_guard;
                    if g.len() >= 2 {
                        let keep = g.highest().expect("not empty");
                        let l2 = legal - g.without(keep);
                        if !l2.is_empty() {
                            legal = l2;
                        }
                    }
                }
                legal
            }
            PlayMode::Negative => {
                let tarocks = hand & TAROCK;
                let pagat_barred = tarocks.len() > 1;
                if len == 0 {
                    return if pagat_barred {
                        hand.without(PAGAT)
                    } else {
                        hand
                    };
                }
                let f = hand & self.led_mask;
                let mut a = if !f.is_empty() {
                    f
                } else if !tarocks.is_empty() {
                    tarocks
                } else {
                    hand
                };
                if pagat_barred {
                    a = a.without(PAGAT);
                }
                let b = a & self.beaters();
                if b.is_empty() {
                    a
                } else {
                    b
                }
            }
            PlayMode::Colour => {
                if len == 0 {
                    let s = hand - TAROCK;
                    if s.is_empty() {
                        hand
                    } else {
                        s
                    }
                } else {
                    let f = hand & self.led_mask;
                    if !f.is_empty() {
                        f
                    } else if self.led_mask != TAROCK {
                        let t = hand & TAROCK;
                        if t.is_empty() {
                            hand
                        } else {
                            t
                        }
                    } else {
                        hand
                    }
                }
            }
        }
    }

    /// Why `card` is not legal (it must be in hand and not in `legal_cards`).
    pub fn why_illegal(&self, card: Card) -> RuleError {
        let hand = self.hands[self.to_act() as usize];
        if !hand.contains(card) {
            return RuleError::NotInHand(card);
        }
        let trick = self.current_trick();
        let tarocks = hand & TAROCK;
        if self.mode == PlayMode::Negative && card == PAGAT && tarocks.len() > 1 {
            return RuleError::PagatNotLast;
        }
        match trick.first() {
            None => {
                if self.mode == PlayMode::Colour {
                    RuleError::ColourTarockLead
                } else {
                    RuleError::BirdOrder
                }
            }
            Some(&led) => {
                let f = hand & follow_mask(led);
                if !f.is_empty() && !f.contains(card) {
                    RuleError::MustFollowSuit
                } else if f.is_empty() && !is_tarock(led) && !tarocks.is_empty() && !is_tarock(card)
                {
                    RuleError::MustPlayTarock
                } else if self.mode == PlayMode::Negative {
                    RuleError::MustBeat
                } else {
                    RuleError::BirdOrder
                }
            }
        }
    }

    /// Plays `card` for the player to act, without checking legality.
    #[inline(always)]
    pub fn play_unchecked(&mut self, card: Card) {
        let seat = self.to_act() as usize;
        self.hands[seat].remove(card);
        let pos = self.played & 3;
        self.cards[self.played as usize] = card;
        self.played += 1;
        if pos == 0 {
            self.led_mask = FOLLOW[card.index() as usize];
            self.trick_set = CardSet::single(card);
            self.best = card;
            self.best_pos = 0;
        } else {
            self.trick_set.insert(card);
            if beats(self.mode, self.led_mask, card, self.best) {
                self.best = card;
                self.best_pos = pos;
            }
            if pos == 3 {
                self.finish_trick();
            }
        }
    }

    /// Plays `card` if legal.
    pub fn play(&mut self, card: Card) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::DealOver);
        }
        if !self.legal_cards().contains(card) {
            return Err(self.why_illegal(card));
        }
        self.play_unchecked(card);
        Ok(())
    }

    /// Does the Kaiserstich apply to this trick (led card `led`, cards `set`)?
    #[inline]
    fn kaiser_applies(&self, led: Card, set: CardSet) -> bool {
        self.kaiser.applies(led, set)
    }

    #[inline(always)]
    fn finish_trick(&mut self) {
        let t = (self.played / 4 - 1) as usize;
        let base = 4 * t;
        let pos = if self.kaiser != Kaiser::Never
            && self.kaiser_applies(self.cards[base], self.trick_set)
        {
            (0..4)
                .find(|&i| self.cards[base + i] == PAGAT)
                .expect("pagat") as u8
        } else {
            self.best_pos
        };
        let winner = ((self.leader + pos) & 3) as usize;
        self.taken[winner] |= self.trick_set;
        self.tricks_won[winner] += 1;
        self.leaders[t] = self.leader;
        self.winners[t] = winner as u8;
        self.leader = winner as u8;
        if self.early_end && self.declarers != 0 {
            let mut all_lost = true;
            for s in 0..4 {
                if self.declarers & (1 << s) != 0 && self.tricks_won[s] <= self.target {
                    all_lost = false;
                }
            }
            self.decided = all_lost;
        }
    }

    /// The seat that played `card` in the completed trick `t`, if it is there.
    #[inline]
    pub fn seat_in_trick(&self, t: usize, card: Card) -> Option<u8> {
        if (self.tricks_done() as usize) <= t {
            return None;
        }
        let pos = self.cards[4 * t..4 * t + 4]
            .iter()
            .position(|&c| c == card)?;
        Some((self.leaders[t] + pos as u8) & 3)
    }

    /// Random legal play to the end. Allocation-free.
    ///
    /// On x86-64 a copy of the loop compiled for `popcnt` (and `bmi2` where present, to pick the
    /// k-th legal card with one `pdep`) runs: the baseline target counts bits in software, and the
    /// playout counts bits for every card.
    #[inline]
    pub fn random_playout(&mut self, rng: &mut DealRng) {
        #[cfg(target_arch = "x86_64")]
        match tarok_core::cpu::level() {
            // SAFETY: the CPU supports the features the function is compiled for.
            Level::Bmi2 => return unsafe { self.random_playout_bmi2(rng) },
            // SAFETY: as above.
            Level::Popcnt => return unsafe { self.random_playout_popcnt(rng) },
            Level::Portable => {}
        }
        self.random_playout_generic(rng);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn random_playout_popcnt(&mut self, rng: &mut DealRng) {
        self.random_playout_generic(rng);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2,popcnt")]
    unsafe fn random_playout_bmi2(&mut self, rng: &mut DealRng) {
        // Finish a trick in progress card by card, then whole tricks on the compact layout.
        while !self.is_over() && !self.played.is_multiple_of(4) {
            let legal = self.legal_cards();
            let k = rng.below(legal.len());
            // SAFETY: this function is compiled for BMI2, so the CPU has it.
            let card = unsafe { legal.nth_single_pdep(k) }.lowest();
            self.play_unchecked(card.expect("a legal card"));
        }
        if !self.is_over() {
            crate::fastplay::random_playout(self, rng);
        }
    }

    #[inline(always)]
    fn random_playout_generic(&mut self, rng: &mut DealRng) {
        while !self.is_over() {
            let legal = self.legal_cards();
            let card = nth_card(legal, rng.below(legal.len()));
            self.play_unchecked(card.expect("a legal card"));
        }
    }
}

/// The `k`-th card of a set in id order without special instructions (the core's), for the
/// portable and `popcnt` copies of the playout.
#[inline(always)]
fn nth_card(set: CardSet, k: u32) -> Option<Card> {
    (k < set.len())
        .then(|| set.nth_single(k).lowest())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_playout_path_plays_the_same_cards() {
        // The CPU-specific loops must choose exactly what the portable one chooses.
        for seed in 0..200u64 {
            let deck = tarok_core::shuffled(crate::cards::PACK, seed);
            let mut hands = [CardSet::EMPTY; 4];
            for (i, &c) in deck[..48].iter().enumerate() {
                hands[i % 4].insert(c);
            }
            let modes = [PlayMode::Positive, PlayMode::Negative, PlayMode::Colour];
            let mode = modes[(seed % 3) as usize];
            let kaiser = [
                Kaiser::Always,
                Kaiser::Never,
                Kaiser::TrullLed,
                Kaiser::TarockLed,
            ][(seed % 4) as usize];
            let mut start = PlayState::new(mode, kaiser, hands, (seed % 4) as u8);
            if seed % 5 == 0 {
                start.bird_guard = crate::cards::BIRDS;
            }
            if mode == PlayMode::Negative && seed % 2 == 0 {
                start.declarers = 1 << (seed % 4);
                start.target = (seed % 3) as u8;
                start.early_end = true;
            }
            // Some start in the middle of a trick.
            for _ in 0..(seed % 7) {
                let c = start.legal_cards().lowest().expect("a card");
                start.play_unchecked(c);
            }
            let (mut a, mut b) = (start, start);
            a.random_playout(&mut DealRng::seed(seed));
            b.random_playout_generic(&mut DealRng::seed(seed));
            assert_eq!(a, b, "seed {seed}");
            assert!(a.is_over());
        }
    }

    /// `trick_winner` judges every trick, and every beginning of one, as the play decides it.
    #[test]
    fn trick_winner_agrees_with_the_play() {
        let mut rng = DealRng::seed(11);
        for seed in 0..300u64 {
            let deck = tarok_core::shuffled(crate::cards::PACK, seed);
            let mut hands = [CardSet::EMPTY; 4];
            for (i, &c) in deck[..48].iter().enumerate() {
                hands[i % 4].insert(c);
            }
            let mode =
                [PlayMode::Positive, PlayMode::Negative, PlayMode::Colour][(seed % 3) as usize];
            let kaiser = [
                Kaiser::Always,
                Kaiser::Never,
                Kaiser::TrullLed,
                Kaiser::TarockLed,
            ][(seed / 3 % 4) as usize];
            let mut p = PlayState::new(mode, kaiser, hands, (seed % 4) as u8);
            while !p.is_over() {
                let legal = p.legal_cards();
                p.play_unchecked(legal.nth(rng.below(legal.len())).expect("a card"));
                let trick = p.current_trick();
                if !trick.is_empty() {
                    let pos = trick_winner(trick, mode, kaiser).expect("a card") as u8;
                    let kaiser_on = kaiser.applies(trick[0], trick.iter().copied().collect());
                    if !kaiser_on {
                        assert_eq!(trick[pos as usize], p.best, "{trick:?}");
                    }
                }
            }
            for t in 0..p.tricks_done() as usize {
                let cards = &p.cards[4 * t..4 * t + 4];
                let pos = trick_winner(cards, mode, kaiser).expect("four cards") as u8;
                assert_eq!(
                    (p.leaders[t] + pos) & 3,
                    p.winners[t],
                    "{mode:?} {kaiser:?} {cards:?}"
                );
            }
        }
        assert_eq!(trick_winner(&[], PlayMode::Positive, Kaiser::Always), None);
    }

    #[test]
    fn nth_card_agrees_with_the_core() {
        let mut rng = DealRng::seed(4);
        for _ in 0..2000 {
            let set: CardSet = crate::cards::PACK
                .iter()
                .filter(|_| rng.below(3) == 0)
                .collect();
            for k in 0..=set.len() {
                assert_eq!(nth_card(set, k), set.nth(k), "{set} {k}");
            }
        }
    }
}
