//! The information state of a seat holds no card hidden from it: over random deals of every
//! preset, at every step, for every seat, no card that the full deal hides from that seat is
//! named anywhere in its information-state record; and the public view (a spectator's) names
//! no card that the deal hides from any seat.

#[path = "common/hidden.rs"]
mod common_hidden;

use common_hidden::{hidden, hidden_from_someone};
use proptest::prelude::*;
use tarok_core::{Card, CardSet, DealRng, Game};
use tarok_games::{AnyDeal, AnyView, InfoState};

/// The card a word names in the notation the records write (`T21`, `X`, `HK`); not numbers
/// or words that the parser also takes (`22`, `pagat`).
fn card_word(word: &str) -> Option<Card> {
    word.parse::<Card>().ok().filter(|c| c.to_string() == word)
}

/// Every card named in the record.
fn cards_named(text: &str) -> CardSet {
    text.split(|c: char| !c.is_alphanumeric())
        .filter_map(card_word)
        .collect()
}

fn check(preset: &str, seed: u64) {
    let mut deal = AnyDeal::from_seed(preset, seed).unwrap();
    let mut rng = DealRng::seed(seed);
    let mut after = 0;
    loop {
        for seat in 0..deal.seats() {
            let mut info = InfoState::of(&deal, seat, after);
            // The 1829 view lists the seat's legal actions, which name cards it may call or
            // ask for wherever they are: names, not places.
            if let AnyView::Historic(v) = &mut info.view {
                v.legal.clear();
            }
            let text = info.to_text() + &serde_json::to_string(&info).unwrap();
            let leak = cards_named(&text) & hidden(&deal, seat);
            let words: Vec<&str> = text
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| card_word(w).is_some_and(|c| leak.contains(c)))
                .collect();
            assert!(
                leak.is_empty(),
                "{preset} seed {seed} after {after}: seat {seat} is told of {leak} by {words:?}\n{text}"
            );
        }
        let public = serde_json::to_string(&deal.public_view()).unwrap();
        let leak = cards_named(&public) & hidden_from_someone(&deal);
        assert!(
            leak.is_empty(),
            "{preset} seed {seed} after {after}: the public view names {leak}\n{public}"
        );
        if deal.to_act().is_none() {
            break;
        }
        let legal = deal.legal();
        let action = deal
            .forced()
            .unwrap_or_else(|| legal[rng.below(legal.len() as u32) as usize]);
        deal.apply(action).unwrap();
        after += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn no_information_state_names_a_hidden_card(seed in any::<u64>()) {
        for preset in tarok_games::preset_ids() {
            check(preset, seed);
        }
    }
}

/// The check can fail: a seat told of another's hand is caught.
#[test]
fn another_seats_hand_is_caught() {
    let deal = AnyDeal::from_seed("dk-dtf-2011", 4).unwrap();
    let leak = cards_named(&deal.hand(1).to_string()) & hidden(&deal, 0);
    assert_eq!(leak, deal.hand(1));
    let deal = AnyDeal::from_seed("dk-1829-three", 4).unwrap();
    assert_eq!(
        cards_named(&deal.hand(2).to_string()) & hidden(&deal, 0),
        deal.hand(2)
    );
}

/// The public view's check can fail: a seat's own view names cards hidden from another seat,
/// and the public view of a finished deal shows its tricks.
#[test]
fn a_seats_view_is_not_public() {
    for preset in tarok_games::preset_ids() {
        let deal = AnyDeal::from_seed(preset, 4).unwrap();
        let own = serde_json::to_string(&deal.view(0)).unwrap();
        assert!(
            !(cards_named(&own) & hidden_from_someone(&deal)).is_empty(),
            "{preset}"
        );
        let mut deal = deal;
        let mut rng = DealRng::seed(4);
        let mut buf = Vec::new();
        while let Some(a) = deal.random_action(&mut rng, &mut buf) {
            deal.apply(a).unwrap();
        }
        let public = serde_json::to_string(&deal.public_view()).unwrap();
        assert!(!cards_named(&public).is_empty(), "{preset}: {public}");
    }
}
