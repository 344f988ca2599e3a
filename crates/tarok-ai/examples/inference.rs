//! What inference from the bidding buys: a duplicate match of level 2 whose layouts are drawn
//! in proportion to how likely the other seats' decisions were (`Config::infer`) against the
//! same level 2 without it.
//!
//! `cargo run --release -p tarok-ai --example inference -- dk-1829-quadrille 300 7`
//! (preset, deals, seed)

use tarok_ai::historic_l2::HistoricL2;
use tarok_ai::level2::Config;
use tarok_ai::runner::{run_match, MatchConfig, Role};
use tarok_historic::{Deal, Ruleset};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset = args.first().map_or("dk-1829-quadrille", |s| s.as_str());
    let deals = args
        .get(1)
        .map_or(300, |s| s.parse().expect("a number of deals"));
    let seed = args.get(2).map_or(7, |s| s.parse().expect("a seed"));
    let rules = Ruleset::preset(preset).expect("an 1829 preset");
    let with = Config::standard(5, Config::STANDARD_THINK);
    let without = Config {
        infer: false,
        ..with
    };
    let r = run_match(
        MatchConfig { deals, seed },
        |s| Deal::from_seed(rules, s, (s % rules.players() as u64) as u8),
        |role, s| {
            let config = if role == Role::Candidate {
                with
            } else {
                without
            };
            Box::new(HistoricL2::new(config, s))
        },
        || {},
    );
    println!(
        "{preset}: L2 with inference against L2 without, {} deals (seed {seed}): {:+.2} p \
         (95% interval {:+.2} .. {:+.2}), {:.1}% won",
        r.deals,
        r.mean,
        r.ci95[0],
        r.ci95[1],
        100.0 * r.won_share
    );
}
