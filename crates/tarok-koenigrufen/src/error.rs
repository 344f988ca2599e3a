//! Typed errors for refused actions. Each message names the rule (spec section and seed line).
//! A refused action leaves the deal unchanged.

use crate::contract::Contract;
use tarok_core::Card;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleError {
    #[error("the deal is over (Spieleversum §1, L81; §7.2, L160; §12.5, L592, L793)")]
    DealOver,
    #[error("{0} is not possible now: the deal is in the {1} phase (Spieleversum §1, L81; §7.4, L266–L268)")]
    WrongPhase(String, &'static str),
    #[error("{0} is not in the hand of the player to act (Spieleversum §4.5, L130; §7.4, L522)")]
    NotInHand(Card),

    // Play (§12).
    #[error("must follow suit (Spieleversum §12.1, L306)")]
    MustFollowSuit,
    #[error(
        "must play a tarock when void in the led suit (Tarockzwang, Spieleversum §12.1, L306)"
    )]
    MustPlayTarock,
    #[error("must beat the trick when able (Stichzwang in negative games, Spieleversum §12.2, L310–L312)")]
    MustBeat,
    #[error("the Pagat may only be played as the last tarock in a negative game (Spieleversum §12.2, L312)")]
    PagatNotLast,
    #[error("in a colour game tarock may be led only when no suit card is left (Spieleversum §12.3, L330)")]
    ColourTarockLead,
    #[error(
        "announced birds must be given up from the highest down (Spieleversum §9.3, L388, L401)"
    )]
    BirdOrder,

    // Bidding (§6).
    #[error("on his first turn the Vorhand says 'mein Vorhand', announces a Sechser or a game worth at least 2 (Spieleversum §6.2, L140–L148)")]
    VorhandFirstTurn,
    #[error("a bid must be stronger (lower rank) than {0} (Spieleversum §6.3, L138, L451)")]
    BidTooLow(Contract),
    #[error("{0} may only be played by the Vorhand (Spieleversum §5, L432–L446)")]
    VorhandOnly(Contract),
    #[error("the Sechser is only the Vorhand's first call (Spieleversum §6.2, L142, L691)")]
    SechserNotFirst,
    #[error("{0} can only be chosen by the Vorhand at the end of the bidding, when nobody announced a game (Spieleversum §6.4, L148, L164, L487)")]
    OnlyAtTheEnd(Contract),
    #[error(
        "'bei' needs a Piccolo or Zwiccolo announced by another player (Spieleversum §6.6, L358)"
    )]
    NoBei,
    #[error("only the Vorhand may hold a game, and only one announced by another player (Spieleversum §6.3, L142, L148)")]
    CannotHold,
    #[error("the Vorhand must now choose the game (Spieleversum §6.4, L148)")]
    MustChoose,
    #[error("a Besserrufer needs a bird (Pagat, Uhu or Kakadu) in hand before the talon (Spieleversum §7.3, L168, L383)")]
    BesserruferNoBird,
    #[error("with all four kings no king can be called, so no king-call game (Spieleversum §7.1, L154, A12)")]
    FourKings,

    // King call and talon (§7, §8).
    #[error("the caller may not call a king he holds (Spieleversum §7.1, L154, L389)")]
    OwnKing,
    #[error("the Besserrufer must name a bird he holds, before the talon is revealed (Spieleversum §7.3, L168, L647)")]
    BesserruferBird,
    #[error("schleifen is only possible in a Rufer or Besserrufer with the called king in the talon (Spieleversum §7.2, L160)")]
    NoSchleifen,
    #[error("there are two talon halves, 0 and 1 (Spieleversum §4.5, L130)")]
    NoSuchHalf,
    #[error("a King or a Trull card may never be discarded (Spieleversum §8.1, L182; §8.2, L190)")]
    DiscardFivePointer,
    #[error("a tarock may be discarded only when there is no other card to discard (Spieleversum §8.1, L184)")]
    DiscardTarock,
    #[error("in a colour game the tarocks are discarded first; a suit card only when no tarock is left (Spieleversum §8.2, L192, L679)")]
    DiscardSuitCard,
    #[error("this tarock may not be discarded in a colour game under this ruleset (Spieleversum §8.2, A22)")]
    DiscardBird,

    // Announcements (§9).
    #[error("{0} is not possible in this game (Spieleversum §9.4)")]
    PremiumNotAllowed(&'static str),
    #[error(
        "{0} has already been announced (Spieleversum §9.3, L226–L254; closure principle, L83)"
    )]
    AlreadyAnnounced(&'static str),
    #[error("only the holder of a bird may announce it (Spieleversum §9.3, L228–L238)")]
    BirdNotHeld,
    #[error(
        "König ultimo only by the holder of the called king (Spieleversum §9.3, L240–L242, L387)"
    )]
    NotKingHolder,
    #[error("Trull only by an owner or partial owner (Spieleversum §9.3, L244–L246)")]
    NoTrullCard,
    #[error("Vier Könige only by an owner or partial owner (Spieleversum §9.3, L248–L250)")]
    NoKing,
    #[error("Valat only by the declarer's party (Spieleversum §9.3, L252–L254)")]
    ValatNotDeclarer,
    #[error("opponents may not announce under this ruleset (Spieleversum §9.3, A20)")]
    OpponentsMayNotAnnounce,
    #[error("announcements are made at one's first 'gut' (with 'ich liege' for the declarer) (Spieleversum §9.1, L218, L224, L268)")]
    AnnounceLate,

    // Kontra (§10).
    #[error("no Kontra in this game (Spieleversum §10.1, L278, L340)")]
    NoKontraHere,
    #[error("there is no such item to kontra: only the game and the announcements made can be kontra'd (Spieleversum §10.1, L274–L276)")]
    NoSuchItem,
    #[error("only the other side may kontra an item (Spieleversum §10.5)")]
    KontraOwnSide,
    #[error("the announced Valat replaces the game, so the game's Kontra lapses: kontra the Valat itself (Spieleversum §9.5, L254, A18; rules README, Further Königrufen decisions)")]
    GameReplacedByValat,
    #[error("this item is already kontra'd (Spieleversum §10.1, L276–L278)")]
    AlreadyKontra,
    #[error("after 'gut' a player can no longer kontra the items already announced (Spieleversum §10.1, L278)")]
    KontraAfterGut,
    #[error("Re answers a Kontra, by the side that owns the item (Spieleversum §10.2, L286–L288)")]
    NoRe,
    #[error("Subkontra answers a Re, by the player who is kontra'd against (Spieleversum §10.3, L292–L294)")]
    NoSubkontra,
}
