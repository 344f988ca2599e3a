//! tarok-tui: play a session of Danish Tarok against computer opponents in a terminal.
//!
//! [`game`] is the model (session, deal, bots) with no terminal code, so tests can drive it;
//! [`ui`] draws it; [`app`] runs the keyboard loop.

pub mod app;
pub mod cursor;
pub mod game;
pub mod koenig;
pub mod lang;
pub mod payment;
pub mod reason;
pub mod refusal;
pub mod standings;
#[cfg(test)]
mod testing;
pub mod ui;

pub use app::{run, PlayConfig};
