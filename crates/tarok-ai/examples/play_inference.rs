//! What inference from the card play buys in Königrufen: at the card-play decisions of tricks
//! 3 to 9 of level-2 self-play, how many of the other hands' cards the layouts place right with
//! it and without (both with inference from the bidding), and the CPU time a layout takes.
//!
//! `cargo run --release -p tarok-ai --example play_inference -- 8` (deals of self-play)

use std::time::Duration;
use tarok_ai::bot::Bot;
use tarok_ai::koenigrufen_l2::{fitting_deal, placed_right, Inference, KoenigrufenL2};
use tarok_core::{DealRng, Game};
use tarok_koenigrufen::{Deal, Phase, Ruleset};

/// Layouts drawn per decision, with and without.
const LAYOUTS: u64 = 8;

/// The CPU time of this thread, in seconds.
fn cpu() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn main() {
    let deals: u64 = std::env::args()
        .nth(1)
        .map_or(8, |s| s.parse().expect("a number of deals"));
    let modes = [
        Inference::BIDDING,
        Inference {
            bidding: true,
            play: true,
        },
    ];
    let (mut right, mut total, mut spent, mut positions) = ([0u64; 2], 0u64, [0f64; 2], 0u64);
    for seed in 0..deals {
        let mut d = Deal::from_seed(Ruleset::spieleversum(), seed, (seed % 4) as u8);
        let mut bots: Vec<KoenigrufenL2> = (0..4)
            .map(|s| KoenigrufenL2::thinking(Duration::from_secs(60), seed * 4 + s))
            .collect();
        let mut legal = Vec::new();
        while let Some(s) = Game::to_act(&d) {
            Game::legal_into(&d, &mut legal);
            let view = d.view(s);
            let done = view.tricks.iter().filter(|t| t.winner.is_some()).count();
            if d.state().phase() == Phase::Play
                && (2..=8).contains(&done)
                && view.open_hands.is_none()
            {
                positions += 1;
                for j in 0..LAYOUTS {
                    let drawn = modes.map(|infer| {
                        let mut rng = DealRng::derive(positions, j);
                        let start = cpu();
                        let found = fitting_deal(&view, &legal, infer, &mut rng);
                        (found, cpu() - start)
                    });
                    for (i, (_, t)) in drawn.iter().enumerate() {
                        spent[i] += t;
                    }
                    // Counted only where both found a layout, so that the shares compare.
                    if let [(Some(a), _), (Some(b), _)] = &drawn {
                        let ((ra, of), (rb, _)) = (placed_right(&d, a, s), placed_right(&d, b, s));
                        right[0] += ra as u64;
                        right[1] += rb as u64;
                        total += of as u64;
                    }
                }
            }
            let a = bots[s as usize].decide(&view, &legal).action;
            d.apply(a).expect("a legal action");
        }
    }
    let share = |i: usize| 100.0 * right[i] as f64 / total as f64;
    let ms = |i: usize| spent[i] * 1e3 / (positions * LAYOUTS) as f64;
    println!("{deals} deals of level-2 self-play, {positions} decisions, {LAYOUTS} layouts each");
    println!(
        "hidden cards placed right: {:.1}% without the card play, {:.1}% with",
        share(0),
        share(1)
    );
    println!(
        "CPU a layout: {:.2} ms without, {:.2} ms with",
        ms(0),
        ms(1)
    );
}
