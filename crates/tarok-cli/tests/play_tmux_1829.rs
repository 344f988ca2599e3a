//! Plays whole deals of the games of 1829 in `tarok play` in tmux (80×24) through key
//! presses: menu entries by their digit, cards typed at the `:` prompt; then the settlement,
//! the balances and the saved record. The same table runs beside it in the library: the
//! level-0 players are deterministic for a seed.

mod common;

use common::Tmux;
use tarok_ai::Level;
use tarok_core::Game;
use tarok_tui::historic;
use tarok_tui::lang::Lang;
use tarok_tui::table::Table;

/// Plays deal 1 of `preset` from `seed` with the screen in `lang` (`lang_arg` on the command
/// line) to its settlement, checks the payments, the balances and the record, and quits.
fn play_deal(preset: &str, seed: u64, names: &[&str], lang: Lang, lang_arg: &str) {
    let dir = std::env::temp_dir().join(format!("tarok-h{preset}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let records = dir.join("records");
    let bin = assert_cmd::cargo::cargo_bin("tarok");
    let cmd = format!(
        "{} play --preset {preset} --seed {seed} --level L0 --players {} --lang {lang_arg} --records {}; sleep 5",
        bin.display(),
        names.join(","),
        records.display()
    );
    let tmux = Tmux::start(preset, &cmd);
    let names = names.iter().map(|s| s.to_string()).collect();
    let mut model = Table::new(preset, names, seed, Level::L0, &dir.join("model")).unwrap();
    let w = historic::words::words(lang);
    tmux.wait_for(w.your_turn);
    let mut turn = 0;
    while !model.deal.is_over() {
        let legal = model.legal();
        let menu = historic::menu(&model);
        let a = legal[(turn * 7) % legal.len()];
        let entry = menu
            .iter()
            .position(|&m| tarok_games::AnyAction::Historic(m) == a);
        match entry {
            Some(i) if i < 9 => tmux.keys(&[&(i + 1).to_string()]),
            // Cards, and entries past 9, typed in the records' notation.
            _ => tmux.type_action(&a.to_string()),
        }
        model.act(a).unwrap();
        turn += 1;
    }
    let s = tmux.wait_for(&format!("{} — {} #1", w.settlement, w.deal));
    let squeezed = |t: &str| t.split_whitespace().collect::<String>();
    let tarok_games::AnyDeal::Historic(d) = &model.deal else {
        unreachable!()
    };
    let lines = Game::settlement(d);
    for l in lines.iter().take(4) {
        let shown = historic::payment(&model, l, lang);
        assert!(
            squeezed(&s).contains(&squeezed(&shown)),
            "{shown:?} not on screen:\n{s}"
        );
    }
    if lines.is_empty() {
        assert!(s.contains(w.no_payments), "{s}");
    }
    let balances = tarok_tui::standings::table(&model, lang);
    let balances = balances.lines().last().unwrap().trim();
    assert!(s.contains(balances), "{balances:?} not on screen:\n{s}");
    // The record, as `tarok random-game` writes one, replays to the same settlement.
    let file = std::fs::read_dir(&records)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&file).unwrap();
    let read = tarok_games::read_record(&text, 0).unwrap();
    let tarok_games::AnyDeal::Historic(deal) = read.after(read.actions.len()).unwrap() else {
        panic!("a record of 1829")
    };
    assert_eq!(deal.settlement(), d.settlement());
    tmux.keys(&["q"]);
    tmux.wait_for(w.quit_confirm.split(' ').next().unwrap());
    tmux.keys(&["y"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_deal_of_the_three_player_game_of_1829() {
    play_deal("dk-1829-three", 3, &["You", "Anna", "Bent"], Lang::En, "en");
}

#[test]
fn a_deal_of_the_quadrille_in_danish() {
    play_deal(
        "dk-1829-quadrille",
        4,
        &["Du", "Anna", "Bent", "Dorte"],
        Lang::Da,
        "da",
    );
}
