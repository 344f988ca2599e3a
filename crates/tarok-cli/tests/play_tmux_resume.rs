//! Quits `tarok play` in the middle of an evening and resumes it with `tarok play --resume`
//! in a real terminal (tmux, 80×24): the same screen comes back (the hand, the deal number,
//! the totals), and the evening plays on. The same table runs beside it in the library; after
//! the resume the model resumes from the same kept evening, so that its computer players
//! choose as the terminal's do.

mod common;

use common::Tmux;
use std::time::{Duration, Instant};
use tarok_ai::Level;
use tarok_core::Game as _;
use tarok_tui::evening::HistoricEvening;
use tarok_tui::historic;
use tarok_tui::lang::{Lang, ScreenTexts as _};
use tarok_tui::table::Table;

const PRESET: &str = "dk-1829-three";

/// Presses the keys of the human's next action (a menu digit, or a card typed at the `:`
/// prompt) and takes it in the model.
fn act(tmux: &Tmux, model: &mut Table, turn: usize) {
    let legal = model.legal();
    let menu = historic::menu(model);
    let a = legal[(turn * 5) % legal.len()];
    let entry = menu
        .iter()
        .position(|&m| tarok_games::AnyAction::Historic(m) == a);
    match entry {
        Some(i) if i < 9 => tmux.keys(&[&(i + 1).to_string()]),
        _ => tmux.type_action(&a.to_string()),
    }
    model.act(a).unwrap();
}

/// Whether the screen shows the model's deal: its number, every player's cards and total,
/// and the human's hand.
fn shows(s: &str, model: &Table) -> bool {
    let w = historic::words::words(Lang::En);
    let v = historic::view(model);
    let title = format!("{} #{}", w.deal, model.deal_no);
    let rows = v.hand_sizes.iter().enumerate().all(|(seat, &n)| {
        let total = format!("{:+}", model.totals[model.seating.seats[seat]]);
        let cards = Lang::En.texts().cards_n(n);
        s.lines().any(|l| {
            l.trim_start().starts_with(model.name(seat as u8))
                && l.contains(&format!("{n:>2} {cards}"))
                && l.trim_end().ends_with(&total)
        })
    });
    let hand = v.hand.iter().all(|c| s.contains(&c.to_string()));
    s.contains(&title) && rows && hand && s.contains(w.your_turn)
}

/// Waits until the screen shows the model's deal, and returns the screen.
fn wait_shows(tmux: &Tmux, model: &Table) -> String {
    let start = Instant::now();
    loop {
        let s = tmux.screen();
        if shows(&s, model) {
            return s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the screen never showed deal {} of the model (totals {:?}):\n{s}",
            model.deal_no,
            model.totals
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn quit_mid_evening_and_resume() {
    let dir = std::env::temp_dir().join(format!("tarok-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let records = dir.join("records");
    let bin = assert_cmd::cargo::cargo_bin("tarok");
    let (bin, rec) = (bin.display(), records.display());
    // After the first run, `read` waits for Enter before the evening is resumed.
    let cmd = format!(
        "{bin} play --preset {PRESET} --seed 3 --level L0 --records {rec}; read x; \
         {bin} play --resume --records {rec}; echo exited with $?; sleep 5"
    );
    let tmux = Tmux::start("resume", &cmd);
    let names = ["You", "Anna", "Bent"].map(String::from).to_vec();
    let mut model = Table::new(PRESET, names, 3, Level::L0, &dir.join("model")).unwrap();
    let w = historic::words::words(Lang::En);
    tmux.wait_for(w.your_turn);
    // Deal 1 to its end, so that the totals are not all zero; then deal 2 a few actions in.
    let mut turn = 0;
    while !model.deal.is_over() {
        act(&tmux, &mut model, turn);
        turn += 1;
    }
    tmux.wait_for(&format!("{} — {} #1", w.settlement, w.deal));
    tmux.keys(&["Enter"]);
    model.next_deal().unwrap();
    for _ in 0..3 {
        act(&tmux, &mut model, turn);
        turn += 1;
    }
    assert!(!model.deal.is_over());
    let before = wait_shows(&tmux, &model);
    assert!(model.totals.iter().any(|&t| t != 0), "{:?}", model.totals);

    // Quit: the evening is kept beside the records folder, as the model has it.
    tmux.keys(&["q"]);
    tmux.wait_for(w.quit_confirm.split(' ').next().unwrap());
    tmux.keys(&["y"]);
    tmux.wait_for("`tarok play --resume --records ");
    let kept = tarok_tui::keep::read(&records).unwrap();
    assert_eq!(kept, model.kept().unwrap());

    // Resume: the same screen, deal 2 with the same hand and totals.
    tmux.keys(&["Enter"]);
    let after = wait_shows(&tmux, &model);
    assert_eq!(after, before);

    // The model resumes from the same kept evening, and both play deal 2 to its end.
    let every = HistoricEvening::new(PRESET).unwrap();
    let mut model = Table::resume(every, &kept, &dir.join("model")).unwrap();
    assert_eq!(model.deal_no, 2);
    while !model.deal.is_over() {
        act(&tmux, &mut model, turn);
        turn += 1;
    }
    let s = tmux.wait_for(&format!("{} — {} #2", w.settlement, w.deal));
    let standings = tarok_tui::standings::table(&model, Lang::En);
    let totals = standings.lines().last().unwrap().trim();
    assert!(s.contains(totals), "{totals:?} not on screen:\n{s}");
    // Both deals' records are in the folder once (beside deal 2's unfinished one, saved on
    // quitting), and the evening is kept with both.
    let mut saved: Vec<String> = std::fs::read_dir(&records)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    saved.sort();
    assert_eq!(saved.len(), 3, "{saved:?}");
    assert!(saved[1].ends_with("-unfinished.txt"), "{saved:?}");
    let kept = tarok_tui::keep::read(&records).unwrap();
    assert_eq!(kept.deals.len(), 2);
    assert!(kept.deals.iter().all(|d| d.result.is_some()));
    tmux.keys(&["q"]);
    tmux.wait_for(w.quit_confirm.split(' ').next().unwrap());
    tmux.keys(&["y"]);
    let s = tmux.wait_for("exited with 0");
    assert!(s.contains(totals), "{totals:?} not printed:\n{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--level L0` seats level-0 computer players at a Danish table (whose default is L1): the
/// kept evening says so, and `--resume` keeps the level.
#[test]
fn the_level_is_kept_and_resumed() {
    let dir = std::env::temp_dir().join(format!("tarok-level-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = assert_cmd::cargo::cargo_bin("tarok");
    let (bin, rec) = (bin.display(), dir.display());
    let cmd = format!(
        "{bin} play --seed 5 --level L0 --records {rec}; read x; \
         {bin} play --resume --records {rec}; echo exited with $?; sleep 5"
    );
    let tmux = Tmux::start("level", &cmd);
    tmux.wait_for("Your hand");
    let kept = tarok_tui::keep::read(&dir).unwrap();
    assert_eq!((kept.level.as_str(), kept.seed), ("L0", 5));
    tmux.keys(&["q"]);
    tmux.wait_for("Quit the session?");
    tmux.keys(&["y"]);
    tmux.wait_for("`tarok play --resume --records ");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Your hand");
    tmux.keys(&["C-c"]);
    tmux.wait_for("exited with 0");
    assert_eq!(tarok_tui::keep::read(&dir).unwrap().level, "L0");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(tarok_tui::keep::path(&dir));
}
