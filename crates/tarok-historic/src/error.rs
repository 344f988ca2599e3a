//! Typed errors: each names the rule it enforces. A rejected action leaves the deal unchanged.

use crate::action::Action;
use crate::honours::HonourKind;
use tarok_core::Card;

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleError {
    #[error("the deal is over (1829 §2.7, 002 L221-222; quadrille QJC-4)")]
    Over,
    #[error("'{0}' is not possible now: {1} (1829 §2.4, 002 L157-159; App. B′, 002 L263-270)")]
    WrongPhase(Action, &'static str),
    #[error("{0} is not in the hand of the player to act (1829 §2.2-2.3, 002 L137-138)")]
    NotInHand(Card),
    #[error("a King may not be laid in the Scat (1829 §2.3, 002 L139)")]
    ScatKing,
    #[error("tarock-cards may be laid in the Scat only by a dealer holding exactly 3 of them (1829 §2.3, 002 L140-143)")]
    ScatTarock,
    #[error("XXI may not be laid in the Scat under this ruleset (1829 JC-6)")]
    ScatMongue,
    #[error("with exactly 3 tarock-cards the dealer lays all three or none of them under this ruleset (1829 JC-6)")]
    ScatAllThree,
    #[error("no tarock, Scus or King may be laid in the Scat in the four-player game (1829 §3.2, 002 L250-251)")]
    ScatPartners,
    #[error("the hand holds no {0} to declare (1829 §2.4, 002 L174)")]
    NoSuchHonour(HonourKind),
    #[error("{0} was already declared (1829 §2.4)")]
    AlreadyDeclared(HonourKind),
    #[error("must follow suit (1829 §2.5, 002 L169-170)")]
    MustFollowSuit,
    #[error("a player void in the led suit must play a tarock (1829 §2.5, 002 L212-213)")]
    MustTrump,
    #[error("tarocks led must be followed with tarocks (1829 §2.5, 002 L214)")]
    MustFollowTarock,
    #[error("must beat the tarocks in the trick (overtrump switch, 1829 JC-8)")]
    MustOvertrump,
    #[error("the Scus may not be led (1829 §1.4, 002 L218-219)")]
    ScusLead,
    #[error("the Scus must be played now: its holder may not keep it when he has only 3 cards left (1829 §1.4, 002 L215-217)")]
    ScusDeadline,
    #[error("a bid must be higher than the bids before it (Mediateur over asking; quadrille reconstruction QJC-4, 1829 App. B′, 002 L268-271)")]
    BidTooLow,
    #[error("{0} cannot be called: call a King you do not hold (a Queen if you hold all four Kings; quadrille reconstruction QJC-5, 1829 App. B′, 002 L268-269)")]
    BadCall(Card),
    #[error("{0} cannot be requested: the Mediateur may ask for any card but the Scus that he does not hold (002 L282)")]
    BadRequest(Card),
    #[error(
        "the Mediateur must ask for at least one card and at most the allowed number (002 L270)"
    )]
    RequestCount,
    #[error("{0} cannot be given back: give a card other than the one just received (quadrille reconstruction QJC-6, 1829 App. B′, 002 L270)")]
    BadReturn(Card),
}
