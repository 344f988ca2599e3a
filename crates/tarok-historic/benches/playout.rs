//! Random playouts per preset: one deal from a fixed deck, random legal actions to the end
//! (Scat, declarations, bids, card play), plus the allocation-free settlement into `Balances`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tarok_core::{Balances, DealRng};
use tarok_historic::playout::random_action;
use tarok_historic::ruleset::PRESETS;
use tarok_historic::{ActionList, Deal};

fn playouts(c: &mut Criterion) {
    for rules in PRESETS {
        let base = Deal::from_seed(rules, 1, 0);
        let mut rng = DealRng::seed(7);
        let mut buf = ActionList::default();
        c.bench_function(&format!("playout {}", rules.id), |b| {
            b.iter(|| {
                let mut d = base;
                while let Some(a) = random_action(&d, &mut rng, &mut buf) {
                    d.apply(a).expect("legal");
                }
                let mut bal = Balances::default();
                d.settle(&mut bal);
                black_box(bal)
            })
        });
    }
}

criterion_group!(benches, playouts);
criterion_main!(benches);
