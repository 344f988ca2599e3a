//! `tarok session …` for the score sheets of Königrufen and the 1829 Partier
//! (`tarok_ledger::sheet`): the same commands, database and one transaction per command as the
//! Danish ledger, dispatched here by the session's preset.

use super::{
    check_export, confirm, print, session_id, session_to_read, write_export, SessionArgs,
    SessionCommand, Stake,
};
use anyhow::{bail, Context, Result};
use std::fmt::Write as _;
use std::path::Path;
use tarok_koenigrufen::table::halves_text;
use tarok_ledger::export;
use tarok_ledger::sheet::{Sheet, SheetEntry};
use tarok_ledger::store::Store;
use tarok_words::counted;

/// Text of one deal: who dealt, who sat out, the note, the payments and the points.
fn deal_text(s: &Sheet, number: u32) -> String {
    let d = &s.deals[number as usize - 1];
    let name = |p: usize| s.players[p].as_str();
    let out: Vec<&str> = d.sitting_out.iter().map(|&p| name(p)).collect();
    let mut t = format!(
        "Deal {}: {} deals{}\n  {}\n",
        d.number,
        name(d.dealer),
        if out.is_empty() {
            String::new()
        } else {
            format!(", sitting out: {}", out.join(", "))
        },
        d.note
    );
    for l in &d.lines {
        let _ = writeln!(
            t,
            "  {} -> {}: {}, {}",
            name(l.from),
            name(l.to),
            halves_text(l.halves).trim_start_matches('+'),
            l.reason
        );
    }
    let _ = writeln!(t, "  Points: {}", points_text(s, &d.halves));
    t
}

fn points_text(s: &Sheet, halves: &[i32]) -> String {
    s.players
        .iter()
        .zip(halves)
        .map(|(p, &h)| format!("{p} {}", halves_text(h)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn totals_text(s: &Sheet) -> String {
    let mut t = format!("Totals: {}\n", points_text(s, &s.totals()));
    let open = s.partie_open();
    if open > 0 {
        let _ = writeln!(
            t,
            "The Partie in progress has {open} deal{} and is paid when it ends.",
            if open == 1 { "" } else { "s" }
        );
    }
    t
}

fn next_text(s: &Sheet) -> String {
    if s.closed {
        return "The session is closed.\n".into();
    }
    let n = s.next();
    let name = |p: &usize| s.players[*p].as_str();
    let seats: Vec<&str> = n.seats.iter().map(name).collect();
    let out: Vec<&str> = n.sitting_out.iter().map(name).collect();
    format!(
        "Next deal: {} deals; {} play, in this order{}.\n",
        name(&n.dealer),
        seats.join(", "),
        if out.is_empty() {
            String::new()
        } else {
            format!("; sitting out: {}", out.join(", "))
        }
    )
}

/// The sheet as a table: a row a deal, a column a person, and the totals.
fn sheet_table(s: &Sheet) -> String {
    if s.deals.is_empty() {
        return String::new();
    }
    let width = |name: &str| name.chars().count();
    let dealer_w = s.players.iter().map(|p| width(p)).max().unwrap_or(0).max(6);
    let col_w: Vec<usize> = s.players.iter().map(|p| width(p).max(6)).collect();
    let mut t = format!("  {:>5}  {:<dealer_w$}", "Deal", "Dealer");
    for (p, w) in s.players.iter().zip(&col_w) {
        let _ = write!(t, "  {p:>w$}");
    }
    t.push_str("  Note\n");
    let mut row = |label: String, dealer: &str, halves: &[i32], note: &str| {
        let _ = write!(t, "  {label:>5}  {dealer:<dealer_w$}");
        for (&h, w) in halves.iter().zip(&col_w) {
            let _ = write!(t, "  {:>w$}", halves_text(h));
        }
        let _ = writeln!(t, "  {note}");
    };
    for d in &s.deals {
        row(
            d.number.to_string(),
            &s.players[d.dealer],
            &d.halves,
            &d.note,
        );
    }
    row("total".into(), "", &s.totals(), "");
    t
}

/// The entry of `session deal` for a score sheet: `--game TEXT`, or `--record FILE` (`-` for
/// standard input) made into the same text for the sheet as it is when the deal is entered.
fn entry(game: &Option<String>, record: &Option<String>) -> Result<SheetSource> {
    Ok(match (game, record) {
        (Some(text), None) => SheetSource::Text(text.clone()),
        (None, Some(src)) => SheetSource::Record(if src == "-" {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)?;
            s
        } else {
            std::fs::read_to_string(src).with_context(|| format!("cannot read {src}"))?
        }),
        _ => bail!(
            "enter the deal with --game TEXT (see `tarok session deal --help` for the syntax) or --record FILE"
        ),
    })
}

enum SheetSource {
    Text(String),
    Record(String),
}

/// Runs a command other than `new` on a score sheet's session.
pub(super) fn run(store: &mut Store, path: &Path, args: &SessionArgs, json: bool) -> Result<()> {
    match &args.command {
        SessionCommand::Deal(d) => {
            if d.danish_options() {
                bail!(
                    "this session is a score sheet: enter the deal with --game TEXT or --record FILE (the other options are the Danish ledger's); see `tarok session deal --help`"
                );
            }
            let source = entry(&d.game, &d.record)?;
            let (id, s) = store.write(|t| {
                let id = session_id(t, args)?;
                let s = t.enter_sheet(id, |s| match &source {
                    SheetSource::Text(text) => Ok(SheetEntry {
                        text: text.clone(),
                        record: None,
                    }),
                    SheetSource::Record(r) => s.entry_from_record(r),
                })?;
                Ok::<_, anyhow::Error>((id, s))
            })?;
            let d = s.deals.last().expect("entered");
            let text = format!(
                "{}{}{}",
                deal_text(&s, d.number),
                totals_text(&s),
                next_text(&s)
            );
            confirm(
                json,
                &text,
                serde_json::json!({"session": id, "deal": export::sheet_deal_json(&s, d),
                    "totals": export::sheet_points_json(&s, &s.totals()),
                    "next": export::sheet_next_json(&s)}),
                &format!("deal {} is stored in session {id}", d.number),
            );
            Ok(())
        }
        SessionCommand::Show { stake } => {
            no_stake(stake)?;
            let (id, s) = read_sheet(store, args)?;
            let mut text = format!(
                "Session {id}: {} ({}), {}{}\n",
                s.players.join(", "),
                s.preset,
                counted(s.deals.len() as u32, "deal", "deals"),
                if s.closed { ", closed" } else { "" }
            );
            if let Some(note) = s.rules_note() {
                let _ = writeln!(text, "This session was {note}.");
            }
            text.push_str(&sheet_table(&s));
            text.push_str(&totals_text(&s));
            text.push_str(&next_text(&s));
            let mut value = export::sheet_json(&s);
            value["id"] = id.into();
            print(json, &text, value)
        }
        SessionCommand::Export { format, out, force } => {
            check_export(json, format, out, path, *force)?;
            let (_, s) = read_sheet(store, args)?;
            let body = match format.as_str() {
                "csv" => export::sheet_csv(&s),
                "json" => serde_json::to_string_pretty(&export::sheet_json(&s))? + "\n",
                other => bail!(
                    "unknown format {other:?} for a score sheet; use csv (a row a deal) or json"
                ),
            };
            write_export(json, out, body)
        }
        SessionCommand::Undo => {
            let (id, (before, s, deal)) = store.write(|t| {
                let id = session_id(t, args)?;
                Ok::<_, anyhow::Error>((id, t.undo_sheet(id)?))
            })?;
            let text = format!(
                "Removed from session {id}:\n{}{}{}",
                deal_text(&before, deal.number),
                totals_text(&s),
                next_text(&s)
            );
            confirm(
                json,
                &text,
                serde_json::json!({"session": id, "removed": export::sheet_deal_json(&before, &deal),
                    "totals": export::sheet_points_json(&s, &s.totals()),
                    "next": export::sheet_next_json(&s)}),
                &format!("deal {} is removed from session {id}", deal.number),
            );
            Ok(())
        }
        SessionCommand::Close { stake } => {
            no_stake(stake)?;
            let (id, s) = store.write(|t| {
                let id = session_id(t, args)?;
                Ok::<_, anyhow::Error>((id, t.close_sheet(id)?))
            })?;
            let text = format!("Session {id} closed.\n{}", totals_text(&s));
            let mut value = export::sheet_json(&s);
            value["id"] = id.into();
            confirm(json, &text, value, &format!("session {id} is closed"));
            Ok(())
        }
        SessionCommand::New { .. } | SessionCommand::List | SessionCommand::Fines { .. } => {
            unreachable!("not a command on one session")
        }
    }
}

/// Creates the score sheet of `session new`.
pub(super) fn new(path: &Path, s: Sheet, json: bool) -> Result<()> {
    let mut store = Store::open(path)?;
    let id = store.write(|t| {
        super::refuse_while_open(t)?;
        Ok::<_, anyhow::Error>(t.create_sheet(&s)?)
    })?;
    let text = format!(
        "Session {id} in {}: {} ({}), a score sheet.\n{}",
        path.display(),
        s.players.join(", "),
        s.preset,
        next_text(&s)
    );
    let mut value = export::sheet_json(&s);
    value["id"] = id.into();
    value["db"] = serde_json::json!(path);
    confirm(
        json,
        &text,
        value,
        &format!("session {id} is created in {}", path.display()),
    );
    Ok(())
}

/// A score sheet keeps points, not the Danish ledger's kroner.
fn no_stake(stake: &Stake) -> Result<()> {
    if stake.stake.is_some() {
        bail!("--stake is for the Danish ledger's kroner; a score sheet keeps points");
    }
    Ok(())
}

/// The session a command that only looks reads, as a score sheet.
fn read_sheet(store: &Store, args: &SessionArgs) -> Result<(i64, Sheet)> {
    store.read(|t| {
        let id = session_to_read(t, args)?;
        Ok((id, t.load_sheet(id)?))
    })
}

/// Whether the session a command works on is a score sheet (the database must exist).
pub(super) fn is_sheet(store: &Store, args: &SessionArgs, read_only: bool) -> bool {
    store
        .read(|t| {
            let id = if read_only {
                session_to_read(t, args)?
            } else {
                session_id(t, args)?
            };
            Ok::<_, anyhow::Error>(t.preset_of(id)?)
        })
        .is_ok_and(|p| Sheet::is_sheet_preset(&p))
}
