//! Golden tests: the deal (spec §2.2, §3.2, §4.2, B′) and the Scat rules (§2.3, §3.2).

mod support;
use support::{card, cards, deal_with};
use tarok_core::{Card, CardSet};
use tarok_historic::ruleset::{EN_DEUX, PARTNERS, QUADRILLE, THREE};
use tarok_historic::{Action, Deal, Phase, RuleError, Ruleset};

#[test]
fn hand_sizes_of_every_game() {
    // Three: 25 / 25 / 28 (002 L137-138). Partners: 19 each + 2 to the dealer (JC-21).
    // Quadrille: 18 / 22 of 76 (002 L263-265). En deux: 25 / 28 and 25 aside (002 L294-295).
    let cases: [(Ruleset, [u32; 4], u32); 4] = [
        (THREE, [28, 25, 25, 0], 0),
        (PARTNERS, [21, 19, 19, 19], 0),
        (QUADRILLE, [22, 18, 18, 18], 0),
        (EN_DEUX, [28, 25, 0, 0], 25),
    ];
    for (rules, sizes, dead) in cases {
        for seed in 0..20 {
            let d = Deal::from_seed(rules, seed, 0);
            for s in 0..rules.players() {
                assert_eq!(d.hand(s).len(), sizes[s as usize], "{} seat {s}", rules.id);
            }
            assert_eq!(d.dead().len(), dead);
        }
    }
    // The dealing order: five rounds of five, the dealer's last packet 8 (002 L137-138).
    let deck = tarok_core::shuffled(CardSet::PACK78, 9);
    let d = Deal::new(THREE, &deck, 2).unwrap();
    let first: CardSet = deck[..5].iter().copied().collect();
    let last8: CardSet = deck[70..].iter().copied().collect();
    assert!(
        first.is_subset(d.hand(0)),
        "the first hand (dealer's right) gets the first packet"
    );
    assert!(last8.is_subset(d.hand(2)), "the dealer keeps the last 8");
}

#[test]
fn no_king_in_the_scat() {
    let mut d = deal_with(THREE, 0, &["SK S2", "", ""]);
    let before = d;
    let e = d.apply(Action::Discard(card("SK"))).unwrap_err();
    assert_eq!(e, RuleError::ScatKing);
    assert!(e.to_string().contains("002 L139"));
    assert_eq!(d, before);
    d.apply(Action::Discard(card("S2"))).unwrap();
}

#[test]
fn tarocks_only_with_exactly_three() {
    // Four tarock-cards: none may go (002 L141-142).
    let mut d = deal_with(THREE, 0, &["T1 T5 T9 X", "", ""]);
    assert_eq!(
        d.apply(Action::Discard(Card::PAGAT)),
        Err(RuleError::ScatTarock)
    );
    assert_eq!(
        d.apply(Action::Discard(Card::SKUS)),
        Err(RuleError::ScatTarock)
    );
    // Exactly three, Pagat, Scus and one Taroc: all may go (002 L142-143, JC-6).
    let fixed_tarocks = "T1 X T5";
    let mut d = exactly_three(THREE, fixed_tarocks);
    assert_eq!(
        d.legal_discards() & (CardSet::TRUMPS.with(Card::SKUS)),
        cards(fixed_tarocks)
    );
    for c in cards(fixed_tarocks) {
        d.apply(Action::Discard(c)).unwrap();
    }
    assert_eq!(d.scat(), cards(fixed_tarocks));
    assert_eq!(d.phase(), Phase::Declare);
}

#[test]
fn a_refused_tarock_says_which_rule_refuses_it() {
    // Four tarock-cards: no tarock may go, and the reason is the count (002 L141-142), under
    // every setting of the two Scat switches; XXI is refused for the count too.
    for any_subset in [true, false] {
        for mongue in [true, false] {
            let rules = Ruleset {
                scat_tarock_any_subset: any_subset,
                scat_allows_mongue: mongue,
                ..THREE
            };
            let mut d = exactly_three(rules, "T21 T1 T5 X");
            for c in [Card::PAGAT, Card::SKUS, Card::T21] {
                let want = if c == Card::T21 && !mongue {
                    RuleError::ScatMongue
                } else {
                    RuleError::ScatTarock
                };
                assert_eq!(
                    d.apply(Action::Discard(c)),
                    Err(want),
                    "{c} any_subset={any_subset} mongue={mongue}"
                );
            }
        }
    }
}

/// A deal whose dealer (seat 0) holds exactly these tarock-cards; the others are shared out.
fn exactly_three(rules: Ruleset, tarocks: &str) -> Deal {
    let others: Vec<String> = (CardSet::TRUMPS.with(Card::SKUS) - cards(tarocks))
        .iter()
        .map(|c| c.to_string())
        .collect();
    let n = rules.players() as usize;
    let mut hands = vec![tarocks.to_string()];
    for part in others.chunks(others.len().div_ceil(n - 1)) {
        hands.push(part.join(" "));
    }
    let hands: Vec<&str> = hands.iter().map(String::as_str).collect();
    deal_with(rules, 0, &hands)
}

#[test]
fn mongue_and_subset_switches() {
    // XXI may go under the exactly-3 rule by default (JC-6b); the switch forbids it.
    let d = exactly_three(THREE, "T21 T2 T3");
    assert!(d.legal_discards().contains(Card::T21));
    let no_mongue = Ruleset {
        scat_allows_mongue: false,
        ..THREE
    };
    let mut d = exactly_three(no_mongue, "T21 T2 T3");
    assert_eq!(
        d.apply(Action::Discard(Card::T21)),
        Err(RuleError::ScatMongue)
    );
    d.apply(Action::Discard(card("T2"))).unwrap();
    // "All three or none": after one tarock, the others must follow.
    let all = Ruleset {
        scat_tarock_any_subset: false,
        ..THREE
    };
    let mut d = exactly_three(all, "T1 X T5");
    d.apply(Action::Discard(Card::PAGAT)).unwrap();
    assert_eq!(d.legal_discards(), cards("X T5"));
    let plain = (d.hand(0) - CardSet::TRUMPS - CardSet::KINGS)
        .without(Card::SKUS)
        .lowest()
        .unwrap();
    assert_eq!(
        d.apply(Action::Discard(plain)),
        Err(RuleError::ScatAllThree)
    );
}

#[test]
fn all_three_or_none_needs_room_for_three() {
    // Under "all three or none" the Scat may still start with a plain card; three tarocks may
    // then go only while three places are left (002 L140-143, JC-6 alternative).
    let tarocks = cards("T1 X T5");
    for (game, scat_size) in [(THREE, 3), (QUADRILLE, 4)] {
        let rules = Ruleset {
            scat_tarock_any_subset: false,
            ..game
        };
        let mut d = exactly_three(rules, "T1 X T5");
        let plain = |d: &Deal| d.hand(0) - tarocks - CardSet::KINGS;
        assert_eq!(d.legal_discards(), plain(&d) | tarocks, "{}", game.id);
        let mut left = scat_size;
        while left > 3 {
            d.apply(Action::Discard(plain(&d).lowest().unwrap()))
                .unwrap();
            left -= 1;
            assert_eq!(d.legal_discards(), plain(&d) | tarocks, "{}", game.id);
        }
        d.apply(Action::Discard(plain(&d).lowest().unwrap()))
            .unwrap();
        assert_eq!(d.legal_discards(), plain(&d), "{}", game.id);
        assert_eq!(
            d.apply(Action::Discard(Card::PAGAT)),
            Err(RuleError::ScatAllThree),
            "{}",
            game.id
        );
    }
}

#[test]
fn partners_scat_no_tarock_scus_or_king() {
    // 002 L250-251 "dog ingen Taroc eller Konge"; the Scus counts as a tarock (JC-21).
    let mut d = deal_with(PARTNERS, 0, &["T1 X SK S2 S3", "", "", ""]);
    assert_eq!(
        d.apply(Action::Discard(Card::PAGAT)),
        Err(RuleError::ScatPartners)
    );
    assert_eq!(
        d.apply(Action::Discard(Card::SKUS)),
        Err(RuleError::ScatPartners)
    );
    assert_eq!(
        d.apply(Action::Discard(card("SK"))),
        Err(RuleError::ScatKing)
    );
    d.apply(Action::Discard(card("S2"))).unwrap();
    d.apply(Action::Discard(card("S3"))).unwrap();
    assert_eq!(d.phase(), Phase::Declare);
    assert_eq!(d.hand(0).len(), 19);
}

#[test]
fn redeal_on_one_or_two_tarocks_jc7() {
    let rules = Ruleset {
        redeal_one_or_two_tarocks: true,
        ..THREE
    };
    // Seat 1 holds exactly two tarocks (the Scus not counted): the deal is void.
    let all_but: CardSet = CardSet::TRUMPS - cards("T7 T8");
    let list: Vec<String> = all_but.iter().map(|c| c.to_string()).collect();
    let (a, b) = list.split_at(10);
    let d = deal_with(rules, 0, &[&a.join(" "), "T7 T8 X", &b.join(" ")]);
    assert_eq!(d.phase(), Phase::Void);
    assert!(d.is_over());
    assert!(d.settlement().is_empty());
    // Without the switch the same hands are played.
    let d = deal_with(THREE, 0, &[&a.join(" "), "T7 T8 X", &b.join(" ")]);
    assert_eq!(d.phase(), Phase::Discard);
}

#[test]
fn redeal_counts_one_or_two_tarocks_only_jc7() {
    // JC-7: "1 eller 2 Tarocker" (002 L143-144) read literally: 0 tarocks does not void the
    // deal, 1 does; the Scus is not counted, so Scus + 1 tarock is still 1.
    let rules = Ruleset {
        redeal_one_or_two_tarocks: true,
        ..THREE
    };
    let split = |except: &str| {
        let list: Vec<String> = (CardSet::TRUMPS - cards(except))
            .iter()
            .map(|c| c.to_string())
            .collect();
        let (a, b) = list.split_at(list.len() / 2);
        (a.join(" "), b.join(" "))
    };
    // Seat 1 holds no tarock at all (only the Scus and suit cards): played.
    let (a, b) = split("");
    let d = deal_with(rules, 0, &[&a, "X", &b]);
    assert_eq!(d.hand(1).trumps().len(), 0);
    assert_eq!(d.phase(), Phase::Discard);
    // Seat 1 holds one tarock and the Scus: void.
    let (a, b) = split("T21");
    let d = deal_with(rules, 0, &[&a, "T21 X", &b]);
    assert_eq!(d.phase(), Phase::Void);
    // Three tarocks: played.
    let (a, b) = split("T3 T4 T5");
    let d = deal_with(rules, 0, &[&a, "T3 T4 T5", &b]);
    assert_eq!(d.phase(), Phase::Discard);
    // The dealer's 28 cards are judged too (crate README, judgement call 9).
    let (a, b) = split("T9 T10");
    let d = deal_with(rules, 0, &["T9 T10", &a, &b]);
    assert_eq!(d.phase(), Phase::Void);
}

#[test]
fn en_deux_deals_as_game_a_with_the_third_hand_aside_jc29() {
    // 002 L294-295 and JC-29: packets of five, the non-dealer first, the second packet of each
    // round laid aside, the dealer's last packet 8; 25 / 25 dead / 28.
    let deck = tarok_core::shuffled(CardSet::PACK78, 4);
    let d = Deal::new(EN_DEUX, &deck, 1).unwrap();
    let packet =
        |from: usize, len: usize| -> CardSet { deck[from..from + len].iter().copied().collect() };
    for round in 0..5 {
        let at = 15 * round;
        assert!(
            packet(at, 5).is_subset(d.hand(0)),
            "round {round}: the non-dealer"
        );
        assert!(
            packet(at + 5, 5).is_subset(d.dead()),
            "round {round}: laid aside"
        );
        let dealer_len = if round == 4 { 8 } else { 5 };
        assert!(
            packet(at + 10, dealer_len).is_subset(d.hand(1)),
            "round {round}: the dealer"
        );
    }
    assert_eq!(
        (d.hand(0).len(), d.dead().len(), d.hand(1).len()),
        (25, 25, 28)
    );
}
