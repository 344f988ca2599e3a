//! Typed rule errors. Each message names the rule and its source; a rejected action never
//! changes the deal.

use crate::action::Named;
use tarok_core::{Card, CardSet};

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
    #[error("{0} is not in the hand of the player to act (Møller 000 L398-399; DTF 2011 §4)")]
    NotInHand(Card),
    #[error("the skat is exactly 3 cards, not {0} (Møller 000 L416-420; DTF 2011 §5)")]
    SkatSize(u32),
    #[error("{0} may not be laid in the skat: kings, the pagat, T21 and the skus never go there (Møller 000 L515-561; DTF 2011 §5.1)")]
    SkatForbidden(Card),
    #[error("trumps may be laid in the skat only when the dealer thereby becomes void in numbered trumps (Møller 000 L537-538; DTF 2011 §5.2)")]
    SkatTrumpsNotVoid,
    #[error("trumps may be laid in the skat only from a hand of at most 3 numbered trumps (the alternative to Hjørring 2016 ambiguity A8; 001 L1008, L1209)")]
    SkatTooManyTrumps,
    #[error("{0} belongs to a declaration and may be laid only when unavoidable, which it is not here (Møller 000 L511-512; DTF 2011 §5.4)")]
    SkatDeclarationCard(Card),
    #[error("no discard meets every skat rule, so the fallback applies: lay {0} and announce them (DTF 2011 D-JC-8)")]
    SkatFallback(CardSet),
    #[error("{card} does not follow: {led} was led and the hand holds {led} (Møller 000 L648-649; DTF 2011 §7)")]
    MustFollow { card: Card, led: String },
    #[error("{card} is not a trump: the hand holds no {led} and must play a trump (Møller 000 L648-649; DTF 2011 §7)")]
    MustTrump { card: Card, led: String },
    #[error("the skus may never be played in the second-to-last trick (Møller 000 L587, L1847; DTF 2011 §8.1)")]
    SkusInTrick24,
    #[error("the skus was demanded and must be played to this trick (Møller 000 L586, L1850)")]
    SkusDemanded,
    #[error(
        "the skus is led with a name: write X=S, X=H, X=R, X=K or X=T (Møller 000 L1809, L1921)"
    )]
    SkusNeedsName,
    #[error("no renaming right here: it belongs to a player after a skus lead in a suit neither other player holds (Møller 000 L591-599; DTF 2011 §8.3)")]
    NoRenamingRight,
    #[error(
        "a rename names a suit, not trumps, in this preset (rules/README.md; Møller 000 AMB-14)"
    )]
    RenameToTrump,
    /// A rename must change the skus's suit: renaming it to the suit it already stands for
    /// would leave the trick as it is.
    #[error("the skus is already named {0}: a rename names another suit (Møller 000 L591-599)")]
    RenameToSameName(Named),
    #[error("the holder of the skus cannot demand it (Møller 000 L1850-1851)")]
    HolderCannotDemand,
    #[error("a hand with numbered trumps cannot demand a redeal: only a hand without any may, the skus not counting (Møller 000 L426-428; DTF 2011 §4)")]
    TrumpHolderCannotRedeal,
}
