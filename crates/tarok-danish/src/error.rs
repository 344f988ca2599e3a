//! Typed rule errors. Each message names the rule and its source; a rejected action never
//! changes the deal.

use crate::action::Named;
use tarok_core::{Card, CardSet};

/// The rule of [`RuleError::NotInHand`].
const NOT_IN_HAND: &str = "Møller 000 L398-399; DTF 2011 §4";
/// The rule of [`RuleError::SkatSize`].
const SKAT_SIZE: &str = "Møller 000 L416-420; DTF 2011 §5";
/// The rule of [`RuleError::SkatForbidden`].
const SKAT_FORBIDDEN: &str = "Møller 000 L515-561; DTF 2011 §5.1";
/// The rule of [`RuleError::SkatTrumpsNotVoid`].
const SKAT_TRUMPS_NOT_VOID: &str = "Møller 000 L537-538; DTF 2011 §5.2";
/// The rule of [`RuleError::SkatTooManyTrumps`].
const SKAT_TOO_MANY_TRUMPS: &str =
    "the alternative to Hjørring 2016 ambiguity A8; 001 L1008, L1209";
/// The rule of [`RuleError::SkatDeclarationCard`].
const SKAT_DECLARATION_CARD: &str = "Møller 000 L511-512; DTF 2011 §5.4";
/// The rule of [`RuleError::SkatFallback`].
const SKAT_FALLBACK: &str = "DTF 2011 D-JC-8";
/// The rule of [`RuleError::MustFollow`].
const MUST_FOLLOW: &str = "Møller 000 L648-649; DTF 2011 §7";
/// The rule of [`RuleError::MustTrump`].
const MUST_TRUMP: &str = "Møller 000 L648-649; DTF 2011 §7";
/// The rule of [`RuleError::SkusInTrick24`].
const SKUS_IN_TRICK24: &str = "Møller 000 L587, L1847; DTF 2011 §8.1";
/// The rule of [`RuleError::SkusDemanded`].
const SKUS_DEMANDED: &str = "Møller 000 L586, L1850";
/// The rule of [`RuleError::SkusNeedsName`].
const SKUS_NEEDS_NAME: &str = "Møller 000 L1809, L1921";
/// The rule of [`RuleError::NoRenamingRight`].
const NO_RENAMING_RIGHT: &str = "Møller 000 L591-599; DTF 2011 §8.3";
/// The rule of [`RuleError::RenameToTrump`].
const RENAME_TO_TRUMP: &str = "Møller 000 AMB-14";
/// The rule of [`RuleError::RenameToSameName`].
const RENAME_TO_SAME_NAME: &str = "Møller 000 L591-599";
/// The rule of [`RuleError::HolderCannotDemand`].
const HOLDER_CANNOT_DEMAND: &str = "Møller 000 L1850-1851";
/// The guide for players of Danish Tarok (`docs/rules/danish.md`).
pub const GUIDE: &str = "docs/rules/danish.md";
/// Its section on the order of a deal.
const GUIDE_ORDER: &str = "docs/rules/danish.md §4";
/// Its section on dealing and the redeal.
const GUIDE_DEAL: &str = "docs/rules/danish.md §5";
/// Its section on the skat.
const GUIDE_SKAT: &str = "docs/rules/danish.md §6";
/// Its section on playing the cards.
const GUIDE_PLAY: &str = "docs/rules/danish.md §8";
/// Its section on the skus.
const GUIDE_SKUS: &str = "docs/rules/danish.md §9";
/// The rule of [`RuleError::TrumpHolderCannotRedeal`].
const TRUMP_HOLDER_CANNOT_REDEAL: &str = "Møller 000 L426-428; DTF 2011 §4";

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleError {
    /// An action out of its phase: `expected` says what the deal waits for, `rule` where the
    /// order of the deal is written.
    #[error("{action} is not possible now: {expected} ({rule})")]
    WrongMoment {
        action: String,
        expected: &'static str,
        rule: &'static str,
    },
    /// A card the player to act does not hold: each plays only the cards dealt to him.
    #[error("{0} is not in the hand of the player to act ({cite})", cite = NOT_IN_HAND)]
    NotInHand(Card),
    #[error("the skat is exactly 3 cards, not {0} ({cite})", cite = SKAT_SIZE)]
    SkatSize(u32),
    #[error("{0} may not be laid in the skat: kings, the pagat, T21 and the skus never go there ({cite})", cite = SKAT_FORBIDDEN)]
    SkatForbidden(Card),
    #[error("trumps may be laid in the skat only when the dealer thereby becomes void in numbered trumps ({cite})", cite = SKAT_TRUMPS_NOT_VOID)]
    SkatTrumpsNotVoid,
    #[error("trumps may be laid in the skat only from a hand of at most 3 numbered trumps ({cite})", cite = SKAT_TOO_MANY_TRUMPS)]
    SkatTooManyTrumps,
    #[error("{0} belongs to a declaration and may be laid only when unavoidable, which it is not here ({cite})", cite = SKAT_DECLARATION_CARD)]
    SkatDeclarationCard(Card),
    #[error("no discard meets every skat rule, so the fallback applies: lay {0} and announce them ({cite})", cite = SKAT_FALLBACK)]
    SkatFallback(CardSet),
    #[error("{card} does not follow: {led} was led and the hand holds {led} ({cite})", cite = MUST_FOLLOW)]
    MustFollow { card: Card, led: String },
    #[error("{card} is not a trump: the hand holds no {led} and must play a trump ({cite})", cite = MUST_TRUMP)]
    MustTrump { card: Card, led: String },
    #[error("the skus may never be played in the second-to-last trick ({cite})", cite = SKUS_IN_TRICK24)]
    SkusInTrick24,
    #[error("the skus was demanded and must be played to this trick ({cite})", cite = SKUS_DEMANDED)]
    SkusDemanded,
    #[error("the skus is led with a name: write X=S, X=H, X=R, X=K or X=T ({cite})", cite = SKUS_NEEDS_NAME)]
    SkusNeedsName,
    #[error("no renaming right here: it belongs to a player after a skus lead in a suit neither other player holds ({cite})", cite = NO_RENAMING_RIGHT)]
    NoRenamingRight,
    #[error("a rename names a suit, not trumps, in this preset ({cite})", cite = RENAME_TO_TRUMP)]
    RenameToTrump,
    /// A rename must change the skus's suit: renaming it to the suit it already stands for
    /// would leave the trick as it is.
    #[error("the skus is already named {0}: a rename names another suit ({cite})", cite = RENAME_TO_SAME_NAME)]
    RenameToSameName(Named),
    #[error("the holder of the skus cannot demand it ({cite})", cite = HOLDER_CANNOT_DEMAND)]
    HolderCannotDemand,
    #[error("a hand with numbered trumps cannot demand a redeal: only a hand without any may, the skus not counting ({cite})", cite = TRUMP_HOLDER_CANNOT_REDEAL)]
    TrumpHolderCannotRedeal,
}

impl tarok_core::Refusal for RuleError {
    fn citation(&self) -> &'static str {
        match self {
            RuleError::WrongMoment { rule, .. } => rule,
            RuleError::NotInHand(..) => NOT_IN_HAND,
            RuleError::SkatSize(..) => SKAT_SIZE,
            RuleError::SkatForbidden(..) => SKAT_FORBIDDEN,
            RuleError::SkatTrumpsNotVoid => SKAT_TRUMPS_NOT_VOID,
            RuleError::SkatTooManyTrumps => SKAT_TOO_MANY_TRUMPS,
            RuleError::SkatDeclarationCard(..) => SKAT_DECLARATION_CARD,
            RuleError::SkatFallback(..) => SKAT_FALLBACK,
            RuleError::MustFollow { .. } => MUST_FOLLOW,
            RuleError::MustTrump { .. } => MUST_TRUMP,
            RuleError::SkusInTrick24 => SKUS_IN_TRICK24,
            RuleError::SkusDemanded => SKUS_DEMANDED,
            RuleError::SkusNeedsName => SKUS_NEEDS_NAME,
            RuleError::NoRenamingRight => NO_RENAMING_RIGHT,
            RuleError::RenameToTrump => RENAME_TO_TRUMP,
            RuleError::RenameToSameName(..) => RENAME_TO_SAME_NAME,
            RuleError::HolderCannotDemand => HOLDER_CANNOT_DEMAND,
            RuleError::TrumpHolderCannotRedeal => TRUMP_HOLDER_CANNOT_REDEAL,
        }
    }

    fn guide(&self) -> &'static str {
        match self {
            RuleError::WrongMoment { .. } => GUIDE_ORDER,
            RuleError::TrumpHolderCannotRedeal => GUIDE_DEAL,
            RuleError::SkatSize(..)
            | RuleError::SkatForbidden(..)
            | RuleError::SkatTrumpsNotVoid
            | RuleError::SkatTooManyTrumps
            | RuleError::SkatDeclarationCard(..)
            | RuleError::SkatFallback(..) => GUIDE_SKAT,
            RuleError::NotInHand(..)
            | RuleError::MustFollow { .. }
            | RuleError::MustTrump { .. } => GUIDE_PLAY,
            RuleError::SkusInTrick24
            | RuleError::SkusDemanded
            | RuleError::SkusNeedsName
            | RuleError::NoRenamingRight
            | RuleError::RenameToTrump
            | RuleError::RenameToSameName(..)
            | RuleError::HolderCannotDemand => GUIDE_SKUS,
        }
    }
}

impl RuleError {
    /// One refusal of each kind, with example details: for the tests that check every
    /// refusal's citation, guide section and words. The `match` has no wildcard arm, so a new
    /// kind of refusal does not compile until it is listed here.
    pub fn one_of_each() -> Vec<RuleError> {
        use RuleError::*;
        let c = Card::T21;
        let all = vec![
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
            RenameToSameName(Named::Suit(tarok_core::Suit::Spar)),
            HolderCannotDemand,
            TrumpHolderCannotRedeal,
        ];
        for e in &all {
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
        }
        all
    }
}
