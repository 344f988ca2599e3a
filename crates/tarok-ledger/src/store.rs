//! Storage: sessions in an embedded SQLite database, so that an evening survives a crash or a
//! restart.
//!
//! What is stored is what was entered: the table (preset, scheme, names, first dealer) and
//! each deal's entry, in order. The ledger is rebuilt by replaying the entries through the
//! settlement, and checked against the payment lines stored beside them. Each deal is written
//! in one transaction with its lines, with `synchronous = FULL`, so a deal whose call returned
//! is on disk, and a deal cut off half-way is not there at all.
//!
//! Several processes may use one database at once (two `tarok session` commands at a table):
//! each command runs in one transaction ([`Store::read`], [`Store::write`]); a write takes the
//! lock before it reads the session (`BEGIN IMMEDIATE`, with a busy timeout), so the deal
//! number it chooses and the lines it deletes are those of the session as it is when it
//! writes.
//!
//! A session entered under another rules version than this program's is not replayed: it is
//! rebuilt from its stored payment lines ([`Session::from_stored`]), so a closed evening stays
//! readable after the rules change.
//!
//! [`Store::open_read_only`] reads a database without writing a byte, for commands that only
//! look (show, export, list), so a file or folder the user may not write can still be read.

use crate::entry::DealEntry;
use crate::ledger::{Account, Cause, DealResult, LedgerLine, Session, SessionError, StoredTable};
use crate::seating::Scheme;
use crate::sheet::{Sheet, SheetDeal, SheetEntry, SheetError, StoredDeal};
use rusqlite::{
    params, Connection, ErrorCode, OpenFlags, OptionalExtension, Transaction, TransactionBehavior,
};
use std::path::{Path, PathBuf};
use tarok_danish::Preset;

/// Why storage failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite's message, once: the error is not given as a source too, which would print the
    /// same message again after it.
    #[error("database: {}", sql_text(.0))]
    Sql(rusqlite::Error),
    #[error("cannot open {}: {why}", path.display())]
    Open { path: PathBuf, why: String },
    #[error("cannot create {}: {why}; check that its folder exists and may be written", path.display())]
    Create { path: PathBuf, why: String },
    #[error("{} is read-only (the file or its folder cannot be written), so nothing was changed; show, export and list can still read it", path.display())]
    ReadOnly { path: PathBuf },
    #[error("{} is not a tarok session database (it has no {table} table)", path.display())]
    NotSessions { path: PathBuf, table: &'static str },
    #[error("stored data: {0}")]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Session(#[from] SessionError),
    #[error(transparent)]
    Sheet(#[from] SheetError),
    /// A Danish command on a score sheet's session, or the other way round.
    #[error("session {id} is {what}")]
    OtherKind { id: i64, what: String },
    #[error("no session {0} in this database")]
    NotFound(i64),
    #[error("no open session in this database; start one with `tarok session new`")]
    NoOpenSession,
    #[error("no session in this database; start one with `tarok session new`")]
    NoSession,
    #[error("session {0} is inconsistent: {1}")]
    Inconsistent(i64, String),
    /// A stored value of the wrong type or range, or one that cannot be read, as a database
    /// changed by another program leaves it: named, rather than SQLite's "Integer … out of
    /// range at index 5".
    #[error("stored data is damaged: {0}")]
    Damaged(String),
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        match e {
            rusqlite::Error::FromSqlConversionFailure(i, t, b) => match b.downcast::<BadField>() {
                Ok(f) => StoreError::Damaged(f.0),
                Err(b) => StoreError::Sql(rusqlite::Error::FromSqlConversionFailure(i, t, b)),
            },
            e => StoreError::Sql(e),
        }
    }
}

/// A stored value that does not fit its column's type, with the column (and, through
/// [`at`], the place); it travels through SQLite's row callbacks as a conversion failure.
#[derive(Debug)]
struct BadField(String);

impl std::fmt::Display for BadField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadField {}

/// Column `i`, called `name`, of a row. A value of the wrong type or range is a [`BadField`],
/// which becomes [`StoreError::Damaged`].
fn get<T: rusqlite::types::FromSql>(
    r: &rusqlite::Row,
    i: usize,
    name: &str,
) -> rusqlite::Result<T> {
    r.get(i).map_err(|e| {
        let why = match &e {
            rusqlite::Error::IntegralValueOutOfRange(_, v) => {
                format!("the value {v} is out of range")
            }
            rusqlite::Error::InvalidColumnType(_, _, t) => {
                format!("it holds {t}, not the kind of value the column keeps")
            }
            rusqlite::Error::FromSqlConversionFailure(_, _, err) => err.to_string(),
            _ => return e,
        };
        let field = BadField(format!("{name}: {why}"));
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Null, Box::new(field))
    })
}

/// Puts the place (which session, which table) before a [`BadField`]'s column; other errors
/// stay as they are.
fn at(place: &str, e: rusqlite::Error) -> rusqlite::Error {
    match e {
        rusqlite::Error::FromSqlConversionFailure(i, t, b) => {
            let b = match b.downcast::<BadField>() {
                Ok(f) => Box::new(BadField(format!("{place}: {}", f.0))),
                Err(b) => b,
            };
            rusqlite::Error::FromSqlConversionFailure(i, t, b)
        }
        e => e,
    }
}

/// SQLite's own message when it gave one, else the code's description.
fn sql_text(e: &rusqlite::Error) -> String {
    match e {
        rusqlite::Error::SqliteFailure(_, Some(message)) => message.clone(),
        rusqlite::Error::SqliteFailure(code, None) => code.to_string(),
        e => e.to_string(),
    }
}

fn is_read_only(e: &rusqlite::Error) -> bool {
    e.sqlite_error_code() == Some(ErrorCode::ReadOnly)
}

/// A refusal SQLite gives as read-only, as [`StoreError::ReadOnly`] naming `path`; other errors
/// as they are.
fn named_read_only(path: &Path, e: StoreError) -> StoreError {
    match e {
        StoreError::Sql(ref s) if is_read_only(s) => StoreError::ReadOnly {
            path: path.to_path_buf(),
        },
        e => e,
    }
}

/// An error while opening `path`, which names it once (SQLite adds the path to some messages).
fn open_error(path: &Path, e: rusqlite::Error) -> StoreError {
    if is_read_only(&e) {
        return StoreError::ReadOnly {
            path: path.to_path_buf(),
        };
    }
    let text = sql_text(&e);
    let why = text
        .strip_suffix(&format!(": {}", path.display()))
        .unwrap_or(&text)
        .to_string();
    StoreError::Open {
        path: path.to_path_buf(),
        why,
    }
}

type R<T> = Result<T, StoreError>;

/// How long a command waits for another process's transaction before it gives up: long
/// enough for any one ledger command, short enough that a stuck one is reported.
const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    preset TEXT NOT NULL,
    scheme TEXT NOT NULL,
    players TEXT NOT NULL,
    first_dealer INTEGER NOT NULL,
    rules_version INTEGER NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS deals (
    session INTEGER NOT NULL REFERENCES sessions(id),
    number INTEGER NOT NULL,
    entry TEXT NOT NULL,
    entered TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (session, number)
);
CREATE TABLE IF NOT EXISTS lines (
    session INTEGER NOT NULL REFERENCES sessions(id),
    idx INTEGER NOT NULL,
    deal INTEGER,
    payer TEXT NOT NULL,
    payee TEXT NOT NULL,
    amount INTEGER NOT NULL,
    cause TEXT NOT NULL,
    rule TEXT NOT NULL,
    PRIMARY KEY (session, idx)
);
";

/// Summary of a stored session.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SessionInfo {
    pub id: i64,
    pub preset: String,
    pub players: Vec<String>,
    pub deals: u32,
    pub closed: bool,
    pub created: String,
    /// The rules version its deals were entered under.
    pub rules_version: u32,
}

/// A session database.
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// Opened with [`Store::open_read_only`]: every change is refused.
    read_only: bool,
}

fn account_text(a: Account) -> String {
    match a {
        Account::Person(p) => format!("person {p}"),
        Account::Cup(c) => format!("cup {c}"),
    }
}

fn parse_account(text: &str) -> Option<Account> {
    match text.split_once(' ')? {
        ("person", p) => p.parse().ok().map(Account::Person),
        ("cup", c) => c.parse().ok().map(Account::Cup),
        _ => None,
    }
}

/// A payment line as stored: idx, deal, payer, payee, amount, cause, rule.
type StoredLine = (i64, Option<u32>, String, String, i32, String, String);

/// `file:` URI of a path, every byte but the unreserved ones percent-encoded.
fn file_uri(path: &Path) -> Option<String> {
    let mut uri = String::from("file:");
    for b in path.to_str()?.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            uri.push(b as char);
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    Some(uri)
}

/// The names of the tables in the database; the first read, where a file SQLite cannot read
/// shows.
fn table_names(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")?;
    let names = stmt.query_map([], |r| r.get(0))?.collect();
    names
}

impl Store {
    /// Opens (or creates) the database at `path` to read and write. A file or folder that
    /// cannot be written is refused with [`StoreError::ReadOnly`]; read it with
    /// [`Store::open_read_only`].
    pub fn open(path: impl AsRef<Path>) -> R<Store> {
        let path = path.as_ref().to_path_buf();
        let existed = path.exists();
        let conn = Connection::open(&path).map_err(|e| match open_error(&path, e) {
            // SQLite cannot say why a new file could not be made; the folder is the usual cause.
            StoreError::Open { path, why } if !existed => StoreError::Create { path, why },
            e => e,
        })?;
        // SQLite quietly opens a file it may not write for reading only, and would say so
        // only at the first write, after the deal had been typed in.
        let read_only = conn
            .is_readonly(rusqlite::DatabaseName::Main)
            .map_err(|e| open_error(&path, e))?;
        if read_only {
            return Err(StoreError::ReadOnly { path });
        }
        let setup = |conn: &Connection| -> rusqlite::Result<()> {
            // WAL keeps readers and the writer apart; FULL syncs every commit.
            // First, so that another process holding the lock is waited for, not an error.
            conn.busy_timeout(BUSY_TIMEOUT)?;
            conn.pragma_update(None, "journal_mode", "WAL")?;
            conn.pragma_update(None, "synchronous", "FULL")?;
            conn.execute_batch(SCHEMA)
        };
        setup(&conn).map_err(|e| open_error(&path, e))?;
        Ok(Store {
            conn,
            path,
            read_only: false,
        })
    }

    /// Opens an existing session database for reading only: nothing is created, migrated or
    /// written, so it works on a file or folder the user may not write. Every change through
    /// it is refused with [`StoreError::ReadOnly`].
    pub fn open_read_only(path: impl AsRef<Path>) -> R<Store> {
        let path = path.as_ref().to_path_buf();
        if !path.is_file() {
            return Err(StoreError::Open {
                path,
                why: "there is no such file".into(),
            });
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_URI;
        let open = |name: &str| -> rusqlite::Result<(Connection, Vec<String>)> {
            let conn = Connection::open_with_flags(name, flags)?;
            conn.busy_timeout(BUSY_TIMEOUT)?;
            let tables = table_names(&conn)?;
            Ok((conn, tables))
        };
        let name = file_uri(&path).ok_or_else(|| StoreError::Open {
            path: path.clone(),
            why: "the path is not UTF-8".into(),
        })?;
        let (conn, tables) = match open(&name) {
            Ok(opened) => opened,
            // A WAL database needs its shared-memory file, which a read-only folder cannot
            // hold. With no write-ahead log beside it, or an empty one (the failed open may
            // have made it), the file alone is the whole database and may be read as
            // immutable.
            Err(e)
                if matches!(
                    e.sqlite_error_code(),
                    Some(ErrorCode::CannotOpen | ErrorCode::ReadOnly)
                ) && !wal_has_content(&path) =>
            {
                open(&format!("{name}?immutable=1")).map_err(|e| open_error(&path, e))?
            }
            Err(e) => return Err(open_error(&path, e)),
        };
        for table in ["sessions", "deals", "lines"] {
            if !tables.iter().any(|t| t == table) {
                return Err(StoreError::NotSessions { path, table });
            }
        }
        Ok(Store {
            conn,
            path,
            read_only: true,
        })
    }

    /// The database's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Refuses a change to a database opened read-only, before any work is done.
    fn writable(&self) -> R<()> {
        if self.read_only {
            return Err(StoreError::ReadOnly {
                path: self.path.clone(),
            });
        }
        Ok(())
    }

    /// Runs `f` in one read transaction, so that everything it reads is one state of the
    /// database even while another process writes (WAL gives each reader a snapshot).
    pub fn read<T, E: From<StoreError>>(
        &self,
        f: impl FnOnce(&StoreTx) -> Result<T, E>,
    ) -> Result<T, E> {
        let tx = Transaction::new_unchecked(&self.conn, TransactionBehavior::Deferred)
            .map_err(StoreError::from)?;
        let value = f(&StoreTx {
            conn: &tx,
            path: &self.path,
        })?;
        tx.commit().map_err(StoreError::from)?;
        Ok(value)
    }

    /// Runs `f` in one write transaction that takes the write lock before it reads anything
    /// (`BEGIN IMMEDIATE`, waiting up to the busy timeout for another writer), so that what
    /// `f` reads is still so when it writes: two processes entering or undoing deals at once
    /// are served one after the other. On any error nothing is written. A write SQLite refuses
    /// as read-only (the file or folder lost its write permission since opening) says so and
    /// names the file.
    pub fn write<T, E: From<StoreError>>(
        &mut self,
        f: impl FnOnce(&StoreTx) -> Result<T, E>,
    ) -> Result<T, E> {
        self.writable()?;
        let path = self.path.clone();
        let named = |e: rusqlite::Error| named_read_only(&path, e.into());
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(named)?;
        let value = f(&StoreTx {
            conn: &tx,
            path: &path,
        })?;
        tx.commit().map_err(named)?;
        Ok(value)
    }

    /// Stores a new session with its funding; returns its id.
    pub fn create(&mut self, s: &Session) -> R<i64> {
        self.write(|t| t.create(s))
    }

    /// Loads a session (see [`StoreTx::load`]).
    pub fn load(&self, id: i64) -> R<Session> {
        self.read(|t| t.load(id))
    }

    /// Enters a deal into a stored session (see [`StoreTx::enter`]).
    pub fn enter(&mut self, id: i64, entry: DealEntry) -> R<Session> {
        self.write(|t| t.enter(id, entry))
    }

    /// Takes back the last deal of a stored session (see [`StoreTx::undo`]). Returns the
    /// session without it, the removed deal and its lines.
    pub fn undo(&mut self, id: i64) -> R<(Session, DealResult, Vec<LedgerLine>)> {
        self.write(|t| t.undo(id))
            .map(|u| (u.after, u.deal, u.lines))
    }

    /// Closes a stored session (see [`StoreTx::close`]).
    pub fn close(&mut self, id: i64) -> R<Session> {
        self.write(|t| t.close(id))
    }

    /// The most recent open session.
    pub fn latest_open(&self) -> R<i64> {
        self.read(|t| t.latest_open())
    }

    /// The most recent session, open or closed.
    pub fn latest(&self) -> R<i64> {
        self.read(|t| t.latest())
    }

    /// Every stored session.
    pub fn list(&self) -> R<Vec<SessionInfo>> {
        self.read(|t| t.list())
    }

    /// The number of stored lines of a session (for tools that read the database).
    pub fn line_count(&self, id: i64) -> R<usize> {
        self.read(|t| t.line_count(id))
    }
}

/// A deal taken back by [`StoreTx::undo`].
pub struct Undone {
    /// The session with the deal.
    pub before: Session,
    /// The session without it.
    pub after: Session,
    pub deal: DealResult,
    pub lines: Vec<LedgerLine>,
}

/// The database inside one transaction of [`Store::read`] or [`Store::write`]: what a command
/// reads and writes through it is one consistent change. Writing through a read transaction
/// is refused by SQLite.
pub struct StoreTx<'a> {
    conn: &'a Connection,
    path: &'a Path,
}

impl StoreTx<'_> {
    /// A refusal SQLite gives as read-only names the file.
    fn named<T>(&self, r: R<T>) -> R<T> {
        r.map_err(|e| named_read_only(self.path, e))
    }

    fn insert_lines(&self, id: i64, s: &Session, from: usize) -> R<()> {
        let mut stmt = self.conn.prepare(
            "INSERT INTO lines (session, idx, deal, payer, payee, amount, cause, rule)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?;
        for (i, l) in s.lines.iter().enumerate().skip(from) {
            let (idx, deal, payer, payee, amount, cause, rule) = stored_row(i, l)?;
            stmt.execute(params![id, idx, deal, payer, payee, amount, cause, rule])?;
        }
        Ok(())
    }

    /// Stores a new session with its funding; returns its id.
    pub fn create(&self, s: &Session) -> R<i64> {
        self.named((|| {
            self.conn.execute(
                "INSERT INTO sessions (preset, scheme, players, first_dealer, rules_version)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    s.preset.id(),
                    s.scheme.id(),
                    serde_json::to_string(&s.players)?,
                    s.first_dealer as i64,
                    s.rules_version
                ],
            )?;
            let id = self.conn.last_insert_rowid();
            self.insert_lines(id, s, 0)?;
            for d in &s.deals {
                self.conn.execute(
                    "INSERT INTO deals (session, number, entry) VALUES (?1, ?2, ?3)",
                    params![id, d.number, serde_json::to_string(&d.entry)?],
                )?;
            }
            Ok(id)
        })())
    }

    /// Loads a session. One entered under this program's rules version is replayed from its
    /// entries and checked against the stored lines; one entered under another version is
    /// rebuilt from its stored lines ([`Session::from_stored`]), since settling it again could
    /// pay differently from what the table paid.
    pub fn load(&self, id: i64) -> R<Session> {
        let place = format!("session {id}");
        let row = self
            .conn
            .query_row(
                "SELECT preset, scheme, players, first_dealer, closed, rules_version
                 FROM sessions WHERE id = ?1",
                [id],
                |r| {
                    Ok((
                        get::<String>(r, 0, "preset")?,
                        get::<String>(r, 1, "scheme")?,
                        get::<String>(r, 2, "players")?,
                        get::<i64>(r, 3, "first_dealer")?,
                        get::<bool>(r, 4, "closed")?,
                        get::<u32>(r, 5, "rules_version")?,
                    ))
                },
            )
            .optional()
            .map_err(|e| at(&place, e))?
            .ok_or(StoreError::NotFound(id))?;
        let bad = |why: String| StoreError::Inconsistent(id, why);
        if Sheet::is_sheet_preset(&row.0) {
            return Err(StoreError::OtherKind {
                id,
                what: format!(
                    "the score sheet of a {} evening, not a Danish ledger",
                    row.0
                ),
            });
        }
        let preset = Preset::parse(&row.0).ok_or_else(|| bad(format!("preset {:?}", row.0)))?;
        let scheme = Scheme::parse(&row.1).ok_or_else(|| bad(format!("scheme {:?}", row.1)))?;
        let players = stored_players(&place, &row.2)?;
        let first_dealer = usize::try_from(row.3)
            .ok()
            .filter(|&d| d < players.len())
            .ok_or_else(|| {
                StoreError::Damaged(format!(
                    "{place}: the first dealer {} is not one of the {} players",
                    row.3,
                    players.len()
                ))
            })?;
        let (closed, rules_version) = (row.4, row.5);
        let mut stmt = self
            .conn
            .prepare("SELECT number, entry FROM deals WHERE session = ?1 ORDER BY number")?;
        let stored = stmt
            .query_map([id], |r| {
                Ok((get::<u32>(r, 0, "number")?, get::<String>(r, 1, "entry")?))
            })?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| at(&format!("{place}, deals"), e))?;
        let mut entries = Vec::with_capacity(stored.len());
        for (k, (number, text)) in stored.into_iter().enumerate() {
            if number != k as u32 + 1 {
                return Err(bad(format!("deal {} is missing", k + 1)));
            }
            let entry: DealEntry = serde_json::from_str(&text)
                .map_err(|e| bad(format!("deal {number} cannot be read: {e}")))?;
            entries.push(entry);
        }
        let lines = self.stored_lines(id)?;
        // The entries are settled again under today's rules only if they were entered under
        // them (the tables carry the ruleset id and version).
        if preset.ruleset().version != rules_version {
            let lines = lines
                .iter()
                .enumerate()
                .map(|(i, l)| parsed_line(i, l).map_err(&bad))
                .collect::<R<Vec<_>>>()?;
            let table = StoredTable {
                preset,
                scheme,
                players,
                first_dealer,
                rules_version,
                closed,
            };
            return Session::from_stored(table, entries, lines).map_err(bad);
        }
        let mut s = Session::funded(preset, Some(scheme), players, first_dealer)?;
        for (k, entry) in entries.into_iter().enumerate() {
            s.enter_stored(entry)
                .map_err(|e| bad(format!("deal {} no longer enters: {e}", k + 1)))?;
        }
        if closed {
            s.close()?;
        }
        check_lines(id, &lines, &s)?;
        Ok(s)
    }

    fn stored_lines(&self, id: i64) -> R<Vec<StoredLine>> {
        let mut stmt = self.conn.prepare(
            "SELECT idx, deal, payer, payee, amount, cause, rule FROM lines WHERE session = ?1 ORDER BY idx",
        )?;
        let lines = stmt
            .query_map([id], |r| {
                Ok((
                    get(r, 0, "idx")?,
                    get(r, 1, "deal")?,
                    get(r, 2, "payer")?,
                    get(r, 3, "payee")?,
                    get(r, 4, "amount")?,
                    get(r, 5, "cause")?,
                    get(r, 6, "rule")?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| at(&format!("session {id}, payment lines"), e))?;
        Ok(lines)
    }

    /// Enters a deal into a stored session: load, enter, and write the deal with its lines.
    /// On any error nothing is written.
    pub fn enter(&self, id: i64, entry: DealEntry) -> R<Session> {
        self.enter_with(id, |_| Ok(entry))
    }

    /// Enters the deal `make` gives for the session as stored now (an engine-played deal is
    /// played for this seating, within the same transaction, so no other deal can come in
    /// between). On any error nothing is written.
    pub fn enter_with<E: From<StoreError>>(
        &self,
        id: i64,
        make: impl FnOnce(&Session) -> Result<DealEntry, E>,
    ) -> Result<Session, E> {
        let mut s = self.load(id)?;
        let entry = make(&s)?;
        let from = s.lines.len();
        let number = s.enter(entry).map_err(StoreError::from)?.number;
        let entry = serde_json::to_string(&s.deals.last().expect("entered").entry)
            .map_err(StoreError::from)?;
        self.named((|| {
            self.conn.execute(
                "INSERT INTO deals (session, number, entry) VALUES (?1, ?2, ?3)",
                params![id, number, entry],
            )?;
            self.insert_lines(id, &s, from)
        })())?;
        Ok(s)
    }

    /// Takes back the last deal of a stored session (see [`Session::undo`]): its entry and
    /// payment lines are deleted.
    pub fn undo(&self, id: i64) -> R<Undone> {
        let before = self.load(id)?;
        let mut after = before.clone();
        let (deal, lines) = after.undo()?;
        self.named((|| {
            self.conn.execute(
                "DELETE FROM deals WHERE session = ?1 AND number = ?2",
                params![id, deal.number],
            )?;
            // The deal's lines are the last ones: nothing is paid after a deal but the next
            // deal, and the split, which closes the session.
            let deleted = self.conn.execute(
                "DELETE FROM lines WHERE session = ?1 AND idx >= ?2",
                params![id, after.lines.len() as i64],
            )?;
            if deleted != lines.len() {
                // An error drops the transaction, which rolls it back.
                return Err(StoreError::Inconsistent(
                    id,
                    format!(
                        "deal {} has {} payment lines, {deleted} stored after the ones before it",
                        deal.number,
                        lines.len()
                    ),
                ));
            }
            Ok(())
        })())?;
        Ok(Undone {
            before,
            after,
            deal,
            lines,
        })
    }

    /// Closes a stored session: the end-of-evening split.
    pub fn close(&self, id: i64) -> R<Session> {
        let mut s = self.load(id)?;
        let from = s.lines.len();
        s.close()?;
        self.named((|| {
            self.conn
                .execute("UPDATE sessions SET closed = 1 WHERE id = ?1", [id])?;
            self.insert_lines(id, &s, from)
        })())?;
        Ok(s)
    }

    /// The preset of a stored session: which kind of evening it is (a Danish ledger, or the
    /// score sheet of [`Sheet::is_sheet_preset`]).
    pub fn preset_of(&self, id: i64) -> R<String> {
        self.conn
            .query_row("SELECT preset FROM sessions WHERE id = ?1", [id], |r| {
                get::<String>(r, 0, "preset")
            })
            .optional()
            .map_err(|e| at(&format!("session {id}"), e))?
            .ok_or(StoreError::NotFound(id))
    }

    /// Stores a new score sheet (its table; a new sheet has no deal); returns its id. The
    /// sessions table keeps it beside the Danish evenings, with the seating "sheet".
    pub fn create_sheet(&self, s: &Sheet) -> R<i64> {
        self.named((|| {
            self.conn.execute(
                "INSERT INTO sessions (preset, scheme, players, first_dealer, rules_version)
                 VALUES (?1, 'sheet', ?2, ?3, ?4)",
                params![
                    s.preset,
                    serde_json::to_string(&s.players)?,
                    s.first_dealer as i64,
                    s.rules_version
                ],
            )?;
            Ok(self.conn.last_insert_rowid())
        })())
    }

    /// Loads a score sheet. One entered under this program's rules version is entered again
    /// from its texts and checked against the stored notes and points; one of another version
    /// is rebuilt from them ([`Sheet::from_stored`]).
    pub fn load_sheet(&self, id: i64) -> R<Sheet> {
        let place = format!("session {id}");
        let row = self
            .conn
            .query_row(
                "SELECT preset, players, first_dealer, closed, rules_version
                 FROM sessions WHERE id = ?1",
                [id],
                |r| {
                    Ok((
                        get::<String>(r, 0, "preset")?,
                        get::<String>(r, 1, "players")?,
                        get::<i64>(r, 2, "first_dealer")?,
                        get::<bool>(r, 3, "closed")?,
                        get::<u32>(r, 4, "rules_version")?,
                    ))
                },
            )
            .optional()
            .map_err(|e| at(&place, e))?
            .ok_or(StoreError::NotFound(id))?;
        let (preset, players, first_dealer, closed, rules_version) = row;
        if !Sheet::is_sheet_preset(&preset) {
            return Err(StoreError::OtherKind {
                id,
                what: format!("the ledger of a Danish evening ({preset}), not a score sheet"),
            });
        }
        let bad = |why: String| StoreError::Inconsistent(id, why);
        let players = stored_players(&place, &players)?;
        let first_dealer = usize::try_from(first_dealer)
            .map_err(|_| StoreError::Damaged(format!("{place}: first dealer {first_dealer}")))?;
        let mut stmt = self
            .conn
            .prepare("SELECT number, entry FROM deals WHERE session = ?1 ORDER BY number")?;
        let rows = stmt
            .query_map([id], |r| {
                Ok((get::<u32>(r, 0, "number")?, get::<String>(r, 1, "entry")?))
            })?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| at(&format!("{place}, deals"), e))?;
        let mut stored = Vec::with_capacity(rows.len());
        for (k, (number, text)) in rows.into_iter().enumerate() {
            if number != k as u32 + 1 {
                return Err(bad(format!("deal {} is missing", k + 1)));
            }
            let d: StoredDeal = serde_json::from_str(&text)
                .map_err(|e| bad(format!("deal {number} cannot be read: {e}")))?;
            stored.push(d);
        }
        let mut s = Sheet::seated(&preset, players.clone(), first_dealer)?;
        if s.rules_version != rules_version {
            return Ok(Sheet::from_stored(
                &preset,
                players,
                first_dealer,
                rules_version,
                closed,
                stored,
            )?);
        }
        for (k, d) in stored.into_iter().enumerate() {
            let got = s
                .enter(d.entry)
                .map_err(|e| bad(format!("deal {} no longer enters: {e}", k + 1)))?;
            if got.note != d.note || got.halves != d.halves {
                return Err(bad(format!(
                    "deal {} now scores {:?} ({}), stored {:?} ({})",
                    k + 1,
                    got.halves,
                    got.note,
                    d.halves,
                    d.note
                )));
            }
        }
        if closed {
            s.close()?;
        }
        Ok(s)
    }

    /// Enters a deal into a stored score sheet; `make` gives the entry for the sheet as it is
    /// inside the transaction (an entry from a record is checked against the seating due). On
    /// any error nothing is written.
    pub fn enter_sheet(
        &self,
        id: i64,
        make: impl FnOnce(&Sheet) -> Result<SheetEntry, SheetError>,
    ) -> R<Sheet> {
        let mut s = self.load_sheet(id)?;
        let entry = make(&s)?;
        let d = s.enter(entry)?;
        let row = serde_json::to_string(&StoredDeal::from(d))?;
        let number = d.number;
        self.named((|| {
            self.conn.execute(
                "INSERT INTO deals (session, number, entry) VALUES (?1, ?2, ?3)",
                params![id, number, row],
            )?;
            Ok(())
        })())?;
        Ok(s)
    }

    /// Takes back the last deal of a stored score sheet. Returns the sheet with it, the sheet
    /// without it, and the deal.
    pub fn undo_sheet(&self, id: i64) -> R<(Sheet, Sheet, SheetDeal)> {
        let before = self.load_sheet(id)?;
        let mut after = before.clone();
        let deal = after.undo()?;
        self.named((|| {
            self.conn.execute(
                "DELETE FROM deals WHERE session = ?1 AND number = ?2",
                params![id, deal.number],
            )?;
            Ok(())
        })())?;
        Ok((before, after, deal))
    }

    /// Closes a stored score sheet.
    pub fn close_sheet(&self, id: i64) -> R<Sheet> {
        let mut s = self.load_sheet(id)?;
        s.close()?;
        self.named((|| {
            self.conn
                .execute("UPDATE sessions SET closed = 1 WHERE id = ?1", [id])?;
            Ok(())
        })())?;
        Ok(s)
    }

    /// The most recent open session.
    pub fn latest_open(&self) -> R<i64> {
        self.latest_where("closed = 0", StoreError::NoOpenSession)
    }

    /// The most recent session, open or closed.
    pub fn latest(&self) -> R<i64> {
        self.latest_where("1", StoreError::NoSession)
    }

    /// The most recent session that meets `condition` (SQL), else `none`.
    fn latest_where(&self, condition: &str, none: StoreError) -> R<i64> {
        self.conn
            .query_row(
                &format!("SELECT id FROM sessions WHERE {condition} ORDER BY id DESC LIMIT 1"),
                [],
                |r| r.get(0),
            )
            .optional()?
            .ok_or(none)
    }

    /// Every stored session.
    pub fn list(&self) -> R<Vec<SessionInfo>> {
        let mut stmt = self.conn.prepare(
            "SELECT s.id, s.preset, s.players, s.closed, s.created, s.rules_version,
                    (SELECT COUNT(*) FROM deals d WHERE d.session = s.id)
             FROM sessions s ORDER BY s.id",
        )?;
        let rows = stmt
            .query_map([], |r| {
                let id = get::<i64>(r, 0, "id")?;
                let row = || {
                    Ok((
                        id,
                        get::<String>(r, 1, "preset")?,
                        get::<String>(r, 2, "players")?,
                        get::<bool>(r, 3, "closed")?,
                        get::<String>(r, 4, "created")?,
                        get::<u32>(r, 5, "rules_version")?,
                        get::<u32>(r, 6, "deals")?,
                    ))
                };
                row().map_err(|e| at(&format!("session {id}"), e))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        rows.into_iter()
            .map(
                |(id, preset, players, closed, created, rules_version, deals)| {
                    Ok(SessionInfo {
                        id,
                        preset,
                        players: stored_players(&format!("session {id}"), &players)?,
                        deals,
                        closed,
                        created,
                        rules_version,
                    })
                },
            )
            .collect()
    }

    /// The number of stored lines of a session.
    pub fn line_count(&self, id: i64) -> R<usize> {
        let n: i64 =
            self.conn
                .query_row("SELECT COUNT(*) FROM lines WHERE session = ?1", [id], |r| {
                    r.get(0)
                })?;
        Ok(n as usize)
    }
}

/// The stored list of names, read back.
fn stored_players(place: &str, text: &str) -> R<Vec<String>> {
    serde_json::from_str(text)
        .map_err(|e| StoreError::Damaged(format!("{place}: the players cannot be read: {e}")))
}

/// Whether the `-wal` file beside a database holds anything, which the file alone would miss.
fn wal_has_content(path: &Path) -> bool {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    std::fs::metadata(wal).is_ok_and(|m| m.len() > 0)
}

/// A stored payment line read back; `i` is its place in the session's lines.
fn parsed_line(i: usize, l: &StoredLine) -> Result<LedgerLine, String> {
    if l.0 != i as i64 {
        return Err(format!("payment line {i} is missing"));
    }
    let account = |text: &str| {
        parse_account(text).ok_or_else(|| format!("payment line {i} names account {text:?}"))
    };
    let cause: Cause =
        serde_json::from_str(&l.5).map_err(|e| format!("payment line {i} cannot be read: {e}"))?;
    Ok(LedgerLine {
        deal: l.1,
        from: account(&l.2)?,
        to: account(&l.3)?,
        amount: l.4,
        cause,
        rule: l.6.clone(),
    })
}

/// Line `i` of a session as the `lines` table stores it (without the session id).
fn stored_row(i: usize, l: &LedgerLine) -> R<StoredLine> {
    Ok((
        i as i64,
        l.deal,
        account_text(l.from),
        account_text(l.to),
        l.amount,
        serde_json::to_string(&l.cause)?,
        l.rule.clone(),
    ))
}

/// The stored lines must be exactly the lines the replay computes.
fn check_lines(id: i64, stored: &[StoredLine], s: &Session) -> R<()> {
    let which = |deal: Option<u32>| match deal {
        Some(n) => format!("of deal {n}"),
        None => "of the funding or the split".to_string(),
    };
    for (i, (row, l)) in stored.iter().zip(&s.lines).enumerate() {
        let want = stored_row(i, l)?;
        if *row != want {
            return Err(StoreError::Inconsistent(
                id,
                format!(
                    "payment line {i} {} differs: stored {row:?}, computed {want:?}",
                    which(l.deal)
                ),
            ));
        }
    }
    if stored.len() != s.lines.len() {
        // The first line one side has and the other lacks says where they part.
        let n = stored.len().min(s.lines.len());
        let deal = stored.get(n).map_or_else(|| s.lines[n].deal, |r| r.1);
        return Err(StoreError::Inconsistent(
            id,
            format!(
                "{} stored payment lines, {} computed; they part at line {n} {}",
                stored.len(),
                s.lines.len(),
                which(deal)
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SQLite's read-only refusal, as a file or folder that lost its write permission gives
    /// it (root, who runs the tests here, cannot be refused that way).
    fn read_only_refusal() -> rusqlite::Error {
        rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_READONLY),
            None,
        )
    }

    #[test]
    fn a_read_only_refusal_names_the_file_and_other_errors_stay() {
        let path = Path::new("/club/club.sqlite");
        for e in [
            named_read_only(path, StoreError::Sql(read_only_refusal())),
            open_error(path, read_only_refusal()),
        ] {
            assert_eq!(
                e.to_string(),
                "/club/club.sqlite is read-only (the file or its folder cannot be written), so \
                 nothing was changed; show, export and list can still read it"
            );
        }
        let busy = || {
            rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
                None,
            )
        };
        let e = named_read_only(path, StoreError::Sql(busy()));
        assert!(matches!(e, StoreError::Sql(_)), "{e}");
        let e = open_error(path, busy());
        assert_eq!(
            e.to_string(),
            "cannot open /club/club.sqlite: Error code 5: The database file is locked"
        );
    }

    #[test]
    fn a_read_only_store_is_read_only_in_sqlite_too() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("club.sqlite");
        drop(Store::open(&path).unwrap());
        let store = Store::open_read_only(&path).unwrap();
        let err = store.conn.execute("DELETE FROM sessions", []).unwrap_err();
        assert!(is_read_only(&err), "{err}");
    }
}
