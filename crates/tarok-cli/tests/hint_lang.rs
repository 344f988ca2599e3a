//! `tarok hint --lang`: the answer for people in English, Danish or German, from the one
//! language layer (tarok-words); the JSON keeps its machine fields.

use assert_cmd::Command;

/// The Danish example position of `tarok hint --help`: seat 1 cannot win the trick.
const DANISH: &str = "dk-dtf-2011 ?2/S7,H3,X/?3 23 0:S5 -/- 8,7,7 -";

fn tarok() -> Command {
    Command::cargo_bin("tarok").unwrap()
}

/// The standard output of a command that must succeed.
fn stdout(args: &[&str]) -> String {
    let out = tarok().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_hint_in_danish_says_its_reason_in_danish() {
    let en = stdout(&["hint", DANISH]);
    assert_eq!(stdout(&["hint", DANISH, "--lang", "en"]), en);
    let da = stdout(&["hint", DANISH, "--lang", "da"]);
    let de = stdout(&["hint", DANISH, "--lang", "de"]);
    assert!(en.contains(" chooses S7: cannot win safely"), "{en}");
    assert!(da.starts_with("P1 (L1) vælger S7: "), "{da}");
    assert!(da.contains("kan ikke vinde sikkert"), "{da}");
    assert!(de.starts_with("P1 (L1) wählt S7: "), "{de}");
    assert!(de.contains("kann nicht sicher stechen"), "{de}");
    assert!(en != da && da != de && de != en);
}

/// A Königrufen bid from a record: the action's words stand beside its notation, and the
/// reason is Danish; `--json` keeps the English reason and adds the Danish text.
#[test]
fn a_koenigrufen_hint_in_danish_from_a_record() {
    let dir = std::env::temp_dir().join(format!("tarok-hint-lang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k.txt");
    let record = stdout(&[
        "random-game",
        "-p",
        "at-koenigrufen-spieleversum",
        "-s",
        "7",
    ]);
    std::fs::write(&file, record).unwrap();
    let file = file.to_str().unwrap();
    let args = ["hint", "--record", file, "--after", "0"];
    let en = stdout(&args);
    let da = stdout(&[&args[..], &["--lang", "da"]].concat());
    assert!(en.contains(" chooses "), "{en}");
    assert!(da.contains(" vælger "), "{da}");
    assert!(da.contains("tarokker") || da.contains("tarok,"), "{da}");
    assert_ne!(en, da);
    let json = |lang: &str| -> serde_json::Value {
        let text = stdout(&[&args[..], &["--lang", lang, "--json"]].concat());
        serde_json::from_str(&text).unwrap()
    };
    let (j_en, j_da) = (json("en"), json("da"));
    for field in ["seat", "level", "action", "reason"] {
        assert_eq!(j_en[field], j_da[field], "{field}");
    }
    assert_eq!(j_da["lang"], "da");
    assert_eq!(j_da["text"].as_str().unwrap(), da.trim_end());
    assert_eq!(j_en["text"].as_str().unwrap(), en.trim_end());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A level-2 hint names its move once in each language, though the search's reason opens with
/// it: "P2 (L2) chooses T1: +15.8 on average…", the skat "lægger S5 H9 H10 i skat" once.
#[test]
fn a_level_2_hint_names_its_move_once() {
    let dir = std::env::temp_dir().join(format!("tarok-hint-l2-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("d.txt");
    std::fs::write(&file, stdout(&["random-game", "-s", "11"])).unwrap();
    let file = file.to_str().unwrap();
    // After 3 actions the dealer lays the skat; after 10, a card is played.
    for after in ["3", "10"] {
        for lang in ["en", "da", "de"] {
            let args = ["hint", "--record", file, "--after", after];
            let text = stdout(
                &[
                    &args[..],
                    &["--level", "L2", "--think-ms", "300", "--lang", lang],
                ]
                .concat(),
            );
            let (chosen, reason) = text.split_once(": ").unwrap();
            let words = chosen
                .rsplit_once(" (")
                .map_or(chosen, |(_, w)| w.trim_end_matches(')'));
            let first = words.rsplit(' ').next().unwrap();
            assert!(reason.starts_with(['+', '-']), "{text}");
            assert!(
                !reason.split("; ").next().unwrap().contains(first),
                "{text}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The help says what `--lang` does, and an unknown language is refused with the choices.
#[test]
fn the_help_explains_lang_and_an_unknown_language_is_refused() {
    let help = stdout(&["hint", "--help"]);
    assert!(help.contains("--lang <LANG>"), "{help}");
    assert!(help.contains("en, da or de"), "{help}");
    let out = tarok()
        .args(["hint", DANISH, "--lang", "fr"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("use en, da or de"), "{err}");
}
