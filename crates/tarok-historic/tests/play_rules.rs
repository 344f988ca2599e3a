//! Golden tests: trick-taking rank (spec §1.2), the Scus in play (§1.4; vector A1) and the
//! rules of following (§2.5), with the errors that name them.

mod support;
use support::{card, cards, deal_with, scat_and_declare_all};
use tarok_core::{Card, CardSet, Suit};
use tarok_historic::play::{legal_cards, winner_index};
use tarok_historic::ruleset::{EN_DEUX, THREE};
use tarok_historic::{Action, Deal, Phase, RuleError, Ruleset};

fn trick(s: &str) -> Vec<Card> {
    s.split_whitespace().map(card).collect()
}

#[test]
fn rank_table_spec_1_2() {
    // Black: K > D > C > V > 10 > … > 1; red: K > D > C > V > 1 > … > 10 (002 L99-108).
    assert_eq!(winner_index(&trick("S10 S1 S9")), Some(0));
    assert_eq!(winner_index(&trick("H10 H1 H9")), Some(1));
    assert_eq!(winner_index(&trick("HKn H1 HD")), Some(2));
    assert_eq!(winner_index(&trick("KC KKn KK")), Some(2));
    // Any tarock beats any suit card; the Pagat loses to every other tarock (002 L77-81).
    assert_eq!(winner_index(&trick("SK T1 S2")), Some(1));
    assert_eq!(winner_index(&trick("T1 T2 SK")), Some(1));
    assert_eq!(winner_index(&trick("T20 T21 T19")), Some(1));
    // A card of another suit never wins.
    assert_eq!(winner_index(&trick("S2 HK RK")), Some(0));
}

#[test]
fn the_scus_never_wins() {
    // 002 L176: "ikke selv kan stikke noget Kort, ei heller overstikkes af noget".
    assert_eq!(winner_index(&trick("S2 X S3")), Some(2));
    assert_eq!(winner_index(&trick("X S2 S3")), Some(2));
    assert_eq!(winner_index(&trick("X H5")), Some(1));
}

#[test]
fn scus_instead_of_a_queen_vector_a1() {
    // Cajus (P1) leads ♣V; Titius (P2) holds ♣D and the Scus and plays the Scus; Sempronius
    // (P0) plays ♣K and wins. The Scus goes back to Titius; the trick is a full trick for P0.
    let mut d = deal_with(THREE, 0, &["KK S2 S3 S4", "KKn", "KD X"]);
    scat_and_declare_all(&mut d);
    d.apply(Action::Play(card("KKn"))).unwrap();
    assert!(
        d.legal_cards().contains(Card::SKUS),
        "the Scus is legal although P2 can follow"
    );
    assert!(d.legal_cards().contains(card("KD")));
    d.apply(Action::Play(Card::SKUS)).unwrap();
    d.apply(Action::Play(card("KK"))).unwrap();
    assert_eq!(d.tricks()[0].winner, 0);
    assert_eq!(d.tricks_won(0), 1);
    assert!(
        d.pile(2).contains(Card::SKUS),
        "the Scus stays with its holder"
    );
    assert!(!d.pile(0).contains(Card::SKUS));
    assert!(d.pile(0).contains(card("KKn")) && d.pile(0).contains(card("KK")));
    assert_eq!(d.tricks_won(2), 0);
}

#[test]
fn follow_suit_then_tarock_then_anything() {
    let r = THREE;
    // Follow suit if able (002 L169-170).
    assert_eq!(
        legal_cards(&r, cards("S5 S6 T3 H2"), &trick("S2")),
        cards("S5 S6")
    );
    // Void: play a tarock (002 L212-213).
    assert_eq!(
        legal_cards(&r, cards("T3 T9 H2"), &trick("S2")),
        cards("T3 T9")
    );
    // Tarocks led: follow with tarocks (002 L214).
    assert_eq!(
        legal_cards(&r, cards("T3 S5 H2"), &trick("T10")),
        cards("T3")
    );
    // Neither: anything.
    assert_eq!(
        legal_cards(&r, cards("H2 R5"), &trick("T10")),
        cards("H2 R5")
    );
    // The Scus may always be added (002 L177-178).
    assert_eq!(
        legal_cards(&r, cards("S5 X H2 T4"), &trick("S2")),
        cards("S5 X")
    );
    // No obligation to overtrump by default (JC-8); with the switch, beat if able.
    assert_eq!(
        legal_cards(&r, cards("T3 T9 H2 H5"), &trick("S2 T5")),
        cards("T3 T9")
    );
    let over = Ruleset {
        must_overtrump: true,
        ..THREE
    };
    assert_eq!(
        legal_cards(&over, cards("T3 T9 H2 H5"), &trick("S2 T5")),
        cards("T9")
    );
    assert_eq!(
        legal_cards(&over, cards("T3 T4 H2 H5"), &trick("S2 T5")),
        cards("T3 T4")
    );
}

#[test]
fn leading_the_scus_jc9() {
    let r = THREE;
    // Not allowed by default (002 L218-219) ...
    assert_eq!(legal_cards(&r, cards("X S5 T3 H2"), &[]), cards("S5 T3 H2"));
    // ... allowed with the switch, and then followed as a tarock lead.
    let lead = Ruleset {
        scus_may_lead: true,
        ..THREE
    };
    assert_eq!(
        legal_cards(&lead, cards("X S5 T3 H2"), &[]),
        cards("X S5 T3 H2")
    );
    assert_eq!(
        legal_cards(&lead, cards("S5 T3 H2"), &trick("X")),
        cards("T3")
    );
    // Nobody plays a tarock: the first card after the Scus sets the suit.
    assert_eq!(winner_index(&trick("X H5 H1")), Some(2));
}

#[test]
fn scus_deadline_jc10() {
    // With 3 cards left the Scus must be played, even on lead (002 L215-217).
    let r = THREE;
    assert_eq!(legal_cards(&r, cards("X S5 T3"), &[]), cards("X"));
    assert_eq!(legal_cards(&r, cards("X S5 T3"), &trick("S2")), cards("X"));
    assert_eq!(
        legal_cards(&r, cards("X S5 T3 H4"), &trick("S2")),
        cards("X S5")
    );
    // So the Scus never reaches the last two tricks, in any game, over many random deals.
    for rules in [THREE, EN_DEUX] {
        for seed in 0..300 {
            let mut d = Deal::from_seed(rules, seed, 0);
            tarok_historic::playout::play_out(&mut d, &mut tarok_core::DealRng::seed(seed), |_| {});
            if let Some((t, _)) = d.played(Card::SKUS) {
                assert!(t + 3 <= d.tricks().len(), "Scus played in trick {}", t + 1);
            }
        }
    }
}

fn play_phase(fixed: &[&str]) -> Deal {
    let mut d = deal_with(THREE, 0, fixed);
    scat_and_declare_all(&mut d);
    assert_eq!(d.phase(), Phase::Play);
    d
}

#[test]
fn errors_name_the_rule_and_leave_the_state_unchanged() {
    // P1 leads; P2 follows; P0 (dealer) last.
    let mut d = play_phase(&["S9 S10 T21 T20 T19", "X S2 H9", "S3 H2 T2"]);
    let before = d;
    assert_eq!(d.apply(Action::Play(Card::SKUS)), Err(RuleError::ScusLead));
    assert_eq!(d, before);
    assert_eq!(
        d.apply(Action::Play(card("S9"))),
        Err(RuleError::NotInHand(card("S9")))
    );
    assert_eq!(d, before);
    assert!(matches!(
        d.apply(Action::Discard(card("S2"))),
        Err(RuleError::WrongPhase(..))
    ));
    assert_eq!(d, before);
    d.apply(Action::Play(card("S2"))).unwrap();
    // P2 holds S3 and must follow suit.
    let before = d;
    let e = d.apply(Action::Play(card("H2"))).unwrap_err();
    assert_eq!(e, RuleError::MustFollowSuit);
    assert!(e.to_string().contains("002 L169"));
    assert_eq!(d, before);
}

#[test]
fn must_trump_and_must_follow_tarock_errors() {
    // P1 leads H9; P2 has no heart but a tarock; then tarocks led and P0 tries a suit card.
    let hearts: Vec<String> = [
        "H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "HK", "HD", "HC", "HKn",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let p0 = format!("T21 T20 {}", hearts.join(" "));
    let mut d = play_phase(&[&p0, "H9 X", "T2 S2 S3"]);
    d.apply(Action::Play(card("H9"))).unwrap();
    let before = d;
    assert_eq!(d.apply(Action::Play(card("S2"))), Err(RuleError::MustTrump));
    assert_eq!(d, before);
    d.apply(Action::Play(card("T2"))).unwrap();
    // P0 holds hearts: must follow suit, not trump.
    assert_eq!(
        d.apply(Action::Play(card("T21"))),
        Err(RuleError::MustFollowSuit)
    );
}

#[test]
fn must_overtrump_error() {
    // With the switch, P0 (void in hearts) may not add T3 under P2's T5, neither on a heart
    // lead nor on a tarock lead; T9 beats it (002 L212-214, JC-8).
    let over = Ruleset {
        must_overtrump: true,
        ..THREE
    };
    let hearts = CardSet::PACK78
        .iter()
        .filter(|c| c.suit() == Some(Suit::Hjerter))
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    for lead in ["H9", "T2"] {
        let mut d = deal_with(over, 0, &["T3 T9", &format!("{hearts} T2"), "T5"]);
        scat_and_declare_all(&mut d);
        d.apply(Action::Play(card(lead))).unwrap();
        d.apply(Action::Play(card("T5"))).unwrap();
        let before = d;
        assert_eq!(
            d.apply(Action::Play(card("T3"))),
            Err(RuleError::MustOvertrump),
            "{lead} led"
        );
        assert_eq!(d, before);
        d.apply(Action::Play(card("T9"))).unwrap();
    }
}

#[test]
fn deadline_error() {
    // The Scus holder keeps it to a 3-card hand, then nothing else is accepted.
    let mut d = play_phase(&["", "X", ""]);
    while d.phase() == Phase::Play {
        let seat = d.current_player().unwrap();
        let legal = d.legal_cards();
        if seat == 1 && d.hand(1).len() == 3 {
            assert_eq!(legal, CardSet::single(Card::SKUS));
            let other = (d.hand(1) - legal).lowest().unwrap();
            let before = d;
            assert_eq!(d.apply(Action::Play(other)), Err(RuleError::ScusDeadline));
            assert_eq!(d, before);
        }
        let c = (legal - CardSet::single(Card::SKUS))
            .lowest()
            .unwrap_or(Card::SKUS);
        d.apply(Action::Play(c)).unwrap();
    }
    assert_eq!(
        d.played(Card::SKUS).unwrap().0,
        22,
        "played in the third-to-last trick"
    );
}

#[test]
fn must_follow_tarock_error() {
    let mut d = play_phase(&["", "T5 X", "T2 S2"]);
    d.apply(Action::Play(card("T5"))).unwrap();
    let before = d;
    assert_eq!(
        d.apply(Action::Play(card("S2"))),
        Err(RuleError::MustFollowTarock)
    );
    assert_eq!(d, before);
    d.apply(Action::Play(card("T2"))).unwrap();
}

/// One example of every refusal: each message ends with its source in parentheses, and that
/// source names the 1829 specification or seed 002 (`RuleError::one_of_each`, which lists
/// every variant).
#[test]
fn every_rule_error_cites_its_source() {
    let all = RuleError::one_of_each();
    for e in &all {
        let text = e.to_string();
        let cited = &text[text
            .rfind(" (")
            .unwrap_or_else(|| panic!("no citation: {text}"))..];
        assert!(
            cited.ends_with(')') && (cited.contains("1829") || cited.contains("002 ")),
            "{e:?}: {text}"
        );
    }
}

/// JC-1, JC-13, JC-22, JC-29 (spec §2.1, §2.4, §3.1, §4.4): the dealer lays the Scat and
/// declares first, then the others in playing order; the first hand (the dealer's right, the
/// next seat in playing order) leads to trick 1 (in en deux the non-dealer); the winner of a
/// trick leads to the next.
#[test]
fn dealer_declares_first_first_hand_leads_winner_leads_next() {
    use tarok_historic::ruleset::{PARTNERS, QUADRILLE};
    for rules in [THREE, PARTNERS, QUADRILLE, EN_DEUX] {
        let n = rules.players();
        for dealer in 0..n {
            let mut d = Deal::from_seed(rules, 40 + dealer as u64, dealer);
            assert_eq!(
                d.current_player(),
                Some(dealer),
                "{} lays the Scat",
                rules.id
            );
            while d.phase() == Phase::Discard {
                let c = d.legal_discards().lowest().unwrap();
                d.apply(Action::Discard(c)).unwrap();
            }
            for k in 0..n {
                assert_eq!(d.phase(), Phase::Declare);
                assert_eq!(
                    d.current_player(),
                    Some((dealer + k) % n),
                    "{}: declaring order, dealer {dealer}",
                    rules.id
                );
                d.apply(Action::Done).unwrap();
            }
            let first_hand = (dealer + 1) % n;
            if rules.game == tarok_historic::ruleset::Game::Quadrille {
                // The bidding opens with the first hand (QJC-4); play needs a contract.
                assert_eq!(
                    (d.phase(), d.current_player()),
                    (Phase::Bid, Some(first_hand))
                );
                d.apply(Action::Ask).unwrap();
                for _ in 1..n {
                    d.apply(Action::Pass).unwrap();
                }
                let c = d.legal_actions()[0];
                d.apply(c).unwrap();
            }
            assert_eq!(d.phase(), Phase::Play);
            assert_eq!(
                d.current_player(),
                Some(first_hand),
                "{}: the first hand leads, dealer {dealer}",
                rules.id
            );
            tarok_historic::playout::play_out(
                &mut d,
                &mut tarok_core::DealRng::seed(dealer as u64),
                |_| {},
            );
            let t = d.tricks();
            assert_eq!(t[0].leader, first_hand);
            for w in t.windows(2) {
                assert_eq!(w[1].leader, w[0].winner, "{}: the winner leads", rules.id);
            }
        }
    }
}

#[test]
fn a_void_player_whose_only_tarock_is_the_pagat_must_play_it() {
    // "forcere Pagaten" (002 L195-197): void in the led suit, the Pagat is his only tarock.
    assert_eq!(
        legal_cards(&THREE, cards("T1 H2 H5 R3"), &trick("S2")),
        cards("T1")
    );
    assert_eq!(
        legal_cards(&THREE, cards("T1 H2 H5"), &trick("T7")),
        cards("T1")
    );
    // With the Scus he may still play the Scus instead (002 L177-178).
    assert_eq!(
        legal_cards(&THREE, cards("T1 X H2 H5"), &trick("S2")),
        cards("T1 X")
    );
}

#[test]
fn scus_deadline_switch() {
    // `scus_deadline` (002 L215-217, JC-10): the hand size from which the Scus is due.
    let none = Ruleset {
        scus_deadline: 0,
        ..THREE
    };
    // No deadline: a 3-card hand follows the ordinary rules, and may not lead the Scus.
    assert_eq!(legal_cards(&none, cards("X S5 T3"), &[]), cards("S5 T3"));
    assert_eq!(
        legal_cards(&none, cards("X S5 T3"), &trick("S2")),
        cards("X S5")
    );
    // Only the Scus left: it is led (the forced case of JC-9).
    assert_eq!(legal_cards(&none, cards("X"), &[]), cards("X"));
    let five = Ruleset {
        scus_deadline: 5,
        ..THREE
    };
    assert_eq!(
        legal_cards(&five, cards("X S5 T3 H2 H4"), &trick("S2")),
        cards("X")
    );
    assert_eq!(
        legal_cards(&five, cards("X S5 T3 H2 H4 H6"), &trick("S2")),
        cards("X S5")
    );
    // Kept to the last trick, the Scus still goes back to its holder, never to the winner
    // (002 L176), and the counts still total 78.
    let mut d = deal_with(none, 0, &["", "", "X"]);
    scat_and_declare_all(&mut d);
    support::play_with(&mut d, |_, _, legal| {
        (legal - CardSet::single(Card::SKUS))
            .lowest()
            .unwrap_or(Card::SKUS)
    });
    let (t, holder) = d.played(Card::SKUS).unwrap();
    assert_eq!((t, holder), (24, 2), "the Scus fell in the last trick");
    assert_ne!(d.tricks()[24].winner, 2);
    assert!(d.pile(2).contains(Card::SKUS));
    assert_eq!(d.count(0) + d.count(1) + d.count(2), 78);
}
