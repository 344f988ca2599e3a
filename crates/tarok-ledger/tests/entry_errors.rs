//! Bad entries are refused with a clear error, and change nothing.

use tarok_danish::Preset;
use tarok_ledger::entry::{BagudEntry, DealEntry, EndEntry, FineEntry, InPlayEntry, Outcome};
use tarok_ledger::{Cause, EntryError, Session, SessionError};

fn four() -> Session {
    // Anna deals, Bent forhånd (does not count), Dorte mellemhånd, Carl sits out.
    let names = ["Anna", "Bent", "Carl", "Dorte"].map(String::from).to_vec();
    Session::new(Preset::Dtf2011, None, names, 0).unwrap()
}

fn ok_end() -> EndEntry {
    EndEntry {
        last_trick: "Bent".into(),
        counts: [("Anna".to_string(), 30), ("Dorte".to_string(), 20)].into(),
        ..Default::default()
    }
}

fn played(end: EndEntry) -> DealEntry {
    DealEntry {
        end: Some(end),
        ..Default::default()
    }
}

/// Enters `e`, expects an error, and checks that the session did not change.
fn refused(e: DealEntry) -> EntryError {
    let mut s = four();
    let before = serde_json::to_string(&s).unwrap();
    let err = match s.enter(e) {
        Err(SessionError::Entry(err)) => err,
        other => panic!("expected an entry error, got {other:?}"),
    };
    assert_eq!(serde_json::to_string(&s).unwrap(), before, "{err}");
    // The error is readable.
    assert!(err.to_string().len() > 10);
    err
}

#[test]
fn a_good_entry_is_accepted() {
    let mut s = four();
    let mut e = played(ok_end());
    e.declarations
        .insert("dorte".into(), vec!["3 MATADORER".into()]);
    s.enter(e).unwrap();
    // 10 from each opponent for 3 matadorer; 30 counts +5, 20 counts -5 against Bent.
    assert_eq!(
        s.balances,
        vec![
            -40 - 10 - 10 - 20 + 5,
            -40 - 10 + 40 + 5 - 5,
            -40,
            -40 + 20 - 20 - 5
        ]
    );
}

#[test]
fn unknown_name() {
    let mut e = ok_end();
    e.last_trick = "Frede".into();
    assert_eq!(refused(played(e)), EntryError::UnknownName("Frede".into()));
}

#[test]
fn a_sitter_out_cannot_declare_or_win() {
    let mut e = played(ok_end());
    e.declarations
        .insert("Carl".into(), vec!["3 matadorer".into()]);
    assert!(matches!(refused(e), EntryError::SitsOut(n, _) if n == "Carl"));
    let mut e = ok_end();
    e.last_trick = "Carl".into();
    assert!(matches!(refused(played(e)), EntryError::SitsOut(..)));
}

#[test]
fn unknown_declaration_and_fine() {
    let mut e = played(ok_end());
    e.declarations
        .insert("Anna".into(), vec!["fire konger".into()]);
    assert!(matches!(refused(e), EntryError::UnknownDeclaration(_)));
    let mut e = played(ok_end());
    e.fines.push(FineEntry {
        person: "Anna".into(),
        fine: "cups-not-moved".into(), // Møller's table only
    });
    assert!(matches!(refused(e), EntryError::UnknownFine(..)));
}

#[test]
fn counts_must_fit_78() {
    let mut e = ok_end();
    e.counts = [("Anna".to_string(), 50), ("Dorte".to_string(), 40)].into();
    assert!(matches!(refused(played(e)), EntryError::Counts(_)));
    let mut e = ok_end();
    e.counts = [("Anna".to_string(), 79)].into();
    assert!(matches!(refused(played(e)), EntryError::Counts(_)));
    // Dorte's count is missing.
    let mut e = ok_end();
    e.counts.remove("Dorte");
    assert!(matches!(refused(played(e)), EntryError::Counts(_)));
    // Three counts must add up to 78 exactly.
    let mut e = ok_end();
    e.counts.insert("Bent".into(), 27);
    assert!(matches!(refused(played(e)), EntryError::Counts(_)));
    // No counting after a won nolo (000 L620).
    let mut e = ok_end();
    e.nolo = Some("Dorte".into());
    assert!(matches!(refused(played(e)), EntryError::Counts(_)));
}

#[test]
fn three_counts_that_add_up_are_accepted() {
    let mut s = four();
    let mut e = ok_end();
    e.counts.insert("Bent".into(), 28);
    s.enter(played(e)).unwrap();
}

#[test]
fn impossible_end_combinations() {
    let mut e = ok_end();
    e.tout = Some("Bent".into());
    e.nolo = Some("Dorte".into());
    assert!(matches!(refused(played(e)), EntryError::Impossible(_)));
    let mut e = ok_end();
    e.tout = Some("Dorte".into());
    assert!(matches!(refused(played(e)), EntryError::Impossible(_)));
    let mut e = ok_end();
    e.bagud = vec![BagudEntry {
        person: "Bent".into(),
        card: "HK".into(),
    }];
    assert!(matches!(refused(played(e)), EntryError::Impossible(_)));
    let mut e = ok_end();
    e.ultimo = Some("SK".into());
    e.bagud = vec![BagudEntry {
        person: "Anna".into(),
        card: "pagat".into(),
    }];
    assert!(matches!(refused(played(e)), EntryError::Impossible(_)));
    let mut e = ok_end();
    e.ultimo = Some("HD".into());
    assert!(matches!(refused(played(e)), EntryError::NotUltimoCard(_)));
    let mut e = ok_end();
    e.nolo = Some("Bent".into());
    e.counts.clear();
    assert!(matches!(refused(played(e)), EntryError::Impossible(_)));
}

#[test]
fn impossible_in_play() {
    let mut e = played(ok_end());
    e.in_play = vec![
        InPlayEntry::PagatHjem {
            person: "Anna".into(),
        },
        InPlayEntry::Lost {
            person: "Dorte".into(),
            card: "pagat".into(),
        },
    ];
    assert!(matches!(refused(e), EntryError::Impossible(_)));
    let mut e = played(ok_end());
    e.in_play = vec![InPlayEntry::PagatHjem {
        person: "Anna".into(),
    }];
    e.end.as_mut().unwrap().ultimo = Some("pagat".into());
    assert!(matches!(refused(e), EntryError::Impossible(_)));
    // Dorte declared all the hearts court cards, so Anna cannot lose the heart king.
    let mut e = played(ok_end());
    e.declarations
        .insert("Dorte".into(), vec!["fuldt i hjerter".into()]);
    e.in_play = vec![InPlayEntry::Lost {
        person: "Anna".into(),
        card: "HK".into(),
    }];
    assert!(matches!(refused(e), EntryError::Impossible(_)));
}

#[test]
fn impossible_declarations() {
    // Two hands cannot both hold T21, the pagat and the skus.
    let mut e = played(ok_end());
    e.declarations
        .insert("Anna".into(), vec!["3 matadorer".into()]);
    e.declarations
        .insert("Dorte".into(), vec!["4 matadorer".into()]);
    assert!(matches!(refused(e), EntryError::Impossible(_)));
    // "Fuldt" is without the skus, "halvt" needs it.
    let mut e = played(ok_end());
    e.declarations.insert(
        "Anna".into(),
        vec!["fuldt i spar".into(), "halvt i konger uden ruder".into()],
    );
    assert!(matches!(refused(e), EntryError::Impossible(_)));
    // 12 + 11 trumps is more than 21 and the skus.
    let mut e = played(ok_end());
    e.declarations
        .insert("Anna".into(), vec!["12 tarokker med pagat".into()]);
    e.declarations
        .insert("Dorte".into(), vec!["11 tarokker uden pagat".into()]);
    assert!(matches!(refused(e), EntryError::Impossible(_)));
    // Two declarations of one kind.
    let mut e = played(ok_end());
    e.declarations.insert(
        "Anna".into(),
        vec!["fuldt i spar".into(), "sprøjte i spar".into()],
    );
    assert!(matches!(refused(e), EntryError::Impossible(_)));
}

#[test]
fn a_hand_gives_its_declarations() {
    let hand = "T21 T1 X T2 T3 T4 T5 T6 T7 T8 T9 HK HD HKn S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 R1";
    let mut s = four();
    let mut e = played(ok_end());
    e.hands.insert("Dorte".into(), hand.into());
    s.enter(e).unwrap();
    // 11 tarokker med pagat 15 + 3 matadorer 10 + halvt i hjerter 5 = 30 from each (000 L2323).
    let received: i32 = s
        .lines
        .iter()
        .filter(|l| l.to == tarok_ledger::Account::Person(3) && l.rule.contains("§7.2"))
        .map(|l| l.amount)
        .sum();
    assert_eq!(received, 60);
    // A hand of the wrong size is refused.
    let mut e = played(ok_end());
    e.hands.insert("Dorte".into(), "T21 T1 X".into());
    assert!(matches!(refused(e), EntryError::BadHand(..)));
}

#[test]
fn outcomes_have_their_shape() {
    // A played deal needs its end; a redeal has none; an annulment needs a starred fine.
    assert!(matches!(
        refused(DealEntry::default()),
        EntryError::Impossible(_)
    ));
    let mut e = played(ok_end());
    e.outcome = Outcome::Redeal;
    assert!(matches!(refused(e), EntryError::Impossible(_)));
    let e = DealEntry {
        outcome: Outcome::Annulled,
        fines: vec![FineEntry {
            person: "Anna".into(),
            fine: "misdeal".into(),
        }],
        ..Default::default()
    };
    assert!(matches!(refused(e), EntryError::Impossible(_)));
}

#[test]
fn impossible_with_tout_and_counts() {
    // The tout player cannot lose a card, and nobody else brings the pagat home.
    let tout_end = || {
        let mut e = ok_end();
        e.tout = Some("Bent".into());
        e.counts = [("Anna".to_string(), 4), ("Dorte".to_string(), 0)].into();
        e
    };
    let mut e = played(tout_end());
    e.in_play = vec![InPlayEntry::Lost {
        person: "Bent".into(),
        card: "SK".into(),
    }];
    assert!(matches!(refused(e), EntryError::Impossible(_)));
    let mut e = played(tout_end());
    e.in_play = vec![InPlayEntry::PagatHjem {
        person: "Dorte".into(),
    }];
    assert!(matches!(refused(e), EntryError::Impossible(_)));
    // The tout player took 25 tricks: at least 25.
    let mut e = tout_end();
    e.counts = [("Anna".to_string(), 40), ("Dorte".to_string(), 20)].into();
    assert!(matches!(refused(played(e)), EntryError::Counts(_)));
    // The dealer (Anna) has the skat as a trick: at least 1.
    let mut e = ok_end();
    e.counts = [("Anna".to_string(), 0), ("Dorte".to_string(), 30)].into();
    assert!(matches!(refused(played(e)), EntryError::Counts(_)));
}

#[test]
fn a_declared_card_is_played_by_its_holder_in_the_last_trick() {
    let mut e = played(ok_end());
    e.declarations
        .insert("Anna".into(), vec!["fuldt i konger".into()]);
    e.end.as_mut().unwrap().ultimo = Some("HK".into());
    assert!(matches!(refused(e), EntryError::Impossible(_)));
    let mut e = played(ok_end());
    e.declarations
        .insert("Anna".into(), vec!["fuldt i konger".into()]);
    e.end.as_mut().unwrap().bagud = vec![BagudEntry {
        person: "Dorte".into(),
        card: "RK".into(),
    }];
    assert!(matches!(refused(e), EntryError::Impossible(_)));
    // Anna herself may go bagud with a king she declared.
    let mut s = four();
    let mut e = played(ok_end());
    e.declarations
        .insert("Anna".into(), vec!["fuldt i konger".into()]);
    e.end.as_mut().unwrap().bagud = vec![BagudEntry {
        person: "Anna".into(),
        card: "RK".into(),
    }];
    s.enter(e).unwrap();
}

#[test]
fn a_table_needs_distinct_names_and_a_dealer_at_it() {
    let names = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(matches!(
        Session::new(Preset::Dtf2011, None, names(&["Anna", "anna", "Carl"]), 0),
        Err(SessionError::DuplicateName(..))
    ));
    assert!(matches!(
        Session::new(Preset::Dtf2011, None, names(&["Anna", "B=C", "Carl"]), 0),
        Err(SessionError::BadName(_))
    ));
    assert!(matches!(
        Session::new(Preset::Dtf2011, None, names(&["Anna", "", "Carl"]), 0),
        Err(SessionError::BadName(_))
    ));
    assert!(matches!(
        Session::new(Preset::Dtf2011, None, names(&["Anna", "Bent", "Carl"]), 3),
        Err(SessionError::FirstDealer)
    ));
    assert!(matches!(
        Session::new(
            Preset::Dtf2011,
            None,
            names(&["A", "B", "C", "D", "E", "F"]),
            0
        ),
        Err(SessionError::NoScheme(6))
    ));
    // Names are matched without regard to case.
    let mut s = four();
    let mut e = ok_end();
    e.last_trick = "BENT".into();
    s.enter(played(e)).unwrap();
}

#[test]
fn names_equal_after_folding_danish_letters_are_refused() {
    // "soeren" is how a plain keyboard types Søren, so the two cannot sit at one table: an
    // entry for "Soeren" would credit Søren.
    let names = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    for (a, b) in [("Søren", "Soeren"), ("Åse", "aase"), ("Mæt", "MAET")] {
        let err = Session::new(Preset::Dtf2011, None, names(&[a, b, "Carl"]), 0).unwrap_err();
        assert_eq!(err, SessionError::DuplicateName(a.into(), b.into()));
        let text = err.to_string();
        assert!(text.contains(a) && text.contains(b), "{text}");
    }
    // Distinct names are each found by their folded spelling.
    let s = Session::new(Preset::Dtf2011, None, names(&["Søren", "Åse", "Carl"]), 0).unwrap();
    assert_eq!(s.person("soeren"), Some(0));
    assert_eq!(s.person("AASE"), Some(1));
    assert_eq!(s.person("åse"), Some(1));
}

#[test]
fn a_count_of_zero_is_a_nolo_not_a_count() {
    // Anna deals, Bent does not count, Anna and Dorte count. Each trick counts 1, so 0 is no
    // trick at all: a nolo (000 L611-620, L667; 003 L42 p.17, L46 p.19).
    let count_err = |last: &str, anna: u8, dorte: u8| {
        let mut e = ok_end();
        e.last_trick = last.into();
        e.counts = [("Anna".to_string(), anna), ("Dorte".to_string(), dorte)].into();
        match refused(played(e)) {
            EntryError::Counts(text) => text,
            other => panic!("expected a count error, got {other:?}"),
        }
    };
    let text = count_err("Bent", 40, 0);
    assert!(text.contains("Dorte counts 0"), "{text}");
    assert!(
        text.contains("nolo") && text.contains("--nolo Dorte"),
        "{text}"
    );
    assert!(text.contains("003 L42 p.17, L46 p.19"), "{text}");
    // Bent's count is 78 minus the other two: 0 there is a nolo too.
    let text = count_err("Dorte", 40, 38);
    assert!(text.contains("leave 0 for Bent"), "{text}");
    assert!(text.contains("--nolo Bent"), "{text}");
    // The winner of the last trick took a trick.
    let text = count_err("Dorte", 40, 0);
    assert!(text.contains("Dorte won the last trick"), "{text}");
    // The same entry as a nolo is accepted (and counts nothing).
    let mut s = four();
    s.enter(played(EndEntry {
        last_trick: "Bent".into(),
        nolo: Some("Dorte".into()),
        ..Default::default()
    }))
    .unwrap();
}

#[test]
fn under_dtf_a_revoke_stops_play_and_the_deal_cannot_be_entered_as_played() {
    // "Kulørsvigt: Spillet standser", "Forkert antal kort efter første udspil: Spillet
    // standser", wrong skat after forhånd declared: "Spillet standser" (003 L46 p.19).
    for fine in ["revoke", "wrong-card-count", "wrong-skat"] {
        let mut e = played(ok_end());
        e.fines = vec![FineEntry {
            person: "Anna".into(),
            fine: fine.into(),
        }];
        let err = refused(e.clone());
        assert!(matches!(err, EntryError::PlayStops { .. }), "{err:?}");
        let text = err.to_string();
        assert!(
            text.contains("L46 p.19") && text.contains("--annulled"),
            "{text}"
        );
        // Møller lets the others accept that play goes on (000 L650-659, L2392-2393).
        let names = ["Anna", "Bent", "Carl", "Dorte"].map(String::from).to_vec();
        let mut m = Session::new(Preset::Moeller, None, names, 0).unwrap();
        m.enter(e.clone()).unwrap();
        // Entered as stopped, it is accepted under DTF.
        e.outcome = Outcome::Annulled;
        e.end = None;
        four().enter(e).unwrap();
    }
    // A grey-zone offence stops the deal only if a player demands it (003 L48 p.20): a deal
    // that went on is entered as played, and its fine comes only with the stop
    // (`under_dtf_a_grey_zone_fine_is_paid_only_when_the_deal_is_stopped`).
    let mut e = played(ok_end());
    e.fines = vec![FineEntry {
        person: "Anna".into(),
        fine: "out-of-turn".into(),
    }];
    assert!(matches!(
        refused(e.clone()),
        EntryError::FineOnlyIfStopped { .. }
    ));
    e.fines.clear();
    four().enter(e).unwrap();
}

#[test]
fn a_misspelt_key_in_an_entry_is_an_error() {
    let good = r#"{"end": {"last_trick": "Bent", "counts": {"Anna": 30, "Dorte": 20}},
        "in_play": [{"kind": "pagat-hjem", "person": "Bent"}],
        "fines": [{"person": "Anna", "fine": "misdeal"}]}"#;
    let e: DealEntry = serde_json::from_str(good).unwrap();
    four().enter(e).unwrap();
    for (typo, key) in [
        ("\"end\"", "\"ende\""),
        ("\"counts\"", "\"count\""),
        (
            "\"kind\": \"pagat-hjem\", \"person\"",
            "\"kind\": \"pagat-hjem\", \"persn\"",
        ),
        (
            "\"fine\": \"misdeal\"",
            "\"fine\": \"misdeal\", \"amount\": 5",
        ),
    ] {
        let bad = good.replacen(typo, key, 1);
        assert_ne!(bad, good);
        let err = serde_json::from_str::<DealEntry>(&bad).unwrap_err();
        assert!(err.to_string().contains("unknown field"), "{bad}: {err}");
    }
}

/// The refusal's text, for an entry that must be impossible.
fn impossible_because(e: DealEntry) -> String {
    match refused(e) {
        EntryError::Impossible(why) => why,
        other => panic!("expected an impossible entry, got {other:?}"),
    }
}

/// `person` lost `card` in tricks 1-24.
fn lost(person: &str, card: &str) -> Vec<InPlayEntry> {
    vec![InPlayEntry::Lost {
        person: person.into(),
        card: card.into(),
    }]
}

/// Eight trumps and the skus (too few to declare), the spade king alone, hearts and diamonds.
const DORTES_HAND: &str =
    "T1 T2 T3 T4 T5 T6 T7 T8 X SK H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 R1 R2 R3 R4 R5";

#[test]
fn a_hand_entered_whole_is_checked_against_the_other_entries() {
    let with_hand = || {
        let mut e = played(ok_end());
        e.hands.insert("Dorte".into(), DORTES_HAND.into());
        e
    };
    // The hand declares nothing, yet it is known card by card.
    let mut s = four();
    s.enter(with_hand()).unwrap();

    // Dorte held the spade king, so Anna cannot lose it, in play or in the last trick.
    let mut e = with_hand();
    e.in_play = lost("Anna", "SK");
    let why = impossible_because(e);
    assert!(why.contains("Dorte held SK"), "{why}");
    let mut e = with_hand();
    e.end.as_mut().unwrap().bagud = vec![BagudEntry {
        person: "Anna".into(),
        card: "SK".into(),
    }];
    let why = impossible_because(e);
    assert!(why.contains("in the last trick"), "{why}");

    // Dorte had no heart king to lose.
    let mut e = with_hand();
    e.in_play = lost("Dorte", "HK");
    let why = impossible_because(e);
    assert!(
        why.contains("the hand entered for Dorte has no HK"),
        "{why}"
    );

    // Anna's "fuldt i konger" needs the spade king in Dorte's hand.
    let mut e = with_hand();
    e.declarations
        .insert("Anna".into(), vec!["fuldt i konger".into()]);
    let why = impossible_because(e);
    assert!(
        why.contains("the hand of Dorte and the declarations of Anna both need SK")
            || why.contains("the declarations of Anna and the hand of Dorte both need SK"),
        "{why}"
    );

    // Dorte's eight trumps and the skus leave thirteen: 14 tarokker are one too many.
    let mut e = with_hand();
    e.declarations
        .insert("Anna".into(), vec!["14 tarokker uden pagat".into()]);
    let why = impossible_because(e);
    assert!(why.contains("23 trumps"), "{why}");
    let mut e = with_hand();
    e.declarations
        .insert("Anna".into(), vec!["13 tarokker uden pagat".into()]);
    four().enter(e).unwrap();
}

#[test]
fn a_card_declared_missing_is_not_played() {
    // "Uden pagat": Anna had no pagat to lose, bring home or play in the last trick.
    let uden = || {
        let mut e = played(ok_end());
        e.declarations
            .insert("Anna".into(), vec!["10 tarokker uden pagat".into()]);
        e
    };
    let mut e = uden();
    e.in_play = lost("Anna", "pagat");
    let why = impossible_because(e);
    assert!(why.contains("the declarations of Anna exclude"), "{why}");
    let mut e = uden();
    e.in_play = vec![InPlayEntry::PagatHjem {
        person: "Anna".into(),
    }];
    impossible_because(e);
    let mut e = uden();
    e.end.as_mut().unwrap().last_trick = "Anna".into();
    e.end.as_mut().unwrap().ultimo = Some("pagat".into());
    let why = impossible_because(e);
    assert!(why.contains("in the last trick"), "{why}");
    // Someone else may.
    let mut e = uden();
    e.in_play = lost("Dorte", "pagat");
    four().enter(e).unwrap();
    // "Halvt i hjerter uden dame" lacks the queen.
    let mut e = played(ok_end());
    e.declarations
        .insert("Anna".into(), vec!["halvt i konger uden hjerter".into()]);
    e.in_play = lost("Anna", "HK");
    impossible_because(e);
}

/// "Dorte" and "dorte" are one person (the ledger matches names by `name_key`). Her
/// declarations entered under both spellings are all hers and are all paid; the ledger used to
/// keep one list and drop the other without a word.
#[test]
fn declarations_under_two_spellings_of_one_name_are_all_paid() {
    let mut s = four();
    let mut e = played(ok_end());
    e.declarations
        .insert("Dorte".into(), vec!["10 tarokker uden pagat".into()]);
    e.declarations
        .insert("dorte".into(), vec!["fuldt i hjerter".into()]);
    s.enter(e).unwrap();
    // 000 §7.2: 10 tarokker 10 and fuldt 10 from each opponent. Bent takes the last trick (20
    // from each); Anna counts 30 (+5) and Dorte 20 (-5) against Bent; Anna's ante 5 + 5.
    assert_eq!(
        s.balances,
        vec![
            -40 - 10 - 20 - 20 + 5,
            -40 - 20 + 40 - 5 + 5,
            -40,
            -40 + 40 - 20 - 5
        ]
    );
    // The same kind twice is still refused, whichever spelling carries it.
    let mut e = played(ok_end());
    e.declarations
        .insert("Dorte".into(), vec!["3 matadorer".into()]);
    e.declarations
        .insert("DORTE".into(), vec!["4 matadorer".into()]);
    let why = impossible_because(e);
    assert!(why.contains("two of the same kind"), "{why}");
}

/// Two hands for one person under two spellings: refused by name, not kept one of them.
#[test]
fn two_hands_for_one_person_are_refused() {
    let mut e = played(ok_end());
    e.hands.insert("Dorte".into(), DORTES_HAND.into());
    e.hands.insert(
        "dorte".into(),
        "T9 T10 T11 T12 T13 T14 T15 T16 T17 S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 K1 K2 K3 K4 K5 K6"
            .into(),
    );
    let why = impossible_because(e);
    assert!(why.contains("two hands") && why.contains("Dorte"), "{why}");
}

/// DTF's grey zone (003 L48 p.20; docs/rules/danish.md §14): after more than one card is thrown
/// on the table, or the third hand plays before the second, the deal may be demanded stopped,
/// "og der betales i hver kop 40 point" / "med en efterfølgende bod i hver kop på 40 point":
/// the fine comes with the stop. A deal that went on to the end pays no such fine, so an entry
/// of a played deal with it is refused; the ledger used to charge 40 into each cup anyway.
#[test]
fn under_dtf_a_grey_zone_fine_is_paid_only_when_the_deal_is_stopped() {
    for fine in ["several-cards-shown", "out-of-turn"] {
        let mut e = played(ok_end());
        e.fines.push(FineEntry {
            person: "Dorte".into(),
            fine: fine.into(),
        });
        let err = refused(e);
        assert!(
            matches!(err, EntryError::FineOnlyIfStopped { .. }),
            "{fine}: {err}"
        );
        assert!(err.to_string().contains("003 L48 p.20"), "{err}");

        // Stopped: the fine is 40 into each cup, payments so far stand, no end (003 D-JC-5).
        let mut s = four();
        s.enter(DealEntry {
            outcome: Outcome::Annulled,
            fines: vec![FineEntry {
                person: "Dorte".into(),
                fine: fine.into(),
            }],
            ..Default::default()
        })
        .unwrap();
        // Anna's ante 5 + 5; Dorte 40 + 40.
        assert_eq!(s.balances, vec![-50, -40, -40, -120], "{fine}");
        assert_eq!(s.cups, [125, 125], "{fine}");
    }
    // Møller's starred fines are paid whether or not the others let play go on (000 L2392-2393).
    let names = ["Anna", "Bent", "Carl", "Dorte"].map(String::from).to_vec();
    let mut s = Session::new(Preset::Moeller, None, names, 0).unwrap();
    let mut e = played(ok_end());
    e.fines.push(FineEntry {
        person: "Dorte".into(),
        fine: "out-of-turn".into(),
    });
    s.enter(e).unwrap();
    // 000 L2402: 20 into each cup; Dorte also pays Bent's last trick 20 and her count 5.
    assert_eq!(s.balances[3], -40 - 20 - 5 - 40);
}

/// A tarokker declaration counts every trump, the skus included: it cannot be fewer than the trumps the same
/// player's other declarations show, and may be exactly as many.
#[test]
fn declared_tarokker_cover_the_trumps_other_declarations_show() {
    let with = |list: &[&str]| {
        let mut e = played(ok_end());
        e.declarations
            .insert("Anna".into(), list.iter().map(|d| d.to_string()).collect());
        e
    };
    // 12 matadorer are the skus, T21, the pagat and T20 down to T12: 12 tarokker.
    let why = impossible_because(with(&["12 matadorer", "11 tarokker med pagat"]));
    assert!(
        why.contains("declares 11 tarokker but the other declarations show 12"),
        "{why}"
    );
    four()
        .enter(with(&["12 matadorer", "12 tarokker med pagat"]))
        .unwrap();
}

/// A fine that bars the ultimo bars only the offender's (000 AMB-25; 003 D-JC-16); a fine that
/// does not bar it, like a false skus demand, leaves the ultimo paid; and a fine on the one
/// sitting out (only for handling cards or cups: he plays nothing) bars nobody's.
#[test]
fn only_a_barring_fine_takes_the_offenders_ultimo() {
    let ultimo_lines = |fine: Option<(&str, &str)>| {
        let mut e = ok_end();
        e.ultimo = Some("pagat".into());
        let mut e = played(e);
        if let Some((person, fine)) = fine {
            e.fines.push(FineEntry {
                person: person.into(),
                fine: fine.into(),
            });
        }
        let mut s = four();
        s.enter(e).unwrap();
        s.lines
            .iter()
            .filter(|l| matches!(&l.cause, Cause::Deal { reason } if reason.contains("ultimo")))
            .count()
    };
    let paid = ultimo_lines(None);
    assert!(paid > 0, "Bent's pagat in the last trick is an ultimo");
    assert_eq!(ultimo_lines(Some(("Bent", "false-skus-demand"))), paid);
    assert_eq!(ultimo_lines(Some(("Dorte", "wrong-declaration"))), paid);
    assert_eq!(ultimo_lines(Some(("Carl", "misdeal"))), paid);
    assert_eq!(ultimo_lines(Some(("Bent", "wrong-declaration"))), 0);
}

#[test]
fn one_card_in_two_hands_is_refused() {
    let mut e = played(ok_end());
    e.hands.insert("Dorte".into(), DORTES_HAND.into());
    e.hands.insert(
        "Anna".into(),
        "T1 T10 T11 T12 T13 T14 T15 T16 T17 S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 K1 K2 K3 K4 K5 K6"
            .into(),
    );
    let why = impossible_because(e);
    assert!(why.contains("T1 is in two hands"), "{why}");
}

#[test]
fn a_redeal_has_no_hands_and_no_play() {
    let redeal = || DealEntry {
        outcome: Outcome::Redeal,
        ..Default::default()
    };
    let mut e = redeal();
    e.hands.insert("Dorte".into(), DORTES_HAND.into());
    impossible_because(e);
    let mut e = redeal();
    e.in_play = lost("Dorte", "SK");
    impossible_because(e);
}

#[test]
fn counts_at_their_bounds() {
    let counts = |anna: u8, dorte: u8| {
        let mut e = ok_end();
        e.counts = [("Anna".to_string(), anna), ("Dorte".to_string(), dorte)].into();
        e
    };
    // One count above the pack is refused as such.
    let err = refused(played(counts(79, 0))).to_string();
    assert!(
        err.contains("Anna counts 79; 78 is the whole pack"),
        "{err}"
    );
    // 78 is not too many by itself: here it leaves nothing for Bent, who took the last trick.
    let err = refused(played(counts(78, 0))).to_string();
    assert!(err.contains("Bent won the last trick"), "{err}");
    // The dealer's skat is his one trick: a count of 1 is enough.
    four().enter(played(counts(1, 20))).unwrap();
    // Tout: exactly 25 for the 25 tricks is enough.
    let mut e = counts(40, 13);
    e.tout = Some("Bent".into());
    four().enter(played(e)).unwrap();
}

/// The engine's deal for `four()` from the first seed that is played to a counted end.
fn engine_deal_with_counts() -> DealEntry {
    let s = four();
    (0u64..)
        .map(|seed| s.engine_deal(seed).0)
        .find(|e| e.end.as_ref().is_some_and(|end| end.counts.len() == 2))
        .unwrap()
}

/// An entry's embedded engine record is replayed and must be the deal entered: a record that
/// cannot be read, of another seed, or whose counts differ from the entry's is refused.
#[test]
fn an_engine_record_that_is_not_the_entry_is_refused() {
    let good = engine_deal_with_counts();
    four().enter(good.clone()).unwrap();

    let mut garbage = good.clone();
    garbage.engine.as_mut().unwrap().record = "garbage".into();
    let err = refused(garbage).to_string();
    assert!(
        err.starts_with("the entry's engine record is not this deal: it cannot be read"),
        "{err}"
    );

    let mut counts = good.clone();
    let end = counts.end.as_mut().unwrap();
    let names: Vec<String> = end.counts.keys().cloned().collect();
    *end.counts.get_mut(&names[0]).unwrap() += 1;
    *end.counts.get_mut(&names[1]).unwrap() -= 1;
    let err = refused(counts).to_string();
    assert!(
        err.contains("it differs from the entry in the counts"),
        "{err}"
    );

    let mut seed = good.clone();
    seed.engine.as_mut().unwrap().seed += 1;
    let err = refused(seed).to_string();
    assert!(err.contains("its deck has seed"), "{err}");

    // A record of another deal of the evening (another ante and cups) is not this one.
    let mut later = four();
    later.enter(good.clone()).unwrap();
    let err = match later.enter(good) {
        Err(SessionError::Entry(e)) => e.to_string(),
        other => panic!("{other:?}"),
    };
    assert!(err.contains("not this deal"), "{err}");
}
