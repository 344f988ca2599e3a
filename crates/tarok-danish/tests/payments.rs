//! One test per row of the payment table (000 §9.2, L2376-2389; 003 §9-§10), through
//! `settle`, the function the engine and the club ledger share.

use tarok_core::{Balances, Party, PaymentSink, Suit};
use tarok_danish::declare::{Declaration, Declarations};
use tarok_danish::settle::{EndFacts, KING_CUP, PAGAT_CUP};
use tarok_danish::{settle, DealFacts, InPlay, Line, Preset, Reason, Ruleset, UltimoCard};

const CUPS: [i32; 2] = [100, 60];
const KING: UltimoCard = UltimoCard::King(Suit::Hjerter);
const KING2: UltimoCard = UltimoCard::King(Suit::Spar);
const PAGAT: UltimoCard = UltimoCard::Pagat;

fn rules() -> Ruleset {
    Preset::Dtf2011.ruleset()
}

/// Facts with no ante and no count effect (counts 26 each), seat 0 winning a plain last trick.
fn plain_end() -> EndFacts {
    EndFacts {
        last_trick: 0,
        ultimo_card: None,
        bagud: [None; 3],
        nolo: None,
        tout: None,
        counts: [26, 26, 26],
        ultimo_barred: [false; 3],
    }
}

fn facts(end: Option<EndFacts>) -> DealFacts {
    let mut f = DealFacts::new(3, false, 1);
    f.end = end;
    f
}

fn run(f: &DealFacts, rules: &Ruleset) -> (Vec<Line>, Balances, [i32; 2]) {
    let mut lines = Vec::new();
    let cups = settle(f, rules, CUPS, &mut lines);
    let mut b = Balances::default();
    for l in &lines {
        b.pay(*l);
    }
    assert_eq!(b.total(), 0, "payments are transfers");
    assert_eq!([CUPS[0] + b.cups[0], CUPS[1] + b.cups[1]], cups);
    (lines, b, cups)
}

fn players(b: &Balances) -> [i32; 5] {
    [
        b.players[0],
        b.players[1],
        b.players[2],
        b.players[3],
        b.players[4],
    ]
}

#[test]
fn dealer_ante_5_into_each_cup() {
    let mut f = facts(None);
    f.ante = true;
    let (lines, b, cups) = run(&f, &rules());
    assert_eq!(lines.len(), 2);
    assert!(lines
        .iter()
        .all(|l| l.from == Party::Player(2) && l.amount == 5 && l.reason == Reason::Ante));
    assert_eq!(b.players[2], -10);
    assert_eq!(cups, [105, 65]);
}

#[test]
fn declarations_are_paid_by_each_opponent() {
    let mut f = facts(None);
    f.declarations[1] = Declarations::from_list(&[
        Declaration::Tarokker { n: 11, pagat: true },
        Declaration::Matadorer { m: 3 },
    ]);
    let (_, b, _) = run(&f, &rules());
    assert_eq!(players(&b), [-25, 50, -25, 0, 0]);
}

#[test]
fn pagat_hjem_5_from_each() {
    let mut f = facts(None);
    f.push_in_play(InPlay::PagatHjem(2));
    let (_, b, cups) = run(&f, &rules());
    assert_eq!(players(&b), [-5, -5, 10, 0, 0]);
    assert_eq!(cups, CUPS);
}

#[test]
fn lost_king_5_to_each_and_5_into_the_king_cup() {
    let mut f = facts(None);
    f.push_in_play(InPlay::Lost(0, KING));
    let (_, b, cups) = run(&f, &rules());
    assert_eq!(players(&b), [-15, 5, 5, 0, 0]);
    assert_eq!(cups, [105, 60]);
}

#[test]
fn lost_pagat_goes_to_the_pagat_cup() {
    let mut f = facts(None);
    f.push_in_play(InPlay::Lost(1, PAGAT));
    let (_, b, cups) = run(&f, &rules());
    assert_eq!(players(&b), [5, -15, 5, 0, 0]);
    assert_eq!(cups, [100, 65]);
}

#[test]
fn last_trick_20_from_each() {
    let (lines, b, _) = run(&facts(Some(plain_end())), &rules());
    assert!(lines.iter().all(|l| l.reason == Reason::LastTrick));
    assert_eq!(players(&b), [40, -20, -20, 0, 0]);
}

#[test]
fn pagat_ultimo_45_from_each_takes_the_pagat_cup_and_everyone_refunds() {
    let mut end = plain_end();
    end.ultimo_card = Some(PAGAT);
    let mut f = facts(Some(end));
    f.table = 4; // the sitter-out re-funds too (000 L804-806)
    let (lines, b, cups) = run(&f, &rules());
    assert!(
        !lines.iter().any(|l| l.reason == Reason::LastTrick),
        "no last trick with an ultimo (000 AMB-18)"
    );
    assert_eq!(players(&b), [90 + 60 - 20, -65, -65, -20, 0]);
    assert_eq!(cups, [100, 80]);
}

#[test]
fn king_ultimo_40_from_each_takes_the_king_cup() {
    let mut end = plain_end();
    end.ultimo_card = Some(KING);
    let (_, b, cups) = run(&facts(Some(end)), &rules());
    assert_eq!(players(&b), [80 + 100 - 20, -60, -60, 0, 0]);
    assert_eq!(cups, [60, 60]);
}

#[test]
fn pagat_bagud_45_to_each_and_doubles_the_pagat_cup() {
    let mut end = plain_end();
    end.bagud[1] = Some(PAGAT);
    let (lines, b, cups) = run(&facts(Some(end)), &rules());
    assert!(
        !lines.iter().any(|l| l.reason == Reason::LastTrick),
        "ordinary bagud: no last trick (000 L2389)"
    );
    assert_eq!(players(&b), [45, -90 - 60, 45, 0, 0]);
    assert_eq!(cups, [100, 120]);
}

#[test]
fn king_bagud_40_to_each_and_doubles_the_king_cup() {
    let mut end = plain_end();
    end.bagud[2] = Some(KING);
    let (_, b, cups) = run(&facts(Some(end)), &rules());
    assert_eq!(players(&b), [40, 40, -80 - 100, 0, 0]);
    assert_eq!(cups, [200, 60]);
}

#[test]
fn king_ultimo_with_king_bagud_puts_back_the_amount_taken_without_refunding() {
    // 000 L706-710: the ultimator empties the king cup, the bagud player puts back the same.
    let mut end = plain_end();
    end.ultimo_card = Some(KING);
    end.bagud[1] = Some(KING2);
    let (lines, b, cups) = run(&facts(Some(end)), &rules());
    assert!(!lines.iter().any(|l| l.reason == Reason::Refund));
    assert_eq!(players(&b), [80 + 40 + 100, -40 - 80 - 100, -40 + 40, 0, 0]);
    assert_eq!(cups, [100, 60]);
}

#[test]
fn pagat_ultimo_with_king_bagud_settles_both() {
    // "ordnes betalingen for begge" (000 L2388-2389).
    let mut end = plain_end();
    end.ultimo_card = Some(PAGAT);
    end.bagud[2] = Some(KING);
    let (lines, b, cups) = run(&facts(Some(end)), &rules());
    assert!(!lines.iter().any(|l| l.reason == Reason::LastTrick));
    assert_eq!(
        cups,
        [200, 60],
        "king cup doubled; pagat cup emptied and re-funded by 3 x 20"
    );
    assert_eq!(
        players(&b),
        [90 + 40 + 60 - 20, -45 + 40 - 20, -45 - 80 - 100 - 20, 0, 0]
    );
}

#[test]
fn two_bagud_in_one_trick_each_pay_the_content_before_settlement() {
    // Two kings lost to T21 in trick 25 (000 AMB-21; 003 D-JC-3): no compounding.
    let mut end = plain_end();
    end.bagud[1] = Some(KING);
    end.bagud[2] = Some(KING2);
    let (_, b, cups) = run(&facts(Some(end)), &rules());
    assert_eq!(cups, [300, 60]);
    assert_eq!(players(&b), [80, -40 - 100, -40 - 100, 0, 0]);
    let mut compounding = rules();
    compounding.multi_bagud_compounding = true;
    let (_, _, cups) = run(&facts(Some(end)), &compounding);
    assert_eq!(cups, [400, 60], "the switch doubles twice");
}

#[test]
fn king_ultimo_with_two_king_bagud() {
    let mut end = plain_end();
    end.ultimo_card = Some(KING);
    end.bagud[1] = Some(KING2);
    end.bagud[2] = Some(UltimoCard::King(Suit::Ruder));
    let (lines, _, cups) = run(&facts(Some(end)), &rules());
    assert!(!lines.iter().any(|l| l.reason == Reason::Refund));
    assert_eq!(
        cups,
        [200, 60],
        "each bagud puts back what the ultimator took"
    );
}

#[test]
fn nolo_25_from_each_annuls_the_ultimo_and_the_count() {
    let mut end = plain_end();
    end.ultimo_card = Some(PAGAT);
    end.nolo = Some(1);
    end.counts = [50, 0, 28];
    let (lines, b, cups) = run(&facts(Some(end)), &rules());
    assert!(lines.iter().all(|l| l.reason == Reason::Nolo), "{lines:?}");
    assert_eq!(players(&b), [-25, 50, -25, 0, 0]);
    assert_eq!(cups, CUPS);
}

#[test]
fn nolo_with_bagud_still_pays_the_bagud_even_the_nolo_players_own() {
    // 000 L617-619: "skal have betaling for det, men samtidig … betale for bagud".
    let mut end = plain_end();
    end.nolo = Some(1);
    end.bagud[1] = Some(KING);
    let (_, b, cups) = run(&facts(Some(end)), &rules());
    assert_eq!(players(&b), [-25 + 40, 50 - 80 - 100, -25 + 40, 0, 0]);
    assert_eq!(cups, [200, 60]);
}

#[test]
fn last_trick_after_a_won_nolo_follows_the_switch() {
    let mut end = plain_end();
    end.nolo = Some(1);
    let mut r = rules();
    r.last_trick_with_nolo = true;
    let (lines, _, _) = run(&facts(Some(end)), &r);
    assert!(lines.iter().any(|l| l.reason == Reason::LastTrick));
}

#[test]
fn tout_from_each_takes_both_cups_counts_and_refunds() {
    for (preset, tout) in [
        (Preset::Dtf2011, 80),
        (Preset::Hjoerring2016, 85),
        (Preset::Moeller, 80),
    ] {
        let mut end = plain_end();
        end.tout = Some(0);
        end.nolo = Some(1); // the others' zero tricks are no nolo (000 L628-629)
        end.ultimo_card = Some(KING);
        end.counts = [70, 3, 5];
        let (lines, b, cups) = run(&facts(Some(end)), &preset.ruleset());
        assert!(!lines.iter().any(|l| matches!(
            l.reason,
            Reason::Nolo | Reason::Ultimo(_) | Reason::LastTrick
        )));
        // Non-counter is seat 1: seat 0 counts 70 (+45), seat 2 counts 5 (-20), both against seat 1.
        assert_eq!(
            players(&b),
            [
                2 * tout + 160 + 45 - 40,
                -tout - 45 + 20 - 40,
                -tout - 20 - 40,
                0,
                0
            ],
            "{preset:?}"
        );
        assert_eq!(cups, [60, 60]);
    }
}

#[test]
fn tout_with_a_king_bagud_refunds_both_cups() {
    // 000 AMB-22, the project's decision (docs/rules/danish.md §11, §16): a tout takes both cups,
    // both are re-funded, and the others' bagud is still paid. "Nobody refills it"
    // is for a king ultimo with a king bagud only
    // (`king_ultimo_with_king_bagud_puts_back_the_amount_taken_without_refunding`).
    let mut end = plain_end();
    end.tout = Some(0);
    end.bagud[2] = Some(KING);
    let (lines, b, cups) = run(&facts(Some(end)), &rules());
    // Seat 0: tout 80 from each (+160), both cups (+100 +60), the bagud's 40 (+40), re-funds
    // 20 into each cup (-40). Seat 1: tout -80, bagud +40, re-funds -40. Seat 2: tout -80,
    // bagud 40 to each (-80), doubles the king cup's 100 (-100), re-funds -40.
    assert_eq!(players(&b), [320, -80, -300, 0, 0]);
    // King cup: 100 taken, 100 put back by the bagud, 60 re-funded; pagat cup: 60 taken, 60
    // re-funded.
    assert_eq!(cups, [160, 60]);
    assert_eq!(
        lines.iter().filter(|l| l.reason == Reason::Refund).count(),
        6,
        "three players re-fund each of the two cups"
    );
    assert!(lines
        .iter()
        .any(|l| l.reason == Reason::Bagud(KING) && l.from == Party::Player(2)));
    assert!(!lines.iter().any(|l| l.reason == Reason::LastTrick));
    // With the switch off (000 L339: only an ultimo re-funds), neither cup is.
    let mut r = rules();
    r.refund_cups_after_tout = false;
    let (_, _, cups) = run(&facts(Some(end)), &r);
    assert_eq!(cups, [100, 0]);
}

#[test]
fn counting_against_the_non_counter_vector_b6() {
    // 003 p.18 (vectors B6): counters 39 (+15) and 19 (-5); the next dealer pays the balance 10.
    let mut end = plain_end();
    end.last_trick = 0;
    end.counts = [39, 20, 19];
    let mut r = rules();
    r.tariff.last_trick = 0;
    let (_, b, _) = run(&facts(Some(end)), &r);
    assert_eq!(players(&b), [15, -10, -5, 0, 0]);
}

#[test]
fn counting_each_opponent_switch() {
    let mut end = plain_end();
    end.counts = [39, 20, 19];
    let mut r = rules();
    r.tariff.last_trick = 0;
    r.count_settlement = tarok_danish::ruleset::CountSettlement::EachOpponent;
    let (_, b, _) = run(&facts(Some(end)), &r);
    // Seat 0 receives 15 from each; seat 2 pays 5 to each.
    assert_eq!(players(&b), [15 + 15 + 5, -15 + 5, -15 - 5 - 5, 0, 0]);
}

#[test]
fn no_counting_when_switched_off() {
    let mut end = plain_end();
    end.counts = [60, 10, 8];
    let mut r = rules();
    r.counting = false;
    let (lines, _, _) = run(&facts(Some(end)), &r);
    assert!(!lines.iter().any(|l| matches!(l.reason, Reason::Count(_))));
}

#[test]
fn a_barred_players_ultimo_is_an_ordinary_last_trick() {
    // 000 AMB-25; 003 D-JC-16.
    let mut end = plain_end();
    end.ultimo_card = Some(PAGAT);
    end.ultimo_barred[0] = true;
    let (lines, b, cups) = run(&facts(Some(end)), &rules());
    assert!(lines.iter().all(|l| l.reason == Reason::LastTrick));
    assert_eq!(players(&b), [40, -20, -20, 0, 0]);
    assert_eq!(cups, CUPS);
}

#[test]
fn a_barred_ultimo_pays_nothing_when_switched() {
    let mut end = plain_end();
    end.ultimo_card = Some(KING);
    end.ultimo_barred[0] = true;
    let mut r = rules();
    r.barred_ultimo_as_last_trick = false;
    let (lines, _, _) = run(&facts(Some(end)), &r);
    assert!(lines.is_empty(), "{lines:?}");
}

/// The switch takes only the ultimo card's trick: a barred player's plain last trick is paid as
/// any other (000 AMB-25).
#[test]
fn a_barred_players_plain_last_trick_is_paid_under_either_switch() {
    let mut end = plain_end();
    end.ultimo_barred[0] = true;
    for as_last_trick in [true, false] {
        let mut r = rules();
        r.barred_ultimo_as_last_trick = as_last_trick;
        let (_, b, _) = run(&facts(Some(end)), &r);
        assert_eq!(players(&b), [40, -20, -20, 0, 0], "{as_last_trick}");
    }
}

/// Cups a tout emptied are re-funded only under the switch (000 AMB-22; off: only an ultimo
/// re-funds, 000 L339).
#[test]
fn cups_a_tout_emptied_are_refunded_only_under_the_switch() {
    let mut end = plain_end();
    end.tout = Some(0);
    let refunds = |r: &Ruleset| {
        let (lines, _, cups) = run(&facts(Some(end)), r);
        let n = lines.iter().filter(|l| l.reason == Reason::Refund).count();
        (n, cups)
    };
    assert_eq!(refunds(&rules()), (6, [60, 60]));
    let mut r = rules();
    r.refund_cups_after_tout = false;
    assert_eq!(refunds(&r), (0, [0, 0]));
}

/// Under compounding a bagud doubles the cup as it stands, but a cup a tout has just taken is
/// doubled by what it held, as after an ultimo (000 L706-710, AMB-21).
#[test]
fn a_compounding_bagud_after_a_tout_puts_back_what_the_cup_held() {
    let mut end = plain_end();
    end.tout = Some(0);
    end.bagud[2] = Some(KING);
    let mut r = rules();
    r.multi_bagud_compounding = true;
    let (lines, _, cups) = run(&facts(Some(end)), &r);
    let doubled: Vec<i32> = lines
        .iter()
        .filter(|l| l.reason == Reason::CupDoubled(KING))
        .map(|l| l.amount)
        .collect();
    assert_eq!(doubled, [CUPS[0]]);
    // Both cups the tout took are re-funded, the refilled king cup too (000 AMB-22).
    assert_eq!(cups, [160, 60]);
}

#[test]
fn refunding_with_two_sitters_out() {
    let mut end = plain_end();
    end.ultimo_card = Some(KING);
    let mut f = facts(Some(end));
    f.table = 5;
    let (lines, b, cups) = run(&f, &rules());
    assert_eq!(
        lines.iter().filter(|l| l.reason == Reason::Refund).count(),
        5
    );
    assert_eq!((b.players[3], b.players[4]), (-20, -20));
    assert_eq!(cups, [100, 60]);
}

#[test]
fn cups_are_numbered_king_then_pagat() {
    assert_eq!((KING_CUP, PAGAT_CUP), (0, 1));
}

/// Each line of the itemised settlement says its reason in the players' words and cites the
/// rule it comes from (the "each line names … the rule").
#[test]
fn every_reason_says_its_words_and_its_rule() {
    let half = Declaration::Halvt {
        set: tarok_danish::declare::MeldSet::Kings,
        missing: tarok_core::Card::king(Suit::Ruder),
    };
    let golden = [
        (
            Reason::Ante,
            "kortgivers indskud (dealer's ante)",
            "000 L395, L2357",
        ),
        (
            Reason::Declaration(half),
            "melding: halvt i konger uden ruder",
            "000 §7.2, L441, L2359-2374",
        ),
        (Reason::PagatHjem, "pagat hjem", "000 L700, L2377"),
        (
            Reason::LostUltimoCard(KING),
            "mistet ultimokort: hjerter konge",
            "000 L699, L2378",
        ),
        (
            Reason::Ultimo(PAGAT),
            "ultimo: pagat",
            "000 L800-806, L2382-2384",
        ),
        (
            Reason::CupTaken,
            "tømmer koppen (takes the cup)",
            "000 L800-806, L2382-2384",
        ),
        (
            Reason::Bagud(KING2),
            "bagud: spar konge",
            "000 L1067-1069, L706-710, L2383-2385",
        ),
        (
            Reason::CupDoubled(PAGAT),
            "bagud fordobler koppen: pagat",
            "000 L1067-1069, L706-710, L2383-2385",
        ),
        (
            Reason::LastTrick,
            "sidste stik",
            "000 L1106-1107, L2381, L2388-2389",
        ),
        (Reason::Nolo, "nolo", "000 L611-620, L2387"),
        (Reason::Tout, "tout", "000 L627-629; 001 L492"),
        (Reason::Count(31), "tælling 31", "000 L661-685, L2417-2430"),
        (
            Reason::Refund,
            "fundering (re-funding)",
            "000 L339-341, L804-806",
        ),
    ];
    for (reason, words, rule) in golden {
        assert_eq!(reason.to_string(), words, "{reason:?}");
        assert_eq!(reason.rule(), rule, "{reason:?}");
    }
}
