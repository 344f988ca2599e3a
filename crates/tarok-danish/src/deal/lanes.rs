//! Random playouts side by side, one deal in each 64-bit lane of the AVX-512 registers, with
//! the same numbers and choices as `play_out` on each deal alone. The lanes play the tricks in
//! which every legal action is a card: those `play_out`'s trick loop plays, and skus leads that
//! give nobody the renaming right. A lane leaves the registers at a skus lead with the renaming
//! right, at trick 23 while the skus is still held (the demand round), or at the end of the
//! deal; `play_out` plays whatever is left. Without AVX-512, each deal is played out alone.

use super::Deal;
use tarok_core::PlayoutRng;

/// How many deals [`Deal::play_out_lanes`] plays side by side: two registers of eight.
pub const LANES: usize = 16;

impl Deal {
    /// Plays each deal to the end with its generator: the same end states and generators as
    /// [`Deal::play_out`] on each deal alone, but faster on a CPU with AVX-512, where the tricks
    /// of all sixteen are played at once.
    pub fn play_out_lanes(deals: &mut [Deal; LANES], rngs: &mut [PlayoutRng; LANES]) {
        #[cfg(target_arch = "x86_64")]
        if avx512::available() {
            // SAFETY: the CPU has the features the kernel is compiled for (`available`).
            unsafe { avx512::plain_tricks(deals, rngs) };
        }
        for (d, rng) in deals.iter_mut().zip(rngs) {
            d.play_out_with_rng(rng);
        }
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) mod avx512 {
    use super::super::playout::{GROUP, KEY, LED, SKUS, TRUMPS_LO, ULTIMO};
    use super::super::{Dab, Deal, Trick, TrickRecord};
    use super::LANES;
    use crate::action::Named;
    use crate::points::POINTS;
    use std::arch::x86_64::*;
    use tarok_core::{Card, CardSet, PlayoutRng};

    /// Deals in one register: eight 64-bit lanes.
    const WIDTH: usize = 8;

    type V = __m512i;
    type Lanes = [u64; WIDTH];

    /// Whether the CPU has what [`plain_tricks`] is compiled for (cached by the standard library).
    pub fn available() -> bool {
        is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512bw")
            && is_x86_feature_detected!("avx512dq")
            && is_x86_feature_detected!("avx512vpopcntdq")
            && is_x86_feature_detected!("avx512vbmi")
            && is_x86_feature_detected!("avx512bitalg")
    }

    /// The first 128 entries of a table by card id (78 used), for `vpermi2b`.
    const fn by_id(f: [u8; 256]) -> [u8; 128] {
        let mut t = [0; 128];
        let mut i = 0;
        while i < 128 {
            t[i] = f[i];
            i += 1;
        }
        t
    }

    /// The rank key of each card when its own group is led (`KEY`): trumps and cards of the
    /// led group keep this key, all others have 0.
    static OWN_KEY: [u8; 128] = {
        let mut t = [0; 128];
        let mut i = 0;
        while i < 78 {
            t[i] = KEY[GROUP[i] as usize][i];
            i += 1;
        }
        t
    };
    static GROUP_BY_ID: [u8; 128] = by_id(GROUP);
    static POINTS_BY_ID: [u8; 128] = by_id(POINTS);
    /// The cards to follow by the led group (0 to 5), as the two halves.
    static LED_BY_GROUP: [Lanes; 2] = {
        let mut t = [[0; WIDTH]; 2];
        let mut i = 0;
        while i < 78 {
            let g = GROUP[i] as usize;
            t[0][g] = LED[i][0];
            t[1][g] = LED[i][1];
            i += 1;
        }
        t
    };

    /// The group (`GROUP`) of each name a led skus can have, by its index in `Named::ALL`: the
    /// four suits, then trump.
    pub(super) const GROUP_OF_NAMED: Lanes = [1, 2, 3, 4, 0, 0, 0, 0];

    /// Each lane's lowest byte, for the byte-table lookups.
    const LOW_BYTES: u64 = 0x0101_0101_0101_0101;

    fn v(a: Lanes) -> V {
        // SAFETY: both are 64 plain bytes.
        unsafe { std::mem::transmute(a) }
    }

    fn lanes(x: V) -> Lanes {
        // SAFETY: both are 64 plain bytes.
        unsafe { std::mem::transmute(x) }
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    fn splat(x: u64) -> V {
        _mm512_set1_epi64(x as i64)
    }

    /// A 128-entry byte table as two registers.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    fn table(t: &[u8; 128]) -> [V; 2] {
        // SAFETY: 128 readable bytes; unaligned loads.
        unsafe {
            [
                _mm512_loadu_si512(t.as_ptr().cast()),
                _mm512_loadu_si512(t.as_ptr().add(64).cast()),
            ]
        }
    }

    /// `t[id]` in each lane.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    fn look_up(t: [V; 2], id: V) -> V {
        _mm512_maskz_permutex2var_epi8(LOW_BYTES, t[0], id, t[1])
    }

    /// `x`, as a value the compiler knows nothing about.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    fn opaque(mut x: V) -> V {
        // SAFETY: an empty instruction sequence.
        unsafe { std::arch::asm!("/* {0} */", inout(zmm_reg) x, options(pure, nomem, nostack)) };
        x
    }

    /// The next number of each lane's `PlayoutRng` whose state, after the step, is `s`: the
    /// high and low words of the 128-bit product xored, with the high word from 32-bit parts.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    fn wyrand(s: V) -> V {
        let b = _mm512_xor_si512(s, splat(PlayoutRng::MIX));
        let lo = _mm512_mullo_epi64(s, b);
        let (s1, b1) = (_mm512_srli_epi64::<32>(s), _mm512_srli_epi64::<32>(b));
        // Hidden from LLVM, which otherwise sees the 128-bit product in what follows and
        // computes it lane by lane with scalar multiplies.
        let (s1, b1) = (opaque(s1), opaque(b1));
        let p00 = _mm512_mul_epu32(s, b);
        let p01 = _mm512_mul_epu32(s, b1);
        let p10 = _mm512_mul_epu32(s1, b);
        let p11 = _mm512_mul_epu32(s1, b1);
        let t = _mm512_add_epi64(p10, _mm512_srli_epi64::<32>(p00));
        let w = _mm512_add_epi64(_mm512_and_si512(t, splat(u32::MAX as u64)), p01);
        let hi = _mm512_add_epi64(
            _mm512_add_epi64(p11, _mm512_srli_epi64::<32>(t)),
            _mm512_srli_epi64::<32>(w),
        );
        _mm512_xor_si512(hi, lo)
    }

    /// `tarok_core::rng::below` in each lane, for `n` below 2^32: `(x * n) >> 64` from the two
    /// 32-bit halves of `x`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    fn below(x: V, n: V) -> V {
        let lo = _mm512_mul_epu32(x, n);
        let hi = _mm512_mul_epu32(_mm512_srli_epi64::<32>(x), n);
        _mm512_srli_epi64::<32>(_mm512_add_epi64(hi, _mm512_srli_epi64::<32>(lo)))
    }

    /// The number of cards in each lane's set `lo | hi << 64`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    fn count(lo: V, hi: V) -> V {
        _mm512_add_epi64(_mm512_popcnt_epi64(lo), _mm512_popcnt_epi64(hi))
    }

    /// Where the `r`-th set bit of a 4-bit value `v` is: `NTH_OF_NIBBLE[v | r << 4]`.
    static NTH_OF_NIBBLE: [u8; 64] = {
        let mut t = [0; 64];
        let mut i = 0;
        while i < 64 {
            let (v, mut r) = (i & 15, i >> 4);
            let mut b = 0;
            while b < 4 {
                if v & (1 << b) != 0 {
                    if r == 0 {
                        t[i] = b as u8;
                        break;
                    }
                    r -= 1;
                }
                b += 1;
            }
            i += 1;
        }
        t
    };

    /// The position of the `r`-th set bit of each lane's `x`: the byte it is in from the
    /// bytes' running counts, then the half of that byte, then a table.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    fn nth_bit(x: V, r: V, nth_of_nibble: V) -> V {
        let per_byte = _mm512_popcnt_epi8(x);
        // Byte i: the set bits of bytes 0 to i.
        let running = _mm512_mullo_epi64(per_byte, splat(LOW_BYTES));
        // Each lane's r in all its bytes: byte 0 or 8 of each 16-byte block.
        const EIGHTS: i64 = 0x0808_0808_0808_0808;
        let r_bytes = _mm512_shuffle_epi8(
            r,
            _mm512_set_epi64(EIGHTS, 0, EIGHTS, 0, EIGHTS, 0, EIGHTS, 0),
        );
        // The bytes wholly before the bit.
        let before = _mm512_cmple_epu8_mask(running, r_bytes);
        let bytes = _mm512_sad_epu8(_mm512_maskz_set1_epi8(before, 1), _mm512_setzero_si512());
        let mut shift = _mm512_slli_epi64::<3>(bytes);
        let mut v = _mm512_and_si512(_mm512_srlv_epi64(x, shift), splat(0xff));
        let earlier = _mm512_srlv_epi64(_mm512_sub_epi64(running, per_byte), shift);
        let mut r = _mm512_sub_epi64(r, _mm512_and_si512(earlier, splat(0xff)));
        // Which half of the byte.
        let c = _mm512_popcnt_epi64(_mm512_and_si512(v, splat(15)));
        let up = _mm512_cmpge_epu64_mask(r, c);
        v = _mm512_mask_srli_epi64::<4>(v, up, v);
        r = _mm512_mask_sub_epi64(r, up, r, c);
        shift = _mm512_mask_add_epi64(shift, up, shift, splat(4));
        let index = _mm512_or_si512(_mm512_and_si512(v, splat(15)), _mm512_slli_epi64::<4>(r));
        _mm512_add_epi64(
            shift,
            _mm512_maskz_permutexvar_epi8(LOW_BYTES, index, nth_of_nibble),
        )
    }

    /// The `k`-th card of each lane's set `lo | hi << 64` (`CardSet::nth`): its bit in the two
    /// halves and its id. Lanes with `k` out of range get some card, which nothing uses.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    fn select(lo: V, hi: V, k: V, nth_of_nibble: V) -> (V, V, V) {
        let in_lo = _mm512_popcnt_epi64(lo);
        let upper = _mm512_cmpge_epu64_mask(k, in_lo);
        let x = _mm512_mask_blend_epi64(upper, lo, hi);
        let r = _mm512_mask_sub_epi64(k, upper, k, in_lo);
        let pos = nth_bit(x, r, nth_of_nibble);
        let bit = _mm512_sllv_epi64(splat(1), pos);
        (
            _mm512_maskz_mov_epi64(!upper, bit),
            _mm512_maskz_mov_epi64(upper, bit),
            _mm512_mask_add_epi64(pos, upper, pos, splat(64)),
        )
    }

    /// A follower's random legal card, as `FollowRule::play`: the led group if held, else trumps
    /// if held, else anything, and the skus besides (trick 24's bar never applies: no lane
    /// holds the skus after trick 22).
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    fn follow(lo: V, hi: V, led: [V; 2], x: V, nth_of_nibble: V) -> (V, V, V) {
        let skus = splat(SKUS);
        let l = _mm512_andnot_si512(skus, lo);
        let (fl, fh) = (_mm512_and_si512(l, led[0]), _mm512_and_si512(hi, led[1]));
        let f = _mm512_or_si512(fl, fh);
        let follows = _mm512_test_epi64_mask(f, f);
        let trumps = _mm512_and_si512(l, splat(TRUMPS_LO));
        let trumped = _mm512_test_epi64_mask(trumps, trumps);
        let m_lo =
            _mm512_mask_blend_epi64(follows, _mm512_mask_blend_epi64(trumped, l, trumps), fl);
        let m_hi = _mm512_mask_blend_epi64(follows, _mm512_maskz_mov_epi64(!trumped, hi), fh);
        let m_lo = _mm512_or_si512(m_lo, _mm512_and_si512(lo, skus));
        select(m_lo, m_hi, below(x, count(m_lo, m_hi)), nth_of_nibble)
    }

    /// Of three registers by seat, the one of seat `(leader + turn) % 3` in each lane, where
    /// `one` and `two` are the lanes whose leader is seat 1 and seat 2.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    fn of_turn(by_seat: &[V; 3], turn: usize, one: __mmask8, two: __mmask8) -> V {
        let seat = |s: usize| by_seat[(s + turn) % 3];
        _mm512_mask_blend_epi64(two, _mm512_mask_blend_epi64(one, seat(0), seat(1)), seat(2))
    }

    /// What a lane brings back to its deal when it leaves the registers.
    struct Leaving<'a> {
        lo: [Lanes; 3],
        hi: [Lanes; 3],
        /// Points and tricks won in the registers (`Eight::counts`).
        counts: Lanes,
        /// The tricks played in the registers, packed (`pack`), by round.
        log: &'a [Lanes],
        first: &'a Lanes,
    }

    impl Leaving<'_> {
        /// Writes lane `i` back to `d`: hands, counts, the trick log with its payments in play
        /// and the trick number, or the end of the deal after trick 25 (`log_trick`).
        fn write(&self, i: usize, d: &mut Deal) {
            for s in 0..3 {
                d.hands[s] =
                    CardSet::from_bits((self.hi[s][i] as u128) << 64 | self.lo[s][i] as u128);
                d.points[s] += (self.counts[i] >> (8 * s)) as u8;
                d.tricks_won[s] += (self.counts[i] >> (8 * (s + 3))) as u8;
            }
            let first = self.first[i] as usize;
            let rounds = self.log.len();
            let trick = |record: TrickRecord| Trick {
                leader: record.leader,
                cards: record.cards,
                n: 3,
                named: record.named,
                dab: Dab::None,
            };
            for (round, slot) in self.log.iter().zip(&mut d.log[first - 1..]) {
                *slot = unpack(round[i]).0;
            }
            for (j, round) in self.log.iter().enumerate() {
                if round[i] & PAYS != 0 {
                    let (record, wi) = unpack(round[i]);
                    // `pay_in_play` reads the trick number (for the last trick).
                    d.trick_no = (first + j) as u8;
                    d.pay_in_play(trick(record), wi);
                }
            }
            if first + rounds == 26 {
                let (record, wi) = unpack(self.log[rounds - 1][i]);
                d.trick_no = 25;
                d.end(trick(record), record.winner, wi);
            } else {
                d.trick_no = (first + rounds) as u8;
            }
        }
    }

    /// A trick as one word: the three cards' ids, the leader, the winner and his place, whether
    /// payments are due, and the name of a led skus (its index in `Named::ALL` plus 1).
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    fn pack(ids: [V; 3], leader: V, winner: V, wi: V, pays: __mmask8, named: V) -> V {
        let or = _mm512_or_si512;
        let word = or(
            or(
                or(ids[0], _mm512_slli_epi64::<8>(ids[1])),
                or(
                    _mm512_slli_epi64::<16>(ids[2]),
                    _mm512_slli_epi64::<24>(leader),
                ),
            ),
            or(_mm512_slli_epi64::<32>(winner), _mm512_slli_epi64::<40>(wi)),
        );
        let word = or(word, _mm512_slli_epi64::<56>(named));
        _mm512_mask_or_epi64(word, pays, word, splat(PAYS))
    }

    /// In a packed trick: payments in play are due (`pay_in_play`).
    const PAYS: u64 = 1 << 48;

    /// The lanes of a mask.
    fn each(mut mask: u8) -> impl Iterator<Item = usize> {
        std::iter::from_fn(move || {
            let i = mask.trailing_zeros() as usize;
            mask &= mask.wrapping_sub(1);
            (i < WIDTH).then_some(i)
        })
    }

    /// A packed trick (`pack`) as the record the deal keeps, and the winner's place in it.
    fn unpack(w: u64) -> (TrickRecord, usize) {
        let [c0, c1, c2, leader, winner, wi, _, named] = w.to_le_bytes();
        let record = TrickRecord {
            leader,
            cards: [c0, c1, c2].map(Card::from_index),
            named: Named::ALL.get((named as usize).wrapping_sub(1)).copied(),
            winner,
        };
        (record, wi as usize)
    }

    /// The tables the tricks look up, in registers.
    #[derive(Clone, Copy)]
    struct Tables {
        own_key: [V; 2],
        group: [V; 2],
        card_points: [V; 2],
        led_by_group: [V; 2],
        group_of_named: V,
        nth_of_nibble: V,
    }

    impl Tables {
        #[inline]
        #[target_feature(
            enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg"
        )]
        fn load() -> Tables {
            Tables {
                own_key: table(&OWN_KEY),
                group: table(&GROUP_BY_ID),
                card_points: table(&POINTS_BY_ID),
                led_by_group: LED_BY_GROUP.map(v),
                group_of_named: v(GROUP_OF_NAMED),
                // SAFETY: 64 readable bytes.
                nth_of_nibble: unsafe { _mm512_loadu_si512(NTH_OF_NIBBLE.as_ptr().cast()) },
            }
        }
    }

    /// Eight deals in one set of registers: their hands, leaders, trick numbers, generators and
    /// what they have won so far, and the tricks played in the registers.
    struct Eight {
        /// The lanes still playing here.
        active: u8,
        /// The lanes whose rules give the renaming right.
        renaming: u8,
        first: Lanes,
        lo: [V; 3],
        hi: [V; 3],
        leader: V,
        trick_no: V,
        state: V,
        /// Byte `s` the card points and byte `s + 3` the tricks won by seat `s` in the registers.
        counts: V,
        /// The skus's points as they add to its owner's byte of `counts`.
        skus_home: V,
        /// The tricks played in the registers, packed (`pack`), by round.
        log: [Lanes; 25],
        round: usize,
    }

    /// A trick after its lead.
    struct Lead {
        /// The generator's state after one number and after three.
        s1: V,
        s3: V,
        x1: V,
        x2: V,
        skus_lead: __mmask8,
        /// The name of a led skus, by its index in `Named::ALL`.
        named: V,
        card: (V, V, V),
        led_group: V,
        led: [V; 2],
        second: (V, V),
        third: (V, V),
    }

    impl Eight {
        /// The deals at the start of a plain trick before trick 23 play here; the others are
        /// left to `play_out`.
        #[inline]
        #[target_feature(
            enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg"
        )]
        fn new(deals: &[Deal], rngs: &[PlayoutRng]) -> Eight {
            let (mut active, mut renaming) = (0u8, 0u8);
            let (mut lo, mut hi) = ([[0u64; WIDTH]; 3], [[0u64; WIDTH]; 3]);
            let (mut leader, mut trick_no, mut owner, mut state) =
                ([0; WIDTH], [0; WIDTH], [0; WIDTH], [0; WIDTH]);
            for (i, d) in deals.iter().enumerate() {
                if d.plain_trick_next() && d.trick_no <= 22 {
                    active |= 1 << i;
                }
                renaming |= (d.rules.skus_renaming_right as u8) << i;
                for s in 0..3 {
                    lo[s][i] = d.hands[s].bits() as u64;
                    hi[s][i] = (d.hands[s].bits() >> 64) as u64;
                }
                leader[i] = d.trick.leader as u64;
                trick_no[i] = d.trick_no as u64;
                owner[i] = d.skus_owner as u64;
                state[i] = rngs[i].state();
            }
            let zero = _mm512_setzero_si512();
            Eight {
                active,
                renaming,
                first: trick_no,
                lo: lo.map(v),
                hi: hi.map(v),
                leader: v(leader),
                trick_no: v(trick_no),
                state: v(state),
                counts: zero,
                skus_home: v(owner.map(|s| 4 << (8 * s))),
                log: [[0; WIDTH]; 25],
                round: 0,
            }
        }

        /// The trick's three numbers and its lead: a card other than the skus, or the skus
        /// under one of five names; and what the followers must follow.
        #[inline]
        #[target_feature(
            enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg"
        )]
        fn lead(&self, t: &Tables) -> Lead {
            let (one, skus) = (splat(1), splat(SKUS));
            let s1 = _mm512_add_epi64(self.state, splat(PlayoutRng::STEP));
            let s2 = _mm512_add_epi64(s1, splat(PlayoutRng::STEP));
            let s3 = _mm512_add_epi64(s2, splat(PlayoutRng::STEP));
            let by_one = _mm512_cmpeq_epi64_mask(self.leader, one);
            let by_two = _mm512_cmpeq_epi64_mask(self.leader, splat(2));
            let turn = |t| {
                (
                    of_turn(&self.lo, t, by_one, by_two),
                    of_turn(&self.hi, t, by_one, by_two),
                )
            };
            let (lead_lo, lead_hi) = turn(0);
            let l = _mm512_andnot_si512(skus, lead_lo);
            let n = count(l, lead_hi);
            let holds_skus = _mm512_test_epi64_mask(lead_lo, skus);
            let k = below(
                wyrand(s1),
                _mm512_mask_add_epi64(n, holds_skus, n, splat(5)),
            );
            let skus_lead = self.active & _mm512_cmpge_epu64_mask(k, n);
            let named = _mm512_sub_epi64(k, n);
            let (b_lo, b_hi, id) = select(l, lead_hi, k, t.nth_of_nibble);
            let card = (
                _mm512_mask_mov_epi64(b_lo, skus_lead, skus),
                _mm512_maskz_mov_epi64(!skus_lead, b_hi),
                _mm512_mask_mov_epi64(id, skus_lead, splat(Card::SKUS.index() as u64)),
            );
            let led_group = _mm512_mask_permutexvar_epi64(
                look_up(t.group, card.2),
                skus_lead,
                named,
                t.group_of_named,
            );
            Lead {
                s1,
                s3,
                x1: wyrand(s2),
                x2: wyrand(s3),
                skus_lead,
                named,
                card,
                led_group,
                led: t
                    .led_by_group
                    .map(|g| _mm512_permutexvar_epi64(led_group, g)),
                second: turn(1),
                third: turn(2),
            }
        }

        /// The followers' cards.
        #[inline]
        #[target_feature(
            enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg"
        )]
        fn follow(lead: &Lead, t: &Tables) -> [(V, V, V); 2] {
            [
                follow(
                    lead.second.0,
                    lead.second.1,
                    lead.led,
                    lead.x1,
                    t.nth_of_nibble,
                ),
                follow(
                    lead.third.0,
                    lead.third.1,
                    lead.led,
                    lead.x2,
                    t.nth_of_nibble,
                ),
            ]
        }

        /// Ends the trick: the lanes where a follower may rename the skus leave first; in the
        /// others the winner takes the trick, and the lanes that reach trick 23 while the skus is
        /// held, or the end of the deal, leave.
        #[inline]
        #[target_feature(
            enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg"
        )]
        fn finish(
            &mut self,
            deals: &mut [Deal],
            rngs: &mut [PlayoutRng],
            lead: Lead,
            follows: [(V, V, V); 2],
            t: &Tables,
        ) {
            let (zero, one, skus) = (_mm512_setzero_si512(), splat(1), splat(SKUS));
            let Lead {
                skus_lead,
                named,
                led_group,
                ..
            } = lead;
            // The renaming right (`lead_skus`): a suit named that neither other player holds.
            let others_lo =
                _mm512_and_si512(_mm512_or_si512(lead.second.0, lead.third.0), lead.led[0]);
            let others_hi =
                _mm512_and_si512(_mm512_or_si512(lead.second.1, lead.third.1), lead.led[1]);
            let others = _mm512_or_si512(others_lo, others_hi);
            let renames = skus_lead
                & self.renaming
                & _mm512_cmplt_epu64_mask(named, splat(4))
                & _mm512_testn_epi64_mask(others, others);
            if renames != 0 {
                // These lanes leave before the trick, with one number drawn.
                let out = self.leaving();
                let (named, s1, seat) = (lanes(named), lanes(lead.s1), lanes(self.leader));
                for i in each(renames) {
                    let d = &mut deals[i];
                    out.write(i, d);
                    d.trick = Trick::new(seat[i] as u8);
                    d.lead_skus(Named::ALL[named[i] as usize]);
                    rngs[i] = PlayoutRng::new(s1[i]);
                }
                self.active &= !renames;
            }

            // The winner: the highest rank key (`KEY`), as in `plain_trick`; a led skus has
            // none. When neither follower could follow the named group or trump, the first of
            // them sets the suit (`winner_index`).
            let [(b0_lo, b0_hi, id0), (b1_lo, b1_hi, id1), (b2_lo, b2_hi, id2)] =
                [lead.card, follows[0], follows[1]];
            let (g1, g2) = (look_up(t.group, id1), look_up(t.group, id2));
            let key = |g: V, id: V, led: V| {
                let counts = _mm512_cmpeq_epi64_mask(g, led) | _mm512_cmpeq_epi64_mask(g, zero);
                _mm512_maskz_mov_epi64(counts, look_up(t.own_key, id))
            };
            let (k0, k1, k2) = (
                look_up(t.own_key, id0),
                key(g1, id1, led_group),
                key(g2, id2, led_group),
            );
            let either = _mm512_or_si512(k1, k2);
            let unfollowed = skus_lead & _mm512_testn_epi64_mask(either, either);
            let k1 = _mm512_mask_mov_epi64(k1, unfollowed, look_up(t.own_key, id1));
            let k2 = _mm512_mask_mov_epi64(k2, unfollowed, key(g2, id2, g1));
            let second_wins = _mm512_cmpgt_epu64_mask(k1, k0);
            let third_wins = _mm512_cmpgt_epu64_mask(k2, _mm512_max_epu64(k0, k1));
            let wi = _mm512_mask_mov_epi64(
                _mm512_maskz_mov_epi64(second_wins, one),
                third_wins,
                splat(2),
            );
            let winner = _mm512_add_epi64(self.leader, wi);
            let winner = _mm512_mask_sub_epi64(
                winner,
                _mm512_cmpge_epu64_mask(winner, splat(3)),
                winner,
                splat(3),
            );
            let won_lo = _mm512_mask_blend_epi64(
                third_wins,
                _mm512_mask_blend_epi64(second_wins, b0_lo, b1_lo),
                b2_lo,
            );
            let won_hi = _mm512_mask_blend_epi64(
                third_wins,
                _mm512_mask_blend_epi64(second_wins, b0_hi, b1_hi),
                b2_hi,
            );
            let all_lo = _mm512_or_si512(_mm512_or_si512(b0_lo, b1_lo), b2_lo);
            let all_hi = _mm512_or_si512(_mm512_or_si512(b0_hi, b1_hi), b2_hi);

            // Points (`count_points`): the skus's 4 to its owner, the rest to the winner.
            let with_skus = _mm512_test_epi64_mask(all_lo, skus);
            let total = _mm512_add_epi64(
                _mm512_add_epi64(look_up(t.card_points, id0), look_up(t.card_points, id1)),
                look_up(t.card_points, id2),
            );
            let total = _mm512_mask_sub_epi64(total, with_skus, total, splat(4));
            let byte = _mm512_slli_epi64::<3>(winner);
            let won = _mm512_sllv_epi64(_mm512_add_epi64(total, splat(1 << 24)), byte);
            let counts = _mm512_add_epi64(self.counts, won);
            self.counts = _mm512_mask_add_epi64(counts, with_skus, counts, self.skus_home);

            // Payments in play, as `plain_trick` decides them, are made when a lane leaves.
            let (ult_lo, ult_hi) = (
                splat(ULTIMO.bits() as u64),
                splat((ULTIMO.bits() >> 64) as u64),
            );
            let ultimo = count(
                _mm512_and_si512(all_lo, ult_lo),
                _mm512_and_si512(all_hi, ult_hi),
            );
            let won_ultimo =
                _mm512_test_epi64_mask(won_lo, ult_lo) | _mm512_test_epi64_mask(won_hi, ult_hi);
            let pagat_wins = _mm512_test_epi64_mask(won_lo, one);
            let pays = _mm512_cmpgt_epu64_mask(ultimo, _mm512_maskz_mov_epi64(won_ultimo, one))
                | pagat_wins;
            let named = _mm512_maskz_add_epi64(skus_lead, named, one);
            self.log[self.round] =
                lanes(pack([id0, id1, id2], self.leader, winner, wi, pays, named));
            self.round += 1;

            // Each card leaves the one hand that held it.
            for s in 0..3 {
                self.lo[s] = _mm512_andnot_si512(all_lo, self.lo[s]);
                self.hi[s] = _mm512_andnot_si512(all_hi, self.hi[s]);
            }
            self.leader = winner;
            self.trick_no = _mm512_add_epi64(self.trick_no, one);
            self.state = lead.s3;

            // From trick 23 on, only while nobody holds the skus: no demand round, nothing
            // barred in trick 24, no lead passing in trick 25 (`start_trick`).
            let held = _mm512_or_si512(_mm512_or_si512(self.lo[0], self.lo[1]), self.lo[2]);
            let leave = self.active
                & (_mm512_cmpeq_epi64_mask(self.trick_no, splat(23))
                    & _mm512_test_epi64_mask(held, skus)
                    | _mm512_cmpeq_epi64_mask(self.trick_no, splat(26)));
            if leave != 0 {
                let out = self.leaving();
                let (seat, s3) = (lanes(self.leader), lanes(lead.s3));
                for i in each(leave) {
                    let d = &mut deals[i];
                    out.write(i, d);
                    if !d.is_over() {
                        d.start_trick(seat[i] as u8);
                    }
                    rngs[i] = PlayoutRng::new(s3[i]);
                }
                self.active &= !leave;
            }
        }

        fn leaving(&self) -> Leaving<'_> {
            Leaving {
                lo: self.lo.map(lanes),
                hi: self.hi.map(lanes),
                counts: lanes(self.counts),
                log: &self.log[..self.round],
                first: &self.first,
            }
        }
    }

    /// Plays the tricks of every deal that is at the start of a plain trick before trick 23
    /// (`plain_trick_next`), and leaves each deal and generator where `play_out` would be at a
    /// skus lead that gives the renaming right, at the start of trick 23 while the skus is held,
    /// or at the end. Two sets of eight, their steps interleaved, so that one set's work fills
    /// the other's waits.
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,avx512vbmi,avx512bitalg")]
    pub fn plain_tricks(deals: &mut [Deal; LANES], rngs: &mut [PlayoutRng; LANES]) {
        let t = Tables::load();
        let (deals_a, deals_b) = deals.split_at_mut(WIDTH);
        let (rngs_a, rngs_b) = rngs.split_at_mut(WIDTH);
        let (mut a, mut b) = (Eight::new(deals_a, rngs_a), Eight::new(deals_b, rngs_b));
        while a.active | b.active != 0 {
            let (lead_a, lead_b) = (a.lead(&t), b.lead(&t));
            let (follow_a, follow_b) = (Eight::follow(&lead_a, &t), Eight::follow(&lead_b, &t));
            a.finish(deals_a, rngs_a, lead_a, follow_a, &t);
            b.finish(deals_b, rngs_b, lead_b, follow_b, &t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Named;
    use crate::deal::Phase;
    use crate::family::first_leads;
    use crate::ruleset::{Preset, Ruleset};
    use tarok_core::DealRng;

    /// Plays eight deals out side by side and each alone, from the same generators, and asserts
    /// the same end states and generators.
    fn assert_as_alone(deals: [Deal; LANES], rngs: [PlayoutRng; LANES], what: &str) {
        let (mut side, mut side_rngs) = (deals, rngs);
        Deal::play_out_lanes(&mut side, &mut side_rngs);
        for i in 0..LANES {
            let (mut d, mut rng) = (deals[i], rngs[i]);
            d.play_out_with_rng(&mut rng);
            assert_eq!(side[i], d, "{what}, lane {i}");
            assert_eq!(side_rngs[i], rng, "{what}, lane {i}");
        }
    }

    /// The play-out tests' presets and variants, and each preset with the skus followed only
    /// when void (no lanes at all).
    fn rulesets() -> Vec<Ruleset> {
        let mut all = super::super::playout::tests::rulesets();
        for p in Preset::ALL {
            let mut r = p.ruleset();
            r.skus_follow_freely = !r.skus_follow_freely;
            all.push(r);
        }
        all
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_groups_of_the_names() {
        for (i, n) in Named::ALL.into_iter().enumerate() {
            let g = avx512::GROUP_OF_NAMED[i] as u8;
            assert!(
                n.cards()
                    .iter()
                    .all(|c| super::super::playout::GROUP[c.index() as usize] == g),
                "{n:?}"
            );
        }
    }

    /// A skus led in a suit or trump that neither follower can follow or trump: the first of
    /// them sets the suit. Random play before trick 23 rarely gets there, so a study does: the
    /// leader holds the skus, trumps and spar, the followers hearts and a ruder each.
    #[test]
    fn side_by_side_a_skus_lead_nobody_follows_as_alone() {
        let text =
            "dk-dtf-2011 X,T5,T6,S2,S3,S4/H2,H4,H6,H8,HD,R2/H3,H5,H7,H9,HK,R3 20 0:- -/- 7,6,6 -";
        let setup = crate::position::parse(text).unwrap().position_setup();
        for rules in rulesets() {
            let d = Deal::from_position(rules, &setup);
            let mut rng = DealRng::seed(3);
            for round in 0..50 {
                let rngs = std::array::from_fn(|_| PlayoutRng::from_deal_rng(&mut rng));
                assert_as_alone([d; LANES], rngs, &format!("{rules:?}, round {round}"));
            }
        }
    }

    /// As `tarok bench` plays: eight of its first leads at a time.
    #[test]
    fn side_by_side_from_the_first_lead_as_alone() {
        for rules in rulesets() {
            let starts = first_leads(rules, 64);
            let mut rng = DealRng::seed(7);
            for round in 0..500 {
                let deals = std::array::from_fn(|i| starts[(round * LANES + i) % starts.len()]);
                let rngs = std::array::from_fn(|_| PlayoutRng::from_deal_rng(&mut rng));
                assert_as_alone(deals, rngs, &format!("{rules:?}, round {round}"));
            }
        }
    }

    /// Deals at every stage side by side: before the first lead, mid-trick, in the demand
    /// round, at a renaming, later than trick 22, over.
    #[test]
    fn side_by_side_from_any_point_as_alone() {
        for rules in rulesets() {
            for round in 0..100u64 {
                let mut rng = DealRng::seed(round);
                let deals = std::array::from_fn(|i| {
                    let seed = round * LANES as u64 + i as u64;
                    let mut d = Deal::from_seed(rules, seed);
                    let extra = rng.below(80);
                    let mut played = 0;
                    while !d.is_over() && (d.phase() != Phase::Play || played < extra) {
                        played += (d.phase() == Phase::Play) as u32;
                        let a = d.random_action(&mut rng);
                        d.apply(a).unwrap();
                    }
                    d
                });
                let rngs = std::array::from_fn(|_| PlayoutRng::from_deal_rng(&mut rng));
                assert_as_alone(deals, rngs, &format!("{rules:?}, round {round}"));
            }
        }
    }
}
