//! Typed errors for refused actions. Each message names the rule (spec section and seed line).
//! A refused action leaves the deal unchanged.

use crate::contract::Contract;
use tarok_core::Card;

/// The rule of [`RuleError::DealOver`].
const DEAL_OVER: &str = "Spieleversum §1, L81; §7.2, L160; §12.5, L592, L793";
/// The rule of [`RuleError::WrongPhase`].
const WRONG_PHASE: &str = "Spieleversum §1, L81; §7.4, L266–L268";
/// The rule of [`RuleError::NotInHand`].
const NOT_IN_HAND: &str = "Spieleversum §4.5, L130; §7.4, L522";
/// The rule of [`RuleError::MustFollowSuit`].
const MUST_FOLLOW_SUIT: &str = "Spieleversum §12.1, L306";
/// The rule of [`RuleError::MustPlayTarock`].
const MUST_PLAY_TAROCK: &str = "Tarockzwang, Spieleversum §12.1, L306";
/// The rule of [`RuleError::MustBeat`].
const MUST_BEAT: &str = "Stichzwang in negative games, Spieleversum §12.2, L310–L312";
/// The rule of [`RuleError::PagatNotLast`].
const PAGAT_NOT_LAST: &str = "Spieleversum §12.2, L312";
/// The rule of [`RuleError::ColourTarockLead`].
const COLOUR_TAROCK_LEAD: &str = "Spieleversum §12.3, L330";
/// The rule of [`RuleError::BirdOrder`].
const BIRD_ORDER: &str = "Spieleversum §9.3, L388, L401";
/// The rule of [`RuleError::VorhandFirstTurn`].
const VORHAND_FIRST_TURN: &str = "Spieleversum §6.2, L140–L148";
/// The rule of [`RuleError::BidTooLow`].
const BID_TOO_LOW: &str = "Spieleversum §6.3, L138, L451";
/// The rule of [`RuleError::VorhandOnly`].
const VORHAND_ONLY: &str = "Spieleversum §5, L432–L446";
/// The rule of [`RuleError::SechserNotFirst`].
const SECHSER_NOT_FIRST: &str = "Spieleversum §6.2, L142, L691";
/// The rule of [`RuleError::OnlyAtTheEnd`].
const ONLY_AT_THE_END: &str = "Spieleversum §6.4, L148, L164, L487";
/// The rule of [`RuleError::NoBei`].
const NO_BEI: &str = "Spieleversum §6.6, L358";
/// The rule of [`RuleError::CannotHold`].
const CANNOT_HOLD: &str = "Spieleversum §6.3, L142, L148";
/// The rule of [`RuleError::MustChoose`].
const MUST_CHOOSE: &str = "Spieleversum §6.4, L148";
/// The rule of [`RuleError::BesserruferNoBird`].
const BESSERRUFER_NO_BIRD: &str = "Spieleversum §7.3, L168, L383";
/// The rule of [`RuleError::FourKings`].
const FOUR_KINGS: &str = "Spieleversum §7.1, L154, A12";
/// The rule of [`RuleError::OwnKing`].
const OWN_KING: &str = "Spieleversum §7.1, L154, L389";
/// The rule of [`RuleError::BesserruferBird`].
const BESSERRUFER_BIRD: &str = "Spieleversum §7.3, L168, L647";
/// The rule of [`RuleError::NoSchleifen`].
const NO_SCHLEIFEN: &str = "Spieleversum §7.2, L160";
/// The rule of [`RuleError::NoSuchHalf`].
const NO_SUCH_HALF: &str = "Spieleversum §4.5, L130";
/// The rule of [`RuleError::DiscardFivePointer`].
const DISCARD_FIVE_POINTER: &str = "Spieleversum §8.1, L182; §8.2, L190";
/// The rule of [`RuleError::DiscardTarock`].
const DISCARD_TAROCK: &str = "Spieleversum §8.1, L184";
/// The rule of [`RuleError::DiscardSuitCard`].
const DISCARD_SUIT_CARD: &str = "Spieleversum §8.2, L192, L679";
/// The rule of [`RuleError::DiscardBird`].
const DISCARD_BIRD: &str = "Spieleversum §8.2, A22";
/// The rule of [`RuleError::PremiumNotAllowed`].
const PREMIUM_NOT_ALLOWED: &str = "Spieleversum §9.4";
/// The rule of [`RuleError::AlreadyAnnounced`].
const ALREADY_ANNOUNCED: &str = "Spieleversum §9.3, L226–L254; closure principle, L83";
/// The rule of [`RuleError::BirdNotHeld`].
const BIRD_NOT_HELD: &str = "Spieleversum §9.3, L228–L238";
/// The rule of [`RuleError::NotKingHolder`].
const NOT_KING_HOLDER: &str = "Spieleversum §9.3, L240–L242, L387";
/// The rule of [`RuleError::NoTrullCard`].
const NO_TRULL_CARD: &str = "Spieleversum §9.3, L244–L246";
/// The rule of [`RuleError::NoKing`].
const NO_KING: &str = "Spieleversum §9.3, L248–L250";
/// The rule of [`RuleError::ValatNotDeclarer`].
const VALAT_NOT_DECLARER: &str = "Spieleversum §9.3, L252–L254";
/// The rule of [`RuleError::OpponentsMayNotAnnounce`].
const OPPONENTS_MAY_NOT_ANNOUNCE: &str = "Spieleversum §9.3, A20";
/// The rule of [`RuleError::AnnounceLate`].
const ANNOUNCE_LATE: &str = "Spieleversum §9.1, L218, L224, L268";
/// The rule of [`RuleError::NoKontraHere`].
const NO_KONTRA_HERE: &str = "Spieleversum §10.1, L278, L340";
/// The rule of [`RuleError::NoSuchItem`].
const NO_SUCH_ITEM: &str = "Spieleversum §10.1, L274–L276";
/// The rule of [`RuleError::KontraOwnSide`].
const KONTRA_OWN_SIDE: &str = "Spieleversum §10.5";
/// The rule of [`RuleError::GameReplacedByValat`].
const GAME_REPLACED_BY_VALAT: &str = "Spieleversum §9.5, L254, A18; docs/rules/koenigrufen.md §10";
/// The rule of [`RuleError::AlreadyKontra`].
const ALREADY_KONTRA: &str = "Spieleversum §10.1, L276–L278";
/// The rule of [`RuleError::KontraAfterGut`].
const KONTRA_AFTER_GUT: &str = "Spieleversum §10.1, L278";
/// The rule of [`RuleError::NoRe`].
const NO_RE: &str = "Spieleversum §10.2, L286–L288";
/// The rule of [`RuleError::NoSubkontra`].
const NO_SUBKONTRA: &str = "Spieleversum §10.3, L292–L294";

/// The guide for players of Königrufen (`docs/rules/koenigrufen.md`); its sections follow the
/// numbers of the citations above (`Spieleversum §12.1` is its §12.1).
pub const GUIDE: &str = "docs/rules/koenigrufen.md";

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleError {
    #[error("the deal is over ({cite})", cite = DEAL_OVER)]
    DealOver,
    #[error("{0} is not possible now: the deal is in the {1} phase ({cite})", cite = WRONG_PHASE)]
    WrongPhase(String, &'static str),
    #[error("{0} is not in the hand of the player to act ({cite})", cite = NOT_IN_HAND)]
    NotInHand(Card),

    // Play (§12).
    #[error("must follow suit ({cite})", cite = MUST_FOLLOW_SUIT)]
    MustFollowSuit,
    #[error("must play a tarock when void in the led suit ({cite})", cite = MUST_PLAY_TAROCK)]
    MustPlayTarock,
    #[error("must beat the trick when able ({cite})", cite = MUST_BEAT)]
    MustBeat,
    #[error("the Pagat may only be played as the last tarock in a negative game ({cite})", cite = PAGAT_NOT_LAST)]
    PagatNotLast,
    #[error("in a colour game tarock may be led only when no suit card is left ({cite})", cite = COLOUR_TAROCK_LEAD)]
    ColourTarockLead,
    #[error("announced birds must be given up from the highest down ({cite})", cite = BIRD_ORDER)]
    BirdOrder,

    // Bidding (§6).
    #[error("on his first turn the Vorhand says 'mein Vorhand', announces a Sechser or a game worth at least 2 ({cite})", cite = VORHAND_FIRST_TURN)]
    VorhandFirstTurn,
    #[error("a bid must be stronger (lower rank) than {0} ({cite})", cite = BID_TOO_LOW)]
    BidTooLow(Contract),
    #[error("{0} may only be played by the Vorhand ({cite})", cite = VORHAND_ONLY)]
    VorhandOnly(Contract),
    #[error("the Sechser is only the Vorhand's first call ({cite})", cite = SECHSER_NOT_FIRST)]
    SechserNotFirst,
    #[error("{0} can only be chosen by the Vorhand at the end of the bidding, when nobody announced a game ({cite})", cite = ONLY_AT_THE_END)]
    OnlyAtTheEnd(Contract),
    #[error("'bei' needs a Piccolo or Zwiccolo announced by another player ({cite})", cite = NO_BEI)]
    NoBei,
    #[error("only the Vorhand may hold a game, and only one announced by another player ({cite})", cite = CANNOT_HOLD)]
    CannotHold,
    #[error("the Vorhand must now choose the game ({cite})", cite = MUST_CHOOSE)]
    MustChoose,
    #[error("a Besserrufer needs a bird (Pagat, Uhu or Kakadu) in hand before the talon ({cite})", cite = BESSERRUFER_NO_BIRD)]
    BesserruferNoBird,
    #[error("with all four kings no king can be called, so no king-call game ({cite})", cite = FOUR_KINGS)]
    FourKings,

    // King call and talon (§7, §8).
    #[error("the caller may not call a king he holds ({cite})", cite = OWN_KING)]
    OwnKing,
    #[error("the Besserrufer must name a bird he holds, before the talon is revealed ({cite})", cite = BESSERRUFER_BIRD)]
    BesserruferBird,
    #[error("schleifen is only possible in a Rufer or Besserrufer with the called king in the talon ({cite})", cite = NO_SCHLEIFEN)]
    NoSchleifen,
    #[error("there are two talon halves, 0 and 1 ({cite})", cite = NO_SUCH_HALF)]
    NoSuchHalf,
    #[error("a King or a Trull card may never be discarded ({cite})", cite = DISCARD_FIVE_POINTER)]
    DiscardFivePointer,
    #[error("a tarock may be discarded only when there is no other card to discard ({cite})", cite = DISCARD_TAROCK)]
    DiscardTarock,
    #[error("in a colour game the tarocks are discarded first; a suit card only when no tarock is left ({cite})", cite = DISCARD_SUIT_CARD)]
    DiscardSuitCard,
    #[error("this tarock may not be discarded in a colour game under this ruleset ({cite})", cite = DISCARD_BIRD)]
    DiscardBird,

    // Announcements (§9).
    #[error("{0} is not possible in this game ({cite})", cite = PREMIUM_NOT_ALLOWED)]
    PremiumNotAllowed(&'static str),
    #[error("{0} has already been announced ({cite})", cite = ALREADY_ANNOUNCED)]
    AlreadyAnnounced(&'static str),
    #[error("only the holder of a bird may announce it ({cite})", cite = BIRD_NOT_HELD)]
    BirdNotHeld,
    #[error("König ultimo only by the holder of the called king ({cite})", cite = NOT_KING_HOLDER)]
    NotKingHolder,
    #[error("Trull only by an owner or partial owner ({cite})", cite = NO_TRULL_CARD)]
    NoTrullCard,
    #[error("Vier Könige only by an owner or partial owner ({cite})", cite = NO_KING)]
    NoKing,
    #[error("Valat only by the declarer's party ({cite})", cite = VALAT_NOT_DECLARER)]
    ValatNotDeclarer,
    #[error("opponents may not announce under this ruleset ({cite})", cite = OPPONENTS_MAY_NOT_ANNOUNCE)]
    OpponentsMayNotAnnounce,
    #[error("announcements are made at one's first 'gut' (with 'ich liege' for the declarer) ({cite})", cite = ANNOUNCE_LATE)]
    AnnounceLate,

    // Kontra (§10).
    #[error("no Kontra in this game ({cite})", cite = NO_KONTRA_HERE)]
    NoKontraHere,
    #[error("there is no such item to kontra: only the game and the announcements made can be kontra'd ({cite})", cite = NO_SUCH_ITEM)]
    NoSuchItem,
    #[error("only the other side may kontra an item ({cite})", cite = KONTRA_OWN_SIDE)]
    KontraOwnSide,
    #[error("the announced Valat replaces the game, so the game's Kontra lapses: kontra the Valat itself ({cite})", cite = GAME_REPLACED_BY_VALAT)]
    GameReplacedByValat,
    #[error("this item is already kontra'd ({cite})", cite = ALREADY_KONTRA)]
    AlreadyKontra,
    #[error("after 'gut' a player can no longer kontra the items already announced ({cite})", cite = KONTRA_AFTER_GUT)]
    KontraAfterGut,
    #[error("Re answers a Kontra, by the side that owns the item ({cite})", cite = NO_RE)]
    NoRe,
    #[error("Subkontra answers a Re, by the player who is kontra'd against ({cite})", cite = NO_SUBKONTRA)]
    NoSubkontra,
}

impl tarok_core::Refusal for RuleError {
    fn citation(&self) -> &'static str {
        match self {
            RuleError::DealOver => DEAL_OVER,
            RuleError::WrongPhase(..) => WRONG_PHASE,
            RuleError::NotInHand(..) => NOT_IN_HAND,
            RuleError::MustFollowSuit => MUST_FOLLOW_SUIT,
            RuleError::MustPlayTarock => MUST_PLAY_TAROCK,
            RuleError::MustBeat => MUST_BEAT,
            RuleError::PagatNotLast => PAGAT_NOT_LAST,
            RuleError::ColourTarockLead => COLOUR_TAROCK_LEAD,
            RuleError::BirdOrder => BIRD_ORDER,
            RuleError::VorhandFirstTurn => VORHAND_FIRST_TURN,
            RuleError::BidTooLow(..) => BID_TOO_LOW,
            RuleError::VorhandOnly(..) => VORHAND_ONLY,
            RuleError::SechserNotFirst => SECHSER_NOT_FIRST,
            RuleError::OnlyAtTheEnd(..) => ONLY_AT_THE_END,
            RuleError::NoBei => NO_BEI,
            RuleError::CannotHold => CANNOT_HOLD,
            RuleError::MustChoose => MUST_CHOOSE,
            RuleError::BesserruferNoBird => BESSERRUFER_NO_BIRD,
            RuleError::FourKings => FOUR_KINGS,
            RuleError::OwnKing => OWN_KING,
            RuleError::BesserruferBird => BESSERRUFER_BIRD,
            RuleError::NoSchleifen => NO_SCHLEIFEN,
            RuleError::NoSuchHalf => NO_SUCH_HALF,
            RuleError::DiscardFivePointer => DISCARD_FIVE_POINTER,
            RuleError::DiscardTarock => DISCARD_TAROCK,
            RuleError::DiscardSuitCard => DISCARD_SUIT_CARD,
            RuleError::DiscardBird => DISCARD_BIRD,
            RuleError::PremiumNotAllowed(..) => PREMIUM_NOT_ALLOWED,
            RuleError::AlreadyAnnounced(..) => ALREADY_ANNOUNCED,
            RuleError::BirdNotHeld => BIRD_NOT_HELD,
            RuleError::NotKingHolder => NOT_KING_HOLDER,
            RuleError::NoTrullCard => NO_TRULL_CARD,
            RuleError::NoKing => NO_KING,
            RuleError::ValatNotDeclarer => VALAT_NOT_DECLARER,
            RuleError::OpponentsMayNotAnnounce => OPPONENTS_MAY_NOT_ANNOUNCE,
            RuleError::AnnounceLate => ANNOUNCE_LATE,
            RuleError::NoKontraHere => NO_KONTRA_HERE,
            RuleError::NoSuchItem => NO_SUCH_ITEM,
            RuleError::KontraOwnSide => KONTRA_OWN_SIDE,
            RuleError::GameReplacedByValat => GAME_REPLACED_BY_VALAT,
            RuleError::AlreadyKontra => ALREADY_KONTRA,
            RuleError::KontraAfterGut => KONTRA_AFTER_GUT,
            RuleError::NoRe => NO_RE,
            RuleError::NoSubkontra => NO_SUBKONTRA,
        }
    }

    fn guide(&self) -> &'static str {
        use RuleError::*;
        match self {
            NotInHand(..) => "docs/rules/koenigrufen.md §4",
            VorhandOnly(..) => "docs/rules/koenigrufen.md §5",
            VorhandFirstTurn | BidTooLow(..) | SechserNotFirst | OnlyAtTheEnd(..) | NoBei
            | CannotHold | MustChoose => "docs/rules/koenigrufen.md §6",
            WrongPhase(..) | BesserruferNoBird | FourKings | OwnKing | BesserruferBird
            | NoSchleifen => "docs/rules/koenigrufen.md §7",
            NoSuchHalf | DiscardFivePointer | DiscardTarock | DiscardSuitCard | DiscardBird => {
                "docs/rules/koenigrufen.md §8"
            }
            BirdOrder
            | PremiumNotAllowed(..)
            | AlreadyAnnounced(..)
            | BirdNotHeld
            | NotKingHolder
            | NoTrullCard
            | NoKing
            | ValatNotDeclarer
            | OpponentsMayNotAnnounce
            | AnnounceLate => "docs/rules/koenigrufen.md §9",
            NoKontraHere | NoSuchItem | KontraOwnSide | GameReplacedByValat | AlreadyKontra
            | KontraAfterGut | NoRe | NoSubkontra => "docs/rules/koenigrufen.md §10",
            MustFollowSuit | MustPlayTarock => "docs/rules/koenigrufen.md §12.1",
            MustBeat | PagatNotLast => "docs/rules/koenigrufen.md §12.2",
            ColourTarockLead => "docs/rules/koenigrufen.md §12.3",
            DealOver => "docs/rules/koenigrufen.md §12.5",
        }
    }
}

impl RuleError {
    /// One refusal of each kind, with example details: for the tests that check every
    /// refusal's citation, guide section and words. The `match` has no wildcard arm, so a new
    /// kind of refusal does not compile until it is listed here.
    pub fn one_of_each() -> Vec<RuleError> {
        use RuleError::*;
        let all = vec![
            DealOver,
            WrongPhase("gut".into(), "card play"),
            NotInHand(Card::T21),
            MustFollowSuit,
            MustPlayTarock,
            MustBeat,
            PagatNotLast,
            ColourTarockLead,
            BirdOrder,
            VorhandFirstTurn,
            BidTooLow(Contract::Dreier),
            VorhandOnly(Contract::Sechser),
            SechserNotFirst,
            OnlyAtTheEnd(Contract::Trischaken),
            NoBei,
            CannotHold,
            MustChoose,
            BesserruferNoBird,
            FourKings,
            OwnKing,
            BesserruferBird,
            NoSchleifen,
            NoSuchHalf,
            DiscardFivePointer,
            DiscardTarock,
            DiscardSuitCard,
            DiscardBird,
            PremiumNotAllowed("Valat"),
            AlreadyAnnounced("Pagat"),
            BirdNotHeld,
            NotKingHolder,
            NoTrullCard,
            NoKing,
            ValatNotDeclarer,
            OpponentsMayNotAnnounce,
            AnnounceLate,
            NoKontraHere,
            NoSuchItem,
            KontraOwnSide,
            GameReplacedByValat,
            AlreadyKontra,
            KontraAfterGut,
            NoRe,
            NoSubkontra,
        ];
        for e in &all {
            match e {
                DealOver
                | WrongPhase(..)
                | NotInHand(_)
                | MustFollowSuit
                | MustPlayTarock
                | MustBeat
                | PagatNotLast
                | ColourTarockLead
                | BirdOrder
                | VorhandFirstTurn
                | BidTooLow(_)
                | VorhandOnly(_)
                | SechserNotFirst
                | OnlyAtTheEnd(_)
                | NoBei
                | CannotHold
                | MustChoose
                | BesserruferNoBird
                | FourKings
                | OwnKing
                | BesserruferBird
                | NoSchleifen
                | NoSuchHalf
                | DiscardFivePointer
                | DiscardTarock
                | DiscardSuitCard
                | DiscardBird
                | PremiumNotAllowed(_)
                | AlreadyAnnounced(_)
                | BirdNotHeld
                | NotKingHolder
                | NoTrullCard
                | NoKing
                | ValatNotDeclarer
                | OpponentsMayNotAnnounce
                | AnnounceLate
                | NoKontraHere
                | NoSuchItem
                | KontraOwnSide
                | GameReplacedByValat
                | AlreadyKontra
                | KontraAfterGut
                | NoRe
                | NoSubkontra => {}
            }
        }
        all
    }
}
