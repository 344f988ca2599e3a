//! Random play to the end of a deal: the playouts that `tarok bench` times and that simulations
//! run. The choices are exactly those of [`Deal::random_action`]; tricks in which every legal
//! action is a card are played by a loop on the hands' 64-bit halves.

use super::{Dab, Deal, Phase, Trick};
use crate::action::Named;
use crate::points::card_points;
use crate::ruleset::DemandWindow;
use crate::settle::UltimoCard;
use std::hint::select_unpredictable;
use tarok_core::rng::below;
use tarok_core::{Card, CardSet, DealRng, PlayoutRng, Seat, Suit};

impl Deal {
    /// Plays random legal actions to the end: the same choices as [`Deal::random_action`] with
    /// a [`PlayoutRng`] seeded from the next output of `rng`.
    pub fn play_out(&mut self, rng: &mut DealRng) {
        self.play_out_with_rng(&mut PlayoutRng::from_deal_rng(rng));
    }

    pub(super) fn play_out_with_rng(&mut self, rng: &mut PlayoutRng) {
        #[cfg(target_arch = "x86_64")]
        if tarok_core::cpu::has_bmi2() {
            // SAFETY: the CPU has BMI2 and POPCNT (`has_bmi2`).
            return unsafe { self.play_out_bmi2(rng) };
        }
        self.play_out_with::<false>(rng);
    }

    /// [`Deal::play_out`] compiled for BMI2 and POPCNT, so that counting a set is `popcnt` and
    /// picking its k-th card `pdep`, inline in the trick loop. The baseline x86-64 target has
    /// neither; checking the CPU once per playout rather than per card keeps them inline.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,popcnt")]
    unsafe fn play_out_bmi2(&mut self, rng: &mut PlayoutRng) {
        self.play_out_with::<true>(rng);
    }

    #[inline(always)]
    fn play_out_with<const BMI2: bool>(&mut self, rng: &mut PlayoutRng) {
        while !self.is_over() {
            if self.plain_trick_next() {
                // A local copy of the generator, so that its state can stay in registers.
                let mut local = *rng;
                let mut hands = Halves::of(&self.hands);
                let mut leader = self.trick.leader;
                while self.plain_trick::<BMI2>(&mut hands, &mut leader, &mut local) {}
                *rng = local;
            } else {
                self.general_step(rng);
            }
        }
    }

    /// One random action outside the plain-trick loop.
    fn general_step(&mut self, rng: &mut PlayoutRng) {
        let plain = self.phase == Phase::Play
            && matches!(self.trick.dab, Dab::None | Dab::Used)
            && self.trick.n != 0;
        if plain {
            let cards = self.legal_cards();
            let card = cards.pick(rng).expect("a legal card");
            self.play_unchecked(card);
        } else {
            let a = self.random_action(rng);
            self.apply(a).expect("random actions are legal");
        }
    }

    /// Whether a trick starts that `plain_trick` can play: nobody holds a renaming right (a
    /// skus lead, the only other action, ends that loop), and it is not trick 23 after a skus
    /// demand, where the holder must play it (the demand round before ends the loop too).
    pub(super) fn plain_trick_next(&self) -> bool {
        // The fast loop plays the default skus rules; the three skus switches take the general
        // path.
        self.rules.skus_follow_freely
            && !self.rules.skus_may_win_last_trick
            && self.rules.skus_demand_window == DemandWindow::BeforeLead
            && self.phase == Phase::Play
            && self.trick.n == 0
            && matches!(self.trick.dab, Dab::None | Dab::Used)
            && !(self.trick_no == 23 && self.demanded)
    }

    /// Plays one plain trick (see [`Deal::plain_trick_next`]) led by `leader`, on the hands as
    /// 64-bit halves, and tells whether the next trick is plain too; if not, the hands are
    /// written back. Each card is one `below(number of legal cards)` and the k-th legal card, as
    /// in `random_action`. Between tricks 1 and 22 the next leader goes back in `leader` only:
    /// `self.trick` is brought up to date when the loop ends.
    #[inline(always)]
    fn plain_trick<const BMI2: bool>(
        &mut self,
        hands: &mut Halves,
        next_leader: &mut Seat,
        rng: &mut PlayoutRng,
    ) -> bool {
        let Halves { lo, hi } = hands;
        let leader = *next_leader as usize;
        // Never the skus in trick 24 (000 L1843-1845).
        let skus_barred = self.trick_no == 24;
        // The skus as a follower's extra choice: always, but not in trick 24.
        let skus_free = SKUS & !all_if(skus_barred);
        let held = lo[leader] & SKUS != 0;
        // His cards, the skus excepted (`legal_cards`), then, while he may lead the skus, the
        // skus under one of five names (`random_action`). A skus lead is played on by the
        // general path.
        let (l, h) = (lo[leader] & !SKUS, hi[leader]);
        let n = l.count_ones() + h.count_ones();
        // The trick's three numbers at once, so that the generator is off the cards' chain.
        let before = *rng;
        let [x0, x1, x2] = [rng.next_u64(), rng.next_u64(), rng.next_u64()];
        let k = below(x0, n + 5 * (held & !skus_barred) as u32);
        if k >= n {
            // The skus lead drew one number only.
            *rng = before;
            rng.next_u64();
            hands.write_to(&mut self.hands);
            self.trick = Trick::new(leader as Seat);
            self.lead_skus(Named::ALL[(k - n) as usize]);
            return false;
        }
        let (b0_lo, b0_hi) = select::<BMI2>(l, h, k);
        lo[leader] ^= b0_lo;
        hi[leader] ^= b0_hi;
        let c0 = card_of(b0_lo, b0_hi);
        // `& 7` rather than a bounds check: groups are 0 to 5, `KEY` has 8 rows.
        let g = GROUP[c0.index() as usize] as usize & 7;
        let [led_lo, led_hi] = LED[c0.index() as usize];
        let rule = FollowRule {
            led: [led_lo, led_hi],
            skus_free,
        };
        let (second, third) = (NEXT[leader], NEXT[NEXT[leader]]);
        let (b1_lo, b1_hi) = rule.play::<BMI2>(&mut lo[second], &mut hi[second], x1);
        let (b2_lo, b2_hi) = rule.play::<BMI2>(&mut lo[third], &mut hi[third], x2);
        // Locals, not an array: a card array written byte by byte and read back as a word
        // defeats store-to-load forwarding.
        let (c1, c2) = (card_of(b1_lo, b1_hi), card_of(b2_lo, b2_hi));
        let (all_lo, all_hi) = (b0_lo | b1_lo | b2_lo, b0_hi | b1_hi | b2_hi);
        // The highest trump wins, else the highest card of the led suit (the lead is no
        // skus): the highest rank key among trumps and cards of the led group. Compares and
        // conditional moves rather than branches, which random play mispredicts.
        let key = |c: Card| KEY[g][c.index() as usize];
        let (k0, k1, k2) = (key(c0), key(c1), key(c2));
        let best = select_unpredictable(k1 > k0, 1, 0);
        let best_key = select_unpredictable(k1 > k0, k1, k0);
        let wi = select_unpredictable(k2 > best_key, 2, best);
        // The winner's seat by the same selects, not `leader + wi`: it leads the next trick.
        let second_or_leader = select_unpredictable(k1 > k0, second, leader);
        let winner = select_unpredictable(k2 > best_key, third, second_or_leader) as Seat;
        let cards = [c0, c1, c2];
        // No skus was led, so nothing is named and nobody could rename. Not stored in
        // `self.trick`: `close_trick` moves on to the next trick (`end` keeps the last).
        let trick = Trick {
            leader: leader as Seat,
            cards,
            n: 3,
            named: None,
            dab: Dab::None,
        };
        let total = card_points(c0) + card_points(c1) + card_points(c2);
        self.count_points(winner, total, all_lo & SKUS != 0);
        // Payments in play only when the pagat or a king falls to another player, or the
        // pagat wins (`pay_in_play`).
        let ultimo = (all_lo & ULTIMO.bits() as u64).count_ones()
            + (all_hi & (ULTIMO.bits() >> 64) as u64).count_ones();
        let won = select_unpredictable(wi == 2, c2, select_unpredictable(wi == 1, c1, c0));
        if ultimo > UltimoCard::of(won).is_some() as u32 || won == Card::PAGAT {
            self.pay_in_play(trick, wi);
        }
        self.log_trick(trick, wi, winner);
        if self.trick_no < 23 {
            *next_leader = winner;
            return true;
        }
        // From trick 23 on, `start_trick` reads the hands (and so does all that follows the loop).
        hands.write_to(&mut self.hands);
        if !self.is_over() {
            self.start_trick(winner);
        }
        // The next trick is plain too unless the demand round begins or the deal ends.
        if self.phase != Phase::Play {
            return false;
        }
        *next_leader = self.trick.leader;
        true
    }
}

/// What a follower may play in a plain trick.
struct FollowRule {
    /// The cards of the led group, as halves.
    led: [u64; 2],
    /// The skus, as a bit, while it may be played instead of a card (not in trick 24).
    skus_free: u64,
}

impl FollowRule {
    /// Picks a random legal card from the hand `lo | hi << 64` by the generator's number `x`,
    /// takes it out of the hand and returns it as a bit in one of the halves.
    #[inline(always)]
    fn play<const BMI2: bool>(&self, lo: &mut u64, hi: &mut u64, x: u64) -> (u64, u64) {
        let (l, h) = (*lo & !SKUS, *hi);
        // The led group if held, else trumps if held, else anything (`follow_set`).
        let (follow_lo, follow_hi) = (l & self.led[0], h & self.led[1]);
        let trumps = l & TRUMPS_LO;
        let (mut m_lo, m_hi) = select_unpredictable(
            follow_lo | follow_hi != 0,
            (follow_lo, follow_hi),
            select_unpredictable(trumps != 0, (trumps, 0), (l, h)),
        );
        m_lo |= *lo & self.skus_free;
        let k = below(x, m_lo.count_ones() + m_hi.count_ones());
        let (b_lo, b_hi) = select::<BMI2>(m_lo, m_hi, k);
        *lo ^= b_lo;
        *hi ^= b_hi;
        (b_lo, b_hi)
    }
}

/// The three hands as 64-bit halves, which the trick loop keeps in locals, read and written only
/// as whole words: LLVM otherwise mixes 128-bit vector and 64-bit accesses, and store-to-load
/// forwarding between them fails. Written back to `Deal::hands` where those are read.
#[derive(Copy, Clone)]
struct Halves {
    lo: [u64; 3],
    hi: [u64; 3],
}

impl Halves {
    #[inline(always)]
    fn of(hands: &[CardSet; 3]) -> Halves {
        Halves {
            lo: hands.map(|h| h.bits() as u64),
            hi: hands.map(|h| (h.bits() >> 64) as u64),
        }
    }

    #[inline(always)]
    fn write_to(&self, hands: &mut [CardSet; 3]) {
        for (s, hand) in hands.iter_mut().enumerate() {
            *hand = CardSet::from_bits((self.hi[s] as u128) << 64 | self.lo[s] as u128);
        }
    }
}

pub(super) const SKUS: u64 = 1 << Card::SKUS.index();
pub(super) const TRUMPS_LO: u64 = CardSet::TRUMPS.bits() as u64;

/// The cards paid for when lost in play, and the pagat also when it wins a trick.
pub(super) const ULTIMO: CardSet = CardSet::KINGS.with(Card::PAGAT);

/// Card groups for following: 0 the numbered trumps, 1-4 the suits, 5 the skus.
const GROUP_CARDS: [CardSet; 6] = [
    CardSet::TRUMPS,
    CardSet::suit(Suit::ALL[0]),
    CardSet::suit(Suit::ALL[1]),
    CardSet::suit(Suit::ALL[2]),
    CardSet::suit(Suit::ALL[3]),
    CardSet::single(Card::SKUS),
];

/// The group of each card, by id (padded to 256 entries, as are the other tables by id, so that
/// indexing by a card's `u8` id needs no bounds check).
pub(super) const GROUP: [u8; 256] = {
    let mut t = [0; 256];
    let mut i = 0;
    while i < 78 {
        let mut g = 0;
        while !GROUP_CARDS[g].contains(Card::from_index(i as u8)) {
            g += 1;
        }
        t[i] = g as u8;
        i += 1;
    }
    t
};

/// The cards to follow when each card is led, as 64-bit halves.
pub(super) const LED: [[u64; 2]; 256] = {
    let mut t = [[0; 2]; 256];
    let mut i = 0;
    while i < 78 {
        let cards = GROUP_CARDS[GROUP[i] as usize].bits();
        t[i] = [cards as u64, (cards >> 64) as u64];
        i += 1;
    }
    t
};

/// The seat after each seat.
const NEXT: [usize; 3] = [1, 2, 0];

/// Rank keys for the winner of a trick, by the led group and the card: trumps 64 + number,
/// cards of the led group 32 + their order in the suit (ids rank the cards within a group),
/// other cards and the skus 0.
pub(super) const KEY: [[u8; 256]; 8] = {
    let mut t = [[0; 256]; 8];
    let mut g = 0;
    while g < 6 {
        let mut i = 0;
        while i < 78 {
            let c = Card::from_index(i as u8);
            t[g][i] = if c.is_trump() {
                64 + i as u8
            } else if GROUP[i] as usize == g && !c.is_skus() {
                32 + c.order()
            } else {
                0
            };
            i += 1;
        }
        g += 1;
    }
    t
};

/// All ones if `b`, else zero.
#[inline(always)]
fn all_if(b: bool) -> u64 {
    0u64.wrapping_sub(b as u64)
}

/// The `k`-th card of the set `lo | hi << 64`, as a single bit in one of the halves.
#[inline(always)]
fn select<const BMI2: bool>(lo: u64, hi: u64, k: u32) -> (u64, u64) {
    let set = CardSet::from_bits((hi as u128) << 64 | lo as u128);
    debug_assert!(k < set.len());
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: only instantiated with `BMI2` inside the `*_bmi2` functions, after the CPU check.
        let bit = unsafe { set.nth_single_pdep(k) }.bits();
        return (bit as u64, (bit >> 64) as u64);
    }
    let bit = set.nth_single(k).bits();
    (bit as u64, (bit >> 64) as u64)
}

/// The card of a single bit in one of the halves.
#[inline(always)]
fn card_of(lo: u64, hi: u64) -> Card {
    Card::from_index(((hi as u128) << 64 | lo as u128).trailing_zeros() as u8)
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::*;
    use crate::ruleset::Preset;
    use tarok_core::{Balances, DealRng, PlayoutRng};

    /// The presets and variants that switch on the rarer skus and last-trick rules (also the
    /// side-by-side play-outs' tests).
    pub(in crate::deal) fn rulesets() -> Vec<Ruleset> {
        let mut all = Vec::new();
        for p in Preset::ALL {
            let r = p.ruleset();
            all.push(r);
            let mut v = r;
            v.skus_last_trick = match r.skus_last_trick {
                LastTrickSkus::Christen => LastTrickSkus::LeadPasses,
                LastTrickSkus::LeadPasses => LastTrickSkus::Christen,
            };
            v.skus_renaming_right = !r.skus_renaming_right;
            v.skus_rename_may_name_trump = !r.skus_rename_may_name_trump;
            v.pagat_hjem_on_last_trick = !r.pagat_hjem_on_last_trick;
            v.skat_allow_skus = crate::ruleset::SkatSkus::ToutAttemptAnnounced;
            v.skat_trump_rule = crate::ruleset::SkatTrumpRule::PartialAtMost3;
            v.lost_card_fee_on_last_trick = !r.lost_card_fee_on_last_trick;
            all.push(v);
        }
        all
    }

    /// Deals from the given seed, plays random actions up to the first lead and then `extra`
    /// more (so that play-outs also start mid-trick, in the demand round or at a renaming).
    fn start(rules: Ruleset, seed: u64, extra: u32, rng: &mut DealRng) -> Deal {
        let mut d = Deal::from_seed(rules, seed);
        while !d.is_over() && d.phase() != Phase::Play {
            let a = d.random_action(rng);
            d.apply(a).unwrap();
        }
        for _ in 0..extra {
            if d.is_over() {
                break;
            }
            let a = d.random_action(rng);
            d.apply(a).unwrap();
        }
        d
    }

    /// FNV-1a.
    fn fnv(h: &mut u64, text: &str) {
        for b in text.bytes() {
            *h = (*h ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }

    /// Both compilations of the playout: the one `play_out` picks on this CPU, and the portable
    /// one, which CPUs without BMI2 run.
    type PlayOut = fn(&mut Deal, &mut PlayoutRng);

    fn play_outs() -> [(&'static str, PlayOut); 2] {
        [
            ("dispatched", Deal::play_out_with_rng),
            ("portable", |d, rng| d.play_out_with::<false>(rng)),
        ]
    }

    /// Plays `d` out with `play_out` and with `random_action`, from the same generator, and
    /// asserts that both end in the same state and leave the generator alike.
    fn assert_same_choices(play_out: PlayOut, d: Deal, rng: PlayoutRng, what: std::fmt::Arguments) {
        let (mut fast, mut fast_rng) = (d, rng);
        play_out(&mut fast, &mut fast_rng);
        let (mut slow, mut slow_rng) = (d, rng);
        while !slow.is_over() {
            let a = slow.random_action(&mut slow_rng);
            slow.apply(a).unwrap();
        }
        assert_eq!(fast, slow, "{what}");
        assert_eq!(fast_rng, slow_rng, "{what}");
    }

    #[test]
    fn play_out_makes_the_same_choices_as_random_action() {
        for (name, play_out) in play_outs() {
            for rules in rulesets() {
                for seed in 0..400u64 {
                    let mut rng = DealRng::seed(seed);
                    let d = start(rules, seed, (seed % 70) as u32, &mut rng);
                    let rng = PlayoutRng::from_deal_rng(&mut rng);
                    assert_same_choices(play_out, d, rng, format_args!("{name}, seed {seed}"));
                }
            }
        }
    }

    /// The three skus switches that the trick loop does not play (`plain_trick_next`): with
    /// each one set, a play-out still makes `random_action`'s choices. Each switch alone, on
    /// every preset, from mid-deal starts. Kept out of `rulesets()` so that the pinned digest
    /// stays as it was.
    #[test]
    fn the_skus_switches_the_trick_loop_leaves_out_make_the_same_choices() {
        for (name, play_out) in play_outs() {
            for p in Preset::ALL {
                let r = p.ruleset();
                let mut variants = [r; 3];
                variants[0].skus_follow_freely = !r.skus_follow_freely;
                variants[1].skus_may_win_last_trick = !r.skus_may_win_last_trick;
                variants[2].skus_demand_window = match r.skus_demand_window {
                    DemandWindow::BeforeLead => DemandWindow::UntilHolderPlays,
                    DemandWindow::UntilHolderPlays => DemandWindow::BeforeLead,
                };
                for (v, rules) in variants.into_iter().enumerate() {
                    for seed in 0..400u64 {
                        let mut rng = DealRng::seed(seed);
                        let d = start(rules, seed, (seed % 70) as u32, &mut rng);
                        let rng = PlayoutRng::from_deal_rng(&mut rng);
                        let what = format_args!("{name}, {p:?}, variant {v}, seed {seed}");
                        assert_same_choices(play_out, d, rng, what);
                    }
                }
            }
        }
    }

    /// Random play reaches the cases above too rarely to show them, so two positions put them
    /// on the next trick: the skus falls to a follower in trick 25 under
    /// `skus_may_win_last_trick` (the same position as skus.rs' test of that switch), and the
    /// holder plays second in trick 23 under `UntilHolderPlays` (a demand round after the lead).
    #[test]
    fn the_skus_switches_positions_make_the_same_choices() {
        let mut may_win = Preset::Moeller.ruleset();
        may_win.skus_may_win_last_trick = true;
        let mut until = Preset::Dtf2011.ruleset();
        until.skus_demand_window = DemandWindow::UntilHolderPlays;
        let cases = [
            (may_win, "dk-moeller T20,X/S2,SK/S3,HK 24 0:- -/- 8,8,7 -"),
            (
                until,
                "dk-dtf-2011 T9,S2,S3,S4/H5,X,H6,H7/H8,H9,H10,R2 22 0:- -/- 7,7,7 -",
            ),
        ];
        for (name, play_out) in play_outs() {
            for (rules, text) in cases {
                let start = crate::position::parse(text).unwrap();
                let d = Deal::from_position(rules, &start.position_setup());
                for seed in 0..50 {
                    let rng = PlayoutRng::from_deal_rng(&mut DealRng::seed(seed));
                    assert_same_choices(play_out, d, rng, format_args!("{name}, {text}, {seed}"));
                }
            }
        }
    }

    /// As `tarok bench` plays: many play-outs from each of the bench's first leads, so that the
    /// trick loop often runs from trick 1 to the end in one go. The mid-deal starts above rarely
    /// do. A draft of a faster loop (never landed) kept the trick number in a register and
    /// wrote the stale number back when the skus was led in trick 25; these starts showed it in
    /// play-out 557 of the first ruleset, one in 20,000, and the test above did not.
    #[test]
    fn many_play_outs_from_the_first_lead_make_the_same_choices() {
        for (name, play_out) in play_outs() {
            for rules in rulesets() {
                let starts = crate::family::first_leads(rules, 64);
                let mut rng = DealRng::seed(99);
                for i in 0..20_000 {
                    let d = starts[i % starts.len()];
                    let rng = PlayoutRng::from_deal_rng(&mut rng);
                    assert_same_choices(play_out, d, rng, format_args!("{name}, {rules:?}, {i}"));
                }
            }
        }
    }

    /// Pinned: any change of behaviour (choices, facts, log, settlement) changes the digest. The
    /// variants now include the skat and last-trick fee switches; the rules are those of commit
    /// 7e3eb9b with no demand round for a skus laid in the skat, the generator `PlayoutRng`.
    #[test]
    fn play_outs_are_pinned() {
        for (name, play_out) in play_outs() {
            let mut h = 0xcbf2_9ce4_8422_2325u64;
            for rules in rulesets() {
                for seed in 0..300u64 {
                    let mut rng = DealRng::seed(seed);
                    let mut d = start(rules, seed, (seed % 7) as u32 * 11, &mut rng);
                    let mut rng = PlayoutRng::from_deal_rng(&mut rng);
                    play_out(&mut d, &mut rng);
                    let mut b = Balances::default();
                    let cups = d.settle_into(&mut b);
                    let text = format!(
                        "{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}",
                        d.completed_tricks(),
                        d.trick(),
                        d.tricks_won(),
                        d.counts(),
                        d.facts(),
                        d.phase(),
                        d.position_setup(),
                        d.played(),
                        b,
                        cups,
                        rng
                    );
                    fnv(&mut h, &text);
                }
            }
            assert_eq!(h, PINNED, "{name}");
        }
    }

    const PINNED: u64 = 12_893_776_495_703_094_734;
}
