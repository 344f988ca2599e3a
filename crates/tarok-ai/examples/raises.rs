//! What level 2's raises gain in Königrufen: in level-2 self-play, at each announcement,
//! Kontra, Re or Subkontra a seat makes where "gut" was legal, the deal is played on twice from
//! there, once with the raise and once with "gut" (the same fresh bots for both), and the
//! seat's results are compared. Prints, for each kind of raise, how often it was made and its
//! mean gain over "gut" with a 95% interval.
//!
//! `cargo run --release -p tarok-ai --example raises -- 150` (deals of self-play); with a
//! second argument `negative`, only the deals whose contract is a negative game other than
//! Trischaken are played on past the bidding, to gather the Kontras on those games.

use rayon::prelude::*;
use std::time::Duration;
use tarok_ai::bot::Bot;
use tarok_ai::koenigrufen_l2::KoenigrufenL2;
use tarok_ai::level2::Config;
use tarok_ai::runner;
use tarok_core::Game;
use tarok_koenigrufen::{Action, Contract, Deal, Item, Ruleset, View};

/// The kinds of raise, in the order printed.
const KINDS: [&str; 6] = [
    "premium announced",
    "Kontra on a positive game",
    "Kontra on a negative game",
    "Kontra on a premium",
    "Re",
    "Subkontra",
];

/// The kind of raise `a` is in `d`, if it is one.
fn kind(d: &Deal, a: Action) -> Option<usize> {
    match a {
        Action::Announce(_) => Some(0),
        Action::Kontra(Item::Game(_)) => Some(1 + usize::from(negative(d))),
        Action::Kontra(Item::Premium(_)) => Some(3),
        Action::Re(..) => Some(4),
        Action::Subkontra(_) => Some(5),
        _ => None,
    }
}

/// Whether `d`'s contract is a negative game with a declarer (not Trischaken).
fn negative(d: &Deal) -> bool {
    d.state()
        .contract()
        .is_some_and(|c| c.is_negative() && c != Contract::Trischaken)
}

/// Four level-2 bots seeded from `seed`.
fn bots(seed: u64, config: Config) -> Vec<Box<dyn Bot<View, Action>>> {
    (0..4)
        .map(|s| Box::new(KoenigrufenL2::new(config, seed * 4 + s)) as Box<dyn Bot<View, Action>>)
        .collect()
}

/// The result for `seat` of `d` played on from `first` by fresh bots seeded from `seed`.
fn played_on(d: &Deal, first: Action, seat: u8, seed: u64, config: Config) -> i32 {
    let mut d = d.clone();
    d.apply(first).expect("a legal action");
    runner::play(&mut d, &mut bots(seed, config));
    d.balances().players[seat as usize]
}

fn main() {
    let deals: u64 = std::env::args()
        .nth(1)
        .map_or(150, |s| s.parse().expect("a number of deals"));
    let only_negative = std::env::args().nth(2).is_some_and(|s| s == "negative");
    let config = Config::standard(5, Duration::from_secs(60));
    let gains: Vec<(usize, i32)> = (0..deals)
        .into_par_iter()
        .flat_map_iter(|seed| {
            // The self-play itself, watched at each decision (a bot sees only its view, and
            // the fork needs the whole deal, hence this loop of its own).
            let mut out = Vec::new();
            let mut d = Deal::from_seed(Ruleset::spieleversum(), seed, (seed % 4) as u8);
            let mut players = bots(seed, config);
            let mut legal = Vec::new();
            let mut step = 0u64;
            while let Some(s) = Game::to_act(&d) {
                if only_negative && d.state().contract().is_some() && !negative(&d) {
                    break;
                }
                Game::legal_into(&d, &mut legal);
                let a = players[s as usize].decide(&d.view(s), &legal).action;
                step += 1;
                if let Some(k) = kind(&d, a).filter(|_| legal.contains(&Action::Gut)) {
                    let fork = 1_000_003 * seed + step;
                    let gain = played_on(&d, a, s, fork, config)
                        - played_on(&d, Action::Gut, s, fork, config);
                    out.push((k, gain));
                }
                d.apply(a).expect("a legal action");
            }
            out
        })
        .collect();
    let which = if only_negative {
        ", those with a negative game"
    } else {
        ""
    };
    println!(
        "{deals} deals of level-2 self-play{which}: each raise against \"gut\", played on both \
         ways\n"
    );
    println!("| raise | made | mean gain over gut | 95% interval | better | worse |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (k, name) in KINDS.iter().enumerate() {
        let g: Vec<f64> = gains
            .iter()
            .filter(|r| r.0 == k)
            .map(|r| r.1 as f64)
            .collect();
        if g.is_empty() {
            println!("| {name} | 0 | – | – | 0 | 0 |");
            continue;
        }
        let n = g.len() as f64;
        let mean = g.iter().sum::<f64>() / n;
        let sd = (g.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)).sqrt();
        let half = 1.96 * sd / n.sqrt();
        println!(
            "| {name} | {} | {mean:+.2} | {:+.2} .. {:+.2} | {} | {} |",
            g.len(),
            mean - half,
            mean + half,
            g.iter().filter(|&&x| x > 0.0).count(),
            g.iter().filter(|&&x| x < 0.0).count()
        );
    }
}
