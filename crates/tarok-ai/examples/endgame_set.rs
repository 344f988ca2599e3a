//! Writes the endgame regret set (`tests/data/danish-endgames.json`): decisions of level-1
//! self-play from trick 22 on, each with every legal move's expected loss against the best,
//! over a fixed sample of layouts consistent with the seat's view, each solved exactly.
//!
//! `cargo run --release -p tarok-ai --example endgame_set -- 240 400 > crates/tarok-ai/tests/data/danish-endgames.json`
//! (decisions, layouts per decision).

use rayon::prelude::*;
use tarok_ai::danish::advise;
use tarok_ai::danish_l2::layout;
use tarok_ai::search::{Solvable, Solver};
use tarok_core::{DealRng, Game};
use tarok_danish::{Deal, Phase, Preset};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let (wanted, layouts) = (
        args.first().copied().unwrap_or(240),
        args.get(1).copied().unwrap_or(400),
    );
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
    let entries: Vec<serde_json::Value> = found
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
                let l = layout(&view, &legal, &mut DealRng::derive(*seed ^ 0x5eed, k))
                    .expect("a layout");
                for (j, &m) in legal.iter().enumerate() {
                    let mut c = l;
                    c.play(m);
                    sums[j] += solver.solve(&c, seat) as i64;
                }
            }
            let best = *sums.iter().max().unwrap();
            // Points: a value unit is a third of a point.
            let loss: serde_json::Map<String, serde_json::Value> = legal
                .iter()
                .zip(&sums)
                .map(|(a, &s)| {
                    let points = (best - s) as f64 / layouts as f64 / 3.0;
                    (
                        a.to_string(),
                        serde_json::json!((points * 1000.0).round() / 1000.0),
                    )
                })
                .collect();
            serde_json::json!({
                "preset": preset.id(),
                "seed": seed,
                "actions": actions.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
                "layouts": layouts,
                "loss": loss,
            })
        })
        .collect();
    println!("{}", serde_json::to_string_pretty(&entries).unwrap());
}
