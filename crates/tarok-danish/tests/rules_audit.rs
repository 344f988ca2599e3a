//! Rules the audit of `AUDIT.md` found without a test, and the worked examples of Møller's
//! book (seed 000) replayed on the engine. Golden values are worked out by hand from the
//! documents, in the comments beside them.

use tarok_core::{Balances, Card, CardSet, Party, PaymentSink, Suit};
use tarok_danish::declare::{Declaration, Declarations, MeldSet};
use tarok_danish::ruleset::{
    CountSettlement, LastTrickSkus, SkatPagat, SkatSkus, SkatTrumpRule, Tariff,
};
use tarok_danish::settle::DEALER;
use tarok_danish::skat;
use tarok_danish::{
    position, settle, Action, Deal, DealFacts, DealOptions, DemandWindow, Phase, Preset, Reason,
    RuleError, Ruleset, UltimoCard,
};

fn pos(p: &str) -> Deal {
    position::parse(p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn act(deal: &mut Deal, a: &str) {
    let action: Action = a.parse().unwrap();
    deal.apply(action).unwrap_or_else(|e| panic!("{a}: {e}"));
}

fn acts(deal: &mut Deal, list: &[&str]) {
    for a in list {
        act(deal, a);
    }
}

fn legal(deal: &Deal) -> Vec<String> {
    let mut v: Vec<String> = deal.legal_actions().iter().map(|a| a.to_string()).collect();
    v.sort();
    v
}

fn cards(s: &str) -> CardSet {
    CardSet::parse(s).unwrap()
}

/// A deck that deals `hand` to `seat`: the slots of that seat (packets of 5 to seats 0, 1, 2
/// in turn, the last 3 cards to the dealer) get its cards, the other slots the rest of the
/// pack in card order.
fn deck_giving(seat: u8, hand: CardSet) -> Vec<Card> {
    let slot_seat = |i: usize| if i >= 75 { DEALER } else { ((i / 5) % 3) as u8 };
    let size = if seat == DEALER { 28 } else { 25 };
    assert_eq!(hand.len(), size);
    let mut own = hand.iter();
    let mut rest = (CardSet::PACK78 - hand).iter();
    (0..78)
        .map(|i| {
            if slot_seat(i) == seat {
                own.next().unwrap()
            } else {
                rest.next().unwrap()
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// 000 §2.2: rank order inside a suit.

/// The winner's seat of trick 25 played with the three cards, seats 0, 1, 2 in order.
fn last_trick_winner(a: &str, b: &str, c: &str) -> u8 {
    let mut d = pos(&format!("dk-moeller {a}/{b}/{c} 25 0:- -/- 8,8,8 -"));
    acts(&mut d, &[a, b, c]);
    d.facts().end.unwrap().last_trick
}

#[test]
fn black_and_red_pips_rank_as_the_book_says() {
    // 000 L321-325: black K > D > C > Kn > 10 > … > 1; red K > D > C > Kn > 1 > 2 > … > 10.
    assert_eq!(last_trick_winner("K9", "K10", "K2"), 1, "black 10 beats 9");
    assert_eq!(
        last_trick_winner("S1", "S2", "S3"),
        2,
        "black 1 is the lowest"
    );
    assert_eq!(last_trick_winner("SKn", "S10", "SC"), 2, "caval over knægt");
    assert_eq!(
        last_trick_winner("R10", "R1", "R2"),
        1,
        "red 1 is the highest pip"
    );
    assert_eq!(
        last_trick_winner("H1", "H2", "H3"),
        0,
        "red 1 beats 2 and 3"
    );
    assert_eq!(
        last_trick_winner("RKn", "R1", "RC"),
        2,
        "red courts above the pips"
    );
    assert_eq!(last_trick_winner("HD", "HK", "HC"), 1, "king over dame");
    // A trump beats any suit card, and a card of another suit never wins.
    assert_eq!(last_trick_winner("HK", "T2", "HD"), 1);
    assert_eq!(last_trick_winner("H10", "SK", "KK"), 0);
}

// ---------------------------------------------------------------------------------------------
// 000 §5.5: redeal for a hand without numbered trumps.

#[test]
fn the_skus_alone_is_no_trump_for_the_redeal() {
    // 000 L426-428, L581-583; 003 §4: "i denne forbindelse regnes scusen ikke som tarok".
    let suits: Vec<Card> = (CardSet::PACK78 - CardSet::TRUMPS)
        .without(Card::SKUS)
        .iter()
        .take(24)
        .collect();
    let with_skus = CardSet::from_iter(suits.iter().copied()).with(Card::SKUS);
    let d = Deal::new(
        Preset::Dtf2011.ruleset(),
        &deck_giving(0, with_skus),
        DealOptions::default(),
    );
    assert_eq!(d.phase(), Phase::Redeal);
    assert_eq!(d.current_player(), Some(0));
    assert_eq!(d.legal_actions(), [Action::Redeal, Action::Keep]);
    // One numbered trump, even the pagat, and no redeal is offered: keeping is the only answer.
    let with_pagat = CardSet::from_iter(suits.iter().copied()).with(Card::PAGAT);
    let d = Deal::new(
        Preset::Dtf2011.ruleset(),
        &deck_giving(0, with_pagat),
        DealOptions::default(),
    );
    assert_eq!(d.current_player(), Some(0));
    assert_eq!(d.legal_actions(), [Action::Keep]);
}

#[test]
fn the_dealer_is_asked_on_his_28_cards() {
    // 003 D-JC-17, docs/rules/danish.md §5: any active player, the dealer included, before the skat.
    let suits = CardSet::from_iter(
        (CardSet::PACK78 - CardSet::TRUMPS)
            .without(Card::SKUS)
            .iter()
            .take(28),
    );
    let mut d = Deal::new(
        Preset::Moeller.ruleset(),
        &deck_giving(DEALER, suits),
        DealOptions::default(),
    );
    // Forhånd and mellemhånd hold trumps and keep.
    d.apply_forced();
    assert_eq!(d.phase(), Phase::Redeal);
    assert_eq!(d.current_player(), Some(DEALER));
    assert_eq!(d.hand(DEALER).len(), 28, "asked before the skat is laid");
    act(&mut d, "redeal");
    assert_eq!(d.phase(), Phase::Over { redeal: true });
}

// ---------------------------------------------------------------------------------------------
// 000 §6.2: the skat.

const FILLER: &str = "S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 H10 H9 H8 H7 H6 H5 H4 H3";

#[test]
fn holding_t21_no_trump_may_be_laid() {
    // 000 AMB-07, the void-only reading: T21 may not go, so the dealer can never become void,
    // so no other trump may go either (000 L537-538, L1486-1487).
    let h = cards(&format!("{FILLER} T21 T8 R10 R9 R8 R7 R6 R5 R4 R3"));
    assert_eq!(h.len(), 28);
    for preset in Preset::ALL {
        let r = preset.ruleset();
        assert_eq!(
            skat::check(h, cards("T8 S1 S2"), &r),
            Err(RuleError::SkatTrumpsNotVoid)
        );
        assert_eq!(
            skat::check(h, cards("T21 T8 S1"), &r),
            Err(RuleError::SkatForbidden(Card::T21))
        );
        assert!(skat::legal_discards(h, &r)
            .iter()
            .all(|d| d.trumps().is_empty()));
    }
}

/// The dealer's hand of 000 L1500-1504 (28 cards).
fn book_nolo_hand() -> CardSet {
    let h = cards(
        "T16 T8 T4 X SKn S6 S5 S4 S3 S2 H3 H7 H8 H9 RK RD RC RKn R4 R6 R7 R8 R9 R10 K7 K4 K3 K2",
    );
    assert_eq!(h.len(), 28);
    h
}

#[test]
fn the_books_void_discard_keeps_the_skus() {
    // 000 L1500-1507: "Fra en sådan hånd lægges de tre tarokker"; the skus stays (it is no
    // trump for the skat rule, and may not be laid: L584-585).
    let h = book_nolo_hand();
    for preset in Preset::ALL {
        let r = preset.ruleset();
        let a = skat::check(h, cards("T16 T8 T4"), &r).unwrap();
        assert_eq!(a.cards(), CardSet::EMPTY, "nothing to announce");
        // Two of the three trumps: not void.
        assert_eq!(
            skat::check(h, cards("T16 T8 S2"), &r),
            Err(RuleError::SkatTrumpsNotVoid)
        );
        // The skus may not go (000 L585).
        assert_eq!(
            skat::check(h, cards("X S2 S3"), &r),
            Err(RuleError::SkatForbidden(Card::SKUS))
        );
        // RK RD RC RKn + X is "sprøjte i ruder": RD, RC and RKn are declaration cards and the
        // hand has other cards to lay (000 L511-512).
        assert_eq!(
            skat::check(h, cards("RKn S2 S3"), &r),
            Err(RuleError::SkatDeclarationCard(Card::suited(
                Suit::Ruder,
                tarok_core::Rank::Knaegt
            )))
        );
        assert!(skat::legal_discards(h, &r).contains(&cards("T16 T8 T4")));
    }
}

#[test]
fn the_skat_is_the_dealers_26th_trick_in_the_count() {
    // 000 §2.4, §10.2 (L665, L1496-1497); 003 §11.2: the skat counts one trick and its cards.
    let deck = deck_giving(DEALER, book_nolo_hand());
    // Three trumps below 21: 0 card points, so the skat is worth its trick point only.
    let mut d = Deal::new(Preset::Moeller.ruleset(), &deck, DealOptions::default());
    d.apply_forced();
    act(&mut d, "skat:T16,T8,T4");
    assert_eq!(d.counts(), [0, 0, 1]);
    // The queen (3), the caval (2) and a pip of hearts: 1 + 5.
    let mut d = Deal::new(Preset::Moeller.ruleset(), &deck, DealOptions::default());
    d.apply_forced();
    // The ruder courts are declaration cards: lay clubs and spades instead (golden 1 + 1 for SKn).
    act(&mut d, "skat:SKn,K7,K4");
    assert_eq!(d.counts(), [0, 0, 2]);
    // The dealer declares on the 25 cards kept: sprøjte i ruder, 15 from each (000 §7.2).
    assert_eq!(
        d.declarations(DEALER).iter().collect::<Vec<_>>(),
        [Declaration::Sproejte {
            set: MeldSet::Suit(Suit::Ruder)
        }]
    );
    let to_dealer: i32 = d
        .settlement()
        .iter()
        .filter(|l| matches!(l.reason, Reason::Declaration(_)) && l.to == Party::Player(DEALER))
        .map(|l| l.amount)
        .sum();
    assert_eq!(to_dealer, 30);
}

// ---------------------------------------------------------------------------------------------
// 000 §7.1: who pays the declarations, and in which order.

#[test]
fn sitters_out_pay_no_declaration_and_the_dealer_is_paid_first() {
    // 000 L441-442: each of the two other active players pays; the sitter-out does not.
    // Declaration order dealer, forhånd, mellemhånd (000 L419-420; 003 L38 p.15).
    let mut f = DealFacts::new(5, false, 0);
    f.declarations[0] = Declarations::from_list(&[Declaration::Matadorer { m: 4 }]);
    f.declarations[1] = Declarations::from_list(&[Declaration::Halvt {
        set: MeldSet::Kings,
        missing: Card::king(Suit::Ruder),
    }]);
    f.declarations[DEALER as usize] = Declarations::from_list(&[Declaration::Tarokker {
        n: 12,
        pagat: false,
    }]);
    let mut lines = Vec::new();
    let cups = settle(&f, &Preset::Moeller.ruleset(), [60, 60], &mut lines);
    assert_eq!(cups, [60, 60]);
    let receivers: Vec<Party> = lines.iter().map(|l| l.to).collect();
    assert_eq!(
        receivers,
        [2, 2, 0, 0, 1, 1].map(Party::Player),
        "dealer, then forhånd, then mellemhånd"
    );
    let mut b = Balances::default();
    for l in &lines {
        b.pay(*l);
    }
    // Seat 0: +15 +15 −20 −5; seat 1: +5 +5 −20 −15; dealer: +20 +20 −15 −5.
    assert_eq!(&b.players[..5], &[5, -25, 20, 0, 0]);
}

// ---------------------------------------------------------------------------------------------
// 000 §8.2: following.

#[test]
fn no_duty_to_head_the_trick_or_over_trump() {
    // 000 §8.2 [DEFAULT], AMB-11; 003 L28 p.10: "frit stillet, om man vil stikke over eller
    // anvende en mindre tarok".
    for preset in ["dk-dtf-2011", "dk-hjoerring-2016", "dk-moeller"] {
        // Void in spades after a T19: T2 and T20 both.
        let d = pos(&format!("{preset} ?2/?2/T20,T2,H3 5 0:S5,T19 -/- 2,1,1 -"));
        assert_eq!(legal(&d), ["T2", "T20"], "{preset}");
        // Holding the led suit, a low card under a high one.
        let d = pos(&format!("{preset} ?2/?2/SK,S2,H3 5 0:S5,SD -/- 2,1,1 -"));
        assert_eq!(legal(&d), ["S2", "SK"], "{preset}");
        // A trump lead is followed with any trump, the lower too.
        let d = pos(&format!("{preset} ?2/T20,T2,H3/?2 5 0:T10 -/- 2,1,1 -"));
        assert_eq!(legal(&d), ["T2", "T20"], "{preset}");
    }
}

// ---------------------------------------------------------------------------------------------
// 000 §9.1: nolo, the skat being no trick.

/// Plays a deal from `seed` with a fixed policy: the dealer lays his first legal discard and
/// plays his lowest legal card, the others their highest, nobody demands or renames.
fn dealer_ducks(rules: Ruleset, seed: u64) -> Deal {
    let mut d = Deal::from_seed(rules, seed);
    while !d.is_over() {
        let seat = d.current_player().unwrap();
        let all = d.legal_actions();
        let a = match d.phase() {
            Phase::Redeal => Action::Keep,
            Phase::Demand { .. } => Action::Pass,
            Phase::Play => {
                let cards: Vec<Action> = all
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Play(_)))
                    .collect();
                match (cards.is_empty(), seat == DEALER) {
                    (true, _) => all[0],
                    (false, true) => cards[0],
                    (false, false) => *cards.last().unwrap(),
                }
            }
            _ => all[0],
        };
        d.apply(a).unwrap();
    }
    d
}

#[test]
fn a_dealer_without_a_trick_in_play_has_nolo_despite_the_skat() {
    // 000 L1708-1711; 003 §10.5: the skat is no trick, so the dealer can make nolo; a won
    // nolo is paid 25 by each other player and stops the count (000 L620; 003 p.19).
    let rules = Preset::Moeller.ruleset();
    let d = (0..2000)
        .map(|seed| dealer_ducks(rules, seed))
        .find(|d| {
            let w = d.tricks_won();
            d.facts().end.is_some() && w[2] == 0 && w[0] > 0 && w[1] > 0
        })
        .expect("a deal where the ducking dealer wins no trick");
    let end = d.facts().end.unwrap();
    assert_eq!(end.nolo, Some(DEALER));
    assert_eq!(d.skat().len(), 3);
    assert!(
        end.counts[DEALER as usize] >= 1,
        "the skat still counts one trick in the count"
    );
    let lines = d.settlement();
    let nolo: Vec<_> = lines.iter().filter(|l| l.reason == Reason::Nolo).collect();
    assert_eq!(nolo.len(), 2);
    assert!(nolo
        .iter()
        .all(|l| l.amount == 25 && l.to == Party::Player(DEALER)));
    assert!(!lines
        .iter()
        .any(|l| matches!(l.reason, Reason::Count(_) | Reason::LastTrick)));
}

// ---------------------------------------------------------------------------------------------
// The presets (docs/rules/danish.md §1, §16).

#[test]
fn the_presets_differ_only_where_the_documents_say() {
    // Møller (000): every amount of the payment table (L2353-2430) and every default of §13
    // as decided by the project (docs/rules/danish.md §16).
    let moeller = Ruleset {
        preset: Preset::Moeller,
        version: 1,
        tariff: Tariff {
            ante: 5,
            funding: 20,
            pagat_hjem: 5,
            lost_ultimo_card: 5,
            last_trick: 20,
            pagat_ultimo: 45,
            king_ultimo: 40,
            nolo: 25,
            tout: 80,
            count_par: 26,
        },
        skat_disclose_trump_count: true,
        skat_allow_pagat: SkatPagat::Never,
        skat_allow_t21: false,
        skat_allow_skus: SkatSkus::Never,
        skat_trump_rule: SkatTrumpRule::VoidOnly,
        redeal_on_no_trump: true,
        king_in_two_melds: true,
        skus_renaming_right: true,
        skus_rename_may_name_trump: false,
        skus_follow_freely: true,
        skus_may_win_last_trick: false,
        skus_last_trick: LastTrickSkus::LeadPasses,
        skus_demand_window: DemandWindow::BeforeLead,
        counting: true,
        count_settlement: CountSettlement::AgainstNonCounter,
        last_trick_with_ultimo: false,
        last_trick_with_nolo: false,
        last_trick_with_bagud: false,
        pagat_hjem_on_last_trick: false,
        lost_card_fee_on_last_trick: false,
        multi_bagud_compounding: false,
        refund_cups_after_tout: true,
        barred_ultimo_as_last_trick: true,
    };
    assert_eq!(Preset::Moeller.ruleset(), moeller);
    // DTF 2011: the skus led to the last trick is christened (003 L20 p.6, D-JC-7).
    assert_eq!(
        Preset::Dtf2011.ruleset(),
        Ruleset {
            preset: Preset::Dtf2011,
            skus_last_trick: LastTrickSkus::Christen,
            ..moeller
        }
    );
    // 2016: tout 85 (001 D1) and only *that* trumps were laid (001 D2).
    assert_eq!(
        Preset::Hjoerring2016.ruleset(),
        Ruleset {
            preset: Preset::Hjoerring2016,
            tariff: Tariff {
                tout: 85,
                ..moeller.tariff
            },
            skat_disclose_trump_count: false,
            ..moeller
        }
    );
}

// ---------------------------------------------------------------------------------------------
// Worked examples of Møller's book. Seats: A = 0, B = 1, C = 2; play goes A → B → C (000 §3.1).

/// 000 L1085-1094 (EX03): C leads trick 23 from hearts; B holds T20, the skus and the ruder
/// konge; A holds T13, T8 and the spar 10.
const EX03: &str = "T13,T8,S10/T20,X,RK/H3,H5,H7 23 2:- -/- 8,7,7 q0";

#[test]
fn book_example_l1085_the_demand_forces_the_bagud() {
    // "A stikker med T8 og forlanger scies og får derved stikket, spiller så ♠10, som B må
    // stikke med T20, og så går han bagud med sin konge."
    for preset in Preset::ALL {
        let mut d = pos(&format!("{} {EX03}", preset.id()));
        acts(&mut d, &["pass", "demand"]);
        acts(&mut d, &["H3", "T8"]);
        assert_eq!(legal(&d), ["X"], "the demanded skus");
        act(&mut d, "X");
        assert_eq!(d.completed_tricks().last().unwrap().winner, 0);
        act(&mut d, "S10");
        assert_eq!(legal(&d), ["T20"], "B must trump the spar 10");
        acts(&mut d, &["T20", "H5"]);
        acts(&mut d, &["RK", "H7", "T13"]);
        let end = d.facts().end.unwrap();
        assert_eq!(end.last_trick, 0);
        assert_eq!(end.ultimo_card, None);
        assert_eq!(end.bagud, [None, Some(UltimoCard::King(Suit::Ruder)), None]);
        // King bagud: 40 to each, the king cup (60) doubled, no last trick (000 L2385, L2389).
        let lines = d.settlement();
        let bagud: Vec<(Party, Party, i32)> = lines
            .iter()
            .filter(|l| matches!(l.reason, Reason::Bagud(_) | Reason::CupDoubled(_)))
            .map(|l| (l.from, l.to, l.amount))
            .collect();
        let b = Party::Player(1);
        assert_eq!(
            bagud,
            [
                (b, Party::Player(2), 40),
                (b, Party::Player(0), 40),
                (b, Party::Cup(0), 60)
            ]
        );
        assert!(!lines.iter().any(|l| l.reason == Reason::LastTrick));
    }
}

#[test]
fn book_example_l1085_without_the_demand_a_takes_the_last_trick() {
    // "Hvis A ikke havde forlangt scies kunne B have stukket med T20 og så spillet ♦K i
    // næstsidste stik, som A tager med sin sidste tarok, hvorefter A får sidste stik på ♠10."
    for preset in Preset::ALL {
        let mut d = pos(&format!("{} {EX03}", preset.id()));
        acts(&mut d, &["pass", "pass", "pass"]);
        acts(&mut d, &["H3", "T8", "T20"]);
        acts(&mut d, &["RK", "H5", "T13"]);
        // The king falls in trick 24: a lost ultimo card, 5 to each and 5 into the king cup.
        assert_eq!(
            d.facts().in_play().collect::<Vec<_>>(),
            [tarok_danish::InPlay::Lost(1, UltimoCard::King(Suit::Ruder))]
        );
        acts(&mut d, &["S10", "X", "H7"]);
        let end = d.facts().end.unwrap();
        assert_eq!((end.last_trick, end.ultimo_card), (0, None));
        assert_eq!(end.bagud, [None; 3]);
        let last: Vec<_> = d
            .settlement()
            .into_iter()
            .filter(|l| l.reason == Reason::LastTrick)
            .collect();
        assert_eq!(last.len(), 2);
        assert!(last
            .iter()
            .all(|l| l.to == Party::Player(0) && l.amount == 20));
    }
}

/// 000 L1857-1868: C leads trick 23 holding the pagat, the spar 5 and the klør 2; A holds
/// T21, the skus and the spar dame; B only small hearts.
const EX_L1857: &str = "T21,X,SD/H3,H6,H8/T1,S5,K2 23 2:- -/- 8,7,7 q0";

#[test]
fn book_example_l1857_a_demand_brings_the_pagat_home() {
    // "Hvis C spiller spar og forlanger scies vil han forblive inde og kan så spille klør i
    // næstsidste stik, hvorved T21 falder og pagaten ultimeres."
    for preset in Preset::ALL {
        let mut d = pos(&format!("{} {EX_L1857}", preset.id()));
        act(&mut d, "demand");
        assert_eq!(d.phase(), Phase::Play, "the first demand ends the round");
        act(&mut d, "S5");
        assert_eq!(legal(&d), ["X"]);
        acts(&mut d, &["X", "H3"]);
        act(&mut d, "K2");
        assert_eq!(legal(&d), ["T21"], "void in klør, A must trump");
        acts(&mut d, &["T21", "H6"]);
        act(&mut d, "SD");
        act(&mut d, "H8");
        assert_eq!(legal(&d), ["T1"]);
        act(&mut d, "T1");
        let end = d.facts().end.unwrap();
        assert_eq!(
            (end.last_trick, end.ultimo_card),
            (2, Some(UltimoCard::Pagat))
        );
        // Pagat ultimo: 45 from each, the pagat cup (60), then 3 × 20 re-funding.
        let lines = d.settlement();
        let got: i32 = lines
            .iter()
            .filter(|l| l.to == Party::Player(2) && !matches!(l.reason, Reason::Count(_)))
            .map(|l| l.amount)
            .sum();
        assert_eq!(got, 45 + 45 + 60);
        assert_eq!(
            lines.iter().filter(|l| l.reason == Reason::Refund).count(),
            3
        );
    }
}

#[test]
fn book_example_l1857_a_klor_lead_is_met_by_the_skus() {
    // "Hvis C spiller klør, vil A bruge sciesen, hvorefter C i næste stik må spille pagaten
    // for at undgå bagud."
    let mut d = pos(&format!("dk-moeller {EX_L1857}"));
    acts(&mut d, &["pass", "pass", "pass", "K2"]);
    assert_eq!(legal(&d), ["T21", "X"]);
    acts(&mut d, &["X", "H3"]);
    assert_eq!(d.completed_tricks().last().unwrap().winner, 2);
    acts(&mut d, &["T1", "T21", "H6"]);
    assert_eq!(
        d.facts().in_play().collect::<Vec<_>>(),
        [tarok_danish::InPlay::Lost(2, UltimoCard::Pagat)]
    );
}

#[test]
fn book_example_l1857_without_the_demand_the_last_lead_passes_in_moeller() {
    // "Hvis C spiller spar og ikke forlanger scies, vil A stikke med spar D og i næste stik
    // spille T21, som trækker pagaten – i sidste stik skal A spille sciesen ud, udspillet
    // overgår nu til B, som vil få sidst stik på en lille hjerter." (000 L588-590)
    for preset in [Preset::Moeller, Preset::Hjoerring2016] {
        let mut d = pos(&format!("{} {EX_L1857}", preset.id()));
        acts(&mut d, &["pass", "pass", "pass", "S5", "SD", "H3"]);
        assert_eq!(legal(&d), ["T21"], "no skus lead in trick 24");
        act(&mut d, "T21");
        act(&mut d, "H6");
        assert_eq!(legal(&d), ["T1"]);
        act(&mut d, "T1");
        assert_eq!(d.current_player(), Some(1), "{preset:?}: B leads trick 25");
        acts(&mut d, &["H8", "K2", "X"]);
        let end = d.facts().end.unwrap();
        assert_eq!((end.last_trick, end.ultimo_card), (1, None));
    }
    // DTF 2011 (003 L20 p.6, §16 #17): A leads the skus and names it. Named klør, C must follow
    // with the klør 2, which wins: nobody else plays a klør or a trump.
    let mut d = pos(&format!("dk-dtf-2011 {EX_L1857}"));
    acts(
        &mut d,
        &["pass", "pass", "pass", "S5", "SD", "H3", "T21", "H6", "T1"],
    );
    assert_eq!(d.current_player(), Some(0));
    assert_eq!(legal(&d), ["X=H", "X=K", "X=R", "X=S", "X=T"]);
    act(&mut d, "X=K");
    act(&mut d, "H8");
    assert_eq!(legal(&d), ["K2"]);
    act(&mut d, "K2");
    assert_eq!(d.facts().end.unwrap().last_trick, 2);
}

/// 000 L1874-1881 (EX20): C leads trick 23 with T18, the skus and the klør konge; B holds
/// T21, T8 and the spar konge; A three ruder.
const EX20: &str = "R1,R5,R8/T21,T8,SK/T18,X,KK 23 2:- -/- 8,7,7 q0";

/// EX20 to the point where C must lead the demanded skus.
fn ex20(preset: Preset) -> Deal {
    let mut d = pos(&format!("{} {EX20}", preset.id()));
    // Asked from the leader on: C holds the skus and can only pass; A passes; B demands.
    assert_eq!(legal(&d), ["pass"]);
    acts(&mut d, &["pass", "pass", "demand"]);
    assert_eq!(legal(&d), ["X=H", "X=K", "X=R", "X=S", "X=T"]);
    d
}

#[test]
fn book_example_l1874_named_spar_prevents_the_ultimo() {
    // "Men kalder han den spar forhindres B i ultimering", and "bagud hos C uundgåelig".
    for preset in Preset::ALL {
        let mut d = ex20(preset);
        act(&mut d, "X=S");
        act(&mut d, "R1");
        assert_eq!(legal(&d), ["SK"], "B holds the named suit");
        act(&mut d, "SK");
        acts(&mut d, &["T21", "T18", "R5"]);
        acts(&mut d, &["T8", "KK", "R8"]);
        let end = d.facts().end.unwrap();
        assert_eq!((end.last_trick, end.ultimo_card), (1, None));
        assert_eq!(end.bagud[2], Some(UltimoCard::King(Suit::Kloer)));
    }
}

#[test]
fn book_example_l1874_named_ruder_gives_b_the_ultimo() {
    // "Kalder han den for en af de tre andre farver vil B stikke med tarok 8, derefter spille
    // tarok 21, hvorved B ultimerer og C går bagud." True for ruder, which A holds.
    for preset in Preset::ALL {
        let mut d = ex20(preset);
        act(&mut d, "X=R");
        act(&mut d, "R1");
        assert_eq!(legal(&d), ["T21", "T8"]);
        act(&mut d, "T8");
        acts(&mut d, &["T21", "T18", "R5"]);
        acts(&mut d, &["SK", "KK", "R8"]);
        let end = d.facts().end.unwrap();
        assert_eq!(
            (end.last_trick, end.ultimo_card),
            (1, Some(UltimoCard::King(Suit::Spar)))
        );
        assert_eq!(end.bagud[2], Some(UltimoCard::King(Suit::Kloer)));
    }
}

#[test]
fn book_example_l1874_named_hjerter_lets_a_rename_it_spar() {
    // 000 AMB-15: named hjerter or klør, held by neither A nor B, A has the renaming right
    // (000 L591-596) and can name it spar, forcing B's king: the book's claim for "de tre
    // andre farver" holds only for ruder. tarok applies the right as written (docs/rules/danish.md §9).
    for preset in Preset::ALL {
        for name in ["X=H", "X=K"] {
            let mut d = ex20(preset);
            act(&mut d, name);
            assert!(legal(&d).contains(&"rename:S".to_string()), "{name}");
            act(&mut d, "rename:S");
            act(&mut d, "R1");
            assert_eq!(legal(&d), ["SK"], "{preset:?} {name}");
        }
    }
}

#[test]
fn in_trick_24_the_skus_holders_other_card_is_legal_even_off_suit() {
    // 000 §8.4.4 (L587, L1847): the skus is removed from the legal cards in trick 24; "the
    // holder then has exactly one other card, and it is legal whether or not it follows suit".
    for preset in ["dk-dtf-2011", "dk-hjoerring-2016", "dk-moeller"] {
        let d = pos(&format!("{preset} ?1/X,H3/?2 24 0:S5 -/- 8,8,7 -"));
        assert_eq!(legal(&d), ["H3"], "{preset}");
        let d = pos(&format!("{preset} ?1/X,T3/?2 24 0:S5 -/- 8,8,7 -"));
        assert_eq!(legal(&d), ["T3"], "{preset}");
    }
}

#[test]
fn declaration_cards_are_the_courts_no_other_rule_protects() {
    // 000 §6.2 rule 6 (L511-512): "this protects the court cards of any half, full or overfull
    // suit declaration. Kings, trumps, T21, pagat and skus are already protected by rules 1-5",
    // and those never go, even when unavoidable (a king is not in the fallback, 003 D-JC-8).
    // `tarok declare` lists these cards as the ones that may go only when unavoidable.
    let h = book_nolo_hand();
    for preset in Preset::ALL {
        assert_eq!(
            skat::declaration_cards(h, &preset.ruleset()),
            cards("RD RC RKn"),
            "{preset:?}"
        );
    }
    // Sprøjte i konger with halvt i hjerter: only the hjerter dame and caval.
    let h = cards(&format!("{FILLER} SK HK RK KK X HD HC T2 T3 T4"));
    assert_eq!(
        skat::declaration_cards(h, &Preset::Dtf2011.ruleset()),
        cards("HD HC")
    );
}

// ---------------------------------------------------------------------------------------------
// A whole deal, settled by hand from the documents.

#[test]
fn a_whole_moeller_deal_settles_as_worked_out_by_hand() {
    // `tarok random-game --preset dk-moeller --seed 11`. Settled independently of the engine
    // (by hand, and by a separate script written from the specification of Møller 000 that agreed on
    // 1,800 random deals of the three presets):
    // * ante: the dealer pays 5 into each cup (000 L395);
    // * the dealer keeps SK SD SC SKn without the skus: "fuldt i spar", 10 from each (§7.2);
    // * trick 14 (T20 T3 T1): mellemhånd loses the pagat: 5 to each, 5 into the pagat cup;
    // * trick 25 (T15 T8 R6) is the dealer's plain last trick: 20 from each;
    // * counts 21 / 21 / 36 (sum 78): forhånd deals next and does not count; mellemhånd's 21
    //   pays him 5, the dealer's 36 receives 10 from him (000 §10.3-10.4).
    let text = include_str!("fixtures/moeller-seed11.txt");
    let (_, deal) = tarok_danish::record::Record::from_text(text).unwrap();
    let end = deal.facts().end.unwrap();
    assert_eq!(end.counts, [21, 21, 36]);
    assert_eq!((end.last_trick, end.ultimo_card), (DEALER, None));
    let mut b = Balances::default();
    for l in deal.settlement() {
        b.pay(l);
    }
    // forhånd: −10 decl +5 pagat −20 last +5 count(21) −10 count(36) = −30
    // mellemhånd: −10 −15 −20 −5 = −50; dealer: −10 ante +20 +5 +40 +10 = +65.
    assert_eq!(&b.players[..3], &[-30, -50, 65]);
    assert_eq!(&b.cups[..2], &[5, 10]);
}
