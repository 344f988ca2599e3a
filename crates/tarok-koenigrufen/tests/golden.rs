//! Golden tests: every vector of the project's Königrufen vectors and the tables of the rules
//! (docs/rules/koenigrufen.md).
//! Test names carry the vector ids (DECK-1, CNT-3, SET-12, ...).

mod common;

use common::*;
use tarok_core::{CardSet, Suit};
use tarok_koenigrufen::cards::*;
use tarok_koenigrufen::contract::{PlayMode, TalonUse};
use tarok_koenigrufen::kontra::{factor, Item};
use tarok_koenigrufen::play::Kaiser;
use tarok_koenigrufen::ruleset::{
    SolorufKontraVoid, Switches, ThreeJungfrauen, ThreeWayTie, TieRule, TieWithJungfrau,
};
use tarok_koenigrufen::scoring::{pay_item, Reason};
use tarok_koenigrufen::table::{cut, first_dealer, renonce_halves, seating, Renonce, ScoreSheet};
use tarok_koenigrufen::talon::{check_discard, legal_discards};
use tarok_koenigrufen::trischaken::pay_trischaken;
use tarok_koenigrufen::*;

// ------------------------------------------------------------------ 1. deck (TEXT)

#[test]
fn deck_1_to_6() {
    assert_eq!(PACK.len(), 54); // DECK-1
    assert_eq!((PACK & TAROCK).len(), 22);
    assert_eq!(SUIT_CARDS.len(), 32);
    // DECK-2: I Pagat, II Uhu, III Kakadu, XXI Mond, XXII Gschtieß/Sküs.
    assert_eq!(c("T1"), PAGAT);
    assert_eq!(c("II"), UHU);
    assert_eq!(c("T3"), KAKADU);
    assert_eq!(c("XXI"), MOND);
    assert_eq!(c("Sküs"), SKUES);
    assert_eq!(c("T22"), SKUES);
    // DECK-3: 4 suits of 8.
    for s in Suit::ALL {
        assert_eq!(suit_cards(s).len(), 8);
    }
    // DECK-4/5: ranks high to low.
    for order in [
        "HK HD HR HB H1 H2 H3 H4",
        "KaK KaD KaR KaB Ka1 Ka2 Ka3 Ka4",
        "KrK KrD KrR KrB Kr10 Kr9 Kr8 Kr7",
        "PK PD PR PB P10 P9 P8 P7",
    ] {
        let v = set_order(order);
        for w in v.windows(2) {
            assert!(w[0].index() > w[1].index(), "{order}");
        }
    }
    // DECK-6: the Sküs beats every card (no Kaiserstich here).
    for x in (PACK - TRULL).iter() {
        if x == SKUES {
            continue;
        }
        let trick = format!("{} T22 P7 H4", german(x));
        if set_order(&trick).into_iter().collect::<CardSet>().len() < 4 {
            continue;
        }
        assert_eq!(
            winner(PlayMode::Positive, Kaiser::Always, &trick),
            1,
            "{trick}"
        );
    }
}

// ------------------------------------------------------------------ 2. values and counting

#[test]
fn val_1_to_9() {
    for x in ["T22", "T21", "T1", "HK", "KaK", "KrK", "PK"] {
        assert_eq!(value(c(x)), 5, "VAL-1 {x}");
    }
    assert_eq!(value(c("HD")), 4); // VAL-2
    assert_eq!(value(c("PR")), 3); // VAL-3
    assert_eq!(value(c("KaB")), 2); // VAL-4
    for n in 3..=20 {
        assert_eq!(value(c(&format!("T{n}"))), 1, "VAL-5"); // VAL-5
    }
    assert_eq!(value(c("H4")), 1);
    assert_eq!(value(c("P7")), 1);
    assert_eq!(value(c("T2")), 1); // VAL-6 (A1)
    assert_eq!(thirds(PACK), 210); // VAL-7: 70 points
    assert_eq!(count_text(thirds(PACK)), "70/0");
    let raw: u32 = PACK.iter().map(value).sum(); // VAL-8
    assert_eq!(raw, 106);
    assert_eq!(raw - 2 * 18, 70);
    // VAL-9: thirds per card.
    assert_eq!(thirds(set("HK")), 13);
    assert_eq!(thirds(set("HD")), 10);
    assert_eq!(thirds(set("HR")), 7);
    assert_eq!(thirds(set("HB")), 4);
    assert_eq!(thirds(set("T7")), 1);
}

#[test]
fn cnt_1_to_8() {
    let cases = [
        ("T22 T21 T1", 39, "13/0"),
        ("HK HD HR HB H1 H2", 36, "12/0"),
        ("T20 T19", 2, "0/2"),
        ("T20", 1, "0/1"),
        ("HK", 13, "4/1"),
        ("T22 T21 T1 T20", 40, "13/1"),
    ];
    for (pile, t, text) in cases {
        assert_eq!(thirds(set(pile)), t, "{pile}");
        assert_eq!(count_text(thirds(set(pile))), text, "{pile}");
    }
    assert_eq!(count_text(thirds(PACK)), "70/0"); // CNT-6
                                                  // CNT-8: a pile and its complement make 210 thirds.
    let mut rng = tarok_core::DealRng::seed(8);
    for _ in 0..200 {
        let p: CardSet = PACK.iter().filter(|_| rng.below(2) == 0).collect();
        assert_eq!(thirds(p) + thirds(PACK - p), 210);
    }
}

// ------------------------------------------------------------------ 3. thresholds

#[test]
fn thr_3_to_9() {
    // The declarer's party wins with thirds >= 107 (35/2); the two piles sum to 210.
    let cases = [
        ("35/2", "34/1", true),  // THR-3
        ("35/1", "34/2", false), // THR-4
        ("35/0", "35/0", false), // THR-5
        ("36/0", "34/0", true),  // THR-6
    ];
    for (decl, opp, wins) in cases {
        let t = |s: &str| {
            let (p, b) = s.split_once('/').unwrap();
            3 * p.parse::<u32>().unwrap() + b.parse::<u32>().unwrap()
        };
        assert_eq!(t(decl) + t(opp), 210, "{decl} {opp}");
        assert_eq!(at_least_35_2(t(decl)), wins, "{decl}");
        assert_eq!(count_text(t(decl)), decl);
    }
    // THR-9: Trischaken "mehr als 35/1": 35/2 yes, 35/1 no.
    assert!(at_least_35_2(107) && !at_least_35_2(106));
    // THR-7..9: Trischaken over 35/1 from 107 thirds (see tri_5 and tri_6 below).
}

#[test]
fn thr_end_to_end_by_count() {
    // A Dreier whose party pile is exactly 35/2 wins, 35/1 loses: move one 1-point card.
    let mut s = finished(Contract::Dreier, 1, None, Outcome::Win);
    let (team, _) = tarok_koenigrufen::scoring::party_piles(&s.settled());
    let mut extra = thirds(team) - 107;
    // Move non-5-point cards (so no premium changes) from the declarer to an opponent, largest
    // first, keeping one 1-pointer back for the second step.
    let mut movable: Vec<_> = (s.play.taken[1] - FIVES).iter().collect();
    movable.sort_by_key(|&x| std::cmp::Reverse(thirds(CardSet::single(x))));
    let last_one = *movable.last().unwrap();
    for &x in &movable[..movable.len() - 1] {
        let t = thirds(CardSet::single(x));
        if t <= extra {
            s.play.taken[1].remove(x);
            s.play.taken[0].insert(x);
            extra -= t;
        }
    }
    assert_eq!(
        thirds(tarok_koenigrufen::scoring::party_piles(&s.settled()).0),
        107
    );
    assert_eq!(balances(&s)[1], 12, "35/2 wins");
    s.play.taken[1].remove(last_one);
    s.play.taken[0].insert(last_one);
    assert_eq!(
        thirds(tarok_koenigrufen::scoring::party_piles(&s.settled()).0),
        106
    );
    assert_eq!(balances(&s)[1], -12, "35/1 loses");
}

// ------------------------------------------------------------------ 4. cutting and dealing

#[test]
fn deal_1_to_5() {
    let deck = tarok_core::shuffled(PACK, 3);
    assert!(cut(&deck, 2).is_err()); // DEAL-1
    assert!(cut(&deck, 3).is_ok());
    assert!(cut(&deck, 51).is_ok());
    assert!(cut(&deck, 52).is_err());
    assert!(cut(&deck, 0).is_err()); // DEAL-2: no "Klopfen"
    let cutd = cut(&deck, 10).unwrap();
    assert_eq!(cutd[0], deck[10]);
    // DEAL-3/4: 6 each from the Vorhand, talon 2×3, 6 each; Vorhand = dealer's right.
    for dealer in 0..4u8 {
        let s = DealState::new(Switches::default(), &deck, dealer).unwrap();
        assert_eq!(s.vorhand(), (dealer + 1) % 4);
        for seat in 0..4 {
            assert_eq!(s.hand(seat).len(), 12);
        }
        assert_eq!(s.talon()[0], deck[24..27].iter().copied().collect());
        assert_eq!(s.talon()[1], deck[27..30].iter().copied().collect());
        let v = s.vorhand();
        assert!(deck[0..6].iter().all(|&x| s.hand(v).contains(x)));
        assert!(deck[30..36].iter().all(|&x| s.hand(v).contains(x)));
        assert!(deck[48..54].iter().all(|&x| s.hand(dealer).contains(x)));
    }
    // DEAL-5: a misdealt deck is refused (redeal).
    assert!(DealState::new(Switches::default(), &deck[1..], 0).is_err());
    let mut twice = deck.clone();
    twice[0] = twice[1];
    assert!(DealState::new(Switches::default(), &twice, 0).is_err());
}

#[test]
fn first_dealer_and_seating_p5_p6() {
    // §4.2: highest tarock draws the deal; otherwise the best-ranked suit card; ties draw again.
    assert_eq!(
        first_dealer(&[c("HK"), c("T5"), c("T20"), c("P7")]),
        Some(2)
    );
    assert_eq!(first_dealer(&[c("HD"), c("PK"), c("Ka4")]), Some(1));
    assert_eq!(first_dealer(&[c("HK"), c("PK")]), None);
    // P5-1: five players, dealer 0 sits out, seats 1–4 play, seat 1 is the Vorhand.
    let s5 = seating(5, 0).unwrap();
    assert_eq!(s5.sitting_out, vec![0]);
    assert_eq!(s5.table_seats, [1, 2, 3, 4]);
    assert_eq!(
        (s5.deal_dealer + 1) % 4,
        0,
        "deal seat 0 (table seat 1) is the Vorhand"
    );
    // P6-1: six players, seats 0 and 3 sit out; 1, 2, 4, 5 play.
    let s6 = seating(6, 0).unwrap();
    assert_eq!(s6.sitting_out, vec![0, 3]);
    assert_eq!(s6.table_seats, [1, 2, 4, 5]);
    assert_eq!(seating(6, 4).unwrap().sitting_out, vec![4, 1]);
    assert!(seating(7, 0).is_err());
    assert_eq!(tarok_koenigrufen::table::next_dealer(5, 4), 0);
}

// ------------------------------------------------------------------ 5. contracts and ranks

#[test]
fn ct_1_to_14_and_ranks() {
    use Contract::*;
    let table = [
        (Trischaken, 14, true, false, 1, false, TalonUse::None),
        (Rufer, 13, true, true, 1, true, TalonUse::ThreeOpen),
        (Zwiccolo, 12, false, false, 2, false, TalonUse::None),
        (Piccolo, 11, false, false, 2, false, TalonUse::None),
        (Bettler, 10, false, false, 2, false, TalonUse::None),
        (Solorufer, 9, false, true, 2, true, TalonUse::None),
        (Besserrufer, 8, false, true, 1, true, TalonUse::ThreeOpen),
        (Farbendreier, 7, false, true, 3, false, TalonUse::ThreeOpen),
        (Sechser, 6, true, true, 4, false, TalonUse::SixHidden),
        (Dreier, 5, false, true, 4, false, TalonUse::ThreeOpen),
        (Farbensolo, 4, false, true, 6, false, TalonUse::None),
        (PiccoloOuvert, 3, false, false, 6, false, TalonUse::None),
        (BettlerOuvert, 2, false, false, 7, false, TalonUse::None),
        (Solodreier, 1, false, true, 8, false, TalonUse::None),
    ];
    for (ct, rank, v_only, positive, value, king, talon) in table {
        assert_eq!(ct.rank(), rank, "{ct}");
        assert_eq!(ct.vorhand_only(), v_only, "{ct}");
        assert_eq!(ct.is_positive(), positive, "{ct}");
        assert_eq!(ct.value(), value, "{ct}");
        assert_eq!(ct.calls_king(), king, "{ct}");
        assert_eq!(ct.talon_use(), talon, "{ct}");
        assert_eq!(Contract::from_rank(rank), Some(ct));
    }
    assert_eq!(Sechser.loss_value(), 8); // "+4 (-8)" [L693]
    assert!(Besserrufer.beats(Solorufer)); // RANK-1
    assert!(Bettler.beats(Piccolo) && Piccolo.beats(Zwiccolo)); // RANK-2
    assert!(Dreier.beats(Sechser)); // RANK-3
    for other in Contract::ALL.iter().filter(|&&x| x != Solodreier) {
        assert!(Solodreier.beats(*other)); // RANK-4
    }
}

#[test]
fn rank_5_sechser_only_without_ranks_1_to_5() {
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, bid(Contract::Sechser)); // V = seat 1
    assert_eq!(
        d.apply(bid(Contract::Farbendreier)),
        Err(RuleError::BidTooLow(Contract::Sechser))
    );
    act(&mut d, bid(Contract::Dreier));
    act(&mut d, PASS);
    act(&mut d, PASS);
    // The Vorhand may hold the Dreier or pass; the Sechser is not played.
    assert!(d.legal_actions().contains(&Action::Call(Call::Hold)));
    act(&mut d, PASS);
    assert_eq!(d.state().contract(), Some(Contract::Dreier));
}

#[test]
fn rank_6_7_rufer_and_trischaken_only_at_the_end() {
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, MEIN_VORHAND);
    act(&mut d, bid(Contract::Zwiccolo));
    // Another game was announced: no Rufer, no Trischaken for anyone now.
    act(&mut d, PASS);
    act(&mut d, PASS);
    let legal = d.legal_actions();
    assert!(!legal.contains(&bid(Contract::Rufer)));
    assert!(!legal.contains(&bid(Contract::Trischaken)));
}

// ------------------------------------------------------------------ 6. bidding

#[test]
fn bid_1_opening_with_value_two() {
    let d = deal_for(0, ["", "", "", ""], ["", ""]);
    assert!(d.state().check(bid(Contract::Solorufer)).is_ok());
    assert_eq!(
        d.state().check(bid(Contract::Rufer)),
        Err(RuleError::OnlyAtTheEnd(Contract::Rufer))
    );
    assert_eq!(
        d.state().check(bid(Contract::Trischaken)),
        Err(RuleError::OnlyAtTheEnd(Contract::Trischaken))
    );
    assert_eq!(d.state().check(PASS), Err(RuleError::VorhandFirstTurn));
}

#[test]
fn bid_2_3_vorhand_final_choice() {
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, MEIN_VORHAND);
    act(&mut d, PASS);
    act(&mut d, PASS);
    act(&mut d, PASS);
    assert_eq!(d.current_player(), 1);
    let legal = d.legal_actions();
    assert!(legal.contains(&bid(Contract::Rufer))); // BID-3
    assert!(legal.contains(&bid(Contract::Trischaken)));
    assert!(legal.contains(&bid(Contract::Dreier)));
    assert!(!legal.contains(&bid(Contract::Sechser))); // BID-2
    assert_eq!(
        d.state().check(bid(Contract::Sechser)),
        Err(RuleError::SechserNotFirst)
    );
    assert_eq!(d.state().check(PASS), Err(RuleError::MustChoose));
    act(&mut d, bid(Contract::Trischaken));
    assert_eq!(d.state().contract(), Some(Contract::Trischaken));
    assert_eq!(
        d.state().phase(),
        Phase::Play,
        "no talon, no announcements, no Kontra"
    );
    assert_eq!(d.state().play().leader, 1, "the Vorhand leads Trischaken");
}

#[test]
fn bid_4_5_6_bei_rules() {
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    assert!(d.state().bidding().vorhand_first);
    act(&mut d, MEIN_VORHAND);
    assert!(!d.state().bidding().vorhand_first, "the Vorhand has spoken");
    // BID-5: no Piccolo bei without a Piccolo.
    assert_eq!(
        d.state().check(Action::Call(Call::Bei)),
        Err(RuleError::NoBei)
    );
    act(&mut d, bid(Contract::Bettler));
    // BID-4: a Piccolo after a Bettler is not an overbid.
    assert_eq!(
        d.state().check(bid(Contract::Piccolo)),
        Err(RuleError::BidTooLow(Contract::Bettler))
    );
    // BID-6: no Bettler bei.
    assert_eq!(
        d.state().check(Action::Call(Call::Bei)),
        Err(RuleError::NoBei)
    );
    assert!(Contract::parse("zwiccolo-ouvert").is_none());
    assert!(Contract::parse("bettler-bei").is_none());
}

#[test]
fn bid_7_8_four_piccolos_first_announcer_leads() {
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, MEIN_VORHAND); // seat 1
    act(&mut d, bid(Contract::Piccolo)); // seat 2 announces first
    act(&mut d, Action::Call(Call::Bei)); // seat 3
    act(&mut d, Action::Call(Call::Bei)); // seat 0
    act(&mut d, Action::Call(Call::Bei)); // seat 1, the Vorhand
    assert_eq!(d.state().contract(), Some(Contract::Piccolo));
    assert_eq!(
        d.state().declarers(),
        0b1111,
        "BID-7: four Piccolos at once"
    );
    all_gut(&mut d);
    assert_eq!(
        d.state().play().leader,
        2,
        "BID-8: the first announcer leads"
    );
}

#[test]
fn bid_9_10_11_king_call() {
    // BID-9: with three kings only the fourth can be called, and others do not learn which.
    let mut d = deal_for(3, ["HK KaK KrK", "", "", ""], ["", ""]);
    act(&mut d, bid(Contract::Solorufer)); // seat 0 is the Vorhand (dealer 3)
    act(&mut d, PASS);
    act(&mut d, PASS);
    act(&mut d, PASS);
    assert_eq!(d.state().phase(), Phase::KingCall);
    assert_eq!(d.legal_actions(), vec![Action::CallKing(c("PK"))]);
    act(&mut d, Action::CallKing(c("PK")));
    assert!(d.state().fourth_king());
    let holder = (0..4).find(|&s| d.state().hand(s).contains(c("PK")));
    for seat in 1..4u8 {
        let v = d.view(seat);
        if Some(seat) == holder {
            assert_eq!(v.called_king, Some(c("PK")));
        } else {
            assert_eq!(v.called_king, None, "seat {seat}");
            assert!(v.log.iter().any(|(_, a)| a.is_none()));
        }
    }
    // BID-10: all four kings, no king-call game.
    let d = deal_for(3, ["HK KaK KrK PK T1", "", "", ""], ["", ""]);
    assert_eq!(
        d.state().check(bid(Contract::Solorufer)),
        Err(RuleError::FourKings)
    );
    assert_eq!(
        d.state().check(bid(Contract::Besserrufer)),
        Err(RuleError::FourKings)
    );
    // BID-11: calling one's own king is refused.
    let mut d = deal_for(3, ["HK", "", "", ""], ["", ""]);
    act(&mut d, bid(Contract::Solorufer));
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    assert_eq!(
        d.state().check(Action::CallKing(c("HK"))),
        Err(RuleError::OwnKing)
    );
}

#[test]
fn vorhand_holds_and_the_displaced_bidder_must_go_higher() {
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, MEIN_VORHAND);
    act(&mut d, bid(Contract::Dreier)); // seat 2
    act(&mut d, PASS);
    act(&mut d, PASS);
    act(&mut d, Action::Call(Call::Hold)); // seat 1 holds
    assert_eq!(d.current_player(), 2);
    assert_eq!(
        d.state().check(bid(Contract::Dreier)),
        Err(RuleError::BidTooLow(Contract::Dreier))
    );
    act(&mut d, PASS);
    assert_eq!(d.state().contract(), Some(Contract::Dreier));
    assert_eq!(d.state().declarer(), 1);
    // Only the Vorhand may hold.
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, bid(Contract::Bettler));
    assert_eq!(
        d.state().check(Action::Call(Call::Hold)),
        Err(RuleError::CannotHold)
    );
}

// ------------------------------------------------------------------ 7. premiums

#[test]
fn prem_1_to_7_value_tables() {
    use Contract::*;
    use Premium::*;
    // (contract, [Pagat, Uhu, Kakadu, KU, 4K, Trull, Valat] announced values; 0 = not possible)
    let table: [(Contract, [i32; 7]); 9] = [
        (Rufer, [2, 4, 6, 2, 2, 2, 8]),
        (Besserrufer, [2, 4, 6, 2, 2, 2, 8]),
        (Solorufer, [4, 8, 12, 4, 4, 4, 16]),
        (Farbendreier, [0, 0, 0, 0, 2, 0, 24]),
        (Sechser, [2, 4, 6, 0, 2, 2, 32]), // König ultimo not available (A16)
        (Dreier, [2, 4, 6, 0, 2, 2, 32]),
        (Farbensolo, [0, 0, 0, 0, 4, 0, 48]),
        (Solodreier, [4, 8, 12, 0, 4, 4, 64]),
        (Piccolo, [0; 7]),
    ];
    let order = [Pagat, Uhu, Kakadu, KoenigUltimo, VierKoenige, Trull, Valat];
    for (ct, values) in table {
        for (p, v) in order.iter().zip(values) {
            assert_eq!(p.announced_value(ct).unwrap_or(0), v, "{ct} {p}");
            // PREM-4: announced = 2 × silent.
            if v > 0 {
                assert_eq!(p.silent_value(ct).unwrap() * 2, v, "{ct} {p}");
            }
        }
        // PREM-3: valat = 8 × base announced, 4 × base silent.
        if ct.is_positive() {
            assert_eq!(Valat.announced_value(ct), Some(8 * ct.value()));
            assert_eq!(Valat.silent_value(ct), Some(4 * ct.value()));
        }
    }
    // PREM-1/2.
    assert_eq!(
        (Pagat.announced_value(Rufer), Pagat.silent_value(Rufer)),
        (Some(2), Some(1))
    );
    assert_eq!(
        (
            Pagat.announced_value(Solorufer),
            Pagat.silent_value(Solorufer)
        ),
        (Some(4), Some(2))
    );
    // PREM-5..7.
    for ct in Contract::ALL {
        for p in Premium::ALL {
            if ct.is_negative() {
                assert!(!p.allowed_in(ct)); // PREM-7
            } else if ct.is_colour() {
                assert_eq!(p.allowed_in(ct), matches!(p, VierKoenige | Valat)); // PREM-5/6
            }
        }
    }
    assert_eq!(Contract::Trischaken.trick_target(), None);
}

#[test]
fn prem_8_solodreier_announces_at_once() {
    let mut d = deal_for(0, ["T1", "", "", ""], ["", ""]);
    act(&mut d, bid(Contract::Solodreier)); // seat 1 is the Vorhand
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    assert_eq!(d.state().phase(), Phase::Announcements);
    assert_eq!(d.current_player(), 1, "the declarer speaks first");
    act(&mut d, Action::Gut);
    act(&mut d, Action::Gut); // seat 2 says gut
    act(&mut d, Action::Kontra(Item::Game(1))); // seat 3 kontras
    act(&mut d, Action::Gut);
    act(&mut d, Action::Gut); // seat 0
                              // Back to the declarer: he may Re, but not announce any more.
    assert_eq!(d.current_player(), 1);
    assert_eq!(
        d.state().check(Action::Announce(Premium::Trull)),
        Err(RuleError::AnnounceLate)
    );
    assert!(d.state().check(Action::Re(Item::Game(1), 0)).is_ok());
}

#[test]
fn bird_1_to_9_success_rules() {
    // Dreier, declarer seat 1 announced the Pagat.
    let base = || {
        let mut s = finished(Contract::Dreier, 1, None, Outcome::Win);
        s.announced[Premium::Pagat.index()] = Some(1);
        s
    };
    let pagat_line = |s: &FinishedDeal| {
        tarok_koenigrufen::scoring::settlement(&s.settled())
            .into_iter()
            .find_map(|l| match l.reason {
                Reason::Premium {
                    premium: Premium::Pagat,
                    announced: true,
                    won,
                    ..
                } => Some(won),
                _ => None,
            })
            .expect("a Pagat line")
    };
    // BIRD-1: T1 in trick 12, wins it (seat 1 leads T1, others discard low).
    let mut s = base();
    place(&mut s.play, 11, "T1 H4 Ka4 P7", 1, 1);
    assert!(pagat_line(&s));
    // BIRD-2: a higher tarock (by any player) wins trick 12.
    let mut s = base();
    place(&mut s.play, 11, "T1 T20 Ka4 P7", 1, 2);
    assert!(!pagat_line(&s));
    // BIRD-3: T1 in trick 9.
    let mut s = base();
    place(&mut s.play, 8, "T1 H4 Ka4 P7", 1, 1);
    assert!(!pagat_line(&s));
    // BIRD-4: Kaiserstich in trick 12 (engine computes the winner).
    assert_eq!(
        winner(PlayMode::Positive, Kaiser::Always, "T22 T1 T21 HK"),
        1
    );
    let mut s = base();
    place(&mut s.play, 11, "T22 T1 T21 HK", 0, 1);
    assert!(pagat_line(&s));
    // BIRD-5/6: Uhu in trick 11, Kakadu in trick 10.
    let mut s = base();
    s.announced[Premium::Pagat.index()] = None;
    s.announced[Premium::Uhu.index()] = Some(1);
    s.announced[Premium::Kakadu.index()] = Some(1);
    place(&mut s.play, 10, "T2 H4 Ka4 P7", 1, 1);
    place(&mut s.play, 9, "T3 H3 Ka3 P8", 1, 1);
    let won: Vec<_> = tarok_koenigrufen::scoring::settlement(&s.settled())
        .into_iter()
        .filter_map(|l| match l.reason {
            Reason::Premium {
                premium,
                announced: true,
                won,
                ..
            } => Some((premium, won)),
            _ => None,
        })
        .collect();
    assert!(won.contains(&(Premium::Uhu, true)) && won.contains(&(Premium::Kakadu, true)));
    // BIRD-7/8/9: König ultimo of the partner (seat 3), called king HK, Rufer declarer seat 1.
    let ku = |trick: usize, winner: u8| {
        let mut s = finished(Contract::Rufer, 1, Some(3), Outcome::Win);
        s.announced[Premium::KoenigUltimo.index()] = Some(3);
        place(&mut s.play, trick, "H4 T20 HK H3", 0, winner);
        tarok_koenigrufen::scoring::settlement(&s.settled())
            .into_iter()
            .find_map(|l| match l.reason {
                Reason::Premium {
                    premium: Premium::KoenigUltimo,
                    won,
                    ..
                } => Some(won),
                _ => None,
            })
            .unwrap()
    };
    assert!(
        ku(11, 1),
        "BIRD-7: the declarer wins the last trick with the king in it"
    );
    assert!(!ku(11, 0), "BIRD-8: an opponent wins it");
    assert!(!ku(6, 1), "BIRD-9: the king falls in trick 7");
}

#[test]
fn bird_10_11_wrong_bird_cannot_be_announced() {
    // The engine offers only birds the player holds (README), so the Spielfehler and the
    // Besserrufer Renonce of [L384]/[L400] cannot arise in play.
    let mut d = deal_for(0, ["", "T3", "", ""], ["", ""]);
    act(&mut d, bid(Contract::Besserrufer));
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    let king = d.legal_actions()[0];
    act(&mut d, king);
    assert_eq!(d.state().phase(), Phase::BesserruferBird);
    let holds_uhu = d.state().hand(1).contains(UHU);
    assert_eq!(
        d.state().check(Action::Announce(Premium::Uhu)).is_ok(),
        holds_uhu,
        "BIRD-11: only a held bird can be named"
    );
    assert_eq!(
        d.state().check(Action::Gut),
        Err(RuleError::BesserruferBird),
        "a bird is required"
    );
    act(&mut d, Action::Announce(Premium::Kakadu));
}

#[test]
fn bird_12_13_higher_bird_first() {
    // Pagat and Uhu announced by the player to act, who must play tarock: the Uhu goes first.
    let mut p = to_play(PlayMode::Positive, "T10", "T1 T2 H4");
    p.bird_guard = set("T1 T2");
    assert_eq!(p.legal_cards(), set("T2"));
    assert_eq!(p.play(c("T1")), Err(RuleError::BirdOrder));
    // Without the announcement either bird may go.
    p.bird_guard = CardSet::EMPTY;
    assert_eq!(p.legal_cards(), set("T1 T2"));
}

// ------------------------------------------------------------------ 8. Kontra

#[test]
fn kon_1_to_4_levels() {
    assert_eq!((factor(1), factor(2), factor(3)), (2, 4, 8));
    // A full chain in a Dreier: Kontra, Re, Subkontra, then nothing more.
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, bid(Contract::Dreier)); // seat 1
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    act(&mut d, Action::TakeHalf(0));
    while d.state().phase() == Phase::Discard {
        let a = d.legal_actions()[0];
        act(&mut d, a);
    }
    act(&mut d, Action::Gut); // ich liege
    act(&mut d, Action::Kontra(Item::Game(1))); // seat 2
    assert_eq!(
        d.state().kontra_levels(Item::Game(1)),
        [1, 0, 1, 1],
        "a Kontra in a positive game applies for all"
    );
    act(&mut d, Action::Gut);
    act(&mut d, Action::Gut); // seat 3
    act(&mut d, Action::Gut); // seat 0
    act(&mut d, Action::Re(Item::Game(1), 0)); // declarer
    act(&mut d, Action::Gut);
    act(&mut d, Action::Subkontra(Item::Game(1))); // seat 2, only for himself
    assert_eq!(d.state().kontra_levels(Item::Game(1)), [2, 0, 3, 2]);
    act(&mut d, Action::Gut);
    act(&mut d, Action::Gut);
    act(&mut d, Action::Gut);
    // KON-4: nothing beyond Subkontra.
    assert!(d
        .legal_actions()
        .iter()
        .all(|a| !matches!(a, Action::Re(..) | Action::Kontra(_))));
    act(&mut d, Action::Gut);
    // The cycle after the last call (seat 2's Subkontra) comes back to seat 2 (§10.5).
    act(&mut d, Action::Gut);
    assert_eq!(d.state().phase(), Phase::Play);
}

#[test]
fn kon_5_to_9_where_kontra_is_impossible() {
    // KON-5: Trischaken goes straight to the play.
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, MEIN_VORHAND);
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    act(&mut d, bid(Contract::Trischaken));
    assert!(matches!(
        d.state().check(Action::Kontra(Item::Game(1))),
        Err(RuleError::WrongPhase(..))
    ));
    // KON-6: no Kontra before the talon is taken.
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, bid(Contract::Dreier));
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    assert!(matches!(
        d.state().check(Action::Kontra(Item::Game(1))),
        Err(RuleError::WrongPhase(..))
    ));
    // KON-7: after "gut" no Kontra on the items already announced.
    act(&mut d, Action::TakeHalf(1));
    while d.state().phase() == Phase::Discard {
        let a = d.legal_actions()[0];
        act(&mut d, a);
    }
    // Kontra on one's own side's item is refused.
    assert_eq!(
        d.state().check(Action::Kontra(Item::Game(1))),
        Err(RuleError::KontraOwnSide)
    );
    act(&mut d, Action::Announce(Premium::Valat)); // the declarer, with "ich liege"
    act(&mut d, Action::Gut);
    act(&mut d, Action::Gut); // seat 2 says gut to the game and the Valat
                              // The Valat replaces the game, so seat 3 kontras the Valat, not the game (docs/rules/koenigrufen.md §10).
    assert_eq!(
        d.state().check(Action::Kontra(Item::Game(1))),
        Err(RuleError::GameReplacedByValat)
    );
    act(&mut d, Action::Kontra(Item::Premium(Premium::Valat))); // seat 3
    act(&mut d, Action::Gut);
    act(&mut d, Action::Gut); // seat 0
    act(&mut d, Action::Gut); // seat 1
    assert_eq!(d.current_player(), 2);
    assert_eq!(
        d.state()
            .check(Action::Kontra(Item::Premium(Premium::Valat))),
        Err(RuleError::KontraAfterGut)
    );
    act(&mut d, Action::Gut);
    // The cycle after the last call (seat 3's Kontra) comes back to seat 3 (§10.5).
    act(&mut d, Action::Gut);
    assert_eq!(
        d.state().phase(),
        Phase::Play,
        "a full cycle of 'gut' ends the round"
    );
}

/// A Rufer by the Vorhand (seat 1) calling HK, which lies in talon half 0.
fn rufer_with_king_in_talon(bird: bool) -> Deal {
    rufer_with_king_in_talon_by(Ruleset::spieleversum(), bird)
}

/// [`rufer_with_king_in_talon`] under the house rules of `rs`.
fn rufer_with_king_in_talon_by(rs: Ruleset, bird: bool) -> Deal {
    let hand = if bird { "T1" } else { "" };
    let hands = ["", hand, "", ""];
    let mut d = Deal::from_deck(rs, deck_for(0, hands, ["HK", ""]), 0).unwrap();
    if bird {
        act(&mut d, bid(Contract::Besserrufer));
        for _ in 0..3 {
            act(&mut d, PASS);
        }
        act(&mut d, Action::CallKing(c("HK")));
        act(&mut d, Action::Announce(Premium::Pagat));
        act(&mut d, Action::Gut);
    } else {
        act(&mut d, MEIN_VORHAND);
        for _ in 0..3 {
            act(&mut d, PASS);
        }
        act(&mut d, bid(Contract::Rufer));
        act(&mut d, Action::CallKing(c("HK")));
    }
    d
}

#[test]
fn kon_9_set_11_12_schleifen() {
    use tarok_koenigrufen::scoring::Points;
    let mut d = rufer_with_king_in_talon(false);
    assert_eq!(d.state().phase(), Phase::Talon);
    assert!(d.legal_actions().contains(&Action::Schleifen));
    assert_eq!(Points::of(d.state()), None, "no points before the end");
    act(&mut d, Action::Schleifen);
    assert!(d.is_over(), "KON-9: the deal ends, no Kontra round");
    assert_eq!(
        d.state().team(),
        1 << 1,
        "the declarer alone: no partner was fixed"
    );
    assert_eq!(
        tarok_koenigrufen::position::to_position(d.state(), 0b1111),
        None,
        "no card play, so no position"
    );
    assert_eq!(
        Points::of(d.state()),
        None,
        "no card points decide a schleifen"
    );
    assert_eq!(balances(d.state()), [1, -3, 1, 1], "SET-11");
    let mut d = rufer_with_king_in_talon(true);
    act(&mut d, Action::Schleifen);
    assert_eq!(
        balances(d.state()),
        [3, -9, 3, 3],
        "SET-12 (A13, cf. 3x3 of L647)"
    );
    // Playing on alone: he may take either half; the game is then 1 against 3.
    let mut d = rufer_with_king_in_talon(false);
    act(&mut d, Action::TakeHalf(1));
    while d.state().phase() == Phase::Discard {
        let a = d.legal_actions()[0];
        act(&mut d, a);
    }
    assert_eq!(d.state().partner(), None);
    assert_eq!(d.state().team(), 1 << 1);
    // No schleifen without the king in the talon.
    let d = rufer_calling_seat_3(false);
    assert_eq!(
        d.state().check(Action::Schleifen),
        Err(RuleError::NoSchleifen)
    );
}

// ------------------------------------------------------------------ 9. Trischaken

fn tri(points: [u32; 4], tricks: [u8; 4], sw: &Switches) -> [i32; 4] {
    assert_eq!(points.iter().sum::<u32>(), 210);
    let mut b = tarok_core::Balances::default();
    pay_trischaken(points, tricks, 0, sw, &mut b); // seat 0 = V
    assert_eq!(b.total(), 0);
    [b.players[0], b.players[1], b.players[2], b.players[3]]
}

#[test]
fn tri_1_to_9() {
    let sw = Switches::default();
    let t = [3, 3, 3, 3];
    assert_eq!(tri([45, 61, 90, 14], t, &sw), [1, 1, -3, 1], "TRI-1");
    assert_eq!(tri([90, 61, 45, 14], t, &sw), [-6, 2, 2, 2], "TRI-2");
    assert_eq!(tri([27, 108, 42, 33], t, &sw), [2, -6, 2, 2], "TRI-3");
    assert_eq!(tri([120, 30, 36, 24], t, &sw), [-12, 4, 4, 4], "TRI-4");
    assert_eq!(tri([60, 107, 33, 10], t, &sw), [2, -6, 2, 2], "TRI-5");
    assert_eq!(tri([60, 106, 33, 11], t, &sw), [1, -3, 1, 1], "TRI-6");
    assert_eq!(
        tri([60, 61, 89, 0], [4, 4, 4, 0], &sw),
        [0, 0, -3, 3],
        "TRI-7"
    );
    assert_eq!(
        tri([90, 120, 0, 0], [5, 7, 0, 0], &sw),
        [0, -12, 6, 6],
        "TRI-8"
    );
    assert_eq!(tri([30, 84, 84, 12], t, &sw), [3, -3, -3, 3], "TRI-9");
    let alt = Switches {
        trischaken_tie: TieRule::PayThreeToEach,
        ..sw
    };
    assert_eq!(
        tri([30, 84, 84, 12], t, &alt),
        [6, -6, -6, 6],
        "TRI-9 alternative"
    );
    // Project decisions (README): three-way tie, tie with a Jungfrau, three Jungfrauen.
    assert_eq!(tri([60, 60, 60, 30], t, &sw), [-3, -3, -3, 9]);
    let none = Switches {
        trischaken_three_way_tie: ThreeWayTie::NoPayment,
        ..sw
    };
    assert_eq!(tri([60, 60, 60, 30], t, &none), [0, 0, 0, 0]);
    assert_eq!(tri([30, 84, 84, 12], [4, 4, 4, 0], &sw), [0, -3, -3, 6]);
    assert_eq!(tri([210, 0, 0, 0], [12, 0, 0, 0], &sw), [-36, 12, 12, 12]);
}

#[test]
fn trischaken_talon_goes_to_the_last_trick() {
    for seed in 0..300 {
        let d = tarok_koenigrufen::family::random_deal(Ruleset::spieleversum(), seed);
        if d.state().contract() != Some(Contract::Trischaken) {
            continue;
        }
        let s = d.state();
        let last = s.play().winners[11] as usize;
        let mut piles = s.play().taken;
        piles[last] |= s.talon()[0] | s.talon()[1];
        let mut b = tarok_core::Balances::default();
        let pts = [
            thirds(piles[0]),
            thirds(piles[1]),
            thirds(piles[2]),
            thirds(piles[3]),
        ];
        pay_trischaken(pts, s.play().tricks_won, s.vorhand(), s.switches(), &mut b);
        assert_eq!(b, d.balances());
    }
}

// ------------------------------------------------------------------ 10. Renonce, 11. tournament

#[test]
fn tri_10_11_ren_1_to_6() {
    let sw = Switches::default();
    let h = |r: Renonce| renonce_halves(&r, &sw).map(|x| x / 2);
    assert_eq!(
        h(Renonce::Trischaken {
            offender: 1,
            vorhand: 0
        }),
        [3, -9, 3, 3],
        "TRI-10"
    );
    assert_eq!(
        h(Renonce::Trischaken {
            offender: 0,
            vorhand: 0
        }),
        [-18, 6, 6, 6],
        "TRI-11"
    );
    assert_eq!(
        h(Renonce::BesserruferWithoutBird { offender: 2 }),
        [3, 3, -9, 3],
        "REN-1"
    );
    let rufer = Renonce::Game {
        contract: Contract::Rufer,
        offender: 3,
        declarer: 0,
        game_level: 0,
        announced: vec![],
    };
    assert_eq!(h(rufer), [1, 1, 1, -3], "REN-3");
    let dreier = Renonce::Game {
        contract: Contract::Dreier,
        offender: 2,
        declarer: 0,
        game_level: 1,
        announced: vec![(Premium::Pagat, 0)],
    };
    assert_eq!(h(dreier), [10, 10, -30, 10], "REN-4");
    let bo = Renonce::Game {
        contract: Contract::BettlerOuvert,
        offender: 0,
        declarer: 0,
        game_level: 0,
        announced: vec![],
    };
    assert_eq!(h(bo), [-21, 7, 7, 7], "REN-5");
    // REN-6: misdeal shared by two: halves, in proportion to the game's value.
    let misdeal = |w| {
        renonce_halves(
            &Renonce::Misdeal {
                offenders: [0, 1],
                w,
            },
            &sw,
        )
    };
    assert_eq!(misdeal(1), [-3, -3, 3, 3]);
    assert_eq!(misdeal(2), [-6, -6, 6, 6]);
    // Sechser (A32): 8 by the declarer, 4 by an opponent.
    let sech = |o| Renonce::Game {
        contract: Contract::Sechser,
        offender: o,
        declarer: 0,
        game_level: 0,
        announced: vec![],
    };
    assert_eq!(h(sech(0)), [-24, 8, 8, 8]);
    assert_eq!(h(sech(1)), [4, -12, 4, 4]);
}

#[test]
fn tour_1_to_3_score_sheet() {
    let mut sheet = ScoreSheet::new(4);
    // TOUR-1: a written (+4, +4, +4, −4) cannot be reconstructed: the round counts 0 for all.
    assert_eq!(
        sheet.add_written(vec![8, 8, 8, -8], "lost Dreier, miswritten"),
        Ok(false)
    );
    assert_eq!(sheet.rounds[0].halves, vec![0, 0, 0, 0]);
    // TOUR-2: the correct record of a lost Dreier.
    assert_eq!(
        sheet.add_written(vec![8, 8, 8, -24], "lost Dreier"),
        Ok(true)
    );
    assert!(sheet.add_manual(vec![2, 2, 2, 2], "x").is_err());
    // TOUR-3: Kontra multiplies the points: a kontra'd lost Dreier from the engine.
    let mut s = finished(Contract::Dreier, 3, None, Outcome::Lose);
    s.levels[3] = [1, 1, 1, 0];
    let b = balances(&s);
    assert_eq!(b, [8, 8, 8, -24]);
    let mut bal = tarok_core::Balances::default();
    bal.players[..4].copy_from_slice(&b);
    sheet.add_deal(&seating(4, 0).unwrap(), &bal, "kontra'd Dreier");
    assert_eq!(sheet.totals(), vec![8 + 16, 8 + 16, 8 + 16, -24 - 48]);
    // A five-player table: the dealer sits out with 0.
    let mut five = ScoreSheet::new(5);
    five.add_deal(&seating(5, 2).unwrap(), &bal, "");
    assert_eq!(five.rounds[0].halves[2], 0);
    assert_eq!(five.totals().iter().sum::<i32>(), 0);
    // A Renonce entered by hand at the five-player table (deal seat 1 = table seat 4).
    five.add_renonce(
        &seating(5, 2).unwrap(),
        &Renonce::Trischaken {
            offender: 1,
            vorhand: 0,
        },
        &Switches::default(),
        "Farbzwang",
    );
    assert_eq!(
        five.rounds[1].halves,
        vec![6, 6, 0, 6, -18],
        "the dealer (2) sits out"
    );
    assert!(five.to_text().contains("Sum"));
    // Halves on the sheet, negative ones below a point included.
    let mut halves = ScoreSheet::new(4);
    halves.add_manual(vec![3, -3, 1, -1], "x").unwrap();
    assert_eq!(
        halves.to_text(),
        "  1. +1.5 -1.5 +0.5 -0.5  x\nSum: +1.5 -1.5 +0.5 -0.5\n"
    );
}

// ------------------------------------------------------------------ 12. settlement vectors

fn kontra(s: &mut FinishedDeal, item_slot: usize, levels: [u8; 4]) {
    s.levels[item_slot] = levels;
}

/// A settlement position built directly is checked before it becomes a state, and the hands
/// as dealt follow from its tricks, discard and talon.
#[test]
fn a_finished_deal_is_checked_before_it_becomes_a_state() {
    let ok = finished(Contract::Rufer, 1, Some(3), Outcome::Win);
    let s = DealState::finished(&ok).unwrap();
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!((s.team(), s.partner()), (0b1010, Some(3)));
    assert!((0..4).all(|seat| s.dealt(seat).len() == 12));
    let refused = |change: fn(&mut FinishedDeal)| {
        let mut f = ok;
        change(&mut f);
        DealState::finished(&f).is_err()
    };
    assert!(refused(|f| f.declarers = 1 << 2), "the declarer declares");
    assert!(
        refused(|f| f.partner = Some(1)),
        "the partner is another seat"
    );
    assert!(refused(|f| f.called_king = None), "a Rufer calls a king");
    assert!(refused(|f| f.levels[0][0] = 4), "no level above Subkontra");
    assert!(refused(|f| f.play.played = 47), "the card play is over");
}

#[test]
fn set_1_to_4_rufer_two_against_two() {
    // Declarer 1, partner 3, opponents 0 and 2.
    let won = finished(Contract::Rufer, 1, Some(3), Outcome::Win);
    assert_eq!(balances(&won), [-1, 1, -1, 1], "SET-1");
    let mut s = won;
    kontra(&mut s, 1, [1, 0, 1, 0]);
    assert_eq!(balances(&s), [-2, 2, -2, 2], "SET-2");
    let mut s = finished(Contract::Rufer, 1, Some(3), Outcome::Lose);
    kontra(&mut s, 1, [2, 0, 2, 0]);
    assert_eq!(balances(&s), [4, -4, 4, -4], "SET-3");
    let mut s = won;
    kontra(&mut s, 1, [3, 0, 2, 0]);
    assert_eq!(balances(&s), [-8, 6, -4, 6], "SET-4");
}

#[test]
fn set_5_to_8_solo_games() {
    assert_eq!(
        balances(&finished(Contract::Dreier, 2, None, Outcome::Lose)),
        [4, 4, -12, 4],
        "SET-5"
    );
    assert_eq!(
        balances(&finished(Contract::Sechser, 1, None, Outcome::Win)),
        [-4, 12, -4, -4],
        "SET-6"
    );
    assert_eq!(
        balances(&finished(Contract::Sechser, 1, None, Outcome::Lose)),
        [8, -24, 8, 8],
        "SET-7"
    );
    let mut s = finished(Contract::Solodreier, 1, None, Outcome::Win);
    s.announced[Premium::Pagat.index()] = Some(1);
    place(&mut s.play, 11, "T1 H4 Ka4 P7", 1, 1);
    assert_eq!(balances(&s), [-12, 36, -12, -12], "SET-8");
}

#[test]
fn set_9_piccolo_kontra_per_player() {
    let mut s = finished(Contract::Dreier, 0, None, Outcome::Win);
    s.contract = Contract::Piccolo;
    // Exactly one trick for the declarer (seat 0).
    for t in 0..12 {
        s.play.winners[t] = if t == 3 { 0 } else { 1 + (t % 3) as u8 };
    }
    retake(&mut s.play);
    kontra(&mut s, 0, [0, 1, 0, 0]);
    assert_eq!(balances(&s), [8, -4, -2, -2], "SET-9");
    // Two tricks: lost.
    s.play.winners[5] = 0;
    retake(&mut s.play);
    assert_eq!(balances(&s), [-8, 4, 2, 2]);
}

#[test]
fn set_10_besserrufer_game_won_bird_lost() {
    let mut s = finished(Contract::Besserrufer, 1, Some(3), Outcome::Win);
    s.announced[Premium::Pagat.index()] = Some(1);
    place(&mut s.play, 11, "T1 T20 Ka4 P7", 1, 2);
    assert_eq!(balances(&s), [1, -1, 1, -1], "SET-10");
}

#[test]
fn set_13_to_15_valat() {
    let s = finished(Contract::Rufer, 1, Some(3), Outcome::Valat);
    assert_eq!(
        balances(&s),
        [-4, 4, -4, 4],
        "SET-13: only the silent valat counts"
    );
    let mut s = finished(Contract::Dreier, 1, None, Outcome::Valat);
    s.announced[Premium::Valat.index()] = Some(1);
    assert_eq!(balances(&s), [-32, 96, -32, -32], "SET-14");
    let mut s = finished(Contract::Dreier, 1, None, Outcome::Win);
    s.announced[Premium::Valat.index()] = Some(1);
    kontra(&mut s, 1, [1, 0, 1, 1]); // a Kontra on the game lapses with the valat (README)
    assert_eq!(balances(&s), [32, -96, 32, 32], "SET-15");
}

#[test]
fn set_16_solorufer_king_in_talon_voids_kontra() {
    let mut s = finished(Contract::Solorufer, 1, None, Outcome::Win);
    s.king_in_talon = true;
    kontra(&mut s, 1, [1, 0, 1, 1]);
    assert_eq!(balances(&s), [-2, 6, -2, -2], "SET-16");
    s.king_in_talon = false;
    assert_eq!(balances(&s), [-4, 12, -4, -4]);
}

#[test]
fn set_17_farbendreier_silent_four_kings() {
    let mut s = finished(Contract::Farbendreier, 1, None, Outcome::Win);
    // Give the HK trick to the declarer as well: all four kings are his.
    s.play.winners[0] = 1;
    retake(&mut s.play);
    assert_eq!(balances(&s), [-4, 12, -4, -4], "SET-17");
}

#[test]
fn opponents_items_mirror_in_two_against_two() {
    // An announced Trull of the opponents (0 and 2) in a Rufer, made by them, kontra'd by
    // declarer 1 only with Subkontra-level differences: each opponent gets half the sum.
    let mut sink = Vec::new();
    pay_item(&mut sink, 2, 0b0101, true, [0, 3, 0, 2], |level| {
        Reason::Premium {
            premium: Premium::Trull,
            announced: true,
            won: true,
            level,
        }
    });
    let mut b = tarok_core::Balances::default();
    for l in sink {
        tarok_core::PaymentSink::pay(&mut b, l);
    }
    assert_eq!(&b.players[..4], &[12, -16, 12, -8]);
}

// ------------------------------------------------------------------ 13. play rules

/// Which Kaiserstich each contract's card play gets (§12.3, A26): always in positive games, never
/// in negative ones, and in the two colour games as the A26 switch says.
#[test]
fn each_contract_plays_with_its_kaiserstich() {
    use tarok_koenigrufen::play::PlayState;
    for needs_trull_lead in [true, false] {
        let sw = Switches {
            colour_kaiserstich_needs_trull_lead: needs_trull_lead,
            ..Switches::default()
        };
        for c in Contract::ALL {
            let kaiser = PlayState::for_contract(c, &sw, [CardSet::EMPTY; 4], 0, 1 << 1).kaiser;
            let expected = match c {
                Contract::Farbensolo | Contract::Farbendreier if needs_trull_lead => {
                    Kaiser::TrullLed
                }
                Contract::Farbensolo | Contract::Farbendreier => Kaiser::TarockLed,
                c if c.is_negative() => Kaiser::Never,
                _ => Kaiser::Always,
            };
            assert_eq!(
                kaiser, expected,
                "{c:?}, needs Trull lead: {needs_trull_lead}"
            );
        }
    }
}

#[test]
fn ks_1_to_4_kaiserstich() {
    assert_eq!(
        winner(PlayMode::Positive, Kaiser::Always, "T22 T1 T21 HK"),
        1,
        "KS-1"
    );
    assert_eq!(
        winner(PlayMode::Negative, Kaiser::Never, "T22 T1 T21 HK"),
        0,
        "KS-2"
    );
    assert_eq!(
        winner(PlayMode::Colour, Kaiser::TrullLed, "T21 T22 T1 T5"),
        2,
        "KS-3"
    );
    assert_eq!(
        winner(PlayMode::Colour, Kaiser::TrullLed, "H4 T22 T21 T1"),
        0,
        "KS-4"
    );
    // A26 alternative: any tarock led.
    assert_eq!(
        winner(PlayMode::Colour, Kaiser::TrullLed, "T5 T22 T21 T1"),
        1
    );
    assert_eq!(
        winner(PlayMode::Colour, Kaiser::TarockLed, "T5 T22 T21 T1"),
        3
    );
    // Colour games: tarock does not trump a suit lead.
    assert_eq!(
        winner(PlayMode::Colour, Kaiser::TrullLed, "H4 T22 H3 HK"),
        3
    );
}

#[test]
fn play_1_to_10() {
    use PlayMode::*;
    let l = |m, trick, hand| to_play(m, trick, hand).legal_cards();
    assert_eq!(l(Positive, "H3", "T5 PK"), set("T5"), "PLAY-1");
    assert_eq!(l(Positive, "T10", "T4 T15"), set("T4 T15"), "PLAY-2");
    assert_eq!(l(Negative, "T10", "T4 T15"), set("T15"), "PLAY-3");
    assert_eq!(l(Negative, "T10", "T1 T4"), set("T4"), "PLAY-4");
    assert_eq!(l(Negative, "T10", "T1 H4"), set("T1"), "PLAY-5");
    assert_eq!(l(Negative, "H3 HD", "HK H4"), set("HK"), "PLAY-6");
    assert_eq!(l(Negative, "H3 T8", "HK H4"), set("HK H4"), "PLAY-7");
    assert_eq!(l(Colour, "", "PK T12"), set("PK"), "PLAY-8");
    assert_eq!(l(Colour, "H3", "T20 PK"), set("T20"), "PLAY-9");
    assert_eq!(
        winner(Colour, Kaiser::TrullLed, "H3 T20 H4 P7"),
        0,
        "PLAY-9 winner"
    );
    assert_eq!(l(Negative, "", "T1 T7 H3"), set("T7 H3"), "PLAY-10");
    // Colour game, void in the led suit and without tarock: any card (A39).
    assert_eq!(l(Colour, "H3", "PK Ka4"), set("PK Ka4"));
    // Colour game, tarock led: follow with tarock (A39).
    assert_eq!(l(Colour, "T5", "T6 PK"), set("T6"));
}

#[test]
fn abl_1_to_6_discards() {
    // ABL-1 (Dreier): 2 non-king suit cards after pickup → 1 tarock + those 2.
    // Step by step: one tarock is needed, so it may come first or last.
    let hand = set("T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 HK KaK H4 P7");
    let tarocks = set("T20 T19 T18 T17 T16 T15 T14 T13 T12");
    assert_eq!(legal_discards(hand, 3, false, true), tarocks | set("H4 P7"));
    let one_tarock = hand.without(c("T20"));
    assert_eq!(
        legal_discards(one_tarock, 2, false, true),
        set("H4 P7"),
        "only one tarock"
    );
    assert_eq!(
        check_discard(one_tarock, c("T19"), 2, false, true),
        Err(RuleError::DiscardTarock)
    );
    let after = hand.without(c("H4")).without(c("P7"));
    assert_eq!(legal_discards(after, 1, false, true), tarocks);
    // With three plain suit cards no tarock may go.
    let hand3 = set("T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 HK KaK H4 P7 P8");
    assert_eq!(legal_discards(hand3, 3, false, true), set("H4 P7 P8"));
    // ABL-2/3: never a King or a Trull card.
    assert_eq!(
        check_discard(hand, c("HK"), 3, false, true),
        Err(RuleError::DiscardFivePointer)
    );
    assert_eq!(
        check_discard(hand, c("T21"), 3, false, true),
        Err(RuleError::DiscardFivePointer)
    );
    // ABL-4 (Farbendreier): 5 plain tarocks → 3 of them, no suit card.
    let hand = set("T20 T19 T18 T17 T16 HK HD H4 P7 PD KaK Ka4 Kr7 KrK PK");
    assert_eq!(
        legal_discards(hand, 3, true, true),
        set("T20 T19 T18 T17 T16")
    );
    assert_eq!(
        check_discard(hand, c("H4"), 3, true, true),
        Err(RuleError::DiscardSuitCard)
    );
    // ABL-5: only T22, T21, T1, T7 as tarocks → T7, then two non-king suit cards.
    let hand = set("T22 T21 T1 T7 HK HD H4 P7 PD KaK Ka4 Kr7 KrK PK Kr8");
    let plain = set("HD H4 P7 PD Ka4 Kr7 Kr8");
    assert_eq!(legal_discards(hand, 3, true, true), plain.with(c("T7")));
    assert_eq!(legal_discards(hand.without(c("T7")), 2, true, true), plain);
    let two_plain_gone = hand.without(c("H4")).without(c("P7"));
    assert_eq!(
        legal_discards(two_plain_gone, 1, true, true),
        set("T7"),
        "the tarock must go"
    );
    // A22 switch: Uhu and Kakadu may be kept back in colour games.
    assert_eq!(
        check_discard(set("T2 H4 P7"), c("T2"), 1, true, false),
        Err(RuleError::DiscardBird)
    );
    // ABL-6 (Sechser): six discards, same tarock rule, shown face up.
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, bid(Contract::Sechser));
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    assert_eq!(d.state().hand(1).len(), 18);
    assert_eq!(d.state().discards_left(), 6);
    let mut n = 0;
    while d.state().phase() == Phase::Discard {
        let a = d.legal_actions()[0];
        act(&mut d, a);
        n += 1;
    }
    assert_eq!(n, 6);
    assert_eq!(d.state().shown_discard(), d.state().discard() & TAROCK);
}

#[test]
fn sessions_at_five_and_six_players() {
    use tarok_koenigrufen::table::Session;
    for players in [4, 5, 6] {
        let mut s = Session::new(Ruleset::spieleversum(), players, 0).unwrap();
        for seed in 0..12 {
            let seat = s.seating();
            // The dealer sits out at 5 and 6 players; at 6 also the third after him.
            if players > 4 {
                assert!(seat.sitting_out.contains(&s.dealer));
                assert!(!seat.table_seats.contains(&s.dealer));
            }
            let mut deal = s.new_deal(seed);
            // Deal seat 0 is the Vorhand: the table seat right of the dealer.
            assert_eq!(
                seat.table_seats[deal.state().vorhand() as usize],
                (s.dealer + 1) % players
            );
            let mut rng = tarok_core::DealRng::seed(seed);
            while !deal.is_over() {
                let l = deal.legal_actions();
                let a = random_action(deal.state(), &l, &mut rng);
                deal.apply(a).unwrap();
            }
            s.finish_deal(&deal).unwrap();
            for &out in &seat.sitting_out {
                assert_eq!(s.sheet.rounds.last().unwrap().halves[out], 0);
            }
        }
        assert_eq!(s.sheet.rounds.len(), 12);
        assert_eq!(s.sheet.totals().iter().sum::<i32>(), 0);
        assert_eq!(s.dealer, 12 % players);
    }
}

/// Seat 0 plays a Dreier unopposed, takes the first talon half and discards the first legal
/// cards.
fn dreier_to_announcements(d: &mut Deal) {
    act(d, bid(Contract::Dreier));
    for _ in 0..3 {
        act(d, PASS);
    }
    act(d, Action::TakeHalf(0));
    while d.state().phase() == Phase::Discard {
        let a = d.legal_actions()[0];
        act(d, a);
    }
}

#[test]
fn an_announcement_gives_everyone_a_turn_to_answer_it() {
    // §10: the round ends after a full cycle of "gut"; an announcement (here the opponent's
    // Pagat in seat 3, after seats 1 and 2 said gut) starts the count again.
    let mut d = deal_for(0, ["", "", "", "T1"], ["", ""]);
    dreier_to_announcements(&mut d);
    act(&mut d, Action::Gut); // seat 1, the declarer: ich liege
    act(&mut d, Action::Gut); // seat 2
    act(&mut d, Action::Announce(Premium::Pagat)); // seat 3
    act(&mut d, Action::Gut); // seat 3
    act(&mut d, Action::Gut); // seat 0
    assert_eq!(d.state().phase(), Phase::Announcements);
    assert_eq!(d.current_player(), 1);
    let pagat = Item::Premium(Premium::Pagat);
    act(&mut d, Action::Kontra(pagat));
    act(&mut d, Action::Gut); // seat 1
    act(&mut d, Action::Gut); // seat 2
    act(&mut d, Action::Re(pagat, 1)); // seat 3
    act(&mut d, Action::Gut); // seat 3
    act(&mut d, Action::Gut); // seat 0
                              // The declarer alone is the Kontra side of the opponents' Pagat: he may answer with Subkontra.
    act(&mut d, Action::Subkontra(pagat));
    assert_eq!(d.state().kontra_levels(pagat), [0, 3, 0, 0]);
}

#[test]
fn a16_koenig_ultimo_with_an_own_king_is_a_switch() {
    // Default: not available in a Dreier.
    let mut d = deal_for(0, ["", "HK PK", "", ""], ["", ""]);
    dreier_to_announcements(&mut d);
    assert!(d.state().check(Action::UltimoKing(c("HK"))).is_err());
    assert!(d
        .state()
        .check(Action::Announce(Premium::KoenigUltimo))
        .is_err());
    // Switched on: the declarer may name one of his own kings.
    let mut rs = Ruleset::spieleversum();
    rs.switches.koenig_ultimo_own_king = true;
    let deck = deck_for(0, ["", "HK PK", "", ""], ["", ""]);
    let mut d = Deal::from_deck(rs, deck, 0).unwrap();
    dreier_to_announcements(&mut d);
    let offered: Vec<_> = d
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::UltimoKing(_)))
        .collect();
    let own = d.state().hand(1) & KINGS;
    assert_eq!(offered.len() as u32, own.len());
    act(&mut d, Action::UltimoKing(c("PK")));
    assert_eq!(d.state().ultimo_king(), Some(c("PK")));
    // Scoring: PK in trick 12 won by the declarer: +2 from each opponent.
    let mut s = finished(Contract::Dreier, 1, None, Outcome::Win);
    s.switches.koenig_ultimo_own_king = true;
    s.ultimo_king = Some(c("PK"));
    s.announced[Premium::KoenigUltimo.index()] = Some(1);
    place(&mut s.play, 11, "PK H4 Ka4 P8", 1, 1);
    assert_eq!(balances(&s), [-6, 18, -6, -6]);
    place(&mut s.play, 11, "PK T20 Ka4 P8", 1, 2);
    assert_eq!(balances(&s), [-2, 6, -2, -2]);
    // Without a named king a Dreier has no König ultimo, not even a silent one: the game only.
    s.ultimo_king = None;
    s.announced[Premium::KoenigUltimo.index()] = None;
    assert!(!s.settled().premium_allowed(Premium::KoenigUltimo));
    place(&mut s.play, 11, "PK H4 Ka4 P8", 1, 1);
    assert_eq!(balances(&s), [-4, 12, -4, -4]);
}

// ------------------------------------------------------------------ further rules

/// A Bettler by the Vorhand (seat 1) who must take the first trick: he holds only high cards.
fn bettler_deal(switches: Switches, contract: Contract) -> Deal {
    let mut rs = Ruleset::spieleversum();
    rs.switches = switches;
    let deck = deck_for(
        0,
        [
            "",
            "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11",
            "",
            "",
        ],
        ["", ""],
    );
    let mut d = Deal::from_deck(rs, deck, 0).unwrap();
    act(&mut d, bid(contract));
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    all_gut(&mut d);
    d
}

#[test]
fn negative_games_end_early_when_decided() {
    // §12.5 / A35: the Bettler declarer takes a trick, the game is lost at once.
    let mut d = bettler_deal(Switches::default(), Contract::Bettler);
    assert_eq!(d.state().play().leader, 1, "the Bettler player leads");
    for _ in 0..4 {
        let a = d.legal_actions()[0];
        act(&mut d, a);
    }
    assert_eq!(d.state().play().tricks_won[1], 1);
    assert!(d.is_over());
    assert_eq!(balances(d.state()), [2, -6, 2, 2]);
    // Switched off: all 12 tricks are played.
    let sw = Switches {
        negative_early_end: false,
        ..Switches::default()
    };
    let mut d = bettler_deal(sw, Contract::Bettler);
    while !d.is_over() {
        let a = d.legal_actions()[0];
        act(&mut d, a);
    }
    assert_eq!(d.state().play().tricks_done(), 12);
}

#[test]
fn ouvert_hands_are_shown_after_the_first_trick() {
    let sw = Switches {
        negative_early_end: false,
        ..Switches::default()
    };
    let mut d = bettler_deal(sw, Contract::BettlerOuvert);
    let v = d.view(0);
    assert!(v.open_hands.is_none());
    assert!((v.cards_seen() & d.state().hand(1)).is_empty());
    for _ in 0..4 {
        let a = d.legal_actions()[0];
        act(&mut d, a);
    }
    let v = d.view(0);
    assert_eq!(v.open_hands.unwrap()[1], d.state().hand(1));
    // The no-leak property tests rely on `cards_seen` listing the open hands too.
    let others = (1..4).fold(CardSet::EMPTY, |all, s| all | d.state().hand(s));
    assert_eq!(v.cards_seen() & others, others);
}

#[test]
fn solorufer_king_packet_counts_for_the_declarer() {
    // §8.4, [L200]: the called king lies in talon half 1; that half is the declarer's at the end.
    let mut s = finished(Contract::Solorufer, 1, None, Outcome::Lose);
    s.talon = [set("T4 T5 T6"), set("T7 T8 PK")];
    s.called_king = Some(c("PK"));
    s.king_in_talon = true;
    // PK was in a trick in this synthetic deal: take it out of the trick piles.
    for t in s.play.taken.iter_mut() {
        t.remove(c("PK"));
    }
    let (team, opp) = tarok_koenigrufen::scoring::party_piles(&s.settled());
    assert!(set("T7 T8 PK").is_subset(team));
    assert!(set("T4 T5 T6").is_subset(opp));
}

#[test]
fn partner_of_a_rufer_is_the_holder_of_the_called_king() {
    let mut d = rufer_calling_seat_3(true);
    assert_eq!(d.state().partner(), Some(3));
    assert_eq!(d.state().team(), 0b1010);
    // König ultimo only by the partner (L240–L242); the partner may not kontra his own game.
    act(&mut d, Action::Gut); // ich liege
    act(&mut d, Action::Gut); // seat 2
    assert_eq!(d.current_player(), 3);
    assert!(d
        .state()
        .check(Action::Announce(Premium::KoenigUltimo))
        .is_ok());
    assert_eq!(
        d.state().check(Action::Kontra(Item::Game(1))),
        Err(RuleError::KontraOwnSide)
    );
    act(&mut d, Action::Gut);
    assert_eq!(
        d.state().check(Action::Announce(Premium::KoenigUltimo)),
        Err(RuleError::NotKingHolder)
    );
}

// ------------------------------------------------------------------ audit: rules and switches
// Rules of the specification (and alternatives of the rule switches) that had no test that
// would fail if they were broken. Expected values are from the documents.

fn with_switches(f: impl Fn(&mut Switches), hands: [&str; 4], talon: [&str; 2]) -> Deal {
    let mut rs = Ruleset::spieleversum();
    f(&mut rs.switches);
    Deal::from_deck(rs, deck_for(0, hands, talon), 0).unwrap()
}

#[test]
fn a7_vorhand_opens_with_a_besserrufer_unless_switched_off() {
    // [L146], A7: "1+Vogel" is worth at least 2, so the Vorhand may open with it (seat 1).
    let hands = ["", "T1", "T3", ""];
    let d = deal_for(0, hands, ["", ""]);
    assert_eq!(d.state().check(bid(Contract::Besserrufer)), Ok(()));
    let mut d = with_switches(|s| s.besserrufer_is_opening_bid = false, hands, ["", ""]);
    assert_eq!(
        d.state().check(bid(Contract::Besserrufer)),
        Err(RuleError::VorhandFirstTurn)
    );
    // Another player may still bid it after "mein Vorhand".
    act(&mut d, MEIN_VORHAND);
    assert_eq!(d.state().check(bid(Contract::Besserrufer)), Ok(()));
}

#[test]
fn a8_final_choice_is_rufer_or_trischaken_when_switched() {
    // [L148] literally: "ob er einen Rufer (Vorhandrufer) und Trischaken spielt".
    let mut d = with_switches(
        |s| s.vorhand_final_choice_any_game = false,
        ["", "", "", ""],
        ["", ""],
    );
    act(&mut d, MEIN_VORHAND);
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    for c in [Contract::Dreier, Contract::Solodreier, Contract::Bettler] {
        assert_eq!(d.state().check(bid(c)), Err(RuleError::MustChoose), "{c}");
    }
    assert_eq!(d.state().check(bid(Contract::Rufer)), Ok(()));
    assert_eq!(d.state().check(bid(Contract::Trischaken)), Ok(()));
}

#[test]
fn a10_vorhand_holding_a_piccolo_joins_it_or_takes_it_over() {
    let start = |d: &mut Deal| {
        act(d, MEIN_VORHAND); // seat 1
        act(d, bid(Contract::Piccolo)); // seat 2
        act(d, PASS);
        act(d, PASS);
    };
    // Default: the Vorhand's "hold" of a Piccolo is a Piccolo bei; the announcer leads.
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    start(&mut d);
    assert_eq!(
        d.state().check(Action::Call(Call::Hold)),
        Err(RuleError::CannotHold)
    );
    act(&mut d, Action::Call(Call::Bei));
    assert_eq!(d.state().contract(), Some(Contract::Piccolo));
    assert_eq!((d.state().declarers(), d.state().declarer()), (0b0110, 2));
    // Switched: he takes it over; the announcer must go higher or pass.
    let mut d = with_switches(
        |s| s.vorhand_hold_piccolo_as_bei = false,
        ["", "", "", ""],
        ["", ""],
    );
    start(&mut d);
    act(&mut d, Action::Call(Call::Hold));
    assert_eq!(d.current_player(), 2);
    assert_eq!(
        d.state().check(bid(Contract::Piccolo)),
        Err(RuleError::BidTooLow(Contract::Piccolo))
    );
    act(&mut d, PASS);
    assert_eq!(d.state().contract(), Some(Contract::Piccolo));
    assert_eq!((d.state().declarers(), d.state().declarer()), (0b0010, 1));
}

#[test]
fn vorhand_games_are_refused_to_the_others_and_a_pass_is_final() {
    // [L432–L446]: Trischaken, Rufer and Sechser are "V" games.
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, MEIN_VORHAND);
    for c in [Contract::Sechser, Contract::Trischaken, Contract::Rufer] {
        assert_eq!(
            d.state().check(bid(c)),
            Err(RuleError::VorhandOnly(c)),
            "{c}"
        );
    }
    // [L138]: who passes may not take part again.
    act(&mut d, PASS); // seat 2
    act(&mut d, bid(Contract::Zwiccolo)); // seat 3
    act(&mut d, bid(Contract::Piccolo)); // seat 0
    act(&mut d, PASS); // seat 1, the Vorhand
    assert_eq!(d.current_player(), 3, "seat 2 passed and is skipped");
    act(&mut d, PASS);
    assert_eq!(d.state().contract(), Some(Contract::Piccolo));
    assert_eq!(d.state().declarer(), 0);
}

#[test]
fn the_vorhand_leads_every_positive_game() {
    // §11, [L302]: "Es spielt der Vorhandspieler aus", whoever the declarer is.
    for (c, declarer) in [(Contract::Farbensolo, 2), (Contract::Solodreier, 3)] {
        let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
        act(&mut d, MEIN_VORHAND);
        while d.current_player() != declarer {
            act(&mut d, PASS);
        }
        act(&mut d, bid(c));
        while d.state().phase() == Phase::Bidding {
            act(&mut d, PASS);
        }
        assert_eq!(d.state().declarer(), declarer);
        all_gut(&mut d);
        assert_eq!(
            d.state().play().leader,
            1,
            "{c}: the Vorhand (seat 1) leads"
        );
    }
}

#[test]
fn piccolo_and_zwiccolo_need_exactly_one_and_two_tricks() {
    // §13, [L544], [L566]: Zwiccolo exactly two tricks, Piccolo exactly one (value 2 each).
    let with_tricks = |contract, n: usize| {
        let mut s = finished(Contract::Dreier, 0, None, Outcome::Win);
        s.contract = contract;
        for t in 0..12 {
            s.play.winners[t] = if t < n { 0 } else { 1 + (t % 3) as u8 };
        }
        retake(&mut s.play);
        balances(&s)
    };
    assert_eq!(with_tricks(Contract::Zwiccolo, 2), [6, -2, -2, -2]);
    assert_eq!(with_tricks(Contract::Zwiccolo, 1), [-6, 2, 2, 2]);
    assert_eq!(with_tricks(Contract::Zwiccolo, 3), [-6, 2, 2, 2]);
    assert_eq!(with_tricks(Contract::Piccolo, 1), [6, -2, -2, -2]);
    assert_eq!(with_tricks(Contract::Piccolo, 0), [-6, 2, 2, 2]);
    assert_eq!(with_tricks(Contract::PiccoloOuvert, 1), [18, -6, -6, -6]);
    assert_eq!(with_tricks(Contract::BettlerOuvert, 0), [21, -7, -7, -7]);
    // §12.5 (A35): the play stops at the declarer's second (Piccolo) or third (Zwiccolo) trick.
    for (c, tricks) in [(Contract::Piccolo, 2), (Contract::Zwiccolo, 3)] {
        let mut d = bettler_deal(Switches::default(), c);
        while !d.is_over() {
            let a = d.legal_actions()[0];
            act(&mut d, a);
        }
        assert_eq!(d.state().play().tricks_done(), tricks, "{c}");
        assert_eq!(d.state().play().tricks_won[1], tricks, "{c}");
        assert_eq!(balances(d.state()), [2, -6, 2, 2], "{c}");
    }
}

#[test]
fn negative_games_kontra_re_and_subkontra_per_player_in_play() {
    // [L278], [L288], [L294]: in negative games each call applies only between the two players.
    let deck = deck_for(
        0,
        [
            "",
            "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11",
            "",
            "",
        ],
        ["", ""],
    );
    let mut d = Deal::from_deck(Ruleset::spieleversum(), deck, 0).unwrap();
    act(&mut d, bid(Contract::Bettler)); // seat 1, the Vorhand
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    act(&mut d, Action::Gut); // ich liege
    act(&mut d, Action::Kontra(Item::Game(1))); // seat 2
    assert_eq!(
        d.state().kontra_levels(Item::Game(1)),
        [0, 0, 1, 0],
        "only for seat 2"
    );
    act(&mut d, Action::Gut);
    act(&mut d, Action::Gut); // seat 3
    act(&mut d, Action::Gut); // seat 0
    assert_eq!(
        d.state().check(Action::Re(Item::Game(1), 3)),
        Err(RuleError::NoRe),
        "no Re against a player who did not kontra"
    );
    act(&mut d, Action::Re(Item::Game(1), 2));
    assert_eq!(d.state().kontra_levels(Item::Game(1)), [0, 0, 2, 0]);
    act(&mut d, Action::Gut);
    act(&mut d, Action::Subkontra(Item::Game(1))); // seat 2
    assert_eq!(d.state().kontra_levels(Item::Game(1)), [0, 0, 3, 0]);
    all_gut(&mut d);
    while !d.is_over() {
        let a = d.legal_actions()[0];
        act(&mut d, a);
    }
    // The Bettler is lost in trick 1: 2 × 8 to seat 2, 2 to each of the others.
    assert_eq!(balances(d.state()), [2, -20, 16, 2]);
}

#[test]
fn the_partner_may_answer_a_kontra_with_re() {
    // [L286]: "Der Spieler oder sein Partner" may say Re.
    let mut d = rufer_calling_seat_3(true);
    act(&mut d, Action::Gut); // ich liege
    act(&mut d, Action::Kontra(Item::Game(1))); // seat 2
    act(&mut d, Action::Gut);
    assert_eq!(d.current_player(), 3, "the partner");
    act(&mut d, Action::Re(Item::Game(1), 0));
    assert_eq!(
        d.state().kontra_levels(Item::Game(1)),
        [2, 0, 2, 0],
        "a Re applies for all [L288]"
    );
}

#[test]
fn a_valat_keeps_the_announced_premiums_and_drops_the_silent_ones() {
    // [L254], [L346]: with a valat only the announced premiums count.
    let mut s = finished(Contract::Rufer, 1, Some(3), Outcome::Valat);
    s.announced[Premium::Trull.index()] = Some(1);
    // Silent valat 4 + announced Trull 2; the silent Vier Könige (all kings are won) drops.
    assert_eq!(balances(&s), [-6, 6, -6, 6]);
    s.announced[Premium::Valat.index()] = Some(1);
    assert_eq!(
        balances(&s),
        [-10, 10, -10, 10],
        "announced valat 8 + Trull 2"
    );
}

fn premium_lines(s: &FinishedDeal, p: Premium) -> Vec<(bool, bool, i32)> {
    tarok_koenigrufen::scoring::settlement(&s.settled())
        .into_iter()
        .filter_map(|l| match l.reason {
            Reason::Premium {
                premium,
                announced,
                won,
                ..
            } if premium == p => Some((announced, won, l.amount)),
            _ => None,
        })
        .collect()
}

#[test]
fn a19_silent_premiums_score_only_when_made() {
    // A silent Pagat won in trick 12: 1 from each opponent; beaten: nothing (A19).
    let mut s = finished(Contract::Dreier, 1, None, Outcome::Win);
    place(&mut s.play, 11, "T1 H4 Ka4 P7", 1, 1);
    assert_eq!(premium_lines(&s, Premium::Pagat), vec![(false, true, 1); 3]);
    place(&mut s.play, 11, "T1 T20 Ka4 P7", 1, 2);
    assert_eq!(premium_lines(&s, Premium::Pagat), vec![]);
}

#[test]
fn a_kontra_on_a_premium_doubles_only_that_premium() {
    // [L276]: the game and every announcement are kontra'd separately.
    let mut s = finished(Contract::Dreier, 1, None, Outcome::Win);
    s.announced[Premium::Pagat.index()] = Some(1);
    place(&mut s.play, 11, "T1 H4 Ka4 P7", 1, 1);
    assert_eq!(balances(&s), [-6, 18, -6, -6], "game 4 + Pagat 2");
    kontra(&mut s, Item::Premium(Premium::Pagat).slot(), [1, 0, 1, 1]);
    assert_eq!(balances(&s), [-8, 24, -8, -8], "game 4 + Pagat 2 × 2");
}

#[test]
fn a15_solorufer_voids_every_kontra_unless_switched() {
    // [L282], [L610]: the called king in the talon voids the Kontra; A15: all of them by default.
    let mut s = finished(Contract::Solorufer, 1, None, Outcome::Win);
    s.king_in_talon = true;
    s.announced[Premium::Pagat.index()] = Some(1);
    place(&mut s.play, 11, "T1 H4 Ka4 P7", 1, 1);
    kontra(&mut s, 1, [1, 0, 1, 1]);
    kontra(&mut s, Item::Premium(Premium::Pagat).slot(), [1, 0, 1, 1]);
    assert_eq!(
        balances(&s),
        [-6, 18, -6, -6],
        "game 2 + Pagat 4, no Kontra"
    );
    s.switches.solorufer_king_in_talon_void = SolorufKontraVoid::GameOnly;
    assert_eq!(balances(&s), [-10, 30, -10, -10], "game 2 + Pagat 4 × 2");
}

#[test]
fn a13_besserrufer_schleifen_pays_the_birds_only_when_switched() {
    let schleift = |bird| {
        let mut rs = Ruleset::spieleversum();
        rs.switches.besserrufer_schleifen_pays_game = false;
        let mut d = rufer_with_king_in_talon_by(rs, bird);
        d.apply(Action::Schleifen).unwrap();
        *d.state()
    };
    assert_eq!(balances(&schleift(true)), [2, -6, 2, 2], "the Pagat only");
    assert_eq!(
        balances(&schleift(false)),
        [1, -3, 1, 1],
        "a Rufer still pays its game"
    );
}

#[test]
fn a20_opponents_announce_unless_switched_off() {
    let hands = ["", "", "T1", ""];
    for (allowed, switch) in [(true, true), (false, false)] {
        let mut d = with_switches(|s| s.opponents_may_announce = switch, hands, ["", ""]);
        act(&mut d, bid(Contract::Dreier)); // seat 1
        for _ in 0..3 {
            act(&mut d, PASS);
        }
        act(&mut d, Action::TakeHalf(0));
        while d.state().phase() == Phase::Discard {
            let a = d.legal_actions()[0];
            act(&mut d, a);
        }
        act(&mut d, Action::Gut); // ich liege
        let r = d.state().check(Action::Announce(Premium::Pagat)); // seat 2, an opponent
        if allowed {
            assert_eq!(r, Ok(()));
        } else {
            assert_eq!(r, Err(RuleError::OpponentsMayNotAnnounce));
        }
    }
}

#[test]
fn trischaken_switch_alternatives() {
    let t = [3, 3, 3, 3];
    let sw = Switches::default();
    // A tie of the Vorhand (seat 0): no doubling by default (A27), doubled when switched.
    assert_eq!(tri([84, 84, 30, 12], t, &sw), [-3, -3, 3, 3]);
    let doubles = Switches {
        trischaken_tie_vorhand_doubles: true,
        ..sw
    };
    assert_eq!(tri([84, 84, 30, 12], t, &doubles), [-6, -6, 6, 6]);
    // A tie with a Jungfrau, the Jungfrau ignored: the plain tie.
    let ignore = Switches {
        trischaken_tie_with_jungfrau: TieWithJungfrau::IgnoreJungfrau,
        ..sw
    };
    assert_eq!(tri([30, 84, 84, 12], [4, 4, 4, 0], &ignore), [3, -3, -3, 3]);
    // Three Jungfrauen, ordinary: the Vorhand over 35/1 pays each 2 × 2.
    let ordinary = Switches {
        trischaken_three_jungfrauen: ThreeJungfrauen::Ordinary,
        ..sw
    };
    assert_eq!(
        tri([210, 0, 0, 0], [12, 0, 0, 0], &ordinary),
        [-12, 4, 4, 4]
    );
    // That switch is about three Jungfrauen: one or two still take the whole (TRI-8).
    assert_eq!(
        tri([90, 120, 0, 0], [5, 7, 0, 0], &ordinary),
        [0, -12, 6, 6]
    );
}

#[test]
fn a32_sechser_renonce_is_eight_when_not_split() {
    let sw = Switches {
        sechser_renonce_split: false,
        ..Switches::default()
    };
    let r = Renonce::Game {
        contract: Contract::Sechser,
        offender: 1,
        declarer: 0,
        game_level: 0,
        announced: vec![],
    };
    assert_eq!(renonce_halves(&r, &sw).map(|x| x / 2), [8, -24, 8, 8]);
}

#[test]
fn trischaken_is_played_by_the_negative_rules() {
    // [L338], [L492–L493]: Farbzwang, Tarockzwang, Stichzwang, Pagat last, no Kaiserstich.
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, MEIN_VORHAND);
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    act(&mut d, bid(Contract::Trischaken));
    assert_eq!(d.state().play().mode, PlayMode::Negative);
    assert_eq!(d.state().play().kaiser, Kaiser::Never);
    assert!(!d.state().play().early_end, "no declarer, 12 tricks");
}

#[test]
fn hidden_talons_stay_hidden() {
    // Sechser: "ohne diese herzuzeigen" [L701]; Solorufer: covered until the end [L610].
    let talon = |d: &Deal| d.state().talon()[0] | d.state().talon()[1];
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, bid(Contract::Sechser));
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    assert!(talon(&d).is_subset(d.view(1).hand));
    for seat in [0, 2, 3] {
        let v = d.view(seat);
        assert!(v.talon.is_none());
        assert!((v.cards_seen() & talon(&d)).is_empty(), "seat {seat}");
    }
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, bid(Contract::Solorufer));
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    let king = d.legal_actions()[0];
    act(&mut d, king);
    assert_eq!(d.state().phase(), Phase::Announcements, "no talon step");
    for seat in 0..4 {
        assert!(
            (d.view(seat).cards_seen() & talon(&d)).is_empty(),
            "seat {seat}"
        );
    }
}

/// Seat 0 plays a Rufer and calls HK, which seat 3 holds; with `talon` the first talon half is
/// taken and the first legal discard laid, up to the announcements.
fn rufer_calling_seat_3(talon: bool) -> Deal {
    let mut d = deal_for(0, ["", "", "", "HK"], ["", ""]);
    act(&mut d, MEIN_VORHAND);
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    act(&mut d, bid(Contract::Rufer));
    act(&mut d, Action::CallKing(c("HK")));
    if talon {
        act(&mut d, Action::TakeHalf(0));
        while d.state().phase() == Phase::Discard {
            let a = d.legal_actions()[0];
            act(&mut d, a);
        }
    }
    d
}

/// Every kind of payment reason in the words the settlement prints, with its Kontra level
/// spelled out and the rule it cites (§15.1, §9, §7.2, §14, §16).
#[test]
fn every_payment_reason_names_its_rule_and_level() {
    use tarok_koenigrufen::trischaken::TrischakenCase;
    let cases = [
        (
            Reason::Game {
                contract: Contract::Rufer,
                won: true,
                level: 0,
            },
            "Rufer won (§15.1)",
        ),
        (
            Reason::Game {
                contract: Contract::Dreier,
                won: false,
                level: 1,
            },
            "Dreier lost, Kontra ×2 (§15.1)",
        ),
        (
            Reason::Valat {
                announced: true,
                won: true,
                level: 2,
            },
            "announced Valat won, Re ×4 (§9.5, L254, L346)",
        ),
        (
            Reason::Valat {
                announced: false,
                won: false,
                level: 0,
            },
            "silent Valat lost (§9.5, L254, L346)",
        ),
        (
            Reason::Premium {
                premium: Premium::Pagat,
                announced: true,
                won: false,
                level: 3,
            },
            "announced Pagat lost, Subkontra ×8 (§9.2, L222)",
        ),
        (
            Reason::Premium {
                premium: Premium::Trull,
                announced: false,
                won: true,
                level: 0,
            },
            "silent Trull won (§9.2, L222)",
        ),
        (
            Reason::Schleifen {
                contract: Contract::Rufer,
            },
            "Rufer geschleift: called king in the talon (§7.2, L160)",
        ),
        (
            Reason::Trischaken(TrischakenCase::Most {
                over35: true,
                vorhand: true,
            }),
            "Trischaken: most points pays, over 35/1 ×2, Vorhand ×2 (§14, L342, L496–L504)",
        ),
        (Reason::Renonce, "Renonce (§16, L364)"),
    ];
    for (reason, words) in cases {
        assert_eq!(reason.to_string(), words);
    }
}

/// §10.5 (A34): the announcement and Kontra round ends when a full cycle of turns after the
/// last new call brings no new call, so the last caller has his turn too: a "gut" in the turn
/// of the call does not count towards the cycle.
#[test]
fn the_last_caller_has_a_turn_before_the_round_ends() {
    let mut d = quiet_start(); // a Dreier by seat 1
                               // No call at all: the declarer's "ich liege" and three "gut" end the round.
    let mut quiet = d.clone();
    for _ in 0..4 {
        act(&mut quiet, Action::Gut);
    }
    assert_eq!(quiet.state().phase(), Phase::Play);
    // The declarer announces the Valat with "ich liege"; the three others say "gut".
    act(&mut d, Action::Announce(Premium::Valat));
    for _ in 0..4 {
        act(&mut d, Action::Gut); // seat 1 (ich liege), then seats 2, 3, 0
    }
    assert_eq!(d.state().phase(), Phase::Announcements);
    assert_eq!(d.current_player(), 1, "the caller's turn comes round again");
    act(&mut d, Action::Gut); // seat 1
    assert_eq!(
        d.state().phase(),
        Phase::Play,
        "a full cycle after the call"
    );

    // A Kontra in the second cycle starts the count again from its caller.
    let mut d = quiet_start();
    act(&mut d, Action::Gut); // seat 1, ich liege
    act(&mut d, Action::Kontra(Item::Game(1))); // seat 2
    act(&mut d, Action::Gut);
    act(&mut d, Action::Gut); // seat 3
    act(&mut d, Action::Gut); // seat 0
    act(&mut d, Action::Gut); // seat 1
    assert_eq!(d.state().phase(), Phase::Announcements);
    assert_eq!(d.current_player(), 2);
    act(&mut d, Action::Gut); // seat 2
    assert_eq!(d.state().phase(), Phase::Play);
}

/// A Dreier by seat 1 (dealer 0), its talon taken and discarded: the announcement round.
fn quiet_start() -> Deal {
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    act(&mut d, bid(Contract::Dreier));
    for _ in 0..3 {
        act(&mut d, PASS);
    }
    act(&mut d, Action::TakeHalf(0));
    while d.state().phase() == Phase::Discard {
        let a = d.legal_actions()[0];
        act(&mut d, a);
    }
    assert_eq!(d.state().phase(), Phase::Announcements);
    d
}
