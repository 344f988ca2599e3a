//! The web server: the page, a small JSON API for the lobby, and one WebSocket per browser at
//! a table.
//!
//! Routes:
//! - `GET /`, `/app.js`, `/sheets.js`, `/app.css`: the page (built into the binary).
//! - `GET /api/presets`: the presets with their seats, their table sizes and computer levels.
//! - `GET /api/tables`, `POST /api/tables`: the lobby's list (with each table's number of
//!   finished deals, `finished`); a new table
//!   (`{"preset", "rules", "seed", "seats", "people", "level", "name"}`: a table of `seats`,
//!   one of the preset's `sizes` (default: a deal's seats), whose first `people` seats are
//!   kept for people, computer players of `level` take the rest, and with a `name` its creator
//!   takes seat 0 and gets the seat's token).
//! - `POST /api/tables/{id}/seats/{seat}` (`{"name"}`): take an open seat; answers its token.
//! - `GET /api/tables/{id}/deals`: the table's finished deals (`[{"deal", "actions"}]`, deals
//!   numbered from 1).
//! - `GET /api/tables/{id}/deals/{n}?lang=L`: finished deal `n` step by step, with all hands
//!   ([`crate::replay::Replay`]); a deal still being played is refused (409).
//! - `GET /api/tables/{id}/ledger.json`, `…/ledger.csv`: the evening deal by deal (each
//!   finished deal's balances, the running totals, the Danish cups), as a download
//!   ([`crate::ledger::Ledger`]).
//! - `GET /api/tables/{id}/ws?seat=K&token=T`: the table's WebSocket for a seat (the token
//!   proves the seat), or without `seat` for a spectator (see [`crate::protocol::State`]).
//! - `/api/sheets…`: the ledger and score sheets of evenings at a real table
//!   ([`crate::sheets`]).
//!
//! A refused request is answered with its status and `{"error": "why"}`, whatever refused it
//! (`json_errors`).
//!
//! Each table sits behind its own [`tokio::sync::Mutex`]: an action is checked, stored and
//! applied under the lock, so two browsers cannot both play into one turn. After a change the
//! table's [`tokio::sync::watch`] channel wakes every connection, which sends its own seat's
//! state. Computer players and forced actions are taken by one driver task per table, a pause
//! apart so that people can follow the cards.

use crate::protocol::{ClientMsg, Refused, ServerMsg};
use crate::replay::ReplayError;
use crate::store::{SeatKind, Store};
use crate::table::{NewTable, Table};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tarok_core::Game;
use tarok_words::Lang;
use tokio::sync::{watch, Mutex, RwLock};

/// One table behind its lock, with the channel that tells connections it changed.
pub struct TableCell {
    table: Mutex<Table>,
    changed: watch::Sender<u64>,
    driving: AtomicBool,
}

impl TableCell {
    fn new(table: Table) -> Arc<TableCell> {
        Arc::new(TableCell {
            table: Mutex::new(table),
            changed: watch::channel(0).0,
            driving: AtomicBool::new(false),
        })
    }

    fn notify(&self) {
        self.changed.send_modify(|v| *v += 1);
    }
}

/// The server's state: the store and every table.
pub struct App {
    store: Store,
    tables: RwLock<BTreeMap<i64, Arc<TableCell>>>,
    bot_delay: Duration,
}

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the tables are kept.
    pub store: std::path::PathBuf,
    /// The address to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// The pause before each computer player's action.
    pub bot_delay: Duration,
}

/// A running server.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The server's task; abort it to stop the server.
    pub task: tokio::task::JoinHandle<std::io::Result<()>>,
    pub app: Arc<App>,
}

impl Running {
    /// Stops the server (its connections end with it).
    pub fn stop(self) {
        self.task.abort();
    }
}

/// Opens the store (and beside it the evenings' file of the score sheets), resumes every
/// stored table and starts listening.
pub async fn start(config: Config) -> Result<Running, String> {
    let store = Store::open(&config.store).map_err(|e| e.to_string())?;
    let sheets = crate::sheets::Sheets::open(&crate::sheets::path_beside(&config.store))?;
    let mut tables = BTreeMap::new();
    for id in store.table_ids().map_err(|e| e.to_string())? {
        // A table that no longer replays (its rules changed under it) is left out, said so,
        // rather than keeping the other tables from being served.
        match Table::load(&store, id) {
            Ok(Some(t)) => {
                tables.insert(id, TableCell::new(t));
            }
            Ok(None) => {}
            Err(e) => eprintln!("tarok serve: table {id} is not resumed: {e}"),
        }
    }
    let app = Arc::new(App {
        store,
        tables: RwLock::new(tables),
        bot_delay: config.bot_delay,
    });
    for cell in app.tables.read().await.values() {
        drive(&app, cell);
    }
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let router = router(app.clone()).merge(crate::sheets::router(Arc::new(sheets)));
    let task = tokio::spawn(async move { axum::serve(listener, router).await });
    Ok(Running { addr, task, app })
}

/// The routes of the server over `app`.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { page("text/html; charset=utf-8", INDEX) }),
        )
        .route(
            "/app.js",
            get(|| async { page("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            "/sheets.js",
            get(|| async { page("text/javascript; charset=utf-8", SHEETS_JS) }),
        )
        .route(
            "/app.css",
            get(|| async { page("text/css; charset=utf-8", APP_CSS) }),
        )
        .route("/rules/", get(|| rules(Path(String::new()))))
        .route("/rules/{guide}", get(rules))
        .route("/api/presets", get(presets))
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/tables/{id}/seats/{seat}", post(take_seat))
        .route("/api/tables/{id}/deals", get(list_deals))
        .route("/api/tables/{id}/deals/{n}", get(replay_deal))
        .route("/api/tables/{id}/ledger.json", get(ledger_json))
        .route("/api/tables/{id}/ledger.csv", get(ledger_csv))
        .route("/api/tables/{id}/ws", get(websocket))
        .layer(axum::middleware::map_response(json_errors))
        .with_state(app)
}

const INDEX: &str = include_str!("../static/index.html");
const APP_JS: &str = include_str!("../static/app.js");
const SHEETS_JS: &str = include_str!("../static/sheets.js");
const APP_CSS: &str = include_str!("../static/app.css");

fn page(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// A rulebook page (`/rules/`, `/rules/danish`, …).
async fn rules(Path(guide): Path<String>) -> Response {
    match crate::rulebook::page(&guide) {
        Some(html) => ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response(),
        None => refuse(
            StatusCode::NOT_FOUND,
            format!("there is no guide {guide:?}: see /rules/"),
        ),
    }
}

fn refuse(status: StatusCode, why: impl Into<String>) -> Response {
    (status, Json(serde_json::json!({ "error": why.into() }))).into_response()
}

/// Every refusal of the API is JSON, `{"error": …}`, as [`refuse`] writes it: axum's own
/// refusals (a body that is not JSON or lacks a field, a table id that is not a number) come as
/// plain text, so they are wrapped here.
pub(crate) async fn json_errors(response: Response) -> Response {
    let plain = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"text/plain"));
    let status = response.status();
    if !(status.is_client_error() && plain) {
        return response;
    }
    // axum's refusals are a line or two; more is cut, not read.
    let why = axum::body::to_bytes(response.into_body(), 4096)
        .await
        .unwrap_or_default();
    refuse(status, String::from_utf8_lossy(&why))
}

async fn presets() -> Response {
    Json(crate::table::presets()).into_response()
}

async fn list_tables(State(app): State<Arc<App>>) -> Response {
    let cells: Vec<_> = app.tables.read().await.values().cloned().collect();
    let mut list = Vec::new();
    for cell in cells {
        let t = cell.table.lock().await;
        list.push(serde_json::json!({
            "id": t.id,
            "preset": t.preset,
            "rules": t.rules,
            "deal": t.deal_no() + 1,
            // The finished deals (numbered from 1), each with a replay.
            "finished": t.deal_no() + t.deal().is_over() as u32,
            "seats": t.seat_infos(),
            "to_act": t.to_act(),
        }));
    }
    Json(list).into_response()
}

/// The finished deals of a table: each one's number (from 1) and its number of actions.
async fn list_deals(State(app): State<Arc<App>>, Path(id): Path<i64>) -> Response {
    let Some(cell) = app.tables.read().await.get(&id).cloned() else {
        return refuse(StatusCode::NOT_FOUND, format!("there is no table {id}"));
    };
    let (current, over) = {
        let t = cell.table.lock().await;
        (t.deal_no(), t.deal().is_over())
    };
    let deals = match app.store.deals(id) {
        Ok(d) => d,
        Err(e) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    };
    let list: Vec<_> = deals
        .iter()
        .filter(|d| d.number < current || over && d.number == current)
        .map(|d| serde_json::json!({ "deal": d.number + 1, "actions": d.actions.len() }))
        .collect();
    Json(list).into_response()
}

/// The replay's query: the language of the log and the settlement.
#[derive(Deserialize)]
struct ReplayQuery {
    lang: Option<String>,
}

/// A finished deal step by step ([`crate::replay`]).
async fn replay_deal(
    State(app): State<Arc<App>>,
    Path((id, n)): Path<(i64, u32)>,
    Query(q): Query<ReplayQuery>,
) -> Response {
    let Some(cell) = app.tables.read().await.get(&id).cloned() else {
        return refuse(StatusCode::NOT_FOUND, format!("there is no table {id}"));
    };
    let lang = match q.lang.as_deref().map(str::parse::<Lang>).transpose() {
        Ok(lang) => lang.unwrap_or_default(),
        Err(e) => return refuse(StatusCode::BAD_REQUEST, e),
    };
    let stored = match app.store.deals(id) {
        Ok(d) => d.into_iter().find(|d| n > 0 && d.number == n - 1),
        Err(e) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    };
    let Some(stored) = stored else {
        return refuse(
            StatusCode::NOT_FOUND,
            format!("table {id} has no deal {n} (deals are numbered from 1)"),
        );
    };
    let t = cell.table.lock().await;
    match crate::replay::of(&t, &stored, lang) {
        Ok(r) => Json(r).into_response(),
        Err(ReplayError::Running(e)) => refuse(StatusCode::CONFLICT, e),
        Err(ReplayError::Broken(e)) => refuse(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

/// The ledger of table `id`, or the answer that refuses it.
async fn ledger(app: &App, id: i64) -> Result<crate::ledger::Ledger, Response> {
    let Some(cell) = app.tables.read().await.get(&id).cloned() else {
        return Err(refuse(
            StatusCode::NOT_FOUND,
            format!("there is no table {id}"),
        ));
    };
    let stored = app
        .store
        .deals(id)
        .map_err(|e| refuse(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let t = cell.table.lock().await;
    crate::ledger::of(&t, &stored).map_err(|e| refuse(StatusCode::INTERNAL_SERVER_ERROR, e))
}

/// A download of table `id`'s ledger as `ext`.
fn download(id: i64, kind: &'static str, ext: &str, body: String) -> Response {
    attachment(kind, &format!("tarok-table-{id}.{ext}"), body)
}

/// `body` as a file of type `kind` that the browser saves as `file`.
pub(crate) fn attachment(kind: &'static str, file: &str, body: String) -> Response {
    let disposition = format!("attachment; filename=\"{file}\"");
    (
        [
            (header::CONTENT_TYPE, kind.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response()
}

async fn ledger_json(State(app): State<Arc<App>>, Path(id): Path<i64>) -> Response {
    match ledger(&app, id).await {
        Ok(l) => {
            let body = serde_json::to_string_pretty(&l).expect("a ledger serialises");
            download(id, "application/json", "json", body)
        }
        Err(r) => r,
    }
}

async fn ledger_csv(State(app): State<Arc<App>>, Path(id): Path<i64>) -> Response {
    match ledger(&app, id).await {
        Ok(l) => download(id, "text/csv; charset=utf-8", "csv", l.to_csv()),
        Err(r) => r,
    }
}

/// A new table, as the lobby asks for it.
#[derive(Deserialize)]
struct CreateTable {
    preset: String,
    #[serde(default)]
    rules: String,
    seed: Option<u64>,
    /// The table's size (default: the seats of a deal).
    seats: Option<u8>,
    /// Seats kept for people (the first ones); computer players take the rest.
    people: u8,
    /// The computer players' level.
    #[serde(default = "default_level")]
    level: String,
    /// The creator's name: with it the creator takes seat 0.
    name: Option<String>,
}

fn default_level() -> String {
    "L0".into()
}

async fn create_table(State(app): State<Arc<App>>, Json(req): Json<CreateTable>) -> Response {
    let seats = match tarok_games::AnyDeal::from_seed(&req.preset, 0) {
        Ok(d) => req.seats.unwrap_or(d.seats()),
        Err(e) => return refuse(StatusCode::BAD_REQUEST, e),
    };
    if req.people > seats {
        return refuse(
            StatusCode::BAD_REQUEST,
            format!("a table of {seats} has no room for {} people", req.people),
        );
    }
    let kinds = (0..seats)
        .map(|s| {
            if s < req.people {
                SeatKind::Open
            } else {
                SeatKind::Bot {
                    level: req.level.clone(),
                }
            }
        })
        .collect();
    let new = NewTable {
        preset: req.preset,
        rules: req.rules.trim().to_string(),
        seed: req.seed.unwrap_or_else(crate::table::new_seed),
        seats: kinds,
    };
    let mut table = match Table::create(&app.store, new) {
        Ok(t) => t,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, e),
    };
    let id = table.id;
    let mut answer = serde_json::json!({ "id": id });
    if let (Some(name), true) = (&req.name, req.people > 0) {
        match table.take_seat(&app.store, 0, name) {
            Ok(token) => {
                answer["seat"] = 0.into();
                answer["token"] = token.into();
            }
            Err(e) => return refuse(StatusCode::BAD_REQUEST, e),
        }
    }
    let cell = TableCell::new(table);
    app.tables.write().await.insert(id, cell.clone());
    drive(&app, &cell);
    Json(answer).into_response()
}

#[derive(Deserialize)]
struct TakeSeat {
    name: String,
}

async fn take_seat(
    State(app): State<Arc<App>>,
    Path((id, seat)): Path<(i64, u8)>,
    Json(req): Json<TakeSeat>,
) -> Response {
    let Some(cell) = app.tables.read().await.get(&id).cloned() else {
        return refuse(StatusCode::NOT_FOUND, format!("there is no table {id}"));
    };
    let answer = cell
        .table
        .lock()
        .await
        .take_seat(&app.store, seat, &req.name);
    match answer {
        Ok(token) => {
            cell.notify();
            Json(serde_json::json!({ "id": id, "seat": seat, "token": token })).into_response()
        }
        Err(e) => refuse(StatusCode::CONFLICT, e),
    }
}

/// The WebSocket's query: a seat and its token, or neither for a spectator.
#[derive(Deserialize)]
struct Join {
    seat: Option<u8>,
    token: Option<String>,
    /// The language of refusals and hints: en (the default), da or de.
    lang: Option<String>,
}

async fn websocket(
    State(app): State<Arc<App>>,
    Path(id): Path<i64>,
    Query(join): Query<Join>,
    ws: WebSocketUpgrade,
) -> Response {
    let Some(cell) = app.tables.read().await.get(&id).cloned() else {
        return refuse(StatusCode::NOT_FOUND, format!("there is no table {id}"));
    };
    if let Some(seat) = join.seat {
        let t = cell.table.lock().await;
        if !t.token_matches(seat, join.token.as_deref().unwrap_or("")) {
            return refuse(
                StatusCode::FORBIDDEN,
                format!("seat {seat} of table {id} is not yours: its token does not match"),
            );
        }
    }
    let lang = match join.lang.as_deref().map(str::parse::<Lang>).transpose() {
        Ok(lang) => lang.unwrap_or_default(),
        Err(e) => return refuse(StatusCode::BAD_REQUEST, e),
    };
    ws.on_upgrade(move |socket| connection(app, cell, join.seat, lang, socket))
}

fn text(msg: &ServerMsg) -> Message {
    Message::Text(
        serde_json::to_string(msg)
            .expect("messages serialise")
            .into(),
    )
}

/// One browser at a table, until it goes.
async fn connection(
    app: Arc<App>,
    cell: Arc<TableCell>,
    seat: Option<u8>,
    lang: Lang,
    socket: WebSocket,
) {
    let (mut out, mut input) = socket.split();
    let mut changed = cell.changed.subscribe();
    let state = |cell: Arc<TableCell>| async move {
        ServerMsg::State(Box::new(cell.table.lock().await.state_in(seat, lang)))
    };
    if out.send(text(&state(cell.clone()).await)).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            msg = input.next() => {
                let Some(Ok(msg)) = msg else { break };
                let Message::Text(body) = msg else {
                    if matches!(msg, Message::Close(_)) { break }
                    continue;
                };
                let reply = match (seat, serde_json::from_str::<ClientMsg>(&body)) {
                    (_, Err(e)) => Some(ServerMsg::Refused(Refused::plain(format!("cannot read the message: {e}")))),
                    (None, Ok(_)) => Some(ServerMsg::Refused(Refused::plain("a spectator does not play; take a seat"))),
                    (Some(seat), Ok(m)) => handle(&app, &cell, seat, lang, m).await,
                };
                if let Some(reply) = reply {
                    if out.send(text(&reply)).await.is_err() { break }
                }
            }
            r = changed.changed() => {
                if r.is_err() { break }
                if out.send(text(&state(cell.clone()).await)).await.is_err() { break }
            }
        }
    }
}

/// A seat's message: an answer for this connection alone, if any (a change is told to all).
async fn handle(
    app: &Arc<App>,
    cell: &Arc<TableCell>,
    seat: u8,
    lang: Lang,
    msg: ClientMsg,
) -> Option<ServerMsg> {
    let mut t = cell.table.lock().await;
    let done = match msg {
        ClientMsg::Hint => return Some(t.hint(seat, lang).unwrap_or_else(ServerMsg::Refused)),
        ClientMsg::Act { action } => t.act(&app.store, seat, &action, lang),
        ClientMsg::Next => t.next_deal(&app.store),
        ClientMsg::Leave => t.leave(&app.store, seat),
        ClientMsg::Back => t.come_back(&app.store, seat),
    };
    drop(t);
    match done {
        Ok(()) => {
            cell.notify();
            drive(app, cell);
            None
        }
        Err(r) => Some(ServerMsg::Refused(r)),
    }
}

/// Lets the table's computer players (and forced actions) act until a person is to act or
/// the deal is over, in one task per table.
fn drive(app: &Arc<App>, cell: &Arc<TableCell>) {
    if cell.driving.swap(true, Ordering::SeqCst) {
        return;
    }
    let (app, cell) = (app.clone(), cell.clone());
    tokio::spawn(async move {
        loop {
            let pause = {
                let t = cell.table.lock().await;
                if !t.wants_step() {
                    // Cleared under the lock: whoever changes the table next sees it clear.
                    cell.driving.store(false, Ordering::SeqCst);
                    return;
                }
                t.deal().forced().is_none()
            };
            if pause && !app.bot_delay.is_zero() {
                tokio::time::sleep(app.bot_delay).await;
            }
            let mut t = cell.table.lock().await;
            match t.step(&app.store) {
                Ok(true) => {
                    drop(t);
                    cell.notify();
                }
                Ok(false) => {}
                Err(e) => {
                    eprintln!(
                        "table {}: a computer player could not act: {}",
                        t.id, e.reason
                    );
                    cell.driving.store(false, Ordering::SeqCst);
                    return;
                }
            }
        }
    });
}
