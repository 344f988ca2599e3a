//! What the server tests share: a server on 127.0.0.1:0 over a temporary store, a tiny HTTP
//! client for the lobby's API, a WebSocket client for a seat, and the leak check.
#![allow(dead_code)]

#[path = "../../../tarok-games/tests/common/hidden.rs"]
mod hidden;

use futures_util::{SinkExt, StreamExt};
#[allow(unused_imports)]
pub use hidden::{hidden, hidden_from_someone};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;
use tarok_core::{Card, CardSet, Seat};
use tarok_games::AnyDeal;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// A server with no pause before the computer players' actions.
pub async fn server(store: &Path) -> tarok_server::Running {
    tarok_server::start(tarok_server::Config {
        store: store.to_path_buf(),
        addr: "127.0.0.1:0".parse().unwrap(),
        bot_delay: Duration::ZERO,
    })
    .await
    .unwrap()
}

/// One HTTP request; the answer's status and JSON body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let (status, _, body) = http_text(addr, method, path, body).await;
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

/// One HTTP request; the answer's status, head and body as text.
pub async fn http_text(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, String, String) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    http_raw(addr, method, path, &body).await
}

/// One HTTP request with `body` as it is, JSON or not; the answer's status, head and body.
pub async fn http_raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).await.unwrap();
    let status = answer[9..12].parse().unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (status, head.to_string(), body.to_string())
}

/// Creates a table of `preset` with `people` seats for people (the creator, `Ida`, in seat
/// 0) and computer players of `level`; answers (table id, token of seat 0).
pub async fn create(
    addr: SocketAddr,
    preset: &str,
    people: u8,
    level: &str,
    seed: u64,
) -> (i64, String) {
    let (status, t) = http(
        addr,
        "POST",
        "/api/tables",
        Some(json!({"preset": preset, "people": people, "level": level, "seed": seed, "name": "Ida"})),
    )
    .await;
    assert_eq!(status, 200, "{t}");
    (
        t["id"].as_i64().unwrap(),
        t["token"].as_str().unwrap_or("").to_string(),
    )
}

/// A seat's (or a spectator's) WebSocket.
pub struct Client {
    ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    /// Every message received, in order.
    pub seen: Vec<Value>,
}

pub async fn connect(
    addr: SocketAddr,
    table: i64,
    seat: Option<(u8, &str)>,
) -> Result<Client, String> {
    let url = match seat {
        Some((s, token)) => format!("ws://{addr}/api/tables/{table}/ws?seat={s}&token={token}"),
        None => format!("ws://{addr}/api/tables/{table}/ws"),
    };
    connect_to(url).await
}

/// [`connect`] to a seat whose refusals and hints come in language `lang` (en, da, de).
pub async fn connect_in(
    addr: SocketAddr,
    table: i64,
    seat: u8,
    token: &str,
    lang: &str,
) -> Result<Client, String> {
    connect_to(format!(
        "ws://{addr}/api/tables/{table}/ws?seat={seat}&token={token}&lang={lang}"
    ))
    .await
}

async fn connect_to(url: String) -> Result<Client, String> {
    match tokio_tungstenite::connect_async(url).await {
        Ok((ws, _)) => Ok(Client {
            ws,
            seen: Vec::new(),
        }),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            Err(format!("HTTP {}", r.status().as_u16()))
        }
        Err(e) => Err(e.to_string()),
    }
}

impl Client {
    pub async fn send(&mut self, msg: Value) {
        self.ws
            .send(Message::Text(msg.to_string().into()))
            .await
            .unwrap();
    }

    /// The next message (within five seconds).
    pub async fn recv(&mut self) -> Value {
        self.recv_within(Duration::from_secs(5))
            .await
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The next message within `wait`, or why there is none.
    pub async fn recv_within(&mut self, wait: Duration) -> Result<Value, String> {
        loop {
            let msg = tokio::time::timeout(wait, self.ws.next())
                .await
                .map_err(|_| {
                    format!(
                        "no message within {wait:?}; the last was {}",
                        self.seen.last().unwrap_or(&Value::Null)
                    )
                })?
                .ok_or("the connection closed")?
                .map_err(|e| e.to_string())?;
            if let Message::Text(t) = msg {
                let v: Value = serde_json::from_str(&t).map_err(|e| e.to_string())?;
                self.seen.push(v.clone());
                return Ok(v);
            }
        }
    }

    /// The next state that `pred` accepts, skipping others.
    pub async fn state_where(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.recv().await;
            if m["type"] == "state" && pred(&m) {
                return m;
            }
        }
    }

    /// The next message that is not a state.
    pub async fn answer(&mut self) -> Value {
        loop {
            let m = self.recv().await;
            if m["type"] != "state" {
                return m;
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Plays seat 0's decisions with `choose` until the deal is over; returns the last state and
/// the number of decisions seat 0 took, by the view's phase.
pub async fn play_out(c: &mut Client, choose: impl Fn(&Value) -> String) -> (Value, Vec<String>) {
    let (mut states, acted) = play(c, None, choose).await;
    let phases = acted
        .iter()
        .map(|s| s["view"][s["family"].as_str().unwrap()]["phase"].to_string())
        .collect();
    (states.pop().unwrap(), phases)
}

/// Plays seat 0's decisions in deal `deal` with `choose` until that deal is over, skipping the
/// states of other deals; returns every state of the deal, the last one over.
pub async fn play_deal(c: &mut Client, deal: u64, choose: impl Fn(&Value) -> String) -> Vec<Value> {
    play(c, Some(deal), choose).await.0
}

/// Plays seat 0's decisions with `choose` until the deal (`deal`, or any) is over; returns
/// every state of it, the last one over, and those seat 0 acted in.
async fn play(
    c: &mut Client,
    deal: Option<u64>,
    choose: impl Fn(&Value) -> String,
) -> (Vec<Value>, Vec<Value>) {
    let (mut states, mut acted) = (Vec::new(), Vec::new());
    loop {
        let s = c.state_where(|s| deal.is_none_or(|d| s["deal"] == d)).await;
        states.push(s.clone());
        if s["over"] == true {
            return (states, acted);
        }
        let fresh = acted
            .last()
            .is_none_or(|a: &Value| a["actions"] != s["actions"]);
        if s["legal"] != json!([]) && fresh {
            c.send(json!({"type": "act", "action": choose(&s)})).await;
            acted.push(s);
        }
    }
}

// ---- the leak check: the idea of tarok-games/tests/info_state.rs --------------------------

/// The card a word names in the engines' notation (`T21`, `X`, `HK`).
pub fn card_word(word: &str) -> Option<Card> {
    word.parse::<Card>().ok().filter(|c| c.to_string() == word)
}

/// Every card named in a text.
pub fn cards_named(text: &str) -> CardSet {
    text.split(|c: char| !c.is_alphanumeric())
        .filter_map(card_word)
        .collect()
}

/// Whether a legal action names a card by name, not by place: a king called, a card asked
/// for, a king named for the ultimo, wherever they lie.
pub fn names_not_places(action: &str) -> bool {
    ["call", "request", "ultimo"]
        .iter()
        .any(|v| action.starts_with(v))
}

/// The cards hidden from the deal's seat `seat` that a message names; the legal actions that
/// name cards only by name are left out (in the list, in the 1829 view's copy of it, and as a
/// hint's action or any other legal action of the seat, whose reason may name them). The legal actions' words are left out too: each is the words of the legal
/// action beside it and nothing else (`tarok_words::action_named`), and their Roman numerals
/// (Tarock X) would read as cards.
pub fn leaked(deal: &AnyDeal, seat: Seat, msg: &Value) -> CardSet {
    let mut msg = msg.clone();
    if let Some(words) = msg.as_object_mut().and_then(|m| m.remove("legal_words")) {
        assert_eq!(
            words.as_array().map(Vec::len),
            msg["legal"].as_array().map(Vec::len)
        );
    }
    if let Some(legal) = msg["legal"].as_array_mut() {
        legal.retain(|a| !names_not_places(a.as_str().unwrap_or("")));
    }
    let mut excused = CardSet::EMPTY;
    if msg["type"] == "hint" {
        // A hint's reason may name the next best of the seat's legal actions too: a card asked
        // for or a king called is named, not placed.
        let mut legal = Vec::new();
        if tarok_core::Game::to_act(deal) == Some(seat) {
            tarok_core::Game::legal_into(deal, &mut legal);
        }
        for a in legal.iter().map(|a| a.to_string()) {
            if names_not_places(&a) {
                excused |= cards_named(&a);
            }
        }
        if names_not_places(msg["action"].as_str().unwrap_or("")) {
            excused |= cards_named(&msg["action"].to_string());
            msg["action"] = Value::Null;
        }
    }
    if let Some(legal) = msg["view"]["historic"]["legal"].as_array_mut() {
        legal.retain(|a| !names_not_places(a.as_str().unwrap_or("")));
    }
    // Königrufen's words (a hint's reason, a refusal) write tarocks in Roman numerals in Danish
    // and German, and the engines' notation in English: a bare `X` is tarock X in the one and the
    // Sküs in the other, so it leaks only if both are hidden.
    let mut words = CardSet::EMPTY;
    if let (AnyDeal::Koenigrufen(_), Some(reason)) = (deal, msg["reason"].as_str()) {
        words = screen_cards_named(reason);
        let x = [Card::trump(10), Card::SKUS]
            .into_iter()
            .collect::<CardSet>();
        if reason
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == "X")
            && (x & hidden(deal, seat)) == x
        {
            words |= x;
        }
        msg["reason"] = Value::Null;
    }
    ((cards_named(&msg.to_string()) | words) - excused) & hidden(deal, seat)
}

/// Every card named in a text written in the Königrufen screen's notation (`XXI`, `Sküs`, `♥K`)
/// or in the engines' notation (`T21`, `HK`), except a bare `X`, which the two read differently.
pub fn screen_cards_named(text: &str) -> CardSet {
    use tarok_koenigrufen::cards::{screen, PACK};
    let roman = |w: &str| PACK.iter().any(|c| c.is_trump() && screen(c) == w);
    text.split(|c: char| c.is_whitespace() || ",.;:()[]\"'".contains(c))
        .filter_map(|w| {
            PACK.iter()
                .find(|&c| screen(c) == w && w != "X")
                .or_else(|| card_word(w).filter(|_| !roman(w)))
        })
        .collect()
}
