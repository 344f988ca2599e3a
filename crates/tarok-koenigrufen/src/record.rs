//! Records: a readable text form with PBN-like tag pairs, and JSON. Both replay to the identical
//! state: ruleset, deck (seed or explicit order), dealer and the ordered actions.
//!
//! ```text
//! [Preset "at-koenigrufen-spieleversum"]
//! [Version "1"]
//! [Seed "42"]
//! [Dealer "0"]
//! P1 vorhand
//! P2 bid:dreier
//! ...
//! P1 HK
//! ; P2 -> P1: 4 (Dreier won (§15.1))
//! ```
//! Lines starting with `;` or `{` are comments (the settlement is written as comments).

use crate::cards::PACK;
use crate::deal::Action;
use crate::ruleset::{Ruleset, Switches, PRESET};
use crate::Deal;
use serde::{Deserialize, Serialize};
use tarok_core::tags::SeenTags;
use tarok_core::Card;

/// The tags of the text form.
const TAGS: [&str; 6] = ["Preset", "Version", "Switches", "Seed", "Deck", "Dealer"];

/// A record in data form (the JSON shape).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub preset: String,
    pub version: u32,
    pub switches: Switches,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Vec<Card>>,
    pub dealer: u8,
    pub actions: Vec<RecordedAction>,
    /// The settlement lines as text (written for readers; not read back, so that `tarok
    /// replay` also reads the JSON of `random-game` and `replay`, whose lines are objects).
    #[serde(default, skip_deserializing)]
    pub settlement: Vec<String>,
    /// The line of each action in the text it was read from (empty for JSON), so that errors
    /// name the line a reader can find.
    #[serde(skip)]
    pub lines: Vec<usize>,
    /// The file states a result (a `; Result:` line, or JSON `over: true`): its actions must
    /// reach the end of the deal, or the file was cut off.
    #[serde(skip)]
    pub states_result: bool,
    /// The seats' balances the file states (`; Result: P0 +16 …`, or JSON `balances`), and
    /// where: the replay must give the same, or the record was edited or made by other rules.
    #[serde(skip)]
    pub stated_balances: Option<(String, [i32; 4])>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAction {
    pub seat: u8,
    pub action: Action,
}

impl Record {
    pub fn of(deal: &Deal) -> Record {
        Record {
            preset: deal.ruleset.id.to_string(),
            version: deal.ruleset.version,
            switches: deal.ruleset.switches,
            seed: deal.seed,
            deck: deal.seed.is_none().then(|| deal.deck.clone()),
            dealer: deal.state.dealer,
            actions: deal
                .history
                .iter()
                .map(|&(seat, action)| RecordedAction { seat, action })
                .collect(),
            settlement: deal.settlement().iter().map(|l| l.to_string()).collect(),
            lines: Vec::new(),
            states_result: false,
            stated_balances: None,
        }
    }

    /// Where action `i` (from 0) stands: its line in a text record, else its number.
    fn at(&self, i: usize) -> String {
        match self.lines.get(i) {
            Some(line) => format!("line {line}"),
            None => format!("action {}", i + 1),
        }
    }

    /// The deal before any action: the preset, its version, the switches and the deck.
    pub fn start(&self) -> Result<Deal, String> {
        let mut ruleset = Ruleset::by_id(&self.preset)
            .ok_or_else(|| format!("unknown preset {:?}", self.preset))?;
        ruleset.switches = self.switches;
        // Another version of the rules may score the same play differently.
        if self.version != ruleset.version {
            return Err(format!(
                "the record was played under version {} of the {} rules; this program has version {}",
                self.version, self.preset, ruleset.version
            ));
        }
        // Before dealing: a seeded deal takes the dealer on trust.
        if self.dealer > 3 {
            return Err(format!("the dealer is a seat 0..3, not {}", self.dealer));
        }
        let deal = match (self.seed, &self.deck) {
            // Both given: they must describe the same deal, or one of them is wrong.
            (Some(seed), Some(deck)) if *deck != tarok_core::shuffled(crate::cards::PACK, seed) => {
                return Err(format!(
                    "the record gives both Seed {seed} and a Deck, and the deck is not the one the seed deals; give one of them"
                ))
            }
            (_, Some(deck)) => {
                let mut d = Deal::from_deck(ruleset, deck.clone(), self.dealer)?;
                d.seed = None;
                d
            }
            (Some(seed), None) => Deal::from_seed(ruleset, seed, self.dealer),
            (None, None) => return Err("a record needs a Seed or a Deck".into()),
        };
        Ok(deal)
    }

    /// Replays the record; every action must be legal and made by the player to act.
    pub fn replay(&self) -> Result<Deal, String> {
        let mut deal = self.start()?;
        for (i, ra) in self.actions.iter().enumerate() {
            let to_act = deal.current_player();
            if ra.seat != to_act {
                return Err(format!(
                    "{} ({}) is by P{} but P{to_act} is to act",
                    self.at(i),
                    ra.action,
                    ra.seat
                ));
            }
            deal.apply(ra.action)
                .map_err(|e| format!("{} ({}): {e}", self.at(i), ra.action))?;
        }
        if self.states_result && !deal.is_over() {
            return Err(format!(
                "the record states a result, but its {} actions stop before the end of the deal (P{} is to act): is the file cut off?",
                self.actions.len(),
                deal.current_player()
            ));
        }
        // An unfinished deal's JSON (`over: false`) has balances too; only a result is checked.
        if let Some((at, stated)) = self.stated_balances.as_ref().filter(|_| deal.is_over()) {
            let replayed: [i32; 4] = deal.balances().players[..4].try_into().expect("4 seats");
            if *stated != replayed {
                return Err(format!(
                    "{at} states the result {}, but the replay gives {}: was the record edited, or made under other rules?",
                    result_text(stated),
                    result_text(&replayed)
                ));
            }
        }
        Ok(deal)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialise")
    }

    pub fn from_json(text: &str) -> Result<Record, String> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("cannot read JSON record: {e}"))?;
        let states_result = value["over"] == true;
        let stated_balances = match serde_json::from_value(value["balances"].clone()) {
            Ok(b) => Some(("the record's \"balances\"".to_string(), b)),
            Err(_) if value["balances"].is_null() => None,
            Err(e) => return Err(format!("cannot read JSON record: balances: {e}")),
        };
        let mut rec: Record =
            serde_json::from_value(value).map_err(|e| format!("cannot read JSON record: {e}"))?;
        rec.states_result = states_result;
        rec.stated_balances = stated_balances;
        Ok(rec)
    }

    /// The text form.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!("[Preset \"{}\"]\n", self.preset));
        out.push_str(&format!("[Version \"{}\"]\n", self.version));
        if self.switches != Switches::default() {
            out.push_str(&format!(
                "[Switches \"{}\"]\n",
                serde_json::to_string(&self.switches)
                    .expect("switches serialise")
                    .replace('"', "'")
            ));
        }
        if let Some(seed) = self.seed {
            out.push_str(&format!("[Seed \"{seed}\"]\n"));
        }
        if let Some(deck) = &self.deck {
            let d: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
            out.push_str(&format!("[Deck \"{}\"]\n", d.join(" ")));
        }
        out.push_str(&format!("[Dealer \"{}\"]\n", self.dealer));
        for ra in &self.actions {
            out.push_str(&format!("P{} {}\n", ra.seat, ra.action));
        }
        for l in &self.settlement {
            out.push_str(&format!("; {l}\n"));
        }
        out
    }

    /// Reads the text form.
    pub fn from_text(text: &str) -> Result<Record, String> {
        let mut rec = Record {
            preset: PRESET.to_string(),
            version: 1,
            switches: Switches::default(),
            seed: None,
            deck: None,
            dealer: 0,
            actions: Vec::new(),
            settlement: Vec::new(),
            lines: Vec::new(),
            states_result: false,
            stated_balances: None,
        };
        let mut seen = SeenTags::default();
        // Any line ending (a lone CR too); a `;` comment after a tag or an action is ignored
        // (tarok_core::tags).
        for (n, raw) in tarok_core::tags::lines(text).enumerate() {
            let whole = raw.trim();
            rec.states_result |= states_result(whole);
            if let Some(result) = whole.strip_prefix("; Result:") {
                let balances = parse_result(result)
                    .ok_or_else(|| format!("line {}: cannot read the result {result:?}", n + 1))?;
                rec.stated_balances = Some((format!("line {}", n + 1), balances));
            }
            if whole.starts_with('{') {
                continue;
            }
            let line = tarok_core::tags::strip_comment(whole).trim();
            if line.is_empty() {
                continue;
            }
            if let Some(tag) = line.strip_prefix('[') {
                let tag = tag
                    .strip_suffix(']')
                    .ok_or_else(|| format!("line {}: a tag is [Name \"value\"], closed by ] (a comment after it begins with ;)", n + 1))?;
                let (name, value) = tag
                    .split_once(' ')
                    .ok_or_else(|| format!("line {}: bad tag", n + 1))?;
                let value = value.trim().trim_matches('"');
                let bad = |what: &str| format!("line {}: bad {name} {value:?}{what}", n + 1);
                seen.note(name, n + 1, &TAGS)
                    .map_err(|e| format!("line {}: {e}", n + 1))?;
                match name {
                    "Preset" => rec.preset = value.to_string(),
                    "Version" => rec.version = value.parse().map_err(|_| bad(""))?,
                    "Seed" => rec.seed = Some(value.parse().map_err(|_| bad(""))?),
                    "Dealer" => rec.dealer = value.parse().map_err(|_| bad(""))?,
                    "Deck" => {
                        let deck = tarok_core::parse_deck(value, PACK)
                            .map_err(|e| bad(&format!(": {e}")))?;
                        rec.deck = Some(deck);
                    }
                    "Switches" => {
                        rec.switches = serde_json::from_str(&value.replace('\'', "\""))
                            .map_err(|e| bad(&format!(": {e}")))?
                    }
                    _ => unreachable!("every known tag is read"),
                }
                continue;
            }
            let (seat, action) = line
                .split_once(' ')
                .ok_or_else(|| format!("line {}: expected 'P<seat> <action>'", n + 1))?;
            let seat: u8 = seat
                .strip_prefix('P')
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| format!("line {}: bad seat {seat:?}", n + 1))?;
            let action: Action = action.parse().map_err(|e| format!("line {}: {e}", n + 1))?;
            rec.actions.push(RecordedAction { seat, action });
            rec.lines.push(n + 1);
        }
        Ok(rec)
    }

    /// Reads either form (JSON if it starts with `{`).
    pub fn parse(text: &str) -> Result<Record, String> {
        if text.trim_start().starts_with('{') {
            Record::from_json(text)
        } else {
            Record::from_text(text)
        }
    }
}

/// Whether a comment line of a text record states the deal's result: the settlement lines
/// ("; P0 -> P1: 4 (...)") and `random-game`'s "; Result: ..." are written only for a finished
/// deal.
fn states_result(line: &str) -> bool {
    let Some(comment) = line.strip_prefix("; ") else {
        return false;
    };
    let payer = comment.split_once(" -> ").map(|(from, _)| from);
    comment.starts_with("Result:") || payer.is_some_and(|p| p.len() == 2 && p.starts_with('P'))
}

/// The seats' balances as `random-game` writes them: "P0 +16 P1 +16 P2 +16 P3 -48".
pub(crate) fn result_text(balances: &[i32; 4]) -> String {
    let seats: Vec<String> = (0..4).map(|s| format!("P{s} {:+}", balances[s])).collect();
    seats.join(" ")
}

/// Reads [`result_text`]'s form back: the four seats in order.
fn parse_result(text: &str) -> Option<[i32; 4]> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() != 8 {
        return None;
    }
    let mut balances = [0; 4];
    for (seat, pair) in words.chunks(2).enumerate() {
        if pair[0] != format!("P{seat}") {
            return None;
        }
        balances[seat] = pair[1].parse().ok()?;
    }
    Some(balances)
}

/// The one record (`tarok_core::record`) of a Königrufen deal before its first action: the
/// preset and its version, the switches as house rules over the preset's, the seed (else the
/// deck) and the dealer.
pub fn header(deal: &Deal) -> tarok_core::record::Record {
    let rs = deal.ruleset();
    let mut r = tarok_core::record::Record::new(rs.id, rs.version, tarok_core::Game::dealer(deal));
    if let Some(base) = Ruleset::by_id(rs.id) {
        r.rules = tarok_core::overrides::difference(&base.switches, &rs.switches);
    }
    r.seed = deal.seed();
    if deal.seed().is_none() {
        let deck: Vec<String> = deal.deck().iter().map(Card::to_string).collect();
        r.deck = Some(deck.join(" "));
    }
    r
}

impl tarok_core::record::Recordable for Deal {
    /// The deal a one-format record starts from; the checks of [`Record::start`] apply.
    fn from_record(r: &tarok_core::record::Record) -> Result<Deal, String> {
        if !r.setup.is_empty() {
            return Err(format!(
                "[Setup \"{}\"]: Königrufen has no setup beyond the rules",
                r.setup
            ));
        }
        let base =
            Ruleset::by_id(&r.preset).ok_or_else(|| format!("unknown preset {:?}", r.preset))?;
        let switches = tarok_core::overrides::apply(&base.switches, &r.rules, &[])
            .map_err(|e| format!("[Rules]: {e}"))?;
        let deck = r
            .deck
            .as_deref()
            .map(|d| tarok_core::parse_deck(d, PACK))
            .transpose()
            .map_err(|e| format!("[Deck]: {e}"))?;
        Record {
            preset: r.preset.clone(),
            version: r.version,
            switches,
            seed: r.seed,
            deck,
            dealer: r.dealer,
            actions: Vec::new(),
            settlement: Vec::new(),
            lines: Vec::new(),
            states_result: false,
            stated_balances: None,
        }
        .start()
    }
}
