//! House rules in records, for every family: `random-game --rules` plays under them, the
//! record carries them (text and JSON), and replay and `tarok hint --record` play under them
//! again. A record whose house rules were taken out no longer matches its stated result.

use assert_cmd::Command;
use tarok_games::AnyDeal;

fn run(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("tarok")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Replays `text` through the binary (from a file, as a user would).
fn replays(name: &str, text: &str) -> std::process::Output {
    let file = std::env::temp_dir().join(format!("tarok-house-{}-{name}", std::process::id()));
    std::fs::write(&file, text).unwrap();
    let out = run(&["replay", file.to_str().unwrap()]);
    std::fs::remove_file(&file).unwrap();
    out
}

#[test]
fn every_family_records_and_replays_its_house_rules() {
    let cases = [
        (
            "dk-dtf-2011",
            "skus.follow_freely=false tariff.last_trick=10",
        ),
        (
            "at-koenigrufen-spieleversum",
            "opponents_may_announce=false",
        ),
        ("dk-1829-three", "scus_may_lead=true"),
    ];
    for (preset, rules) in cases {
        for form in [&[][..], &["--json"][..]] {
            let mut args = vec!["random-game", "-p", preset, "-s", "4", "--rules", rules];
            args.extend_from_slice(form);
            let text = ok(&args);
            let out = replays(preset, &text);
            assert!(
                out.status.success(),
                "{preset}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let start = tarok_games::read_record(&text, 0).unwrap().start;
            match start {
                AnyDeal::Danish(d) => {
                    assert!(!d.rules().skus_follow_freely);
                    assert_eq!(d.rules().tariff.last_trick, 10);
                }
                AnyDeal::Koenigrufen(d) => assert!(!d.ruleset().switches.opponents_may_announce),
                AnyDeal::Historic(d) => assert!(d.rules().scus_may_lead),
            }
        }
    }
}

/// A Danish deal whose last trick is paid at the house tariff of 10: without its [Rules] line
/// the record's [Result] no longer agrees, and replay refuses it.
#[test]
fn a_danish_record_without_its_house_rules_is_refused() {
    let paid_last_trick = (0..40)
        .map(|seed| {
            let s = seed.to_string();
            ok(&["random-game", "-s", &s, "--rules", "tariff.last_trick=10"])
        })
        // "sidste stik": the last trick's payment; one record, not a redeal and the next deal.
        .find(|text| text.contains("sidste stik") && text.matches("[Record ").count() == 1)
        .expect("a deal that pays the last trick");
    assert!(replays("with", &paid_last_trick).status.success());
    let without: String = paid_last_trick
        .lines()
        .filter(|l| !l.starts_with("[Rules"))
        .map(|l| format!("{l}\n"))
        .collect();
    let out = replays("without", &without);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("states the result"), "{err}");
}

#[test]
fn a_bad_house_rule_is_named() {
    let out = run(&["random-game", "--rules", "skus.follow_freely=maybe"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("follow_freely=maybe is not a value"));
    let out = run(&["random-game", "--rules", "nonsense=1"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no rule switch \"nonsense\""));
}
