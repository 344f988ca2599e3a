//! Bad input never panics: records of the 1829 games (one deal, and whole games from
//! `random-game --partie`, text and JSON) and position strings, mutated line by line, word by
//! word and byte by byte, are read and replayed through the functions `tarok replay` and
//! `tarok legal` call. Each must give a result or an error; a record replayed without error
//! writes back to itself.

#[path = "../../tarok-core/tests/support/mutate.rs"]
mod mutate;

use mutate::{apply_all, apply_json_all, config, json_mutations, mutations};
use proptest::prelude::*;
use std::sync::OnceLock;
use tarok_core::family::Family;
use tarok_historic::family::{random_record, random_whole_game};
use tarok_historic::game_record::{is_game_record, GameRecord};
use tarok_historic::position::Position;
use tarok_historic::record::Record;
use tarok_historic::ruleset::PRESETS;
use tarok_historic::{Phase, FAMILY};

const SEEDS: u64 = 6;

/// `random-game`'s text and JSON of every preset and a few seeds, and whole games.
fn records() -> &'static [String] {
    static R: OnceLock<Vec<String>> = OnceLock::new();
    R.get_or_init(|| {
        let mut out = Vec::new();
        for r in PRESETS {
            for seed in 0..SEEDS {
                let o = FAMILY.random_game(r.id, seed).unwrap();
                out.push(o.text);
                out.push(o.json.to_string());
            }
        }
        for (id, rules) in [
            ("dk-1829-partners", ""),
            ("dk-1829-en-deux", ""),
            ("dk-1829-en-deux", "double_at_fifty=true"),
        ] {
            for seed in 0..2 {
                let o = FAMILY.random_partie(id, rules, seed).unwrap();
                out.push(o.text);
                out.push(o.json.to_string());
            }
        }
        out
    })
}

/// Position strings from the card play of random deals of every preset.
fn positions() -> &'static [String] {
    static P: OnceLock<Vec<String>> = OnceLock::new();
    P.get_or_init(|| {
        let mut out = Vec::new();
        for r in PRESETS {
            for seed in 0..SEEDS {
                let (_, record) = random_record(r, seed);
                let mut deal = record.initial().unwrap();
                for (i, a) in record.actions.iter().enumerate() {
                    if deal.phase() == Phase::Play && i % 3 == 0 {
                        out.extend(deal.position());
                    }
                    deal.apply(*a).unwrap();
                }
            }
        }
        out
    })
}

/// Everything `tarok replay` does with a record of the 1829 games, and the write-back of a
/// record replayed.
fn replay_all(text: &str) {
    let _ = FAMILY.replay(text);
    if is_game_record(text) {
        let Ok(game) = GameRecord::parse(text) else {
            return;
        };
        if game.replay().is_ok() {
            for again in [game.to_text(), game.to_json().to_string()] {
                let g = GameRecord::parse(&again)
                    .unwrap_or_else(|e| panic!("the written record does not read: {e}\n{again}"));
                assert_eq!(g, game, "written back:\n{again}");
            }
        }
        return;
    }
    let Ok(record) = Record::parse(text) else {
        return;
    };
    if let Ok(deal) = record.replay() {
        for again in [record.to_text(Some(&deal)), record.to_json().to_string()] {
            let r = Record::parse(&again)
                .unwrap_or_else(|e| panic!("the written record does not read: {e}\n{again}"));
            assert_eq!(r, record, "written back:\n{again}");
        }
    }
}

/// Everything `tarok legal` does with a position of the 1829 games.
fn position_all(text: &str) {
    let _ = FAMILY.legal(text);
    if let Ok(pos) = Position::parse(text) {
        assert!(!pos.legal_cards().is_empty(), "no legal card in {text:?}");
    }
}

#[test]
fn the_unmutated_inputs_are_read() {
    for r in records() {
        FAMILY
            .replay(r)
            .unwrap_or_else(|e| panic!("{e}\n{}", &r[..r.len().min(500)]));
    }
    assert!(positions().len() > 50);
    for p in positions() {
        FAMILY.legal(p).unwrap_or_else(|e| panic!("{p}: {e}"));
    }
}

/// Found by hand beside the property tests: the en deux dealer alternates by the number of
/// deals, which was added in u8, so a Partie to a high target that ran past 255 deals with
/// P1 as first dealer overflowed (in `random-game --partie` and in `replay` alike).
#[test]
fn an_en_deux_partie_of_more_than_255_deals_is_played_and_replayed() {
    let (game, record) = random_whole_game("dk-1829-en-deux", "partie_target=12000", 2).unwrap();
    assert_eq!(record.deals[0].record.dealer, 1);
    assert!(record.deals.len() > 256, "{} deals", record.deals.len());
    let replayed = GameRecord::parse(&record.to_text())
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(replayed.deals().len(), game.deals().len());
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn mutated_records_never_panic(k in any::<prop::sample::Index>(), ms in mutations()) {
        let r = &records()[k.index(records().len())];
        replay_all(&apply_all(r, &ms));
    }

    #[test]
    fn mutated_json_values_never_panic(k in any::<prop::sample::Index>(), ms in json_mutations()) {
        let jsons: Vec<&String> = records().iter().filter(|r| r.starts_with('{')).collect();
        let v = apply_json_all(jsons[k.index(jsons.len())], &ms);
        replay_all(&v.to_string());
    }

    #[test]
    fn mutated_positions_never_panic(k in any::<prop::sample::Index>(), ms in mutations()) {
        let p = &positions()[k.index(positions().len())];
        position_all(&apply_all(p, &ms));
    }
}
