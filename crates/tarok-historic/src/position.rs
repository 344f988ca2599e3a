//! Position strings: one line for a card-play position (in the spirit of chess FEN).
//!
//! `preset dealer|hand0/hand1/…|tricks|current|to-act`
//!
//! (The preset comes first, followed by a space, so that `tarok legal` can pick the family.)
//!
//! * hands: cards separated by spaces; `?` or `?N` stands for one or N unknown cards;
//! * tricks: the finished tricks, `leader:card card card`, separated by `,`;
//! * current: the trick in progress, `leader:cards` (`leader:` when nobody has played yet);
//! * to-act: the seat to play, which must agree with the current trick.
//!
//! Every hand holds as many cards as the deal gives it at that point: the game's hand size,
//! less one for each trick it has played to.
//!
//! Example: `dk-1829-en-deux 1|T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T5 HK X SD S10
//! S9 S8 S7 S6 S3 S2/?22|0:SK S5,0:T2 T4|1:H7|0` (one line; after two tricks P0 holds 23 cards
//! and P1, who has led H7, 22; P0 must follow hearts with HK or play the Scus).

use crate::deal::{pack, Deal, Phase};
use crate::play::{legal_cards, winner_index};
use crate::ruleset::{Game, Ruleset};
use tarok_core::{Card, CardSet};

/// A parsed card-play position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub rules: Ruleset,
    pub dealer: u8,
    /// Known cards of each hand.
    pub hands: Vec<CardSet>,
    /// Unknown cards of each hand.
    pub unknown: Vec<u32>,
    /// Finished tricks: leader and cards.
    pub tricks: Vec<(u8, Vec<Card>)>,
    pub leader: u8,
    pub current: Vec<Card>,
    pub to_act: u8,
}

fn cards_of(text: &str) -> Result<(CardSet, u32), String> {
    let mut set = CardSet::EMPTY;
    let mut unknown = 0;
    for t in text.split_whitespace() {
        if let Some(n) = t.strip_prefix('?') {
            let k = if n.is_empty() {
                1
            } else {
                n.parse::<u32>()
                    .map_err(|_| format!("bad unknown count {t:?}"))?
            };
            // Saturate: any huge count is refused by the hand-size check.
            unknown = u32::saturating_add(unknown, k);
            continue;
        }
        let c: Card = t
            .parse()
            .map_err(|e: tarok_core::ParseCardError| e.to_string())?;
        if set.contains(c) {
            return Err(format!("{c} appears twice"));
        }
        set.insert(c);
    }
    Ok((set, unknown))
}

fn trick_of(text: &str) -> Result<(u8, Vec<Card>), String> {
    let (l, cards) = text
        .split_once(':')
        .ok_or_else(|| format!("a trick is written leader:cards, not {text:?}"))?;
    let leader = l.trim().parse().map_err(|_| format!("bad leader {l:?}"))?;
    let cards = cards
        .split_whitespace()
        .map(|t| t.parse::<Card>().map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((leader, cards))
}

impl Position {
    pub fn parse(text: &str) -> Result<Position, String> {
        let usage = "a position is written 'preset dealer|hands|tricks|current|to-act'";
        let (preset, rest) = text.trim().split_once(char::is_whitespace).ok_or(usage)?;
        let mut f: Vec<&str> = vec![preset];
        f.extend(rest.trim().split('|'));
        if f.len() != 6 {
            return Err(usage.into());
        }
        let rules =
            Ruleset::preset(f[0].trim()).ok_or_else(|| format!("unknown preset {:?}", f[0]))?;
        let n = rules.players();
        let dealer: u8 = f[1].trim().parse().map_err(|_| "bad dealer".to_string())?;
        let mut hands = Vec::new();
        let mut unknown = Vec::new();
        for h in f[2].split('/') {
            let (s, u) = cards_of(h)?;
            hands.push(s);
            unknown.push(u);
        }
        if hands.len() != n as usize || dealer >= n {
            return Err(format!("{} has {n} hands and seats 0..{}", rules.id, n - 1));
        }
        let tricks = f[3]
            .split(',')
            .filter(|t| !t.trim().is_empty())
            .map(trick_of)
            .collect::<Result<Vec<_>, _>>()?;
        let (leader, current) = trick_of(f[4])?;
        let to_act: u8 = f[5]
            .trim()
            .parse()
            .map_err(|_| "bad seat to act".to_string())?;
        let pos = Position {
            rules,
            dealer,
            hands,
            unknown,
            tricks,
            leader,
            current,
            to_act,
        };
        pos.check()?;
        Ok(pos)
    }

    fn check(&self) -> Result<(), String> {
        let n = self.rules.players();
        let the_pack = pack(self.rules.game);
        let mut seen = CardSet::EMPTY;
        let mut add = |c: Card| {
            // A card the game's pack lacks could never be dealt: `replay` refuses it in a
            // [Deck], so the position must too.
            if !the_pack.contains(c) {
                Err(format!(
                    "{c} is not in the {}-card pack of {}{}",
                    the_pack.len(),
                    self.rules.id,
                    if self.rules.game == Game::Quadrille {
                        " (the quadrille removes ♠A and ♣A, S1 and K1: 002 L263-264, docs/rules/1829.md §5)"
                    } else {
                        ""
                    }
                ))
            } else if seen.contains(c) {
                Err(format!("{c} appears twice in the position"))
            } else {
                seen.insert(c);
                Ok(())
            }
        };
        for h in &self.hands {
            for c in *h {
                add(c)?;
            }
        }
        let mut expected_leader = crate::deal::forhaand(self.dealer, n);
        for (l, cards) in &self.tricks {
            if cards.len() != n as usize || *l != expected_leader {
                return Err(format!("trick led by {l} is not a complete trick in turn"));
            }
            for c in cards {
                add(*c)?;
            }
            let w = winner_index(cards).ok_or("a trick needs a card other than the Scus")?;
            expected_leader = (l + w as u8) % n;
        }
        if self.leader != expected_leader || self.current.len() >= n as usize {
            return Err(format!(
                "the current trick should be led by seat {expected_leader}"
            ));
        }
        for c in &self.current {
            add(*c)?;
        }
        let to_act = (self.leader + self.current.len() as u8) % n;
        if to_act != self.to_act {
            return Err(format!("seat {to_act} is to act, not {}", self.to_act));
        }
        // Every hand holds `hand_size` cards when play starts (the dealer's Scat laid, the
        // Mediateur's exchanges one for one), and loses one per trick it has played to.
        let size = self.rules.game.hand_size() as usize;
        if self.tricks.len() >= size {
            return Err(format!(
                "{} has {size} tricks; a position with {} finished tricks has no card to play",
                self.rules.id,
                self.tricks.len()
            ));
        }
        for s in 0..n {
            let played = (s + n - self.leader) % n < self.current.len() as u8;
            let want = size - self.tricks.len() - usize::from(played);
            let have = self.hands[s as usize].len() as u64 + u64::from(self.unknown[s as usize]);
            if have != want as u64 {
                return Err(format!(
                    "seat {s} holds {have} cards; in {} each hand holds {size} when play starts, so after {} tricks{} it holds {want}",
                    self.rules.id,
                    self.tricks.len(),
                    if played { " and its card in the current one" } else { "" }
                ));
            }
        }
        if self.unknown[to_act as usize] > 0 {
            return Err(format!(
                "the hand of seat {to_act}, who is to act, must be fully known"
            ));
        }
        Ok(())
    }

    /// The cards the player to act may play.
    pub fn legal_cards(&self) -> CardSet {
        legal_cards(&self.rules, self.hands[self.to_act as usize], &self.current)
    }
}

impl Deal {
    /// The position string of a deal in card play (all hands known); `None` in other phases.
    pub fn position(&self) -> Option<String> {
        if self.phase != Phase::Play {
            return None;
        }
        let n = self.n as usize;
        let hands: Vec<String> = (0..n).map(|s| self.hands[s].to_string()).collect();
        let tricks: Vec<String> = self
            .tricks()
            .iter()
            .map(|t| format!("{}:{}", t.leader, join(&t.cards[..n])))
            .collect();
        let (leader, cur) = self.current_trick();
        Some(format!(
            "{} {}|{}|{}|{}:{}|{}",
            self.rules.id,
            self.dealer,
            hands.join("/"),
            tricks.join(","),
            leader,
            join(cur),
            self.current_player()
                .expect("card play has a player to act")
        ))
    }
}

fn join(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
