//! Load over loopback: 200 WebSocket clients at 50 Königrufen tables, four at each table,
//! play two deals each to the end. A table seats four, three, two or one person (the test plays
//! them with the first legal action); computer players (L1) take the other seats and
//! spectators make up the four clients. Checked: no client gets anything but states (no
//! refusal, no error), every client's last state is the state a fresh connection to its seat
//! gets after the end (no desync), and each table's stored actions replay through
//! `tarok_games` to the totals and the settlement the clients were shown.
//!
//! The measurement of `BENCHMARKS.md` ("tarok serve") is the ignored test [`measure`], run by
//! hand against a release `tarok serve` in its own process.

mod common;

use common::{connect, create, http, Client};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};
use tarok_core::record::{Record, Recordable};
use tarok_core::Game;
use tarok_games::AnyDeal;

const PRESET: &str = "at-koenigrufen-spieleversum";

/// How long a client waits for the next message before it calls the table stuck.
const PATIENCE: Duration = Duration::from_secs(60);

/// The people at table `i`; computer players take the other seats.
fn people(i: usize) -> u8 {
    [4, 3, 2, 1][i % 4]
}

/// One client: a seat with its token, or a spectator.
struct Seat {
    table: i64,
    seat: Option<(u8, String)>,
}

/// What a run did.
#[derive(Debug)]
struct Report {
    tables: usize,
    clients: usize,
    deals: usize,
    /// Every stored action of every deal.
    actions: usize,
    /// From the first table created to the last client done (before the checks).
    wall: Duration,
}

/// Creates `tables` tables, each with four clients, plays `deals` deals at each and checks the
/// end; every problem is one line of the error.
async fn run(addr: SocketAddr, store: &Path, tables: usize, deals: u32) -> Result<Report, String> {
    let started = Instant::now();
    let mut seats = Vec::new();
    for i in 0..tables {
        let p = people(i);
        let (id, token) = create(addr, PRESET, p, "L1", 1000 + i as u64).await;
        seats.push(Seat {
            table: id,
            seat: Some((0, token)),
        });
        for s in 1..p {
            let path = format!("/api/tables/{id}/seats/{s}");
            let (status, t) =
                http(addr, "POST", &path, Some(json!({"name": format!("P{s}")}))).await;
            if status != 200 {
                return Err(format!("table {id} seat {s}: HTTP {status} {t}"));
            }
            seats.push(Seat {
                table: id,
                seat: Some((s, t["token"].as_str().unwrap_or("").into())),
            });
        }
        for _ in p..4 {
            seats.push(Seat {
                table: id,
                seat: None,
            });
        }
    }
    let tasks: Vec<_> = seats
        .iter()
        .map(|s| {
            let (table, seat) = (s.table, s.seat.clone());
            tokio::spawn(async move { play(addr, table, seat, deals).await })
        })
        .collect();
    let mut last = Vec::new();
    let mut errors = Vec::new();
    for (s, task) in seats.iter().zip(tasks) {
        match task.await {
            Ok(Ok(state)) => last.push(state),
            Ok(Err(e)) => errors.push(format!("table {} seat {:?}: {e}", s.table, seat_no(s))),
            Err(e) => errors.push(format!("table {} seat {:?}: {e}", s.table, seat_no(s))),
        }
    }
    let wall = started.elapsed();
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    // No desync: a fresh connection to each seat gets the state the client saw last.
    for (s, seen) in seats.iter().zip(&last) {
        let mut fresh = open(addr, s).await?;
        let now = fresh.recv_within(PATIENCE).await?;
        if &now != seen {
            errors.push(format!(
                "table {} seat {:?}: the client saw\n{seen}\nbut the table is\n{now}",
                s.table,
                seat_no(s)
            ));
        }
        fresh.close().await;
    }
    // The stored actions replay to the totals and the settlement shown.
    let stored = tarok_server::store::Store::open(store).map_err(|e| e.to_string())?;
    let mut actions = 0;
    for (s, end) in seats.iter().zip(&last) {
        if seat_no(s) != Some(0) {
            continue;
        }
        match replay(&stored, s.table, deals, end) {
            Ok(n) => actions += n,
            Err(e) => errors.push(format!("table {}: {e}", s.table)),
        }
    }
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    Ok(Report {
        tables,
        clients: seats.len(),
        deals: tables * deals as usize,
        actions,
        wall,
    })
}

fn seat_no(s: &Seat) -> Option<u8> {
    s.seat.as_ref().map(|(k, _)| *k)
}

async fn open(addr: SocketAddr, s: &Seat) -> Result<Client, String> {
    connect(
        addr,
        s.table,
        s.seat.as_ref().map(|(k, t)| (*k, t.as_str())),
    )
    .await
}

/// One client until the table's last deal is over: a person takes the first legal action at
/// each of its decisions, and seat 0 starts the next deal. Answers the last state.
async fn play(
    addr: SocketAddr,
    table: i64,
    seat: Option<(u8, String)>,
    deals: u32,
) -> Result<Value, String> {
    let who = Seat { table, seat };
    let mut c = open(addr, &who).await?;
    let mut acted_at = None;
    let mut next_after = 0;
    loop {
        let s = c.recv_within(PATIENCE).await?;
        // Only the last message is kept: a long run would hold every state otherwise.
        c.seen.drain(..c.seen.len() - 1);
        if s["type"] != "state" {
            return Err(format!("a message that is not a state: {s}"));
        }
        let deal = s["deal"].as_u64().unwrap_or(0) as u32;
        if s["over"] == true {
            if deal >= deals {
                c.close().await;
                return Ok(s);
            }
            if seat_no(&who) == Some(0) && next_after < deal {
                next_after = deal;
                c.send(json!({"type": "next"})).await;
            }
            continue;
        }
        let first = s["legal"].as_array().and_then(|l| l.first()).cloned();
        let at = (deal, s["actions"].as_u64());
        if let (Some(action), true) = (first, acted_at != Some(at)) {
            acted_at = Some(at);
            c.send(json!({"type": "act", "action": action})).await;
        }
    }
}

/// Replays table `id`'s stored deals through `tarok_games`: each must be over, their balances
/// must sum to the totals of `end` (the last state of seat 0) and the last one's settlement
/// must be the one shown. Answers the number of stored actions.
fn replay(
    store: &tarok_server::store::Store,
    id: i64,
    deals: u32,
    end: &Value,
) -> Result<usize, String> {
    let stored = store.deals(id).map_err(|e| e.to_string())?;
    if stored.len() != deals as usize {
        return Err(format!("{} deals stored, not {deals}", stored.len()));
    }
    let mut totals = [0i64; 4];
    let mut actions = 0;
    let mut deal = None;
    for d in &stored {
        let mut g = AnyDeal::from_record(&Record::from_text(&d.header)?)?;
        for (seat, text) in &d.actions {
            if g.to_act() != Some(*seat) {
                return Err(format!("deal {}: {text} out of turn", d.number + 1));
            }
            g.apply(g.parse_action(text)?).map_err(|e| e.to_string())?;
        }
        if !g.is_over() {
            return Err(format!("deal {} is not over", d.number + 1));
        }
        // Königrufen does not turn the table: the table seat is the deal's seat.
        for (t, b) in totals.iter_mut().zip(g.balances().players.iter()) {
            *t += *b as i64;
        }
        actions += d.actions.len();
        deal = Some((g, d.actions.len()));
    }
    let (last, n) = deal.ok_or("no deal")?;
    if end["totals"] != json!(totals) {
        return Err(format!(
            "totals {} shown, {totals:?} replayed",
            end["totals"]
        ));
    }
    if end["actions"] != json!(n) {
        return Err(format!("{} actions shown, {n} stored", end["actions"]));
    }
    let shown: Vec<i64> = end["settlement"]
        .as_array()
        .ok_or("no settlement")?
        .iter()
        .map(|l| l["amount"].as_i64().unwrap_or(i64::MIN))
        .collect();
    let replayed: Vec<i64> = last.settlement().iter().map(|l| l.amount as i64).collect();
    if shown != replayed {
        return Err(format!("settlement {shown:?} shown, {replayed:?} replayed"));
    }
    Ok(actions)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_clients_at_fifty_tables_play_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("t.sqlite");
    let srv = common::server(&store).await;
    let r = run(srv.addr, &store, 50, 2)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((r.tables, r.clients, r.deals), (50, 200, 100));
    assert!(
        r.actions >= 100 * 48,
        "at least the cards of every deal: {r:?}"
    );
    eprintln!(
        "{r:?}: {:.0} actions/s (wall clock, server and clients in this process)",
        r.actions as f64 / r.wall.as_secs_f64()
    );
    srv.stop();
}

/// CPU seconds (user + system) and resident memory (KiB now, and at its peak) of process
/// `pid`, from `/proc` (Linux).
fn usage(pid: &str) -> (f64, u64, u64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command's name, which is in parentheses.
    let f: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    let ticks: f64 = f[11].parse::<f64>().unwrap() + f[12].parse::<f64>().unwrap();
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kib = |key: &str| {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    // The kernel's clock ticks are 100 a second on every common Linux build.
    (ticks / 100.0, kib("VmRSS:"), kib("VmHWM:"))
}

/// The measurement by hand, against a `tarok serve` running in its own process:
///
/// ```sh
/// target/release/tarok serve --port 8765 --bot-delay 0 --store /tmp/load.sqlite & PID=$!
/// TAROK_LOAD_ADDR=127.0.0.1:8765 TAROK_LOAD_STORE=/tmp/load.sqlite TAROK_LOAD_PID=$PID \
///   TAROK_LOAD_TABLES=50 TAROK_LOAD_DEALS=20 \
///   cargo test -p tarok-server --test load -- --ignored --nocapture measure
/// ```
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement by hand against a running server (see BENCHMARKS.md)"]
async fn measure() {
    let var = |k: &str| std::env::var(k).unwrap_or_else(|_| panic!("{k} is not set"));
    let addr: SocketAddr = var("TAROK_LOAD_ADDR").parse().unwrap();
    let store = std::path::PathBuf::from(var("TAROK_LOAD_STORE"));
    let pid = var("TAROK_LOAD_PID");
    let tables: usize = var("TAROK_LOAD_TABLES").parse().unwrap();
    let deals: u32 = var("TAROK_LOAD_DEALS").parse().unwrap();
    let (cpu0, rss0, _) = usage(&pid);
    let r = run(addr, &store, tables, deals)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let (cpu1, rss1, hwm) = usage(&pid);
    let cpu = cpu1 - cpu0;
    println!("{r:?}");
    println!(
        "server: {cpu:.2} s CPU for {} actions = {:.0} actions per CPU second; wall clock {:.0} actions/s",
        r.actions,
        r.actions as f64 / cpu,
        r.actions as f64 / r.wall.as_secs_f64()
    );
    println!(
        "server memory: {rss0} KiB before, {rss1} KiB after ({} KiB per table, connections closed), peak {hwm} KiB ({} KiB per table)",
        (rss1 as i64 - rss0 as i64) / tables as i64,
        (hwm as i64 - rss0 as i64) / tables as i64
    );
}
