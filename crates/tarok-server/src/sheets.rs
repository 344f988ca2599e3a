//! The evenings kept at a real table, in the browser: the Danish club ledger and the score
//! sheets of Königrufen and the 1829 Partier, over `tarok_ledger`'s store. The server only
//! transports: every check, refusal and amount comes from the ledger crate and the engines
//! under it, and a refused entry stores nothing (one transaction per deal).
//!
//! The evenings are kept in their own SQLite file beside the server's store
//! ([`path_beside`]), which is a `tarok session` database: `tarok session --db FILE show`
//! reads the same evenings.
//!
//! Routes (each answer a JSON body, a refusal `{"error": reason}` with a 4xx status):
//! - `GET /api/sheets`: every evening (id, preset, family, players, deals, closed).
//! - `POST /api/sheets` (`{"preset", "players": [names in seating order], "seating",
//!   "first_dealer"}`; `seating` is a Danish scheme id, optional): a new evening; answers its
//!   view.
//! - `GET /api/sheets/{id}`: the evening's view ([`view`]).
//! - `POST /api/sheets/{id}/deals`: enter the next deal. Danish: the ledger's `DealEntry` as
//!   JSON (what `tarok session deal --entry` reads); a score sheet: a `SheetForm`. Answers the
//!   view; a refusal (422) carries the ledger's reason with its rule.
//! - `POST /api/sheets/{id}/undo`: take back the last deal; answers the view.
//! - `POST /api/sheets/{id}/close`: end the evening (the Danish cups are shared out); it then
//!   takes no deal and no undo. Answers the view.
//! - `GET /api/sheets/{id}/export.json`, `export.csv` (a row a deal), and for a Danish evening
//!   `lines.csv` (every payment line) and `chart.svg` (the balances): downloads.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tarok_ledger::evening::{Evening, NewError};
use tarok_ledger::export;
use tarok_ledger::sheet::form::SheetForm;
use tarok_ledger::store::{Store, StoreError, StoreTx};
use tarok_ledger::{DealEntry, Session, SessionError, Sheet, SheetError};

/// The file of the evenings beside the server's store `club.sqlite`: `club.sessions.sqlite`.
pub fn path_beside(store: &std::path::Path) -> PathBuf {
    let stem = store
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "tarok-serve".into());
    store.with_file_name(format!("{stem}.sessions.sqlite"))
}

/// The evenings' store, one request at a time (each is one short transaction).
pub struct Sheets {
    store: Mutex<Store>,
}

impl Sheets {
    /// Opens (or creates) the evenings' file.
    pub fn open(path: &std::path::Path) -> Result<Sheets, String> {
        let store = Store::open(path).map_err(|e| e.to_string())?;
        Ok(Sheets {
            store: Mutex::new(store),
        })
    }

    fn store(&self) -> std::sync::MutexGuard<'_, Store> {
        // SQLite stays consistent through a panic: every change is one transaction.
        self.store.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The routes under `/api/sheets`.
pub fn router(sheets: Arc<Sheets>) -> Router {
    Router::new()
        .route("/api/sheets", get(list).post(create))
        .route("/api/sheets/{id}", get(show))
        .route("/api/sheets/{id}/deals", post(enter))
        .route("/api/sheets/{id}/undo", post(undo))
        .route("/api/sheets/{id}/close", post(close))
        .route("/api/sheets/{id}/export.json", get(export_json))
        .route("/api/sheets/{id}/export.csv", get(export_csv))
        .route("/api/sheets/{id}/lines.csv", get(lines_csv))
        .route("/api/sheets/{id}/chart.svg", get(chart_svg))
        .layer(axum::middleware::map_response(crate::server::json_errors))
        .with_state(sheets)
}

/// Why a request is refused, with the status it answers.
enum Refusal {
    /// The request's body is not the form the evening takes.
    Body(String),
    Store(StoreError),
    New(NewError),
    /// Not a download this kind of evening has.
    NoSuch(String),
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Self {
        Refusal::Store(e)
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        use SessionError as Se;
        use SheetError as Sh;
        let (status, why) = match self {
            Refusal::Body(why) => (StatusCode::BAD_REQUEST, why),
            Refusal::New(e) => (StatusCode::UNPROCESSABLE_ENTITY, e.to_string()),
            Refusal::NoSuch(why) => (StatusCode::NOT_FOUND, why),
            Refusal::Store(e) => {
                let status = match &e {
                    StoreError::NotFound(_) => StatusCode::NOT_FOUND,
                    StoreError::Session(Se::Closed | Se::NoDeal | Se::OtherRulesVersion { .. })
                    | StoreError::Sheet(Sh::Closed | Sh::NoDeal | Sh::OtherRulesVersion { .. }) => {
                        StatusCode::CONFLICT
                    }
                    // The entry itself: what the table wrote cannot have happened.
                    StoreError::Session(_) | StoreError::Sheet(_) => {
                        StatusCode::UNPROCESSABLE_ENTITY
                    }
                    _ => StatusCode::INTERNAL_SERVER_ERROR,
                };
                (status, e.to_string())
            }
        };
        (status, Json(json!({ "error": why }))).into_response()
    }
}

type Answer = Result<Response, Refusal>;

/// `danish`, `koenigrufen` or `historic`: which entry form the page shows.
fn family(e: &Evening) -> &'static str {
    match e {
        Evening::Ledger(_) => "danish",
        Evening::Sheet(s) if s.koenigrufen_sheet().is_some() => "koenigrufen",
        Evening::Sheet(_) => "historic",
    }
}

/// Everything the page shows of an evening: the ledger's or the sheet's own JSON export
/// (`session`), the running totals for the chart (`chart`), and what the entry form of the next
/// deal offers (`form`).
pub fn view(id: i64, e: &Evening) -> Value {
    let (session, chart, form) = match e {
        Evening::Ledger(s) => (export::to_json(s), ledger_chart(s), ledger_form(s)),
        Evening::Sheet(s) => (export::sheet_json(s), sheet_chart(s), sheet_form(s)),
    };
    json!({
        "id": id,
        "preset": e.preset(),
        "family": family(e),
        "session": session,
        "chart": chart,
        "form": form,
    })
}

/// The Danish balances after funding, after each deal and after the split, with the cups.
fn ledger_chart(s: &Session) -> Value {
    let rows: Vec<Value> = export::balance_rows(s)
        .into_iter()
        .map(|(label, totals, cups)| json!({"label": label, "totals": totals, "cups": cups}))
        .collect();
    json!({"names": s.players, "rows": rows})
}

/// A sheet's totals in points before the first deal and after each one.
fn sheet_chart(s: &Sheet) -> Value {
    let mut totals = vec![0; s.players.len()];
    let mut rows = vec![json!({"label": "", "totals": totals.clone()})];
    for d in &s.deals {
        totals.iter_mut().zip(&d.halves).for_each(|(t, h)| *t += h);
        let points: Vec<f64> = totals.iter().map(|&h| f64::from(h) / 2.0).collect();
        rows.push(json!({"label": d.number.to_string(), "totals": points}));
    }
    json!({"names": s.players, "rows": rows})
}

/// The Danish form's choices: the next deal's players by seat, the two who count, and the
/// preset's fines.
fn ledger_form(s: &Session) -> Value {
    let seating = s.seating();
    let name = |p: usize| s.players[p].clone();
    let playing: Vec<String> = seating.seats[..3].iter().map(|&p| name(p)).collect();
    let counters: Vec<String> = (0..3)
        .filter(|&k| k != seating.non_counter as usize)
        .map(|k| name(seating.seats[k]))
        .collect();
    let fines: Vec<Value> = tarok_ledger::fines::table(s.preset)
        .iter()
        .map(|f| json!({"id": f.id, "danish": f.danish, "english": f.english}))
        .collect();
    json!({"playing": playing, "counters": counters, "fines": fines})
}

/// A sheet's form: Königrufen's games and premiums and the next deal's four players, or the
/// sides of the next deal of an 1829 Partie.
fn sheet_form(s: &Sheet) -> Value {
    let next = s.next();
    let name = |p: &usize| s.players[*p].clone();
    if s.koenigrufen_sheet().is_some() {
        use tarok_koenigrufen::{Contract, Premium};
        let contracts: Vec<Value> = Contract::ALL
            .iter()
            .rev()
            .map(|c| {
                json!({"id": c.token(), "name": c.name(), "negative": c.is_negative(),
                "calls_king": c.calls_king()})
            })
            .collect();
        let premiums: Vec<Value> = Premium::ALL
            .iter()
            .map(|p| json!({"id": p.token(), "name": p.name()}))
            .collect();
        return json!({"playing": next.seats.iter().map(name).collect::<Vec<_>>(),
            "contracts": contracts, "premiums": premiums});
    }
    let sides: Vec<Vec<String>> = s
        .next_sides()
        .iter()
        .map(|side| side.iter().map(name).collect())
        .collect();
    json!({"playing": next.seats.iter().map(name).collect::<Vec<_>>(), "sides": sides})
}

async fn list(State(sheets): State<Arc<Sheets>>) -> Answer {
    let infos = sheets.store().read(|t| t.list())?;
    let list: Vec<Value> = infos
        .iter()
        .map(|i| {
            let family = if Sheet::is_sheet_preset(&i.preset) {
                match tarok_koenigrufen::Ruleset::by_id(&i.preset) {
                    Some(_) => "koenigrufen",
                    None => "historic",
                }
            } else {
                "danish"
            };
            json!({"id": i.id, "preset": i.preset, "family": family, "players": i.players,
                "deals": i.deals, "closed": i.closed, "created": i.created})
        })
        .collect();
    Ok(Json(list).into_response())
}

/// A new evening, as the page's form gives it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewEvening {
    preset: String,
    players: Vec<String>,
    #[serde(default)]
    seating: Option<String>,
    #[serde(default)]
    first_dealer: Option<String>,
}

async fn create(State(sheets): State<Arc<Sheets>>, body: Json<Value>) -> Answer {
    let req: NewEvening =
        serde_json::from_value(body.0).map_err(|e| Refusal::Body(e.to_string()))?;
    let e = Evening::new(
        &req.preset,
        &req.players,
        req.seating.as_deref(),
        req.first_dealer.as_deref(),
    )
    .map_err(Refusal::New)?;
    let id = sheets.store().write(|t| e.create(t))?;
    Ok(Json(view(id, &e)).into_response())
}

fn load(sheets: &Sheets, id: i64) -> Result<Evening, Refusal> {
    Ok(sheets.store().read(|t| Evening::load(t, id))?)
}

async fn show(State(sheets): State<Arc<Sheets>>, Path(id): Path<i64>) -> Answer {
    Ok(Json(view(id, &load(&sheets, id)?)).into_response())
}

/// Enters the deal in `body` into evening `id`, read as the form its kind takes, inside the
/// write transaction.
fn enter_in(t: &StoreTx, id: i64, body: Value) -> Result<Evening, Refusal> {
    let body_error = |e: serde_json::Error| Refusal::Body(format!("the entry cannot be read: {e}"));
    if Sheet::is_sheet_preset(&t.preset_of(id)?) {
        let form: SheetForm = serde_json::from_value(body).map_err(body_error)?;
        Ok(Evening::Sheet(
            t.enter_sheet(id, |s| s.entry_from_form(&form))?,
        ))
    } else {
        let entry: DealEntry = serde_json::from_value(body).map_err(body_error)?;
        Ok(Evening::Ledger(t.enter(id, entry)?))
    }
}

async fn enter(
    State(sheets): State<Arc<Sheets>>,
    Path(id): Path<i64>,
    body: Json<Value>,
) -> Answer {
    let e = sheets.store().write(|t| enter_in(t, id, body.0))?;
    Ok(Json(view(id, &e)).into_response())
}

async fn undo(State(sheets): State<Arc<Sheets>>, Path(id): Path<i64>) -> Answer {
    let e = sheets.store().write(|t| -> Result<Evening, StoreError> {
        if Sheet::is_sheet_preset(&t.preset_of(id)?) {
            Ok(Evening::Sheet(t.undo_sheet(id)?.1))
        } else {
            Ok(Evening::Ledger(t.undo(id)?.after))
        }
    })?;
    Ok(Json(view(id, &e)).into_response())
}

async fn close(State(sheets): State<Arc<Sheets>>, Path(id): Path<i64>) -> Answer {
    let e = sheets.store().write(|t| -> Result<Evening, StoreError> {
        if Sheet::is_sheet_preset(&t.preset_of(id)?) {
            Ok(Evening::Sheet(t.close_sheet(id)?))
        } else {
            Ok(Evening::Ledger(t.close(id)?))
        }
    })?;
    Ok(Json(view(id, &e)).into_response())
}

/// A download of evening `id` as `name`.
fn download(id: i64, kind: &'static str, name: &str, body: String) -> Response {
    crate::server::attachment(kind, &format!("tarok-session-{id}-{name}"), body)
}

async fn export_json(State(sheets): State<Arc<Sheets>>, Path(id): Path<i64>) -> Answer {
    let value = match load(&sheets, id)? {
        Evening::Ledger(s) => export::to_json(&s),
        Evening::Sheet(s) => export::sheet_json(&s),
    };
    let body = serde_json::to_string_pretty(&value).expect("JSON serialises");
    Ok(download(id, "application/json", "evening.json", body))
}

async fn export_csv(State(sheets): State<Arc<Sheets>>, Path(id): Path<i64>) -> Answer {
    let body = match load(&sheets, id)? {
        Evening::Ledger(s) => export::balances_csv(&s),
        Evening::Sheet(s) => export::sheet_csv(&s),
    };
    Ok(download(id, "text/csv; charset=utf-8", "deals.csv", body))
}

/// A Danish evening's own download, refused for a score sheet.
fn ledger_only(sheets: &Sheets, id: i64, what: &str) -> Result<Session, Refusal> {
    match load(sheets, id)? {
        Evening::Ledger(s) => Ok(s),
        Evening::Sheet(s) => Err(Refusal::NoSuch(format!(
            "{what} is kept for a Danish ledger; session {id} is a score sheet of {}: see export.csv",
            s.preset
        ))),
    }
}

async fn lines_csv(State(sheets): State<Arc<Sheets>>, Path(id): Path<i64>) -> Answer {
    let s = ledger_only(&sheets, id, "lines.csv")?;
    let body = export::lines_csv(&s);
    Ok(download(id, "text/csv; charset=utf-8", "lines.csv", body))
}

async fn chart_svg(State(sheets): State<Arc<Sheets>>, Path(id): Path<i64>) -> Answer {
    let s = ledger_only(&sheets, id, "chart.svg")?;
    let body = export::svg_chart(&s);
    Ok(download(id, "image/svg+xml", "chart.svg", body))
}
