use tarok_core::DealRng;
use tarok_koenigrufen::*;
#[test]
fn smoke() {
    let mut counts = std::collections::BTreeMap::new();
    for seed in 0..3000u64 {
        let mut d = Deal::from_seed(Ruleset::spieleversum(), seed, (seed % 4) as u8);
        let mut rng = DealRng::seed(seed ^ 0xabc);
        let mut n = 0;
        while !d.is_over() {
            let legal = d.legal_actions();
            assert!(
                !legal.is_empty(),
                "no legal action seed {seed} phase {:?}",
                d.state.phase
            );
            let a = random_action(&d.state, &legal, &mut rng);
            d.apply(a).unwrap();
            n += 1;
            assert!(n < 500, "too long seed {seed}");
        }
        let b = d.balances();
        assert_eq!(b.total(), 0, "seed {seed}");
        *counts.entry(format!("{:?}", d.state.contract)).or_insert(0) += 1;
    }
    eprintln!("{counts:?}");
}
