//! Rotation sequences over more than 10 deals for every seating scheme, written out by hand from
//! the sources (000 L371-389; 003 L28 p.10) with persons A, B, C, … seated in order to the right.

use tarok_danish::Preset;
use tarok_ledger::entry::{DealEntry, EndEntry, Outcome};
use tarok_ledger::seating::{seating, Scheme};
use tarok_ledger::Session;

/// "dealer forhånd mellemhånd / sitters-out ! non-counter".
fn show(scheme: Scheme, k: u32) -> String {
    let s = seating(scheme, 0, k);
    let l = |p: usize| (b'A' + p as u8) as char;
    let out: String = s.sitting_out().iter().map(|&p| l(p)).collect();
    format!(
        "{} {}{} /{} !{}",
        l(s.dealer),
        l(s.seats[0]),
        l(s.seats[1]),
        out,
        l(s.seats[s.non_counter as usize])
    )
}

fn sequence(scheme: Scheme, n: u32) -> Vec<String> {
    (0..n).map(|k| show(scheme, k)).collect()
}

#[test]
fn three_at_the_table() {
    // All play; forhånd deals next and does not count.
    assert_eq!(
        sequence(Scheme::Three, 12),
        [
            "A BC / !B",
            "B CA / !C",
            "C AB / !A",
            "A BC / !B",
            "B CA / !C",
            "C AB / !A",
            "A BC / !B",
            "B CA / !C",
            "C AB / !A",
            "A BC / !B",
            "B CA / !C",
            "C AB / !A",
        ]
    );
}

#[test]
fn four_opposite_sits_out() {
    // 000 L371-372: the player opposite sits out; the deal passes to forhånd, who does not count.
    assert_eq!(
        sequence(Scheme::Opposite, 12),
        [
            "A BD /C !B",
            "B CA /D !C",
            "C DB /A !D",
            "D AC /B !A",
            "A BD /C !B",
            "B CA /D !C",
            "C DB /A !D",
            "D AC /B !A",
            "A BD /C !B",
            "B CA /D !C",
            "C DB /A !D",
            "D AC /B !A",
        ]
    );
}

#[test]
fn four_dtf_alternative_right_neighbour_sits_out() {
    // 003 L28 p.10: the dealer's right-hand neighbour sits out and deals next; as he sits out,
    // the dealer does not count (003 D-JC-10).
    assert_eq!(
        sequence(Scheme::RightNeighbour, 12),
        [
            "A CD /B !A",
            "B DA /C !B",
            "C AB /D !C",
            "D BC /A !D",
            "A CD /B !A",
            "B DA /C !B",
            "C AB /D !C",
            "D BC /A !D",
            "A CD /B !A",
            "B DA /C !B",
            "C AB /D !C",
            "D BC /A !D",
        ]
    );
}

#[test]
fn five_two_sitters_out_dealer_moves_two_seats() {
    // 000 L375-389: dealers A, C, E, B, D; hand 1 A plays with B and E, C and D sit out (AMB-26);
    // the previous dealer sits out the next hand. The next dealer always sits out: the dealer
    // does not count (docs/rules/danish.md §12).
    assert_eq!(
        sequence(Scheme::SkipTwo, 12),
        [
            "A BE /CD !A",
            "C DB /EA !C",
            "E AD /BC !E",
            "B CA /DE !B",
            "D EC /AB !D",
            "A BE /CD !A",
            "C DB /EA !C",
            "E AD /BC !E",
            "B CA /DE !B",
            "D EC /AB !D",
            "A BE /CD !A",
            "C DB /EA !C",
        ]
    );
    // The previous dealer sits out the next hand (000 L388-389).
    for k in 1..20 {
        let prev = seating(Scheme::SkipTwo, 0, k - 1).dealer;
        assert!(seating(Scheme::SkipTwo, 0, k).sitting_out().contains(&prev));
    }
}

#[test]
fn five_hermansen_blocks_of_five() {
    // 000 L373-375: one person sits out for five deals, the others play four-handed with the
    // opposite player sitting out. Blocks: E, then A, then B, … (judgement call).
    assert_eq!(
        sequence(Scheme::Hermansen, 16),
        [
            "A BD /CE !B",
            "B CA /DE !C",
            "C DB /AE !D",
            "D AC /BE !A",
            "A BD /CE !B",
            "B CE /DA !C",
            "C DB /EA !D",
            "D EC /BA !E",
            "E BD /CA !B",
            "B CE /DA !C",
            "C DA /EB !D",
            "D EC /AB !E",
            "E AD /CB !A",
            "A CE /DB !C",
            "C DA /EB !D",
            "D EB /AC !E",
        ]
    );
    // Each person sits out exactly one whole block in every 25 deals.
    for p in 0..5 {
        let blocks = (0..25)
            .filter(|&k| seating(Scheme::Hermansen, 0, k).seats[4] == p)
            .count();
        assert_eq!(blocks, 5, "person {p}");
    }
}

#[test]
fn a_redeal_keeps_the_dealer_and_skips_the_ante() {
    let names = ["Anna", "Bent", "Carl", "Dorte"].map(String::from).to_vec();
    let mut s = Session::new(Preset::Dtf2011, None, names, 0).unwrap();
    let redeal = DealEntry {
        outcome: Outcome::Redeal,
        ..Default::default()
    };
    let r = s.enter(redeal.clone()).unwrap();
    assert!(r.ante);
    assert_eq!(r.seating.dealer, 0);
    // The second try: same dealer, no ante (000 L426-428).
    let r = s.enter(redeal).unwrap();
    assert!(!r.ante);
    assert_eq!(r.seating.dealer, 0);
    assert_eq!(s.cups, [85, 85]);
    let played = DealEntry {
        end: Some(EndEntry {
            last_trick: "Bent".into(),
            counts: [("Anna".to_string(), 26), ("Dorte".to_string(), 26)].into(),
            ..Default::default()
        }),
        ..Default::default()
    };
    let r = s.enter(played).unwrap();
    assert!(!r.ante);
    assert_eq!(r.seating.dealer, 0);
    // Now the deal passes on, with an ante again.
    assert_eq!(s.seating().dealer, 1);
    assert!(s.ante_due);
}
