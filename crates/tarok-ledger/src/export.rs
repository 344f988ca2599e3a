//! Export: payment lines and balances as CSV, the whole session as JSON, and a chart of each
//! person's balance over the evening as SVG.
//! The score sheets of the other families ([`Sheet`]) as CSV (a row a deal) and JSON.

use crate::ledger::{Account, Cause, DealResult, LedgerLine, Session};
use crate::seating::Seating;
use crate::sheet::{Sheet, SheetDeal};
use serde_json::json;
use std::fmt::Write;

/// Quotes a CSV field when it needs it (RFC 4180).
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn csv_row(fields: &[String]) -> String {
    let row: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
    row.join(",") + "\n"
}

fn cause_text(c: &Cause) -> (String, String) {
    match c {
        Cause::Funding => ("funding".into(), "fundering".into()),
        Cause::Deal { reason } => ("deal".into(), reason.clone()),
        Cause::Fine { fine } => ("fine".into(), fine.clone()),
        Cause::Split => ("split".into(), "deling af kopperne".into()),
    }
}

/// Every payment line: `deal,from,to,amount,kind,reason,rule` (deal empty for funding and split).
pub fn lines_csv(s: &Session) -> String {
    let mut out =
        csv_row(&["deal", "from", "to", "amount", "kind", "reason", "rule"].map(String::from));
    for l in &s.lines {
        let (kind, reason) = cause_text(&l.cause);
        out += &csv_row(&[
            l.deal.map_or(String::new(), |d| d.to_string()),
            s.account_name(l.from),
            s.account_name(l.to),
            l.amount.to_string(),
            kind,
            reason,
            l.rule.clone(),
        ]);
    }
    out
}

/// The balances after funding, after each deal and after the split: one row each.
pub fn balance_rows(s: &Session) -> Vec<(String, Vec<i32>, [i32; 2])> {
    // Summed from the stored funding lines, not today's tariff: a session entered under
    // another rules version shows what was paid then.
    let mut balances = vec![0; s.players.len()];
    let mut cups = [0; 2];
    for l in s.lines.iter().take_while(|l| l.cause == Cause::Funding) {
        for (account, amount) in [(l.from, -l.amount), (l.to, l.amount)] {
            match account {
                Account::Person(p) => balances[p] += amount,
                Account::Cup(c) => cups[c as usize] += amount,
            }
        }
    }
    let mut rows = vec![("funding".to_string(), balances, cups)];
    for d in &s.deals {
        rows.push((d.number.to_string(), d.balances_after.clone(), d.cups_after));
    }
    if s.closed {
        rows.push(("split".to_string(), s.balances.clone(), s.cups));
    }
    rows
}

/// `deal,dealer,<each person>,kongekop,pagatkop`.
pub fn balances_csv(s: &Session) -> String {
    let mut head = vec!["deal".to_string(), "dealer".to_string()];
    head.extend(s.players.iter().cloned());
    head.extend(["kongekop".to_string(), "pagatkop".to_string()]);
    let mut out = csv_row(&head);
    for (i, (label, balances, cups)) in balance_rows(s).into_iter().enumerate() {
        let dealer = (i >= 1)
            .then(|| s.deals.get(i - 1))
            .flatten()
            .map_or(String::new(), |d| s.players[d.seating.dealer].clone());
        let mut row = vec![label, dealer];
        row.extend(balances.iter().map(i32::to_string));
        row.extend(cups.iter().map(i32::to_string));
        out += &csv_row(&row);
    }
    out
}

/// One payment line, accounts by name.
fn line_json(s: &Session, l: &LedgerLine) -> serde_json::Value {
    let (kind, reason) = cause_text(&l.cause);
    json!({
        "deal": l.deal,
        "from": s.account_name(l.from),
        "to": s.account_name(l.to),
        "amount": l.amount,
        "kind": kind,
        "reason": reason,
        "rule": l.rule,
    })
}

/// Balances by name: `[{"name", "balance"}, …]` in seating order.
pub fn balances_json(s: &Session, balances: &[i32]) -> serde_json::Value {
    s.players
        .iter()
        .zip(balances)
        .map(|(p, b)| json!({"name": p, "balance": b}))
        .collect()
}

/// The two cups by name.
pub fn cups_json(cups: [i32; 2]) -> serde_json::Value {
    json!({"kongekop": cups[0], "pagatkop": cups[1]})
}

/// Who sits where in a deal, by name, and who does not count.
fn seating_json(s: &Session, seating: &Seating) -> serde_json::Value {
    let name = |p: usize| s.players[p].clone();
    json!({
        "dealer": name(seating.dealer),
        "forhånd": name(seating.seats[0]),
        "mellemhånd": name(seating.seats[1]),
        "sitting_out": seating.sitting_out().iter().map(|&p| name(p)).collect::<Vec<_>>(),
        "non_counter": name(seating.seats[seating.non_counter as usize]),
    })
}

/// The next deal's seating, and whether its dealer pays the ante; null once closed.
pub fn next_json(s: &Session) -> serde_json::Value {
    if s.closed {
        return serde_json::Value::Null;
    }
    let mut v = seating_json(s, &s.seating());
    v["ante"] = s.ante_due.into();
    v
}

/// One deal: its seating, entry, payment lines and the standing after it, all by name.
pub fn deal_json(s: &Session, d: &DealResult) -> serde_json::Value {
    let mut v = seating_json(s, &d.seating);
    let fields = json!({
        "number": d.number,
        "ante": d.ante,
        "entry": d.entry,
        "lines": s.lines[d.lines.clone()].iter().map(|l| line_json(s, l)).collect::<Vec<_>>(),
        "cups_before": cups_json(d.cups_before),
        "cups_after": cups_json(d.cups_after),
        "balances_after": balances_json(s, &d.balances_after),
    });
    for (k, x) in fields.as_object().expect("an object") {
        v[k] = x.clone();
    }
    v
}

/// The whole session: table, deals with their entries and seating, lines by name, balances,
/// and the next deal's seating.
pub fn to_json(s: &Session) -> serde_json::Value {
    json!({
        "preset": s.preset.id(),
        "seating": s.scheme.id(),
        "players": s.players,
        "first_dealer": s.players[s.first_dealer],
        "closed": s.closed,
        "rules_version": s.rules_version,
        "rules_note": s.rules_note(),
        "balances": balances_json(s, &s.balances),
        "cups": cups_json(s.cups),
        "next": next_json(s),
        "deals": s.deals.iter().map(|d| deal_json(s, d)).collect::<Vec<_>>(),
        "lines": s.lines.iter().map(|l| line_json(s, l)).collect::<Vec<_>>(),
    })
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const COLOURS: [&str; 5] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"];

/// A line chart of each person's balance after funding, after each deal and after the split.
pub fn svg_chart(s: &Session) -> String {
    let rows = balance_rows(s);
    let note = s.rules_note();
    let (w, h, left, right, bottom) = (720.0, 400.0, 60.0, 130.0, 40.0);
    // A second title line, under the first, for the rules note.
    let top = if note.is_some() { 44.0 } else { 30.0 };
    let plot_w = w - left - right;
    let plot_h = h - top - bottom;
    let values = rows.iter().flat_map(|r| r.1.iter().copied());
    let lo = values.clone().min().unwrap_or(0).min(0) as f64;
    let hi = values.max().unwrap_or(0).max(0) as f64;
    let span = if hi > lo { hi - lo } else { 1.0 };
    let steps = (rows.len().max(2) - 1) as f64;
    let x = |i: usize| left + plot_w * i as f64 / steps;
    let y = |v: f64| top + plot_h * (hi - v) / span;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{left}" y="18">Balances, {} ({})</text>"#,
        xml_escape(&s.players.join(", ")),
        s.preset.id()
    );
    if let Some(note) = note {
        let _ = writeln!(
            out,
            r#"<text x="{left}" y="32" font-size="10">{}</text>"#,
            xml_escape(&note)
        );
    }
    // Axes: zero line and the extremes.
    for v in [lo, 0.0, hi] {
        let _ = writeln!(
            out,
            r##"<line x1="{left}" y1="{y:.1}" x2="{x2:.1}" y2="{y:.1}" stroke="#ccc"/><text x="{tx:.1}" y="{ty:.1}" text-anchor="end">{v}</text>"##,
            y = y(v),
            x2 = left + plot_w,
            tx = left - 6.0,
            ty = y(v) + 4.0,
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">deal</text>"#,
        left + plot_w / 2.0,
        h - 8.0
    );
    for (i, (label, _, _)) in rows.iter().enumerate() {
        if rows.len() <= 30 || i % (rows.len() / 15 + 1) == 0 {
            let _ = writeln!(
                out,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10">{}</text>"#,
                x(i),
                top + plot_h + 14.0,
                if label == "funding" { "0" } else { label }
            );
        }
    }
    for (p, name) in s.players.iter().enumerate() {
        let colour = COLOURS[p % COLOURS.len()];
        let points: Vec<String> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| format!("{:.1},{:.1}", x(i), y(r.1[p] as f64)))
            .collect();
        let _ = writeln!(
            out,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#,
            points.join(" ")
        );
        let last = rows.last().map_or(0, |r| r.1[p]);
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" fill="{colour}">{} {last:+}</text>"#,
            left + plot_w + 8.0,
            top + 16.0 * (p as f64 + 1.0),
            xml_escape(name)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Half points as a number of points (a Königrufen misdeal can leave a half, §16.1, A32).
fn points(halves: i32) -> f64 {
    f64::from(halves) / 2.0
}

/// Each person's points by name.
pub fn sheet_points_json(s: &Sheet, halves: &[i32]) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = s
        .players
        .iter()
        .zip(halves)
        .map(|(p, &h)| (p.clone(), json!(points(h))))
        .collect();
    serde_json::Value::Object(map)
}

/// Who plays the next deal of a score sheet, by name.
pub fn sheet_next_json(s: &Sheet) -> serde_json::Value {
    if s.closed {
        return serde_json::Value::Null;
    }
    let n = s.next();
    let name = |p: &usize| s.players[*p].clone();
    json!({"dealer": name(&n.dealer), "seats": n.seats.iter().map(name).collect::<Vec<_>>(),
        "sitting_out": n.sitting_out.iter().map(name).collect::<Vec<_>>()})
}

/// One deal of a score sheet: its entry, note, points and payments, by name.
pub fn sheet_deal_json(s: &Sheet, d: &SheetDeal) -> serde_json::Value {
    let name = |p: usize| s.players[p].clone();
    json!({
        "number": d.number,
        "entry": d.entry.text,
        "record": d.entry.record,
        "dealer": name(d.dealer),
        "sitting_out": d.sitting_out.iter().map(|&p| name(p)).collect::<Vec<_>>(),
        "note": d.note,
        "points": sheet_points_json(s, &d.halves),
        "lines": d.lines.iter().map(|l| json!({"from": name(l.from), "to": name(l.to),
            "points": points(l.halves), "reason": l.reason})).collect::<Vec<_>>(),
    })
}

/// The whole score sheet as JSON: the table, every deal, the totals and the next deal.
pub fn sheet_json(s: &Sheet) -> serde_json::Value {
    json!({
        "preset": s.preset,
        "players": s.players,
        "first_dealer": s.players[s.first_dealer],
        "closed": s.closed,
        "rules_version": s.rules_version,
        "rules_note": s.rules_note(),
        "deals": s.deals.iter().map(|d| sheet_deal_json(s, d)).collect::<Vec<_>>(),
        "totals": sheet_points_json(s, &s.totals()),
        "next": sheet_next_json(s),
    })
}

/// The score sheet as CSV: `deal,dealer,NAME…,note`, a row a deal with each person's points,
/// and a last row of totals.
pub fn sheet_csv(s: &Sheet) -> String {
    let mut head = vec!["deal".to_string(), "dealer".to_string()];
    head.extend(s.players.iter().cloned());
    head.push("note".into());
    let mut out = csv_row(&head);
    let row = |number: String, dealer: String, halves: &[i32], note: String| {
        let mut r = vec![number, dealer];
        r.extend(halves.iter().map(|&h| points(h).to_string()));
        r.push(note);
        csv_row(&r)
    };
    for d in &s.deals {
        out += &row(
            d.number.to_string(),
            s.players[d.dealer].clone(),
            &d.halves,
            d.note.clone(),
        );
    }
    out += &row("total".into(), String::new(), &s.totals(), String::new());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
