//! Whole games from the command line's face: `random-game --partie` plays the partners' six
//! Partier or an en deux Partie to 100, prints a record with its report, and `replay` reads it
//! back, checks each deal and settles the Partier again.

use tarok_core::family::Family;
use tarok_core::{Balances, Party, PaymentSink};
use tarok_historic::en_deux::PartieScore;
use tarok_historic::family::random_whole_game;
use tarok_historic::game_record::{is_game_record, GameRecord};
use tarok_historic::game_report::{self, en_deux_result, partie_text};
use tarok_historic::partie::{Partie, PARTIER_IN_GAME};
use tarok_historic::ruleset::{EN_DEUX, PARTNERS};
use tarok_historic::session::WholeGame;
use tarok_historic::{Reason, Ruleset, FAMILY};

fn balances(game: &WholeGame) -> Balances {
    let mut b = Balances::default();
    game.settlement().iter().for_each(|l| b.pay(*l));
    b
}

/// The Partie settlement sums to zero, the Partier pay only between the two sides, and the
/// game has its shape, under the default and the switches that change who plays with whom or
/// how a Partie is paid.
#[test]
fn the_partie_settlement_sums_to_zero_over_many_seeds() {
    for rules in [
        "",
        "partita_ferma=true",
        "reale_on_gross=true partie_stake=30 volata=6",
    ] {
        let r = PARTNERS.with_overrides(rules).unwrap();
        for seed in 0..200 {
            let (game, _) = random_whole_game("dk-1829-partners", rules, seed).unwrap();
            let WholeGame::Partners(g) = &game else {
                panic!("a partners game")
            };
            assert!(game.is_over());
            assert_eq!(g.deals.len(), 24);
            assert_eq!(g.partier().len(), PARTIER_IN_GAME);
            assert_eq!(balances(&game).total(), 0, "{rules} seed {seed}");
            for (j, d) in g.deals.iter().enumerate() {
                assert_eq!(d.dealer() as usize, j % 4, "the deal passes right");
            }
            for (k, (seats, p)) in g.partier().iter().enumerate() {
                if r.partita_ferma {
                    assert_eq!(*seats, g.partier()[0].0);
                } else {
                    assert_eq!(*seats, g.partier()[k / 2 * 2].0, "two Partier a pairing");
                }
                let res = p.result(&r);
                let lines = tarok_historic::session::PartnersGame::partie_settlement(seats, p, &r);
                let mut b = Balances::default();
                lines.iter().for_each(|l| b.pay(*l));
                assert_eq!(b.total(), 0);
                for (s, seat) in seats.iter().enumerate() {
                    let want = match res.winner {
                        None => 0,
                        Some(w) if s % 2 == w as usize => r.partie_stake * res.multiplier as i32,
                        Some(_) => -r.partie_stake * res.multiplier as i32,
                    };
                    assert_eq!(b.players[*seat as usize], want, "{rules} seed {seed}");
                }
            }
        }
    }
    for rules in [
        "",
        "double_at_fifty=true",
        "partie_target=60 point_stake_sk=2",
    ] {
        let r = EN_DEUX.with_overrides(rules).unwrap();
        for seed in 0..500 {
            let (game, record) = random_whole_game("dk-1829-en-deux", rules, seed).unwrap();
            let WholeGame::EnDeux(p) = &game else {
                panic!("an en deux Partie")
            };
            assert!(game.is_over());
            assert!(p.score.scores.iter().any(|s| *s >= r.partie_target as i32));
            let line = p.settlement().unwrap();
            assert_eq!(balances(&game).total(), 0);
            let diff = (p.score.scores[0] - p.score.scores[1]).abs();
            assert!(
                line.amount == r.partie_stake_sk + diff * r.point_stake_sk
                    || line.amount == 2 * r.partie_stake_sk + diff * r.point_stake_sk
            );
            // The first dealer won the draw; then the deal alternates.
            let first = record.deals[0].record.dealer;
            for (i, d) in p.deals.iter().enumerate() {
                assert_eq!(d.dealer(), (first + i as u8) % 2);
            }
        }
    }
}

/// Random game → text → replay gives the same deals and the same settlement; so does JSON;
/// and the replay's report is the report printed after the record.
#[test]
fn a_random_game_round_trips_through_its_record() {
    for (preset, rules) in [
        ("dk-1829-partners", ""),
        ("dk-1829-partners", "partita_ferma=true"),
        ("dk-1829-en-deux", ""),
        ("dk-1829-en-deux", "double_at_fifty=true"),
    ] {
        for seed in [1, 7, 42] {
            let (game, record) = random_whole_game(preset, rules, seed).unwrap();
            let text = record.to_text();
            assert!(is_game_record(&text));
            let back = GameRecord::parse(&text).unwrap();
            assert_eq!(back, record);
            let replayed = back.replay().unwrap();
            assert_eq!(replayed.deals(), game.deals());
            assert_eq!(replayed.settlement(), game.settlement());
            let json = game_report::json(&game, &record);
            let from_json = GameRecord::parse(&json.to_string()).unwrap();
            assert_eq!(from_json, record);
            assert_eq!(from_json.replay().unwrap().settlement(), game.settlement());
            // The family's output: the text is the record and the report as comments.
            let out = FAMILY.random_partie(preset, rules, seed).unwrap();
            assert_eq!(GameRecord::parse(&out.text).unwrap(), record);
            let report = game_report::text(&game);
            let commented: String = report.lines().map(|l| format!("; {l}\n")).collect();
            assert!(out.text.ends_with(&commented), "{}", out.text);
            let replay = FAMILY.replay(&out.text).unwrap();
            assert!(replay.text.ends_with(&report));
            assert_eq!(replay.json, out.json);
            assert_eq!(FAMILY.replay(&out.json.to_string()).unwrap().json, out.json);
            if !rules.is_empty() {
                assert!(text.contains(&format!("[Rules \"{rules}\"]")));
            }
        }
    }
}

/// Switches edited into a record's [Rules] change the settlement on replay: the deals are
/// the same, the stakes move twice as much.
#[test]
fn a_record_s_rules_settle_the_partier() {
    let (game, record) = random_whole_game("dk-1829-partners", "", 3).unwrap();
    let doubled = GameRecord::parse(&record.to_text().replace(
        "[Version \"1\"]\n",
        "[Version \"1\"]\n[Rules \"partie_stake=20\"]\n",
    ))
    .unwrap()
    .replay()
    .unwrap();
    let stakes = |g: &WholeGame| -> i32 {
        g.settlement()
            .iter()
            .filter(|l| matches!(l.reason, Reason::Partie { .. }))
            .map(|l| l.amount)
            .sum()
    };
    assert!(stakes(&game) > 0);
    assert_eq!(stakes(&doubled), 2 * stakes(&game));
    // The same cards played: only the rules in each deal differ.
    let tricks =
        |g: &WholeGame| -> Vec<_> { g.deals().iter().map(|d| d.tricks().to_vec()).collect() };
    assert!(tricks(&doubled) == tricks(&game));
}

/// The text's own example (002 L309-314, vector A7): Partie 2 Mk, a point 1 Sk; 120 against
/// 90 wins "2 Mk og 30 Sk" (the printed "50" is a misprint, spec §4.7), marked "30 –"; an
/// opponent with "kun 50" loses double, "4Mk", marked with a "2" — at 50 only under the
/// example's reading (double_at_fifty), below 50 by the rule (002 L308, JC-33).
#[test]
fn golden_en_deux_partie_002_l309_l314() {
    let score = |a, b| PartieScore {
        scores: [a, b],
        deals: 3,
    };
    assert_eq!(
        en_deux_result(&score(120, 90), &EN_DEUX),
        "A 120, B 90 after 3 deals: A wins the Partie and 30 points (tally \"30 –\"): B pays A 62 Sk (3 Mk 14 Sk): the Partie 32 Sk (2 Mk) + 30 points x 1 Sk"
    );
    let at_fifty = Ruleset {
        double_at_fifty: true,
        ..EN_DEUX
    };
    assert_eq!(
        en_deux_result(&score(120, 50), &at_fifty),
        "A 120, B 50 after 3 deals: A wins the Partie double (B at or under 50, 002 L308, L313) and 70 points (tally \"70 2\"): B pays A 134 Sk (8 Mk 6 Sk): the Partie 64 Sk (4 Mk) + 70 points x 1 Sk"
    );
    assert!(en_deux_result(&score(120, 50), &EN_DEUX).contains("B pays A 102 Sk"));
    assert!(en_deux_result(&score(49, 101), &EN_DEUX)
        .contains("B wins the Partie double (A under 50, 002 L308, L313)"));
    assert!(en_deux_result(&score(104, 104), &EN_DEUX).contains("not decided"));
}

/// The Partie table of spec §3.6 (002 L254-262) as the report tells it, with the stake moves
/// between persons (seating of the first pairing: seats A C B D, so A+B against C+D).
#[test]
fn golden_partner_partier_002_l254_l262() {
    let seats = [0, 2, 1, 3];
    let partie = |deals: [[i32; 2]; 4]| Partie {
        deals: deals.to_vec(),
    };
    let simple = partie_text(
        &seats,
        &partie([[40, 32], [30, 42], [50, 22], [36, 36]]),
        &PARTNERS,
    );
    assert_eq!(
        simple,
        "  surpluses over 36: A+B 4 + 0 + 14 + 0 = 18; C+D 0 + 6 + 0 + 0 = 6\n  A+B win, net surplus 12: simple, x1\n  stakes: C -> A 5, C -> B 5, D -> A 5, D -> B 5\n"
    );
    let double = partie_text(&seats, &partie([[40, 32]; 4]), &PARTNERS);
    assert!(
        double.contains("A+B win, net surplus 16: double, x2 (C+D made no surplus, 002 L255-257)")
    );
    assert!(double.contains("C -> A 10"));
    let reale = partie_text(
        &seats,
        &partie([[60, 12], [60, 12], [30, 42], [36, 36]]),
        &PARTNERS,
    );
    assert!(reale.contains(
        "A+B win, net surplus 42: Reale (a net surplus of 36 or more, 002 L254-255), x2"
    ));
    let triple = partie_text(
        &seats,
        &partie([[60, 12], [50, 22], [36, 36], [36, 36]]),
        &PARTNERS,
    );
    assert!(triple.contains("triple, x3: double and Reale (C+D made no surplus, 002 L257-259)"));
    assert!(triple.contains("D -> B 15"));
    let gross = Ruleset {
        reale_on_gross: true,
        ..PARTNERS
    };
    let own = partie_text(
        &seats,
        &partie([[60, 12], [50, 22], [30, 42], [36, 36]]),
        &gross,
    );
    assert!(
        own.contains("A+B win, net surplus 32: Reale (A+B's surpluses reach 36, 002 L254-255), x2"),
        "{own}"
    );
    let nobody = partie_text(
        &seats,
        &partie([[40, 32], [32, 40], [36, 36], [36, 36]]),
        &PARTNERS,
    );
    assert!(nobody.contains("nobody wins (002 L260-261)"));
    assert!(!nobody.contains("stakes"));
    // The second side wins too; the names follow the seating.
    let other = partie_text(&[0, 1, 3, 2], &partie([[30, 42]; 4]), &PARTNERS);
    assert!(
        other.contains("B+C win, net surplus 24: double, x2 (A+D made no surplus"),
        "{other}"
    );
}

/// The line in the text of each `[Deal "n"]` tag.
fn deal_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("[Deal "))
        .map(|(i, _)| i + 1)
        .collect()
}

/// The text without the lines `from..to` (numbered from 1, `to` excluded).
fn without(text: &str, from: usize, to: usize) -> String {
    text.lines()
        .enumerate()
        .filter(|(i, _)| *i + 1 < from || *i + 1 >= to)
        .map(|(_, l)| format!("{l}\n"))
        .collect()
}

fn replay_err(text: &str) -> String {
    match GameRecord::parse(text) {
        Err(e) => e,
        Ok(r) => r.replay().map(|_| ()).expect_err("the record is refused"),
    }
}

#[test]
fn bad_records_are_refused_by_line() {
    let (_, record) = random_whole_game("dk-1829-partners", "", 11).unwrap();
    let text = record.to_text();
    let at = deal_lines(&text);
    // Deal 3 missing: refused at deal 4's tag.
    let e = replay_err(&without(&text, at[2], at[3]));
    assert_eq!(
        e,
        format!(
            "line {} (deal 4): deal 3 is missing: deal 4 comes where deal 3 is due",
            at[2]
        )
    );
    // Deal 2 given twice.
    let twice = {
        let lines: Vec<&str> = text.lines().collect();
        let deal2 = lines[at[1] - 1..at[2] - 1].join("\n");
        let mut t: String = lines[..at[2] - 1].join("\n");
        t.push('\n');
        t.push_str(&deal2);
        t.push('\n');
        t.push_str(&lines[at[2] - 1..].join("\n"));
        t
    };
    let e = replay_err(&twice);
    assert_eq!(
        e,
        format!(
            "line {} (deal 2): deal 2 is out of order or given twice: deals 1 to 2 are played, deal 3 is due here",
            at[2]
        )
    );
    // Deals 2 and 3 swapped in the text (their numbers with them): deal 2 is missing where 3 stands.
    let lines: Vec<&str> = text.lines().collect();
    let swapped = [
        &lines[..at[1] - 1],
        &lines[at[2] - 1..at[3] - 1],
        &lines[at[1] - 1..at[2] - 1],
        &lines[at[3] - 1..],
    ]
    .concat()
    .join("\n");
    let e = replay_err(&swapped);
    assert!(
        e.starts_with(&format!("line {} (deal 3): deal 2 is missing", at[1])),
        "{e}"
    );
    // Deal 2's section renumbered as 3 and 3 as 2: each is dealt by the wrong seat.
    let renumbered = swapped
        .replacen("[Deal \"3\"]", "[Deal \"x\"]", 1)
        .replacen("[Deal \"2\"]", "[Deal \"3\"]", 1)
        .replacen("[Deal \"x\"]", "[Deal \"2\"]", 1);
    let e = replay_err(&renumbered);
    assert_eq!(
        e,
        format!(
            "line {} (deal 2): dealt by seat 2, but seat 1 deals deal 2 (seat 0 deals first and the deal passes right every deal, JC-22)",
            at[1]
        )
    );
    // Deal 5 cut off after its 18th trick: the last line of the section is gone.
    let e = replay_err(&without(&text, at[5] - 2, at[5] - 1));
    assert!(
        e.starts_with(&format!(
            "line {} (deal 5): deal 5 is not finished: its actions stop after 18 of 19 tricks",
            at[4]
        )),
        "{e}"
    );
    // A refused action names its own line: a King may not go in the partners' Scat.
    let first_actions = at[0] + 3;
    let bad: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == first_actions {
                format!("discard {}, {l}\n", king_of_seat0(&record))
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let e = replay_err(&bad);
    assert!(
        e.starts_with(&format!("line {first_actions}, action 1 of")),
        "{e}"
    );
    // Tags in the wrong part, actions before the first deal, a bad number, no dealer.
    let head_seed = text.replacen("[Version \"1\"]\n", "[Version \"1\"]\n[Seed \"3\"]\n", 1);
    assert_eq!(
        replay_err(&head_seed),
        "line 3: [Seed] belongs to a deal: put it after its [Deal \"n\"]"
    );
    let deal_rules = text.replacen("[Deal \"2\"]\n", "[Deal \"2\"]\n[Rules \"volata=4\"]\n", 1);
    assert_eq!(
        replay_err(&deal_rules),
        format!(
            "line {}: [Rules] belongs to the head of the record, before the first [Deal]",
            at[1] + 1
        )
    );
    let early = text.replacen("[Version \"1\"]\n", "[Version \"1\"]\nT21\n", 1);
    assert!(replay_err(&early).starts_with("line 3: actions before the first [Deal \"1\"]"));
    let zero = text.replacen("[Deal \"1\"]", "[Deal \"0\"]", 1);
    assert!(replay_err(&zero).starts_with(&format!("line {}: bad deal number \"0\"", at[0])));
    let no_dealer = text.replacen("[Dealer \"1\"]\n", "", 1);
    assert_eq!(
        replay_err(&no_dealer),
        format!("line {}: deal 2 lacks [Dealer \"…\"]", at[1])
    );
    // JSON has no lines: the deal's number.
    let mut json = record.to_json();
    json["deals"].as_array_mut().unwrap().remove(2);
    assert_eq!(
        replay_err(&json.to_string()),
        "deal 4: deal 3 is missing: deal 4 comes where deal 3 is due"
    );
    let mut json = record.to_json();
    json["deals"][1]["sead"] = serde_json::json!(1);
    assert!(replay_err(&json.to_string()).contains("deals[1] has an unknown key \"sead\""));
}

/// A King seat 0 holds as dealt in deal 1 (seat 0 deals it).
fn king_of_seat0(record: &GameRecord) -> String {
    let d = record.deals[0].record.initial().unwrap();
    (d.hand(0) & tarok_core::CardSet::KINGS)
        .lowest()
        .expect("a King in a 21-card hand, or this seed needs changing")
        .to_string()
}

#[test]
fn a_deal_after_the_end_and_games_without_a_partie_are_refused() {
    let (game, record) = random_whole_game("dk-1829-en-deux", "", 5).unwrap();
    let WholeGame::EnDeux(p) = &game else {
        panic!()
    };
    let n = record.deals.len();
    let mut more = record.clone();
    let mut extra = more.deals[n - 1].clone();
    extra.number = n + 1;
    more.deals.push(extra);
    let e = replay_err(&more.to_text());
    let line = *deal_lines(&more.to_text()).last().unwrap();
    assert_eq!(
        e,
        format!(
            "line {line} (deal {}): the game is already over after deal {n}: the Partie to 100 was decided at {} : {} (002 L306)",
            n + 1,
            p.score.scores[0],
            p.score.scores[1]
        )
    );
    for (preset, why) in [
        ("dk-1829-three", "002 L221-222; spec §2.9"),
        ("dk-1829-quadrille", "spec appendix B′"),
    ] {
        let e = random_whole_game(preset, "", 1).unwrap_err();
        assert!(e.starts_with(&format!("{preset} has no Partie: ")), "{e}");
        assert!(e.contains(why), "{e}");
        let text = format!("[Preset \"{preset}\"]\n\n[Deal \"1\"]\n[Seed \"1\"]\n[Dealer \"0\"]\n");
        assert!(replay_err(&text).starts_with(&format!("{preset} has no Partie")));
        assert!(FAMILY.random_partie(preset, "", 1).is_err());
    }
    // A whole game may stop after any finished deal: the report says it is not over.
    let (_, record) = random_whole_game("dk-1829-partners", "", 2).unwrap();
    let mut part = record.clone();
    part.deals.truncate(6);
    let out = FAMILY.replay(&part.to_text()).unwrap();
    assert!(
        out.text.contains("(unfinished: 2 of 4 deals)"),
        "{}",
        out.text
    );
    assert!(out
        .text
        .contains("The game is not over: 6 of 24 deals played, 1 of 6 Partier settled."));
    assert_eq!(out.json["over"], false);
}

/// A void deal (redeal on 1 or 2 tarocks, 002 L143-144) keeps its number: the same seat deals
/// again, and the record holds both.
#[test]
fn a_void_deal_is_redealt_under_its_number() {
    let rules = "redeal_one_or_two_tarocks=true";
    let mut seen = false;
    for seed in 0..40 {
        let (game, record) = random_whole_game("dk-1829-partners", rules, seed).unwrap();
        let numbers: Vec<usize> = record.deals.iter().map(|e| e.number).collect();
        if numbers.len() == 24 {
            continue;
        }
        seen = true;
        assert!(numbers.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1));
        for w in record.deals.windows(2) {
            if w[0].number == w[1].number {
                assert_eq!(w[0].record.dealer, w[1].record.dealer);
                assert!(
                    w[0].record.actions.is_empty(),
                    "nothing is played in a void deal"
                );
            }
        }
        let back = GameRecord::parse(&record.to_text())
            .unwrap()
            .replay()
            .unwrap();
        assert_eq!(back.settlement(), game.settlement());
        assert_eq!(balances(&back).total(), 0);
        let json = game_report::json(&game, &record);
        assert_eq!(json["deals"].as_array().unwrap().len(), numbers.len());
        break;
    }
    assert!(seen, "no void deal in 40 games");
}

/// The report's balances are the settlement's, by person.
#[test]
fn the_report_balances_are_the_settlement_s() {
    for seed in 0..5 {
        let (game, record) = random_whole_game("dk-1829-partners", "", seed).unwrap();
        let j = game_report::json(&game, &record);
        let b = balances(&game);
        for p in 0..4 {
            assert_eq!(j["balances"]["total"][p], b.players[p]);
            assert!(game_report::text(&game).contains(&format!(
                "  {}  deals {:+}  Partier {:+}  total {:+}\n",
                game_report::name(p as u8),
                j["balances"]["deals"][p].as_i64().unwrap(),
                j["balances"]["partier"][p].as_i64().unwrap(),
                b.players[p]
            )));
        }
        // Persons, not seats: no settlement line names a cup.
        assert!(game
            .settlement()
            .iter()
            .all(|l| matches!((l.from, l.to), (Party::Player(_), Party::Player(_)))));
    }
}

/// Stakes are positive and bounded: a negative stake would make the winner pay, and one past
/// the bounds would overflow a 32-bit payment. Each is refused with the switch and its range.
#[test]
fn stakes_out_of_range_are_refused_naming_the_switch_and_range() {
    for (rules, switch, range) in [
        (PARTNERS, "partie_stake", "an even number from 2 to 1000000"),
        (PARTNERS, "volata", "an even number from 2 to 1000000"),
        (
            EN_DEUX,
            "partie_stake_sk",
            "a whole number from 1 to 1000000",
        ),
        (EN_DEUX, "point_stake_sk", "a whole number from 1 to 10000"),
    ] {
        for bad in ["0", "-2", "-32", "2000000000", "2147483647", "99999999999"] {
            let e = rules
                .with_overrides(&format!("{switch}={bad}"))
                .unwrap_err();
            assert!(
                e.contains(&format!("{switch} must be {range}")) && e.contains(bad),
                "{switch}={bad}: {e}"
            );
        }
    }
    assert!(PARTNERS
        .with_overrides("partie_stake=11")
        .unwrap_err()
        .contains("partie_stake must be an even number from 2 to 1000000"));
    // The bounds themselves are accepted.
    PARTNERS
        .with_overrides("partie_stake=1000000 volata=1000000")
        .unwrap();
    EN_DEUX
        .with_overrides("partie_stake_sk=1000000 point_stake_sk=10000")
        .unwrap();
}

/// At the largest stakes a whole game still sums to zero, and each payment is the stake times
/// its multiplier, computed here in 64 bits.
#[test]
fn the_largest_stakes_settle_exactly() {
    let rules = "partie_stake=1000000 volata=1000000";
    let r = PARTNERS.with_overrides(rules).unwrap();
    for seed in 0..20 {
        let (game, _) = random_whole_game("dk-1829-partners", rules, seed).unwrap();
        let WholeGame::Partners(g) = &game else {
            panic!("a partners game")
        };
        let mut net = [0i64; 4];
        for l in game.settlement() {
            for (p, sign) in [(l.from, -1), (l.to, 1)] {
                if let Party::Player(p) = p {
                    net[p as usize] += sign * i64::from(l.amount);
                }
            }
        }
        assert_eq!(net.iter().sum::<i64>(), 0, "seed {seed}");
        for (seats, p) in g.partier() {
            let res = p.result(&r);
            for l in tarok_historic::session::PartnersGame::partie_settlement(&seats, &p, &r) {
                assert_eq!(
                    i64::from(l.amount),
                    500_000 * i64::from(res.multiplier),
                    "seed {seed}"
                );
            }
        }
    }
    let rules = "partie_stake_sk=1000000 point_stake_sk=10000 partie_target=2000";
    for seed in 0..3 {
        let (game, _) = random_whole_game("dk-1829-en-deux", rules, seed).unwrap();
        let WholeGame::EnDeux(p) = &game else {
            panic!("an en deux Partie")
        };
        let line = p.settlement().unwrap();
        let [a, b] = p.score.scores.map(i64::from);
        let double = matches!(line.reason, Reason::PartieEnDeux { double: true });
        assert_eq!(
            i64::from(line.amount),
            1_000_000 * if double { 2 } else { 1 } + (a - b).abs() * 10_000,
            "seed {seed}"
        );
        assert!(line.amount > 0);
    }
}

/// A ruleset built past the stake bounds (its fields are public) stops with a clear message
/// instead of wrapping a payment around.
#[test]
#[should_panic(
    expected = "does not fit in 32 bits: partie_stake_sk 32 or point_stake_sk 2147483647 is out of its range"
)]
fn an_en_deux_payment_past_32_bits_is_not_wrapped() {
    let mut r = EN_DEUX;
    r.point_stake_sk = i32::MAX;
    let score = PartieScore {
        scores: [120, 40],
        deals: 3,
    };
    let _ = score.settlement(&r);
}

#[test]
#[should_panic(expected = "does not fit in 32 bits: partie_stake 2000000000 is out of its range")]
fn a_partie_payment_past_32_bits_is_not_wrapped() {
    let mut r = PARTNERS;
    r.partie_stake = 2_000_000_000;
    let mut p = Partie::default();
    // A Volata in each deal: the winners' triple.
    for _ in 0..Partie::DEALS {
        p.add([72, 0]);
    }
    let _ = p.settlement(&r, [[0, 2], [1, 3]]);
}

/// A whole-game record whose stated balances (the report's comments, the JSON `balances`, or
/// the JSON `over`) differ from its replay is refused.
#[test]
fn a_whole_game_whose_stated_balances_differ_is_refused() {
    for seed in 0..4 {
        let out = FAMILY.random_partie("dk-1829-partners", "", seed).unwrap();
        FAMILY.replay(&out.text).unwrap();
        FAMILY.replay(&out.json.to_string()).unwrap();
        // Person A's total one higher.
        let at = out.text.find(";   A  deals ").unwrap();
        let end = at + out.text[at..].find('\n').unwrap();
        let line = &out.text[at..end];
        let (head, total) = line.rsplit_once(' ').unwrap();
        let edited_line = format!("{head} {:+}", total.parse::<i64>().unwrap() + 1);
        let edited = format!("{}{edited_line}{}", &out.text[..at], &out.text[end..]);
        let e = FAMILY.replay(&edited).unwrap_err();
        assert!(
            e.contains("states the balances (total) A ") && e.contains("but the replay gives"),
            "seed {seed}: {e}"
        );
        let mut json = out.json.clone();
        json["balances"]["partier"][1] = serde_json::json!(12345);
        let e = FAMILY.replay(&json.to_string()).unwrap_err();
        assert!(
            e.contains("the record's \"balances\" states the balances (Partier)"),
            "seed {seed}: {e}"
        );
        // Cut off after deal 20, the JSON still says the game is over.
        let mut json = out.json.clone();
        json["deals"].as_array_mut().unwrap().truncate(20);
        json.as_object_mut().unwrap().remove("balances");
        let e = FAMILY.replay(&json.to_string()).unwrap_err();
        assert!(
            e.contains("the record's \"over\" says the game is over"),
            "seed {seed}: {e}"
        );

        let out = FAMILY.random_partie("dk-1829-en-deux", "", seed).unwrap();
        FAMILY.replay(&out.text).unwrap();
        FAMILY.replay(&out.json.to_string()).unwrap();
        let edited = out
            .text
            .replace("; Balances: A +", "; Balances: A +1")
            .replace("; Balances: A -", "; Balances: A -1");
        let e = FAMILY.replay(&edited).unwrap_err();
        assert!(
            e.contains("states the balances (total)"),
            "seed {seed}: {e}"
        );
        let mut json = out.json.clone();
        json["balances"]["total"] = serde_json::json!([0, 0]);
        let e = FAMILY.replay(&json.to_string()).unwrap_err();
        assert!(
            e.contains("states the balances (total) A +0, B +0"),
            "seed {seed}: {e}"
        );
    }
}
