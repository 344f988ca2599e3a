//! A deal of any 1829 game as a state machine: deal, Scat, honours, (quadrille) bids, play.
//!
//! Seats are numbered in playing order: seat `s + 1` (mod n) plays after seat `s`. Play runs
//! counter-clockwise, the first hand (*Forhaand*, the dealer's right) leads to trick 1, and the
//! deal passes to the right (JC-1, JC-22, JC-29). The state is `Copy` and never allocates on
//! the hot paths (`legal_cards`, `legal_actions_into`, `apply`).

use crate::action::{Action, ActionList};
use crate::error::RuleError;
use crate::honours::{assess, HonourKind};
use crate::play::{legal_cards, obligation, winner_index, Obligation};
use crate::ruleset::{Game, Ruleset};
use serde::Serialize;
use tarok_core::{Card, CardSet, Rank, Suit};

/// "No seat".
pub const NONE: u8 = 255;

/// The stage a deal is in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// The dealer lays the Scat, one card at a time.
    Discard,
    /// Honours are declared, dealer first, then in playing order.
    Declare,
    /// Quadrille: each player, from the first hand, passes or bids once.
    Bid,
    /// Quadrille: the asker calls a King.
    Call,
    /// Quadrille: the Mediateur asks for cards.
    Request,
    /// Quadrille: the Mediateur gives a card back for the one received.
    GiveBack,
    /// The cards are played.
    Play,
    /// All tricks are played.
    Over,
    /// The deal does not count: a redeal on 1 or 2 tarocks (002 L143-144), or every player
    /// passed in the quadrille (reconstruction).
    Void,
}

/// Quadrille bid levels, lowest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Contract {
    /// Nobody has bid.
    None,
    /// *Spørge*: play with the holder of a called King.
    Ask,
    /// *Mediateur*: alone, after receiving one or two cards.
    Mediateur,
}

/// A finished trick.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrickRecord {
    pub leader: u8,
    pub cards: [Card; 4],
    pub winner: u8,
}

/// A Mediateur's request: the card and who gave it ([`NONE`] when it lay in the Scat).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RequestRecord {
    pub card: Card,
    pub giver: u8,
    pub returned: Option<Card>,
}

/// The pack a game uses: 78 cards; the quadrille removes ♠A and ♣A (002 L263-264).
pub fn pack(game: Game) -> CardSet {
    match game {
        Game::Quadrille => CardSet::PACK78
            .without(Card::suited(Suit::Spar, Rank::Pip(1)))
            .without(Card::suited(Suit::Kloer, Rank::Pip(1))),
        _ => CardSet::PACK78,
    }
}

/// The first hand (*Forhaand*): the dealer's right, who plays after the dealer (JC-1).
pub(crate) fn forhaand(dealer: u8, n: u8) -> u8 {
    tarok_core::seating::Table::new(n as usize).next(dealer as usize) as u8
}

/// One deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub(crate) rules: Ruleset,
    pub(crate) n: u8,
    pub(crate) dealer: u8,
    pub(crate) phase: Phase,
    pub(crate) turn: u8,
    /// Hands as dealt (the dealer's before the Scat).
    pub(crate) dealt: [CardSet; 4],
    pub(crate) hands: [CardSet; 4],
    /// En deux: the 25 cards laid aside (002 L295).
    pub(crate) dead: CardSet,
    pub(crate) scat: CardSet,
    /// Value of each declared honour per seat (0 = not declared), indexed by `HonourKind::index`.
    pub(crate) declared: [[u8; HonourKind::COUNT]; 4],
    /// Whether a seat has spent its Scus on a declared honour (for `scus_in_several_honours`).
    pub(crate) scus_spent: [bool; 4],
    pub(crate) declared_seats: u8,
    // Quadrille.
    pub(crate) bids: [Option<Contract>; 4],
    pub(crate) declarer: u8,
    pub(crate) contract: Contract,
    pub(crate) called: Option<Card>,
    pub(crate) partner: u8,
    pub(crate) requests: [Option<RequestRecord>; 2],
    pub(crate) nreq: u8,
    /// The declarer's hand before any request (for the Mediateur's matadors, 002 L282-284).
    pub(crate) before_requests: CardSet,
    // Play.
    pub(crate) play_start: [CardSet; 4],
    pub(crate) leader: u8,
    pub(crate) trick: [Card; 4],
    pub(crate) trick_len: u8,
    pub(crate) tricks: [TrickRecord; 25],
    pub(crate) ntricks: u8,
    /// Cards each player has won (the dealer's includes the Scat; the Scus stays with its holder).
    pub(crate) piles: [CardSet; 4],
    pub(crate) won: [u8; 4],
}

/// The cards an asker holding `hand` may call (QJC-5): a King he does not hold; holding all four,
/// a Queen; holding the Queens too, a Cavalier; then a Valet. A hand with all sixteen court
/// cards calls nothing, and so may not ask. The text names only the King (002 L268-269); the
/// Queen is the reconstruction's, and going on down the court keeps the game from a dead end
/// (the asker's partner is always the holder of a court card he lacks).
fn callable_by(hand: CardSet) -> CardSet {
    [Rank::Konge, Rank::Dame, Rank::Caval, Rank::Knaegt]
        .into_iter()
        .map(|r| {
            Suit::ALL
                .iter()
                .map(|&s| Card::suited(s, r))
                .filter(|&c| !hand.contains(c))
                .collect::<CardSet>()
        })
        .find(|c| !c.is_empty())
        .unwrap_or(CardSet::EMPTY)
}

impl Deal {
    /// Deals `deck` (every card of the game's pack once, top card first) with `dealer`.
    pub fn new(rules: Ruleset, deck: &[Card], dealer: u8) -> Result<Deal, String> {
        let n = rules.players();
        if dealer >= n {
            return Err(format!("dealer {dealer} is not a seat 0..{}", n - 1));
        }
        let the_pack = pack(rules.game);
        let as_set: CardSet = deck.iter().copied().collect();
        if deck.len() != the_pack.len() as usize || as_set != the_pack {
            return Err(format!(
                "a deck for {} must hold each of the {} cards of its pack once",
                rules.id,
                the_pack.len()
            ));
        }
        let fh = forhaand(dealer, n);
        let mut hands = [CardSet::EMPTY; 4];
        let mut dead = CardSet::EMPTY;
        let mut pos = 0usize;
        let mut take = |k: usize| {
            let s: CardSet = deck[pos..pos + k].iter().copied().collect();
            pos += k;
            s
        };
        match rules.game {
            Game::Three | Game::EnDeux => {
                // "fem Gange rundt, hver Gang 5 Kort; men beholder han 8 tilsidst" (002 L137-138).
                // En deux deals the same way with the third hand laid aside (JC-29).
                for round in 0..5 {
                    let a = take(5);
                    let b = take(5);
                    let c = take(if round == 4 { 8 } else { 5 });
                    if rules.game == Game::Three {
                        hands[fh as usize] |= a;
                        hands[((fh + 1) % 3) as usize] |= b;
                    } else {
                        hands[fh as usize] |= a;
                        dead |= b;
                    }
                    hands[dealer as usize] |= c;
                }
            }
            Game::Partners | Game::Quadrille => {
                // 19 each and 2 more to the dealer (JC-21); quadrille 18 each, dealer 22 (002 L264).
                let rounds: [usize; 4] = if rules.game == Game::Partners {
                    [5, 5, 5, 4]
                } else {
                    [5, 5, 4, 4]
                };
                for k in rounds {
                    for i in 1..=4 {
                        let s = (dealer + i) % 4;
                        hands[s as usize] |= take(k);
                    }
                }
                let extra = if rules.game == Game::Partners { 2 } else { 4 };
                hands[dealer as usize] |= take(extra);
            }
        }
        Deal::from_hands(rules, dealer, hands, dead)
    }

    /// A deal from its hands (the dealer's with the extra Scat cards) and, for en deux, the
    /// cards laid aside. For set-ups, puzzles and tests; `new` deals a deck into this.
    pub fn from_hands(
        rules: Ruleset,
        dealer: u8,
        hands: [CardSet; 4],
        dead: CardSet,
    ) -> Result<Deal, String> {
        let n = rules.players();
        if dealer >= n {
            return Err(format!("dealer {dealer} is not a seat 0..{}", n - 1));
        }
        let size = rules.game.hand_size() as u32;
        let mut all = dead;
        for s in 0..4u8 {
            let h = hands[s as usize];
            let want = if s >= n {
                0
            } else if s == dealer {
                size + rules.game.scat_size() as u32
            } else {
                size
            };
            if h.len() != want {
                return Err(format!("seat {s} must hold {want} cards, not {}", h.len()));
            }
            if !(all & h).is_empty() {
                return Err(format!("cards in two hands: {}", all & h));
            }
            all |= h;
        }
        if all != pack(rules.game) {
            return Err(format!(
                "the hands must hold the whole pack; missing {}",
                pack(rules.game) - all
            ));
        }
        let mut deal = Deal {
            rules,
            n,
            dealer,
            phase: Phase::Discard,
            turn: dealer,
            dealt: hands,
            hands,
            dead,
            scat: CardSet::EMPTY,
            declared: [[0; HonourKind::COUNT]; 4],
            scus_spent: [false; 4],
            declared_seats: 0,
            bids: [None; 4],
            declarer: NONE,
            contract: Contract::None,
            called: None,
            partner: NONE,
            requests: [None; 2],
            nreq: 0,
            before_requests: CardSet::EMPTY,
            play_start: [CardSet::EMPTY; 4],
            leader: forhaand(dealer, n),
            trick: [Card::SKUS; 4],
            trick_len: 0,
            tricks: [TrickRecord {
                leader: 0,
                cards: [Card::SKUS; 4],
                winner: 0,
            }; 25],
            ntricks: 0,
            piles: [CardSet::EMPTY; 4],
            won: [0; 4],
        };
        if rules.redeal_one_or_two_tarocks
            && (0..n).any(|s| (1..=2).contains(&hands[s as usize].trumps().len()))
        {
            // "naar Een har 1 eller 2 Tarocker, Spilet intet gjelder" (002 L143-144, JC-7).
            deal.phase = Phase::Void;
        }
        Ok(deal)
    }

    /// A deal from a seed: the pack shuffled with `tarok_core::shuffled`.
    pub fn from_seed(rules: Ruleset, seed: u64, dealer: u8) -> Deal {
        let deck = tarok_core::shuffled(pack(rules.game), seed);
        Deal::new(rules, &deck, dealer).expect("a shuffled pack is a valid deck")
    }

    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    pub fn players(&self) -> u8 {
        self.n
    }

    pub fn dealer(&self) -> u8 {
        self.dealer
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn hand(&self, seat: u8) -> CardSet {
        self.hands[seat as usize]
    }

    pub fn scat(&self) -> CardSet {
        self.scat
    }

    /// En deux: the cards laid aside.
    pub fn dead(&self) -> CardSet {
        self.dead
    }

    pub fn pile(&self, seat: u8) -> CardSet {
        self.piles[seat as usize]
    }

    pub fn tricks_won(&self, seat: u8) -> u8 {
        self.won[seat as usize]
    }

    pub fn tricks(&self) -> &[TrickRecord] {
        &self.tricks[..self.ntricks as usize]
    }

    /// The cards of the trick in progress, in playing order, and its leader.
    pub fn current_trick(&self) -> (u8, &[Card]) {
        (self.leader, &self.trick[..self.trick_len as usize])
    }

    /// Value of the honour `kind` declared by `seat` (0 if not declared).
    pub fn declared(&self, seat: u8, kind: HonourKind) -> u8 {
        self.declared[seat as usize][kind.index()]
    }

    pub fn contract(&self) -> Contract {
        self.contract
    }

    /// Quadrille: the player who won the bidding.
    pub fn declarer(&self) -> Option<u8> {
        (self.declarer != NONE).then_some(self.declarer)
    }

    /// Quadrille: the holder of the called King, if any.
    pub fn partner(&self) -> Option<u8> {
        (self.partner != NONE).then_some(self.partner)
    }

    pub fn called(&self) -> Option<Card> {
        self.called
    }

    pub fn requests(&self) -> impl Iterator<Item = RequestRecord> + '_ {
        self.requests.iter().flatten().copied()
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over | Phase::Void)
    }

    /// The seat to act, or `None` when the deal is over.
    pub fn current_player(&self) -> Option<u8> {
        match self.phase {
            Phase::Over | Phase::Void => None,
            Phase::Play => Some((self.leader + self.trick_len) % self.n),
            _ => Some(self.turn),
        }
    }

    /// Whether `a` and `b` play on the same side in this deal.
    pub fn same_side(&self, a: u8, b: u8) -> bool {
        if a == b {
            return true;
        }
        match self.rules.game {
            Game::Three | Game::EnDeux => false,
            Game::Partners => a % 2 == b % 2,
            Game::Quadrille => {
                if self.declarer == NONE {
                    return false;
                }
                let decl = |s: u8| s == self.declarer || s == self.partner;
                decl(a) == decl(b)
            }
        }
    }

    // ---------------------------------------------------------------- legal actions

    /// The cards the dealer may lay in the Scat now.
    pub fn legal_discards(&self) -> CardSet {
        if self.phase != Phase::Discard {
            return CardSet::EMPTY;
        }
        let hand = self.hands[self.dealer as usize];
        let mut ok = hand - CardSet::KINGS;
        let tarock_cards = CardSet::TRUMPS.with(Card::SKUS);
        if self.rules.game == Game::Partners {
            ok -= tarock_cards;
        } else {
            let mine = self.dealt[self.dealer as usize] & tarock_cards;
            let mut allowed = mine.len() == 3;
            if !self.rules.scat_allows_mongue {
                if self.rules.scat_tarock_any_subset {
                    ok.remove(Card::T21);
                } else if mine.contains(Card::T21) {
                    allowed = false;
                }
            }
            if !allowed {
                ok -= tarock_cards;
            } else if !self.rules.scat_tarock_any_subset {
                let laid = (self.scat & tarock_cards).len();
                let left = self.rules.game.scat_size() as u32 - self.scat.len();
                if laid > 0 && laid < 3 {
                    // All three must follow the first.
                    ok &= mine;
                } else if laid == 0 && left < 3 {
                    ok -= tarock_cards;
                }
            }
        }
        if ok.is_empty() {
            // A freak hand with no legal discard: fall back to any card but a King, then any
            // card (judgement call of this crate; the 1829 text does not foresee it).
            ok = hand - CardSet::KINGS;
            if ok.is_empty() {
                ok = hand;
            }
        }
        ok
    }

    /// The cards the player to act may play (allocation-free). Empty outside card play.
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        let p = (self.leader + self.trick_len) % self.n;
        legal_cards(
            &self.rules,
            self.hands[p as usize],
            &self.trick[..self.trick_len as usize],
        )
    }

    fn scus_free(&self, seat: u8) -> bool {
        self.rules.scus_in_several_honours || !self.scus_spent[seat as usize]
    }

    /// Every legal action of the player to act, into `out` (cleared first; no allocation).
    pub fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        match self.phase {
            Phase::Discard => self
                .legal_discards()
                .iter()
                .for_each(|c| out.push(Action::Discard(c))),
            Phase::Declare => {
                let s = self.turn;
                for k in HonourKind::ALL {
                    if self.declared[s as usize][k.index()] == 0
                        && assess(k, self.hands[s as usize], self.scus_free(s), &self.rules)
                            .is_some()
                    {
                        out.push(Action::Declare(k));
                    }
                }
                out.push(Action::Done);
            }
            Phase::Bid => {
                out.push(Action::Pass);
                if self.contract < Contract::Ask && self.may_ask() {
                    out.push(Action::Ask);
                }
                if self.contract < Contract::Mediateur {
                    out.push(Action::Mediateur);
                }
            }
            Phase::Call => self
                .callable()
                .iter()
                .for_each(|c| out.push(Action::Call(c))),
            Phase::Request => {
                if self.nreq >= 1 {
                    out.push(Action::Done);
                }
                self.requestable()
                    .iter()
                    .for_each(|c| out.push(Action::Request(c)));
            }
            Phase::GiveBack => self
                .returnable()
                .iter()
                .for_each(|c| out.push(Action::GiveBack(c))),
            Phase::Play => self
                .legal_cards()
                .iter()
                .for_each(|c| out.push(Action::Play(c))),
            Phase::Over | Phase::Void => {}
        }
    }

    /// Every legal action (allocates; for tools and tests).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut l = ActionList::default();
        self.legal_actions_into(&mut l);
        l.as_slice().to_vec()
    }

    fn callable(&self) -> CardSet {
        callable_by(self.hands[self.declarer as usize])
    }

    /// Whether the seat to bid would have a card to call if it asked (QJC-5).
    fn may_ask(&self) -> bool {
        !callable_by(self.hands[self.turn as usize]).is_empty()
    }

    fn requestable(&self) -> CardSet {
        if self.nreq >= self.rules.mediateur_max_cards {
            return CardSet::EMPTY;
        }
        let mut asked = CardSet::EMPTY;
        for r in self.requests.iter().flatten() {
            asked.insert(r.card);
        }
        pack(self.rules.game)
            - self.hands[self.declarer as usize]
            - asked
            - CardSet::single(Card::SKUS)
    }

    fn returnable(&self) -> CardSet {
        let last = self.requests[self.nreq as usize - 1].expect("a request is pending");
        self.hands[self.declarer as usize].without(last.card)
    }

    // ---------------------------------------------------------------- apply

    /// Applies the action of the player to act. On error the deal is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::Over);
        }
        match (self.phase, action) {
            (Phase::Discard, Action::Discard(c)) => self.discard(c),
            (Phase::Declare, Action::Declare(k)) => self.declare(k),
            (Phase::Declare, Action::Done) => {
                self.next_declarer();
                Ok(())
            }
            (Phase::Bid, Action::Pass | Action::Ask | Action::Mediateur) => self.bid(action),
            (Phase::Call, Action::Call(c)) => self.call(c),
            (Phase::Request, Action::Request(c)) => self.request(c),
            (Phase::Request, Action::Done) => {
                if self.nreq == 0 {
                    return Err(RuleError::RequestCount);
                }
                self.start_play();
                Ok(())
            }
            (Phase::GiveBack, Action::GiveBack(c)) => self.give_back(c),
            (Phase::Play, Action::Play(c)) => self.play(c),
            (phase, a) => Err(RuleError::WrongPhase(a, phase_expects(phase))),
        }
    }

    fn discard(&mut self, c: Card) -> Result<(), RuleError> {
        let d = self.dealer as usize;
        if !self.hands[d].contains(c) {
            return Err(RuleError::NotInHand(c));
        }
        if !self.legal_discards().contains(c) {
            return Err(self.discard_error(c));
        }
        self.hands[d].remove(c);
        self.scat.insert(c);
        if self.scat.len() == self.rules.game.scat_size() as u32 {
            // The Scat counts for the dealer (JC-4).
            self.piles[d] |= self.scat;
            self.phase = Phase::Declare;
            self.turn = self.dealer;
        }
        Ok(())
    }

    fn discard_error(&self, c: Card) -> RuleError {
        if c.is_king() {
            RuleError::ScatKing
        } else if self.rules.game == Game::Partners {
            RuleError::ScatPartners
        } else if c == Card::T21 && !self.rules.scat_allows_mongue {
            RuleError::ScatMongue
        } else if !self.rules.scat_tarock_any_subset
            && (self.dealt[self.dealer as usize] & CardSet::TRUMPS.with(Card::SKUS)).len() == 3
        {
            RuleError::ScatAllThree
        } else {
            RuleError::ScatTarock
        }
    }

    fn declare(&mut self, k: HonourKind) -> Result<(), RuleError> {
        let s = self.turn as usize;
        if self.declared[s][k.index()] != 0 {
            return Err(RuleError::AlreadyDeclared(k));
        }
        let a = assess(k, self.hands[s], self.scus_free(self.turn), &self.rules)
            .ok_or(RuleError::NoSuchHonour(k))?;
        self.declared[s][k.index()] = a.value;
        if a.uses_scus {
            self.scus_spent[s] = true;
        }
        Ok(())
    }

    fn next_declarer(&mut self) {
        self.declared_seats += 1;
        if self.declared_seats < self.n {
            self.turn = (self.turn + 1) % self.n;
        } else if self.rules.game == Game::Quadrille {
            self.phase = Phase::Bid;
            self.turn = forhaand(self.dealer, self.n);
        } else {
            self.start_play();
        }
    }

    fn bid(&mut self, a: Action) -> Result<(), RuleError> {
        let level = match a {
            Action::Pass => None,
            Action::Ask => Some(Contract::Ask),
            _ => Some(Contract::Mediateur),
        };
        if let Some(l) = level {
            if l <= self.contract {
                return Err(RuleError::BidTooLow);
            }
            if l == Contract::Ask && !self.may_ask() {
                return Err(RuleError::NothingToCall);
            }
            self.contract = l;
            self.declarer = self.turn;
        }
        self.bids[self.turn as usize] = Some(level.unwrap_or(Contract::None));
        self.turn = (self.turn + 1) % self.n;
        if self.turn == forhaand(self.dealer, self.n) {
            match self.contract {
                Contract::None => self.phase = Phase::Void,
                Contract::Ask => {
                    self.phase = Phase::Call;
                    self.turn = self.declarer;
                }
                Contract::Mediateur => {
                    self.phase = Phase::Request;
                    self.turn = self.declarer;
                    self.before_requests = self.hands[self.declarer as usize];
                }
            }
        }
        Ok(())
    }

    fn call(&mut self, c: Card) -> Result<(), RuleError> {
        if !self.callable().contains(c) {
            return Err(RuleError::BadCall(c));
        }
        self.called = Some(c);
        self.partner = (0..self.n)
            .find(|s| self.hands[*s as usize].contains(c))
            .unwrap_or(NONE);
        self.start_play();
        Ok(())
    }

    fn request(&mut self, c: Card) -> Result<(), RuleError> {
        if self.nreq >= self.rules.mediateur_max_cards {
            return Err(RuleError::RequestCount);
        }
        if !self.requestable().contains(c) {
            return Err(RuleError::BadRequest(c));
        }
        let giver = (0..self.n)
            .find(|s| self.hands[*s as usize].contains(c))
            .unwrap_or(NONE);
        self.requests[self.nreq as usize] = Some(RequestRecord {
            card: c,
            giver,
            returned: None,
        });
        self.nreq += 1;
        if giver != NONE {
            self.hands[giver as usize].remove(c);
            self.hands[self.declarer as usize].insert(c);
            self.phase = Phase::GiveBack;
        } else if self.nreq >= self.rules.mediateur_max_cards {
            // A card that lies in the Scat cannot be given (judgement call, quadrille.rs).
            self.start_play();
        }
        Ok(())
    }

    fn give_back(&mut self, c: Card) -> Result<(), RuleError> {
        if !self.returnable().contains(c) {
            return Err(RuleError::BadReturn(c));
        }
        let i = self.nreq as usize - 1;
        let mut r = self.requests[i].expect("a request is pending");
        r.returned = Some(c);
        self.requests[i] = Some(r);
        self.hands[self.declarer as usize].remove(c);
        self.hands[r.giver as usize].insert(c);
        if self.nreq >= self.rules.mediateur_max_cards {
            self.start_play();
        } else {
            self.phase = Phase::Request;
        }
        Ok(())
    }

    fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.play_start = self.hands;
        self.leader = forhaand(self.dealer, self.n);
        self.trick_len = 0;
    }

    fn play(&mut self, c: Card) -> Result<(), RuleError> {
        let p = (self.leader + self.trick_len) % self.n;
        let hand = self.hands[p as usize];
        if !hand.contains(c) {
            return Err(RuleError::NotInHand(c));
        }
        let legal = self.legal_cards();
        if !legal.contains(c) {
            return Err(self.play_error(hand, legal, c));
        }
        self.hands[p as usize].remove(c);
        self.trick[self.trick_len as usize] = c;
        self.trick_len += 1;
        if self.trick_len == self.n {
            self.finish_trick();
        }
        Ok(())
    }

    fn play_error(&self, hand: CardSet, legal: CardSet, card: Card) -> RuleError {
        if legal == CardSet::single(Card::SKUS) {
            return RuleError::ScusDeadline;
        }
        match obligation(&self.trick[..self.trick_len as usize]) {
            Obligation::Lead => RuleError::ScusLead,
            Obligation::Suit(s) if !hand.of_suit(s).is_empty() => RuleError::MustFollowSuit,
            Obligation::Suit(_) if !card.is_trump() => RuleError::MustTrump,
            Obligation::Tarock if !card.is_trump() => RuleError::MustFollowTarock,
            _ => RuleError::MustOvertrump,
        }
    }

    fn finish_trick(&mut self) {
        let n = self.n as usize;
        let cards = &self.trick[..n];
        let wi = winner_index(cards).expect("a trick holds a card other than the Scus");
        let winner = (self.leader + wi as u8) % self.n;
        for (i, c) in cards.iter().enumerate() {
            if c.is_skus() {
                // The Scus goes back to its holder at once (002 L178-184; JC-11).
                let holder = (self.leader + i as u8) % self.n;
                self.piles[holder as usize].insert(*c);
            } else {
                self.piles[winner as usize].insert(*c);
            }
        }
        self.won[winner as usize] += 1;
        self.tricks[self.ntricks as usize] = TrickRecord {
            leader: self.leader,
            cards: self.trick,
            winner,
        };
        self.ntricks += 1;
        self.leader = winner;
        self.trick_len = 0;
        if self.ntricks == self.rules.game.hand_size() {
            self.phase = Phase::Over;
        }
    }

    // ---------------------------------------------------------------- facts for settlement

    /// Who played `card` in which trick, if it was played.
    pub fn played(&self, card: Card) -> Option<(usize, u8)> {
        for (t, tr) in self.tricks().iter().enumerate() {
            for i in 0..self.n as usize {
                if tr.cards[i] == card {
                    return Some((t, (tr.leader + i as u8) % self.n));
                }
            }
        }
        None
    }

    /// Packets a player's pile counts: his tricks, plus one for the dealer's Scat.
    pub fn packets(&self, seat: u8) -> i32 {
        self.won[seat as usize] as i32 + i32::from(seat == self.dealer)
    }
}

fn phase_expects(phase: Phase) -> &'static str {
    match phase {
        Phase::Discard => "the dealer is laying the Scat (discard a card)",
        Phase::Declare => "honours are being declared (declare an honour or say done)",
        Phase::Bid => "the players are bidding (pass, ask or mediateur)",
        Phase::Call => "the asker must call a King",
        Phase::Request => "the Mediateur is asking for cards (request a card or say done)",
        Phase::GiveBack => "the Mediateur must give a card back",
        Phase::Play => "the cards are being played",
        Phase::Over | Phase::Void => "the deal is over",
    }
}
