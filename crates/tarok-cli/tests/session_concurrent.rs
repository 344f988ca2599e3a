//! Several `tarok session` processes on one database at once: deals and undos interleave
//! without a hole in the deal numbers or a raw SQLite error, and every deal a process reported
//! as stored is stored under the number it reported.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tarok-session-concurrent-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("club.sqlite")
}

fn tarok(db: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tarok"));
    c.env_remove("TAROK_DB")
        .args(["--json", "session", "--db"])
        .arg(db)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// Starts every command at once and waits for all of them.
fn all_at_once(db: &Path, commands: &[Vec<String>]) -> Vec<Output> {
    let children: Vec<_> = commands
        .iter()
        .map(|args| {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            tarok(db, &args).spawn().unwrap()
        })
        .collect();
    children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect()
}

fn stored_deals(db: &Path) -> Vec<serde_json::Value> {
    let out = tarok(db, &["show"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "show fails: {text}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["deals"].as_array().unwrap().clone()
}

fn seed_of(deal: &serde_json::Value) -> u64 {
    deal["entry"]["engine"]["seed"].as_u64().unwrap()
}

fn new_session(db: &Path) {
    let ok = tarok(db, &["new", "--players", "Anna,Bent,Carl,Dorte"])
        .output()
        .unwrap();
    assert!(ok.status.success());
}

#[test]
fn deals_and_undos_in_parallel_processes_keep_the_session_whole() {
    let db = temp_db("mixed");
    new_session(&db);
    let mut expected = 0i64;
    for round in 0..4u64 {
        // Two undos, each with a deal to take back, among three deals.
        let mut commands = Vec::new();
        for k in 0..3 {
            let seed = (round * 10 + k).to_string();
            commands.push(vec![
                "deal".into(),
                "--random".into(),
                "--seed".into(),
                seed,
            ]);
        }
        if expected >= 2 {
            commands.insert(1, vec!["undo".into()]);
            commands.push(vec!["undo".into()]);
        }
        for (args, out) in commands.iter().zip(all_at_once(&db, &commands)) {
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{args:?}: {stderr}");
            expected += if args[0] == "undo" { -1 } else { 1 };
        }
        let deals = stored_deals(&db);
        assert_eq!(deals.len() as i64, expected, "after round {round}");
    }
}

#[test]
fn deals_in_parallel_processes_are_stored_as_reported() {
    let db = temp_db("deals");
    new_session(&db);
    let commands: Vec<Vec<String>> = (0..4u64)
        .map(|p| {
            ["deal", "--random", "--repeat", "4", "--seed"]
                .map(String::from)
                .into_iter()
                .chain([(100 * p).to_string()])
                .collect()
        })
        .collect();
    let mut reported = Vec::new();
    for (args, out) in commands.iter().zip(all_at_once(&db, &commands)) {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            reported.push((v["deal"].as_u64().unwrap(), v["seed"].as_u64().unwrap()));
        }
    }
    assert_eq!(reported.len(), 16);
    let deals = stored_deals(&db);
    assert_eq!(deals.len(), 16);
    for (number, seed) in reported {
        assert_eq!(seed_of(&deals[number as usize - 1]), seed, "deal {number}");
    }
}
