//! The engine derives the settlement facts from play: pagat hjem, lost ultimo cards, ultimo,
//! bagud, nolo and tout (000 §9.1; 003 §9-§10).

use tarok_core::Suit;
use tarok_danish::{position, Action, Deal, InPlay, UltimoCard};

fn pos(p: &str) -> Deal {
    position::parse(p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn play(deal: &mut Deal, cards: &[&str]) {
    for c in cards {
        deal.apply(c.parse::<Action>().unwrap())
            .unwrap_or_else(|e| panic!("{c}: {e}"));
    }
}

fn in_play(deal: &Deal) -> Vec<InPlay> {
    deal.facts().in_play().collect()
}

#[test]
fn the_pagat_winning_a_trick_is_pagat_hjem() {
    let mut d = pos("dk-dtf-2011 T1,S2/H5,H9/R2,R3 24 0:- -/- 8,8,7 -");
    play(&mut d, &["T1", "H5", "R2"]);
    assert_eq!(in_play(&d), [InPlay::PagatHjem(0)]);
}

#[test]
fn a_king_beaten_by_a_trump_is_a_lost_ultimo_card() {
    let mut d = pos("dk-dtf-2011 SK,S2/T2,H9/S3,R3 24 0:- -/- 8,8,7 -");
    play(&mut d, &["SK", "T2", "S3"]);
    assert_eq!(in_play(&d), [InPlay::Lost(0, UltimoCard::King(Suit::Spar))]);
}

#[test]
fn a_pagat_under_a_higher_trump_is_lost() {
    let mut d = pos("dk-dtf-2011 T5,S2/T1,H9/S3,R3 24 0:- -/- 8,8,7 -");
    play(&mut d, &["T5", "T1", "S3"]);
    assert_eq!(in_play(&d), [InPlay::Lost(1, UltimoCard::Pagat)]);
}

#[test]
fn a_king_that_wins_its_trick_costs_nothing() {
    let mut d = pos("dk-dtf-2011 HK,S2/H5,H9/H6,R3 24 0:- -/- 8,8,7 -");
    play(&mut d, &["HK", "H5", "H6"]);
    assert!(in_play(&d).is_empty());
}

#[test]
fn the_pagat_in_trick_25_is_an_ultimo_not_pagat_hjem() {
    let mut d = pos("dk-dtf-2011 T1/SK/S2 25 0:- -/- 8,8,8 -");
    play(&mut d, &["T1", "SK", "S2"]);
    assert!(
        in_play(&d).is_empty(),
        "pagat hjem only in tricks 1-24 (000 AMB-20)"
    );
    let end = d.facts().end.unwrap();
    assert_eq!(end.ultimo_card, Some(UltimoCard::Pagat));
    assert_eq!(end.bagud, [None, Some(UltimoCard::King(Suit::Spar)), None]);
}

#[test]
fn a_king_ultimo_needs_the_highest_card_of_the_led_suit_and_no_trump() {
    let mut d = pos("dk-dtf-2011 RK/R2/R3 25 0:- -/- 8,8,8 -");
    play(&mut d, &["RK", "R2", "R3"]);
    assert_eq!(
        d.facts().end.unwrap().ultimo_card,
        Some(UltimoCard::King(Suit::Ruder))
    );
    let mut d = pos("dk-dtf-2011 RK/T2/R3 25 0:- -/- 8,8,8 -");
    play(&mut d, &["RK", "T2", "R3"]);
    let end = d.facts().end.unwrap();
    assert_eq!(end.last_trick, 1);
    assert_eq!(end.ultimo_card, None);
    assert_eq!(end.bagud[0], Some(UltimoCard::King(Suit::Ruder)));
}

#[test]
fn two_kings_falling_to_a_trump_are_two_bagud() {
    let mut d = pos("dk-dtf-2011 T21/SK/HK 25 0:- -/- 8,8,8 -");
    play(&mut d, &["T21", "SK", "HK"]);
    let end = d.facts().end.unwrap();
    assert_eq!(
        end.bagud,
        [
            None,
            Some(UltimoCard::King(Suit::Spar)),
            Some(UltimoCard::King(Suit::Hjerter))
        ]
    );
}

#[test]
fn a_king_lost_in_the_last_trick_is_a_bagud_and_pays_the_fee_only_under_the_switch() {
    let start = pos("dk-dtf-2011 T21/SK/H2 25 0:- -/- 8,8,8 -");
    let mut d = start;
    play(&mut d, &["T21", "SK", "H2"]);
    assert_eq!(in_play(&d), []);
    assert_eq!(
        d.facts().end.unwrap().bagud[1],
        Some(UltimoCard::King(Suit::Spar))
    );
    // 001 A16 alternative (`loss_fee_on_bagud`): the 5 p fee on top of the bagud.
    let mut rules = *start.rules();
    rules.lost_card_fee_on_last_trick = true;
    let mut d = Deal::from_position(rules, &start.position_setup());
    play(&mut d, &["T21", "SK", "H2"]);
    assert_eq!(in_play(&d), [InPlay::Lost(1, UltimoCard::King(Suit::Spar))]);
    assert_eq!(
        d.facts().end.unwrap().bagud[1],
        Some(UltimoCard::King(Suit::Spar))
    );
}

#[test]
fn a_player_without_a_trick_has_nolo() {
    let mut d = pos("dk-dtf-2011 S5/S2/S3 25 0:- -/- 12,12,0 -");
    play(&mut d, &["S5", "S2", "S3"]);
    let end = d.facts().end.unwrap();
    assert_eq!(end.nolo, Some(2));
    assert_eq!(end.tout, None);
}

#[test]
fn all_25_tricks_is_tout_and_no_nolo() {
    let mut d = pos("dk-dtf-2011 S5/S2/S3 25 0:- -/- 24,0,0 -");
    play(&mut d, &["S5", "S2", "S3"]);
    let end = d.facts().end.unwrap();
    assert_eq!(end.tout, Some(0));
    assert_eq!(end.nolo, None);
}
