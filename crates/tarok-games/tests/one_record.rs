//! The one record of every preset: random deals under house rules are written, read back in
//! text and JSON, and replay to the same actions and result; a record whose stated result
//! lies is refused; the families' older records read into the same model.

use tarok_core::record::Record;
use tarok_core::Game;
use tarok_games::{read_record, AnyDeal};

/// A house rule that changes each family's settlement or play (`tarok rules PRESET`).
fn house_rule(deal: &AnyDeal) -> &'static str {
    match deal {
        AnyDeal::Danish(_) => "tariff.last_trick=10",
        AnyDeal::Koenigrufen(_) => "opponents_may_announce=false",
        AnyDeal::Historic(_) => "partie_stake=20",
    }
}

/// A random deal of `preset` from `seed` under its family's house rule, played to the end.
fn random_record(preset: &str, seed: u64) -> (Record, AnyDeal) {
    let plain = AnyDeal::from_seed(preset, seed).unwrap();
    let record = tarok_games::record::random(preset, seed, house_rule(&plain))
        .unwrap()
        .pop()
        .unwrap();
    let end = read_record(&record.to_text(), 0).unwrap();
    let end = end.after(end.actions.len()).unwrap();
    (record, end)
}

#[test]
fn every_preset_round_trips_with_house_rules() {
    for preset in tarok_games::preset_ids() {
        for seed in 0..12 {
            let (written, end) = random_record(preset, seed);
            assert!(
                !written.rules.is_empty(),
                "{preset}: the house rule is kept"
            );
            let text = written.to_text();
            let json = written.to_json().to_string();
            for form in [&text, &json] {
                let back = read_record(form, 0).unwrap_or_else(|e| panic!("{preset} {seed}: {e}"));
                assert_eq!(back.record.header(), written.header(), "{preset} {seed}");
                assert_eq!(back.record.actions, written.actions, "{preset} {seed}");
                let replayed = back.after(back.actions.len()).unwrap();
                assert!(replayed.is_over(), "{preset} {seed}");
                assert_eq!(replayed.balances(), end.balances(), "{preset} {seed}");
            }
        }
    }
}

#[test]
fn the_house_rule_is_replayed() {
    // Without its house rule, a Danish record whose last trick counts changes its result.
    for seed in 0..40 {
        let (written, _) = random_record("dk-dtf-2011", seed);
        let mut plain = written.clone();
        plain.rules.clear();
        let text = plain.to_text();
        if let Err(e) = read_record(&text, 0) {
            assert!(e.contains("states the result"), "{e}");
            return;
        }
    }
    panic!("in 40 deals the last trick's tariff never changed a result");
}

#[test]
fn a_record_whose_result_lies_is_refused() {
    for preset in tarok_games::preset_ids() {
        let (mut written, _) = random_record(preset, 5);
        let result = written.result.as_mut().unwrap();
        *result.get_mut("P0").unwrap() += 1;
        *result.get_mut("P1").unwrap() -= 1;
        for form in [written.to_text(), written.to_json().to_string()] {
            let e = read_record(&form, 0).unwrap_err();
            assert!(e.contains("states the result"), "{preset}: {e}");
        }
    }
}

#[test]
fn a_record_out_of_turn_or_illegal_is_refused_with_its_action() {
    let (written, _) = random_record("at-koenigrufen-spieleversum", 3);
    let mut wrong_seat = written.clone();
    wrong_seat.actions[0].seat = (wrong_seat.actions[0].seat + 1) % 4;
    let e = read_record(&wrong_seat.to_text(), 0).unwrap_err();
    assert!(e.starts_with("action 1 (P") && e.contains("turn"), "{e}");
    let mut illegal = written.clone();
    let last = illegal.actions.len() - 1;
    illegal.actions[last].action = "T99".into();
    let e = read_record(&illegal.to_text(), 0).unwrap_err();
    assert!(e.starts_with(&format!("action {}", last + 1)), "{e}");
}

#[test]
fn several_deals_in_one_file() {
    let texts: Vec<String> = (0..3)
        .map(|seed| random_record("dk-1829-three", seed).0.to_text())
        .collect();
    let file = texts.join("\n");
    for k in 0..3 {
        let deal = read_record(&file, k).unwrap();
        assert_eq!(deal.record.seed, Some(k as u64));
    }
    assert!(read_record(&file, 3).unwrap_err().contains("holds 3 deals"));
}

#[test]
fn older_family_records_read_into_the_one_model() {
    for preset in tarok_games::preset_ids() {
        let family = tarok_games::family_of(preset).unwrap();
        for seed in 0..4 {
            let rule = house_rule(&AnyDeal::from_seed(preset, seed).unwrap());
            let old = family.random_game_under(preset, rule, seed).unwrap().text;
            let deal = read_record(&old, 0).unwrap_or_else(|e| panic!("{preset} {seed}: {e}"));
            // The house rules come across (Königrufen's [Switches] as name=value).
            assert_eq!(deal.record.rules, rule, "{preset} {seed}");
            let end = deal.after(deal.actions.len()).unwrap();
            // The converted record states the old record's result and replays to it.
            let again = read_record(&deal.record.to_text(), 0).unwrap();
            assert_eq!(again.actions, deal.actions, "{preset} {seed}");
            assert_eq!(
                again.after(again.actions.len()).unwrap().balances(),
                end.balances()
            );
            assert!(
                deal.record.result.is_some() == end.is_over(),
                "{preset} {seed}"
            );
        }
    }
}
