//! Every refusal names the section of the guide for players that explains its rule
//! (`Refusal::guide`), and that section exists in `docs/rules/koenigrufen.md`.

#[path = "../../tarok-core/tests/common/guides.rs"]
mod guides;

use tarok_core::Refusal;
use tarok_koenigrufen::RuleError::{self, *};

#[test]
fn every_refusal_names_an_existing_section_of_the_koenigrufen_guide() {
    let mut guides = guides::Guides::default();
    for e in RuleError::one_of_each() {
        let guide = e.guide();
        assert!(
            guide.starts_with(&format!("{} §", tarok_koenigrufen::error::GUIDE)),
            "{e:?}: {guide}"
        );
        assert_eq!(guides.problems(guide), Vec::<String>::new(), "{e:?}");
    }
}

/// The guide keeps the specification's section numbers: a refusal's guide section is one of
/// the sections its citation names, or the section that explains it where the citation names
/// only the numbers of the setup (the talon halves of the deal, the king call's four kings).
#[test]
fn the_guide_section_is_a_section_of_the_citation() {
    for e in RuleError::one_of_each() {
        let section = e.guide().rsplit('§').next().unwrap();
        let top = section.split('.').next().unwrap();
        let cited = e.citation().contains(&format!("§{section}"))
            || e.citation().contains(&format!("§{top}."))
            || e.citation().contains(&format!("§{top},"));
        let explained = matches!(e, NoSuchHalf | BirdOrder | WrongPhase(..));
        assert!(
            cited || explained,
            "{e:?}: {} / {}",
            e.citation(),
            e.guide()
        );
    }
}
