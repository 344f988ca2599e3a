//! Benchmarks: full random playouts (first lead to settlement), one deal alone and sixteen side
//! by side, and legal-action generation.
//! Run: `cargo bench -p tarok-danish --bench playout`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use tarok_core::{Balances, DealRng};
use tarok_danish::{ActionList, Deal, Phase, Preset};

fn first_lead(preset: Preset, seed: u64) -> Deal {
    let mut d = Deal::from_seed(preset.ruleset(), seed);
    let mut rng = DealRng::seed(seed);
    while d.phase() != Phase::Play {
        let a = d.random_action(&mut rng);
        d.apply(a).unwrap();
    }
    d
}

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("danish");
    g.throughput(Throughput::Elements(1));
    for preset in Preset::ALL {
        let start = first_lead(preset, 3);
        let mut rng = DealRng::seed(1);
        g.bench_function(format!("playout/{}", preset.id()), |b| {
            b.iter(|| {
                let mut d = start;
                d.play_out(&mut rng);
                let mut bal = Balances::default();
                d.settle_into(&mut bal);
                black_box(bal)
            })
        });
    }
    // Legal-action generation over the positions of one random deal.
    let mut d = first_lead(Preset::Dtf2011, 5);
    let mut rng = DealRng::seed(2);
    let mut positions = Vec::new();
    while !d.is_over() {
        positions.push(d);
        let a = d.random_action(&mut rng);
        d.apply(a).unwrap();
    }
    g.throughput(Throughput::Elements(positions.len() as u64));
    let mut list = ActionList::default();
    g.bench_function("legal_actions/deal", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                p.legal_into(&mut list);
                n += list.as_slice().len();
            }
            black_box(n)
        })
    });
    g.finish();
}

/// A whole random deal: dealt from a seed, the redeal question, the skat, the card play and the
/// settlement. `listing` draws the skat from the whole list of legal discards, as before the
/// discard pool; both draw the same discard.
fn whole_deal(seed: u64, listing: bool) -> Balances {
    let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
    let mut rng = DealRng::seed(seed);
    while !d.is_over() {
        let a = if listing && d.phase() == Phase::Skat {
            tarok_core::Below::pick(&mut rng, &d.legal_actions()).unwrap()
        } else {
            d.random_action(&mut rng)
        };
        d.apply(a).unwrap();
    }
    let mut bal = Balances::default();
    d.settle_into(&mut bal);
    bal
}

fn whole_deals(c: &mut Criterion) {
    for seed in 0..50 {
        assert_eq!(
            whole_deal(seed, true),
            whole_deal(seed, false),
            "the same draws"
        );
    }
    let mut g = c.benchmark_group("danish_whole_deal");
    g.throughput(Throughput::Elements(64));
    for (name, listing) in [("listing_the_discards", true), ("discard_pool", false)] {
        g.bench_function(format!("{name}/dk-dtf-2011/64_deals"), |b| {
            b.iter(|| {
                for seed in 0..64 {
                    black_box(whole_deal(seed, listing));
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, playouts, whole_deals);
criterion_main!(benches);
