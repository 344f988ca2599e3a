//! Tables with sitters-out, worked by hand from the documents: five at the table with two
//! sitters-out (000 L375-389; 003 L28 p.10) and the federation's four-handed alternative, where
//! the dealer's right-hand neighbour sits out (003 L28 p.10). Sitters-out fund and re-fund the
//! cups and pay nothing else (000 L357-359, L804-806; 003 L28, L42 p.17); when the next dealer
//! sits out, the dealer does not count (003 D-JC-10; docs/rules/danish.md §12).

use tarok_danish::Preset;
use tarok_ledger::entry::{DealEntry, EndEntry};
use tarok_ledger::{EntryError, Scheme, Session, SessionError};

fn names(n: usize) -> Vec<String> {
    ["Anna", "Bent", "Carl", "Dorte", "Erik"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn played(last: &str, ultimo: Option<&str>, counts: &[(&str, u8)]) -> DealEntry {
    DealEntry {
        end: Some(EndEntry {
            last_trick: last.into(),
            ultimo: ultimo.map(String::from),
            counts: counts.iter().map(|&(n, c)| (n.to_string(), c)).collect(),
            ..Default::default()
        }),
        ..Default::default()
    }
}

#[test]
fn five_at_the_table_two_sitters_out_refund_and_the_dealer_does_not_count() {
    let mut s = Session::new(Preset::Moeller, Some(Scheme::SkipTwo), names(5), 0).unwrap();
    // Funding: all five put 20 into each cup (000 L392-393).
    assert_eq!(s.balances, vec![-40; 5]);
    assert_eq!(s.cups, [100, 100]);
    // Anna deals, Bent is forhånd, Erik mellemhånd; Carl and Dorte sit out. Carl deals next
    // and sits out, so Anna does not count: Bent and Erik must.
    let only_dealer_and_forhaand = played("Bent", Some("pagat"), &[("Anna", 30), ("Bent", 30)]);
    match s.enter(only_dealer_and_forhaand) {
        Err(SessionError::Entry(EntryError::Counts(why))) => {
            assert!(why.contains("count of Erik is missing"), "{why}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(s.cups, [100, 100], "a refused entry pays nothing");
    s.enter(played("Bent", Some("pagat"), &[("Bent", 30), ("Erik", 22)]))
        .unwrap();
    // Anna: ante 5 + 5, 45 to Bent, +5 from Erik's count 22, -5 to Bent's count 30, refund 20.
    // Bent: 45 from each, the pagat cup's 105, +5 count, refund 20.
    // Carl and Dorte sit out: only the re-funding 20 (000 L804-806, AMB-31).
    // Erik: 45 to Bent, 5 to Anna, refund 20.
    assert_eq!(s.balances, vec![-115, 140, -60, -60, -110]);
    assert_eq!(s.cups, [105, 100]);
    assert_eq!(s.total(), 0);
    assert_eq!(s.seating().dealer, 2, "the dealer moves two seats");
    // The evening ends: 205 shared by five in chips of 5 is 40 each, the 5 left over to Anna,
    // the worst placed (000 L342-344).
    s.close().unwrap();
    assert_eq!(s.balances, vec![-70, 180, -20, -20, -70]);
    assert_eq!(s.cups, [0, 0]);
}

#[test]
fn dtf_alternative_the_right_neighbour_sits_out_refunds_and_deals_next() {
    let mut s = Session::new(Preset::Dtf2011, Some(Scheme::RightNeighbour), names(4), 0).unwrap();
    // Anna deals; Bent, her right-hand neighbour, sits out and deals next; Carl is forhånd,
    // Dorte mellemhånd; Anna does not count.
    let seating = s.seating();
    assert_eq!((seating.dealer, seating.sitting_out()), (0, &[1][..]));
    assert_eq!(seating.seats[..2], [2, 3]);
    s.enter(played("Dorte", Some("HK"), &[("Carl", 40), ("Dorte", 26)]))
        .unwrap();
    // Dorte's king ultimo: 40 from Anna and Carl, the king cup's 85. Carl counts 40: 15 from
    // Anna. Everyone, Bent too, re-funds the king cup with 20 (003 L42 p.17).
    assert_eq!(s.balances, vec![-125, -60, -85, 105]);
    assert_eq!(s.cups, [80, 85]);
    let next = s.seating();
    assert_eq!((next.dealer, next.sitting_out()), (1, &[2][..]));
}

/// A sitter-out plays no card and demands nothing, so he cannot revoke or demand the skus
/// falsely (000 L356-359, L1850-1851; 003 L20 p.6, L28 p.10): those fines are refused for him,
/// and stay for the players; only the fines for handling cards and cups are open to him.
#[test]
fn a_sitter_out_cannot_be_fined_for_an_offence_of_play() {
    use tarok_ledger::entry::{FineEntry, Outcome};
    for preset in Preset::ALL {
        let open: Vec<&str> = tarok_ledger::fines::table(preset)
            .iter()
            .filter(|f| f.by_sitter_out)
            .map(|f| f.id)
            .collect();
        let expected: &[&str] = if preset == Preset::Dtf2011 {
            &["misdeal"]
        } else {
            &["cups-not-moved", "misdeal"]
        };
        assert_eq!(open, expected, "{preset:?}");
        // Anna deals, Bent and Dorte play, Carl sits out.
        let revoke = |person: &str| DealEntry {
            outcome: Outcome::Annulled,
            fines: vec![FineEntry {
                person: person.into(),
                fine: "revoke".into(),
            }],
            ..Default::default()
        };
        let skus = |person: &str| {
            let mut d = played("Bent", None, &[("Anna", 26), ("Dorte", 26)]);
            d.fines = vec![FineEntry {
                person: person.into(),
                fine: "false-skus-demand".into(),
            }];
            d
        };
        for entry in [revoke as fn(&str) -> DealEntry, skus] {
            let mut s = Session::new(preset, None, names(4), 0).unwrap();
            match s.enter(entry("Carl")) {
                Err(SessionError::Entry(e @ EntryError::SitterOutFine { .. })) => assert!(
                    e.to_string()
                        .starts_with("Carl sits out this deal and cannot be fined for"),
                    "{e}"
                ),
                other => panic!("{preset:?}: {other:?}"),
            }
            assert!(s.deals.is_empty(), "a refused entry enters nothing");
            assert_eq!(s.cups, [80, 80]);
            s.enter(entry("Dorte")).unwrap();
        }
    }
}
