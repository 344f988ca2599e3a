//! Listing the legal actions allocates nothing once the list has grown, in every phase, and a
//! whole random deal allocates three times; checked with a counting allocator. (A binary of its
//! own: the count is the whole process's, and the harness allocates while it starts a test.)

use tarok_core::alloc_count::{allocations, CountingAlloc};
use tarok_core::DealRng;
use tarok_koenigrufen::family::random_deal;
use tarok_koenigrufen::{random_action, Deal, Phase, Ruleset};

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

/// Listing the legal actions allocates nothing once the list has grown, in every phase (issue 30,
/// item 6: the bidding and the announcement round listed into a new list at every step); a whole
/// random deal allocates its deck, its history and its list of legal actions, nothing more.
#[test]
fn whole_random_deals_allocate_only_deck_history_and_list() {
    let rs = Ruleset::spieleversum();
    let mut legal = Vec::with_capacity(64);
    let mut phases = Vec::new();
    for seed in 0..300 {
        let mut deal = Deal::from_seed(rs, seed, (seed % 4) as u8);
        let mut rng = DealRng::derive(seed, 1);
        while !deal.is_over() {
            let before = allocations();
            deal.state().legal_actions_into(&mut legal);
            assert_eq!(
                allocations(),
                before,
                "listing in the {:?} phase",
                deal.state().phase()
            );
            if !phases.contains(&deal.state().phase()) {
                phases.push(deal.state().phase());
            }
            let a = random_action(deal.state(), &legal, &mut rng);
            deal.apply(a).expect("legal");
        }
    }
    assert_eq!(
        phases.len(),
        7,
        "every phase before the end is listed: {phases:?}"
    );
    assert!(!phases.contains(&Phase::Over));
    let before = allocations();
    let mut total = 0;
    for seed in 0..300 {
        total ^= random_deal(rs, seed).balances().players[0];
    }
    assert_eq!(allocations() - before, 3 * 300, "deck, history and list");
    std::hint::black_box(total);
}
