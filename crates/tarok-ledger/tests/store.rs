//! Sessions survive closing and reopening the database; bad entries write nothing; a stored
//! ledger that does not match its entries is detected; a session of another rules version is
//! shown as stored; a database opened read-only is read and never written.

use std::path::Path;
use tarok_danish::Preset;
use tarok_ledger::entry::{DealEntry, EndEntry, FineEntry, Outcome};
use tarok_ledger::export;
use tarok_ledger::store::{Store, StoreError};
use tarok_ledger::{Cause, Session, SessionError};

fn new_session(n: usize) -> Session {
    let names = ["Anna", "Bent", "Carl", "Dorte", "Erik"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect();
    Session::new(Preset::Moeller, None, names, 1).unwrap()
}

#[test]
fn a_session_reopens_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let id;
    let expected;
    {
        let mut store = Store::open(&path).unwrap();
        let s = new_session(5);
        id = store.create(&s).unwrap();
        let mut s = s;
        for seed in 0..12 {
            let (entry, _) = s.engine_deal(seed);
            s = store.enter(id, entry).unwrap();
        }
        expected = serde_json::to_string(&s).unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.latest_open().unwrap(), id);
    let s = store.load(id).unwrap();
    assert_eq!(serde_json::to_string(&s).unwrap(), expected);
    assert_eq!(s.deals.len(), 12);
    assert_eq!(store.line_count(id).unwrap(), s.lines.len());
    let list = store.list().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].deals, 12);
}

#[test]
fn a_bad_entry_writes_nothing_and_close_is_stored() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let mut store = Store::open(&path).unwrap();
    let id = store.create(&new_session(3)).unwrap();
    let lines = store.line_count(id).unwrap();
    let bad = DealEntry {
        end: Some(EndEntry {
            last_trick: "Nobody".into(),
            ..Default::default()
        }),
        ..Default::default()
    };
    assert!(matches!(
        store.enter(id, bad),
        Err(StoreError::Session(SessionError::Entry(_)))
    ));
    assert_eq!(store.line_count(id).unwrap(), lines);
    assert!(store.load(id).unwrap().deals.is_empty());
    let s = store.close(id).unwrap();
    assert!(s.closed);
    let again = Store::open(&path).unwrap().load(id).unwrap();
    assert!(again.closed);
    assert_eq!(again.cups, [0, 0]);
    assert_eq!(again.total(), 0);
    assert!(matches!(
        Store::open(&path).unwrap().latest_open(),
        Err(StoreError::NoOpenSession)
    ));
}

#[test]
fn a_tampered_ledger_is_detected() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let mut store = Store::open(&path).unwrap();
    let s = new_session(4);
    let id = store.create(&s).unwrap();
    let (entry, _) = s.engine_deal(3);
    store.enter(id, entry).unwrap();
    drop(store);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE lines SET amount = amount + 5 WHERE idx = 9", [])
        .unwrap();
    drop(conn);
    let err = Store::open(&path).unwrap().load(id).unwrap_err();
    assert!(matches!(err, StoreError::Inconsistent(..)), "{err}");
    // Four people fund both cups: lines 0-7; line 9 is the deal's.
    assert!(
        err.to_string().contains("payment line 9 of deal 1"),
        "{err}"
    );
}

#[test]
fn a_bad_stored_deal_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let mut store = Store::open(&path).unwrap();
    let mut s = new_session(3);
    let id = store.create(&s).unwrap();
    for seed in 0..3 {
        let (entry, _) = s.engine_deal(seed);
        s = store.enter(id, entry).unwrap();
    }
    drop(store);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE deals SET entry = substr(entry, 2) WHERE number = 2",
        [],
    )
    .unwrap();
    drop(conn);
    let err = Store::open(&path).unwrap().load(id).unwrap_err();
    assert!(matches!(err, StoreError::Inconsistent(..)), "{err}");
    assert!(err.to_string().contains("deal 2 cannot be read"), "{err}");
    // The last payment line lost: the counts differ, and the message says whose line it was.
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE deals SET entry = '{' || entry WHERE number = 2", [])
        .unwrap();
    conn.execute(
        "DELETE FROM lines WHERE idx = (SELECT MAX(idx) FROM lines)",
        [],
    )
    .unwrap();
    drop(conn);
    let err = Store::open(&path).unwrap().load(id).unwrap_err();
    assert!(err.to_string().contains("they part at line"), "{err}");
    assert!(err.to_string().contains("of deal 3"), "{err}");
}

/// Sets every stored session's rules version `by` away from the one it was entered under, as a
/// program with another rules version would find it.
fn shift_rules_version(path: &Path, by: i64) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute(
        "UPDATE sessions SET rules_version = rules_version + ?1",
        [by],
    )
    .unwrap();
}

/// The session as JSON without its rules version, which is all a version bump may change.
fn without_version(s: &Session) -> serde_json::Value {
    let mut v = serde_json::to_value(s).unwrap();
    v.as_object_mut().unwrap().remove("rules_version");
    v
}

#[test]
fn a_closed_session_of_another_rules_version_is_shown_as_stored() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let mut store = Store::open(&path).unwrap();
    let mut s = new_session(4);
    let version = s.rules_version;
    let id = store.create(&s).unwrap();
    for seed in 0..4 {
        let (entry, _) = s.engine_deal(seed);
        s = store.enter(id, entry).unwrap();
    }
    // A redeal keeps the dealer and a fine is paid: both must come back from the stored lines.
    let redeal = DealEntry {
        outcome: Outcome::Redeal,
        ..Default::default()
    };
    s = store.enter(id, redeal).unwrap();
    let (mut entry, _) = s.engine_deal(11);
    entry.fines.push(FineEntry {
        person: "Carl".into(),
        fine: "cups-not-moved".into(),
    });
    store.enter(id, entry).unwrap();
    let s = store.close(id).unwrap();
    assert!(s
        .lines
        .iter()
        .any(|l| matches!(l.cause, Cause::Fine { .. })));
    drop(store);

    shift_rules_version(&path, 1);
    for store in [
        Store::open(&path).unwrap(),
        Store::open_read_only(&path).unwrap(),
    ] {
        let old = store.load(id).unwrap();
        assert!(old.closed && old.under_other_rules());
        assert_eq!(old.rules_version, version + 1);
        let note = old.rules_note().unwrap();
        assert!(
            note.contains(&format!(
                "entered under dk-moeller rules version {}",
                version + 1
            )),
            "{note}"
        );
        assert!(note.contains("shown as stored"), "{note}");
        // Deals, seating, lines, balances and cups are exactly what was paid.
        assert_eq!(without_version(&old), without_version(&s));
        assert_eq!(export::lines_csv(&old), export::lines_csv(&s));
        assert_eq!(export::balances_csv(&old), export::balances_csv(&s));
        assert_eq!(export::to_json(&old)["rules_note"], note.as_str());
        assert!(export::svg_chart(&old).contains(&note));
        assert_eq!(store.list().unwrap()[0].rules_version, version + 1);
    }
    // A line that does not fit the stored deals is named, not shown as if sound.
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE lines SET deal = 4 WHERE idx = (SELECT MIN(idx) FROM lines WHERE deal = 2)",
        [],
    )
    .unwrap();
    drop(conn);
    let err = Store::open(&path)
        .unwrap()
        .load(id)
        .map(|_| ())
        .unwrap_err();
    assert!(matches!(err, StoreError::Inconsistent(..)), "{err}");
    assert!(
        err.to_string().contains("of deal 2 is out of order"),
        "{err}"
    );
}

#[test]
fn an_open_session_of_another_rules_version_is_shown_takes_no_deal_and_can_close() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let mut store = Store::open(&path).unwrap();
    let mut s = new_session(3);
    let id = store.create(&s).unwrap();
    for seed in 0..2 {
        let (entry, _) = s.engine_deal(seed);
        s = store.enter(id, entry).unwrap();
    }
    drop(store);
    shift_rules_version(&path, -1);
    let mut store = Store::open(&path).unwrap();
    let old = store.load(id).unwrap();
    assert!(!old.closed && old.under_other_rules());
    assert_eq!(without_version(&old), without_version(&s));
    let lines = store.line_count(id).unwrap();
    // Settling a new deal, or the earlier ones again for an undo, needs the old rules.
    let (entry, _) = s.engine_deal(5);
    for err in [
        store.enter(id, entry).unwrap_err(),
        store.undo(id).map(|_| ()).unwrap_err(),
    ] {
        assert!(
            matches!(
                err,
                StoreError::Session(SessionError::OtherRulesVersion { .. })
            ),
            "{err}"
        );
        assert!(err.to_string().contains("takes no new deals"), "{err}");
    }
    assert_eq!(store.line_count(id).unwrap(), lines);
    // The split needs only the balances and cups, so the evening can still be ended.
    let closed = store.close(id).unwrap();
    assert_eq!(closed.cups, [0, 0]);
    assert_eq!(closed.total(), 0);
    let again = Store::open_read_only(&path).unwrap().load(id).unwrap();
    assert!(again.closed && again.under_other_rules());
    assert_eq!(without_version(&again), without_version(&closed));
}

/// Everything a reader could change: the file's bytes and its modification time.
fn fingerprint(path: &Path) -> (Vec<u8>, std::time::SystemTime) {
    (
        std::fs::read(path).unwrap(),
        std::fs::metadata(path).unwrap().modified().unwrap(),
    )
}

#[test]
fn a_read_only_open_reads_everything_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let mut store = Store::open(&path).unwrap();
    let mut s = new_session(4);
    let id = store.create(&s).unwrap();
    for seed in 0..3 {
        let (entry, _) = s.engine_deal(seed);
        s = store.enter(id, entry).unwrap();
    }
    let closed_id = store.create(&new_session(3)).unwrap();
    store.close(closed_id).unwrap();
    drop(store);
    let before = fingerprint(&path);
    // Coarse file clocks would hide a write made within the same tick.
    std::thread::sleep(std::time::Duration::from_millis(20));

    let mut store = Store::open_read_only(&path).unwrap();
    assert_eq!(
        serde_json::to_string(&store.load(id).unwrap()).unwrap(),
        serde_json::to_string(&s).unwrap()
    );
    assert!(store.load(closed_id).unwrap().closed);
    assert_eq!(store.list().unwrap().len(), 2);
    assert_eq!(store.latest_open().unwrap(), id);
    assert_eq!(store.latest().unwrap(), closed_id);
    // Every change is refused, naming the file, before anything is done.
    let (entry, _) = s.engine_deal(7);
    let refused = [
        store.enter(id, entry).map(|_| ()).unwrap_err(),
        store.undo(id).map(|_| ()).unwrap_err(),
        store.close(id).map(|_| ()).unwrap_err(),
        store.create(&new_session(3)).map(|_| ()).unwrap_err(),
    ];
    for err in refused {
        assert!(matches!(err, StoreError::ReadOnly { .. }), "{err}");
        let text = err.to_string();
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert!(text.contains("is read-only"), "{text}");
    }
    drop(store);
    // Closing a writer would have checkpointed any change into the file by now.
    assert!(before == fingerprint(&path), "the database file changed");
    let wal = dir.path().join("club.sqlite-wal");
    assert!(!wal.exists() || std::fs::metadata(&wal).unwrap().len() == 0);

    // A database that is not there is not created just to be read.
    let missing = dir.path().join("missing.sqlite");
    let err = Store::open_read_only(&missing).map(|_| ()).unwrap_err();
    assert!(err.to_string().contains("no such file"), "{err}");
    assert!(!missing.exists());
    // Nor is another SQLite file taken for one.
    let other = dir.path().join("other.sqlite");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE t (x)")
        .unwrap();
    let err = Store::open_read_only(&other).map(|_| ()).unwrap_err();
    assert!(
        err.to_string().contains("is not a tarok session database"),
        "{err}"
    );
}

/// Whether the file system refuses this process a write to the file `path`, or a new file in
/// the folder `path` (root may write anyway).
fn writes_refused(path: &Path) -> bool {
    if path.is_dir() {
        let probe = path.join("probe");
        let refused = std::fs::File::create(&probe).is_err();
        let _ = std::fs::remove_file(probe);
        return refused;
    }
    std::fs::OpenOptions::new().append(true).open(path).is_err()
}

#[test]
fn a_database_the_user_cannot_write_is_read_and_changes_are_refused() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path, m: u32| std::fs::set_permissions(p, std::fs::Permissions::from_mode(m));
    let dir = tempfile::tempdir().unwrap();
    // The file read-only in a writable folder; then a writable file in a read-only folder.
    for case in ["file", "folder"] {
        let folder = dir.path().join(case);
        std::fs::create_dir(&folder).unwrap();
        let path = folder.join("club.sqlite");
        let mut store = Store::open(&path).unwrap();
        let mut s = new_session(3);
        let id = store.create(&s).unwrap();
        let (entry, _) = s.engine_deal(1);
        s = store.enter(id, entry).unwrap();
        drop(store);
        let locked: &Path = if case == "file" { &path } else { &folder };
        mode(locked, if case == "file" { 0o444 } else { 0o555 }).unwrap();
        let before = fingerprint(&path);

        let store = Store::open_read_only(&path).unwrap();
        assert_eq!(store.load(id).unwrap().deals.len(), 1);
        drop(store);
        assert!(
            before == fingerprint(&path),
            "{case}: the database file changed"
        );
        if writes_refused(locked) {
            let err = Store::open(&path).map(|_| ()).unwrap_err();
            assert!(matches!(err, StoreError::ReadOnly { .. }), "{case}: {err}");
            assert!(
                err.to_string()
                    .starts_with(&format!("{} is read-only", path.display())),
                "{case}: {err}"
            );
        } else {
            // As root the permissions do not bind; the read-only open above is the test.
            eprintln!(
                "{case}: permissions do not stop this user's writes; write refusal not checked"
            );
        }
        assert!(
            before == fingerprint(&path),
            "{case}: the database file changed"
        );
        mode(locked, if case == "file" { 0o644 } else { 0o755 }).unwrap();
        assert_eq!(s.deals.len(), 1);
    }
}

#[test]
fn sqlite_errors_say_their_message_once() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.sqlite");
    std::fs::write(&junk, "not a database at all, just words").unwrap();
    for err in [
        Store::open(&junk).map(|_| ()).unwrap_err(),
        Store::open_read_only(&junk).map(|_| ()).unwrap_err(),
    ] {
        assert_eq!(
            err.to_string(),
            format!("cannot open {}: file is not a database", junk.display())
        );
        // Nothing repeats it as a cause, which an error chain would print after it.
        assert!(std::error::Error::source(&err).is_none());
    }
    let nowhere = dir.path().join("no-such-folder").join("club.sqlite");
    let text = Store::open(&nowhere).map(|_| ()).unwrap_err().to_string();
    assert!(text.starts_with("cannot create"), "{text}");
    assert!(text.contains("check that its folder exists"), "{text}");
    assert!(!nowhere.exists());
    assert_eq!(text.matches("club.sqlite").count(), 1, "{text}");
    assert_eq!(text.matches("unable to open").count(), 1, "{text}");
}

#[test]
fn undo_takes_back_the_last_deal_and_the_store_stays_consistent() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let mut store = Store::open(&path).unwrap();
    let s = new_session(4);
    let id = store.create(&s).unwrap();
    let mut states = vec![serde_json::to_string(&s).unwrap()];
    let mut s = s;
    for seed in 0..3 {
        let (entry, _) = s.engine_deal(seed);
        s = store.enter(id, entry).unwrap();
        states.push(serde_json::to_string(&s).unwrap());
    }
    // A redeal keeps the dealer and skips the next ante; undoing it gives both back.
    let redeal = DealEntry {
        outcome: Outcome::Redeal,
        ..Default::default()
    };
    let dealer = s.seating().dealer;
    s = store.enter(id, redeal).unwrap();
    assert!(!s.ante_due);
    let (after, removed, lines) = store.undo(id).unwrap();
    assert_eq!(removed.number, 4);
    assert_eq!(removed.entry.outcome, Outcome::Redeal);
    assert!(lines.iter().all(|l| l.deal == Some(4)));
    assert_eq!(&serde_json::to_string(&after).unwrap(), &states[3]);
    assert!(after.ante_due);
    assert_eq!(after.seating().dealer, dealer);
    // Each undo returns the session, balances, cups and seating to the state before the deal,
    // in memory and as stored (load checks the stored lines against the replay).
    for n in (1..=3).rev() {
        let (after, removed, lines) = store.undo(id).unwrap();
        assert_eq!(removed.number, n);
        assert!(!lines.is_empty());
        let want = &states[n as usize - 1];
        assert_eq!(&serde_json::to_string(&after).unwrap(), want);
        let reloaded = Store::open(&path).unwrap().load(id).unwrap();
        assert_eq!(&serde_json::to_string(&reloaded).unwrap(), want);
        assert_eq!(store.line_count(id).unwrap(), reloaded.lines.len());
    }
    assert!(matches!(
        store.undo(id),
        Err(StoreError::Session(SessionError::NoDeal))
    ));
    // The session goes on, and a closed one is final.
    let (entry, _) = store.load(id).unwrap().engine_deal(9);
    store.enter(id, entry).unwrap();
    store.close(id).unwrap();
    assert!(matches!(
        store.undo(id),
        Err(StoreError::Session(SessionError::Closed))
    ));
    assert_eq!(store.load(id).unwrap().deals.len(), 1);
}

/// A session of another rules version is rebuilt from its stored lines, so a line that names a
/// person or cup the table does not have is refused, not indexed.
#[test]
fn a_stored_line_naming_no_one_at_the_table_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let mut store = Store::open(&path).unwrap();
    let s = new_session(3);
    let id = store.create(&s).unwrap();
    let (entry, _) = s.engine_deal(1);
    store.enter(id, entry).unwrap();
    drop(store);
    shift_rules_version(&path, 1);
    for (account, says) in [
        ("person 3", "payment line 0 names person 3 of 3"),
        ("cup 2", "payment line 0 names cup 2"),
    ] {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute("UPDATE lines SET payer = ?1 WHERE idx = 0", [account])
            .unwrap();
        drop(conn);
        let err = Store::open(&path).unwrap().load(id).unwrap_err();
        assert!(err.to_string().contains(says), "{err}");
    }
}

/// The sum a sound ledger keeps at zero: every balance and both cups.
#[test]
fn the_total_is_balances_and_cups() {
    let mut s = new_session(3);
    let (entry, _) = s.engine_deal(1);
    s.enter(entry).unwrap();
    assert_eq!(s.total(), 0);
    s.balances[0] += 5;
    s.cups[1] += 10;
    assert_eq!(s.total(), 15);
}

/// A WAL database whose shared-memory file cannot be made, as in a folder the user may not
/// write. A dangling link stands in for the folder, because root may write any folder.
#[test]
fn a_wal_database_without_its_shared_memory_is_read_from_the_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let mut store = Store::open(&path).unwrap();
    let mut s = new_session(3);
    let id = store.create(&s).unwrap();
    let (entry, _) = s.engine_deal(2);
    s = store.enter(id, entry).unwrap();
    drop(store);
    let shm = dir.path().join("club.sqlite-shm");
    let wal = dir.path().join("club.sqlite-wal");
    assert!(
        !wal.exists() && !shm.exists(),
        "closing checkpoints the log"
    );
    std::os::unix::fs::symlink(dir.path().join("nowhere").join("shm"), &shm).unwrap();

    // No log, then the empty log the failed first try leaves: the file is the whole database.
    for _ in 0..2 {
        let store = Store::open_read_only(&path).unwrap();
        assert_eq!(
            serde_json::to_string(&store.load(id).unwrap()).unwrap(),
            serde_json::to_string(&s).unwrap()
        );
    }
    // A log with content may hold deals the file lacks: refused, not read without them.
    std::fs::write(&wal, b"frames").unwrap();
    let err = Store::open_read_only(&path).map(|_| ()).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "cannot open {}: unable to open database file",
            path.display()
        )
    );
}

#[test]
fn an_existing_path_that_cannot_be_opened_is_not_called_uncreatable() {
    let dir = tempfile::tempdir().unwrap();
    let text = Store::open(dir.path()).map(|_| ()).unwrap_err().to_string();
    assert_eq!(
        text,
        format!(
            "cannot open {}: unable to open database file",
            dir.path().display()
        )
    );
}

/// A value changed outside the program to one of the wrong type or range (an integer beyond
/// its column's range, text for a number, players that are not a list of names) is reported
/// as damaged stored data naming what is wrong, not as SQLite's "Integer … out of range".
#[test]
fn damaged_stored_values_are_named() {
    let dir = tempfile::tempdir().unwrap();
    for (k, (change, names)) in [
        (
            "UPDATE sessions SET rules_version = 5000000000",
            "session 1: rules_version: the value 5000000000 is out of range",
        ),
        (
            "UPDATE sessions SET first_dealer = -1",
            "session 1: the first dealer -1 is not one of the 4 players",
        ),
        (
            "UPDATE sessions SET players = 'Anna'",
            "session 1: the players cannot be read",
        ),
        (
            "UPDATE deals SET number = 5000000000",
            "session 1, deals: number: the value 5000000000 is out of range",
        ),
        (
            "UPDATE lines SET amount = 9999999999 WHERE idx = 3",
            "session 1, payment lines: amount: the value 9999999999 is out of range",
        ),
        (
            "UPDATE lines SET deal = 'one' WHERE idx = 9",
            "session 1, payment lines: deal: it holds Text",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let path = dir.path().join(format!("club-{k}.sqlite"));
        let mut store = Store::open(&path).unwrap();
        let s = new_session(4);
        let id = store.create(&s).unwrap();
        store.enter(id, s.engine_deal(3).0).unwrap();
        drop(store);
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute(change, []).unwrap();
        drop(conn);
        let store = Store::open_read_only(&path).unwrap();
        let err = store.load(id).unwrap_err().to_string();
        assert!(
            err.starts_with("stored data is damaged: "),
            "{change}: {err}"
        );
        assert!(err.contains(names), "{change}: {err}");
        if change.contains("sessions") && !change.contains("first_dealer") {
            let err = store.list().unwrap_err().to_string();
            assert!(
                err.starts_with("stored data is damaged: session 1"),
                "{err}"
            );
        }
    }
}
