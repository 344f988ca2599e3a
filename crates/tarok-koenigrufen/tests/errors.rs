//! Illegal actions get typed errors that name the rule, and leave the state unchanged.

mod common;

use common::*;
use tarok_core::DealRng;
use tarok_koenigrufen::cards::PACK;
use tarok_koenigrufen::contract::PlayMode;
use tarok_koenigrufen::kontra::Item;
use tarok_koenigrufen::*;

#[test]
fn play_errors_name_the_rule() {
    let mut p = to_play(PlayMode::Positive, "H3", "H4 T5 PK");
    let before = p;
    let e = p.play(c("PK")).unwrap_err();
    assert_eq!(e, RuleError::MustFollowSuit);
    assert_eq!(e.to_string(), "must follow suit (Spieleversum §12.1, L306)");
    assert_eq!(p, before, "a refused card changes nothing");

    let mut p = to_play(PlayMode::Positive, "H3", "T5 PK");
    assert_eq!(p.play(c("PK")), Err(RuleError::MustPlayTarock));
    assert!(RuleError::MustPlayTarock
        .to_string()
        .contains("Tarockzwang"));

    let mut p = to_play(PlayMode::Negative, "T10", "T4 T15");
    assert_eq!(p.play(c("T4")), Err(RuleError::MustBeat));
    assert!(RuleError::MustBeat.to_string().contains("Stichzwang"));

    let mut p = to_play(PlayMode::Negative, "", "T1 T7 H3");
    assert_eq!(p.play(c("T1")), Err(RuleError::PagatNotLast));
    assert!(RuleError::PagatNotLast.to_string().contains("L312"));

    let mut p = to_play(PlayMode::Colour, "", "PK T12");
    assert_eq!(p.play(c("T12")), Err(RuleError::ColourTarockLead));

    let mut p = to_play(PlayMode::Positive, "", "PK T12");
    assert_eq!(p.play(c("HK")), Err(RuleError::NotInHand(c("HK"))));
}

#[test]
fn every_refused_action_leaves_the_deal_unchanged() {
    let rs = Ruleset::spieleversum();
    let mut refused = 0;
    for seed in 0..400u64 {
        let mut deal = Deal::from_seed(rs, seed, (seed % 4) as u8);
        let mut rng = DealRng::derive(seed, 5);
        while !deal.is_over() {
            let legal = deal.legal_actions();
            // Candidate actions of every kind; those not legal must be refused with a reason.
            let mut tries: Vec<Action> = vec![
                Action::Gut,
                Action::Schleifen,
                Action::TakeHalf(0),
                Action::TakeHalf(2),
                Action::Call(Call::Pass),
                Action::Call(Call::Hold),
                Action::Call(Call::Bei),
                Action::Call(Call::MeinVorhand),
                Action::Kontra(Item::Game(deal.state().declarer())),
                Action::Announce(Premium::Valat),
                Action::Announce(Premium::Pagat),
            ];
            for ct in Contract::ALL {
                tries.push(bid(ct));
            }
            let card = PACK.nth(rng.below(54)).unwrap();
            tries.extend([
                Action::Play(card),
                Action::Discard(card),
                Action::CallKing(card),
            ]);
            for a in tries {
                if legal.contains(&a) {
                    continue;
                }
                let before_state = *deal.state();
                let before_len = deal.history().len();
                let err = deal.apply(a).expect_err("not a legal action");
                assert!(!err.to_string().is_empty());
                assert_eq!(
                    *deal.state(),
                    before_state,
                    "seed {seed}: {a} changed the state"
                );
                assert_eq!(deal.history().len(), before_len);
                refused += 1;
            }
            let a = random_action(deal.state(), &legal, &mut rng);
            deal.apply(a).unwrap();
        }
        assert_eq!(deal.apply(Action::Gut), Err(RuleError::DealOver));
    }
    assert!(refused > 10_000);
}

#[test]
fn bidding_and_talon_errors_cite_the_rules() {
    let mut d = deal_for(0, ["", "", "", ""], ["", ""]);
    assert!(d.apply(PASS).unwrap_err().to_string().contains("§6.2"));
    act(&mut d, MEIN_VORHAND);
    let e = d.apply(bid(Contract::Rufer)).unwrap_err();
    assert_eq!(e, RuleError::VorhandOnly(Contract::Rufer));
    assert!(e.to_string().contains("L432"));
    assert!(matches!(
        d.apply(Action::Discard(c("H4"))),
        Err(RuleError::WrongPhase(..))
    ));
}

/// One example of every refusal: each message ends with its source in parentheses, and that
/// source names the Spieleversum rules (`RuleError::one_of_each`, which lists every
/// variant).
#[test]
fn every_rule_error_cites_its_source() {
    let all = RuleError::one_of_each();
    for e in &all {
        let text = e.to_string();
        let cited = &text[text
            .rfind(" (")
            .unwrap_or_else(|| panic!("no citation: {text}"))..];
        assert!(
            cited.ends_with(')') && cited.contains("Spieleversum"),
            "{e:?}: {text}"
        );
    }
}
