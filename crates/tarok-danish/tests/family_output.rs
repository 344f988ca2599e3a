//! What the CLI's Danish commands show. `tarok replay`: the skat, each seat's declarations in
//! the order they are paid, the tricks, the counts and the itemised settlement; a redeal; and
//! which record of a file an error is in. `tarok deal`, `tarok declare`, `tarok bench` and
//! `tarok rules`.

use tarok_core::family::Family;
use tarok_danish::family::{bench_playouts, declare_output};
use tarok_danish::{Preset, FAMILY};

fn replayed(seed: u64) -> tarok_core::family::Output {
    let record = FAMILY.random_game("dk-dtf-2011", seed).unwrap().text;
    FAMILY.replay(&record).unwrap()
}

/// Seed 7 under dk-dtf-2011, as `tarok random-game --seed 7` plays it.
#[test]
fn a_played_deal_shows_skat_declarations_counts_and_settlement() {
    let out = replayed(7);
    let text = &out.text;
    assert!(text.contains("\nskat           HKn R6 R8\n"), "{text}");
    // Dealer first, then forhånd and mellemhånd (000 §7.2), in the preset's words.
    assert!(
        text.contains(
            "declarations 2 kortgiver: fulde ruder (10 from each)\n\
             declarations 0 forhånd: overfyldte klør (15 from each); halve konger, mangler ruder (5 from each)\n\
             declarations 1 mellemhånd: pas\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("\ntricks won [11, 7, 7], counts [42, 21, 15]\nSettlement:\n  2 kortgiver -> kongekop: 5 p, kortgivers indskud (dealer's ante) [000 L395, L2357]\n"),
        "{text}"
    );
    let balances = out.json["balances"].as_str().unwrap();
    assert!(
        text.ends_with(&format!("\nBalances: {balances}\n")),
        "{text}"
    );
    let decl = &out.json["declarations"];
    assert_eq!(decl[0]["seat"], 2);
    assert_eq!(decl[0]["value_from_each"], 10);
    assert_eq!(decl[1]["value_from_each"], 20);
    assert_eq!(decl[2]["declarations"], serde_json::json!([]));
}

/// Seed 33057: the first deal ends in a redeal, so it shows no skat and no declarations.
#[test]
fn a_redealt_deal_shows_the_redeal_and_no_skat() {
    let text = replayed(33057).text;
    let (redealt, played) = text.split_once("Balances:").unwrap();
    assert!(
        redealt.contains("\nredeal demanded: the same dealer deals again without a new ante\n"),
        "{redealt}"
    );
    assert!(!redealt.contains("skat ") && !redealt.contains("declarations "));
    assert!(played.contains("\nskat ") && played.contains("\ntricks won "));
}

/// An error in the second record of a file names it; one in a lone record does not.
#[test]
fn an_error_names_the_record_of_the_file_it_is_in() {
    let game = FAMILY.random_game("dk-dtf-2011", 33057).unwrap().text;
    let broken = game.replace("1. S5 S3 S9", "1. S5 S3 HK");
    assert_ne!(broken, game);
    let e = FAMILY.replay(&broken).unwrap_err();
    assert!(e.starts_with("deal 2 of the file: "), "{e}");
    let second = &broken[broken.rfind("[Game").unwrap()..];
    let alone = FAMILY.replay(second).unwrap_err();
    assert_eq!(e, format!("deal 2 of the file: {alone}"));
}

/// `tarok deal --seed 7`: the dealer declares from the 25 cards he keeps after the example
/// skat, the others from their dealt hands; seed 33057 deals kortgiver no numbered trump.
#[test]
fn a_deal_shows_the_declarations_after_the_example_skat_and_who_may_redeal() {
    let text = FAMILY.deal("dk-dtf-2011", 7).unwrap().text;
    assert!(
        text.contains(
            "skat (one of 816 legal discards): S5 S3 S2\n\
             declarations 2 kortgiver: fulde ruder (10 from each)\n\
             declarations 0 forhånd: overfyldte klør (15 from each); halve konger, mangler ruder (5 from each)\n\
             declarations 1 mellemhånd: pas\n"
        ),
        "{text}"
    );
    assert!(!text.contains("redeal"), "{text}");
    let out = FAMILY.deal("dk-dtf-2011", 33057).unwrap();
    assert!(out
        .text
        .contains("\nseat(s) [2] hold no numbered trump and may demand a redeal\n"));
    assert_eq!(out.json["may_redeal"], serde_json::json!([2]));
}

/// `tarok declare`: 25 or 28 cards; for 28 (the dealer before the skat) the cards that may not
/// go in the skat, if any.
#[test]
fn declare_takes_25_or_28_cards_and_names_the_dealers_declaration_cards() {
    let hand25 = "T21 T1 X T2 T3 T4 T5 T6 T7 T8 T9 HK HD HKn S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 R1";
    let text = declare_output("dk-dtf-2011", hand25).unwrap().text;
    assert!(
        text.contains("\ntotal: 30 from each opponent, 60 in all\n"),
        "{text}"
    );
    assert!(!text.contains("declaration cards"), "{text}");
    let hand28 = format!("{hand25} R2 R3 R4");
    let text = declare_output("dk-dtf-2011", &hand28).unwrap().text;
    assert!(
        text.ends_with(
            "\ndeclaration cards that may not go in the skat unless unavoidable: HD HKn\n"
        ),
        "{text}"
    );
    // Eleven trumps without the pagat protect no card (trumps keep out of the skat by their own rule).
    let plain28 =
        "T21 T20 T19 T2 T3 T4 T5 T6 T7 T8 T9 HK SD HKn S1 S2 S3 S4 S5 S6 S7 S8 S9 R5 R1 R2 R3 R4";
    let text = declare_output("dk-dtf-2011", plain28).unwrap().text;
    assert!(
        text.ends_with("\ntotal: 15 from each opponent, 30 in all\n"),
        "{text}"
    );
    for n in [24, 26, 27] {
        let hand: Vec<&str> = hand28.split(' ').take(n).collect();
        let e = declare_output("dk-dtf-2011", &hand.join(" ")).unwrap_err();
        assert!(e.ends_with(&format!("this one has {n}")), "{e}");
    }
}

/// `tarok bench`: whole rounds over the pool of 64 first leads, for at least the time asked,
/// and the rate is their quotient.
#[test]
fn the_bench_plays_whole_pools_for_at_least_the_time_asked() {
    let (n, secs) = bench_playouts(Preset::Dtf2011.ruleset(), 0.05);
    assert!(secs >= 0.05, "{secs}");
    assert!(n >= 64 && n % 64 == 0, "{n}");
    // Far more than one core could play in that time: a count gone wrong.
    assert!((n as f64) < secs * 1e8, "{n} in {secs} s");
    let b = FAMILY.bench("dk-moeller", 0.05).unwrap();
    assert_eq!(b.preset, "dk-moeller");
    assert_eq!(b.playouts_per_sec, b.playouts as f64 / b.seconds);
}

/// `tarok rules`: the three presets, each with its switches.
#[test]
fn rules_lists_the_three_presets_and_their_switches() {
    let ids: Vec<&str> = FAMILY.presets().iter().map(|p| p.id).collect();
    assert_eq!(ids, ["dk-dtf-2011", "dk-hjoerring-2016", "dk-moeller"]);
    for id in ids {
        let switches = FAMILY.rules(id).unwrap();
        assert_eq!(
            switches.len(),
            Preset::Dtf2011.ruleset().switches().len(),
            "{id}"
        );
        assert!(switches.iter().any(|s| s.name.contains("skus")), "{id}");
    }
}
