//! tarok-historic: the four Danish Tarok games of *Nyeste danske Spillebog* (1829), as
//! described for players in `docs/rules/1829.md` from the book (002).
//!
//! | preset | game |
//! |---|---|
//! | `dk-1829-three` | Taroc for three players (Game A, 002 L71-226) |
//! | `dk-1829-partners` | four players, two against two, Partie scoring (Game B, 002 L228-262) |
//! | `dk-1829-quadrille` | the quadrille-like four-player game (appendix B′, 002 L263-287): a **reconstruction** |
//! | `dk-1829-en-deux` | Taroc en deux, 25 dead cards, Partie to 100 (Game C, 002 L288-316) |
//!
//! The 1829 words are kept: *Scus* (the excuse, fool), *Pagat* (trump I), *Mongue* (trump
//! XXI), *Matadors* (XXI, I, Scus and the run below XXI), *Cavallerie* (K, D, C, V of a
//! suit), *Scat* (the dealer's discard), *Partie* (a set of deals settled together), *Reale*
//! (a Partie paid double for a surplus of 36), *Volata* (a deal in which one side makes no
//! point), *Mediateur* (a solo after being given cards).

pub mod action;
pub mod count;
pub mod deal;
pub mod en_deux;
pub mod error;
pub mod evening;
pub mod family;
mod game;
pub mod game_record;
pub mod game_report;
pub mod honours;
pub mod partie;
pub mod penalties;
pub mod play;
pub mod playout;
pub mod position;
pub mod quadrille;
pub mod record;
pub mod ruleset;
pub mod session;
pub mod settlement;
pub mod table;
pub mod view;

pub use action::{Action, ActionList};
pub use deal::{Contract, Deal, Phase};
pub use error::RuleError;
pub use family::FAMILY;
pub use honours::HonourKind;
pub use ruleset::{Game, Ruleset};
pub use settlement::Reason;
