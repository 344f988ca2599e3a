//! `tarok match`, run as a user would: its numbers are the library's, a seed gives the same
//! output on any number of threads, and bad input gets a message that says what to do.

use assert_cmd::Command;
use tarok_ai::runner::{run_match, MatchConfig, Role};
use tarok_ai::Level;

fn tarok() -> Command {
    Command::cargo_bin("tarok").unwrap()
}

/// The standard output of a successful `tarok match` with `threads` rayon threads.
fn stdout(args: &[&str], threads: &str) -> String {
    let out = tarok()
        .arg("match")
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    serde_json::from_str(&stdout(&all, "2")).unwrap()
}

/// A refused `tarok match`: exit code 2, no output, and the message on standard error.
fn refused(args: &[&str]) -> String {
    let out = tarok().arg("match").args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// The JSON has the candidate's mean, its interval around it, the deals, and says who played
/// whom; the numbers are those of the library's runner with the same levels and seed.
#[test]
fn the_json_result_is_the_runners() {
    let j = json(&[
        "--preset",
        "dk-moeller",
        "--a",
        "L1",
        "--b",
        "L0",
        "--deals",
        "40",
        "--seed",
        "8",
    ]);
    let preset = tarok_danish::Preset::Moeller;
    let r = run_match(
        MatchConfig { deals: 40, seed: 8 },
        |s| tarok_danish::Deal::from_seed(preset.ruleset(), s),
        |role, s| {
            let level = if role == Role::Candidate {
                Level::L1
            } else {
                Level::L0
            };
            tarok_ai::danish::bot(level, s)
        },
        || {},
    );
    assert_eq!(j["deals"], 40);
    assert_eq!(j["mean"].as_f64().unwrap(), r.mean);
    assert_eq!(j["sd"].as_f64().unwrap(), r.sd);
    assert_eq!(j["won_share"].as_f64().unwrap(), r.won_share);
    let ci: Vec<f64> = j["ci95"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert_eq!(ci, r.ci95);
    assert!(ci[0] < r.mean && r.mean < ci[1]);
    assert_eq!(
        (&j["preset"], &j["a"], &j["b"], &j["seed"]),
        (
            &serde_json::json!("dk-moeller"),
            &serde_json::json!("L1"),
            &serde_json::json!("L0"),
            &serde_json::json!(8)
        )
    );
}

/// Equal levels tie every deal: mean 0, no deal won. The Danish cup thirds once made a
/// quarter of such deals "won" by float rounding.
#[test]
fn equal_levels_come_out_even() {
    for preset in ["dk-dtf-2011", "at-koenigrufen-spieleversum"] {
        let j = json(&[
            "--preset", preset, "--a", "L0", "--b", "L0", "--deals", "200",
        ]);
        assert_eq!(j["mean"].as_f64(), Some(0.0), "{preset}: {j}");
        assert_eq!(j["won_share"].as_f64(), Some(0.0), "{preset}: {j}");
    }
}

/// One thread or two: the same bytes, text and JSON, for both games; another seed, other
/// numbers.
#[test]
fn a_seed_gives_the_same_output_on_any_number_of_threads() {
    for preset in ["dk-dtf-2011", "at-koenigrufen-spieleversum"] {
        for json in [false, true] {
            let mut args = vec!["--preset", preset, "--deals", "60", "--seed", "12"];
            if json {
                args.push("--json");
            }
            let one = stdout(&args, "1");
            assert_eq!(one, stdout(&args, "2"), "{args:?}");
            args[5] = "13";
            assert_ne!(one, stdout(&args, "2"), "{args:?}");
        }
    }
}

/// The text table names the levels, the mean with its interval, and the share of deals won.
#[test]
fn the_text_table() {
    let text = stdout(
        &[
            "--preset",
            "at-koenigrufen-spieleversum",
            "--deals",
            "30",
            "--seed",
            "4",
        ],
        "2",
    );
    assert!(
        text.starts_with("at-koenigrufen-spieleversum: L1 against L0, 30 duplicate deals (seed 4)"),
        "{text}"
    );
    assert!(text.contains("mean payoff per deal of L1: "), "{text}");
    assert!(text.contains("(95% interval "), "{text}");
    assert!(text.contains("deals won: "), "{text}");
}

#[test]
fn too_few_or_too_many_deals_are_refused() {
    for deals in ["0", "1", "1000001", "18446744073709551616", "-3", "many"] {
        let err = refused(&["--deals", deals]);
        assert!(err.contains("--deals"), "{deals}: {err}");
        assert!(
            err.contains("a match has from 2 to 1000000 deals"),
            "{deals}: {err}"
        );
    }
}

#[test]
fn an_unknown_level_names_the_levels() {
    for (flag, level) in [("--a", "L3"), ("--b", "expert"), ("--a", "")] {
        let err = refused(&[flag, level]);
        assert!(
            err.contains("use L0 (random), L1 (rule-based), L2 (searches the play and the decisions before it) or L2-play (searches the card play only)"),
            "{err}"
        );
    }
}

#[test]
fn an_unknown_preset_lists_the_presets() {
    let err = refused(&["--preset", "dk-dtf-2012"]);
    assert!(err.contains("unknown preset \"dk-dtf-2012\""), "{err}");
    assert!(err.contains("dk-dtf-2011") && err.contains("at-koenigrufen-spieleversum"));
}

/// Every 1829 preset plays a match of level 2 against level 1.
#[test]
fn every_1829_preset_plays_level_2_against_level_1() {
    for preset in [
        "dk-1829-three",
        "dk-1829-partners",
        "dk-1829-quadrille",
        "dk-1829-en-deux",
    ] {
        let j = json(&["--preset", preset, "--a", "L2", "--b", "L1", "--deals", "2"]);
        assert_eq!(j["preset"], preset);
        assert_eq!(j["deals"], 2, "{preset}: {j}");
    }
}

/// Every preset plays a match of level 0 through the one code path; equal bots come out
/// exactly even.
#[test]
fn every_preset_plays_a_level_0_match() {
    let out = tarok().args(["presets", "--json"]).output().unwrap();
    let presets: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let ids: Vec<&str> = presets
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 8, "{ids:?}");
    for preset in ids {
        let j = json(&["--preset", preset, "--a", "L0", "--b", "L0", "--deals", "6"]);
        assert_eq!(j["preset"], preset);
        assert_eq!(j["deals"], 6);
        assert_eq!(j["mean"], 0.0, "{preset}: {j}");
    }
}

/// With --json the error is JSON too, on standard error.
#[test]
fn with_json_an_error_is_json() {
    let err = refused(&["--preset", "dk-nowhere", "--json"]);
    let v: serde_json::Value = serde_json::from_str(err.trim()).unwrap();
    assert!(v["error"].as_str().unwrap().contains("dk-nowhere"), "{v}");
}

/// A seed is any whole number that fits in 64 bits; anything else is told so, also a negative
/// number, which used to read as an unknown option ("unexpected argument '-1'").
#[test]
fn seeds() {
    for seed in [
        "-1",
        "-18446744073709551615",
        "18446744073709551616",
        "1.5",
        "x",
    ] {
        let err = refused(&["--seed", seed, "--deals", "2"]);
        assert!(
            err.contains("a seed is a whole number from 0 to 18446744073709551615"),
            "{seed}: {err}"
        );
    }
    for seed in ["0", "18446744073709551615"] {
        let j = json(&["--seed", seed, "--deals", "2"]);
        assert_eq!(j["seed"].to_string(), seed);
    }
}
