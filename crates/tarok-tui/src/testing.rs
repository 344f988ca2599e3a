//! Helpers for the screens' tests: a drawing as text, a scratch folder for records, and a
//! Danish game at a table of three.

use crate::game::Game;
use ratatui::backend::TestBackend;
use ratatui::style::Modifier;
use ratatui::{Frame, Terminal};
use std::path::{Path, PathBuf};
use tarok_danish::Preset;

/// What `draw` puts on a `w`×`h` screen, row by row.
pub fn rows(w: u16, h: u16, draw: impl FnOnce(&mut Frame)) -> Vec<String> {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(draw).unwrap();
    let buf = term.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect())
        .collect()
}

/// What `draw` shows with `modifier` (the cursor's reversed card, say) on a `w`×`h` screen,
/// row by row, every other cell blank.
pub fn rows_with(w: u16, h: u16, modifier: Modifier, draw: impl FnOnce(&mut Frame)) -> Vec<String> {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(draw).unwrap();
    let buf = term.backend().buffer();
    let cell = |x, y| {
        let c = &buf[(x, y)];
        if c.modifier.contains(modifier) {
            c.symbol()
        } else {
            " "
        }
    };
    (0..h)
        .map(|y| (0..w).map(|x| cell(x, y)).collect())
        .collect()
}

/// A fresh scratch folder for one test's records.
pub fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tarok-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A Danish game at a table of three, the human in the first place, its records saved in `dir`.
pub fn three_at_table(preset: Preset, seed: u64, dir: &Path) -> Game {
    let names = ["Du", "Anna", "Bent"].map(String::from).to_vec();
    Game::new(preset, names, seed, dir).unwrap()
}
