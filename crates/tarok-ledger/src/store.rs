//! Storage: sessions in an embedded SQLite database, so that an evening survives a crash or a
//! restart.
//!
//! What is stored is what was entered: the table (preset, scheme, names, first dealer) and
//! each deal's entry, in order. The ledger is rebuilt by replaying the entries through the
//! settlement, and checked against the payment lines stored beside them. Each deal is written
//! in one transaction with its lines, with `synchronous = FULL`, so a deal whose call returned
//! is on disk, and a deal cut off half-way is not there at all.

use crate::entry::DealEntry;
use crate::ledger::{Account, DealResult, LedgerLine, Session, SessionError};
use crate::seating::Scheme;
use rusqlite::{params, Connection, OptionalExtension, Transaction};
use std::path::Path;
use tarok_danish::Preset;

/// Why storage failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("stored data: {0}")]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Session(#[from] SessionError),
    #[error("no session {0} in this database")]
    NotFound(i64),
    #[error("no open session in this database; start one with `tarok session new`")]
    NoOpenSession,
    #[error("session {0} is inconsistent: {1}")]
    Inconsistent(i64, String),
}

type R<T> = Result<T, StoreError>;

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
}

/// A session database.
pub struct Store {
    conn: Connection,
}

fn account_text(a: Account) -> String {
    match a {
        Account::Person(p) => format!("person {p}"),
        Account::Cup(c) => format!("cup {c}"),
    }
}

impl Store {
    /// Opens (or creates) the database at `path`.
    pub fn open(path: impl AsRef<Path>) -> R<Store> {
        let conn = Connection::open(path)?;
        // WAL keeps readers and the writer apart; FULL syncs every commit.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        conn.execute_batch(SCHEMA)?;
        Ok(Store { conn })
    }

    fn insert_lines(tx: &Transaction, id: i64, s: &Session, from: usize) -> R<()> {
        let mut stmt = tx.prepare(
            "INSERT INTO lines (session, idx, deal, payer, payee, amount, cause, rule)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?;
        for (i, l) in s.lines.iter().enumerate().skip(from) {
            stmt.execute(params![
                id,
                i as i64,
                l.deal,
                account_text(l.from),
                account_text(l.to),
                l.amount,
                serde_json::to_string(&l.cause)?,
                l.rule
            ])?;
        }
        Ok(())
    }

    /// Stores a new session with its funding; returns its id.
    pub fn create(&mut self, s: &Session) -> R<i64> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO sessions (preset, scheme, players, first_dealer, rules_version)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                s.preset.id(),
                s.scheme.id(),
                serde_json::to_string(&s.players)?,
                s.first_dealer as i64,
                s.rules().version
            ],
        )?;
        let id = tx.last_insert_rowid();
        Self::insert_lines(&tx, id, s, 0)?;
        for d in &s.deals {
            tx.execute(
                "INSERT INTO deals (session, number, entry) VALUES (?1, ?2, ?3)",
                params![id, d.number, serde_json::to_string(&d.entry)?],
            )?;
        }
        tx.commit()?;
        Ok(id)
    }

    /// Loads a session by replaying its entries, and checks it against the stored lines.
    pub fn load(&self, id: i64) -> R<Session> {
        let row = self
            .conn
            .query_row(
                "SELECT preset, scheme, players, first_dealer, closed, rules_version
                 FROM sessions WHERE id = ?1",
                [id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, i64>(3)?,
                        r.get::<_, bool>(4)?,
                        r.get::<_, u32>(5)?,
                    ))
                },
            )
            .optional()?
            .ok_or(StoreError::NotFound(id))?;
        let bad = |why: String| StoreError::Inconsistent(id, why);
        let preset = Preset::parse(&row.0).ok_or_else(|| bad(format!("preset {:?}", row.0)))?;
        let scheme = Scheme::parse(&row.1).ok_or_else(|| bad(format!("scheme {:?}", row.1)))?;
        let players: Vec<String> = serde_json::from_str(&row.2)?;
        let mut s = Session::new(preset, Some(scheme), players, row.3 as usize)?;
        // The entries are settled again under today's rules: only the version they were
        // entered under may do that (DESIGN.md: tables carry the ruleset id and version).
        if s.rules().version != row.5 {
            return Err(bad(format!(
                "entered under {} rules version {}, this program has version {}",
                preset.id(),
                row.5,
                s.rules().version
            )));
        }
        let mut stmt = self
            .conn
            .prepare("SELECT number, entry FROM deals WHERE session = ?1 ORDER BY number")?;
        let entries = stmt
            .query_map([id], |r| Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        for (k, (number, text)) in entries.into_iter().enumerate() {
            if number != k as u32 + 1 {
                return Err(bad(format!("deal {} is missing", k + 1)));
            }
            let entry: DealEntry = serde_json::from_str(&text)
                .map_err(|e| bad(format!("deal {number} cannot be read: {e}")))?;
            s.enter(entry)
                .map_err(|e| bad(format!("deal {number} no longer enters: {e}")))?;
        }
        if row.4 {
            s.close()?;
        }
        self.check_lines(id, &s)?;
        Ok(s)
    }

    /// The stored lines must be exactly the lines the replay computes.
    fn check_lines(&self, id: i64, s: &Session) -> R<()> {
        let mut stmt = self.conn.prepare(
            "SELECT idx, deal, payer, payee, amount, cause, rule FROM lines WHERE session = ?1 ORDER BY idx",
        )?;
        let stored = stmt
            .query_map([id], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, Option<u32>>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, i32>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, String>(6)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let which = |deal: Option<u32>| match deal {
            Some(n) => format!("of deal {n}"),
            None => "of the funding or the split".to_string(),
        };
        for (i, (row, l)) in stored.iter().zip(&s.lines).enumerate() {
            let want = (
                i as i64,
                l.deal,
                account_text(l.from),
                account_text(l.to),
                l.amount,
                serde_json::to_string(&l.cause)?,
                l.rule.clone(),
            );
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

    /// Enters a deal into a stored session: load, enter, and write the deal with its lines in
    /// one transaction. On any error nothing is written.
    pub fn enter(&mut self, id: i64, entry: DealEntry) -> R<Session> {
        let mut s = self.load(id)?;
        let from = s.lines.len();
        let number = s.enter(entry)?.number;
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO deals (session, number, entry) VALUES (?1, ?2, ?3)",
            params![
                id,
                number,
                serde_json::to_string(&s.deals.last().expect("entered").entry)?
            ],
        )?;
        Self::insert_lines(&tx, id, &s, from)?;
        tx.commit()?;
        Ok(s)
    }

    /// Takes back the last deal of a stored session (see [`Session::undo`]): its entry and
    /// payment lines are deleted in one transaction. Returns the session without it, the
    /// removed deal and its lines.
    pub fn undo(&mut self, id: i64) -> R<(Session, DealResult, Vec<LedgerLine>)> {
        let mut s = self.load(id)?;
        let (deal, lines) = s.undo()?;
        let tx = self.conn.transaction()?;
        tx.execute(
            "DELETE FROM deals WHERE session = ?1 AND number = ?2",
            params![id, deal.number],
        )?;
        // The deal's lines are the last ones: nothing is paid after a deal but the next deal,
        // and the split, which closes the session.
        let deleted = tx.execute(
            "DELETE FROM lines WHERE session = ?1 AND idx >= ?2",
            params![id, s.lines.len() as i64],
        )?;
        if deleted != lines.len() {
            // Dropping the transaction rolls it back.
            return Err(StoreError::Inconsistent(
                id,
                format!(
                    "deal {} has {} payment lines, {deleted} stored after the ones before it",
                    deal.number,
                    lines.len()
                ),
            ));
        }
        tx.commit()?;
        Ok((s, deal, lines))
    }

    /// Closes a stored session: the end-of-evening split, in one transaction.
    pub fn close(&mut self, id: i64) -> R<Session> {
        let mut s = self.load(id)?;
        let from = s.lines.len();
        s.close()?;
        let tx = self.conn.transaction()?;
        tx.execute("UPDATE sessions SET closed = 1 WHERE id = ?1", [id])?;
        Self::insert_lines(&tx, id, &s, from)?;
        tx.commit()?;
        Ok(s)
    }

    /// The most recent open session.
    pub fn latest_open(&self) -> R<i64> {
        self.conn
            .query_row(
                "SELECT id FROM sessions WHERE closed = 0 ORDER BY id DESC LIMIT 1",
                [],
                |r| r.get(0),
            )
            .optional()?
            .ok_or(StoreError::NoOpenSession)
    }

    /// Every stored session.
    pub fn list(&self) -> R<Vec<SessionInfo>> {
        let mut stmt = self.conn.prepare(
            "SELECT s.id, s.preset, s.players, s.closed, s.created,
                    (SELECT COUNT(*) FROM deals d WHERE d.session = s.id)
             FROM sessions s ORDER BY s.id",
        )?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, bool>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, u32>(5)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        rows.into_iter()
            .map(|(id, preset, players, closed, created, deals)| {
                Ok(SessionInfo {
                    id,
                    preset,
                    players: serde_json::from_str(&players)?,
                    deals,
                    closed,
                    created,
                })
            })
            .collect()
    }

    /// The stored lines of a session, as stored (for tools that read the database).
    pub fn line_count(&self, id: i64) -> R<usize> {
        let n: i64 =
            self.conn
                .query_row("SELECT COUNT(*) FROM lines WHERE session = ?1", [id], |r| {
                    r.get(0)
                })?;
        Ok(n as usize)
    }
}
