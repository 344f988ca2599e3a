//! `tarok session …` with a score sheet through the binary: a Königrufen evening by hand and
//! from a record, the 1829 partners' Partie, refusals that change nothing, undo and export.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::PathBuf;

mod session_common;
use session_common::{tarok, temp_db};

fn game(db: &PathBuf, text: &str) -> assert_cmd::assert::Assert {
    tarok(db).args(["deal", "--game", text]).assert()
}

fn show_json(db: &PathBuf) -> serde_json::Value {
    let out = tarok(db).args(["show"]).arg("--json").output().unwrap();
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

fn totals(db: &PathBuf) -> Vec<f64> {
    let v = show_json(db);
    let players: Vec<String> = serde_json::from_value(v["players"].clone()).unwrap();
    players
        .iter()
        .map(|p| v["totals"][p].as_f64().unwrap())
        .collect()
}

#[test]
fn a_koenigrufen_evening_by_hand() {
    let db = temp_db("kr");
    tarok(&db)
        .args(["new", "--preset", "at-koenigrufen-spieleversum"])
        .args(["--players", "Anna,Bent,Carl,Dorte"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Next deal: Anna deals"));
    // Bent's Rufer with Dorte, kontra'd, and Bent's announced Pagat, kontra'd: 2 against 2,
    // each of the other side pays one of them 2 for the game and 4 for the Pagat.
    game(
        &db,
        "rufer Bent+Dorte won kontra; pagat announced Bent made Bent kontra",
    )
    .success()
    .stdout(predicate::str::contains("Rufer, declarer Bent"))
    .stdout(predicate::str::contains("announced Pagat won, Kontra ×2"));
    // Dorte's Bettler (2), Anna said Kontra.
    game(&db, "bettler Dorte won kontra Anna").success();
    // Anna renounces in Bent's kontra'd Dreier with an announced Pagat: 4×2 + 2 = 10 to each.
    game(&db, "renonce Anna dreier Bent kontra; pagat").success();
    let before = show_json(&db);
    game(&db, "piccolo Anna+Bent won")
        .code(2)
        .stderr(predicate::str::contains("Piccolo is played alone"));
    game(
        &db,
        "dreier Anna won; trull announced Anna made Anna; pagat made Carl kontra",
    )
    .code(2)
    .stderr(predicate::str::contains(
        "only an announced premium can be kontra'd",
    ));
    assert_eq!(show_json(&db), before, "a refused entry changes nothing");
    tarok(&db)
        .args(["deal", "--count", "Anna=30"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("this session is a score sheet"));
    game(&db, "void 3x +4 und nur 1x -4").success();
    assert_eq!(totals(&db), vec![-40.0, 14.0, 2.0, 24.0]);
    let v = show_json(&db);
    assert_eq!(v["deals"].as_array().unwrap().len(), 4);
    assert_eq!(
        v["next"]["dealer"], "Anna",
        "four deals: the deal is back with Anna"
    );

    tarok(&db)
        .arg("undo")
        .assert()
        .success()
        .stdout(predicate::str::contains("Removed from session 1"));
    assert_eq!(show_json(&db)["next"]["dealer"], "Dorte");
    let csv = tarok(&db)
        .args(["export", "--format", "csv"])
        .output()
        .unwrap()
        .stdout;
    let csv = String::from_utf8(csv).unwrap();
    assert!(
        csv.starts_with("deal,dealer,Anna,Bent,Carl,Dorte,note\n1,Anna,-6,6,-6,6,"),
        "{csv}"
    );
    assert!(csv.ends_with("total,,-40,14,2,24,\n"), "{csv}");
    tarok(&db).arg("close").assert().success();
    game(&db, "rufer Bent won")
        .code(2)
        .stderr(predicate::str::contains("no open session"));
}

#[test]
fn a_koenigrufen_deal_from_its_record() {
    let db = temp_db("record");
    let record = db.with_file_name("deal.txt");
    let out = Command::cargo_bin("tarok")
        .unwrap()
        .args([
            "random-game",
            "-p",
            "at-koenigrufen-spieleversum",
            "-s",
            "4",
        ])
        .output()
        .unwrap();
    std::fs::write(&record, &out.stdout).unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("[Dealer \"0\"]") && text.contains("[Result \"P0:+14 P1:-28 P2:+7 P3:+7\"]")
    );
    tarok(&db)
        .args(["new", "--preset", "at-koenigrufen-spieleversum"])
        .args(["--players", "Anna,Bent,Carl,Dorte"])
        .assert()
        .success();
    tarok(&db)
        .args(["deal", "--record"])
        .arg(&record)
        .assert()
        .success();
    assert_eq!(totals(&db), vec![14.0, -28.0, 7.0, 7.0]);
    let entry = show_json(&db)["deals"][0]["entry"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        entry.starts_with("bettler-ouvert Bent lost kontra"),
        "{entry}"
    );
    // The next deal is Bent's to deal: the same record is refused.
    tarok(&db)
        .args(["deal", "--record"])
        .arg(&record)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "it is dealt by seat 0 and this deal by seat 1 (Bent)",
        ));
}

#[test]
fn a_partie_of_the_partners_game() {
    let db = temp_db("partners");
    tarok(&db)
        .args([
            "new",
            "--preset",
            "dk-1829-three",
            "--players",
            "Anna,Bent,Carl",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("dk-1829-three has no Partie"));
    assert!(!db.exists(), "a refused new creates no database");
    tarok(&db)
        .args(["new", "--preset", "dk-1829-partners"])
        .args(["--players", "Anna,Bent,Carl,Dorte"])
        .assert()
        .success();
    for i in 0..3 {
        game(&db, "Anna+Bent=50 Carl+Dorte=22")
            .success()
            .stdout(predicate::str::contains("is paid when it ends"));
        if i == 0 {
            tarok(&db)
                .arg("show")
                .assert()
                .success()
                .stdout(predicate::str::contains("(dk-1829-partners), 1 deal\n"));
        }
    }
    game(&db, "Anna+Carl=50 Bent+Dorte=22")
        .code(2)
        .stderr(predicate::str::contains("not a side of this deal"));
    // A surplus of 4×14 = 56 against none: a Reale and double, triple (002 L254-262): each
    // loser pays each winner 3 × 10 / 2.
    game(&db, "Anna+Bent=50 Carl+Dorte=22")
        .success()
        .stdout(predicate::str::contains("won by Anna+Bent ×3"));
    assert_eq!(totals(&db), vec![30.0, 30.0, -30.0, -30.0]);
}

#[test]
fn a_danish_ledger_refuses_a_sheet_entry() {
    let db = temp_db("danish");
    tarok(&db)
        .args(["new", "--players", "Anna,Bent,Carl"])
        .assert()
        .success();
    game(&db, "rufer Anna won")
        .code(2)
        .stderr(predicate::str::contains("this session is a Danish ledger"));
}

/// Splits a command line of the help into its words, a double-quoted text as one.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// The score sheets' examples of `tarok session --help` work as shown, one after the other
/// (those of a new session once the one before is closed).
#[test]
fn the_help_examples_of_score_sheets_work() {
    let db = temp_db("help");
    let help = Command::cargo_bin("tarok")
        .unwrap()
        .args(["session", "--help"])
        .output()
        .unwrap()
        .stdout;
    let help = String::from_utf8(help).unwrap();
    let examples: Vec<&str> = help
        .split("Score sheets")
        .nth(1)
        .expect("the help has the score sheets' examples")
        .lines()
        .filter_map(|l| l.trim().strip_prefix("tarok session "))
        .filter(|l| !l.contains("--record"))
        .collect();
    assert!(examples.len() >= 6, "{help}");
    for e in examples {
        if e.starts_with("new") && db.exists() {
            tarok(&db).arg("close").assert().success();
        }
        tarok(&db).args(words(e)).assert().success();
    }
    // The last example is the partners' first deal.
    assert_eq!(
        show_json(&db)["deals"][0]["entry"],
        "Anna+Bent=40 Carl+Dorte=32"
    );

    // The example of `deal --help`, at a new Königrufen table.
    let help = Command::cargo_bin("tarok")
        .unwrap()
        .args(["session", "deal", "--help"])
        .output()
        .unwrap()
        .stdout;
    let help = String::from_utf8(help).unwrap();
    let example = help
        .split("E.g. \"")
        .nth(1)
        .and_then(|e| e.split('"').next())
        .expect("an example");
    tarok(&db).arg("close").assert().success();
    tarok(&db)
        .args(["new", "--preset", "at-koenigrufen-spieleversum"])
        .args(["--players", "Anna,Bent,Carl,Dorte"])
        .assert()
        .success();
    game(&db, example).success();
}
