//! Level 2's decisions before the Danish card play: pruning the skats, and one whole skat
//! decision (12 candidates played out over 96 layouts, in parallel as in a game). Positions:
//! the dealer's skat in deals of dk-dtf-2011, the redeal question answered by keeping.

use criterion::{criterion_group, criterion_main, Criterion};
use tarok_ai::danish_l2::{skat_candidates, DanishL2};
use tarok_core::Game;
use tarok_danish::{Action, Deal, Phase, Preset, View};

/// The dealer's skat decision in each of `deals` deals: his view and legal skats.
fn skats(deals: u64) -> Vec<(View, Vec<Action>)> {
    (0..deals)
        .map(|seed| {
            let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
            while d.phase() == Phase::Redeal {
                d.apply(Action::Keep).unwrap();
            }
            let mut legal = Vec::new();
            Game::legal_into(&d, &mut legal);
            (d.view(d.current_player().unwrap()), legal)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let ps = skats(4);
    let mut g = c.benchmark_group("danish_before_play");
    g.bench_function("skat_candidates_4_hands", |b| {
        b.iter(|| {
            for (v, legal) in &ps {
                std::hint::black_box(skat_candidates(v, legal));
            }
        })
    });
    g.sample_size(10);
    for (i, (v, legal)) in ps.iter().enumerate() {
        g.bench_function(format!("skat_decision_hand_{i}"), |b| {
            b.iter(|| std::hint::black_box(DanishL2::standard(1).judge(v, legal)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
