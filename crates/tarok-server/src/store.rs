//! The server's storage: tables, their seats, each deal's start and every action, in one SQLite
//! file, written as they happen. A table is rebuilt by replaying its stored actions
//! ([`crate::table::Table::load`]), so a server that is killed and started again loses no
//! action whose call returned.
//!
//! Each write is one statement in its own transaction, in WAL mode with `synchronous = NORMAL`:
//! a committed action survives the process being killed (an operating-system crash or a power
//! cut may lose the last few, which the ledger's `synchronous = FULL` would keep, at the price
//! of a disk flush per card).

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;

/// Why storage failed: SQLite's message, or stored data that does not read back.
#[derive(Debug)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "store: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

/// Who sits in a seat of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A seat kept for a person who has not taken it yet.
    Open,
    /// A person, known by the name they gave and the secret token that lets them back in.
    Human { name: String, token: String },
    /// A computer player of a level (`L0`, `L1`).
    Bot { level: String },
    /// A person who left the table: a computer player of `level` plays the seat until the
    /// person takes it back with the token. Stored as a computer player with the person's
    /// name and token.
    Away {
        name: String,
        token: String,
        level: String,
    },
}

impl SeatKind {
    /// The computer player's level, where one plays the seat.
    pub fn bot_level(&self) -> Option<&str> {
        match self {
            SeatKind::Bot { level } | SeatKind::Away { level, .. } => Some(level),
            _ => None,
        }
    }

    /// The token of the person whose seat this is (at the table or away).
    pub fn token(&self) -> Option<&str> {
        match self {
            SeatKind::Human { token, .. } | SeatKind::Away { token, .. } => Some(token),
            _ => None,
        }
    }
}

/// A table as stored: what it was created with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTable {
    pub id: i64,
    pub preset: String,
    /// House rules over the preset, `name=value` separated by spaces.
    pub rules: String,
    /// The seed of the first deal; deal `k` is dealt from `seed + k`.
    pub seed: u64,
    pub seats: Vec<SeatKind>,
    /// How the table plays: [`TABLE_VERSION`] for a table created now, lower for one stored
    /// by an older server, which plays on as it began.
    pub version: u32,
}

/// The version of the tables created now. 2: the 1829 partners' game and en deux are played in
/// whole Partier. Version 1 is every table stored before tables had a version: it plays them
/// in Partier too unless its first deal was dealt as the deals before the Partier were
/// (`Table::load`).
pub const TABLE_VERSION: u32 = 2;

/// A deal as stored: its record header (the one record format's text) and its actions, each
/// by the deal's seat that took it, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredDeal {
    pub number: u32,
    pub header: String,
    pub actions: Vec<(u8, String)>,
}

/// The SQLite file of a server.
pub struct Store {
    conn: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    id      INTEGER PRIMARY KEY,
    preset  TEXT NOT NULL,
    rules   TEXT NOT NULL,
    seed    INTEGER NOT NULL,
    created TEXT NOT NULL DEFAULT (datetime('now')),
    version INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat     INTEGER NOT NULL,
    kind     TEXT NOT NULL CHECK (kind IN ('open', 'human', 'bot')),
    name     TEXT,
    token    TEXT,
    level    TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS deals (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    number   INTEGER NOT NULL,
    header   TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id INTEGER NOT NULL,
    deal     INTEGER NOT NULL,
    n        INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   TEXT NOT NULL,
    PRIMARY KEY (table_id, deal, n),
    FOREIGN KEY (table_id, deal) REFERENCES deals(table_id, number)
);
";

impl Store {
    /// Opens (creating if need be) the store at `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let conn = Connection::open(path)
            .map_err(|e| StoreError(format!("cannot open {}: {e}", path.display())))?;
        Store::init(conn)
    }

    /// A store in memory, for tests.
    pub fn in_memory() -> Result<Store, StoreError> {
        Store::init(Connection::open_in_memory()?)
    }

    fn init(mut conn: Connection) -> Result<Store, StoreError> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)?;
        // A store made before tables had a version: its tables are of version 1. One
        // transaction that takes the write lock first, so that two servers opening the same
        // old file do not both add the column.
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let versioned: bool = tx.query_row(
            "SELECT count(*) FROM pragma_table_info('tables') WHERE name = 'version'",
            [],
            |r| r.get(0),
        )?;
        if !versioned {
            tx.execute_batch("ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 1")?;
        }
        tx.commit()?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves SQLite consistent: every write is atomic.
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Stores a new table with its seats and returns its id.
    pub fn create_table(
        &self,
        preset: &str,
        rules: &str,
        seed: u64,
        seats: &[SeatKind],
    ) -> Result<i64, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO tables (preset, rules, seed, version) VALUES (?1, ?2, ?3, ?4)",
            params![preset, rules, seed as i64, TABLE_VERSION],
        )?;
        let id = tx.last_insert_rowid();
        for (i, seat) in seats.iter().enumerate() {
            insert_seat(&tx, id, i as u8, seat)?;
        }
        tx.commit()?;
        Ok(id)
    }

    /// Changes who sits in a seat (a person taking an open seat, leaving, coming back).
    pub fn set_seat(&self, table: i64, seat: u8, kind: &SeatKind) -> Result<(), StoreError> {
        let conn = self.conn();
        conn.execute(
            "DELETE FROM seats WHERE table_id = ?1 AND seat = ?2",
            params![table, seat],
        )?;
        insert_seat(&conn, table, seat, kind)
    }

    /// Stores the start of a table's deal `number`.
    pub fn start_deal(&self, table: i64, number: u32, header: &str) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO deals (table_id, number, header) VALUES (?1, ?2, ?3)",
            params![table, number, header],
        )?;
        Ok(())
    }

    /// Stores action `n` (from 0) of a table's deal, taken by the deal's seat `seat`.
    pub fn append_action(
        &self,
        table: i64,
        deal: u32,
        n: usize,
        seat: u8,
        action: &str,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO actions (table_id, deal, n, seat, action) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![table, deal, n as i64, seat, action],
        )?;
        Ok(())
    }

    /// The ids of every table, oldest first.
    pub fn table_ids(&self) -> Result<Vec<i64>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT id FROM tables ORDER BY id")?;
        let ids = stmt
            .query_map([], |r| r.get(0))?
            .collect::<Result<Vec<i64>, _>>()?;
        Ok(ids)
    }

    /// A table as created, with its seats as they are now; `None` if there is no such table.
    pub fn table(&self, id: i64) -> Result<Option<StoredTable>, StoreError> {
        let conn = self.conn();
        let Some((preset, rules, seed, version)) = conn
            .query_row(
                "SELECT preset, rules, seed, version FROM tables WHERE id = ?1",
                [id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, u32>(3)?,
                    ))
                },
            )
            .optional()?
        else {
            return Ok(None);
        };
        let mut stmt = conn.prepare(
            "SELECT seat, kind, name, token, level FROM seats WHERE table_id = ?1 ORDER BY seat",
        )?;
        let rows = stmt.query_map([id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, Option<String>>(4)?,
            ))
        })?;
        let mut seats = Vec::new();
        for (i, row) in rows.enumerate() {
            let (seat, kind, name, token, level) = row?;
            if seat != i as i64 {
                return Err(StoreError(format!("table {id} has no seat {i}")));
            }
            seats.push(match kind.as_str() {
                "open" => SeatKind::Open,
                "human" => SeatKind::Human {
                    name: name.unwrap_or_default(),
                    token: token.unwrap_or_default(),
                },
                _ => {
                    let level = level.unwrap_or_else(|| "L0".into());
                    match (name, token) {
                        (Some(name), Some(token)) => SeatKind::Away { name, token, level },
                        _ => SeatKind::Bot { level },
                    }
                }
            });
        }
        Ok(Some(StoredTable {
            id,
            preset,
            rules,
            seed: seed as u64,
            seats,
            version,
        }))
    }

    /// Every deal of a table with its actions, in order.
    pub fn deals(&self, table: i64) -> Result<Vec<StoredDeal>, StoreError> {
        let conn = self.conn();
        let mut stmt =
            conn.prepare("SELECT number, header FROM deals WHERE table_id = ?1 ORDER BY number")?;
        let mut deals = stmt
            .query_map([table], |r| {
                Ok(StoredDeal {
                    number: r.get(0)?,
                    header: r.get(1)?,
                    actions: Vec::new(),
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut stmt = conn.prepare(
            "SELECT deal, n, seat, action FROM actions WHERE table_id = ?1 ORDER BY deal, n",
        )?;
        let rows = stmt.query_map([table], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, u8>(2)?,
                r.get::<_, String>(3)?,
            ))
        })?;
        for row in rows {
            let (deal, n, seat, action) = row?;
            let d = deals
                .iter_mut()
                .find(|d| d.number == deal)
                .ok_or_else(|| StoreError(format!("table {table}: an action of no deal {deal}")))?;
            if n != d.actions.len() as i64 {
                return Err(StoreError(format!(
                    "table {table} deal {deal}: action {n} comes after {} actions",
                    d.actions.len()
                )));
            }
            d.actions.push((seat, action));
        }
        Ok(deals)
    }
}

fn insert_seat(conn: &Connection, table: i64, seat: u8, kind: &SeatKind) -> Result<(), StoreError> {
    let (k, name, token, level) = match kind {
        SeatKind::Open => ("open", None, None, None),
        SeatKind::Human { name, token } => ("human", Some(name), Some(token), None),
        SeatKind::Bot { level } => ("bot", None, None, Some(level)),
        SeatKind::Away { name, token, level } => ("bot", Some(name), Some(token), Some(level)),
    };
    conn.execute(
        "INSERT INTO seats (table_id, seat, kind, name, token, level) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![table, seat, k, name, token, level],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_and_its_actions_read_back() {
        let store = Store::in_memory().unwrap();
        let seats = vec![
            SeatKind::Human {
                name: "Ida".into(),
                token: "t".into(),
            },
            SeatKind::Open,
            SeatKind::Bot { level: "L1".into() },
        ];
        let id = store.create_table("dk-dtf-2011", "", 7, &seats).unwrap();
        store.start_deal(id, 0, "[Record \"1\"]").unwrap();
        store.append_action(id, 0, 0, 0, "keep").unwrap();
        store.append_action(id, 0, 1, 1, "keep").unwrap();
        let t = store.table(id).unwrap().unwrap();
        assert_eq!(t.seats, seats);
        assert_eq!(t.seed, 7);
        let deals = store.deals(id).unwrap();
        assert_eq!(deals.len(), 1);
        assert_eq!(
            deals[0].actions,
            [(0, "keep".to_string()), (1, "keep".to_string())]
        );
        assert!(store.append_action(id, 0, 1, 1, "again").is_err());
        assert_eq!(store.table_ids().unwrap(), [id]);
    }

    /// A store left by a server from before table versions opens, in several servers at once,
    /// and its tables read as version 1.
    #[test]
    fn an_older_store_opens_at_once_in_several_servers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.sqlite");
        let id = Store::open(&path)
            .unwrap()
            .create_table("dk-dtf-2011", "", 7, &[SeatKind::Open])
            .unwrap();
        Connection::open(&path)
            .unwrap()
            .execute_batch("ALTER TABLE tables DROP COLUMN version")
            .unwrap();
        let opened: Vec<Store> = std::thread::scope(|s| {
            let servers: Vec<_> = (0..4).map(|_| s.spawn(|| Store::open(&path))).collect();
            servers
                .into_iter()
                .map(|h| h.join().unwrap().unwrap())
                .collect()
        });
        for store in opened {
            assert_eq!(store.table(id).unwrap().unwrap().version, 1);
        }
    }
}
