//! Views hold exactly what a seat may know; and the four-person three-player table (JC-18).

mod support;
use support::{deal_with, scat_and_declare_all};
use tarok_historic::ruleset::{EN_DEUX, THREE};
use tarok_historic::table::konge_rotation;
use tarok_historic::{Action, Deal, Phase};

#[test]
fn only_the_dealer_sees_the_scat_and_nobody_sees_the_dead_cards() {
    let mut d = deal_with(THREE, 0, &["", "", ""]);
    scat_and_declare_all(&mut d);
    let dealer = d.view(0);
    assert_eq!(dealer.scat, Some(d.scat()));
    for s in [1, 2] {
        let v = d.view(s);
        assert_eq!(v.scat, None);
        assert_eq!(v.scat_size, 3);
        assert_eq!(v.hand, d.hand(s));
        let json = serde_json::to_string(&v).unwrap();
        for c in d.scat() {
            assert!(!json
                .split(|ch: char| !ch.is_ascii_alphanumeric())
                .any(|t| t == c.to_string()));
        }
    }
    // En deux: the 25 cards laid aside appear in nobody's view.
    let d = Deal::from_seed(EN_DEUX, 3, 0);
    for s in 0..2 {
        let json = serde_json::to_string(&d.view(s)).unwrap();
        for c in d.dead() {
            assert!(!json
                .split(|ch: char| !ch.is_ascii_alphanumeric())
                .any(|t| t == c.to_string()));
        }
    }
}

#[test]
fn the_view_lists_legal_actions_only_for_the_seat_to_act() {
    let d = Deal::from_seed(THREE, 1, 2);
    assert_eq!(d.phase(), Phase::Discard);
    assert!(!d.view(2).legal.is_empty());
    assert!(d
        .view(2)
        .legal
        .iter()
        .all(|a| matches!(a, Action::Discard(_))));
    assert!(d.view(0).legal.is_empty() && d.view(1).legal.is_empty());
}

#[test]
fn four_at_the_three_player_table_jc18() {
    let mut sat_out = [0; 4];
    let mut dealt = [0; 4];
    for k in 0..8 {
        let t = konge_rotation(k);
        assert!(!t.seats.contains(&t.konge));
        sat_out[t.konge as usize] += 1;
        dealt[t.seats[0] as usize] += 1;
        // The one who dealt sits out the next deal; the deal passes to the right.
        assert_eq!(konge_rotation(k + 1).konge, t.seats[0]);
    }
    assert_eq!(sat_out, [2; 4]);
    assert_eq!(dealt, [2; 4]);
}
