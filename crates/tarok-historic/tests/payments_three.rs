//! Golden tests: payments from play and the count settlement of the three-player game
//! (spec §2.6, §2.7 and the "Kings and double Pagat" rule).

mod support;
use support::{deal_with, paid, scat_and_declare_all};
use tarok_core::{Card, CardSet, DealRng, Party};
use tarok_historic::honours::HonourKind;
use tarok_historic::playout::play_out;
use tarok_historic::ruleset::THREE;
use tarok_historic::{Deal, Reason, Ruleset};

const STRONG: &str =
    "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 SK HK RK KK";

/// P1 holds every tarock and every King; P2 the Scus; P0 deals. P1 plays `order` (highest
/// first, the Pagat kept back), the others their lowest legal card.
fn strong_hand(rules: Ruleset, keep_mongue: bool) -> Deal {
    let mut d = deal_with(rules, 0, &["", STRONG, "X"]);
    scat_and_declare_all(&mut d);
    support::play_with(&mut d, |d, seat, legal| {
        if seat != 1 {
            return legal.lowest().unwrap();
        }
        if keep_mongue && d.hand(1).len() == 2 {
            return Card::PAGAT;
        }
        let mut rest = legal.without(Card::PAGAT);
        if keep_mongue && d.hand(1).len() > 2 {
            rest = rest.without(Card::T21);
        }
        rest.highest().unwrap_or_else(|| legal.highest().unwrap())
    });
    assert!(d.is_over());
    d
}

#[test]
fn pagat_ultimo_no_trick_bonus_and_count() {
    let d = strong_hand(THREE, false);
    assert_eq!(d.tricks_won(1), 25);
    // Honours: 10 Tarocks and 4 Kings, 10 each from each (002 L115-117, L168).
    for q in [0, 2] {
        assert_eq!(
            paid(
                &d,
                q,
                1,
                Reason::Honour {
                    kind: HonourKind::Tarocks,
                    value: 10
                }
            ),
            10
        );
        assert_eq!(
            paid(
                &d,
                q,
                1,
                Reason::Honour {
                    kind: HonourKind::Kings,
                    value: 10
                }
            ),
            10
        );
        // Pagat ultimo: 10 from each (002 L81-83).
        assert_eq!(paid(&d, q, 1, Reason::PagatUltimo), 10);
    }
    // No trick at all: 26 from each (002 L218), for both P0 and P2.
    assert_eq!(paid(&d, 1, 0, Reason::NoTrick), 26);
    assert_eq!(paid(&d, 2, 0, Reason::NoTrick), 26);
    assert_eq!(paid(&d, 1, 2, Reason::NoTrick), 26);
    assert_eq!(paid(&d, 0, 2, Reason::NoTrick), 26);
    // Count: P0 has only the Scat (1 packet of blanks), P2 only the Scus (4), P1 the rest.
    assert_eq!(d.count(0), 1);
    assert_eq!(d.count(2), 4);
    assert_eq!(d.count(1), 73);
    // Two losers pay the one winner their shortfall (JC-14).
    assert_eq!(paid(&d, 0, 1, Reason::Count), 25);
    assert_eq!(paid(&d, 2, 1, Reason::Count), 22);
    assert_eq!(
        paid(&d, 0, 2, Reason::Count) + paid(&d, 2, 0, Reason::Count),
        0
    );
}

#[test]
fn pagat_and_mongue_in_the_last_two_tricks() {
    // 002 L224-226: with the Kings-and-double-Pagat rule, Pagat in the second-to-last trick and
    // Mongue in the last earn 30 from each, instead of an ultimo.
    let rules = Ruleset {
        kings_and_double_pagat: true,
        ..THREE
    };
    let d = strong_hand(rules, true);
    assert_eq!(d.played(Card::PAGAT).unwrap(), (23, 1));
    assert_eq!(d.played(Card::T21).unwrap(), (24, 1));
    for q in [0, 2] {
        assert_eq!(paid(&d, q, 1, Reason::PagatAndMongue), 30);
        assert_eq!(paid(&d, q, 1, Reason::PagatUltimo), 0);
    }
    // Without the rule the same play earns nothing for the Pagat (it was not in the last trick).
    let d = strong_hand(THREE, true);
    assert_eq!(
        paid(&d, 0, 1, Reason::PagatAndMongue) + paid(&d, 0, 1, Reason::PagatUltimo),
        0
    );
}

#[test]
fn double_pagat_ultimo_is_20() {
    // JC-19: the Pagat amounts double under the rule.
    let rules = Ruleset {
        kings_and_double_pagat: true,
        ..THREE
    };
    let d = strong_hand(rules, false);
    assert_eq!(paid(&d, 0, 1, Reason::PagatUltimo), 20);
    assert_eq!(paid(&d, 2, 1, Reason::PagatUltimo), 20);
}

/// The Pagat and King lines the spec prescribes for a finished three-player deal, computed
/// from the tricks independently of the engine's settlement code.
fn expected(d: &Deal) -> Vec<(u8, u8, i32, Reason)> {
    let mut v = Vec::new();
    let double = d.rules().kings_and_double_pagat;
    let k = if double { 2 } else { 1 };
    let last = d.tricks().len() - 1;
    let others = |p: u8| (0..3u8).filter(move |q| *q != p);
    let pm = double
        && d.played(Card::PAGAT).is_some_and(|(t, p)| {
            t + 1 == last && d.tricks()[t].winner == p && d.played(Card::T21) == Some((last, p))
        });
    if let Some((t, owner)) = d.played(Card::PAGAT) {
        let w = d.tricks()[t].winner;
        if pm {
            others(owner).for_each(|q| v.push((q, owner, 30, Reason::PagatAndMongue)));
        } else if w == owner && t == last {
            others(owner).for_each(|q| v.push((q, owner, 10 * k, Reason::PagatUltimo)));
        } else if w != owner {
            let (a, r) = if t == last {
                (10, Reason::PagatLostLast)
            } else {
                (5, Reason::PagatLost)
            };
            others(owner).for_each(|q| v.push((owner, q, a * k, r)));
        }
    }
    if double {
        for king in CardSet::KINGS {
            let Some((t, owner)) = d.played(king) else {
                continue;
            };
            if d.tricks()[t].winner != owner {
                let (a, r) = if t == last {
                    (10, Reason::KingLostLast)
                } else {
                    (5, Reason::KingLost)
                };
                others(owner).for_each(|q| v.push((owner, q, a, r)));
            }
        }
    }
    v.sort_by_key(|x| (x.0, x.1, x.2, format!("{:?}", x.3)));
    v
}

#[test]
fn pagat_and_king_payments_over_random_deals() {
    for rules in [
        THREE,
        Ruleset {
            kings_and_double_pagat: true,
            ..THREE
        },
    ] {
        let mut seen_lost = 0;
        let mut seen_lost_last = 0;
        let mut seen_king = 0;
        for seed in 0..4000 {
            let mut d = Deal::from_seed(rules, seed, (seed % 3) as u8);
            play_out(&mut d, &mut DealRng::derive(seed, 3), |_| {});
            let mut got: Vec<(u8, u8, i32, Reason)> = d
                .settlement()
                .into_iter()
                .filter(|l| {
                    matches!(
                        l.reason,
                        Reason::PagatLost
                            | Reason::PagatLostLast
                            | Reason::PagatUltimo
                            | Reason::PagatAndMongue
                            | Reason::KingLost
                            | Reason::KingLostLast
                    )
                })
                .map(|l| match (l.from, l.to) {
                    (Party::Player(f), Party::Player(t)) => (f, t, l.amount, l.reason),
                    _ => unreachable!(),
                })
                .collect();
            got.sort_by_key(|x| (x.0, x.1, x.2, format!("{:?}", x.3)));
            let want = expected(&d);
            assert_eq!(got, want, "seed {seed}");
            seen_lost += want.iter().filter(|x| x.3 == Reason::PagatLost).count();
            seen_lost_last += want.iter().filter(|x| x.3 == Reason::PagatLostLast).count();
            seen_king += want.iter().filter(|x| x.3 == Reason::KingLost).count();
        }
        assert!(
            seen_lost > 0 && seen_lost_last > 0,
            "both Pagat cases occur"
        );
        if rules.kings_and_double_pagat {
            assert!(seen_king > 0);
        }
    }
}

#[test]
fn ten_tarocks_at_the_end_switch() {
    // 002 L116-117: paid only at the end, and only to a holder who reached 26.
    let rules = Ruleset {
        ten_tarocks_at_end: true,
        ..THREE
    };
    let d = strong_hand(rules, false);
    assert_eq!(
        paid(
            &d,
            0,
            1,
            Reason::Honour {
                kind: HonourKind::Tarocks,
                value: 10
            }
        ),
        0
    );
    assert_eq!(paid(&d, 0, 1, Reason::TarocksAtEnd), 10);
    assert_eq!(paid(&d, 2, 1, Reason::TarocksAtEnd), 10);
    // Over random deals: paid exactly when the holder counts at least 26.
    for seed in 0..1500 {
        let mut d = Deal::from_seed(rules, seed, 0);
        play_out(&mut d, &mut DealRng::derive(seed, 8), |_| {});
        for p in 0..3u8 {
            if d.declared(p, HonourKind::Tarocks) == 0 {
                continue;
            }
            let got: i32 = (0..3u8)
                .filter(|q| *q != p)
                .map(|q| paid(&d, q, p, Reason::TarocksAtEnd))
                .sum();
            assert_eq!(got, if d.count(p) >= 26 { 20 } else { 0 }, "seed {seed}");
        }
    }
}

#[test]
fn count_pairing_jc14_over_random_deals() {
    let mut even = 0;
    for seed in 0..1500 {
        let mut d = Deal::from_seed(THREE, seed, 1);
        play_out(&mut d, &mut DealRng::derive(seed, 4), |_| {});
        let net: Vec<i32> = (0..3).map(|s| d.count(s) - 26).collect();
        assert_eq!(net.iter().sum::<i32>(), 0);
        let losers: Vec<u8> = (0..3u8).filter(|s| net[*s as usize] < 0).collect();
        let winners: Vec<u8> = (0..3u8).filter(|s| net[*s as usize] > 0).collect();
        let mut expected = [[0; 3]; 3];
        if losers.len() == 1 {
            for &w in &winners {
                expected[losers[0] as usize][w as usize] = net[w as usize];
            }
        } else if winners.len() == 1 {
            for &l in &losers {
                expected[l as usize][winners[0] as usize] = -net[l as usize];
            }
        }
        // Nobody else pays anybody: a player at exactly 26 neither pays nor is paid.
        for (from, row) in expected.iter().enumerate() {
            for (to, &amount) in row.iter().enumerate() {
                let got = paid(&d, from as u8, to as u8, Reason::Count);
                assert_eq!(got, amount, "seed {seed}: P{from} to P{to}, nets {net:?}");
            }
        }
        even += usize::from(net.contains(&0) && losers.len() == 1);
    }
    assert!(even > 0, "no deal with a player at exactly 26");
}

/// Every settlement line's words, with the passage of 002 it pays by (a golden table).
#[test]
fn every_reason_has_its_words_and_source() {
    use tarok_core::Suit;
    let honour = |kind, value| Reason::Honour { kind, value };
    let table = [
        (
            honour(HonourKind::Matadors, 20),
            "honour: 5 Matadors, 20 (002 L113-115)",
        ),
        (
            honour(HonourKind::Tarocks, 10),
            "honour: 10 Tarocks, 10 (002 L115-117)",
        ),
        (
            honour(HonourKind::Kings, 5),
            "honour: Kings, 5 (002 L168, L187-188; JC-12)",
        ),
        (
            honour(HonourKind::Cavallerie(Suit::Hjerter), 20),
            "honour: scused Cavallerie in hjerter, 20 (002 L118-123)",
        ),
        (
            honour(HonourKind::Cavallerie(Suit::Hjerter), 5),
            "honour: half Cavallerie in hjerter, 5 (002 L118-123)",
        ),
        (
            honour(HonourKind::Cavallerie(Suit::Hjerter), 10),
            "honour: whole Cavallerie in hjerter, 10 (002 L118-123)",
        ),
        (
            honour(HonourKind::Honneurs, 10),
            "honour: 3 Honneurs, 10 (002 L127-128)",
        ),
        (
            honour(HonourKind::MatadorsFromAbove, 15),
            "honour: Matadors from XXI down, 15 (002 L128-131)",
        ),
        (
            honour(HonourKind::MatadorsFromBelow, 10),
            "honour: Matadors from below, 10 (002 L124-131)",
        ),
        (
            honour(HonourKind::SevenKings, 5),
            "honour: of the 7 Kings, 5 (002 L124-127)",
        ),
        (
            Reason::TarocksAtEnd,
            "10 Tarocks, paid at the end (002 L116-117)",
        ),
        (Reason::PagatLost, "Pagat lost (002 L198)"),
        (
            Reason::PagatLostLast,
            "Pagat lost in the last trick (002 L198-199)",
        ),
        (Reason::PagatUltimo, "Pagat ultimo (002 L81-83)"),
        (
            Reason::PagatAndMongue,
            "last two tricks with Pagat and Mongue (002 L225-226)",
        ),
        (Reason::KingLost, "King captured (002 L223-224)"),
        (
            Reason::KingLostLast,
            "King captured in the last trick (002 L223-224)",
        ),
        (Reason::NoTrick, "no trick at all (002 L218)"),
        (
            Reason::Count,
            "count over/under the half (002 L221-222, L252-253, L273-274)",
        ),
        (Reason::Volata, "Volata (002 L259-260)"),
        (
            Reason::MatadorsContinued { extra: 2 },
            "2 Matadors continued by the partner (002 L276-280)",
        ),
        (
            Reason::MediateurCard {
                card: "HK".parse().unwrap(),
            },
            "Mediateur was given HK (002 L281-282)",
        ),
        (
            Reason::MediateurMatadors,
            "Mediateur's matadors (002 L282-286)",
        ),
        (Reason::Partie { multiplier: 1 }, "Partie (002 L254-262)"),
        (
            Reason::Partie { multiplier: 2 },
            "Partie paid double (Reale or double) (002 L254-262)",
        ),
        (
            Reason::Partie { multiplier: 3 },
            "Partie paid triple (002 L254-262)",
        ),
        (
            Reason::PartieEnDeux { double: false },
            "Partie to 100 (002 L306-314)",
        ),
        (
            Reason::PartieEnDeux { double: true },
            "Partie to 100, won double (002 L306-314)",
        ),
        (Reason::Penalty, "penalty (002 L160-174)"),
        (
            Reason::Refund,
            "refund after an offence (002 L163-168, L191-193)",
        ),
    ];
    for (reason, words) in table {
        assert_eq!(reason.to_string(), words, "{reason:?}");
    }
}
