//! The words of every family in every language, through the family-independent front door:
//! each refused action says its rule in Danish, German and English and keeps its citation; each
//! bot reason and payment reason has words in all three; real deals of every preset give only
//! refusals, reasons and actions that have them.

use std::collections::BTreeSet;
use std::time::Duration;
use tarok_ai::any::{advise, advise_thinking, bot_thinking, AnyWhy};
use tarok_ai::Level;
use tarok_core::{DealRng, Game, Refusal};
use tarok_games::{AnyAction, AnyDeal, AnyError};
use tarok_words::{action, citation, payment_reason, refusal, why, Lang};

/// The three texts of a refusal: non-empty, each different, English the engine's own message,
/// and Danish and German ending with its citation; every section and line of its rule
/// (`Refusal::rules`) is in all three.
fn check_refusal(e: &AnyError) {
    let [en, da, de] = Lang::ALL.map(|l| refusal(e, l));
    assert_eq!(en, e.to_string());
    assert!(!da.is_empty() && !de.is_empty(), "{e:?}");
    assert!(
        en != da && da != de && de != en,
        "{e:?}: {en} | {da} | {de}"
    );
    let cite = citation(e);
    assert!(!cite.is_empty(), "{e:?}");
    assert!(e.citation().ends_with(cite), "{e:?}");
    for text in [&da, &de] {
        assert!(text.ends_with(&format!(" ({cite})")), "{e:?}: {text}");
    }
    for rule in e.rules() {
        let parts = rule.section.split(", ").chain(rule.lines.split(", "));
        for part in parts.filter(|p| !p.is_empty()) {
            for text in [&en, &da, &de] {
                assert!(text.contains(part), "{e:?}: {part:?} missing in {text}");
            }
        }
    }
}

#[test]
fn every_danish_refusal_in_three_languages_keeps_its_citation() {
    let all = tarok_danish::RuleError::one_of_each();
    for e in all {
        check_refusal(&AnyError::Danish(e));
    }
}

#[test]
fn every_koenigrufen_refusal_in_three_languages_keeps_its_citation() {
    let all = tarok_koenigrufen::RuleError::one_of_each();
    for e in all {
        check_refusal(&AnyError::Koenigrufen(e));
    }
}

#[test]
fn every_1829_refusal_in_three_languages_keeps_its_citation() {
    let all = tarok_historic::RuleError::one_of_each();
    for e in all {
        check_refusal(&AnyError::Historic(e));
    }
}

/// An action of another family has words in each language too, and no rule to cite.
#[test]
fn an_action_of_another_game_is_refused_in_each_language() {
    let e = AnyError::OtherFamily {
        action: "demand".into(),
        preset: "dk-1829-three",
    };
    let [en, da, de] = Lang::ALL.map(|l| refusal(&e, l));
    assert_eq!(en, e.to_string());
    assert!(
        da.contains("demand") && da.contains("dk-1829-three"),
        "{da}"
    );
    assert!(en != da && da != de && de != en);
    assert_eq!(citation(&e), "");
}

/// What one walk through a deal met: refusals, bot reasons, actions and payment reasons.
#[derive(Default)]
struct Met {
    refusals: Vec<AnyError>,
    whys: Vec<AnyWhy>,
    actions: Vec<AnyAction>,
    reasons: Vec<tarok_games::AnyReason>,
    /// The public view after each action.
    views: Vec<tarok_games::AnyView>,
}

/// Plays `preset` from `seed` to the end, the seat to act choosing as level 1 does; on the way it tries actions legal earlier in the deal
/// and the cards of the hand where they are not legal now, which the deal refuses.
fn walk(preset: &str, seed: u64, met: &mut Met) {
    let mut deal = AnyDeal::from_seed(preset, seed).unwrap();
    let level = Level::L1;
    let mut rng = DealRng::seed(seed);
    let mut seen: Vec<AnyAction> = Vec::new();
    while let Some(seat) = deal.to_act() {
        let legal = deal.legal();
        let cards = deal
            .hand(seat)
            .iter()
            .filter_map(|c| deal.parse_action(&c.to_string()).ok());
        let tried: Vec<AnyAction> = seen.iter().copied().take(3).chain(cards).collect();
        for a in tried.iter().filter(|a| !legal.contains(a)) {
            let mut probe = deal.clone();
            if let Err(e) = probe.apply(*a) {
                met.refusals.push(e);
            }
        }
        let (a, w) = advise(level, &deal.view(seat), &legal, rng.next_u64());
        met.whys.push(w);
        met.actions.push(a);
        if !seen.contains(&a) {
            seen.push(a);
        }
        deal.apply(a).unwrap();
        met.views.push(deal.public_view());
    }
    met.reasons
        .extend(deal.settlement().into_iter().map(|p| p.reason));
}

/// Real deals of every preset: every refusal met says its rule in three languages with its
/// citation; every bot reason has Danish and German words of its own; every action and payment
/// reason has words in each language.
#[test]
fn real_deals_of_every_preset_have_words_in_every_language() {
    for preset in tarok_games::preset_ids() {
        let mut met = Met::default();
        for seed in 1..=3 {
            walk(preset, seed, &mut met);
        }
        // The kinds of refusal met, by their variant's name: more than being out of turn.
        let kinds: BTreeSet<String> = met
            .refusals
            .iter()
            .map(|e| format!("{e:?}").split(['(', ')', ' ']).take(2).collect())
            .collect();
        assert!(kinds.len() >= 3, "{preset}: {kinds:?}");
        for e in &met.refusals {
            check_refusal(e);
        }
        for w in &met.whys {
            let [en, da, de] = Lang::ALL.map(|l| why(w, l));
            assert_eq!(en, w.to_string());
            assert!(!da.is_empty() && !de.is_empty(), "{w:?}");
            assert!(
                en != da && da != de && de != en,
                "{w:?}: {en} | {da} | {de}"
            );
        }
        // Actions and payments: words in each language, and the languages differ somewhere.
        let mut differ = BTreeSet::new();
        for a in &met.actions {
            let [en, da, de] = Lang::ALL.map(|l| action(a, l));
            assert!(!en.is_empty() && !da.is_empty() && !de.is_empty(), "{a:?}");
            if da != de {
                differ.insert("action");
            }
        }
        for r in &met.reasons {
            let [en, da, de] = Lang::ALL.map(|l| payment_reason(r, l));
            assert!(!en.is_empty() && !da.is_empty() && !de.is_empty(), "{r:?}");
            // An 1829 payment keeps its rule, as data, in every language.
            if let tarok_games::AnyReason::Historic(h) = r {
                let rule = format!(" ({})", h.rule());
                assert!([&en, &da, &de].iter().all(|t| t.ends_with(&rule)), "{r:?}");
            }
            if da != de && en != da {
                differ.insert("payment");
            }
        }
        check_view_words(preset, &met.views);
        assert!(differ.contains("action"), "{preset}: {differ:?}");
        assert!(
            met.reasons.is_empty() || differ.contains("payment"),
            "{preset}: {differ:?}"
        );
    }
}

/// The words of the views of a deal: a phase in each language, Danish and German different
/// somewhere; every Königrufen call said, by its player's name, and every 1829 honour declared
/// with its value;
/// none of it the engines' data (braces, quotes, variant names such as `CallKing`, `MeinVorhand`).
fn check_view_words(preset: &str, views: &[tarok_games::AnyView]) {
    use tarok_games::AnyView;
    use tarok_words::view::words;
    let name = |s: u8| format!("Name{s}");
    let mut phases_differ = false;
    for v in views {
        let [en, da, de] = Lang::ALL.map(|l| words(v, l, &name));
        phases_differ |= da.phase != de.phase;
        for w in [&en, &da, &de] {
            assert!(!w.phase.is_empty(), "{preset}");
            let texts = w
                .said
                .iter()
                .chain(&w.announced)
                .chain(&w.declared)
                .chain(&w.game)
                .chain(&w.skus_named);
            for text in texts {
                assert!(!text.contains(['{', '"', '_']), "{preset}: {text}");
                for raw in [
                    "CallKing",
                    "Call Bid",
                    "Call Pass",
                    "MeinVorhand",
                    "VierKoenige",
                ] {
                    assert!(!text.contains(raw), "{preset}: {text}");
                }
            }
        }
        match v {
            AnyView::Koenigrufen(k) => {
                let calls: Vec<u8> = k
                    .log
                    .iter()
                    .filter(|(_, a)| !matches!(a, Some(tarok_koenigrufen::Action::Play(_))))
                    .map(|&(s, _)| s)
                    .collect();
                assert_eq!(en.said.len(), calls.len(), "{preset}");
                assert_eq!(en.announced.len(), k.announcements.len(), "{preset}");
                // The contract by its name, never the data's ("PiccoloOuvert").
                let name = k.contract.map(|c| c.name().to_string());
                assert!([&en, &da, &de].iter().all(|w| w.game == name), "{preset}");
                for (said, s) in en.said.iter().zip(calls) {
                    assert!(said.starts_with(&format!("Name{s}: ")), "{said}");
                }
            }
            AnyView::Historic(h) => {
                assert_eq!(en.declared.len(), h.declared.len());
                // Each by its player, its value apart from its name: "Name1: 10 Taroker (10)".
                for (text, d) in da.declared.iter().zip(&h.declared) {
                    let (who, value) = (format!("Name{}: ", d.seat), format!(" ({})", d.value));
                    assert!(text.starts_with(&who) && text.ends_with(&value), "{text}");
                }
            }
            AnyView::Danish(d) => assert_eq!(en.skus_named.is_some(), d.named.is_some()),
        }
    }
    assert!(phases_differ, "{preset}");
}

/// A search's reason opens with the move it chose; after a text that has named the move, the
/// reason goes on from its numbers, in each language. Level 1's reasons stay whole.
#[test]
fn a_search_reason_after_its_move_does_not_name_it_again() {
    use tarok_ai::level2::SearchWhy;
    let w = AnyWhy::DanishSearch(SearchWhy {
        action: tarok_danish::Action::Play(tarok_core::Card::trump(19)),
        layouts: 40,
        best_in: 34,
        mean_tenths: 25,
        next: None,
        exact: true,
        told: None,
    });
    for lang in Lang::ALL {
        let (full, after) = (why(&w, lang), tarok_words::why_after_move(&w, lang));
        assert_eq!(full, format!("T19: {after}"));
        assert!(after.starts_with("+2.5 "), "{after}");
    }
    assert_eq!(
        tarok_words::why_after_move(&AnyWhy::Random, Lang::Da),
        why(&AnyWhy::Random, Lang::Da)
    );
}

/// A level-1 reason that opens with its move ("lægger S5 i Scat: en kort kulør, …") follows a
/// hint's move without that opening, in every language; the card it names stands in the
/// opening. Every other level-1 reason stays whole.
#[test]
fn a_level_1_reason_after_its_move_does_not_name_it_again() {
    use tarok_ai::{danish::Why as Dk, historic::Why as Hi, koenigrufen::Why as Kr};
    use tarok_core::{Card, CardSet};
    let card = |t: &str| t.parse::<Card>().unwrap();
    let (hk, s5) = (card("HK"), card("S5"));
    let strength = tarok_ai::koenigrufen::Strength {
        tarocks: 6,
        high: 2,
        kings: 1,
    };
    let hand = CardSet::parse("T21 T20 T19 T18 T17 T16 T15 T14 T1 X SK SD SC SKn HK HD HC HKn H1 H2 RK RD K7 K8 K9 K10 S5 S6").unwrap();
    let laid = CardSet::parse("S5 S6 K7").unwrap();
    let skat = tarok_ai::danish::Skat {
        laid,
        kept: hand - laid,
    };
    // Each reason that opens with its move, with the card its opening names, if any.
    let opening: Vec<(AnyWhy, Option<Card>)> = vec![
        (AnyWhy::Danish(Dk::DemandSkus), None),
        (AnyWhy::Danish(Dk::LaySkat(skat)), Some(s5)),
        (
            AnyWhy::Danish(Dk::Rename(tarok_core::Suit::Hjerter, hk)),
            None,
        ),
        (AnyWhy::Danish(Dk::CashKing(hk)), Some(hk)),
        (AnyWhy::Danish(Dk::Win(hk, true)), Some(hk)),
        (AnyWhy::Danish(Dk::Shed(hk)), Some(hk)),
        (AnyWhy::Danish(Dk::SkusSaves), None),
        (AnyWhy::Koenigrufen(Kr::BidDreier(strength)), None),
        (AnyWhy::Koenigrufen(Kr::MeinVorhand(strength)), None),
        (AnyWhy::Koenigrufen(Kr::Rufer(strength)), None),
        (AnyWhy::Koenigrufen(Kr::Trischaken(strength)), None),
        (AnyWhy::Koenigrufen(Kr::Pass(strength)), None),
        (AnyWhy::Koenigrufen(Kr::CallKing(hk)), Some(hk)),
        (AnyWhy::Koenigrufen(Kr::Lay(hk)), Some(hk)),
        (AnyWhy::Koenigrufen(Kr::Trull), None),
        (AnyWhy::Koenigrufen(Kr::Kontra(strength)), None),
        (AnyWhy::Koenigrufen(Kr::Gut), None),
        (AnyWhy::Koenigrufen(Kr::Duck(hk)), Some(hk)),
        (AnyWhy::Koenigrufen(Kr::Safest(hk)), Some(hk)),
        (AnyWhy::Koenigrufen(Kr::Force(hk)), Some(hk)),
        (AnyWhy::Historic(Hi::Scat(s5)), Some(s5)),
        (
            AnyWhy::Historic(Hi::Declare(tarok_historic::honours::HonourKind::Kings)),
            None,
        ),
        (AnyWhy::Historic(Hi::Pass(4)), None),
        (AnyWhy::Historic(Hi::Ask(8)), None),
        (AnyWhy::Historic(Hi::Mediateur(11)), None),
        (AnyWhy::Historic(Hi::Call(hk)), Some(hk)),
        (AnyWhy::Historic(Hi::Request(hk)), Some(hk)),
        (AnyWhy::Historic(Hi::GiveBack(s5)), Some(s5)),
        (AnyWhy::Historic(Hi::Lead(s5)), Some(s5)),
        (
            AnyWhy::Historic(Hi::LeadTarock(card("T3"))),
            Some(card("T3")),
        ),
        (AnyWhy::Historic(Hi::Scus), None),
    ];
    for (w, c) in &opening {
        for lang in Lang::ALL {
            let (full, after) = (why(w, lang), tarok_words::why_after_move(w, lang));
            let opens = full.strip_suffix(&after).and_then(|o| o.strip_suffix(": "));
            let opens = opens.unwrap_or_else(|| panic!("{w:?} {lang:?}: {full} | {after}"));
            assert!(!opens.is_empty() && !after.is_empty(), "{full}");
            if let Some(c) = c {
                let named = match w {
                    AnyWhy::Koenigrufen(_) if lang != Lang::En => {
                        tarok_koenigrufen::cards::screen(*c)
                    }
                    _ => c.to_string(),
                };
                assert!(opens.contains(&named) && !after.contains(&named), "{full}");
            }
        }
    }
    // The reasons that open otherwise stay whole.
    let whole = [
        AnyWhy::Danish(Dk::Keep),
        AnyWhy::Danish(Dk::PagatHjem),
        AnyWhy::Danish(Dk::GiveCheapest(hk)),
        AnyWhy::Koenigrufen(Kr::GiveToSide(hk)),
        AnyWhy::Historic(Hi::Duck(s5)),
        AnyWhy::Historic(Hi::GiveToSide(s5)),
    ];
    for w in &whole {
        for lang in Lang::ALL {
            assert_eq!(tarok_words::why_after_move(w, lang), why(w, lang));
        }
    }
    assert_eq!(
        tarok_words::why_after_move(&AnyWhy::Historic(Hi::Scat(s5)), Lang::Da),
        "en kort kulør, og Scat tæller for mig"
    );
}

/// `advise` decides what `bot` decides, and its reason in English is the bot's reason: the
/// hint's words never disagree with the bot's choice. Level 2 thinks without a time bound
/// here: a debug build on a loaded machine reaches the standard second, and then the number of
/// layouts drawn (part of the reason) would depend on the machine, not the seed.
#[test]
fn advise_chooses_as_the_bot_does() {
    let think = Duration::from_secs(3600);
    for preset in tarok_games::preset_ids() {
        let mut deal = AnyDeal::from_seed(preset, 4).unwrap();
        let levels = tarok_ai::any::levels(deal.family());
        while let Some(seat) = deal.to_act() {
            let (view, legal) = (deal.view(seat), deal.legal());
            for &level in levels {
                let d = bot_thinking(level, deal.family(), 9, think).decide(&view, &legal);
                let (a, w) = advise_thinking(level, &view, &legal, 9, think);
                assert_eq!((a, w.to_string()), (d.action, d.reason), "{preset}");
            }
            let a = legal[0];
            deal.apply(a).unwrap();
        }
    }
}
