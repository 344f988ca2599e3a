//! tarok-tui: play an evening of any preset (Danish Tarok, Königrufen, the games of 1829)
//! against computer players in a terminal.
//!
//! Each family has a model with no terminal code, so tests drive exactly what the player sees
//! (Danish: [`game`]; Königrufen: [`koenig`]'s `KGame`; any preset over the `Game` trait:
//! [`table`]), a screen that draws it (Danish: [`ui`]; [`koenig::draw`]; [`historic::draw`])
//! and its keys (Danish: [`input`]; [`koenig::handle`]; [`historic::handle`]). [`widgets`]
//! holds what the screens draw alike; [`app`] runs the one keyboard loop.

pub mod app;
pub mod cursor;
pub mod game;
pub mod historic;
pub mod input;
pub mod koenig;
pub mod lang;
pub mod refusal;
pub mod standings;
pub mod table;
#[cfg(test)]
mod testing;
pub mod ui;
pub mod widgets;

pub use app::{run, PlayConfig};
