//! The deal's phases: dealing 25/25/28, the redeal demand, the skat, declarations, disclosure.

use tarok_core::{Card, CardSet, DealRng};
use tarok_danish::record::Record;
use tarok_danish::{Action, Deal, DealOptions, Phase, Preset, Reason, RuleError};

/// A deck in which `seat` (forhånd or mellemhånd) receives no numbered trump.
fn trumpless_deck(seat: usize) -> Vec<Card> {
    let mut others: Vec<Card> = CardSet::PACK78.iter().collect();
    let plain: Vec<Card> = (CardSet::PACK78 - CardSet::TRUMPS)
        .without(Card::SKUS)
        .iter()
        .take(25)
        .collect();
    others.retain(|c| !plain.contains(c));
    let mut plain = plain.into_iter();
    let mut others = others.into_iter();
    (0..78)
        .map(|i| {
            if i < 75 && (i / 5) % 3 == seat {
                plain.next().unwrap()
            } else {
                others.next().unwrap()
            }
        })
        .collect()
}

#[test]
fn dealing_gives_25_25_28_in_packets_of_5() {
    let deck = tarok_core::shuffled(CardSet::PACK78, 4);
    let d = Deal::new(Preset::Dtf2011.ruleset(), &deck, DealOptions::default());
    assert_eq!(
        [d.hand(0).len(), d.hand(1).len(), d.hand(2).len()],
        [25, 25, 28]
    );
    assert!(
        d.hand(0).contains(deck[0]) && d.hand(1).contains(deck[5]) && d.hand(2).contains(deck[10])
    );
    assert!(d.hand(2).contains(deck[75]) && d.hand(2).contains(deck[77]));
}

#[test]
fn a_trumpless_hand_may_demand_a_redeal_without_a_new_ante() {
    let deck = trumpless_deck(0);
    let mut d = Deal::new(Preset::Dtf2011.ruleset(), &deck, DealOptions::default());
    assert!(d.hand(0).trumps().is_empty());
    assert_eq!(d.phase(), Phase::Redeal);
    assert_eq!(d.current_player(), Some(0));
    assert_eq!(d.legal_actions(), [Action::Redeal, Action::Keep]);
    d.apply(Action::Redeal).unwrap();
    assert_eq!(d.phase(), Phase::Over { redeal: true });
    let lines = d.settlement();
    assert!(
        lines.iter().all(|l| l.reason == Reason::Ante),
        "only the ante stands"
    );
    // The next deal by the same dealer pays no ante (000 L426-428).
    let next = Deal::new(
        Preset::Dtf2011.ruleset(),
        &tarok_core::shuffled(CardSet::PACK78, 9),
        DealOptions {
            ante: false,
            ..DealOptions::default()
        },
    );
    assert!(next.settlement().is_empty());
}

#[test]
fn keeping_a_trumpless_hand_goes_on_to_the_others_and_the_skat() {
    let mut d = Deal::new(
        Preset::Dtf2011.ruleset(),
        &trumpless_deck(0),
        DealOptions::default(),
    );
    d.apply(Action::Keep).unwrap();
    // Mellemhånd and the dealer hold trumps: each is asked in turn and can only keep.
    for seat in [1, 2] {
        assert_eq!(d.phase(), Phase::Redeal);
        assert_eq!(d.current_player(), Some(seat));
        assert_eq!(d.legal_actions(), [Action::Keep]);
        d.apply(Action::Keep).unwrap();
    }
    assert_eq!(d.phase(), Phase::Skat);
    assert_eq!(d.current_player(), Some(2));
}

/// Every seat is asked about a redeal, forhånd first, also when every hand holds trumps: the
/// question shows nobody's hand. Each has `Keep` as its only, forced, answer.
#[test]
fn every_seat_is_asked_in_turn() {
    let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), 4);
    assert!((0..3).all(|s| !d.hand(s).trumps().is_empty()));
    for seat in 0..3 {
        assert_eq!(d.phase(), Phase::Redeal);
        assert_eq!(d.current_player(), Some(seat));
        assert_eq!(d.view(0).to_act, Some(seat));
        assert_eq!(d.legal_actions(), [Action::Keep]);
        assert_eq!(d.forced_action(), Some(Action::Keep));
        d.apply(Action::Keep).unwrap();
    }
    assert_eq!(d.phase(), Phase::Skat);
    assert_eq!(d.forced_action(), None);
}

/// A hand with numbered trumps cannot demand a redeal: the refusal names the rule and leaves
/// the deal as it was.
#[test]
fn a_redeal_from_a_hand_with_trumps_is_refused() {
    let mut d = Deal::new(
        Preset::Moeller.ruleset(),
        &trumpless_deck(1),
        DealOptions::default(),
    );
    let before = d;
    let e = d.apply(Action::Redeal).unwrap_err();
    assert_eq!(e, RuleError::TrumpHolderCannotRedeal);
    assert!(e.to_string().contains("Møller 000 L426-428"), "{e}");
    assert_eq!(d, before);
    d.apply(Action::Keep).unwrap();
    // Mellemhånd holds no trump: he may.
    assert_eq!(d.current_player(), Some(1));
    assert_eq!(d.legal_actions(), [Action::Redeal, Action::Keep]);
    assert_eq!(d.forced_action(), None);
}

/// A trumpless mellemhånd, asked after forhånd has kept, still ends the deal with a redeal, and
/// only the ante stands.
#[test]
fn a_trumpless_mellemhaand_redeals_after_forhaand_keeps() {
    let mut d = Deal::new(
        Preset::Dtf2011.ruleset(),
        &trumpless_deck(1),
        DealOptions::default(),
    );
    assert_eq!(d.current_player(), Some(0));
    assert_eq!(d.legal_actions(), [Action::Keep]);
    d.apply(Action::Keep).unwrap();
    d.apply(Action::Redeal).unwrap();
    assert_eq!(d.phase(), Phase::Over { redeal: true });
    assert!(d.settlement().iter().all(|l| l.reason == Reason::Ante));
}

/// Random play takes a forced keep without drawing a number, so that seeded random games and
/// matches play the same cards as when only the trumpless hands were asked.
#[test]
fn a_forced_keep_draws_no_random_number() {
    let mut d = Deal::new(
        Preset::Dtf2011.ruleset(),
        &trumpless_deck(1),
        DealOptions::default(),
    );
    let mut rng = DealRng::seed(3);
    let before = rng;
    assert_eq!(d.random_action(&mut rng), Action::Keep);
    assert_eq!(rng, before, "no number drawn for forhånd's forced keep");
    d.apply(Action::Keep).unwrap();
    // Mellemhånd has a choice: a number is drawn.
    d.random_action(&mut rng);
    assert_ne!(rng, before);
}

#[test]
fn the_redeal_switch_removes_the_question() {
    let mut r = Preset::Dtf2011.ruleset();
    r.redeal_on_no_trump = false;
    let d = Deal::new(r, &trumpless_deck(0), DealOptions::default());
    assert_eq!(d.phase(), Phase::Skat);
}

#[test]
fn declarations_are_made_on_the_kept_cards_and_paid_dealer_first() {
    for seed in 0..200 {
        let mut d = Deal::from_seed(Preset::Moeller.ruleset(), seed);
        d.apply_forced();
        if d.phase() != Phase::Skat {
            continue;
        }
        let skat = match d.legal_actions()[0] {
            Action::Discard(s) => s,
            _ => unreachable!(),
        };
        d.apply(Action::Discard(skat)).unwrap();
        assert_eq!(d.hand(2).len(), 25);
        for s in 0..3 {
            assert_eq!(
                d.declarations(s),
                tarok_danish::declare::declarations(d.hand(s), d.rules())
            );
        }
        let lines = d.settlement();
        let first_decl = lines
            .iter()
            .position(|l| matches!(l.reason, Reason::Declaration(_)));
        if let Some(i) = first_decl {
            let declarer = match lines[i].to {
                tarok_core::Party::Player(p) => p,
                _ => unreachable!(),
            };
            let first_declarer = [2u8, 0, 1]
                .into_iter()
                .find(|&s| !d.declarations(s).is_empty())
                .unwrap();
            assert_eq!(declarer, first_declarer);
        }
    }
}

#[test]
fn laid_trumps_are_disclosed_as_the_preset_says() {
    // Find a deal where the dealer lays trumps.
    for seed in 0..3000 {
        let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
        d.apply_forced();
        if d.phase() != Phase::Skat {
            continue;
        }
        let with_trumps = d
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Discard(s) if !s.trumps().is_empty()));
        let without_trumps = d
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Discard(s) if s.trumps().is_empty()));
        let (Some(discard), Some(plain)) = (with_trumps, without_trumps) else {
            continue;
        };
        for preset in Preset::ALL {
            let mut d = Deal::from_seed(preset.ruleset(), seed);
            d.apply_forced();
            d.apply(discard).unwrap();
            let news = d.view(0).skat_news.unwrap();
            assert!(news.trumps_laid);
            let count = match discard {
                Action::Discard(s) => s.trumps().len(),
                _ => unreachable!(),
            };
            let expected = if preset == Preset::Hjoerring2016 {
                None
            } else {
                Some(count)
            };
            assert_eq!(news.trump_count, expected, "{preset:?}");
            assert_eq!(d.view(0).own_skat, None, "only the dealer sees the skat");
            assert!(d.view(2).own_skat.is_some());

            // A skat of plain cards is disclosed as such.
            let mut d = Deal::from_seed(preset.ruleset(), seed);
            d.apply_forced();
            d.apply(plain).unwrap();
            let news = d.view(0).skat_news.unwrap();
            assert!(!news.trumps_laid, "{preset:?}");
            let expected = (preset != Preset::Hjoerring2016).then_some(0);
            assert_eq!(news.trump_count, expected, "{preset:?}");
        }
        return;
    }
    panic!("no deal with a trump discard found");
}

/// A redeal replays, from a record that lists forhånd's forced keep before mellemhånd's demand
/// and from one written before every seat was asked, which lists the demand alone.
#[test]
fn a_record_of_a_redeal_replays() {
    let mut record = Record::new(
        Preset::Dtf2011,
        None,
        trumpless_deck(1),
        DealOptions::default(),
    );
    let mut d = record.start().unwrap();
    record.apply(&mut d, Action::Keep).unwrap();
    record.apply(&mut d, Action::Redeal).unwrap();
    let text = record.to_text(&d);
    assert!(text.contains("\n0. keep redeal\n"), "{text}");
    let (_, back) = Record::from_text(&text).unwrap();
    assert_eq!(back, d);
    let old = Record {
        actions: vec!["redeal".into()],
        ..record
    };
    assert_eq!(old.replay().unwrap(), d);
}

/// A file of several records (a redeal and the deal after it) splits at each `[Game]` tag, with
/// anything before the first tag kept in the first record.
#[test]
fn a_file_of_records_splits_at_each_game_tag() {
    use tarok_danish::record::split_text_records;
    let file = "# evening 3\n[Game \"1\"]\n0. redeal\n[Game \"2\"]\n0. keep\n";
    assert_eq!(
        split_text_records(file),
        [
            "# evening 3\n[Game \"1\"]\n0. redeal\n",
            "[Game \"2\"]\n0. keep\n"
        ]
    );
    let one = "[Game \"1\"]\n0. keep\n";
    assert_eq!(split_text_records(one), [one]);
}

/// A record's options are the deal's, at their bounds: the non-counter is seat 0 to 2 and an
/// empty cup is a cup.
#[test]
fn a_record_starts_at_the_bounds_of_its_options() {
    let options = DealOptions {
        ante: false,
        cups: [0, 35],
        table: 5,
        non_counter: 2,
    };
    let record = Record::new(Preset::Moeller, Some(4), trumpless_deck(1), options);
    assert_eq!(record.options(), options);
    let deal = record.start().unwrap();
    assert_eq!(deal.options(), options);
    let (back, _) = Record::from_text(&record.to_text(&deal)).unwrap();
    assert_eq!(back.options(), options, "the [Options] tag reads back");
    let refused = |record: Record| record.start().unwrap_err().to_string();
    let far = Record {
        non_counter: 3,
        ..record.clone()
    };
    assert!(refused(far).contains("non-counter seat 0 to 2"));
    let owing = Record {
        cups: [-5, 0],
        ..record
    };
    assert!(refused(owing).contains("less than nothing"));
}

/// Found by the bad-input fuzz in a fresh CI run: a text record whose cup held 2147483647
/// overflowed the settlement's sums (a panic in `Settler::pay`) instead of being refused.
#[test]
fn a_record_with_an_overflowing_cup_is_refused() {
    let (record, deal) = tarok_danish::family::random_game(Preset::Moeller, 11)
        .pop()
        .unwrap();
    let text = record
        .to_text(&deal)
        .replace("cups=60,60", "cups=2147483647,60");
    assert!(text.contains("cups=2147483647,60"), "{text}");
    let e = Record::from_text(&text).unwrap_err().to_string();
    assert!(e.contains("a cup holds at most 1000000 points"), "{e}");
}

/// A lone "." is read as an action and refused as one, not as a trick number.
#[test]
fn a_stray_dot_in_a_record_is_an_action_error() {
    let text = "[Preset \"dk-dtf-2011\"]\n[Seed \"3\"]\n0. .\n";
    let e = Record::from_text(text).unwrap_err().to_string();
    assert!(e.contains("record action 1"), "{e}");
}

/// A deal of `deck` played to the end by random actions, a trumpless hand keeping: its record
/// (which lists every seat's answer to the redeal question), and the record as it was written
/// before every seat was asked, without the forced keeps.
fn new_and_old_records(deck: Vec<Card>) -> (Record, Record, Deal) {
    let mut record = Record::new(Preset::Dtf2011, None, deck, DealOptions::default());
    let mut old = record.clone();
    let mut d = record.start().unwrap();
    let mut rng = DealRng::seed(5);
    while !d.is_over() {
        let forced = d.forced_action().is_some();
        let a = match d.phase() {
            Phase::Redeal => Action::Keep,
            _ => d.random_action(&mut rng),
        };
        record.apply(&mut d, a).unwrap();
        if !forced {
            old.actions.push(a.to_string());
        }
    }
    (record, old, d)
}

/// Records written before every seat was asked about a redeal hold no forced keeps; they replay
/// to the same deal, through text and JSON, whichever seat holds no trump. A new record round
/// trips exactly.
#[test]
fn records_without_the_forced_keeps_replay_the_same() {
    for seat in [0, 1] {
        let (new, old, deal) = new_and_old_records(trumpless_deck(seat));
        assert_eq!(new.actions[..3], ["keep", "keep", "keep"]);
        assert_eq!(old.actions[0], "keep", "only the trumpless hand answered");
        assert_ne!(old.actions[1], "keep");
        assert_eq!(old.replay().unwrap(), deal, "trumpless seat {seat}");
        let (back, replayed) = Record::from_text(&old.to_text(&deal)).unwrap();
        assert_eq!((&back, &replayed), (&old, &deal));
        let (back, replayed) = Record::from_json(&old.to_json(&deal).to_string()).unwrap();
        assert_eq!((&back, &replayed), (&old, &deal));
        // The new record: its text lists the three answers before the skat, and reads back
        // as it was written.
        let text = new.to_text(&deal);
        assert!(text.contains("\n0. keep keep keep skat:"), "{text}");
        let (back, replayed) = Record::from_text(&text).unwrap();
        assert_eq!((&back, &replayed), (&new, &deal));
        assert_eq!(back.to_text(&replayed), text);
    }
}

/// The fixture, a record written when only trumpless hands were asked (none here), replays to
/// the deal of the same actions with the three forced keeps written out; so does a record cut
/// off before the skat.
#[test]
fn an_old_fixture_replays_as_with_the_keeps() {
    let text = include_str!("fixtures/moeller-seed11.txt");
    let (old, deal) = Record::from_text(text).unwrap();
    assert_ne!(old.actions[0], "keep");
    let mut new = old.clone();
    new.actions
        .splice(0..0, ["keep", "keep", "keep"].map(String::from));
    assert_eq!(new.replay().unwrap(), deal);
    let cut = Record {
        actions: Vec::new(),
        ..old
    };
    assert_eq!(cut.replay().unwrap().phase(), Phase::Skat);
}

/// The allocation-free move generator replaces what the list held, so bots and the bench can
/// reuse one list; a deal keeps the options it was dealt with.
#[test]
fn a_reused_action_list_holds_only_the_new_position_and_a_deal_keeps_its_options() {
    let options = DealOptions {
        ante: false,
        cups: [35, 15],
        table: 4,
        non_counter: 1,
    };
    let mut deal = Deal::new(
        Preset::Moeller.ruleset(),
        &tarok_core::shuffled(CardSet::PACK78, 3),
        options,
    );
    assert_eq!(deal.options(), options);
    let mut list = tarok_danish::ActionList::default();
    let mut rng = DealRng::seed(3);
    while !deal.is_over() {
        deal.legal_into(&mut list);
        if deal.phase() != Phase::Skat {
            assert_eq!(list.as_slice(), deal.legal_actions(), "{:?}", deal.phase());
        }
        let a = deal.random_action(&mut rng);
        deal.apply(a).unwrap();
    }
    assert_eq!(deal.options(), options);
}

/// Settlement lines and balances as records and replays print them: seats by number and
/// Danish role, the cups by name, a sitter-out only when he has something.
#[test]
fn settlement_lines_and_balances_in_words() {
    use tarok_core::{Party, Payment};
    use tarok_danish::record::{balances_text, line_json, line_text};
    let ante = Payment {
        from: Party::Player(2),
        to: Party::Cup(0),
        amount: 5,
        reason: Reason::Ante,
    };
    let text = line_text(&ante);
    assert!(text.starts_with("2 kortgiver -> kongekop: 5 p, "), "{text}");
    assert!(
        text.ends_with(&format!("[{}]", Reason::Ante.rule())),
        "{text}"
    );
    let json = line_json(&ante);
    assert_eq!(json["from"], "2 kortgiver");
    assert_eq!(json["to"], "kongekop");
    assert_eq!(json["amount"], 5);
    assert_eq!(json["rule"], Reason::Ante.rule());
    assert_eq!(balances_text(&[]), "0:+0 1:+0 2:+0 kongekop:+0 pagatkop:+0");
    let fine = Payment {
        from: Party::Player(3),
        to: Party::Cup(1),
        amount: 20,
        reason: Reason::Ante,
    };
    assert_eq!(
        balances_text(&[ante, fine]),
        "0:+0 1:+0 2:-5 3:-20 kongekop:+5 pagatkop:+20"
    );
    assert!(line_text(&fine).starts_with("3 oversidder -> pagatkop: 20 p"));
    let mellem = Payment {
        from: Party::Player(1),
        ..fine
    };
    assert!(line_text(&mellem).starts_with("1 mellemhånd"));
    let forhaand = Payment {
        from: Party::Player(0),
        ..fine
    };
    assert!(line_text(&forhaand).starts_with("0 forhånd"));
}

/// `tarok replay`'s trick lines: the seats in playing order from the leader around the table,
/// the led skus with the name it was given, and the winner. Seed 5 under dk-dtf-2011, whose
/// second trick is led by kortgiver with the skus named klør.
#[test]
fn the_trick_lines_name_each_seat_the_skus_name_and_the_winner() {
    let (_, deal) = tarok_danish::family::random_game(Preset::Dtf2011, 5)
        .pop()
        .unwrap();
    let text = tarok_danish::family::tricks_text(&deal);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 25, "{text}");
    assert_eq!(
        lines[..3],
        [
            " 1. 0:T11 1:T4 2:T17             won by 2 kortgiver",
            " 2. 2:X=K 0:KC 1:KD              won by 1 mellemhånd",
            " 3. 1:R1 2:RK 0:RD               won by 2 kortgiver",
        ]
    );
}

/// A random game whose first deal is redealt (seed 33057 under dk-dtf-2011): the deal after it
/// pays no second ante and starts with the cups as the redealt deal left them (000 L426-428).
#[test]
fn a_random_game_redeals_without_a_new_ante_and_keeps_the_cups() {
    let game = tarok_danish::family::random_game(Preset::Dtf2011, 33057);
    assert_eq!(game.len(), 2);
    let (first, redealt) = &game[0];
    assert_eq!(redealt.phase(), Phase::Over { redeal: true });
    assert!(first.options().ante);
    let cups = redealt.settle_into(&mut tarok_core::Balances::default());
    assert_ne!(cups, first.options().cups, "the ante went into the cups");
    let (second, played) = &game[1];
    assert!(!second.options().ante);
    assert_eq!(second.options().cups, cups);
    assert!(played.settlement().iter().all(|l| l.reason != Reason::Ante));
}
