//! Records: a deal as preset, deck (or seed), dealer and the ordered actions, in a readable
//! text form (PBN-like tag pairs) and as JSON. Both parse back and replay to the same state.
//!
//! ```text
//! [Preset "dk-1829-three"]
//! [Version "1"]
//! [Seed "42"]
//! [Dealer "0"]
//!
//! discard S5
//! declare matadors
//! done
//! play T21
//! ; settlement
//! ; P1 -> P0: 10 (honour: 3 Matadors, 10 (002 L113-115))
//! ```
//!
//! Lines starting with `;` are comments. `[Rules "must_overtrump=true scus_may_lead=true"]`
//! records house rules: switch overrides of the preset. `[Deck "…"]` (every card once, top card first)
//! replaces `[Seed "…"]` for a deal dealt from a known order; a record that gives both must
//! give the deck the seed deals. Other tags, and a tag given twice, are refused with their
//! line: a misspelt `[Rule …]` would otherwise drop its house rule unseen.
//!
//! A whole game (`game_record.rs`) puts deals of this form under `[Deal "n"]` tags; both read
//! their lines with the same reader.

use crate::action::Action;
use crate::deal::{pack, Deal, Phase};
use crate::ruleset::{Game, Ruleset};
use serde::{Deserialize, Serialize};
use tarok_core::tags::SeenTags;
use tarok_core::{Card, Party};

/// The tags a text record may carry.
pub const TAGS: [&str; 6] = ["Preset", "Version", "Seed", "Deck", "Dealer", "Rules"];

/// The keys of a JSON record.
pub const JSON_KEYS: [&str; 7] = [
    "preset", "version", "seed", "deck", "dealer", "rules", "actions",
];

/// Keys `random-game --json` adds to the record for readers; not read back.
const OUTPUT_KEYS: [&str; 4] = ["settlement", "tricks", "counts", "en_deux_scores"];

/// A replayable record of one deal.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    pub preset: String,
    pub version: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// An explicit deck order, top card first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    pub dealer: u8,
    /// House rules: switch overrides `name=value`, separated by spaces (`[Rules "…"]`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rules: String,
    pub actions: Vec<Action>,
    /// Where each action stood in the text it was read from (empty for JSON and for records
    /// built in code), so that a refusal names the line a reader can find.
    #[serde(skip)]
    pub places: Vec<Place>,
}

/// The place of an action in a text record: its line, and which of the line's actions it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// Line number, from 1.
    pub line: usize,
    /// Position among the actions on the line, from 1.
    pub index: usize,
    /// Number of actions on the line.
    pub of: usize,
}

/// Two records are equal when they describe the same deal; where the text had its actions
/// does not matter.
impl PartialEq for Record {
    fn eq(&self, o: &Record) -> bool {
        (
            &self.preset,
            self.version,
            self.seed,
            &self.deck,
            self.dealer,
            &self.rules,
            &self.actions,
        ) == (
            &o.preset, o.version, o.seed, &o.deck, o.dealer, &o.rules, &o.actions,
        )
    }
}

impl Eq for Record {}

impl Record {
    /// The ruleset named by the record (version checked).
    pub fn ruleset(&self) -> Result<Ruleset, String> {
        ruleset_of(&self.preset, self.version, &self.rules)
    }

    /// The deal before any action.
    pub fn initial(&self) -> Result<Deal, String> {
        let rules = self.ruleset()?;
        match (&self.deck, self.seed) {
            (Some(d), seed) => {
                let deck: Vec<Card> = tarok_core::parse_deck(d, pack(rules.game))?;
                // Both given: they must describe the same deal, or one of them is wrong.
                if let Some(seed) = seed {
                    if deck != tarok_core::shuffled(pack(rules.game), seed) {
                        return Err(format!(
                            "the record gives both [Seed \"{seed}\"] and a [Deck], and the deck is not the one the seed deals; give one of them"
                        ));
                    }
                }
                Deal::new(rules, &deck, self.dealer)
            }
            (None, Some(seed)) => {
                if self.dealer >= rules.players() {
                    return Err(format!("dealer {} is not a seat", self.dealer));
                }
                Ok(Deal::from_seed(rules, seed, self.dealer))
            }
            (None, None) => Err("a record needs a [Seed] or a [Deck]".into()),
        }
    }

    /// Replays every action; the error names the first action refused, by its line in a text
    /// record, else by its number.
    pub fn replay(&self) -> Result<Deal, String> {
        let mut deal = self.initial()?;
        for (i, a) in self.actions.iter().enumerate() {
            deal.apply(*a)
                .map_err(|e| format!("{} ('{a}') refused: {e}", self.at(i)))?;
        }
        Ok(deal)
    }

    /// Where action `i` (from 0) stands, in words.
    fn at(&self, i: usize) -> String {
        match self.places.get(i) {
            Some(p) if p.of > 1 => format!("line {}, action {} of {}", p.line, p.index, p.of),
            Some(p) => format!("line {}", p.line),
            None => format!("action {}", i + 1),
        }
    }

    /// The text form, with the settlement of `deal` (if given) as comment lines.
    pub fn to_text(&self, deal: Option<&Deal>) -> String {
        let mut out = format!(
            "[Preset \"{}\"]\n[Version \"{}\"]\n",
            self.preset, self.version
        );
        out.push_str(&self.cards_tags());
        if !self.rules.is_empty() {
            out.push_str(&format!("[Rules \"{}\"]\n", self.rules));
        }
        out.push_str(&format!("[Dealer \"{}\"]\n\n", self.dealer));
        for a in &self.actions {
            out.push_str(&format!("{a}\n"));
        }
        if let Some(deal) = deal {
            out.push_str("; settlement\n");
            for line in deal.settlement() {
                out.push_str(&format!("; {line}\n"));
            }
            if deal.rules().game == crate::ruleset::Game::EnDeux {
                let s = deal.en_deux_scores();
                out.push_str(&format!("; scores: P0 +{}, P1 +{}\n", s[0], s[1]));
            }
        }
        out
    }

    /// `[Deck]` and `[Seed]`: where the cards come from.
    pub(crate) fn cards_tags(&self) -> String {
        let mut out = String::new();
        if let Some(d) = &self.deck {
            out.push_str(&format!("[Deck \"{d}\"]\n"));
        }
        if let Some(s) = self.seed {
            out.push_str(&format!("[Seed \"{s}\"]\n"));
        }
        out
    }

    /// A record with nothing in it yet.
    pub(crate) fn empty() -> Record {
        Record {
            preset: String::new(),
            version: 0,
            seed: None,
            deck: None,
            dealer: 0,
            rules: String::new(),
            actions: Vec::new(),
            places: Vec::new(),
        }
    }

    /// Reads the text form.
    pub fn parse_text(text: &str) -> Result<Record, String> {
        let mut rec = Record::empty();
        let dealer = rec.read(&items(text)?, &TAGS)?;
        if rec.preset.is_empty() {
            return Err("the record lacks [Preset \"…\"]".into());
        }
        if rec.version == 0 {
            rec.version = 1;
        }
        rec.dealer = dealer.ok_or("the record lacks [Dealer \"…\"]")?;
        Ok(rec)
    }

    /// Takes the tags (only those in `known`) and actions of `items` into the record; returns
    /// the `[Dealer]` if one is given. A tag given twice is refused with both lines.
    pub(crate) fn read(&mut self, items: &[Item], known: &[&str]) -> Result<Option<u8>, String> {
        let mut dealer = None;
        let mut seen = SeenTags::default();
        for item in items {
            match item {
                Item::Tag { line, name, value } => {
                    let bad = |what: &str| format!("line {line}: bad {what} {value:?}");
                    seen.note(name, *line, known)
                        .map_err(|e| format!("line {line}: {e}"))?;
                    match *name {
                        "Preset" => self.preset = value.to_string(),
                        "Version" => self.version = value.parse().map_err(|_| bad("version"))?,
                        "Seed" => self.seed = Some(value.parse().map_err(|_| bad("seed"))?),
                        "Deck" => self.deck = Some(value.to_string()),
                        "Dealer" => dealer = Some(value.parse().map_err(|_| bad("dealer"))?),
                        "Rules" => self.rules = value.to_string(),
                        _ => unreachable!("every known tag is read"),
                    }
                }
                Item::Actions { line, actions } => {
                    for (k, a) in actions.iter().enumerate() {
                        self.actions.push(*a);
                        self.places.push(Place {
                            line: *line,
                            index: k + 1,
                            of: actions.len(),
                        });
                    }
                }
            }
        }
        Ok(dealer)
    }

    /// Reads either form: JSON if it starts with `{`, else text.
    pub fn parse(text: &str) -> Result<Record, String> {
        if text.trim_start().starts_with('{') {
            let v: serde_json::Value =
                serde_json::from_str(text).map_err(|e| format!("bad JSON record: {e}"))?;
            // As with text tags, a misspelt key would silently drop what it says.
            if let Some(obj) = v.as_object() {
                if let Some(k) = obj.keys().find(|k| {
                    !JSON_KEYS.contains(&k.as_str()) && !OUTPUT_KEYS.contains(&k.as_str())
                }) {
                    return Err(format!(
                        "bad JSON record: unknown key {k:?}; the known keys are {}",
                        JSON_KEYS.join(", ")
                    ));
                }
            }
            serde_json::from_value(v).map_err(|e| format!("bad JSON record: {e}"))
        } else {
            Record::parse_text(text)
        }
    }

    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a record serialises")
    }
}

/// The ruleset a record names: preset, version (checked) and house rules.
pub(crate) fn ruleset_of(preset: &str, version: u32, rules: &str) -> Result<Ruleset, String> {
    let r = Ruleset::preset(preset).ok_or_else(|| {
        format!(
            "unknown preset {preset:?}: use dk-1829-three, dk-1829-partners, dk-1829-quadrille or dk-1829-en-deux"
        )
    })?;
    if r.version != version {
        return Err(format!(
            "the record is for version {version} of {}, this engine has version {}",
            r.id, r.version
        ));
    }
    r.with_overrides(rules)
}

/// One line of a text record that says something: a tag pair, or actions separated by commas.
/// Blank lines and `;` comments are skipped. Lines are numbered from 1 in the whole text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Item<'a> {
    Tag {
        line: usize,
        name: &'a str,
        value: &'a str,
    },
    Actions {
        line: usize,
        actions: Vec<Action>,
    },
}

/// The tag pairs and action lines of a text record, in order.
pub(crate) fn items(text: &str) -> Result<Vec<Item<'_>>, String> {
    let mut out = Vec::new();
    // Any line ending (a lone CR too); a `;` comment after a tag or actions is ignored
    // (tarok_core::tags).
    for (no, raw) in tarok_core::tags::lines(text).enumerate() {
        let line = tarok_core::tags::strip_comment(raw).trim();
        let no = no + 1;
        if line.is_empty() {
            continue;
        }
        if let Some(tag) = line.strip_prefix('[') {
            let tag = tag
                .strip_suffix(']')
                .ok_or_else(|| format!("line {no}: a tag pair ends with ']'"))?;
            let (name, value) = tag
                .split_once(' ')
                .ok_or_else(|| format!("line {no}: write [Name \"value\"]"))?;
            out.push(Item::Tag {
                line: no,
                name,
                value: value.trim().trim_matches('"'),
            });
            continue;
        }
        let actions = line
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| p.parse().map_err(|e| format!("line {no}: {e}")))
            .collect::<Result<Vec<Action>, String>>()?;
        out.push(Item::Actions { line: no, actions });
    }
    Ok(out)
}

/// One stated payment line: from seat, to seat, amount.
type StatedLine = (u8, u8, i64);

/// What a one-deal record states about the deal's result, for readers: `random-game` writes
/// the settlement as comment lines (`; settlement:` and `;   P1 -> P0: 5 (…)`, or `; settlement`
/// and `; P1 -> P0: 5 (…)` from [`Record::to_text`]) and en deux's scores (`; scores this deal
/// (honours + count): P0 63, P1 19`, `; scores: P0 +63, P1 +19`); its JSON has `settlement`
/// and `en_deux_scores`. They are not part of the record, but a record whose stated result
/// differs from its replay was edited or made under other rules, and is refused, as the Danish
/// (`[Balances]`) and Königrufen (`; Result:`) replays refuse theirs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct StatedResult {
    /// Each stated settlement: where it stands, and its lines.
    settlements: Vec<(String, Vec<StatedLine>)>,
    /// Each stated pair of en deux scores, and where it stands.
    scores: Vec<(String, [i64; 2])>,
}

/// `P<seat>` as a seat.
fn stated_seat(s: &str) -> Option<u8> {
    s.strip_prefix('P')?.parse().ok()
}

/// A settlement comment: `P1 -> P0: 5 (reason)`.
fn stated_line(body: &str) -> Option<StatedLine> {
    let (from, rest) = body.split_once(" -> ")?;
    let (to, rest) = rest.split_once(": ")?;
    let amount = rest.split_whitespace().next()?.parse().ok()?;
    Some((stated_seat(from)?, stated_seat(to)?, amount))
}

/// En deux's scores comment: `scores this deal (honours + count): P0 63, P1 19` or
/// `scores: P0 +63, P1 +19`. `None` for any other comment; an error for one of these forms
/// that does not read.
fn stated_scores(body: &str, line: usize) -> Result<Option<[i64; 2]>, String> {
    let Some(rest) = body
        .strip_prefix("scores this deal (honours + count):")
        .or_else(|| body.strip_prefix("scores:"))
    else {
        return Ok(None);
    };
    let bad =
        || format!("line {line}: cannot read the stated scores {rest:?}: write \"P0 63, P1 19\"");
    let parts: Vec<&str> = rest.split(',').map(str::trim).collect();
    if parts.len() != 2 {
        return Err(bad());
    }
    let mut out = [0i64; 2];
    for (seat, part) in parts.iter().enumerate() {
        let (who, n) = part.split_once(' ').ok_or_else(bad)?;
        if stated_seat(who) != Some(seat as u8) {
            return Err(bad());
        }
        out[seat] = n.trim_start_matches('+').parse().map_err(|_| bad())?;
    }
    Ok(Some(out))
}

impl StatedResult {
    /// The result stated in a text record's comments.
    fn from_text(text: &str) -> Result<StatedResult, String> {
        let mut st = StatedResult::default();
        // Whether the previous line belonged to a settlement, so that its lines are one block.
        let mut in_block = false;
        for (no, raw) in tarok_core::tags::lines(text).enumerate() {
            let no = no + 1;
            let Some(body) = raw.trim().strip_prefix(';') else {
                in_block = false;
                continue;
            };
            let body = body.trim();
            if body == "settlement" || body == "settlement:" {
                st.settlements.push((format!("line {no}"), Vec::new()));
                in_block = true;
            } else if let Some(l) = stated_line(body) {
                if !in_block {
                    st.settlements.push((format!("line {no}"), Vec::new()));
                    in_block = true;
                }
                st.settlements.last_mut().expect("a block").1.push(l);
            } else {
                in_block = false;
                if let Some(s) = stated_scores(body, no)? {
                    st.scores.push((format!("line {no}"), s));
                }
            }
        }
        Ok(st)
    }

    /// The result stated in a JSON record's `settlement` and `en_deux_scores`.
    fn from_json(v: &serde_json::Value) -> Result<StatedResult, String> {
        let mut st = StatedResult::default();
        if let Some(s) = v.get("settlement") {
            let bad = || {
                "cannot read the record's \"settlement\": write a list of payments {\"from\": {\"player\": 1}, \"to\": {\"player\": 0}, \"amount\": 5, …}".to_string()
            };
            let seat = |p: &serde_json::Value| {
                p["player"]
                    .as_u64()
                    .and_then(|s| u8::try_from(s).ok())
                    .ok_or_else(bad)
            };
            let mut lines = Vec::new();
            for l in s.as_array().ok_or_else(bad)? {
                let amount = l["amount"].as_i64().ok_or_else(bad)?;
                lines.push((seat(&l["from"])?, seat(&l["to"])?, amount));
            }
            st.settlements
                .push(("the record's \"settlement\"".into(), lines));
        }
        if let Some(s) = v.get("en_deux_scores") {
            let pair: Option<Vec<i64>> = s
                .as_array()
                .filter(|a| a.len() == 2)
                .map(|a| a.iter().filter_map(|x| x.as_i64()).collect());
            match pair {
                Some(p) if p.len() == 2 => st
                    .scores
                    .push(("the record's \"en_deux_scores\"".into(), [p[0], p[1]])),
                _ => {
                    return Err(
                        "cannot read the record's \"en_deux_scores\": write two numbers, [63, 19]"
                            .into(),
                    )
                }
            }
        }
        Ok(st)
    }

    /// Refuses a stated result that the replayed `deal` does not give.
    fn check(&self, deal: &Deal) -> Result<(), String> {
        let first = self
            .settlements
            .iter()
            .map(|(at, _)| at)
            .chain(self.scores.iter().map(|(at, _)| at))
            .next();
        let Some(at) = first else {
            return Ok(());
        };
        if !matches!(deal.phase(), Phase::Over | Phase::Void) {
            return Err(format!(
                "{at} states the deal's result, but its actions stop before the end of the deal (after {} tricks): is the file cut off?",
                deal.tricks().len()
            ));
        }
        let n = deal.players() as usize;
        let replayed = seat_nets(
            deal.settlement()
                .iter()
                .filter_map(|l| match (l.from, l.to) {
                    (Party::Player(f), Party::Player(t)) => Some((f, t, i64::from(l.amount))),
                    _ => None,
                }),
            n,
        )?;
        for (at, lines) in &self.settlements {
            let stated = seat_nets(lines.iter().copied(), n)
                .map_err(|e| format!("{at}: the stated settlement {e}"))?;
            if stated != replayed {
                return Err(format!(
                    "{at} states the settlement {}, but the replay gives {}: was the record edited, or made under other rules?",
                    nets_text(&stated),
                    nets_text(&replayed)
                ));
            }
        }
        if deal.phase() == Phase::Over && deal.rules().game == Game::EnDeux {
            let replayed = deal.en_deux_scores().map(i64::from);
            for (at, stated) in &self.scores {
                if *stated != replayed {
                    return Err(format!(
                        "{at} states the scores P0 {}, P1 {}, but the replay gives P0 {}, P1 {}: was the record edited, or made under other rules?",
                        stated[0], stated[1], replayed[0], replayed[1]
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Each seat's net of payment lines (wide, checked); a line naming a seat the game lacks is
/// refused.
fn seat_nets(lines: impl Iterator<Item = StatedLine>, n: usize) -> Result<Vec<i64>, String> {
    let mut net = vec![0i64; n];
    for (from, to, amount) in lines {
        if from as usize >= n || to as usize >= n {
            return Err(format!(
                "names seat P{}, but the game has seats P0 to P{}",
                from.max(to),
                n - 1
            ));
        }
        let overflow = || "does not fit in 64 bits".to_string();
        net[from as usize] = net[from as usize]
            .checked_sub(amount)
            .ok_or_else(overflow)?;
        net[to as usize] = net[to as usize].checked_add(amount).ok_or_else(overflow)?;
    }
    Ok(net)
}

/// Seats' nets as "P0 +9, P1 -14, P2 +5".
fn nets_text(nets: &[i64]) -> String {
    nets.iter()
        .enumerate()
        .map(|(s, v)| format!("P{s} {v:+}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Refuses a one-deal record (text or JSON) whose stated result (its settlement, balances,
/// counts or scores) differs from the replay of its actions, `deal`.
pub fn check_stated_result(text: &str, deal: &Deal) -> Result<(), String> {
    let stated = if text.trim_start().starts_with('{') {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("bad JSON record: {e}"))?;
        StatedResult::from_json(&v)?
    } else {
        StatedResult::from_text(text)?
    };
    stated.check(deal)
}

impl Record {
    /// This record's start as the one record's (`tarok_core::record`) header.
    pub fn header(&self) -> tarok_core::record::Record {
        let mut r = tarok_core::record::Record::new(&self.preset, self.version, self.dealer);
        r.rules = self.rules.clone();
        r.seed = self.seed;
        r.deck = self.deck.clone();
        r
    }
}

impl tarok_core::record::Recordable for Deal {
    /// The deal a one-format record starts from; the checks of [`Record::initial`] apply.
    fn from_record(r: &tarok_core::record::Record) -> Result<Deal, String> {
        if !r.setup.is_empty() {
            return Err(format!(
                "[Setup \"{}\"]: the games of 1829 have no setup beyond the rules",
                r.setup
            ));
        }
        Record {
            preset: r.preset.clone(),
            version: r.version,
            seed: r.seed,
            deck: r.deck.clone(),
            dealer: r.dealer,
            rules: r.rules.clone(),
            actions: Vec::new(),
            places: Vec::new(),
        }
        .initial()
    }
}
