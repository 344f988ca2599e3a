//! Königrufen for the bots: the match table and the level-1 player.
//!
//! Level 1 follows the tactics of the game sheets (Spieleversum chapter 22,
//! `docs/rules/koenigrufen.md` §19): bid by hand strength (tarocks, high tarocks,
//! kings), call a king in a short suit, take the talon half with more tarocks and points, lay
//! short suits away, announce the Trull when held and give Kontra when strong; in play, win
//! cheaply or give points to a winning partner in positive games, keep an announced bird for
//! its trick, and duck with the highest safe card in negative games and Trischaken.

use crate::bot::{Bot, Decision};
use std::fmt;
use tarok_core::{Card, CardSet, Suit};
use tarok_koenigrufen::announce::Premium;
use tarok_koenigrufen::bidding::Call;
use tarok_koenigrufen::cards::{is_tarock, TAROCK as TAROCKS};
use tarok_koenigrufen::contract::{Contract, PlayMode};
use tarok_koenigrufen::kontra::Item;
use tarok_koenigrufen::play::{trick_winner, Kaiser};
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
        .filter(|&c| current.is_empty() || beats(c, &current, contract))
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
