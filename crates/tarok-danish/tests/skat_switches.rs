//! The skus switch seen from the table: a laid skus is public only when the rule says it must
//! be announced (000 L550-556, L630-631).

use tarok_core::{shuffled, Card, CardSet};
use tarok_danish::ruleset::SkatSkus;
use tarok_danish::settle::DEALER;
use tarok_danish::{Action, Deal, DealOptions, Phase, Preset, RuleError, Ruleset};

/// A seeded deal in the skat phase whose dealer holds the skus (the last 3 cards of the deck
/// go to the dealer).
fn dealer_with_skus(skus: SkatSkus) -> Deal {
    let rules = Ruleset {
        skat_allow_skus: skus,
        ..Preset::Dtf2011.ruleset()
    };
    for seed in 0.. {
        let mut deck = shuffled(CardSet::PACK78, seed);
        let i = deck.iter().position(|&c| c == Card::SKUS).unwrap();
        deck.swap(i, 75);
        let mut deal = Deal::new(rules, &deck, DealOptions::default());
        deal.apply_forced();
        if deal.phase() == Phase::Skat {
            assert!(deal.hand(DEALER).contains(Card::SKUS));
            return deal;
        }
    }
    unreachable!()
}

/// Lays the first legal discard holding the skus.
fn lay_skus(deal: &mut Deal) -> CardSet {
    let d = deal
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Discard(d) if d.contains(Card::SKUS) => Some(d),
            _ => None,
        })
        .expect("a legal discard with the skus");
    deal.apply(Action::Discard(d)).unwrap();
    d
}

/// Whether the seats other than the dealer see the skus after the skat.
fn others_see_skus(deal: &Deal) -> [bool; 2] {
    [0, 1].map(|s| {
        let v = deal.view(s);
        assert!(!v.hand.contains(Card::SKUS));
        v.cards_shown().contains(Card::SKUS)
    })
}

#[test]
fn never_the_skus_cannot_be_laid() {
    let mut deal = dealer_with_skus(SkatSkus::Never);
    assert!(deal.legal_actions().iter().all(|a| match a {
        Action::Discard(d) => !d.contains(Card::SKUS),
        _ => true,
    }));
    let others = deal.hand(DEALER) - CardSet::TRUMPS - CardSet::KINGS - CardSet::single(Card::SKUS);
    let mut d = CardSet::single(Card::SKUS);
    for c in others.iter().take(2) {
        d.insert(c);
    }
    assert_eq!(
        deal.apply(Action::Discard(d)),
        Err(RuleError::SkatForbidden(Card::SKUS))
    );
}

#[test]
fn always_the_skus_is_laid_unannounced() {
    let mut deal = dealer_with_skus(SkatSkus::Always);
    lay_skus(&mut deal);
    assert!(!deal.announced().skus);
    assert_eq!(others_see_skus(&deal), [false, false]);
    assert!(deal.view(DEALER).cards_shown().contains(Card::SKUS));
}

#[test]
fn tout_attempt_the_laid_skus_is_announced() {
    let mut deal = dealer_with_skus(SkatSkus::ToutAttemptAnnounced);
    lay_skus(&mut deal);
    assert!(deal.announced().skus);
    assert_eq!(others_see_skus(&deal), [true, true]);
    for s in [0, 1] {
        let news = deal.view(s).skat_news.unwrap();
        assert!(news.announced.contains(Card::SKUS));
    }
}

#[test]
fn a_skus_in_the_skat_is_never_demanded() {
    // The demand round is held only "if the skus is still in a hand" (docs/rules/danish.md §9): nobody can be made to play a skus that lies in the skat.
    for skus in [SkatSkus::Always, SkatSkus::ToutAttemptAnnounced] {
        for seed in 0..50 {
            let mut deal = dealer_with_skus(skus);
            lay_skus(&mut deal);
            let mut rng = tarok_core::DealRng::seed(seed);
            while !deal.is_over() {
                assert!(
                    !matches!(deal.phase(), Phase::Demand { .. }),
                    "{skus:?}, seed {seed}: a demand round in trick {}",
                    deal.trick_no()
                );
                let a = deal.random_action(&mut rng);
                deal.apply(a).unwrap();
            }
            assert_eq!(deal.trick_no(), 25);
        }
    }
}
