//! Level 2's decisions before the card play, one at a time: each legal action played out with
//! level 1 over 24 layouts. Positions come from level-1 self-play; run with
//! `RAYON_NUM_THREADS=1` for the time of one core.

use criterion::{criterion_group, criterion_main, Criterion};
use tarok_ai::historic::advise;
use tarok_ai::historic_l2::HistoricL2;
use tarok_ai::level2::Config;
use tarok_historic::view::View;
use tarok_historic::{Deal, Phase, Ruleset};

/// The first `n` decisions with a choice in `phase` of level-1 self-play of `preset`.
fn historic(preset: &str, phase: Phase, n: usize) -> Vec<View> {
    let rules = Ruleset::preset(preset).expect("a preset");
    let mut out = Vec::new();
    for seed in 0.. {
        let mut d = Deal::from_seed(rules, seed, (seed % rules.players() as u64) as u8);
        while let Some(s) = d.current_player() {
            let v = d.view(s);
            if d.phase() == phase && v.legal.len() > 1 {
                out.push(v.clone());
                if out.len() == n {
                    return out;
                }
            }
            d.apply(advise(&v, &v.legal).0).expect("a legal action");
        }
    }
    unreachable!()
}

fn bench(c: &mut Criterion) {
    let config = Config::standard(5, std::time::Duration::from_secs(600));
    let mut g = c.benchmark_group("historic_before_play");
    g.sample_size(10);
    for (preset, phase, name) in [
        ("dk-1829-three", Phase::Discard, "three_scat_card"),
        ("dk-1829-quadrille", Phase::Bid, "quadrille_bid"),
        ("dk-1829-quadrille", Phase::Declare, "quadrille_honour"),
    ] {
        let views = historic(preset, phase, 4);
        g.bench_function(format!("{name}_4_decisions_24_layouts"), |b| {
            b.iter(|| {
                for v in &views {
                    let verdict = HistoricL2::new(config, 1).judge(v, &v.legal);
                    std::hint::black_box(verdict.expect("a verdict"));
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
