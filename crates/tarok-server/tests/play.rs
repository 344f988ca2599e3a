//! Whole deals over the WebSocket, refusals, a restarted server and a dropped browser.

mod common;

use common::{connect, connect_in, create, http, http_raw, play_out, server};
use serde_json::{json, Value};
use tarok_core::record::Recordable;
use tarok_core::Game;

fn legal(s: &Value) -> Vec<String> {
    s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect()
}

/// Every message a seat got names no card hidden from it, checked against the deal replayed
/// from the table's record up to each state's number of actions.
fn assert_no_leak(preset: &str, seed: u64, seat: u8, record: &[String], seen: &[Value]) {
    let header = tarok_games::AnyDeal::seeded_record(preset, seed, "").unwrap();
    let mut deal = tarok_games::AnyDeal::from_record(&header).unwrap();
    let mut done = 0;
    for m in seen
        .iter()
        .filter(|m| m["type"] == "state" && m["over"] == false)
    {
        let n = m["actions"].as_u64().unwrap() as usize;
        while done < n {
            let a = deal.parse_action(&record[done]).unwrap();
            deal.apply(a).unwrap();
            done += 1;
        }
        let leak = common::leaked(&deal, seat, m);
        assert!(leak.is_empty(), "seat {seat} told of {leak}: {m}");
    }
}

/// The actions of the deal in play, from the store.
fn stored_actions(store: &std::path::Path, table: i64) -> Vec<String> {
    let s = tarok_server::store::Store::open(store).unwrap();
    let deals = s.deals(table).unwrap();
    deals
        .last()
        .unwrap()
        .actions
        .iter()
        .map(|(_, a)| a.clone())
        .collect()
}

#[tokio::test]
async fn a_danish_deal_against_computer_players_to_the_settlement() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("t.sqlite");
    let srv = server(&store).await;
    let (id, token) = create(srv.addr, "dk-dtf-2011", 1, "L1", 11).await;
    let mut c = connect(srv.addr, id, Some((0, &token))).await.unwrap();
    let (end, phases) = play_out(&mut c, |s| legal(s)[0].clone()).await;
    assert!(phases.len() >= 20, "seat 0 played its cards: {phases:?}");
    assert_eq!(end["deal"], 1);
    assert!(!end["settlement"].as_array().unwrap().is_empty());
    assert_eq!(end["hands"].as_array().unwrap().len(), 3);
    // The evening's totals are the deal's balances, by table seat.
    let actions = stored_actions(&store, id);
    let header = tarok_games::AnyDeal::seeded_record("dk-dtf-2011", 11, "").unwrap();
    let mut deal = tarok_games::AnyDeal::from_record(&header).unwrap();
    for a in &actions {
        deal.apply(deal.parse_action(a).unwrap()).unwrap();
    }
    assert!(deal.is_over());
    let b = deal.balances();
    let totals: Vec<i64> = (0..3).map(|s| b.players[s] as i64).collect();
    assert_eq!(end["totals"], json!(totals));
    assert_no_leak("dk-dtf-2011", 11, 0, &actions, &c.seen);
    // The next deal: the table turns, so seat 0 no longer plays the deal's seat 0.
    c.send(json!({"type": "next"})).await;
    let s = c.state_where(|s| s["deal"] == 2).await;
    assert_eq!(s["players"], json!([1, 2, 0]));
    assert_eq!(s["totals"], json!(totals));
    srv.stop();
}

#[tokio::test]
async fn a_koenigrufen_deal_through_bidding_talon_and_announcements() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("t.sqlite");
    let srv = server(&store).await;
    // Seed 3: seat 0 is vorhand and keeps the Rufer against the computer players.
    let (id, token) = create(srv.addr, "at-koenigrufen-spieleversum", 1, "L1", 3).await;
    let mut c = connect(srv.addr, id, Some((0, &token))).await.unwrap();
    let (end, phases) = play_out(&mut c, |s| {
        let l = legal(s);
        // Say "mein Vorhand", announce the first premium offered once, then say "gut".
        let pick = [
            "vorhand",
            "hold",
            "bid:rufer",
            "call:",
            "half:",
            "discard:",
            "announce:",
            "gut",
        ]
        .iter()
        .find_map(|p| l.iter().find(|a| a.starts_with(p)));
        pick.unwrap_or(&l[0]).clone()
    })
    .await;
    for phase in [
        "Bidding",
        "KingCall",
        "Talon",
        "Discard",
        "Announcements",
        "Play",
    ] {
        assert!(
            phases.iter().any(|p| p.contains(phase)),
            "seat 0 decided in {phase}: {phases:?}"
        );
    }
    assert!(!end["settlement"].as_array().unwrap().is_empty());
    let totals: i64 = end["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_i64().unwrap())
        .sum();
    assert_eq!(totals, 0, "Königrufen is zero-sum: {end}");
    let actions = stored_actions(&store, id);
    assert_no_leak("at-koenigrufen-spieleversum", 3, 0, &actions, &c.seen);
    srv.stop();
}

/// A request the API cannot read is refused in JSON, `{"error": …}`, as every other refusal
/// is (axum's own refusals were plain text): a body that is not JSON, one that lacks a field
/// or has a wrong value, a table id that is not a number, the score sheets' too.
#[tokio::test]
async fn every_refusal_of_the_api_is_json() {
    let dir = tempfile::tempdir().unwrap();
    let srv = server(&dir.path().join("t.sqlite")).await;
    let cases = [
        ("POST", "/api/tables", "not json", "expected ident"),
        (
            "POST",
            "/api/tables",
            r#"{"preset":"dk-dtf-2011"}"#,
            "missing field `people`",
        ),
        (
            "POST",
            "/api/tables",
            r#"{"preset":"dk-dtf-2011","people":1,"seed":-1}"#,
            "seed",
        ),
        (
            "POST",
            "/api/tables/abc/seats/0",
            r#"{"name":"Ida"}"#,
            "abc",
        ),
        ("GET", "/api/tables/abc/deals", "", "abc"),
        ("POST", "/api/sheets", "{", "EOF"),
        ("GET", "/api/sheets/abc", "", "abc"),
    ];
    for (method, path, body, says) in cases {
        let (status, head, text) = http_raw(srv.addr, method, path, body).await;
        assert!((400..500).contains(&status), "{method} {path}: {status}");
        assert!(
            head.contains("content-type: application/json"),
            "{path}: {head}"
        );
        let error: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let error = error["error"].as_str().unwrap_or_else(|| panic!("{text}"));
        assert!(error.contains(says), "{method} {path}: {error}");
    }
    srv.stop();
}

#[tokio::test]
async fn a_refused_action_says_why_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("t.sqlite");
    let srv = server(&store).await;
    let (id, token) = create(srv.addr, "dk-dtf-2011", 1, "L0", 5).await;
    let mut c = connect(srv.addr, id, Some((0, &token))).await.unwrap();
    // Play the first legal action until a card of the hand is refused by a rule (following suit).
    let mine = |t: &Value| !t["legal"].as_array().unwrap().is_empty();
    let mut s = c.state_where(mine).await;
    let refused = loop {
        let hand = s["view"]["danish"]["hand"].as_str().unwrap().to_string();
        let l = legal(&s);
        if let Some(card) = hand.split(' ').find(|c| !l.iter().any(|a| a == c)) {
            break card.to_string();
        }
        c.send(json!({"type": "act", "action": l[0]})).await;
        let before = s["actions"].clone();
        s = c.state_where(|t| t["actions"] != before && mine(t)).await;
    };
    let before = s["actions"].clone();
    let l = legal(&s);
    c.send(json!({"type": "act", "action": refused})).await;
    let r = c.answer().await;
    assert_eq!(r["type"], "refused", "{r}");
    assert!(!r["reason"].as_str().unwrap().is_empty());
    assert!(
        !r["citation"].as_str().unwrap().is_empty(),
        "a rule refuses: {r}"
    );
    // The refusal leads to its rule in the rulebook, a page the server serves.
    let guide = r["guide"].as_str().unwrap();
    assert!(guide.starts_with("/rules/danish#s"), "{r}");
    let page = guide.split('#').next().unwrap();
    assert_eq!(http(srv.addr, "GET", page, None).await.0, 200);
    assert_eq!(http(srv.addr, "GET", "/rules/", None).await.0, 200);
    assert_eq!(http(srv.addr, "GET", "/rules/nothing", None).await.0, 404);
    // In Danish and German the same refusal, in their words, with the same rule.
    for lang in ["da", "de"] {
        let mut other = connect_in(srv.addr, id, 0, &token, lang).await.unwrap();
        other.state_where(|_| true).await;
        other.send(json!({"type": "act", "action": refused})).await;
        let t = other.answer().await;
        assert_eq!(t["citation"], r["citation"], "{lang}: {t}");
        assert_ne!(t["reason"], r["reason"], "{lang}: {t}");
        other.send(json!({"type": "hint"})).await;
        let h = other.answer().await;
        assert_eq!(h["type"], "hint", "{lang}: {h}");
    }
    let french = connect_in(srv.addr, id, 0, &token, "fr").await.err();
    assert_eq!(french.as_deref(), Some("HTTP 400"), "an unknown language");
    // An action that cannot be read, and a message that is not one.
    c.send(json!({"type": "act", "action": "fly away"})).await;
    assert_eq!(c.answer().await["type"], "refused");
    c.send(json!({"type": "dance"})).await;
    assert_eq!(c.answer().await["type"], "refused");
    // Nothing changed: a new connection sees the same number of actions, and so does the store.
    let mut d = connect(srv.addr, id, Some((0, &token))).await.unwrap();
    let now = d.state_where(|_| true).await;
    assert_eq!(now["actions"], before);
    assert_eq!(now["view"], s["view"]);
    assert_eq!(
        stored_actions(&store, id).len() as u64,
        before.as_u64().unwrap()
    );
    // A spectator sees the public view (no hand) and may not act.
    let mut w = connect(srv.addr, id, None).await.unwrap();
    let ws = w.state_where(|_| true).await;
    let family = ws["family"].as_str().unwrap();
    assert!(
        ws["view"][family]["hand"] == "" && ws["seat"].is_null(),
        "{ws}"
    );
    w.send(json!({"type": "act", "action": l[0]})).await;
    assert_eq!(w.answer().await["type"], "refused");
    // The hint names a legal action with a reason.
    c.send(json!({"type": "hint"})).await;
    let h = c.answer().await;
    assert_eq!(h["type"], "hint");
    assert!(
        l.contains(&h["action"].as_str().unwrap().to_string()),
        "{h}"
    );
    srv.stop();
}

#[tokio::test]
async fn a_restarted_server_resumes_the_table_at_the_same_action() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("t.sqlite");
    let srv = server(&store).await;
    let (id, token) = create(srv.addr, "at-koenigrufen-spieleversum", 1, "L1", 8).await;
    let mut c = connect(srv.addr, id, Some((0, &token))).await.unwrap();
    // Play a few of seat 0's decisions; stop when seat 0 is to act again.
    let mine = |t: &Value| !t["legal"].as_array().unwrap().is_empty();
    let mut s = c.state_where(mine).await;
    for _ in 0..3 {
        c.send(json!({"type": "act", "action": legal(&s)[0]})).await;
        let before = s["actions"].clone();
        s = c.state_where(|t| t["actions"] != before && mine(t)).await;
    }
    c.close().await;
    srv.stop();
    let srv = server(&store).await;
    let mut c = connect(srv.addr, id, Some((0, &token))).await.unwrap();
    let again = c.state_where(|_| true).await;
    for field in ["actions", "view", "legal", "to_act", "deal", "seats"] {
        assert_eq!(again[field], s[field], "{field}");
    }
    // And it plays on.
    c.send(json!({"type": "act", "action": legal(&again)[0]}))
        .await;
    c.state_where(|t| t["actions"].as_u64() > again["actions"].as_u64())
        .await;
    srv.stop();
}

#[tokio::test]
async fn a_dropped_browser_gets_its_seat_back_with_its_token() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("t.sqlite");
    let srv = server(&store).await;
    let (id, token) = create(srv.addr, "dk-1829-three", 2, "L0", 4).await;
    // A second person takes seat 1 through the lobby.
    let (status, seat1) = http(
        srv.addr,
        "POST",
        &format!("/api/tables/{id}/seats/1"),
        Some(json!({"name": "Bo"})),
    )
    .await;
    assert_eq!(status, 200, "{seat1}");
    let token1 = seat1["token"].as_str().unwrap().to_string();
    let (status, _) = http(
        srv.addr,
        "POST",
        &format!("/api/tables/{id}/seats/1"),
        Some(json!({"name": "Al"})),
    )
    .await;
    assert_eq!(status, 409, "a taken seat stays taken");
    let mut c = connect(srv.addr, id, Some((0, &token))).await.unwrap();
    let first = c.state_where(|_| true).await;
    assert_eq!(first["seat"], 0);
    assert_eq!(first["seats"][1]["name"], "Bo");
    drop(c);
    let mut c = connect(srv.addr, id, Some((0, &token))).await.unwrap();
    let again = c.state_where(|_| true).await;
    assert_eq!(again["seat"], 0);
    assert_eq!(again["view"], first["view"]);
    // Another seat's token, or none, does not open seat 0.
    assert_eq!(
        connect(srv.addr, id, Some((0, &token1)))
            .await
            .err()
            .as_deref(),
        Some("HTTP 403")
    );
    assert_eq!(
        connect(srv.addr, id, Some((0, ""))).await.err().as_deref(),
        Some("HTTP 403")
    );
    assert_eq!(
        connect(srv.addr, 999, None).await.err().as_deref(),
        Some("HTTP 404")
    );
    srv.stop();
}

#[tokio::test]
async fn the_page_and_the_lobby_are_served() {
    let dir = tempfile::tempdir().unwrap();
    let srv = server(&dir.path().join("t.sqlite")).await;
    let (status, presets) = http(srv.addr, "GET", "/api/presets", None).await;
    assert_eq!(status, 200);
    let ids: Vec<&str> = presets
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, tarok_games::preset_ids());
    // Each preset's title in the page's three languages, English the engine's.
    for p in presets.as_array().unwrap() {
        assert_eq!(p["titles"]["en"], p["title"]);
        assert!(p["titles"]["da"].is_string() && p["titles"]["da"] != p["title"]);
        assert!(p["titles"]["de"].is_string() && p["titles"]["de"] != p["title"]);
    }
    for preset in tarok_games::preset_ids() {
        create(srv.addr, preset, 1, "L0", 1).await;
    }
    let (_, tables) = http(srv.addr, "GET", "/api/tables", None).await;
    assert_eq!(tables.as_array().unwrap().len(), 8);
    let (status, e) = http(
        srv.addr,
        "POST",
        "/api/tables",
        Some(json!({"preset": "dk-1829-three", "people": 1, "level": "L9"})),
    )
    .await;
    assert_eq!(status, 400, "{e}");
    let (status, e) = http(
        srv.addr,
        "POST",
        "/api/tables",
        Some(json!({"preset": "dk-dtf-2011", "people": 1, "rules": "no_such_rule=1"})),
    )
    .await;
    assert_eq!(status, 400, "{e}");
    srv.stop();
}

/// The lobby offers each preset's table sizes; a Danish table of five is created over the API,
/// two sit out each deal (seat 0 too, in its turn: the public view, no turn, the computer players
/// play the deal through), and a size the preset is not played at is refused with the sizes
/// it is.
#[tokio::test]
async fn a_danish_table_of_five_sits_two_out_each_deal() {
    let dir = tempfile::tempdir().unwrap();
    let srv = server(&dir.path().join("t.sqlite")).await;
    let (_, presets) = http(srv.addr, "GET", "/api/presets", None).await;
    let sizes = |id: &str| {
        presets
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .map(|p| p["sizes"].clone())
    };
    assert_eq!(sizes("dk-dtf-2011"), Some(json!([3, 4, 5])));
    assert_eq!(sizes("at-koenigrufen-spieleversum"), Some(json!([4, 5, 6])));
    assert_eq!(sizes("dk-1829-partners"), Some(json!([4])));
    let ask = |seats: u8| json!({"preset": "dk-dtf-2011", "seats": seats, "people": 1, "level": "L1", "seed": 5, "name": "Ida"});
    let (status, answer) = http(srv.addr, "POST", "/api/tables", Some(ask(6))).await;
    assert_eq!(status, 400);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("played at a table of 3 to 5, not 6"),
        "{answer}"
    );
    let (status, t) = http(srv.addr, "POST", "/api/tables", Some(ask(5))).await;
    assert_eq!(status, 200, "{t}");
    let (id, token) = (t["id"].as_i64().unwrap(), t["token"].as_str().unwrap());
    let mut c = connect(srv.addr, id, Some((0, token))).await.unwrap();
    let mut sat_out = 0;
    for deal in 1..=5 {
        let states = common::play_deal(&mut c, deal, |s| legal(s)[0].clone()).await;
        for s in &states {
            assert_eq!(s["seats"].as_array().unwrap().len(), 5);
            if s["sitting_out"].as_array().unwrap().contains(&json!(0)) && s["over"] == false {
                assert!(
                    s["view"]["danish"]["hand"] == "" && s["legal"] == json!([]),
                    "{s}"
                );
            }
        }
        let end = states.last().unwrap();
        let out = end["sitting_out"].as_array().unwrap();
        assert_eq!(out.len(), 2, "{end}");
        sat_out += out.contains(&json!(0)) as u32;
        let hands = end["hands"].as_array().unwrap();
        assert_eq!(hands.len(), 5);
        for o in out {
            assert_eq!(
                hands[o.as_u64().unwrap() as usize],
                "",
                "a sitter-out has no hand"
            );
        }
        c.send(json!({"type": "next"})).await;
    }
    assert!(sat_out > 0, "seat 0 sat out at least once in five deals");
    srv.stop();
}

/// A person leaves at their turn: a computer player takes the seat at once and plays the deal
/// to its end; their actions are refused meanwhile. With the seat's token they take it back,
/// and play their next turn themselves.
#[tokio::test]
async fn a_person_who_leaves_is_replaced_and_takes_the_seat_back() {
    let dir = tempfile::tempdir().unwrap();
    let srv = server(&dir.path().join("t.sqlite")).await;
    let (id, token) = create(srv.addr, "dk-dtf-2011", 1, "L0", 11).await;
    let mut c = connect(srv.addr, id, Some((0, &token))).await.unwrap();
    let s = c.state_where(|s| !legal(s).is_empty()).await;
    let mine = legal(&s)[0].clone();
    c.send(json!({"type": "leave"})).await;
    let end = c.state_where(|s| s["over"] == true).await;
    assert_eq!(end["seats"][0]["kind"], "away", "{end}");
    assert_eq!(end["seats"][0]["name"], "Ida");
    // Every action after the leaving was the computer player's: seat 0 was offered none.
    assert!(end["actions"].as_u64() > s["actions"].as_u64());
    let away = c
        .seen
        .iter()
        .skip_while(|m| m["seats"][0]["kind"] != "away");
    assert!(away.clone().all(|m| m["legal"] == json!([])));
    c.send(json!({"type": "act", "action": mine})).await;
    assert_eq!(c.answer().await["type"], "refused");
    c.send(json!({"type": "back"})).await;
    c.state_where(|s| s["seats"][0]["kind"] == "human").await;
    c.send(json!({"type": "next"})).await;
    let s = c
        .state_where(|s| s["deal"] == 2 && !legal(s).is_empty())
        .await;
    assert_eq!(s["to_act"], 0, "seat 0 plays its own turn again");
    // Taking back a seat that is not away is refused with a reason.
    c.send(json!({"type": "back"})).await;
    let r = c.answer().await;
    assert!(r["reason"].as_str().unwrap().contains("not away"), "{r}");
    srv.stop();
}
