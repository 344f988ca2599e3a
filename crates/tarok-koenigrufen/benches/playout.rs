//! Random playout benchmarks over 256 deals that reached the card play after random bidding:
//! the card play of a deal alone (12 tricks from the first lead, the measure), and the
//! card play followed by the settlement.
//!
//! Run: `cargo bench -p tarok-koenigrufen --bench playout -- --measurement-time 3`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tarok_core::{Balances, DealRng};
use tarok_koenigrufen::family::play_starts;
use tarok_koenigrufen::scoring;

fn playout(c: &mut Criterion) {
    let starts = play_starts(256);
    let mut group = c.benchmark_group("koenigrufen");
    group.throughput(Throughput::Elements(starts.len() as u64));
    group.bench_function("card_play_256_deals", |b| {
        let mut rng = DealRng::seed(11);
        b.iter(|| {
            let mut tricks = 0u32;
            for st in &starts {
                let mut p = st.play;
                p.random_playout(&mut rng);
                tricks = tricks.wrapping_add(p.tricks_won[0] as u32);
            }
            std::hint::black_box(tricks)
        })
    });
    group.bench_function("random_playout_256_deals", |b| {
        let mut rng = DealRng::seed(11);
        b.iter(|| {
            let mut sum = 0i32;
            for st in &starts {
                let mut p = st.play;
                p.random_playout(&mut rng);
                let mut bal = Balances::default();
                scoring::settle_with(st, &p, &mut bal);
                sum = sum.wrapping_add(bal.players[0]);
            }
            std::hint::black_box(sum)
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_secs(1)).measurement_time(std::time::Duration::from_secs(3));
    targets = playout
}
criterion_main!(benches);
