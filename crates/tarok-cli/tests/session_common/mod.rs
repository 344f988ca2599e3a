//! What the `tarok session` tests share: a fresh database and the command on it.

use assert_cmd::Command;
use std::path::PathBuf;

/// A database path in a new, empty folder of this test process.
pub fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tarok-session-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("club.sqlite")
}

/// `tarok session --db DB`, with no database named by the environment.
pub fn tarok(db: &PathBuf) -> Command {
    let mut c = Command::cargo_bin("tarok").unwrap();
    c.env_remove("TAROK_DB").arg("session").arg("--db").arg(db);
    c
}
