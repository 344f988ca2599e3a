//! Player names: no control characters, one person however a letter is typed (NFC), not a
//! cup's name, and short enough for the screens.

use tarok_danish::Preset;
use tarok_ledger::ledger::{player_name, MAX_NAME_CHARS};
use tarok_ledger::{Session, SessionError};

fn table(first: &str) -> Result<Session, SessionError> {
    let names = [first, "Bent", "Carl"].map(String::from).to_vec();
    Session::new(Preset::Dtf2011, None, names, 0)
}

#[test]
fn a_name_with_control_characters_is_refused() {
    for name in [
        "Anna\u{1b}]0;pwned\u{7}",
        "\u{1b}[31mAnna",
        "An\tna",
        "Anna\u{9b}",
        "Anna\u{202e}",
    ] {
        match table(name) {
            Err(e @ SessionError::NameControl { .. }) => {
                assert!(e.to_string().contains("control character U+"), "{e}");
                assert!(
                    !e.to_string().contains('\u{1b}'),
                    "the error shows no ESC: {e}"
                );
            }
            other => panic!("{name:?}: {other:?}"),
        }
    }
}

#[test]
fn a_name_typed_composed_or_decomposed_is_one_person() {
    let composed = "\u{c5}se";
    let decomposed = "A\u{30a}se";
    let s = table(decomposed).unwrap();
    assert_eq!(s.players[0], composed, "kept in NFC");
    assert_eq!(s.person(composed), Some(0));
    assert_eq!(s.person(decomposed), Some(0));
    let names = [composed, decomposed, "Carl"].map(String::from).to_vec();
    assert!(matches!(
        Session::new(Preset::Dtf2011, None, names, 0),
        Err(SessionError::DuplicateName(..))
    ));
}

#[test]
fn a_cups_name_is_not_a_players_name() {
    for name in ["kongekop", "Kongekop", "PAGATKOP", "PagatKop"] {
        match table(name) {
            Err(e @ SessionError::CupName(_)) => {
                assert!(e.to_string().contains("is the name of a cup"), "{e}")
            }
            other => panic!("{name:?}: {other:?}"),
        }
    }
    table("Kongen").unwrap();
}

#[test]
fn a_name_longer_than_the_screens_allow_is_refused() {
    let longest = "Å".repeat(MAX_NAME_CHARS);
    assert_eq!(player_name(&longest).unwrap(), longest);
    table(&longest).unwrap();
    let e = table(&format!("{longest}x")).unwrap_err();
    assert!(
        matches!(
            e,
            SessionError::NameTooLong {
                chars: 25,
                max: 24,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("at most 24 fit the screens"), "{e}");
}
