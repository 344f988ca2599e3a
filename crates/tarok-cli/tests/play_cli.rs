//! `tarok play`'s options that are answered before a terminal is needed: `--resume` without a
//! kept evening or with options of a new one, `--level` for a level the preset lacks, and the
//! help that says what they do.

use assert_cmd::Command;
use predicates::prelude::*;

fn tarok() -> Command {
    Command::cargo_bin("tarok").unwrap()
}

/// `--resume` in a records folder without a kept evening says how to start one.
#[test]
fn resume_without_a_kept_evening_is_refused() {
    let dir = std::env::temp_dir().join(format!("tarok-no-evening-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    tarok()
        .args(["play", "--resume", "--records"])
        .arg(&dir)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "no evening is kept for the records folder",
        ))
        .stderr(predicate::str::contains("`tarok play` starts one"));
}

/// The kept evening has its own preset, players, seed and level: asking for others with
/// `--resume` is refused.
#[test]
fn resume_refuses_the_options_of_a_new_evening() {
    for extra in [
        &["--seed", "3"][..],
        &["--preset", "dk-1829-three"],
        &["--players", "Ib,Jo,Kim"],
        &["--level", "L0"],
    ] {
        tarok()
            .args(["play", "--resume"])
            .args(extra)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("cannot be used with"));
    }
}

/// An unknown level is refused with the levels there are.
#[test]
fn an_unknown_level_is_refused_with_the_list() {
    tarok()
        .args(["play", "--level", "L7"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "use L0 (random), L1 (rule-based), L2 (searches the play and the decisions before it) or L2-play (searches the card play only)",
        ));
}

/// `play --help` says what `--resume` and `--level` do, and what becomes of a kept evening
/// when a new one starts.
#[test]
fn play_help_says_what_resume_and_level_do() {
    let out = tarok().args(["play", "--help"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for said in [
        "--resume",
        "Continue the evening kept for the records folder",
        "tarok-records.evening.json",
        "Without --resume a new evening begins and replaces the one kept there",
        "--level",
        "Default: L2, the strongest",
    ] {
        assert!(text.contains(said), "{said:?} not in:\n{text}");
    }
}
