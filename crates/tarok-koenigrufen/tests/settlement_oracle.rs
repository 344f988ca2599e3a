//! An independent, plain settlement written from the rules (docs/rules/koenigrufen.md
//! §3 counting, §5 values, §8.4 talon credits, §9 announcements, §10 Kontra/Re/Subkontra, §13 win
//! conditions, §14 Trischaken, §15 settlement, §18 score sheet), compared with the engine's
//! settlement on thousands of random deals of every contract.
//!
//! The oracle reads only the deck, the seats and the action history. From the engine it takes
//! the contract and declarers (checked by `bidding_oracle.rs`) and the trick winners (checked by
//! `play_oracle.rs`).

mod common;

use common::steered_deal;
use std::collections::BTreeMap;
use tarok_core::{Card, CardKind, Rank};
use tarok_koenigrufen::kontra::Item;
use tarok_koenigrufen::table::{renonce_halves, Renonce, Session};
use tarok_koenigrufen::{Action, Contract, Deal, Premium, Ruleset};

// ------------------------------------------------------------------ §2–§3: counting

/// §2.2: Trull cards and kings 5, Dame 4, Reiter 3, Bube 2, the rest 1 (Uhu included, A1).
fn card_value(c: Card) -> i32 {
    match c.kind() {
        CardKind::Skus => 5,
        CardKind::Trump(1) | CardKind::Trump(21) => 5,
        CardKind::Trump(_) => 1,
        CardKind::Suited(_, Rank::Konge) => 5,
        CardKind::Suited(_, Rank::Dame) => 4,
        CardKind::Suited(_, Rank::Caval) => 3,
        CardKind::Suited(_, Rank::Knaegt) => 2,
        CardKind::Suited(_, Rank::Pip(_)) => 1,
    }
}

/// §3.1: groups of three minus 2 each = value − 2/3 per card, in thirds.
fn thirds(cards: &[Card]) -> i32 {
    cards.iter().map(|&c| 3 * card_value(c) - 2).sum()
}

/// §3.2: "mindestens 35 Punkte und 2 Karten" = 35 2/3 = 107 thirds.
fn at_least_35_2(t: i32) -> bool {
    t >= 35 * 3 + 2
}

// ------------------------------------------------------------------ §5, §9.2: values

/// §5 master table; the Sechser is "+4 (−8)" [L693].
fn game_value(c: Contract, won: bool) -> i32 {
    use Contract::*;
    match c {
        Trischaken | Rufer | Besserrufer => 1,
        Zwiccolo | Piccolo | Bettler | Solorufer => 2,
        Farbendreier => 3,
        Sechser if won => 4,
        Sechser => 8,
        Dreier => 4,
        Farbensolo | PiccoloOuvert => 6,
        BettlerOuvert => 7,
        Solodreier => 8,
    }
}

/// §9.2 table, copied row by row from the game sheets: (announced, silent); None = "—".
/// König ultimo in Sechser/Dreier is not available (A16, the project default).
fn premium_value(c: Contract, p: Premium) -> Option<(i32, i32)> {
    use Contract::*;
    use Premium::*;
    let row: [Option<(i32, i32)>; 7] = match c {
        // Pagat, Uhu, Kakadu, König ultimo, 4 Könige, Trull, Valat
        Rufer | Besserrufer => [
            Some((2, 1)),
            Some((4, 2)),
            Some((6, 3)),
            Some((2, 1)),
            Some((2, 1)),
            Some((2, 1)),
            Some((8, 4)),
        ],
        Solorufer => [
            Some((4, 2)),
            Some((8, 4)),
            Some((12, 6)),
            Some((4, 2)),
            Some((4, 2)),
            Some((4, 2)),
            Some((16, 8)),
        ],
        Farbendreier => [None, None, None, None, Some((2, 1)), None, Some((24, 12))],
        Sechser | Dreier => [
            Some((2, 1)),
            Some((4, 2)),
            Some((6, 3)),
            None,
            Some((2, 1)),
            Some((2, 1)),
            Some((32, 16)),
        ],
        Farbensolo => [None, None, None, None, Some((4, 2)), None, Some((48, 24))],
        Solodreier => [
            Some((4, 2)),
            Some((8, 4)),
            Some((12, 6)),
            None,
            Some((4, 2)),
            Some((4, 2)),
            Some((64, 32)),
        ],
        _ => [None; 7],
    };
    let i = match p {
        Pagat => 0,
        Uhu => 1,
        Kakadu => 2,
        KoenigUltimo => 3,
        VierKoenige => 4,
        Trull => 5,
        Valat => 6,
    };
    row[i]
}

// ------------------------------------------------------------------ what happened

/// The facts of a finished deal, read from the deck and the history.
struct Facts {
    contract: Contract,
    declarers: Vec<u8>,
    declarer: u8,
    vorhand: u8,
    dealt: [Vec<Card>; 4],
    talon: [Vec<Card>; 2],
    called: Option<Card>,
    schleifen: bool,
    half: Option<usize>,
    discard: Vec<Card>,
    announced: Vec<(Premium, u8)>,
    /// Kontra calls in order: (seat, action).
    doublings: Vec<(u8, Action)>,
    /// Tricks: (cards with their players, winner).
    tricks: Vec<(Vec<(u8, Card)>, u8)>,
}

impl Facts {
    fn of(d: &Deal) -> Facts {
        // §4.5: 6 cards each from the Vorhand, the two talon halves of 3, then 6 more each.
        let vorhand = (d.state().dealer() + 1) % 4;
        let mut dealt: [Vec<Card>; 4] = Default::default();
        let mut talon: [Vec<Card>; 2] = Default::default();
        let mut it = d.deck().iter().copied();
        for round in 0..2 {
            for k in 0..4 {
                let seat = ((vorhand + k) % 4) as usize;
                dealt[seat].extend(it.by_ref().take(6));
            }
            if round == 0 {
                talon[0].extend(it.by_ref().take(3));
                talon[1].extend(it.by_ref().take(3));
            }
        }
        let s = d.state();
        let mut f = Facts {
            contract: s.contract().expect("a game"),
            declarers: (0..4).filter(|&x| s.declarers() & (1 << x) != 0).collect(),
            declarer: s.declarer(),
            vorhand,
            dealt,
            talon,
            called: None,
            schleifen: false,
            half: None,
            discard: Vec::new(),
            announced: Vec::new(),
            doublings: Vec::new(),
            tricks: Vec::new(),
        };
        let mut trick = Vec::new();
        for &(who, a) in d.history() {
            match a {
                Action::CallKing(k) => f.called = Some(k),
                Action::Schleifen => f.schleifen = true,
                Action::TakeHalf(h) => f.half = Some(h as usize),
                Action::Discard(c) => f.discard.push(c),
                Action::Announce(p) => f.announced.push((p, who)),
                Action::Kontra(_) | Action::Re(..) | Action::Subkontra(_) => {
                    f.doublings.push((who, a))
                }
                Action::Play(c) => {
                    trick.push((who, c));
                    if trick.len() == 4 {
                        let t = f.tricks.len();
                        f.tricks
                            .push((std::mem::take(&mut trick), s.play().winners[t]));
                    }
                }
                _ => {}
            }
        }
        assert!(trick.is_empty(), "a deal ends after a whole trick");
        f
    }

    /// §7.1: the holder of the called king, if another player held it at the deal. A called king
    /// in the talon means the declarer plays alone (§7.2).
    fn partner(&self) -> Option<u8> {
        let k = self.called?;
        (0..4u8).find(|&s| s != self.declarer && self.dealt[s as usize].contains(&k))
    }

    fn king_in_talon(&self) -> bool {
        self.called
            .is_some_and(|k| self.talon.iter().any(|h| h.contains(&k)))
    }

    fn tricks_of(&self, seat: u8) -> usize {
        self.tricks.iter().filter(|t| t.1 == seat).count()
    }
}

// ------------------------------------------------------------------ §15.2: paying an item

/// One item of value `v` owned by the seats `owner`, won or lost; `m` = the doubling factor of
/// each seat of the other side. 1 against 3: each of the three pays or receives `v × m_i`. The
/// mirror (three own, one against): each of the three receives or pays `v × m` of the single
/// one. 2 against 2: each of the other side pays `v × m_i`, each owner gets half of the sum.
fn pay(bal: &mut [i32; 4], owner: &[u8], v: i32, won: bool, m: [i32; 4]) {
    let other: Vec<u8> = (0..4).filter(|s| !owner.contains(s)).collect();
    let sign = if won { 1 } else { -1 };
    match (owner.len(), other.len()) {
        (1, 3) => {
            for &k in &other {
                bal[k as usize] -= sign * v * m[k as usize];
                bal[owner[0] as usize] += sign * v * m[k as usize];
            }
        }
        (3, 1) => {
            let k = other[0] as usize;
            for &o in owner {
                bal[o as usize] += sign * v * m[k];
                bal[k] -= sign * v * m[k];
            }
        }
        (2, 2) => {
            let total: i32 = other.iter().map(|&k| v * m[k as usize]).sum();
            assert_eq!(total % 2, 0, "2 against 2 splits into whole points");
            for &k in &other {
                bal[k as usize] -= sign * v * m[k as usize];
            }
            for &o in owner {
                bal[o as usize] += sign * total / 2;
            }
        }
        _ => unreachable!(),
    }
}

// ------------------------------------------------------------------ §10: doubling factors

/// The factor of each seat against an item. Positive games: a Kontra and a Re apply for all
/// players [L278, L288], a Subkontra only for the player who says it [L294]. Negative games: all
/// per player [L278, L288, L294]. Maximum ×8 [L298].
fn factors(f: &Facts, item: Item, against: &[u8]) -> [i32; 4] {
    let mut level = [0u32; 4];
    let positive = f.contract.is_positive();
    for &(who, a) in &f.doublings {
        match a {
            Action::Kontra(i) if i == item => {
                if positive {
                    for &s in against {
                        level[s as usize] = 1;
                    }
                } else {
                    level[who as usize] = 1;
                }
            }
            Action::Re(i, k) if i == item => {
                if positive {
                    for l in level.iter_mut().filter(|l| **l == 1) {
                        *l = 2;
                    }
                } else {
                    level[k as usize] = 2;
                }
            }
            Action::Subkontra(i) if i == item => level[who as usize] = 3,
            _ => {}
        }
    }
    // §7.2 / A15: a Solorufer whose called king lies in the talon voids every Kontra.
    if f.contract == Contract::Solorufer && f.king_in_talon() {
        level = [0; 4];
    }
    level.map(|l| 1 << l)
}

// ------------------------------------------------------------------ the oracle

fn settle(f: &Facts) -> [i32; 4] {
    let mut bal = [0; 4];
    let c = f.contract;
    if f.schleifen {
        // §7.2, A13: the declarer pays each other player the game (Rufer 1; Besserrufer 1 + the
        // announced birds).
        let birds: i32 = f
            .announced
            .iter()
            .filter_map(|&(p, _)| match p {
                Premium::Pagat | Premium::Uhu | Premium::Kakadu => premium_value(c, p),
                _ => None,
            })
            .map(|v| v.0)
            .sum();
        pay(&mut bal, &[f.declarer], 1 + birds, false, [1; 4]);
        return bal;
    }
    if c == Contract::Trischaken {
        return trischaken(f);
    }
    if c.is_negative() {
        // §13: Zwiccolo exactly 2 tricks, Piccolo (ouvert) exactly 1, Bettler (ouvert) none; each
        // bei-player against each of the three others (A11).
        let target = match c {
            Contract::Zwiccolo => 2,
            Contract::Piccolo | Contract::PiccoloOuvert => 1,
            _ => 0,
        };
        for &d in &f.declarers {
            let won = f.tricks_of(d) == target;
            let against: Vec<u8> = (0..4).filter(|&s| s != d).collect();
            let m = factors(f, Item::Game(d), &against);
            pay(&mut bal, &[d], game_value(c, won), won, m);
        }
        return bal;
    }
    // Positive games. The party: declarer and partner (§1), or the declarer alone.
    let team: Vec<u8> = std::iter::once(f.declarer).chain(f.partner()).collect();
    let opp: Vec<u8> = (0..4).filter(|s| !team.contains(s)).collect();
    let side_of = |s: u8| if team.contains(&s) { &team } else { &opp };
    // §8.4: the discard counts for the declarer; the untaken half for the opponents; solo games
    // give the whole talon to the opponents, except the Solorufer king packet; the Sechser
    // declarer took all six.
    let mut team_pile = f.discard.clone();
    let mut opp_pile = Vec::new();
    for (cards, w) in &f.tricks {
        let pile = if team.contains(w) {
            &mut team_pile
        } else {
            &mut opp_pile
        };
        pile.extend(cards.iter().map(|x| x.1));
    }
    match c {
        Contract::Rufer | Contract::Besserrufer | Contract::Dreier | Contract::Farbendreier => {
            opp_pile.extend(&f.talon[1 - f.half.expect("a half taken")]);
        }
        Contract::Sechser => {}
        _ => {
            for half in &f.talon {
                if c == Contract::Solorufer && f.called.is_some_and(|k| half.contains(&k)) {
                    team_pile.extend(half);
                } else {
                    opp_pile.extend(half);
                }
            }
        }
    }
    assert_eq!(team_pile.len() + opp_pile.len(), 54);
    // Who achieved a premium (§9.3).
    let achieved = |p: Premium| -> Option<&Vec<u8>> {
        let bird = |card: Card, trick: usize| {
            let (cards, w) = &f.tricks[trick];
            let (who, _) = cards.iter().find(|x| x.1 == card)?;
            (who == w).then(|| side_of(*who))
        };
        match p {
            Premium::Pagat => bird(Card::PAGAT, 11),
            Premium::Uhu => bird(Card::from_index(1), 10),
            Premium::Kakadu => bird(Card::from_index(2), 9),
            Premium::KoenigUltimo => {
                f.partner()?;
                let (cards, w) = &f.tricks[11];
                (cards.iter().any(|x| Some(x.1) == f.called) && team.contains(w)).then_some(&team)
            }
            Premium::Trull | Premium::VierKoenige => {
                let set: Vec<Card> = if p == Premium::Trull {
                    vec![Card::SKUS, Card::T21, Card::PAGAT]
                } else {
                    Card::all()
                        .filter(|x| x.is_king() && x.suit().is_some())
                        .collect()
                };
                if set.iter().all(|x| team_pile.contains(x)) {
                    Some(&team)
                } else if set.iter().all(|x| opp_pile.contains(x)) {
                    Some(&opp)
                } else {
                    None
                }
            }
            Premium::Valat => team
                .iter()
                .map(|&s| f.tricks_of(s))
                .sum::<usize>()
                .eq(&12)
                .then_some(&team),
        }
    };
    let announcer = |p: Premium| f.announced.iter().find(|x| x.0 == p).map(|x| x.1);
    let valat_made = achieved(Premium::Valat).is_some();
    // §9.5: an announced valat replaces the game; a silent valat replaces the game and every
    // silent premium; the game is otherwise won with 35/2 (§3.2, §13).
    if announcer(Premium::Valat).is_some() {
        let v = premium_value(c, Premium::Valat).unwrap().0;
        let m = factors(f, Item::Premium(Premium::Valat), &opp);
        pay(&mut bal, &team, v, valat_made, m);
    } else if valat_made {
        let v = premium_value(c, Premium::Valat).unwrap().1;
        pay(&mut bal, &team, v, true, [1; 4]);
    } else {
        let won = at_least_35_2(thirds(&team_pile));
        let m = factors(f, Item::Game(f.declarer), &opp);
        pay(&mut bal, &team, game_value(c, won), won, m);
    }
    for p in [
        Premium::Pagat,
        Premium::Uhu,
        Premium::Kakadu,
        Premium::KoenigUltimo,
        Premium::Trull,
        Premium::VierKoenige,
    ] {
        let Some((open, silent)) = premium_value(c, p) else {
            assert!(announcer(p).is_none(), "{p} announced in a {c}");
            continue;
        };
        let by = achieved(p);
        if let Some(a) = announcer(p) {
            // An announced premium belongs to the announcer's party and is won or lost (§9.3).
            let owner = side_of(a).clone();
            let against: Vec<u8> = (0..4).filter(|s| !owner.contains(s)).collect();
            let m = factors(f, Item::Premium(p), &against);
            pay(&mut bal, &owner, open, by == Some(&owner), m);
        } else if !valat_made {
            // A19: a silent premium only scores when made.
            if let Some(owner) = by {
                pay(&mut bal, &owner.clone(), silent, true, [1; 4]);
            }
        }
    }
    bal
}

/// §14 with A27 and the project's defaults (docs/rules/koenigrufen.md §14): the player with the most points pays
/// each other 1, doubled with more than 35/1, doubled if he is the Vorhand; a Jungfrau (no trick)
/// receives the whole payment alone, each of two or three Jungfrauen the whole; two tied for the
/// most lose 3 each to the other two (a Jungfrau takes the whole tie payment); three tied pay 3
/// each to the fourth.
fn trischaken(f: &Facts) -> [i32; 4] {
    let mut piles: [Vec<Card>; 4] = Default::default();
    for (cards, w) in &f.tricks {
        piles[*w as usize].extend(cards.iter().map(|x| x.1));
    }
    // [L204, L489]: the six talon cards go to the winner of the last trick.
    let last = f.tricks[11].1 as usize;
    piles[last].extend(f.talon.iter().flatten());
    let pts: Vec<i32> = piles.iter().map(|p| thirds(p)).collect();
    let max = *pts.iter().max().unwrap();
    let most: Vec<usize> = (0..4).filter(|&s| pts[s] == max).collect();
    let jungfrauen: Vec<usize> = (0..4).filter(|&s| f.tricks_of(s as u8) == 0).collect();
    let mut bal = [0; 4];
    let mut transfer = |from: usize, to: usize, x: i32| {
        bal[from] -= x;
        bal[to] += x;
    };
    match most.len() {
        1 => {
            let l = most[0];
            let mut unit = 1;
            if at_least_35_2(max) {
                unit *= 2;
            }
            if l as u8 == f.vorhand {
                unit *= 2;
            }
            if jungfrauen.is_empty() {
                for s in (0..4).filter(|&s| s != l) {
                    transfer(l, s, unit);
                }
            } else {
                for &j in &jungfrauen {
                    transfer(l, j, 3 * unit);
                }
            }
        }
        2 => {
            let others: Vec<usize> = (0..4).filter(|s| !most.contains(s)).collect();
            if jungfrauen.is_empty() {
                // "verlieren beide jeweils 3 an die beiden anderen": −3, −3, +3, +3.
                for &t in &most {
                    bal[t] -= 3;
                }
                for &o in &others {
                    bal[o] += 3;
                }
            } else {
                for &j in &jungfrauen {
                    for &t in &most {
                        transfer(t, j, 3);
                    }
                }
            }
        }
        3 => {
            let fourth = (0..4).find(|s| !most.contains(s)).unwrap();
            for &t in &most {
                transfer(t, fourth, 3);
            }
        }
        _ => unreachable!("210 thirds do not split four ways"),
    }
    bal
}

// ------------------------------------------------------------------ the comparison

fn engine(d: &Deal) -> [i32; 4] {
    let b = d.balances();
    [b.players[0], b.players[1], b.players[2], b.players[3]]
}

fn describe(d: &Deal) -> String {
    let h: Vec<String> = d
        .history()
        .iter()
        .map(|(s, a)| format!("P{s} {a}"))
        .collect();
    format!(
        "dealer {} contract {:?}\n{}\nengine lines:\n{}",
        d.state().dealer(),
        d.state().contract(),
        h.join(", "),
        d.settlement()
            .iter()
            .map(|l| format!("  {:?} -> {:?} {} {}", l.from, l.to, l.amount, l.reason))
            .collect::<Vec<_>>()
            .join("\n")
    )
}

#[test]
fn the_engine_settles_every_contract_like_the_plain_reading() {
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    let mut count = |k: &'static str| *seen.entry(k).or_insert(0) += 1;
    for seed in 0..4_200u64 {
        let target = Contract::ALL[(seed % 14) as usize];
        let d = steered_deal(Ruleset::spieleversum(), seed, target, |_| {});
        let f = Facts::of(&d);
        let want = settle(&f);
        assert_eq!(
            engine(&d),
            want,
            "seed {seed} (target {target:?}):\n{}",
            describe(&d)
        );
        assert_eq!(want.iter().sum::<i32>(), 0, "seed {seed}: zero-sum");
        // Coverage: what the random deals reached.
        count(f.contract.name());
        if f.schleifen {
            count("schleifen");
        }
        if f.declarers.len() > 1 {
            count("bei");
        }
        if f.partner().is_some() {
            count("2 against 2");
        }
        if f.contract.calls_king() && f.king_in_talon() && !f.schleifen {
            count("king in talon, played alone");
        }
        if !f.announced.is_empty() {
            count("announcement");
        }
        if f.announced.iter().any(|x| x.0 == Premium::Valat) {
            count("announced valat");
        }
        for &(_, a) in &f.doublings {
            count(match a {
                Action::Kontra(_) => "kontra",
                Action::Re(..) => "re",
                _ => "subkontra",
            });
        }
    }
    for c in Contract::ALL {
        assert!(seen.get(c.name()).copied().unwrap_or(0) >= 30, "{seen:?}");
    }
    for k in [
        "schleifen",
        "bei",
        "2 against 2",
        "king in talon, played alone",
        "announcement",
        "announced valat",
        "kontra",
        "re",
        "subkontra",
    ] {
        assert!(seen.get(k).copied().unwrap_or(0) >= 10, "{k}: {seen:?}");
    }
}

/// §18 [L424, L426] and §17: a session's score sheet carries each deal's settlement in the
/// playing seats, 0 for those who sit out, and every round is zero-sum.
#[test]
fn the_score_sheet_carries_the_plain_settlement_at_5_and_6_players() {
    for players in [4usize, 5, 6] {
        let mut session = Session::new(Ruleset::spieleversum(), players, 0).unwrap();
        let mut want = vec![0i32; players];
        for k in 0..40u64 {
            let dealer = session.dealer;
            let seating = session.seating();
            // §17: 5 players, the dealer sits out; 6 players, the dealer and the third after him.
            let out: Vec<usize> = match players {
                4 => vec![],
                5 => vec![dealer],
                _ => vec![dealer, (dealer + 3) % 6],
            };
            assert_eq!(seating.sitting_out, out);
            let seed = 10_000 + 100 * players as u64 + k;
            let target = Contract::ALL[(k % 14) as usize];
            let mut d = session.new_deal(seed);
            // Replay the steered actions on the session's deal (same seed, same dealer seat).
            let steered = steered_deal(Ruleset::spieleversum(), seed, target, |_| {});
            if steered.state().dealer() == d.state().dealer() {
                for &(_, a) in steered.history() {
                    d.apply(a).unwrap();
                }
            } else {
                let mut rng = tarok_core::DealRng::derive(seed, 1);
                d.play_randomly(&mut rng);
            }
            let bal = settle(&Facts::of(&d));
            for (deal_seat, &t) in seating.table_seats.iter().enumerate() {
                assert!(!out.contains(&t));
                want[t] += 2 * bal[deal_seat];
            }
            session.finish_deal(&d).unwrap();
            let row = &session.sheet.rounds.last().unwrap().halves;
            assert_eq!(row.iter().sum::<i32>(), 0, "§18.2: a round is zero-sum");
            for &t in &out {
                assert_eq!(row[t], 0, "a seat sitting out scores nothing");
            }
            // §4.3 A4: the deal passes counter-clockwise.
            assert_eq!(session.dealer, (dealer + 1) % players);
        }
        assert_eq!(session.sheet.totals(), want, "{players} players");
    }
}

/// §16.1 [L364, L494, L647]: the offender pays each other player W = the game with its Kontra
/// factor plus every openly announced premium with its factor, "as if they had won"; Trischaken 3
/// each (6 for the Trischaker); Besserrufer without a bird 3 each. Sechser: 8 by the declarer, 4
/// by an opponent (A32).
#[test]
fn renonce_entries_match_the_plain_penalty() {
    let sw = Ruleset::spieleversum().switches;
    let mut rng = tarok_core::DealRng::seed(77);
    for _ in 0..2_000 {
        let c = Contract::ALL[rng.below(14) as usize];
        if c == Contract::Trischaken {
            let (o, v) = (rng.below(4) as u8, rng.below(4) as u8);
            let each = if o == v { 6 } else { 3 };
            let got = renonce_halves(
                &Renonce::Trischaken {
                    offender: o,
                    vorhand: v,
                },
                &sw,
            );
            for (s, &g) in got.iter().enumerate() {
                let want = if s == o as usize { -3 * each } else { each };
                assert_eq!(g, 2 * want);
            }
            continue;
        }
        let offender = rng.below(4) as u8;
        let declarer = rng.below(4) as u8;
        let game_level = rng.below(4) as u8;
        let mut announced = Vec::new();
        let mut w = if c == Contract::Sechser {
            if offender == declarer {
                8
            } else {
                4
            }
        } else {
            game_value(c, true)
        } << game_level;
        for p in Premium::ALL {
            if p == Premium::Valat {
                continue;
            }
            if let Some((open, _)) = premium_value(c, p) {
                if rng.below(3) == 0 {
                    let l = rng.below(4) as u8;
                    announced.push((p, l));
                    w += open << l;
                }
            }
        }
        let got = renonce_halves(
            &Renonce::Game {
                contract: c,
                offender,
                declarer,
                game_level,
                announced,
            },
            &sw,
        );
        for s in 0..4u8 {
            let want = if s == offender { -3 * w } else { w };
            assert_eq!(got[s as usize], 2 * want, "{c:?} offender {offender}");
        }
    }
    let got = renonce_halves(&Renonce::BesserruferWithoutBird { offender: 2 }, &sw);
    assert_eq!(got, [6, 6, -18, 6], "3x3 [L647]");
}
