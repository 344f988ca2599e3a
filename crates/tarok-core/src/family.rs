//! The face every game family shows the command line: one trait, so that `tarok rules`,
//! `deal`, `random-game`, `replay`, `legal` and `bench` work the same for every preset.

use crate::record::{Record, Recordable, Replayed};
use serde::Serialize;

/// A command's result: text for people and JSON for machines (`--json`).
#[derive(Clone, Debug)]
pub struct Output {
    pub text: String,
    pub json: serde_json::Value,
}

/// A preset a family offers.
#[derive(Clone, Debug, Serialize)]
pub struct PresetInfo {
    pub id: &'static str,
    pub title: &'static str,
    /// The rule book it follows, as tarok's citations name it (`DTF 2011 (003)`; the books are
    /// listed in `docs/rules/README.md`).
    pub source: &'static str,
    /// The rules guide for players that describes it, a file of the repository
    /// (`docs/rules/danish.md`).
    pub guide: &'static str,
}

/// One rule switch with its value in a preset.
#[derive(Clone, Debug, Serialize)]
pub struct SwitchInfo {
    pub name: &'static str,
    pub value: String,
    /// What it means, with the alternatives.
    pub doc: &'static str,
    /// Seed file and line or section the value rests on.
    pub source: &'static str,
}

/// Playout speed measured by `tarok bench`.
#[derive(Clone, Debug, Serialize)]
pub struct BenchResult {
    pub preset: String,
    pub playouts: u64,
    pub seconds: f64,
    pub playouts_per_sec: f64,
    /// What one playout covers, in words.
    pub what: String,
}

/// A family of games (Danish, Königrufen, the games of 1829).
pub trait Family: Sync {
    fn presets(&self) -> Vec<PresetInfo>;
    /// The switches of a preset with their values and sources.
    fn rules(&self, preset: &str) -> Result<Vec<SwitchInfo>, String>;
    /// A seeded deal: the hands, the skat or talon, and what follows from them.
    fn deal(&self, preset: &str, seed: u64) -> Result<Output, String>;
    /// Random legal play from a seed to the end; the record with its settlement.
    fn random_game(&self, preset: &str, seed: u64) -> Result<Output, String> {
        self.random_game_under(preset, "", seed)
    }
    /// [`Family::random_game`] under house rules `rules` (`name=value` separated by spaces,
    /// see [`crate::overrides`]), which the record carries.
    fn random_game_under(&self, preset: &str, rules: &str, seed: u64) -> Result<Output, String>;
    /// A whole game of several deals settled together (a Partie), with random legal play
    /// from a seed and house rules `rules` (`name=value` separated by spaces): a line per
    /// deal, the Partie results and the balances between persons, after a record that
    /// [`Family::replay`] reads back. Only games that have a Partie offer it.
    fn random_partie(&self, preset: &str, rules: &str, seed: u64) -> Result<Output, String> {
        let _ = (rules, seed);
        Err(format!(
            "{preset} has no Partie (a set of deals settled together)"
        ))
    }
    /// Replays a record (text or JSON) and shows the tricks and the settlement.
    fn replay(&self, record: &str) -> Result<Output, String>;
    /// The legal actions in a position string.
    fn legal(&self, position: &str) -> Result<Output, String>;
    /// Random playouts per second on one core for about `seconds`.
    fn bench(&self, preset: &str, seconds: f64) -> Result<BenchResult, String>;
}

/// `tarok replay` of a file in the one record format ([`crate::record`]): every deal replayed
/// and checked, then shown by the family's `show`; several deals one after another, and in
/// JSON under `"deals"`.
pub fn replay_records<G: Recordable>(
    text: &str,
    show: impl Fn(&Record, &Replayed<G>) -> Result<Output, String>,
) -> Result<Output, String> {
    let records = crate::record::read_all(text)?;
    let many = records.len() > 1;
    let mut shown = Vec::with_capacity(records.len());
    for (i, r) in records.iter().enumerate() {
        let in_deal = |e: String| {
            if many {
                format!("deal {} of the file: {e}", i + 1)
            } else {
                e
            }
        };
        let played = crate::record::replay::<G>(r).map_err(in_deal)?;
        shown.push(show(r, &played).map_err(in_deal)?);
    }
    Ok(deals_output(shown))
}

/// The output of a file's deals: one deal as it is; several one after another, and in JSON
/// under `"deals"`.
pub fn deals_output(mut shown: Vec<Output>) -> Output {
    if shown.len() == 1 {
        return shown.pop().expect("one deal");
    }
    Output {
        text: shown
            .iter()
            .map(|o| o.text.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        json: serde_json::json!({"deals": shown.into_iter().map(|o| o.json).collect::<Vec<_>>()}),
    }
}

/// Renders switches as an aligned text table.
pub fn switches_text(preset: &str, switches: &[SwitchInfo]) -> String {
    rules_text(preset, "", switches)
}

/// `tarok rules`: the preset, the guide for players that describes it (a line of its own when
/// given), then its switches as an aligned text table.
pub fn rules_text(preset: &str, guide: &str, switches: &[SwitchInfo]) -> String {
    let mut out = format!("Rules of {preset}\n");
    if !guide.is_empty() {
        out.push_str(&format!("guide: {guide}\n"));
    }
    out.push('\n');
    for s in switches {
        out.push_str(&format!(
            "{:<34} {}\n    {}\n    source: {}\n",
            s.name, s.value, s.doc, s.source
        ));
    }
    out
}
