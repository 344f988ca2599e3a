//! Danish Tarok: three active players, 78 cards, the skus, ultimo and bagud, the king cup and
//! the pagat cup. Presets `dk-dtf-2011` (default), `dk-hjoerring-2016` and `dk-moeller`.
//!
//! Glossary of the players' words kept in names:
//! * *skus* (scus, scies): the excuse `X`; never wins a trick, may replace any card.
//! * *pagat*: trump 1. *ultimo*: winning the last trick with the pagat or a king.
//! * *bagud*: losing the pagat or a king in the last trick.
//! * *skat*: the dealer's 3-card discard. *melding*: a declaration.
//! * *kongekop*, *pagatkop*: the king cup and the pagat cup (pools).
//! * *nolo*: taking no trick; *tout*: taking all 25. *tælling*: the count.
//! * *dåb*: naming a led skus; *dåbsret*: the right to rename it.

pub mod action;
pub mod deal;
pub mod declare;
pub mod error;
pub mod family;
mod game;
pub mod points;
pub mod position;
pub mod record;
pub mod ruleset;
pub mod settle;
pub mod skat;
pub mod view;

pub use action::{Action, Named};
pub use deal::{ActionList, Deal, DealOptions, Phase};
pub use error::RuleError;
pub use family::FAMILY;
pub use ruleset::{DemandWindow, Preset, Ruleset};
pub use settle::{settle, DealFacts, EndFacts, InPlay, Line, Reason, UltimoCard};
pub use view::View;
