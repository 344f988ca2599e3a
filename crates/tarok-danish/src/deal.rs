//! One Danish deal as a state machine: redeal demand, skat, declarations, 25 tricks with every
//! skus rule, and the facts for the settlement.
//!
//! Seats: 0 is forhånd (the dealer's right, leads trick 1), 1 mellemhånd, 2 the dealer. Play goes
//! to the right (counter-clockwise), so the player after seat `s` is `(s + 1) % 3`.
//! The state is `Copy` and its hot paths (legal cards, apply, random playout) never allocate.

use crate::action::{Action, Named};
use crate::declare::{declarations, Declarations};
use crate::error::RuleError;
use crate::points::{card_points, set_points};
use crate::ruleset::{LastTrickSkus, Ruleset};
use crate::settle::{settle, DealFacts, EndFacts, InPlay, Line, Reason, UltimoCard, DEALER};
use crate::skat::{self, SkatAnnouncement};
use tarok_core::{Card, CardSet, DealRng, PaymentSink, Seat, Suit};

/// The phase of the deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Players without numbered trumps are asked, forhånd first, whether to demand a redeal.
    Redeal,
    /// The dealer lays the skat.
    Skat,
    /// The round before trick 23 in which each player, from the leader on, may demand the skus.
    Demand { asked: u8 },
    /// Card play.
    Play,
    /// The deal is over: played out, or ended by a redeal demand.
    Over { redeal: bool },
}

/// Where the renaming right (dåbsret) stands in the current trick.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dab {
    /// No right in this trick.
    None,
    /// The second hand may rename (000 L591-596).
    Second,
    /// The second hand played without renaming; the third may (000 L597-599).
    Third,
    /// The right was used.
    Used,
}

/// The trick being played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Trick {
    pub leader: Seat,
    /// Cards in play order; `n` of them are played.
    pub cards: [Card; 3],
    pub n: u8,
    /// What a led skus stands for, after any renaming.
    pub named: Option<Named>,
    pub dab: Dab,
}

impl Trick {
    pub fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            cards: [Card::SKUS; 3],
            n: 0,
            named: None,
            dab: Dab::None,
        }
    }

    /// What the others must follow: the led card's suit or trumps, or the name of a led skus.
    pub fn led(&self) -> Option<Named> {
        if self.n == 0 {
            None
        } else if self.cards[0].is_skus() {
            self.named
        } else {
            Some(Named::of_card(self.cards[0]))
        }
    }

    pub fn seat_of(&self, i: usize) -> Seat {
        (self.leader + i as u8) % 3
    }

    pub fn played(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        (0..self.n as usize).map(|i| (self.seat_of(i), self.cards[i]))
    }
}

/// A completed trick, for records and views.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrickRecord {
    pub leader: Seat,
    pub cards: [Card; 3],
    pub named: Option<Named>,
    pub winner: Seat,
}

/// How a deal starts, besides the cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DealOptions {
    /// The dealer pays the ante (false after a redeal).
    pub ante: bool,
    /// Cup content before the deal: king cup, pagat cup.
    pub cups: [i32; 2],
    /// People at the table (3 to 5).
    pub table: u8,
    /// Who does not count (seat).
    pub non_counter: Seat,
}

impl Default for DealOptions {
    /// A lone deal at a table of three, just after the start-of-session funding of 20 per
    /// person per cup (000 L392-393); forhånd deals next and does not count.
    fn default() -> DealOptions {
        DealOptions {
            ante: true,
            cups: [60, 60],
            table: 3,
            non_counter: 0,
        }
    }
}

/// Fixed-capacity list of actions, for allocation-free move generation.
pub struct ActionList {
    items: [Action; 40],
    len: usize,
}

impl Default for ActionList {
    fn default() -> ActionList {
        ActionList {
            items: [Action::Pass; 40],
            len: 0,
        }
    }
}

impl ActionList {
    pub fn clear(&mut self) {
        self.len = 0;
    }
    fn push(&mut self, a: Action) {
        self.items[self.len] = a;
        self.len += 1;
    }
    pub fn as_slice(&self) -> &[Action] {
        &self.items[..self.len]
    }
}

/// A Danish deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    rules: Ruleset,
    options: DealOptions,
    dealt: [CardSet; 3],
    hands: [CardSet; 3],
    skat: CardSet,
    announced: SkatAnnouncement,
    phase: Phase,
    redeal_next: u8,
    trick_no: u8,
    trick: Trick,
    log: [TrickRecord; 25],
    tricks_won: [u8; 3],
    points: [u8; 3],
    skus_owner: Seat,
    demanded: bool,
    facts: DealFacts,
    /// Built from a position string with unknown cards: card conservation is not checked.
    partial: bool,
    /// The first trick this deal saw played (later than 1 for a position).
    first_trick: u8,
}

/// A card-play position, as read from a position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSetup {
    /// Known cards of each hand.
    pub hands: [CardSet; 3],
    pub trick_no: u8,
    pub trick: Trick,
    pub tricks_won: [u8; 3],
    pub demanded: bool,
    /// In the skus demand round, how many have been asked.
    pub demand_asked: Option<u8>,
}

const EMPTY_TRICK: TrickRecord = TrickRecord {
    leader: 0,
    cards: [Card::SKUS; 3],
    named: None,
    winner: 0,
};

impl Deal {
    /// Deals `deck` (78 cards): five rounds of 5-card packets from forhånd to the right, then
    /// the last 3 cards to the dealer, who holds 28 (000 L398-399; 003 L28 p.10; 000 AMB-28).
    pub fn new(rules: Ruleset, deck: &[Card], options: DealOptions) -> Deal {
        assert_eq!(deck.len(), 78, "a Danish deck has 78 cards");
        let mut hands = [CardSet::EMPTY; 3];
        for (i, &c) in deck.iter().enumerate() {
            let seat = if i >= 75 {
                DEALER
            } else {
                ((i / 5) % 3) as Seat
            };
            hands[seat as usize].insert(c);
        }
        let skus_owner = (0..3)
            .find(|&s| hands[s].contains(Card::SKUS))
            .expect("skus dealt") as Seat;
        let mut deal = Deal {
            rules,
            options,
            dealt: hands,
            hands,
            skat: CardSet::EMPTY,
            announced: SkatAnnouncement::default(),
            phase: Phase::Redeal,
            redeal_next: 0,
            trick_no: 1,
            trick: Trick::new(0),
            log: [EMPTY_TRICK; 25],
            tricks_won: [0; 3],
            points: [0; 3],
            skus_owner,
            demanded: false,
            facts: DealFacts::new(options.table, options.ante, options.non_counter),
            partial: false,
            first_trick: 1,
        };
        deal.advance_redeal();
        deal
    }

    /// A deal in card play at the given position. Cards not in the hands count as played.
    pub fn from_position(rules: Ruleset, p: &PositionSetup) -> Deal {
        let skus_owner = (0..3)
            .find(|&s| p.hands[s].contains(Card::SKUS))
            .unwrap_or(0) as Seat;
        Deal {
            rules,
            options: DealOptions::default(),
            dealt: p.hands,
            hands: p.hands,
            skat: CardSet::EMPTY,
            announced: SkatAnnouncement::default(),
            phase: match p.demand_asked {
                Some(asked) => Phase::Demand { asked },
                None => Phase::Play,
            },
            redeal_next: 3,
            trick_no: p.trick_no,
            trick: p.trick,
            log: [EMPTY_TRICK; 25],
            tricks_won: p.tricks_won,
            points: [0; 3],
            skus_owner,
            demanded: p.demanded,
            facts: DealFacts::new(3, false, 0),
            partial: true,
            first_trick: p.trick_no,
        }
    }

    /// The position's parts, for writing a position string.
    pub fn position_setup(&self) -> PositionSetup {
        PositionSetup {
            hands: self.hands,
            trick_no: self.trick_no,
            trick: self.trick,
            tricks_won: self.tricks_won,
            demanded: self.demanded,
            demand_asked: match self.phase {
                Phase::Demand { asked } => Some(asked),
                _ => None,
            },
        }
    }

    /// A deal from a seed, with the default options.
    pub fn from_seed(rules: Ruleset, seed: u64) -> Deal {
        Deal::new(
            rules,
            &tarok_core::shuffled(CardSet::PACK78, seed),
            DealOptions::default(),
        )
    }

    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }
    pub fn options(&self) -> DealOptions {
        self.options
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat as usize]
    }
    /// The hands as dealt (the dealer's 28 cards).
    pub fn dealt(&self, seat: Seat) -> CardSet {
        self.dealt[seat as usize]
    }
    pub fn skat(&self) -> CardSet {
        self.skat
    }
    pub fn announced(&self) -> SkatAnnouncement {
        self.announced
    }
    pub fn trick_no(&self) -> u8 {
        self.trick_no
    }
    pub fn trick(&self) -> &Trick {
        &self.trick
    }
    pub fn completed_tricks(&self) -> &[TrickRecord] {
        let done = match self.phase {
            Phase::Over { .. } if self.facts.end.is_some() => 25,
            _ => self.trick_no as usize - 1,
        };
        &self.log[(self.first_trick as usize - 1).min(done)..done]
    }
    pub fn tricks_won(&self) -> [u8; 3] {
        self.tricks_won
    }
    pub fn demanded(&self) -> bool {
        self.demanded
    }
    pub fn skus_owner(&self) -> Seat {
        self.skus_owner
    }
    /// Cards played to completed tricks and to the current trick.
    /// Derived rather than stored: every card not in a hand or the skat has been played.
    pub fn played(&self) -> CardSet {
        !(self.hands[0] | self.hands[1] | self.hands[2] | self.skat)
    }
    pub fn declarations(&self, seat: Seat) -> Declarations {
        self.facts.declarations[seat as usize]
    }
    pub fn facts(&self) -> &DealFacts {
        &self.facts
    }
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// Who must act now; `None` when the deal is over.
    pub fn current_player(&self) -> Option<Seat> {
        match self.phase {
            Phase::Redeal => Some(self.redeal_next),
            Phase::Skat => Some(DEALER),
            Phase::Demand { asked } => Some((self.trick.leader + asked) % 3),
            Phase::Play => Some(self.trick.seat_of(self.trick.n as usize)),
            Phase::Over { .. } => None,
        }
    }

    /// Each active player's count: tricks won, the skat as one trick for the dealer, and the
    /// card points of his pile; the skus's 4 go to its holder unless it fell in trick 25
    /// (000 §10.2, L600-602; 003 §8.4, §11.2). Sums to 78 at the end.
    pub fn counts(&self) -> [u8; 3] {
        let mut c: [u8; 3] = std::array::from_fn(|s| self.tricks_won[s] + self.points[s]);
        c[DEALER as usize] += 1 + set_points(self.skat) as u8;
        c
    }

    /// Moves the redeal question to the next trumpless hand, or on to the skat.
    fn advance_redeal(&mut self) {
        // Without the redeal switch nobody is asked.
        if self.rules.redeal_on_no_trump {
            while self.redeal_next < 3 {
                if self.hands[self.redeal_next as usize].trumps().is_empty() {
                    return;
                }
                self.redeal_next += 1;
            }
        }
        self.phase = Phase::Skat;
    }

    /// The cards the current player may play with `Action::Play` (not the skus lead, which is
    /// `Action::LeadSkus`). Empty outside card play.
    pub fn legal_cards(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        let seat = self.trick.seat_of(self.trick.n as usize);
        let hand = self.hands[seat as usize];
        let skus = CardSet::single(Card::SKUS);
        if self.trick_no == 23 && self.demanded && hand.contains(Card::SKUS) {
            // The demanded skus must be led or played (000 L586, L1850).
            return if self.trick.n == 0 {
                CardSet::EMPTY
            } else {
                skus
            };
        }
        // Never the skus in the second-to-last trick (000 L587, L1847).
        let h = if self.trick_no == 24 {
            hand - skus
        } else {
            hand
        };
        let Some(led) = self.trick.led() else {
            return h - skus;
        };
        let f = follow_set(h, led);
        if self.rules.skus_follow_freely || (h & led.cards()).is_empty() {
            f
        } else {
            f.without(Card::SKUS)
        }
    }

    /// Whether the current player may lead the skus (naming it).
    fn may_lead_skus(&self) -> bool {
        if self.phase != Phase::Play || self.trick.n != 0 {
            return false;
        }
        let hand = self.hands[self.trick.leader as usize];
        hand.contains(Card::SKUS) && self.trick_no != 24
    }

    /// The names the current player may give with a renaming right.
    fn renames(&self) -> impl Iterator<Item = Named> + '_ {
        let right = self.phase == Phase::Play
            && match self.trick.dab {
                Dab::Second => self.trick.n == 1,
                Dab::Third => self.trick.n == 2,
                _ => false,
            };
        let current = self.trick.named;
        let trump_ok = self.rules.skus_rename_may_name_trump;
        Named::ALL
            .into_iter()
            .filter(move |&n| right && Some(n) != current && (trump_ok || n != Named::Trump))
    }

    /// Every legal action, without allocating (the skat discards are not listed here: use
    /// [`Deal::legal_actions`]).
    pub fn legal_into(&self, out: &mut ActionList) {
        out.clear();
        match self.phase {
            Phase::Redeal => {
                out.push(Action::Redeal);
                out.push(Action::Keep);
            }
            Phase::Skat | Phase::Over { .. } => {}
            Phase::Demand { .. } => {
                let seat = self.current_player().expect("demand round");
                if !self.hands[seat as usize].contains(Card::SKUS) {
                    out.push(Action::Demand);
                }
                out.push(Action::Pass);
            }
            Phase::Play => {
                for c in self.legal_cards() {
                    out.push(Action::Play(c));
                }
                if self.may_lead_skus() {
                    for n in Named::ALL {
                        out.push(Action::LeadSkus(n));
                    }
                }
                for n in self.renames() {
                    out.push(Action::Rename(n));
                }
            }
        }
    }

    /// Every legal action, the skat discards included.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.phase == Phase::Skat {
            return skat::legal_discards(self.hands[DEALER as usize], &self.rules)
                .into_iter()
                .map(Action::Discard)
                .collect();
        }
        let mut list = ActionList::default();
        self.legal_into(&mut list);
        list.as_slice().to_vec()
    }

    fn wrong_moment(action: Action, expected: &'static str) -> RuleError {
        RuleError::WrongMoment {
            action: action.to_string(),
            expected,
        }
    }

    /// Applies the current player's action. A rejected action leaves the deal unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        let expected = match self.phase {
            Phase::Redeal => "a trumpless hand decides: redeal or keep",
            Phase::Skat => "the dealer lays the skat",
            Phase::Demand { .. } => "each player may demand the skus or pass",
            Phase::Play => "card play",
            Phase::Over { .. } => "the deal is over",
        };
        match (self.phase, action) {
            (Phase::Redeal, Action::Redeal) => {
                self.phase = Phase::Over { redeal: true };
                Ok(())
            }
            (Phase::Redeal, Action::Keep) => {
                self.redeal_next += 1;
                self.advance_redeal();
                Ok(())
            }
            (Phase::Skat, Action::Discard(d)) => self.lay_skat(d),
            (Phase::Demand { asked }, Action::Demand | Action::Pass) => {
                let seat = (self.trick.leader + asked) % 3;
                if action == Action::Demand {
                    if self.hands[seat as usize].contains(Card::SKUS) {
                        return Err(RuleError::HolderCannotDemand);
                    }
                    self.demanded = true;
                    self.phase = Phase::Play;
                } else if asked == 2 {
                    self.phase = Phase::Play;
                } else {
                    self.phase = Phase::Demand { asked: asked + 1 };
                }
                Ok(())
            }
            (Phase::Play, Action::Play(c)) => self.play(c),
            (Phase::Play, Action::LeadSkus(n)) => {
                if self.trick.n != 0 {
                    return Err(Self::wrong_moment(action, "only the leader names the skus"));
                }
                if !self.hands[self.trick.leader as usize].contains(Card::SKUS) {
                    return Err(RuleError::NotInHand(Card::SKUS));
                }
                if self.trick_no == 24 {
                    return Err(RuleError::SkusInTrick24);
                }
                self.lead_skus(n);
                Ok(())
            }
            (Phase::Play, Action::Rename(n)) => {
                if !self.renames().any(|r| r == n) {
                    return Err(
                        if n == Named::Trump
                            && !self.rules.skus_rename_may_name_trump
                            && self.renames().next().is_some()
                        {
                            RuleError::RenameToTrump
                        } else {
                            RuleError::NoRenamingRight
                        },
                    );
                }
                self.rename(n);
                Ok(())
            }
            _ => Err(Self::wrong_moment(action, expected)),
        }
        .inspect(|_| {
            debug_assert!(self.check_invariants());
        })
    }

    fn lay_skat(&mut self, d: CardSet) -> Result<(), RuleError> {
        let hand = self.hands[DEALER as usize];
        self.announced = skat::check(hand, d, &self.rules)?;
        self.hands[DEALER as usize] = hand - d;
        self.skat = d;
        // Declarations are made on the cards kept (000 AMB-06; 003 D-JC-9), dealer first.
        for s in 0..3 {
            self.facts.declarations[s] = declarations(self.hands[s], &self.rules);
        }
        self.phase = Phase::Play;
        Ok(())
    }

    fn lead_skus(&mut self, n: Named) {
        let leader = self.trick.leader;
        self.hands[leader as usize].remove(Card::SKUS);
        self.trick.cards[0] = Card::SKUS;
        self.trick.n = 1;
        self.trick.named = Some(n);
        // The renaming right arises when the skus is led in a suit neither other player holds
        // (000 L591-596); never for "tarok" (000 §8.4.2 item 4).
        if self.rules.skus_renaming_right {
            if let Named::Suit(_) = n {
                let others = self.hands[((leader + 1) % 3) as usize]
                    | self.hands[((leader + 2) % 3) as usize];
                if (others & n.cards()).is_empty() {
                    self.trick.dab = Dab::Second;
                }
            }
        }
    }

    fn rename(&mut self, n: Named) {
        let third_renames = self.trick.dab == Dab::Third;
        self.trick.named = Some(n);
        self.trick.dab = Dab::Used;
        if third_renames {
            // If the second hand holds the new suit, he takes back his card and follows it
            // (000 L597-599, L1938-1940; 003 D-JC-6).
            let second = self.trick.seat_of(1);
            let card = self.trick.cards[1];
            let holds = !(self.hands[second as usize] & n.cards()).is_empty();
            if holds && !n.cards().contains(card) {
                self.hands[second as usize].insert(card);
                self.trick.n = 1;
            }
        }
    }

    fn play(&mut self, card: Card) -> Result<(), RuleError> {
        let seat = self.trick.seat_of(self.trick.n as usize);
        if !self.legal_cards().contains(card) {
            return Err(self.why_illegal(self.hands[seat as usize], card));
        }
        self.play_unchecked(card);
        Ok(())
    }

    /// Plays a card already known to be legal.
    #[inline]
    fn play_unchecked(&mut self, card: Card) {
        let seat = self.trick.seat_of(self.trick.n as usize);
        self.hands[seat as usize].remove(card);
        self.trick.cards[self.trick.n as usize] = card;
        self.trick.n += 1;
        match (self.trick.dab, self.trick.n) {
            (Dab::Second, 2) => self.trick.dab = Dab::Third,
            (Dab::Third, 3) => self.trick.dab = Dab::Used,
            _ => {}
        }
        if self.trick.n == 3 {
            self.finish_trick();
        }
    }

    fn why_illegal(&self, hand: CardSet, card: Card) -> RuleError {
        if !hand.contains(card) {
            return RuleError::NotInHand(card);
        }
        if self.trick_no == 23 && self.demanded && hand.contains(Card::SKUS) {
            return RuleError::SkusDemanded;
        }
        if card.is_skus() && self.trick_no == 24 {
            return RuleError::SkusInTrick24;
        }
        if card.is_skus() && self.trick.n == 0 {
            return RuleError::SkusNeedsName;
        }
        let led = self.trick.led().expect("following");
        let led_name = led.danish().to_string();
        if !(hand & led.cards()).is_empty() {
            RuleError::MustFollow {
                card,
                led: led_name,
            }
        } else {
            RuleError::MustTrump {
                card,
                led: led_name,
            }
        }
    }

    /// The winner of the current (full) trick, as an index in play order.
    fn winner_index(&self) -> usize {
        let t = &self.trick;
        let set: CardSet = t.cards.iter().copied().collect();
        let best = if self.rules.skus_may_win_last_trick
            && self.trick_no == 25
            && set.contains(Card::SKUS)
        {
            Card::SKUS
        } else if let Some(c) = set.trumps().highest() {
            c
        } else {
            let led = t.led().expect("full trick");
            let of_led = set & led.cards();
            match of_led.highest() {
                Some(c) => c,
                // A skus lead nobody followed: the first card that is not the skus sets the suit
                // (rules/README.md; 000 AMB-13; 003 D-JC-6).
                None => {
                    let first = t.cards[1];
                    (set & Named::of_card(first).cards())
                        .highest()
                        .expect("the card itself")
                }
            }
        };
        t.cards
            .iter()
            .position(|&c| c == best)
            .expect("card in trick")
    }

    fn finish_trick(&mut self) {
        let wi = self.winner_index();
        self.score_trick(wi);
        self.close_trick(wi);
    }

    /// Card points and the payments made in play for the full trick won by play index `wi`.
    fn score_trick(&mut self, wi: usize) {
        let t = self.trick;
        let winner = t.seat_of(wi);
        let last = self.trick_no == 25;
        for (i, &c) in t.cards.iter().enumerate() {
            // The skus goes home to its holder, unless it fell in the last trick (000 L600-602).
            let to = if c.is_skus() && !last {
                self.skus_owner
            } else {
                winner
            };
            self.points[to as usize] += card_points(c);
            if !last {
                let p = t.seat_of(i);
                if p != winner {
                    if let Some(u) = UltimoCard::of(c) {
                        self.facts.push_in_play(InPlay::Lost(p, u));
                    }
                }
            }
        }
        if t.cards[wi] == Card::PAGAT && (!last || self.rules.pagat_hjem_on_last_trick) {
            self.facts.push_in_play(InPlay::PagatHjem(winner));
        }
    }

    /// Logs the full trick won by play index `wi` and moves on to the next trick or the end.
    #[inline(always)]
    fn close_trick(&mut self, wi: usize) {
        let t = self.trick;
        let winner = t.seat_of(wi);
        let last = self.trick_no == 25;
        self.tricks_won[winner as usize] += 1;
        self.log[self.trick_no as usize - 1] = TrickRecord {
            leader: t.leader,
            cards: t.cards,
            named: t.named,
            winner,
        };
        if last {
            self.end(winner, wi);
            return;
        }
        self.trick_no += 1;
        self.trick = Trick::new(winner);
        if self.trick_no == 23 && !self.played().contains(Card::SKUS) {
            self.phase = Phase::Demand { asked: 0 };
        }
        if self.trick_no == 25
            && self.rules.skus_last_trick == LastTrickSkus::LeadPasses
            && self.hands[winner as usize] == CardSet::single(Card::SKUS)
        {
            // The lead passes to the next player; the holder plays the skus last (000 L588-590).
            self.trick = Trick::new((winner + 1) % 3);
        }
    }

    fn end(&mut self, winner: Seat, wi: usize) {
        let t = self.trick;
        let mut bagud = [None; 3];
        for (i, &c) in t.cards.iter().enumerate() {
            let p = t.seat_of(i);
            if p != winner {
                bagud[p as usize] = UltimoCard::of(c);
            }
        }
        let nolo_count = self.tricks_won.iter().filter(|&&n| n == 0).count();
        let nolo = if nolo_count == 1 {
            self.tricks_won
                .iter()
                .position(|&n| n == 0)
                .map(|s| s as Seat)
        } else {
            None
        };
        let tout = self
            .tricks_won
            .iter()
            .position(|&n| n == 25)
            .map(|s| s as Seat);
        self.facts.end = Some(EndFacts {
            last_trick: winner,
            ultimo_card: UltimoCard::of(t.cards[wi]),
            bagud,
            nolo,
            tout,
            counts: self.counts(),
            ultimo_barred: [false; 3],
        });
        self.phase = Phase::Over { redeal: false };
    }

    /// The itemised settlement of everything paid so far (all of it once the deal is over).
    pub fn settle_into<S: PaymentSink<Reason>>(&self, sink: &mut S) -> [i32; 2] {
        settle(&self.facts, &self.rules, self.options.cups, sink)
    }

    /// The itemised settlement lines.
    pub fn settlement(&self) -> Vec<Line> {
        let mut lines = Vec::new();
        self.settle_into(&mut lines);
        lines
    }

    /// Picks a uniformly random legal action without allocating (the skat excepted, which
    /// lists its discards).
    pub fn random_action(&self, rng: &mut DealRng) -> Action {
        match self.phase {
            Phase::Play => {
                let cards = self.legal_cards();
                let lead_skus = if self.may_lead_skus() { 5 } else { 0 };
                let renames = self.renames().count() as u32;
                let k = rng.below(cards.len() + lead_skus + renames);
                if k < cards.len() {
                    Action::Play(cards.nth(k).expect("in range"))
                } else if k < cards.len() + lead_skus {
                    Action::LeadSkus(Named::ALL[(k - cards.len()) as usize])
                } else {
                    Action::Rename(
                        self.renames()
                            .nth((k - cards.len() - lead_skus) as usize)
                            .expect("in range"),
                    )
                }
            }
            Phase::Skat => {
                let all = self.legal_actions();
                all[rng.below(all.len() as u32) as usize]
            }
            _ => {
                let mut list = ActionList::default();
                self.legal_into(&mut list);
                let s = list.as_slice();
                s[rng.below(s.len() as u32) as usize]
            }
        }
    }

    /// Plays random legal actions to the end: the same choices as [`Deal::random_action`], with
    /// a fast path for the common case where the legal actions are just cards.
    pub fn play_out(&mut self, rng: &mut DealRng) {
        while !self.is_over() {
            if self.plain_trick_next() {
                self.play_plain_tricks(rng);
                continue;
            }
            let plain = self.phase == Phase::Play
                && matches!(self.trick.dab, Dab::None | Dab::Used)
                && self.trick.n != 0;
            if plain {
                let cards = self.legal_cards();
                let card = cards.nth(rng.below(cards.len())).expect("a legal card");
                self.play_unchecked(card);
            } else {
                let a = self.random_action(rng);
                self.apply(a).expect("random actions are legal");
            }
        }
    }

    /// Whether a trick starts that `play_plain_tricks` can play: nobody holds a renaming right
    /// (a skus lead, the only other action, ends that loop).
    fn plain_trick_next(&self) -> bool {
        // The fast loop plays the default skus rules; the two skus switches take the general path.
        self.rules.skus_follow_freely
            && !self.rules.skus_may_win_last_trick
            && self.phase == Phase::Play
            && self.trick.n == 0
            && matches!(self.trick.dab, Dab::None | Dab::Used)
    }

    /// Plays plain tricks (see [`Deal::plain_trick_next`]) while they last. Each player's legal
    /// cards come from the led card's group, and their number from per-hand group counts kept
    /// here, since baseline x86-64 has no popcount instruction. The choices are exactly those of
    /// `random_action`: one `below(number of legal cards)` and `nth` per card.
    fn play_plain_tricks(&mut self, rng: &mut DealRng) {
        // A local copy of the generator, so that its state can stay in registers.
        let mut local = *rng;
        self.play_plain_tricks_with(&mut local);
        *rng = local;
    }

    #[inline]
    fn play_plain_tricks_with(&mut self, rng: &mut DealRng) {
        const SKUS: u64 = 1 << Card::SKUS.index();
        // The hands as 64-bit halves in locals, read and written only as whole words: LLVM
        // otherwise mixes 128-bit vector and 64-bit accesses, and the store-to-load forwarding
        // between them fails. Written back to `self.hands` after each trick.
        let mut lo = self.hands.map(|h| h.bits() as u64);
        let mut hi = self.hands.map(|h| (h.bits() >> 64) as u64);
        // count[seat][group]: the hand's cards of each group (see `GROUP`), [seat][SIZE] in all.
        let mut count = [[0u8; 7]; 3];
        for (c, hand) in count.iter_mut().zip(self.hands) {
            for (g, cards) in GROUP_CARDS.iter().enumerate() {
                c[g] = (hand & *cards).len() as u8;
            }
            c[SIZE] = hand.len() as u8;
        }
        loop {
            let leader = self.trick.leader as usize;
            // Never the skus in trick 24; once demanded, its holder must play it in trick 23.
            let skus_barred = self.trick_no == 24;
            let skus_forced = self.trick_no == 23 && self.demanded;
            let held = lo[leader] & SKUS != 0;
            // His cards, the skus excepted (`legal_cards`); none when it has been demanded.
            let n = if held && skus_forced {
                0
            } else {
                count[leader][SIZE] - held as u8
            };
            let c0 = if held && !skus_barred {
                // He may also lead the skus under one of five names, listed after the cards
                // (`random_action`). That trick is played on by the general path.
                let k = rng.below(n as u32 + 5);
                if k >= n as u32 {
                    for s in 0..3 {
                        self.hands[s] = CardSet::from_bits((hi[s] as u128) << 64 | lo[s] as u128);
                    }
                    self.lead_skus(Named::ALL[(k - n as u32) as usize]);
                    return;
                }
                kth(lo[leader] & !SKUS, hi[leader], k)
            } else {
                pick(lo[leader] & !SKUS, hi[leader], n, rng)
            };
            let g = GROUP[c0.index() as usize] as usize;
            lo[leader] &= !BIT_LO[c0.index() as usize];
            hi[leader] &= !BIT_HI[c0.index() as usize];
            count[leader][g] -= 1;
            count[leader][SIZE] -= 1;
            let (led_lo, led_hi) = (GROUP_LO[g], GROUP_HI[g]);
            let mut cards = [c0; 3];
            for (i, card) in cards.iter_mut().enumerate().skip(1) {
                let seat = (leader + i) % 3;
                let c = &mut count[seat];
                let held = lo[seat] & SKUS != 0;
                // Follow the led group if held, else trump if held, else anything (`follow_set`),
                // chosen with masks: random play makes these branches unpredictable.
                let follow = c[g] > 0;
                let trump = !follow && c[TRUMP] > 0;
                let any = !follow && !trump;
                let (f, t, a) = (all_if(follow), all_if(trump), all_if(any));
                let mut mask_lo = (led_lo & f) | (GROUP_LO[TRUMP] & t) | (!SKUS & a);
                let mut mask_hi = (led_hi & f) | a;
                let mut n =
                    (c[g] & f as u8) | (c[TRUMP] & t as u8) | ((c[SIZE] - held as u8) & a as u8);
                // The skus may always be played instead (not in trick 24).
                let with_skus = held && !skus_barred;
                mask_lo |= SKUS & all_if(with_skus);
                n += with_skus as u8;
                if skus_forced && held {
                    (mask_lo, mask_hi, n) = (SKUS, 0, 1);
                }
                let played = pick(lo[seat] & mask_lo, hi[seat] & mask_hi, n, rng);
                lo[seat] &= !BIT_LO[played.index() as usize];
                hi[seat] &= !BIT_HI[played.index() as usize];
                c[GROUP[played.index() as usize] as usize] -= 1;
                c[SIZE] -= 1;
                *card = played;
            }
            // The hands go back to `self` only where they are read: after tricks 22 and 24
            // (see `close_trick`) and when leaving the loop.
            let write_back = |hands: &mut [CardSet; 3]| {
                for s in 0..3 {
                    hands[s] = CardSet::from_bits((hi[s] as u128) << 64 | lo[s] as u128);
                }
            };
            if matches!(self.trick_no, 22 | 24) {
                write_back(&mut self.hands);
            }
            // The highest trump wins, else the highest card of the led suit (the lead is no
            // skus): the highest rank key among trumps and cards of the led group. Compares and
            // conditional moves rather than branches, which random play mispredicts.
            let key = |c: Card| {
                let k = KEY[c.index() as usize];
                if k >= TRUMP_KEY || GROUP[c.index() as usize] as usize == g {
                    k
                } else {
                    0
                }
            };
            let (k0, k1, k2) = (key(cards[0]), key(cards[1]), key(cards[2]));
            let (best, best_key) = if k1 > k0 { (1, k1) } else { (0, k0) };
            let wi = if k2 > best_key { 2 } else { best };
            self.trick.cards = cards;
            self.trick.n = 3;
            let set = bit(cards[0]) | bit(cards[1]) | bit(cards[2]);
            if (set & SPECIAL).is_empty() {
                // No skus and no ultimo card: all points to the winner and nothing paid in play.
                let winner = (leader + wi) % 3;
                self.points[winner] +=
                    card_points(cards[0]) + card_points(cards[1]) + card_points(cards[2]);
            } else {
                self.score_trick(wi);
            }
            self.close_trick(wi);
            if !self.plain_trick_next() {
                write_back(&mut self.hands);
                return;
            }
        }
    }

    /// Every card is in exactly one place: a hand, the skat, the current trick, or a completed trick.
    pub fn check_invariants(&self) -> bool {
        if self.partial {
            return true;
        }
        let mut seen = CardSet::EMPTY;
        let mut total = 0;
        let mut add = |s: CardSet| {
            total += s.len();
            seen |= s;
        };
        for h in self.hands {
            add(h);
        }
        add(self.skat);
        let in_trick: CardSet = self.trick.cards[..self.trick.n as usize]
            .iter()
            .copied()
            .collect();
        add(in_trick);
        let done: CardSet = self
            .completed_tricks()
            .iter()
            .flat_map(|t| t.cards)
            .collect();
        add(done);
        let trick_cards = if self.facts.end.is_some() {
            CardSet::EMPTY
        } else {
            in_trick
        };
        let played_ok = self.played() == (done | trick_cards);
        if self.facts.end.is_some() {
            // The last trick is both "current" and logged once the deal is over.
            total -= in_trick.len();
        }
        seen == CardSet::PACK78 && total == 78 && played_ok
    }
}

/// The cards that make scoring a trick more than adding points: the skus goes home, and the
/// pagat and the kings are paid for when lost or winning (see `Deal::score_trick`).
const SPECIAL: CardSet = CardSet::KINGS.with(Card::SKUS).with(Card::PAGAT);

/// Card groups for following: 0 the numbered trumps, 1-4 the suits, 5 the skus.
const TRUMP: usize = 0;
const GROUP_CARDS: [CardSet; 6] = [
    CardSet::TRUMPS,
    CardSet::suit(Suit::ALL[0]),
    CardSet::suit(Suit::ALL[1]),
    CardSet::suit(Suit::ALL[2]),
    CardSet::suit(Suit::ALL[3]),
    CardSet::single(Card::SKUS),
];
/// Index of the hand size next to the group counts in `Deal::play_plain_tricks`.
const SIZE: usize = 6;

/// The group of each card, by id.
const GROUP: [u8; 78] = {
    let mut t = [0; 78];
    let mut i = 0;
    while i < 78 {
        let mut g = 0;
        while !GROUP_CARDS[g].contains(Card::from_index(i as u8)) {
            g += 1;
        }
        t[i] = g as u8;
        i += 1;
    }
    t
};

/// Each card as a set, by id: a load instead of a 128-bit shift by a variable, which baseline
/// x86-64 does in several instructions.
const BITS: [CardSet; 78] = {
    let mut t = [CardSet::EMPTY; 78];
    let mut i = 0;
    while i < 78 {
        t[i] = CardSet::single(Card::from_index(i as u8));
        i += 1;
    }
    t
};

#[inline]
fn bit(card: Card) -> CardSet {
    BITS[card.index() as usize]
}

/// `BITS` and `GROUP_CARDS` as 64-bit halves, for `Deal::play_plain_tricks`.
const BIT_LO: [u64; 78] = {
    let mut t = [0; 78];
    let mut i = 0;
    while i < 78 {
        t[i] = BITS[i].bits() as u64;
        i += 1;
    }
    t
};
const BIT_HI: [u64; 78] = {
    let mut t = [0; 78];
    let mut i = 0;
    while i < 78 {
        t[i] = (BITS[i].bits() >> 64) as u64;
        i += 1;
    }
    t
};
const GROUP_LO: [u64; 6] = {
    let mut t = [0; 6];
    let mut i = 0;
    while i < 6 {
        t[i] = GROUP_CARDS[i].bits() as u64;
        i += 1;
    }
    t
};
const GROUP_HI: [u64; 6] = {
    let mut t = [0; 6];
    let mut i = 0;
    while i < 6 {
        t[i] = (GROUP_CARDS[i].bits() >> 64) as u64;
        i += 1;
    }
    t
};

/// Rank keys for the winner of a trick: trumps `TRUMP_KEY` + number, suit cards 32 + their
/// order in the suit (ids rank the cards within a group), the skus 0.
const TRUMP_KEY: u8 = 64;
const KEY: [u8; 78] = {
    let mut t = [0; 78];
    let mut i = 0;
    while i < 78 {
        let c = Card::from_index(i as u8);
        t[i] = if c.is_trump() {
            TRUMP_KEY + i as u8
        } else if c.is_skus() {
            0
        } else {
            32 + c.order()
        };
        i += 1;
    }
    t
};

/// All ones if `b`, else zero.
#[inline]
fn all_if(b: bool) -> u64 {
    0u64.wrapping_sub(b as u64)
}

/// The `k`-th card of the set `lo | hi << 64` for a random `k` below `n`, its number of cards.
#[inline]
fn pick(lo: u64, hi: u64, n: u8, rng: &mut DealRng) -> Card {
    debug_assert_eq!((lo.count_ones() + hi.count_ones()), n as u32);
    kth(lo, hi, rng.below(n as u32))
}

/// The `k`-th card of the set `lo | hi << 64`.
#[inline]
fn kth(lo: u64, hi: u64, k: u32) -> Card {
    CardSet::from_bits((hi as u128) << 64 | lo as u128)
        .nth(k)
        .expect("a legal card")
}

/// Legal cards for a follower (000 §8.2, L648-649): the led suit if held, else numbered
/// trumps if held, else anything. The skus may be played in place of any card (000 L577,
/// L1785-1786; AMB-12); a void hand whose only "trump" is the skus need not play it (L649).
pub fn follow_set(hand: CardSet, led: Named) -> CardSet {
    let skus = hand & CardSet::single(Card::SKUS);
    let same = hand & led.cards();
    if !same.is_empty() {
        return same | skus;
    }
    let trumps = hand.trumps();
    if !trumps.is_empty() {
        return trumps | skus;
    }
    hand
}

#[cfg(test)]
mod playout_tests {
    use super::*;
    use crate::ruleset::Preset;
    use tarok_core::Balances;

    /// The presets and variants that switch on the rarer skus and last-trick rules.
    fn rulesets() -> Vec<Ruleset> {
        let mut all = Vec::new();
        for p in Preset::ALL {
            let r = p.ruleset();
            all.push(r);
            let mut v = r;
            v.skus_last_trick = match r.skus_last_trick {
                LastTrickSkus::Christen => LastTrickSkus::LeadPasses,
                LastTrickSkus::LeadPasses => LastTrickSkus::Christen,
            };
            v.skus_renaming_right = !r.skus_renaming_right;
            v.skus_rename_may_name_trump = !r.skus_rename_may_name_trump;
            v.pagat_hjem_on_last_trick = !r.pagat_hjem_on_last_trick;
            v.skat_allow_skus = !r.skat_allow_skus;
            all.push(v);
        }
        all
    }

    /// Deals from the given seed, plays random actions up to the first lead and then `extra`
    /// more (so that play-outs also start mid-trick, in the demand round or at a renaming).
    fn start(rules: Ruleset, seed: u64, extra: u32, rng: &mut DealRng) -> Deal {
        let mut d = Deal::from_seed(rules, seed);
        while !d.is_over() && d.phase() != Phase::Play {
            let a = d.random_action(rng);
            d.apply(a).unwrap();
        }
        for _ in 0..extra {
            if d.is_over() {
                break;
            }
            let a = d.random_action(rng);
            d.apply(a).unwrap();
        }
        d
    }

    /// FNV-1a.
    fn fnv(h: &mut u64, text: &str) {
        for b in text.bytes() {
            *h = (*h ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }

    #[test]
    fn play_out_makes_the_same_choices_as_random_action() {
        for rules in rulesets() {
            for seed in 0..400u64 {
                let mut rng = DealRng::seed(seed);
                let d = start(rules, seed, (seed % 70) as u32, &mut rng);
                let (mut fast, mut fast_rng) = (d, rng);
                fast.play_out(&mut fast_rng);
                let (mut slow, mut slow_rng) = (d, rng);
                while !slow.is_over() {
                    let a = slow.random_action(&mut slow_rng);
                    slow.apply(a).unwrap();
                }
                assert_eq!(fast, slow, "seed {seed}");
                assert_eq!(fast_rng, slow_rng, "seed {seed}");
            }
        }
    }

    /// Pinned on the engine of commit 7e3eb9b: any change of behaviour (choices,
    /// facts, log, settlement) changes the digest.
    #[test]
    fn play_outs_are_pinned() {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for rules in rulesets() {
            for seed in 0..300u64 {
                let mut rng = DealRng::seed(seed);
                let mut d = start(rules, seed, (seed % 7) as u32 * 11, &mut rng);
                d.play_out(&mut rng);
                let mut b = Balances::default();
                let cups = d.settle_into(&mut b);
                let text = format!(
                    "{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}",
                    d.completed_tricks(),
                    d.trick(),
                    d.tricks_won(),
                    d.counts(),
                    d.facts(),
                    d.phase(),
                    d.position_setup(),
                    d.played(),
                    b,
                    cups,
                    rng
                );
                fnv(&mut h, &text);
            }
        }
        assert_eq!(h, PINNED);
    }

    const PINNED: u64 = 2_797_872_567_551_615_625;
}
