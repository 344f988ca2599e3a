//! `tarok hint` on odd positions: position strings of random deals (every hand shown, and as
//! the player to act sees them), mutated line by line, word by word and byte by byte. Whatever
//! a position string reads as, both bot levels answer it with one of its legal actions, and
//! never panic, as the hint command calls them.

#[path = "../../tarok-core/tests/support/mutate.rs"]
mod mutate;

use mutate::{apply_all, config, mutations};
use proptest::prelude::*;
use std::sync::OnceLock;
use tarok_ai::Level;
use tarok_core::DealRng;
use tarok_danish::{Deal, Phase, Preset};
use tarok_koenigrufen::family::random_until_play;
use tarok_koenigrufen::position::{to_position, Position};
use tarok_koenigrufen::Ruleset;

const SEEDS: u64 = 6;

/// Danish positions from the card play of random deals of every preset.
fn danish_positions() -> &'static [String] {
    static P: OnceLock<Vec<String>> = OnceLock::new();
    P.get_or_init(|| {
        let mut out = Vec::new();
        for p in Preset::ALL {
            for seed in 0..SEEDS {
                let mut rng = DealRng::seed(seed);
                let mut deal = Deal::from_seed(p.ruleset(), seed);
                let mut step = 0;
                while !deal.is_over() {
                    if deal.phase() == Phase::Play && step % 5 == 0 {
                        out.push(tarok_danish::position::write(&deal, None));
                        out.push(tarok_danish::position::write(&deal, deal.current_player()));
                    }
                    deal.apply(deal.random_action(&mut rng)).unwrap();
                    step += 1;
                }
            }
        }
        out
    })
}

/// Königrufen positions from the card play of random deals, all contracts as they come.
fn koenig_positions() -> &'static [String] {
    static P: OnceLock<Vec<String>> = OnceLock::new();
    P.get_or_init(|| {
        let mut out = Vec::new();
        for seed in 0..SEEDS * 4 {
            let mut deal = random_until_play(Ruleset::spieleversum(), seed);
            let mut rng = DealRng::seed(seed);
            let mut step = 0;
            while !deal.is_over() {
                if step % 4 == 0 {
                    out.extend(to_position(deal.state(), 0b1111));
                    out.extend(to_position(deal.state(), 1 << deal.current_player()));
                }
                let legal = deal.legal_actions();
                deal.apply(legal[rng.below(legal.len() as u32) as usize])
                    .unwrap();
                step += 1;
            }
        }
        out
    })
}

/// What `tarok hint` does with a Danish position: each level decides among the legal actions.
fn danish_hint(text: &str) {
    let Ok(deal) = tarok_danish::position::parse(text) else {
        return;
    };
    let Some(seat) = deal.current_player() else {
        return;
    };
    let legal = deal.legal_actions();
    for level in [Level::L0, Level::L1] {
        let d = tarok_ai::danish::bot(level, 1).decide(&deal.view(seat), &legal);
        assert!(
            legal.contains(&d.action),
            "{level:?} chose {} in {text:?}",
            d.action
        );
    }
}

/// What `tarok hint` does with a Königrufen position.
fn koenig_hint(text: &str) {
    let Ok(pos) = Position::parse(text) else {
        return;
    };
    let (Ok(view), Ok(cards)) = (pos.view(), pos.legal_cards()) else {
        return;
    };
    let legal: Vec<_> = cards.iter().map(tarok_koenigrufen::Action::Play).collect();
    for level in [Level::L0, Level::L1] {
        let d = tarok_ai::koenigrufen::bot(level, 1).decide(&view, &legal);
        assert!(
            legal.contains(&d.action),
            "{level:?} chose {} in {text:?}",
            d.action
        );
    }
}

#[test]
fn the_unmutated_positions_get_a_hint() {
    assert!(danish_positions().len() > 100 && koenig_positions().len() > 100);
    for p in danish_positions() {
        tarok_danish::position::parse(p).unwrap_or_else(|e| panic!("{p}: {e}"));
        danish_hint(p);
    }
    for p in koenig_positions() {
        Position::parse(p).unwrap_or_else(|e| panic!("{p}: {e}"));
        koenig_hint(p);
    }
}

proptest! {
    #![proptest_config(config(20000))]

    #[test]
    fn mutated_danish_positions_get_a_legal_hint(k in any::<prop::sample::Index>(), ms in mutations()) {
        let p = &danish_positions()[k.index(danish_positions().len())];
        danish_hint(&apply_all(p, &ms));
    }

    #[test]
    fn mutated_koenigrufen_positions_get_a_legal_hint(k in any::<prop::sample::Index>(), ms in mutations()) {
        let p = &koenig_positions()[k.index(koenig_positions().len())];
        koenig_hint(&apply_all(p, &ms));
    }
}
