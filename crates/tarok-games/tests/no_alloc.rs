//! `AnyDeal::legal_into` allocates nothing once its list has grown, as `Game::legal_into`
//! promises: random deals of every preset, each legal list counted with a counting allocator.
//! The only test in this binary, so that no other test's allocations are counted.

use tarok_core::alloc_count::{allocations, CountingAlloc};
use tarok_core::{DealRng, Game};
use tarok_games::AnyDeal;

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

#[test]
fn legal_lists_do_not_allocate_once_grown() {
    let mut out = Vec::with_capacity(4096);
    for preset in tarok_games::preset_ids() {
        let mut counted = 0;
        let mut lists = 0;
        // The first deals grow the lists; those after them are counted.
        for seed in 0..40u64 {
            let mut deal = AnyDeal::from_seed(preset, seed).unwrap();
            let mut rng = DealRng::seed(seed);
            while deal.to_act().is_some() {
                let before = allocations();
                deal.legal_into(&mut out);
                if seed >= 20 {
                    counted += allocations() - before;
                    lists += 1;
                }
                let a = out[rng.below(out.len() as u32) as usize];
                deal.apply(a).unwrap();
            }
        }
        assert!(lists > 0);
        assert_eq!(
            counted, 0,
            "{preset}: {counted} allocations in {lists} legal lists"
        );
    }
}
