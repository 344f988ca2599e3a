//! Bad input never panics: records (text and JSON, as `random-game` writes them) and position
//! strings of several seeds and presets, mutated line by line, word by word and byte by byte,
//! are read and replayed through the functions `tarok replay`, `legal` and `hint` call. Each
//! must give a result or an error; a record read without error writes back to itself.

#[path = "../../tarok-core/tests/support/mutate.rs"]
mod mutate;

use mutate::{apply_all, apply_json_all, config, json_mutations, mutations};
use proptest::prelude::*;
use std::sync::OnceLock;
use tarok_core::family::Family;
use tarok_core::DealRng;
use tarok_danish::record::{split_text_records, Record};
use tarok_danish::{position, Deal, Phase, Preset, FAMILY};

const SEEDS: u64 = 6;

/// `random-game`'s text and JSON of every preset and a few seeds.
fn records() -> &'static [(String, String)] {
    static R: OnceLock<Vec<(String, String)>> = OnceLock::new();
    R.get_or_init(|| {
        let mut out = Vec::new();
        for p in Preset::ALL {
            for seed in 0..SEEDS {
                let o = FAMILY.random_game(p.id(), seed).unwrap();
                out.push((o.text, o.json.to_string()));
            }
        }
        out
    })
}

/// Position strings from the card play of random deals: all hands shown, and as the player
/// to act sees it.
fn positions() -> &'static [String] {
    static P: OnceLock<Vec<String>> = OnceLock::new();
    P.get_or_init(|| {
        let mut out = Vec::new();
        for p in Preset::ALL {
            for seed in 0..SEEDS {
                let mut rng = DealRng::seed(seed);
                let mut deal = Deal::from_seed(p.ruleset(), seed);
                let mut step = 0;
                while !deal.is_over() {
                    if deal.phase() == Phase::Play && step % 7 == 0 {
                        out.push(position::write(&deal, None));
                        out.push(position::write(&deal, deal.current_player()));
                    }
                    deal.apply(deal.random_action(&mut rng)).unwrap();
                    step += 1;
                }
            }
        }
        out
    })
}

/// Everything `tarok replay` does with a Danish record, and the write-back of each deal read.
fn replay_all(text: &str) {
    let _ = FAMILY.replay(text);
    if text.trim_start().starts_with('{') {
        let _ = Record::from_json(text);
        return;
    }
    for part in split_text_records(text) {
        if let Ok((record, deal)) = Record::from_text(part) {
            let again = record.to_text(&deal);
            let (record2, _) = Record::from_text(&again)
                .unwrap_or_else(|e| panic!("the written record does not read back: {e}\n{again}"));
            assert_eq!(record, record2, "written back:\n{again}");
        }
    }
}

/// Everything `tarok legal` and `tarok hint` do with a Danish position, and its write-back.
fn position_all(text: &str) {
    let _ = FAMILY.legal(text);
    if let Ok(deal) = position::parse(text) {
        let legal = deal.legal_actions();
        assert!(!legal.is_empty(), "no legal action in {text:?}");
        let seat = deal.current_player().expect("someone is to act");
        let _ = deal.view(seat);
        let again = position::write(&deal, None);
        let deal2 = position::parse(&again)
            .unwrap_or_else(|e| panic!("{again:?} (from {text:?}) does not read back: {e}"));
        assert_eq!(position::write(&deal2, None), again);
    }
}

#[test]
fn the_unmutated_inputs_are_read() {
    for (text, json) in records() {
        FAMILY.replay(text).unwrap();
        FAMILY.replay(json).unwrap();
    }
    for p in positions() {
        FAMILY.legal(p).unwrap();
    }
}

proptest! {
    #![proptest_config(config(600))]

    #[test]
    fn mutated_text_records_never_panic(k in any::<prop::sample::Index>(), ms in mutations()) {
        let (text, _) = &records()[k.index(records().len())];
        replay_all(&apply_all(text, &ms));
    }

    #[test]
    fn mutated_json_text_never_panics(k in any::<prop::sample::Index>(), ms in mutations()) {
        let (_, json) = &records()[k.index(records().len())];
        replay_all(&apply_all(json, &ms));
    }

    #[test]
    fn mutated_json_values_never_panic(k in any::<prop::sample::Index>(), ms in json_mutations()) {
        let (_, json) = &records()[k.index(records().len())];
        let v = apply_json_all(json, &ms);
        replay_all(&v.to_string());
        // A deal of the list on its own, as `replay` reads a single JSON record.
        if let Some(d) = v.get("deals").and_then(|d| d.get(0)) {
            let _ = Record::from_json_value(d.clone());
        }
    }

    #[test]
    fn mutated_positions_never_panic(k in any::<prop::sample::Index>(), ms in mutations()) {
        let p = &positions()[k.index(positions().len())];
        position_all(&apply_all(p, &ms));
    }
}
