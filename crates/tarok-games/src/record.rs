//! Records of any family in one model, `tarok_core::record::Record`: the start (preset,
//! version, house rules, seed or deck, dealer, setup), every action by its seat, and the stated
//! result. Front ends write that one format; they read it and the families' older formats
//! (which each family's own reader checks, the stated result included) into the same shape, so
//! that a front end can replay or step through a deal (`tarok hint --record FILE --after N`)
//! without knowing its family.

use crate::any::{AnyAction, AnyDeal};
use tarok_core::record::{self as one, Record};
use tarok_core::Game;
use tarok_danish as danish;
use tarok_historic as historic;
use tarok_koenigrufen as koenigrufen;

/// One deal of a record: the record in the one format, where it starts and what was done.
#[derive(Clone, Debug)]
pub struct RecordedDeal {
    /// The deal's record in the one format (an older family record converted).
    pub record: Record,
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
    if one::is_record(text) {
        let records = one::read_all(text)?;
        let first = records.first().ok_or("the file holds no record")?;
        return Ok(first.preset.clone());
    }
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

/// Reads deal `index` (from 0) of a record file of any family, text or JSON, after the whole
/// file has been checked: every action legal and by the seat to act, every stated result the
/// replay's.
pub fn read(text: &str, index: usize) -> Result<RecordedDeal, String> {
    let mut deals = read_all(text)?;
    if index >= deals.len() {
        let count = deals.len();
        return Err(format!(
            "the record holds {count} deal{}, so there is no deal {}",
            if count == 1 { "" } else { "s" },
            index + 1
        ));
    }
    Ok(deals.swap_remove(index))
}

/// Every deal of a record file of any family, in the one format or a family's older one.
pub fn read_all(text: &str) -> Result<Vec<RecordedDeal>, String> {
    let text = text.trim_start_matches('\u{feff}');
    if one::is_record(text) {
        let records = one::read_all(text)?;
        let many = records.len() > 1;
        return records
            .into_iter()
            .enumerate()
            .map(|(i, record)| {
                let replayed = one::replay::<AnyDeal>(&record).map_err(|e| {
                    if many {
                        format!("deal {}: {e}", i + 1)
                    } else {
                        e
                    }
                })?;
                Ok(RecordedDeal {
                    record,
                    start: replayed.start,
                    actions: replayed.actions,
                })
            })
            .collect();
    }
    read_older(text)?
        .into_iter()
        .map(|(header, start, actions)| {
            let record = one::write(&header, &start, &actions)?;
            Ok(RecordedDeal {
                record,
                start,
                actions,
            })
        })
        .collect()
}

/// The deals of a family's older record format: each deal's start as the one record's header,
/// the deal before its first action and the actions, after the family's reader has checked
/// the whole file.
fn read_older(text: &str) -> Result<Vec<(Record, AnyDeal, Vec<AnyAction>)>, String> {
    let preset = preset_of(text)?;
    if danish::Preset::parse(&preset).is_some() {
        return danish_records(text)?
            .iter()
            .map(|record| {
                let (start, actions) = record.steps().map_err(|e| e.to_string())?;
                Ok((
                    record.header(),
                    AnyDeal::Danish(start),
                    actions.into_iter().map(AnyAction::Danish).collect(),
                ))
            })
            .collect();
    }
    if koenigrufen::Ruleset::by_id(&preset).is_some() {
        let record = koenigrufen::record::Record::parse(text)?;
        record.replay()?;
        let start = record.start()?;
        return Ok(vec![(
            koenigrufen::record::header(&start),
            AnyDeal::Koenigrufen(Box::new(start)),
            record
                .actions
                .iter()
                .map(|a| AnyAction::Koenigrufen(a.action))
                .collect(),
        )]);
    }
    if historic::Ruleset::preset(&preset).is_some() {
        // The family's replay checks the stated result (settlement, balances, counts).
        tarok_core::family::Family::replay(&historic::FAMILY, text)?;
        let records = if historic::game_record::is_game_record(text) {
            let game = historic::game_record::GameRecord::parse(text)?;
            game.replay()?;
            game.deals.into_iter().map(|d| d.record).collect()
        } else {
            vec![historic::record::Record::parse(text)?]
        };
        return records
            .into_iter()
            .map(|record| {
                record.replay()?;
                Ok((
                    record.header(),
                    AnyDeal::Historic(record.initial()?),
                    record
                        .actions
                        .iter()
                        .map(|&a| AnyAction::Historic(a))
                        .collect(),
                ))
            })
            .collect();
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

/// A deal of `preset` dealt from `seed` under house rules `rules` and played to the end with
/// the family's random legal play, as records in the one format: `tarok random-game`. The
/// same seed plays the same deal as the family's own random game; a Danish deal that is
/// redealt is followed by the deal that is played, so there may be more than one record.
pub fn random(preset: &str, seed: u64, rules: &str) -> Result<Vec<Record>, String> {
    let family = crate::family_of(preset)?;
    let played = family.random_game_under(preset, rules, seed)?;
    read_all(&played.text)?
        .into_iter()
        .map(|deal| {
            let mut record = deal.record;
            // The hands as dealt, for people who lay the deal out with real cards.
            let dealt =
                (0..deal.start.seats()).map(|s| format!("P{s} dealt: {}", deal.start.hand(s)));
            record.notes.splice(0..0, dealt);
            Ok(record)
        })
        .collect()
}
