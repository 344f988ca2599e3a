//! Every refusal names the section of the guide for players that explains its rule
//! (`Refusal::guide`), and that section exists in `docs/rules/1829.md`.

#[path = "../../tarok-core/tests/common/guides.rs"]
mod guides;

use tarok_core::{Card, Refusal};
use tarok_historic::RuleError::*;
use tarok_historic::{Action, HonourKind};

#[test]
fn every_refusal_names_an_existing_section_of_the_1829_guide() {
    let c = Card::T21;
    let all = [
        Over,
        WrongPhase(Action::Done, "card play"),
        NotInHand(c),
        ScatKing,
        ScatTarock,
        ScatMongue,
        ScatAllThree,
        ScatPartners,
        NoSuchHonour(HonourKind::Matadors),
        AlreadyDeclared(HonourKind::Kings),
        MustFollowSuit,
        MustTrump,
        MustFollowTarock,
        MustOvertrump,
        ScusLead,
        ScusDeadline,
        BidTooLow,
        BadCall(c),
        BadRequest(c),
        RequestCount,
        BadReturn(c),
    ];
    let mut guides = guides::Guides::default();
    for e in all {
        // Listed so that a new kind of refusal fails to compile here until it is in the list.
        match e {
            Over | WrongPhase(..) | NotInHand(_) | ScatKing | ScatTarock | ScatMongue
            | ScatAllThree | ScatPartners | NoSuchHonour(_) | AlreadyDeclared(_)
            | MustFollowSuit | MustTrump | MustFollowTarock | MustOvertrump | ScusLead
            | ScusDeadline | BidTooLow | BadCall(_) | BadRequest(_) | RequestCount
            | BadReturn(_) => {}
        }
        let guide = e.guide();
        assert!(
            guide.starts_with(&format!("{} §", tarok_historic::error::GUIDE)),
            "{e:?}: {guide}"
        );
        assert_eq!(guides.problems(guide), Vec::<String>::new(), "{e:?}");
    }
}

/// The guide keeps the specification's section numbers, so a refusal's guide section is the
/// section its citation names where it names one of 1829.
#[test]
fn the_guide_section_is_the_section_of_the_citation() {
    for e in [
        ScatKing,
        MustFollowSuit,
        ScusLead,
        ScatPartners,
        NotInHand(Card::PAGAT),
    ] {
        let section = e.guide().rsplit(' ').next().unwrap();
        assert!(
            e.citation().starts_with(&format!("1829 {section}")),
            "{e:?}: {} / {}",
            e.citation(),
            e.guide()
        );
    }
    assert_eq!(BadCall(Card::PAGAT).guide(), "docs/rules/1829.md §5");
}
