//! No message to a seat names a card that the deal hides from it: over random deals of every
//! preset with every seat a person, at every step, the state each seat is sent, a hint, the
//! refusals it may get and a spectator's state are checked against the full deal (the idea of
//! `tarok-games/tests/info_state.rs`). Every message the server sends is one of these
//! ([`Table::state_for`], [`Table::hint`], a refusal of [`Table::act`]).

mod common;

use common::{cards_named, leaked};
use proptest::prelude::*;
use tarok_core::{DealRng, Game};
use tarok_server::protocol::ServerMsg;
use tarok_server::store::{SeatKind, Store};
use tarok_server::table::{NewTable, Table};

fn json(msg: ServerMsg) -> serde_json::Value {
    serde_json::to_value(msg).unwrap()
}

fn check(preset: &str, seed: u64) {
    let store = Store::in_memory().unwrap();
    let n = tarok_games::AnyDeal::from_seed(preset, seed)
        .unwrap()
        .seats();
    let seats = (0..n)
        .map(|i| SeatKind::Human {
            name: format!("Person {i}"),
            token: format!("token{i}"),
        })
        .collect();
    let mut t = Table::create(
        &store,
        NewTable {
            preset: preset.into(),
            rules: String::new(),
            seed,
            seats,
        },
    )
    .unwrap();
    let mut rng = DealRng::seed(seed);
    let mut buf = Vec::new();
    while !t.deal().is_over() {
        let deal = t.deal().clone();
        let to_act = t.to_act().unwrap();
        for ts in 0..n {
            let seat = t.deal_seat(ts);
            let mut msgs = vec![json(ServerMsg::State(Box::new(t.state_for(Some(ts)))))];
            if ts == to_act {
                msgs.push(json(
                    t.hint(ts, lang(ts)).unwrap_or_else(ServerMsg::Refused),
                ));
                // A card of its own hand that the rules refuse now, if there is one.
                let legal = deal.legal();
                if let Some(c) = deal
                    .hand(seat)
                    .iter()
                    .map(|c| c.to_string())
                    .find(|c| deal.parse_action(c).is_ok_and(|a| !legal.contains(&a)))
                {
                    let r = t.act(&store, ts, &c, lang(ts)).unwrap_err();
                    msgs.push(json(ServerMsg::Refused(r)));
                }
            } else {
                let r = t.act(&store, ts, "pass", lang(ts)).unwrap_err();
                msgs.push(json(ServerMsg::Refused(r)));
            }
            for m in msgs {
                let leak = leaked(&deal, seat, &m);
                assert!(
                    leak.is_empty(),
                    "{preset} seed {seed} after {} actions: seat {seat} is told of {leak}:\n{m}",
                    t.actions().len()
                );
            }
        }
        let spectator = json(ServerMsg::State(Box::new(t.state_for(None))));
        assert!(
            cards_named(&spectator.to_string()).is_empty(),
            "{preset} seed {seed}: a spectator is told of cards: {spectator}"
        );
        let action = deal.random_action(&mut rng, &mut buf).unwrap();
        t.act(&store, to_act, &action.to_string(), lang(to_act))
            .unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    fn no_message_names_a_card_hidden_from_its_seat(seed in any::<u64>()) {
        for preset in tarok_games::preset_ids() {
            check(preset, seed);
        }
    }
}

/// The check can fail: a seat sent another seat's view is caught.
#[test]
fn another_seats_view_is_caught() {
    let store = Store::in_memory().unwrap();
    let seats = (0..3)
        .map(|_| SeatKind::Bot { level: "L0".into() })
        .collect();
    let t = Table::create(
        &store,
        NewTable {
            preset: "dk-dtf-2011".into(),
            rules: String::new(),
            seed: 3,
            seats,
        },
    )
    .unwrap();
    let other = json(ServerMsg::State(Box::new(t.state_for(Some(1)))));
    assert!(!leaked(t.deal(), t.deal_seat(0), &other).is_empty());
}

/// Each seat's language, so that the words of every language are checked too.
fn lang(seat: u8) -> tarok_words::Lang {
    tarok_words::Lang::ALL[seat as usize % tarok_words::Lang::ALL.len()]
}

/// A Königrufen hint names tarock X as `X` in Danish and German (the screen's Roman numerals)
/// and the Sküs as `X` in English (the engines' notation): the seeds where a hint said "stikker
/// med X" while the Sküs was in another hand, and "takes the trick with X" (the Sküs) while
/// tarock X was.
#[test]
fn a_bare_x_in_a_hint_is_tarock_x_or_the_skus() {
    assert_eq!(
        common::screen_cards_named("stikker med X, ♥K und XXI"),
        ["HK", "T21"].iter().map(|c| c.parse().unwrap()).collect()
    );
    check("at-koenigrufen-spieleversum", 45648422155494831);
    check("at-koenigrufen-spieleversum", 13595367612701395516);
}
