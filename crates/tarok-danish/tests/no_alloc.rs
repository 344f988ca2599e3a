//! The hot path allocates nothing: random playouts and the settlement into `Balances`, checked
//! with a counting allocator. The only test in this
//! binary, so that no other test's allocations are counted.

use tarok_core::alloc_count::{allocations, CountingAlloc};
use tarok_core::{Balances, DealRng};
use tarok_danish::{Deal, Phase, Preset};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

#[test]
fn playouts_and_settlement_do_not_allocate() {
    for preset in Preset::ALL {
        let starts: Vec<Deal> = (0..16u64)
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
        let mut rng = DealRng::seed(9);
        let mut total = 0i32;
        // Warm up (the CPU feature checks cache their answers) before counting.
        let mut warm = starts[0];
        warm.play_out(&mut rng);
        let before = allocations();
        for _ in 0..100 {
            for start in &starts {
                let mut d = *start;
                d.play_out(&mut rng);
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
