//! Several writers at once, each with its own connection, as several `tarok session` processes
//! on one database: every command is one transaction that takes the write lock before it reads,
//! so deals and undos interleave without a hole in the deal numbers, a torn read or a raw
//! constraint error, and every deal reported as stored is stored.

use std::path::Path;
use std::sync::{Arc, Barrier};
use tarok_danish::Preset;
use tarok_ledger::store::{Store, StoreError};
use tarok_ledger::{Session, SessionError};

const THREADS: usize = 4;

fn new_db(dir: &Path) -> (std::path::PathBuf, i64) {
    let path = dir.join("club.sqlite");
    let names = ["Anna", "Bent", "Carl", "Dorte"].map(String::from).to_vec();
    let s = Session::new(Preset::Dtf2011, None, names, 0).unwrap();
    let id = Store::open(&path).unwrap().create(&s).unwrap();
    (path, id)
}

/// Runs `op(thread, round)` in `THREADS` threads at once, each with its own store.
fn in_parallel<T: Send + 'static>(
    path: &Path,
    rounds: u64,
    op: fn(&mut Store, u64) -> T,
) -> Vec<T> {
    let start = Arc::new(Barrier::new(THREADS));
    let handles: Vec<_> = (0..THREADS as u64)
        .map(|t| {
            let path = path.to_path_buf();
            let start = start.clone();
            std::thread::spawn(move || {
                let mut store = Store::open(&path).unwrap();
                start.wait();
                (0..rounds)
                    .map(|r| op(&mut store, t * 1000 + r))
                    .collect::<Vec<T>>()
            })
        })
        .collect();
    handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect()
}

/// An engine-played deal entered from the session as it is inside the transaction.
fn deal(store: &mut Store, seed: u64) -> Result<(u32, u64), StoreError> {
    store
        .write(|t| {
            let id = t.latest_open()?;
            t.enter_with(id, |s| Ok::<_, StoreError>(s.engine_deal(seed).0))
        })
        .map(|s| (s.deals.len() as u32, seed))
}

#[test]
fn deals_and_undos_at_once_keep_the_session_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (path, id) = new_db(dir.path());
    // Each operation says how it changed the number of deals: +1, -1, or 0 for an undo of
    // nothing. Any other error fails the test.
    let changes = in_parallel(&path, 12, |store, k| -> i64 {
        let result = if k % 2 == 0 {
            deal(store, k).map(|_| 1)
        } else {
            store.undo(1).map(|_| -1)
        };
        match result {
            Ok(change) => change,
            Err(StoreError::Session(SessionError::NoDeal)) => 0,
            Err(e) => panic!("operation {k}: {e}"),
        }
    });
    let s = Store::open(&path).unwrap().load(id).unwrap();
    assert_eq!(
        s.deals.len() as i64,
        changes.iter().sum::<i64>(),
        "every reported deal and undo happened exactly once"
    );
    assert_eq!(s.total(), 0);
}

#[test]
fn deals_at_once_are_each_stored_under_the_number_reported() {
    let dir = tempfile::tempdir().unwrap();
    let (path, id) = new_db(dir.path());
    let reported = in_parallel(&path, 10, |store, k| {
        deal(store, k).unwrap_or_else(|e| panic!("deal {k}: {e}"))
    });
    let s = Store::open(&path).unwrap().load(id).unwrap();
    assert_eq!(s.deals.len(), THREADS * 10);
    for (number, seed) in reported {
        let stored = &s.deals[number as usize - 1];
        assert_eq!(
            stored.entry.engine.as_ref().map(|e| e.seed),
            Some(seed),
            "deal {number}"
        );
    }
}
