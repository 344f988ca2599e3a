//! The face the `tarok` command line sees: `tarok_core::family::Family` for the 1829 games.

use crate::deal::{Contract, Deal, Phase};
use crate::en_deux::draw_for_deal;
use crate::game_record::{is_game_record, DealEntry, GameRecord};
use crate::game_report;
use crate::honours::available;
use crate::playout::play_out;
use crate::position::Position;
use crate::quadrille::JUDGEMENT_CALLS;
use crate::record::Record;
use crate::ruleset::{Game, Ruleset, PRESETS};
use crate::session::WholeGame;
use serde_json::json;
use tarok_core::family::{BenchResult, Family, Output, PresetInfo, SwitchInfo};
use tarok_core::{DealRng, Seat};

/// The Danish games of 1829.
pub struct Historic1829;

/// The family, for the CLI's list.
pub static FAMILY: Historic1829 = Historic1829;

fn preset(id: &str) -> Result<Ruleset, String> {
    Ruleset::preset(id).ok_or_else(|| {
        let ids: Vec<&str> = PRESETS.iter().map(|r| r.id).collect();
        format!(
            "unknown preset {id:?}; the 1829 presets are {}",
            ids.join(", ")
        )
    })
}

/// The dealer of a seeded deal: en deux draws for it (002 L292-293), the others start with seat 0.
pub fn seeded_dealer(rules: &Ruleset, seed: u64) -> Seat {
    if rules.game == Game::EnDeux {
        draw_for_deal(&mut DealRng::derive(seed, 0xDEA1)).0
    } else {
        0
    }
}

fn header(rules: &Ruleset) -> String {
    let mut s = format!(
        "{}: {}\nsource: {}\n",
        rules.id,
        rules.title(),
        rules.source()
    );
    if rules.game == Game::Quadrille {
        s.push_str("NOTE: this game is a reconstruction. The 1829 text only sketches it; gaps are filled by judgement calls (see `tarok rules dk-1829-quadrille`).\n");
    }
    s
}

/// A random legal game from a seed: the deal and the record of its actions.
pub fn random_record(rules: Ruleset, seed: u64) -> (Deal, Record) {
    random_record_dealt(rules, seed, seeded_dealer(&rules, seed))
}

/// A random legal deal from a seed, dealt by `dealer`.
pub fn random_record_dealt(rules: Ruleset, seed: u64, dealer: Seat) -> (Deal, Record) {
    let mut deal = Deal::from_seed(rules, seed, dealer);
    let mut actions = Vec::new();
    play_out(&mut deal, &mut DealRng::derive(seed, 1), |a| {
        actions.push(a)
    });
    let record = Record {
        preset: rules.id.to_string(),
        version: rules.version,
        seed: Some(seed),
        deck: None,
        rules: String::new(),
        dealer,
        actions,
        places: Vec::new(),
    };
    (deal, record)
}

/// The seed of the `k`-th deal (from 0, redeals counted) of a whole game from `seed`: 100 ×
/// the game's seed + k, so that a deal of the record can be dealt again on its own.
pub fn deal_seed(seed: u64, k: u64) -> u64 {
    seed.wrapping_mul(100).wrapping_add(k)
}

/// Deals a whole game cannot exceed: a Partie to a target far above 100 could run long.
const MAX_DEALS: u64 = 1000;

/// A whole game with random legal play: the partners' six Partier or an en deux Partie to the
/// target, under preset `id` with house rules `rules_text`. The game and its record.
pub fn random_whole_game(
    id: &str,
    rules_text: &str,
    seed: u64,
) -> Result<(WholeGame, GameRecord), String> {
    let rules = preset(id)?.with_overrides(rules_text)?;
    // En deux draws for the first deal (002 L292-293); seat 0 deals the partners' first.
    let mut game = WholeGame::new(rules, seeded_dealer(&rules, seed))?;
    let mut record = GameRecord {
        preset: rules.id.to_string(),
        version: rules.version,
        rules: rules_text.trim().to_string(),
        deals: Vec::new(),
    };
    let mut k = 0;
    while let Some(dealer) = game.next_dealer() {
        if k >= MAX_DEALS {
            return Err(format!(
                "the game did not end in {MAX_DEALS} deals (partie_target {})",
                rules.partie_target
            ));
        }
        let (deal, mut r) = random_record_dealt(rules, deal_seed(seed, k), dealer);
        k += 1;
        r.rules = record.rules.clone();
        record.deals.push(DealEntry {
            number: game.deals().len() + 1,
            line: None,
            record: r,
        });
        // A void deal is redealt by the same seat under the same number.
        if deal.phase() == Phase::Over {
            game.add(deal)?;
        }
    }
    Ok((game, record))
}

fn describe(deal: &Deal) -> String {
    let mut s = String::new();
    let n = deal.players();
    for (i, t) in deal.tricks().iter().enumerate() {
        let cards: Vec<String> = (0..n as usize)
            .map(|k| format!("P{}:{}", (t.leader as usize + k) % n as usize, t.cards[k]))
            .collect();
        s.push_str(&format!(
            "trick {:>2}: {}  -> P{}\n",
            i + 1,
            cards.join(" "),
            t.winner
        ));
    }
    match deal.phase() {
        Phase::Void => s.push_str("the deal is void (redeal)\n"),
        Phase::Over => match deal.rules().game {
            Game::Three => {
                for p in 0..n {
                    s.push_str(&format!("P{p} counts {} (break-even 26)\n", deal.count(p)));
                }
            }
            Game::Partners => {
                let c = deal.side_counts();
                s.push_str(&format!(
                        "side P0+P2 counts {}, side P1+P3 counts {} (half 36); the surplus goes to the Partie\n",
                        c[0], c[1]
                    ));
            }
            Game::Quadrille => {
                if let Some(d) = deal.declarer() {
                    s.push_str(&format!(
                        "{}; the declarer side counts {} (half 64)\n",
                        quadrille_contract(deal, d),
                        deal.count(d)
                    ));
                }
            }
            Game::EnDeux => {
                let sc = deal.en_deux_scores();
                s.push_str(&format!(
                    "scores this deal (honours + count): P0 {}, P1 {}\n",
                    sc[0], sc[1]
                ));
            }
        },
        _ => s.push_str("the deal is not finished\n"),
    }
    s.push_str("settlement:\n");
    for line in deal.settlement() {
        s.push_str(&format!("  {line}\n"));
    }
    s
}

/// The quadrille's contract in words: who plays, how, and with whom.
fn quadrille_contract(deal: &Deal, declarer: Seat) -> String {
    let partner = match deal.partner() {
        Some(p) => format!("partner P{p}"),
        None => "no partner".to_string(),
    };
    match (deal.contract(), deal.called()) {
        (Contract::Mediateur, _) => format!("P{declarer} plays Mediateur, alone"),
        // The asker never calls a card of his own, so an unheld called card lies in the Scat.
        (_, Some(c)) if deal.partner().is_none() => {
            format!("P{declarer} asks and calls {c}, which lies in the Scat: {partner}")
        }
        (_, Some(c)) => format!("P{declarer} asks and calls {c}: {partner}"),
        (_, None) => format!("P{declarer} asks: {partner}"),
    }
}

fn commented(text: &str) -> String {
    text.lines().map(|l| format!("; {l}\n")).collect()
}

fn settlement_json(deal: &Deal) -> serde_json::Value {
    serde_json::to_value(deal.settlement()).expect("payments serialise")
}

/// The finished tricks as the text lists them: leader, cards in playing order, winner.
fn tricks_json(deal: &Deal) -> serde_json::Value {
    let n = deal.players() as usize;
    deal.tricks()
        .iter()
        .map(|t| json!({"leader": t.leader, "cards": &t.cards[..n], "winner": t.winner}))
        .collect()
}

/// The counts the text gives for a finished deal (null before the end and for a void deal).
/// For the partners they are the deal's only result: the surplus goes to the Partie.
fn counts_json(deal: &Deal) -> serde_json::Value {
    if deal.phase() != Phase::Over {
        return serde_json::Value::Null;
    }
    let n = deal.players();
    match deal.rules().game {
        Game::Three => json!({
            "players": (0..n).map(|p| deal.count(p)).collect::<Vec<_>>(),
            "break_even": deal.rules().break_even(),
        }),
        Game::Partners => {
            let c = deal.side_counts();
            json!({
                "sides": [{"seats": [0, 2], "count": c[0]}, {"seats": [1, 3], "count": c[1]}],
                "half": deal.rules().break_even(),
            })
        }
        Game::Quadrille => match deal.declarer() {
            Some(d) => json!({
                "declarer": d,
                "contract": deal.contract(),
                "called": deal.called(),
                "partner": deal.partner(),
                "declarer_side": deal.count(d),
                "half": deal.rules().break_even(),
            }),
            None => serde_json::Value::Null,
        },
        Game::EnDeux => json!({
            "players": (0..n).map(|p| deal.count(p)).collect::<Vec<_>>(),
            "scores": deal.en_deux_scores(),
        }),
    }
}

impl Family for Historic1829 {
    fn presets(&self) -> Vec<PresetInfo> {
        PRESETS
            .iter()
            .map(|r| PresetInfo {
                id: r.id,
                title: r.title(),
                source: r.source(),
                guide: crate::error::GUIDE,
            })
            .collect()
    }

    fn rules(&self, id: &str) -> Result<Vec<SwitchInfo>, String> {
        let r = preset(id)?;
        let mut v = r.switches();
        if r.game == Game::Quadrille {
            for jc in JUDGEMENT_CALLS {
                v.push(SwitchInfo {
                    name: "judgement-call",
                    value: jc.split_whitespace().next().unwrap_or("").to_string(),
                    doc: jc,
                    source: "reconstruction of 002 L263-287; docs/rules/1829.md §5",
                });
            }
        }
        Ok(v)
    }

    fn deal(&self, id: &str, seed: u64) -> Result<Output, String> {
        let rules = preset(id)?;
        let dealer = seeded_dealer(&rules, seed);
        let deal = Deal::from_seed(rules, seed, dealer);
        let mut text = header(&rules);
        text.push_str(&format!("seed {seed}, dealer P{dealer}\n"));
        let mut hands = Vec::new();
        for p in 0..deal.players() {
            let h = deal.hand(p);
            let honours = available(h, &rules);
            let hs: Vec<String> = honours.iter().map(|(k, v)| format!("{k} {v}")).collect();
            text.push_str(&format!(
                "P{p}{} ({} cards): {h}\n    honours held: {}\n",
                if p == dealer { " dealer" } else { "" },
                h.len(),
                if hs.is_empty() {
                    "none".into()
                } else {
                    hs.join(", ")
                }
            ));
            hands.push(json!({"seat": p, "hand": h, "honours": honours.iter().map(|(k, v)| json!({"honour": k, "value": v})).collect::<Vec<_>>()}));
        }
        if rules.game == Game::EnDeux {
            text.push_str(&format!("laid aside, unseen (25): {}\n", deal.dead()));
        }
        if deal.phase() == Phase::Void {
            text.push_str("a player holds 1 or 2 tarocks: the deal is void (002 L143-144)\n");
        } else {
            text.push_str(&format!(
                "the dealer lays {} cards in the Scat; legal: {}\n",
                rules.game.scat_size(),
                deal.legal_discards()
            ));
        }
        let json = json!({
            "preset": rules.id, "seed": seed, "dealer": dealer, "hands": hands,
            "dead": (rules.game == Game::EnDeux).then(|| deal.dead()),
            "void": deal.phase() == Phase::Void,
            // The cards the dealer may lay in the Scat, as the text lists them (none when void).
            "scat": (deal.phase() != Phase::Void).then(|| json!({
                "size": rules.game.scat_size(),
                "legal": deal.legal_discards(),
            })),
        });
        Ok(Output { text, json })
    }

    fn random_game_under(&self, id: &str, house: &str, seed: u64) -> Result<Output, String> {
        let rules = preset(id)?.with_overrides(house)?;
        let (deal, mut record) = random_record(rules, seed);
        record.rules = house.to_string();
        // The whole text is a replayable record: everything but the record is a comment.
        let mut text = commented(&header(&rules));
        text.push_str(&record.to_text(None));
        text.push_str(&commented(&describe(&deal)));
        let mut json = record.to_json();
        json["settlement"] = settlement_json(&deal);
        json["tricks"] = tricks_json(&deal);
        json["counts"] = counts_json(&deal);
        if rules.game == Game::EnDeux {
            json["en_deux_scores"] = json!(deal.en_deux_scores());
        }
        Ok(Output { text, json })
    }

    fn random_partie(&self, id: &str, rules: &str, seed: u64) -> Result<Output, String> {
        let (game, record) = random_whole_game(id, rules, seed)?;
        // As for one deal, the whole text is a replayable record: the rest is comments.
        let mut text = commented(&header(game.rules()));
        text.push_str(&format!(
            "; tarok random-game --preset {id} --seed {seed} --partie{}\n; deal k of the game is dealt from seed 100 x {seed} + k (k from 0)\n",
            if rules.trim().is_empty() {
                String::new()
            } else {
                format!(" --rules \"{}\"", rules.trim())
            }
        ));
        text.push_str(&record.to_text());
        text.push('\n');
        text.push_str(&commented(&game_report::text(&game)));
        Ok(Output {
            text,
            json: game_report::json(&game, &record),
        })
    }

    fn replay(&self, record: &str) -> Result<Output, String> {
        if is_game_record(record) {
            let rec = GameRecord::parse(record)?;
            let game = rec.replay()?;
            crate::game_record::check_stated_result(record, &game)?;
            let mut text = header(game.rules());
            text.push_str(&game_report::text(&game));
            return Ok(Output {
                text,
                json: game_report::json(&game, &rec),
            });
        }
        if tarok_core::record::is_record(record) {
            return tarok_core::family::replay_records::<Deal>(record, |r, played| {
                Ok(show_deal(r.to_json(), &played.end))
            });
        }
        let rec = Record::parse(record)?;
        let deal = rec.replay()?;
        crate::record::check_stated_result(record, &deal)?;
        Ok(show_deal(rec.to_json(), &deal))
    }

    fn legal(&self, position: &str) -> Result<Output, String> {
        let pos = Position::parse(position)?;
        // The cards, as the other games list them: every action in card play is a card.
        let legal: Vec<String> = pos.legal_cards().iter().map(|c| c.to_string()).collect();
        let mut text = header(&pos.rules);
        text.push_str(&format!("P{} to play: {}\n", pos.to_act, legal.join(" ")));
        Ok(Output {
            text,
            json: json!({"to_act": pos.to_act, "legal": legal}),
        })
    }

    fn bench(&self, id: &str, seconds: f64) -> Result<BenchResult, String> {
        let rules = preset(id)?;
        let start = std::time::Instant::now();
        let mut playouts = 0u64;
        let mut buf = crate::action::ActionList::default();
        let mut rng = DealRng::seed(1);
        let deck = tarok_core::shuffled(crate::deal::pack(rules.game), 1);
        let base = Deal::new(rules, &deck, 0).expect("valid deck");
        while start.elapsed().as_secs_f64() < seconds {
            for _ in 0..64 {
                let mut d = base;
                while let Some(a) = crate::playout::random_action(&d, &mut rng, &mut buf) {
                    d.apply(a).expect("legal");
                }
                playouts += 1;
            }
        }
        let secs = start.elapsed().as_secs_f64();
        Ok(BenchResult {
            preset: id.to_string(),
            playouts,
            seconds: secs,
            playouts_per_sec: playouts as f64 / secs,
            what: "one deal from a fixed deck: random Scat, declarations, (bids) and card play to the end, no settlement".into(),
        })
    }
}

/// What `tarok replay` shows of one replayed deal: the rules, the play and the settlement, and
/// in JSON the `record` it was read from with the settlement, tricks and counts.
fn show_deal(record: serde_json::Value, deal: &Deal) -> Output {
    let mut text = header(deal.rules());
    text.push_str(&describe(deal));
    let json = json!({
        "record": record,
        "over": deal.is_over(),
        "settlement": settlement_json(deal),
        "tricks": tricks_json(deal),
        "counts": counts_json(deal),
        "en_deux_scores": (deal.rules().game == Game::EnDeux).then(|| deal.en_deux_scores()),
    });
    Output { text, json }
}
