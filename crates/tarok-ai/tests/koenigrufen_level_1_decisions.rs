//! Königrufen level 1 asked every kind of decision: the bidding, the king call, the Besserrufer's
//! bird, the talon (with schleifen), the discard, announcements with Kontra, Re and Subkontra on
//! offer (and König ultimo where the switch allows it), and the card play of each of the 14
//! contracts. Whatever it is asked, it answers one of the legal actions with a reason, and never
//! panics.
//!
//! Level 1 alone bids only a few contracts, so the deals are steered by a mix: at each decision
//! level 1 is asked, and then either its answer or a random legal action (biased towards passes,
//! so that every contract comes up) is played. A failure names the ruleset and the seed, which
//! replay the deal.

use std::collections::BTreeSet;
use tarok_ai::koenigrufen::KoenigrufenL1;
use tarok_ai::Bot;
use tarok_core::DealRng;
use tarok_koenigrufen::contract::Contract;
use tarok_koenigrufen::{random_action, Action, Deal, Phase, Ruleset, Switches};

/// The kinds of decision level 1 was asked.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Asked {
    Phase(&'static str),
    /// A legal action of this kind was on offer.
    Offered(&'static str),
    /// A card to play, out of two or more, in the contract of this rank.
    Play(u8),
}

fn kind(a: &Action) -> &'static str {
    match a {
        Action::Call(_) => "call",
        Action::CallKing(_) => "king call",
        Action::Schleifen => "schleifen",
        Action::TakeHalf(_) => "talon half",
        Action::Discard(_) => "discard",
        Action::Announce(_) => "announce",
        Action::Kontra(_) => "kontra",
        Action::Re(..) => "re",
        Action::Subkontra(_) => "subkontra",
        Action::UltimoKing(_) => "ultimo king",
        Action::Gut => "gut",
        Action::Play(_) => "play",
    }
}

/// Plays deal `seed` under `rules`, asking level 1 at every decision; returns what it was asked.
fn ask_through_a_deal(rules: Ruleset, seed: u64, asked: &mut BTreeSet<Asked>) {
    let mut deal = Deal::from_seed(rules, seed, (seed % 4) as u8);
    let mut rng = DealRng::derive(seed, 99);
    // Per deal, how often level 1's own answer is played: never, half the time, always.
    let follow = rng.below(3);
    while !deal.is_over() {
        let seat = deal.current_player();
        let legal = deal.legal_actions();
        assert!(
            !legal.is_empty(),
            "{}, seed {seed}: no legal action",
            rules.id
        );
        let phase = deal.state().phase();
        let d = KoenigrufenL1.decide(&deal.view(seat), &legal);
        assert!(
            legal.contains(&d.action),
            "{}, seed {seed}, {phase:?}: {:?} not in {legal:?}",
            rules.id,
            d.action
        );
        assert!(!d.reason.is_empty(), "{}, seed {seed}", rules.id);
        asked.insert(Asked::Phase(phase.name()));
        for a in &legal {
            asked.insert(Asked::Offered(kind(a)));
        }
        if phase == Phase::Play && legal.len() > 1 {
            let contract = deal.state().contract().expect("a contract in play");
            asked.insert(Asked::Play(contract as u8));
        }
        let mine = match follow {
            0 => false,
            1 => rng.below(2) == 0,
            _ => true,
        };
        let action = if mine {
            d.action
        } else {
            random_action(deal.state(), &legal, &mut rng)
        };
        deal.apply(action).unwrap();
    }
}

/// Every switch of the preset turned the other way where that opens other decisions: König
/// ultimo with an own king, all twelve tricks in negative games, no announcements by the
/// opponents, and so on.
fn variant() -> Ruleset {
    let d = Switches::default();
    Ruleset {
        switches: Switches {
            koenig_ultimo_own_king: true,
            negative_early_end: !d.negative_early_end,
            opponents_may_announce: !d.opponents_may_announce,
            vorhand_hold_piccolo_as_bei: !d.vorhand_hold_piccolo_as_bei,
            vorhand_final_choice_any_game: !d.vorhand_final_choice_any_game,
            besserrufer_is_opening_bid: !d.besserrufer_is_opening_bid,
            colour_discard_uhu_kakadu: !d.colour_discard_uhu_kakadu,
            colour_kaiserstich_needs_trull_lead: !d.colour_kaiserstich_needs_trull_lead,
            ..d
        },
        ..Ruleset::spieleversum()
    }
}

#[test]
fn level_1_answers_every_kind_of_decision_legally() {
    for (name, rules) in [
        ("spieleversum", Ruleset::spieleversum()),
        ("variant", variant()),
    ] {
        let mut asked = BTreeSet::new();
        for seed in 0..2500 {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                ask_through_a_deal(rules, seed, &mut asked)
            }));
            assert!(outcome.is_ok(), "{name}: seed {seed} panicked");
        }
        let phases = [
            "bidding",
            "king call",
            "Besserrufer bird",
            "talon",
            "discard",
            "announcement",
            "card play",
        ];
        for p in phases {
            assert!(
                asked.contains(&Asked::Phase(p)),
                "{name}: never asked in {p}"
            );
        }
        let mut offered = vec!["schleifen", "kontra", "re", "subkontra", "announce"];
        if rules.switches.koenig_ultimo_own_king {
            offered.push("ultimo king");
        }
        for k in offered {
            assert!(
                asked.contains(&Asked::Offered(k)),
                "{name}: never offered {k}"
            );
        }
        for c in Contract::ALL {
            assert!(
                asked.contains(&Asked::Play(c as u8)),
                "{name}: never asked to play a card in {c:?}"
            );
        }
    }
}
