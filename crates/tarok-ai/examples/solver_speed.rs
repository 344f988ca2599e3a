//! Solves the positions of the `level2` solver benchmarks, for timing in CPU time
//! (`perf stat -e task-clock`) and for checking that a change of the solver keeps every value:
//! prints each position's value and the positions searched.
//!
//! `solver_speed kr|dk TRICKS_LEFT [POSITIONS [REPEATS]]`

#[path = "../benches/positions/mod.rs"]
mod positions;

use tarok_ai::search::Solver;

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
            let ps: Vec<_> = positions::koenigrufen(left, n)
                .into_iter()
                .map(|(l, v, _)| (l, v.seat))
                .collect();
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
            let ps: Vec<_> = positions::danish(left, n)
                .into_iter()
                .map(|(d, v, _)| (d, v.seat))
                .collect();
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
