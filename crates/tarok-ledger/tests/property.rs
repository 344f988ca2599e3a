//! Manual entry pays exactly as the engine: for random engine-played deals at tables of 3, 4
//! and 5 in every scheme, the facts written as a club would enter them (names, declarations by
//! name, JSON round trip) give the same payment lines as the engine's own settlement.

use proptest::prelude::*;
use tarok_core::Party;
use tarok_danish::{Action, Preset};
use tarok_ledger::entry::DealEntry;
use tarok_ledger::{Account, Cause, Scheme, Session};

fn names(n: usize) -> Vec<String> {
    ["Anna", "Bent", "Carl", "Dorte", "Erik"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn manual_entry_pays_as_the_engine(
        scheme in prop::sample::select(Scheme::ALL.to_vec()),
        preset in prop::sample::select(Preset::ALL.to_vec()),
        first in 0usize..5,
        seed in any::<u64>(),
        deals in 1usize..8,
    ) {
        let n = scheme.table();
        let mut s = Session::new(preset, Some(scheme), names(n), first % n).unwrap();
        for i in 0..deals {
            let (entry, deal) = s.engine_deal(seed.wrapping_add(i as u64));
            let seating = s.seating();
            // What a club enters: no engine record, read back from JSON.
            let mut manual = entry.clone();
            manual.engine = None;
            let manual: DealEntry = serde_json::from_str(&serde_json::to_string(&manual).unwrap()).unwrap();
            let expected: Vec<(Account, Account, i32, String)> = deal
                .settlement()
                .iter()
                .map(|l| {
                    let acc = |p: Party| match p {
                        Party::Player(x) => Account::Person(seating.seats[x as usize]),
                        Party::Cup(c) => Account::Cup(c),
                    };
                    (acc(l.from), acc(l.to), l.amount, l.reason.to_string())
                })
                .collect();
            let r = s.enter(manual).unwrap();
            let range = r.lines.clone();
            let got: Vec<(Account, Account, i32, String)> = s.lines[range]
                .iter()
                .map(|l| {
                    let reason = match &l.cause {
                        Cause::Deal { reason } => reason.clone(),
                        other => panic!("unexpected {other:?}"),
                    };
                    (l.from, l.to, l.amount, reason)
                })
                .collect();
            prop_assert_eq!(got, expected);
            prop_assert_eq!(s.total(), 0);
            prop_assert!(s.cups.iter().all(|&c| c >= 0));
        }
        s.close().unwrap();
        // Every payment, the split included, is in chips of 5 (000 L331-332), and moves some.
        prop_assert!(s.lines.iter().all(|l| l.amount % 5 == 0 && l.amount > 0));
        prop_assert_eq!(s.total(), 0);
        prop_assert_eq!(s.cups, [0, 0]);
        prop_assert_eq!(s.balances.iter().sum::<i32>(), 0);
    }
}

/// The same comparison over many deals, counting what they covered so that the property is
/// known to meet declarations, in-play payments, bagud and ultimo.
#[test]
fn many_engine_deals_cover_the_payments_and_match() {
    let mut s = Session::new(Preset::Dtf2011, Some(Scheme::Opposite), names(4), 0).unwrap();
    let (mut decl, mut in_play, mut bagud, mut ultimo) = (0, 0, 0, 0);
    for seed in 0..1500u64 {
        let (entry, deal) = s.engine_deal(seed);
        decl += !entry.declarations.is_empty() as u32;
        in_play += !entry.in_play.is_empty() as u32;
        if let Some(e) = &entry.end {
            bagud += !e.bagud.is_empty() as u32;
            ultimo += e.ultimo.is_some() as u32;
        }
        let expected = tarok_danish::record::balances(&deal.settlement());
        let before = s.balances.clone();
        let cups_before = s.cups;
        let seating = s.seating();
        s.enter(entry).unwrap();
        for seat in 0..seating.seats.len() {
            let p = seating.seats[seat];
            assert_eq!(
                s.balances[p] - before[p],
                expected.players[seat],
                "seed {seed}"
            );
        }
        let moved = [s.cups[0] - cups_before[0], s.cups[1] - cups_before[1]];
        assert_eq!(moved, [expected.cups[0], expected.cups[1]], "seed {seed}");
        assert_eq!(s.total(), 0);
    }
    assert!(
        decl > 100 && in_play > 100 && bagud > 10 && ultimo > 0,
        "coverage: decl {decl} in_play {in_play} bagud {bagud} ultimo {ultimo}"
    );
}

/// Deals played by a chooser (here: always the first legal action, as a stand-in for a bot)
/// enter with the engine's payments too.
#[test]
fn chosen_play_enters_with_the_engine_payments() {
    let mut s = Session::new(Preset::Moeller, Some(Scheme::Hermansen), names(5), 2).unwrap();
    for seed in 0..30u64 {
        let (entry, deal) = s.engine_deal_with(seed, |d| d.legal_actions()[0]).unwrap();
        assert!(entry.engine.as_ref().unwrap().record.contains("Preset"));
        let expected = tarok_danish::record::balances(&deal.settlement());
        let before = s.balances.clone();
        let seating = s.seating();
        s.enter(entry).unwrap();
        for (seat, &p) in seating.seats.iter().enumerate() {
            assert_eq!(
                s.balances[p] - before[p],
                expected.players[seat],
                "seed {seed}"
            );
        }
        assert_eq!(s.total(), 0);
    }
}

/// The chooser is never asked for a forced keep (a hand with trumps asked about a redeal), so
/// that a random player draws no number for it; the record still lists every seat's keep. A
/// trumpless hand is asked (seed 13071: forhånd holds no numbered trump).
#[test]
fn the_chooser_is_not_asked_for_a_forced_keep() {
    let s = Session::new(Preset::Dtf2011, None, names(3), 0).unwrap();
    for seed in [0, 1, 2, 13071] {
        let mut asked = Vec::new();
        let (entry, _) = s
            .engine_deal_with(seed, |d| {
                asked.push(d.legal_actions());
                *d.legal_actions().last().unwrap()
            })
            .unwrap();
        assert!(!asked.contains(&vec![Action::Keep]), "seed {seed}");
        let record = entry.engine.unwrap().record;
        assert!(record.contains("\n0. keep keep keep skat:"), "{record}");
        assert_eq!(
            asked.contains(&vec![Action::Redeal, Action::Keep]),
            seed == 13071,
            "seed {seed}"
        );
    }
}
