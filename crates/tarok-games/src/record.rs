//! Records of any family, read into one shape: the deal before any action and the actions in
//! order, so that a front end can step through a deal (`tarok hint --record FILE --after N`)
//! without knowing its family. Each family's own reader checks the record first: every
//! action legal, and the stated result the same as the replay's.

use crate::any::{AnyAction, AnyDeal};
use tarok_core::Game;
use tarok_danish as danish;
use tarok_historic as historic;
use tarok_koenigrufen as koenigrufen;

/// One deal of a record: where it starts and what was done.
#[derive(Clone, Debug)]
pub struct RecordedDeal {
    /// The deal before its first action.
    pub start: AnyDeal,
    /// Every action in order, by whoever was to act (Danish: with the forced `keep`s that old
    /// records leave out).
    pub actions: Vec<AnyAction>,
}

impl RecordedDeal {
    /// The deal after its first `n` actions.
    pub fn after(&self, n: usize) -> Result<AnyDeal, String> {
        if n > self.actions.len() {
            return Err(format!(
                "the deal has {} actions, so there is no position after {n}",
                self.actions.len()
            ));
        }
        let mut deal = self.start.clone();
        for a in &self.actions[..n] {
            deal.apply(*a).map_err(|e| format!("{a}: {e}"))?;
        }
        Ok(deal)
    }
}

/// The preset a record names, in its `[Preset "…"]` tag or JSON `"preset"` field.
pub fn preset_of(text: &str) -> Result<String, String> {
    if text.trim_start().starts_with('{') {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("the record is not valid JSON: {e}"))?;
        return v["preset"]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| "the JSON record has no \"preset\" field".to_string());
    }
    // As the records' readers read it: any line ending, a trailing comment ignored.
    tarok_core::tags::preset_tag(text).ok_or_else(|| "the record has no [Preset \"…\"] tag".into())
}

/// Reads deal `index` (from 0) of a record file of any family, text or JSON, after the
/// family's reader has checked the whole file.
pub fn read(text: &str, index: usize) -> Result<RecordedDeal, String> {
    let text = text.trim_start_matches('\u{feff}');
    let preset = preset_of(text)?;
    let count_error = |count: usize| {
        format!(
            "the record holds {count} deal{}, so there is no deal {}",
            if count == 1 { "" } else { "s" },
            index + 1
        )
    };
    if danish::Preset::parse(&preset).is_some() {
        let records = danish_records(text)?;
        let record = records
            .get(index)
            .ok_or_else(|| count_error(records.len()))?;
        let (start, actions) = record.steps().map_err(|e| e.to_string())?;
        return Ok(RecordedDeal {
            start: AnyDeal::Danish(start),
            actions: actions.into_iter().map(AnyAction::Danish).collect(),
        });
    }
    if koenigrufen::Ruleset::by_id(&preset).is_some() {
        let record = koenigrufen::record::Record::parse(text)?;
        record.replay()?;
        if index > 0 {
            return Err(count_error(1));
        }
        return Ok(RecordedDeal {
            start: AnyDeal::Koenigrufen(Box::new(record.start()?)),
            actions: record
                .actions
                .iter()
                .map(|a| AnyAction::Koenigrufen(a.action))
                .collect(),
        });
    }
    if historic::Ruleset::preset(&preset).is_some() {
        // The family's replay checks the stated result (settlement, balances, counts).
        tarok_core::family::Family::replay(&historic::FAMILY, text)?;
        let record = if historic::game_record::is_game_record(text) {
            let game = historic::game_record::GameRecord::parse(text)?;
            game.replay()?;
            let count = game.deals.len();
            game.deals
                .into_iter()
                .nth(index)
                .ok_or_else(|| count_error(count))?
                .record
        } else {
            if index > 0 {
                return Err(count_error(1));
            }
            historic::record::Record::parse(text)?
        };
        record.replay()?;
        return Ok(RecordedDeal {
            start: AnyDeal::Historic(record.initial()?),
            actions: record
                .actions
                .iter()
                .map(|&a| AnyAction::Historic(a))
                .collect(),
        });
    }
    Err(crate::unknown_preset(&preset))
}

/// Every deal of a Danish record file, each checked against its stated result.
fn danish_records(text: &str) -> Result<Vec<danish::record::Record>, String> {
    let checked = |r: Result<
        (danish::record::Record, danish::Deal),
        danish::record::RecordError,
    >| { r.map(|(record, _)| record).map_err(|e| e.to_string()) };
    if text.trim_start().starts_with('{') {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("the record is not valid JSON: {e}"))?;
        return match value.get("deals") {
            Some(serde_json::Value::Array(deals)) => deals
                .iter()
                .map(|d| checked(danish::record::Record::from_json_value(d.clone())))
                .collect(),
            Some(_) => Err("\"deals\" must be a list of records".into()),
            None => Ok(vec![checked(danish::record::Record::from_json_value(
                value,
            ))?]),
        };
    }
    danish::record::split_text_records(text)
        .into_iter()
        .map(|r| checked(danish::record::Record::from_text(r)))
        .collect()
}
