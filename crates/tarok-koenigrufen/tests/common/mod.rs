//! Helpers shared by the golden and error tests.
#![allow(dead_code)]

use tarok_core::{Card, CardSet};
use tarok_koenigrufen::cards::{parse_card, parse_cards, value, PACK};
use tarok_koenigrufen::contract::PlayMode;
use tarok_koenigrufen::play::{Kaiser, PlayState};
use tarok_koenigrufen::{Action, Call, Contract, Deal, DealState, FinishedDeal, Phase, Ruleset};

pub fn c(s: &str) -> Card {
    parse_card(s).unwrap()
}

pub fn set(s: &str) -> CardSet {
    parse_cards(s).unwrap()
}

/// A deck that deals the given (partial) hands and talon halves with dealer `dealer`. Unnamed
/// cards fill up, non-kings first, in id order.
pub fn deck_for(dealer: u8, hands: [&str; 4], talon: [&str; 2]) -> Vec<Card> {
    let mut hs: Vec<Vec<Card>> = hands.iter().map(|h| set(h).iter().collect()).collect();
    let mut ts: Vec<Vec<Card>> = talon.iter().map(|t| set(t).iter().collect()).collect();
    let mut used = CardSet::EMPTY;
    for v in hs.iter().chain(ts.iter()) {
        for &x in v {
            assert!(!used.contains(x), "{x} twice");
            used.insert(x);
        }
    }
    let mut rest: Vec<Card> = (PACK - used).iter().collect();
    rest.sort_by_key(|x| (x.is_king(), x.index()));
    let mut rest = rest.into_iter();
    for h in hs.iter_mut() {
        while h.len() < 12 {
            h.push(rest.next().unwrap());
        }
    }
    for t in ts.iter_mut() {
        while t.len() < 3 {
            t.push(rest.next().unwrap());
        }
    }
    let v = (dealer + 1) % 4;
    let mut deck = Vec::new();
    for round in 0..2 {
        for k in 0..4 {
            let seat = ((v + k) % 4) as usize;
            deck.extend_from_slice(&hs[seat][6 * round..6 * round + 6]);
        }
        if round == 0 {
            deck.extend_from_slice(&ts[0]);
            deck.extend_from_slice(&ts[1]);
        }
    }
    deck
}

pub fn deal_for(dealer: u8, hands: [&str; 4], talon: [&str; 2]) -> Deal {
    Deal::from_deck(
        Ruleset::spieleversum(),
        deck_for(dealer, hands, talon),
        dealer,
    )
    .unwrap()
}

pub fn act(d: &mut Deal, a: Action) {
    let who = d.current_player();
    d.apply(a).unwrap_or_else(|e| panic!("P{who} {a}: {e}"));
}

pub fn bid(c: Contract) -> Action {
    Action::Call(Call::Bid(c))
}

pub const PASS: Action = Action::Call(Call::Pass);
pub const MEIN_VORHAND: Action = Action::Call(Call::MeinVorhand);

/// Says "gut" until the card play starts.
pub fn all_gut(d: &mut Deal) {
    while d.state().phase() == Phase::Announcements {
        act(d, Action::Gut);
    }
}

/// The winning position in one trick of four cards, led by seat 0, as the card play decides it.
pub fn winner(mode: PlayMode, kaiser: Kaiser, cards: &str) -> usize {
    let mut p = PlayState::new(mode, kaiser, [CardSet::EMPTY; 4], 0);
    for x in set_order(cards) {
        p.play_unchecked(x);
    }
    assert_eq!(p.tricks_done(), 1);
    p.winners[0] as usize
}

/// Cards in the written order.
pub fn set_order(s: &str) -> Vec<Card> {
    s.split_whitespace().map(c).collect()
}

/// A play state in mid-trick: `hand` for the player to act, the trick so far led by seat 0.
pub fn to_play(mode: PlayMode, trick: &str, hand: &str) -> PlayState {
    let cards = set_order(trick);
    let mut hands = [CardSet::EMPTY; 4];
    hands[cards.len()] = set(hand);
    let kaiser = if mode == PlayMode::Positive {
        Kaiser::Always
    } else {
        Kaiser::Never
    };
    let mut p = PlayState::new(mode, kaiser, hands, 0);
    for x in cards {
        p.play_unchecked(x);
    }
    p
}

pub enum Outcome {
    Win,
    Lose,
    Valat,
}

/// A finished positive deal built directly, for settlement tests: talon T4..T9; trick 0 holds
/// HK, Mond, Uhu and Kakadu; tricks are won so that no silent premium happens (except with a
/// valat, which suppresses them). `team` = declarer's party, `declarer` its first seat.
pub fn finished(
    contract: Contract,
    declarer: u8,
    partner: Option<u8>,
    outcome: Outcome,
) -> FinishedDeal {
    let talon = [set("T4 T5 T6"), set("T7 T8 T9")];
    let talon_used = contract.talon_use() != tarok_koenigrufen::contract::TalonUse::None;
    let team = (1 << declarer) | partner.map_or(0, |p| 1 << p);
    let first = set("HK T21 T2 T3");
    let mut rest: Vec<Card> = (PACK - talon[0] - talon[1] - first).iter().collect();
    rest.sort_by_key(|x| (std::cmp::Reverse(value(*x)), x.index()));
    let mut tricks: Vec<[Card; 4]> = vec![[c("HK"), c("T21"), c("T2"), c("T3")]];
    for ch in rest.chunks(4) {
        tricks.push([ch[0], ch[1], ch[2], ch[3]]);
    }
    let opp = (0..4u8).find(|x| team & (1 << x) == 0).unwrap();
    let team_wins = |t: usize| match outcome {
        Outcome::Valat => true,
        Outcome::Win => (1..=9).contains(&t),
        Outcome::Lose => t == 0 || t >= 10,
    };
    // Dealer 0: the Vorhand (seat 1) leads the first trick.
    let vorhand = 1;
    let mut p = PlayState::new(
        contract.play_mode(),
        Kaiser::Always,
        [CardSet::EMPTY; 4],
        vorhand,
    );
    let mut leader = vorhand;
    for (t, cs) in tricks.iter().enumerate() {
        let w = if team_wins(t) { declarer } else { opp };
        p.cards[4 * t..4 * t + 4].copy_from_slice(cs);
        p.leaders[t] = leader;
        p.winners[t] = w;
        leader = w;
    }
    p.played = 48;
    p.leader = leader;
    retake(&mut p);
    FinishedDeal {
        switches: Ruleset::spieleversum().switches,
        dealer: 0,
        talon,
        contract,
        declarer,
        declarers: 1 << declarer,
        partner,
        called_king: contract.calls_king().then(|| c("HK")),
        king_in_talon: false,
        schleifen: false,
        half_taken: talon_used.then_some(0),
        discard: if talon_used { talon[0] } else { CardSet::EMPTY },
        announced: [None; 7],
        ultimo_king: None,
        levels: [[0; 4]; tarok_koenigrufen::kontra::SLOTS],
        play: p,
    }
}

/// A position the settlement reads: a deal's state, or a finished deal built directly.
pub trait Settled {
    /// The state to settle.
    fn settled(&self) -> DealState;
}

impl Settled for DealState {
    fn settled(&self) -> DealState {
        *self
    }
}

impl Settled for FinishedDeal {
    fn settled(&self) -> DealState {
        DealState::finished(self).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// Recomputes the trick piles from cards and winners.
pub fn retake(p: &mut PlayState) {
    p.taken = [CardSet::EMPTY; 4];
    p.tricks_won = [0; 4];
    for t in 0..12 {
        let w = p.winners[t] as usize;
        for &x in &p.cards[4 * t..4 * t + 4] {
            p.taken[w].insert(x);
        }
        p.tricks_won[w] += 1;
    }
}

/// Moves `cards` into trick `t` (swapping with whatever was there), with its leader and winner.
pub fn place(p: &mut PlayState, t: usize, cards: &str, leader: u8, winner: u8) {
    for (i, x) in set_order(cards).into_iter().enumerate() {
        let from = p
            .cards
            .iter()
            .position(|&y| y == x)
            .expect("card in tricks");
        p.cards.swap(from, 4 * t + i);
    }
    p.leaders[t] = leader;
    p.winners[t] = winner;
    retake(p);
}

/// Net result per seat.
pub fn balances(s: &impl Settled) -> [i32; 4] {
    let mut b = tarok_core::Balances::default();
    tarok_koenigrufen::scoring::settle(&s.settled(), &mut b);
    assert_eq!(b.total(), 0);
    [b.players[0], b.players[1], b.players[2], b.players[3]]
}

/// A random deal steered towards `target`: in the bidding the target game is bid when legal,
/// passes are likely; in the announcement round announcements and Kontras are frequent, so that
/// every contract, premium and doubling level occurs. `on_step` sees the deal before every action
/// and once at the end.
pub fn steered_deal(
    rs: Ruleset,
    seed: u64,
    target: Contract,
    mut on_step: impl FnMut(&Deal),
) -> Deal {
    use tarok_core::DealRng;
    let mut rng = DealRng::derive(seed, 4711);
    let mut d = Deal::from_seed(rs, seed, (seed % 4) as u8);
    let mut steps = 0;
    while !d.is_over() {
        on_step(&d);
        let legal = d.legal_actions();
        assert!(!legal.is_empty(), "seed {seed}: no legal action");
        let has = |a: Action| legal.contains(&a);
        let pick = |rng: &mut DealRng| legal[rng.below(legal.len() as u32) as usize];
        let a = match d.state().phase() {
            Phase::Bidding => {
                let target_bid = bid(target);
                if has(target_bid) && rng.below(5) != 0 {
                    target_bid
                } else if has(MEIN_VORHAND) && rng.below(4) != 0 {
                    MEIN_VORHAND
                } else if has(PASS) && rng.below(4) != 0 {
                    PASS
                } else {
                    pick(&mut rng)
                }
            }
            Phase::Talon if has(Action::Schleifen) && rng.below(3) == 0 => Action::Schleifen,
            Phase::Announcements => {
                let others: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|&a| a != Action::Gut)
                    .collect();
                if others.is_empty() || rng.below(5) < 2 {
                    Action::Gut
                } else {
                    others[rng.below(others.len() as u32) as usize]
                }
            }
            _ => pick(&mut rng),
        };
        d.apply(a)
            .unwrap_or_else(|e| panic!("seed {seed}: legal {a} refused: {e}"));
        steps += 1;
        assert!(steps < 500, "seed {seed}: the deal does not end");
    }
    on_step(&d);
    d
}
