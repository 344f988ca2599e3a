//! `CardSet`: a set of cards as a `u128` bitmask (bit = card id, see [`crate::card`]).
//!
//! Every operation is a few bit instructions and never allocates, so hands, tricks and
//! legal-move sets can be copied freely in the hot paths.

use crate::card::{Card, Suit, PACK_SIZE, SUIT_BASE};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u128);

const SUIT_MASK: u128 = (1 << 14) - 1;

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// The full 78-card pack.
    pub const PACK78: CardSet = CardSet((1u128 << PACK_SIZE) - 1);
    /// The 21 numbered trumps (without the skus).
    pub const TRUMPS: CardSet = CardSet((1 << 21) - 1);
    /// The four kings.
    pub const KINGS: CardSet = CardSet(
        (1u128 << (SUIT_BASE + 13))
            | (1u128 << (SUIT_BASE + 27))
            | (1u128 << (SUIT_BASE + 41))
            | (1u128 << (SUIT_BASE + 55)),
    );
    /// The 54-card Austrian pack: all trumps, the skus, and the top eight ranks of each suit
    /// (red K D C J 1 2 3 4; black K D C J 10 9 8 7).
    pub const PACK54: CardSet = CardSet(
        ((1 << 22) - 1)
            | (0xFF << (SUIT_BASE + 6))
            | (0xFF << (SUIT_BASE + 20))
            | (0xFF << (SUIT_BASE + 34))
            | (0xFF << (SUIT_BASE + 48)),
    );

    #[inline]
    pub const fn from_bits(bits: u128) -> CardSet {
        CardSet(bits & Self::PACK78.0)
    }

    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    #[inline]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// The 14 cards of one suit.
    #[inline]
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(SUIT_MASK << (SUIT_BASE as u32 + 14 * suit as u32))
    }

    /// The court cards (*billedkort*: K, D, C, Kn) of one suit.
    #[inline]
    pub const fn courts(suit: Suit) -> CardSet {
        CardSet(0b1111 << (SUIT_BASE as u32 + 14 * suit as u32 + 10))
    }

    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.index();
    }

    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.index());
    }

    #[inline]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | (1 << card.index()))
    }

    #[inline]
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.index()))
    }

    #[inline]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    #[inline]
    pub const fn intersect(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    #[inline]
    pub const fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    #[inline]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The numbered trumps in this set.
    #[inline]
    pub const fn trumps(self) -> CardSet {
        CardSet(self.0 & Self::TRUMPS.0)
    }

    /// The cards of one suit in this set.
    #[inline]
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        self.intersect(CardSet::suit(suit))
    }

    /// The card with the highest id: within one suit (or within the trumps) the best card.
    #[inline]
    pub const fn highest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card::from_index(127 - self.0.leading_zeros() as u8))
        }
    }

    /// The card with the lowest id.
    #[inline]
    pub const fn lowest(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Some(Card::from_index(self.0.trailing_zeros() as u8))
        }
    }

    /// The `n`-th card in id order (0-based), if there are more than `n` cards. Asks the CPU
    /// ([`crate::cpu::level`], cached) on every call; loops compiled per CPU feature set call
    /// [`CardSet::nth_single`] or [`CardSet::nth_single_pdep`] instead.
    #[inline]
    pub fn nth(self, n: u32) -> Option<Card> {
        #[cfg(target_arch = "x86_64")]
        {
            if crate::cpu::has_bmi2() {
                // SAFETY: the CPU has BMI2 and POPCNT, checked just above.
                return unsafe { nth_bmi2(self.0, n) }.map(Card::from_index);
            }
        }
        nth_portable(self.0, n).map(Card::from_index)
    }

    /// A uniformly random card of the set by one draw of `below(len)` (drawn also for an empty
    /// set, which gives `None`): the random playouts' choice of a legal card.
    #[inline]
    pub fn pick(self, rng: &mut impl crate::Below) -> Option<Card> {
        self.nth(rng.below(self.len()))
    }

    /// The `n`-th card in id order as a one-card set, without special instructions. `n` must be
    /// below [`CardSet::len`], else the result is unspecified.
    #[inline(always)]
    pub fn nth_single(self, n: u32) -> CardSet {
        debug_assert!(n < self.len());
        let lo = self.0 as u64;
        let in_lo = lo.count_ones();
        let bit = if n < in_lo {
            1u128 << crate::cpu::select_in_word(lo, n)
        } else {
            1u128 << (64 + crate::cpu::select_in_word((self.0 >> 64) as u64, n - in_lo))
        };
        CardSet(bit)
    }

    /// [`CardSet::nth_single`] by `pdep`: both halves at once and a conditional move, not a
    /// branch, which random play would mispredict. `n` must be below [`CardSet::len`], else
    /// the result is unspecified.
    ///
    /// # Safety
    /// The CPU must have BMI2 ([`crate::cpu::has_bmi2`]). Meant to be inlined into a function
    /// compiled with `#[target_feature(enable = "bmi2,popcnt")]`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub unsafe fn nth_single_pdep(self, n: u32) -> CardSet {
        use std::arch::x86_64::_pdep_u64;
        debug_assert!(n < self.len());
        let (lo, hi) = (self.0 as u64, (self.0 >> 64) as u64);
        let in_lo = lo.count_ones();
        // `pdep` deposits nothing when the half has fewer than `n + 1` cards.
        // SAFETY: the caller guarantees BMI2.
        let (bit_lo, bit_hi) = unsafe {
            (
                _pdep_u64(1 << (n & 63), lo),
                _pdep_u64(1 << (n.wrapping_sub(in_lo) & 63), hi),
            )
        };
        let (lo, hi) = std::hint::select_unpredictable(n < in_lo, (bit_lo, 0), (0, bit_hi));
        CardSet((hi as u128) << 64 | lo as u128)
    }

    #[inline]
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }

    /// Parses a list of cards separated by spaces or commas. Unknown and repeated cards are errors.
    #[inline]
    pub fn parse(text: &str) -> Result<CardSet, CardListError> {
        let mut set = CardSet::EMPTY;
        for token in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let card: Card = token.parse().map_err(CardListError::Card)?;
            if set.contains(card) {
                return Err(CardListError::Repeated(card));
            }
            set.insert(card);
        }
        Ok(set)
    }
}

/// Why a card list could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardListError {
    #[error(transparent)]
    Card(crate::card::ParseCardError),
    #[error("card {0} is listed twice")]
    Repeated(Card),
}

/// Iterates a `CardSet` in id order.
#[derive(Clone)]
pub struct Iter(u128);

impl Iterator for Iter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card::from_index(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

/// Highest id first, for move lists that try high cards first.
impl DoubleEndedIterator for Iter {
    #[inline]
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = 127 - self.0.leading_zeros() as u8;
        self.0 &= !(1u128 << i);
        Some(Card::from_index(i))
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitor(self, rhs: CardSet) -> CardSet {
        self.union(rhs)
    }
}

impl BitOrAssign for CardSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitand(self, rhs: CardSet) -> CardSet {
        self.intersect(rhs)
    }
}

impl BitAndAssign for CardSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    #[inline]
    fn sub(self, rhs: CardSet) -> CardSet {
        self.minus(rhs)
    }
}

impl SubAssign for CardSet {
    #[inline]
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The complement within the 78-card pack.
    #[inline]
    fn not(self) -> CardSet {
        CardSet(!self.0 & Self::PACK78.0)
    }
}

impl From<Card> for CardSet {
    fn from(c: Card) -> CardSet {
        CardSet::single(c)
    }
}

impl fmt::Display for CardSet {
    /// Cards in notation, separated by single spaces, trumps first, then suits S H R K from
    /// the top: the order players sort a hand in.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        let mut put = |f: &mut fmt::Formatter<'_>, c: Card| {
            let r = if first {
                write!(f, "{c}")
            } else {
                write!(f, " {c}")
            };
            first = false;
            r
        };
        if self.contains(Card::SKUS) {
            put(f, Card::SKUS)?;
        }
        for c in self.trumps().iter().rev() {
            put(f, c)?;
        }
        for s in Suit::ALL {
            for c in self.of_suit(s).iter().rev() {
                put(f, c)?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

impl serde::Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let s = String::deserialize(d)?;
        CardSet::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// [`CardSet::nth`] without special instructions.
#[inline(always)]
fn nth_portable(bits: u128, n: u32) -> Option<u8> {
    let set = CardSet(bits);
    (n < set.len()).then(|| set.nth_single(n).0.trailing_zeros() as u8)
}

/// [`CardSet::nth`] by `pdep`. Compiled with POPCNT too, as the baseline target has no
/// popcount instruction and the bit-twiddling fallback costs a dozen instructions a word.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,popcnt")]
unsafe fn nth_bmi2(bits: u128, n: u32) -> Option<u8> {
    let set = CardSet(bits);
    if n >= set.len() {
        return None;
    }
    // SAFETY: this function is compiled for BMI2, so the CPU has it.
    Some(unsafe { set.nth_single_pdep(n) }.0.trailing_zeros() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Rank;
    use proptest::prelude::*;

    #[test]
    fn pack_sizes() {
        assert_eq!(CardSet::PACK78.len(), 78);
        assert_eq!(CardSet::PACK54.len(), 54);
        assert_eq!(CardSet::TRUMPS.len(), 21);
        assert_eq!(CardSet::KINGS.len(), 4);
        for s in Suit::ALL {
            assert_eq!(CardSet::suit(s).len(), 14);
            assert_eq!(CardSet::courts(s).len(), 4);
            assert!(CardSet::courts(s)
                .iter()
                .all(|c| c.rank().unwrap().is_court()));
            assert!(CardSet::KINGS.contains(Card::king(s)));
        }
    }

    #[test]
    fn austrian_pack_is_the_right_subset() {
        // docs/rules/koenigrufen.md §2: red K D C J 1 2 3 4, black K D C J 10 9 8 7.
        let p = CardSet::PACK54;
        assert!(p.contains(Card::SKUS));
        assert!(CardSet::TRUMPS.is_subset(p));
        for s in [Suit::Hjerter, Suit::Ruder] {
            for pip in 1..=4 {
                assert!(p.contains(Card::suited(s, Rank::Pip(pip))));
            }
            for pip in 5..=10 {
                assert!(!p.contains(Card::suited(s, Rank::Pip(pip))));
            }
        }
        for s in [Suit::Spar, Suit::Kloer] {
            for pip in 7..=10 {
                assert!(p.contains(Card::suited(s, Rank::Pip(pip))));
            }
            for pip in 1..=6 {
                assert!(!p.contains(Card::suited(s, Rank::Pip(pip))));
            }
        }
    }

    #[test]
    fn highest_of_a_suit_is_its_best_card() {
        let set = CardSet::parse("H1 H10 HKn S10 S1").unwrap();
        assert_eq!(
            set.of_suit(Suit::Hjerter).highest().unwrap().to_string(),
            "HKn"
        );
        assert_eq!(
            set.of_suit(Suit::Hjerter)
                .without("HKn".parse().unwrap())
                .highest()
                .unwrap()
                .to_string(),
            "H1"
        );
        assert_eq!(
            set.of_suit(Suit::Spar).highest().unwrap().to_string(),
            "S10"
        );
    }

    #[test]
    fn parse_and_display() {
        let set = CardSet::parse("X, T1 T21 HK hkn ♠1").unwrap();
        assert_eq!(set.to_string(), "X T21 T1 S1 HK HKn");
        assert_eq!(CardSet::parse(&set.to_string()).unwrap(), set);
        assert_eq!(
            CardSet::parse("HK HK"),
            Err(CardListError::Repeated(Card::king(Suit::Hjerter)))
        );
        assert!(CardSet::parse("HK Q9").is_err());
    }

    proptest! {
        /// Iterating from the high end, or from both ends in turn, gives the same cards.
        #[test]
        fn iterating_from_either_end_agrees(a in any::<u128>()) {
            let x = CardSet::from_bits(a);
            let up: Vec<Card> = x.iter().collect();
            let mut down: Vec<Card> = x.iter().rev().collect();
            down.reverse();
            prop_assert_eq!(&down, &up);
            let (mut front, mut back) = (Vec::new(), Vec::new());
            let mut it = x.iter();
            while let Some(c) = it.next() {
                front.push(c);
                back.extend(it.next_back());
            }
            back.reverse();
            front.extend(back);
            prop_assert_eq!(front, up);
        }

        /// Every way to pick the k-th card picks the same one.
        #[test]
        fn the_kth_card_is_the_same_by_every_path(a in any::<u128>()) {
            let x = CardSet::from_bits(a);
            for (n, card) in x.iter().enumerate() {
                let n = n as u32;
                prop_assert_eq!(x.nth_single(n), CardSet::single(card));
                #[cfg(target_arch = "x86_64")]
                if crate::cpu::has_bmi2() {
                    // SAFETY: checked just above.
                    prop_assert_eq!(unsafe { x.nth_single_pdep(n) }, CardSet::single(card));
                }
            }
            prop_assert_eq!(x.nth(x.len()), None);
        }

        #[test]
        fn set_operations_agree_with_a_model(a in any::<u128>(), b in any::<u128>(), n in 0u32..80) {
            let (x, y) = (CardSet::from_bits(a), CardSet::from_bits(b));
            let model: Vec<Card> = x.iter().collect();
            prop_assert_eq!(model.len() as u32, x.len());
            prop_assert_eq!(x.nth(n), model.get(n as usize).copied());
            prop_assert_eq!(nth_portable(a & CardSet::PACK78.0, n).map(Card::from_index), x.nth(n));
            prop_assert_eq!(x.highest(), model.last().copied());
            prop_assert_eq!((x | y).len() + (x & y).len(), x.len() + y.len());
            prop_assert_eq!((x - y) & y, CardSet::EMPTY);
            prop_assert_eq!(!(!x), x);
        }

        /// Every operation against a model read straight from the bits, not through `iter`.
        #[test]
        fn every_operation_agrees_with_the_bits(a in any::<u128>(), b in any::<u128>(), i in 0u8..78) {
            let ids = |bits: u128| -> Vec<u8> { (0..78).filter(|&k| bits >> k & 1 == 1).collect() };
            let (x, y, card) = (CardSet::from_bits(a), CardSet::from_bits(b), Card::from_index(i));
            let (xs, ys) = (ids(a), ids(b));
            let of = |v: &[u8]| v.iter().map(|&k| Card::from_index(k)).collect::<Vec<_>>();
            prop_assert_eq!(x.bits(), a & CardSet::PACK78.bits());
            prop_assert_eq!(x.iter().collect::<Vec<_>>(), of(&xs));
            prop_assert_eq!(x.iter().size_hint(), (xs.len(), Some(xs.len())));
            prop_assert_eq!(x.lowest(), of(&xs).first().copied());
            prop_assert_eq!(x.contains(card), xs.contains(&i));
            prop_assert_eq!(CardSet::single(card).iter().collect::<Vec<_>>(), [card]);
            prop_assert_eq!(CardSet::from(card), CardSet::single(card));
            let (mut with, mut without) = (x, x);
            with.insert(card);
            without.remove(card);
            prop_assert_eq!(with, x.with(card));
            prop_assert_eq!(without, x.without(card));
            prop_assert!(with.contains(card) && !without.contains(card));
            prop_assert_eq!(with.len(), xs.len() as u32 + u32::from(!xs.contains(&i)));
            prop_assert_eq!(without.len(), xs.len() as u32 - u32::from(xs.contains(&i)));
            let both: Vec<u8> = xs.iter().copied().filter(|k| ys.contains(k)).collect();
            let either: Vec<u8> = (0..78).filter(|k| xs.contains(k) || ys.contains(k)).collect();
            let only: Vec<u8> = xs.iter().copied().filter(|k| !ys.contains(k)).collect();
            let outside: Vec<u8> = (0..78).filter(|k| !xs.contains(k)).collect();
            let (mut or, mut and, mut minus) = (x, x, x);
            or |= y;
            and &= y;
            minus -= y;
            prop_assert_eq!(or.iter().collect::<Vec<_>>(), of(&either));
            prop_assert_eq!(and.iter().collect::<Vec<_>>(), of(&both));
            prop_assert_eq!(minus.iter().collect::<Vec<_>>(), of(&only));
            prop_assert_eq!((!x).iter().collect::<Vec<_>>(), of(&outside));
            prop_assert_eq!(x.is_subset(y), only.is_empty());
            prop_assert_eq!(of(&xs).into_iter().collect::<CardSet>(), x);
            let json = serde_json::to_string(&x).unwrap();
            prop_assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), x);
            prop_assert_eq!(format!("{x:?}"), format!("{{{x}}}"));
        }
    }
}
