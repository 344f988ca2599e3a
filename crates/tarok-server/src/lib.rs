//! `tarok serve`: play any preset of tarok in the browser. The server holds each table's deal
//! and tells each browser only what its seat may know ([`tarok_core::Game::view`]); the page
//! is built into the binary; tables and every action are kept in SQLite as they happen, so a
//! restarted server resumes every table.
//!
//! - [`store`]: the SQLite file.
//! - [`table`]: one table, its seats and its deal.
//! - [`seating`]: who plays each deal, who sits out, by the family's rotation.
//! - [`protocol`]: the JSON messages of the WebSocket.
//! - [`replay`]: a finished deal step by step, with all hands.
//! - [`ledger`]: the evening deal by deal (balances, totals, cups), as JSON and CSV.
//! - [`sheets`]: the Danish ledger and the score sheets of an evening at a real table, over
//!   `tarok_ledger`'s store, in a file beside the server's.
//! - [`server`]: the routes, the connections and the computer players' driver.

pub mod ledger;
pub mod protocol;
pub mod replay;
pub mod rulebook;
pub mod seating;
pub mod server;
pub mod sheets;
pub mod store;
pub mod table;

pub use server::{start, Config, Running};
