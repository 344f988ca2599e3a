//! Which of the 14 Königrufen contracts level 2 plays in self-play, and how they end: four
//! `KoenigrufenL2` seats (every decision searched) play seeded deals of
//! `at-koenigrufen-spieleversum`, in parallel over the deals, and a markdown table is printed:
//! each contract, how often it was played, the declarers' win rate and their mean result per
//! deal (points, per declarer). What the raises (Kontra, Re, Subkontra) gain is measured by
//! `examples/raises.rs`.
//!
//! `cargo run --release -p tarok-ai --example contracts_table -- 2000 24 1000`
//! (deals, layouts per decision, thinking time in ms)
//!
//! With `BID_TABLE=<file>` it also writes the model of the bidding that level 2 infers from
//! (`koenigrufen_bids::TAROCKS_BEHIND`): for each thing a seat said in the bidding, how many
//! tarocks its hand held. With `RAISE_TABLE=<file>`, the same for each kind of Kontra and Re
//! (`koenigrufen_bids::TAROCKS_BEHIND_RAISES`). Those tables are drawn from self-play without
//! inference (`Config::infer` off), so that the model does not feed on itself.

use rayon::prelude::*;
use std::time::{Duration, Instant};
use tarok_ai::bot::Bot;
use tarok_ai::koenigrufen_bids::{spoken, tarocks, Raise, Said, Spoken};
use tarok_ai::koenigrufen_l2::KoenigrufenL2;
use tarok_ai::level2::Config;
use tarok_koenigrufen::{Action, Contract, Deal, Ending, Ruleset, ScoreFacts, View};

/// How one deal ended: its contract, whether its declarers won, and their mean result.
struct Played {
    contract: Contract,
    won: bool,
    result: f64,
    schleifen: bool,
    /// Each seat's row in the bid table and its tarocks as dealt.
    bids: Vec<(usize, usize)>,
    /// Each raising seat's row in the raise table (its raise that tells most) and its tarocks.
    raises: Vec<(usize, usize)>,
}

fn play(seed: u64, config: Config) -> Played {
    let mut d = Deal::from_seed(Ruleset::spieleversum(), seed, (seed % 4) as u8);
    let mut bots: Vec<Box<dyn Bot<View, Action>>> = (0..4)
        .map(|s| Box::new(KoenigrufenL2::new(config, seed * 4 + s)) as Box<dyn Bot<View, Action>>)
        .collect();
    tarok_ai::runner::play(&mut d, &mut bots);
    if std::env::var_os("SHOW_DEALS").is_some() {
        // The calls, announcements and settlement of each deal, for a look at a few.
        let calls: Vec<String> = d
            .history()
            .iter()
            .filter(|(_, a)| !matches!(a, Action::Play(_)))
            .map(|(s, a)| format!("P{s} {a}"))
            .collect();
        let lines: Vec<String> = d.settlement().iter().map(|l| format!("{l:?}")).collect();
        eprintln!(
            "deal {seed}: {}
  {}",
            calls.join(", "),
            lines.join("\n  ")
        );
    }
    let f = ScoreFacts::of(d.state(), d.state().play()).expect("a finished deal");
    let b = d.balances();
    let declarers: Vec<usize> = (0..4).filter(|&s| f.declarers & (1 << s) != 0).collect();
    let result =
        declarers.iter().map(|&s| b.players[s] as f64).sum::<f64>() / declarers.len() as f64;
    let won = match f.ending {
        Ending::Positive { game_won, .. } => game_won,
        Ending::Negative { won } => won == f.declarers,
        // Trischaken has no declaring side: the Vorhand "wins" when he does not pay.
        Ending::Trischaken { .. } => result >= 0.0,
        Ending::Schleifen => false,
    };
    let log: Vec<_> = d.history().iter().map(|&(s, a)| (s, Some(a))).collect();
    // Each seat's row of each table (its bidding; its raise that tells most, as the model
    // judges it) with its tarocks as dealt.
    let spoken = spoken(&log);
    let rows = |row: &dyn Fn(Spoken) -> Option<usize>| -> Vec<(usize, usize)> {
        (0..4u8)
            .filter_map(|s| Some((row(spoken[s as usize])?, tarocks(d.state().dealt(s)))))
            .collect()
    };
    let bids = rows(&|s| Some(s.bid?.index()));
    let raises = rows(&|s| Some(s.raised?.index()));
    Played {
        contract: f.contract,
        bids,
        raises,
        won,
        result,
        schleifen: f.ending == Ending::Schleifen,
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let deals = args.first().copied().unwrap_or(200);
    let layouts = args.get(1).copied().unwrap_or(24) as u32;
    let think = Duration::from_millis(args.get(2).copied().unwrap_or(1000));
    let bid_table = std::env::var_os("BID_TABLE");
    let raise_table = std::env::var_os("RAISE_TABLE");
    let config = Config {
        layouts,
        infer: bid_table.is_none() && raise_table.is_none(),
        ..Config::standard(5, think)
    };
    let start = Instant::now();
    let played: Vec<Played> = (0..deals)
        .into_par_iter()
        .map(|seed| play(seed, config))
        .collect();
    println!(
        "{deals} deals of level-2 self-play ({layouts} layouts, think {} ms) in {:.0} s\n",
        think.as_millis(),
        start.elapsed().as_secs_f64()
    );
    println!("| contract | played | share | declarers win | mean result per deal |");
    println!("|---|---:|---:|---:|---:|");
    for c in Contract::ALL {
        let of: Vec<&Played> = played.iter().filter(|p| p.contract == c).collect();
        let n = of.len();
        if n == 0 {
            println!("| {c} | 0 | 0.0% | – | – |");
            continue;
        }
        let won = of.iter().filter(|p| p.won).count();
        let mean = of.iter().map(|p| p.result).sum::<f64>() / n as f64;
        let schleifen = of.iter().filter(|p| p.schleifen).count();
        let note = if schleifen > 0 {
            format!(" ({schleifen} Schleifen)")
        } else {
            String::new()
        };
        println!(
            "| {c}{note} | {n} | {:.1}% | {:.0}% | {mean:+.2} |",
            100.0 * n as f64 / deals as f64,
            100.0 * won as f64 / n as f64
        );
    }
    let source = format!(
        "// Written by examples/contracts_table.rs: {deals} deals of level-2 self-play without \
         inference\n// ({layouts} layouts, think {} ms); ",
        think.as_millis()
    );
    if let Some(path) = bid_table {
        let rows = "rows: passed, mein Vorhand, then the contracts by rank;";
        let counts = played.iter().flat_map(|p| &p.bids);
        write_table::<{ Said::COUNT }>(&path, &(source.clone() + rows), counts);
    }
    if let Some(path) = raise_table {
        let rows = "rows: Kontra on the game, Kontra on a premium, Re on a premium,\n// Re on \
                    the game (each raising seat once, by the one of these that tells most, the \
                    last);";
        let counts = played.iter().flat_map(|p| &p.raises);
        write_table::<{ Raise::COUNT }>(&path, &(source + rows), counts);
    }
}

/// Writes a table of tarocks behind each row (`koenigrufen_bids`) to `path`: a count for each
/// (row, tarocks as dealt) in `counts`, under the comment `head`.
fn write_table<'a, const N: usize>(
    path: &std::ffi::OsStr,
    head: &str,
    counts: impl Iterator<Item = &'a (usize, usize)>,
) {
    let mut rows = [[0u32; 13]; N];
    for &(row, t) in counts {
        rows[row][t] += 1;
    }
    let mut out = format!("{head}\n// columns: 0 to 12 tarocks as dealt.\n[\n");
    for row in rows {
        let cells: Vec<String> = row.iter().map(|n| n.to_string()).collect();
        out += &format!("    [{}],\n", cells.join(", "));
    }
    out += "]\n";
    std::fs::write(path, out).expect("the table written");
}
