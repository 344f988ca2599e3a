//! The games of 1829 for the bots: the level-1 player.
//!
//! The book (*Nyeste danske Spillebog*, 002; the rules for players are `docs/rules/1829.md`)
//! gives no chapter of strategy, so level 1 plays by the plain sense of its rules:
//! - the Scat counts for the dealer (JC-4), so he lays the counting cards of his shortest suits
//!   and empties a suit to trump it later, but no card of an honour he holds: an honour with a
//!   card in the Scat may not be declared (002 L139-140);
//! - honours are paid at once (002 L157-159), so every honour held is declared, the dearest
//!   first (the Scus may serve only one of them under some presets);
//! - in the quadrille a hand with many tarocks asks or plays Mediateur (002 L268-271);
//! - in the play, a trick worth points is taken with the cheapest card that takes it, a trick
//!   that is lost gets the cheapest card (the Scus where it saves a counting card, 002
//!   L177-178), a partner's trick gets points, and the Pagat is kept from being captured
//!   (002 L198).

use crate::bot::{Bot, Decision};
use std::fmt;
use tarok_core::{Card, CardSet, Seat, Suit};
use tarok_historic::count::nominal;
use tarok_historic::honours::{assess, available, HonourKind};
use tarok_historic::play::winner_index;
use tarok_historic::view::View;
use tarok_historic::{Action, Contract, Phase};

/// Why level 1 chose its action, as data; English by `Display`, Danish and German in
/// `tarok-words`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// The only legal action.
    OnlyChoice,
    /// Lays this card in the Scat: a short suit's card, its points counting for the dealer.
    Scat(Card),
    /// Declares this honour, the dearest one left.
    Declare(HonourKind),
    /// No honour left to declare.
    NothingToDeclare,
    /// Quadrille: passes, with this many tarocks.
    Pass(u8),
    /// Quadrille: asks, with this many tarocks.
    Ask(u8),
    /// Quadrille: plays Mediateur, with this many tarocks.
    Mediateur(u8),
    /// Calls this King (or Queen): of the suit I hold most of.
    Call(Card),
    /// The Mediateur asks for this card: the strongest one missing.
    Request(Card),
    /// The Mediateur gives this card back: the cheapest.
    GiveBack(Card),
    /// Leads this card: a low card of the longest suit.
    Lead(Card),
    /// Leads this tarock: no suit card left.
    LeadTarock(Card),
    /// Takes the trick with this card.
    Take(Card),
    /// My side has the trick: gives it this card's points.
    GiveToSide(Card),
    /// Plays the Scus to a lost trick: it comes back and saves a counting card.
    Scus,
    /// Cannot take the trick: gives this card, the cheapest.
    Duck(Card),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::OnlyChoice => f.write_str("the only legal action"),
            Why::Scat(c) => write!(
                f,
                "lays {c} in the Scat: a short suit, and the Scat counts for me"
            ),
            Why::Declare(h) => write!(f, "declares {h}: honours are paid at once"),
            Why::NothingToDeclare => f.write_str("no honour left to declare"),
            Why::Pass(t) => write!(f, "passes: {t} tarocks are too few"),
            Why::Ask(t) => write!(f, "asks: {t} tarocks, a partner helps"),
            Why::Mediateur(t) => write!(f, "plays Mediateur: {t} tarocks carry a game alone"),
            Why::Call(c) => write!(f, "calls {c}: the suit I hold most of"),
            Why::Request(c) => write!(f, "asks for {c}: the strongest card I miss"),
            Why::GiveBack(c) => write!(f, "gives back {c}: my cheapest card"),
            Why::Lead(c) => write!(f, "leads {c}: a low card of my longest suit"),
            Why::LeadTarock(c) => write!(f, "leads {c}: no suit card left"),
            Why::Take(c) => write!(f, "takes the trick with {c}"),
            Why::GiveToSide(c) => write!(f, "my side has the trick: gives it {c}"),
            Why::Scus => f.write_str("plays the Scus: it comes back and saves a counting card"),
            Why::Duck(c) => write!(f, "cannot take the trick: gives {c}, the cheapest card"),
        }
    }
}

/// What level 1 does at a decision, and why.
pub fn advise(view: &View, legal: &[Action]) -> (Action, Why) {
    crate::bot::assert_choice(legal, "the level-1 bot");
    if legal.len() == 1 {
        return (legal[0], Why::OnlyChoice);
    }
    let hand = view.hand;
    let cards = |f: fn(Action) -> Option<Card>| legal.iter().filter_map(move |&a| f(a));
    match view.phase {
        Phase::Discard => {
            let c = cards(|a| match a {
                Action::Discard(c) => Some(c),
                _ => None,
            })
            .min_by_key(|&c| {
                (
                    scat_cost(hand, c) + 100 * honours_lost(hand, c, &view.rules),
                    c,
                )
            })
            .expect("a discard");
            (Action::Discard(c), Why::Scat(c))
        }
        Phase::Declare => {
            let best = legal
                .iter()
                .filter_map(|&a| match a {
                    Action::Declare(h) => Some(h),
                    _ => None,
                })
                .max_by_key(|&h| assess(h, hand, true, &view.rules).map_or(0, |a| a.value));
            match best {
                Some(h) => (Action::Declare(h), Why::Declare(h)),
                None => (Action::Done, Why::NothingToDeclare),
            }
        }
        Phase::Bid => bid(hand, legal),
        Phase::Call => {
            let c = cards(|a| match a {
                Action::Call(c) => Some(c),
                _ => None,
            })
            .max_by_key(|&c| c.suit().map_or(0, |s| hand.of_suit(s).len()))
            .expect("a call");
            (Action::Call(c), Why::Call(c))
        }
        Phase::Request => {
            match cards(|a| match a {
                Action::Request(c) => Some(c),
                _ => None,
            })
            .max_by_key(|&c| request_worth(c))
            {
                Some(c) => (Action::Request(c), Why::Request(c)),
                None => (Action::Done, Why::OnlyChoice),
            }
        }
        Phase::GiveBack => {
            let c = cards(|a| match a {
                Action::GiveBack(c) => Some(c),
                _ => None,
            })
            .min_by_key(|&c| (scat_cost(hand, c), c))
            .expect("a card to give back");
            (Action::GiveBack(c), Why::GiveBack(c))
        }
        Phase::Play => play(view, legal),
        Phase::Over | Phase::Void => unreachable!("no decision in a finished deal"),
    }
}

/// How much a hand misses a card it lays away: tarocks, the Scus and Kings most; then the
/// longer its suit, the more; a counting card of a short suit least (its points count for the
/// dealer in the Scat).
fn scat_cost(hand: CardSet, c: Card) -> i32 {
    match c.suit() {
        None => 200 + c.index() as i32,
        Some(_) if c.is_king() => 100,
        Some(s) => 6 * hand.of_suit(s).len() as i32 - nominal(c),
    }
}

/// What laying `c` away costs the hand in honours: no honour may be declared with a card in
/// the Scat (002 L139-140).
fn honours_lost(hand: CardSet, c: Card, rules: &tarok_historic::Ruleset) -> i32 {
    honours_worth(hand, rules) - honours_worth(hand.without(c), rules)
}

/// The sum of the honours `hand` could declare.
fn honours_worth(hand: CardSet, rules: &tarok_historic::Ruleset) -> i32 {
    available(hand, rules).iter().map(|&(_, v)| v as i32).sum()
}

/// How much the Mediateur wants a card: the high tarocks, the Pagat and the Kings.
fn request_worth(c: Card) -> i32 {
    match c.trump_number() {
        Some(21) => 100,
        Some(1) => 60,
        Some(n) => 30 + n as i32,
        None if c.is_king() => 20,
        None => nominal(c),
    }
}

/// The quadrille's bid by the number of tarocks (the Scus counted): a quarter of the 76-card
/// pack's 22 tarock cards is under 6.
fn bid(hand: CardSet, legal: &[Action]) -> (Action, Why) {
    let tarocks = hand.trumps().len() as u8 + u8::from(hand.contains(Card::SKUS));
    let kings = (hand & CardSet::KINGS).len() as u8;
    let can = |a: Action| legal.contains(&a);
    if tarocks >= 11 && hand.contains(Card::T21) && can(Action::Mediateur) {
        (Action::Mediateur, Why::Mediateur(tarocks))
    } else if (tarocks >= 8 || tarocks + kings >= 9) && can(Action::Ask) {
        (Action::Ask, Why::Ask(tarocks))
    } else {
        (Action::Pass, Why::Pass(tarocks))
    }
}

/// Whether seats `a` and `b` are known to this seat to play on the same side.
fn same_side(view: &View, a: Seat, b: Seat) -> bool {
    use tarok_historic::Game;
    if a == b {
        return true;
    }
    match view.rules.game {
        Game::Three | Game::EnDeux => false,
        Game::Partners => a % 2 == b % 2,
        Game::Quadrille => {
            if view.contract != Contract::Ask {
                return false;
            }
            let side = |s: Seat| Some(s) == view.declarer || Some(s) == view.partner;
            view.partner.is_some() && side(a) == side(b)
        }
    }
}

/// The card play.
fn play(view: &View, legal: &[Action]) -> (Action, Why) {
    let cards: CardSet = legal
        .iter()
        .filter_map(|&a| match a {
            Action::Play(c) => Some(c),
            _ => None,
        })
        .collect();
    let n = view.rules.players() as usize;
    let (leader, trick): (Seat, &[Card]) = match view.tricks.last() {
        Some(t) if t.winner.is_none() => (t.leader, &t.cards),
        _ => (0, &[]),
    };
    // A trick led with the Scus (where a preset allows it) has no winner yet: as a lead.
    let Some(first) = winner_index(trick) else {
        return lead(view.hand, cards);
    };
    let me = view.seat;
    let last = trick.len() + 1 == n;
    let worth: i32 = trick.iter().map(|&c| nominal(c)).sum();
    let winner = (leader as usize + first) % n;
    let takes = |c: Card| {
        let mut t = [Card::SKUS; 4];
        t[..trick.len()].copy_from_slice(trick);
        t[trick.len()] = c;
        winner_index(&t[..=trick.len()]) == Some(trick.len())
    };
    let plain = cards.without(Card::SKUS);
    let winners: Vec<Card> = plain.iter().filter(|&c| takes(c)).collect();
    let cheapest = |set: &mut dyn Iterator<Item = Card>| set.min_by_key(|&c| (cost(c), c));
    if same_side(view, me, winner as Seat) {
        // The partner holds the trick: give it points if no one after me can still take it.
        let safe = plain.iter().filter(|&c| !takes(c) && c != Card::PAGAT);
        let give = if last {
            safe.max_by_key(|&c| (nominal(c), std::cmp::Reverse(c)))
        } else {
            cheapest(&mut plain.iter().filter(|&c| !takes(c)))
        };
        if let Some(c) = give {
            return if last && nominal(c) > 0 {
                (Action::Play(c), Why::GiveToSide(c))
            } else {
                (Action::Play(c), Why::Duck(c))
            };
        }
    }
    if !winners.is_empty() && (worth > 0 || last) {
        // Last to play: the cheapest card that takes it. Otherwise the strongest, so that no
        // one after me takes it back; never the Pagat, which the next tarock captures.
        let c = if last {
            cheapest(&mut winners.iter().copied())
        } else {
            winners
                .iter()
                .copied()
                .filter(|&c| c != Card::PAGAT)
                .max_by_key(|&c| (c.is_trump(), c))
        };
        if let Some(c) = c {
            return (Action::Play(c), Why::Take(c));
        }
    }
    let duck = cheapest(&mut plain.iter().filter(|&c| !takes(c)).chain(plain.iter()));
    match duck {
        Some(c) if cards.contains(Card::SKUS) && nominal(c) > 0 => {
            (Action::Play(Card::SKUS), Why::Scus)
        }
        Some(c) => (Action::Play(c), Why::Duck(c)),
        None => (Action::Play(Card::SKUS), Why::OnlyChoice),
    }
}

/// What a card costs to give away: its points, the Pagat dearest (it pays when captured).
fn cost(c: Card) -> i32 {
    if c == Card::PAGAT {
        100
    } else {
        10 * nominal(c) + i32::from(c.is_trump())
    }
}

/// The lead: a low card of the longest suit, the King kept; else the lowest tarock but the
/// Pagat.
fn lead(hand: CardSet, cards: CardSet) -> (Action, Why) {
    let longest = Suit::ALL
        .into_iter()
        .filter(|&s| !cards.of_suit(s).is_empty())
        .max_by_key(|&s| hand.of_suit(s).len());
    if let Some(s) = longest {
        let suit = cards.of_suit(s);
        let c = (suit - CardSet::KINGS)
            .iter()
            .min_by_key(|&c| (nominal(c), c))
            .or_else(|| suit.lowest())
            .expect("a card of the suit");
        return (Action::Play(c), Why::Lead(c));
    }
    let trumps = cards.trumps();
    let c = trumps
        .without(Card::PAGAT)
        .lowest()
        .or_else(|| trumps.lowest())
        .or_else(|| cards.lowest())
        .expect("a card to lead");
    (Action::Play(c), Why::LeadTarock(c))
}

/// The level-1 bot.
pub struct HistoricL1;

impl Bot<View, Action> for HistoricL1 {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Decision<Action> {
        let (action, why) = advise(view, legal);
        Decision {
            action,
            reason: why.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarok_historic::{Deal, Ruleset};

    fn rules_of(preset: &str) -> Ruleset {
        Ruleset::preset(preset).expect("a preset of 1829")
    }

    /// The Scat keeps every honour the dealer holds wherever enough other cards may be laid:
    /// laid away, an honour could not be declared (002 L139-140).
    #[test]
    fn the_scat_keeps_the_honours() {
        let worth = honours_worth;
        let mut kept = 0;
        for preset in ["dk-1829-three", "dk-1829-quadrille", "dk-1829-en-deux"] {
            let rules = rules_of(preset);
            for seed in 0..300 {
                let mut d = Deal::from_seed(rules, seed, (seed % rules.players() as u64) as u8);
                if d.phase() != Phase::Discard {
                    continue;
                }
                let hand = d.hand(d.dealer());
                let free = d
                    .legal_discards()
                    .iter()
                    .filter(|&c| worth(hand.without(c), &rules) == worth(hand, &rules))
                    .count();
                if worth(hand, &rules) == 0 || free < rules.game.scat_size() as usize {
                    continue;
                }
                while d.phase() == Phase::Discard {
                    let v = d.view(d.dealer());
                    d.apply(advise(&v, &v.legal).0).unwrap();
                }
                let left = d.hand(d.dealer());
                assert_eq!(
                    worth(left, &rules),
                    worth(hand, &rules),
                    "{preset} seed {seed}"
                );
                kept += 1;
            }
        }
        assert!(kept >= 50, "{kept} hands with honours");
    }

    /// Level 1 plays every deal of every preset to the end with legal actions only.
    #[test]
    fn level_1_finishes_every_preset() {
        for preset in [
            "dk-1829-three",
            "dk-1829-partners",
            "dk-1829-quadrille",
            "dk-1829-en-deux",
        ] {
            let mut asked = 0;
            for seed in 0..40 {
                let mut d = Deal::from_seed(rules_of(preset), seed, (seed % 2) as u8);
                while let Some(s) = d.current_player() {
                    let legal = d.legal_actions();
                    let (a, _) = advise(&d.view(s), &legal);
                    asked += usize::from(a == Action::Ask || a == Action::Mediateur);
                    d.apply(a)
                        .unwrap_or_else(|e| panic!("{preset} {seed}: {a}: {e}"));
                }
            }
            if preset == "dk-1829-quadrille" {
                assert!(asked > 10, "level 1 bids in the quadrille: {asked}");
            }
        }
    }

    #[test]
    fn the_scat_takes_a_short_suits_counting_card() {
        // Two spades (the Queen among them), many hearts: the Queen of spades goes first.
        let hand = CardSet::parse("S1,SD,H1,H2,H3,H4,HD,T5").unwrap();
        let sd: Card = "SD".parse().unwrap();
        let hd: Card = "HD".parse().unwrap();
        assert!(scat_cost(hand, sd) < scat_cost(hand, hd));
        assert!(scat_cost(hand, sd) < scat_cost(hand, "S1".parse().unwrap()));
        assert!(scat_cost(hand, "SK".parse().unwrap()) > scat_cost(hand, hd));
    }

    /// Against a random player, level 1 wins in the three-player game.
    #[test]
    fn level_1_beats_random_play() {
        use crate::bot::RandomBot;
        use tarok_core::Game;
        let mut total = 0.0;
        for seed in 0..150u64 {
            let mut d = Deal::from_seed(rules_of("dk-1829-three"), seed, 0);
            let me = (seed % 3) as Seat;
            let mut random = RandomBot::new(seed);
            while let Some(s) = d.current_player() {
                let legal = d.legal_actions();
                let a = if s == me {
                    advise(&d.view(s), &legal).0
                } else {
                    random.decide(&d.view(s), &legal).action
                };
                d.apply(a).unwrap();
            }
            total += d.payoffs()[me as usize];
        }
        assert!(total > 0.0, "level 1 against level 0: {total}");
    }
}
