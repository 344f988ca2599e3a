//! `tarok play` of Königrufen with `--lang en` and `--lang da` in tmux (80×24): the screen,
//! the hint, the help, the quit question and the standings left in the terminal speak the
//! language asked for, the game's terms staying German; without --lang it is German.

mod common;

use common::Tmux;

struct Words {
    arg: &'static str,
    your_turn: &'static str,
    hand: &'static str,
    hint: &'static str,
    help: &'static str,
    quit: &'static str,
    unreadable: &'static str,
    standings: &'static str,
}

fn play(w: &Words) {
    let dir = std::env::temp_dir().join(format!("tarok-klang-{}-{}", w.arg, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = assert_cmd::cargo::cargo_bin("tarok");
    let cmd = format!(
        "{} play --level L1 --preset at-koenigrufen-spieleversum --seed 3 --lang {} --records {}; sleep 5",
        bin.display(),
        w.arg,
        dir.display()
    );
    let tmux = Tmux::start(&format!("klang-{}", w.arg), &cmd);
    let s = tmux.wait_for(w.your_turn);
    assert!(s.contains(w.hand), "{s}");
    // A bid of the menu, in the players' own word.
    assert!(s.contains("1. Weiter"), "{s}");
    for german in ["Du bist dran", "Deine Karten", "Karten "] {
        assert!(!s.contains(german), "{german:?} on\n{s}");
    }
    // Typed text that is no action is answered in the language, with examples.
    tmux.type_action("zzz");
    tmux.wait_for(w.unreadable);
    tmux.keys(&["h"]);
    tmux.wait_for(w.hint);
    tmux.keys(&["?"]);
    tmux.wait_for(w.help);
    tmux.keys(&["x"]);
    tmux.wait_for(w.your_turn);
    tmux.keys(&["q"]);
    tmux.wait_for(w.quit);
    tmux.keys(&["y"]);
    tmux.wait_for(w.standings);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(tarok_tui::keep::path(&dir));
}

#[test]
fn koenigrufen_in_english() {
    play(&Words {
        arg: "en",
        your_turn: "Your turn (bidding)",
        hand: " Your hand ",
        hint: "Hint: ",
        help: "Help — Königrufen",
        quit: "Quit the evening? y / n",
        unreadable: "Refused: cannot read \"zzz\"",
        standings: "Score sheet after 0 deals (points):",
    });
}

#[test]
fn koenigrufen_in_danish() {
    play(&Words {
        arg: "da",
        your_turn: "Din tur (budrunde)",
        hand: " Dine kort ",
        hint: "Råd: ",
        help: "Hjælp — Königrufen",
        quit: "Slut for i aften? y / n",
        unreadable: "Afvist: kan ikke læse \"zzz\"",
        standings: "Pointliste efter 0 spil (point):",
    });
}
