//! Königrufen for the bots: the match table and the level-1 player.
//!
//! Level 1 follows the tactics of the game sheets (Spieleversum chapter 22,
//! `rules/koenigrufen-spieleversum.md` §19): bid by hand strength (tarocks, high tarocks,
//! kings), call a king in a short suit, take the talon half with more tarocks and points, lay
//! short suits away, announce the Trull when held and give Kontra when strong; in play, win
//! cheaply or give points to a winning partner in positive games, keep an announced bird for
//! its trick, and duck with the highest safe card in negative games and Trischaken.

use crate::bot::{Bot, Decision};
use std::fmt;
use tarok_core::{Card, CardSet, Suit};
use tarok_koenigrufen::announce::Premium;
use tarok_koenigrufen::bidding::Call;
use tarok_koenigrufen::contract::{Contract, PlayMode};
use tarok_koenigrufen::kontra::Item;
use tarok_koenigrufen::{Action, Phase, View};

/// Tarocks in Königrufen: I..XXI and the Sküs (XXII), which is the highest.
const TAROCKS: CardSet = CardSet::from_bits((1u128 << 22) - 1);

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

/// Rank of a tarock: the Sküs (id 21) above XXI.
fn tarock_rank(c: Card) -> u8 {
    if c.is_skus() {
        22
    } else {
        c.trump_number().unwrap_or(0)
    }
}

fn is_tarock(c: Card) -> bool {
    TAROCKS.contains(c)
}

/// The card winning the trick so far under the contract's play mode (Kaiserstich included).
fn best(cards: &[Card], mode: PlayMode) -> Option<usize> {
    let first = *cards.first()?;
    let set: CardSet = cards.iter().copied().collect();
    let tarock_trumps = mode != PlayMode::Colour || is_tarock(first);
    if tarock_trumps && !(set & TAROCKS).is_empty() {
        let trull =
            set.contains(Card::SKUS) && set.contains(Card::T21) && set.contains(Card::PAGAT);
        let kaiser = trull
            && (mode != PlayMode::Colour || [Card::SKUS, Card::T21, Card::PAGAT].contains(&first));
        let top = if kaiser {
            Card::PAGAT
        } else {
            (set & TAROCKS)
                .iter()
                .max_by_key(|&c| tarock_rank(c))
                .expect("a tarock")
        };
        return cards.iter().position(|&c| c == top);
    }
    let suit = first.suit()?;
    let top = set.of_suit(suit).highest()?;
    cards.iter().position(|&c| c == top)
}

fn beats(c: Card, cards: &[Card], mode: PlayMode) -> bool {
    let mut with = cards.to_vec();
    with.push(c);
    best(&with, mode) == Some(cards.len())
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
            Gut => write!(f, "nothing worth announcing: gut"),
            PlaysOn => write!(f, "plays on"),
            Duck(c) => write!(
                f,
                "ducks with {c}: the highest card that does not take the trick"
            ),
            Safest(c) => write!(f, "plays {c}: the safest card here"),
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
    let winners: CardSet = cards
        .iter()
        .filter(|&c| current.is_empty() || beats(c, &current, mode))
        .collect();
    let last = current.len() == 3;
    if mode == PlayMode::Negative || contract == Contract::Trischaken {
        // Avoid tricks: the highest card that does not win, else the lowest winner.
        let losers = cards - winners;
        if !current.is_empty() && !losers.is_empty() {
            let c = losers
                .iter()
                .max_by_key(|&c| (tarock_rank(c), c.order()))
                .expect("a card");
            return (Action::Play(c), Why::Duck(c));
        }
        let c = if last {
            dearest(cards)
        } else {
            cards
                .iter()
                .min_by_key(|&c| (tarock_rank(c), c.order()))
                .expect("a card")
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
    let winner_pos = best(&current, mode).expect("a winner");
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
    }
}
