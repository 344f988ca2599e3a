//! The command-line face: `tarok rules | deal | random-game | replay | legal | bench` for the preset
//! `at-koenigrufen-spieleversum`.

use crate::cards::{count_text, german_set, thirds};
use crate::deal::{DealState, Phase};
use crate::position::Position;
use crate::record::Record;
use crate::ruleset::{Ruleset, PRESET};
use crate::scoring::{self, Points};
use crate::{random_action, Deal};
use serde_json::json;
use std::time::Instant;
use tarok_core::family::{BenchResult, Family, Output, PresetInfo, SwitchInfo};
use tarok_core::{Balances, DealRng};

/// The Königrufen family.
pub struct Koenigrufen;

/// The family instance the CLI lists.
pub static FAMILY: Koenigrufen = Koenigrufen;

fn ruleset(preset: &str) -> Result<Ruleset, String> {
    Ruleset::by_id(preset)
        .ok_or_else(|| format!("unknown preset {preset:?}; this family has {PRESET}"))
}

/// Plays a whole deal from a seed with random actions (biased towards passing in the bidding and
/// towards "gut" in the announcement round, so that all contracts occur).
pub fn random_deal(rs: Ruleset, seed: u64) -> Deal {
    let mut deal = Deal::from_seed(rs, seed, (seed % 4) as u8);
    let mut rng = DealRng::derive(seed, 1);
    let mut legal = Vec::with_capacity(crate::LEGAL_CAPACITY);
    while !deal.is_over() {
        deal.state.legal_actions_into(&mut legal);
        let a = random_action(&deal.state, &legal, &mut rng);
        deal.apply(a).expect("legal");
    }
    deal
}

/// Plays random actions until the card play starts (or the deal ends).
pub fn random_until_play(rs: Ruleset, seed: u64) -> Deal {
    let mut deal = Deal::from_seed(rs, seed, (seed % 4) as u8);
    let mut rng = DealRng::derive(seed, 1);
    let mut legal = Vec::with_capacity(crate::LEGAL_CAPACITY);
    while !deal.is_over() && deal.state.phase != Phase::Play {
        deal.state.legal_actions_into(&mut legal);
        let a = random_action(&deal.state, &legal, &mut rng);
        deal.apply(a).expect("legal");
    }
    deal
}

fn replay_text(deal: &Deal, with_lines: bool) -> String {
    let s = &deal.state;
    let mut out = String::new();
    if let Some(c) = s.contract {
        out.push_str(&format!("Contract: {c}, declarer P{}", s.declarer));
        if let Some(k) = s.called_king {
            out.push_str(&format!(", called king {k}"));
        }
        if let Some(p) = s.partner {
            out.push_str(&format!(", partner P{p}"));
        }
        out.push('\n');
    }
    // No trick is done before the card play, nor after a Schleifen (which ends the deal before it).
    let p = &s.play;
    for t in 0..p.tricks_done() as usize {
        let cs: Vec<String> = p.cards[4 * t..4 * t + 4]
            .iter()
            .map(|c| c.to_string())
            .collect();
        out.push_str(&format!(
            "trick {:>2}: P{} leads {}  -> P{}\n",
            t + 1,
            p.leaders[t],
            cs.join(" "),
            p.winners[t]
        ));
    }
    match Points::of(s) {
        Some(Points::Parties {
            team,
            team_points,
            opponents,
        }) => out.push_str(&format!(
            "Points: {} {}, the others {} (35/2 wins, §3.2)\n",
            seats_text(team),
            count_text(team_points),
            count_text(opponents)
        )),
        Some(Points::Players(p)) => out.push_str(&format!(
            "Points: P0 {}, P1 {}, P2 {}, P3 {} (the talon to the last trick)\n",
            count_text(p[0]),
            count_text(p[1]),
            count_text(p[2]),
            count_text(p[3])
        )),
        None => {}
    }
    if with_lines {
        for l in deal.settlement() {
            out.push_str(&format!("{l}\n"));
        }
    }
    if !deal.is_over() {
        // A record saved mid-deal (`tarok play` on quitting) has no result yet.
        out.push_str(&format!(
            "the deal is not finished: the record stops after {} actions, in the {} phase, with P{} to act\n",
            deal.history.len(),
            s.phase.name(),
            deal.current_player()
        ));
        return out;
    }
    let b = deal.balances().players[..4].try_into().expect("4 seats");
    out.push_str(&format!("Result: {}\n", crate::record::result_text(&b)));
    out
}

/// The text record of a deal as `random-game` writes it and `tarok play` saves it: the record,
/// then the play summary (contract, tricks, points, result) as comment lines, so that the whole
/// text replays. A deal not yet over ends with a comment that says where it stopped.
pub fn record_text(deal: &Deal) -> String {
    let summary: String = replay_text(deal, false)
        .lines()
        .map(|l| format!("; {l}\n"))
        .collect();
    format!("{}{summary}", Record::of(deal).to_text())
}

/// "P0+P2" for a bitmask of seats.
fn seats_text(mask: u8) -> String {
    let names: Vec<String> = scoring::seats(mask).map(|s| format!("P{s}")).collect();
    names.join("+")
}

/// Random playouts of the card play from prepared deals, with or without the settlement;
/// returns (playouts, seconds).
pub fn bench_playouts(starts: &[DealState], seconds: f64, settle: bool) -> (u64, f64) {
    let mut rng = DealRng::seed(7);
    let t0 = Instant::now();
    let mut n = 0u64;
    let mut check = 0i32;
    loop {
        check ^= play_each(starts, &mut rng, settle);
        n += starts.len() as u64;
        if t0.elapsed().as_secs_f64() >= seconds {
            break;
        }
    }
    std::hint::black_box(check);
    (n, t0.elapsed().as_secs_f64())
}

/// One random playout of the card play from each prepared deal, with or without the
/// settlement; returns a checksum of the results, so that the work cannot be optimised away.
pub fn play_each(starts: &[DealState], rng: &mut DealRng, settle: bool) -> i32 {
    let mut check = 0i32;
    for st in starts {
        let mut p = st.play;
        p.random_playout(rng);
        if settle {
            let mut b = Balances::default();
            scoring::settle_with(st, &p, &mut b);
            check ^= b.players[0];
        } else {
            check ^= p.tricks_won[0] as i32;
        }
    }
    check
}

/// Deals that reached the card play, from seeds `0..`.
pub fn play_starts(count: usize) -> Vec<DealState> {
    let rs = Ruleset::spieleversum();
    let mut v = Vec::with_capacity(count);
    let mut seed = 0;
    while v.len() < count {
        let d = random_until_play(rs, seed);
        if d.state.phase == Phase::Play {
            v.push(d.state);
        }
        seed += 1;
    }
    v
}

/// The JSON of `random-game` and `replay` alike: the record's fields (so that it replays),
/// whether the deal is over, the balances of the four seats, and the settlement lines as data,
/// each with its text.
fn deal_json(deal: &Deal) -> serde_json::Value {
    let mut v = serde_json::to_value(Record::of(deal)).expect("records serialise");
    v["over"] = json!(deal.is_over());
    // Card points in the players' notation ("35/2").
    v["points"] = match Points::of(&deal.state) {
        Some(Points::Parties {
            team,
            team_points,
            opponents,
        }) => json!({
            "declarers_party": scoring::seats(team).collect::<Vec<u8>>(),
            "declarers_party_points": count_text(team_points),
            "opponents_points": count_text(opponents),
        }),
        Some(Points::Players(p)) => json!({ "players": p.map(count_text) }),
        None => serde_json::Value::Null,
    };
    v["balances"] = json!(&deal.balances().players[..4]);
    v["settlement"] = deal
        .settlement()
        .iter()
        .map(|l| {
            let mut line = serde_json::to_value(l).expect("lines serialise");
            line["text"] = json!(l.to_string());
            line
        })
        .collect();
    v
}

/// How to read the German card codes of `tarok deal`, and where the other notation is used.
const GERMAN_LEGEND: &str = "\
Cards: T1-T21 Tarock, T22 Sküs; P Pik, H Herz, Ka Karo, Kr Kreuz; K König, D Dame, R Reiter, B Bube.
Records and --json write suits S H R K, ranks K D C Kn, and X for the Sküs.\n";

impl Family for Koenigrufen {
    fn presets(&self) -> Vec<PresetInfo> {
        vec![PresetInfo {
            id: PRESET,
            title: "Austrian Tarock Königrufen, Spieleversum club rules (4 active players, 54 cards, 14 games)",
            source: "Spieleversum club rules (004)",
            guide: crate::error::GUIDE,
        }]
    }

    fn rules(&self, preset: &str) -> Result<Vec<SwitchInfo>, String> {
        Ok(ruleset(preset)?.switch_infos())
    }

    fn deal(&self, preset: &str, seed: u64) -> Result<Output, String> {
        let rs = ruleset(preset)?;
        let deal = Deal::from_seed(rs, seed, (seed % 4) as u8);
        let s = &deal.state;
        let mut text = format!(
            "{preset}, seed {seed}: dealer P{}, Vorhand P{}\n",
            s.dealer, s.vorhand
        );
        for seat in 0..4 {
            let h = s.hands[seat];
            text.push_str(&format!(
                "P{seat}: {}  ({} cards, {} tarocks, counts {})\n",
                german_set(h),
                h.len(),
                (h & crate::cards::TAROCK).len(),
                count_text(thirds(h))
            ));
        }
        text.push_str(&format!(
            "Talon: A {} | B {}\n",
            german_set(s.talon[0]),
            german_set(s.talon[1])
        ));
        // Players read the German codes; the record and the JSON keep the engine's notation.
        text.push_str(GERMAN_LEGEND);
        let json = json!({
            "preset": preset, "seed": seed, "dealer": s.dealer, "vorhand": s.vorhand,
            "hands": s.hands, "talon": s.talon,
        });
        Ok(Output { text, json })
    }

    fn random_game_under(&self, preset: &str, rules: &str, seed: u64) -> Result<Output, String> {
        let mut rs = ruleset(preset)?;
        rs.switches = tarok_core::overrides::apply(&rs.switches, rules, &[])?;
        let deal = random_deal(rs, seed);
        Ok(Output {
            text: record_text(&deal),
            json: deal_json(&deal),
        })
    }

    fn replay(&self, record: &str) -> Result<Output, String> {
        if tarok_core::record::is_record(record) {
            return tarok_core::family::replay_records::<Deal>(record, |_, played| {
                Ok(Output {
                    text: replay_text(&played.end, true),
                    json: deal_json(&played.end),
                })
            });
        }
        let rec = Record::parse(record)?;
        let deal = rec.replay()?;
        let text = replay_text(&deal, true);
        Ok(Output {
            text,
            json: deal_json(&deal),
        })
    }

    fn legal(&self, position: &str) -> Result<Output, String> {
        let pos = Position::parse(position)?;
        let legal = pos.legal_cards()?;
        let text = format!("P{} to play: {}\n", pos.to_act(), legal);
        // In the text's order (trumps first, high to low), not by card id.
        let json = json!({ "to_act": pos.to_act(), "legal": legal.to_string().split_whitespace().collect::<Vec<_>>() });
        Ok(Output { text, json })
    }

    fn bench(&self, preset: &str, seconds: f64) -> Result<BenchResult, String> {
        ruleset(preset)?;
        let starts = play_starts(256);
        // The measure is the card play of a deal; the settlement is timed beside it.
        let (n, secs) = bench_playouts(&starts, seconds * 0.75, false);
        let (m, msecs) = bench_playouts(&starts, seconds * 0.25, true);
        Ok(BenchResult {
            preset: preset.to_string(),
            playouts: n,
            seconds: secs,
            playouts_per_sec: n as f64 / secs,
            what: format!(
                "random legal card play of the 12 tricks from the first lead, over 256 random deals after random bidding, timed for the first three quarters of the run; the last quarter, with the settlement added: {:.0} playouts/s",
                m as f64 / msecs
            ),
        })
    }
}
