//! The hot path allocates nothing: random playouts, one deal alone and sixteen side by side, and
//! the settlement into `Balances`, checked with a counting allocator. The only test in this
//! binary, so that no other test's allocations are counted.

use tarok_core::alloc_count::{allocations, CountingAlloc};
use tarok_core::{Balances, DealRng, PlayoutRng};
use tarok_danish::deal::LANES;
use tarok_danish::{Deal, Phase, Preset};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

#[test]
fn playouts_and_settlement_do_not_allocate() {
    for preset in Preset::ALL {
        let starts: Vec<Deal> = (0..LANES as u64)
            .map(|seed| {
                let mut d = Deal::from_seed(preset.ruleset(), seed);
                let mut rng = DealRng::seed(seed);
                while d.phase() == Phase::Skat || d.phase() == Phase::Redeal {
                    let a = d.random_action(&mut rng);
                    d.apply(a).unwrap();
                }
                d
            })
            .collect();
        let starts: [Deal; LANES] = starts.try_into().unwrap();
        let mut rng = DealRng::seed(9);
        let mut total = 0i32;
        // Warm up (the CPU feature checks cache their answers) before counting.
        let mut warm = starts;
        Deal::play_out_lanes(&mut warm, &mut [PlayoutRng::new(1); LANES]);
        let mut alone = starts[0];
        alone.play_out(&mut rng);
        let before = allocations();
        for _ in 0..100 {
            let mut deals = starts;
            let mut rngs = std::array::from_fn(|_| PlayoutRng::from_deal_rng(&mut rng));
            Deal::play_out_lanes(&mut deals, &mut rngs);
            let mut alone = starts[0];
            alone.play_out(&mut rng);
            for d in deals.iter().chain([&alone]) {
                let mut b = Balances::default();
                d.settle_into(&mut b);
                total = total.wrapping_add(b.players[0]);
            }
        }
        assert_eq!(
            allocations() - before,
            0,
            "{preset:?}: the hot path allocated"
        );
        std::hint::black_box(total);
    }
}
