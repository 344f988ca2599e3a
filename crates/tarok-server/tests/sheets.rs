//! The evenings at a real table over HTTP (`/api/sheets`): a Danish ledger and the score sheets
//! of Königrufen and the 1829 Partier, entered, refused with the ledger's reason (and nothing
//! stored), undone, exported, and kept through a restart.

mod common;

use common::{http, http_text, server};
use serde_json::{json, Value};
use std::net::SocketAddr;

async fn new_evening(addr: SocketAddr, body: Value) -> (i64, Value) {
    let (status, v) = http(addr, "POST", "/api/sheets", Some(body)).await;
    assert_eq!(status, 200, "{v}");
    (v["id"].as_i64().unwrap(), v)
}

async fn get(addr: SocketAddr, id: i64) -> Value {
    let (status, v) = http(addr, "GET", &format!("/api/sheets/{id}"), None).await;
    assert_eq!(status, 200, "{v}");
    v
}

async fn deal(addr: SocketAddr, id: i64, body: Value) -> (u16, Value) {
    http(addr, "POST", &format!("/api/sheets/{id}/deals"), Some(body)).await
}

/// Each person's balance by name, in seating order.
fn balances(v: &Value) -> Vec<(String, i64)> {
    v["session"]["balances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["name"].as_str().unwrap().to_string(),
                b["balance"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_danish_evening_entered_refused_undone_exported_and_kept_through_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("club.sqlite");
    let srv = server(&store).await;
    let (id, v) = new_evening(
        srv.addr,
        json!({"preset": "dk-moeller", "players": ["Anna", "Bent", "Carl", "Dorte"],
            "seating": "opposite"}),
    )
    .await;
    assert_eq!(v["family"], "danish");
    // Anna deals, Bent is forhånd and does not count, Dorte mellemhånd, Carl sits out.
    assert_eq!(v["form"]["playing"], json!(["Bent", "Dorte", "Anna"]));
    assert_eq!(v["form"]["counters"], json!(["Dorte", "Anna"]));
    assert!(v["form"]["fines"].as_array().unwrap().len() > 3);
    assert_eq!(balances(&v)[0], ("Anna".into(), -40));

    // The deal of `tarok session`'s own test, as the ledger's entry: the same amounts.
    let played = json!({"end": {"last_trick": "Bent", "ultimo": "pagat",
        "counts": {"Anna": 26, "Dorte": 26}}});
    let (status, v) = deal(srv.addr, id, played).await;
    assert_eq!(status, 200, "{v}");
    let after_one = json!([
        ["Anna", -115],
        ["Bent", 115],
        ["Carl", -60],
        ["Dorte", -105]
    ]);
    assert_eq!(json!(balances(&v)), after_one);
    assert_eq!(
        v["session"]["cups"],
        json!({"kongekop": 85, "pagatkop": 80})
    );
    assert_eq!(
        v["chart"]["rows"].as_array().unwrap().len(),
        2,
        "funding and deal 1"
    );

    // Impossible entries are refused with the ledger's reason, and nothing is stored.
    let before = get(srv.addr, id).await;
    let (status, r) = deal(
        srv.addr,
        id,
        json!({"end": {"last_trick": "Bent", "counts": {"Anna": 50, "Bent": 40}}}),
    )
    .await;
    assert_eq!(status, 422, "{r}");
    assert!(r["error"].as_str().unwrap().contains("more than 78"), "{r}");
    let (status, r) = deal(srv.addr, id, json!({"end": {"last_trick": "Frede"}})).await;
    assert_eq!(status, 422, "{r}");
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .contains("unknown name \"Frede\""),
        "{r}"
    );
    // A misspelt key is not a different deal.
    let (status, r) = deal(srv.addr, id, json!({"end": {"last_trik": "Bent"}})).await;
    assert_eq!(status, 400, "{r}");
    assert!(r["error"].as_str().unwrap().contains("last_trik"), "{r}");
    assert_eq!(
        get(srv.addr, id).await,
        before,
        "a refused entry changes nothing"
    );

    // A second deal at the next seating (the form names who counts), taken back.
    let c = &before["form"]["counters"];
    let second = json!({"end": {"last_trick": before["form"]["playing"][0],
        "counts": {c[0].as_str().unwrap(): 30, c[1].as_str().unwrap(): 20}}});
    let (status, v) = deal(srv.addr, id, second).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["session"]["deals"].as_array().unwrap().len(), 2);
    let (status, v) = http(srv.addr, "POST", &format!("/api/sheets/{id}/undo"), None).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v, before, "undo leaves the evening as it was");

    // Downloads: the deals as CSV, the whole evening as JSON, the payment lines, the chart.
    let path = |p: &str| format!("/api/sheets/{id}/{p}");
    let (status, head, csv) = http_text(srv.addr, "GET", &path("export.csv"), None).await;
    assert_eq!(status, 200);
    assert!(head.contains("attachment"), "{head}");
    assert!(
        csv.starts_with("deal,dealer,Anna,Bent,Carl,Dorte,kongekop,pagatkop"),
        "{csv}"
    );
    assert!(csv.contains("1,Anna,-115,115,-60,-105,85,80"), "{csv}");
    let (status, _, json) = http_text(srv.addr, "GET", &path("export.json"), None).await;
    assert_eq!(status, 200);
    let json: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json, before["session"]);
    let (status, _, lines) = http_text(srv.addr, "GET", &path("lines.csv"), None).await;
    assert_eq!(status, 200);
    assert!(
        lines.starts_with("deal,from,to,amount,kind,reason,rule"),
        "{lines}"
    );
    let (status, head, svg) = http_text(srv.addr, "GET", &path("chart.svg"), None).await;
    assert_eq!(status, 200);
    assert!(
        head.contains("image/svg+xml") && svg.starts_with("<svg"),
        "{head}"
    );

    // The evening is kept in a `tarok session` database beside the server's store, and is
    // there after a restart.
    srv.stop();
    assert!(dir.path().join("club.sessions.sqlite").is_file());
    let srv = server(&store).await;
    assert_eq!(get(srv.addr, id).await, before);
    let (status, list) = http(srv.addr, "GET", "/api/sheets", None).await;
    assert_eq!(status, 200);
    assert_eq!(list[0]["id"], id);
    assert_eq!(list[0]["deals"], 1);
    assert_eq!(list[0]["family"], "danish");

    // Closing shares out the cups; a closed evening takes no deal.
    let (status, v) = http(srv.addr, "POST", &format!("/api/sheets/{id}/close"), None).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["session"]["closed"], true);
    assert_eq!(v["session"]["cups"], json!({"kongekop": 0, "pagatkop": 0}));
    let (status, r) = deal(srv.addr, id, json!({"outcome": "redeal"})).await;
    assert_eq!(status, 409, "{r}");
    assert!(r["error"].as_str().unwrap().contains("closed"), "{r}");
    srv.stop();
}

#[tokio::test]
async fn a_koenigrufen_sheet_from_its_form() {
    let dir = tempfile::tempdir().unwrap();
    let srv = server(&dir.path().join("t.sqlite")).await;
    let (id, v) = new_evening(
        srv.addr,
        json!({"preset": "at-koenigrufen-spieleversum",
            "players": ["Anna", "Bent", "Carl", "Dorte", "Erik"]}),
    )
    .await;
    assert_eq!(v["family"], "koenigrufen");
    // At five the dealer, Anna, sits out.
    assert_eq!(v["session"]["next"]["sitting_out"], json!(["Anna"]));
    assert!(v["form"]["contracts"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["id"] == "rufer"));
    // Bent's Rufer with Dorte, kontra'd, and Bent's announced Pagat, kontra'd: each of the
    // other side pays one of them 2 for the game and 4 for the Pagat.
    let rufer = json!({"kind": "koenigrufen", "contract": "rufer", "declarer": "Bent",
        "partner": "Dorte", "result": "won", "kontra": "kontra",
        "premiums": [{"premium": "pagat", "announced": "Bent", "made": "Bent", "kontra": "kontra"}]});
    let (status, v) = deal(srv.addr, id, rufer).await;
    assert_eq!(status, 200, "{v}");
    let deals = v["session"]["deals"].as_array().unwrap();
    assert_eq!(
        deals[0]["entry"],
        "rufer Bent+Dorte won kontra; pagat announced Bent made Bent kontra"
    );
    assert_eq!(v["session"]["totals"]["Bent"], 6.0);
    assert_eq!(v["session"]["totals"]["Carl"], -6.0);
    assert_eq!(v["session"]["totals"]["Anna"], 0.0);
    assert_eq!(
        v["chart"]["rows"][1]["totals"],
        json!([0.0, 6.0, -6.0, 6.0, -6.0])
    );

    // The engine's refusals come back in its words, and nothing is stored.
    let before = get(srv.addr, id).await;
    let alone = json!({"kind": "koenigrufen", "contract": "piccolo", "declarer": "Carl",
        "partner": "Dorte", "result": "won"});
    let (status, r) = deal(srv.addr, id, alone).await;
    assert_eq!(status, 422, "{r}");
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .contains("Piccolo is played alone"),
        "{r}"
    );
    let out = json!({"kind": "koenigrufen", "contract": "dreier", "declarer": "Bent",
        "result": "won"});
    let (status, r) = deal(srv.addr, id, out).await;
    assert_eq!(status, 422, "{r}");
    assert!(
        r["error"].as_str().unwrap().contains("sits out this deal"),
        "{r}"
    );
    assert_eq!(get(srv.addr, id).await, before);

    // A Renonce from the same form; a typed line for what the form leaves out.
    let renonce = json!({"kind": "koenigrufen", "contract": "dreier", "declarer": "Carl",
        "kontra": "kontra", "renonce": "Anna",
        "premiums": [{"premium": "pagat", "announced": "Carl"}]});
    let (status, v) = deal(srv.addr, id, renonce).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v["session"]["deals"][1]["entry"],
        "renonce Anna dreier Carl kontra; pagat"
    );
    let (status, v) = deal(srv.addr, id, json!({"kind": "text", "text": "void"})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["session"]["deals"].as_array().unwrap().len(), 3);

    let (status, _, csv) = http_text(
        srv.addr,
        "GET",
        &format!("/api/sheets/{id}/export.csv"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        csv.starts_with("deal,dealer,Anna,Bent,Carl,Dorte,Erik,note"),
        "{csv}"
    );
    // The Danish ledger's own downloads are refused for a score sheet.
    let (status, r) = http(
        srv.addr,
        "GET",
        &format!("/api/sheets/{id}/chart.svg"),
        None,
    )
    .await;
    assert_eq!(status, 404, "{r}");
    srv.stop();
}

#[tokio::test]
async fn the_1829_partie_and_bad_tables() {
    let dir = tempfile::tempdir().unwrap();
    let srv = server(&dir.path().join("t.sqlite")).await;
    let (id, v) = new_evening(
        srv.addr,
        json!({"preset": "dk-1829-partners", "players": ["Anna", "Bent", "Carl", "Dorte"]}),
    )
    .await;
    assert_eq!(v["family"], "historic");
    assert_eq!(
        v["form"]["sides"],
        json!([["Anna", "Bent"], ["Carl", "Dorte"]])
    );
    let (status, r) = deal(srv.addr, id, json!({"kind": "partie", "numbers": [40, 40]})).await;
    assert_eq!(status, 422, "{r}");
    assert!(r["error"].as_str().unwrap().contains("add up to 72"), "{r}");
    let (status, v) = deal(srv.addr, id, json!({"kind": "partie", "numbers": [40, 32]})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v["session"]["deals"][0]["entry"],
        "Anna+Bent=40 Carl+Dorte=32"
    );

    // Undo with nothing to undo, an unknown evening, tables the ledger refuses.
    let (status, _) = http(srv.addr, "POST", &format!("/api/sheets/{id}/undo"), None).await;
    assert_eq!(status, 200);
    let (status, r) = http(srv.addr, "POST", &format!("/api/sheets/{id}/undo"), None).await;
    assert_eq!(status, 409, "{r}");
    assert!(
        r["error"].as_str().unwrap().contains("no deal to undo"),
        "{r}"
    );
    let (status, _) = http(srv.addr, "GET", "/api/sheets/99", None).await;
    assert_eq!(status, 404);
    for (body, why) in [
        (
            json!({"preset": "dk-dtf-2011", "players": ["Anna", "anna", "Carl"]}),
            "the same person",
        ),
        (
            json!({"preset": "dk-dtf-2011", "players": ["A", "B", "C", "D"], "seating": "sideways"}),
            "unknown seating",
        ),
        (
            json!({"preset": "at-koenigrufen-spieleversum", "players": ["A", "B", "C"]}),
            "4",
        ),
    ] {
        let (status, r) = http(srv.addr, "POST", "/api/sheets", Some(body)).await;
        assert_eq!(status, 422, "{r}");
        assert!(r["error"].as_str().unwrap().contains(why), "{r}");
    }
    let (status, list) = http(srv.addr, "GET", "/api/sheets", None).await;
    assert_eq!(status, 200);
    assert_eq!(
        list.as_array().unwrap().len(),
        1,
        "a refused table is not stored"
    );
    srv.stop();
}
