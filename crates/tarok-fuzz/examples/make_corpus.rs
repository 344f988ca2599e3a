//! Writes the seed corpora of the fuzz targets into `fuzz/corpus/<target>/`:
//!
//! * `record`: every preset's random game (what `tarok random-game -p P -s N` prints, text and
//!   `--json`, the JSON compact), and the two games with a Partie (`--partie`);
//! * `position`: the examples of `tarok legal --help` and positions taken from those records in
//!   card play, for every family;
//! * `notation`: cards, card lists and actions of every family in their notations;
//! * `ledger_entry`: deal entries as the ledger's tests and `tarok session deal` write them, with
//!   and without the engine's record, for every Danish preset and table size.
//!
//! Run `cargo run -p tarok-fuzz --example make_corpus` from the root; it replaces the files it
//! writes and leaves others (such as inputs a fuzzer added) alone.

use std::path::{Path, PathBuf};
use tarok_games::{families, AnyDeal};

const SEEDS: [u64; 2] = [1, 2];

fn corpus(target: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    std::fs::create_dir_all(&dir).expect("the corpus directory can be made");
    dir
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).expect("the corpus file can be written");
}

fn main() {
    let records = corpus("record");
    let mut texts = Vec::new();
    for family in families() {
        for preset in family.presets() {
            let id = preset.id;
            for seed in SEEDS {
                let out = family.random_game(id, seed).expect("a random game");
                write(&records, &format!("{id}-{seed}.txt"), &out.text);
                let json = serde_json::to_string(&out.json).expect("JSON") + "\n";
                write(&records, &format!("{id}-{seed}.json"), &json);
                texts.push(out.text);
                // The one record format, as `tarok random-game` prints it.
                let one = tarok_games::record::random(id, seed, "").expect("a random game");
                let text: Vec<String> = one.iter().map(|r| r.to_text()).collect();
                write(&records, &format!("one-{id}-{seed}.txt"), &text.join("\n"));
                let json: Vec<_> = one.iter().map(|r| r.to_json()).collect();
                let json = serde_json::to_string(&json).expect("JSON") + "\n";
                write(&records, &format!("one-{id}-{seed}.json"), &json);
            }
            if let Ok(out) = family.random_partie(id, "", 1) {
                write(&records, &format!("{id}-partie-1.txt"), &out.text);
            }
        }
    }

    let positions = corpus("position");
    let examples = [
        "dk-dtf-2011 ?2/S7,H3,X/?3 23 0:S5 -/- 8,7,7 -",
        "at-koenigrufen-spieleversum dreier 1 ?11/T22.T15.T3.HK.H4.S9.S8.K10.K7.R2.RK.RD/?12/?12 0:H2 to=1",
        "dk-1829-en-deux 1|T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T5 HK X SD S10 S9 S8 S7 S6 S3 S2/?22|0:SK S5,0:T2 T4|1:H7|0",
    ];
    for (i, p) in examples.iter().enumerate() {
        write(&positions, &format!("help-{i}.txt"), p);
    }
    for (r, text) in texts.iter().enumerate() {
        let Ok(deal) = tarok_games::read_record(text, 0) else {
            continue;
        };
        // A few points of the card play: early, middle and late.
        let n = deal.actions.len();
        for (k, after) in [n / 3, n / 2, n - n / 6].into_iter().enumerate() {
            let Ok(d) = deal.after(after) else { continue };
            let pos = match &d {
                AnyDeal::Danish(d) => Some(tarok_danish::position::write(d, None)),
                AnyDeal::Koenigrufen(d) => {
                    tarok_koenigrufen::position::to_position(d.state(), 0b1111)
                }
                AnyDeal::Historic(d) => d.position(),
            };
            if let Some(pos) = pos {
                write(&positions, &format!("record-{r}-{k}.txt"), &pos);
            }
        }
    }

    let notation = corpus("notation");
    let samples = [
        "T21",
        "T1",
        "X",
        "pagat",
        "skus",
        "Sküs",
        "HK",
        "KKn",
        "R10",
        "SD",
        "HC",
        "♠10",
        "♥K",
        "XXI",
        "TXIV",
        "excuse",
        "KaK",
        "KrR",
        "PB",
        "H7",
        "T22",
        "T21 T1 X HK HD HKn S1 S2,R10",
        "KaK KrR PB H7 T22",
        "redeal",
        "keep",
        "skat:S1,S2,H10",
        "X=S",
        "X=T",
        "rename:H",
        "demand",
        "pass",
        "discard S5",
        "declare matadors",
        "declare cavallerie-H",
        "done",
        "ask",
        "mediateur",
        "call HK",
        "request T21",
        "return S4",
        "play T21",
        "vorhand",
        "weiter",
        "hold",
        "bei",
        "bid:dreier",
        "call:HK",
        "schleifen",
        "half:0",
        "discard:H7",
        "announce:pagat",
        "kontra:game",
        "re:game@1",
        "subkontra:game",
        "ultimo:HK",
        "gut",
    ];
    for (i, s) in samples.iter().enumerate() {
        write(&notation, &format!("sample-{i:02}.txt"), s);
    }
    let deck: Vec<String> = tarok_core::shuffled(tarok_core::CardSet::PACK78, 1)
        .iter()
        .map(|c| c.to_string())
        .collect();
    write(&notation, "deck-78.txt", &deck.join(" "));

    let entries = corpus("ledger_entry");
    write(
        &entries,
        "hand-typed-0.json",
        r#"{"end": {"last_trick": "Bent", "counts": {"Anna": 30, "Dorte": 20}},
        "in_play": [{"kind": "pagat-hjem", "person": "Bent"}],
        "fines": [{"person": "Anna", "fine": "misdeal"}]}"#,
    );
    write(
        &entries,
        "hand-typed-1.json",
        r#"{"declarations": {"dorte": ["3 MATADORER"], "Bent": ["11 tarokker med pagat", "halvt i hjerter uden cavallen"]},
        "in_play": [{"kind": "lost", "person": "Dorte", "card": "HK"}],
        "end": {"last_trick": "Anna", "ultimo": "T1", "bagud": [{"person": "Bent", "card": "SK"}], "counts": {"Anna": 40, "Dorte": 10}}}"#,
    );
    write(&entries, "redeal.json", r#"{"outcome": "redeal"}"#);
    write(
        &entries,
        "annulled.json",
        r#"{"outcome": "annulled", "fines": [{"person": "Carl", "fine": "revoke"}]}"#,
    );
    let names: Vec<String> = ["Anna", "Bent", "Carl", "Dorte", "Erik"]
        .map(String::from)
        .to_vec();
    for preset in tarok_danish::Preset::ALL {
        for n in [3, 4] {
            let session =
                tarok_ledger::Session::new(preset, None, names[..n].to_vec(), 0).expect("a table");
            let (entry, _) = session.engine_deal(1);
            let id = preset.id();
            let json = serde_json::to_string_pretty(&entry).expect("JSON");
            write(&entries, &format!("engine-{id}-{n}.json"), &json);
            let mut by_hand = entry.clone();
            by_hand.engine = None;
            let json = serde_json::to_string_pretty(&by_hand).expect("JSON");
            write(&entries, &format!("typed-{id}-{n}.json"), &json);
        }
    }
}
