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
use crate::ruleset::{DemandWindow, LastTrickSkus, Ruleset};
use crate::settle::{settle, DealFacts, EndFacts, InPlay, Line, Reason, UltimoCard, DEALER};
use crate::skat::{self, SkatAnnouncement};
use tarok_core::{Below, Card, CardSet, PaymentSink, Seat};

mod playout;

/// The phase of the deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Each player in turn, forhånd first, keeps his hand or, holding no numbered trump, demands
    /// a redeal, which ends the deal. Every seat is asked, a hand with trumps having only
    /// `Keep`, so that the question does not show who may redeal: he may keep silently (000
    /// L426-428 "kan … forlange"), as the skus demand round asks all three to hide the holder
    /// (docs/rules/danish.md §5).
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
        // `(leader + i) % 3` without a division: both are below 3.
        let s = self.leader + i as u8;
        if s >= 3 {
            s - 3
        } else {
            s
        }
    }

    pub fn played(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        (0..self.n as usize).map(|i| (self.seat_of(i), self.cards[i]))
    }
}

/// A completed trick, for records and views.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TrickRecord {
    pub leader: Seat,
    pub cards: [Card; 3],
    pub named: Option<Named>,
    pub winner: Seat,
}

/// How a deal starts, besides the cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
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

/// Fixed-capacity list of actions, for allocation-free move generation (the skat discards,
/// up to 3,276, are listed apart).
pub type ActionList = tarok_core::ArrayList<Action, 40>;

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
    /// In the redeal round, the seat asked now.
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
        Deal {
            rules,
            options,
            dealt: hands,
            hands,
            skat: CardSet::EMPTY,
            announced: SkatAnnouncement::default(),
            // Without the redeal switch there is no question.
            phase: if rules.redeal_on_no_trump {
                Phase::Redeal
            } else {
                Phase::Skat
            },
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
        }
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

    /// Whether the seat asked in the redeal round may demand a redeal: its hand (the dealer's
    /// 28 cards) holds no numbered trump, the skus not counting (000 L426-428, L581-583).
    fn may_redeal(&self) -> bool {
        self.hands[self.redeal_next as usize].trumps().is_empty()
    }

    /// The action the seat to act takes without a choice: `Keep`, in the redeal round, from a
    /// hand with numbered trumps. Whoever drives a deal applies it without asking a player or a
    /// bot, and [`Deal::random_action`] draws no number for it, so that seeded games are the
    /// same as when only the trumpless hands were asked. (The holder of the skus, who can only
    /// pass in the demand round, has always been asked, and still is.)
    pub fn forced_action(&self) -> Option<Action> {
        (self.phase == Phase::Redeal && !self.may_redeal()).then_some(Action::Keep)
    }

    /// Takes every forced action until a player has a choice or the deal is over: the start of
    /// a deal as its players first see it, for a driver that keeps no record.
    pub fn apply_forced(&mut self) {
        while let Some(forced) = self.forced_action() {
            self.apply(forced).expect("a forced action is legal");
        }
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
                if self.may_redeal() {
                    out.push(Action::Redeal);
                }
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

    fn wrong_moment(action: Action, (expected, rule): (&'static str, &'static str)) -> RuleError {
        RuleError::WrongMoment {
            action: action.to_string(),
            expected,
            rule,
        }
    }

    /// Applies the current player's action. A rejected action leaves the deal unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        // What the deal waits for, and where the seeds say so.
        let expected = match self.phase {
            Phase::Redeal => (
                "each player keeps his hand or, holding no numbered trump, demands a redeal",
                "Møller 000 L426-428; DTF 2011 §4",
            ),
            Phase::Skat => (
                "the dealer lays the skat",
                "Møller 000 L416-418; DTF 2011 §5",
            ),
            Phase::Demand { .. } => (
                "each player may demand the skus or pass",
                "Møller 000 L1848-1851; DTF 2011 §8.2",
            ),
            Phase::Play => ("card play", "Møller 000 L643-648; DTF 2011 §7"),
            Phase::Over { .. } => ("the deal is over", "25 tricks: DTF 2011 §7"),
        };
        match (self.phase, action) {
            (Phase::Redeal, Action::Redeal) => {
                if !self.may_redeal() {
                    return Err(RuleError::TrumpHolderCannotRedeal);
                }
                self.phase = Phase::Over { redeal: true };
                Ok(())
            }
            (Phase::Redeal, Action::Keep) => {
                self.redeal_next += 1;
                if self.redeal_next == 3 {
                    self.phase = Phase::Skat;
                }
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
                    return Err(Self::wrong_moment(
                        action,
                        (
                            "only the leader names the skus",
                            "Møller 000 L590-591; DTF 2011 §8.3",
                        ),
                    ));
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
                    // With a right, name the rule the rename breaks; without one, the
                    // missing right is the rule broken.
                    let has_right = self.renames().next().is_some();
                    return Err(if has_right && self.trick.named == Some(n) {
                        RuleError::RenameToSameName(n)
                    } else if has_right && n == Named::Trump {
                        RuleError::RenameToTrump
                    } else {
                        RuleError::NoRenamingRight
                    });
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
            // If the second hand still holds the new suit, he takes back his card and plays
            // again to it (000 L597-599, L1938-1940; 003 D-JC-6). So too when the card he
            // played is of that suit: the 2016 text names exactly that case, "en farve som
            // andenhånden har lagt til ... skal andenhånden tage det tilspillede kort op"
            // (001 L1389-1391, L468), and no text makes an exception. He may play the same
            // card again (it is of the named suit).
            let second = self.trick.seat_of(1);
            let card = self.trick.cards[1];
            let holds = !(self.hands[second as usize] & n.cards()).is_empty();
            if holds {
                self.hands[second as usize].insert(card);
                self.trick.n = 1;
                // The slot is emptied as in a new trick, so that the same position is the same
                // state however it was reached (a position string does not carry the card).
                self.trick.cards[1] = Card::SKUS;
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

    /// Plays a card that [`Deal::legal_cards`] lists, without checking it again: for a solver
    /// that plays from its own move list. Debug builds still check.
    #[inline]
    pub fn play_legal(&mut self, card: Card) {
        debug_assert!(self.legal_cards().contains(card), "{card} is not legal");
        self.play_unchecked(card);
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
        } else if self.demand_round_due() {
            self.phase = Phase::Demand { asked: 0 };
        }
    }

    /// Whether the skus demand round is held now: in trick 23, while the skus is in a hand (not
    /// played, not laid in the skat: docs/rules/danish.md §9) and not demanded, before the lead or,
    /// under `DemandWindow::UntilHolderPlays`, before the holder's turn (000 L1850, AMB-16).
    fn demand_round_due(&self) -> bool {
        let in_hand = (self.hands[0] | self.hands[1] | self.hands[2]).contains(Card::SKUS);
        if self.trick_no != 23 || self.demanded || !in_hand {
            return false;
        }
        match self.rules.skus_demand_window {
            DemandWindow::BeforeLead => self.trick.n == 0,
            DemandWindow::UntilHolderPlays => {
                let next = self.trick.seat_of(self.trick.n as usize);
                self.hands[next as usize].contains(Card::SKUS)
            }
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
                // (000 AMB-13; 003 D-JC-6; docs/rules/danish.md §9).
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
        self.score_trick(self.trick, wi);
        self.close_trick(self.trick, wi);
    }

    /// Card points and the payments made in play for the full trick `t` (the current one), won
    /// by play index `wi`.
    fn score_trick(&mut self, t: Trick, wi: usize) {
        let total = t.cards.iter().map(|&c| card_points(c)).sum();
        self.count_points(t.seat_of(wi), total, t.cards.contains(&Card::SKUS));
        self.pay_in_play(t, wi);
    }

    /// The card points of a full trick, `total` in all: all to the winner, but the skus goes
    /// home to its holder unless it fell in the last trick (000 L600-602).
    #[inline(always)]
    fn count_points(&mut self, winner: Seat, total: u8, with_skus: bool) {
        let mut total = total;
        if with_skus && self.trick_no != 25 {
            self.points[self.skus_owner as usize] += card_points(Card::SKUS);
            total -= card_points(Card::SKUS);
        }
        self.points[winner as usize] += total;
    }

    /// The payments made in play for the full trick `t` won by play index `wi`: the pagat or a
    /// king lost before the last trick (in it too under `lost_card_fee_on_last_trick`), and
    /// pagat hjem (000 §9).
    fn pay_in_play(&mut self, t: Trick, wi: usize) {
        let winner = t.seat_of(wi);
        let last = self.trick_no == 25;
        if !last || self.rules.lost_card_fee_on_last_trick {
            for (i, &c) in t.cards.iter().enumerate() {
                let p = t.seat_of(i);
                if let (true, Some(u)) = (p != winner, UltimoCard::of(c)) {
                    self.facts.push_in_play(InPlay::Lost(p, u));
                }
            }
        }
        if t.cards[wi] == Card::PAGAT && (!last || self.rules.pagat_hjem_on_last_trick) {
            self.facts.push_in_play(InPlay::PagatHjem(winner));
        }
    }

    /// Logs the full trick `t` (the current one) won by play index `wi` and moves on to the next
    /// trick or the end. The trick comes as a value so that the trick loop passes its registers
    /// rather than reloading cards it has just stored byte by byte.
    #[inline(always)]
    fn close_trick(&mut self, t: Trick, wi: usize) {
        let winner = t.seat_of(wi);
        self.log_trick(t, wi, winner);
        if !self.is_over() {
            self.start_trick(winner);
        }
    }

    /// Counts and logs the full trick `t` won by `winner`, play index `wi`, then moves the trick
    /// number on, or ends the deal after trick 25.
    #[inline(always)]
    fn log_trick(&mut self, t: Trick, wi: usize, winner: Seat) {
        self.tricks_won[winner as usize] += 1;
        self.log[self.trick_no as usize - 1] = TrickRecord {
            leader: t.leader,
            cards: t.cards,
            named: t.named,
            winner,
        };
        if self.trick_no == 25 {
            self.end(t, winner, wi);
        } else {
            self.trick_no += 1;
        }
    }

    /// Starts the next trick, led by the last one's `winner`, with what trick 23 and 25 bring:
    /// the skus demand round, and the lead passing from a holder of the skus alone.
    #[inline(always)]
    fn start_trick(&mut self, winner: Seat) {
        self.trick = Trick::new(winner);
        if self.trick_no < 23 {
            return;
        }
        if self.demand_round_due() {
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

    /// Ends the deal after the last trick `t`, which stays the current trick.
    fn end(&mut self, t: Trick, winner: Seat, wi: usize) {
        self.trick = t;
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
    /// lists its discards). The draws are those of [`tarok_core::Game::random_action`]; in the
    /// card play the list is walked without being built (cards, then skus leads, then renames).
    pub fn random_action(&self, rng: &mut impl Below) -> Action {
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
                // The same draw as picking from the whole list, without listing it where the
                // legal discards are every triple of one set.
                let hand = self.hands[DEALER as usize];
                match skat::discard_pool(hand, &self.rules) {
                    Some(pool) => {
                        let k = rng.below(skat::triple_count(pool.len()));
                        Action::Discard(skat::nth_triple(pool, k))
                    }
                    None => rng.pick(&self.legal_actions()).expect("a discard"),
                }
            }
            _ => {
                if let Some(forced) = self.forced_action() {
                    return forced;
                }
                let mut list = ActionList::default();
                self.legal_into(&mut list);
                rng.pick(list.as_slice()).expect("a legal action")
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
mod tests {
    use super::*;
    use crate::Preset;

    /// The invariant check itself must fail on a broken deal, or the property tests that call
    /// it prove nothing.
    #[test]
    fn the_invariant_check_catches_a_card_in_two_hands() {
        let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), 7);
        assert!(d.check_invariants());
        let card = d.hands[0].iter().next().unwrap();
        d.hands[1] |= CardSet::single(card);
        assert!(!d.check_invariants());
    }
}
