//! Bad input never panics: Königrufen records (text and JSON, as `random-game` writes them,
//! from a seed and from an explicit deck) and position strings, mutated line by line, word by
//! word and byte by byte, are read and replayed through the functions `tarok replay`, `legal`
//! and `hint` call. Each must give a result or an error; a record replayed without error
//! writes back to a record of the same deal.

#[path = "../../tarok-core/tests/support/mutate.rs"]
mod mutate;

use mutate::{apply_all, apply_json_all, config, json_mutations, mutations};
use proptest::prelude::*;
use std::sync::OnceLock;
use tarok_core::family::Family;
use tarok_core::DealRng;
use tarok_koenigrufen::cards::PACK;
use tarok_koenigrufen::family::{random_until_play, record_text};
use tarok_koenigrufen::position::{to_position, Position};
use tarok_koenigrufen::record::{Record, RecordedAction};
use tarok_koenigrufen::{Action, Deal, Item, Ruleset, FAMILY, PRESET};

const SEEDS: u64 = 16;

/// `random-game`'s text and JSON for a few seeds, and records of deals from a known deck.
fn records() -> &'static [String] {
    static R: OnceLock<Vec<String>> = OnceLock::new();
    R.get_or_init(|| {
        let mut out = Vec::new();
        for seed in 0..SEEDS {
            let o = FAMILY.random_game(PRESET, seed).unwrap();
            out.push(o.text);
            out.push(o.json.to_string());
        }
        for seed in 0..4 {
            let deck = tarok_core::shuffled(PACK, seed);
            let mut deal = Deal::from_deck(Ruleset::spieleversum(), deck, 3).unwrap();
            deal.play_randomly(&mut DealRng::seed(seed));
            out.push(record_text(&deal));
            out.push(Record::of(&deal).to_json());
        }
        out
    })
}

/// Position strings from the card play of random deals: all hands shown, and as the player
/// to act sees them.
fn positions() -> &'static [String] {
    static P: OnceLock<Vec<String>> = OnceLock::new();
    P.get_or_init(|| {
        let mut out = Vec::new();
        for seed in 0..SEEDS {
            let mut deal = random_until_play(Ruleset::spieleversum(), seed);
            let mut rng = DealRng::seed(seed);
            let mut step = 0;
            loop {
                if step % 5 == 0 {
                    let me = 1 << deal.current_player();
                    out.extend(to_position(deal.state(), 0b1111));
                    out.extend(to_position(deal.state(), me));
                }
                if deal.is_over() {
                    break;
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

/// Everything `tarok replay` does with a Königrufen record, and the write-back of a deal
/// replayed.
fn replay_all(text: &str) {
    let _ = FAMILY.replay(text);
    let Ok(deal) = Record::parse(text).and_then(|r| r.replay()) else {
        return;
    };
    let record = Record::of(&deal);
    for again in [record.to_text(), record.to_json()] {
        let deal2 = Record::parse(&again)
            .and_then(|r| r.replay())
            .unwrap_or_else(|e| panic!("the written record does not replay: {e}\n{again}"));
        assert_eq!(Record::of(&deal2), record, "written back:\n{again}");
    }
}

/// Everything `tarok legal` and `tarok hint` do with a Königrufen position.
fn position_all(text: &str) {
    let _ = FAMILY.legal(text);
    if let Ok(pos) = Position::parse(text) {
        if let Ok(legal) = pos.legal_cards() {
            assert!(!legal.is_empty(), "no legal card in {text:?}");
            pos.view().unwrap();
        }
    }
}

#[test]
fn the_unmutated_inputs_are_read() {
    for r in records() {
        FAMILY.replay(r).unwrap();
    }
    assert!(positions().len() > 50);
    for p in positions() {
        Position::parse(p).unwrap_or_else(|e| panic!("{p}: {e}"));
    }
}

/// Found by `mutated_json_values_never_panic`: the JSON form takes any u8 as the seat of a
/// game to kontra (the text form reads only game0..game3), and `1 << 78` overflowed in the
/// rule check. The replay must refuse the action by its number instead.
#[test]
fn a_kontra_on_the_game_of_seat_78_is_refused() {
    let (mut deal, mut rng) = (None, DealRng::seed(1));
    for seed in 0..100 {
        let mut d = Deal::from_seed(Ruleset::spieleversum(), seed, 0);
        while !d.is_over() && d.state().phase() != tarok_koenigrufen::Phase::Announcements {
            let legal = d.legal_actions();
            d.apply(legal[rng.below(legal.len() as u32) as usize])
                .unwrap();
        }
        if !d.is_over() {
            deal = Some(d);
            break;
        }
    }
    let deal = deal.expect("a deal reaches the announcements");
    let mut record = Record::of(&deal);
    record.actions.push(RecordedAction {
        seat: deal.current_player(),
        action: Action::Kontra(Item::Game(78)),
    });
    let n = record.actions.len();
    let err = FAMILY.replay(&record.to_json()).unwrap_err();
    assert!(
        err.contains(&format!("action {n} (kontra:game78)")) && err.contains("no such item"),
        "{err}"
    );
}

proptest! {
    #![proptest_config(config(600))]

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
