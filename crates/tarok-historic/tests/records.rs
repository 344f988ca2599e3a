//! Records (text and JSON), position strings and the `Family` face for the CLI.

use tarok_core::family::Family;
use tarok_core::{CardSet, DealRng};
use tarok_historic::family::random_record;
use tarok_historic::playout::random_action;
use tarok_historic::position::Position;
use tarok_historic::record::Record;
use tarok_historic::ruleset::PRESETS;
use tarok_historic::{ActionList, Deal, Phase, FAMILY};

#[test]
fn a_deck_record_replays_and_reports_refusals() {
    let deck = tarok_core::shuffled(CardSet::PACK78, 77);
    let deck_text: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
    let d = Deal::new(PRESETS[0], &deck, 1).unwrap();
    let discard = d.legal_discards().lowest().unwrap();
    let text = format!(
        "[Preset \"dk-1829-three\"]\n[Version \"1\"]\n[Deck \"{}\"]\n[Dealer \"1\"]\n\n; a comment\ndiscard {discard}\n",
        deck_text.join(" ")
    );
    let rec = Record::parse(&text).unwrap();
    let replayed = rec.replay().unwrap();
    assert_eq!(replayed.scat().len(), 1);
    let json = serde_json::to_string(&rec).unwrap();
    assert_eq!(Record::parse(&json).unwrap(), rec);
    // A refused action is reported with its number and rule.
    let king = CardSet::KINGS
        .iter()
        .find(|k| replayed.hand(1).contains(*k))
        .unwrap();
    let bad = format!("{text}discard {king}\n");
    let e = Record::parse(&bad).unwrap().replay().unwrap_err();
    assert!(
        e.contains("line 8 ('discard") && e.contains("002 L139"),
        "{e}"
    );
    // Several actions on one line: which of them.
    let bad_on_line = format!("{}, discard {king}\n", text.trim_end());
    let e = Record::parse(&bad_on_line).unwrap().replay().unwrap_err();
    assert!(e.starts_with("line 7, action 2 of 2 ('discard"), "{e}");
    // A JSON record has no lines: the action's number.
    let json = serde_json::to_string(&Record::parse(&bad).unwrap()).unwrap();
    let e = Record::parse(&json).unwrap().replay().unwrap_err();
    assert!(e.starts_with("action 2 ('discard"), "{e}");
    assert!(
        Record::parse("[Preset \"dk-1829-three\"]\n[Seed \"1\"]\n").is_err(),
        "no dealer"
    );
    assert!(
        Record::parse("[Preset \"nope\"]\n[Seed \"1\"]\n[Dealer \"0\"]\n")
            .unwrap()
            .replay()
            .is_err()
    );
    assert!(
        Record::parse("[Preset \"dk-1829-three\"]\n[Seed \"1\"]\n[Dealer \"0\"]\nfly away\n")
            .is_err()
    );
}

#[test]
fn positions_round_trip_and_list_the_same_legal_cards() {
    let mut buf = ActionList::default();
    for rules in PRESETS {
        let n = rules.players();
        for seed in 0..200 {
            let mut d = Deal::from_seed(rules, seed, (seed % n as u64) as u8);
            let mut rng = DealRng::derive(seed, 11);
            let stop = rng.below(60);
            let mut k = 0;
            while let Some(a) = random_action(&d, &mut rng, &mut buf) {
                if d.phase() == Phase::Play && k >= stop {
                    break;
                }
                d.apply(a).unwrap();
                k += 1;
            }
            let Some(pos) = d.position() else { continue };
            let p = Position::parse(&pos).unwrap_or_else(|e| panic!("{pos}: {e}"));
            assert_eq!(p.legal_cards(), d.legal_cards(), "{pos}");
            assert_eq!(Some(p.to_act), d.current_player());
            // Other hands may be unknown.
            let to_act = p.to_act as usize;
            let fields: Vec<&str> = pos.split('|').collect();
            let hands: Vec<String> = fields[1]
                .split('/')
                .enumerate()
                .map(|(i, h)| {
                    if i == to_act {
                        h.to_string()
                    } else {
                        format!("?{}", h.split_whitespace().count())
                    }
                })
                .collect();
            let hidden = format!(
                "{}|{}|{}|{}|{}",
                fields[0],
                hands.join("/"),
                fields[2],
                fields[3],
                fields[4]
            );
            assert_eq!(
                Position::parse(&hidden).unwrap().legal_cards(),
                d.legal_cards()
            );
        }
    }
}

#[test]
fn bad_positions_are_refused() {
    let d = {
        let mut d = Deal::from_seed(PRESETS[3], 4, 0);
        let mut rng = DealRng::seed(4);
        let mut buf = ActionList::default();
        while d.phase() != Phase::Play {
            let a = random_action(&d, &mut rng, &mut buf).unwrap();
            d.apply(a).unwrap();
        }
        d
    };
    let pos = d.position().unwrap();
    let f: Vec<&str> = pos.split('|').collect();
    assert!(Position::parse(&pos).is_ok());
    // Wrong seat to act; a card twice; too few fields.
    let to_act: u8 = f[4].parse().unwrap();
    let wrong = format!("{}|{}|{}|{}|{}", f[0], f[1], f[2], f[3], 1 - to_act);
    assert!(Position::parse(&wrong).is_err());
    let first = f[1].split('/').next().unwrap();
    let twice = format!("{}|{} T21/T21|{}|{}|{}", f[0], first, f[2], f[3], f[4]);
    assert!(Position::parse(&twice).is_err());
    assert!(Position::parse("dk-1829-three 0").is_err());
    assert!(Position::parse("dk-1829-three|0").is_err());
}

#[test]
fn family_presets_and_rules_name_their_sources() {
    let presets = FAMILY.presets();
    assert_eq!(presets.len(), 4);
    for p in &presets {
        assert!(p.source.contains("002 L"), "{}", p.id);
        assert!(p.title.contains("1829"));
        let rules = FAMILY.rules(p.id).unwrap();
        assert!(rules
            .iter()
            .all(|s| !s.source.is_empty() && !s.doc.is_empty()));
    }
    let q = FAMILY.rules("dk-1829-quadrille").unwrap();
    assert!(q.iter().any(|s| s.doc.contains("reconstruction")));
    assert!(FAMILY.rules("dk-1829-nope").is_err());
}

#[test]
fn family_commands_work_for_every_preset() {
    for r in PRESETS {
        let deal = FAMILY.deal(r.id, 3).unwrap();
        assert!(deal.text.contains("002 L"));
        let game = FAMILY.random_game(r.id, 5).unwrap();
        assert!(game.text.contains(&format!("[Preset \"{}\"]", r.id)));
        assert_eq!(
            game.text.contains("reconstruction"),
            r.id == "dk-1829-quadrille"
        );
        // The record in the text replays to the same deal.
        let (d, rec) = random_record(r, 5);
        let text = rec.to_text(Some(&d));
        assert_eq!(Record::parse(&game.text).unwrap(), rec);
        assert_eq!(Record::parse(&game.json.to_string()).unwrap(), rec);
        let replay = FAMILY.replay(&text).unwrap();
        assert_eq!(FAMILY.replay(&game.text).unwrap().text, replay.text);
        assert!(replay.text.contains("settlement"));
        let json_replay = FAMILY
            .replay(&serde_json::to_string(&rec).unwrap())
            .unwrap();
        assert_eq!(json_replay.json["settlement"], replay.json["settlement"]);
        let bench = FAMILY.bench(r.id, 0.01).unwrap();
        assert!(bench.playouts > 0);
    }
    let pos = {
        let mut d = Deal::from_seed(PRESETS[0], 1, 0);
        let mut rng = DealRng::seed(1);
        let mut buf = ActionList::default();
        while d.phase() != Phase::Play {
            let a = random_action(&d, &mut rng, &mut buf).unwrap();
            d.apply(a).unwrap();
        }
        d.position().unwrap()
    };
    let out = FAMILY.legal(&pos).unwrap();
    assert!(out.text.contains("to play"));
    assert!(!out.json["legal"].as_array().unwrap().is_empty());
}

/// The example of position.rs (and the corrected `tarok legal --help` example): after two
/// tricks of en deux P0 holds 23 cards and P1, who has led to the third, 22.
const EXAMPLE: &str = "dk-1829-en-deux 1|T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T5 HK X SD S10 S9 S8 S7 S6 S3 S2/?22|0:SK S5,0:T2 T4|1:H7|0";

#[test]
fn documented_position_example() {
    // position.rs: P0 must follow hearts with HK or play the Scus.
    let p = Position::parse(EXAMPLE).unwrap();
    assert_eq!(p.legal_cards(), CardSet::parse("HK X").unwrap());
    let out = FAMILY.legal(EXAMPLE).unwrap();
    assert!(out.text.contains("P0 to play: X HK"), "{}", out.text);
    assert_eq!(out.json["legal"], serde_json::json!(["X", "HK"]));
}

/// `deal --json` gives the Scat the dealer may lay, as the text does (seed 3: a three-player
/// dealer with no tarock to spare lays from the suit cards below the kings).
#[test]
fn the_deal_output_lists_the_legal_scat_in_both_forms() {
    for p in PRESETS {
        let out = FAMILY.deal(p.id, 3).unwrap();
        let scat = &out.json["scat"];
        if out.json["void"] == true {
            assert!(scat.is_null(), "{}", p.id);
            continue;
        }
        let legal = scat["legal"].as_str().unwrap();
        assert!(!legal.is_empty(), "{}", p.id);
        assert!(out.text.contains(&format!(
            "lays {} cards in the Scat; legal: {legal}\n",
            scat["size"]
        )));
    }
    let three = FAMILY.deal("dk-1829-three", 3).unwrap().json;
    assert_eq!(three["scat"]["size"], 3);
    assert_eq!(
        three["scat"]["legal"],
        "SD S9 S7 S5 HKn H1 H2 H5 RC RKn R9 KD K9 K6 K3 K2"
    );
}

const HEAD: &str = "[Preset \"dk-1829-three\"]\n[Version \"1\"]\n";

/// A misspelt tag is refused by name and line, not skipped with what it says.
#[test]
fn unknown_tags_and_keys_are_refused() {
    // `[Rule …]` for `[Rules …]` would have dropped the house rule.
    let e = Record::parse(&format!(
        "{HEAD}[Seed \"1\"]\n[Rule \"must_overtrump=true\"]\n[Dealer \"0\"]\n"
    ))
    .unwrap_err();
    assert!(e.contains("line 4: unknown tag [Rule]"), "{e}");
    assert!(e.contains("[Rules]") && e.contains("[Seed]"), "{e}");
    let e = Record::parse(&format!("{HEAD}[Sead \"1\"]\n[Dealer \"0\"]\n")).unwrap_err();
    assert!(e.contains("line 3: unknown tag [Sead]"), "{e}");
    let e = Record::parse(&format!(
        "{HEAD}[Seed \"1\"]\n[Seed \"2\"]\n[Dealer \"0\"]\n"
    ))
    .unwrap_err();
    assert!(
        e.contains("line 4: [Seed] is given twice (first on line 3)"),
        "{e}"
    );
    // The same in JSON.
    let e = Record::parse(
        r#"{"preset":"dk-1829-three","version":1,"seed":1,"dealer":0,"rule":"must_overtrump=true","actions":[]}"#,
    )
    .unwrap_err();
    assert!(e.contains("unknown key \"rule\""), "{e}");
}

/// A [Seed] and a [Deck] must agree; the deck is not silently preferred.
#[test]
fn seed_and_deck_together_must_agree() {
    let deck = |seed| {
        tarok_core::shuffled(CardSet::PACK78, seed)
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let rec = |seed, deck_seed| {
        Record::parse(&format!(
            "{HEAD}[Seed \"{seed}\"]\n[Deck \"{}\"]\n[Dealer \"0\"]\n",
            deck(deck_seed)
        ))
        .unwrap()
    };
    assert!(rec(5, 5).replay().is_ok());
    let e = rec(5, 6).replay().unwrap_err();
    assert!(e.contains("not the one the seed deals"), "{e}");
}

/// Every switch `[Rules …]` accepts for a preset is listed by `tarok rules` with its value,
/// and every listed switch is accepted.
#[test]
fn rules_lists_every_switch_a_record_accepts() {
    for p in PRESETS {
        let listed = FAMILY.rules(p.id).unwrap();
        let seven = listed.iter().find(|s| s.name == "seven_kings");
        let seven = seven.unwrap_or_else(|| panic!("{}: seven_kings not listed", p.id));
        assert_eq!(seven.value, "false");
        assert!(seven.source.contains("002 L124-131"), "{}", seven.source);
        // The game is the preset's, said as records and JSON say it ("en-deux"), not a
        // switch a house rule could set.
        let game = listed
            .iter()
            .find(|s| s.name == "game")
            .expect("the game is listed");
        assert_eq!(serde_json::json!(game.value), serde_json::json!(p.game));
        assert!(p.with_override("game", &game.value).is_err());
        for s in &listed {
            if matches!(s.name, "game" | "reconstruction" | "judgement-call") {
                continue;
            }
            assert!(
                p.with_override(s.name, &s.value).is_ok(),
                "{}: {} listed but refused",
                p.id,
                s.name
            );
        }
    }
}

/// The partners' Scat has its own rule (no tarock, Scus or King, 002 L250-251, JC-21): Game
/// A's Scat switches are neither listed nor accepted there.
#[test]
fn partners_do_not_list_game_a_scat_switches() {
    let scat = ["scat_tarock_any_subset", "scat_allows_mongue"];
    for p in PRESETS {
        let listed = FAMILY.rules(p.id).unwrap();
        for name in scat {
            let is_listed = listed.iter().any(|s| s.name == name);
            assert_eq!(is_listed, p.id != "dk-1829-partners", "{} {name}", p.id);
            let r = p.with_override(name, "false");
            if p.id == "dk-1829-partners" {
                assert!(r.unwrap_err().contains("does not apply"));
            } else {
                assert!(r.is_ok());
            }
        }
    }
}

/// The quadrille's contract is told in words, not as Rust debug text.
#[test]
fn random_game_text_has_no_debug_text() {
    let q = |seed| FAMILY.random_game("dk-1829-quadrille", seed).unwrap().text;
    assert!(
        q(3).contains("; P1 asks and calls KK: partner P2;"),
        "{}",
        q(3)
    );
    assert!(q(1).contains("; P1 plays Mediateur, alone;"), "{}", q(1));
    for p in PRESETS {
        for seed in 0..60 {
            let text = FAMILY.random_game(p.id, seed).unwrap().text;
            for debug in ["Some(", "None", "plays Ask"] {
                assert!(!text.contains(debug), "{} seed {seed}: {text}", p.id);
            }
        }
    }
}

/// `--json` carries the tricks and counts the text shows; for the partners the side counts
/// are the deal's only result.
#[test]
fn json_output_has_the_tricks_and_counts() {
    for p in PRESETS {
        for seed in 0..8 {
            let game = FAMILY.random_game(p.id, seed).unwrap();
            let (d, rec) = random_record(p, seed);
            let replay = FAMILY.replay(&rec.to_text(None)).unwrap();
            for json in [&game.json, &replay.json] {
                let tricks = json["tricks"].as_array().unwrap();
                assert_eq!(tricks.len(), d.tricks().len());
                for (t, j) in d.tricks().iter().zip(tricks) {
                    assert_eq!(j["leader"], t.leader);
                    assert_eq!(j["winner"], t.winner);
                    let cards = j["cards"].as_array().unwrap();
                    assert_eq!(cards.len(), p.players() as usize);
                    assert_eq!(cards[0], t.cards[0].to_string());
                }
                let counts = &json["counts"];
                if d.phase() != Phase::Over {
                    assert!(counts.is_null());
                    continue;
                }
                match p.id {
                    "dk-1829-three" => {
                        for s in 0..3u8 {
                            assert_eq!(counts["players"][s as usize], d.count(s));
                            assert!(game.text.contains(&format!("P{s} counts {}", d.count(s))));
                        }
                    }
                    "dk-1829-partners" => {
                        let c = d.side_counts();
                        assert_eq!(counts["sides"][0]["count"], c[0]);
                        assert_eq!(counts["sides"][1]["count"], c[1]);
                        assert_eq!(counts["sides"][1]["seats"], serde_json::json!([1, 3]));
                        assert_eq!(c[0] + c[1], 72);
                    }
                    "dk-1829-quadrille" => {
                        let decl = d.declarer().unwrap();
                        assert_eq!(counts["declarer"], decl);
                        assert_eq!(counts["declarer_side"], d.count(decl));
                        assert_eq!(counts["half"], 64);
                    }
                    _ => assert_eq!(counts["scores"], serde_json::json!(d.en_deux_scores())),
                }
            }
            // The random-game JSON still reads back as a record.
            assert_eq!(Record::parse(&game.json.to_string()).unwrap(), rec);
        }
    }
}

/// A one-deal record whose stated result (the settlement comments, en deux's scores, the JSON
/// `settlement` and `en_deux_scores`) differs from its replay is refused, as the Danish and
/// Königrufen replays refuse theirs; a cut-off record that states a result is refused too.
#[test]
fn a_record_whose_stated_result_differs_is_refused() {
    for id in [
        "dk-1829-three",
        "dk-1829-partners",
        "dk-1829-quadrille",
        "dk-1829-en-deux",
    ] {
        for seed in 0..6 {
            let text = FAMILY.random_game(id, seed).unwrap().text;
            FAMILY.replay(&text).unwrap();
            // Raise the first stated payment by one.
            if let Some(at) = text.find("\n;   P") {
                let line_end = text[at + 1..].find('\n').unwrap() + at + 1;
                let line = &text[at + 1..line_end];
                let (head, rest) = line.split_once(": ").unwrap();
                let (n, tail) = rest.split_once(' ').unwrap();
                let edited_line = format!("{head}: {} {tail}", n.parse::<i64>().unwrap() + 1);
                let edited = format!("{}{edited_line}{}", &text[..at + 1], &text[line_end..]);
                let e = FAMILY.replay(&edited).unwrap_err();
                assert!(
                    e.contains("states the settlement") && e.contains("but the replay gives"),
                    "{id} seed {seed}: {e}"
                );
            }
            // A stated payment that the replay does not make.
            let extra = text.replace(
                "; settlement:\n",
                "; settlement:\n;   P0 -> P1: 3 (edited)\n",
            );
            let e = FAMILY.replay(&extra).unwrap_err();
            assert!(e.contains("states the settlement"), "{id} seed {seed}: {e}");
            // Cut off before the last trick, the stated result no longer fits.
            let plays: Vec<usize> = text.match_indices("\nplay ").map(|(i, _)| i).collect();
            let last = plays[plays.len() - 1];
            let comments = last + text[last..].find("\n; ").unwrap();
            let cut = format!("{}{}", &text[..plays[plays.len() - 3]], &text[comments..]);
            let e = FAMILY.replay(&cut).unwrap_err();
            assert!(e.contains("is the file cut off?"), "{id} seed {seed}: {e}");
            // JSON: the settlement and the scores.
            let json = FAMILY.random_game(id, seed).unwrap().json;
            FAMILY.replay(&json.to_string()).unwrap();
            let mut edited = json.clone();
            let lines = edited["settlement"].as_array_mut().unwrap();
            lines.push(serde_json::json!({"from": {"player": 0}, "to": {"player": 1}, "amount": 2, "reason": {"event": "edited"}}));
            let e = FAMILY.replay(&edited.to_string()).unwrap_err();
            assert!(
                e.contains("the record's \"settlement\" states the settlement"),
                "{id} seed {seed}: {e}"
            );
            if id == "dk-1829-en-deux" {
                let mut edited = json.clone();
                edited["en_deux_scores"][0] = serde_json::json!(999);
                let e = FAMILY.replay(&edited.to_string()).unwrap_err();
                assert!(e.contains("states the scores P0 999"), "seed {seed}: {e}");
                let edited = text.replace(
                    "; scores this deal (honours + count): P0 ",
                    "; scores this deal (honours + count): P0 1",
                );
                let e = FAMILY.replay(&edited).unwrap_err();
                assert!(e.contains("states the scores P0 1"), "seed {seed}: {e}");
            }
        }
    }
}

/// A `;` comment after a tag pair or actions is ignored, and a record (one deal or a whole
/// game) reads the same with CR-only or CRLF line endings.
#[test]
fn comments_and_line_endings_do_not_change_a_record() {
    let text = FAMILY.random_game("dk-1829-three", 5).unwrap().text;
    let plain = Record::parse(&text).unwrap();
    let commented: String = text
        .lines()
        .map(|l| {
            if l.starts_with('[') || l.starts_with("play ") {
                format!("{l}  ; comment\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    assert_eq!(
        Record::parse(&commented).unwrap_or_else(|e| panic!("{e}")),
        plain
    );
    FAMILY.replay(&commented).unwrap();
    for ending in ["\r", "\r\n"] {
        let t = text.replace('\n', ending);
        assert_eq!(Record::parse(&t).unwrap(), plain, "{ending:?}");
        FAMILY.replay(&t).unwrap();
    }
    let game = FAMILY
        .random_partie("dk-1829-partners", "", 2)
        .unwrap()
        .text;
    for ending in ["\r", "\r\n"] {
        FAMILY
            .replay(&game.replace('\n', ending))
            .unwrap_or_else(|e| panic!("{ending:?}: {e}"));
    }
}

/// A whole-game JSON record without a deal is refused, not replayed as an empty game.
#[test]
fn a_whole_game_without_deals_is_refused() {
    for preset in ["dk-1829-partners", "dk-1829-en-deux"] {
        let e = FAMILY
            .replay(&format!(
                r#"{{"preset": "{preset}", "version": 1, "deals": []}}"#
            ))
            .unwrap_err();
        assert!(e.contains("\"deals\" is empty"), "{preset}: {e}");
    }
}
