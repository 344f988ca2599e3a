//! What level 2's raises gain in Königrufen: in level-2 self-play, at each announcement,
//! Kontra, Re or Subkontra a seat makes where "gut" was legal, the deal is played on twice from
//! there, once with the raise and once with "gut" (the same fresh bots for both), and the
//! seat's results are compared. Prints, for each kind of raise, how often it was made and its
//! mean gain over "gut" with a 95% interval.
//!
//! `cargo run --release -p tarok-ai --example raises -- 150` (deals of self-play)

use rayon::prelude::*;
use std::time::Duration;
use tarok_ai::bot::Bot;
use tarok_ai::koenigrufen_l2::KoenigrufenL2;
use tarok_ai::level2::Config;
use tarok_core::Game;
use tarok_koenigrufen::{Action, Deal, Item, Ruleset};

/// The kinds of raise, in the order printed.
const KINDS: [&str; 5] = [
    "premium announced",
    "Kontra on the game",
    "Kontra on a premium",
    "Re",
    "Subkontra",
];

/// The kind of raise `a` is, if it is one.
fn kind(a: Action) -> Option<usize> {
    match a {
        Action::Announce(_) => Some(0),
        Action::Kontra(Item::Game(_)) => Some(1),
        Action::Kontra(Item::Premium(_)) => Some(2),
        Action::Re(..) => Some(3),
        Action::Subkontra(_) => Some(4),
        _ => None,
    }
}

/// Plays `d` to its end with four level-2 bots seeded from `seed`; each seat's
/// `(raise, gain)` is collected by `fork` at every decision.
fn play(
    mut d: Deal,
    seed: u64,
    config: Config,
    mut fork: impl FnMut(&Deal, u8, Action, &[Action]),
) -> Deal {
    let mut bots: Vec<KoenigrufenL2> = (0..4)
        .map(|s| KoenigrufenL2::new(config, seed * 4 + s))
        .collect();
    let mut legal = Vec::new();
    while let Some(s) = Game::to_act(&d) {
        Game::legal_into(&d, &mut legal);
        let a = if legal.len() == 1 {
            legal[0]
        } else {
            bots[s as usize].decide(&d.view(s), &legal).action
        };
        fork(&d, s, a, &legal);
        d.apply(a).expect("a legal action");
    }
    d
}

fn main() {
    let deals: u64 = std::env::args()
        .nth(1)
        .map_or(150, |s| s.parse().expect("a number of deals"));
    let config = Config::standard(5, Duration::from_secs(60));
    let gains: Vec<(usize, i32)> = (0..deals)
        .into_par_iter()
        .flat_map_iter(|seed| {
            let mut out = Vec::new();
            let mut step = 0u64;
            let start = Deal::from_seed(Ruleset::spieleversum(), seed, (seed % 4) as u8);
            play(start, seed, config, |d, s, a, legal| {
                step += 1;
                let Some(k) = kind(a).filter(|_| legal.contains(&Action::Gut)) else {
                    return;
                };
                let fork = 1_000_003 * seed + step;
                let on = |first: Action| {
                    let mut d = d.clone();
                    d.apply(first).expect("legal");
                    play(d, fork, config, |_, _, _, _| {}).balances().players[s as usize]
                };
                out.push((k, on(a) - on(Action::Gut)));
            });
            out
        })
        .collect();
    println!(
        "{deals} deals of level-2 self-play: each raise against \"gut\", played on both ways\n"
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
