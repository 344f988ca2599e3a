//! The hot path allocates nothing: legal cards, playing a card, random playouts and the settlement
//! into `Balances`, checked with a counting allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use tarok_core::{Balances, DealRng};
use tarok_koenigrufen::family::play_starts;
use tarok_koenigrufen::scoring;

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn playouts_and_settlement_do_not_allocate() {
    let starts = play_starts(500);
    let mut rng = DealRng::seed(9);
    let mut total = 0i32;
    // Warm up (feature detection caches) before counting.
    let mut p = starts[0].play;
    p.random_playout(&mut rng);
    let before = ALLOCS.load(Ordering::SeqCst);
    for st in &starts {
        let mut p = st.play;
        let first = p.legal_cards();
        p.play_unchecked(first.lowest().unwrap());
        p.random_playout(&mut rng);
        let mut b = Balances::default();
        scoring::settle_with(st, &p, &mut b);
        total = total.wrapping_add(b.players[0]);
    }
    let after = ALLOCS.load(Ordering::SeqCst);
    assert_eq!(after - before, 0, "the hot path allocated");
    std::hint::black_box(total);
}
