//! tarok-games: the registry of the game families. Everything above the engines (the CLI, the
//! terminal UI, the bots, the match runner, the coming web server) sees the families through
//! [`AnyDeal`] and its [`tarok_core::Game`] face, and finds them here by preset.
//!
//! Adding a family: its crate implements `tarok_core::Game` and `tarok_core::family::Family`;
//! here it gets one variant in each enum of [`any`], one line in [`families`] and one arm in
//! [`AnyDeal::seeded_record`] and `impl Recordable for AnyDeal`.

pub mod any;
pub mod info;
pub mod position;
pub mod record;

pub use any::{AnyAction, AnyDeal, AnyError, AnyReason, AnyView, FamilyId};
pub use info::InfoState;
pub use record::{read as read_record, RecordedDeal};

use tarok_core::family::Family;

/// Every family, one line each: the presets, rules, deals, records and benchmarks of the CLI.
pub fn families() -> [&'static dyn Family; 3] {
    [
        &tarok_danish::FAMILY,
        &tarok_historic::FAMILY,
        &tarok_koenigrufen::FAMILY,
    ]
}

/// Every preset id, in the order `tarok presets` lists them.
pub fn preset_ids() -> Vec<&'static str> {
    families()
        .iter()
        .flat_map(|f| f.presets())
        .map(|p| p.id)
        .collect()
}

/// The family that plays `preset`, or an error that lists the presets.
pub fn family_of(preset: &str) -> Result<&'static dyn Family, String> {
    families()
        .into_iter()
        .find(|f| f.presets().iter().any(|p| p.id == preset))
        .ok_or_else(|| unknown_preset(preset))
}

/// The refusal of a preset nobody plays, with the list.
pub fn unknown_preset(preset: &str) -> String {
    format!(
        "unknown preset {preset:?}; the presets are: {}",
        preset_ids().join(", ")
    )
}
