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

/// Each exported line says what it is: the kind and reason of its cause, by name, in the CSV and
/// the JSON alike, and each deal's row names that deal's dealer.
#[test]
fn exported_lines_and_rows_say_what_they_are() {
    use tarok_ledger::ledger::Cause;
    let s = evening();
    let csv = lines_csv(&s);
    let j = to_json(&s);
    for (i, (l, row)) in s.lines.iter().zip(csv.lines().skip(1)).enumerate() {
        let (kind, reason) = match &l.cause {
            Cause::Funding => ("funding", "fundering".to_string()),
            Cause::Deal { reason } => ("deal", reason.clone()),
            Cause::Fine { fine } => ("fine", fine.clone()),
            Cause::Split => ("split", "deling af kopperne".to_string()),
        };
        let (from, to) = (s.account_name(l.from), s.account_name(l.to));
        assert!(row.contains(&format!(",{kind},")), "{row}");
        let line = &j["lines"][i];
        assert_eq!(
            (
                &line["from"],
                &line["to"],
                &line["amount"],
                &line["kind"],
                &line["reason"]
            ),
            (
                &from.into(),
                &to.into(),
                &l.amount.into(),
                &kind.into(),
                &reason.into()
            ),
        );
    }
    let balances = balances_csv(&s);
    for (d, row) in s.deals.iter().zip(balances.lines().skip(2)) {
        let dealer = &s.players[d.seating.dealer];
        let quoted = format!("\"{}\"", dealer.replace('"', "\"\""));
        let field = row.split(',').nth(1).unwrap();
        assert!(
            field == dealer || field == quoted,
            "deal {}: {row}",
            d.number
        );
    }
}

/// An open session names the next deal's seating and whether its dealer pays the ante.
#[test]
fn an_open_session_names_the_next_deal() {
    let names = ["Anna", "Bent", "Carl"].map(String::from).to_vec();
    let mut s = Session::new(Preset::Dtf2011, None, names, 0).unwrap();
    let (e, _) = s.engine_deal(1);
    s.enter(e).unwrap();
    let next = &to_json(&s)["next"];
    assert_eq!(next["dealer"], s.players[s.seating().dealer].as_str());
    assert_eq!(next["ante"], s.ante_due);
}

/// The chart fits its frame: each person's points run evenly from the left edge of the plot to
/// its right edge, the highest balance (or 0) at the top and the lowest (or 0) at the bottom,
/// and a higher balance is always drawn higher.
#[test]
fn the_chart_fits_its_frame() {
    let s = evening();
    let svg = svg_chart(&s);
    let rows = tarok_ledger::export::balance_rows(&s);
    let top = if s.rules_note().is_some() { 44.0 } else { 30.0 };
    let (left, right_edge, bottom_edge) = (60.0, 720.0 - 130.0, 400.0 - 40.0);
    let values: Vec<i32> = rows.iter().flat_map(|r| r.1.clone()).collect();
    let hi = (*values.iter().max().unwrap()).max(0);
    let lo = (*values.iter().min().unwrap()).min(0);
    let mut drawn: Vec<(i32, f64)> = Vec::new();
    for (p, line) in svg.split("points=\"").skip(1).enumerate() {
        let points: Vec<(f64, f64)> = line
            .split('"')
            .next()
            .unwrap()
            .split(' ')
            .map(|xy| {
                let (x, y) = xy.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        assert_eq!(points.len(), rows.len());
        let step = (right_edge - left) / (rows.len() - 1) as f64;
        for (i, &(x, y)) in points.iter().enumerate() {
            assert!(
                (x - (left + step * i as f64)).abs() < 0.06,
                "P{p} point {i}: x {x}"
            );
            drawn.push((rows[i].1[p], y));
        }
    }
    for &(v, y) in &drawn {
        assert!(
            (top - 0.06..=bottom_edge + 0.06).contains(&y),
            "{v} at y {y}"
        );
        if v == hi {
            assert!((y - top).abs() < 0.06, "the highest balance {v} at y {y}");
        }
        if v == lo {
            assert!(
                (y - bottom_edge).abs() < 0.06,
                "the lowest balance {v} at y {y}"
            );
        }
        for &(w, z) in &drawn {
            assert!(v <= w || y < z, "{v} drawn at {y}, {w} at {z}");
        }
    }
}

/// Each person has a colour of his own, and a long evening labels every third deal or so, so
/// that the labels do not overlap; a short one labels every deal.
#[test]
fn the_chart_tells_people_and_deals_apart() {
    let colours = |svg: &str| -> Vec<String> {
        svg.split("<polyline fill=\"none\" stroke=\"")
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap().to_string())
            .collect()
    };
    let labels = |svg: &str| -> Vec<String> {
        svg.split("text-anchor=\"middle\" font-size=\"10\">")
            .skip(1)
            .map(|rest| rest.split('<').next().unwrap().to_string())
            .collect()
    };
    let short = svg_chart(&evening());
    let mut seen = colours(&short);
    assert_eq!(seen.len(), 3);
    seen.dedup();
    assert_eq!(seen.len(), 3, "{short}");
    assert_eq!(labels(&short), ["0", "1", "2", "3", "4", "5", "6", "split"]);
    let names = ["Anna", "Bent", "Carl"].map(String::from).to_vec();
    let mut long = Session::new(Preset::Dtf2011, None, names, 0).unwrap();
    for seed in 0..40 {
        let (e, _) = long.engine_deal(seed);
        long.enter(e).unwrap();
    }
    // Funding and 40 deals: 41 points, every third labelled (41 / 15 + 1 = 3).
    let expected: Vec<String> = (0..41).step_by(3).map(|i| i.to_string()).collect();
    assert_eq!(labels(&svg_chart(&long)), expected);
}
