//! Helpers for the golden tests: set-up deals and scripted play.
#![allow(dead_code)]

use tarok_core::{Card, CardSet};
use tarok_historic::deal::pack;
use tarok_historic::{Action, Deal, Phase, Ruleset};

pub fn cards(s: &str) -> CardSet {
    CardSet::parse(s).unwrap()
}

pub fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// A deal in which each seat holds the fixed cards given; the rest of the pack fills the
/// hands in card-id order, each card to the next seat (cycling) with room. `dead` (en deux)
/// is filled last.
pub fn deal_with(rules: Ruleset, dealer: u8, fixed: &[&str]) -> Deal {
    let n = rules.players() as usize;
    let size = rules.game.hand_size() as u32;
    let mut hands = [CardSet::EMPTY; 4];
    let mut used = CardSet::EMPTY;
    for (s, f) in fixed.iter().enumerate() {
        hands[s] = cards(f);
        assert!((used & hands[s]).is_empty());
        used |= hands[s];
    }
    let want = |s: usize| {
        if s == dealer as usize {
            size + rules.game.scat_size() as u32
        } else {
            size
        }
    };
    let mut dead = CardSet::EMPTY;
    let mut next = 0usize;
    for c in pack(rules.game) - used {
        let mut placed = false;
        for k in 0..n {
            let s = (next + k) % n;
            if hands[s].len() < want(s) {
                hands[s].insert(c);
                next = s + 1;
                placed = true;
                break;
            }
        }
        if !placed {
            dead.insert(c);
        }
    }
    Deal::from_hands(rules, dealer, hands, dead).unwrap()
}

/// Lays the Scat with the lowest legal cards and lets everyone declare every honour held.
pub fn scat_and_declare_all(d: &mut Deal) {
    while d.phase() == Phase::Discard {
        let c = d.legal_discards().lowest().unwrap();
        d.apply(Action::Discard(c)).unwrap();
    }
    while d.phase() == Phase::Declare {
        let a = d.legal_actions()[0];
        d.apply(a).unwrap();
    }
}

/// Plays to the end: `choose(deal, seat, legal)` picks each card.
pub fn play_with(d: &mut Deal, mut choose: impl FnMut(&Deal, u8, CardSet) -> Card) {
    while d.phase() == Phase::Play {
        let seat = d.current_player().unwrap();
        let c = choose(d, seat, d.legal_cards());
        d.apply(Action::Play(c)).unwrap();
    }
}

/// The lowest legal card by id.
pub fn lowest(_: &Deal, _: u8, legal: CardSet) -> Card {
    legal.lowest().unwrap()
}

/// Sum of the payments of lines with this reason from `from` to `to`.
pub fn paid(d: &Deal, from: u8, to: u8, reason: tarok_historic::Reason) -> i32 {
    use tarok_core::Party;
    d.settlement()
        .iter()
        .filter(|l| {
            l.reason == reason && l.from == Party::Player(from) && l.to == Party::Player(to)
        })
        .map(|l| l.amount)
        .sum()
}

/// Net balance of each seat over the lines satisfying `keep`.
pub fn nets(d: &Deal, keep: impl Fn(&tarok_historic::Reason) -> bool) -> [i32; 4] {
    use tarok_core::Party;
    let mut n = [0; 4];
    for l in d.settlement() {
        if !keep(&l.reason) {
            continue;
        }
        if let (Party::Player(f), Party::Player(t)) = (l.from, l.to) {
            n[f as usize] -= l.amount;
            n[t as usize] += l.amount;
        }
    }
    n
}
