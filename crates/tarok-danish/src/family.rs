//! Danish Tarok as the CLI sees it: `tarok rules|deal|random-game|replay|legal|bench`.

use crate::deal::{ActionList, Deal, DealOptions, Phase};
use crate::declare::{declarations, Declarations, Wording};
use crate::position;
use crate::record::{self, balances_text, line_text, seat_name, Record};
use crate::ruleset::{Preset, Ruleset};
use crate::skat;
use serde_json::json;
use std::fmt::Write;
use std::time::Instant;
use tarok_core::family::{BenchResult, Family, Output, PresetInfo, SwitchInfo};
use tarok_core::{Balances, CardSet, DealRng};

/// The Danish family.
pub struct Danish;

/// The Danish family, for the CLI's registry.
pub static FAMILY: Danish = Danish;

fn preset(id: &str) -> Result<Preset, String> {
    Preset::parse(id).ok_or_else(|| format!("unknown Danish preset {id:?}"))
}

/// Plays one record to the end with random legal actions.
pub fn random_record(
    preset: Preset,
    seed: u64,
    options: DealOptions,
    rng: &mut DealRng,
) -> (Record, Deal) {
    random_record_under(preset, "", seed, options, rng).expect("the preset's own rules")
}

/// [`random_record`] under house rules (`name=value` separated by spaces), which the record
/// carries in its `[Rules]` tag.
pub fn random_record_under(
    preset: Preset,
    rules: &str,
    seed: u64,
    options: DealOptions,
    rng: &mut DealRng,
) -> Result<(Record, Deal), String> {
    let mut record = Record::from_seed(preset, seed, options);
    record.rules = rules.to_string();
    let mut deal = record.start().map_err(|e| e.to_string())?;
    while !deal.is_over() {
        let a = deal.random_action(rng);
        record
            .apply(&mut deal, a)
            .expect("random actions are legal");
    }
    Ok((record, deal))
}

/// A random game from a seed: deals until one is played out. A redeal keeps the dealer and
/// skips his ante (000 L426-428); the next deck comes from the seed's next stream.
pub fn random_game(preset: Preset, seed: u64) -> Vec<(Record, Deal)> {
    random_game_under(preset, "", seed).expect("the preset's own rules")
}

/// [`random_game`] under house rules (`name=value` separated by spaces).
pub fn random_game_under(
    preset: Preset,
    rules: &str,
    seed: u64,
) -> Result<Vec<(Record, Deal)>, String> {
    let mut rng = DealRng::derive(seed, 0);
    let mut out = Vec::new();
    let mut options = DealOptions::default();
    for attempt in 0u64.. {
        let deck_seed = if attempt == 0 {
            seed
        } else {
            DealRng::derive(seed, attempt).next_u64()
        };
        let (record, deal) = random_record_under(preset, rules, deck_seed, options, &mut rng)?;
        let redeal = deal.phase() == (Phase::Over { redeal: true });
        if redeal {
            // The ante stays in the cups; the redeal does not pay it again.
            let cups = deal.settle_into(&mut Balances::default());
            options = DealOptions {
                ante: false,
                cups,
                ..options
            };
        }
        out.push((record, deal));
        if !redeal {
            break;
        }
    }
    Ok(out)
}

/// The tricks of a played deal, one line each.
pub fn tricks_text(deal: &Deal) -> String {
    let mut out = String::new();
    for (i, t) in deal.completed_tricks().iter().enumerate() {
        let cards: Vec<String> = (0..3)
            .map(|k| {
                let c = t.cards[k];
                let seat = (t.leader + k as u8) % 3;
                match (k, t.named) {
                    (0, Some(n)) => format!("{seat}:{c}={n}"),
                    _ => format!("{seat}:{c}"),
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "{:>2}. {:<28} won by {}",
            i + 1,
            cards.join(" "),
            seat_name(t.winner)
        );
    }
    out
}

fn settlement_text(deal: &Deal) -> String {
    let lines = deal.settlement();
    let mut out = String::new();
    for l in &lines {
        let _ = writeln!(out, "  {}", line_text(l));
    }
    let _ = writeln!(out, "Balances: {}", balances_text(&lines));
    out
}

/// One seat's declarations, as a line of text in the preset's words (dealer first when called
/// in order) and as JSON.
fn declarations_out(
    text: &mut String,
    seat: u8,
    d: &Declarations,
    wording: Wording,
) -> serde_json::Value {
    let names: Vec<String> = d
        .iter()
        .map(|x| format!("{} ({} from each)", x.worded(wording), x.value()))
        .collect();
    let said = if names.is_empty() {
        "pas".to_string()
    } else {
        names.join("; ")
    };
    let _ = writeln!(text, "declarations {}: {said}", seat_name(seat));
    json!({"seat": seat, "declarations": d.iter().map(|x| x.to_string()).collect::<Vec<_>>(), "value_from_each": d.value()})
}

/// Shows a replayed deal: tricks, counts and the itemised settlement.
pub fn show_deal(record: &Record, deal: &Deal) -> Output {
    let mut text = String::new();
    let _ = writeln!(text, "{} ({})", record.preset.title(), record.preset.id());
    for s in 0..3 {
        let _ = writeln!(text, "{:<14} {}", seat_name(s), deal.dealt(s));
    }
    // Before the skat is laid (and after a redeal) there is no skat and nobody has declared.
    let laid = !matches!(
        deal.phase(),
        Phase::Redeal | Phase::Skat | Phase::Over { redeal: true }
    );
    let mut decl: Vec<serde_json::Value> = Vec::new();
    if laid {
        let _ = writeln!(text, "skat           {}", deal.skat());
        decl = [2, 0, 1]
            .iter()
            .map(|&s| {
                declarations_out(&mut text, s, &deal.declarations(s), record.preset.wording())
            })
            .collect();
    }
    text.push_str(&tricks_text(deal));
    if let Some(end) = deal.facts().end {
        let _ = writeln!(
            text,
            "tricks won {:?}, counts {:?}",
            deal.tricks_won(),
            end.counts
        );
    } else if deal.phase() == (Phase::Over { redeal: true }) {
        let _ = writeln!(
            text,
            "redeal demanded: the same dealer deals again without a new ante"
        );
    } else {
        let _ = writeln!(
            text,
            "the deal is not finished: the record stops after {} tricks",
            deal.completed_tricks().len()
        );
    }
    text.push_str("Settlement:\n");
    text.push_str(&settlement_text(deal));
    let mut j = record.to_json(deal);
    j["tricks_won"] = json!(deal.tricks_won());
    j["counts"] = json!(deal.facts().end.map(|e| e.counts));
    j["declarations"] = json!(decl);
    j["balances"] = json!(balances_text(&deal.settlement()));
    Output { text, json: j }
}

/// A record's error, naming the record when a file holds several.
fn in_deal(i: usize, e: record::RecordError) -> String {
    if i == 0 {
        e.to_string()
    } else {
        format!("deal {} of the file: {e}", i + 1)
    }
}

/// Random playouts of card play: from the first lead to the settlement, on one core.
pub fn bench_playouts(rules: Ruleset, seconds: f64) -> (u64, f64) {
    // A pool of positions at the first lead, so that one deal's shape does not dominate.
    let starts = first_leads(rules, 64);
    let mut rng = DealRng::seed(99);
    let mut n = 0u64;
    let mut check = 0i32;
    let t0 = Instant::now();
    loop {
        for start in &starts {
            let mut d = *start;
            d.play_out(&mut rng);
            let mut b = Balances::default();
            d.settle_into(&mut b);
            check = check.wrapping_add(b.players[0]);
            n += 1;
        }
        if t0.elapsed().as_secs_f64() >= seconds {
            break;
        }
    }
    std::hint::black_box(check);
    (n, t0.elapsed().as_secs_f64())
}

/// The positions at the first lead of `n` seeded deals, by random actions; a deal that ends in
/// a redeal is replaced by another. The play-outs of `tarok bench` start from these.
pub(crate) fn first_leads(rules: Ruleset, n: u64) -> Vec<Deal> {
    (0..n)
        .map(|seed| {
            let mut d = Deal::from_seed(rules, seed);
            let mut rng = DealRng::seed(seed);
            while d.phase() != Phase::Play {
                if d.is_over() {
                    d = Deal::from_seed(rules, seed + 1000);
                    continue;
                }
                let a = d.random_action(&mut rng);
                d.apply(a).expect("legal");
            }
            d
        })
        .collect()
}

impl Family for Danish {
    fn presets(&self) -> Vec<PresetInfo> {
        Preset::ALL
            .iter()
            .map(|p| PresetInfo {
                id: p.id(),
                title: p.title(),
                source: p.source(),
                guide: crate::error::GUIDE,
            })
            .collect()
    }

    fn rules(&self, id: &str) -> Result<Vec<SwitchInfo>, String> {
        Ok(preset(id)?.ruleset().switches())
    }

    fn deal(&self, id: &str, seed: u64) -> Result<Output, String> {
        let p = preset(id)?;
        let rules = p.ruleset();
        let deal = Deal::from_seed(rules, seed);
        let mut text = format!("{} ({}), seed {seed}\n", p.title(), p.id());
        let mut hands = Vec::new();
        for s in 0..3 {
            let h = deal.dealt(s);
            let _ = writeln!(text, "{:<14} {:>2} cards  {}", seat_name(s), h.len(), h);
            hands.push(json!({"seat": s, "cards": h.to_string()}));
        }
        let trumpless: Vec<u8> = (0..3)
            .filter(|&s| deal.dealt(s).trumps().is_empty())
            .collect();
        if !trumpless.is_empty() {
            let _ = writeln!(
                text,
                "seat(s) {trumpless:?} hold no numbered trump and may demand a redeal"
            );
        }
        // The skat shown is the first legal discard of the lowest-ranking cards: one example.
        let dealer = deal.dealt(2);
        let discards = skat::legal_discards(dealer, &rules);
        let skat = *discards
            .iter()
            .min_by_key(|d| (d.trumps().len(), crate::points::set_points(**d), d.bits()))
            .expect("a discard always exists");
        let _ = writeln!(
            text,
            "skat (one of {} legal discards): {skat}",
            discards.len()
        );
        let decl_json: Vec<serde_json::Value> = [2u8, 0, 1]
            .iter()
            .map(|&s| {
                let kept = if s == 2 { dealer - skat } else { deal.dealt(s) };
                declarations_out(&mut text, s, &declarations(kept, &rules), p.wording())
            })
            .collect();
        Ok(Output {
            text,
            json: json!({"preset": p.id(), "seed": seed, "hands": hands, "skat": skat.to_string(), "legal_discards": discards.len(), "declarations": decl_json, "may_redeal": trumpless}),
        })
    }

    fn random_game_under(&self, id: &str, rules: &str, seed: u64) -> Result<Output, String> {
        let p = preset(id)?;
        let deals = random_game_under(p, rules, seed)?;
        let mut text = String::new();
        let mut records = Vec::new();
        for (record, deal) in &deals {
            text.push_str(&record.to_text(deal));
            text.push('\n');
            records.push(show_deal(record, deal).json);
        }
        Ok(Output {
            text,
            json: json!({"preset": p.id(), "seed": seed, "deals": records}),
        })
    }

    /// Replays one record, or all those of a file from `random-game`: text records one after
    /// another, or its JSON `{"deals": [...]}`.
    fn replay(&self, text: &str) -> Result<Output, String> {
        if tarok_core::record::is_record(text) {
            return tarok_core::family::replay_records::<Deal>(text, |r, played| {
                let mut record = Record::from_one(r)?;
                record.actions = played.actions.iter().map(|a| a.to_string()).collect();
                Ok(show_deal(&record, &played.end))
            });
        }
        let mut replayed = Vec::new();
        if text.trim_start().starts_with('{') {
            let value: serde_json::Value =
                serde_json::from_str(text).map_err(|e| format!("record: {e}"))?;
            let records = match value.get("deals") {
                Some(serde_json::Value::Array(deals)) if deals.is_empty() => {
                    return Err(
                        "record: \"deals\" is empty: a record holds at least one deal".into(),
                    )
                }
                Some(serde_json::Value::Array(deals)) => deals.clone(),
                Some(_) => return Err("record: \"deals\" must be a list of records".into()),
                None => vec![value.clone()],
            };
            // The outer preset picks the family and is what a reader sees first: each deal
            // must be of it.
            if let Some(outer) = value.get("preset").filter(|_| value.get("deals").is_some()) {
                for (i, r) in records.iter().enumerate() {
                    if r.get("preset") != Some(outer) {
                        return Err(format!(
                            "record: the file's \"preset\" is {outer}, but deal {} is of {}",
                            i + 1,
                            r.get("preset")
                                .map_or("no preset".to_string(), |p| p.to_string())
                        ));
                    }
                }
            }
            for (i, r) in records.into_iter().enumerate() {
                replayed.push(Record::from_json_value(r).map_err(|e| in_deal(i, e))?);
            }
        } else {
            for (i, r) in record::split_text_records(text).into_iter().enumerate() {
                replayed.push(Record::from_text(r).map_err(|e| in_deal(i, e))?);
            }
        }
        Ok(tarok_core::family::deals_output(
            replayed.iter().map(|(r, d)| show_deal(r, d)).collect(),
        ))
    }

    fn legal(&self, pos: &str) -> Result<Output, String> {
        let deal = position::parse(pos).map_err(|e| e.to_string())?;
        let mut list = ActionList::default();
        deal.legal_into(&mut list);
        let actions: Vec<String> = list.as_slice().iter().map(|a| a.to_string()).collect();
        let seat = deal.current_player().unwrap_or(0);
        let text = format!("{} to act: {}\n", seat_name(seat), actions.join(" "));
        Ok(Output {
            text,
            json: json!({"to_act": seat, "legal": actions}),
        })
    }

    fn bench(&self, id: &str, seconds: f64) -> Result<BenchResult, String> {
        let p = preset(id)?;
        let (playouts, secs) = bench_playouts(p.ruleset(), seconds);
        Ok(BenchResult {
            preset: p.id().into(),
            playouts,
            seconds: secs,
            playouts_per_sec: playouts as f64 / secs,
            what: "random legal play from the first lead through 25 tricks, skus demand and renaming included, then the settlement (one core)".into(),
        })
    }
}

/// The declarations of any 25- or 28-card hand, for `tarok declare`.
pub fn declare_output(id: &str, hand_text: &str) -> Result<Output, String> {
    let p = preset(id)?;
    let hand = CardSet::parse(hand_text).map_err(|e| e.to_string())?;
    if hand.len() != 25 && hand.len() != 28 {
        return Err(format!(
            "a hand has 25 cards (28 for the dealer before the skat); this one has {}",
            hand.len()
        ));
    }
    let rules = p.ruleset();
    let d = declarations(hand, &rules);
    let mut text = format!("{hand}\n");
    let mut items = Vec::new();
    for x in d.iter() {
        let said = x.worded(p.wording());
        let _ = writeln!(text, "  {said}: {} from each opponent", x.value());
        items.push(
            json!({"declaration": x.to_string(), "said": said, "value_from_each": x.value()}),
        );
    }
    if d.is_empty() {
        text.push_str("  pas (nothing to declare)\n");
    }
    let _ = writeln!(
        text,
        "total: {} from each opponent, {} in all",
        d.value(),
        2 * d.value()
    );
    if hand.len() == 28 {
        let protected = skat::declaration_cards(hand, &rules);
        if !protected.is_empty() {
            let _ = writeln!(
                text,
                "declaration cards that may not go in the skat unless unavoidable: {protected}"
            );
        }
    }
    Ok(Output {
        text,
        json: json!({"preset": p.id(), "hand": hand.to_string(), "declarations": items, "value_from_each": d.value(), "value_total": 2 * d.value()}),
    })
}
