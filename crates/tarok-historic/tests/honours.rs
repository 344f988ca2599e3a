//! Golden tests: honours (spec §2.4 table; vector A2) and their declaration.

mod support;
use support::{cards, deal_with, scat_and_declare_all};
use tarok_core::Suit;
use tarok_historic::honours::{assess, HonourKind};
use tarok_historic::ruleset::{PARTNERS, QUADRILLE, THREE};
use tarok_historic::{Action, Phase, Reason, RuleError, Ruleset};

fn value(kind: HonourKind, hand: &str, rules: &Ruleset) -> Option<u8> {
    assess(kind, cards(hand), true, rules).map(|a| a.value)
}

#[test]
fn matadors_10_plus_5_each() {
    let r = THREE;
    assert_eq!(value(HonourKind::Matadors, "T21 T1 X", &r), Some(10));
    assert_eq!(value(HonourKind::Matadors, "T21 T1 X T20", &r), Some(15));
    assert_eq!(
        value(HonourKind::Matadors, "T21 T1 X T20 T19", &r),
        Some(20)
    );
    // The run must be unbroken (002 L115: "de følgende").
    assert_eq!(
        value(HonourKind::Matadors, "T21 T1 X T19 T18", &r),
        Some(10)
    );
    assert_eq!(value(HonourKind::Matadors, "T21 T1 T20", &r), None);
}

#[test]
fn ten_tarocks_flat_10() {
    let r = THREE;
    assert_eq!(
        value(HonourKind::Tarocks, "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11", &r),
        Some(10)
    );
    // 11+ still 10 (JC-12).
    assert_eq!(
        value(
            HonourKind::Tarocks,
            "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13",
            &r
        ),
        Some(10)
    );
    // The Scus counts as a tarock (JC-12); the switch turns that off.
    assert_eq!(
        value(HonourKind::Tarocks, "X T3 T4 T5 T6 T7 T8 T9 T10 T11", &r),
        Some(10)
    );
    let no = Ruleset {
        scus_counts_as_tarock: false,
        ..THREE
    };
    assert_eq!(
        value(HonourKind::Tarocks, "X T3 T4 T5 T6 T7 T8 T9 T10 T11", &no),
        None
    );
    assert_eq!(
        value(HonourKind::Tarocks, "T3 T4 T5 T6 T7 T8 T9 T10 T11", &r),
        None
    );
}

#[test]
fn cavallerie_vector_a2() {
    let r = THREE;
    let cav = HonourKind::Cavallerie(Suit::Spar);
    // ♠K ♠D ♠V + S = half, 5 (002 L120-121, L188-190).
    assert_eq!(value(cav, "SK SD SKn X", &r), Some(5));
    // ♠K ♠D ♠C ♠V = whole, 10 (L118-120).
    assert_eq!(value(cav, "SK SD SC SKn", &r), Some(10));
    // ♠K ♠D ♠C ♠V + S = scused, 20 (L122-123).
    assert_eq!(value(cav, "SK SD SC SKn X", &r), Some(20));
    // No King: not a Cavallerie, "Kongen undtagen" (L120).
    assert_eq!(value(cav, "SD SC SKn X", &r), None);
    // K + two without the Scus: nothing, unless "halvt scuseret" is switched on (JC-12).
    assert_eq!(value(cav, "SK SD SKn", &r), None);
    let half_scused = Ruleset {
        half_scused_cavallerie: true,
        ..THREE
    };
    assert_eq!(value(cav, "SK SD SKn", &half_scused), Some(10));
    // K + one + Scus is not enough.
    assert_eq!(value(cav, "SK SD X", &r), None);
}

#[test]
fn kings_vector_a2_and_jc12() {
    let r = THREE;
    assert_eq!(value(HonourKind::Kings, "SK HK RK KK", &r), Some(10));
    // 3 Kings + Scus: "kan den regnes som den 4de" (L187-188): 5 by JC-12, 10 literally.
    assert_eq!(value(HonourKind::Kings, "SK HK RK X", &r), Some(5));
    let literal = Ruleset {
        three_kings_and_scus: 10,
        ..THREE
    };
    assert_eq!(value(HonourKind::Kings, "SK HK RK X", &literal), Some(10));
    assert_eq!(value(HonourKind::Kings, "SK HK RK", &r), None);
}

#[test]
fn quadrille_counts_only_its_list() {
    // 002 L265-268: 10 Tarocks, 3+ Matadors, whole and half Cavallerie, "4 hele Konger".
    let q = QUADRILLE;
    assert_eq!(value(HonourKind::Kings, "SK HK RK X", &q), None);
    assert_eq!(value(HonourKind::Kings, "SK HK RK KK", &q), Some(10));
    assert_eq!(
        value(HonourKind::Cavallerie(Suit::Hjerter), "HK HD HC HKn X", &q),
        Some(10)
    );
    assert_eq!(
        value(HonourKind::Cavallerie(Suit::Hjerter), "HK HD HKn X", &q),
        Some(5)
    );
}

#[test]
fn declared_honours_are_paid_by_each_other_player() {
    // Three players: the dealer's 3 Matadors + XX are paid 15 by each of the two others.
    let mut d = deal_with(THREE, 0, &["T21 T1 X T20 S2 S3 S4", "", ""]);
    scat_and_declare_all(&mut d);
    assert_eq!(d.declared(0, HonourKind::Matadors), 15);
    for q in [1, 2] {
        assert_eq!(
            support::paid(
                &d,
                q,
                0,
                Reason::Honour {
                    kind: HonourKind::Matadors,
                    value: 15
                }
            ),
            15
        );
    }
}

#[test]
fn partners_honours_are_paid_by_the_opponents_only() {
    // JC-25: the partner (seat 2) pays nothing.
    let mut d = deal_with(PARTNERS, 0, &["T21 T1 X S2 S3", "", "", ""]);
    scat_and_declare_all(&mut d);
    let r = Reason::Honour {
        kind: HonourKind::Matadors,
        value: 10,
    };
    assert_eq!(support::paid(&d, 1, 0, r), 10);
    assert_eq!(support::paid(&d, 3, 0, r), 10);
    assert_eq!(support::paid(&d, 2, 0, r), 0);
    // The same for the other partnership: seat 1's partner is seat 3.
    let mut d = deal_with(PARTNERS, 0, &["", "T21 T1 X S2 S3", "", ""]);
    scat_and_declare_all(&mut d);
    assert_eq!(support::paid(&d, 0, 1, r), 10);
    assert_eq!(support::paid(&d, 2, 1, r), 10);
    assert_eq!(support::paid(&d, 3, 1, r), 0);
}

#[test]
fn declaring_is_checked_and_voluntary() {
    let mut d = deal_with(THREE, 0, &["T21 T1 X SK SD SKn S2 S3 S4", "", ""]);
    while d.phase() == Phase::Discard {
        let c = d.legal_discards().lowest().unwrap();
        d.apply(Action::Discard(c)).unwrap();
    }
    let before = d;
    // Over-declaring cannot happen: the engine refuses an honour the hand lacks (002 L174).
    assert_eq!(
        d.apply(Action::Declare(HonourKind::Kings)),
        Err(RuleError::NoSuchHonour(HonourKind::Kings))
    );
    assert_eq!(d, before);
    d.apply(Action::Declare(HonourKind::Matadors)).unwrap();
    assert_eq!(
        d.apply(Action::Declare(HonourKind::Matadors)),
        Err(RuleError::AlreadyDeclared(HonourKind::Matadors))
    );
    // The Scus may serve several honours (JC-12): the half Cavallerie is still offered.
    assert!(d
        .legal_actions()
        .contains(&Action::Declare(HonourKind::Cavallerie(Suit::Spar))));
    // Silence forfeits: "done" without the Cavallerie, nothing is paid for it (JC-13).
    d.apply(Action::Done).unwrap();
    assert_eq!(d.declared(0, HonourKind::Cavallerie(Suit::Spar)), 0);
}

#[test]
fn scus_in_one_honour_only_switch() {
    let rules = Ruleset {
        scus_in_several_honours: false,
        ..THREE
    };
    let mut d = deal_with(rules, 0, &["T21 T1 X SK SD SKn S2 S3 S4", "", ""]);
    while d.phase() == Phase::Discard {
        let c = d.legal_discards().lowest().unwrap();
        d.apply(Action::Discard(c)).unwrap();
    }
    d.apply(Action::Declare(HonourKind::Matadors)).unwrap();
    assert!(!d
        .legal_actions()
        .contains(&Action::Declare(HonourKind::Cavallerie(Suit::Spar))));
}

#[test]
fn honours_are_judged_after_the_scat() {
    // The dealer's honours are judged on his 25 cards after the discard (spec §2.4): a
    // Cavallerie whose Valet went to the Scat cannot be declared (002 L191-193).
    let mut d = deal_with(THREE, 0, &["SK SD SC SKn", "X", ""]);
    d.apply(Action::Discard(support::card("SKn"))).unwrap();
    let rest: Vec<_> = d
        .legal_discards()
        .iter()
        .filter(|c| c.suit() != Some(Suit::Spar))
        .take(2)
        .collect();
    for c in rest {
        d.apply(Action::Discard(c)).unwrap();
    }
    assert_eq!(d.phase(), Phase::Declare);
    assert!(!d
        .legal_actions()
        .contains(&Action::Declare(HonourKind::Cavallerie(Suit::Spar))));
}

#[test]
fn seven_kings_and_matadors_from_below_variant() {
    // 002 L124-131 (spec §2.10), switch `seven_kings`.
    let r = Ruleset {
        seven_kings: true,
        ..THREE
    };
    // The ordinary Matadors and Kings honours give way to the variant's.
    assert_eq!(value(HonourKind::Matadors, "T21 T1 X", &r), None);
    assert_eq!(value(HonourKind::Kings, "SK HK RK KK", &r), None);
    assert_eq!(value(HonourKind::Honneurs, "T21 T1 X", &THREE), None);
    // 7 Kings: 3 = 5, 4 = 10, o.s.v. +5.
    assert_eq!(value(HonourKind::SevenKings, "SK HK T21", &r), Some(5));
    assert_eq!(value(HonourKind::SevenKings, "SK HK T21 X", &r), Some(10));
    assert_eq!(
        value(HonourKind::SevenKings, "SK HK RK KK T21 T1 X", &r),
        Some(25)
    );
    assert_eq!(value(HonourKind::SevenKings, "SK HK", &r), None);
    // 3 Honneurs = 10.
    assert_eq!(value(HonourKind::Honneurs, "T21 T1 X", &r), Some(10));
    // Matadors from above: whole 3 = 10, +5; scused 3 = 5, +5; the Scus never replaces XXI.
    assert_eq!(
        value(HonourKind::MatadorsFromAbove, "T21 T20 T19", &r),
        Some(10)
    );
    assert_eq!(
        value(HonourKind::MatadorsFromAbove, "T21 T20 T19 T18", &r),
        Some(15)
    );
    assert_eq!(
        value(HonourKind::MatadorsFromAbove, "T21 T20 X", &r),
        Some(5)
    );
    assert_eq!(
        value(HonourKind::MatadorsFromAbove, "T21 T19 T18 T17 X", &r),
        Some(15)
    );
    assert_eq!(
        value(HonourKind::MatadorsFromAbove, "T20 T19 T18 X", &r),
        None
    );
    // From below: I, II, III …; the Scus never replaces the Pagat.
    assert_eq!(
        value(HonourKind::MatadorsFromBelow, "T1 T2 T3", &r),
        Some(10)
    );
    assert_eq!(
        value(HonourKind::MatadorsFromBelow, "T1 T3 T4 X", &r),
        Some(10)
    );
    assert_eq!(value(HonourKind::MatadorsFromBelow, "T2 T3 T4 X", &r), None);
    // A whole run is worth more than a scused one of the same length.
    assert_eq!(
        value(HonourKind::MatadorsFromBelow, "T1 T2 T3 X", &r),
        Some(10)
    );
}

#[test]
fn kings_switches_jc12() {
    // `four_kings` (002 L168, JC-12): 10 by default; 0 = not an honour.
    let none = Ruleset {
        four_kings: 0,
        ..THREE
    };
    assert_eq!(value(HonourKind::Kings, "SK HK RK KK", &none), None);
    let fifteen = Ruleset {
        four_kings: 15,
        ..THREE
    };
    assert_eq!(value(HonourKind::Kings, "SK HK RK KK", &fifteen), Some(15));
    // 4 Kings + Scus is 4 Kings; the Scus is not spent on it (crate README, call 2).
    let a = assess(HonourKind::Kings, cards("SK HK RK KK X"), true, &THREE).unwrap();
    assert_eq!((a.value, a.uses_scus), (10, false));
    // 3 Kings + Scus: `three_kings_and_scus` = 0 drops it (the quadrille's list, 002 L267).
    let no_three = Ruleset {
        three_kings_and_scus: 0,
        ..THREE
    };
    assert_eq!(value(HonourKind::Kings, "SK HK RK X", &no_three), None);
    // The Scus already spent on another honour cannot complete the Kings (switch
    // `scus_in_several_honours = false`).
    let once = Ruleset {
        scus_in_several_honours: false,
        ..THREE
    };
    assert_eq!(
        assess(HonourKind::Kings, cards("SK HK RK X"), false, &once),
        None
    );
}
