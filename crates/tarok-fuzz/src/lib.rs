//! The fuzz targets' logic, in plain functions of bytes so that the cargo-fuzz crate in `fuzz/`
//! (nightly features, run with `RUSTC_BOOTSTRAP=1`) and the stable test `tests/corpus.rs` run
//! the same code: each target is one line over here.
//!
//! Every function takes any bytes (read as UTF-8, invalid sequences replaced) and must return
//! without panicking: a reader refuses bad input with an error. Where a reader accepts its
//! input, a few cheap properties are checked too (what is read and written back reads the same),
//! and a failure of one of those panics like any other bug.

use std::borrow::Cow;

use tarok_core::{Card, CardSet};

/// A target: any bytes in, a panic for a bug.
pub type Target = fn(&[u8]);

/// The targets, by the names of `fuzz/fuzz_targets/*.rs` and `fuzz/corpus/*`.
pub const TARGETS: [(&str, Target); 4] = [
    ("record", record),
    ("position", position),
    ("notation", notation),
    ("ledger_entry", ledger_entry),
];

/// The input as text; bytes that are not UTF-8 become U+FFFD, so every input reaches a reader.
fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// A record of any family, text or JSON, in the one format or a family's older one: the
/// registry's reader (the first deals, each stepped to its end and written back) and every
/// family's `replay`.
pub fn record(data: &[u8]) {
    let text = text(data);
    for index in 0..2 {
        if let Ok(deal) = tarok_games::read_record(&text, index) {
            // The reader checked every action: the deal steps through all of them.
            let end = deal.actions.len();
            if let Err(e) = deal.after(end) {
                panic!("deal {index} was read but does not step to its end: {e}");
            }
            // What is read, written in the one format, reads back the same.
            let again = tarok_games::read_record(&deal.record.to_text(), 0)
                .unwrap_or_else(|e| panic!("deal {index} written back does not read: {e}"));
            assert_eq!(again.actions, deal.actions, "deal {index} written back");
        }
    }
    for family in tarok_games::families() {
        let _ = family.replay(&text);
    }
}

/// A position string of any family: every family's `legal` and the registry's `decision`.
pub fn position(data: &[u8]) {
    let text = text(data);
    for family in tarok_games::families() {
        let _ = family.legal(&text);
    }
    let _ = tarok_games::position::decision(&text);
}

/// Checks that `value`, written out, reads back as itself.
fn round_trip<T, E>(value: &T, parse: impl Fn(&str) -> Result<T, E>, what: &str)
where
    T: std::fmt::Display + std::fmt::Debug + PartialEq,
    E: std::fmt::Display,
{
    let written = value.to_string();
    match parse(&written) {
        Ok(back) if back == *value => {}
        Ok(back) => panic!("{what} {value:?} is written {written:?}, which reads as {back:?}"),
        Err(e) => panic!("{what} {value:?} is written {written:?}, which does not read: {e}"),
    }
}

/// Card notation: a card, a card list and a deck in the core notation, the Königrufen notations,
/// and each family's actions. What reads is written and read back as itself.
pub fn notation(data: &[u8]) {
    let text = text(data);
    let text = text.as_ref();
    if let Ok(card) = text.parse::<Card>() {
        round_trip(&card, str::parse::<Card>, "card");
    }
    if let Ok(set) = CardSet::parse(text) {
        round_trip(&set, CardSet::parse, "card list");
    }
    for pack in [CardSet::PACK78, CardSet::PACK54] {
        let _ = tarok_core::parse_deck(text, pack);
    }
    if let Ok(action) = text.parse::<tarok_danish::Action>() {
        round_trip(&action, str::parse::<tarok_danish::Action>, "Danish action");
    }
    if let Ok(named) = text.parse::<tarok_danish::Named>() {
        round_trip(
            &named,
            str::parse::<tarok_danish::Named>,
            "Danish skus name",
        );
    }
    if let Ok(action) = text.parse::<tarok_historic::Action>() {
        round_trip(&action, str::parse::<tarok_historic::Action>, "1829 action");
    }
    if let Ok(action) = text.parse::<tarok_koenigrufen::Action>() {
        round_trip(
            &action,
            str::parse::<tarok_koenigrufen::Action>,
            "Königrufen action",
        );
    }
    use tarok_koenigrufen::cards;
    if let Ok(card) = cards::parse_card(text) {
        round_trip(&card, cards::parse_card, "Königrufen card");
    }
    if let Ok(card) = cards::parse_screen(text) {
        let shown = cards::screen(card);
        match cards::parse_screen(&shown) {
            Ok(back) if back == card => {}
            other => panic!("Königrufen card {card:?} is shown {shown:?}, which reads {other:?}"),
        }
    }
    let _ = cards::parse_cards(text);
}

/// The names of the tables the ledger target enters a deal at.
const TABLE: [&str; 5] = ["Anna", "Bent", "Carl", "Dorte", "Erik"];

/// A deal entry of the club ledger (the JSON of `tarok session deal --entry`), entered at a
/// table of 3, 4 and 5 under every Danish preset. An entry that is refused changes nothing; one
/// that is read is written back as the same entry.
pub fn ledger_entry(data: &[u8]) {
    let text = text(data);
    let Ok(entry) = serde_json::from_str::<tarok_ledger::DealEntry>(&text) else {
        return;
    };
    let written = serde_json::to_string(&entry).expect("an entry is written as JSON");
    match serde_json::from_str::<tarok_ledger::DealEntry>(&written) {
        Ok(back) if back == entry => {}
        other => panic!("entry {entry:?} is written {written}, which reads {other:?}"),
    }
    for preset in tarok_danish::Preset::ALL {
        for n in 3..=5 {
            let names = TABLE[..n].iter().map(|s| s.to_string()).collect();
            let mut session = tarok_ledger::Session::new(preset, None, names, 0)
                .expect("the fuzz table is a valid table");
            let before = serde_json::to_string(&session).expect("a session is written as JSON");
            if session.enter(entry.clone()).is_err() {
                let after = serde_json::to_string(&session).expect("a session is written as JSON");
                assert_eq!(before, after, "a refused entry changed the session");
            }
        }
    }
}
