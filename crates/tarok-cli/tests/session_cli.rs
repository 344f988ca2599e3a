//! `tarok session …` through the binary: new, manual and random deals, show, export, close,
//! errors that change nothing.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::PathBuf;

mod session_common;
use session_common::{tarok, temp_db};

/// Opens a session of `players` (comma-separated), which must succeed.
fn new_session(db: &PathBuf, players: &str) {
    tarok(db)
        .args(["new", "--players", players])
        .assert()
        .success();
}

#[test]
fn an_evening_from_new_to_close() {
    let db = temp_db("evening");
    tarok(&db)
        .args([
            "new",
            "--preset",
            "dk-moeller",
            "--players",
            "Anna,Bent,Carl,Dorte",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Anna -40").and(predicate::str::contains("kongekop 80")))
        .stdout(predicate::str::contains("sitting out: Carl"));
    // Anna deals, Bent is forhånd and does not count, Dorte mellemhånd, Carl sits out.
    tarok(&db)
        .args([
            "deal",
            "--last-trick",
            "Bent",
            "--ultimo",
            "pagat",
            "--count",
            "Anna=26",
            "--count",
            "Dorte=26",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Anna -115, Bent +115, Carl -60, Dorte -105; kongekop 85, pagatkop 80",
        ));
    // A bad entry is refused and nothing is stored.
    tarok(&db)
        .args([
            "deal",
            "--last-trick",
            "Frede",
            "--count",
            "Bent=20",
            "--count",
            "Carl=30",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown name \"Frede\""));
    tarok(&db)
        .args([
            "deal",
            "--last-trick",
            "Bent",
            "--count",
            "Anna=50",
            "--count",
            "Bent=40",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("more than 78"));
    tarok(&db)
        .args(["deal", "--random", "--seed", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Deal 2: Bent deals"));
    let out = tarok(&db).arg("--help").assert().success();
    let _ = out;
    let show = tarok(&db).arg("show").assert().success();
    let text = String::from_utf8(show.get_output().stdout.clone()).unwrap();
    assert!(text.contains("2 deals"), "{text}");
    // JSON of the whole session.
    let out = Command::cargo_bin("tarok")
        .unwrap()
        .args(["--json", "session", "--db"])
        .arg(&db)
        .arg("show")
        .output()
        .unwrap();
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["deals"].as_array().unwrap().len(), 2);
    let sum: i64 = j["balances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["balance"].as_i64().unwrap())
        .sum::<i64>()
        + j["cups"]["kongekop"].as_i64().unwrap()
        + j["cups"]["pagatkop"].as_i64().unwrap();
    assert_eq!(sum, 0);
    let svg = db.with_file_name("chart.svg");
    tarok(&db)
        .args(["export", "--format", "svg", "--out"])
        .arg(&svg)
        .assert()
        .success();
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<polyline"));
    tarok(&db)
        .args(["export", "--format", "csv"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "deal,from,to,amount,kind,reason,rule",
        ));
    // The balances in money at a stake (001 L1782): points times øre, in kroner.
    let out = tarok(&db)
        .args(["show", "--stake", "5", "--json"])
        .output()
        .unwrap();
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let points: Vec<f64> = j["balances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["balance"].as_f64().unwrap())
        .collect();
    let kroner: Vec<f64> = serde_json::from_value(j["kroner"].clone()).unwrap();
    assert_eq!(j["stake_ore_per_point"], 5);
    assert_eq!(
        kroner,
        points.iter().map(|p| p * 5.0 / 100.0).collect::<Vec<_>>()
    );
    tarok(&db)
        .args(["close", "--stake", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("kongekop 0, pagatkop 0"))
        .stdout(predicate::str::contains("At 1 øre a point: "));
    // No open session is left.
    tarok(&db)
        .args(["deal", "--random"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("no open session"));
}

#[test]
fn engine_played_deals_random_and_by_bots() {
    let db = temp_db("bots");
    tarok(&db)
        .args([
            "new",
            "--players",
            "Anna,Bent,Carl,Dorte,Erik",
            "--seating",
            "hermansen",
        ])
        .assert()
        .success();
    tarok(&db)
        .args(["deal", "--bots", "L1", "--seed", "4", "--repeat", "2"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("L1 bots' deal, seed 5")
                .and(predicate::str::contains("Deal 2:")),
        );
    tarok(&db)
        .args(["deal", "--random", "--seed", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains("random deal, seed 4"));
    tarok(&db)
        .args(["deal", "--seed", "4", "--last-trick", "Anna"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("engine-played"));
    Command::cargo_bin("tarok")
        .unwrap()
        .args(["session", "deal", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--random").and(predicate::str::contains("--bots")));
}

#[test]
fn fines_and_bad_tables() {
    Command::cargo_bin("tarok")
        .unwrap()
        .args(["session", "fines", "--preset", "dk-moeller"])
        .assert()
        .success()
        .stdout(predicate::str::contains("cups-not-moved").and(predicate::str::contains("L2403")));
    let db = temp_db("bad");
    tarok(&db)
        .args(["new", "--players", "Anna,Bent"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("3, 4 or 5"));
    tarok(&db)
        .args(["new", "--players", "A,B,C,D", "--seating", "skip-two"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("seats 5 people"));
}

#[test]
fn names_that_fold_alike_are_refused_and_the_first_dealer_is_found_as_any_name() {
    let db = temp_db("names");
    tarok(&db)
        .args(["new", "--players", "Søren,Soeren,Åse"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("\"Søren\" and \"Soeren\""));
    // Nothing was stored: not even a database file.
    tarok(&db)
        .arg("show")
        .assert()
        .failure()
        .stderr(predicate::str::contains("there is no session database at"));
    // The first dealer is looked up as every other name: any case, ø/æ/å or oe/ae/aa.
    for (given, dealer) in [("åse", "Åse"), ("AASE", "Åse"), ("soeren", "Søren")] {
        let db = temp_db(&format!("dealer-{given}"));
        tarok(&db)
            .args([
                "new",
                "--players",
                "Søren,Åse,Carl",
                "--first-dealer",
                given,
            ])
            .assert()
            .success()
            .stdout(predicate::str::contains(format!(
                "Next deal: {dealer} deals"
            )));
    }
}

#[test]
fn a_count_of_zero_is_refused_as_a_nolo() {
    // A deals, B is forhånd and does not count; A and C count.
    let db = temp_db("zero");
    new_session(&db, "A,B,C");
    tarok(&db)
        .args([
            "deal",
            "--last-trick",
            "C",
            "--count",
            "A=40",
            "--count",
            "C=0",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "C won the last trick and counts at least 1",
        ));
    tarok(&db)
        .args([
            "deal",
            "--last-trick",
            "B",
            "--count",
            "A=40",
            "--count",
            "C=0",
        ])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("that is a nolo")
                .and(predicate::str::contains("--nolo C"))
                .and(predicate::str::contains("003 L42 p.17, L46 p.19")),
        );
    tarok(&db)
        .args(["deal", "--last-trick", "B", "--nolo", "C"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Deal 1:"));
}

fn json_of(db: &PathBuf, args: &[&str]) -> serde_json::Value {
    let out = tarok(db).arg("--json").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn json_output_names_people_and_agrees_with_the_text() {
    let db = temp_db("json");
    // Anna deals, Bent forhånd (does not count), Dorte mellemhånd, Carl sits out.
    let j = json_of(&db, &["new", "--players", "Anna,Bent,Carl,Dorte"]);
    let next = &j["session"]["next"];
    assert_eq!(next["dealer"], "Anna");
    assert_eq!(next["forhånd"], "Bent");
    assert_eq!(next["mellemhånd"], "Dorte");
    assert_eq!(next["sitting_out"], serde_json::json!(["Carl"]));
    assert_eq!(next["non_counter"], "Bent");
    assert_eq!(next["ante"], true);
    let j = json_of(
        &db,
        &[
            "deal",
            "--last-trick",
            "Bent",
            "--count",
            "Anna=30",
            "--count",
            "Dorte=20",
        ],
    );
    let deal = &j["deal"];
    assert_eq!(deal["number"], 1);
    assert_eq!(deal["dealer"], "Anna");
    assert_eq!(deal["non_counter"], "Bent");
    assert_eq!(deal["balances_after"][1]["name"], "Bent");
    assert!(deal["lines"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["to"] == "Bent" && l["amount"] == 20));
    assert_eq!(j["balances"][0]["name"], "Anna");
    assert_eq!(j["cups"]["kongekop"], 85);
    // Bent deals next; Carl is forhånd and does not count, Dorte sits out.
    assert_eq!(j["next"]["dealer"], "Bent");
    assert_eq!(j["next"]["non_counter"], "Carl");
    let show = json_of(&db, &["show"]);
    assert_eq!(show["next"], j["next"]);
    assert_eq!(show["deals"][0], j["deal"]);
    let text = String::from_utf8(tarok(&db).arg("show").output().unwrap().stdout).unwrap();
    assert!(
        text.contains("Next deal: Bent deals, Carl forhånd, Anna mellemhånd, sitting out: Dorte; Carl does not count."),
        "{text}"
    );
    // Export: --json means JSON, or is refused when the export is CSV on standard output.
    let j = json_of(&db, &["export", "--format", "json"]);
    assert_eq!(j["deals"].as_array().unwrap().len(), 1);
    tarok(&db)
        .args(["--json", "export", "--format", "csv"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--out FILE"));
    let csv = db.with_file_name("lines.csv");
    let j = json_of(
        &db,
        &["export", "--format", "csv", "--out", csv.to_str().unwrap()],
    );
    assert_eq!(j["wrote"], csv.to_str().unwrap());
}

#[test]
fn undo_removes_the_last_deal() {
    let db = temp_db("undo");
    new_session(&db, "Anna,Bent,Carl");
    tarok(&db)
        .arg("undo")
        .assert()
        .failure()
        .stderr(predicate::str::contains("no deal to undo"));
    // Anna deals, Bent is forhånd and does not count; Anna and Carl count.
    tarok(&db)
        .args([
            "deal",
            "--last-trick",
            "Carl",
            "--count",
            "Anna=30",
            "--count",
            "Carl=30",
        ])
        .assert()
        .success();
    let after_one = json_of(&db, &["show"]);
    // Deal 2 is entered with the wrong winner, then taken back.
    tarok(&db)
        .args([
            "deal",
            "--last-trick",
            "Anna",
            "--count",
            "Anna=30",
            "--count",
            "Bent=30",
        ])
        .assert()
        .success();
    tarok(&db).arg("undo").assert().success().stdout(
        predicate::str::contains("Removed from session 1:\nDeal 2: Bent deals")
            .and(predicate::str::contains("Next deal: Bent deals")),
    );
    assert_eq!(json_of(&db, &["show"]), after_one);
    // --json names what was removed.
    let j = json_of(&db, &["undo"]);
    assert_eq!(j["removed"]["number"], 1);
    assert_eq!(j["removed"]["dealer"], "Anna");
    assert_eq!(j["next"]["dealer"], "Anna");
    assert_eq!(j["balances"][0]["balance"], -40);
    assert_eq!(j["cups"]["kongekop"], 60);
}

#[test]
fn a_second_session_is_refused_while_one_is_open() {
    let db = temp_db("second");
    new_session(&db, "Anna,Bent,Carl");
    tarok(&db)
        .args(["new", "--players", "Dorte,Erik,Frede"])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains(
                "session 1 (Anna, Bent, Carl; dk-dtf-2011, 0 deals) is still open",
            )
            .and(predicate::str::contains("tarok session --session 1 close")),
        );
    let list = json_of(&db, &["list"]);
    assert_eq!(list.as_array().unwrap().len(), 1);
    tarok(&db).arg("close").assert().success();
    tarok(&db)
        .args(["new", "--players", "Dorte,Erik,Frede"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Session 2 "));
}

#[test]
fn an_empty_tarok_db_is_unset() {
    // SQLite opens "" as a temporary database that vanishes on exit; the default file is used.
    let dir = temp_db("empty-env").parent().unwrap().to_path_buf();
    let run = |args: &[&str]| {
        let mut c = Command::cargo_bin("tarok").unwrap();
        c.current_dir(&dir)
            .env("TAROK_DB", "")
            .arg("session")
            .args(args);
        c
    };
    run(&["new", "--players", "Anna,Bent,Carl"])
        .assert()
        .success()
        .stdout(predicate::str::contains("tarok-session.sqlite"));
    assert!(dir.join("tarok-session.sqlite").exists());
    run(&["show"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Session 1: Anna, Bent, Carl"));
}

#[test]
fn under_dtf_a_revoke_is_entered_as_a_stopped_deal() {
    let db = temp_db("revoke");
    new_session(&db, "A,B,C");
    tarok(&db)
        .args([
            "deal",
            "--last-trick",
            "C",
            "--count",
            "A=40",
            "--count",
            "C=30",
            "--fine",
            "B=revoke",
        ])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("play stops after a revoke under dk-dtf-2011")
                .and(predicate::str::contains("003 L46 p.19"))
                .and(predicate::str::contains("--annulled")),
        );
    tarok(&db)
        .args(["deal", "--annulled", "--fine", "B=revoke"])
        .assert()
        .success()
        .stdout(predicate::str::contains("(annulled)"));
}

#[test]
fn a_misspelt_key_in_entry_json_is_refused() {
    let db = temp_db("entry-json");
    new_session(&db, "A,B,C");
    // "nollo" would have been dropped, entering a plain last trick for B.
    tarok(&db)
        .args(["deal", "--entry", "-"])
        .write_stdin(r#"{"end": {"last_trick": "B", "nollo": "C"}}"#)
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown field `nollo`"));
    tarok(&db)
        .args(["deal", "--entry", "-"])
        .write_stdin(r#"{"end": {"last_trick": "B", "nolo": "C"}}"#)
        .assert()
        .success();
}

#[test]
fn fines_lists_the_open_sessions_preset() {
    let db = temp_db("fines");
    // No database yet: the default preset, and no database is made.
    tarok(&db)
        .arg("fines")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Fines of dk-dtf-2011:\n"));
    assert!(!db.exists());
    tarok(&db)
        .args(["new", "--preset", "dk-moeller", "--players", "A,B,C"])
        .assert()
        .success();
    // Møller's table has cups-not-moved (000 L2403); the DTF table does not.
    tarok(&db).arg("fines").assert().success().stdout(
        predicate::str::starts_with("Fines of dk-moeller (session 1):")
            .and(predicate::str::contains("cups-not-moved")),
    );
    let j = json_of(&db, &["fines"]);
    assert_eq!(j["preset"], "dk-moeller");
    assert_eq!(j["session"], 1);
    assert!(j["fines"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["id"] == "cups-not-moved"));
    // --preset chooses another table.
    tarok(&db)
        .args(["fines", "--preset", "dk-dtf-2011"])
        .assert()
        .success()
        .stdout(
            predicate::str::starts_with("Fines of dk-dtf-2011:")
                .and(predicate::str::contains("cups-not-moved").not()),
        );
}

#[test]
fn help_says_to_enter_only_the_declarations_that_stand() {
    let help = Command::cargo_bin("tarok")
        .unwrap()
        .args(["session", "deal", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("With wrong-declaration or forgotten-declaration, --declare only the declarations that stand"),
        "{help}"
    );
    assert!(
        flat.contains("Enter only the declarations that stand"),
        "{help}"
    );
    for preset in ["dk-dtf-2011", "dk-moeller"] {
        Command::cargo_bin("tarok")
            .unwrap()
            .args(["session", "fines", "--preset", preset])
            .assert()
            .success()
            .stdout(
                predicate::str::is_match(
                    "wrong-declaration .*enter only the declarations that stand",
                )
                .unwrap(),
            );
    }
}

/// Standard output of a command that must succeed.
fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn show_after_close_shows_the_closed_session_under_column_headers() {
    let db = temp_db("show-closed");
    new_session(&db, "Anna,Bent,Carl,Dorte");
    for seed in ["3", "4"] {
        tarok(&db)
            .args(["deal", "--random", "--seed", seed])
            .assert()
            .success();
    }
    let open = stdout_of(tarok(&db).arg("show"));
    tarok(&db).arg("close").assert().success();
    // With no open session left, the one just closed is shown, not "no open session".
    let text = stdout_of(tarok(&db).arg("show"));
    assert!(text.contains("2 deals, closed"), "{text}");
    assert!(text.ends_with("The session is closed.\n"), "{text}");
    for text in [&open, &text] {
        let lines: Vec<&str> = text.lines().collect();
        let head = lines
            .iter()
            .position(|l| l.contains("Deal"))
            .unwrap_or_else(|| panic!("no header: {text}"));
        let header = lines[head];
        for column in [
            "Dealer", "Anna", "Bent", "Carl", "Dorte", "kongekop", "pagatkop",
        ] {
            assert!(header.contains(column), "{header}");
        }
        // Each number ends where its column's name ends.
        let row = lines[head + 1];
        assert!(row.trim_start().starts_with("1  Anna"), "{row}");
        for column in ["Dorte", "pagatkop"] {
            let end = header.find(column).unwrap() + column.len();
            assert!(
                row[..end].ends_with(|c: char| c.is_ascii_digit()),
                "{header}\n{row}"
            );
            assert!(
                row[end..].is_empty() || row[end..].starts_with(' '),
                "{header}\n{row}"
            );
        }
    }
    let split = text.lines().find(|l| l.trim_start().starts_with("split"));
    assert!(split.is_some_and(|l| l.ends_with(" 0         0")), "{text}");
    // Export reads the closed session too, and the list says it is closed.
    let csv = stdout_of(tarok(&db).args(["export", "--format", "balances-csv"]));
    assert!(csv.lines().last().unwrap().starts_with("split,"), "{csv}");
    let list = stdout_of(tarok(&db).arg("list"));
    assert!(list.starts_with("  Id  Created (UTC)"), "{list}");
    assert!(list.contains("(closed)"), "{list}");
}

/// The bytes and modification time of a file.
fn fingerprint(path: &PathBuf) -> (Vec<u8>, std::time::SystemTime) {
    (
        std::fs::read(path).unwrap(),
        std::fs::metadata(path).unwrap().modified().unwrap(),
    )
}

#[test]
fn commands_that_only_look_read_a_read_only_database_and_write_nothing() {
    use std::os::unix::fs::PermissionsExt;
    let db = temp_db("read-only");
    new_session(&db, "Anna,Bent,Carl");
    tarok(&db)
        .args(["deal", "--random", "--seed", "5"])
        .assert()
        .success();
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = fingerprint(&db);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let out = db.with_file_name("lines.csv");
    for args in [
        vec!["show"],
        vec!["list"],
        vec!["fines"],
        vec!["export", "--format", "json"],
        vec!["export", "--format", "svg", "--out", out.to_str().unwrap()],
    ] {
        tarok(&db).args(&args).assert().success();
    }
    let shown = stdout_of(tarok(&db).arg("show"));
    assert!(shown.contains("Session 1: Anna, Bent, Carl"), "{shown}");
    assert!(
        before == fingerprint(&db),
        "a command that only looks changed the database"
    );
    // A change is refused naming the file, where the permissions bind (not for root).
    if std::fs::OpenOptions::new().append(true).open(&db).is_err() {
        for args in [
            vec!["deal", "--random"],
            vec!["undo"],
            vec!["close"],
            vec!["new", "--players", "X,Y,Z"],
        ] {
            tarok(&db)
                .args(&args)
                .assert()
                .failure()
                .stderr(predicate::str::contains(format!(
                    "{} is read-only",
                    db.display()
                )));
        }
        assert!(before == fingerprint(&db), "a refused change wrote");
    }
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
    // Looking at a database that is not there does not create it.
    let missing = db.with_file_name("missing.sqlite");
    for args in [vec!["show"], vec!["list"], vec!["export"]] {
        tarok(&missing)
            .args(&args)
            .assert()
            .failure()
            .stderr(predicate::str::contains("there is no session database at"));
    }
    assert!(!missing.exists());
}

#[test]
fn sqlite_errors_name_the_file_once_and_say_why_once() {
    let db = temp_db("sqlite-errors");
    std::fs::write(&db, "a shopping list, not a database").unwrap();
    for args in [vec!["show"], vec!["deal", "--random"]] {
        tarok(&db).args(&args).assert().failure().stderr(format!(
            "error: cannot open {}: file is not a database\n",
            db.display()
        ));
    }
    let nowhere = db.with_file_name("no-such-folder").join("club.sqlite");
    let out = tarok(&nowhere)
        .args(["new", "--players", "A,B,C"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!out.status.success());
    assert_eq!(err.matches("club.sqlite").count(), 1, "{err}");
    assert_eq!(err.matches("nable to open").count(), 1, "{err}");
    assert!(err.contains("check that its folder exists"), "{err}");
}

/// Runs SQL on a database, as another program would.
fn run_sql(db: &PathBuf, sql: &str) {
    rusqlite::Connection::open(db)
        .and_then(|c| c.execute_batch(sql))
        .unwrap();
}

#[test]
fn a_session_entered_under_another_rules_version_is_shown_as_stored() {
    let db = temp_db("rules-version");
    new_session(&db, "Anna,Bent,Carl");
    for seed in ["1", "2"] {
        tarok(&db)
            .args(["deal", "--random", "--seed", seed])
            .assert()
            .success();
    }
    let csv = stdout_of(tarok(&db).args(["export", "--format", "csv"]));
    let balances = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("Balances:"))
            .map(String::from)
    };
    let open = balances(&stdout_of(tarok(&db).arg("show")));
    // As a program with the next rules version finds it.
    let bump = "UPDATE sessions SET rules_version = rules_version + 1";
    run_sql(&db, bump);
    let text = stdout_of(tarok(&db).arg("show"));
    assert!(
        text.contains("entered under dk-dtf-2011 rules version 2"),
        "{text}"
    );
    assert!(text.contains("It takes no new deals"), "{text}");
    assert_eq!(balances(&text), open);
    let lines = tarok(&db)
        .args(["export", "--format", "csv"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(lines.stdout).unwrap(), csv);
    assert!(String::from_utf8(lines.stderr)
        .unwrap()
        .contains("rules version 2"));
    tarok(&db)
        .args(["deal", "--random"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("takes no new deals"));
    assert!(stdout_of(tarok(&db).arg("show")).contains("2 deals"));
    // The evening can still be ended, and stays readable as history.
    tarok(&db).arg("close").assert().success();
    let text = stdout_of(tarok(&db).args(["--session", "1", "show"]));
    assert!(text.contains(", closed"), "{text}");
    assert!(
        text.contains("entered under dk-dtf-2011 rules version 2"),
        "{text}"
    );
    assert!(!text.contains("It takes no new deals"), "{text}");
    let list = stdout_of(tarok(&db).arg("list"));
    assert!(list.contains("(rules version 2)"), "{list}");
}

/// A count that is not a number 0-78 is refused in the scorekeeper's words, without the
/// parser's ("invalid digit found in string"), and nothing is entered.
#[test]
fn a_count_that_is_no_number_is_refused_in_plain_words() {
    let db = temp_db("count-words");
    new_session(&db, "A,B,C");
    for bad in ["-5", "300", "x"] {
        let out = tarok(&db)
            .args(["deal", "--last-trick", "B", "--count", &format!("A={bad}")])
            .assert()
            .failure();
        let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert_eq!(
            err.trim(),
            format!("error: a count is a number 0-78, not {bad:?}"),
            "{err}"
        );
    }
    assert!(stdout_of(tarok(&db).arg("show")).contains("0 deals"));
}

/// A count (or a hand) given twice for one name is refused, as it is for two spellings of the
/// name ("Bent is counted twice"): the command used to keep the last one without a word, so
/// `--count B=30 … --count B=26` settled 26. Only the two counters count (000 L662-663).
#[test]
fn a_count_or_hand_given_twice_is_refused() {
    // A deals, B is forhånd and does not count; A and C count.
    let db = temp_db("twice");
    new_session(&db, "A,B,C");
    tarok(&db)
        .args([
            "deal",
            "--last-trick",
            "B",
            "--count",
            "A=30",
            "--count",
            "C=22",
            "--count",
            "A=26",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--count A is given twice"));
    let hand = "T1 T2 T3 T4 T5 T6 T7 T8 X SK H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 R1 R2 R3 R4 R5";
    tarok(&db)
        .args([
            "deal",
            "--last-trick",
            "B",
            "--count",
            "A=30",
            "--count",
            "C=22",
            "--hand",
            &format!("C={hand}"),
            "--hand",
            &format!("C={hand}"),
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--hand C is given twice"));
    // Nothing was entered; the deal goes in once given right.
    tarok(&db)
        .args([
            "deal",
            "--last-trick",
            "B",
            "--count",
            "A=30",
            "--count",
            "C=22",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Deal 1:"));
}

/// `export --out` never writes over the session's database, however its path is spelt, and
/// replaces another existing file only with --force; a refusal writes nothing.
#[test]
fn export_never_overwrites_the_database_and_other_files_only_with_force() {
    let db = temp_db("export-target");
    new_session(&db, "Anna,Bent,Carl,Dorte");
    let dir = db.parent().unwrap().to_path_buf();
    let before = std::fs::read(&db).unwrap();
    let link = dir.join("link.sqlite");
    std::os::unix::fs::symlink(&db, &link).unwrap();
    let dir_name = dir.file_name().unwrap().to_str().unwrap();
    let spellings = [
        db.clone(),
        dir.join(".").join("club.sqlite"),
        dir.join("..").join(dir_name).join("club.sqlite"),
        link,
    ];
    for out in &spellings {
        for force in [false, true] {
            let mut c = tarok(&db);
            c.args(["export", "--format", "csv", "-o"]).arg(out);
            if force {
                c.arg("--force");
            }
            c.assert()
                .code(2)
                .stderr(predicate::str::contains("is the session database"));
        }
    }
    // The same file named relative to the working folder.
    tarok(&db)
        .current_dir(&dir)
        .args(["export", "--format", "csv", "-o", "club.sqlite", "--force"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is the session database"));
    assert_eq!(
        std::fs::read(&db).unwrap(),
        before,
        "the database is untouched"
    );
    tarok(&db).arg("show").assert().success();

    let other = dir.join("lines.csv");
    std::fs::write(&other, "keep me\n").unwrap();
    tarok(&db)
        .args(["export", "--format", "csv", "-o"])
        .arg(&other)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("already exists; add --force"));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "keep me\n");
    tarok(&db)
        .args(["export", "--format", "csv", "--force", "-o"])
        .arg(&other)
        .assert()
        .success();
    assert!(std::fs::read_to_string(&other)
        .unwrap()
        .contains("kongekop"));
}

/// A deal whose confirmation cannot be printed (standard output is /dev/full) is stored, and
/// the command says so and succeeds; with --repeat it plays no further deal.
#[test]
fn a_stored_deal_is_reported_as_stored_when_standard_output_is_full() {
    let db = temp_db("stdout-full");
    new_session(&db, "Anna,Bent,Carl");
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tarok"))
            .env_remove("TAROK_DB")
            .args(["session", "--db"])
            .arg(&db)
            .args(args)
            .stdout(full())
            .output()
            .unwrap()
    };
    let deals = || {
        let v: serde_json::Value =
            serde_json::from_str(&stdout_of(tarok(&db).args(["--json", "show"])))
                .unwrap_or_default();
        v["deals"].as_array().map_or(0, Vec::len)
    };
    let out = run(&[
        "deal",
        "--last-trick",
        "Carl",
        "--count",
        "Anna=30",
        "--count",
        "Carl=30",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "warning: deal 1 is stored in session 1, but its confirmation could not be printed"
        ),
        "{stderr}"
    );
    assert_eq!(deals(), 1);
    let out = run(&["deal", "--random", "--seed", "5", "--repeat", "3"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("deal 2 is stored in session 1; no further deal is played"),
        "{stderr}"
    );
    assert_eq!(deals(), 2);
}

/// `deal --entry` with an engine record that is not a record is refused, and nothing stored.
#[test]
fn an_entry_with_a_garbage_engine_record_is_refused() {
    let db = temp_db("garbage-record");
    new_session(&db, "Anna,Bent,Carl");
    tarok(&db)
        .args(["deal", "--entry", "-"])
        .write_stdin(r#"{"outcome": "redeal", "engine": {"seed": 1, "record": "garbage"}}"#)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the entry's engine record is not this deal: it cannot be read",
        ));
    tarok(&db)
        .args(["show"])
        .assert()
        .success()
        .stdout(predicate::str::contains("0 deals"));
}

/// Names are checked where they enter: `session new --players` and `play --players` refuse a
/// control character, a cup's name and a name too long for the screens.
#[test]
fn bad_player_names_are_refused_by_session_new_and_play() {
    let db = temp_db("names");
    for (names, why) in [
        (
            "Anna\u{1b}]0;pwned\u{7},Bent,Carl",
            "control character U+001B",
        ),
        ("Kongekop,Bent,Carl", "is the name of a cup"),
        (
            "Anna Abrahamsen-Christoffersen,Bent,Carl",
            "at most 24 fit the screens",
        ),
    ] {
        tarok(&db)
            .args(["new", "--players", names])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(why));
        Command::cargo_bin("tarok")
            .unwrap()
            .args(["play", "--players", names])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(why));
    }
    // "Åse" typed decomposed is stored composed, and found typed either way.
    tarok(&db)
        .args([
            "new",
            "--players",
            "A\u{30a}se,Bent,Carl",
            "--first-dealer",
            "\u{c5}se",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("\u{c5}se deals"));
}

/// A refused command creates no database file: `new` with a bad table, and every command
/// but `new` on a database that does not exist.
#[test]
fn a_refused_command_leaves_no_database_file() {
    let db = temp_db("no-file");
    for args in [
        vec!["new", "--players", "Anna,Bent"],
        vec!["new", "--players", "Anna,Bent,Carl", "--preset", "nope"],
        vec!["new", "--players", "Anna,Bent,Carl", "--seating", "nope"],
        vec![
            "new",
            "--players",
            "Anna,Bent,Carl",
            "--first-dealer",
            "Erik",
        ],
        vec!["new", "--players", "Kongekop,Bent,Carl"],
        vec!["deal", "--random"],
        vec!["deal", "--last-trick", "Anna"],
        vec!["undo"],
        vec!["close"],
    ] {
        tarok(&db).args(&args).assert().code(2);
        assert!(!db.exists(), "{args:?} left {}", db.display());
    }
    tarok(&db)
        .arg("undo")
        .assert()
        .stderr(predicate::str::contains("there is no session database at"));
}

/// A database changed by another program to hold a value out of its column's range is
/// reported as damaged, naming the value, not as SQLite's "Integer … out of range".
#[test]
fn a_damaged_database_is_named_as_damaged() {
    let db = temp_db("damaged");
    new_session(&db, "Anna,Bent,Carl");
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute("UPDATE sessions SET rules_version = 5000000000", [])
        .unwrap();
    drop(conn);
    for args in [vec!["show"], vec!["list"], vec!["deal", "--random"]] {
        tarok(&db).args(&args).assert().code(2).stderr(predicate::str::contains(
            "stored data is damaged: session 1: rules_version: the value 5000000000 is out of range",
        ));
    }
}
