//! What inference buys: a duplicate match of level 2 whose layouts are drawn in proportion to
//! how likely the other seats' decisions were (`Config::infer`: the decisions before the play
//! in the games of 1829, the bidding and the raises in Königrufen) against the same level 2
//! without it. With `raises` last, Königrufen's inference from the Kontras and Res alone: both
//! sides infer from the bidding, the candidate from the raises too (`Config::infer_raises`).
//! With `play` last, the inference from the card play alone (`Config::infer_play`): both sides
//! infer from the bidding and the raises, the candidate from the other seats' cards too; this
//! mode also takes dk-dtf-2011.
//!
//! `cargo run --release -p tarok-ai --example inference -- dk-1829-quadrille 300 7`
//! (preset: an 1829 one, at-koenigrufen-spieleversum or, with `play`, dk-dtf-2011; deals;
//! seed; `raises` or `play`)

use tarok_ai::bot::Bot;
use tarok_ai::danish_l2::DanishL2;
use tarok_ai::historic_l2::HistoricL2;
use tarok_ai::koenigrufen_l2::KoenigrufenL2;
use tarok_ai::level2::Config;
use tarok_ai::runner::{run_match, MatchConfig, MatchResult, Role};

/// Which inference the candidate has and the others lack.
#[derive(Copy, Clone, PartialEq)]
enum Mode {
    /// The bidding and the raises (the card play stays off, as by default).
    All,
    /// The raises: all infer from the bidding.
    Raises,
    /// The card play: all infer from the bidding and the raises.
    Play,
}

/// Level 2 with inference in the candidate's seat, without in the others, as `mode` says.
fn config(role: Role, mode: Mode) -> Config {
    let with = Config::standard(5, Config::STANDARD_THINK);
    let candidate = role == Role::Candidate;
    Config {
        infer: candidate || mode != Mode::All,
        infer_raises: candidate || mode == Mode::Play,
        infer_play: candidate && mode == Mode::Play,
        ..with
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let preset = args.first().map_or("dk-1829-quadrille", |s| s.as_str());
    let deals = args
        .get(1)
        .map_or(300, |s| s.parse().expect("a number of deals"));
    let seed = args.get(2).map_or(7, |s| s.parse().expect("a seed"));
    let mode = match args.get(3).map(|s| s.as_str()) {
        Some("raises") => Mode::Raises,
        Some("play") => Mode::Play,
        _ => Mode::All,
    };
    let m = MatchConfig { deals, seed };
    let r: MatchResult = if preset == "dk-dtf-2011" {
        use tarok_danish::{Deal, Preset};
        run_match(
            m,
            |s| Deal::from_seed(Preset::Dtf2011.ruleset(), s),
            |role, s| -> Box<dyn Bot<_, _>> { Box::new(DanishL2::new(config(role, mode), s)) },
            || {},
        )
    } else if preset == "at-koenigrufen-spieleversum" {
        use tarok_koenigrufen::{Deal, Ruleset};
        run_match(
            m,
            |s| Deal::from_seed(Ruleset::spieleversum(), s, (s % 4) as u8),
            |role, s| -> Box<dyn Bot<_, _>> { Box::new(KoenigrufenL2::new(config(role, mode), s)) },
            || {},
        )
    } else {
        use tarok_historic::{Deal, Ruleset};
        let rules = Ruleset::preset(preset).expect("an 1829 preset or at-koenigrufen-spieleversum");
        run_match(
            m,
            |s| Deal::from_seed(rules, s, (s % rules.players() as u64) as u8),
            |role, s| -> Box<dyn Bot<_, _>> {
                Box::new(HistoricL2::new(config(role, Mode::All), s))
            },
            || {},
        )
    };
    println!(
        "{preset}: L2 with inference{} against L2 without, {} deals (seed {seed}): {:+.2} \
         (95% interval {:+.2} .. {:+.2}), {:.1}% won",
        match mode {
            Mode::All => "",
            Mode::Raises => " from the raises (both from the bidding)",
            Mode::Play => " from the card play (both from all the rest)",
        },
        r.deals,
        r.mean,
        r.ci95[0],
        r.ci95[1],
        100.0 * r.won_share
    );
}
