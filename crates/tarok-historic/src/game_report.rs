//! What a whole game looks like to a reader (`tarok random-game --partie`, `tarok replay`): a
//! line per deal, each Partie's result with its stake moves, and the balances between persons.
//! Persons are letters (A, B, …) so that they are not mistaken for seats, which change with
//! the partners' pairings.

use crate::en_deux::PartieScore;
use crate::game_record::GameRecord;
use crate::partie::{Partie, PartieResult, PARTIER_IN_GAME};
use crate::ruleset::{Game, Ruleset};
use crate::session::{EnDeuxPartie, PartnersGame, WholeGame};
use crate::settlement::Line;
use serde_json::{json, Value};
use tarok_core::Party;

/// A person's name: A, B, C, D.
pub fn name(person: u8) -> char {
    (b'A' + person) as char
}

fn party(p: Party) -> String {
    match p {
        Party::Player(s) => name(s).to_string(),
        Party::Cup(c) => format!("cup{c}"),
    }
}

/// A payment between persons, as "C -> A: 5 (why)".
pub fn line_text(l: &Line) -> String {
    format!(
        "{} -> {}: {} ({})",
        party(l.from),
        party(l.to),
        l.amount,
        l.reason
    )
}

/// Each person's net of the lines, summed in 64 bits: the stakes are bounded (see the ruleset's
/// stake ranges), and a whole game's balances are never wrapped around even so.
fn nets(lines: &[Line], persons: u8) -> Vec<i64> {
    let mut net = vec![0i64; persons as usize];
    for l in lines {
        let amount = i64::from(l.amount);
        if let Party::Player(p) = l.from {
            net[p as usize] -= amount;
        }
        if let Party::Player(p) = l.to {
            net[p as usize] += amount;
        }
    }
    net
}

fn signed(nets: &[i64], unit: &str) -> String {
    nets.iter()
        .enumerate()
        .map(|(p, v)| format!("{} {v:+}{unit}", name(p as u8)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The balances the report gives, by person: from the deals, from the Partier, and in total
/// (en deux: the Partie's payment only).
pub(crate) fn balance_rows(game: &WholeGame) -> [Vec<i64>; 3] {
    match game {
        WholeGame::Partners(g) => partners_balances(g),
        WholeGame::EnDeux(p) => {
            let net = nets(&p.settlement().into_iter().collect::<Vec<_>>(), 2);
            [vec![0, 0], net.clone(), net]
        }
    }
}

fn partners_balances(g: &PartnersGame) -> [Vec<i64>; 3] {
    let deals: Vec<Line> = (0..g.deals.len())
        .flat_map(|i| g.deal_settlement(i))
        .collect();
    let stakes: Vec<Line> = g
        .partier()
        .iter()
        .flat_map(|(seats, p)| PartnersGame::partie_settlement(seats, p, &g.rules))
        .collect();
    let (d, p) = (nets(&deals, 4), nets(&stakes, 4));
    let total = d.iter().zip(&p).map(|(a, b)| a + b).collect();
    [d, p, total]
}

/// The partners' two sides by person, from the persons in seats 0..4 (seats 0+2, 1+3).
fn sides(seats: &[u8]) -> [String; 2] {
    [0, 1].map(|s| format!("{}+{}", name(seats[s]), name(seats[s + 2])))
}

/// The text report: the deals, the Partier and the balances.
pub fn text(game: &WholeGame) -> String {
    match game {
        WholeGame::Partners(g) => partners_text(g),
        WholeGame::EnDeux(p) => en_deux_text(p),
    }
}

/// The JSON report: the record with each deal's result, the Partier and the balances. It reads
/// back as a record.
pub fn json(game: &WholeGame, record: &GameRecord) -> Value {
    let mut j = record.to_json();
    let kept = kept_entries(game, record);
    match game {
        WholeGame::Partners(g) => partners_json(g, &mut j, &kept),
        WholeGame::EnDeux(p) => en_deux_json(p, &mut j, &kept),
    }
    j["persons"] = json!((0..game.persons())
        .map(name)
        .map(String::from)
        .collect::<Vec<_>>());
    j["over"] = json!(game.is_over());
    j
}

/// For each kept deal of the game, the index of its entry in the record (void deals are
/// redealt under the same number, the later entry is the one kept).
fn kept_entries(game: &WholeGame, record: &GameRecord) -> Vec<usize> {
    (1..=game.deals().len())
        .map(|n| {
            record
                .deals
                .iter()
                .rposition(|e| e.number == n)
                .expect("every kept deal has its entry")
        })
        .collect()
}

fn partners_text(g: &PartnersGame) -> String {
    let r = &g.rules;
    let mut s = String::new();
    s.push_str(&format!(
        "The whole game: six Partier of four deals, {} deals (002 L230-233, L254, L262); {}.\n",
        PartnersGame::DEALS,
        if r.partita_ferma {
            "Parita firma: the same partners throughout (002 L232-233)"
        } else {
            "partners change after every two Partier (JC-26)"
        }
    ));
    s.push_str("Persons A, B, C, D; partners sit opposite (seats 0+2 against 1+3); the deal passes right. A side's count over 36 is its surplus (Overskud), added up over the Partie's four deals (002 L252-262).\n");
    s.push_str(&format!(
        "Stakes: each winner gains {} a Partie (x2 Reale or double, x3 triple), {} a Volata (JC-24).\n",
        r.partie_stake, r.volata
    ));
    let partier = g.partier();
    for (k, chunk) in g.deals.chunks(Partie::DEALS).enumerate() {
        let seats = g.seats(k * Partie::DEALS);
        let [a, b] = sides(&seats);
        s.push_str(&format!("\nPartie {}: {a} against {b}\n", k + 1));
        for (i, d) in chunk.iter().enumerate() {
            let j = k * Partie::DEALS + i;
            let c = d.side_counts();
            let net = nets(&g.deal_settlement(j), 4);
            let volata = if c.contains(&0) { "  Volata" } else { "" };
            s.push_str(&format!(
                "  deal {:>2}  seats {}  dealer {}  {a} {} : {b} {}{volata}  payments: {}\n",
                j + 1,
                seats.map(|p| name(p).to_string()).join(" "),
                name(seats[d.dealer() as usize]),
                c[0],
                c[1],
                if net.iter().all(|v| *v == 0) {
                    "none".to_string()
                } else {
                    signed(&net, "")
                }
            ));
        }
        match partier.get(k) {
            Some((seats, p)) => s.push_str(&partie_text(seats, p, r)),
            None => s.push_str(&format!(
                "  (unfinished: {} of {} deals)\n",
                chunk.len(),
                Partie::DEALS
            )),
        }
    }
    let deals: Vec<Line> = (0..g.deals.len())
        .flat_map(|j| g.deal_settlement(j))
        .collect();
    let stakes: Vec<Line> = partier
        .iter()
        .flat_map(|(seats, p)| PartnersGame::partie_settlement(seats, p, r))
        .collect();
    let (d, p) = (nets(&deals, 4), nets(&stakes, 4));
    s.push_str("\nBalances (deals: honours, Pagat, Volata; Partier: stakes):\n");
    for q in 0..4 {
        s.push_str(&format!(
            "  {}  deals {:+}  Partier {:+}  total {:+}\n",
            name(q as u8),
            d[q],
            p[q],
            d[q] + p[q]
        ));
    }
    if !g.is_over() {
        s.push_str(&format!(
            "The game is not over: {} of {} deals played, {} of {PARTIER_IN_GAME} Partier settled.\n",
            g.deals.len(),
            PartnersGame::DEALS,
            partier.len()
        ));
    }
    s
}

fn result_words(res: &PartieResult, rules: &Ruleset, sides: &[String; 2]) -> String {
    let Some(w) = res.winner else {
        return "no net surplus either way: nobody wins (002 L260-261)".into();
    };
    let (win, lose) = (&sides[w as usize], &sides[1 - w as usize]);
    let reale = if rules.reale_on_gross {
        format!("Reale ({win}'s surpluses reach 36, 002 L254-255)")
    } else {
        "Reale (a net surplus of 36 or more, 002 L254-255)".to_string()
    };
    let how = match (res.reale, res.double) {
        (true, true) => {
            format!("triple, x3: double and Reale ({lose} made no surplus, 002 L257-259)")
        }
        (true, false) => format!("{reale}, x2"),
        (false, true) => format!("double, x2 ({lose} made no surplus, 002 L255-257)"),
        (false, false) => "simple, x1".to_string(),
    };
    format!("{win} win, net surplus {}: {how}", res.net)
}

/// One finished Partie: each side's surpluses deal by deal, the result and the stake moves.
/// `seats`: the person in each seat.
pub fn partie_text(seats: &[u8; 4], p: &Partie, rules: &Ruleset) -> String {
    let sides = sides(seats);
    let res = p.result(rules);
    let surpluses = |side: usize| {
        let g: Vec<String> = p
            .deals
            .iter()
            .map(|d| (d[side] - 36).max(0).to_string())
            .collect();
        format!("{} {} = {}", sides[side], g.join(" + "), res.gross[side])
    };
    let mut s = format!(
        "  surpluses over 36: {}; {}\n  {}\n",
        surpluses(0),
        surpluses(1),
        result_words(&res, rules, &sides)
    );
    let lines = PartnersGame::partie_settlement(seats, p, rules);
    if !lines.is_empty() {
        let moves: Vec<String> = lines
            .iter()
            .map(|l| format!("{} -> {} {}", party(l.from), party(l.to), l.amount))
            .collect();
        s.push_str(&format!("  stakes: {}\n", moves.join(", ")));
    }
    s
}

fn partners_json(g: &PartnersGame, j: &mut Value, kept: &[usize]) {
    for (i, d) in g.deals.iter().enumerate() {
        let seats = g.seats(i);
        let lines = g.deal_settlement(i);
        let e = &mut j["deals"][kept[i]];
        e["partie"] = json!(i / Partie::DEALS + 1);
        e["seats"] = json!(seats);
        e["sides"] = json!([[seats[0], seats[2]], [seats[1], seats[3]]]);
        e["counts"] = json!(d.side_counts());
        e["payments"] = json!(lines);
        e["net"] = json!(nets(&lines, 4));
    }
    let partier: Vec<Value> = g
        .partier()
        .iter()
        .enumerate()
        .map(|(k, (seats, p))| {
            let r = p.result(&g.rules);
            let surpluses: Vec<Vec<i32>> = (0..2)
                .map(|s| p.deals.iter().map(|d| (d[s] - 36).max(0)).collect())
                .collect();
            json!({
                "partie": k + 1,
                "sides": [[seats[0], seats[2]], [seats[1], seats[3]]],
                "surpluses": surpluses,
                "gross": r.gross,
                "net": r.net,
                "winner": r.winner,
                "reale": r.reale,
                "double": r.double,
                "multiplier": r.multiplier,
                "payments": PartnersGame::partie_settlement(seats, p, &g.rules),
            })
        })
        .collect();
    j["game"] = json!(Game::Partners.name());
    let [d, p, total] = partners_balances(g);
    j["partier"] = json!(partier);
    j["balances"] = json!({"deals": d, "partier": p, "total": total});
}

/// A mark is 16 Skilling (002 L309-313 "2 Mk", "4Mk").
fn in_marks(sk: i64) -> String {
    match (sk / 16, sk % 16) {
        (0, _) => String::new(),
        (m, 0) => format!(" ({m} Mk)"),
        (m, r) => format!(" ({m} Mk {r} Sk)"),
    }
}

/// The end of an en deux Partie in words (002 L306-314), with the tally the text marks:
/// the points over the loser and a stroke, or a "2" for a double.
pub fn en_deux_result(score: &PartieScore, rules: &Ruleset) -> String {
    let [a, b] = score.scores;
    let head = format!("A {a}, B {b} after {} deals", score.deals);
    let Some(line) = score.settlement(rules) else {
        return format!(
            "{head}: the Partie is not decided (a score must reach {} and the scores differ, JC-33)",
            rules.partie_target
        );
    };
    let double = matches!(
        line.reason,
        crate::settlement::Reason::PartieEnDeux { double: true }
    );
    let (win, lose) = (party(line.to), party(line.from));
    let diff = (a - b).abs();
    let stake = i64::from(rules.partie_stake_sk) * if double { 2 } else { 1 };
    let points = if diff == 1 { "point" } else { "points" };
    format!(
        "{head}: {win} wins the Partie{} and {diff} {points} (tally \"{diff} {}\"): {lose} pays {win} {} Sk{}: the Partie {stake} Sk{} + {diff} {points} x {} Sk",
        if double {
            format!(
                " double ({lose} {} 50, 002 L308, L313)",
                if rules.double_at_fifty { "at or under" } else { "under" }
            )
        } else {
            String::new()
        },
        if double { "2" } else { "–" },
        line.amount,
        in_marks(line.amount.into()),
        in_marks(stake),
        rules.point_stake_sk
    )
}

fn en_deux_text(p: &EnDeuxPartie) -> String {
    let r = &p.rules;
    let mut s = format!(
        "The whole game: a Partie to {} (002 L306); honours and count go to each player's score (002 L315-316); the deal alternates (spec §4.1).\n",
        r.partie_target
    );
    s.push_str(&format!(
        "Persons A (seat 0) and B (seat 1). Stakes: the Partie {} Sk, {} Sk a point of difference; double {} 50 (002 L308-309).\n\n",
        r.partie_stake_sk,
        r.point_stake_sk,
        if r.double_at_fifty { "at or under" } else { "under" }
    ));
    for (i, (d, row)) in p.deals.iter().zip(en_deux_rows(p)).enumerate() {
        let EnDeuxRow {
            counts,
            scores: sc,
            totals,
        } = row;
        s.push_str(&format!(
            "  deal {:>2}  dealer {}  counts A {}, B {}  honours A {}, B {}  scores A +{}, B +{}  totals A {}, B {}\n",
            i + 1,
            name(d.dealer()),
            counts[0],
            counts[1],
            sc[0] - counts[0],
            sc[1] - counts[1],
            sc[0],
            sc[1],
            totals[0],
            totals[1]
        ));
    }
    s.push_str(&format!("\nPartie: {}\n", en_deux_result(&p.score, r)));
    let net = nets(&p.settlement().into_iter().collect::<Vec<_>>(), 2);
    s.push_str(&format!("Balances: {}\n", signed(&net, " Sk")));
    s
}

/// One en deux deal's line: both players' counts, scores (count and honours) and running totals.
struct EnDeuxRow {
    counts: [i32; 2],
    scores: [i32; 2],
    totals: [i32; 2],
}

fn en_deux_rows(p: &EnDeuxPartie) -> impl Iterator<Item = EnDeuxRow> + '_ {
    let mut totals = [0; 2];
    p.deals.iter().map(move |d| {
        let scores = d.en_deux_scores();
        totals = [totals[0] + scores[0], totals[1] + scores[1]];
        EnDeuxRow {
            counts: [d.count(0), d.count(1)],
            scores,
            totals,
        }
    })
}

fn en_deux_json(p: &EnDeuxPartie, j: &mut Value, kept: &[usize]) {
    for (i, row) in en_deux_rows(p).enumerate() {
        let EnDeuxRow {
            counts,
            scores: sc,
            totals,
        } = row;
        let e = &mut j["deals"][kept[i]];
        e["seats"] = json!([0, 1]);
        e["counts"] = json!(counts);
        e["honours"] = json!([sc[0] - counts[0], sc[1] - counts[1]]);
        e["scores"] = json!(sc);
        e["totals"] = json!(totals);
    }
    let line = p.settlement();
    j["game"] = json!(Game::EnDeux.name());
    j["partie"] = json!({
        "scores": p.score.scores,
        "deals": p.score.deals,
        "decided": line.is_some(),
        "winner": line.and_then(|l| match l.to {
            Party::Player(p) => Some(p),
            Party::Cup(_) => None,
        }),
        "double": line.map(|l| matches!(l.reason, crate::settlement::Reason::PartieEnDeux { double: true })),
        "payment": line,
        "text": en_deux_result(&p.score, &p.rules),
    });
    let net = nets(&line.into_iter().collect::<Vec<_>>(), 2);
    j["balances"] = json!({"deals": [0, 0], "partier": net, "total": net});
}
