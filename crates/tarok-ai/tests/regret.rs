//! Endgame regret: level 1 and level 2 against exact judgements of the committed endgame sets
//! (`tests/data/danish-endgames.json` and `koenigrufen-endgames.json`, written by
//! `examples/endgame_set.rs`): 240 decisions each of level-1 self-play, Danish from trick 22 on
//! and Königrufen from trick 9 on, each move's expected loss over 400 layouts consistent with
//! the seat's view, each solved exactly.

use tarok_core::Game;

#[derive(serde::Deserialize)]
struct Entry {
    preset: String,
    seed: u64,
    actions: Vec<String>,
    loss: std::collections::BTreeMap<String, f64>,
}

/// The choices at one decision: the legal moves, level 1's and level 2's, as text.
struct Choices {
    legal: usize,
    l1: String,
    l2: String,
}

/// Reads a set, asks `choose` for each decision (by its index, for level 2's seed), and checks
/// the mean regrets: level 2's at most a fifth of level 1's.
fn check_set(family: &str, json: &str, choose: impl Fn(usize, &Entry) -> Choices) {
    let set: Vec<Entry> = serde_json::from_str(json).expect("the set reads");
    assert!(set.len() >= 200, "{} decisions", set.len());
    let (mut l1, mut l2, mut l1_errors, mut l2_errors) = (0.0, 0.0, 0, 0);
    for (i, e) in set.iter().enumerate() {
        let c = choose(i, e);
        assert_eq!(c.legal, e.loss.len(), "decision {i}: the legal moves");
        let (first, second) = (e.loss[&c.l1], e.loss[&c.l2]);
        l1 += first;
        l2 += second;
        l1_errors += (first > 2.0) as u32;
        l2_errors += (second > 2.0) as u32;
    }
    let n = set.len() as f64;
    println!(
        "{family}: mean regret per decision over {n} endgame decisions: level 1 {:.3} points ({l1_errors} losing more than 2), level 2 {:.3} points ({l2_errors})",
        l1 / n,
        l2 / n
    );
    assert!(l1 > 0.0, "level 1 makes mistakes in this set");
    assert!(l2 <= l1 / 5.0, "level 2 {l2:.1} against level 1 {l1:.1}");
}

#[test]
fn koenigrufen_level_2_loses_at_most_a_fifth_of_level_1_from_trick_9() {
    use tarok_ai::koenigrufen::advise;
    use tarok_ai::koenigrufen_l2::KoenigrufenL2;
    use tarok_koenigrufen::{Action, Deal, Ruleset};
    let json = include_str!("data/koenigrufen-endgames.json");
    check_set("Königrufen", json, |i, e| {
        assert_eq!(e.preset, "at-koenigrufen-spieleversum");
        let mut d = Deal::from_seed(Ruleset::spieleversum(), e.seed, (e.seed % 4) as u8);
        for a in &e.actions {
            d.apply(a.parse::<Action>().expect("an action"))
                .expect("legal");
        }
        let view = d.view(Game::to_act(&d).expect("a decision"));
        let legal = Game::legal(&d);
        let think = tarok_ai::level2::Config::STANDARD_THINK;
        Choices {
            legal: legal.len(),
            l1: advise(&view, &legal).0.to_string(),
            l2: KoenigrufenL2::thinking(think, i as u64)
                .advise(&view, &legal)
                .map_or_else(|x| x.0, |x| x.0)
                .to_string(),
        }
    });
}

#[test]
fn danish_level_2_loses_at_most_a_fifth_of_level_1_from_trick_22() {
    use tarok_ai::danish::advise;
    use tarok_ai::danish_l2::DanishL2;
    use tarok_danish::{Action, Deal, Preset};
    let json = include_str!("data/danish-endgames.json");
    check_set("Danish Tarok", json, |i, e| {
        let preset = Preset::parse(&e.preset).expect("a Danish preset");
        let mut d = Deal::from_seed(preset.ruleset(), e.seed);
        for a in &e.actions {
            d.apply(a.parse::<Action>().expect("an action"))
                .expect("legal");
        }
        let view = d.view(d.current_player().expect("a decision"));
        let legal = Game::legal(&d);
        Choices {
            legal: legal.len(),
            l1: advise(&view, &legal).0.to_string(),
            l2: DanishL2::standard(i as u64)
                .advise(&view, &legal)
                .map_or_else(|x| x.0, |x| x.0)
                .to_string(),
        }
    });
}
