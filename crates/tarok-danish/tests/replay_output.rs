//! What `tarok replay` shows of a Danish record: the skat, each seat's declarations in the
//! order they are paid, the tricks, the counts and the itemised settlement; a redeal; and which
//! record of a file an error is in.

use tarok_core::family::Family;
use tarok_danish::FAMILY;

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
