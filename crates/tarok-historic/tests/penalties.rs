//! Golden tests: the penalty table of spec §2.8 (002 L160-174, L191-193).

mod support;
use support::{deal_with, scat_and_declare_all};
use tarok_core::{Balances, Party, PaymentSink};
use tarok_historic::penalties::{penalty, Offence};
use tarok_historic::ruleset::{PARTNERS, THREE};
use tarok_historic::Reason;

fn balance(lines: &[tarok_historic::settlement::Line]) -> Balances {
    let mut b = Balances::default();
    for l in lines {
        b.pay(*l);
    }
    b
}

#[test]
fn misdeal_and_revoke_cost_5_to_each() {
    for off in [
        Offence::Misdeal { dealer: 0 },
        Offence::Revoke { offender: 0 },
    ] {
        let lines = penalty(&THREE, &off, &[]);
        assert_eq!(lines.len(), 2);
        assert!(lines
            .iter()
            .all(|l| l.amount == 5 && l.from == Party::Player(0) && l.reason == Reason::Penalty));
        assert_eq!(balance(&lines).players[..3], [-10, 5, 5]);
    }
    // Partners: to each opponent only (JC-25).
    let lines = penalty(&PARTNERS, &Offence::Revoke { offender: 1 }, &[]);
    assert_eq!(balance(&lines).players[..4], [5, -10, 5, 0]);
}

#[test]
fn false_pagat_capture_10_to_each_and_the_loss_cancelled() {
    // P2 captured P1's Pagat by a revoke; P1 had paid 5 to each for losing it.
    let paid: Vec<_> = [0u8, 2]
        .iter()
        .map(|q| tarok_core::Payment {
            from: Party::Player(1),
            to: Party::Player(*q),
            amount: 5,
            reason: Reason::PagatLost,
        })
        .collect();
    let lines = penalty(&THREE, &Offence::FalsePagatCapture { captor: 2 }, &paid);
    let b = balance(&lines);
    assert_eq!(b.players[..3], [10 - 5, 10 + 10, -20 - 5]);
    assert_eq!(
        balance(&[paid.clone(), lines].concat()).players[..3],
        [10, 10, -20]
    );
}

#[test]
fn wrong_scat_refunds_every_honour_and_costs_5() {
    // Honours already paid, the dealer's own included, are given back (002 L163-168).
    let mut d = deal_with(THREE, 0, &["T21 T1 X S2 S3 S4", "SK HK RK KK", ""]);
    scat_and_declare_all(&mut d);
    let honours = d.settlement();
    assert!(!honours.is_empty());
    let lines = penalty(&THREE, &Offence::WrongScat { dealer: 0 }, &honours);
    let total = balance(&[honours.clone(), lines].concat());
    assert_eq!(total.players[..3], [-10, 5, 5]);
}

#[test]
fn over_declared_and_cavallerie_in_scat() {
    // Over-declaring: 5 to each and the false honour's payment back (002 L174, JC-16).
    let false_honour: Vec<_> = [1u8, 2]
        .iter()
        .map(|q| tarok_core::Payment {
            from: Party::Player(*q),
            to: Party::Player(0),
            amount: 10,
            reason: Reason::Honour {
                kind: tarok_historic::HonourKind::Kings,
                value: 10,
            },
        })
        .collect();
    let lines = penalty(
        &THREE,
        &Offence::OverDeclared { offender: 0 },
        &false_honour,
    );
    assert_eq!(
        balance(&[false_honour.clone(), lines].concat()).players[..3],
        [-10, 5, 5]
    );
    // A Cavallerie with a card in the Scat: refund only (002 L191-193).
    let lines = penalty(
        &THREE,
        &Offence::CavallerieInScat { dealer: 0 },
        &false_honour,
    );
    assert!(lines.iter().all(|l| l.reason == Reason::Refund));
    assert_eq!(
        balance(&[false_honour, lines].concat()).players[..3],
        [0, 0, 0]
    );
}

#[test]
fn en_deux_penalties_are_points_for_the_opponent_jc32() {
    // Spec §4.8 / JC-32: in en deux "5 to each" becomes +5 to the opponent's score (10 for a
    // false Pagat capture, 002 L171-173); no payment line, as en deux pays only its Partie.
    use tarok_historic::penalties::en_deux_points;
    use tarok_historic::ruleset::EN_DEUX;
    for off in [
        Offence::Misdeal { dealer: 0 },
        Offence::Revoke { offender: 0 },
        Offence::OverDeclared { offender: 0 },
        Offence::WrongScat { dealer: 0 },
    ] {
        assert_eq!(en_deux_points(&off, [0, 0]), [0, 5], "{off:?}");
        assert!(penalty(&EN_DEUX, &off, &[]).is_empty(), "{off:?}");
    }
    assert_eq!(
        en_deux_points(&Offence::FalsePagatCapture { captor: 1 }, [0, 0]),
        [10, 0]
    );
    // What the offence cancels comes off the scores: a wrong Scat cancels both players'
    // honours (002 L163-168), a false honour its holder's (JC-16), a Cavallerie whose card lay
    // in the Scat the dealer's (002 L191-193) without a fine.
    assert_eq!(
        en_deux_points(&Offence::WrongScat { dealer: 1 }, [10, 20]),
        [-10 + 5, -20]
    );
    assert_eq!(
        en_deux_points(&Offence::OverDeclared { offender: 0 }, [10, 0]),
        [-10, 5]
    );
    assert_eq!(
        en_deux_points(&Offence::CavallerieInScat { dealer: 0 }, [10, 0]),
        [-10, 0]
    );
    // A revoke and a misdeal cancel nothing (002 L160-162, L169-171).
    assert_eq!(
        en_deux_points(&Offence::Revoke { offender: 1 }, [10, 10]),
        [5, 0]
    );
}
