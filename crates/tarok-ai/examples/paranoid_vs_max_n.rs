//! Measures the paranoid reduction against max-n on Danish endgames of level-1 self-play: how
//! often the two choose a move of the same value, and the positions each searches.
//!
//! `cargo run --release -p tarok-ai --example paranoid_vs_max_n -- 200 4` (deals, tricks left)

use tarok_ai::danish::advise;
use tarok_ai::search::{Moves, Solvable, Solver};
use tarok_core::Game;
use tarok_danish::{Deal, Phase, Preset};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (deals, left) = (
        args.first().copied().unwrap_or(200),
        args.get(1).copied().unwrap_or(4) as u8,
    );
    let (mut same, mut n, mut p_nodes, mut m_nodes, mut loss) = (0, 0, 0u64, 0u64, 0i64);
    for seed in 0..deals {
        let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
        let mut legal = Vec::new();
        while let Some(s) = d.current_player() {
            Game::legal_into(&d, &mut legal);
            if d.phase() == Phase::Play && d.tricks_left() == left && legal.len() > 1 {
                let mut moves = Moves::new();
                d.search_moves(&mut moves);
                // Each move's value for the seat under max-n, and the paranoid choice.
                let mut maxn = Solver::new();
                let exact: Vec<i32> = moves
                    .iter()
                    .map(|&m| {
                        let mut c = d;
                        c.play(m);
                        maxn.max_n(&c)[s as usize]
                    })
                    .collect();
                let mut par = Solver::new();
                let paranoid: Vec<i32> = moves
                    .iter()
                    .map(|&m| {
                        let mut c = d;
                        c.play(m);
                        par.solve(&c, s)
                    })
                    .collect();
                let pick = (0..moves.len()).max_by_key(|&i| paranoid[i]).unwrap();
                let best = *exact.iter().max().unwrap();
                same += (exact[pick] == best) as u32;
                loss += (best - exact[pick]) as i64;
                n += 1;
                p_nodes += par.nodes;
                m_nodes += maxn.nodes;
                break;
            }
            let a = d
                .forced_action()
                .unwrap_or_else(|| advise(&d.view(s), &legal).0);
            d.apply(a).unwrap();
        }
    }
    println!(
        "{n} positions, {left} tricks left: the paranoid choice is max-n's best in {same} ({:.1}%), mean max-n loss {:.2} points; positions searched: paranoid {}, max-n {} ({:.1}x)",
        100.0 * same as f64 / n as f64,
        loss as f64 / n as f64 / 3.0,
        p_nodes / n as u64,
        m_nodes / n as u64,
        m_nodes as f64 / p_nodes as f64
    );
}
