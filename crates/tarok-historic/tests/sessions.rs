//! Whole games: six Partier of the partners' game, and en deux Partier to 100.

use tarok_core::{Balances, DealRng, PaymentSink};
use tarok_historic::en_deux::draw_for_deal;
use tarok_historic::playout::play_out;
use tarok_historic::ruleset::{EN_DEUX, PARTNERS};
use tarok_historic::session::{EnDeuxPartie, PartnersGame};
use tarok_historic::{Deal, Phase, Reason, Ruleset};

fn play_partners(rules: Ruleset, seed: u64) -> PartnersGame {
    let mut g = PartnersGame::new(rules).unwrap();
    let mut k = 0;
    while let Some((_, dealer)) = g.next_setup() {
        let mut d = Deal::from_seed(rules, seed * 1000 + k, dealer);
        play_out(&mut d, &mut DealRng::derive(seed, k), |_| {});
        k += 1;
        if d.phase() == Phase::Void {
            continue;
        }
        g.add(d).unwrap();
    }
    g
}

#[test]
fn six_partier_settle_between_persons() {
    for seed in 0..30 {
        let g = play_partners(PARTNERS, seed);
        assert!(g.is_over());
        assert_eq!(g.deals.len(), 24);
        assert_eq!(g.partier().len(), 6);
        let lines = g.settlement();
        let mut b = Balances::default();
        lines.iter().for_each(|l| b.pay(*l));
        assert_eq!(b.total(), 0);
        // Partie payments: each Partie won moves exactly 4 lines between the two pairs.
        let partie_lines = lines
            .iter()
            .filter(|l| matches!(l.reason, Reason::Partie { .. }))
            .count();
        let won = g
            .partier()
            .iter()
            .filter(|(_, p)| p.result(&PARTNERS).winner.is_some())
            .count();
        assert_eq!(partie_lines, 4 * won);
        // Each winner person gains stake × multiplier per Partie won, each loser loses it.
        let mut expected = [0i32; 4];
        for (seats, p) in g.partier() {
            let r = p.result(&PARTNERS);
            if let Some(w) = r.winner {
                let amount = PARTNERS.partie_stake * r.multiplier as i32;
                for side_seat in [w as usize, w as usize + 2] {
                    expected[seats[side_seat] as usize] += amount;
                }
                for side_seat in [1 - w as usize, 3 - w as usize] {
                    expected[seats[side_seat] as usize] -= amount;
                }
            }
        }
        let mut partie_only = Balances::default();
        lines
            .iter()
            .filter(|l| matches!(l.reason, Reason::Partie { .. }))
            .for_each(|l| partie_only.pay(*l));
        assert_eq!(partie_only.players[..4], expected);
    }
}

#[test]
fn a_session_refuses_the_wrong_deal() {
    let mut g = PartnersGame::new(PARTNERS).unwrap();
    let d = Deal::from_seed(PARTNERS, 1, 1);
    assert!(g.add(d).is_err(), "unfinished and dealt by the wrong seat");
    assert!(PartnersGame::new(EN_DEUX).is_err());
}

#[test]
fn en_deux_partier_to_100() {
    for seed in 0..100u64 {
        let first = draw_for_deal(&mut DealRng::seed(seed)).0;
        let mut p = EnDeuxPartie::new(EN_DEUX, first).unwrap();
        let mut k = 0;
        while !p.is_over() {
            let mut d = Deal::from_seed(EN_DEUX, seed * 1000 + k, p.next_dealer());
            play_out(&mut d, &mut DealRng::derive(seed, k), |_| {});
            k += 1;
            p.add(d).unwrap();
        }
        assert!(p.score.scores.iter().any(|s| *s >= 100));
        for (i, d) in p.deals.iter().enumerate() {
            assert_eq!(d.dealer(), (first + i as u8) % 2, "the deal alternates");
        }
        assert!(p.settlement().is_some());
        let extra = Deal::from_seed(EN_DEUX, 1, p.next_dealer());
        assert!(p.add(extra).is_err());
    }
}
