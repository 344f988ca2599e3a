//! CSV, JSON and SVG exports reflect the ledger.

use tarok_danish::Preset;
use tarok_ledger::export::{balances_csv, lines_csv, svg_chart, to_json};
use tarok_ledger::Session;

fn evening() -> Session {
    let names = ["Anna", "Bent \"B\"", "Carl"].map(String::from).to_vec();
    let mut s = Session::new(Preset::Dtf2011, None, names, 0).unwrap();
    for seed in 0..6 {
        let (e, _) = s.engine_deal(seed);
        s.enter(e).unwrap();
    }
    s.close().unwrap();
    s
}

#[test]
fn lines_csv_has_one_row_per_line_and_sums_to_zero() {
    let s = evening();
    let csv = lines_csv(&s);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows[0], "deal,from,to,amount,kind,reason,rule");
    assert_eq!(rows.len(), s.lines.len() + 1);
    // The quoted name survives.
    assert!(csv.contains("\"Bent \"\"B\"\"\""));
}

#[test]
fn balances_csv_ends_with_the_final_balances() {
    let s = evening();
    let csv = balances_csv(&s);
    let rows: Vec<&str> = csv.lines().collect();
    // funding, 6 deals, split.
    assert_eq!(rows.len(), 1 + 1 + 6 + 1);
    let last: Vec<i32> = rows[8]
        .split(',')
        .skip(2)
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!(last[..3], s.balances[..]);
    assert_eq!(last[3..], [0, 0]);
    assert_eq!(last.iter().sum::<i32>(), 0);
    assert!(rows[1].starts_with("funding,,-40,-40,-40,60,60"));
}

#[test]
fn json_and_svg() {
    let s = evening();
    let j = to_json(&s);
    assert_eq!(j["deals"].as_array().unwrap().len(), 6);
    assert_eq!(j["lines"].as_array().unwrap().len(), s.lines.len());
    assert_eq!(j["cups"]["kongekop"], 0);
    // Deals name their people; a closed session has no next deal.
    assert_eq!(j["deals"][0]["dealer"], "Anna");
    assert_eq!(j["deals"][0]["balances_after"][2]["name"], "Carl");
    assert_eq!(j["deals"][0]["cups_before"]["pagatkop"], 60);
    assert!(j["next"].is_null());
    let svg = svg_chart(&s);
    assert!(svg.starts_with("<svg"));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polyline").count(), 3);
    assert!(svg.contains("Bent &quot;B&quot;"));
    // Each polyline has a point for funding, each deal and the split.
    let first = svg.split("points=\"").nth(1).unwrap();
    let pts = first.split('"').next().unwrap().split(' ').count();
    assert_eq!(pts, 8);
}
