//! Golden tests: card values and counting by the 1829 method (spec §1.3; vectors A3, B7).

mod support;
use support::{card, cards};
use tarok_core::{Card, CardSet, DealRng};
use tarok_historic::count::{count_pile, count_unpacked, excess, literal_packet, nominal};
use tarok_historic::deal::pack;
use tarok_historic::ruleset::Game;

#[test]
fn nominal_values_table_spec_1_3() {
    // 002 L200-202: Mongue 5, Pagat 5, Scus 5, King 5, Dame 4, Caval 3, Valet 2, blanks 0.
    for (c, v) in [
        ("T21", 5),
        ("T1", 5),
        ("X", 5),
        ("SK", 5),
        ("HD", 4),
        ("RC", 3),
        ("KKn", 2),
        ("S10", 0),
        ("H1", 0),
        ("T20", 0),
        ("T2", 0),
    ] {
        assert_eq!(nominal(card(c)), v, "{c}");
    }
}

#[test]
fn packet_examples_vector_a3() {
    let k = |s| card(s);
    // K + 2 blanks = 5; 3 blanks = 1; K + K + blank = 9; K K K = 13; K K V = 10 (002 L203-210).
    let rows: [([Card; 3], i32); 5] = [
        ([k("SK"), k("S2"), k("S3")], 5),
        ([k("S2"), k("S3"), k("T5")], 1),
        ([k("SK"), k("HK"), k("S3")], 9),
        ([k("SK"), k("HK"), k("RK")], 13),
        ([k("SK"), k("HK"), k("SKn")], 10),
    ];
    for (packet, value) in rows {
        assert_eq!(literal_packet(packet), value, "literal {packet:?}");
        let set: CardSet = packet.iter().copied().collect();
        assert_eq!(count_pile(1, set), value, "closed form {packet:?}");
    }
}

#[test]
fn closed_form_equals_the_literal_packets_for_any_packing() {
    // Any pile cut into packets of three counts the same by the text's rule and the formula.
    let all: Vec<Card> = CardSet::PACK78.iter().collect();
    let mut rng = DealRng::seed(3);
    for _ in 0..2000 {
        let mut deck = all.clone();
        rng.shuffle(&mut deck);
        let packets = 1 + rng.below(26) as usize;
        let pile = &deck[..packets * 3];
        let literal: i32 = pile
            .chunks(3)
            .map(|p| literal_packet([p[0], p[1], p[2]]))
            .sum();
        let set: CardSet = pile.iter().copied().collect();
        assert_eq!(count_pile(packets as i32, set), literal);
    }
}

#[test]
fn whole_deck_is_78_vector_b7() {
    // 26 packets + K 16 + D 12 + C 8 + V 4 + Pagat, XXI, Scus 12 = 78; break-even 26 (002 L221).
    assert_eq!(excess(CardSet::KINGS), 16);
    assert_eq!(excess(cards("SD HD RD KD")), 12);
    assert_eq!(excess(cards("SC HC RC KC")), 8);
    assert_eq!(excess(cards("SKn HKn RKn KKn")), 4);
    assert_eq!(excess(cards("T1 T21 X")), 12);
    assert_eq!(count_pile(26, CardSet::PACK78), 78);
    assert_eq!(78 / 3, 26);
}

#[test]
fn a_lone_scus_counts_4() {
    // 002 L185-186 "betalt med 4 Points" (JC-5): no tricks + the Scus = 0 + (5 − 1).
    assert_eq!(count_pile(0, cards("X")), 4);
}

#[test]
fn partners_total_72_half_36() {
    // JC-23: 19 tricks + the Scat + 52 = 72.
    assert_eq!(count_pile(20, CardSet::PACK78), 72);
}

#[test]
fn quadrille_pack_counts_128() {
    // 002 L271-274: 71 for the honour cards + 57 blanks = 128; the half is 64.
    let p = pack(Game::Quadrille);
    assert_eq!(p.len(), 76);
    assert_eq!(count_unpacked(p), 128);
    let honour_cards: CardSet = p.iter().filter(|c| nominal(*c) > 0).collect();
    assert_eq!(honour_cards.iter().map(nominal).sum::<i32>(), 71);
    assert_eq!((p - honour_cards).len(), 57);
}
