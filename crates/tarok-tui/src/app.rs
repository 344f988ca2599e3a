//! `tarok play`: finds the preset's family in the registry, sets its table and screen up, and
//! runs one keyboard loop for all of them.

use crate::game::Game;
use crate::keep::{Keeping, Kept};
use crate::lang::{Lang, ScreenTexts as _};
use crate::ui::Screen;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::Frame;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;
use tarok_ai::Level;
use tarok_core::Game as _;
use tarok_games::{AnyDeal, FamilyId};

/// How `tarok play` starts.
pub struct PlayConfig {
    /// Any preset of `tarok presets`.
    pub preset: String,
    /// The human first, then the computer players; `None`: "You" (or "Du" on a Danish or
    /// German screen) and Anna, Bent, Dorte as the game needs.
    pub names: Option<Vec<String>>,
    pub seed: u64,
    /// `None`: the family's own default, German for Königrufen, else English.
    pub lang: Option<Lang>,
    /// Folder for the records of finished deals; the evening is kept beside it as it goes.
    pub records: PathBuf,
    /// The computer players' level; `None`: the strongest the preset has.
    pub level: Option<Level>,
    /// Continue the evening kept for the records folder instead of starting a new one (which
    /// replaces it there).
    pub resume: bool,
}

impl PlayConfig {
    /// The screen's language: as asked, else the family's default.
    pub fn lang_for(&self, family: FamilyId) -> Lang {
        self.lang.unwrap_or(match family {
            FamilyId::Koenigrufen => Lang::De,
            _ => Lang::En,
        })
    }

    /// The computer players' level: as asked, else the strongest the family has.
    pub fn level_for(&self, family: FamilyId) -> Level {
        let strongest = *tarok_ai::any::levels(family)
            .last()
            .expect("every family has level 0");
        self.level.unwrap_or(strongest)
    }

    /// The same evening as kept: its preset, names, seed and level, and its language unless
    /// another is asked for.
    fn resumed(&self, kept: &Kept) -> Result<PlayConfig, String> {
        let lang = match (&self.lang, &kept.lang) {
            (Some(l), _) => Some(*l),
            (None, Some(l)) => Some(l.parse()?),
            (None, None) => None,
        };
        Ok(PlayConfig {
            preset: kept.preset.clone(),
            names: Some(kept.names.clone()),
            seed: kept.seed,
            lang,
            records: self.records.clone(),
            level: Some(kept.level.parse()?),
            resume: true,
        })
    }

    /// What the table keeps besides its own state.
    fn keeping(&self) -> Keeping {
        Keeping {
            lang: self.lang.map(|l| l.to_string()),
        }
    }

    /// The names at the table: as given, else the human, named in the screen's language
    /// `lang`, and as many computer players as the preset seats.
    pub fn names_for(&self, seats: usize, lang: Lang) -> Vec<String> {
        if let Some(n) = &self.names {
            return n.clone();
        }
        let you = match lang {
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
    let kept = if config.resume {
        Some(crate::keep::read(&config.records)?)
    } else {
        None
    };
    let config = match &kept {
        Some(k) => config.resumed(k)?,
        None => config,
    };
    let probe = AnyDeal::from_seed(&config.preset, config.seed)?;
    let level = config.level_for(probe.family());
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err("tarok play needs an interactive terminal; for scripts use `tarok random-game` or `tarok match`".into());
    }
    let lang = config.lang_for(probe.family());
    let names = config.names_for(probe.seats() as usize, lang);
    let start = Start {
        names,
        lang,
        level,
        kept: kept.as_ref(),
    };
    match probe.family() {
        FamilyId::Danish => run_danish(&config, start),
        FamilyId::Koenigrufen => run_koenigrufen(&config, start),
        FamilyId::Historic => run_historic(&config, start),
    }
}

/// How one family's evening starts: the names, the screen's language, the computer players'
/// level, and the kept evening to continue, if any.
struct Start<'a> {
    names: Vec<String>,
    lang: Lang,
    level: Level,
    kept: Option<&'a Kept>,
}

/// The terminal's loop: draws `state`, hands each key press to `key` until it returns false
/// or Ctrl-C is pressed, and gives the terminal back. When the moment `timer` names comes
/// before a key (a finished trick held on screen, a watched deal's next action), `on_time`
/// is called.
fn event_loop<S>(
    state: &mut S,
    draw: impl Fn(&mut Frame, &S),
    mut key: impl FnMut(&mut S, KeyCode) -> bool,
    timer: impl Fn(&S) -> Option<Instant>,
    mut on_time: impl FnMut(&mut S),
) -> Result<(), String> {
    let mut terminal = ratatui::init();
    let result = (|| -> Result<(), String> {
        loop {
            terminal
                .draw(|f| draw(f, state))
                .map_err(|e| e.to_string())?;
            if let Some(until) = timer(state) {
                let left = until.saturating_duration_since(Instant::now());
                if !event::poll(left).map_err(|e| e.to_string())? {
                    on_time(state);
                    continue;
                }
            }
            let Event::Key(k) = event::read().map_err(|e| e.to_string())? else {
                continue;
            };
            if k.kind != KeyEventKind::Press {
                continue;
            }
            if is_ctrl_c(k) || !key(state, k.code) {
                return Ok(());
            }
        }
    })();
    ratatui::restore();
    result
}

/// Prints what stays in the terminal once the screen is gone, and saves a deal left
/// unfinished as a record that replays to where it stopped.
fn farewell<E: crate::table::Evening>(
    standings: String,
    table: &crate::table::Table<E>,
    lang: Lang,
) -> Result<(), String> {
    println!("{standings}");
    let saved = table.save_unfinished();
    if let Ok(Some(path)) = &saved {
        println!("{} {}", lang.texts().unfinished_saved, path.display());
    }
    match &table.keep_error {
        None if table.keeping.is_some() => {
            let command = resume_command(table.records());
            println!(
                "{}",
                lang.texts().evening_kept.replace("{command}", &command)
            );
        }
        None => {}
        Some(e) => return Err(e.clone()),
    }
    saved.map(|_| ())
}

/// The command that resumes the evening kept for the records folder `dir`, with that folder
/// named, so that it works as printed whatever `--records` said.
fn resume_command(dir: &std::path::Path) -> String {
    let dir = dir.display().to_string();
    let quoted = if dir.contains(char::is_whitespace) {
        format!("'{dir}'")
    } else {
        dir
    };
    format!("tarok play --resume --records {quoted}")
}

fn run_danish(config: &PlayConfig, start: Start) -> Result<(), String> {
    let preset = tarok_danish::Preset::parse(&config.preset).ok_or("not a Danish preset")?;
    let Start {
        names, lang, level, ..
    } = start;
    let mut game = match start.kept {
        Some(k) => Game::resume(k, &config.records)?,
        None => Game::with_level(preset, names, config.seed, level, &config.records)?,
    };
    game.table.keep(config.keeping());
    let texts = lang.texts();
    let mut state = (game, Screen::default());
    crate::input::reset_cursor(&state.0, &mut state.1);
    let result = event_loop(
        &mut state,
        |f, (g, s)| crate::ui::draw(f, g, s, &texts),
        |(g, s), k| {
            s.hold.release();
            crate::input::handle(g, s, k, lang)
        },
        |(_, s)| s.hold.deadline().or(s.watch.map(|w| w.next)),
        |(g, s)| crate::input::on_time(g, s),
    );
    let game = &state.0;
    let standings = crate::standings::danish(game, &texts);
    result.and(farewell(standings, &game.table, lang))
}

fn run_koenigrufen(config: &PlayConfig, start: Start) -> Result<(), String> {
    use crate::koenig::{draw, handle, KGame, KScreen};
    let Start {
        names, lang, level, ..
    } = start;
    let mut game = match start.kept {
        Some(k) => KGame::resume(k, &config.records, lang)?,
        None => KGame::with_level(names, config.seed, level, &config.records, lang)?,
    };
    game.table.keep(config.keeping());
    let mut state = (game, KScreen::default());
    crate::koenig::reset_cursor(&state.0, &mut state.1);
    let result = event_loop(
        &mut state,
        |f, (g, s)| draw(f, g, s),
        |(g, s), k| {
            s.hold.release();
            handle(g, s, k)
        },
        |(_, s)| s.hold.deadline().or(s.watch.map(|w| w.next)),
        |(g, s)| crate::koenig::on_time(g, s),
    );
    let game = &state.0;
    let standings = crate::standings::koenigrufen(game);
    result.and(farewell(standings, &game.table, lang))
}

fn run_historic(config: &PlayConfig, start: Start) -> Result<(), String> {
    use crate::evening::HistoricEvening;
    use crate::historic::{draw, handle, reset_cursor, HScreen};
    use crate::table::Table;
    let Start {
        names, lang, level, ..
    } = start;
    let mut table = match start.kept {
        Some(k) => Table::resume(HistoricEvening::new(&k.preset)?, k, &config.records)?,
        None => Table::new(&config.preset, names, config.seed, level, &config.records)?,
    };
    table.keep(config.keeping());
    let mut state = (table, HScreen::default());
    reset_cursor(&state.0, &mut state.1);
    let result = event_loop(
        &mut state,
        |f, (t, s)| draw(f, t, s, lang),
        |(t, s), k| handle(t, s, k, lang),
        // The 1829 screen shows the last trick until the next action anyway.
        |_| None,
        |_| {},
    );
    let table = &state.0;
    let standings = crate::standings::table(table, lang);
    result.and(farewell(standings, table, lang))
}

/// Ctrl-C quits at once, as in any terminal program (the raw mode the screen needs turns it
/// into a key rather than a signal).
fn is_ctrl_c(key: KeyEvent) -> bool {
    key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command printed on leaving names the records folder, quoted where it has a space,
    /// so that it resumes the evening as printed (it said `tarok play --resume`, which looks
    /// in `tarok-records` whatever `--records` was).
    #[test]
    fn the_resume_command_names_the_records_folder() {
        let plain = resume_command(std::path::Path::new("club/records"));
        assert_eq!(plain, "tarok play --resume --records club/records");
        let spaced = resume_command(std::path::Path::new("my records"));
        assert_eq!(spaced, "tarok play --resume --records 'my records'");
    }

    fn config(lang: Option<Lang>) -> PlayConfig {
        PlayConfig {
            preset: "dk-1829-partners".into(),
            names: None,
            seed: 1,
            lang,
            records: PathBuf::from("unused"),
            level: None,
            resume: false,
        }
    }

    /// Without --lang the Königrufen screen is German and the others English; --lang rules
    /// every family. The human is named in the screen's language.
    #[test]
    fn the_defaults_of_language_and_names() {
        let plain = config(None);
        assert_eq!(plain.lang_for(FamilyId::Koenigrufen), Lang::De);
        assert_eq!(plain.lang_for(FamilyId::Danish), Lang::En);
        assert_eq!(plain.lang_for(FamilyId::Historic), Lang::En);
        let screen = |f| plain.lang_for(f);
        assert_eq!(
            plain.names_for(4, screen(FamilyId::Danish)),
            ["You", "Anna", "Bent", "Dorte"]
        );
        assert_eq!(
            plain.names_for(2, screen(FamilyId::Historic)),
            ["You", "Anna"]
        );
        assert_eq!(
            plain.names_for(4, screen(FamilyId::Koenigrufen)),
            ["Du", "Anna", "Bent", "Dorte"]
        );
        let da = config(Some(Lang::Da));
        for f in [FamilyId::Koenigrufen, FamilyId::Danish, FamilyId::Historic] {
            assert_eq!(da.lang_for(f), Lang::Da);
        }
        assert_eq!(da.names_for(3, Lang::Da), ["Du", "Anna", "Bent"]);
        let given = PlayConfig {
            names: Some(vec!["Ib".into(), "Jo".into()]),
            ..config(None)
        };
        assert_eq!(given.names_for(4, Lang::En), ["Ib", "Jo"]);
    }

    /// The computer players are the strongest the preset has unless another level is asked
    /// for.
    #[test]
    fn the_level_is_the_strongest_unless_asked() {
        let plain = config(None);
        for family in [FamilyId::Danish, FamilyId::Koenigrufen, FamilyId::Historic] {
            assert_eq!(plain.level_for(family), Level::L2);
        }
        let l0 = PlayConfig {
            level: Some(Level::L0),
            ..config(None)
        };
        assert_eq!(l0.level_for(FamilyId::Historic), Level::L0);
    }

    /// A resumed evening is the kept one: its preset, names, seed, level and language, unless
    /// --lang asks for another language.
    #[test]
    fn a_resumed_evening_is_the_kept_one() {
        let kept = Kept {
            kept: crate::keep::FORMAT,
            preset: "dk-1829-three".into(),
            seed: 9,
            names: vec!["Ib".into(), "Jo".into(), "Kim".into()],
            level: "L0".into(),
            lang: Some("da".into()),
            deals: Vec::new(),
        };
        let r = config(None).resumed(&kept).unwrap();
        assert_eq!((r.preset.as_str(), r.seed), ("dk-1829-three", 9));
        assert_eq!(r.names, Some(kept.names.clone()));
        assert_eq!((r.level, r.lang), (Some(Level::L0), Some(Lang::Da)));
        assert_eq!(r.keeping().lang.as_deref(), Some("da"));
        let de = config(Some(Lang::De)).resumed(&kept).unwrap();
        assert_eq!(de.lang, Some(Lang::De));
    }
}
