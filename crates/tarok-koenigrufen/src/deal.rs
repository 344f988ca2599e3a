//! One deal as a state machine: dealing, bidding, king call, talon, discard, announcements and
//! Kontra, the card play and the settlement.
//!
//! Seats 0..3 are counter-clockwise: seat i+1 sits to the right of seat i. With dealer d the
//! Vorhand is d+1, and the cutter is d+3 (the dealer's left) (§4.1).
//!
//! [`DealState`] is `Copy` and allocation-free; [`crate::Deal`] adds the action history for records.

use crate::announce::Premium;
use crate::bidding::{Bidding, Call};
use crate::cards::{parse_card, KINGS, PACK};
use crate::contract::{Contract, PlayMode, TalonUse};
use crate::error::RuleError;
use crate::kontra::{Item, SLOTS};
use crate::play::{Kaiser, PlayState};
use crate::ruleset::Switches;
use crate::talon::{check_discard, shown_part};
use serde::{Deserialize, Serialize};
use std::fmt;
use tarok_core::{Card, CardSet};

/// Every decision a player makes in a deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// A bidding call (§6).
    Call(Call),
    /// The declarer calls a king (by its card) (§7.1).
    CallKing(Card),
    /// Rufer/Besserrufer with the called king in the talon: end the deal and pay (§7.2, \[L160\]).
    Schleifen,
    /// Take talon half 0 or 1 (§7.4).
    TakeHalf(u8),
    /// Discard one card (§8).
    Discard(Card),
    /// Announce a premium (§9); in the Besserrufer bird step, name the bird.
    Announce(Premium),
    /// Kontra an item of the other side (§10.1).
    Kontra(Item),
    /// Re on an item of one's own side, against the kontra of the given seat (§10.2).
    Re(Item, u8),
    /// Subkontra on a Re (§10.3).
    Subkontra(Item),
    /// König ultimo with one of the declarer's own kings in a Sechser or Dreier (A16 alternative,
    /// switch `koenig_ultimo_own_king`).
    UltimoKing(Card),
    /// "Gut" ("ich liege" for the declarer): the end of one's turn in the announcement round.
    Gut,
    /// Play a card (§12).
    Play(Card),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Call(Call::MeinVorhand) => f.write_str("vorhand"),
            Action::Call(Call::Pass) => f.write_str("pass"),
            Action::Call(Call::Hold) => f.write_str("hold"),
            Action::Call(Call::Bei) => f.write_str("bei"),
            Action::Call(Call::Bid(c)) => write!(f, "bid:{}", c.token()),
            Action::CallKing(k) => write!(f, "call:{k}"),
            Action::Schleifen => f.write_str("schleifen"),
            Action::TakeHalf(h) => write!(f, "half:{h}"),
            Action::Discard(c) => write!(f, "discard:{c}"),
            Action::Announce(p) => write!(f, "announce:{}", p.token()),
            Action::Kontra(i) => write!(f, "kontra:{}", i.token()),
            Action::Re(i, s) => write!(f, "re:{}@{s}", i.token()),
            Action::Subkontra(i) => write!(f, "subkontra:{}", i.token()),
            Action::UltimoKing(k) => write!(f, "ultimo:{k}"),
            Action::Gut => f.write_str("gut"),
            Action::Play(c) => write!(f, "{c}"),
        }
    }
}

impl std::str::FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Action, String> {
        let s = s.trim();
        let bad = || format!("cannot read action {s:?}");
        let (head, arg) = match s.split_once(':') {
            Some((h, a)) => (h, Some(a)),
            None => (s, None),
        };
        let item = |a: Option<&str>| a.and_then(Item::parse).ok_or_else(bad);
        Ok(match (head.to_lowercase().as_str(), arg) {
            ("vorhand", None) | ("mein-vorhand", None) => Action::Call(Call::MeinVorhand),
            ("pass", None) | ("weiter", None) => Action::Call(Call::Pass),
            ("hold", None) | ("halten", None) => Action::Call(Call::Hold),
            ("bei", None) => Action::Call(Call::Bei),
            ("bid", Some(a)) => Action::Call(Call::Bid(Contract::parse(a).ok_or_else(bad)?)),
            ("call", Some(a)) => Action::CallKing(parse_card(a)?),
            ("schleifen", None) => Action::Schleifen,
            ("half", Some(a)) => Action::TakeHalf(a.parse().map_err(|_| bad())?),
            ("discard", Some(a)) => Action::Discard(parse_card(a)?),
            ("announce", Some(a)) => Action::Announce(Premium::parse(a).ok_or_else(bad)?),
            ("kontra", a) => Action::Kontra(item(a)?),
            ("subkontra", a) => Action::Subkontra(item(a)?),
            ("re", Some(a)) => {
                let (i, seat) = a.split_once('@').ok_or_else(bad)?;
                Action::Re(
                    Item::parse(i).ok_or_else(bad)?,
                    seat.parse().map_err(|_| bad())?,
                )
            }
            ("ultimo", Some(a)) => Action::UltimoKing(parse_card(a)?),
            ("gut", None) | ("ich-liege", None) => Action::Gut,
            ("play", Some(a)) => Action::Play(parse_card(a)?),
            (_, None) => Action::Play(parse_card(s).map_err(|_| bad())?),
            _ => return Err(bad()),
        })
    }
}

/// Where the deal stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Bidding,
    KingCall,
    /// Besserrufer: naming the bird(s) held before the talon (§7.3, A14).
    BesserruferBird,
    Talon,
    Discard,
    /// "Ich liege", announcements, Kontra/Re/Subkontra (§9, §10).
    Announcements,
    Play,
    Over,
}

impl Phase {
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Bidding => "bidding",
            Phase::KingCall => "king call",
            Phase::BesserruferBird => "Besserrufer bird",
            Phase::Talon => "talon",
            Phase::Discard => "discard",
            Phase::Announcements => "announcement",
            Phase::Play => "card play",
            Phase::Over => "final",
        }
    }
}

/// The whole state of a deal. `Copy`, no heap.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DealState {
    pub(crate) switches: Switches,
    pub(crate) dealer: u8,
    pub(crate) vorhand: u8,
    /// Hands before the card play (the play state holds them during play).
    pub(crate) hands: [CardSet; 4],
    /// The hands as dealt.
    pub(crate) dealt: [CardSet; 4],
    /// The two talon halves (A = first three cards dealt to the talon).
    pub(crate) talon: [CardSet; 2],
    pub(crate) phase: Phase,
    pub(crate) bidding: Bidding,
    pub(crate) contract: Option<Contract>,
    /// Declarers (bitmask; several for "bei" games) and the first announcer.
    pub(crate) declarers: u8,
    pub(crate) declarer: u8,
    pub(crate) called_king: Option<Card>,
    /// The declarer called "the fourth king" without naming it \[L158\].
    pub(crate) fourth_king: bool,
    /// The holder of the called king, if another player.
    pub(crate) partner: Option<u8>,
    /// The called king lay in the talon.
    pub(crate) king_in_talon: bool,
    pub(crate) schleifen: bool,
    pub(crate) half_taken: Option<u8>,
    pub(crate) discard: CardSet,
    pub(crate) discards_left: u8,
    /// The declarer's party (bitmask), once known to the engine.
    pub(crate) team: u8,
    /// Announcer per premium.
    pub(crate) announced: [Option<u8>; 7],
    /// The own king named for König ultimo in a Sechser/Dreier (A16 alternative).
    pub(crate) ultimo_king: Option<Card>,
    /// Kontra levels per item slot and seat.
    pub(crate) levels: [[u8; 4]; SLOTS],
    /// Item slots each seat may no longer kontra (bitmask per seat), set by its "gut".
    pub(crate) closed: [u16; 4],
    /// Seats that have had their first turn in the announcement round.
    pub(crate) spoken: u8,
    pub(crate) turn: u8,
    /// Turns in a row that ended with "gut" and brought no new call (announcement, König
    /// ultimo, Kontra, Re, Subkontra). The turn in which a call is made does not count, so the
    /// round ends only when a full cycle after the last new call brings none, and the last
    /// caller has his turn too (Spieleversum §10.5, A34; seed 004 L268-274; docs/rules/koenigrufen.md §10).
    pub(crate) gut_streak: u8,
    pub(crate) play: PlayState,
}

/// The facts of a finished deal that its settlement reads, written down directly rather than
/// played: for settlement tests and tools, which build a position trick by trick.
/// [`DealState::finished`] checks the facts and makes the state. The declarer's party is the
/// declarer and the partner.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FinishedDeal {
    /// The house rules.
    pub switches: Switches,
    /// The dealer's seat.
    pub dealer: u8,
    /// The two talon halves.
    pub talon: [CardSet; 2],
    /// The game played.
    pub contract: Contract,
    /// The declarer (the first announcer if several).
    pub declarer: u8,
    /// Every declarer (bitmask), the declarer among them.
    pub declarers: u8,
    /// The holder of the called king, if another player.
    pub partner: Option<u8>,
    /// The called king, in the games that call one.
    pub called_king: Option<Card>,
    /// The called king lay in the talon.
    pub king_in_talon: bool,
    /// The declarer ended the deal by "Schleifen" (then no card was played).
    pub schleifen: bool,
    /// The talon half the declarer took, in the "3 offen" games.
    pub half_taken: Option<u8>,
    /// The declarer's discard.
    pub discard: CardSet,
    /// Announcer per premium (by [`Premium::index`]).
    pub announced: [Option<u8>; 7],
    /// The own king named for König ultimo (A16 alternative).
    pub ultimo_king: Option<Card>,
    /// Kontra levels per item slot ([`Item::slot`]) and seat: 0 none, 1 Kontra, 2 Re,
    /// 3 Subkontra.
    pub levels: [[u8; 4]; SLOTS],
    /// The card play, over: the tricks with their leaders and winners, and the piles taken.
    pub play: PlayState,
}

impl FinishedDeal {
    /// Whether the facts fit together.
    fn check(&self) -> Result<(), String> {
        let seat = |s: u8| s < 4;
        let fail = |why: &str| Err(format!("not a finished deal: {why}"));
        if !seat(self.dealer) || !seat(self.declarer) {
            return fail("seats are 0..3");
        }
        if self.declarers & !0b1111 != 0 || self.declarers & (1 << self.declarer) == 0 {
            return fail("the declarer is one of the declarers, seats 0..3");
        }
        if self.partner.is_some_and(|p| !seat(p) || p == self.declarer) {
            return fail("the partner is another seat");
        }
        if self.called_king.is_some() != self.contract.calls_king() {
            return fail("a king is called in the games that call one, and only there");
        }
        if self.announced.iter().flatten().any(|&s| !seat(s)) {
            return fail("announcers are seats 0..3");
        }
        if self.levels.iter().flatten().any(|&l| l > 3) {
            return fail("a Kontra level is 0..3 (none, Kontra, Re, Subkontra)");
        }
        if self.half_taken.is_some_and(|h| h > 1) {
            return fail("the talon halves are 0 and 1");
        }
        if !self.schleifen && !self.play.is_over() {
            return fail("the card play is over");
        }
        Ok(())
    }
}

/// `gut_streak` while the seat to act has made a call in this turn (see `gut_streak`).
const CALLED: u8 = u8::MAX;

impl DealState {
    /// Deals from a deck order (after the cut): 6 cards to each player from the Vorhand on, the two
    /// talon halves of 3, then 6 more each (§4.5, \[L130\]).
    pub fn new(switches: Switches, deck: &[Card], dealer: u8) -> Result<DealState, String> {
        let set: CardSet = deck.iter().copied().collect();
        if deck.len() != 54 || set != PACK {
            return Err("a Königrufen deck is the 54-card pack, each card once".into());
        }
        if dealer > 3 {
            return Err("the dealer is a seat 0..3".into());
        }
        let vorhand = (dealer + 1) % 4;
        let mut hands = [CardSet::EMPTY; 4];
        let mut talon = [CardSet::EMPTY; 2];
        let mut i = 0;
        for round in 0..2 {
            for k in 0..4 {
                let seat = ((vorhand + k) % 4) as usize;
                for _ in 0..6 {
                    hands[seat].insert(deck[i]);
                    i += 1;
                }
            }
            if round == 0 {
                for half in &mut talon {
                    for _ in 0..3 {
                        half.insert(deck[i]);
                        i += 1;
                    }
                }
            }
        }
        Ok(DealState {
            switches,
            dealer,
            vorhand,
            hands,
            dealt: hands,
            talon,
            phase: Phase::Bidding,
            bidding: Bidding::new(vorhand),
            contract: None,
            declarers: 0,
            declarer: vorhand,
            called_king: None,
            fourth_king: false,
            partner: None,
            king_in_talon: false,
            schleifen: false,
            half_taken: None,
            discard: CardSet::EMPTY,
            discards_left: 0,
            team: 0,
            announced: [None; 7],
            ultimo_king: None,
            levels: [[0; 4]; SLOTS],
            closed: [0; 4],
            spoken: 0,
            turn: vorhand,
            gut_streak: 0,
            play: PlayState::new(PlayMode::Positive, Kaiser::Never, hands, vorhand),
        })
    }

    /// The deal is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The player to act (meaningless once over).
    pub fn current_player(&self) -> u8 {
        match self.phase {
            Phase::Bidding => self.bidding.turn,
            Phase::KingCall | Phase::BesserruferBird | Phase::Talon | Phase::Discard => {
                self.declarer
            }
            Phase::Announcements => self.turn,
            Phase::Play => self.play.to_act(),
            Phase::Over => self.declarer,
        }
    }

    /// The current hand of a seat.
    pub fn hand(&self, seat: u8) -> CardSet {
        if matches!(self.phase, Phase::Play | Phase::Over) && !self.schleifen {
            self.play.hands[seat as usize]
        } else {
            self.hands[seat as usize]
        }
    }

    /// The contract once the bidding is over.
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// The house rules the deal is played by.
    pub fn switches(&self) -> &Switches {
        &self.switches
    }

    /// The dealer's seat.
    pub fn dealer(&self) -> u8 {
        self.dealer
    }

    /// The Vorhand's seat: the dealer's right, first to bid and (mostly) to lead (§4.1).
    pub fn vorhand(&self) -> u8 {
        self.vorhand
    }

    /// A seat's hand as dealt.
    pub fn dealt(&self, seat: u8) -> CardSet {
        self.dealt[seat as usize]
    }

    /// The two talon halves as dealt (half 0 = the first three cards dealt to the talon).
    pub fn talon(&self) -> [CardSet; 2] {
        self.talon
    }

    /// Where the deal stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The bidding (Lizitation) so far.
    pub fn bidding(&self) -> &Bidding {
        &self.bidding
    }

    /// The seats that declared a game (bitmask; several in "bei" games), once the bidding is
    /// over.
    pub fn declarers(&self) -> u8 {
        self.declarers
    }

    /// The declarer, or in a game of several declarers the first announcer.
    pub fn declarer(&self) -> u8 {
        self.declarer
    }

    /// The king the declarer called (§7.1).
    pub fn called_king(&self) -> Option<Card> {
        self.called_king
    }

    /// The declarer called "the fourth king" without naming it \[L158\].
    pub fn fourth_king(&self) -> bool {
        self.fourth_king
    }

    /// The holder of the called king, if another player, once the announcements start.
    pub fn partner(&self) -> Option<u8> {
        self.partner
    }

    /// The called king lay in the talon.
    pub fn king_in_talon(&self) -> bool {
        self.king_in_talon
    }

    /// The declarer ended the deal by "Schleifen" (§7.2).
    pub fn schleifen(&self) -> bool {
        self.schleifen
    }

    /// The talon half the declarer took, in the "3 offen" games.
    pub fn half_taken(&self) -> Option<u8> {
        self.half_taken
    }

    /// The declarer's discard so far (also the cards laid face down).
    pub fn discard(&self) -> CardSet {
        self.discard
    }

    /// The cards the declarer has still to discard.
    pub fn discards_left(&self) -> u8 {
        self.discards_left
    }

    /// The declarer's party (bitmask), as far as the engine knows it: the partner joins at
    /// "ich liege".
    pub fn team(&self) -> u8 {
        self.team
    }

    /// Who announced premium `p`, if anyone.
    pub fn announcer(&self, p: Premium) -> Option<u8> {
        self.announced[p.index()]
    }

    /// The own king named for König ultimo in a Sechser or Dreier (A16 alternative).
    pub fn ultimo_king(&self) -> Option<Card> {
        self.ultimo_king
    }

    /// The doubling of an item per seat: 0 none, 1 Kontra, 2 Re, 3 Subkontra (§10).
    pub fn kontra_levels(&self, item: Item) -> [u8; 4] {
        self.levels[item.slot()]
    }

    /// The seat's "gut" closed the item: it may no longer kontra it (§10.5).
    pub fn closed_by_gut(&self, seat: u8, item: Item) -> bool {
        self.closed[seat as usize] & (1 << item.slot()) != 0
    }

    /// The seat has had its first turn in the announcement round.
    pub fn has_spoken(&self, seat: u8) -> bool {
        self.spoken & (1 << seat) != 0
    }

    /// The card play (the hands, the tricks, the piles).
    pub fn play(&self) -> &PlayState {
        &self.play
    }

    /// In the card play, plays random legal cards to the end of the deal (the hot path of
    /// random playouts); elsewhere it changes nothing.
    pub fn random_playout(&mut self, rng: &mut tarok_core::DealRng) {
        if self.phase == Phase::Play {
            self.play.random_playout(rng);
            self.phase = Phase::Over;
        }
    }

    /// A finished deal built from its facts rather than played (for settlement tests and
    /// tools): checks that the facts fit together and fills in the rest (the hands as dealt
    /// follow from the tricks, the discard and the talon taken).
    pub fn finished(f: &FinishedDeal) -> Result<DealState, String> {
        f.check()?;
        let vorhand = (f.dealer + 1) % 4;
        let mut dealt = [CardSet::EMPTY; 4];
        let p = &f.play;
        for t in 0..p.tricks_done() as usize {
            for (i, &c) in p.cards[4 * t..4 * t + 4].iter().enumerate() {
                dealt[((p.leaders[t] as usize) + i) % 4].insert(c);
            }
        }
        let taken = match (f.half_taken, f.contract.talon_use()) {
            (Some(h), _) => f.talon[h as usize],
            (None, TalonUse::SixHidden) => f.talon[0] | f.talon[1],
            _ => CardSet::EMPTY,
        };
        let d = f.declarer as usize;
        dealt[d] = (dealt[d] | f.discard) - taken;
        let mut bidding = Bidding::new(vorhand);
        bidding.highest = Some(f.contract);
        bidding.done = true;
        Ok(DealState {
            switches: f.switches,
            dealer: f.dealer,
            vorhand,
            hands: [CardSet::EMPTY; 4],
            dealt,
            talon: f.talon,
            phase: Phase::Over,
            bidding,
            contract: Some(f.contract),
            declarers: f.declarers,
            declarer: f.declarer,
            called_king: f.called_king,
            fourth_king: false,
            partner: f.partner,
            king_in_talon: f.king_in_talon,
            schleifen: f.schleifen,
            half_taken: f.half_taken,
            discard: f.discard,
            discards_left: 0,
            team: (1 << f.declarer) | f.partner.map_or(0, |s| 1 << s),
            announced: f.announced,
            ultimo_king: f.ultimo_king,
            levels: f.levels,
            closed: [0; 4],
            spoken: 0b1111,
            turn: f.declarer,
            gut_streak: 0,
            play: f.play,
        })
    }

    fn is_declarer_side(&self, seat: u8) -> bool {
        self.team & (1 << seat) != 0
    }

    /// The side that owns an item (bitmask), if the item exists.
    pub fn owner_side(&self, item: Item) -> Option<u8> {
        let c = self.contract?;
        crate::scoring::item_owner(c, self.declarers, self.team, &self.announced, item)
    }

    /// Items that exist now (bitmask of slots).
    pub(crate) fn existing_items(&self) -> u16 {
        let mut m = self.declarers as u16;
        for p in Premium::ALL {
            if self.announced[p.index()].is_some() {
                m |= 1 << Item::Premium(p).slot();
            }
        }
        m
    }

    // ---------------------------------------------------------------- validation

    /// Checks an action for the player to act without changing anything.
    pub fn check(&self, action: Action) -> Result<(), RuleError> {
        let me = self.current_player();
        let wrong = || Err(RuleError::WrongPhase(action.to_string(), self.phase.name()));
        match (self.phase, action) {
            (Phase::Over, _) => Err(RuleError::DealOver),
            (Phase::Bidding, Action::Call(call)) => {
                self.bidding
                    .check(call, self.hands[me as usize], &self.switches)
            }
            (Phase::KingCall, Action::CallKing(k)) => {
                if !KINGS.contains(k) {
                    return Err(RuleError::OwnKing);
                }
                if self.hands[me as usize].contains(k) {
                    return Err(RuleError::OwnKing);
                }
                Ok(())
            }
            (Phase::BesserruferBird, Action::Announce(p)) => {
                let (bird, _) = p.bird().ok_or(RuleError::BesserruferBird)?;
                if !self.hands[me as usize].contains(bird) {
                    return Err(RuleError::BesserruferBird);
                }
                if self.announced[p.index()].is_some() {
                    return Err(RuleError::AlreadyAnnounced(p.name()));
                }
                Ok(())
            }
            (Phase::BesserruferBird, Action::Gut) => {
                if Premium::ALL[..3]
                    .iter()
                    .any(|p| self.announced[p.index()].is_some())
                {
                    Ok(())
                } else {
                    Err(RuleError::BesserruferBird)
                }
            }
            (Phase::Talon, Action::TakeHalf(h)) => {
                if h > 1 {
                    Err(RuleError::NoSuchHalf)
                } else {
                    Ok(())
                }
            }
            (Phase::Talon, Action::Schleifen) => {
                if self.king_in_talon {
                    Ok(())
                } else {
                    Err(RuleError::NoSchleifen)
                }
            }
            (Phase::Discard, Action::Discard(c)) => check_discard(
                self.hands[me as usize],
                c,
                self.discards_left,
                self.contract.is_some_and(|c| c.is_colour()),
                self.switches.colour_discard_uhu_kakadu,
            ),
            (Phase::Announcements, Action::Gut) => Ok(()),
            (Phase::Announcements, Action::Announce(p)) => self.check_announce(me, p),
            (Phase::Announcements, Action::UltimoKing(k)) => self.check_ultimo_king(me, k),
            (Phase::Announcements, Action::Kontra(i)) => self.check_kontra(me, i),
            (Phase::Announcements, Action::Re(i, s)) => self.check_re(me, i, s),
            (Phase::Announcements, Action::Subkontra(i)) => self.check_subkontra(me, i),
            (Phase::Play, Action::Play(c)) => {
                if self.play.legal_cards().contains(c) {
                    Ok(())
                } else {
                    Err(self.play.why_illegal(c))
                }
            }
            _ => wrong(),
        }
    }

    pub(crate) fn check_announce(&self, me: u8, p: Premium) -> Result<(), RuleError> {
        let c = self.contract.expect("contract");
        if !p.allowed_in(c) {
            return Err(RuleError::PremiumNotAllowed(p.name()));
        }
        if self.announced[p.index()].is_some() {
            return Err(RuleError::AlreadyAnnounced(p.name()));
        }
        if self.spoken & (1 << me) != 0 {
            return Err(RuleError::AnnounceLate);
        }
        let mine = self.is_declarer_side(me);
        if !mine && !self.switches.opponents_may_announce {
            return Err(RuleError::OpponentsMayNotAnnounce);
        }
        let hand = self.hands[me as usize];
        match p {
            Premium::Pagat | Premium::Uhu | Premium::Kakadu => {
                if !hand.contains(p.bird().expect("bird").0) {
                    return Err(RuleError::BirdNotHeld);
                }
            }
            Premium::KoenigUltimo => {
                if self.partner != Some(me) {
                    return Err(RuleError::NotKingHolder);
                }
            }
            Premium::Trull => {
                if (hand & crate::cards::TRULL).is_empty() {
                    return Err(RuleError::NoTrullCard);
                }
            }
            Premium::VierKoenige => {
                if (hand & KINGS).is_empty() {
                    return Err(RuleError::NoKing);
                }
            }
            Premium::Valat => {
                if !mine {
                    return Err(RuleError::ValatNotDeclarer);
                }
            }
        }
        Ok(())
    }

    /// Is premium `p` part of this deal's game (§9.4, with the A16 switch)?
    pub fn premium_allowed(&self, p: Premium) -> bool {
        self.contract
            .is_some_and(|c| crate::scoring::premium_allowed(c, self.ultimo_king.is_some(), p))
    }

    /// The seats that may kontra an item (the other side).
    fn kontra_side(&self, item: Item) -> Option<u8> {
        self.owner_side(item).map(|o| 0b1111 & !o)
    }

    /// König ultimo with one of the declarer's own kings, named in his first turn (A16
    /// alternative, switch `koenig_ultimo_own_king`).
    pub(crate) fn check_ultimo_king(&self, me: u8, k: Card) -> Result<(), RuleError> {
        let c = self.contract.expect("contract");
        if !self.switches.koenig_ultimo_own_king
            || !matches!(c, Contract::Sechser | Contract::Dreier)
        {
            return Err(RuleError::PremiumNotAllowed(Premium::KoenigUltimo.name()));
        }
        if self.announced[Premium::KoenigUltimo.index()].is_some() {
            return Err(RuleError::AlreadyAnnounced(Premium::KoenigUltimo.name()));
        }
        if self.spoken & (1 << me) != 0 {
            return Err(RuleError::AnnounceLate);
        }
        if me != self.declarer || !KINGS.contains(k) || !self.hands[me as usize].contains(k) {
            return Err(RuleError::NotKingHolder);
        }
        Ok(())
    }

    /// No Kontra in Trischaken (§10.1, \[L278\], \[L340\]).
    pub(crate) fn check_kontra_here(&self) -> Result<(), RuleError> {
        if self.contract == Some(Contract::Trischaken) {
            return Err(RuleError::NoKontraHere);
        }
        Ok(())
    }

    /// The seats that may kontra an item that can still be answered: it exists and the game
    /// has not been replaced by an announced Valat.
    pub(crate) fn answerable_kontra_side(&self, item: Item) -> Result<u8, RuleError> {
        self.check_not_replaced(item)?;
        self.kontra_side(item).ok_or(RuleError::NoSuchItem)
    }

    fn check_kontra(&self, me: u8, item: Item) -> Result<(), RuleError> {
        self.check_kontra_here()?;
        let ks = self.answerable_kontra_side(item)?;
        self.check_kontra_by(me, item, ks)
    }

    /// The rest of [`DealState::check_kontra`], with the item's kontra side `ks` known: a seat of
    /// that side, not closed by its "gut", and no Kontra yet (per player in negative games, one
    /// for all in positive games, §10).
    pub(crate) fn check_kontra_by(&self, me: u8, item: Item, ks: u8) -> Result<(), RuleError> {
        let c = self.contract.expect("contract");
        if ks & (1 << me) == 0 {
            return Err(RuleError::KontraOwnSide);
        }
        if self.closed[me as usize] & (1 << item.slot()) != 0 {
            return Err(RuleError::KontraAfterGut);
        }
        let lv = &self.levels[item.slot()];
        let already = if c.is_negative() {
            lv[me as usize] > 0
        } else {
            (0..4).any(|s| ks & (1 << s) != 0 && lv[s] > 0)
        };
        if already {
            return Err(RuleError::AlreadyKontra);
        }
        Ok(())
    }

    /// An announced Valat replaces the game (§9.5, A18); a Kontra on the game lapses with it
    /// (docs/rules/koenigrufen.md §10), and so do its answers.
    fn check_not_replaced(&self, item: Item) -> Result<(), RuleError> {
        if matches!(item, Item::Game(_)) && self.announced[Premium::Valat.index()].is_some() {
            return Err(RuleError::GameReplacedByValat);
        }
        Ok(())
    }

    fn check_re(&self, me: u8, item: Item, against: u8) -> Result<(), RuleError> {
        let ks = self.answerable_kontra_side(item)?;
        self.check_re_by(me, item, ks, against)
    }

    /// The rest of [`DealState::check_re`], with the item's kontra side `ks` known: the owner's
    /// side answers a Kontra of the seat `against` (§10.2).
    pub(crate) fn check_re_by(
        &self,
        me: u8,
        item: Item,
        ks: u8,
        against: u8,
    ) -> Result<(), RuleError> {
        if ks & (1 << me) != 0 || against > 3 || ks & (1 << against) == 0 {
            return Err(RuleError::NoRe);
        }
        let lv = &self.levels[item.slot()];
        if lv[against as usize] != 1 {
            return Err(RuleError::NoRe);
        }
        // In positive games one Re covers everyone: name the first kontra'd seat.
        if self.contract.is_some_and(|c| c.is_positive()) {
            let first = (0..4u8).find(|&s| ks & (1 << s) != 0 && lv[s as usize] == 1);
            if first != Some(against) {
                return Err(RuleError::NoRe);
            }
        }
        Ok(())
    }

    fn check_subkontra(&self, me: u8, item: Item) -> Result<(), RuleError> {
        let ks = self.answerable_kontra_side(item)?;
        self.check_subkontra_by(me, item, ks)
    }

    /// The rest of [`DealState::check_subkontra`], with the item's kontra side `ks` known: the
    /// seat that kontra'd answers a Re (§10.3).
    pub(crate) fn check_subkontra_by(&self, me: u8, item: Item, ks: u8) -> Result<(), RuleError> {
        if ks & (1 << me) == 0 || self.levels[item.slot()][me as usize] != 2 {
            return Err(RuleError::NoSubkontra);
        }
        Ok(())
    }

    // ---------------------------------------------------------------- transitions

    /// Applies an action for the player to act. A refused action changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        self.check(action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// Applies an action already checked.
    pub fn apply_unchecked(&mut self, action: Action) {
        let me = self.current_player();
        match action {
            Action::Call(call) => {
                self.bidding.apply(call, &self.switches);
                if self.bidding.done {
                    self.end_bidding();
                }
            }
            Action::CallKing(k) => {
                self.called_king = Some(k);
                self.fourth_king = (self.hands[me as usize] & KINGS).len() == 3;
                self.king_in_talon = (self.talon[0] | self.talon[1]).contains(k);
                let c = self.contract.expect("contract");
                match c {
                    Contract::Besserrufer => self.phase = Phase::BesserruferBird,
                    Contract::Rufer => self.phase = Phase::Talon,
                    _ => self.start_announcements(),
                }
            }
            Action::Announce(p) if self.phase == Phase::BesserruferBird => {
                self.announced[p.index()] = Some(me);
            }
            Action::Gut if self.phase == Phase::BesserruferBird => self.phase = Phase::Talon,
            Action::Schleifen => {
                self.schleifen = true;
                self.phase = Phase::Over;
            }
            Action::TakeHalf(h) => {
                self.half_taken = Some(h);
                self.hands[me as usize] |= self.talon[h as usize];
                self.discards_left = 3;
                self.phase = Phase::Discard;
            }
            Action::Discard(c) => {
                self.hands[me as usize].remove(c);
                self.discard.insert(c);
                self.discards_left -= 1;
                if self.discards_left == 0 {
                    self.start_announcements();
                }
            }
            Action::Announce(p) => {
                self.announced[p.index()] = Some(me);
                self.gut_streak = CALLED;
            }
            Action::UltimoKing(k) => {
                self.announced[Premium::KoenigUltimo.index()] = Some(me);
                self.ultimo_king = Some(k);
                self.gut_streak = CALLED;
            }
            Action::Kontra(item) => {
                let ks = self.kontra_side(item).expect("checked");
                let negative = self.contract.is_some_and(|c| c.is_negative());
                let lv = &mut self.levels[item.slot()];
                if negative {
                    lv[me as usize] = 1;
                } else {
                    for (s, l) in lv.iter_mut().enumerate() {
                        if ks & (1 << s) != 0 {
                            *l = 1;
                        }
                    }
                }
                self.gut_streak = CALLED;
            }
            Action::Re(item, against) => {
                let negative = self.contract.is_some_and(|c| c.is_negative());
                let lv = &mut self.levels[item.slot()];
                if negative {
                    lv[against as usize] = 2;
                } else {
                    for l in lv.iter_mut() {
                        if *l == 1 {
                            *l = 2;
                        }
                    }
                }
                self.gut_streak = CALLED;
            }
            Action::Subkontra(item) => {
                self.levels[item.slot()][me as usize] = 3;
                self.gut_streak = CALLED;
            }
            Action::Gut => {
                self.spoken |= 1 << me;
                self.closed[me as usize] |= self.existing_items();
                // A turn that made a call (the calls set the streak to CALLED) starts the count
                // again: the cycle that may end the round begins with the next seat and comes
                // back to the caller (§10.5).
                self.gut_streak = if self.gut_streak == CALLED {
                    0
                } else {
                    self.gut_streak + 1
                };
                if self.gut_streak >= 4 {
                    self.start_play();
                } else {
                    self.turn = (me + 1) % 4;
                }
            }
            Action::Play(c) => {
                self.play.play_unchecked(c);
                if self.play.is_over() {
                    self.phase = Phase::Over;
                }
            }
        }
    }

    fn end_bidding(&mut self) {
        let c = self.bidding.highest.expect("a game");
        self.contract = Some(c);
        let holders = self.bidding.holders();
        self.declarer = holders[0];
        self.declarers = holders.iter().fold(0, |m, &s| m | (1 << s));
        self.team = 1 << self.declarer;
        if c.calls_king() {
            self.phase = Phase::KingCall;
            return;
        }
        match c.talon_use() {
            TalonUse::ThreeOpen => self.phase = Phase::Talon,
            TalonUse::SixHidden => {
                self.hands[self.declarer as usize] |= self.talon[0] | self.talon[1];
                self.discards_left = 6;
                self.phase = Phase::Discard;
            }
            TalonUse::None => {
                if c == Contract::Trischaken {
                    self.start_play();
                } else {
                    self.start_announcements();
                }
            }
        }
    }

    /// "Ich liege": the partner is fixed, and the announcement round starts with the declarer.
    fn start_announcements(&mut self) {
        if let Some(k) = self.called_king {
            self.partner =
                (0..4u8).find(|&s| s != self.declarer && self.hands[s as usize].contains(k));
            self.team = (1 << self.declarer) | self.partner.map_or(0, |p| 1 << p);
        }
        self.phase = Phase::Announcements;
        self.turn = self.declarer;
        self.gut_streak = 0;
    }

    fn start_play(&mut self) {
        let c = self.contract.expect("contract");
        // Positive games and Trischaken: the Vorhand leads; other negative games: the first
        // announcer (§11, [L302], [L358]).
        let leader = if c.is_positive() || c == Contract::Trischaken {
            self.vorhand
        } else {
            self.declarer
        };
        let mut play =
            PlayState::for_contract(c, &self.switches, self.hands, leader, self.declarers);
        for p in [Premium::Pagat, Premium::Uhu, Premium::Kakadu] {
            if self.announced[p.index()].is_some() {
                play.bird_guard.insert(p.bird().expect("bird").0);
            }
        }
        self.play = play;
        self.phase = Phase::Play;
    }

    /// Cards that belong to nobody's hand yet are visible to whom? The talon is public in the
    /// "3 offen" games once revealed (after the king call).
    pub fn talon_revealed(&self) -> bool {
        self.contract
            .is_some_and(|c| c.talon_use() == TalonUse::ThreeOpen)
            && !matches!(
                self.phase,
                Phase::Bidding | Phase::KingCall | Phase::BesserruferBird
            )
    }

    /// The discarded cards shown face up (§8.1, §8.2).
    pub fn shown_discard(&self) -> CardSet {
        shown_part(self.discard, self.contract.is_some_and(|c| c.is_colour()))
    }

    /// The talon cards not in any hand (not taken by the declarer).
    pub fn talon_left(&self) -> CardSet {
        match self.half_taken {
            Some(h) => self.talon[1 - h as usize],
            None => {
                if self.contract == Some(Contract::Sechser) && self.phase != Phase::Bidding {
                    CardSet::EMPTY
                } else {
                    self.talon[0] | self.talon[1]
                }
            }
        }
    }
}
