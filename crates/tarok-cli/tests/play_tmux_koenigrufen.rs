//! Plays a full Königrufen deal of `tarok play` in tmux (80×24): the bidding menu, a refused
//! card with its rule, and the settlement with the score sheet.

use std::process::Command;
use std::time::{Duration, Instant};
use tarok_ai::koenigrufen::KoenigrufenL1;
use tarok_ai::Bot;
use tarok_koenigrufen::Action;
use tarok_tui::koenig::KGame;

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux")
        .args(args)
        .output()
        .expect("tmux must be installed (.ci/run installs it)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn wait_for(session: &str, text: &str) -> String {
    let start = Instant::now();
    loop {
        let s = tmux(&["capture-pane", "-p", "-t", session]);
        if s.contains(text) {
            return s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "screen never showed {text:?}:\n{s}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_full_koenigrufen_deal_in_a_terminal() {
    let dir = std::env::temp_dir().join(format!("tarok-kplay-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let session = format!("tarok-k-{}", std::process::id());
    let bin = assert_cmd::cargo::cargo_bin("tarok");
    let cmd = format!(
        "{} play --preset at-koenigrufen-spieleversum --seed 3 --records {}; sleep 5",
        bin.display(),
        dir.join("records").display()
    );
    assert!(Command::new("tmux")
        .args([
            "new-session",
            "-d",
            "-s",
            &session,
            "-x",
            "80",
            "-y",
            "24",
            &cmd
        ])
        .status()
        .unwrap()
        .success());
    let names = ["You", "Anna", "Bent", "Dorte"].map(String::from).to_vec();
    let mut model = KGame::new(names, 3, &dir.join("model")).unwrap();
    let me = model.human_seat().unwrap();

    let s = wait_for(&session, "Du bist dran (Lizitation)");
    assert!(s.contains("1. Weiter"), "the bidding menu:\n{s}");
    let mut refused = false;
    while !model.deal.is_over() {
        let legal = model.deal.legal_actions();
        if !refused && legal.iter().all(|a| matches!(a, Action::Play(_))) {
            let playable: Vec<_> = legal
                .iter()
                .map(|a| {
                    if let Action::Play(c) = a {
                        *c
                    } else {
                        unreachable!()
                    }
                })
                .collect();
            if let Some(bad) = model
                .deal
                .state
                .hand(me)
                .iter()
                .find(|c| !playable.contains(c))
            {
                tmux(&["send-keys", "-t", &session, ":"]);
                tmux(&["send-keys", "-t", &session, "-l", &bad.to_string()]);
                tmux(&["send-keys", "-t", &session, "Enter"]);
                let s = wait_for(&session, "Abgelehnt");
                assert!(
                    s.contains("Spieleversum"),
                    "the refusal names its rule:\n{s}"
                );
                refused = true;
            }
        }
        let d = KoenigrufenL1.decide(&model.deal.view(me), &legal);
        tmux(&["send-keys", "-t", &session, ":"]);
        tmux(&["send-keys", "-t", &session, "-l", &d.action.to_string()]);
        tmux(&["send-keys", "-t", &session, "Enter"]);
        model.act(d.action).unwrap();
    }
    assert!(
        refused,
        "the deal offered no chance to play an illegal card"
    );
    model.finish().unwrap();
    let s = wait_for(&session, "Abrechnung");
    assert!(s.contains("Spielliste"), "{s}");
    let sheet = model.session.sheet.to_text();
    let sum = sheet.lines().last().unwrap();
    assert!(s.contains(sum), "score sheet {sum:?} not on screen:\n{s}");
    tmux(&["send-keys", "-t", &session, "q"]);
    wait_for(&session, "Abend beenden?");
    tmux(&["send-keys", "-t", &session, "y"]);
    let _ = tmux(&["kill-session", "-t", &session]);
    let _ = std::fs::remove_dir_all(&dir);
}
