//! One test per skus rule (000 §8.4; 003 §8), driven through position strings.

use tarok_core::Suit;
use tarok_danish::deal::Dab;
use tarok_danish::{position, Action, Deal, DemandWindow, Named, Phase, Preset, RuleError};

fn pos(p: &str) -> Deal {
    position::parse(p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn act(deal: &mut Deal, a: &str) {
    let action: Action = a.parse().unwrap();
    deal.apply(action).unwrap_or_else(|e| panic!("{a}: {e}"));
}

fn legal(deal: &Deal) -> Vec<String> {
    let mut v: Vec<String> = deal.legal_actions().iter().map(|a| a.to_string()).collect();
    v.sort();
    v
}

#[test]
fn the_skus_never_wins_even_when_led() {
    // X led as spades; S2 and S3 follow: S3 wins, not the skus (000 L576).
    let mut d = pos("dk-dtf-2011 X,HK/S2,H2/S3,H3 5 0:- -/- 2,1,1 -");
    act(&mut d, "X=S");
    act(&mut d, "S2");
    act(&mut d, "S3");
    assert_eq!(d.completed_tricks()[0].winner, 2);
}

#[test]
fn the_skus_as_a_follower_never_wins() {
    // Spades led; the skus is played to it and loses to the lowest spade.
    let mut d = pos("dk-dtf-2011 S2,H2/X,H3/S3,H4 5 0:- -/- 2,1,1 -");
    act(&mut d, "S2");
    act(&mut d, "X");
    act(&mut d, "S3");
    assert_eq!(d.completed_tricks()[0].winner, 2);
}

#[test]
fn the_skus_may_replace_any_card_even_when_holding_the_led_suit() {
    // 000 L577, L1785-1786; 1829 vector A1: holding spades, the skus may still be played.
    let d = pos("dk-dtf-2011 ?2/X,S7,H3,T5/?3 5 0:S5 -/- 2,1,1 -");
    assert_eq!(legal(&d), ["S7", "X"]);
}

#[test]
fn a_void_hand_whose_only_trump_is_the_skus_need_not_play_it() {
    // 000 L649: spades led, no spades, no numbered trump: anything, the skus included.
    let d = pos("dk-dtf-2011 ?2/X,H3,R4/?3 5 0:S5 -/- 2,1,1 -");
    assert_eq!(legal(&d), ["H3", "R4", "X"]);
}

#[test]
fn never_in_the_second_to_last_trick() {
    // Following in trick 24 (000 L587, L1847).
    let mut d = pos("dk-dtf-2011 ?1/X,S7/?2 24 0:S5 -/- 8,8,7 -");
    assert_eq!(legal(&d), ["S7"]);
    let before = d;
    assert_eq!(
        d.apply(Action::Play(tarok_core::Card::SKUS)),
        Err(RuleError::SkusInTrick24)
    );
    assert_eq!(d, before);
    // Leading trick 24: the skus may not be led either.
    let d = pos("dk-dtf-2011 X,HK/?2/?2 24 0:- -/- 8,8,7 -");
    assert_eq!(legal(&d), ["HK"]);
}

#[test]
fn the_skus_may_be_played_in_trick_23_without_a_demand() {
    let d = pos("dk-dtf-2011 ?2/X,S7,H2/?3 23 0:S5 -/- 8,7,7 -");
    assert_eq!(legal(&d), ["S7", "X"]);
}

#[test]
fn a_demand_round_comes_before_trick_23_while_the_skus_is_out() {
    // After trick 22 each player from the leader is asked (docs/rules/danish.md §9).
    let mut d = pos("dk-dtf-2011 T9,S2,S3,S4/H5,X,H6,H7/H8,H9,H10,R2 22 0:- -/- 7,7,7 -");
    act(&mut d, "T9");
    act(&mut d, "H5");
    act(&mut d, "H8");
    assert_eq!(d.phase(), Phase::Demand { asked: 0 });
    assert_eq!(d.current_player(), Some(0));
    assert_eq!(legal(&d), ["demand", "pass"]);
    act(&mut d, "pass");
    // The holder can only pass.
    assert_eq!(d.current_player(), Some(1));
    assert_eq!(legal(&d), ["pass"]);
    let before = d;
    assert_eq!(d.apply(Action::Demand), Err(RuleError::HolderCannotDemand));
    assert_eq!(d, before);
    act(&mut d, "pass");
    act(&mut d, "pass");
    assert_eq!(d.phase(), Phase::Play);
    assert!(!d.demanded());
}

/// The position, trick 22 played with `cards`, under `skus.demand_window = UntilHolderPlays`.
fn until_holder_plays(position: &str, cards: [&str; 3]) -> Deal {
    let start = pos(position);
    let mut rules = *start.rules();
    rules.skus_demand_window = DemandWindow::UntilHolderPlays;
    let mut d = Deal::from_position(rules, &start.position_setup());
    for c in cards {
        act(&mut d, c);
    }
    d
}

#[test]
fn under_the_switch_the_demand_round_waits_for_the_holders_turn() {
    // 000 L1091, L1884, AMB-16: the demand may come after the lead, until the holder plays.
    let mut d = until_holder_plays(
        "dk-dtf-2011 T9,S2,S3,S4/H5,X,H6,H7/H8,H9,H10,R2 22 0:- -/- 7,7,7 -",
        ["T9", "H5", "H8"],
    );
    // Forhånd leads trick 23; the holder (mellemhånd) plays second: no round before the lead.
    assert_eq!(d.trick_no(), 23);
    assert_eq!(d.phase(), Phase::Play);
    act(&mut d, "S2");
    assert_eq!(d.phase(), Phase::Demand { asked: 0 });
    assert_eq!(d.current_player(), Some(0));
    // A position string keeps a round in the middle of a trick.
    let text = position::write(&d, None);
    let back = pos(&text);
    assert_eq!(
        (back.phase(), legal(&back)),
        (d.phase(), legal(&d)),
        "{text}"
    );
    act(&mut d, "demand");
    assert_eq!(d.phase(), Phase::Play);
    // Void in spar and trumps he could play anything, but the demanded skus must come.
    assert_eq!(d.current_player(), Some(1));
    assert_eq!(legal(&d), ["X"]);
}

#[test]
fn under_the_switch_a_leading_holder_is_asked_before_his_lead() {
    // Mellemhånd, who holds the skus, wins trick 22 with the hjerter konge and leads trick 23.
    let d = until_holder_plays(
        "dk-dtf-2011 S2,S3,S4,S5/HK,X,H6,H7/H8,H9,H10,R2 22 1:- -/- 7,7,7 -",
        ["HK", "H8", "S2"],
    );
    assert_eq!(d.trick_no(), 23);
    assert_eq!(d.current_player(), Some(1));
    assert_eq!(d.phase(), Phase::Demand { asked: 0 });
}

#[test]
fn no_demand_round_once_the_skus_is_played() {
    let mut d = pos("dk-dtf-2011 T9,S2,S3,S4/H5,H1,H6,H7/H8,H9,H10,R2 22 0:- -/- 7,7,7 -");
    act(&mut d, "T9");
    act(&mut d, "H5");
    act(&mut d, "H8");
    assert_eq!(d.phase(), Phase::Play);
}

#[test]
fn a_demanded_skus_must_be_played_by_a_follower() {
    let mut d = pos("dk-dtf-2011 S2,S3,S4/X,S7,S8/H8,H9,H10 23 0:- -/- 8,7,7 q0");
    act(&mut d, "demand");
    assert!(d.demanded());
    act(&mut d, "S2");
    assert_eq!(legal(&d), ["X"]);
    let before = d;
    assert_eq!(d.apply("S7".parse().unwrap()), Err(RuleError::SkusDemanded));
    assert_eq!(d, before);
}

/// Without a demand, trick 23 is played as any other: a wrong card is refused for the rule it
/// breaks, not as a demanded skus withheld.
#[test]
fn without_a_demand_trick_23_refuses_a_wrong_card_for_its_own_rule() {
    let mut d = pos("dk-dtf-2011 S2,S3,S4/X,S7,H5/H8,H9,H10 23 0:- -/- 8,7,7 q0");
    for _ in 0..3 {
        act(&mut d, "pass");
    }
    act(&mut d, "S2");
    let before = d;
    let e = d.apply("H5".parse().unwrap()).unwrap_err();
    assert!(matches!(e, RuleError::MustFollow { .. }), "{e:?}");
    assert_eq!(d, before);
}

#[test]
fn a_demanded_skus_must_be_led_by_its_holder_and_named() {
    let mut d = pos("dk-dtf-2011 X,S3,S4/S2,S7,S8/H8,H9,H10 23 0:- -/- 8,7,7 q1");
    act(&mut d, "demand");
    assert_eq!(d.current_player(), Some(0));
    assert_eq!(legal(&d), ["X=H", "X=K", "X=R", "X=S", "X=T"]);
}

#[test]
fn the_led_skus_is_named_and_the_name_must_be_followed() {
    let mut d = pos("dk-dtf-2011 X,S2/H5,T3,S9/H6,R2,S8 5 0:- -/- 2,1,1 -");
    let before = d;
    assert_eq!(d.apply("X".parse().unwrap()), Err(RuleError::SkusNeedsName));
    assert_eq!(d, before);
    act(&mut d, "X=H");
    assert_eq!(legal(&d), ["H5"]);
    // Named tarok: trumps follow.
    let mut d = pos("dk-dtf-2011 X,S2/H5,T3,S9/H6,R2,S8 5 0:- -/- 2,1,1 -");
    act(&mut d, "X=T");
    assert_eq!(legal(&d), ["T3"]);
}

#[test]
fn the_second_hand_may_rename_a_lead_nobody_can_follow() {
    // Spades led; neither other player holds spades (000 L591-596).
    let mut d = pos("dk-dtf-2011 X,S2/H5,T3,R9/H6,R2,K8 5 0:- -/- 2,1,1 -");
    act(&mut d, "X=S");
    assert_eq!(d.trick().dab, Dab::Second);
    assert_eq!(legal(&d), ["T3", "rename:H", "rename:K", "rename:R"]);
    act(&mut d, "rename:H");
    assert_eq!(legal(&d), ["H5"]);
    act(&mut d, "H5");
    assert_eq!(legal(&d), ["H6"]);
}

#[test]
fn no_renaming_when_someone_holds_the_named_suit() {
    let mut d = pos("dk-dtf-2011 X,S2/H5,T3,R9/H6,S4,K8 5 0:- -/- 2,1,1 -");
    act(&mut d, "X=S");
    assert_eq!(d.trick().dab, Dab::None);
    assert_eq!(legal(&d), ["T3"]);
    let before = d;
    assert_eq!(
        d.apply("rename:H".parse().unwrap()),
        Err(RuleError::NoRenamingRight)
    );
    // Naming trumps is no better without a right: the missing right is the rule broken.
    assert_eq!(
        d.apply("rename:T".parse().unwrap()),
        Err(RuleError::NoRenamingRight)
    );
    assert_eq!(d, before);
}

#[test]
fn no_renaming_of_a_trump_lead() {
    let mut d = pos("dk-dtf-2011 X,S2/H5,R9/H6,K8 5 0:- -/- 2,1,1 -");
    act(&mut d, "X=T");
    assert_eq!(d.trick().dab, Dab::None);
}

#[test]
fn a_rename_names_a_suit_unless_the_switch_allows_trumps() {
    let mut d = pos("dk-dtf-2011 X,S2/H5,T3,R9/H6,R2,K8 5 0:- -/- 2,1,1 -");
    act(&mut d, "X=S");
    let before = d;
    assert_eq!(
        d.apply("rename:T".parse().unwrap()),
        Err(RuleError::RenameToTrump)
    );
    assert_eq!(d, before);
}

#[test]
fn a_rename_to_the_suit_already_named_is_refused_for_that() {
    let mut d = pos("dk-dtf-2011 X,S2/H5,T3,R9/H6,R2,K8 5 0:- -/- 2,1,1 -");
    act(&mut d, "X=S");
    let before = d;
    assert_eq!(
        d.apply("rename:S".parse().unwrap()),
        Err(RuleError::RenameToSameName(Named::Suit(Suit::Spar)))
    );
    assert_eq!(d, before);
}

#[test]
fn the_third_hand_renames_and_the_second_takes_back_his_card() {
    // The second hand plays without renaming; the third renames to hearts, which the second
    // holds: he takes back his trump and follows hearts (000 L597-599, L1938-1940).
    let mut d = pos("dk-dtf-2011 X,S2/H5,T3,R9/H6,R2,K8 5 0:- -/- 2,1,1 -");
    act(&mut d, "X=S");
    act(&mut d, "T3");
    assert_eq!(d.trick().dab, Dab::Third);
    assert_eq!(d.current_player(), Some(2));
    assert_eq!(
        legal(&d),
        ["H6", "K8", "R2", "rename:H", "rename:K", "rename:R"]
    );
    act(&mut d, "rename:H");
    assert_eq!(d.current_player(), Some(1), "the second hand plays again");
    assert!(
        d.hand(1).contains("T3".parse().unwrap()),
        "the trump went back to his hand"
    );
    // Regression (found by the position round-trip in the property tests): the taken-back
    // card left no trace in the trick, so this position reached by play and the same
    // position read from its string are the same state.
    let p = position::write(&d, None);
    assert_eq!(position::parse(&p).unwrap().trick(), d.trick(), "{p}");
    assert_eq!(legal(&d), ["H5"]);
    act(&mut d, "H5");
    assert_eq!(legal(&d), ["H6"]);
    act(&mut d, "H6");
    // Red pips run in reverse: H5 beats H6 (000 L321-325).
    assert_eq!(d.completed_tricks()[0].winner, 1);
}

#[test]
fn a_third_hand_rename_to_a_suit_the_second_lacks_keeps_his_card() {
    let mut d = pos("dk-dtf-2011 X,S2/H5,T3,R9/H6,R2,K8 5 0:- -/- 2,1,1 -");
    act(&mut d, "X=S");
    act(&mut d, "T3");
    act(&mut d, "rename:K");
    assert_eq!(d.current_player(), Some(2));
    assert_eq!(legal(&d), ["K8"]);
    act(&mut d, "K8");
    // T3 is the only trump: it wins.
    assert_eq!(d.completed_tricks()[0].winner, 1);
}

#[test]
fn a_skus_lead_nobody_follows_goes_to_the_first_other_cards_suit() {
    // Renaming switched off; X named spades, nobody has spades or trumps: the second card's
    // suit decides (000 AMB-13; docs/rules/danish.md §9).
    let mut rules = Preset::Dtf2011.ruleset();
    rules.skus_renaming_right = false;
    let base = pos("dk-dtf-2011 X,S2/H5,R9/H6,R2 5 0:- -/- 2,1,1 -");
    let mut d = Deal::from_position(rules, &base.position_setup());
    act(&mut d, "X=S");
    act(&mut d, "H5");
    act(&mut d, "R2");
    assert_eq!(d.completed_tricks()[0].winner, 1);
}

fn last_trick_lead(preset: &str) -> Deal {
    // Seat 0 wins trick 24 with T20 and is left with only the skus.
    let mut d = pos(&format!("{preset} T20,X/S2,SK/S3,HK 24 0:- -/- 8,8,7 -"));
    act(&mut d, "T20");
    act(&mut d, "S2");
    act(&mut d, "S3");
    d
}

#[test]
fn last_trick_skus_lead_is_christened_in_dtf_2011() {
    // 003 L20 p.6: the christening applies in the last trick too.
    let d = last_trick_lead("dk-dtf-2011");
    assert_eq!(d.current_player(), Some(0));
    assert_eq!(legal(&d), ["X=H", "X=K", "X=R", "X=S", "X=T"]);
}

#[test]
fn last_trick_lead_passes_to_the_next_player_in_moeller_and_2016() {
    // 000 L588-590; 001 L466: the next player leads, the holder plays the skus last.
    for preset in ["dk-moeller", "dk-hjoerring-2016"] {
        let mut d = last_trick_lead(preset);
        assert_eq!(d.current_player(), Some(1), "{preset}");
        act(&mut d, "SK");
        act(&mut d, "HK");
        assert_eq!(legal(&d), ["X"]);
        act(&mut d, "X");
        let end = d.facts().end.expect("over");
        assert_eq!(end.last_trick, 1, "{preset}: SK wins the last trick");
        assert_eq!(
            end.ultimo_card,
            Some(tarok_danish::UltimoCard::King(tarok_core::Suit::Spar))
        );
        assert_eq!(
            end.bagud[2],
            Some(tarok_danish::UltimoCard::King(tarok_core::Suit::Hjerter))
        );
    }
}

#[test]
fn christened_last_trick_with_renaming_can_give_an_ultimo() {
    // DTF: X led as ruder in trick 25; neither other holds ruder; the second hand renames to
    // spar and his SK wins: a king ultimo.
    let mut d = last_trick_lead("dk-dtf-2011");
    act(&mut d, "X=R");
    act(&mut d, "rename:S");
    act(&mut d, "SK");
    act(&mut d, "HK");
    let end = d.facts().end.expect("over");
    assert_eq!(end.last_trick, 1);
    assert_eq!(
        end.ultimo_card,
        Some(tarok_danish::UltimoCard::King(tarok_core::Suit::Spar))
    );
}

#[test]
fn the_skus_points_go_to_its_holder_except_in_the_last_trick() {
    // Trick 5: X led by seat 0, won by seat 2: the skus's 4 points stay with seat 0 (000 L600-602).
    let mut d = pos("dk-dtf-2011 X,HK/S2,H2/S3,H3 5 0:- -/- 2,1,1 -");
    let before = d.counts();
    act(&mut d, "X=S");
    act(&mut d, "S2");
    act(&mut d, "S3");
    let after = d.counts();
    assert_eq!(after[0] - before[0], 4);
    assert_eq!(after[2] - before[2], 1, "the trick point only");
    // Trick 25 (Møller): the skus falls to the winner of the last trick.
    let mut d = last_trick_lead("dk-moeller");
    let before = d.counts();
    act(&mut d, "SK");
    act(&mut d, "HK");
    act(&mut d, "X");
    let after = d.counts();
    assert_eq!(
        after[1] - before[1],
        1 + 4 + 4 + 4,
        "trick + SK + HK + skus"
    );
    assert_eq!(after[0], before[0]);
}

#[test]
fn under_the_switch_the_skus_follows_only_when_void() {
    // 001 A6 alternative: the skus may not replace a card of the led suit.
    let mut rules = Preset::Hjoerring2016.ruleset();
    rules.skus_follow_freely = false;
    let base = pos("dk-hjoerring-2016 ?2/X,S7,H3,T5/?3 5 0:S5 -/- 2,1,1 -");
    let mut d = Deal::from_position(rules, &base.position_setup());
    assert_eq!(legal(&d), ["S7"]);
    let before = d;
    let e = d.apply(Action::Play(tarok_core::Card::SKUS)).unwrap_err();
    assert!(matches!(e, RuleError::MustFollow { .. }), "{e}");
    assert_eq!(d, before);
    // Void in the led suit, it is still free.
    let base = pos("dk-hjoerring-2016 ?2/X,H3,T5/?3 5 0:S5 -/- 2,1,1 -");
    let d = Deal::from_position(rules, &base.position_setup());
    assert_eq!(legal(&d), ["T5", "X"]);
}

#[test]
fn under_the_rejected_proposal_the_skus_wins_the_last_trick() {
    // 000 L557-560: a proposal to let the skus take the last trick.
    let mut rules = Preset::Moeller.ruleset();
    rules.skus_may_win_last_trick = true;
    let base = last_trick_lead("dk-moeller");
    let mut d = Deal::from_position(rules, &base.position_setup());
    act(&mut d, "SK");
    act(&mut d, "HK");
    act(&mut d, "X");
    let end = d.facts().end.expect("over");
    assert_eq!(end.last_trick, 0, "the skus holder wins");
    assert_eq!(end.ultimo_card, None, "the skus is no ultimo card");
    assert_eq!(
        end.bagud[1],
        Some(tarok_danish::UltimoCard::King(tarok_core::Suit::Spar))
    );
    assert_eq!(
        end.bagud[2],
        Some(tarok_danish::UltimoCard::King(tarok_core::Suit::Hjerter))
    );
}

/// The third hand renames to the suit of the card the second hand already played, and the
/// second still holds that suit: he takes his card back and plays again to the named suit, and
/// may play the same card (000 L597-599, L1938-1940; 001 L468, L1389-1391 "en farve som
/// andenhånden har lagt til ... skal andenhånden tage det tilspillede kort op").
#[test]
fn a_rename_to_the_suit_the_second_played_takes_his_card_back_too() {
    for preset in ["dk-dtf-2011", "dk-hjoerring-2016", "dk-moeller"] {
        let mut d = pos(&format!(
            "{preset} X,S2/H5,H7,R9/H6,R2,K8 5 0:- -/- 2,1,1 -"
        ));
        act(&mut d, "X=S");
        act(&mut d, "H5");
        assert_eq!(d.trick().dab, Dab::Third);
        act(&mut d, "rename:H");
        assert_eq!(
            d.current_player(),
            Some(1),
            "{preset}: the second hand plays again"
        );
        assert!(d.hand(1).contains("H5".parse().unwrap()), "{preset}");
        assert_eq!(
            legal(&d),
            ["H5", "H7"],
            "{preset}: the same card or another heart"
        );
        let mut same = d;
        act(&mut same, "H5");
        act(&mut same, "H6");
        assert_eq!(
            same.completed_tricks()[0].winner,
            1,
            "{preset}: H5 beats H6"
        );
        act(&mut d, "H7");
        assert_eq!(legal(&d), ["H6"], "{preset}");
    }
    // Without another heart he keeps his card: playing again could only give the same one.
    let mut d = pos("dk-dtf-2011 X,S2/H5,R8,R9/H6,R2,K8 5 0:- -/- 2,1,1 -");
    act(&mut d, "X=S");
    act(&mut d, "H5");
    act(&mut d, "rename:H");
    assert_eq!(d.current_player(), Some(2));
    assert_eq!(legal(&d), ["H6"]);
}
