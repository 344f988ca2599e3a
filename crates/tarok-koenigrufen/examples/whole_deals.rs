//! Plays whole random deals from seeds `0..N` and prints a checksum of their balances: a fixed
//! amount of work, to be timed in CPU time (the host is shared, so wall-clock times swing).
//! `biased` plays as `random-game` does (`family::random_deal`), `uniform` as level 0 does
//! (`Deal::play_randomly`).
//!
//! Run: `cargo build --release -p tarok-koenigrufen --example whole_deals` and
//! `perf stat -e task-clock target/release/examples/whole_deals biased 200000`.

use tarok_core::DealRng;
use tarok_koenigrufen::family::random_deal;
use tarok_koenigrufen::{Deal, Ruleset};

fn main() {
    let mut args = std::env::args().skip(1);
    let how = args.next().unwrap_or_else(|| "biased".into());
    let deals: u64 = args
        .next()
        .map_or(100_000, |n| n.parse().expect("a number of deals"));
    let rs = Ruleset::spieleversum();
    let mut check = 0i32;
    for seed in 0..deals {
        let deal = match how.as_str() {
            "biased" => random_deal(rs, seed),
            "uniform" => {
                let mut d = Deal::from_seed(rs, seed, (seed % 4) as u8);
                d.play_randomly(&mut DealRng::derive(seed, 2));
                d
            }
            _ => panic!("biased or uniform"),
        };
        check ^= deal.balances().players[0].wrapping_mul(seed as i32 | 1);
    }
    println!("{how}: {deals} deals, checksum {check}");
}
