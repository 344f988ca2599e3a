//! The positions the level-2 benchmarks and `examples/solver_speed.rs` time: decisions of
//! level-1 self-play at the start of a trick, with a given number of tricks to go.

use tarok_ai::danish::advise;
use tarok_ai::koenigrufen_l2;
use tarok_ai::search::Solvable;
use tarok_core::Game;
use tarok_danish::{Deal, Phase, Preset, View};
use tarok_koenigrufen as kr;

/// The first card-play decision with `left` tricks to go (the trick not yet led) in each of
/// `deals` deals of level-1 self-play: the deal and the seat's view and legal actions.
pub fn danish(left: u8, deals: u64) -> Vec<(Deal, View, Vec<tarok_danish::Action>)> {
    let mut out = Vec::new();
    for seed in 0..deals {
        let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
        let mut legal = Vec::new();
        while let Some(s) = d.current_player() {
            Game::legal_into(&d, &mut legal);
            let view = d.view(s);
            if d.phase() == Phase::Play && d.trick().n == 0 && d.tricks_left() == left {
                out.push((d, view, legal));
                break;
            }
            let a = d.forced_action().unwrap_or_else(|| advise(&view, &legal).0);
            d.apply(a).unwrap();
        }
    }
    out
}

/// The first card-play decision with `left` tricks to go (trick not yet led) in each of
/// `deals` deals of level-1 self-play of Königrufen.
pub fn koenigrufen(
    left: u8,
    deals: u64,
) -> Vec<(koenigrufen_l2::Layout, kr::View, Vec<kr::Action>)> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < deals as usize {
        let mut d = kr::Deal::from_seed(kr::Ruleset::spieleversum(), seed, (seed % 4) as u8);
        seed += 1;
        let mut legal = Vec::new();
        while let Some(s) = Game::to_act(&d) {
            Game::legal_into(&d, &mut legal);
            let view = d.view(s);
            let p = d.state().play();
            if d.state().phase() == kr::Phase::Play
                && p.played.is_multiple_of(4)
                && 12 - p.tricks_done() == left
            {
                // The real deal as a layout: every hand known, as the solver sees one.
                let l = koenigrufen_l2::layout_of(&d);
                out.push((l, view, legal));
                break;
            }
            d.apply(tarok_ai::koenigrufen::advise(&view, &legal).0)
                .unwrap();
        }
    }
    out
}
