//! Cup balances worked out by hand from the payment table (000 §9.2, L2376-2389; 003 §10, §12)
//! through manual entry at a table of four: Anna deals, Bent is forhånd, Dorte mellemhånd, Carl
//! sits out (opposite). Bent deals next and does not count. Funding leaves everyone at -40 and
//! each cup at 80; the ante brings the cups to 85 before the deal's end.

use tarok_danish::Preset;
use tarok_ledger::entry::{BagudEntry, DealEntry, EndEntry, FineEntry, InPlayEntry, Outcome};
use tarok_ledger::{Account, Cause, Session};

fn four(preset: Preset) -> Session {
    let names = ["Anna", "Bent", "Carl", "Dorte"].map(String::from).to_vec();
    Session::new(preset, None, names, 0).unwrap()
}

fn end(last: &str) -> EndEntry {
    EndEntry {
        last_trick: last.into(),
        counts: [("Anna".to_string(), 26), ("Dorte".to_string(), 26)].into(),
        ..Default::default()
    }
}

fn bagud(person: &str, card: &str) -> BagudEntry {
    BagudEntry {
        person: person.into(),
        card: card.into(),
    }
}

fn played(end: EndEntry) -> DealEntry {
    DealEntry {
        end: Some(end),
        ..Default::default()
    }
}

/// Balances of Anna, Bent, Carl, Dorte, then the king cup and the pagat cup.
fn state(s: &Session) -> (Vec<i32>, [i32; 2]) {
    assert_eq!(s.total(), 0, "balances plus cups sum to zero");
    (s.balances.clone(), s.cups)
}

#[test]
fn funding_is_20_into_each_cup_from_everyone() {
    let s = four(Preset::Dtf2011);
    assert_eq!(state(&s), (vec![-40, -40, -40, -40], [80, 80]));
    assert!(s.lines.iter().all(|l| l.cause == Cause::Funding));
}

#[test]
fn pagat_ultimo_takes_the_cup_and_everyone_refunds_it() {
    let mut s = four(Preset::Dtf2011);
    let mut e = end("Bent");
    e.ultimo = Some("pagat".into());
    s.enter(played(e)).unwrap();
    // Anna: ante 10, 45 to Bent, refund 20. Bent: +90, the cup's 85, refund 20.
    // Carl sits out and only refunds 20. Dorte: 45 to Bent, refund 20.
    assert_eq!(state(&s), (vec![-115, 115, -60, -105], [85, 80]));
}

#[test]
fn king_bagud_pays_each_opponent_and_doubles_the_cup() {
    let mut s = four(Preset::Dtf2011);
    let mut e = end("Bent");
    e.bagud = vec![bagud("Dorte", "HK")];
    s.enter(played(e)).unwrap();
    // Dorte pays 40 to Anna and to Bent and 85 into the king cup; no last trick is paid.
    assert_eq!(state(&s), (vec![-10, 0, -40, -205], [170, 85]));
}

#[test]
fn two_bagud_in_one_trick_each_pay_the_cup_as_it_stood() {
    let mut s = four(Preset::Dtf2011);
    let mut e = end("Bent");
    e.bagud = vec![bagud("Anna", "HK"), bagud("Dorte", "SK")];
    s.enter(played(e)).unwrap();
    // Each pays 40 to each opponent and 85 (not 170) into the king cup (000 AMB-21, 003 D-JC-3).
    assert_eq!(state(&s), (vec![-175, 40, -40, -165], [255, 85]));
}

#[test]
fn king_ultimo_with_king_bagud_puts_back_what_was_taken_without_refunding() {
    let mut s = four(Preset::Dtf2011);
    let mut e = end("Bent");
    e.ultimo = Some("HK".into());
    e.bagud = vec![bagud("Dorte", "SK")];
    s.enter(played(e)).unwrap();
    // Bent takes 85 and 40 from each; Dorte pays 40 to each and puts 85 back (000 L706-710).
    assert_eq!(state(&s), (vec![-50, 165, -40, -245], [85, 85]));
    assert!(!s.lines.iter().any(|l| l.rule.contains("L339-341")));
}

#[test]
fn tout_takes_both_cups_counts_and_both_are_refunded() {
    let mut s = four(Preset::Dtf2011);
    let mut e = end("Bent");
    e.tout = Some("Bent".into());
    e.counts = [("Anna".to_string(), 4), ("Dorte".to_string(), 0)].into();
    s.enter(played(e)).unwrap();
    // 80 from each, both cups (85 + 85), counts 20 + 25 paid to Bent as the non-counter,
    // then every one of the four refunds 20 into each cup (000 AMB-22).
    assert_eq!(state(&s), (vec![-190, 295, -80, -185], [80, 80]));
}

#[test]
fn tout_is_85_in_the_2016_rules() {
    let mut s = four(Preset::Hjoerring2016);
    let mut e = end("Bent");
    e.tout = Some("Bent".into());
    e.counts = [("Anna".to_string(), 4), ("Dorte".to_string(), 0)].into();
    s.enter(played(e)).unwrap();
    assert_eq!(state(&s), (vec![-195, 305, -80, -190], [80, 80]));
}

#[test]
fn lost_ultimo_card_and_pagat_hjem_in_play() {
    let mut s = four(Preset::Dtf2011);
    let mut e = played(end("Bent"));
    e.in_play = vec![
        InPlayEntry::PagatHjem {
            person: "Dorte".into(),
        },
        InPlayEntry::Lost {
            person: "Anna".into(),
            card: "RK".into(),
        },
    ];
    s.enter(e).unwrap();
    // Dorte +5 from each; Anna pays 5 to each and 5 into the king cup; Bent takes the last
    // trick, 20 from each.
    assert_eq!(state(&s), (vec![-90, 0, -40, -45], [90, 85]));
}

#[test]
fn fines_go_into_each_cup_and_bar_the_ultimo() {
    let mut s = four(Preset::Dtf2011);
    let mut e = end("Bent");
    e.ultimo = Some("pagat".into());
    let mut d = played(e);
    d.fines = vec![FineEntry {
        person: "Bent".into(),
        fine: "wrong-declaration".into(),
    }];
    s.enter(d).unwrap();
    // Barred: Bent's pagat win is an ordinary last trick (003 D-JC-16): 20 from each; then 40
    // into each cup.
    assert_eq!(state(&s), (vec![-70, -80, -40, -60], [125, 125]));
}

#[test]
fn a_sitter_out_can_be_fined() {
    let mut s = four(Preset::Moeller);
    let mut d = played(end("Bent"));
    d.fines = vec![FineEntry {
        person: "Carl".into(),
        fine: "cups-not-moved".into(),
    }];
    s.enter(d).unwrap();
    assert_eq!(s.balances[2], -50);
}

fn annulled_with_declaration(preset: Preset) -> Session {
    let mut s = four(preset);
    let d = DealEntry {
        outcome: Outcome::Annulled,
        declarations: [("Dorte".to_string(), vec!["fuldt i hjerter".to_string()])].into(),
        fines: vec![FineEntry {
            person: "Anna".into(),
            fine: "revoke".into(),
        }],
        ..Default::default()
    };
    s.enter(d).unwrap();
    s
}

#[test]
fn annulled_deal_dtf_payments_stand_and_the_deal_passes_on() {
    let s = annulled_with_declaration(Preset::Dtf2011);
    // Anna: ante 10, 10 to Dorte, fine 80. Dorte +20 from the declaration (003 D-JC-5).
    assert_eq!(state(&s), (vec![-140, -50, -40, -20], [125, 125]));
    assert_eq!(s.seating().dealer, 1);
    assert!(s.ante_due);
}

#[test]
fn annulled_deal_moeller_reverses_the_declarations_and_the_dealer_deals_again() {
    let s = annulled_with_declaration(Preset::Moeller);
    assert_eq!(state(&s), (vec![-130, -40, -40, -40], [125, 125]));
    assert_eq!(s.seating().dealer, 0);
    assert!(!s.ante_due);
}

#[test]
fn end_of_evening_split_gives_the_remainder_to_the_worst_placed() {
    let names = ["Anna", "Bent", "Carl"].map(String::from).to_vec();
    let mut s = Session::new(Preset::Dtf2011, None, names, 0).unwrap();
    // Anna deals, Bent is forhånd (does not count), Carl wins the last trick: 20 from each.
    s.enter(played(EndEntry {
        last_trick: "Carl".into(),
        counts: [("Anna".to_string(), 26), ("Carl".to_string(), 26)].into(),
        ..Default::default()
    }))
    .unwrap();
    assert_eq!(state(&s), (vec![-70, -60, 0], [65, 65]));
    s.close().unwrap();
    // 130 shared in chips of 5 (000 L331-332): 40 each, and the 10 left over to Anna, the
    // worst placed (000 L342-344).
    assert_eq!(state(&s), (vec![-20, -20, 40], [0, 0]));
    let to_anna: i32 = s
        .lines
        .iter()
        .filter(|l| l.cause == Cause::Split && l.to == Account::Person(0))
        .map(|l| l.amount)
        .sum();
    assert_eq!(to_anna, 50);
    assert!(s.close().is_err());
    assert!(s.enter(played(end("Bent"))).is_err());
}

#[test]
fn split_remainder_goes_to_the_first_in_seating_order_among_equally_worst() {
    let names = ["Anna", "Bent", "Carl"].map(String::from).to_vec();
    let mut s = Session::new(Preset::Dtf2011, None, names, 2).unwrap();
    // Carl deals (ante 10): Anna is forhånd and does not count, Bent mellemhånd. Anna wins the
    // last trick: Bent and Carl pay 20 each. Counts 26/26 are free.
    s.enter(played(EndEntry {
        last_trick: "Anna".into(),
        counts: [("Bent".to_string(), 26), ("Carl".to_string(), 26)].into(),
        ..Default::default()
    }))
    .unwrap();
    assert_eq!(state(&s), (vec![0, -60, -70], [65, 65]));
    s.close().unwrap();
    // Carl is worst: 40 + 10.
    assert_eq!(state(&s), (vec![40, -20, -20], [0, 0]));
    // A tie for worst: the remainder to the first of them in seating order. Anna deals, Bent
    // does not count, Carl counts 18 (pays 10 to Bent): Anna and Carl both end at -70.
    let names = ["Anna", "Bent", "Carl"].map(String::from).to_vec();
    let mut s = Session::new(Preset::Dtf2011, None, names, 0).unwrap();
    s.enter(played(EndEntry {
        last_trick: "Bent".into(),
        counts: [("Anna".to_string(), 26), ("Carl".to_string(), 18)].into(),
        ..Default::default()
    }))
    .unwrap();
    assert_eq!(state(&s), (vec![-70, 10, -70], [65, 65]));
    s.close().unwrap();
    assert_eq!(state(&s), (vec![-20, 50, -30], [0, 0]));
    let mut t = four(Preset::Dtf2011);
    t.close().unwrap();
    // Everyone at -40, 160 shared: 40 each, no remainder.
    assert_eq!(state(&t), (vec![0, 0, 0, 0], [0, 0]));
}

#[test]
fn the_split_is_paid_in_chips_of_5() {
    // Four at the table; Anna deals, Bent does not count, Carl sits out. Dorte goes bagud with
    // the pagat: she doubles the pagatkop. The cups then hold a sum that 4 does not divide in
    // 5s, and every share is whole chips (000 L331-332), the rest to the worst (L342-344).
    let mut s = four(Preset::Moeller);
    let mut e = end("Bent");
    e.bagud = vec![bagud("Dorte", "pagat")];
    s.enter(played(e)).unwrap();
    let total: i32 = s.cups.iter().sum();
    assert_eq!(total % 5, 0);
    assert_ne!(total % 20, 0, "the test needs a remainder: {total}");
    let worst = (0..4).min_by_key(|&p| s.balances[p]).unwrap();
    let before = s.balances.clone();
    s.close().unwrap();
    let got: Vec<i32> = (0..4).map(|p| s.balances[p] - before[p]).collect();
    let share = total / 20 * 5;
    for (p, &g) in got.iter().enumerate() {
        assert_eq!(g % 5, 0, "{got:?}");
        let want = if p == worst { total - 3 * share } else { share };
        assert_eq!(g, want, "{got:?}");
    }
    assert!(s
        .lines
        .iter()
        .filter(|l| l.cause == Cause::Split)
        .all(|l| l.amount % 5 == 0));
}
