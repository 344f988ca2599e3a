//! Random playout benchmarks over 256 deals that reached the card play after random bidding:
//! the card play of a deal alone (12 tricks from the first lead, the measure), and the
//! card play followed by the settlement. And whole random deals from a seed: the deal, the
//! bidding, the king call, the talon, the announcements and Kontra, the card play and the
//! settlement, 64 deals from seeds 0..64, biased as `random-game` plays (`random_deal`) and
//! uniform as level 0 plays (`Deal::play_randomly`).
//!
//! Run: `cargo bench -p tarok-koenigrufen --bench playout -- --measurement-time 3`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use tarok_core::DealRng;
use tarok_koenigrufen::family::{play_each, play_starts, random_deal};
use tarok_koenigrufen::{Deal, DealState, Phase, Ruleset};

fn playout(c: &mut Criterion) {
    let starts = play_starts(256);
    let mut group = c.benchmark_group("koenigrufen");
    group.throughput(Throughput::Elements(starts.len() as u64));
    for (name, settle) in [
        ("card_play_256_deals", false),
        ("random_playout_256_deals", true),
    ] {
        group.bench_function(name, |b| {
            let mut rng = DealRng::seed(11);
            b.iter(|| black_box(play_each(&starts, &mut rng, settle)))
        });
    }
    group.finish();
}

/// Whole random deals from seeds `0..64`; returns a checksum of the balances.
fn whole_deals(uniform: bool) -> i32 {
    let rs = Ruleset::spieleversum();
    let mut check = 0;
    for seed in 0..64 {
        let deal = if uniform {
            let mut d = Deal::from_seed(rs, seed, (seed % 4) as u8);
            d.play_randomly(&mut DealRng::derive(seed, 2));
            d
        } else {
            random_deal(rs, seed)
        };
        check ^= deal.balances().players[0];
    }
    check
}

fn whole_deal(c: &mut Criterion) {
    let mut group = c.benchmark_group("koenigrufen_whole_deal");
    group.throughput(Throughput::Elements(64));
    for (name, uniform) in [("biased/64_deals", false), ("uniform/64_deals", true)] {
        group.bench_function(name, |b| b.iter(|| black_box(whole_deals(uniform))));
    }
    group.finish();
}

/// The legal-action listing at every position of 64 uniform random deals, by phase.
fn legal_actions(c: &mut Criterion) {
    let rs = Ruleset::spieleversum();
    let mut by_phase: Vec<(Phase, Vec<DealState>)> = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..64 {
        let mut d = Deal::from_seed(rs, seed, (seed % 4) as u8);
        let mut rng = DealRng::derive(seed, 2);
        while let Some(a) = tarok_core::Game::random_action(&d, &mut rng, &mut legal) {
            let s = *d.state();
            match by_phase.iter_mut().find(|(p, _)| *p == s.phase()) {
                Some((_, v)) => v.push(s),
                None => by_phase.push((s.phase(), vec![s])),
            }
            d.apply(a).expect("legal");
        }
    }
    let mut group = c.benchmark_group("koenigrufen_legal_actions");
    for (phase, states) in &by_phase {
        group.throughput(Throughput::Elements(states.len() as u64));
        group.bench_function(phase.name(), |b| {
            b.iter(|| {
                let mut n = 0;
                for s in states {
                    s.legal_actions_into(&mut legal);
                    n += legal.len();
                }
                black_box(n)
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_secs(1)).measurement_time(std::time::Duration::from_secs(3));
    targets = playout, whole_deal, legal_actions
}
criterion_main!(benches);
