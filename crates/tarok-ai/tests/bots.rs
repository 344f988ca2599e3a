//! Bots see only views; matches are reproducible; level 1 beats level 0.

use tarok_ai::danish::DanishL1;
use tarok_ai::runner::{run_match, MatchConfig, Role};
use tarok_ai::{Bot, RandomBot};
use tarok_core::DealRng;
use tarok_danish::{Action, Deal, Phase, Preset, View};

fn bot(role: Role, seed: u64, candidate_l1: bool) -> Box<dyn Bot<View, Action>> {
    match (role, candidate_l1) {
        (Role::Candidate, true) => Box::new(DanishL1),
        _ => Box::new(RandomBot::new(seed)),
    }
}

fn danish_match(deals: u64, seed: u64) -> tarok_ai::MatchResult {
    run_match(
        MatchConfig { deals, seed },
        |s| Deal::from_seed(Preset::Dtf2011.ruleset(), s),
        |role, s| bot(role, s, true),
        || {},
    )
}

#[test]
fn a_bot_decides_the_same_when_only_hidden_cards_differ() {
    // Swap one unplayed card between the two other hands: the view of the seat to act is the
    // same, so its decision must be too. A bot that could see the deal could tell them apart.
    let mut checked = 0;
    for seed in 0..300 {
        let mut deal = Deal::from_seed(Preset::Moeller.ruleset(), seed);
        let mut rng = DealRng::seed(seed);
        while !deal.is_over() {
            if deal.phase() == Phase::Play {
                let me = deal.current_player().unwrap();
                let (a, b) = ((me + 1) % 3, (me + 2) % 3);
                let (ca, cb) = (deal.hand(a).lowest(), deal.hand(b).lowest());
                if let (Some(ca), Some(cb)) = (ca, cb) {
                    let mut setup = deal.position_setup();
                    setup.hands[a as usize] = setup.hands[a as usize].without(ca).with(cb);
                    setup.hands[b as usize] = setup.hands[b as usize].without(cb).with(ca);
                    let twin = Deal::from_position(*deal.rules(), &setup);
                    let original = Deal::from_position(*deal.rules(), &deal.position_setup());
                    assert_eq!(original.view(me), twin.view(me));
                    let legal = original.legal_actions();
                    if legal == twin.legal_actions() {
                        let x = DanishL1.decide(&original.view(me), &legal);
                        let y = DanishL1.decide(&twin.view(me), &legal);
                        assert_eq!(x, y);
                        checked += 1;
                    }
                }
            }
            let a = deal.random_action(&mut rng);
            deal.apply(a).unwrap();
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn every_level_1_decision_is_legal_and_explained() {
    for seed in 0..200 {
        let mut deal = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
        while let Some(seat) = deal.current_player() {
            let legal = deal.legal_actions();
            let d = DanishL1.decide(&deal.view(seat), &legal);
            assert!(legal.contains(&d.action), "{:?} not in {legal:?}", d.action);
            assert!(d.reason.len() > 10);
            // A forced card is not explained by tactics ("gives the cheapest card" of one).
            let forced = matches!(legal[..], [Action::Play(_)]);
            assert_eq!(
                d.reason.ends_with("the only legal card"),
                forced,
                "{}",
                d.reason
            );
            deal.apply(d.action).unwrap();
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_match() {
    assert_eq!(danish_match(60, 9), danish_match(60, 9));
    assert_ne!(danish_match(60, 9).mean, danish_match(60, 10).mean);
}

/// With the same bot everywhere, each rotation plays the very same game (opponents' seeds
/// depend on the seat only), and the payoffs are zero-sum: the candidate's mean is exactly 0.
#[test]
fn equal_bots_come_out_exactly_even() {
    let r = run_match(
        MatchConfig {
            deals: 400,
            seed: 3,
        },
        |s| Deal::from_seed(Preset::Dtf2011.ruleset(), s),
        |role, s| bot(role, s, false),
        || {},
    );
    assert!(r.mean.abs() < 1e-9, "{r:?}");
}

/// Bots are not asked for a forced keep (a hand with trumps asked about a redeal), so a random
/// bot draws no number for it: a deal played from its start plays the same cards as from the
/// skat, where the forced keeps are taken already, and every seeded match stays as it was.
#[test]
fn bots_are_not_asked_for_a_forced_keep() {
    let rules = Preset::Dtf2011.ruleset();
    let bots = |seed: u64| [0, 1, 2].map(|s| bot(Role::Opponent, seed * 3 + s, false));
    for seed in 0..50 {
        let from_start = tarok_ai::danish::play_deal(Deal::from_seed(rules, seed), &mut bots(seed));
        let mut at_skat = Deal::from_seed(rules, seed);
        at_skat.apply_forced();
        assert_eq!(at_skat.phase(), Phase::Skat, "seed {seed}");
        let from_skat = tarok_ai::danish::play_deal(at_skat, &mut bots(seed));
        assert_eq!(from_start, from_skat, "seed {seed}");
    }
}

#[test]
fn level_1_beats_level_0_over_2000_duplicate_deals() {
    let r = danish_match(2000, 2026);
    assert!(r.ci95[0] > 0.0, "{r:?}");
}

mod koenigrufen {
    use tarok_ai::koenigrufen::{bot, KoenigrufenL1};
    use tarok_ai::runner::{run_match, MatchConfig, Role};
    use tarok_ai::{Bot, Level};
    use tarok_koenigrufen::{Deal, Ruleset};

    fn table(seed: u64) -> Deal {
        Deal::from_seed(Ruleset::spieleversum(), seed, (seed % 4) as u8)
    }

    fn l1_vs_l0(deals: u64, seed: u64) -> tarok_ai::MatchResult {
        run_match(
            MatchConfig { deals, seed },
            table,
            |role, s| {
                bot(
                    if role == Role::Candidate {
                        Level::L1
                    } else {
                        Level::L0
                    },
                    s,
                )
            },
            || {},
        )
    }

    #[test]
    fn every_level_1_decision_is_legal_and_explained() {
        for seed in 0..300 {
            let mut deal = table(seed);
            while !deal.is_over() {
                let seat = deal.current_player();
                let legal = deal.legal_actions();
                let d = KoenigrufenL1.decide(&deal.view(seat), &legal);
                assert!(legal.contains(&d.action), "{:?} not in {legal:?}", d.action);
                assert!(d.reason.len() > 5);
                let forced = matches!(legal[..], [tarok_koenigrufen::Action::Play(_)]);
                assert_eq!(
                    d.reason.ends_with("the only legal card"),
                    forced,
                    "{}",
                    d.reason
                );
                deal.apply(d.action).unwrap();
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_match() {
        assert_eq!(l1_vs_l0(40, 4), l1_vs_l0(40, 4));
    }

    /// A seat that announced the Uhu (tarock II to win trick 11) keeps the II until then and
    /// plays it in trick 11 when it may: the hint once advised playing it early. Every seat is
    /// level 1; the holder of the II announces the Uhu whenever it may.
    #[test]
    fn an_announced_uhu_is_kept_for_trick_11() {
        use tarok_core::Card;
        use tarok_koenigrufen::announce::Premium;
        use tarok_koenigrufen::{Action, Phase};
        let uhu = Card::trump(2);
        let (mut kept, mut played_in_11) = (0, 0);
        for seed in 0..400 {
            let mut deal = table(seed);
            let mut announcer = None;
            while !deal.is_over() {
                let seat = deal.current_player();
                let legal = deal.legal_actions();
                let view = deal.view(seat);
                let announce = Action::Announce(Premium::Uhu);
                if deal.state().phase() == Phase::Announcements
                    && view.hand.contains(uhu)
                    && legal.contains(&announce)
                {
                    announcer = Some(seat);
                    deal.apply(announce).unwrap();
                    continue;
                }
                let d = KoenigrufenL1.decide(&view, &legal);
                if announcer == Some(seat) && legal.contains(&Action::Play(uhu)) {
                    let trick = view.tricks.iter().filter(|t| t.winner.is_some()).count() + 1;
                    if trick < 11 && legal.len() > 1 {
                        assert_ne!(d.action, Action::Play(uhu), "seed {seed}, trick {trick}");
                        kept += 1;
                    }
                    if trick == 11 {
                        assert_eq!(d.action, Action::Play(uhu), "seed {seed}");
                        played_in_11 += 1;
                    }
                }
                deal.apply(d.action).unwrap();
            }
        }
        assert!(kept > 50 && played_in_11 > 5, "{kept} {played_in_11}");
    }

    #[test]
    fn level_1_beats_level_0_over_2000_duplicate_deals() {
        let r = l1_vs_l0(2000, 2026);
        assert!(r.ci95[0] > 0.0, "{r:?}");
    }
}

mod danish_heuristics {
    use tarok_ai::danish::DanishL1;
    use tarok_ai::Bot;
    use tarok_danish::{position, Action};

    fn decide(p: &str) -> tarok_ai::Decision<Action> {
        let d = position::parse(p).unwrap();
        let seat = d.current_player().unwrap();
        DanishL1.decide(&d.view(seat), &d.legal_actions())
    }

    #[test]
    fn a_weak_hand_cashes_its_kings_early() {
        let d = decide("dk-dtf-2011 T2,T3,HK,H5,H4,H3,H2,H1,S1,S2,S3,S4,S5,S6,S7,S8,S9,S10,R1,R2,R3,R4,R5,R6/?24/?24 2 0:- -/- 1,0,0 -");
        assert_eq!(
            d.action,
            Action::Play("HK".parse().unwrap()),
            "{}",
            d.reason
        );
        assert!(d.reason.contains("weak"));
    }

    #[test]
    fn the_top_trump_is_kept_back_for_the_pagat_late_in_the_deal() {
        // Void in spades, holding T21 and T5 in trick 22 while the pagat is still out: T21 waits
        // for the last trick to catch the pagat.
        let d = decide("dk-dtf-2011 T21,T5,H2,H3/?4/?3 22 2:S9 -/- 7,7,7 -");
        assert_eq!(
            d.action,
            Action::Play("T5".parse().unwrap()),
            "{}",
            d.reason
        );
        // Early in the deal the same hand wins with T21.
        let d = decide("dk-dtf-2011 T21,T5,H2,H3,H4,H5,H6,H7,H8,H9,H10,R1,R2,R3,R4,R5,R6,R7,R8,R9,R10/?21/?20 5 2:S9 -/- 2,1,1 -");
        assert_eq!(
            d.action,
            Action::Play("T21".parse().unwrap()),
            "{}",
            d.reason
        );
    }

    #[test]
    fn a_doomed_king_is_shed_before_the_last_trick() {
        // Trick 23, trumps still out, a king that cannot be sure of the last trick: shed it now.
        let d = decide("dk-dtf-2011 ?2/SK,H2,H3/?2 23 2:R9,R8 -/- 8,7,7 -");
        assert_eq!(
            d.action,
            Action::Play("SK".parse().unwrap()),
            "{}",
            d.reason
        );
    }
}

mod danish_skat {
    use tarok_ai::danish::DanishL1;
    use tarok_ai::Bot;
    use tarok_danish::{Deal, Phase, Preset};

    /// The level-1 skat follows the role: a weak dealer lays high cards, a strong one keeps his
    /// trumps and pisk for the ultimo.
    #[test]
    fn the_skat_depends_on_the_role() {
        let (mut weak, mut strong) = (false, false);
        for seed in 0..3000 {
            let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
            d.apply_forced();
            if d.phase() != Phase::Skat {
                continue;
            }
            let trumps = d.hand(2).trumps().len();
            let decision = DanishL1.decide(&d.view(2), &d.legal_actions());
            if trumps <= 3 {
                assert!(decision.reason.contains("weak hand"), "{}", decision.reason);
                weak = true;
            }
            if trumps >= 12 {
                assert!(
                    decision.reason.contains("strong hand"),
                    "{}",
                    decision.reason
                );
                let tarok_danish::Action::Discard(laid) = decision.action else {
                    panic!()
                };
                assert!(laid.trumps().is_empty());
                strong = true;
            }
        }
        assert!(weak && strong, "both kinds of hand occur in 3000 deals");
    }

    /// The reason for a skat claims only what the cards do: a suit emptied, points put away,
    /// the pisk kept whole. It said "a short suit emptied" for every strong hand, also at seed
    /// 5, where SC S1 HC leave four spar and four hjerter.
    #[test]
    fn the_skat_reason_claims_only_what_the_cards_do() {
        use tarok_ai::danish::advise;
        use tarok_core::Suit;
        use tarok_danish::points::card_points;
        let (mut emptied_seen, mut none_seen) = (0, 0);
        for seed in 0..3000 {
            let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
            d.apply_forced();
            if d.phase() != Phase::Skat {
                continue;
            }
            let hand = d.hand(2);
            let (action, why) = advise(&d.view(2), &d.legal_actions());
            let tarok_danish::Action::Discard(laid) = action else {
                panic!()
            };
            let reason = why.to_string();
            let emptied: Vec<Suit> = Suit::ALL
                .into_iter()
                .filter(|&s| !laid.of_suit(s).is_empty() && laid.of_suit(s) == hand.of_suit(s))
                .collect();
            assert_eq!(
                reason.contains("emptied"),
                !emptied.is_empty(),
                "seed {seed}: {reason}"
            );
            if let [one] = emptied[..] {
                let said = format!("{} emptied", one.danish());
                assert!(reason.contains(&said), "seed {seed}: {reason}");
                emptied_seen += 1;
            } else if emptied.is_empty() {
                none_seen += 1;
            }
            let points: u32 = laid.iter().map(|c| card_points(c) as u32).sum();
            assert_eq!(
                reason.contains("safe in the skat"),
                points > 0,
                "seed {seed}: {reason}"
            );
            // A pisk named as kept is a long suit with nothing of it laid.
            for s in Suit::ALL {
                if reason.contains(&format!("pisk ({})", s.danish())) {
                    assert!(hand.of_suit(s).len() >= 5, "seed {seed}: {reason}");
                    assert!(laid.of_suit(s).is_empty(), "seed {seed}: {reason}");
                }
            }
            if seed == 5 {
                assert_eq!(
                    reason,
                    "lays SC S1 HC: strong hand, trumps and the pisk (klør) kept for the \
                     ultimo, 4 points safe in the skat"
                );
            }
        }
        assert!(
            emptied_seen > 100 && none_seen > 100,
            "{emptied_seen} {none_seen}"
        );
    }
}

/// Reasons count in the singular for one of a kind.
#[test]
fn reasons_say_one_in_the_singular() {
    use tarok_ai::danish::Why;
    use tarok_ai::koenigrufen::Strength;
    let one = Why::DrawTrumps(tarok_core::Card::T21, 1).to_string();
    assert!(one.contains("(1 trump still out)"), "{one}");
    let two = Why::DrawTrumps(tarok_core::Card::T21, 2).to_string();
    assert!(two.contains("(2 trumps still out)"), "{two}");
    let s = Strength {
        tarocks: 1,
        high: 0,
        kings: 1,
    };
    assert_eq!(s.to_string(), "1 tarock, 0 high, 1 king");
    let s = Strength {
        tarocks: 5,
        high: 2,
        kings: 0,
    };
    assert_eq!(s.to_string(), "5 tarocks, 2 high, 0 kings");
}

/// A bot asked to choose from no legal action stops with a message that says so, not with an
/// index out of bounds (the position readers refuse such positions; this guards the rest).
#[test]
#[should_panic(expected = "the level-0 bot was asked to choose, but there is no legal action")]
fn the_random_bot_refuses_an_empty_legal_list() {
    let mut bot = RandomBot::new(1);
    let _ = bot.decide(&(), &[] as &[u8]);
}

#[test]
#[should_panic(
    expected = "the Danish level-1 bot was asked to choose, but there is no legal action"
)]
fn the_danish_level_1_bot_refuses_an_empty_legal_list() {
    let deal = tarok_danish::position::parse("dk-dtf-2011 X,S5/?2/?2 24 0:- -/- 8,8,7 -").unwrap();
    let view = deal.view(0);
    let _ = tarok_ai::danish::advise(&view, &[]);
}

#[test]
#[should_panic(
    expected = "the Königrufen level-1 bot was asked to choose, but there is no legal action"
)]
fn the_koenigrufen_level_1_bot_refuses_an_empty_legal_list() {
    let deal =
        tarok_koenigrufen::family::random_until_play(tarok_koenigrufen::Ruleset::spieleversum(), 3);
    let seat = deal.current_player();
    let _ = tarok_ai::koenigrufen::advise(&deal.view(seat), &[]);
}
