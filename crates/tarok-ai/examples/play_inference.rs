//! What inference from the card play buys: at the card-play decisions in the middle of deals of
//! level-2 self-play, how many of the other hands' cards the layouts place right with it and
//! without, and the CPU time a layout takes. Königrufen at tricks 3 to 9 (both with inference
//! from the bidding); Danish Tarok at tricks 7 to 21.
//!
//! `cargo run --release -p tarok-ai --example play_inference -- kr|dk 8` (deals of self-play)

use std::time::Duration;
use tarok_ai::bot::Bot;
use tarok_ai::level2::Placement;
use tarok_core::{CardSet, DealRng, Game, Seat};

/// Layouts drawn per decision, with and without.
const LAYOUTS: u64 = 8;

/// Thinking time of the self-play bots: more than any decision takes.
const THINK: Duration = Duration::from_secs(60);

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

/// The counts over all decisions measured.
#[derive(Default)]
struct Tally {
    placed: Placement,
    spent: [f64; 2],
    positions: u64,
}

impl Tally {
    /// One decision: `draw(infer, rng)` draws a layout's hands without (`false`) and with the
    /// inference from the play; `truth` are the real hands.
    fn decision<const N: usize>(
        &mut self,
        truth: [CardSet; N],
        seat: Seat,
        draw: impl Fn(bool, &mut DealRng) -> Option<[CardSet; N]>,
    ) {
        self.positions += 1;
        for j in 0..LAYOUTS {
            let drawn = [false, true].map(|infer| {
                let start = cpu();
                let found = draw(infer, &mut DealRng::derive(self.positions, j));
                self.spent[infer as usize] += cpu() - start;
                found
            });
            self.placed.add(truth, drawn, seat);
        }
    }

    fn print(&self, deals: u64) {
        let share = |i: usize| 100.0 * self.placed.shares()[i];
        let ms = |i: usize| self.spent[i] * 1e3 / (self.positions * LAYOUTS) as f64;
        println!(
            "{deals} deals of level-2 self-play, {} decisions, {LAYOUTS} layouts each",
            self.positions
        );
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
}

fn koenigrufen(deals: u64) -> Tally {
    use tarok_ai::koenigrufen_l2::{fitting_deal, hands, Inference, KoenigrufenL2};
    use tarok_koenigrufen::{Deal, Phase, Ruleset};
    let mut tally = Tally::default();
    for seed in 0..deals {
        let mut d = Deal::from_seed(Ruleset::spieleversum(), seed, (seed % 4) as u8);
        let mut bots: Vec<KoenigrufenL2> = (0..4)
            .map(|s| KoenigrufenL2::thinking(THINK, seed * 4 + s))
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
                tally.decision(hands(&d), s, |play, rng| {
                    let infer = Inference {
                        play,
                        ..Inference::BIDDING
                    };
                    fitting_deal(&view, &legal, infer, rng).map(|l| hands(&l))
                });
            }
            let a = bots[s as usize].decide(&view, &legal).action;
            d.apply(a).expect("a legal action");
        }
    }
    tally
}

fn danish(deals: u64) -> Tally {
    use tarok_ai::danish_l2::{layout, DanishL2};
    use tarok_danish::{Deal, Phase, Preset};
    let hands = |d: &Deal| [d.hand(0), d.hand(1), d.hand(2)];
    let mut tally = Tally::default();
    for seed in 0..deals {
        let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
        let mut bots: Vec<DanishL2> = (0..3)
            .map(|s| DanishL2::thinking(THINK, seed * 3 + s))
            .collect();
        let mut legal = Vec::new();
        while let Some(s) = d.current_player() {
            Game::legal_into(&d, &mut legal);
            let view = d.view(s);
            if d.phase() == Phase::Play && (6..=20).contains(&view.tricks.len()) {
                tally.decision(hands(&d), s, |play, rng| {
                    layout(&view, &legal, play, rng).map(|l| hands(&l))
                });
            }
            let a = bots[s as usize].decide(&view, &legal).action;
            d.apply(a).expect("a legal action");
        }
    }
    tally
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals: u64 = args
        .get(2)
        .map_or(8, |s| s.parse().expect("a number of deals"));
    let tally = match args.get(1).map(String::as_str) {
        Some("dk") => danish(deals),
        Some("kr") | None => koenigrufen(deals),
        Some(other) => panic!("kr or dk, not {other}"),
    };
    tally.print(deals);
}
