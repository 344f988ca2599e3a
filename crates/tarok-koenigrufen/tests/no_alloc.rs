//! The hot path allocates nothing: legal cards, playing a card, random playouts and the settlement
//! into `Balances`, checked with a counting allocator.

use tarok_core::alloc_count::{allocations, CountingAlloc};
use tarok_core::{Balances, DealRng};
use tarok_koenigrufen::family::play_starts;
use tarok_koenigrufen::scoring;

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

#[test]
fn playouts_and_settlement_do_not_allocate() {
    let starts = play_starts(500);
    let mut rng = DealRng::seed(9);
    let mut total = 0i32;
    // Warm up (feature detection caches) before counting.
    let mut p = *starts[0].play();
    p.random_playout(&mut rng);
    let before = allocations();
    for st in &starts {
        let mut p = *st.play();
        let first = p.legal_cards();
        p.play_unchecked(first.lowest().unwrap());
        p.random_playout(&mut rng);
        let mut b = Balances::default();
        scoring::settle_with(st, &p, &mut b);
        total = total.wrapping_add(b.players[0]);
    }
    let after = allocations();
    assert_eq!(after - before, 0, "the hot path allocated");
    std::hint::black_box(total);
}
