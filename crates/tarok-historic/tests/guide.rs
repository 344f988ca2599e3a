//! Every refusal names the section of the guide for players that explains its rule
//! (`Refusal::guide`), and that section exists in `docs/rules/1829.md`.

#[path = "../../tarok-core/tests/common/guides.rs"]
mod guides;

use tarok_core::{Card, Refusal};
use tarok_historic::RuleError::*;

#[test]
fn every_refusal_names_an_existing_section_of_the_1829_guide() {
    let all = tarok_historic::RuleError::one_of_each();
    let mut guides = guides::Guides::default();
    for e in &all {
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
