//! The score sheets of Königrufen and the games of 1829: deals entered by hand, in the hand
//! syntax, give the same sheet as the same deals played by the engine.

use proptest::prelude::*;
use tarok_core::{DealRng, Party};
use tarok_games::AnyDeal;
use tarok_historic as hist;
use tarok_koenigrufen as kr;
use tarok_koenigrufen::table::Renonce;
use tarok_koenigrufen::{Action, Contract, Item, Premium};
use tarok_ledger::store::Store;
use tarok_ledger::{Sheet, SheetEntry};

const KR: &str = "at-koenigrufen-spieleversum";

fn names(n: usize) -> Vec<String> {
    ["Anna", "Bent", "Carl", "Dorte", "Erik", "Frida"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Plays the engine session's next deal from `seed` with random legal actions; `eager` takes
/// every announcement and Kontra offered, so that premiums are announced and kontra'd.
fn play(session: &kr::table::Session, seed: u64, eager: bool) -> kr::Deal {
    let mut deal = session.new_deal(seed);
    let mut rng = DealRng::derive(seed, 1);
    while !deal.is_over() {
        let legal = deal.legal_actions();
        let keen = legal.iter().copied().find(|a| {
            matches!(a, Action::Kontra(Item::Premium(_)) | Action::Announce(_))
                && !matches!(a, Action::Announce(Premium::Valat))
        });
        let a = match keen {
            Some(a) if eager => a,
            _ => kr::random_action(deal.state(), &legal, &mut rng),
        };
        deal.apply(a).expect("legal");
    }
    deal
}

fn hand(text: impl Into<String>) -> SheetEntry {
    SheetEntry {
        text: text.into(),
        record: None,
    }
}

/// Enters the engine's deal on the sheet by hand: its facts written in the hand syntax, read
/// back. Returns the text.
fn enter_by_hand(sheet: &mut Sheet, deal: &kr::Deal) -> String {
    let text = sheet
        .text_of(&AnyDeal::Koenigrufen(Box::new(deal.clone())), &sheet.next())
        .unwrap();
    sheet
        .enter(hand(text.clone()))
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    /// Random engine-played deals at 4, 5 and 6 players, some with every announcement and
    /// Kontra taken, and Renonces between them: the sheet of the hand entries is the engine's.
    #[test]
    fn koenigrufen_by_hand_is_the_engines_sheet(
        players in 4usize..=6,
        first in 0usize..6,
        seed in any::<u64>(),
        deals in 1usize..10,
        renonce_at in 0usize..10,
    ) {
        let rs = kr::Ruleset::spieleversum();
        let first = first % players;
        let mut engine = kr::table::Session::new(rs, players, first).unwrap();
        let mut sheet = Sheet::new(KR, names(players), first).unwrap();
        for i in 0..deals {
            if i == renonce_at {
                let s = engine.seating();
                // The Vorhand's Dreier, kontra'd, with an announced Pagat; deal seat 2 renounces.
                let name = |k: usize| names(players)[s.table_seats[k]].clone();
                let text = format!("renonce {} dreier {} kontra; pagat", name(2), name(0));
                engine.enter_renonce(
                    &Renonce::Game {
                        contract: Contract::Dreier,
                        offender: 2,
                        declarer: 0,
                        game_level: 1,
                        announced: vec![(Premium::Pagat, 0)],
                    },
                    &text,
                );
                sheet.enter(hand(text)).unwrap();
            }
            let deal = play(&engine, seed.wrapping_add(i as u64), (seed >> i) & 1 == 1);
            engine.finish_deal(&deal).unwrap();
            let text = enter_by_hand(&mut sheet, &deal);
            prop_assert_eq!(
                &sheet.koenigrufen_sheet().unwrap().rounds,
                &engine.sheet.rounds,
                "{}\n{:?}",
                text,
                deal.settlement()
            );
        }
        prop_assert_eq!(sheet.totals(), engine.sheet.totals());
    }
}

/// The first seed from `from` whose deal, played for the session's next seating, fits `want`.
fn find(
    engine: &kr::table::Session,
    from: u64,
    eager: bool,
    want: impl Fn(&kr::Deal) -> bool,
) -> kr::Deal {
    (from..from + 5000)
        .map(|seed| play(engine, seed, eager))
        .find(|d| want(d))
        .expect("such a deal within 5000 seeds")
}

fn contract(d: &kr::Deal) -> Option<Contract> {
    d.state().contract()
}

fn premium_kontra(d: &kr::Deal) -> bool {
    Premium::ALL.iter().any(|&p| {
        d.state()
            .kontra_levels(Item::Premium(p))
            .iter()
            .any(|&l| l > 0)
    })
}

/// An evening of 8 deals at 5 players entered by hand through the store (a Bettler or Piccolo,
/// a Kontra'd premium, a Renonce, a Trischaken among them) gives the engine's sheet; undo takes
/// back the last deal and the sheet is the engine's of 7.
#[test]
fn an_evening_of_eight_by_hand_is_the_engines_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(dir.path().join("club.sqlite")).unwrap();
    let rs = kr::Ruleset::spieleversum();
    let mut engine = kr::table::Session::new(rs, 5, 0).unwrap();
    let sheet = Sheet::new(KR, names(5), 0).unwrap();
    let id = store.write(|t| t.create_sheet(&sheet)).unwrap();
    type Want = fn(&kr::Deal) -> bool;
    let wants: [(bool, Want); 7] = [
        (false, |d| contract(d) == Some(Contract::Rufer)),
        (false, |d| {
            matches!(contract(d), Some(Contract::Bettler | Contract::Piccolo))
        }),
        (true, premium_kontra),
        (false, |d| contract(d) == Some(Contract::Trischaken)),
        (false, |d| contract(d).is_some_and(|c| c.is_negative())),
        (true, |d| contract(d).is_some_and(|c| c.is_positive())),
        (false, |_| true),
    ];
    let mut texts = Vec::new();
    let mut seed = 0;
    for (k, (eager, want)) in wants.into_iter().enumerate() {
        if k == 3 {
            // Deal 4: a Renonce by deal seat 1 in the Vorhand's Rufer, Re on the game and a
            // kontra'd Pagat.
            let s = engine.seating();
            let name = |k: usize| names(5)[s.table_seats[k]].clone();
            let text = format!("renonce {} rufer {} re; pagat kontra", name(1), name(0));
            engine.enter_renonce(
                &Renonce::Game {
                    contract: Contract::Rufer,
                    offender: 1,
                    declarer: 0,
                    game_level: 2,
                    announced: vec![(Premium::Pagat, 1)],
                },
                &text,
            );
            store
                .write(|t| t.enter_sheet(id, |_| Ok(hand(text.clone()))))
                .unwrap();
            texts.push(text);
        }
        let deal = find(&engine, seed, eager, want);
        seed = deal.seed().unwrap() + 1;
        engine.finish_deal(&deal).unwrap();
        let s = store
            .write(|t| {
                t.enter_sheet(id, |s| {
                    let text = s.text_of(&AnyDeal::Koenigrufen(Box::new(deal.clone())), &s.next());
                    Ok(hand(text.unwrap()))
                })
            })
            .unwrap();
        texts.push(s.deals.last().unwrap().entry.text.clone());
    }
    assert_eq!(texts.len(), 8);
    let all = texts.join("\n");
    assert!(all.contains("renonce"), "{all}");
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("bettler") || t.starts_with("piccolo")),
        "{all}"
    );
    // A premium clause with a Kontra on it: "; PREMIUM announced NAME made|failed kontra".
    assert!(
        texts.iter().filter(|t| !t.starts_with("renonce")).any(|t| t
            .split("; ")
            .skip(1)
            .any(|c| c.contains(" kontra") || c.contains(" re "))),
        "{all}"
    );
    let read = store.read(|t| t.load_sheet(id)).unwrap();
    assert_eq!(
        read.koenigrufen_sheet().unwrap().rounds,
        engine.sheet.rounds
    );
    assert_eq!(read.deals.len(), 8);

    let (_, after, removed) = store.write(|t| t.undo_sheet(id)).unwrap();
    assert_eq!(removed.number, 8);
    assert_eq!(
        after.koenigrufen_sheet().unwrap().rounds,
        engine.sheet.rounds[..7]
    );
    let read = store.read(|t| t.load_sheet(id)).unwrap();
    assert_eq!(read.totals(), after.totals());
    assert_eq!(
        read.next(),
        after.next(),
        "the deal passes back to deal 8's dealer"
    );
}

/// Refused entries say why and leave the sheet as it was.
#[test]
fn impossible_koenigrufen_entries_are_refused_with_the_rule() {
    let mut sheet = Sheet::new(KR, names(5), 0).unwrap();
    // At 5 players Anna deals and sits out; Bent is the Vorhand.
    for (text, why) in [
        ("bettler Bent+Carl won", "Bettler is played alone"),
        (
            "piccolo Carl won; trull made Carl",
            "Trull is no premium of a Piccolo",
        ),
        (
            "rufer Anna+Bent won",
            "Anna sits out this deal (Spieleversum §17",
        ),
        (
            "rufer Carl+Bent won",
            "Rufer may only be played by the Vorhand",
        ),
        (
            "rufer Bent+Carl won kontra Carl",
            "only the other side may kontra",
        ),
        (
            "rufer Bent+Carl won; trull made Dorte kontra",
            "only an announced premium can be kontra'd",
        ),
        (
            "dreier Bent valat; valat announced Dorte",
            "Valat only by the declarer's party",
        ),
        (
            "trischaken Bent=20 Carl=20 Dorte=20 Erik=20",
            "add up to the whole pack, 70/0",
        ),
        ("bettler Bent schleifen", "is not a result of a Bettler"),
        (
            "solo Bent won; pagat announced Bent failed re Carl",
            "whole other side",
        ),
    ] {
        let err = sheet.enter(hand(text)).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
        assert!(
            err.starts_with("the entry is refused, nothing was entered"),
            "{err}"
        );
        assert!(sheet.deals.is_empty());
    }
    // And what is possible enters.
    sheet.enter(hand("bettler Carl won kontra Dorte")).unwrap();
    // Carl's Bettler (2) won: Bent and Erik pay 2, Dorte, who said Kontra, 4 (half points).
    assert_eq!(sheet.deals[0].halves, vec![0, -4, 16, -8, -4]);
}

/// Partners: six Partier of 4 deals played by the engine, entered by hand as their side
/// counts, pay the engine's Partie payments; en deux: a Partie to 100 likewise.
#[test]
fn partier_of_1829_by_hand_pay_as_played() {
    for preset in ["dk-1829-partners", "dk-1829-en-deux"] {
        let rules = hist::Ruleset::preset(preset).unwrap();
        for seed in 0..8u64 {
            let n = rules.players() as usize;
            let first = (seed % n as u64) as usize * usize::from(n == 2);
            let mut game = hist::session::WholeGame::new(rules, first as u8).unwrap();
            let mut sheet = Sheet::new(preset, names(n), first).unwrap();
            let mut k = 0;
            while let Some(dealer) = game.next_dealer() {
                let (deal, _) = hist::family::random_record_dealt(rules, seed * 1000 + k, dealer);
                k += 1;
                if deal.phase() != hist::Phase::Over {
                    continue;
                }
                let any = AnyDeal::Historic(deal);
                let text = sheet.text_of(&any, &sheet.next()).unwrap();
                sheet.enter(hand(text)).unwrap();
                game.add(deal).unwrap();
            }
            // The engine's Partie payments between persons (the deals' own honours, Pagat and
            // Volata are not on the sheet).
            let mut want = vec![0; n];
            let partie_lines = match &game {
                hist::session::WholeGame::Partners(g) => g
                    .partier()
                    .iter()
                    .flat_map(|(seats, p)| {
                        hist::session::PartnersGame::partie_settlement(seats, p, &rules)
                    })
                    .collect::<Vec<_>>(),
                hist::session::WholeGame::EnDeux(p) => p.settlement().into_iter().collect(),
            };
            for l in &partie_lines {
                let (Party::Player(a), Party::Player(b)) = (l.from, l.to) else {
                    panic!("no cups");
                };
                want[a as usize] -= 2 * l.amount;
                want[b as usize] += 2 * l.amount;
            }
            assert_eq!(sheet.totals(), want, "{preset} seed {seed}");
            assert_eq!(sheet.deals.len(), game.deals().len());
            assert_eq!(
                sheet.partie_open(),
                0,
                "{preset} seed {seed}: the game ends a Partie"
            );
        }
    }
}

/// A Partie of the partners entered by hand: Anna and Bent make 50 of 72 four times: a
/// surplus of 56 (a Reale, 002 L254-262) against none (double): triple, each loser pays each
/// winner half the stake three times.
#[test]
fn a_partie_by_hand_is_paid_triple() {
    let rules = hist::Ruleset::preset("dk-1829-partners").unwrap();
    let mut sheet = Sheet::new("dk-1829-partners", names(4), 0).unwrap();
    // The first pairing seats Anna and Bent opposite (seats 0 and 2), partners (JC-26).
    for _ in 0..3 {
        sheet.enter(hand("Anna+Bent=50 Carl+Dorte=22")).unwrap();
        assert_eq!(sheet.totals(), vec![0; 4], "paid when the Partie ends");
    }
    let err = sheet.enter(hand("Anna+Carl=50 Bent+Dorte=22")).unwrap_err();
    assert!(err.to_string().contains("not a side of this deal"), "{err}");
    let err = sheet.enter(hand("Anna+Bent=50 Carl+Dorte=20")).unwrap_err();
    assert!(err.to_string().contains("add up to 72"), "{err}");
    sheet.enter(hand("Carl+Dorte=22 Bent+Anna=50")).unwrap();
    // Each loser pays each winner half the stake, three times; in half points.
    let each = 2 * 2 * (rules.partie_stake / 2 * 3);
    assert_eq!(sheet.totals(), vec![each, each, -each, -each]);
    assert!(
        sheet.deals[3].note.contains("won by Anna+Bent ×3"),
        "{}",
        sheet.deals[3].note
    );
    // The second Partie keeps the pairing; the third pairs Anna with Carl.
    assert_eq!(sheet.next().seats, vec![0, 2, 1, 3]);
}

/// A stored sheet is checked when it is loaded: points changed behind the program's back are
/// named; a sheet of another rules version is shown as stored and takes no new deal.
#[test]
fn a_stored_sheet_is_checked_and_another_rules_version_is_kept_as_stored() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite");
    let mut store = Store::open(&path).unwrap();
    let sheet = Sheet::new(KR, names(4), 0).unwrap();
    let id = store.write(|t| t.create_sheet(&sheet)).unwrap();
    store
        .write(|t| t.enter_sheet(id, |_| Ok(hand("rufer Bent+Dorte won"))))
        .unwrap();
    let db = rusqlite::Connection::open(&path).unwrap();
    let row: String = db
        .query_row("SELECT entry FROM deals WHERE session = ?1", [id], |r| {
            r.get(0)
        })
        .unwrap();
    let tampered = row.replace("[-2,2,-2,2]", "[-4,4,-4,4]");
    assert_ne!(row, tampered, "{row}");
    db.execute("UPDATE deals SET entry = ?1", [&tampered])
        .unwrap();
    let err = store.read(|t| t.load_sheet(id)).unwrap_err().to_string();
    assert!(err.contains("deal 1 now scores [-2, 2, -2, 2]"), "{err}");

    db.execute("UPDATE sessions SET rules_version = 0", [])
        .unwrap();
    let s = store.read(|t| t.load_sheet(id)).unwrap();
    assert!(s.rules_note().unwrap().contains("rules version 0"));
    assert_eq!(s.totals(), vec![-4, 4, -4, 4], "the stored points");
    let err = store
        .write(|t| t.enter_sheet(id, |_| Ok(hand("rufer Carl won"))))
        .unwrap_err()
        .to_string();
    assert!(err.contains("take no new deal and no undo"), "{err}");
}
