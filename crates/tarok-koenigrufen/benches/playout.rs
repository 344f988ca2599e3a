//! Random playout benchmarks over 256 deals that reached the card play after random bidding:
//! the card play of a deal alone (12 tricks from the first lead, the measure), and the
//! card play followed by the settlement.
//!
//! Run: `cargo bench -p tarok-koenigrufen --bench playout -- --measurement-time 3`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tarok_core::DealRng;
use tarok_koenigrufen::family::{play_each, play_starts};

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
            b.iter(|| std::hint::black_box(play_each(&starts, &mut rng, settle)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_secs(1)).measurement_time(std::time::Duration::from_secs(3));
    targets = playout
}
criterion_main!(benches);
