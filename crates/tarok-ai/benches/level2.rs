//! Level 2's parts, single-threaded where they can be: the solver by tricks left, drawing a
//! layout, and a whole decision. Positions come from level-1 self-play of dk-dtf-2011. The
//! times are CPU time ([`CpuTime`]); `RAYON_NUM_THREADS=1` leaves out the idle workers' spin.

use criterion::{criterion_group, criterion_main, Criterion};

mod cpu_time;
mod positions;
use cpu_time::CpuTime;
use tarok_ai::danish_l2::{layout, DanishL2};
use tarok_ai::koenigrufen_l2;
use tarok_ai::search::Solver;
use tarok_core::DealRng;

fn bench(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("danish_solver");
    g.sample_size(10);
    for left in [3u8, 5, 8] {
        let ps = positions::danish(left, 8);
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
        let ps = positions::danish(left, 8);
        let mut rng = DealRng::seed(1);
        g.bench_function(format!("{left}_tricks_left_8_layouts"), |b| {
            b.iter(|| {
                for (_, v, legal) in &ps {
                    std::hint::black_box(layout(v, legal, false, &mut rng).expect("a layout"));
                }
            })
        });
    }
    g.finish();
    let mut g = c.benchmark_group("danish_decision");
    g.sample_size(10);
    for left in [20u8, 5] {
        let ps = positions::danish(left, 4);
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

fn bench_koenigrufen(c: &mut Criterion<CpuTime>) {
    let mut g = c.benchmark_group("koenigrufen_solver");
    g.sample_size(10);
    for left in [4u8, 5, 6, 7] {
        let ps = positions::koenigrufen(left, 8);
        g.bench_function(format!("{left}_tricks_left_8_positions"), |b| {
            b.iter(|| {
                for (l, v, _) in &ps {
                    std::hint::black_box(Solver::new().solve(l, v.seat));
                }
            })
        });
    }
    g.finish();
    let mut g = c.benchmark_group("koenigrufen_layouts");
    let ps = positions::koenigrufen(6, 8);
    let mut rng = DealRng::seed(1);
    g.bench_function("trick_7_8_layouts", |b| {
        b.iter(|| {
            for (_, v, legal) in &ps {
                std::hint::black_box(
                    koenigrufen_l2::layout(v, legal, koenigrufen_l2::Inference::OFF, &mut rng)
                        .expect("a layout"),
                );
            }
        })
    });
    g.finish();
    let mut g = c.benchmark_group("koenigrufen_decision");
    g.sample_size(10);
    // Level 2's own way at trick 7: each move played out with level 1 in each layout.
    let played_out = tarok_ai::level2::Config {
        layouts: 100,
        exact_tricks: 5,
        think: std::time::Duration::from_secs(600),
        before_play: false,
        infer: false,
        infer_play: false,
        infer_raises: false,
    };
    g.bench_function("trick_7_8_decisions_100_layouts_played_out", |b| {
        b.iter(|| {
            for (_, v, legal) in &ps {
                let mut bot = koenigrufen_l2::KoenigrufenL2::new(played_out, 1);
                std::hint::black_box(bot.judge(v, legal));
            }
        })
    });
    let config = tarok_ai::level2::Config {
        layouts: 100,
        exact_tricks: 6,
        think: std::time::Duration::from_secs(600),
        before_play: false,
        infer: false,
        infer_play: false,
        infer_raises: false,
    };
    g.bench_function("trick_7_4_decisions_100_layouts_solved", |b| {
        b.iter(|| {
            for (_, v, legal) in &ps {
                std::hint::black_box(koenigrufen_l2::KoenigrufenL2::new(config, 1).judge(v, legal));
            }
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = bench, bench_koenigrufen
}
criterion_main!(benches);
