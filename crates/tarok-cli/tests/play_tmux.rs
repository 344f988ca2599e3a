//! Plays a full deal of `tarok play` in a real terminal (tmux, 80×24), checking what the screen
//! shows at the key moments: the dealt hand, a refused illegal card with its reason, and the
//! final settlement. The same game runs beside it in the library model to know what to type.

mod common;

use common::Tmux;
use tarok_ai::{danish::DanishL1, Bot};
use tarok_danish::{Phase, Preset};
use tarok_tui::game::Game;
use tarok_tui::lang::ScreenTexts as _;

#[test]
fn a_full_deal_in_a_terminal() {
    let dir = std::env::temp_dir().join(format!("tarok-play-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("tarok");
    let records = dir.join("records");
    let cmd = format!(
        "{} play --level L1 --seed 5 --records {}; sleep 5",
        bin.display(),
        records.display()
    );
    let tmux = Tmux::start("play", &cmd);
    // The same game in the library: the bots are deterministic for a seed.
    let mut model = Game::new(
        Preset::Dtf2011,
        vec!["You".into(), "Anna".into(), "Bent".into()],
        5,
        &dir.join("model"),
    )
    .unwrap();
    let me = model.human_seat().unwrap();

    // The dealt hand is on screen.
    let screen = tmux.wait_for("Your hand");
    let first = tarok_tui::ui::sorted(model.deal().hand(me))[0].to_string();
    assert!(screen.contains(&first), "hand not shown:\n{screen}");

    let mut refused = false;
    while !model.deal().is_over() {
        assert!(model.human_to_act());
        let legal = model.deal().legal_actions();
        // Once, try a card that does not follow and check the refusal and its reason.
        if !refused && model.deal().phase() == Phase::Play && model.deal().trick().n > 0 {
            let hand = model.deal().hand(me);
            if let Some(bad) = (hand - model.deal().legal_cards())
                .iter()
                .find(|c| !c.is_skus())
            {
                let before = model.deal().trick_no();
                tmux.type_action(&bad.to_string());
                let s = tmux.wait_for("Refused");
                assert!(
                    s.contains("000 L648-649"),
                    "the refusal names its rule:\n{s}"
                );
                assert_eq!(model.deal().trick_no(), before);
                refused = true;
            }
        }
        let d = DanishL1.decide(&model.deal().view(me), &legal);
        tmux.type_action(&d.action.to_string());
        model.act(d.action).unwrap();
        if !model.deal().is_over() {
            // Wait until the screen has caught up with the model: same trick and hand size.
            tmux.wait_for(&format!("Trick {}/25", model.deal().trick_no()));
        }
    }
    assert!(
        refused,
        "the deal offered no chance to play an illegal card"
    );
    // The model entered the deal in its ledger when it ended.
    let s = tmux.wait_for("Settlement");
    assert!(s.contains("Session ledger"), "{s}");
    let balances: Vec<String> = model
        .session()
        .players
        .iter()
        .zip(&model.session().balances)
        .map(|(p, b)| format!("{p} {b:+}"))
        .collect();
    assert!(
        s.contains(&balances.join("  ")),
        "ledger {balances:?} not on screen:\n{s}"
    );
    // The record was saved and replays to the same settlement.
    let saved = std::fs::read_dir(&records)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(saved).unwrap();
    let read = tarok_games::read_record(&text, 0).unwrap();
    let tarok_games::AnyDeal::Danish(replayed) = read.after(read.actions.len()).unwrap() else {
        panic!("a Danish record")
    };
    assert_eq!(replayed.settlement(), model.deal().settlement());
    // Quit: the evening's standings stay in the terminal.
    tmux.keys(&["q"]);
    tmux.wait_for("Quit the session?");
    tmux.keys(&["y"]);
    let s = tmux.wait_for("Session ledger after 1 deal:");
    let standings = tarok_tui::standings::danish(&model, &tarok_tui::lang::Lang::En.texts());
    for line in standings.lines() {
        assert!(s.contains(line), "{line:?} not printed:\n{s}");
    }
    // Left on the summary: no deal in progress to leave out.
    assert!(!s.contains("not counted"), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C leaves the game at once, with the terminal given back (the shell after it prints).
#[test]
fn ctrl_c_quits() {
    let dir = std::env::temp_dir().join(format!("tarok-ctrl-c-{}", std::process::id()));
    let bin = assert_cmd::cargo::cargo_bin("tarok");
    let cmd = format!(
        "{} play --level L1 --seed 5 --records {}; echo exited with $?; sleep 5",
        bin.display(),
        dir.display()
    );
    let tmux = Tmux::start("ctrl-c", &cmd);
    tmux.wait_for("Your hand");
    tmux.keys(&["C-c"]);
    let s = tmux.wait_for("exited with 0");
    // No deal finished: the ledger stands as the evening began, without the antes of the deal
    // left, which the title bar showed; the standings say so.
    assert!(s.contains("Session ledger after 0 deals:"), "{s}");
    assert!(s.contains("the deal in progress is not counted"), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(tarok_tui::keep::path(&dir));
}
