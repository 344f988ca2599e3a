//! Level 2's parts, single-threaded where they can be: the solver by tricks left, drawing a
//! layout, and a whole decision. Positions come from level-1 self-play of dk-dtf-2011.

use criterion::{criterion_group, criterion_main, Criterion};
use tarok_ai::danish::advise;
use tarok_ai::danish_l2::{layout, DanishL2};
use tarok_ai::search::{Solvable, Solver};
use tarok_core::{DealRng, Game};
use tarok_danish::{Deal, Phase, Preset, View};

/// The first card-play decision with `left` tricks to go (the trick not yet led) in each of
/// `deals` deals of level-1 self-play: the deal and the seat's view and legal actions.
fn positions(left: u8, deals: u64) -> Vec<(Deal, View, Vec<tarok_danish::Action>)> {
    let mut out = Vec::new();
    for seed in 0..deals {
        let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
        let mut legal = Vec::new();
        while let Some(s) = d.current_player() {
            Game::legal_into(&d, &mut legal);
            let view = d.view(s);
            if d.phase() == Phase::Play && d.trick().n == 0 && d.tricks_left() == left {
                out.push((d, view, legal));
                break;
            }
            let a = d.forced_action().unwrap_or_else(|| advise(&view, &legal).0);
            d.apply(a).unwrap();
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("danish_solver");
    g.sample_size(10);
    for left in [3u8, 5, 8] {
        let ps = positions(left, 8);
        g.bench_function(format!("{left}_tricks_left_8_positions"), |b| {
            b.iter(|| {
                for (d, v, _) in &ps {
                    std::hint::black_box(Solver::new().solve(d, v.seat));
                }
            })
        });
    }
    g.finish();
    let mut g = c.benchmark_group("danish_layouts");
    for left in [20u8, 5] {
        let ps = positions(left, 8);
        let mut rng = DealRng::seed(1);
        g.bench_function(format!("{left}_tricks_left_8_layouts"), |b| {
            b.iter(|| {
                for (_, v, legal) in &ps {
                    std::hint::black_box(layout(v, legal, &mut rng).expect("a layout"));
                }
            })
        });
    }
    g.finish();
    let mut g = c.benchmark_group("danish_decision");
    g.sample_size(10);
    for left in [20u8, 5] {
        let ps = positions(left, 4);
        g.bench_function(format!("{left}_tricks_left_4_decisions_24_layouts"), |b| {
            b.iter(|| {
                for (_, v, legal) in &ps {
                    std::hint::black_box(DanishL2::standard(1).judge(v, legal));
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
