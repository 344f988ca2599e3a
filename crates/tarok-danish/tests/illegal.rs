//! Illegal input gets a typed error that names the rule, and leaves the state unchanged.

use tarok_core::{Card, CardSet};
use tarok_danish::record::Record;
use tarok_danish::{position, Action, Deal, Phase, Preset, RuleError};

fn pos(p: &str) -> Deal {
    position::parse(p).unwrap()
}

/// Applies an illegal action and checks that the deal did not change.
fn refuse(deal: &mut Deal, action: &str) -> RuleError {
    let before = *deal;
    let err = deal.apply(action.parse().unwrap()).unwrap_err();
    assert_eq!(*deal, before, "{action} changed the state");
    err
}

#[test]
fn not_following_suit() {
    let mut d = pos("dk-dtf-2011 ?2/S7,H3/?2 5 0:S5 -/- 2,1,1 -");
    let e = refuse(&mut d, "H3");
    assert!(matches!(e, RuleError::MustFollow { .. }));
    assert!(e.to_string().contains("000 L648-649"), "{e}");
}

#[test]
fn not_trumping_when_void() {
    let mut d = pos("dk-dtf-2011 ?2/T7,H3/?2 5 0:S5 -/- 2,1,1 -");
    let e = refuse(&mut d, "H3");
    assert!(matches!(e, RuleError::MustTrump { .. }));
    assert!(e.to_string().contains("must play a trump"));
}

#[test]
fn a_card_not_in_the_hand() {
    let mut d = pos("dk-dtf-2011 ?2/S7,H3/?2 5 0:S5 -/- 2,1,1 -");
    assert_eq!(
        refuse(&mut d, "S8"),
        RuleError::NotInHand("S8".parse().unwrap())
    );
}

/// The deal of `seed` after the hands with numbered trumps have kept, as they must.
fn dealt_and_kept(seed: u64) -> Deal {
    let mut d = Deal::from_seed(Preset::Dtf2011.ruleset(), seed);
    d.apply_forced();
    d
}

#[test]
fn the_wrong_moment() {
    let mut d = pos("dk-dtf-2011 ?2/S7,H3/?2 5 0:S5 -/- 2,1,1 -");
    assert!(matches!(
        refuse(&mut d, "skat:S7,H3,S1"),
        RuleError::WrongMoment { .. }
    ));
    assert!(matches!(
        refuse(&mut d, "demand"),
        RuleError::WrongMoment { .. }
    ));
    // A card during the skat.
    let mut deal = (0..)
        .map(dealt_and_kept)
        .find(|d| d.phase() == Phase::Skat)
        .unwrap();
    let card = deal.hand(2).iter().next().unwrap();
    let e = refuse(&mut deal, &card.to_string());
    assert!(e.to_string().contains("the dealer lays the skat"), "{e}");
}

#[test]
fn skat_errors_name_the_rule_and_change_nothing() {
    let mut deal = (0..)
        .map(dealt_and_kept)
        .find(|d| d.phase() == Phase::Skat && !(d.hand(2) & CardSet::KINGS).is_empty())
        .unwrap();
    let king = (deal.hand(2) & CardSet::KINGS).lowest().unwrap();
    let others: Vec<Card> = (deal.hand(2) - CardSet::KINGS - CardSet::TRUMPS)
        .iter()
        .take(2)
        .collect();
    let e = refuse(
        &mut deal,
        &format!("skat:{king},{},{}", others[0], others[1]),
    );
    assert_eq!(e, RuleError::SkatForbidden(king));
    assert!(e.to_string().contains("DTF 2011 §5.1"), "{e}");
    let e = refuse(&mut deal, &format!("skat:{},{}", others[0], others[1]));
    assert_eq!(e, RuleError::SkatSize(2));
}

#[test]
fn unparsable_text_gets_a_clear_error() {
    assert!("Q9"
        .parse::<Card>()
        .unwrap_err()
        .to_string()
        .contains("unknown suit letter"));
    assert!("X=Z".parse::<Action>().is_err());
    let e = position::parse("dk-dtf-2011 X/?1/?1 26 0:- -/- 8,8,9 -").unwrap_err();
    assert_eq!(e.field, 3);
    let e = position::parse("dk-unknown X/?1/?1 25 0:- -/- 8,8,8 -").unwrap_err();
    assert_eq!(e.field, 1);
    let e = position::parse("dk-dtf-2011 ?1/X/?1 25 0:- -/- 8,8,8 -").unwrap_err();
    assert!(e.why.contains("must be fully known"), "{e}");
    let e = Record::from_text("[Preset \"dk-dtf-2011\"]\n[Seed \"3\"]\n0. T99\n").unwrap_err();
    assert!(e.to_string().contains("record action 1"), "{e}");
    let e = Record::from_text("[Seed \"3\"]\n").unwrap_err();
    assert!(e.to_string().contains("[Preset]"), "{e}");
}

/// The bounds a position must keep, each refused with its field and reason.
#[test]
fn a_position_out_of_bounds_is_refused_for_its_reason() {
    let why = |text: &str| {
        let e = position::parse(text).unwrap_err();
        format!("field {}: {}", e.field, e.why)
    };
    // Seat 0 has led S2 and holds one card; the others two each.
    let ok = "dk-moeller S3/H5,H7/H6,H8 24 0:S2 -/- 8,7,8 -";
    position::parse(ok).unwrap();
    assert_eq!(
        why("dk-moeller S3/H5,H7/H6,H8 24 3:S2 -/- 8,7,8 -"),
        "field 4: the leader is seat 0, 1 or 2"
    );
    for (text, says) in [
        (
            "dk-moeller S3,S2/H5,H7/H6,H8 24 0:S2 -/- 8,7,8 -",
            "S2 is both",
        ),
        (
            "dk-moeller S3/H5,H7/H6,H8 24 0:S2,S2 -/- 8,7,8 -",
            "S2 is both",
        ),
        (
            "dk-moeller S3,S4/H5,H7/H6,H8 24 0:S2 -/- 8,7,8 -",
            "seat 0 holds 2 cards, but at trick 24 at most 1",
        ),
        (
            "dk-moeller S3/H5,H7,H9/H6,H8 24 0:S2 -/- 8,7,8 -",
            "seat 1 holds 3 cards, but at trick 24 at most 2",
        ),
        (
            "dk-moeller S3,S4/H5/H6,H8,H9 24 1:S2 -/- 8,7,8 -",
            "seat 2 holds 3 cards, but at trick 24 at most 2",
        ),
    ] {
        let got = why(text);
        assert!(got.contains(says), "{text}: {got}");
    }
    // The skus alone for the last lead: Møller passes the lead on, DTF christens it.
    let last = |preset: &str| format!("{preset} X/H5/H6 25 0:- -/- 8,8,8 -");
    assert!(why(&last("dk-moeller")).contains("does not lead the last trick"));
    position::parse(&last("dk-dtf-2011")).unwrap();
}

/// A position written for one seat shows that hand and only the number of the others' cards.
#[test]
fn a_position_for_one_seat_hides_the_other_hands() {
    let text = "dk-moeller S3/H5,H7/H6,H8 24 0:S2 -/- 8,7,8 -";
    let deal = position::parse(text).unwrap();
    assert_eq!(position::write(&deal, None), text);
    assert_eq!(
        position::write(&deal, Some(1)),
        "dk-moeller ?1/H5,H7/?2 24 0:S2 -/- 8,7,8 -"
    );
}

#[test]
fn a_tampered_record_is_refused() {
    let (record, deal) = tarok_danish::family::random_game(Preset::Moeller, 11)
        .pop()
        .unwrap();
    let text = record.to_text(&deal);
    let tampered = text.replace("[Balances \"0:", "[Balances \"0:1");
    assert!(matches!(
        Record::from_text(&tampered),
        Err(tarok_danish::record::RecordError::Mismatch { .. })
    ));
}

/// A record whose tags or trick numbers don't fit is refused with the line at fault, not
/// replayed under other assumptions.
#[test]
fn a_record_with_wrong_tags_or_trick_numbers_is_refused() {
    let (record, deal) = tarok_danish::family::random_game(Preset::Dtf2011, 3)
        .pop()
        .unwrap();
    let text = record.to_text(&deal);
    assert!(Record::from_text(&text).is_ok());
    let refused = |from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        Record::from_text(&text.replacen(from, to, 1))
            .unwrap_err()
            .to_string()
    };
    let e = refused("ante=yes", "ante=maybe");
    assert!(e.contains("ante is yes or no"), "{e}");
    let e = refused("cups=60,60", "cups=-5,60");
    assert!(e.contains("less than nothing"), "{e}");
    let e = refused("[Version \"1\"]", "[Version \"2\"]");
    assert!(e.contains("version 2 of the dk-dtf-2011 rules"), "{e}");
    let e = refused("Danish Tarok\"]", "Chess\"]");
    assert!(e.contains("not Danish Tarok"), "{e}");
    // A misspelt tag would drop the options; a repeated one would override the seed.
    let options_line = text
        .lines()
        .position(|l| l.starts_with("[Options"))
        .unwrap()
        + 1;
    let e = refused("[Options", "[Option");
    assert!(
        e.contains(&format!("line {options_line}: unknown tag [Option];"))
            && e.contains("[Options]"),
        "{e}"
    );
    let seed_line = text.lines().position(|l| l.starts_with("[Seed")).unwrap() + 1;
    let e = refused("[Seed \"3\"]", "[Seed \"3\"]\n[Seed \"4\"]");
    assert!(
        e.contains(&format!(
            "line {}: [Seed] is given twice (first on line {seed_line})",
            seed_line + 1
        )),
        "{e}"
    );
    // A renumbered line: the record's line 16 is trick 5.
    let e = refused("\n5. ", "\n6. ");
    assert!(e.contains("line 16: the line is numbered 6., but"), "{e}");
    assert!(e.contains("played in trick 5"), "{e}");
    // Without numbers the actions still replay.
    let bare: String = text
        .lines()
        .map(|l| {
            l.split_once(". ")
                .filter(|(n, _)| n.parse::<u8>().is_ok())
                .map_or(l, |(_, rest)| rest)
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(Record::from_text(&bare).unwrap().1, deal);
    // JSON carries the version too.
    let mut json = record.to_json(&deal);
    json["version"] = 7.into();
    let e = Record::from_json_value(json).unwrap_err().to_string();
    assert!(e.contains("version 7"), "{e}");
}

/// Every refusal the deal gives, at every moment of random deals of every preset, names its
/// rule's source at the end of the message, and leaves the deal unchanged. Each position is
/// offered every card, every skus name and rename, every word, and skat discards of three
/// random cards; the variants seen are counted, so that the walk cannot pass by seeing none.
#[test]
fn every_refusal_names_its_source() {
    let mut seen = std::collections::BTreeSet::new();
    for preset in Preset::ALL {
        for seed in 0..40 {
            let mut deal = Deal::from_seed(preset.ruleset(), seed);
            let mut rng = tarok_core::DealRng::seed(seed);
            loop {
                for action in probes(&deal, &mut rng) {
                    let before = deal;
                    let mut probe = deal;
                    let Err(e) = probe.apply(action) else {
                        continue;
                    };
                    assert_eq!(probe, before, "{action} changed the state");
                    assert!(cites_a_source(&e), "{action}: {e}");
                    // The variant's name.
                    let debug = format!("{e:?}");
                    let name = debug.split([' ', '(']).next().unwrap_or_default();
                    seen.insert(name.to_string());
                }
                if deal.is_over() {
                    break;
                }
                let a = deal.random_action(&mut rng);
                deal.apply(a).unwrap();
            }
        }
    }
    // The rarer refusals (a demand by the holder, the skus in trick 24, ...) are seldom met by
    // random play; `every_rule_error_cites_a_source` covers their messages.
    for kind in [
        "WrongMoment",
        "NotInHand",
        "SkatSize",
        "SkatForbidden",
        "MustFollow",
        "MustTrump",
        "SkusNeedsName",
        "NoRenamingRight",
        // Every deal asks the hands with trumps about a redeal, and a redeal from them is refused.
        "TrumpHolderCannotRedeal",
    ] {
        assert!(seen.contains(kind), "{kind} not seen in {seen:?}");
    }
}

/// Actions to offer at a position: most are refused.
fn probes(deal: &Deal, rng: &mut tarok_core::DealRng) -> Vec<Action> {
    use tarok_danish::Named;
    let mut out = vec![Action::Redeal, Action::Keep, Action::Demand, Action::Pass];
    out.extend((0..78).map(|i| Action::Play(Card::from_index(i))));
    out.extend(Named::ALL.map(Action::LeadSkus));
    out.extend(Named::ALL.map(Action::Rename));
    let hand: Vec<Card> = deal.hand(2).iter().collect();
    for _ in 0..20 {
        let mut skat = CardSet::EMPTY;
        while skat.len() < 3 && hand.len() >= 3 {
            skat.insert(hand[rng.below(hand.len() as u32) as usize]);
        }
        out.push(Action::Discard(skat));
    }
    if let [a, b, ..] = hand[..] {
        out.push(Action::Discard(CardSet::single(a).with(b)));
    }
    out
}

/// Each kind of rule error, one example each (`RuleError::one_of_each`, whose `match` makes a
/// new kind fail to compile until it is listed).
#[test]
fn every_rule_error_cites_a_source() {
    let all = RuleError::one_of_each();
    for e in &all {
        assert!(cites_a_source(e), "{e}");
    }
}

/// Whether the message ends with its source in parentheses: a seed (000, 001, 003), the DTF
/// rules, or the project's rules documents.
fn cites_a_source(e: &RuleError) -> bool {
    let text = e.to_string();
    let cited = text.rfind(" (").map_or("", |i| &text[i..]);
    cited.ends_with(')')
        && ["000 ", "001 ", "003 ", "DTF", "rules/"]
            .iter()
            .any(|s| cited.contains(s))
}

/// A position that is not over must leave the player to act a legal action: a study that
/// gives seat 0 only the skus in trick 24, where it may not be played (Møller 000 L1843-1845),
/// is refused when read, not handed to `tarok legal` or `tarok hint` with nothing to choose.
#[test]
fn a_position_with_no_legal_action_is_refused() {
    let e = position::parse("dk-dtf-2011 X/?2/?2 24 0:- -/- 8,8,7 -").unwrap_err();
    assert_eq!(e.field, 2, "{e}");
    assert!(
        e.why
            .contains("seat 0 is to act but has no legal action with the hand X in trick 24"),
        "{e}"
    );
    // With a second card the same seat has a legal lead.
    let deal = position::parse("dk-dtf-2011 X,S5/?2/?2 24 0:- -/- 8,8,7 -").unwrap();
    assert!(!deal.legal_actions().is_empty());
}

/// A renaming right (dåbsret) that no play can lead to is refused when the position is read,
/// so `tarok legal` never offers a rename the game does not allow: the right arises only when
/// the skus is led as a suit neither other player holds (Møller 000 L591-596), never for
/// "tarok" (docs/rules/danish.md §9), and belongs to the second hand before he plays,
/// then to the third (000 L596-597).
#[test]
fn an_impossible_renaming_right_is_refused() {
    // Seat 0 led the skus as spades; neither other seat holds a spade: the right is real.
    let ok = "dk-dtf-2011 H5/H6,T3/K7,T4 23 0:X S/2 8,7,7 -";
    assert!(position::parse(ok)
        .unwrap()
        .legal_actions()
        .contains(&"rename:H".parse().unwrap()));
    position::parse("dk-dtf-2011 H5/H6/K7,T4 23 0:X,H3 S/3 8,7,7 -").unwrap();
    for (text, says) in [
        // A plain card led.
        (
            "dk-dtf-2011 H5/H6,T3/K7,T4 23 0:S5 -/2 8,7,7 -",
            "exists only in a trick led by the skus",
        ),
        (
            "dk-dtf-2011 H5/H6,T3/K7,T4 23 0:S5 -/u 8,7,7 -",
            "exists only in a trick led by the skus",
        ),
        // The skus led as tarok.
        (
            "dk-dtf-2011 H5/H6,T3/K7,T4 23 0:X T/2 8,7,7 -",
            "the skus led as tarok gives no renaming right",
        ),
        (
            "dk-moeller H5/H6,T3/K7,T4 23 0:X T/u 8,7,7 -",
            "a rename names a suit, never tarok",
        ),
        // A seat after the leader holds the named suit, or played it.
        (
            "dk-dtf-2011 H5/H6,S3/K7,T4 23 0:X S/2 8,7,7 -",
            "seat 1 holds a card of S",
        ),
        (
            "dk-dtf-2011 H5/H6,T3/K7,S4 23 0:X S/2 8,7,7 -",
            "seat 2 holds a card of S",
        ),
        (
            "dk-dtf-2011 H5/H6/K7,T4 23 0:X,S3 S/3 8,7,7 -",
            "seat 1 played S3 to the skus led as S",
        ),
        // The right at the wrong hand.
        (
            "dk-dtf-2011 H5/H6,T3/K7,T4 23 0:X S/3 8,7,7 -",
            "belongs to the third hand before he plays, when the trick holds 2 card(s), not 1",
        ),
        (
            "dk-dtf-2011 H5/H6/K7,T4 23 0:X,H3 S/2 8,7,7 -",
            "belongs to the second hand before he plays, when the trick holds 1 card(s), not 2",
        ),
    ] {
        let e = position::parse(text).unwrap_err();
        assert_eq!(e.field, 5, "{text}: {e}");
        assert!(e.why.contains(says), "{text}: {e}");
    }
}

/// A Danish record as `random-game` writes it (seed 3 of dk-dtf-2011).
fn dtf_record() -> String {
    use tarok_core::family::Family;
    tarok_danish::FAMILY
        .random_game("dk-dtf-2011", 3)
        .unwrap()
        .text
}

/// A `;` comment is ignored wherever it stands: after a tag pair and after a trick's cards;
/// and a record reads the same with CR-only or CRLF line endings.
#[test]
fn comments_and_line_endings_do_not_change_a_record() {
    let text = dtf_record();
    let (plain, _) = Record::from_text(&text).unwrap();
    let commented: String = text
        .lines()
        .map(|l| {
            if l.starts_with("[Preset ") || l.starts_with("1. ") {
                format!("{l}  ; comment\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    assert!(commented.contains("]  ; comment\n") && commented.contains("1. "));
    let (read, _) = Record::from_text(&commented).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read, plain);
    for ending in ["\r", "\r\n"] {
        let (read, _) = Record::from_text(&text.replace('\n', ending))
            .unwrap_or_else(|e| panic!("{ending:?}: {e}"));
        assert_eq!(read, plain, "{ending:?}");
    }
    // A tag that is not closed says so, rather than reading the rest as its value.
    let e =
        Record::from_text(&text.replace("[Preset \"dk-dtf-2011\"]", "[Preset \"dk-dtf-2011\"] x"))
            .unwrap_err();
    assert!(e.to_string().contains("closed by ]"), "{e}");
}

/// `T22` is not a card of the Danish notation (the skus is X): it is refused, not read as the
/// skus; Königrufen keeps T22 for its Sküs (tested there).
#[test]
fn t22_is_refused_in_danish_notation() {
    let e = "T22".parse::<Card>().unwrap_err();
    assert!(
        e.to_string().contains("T22 is no card in this notation"),
        "{e}"
    );
    let e = position::parse("dk-dtf-2011 X,T22/?2/?2 24 0:- -/- 8,8,7 -").unwrap_err();
    assert!(e.why.contains("T22 is no card"), "{e}");
}

/// A record that gives a seed and a deck the seed does not deal is refused, as in the 1829
/// and Königrufen records; so are JSON files with no deal or whose deals are of another preset
/// than the file says.
#[test]
fn inconsistent_records_are_refused() {
    use tarok_core::family::Family;
    let text = dtf_record();
    let e = Record::from_text(&text.replace("[Seed \"3\"]", "[Seed \"4\"]")).unwrap_err();
    assert!(
        e.to_string().contains(
            "gives both [Seed \"4\"] and a [Deck], and the deck is not the one the seed deals"
        ),
        "{e}"
    );
    let e = tarok_danish::FAMILY
        .replay(r#"{"preset": "dk-dtf-2011", "deals": []}"#)
        .unwrap_err();
    assert!(e.contains("\"deals\" is empty"), "{e}");
    let mut json = tarok_danish::FAMILY
        .random_game("dk-dtf-2011", 3)
        .unwrap()
        .json;
    json["preset"] = serde_json::json!("dk-moeller");
    let e = tarok_danish::FAMILY.replay(&json.to_string()).unwrap_err();
    assert!(
        e.contains("the file's \"preset\" is \"dk-moeller\", but deal 1 is of \"dk-dtf-2011\""),
        "{e}"
    );
}
