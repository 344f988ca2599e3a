//! Replays of finished deals over the API: a running deal is refused, a finished one steps
//! from the hands as dealt to the same settlement the table gave; the Danish cups shown.

mod common;

use common::{connect, create, http, play_out, server};
use serde_json::{json, Value};
use tarok_core::record::{replay, Record};
use tarok_core::Game;
use tarok_games::AnyDeal;

fn first_legal(s: &Value) -> String {
    s["legal"][0].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_finished_deal_replays_to_the_same_settlement_and_a_running_one_is_refused() {
    for (preset, seats) in [("dk-dtf-2011", 3), ("at-koenigrufen-spieleversum", 4)] {
        let dir = tempfile::tempdir().unwrap();
        let srv = server(&dir.path().join("t.sqlite")).await;
        let (id, token) = create(srv.addr, preset, 1, "L0", 21).await;
        let mut c = connect(srv.addr, id, Some((0, &token))).await.unwrap();
        // The deal is being played (seat 0 has not acted): no replay, and none listed.
        let (status, body) =
            http(srv.addr, "GET", &format!("/api/tables/{id}/deals/1"), None).await;
        assert_eq!(status, 409, "{preset}: {body}");
        assert!(body["error"]
            .as_str()
            .unwrap()
            .contains("still being played"));
        let (_, list) = http(srv.addr, "GET", &format!("/api/tables/{id}/deals"), None).await;
        assert_eq!(list, json!([]));
        let (status, _) = http(srv.addr, "GET", &format!("/api/tables/{id}/deals/2"), None).await;
        assert_eq!(status, 404);

        let (end, _) = play_out(&mut c, first_legal).await;
        let (_, list) = http(srv.addr, "GET", &format!("/api/tables/{id}/deals"), None).await;
        assert_eq!(list[0]["deal"], 1, "{preset}: {list}");
        let (status, r) = http(
            srv.addr,
            "GET",
            &format!("/api/tables/{id}/deals/1?lang=en"),
            None,
        )
        .await;
        assert_eq!(status, 200, "{preset}: {r}");
        assert_eq!(r["settlement"], end["settlement"], "{preset}");
        assert_eq!(r["balances"], end["totals"], "{preset}");
        let steps = r["steps"].as_array().unwrap();
        assert_eq!(steps.len(), end["actions"].as_u64().unwrap() as usize + 1);
        // Step 0 holds the hands as dealt; the last, those at the end.
        assert_eq!(steps[0]["hands"], end["hands"], "{preset}");
        assert_eq!(steps[0]["hands"].as_array().unwrap().len(), seats);
        assert!(steps[1..]
            .iter()
            .all(|s| !s["log"].as_str().unwrap().is_empty()));
        assert!(
            steps
                .iter()
                .any(|s| !s["trick"].as_array().unwrap().is_empty()),
            "{preset}: a trick is shown"
        );
        assert_eq!(steps.last().unwrap()["to_act"], Value::Null);
        // Each step carries what everyone saw then (no hand), and the deal what it laid aside:
        // the Danish skat of 3, the Königrufen talon of two halves of 3.
        let family = r["family"].as_str().unwrap();
        assert!(
            steps.iter().all(|s| s["view"][family]["hand"] == ""),
            "{preset}"
        );
        let count = |v: &Value| v.as_str().unwrap().split_whitespace().count();
        match family {
            "danish" => assert_eq!(count(&r["laid"]["skat"]), 3, "{}", r["laid"]),
            _ => {
                assert_eq!(count(&r["laid"]["talon"][0]), 3, "{}", r["laid"]);
                assert_eq!(count(&r["laid"]["talon"][1]), 3, "{}", r["laid"]);
            }
        }
        // The record replays on its own to the same result.
        let record = Record::from_json(r["record"].clone()).unwrap();
        let replayed = replay::<AnyDeal>(&record).unwrap();
        assert!(replayed.end.is_over());
        assert_eq!(replayed.actions.len() + 1, steps.len());
        // The log in another language.
        let (_, de) = http(
            srv.addr,
            "GET",
            &format!("/api/tables/{id}/deals/1?lang=de"),
            None,
        )
        .await;
        assert_eq!(de["steps"].as_array().unwrap().len(), steps.len());
        // The next deal starts: deal 1 stays listed, deal 2 is refused while it runs.
        c.send(json!({"type": "next"})).await;
        c.state_where(|s| s["deal"] == 2).await;
        let (status, _) = http(srv.addr, "GET", &format!("/api/tables/{id}/deals/2"), None).await;
        assert_eq!(status, 409);
        let (status, _) = http(srv.addr, "GET", &format!("/api/tables/{id}/deals/1"), None).await;
        assert_eq!(status, 200);
        srv.stop();
    }
}

/// A Danish table of computer players: each deal's cups are those the deal before left,
/// shown in the state; a restarted server goes on from the same cups.
#[tokio::test]
async fn the_danish_cups_go_from_deal_to_deal_and_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("t.sqlite");
    let srv = server(&store).await;
    let (id, token) = create(srv.addr, "dk-dtf-2011", 1, "L1", 3).await;
    let mut c = connect(srv.addr, id, Some((0, &token))).await.unwrap();
    let mut before = json!([60, 60]);
    for deal in 1..=3 {
        let (end, _) = play_out(&mut c, first_legal).await;
        assert_eq!(end["deal"], deal);
        assert_eq!(end["cups"]["before"], before, "deal {deal}");
        assert_eq!(end["cups"]["ante"], true);
        before = end["cups"]["after"].clone();
        let (_, r) = http(
            srv.addr,
            "GET",
            &format!("/api/tables/{id}/deals/{deal}"),
            None,
        )
        .await;
        assert_eq!(r["cups"]["after"], before);
        c.send(json!({"type": "next"})).await;
    }
    c.state_where(|s| s["deal"] == 4).await;
    c.close().await;
    srv.stop();
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let srv = server(&store).await;
    let mut c = connect(srv.addr, id, Some((0, &token))).await.unwrap();
    let s = c.state_where(|s| s["deal"] == 4).await;
    assert_eq!(s["cups"]["before"], before);
    // A Königrufen table has no cups.
    let (k, _) = create(srv.addr, "at-koenigrufen-spieleversum", 0, "L0", 1).await;
    let mut w = connect(srv.addr, k, None).await.unwrap();
    let s = w.state_where(|_| true).await;
    assert_eq!(s["cups"], Value::Null);
    srv.stop();
}

/// The evening's ledger of a Danish table of four, as JSON and as CSV downloads: a line per
/// finished deal (the running one left out) with each seat's balance and running total, who
/// sat out, and the cups; the totals are the page's, and with the cups they always add up to
/// the evening's funding.
#[tokio::test]
async fn the_ledger_downloads_as_json_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    let srv = server(&dir.path().join("t.sqlite")).await;
    let ask = json!({"preset": "dk-dtf-2011", "seats": 4, "people": 1, "level": "L0", "seed": 9, "name": "Ida, \"the\" dealer"});
    let (_, t) = http(srv.addr, "POST", "/api/tables", Some(ask)).await;
    let (id, token) = (t["id"].as_i64().unwrap(), t["token"].as_str().unwrap());
    let mut c = connect(srv.addr, id, Some((0, token))).await.unwrap();
    let mut end = Value::Null;
    // Ida sits out deal 4 and plays deal 5, which is still running below.
    for deal in 1..=4 {
        end = common::play_deal(&mut c, deal, first_legal)
            .await
            .pop()
            .unwrap();
        c.send(json!({"type": "next"})).await;
    }
    assert_eq!(end["sitting_out"], json!([0]));
    c.state_where(|s| s["deal"] == 5).await;
    let (status, head, body) = common::http_text(
        srv.addr,
        "GET",
        &format!("/api/tables/{id}/ledger.json"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        head.contains("application/json") && head.contains("attachment"),
        "{head}"
    );
    let l: Value = serde_json::from_str(&body).unwrap();
    let deals = l["deals"].as_array().unwrap();
    assert_eq!(deals.len(), 4, "the running deal is not in the ledger: {l}");
    assert_eq!(deals[3]["totals"], end["totals"]);
    assert_eq!(l["names"][0], "Ida, \"the\" dealer");
    for d in deals {
        assert_eq!(d["sitting_out"].as_array().unwrap().len(), 1);
        let sum = |v: &Value| {
            v.as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_i64().unwrap())
                .sum::<i64>()
        };
        assert_eq!(
            sum(&d["totals"]) + sum(&d["cups"]["after"]),
            4 * 2 * 20,
            "{d}"
        );
    }
    let (status, head, csv) = common::http_text(
        srv.addr,
        "GET",
        &format!("/api/tables/{id}/ledger.csv"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        head.contains("text/csv") && head.contains("tarok-table-"),
        "{head}"
    );
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 5, "{csv}");
    assert_eq!(
        lines[0],
        "\"deal\",\"Ida, \"\"the\"\" dealer\",\"Computer 2 (L0)\",\"Computer 3 (L0)\",\"Computer 4 (L0)\",\"kongekop\",\"pagatkop\""
    );
    let last: Vec<i64> = lines[4].split(',').map(|x| x.parse().unwrap()).collect();
    let totals: Vec<i64> = end["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect();
    assert_eq!(last[0], 4);
    assert_eq!(&last[1..5], &totals[..]);
    assert_eq!(json!(&last[5..]), deals[3]["cups"]["after"]);
    let (status, _) = http(srv.addr, "GET", "/api/tables/999/ledger.csv", None).await;
    assert_eq!(status, 404);
    srv.stop();
}
