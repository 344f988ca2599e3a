//! Every preset through the one game interface: random legal play to the end, refusals that
//! change nothing, actions and views that serialise, and a zero-sum settlement.

use proptest::prelude::*;
use tarok_core::{DealRng, Game};
use tarok_games::{AnyAction, AnyDeal};

fn presets() -> Vec<&'static str> {
    tarok_games::preset_ids()
}

/// An action of another family than the deal's, to be refused.
fn foreign(deal: &AnyDeal) -> AnyAction {
    match deal {
        AnyDeal::Danish(_) => AnyAction::Historic(tarok_historic::Action::Done),
        _ => AnyAction::Danish(tarok_danish::Action::Demand),
    }
}

/// Plays `preset` from `seed` with random legal actions, checking the interface at each step.
fn check_deal(preset: &str, seed: u64) {
    let mut deal = AnyDeal::from_seed(preset, seed).unwrap();
    assert_eq!(deal.preset(), preset);
    let mut rng = DealRng::seed(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Some(seat) = deal.to_act() {
        assert!(!deal.is_over());
        deal.legal_into(&mut legal);
        assert!(!legal.is_empty(), "{preset} {seed}: nobody can act");
        // A refused action leaves the deal as it was.
        let before = format!("{deal:?}");
        assert!(deal.apply(foreign(&deal)).is_err());
        assert_eq!(
            format!("{deal:?}"),
            before,
            "{preset} {seed}: a refusal changed the deal"
        );
        // Views serialise; the seat to act sees that it is to act.
        for s in 0..deal.seats() {
            let view = deal.view(s);
            assert_eq!(view.seat(), s);
            assert_eq!(view.to_act(), Some(seat), "{preset} {seed}");
            assert_eq!(view.hand(), deal.hand(s), "{preset} {seed}: own hand");
            serde_json::to_string(&view).unwrap();
        }
        let action = match deal.forced() {
            Some(forced) => forced,
            None => legal[rng.below(legal.len() as u32) as usize],
        };
        assert!(
            legal.contains(&action),
            "{preset} {seed}: {action} is not legal"
        );
        // The text notation and the JSON read back to the same action.
        assert_eq!(deal.parse_action(&action.to_string()).unwrap(), action);
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(
            serde_json::from_str::<AnyAction>(&json).unwrap(),
            action,
            "{json}"
        );
        deal.apply(action).unwrap();
        steps += 1;
        assert!(steps < 500, "{preset} {seed}: the deal does not end");
    }
    assert!(deal.is_over());
    assert!(deal.legal().is_empty());
    let payoffs = deal.payoffs();
    assert_eq!(payoffs.len(), deal.seats() as usize);
    assert!(
        payoffs.iter().sum::<f64>().abs() < 1e-9,
        "{preset} {seed}: {payoffs:?}"
    );
    assert_eq!(
        deal.balances().total(),
        0,
        "{preset} {seed}: payments sum to zero"
    );
    serde_json::to_string(&deal.settlement()).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn every_preset_plays_through_the_interface(seed in any::<u64>()) {
        for preset in presets() {
            check_deal(preset, seed);
        }
    }
}

/// A refused action names its rule and serialises, in every family.
#[test]
fn refusals_serialise() {
    for preset in presets() {
        let mut deal = AnyDeal::from_seed(preset, 3).unwrap();
        let e = deal.apply(foreign(&deal)).unwrap_err();
        assert!(e.to_string().contains(preset), "{e}");
        serde_json::to_string(&e).unwrap();
    }
    // A card nobody may play now: the family's own error, with its rule.
    let mut deal = AnyDeal::from_seed("dk-dtf-2011", 3).unwrap();
    let e = deal
        .apply(AnyAction::Danish(tarok_danish::Action::Demand))
        .unwrap_err();
    let json = serde_json::to_value(&e).unwrap();
    assert!(json.get("danish").is_some(), "{json}");
    assert!(e.to_string().contains("Møller"), "{e}");
}

/// An unknown preset lists the presets.
#[test]
fn an_unknown_preset_is_named() {
    let e = AnyDeal::from_seed("dk-dtf-2012", 1).unwrap_err();
    assert!(
        e.contains("dk-dtf-2012") && e.contains("dk-1829-en-deux"),
        "{e}"
    );
    assert_eq!(presets().len(), 8);
}

/// Every refusal carries its rule as data: the citation its message ends with, split into
/// sources with sections and lines. Illegal actions come from the step before (the previous
/// seat's legal actions, mostly refused now) over random deals of every preset.
#[test]
fn every_refusal_carries_its_rule() {
    use tarok_core::Refusal;
    let mut kinds = std::collections::BTreeSet::new();
    for preset in presets() {
        for seed in 0..30 {
            let mut deal = AnyDeal::from_seed(preset, seed).unwrap();
            let mut rng = DealRng::seed(seed);
            let mut before: Vec<AnyAction> = Vec::new();
            while deal.to_act().is_some() {
                for &a in &before {
                    let mut probe = deal.clone();
                    let Err(e) = probe.apply(a) else { continue };
                    let message = e.to_string();
                    assert!(
                        message.ends_with(&format!("({})", e.citation())),
                        "{preset}: {message} does not end with its citation {:?}",
                        e.citation()
                    );
                    let rules = e.rules();
                    assert!(!rules.is_empty(), "{preset}: {message}");
                    for r in &rules {
                        assert!(
                            message.contains(&r.section) && message.contains(&r.lines),
                            "{r:?}"
                        );
                    }
                    kinds.insert(
                        serde_json::to_value(&e)
                            .unwrap()
                            .to_string()
                            .chars()
                            .take(40)
                            .collect::<String>(),
                    );
                }
                before = deal.legal();
                let a = deal
                    .forced()
                    .unwrap_or_else(|| before[rng.below(before.len() as u32) as usize]);
                deal.apply(a).unwrap();
            }
        }
    }
    assert!(
        kinds.len() >= 20,
        "{} kinds of refusal seen: {kinds:?}",
        kinds.len()
    );
}

/// A record whose stated result lies is refused by the registry's reader, in every family.
#[test]
fn a_record_whose_result_lies_is_refused() {
    for preset in presets() {
        let family = tarok_games::family_of(preset).unwrap();
        // The played deal's record (a Danish file may hold a redeal and the deal after it), of
        // a seed whose deal pays something.
        let record = (6..40)
            .map(|seed| {
                let json = family.random_game(preset, seed).unwrap().json;
                json.get("deals").map_or(json.clone(), |d| {
                    d.as_array().unwrap().last().unwrap().clone()
                })
            })
            .find(|r| {
                r["settlement"].as_array().is_some_and(|l| !l.is_empty())
                    || r.get("en_deux_scores").is_some()
            })
            .unwrap_or_else(|| panic!("{preset}: a deal with payments"));
        let text = record.to_string();
        tarok_games::read_record(&text, 0).unwrap_or_else(|e| panic!("{preset}: {e}"));
        let lied = lie(&record);
        assert!(
            tarok_games::read_record(&lied.to_string(), 0).is_err(),
            "{preset}: a lying record was read: {lied}"
        );
    }
}

/// The record with the first payment's amount changed, wherever the family states its result.
fn lie(record: &serde_json::Value) -> serde_json::Value {
    let mut r = record.clone();
    if let Some(b) = r.get_mut("balances") {
        if let Some(s) = b.as_str() {
            *b = serde_json::json!(s.replacen('1', "7", 1).replacen("-0", "-9", 1));
            return r;
        }
        if let Some(a) = b.as_array_mut() {
            a[0] = serde_json::json!(a[0].as_i64().unwrap() + 1);
            a[1] = serde_json::json!(a[1].as_i64().unwrap() - 1);
            return r;
        }
    }
    // En deux settles in the Partie: a deal states its scores.
    if let Some(scores) = r.get_mut("en_deux_scores") {
        scores[0] = serde_json::json!(scores[0].as_i64().unwrap() + 1);
        return r;
    }
    let lines = r["settlement"].as_array_mut().expect("a settlement");
    let amount = lines[0]["amount"].as_i64().unwrap();
    lines[0]["amount"] = serde_json::json!(amount + 1);
    r
}
