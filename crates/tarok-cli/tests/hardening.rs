//! The items of the "Hardening" issue, run through the `tarok` binary as a user would: each
//! bad input ends with exit code 2 and a message that says what is wrong.

use assert_cmd::Command;
use predicates::prelude::*;

fn tarok() -> Command {
    Command::cargo_bin("tarok").unwrap()
}

/// Item 7: a Danish position whose player to act has no legal action (only the skus in
/// trick 24) is refused when read, by `hint` and `legal` alike, instead of panicking a bot.
#[test]
fn a_position_without_a_legal_action_is_refused() {
    for cmd in ["hint", "legal"] {
        tarok()
            .args([cmd, "dk-dtf-2011 X/?2/?2 24 0:- -/- 8,8,7 -"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "seat 0 is to act but has no legal action",
            ));
    }
}

/// Item 6: `tarok legal` refuses a Danish position with a renaming right that cannot exist
/// instead of offering `rename:…`.
#[test]
fn legal_refuses_an_impossible_renaming_right() {
    for (position, says) in [
        (
            "dk-dtf-2011 H5/H6,T3/K7,T4 23 0:S5 -/2 8,7,7 -",
            "exists only in a trick led by the skus",
        ),
        (
            "dk-dtf-2011 H5/H6,T3/K7,T4 23 0:X T/2 8,7,7 -",
            "the skus led as tarok gives no renaming right",
        ),
        (
            "dk-dtf-2011 H5/H6,S3/K7,T4 23 0:X S/2 8,7,7 -",
            "seat 1 holds a card of S",
        ),
    ] {
        tarok()
            .args(["legal", position])
            .assert()
            .code(2)
            .stdout(predicate::str::contains("rename").not())
            .stderr(predicate::str::contains(says));
    }
}

/// Item 4: 1829 stakes are positive and bounded; a stake out of range is refused with the
/// switch and its range, not wrapped around or paid by the winner.
#[test]
fn an_1829_stake_out_of_range_is_refused() {
    for (preset, rules, says) in [
        (
            "dk-1829-partners",
            "partie_stake=2000000000",
            "partie_stake must be an even number from 2 to 1000000",
        ),
        (
            "dk-1829-partners",
            "volata=-10",
            "volata must be an even number from 2 to 1000000",
        ),
        (
            "dk-1829-en-deux",
            "point_stake_sk=2147483647",
            "point_stake_sk must be a whole number from 1 to 10000",
        ),
        (
            "dk-1829-en-deux",
            "partie_stake_sk=-32",
            "partie_stake_sk must be a whole number from 1 to 1000000",
        ),
    ] {
        tarok()
            .args([
                "random-game",
                "-p",
                preset,
                "-s",
                "3",
                "--partie",
                "--rules",
                rules,
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
}

/// Item 11: a record file is read whatever its line endings, with comments after tags and
/// actions, through the command line (which picks the family by the record's preset).
#[test]
fn replay_reads_comments_and_every_line_ending() {
    let dir = std::env::temp_dir().join(format!("tarok-hardening-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for preset in [
        "dk-dtf-2011",
        "at-koenigrufen-spieleversum",
        "dk-1829-three",
    ] {
        let out = tarok()
            .args(["random-game", "-p", preset, "-s", "3"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let tagged = text.replace(
            &format!("[Preset \"{preset}\"]"),
            &format!("[Preset \"{preset}\"]  ; comment"),
        );
        assert_ne!(tagged, text);
        for (name, body) in [
            ("comment", tagged.clone()),
            ("cr", text.replace('\n', "\r")),
            ("crlf", text.replace('\n', "\r\n")),
        ] {
            let file = dir.join(format!("{preset}-{name}.txt"));
            std::fs::write(&file, body).unwrap();
            tarok()
                .args(["replay", file.to_str().unwrap()])
                .assert()
                .success();
        }
    }
}

/// Item 11: when standard error cannot be written, a failing command still exits with 2
/// (not a panic's 101).
#[cfg(unix)]
#[test]
fn an_unwritable_standard_error_keeps_the_exit_code() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("tarok"))
        .args(["rules", "nonsense"])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
