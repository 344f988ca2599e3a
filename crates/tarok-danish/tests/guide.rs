//! Every refusal names the section of the guide for players that explains its rule
//! (`Refusal::guide`), and that section exists in `docs/rules/danish.md`.

#[path = "../../tarok-core/tests/common/guides.rs"]
mod guides;

use tarok_core::{Card, CardSet, Refusal, Suit};
use tarok_danish::RuleError::{self, *};

#[test]
fn every_refusal_names_an_existing_section_of_the_danish_guide() {
    let c = Card::T21;
    let all = [
        WrongMoment {
            action: "demand".into(),
            expected: "card play",
            rule: "25 tricks: DTF 2011 §7",
        },
        NotInHand(c),
        SkatSize(2),
        SkatForbidden(c),
        SkatTrumpsNotVoid,
        SkatTooManyTrumps,
        SkatDeclarationCard(c),
        SkatFallback(CardSet::single(c)),
        MustFollow {
            card: c,
            led: "spar".into(),
        },
        MustTrump {
            card: c,
            led: "spar".into(),
        },
        SkusInTrick24,
        SkusDemanded,
        SkusNeedsName,
        NoRenamingRight,
        RenameToTrump,
        RenameToSameName(tarok_danish::Named::Suit(Suit::Spar)),
        HolderCannotDemand,
        TrumpHolderCannotRedeal,
    ];
    let mut guides = guides::Guides::default();
    for e in all {
        // Listed so that a new kind of refusal fails to compile here until it is in the list.
        match e {
            WrongMoment { .. }
            | NotInHand(_)
            | SkatSize(_)
            | SkatForbidden(_)
            | SkatTrumpsNotVoid
            | SkatTooManyTrumps
            | SkatDeclarationCard(_)
            | SkatFallback(_)
            | MustFollow { .. }
            | MustTrump { .. }
            | SkusInTrick24
            | SkusDemanded
            | SkusNeedsName
            | NoRenamingRight
            | RenameToTrump
            | RenameToSameName(_)
            | HolderCannotDemand
            | TrumpHolderCannotRedeal => {}
        }
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
