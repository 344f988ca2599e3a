//! One-line position strings (in the spirit of chess FEN) for a card-play position.
//!
//! ```text
//! at-koenigrufen-spieleversum dreier 1 ?11/T22.T15.T3.HK.H4.S9.S8.K10.K7.R2.RK.RD/?12/?12 0:H2 to=1
//! ```
//! Fields, separated by spaces: the preset; the contract; the declarer seat(s) (comma-separated);
//! the four hands (seat 0..3, separated by `/`, cards by `.`, `?N` for N unknown cards); the tricks
//! so far, each `leader:cards` (the last may be incomplete; `leader:` alone for an empty trick);
//! optionally `birds=` the announced birds, by dots (they must be given up from the highest, \[L401\]);
//! `to=` the player to act (it follows from the tricks and is checked against them).

use crate::cards::{parse_card, BIRDS};
use crate::contract::Contract;
use crate::deal::DealState;
use crate::play::PlayState;
use crate::ruleset::{Ruleset, PRESET};
use crate::view::{tricks_of, View};
use crate::{Phase, Premium};
use tarok_core::{Card, CardSet};

/// A parsed position: the play state and which hands are known.
#[derive(Clone, Debug)]
pub struct Position {
    pub contract: Contract,
    pub declarers: Vec<u8>,
    pub play: PlayState,
    pub known: [bool; 4],
    /// Unknown card counts per seat (0 for known hands).
    pub unknown: [u8; 4],
}

fn cards_text(set: CardSet) -> String {
    set.to_string().replace(' ', ".")
}

/// The position string of a deal in its card play, showing the hands of the seats in `visible`
/// (bitmask) and `?N` for the others.
pub fn to_position(d: &DealState, visible: u8) -> Option<String> {
    let c = d.contract?;
    if !matches!(d.phase, crate::deal::Phase::Play | crate::deal::Phase::Over) || d.schleifen {
        return None;
    }
    let p = &d.play;
    let hands: Vec<String> = (0..4)
        .map(|s| {
            if visible & (1 << s) != 0 {
                cards_text(p.hands[s])
            } else {
                format!("?{}", p.hands[s].len())
            }
        })
        .collect();
    let mut tricks = Vec::new();
    for t in 0..p.tricks_done() as usize {
        let cs: Vec<String> = p.cards[4 * t..4 * t + 4]
            .iter()
            .map(|c| c.to_string())
            .collect();
        tricks.push(format!("{}:{}", p.leaders[t], cs.join(".")));
    }
    if !p.played.is_multiple_of(4) || p.played == 0 {
        let cs: Vec<String> = p.current_trick().iter().map(|c| c.to_string()).collect();
        tricks.push(format!("{}:{}", p.leader, cs.join(".")));
    }
    let decl: Vec<String> = (0..4)
        .filter(|s| d.declarers & (1 << s) != 0)
        .map(|s: u8| s.to_string())
        .collect();
    let mut out = format!(
        "{PRESET} {} {} {} {}",
        c.token(),
        decl.join(","),
        hands.join("/"),
        tricks.join(",")
    );
    if !p.bird_guard.is_empty() {
        out.push_str(&format!(" birds={}", cards_text(p.bird_guard)));
    }
    if !p.is_over() {
        out.push_str(&format!(" to={}", p.to_act()));
    }
    Some(out)
}

fn parse_list(s: &str) -> Result<Vec<Card>, String> {
    s.split('.')
        .filter(|t| !t.is_empty())
        .map(parse_card)
        .collect()
}

impl Position {
    pub fn parse(text: &str) -> Result<Position, String> {
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() < 5 {
            return Err(
                "a position has: preset contract declarers hands tricks [birds=...]".into(),
            );
        }
        if f[0] != PRESET {
            return Err(format!("unknown preset {:?}", f[0]));
        }
        let contract =
            Contract::parse(f[1]).ok_or_else(|| format!("unknown contract {:?}", f[1]))?;
        let declarers: Vec<u8> = f[2]
            .split(',')
            .map(|s| s.parse::<u8>().ok().filter(|&x| x < 4))
            .collect::<Option<_>>()
            .ok_or("declarers are seats 0..3")?;
        if (1..declarers.len()).any(|i| declarers[..i].contains(&declarers[i])) {
            return Err(format!("declarers {:?}: a seat is named twice", f[2]));
        }
        let hand_fields: Vec<&str> = f[3].split('/').collect();
        if hand_fields.len() != 4 {
            return Err("four hands separated by '/'".into());
        }
        let mut hands = [CardSet::EMPTY; 4];
        let mut known = [true; 4];
        let mut unknown = [0u8; 4];
        for (s, h) in hand_fields.iter().enumerate() {
            if let Some(n) = h.strip_prefix('?') {
                known[s] = false;
                unknown[s] = n.parse().map_err(|_| format!("bad unknown count {h:?}"))?;
            } else {
                for c in parse_list(h)? {
                    hands[s].insert(c);
                }
            }
        }
        let mut seq: Vec<(u8, Vec<Card>)> = Vec::new();
        for t in f[4].split(',').filter(|t| !t.is_empty()) {
            let (l, cs) = t.split_once(':').ok_or_else(|| {
                format!("bad trick {t:?}: write each trick as leader:cards, e.g. 1:T22.HK (before the first card, the leader alone: 1:)")
            })?;
            let l: u8 = l
                .parse()
                .ok()
                .filter(|&x| x < 4)
                .ok_or("trick leader is a seat 0..3")?;
            seq.push((l, parse_list(cs)?));
        }
        if seq.is_empty() {
            return Err("give at least the first leader, e.g. '1:'".into());
        }
        let mut bird_guard = CardSet::EMPTY;
        let mut to_act: Option<u8> = None;
        for extra in &f[5..] {
            if let Some(t) = extra.strip_prefix("to=") {
                to_act = Some(t.parse().map_err(|_| format!("bad field {extra:?}"))?);
            } else if let Some(b) = extra.strip_prefix("birds=") {
                for c in parse_list(b)? {
                    // Only tarock I to III are birds (Vögel, L97): no other card has a bird premium.
                    if !BIRDS.contains(c) {
                        return Err(format!(
                            "birds= lists the birds T1, T2 and T3 only, not {c}"
                        ));
                    }
                    bird_guard.insert(c);
                }
            } else {
                return Err(format!("unknown field {extra:?}"));
            }
        }
        // A position plays by its preset's rules, as the deal does: a decided negative game
        // ends (§12.5, A35), so it lists no legal cards.
        let mask = declarers.iter().fold(0, |m, &s| m | (1 << s));
        let sw = Ruleset::spieleversum().switches;
        let mut play = PlayState::for_contract(contract, &sw, hands, seq[0].0, mask);
        play.bird_guard = bird_guard;
        let mut seen = CardSet::EMPTY;
        for (s, h) in hands.iter().enumerate() {
            if let Some(c) = (seen & *h).iter().next() {
                let first = hands.iter().position(|o| o.contains(c)).unwrap_or(s);
                return Err(format!(
                    "a card is in two hands: {c} is in the hands of P{first} and P{s}"
                ));
            }
            seen |= *h;
        }
        let n = seq.len();
        for (i, (leader, cs)) in seq.iter().enumerate() {
            if *leader != play.leader {
                return Err(format!(
                    "trick {} is led by P{leader}, but P{} won the trick before",
                    i + 1,
                    play.leader
                ));
            }
            if cs.len() > 4 || (i + 1 < n && cs.len() != 4) {
                return Err(format!("trick {} has {} cards", i + 1, cs.len()));
            }
            for &c in cs {
                if play.is_over() {
                    return Err(format!(
                        "{c} is played after the end: the {contract} was decided in trick {} (Spieleversum §12.5, L592, L793)",
                        play.tricks_done()
                    ));
                }
                if seen.contains(c) {
                    return Err(format!("card {c} appears twice"));
                }
                seen.insert(c);
                let s = play.to_act() as usize;
                if known[s] {
                    // Known hands hold their played cards too while replaying.
                    play.hands[s].insert(c);
                    play.play(c).map_err(|e| format!("{c} by P{s}: {e}"))?;
                } else {
                    play.play_unchecked(c);
                }
            }
        }
        if let Some(t) = to_act {
            if t != play.to_act() {
                return Err(format!(
                    "to={t}, but after these tricks P{} is to act",
                    play.to_act()
                ));
            }
        }
        // Each player holds 12 cards less those he has played (§4.5).
        let in_trick = play.played as usize % 4;
        for s in 0..4 {
            let played = play.played as usize / 4
                + usize::from((s + 4 - play.leader as usize) % 4 < in_trick);
            let holds = if known[s] {
                play.hands[s].len() as usize
            } else {
                unknown[s] as usize
            };
            if holds != 12 - played {
                return Err(format!(
                    "P{s} holds {holds} cards, but after these tricks P{s} has {} (12 less the {played} played)",
                    12 - played
                ));
            }
        }
        Ok(Position {
            contract,
            declarers,
            play,
            known,
            unknown,
        })
    }

    pub fn to_act(&self) -> u8 {
        self.play.to_act()
    }

    /// The view of the player to act, as far as the position tells it: his hand, the contract,
    /// the declarers and the tricks. The called king, the talon and the bidding are not in a
    /// position. Vorhand is the first leader, as in positive games and Trischaken (§11); in the
    /// other negative games the declarer leads and Vorhand is unknown, so the first leader
    /// stands in (card play does not depend on it). An announced bird in his hand is taken to
    /// be his own announcement: its holder keeps it for its trick (\[L401\]).
    pub fn view(&self) -> Result<View, String> {
        let seat = self.to_act();
        self.legal_cards()?;
        let p = &self.play;
        let vorhand = if p.tricks_done() == 0 {
            p.leader
        } else {
            p.leaders[0]
        };
        Ok(View {
            seat,
            ruleset: Ruleset::spieleversum(),
            dealer: (vorhand + 3) % 4,
            vorhand,
            phase: Phase::Play,
            to_act: Some(seat),
            hand: p.hands[seat as usize],
            contract: Some(self.contract),
            declarers: self.declarers.clone(),
            called_king: None,
            fourth_king: false,
            talon: None,
            half_taken: None,
            own_discard: None,
            shown_discard: CardSet::EMPTY,
            // The birds are tarock I to III, cards 0 to 2, as their premiums are 0 to 2.
            announcements: (p.bird_guard & p.hands[seat as usize])
                .iter()
                .map(|bird| (seat, Premium::ALL[bird.index() as usize]))
                .collect(),
            log: Vec::new(),
            tricks: tricks_of(p),
            tricks_won: p.tricks_won,
            open_hands: None,
            hand_sizes: [0, 1, 2, 3].map(|x| p.hands[x].len() as u8 + self.unknown[x]),
        })
    }

    /// The legal cards of the player to act; his hand must be known.
    pub fn legal_cards(&self) -> Result<CardSet, String> {
        if self.play.is_over() {
            return Err("the card play is over".into());
        }
        let s = self.to_act();
        if !self.known[s as usize] {
            return Err(format!("the hand of P{s}, who is to act, is unknown"));
        }
        Ok(self.play.legal_cards())
    }
}
