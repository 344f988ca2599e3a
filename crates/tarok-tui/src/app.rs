//! `tarok play`: finds the preset's family in the registry, sets its table and screen up, and
//! runs one keyboard loop for all of them.

use crate::game::Game;
use crate::lang::{Lang, ScreenTexts as _};
use crate::ui::Screen;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::Frame;
use std::io::IsTerminal;
use std::path::PathBuf;
use tarok_core::Game as _;
use tarok_games::{AnyDeal, FamilyId};

/// How `tarok play` starts.
pub struct PlayConfig {
    /// Any preset of `tarok presets`.
    pub preset: String,
    /// The human first, then the computer players; `None`: "You" (or "Du") and Anna, Bent,
    /// Dorte as the game needs.
    pub names: Option<Vec<String>>,
    pub seed: u64,
    /// `None`: the family's own default, German for Königrufen, else English.
    pub lang: Option<Lang>,
    /// Folder for the records of finished deals.
    pub records: PathBuf,
}

impl PlayConfig {
    /// The screen's language: as asked, else the family's default.
    pub fn lang_for(&self, family: FamilyId) -> Lang {
        self.lang.unwrap_or(match family {
            FamilyId::Koenigrufen => Lang::De,
            _ => Lang::En,
        })
    }

    /// The names at the table: as given, else the human and as many computer players as
    /// the preset seats.
    pub fn names_for(&self, seats: usize) -> Vec<String> {
        if let Some(n) = &self.names {
            return n.clone();
        }
        // As before the screens spoke several languages: "You" unless --lang asks otherwise.
        let you = match self.lang.unwrap_or(Lang::En) {
            Lang::En => "You",
            _ => "Du",
        };
        [you, "Anna", "Bent", "Dorte"][..seats.min(4)]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }
}

/// Plays a session in the terminal until the player quits.
pub fn run(config: PlayConfig) -> Result<(), String> {
    let probe = AnyDeal::from_seed(&config.preset, config.seed)?;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err("tarok play needs an interactive terminal; for scripts use `tarok random-game` or `tarok match`".into());
    }
    let lang = config.lang_for(probe.family());
    let names = config.names_for(probe.seats() as usize);
    match probe.family() {
        FamilyId::Danish => run_danish(&config, names, lang),
        FamilyId::Koenigrufen => run_koenigrufen(&config, names, lang),
        FamilyId::Historic => run_historic(&config, names, lang),
    }
}

/// The terminal's loop: draws `state`, hands each key press to `key` until it returns false
/// or Ctrl-C is pressed, and gives the terminal back.
fn event_loop<S>(
    state: &mut S,
    draw: impl Fn(&mut Frame, &S),
    mut key: impl FnMut(&mut S, KeyCode) -> bool,
) -> Result<(), String> {
    let mut terminal = ratatui::init();
    let result = (|| -> Result<(), String> {
        loop {
            terminal
                .draw(|f| draw(f, state))
                .map_err(|e| e.to_string())?;
            let Event::Key(k) = event::read().map_err(|e| e.to_string())? else {
                continue;
            };
            if k.kind == KeyEventKind::Press && (is_ctrl_c(k) || !key(state, k.code)) {
                return Ok(());
            }
        }
    })();
    ratatui::restore();
    result
}

/// Prints what stays in the terminal once the screen is gone, and saves a deal left
/// unfinished as a record that replays to where it stopped.
fn farewell(
    standings: String,
    saved: Result<Option<PathBuf>, String>,
    lang: Lang,
) -> Result<(), String> {
    println!("{standings}");
    if let Ok(Some(path)) = &saved {
        println!("{} {}", lang.texts().unfinished_saved, path.display());
    }
    saved.map(|_| ())
}

fn run_danish(config: &PlayConfig, names: Vec<String>, lang: Lang) -> Result<(), String> {
    let preset = tarok_danish::Preset::parse(&config.preset).ok_or("not a Danish preset")?;
    let game = Game::new(preset, names, config.seed, &config.records)?;
    let texts = lang.texts();
    let mut state = (game, Screen::default());
    crate::input::reset_cursor(&state.0, &mut state.1);
    let result = event_loop(
        &mut state,
        |f, (g, s)| crate::ui::draw(f, g, s, &texts),
        |(g, s), k| crate::input::handle(g, s, k, lang),
    );
    let game = &state.0;
    let standings = crate::standings::danish(game, &texts);
    result.and(farewell(standings, game.save_unfinished(), lang))
}

fn run_koenigrufen(config: &PlayConfig, names: Vec<String>, lang: Lang) -> Result<(), String> {
    use crate::koenig::{draw, handle, KGame, KScreen};
    let game = KGame::with_lang(names, config.seed, &config.records, lang)?;
    let mut state = (game, KScreen::default());
    crate::koenig::reset_cursor(&state.0, &mut state.1);
    let result = event_loop(
        &mut state,
        |f, (g, s)| draw(f, g, s),
        |(g, s), k| handle(g, s, k),
    );
    let game = &state.0;
    let standings = crate::standings::koenigrufen(game);
    result.and(farewell(standings, game.save_unfinished(), lang))
}

fn run_historic(config: &PlayConfig, names: Vec<String>, lang: Lang) -> Result<(), String> {
    use crate::historic::{draw, handle, reset_cursor, HScreen};
    let level = tarok_ai::Level::L0;
    let table =
        crate::table::Table::new(&config.preset, names, config.seed, level, &config.records)?;
    let mut state = (table, HScreen::default());
    reset_cursor(&state.0, &mut state.1);
    let result = event_loop(
        &mut state,
        |f, (t, s)| draw(f, t, s, lang),
        |(t, s), k| handle(t, s, k, lang),
    );
    let table = &state.0;
    let standings = crate::standings::table(table, lang);
    result.and(farewell(standings, table.save_unfinished(), lang))
}

/// Ctrl-C quits at once, as in any terminal program (the raw mode the screen needs turns it
/// into a key rather than a signal).
fn is_ctrl_c(key: KeyEvent) -> bool {
    key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(lang: Option<Lang>) -> PlayConfig {
        PlayConfig {
            preset: "dk-1829-partners".into(),
            names: None,
            seed: 1,
            lang,
            records: PathBuf::from("unused"),
        }
    }

    /// Without --lang the Königrufen screen is German and the others English, and the human is
    /// "You" as before; --lang rules every family, and names the human in its language.
    #[test]
    fn the_defaults_of_language_and_names() {
        let plain = config(None);
        assert_eq!(plain.lang_for(FamilyId::Koenigrufen), Lang::De);
        assert_eq!(plain.lang_for(FamilyId::Danish), Lang::En);
        assert_eq!(plain.lang_for(FamilyId::Historic), Lang::En);
        assert_eq!(plain.names_for(4), ["You", "Anna", "Bent", "Dorte"]);
        assert_eq!(plain.names_for(2), ["You", "Anna"]);
        let da = config(Some(Lang::Da));
        for f in [FamilyId::Koenigrufen, FamilyId::Danish, FamilyId::Historic] {
            assert_eq!(da.lang_for(f), Lang::Da);
        }
        assert_eq!(da.names_for(3), ["Du", "Anna", "Bent"]);
        let given = PlayConfig {
            names: Some(vec!["Ib".into(), "Jo".into()]),
            ..config(None)
        };
        assert_eq!(given.names_for(4), ["Ib", "Jo"]);
    }
}
