//! The one record of a deal, for every family: what the deal started from (preset, rules
//! version, house rules, seed or deck, dealer, the family's setup), every action by the seat
//! that took it, and the stated result. Records are event-sourced: [`replay`] rebuilds the deal
//! from them, refuses any action the rules refuse, and refuses a record whose stated result is
//! not the replay's.
//!
//! The text form is tag pairs (in the spirit of bridge's PBN) and one action a line:
//!
//! ```text
//! [Record "1"]
//! [Preset "at-koenigrufen-spieleversum"]
//! [Version "1"]
//! [Rules "opponents_may_announce=false"]
//! [Seed "3"]
//! [Dealer "3"]
//! [Players "Anna, Bent, You, Dorte"]
//! [Result "P0:-2 P1:+6 P2:-2 P3:-2"]
//! ; comments for people (the settlement lines); not read back
//! P0 bid:solo
//! P1 pass
//! ```
//!
//! The JSON form is the same fields (see [`Record`]); a file may hold several records, one
//! after the other in text, or as a JSON list.

use crate::payment::{Balances, Party};
use crate::tags::{lines, strip_comment, SeenTags};
use crate::{Game, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The version of this record format, in its `[Record "…"]` tag and JSON `"record"` field.
pub const FORMAT: u32 = 1;

/// One deal's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The record format's version ([`FORMAT`]).
    pub record: u32,
    /// The preset id, e.g. `dk-dtf-2011`.
    pub preset: String,
    /// The version of the preset's rules the deal was played under: another version may
    /// settle the same play differently, so a record replays only under its own.
    pub version: u32,
    /// House rules over the preset, `name=value` separated by spaces, with the names
    /// `tarok rules PRESET` lists (see [`crate::overrides`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rules: String,
    /// The seed the deck was shuffled from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The deck in dealing order, for deals dealt from real cards; with a seed as well, the
    /// two must agree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    /// The seat that dealt.
    pub dealer: Seat,
    /// The family's situation at the start beyond the rules, `name=value` separated by
    /// spaces (Danish Tarok: the ante, the cups, the table and who sits out).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub setup: String,
    /// The players' names by deal seat, for people (optional; a replay does not read them).
    /// The text form joins them with ", ", so a name holds no comma.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// Every action in order.
    #[serde(default)]
    pub actions: Vec<Step>,
    /// The stated result: each party's net, players `P0`, `P1`, … and pools `cup0`, `cup1`, …
    /// (a pool that neither gains nor loses may be left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<BTreeMap<String, i32>>,
    /// Lines for people (the settlement), written as comments; a reader ignores them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// One action of a record and the seat that took it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub seat: Seat,
    /// The action in the family's notation.
    pub action: String,
}

/// The tags of the text form, in the order the writer writes them.
const TAGS: [&str; 10] = [
    "Record", "Preset", "Version", "Rules", "Seed", "Deck", "Dealer", "Setup", "Players", "Result",
];

impl Record {
    /// The record of a deal about to start, with nothing played.
    pub fn new(preset: &str, version: u32, dealer: Seat) -> Record {
        Record {
            record: FORMAT,
            preset: preset.to_string(),
            version,
            rules: String::new(),
            seed: None,
            deck: None,
            dealer,
            setup: String::new(),
            players: Vec::new(),
            actions: Vec::new(),
            result: None,
            notes: Vec::new(),
        }
    }

    /// The same start with no actions, result or notes.
    pub fn header(&self) -> Record {
        Record {
            actions: Vec::new(),
            result: None,
            notes: Vec::new(),
            ..self.clone()
        }
    }

    /// The text form.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| out.push_str(&format!("[{name} \"{value}\"]\n"));
        tag("Record", &self.record.to_string());
        tag("Preset", &self.preset);
        tag("Version", &self.version.to_string());
        if !self.rules.is_empty() {
            tag("Rules", &self.rules);
        }
        if let Some(seed) = self.seed {
            tag("Seed", &seed.to_string());
        }
        if let Some(deck) = &self.deck {
            tag("Deck", deck);
        }
        tag("Dealer", &self.dealer.to_string());
        if !self.setup.is_empty() {
            tag("Setup", &self.setup);
        }
        if !self.players.is_empty() {
            tag("Players", &self.players.join(", "));
        }
        if let Some(result) = &self.result {
            tag("Result", &result_text(result));
        }
        for note in &self.notes {
            out.push_str(&format!("; {note}\n"));
        }
        for step in &self.actions {
            out.push_str(&format!("P{} {}\n", step.seat, step.action));
        }
        out
    }

    /// The JSON form.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a record serialises")
    }

    /// Reads one record in the text form; errors name the line.
    pub fn from_text(text: &str) -> Result<Record, String> {
        let mut seen = SeenTags::default();
        let mut tags: BTreeMap<&str, String> = BTreeMap::new();
        let mut actions = Vec::new();
        for (i, raw) in lines(text).enumerate() {
            let n = i + 1;
            let line = strip_comment(raw).trim();
            if line.is_empty() {
                continue;
            }
            let at = |why: String| format!("line {n}: {why}");
            if let Some(pair) = line.strip_prefix('[') {
                let (name, value) = tag_pair(pair).map_err(at)?;
                if !actions.is_empty() {
                    return Err(at(format!(
                        "the tag [{name}] comes after the actions; tags come first"
                    )));
                }
                seen.note(name, n, &TAGS).map_err(at)?;
                tags.insert(name, value.to_string());
                continue;
            }
            actions.push(step(line).map_err(at)?);
        }
        let get = |name: &str| tags.get(name).map(String::as_str);
        let need = |name: &str| get(name).ok_or_else(|| format!("the record has no [{name}] tag"));
        let number = |name: &str, v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("[{name} \"{v}\"] is not a whole number"))
        };
        let record = number("Record", need("Record")?)?;
        if record != FORMAT as u64 {
            return Err(format!(
                "this is record format {record}; this program reads format {FORMAT}"
            ));
        }
        let dealer = number("Dealer", need("Dealer")?)?;
        Ok(Record {
            record: FORMAT,
            preset: need("Preset")?.to_string(),
            version: number("Version", need("Version")?)? as u32,
            rules: get("Rules").unwrap_or_default().to_string(),
            seed: get("Seed").map(|v| number("Seed", v)).transpose()?,
            deck: get("Deck").map(str::to_string),
            dealer: Seat::try_from(dealer).map_err(|_| format!("no seat {dealer} deals"))?,
            setup: get("Setup").unwrap_or_default().to_string(),
            players: get("Players").map(players).unwrap_or_default(),
            actions,
            result: get("Result").map(parse_result).transpose()?,
            notes: Vec::new(),
        })
    }

    /// Reads one record in the JSON form.
    pub fn from_json(value: serde_json::Value) -> Result<Record, String> {
        let record: Record =
            serde_json::from_value(value).map_err(|e| format!("not a record: {e}"))?;
        if record.record != FORMAT {
            return Err(format!(
                "this is record format {}; this program reads format {FORMAT}",
                record.record
            ));
        }
        if let Some(result) = &record.result {
            parse_result(&result_text(result))?;
        }
        Ok(record)
    }
}

/// Whether `text` is in this record format (rather than a family's older one): a text record
/// with a `[Record "…"]` tag, or JSON with a `"record"` field (in its first record if a list).
pub fn is_record(text: &str) -> bool {
    let text = text.trim_start_matches('\u{feff}').trim_start();
    if text.starts_with('{') || text.starts_with('[') && !text.starts_with("[Record") {
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(text) {
            let first = v.as_array().and_then(|a| a.first()).unwrap_or(&v);
            return first.get("record").is_some();
        }
    }
    lines(text).any(|l| strip_comment(l).trim().starts_with("[Record "))
}

/// Every record of a file, text or JSON (one object, or a list of them).
pub fn read_all(text: &str) -> Result<Vec<Record>, String> {
    let text = text.trim_start_matches('\u{feff}');
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') && !trimmed.starts_with("[Record") {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("the record is not valid JSON: {e}"))?;
        return match value {
            serde_json::Value::Array(list) => list
                .into_iter()
                .enumerate()
                .map(|(i, v)| Record::from_json(v).map_err(|e| format!("record {}: {e}", i + 1)))
                .collect(),
            v => Ok(vec![Record::from_json(v)?]),
        };
    }
    // A record begins at its [Record] tag; line numbers stay those of the file.
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in crate::tags::lines_inclusive(text) {
        if strip_comment(line).trim().starts_with("[Record ") {
            starts.push(offset);
        }
        offset += line.len();
    }
    if starts.is_empty() {
        return Err("the file holds no [Record \"…\"] tag".into());
    }
    let mut out = Vec::new();
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(text.len());
        let first_line = text[..start].matches('\n').count();
        let padded = format!("{}{}", "\n".repeat(first_line), &text[start..end]);
        let record = Record::from_text(&padded).map_err(|e| {
            if starts.len() > 1 {
                format!("record {}: {e}", k + 1)
            } else {
                e
            }
        })?;
        out.push(record);
    }
    Ok(out)
}

/// `Name "value"]` of a tag line (after its `[`).
fn tag_pair(pair: &str) -> Result<(&str, &str), String> {
    let pair = pair
        .strip_suffix(']')
        .ok_or_else(|| "a tag ends with ']'".to_string())?;
    let (name, value) = pair
        .split_once(' ')
        .ok_or_else(|| "a tag is [Name \"value\"]".to_string())?;
    let value = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| format!("the value of [{name}] is in double quotes"))?;
    Ok((name, value))
}

/// The names of a `[Players]` tag: separated by commas, spaces around them left out.
fn players(text: &str) -> Vec<String> {
    if text.trim().is_empty() {
        return Vec::new();
    }
    text.split(',').map(|n| n.trim().to_string()).collect()
}

/// `P<seat> <action>`.
fn step(line: &str) -> Result<Step, String> {
    let (seat, action) = line
        .split_once(char::is_whitespace)
        .ok_or_else(|| format!("{line:?} is not an action line (P<seat> <action>)"))?;
    let seat = seat
        .strip_prefix('P')
        .and_then(|s| s.parse::<Seat>().ok())
        .ok_or_else(|| format!("an action line begins with its seat (P0, P1, …), not {seat:?}"))?;
    Ok(Step {
        seat,
        action: action.trim().to_string(),
    })
}

/// The text of a stated result: `P0:-45 P1:-5 cup0:+5`.
fn result_text(result: &BTreeMap<String, i32>) -> String {
    let mut parties: Vec<(Party, i32)> = result
        .iter()
        .filter_map(|(k, &v)| party(k).ok().map(|p| (p, v)))
        .collect();
    parties.sort_by_key(|(p, _)| match *p {
        Party::Player(s) => (0, s),
        Party::Cup(c) => (1, c),
    });
    let items: Vec<String> = parties
        .iter()
        .map(|(p, v)| format!("{}:{v:+}", party_name(*p)))
        .collect();
    items.join(" ")
}

fn parse_result(text: &str) -> Result<BTreeMap<String, i32>, String> {
    let mut out = BTreeMap::new();
    for item in text.split_whitespace() {
        let (name, value) = item
            .split_once(':')
            .ok_or_else(|| format!("[Result]: {item:?} is not party:amount (P0:-45, cup0:+5)"))?;
        party(name).map_err(|e| format!("[Result]: {e}"))?;
        let value: i32 = value
            .parse()
            .map_err(|_| format!("[Result]: {value:?} is not a whole number of points"))?;
        if out.insert(name.to_string(), value).is_some() {
            return Err(format!("[Result]: {name} is given twice"));
        }
    }
    Ok(out)
}

fn party(name: &str) -> Result<Party, String> {
    let bad = || format!("{name:?} is no party: players are P0, P1, …, pools cup0, cup1, …");
    if let Some(s) = name.strip_prefix('P') {
        let s: u8 = s.parse().map_err(|_| bad())?;
        return (s < 8).then_some(Party::Player(s)).ok_or_else(bad);
    }
    if let Some(c) = name.strip_prefix("cup") {
        let c: u8 = c.parse().map_err(|_| bad())?;
        return (c < 4).then_some(Party::Cup(c)).ok_or_else(bad);
    }
    Err(bad())
}

fn party_name(p: Party) -> String {
    match p {
        Party::Player(s) => format!("P{s}"),
        Party::Cup(c) => format!("cup{c}"),
    }
}

/// A deal's result as a record states it: every seat, and the pools that moved.
pub fn result_of(balances: &Balances, seats: u8) -> BTreeMap<String, i32> {
    let players = (0..seats).map(|s| (Party::Player(s), balances.players[s as usize]));
    let cups = (0..4u8)
        .map(|c| (Party::Cup(c), balances.cups[c as usize]))
        .filter(|&(_, v)| v != 0);
    players
        .chain(cups)
        .map(|(p, v)| (party_name(p), v))
        .collect()
}

/// A deal that a record can start: the family reads the record's preset, version, house
/// rules, seed or deck, dealer and setup, and refuses what does not make a deal of it.
pub trait Recordable: Game {
    /// The deal before the record's first action.
    fn from_record(record: &Record) -> Result<Self, String>;
}

/// A record replayed: the deal before the first action, every action (with any forced ones
/// an older writer left out), and the deal after the last.
#[derive(Clone, Debug)]
pub struct Replayed<G: Game> {
    pub start: G,
    pub actions: Vec<G::Action>,
    pub end: G,
}

/// Replays a record: every action must be legal and taken by the seat to act, and a stated
/// result must be the replay's. Forced actions (a Danish `keep`) may be left out.
pub fn replay<G: Recordable>(record: &Record) -> Result<Replayed<G>, String> {
    let start = G::from_record(record)?;
    let mut deal = start.clone();
    let mut actions = Vec::with_capacity(record.actions.len());
    for (i, step) in record.actions.iter().enumerate() {
        let at = format!("action {} (P{} {})", i + 1, step.seat, step.action);
        while deal.to_act().is_some_and(|s| s != step.seat) {
            let Some(forced) = deal.forced() else { break };
            deal.apply(forced).map_err(|e| format!("{at}: {e}"))?;
            actions.push(forced);
        }
        match deal.to_act() {
            None => return Err(format!("{at}: the deal is already over")),
            Some(s) if s != step.seat => {
                return Err(format!("{at}: it is P{s}'s turn, not P{}'s", step.seat))
            }
            Some(_) => {}
        }
        let action = deal
            .parse_action(&step.action)
            .map_err(|e| format!("{at}: {e}"))?;
        deal.apply(action).map_err(|e| {
            format!(
                "{at}: {}",
                crate::refusal::with_guide(&e.to_string(), &e, "see")
            )
        })?;
        actions.push(action);
    }
    if let Some(stated) = &record.result {
        let actual = result_of(&deal.balances(), deal.seats());
        let stated_all: BTreeMap<String, i32> = stated
            .iter()
            .filter(|(k, &v)| v != 0 || k.starts_with('P'))
            .map(|(k, &v)| (k.clone(), v))
            .collect();
        if stated_all != actual && !deal.is_over() {
            return Err(format!(
                "the record states the result {} but the deal is not over after its {} actions: is the file cut off?",
                result_text(stated),
                record.actions.len()
            ));
        }
        if stated_all != actual {
            return Err(format!(
                "the record states the result {} but the replay gives {}",
                result_text(stated),
                result_text(&actual)
            ));
        }
    }
    Ok(Replayed {
        start,
        actions,
        end: deal,
    })
}

/// The record of a deal: the start `header` (as [`Recordable::from_record`] reads it),
/// `actions` replayed from `start` to name their seats, and, once the deal is over, its
/// result and settlement lines (else a note of who is to act).
pub fn write<G: Game>(header: &Record, start: &G, actions: &[G::Action]) -> Result<Record, String> {
    let mut record = header.header();
    let mut deal = start.clone();
    for (i, &action) in actions.iter().enumerate() {
        let seat = deal
            .to_act()
            .ok_or_else(|| format!("action {} ({action}): the deal is already over", i + 1))?;
        deal.apply(action)
            .map_err(|e| format!("action {} ({action}): {e}", i + 1))?;
        record.actions.push(Step {
            seat,
            action: action.to_string(),
        });
    }
    match deal.to_act() {
        None => {
            record.result = Some(result_of(&deal.balances(), deal.seats()));
            record.notes.push("settlement".into());
            record
                .notes
                .extend(deal.settlement().iter().map(|l| l.to_string()));
        }
        Some(s) => record
            .notes
            .push(format!("the deal is not finished: P{s} is to act")),
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Record {
        let mut r = Record::new("dk-dtf-2011", 1, 2);
        r.rules = "tariff.last_trick=10".into();
        r.seed = Some(7);
        r.setup = "ante=yes cups=60,60 table=3 noncounter=0".into();
        r.actions = vec![
            Step {
                seat: 0,
                action: "keep".into(),
            },
            Step {
                seat: 2,
                action: "skat:S9,H5,K6".into(),
            },
        ];
        r.result = Some(parse_result("P0:-45 P1:-5 P2:+35 cup0:+5 cup1:+10").unwrap());
        r
    }

    #[test]
    fn text_and_json_read_back() {
        let r = sample();
        let text = r.to_text();
        assert!(text.starts_with("[Record \"1\"]\n[Preset \"dk-dtf-2011\"]\n"));
        assert!(text.contains("[Result \"P0:-45 P1:-5 P2:+35 cup0:+5 cup1:+10\"]"));
        assert!(text.ends_with("P0 keep\nP2 skat:S9,H5,K6\n"));
        assert_eq!(Record::from_text(&text).unwrap(), r);
        assert_eq!(Record::from_json(r.to_json()).unwrap(), r);
        assert!(is_record(&text) && is_record(&r.to_json().to_string()));
        assert!(!is_record("[Preset \"dk-dtf-2011\"]\n[Seed \"1\"]\n"));
    }

    /// The players' names by deal seat are the [Players] tag and the JSON's "players".
    #[test]
    fn players_read_back() {
        let mut r = sample();
        r.players = vec!["Anna".into(), "Bent".into(), "You".into()];
        let text = r.to_text();
        let tags = "[Setup \"ante=yes cups=60,60 table=3 noncounter=0\"]\n[Players \"Anna, Bent, You\"]\n[Result";
        assert!(text.contains(tags), "{text}");
        assert_eq!(Record::from_text(&text).unwrap(), r);
        let json = r.to_json();
        assert_eq!(json["players"], serde_json::json!(["Anna", "Bent", "You"]));
        assert_eq!(Record::from_json(json).unwrap(), r);
        // The start of a deal names its players.
        assert_eq!(r.header().players, r.players);
    }

    /// A record without names (as every record before the [Players] tag) still reads, and
    /// writes no tag or field for them.
    #[test]
    fn a_record_without_players_reads() {
        let r = sample();
        let text = r.to_text();
        assert!(!text.contains("[Players"), "{text}");
        assert_eq!(Record::from_text(&text).unwrap(), r);
        assert!(r.to_json().get("players").is_none());
        assert_eq!(Record::from_json(r.to_json()).unwrap(), r);
        let empty = text.replacen("[Dealer \"2\"]", "[Dealer \"2\"]\n[Players \"\"]", 1);
        assert_eq!(Record::from_text(&empty).unwrap(), r);
        // Spaces around the names are left out; the tag comes once.
        let spaced = text.replacen(
            "[Dealer \"2\"]",
            "[Dealer \"2\"]\n[Players \" Ib ,Jo,  Kim\"]",
            1,
        );
        assert_eq!(
            Record::from_text(&spaced).unwrap().players,
            ["Ib", "Jo", "Kim"]
        );
        let twice = spaced.replacen("[Players", "[Players \"A, B, C\"]\n[Players", 1);
        assert!(Record::from_text(&twice)
            .unwrap_err()
            .contains("given twice"));
    }

    #[test]
    fn several_records_in_one_file() {
        let mut second = sample();
        second.seed = Some(8);
        let text = format!("{}\n{}", sample().to_text(), second.to_text());
        assert_eq!(read_all(&text).unwrap(), vec![sample(), second.clone()]);
        let json = serde_json::json!([sample().to_json(), second.to_json()]).to_string();
        assert_eq!(read_all(&json).unwrap(), vec![sample(), second]);
    }

    #[test]
    fn bad_text_is_refused_with_its_line() {
        let text = sample().to_text();
        let cases = [
            (
                "[Dealer \"2\"]",
                "[Dealer \"x\"]",
                "[Dealer \"x\"] is not a whole number",
            ),
            (
                "P0 keep",
                "0 keep",
                "line 9: an action line begins with its seat",
            ),
            ("[Setup", "[Stup", "line 7: unknown tag [Stup]"),
            (
                "P0:-45",
                "P0:-4x5",
                "[Result]: \"-4x5\" is not a whole number",
            ),
            (
                "[Record \"1\"]",
                "[Record \"2\"]",
                "this is record format 2",
            ),
        ];
        for (from, to, why) in cases {
            let err = Record::from_text(&text.replacen(from, to, 1)).unwrap_err();
            assert!(err.contains(why), "{from} -> {to}: {err}");
        }
        let twice = text.replacen("[Seed \"7\"]", "[Seed \"7\"]\n[Seed \"8\"]", 1);
        assert!(Record::from_text(&twice)
            .unwrap_err()
            .contains("given twice"));
        let late = format!("{text}[Seed \"9\"]\n");
        assert!(Record::from_text(&late)
            .unwrap_err()
            .contains("after the actions"));
    }
}
