//! The CPU features the hot loops use, and selecting the k-th set bit of a word with them.
//!
//! The baseline x86-64 target has neither `popcnt` nor BMI2's `pdep`, so counting a card set
//! costs a dozen instructions a word and picking its k-th card a loop. The random playouts
//! therefore compile their loops a second time with those features and choose the copy once per
//! playout by [`level`]; [`select_in_word`] and [`select_in_word_pdep`] are the two ways to pick
//! a bit, inlined into whichever copy calls them.

use std::sync::atomic::{AtomicU8, Ordering};

/// What the CPU offers the hot loops, from least to most.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Neither `popcnt` nor BMI2 (or not x86-64).
    Portable,
    /// `popcnt` without BMI2.
    Popcnt,
    /// BMI2 (`pdep`, `pext`) and `popcnt`.
    Bmi2,
}

/// 0 until detected, then 1 + the level.
static LEVEL: AtomicU8 = AtomicU8::new(0);

/// The CPU's level, detected once and cached: one relaxed load afterwards, cheap enough to ask
/// per playout or per [`crate::CardSet::nth`].
#[inline]
pub fn level() -> Level {
    match LEVEL.load(Ordering::Relaxed) {
        1 => Level::Portable,
        2 => Level::Popcnt,
        3 => Level::Bmi2,
        _ => detect(),
    }
}

/// Whether the CPU has BMI2 and `popcnt`.
#[inline]
pub fn has_bmi2() -> bool {
    level() == Level::Bmi2
}

#[cold]
fn detect() -> Level {
    #[cfg(target_arch = "x86_64")]
    let level = if std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("popcnt")
    {
        Level::Bmi2
    } else if std::is_x86_feature_detected!("popcnt") {
        Level::Popcnt
    } else {
        Level::Portable
    };
    #[cfg(not(target_arch = "x86_64"))]
    let level = Level::Portable;
    LEVEL.store(level as u8 + 1, Ordering::Relaxed);
    level
}

/// Position of the `k`-th set bit of `w` (0-based); `k` must be below `w.count_ones()`, else the
/// result is unspecified. A branch-free binary descent: random `k` would make a bit-clearing
/// loop mispredict.
#[inline(always)]
pub fn select_in_word(mut w: u64, mut k: u32) -> u32 {
    debug_assert!(k < w.count_ones());
    let mut pos = 0;
    let mut shift = 32u32;
    while shift > 0 {
        let low = (w & ((1u64 << shift) - 1)).count_ones();
        let mask = 0u32.wrapping_sub((k >= low) as u32);
        k -= low & mask;
        let s = shift & mask;
        w >>= s;
        pos += s;
        shift >>= 1;
    }
    pos
}

/// [`select_in_word`] by `pdep`, which deposits a single bit at the `k`-th set bit of a word:
/// one instruction. `k` must be below 64; the result is 64 when `k` is not below
/// `w.count_ones()`.
///
/// # Safety
/// The CPU must have BMI2 ([`has_bmi2`]). Meant to be inlined into a function compiled with
/// `#[target_feature(enable = "bmi2,popcnt")]`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub unsafe fn select_in_word_pdep(w: u64, k: u32) -> u32 {
    // SAFETY: the caller guarantees BMI2.
    unsafe { std::arch::x86_64::_pdep_u64(1u64 << (k & 63), w) }.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_is_detected_once_and_agrees_with_the_standard_library() {
        let l = level();
        assert_eq!(level(), l);
        assert_eq!(has_bmi2(), l == Level::Bmi2);
        #[cfg(target_arch = "x86_64")]
        assert_eq!(
            has_bmi2(),
            std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("popcnt")
        );
    }

    #[test]
    fn both_selections_find_the_kth_bit() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let w = x & (x >> 3);
            let model: Vec<u32> = (0..64).filter(|&b| w & (1 << b) != 0).collect();
            for (k, &b) in model.iter().enumerate() {
                assert_eq!(select_in_word(w, k as u32), b, "{w:#x} {k}");
                #[cfg(target_arch = "x86_64")]
                if has_bmi2() {
                    // SAFETY: checked just above.
                    assert_eq!(unsafe { select_in_word_pdep(w, k as u32) }, b);
                }
            }
            #[cfg(target_arch = "x86_64")]
            if has_bmi2() {
                // SAFETY: as above.
                assert_eq!(unsafe { select_in_word_pdep(w, model.len() as u32) }, 64);
            }
        }
    }
}
