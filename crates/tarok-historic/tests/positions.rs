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
