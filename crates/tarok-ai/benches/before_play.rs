//! Level 2's decisions before the card play: each candidate played out with level 1 over the
//! layouts. Positions come from level-1 self-play. The times are CPU time ([`CpuTime`]), the
//! work of a decision on all threads; `RAYON_NUM_THREADS=1` leaves out the idle workers' spin.

mod cpu_time;

use cpu_time::CpuTime;
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use tarok_ai::danish_l2::{skat_candidates, DanishL2};
use tarok_ai::historic_l2::HistoricL2;
use tarok_ai::koenigrufen_l2::KoenigrufenL2;
use tarok_ai::level2::Config;
use tarok_core::Game;

/// The defaults of `--level L2`, with a thinking time no decision reaches.
fn config() -> Config {
    Config::standard(5, Duration::from_secs(600))
}

/// The dealer's skat decision in each of `deals` deals of dk-dtf-2011 (the redeal question
/// answered by keeping): his view and legal skats.
fn danish_skats(deals: u64) -> Vec<(tarok_danish::View, Vec<tarok_danish::Action>)> {
    use tarok_danish::{Action, Deal, Phase, Preset};
    (0..deals)
        .map(|seed| {
            let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
            while d.phase() == Phase::Redeal {
                d.apply(Action::Keep).unwrap();
            }
            let mut legal = Vec::new();
            Game::legal_into(&d, &mut legal);
            (d.view(d.current_player().unwrap()), legal)
        })
        .collect()
}

/// Pruning the skats, and whole skat decisions (the candidates played out over the layouts,
/// in parallel as in a game).
fn danish(c: &mut Criterion<CpuTime>) {
    let ps = danish_skats(4);
    let mut g = c.benchmark_group("danish_before_play");
    g.bench_function("skat_candidates_4_hands", |b| {
        b.iter(|| {
            for (v, legal) in &ps {
                std::hint::black_box(skat_candidates(v, legal));
            }
        })
    });
    g.sample_size(10);
    for (i, (v, legal)) in ps.iter().enumerate() {
        g.bench_function(format!("skat_decision_hand_{i}"), |b| {
            b.iter(|| std::hint::black_box(DanishL2::new(config(), 1).judge(v, legal)))
        });
    }
    g.finish();
}

/// The first decision in `phase` with more than one legal action in each of the first deals
/// of at-koenigrufen-spieleversum that have one, `n` in all.
fn koenigrufen_decisions(
    phase: tarok_koenigrufen::Phase,
    n: usize,
) -> Vec<(tarok_koenigrufen::View, Vec<tarok_koenigrufen::Action>)> {
    use tarok_koenigrufen::{Deal, Ruleset};
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

/// A bid, a discard and an announcement.
fn koenigrufen(c: &mut Criterion<CpuTime>) {
    use tarok_koenigrufen::Phase;
    let mut g = c.benchmark_group("koenigrufen_before_play");
    g.sample_size(10);
    for (name, phase) in [
        ("bid", Phase::Bidding),
        ("discard", Phase::Discard),
        ("announcement", Phase::Announcements),
    ] {
        let ps = koenigrufen_decisions(phase, 4);
        g.bench_function(format!("{name}_4_decisions_24_layouts"), |b| {
            b.iter(|| {
                for (v, legal) in &ps {
                    std::hint::black_box(KoenigrufenL2::new(config(), 1).judge_before(v, legal));
                }
            })
        });
    }
    g.finish();
}

/// The first `n` decisions with a choice in `phase` of level-1 self-play of `preset`.
fn historic_decisions(
    preset: &str,
    phase: tarok_historic::Phase,
    n: usize,
) -> Vec<tarok_historic::view::View> {
    use tarok_historic::{Deal, Ruleset};
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
            d.apply(tarok_ai::historic::advise(&v, &v.legal).0)
                .expect("a legal action");
        }
    }
    unreachable!()
}

/// A quadrille bid and an honour declared (the Scat is level 1's, `HistoricL2::judge`).
fn historic(c: &mut Criterion<CpuTime>) {
    use tarok_historic::Phase;
    let mut g = c.benchmark_group("historic_before_play");
    g.sample_size(10);
    for (preset, phase, name) in [
        ("dk-1829-quadrille", Phase::Bid, "quadrille_bid"),
        ("dk-1829-quadrille", Phase::Declare, "quadrille_honour"),
    ] {
        let views = historic_decisions(preset, phase, 4);
        g.bench_function(format!("{name}_4_decisions_24_layouts"), |b| {
            b.iter(|| {
                for v in &views {
                    let verdict = HistoricL2::new(config(), 1).judge(v, &v.legal);
                    std::hint::black_box(verdict.expect("a verdict"));
                }
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = danish, koenigrufen, historic
}
criterion_main!(benches);
