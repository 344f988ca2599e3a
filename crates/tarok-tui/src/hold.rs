//! A finished trick held on screen: after the human's card, the trick it finished stays shown
//! until a key is pressed or [`HOLD`] passes, so that the computer players' answers are seen
//! before the next trick's cards take their place. The keyboard loop releases it.

use std::time::{Duration, Instant};

/// How long a finished trick stays on screen unless a key is pressed.
pub const HOLD: Duration = Duration::from_millis(1500);

/// Whether a finished trick is held on screen, and until when.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hold(Option<Instant>);

impl Hold {
    /// Holds the finished trick from now for [`HOLD`].
    pub fn start(&mut self) {
        self.0 = Some(Instant::now() + HOLD);
    }

    /// Whether the trick is held (until the loop releases it).
    pub fn on(&self) -> bool {
        self.0.is_some()
    }

    /// When the hold ends unless a key ends it first.
    pub fn deadline(&self) -> Option<Instant> {
        self.0
    }

    /// Ends the hold: a key was pressed, or the moment passed.
    pub fn release(&mut self) {
        self.0 = None;
    }

    /// Holds the trick if the human's action finished tricks (`before` and `after` count the
    /// finished tricks) and the deal goes on.
    pub fn after_action(&mut self, before: usize, after: usize, over: bool) {
        if after > before && !over {
            self.start();
        }
    }
}

/// The pause between two actions of a deal watched.
pub const WATCH_STEP: Duration = Duration::from_millis(700);

/// A deal the human sat out, watched again action by action: the computer players' play is
/// shown as it went, one action each [`WATCH_STEP`]; any key ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watch {
    /// How many of the deal's actions are shown.
    pub step: usize,
    /// When the next action is shown.
    pub next: Instant,
}

impl Watch {
    /// Watching from the deal's start.
    pub fn start() -> Watch {
        Watch {
            step: 0,
            next: Instant::now() + WATCH_STEP,
        }
    }

    /// Shows one action more of `total`; false once every action has been shown.
    pub fn advance(&mut self, total: usize) -> bool {
        self.step = (self.step + 1).min(total);
        self.next = Instant::now() + WATCH_STEP;
        self.step < total
    }
}
