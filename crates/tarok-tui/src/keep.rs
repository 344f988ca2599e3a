//! The evening kept as it goes, so that `tarok play --resume` continues it after quitting: a
//! small JSON file beside the records folder, named after it ([`path`]: `tarok-records` keeps
//! `tarok-records.evening.json`), so that the folder holds records only. It holds what the evening was started
//! with (preset, seed, names, level, language) and every deal so far as its record in the one
//! record format (the finished ones with their result, the last one perhaps in progress), from
//! which [`Table::resume`](crate::table::Table::resume) replays the evening.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use tarok_core::record::Record;

/// The end of the kept evening's file name, after the records folder's name.
pub const FILE: &str = "evening.json";

/// The version of the kept evening's format, in its `"kept"` field.
pub const FORMAT: u32 = 1;

/// An evening as kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    /// The format's version ([`FORMAT`]).
    pub kept: u32,
    /// The preset played.
    pub preset: String,
    /// The evening's seed (deal `n` is dealt from `deal_seed(seed, n)`).
    pub seed: u64,
    /// Everyone at the table, the human first.
    pub names: Vec<String>,
    /// The computer players' level, `L0` or `L1`.
    pub level: String,
    /// The screen's language as `--lang` takes it, if one was asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    /// Every deal so far, in order, as its record.
    pub deals: Vec<Record>,
}

/// What a [`Table`](crate::table::Table) that keeps its evening writes besides its own state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keeping {
    /// The screen's language, if one was asked for.
    pub lang: Option<String>,
}

/// The path of the evening kept for the records folder `dir`: beside it, `{dir}.evening.json`
/// (inside it for a folder without a name of its own, such as `.`).
pub fn path(dir: &Path) -> PathBuf {
    match dir.file_name() {
        Some(name) => dir.with_file_name(format!("{}.{FILE}", name.to_string_lossy())),
        None => dir.join(FILE),
    }
}

/// Reads the evening kept for the records folder `dir`.
pub fn read(dir: &Path) -> Result<Kept, String> {
    let file = path(dir);
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(format!(
            "no evening is kept for the records folder {} ({} is missing): `tarok play` starts one (--records names the folder)",
            dir.display(),
            file.display()
        )),
        Err(e) => return Err(format!("cannot read {}: {e}", file.display())),
    };
    let kept: Kept = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not a kept evening: {e}", file.display()))?;
    if kept.kept != FORMAT {
        return Err(format!(
            "{} is kept in format {}; this program reads format {FORMAT}",
            file.display(),
            kept.kept
        ));
    }
    Ok(kept)
}

/// Writes the evening kept for the records folder `dir`, replacing the one kept before; the
/// new file is written beside the old and renamed over it, so that a crash leaves one or the
/// other whole.
pub fn write(dir: &Path, kept: &Kept) -> Result<(), String> {
    let file = path(dir);
    if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    let mut tmp = file.clone().into_os_string();
    tmp.push(".new");
    let tmp = PathBuf::from(tmp);
    let text = serde_json::to_string_pretty(kept).expect("a kept evening serialises");
    std::fs::write(&tmp, text).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, &file).map_err(|e| format!("cannot write {}: {e}", file.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kept evening reads back as written; a folder without one says how to start one.
    #[test]
    fn a_kept_evening_reads_back() {
        let dir = crate::testing::temp_dir("keep-file");
        let err = read(&dir).unwrap_err();
        assert!(err.contains("no evening is kept"), "{err}");
        assert_eq!(
            path(Path::new("a/tarok-records")),
            Path::new("a/tarok-records.evening.json")
        );
        assert_eq!(path(Path::new(".")), Path::new("./evening.json"));
        let mut deal = Record::new("dk-1829-three", 1, 2);
        deal.seed = Some(7);
        let kept = Kept {
            kept: FORMAT,
            preset: "dk-1829-three".into(),
            seed: 7,
            names: vec!["You".into(), "Anna".into(), "Bent".into()],
            level: "L0".into(),
            lang: Some("da".into()),
            deals: vec![deal],
        };
        write(&dir, &kept).unwrap();
        assert_eq!(read(&dir).unwrap(), kept);
        // Beside the folder, which holds records only.
        assert!(!dir.exists());
        let _ = std::fs::remove_file(path(&dir));
    }
}
