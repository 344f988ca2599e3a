//! Königrufen level 2 before the card play: one decision (24 layouts, each candidate played
//! out with level 1) in the bidding, the discard and the announcements, at the first such
//! decision with a choice of level-1 self-play deals of `at-koenigrufen-spieleversum`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use tarok_ai::koenigrufen_l2::KoenigrufenL2;
use tarok_ai::level2::Config;
use tarok_core::Game;
use tarok_koenigrufen::{Action, Deal, Phase, Ruleset, View};

/// The first decision in `phase` with more than one legal action in each of the first deals
/// that have one, `n` in all.
fn decisions(phase: Phase, n: usize) -> Vec<(View, Vec<Action>)> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < n {
        let mut d = Deal::from_seed(Ruleset::spieleversum(), seed, (seed % 4) as u8);
        seed += 1;
        let mut legal = Vec::new();
        while let Some(s) = Game::to_act(&d) {
            Game::legal_into(&d, &mut legal);
            let view = d.view(s);
            if d.state().phase() == phase && legal.len() > 1 {
                out.push((view, legal));
                break;
            }
            d.apply(tarok_ai::koenigrufen::advise(&view, &legal).0)
                .unwrap();
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    // The defaults of `--level L2`, with a thinking time no decision reaches.
    let config = Config::standard(5, Duration::from_secs(600));
    let mut g = c.benchmark_group("koenigrufen_before_play");
    g.sample_size(10);
    for (name, phase) in [
        ("bid", Phase::Bidding),
        ("discard", Phase::Discard),
        ("announcement", Phase::Announcements),
    ] {
        let ps = decisions(phase, 4);
        g.bench_function(format!("{name}_4_decisions_24_layouts"), |b| {
            b.iter(|| {
                for (v, legal) in &ps {
                    std::hint::black_box(KoenigrufenL2::new(config, 1).judge_before(v, legal));
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
