//! The skat: the dealer lays 3 of his 28 cards (000 §6, L511-561; 003 §5, L30 p.11).

use crate::declare::declarations;
use crate::error::RuleError;
use crate::ruleset::{Ruleset, SkatPagat, SkatSkus, SkatTrumpRule};
use tarok_core::{Card, CardSet};

/// Cards the skat rules never allow from the dealer's 28-card `hand`: kings (000 L515), and by
/// the preset's switches the pagat (L522-535), T21 (L516) and the skus (L550-561, L585).
pub fn forbidden(hand: CardSet, rules: &Ruleset) -> CardSet {
    let mut f = CardSet::KINGS;
    let pagat_ok = match rules.skat_allow_pagat {
        SkatPagat::Never => false,
        SkatPagat::Always => true,
        // Bendz: 3 or fewer numbered trumps in the hand, the skus not counted (000 L522-524).
        SkatPagat::IfAtMost3Trumps => hand.trumps().len() <= 3,
    };
    if !pagat_ok {
        f.insert(Card::PAGAT);
    }
    if !rules.skat_allow_t21 {
        f.insert(Card::T21);
    }
    if rules.skat_allow_skus == SkatSkus::Never {
        f.insert(Card::SKUS);
    }
    f
}

/// Whether a laid skus must be said: only under the tout-attempt rule (000 L555-556).
fn skus_announced(discard: CardSet, rules: &Ruleset) -> bool {
    rules.skat_allow_skus == SkatSkus::ToutAttemptAnnounced && discard.contains(Card::SKUS)
}

/// Court cards that belong to a suit declaration of the 28-card hand: they may be laid only
/// when unavoidable, and then they are announced (000 L511-512; 003 §5.4). Not the kings,
/// trumps and skus, which rules 1-5 protect outright (000 §6.2): those never go, not even
/// when unavoidable.
pub fn declaration_cards(hand: CardSet, rules: &Ruleset) -> CardSet {
    let mut protected = CardSet::EMPTY;
    for d in declarations(hand, rules).iter() {
        protected |= d.cards(hand);
    }
    protected - CardSet::TRUMPS.with(Card::SKUS) - CardSet::KINGS
}

/// The trump rule alone: which trumps a 3-card discard may contain.
fn trumps_ok(hand: CardSet, discard: CardSet, rules: &Ruleset) -> Result<(), RuleError> {
    let laid = discard.trumps();
    if laid.is_empty() {
        return Ok(());
    }
    match rules.skat_trump_rule {
        // Trumps only to become void in numbered trumps (000 L537-538, L584; 003 L30 p.11).
        SkatTrumpRule::VoidOnly => {
            if (hand - discard).trumps().is_empty() {
                Ok(())
            } else {
                Err(RuleError::SkatTrumpsNotVoid)
            }
        }
        // With at most 3 numbered trumps, any of them may be laid, without becoming void.
        SkatTrumpRule::PartialAtMost3 => {
            if hand.trumps().len() <= 3 {
                Ok(())
            } else {
                Err(RuleError::SkatTooManyTrumps)
            }
        }
        // 3 trumps, or 2 trumps with the skus, may be laid, even T21 and the pagat (000 L539-544).
        SkatTrumpRule::Historic => {
            let all = hand.trumps();
            let may = all.len() == 3 || (all.len() == 2 && hand.contains(Card::SKUS));
            if may && (hand - discard).trumps().is_empty() {
                Ok(())
            } else {
                Err(RuleError::SkatTrumpsNotVoid)
            }
        }
    }
}

/// The absolute rules: size, own cards, forbidden cards, trumps.
fn basic(hand: CardSet, discard: CardSet, rules: &Ruleset) -> Result<(), RuleError> {
    if discard.len() != 3 {
        return Err(RuleError::SkatSize(discard.len()));
    }
    if let Some(c) = (discard - hand).lowest() {
        return Err(RuleError::NotInHand(c));
    }
    let forbidden_here = if rules.skat_trump_rule == SkatTrumpRule::Historic {
        // The historic rule lays T21 and the pagat with the other trumps.
        forbidden(hand, rules) - CardSet::TRUMPS
    } else {
        forbidden(hand, rules)
    };
    if let Some(c) = (discard & forbidden_here).lowest() {
        return Err(RuleError::SkatForbidden(c));
    }
    trumps_ok(hand, discard, rules)
}

/// Every 3-card subset of the hand, in a fixed order. The cards are copied into an array on
/// the stack, so that listing the discards allocates nothing.
fn triples(hand: CardSet) -> impl Iterator<Item = CardSet> {
    let mut cards = [Card::SKUS; 78];
    let mut n = 0;
    for c in hand.iter() {
        cards[n] = c;
        n += 1;
    }
    (0..n).flat_map(move |i| {
        (i + 1..n).flat_map(move |j| {
            (j + 1..n).map(move |k| CardSet::from_iter([cards[i], cards[j], cards[k]]))
        })
    })
}

/// The single discard left when the rules allow none (a freak hand): every other card first,
/// declaration cards included, then the lowest numbered trumps the skat switches do not forbid
/// (not T1 and T21 under the presets' defaults), each announced (003 D-JC-8, used in all
/// presets: docs/rules/danish.md §6).
fn fallback(hand: CardSet, rules: &Ruleset) -> CardSet {
    let forbidden = forbidden(hand, rules);
    let others = hand - CardSet::TRUMPS - forbidden;
    let mut d = CardSet::EMPTY;
    for c in others.iter().chain((hand.trumps() - forbidden).iter()) {
        if d.len() == 3 {
            break;
        }
        d.insert(c);
    }
    d
}

/// What the dealer must announce when laying `discard`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SkatAnnouncement {
    /// Declaration cards laid because it could not be avoided (000 L512).
    pub declaration_cards: CardSet,
    /// Trumps laid under the freak-hand fallback (003 D-JC-8).
    pub fallback_trumps: CardSet,
    /// The skus was laid under `SkatSkus::ToutAttemptAnnounced`: it must be said (000 L556).
    /// Under `SkatSkus::Always` a laid skus is not announced (000 L550).
    pub skus: bool,
}

impl SkatAnnouncement {
    /// Every card the dealer names when laying the skat.
    pub fn cards(&self) -> CardSet {
        let skus = if self.skus {
            CardSet::single(Card::SKUS)
        } else {
            CardSet::EMPTY
        };
        self.declaration_cards | self.fallback_trumps | skus
    }
}

/// Checks a discard against every skat rule. A declaration card may be laid only when no
/// legal discard avoids them (000 AMB-08); when nothing is legal, the fallback applies.
pub fn check(
    hand: CardSet,
    discard: CardSet,
    rules: &Ruleset,
) -> Result<SkatAnnouncement, RuleError> {
    let protected = declaration_cards(hand, rules);
    let any_basic = triples(hand).any(|d| basic(hand, d, rules).is_ok());
    if !any_basic {
        let only = fallback(hand, rules);
        return if discard == only {
            Ok(SkatAnnouncement {
                declaration_cards: discard & protected,
                fallback_trumps: discard.trumps(),
                skus: skus_announced(discard, rules),
            })
        } else {
            Err(RuleError::SkatFallback(only))
        };
    }
    basic(hand, discard, rules)?;
    let laid = discard & protected;
    if !laid.is_empty()
        && triples(hand).any(|d| (d & protected).is_empty() && basic(hand, d, rules).is_ok())
    {
        return Err(RuleError::SkatDeclarationCard(
            laid.lowest().expect("not empty"),
        ));
    }
    Ok(SkatAnnouncement {
        declaration_cards: laid,
        fallback_trumps: CardSet::EMPTY,
        skus: skus_announced(discard, rules),
    })
}

/// Every legal discard (at most 3,276 for 28 cards).
pub fn legal_discards(hand: CardSet, rules: &Ruleset) -> Vec<CardSet> {
    let mut all = Vec::new();
    each_legal_discard(hand, rules, |d| all.push(d));
    all
}

/// Each legal discard in turn, in the order of [`legal_discards`], without allocating: the
/// discards that keep the declaration cards if there are any, else every discard the absolute
/// rules allow, else the freak hand's fallback.
pub fn each_legal_discard(hand: CardSet, rules: &Ruleset, mut emit: impl FnMut(CardSet)) {
    let protected = declaration_cards(hand, rules);
    let legal = |d: &CardSet| basic(hand, *d, rules).is_ok();
    let (mut any, mut clean) = (false, false);
    for d in triples(hand).filter(legal) {
        any = true;
        if (d & protected).is_empty() {
            clean = true;
            break;
        }
    }
    if !any {
        return emit(fallback(hand, rules));
    }
    for d in triples(hand).filter(legal) {
        if !clean || (d & protected).is_empty() {
            emit(d);
        }
    }
}

/// The set whose every triple, in hand order, is the list of legal discards
/// ([`each_legal_discard`]), when the list is that simple: the trump rule either allows every
/// trump of the set or none (most hands). `None` otherwise (a hand with 1 to 3 numbered trumps
/// under the void-only rule, the historic rule's exception, a freak hand), where only the
/// listing tells.
pub fn discard_pool(hand: CardSet, rules: &Ruleset) -> Option<CardSet> {
    let trumps = hand.trumps().len();
    let forbidden_here = if rules.skat_trump_rule == SkatTrumpRule::Historic {
        forbidden(hand, rules) - CardSet::TRUMPS
    } else {
        forbidden(hand, rules)
    };
    let allowed = hand - forbidden_here;
    let pool = match rules.skat_trump_rule {
        SkatTrumpRule::VoidOnly if trumps == 0 || trumps > 3 => allowed - CardSet::TRUMPS,
        SkatTrumpRule::PartialAtMost3 if trumps <= 3 => allowed,
        SkatTrumpRule::PartialAtMost3 => allowed - CardSet::TRUMPS,
        SkatTrumpRule::Historic if !(trumps == 3 || (trumps == 2 && hand.contains(Card::SKUS))) => {
            allowed - CardSet::TRUMPS
        }
        _ => return None,
    };
    if pool.len() < 3 {
        return None;
    }
    // Discards that keep the declaration cards, if there are any (000 AMB-08).
    let clean = pool - declaration_cards(hand, rules);
    Some(if clean.len() >= 3 { clean } else { pool })
}

/// Triples of an `n`-card set.
pub fn triple_count(n: u32) -> u32 {
    n * n.saturating_sub(1) * n.saturating_sub(2) / 6
}

/// The `k`-th triple of `set` in the order of [`triples`] (lexicographic in card order).
pub fn nth_triple(set: CardSet, mut k: u32) -> CardSet {
    let n = set.len();
    let mut out = CardSet::EMPTY;
    let mut from = 0;
    for left in (0..3u32).rev() {
        // Triples (or pairs, singles) that begin with each card in turn.
        loop {
            let with = choose(n - from - 1, left);
            if k < with {
                break;
            }
            k -= with;
            from += 1;
        }
        out.insert(set.nth(from).expect("k is below the number of triples"));
        from += 1;
    }
    out
}

fn choose(n: u32, k: u32) -> u32 {
    match k {
        0 => 1,
        1 => n,
        _ => n * n.saturating_sub(1) / 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Preset;

    /// The pool's triples are the legal discards, in the same order, for the hands of many
    /// random deals of every preset and every trump rule.
    #[test]
    fn the_discard_pool_lists_the_legal_discards() {
        let mut pooled = 0;
        for preset in [Preset::Dtf2011, Preset::Hjoerring2016, Preset::Moeller] {
            for trump_rule in [
                SkatTrumpRule::VoidOnly,
                SkatTrumpRule::Historic,
                SkatTrumpRule::PartialAtMost3,
            ] {
                let mut rules = preset.ruleset();
                rules.skat_trump_rule = trump_rule;
                for seed in 0..300 {
                    let d = crate::Deal::from_seed(rules, seed);
                    let hand = d.hand(crate::settle::DEALER);
                    let all = legal_discards(hand, &rules);
                    if let Some(pool) = discard_pool(hand, &rules) {
                        pooled += 1;
                        let n = triple_count(pool.len());
                        assert_eq!(n as usize, all.len(), "{hand}");
                        for (k, d) in all.iter().enumerate() {
                            assert_eq!(nth_triple(pool, k as u32), *d);
                        }
                    }
                }
            }
        }
        assert!(pooled > 2000, "{pooled} hands had a pool");
    }

    const FILLER: &str = "S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 H10 H9 H8 H7 H6 H5 H4 H3";

    fn hand(extra: &str) -> CardSet {
        let h = CardSet::parse(&format!("{FILLER} {extra}")).unwrap();
        assert_eq!(h.len(), 28, "test hand must have 28 cards");
        h
    }

    fn rules() -> Ruleset {
        Preset::Dtf2011.ruleset()
    }

    fn lay(h: CardSet, d: &str) -> Result<SkatAnnouncement, RuleError> {
        check(h, CardSet::parse(d).unwrap(), &rules())
    }

    #[test]
    fn no_kings() {
        let h = hand("SK HK T2 T3 T4 T5 T6 T7 T8 T9");
        assert_eq!(
            lay(h, "SK S1 S2"),
            Err(RuleError::SkatForbidden(Card::king(tarok_core::Suit::Spar)))
        );
    }

    #[test]
    fn no_pagat_even_to_become_void() {
        let h = hand("T1 R10 R9 R8 R7 R6 R5 R4 R3 R2");
        assert_eq!(
            lay(h, "T1 S1 S2"),
            Err(RuleError::SkatForbidden(Card::PAGAT))
        );
        let mut r = rules();
        r.skat_allow_pagat = SkatPagat::Always;
        assert!(check(h, CardSet::parse("T1 S1 S2").unwrap(), &r).is_ok());
    }

    #[test]
    fn bendz_pagat_with_at_most_3_numbered_trumps() {
        let with = |p| Ruleset {
            skat_allow_pagat: p,
            ..rules()
        };
        let lay_with = |h, d, p| check(h, CardSet::parse(d).unwrap(), &with(p));
        // Exactly 3 numbered trumps, the pagat among them: all three may go (void, 000 L537).
        let h3 = hand("T1 T5 T8 R10 R9 R8 R7 R6 R5 R4");
        assert!(lay_with(h3, "T1 T5 T8", SkatPagat::IfAtMost3Trumps).is_ok());
        assert!(lay_with(h3, "T1 T5 T8", SkatPagat::Always).is_ok());
        assert_eq!(
            lay_with(h3, "T1 T5 T8", SkatPagat::Never),
            Err(RuleError::SkatForbidden(Card::PAGAT))
        );
        // 3 numbered trumps and the skus: the skus is not counted (000 L1713-1715).
        let h3x = hand("T1 T5 T8 X R9 R8 R7 R6 R5 R4");
        assert!(lay_with(h3x, "T1 T5 T8", SkatPagat::IfAtMost3Trumps).is_ok());
        // 4 numbered trumps: the pagat itself is forbidden, not only the trump rule broken.
        let h4 = hand("T1 T5 T8 T9 R9 R8 R7 R6 R5 R4");
        assert_eq!(
            lay_with(h4, "T1 T5 T8", SkatPagat::IfAtMost3Trumps),
            Err(RuleError::SkatForbidden(Card::PAGAT))
        );
        assert_eq!(
            lay_with(h4, "T1 T5 T8", SkatPagat::Always),
            Err(RuleError::SkatTrumpsNotVoid)
        );
        // With 21 trumps Bendz forbids the pagat, so the freak-hand fallback takes T2, not
        // the pagat as its lowest trump (003 D-JC-8).
        let freak = CardSet::parse("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 X SK HK RK KK S1 S2").unwrap();
        assert_eq!(
            legal_discards(freak, &with(SkatPagat::IfAtMost3Trumps)),
            vec![CardSet::parse("S1 S2 T2").unwrap()]
        );
    }

    #[test]
    fn no_t21() {
        let h = hand("T21 R10 R9 R8 R7 R6 R5 R4 R3 R2");
        assert_eq!(
            lay(h, "T21 S1 S2"),
            Err(RuleError::SkatForbidden(Card::T21))
        );
    }

    #[test]
    fn no_skus() {
        let h = hand("X R10 R9 R8 R7 R6 R5 R4 R3 R2");
        assert_eq!(lay(h, "X S1 S2"), Err(RuleError::SkatForbidden(Card::SKUS)));
    }

    #[test]
    fn trumps_only_to_become_void() {
        let h = hand("T5 T8 X R10 R9 R8 R7 R6 R5 R4");
        // Both trumps: void (the skus stays, it is no trump here: 000 L1500-1507).
        assert!(lay(h, "T5 T8 S1").is_ok());
        // Only one of them: not void.
        assert_eq!(lay(h, "T5 S1 S2"), Err(RuleError::SkatTrumpsNotVoid));
        // Four trumps can never be laid void.
        let h4 = hand("T5 T8 T9 T10 R9 R8 R7 R6 R5 R4");
        assert_eq!(lay(h4, "T5 T8 T9"), Err(RuleError::SkatTrumpsNotVoid));
        // Holding the pagat, no trump may be laid at all (000 AMB-07).
        let hp = hand("T1 T8 R10 R9 R8 R7 R6 R5 R4 R3");
        assert_eq!(lay(hp, "T8 S1 S2"), Err(RuleError::SkatTrumpsNotVoid));
    }

    #[test]
    fn declaration_cards_only_when_unavoidable() {
        // Halvt i ruder (RK RD RC + X): RD and RC are declaration cards.
        let h = hand("RK RD RC X T2 T3 T4 T5 T6 T7");
        assert_eq!(
            lay(h, "RD S1 S2"),
            Err(RuleError::SkatDeclarationCard(Card::suited(
                tarok_core::Suit::Ruder,
                tarok_core::Rank::Dame
            )))
        );
        assert!(lay(h, "S1 S2 S3").is_ok());
        // Court cards outside a declaration may be laid (000 L1715-1716).
        let h2 = hand("RD RC T2 T3 T4 T5 T6 T7 T9 T10");
        assert!(lay(h2, "RD RC S1").is_ok());
    }

    #[test]
    fn declaration_cards_when_unavoidable_are_announced() {
        // 18 trumps + X + 4 kings + courts of a full suit + 1 other: only the courts and one
        // card are not otherwise forbidden, and the trumps cannot be laid.
        let h = CardSet::parse("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 X SK HK RK KK SD SC SKn S1 T20").unwrap();
        assert_eq!(h.len(), 28);
        let a = check(h, CardSet::parse("SD SC S1").unwrap(), &rules()).unwrap();
        assert_eq!(a.declaration_cards, CardSet::parse("SD SC").unwrap());
        assert_eq!(a.cards(), a.declaration_cards, "the dealer names them");
    }

    #[test]
    fn freak_hand_falls_back_to_the_lowest_trumps() {
        // 21 trumps + skus + 4 kings + 2 others (003 D-JC-8).
        let h = CardSet::parse("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 X SK HK RK KK S1 S2").unwrap();
        let legal = legal_discards(h, &rules());
        assert_eq!(legal, vec![CardSet::parse("S1 S2 T2").unwrap()]);
        let a = check(h, legal[0], &rules()).unwrap();
        assert_eq!(a.fallback_trumps, CardSet::single(Card::trump(2)));
        // Only the trump is named: the two small spades rest on no declaration.
        assert_eq!(a.declaration_cards, CardSet::EMPTY);
        assert_eq!(a.cards(), CardSet::single(Card::trump(2)));
        assert!(matches!(
            check(h, CardSet::parse("S1 S2 T3").unwrap(), &rules()),
            Err(RuleError::SkatFallback(_))
        ));
    }

    #[test]
    fn a_laid_skus_is_announced_only_under_the_tout_attempt_rule() {
        let h = hand("X R10 R9 R8 R7 R6 R5 R4 R3 R2");
        let with = |k| Ruleset {
            skat_allow_skus: k,
            ..rules()
        };
        let d = CardSet::parse("X S1 S2").unwrap();
        // Never: forbidden (000 L561, L585).
        assert_eq!(
            check(h, d, &with(SkatSkus::Never)),
            Err(RuleError::SkatForbidden(Card::SKUS))
        );
        assert!(legal_discards(h, &with(SkatSkus::Never))
            .iter()
            .all(|d| !d.contains(Card::SKUS)));
        // Tout attempt: laid and said (000 L555-556).
        let a = check(h, d, &with(SkatSkus::ToutAttemptAnnounced)).unwrap();
        assert!(a.skus);
        assert!(a.cards().contains(Card::SKUS));
        // Always: laid, nothing said (000 L550).
        let a = check(h, d, &with(SkatSkus::Always)).unwrap();
        assert!(!a.skus);
        assert!(!a.cards().contains(Card::SKUS));
        // A discard without the skus announces nothing under either rule.
        let other = CardSet::parse("S1 S2 S3").unwrap();
        assert!(
            !check(h, other, &with(SkatSkus::ToutAttemptAnnounced))
                .unwrap()
                .skus
        );
    }

    #[test]
    fn size_and_ownership() {
        let h = hand("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11");
        assert_eq!(lay(h, "S1 S2"), Err(RuleError::SkatSize(2)));
        assert_eq!(
            lay(h, "S1 S2 R1"),
            Err(RuleError::NotInHand(Card::suited(
                tarok_core::Suit::Ruder,
                tarok_core::Rank::Pip(1)
            )))
        );
    }

    #[test]
    fn historic_trump_rule() {
        let mut r = rules();
        r.skat_trump_rule = SkatTrumpRule::Historic;
        // 2 trumps with the skus: even T21 and the pagat may go.
        let h = hand("T21 T1 X R10 R9 R8 R7 R6 R5 R4");
        assert!(check(h, CardSet::parse("T21 T1 S1").unwrap(), &r).is_ok());
        // 2 trumps without the skus: no.
        let h2 = hand("T21 T1 R2 R10 R9 R8 R7 R6 R5 R4");
        assert!(check(h2, CardSet::parse("T21 T1 S1").unwrap(), &r).is_err());
    }

    #[test]
    fn partial_trump_rule_lays_some_of_at_most_3_trumps() {
        let h = hand("T2 T3 T4 R10 R9 R8 R7 R6 R5 R4");
        // By default only all three, to become void.
        assert_eq!(lay(h, "T2 T3 S1"), Err(RuleError::SkatTrumpsNotVoid));
        assert!(lay(h, "T2 T3 T4").is_ok());
        let mut r = rules();
        r.skat_trump_rule = SkatTrumpRule::PartialAtMost3;
        let partial = CardSet::parse("T2 T3 S1").unwrap();
        assert!(check(h, partial, &r).is_ok());
        assert!(legal_discards(h, &r).contains(&partial));
        // Four numbered trumps (the skus not counting): none may go.
        let h4 = hand("T2 T3 T4 T5 X R9 R8 R7 R6 R5");
        assert_eq!(
            check(h4, CardSet::parse("T2 S1 S2").unwrap(), &r),
            Err(RuleError::SkatTooManyTrumps)
        );
        // T21 stays forbidden by its own switch.
        let h21 = hand("T21 T3 T4 R10 R9 R8 R7 R6 R5 R4");
        assert!(check(h21, CardSet::parse("T21 S1 S2").unwrap(), &r).is_err());
    }

    #[test]
    fn every_listed_discard_passes_the_check() {
        let h = hand("RK RD RC X T2 T3 T4 T5 T6 T7");
        for d in legal_discards(h, &rules()) {
            assert!(check(h, d, &rules()).is_ok(), "{d}");
        }
    }
}
