//! The random playout on a compact 54-bit card layout (x86-64 with BMI2 and POPCNT).
//!
//! The pack's card ids spread over 78 bits, so every `CardSet` operation works on two 64-bit
//! words. For random playouts the play state is packed into one `u64` per set (tarocks at bits
//! 0..21, then 8 bits per suit in id order, so every "highest card" and "above" test stays a bit
//! test), played out trick by trick with the state in locals, and unpacked at the end. The rules are
//! those of [`PlayState::legal_cards`] and [`PlayState::play_unchecked`]; a unit test checks that
//! both paths play exactly the same cards.

#![cfg(target_arch = "x86_64")]

use crate::contract::PlayMode;
use crate::play::{Kaiser, PlayState};
use std::arch::x86_64::{_pdep_u64, _pext_u64};
use tarok_core::{Card, CardSet, DealRng};

/// The pack's bits in the low word of a `CardSet`: 22 tarocks and suits 0–2 (46 bits).
const LO_MASK: u64 = (CardSet::PACK54.bits() & u64::MAX as u128) as u64;
/// Suit 3 sits at bits 6..13 of the high word.
const HI_SHIFT: u32 = 6;
const TAR: u64 = (1 << 22) - 1;
const TRULL: u64 = 1 | (1 << 20) | (1 << 21);
const PAGAT: u64 = 1;

/// Card id of each compact index.
const ID: [u8; 54] = {
    let mut t = [0u8; 54];
    let mut i = 0;
    while i < 54 {
        t[i] = if i < 22 {
            i as u8
        } else {
            let s = (i - 22) / 8;
            let r = (i - 22) % 8;
            (22 + 14 * s + 6 + r) as u8
        };
        i += 1;
    }
    t
};

#[inline(always)]
fn follow(ci: u32) -> u64 {
    if ci < 22 {
        TAR
    } else {
        0xFFu64 << (22 + 8 * ((ci - 22) / 8))
    }
}

#[inline(always)]
fn above(ci: u32) -> u64 {
    !((2u64 << ci) - 1)
}

#[target_feature(enable = "bmi2,popcnt")]
unsafe fn pack(set: CardSet) -> u64 {
    let b = set.bits();
    _pext_u64(b as u64, LO_MASK) | ((((b >> 64) as u64 >> HI_SHIFT) & 0xFF) << 46)
}

#[target_feature(enable = "bmi2,popcnt")]
unsafe fn unpack(c: u64) -> CardSet {
    let lo = _pdep_u64(c & ((1 << 46) - 1), LO_MASK) as u128;
    let hi = (((c >> 46) & 0xFF) << HI_SHIFT) as u128;
    CardSet::from_bits(lo | (hi << 64))
}

/// The card of each compact index.
const CARD: [Card; 54] = {
    let mut t = [Card::PAGAT; 54];
    let mut i = 0;
    while i < 54 {
        t[i] = Card::from_index(ID[i]);
        i += 1;
    }
    t
};

#[inline(always)]
fn card_of(ci: u32) -> Card {
    CARD[ci as usize]
}

const POSITIVE: u8 = 0;
const NEGATIVE: u8 = 1;
const COLOUR: u8 = 2;

#[inline(always)]
fn legal<const MODE: u8>(hand: u64, pos: u32, lmask: u64, best: u32, guard: u64) -> u64 {
    match MODE {
        POSITIVE => {
            let mut legal = if pos == 0 {
                hand
            } else {
                let f = hand & lmask;
                if f != 0 {
                    f
                } else {
                    let t = hand & TAR;
                    if t != 0 {
                        t
                    } else {
                        hand
                    }
                }
            };
            if guard != 0 {
                let g = hand & guard;
                if g.count_ones() >= 2 {
                    let keep = 1u64 << (63 - g.leading_zeros());
                    let l2 = legal & !(g & !keep);
                    if l2 != 0 {
                        legal = l2;
                    }
                }
            }
            legal
        }
        NEGATIVE => {
            let tarocks = hand & TAR;
            let barred = tarocks.count_ones() > 1;
            if pos == 0 {
                return if barred { hand & !PAGAT } else { hand };
            }
            let f = hand & lmask;
            let mut a = if f != 0 {
                f
            } else if tarocks != 0 {
                tarocks
            } else {
                hand
            };
            if barred {
                a &= !PAGAT;
            }
            let beaters = if best < 22 {
                TAR & above(best)
            } else {
                TAR | (lmask & above(best))
            };
            let b = a & beaters;
            if b != 0 {
                b
            } else {
                a
            }
        }
        _ => {
            if pos == 0 {
                let s = hand & !TAR;
                if s != 0 {
                    s
                } else {
                    hand
                }
            } else {
                let f = hand & lmask;
                if f != 0 {
                    f
                } else if lmask != TAR {
                    let t = hand & TAR;
                    if t != 0 {
                        t
                    } else {
                        hand
                    }
                } else {
                    hand
                }
            }
        }
    }
}

/// Plays `p` out at random from the start of a trick.
///
/// # Safety
/// The CPU must support BMI2 and POPCNT.
#[target_feature(enable = "bmi2,popcnt")]
pub unsafe fn random_playout(p: &mut PlayState, rng: &mut DealRng) {
    // One copy of the loop per play mode, so the mode is not re-examined for every card.
    match p.mode {
        PlayMode::Positive => run::<POSITIVE>(p, rng),
        PlayMode::Negative => run::<NEGATIVE>(p, rng),
        PlayMode::Colour => run::<COLOUR>(p, rng),
    }
}

#[target_feature(enable = "bmi2,popcnt")]
unsafe fn run<const MODE: u8>(p: &mut PlayState, rng_out: &mut DealRng) {
    debug_assert!(p.played.is_multiple_of(4));
    // Locals, so the generator state and the rules stay in registers.
    let mut rng = *rng_out;
    let (kaiser_rule, early_end, declarers, target) =
        (p.kaiser, p.early_end, p.declarers, p.target);
    let mut hands = [0u64; 4];
    let mut taken = [0u64; 4];
    for s in 0..4 {
        hands[s] = pack(p.hands[s]);
        taken[s] = pack(p.taken[s]);
    }
    let guard = pack(p.bird_guard);
    let mut tricks_won = p.tricks_won;
    let mut leader = p.leader as u32;
    let mut played = p.played as usize;
    let mut decided = p.decided;
    let (mut tset, mut lmask, mut best, mut bpos) = (0u64, 0u64, 0u32, 0u32);
    let mut any = false;
    while played < 48 && !decided {
        any = true;
        let mut lead = 0u32;
        for pos in 0..4u32 {
            let seat = ((leader + pos) & 3) as usize;
            let hand = hands[seat];
            let l = legal::<MODE>(hand, pos, lmask, best, guard);
            let k = rng.below(l.count_ones());
            let ci = tarok_core::cpu::select_in_word_pdep(l, k);
            let bit = 1u64 << ci;
            hands[seat] = hand & !bit;
            p.cards[played] = card_of(ci);
            played += 1;
            if pos == 0 {
                lead = ci;
                lmask = follow(ci);
                tset = bit;
                best = ci;
                bpos = 0;
            } else {
                tset |= bit;
                let beats = if MODE == COLOUR {
                    lmask & bit != 0 && ci > best
                } else if ci < 22 {
                    best >= 22 || ci > best
                } else {
                    best >= 22 && lmask & bit != 0 && ci > best
                };
                if beats {
                    best = ci;
                    bpos = pos;
                }
            }
        }
        let kaiser = match kaiser_rule {
            Kaiser::Never => false,
            Kaiser::Always => true,
            Kaiser::TrullLed => TRULL & (1 << lead) != 0,
            Kaiser::TarockLed => lead < 22,
        } && tset & TRULL == TRULL;
        let t = played / 4 - 1;
        let pos = if kaiser {
            (0..4)
                .find(|&i| p.cards[4 * t + i].index() == 0)
                .expect("pagat") as u32
        } else {
            bpos
        };
        let w = ((leader + pos) & 3) as usize;
        taken[w] |= tset;
        tricks_won[w] += 1;
        p.leaders[t] = leader as u8;
        p.winners[t] = w as u8;
        leader = w as u32;
        if MODE == NEGATIVE && early_end && declarers != 0 {
            decided = (0..4).all(|s| declarers & (1 << s) == 0 || tricks_won[s] > target);
        }
    }
    *rng_out = rng;
    for s in 0..4 {
        p.hands[s] = unpack(hands[s]);
        p.taken[s] = unpack(taken[s]);
    }
    p.tricks_won = tricks_won;
    p.leader = leader as u8;
    p.played = played as u8;
    p.decided = decided;
    if any {
        p.trick_set = unpack(tset);
        p.led_mask = crate::cards::follow_mask(p.cards[p.played as usize - 4]);
        p.best = card_of(best);
        p.best_pos = bpos as u8;
    }
}
