//! Records of a whole game (the partners' six Partier, an en deux Partie to 100): the preset,
//! version and house rules once, then each deal as in a one-deal record (`record.rs`) under a
//! `[Deal "n"]` tag. Replaying checks every deal and that it is the deal due, then settles the
//! Partier again (`session.rs`).
//!
//! ```text
//! [Preset "dk-1829-partners"]
//! [Version "1"]
//!
//! [Deal "1"]
//! [Seed "700"]
//! [Dealer "0"]
//! discard S2, discard S3, done, declare matadors, done, done, done
//! KC, K9, K8, K4
//! ```
//!
//! In a deal the actions before the first card are on one line and then each trick on its
//! own (a bare card is a play). A void deal (redeal on 1 or 2 tarocks, 002 L143-144) keeps
//! its number: the redeal comes under the same `[Deal "n"]` again. A record may stop after any
//! finished deal; the report then says the game is not over.

use crate::action::Action;
use crate::deal::Phase;
use crate::record::{items, ruleset_of, Item, Record};
use crate::ruleset::Ruleset;
use crate::session::WholeGame;
use serde::{Deserialize, Serialize};

/// The tags of a whole-game record's head, before the first `[Deal]`.
pub const HEAD_TAGS: [&str; 3] = ["Preset", "Version", "Rules"];

/// The tags of one deal, after its `[Deal "n"]`.
pub const DEAL_TAGS: [&str; 3] = ["Seed", "Deck", "Dealer"];

/// Keys the JSON report (`random-game --partie --json`, `replay --json`) adds for readers; not
/// read back.
const OUTPUT_KEYS: [&str; 6] = ["game", "persons", "partier", "partie", "balances", "over"];
const DEAL_OUTPUT_KEYS: [&str; 9] = [
    "partie", "seats", "counts", "sides", "payments", "net", "honours", "scores", "totals",
];

/// A replayable record of a whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub preset: String,
    pub version: u32,
    /// House rules, `name=value` separated by spaces (`[Rules "…"]`), for every deal.
    pub rules: String,
    pub deals: Vec<DealEntry>,
}

/// One deal of a whole game.
#[derive(Clone, Debug)]
pub struct DealEntry {
    /// The deal's number in the game, from 1.
    pub number: usize,
    /// The line of its `[Deal]` tag (none for JSON and for records built in code).
    pub line: Option<usize>,
    /// The deal as a one-deal record, with the head's preset, version and rules.
    pub record: Record,
}

/// Where the `[Deal]` tag stood does not matter for equality.
impl PartialEq for DealEntry {
    fn eq(&self, o: &DealEntry) -> bool {
        (self.number, &self.record) == (o.number, &o.record)
    }
}

impl Eq for DealEntry {}

impl DealEntry {
    /// The deal in words for an error: its line, else its number.
    fn at(&self) -> String {
        match self.line {
            Some(l) => format!("line {l} (deal {})", self.number),
            None => format!("deal {}", self.number),
        }
    }
}

#[derive(Serialize, Deserialize)]
struct GameJson {
    preset: String,
    version: u32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    rules: String,
    deals: Vec<DealJson>,
}

#[derive(Serialize, Deserialize)]
struct DealJson {
    deal: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deck: Option<String>,
    dealer: u8,
    actions: Vec<Action>,
}

/// Whether `text` is a whole-game record rather than one deal's: a `[Deal "n"]` tag, or JSON
/// with `deals`.
pub fn is_game_record(text: &str) -> bool {
    let t = text.trim_start();
    if t.starts_with('{') {
        return serde_json::from_str::<serde_json::Value>(t)
            .is_ok_and(|v| v.get("deals").is_some());
    }
    tarok_core::tags::lines(t).any(|l| l.trim_start().starts_with("[Deal "))
}

/// The actions of a deal, compactly: those before the first card on one line, then one line
/// per trick of `players` cards.
fn actions_text(actions: &[Action], players: usize) -> String {
    let first_play = actions
        .iter()
        .position(|a| matches!(a, Action::Play(_)))
        .unwrap_or(actions.len());
    let mut out = String::new();
    let join = |items: &[Action]| {
        items
            .iter()
            .map(|a| match a {
                Action::Play(c) => c.to_string(),
                other => other.to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    if first_play > 0 {
        out.push_str(&join(&actions[..first_play]));
        out.push('\n');
    }
    for trick in actions[first_play..].chunks(players) {
        out.push_str(&join(trick));
        out.push('\n');
    }
    out
}

impl GameRecord {
    /// The ruleset every deal is played under.
    pub fn ruleset(&self) -> Result<Ruleset, String> {
        ruleset_of(&self.preset, self.version, &self.rules)
    }

    /// The text form.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "[Preset \"{}\"]\n[Version \"{}\"]\n",
            self.preset, self.version
        );
        if !self.rules.is_empty() {
            out.push_str(&format!("[Rules \"{}\"]\n", self.rules));
        }
        let players = Ruleset::preset(&self.preset).map_or(1, |r| r.players() as usize);
        for e in &self.deals {
            out.push_str(&format!("\n[Deal \"{}\"]\n", e.number));
            out.push_str(&e.record.cards_tags());
            out.push_str(&format!("[Dealer \"{}\"]\n", e.record.dealer));
            out.push_str(&actions_text(&e.record.actions, players));
        }
        out
    }

    /// Reads the text form: the head's tags, then each `[Deal "n"]` with its own tags and
    /// actions. A tag in the wrong part, or actions before the first deal, are refused by line.
    pub fn parse_text(text: &str) -> Result<GameRecord, String> {
        let items = items(text)?;
        let starts: Vec<usize> = items
            .iter()
            .enumerate()
            .filter(|(_, it)| matches!(it, Item::Tag { name: "Deal", .. }))
            .map(|(i, _)| i)
            .collect();
        let head_end = starts.first().copied().unwrap_or(items.len());
        let mut head = Record::empty();
        for it in &items[..head_end] {
            match it {
                Item::Tag { line, name, .. } if DEAL_TAGS.contains(name) => {
                    return Err(format!(
                        "line {line}: [{name}] belongs to a deal: put it after its [Deal \"n\"]"
                    ))
                }
                Item::Actions { line, .. } => {
                    return Err(format!(
                        "line {line}: actions before the first [Deal \"1\"]: each deal begins with its [Deal] tag"
                    ))
                }
                _ => {}
            }
        }
        head.read(&items[..head_end], &HEAD_TAGS)?;
        if head.preset.is_empty() {
            return Err("the record lacks [Preset \"…\"]".into());
        }
        let version = if head.version == 0 { 1 } else { head.version };
        let mut deals = Vec::new();
        for (k, &start) in starts.iter().enumerate() {
            let Item::Tag { line, value, .. } = &items[start] else {
                unreachable!("a deal starts with its tag")
            };
            let number: usize = value.parse().ok().filter(|n| *n > 0).ok_or_else(|| {
                format!(
                    "line {line}: bad deal number {value:?}: write [Deal \"1\"], [Deal \"2\"], …"
                )
            })?;
            let end = starts.get(k + 1).copied().unwrap_or(items.len());
            let body = &items[start + 1..end];
            if let Some(Item::Tag { line, name, .. }) = body
                .iter()
                .find(|it| matches!(it, Item::Tag { name, .. } if HEAD_TAGS.contains(name)))
            {
                return Err(format!(
                    "line {line}: [{name}] belongs to the head of the record, before the first [Deal]"
                ));
            }
            let mut record = Record::empty();
            let dealer = record.read(body, &DEAL_TAGS)?;
            record.dealer =
                dealer.ok_or_else(|| format!("line {line}: deal {number} lacks [Dealer \"…\"]"))?;
            record.preset = head.preset.clone();
            record.version = version;
            record.rules = head.rules.clone();
            deals.push(DealEntry {
                number,
                line: Some(*line),
                record,
            });
        }
        Ok(GameRecord {
            preset: head.preset,
            version,
            rules: head.rules,
            deals,
        })
    }

    /// Reads either form: JSON if it starts with `{`, else text.
    pub fn parse(text: &str) -> Result<GameRecord, String> {
        if !text.trim_start().starts_with('{') {
            return GameRecord::parse_text(text);
        }
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("bad JSON record: {e}"))?;
        // As with text tags, a misspelt key would silently drop what it says.
        let unknown = |obj: &serde_json::Map<String, serde_json::Value>, known: &[&str]| {
            obj.keys().find(|k| !known.contains(&k.as_str())).cloned()
        };
        let head_keys = ["preset", "version", "rules", "deals"];
        if let Some(obj) = v.as_object() {
            if let Some(k) = unknown(obj, &[&head_keys[..], &OUTPUT_KEYS[..]].concat()) {
                return Err(format!(
                    "bad JSON record: unknown key {k:?}; the known keys are {}",
                    head_keys.join(", ")
                ));
            }
        }
        let deal_keys = ["deal", "seed", "deck", "dealer", "actions"];
        for (i, d) in v["deals"].as_array().into_iter().flatten().enumerate() {
            if let Some(k) = d
                .as_object()
                .and_then(|o| unknown(o, &[&deal_keys[..], &DEAL_OUTPUT_KEYS[..]].concat()))
            {
                return Err(format!(
                    "bad JSON record: deals[{i}] has an unknown key {k:?}; the known keys are {}",
                    deal_keys.join(", ")
                ));
            }
        }
        let g: GameJson = serde_json::from_value(v).map_err(|e| format!("bad JSON record: {e}"))?;
        if g.deals.is_empty() {
            return Err(
                "bad JSON record: \"deals\" is empty: a whole-game record holds at least one deal"
                    .into(),
            );
        }
        let deals = g
            .deals
            .into_iter()
            .map(|d| DealEntry {
                number: d.deal,
                line: None,
                record: Record {
                    preset: g.preset.clone(),
                    version: g.version,
                    seed: d.seed,
                    deck: d.deck,
                    dealer: d.dealer,
                    rules: g.rules.clone(),
                    actions: d.actions,
                    places: Vec::new(),
                },
            })
            .collect();
        Ok(GameRecord {
            preset: g.preset,
            version: g.version,
            rules: g.rules,
            deals,
        })
    }

    /// The JSON form (the report adds its results to it).
    pub fn to_json(&self) -> serde_json::Value {
        let g = GameJson {
            preset: self.preset.clone(),
            version: self.version,
            rules: self.rules.clone(),
            deals: self
                .deals
                .iter()
                .map(|e| DealJson {
                    deal: e.number,
                    seed: e.record.seed,
                    deck: e.record.deck.clone(),
                    dealer: e.record.dealer,
                    actions: e.record.actions.clone(),
                })
                .collect(),
        };
        serde_json::to_value(g).expect("a record serialises")
    }

    /// Replays every deal and adds it to the game. Refused, naming the deal's line: a deal
    /// missing or out of order, dealt by the wrong seat, not finished, or after the end; a
    /// refused action names its own line.
    pub fn replay(&self) -> Result<WholeGame, String> {
        let rules = self.ruleset()?;
        let first_dealer = self.deals.first().map_or(0, |e| e.record.dealer);
        let mut game = WholeGame::new(rules, first_dealer)?;
        for e in &self.deals {
            let at = e.at();
            let due = game.deals().len() + 1;
            let Some(dealer) = game.next_dealer() else {
                return Err(format!(
                    "{at}: the game is already over after deal {}: {}",
                    due - 1,
                    ended(&game)
                ));
            };
            if e.number > due {
                return Err(format!(
                    "{at}: deal {due} is missing: deal {} comes where deal {due} is due",
                    e.number
                ));
            }
            if e.number < due {
                return Err(format!(
                    "{at}: deal {} is out of order or given twice: deals 1 to {} are played, deal {due} is due here",
                    e.number,
                    due - 1
                ));
            }
            let deal = e.record.replay()?;
            if deal.dealer() != dealer {
                return Err(format!(
                    "{at}: dealt by seat {}, but seat {dealer} deals deal {due} ({})",
                    deal.dealer(),
                    rotation(&game)
                ));
            }
            match deal.phase() {
                // Redealt by the same seat under the same number.
                Phase::Void => continue,
                Phase::Over => game.add(deal).map_err(|err| format!("{at}: {err}"))?,
                _ => {
                    return Err(format!(
                        "{at}: deal {due} is not finished: its actions stop after {} of {} tricks; a whole-game record holds finished deals (is the file cut off?)",
                        deal.tricks().len(),
                        rules.game.hand_size()
                    ))
                }
            }
        }
        Ok(game)
    }
}

/// How the dealer moves, for an error.
fn rotation(game: &WholeGame) -> &'static str {
    match game {
        WholeGame::Partners(_) => "seat 0 deals first and the deal passes right every deal, JC-22",
        WholeGame::EnDeux(_) => {
            "the first deal's dealer won the draw and the deal alternates, spec §4.1"
        }
    }
}

/// Why a game is over, for an error.
fn ended(game: &WholeGame) -> String {
    match game {
        WholeGame::Partners(_) => "six Partier of four deals, 24 deals (002 L231, L254)".into(),
        WholeGame::EnDeux(p) => format!(
            "the Partie to {} was decided at {} : {} (002 L306)",
            p.rules.partie_target, p.score.scores[0], p.score.scores[1]
        ),
    }
}

/// The balances a whole-game record states for readers, by person: the report that
/// `random-game --partie` writes as comments (`;   A  deals -10  Partier -10  total -20` for
/// the partners, `; Balances: A -52 Sk, B +52 Sk` for en deux), or the JSON's `balances`
/// (`deals`, `partier`, `total`) and `over`.
#[derive(Default)]
struct StatedBalances {
    /// Where they stand, and the rows deals, Partier, total (a row not stated is `None`).
    rows: Option<(String, [Option<Vec<i64>>; 3])>,
    over: Option<bool>,
}

/// A person's letter (A, B, …) as a number.
fn person(s: &str) -> Option<usize> {
    let mut c = s.chars();
    match (c.next(), c.next()) {
        (Some(l @ 'A'..='H'), None) => Some(l as usize - 'A' as usize),
        _ => None,
    }
}

/// A signed amount as the report writes it: `+5`, `-10`, `0`.
fn amount(s: &str) -> Option<i64> {
    s.trim_start_matches('+').parse().ok()
}

impl StatedBalances {
    fn from_text(text: &str) -> Result<StatedBalances, String> {
        let mut partners: Vec<Option<[i64; 3]>> = Vec::new();
        let mut first: Option<usize> = None;
        let mut en_deux: Option<(usize, Vec<i64>)> = None;
        for (no, raw) in tarok_core::tags::lines(text).enumerate() {
            let no = no + 1;
            let Some(body) = raw.trim().strip_prefix(';') else {
                continue;
            };
            let words: Vec<&str> = body.split_whitespace().collect();
            // Partners: "A  deals -10  Partier -10  total -20".
            if let [p, "deals", d, "Partier", q, "total", t] = words[..] {
                let bad = || {
                    format!(
                        "line {no}: cannot read the stated balance {:?}",
                        body.trim()
                    )
                };
                let p = person(p).filter(|&p| p < 4).ok_or_else(bad)?;
                let row = [amount(d), amount(q), amount(t)];
                let [Some(d), Some(q), Some(t)] = row else {
                    return Err(bad());
                };
                if partners.len() <= p {
                    partners.resize(p + 1, None);
                }
                partners[p] = Some([d, q, t]);
                first.get_or_insert(no);
                continue;
            }
            // En deux: "Balances: A -52 Sk, B +52 Sk".
            if let Some(rest) = body.trim().strip_prefix("Balances:") {
                let bad = || {
                    format!(
                        "line {no}: cannot read the stated balances {:?}",
                        rest.trim()
                    )
                };
                let mut net = Vec::new();
                for (k, part) in rest.split(',').enumerate() {
                    match part.split_whitespace().collect::<Vec<_>>()[..] {
                        [p, n, "Sk"] if person(p) == Some(k) => {
                            net.push(amount(n).ok_or_else(bad)?)
                        }
                        _ => return Err(bad()),
                    }
                }
                en_deux = Some((no, net));
            }
        }
        let mut st = StatedBalances::default();
        if let Some(no) = first {
            let rows: Option<Vec<[i64; 3]>> = partners.iter().copied().collect();
            let rows = rows.filter(|r| r.len() == 4).ok_or_else(|| {
                format!("line {no}: the stated balances must give each of the persons A, B, C and D once")
            })?;
            let col = |i: usize| Some(rows.iter().map(|r| r[i]).collect());
            st.rows = Some((format!("line {no}"), [col(0), col(1), col(2)]));
        } else if let Some((no, net)) = en_deux {
            st.rows = Some((format!("line {no}"), [None, None, Some(net)]));
        }
        Ok(st)
    }

    fn from_json(v: &serde_json::Value) -> Result<StatedBalances, String> {
        let mut st = StatedBalances::default();
        if let Some(b) = v.get("balances") {
            let bad = |k: &str| {
                format!(
                    "cannot read the record's \"balances\": {k} is a list of numbers, one a person"
                )
            };
            let mut rows: [Option<Vec<i64>>; 3] = [None, None, None];
            for (i, k) in ["deals", "partier", "total"].into_iter().enumerate() {
                if let Some(r) = b.get(k) {
                    let row: Option<Vec<i64>> = r
                        .as_array()
                        .map(|a| a.iter().map(|x| x.as_i64()).collect::<Option<_>>())
                        .unwrap_or(None);
                    rows[i] = Some(row.ok_or_else(|| bad(k))?);
                }
            }
            st.rows = Some(("the record's \"balances\"".into(), rows));
        }
        if let Some(o) = v.get("over") {
            st.over = Some(
                o.as_bool()
                    .ok_or("cannot read the record's \"over\": write true or false")?,
            );
        }
        Ok(st)
    }

    fn check(&self, game: &WholeGame) -> Result<(), String> {
        if let Some(over) = self.over {
            if over != game.is_over() {
                return Err(format!(
                    "the record's \"over\" says the game is {}over, but the replay {}: is the file cut off, or edited?",
                    if over { "" } else { "not " },
                    if game.is_over() { "ends it" } else { "does not end it" }
                ));
            }
        }
        let Some((at, rows)) = &self.rows else {
            return Ok(());
        };
        let replayed = crate::game_report::balance_rows(game);
        for (i, what) in ["deals", "Partier", "total"].into_iter().enumerate() {
            if let Some(stated) = &rows[i] {
                if *stated != replayed[i] {
                    return Err(format!(
                        "{at} states the balances ({what}) {}, but the replay gives {}: was the record edited, or made under other rules?",
                        persons_text(stated),
                        persons_text(&replayed[i])
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Persons' balances as "A +5, B -5".
fn persons_text(v: &[i64]) -> String {
    v.iter()
        .enumerate()
        .map(|(p, n)| format!("{} {n:+}", (b'A' + p as u8) as char))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Refuses a whole-game record (text or JSON) whose stated balances (or JSON `over`) differ
/// from the replayed `game`, as a one-deal record's stated result is checked
/// (`record::check_stated_result`).
pub fn check_stated_result(text: &str, game: &WholeGame) -> Result<(), String> {
    let stated = if text.trim_start().starts_with('{') {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("bad JSON record: {e}"))?;
        StatedBalances::from_json(&v)?
    } else {
        StatedBalances::from_text(text)?
    };
    stated.check(game)
}
