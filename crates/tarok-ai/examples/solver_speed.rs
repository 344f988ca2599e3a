//! Solves the positions of the `level2` solver benchmarks, for timing in CPU time
//! (`perf stat -e task-clock`) and for checking that a change of the solver keeps every value:
//! prints each position's value and the positions searched.
//!
//! `solver_speed kr|dk TRICKS_LEFT [POSITIONS [REPEATS]]`

use tarok_ai::danish::advise;
use tarok_ai::koenigrufen_l2;
use tarok_ai::search::{Solvable, Solver};
use tarok_core::Game;
use tarok_danish::{Deal, Phase, Preset};
use tarok_koenigrufen as kr;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let family = args.get(1).map_or("kr", |s| s.as_str());
    let left: u8 = args.get(2).map_or(4, |s| s.parse().unwrap());
    let n: u64 = args.get(3).map_or(8, |s| s.parse().unwrap());
    let repeats: u32 = args.get(4).map_or(1, |s| s.parse().unwrap());
    let mut values = Vec::new();
    let mut nodes = 0;
    let start;
    match family {
        "kr" => {
            let ps = kr_positions(left, n);
            start = std::time::Instant::now();
            for _ in 0..repeats {
                values.clear();
                for (l, seat) in &ps {
                    let mut s = Solver::new();
                    values.push(s.solve(l, *seat));
                    nodes += s.nodes;
                }
            }
        }
        "dk" => {
            let ps = dk_positions(left, n);
            start = std::time::Instant::now();
            for _ in 0..repeats {
                values.clear();
                for (d, seat) in &ps {
                    let mut s = Solver::new();
                    values.push(s.solve(d, *seat));
                    nodes += s.nodes;
                }
            }
        }
        _ => panic!("kr or dk"),
    }
    println!(
        "{family} {left} tricks left, {n} positions x {repeats}: values {values:?}, nodes {nodes}, {:?} wall solving",
        start.elapsed()
    );
}

/// As the benchmark: the first card-play decision with `left` tricks to go (trick not yet
/// led) in level-1 self-play of Königrufen, the real deal as the layout.
fn kr_positions(left: u8, deals: u64) -> Vec<(koenigrufen_l2::Layout, u8)> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < deals as usize {
        let mut d = kr::Deal::from_seed(kr::Ruleset::spieleversum(), seed, (seed % 4) as u8);
        seed += 1;
        let mut legal = Vec::new();
        while let Some(s) = Game::to_act(&d) {
            Game::legal_into(&d, &mut legal);
            let view = d.view(s);
            let p = d.state().play();
            if d.state().phase() == kr::Phase::Play
                && p.played.is_multiple_of(4)
                && 12 - p.tricks_done() == left
            {
                out.push((koenigrufen_l2::layout_of(&d), s));
                break;
            }
            d.apply(tarok_ai::koenigrufen::advise(&view, &legal).0)
                .unwrap();
        }
    }
    out
}

/// As the benchmark: the same for Danish Tarok (dk-dtf-2011).
fn dk_positions(left: u8, deals: u64) -> Vec<(Deal, u8)> {
    let mut out = Vec::new();
    for seed in 0..deals {
        let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
        let mut legal = Vec::new();
        while let Some(s) = d.current_player() {
            Game::legal_into(&d, &mut legal);
            let view = d.view(s);
            if d.phase() == Phase::Play && d.trick().n == 0 && d.tricks_left() == left {
                out.push((d, s));
                break;
            }
            let a = d.forced_action().unwrap_or_else(|| advise(&view, &legal).0);
            d.apply(a).unwrap();
        }
    }
    out
}
