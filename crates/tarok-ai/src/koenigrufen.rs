//! Königrufen for the bots: the match table and the level-1 player.
//!
//! Level 1 follows the tactics of the game sheets (Spieleversum chapter 22,
//! `docs/rules/koenigrufen.md` §19): bid by hand strength (tarocks, high tarocks,
//! kings), call a king in a short suit, take the talon half with more tarocks and points, lay
//! short suits away, announce the Trull when held and give Kontra when strong; in play, win
//! cheaply or give points to a winning partner in positive games, keep an announced bird for
//! its trick, and duck with the highest safe card in negative games and Trischaken, except that
//! a Piccolo's or Zwiccolo's declarer takes the tricks he needs while a card surely wins, and a
//! defender against an open negative game leads what the declarer must take.

use crate::bot::{Bot, Decision};
use std::fmt;
use tarok_core::{Card, CardSet, Suit};
use tarok_koenigrufen::announce::Premium;
use tarok_koenigrufen::bidding::Call;
use tarok_koenigrufen::cards::{follow_mask, is_tarock, TAROCK as TAROCKS};
use tarok_koenigrufen::contract::{Contract, PlayMode};
use tarok_koenigrufen::kontra::Item;
use tarok_koenigrufen::play::{trick_winner, Kaiser, PlayState};
use tarok_koenigrufen::Switches;
use tarok_koenigrufen::{Action, Phase, View};

/// Card value in Königrufen counting: kings and the Trull 5, queens 4, knights 3, jacks 2,
/// others 1 (Spieleversum §2.2).
fn value(c: Card) -> i32 {
    if c.is_king() || c == Card::SKUS || c == Card::T21 || c == Card::PAGAT {
        5
    } else {
        match c.order() {
            12 if c.suit().is_some() => 4,
            11 if c.suit().is_some() => 3,
            10 if c.suit().is_some() => 2,
            _ => 1,
        }
    }
}

/// Rank of a tarock as the play ranks them (by id: the Pagat 1 up to the Sküs 22), 0 for a
/// suit card: the bot's order for choosing among its tarocks.
fn tarock_rank(c: Card) -> u8 {
    if is_tarock(c) {
        c.index() + 1
    } else {
        0
    }
}

/// The position in `cards` (a trick so far, led first) of the card winning it under the
/// contract: the engine's own rule, so that the bot never misjudges a trick. The Kaiserstich
/// rule of colour games is the default switch's (a Trull card led), as the view carries no
/// switches.
fn winner(cards: &[Card], contract: Contract) -> Option<usize> {
    let kaiser = Kaiser::for_contract(contract, &Switches::default());
    trick_winner(cards, contract.play_mode(), kaiser)
}

/// Whether `c`, played now, would win the trick so far.
fn beats(c: Card, cards: &[Card], contract: Contract) -> bool {
    let mut with = cards.to_vec();
    with.push(c);
    winner(&with, contract) == Some(cards.len())
}

/// The cards of `cards` that would win the trick so far: all of them when it is empty.
fn takers(cards: CardSet, trick: &[Card], contract: Contract) -> CardSet {
    cards
        .iter()
        .filter(|&c| trick.is_empty() || beats(c, trick, contract))
        .collect()
}

/// The bot's order of cards by strength in the play: tarocks by rank above suit cards, and
/// within each, by card order.
fn by_rank(c: Card) -> (u8, u8) {
    (tarock_rank(c), c.order())
}

/// Level 1 for Königrufen.
pub struct KoenigrufenL1;

/// A hand's strength for bidding: its tarocks, the high ones (XVII and up, Sküs included),
/// and its kings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Strength {
    pub tarocks: u32,
    pub high: u32,
    pub kings: u32,
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Strength {
            tarocks,
            high,
            kings,
        } = self;
        let s = |n: u32| if n == 1 { "" } else { "s" };
        write!(
            f,
            "{tarocks} tarock{}, {high} high, {kings} king{}",
            s(*tarocks),
            s(*kings)
        )
    }
}

/// Why level 1 chose an action: English by `Display`, as `Decision::reason`; a screen in
/// another language translates each kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// A phase in which level 1 has no tactic.
    OnlyChoice,
    BidDreier(Strength),
    MeinVorhand(Strength),
    Rufer(Strength),
    Trischaken(Strength),
    Pass(Strength),
    OnlyCallLeft,
    CallKing(Card),
    OnlyKingCall,
    TakeHalf,
    KeepPlaying,
    Lay(Card),
    OnlyDiscard,
    Trull,
    Kontra(Strength),
    Gut,
    PlaysOn,
    Duck(Card),
    Safest(Card),
    /// A defender's lead that makes the declarer of a negative game take the trick.
    Force(Card),
    /// The declarer of a Piccolo or Zwiccolo takes a trick he still needs.
    TakesHisTrick(Card),
    DrawTarocks(Card),
    CheapLead(Card),
    GiveToSide(Card),
    Take(Card),
    CannotWinCheaply(Card),
    /// The one legal card: no choice to explain.
    OnlyCard,
    /// The trick of a bird this seat announced: the bird is played in it.
    PlaysBird(Card),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Why::*;
        match self {
            OnlyChoice => write!(f, "the only sensible choice here"),
            BidDreier(s) => write!(f, "bids Dreier: {s} carry a game alone"),
            MeinVorhand(s) => write!(f, "mein Vorhand: keeps the right to play a Rufer ({s})"),
            Rufer(s) => write!(f, "plays a Rufer: {s}, a partner will help"),
            Trischaken(s) => write!(f, "Trischaken: {s} is too weak for a positive game"),
            Pass(s) => write!(f, "passes: {s} is no game of its own"),
            OnlyCallLeft => write!(f, "the only call left"),
            CallKing(k) => write!(
                f,
                "calls {k}: my shortest suit, so the partner's king covers it"
            ),
            OnlyKingCall => write!(f, "the only call"),
            TakeHalf => write!(f, "takes the half with more tarocks and points"),
            KeepPlaying => write!(f, "keeps playing"),
            Lay(c) => write!(f, "lays {c}: empties a short suit, its points count for me"),
            OnlyDiscard => write!(f, "the only discard"),
            Trull => write!(f, "announces the Trull: I hold Sküs, Mond and Pagat"),
            Kontra(s) => write!(
                f,
                "Kontra on the game: {} tarocks, {} high ones against the declarer",
                s.tarocks, s.high
            ),
            Gut => write!(f, "gut: nothing worth announcing"),
            PlaysOn => write!(f, "plays on"),
            Duck(c) => write!(
                f,
                "ducks with {c}: the highest card that does not take the trick"
            ),
            Safest(c) => write!(f, "plays {c}: the safest card here"),
            Force(c) => write!(f, "leads {c}: the declarer must take this trick"),
            TakesHisTrick(c) => write!(f, "takes a trick I still need with {c}"),
            DrawTarocks(c) => write!(f, "leads {c} to draw the opponents' tarocks"),
            CheapLead(c) => write!(f, "leads {c}, a cheap card"),
            GiveToSide(c) => write!(f, "my side wins this trick: gives it {c}"),
            Take(c) => write!(f, "takes the trick with {c}"),
            CannotWinCheaply(c) => write!(f, "cannot win it cheaply: gives {c}"),
            OnlyCard => write!(f, "the only legal card"),
            PlaysBird(c) => write!(f, "plays {c} in the trick its announcement names"),
        }
    }
}

fn assess(hand: CardSet) -> Strength {
    let t = hand & TAROCKS;
    Strength {
        tarocks: t.len(),
        high: t.iter().filter(|&c| tarock_rank(c) >= 17).count() as u32,
        kings: (hand & CardSet::KINGS).len(),
    }
}

impl Bot<View, Action> for KoenigrufenL1 {
    fn decide(&mut self, v: &View, legal: &[Action]) -> Decision<Action> {
        let (action, why) = advise(v, legal);
        Decision {
            action,
            reason: why.to_string(),
        }
    }
}

/// Level 1's choice and why, for a screen that says the reason in its own language.
pub fn advise(v: &View, legal: &[Action]) -> (Action, Why) {
    crate::bot::assert_choice(legal, "the Königrufen level-1 bot");
    let h = assess(v.hand);
    match v.phase {
        Phase::Bidding => bid(v, legal, h),
        Phase::KingCall => call_king(v, legal),
        Phase::Talon => take_half(v, legal),
        Phase::Discard => discard(v, legal),
        Phase::Announcements => announce(v, legal, h),
        Phase::Play => match legal {
            &[Action::Play(c)] => (Action::Play(c), Why::OnlyCard),
            _ => play(v, legal),
        },
        _ => (legal[0], Why::OnlyChoice),
    }
}

fn bid(v: &View, legal: &[Action], h: Strength) -> (Action, Why) {
    let can = |c: Call| legal.contains(&Action::Call(c));
    if h.tarocks >= 10 && h.high >= 3 && can(Call::Bid(Contract::Dreier)) {
        return (Action::Call(Call::Bid(Contract::Dreier)), Why::BidDreier(h));
    }
    if can(Call::MeinVorhand) {
        return (Action::Call(Call::MeinVorhand), Why::MeinVorhand(h));
    }
    // The Vorhand's final choice: a king call with any tarock strength, else Trischaken.
    if v.seat == v.vorhand {
        if (h.tarocks >= 5 || h.high >= 2) && can(Call::Bid(Contract::Rufer)) {
            return (Action::Call(Call::Bid(Contract::Rufer)), Why::Rufer(h));
        }
        if can(Call::Bid(Contract::Trischaken)) {
            return (
                Action::Call(Call::Bid(Contract::Trischaken)),
                Why::Trischaken(h),
            );
        }
    }
    if can(Call::Pass) {
        return (Action::Call(Call::Pass), Why::Pass(h));
    }
    (legal[0], Why::OnlyCallLeft)
}

fn call_king(v: &View, legal: &[Action]) -> (Action, Why) {
    // Call the king of the suit I am shortest in, and not my own: the partner covers it.
    let pick = legal
        .iter()
        .filter_map(|a| match a {
            Action::CallKing(k) => Some((*a, *k)),
            _ => None,
        })
        .min_by_key(|&(_, k)| {
            (
                v.hand.contains(k),
                v.hand.of_suit(k.suit().unwrap_or(Suit::Spar)).len(),
            )
        });
    match pick {
        Some((a, k)) => (a, Why::CallKing(k)),
        None => (legal[0], Why::OnlyKingCall),
    }
}

fn take_half(v: &View, legal: &[Action]) -> (Action, Why) {
    let score =
        |half: CardSet| 3 * (half & TAROCKS).len() as i32 + half.iter().map(value).sum::<i32>();
    let best = legal
        .iter()
        .filter(|a| matches!(a, Action::TakeHalf(_)))
        .max_by_key(|a| match (a, v.talon) {
            (Action::TakeHalf(i), Some(t)) => score(t[*i as usize]),
            _ => 0,
        });
    match best {
        Some(&a) => (a, Why::TakeHalf),
        None => (
            *legal
                .iter()
                .find(|a| !matches!(a, Action::Schleifen))
                .unwrap_or(&legal[0]),
            Why::KeepPlaying,
        ),
    }
}

fn discard(v: &View, legal: &[Action]) -> (Action, Why) {
    // Lay away the short suits (to trump them later), the highest value first: discards count
    // for the declarer.
    let pick = legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard(c) => Some((*a, *c)),
            _ => None,
        })
        .min_by_key(|&(_, c)| {
            (
                is_tarock(c),
                c.suit().map_or(99, |s| v.hand.of_suit(s).len()),
                -value(c),
            )
        });
    match pick {
        Some((a, c)) => (a, Why::Lay(c)),
        None => (legal[0], Why::OnlyDiscard),
    }
}

fn announce(v: &View, legal: &[Action], h: Strength) -> (Action, Why) {
    let trull = [Card::SKUS, Card::T21, Card::PAGAT]
        .iter()
        .all(|&c| v.hand.contains(c));
    if trull && legal.contains(&Action::Announce(Premium::Trull)) {
        return (Action::Announce(Premium::Trull), Why::Trull);
    }
    let declarer_side =
        v.declarers.contains(&v.seat) || v.called_king.is_some_and(|k| v.hand.contains(k));
    if !declarer_side && h.tarocks >= 9 && h.high >= 3 {
        if let Some(&a) = legal
            .iter()
            .find(|a| matches!(a, Action::Kontra(Item::Game(_))))
        {
            return (a, Why::Kontra(h));
        }
    }
    let gut = legal
        .iter()
        .find(|a| matches!(a, Action::Gut))
        .copied()
        .unwrap_or(legal[0]);
    (gut, Why::Gut)
}

fn play(v: &View, legal: &[Action]) -> (Action, Why) {
    let cards: CardSet = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(*c),
            _ => None,
        })
        .collect();
    let Some(contract) = v.contract else {
        return (legal[0], Why::PlaysOn);
    };
    let mode = contract.play_mode();
    // A bird this seat announced is kept for its trick and played in it (§9.1, L228-L238).
    let trick_no = v.tricks.iter().filter(|t| t.winner.is_some()).count() + 1;
    let mut cards = cards;
    for (bird, premium, trick) in BIRDS {
        if !cards.contains(bird) || !v.announcements.contains(&(v.seat, premium)) {
            continue;
        }
        if trick_no == trick {
            return (Action::Play(bird), Why::PlaysBird(bird));
        }
        if cards.len() > 1 {
            cards = cards.without(bird);
        }
    }
    let current: Vec<Card> = match v.tricks.last() {
        Some(t) if t.winner.is_none() => t.cards.clone(),
        _ => Vec::new(),
    };
    let cheapest = |set: CardSet| {
        set.iter()
            .min_by_key(|&c| (value(c), is_tarock(c), tarock_rank(c), c.order()))
            .expect("a card")
    };
    let dearest = |set: CardSet| {
        set.iter()
            .max_by_key(|&c| (value(c), tarock_rank(c), c.order()))
            .expect("a card")
    };
    let winners = takers(cards, &current, contract);
    let last = current.len() == 3;
    if current.is_empty() && mode == PlayMode::Negative && !v.declarers.contains(&v.seat) {
        if let Some(c) = forcing_lead(v, cards, contract) {
            return (Action::Play(c), Why::Force(c));
        }
    }
    // A Piccolo's or Zwiccolo's declarer short of his tricks takes one while he surely can:
    // ducking every trick leaves him, late in the deal, with nothing left to take one with.
    let short = contract
        .trick_target()
        .is_some_and(|t| v.declarers.contains(&v.seat) && v.tricks_won[v.seat as usize] < t);
    if short {
        let take = if current.is_empty() {
            sure_winners(v, cards, contract).iter().next()
        } else if winners == cards {
            cards.iter().max_by_key(|&c| by_rank(c))
        } else {
            None
        };
        if let Some(c) = take {
            return (Action::Play(c), Why::TakesHisTrick(c));
        }
    }
    if mode == PlayMode::Negative || contract == Contract::Trischaken {
        // Avoid tricks: the highest card that does not win, else the lowest winner.
        let losers = cards - winners;
        if !current.is_empty() && !losers.is_empty() {
            let c = losers.iter().max_by_key(|&c| by_rank(c)).expect("a card");
            return (Action::Play(c), Why::Duck(c));
        }
        let c = if last {
            dearest(cards)
        } else {
            cards.iter().min_by_key(|&c| by_rank(c)).expect("a card")
        };
        return (Action::Play(c), Why::Safest(c));
    }
    // Positive games. Who is with me: the declarers, and the called king's holder once known.
    let me = v.seat;
    let my_side_declarer =
        v.declarers.contains(&me) || v.called_king.is_some_and(|k| v.hand.contains(k));
    if current.is_empty() {
        let tarocks = cards & TAROCKS;
        if my_side_declarer && tarocks.len() >= 4 {
            let c = tarocks
                .iter()
                .max_by_key(|&c| tarock_rank(c))
                .expect("a tarock");
            return (Action::Play(c), Why::DrawTarocks(c));
        }
        let side = cards - TAROCKS - CardSet::KINGS;
        let c = if side.is_empty() {
            cheapest(cards)
        } else {
            cheapest(side)
        };
        return (Action::Play(c), Why::CheapLead(c));
    }
    let trick = v.tricks.last().expect("a trick in progress");
    let winner_pos = winner(&current, contract).expect("a winner");
    let winner_seat = (trick.leader + winner_pos as u8) % 4;
    let partner_wins = winner_seat != me && my_side_declarer == is_declarer_side(v, winner_seat);
    if partner_wins && last {
        let losers = cards - winners;
        let c = if losers.is_empty() {
            cheapest(cards)
        } else {
            dearest(losers)
        };
        return (Action::Play(c), Why::GiveToSide(c));
    }
    if !winners.is_empty() && !partner_wins {
        let c = winners
            .iter()
            .min_by_key(|&c| (is_tarock(c), tarock_rank(c), c.order()))
            .expect("a winner");
        if last || value(c) <= 2 || tarock_rank(c) >= 20 {
            return (Action::Play(c), Why::Take(c));
        }
    }
    let c = cheapest(cards);
    (Action::Play(c), Why::CannotWinCheaply(c))
}

/// A defender's lead against a negative game whose hands lie open (§12.6, from the second
/// trick): the lowest card that makes a declarer take the trick. Each lead is tried by playing
/// the trick out with the hands seen, under the Stichzwang (§12.2): a declarer ducks where he can
/// and otherwise plays his lowest card, hoping to be overtaken; a defender plays his lowest card
/// while a declarer is still to play, and his highest after (he must overtake only if he can).
fn forcing_lead(v: &View, cards: CardSet, contract: Contract) -> Option<Card> {
    let hands = v.open_hands?;
    // A Piccolo's declarer who still needs his trick is not given it.
    let target = contract.trick_target().unwrap_or(0);
    if v.declarers
        .iter()
        .any(|&d| v.tricks_won[d as usize] < target)
    {
        return None;
    }
    let kaiser = Kaiser::for_contract(contract, &Switches::default());
    let declarer = |s: u8| v.declarers.contains(&s);
    let lowest = |set: CardSet| set.iter().min_by_key(|&c| by_rank(c));
    let highest = |set: CardSet| set.iter().max_by_key(|&c| by_rank(c));
    let mut leads: Vec<Card> = cards.iter().collect();
    leads.sort_by_key(|&c| by_rank(c));
    leads.into_iter().find(|&lead| {
        let mut trick = PlayState::new(contract.play_mode(), kaiser, hands, v.seat);
        trick.play_unchecked(lead);
        for after_lead in 1..4 {
            let seat = trick.to_act();
            let legal = trick.legal_cards();
            let losers = legal - takers(legal, trick.current_trick(), contract);
            let declarer_to_come = (after_lead..4).any(|i| declarer((v.seat + i) % 4));
            let card = if declarer(seat) {
                highest(losers).or_else(|| lowest(legal))
            } else if declarer_to_come {
                lowest(legal)
            } else {
                highest(legal)
            };
            trick.play_unchecked(card.expect("a card in hand"));
        }
        declarer(trick.winners[0])
    })
}

/// The leads among `cards` that no card unseen by the seat can beat (a tarock above every
/// unseen tarock; a suit card above the unseen ones of its suit while at least three of them
/// are out, so that every other seat likely follows): the declarer of a Piccolo takes his trick
/// with one of them. In an open game the hands are seen, and the test is exact per seat.
fn sure_winners(v: &View, cards: CardSet, contract: Contract) -> CardSet {
    let played: CardSet = v
        .tricks
        .iter()
        .flat_map(|t| t.cards.iter().copied())
        .collect();
    let others: Vec<CardSet> = match v.open_hands {
        Some(h) => (0..4u8)
            .filter(|&s| s != v.seat)
            .map(|s| h[s as usize])
            .collect(),
        None => vec![CardSet::PACK54 - v.hand - played - v.shown_discard],
    };
    cards
        .iter()
        .filter(|&c| {
            others.iter().all(|&other| {
                let follow = other & follow_mask(c);
                let beaters = if follow.is_empty() {
                    other & TAROCKS
                } else {
                    follow
                };
                let beaten = beaters.iter().any(|o| beats(o, &[c], contract));
                !beaten && (v.open_hands.is_some() || is_tarock(c) || follow.len() >= 3)
            })
        })
        .collect()
}

/// The birds: the tarock that must win the trick, its premium, and that trick's number.
const BIRDS: [(Card, Premium, usize); 3] = [
    (Card::PAGAT, Premium::Pagat, 12),
    (Card::trump(2), Premium::Uhu, 11),
    (Card::trump(3), Premium::Kakadu, 10),
];

/// Whether a seat is known to play with the declarer: a declarer, or the holder of the called
/// king once that king has been played.
fn is_declarer_side(v: &View, seat: u8) -> bool {
    if v.declarers.contains(&seat) {
        return true;
    }
    let Some(king) = v.called_king else {
        return false;
    };
    if v.hand.contains(king) {
        return seat == v.seat;
    }
    v.tricks.iter().any(|t| {
        t.cards
            .iter()
            .enumerate()
            .any(|(i, &c)| c == king && (t.leader + i as u8) % 4 == seat)
    })
}

/// A Königrufen bot of the given level.
pub fn bot(level: crate::Level, seed: u64) -> Box<dyn Bot<View, Action>> {
    match level {
        crate::Level::L0 => Box::new(crate::RandomBot::new(seed)),
        crate::Level::L1 => Box::new(KoenigrufenL1),
        crate::Level::L2 | crate::Level::L2Play => {
            Box::new(crate::koenigrufen_l2::KoenigrufenL2::new(
                crate::any::level2_config(level, crate::level2::Config::STANDARD_THINK),
                seed,
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarok_core::DealRng;
    use tarok_koenigrufen::play::PlayState;

    /// Piccolo, a negative game: the Trull falls in one trick and the Sküs takes it, as there is
    /// no Kaiserstich in negative games (§12.4). The bot judges it as the engine does, card by
    /// card, and so does not think the Pagat would take it.
    #[test]
    fn the_bot_judges_a_negative_trull_trick_as_the_engine() {
        let hand = |s: &str| CardSet::parse(s).unwrap();
        // The Pagat is seat 2's last tarock, so it may be played (§12.4).
        let hands = [
            hand("X T5 HK HD HC HB H1 H2 H3 H4 S10 S9"),
            hand("T21 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16"),
            hand("T1 KK KD KC KB K10 K9 K8 K7 RK RD RC"),
            hand("T2 T3 T4 T17 T18 T19 T20 RB R1 R2 R3 R4"),
        ];
        let rules = Switches::default();
        let contract = Contract::Piccolo;
        let mut play = PlayState::for_contract(contract, &rules, hands, 0, 1);
        let trick = [Card::SKUS, Card::T21, Card::PAGAT, Card::trump(17)];
        for (i, &c) in trick.iter().enumerate() {
            play.play(c).unwrap_or_else(|e| panic!("{c}: {e}"));
            assert_eq!(winner(&trick[..=i], contract), Some(0), "after {c}");
        }
        assert_eq!(play.winners[0], 0, "the Sküs takes the trick");
        assert!(!beats(Card::PAGAT, &trick[..2], contract));
        // In a positive game the same cards make the Kaiserstich: the Pagat wins.
        assert_eq!(winner(&trick, Contract::Dreier), Some(2));
    }

    /// The view of `seat`, holding `hand`, on lead in the card play of `contract` declared by
    /// seat 0, with the other hands open if `open_hands` is given (an ouvert game).
    fn lead_view(seat: u8, hand: CardSet, contract: Contract, open: Option<[CardSet; 4]>) -> View {
        View {
            seat,
            ruleset: tarok_koenigrufen::Ruleset::spieleversum(),
            dealer: 3,
            vorhand: 0,
            phase: Phase::Play,
            to_act: Some(seat),
            hand,
            contract: Some(contract),
            declarers: vec![0],
            called_king: None,
            fourth_king: false,
            talon: None,
            half_taken: None,
            own_discard: None,
            shown_discard: CardSet::EMPTY,
            announcements: Vec::new(),
            log: Vec::new(),
            tricks: Vec::new(),
            tricks_won: [0; 4],
            open_hands: open,
            hand_sizes: [hand.len() as u8; 4],
        }
    }

    fn plays(hand: CardSet) -> Vec<Action> {
        hand.iter().map(Action::Play).collect()
    }

    /// Against an open Bettler the defender leads the suit the declarer must take, not his
    /// lowest card: the declarer's clubs are above the Kreuz 8 and nobody else holds a club, while
    /// the Rot 4 (lower in the bot's order) is overtaken by seat 2 and the declarer has no red
    /// card and no tarock to take it with. With a lower club for the declarer no lead forces. In
    /// a Piccolo ouvert the declarer is not given the one trick he needs, only a second one.
    #[test]
    fn a_defender_leads_what_the_open_declarer_must_take() {
        let hand = |s: &str| CardSet::parse(s).unwrap();
        let mine = hand("K8 R4 T3");
        let mut hands = [hand("K9 KD S7"), mine, hand("RK RD RC"), hand("S8 S9 S10")];
        let mut view = lead_view(1, mine, Contract::BettlerOuvert, Some(hands));
        let [k8, r4]: [Card; 2] = ["K8", "R4"].map(|c| c.parse().unwrap());
        assert!(r4.order() < k8.order(), "the Rot 4 is the lower lead");
        assert_eq!(
            advise(&view, &plays(mine)),
            (Action::Play(k8), Why::Force(k8))
        );
        let piccolo = Contract::PiccoloOuvert;
        assert_eq!(forcing_lead(&view, mine, piccolo), None);
        view.tricks_won[0] = 1;
        assert_eq!(forcing_lead(&view, mine, piccolo), Some(k8));
        hands[0] = hand("K7 SK SD");
        view.open_hands = Some(hands);
        assert_eq!(forcing_lead(&view, mine, piccolo), None);
    }

    /// The declarer of a Piccolo takes his one trick with the Sküs, which nothing beats, while
    /// he has none; once he has it he leads low. A king is not a sure trick while few cards of
    /// its suit are out, as a seat void in it may take it with a tarock.
    #[test]
    fn a_piccolo_declarer_takes_his_trick_while_he_surely_can() {
        let hand = |s: &str| CardSet::parse(s).unwrap();
        let mine = hand("X K7 R4");
        let mut view = lead_view(0, mine, Contract::Piccolo, None);
        assert_eq!(
            advise(&view, &plays(mine)),
            (Action::Play(Card::SKUS), Why::TakesHisTrick(Card::SKUS))
        );
        view.tricks_won[0] = 1;
        assert!(
            matches!(advise(&view, &plays(mine)), (Action::Play(c), Why::Safest(_)) if c != Card::SKUS)
        );
        let kings = hand("KK RK");
        view.hand = kings;
        assert_eq!(sure_winners(&view, kings, Contract::Piccolo), kings);
        let out: Vec<Card> = hand("K7 K8 K9 K10 KB KC KD RD RC RB R1 R2 R3")
            .iter()
            .collect();
        view.tricks = vec![tarok_koenigrufen::view::TrickView {
            leader: 1,
            cards: out,
            winner: Some(1),
        }];
        assert_eq!(
            sure_winners(&view, kings, Contract::Piccolo),
            CardSet::EMPTY
        );
    }

    /// Over random play in every play mode, the bot's judgement of each finished trick is the
    /// engine's.
    #[test]
    fn the_bot_judges_every_trick_as_the_engine() {
        let mut rng = DealRng::seed(5);
        for seed in 0..300u64 {
            let deck = tarok_core::shuffled(CardSet::PACK54, seed);
            let mut hands = [CardSet::EMPTY; 4];
            for (i, &c) in deck[..48].iter().enumerate() {
                hands[i % 4].insert(c);
            }
            let contract =
                [Contract::Dreier, Contract::Bettler, Contract::Farbendreier][(seed % 3) as usize];
            let mut play = PlayState::for_contract(contract, &Switches::default(), hands, 0, 1);
            play.early_end = false;
            while !play.is_over() {
                let legal = play.legal_cards();
                play.play_unchecked(legal.nth(rng.below(legal.len())).unwrap());
            }
            for t in 0..12 {
                let cards = &play.cards[4 * t..4 * t + 4];
                let pos = winner(cards, contract).unwrap() as u8;
                assert_eq!(
                    (play.leaders[t] + pos) % 4,
                    play.winners[t],
                    "{contract} {cards:?}"
                );
            }
        }
    }
}
