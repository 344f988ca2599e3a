//! Records: the ruleset, the deck and the ordered actions replay a deal exactly.
//!
//! The text form is tag pairs in the spirit of bridge's PBN, then the actions grouped by
//! trick (`0.` before the first lead), then the settlement as `;` comment lines:
//!
//! ```text
//! [Game "Danish Tarok"]
//! [Preset "dk-dtf-2011"]
//! [Version "1"]
//! [Seed "7"]
//! [Deck "T5 HK …"]
//! [Options "ante=yes cups=60,60 table=3 noncounter=0"]
//! [Balances "0:+35 1:-20 2:-25 kongekop:+5 pagatkop:+5"]
//! 0. keep keep keep skat:S1,S2,S3
//! 1. T21 T3 T9
//! ```

use crate::action::Action;
use crate::deal::{Deal, DealOptions};
use crate::ruleset::Preset;
use crate::settle::{Line, KING_CUP, PAGAT_CUP};
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use tarok_core::tags::SeenTags;
use tarok_core::{Balances, Card, CardSet, Party};

/// A deal's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub preset: Preset,
    pub version: u32,
    /// The seed the deck was shuffled from, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    pub deck: Vec<Card>,
    /// House rules: switch overrides `name=value` separated by spaces (`[Rules "…"]`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rules: String,
    pub ante: bool,
    pub cups: [i32; 2],
    pub table: u8,
    pub non_counter: u8,
    /// Actions in notation, in order.
    pub actions: Vec<String>,
}

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("record line {line}: {why}")]
    Syntax { line: usize, why: String },
    #[error("record: {0}")]
    Setup(String),
    #[error("record action {index} ({action}): {why}")]
    Action {
        index: usize,
        action: String,
        why: String,
    },
    #[error("record says the balances are {recorded:?}, but the replay gives {replayed:?}")]
    Mismatch { recorded: String, replayed: String },
    /// The record states the deal's result but its actions stop before the end: a cut-off file.
    #[error("record states the balances {recorded:?}, but its actions end before the deal does (after {tricks} tricks): is the file cut off?")]
    Unfinished { recorded: String, tricks: usize },
}

/// Checks a result the record states (`[Balances]`, or `balances` in JSON) against the replay.
fn check_balances(recorded: Option<String>, deal: &Deal) -> Result<(), RecordError> {
    let Some(recorded) = recorded else {
        return Ok(());
    };
    if !deal.is_over() {
        return Err(RecordError::Unfinished {
            recorded,
            tricks: deal.completed_tricks().len(),
        });
    }
    let replayed = balances_text(&deal.settlement());
    if recorded != replayed {
        return Err(RecordError::Mismatch { recorded, replayed });
    }
    Ok(())
}

/// Refuses a record read from a file that gives both a seed and a deck the seed does not deal:
/// one of them is wrong, and which deal was meant cannot be told (the 1829 and Königrufen
/// readers refuse it too). A record made in code may pair a seed with another deck.
fn check_seed_fits_deck(record: &Record) -> Result<(), RecordError> {
    match record.seed {
        Some(seed) if record.deck != tarok_core::shuffled(CardSet::PACK78, seed) => {
            Err(RecordError::Setup(format!(
                "the record gives both [Seed \"{seed}\"] and a [Deck], and the deck is not the one the seed deals; give one of them"
            )))
        }
        _ => Ok(()),
    }
}

/// Splits a file of text records (`random-game` writes a redealt deal and the deal after it)
/// at each `[Game …]` tag; a file without one is one record.
pub fn split_text_records(text: &str) -> Vec<&str> {
    let mut starts: Vec<usize> = Vec::new();
    let mut at = 0;
    for line in tarok_core::tags::lines_inclusive(text) {
        if line.trim_start().starts_with("[Game ") {
            starts.push(at);
        }
        at += line.len();
    }
    if starts.len() <= 1 {
        return vec![text];
    }
    // Anything before the first tag (comments) goes with the first record.
    starts[0] = 0;
    starts.push(text.len());
    starts.windows(2).map(|w| &text[w[0]..w[1]]).collect()
}

/// The most a recorded cup may hold: far above any evening's (20 a person, doubled by a bagud),
/// and low enough that the doublings of one deal cannot overflow the settlement's `i32`s.
pub const MAX_CUP: i32 = 1_000_000;

/// The tags of the text form.
const TAGS: [&str; 8] = [
    "Game", "Preset", "Version", "Seed", "Deck", "Rules", "Options", "Balances",
];

impl Record {
    /// A new record for a deal about to start.
    pub fn new(preset: Preset, seed: Option<u64>, deck: Vec<Card>, options: DealOptions) -> Record {
        Record {
            preset,
            version: preset.ruleset().version,
            seed,
            deck,
            rules: String::new(),
            ante: options.ante,
            cups: options.cups,
            table: options.table,
            non_counter: options.non_counter,
            actions: Vec::new(),
        }
    }

    pub fn from_seed(preset: Preset, seed: u64, options: DealOptions) -> Record {
        Record::new(
            preset,
            Some(seed),
            tarok_core::shuffled(CardSet::PACK78, seed),
            options,
        )
    }

    pub fn options(&self) -> DealOptions {
        DealOptions {
            ante: self.ante,
            cups: self.cups,
            table: self.table,
            non_counter: self.non_counter,
        }
    }

    /// The deal before any action.
    pub fn start(&self) -> Result<Deal, RecordError> {
        if self.deck.len() != 78
            || self.deck.iter().copied().collect::<CardSet>() != CardSet::PACK78
        {
            return Err(RecordError::Setup(
                "the deck must hold each of the 78 cards once".into(),
            ));
        }
        if !(3..=5).contains(&self.table) || self.non_counter > 2 {
            return Err(RecordError::Setup(
                "table must be 3 to 5 and the non-counter seat 0 to 2".into(),
            ));
        }
        if self.cups.iter().any(|&c| c < 0) {
            return Err(RecordError::Setup(format!(
                "a cup cannot hold less than nothing: cups {},{}",
                self.cups[0], self.cups[1]
            )));
        }
        if self.cups.iter().any(|&c| c > MAX_CUP) {
            return Err(RecordError::Setup(format!(
                "a cup holds at most {MAX_CUP} points: cups {},{}",
                self.cups[0], self.cups[1]
            )));
        }
        // A record replays only under the rules it was played by: another version of the
        // preset may settle the same play differently.
        let version = self.preset.ruleset().version;
        if self.version != version {
            return Err(RecordError::Setup(format!(
                "the record was played under version {} of the {} rules; this program has version {version}",
                self.version,
                self.preset.id()
            )));
        }
        let rules = self
            .preset
            .ruleset()
            .with_overrides(&self.rules)
            .map_err(|e| RecordError::Setup(format!("[Rules]: {e}")))?;
        Ok(Deal::new(rules, &self.deck, self.options()))
    }

    /// Replays every action.
    pub fn replay(&self) -> Result<Deal, RecordError> {
        self.replay_numbered(&[])
    }

    /// Replays every action, checking the trick numbers a text record's lines begin with
    /// (`numbers[i]` for action `i`: the number and the line): a line numbered wrongly means
    /// lines were lost or moved. `0.` is before the first lead; actions on a line without a
    /// number are not checked.
    fn replay_numbered(&self, numbers: &[Option<(usize, usize)>]) -> Result<Deal, RecordError> {
        self.replay_with(|deal, index| {
            let Some((n, line)) = numbers.get(index).copied().flatten() else {
                return Ok(());
            };
            let now = trick_number(deal);
            if n == now {
                return Ok(());
            }
            let when = match now {
                0 => "before the first lead".to_string(),
                t => format!("in trick {t}"),
            };
            Err(RecordError::Syntax {
                line,
                why: format!(
                    "the line is numbered {n}., but {} is played {when}: is a line missing or moved?",
                    self.actions[index]
                ),
            })
        })
    }

    /// Replays every action, calling `before(deal, i)` just before action `i` is applied.
    ///
    /// A seat with no choice but `Keep` in the redeal round has it applied without reading the
    /// record when the record's next actions do not answer the question seat by seat from that
    /// seat on: records written before every seat was asked hold answers from the trumpless
    /// hands only, and replay unchanged, under the same rules version (the rules did not
    /// change, only the order of the questions). After the last action the forced `Keep`s are
    /// applied too, as every driver of a deal applies them at once.
    fn replay_with(
        &self,
        before: impl FnMut(&Deal, usize) -> Result<(), RecordError>,
    ) -> Result<Deal, RecordError> {
        self.replay_seen(before, |_| {})
    }

    /// The deal before any action, and every action the replay applies in order: the
    /// record's own and the forced `Keep`s it leaves out.
    pub fn steps(&self) -> Result<(Deal, Vec<Action>), RecordError> {
        let mut applied = Vec::new();
        self.replay_seen(|_, _| Ok(()), |a| applied.push(a))?;
        Ok((self.start()?, applied))
    }

    /// [`Record::replay_with`], calling `seen` with each action applied.
    fn replay_seen(
        &self,
        mut before: impl FnMut(&Deal, usize) -> Result<(), RecordError>,
        mut seen: impl FnMut(Action),
    ) -> Result<Deal, RecordError> {
        let mut deal = self.start()?;
        for index in 0..=self.actions.len() {
            let rest = &self.actions[index..];
            while let Some(forced) = deal.forced_action() {
                if !rest.is_empty() && answers_every_seat(deal, rest) {
                    break;
                }
                deal.apply(forced).expect("the forced action is legal");
                seen(forced);
            }
            let Some(text) = rest.first() else {
                break;
            };
            before(&deal, index)?;
            let fail = |why: String| RecordError::Action {
                index: index + 1,
                action: text.clone(),
                why,
            };
            let action: Action = text
                .parse()
                .map_err(|e: crate::action::ParseActionError| fail(e.to_string()))?;
            deal.apply(action).map_err(|e| fail(e.to_string()))?;
            seen(action);
        }
        Ok(deal)
    }

    /// Applies and records an action.
    pub fn apply(&mut self, deal: &mut Deal, action: Action) -> Result<(), crate::RuleError> {
        deal.apply(action)?;
        self.actions.push(action.to_string());
        Ok(())
    }

    /// The text form. `deal` must be this record's replay.
    /// The seed as a file states it: only when it deals the record's deck. A record made in
    /// code may pair a seed with another deck; a file that did would be refused when read
    /// (`check_seed_fits_deck`), so such a seed is left out and the deck alone says the deal.
    fn written_seed(&self) -> Option<u64> {
        self.seed
            .filter(|&s| self.deck == tarok_core::shuffled(CardSet::PACK78, s))
    }

    pub fn to_text(&self, deal: &Deal) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "[Game \"Danish Tarok\"]");
        let _ = writeln!(out, "[Preset \"{}\"]", self.preset.id());
        let _ = writeln!(out, "[Version \"{}\"]", self.version);
        if let Some(seed) = self.written_seed() {
            let _ = writeln!(out, "[Seed \"{seed}\"]");
        }
        let deck: Vec<String> = self.deck.iter().map(|c| c.to_string()).collect();
        let _ = writeln!(out, "[Deck \"{}\"]", deck.join(" "));
        if !self.rules.is_empty() {
            let _ = writeln!(out, "[Rules \"{}\"]", self.rules);
        }
        let _ = writeln!(out, "[Options \"{}\"]", options_text(&self.options()));
        if deal.is_over() {
            let _ = writeln!(out, "[Balances \"{}\"]", balances_text(&deal.settlement()));
        }
        for seat in 0..3 {
            let _ = writeln!(out, "; {} dealt: {}", seat_name(seat), deal.dealt(seat));
        }
        // Group the actions by the trick they belong to, replaying to know the trick number.
        let mut line_no = 0;
        let mut line = String::new();
        self.replay_with(|replay, index| {
            let n = trick_number(replay);
            if n != line_no || line.is_empty() {
                if !line.is_empty() {
                    out.push_str(&line);
                    out.push('\n');
                }
                line = format!("{n}.");
                line_no = n;
            }
            line.push(' ');
            line.push_str(&self.actions[index]);
            Ok(())
        })
        .expect("the record replays");
        if !line.is_empty() {
            out.push_str(&line);
            out.push('\n');
        }
        for l in deal.settlement() {
            let _ = writeln!(out, "; {}", line_text(&l));
        }
        out
    }

    /// Reads the text form; checks a recorded `[Balances]` against the replay.
    pub fn from_text(text: &str) -> Result<(Record, Deal), RecordError> {
        let mut preset = None;
        let mut seed = None;
        let mut deck = None;
        let mut options = DealOptions::default();
        let mut balances = None;
        let mut version = None;
        let mut rules = String::new();
        let mut actions = Vec::new();
        // Each action's trick number as its line gives it (`3. T21 T3 T9`), and that line.
        let mut numbers = Vec::new();
        let mut seen = SeenTags::default();
        // Any line ending (a lone CR too), and a `;` comment anywhere on a line, after a tag or
        // after a trick's cards (tarok_core::tags).
        for (i, raw) in tarok_core::tags::lines(text).enumerate() {
            let line_no = i + 1;
            let syntax = |why: String| RecordError::Syntax { line: line_no, why };
            let line = tarok_core::tags::strip_comment(raw).trim();
            if line.is_empty() || line.starts_with('%') {
                continue;
            }
            if line.starts_with('[') {
                if !line.ends_with(']') {
                    return Err(syntax(
                        "a tag is [Name \"value\"], closed by ] (a comment after it begins with ;)"
                            .into(),
                    ));
                }
                let inner = line.trim_start_matches('[').trim_end_matches(']');
                let (tag, value) = inner
                    .split_once(' ')
                    .ok_or_else(|| syntax("a tag is [Name \"value\"]".into()))?;
                let value = value.trim().trim_matches('"');
                seen.note(tag, line_no, &TAGS).map_err(syntax)?;
                match tag {
                    "Preset" => {
                        preset = Some(
                            Preset::parse(value)
                                .ok_or_else(|| syntax(format!("unknown preset {value:?}")))?,
                        )
                    }
                    "Seed" => {
                        seed = Some(
                            value
                                .parse::<u64>()
                                .map_err(|_| syntax(format!("bad seed {value:?}")))?,
                        )
                    }
                    "Deck" => {
                        deck =
                            Some(tarok_core::parse_deck(value, CardSet::PACK78).map_err(syntax)?);
                    }
                    "Game" if value != "Danish Tarok" => {
                        return Err(syntax(format!("a record of {value:?}, not Danish Tarok")))
                    }
                    "Version" => {
                        version = Some(
                            value
                                .parse::<u32>()
                                .map_err(|_| syntax(format!("bad version {value:?}")))?,
                        )
                    }
                    "Options" => options = parse_options(value).map_err(syntax)?,
                    "Rules" => rules = value.to_string(),
                    "Balances" => balances = Some(value.to_string()),
                    _ => {}
                }
                continue;
            }
            let mut number = None;
            for token in line.split_whitespace() {
                if let Some(n) = token.strip_suffix('.') {
                    if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) {
                        number = Some(
                            n.parse::<usize>()
                                .map_err(|_| syntax(format!("bad trick number {token:?}")))?,
                        );
                        continue;
                    }
                }
                actions.push(token.to_string());
                numbers.push(number.map(|n| (n, line_no)));
            }
        }
        let preset =
            preset.ok_or_else(|| RecordError::Setup("the [Preset] tag is missing".into()))?;
        let deck = match (deck, seed) {
            (Some(d), _) => d,
            (None, Some(s)) => tarok_core::shuffled(CardSet::PACK78, s),
            (None, None) => return Err(RecordError::Setup("give a [Deck] or a [Seed]".into())),
        };
        let mut record = Record::new(preset, seed, deck, options);
        check_seed_fits_deck(&record)?;
        record.version = version.unwrap_or(record.version);
        record.rules = rules;
        record.actions = actions;
        let deal = record.replay_numbered(&numbers)?;
        check_balances(balances, &deal)?;
        Ok((record, deal))
    }

    /// JSON with the settlement lines (ignored when read back).
    pub fn to_json(&self, deal: &Deal) -> serde_json::Value {
        let mut v = serde_json::to_value(self).expect("serialisable");
        if self.written_seed().is_none() {
            if let Some(o) = v.as_object_mut() {
                o.remove("seed");
            }
        }
        let lines: Vec<serde_json::Value> = deal.settlement().iter().map(line_json).collect();
        v["settlement"] = serde_json::Value::Array(lines);
        v["over"] = serde_json::Value::Bool(deal.is_over());
        v
    }

    /// Reads the JSON form; checks the `balances` that `tarok replay --json` and
    /// `random-game --json` write, when present, against the replay.
    pub fn from_json(text: &str) -> Result<(Record, Deal), RecordError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| RecordError::Syntax {
                line: e.line(),
                why: e.to_string(),
            })?;
        Record::from_json_value(value)
    }

    /// [`Record::from_json`] of a parsed value.
    pub fn from_json_value(value: serde_json::Value) -> Result<(Record, Deal), RecordError> {
        let balances = match value.get("balances") {
            None => None,
            Some(serde_json::Value::String(b)) => Some(b.clone()),
            Some(other) => {
                return Err(RecordError::Setup(format!(
                    "\"balances\" is a text like \"0:+20 1:-10 …\", not {other}"
                )))
            }
        };
        let record: Record = serde_json::from_value(value).map_err(|e| RecordError::Syntax {
            line: 1,
            why: e.to_string(),
        })?;
        check_seed_fits_deck(&record)?;
        let deal = record.replay()?;
        check_balances(balances, &deal)?;
        Ok((record, deal))
    }
}

/// Whether `actions`, the record's actions from the seat to act on, answer the redeal question
/// of `deal` as it is asked now: an answer the seat asked may give, seat by seat, up to the end
/// of the round or of the record.
fn answers_every_seat(mut deal: Deal, actions: &[String]) -> bool {
    for text in actions {
        if deal.phase() != crate::Phase::Redeal {
            break;
        }
        match text.parse() {
            Ok(a @ (Action::Redeal | Action::Keep)) if deal.apply(a).is_ok() => {}
            _ => return false,
        }
    }
    true
}

/// The number of the line an action goes on: the trick in play, or 0 before the first lead.
fn trick_number(deal: &Deal) -> usize {
    if matches!(
        deal.phase(),
        crate::Phase::Play | crate::Phase::Demand { .. }
    ) {
        deal.trick_no() as usize
    } else {
        0
    }
}

/// The deal's options as the `[Options]` tag (and the one record's `[Setup]`) writes them.
pub fn options_text(o: &DealOptions) -> String {
    format!(
        "ante={} cups={},{} table={} noncounter={}",
        if o.ante { "yes" } else { "no" },
        o.cups[0],
        o.cups[1],
        o.table,
        o.non_counter
    )
}

fn parse_options(value: &str) -> Result<DealOptions, String> {
    let mut o = DealOptions::default();
    for part in value.split_whitespace() {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| format!("option {part:?} is not key=value"))?;
        let bad = || format!("bad value in {part:?}");
        match k {
            "ante" => {
                o.ante = match v {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(format!("ante is yes or no, not {v:?}")),
                }
            }
            "cups" => {
                let (a, b) = v.split_once(',').ok_or_else(bad)?;
                o.cups = [a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?];
            }
            "table" => o.table = v.parse().map_err(|_| bad())?,
            "noncounter" => o.non_counter = v.parse().map_err(|_| bad())?,
            _ => return Err(format!("unknown option {k:?}")),
        }
    }
    Ok(o)
}

pub fn seat_name(seat: u8) -> String {
    match seat {
        0 => "0 forhånd".into(),
        1 => "1 mellemhånd".into(),
        2 => "2 kortgiver".into(),
        s => format!("{s} oversidder"),
    }
}

pub fn party_name(p: Party) -> String {
    match p {
        Party::Player(s) => seat_name(s),
        Party::Cup(KING_CUP) => "kongekop".into(),
        Party::Cup(PAGAT_CUP) => "pagatkop".into(),
        Party::Cup(c) => format!("cup {c}"),
    }
}

/// One settlement line in words.
pub fn line_text(l: &Line) -> String {
    format!(
        "{} -> {}: {} p, {} [{}]",
        party_name(l.from),
        party_name(l.to),
        l.amount,
        l.reason,
        l.reason.rule()
    )
}

pub fn line_json(l: &Line) -> serde_json::Value {
    serde_json::json!({
        "from": party_name(l.from),
        "to": party_name(l.to),
        "amount": l.amount,
        "reason": l.reason.to_string(),
        "rule": l.reason.rule(),
    })
}

/// Net result per seat and cup, e.g. `0:+35 1:-20 2:-25 kongekop:+5 pagatkop:+5`.
pub fn balances(lines: &[Line]) -> Balances {
    let mut b = Balances::default();
    for l in lines {
        tarok_core::PaymentSink::pay(&mut b, *l);
    }
    b
}

pub fn balances_text(lines: &[Line]) -> String {
    let b = balances(lines);
    let mut parts: Vec<String> = (0..5)
        .filter(|&s| s < 3 || b.players[s] != 0)
        .map(|s| format!("{s}:{:+}", b.players[s]))
        .collect();
    parts.push(format!("kongekop:{:+}", b.cups[KING_CUP as usize]));
    parts.push(format!("pagatkop:{:+}", b.cups[PAGAT_CUP as usize]));
    parts.join(" ")
}

/// The one record (`tarok_core::record`) of a Danish deal before its first action: the
/// preset's version, house rules `rules`, the seed or the deck, the options as its setup, and
/// the dealer, who in Danish Tarok always sits in seat 2 of the deal (kortgiver).
pub fn header(
    preset: Preset,
    rules: &str,
    seed: Option<u64>,
    deck: Option<&[Card]>,
    options: DealOptions,
) -> tarok_core::record::Record {
    let mut r = tarok_core::record::Record::new(
        preset.id(),
        preset.ruleset().version,
        crate::settle::DEALER,
    );
    r.rules = rules.to_string();
    r.seed = seed;
    r.deck = deck.map(|d| d.iter().map(Card::to_string).collect::<Vec<_>>().join(" "));
    r.setup = options_text(&options);
    r
}

impl Record {
    /// This record's start as the one record's header (see [`header`]).
    pub fn header(&self) -> tarok_core::record::Record {
        let deck = self.written_seed().is_none().then_some(&self.deck[..]);
        header(self.preset, &self.rules, self.seed, deck, self.options())
    }
}

impl Record {
    /// The record of a one-format record's start (no actions yet), with the checks that make
    /// a deal of it: the preset, the dealer, the setup as options, the seed or the deck.
    pub fn from_one(r: &tarok_core::record::Record) -> Result<Record, String> {
        let preset =
            Preset::parse(&r.preset).ok_or_else(|| format!("unknown preset {:?}", r.preset))?;
        if r.dealer != crate::settle::DEALER {
            return Err(format!(
                "in Danish Tarok the dealer (kortgiver) is seat {} of the deal, not {}",
                crate::settle::DEALER,
                r.dealer
            ));
        }
        let options = if r.setup.is_empty() {
            DealOptions::default()
        } else {
            parse_options(&r.setup).map_err(|e| format!("[Setup]: {e}"))?
        };
        let deck = match (&r.deck, r.seed) {
            (Some(d), _) => {
                tarok_core::parse_deck(d, CardSet::PACK78).map_err(|e| format!("[Deck]: {e}"))?
            }
            (None, Some(s)) => tarok_core::shuffled(CardSet::PACK78, s),
            (None, None) => return Err("give a [Deck] or a [Seed]".into()),
        };
        let mut record = Record::new(preset, r.seed, deck, options);
        check_seed_fits_deck(&record).map_err(|e| e.to_string())?;
        record.version = r.version;
        record.rules = r.rules.clone();
        Ok(record)
    }
}

impl tarok_core::record::Recordable for Deal {
    /// The deal a one-format record starts from; the checks of [`Record::start`] apply.
    fn from_record(r: &tarok_core::record::Record) -> Result<Deal, String> {
        Record::from_one(r)?.start().map_err(|e| e.to_string())
    }
}
