//! tarok-tui: play an evening of any preset (Danish Tarok, Königrufen, the games of 1829)
//! against computer players in a terminal.
//!
//! Every preset is played at one [`table::Table`] over the registry's `AnyDeal`, with no
//! terminal code, so tests drive exactly what the player sees: the seating deal by deal, the
//! computer players, forced actions, the log, the balances and the records. What a family's
//! evening adds (the Königrufen score sheet, the Danish ledger) is the table's
//! [`table::Evening`], in [`evening`]. Per family there is presentation only: the table with
//! its words ([`game`] for Danish, [`koenig`]'s `KGame`), a screen that draws it (Danish:
//! [`ui`]; [`koenig::draw`]; [`historic::draw`]) and its keys (Danish: [`input`];
//! [`koenig::handle`]; [`historic::handle`]). [`widgets`] holds what the screens draw alike;
//! [`app`] runs the one keyboard loop.

pub mod app;
pub mod cursor;
pub mod evening;
pub mod game;
pub mod historic;
pub mod hold;
pub mod input;
pub mod keep;
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
