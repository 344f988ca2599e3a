//! Every refusal names the section of the guide for players that explains its rule
//! (`Refusal::guide`), and that section exists in `docs/rules/danish.md`.

#[path = "../../tarok-core/tests/common/guides.rs"]
mod guides;

use tarok_core::{Card, Refusal};
use tarok_danish::RuleError::{self, *};

#[test]
fn every_refusal_names_an_existing_section_of_the_danish_guide() {
    let all = RuleError::one_of_each();
    let mut guides = guides::Guides::default();
    for e in &all {
        let guide = e.guide();
        assert!(
            guide.starts_with(&format!("{} §", tarok_danish::error::GUIDE)),
            "{e:?}: {guide}"
        );
        assert_eq!(guides.problems(guide), Vec::<String>::new(), "{e:?}");
    }
}

/// The sections follow the rule: the skat's refusals in the skat's section, the skus's in the
/// skus's.
#[test]
fn refusals_name_the_section_of_their_rule() {
    assert_eq!(SkatTrumpsNotVoid.guide(), "docs/rules/danish.md §6");
    assert_eq!(SkusInTrick24.guide(), "docs/rules/danish.md §9");
    assert_eq!(
        RuleError::MustTrump {
            card: Card::PAGAT,
            led: "hjerter".into()
        }
        .guide(),
        "docs/rules/danish.md §8"
    );
    assert_eq!(TrumpHolderCannotRedeal.guide(), "docs/rules/danish.md §5");
}
