//! Golden tests: the four-player game, two against two (spec §3): side counts, honours and
//! Pagat payments between opponents, the Volata, the Partie (Reale, double, triple) and the
//! six-Partie game.

mod support;
use support::{deal_with, paid, scat_and_declare_all};
use tarok_core::{Card, CardSet, DealRng};
use tarok_historic::partie::{seating, Partie, PARTIER_IN_GAME};
use tarok_historic::playout::play_out;
use tarok_historic::ruleset::PARTNERS;
use tarok_historic::{Deal, Reason, Ruleset};

#[test]
fn side_counts_total_72_and_pagat_is_paid_between_opponents() {
    for seed in 0..2000 {
        let mut d = Deal::from_seed(PARTNERS, seed, (seed % 4) as u8);
        play_out(&mut d, &mut DealRng::derive(seed, 2), |_| {});
        let c = d.side_counts();
        assert_eq!(c[0] + c[1], 72, "36 is the half (002 L252-253)");
        let (t, owner) = d.played(Card::PAGAT).unwrap();
        let w = d.tricks()[t].winner;
        let partner = (owner + 2) % 4;
        let opps = [(owner + 1) % 4, (owner + 3) % 4];
        let last = t == d.tricks().len() - 1;
        for q in opps {
            let lost =
                paid(&d, owner, q, Reason::PagatLost) + paid(&d, owner, q, Reason::PagatLostLast);
            let ultimo = paid(&d, q, owner, Reason::PagatUltimo);
            if w == owner || w == partner {
                assert_eq!(lost, 0, "saved by the partner is not lost (seed {seed})");
                assert_eq!(ultimo, if w == owner && last { 10 } else { 0 });
            } else {
                assert_eq!(lost, if last { 10 } else { 5 });
            }
        }
        // The partner never pays or receives for the Pagat.
        assert_eq!(paid(&d, owner, partner, Reason::PagatLost), 0);
        assert_eq!(paid(&d, partner, owner, Reason::PagatUltimo), 0);
    }
}

#[test]
fn volata_when_a_side_makes_no_point() {
    // Side P0+P2 holds every tarock, the Scus and every court card; P1 and P3 only pips.
    // Whoever leads, P0+P2 win every trick, so P1+P3 score 0 points: a Volata (002 L259-260).
    let courts: CardSet = tarok_core::Suit::ALL
        .iter()
        .map(|s| CardSet::courts(*s))
        .fold(CardSet::EMPTY, |a, b| a | b);
    let strong = CardSet::TRUMPS.with(Card::SKUS) | courts;
    let list: Vec<String> = strong.iter().map(|c| c.to_string()).collect();
    let (a, b) = list.split_at(19);
    let p0 = format!("{} S1 S2", a.join(" "));
    let mut d = deal_with(PARTNERS, 0, &[&p0, "", &b.join(" "), ""]);
    scat_and_declare_all(&mut d);
    support::play_with(&mut d, support::lowest);
    assert_eq!(d.side_counts(), [72, 0]);
    let rules = PARTNERS;
    for loser in [1, 3] {
        for winner in [0, 2] {
            assert_eq!(paid(&d, loser, winner, Reason::Volata), rules.volata / 2);
        }
    }
}

fn partie(deals: &[[i32; 2]]) -> Partie {
    let mut p = Partie::default();
    for d in deals {
        p.add(*d);
    }
    assert!(p.is_over());
    p
}

#[test]
fn partie_table_spec_3_6() {
    let r = PARTNERS;
    // Surpluses carry over: gains 4 + 14 against 6: side 0 wins simply (×1).
    let p = partie(&[[40, 32], [30, 42], [50, 22], [36, 36]]);
    let res = p.result(&r);
    assert_eq!(
        (res.winner, res.gross, res.net, res.multiplier),
        (Some(0), [18, 6], 12, 1)
    );
    // Double: the losers never made a point over 36 (002 L255-257).
    let res = partie(&[[40, 32]; 4]).result(&r);
    assert_eq!(
        (res.winner, res.double, res.reale, res.multiplier),
        (Some(0), true, false, 2)
    );
    // Reale: a surplus of 36 (002 L254-255), the losers having gained once.
    let res = partie(&[[60, 12], [60, 12], [30, 42], [36, 36]]).result(&r);
    assert_eq!(
        (res.net, res.reale, res.double, res.multiplier),
        (42, true, false, 2)
    );
    // Triple: Reale and double together (002 L257-259).
    let res = partie(&[[60, 12], [50, 22], [36, 36], [36, 36]]).result(&r);
    assert_eq!((res.winner, res.multiplier), (Some(0), 3));
    // Nobody wins on a net of 0 (002 L260-261).
    let res = partie(&[[40, 32], [32, 40], [36, 36], [36, 36]]).result(&r);
    assert_eq!((res.winner, res.multiplier), (None, 0));
    assert!(partie(&[[40, 32], [32, 40], [36, 36], [36, 36]])
        .settlement(&r, [[0, 2], [1, 3]])
        .is_empty());
    // Side 1 can win too.
    let res = partie(&[[30, 42]; 4]).result(&r);
    assert_eq!((res.winner, res.multiplier), (Some(1), 2));
}

#[test]
fn reale_on_gross_switch() {
    // Gains 38 against 6: net 32 is no Reale by default, gross 38 is with the switch (JC-24).
    let p = partie(&[[60, 12], [50, 22], [30, 42], [36, 36]]);
    assert!(!p.result(&PARTNERS).reale);
    assert!(
        p.result(&Ruleset {
            reale_on_gross: true,
            ..PARTNERS
        })
        .reale
    );
}

#[test]
fn partie_payments_each_loser_pays_each_winner() {
    let p = partie(&[[60, 12], [50, 22], [36, 36], [36, 36]]);
    let lines = p.settlement(&PARTNERS, [[0, 2], [1, 3]]);
    assert_eq!(lines.len(), 4);
    let mut bal = tarok_core::Balances::default();
    for l in &lines {
        assert_eq!(l.amount, PARTNERS.partie_stake / 2 * 3);
        assert_eq!(l.reason, Reason::Partie { multiplier: 3 });
        tarok_core::PaymentSink::pay(&mut bal, *l);
    }
    assert_eq!(bal.players[0], PARTNERS.partie_stake * 3);
    assert_eq!(bal.players[1], -PARTNERS.partie_stake * 3);
    assert_eq!(bal.total(), 0);
}

#[test]
fn six_partier_three_pairings_jc26() {
    // Partners sit opposite (seats 0/2 and 1/3); each pairing plays two Partier.
    let pairs = |k| {
        let s = seating(k, false);
        let mut a = [s[0], s[2]];
        a.sort();
        a
    };
    assert_eq!(PARTIER_IN_GAME, 6);
    let all: Vec<[u8; 2]> = (0..6).map(pairs).collect();
    assert_eq!(all[0], all[1]);
    assert_eq!(all[2], all[3]);
    assert_eq!(all[4], all[5]);
    assert!(all[0] != all[2] && all[2] != all[4] && all[0] != all[4]);
    // Parita firma: one pairing throughout.
    assert!((0..6).all(|k| seating(k, true) == seating(0, true)));
}

#[test]
fn a_whole_partie_from_random_deals_is_zero_sum() {
    for seed in 0..200u64 {
        let mut p = Partie::default();
        for k in 0..4u64 {
            let mut d = Deal::from_seed(PARTNERS, seed * 4 + k, k as u8);
            play_out(&mut d, &mut DealRng::derive(seed, k), |_| {});
            p.add(d.side_counts());
        }
        let mut bal = tarok_core::Balances::default();
        for l in p.settlement(&PARTNERS, [[0, 2], [1, 3]]) {
            tarok_core::PaymentSink::pay(&mut bal, l);
        }
        assert_eq!(bal.total(), 0);
        assert_eq!(bal.players[0], bal.players[2]);
    }
}

#[test]
fn no_trick_bonus_switch_is_paid_by_opponents_only() {
    // Off by default in the four-player game (spec §6); switched on, the partner never pays.
    let rules = Ruleset {
        no_trick_bonus: 26,
        ..PARTNERS
    };
    let mut seen = 0;
    for seed in 0..3000 {
        let mut d = Deal::from_seed(rules, seed, 0);
        play_out(&mut d, &mut DealRng::derive(seed, 12), |_| {});
        for p in 0..4u8 {
            let partner = (p + 2) % 4;
            assert_eq!(paid(&d, partner, p, Reason::NoTrick), 0);
            let from_opps = paid(&d, (p + 1) % 4, p, Reason::NoTrick)
                + paid(&d, (p + 3) % 4, p, Reason::NoTrick);
            assert_eq!(from_opps, if d.tricks_won(p) == 0 { 52 } else { 0 });
            seen += usize::from(d.tricks_won(p) == 0);
        }
        let mut d0 = Deal::from_seed(PARTNERS, seed, 0);
        play_out(&mut d0, &mut DealRng::derive(seed, 12), |_| {});
        assert!(d0.settlement().iter().all(|l| l.reason != Reason::NoTrick));
    }
    assert!(seen > 0);
}
