//! Position strings refuse what no deal of the game can reach.

use tarok_historic::position::Position;

/// ♠A and ♣A are not in the quadrille's 76-card pack (002 L263-264, App. B′): a position may
/// not hold them, in a hand or in a trick.
#[test]
fn quadrille_positions_refuse_cards_outside_its_pack() {
    for pos in [
        "dk-1829-quadrille 3|S1 S2 T5/?3/?3/?3||0:|0",
        "dk-1829-quadrille 3|K1 S2 T5/?3/?3/?3||0:|0",
        "dk-1829-quadrille 3|S2 T5/?3/?3/?3||0:S1|1",
    ] {
        let e = Position::parse(pos).unwrap_err();
        assert!(
            e.contains("not in the 76-card pack of dk-1829-quadrille"),
            "{pos}: {e}"
        );
        assert!(e.contains("S1") || e.contains("K1"), "{e}");
    }
    // The other games keep both Aces.
    let other = Position::parse("dk-1829-partners 3|S1 S2 T5/?3/?3/?3||0:|0");
    assert!(other.err().is_none_or(|e| !e.contains("not in the")));
}

/// Each hand holds the game's hand size less one per trick it has played to.
#[test]
fn positions_refuse_hand_sizes_no_deal_reaches() {
    // The old `tarok legal --help` example: after two tricks P0 would hold 6 cards, and P1,
    // who has played H7 since, as many.
    let old = "dk-1829-en-deux 1|T21 T5 HK X S2 S3/?6|0:SK S5,0:T2 T4|1:H7|0";
    let e = Position::parse(old).unwrap_err();
    assert!(
        e.contains("seat 0 holds 6 cards") && e.contains("holds 23"),
        "{e}"
    );
    let fixed = "dk-1829-en-deux 1|T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T5 HK X SD S10 S9 S8 S7 S6 S3 S2/?22|0:SK S5,0:T2 T4|1:H7|0";
    assert!(Position::parse(fixed).is_ok());
    // P1 has played to the current trick: 23 would be one too many.
    let p1_too_many = fixed.replace("?22", "?23");
    assert!(Position::parse(&p1_too_many)
        .unwrap_err()
        .contains("seat 1 holds 23 cards"));
    // A 28-card hand and `?99` at the start of play (three: 25 each).
    let three = |h0: &str, h1: &str| format!("dk-1829-three 2|{h0}/{h1}/?25||0:|0");
    let twenty_five =
        "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 X S1 S2 S3";
    assert!(Position::parse(&three(twenty_five, "?25")).is_ok());
    let e = Position::parse(&three(&format!("{twenty_five} S4 S5 S6"), "?25")).unwrap_err();
    assert!(e.contains("seat 0 holds 28 cards"), "{e}");
    let e = Position::parse(&three(twenty_five, "?99")).unwrap_err();
    assert!(e.contains("seat 1 holds 99 cards"), "{e}");
    assert!(Position::parse(&three(twenty_five, "?4294967295 ?9")).is_err());
    // Quadrille: 18 each.
    assert!(Position::parse("dk-1829-quadrille 3|S2 T5/?3/?3/?3||0:|0")
        .unwrap_err()
        .contains("holds 18"));
}
