//! Property tests over 10,000 random deals of random legal play in each preset:
//! cards conserved, settlement zero-sum with the cups, count totals 78, legal actions never
//! empty before the end, records replay to the identical state (also as written before every
//! seat was asked about a redeal), views hold no hidden card and every public one.

use tarok_core::{Balances, DealRng, Party};
use tarok_danish::family::random_record;
use tarok_danish::record::Record;
use tarok_danish::{position, Deal, DealOptions, DemandWindow, Preset};

const DEALS: u64 = 10_000;

fn check_views(deal: &Deal) {
    let public = deal.played() | deal.announced().cards();
    for seat in 0..3 {
        let v = deal.view(seat);
        let mut allowed = deal.hand(seat) | public;
        if seat == 2 {
            allowed |= deal.skat();
        }
        let hidden = v.cards_shown() - allowed;
        assert!(
            hidden.is_empty(),
            "view of seat {seat} shows hidden cards {hidden}"
        );
        // And it shows all that is public: every card played, the current trick's too.
        let missing = public - v.cards_shown();
        assert!(
            missing.is_empty(),
            "view of seat {seat} lacks public cards {missing}"
        );
        for other in 0..3 {
            if other != seat {
                assert!((v.cards_shown() & (deal.hand(other) - public)).is_empty());
            }
        }
    }
}

fn run(preset: Preset) {
    let rules = preset.ruleset();
    let mut redeals = 0;
    let mut rng = DealRng::seed(0xDA15 + preset as u64);
    for seed in 0..DEALS {
        let mut record = Record::from_seed(preset, seed, DealOptions::default());
        let mut deal = record.start().unwrap();
        // The record as written when only the trumpless hands were asked: no forced keeps.
        let mut old = record.clone();
        let mut step = 0;
        while !deal.is_over() {
            let legal = deal.legal_actions();
            assert!(
                !legal.is_empty(),
                "seed {seed}: no legal action in {:?}",
                deal.phase()
            );
            assert!(deal.check_invariants(), "seed {seed}: cards not conserved");
            if step % 7 == 0 {
                check_views(&deal);
                // A position string lists the same legal actions (card play only).
                if deal.phase() == tarok_danish::Phase::Play {
                    let p = position::write(&deal, None);
                    let back = position::parse(&p).unwrap_or_else(|e| panic!("{p}: {e}"));
                    assert_eq!(back.legal_actions(), legal, "position {p}");
                    assert_eq!(position::write(&back, None), p, "the string round-trips");
                    for seat in 0..3 {
                        assert_eq!(back.hand(seat), deal.hand(seat), "position {p}");
                    }
                    assert_eq!(back.trick(), deal.trick(), "position {p}");
                }
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            if deal.forced_action().is_none() {
                old.actions.push(a.to_string());
            }
            record.apply(&mut deal, a).unwrap();
            step += 1;
        }
        assert!(deal.check_invariants());
        check_views(&deal);
        // Zero-sum holds by construction: each line moves an amount from one party to another.
        // What can fail: a line from a party to itself, a cup paying out more than it holds
        // at that moment, the returned cups disagreeing with the lines, a cup left empty.
        let lines = deal.settlement();
        let mut b = Balances::default();
        let mut cups = DealOptions::default().cups;
        for l in &lines {
            assert!(l.amount > 0);
            assert_ne!(l.from, l.to, "seed {seed}: {l}");
            if let Party::Cup(c) = l.from {
                cups[c as usize] -= l.amount;
                assert!(cups[c as usize] >= 0, "seed {seed}: cup overdrawn by {l}");
            }
            if let Party::Cup(c) = l.to {
                cups[c as usize] += l.amount;
            }
            tarok_core::PaymentSink::pay(&mut b, *l);
        }
        assert_eq!(b.total(), 0, "seed {seed}: settlement is not zero-sum");
        let cups_after = deal.settle_into(&mut Balances::default());
        assert_eq!(cups_after, cups, "seed {seed}: cups and lines disagree");
        assert!(
            cups_after.iter().all(|&c| c > 0),
            "seed {seed}: a cup is empty or negative: {cups_after:?}"
        );
        if let Some(end) = deal.facts().end {
            assert_eq!(
                end.counts.iter().map(|&c| c as u32).sum::<u32>(),
                78,
                "seed {seed}: counts"
            );
            assert_eq!(deal.tricks_won().iter().map(|&c| c as u32).sum::<u32>(), 25);
        } else {
            redeals += 1;
        }
        if rules.counting {
            // The skat is laid, so every card is somewhere.
            assert!(deal.facts().end.is_none() || deal.skat().len() == 3);
        }
        // The record replays to the identical state, through text and through JSON.
        let text = record.to_text(&deal);
        let (r2, d2) =
            Record::from_text(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(r2, record);
        assert_eq!(d2, deal);
        assert_eq!(old.replay().unwrap(), deal, "seed {seed}: {old:?}");
        if seed % 10 == 0 {
            let json = record.to_json(&deal).to_string();
            let (r3, d3) = Record::from_json(&json).unwrap();
            assert_eq!(r3, record);
            assert_eq!(d3, deal);
        }
    }
    // Trumpless hands are rare: redeals stay a small share of the deals.
    assert!(redeals < DEALS / 10, "{redeals} redeals");
}

#[test]
fn dtf_2011_random_deals() {
    run(Preset::Dtf2011);
}

#[test]
fn hjoerring_2016_random_deals() {
    run(Preset::Hjoerring2016);
}

#[test]
fn moeller_random_deals() {
    run(Preset::Moeller);
}

/// The switches that leave the fast playout path: random play stays sound under them.
#[test]
fn skus_switch_variants_random_deals() {
    let windows = [DemandWindow::BeforeLead, DemandWindow::UntilHolderPlays];
    for (follow, win, window) in [
        (false, false, windows[0]),
        (true, true, windows[0]),
        (false, true, windows[0]),
        (true, false, windows[1]),
    ] {
        let mut rules = Preset::Moeller.ruleset();
        rules.skus_follow_freely = follow;
        rules.skus_may_win_last_trick = win;
        rules.skus_demand_window = window;
        let mut rng = DealRng::seed(77);
        for seed in 0..2_000 {
            let mut deal = Deal::from_seed(rules, seed);
            while !deal.is_over() {
                let legal = deal.legal_actions();
                assert!(!legal.is_empty());
                deal.apply(legal[rng.below(legal.len() as u32) as usize])
                    .unwrap();
            }
            assert!(deal.check_invariants());
            if let Some(end) = deal.facts().end {
                assert_eq!(end.counts.iter().map(|&c| c as u32).sum::<u32>(), 78);
            }
            let mut fast = Deal::from_seed(rules, seed);
            let mut r2 = DealRng::seed(seed);
            fast.play_out(&mut r2);
            assert!(fast.is_over() && fast.check_invariants());
        }
    }
}

#[test]
fn random_playout_helper_agrees() {
    let mut rng = DealRng::seed(5);
    for seed in 0..200 {
        let (record, deal) = random_record(Preset::Dtf2011, seed, DealOptions::default(), &mut rng);
        assert_eq!(record.replay().unwrap(), deal);
    }
}
