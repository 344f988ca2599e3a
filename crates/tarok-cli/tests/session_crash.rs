//! Crash safety: a `tarok` process entering deals in a loop is killed with SIGKILL at random
//! moments; on reopening, every deal it reported as stored is there with the balances it
//! reported, and the ledger replays consistently (stored lines = recomputed lines, sum zero).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tarok_ledger::store::Store;

#[test]
fn killing_the_process_loses_no_stored_deal() {
    let dir = std::env::temp_dir().join(format!("tarok-session-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db: PathBuf = dir.join("crash.sqlite");
    let bin = env!("CARGO_BIN_EXE_tarok");
    let ok = Command::new(bin)
        .args(["session", "--db"])
        .arg(&db)
        .args(["new", "--players", "Anna,Bent,Carl,Dorte,Erik"])
        .output()
        .unwrap();
    assert!(ok.status.success());

    let mut reported: Vec<(u64, Vec<i64>)> = Vec::new();
    for round in 0..8u64 {
        let mut child = Command::new(bin)
            .args(["--json", "session", "--db"])
            .arg(&db)
            .args(["deal", "--random", "--repeat", "100000", "--seed"])
            .arg((1000 * round).to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let v: serde_json::Value = serde_json::from_str(&line).unwrap();
                let deal = v["deal"].as_u64().unwrap();
                let balances = v["balances"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b["balance"].as_i64().unwrap())
                    .collect::<Vec<_>>();
                if tx.send((deal, balances)).is_err() {
                    break;
                }
            }
        });
        // Let a few deals through, then kill at an uneven moment inside the next ones.
        let start = Instant::now();
        let mut seen = 0;
        reported.clear();
        while seen < 5 && start.elapsed() < Duration::from_secs(20) {
            if let Ok(r) = rx.recv_timeout(Duration::from_millis(50)) {
                reported.push(r);
                seen += 1;
            }
        }
        std::thread::sleep(Duration::from_micros(700 + 1900 * round));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        reader.join().unwrap();
        reported.extend(rx.try_iter());
        assert!(seen >= 5, "the loop entered too few deals");

        let store = Store::open(&db).unwrap();
        let id = store.latest_open().unwrap();
        // Loading replays every entry and compares with the stored lines.
        let s = store.load(id).unwrap();
        assert_eq!(s.total(), 0);
        // At most the deal being printed when the kill came is stored without a report.
        let last = reported.iter().map(|r| r.0).max().unwrap();
        assert!(
            s.deals.len() as u64 == last || s.deals.len() as u64 == last + 1,
            "{} deals stored, {last} reported",
            s.deals.len()
        );
        for (deal, balances) in &reported {
            let d = s
                .deals
                .get(*deal as usize - 1)
                .unwrap_or_else(|| panic!("deal {deal} was reported stored but is missing"));
            let stored: Vec<i64> = d.balances_after.iter().map(|&b| b as i64).collect();
            assert_eq!(&stored, balances, "deal {deal}");
        }
    }
    // The session goes on after the crashes.
    let ok = Command::new(bin)
        .args(["session", "--db"])
        .arg(&db)
        .args(["deal", "--random", "--seed", "7"])
        .output()
        .unwrap();
    assert!(ok.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}
