//! The moments of `tarok play` (tmux, 80×24): the finished trick stays on the screen until a
//! moment passes or a key is pressed (the same deal runs beside it in the library), and a deal
//! the human sat out is watched action by action.

mod common;

use common::Tmux;
use std::time::{Duration, Instant};
use tarok_ai::{danish::DanishL1, Bot};
use tarok_danish::Preset;
use tarok_tui::game::Game;

/// Waits until the screen no longer shows `text`, and returns how long that took.
fn wait_gone(tmux: &Tmux, text: &str) -> Duration {
    let start = Instant::now();
    while tmux.screen().contains(text) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{text:?} stayed:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    start.elapsed()
}

#[test]
fn the_finished_trick_stays_until_a_moment_or_a_key() {
    let dir = std::env::temp_dir().join(format!("tarok-hold-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = assert_cmd::cargo::cargo_bin("tarok");
    let records = dir.join("records");
    let cmd = format!(
        "{} play --level L1 --seed 5 --records {}; sleep 5",
        bin.display(),
        records.display()
    );
    let tmux = Tmux::start("hold", &cmd);
    let names = ["You", "Anna", "Bent"].map(String::from).to_vec();
    let mut model = Game::new(Preset::Dtf2011, names, 5, &dir.join("model")).unwrap();
    let me = model.human_seat().unwrap();
    tmux.wait_for("Your hand");
    let (mut by_time, mut by_key) = (false, false);
    while !(by_time && by_key) {
        let d = DanishL1.decide(&model.deal().view(me), &model.deal().legal_actions());
        let before: u8 = model.deal().tricks_won().iter().sum();
        // The hold begins after the card is typed, so it ends no sooner than HOLD after this.
        let typed = Instant::now();
        tmux.type_action(&d.action.to_string());
        model.act(d.action).unwrap();
        let after: u8 = model.deal().tricks_won().iter().sum();
        assert!(!model.deal().is_over(), "the deal ended first");
        if after == before {
            continue;
        }
        tmux.wait_for(&format!("Trick {}/25", model.deal().trick_no()));
        tmux.wait_for("Last trick:");
        let hold = tarok_tui::hold::HOLD;
        if !by_time {
            // No key: the moment passes, HOLD after the card at the earliest.
            wait_gone(&tmux, "Last trick:");
            assert!(typed.elapsed() >= hold, "{:?}", typed.elapsed());
            by_time = true;
        } else if typed.elapsed() < hold / 3 {
            // A key that does nothing else ends it before its moment has passed.
            tmux.keys(&["Down"]);
            wait_gone(&tmux, "Last trick:");
            assert!(typed.elapsed() < hold, "{:?}", typed.elapsed());
            by_key = true;
        } else {
            // Too slow a machine to tell a key from the moment this time: the next trick.
            wait_gone(&tmux, "Last trick:");
        }
    }
    tmux.keys(&["C-c"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// At five the human deals first and sits out; `w` on the settlement shows the deal as the
/// computer players played it, one action each moment, and a key goes back.
#[test]
fn a_deal_sat_out_is_watched() {
    let dir = std::env::temp_dir().join(format!("tarok-watch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = assert_cmd::cargo::cargo_bin("tarok");
    let cmd = format!(
        "{} play --level L1 --preset at-koenigrufen-spieleversum --seed 5 --players You,Anna,Bent,Dorte,Erik \
         --records {}; sleep 5",
        bin.display(),
        dir.join("records").display()
    );
    let tmux = Tmux::start("watch", &cmd);
    let s = tmux.wait_for("Abrechnung — Spiel #1");
    assert!(s.contains("w: Spiel ansehen"), "{s}");
    tmux.keys(&["w"]);
    tmux.wait_for("Zuschauen — Spiel #1 · 0/");
    // The computer players play on by themselves.
    let s = tmux.wait_for("Zuschauen — Spiel #1 · 2/");
    assert!(!s.contains("Deine Karten"), "{s}");
    tmux.keys(&["Escape"]);
    let s = tmux.wait_for("Abrechnung — Spiel #1");
    assert!(!s.contains("Zuschauen"), "{s}");
    tmux.keys(&["C-c"]);
    let _ = std::fs::remove_dir_all(&dir);
}
