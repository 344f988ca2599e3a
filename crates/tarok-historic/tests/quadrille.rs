//! Golden tests: the quadrille-like game (appendix B′, a reconstruction; vectors A5, A6).

mod support;
use support::{card, deal_with, paid};
use tarok_core::{Card, CardSet, DealRng};
use tarok_historic::playout::play_out;
use tarok_historic::ruleset::QUADRILLE;
use tarok_historic::view::RequestView;
use tarok_historic::{Action, Contract, Deal, HonourKind, Phase, Reason, RuleError};

/// Lays the Scat (the given cards first, then the lowest legal) and lets everyone declare all.
fn scat_then_declare(d: &mut Deal, first: &[&str]) {
    for c in first {
        d.apply(Action::Discard(card(c))).unwrap();
    }
    support::scat_and_declare_all(d);
    assert_eq!(d.phase(), Phase::Bid);
}

#[test]
fn matadors_continued_by_the_partner_vector_a5() {
    // A (dealer P0, the asker) holds T21 T1 X and T18; his partner B (P2, holder of the called
    // HK) holds T20 and T19. T17 is elsewhere. At the end A and B are paid "3 Matadorer eller 15
    // Points" (002 L277-280).
    let mut d = deal_with(QUADRILLE, 0, &["T21 T1 X T18", "T17", "T20 T19 HK", ""]);
    scat_then_declare(&mut d, &[]);
    // The partner pays the caller's matadors like the others (002 L274-276).
    for q in [1, 2, 3] {
        assert_eq!(
            paid(
                &d,
                q,
                0,
                Reason::Honour {
                    kind: HonourKind::Matadors,
                    value: 10
                }
            ),
            10
        );
    }
    for a in [Action::Pass, Action::Pass, Action::Pass, Action::Ask] {
        d.apply(a).unwrap();
    }
    assert_eq!(d.phase(), Phase::Call);
    assert!(matches!(
        d.apply(Action::Call(card("T5"))),
        Err(RuleError::BadCall(_))
    ));
    d.apply(Action::Call(card("HK"))).unwrap();
    assert_eq!(
        (d.declarer(), d.partner(), d.contract()),
        (Some(0), Some(2), Contract::Ask)
    );
    play_out(&mut d, &mut DealRng::seed(5), |_| {});
    assert!(d.is_over());
    let r = Reason::MatadorsContinued { extra: 3 };
    for o in [1, 3] {
        for s in [0, 2] {
            assert_eq!(paid(&d, o, s, r), 15);
        }
    }
    // Had A declared 4 Matadors himself (T20 in his hand), the partner's XIX and XVIII would
    // continue the suite by 2: 10 Points.
    let mut d = deal_with(QUADRILLE, 0, &["T21 T1 X T20", "T17", "T19 T18 HK", ""]);
    scat_then_declare(&mut d, &[]);
    assert_eq!(d.declared(0, HonourKind::Matadors), 15);
    for a in [Action::Pass, Action::Pass, Action::Pass, Action::Ask] {
        d.apply(a).unwrap();
    }
    d.apply(Action::Call(card("HK"))).unwrap();
    assert_eq!((d.declarer(), d.partner()), (Some(0), Some(2)));
    play_out(&mut d, &mut DealRng::seed(5), |_| {});
    let r2 = Reason::MatadorsContinued { extra: 2 };
    for o in [1, 3] {
        for s in [0, 2] {
            assert_eq!((paid(&d, o, s, r), paid(&d, o, s, r2)), (0, 10));
        }
    }
    // The count: the declarer side is paid (or pays) its count over (under) 64.
    let diff = d.count(0) - 64;
    assert_eq!(d.count(0) + d.count(1), 128);
    assert_eq!(
        paid(&d, 1, 0, Reason::Count) - paid(&d, 0, 1, Reason::Count),
        diff
    );
}

#[test]
fn mediateur_without_matadors_pays_three_vector_a6() {
    // The Mediateur (P1) holds none of T21, T1, Scus, asks for T21 (paying 10 to each), and
    // cannot force the Pagat, which the dealer laid in the Scat: he pays 3 matadors (10) to each.
    let mut d = deal_with(
        QUADRILLE,
        0,
        &[
            "T1 T2 T3",
            "T4 T5 T6 T7 T8 T9",
            "T21 X T10 T11 T12 T13 T14",
            "T15 T16 T17 T18 T19 T20",
        ],
    );
    scat_then_declare(&mut d, &["T1"]);
    for a in [Action::Mediateur, Action::Pass, Action::Pass, Action::Pass] {
        d.apply(a).unwrap();
    }
    assert_eq!(d.phase(), Phase::Request);
    let before = d;
    assert_eq!(d.apply(Action::Done), Err(RuleError::RequestCount));
    assert_eq!(
        d.apply(Action::Request(Card::SKUS)),
        Err(RuleError::BadRequest(Card::SKUS))
    );
    assert_eq!(d, before);
    d.apply(Action::Request(Card::T21)).unwrap();
    assert_eq!(d.phase(), Phase::GiveBack);
    assert!(matches!(
        d.apply(Action::GiveBack(Card::T21)),
        Err(RuleError::BadReturn(_))
    ));
    let back = d
        .hand(1)
        .without(Card::T21)
        .iter()
        .find(|c| !c.is_trump())
        .unwrap();
    d.apply(Action::GiveBack(back)).unwrap();
    assert!(d.hand(2).contains(back) && d.hand(1).contains(Card::T21));
    d.apply(Action::Done).unwrap();
    play_out(&mut d, &mut DealRng::seed(9), |_| {});
    for q in [0, 2, 3] {
        assert_eq!(
            paid(&d, 1, q, Reason::MediateurCard { card: Card::T21 }),
            10
        );
        assert_eq!(paid(&d, 1, q, Reason::MediateurMatadors), 10);
    }
}

/// The Mediateur (P1) asks P3 for his lowest plain card and gives back his own lowest plain card
/// (neither a trump nor the Scus); returns the card asked for and the card given back.
fn request_lowest_from_p3(d: &mut Deal) -> (Card, Card) {
    let plain = |h: CardSet| (h - CardSet::TRUMPS).without(Card::SKUS);
    let wanted = plain(d.hand(3)).lowest().unwrap();
    d.apply(Action::Request(wanted)).unwrap();
    let back = plain(d.hand(1)).without(wanted).lowest().unwrap();
    d.apply(Action::GiveBack(back)).unwrap();
    d.apply(Action::Done).unwrap();
    (wanted, back)
}

/// The Mediateur (P1) holds T21, the Scus and `extra`; P2's only tarock is the Pagat. P1 leads
/// T21 and the Pagat must fall. Returns what each opponent pays him for his matadors.
fn mediateur_forcing(p1: &str, p0: &str) -> i32 {
    let mut d = deal_with(QUADRILLE, 0, &[p0, p1, "T1", "T2 T3 T4 T5 T6 T7 T8 T9 T10"]);
    scat_then_declare(&mut d, &[]);
    for a in [Action::Mediateur, Action::Pass, Action::Pass, Action::Pass] {
        d.apply(a).unwrap();
    }
    let (wanted, _) = request_lowest_from_p3(&mut d);
    assert_eq!(d.phase(), Phase::Play);
    d.apply(Action::Play(Card::T21)).unwrap();
    assert_eq!(d.legal_cards(), CardSet::single(Card::PAGAT));
    support::play_with(&mut d, support::lowest);
    assert_eq!(d.tricks()[0].winner, 1);
    for q in [0, 2, 3] {
        assert_eq!(paid(&d, 1, q, Reason::MediateurCard { card: wanted }), 5);
    }
    let each = paid(&d, 0, 1, Reason::MediateurMatadors);
    for q in [2, 3] {
        assert_eq!(paid(&d, q, 1, Reason::MediateurMatadors), each);
    }
    each
}

#[test]
fn mediateur_forcing_the_pagat_is_paid_vector_a6() {
    // With XXI and the Scus, forcing the Pagat: paid 3 matadors (10) by each (002 L284-285);
    // with XX as well, 4 matadors (15) (002 L285-286).
    assert_eq!(
        mediateur_forcing("T21 X", "T11 T12 T13 T14 T15 T16 T17 T18 T19 T20"),
        10
    );
    assert_eq!(
        mediateur_forcing("T21 T20 X", "T11 T12 T13 T14 T15 T16 T17 T18 T19"),
        15
    );
}

#[test]
fn a_mediateur_with_his_own_matadors_is_paid_nothing_more_for_them() {
    // 002 L282-286 pay the Mediateur who had none (he pays 10) and the one who forces the Pagat;
    // one who holds XXI, Pagat and Scus himself has declared them as honours, and that is all.
    let mut d = deal_with(QUADRILLE, 0, &["", "T21 T1 X", "", ""]);
    scat_then_declare(&mut d, &[]);
    for a in [Action::Mediateur, Action::Pass, Action::Pass, Action::Pass] {
        d.apply(a).unwrap();
    }
    request_lowest_from_p3(&mut d);
    support::play_with(&mut d, support::lowest);
    assert!(d.is_over());
    for q in [0, 2, 3] {
        let both_ways = (
            paid(&d, q, 1, Reason::MediateurMatadors),
            paid(&d, 1, q, Reason::MediateurMatadors),
        );
        assert_eq!(both_ways, (0, 0), "P{q}");
    }
}

#[test]
fn the_mediateurs_matadors_over_random_deals() {
    // 002 L282-286, over random deals with P1 as Mediateur: one who had none of XXI, Pagat and
    // Scus before his requests pays each opponent 10, unless he took another's Pagat; one who
    // plays with XXI and Scus but not the Pagat and takes another's Pagat is paid 10 and 5 for
    // each of XX, XIX, … in sequence; anyone else neither pays nor is paid.
    let main = [Card::T21, Card::PAGAT, Card::SKUS];
    let (mut pays, mut nothing) = (0, 0);
    for seed in 0..400 {
        let mut d = Deal::from_seed(QUADRILLE, seed, 0);
        scat_then_declare(&mut d, &[]);
        if d.apply(Action::Mediateur).is_err() {
            continue;
        }
        for _ in 0..3 {
            d.apply(Action::Pass).unwrap();
        }
        let had_none = main.iter().all(|c| !d.hand(1).contains(*c));
        request_lowest_from_p3(&mut d);
        let held = d.hand(1);
        play_out(&mut d, &mut DealRng::seed(seed), |_| {});
        // The Pagat may lie in the Scat, unplayed.
        let forced = d
            .played(Card::PAGAT)
            .is_some_and(|(t, owner)| owner != 1 && d.tricks()[t].winner == 1);
        let run = (2..=20u8)
            .rev()
            .take_while(|&n| held.contains(Card::trump(n)))
            .count() as i32;
        let expected = if had_none && !forced {
            pays += 1;
            -10
        } else if held.contains(Card::T21)
            && held.contains(Card::SKUS)
            && !held.contains(Card::PAGAT)
            && forced
        {
            10 + 5 * run
        } else {
            nothing += 1;
            0
        };
        for q in [0, 2, 3] {
            let net = paid(&d, q, 1, Reason::MediateurMatadors)
                - paid(&d, 1, q, Reason::MediateurMatadors);
            assert_eq!(net, expected, "seed {seed}, P{q}");
        }
    }
    assert!(pays >= 5 && nothing >= 5, "{pays} {nothing}");
}

#[test]
fn bidding_reconstruction() {
    let mut d = deal_with(QUADRILLE, 3, &["", "", "", ""]);
    scat_then_declare(&mut d, &[]);
    // From the first hand (P0, right of dealer P3): Mediateur, then asking is too low.
    d.apply(Action::Mediateur).unwrap();
    let before = d;
    assert_eq!(d.apply(Action::Ask), Err(RuleError::BidTooLow));
    assert_eq!(d, before);
    // All pass: the deal is void, honours paid at once stand (QJC-4).
    let mut d = deal_with(QUADRILLE, 0, &["SK HK RK KK", "", "", ""]);
    scat_then_declare(&mut d, &[]);
    for _ in 0..4 {
        d.apply(Action::Pass).unwrap();
    }
    assert_eq!(d.phase(), Phase::Void);
    assert_eq!(
        paid(
            &d,
            1,
            0,
            Reason::Honour {
                kind: HonourKind::Kings,
                value: 10
            }
        ),
        10
    );
}

#[test]
fn the_card_asked_for_is_public_and_the_card_given_back_known_to_two() {
    let mut d = deal_with(QUADRILLE, 0, &["", "", "", ""]);
    scat_then_declare(&mut d, &[]);
    for a in [Action::Mediateur, Action::Pass, Action::Pass, Action::Pass] {
        d.apply(a).unwrap();
    }
    let (wanted, back) = request_lowest_from_p3(&mut d);
    for seat in 0..4u8 {
        let knows_back = seat == 1 || seat == 3;
        assert_eq!(
            d.view(seat).requests,
            [RequestView {
                card: wanted,
                giver: Some(3),
                returned: knows_back.then_some(back),
            }],
            "seat {seat}"
        );
        let known = d.known_to(seat);
        assert!(known.contains(wanted), "seat {seat}");
        assert_eq!(known.contains(back), knows_back, "seat {seat}");
    }
}

#[test]
fn a_card_asked_from_the_scat_stays_there_and_the_second_ends_the_asking() {
    // Nobody can give a card that lies in the Scat (judgement call, B′): the request is
    // paid for but moves nothing, and after the second one the play begins.
    let mut d = deal_with(QUADRILLE, 0, &["", "", "", ""]);
    scat_then_declare(&mut d, &[]);
    for a in [Action::Mediateur, Action::Pass, Action::Pass, Action::Pass] {
        d.apply(a).unwrap();
    }
    let (hand, scat) = (d.hand(1), d.scat());
    let mut asked = scat.iter();
    d.apply(Action::Request(asked.next().unwrap())).unwrap();
    assert_eq!(d.phase(), Phase::Request);
    assert_eq!((d.hand(1), d.scat()), (hand, scat));
    assert_eq!(d.view(2).requests[0].giver, None);
    d.apply(Action::Request(asked.next().unwrap())).unwrap();
    assert_eq!(d.phase(), Phase::Play);
    assert_eq!((d.hand(1), d.scat()), (hand, scat));
}

#[test]
fn the_partner_is_hidden_until_the_king_falls() {
    let mut d = deal_with(QUADRILLE, 0, &["", "HK", "", ""]);
    scat_then_declare(&mut d, &[]);
    for a in [Action::Pass, Action::Pass, Action::Pass, Action::Ask] {
        d.apply(a).unwrap();
    }
    d.apply(Action::Call(card("HK"))).unwrap();
    assert_eq!(d.view(0).partner, None);
    assert_eq!(d.view(3).partner, None);
    assert_eq!(d.view(1).partner, Some(1));
    let mut rng = DealRng::seed(1);
    let mut buf = tarok_historic::ActionList::default();
    while d.played(card("HK")).is_none() && !d.current_trick().1.contains(&card("HK")) {
        let a = tarok_historic::playout::random_action(&d, &mut rng, &mut buf).unwrap();
        d.apply(a).unwrap();
    }
    assert_eq!(d.view(3).partner, Some(1));
}

/// P1 declares 3 Matadors (T21 T1 X); P0 and P3 hold T20 T19 T18; P2 plays Mediateur and asks
/// for `wanted` (T17 stays with him), giving back his lowest suit card. Returns what P2 pays each of the three
/// others for matadors continued (002 L276-281, QJC-10).
fn continued_after_request(wanted: &str) -> Vec<i32> {
    let mut d = deal_with(
        QUADRILLE,
        0,
        &["T20 T18", "T21 T1 X SK", "T17 T2 T3 T4", "T19"],
    );
    scat_then_declare(&mut d, &[]);
    assert_eq!(d.declared(1, HonourKind::Matadors), 10);
    for a in [Action::Pass, Action::Mediateur, Action::Pass, Action::Pass] {
        d.apply(a).unwrap();
    }
    d.apply(Action::Request(card(wanted))).unwrap();
    let back = (d.hand(2) - CardSet::TRUMPS)
        .without(card(wanted))
        .lowest()
        .unwrap();
    d.apply(Action::GiveBack(back)).unwrap();
    d.apply(Action::Done).unwrap();
    play_out(&mut d, &mut DealRng::seed(3), |_| {});
    assert!(d.is_over());
    [0, 1, 3]
        .iter()
        .map(|q| {
            d.settlement()
                .iter()
                .filter(|l| {
                    matches!(l.reason, Reason::MatadorsContinued { .. })
                        && l.from == tarok_core::Party::Player(2)
                        && l.to == tarok_core::Party::Player(*q)
                })
                .map(|l| l.amount)
                .sum()
        })
        .collect()
}

#[test]
fn a_mediateur_who_takes_the_pagat_breaks_the_suite_qjc10() {
    // The three against the Mediateur are partners (002 L281 "Dette gjelder ogsaa hos
    // Modspillerne"): XX XIX XVIII continue P1's declared suite, 3 more matadors, 15 each.
    assert_eq!(continued_after_request("SK"), [15, 15, 15]);
    // Once the Mediateur holds the Pagat, P1's side no longer has XXI, Pagat and Scus: there is
    // no suite "med Spillerens Kort" left to continue (002 L276-277), nothing is paid.
    assert_eq!(continued_after_request("T1"), [0, 0, 0]);
    assert_eq!(continued_after_request("T21"), [0, 0, 0]);
}

/// The tester's doubtful deal (`tarok random-game --preset dk-1829-quadrille --seed 210`): P2
/// plays Mediateur and asks P1, who declared 3 Matadors, for the Pagat. The other three were
/// paid "11 Matadors continued" (55 each) for a suite whose Pagat the Mediateur held.
#[test]
fn seed_210_pays_no_continuation_after_the_pagat_went_to_the_mediateur() {
    let (d, rec) = tarok_historic::family::random_record(QUADRILLE, 210);
    assert_eq!(d.contract(), Contract::Mediateur);
    assert!(rec.actions.contains(&Action::Request(Card::PAGAT)));
    assert_eq!(d.declared(1, HonourKind::Matadors), 10);
    assert!(d
        .settlement()
        .iter()
        .all(|l| !matches!(l.reason, Reason::MatadorsContinued { .. })));
}

#[test]
fn mediateur_switches() {
    // `mediateur_max_cards` (002 L270 "et eller to"): with 1, play begins after one card.
    // `mediateur_pays_mongue` / `mediateur_pays_other` (002 L281-282): what he pays each other
    // player for a given XXI / any other card.
    let rules = tarok_historic::Ruleset {
        mediateur_max_cards: 1,
        mediateur_pays_mongue: 20,
        mediateur_pays_other: 7,
        ..QUADRILLE
    };
    for (wanted, each) in [("T21", 20), ("T20", 7)] {
        let mut d = deal_with(rules, 0, &["T21 T20", "", "", ""]);
        scat_then_declare(&mut d, &[]);
        // P1, the first hand, bids first.
        for a in [Action::Mediateur, Action::Pass, Action::Pass, Action::Pass] {
            d.apply(a).unwrap();
        }
        d.apply(Action::Request(card(wanted))).unwrap();
        let back = (d.hand(1) - CardSet::TRUMPS)
            .without(Card::SKUS)
            .lowest()
            .unwrap();
        d.apply(Action::GiveBack(back)).unwrap();
        assert_eq!(d.phase(), Phase::Play, "one card only");
        for q in [0, 2, 3] {
            assert_eq!(
                paid(&d, 1, q, Reason::MediateurCard { card: card(wanted) }),
                each
            );
        }
    }
}

/// An action out of its phase is refused with what the phase expects instead.
#[test]
fn each_phase_says_what_it_expects() {
    let wrong = |d: &mut Deal, a: Action, expects: &'static str| {
        let before = *d;
        assert_eq!(d.apply(a), Err(RuleError::WrongPhase(a, expects)));
        assert_eq!(*d, before);
    };
    let mut d = deal_with(QUADRILLE, 0, &["", "", "", ""]);
    assert_eq!(d.phase(), Phase::Discard);
    let king = Card::suited(tarok_core::Suit::Hjerter, tarok_core::Rank::Konge);
    wrong(
        &mut d,
        Action::Pass,
        "the dealer is laying the Scat (discard a card)",
    );
    while d.phase() == Phase::Discard {
        d.apply(Action::Discard(d.legal_discards().lowest().unwrap()))
            .unwrap();
    }
    assert_eq!(d.phase(), Phase::Declare);
    wrong(
        &mut d,
        Action::Call(king),
        "honours are being declared (declare an honour or say done)",
    );
    scat_then_declare(&mut d, &[]);
    wrong(
        &mut d,
        Action::Done,
        "the players are bidding (pass, ask or mediateur)",
    );
    let at_bid = d;
    for a in [Action::Pass, Action::Pass, Action::Pass, Action::Ask] {
        d.apply(a).unwrap();
    }
    assert_eq!(d.phase(), Phase::Call);
    wrong(&mut d, Action::Done, "the asker must call a King");

    let mut d = at_bid;
    d.apply(Action::Mediateur).unwrap();
    for _ in 0..3 {
        d.apply(Action::Pass).unwrap();
    }
    wrong(
        &mut d,
        Action::Call(king),
        "the Mediateur is asking for cards (request a card or say done)",
    );
    let wanted = d.hand(3).lowest().unwrap();
    d.apply(Action::Request(wanted)).unwrap();
    wrong(&mut d, Action::Done, "the Mediateur must give a card back");
    d.apply(Action::GiveBack(
        d.hand(1).without(wanted).lowest().unwrap(),
    ))
    .unwrap();
    d.apply(Action::Done).unwrap();
    assert_eq!(d.phase(), Phase::Play);
    wrong(&mut d, Action::Pass, "the cards are being played");
}

/// QJC-5 down the court: an asker with all four Kings calls a Queen, with the Queens too a
/// Cavalier; with all sixteen court cards there is nothing to call, so he may not ask. Before
/// the Cavalier step, an asker with every King and Queen had no legal action.
#[test]
fn the_call_goes_down_the_court() {
    let court = support::cards("SK HK RK KK SD HD RD KD SC HC RC KC SKn HKn RKn KKn");
    // The first hand (P0, the dealer P3) holds `asker` and bids first; P1 the rest of the court.
    let deal = |asker: &str| {
        let rest = (court - support::cards(asker)).to_string();
        let mut d = deal_with(QUADRILLE, 3, &[asker, &rest, "", ""]);
        scat_then_declare(&mut d, &[]);
        assert_eq!(d.current_player(), Some(0));
        d
    };
    let calls = |asker: &str| {
        let mut d = deal(asker);
        assert!(d.legal_actions().contains(&Action::Ask));
        d.apply(Action::Ask).unwrap();
        for _ in 0..3 {
            d.apply(Action::Pass).unwrap();
        }
        assert_eq!(d.phase(), Phase::Call);
        d.legal_actions()
            .iter()
            .map(|a| match a {
                Action::Call(c) => *c,
                other => panic!("{other:?} in the call"),
            })
            .collect::<CardSet>()
    };
    let kings = "SK HK RK KK";
    let queens = "SD HD RD KD";
    let cavaliers = "SC HC RC KC";
    let valets = "SKn HKn RKn KKn";
    assert_eq!(calls("SK HK"), support::cards("RK KK"));
    assert_eq!(calls(kings), support::cards(queens));
    let both = format!("{kings} {queens}");
    assert_eq!(calls(&both), support::cards(cavaliers));
    let three = format!("{both} {cavaliers} HKn");
    assert_eq!(calls(&three), support::cards("SKn RKn KKn"));
    // Every court card: asking is refused and changes nothing; passing and Mediateur stay open.
    let mut d = deal(&format!("{both} {cavaliers} {valets}"));
    assert!(!d.legal_actions().contains(&Action::Ask));
    let before = d;
    assert_eq!(d.apply(Action::Ask), Err(RuleError::NothingToCall));
    assert_eq!(d, before);
    assert!(d.legal_actions().contains(&Action::Pass));
    assert!(d.legal_actions().contains(&Action::Mediateur));
}
