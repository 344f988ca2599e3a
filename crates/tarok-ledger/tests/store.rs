//! Sessions survive closing and reopening the database; bad entries write nothing; a stored
//! ledger that does not match its entries is detected.

use tarok_danish::Preset;
use tarok_ledger::entry::{DealEntry, EndEntry, Outcome};
use tarok_ledger::store::{Store, StoreError};
use tarok_ledger::{Session, SessionError};

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

#[test]
fn a_session_of_another_rules_version_is_not_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let mut store = Store::open(&path).unwrap();
    let id = store.create(&new_session(3)).unwrap();
    store.load(id).unwrap();
    drop(store);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE sessions SET rules_version = rules_version + 1", [])
        .unwrap();
    drop(conn);
    let err = Store::open(&path).unwrap().load(id).unwrap_err();
    assert!(err.to_string().contains("rules version"), "{err}");
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
