//! The deal's phases: dealing 25/25/28, the redeal demand, the skat, declarations, disclosure.

use tarok_core::{Card, CardSet};
use tarok_danish::record::Record;
use tarok_danish::{Action, Deal, DealOptions, Phase, Preset, Reason};

/// A deck in which seat 0 (forhånd) receives no numbered trump.
fn trumpless_forhaand_deck() -> Vec<Card> {
    let mut others: Vec<Card> = CardSet::PACK78.iter().collect();
    let plain: Vec<Card> = (CardSet::PACK78 - CardSet::TRUMPS)
        .without(Card::SKUS)
        .iter()
        .take(25)
        .collect();
    others.retain(|c| !plain.contains(c));
    let mut plain = plain.into_iter();
    let mut others = others.into_iter();
    (0..78)
        .map(|i| {
            if i < 75 && (i / 5) % 3 == 0 {
                plain.next().unwrap()
            } else {
                others.next().unwrap()
            }
        })
        .collect()
}

#[test]
fn dealing_gives_25_25_28_in_packets_of_5() {
    let deck = tarok_core::shuffled(CardSet::PACK78, 4);
    let d = Deal::new(Preset::Dtf2011.ruleset(), &deck, DealOptions::default());
    assert_eq!(
        [d.hand(0).len(), d.hand(1).len(), d.hand(2).len()],
        [25, 25, 28]
    );
    assert!(
        d.hand(0).contains(deck[0]) && d.hand(1).contains(deck[5]) && d.hand(2).contains(deck[10])
    );
    assert!(d.hand(2).contains(deck[75]) && d.hand(2).contains(deck[77]));
}

#[test]
fn a_trumpless_hand_may_demand_a_redeal_without_a_new_ante() {
    let deck = trumpless_forhaand_deck();
    let mut d = Deal::new(Preset::Dtf2011.ruleset(), &deck, DealOptions::default());
    assert!(d.hand(0).trumps().is_empty());
    assert_eq!(d.phase(), Phase::Redeal);
    assert_eq!(d.current_player(), Some(0));
    assert_eq!(d.legal_actions(), [Action::Redeal, Action::Keep]);
    d.apply(Action::Redeal).unwrap();
    assert_eq!(d.phase(), Phase::Over { redeal: true });
    let lines = d.settlement();
    assert!(
        lines.iter().all(|l| l.reason == Reason::Ante),
        "only the ante stands"
    );
    // The next deal by the same dealer pays no ante (000 L426-428).
    let next = Deal::new(
        Preset::Dtf2011.ruleset(),
        &tarok_core::shuffled(CardSet::PACK78, 9),
        DealOptions {
            ante: false,
            ..DealOptions::default()
        },
    );
    assert!(next.settlement().is_empty());
}

#[test]
fn keeping_a_trumpless_hand_goes_on_to_the_skat() {
    let mut d = Deal::new(
        Preset::Dtf2011.ruleset(),
        &trumpless_forhaand_deck(),
        DealOptions::default(),
    );
    d.apply(Action::Keep).unwrap();
    assert_eq!(d.phase(), Phase::Skat);
    assert_eq!(d.current_player(), Some(2));
}

#[test]
fn the_redeal_switch_removes_the_question() {
    let mut r = Preset::Dtf2011.ruleset();
    r.redeal_on_no_trump = false;
    let d = Deal::new(r, &trumpless_forhaand_deck(), DealOptions::default());
    assert_eq!(d.phase(), Phase::Skat);
}

#[test]
fn declarations_are_made_on_the_kept_cards_and_paid_dealer_first() {
    for seed in 0..200 {
        let mut d = Deal::from_seed(Preset::Moeller.ruleset(), seed);
        if d.phase() != Phase::Skat {
            continue;
        }
        let skat = match d.legal_actions()[0] {
            Action::Discard(s) => s,
            _ => unreachable!(),
        };
        d.apply(Action::Discard(skat)).unwrap();
        assert_eq!(d.hand(2).len(), 25);
        for s in 0..3 {
            assert_eq!(
                d.declarations(s),
                tarok_danish::declare::declarations(d.hand(s), d.rules())
            );
        }
        let lines = d.settlement();
        let first_decl = lines
            .iter()
            .position(|l| matches!(l.reason, Reason::Declaration(_)));
        if let Some(i) = first_decl {
            let declarer = match lines[i].to {
                tarok_core::Party::Player(p) => p,
                _ => unreachable!(),
            };
            let first_declarer = [2u8, 0, 1]
                .into_iter()
                .find(|&s| !d.declarations(s).is_empty())
                .unwrap();
            assert_eq!(declarer, first_declarer);
        }
    }
}

#[test]
fn laid_trumps_are_disclosed_as_the_preset_says() {
    // Find a deal where the dealer lays trumps.
    for seed in 0..3000 {
        let d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
        if d.phase() != Phase::Skat {
            continue;
        }
        let with_trumps = d
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Discard(s) if !s.trumps().is_empty()));
        let Some(discard) = with_trumps else { continue };
        for preset in Preset::ALL {
            let mut d = Deal::from_seed(preset.ruleset(), seed);
            d.apply(discard).unwrap();
            let news = d.view(0).skat_news.unwrap();
            assert!(news.trumps_laid);
            let count = match discard {
                Action::Discard(s) => s.trumps().len(),
                _ => unreachable!(),
            };
            let expected = if preset == Preset::Hjoerring2016 {
                None
            } else {
                Some(count)
            };
            assert_eq!(news.trump_count, expected, "{preset:?}");
            assert_eq!(d.view(0).own_skat, None, "only the dealer sees the skat");
            assert!(d.view(2).own_skat.is_some());
        }
        return;
    }
    panic!("no deal with a trump discard found");
}

#[test]
fn a_record_of_a_redeal_replays() {
    let mut record = Record::new(
        Preset::Dtf2011,
        None,
        trumpless_forhaand_deck(),
        DealOptions::default(),
    );
    let mut d = record.start().unwrap();
    record.apply(&mut d, Action::Redeal).unwrap();
    let text = record.to_text(&d);
    let (_, back) = Record::from_text(&text).unwrap();
    assert_eq!(back, d);
}
