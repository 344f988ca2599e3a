//! The `tarok` binary, run as a user would.

use assert_cmd::Command;
use predicates::prelude::*;

fn tarok() -> Command {
    Command::cargo_bin("tarok").unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = tarok().args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A one-format `[Result "P0:-40 P1:+15 P2:+5 cup0:+10 cup1:+10"]` tag in the Danish words
/// of `tarok replay`: `0:-40 1:+15 2:+5 kongekop:+10 pagatkop:+10`.
fn danish_balances(tag: &str) -> String {
    let items = tag
        .trim_start_matches("[Result \"")
        .trim_end_matches("\"]")
        .split_whitespace()
        .map(|item| {
            let item = item.strip_prefix('P').unwrap_or(item);
            let item = item.replace("cup0:", "kongekop:");
            item.replace("cup1:", "pagatkop:")
        });
    items.collect::<Vec<_>>().join(" ")
}

#[test]
fn random_game_then_replay_round_trips() {
    let dir = std::env::temp_dir().join(format!("tarok-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for preset in ["dk-dtf-2011", "dk-hjoerring-2016", "dk-moeller"] {
        let out = tarok()
            .args(["random-game", "--preset", preset, "--seed", "42"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(&format!("[Preset \"{preset}\"]")));
        assert!(text.contains("[Record \"1\"]") && text.contains("[Result"));
        let file = dir.join(format!("{preset}.txt"));
        std::fs::write(&file, &text).unwrap();
        tarok()
            .args(["replay", file.to_str().unwrap()])
            .assert()
            .success()
            .stdout(predicate::str::contains("Settlement:"))
            .stdout(predicate::str::contains("25."));
        // `replay --json`: the same deal, its settlement lines with their rules, and the
        // balances of the text record's tag.
        let r = json(&["replay", file.to_str().unwrap()]);
        assert_eq!(r["preset"], preset);
        assert_eq!(r["over"], true);
        let tag = text.lines().find(|l| l.starts_with("[Result")).unwrap();
        assert_eq!(danish_balances(tag), r["balances"]);
        let tricks: u64 = r["tricks_won"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_u64().unwrap())
            .sum();
        assert_eq!(tricks, 25);
        let lines = r["settlement"].as_array().unwrap();
        assert!(!lines.is_empty());
        for l in lines {
            assert!(l["amount"].as_i64().unwrap() > 0, "{l}");
            assert!(!l["rule"].as_str().unwrap().is_empty(), "{l}");
        }
        // The JSON record replays too, through standard input.
        let j = json(&["random-game", "--preset", preset, "--seed", "42"]);
        let record = j
            .as_array()
            .map_or(&j, |deals| deals.last().unwrap())
            .to_string();
        tarok()
            .args(["replay", "-"])
            .write_stdin(record)
            .assert()
            .success();
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let a = tarok()
        .args(["random-game", "--seed", "5"])
        .output()
        .unwrap()
        .stdout;
    let b = tarok()
        .args(["random-game", "--seed", "5"])
        .output()
        .unwrap()
        .stdout;
    assert_eq!(a, b);
}

/// A seed that is negative, too large or no number is refused with the range, by every
/// command that takes one, as by `match` (clap would otherwise take `-1` for an unknown option).
#[test]
fn a_bad_seed_is_refused_with_its_range() {
    for command in ["deal", "random-game", "play"] {
        for seed in ["-1", "18446744073709551616", "x"] {
            tarok()
                .args([command, "--seed", seed])
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicate::str::contains(
                    "a seed is a whole number from 0 to 18446744073709551615",
                ));
        }
    }
    let largest = json(&["deal", "--seed", "18446744073709551615"]);
    assert!(largest.is_object());
}

#[test]
fn deal_shows_hands_skat_and_declarations() {
    let j = json(&["deal", "--preset", "dk-moeller", "--seed", "7"]);
    assert_eq!(j["hands"].as_array().unwrap().len(), 3);
    assert!(j["skat"].as_str().unwrap().split_whitespace().count() == 3);
    tarok()
        .args(["deal", "--seed", "7"])
        .assert()
        .success()
        .stdout(predicate::str::contains("2 kortgiver"));
}

#[test]
fn declare_values_a_hand() {
    let hand = "T21 T1 X T2 T3 T4 T5 T6 T7 T8 T9 HK HD HKn S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 R1";
    let j = json(&["declare", "--hand", hand]);
    assert_eq!(j["value_from_each"], 30);
    // The federation's preset (the default) says its sheet's words; JSON keeps Møller's as the key.
    assert_eq!(j["declarations"][0]["declaration"], "11 tarokker med pagat");
    assert_eq!(j["declarations"][0]["said"], "11 med");
    tarok()
        .args(["declare", "--hand", hand])
        .assert()
        .success()
        .stdout(predicate::str::contains("11 med: 15"))
        .stdout(predicate::str::contains("halve hjerter, mangler cavallen"));
    tarok()
        .args(["declare", "--preset", "dk-moeller", "--hand", hand])
        .assert()
        .success()
        .stdout(predicate::str::contains("11 tarokker med pagat"))
        .stdout(predicate::str::contains("halvt i hjerter uden cavallen"));
}

#[test]
fn legal_lists_actions_of_a_position() {
    let j = json(&["legal", "dk-dtf-2011 ?2/S7,H3,X/?3 23 0:S5 -/- 8,7,7 -"]);
    assert_eq!(j["legal"], serde_json::json!(["X", "S7"]));
}

/// Every game's `legal --json` lists card codes under one key, the examples `legal --help`
/// gives are positions that parse, and `hint` answers from them where the game has a computer
/// player.
#[test]
fn legal_answers_alike_for_every_game_and_its_help_examples_work() {
    let help = tarok().args(["legal", "--help"]).output().unwrap().stdout;
    let help = String::from_utf8(help).unwrap();
    let examples: Vec<&str> = help
        .lines()
        .filter_map(|l| l.trim().strip_prefix("tarok legal \""))
        .map(|l| l.trim_end_matches('"'))
        .collect();
    assert_eq!(examples.len(), 3, "{help}");
    // Danish, Königrufen, 1829: who acts and the legal cards.
    let expected = [
        (1, serde_json::json!(["X", "S7"])),
        (1, serde_json::json!(["HK", "H4"])),
        (0, serde_json::json!(["X", "HK"])),
    ];
    for (position, &(to_act, ref legal)) in examples.iter().zip(&expected) {
        let j = json(&["legal", position]);
        assert_eq!(j["legal"], *legal, "{position}");
        assert_eq!(j["to_act"], to_act, "{position}");
    }
    // Hints answer for the games with a computer player, from the same positions.
    for (position, &(to_act, ref legal)) in examples.iter().zip(&expected).take(2) {
        let j = json(&["hint", position]);
        assert_eq!(j["seat"], to_act, "{position}");
        assert!(legal.as_array().unwrap().contains(&j["action"]), "{j}");
        assert!(j["reason"].as_str().unwrap().len() > 10, "{j}");
    }
    tarok()
        .args(["hint", examples[2]])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "a dk-1829-en-deux position string holds no history for a view",
        ));
    let help =
        String::from_utf8(tarok().args(["hint", "--help"]).output().unwrap().stdout).unwrap();
    let hint_examples: Vec<&str> = help
        .lines()
        .filter_map(|l| l.trim().strip_prefix("tarok hint \""))
        .map(|l| l.trim_end_matches('"'))
        .collect();
    assert_eq!(hint_examples, examples[..2], "{help}");
}

#[test]
fn rules_lists_switches_with_sources() {
    let j = json(&["rules", "dk-hjoerring-2016"]);
    // `-p` as for the other commands.
    assert_eq!(json(&["rules", "-p", "dk-hjoerring-2016"]), j);
    let switches = j["switches"].as_array().unwrap();
    let tout = switches
        .iter()
        .find(|s| s["name"] == "tariff.tout")
        .unwrap();
    assert_eq!(tout["value"], "85");
    assert!(switches
        .iter()
        .all(|s| !s["source"].as_str().unwrap().is_empty()));
    // The skat switches of dk-moeller with their values (000 §13).
    let j = json(&["rules", "dk-moeller"]);
    let switches = j["switches"].as_array().unwrap();
    for (name, value) in [("skat.allow_pagat", "Never"), ("skat.allow_skus", "Never")] {
        let s = switches.iter().find(|s| s["name"] == name).unwrap();
        assert_eq!(s["value"], value, "{name}");
        assert!(s["source"].as_str().unwrap().contains("000 L"), "{name}");
    }
    tarok()
        .arg("presets")
        .assert()
        .success()
        .stdout(predicate::str::contains("dk-dtf-2011"));
}

/// `tarok rules` names the guide for players of the preset, a file of the repository, on a line
/// at the top and as `"guide"` in JSON; `tarok presets` shows each preset's guide.
#[test]
fn rules_and_presets_name_the_guide_for_players() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for (preset, guide) in [
        ("dk-dtf-2011", "docs/rules/danish.md"),
        ("dk-hjoerring-2016", "docs/rules/danish.md"),
        ("dk-moeller", "docs/rules/danish.md"),
        ("at-koenigrufen-spieleversum", "docs/rules/koenigrufen.md"),
        ("dk-1829-three", "docs/rules/1829.md"),
        ("dk-1829-partners", "docs/rules/1829.md"),
        ("dk-1829-quadrille", "docs/rules/1829.md"),
        ("dk-1829-en-deux", "docs/rules/1829.md"),
    ] {
        assert!(root.join(guide).is_file(), "{guide}");
        let out = tarok().args(["rules", preset]).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(format!("Rules of {preset}").as_str()));
        assert_eq!(
            lines.next(),
            Some(format!("guide: {guide}").as_str()),
            "{text}"
        );
        assert_eq!(json(&["rules", preset])["guide"], guide);
    }
    let j = json(&["presets"]);
    let presets = j.as_array().unwrap();
    assert_eq!(presets.len(), 8);
    for p in presets {
        let guide = p["guide"].as_str().unwrap();
        assert!(guide.starts_with("docs/rules/"), "{p}");
        assert!(root.join(guide).is_file(), "{p}");
    }
    tarok()
        .arg("presets")
        .assert()
        .success()
        .stdout(predicate::str::contains("guide: docs/rules/koenigrufen.md"));
}

#[test]
fn bench_reports_playouts_per_second() {
    let j = json(&["bench", "--seconds", "0.2"]);
    assert!(j["playouts_per_sec"].as_f64().unwrap() > 0.0);
    for bad in ["0", "601", "NaN"] {
        tarok()
            .args(["bench", "--seconds", bad])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "--seconds must be more than 0 and at most 600",
            ));
    }
}

#[test]
fn bad_input_gets_a_clear_error_and_exit_code_2() {
    tarok()
        .args(["deal", "--preset", "dk-nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown preset \"dk-nope\""));
    // With --json the error is JSON too.
    let out = tarok()
        .args(["deal", "--preset", "dk-nope", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
    assert!(
        err["error"]
            .as_str()
            .unwrap()
            .contains("unknown preset \"dk-nope\""),
        "{err}"
    );
    tarok()
        .args(["declare", "--hand", "T1 T2 Q9"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown suit letter"));
    tarok()
        .args(["declare", "--hand", "T1 T2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("25 cards"));
    tarok()
        .args(["replay", "/nonexistent/file"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read record file"));
    tarok()
        .args(["legal", "dk-dtf-2011 nonsense"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad position"));
    tarok()
        .args(["legal", "nonsense"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a position begins with its preset: unknown preset",
        ));
    tarok()
        .args(["replay", "-"])
        .write_stdin("[Preset \"dk-dtf-2011\"]\n[Seed \"1\"]\n0. HK\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("record action 1"));
}

#[test]
fn hint_explains_the_choice() {
    let j = json(&["hint", "dk-dtf-2011 ?3/S7,H3,X,T5/?4 22 0:S5 -/- 7,7,7 -"]);
    assert!(["S7", "X"].contains(&j["action"].as_str().unwrap()), "{j}");
    assert!(j["reason"].as_str().unwrap().len() > 10);
}

#[test]
fn match_reports_mean_and_interval() {
    let j = json(&["match", "--deals", "50", "--seed", "3"]);
    assert_eq!(j["deals"], 50);
    let ci = j["ci95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() <= j["mean"].as_f64().unwrap());
    let again = json(&["match", "--deals", "50", "--seed", "3"]);
    assert_eq!(j, again, "a seed gives the same match");
    let k = json(&[
        "match",
        "--preset",
        "at-koenigrufen-spieleversum",
        "--deals",
        "30",
    ]);
    assert_eq!(k["deals"], 30);
}

/// The output of `random-game` replays as it is, in both forms, also when the first deal is
/// redealt and the file holds two records (seed 33057 under dk-dtf-2011). Reproductions: the
/// JSON form failed for every seed ("missing field version"), the text form after a redeal.
#[test]
fn every_random_game_output_replays() {
    let dir = std::env::temp_dir().join(format!("tarok-cli-all-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for seed in ["7", "33057"] {
        let text = tarok()
            .args(["random-game", "--seed", seed])
            .output()
            .unwrap()
            .stdout;
        let text = String::from_utf8(text).unwrap();
        let last_balances = danish_balances(
            text.lines()
                .rev()
                .find(|l| l.starts_with("[Result"))
                .unwrap(),
        );
        let file = dir.join(format!("{seed}.txt"));
        std::fs::write(&file, &text).unwrap();
        let out = tarok()
            .args(["replay", file.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let shown = String::from_utf8(out.stdout).unwrap();
        assert!(
            shown.ends_with(&format!("Balances: {last_balances}\n")),
            "{shown}"
        );
        assert_eq!(
            seed == "33057",
            shown.contains("redeal demanded"),
            "{shown}"
        );
        // Only the deal played declares (three lines): a redealt deal's skat and declarations
        // were never made, and are not shown as "pas".
        assert_eq!(shown.matches("declarations ").count(), 3, "{shown}");

        let j = json(&["random-game", "--seed", seed]);
        let file = dir.join(format!("{seed}.json"));
        std::fs::write(&file, j.to_string()).unwrap();
        let r = json(&["replay", file.to_str().unwrap()]);
        let result = |deal: &serde_json::Value| {
            let items: Vec<String> = deal["result"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(p, v)| format!("{p}:{:+}", v.as_i64().unwrap()))
                .collect();
            danish_balances(&format!("[Result \"{}\"]", items.join(" ")))
        };
        match j.as_array() {
            None => assert_eq!(r["balances"], result(&j)),
            Some(deals) => {
                assert_eq!(r["deals"].as_array().unwrap().len(), deals.len());
                assert_eq!(r["deals"][1]["balances"], result(&deals[1]));
            }
        }
        // A byte-order mark in front, as some editors write, changes nothing.
        let bom = dir.join(format!("{seed}-bom.txt"));
        std::fs::write(&bom, format!("\u{feff}{text}")).unwrap();
        tarok()
            .args(["replay", bom.to_str().unwrap()])
            .assert()
            .success();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record cut off before the end of its deal is refused when it states a result (the
/// `[Result]` tag, or `result` in JSON), and said to be unfinished when it does not; an
/// edited `result` in JSON is refused as in text.
#[test]
fn a_cut_off_or_edited_record_is_not_taken_for_a_finished_deal() {
    let dir = std::env::temp_dir().join(format!("tarok-cli-cut-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = String::from_utf8(
        tarok()
            .args(["random-game", "--seed", "7"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let cut: String = text.lines().take(30).map(|l| format!("{l}\n")).collect();
    let file = dir.join("cut.txt");
    std::fs::write(&file, &cut).unwrap();
    tarok()
        .args(["replay", file.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is the file cut off?"));
    let untagged: String = cut
        .lines()
        .filter(|l| !l.starts_with("[Result"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&file, &untagged).unwrap();
    tarok()
        .args(["replay", file.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("the deal is not finished"));

    let mut j = json(&["random-game", "--seed", "7"]);
    let p0 = j["result"]["P0"].as_i64().unwrap();
    j["result"]["P0"] = (p0 + 5).into();
    j["result"]["P1"] = (j["result"]["P1"].as_i64().unwrap() - 5).into();
    let file = dir.join("edited.json");
    std::fs::write(&file, j.to_string()).unwrap();
    tarok()
        .args(["replay", file.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("but the replay gives"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Impossible positions are refused with a reason rather than answered (or, for `hint`, a
/// panic when the player to act held no card).
#[test]
fn impossible_positions_are_refused() {
    for (position, why) in [
        ("dk-dtf-2011 -/?1/?1 25 0:- -/- 8,8,8 -", "holds no card"),
        (
            "dk-dtf-2011 ?2/S7,H3,X/?2 5 0:S5,?1 -/- 2,1,1 -",
            "cannot read",
        ),
        ("dk-dtf-2011 S2,S3,S4/?3/?3 24 0:- -/- 8,8,7 -", "at most 2"),
        (
            "dk-dtf-2011 ?4294967295/S7/?1 25 2:S5 -/- 8,8,8 -",
            "bad unknown count",
        ),
        (
            "dk-dtf-2011 ?1/?1/S3,S4 24 0:S2,X -/- 8,8,7 -",
            "never played in trick 24",
        ),
        (
            "dk-moeller X/?1/?1 25 0:- -/- 8,8,8 -",
            "the lead passes on",
        ),
    ] {
        for cmd in ["legal", "hint"] {
            tarok()
                .args([cmd, position])
                .assert()
                .code(2)
                .stderr(predicate::str::contains(why))
                .stderr(predicate::str::contains("panicked").not());
        }
    }
}

/// A reader that stops early closes the pipe: the program ends quietly, not with a panic.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::Read;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("tarok"))
        .args(["rules", "dk-1829-quadrille", "--json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(status.code(), Some(101), "{err}");
}

#[test]
fn match_refuses_an_absurd_number_of_deals() {
    tarok()
        .args(["match", "--deals", "18446744073709551615"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("from 2 to 1000000 deals"));
}

/// `play --help` says that --lang changes every screen, and its default for each family (the
/// Königrufen screen was always German).
#[test]
fn play_help_says_the_default_language_of_each_screen() {
    let out = tarok().args(["play", "--help"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("Default: English, German for Königrufen"),
        "{text}"
    );
    assert!(!text.contains("always German"), "{text}");
}

/// `play` with a preset nobody plays is refused with the list, before any terminal is needed.
#[test]
fn play_refuses_an_unknown_preset_with_the_list() {
    tarok()
        .args(["play", "--preset", "dk-1830"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("dk-1829-quadrille"));
}

/// `random-game --partie` plays the partners' whole game (six Partier, 24 deals), prints a
/// record with its report, and `replay` reads it back to the same report; the JSON too.
#[test]
fn a_whole_partners_game_plays_and_replays() {
    let dir = std::env::temp_dir().join(format!("tarok-cli-partie-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args = [
        "random-game",
        "-p",
        "dk-1829-partners",
        "-s",
        "7",
        "--partie",
    ];
    let out = tarok().args(args).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.matches("\n[Deal \"").count(), 24);
    for k in 1..=6 {
        assert!(text.contains(&format!("; Partie {k}: ")), "{text}");
    }
    assert!(
        text.contains(";   deal 24  seats A B D C  dealer C  "),
        "{text}"
    );
    assert!(text.contains("; Balances (deals: honours, Pagat, Volata; Partier: stakes):"));
    let file = dir.join("partners.txt");
    std::fs::write(&file, &text).unwrap();
    let replay = tarok()
        .args(["replay", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(replay.status.success());
    let replay = String::from_utf8(replay.stdout).unwrap();
    let report = &replay[replay.find("The whole game").unwrap()..];
    let commented: String = report.lines().map(|l| format!("; {l}\n")).collect();
    assert!(text.ends_with(&commented));
    // The JSON: the same game, replayable, and its balances sum to zero.
    let j = json(&args);
    assert_eq!(j["deals"].as_array().unwrap().len(), 24);
    assert_eq!(j["partier"].as_array().unwrap().len(), 6);
    assert_eq!(j["over"], true);
    let total: i64 = j["balances"]["total"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .sum();
    assert_eq!(total, 0);
    assert_eq!(json(&["replay", file.to_str().unwrap()]), j);
    let jfile = dir.join("partners.json");
    std::fs::write(&jfile, j.to_string()).unwrap();
    assert_eq!(json(&["replay", jfile.to_str().unwrap()]), j);
    // House rules: Parita firma keeps A+B together for all six Partier.
    let ferma = tarok()
        .args(args)
        .args(["--rules", "partita_ferma=true"])
        .output()
        .unwrap();
    let ferma = String::from_utf8(ferma.stdout).unwrap();
    assert!(ferma.contains("[Rules \"partita_ferma=true\"]"));
    assert_eq!(ferma.matches(": A+B against C+D").count(), 6, "{ferma}");
    // A record with a deal cut out is refused by line.
    let cut: String = {
        let start = text.find("[Deal \"3\"]").unwrap();
        let end = text.find("[Deal \"4\"]").unwrap();
        format!("{}{}", &text[..start], &text[end..])
    };
    let line = cut[..cut.find("[Deal \"4\"]").unwrap()].lines().count() + 1;
    std::fs::write(&file, &cut).unwrap();
    tarok()
        .args(["replay", file.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "line {line} (deal 4): deal 3 is missing"
        )));
}

/// En deux plays until the Partie to 100 is decided; its report ends with the Partie's
/// payment in Skilling.
#[test]
fn a_whole_en_deux_partie_plays_and_replays() {
    let out = tarok()
        .args([
            "random-game",
            "-p",
            "dk-1829-en-deux",
            "-s",
            "7",
            "--partie",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("; Partie: A 114, B 113 after 3 deals: A wins the Partie and 1 point"),
        "{text}"
    );
    assert!(text.contains("; Balances: A +33 Sk, B -33 Sk"));
    tarok()
        .args(["replay", "-"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(predicate::str::contains("Partie: A 114, B 113"));
}

/// Games without a Partie say why, and which games have one.
#[test]
fn partie_is_refused_for_games_without_one() {
    for (preset, why) in [
        (
            "dk-1829-three",
            "settles each deal of the three-player game on its own",
        ),
        (
            "dk-1829-quadrille",
            "lists the Partie structure among its missing rules",
        ),
        ("dk-dtf-2011", "dk-dtf-2011 has no Partie"),
        ("at-koenigrufen-spieleversum", "has no Partie"),
    ] {
        tarok()
            .args(["random-game", "-p", preset, "--partie"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(why))
            .stderr(predicate::str::contains(
                "--partie plays the games of several deals settled together: dk-1829-partners",
            ));
    }
    // House rules without --partie are one deal's, and its record keeps them.
    tarok()
        .args([
            "random-game",
            "-p",
            "dk-1829-partners",
            "--rules",
            "volata=4",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("[Rules \"volata=4\"]"));
    // A bad switch of a game that has a Partie is only that: no list of the games with one.
    tarok()
        .args([
            "random-game",
            "-p",
            "dk-1829-partners",
            "--partie",
            "--rules",
            "volata=abc",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "bad value \"abc\" for switch volata",
        ))
        .stderr(predicate::str::contains("--partie plays").not());
}

#[test]
fn random_game_help_explains_partie_with_an_example() {
    tarok()
        .args(["random-game", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--partie"))
        .stdout(predicate::str::contains("six Partier of four deals"))
        .stdout(predicate::str::contains(
            "tarok random-game -p dk-1829-partners -s 7 --partie > game.txt && tarok replay game.txt",
        ));
}

/// `tarok replay` refuses a record with an illegal action with the rule's citation and the
/// section of the guide for players that explains it.
#[test]
fn a_refused_action_in_replay_names_its_guide_section() {
    let out = tarok()
        .args([
            "random-game",
            "-p",
            "at-koenigrufen-spieleversum",
            "-s",
            "4",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // The last card played again: a card the player no longer holds.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let last = lines.iter().rposition(|l| l.starts_with('P')).unwrap();
    let seat = lines[last].split_whitespace().next().unwrap().to_string();
    let played = lines[last - 1]
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    lines[last] = format!("{seat} {played}");
    let dir = std::env::temp_dir().join(format!("tarok-replay-guide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("deal.txt");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    tarok()
        .arg("replay")
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "(Spieleversum §4.5, L130; §7.4, L522)",
        ))
        .stderr(predicate::str::contains(
            "; see docs/rules/koenigrufen.md §4",
        ));
    let _ = std::fs::remove_dir_all(&dir);
}
