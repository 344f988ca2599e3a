//! A one-line position string for a card-play position, in the spirit of chess FEN: for
//! puzzles, analysis and bug reports. Unknown cards are allowed.
//!
//! Fields, separated by spaces:
//!
//! 1. the preset, e.g. `dk-dtf-2011`;
//! 2. the hands of seats 0 (forhånd), 1 (mellemhånd), 2 (dealer), separated by `/`; each a
//!    comma-separated card list, `?N` for N unknown cards, `-` for an empty hand;
//! 3. the trick number, 1 to 25;
//! 4. the current trick: `leader:cards` (cards in play order, comma-separated, or `-`);
//! 5. the skus's name and the renaming right: `name/right`, name `S H R K T` or `-`, right
//!    `-` none, `2` second hand may rename, `3` third hand may, `u` used;
//! 6. tricks won by seats 0, 1, 2: `a,b,c`;
//! 7. flags: `d` the skus was demanded, `q0` `q1` `q2` the demand round with that many asked,
//!    `-` none.
//!
//! Example: `dk-dtf-2011 X,HK/?1/SK,S2 24 1:S9 -/- 8,7,8 -`.
//!
//! The renaming right is given in field 5, so no hidden card is needed to list the legal
//! actions; the player to act must have a fully known hand, of at least one card. A hand may
//! list fewer cards than the trick number leaves it (a study), never more.

use crate::action::Named;
use crate::deal::{Dab, Deal, PositionSetup, Trick};
use crate::ruleset::Preset;
use tarok_core::{Card, CardSet, Seat};

/// Why a position string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad position (field {field}): {why}. Format: PRESET HAND0/HAND1/HAND2 TRICK LEADER:CARDS NAME/RIGHT WON0,WON1,WON2 FLAGS, e.g. \"dk-dtf-2011 X,HK/?1/SK,S2 24 1:S9 -/- 8,7,8 -\"")]
pub struct PositionError {
    pub field: usize,
    pub why: String,
}

fn hand_text(set: CardSet, unknown: u32) -> String {
    let mut parts: Vec<String> = set
        .to_string()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if unknown > 0 {
        parts.push(format!("?{unknown}"));
    }
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(",")
    }
}

/// Writes the position of `deal`. With `viewer`, only that seat's hand is shown; the others are
/// unknown cards.
pub fn write(deal: &Deal, viewer: Option<Seat>) -> String {
    let p = deal.position_setup();
    let hands: Vec<String> = (0..3)
        .map(|s| match viewer {
            Some(v) if v != s => hand_text(CardSet::EMPTY, p.hands[s as usize].len()),
            _ => hand_text(p.hands[s as usize], 0),
        })
        .collect();
    let cards: Vec<String> = p.trick.cards[..p.trick.n as usize]
        .iter()
        .map(|c| c.to_string())
        .collect();
    let trick = format!(
        "{}:{}",
        p.trick.leader,
        if cards.is_empty() {
            "-".into()
        } else {
            cards.join(",")
        }
    );
    let name = p.trick.named.map_or("-".to_string(), |n| n.to_string());
    let dab = match p.trick.dab {
        Dab::None => "-",
        Dab::Second => "2",
        Dab::Third => "3",
        Dab::Used => "u",
    };
    let mut flags = String::new();
    if p.demanded {
        flags.push('d');
    }
    if let Some(a) = p.demand_asked {
        flags.push_str(&format!("q{a}"));
    }
    if flags.is_empty() {
        flags.push('-');
    }
    format!(
        "{} {} {} {} {}/{} {},{},{} {}",
        deal.rules().id(),
        hands.join("/"),
        p.trick_no,
        trick,
        name,
        dab,
        p.tricks_won[0],
        p.tricks_won[1],
        p.tricks_won[2],
        flags
    )
}

/// Refuses a renaming right (dåbsret) that no play can have led to, so that `tarok legal` never
/// offers a rename the game does not allow. The right arises only when the skus is led as a suit
/// that neither other player holds (Møller 000 L591-596; docs/rules/danish.md §9: never
/// for "tarok"), and only under a preset with the right. It belongs to the second hand before
/// he plays, and passes to the third hand when the second plays without renaming (000 L596-597).
/// A rename names a suit, trumps only where the preset's switch allows it (§8.4.2 item 3,
/// AMB-14).
fn check_renaming_right(trick: &Trick, hands: &[CardSet; 3], preset: Preset) -> Result<(), String> {
    let rules = preset.ruleset();
    let skus_led = trick.n > 0 && trick.cards[0].is_skus();
    let right = match trick.dab {
        Dab::None => return Ok(()),
        Dab::Second => "2",
        Dab::Third => "3",
        Dab::Used => "u",
    };
    if !skus_led {
        return Err(format!(
            "a renaming right ({right}) exists only in a trick led by the skus (Møller 000 L591-596); write -"
        ));
    }
    if !rules.skus_renaming_right {
        return Err(format!("{} has no renaming right; write -", preset.id()));
    }
    if trick.dab == Dab::Used {
        if trick.named == Some(Named::Trump) && !rules.skus_rename_may_name_trump {
            return Err(format!(
                "the skus named tarok has no renaming right, and under {} a rename names a suit, never tarok (docs/rules/danish.md §9); write -",
                preset.id()
            ));
        }
        return Ok(());
    }
    let (holder, cards_played) = if trick.dab == Dab::Second {
        ("second", 1)
    } else {
        ("third", 2)
    };
    if trick.n != cards_played {
        return Err(format!(
            "the renaming right {right} belongs to the {holder} hand before he plays, when the trick holds {cards_played} card(s), not {} (Møller 000 L591-597)",
            trick.n
        ));
    }
    let Some(Named::Suit(suit)) = trick.named else {
        return Err(format!(
            "the skus led as tarok gives no renaming right (docs/rules/danish.md §9); write -/-, not {right}"
        ));
    };
    let named = Named::Suit(suit).cards();
    for i in 1..3 {
        let seat = trick.seat_of(i);
        if !(hands[seat as usize] & named).is_empty() {
            return Err(format!(
                "seat {seat} holds a card of {suit}, so the skus led as {suit} gives no renaming right (Møller 000 L591-596); write -"
            ));
        }
    }
    if trick.n == 2 && named.contains(trick.cards[1]) {
        return Err(format!(
            "seat {} played {} to the skus led as {suit}, so he held {suit} and there is no renaming right (Møller 000 L591-596); write -",
            trick.seat_of(1),
            trick.cards[1]
        ));
    }
    Ok(())
}

/// Reads a position string into a deal in card play.
pub fn parse(text: &str) -> Result<Deal, PositionError> {
    let err = |field: usize, why: String| PositionError { field, why };
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 7 {
        return Err(err(0, format!("expected 7 fields, found {}", fields.len())));
    }
    let preset = Preset::parse(fields[0])
        .ok_or_else(|| err(1, format!("unknown Danish preset {:?}", fields[0])))?;
    let hand_fields: Vec<&str> = fields[1].split('/').collect();
    if hand_fields.len() != 3 {
        return Err(err(2, "give three hands separated by /".into()));
    }
    let mut hands = [CardSet::EMPTY; 3];
    let mut unknown = [0u32; 3];
    for (s, h) in hand_fields.iter().enumerate() {
        for token in h.split(',').filter(|t| !t.is_empty() && *t != "-") {
            if let Some(n) = token.strip_prefix('?') {
                let n = n
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n <= 28)
                    .ok_or_else(|| err(2, format!("bad unknown count {token:?}")))?;
                unknown[s] += n;
                continue;
            }
            let c: Card = token
                .parse()
                .map_err(|e: tarok_core::ParseCardError| err(2, e.to_string()))?;
            if (hands[0] | hands[1] | hands[2]).contains(c) {
                return Err(err(2, format!("{c} is in two hands")));
            }
            hands[s].insert(c);
        }
    }
    let trick_no: u8 = fields[2]
        .parse()
        .ok()
        .filter(|n| (1..=25).contains(n))
        .ok_or_else(|| err(3, "the trick number is 1 to 25".into()))?;
    let (leader, cards) = fields[3]
        .split_once(':')
        .ok_or_else(|| err(4, "write the trick as LEADER:CARDS".into()))?;
    let leader: Seat = leader
        .parse()
        .ok()
        .filter(|&l| l < 3)
        .ok_or_else(|| err(4, "the leader is seat 0, 1 or 2".into()))?;
    let mut trick = Trick::new(leader);
    for token in cards.split(',').filter(|t| !t.is_empty() && *t != "-") {
        let c: Card = token
            .parse()
            .map_err(|e: tarok_core::ParseCardError| err(4, e.to_string()))?;
        if (hands[0] | hands[1] | hands[2]).contains(c)
            || trick.cards[..trick.n as usize].contains(&c)
        {
            return Err(err(4, format!("{c} is both in the trick and elsewhere")));
        }
        if trick.n == 3 {
            return Err(err(4, "a trick in progress has at most 2 cards".into()));
        }
        trick.cards[trick.n as usize] = c;
        trick.n += 1;
    }
    if trick.n == 3 {
        return Err(err(4, "a trick in progress has at most 2 cards".into()));
    }
    let (name, dab) = fields[4]
        .split_once('/')
        .ok_or_else(|| err(5, "write NAME/RIGHT, e.g. -/-".into()))?;
    trick.named = match name {
        "-" => None,
        "T" | "t" => Some(Named::Trump),
        s => Some(Named::Suit(
            tarok_core::Suit::parse(s).ok_or_else(|| err(5, format!("unknown name {s:?}")))?,
        )),
    };
    if trick.named.is_some() != (trick.n > 0 && trick.cards[0].is_skus()) {
        return Err(err(
            5,
            "a name is given exactly when the skus was led".into(),
        ));
    }
    trick.dab = match dab {
        "-" => Dab::None,
        "2" => Dab::Second,
        "3" => Dab::Third,
        "u" => Dab::Used,
        s => return Err(err(5, format!("unknown renaming state {s:?}"))),
    };
    check_renaming_right(&trick, &hands, preset).map_err(|why| err(5, why))?;
    let won: Vec<u8> = fields[5]
        .split(',')
        .map(|w| w.parse::<u8>())
        .collect::<Result<_, _>>()
        .map_err(|_| err(6, "tricks won are three numbers".into()))?;
    if won.len() != 3 || won.iter().map(|&w| w as u32).sum::<u32>() != trick_no as u32 - 1 {
        return Err(err(
            6,
            format!(
                "tricks won must be three numbers adding up to {}",
                trick_no - 1
            ),
        ));
    }
    let mut demanded = false;
    let mut demand_asked = None;
    let flags = fields[6];
    if flags != "-" {
        let mut chars = flags.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                'd' => demanded = true,
                'q' => {
                    let n = chars
                        .next()
                        .and_then(|d| d.to_digit(10))
                        .filter(|&d| d < 3)
                        .ok_or_else(|| err(7, "q is followed by 0, 1 or 2".into()))?;
                    demand_asked = Some(n as u8);
                }
                other => return Err(err(7, format!("unknown flag {other:?}"))),
            }
        }
    }
    // A hand holds at most what 25 tricks leave at this trick, less the card it has put on
    // it. Fewer is allowed: a study may leave out cards that play no part.
    for s in 0..3u8 {
        let played = ((s + 3 - leader) % 3) < trick.n;
        let due = 26 - trick_no as u32 - played as u32;
        let held = hands[s as usize].len() + unknown[s as usize];
        if held > due {
            return Err(err(
                2,
                format!("seat {s} holds {held} cards, but at trick {trick_no} at most {due}"),
            ));
        }
    }
    if trick_no == 24 && trick.cards[..trick.n as usize].contains(&Card::SKUS) {
        return Err(err(
            4,
            "the skus is never played in trick 24 (Møller 000 L1843-1845)".into(),
        ));
    }
    let rules = preset.ruleset();
    if trick_no == 25
        && trick.n == 0
        && rules.skus_last_trick == crate::ruleset::LastTrickSkus::LeadPasses
        && hands[leader as usize] == CardSet::single(Card::SKUS)
    {
        return Err(err(
            4,
            format!("under {} a player left with the skus alone does not lead the last trick: the lead passes on (Møller 000 L588-590)", preset.id()),
        ));
    }
    let to_act = if demand_asked.is_some() {
        (leader + demand_asked.unwrap_or(0)) % 3
    } else {
        (leader + trick.n) % 3
    };
    if unknown[to_act as usize] > 0 {
        return Err(err(
            2,
            format!("the hand of seat {to_act}, who is to act, must be fully known"),
        ));
    }
    if hands[to_act as usize].is_empty() {
        return Err(err(2, format!("seat {to_act} is to act and holds no card")));
    }
    let setup = PositionSetup {
        hands,
        trick_no,
        trick,
        tricks_won: [won[0], won[1], won[2]],
        demanded,
        demand_asked,
    };
    let deal = Deal::from_position(rules, &setup);
    // A position is read for `tarok legal` and `tarok hint`: one that is not over must leave
    // the player to act something to do, or there is nothing to list or advise. (A study may
    // leave a hand with only the skus in trick 24, which may not be played there: Møller 000
    // L1843-1845.)
    if !deal.is_over() && deal.legal_actions().is_empty() {
        let held = hand_text(hands[to_act as usize], 0);
        return Err(err(
            2,
            format!("seat {to_act} is to act but has no legal action with the hand {held} in trick {trick_no}"),
        ));
    }
    Ok(deal)
}
