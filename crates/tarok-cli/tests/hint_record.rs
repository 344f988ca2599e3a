//! `tarok hint --record FILE --after N`, run as a user would, for every preset: the answer is
//! a legal action of the seat to act at that point of the record, whatever the decision.

use assert_cmd::Command;
use tarok_core::Game;

fn tarok() -> Command {
    Command::cargo_bin("tarok").unwrap()
}

/// The JSON output of a command that must succeed; `what` names it in a failure.
fn json(args: &[&str], what: &str) -> serde_json::Value {
    let out = run(args);
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn run(args: &[&str]) -> std::process::Output {
    tarok().args(args).output().unwrap()
}

#[test]
fn every_preset_hints_at_every_kind_of_decision() {
    let dir = std::env::temp_dir().join(format!("tarok-hint-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for preset in tarok_games::preset_ids() {
        let out = run(&["random-game", "-p", preset, "-s", "5"]);
        assert!(out.status.success(), "{preset}");
        let text = String::from_utf8(out.stdout).unwrap();
        let file = dir.join(format!("{preset}.txt"));
        std::fs::write(&file, &text).unwrap();
        let recorded = tarok_games::read_record(&text, 0).unwrap();
        let mut kinds = std::collections::BTreeSet::new();
        for after in 0..recorded.actions.len() {
            let deal = recorded.after(after).unwrap();
            let Some(seat) = deal.to_act() else { continue };
            let j = json(
                &[
                    "hint",
                    "--record",
                    file.to_str().unwrap(),
                    "--after",
                    &after.to_string(),
                    "--level",
                    "L0",
                    "--json",
                ],
                &format!("{preset} after {after}"),
            );
            assert_eq!(j["seat"], seat, "{preset} after {after}");
            let legal: Vec<String> = deal.legal().iter().map(|a| a.to_string()).collect();
            let action = j["action"].as_str().unwrap();
            assert!(
                legal.iter().any(|a| a == action),
                "{preset} after {after}: {action}"
            );
            // The kind of decision: the word before `:` or a space, else a card.
            let kind = match action.split_once([':', ' ']) {
                Some((word, _)) => word,
                None if deal
                    .parse_action(action)
                    .is_ok_and(|a| a.to_string().len() <= 3) =>
                {
                    "card"
                }
                None => action,
            };
            kinds.insert(kind.to_string());
        }
        assert!(
            kinds.len() >= 2,
            "{preset}: one kind of decision only: {kinds:?}"
        );
        // Past the end, and at the end, the user is told what is wrong.
        let n = recorded.actions.len();
        let err = run(&[
            "hint",
            "--record",
            file.to_str().unwrap(),
            "--after",
            &(n + 1).to_string(),
        ]);
        assert_eq!(err.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&err.stderr).contains(&format!("has {n} actions")));
        let err = run(&[
            "hint",
            "--record",
            file.to_str().unwrap(),
            "--after",
            &n.to_string(),
        ]);
        assert_eq!(err.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&err.stderr).contains("nobody is to act"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Level 1 answers the bidding of a Königrufen record, and names its reason.
#[test]
fn level_1_answers_a_bid_from_a_record() {
    let out = run(&[
        "random-game",
        "-p",
        "at-koenigrufen-spieleversum",
        "-s",
        "7",
    ]);
    let dir = std::env::temp_dir().join(format!("tarok-hint-bid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k.txt");
    std::fs::write(&file, &out.stdout).unwrap();
    let j = json(
        &[
            "hint",
            "--record",
            file.to_str().unwrap(),
            "--after",
            "0",
            "--json",
        ],
        "the Königrufen bid hint",
    );
    assert_eq!(j["level"], "L1");
    assert!(j["reason"].as_str().unwrap().len() > 5, "{j}");
    // The first decision of a Königrufen deal is Vorhand's in the bidding.
    let a = j["action"].as_str().unwrap();
    assert!(
        a.starts_with("bid:") || a == "pass" || a == "vorhand",
        "{a}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `tarok info-state` writes what one seat knows: its own hand, never another's.
#[test]
fn info_state_shows_one_seat_only() {
    let out = run(&["random-game", "-p", "dk-1829-partners", "-s", "3"]);
    let dir = std::env::temp_dir().join(format!("tarok-info-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.txt");
    std::fs::write(&file, &out.stdout).unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let deal = tarok_games::read_record(&text, 0)
        .unwrap()
        .after(10)
        .unwrap();
    for seat in 0..4u8 {
        let j = json(
            &[
                "info-state",
                "--record",
                file.to_str().unwrap(),
                "--after",
                "10",
                "--seat",
                &seat.to_string(),
                "--json",
            ],
            &format!("info-state of seat {seat}"),
        );
        assert_eq!(j["seat"], seat);
        assert_eq!(j["view"]["historic"]["hand"], deal.hand(seat).to_string());
    }
    let out = run(&[
        "info-state",
        "--record",
        file.to_str().unwrap(),
        "--after",
        "10",
        "--seat",
        "4",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("seats are 0 to 3"));
    std::fs::remove_dir_all(&dir).unwrap();
}
