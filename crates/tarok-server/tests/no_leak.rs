//! No message to a seat names a card that the deal hides from it: over random deals of every
//! preset at every table size with every seat a person, at every step, the state each seat is
//! sent, a hint, the refusals it may get, and the state of a spectator and of a person sitting
//! the deal out (no card hidden from any seat) are checked against the full deal (the idea of
//! `tarok-games/tests/info_state.rs`). Every message the server sends is one of these
//! ([`Table::state_for`], [`Table::hint`], a refusal of [`Table::act`]).

mod common;

use common::{cards_named, hidden_from_someone, leaked};
use proptest::prelude::*;
use tarok_core::{DealRng, Game};
use tarok_server::protocol::ServerMsg;
use tarok_server::store::{SeatKind, Store};
use tarok_server::table::{NewTable, Table};

fn json(msg: ServerMsg) -> serde_json::Value {
    serde_json::to_value(msg).unwrap()
}

/// Plays a random deal of `preset` at a table of `size` people and checks every message.
fn check(preset: &str, seed: u64, size: u8) {
    let store = Store::in_memory().unwrap();
    let seats = (0..size)
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
        let public = hidden_from_someone(&deal);
        for ts in 0..size {
            let mut msgs = vec![json(ServerMsg::State(Box::new(t.state_for(Some(ts)))))];
            if ts == to_act {
                msgs.push(json(
                    t.hint(ts, lang(ts)).unwrap_or_else(ServerMsg::Refused),
                ));
                // A card of its own hand that the rules refuse now, if there is one.
                let legal = deal.legal();
                if let Some(c) = deal
                    .hand(deal.to_act().unwrap())
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
                // A seat sitting the deal out is told what a spectator is.
                let leak = match t.deal_seat(ts) {
                    Some(seat) => leaked(&deal, seat, &m),
                    None => cards_named(&m.to_string()) & public,
                };
                assert!(
                    leak.is_empty(),
                    "{preset} at {size} seed {seed} after {} actions: table seat {ts} is told of {leak}:\n{m}",
                    t.actions().len()
                );
            }
        }
        let spectator = json(ServerMsg::State(Box::new(t.state_for(None))));
        assert!(
            spectator["view"].is_object(),
            "a spectator sees the public view"
        );
        let leak = cards_named(&spectator.to_string()) & public;
        assert!(
            leak.is_empty(),
            "{preset} at {size} seed {seed}: a spectator is told of {leak}: {spectator}"
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
        for p in tarok_server::table::presets() {
            for size in p.sizes {
                check(p.id, seed, size);
            }
        }
    }
}

/// The check can fail: a seat sent another seat's view is caught, and so is a spectator.
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
    assert!(!leaked(t.deal(), t.deal_seat(0).unwrap(), &other).is_empty());
    // And a spectator sent a seat's view.
    let public = hidden_from_someone(t.deal());
    assert!(!(cards_named(&other.to_string()) & public).is_empty());
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
    check("at-koenigrufen-spieleversum", 45648422155494831, 4);
    check("at-koenigrufen-spieleversum", 13595367612701395516, 4);
}
