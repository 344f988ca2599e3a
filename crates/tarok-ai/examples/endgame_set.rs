//! Writes the endgame regret sets (`tests/data/danish-endgames.json`,
//! `tests/data/koenigrufen-endgames.json`): decisions of level-1 self-play from Danish trick 22
//! and Königrufen trick 9 on, each with every legal move's expected loss against the best, over
//! a fixed sample of layouts consistent with the seat's view, each solved exactly.
//!
//! `cargo run --release -p tarok-ai --example endgame_set -- danish 240 400 > crates/tarok-ai/tests/data/danish-endgames.json`
//! `cargo run --release -p tarok-ai --example endgame_set -- koenigrufen 240 400 > crates/tarok-ai/tests/data/koenigrufen-endgames.json`
//! (family, decisions, layouts per decision).

use rayon::prelude::*;
use tarok_ai::danish::advise;
use tarok_ai::danish_l2::layout;
use tarok_ai::search::{Solvable, Solver};
use tarok_core::{DealRng, Game};
use tarok_danish::{Deal, Phase, Preset};

fn main() {
    let family = std::env::args().nth(1).expect("danish or koenigrufen");
    let args: Vec<u64> = std::env::args()
        .skip(2)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let (wanted, layouts) = (
        args.first().copied().unwrap_or(240),
        args.get(1).copied().unwrap_or(400),
    );
    let entries = match family.as_str() {
        "danish" => danish(wanted, layouts),
        "koenigrufen" => koenigrufen(wanted, layouts),
        _ => panic!("danish or koenigrufen"),
    };
    println!("{}", serde_json::to_string_pretty(&entries).unwrap());
}

/// Each move's loss in points against the best, from the summed values over the layouts.
fn losses<A: std::fmt::Display>(
    legal: &[A],
    sums: &[i64],
    layouts: u64,
    units: f64,
) -> serde_json::Map<String, serde_json::Value> {
    let best = *sums.iter().max().unwrap();
    legal
        .iter()
        .zip(sums)
        .map(|(a, &s)| {
            let points = (best - s) as f64 / layouts as f64 / units;
            (
                a.to_string(),
                serde_json::json!((points * 1000.0).round() / 1000.0),
            )
        })
        .collect()
}

fn koenigrufen(wanted: u64, layouts: u64) -> Vec<serde_json::Value> {
    use tarok_ai::koenigrufen::advise;
    use tarok_ai::koenigrufen_l2::{layout, Inference};
    use tarok_koenigrufen::{Action, Deal, Phase, Ruleset};
    let mut found = Vec::new();
    let mut seed = 0u64;
    while found.len() < wanted as usize {
        let mut d = Deal::from_seed(Ruleset::spieleversum(), seed, (seed % 4) as u8);
        let mut legal = Vec::new();
        while let Some(s) = Game::to_act(&d) {
            Game::legal_into(&d, &mut legal);
            if legal.len() > 1
                && d.state().phase() == Phase::Play
                && d.state().play().tricks_done() >= 8
                && found.len() < wanted as usize
            {
                found.push((
                    seed,
                    d.history().iter().map(|&(_, a)| a).collect::<Vec<_>>(),
                ));
            }
            d.apply(advise(&d.view(s), &legal).0).unwrap();
        }
        seed += 1;
    }
    found
        .par_iter()
        .map(|(seed, actions)| {
            let mut d = Deal::from_seed(Ruleset::spieleversum(), *seed, (seed % 4) as u8);
            for &a in actions {
                d.apply(a).unwrap();
            }
            let seat = Game::to_act(&d).unwrap();
            let view = d.view(seat);
            let legal = Game::legal(&d);
            let cards: Vec<tarok_core::Card> = legal
                .iter()
                .map(|a| match a {
                    Action::Play(c) => *c,
                    _ => panic!("card play"),
                })
                .collect();
            let mut sums = vec![0i64; legal.len()];
            let mut solver = Solver::new();
            for k in 0..layouts {
                let l = layout(
                    &view,
                    &legal,
                    Inference::OFF,
                    &mut DealRng::derive(*seed ^ 0x5eed, k),
                )
                .expect("a layout");
                for (j, &c) in cards.iter().enumerate() {
                    let mut x = l.clone();
                    x.play(c);
                    sums[j] += solver.solve(&x, seat) as i64;
                }
            }
            serde_json::json!({
                "preset": "at-koenigrufen-spieleversum",
                "seed": seed,
                "actions": actions.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
                "layouts": layouts,
                // A point is 4 value units.
                "loss": losses(&legal, &sums, layouts, 4.0),
            })
        })
        .collect()
}

fn danish(wanted: u64, layouts: u64) -> Vec<serde_json::Value> {
    let presets = [Preset::Dtf2011, Preset::Hjoerring2016, Preset::Moeller];
    // Decisions with a choice, from trick 22 on: (preset, seed, actions before it).
    let mut found = Vec::new();
    let mut seed = 0u64;
    while found.len() < wanted as usize {
        let preset = presets[(seed % 3) as usize];
        let mut d = Deal::from_seed(preset.ruleset(), seed);
        let mut actions = Vec::new();
        let mut legal = Vec::new();
        while let Some(s) = d.current_player() {
            Game::legal_into(&d, &mut legal);
            if d.forced_action().is_none()
                && legal.len() > 1
                && d.trick_no() >= 22
                && matches!(d.phase(), Phase::Play | Phase::Demand { .. })
                && found.len() < wanted as usize
            {
                found.push((preset, seed, actions.clone()));
            }
            let a = d
                .forced_action()
                .unwrap_or_else(|| advise(&d.view(s), &legal).0);
            d.apply(a).unwrap();
            actions.push(a);
        }
        seed += 1;
    }
    found
        .par_iter()
        .map(|(preset, seed, actions)| {
            let mut d = Deal::from_seed(preset.ruleset(), *seed);
            for &a in actions {
                d.apply(a).unwrap();
            }
            let seat = d.current_player().unwrap();
            let view = d.view(seat);
            let legal = Game::legal(&d);
            let mut sums = vec![0i64; legal.len()];
            let mut solver = Solver::new();
            for k in 0..layouts {
                let l = layout(
                    &view,
                    &legal,
                    false,
                    &mut DealRng::derive(*seed ^ 0x5eed, k),
                )
                .expect("a layout");
                for (j, &m) in legal.iter().enumerate() {
                    let mut c = l;
                    c.play(m);
                    sums[j] += solver.solve(&c, seat) as i64;
                }
            }
            // A point is 3 value units.
            let loss = losses(&legal, &sums, layouts, 3.0);
            serde_json::json!({
                "preset": preset.id(),
                "seed": seed,
                "actions": actions.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
                "layouts": layouts,
                "loss": loss,
            })
        })
        .collect()
}
