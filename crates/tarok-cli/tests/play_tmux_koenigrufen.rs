//! Plays a full Königrufen deal of `tarok play` in tmux (80×24): the bidding menu, a refused
//! card with its rule, and the settlement with the score sheet.

mod common;

use common::Tmux;
use tarok_ai::koenigrufen::KoenigrufenL1;
use tarok_ai::Bot;
use tarok_koenigrufen::Action;
use tarok_tui::koenig::{self, KGame};

#[test]
fn a_full_koenigrufen_deal_in_a_terminal() {
    let dir = std::env::temp_dir().join(format!("tarok-kplay-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = assert_cmd::cargo::cargo_bin("tarok");
    let cmd = format!(
        "{} play --level L1 --preset at-koenigrufen-spieleversum --seed 3 --records {}; sleep 5",
        bin.display(),
        dir.join("records").display()
    );
    let tmux = Tmux::start("koenigrufen", &cmd);
    // The same game in the library: the bots are deterministic for a seed.
    let names = ["Du", "Anna", "Bent", "Dorte"].map(String::from).to_vec();
    let mut model = KGame::new(names, 3, &dir.join("model")).unwrap();
    let me = model.human_seat().unwrap();

    let s = tmux.wait_for("Du bist dran (Lizitation)");
    assert!(s.contains("1. Weiter"), "the bidding menu:\n{s}");
    // The hint, in German like the screen: level 1's choice and why.
    let (a, w) = model
        .hint()
        .expect("the human bids first or after the bots");
    tmux.keys(&["h"]);
    let s = tmux.wait_for("Tipp:");
    let squeezed = |t: &str| t.split_whitespace().collect::<String>();
    let german = format!(
        "Tipp: {} — {}",
        model.label(a),
        tarok_words::why_after_move(&w, tarok_words::Lang::De)
    );
    assert!(
        squeezed(&s).contains(&squeezed(&german)),
        "{german:?} not on screen:\n{s}"
    );
    let mut refused = false;
    while !model.deal().is_over() {
        let legal = model.deal().legal_actions();
        // Once, in card play, try a card that may not be played and check the refusal.
        if !refused && legal.iter().all(|a| matches!(a, Action::Play(_))) {
            if let Some(bad) = model
                .deal()
                .state()
                .hand(me)
                .iter()
                .find(|&c| !legal.contains(&Action::Play(c)))
            {
                tmux.type_action(&koenig::typed(Action::Play(bad)));
                let s = tmux.wait_for("Abgelehnt");
                assert!(
                    s.contains("Spieleversum"),
                    "the refusal names its rule:\n{s}"
                );
                // In German, as the rest of the screen.
                assert!(
                    (s.contains("muss") || s.contains("darf")) && !s.contains("must"),
                    "the refusal in German:\n{s}"
                );
                refused = true;
            }
        }
        let d = KoenigrufenL1.decide(&model.deal().view(me), &legal);
        // Cards typed as the screen writes them (tarock X is "X", the Sküs "Sküs").
        tmux.type_action(&koenig::typed(d.action));
        model.act(d.action).unwrap();
    }
    assert!(
        refused,
        "the deal offered no chance to play an illegal card"
    );
    let s = tmux.wait_for("Abrechnung");
    assert!(s.contains("Spielliste"), "{s}");
    // The score sheet as the screen writes it: names over the columns, the sum below.
    for row in model.sheet_lines() {
        assert!(
            s.contains(&row),
            "score sheet row {row:?} not on screen:\n{s}"
        );
    }
    tmux.keys(&["q"]);
    tmux.wait_for("Abend beenden?");
    tmux.keys(&["y"]);
    // The standings stay in the terminal, in German as the screen.
    let s = tmux.wait_for("Spielliste nach 1 Spiel (Punkte):");
    let sums = tarok_tui::standings::koenigrufen(&model);
    let sums = sums.lines().last().unwrap();
    assert!(s.contains(sums), "{sums:?} not printed:\n{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// At 5 players the human deals first and sits out: the bots' deal is scored and saved, the screen
/// says so, and the next deal is the human's.
#[test]
fn five_players_the_human_sits_out_then_plays() {
    let dir = std::env::temp_dir().join(format!("tarok-kplay5-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = assert_cmd::cargo::cargo_bin("tarok");
    let records = dir.join("records");
    let cmd = format!(
        "{} play --level L1 --preset at-koenigrufen-spieleversum --seed 5 --players You,Anna,Bent,Dorte,Erik \
         --records {}; sleep 5",
        bin.display(),
        records.display()
    );
    let tmux = Tmux::start("koenigrufen5", &cmd);
    let s = tmux.wait_for("Abrechnung — Spiel #1");
    assert!(s.contains("Du setzt in diesem Spiel aus"), "{s}");
    assert!(s.contains("Spiel gespeichert"), "{s}");
    assert_eq!(std::fs::read_dir(&records).unwrap().count(), 1);
    tmux.keys(&["Enter"]);
    let s = tmux.wait_for("Du bist dran");
    assert!(s.contains("#2") && s.contains("Anna setzt aus"), "{s}");
    tmux.keys(&["q"]);
    tmux.wait_for("Abend beenden?");
    tmux.keys(&["y"]);
    let _ = std::fs::remove_dir_all(&dir);
}
