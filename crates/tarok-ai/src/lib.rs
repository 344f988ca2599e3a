//! tarok-ai: computer opponents and the match runner.
//!
//! A bot receives, for every decision, only its seat's view and the legal actions
//! ([`Bot::decide`]); it never holds the deal, so it cannot peek at hidden cards.

pub mod any;
pub mod bot;
pub mod danish;
pub mod danish_l2;
pub mod historic;
pub mod historic_l2;
pub mod koenigrufen;
pub mod koenigrufen_bids;
pub mod koenigrufen_l2;
pub mod layouts;
pub mod level2;
pub mod runner;
pub mod search;
pub mod transposition;

pub use bot::{Bot, Decision, Level, RandomBot};
pub use runner::{run_match, MatchConfig, MatchResult};
