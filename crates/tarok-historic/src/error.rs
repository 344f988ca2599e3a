//! Typed errors: each names the rule it enforces. A rejected action leaves the deal unchanged.

use crate::action::Action;
use crate::honours::HonourKind;
use tarok_core::Card;

/// The rule of [`RuleError::Over`].
const OVER: &str = "1829 §2.7, 002 L221-222; quadrille QJC-4";
/// The rule of [`RuleError::WrongPhase`].
const WRONG_PHASE: &str = "1829 §2.4, 002 L157-159; App. B′, 002 L263-270";
/// The rule of [`RuleError::NotInHand`].
const NOT_IN_HAND: &str = "1829 §2.2-2.3, 002 L137-138";
/// The rule of [`RuleError::ScatKing`].
const SCAT_KING: &str = "1829 §2.3, 002 L139";
/// The rule of [`RuleError::ScatTarock`].
const SCAT_TAROCK: &str = "1829 §2.3, 002 L140-143";
/// The rule of [`RuleError::ScatMongue`].
const SCAT_MONGUE: &str = "1829 JC-6";
/// The rule of [`RuleError::ScatAllThree`].
const SCAT_ALL_THREE: &str = "1829 JC-6";
/// The rule of [`RuleError::ScatPartners`].
const SCAT_PARTNERS: &str = "1829 §3.2, 002 L250-251";
/// The rule of [`RuleError::NoSuchHonour`].
const NO_SUCH_HONOUR: &str = "1829 §2.4, 002 L174";
/// The rule of [`RuleError::AlreadyDeclared`].
const ALREADY_DECLARED: &str = "1829 §2.4";
/// The rule of [`RuleError::MustFollowSuit`].
const MUST_FOLLOW_SUIT: &str = "1829 §2.5, 002 L169-170";
/// The rule of [`RuleError::MustTrump`].
const MUST_TRUMP: &str = "1829 §2.5, 002 L212-213";
/// The rule of [`RuleError::MustFollowTarock`].
const MUST_FOLLOW_TAROCK: &str = "1829 §2.5, 002 L214";
/// The rule of [`RuleError::MustOvertrump`].
const MUST_OVERTRUMP: &str = "overtrump switch, 1829 JC-8";
/// The rule of [`RuleError::ScusLead`].
const SCUS_LEAD: &str = "1829 §1.4, 002 L218-219";
/// The rule of [`RuleError::ScusDeadline`].
const SCUS_DEADLINE: &str = "1829 §1.4, 002 L215-217";
/// The rule of [`RuleError::BidTooLow`].
const BID_TOO_LOW: &str =
    "Mediateur over asking; quadrille reconstruction QJC-4, 1829 App. B′, 002 L268-271";
/// The rule of [`RuleError::BadCall`].
const BAD_CALL: &str = "a Queen if you hold all four Kings, a Cavalier if you hold the Queens too, then a Valet; quadrille reconstruction QJC-5, 1829 App. B′, 002 L268-269";
/// The rule of [`RuleError::BadRequest`].
const BAD_REQUEST: &str = "002 L282";
/// The rule of [`RuleError::RequestCount`].
const REQUEST_COUNT: &str = "002 L270";
/// The rule of [`RuleError::BadReturn`].
const BAD_RETURN: &str = "quadrille reconstruction QJC-6, 1829 App. B′, 002 L270";

/// The guide for players of the games of 1829 (`docs/rules/1829.md`); its sections follow the
/// numbers of the citations above (`1829 §2.5` is its §2.5).
pub const GUIDE: &str = "docs/rules/1829.md";

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleError {
    #[error("the deal is over ({cite})", cite = OVER)]
    Over,
    #[error("'{0}' is not possible now: {1} ({cite})", cite = WRONG_PHASE)]
    WrongPhase(Action, &'static str),
    #[error("{0} is not in the hand of the player to act ({cite})", cite = NOT_IN_HAND)]
    NotInHand(Card),
    #[error("a King may not be laid in the Scat ({cite})", cite = SCAT_KING)]
    ScatKing,
    #[error("tarock-cards may be laid in the Scat only by a dealer holding exactly 3 of them ({cite})", cite = SCAT_TAROCK)]
    ScatTarock,
    #[error("XXI may not be laid in the Scat under this ruleset ({cite})", cite = SCAT_MONGUE)]
    ScatMongue,
    #[error("with exactly 3 tarock-cards the dealer lays all three or none of them under this ruleset ({cite})", cite = SCAT_ALL_THREE)]
    ScatAllThree,
    #[error("no tarock, Scus or King may be laid in the Scat in the four-player game ({cite})", cite = SCAT_PARTNERS)]
    ScatPartners,
    #[error("the hand holds no {0} to declare ({cite})", cite = NO_SUCH_HONOUR)]
    NoSuchHonour(HonourKind),
    #[error("{0} was already declared ({cite})", cite = ALREADY_DECLARED)]
    AlreadyDeclared(HonourKind),
    #[error("must follow suit ({cite})", cite = MUST_FOLLOW_SUIT)]
    MustFollowSuit,
    #[error("a player void in the led suit must play a tarock ({cite})", cite = MUST_TRUMP)]
    MustTrump,
    #[error("tarocks led must be followed with tarocks ({cite})", cite = MUST_FOLLOW_TAROCK)]
    MustFollowTarock,
    #[error("must beat the tarocks in the trick ({cite})", cite = MUST_OVERTRUMP)]
    MustOvertrump,
    #[error("the Scus may not be led ({cite})", cite = SCUS_LEAD)]
    ScusLead,
    #[error("the Scus must be played now: its holder may not keep it when he has only 3 cards left ({cite})", cite = SCUS_DEADLINE)]
    ScusDeadline,
    #[error("a bid must be higher than the bids before it ({cite})", cite = BID_TOO_LOW)]
    BidTooLow,
    #[error("{0} cannot be called: call a King you do not hold ({cite})", cite = BAD_CALL)]
    BadCall(Card),
    #[error("you hold every court card, so there is no card to call: you may not ask ({cite})", cite = BAD_CALL)]
    NothingToCall,
    #[error("{0} cannot be requested: the Mediateur may ask for any card but the Scus that he does not hold ({cite})", cite = BAD_REQUEST)]
    BadRequest(Card),
    #[error("the Mediateur must ask for at least one card and at most the allowed number ({cite})", cite = REQUEST_COUNT)]
    RequestCount,
    #[error("{0} cannot be given back: give a card other than the one just received ({cite})", cite = BAD_RETURN)]
    BadReturn(Card),
}

impl tarok_core::Refusal for RuleError {
    fn citation(&self) -> &'static str {
        match self {
            RuleError::Over => OVER,
            RuleError::WrongPhase(..) => WRONG_PHASE,
            RuleError::NotInHand(..) => NOT_IN_HAND,
            RuleError::ScatKing => SCAT_KING,
            RuleError::ScatTarock => SCAT_TAROCK,
            RuleError::ScatMongue => SCAT_MONGUE,
            RuleError::ScatAllThree => SCAT_ALL_THREE,
            RuleError::ScatPartners => SCAT_PARTNERS,
            RuleError::NoSuchHonour(..) => NO_SUCH_HONOUR,
            RuleError::AlreadyDeclared(..) => ALREADY_DECLARED,
            RuleError::MustFollowSuit => MUST_FOLLOW_SUIT,
            RuleError::MustTrump => MUST_TRUMP,
            RuleError::MustFollowTarock => MUST_FOLLOW_TAROCK,
            RuleError::MustOvertrump => MUST_OVERTRUMP,
            RuleError::ScusLead => SCUS_LEAD,
            RuleError::ScusDeadline => SCUS_DEADLINE,
            RuleError::BidTooLow => BID_TOO_LOW,
            RuleError::BadCall(..) | RuleError::NothingToCall => BAD_CALL,
            RuleError::BadRequest(..) => BAD_REQUEST,
            RuleError::RequestCount => REQUEST_COUNT,
            RuleError::BadReturn(..) => BAD_RETURN,
        }
    }

    fn guide(&self) -> &'static str {
        match self {
            RuleError::ScusLead | RuleError::ScusDeadline => "docs/rules/1829.md §1.4",
            RuleError::NotInHand(..) => "docs/rules/1829.md §2.2",
            RuleError::ScatKing
            | RuleError::ScatTarock
            | RuleError::ScatMongue
            | RuleError::ScatAllThree => "docs/rules/1829.md §2.3",
            RuleError::WrongPhase(..)
            | RuleError::NoSuchHonour(..)
            | RuleError::AlreadyDeclared(..) => "docs/rules/1829.md §2.4",
            RuleError::MustFollowSuit
            | RuleError::MustTrump
            | RuleError::MustFollowTarock
            | RuleError::MustOvertrump => "docs/rules/1829.md §2.5",
            RuleError::Over => "docs/rules/1829.md §2.7",
            RuleError::ScatPartners => "docs/rules/1829.md §3.2",
            RuleError::BidTooLow
            | RuleError::BadCall(..)
            | RuleError::NothingToCall
            | RuleError::BadRequest(..)
            | RuleError::RequestCount
            | RuleError::BadReturn(..) => "docs/rules/1829.md §5",
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
            NothingToCall,
            BadRequest(c),
            RequestCount,
            BadReturn(c),
        ];
        for e in &all {
            match e {
                Over | WrongPhase(..) | NotInHand(_) | ScatKing | ScatTarock | ScatMongue
                | ScatAllThree | ScatPartners | NoSuchHonour(_) | AlreadyDeclared(_)
                | MustFollowSuit | MustTrump | MustFollowTarock | MustOvertrump | ScusLead
                | ScusDeadline | BidTooLow | BadCall(_) | NothingToCall | BadRequest(_)
                | RequestCount | BadReturn(_) => {}
            }
        }
        all
    }
}
