//! The messages between the server and a browser, as JSON over the table's WebSocket.
//!
//! The server sends each connection [`ServerMsg::State`] whenever the table changes: what its
//! seat may know and nothing else ([`tarok_core::Game::view`] of its seat, its legal actions
//! when it is to act; a spectator the public view), the names, whose turn, the totals, and once the deal is over its
//! settlement and the hands as dealt. An action that the rules refuse is answered with
//! [`ServerMsg::Refused`], to that connection only, and changes nothing.
//!
//! A client sends [`ClientMsg`]: an action in the family's text notation, a request for a hint,
//! the next deal once this one is over, leaving the table or taking the seat back.

use serde::{Deserialize, Serialize};
use tarok_core::Citation;
use tarok_core::Refusal as _;
use tarok_games::AnyError;
use tarok_games::{AnyView, FamilyId};
use tarok_words::view::ViewWords;
use tarok_words::Lang;

/// A message from a browser.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// Take an action, written as the family's notation writes it (`HK`, `bid:dreier`,
    /// `skat:S5,S9,K2`, `call HK`): one of the `legal` texts of the last state.
    Act { action: String },
    /// Ask what the computer would do here, and why.
    Hint,
    /// Start the next deal (once this one is over).
    Next,
    /// Leave the table: a computer player plays the seat from now on.
    Leave,
    /// Take the seat back after leaving (the seat's token proves it is yours).
    Back,
}

/// A message to a browser.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The table as this connection's seat may see it.
    State(Box<State>),
    /// An action (or a request) was refused; nothing changed.
    Refused(Refused),
    /// What the computer would do at this seat's decision, and why.
    Hint { action: String, reason: String },
}

/// A refusal: the reason in words and, where a rule of the game refuses, the rule's citation
/// (`tarok_core::Refusal::citation`) and its parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refused {
    pub reason: String,
    /// Where the rule is written, e.g. `"DTF 2011 §7"`; empty where no rule of the game refuses
    /// (not this seat's turn, an action that cannot be read).
    pub citation: String,
    pub rules: Vec<Citation>,
    /// The page of the rulebook that explains the rule (`/rules/danish#s9`); empty where no
    /// rule of the game refuses.
    pub guide: String,
}

impl Refused {
    /// A refusal that no rule of the game makes.
    pub fn plain(reason: impl Into<String>) -> Refused {
        Refused {
            reason: reason.into(),
            citation: String::new(),
            rules: Vec::new(),
            guide: String::new(),
        }
    }

    /// The refusal of a rule of the game, its reason in `lang`.
    pub fn rule(error: &AnyError, lang: Lang) -> Refused {
        Refused {
            reason: tarok_words::refusal(error, lang),
            citation: error.citation().to_string(),
            rules: error.rules(),
            guide: crate::rulebook::link(error.guide()).unwrap_or_default(),
        }
    }
}

/// Who sits in a seat, as everyone at the table sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatInfo {
    /// The person's name, the computer player's name, or empty for an open seat.
    pub name: String,
    /// `open`, `human`, `bot`, or `away` (a person who left; a computer player plays for them).
    pub kind: &'static str,
    /// The level of the computer player who plays the seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

/// One line of a deal's settlement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The payer: a seat's name, or the pool's name.
    pub from: String,
    /// The payee.
    pub to: String,
    pub amount: i32,
    /// Why, in the engine's words with the rule.
    pub reason: String,
}

/// The table as one connection may see it.
///
/// Seats are numbered around the table (`seats`, `to_act`, `totals`, `hands`); the `view`
/// numbers the seats of the deal, which `players` maps to the table (`players[d]` is the
/// table seat that plays the deal's seat `d`). A spectator (no seat) and a seat sitting the
/// deal out get the public view ([`tarok_core::Game::public_view`]: the tricks, the cards
/// played, the declarations, no hand) and no `legal`; a finished deal's hands as dealt come
/// with its settlement.
#[derive(Clone, Debug, Serialize)]
pub struct State {
    pub table: i64,
    pub preset: String,
    pub family: FamilyId,
    /// The deal's number at this table, from 1.
    pub deal: u32,
    /// The table seat of this connection; `None` for a spectator.
    pub seat: Option<u8>,
    pub seats: Vec<SeatInfo>,
    /// The table seat of each of the deal's seats.
    pub players: Vec<u8>,
    /// The table seats sitting this deal out (Danish Tarok at 4 and 5, Königrufen at 5 and 6):
    /// they get the public view.
    pub sitting_out: Vec<u8>,
    /// The table seat to act; `None` once the deal is over.
    pub to_act: Option<u8>,
    /// The number of actions taken in this deal.
    pub actions: usize,
    /// What this seat may know (its family's view, tagged with the family); the public view
    /// for a spectator or a seat sitting the deal out.
    pub view: Option<AnyView>,
    /// What the view says beside the cards (the phase, the calls, the honours), in words for
    /// people in the connection's language.
    pub view_words: ViewWords,
    /// This seat's legal actions, when it is to act, in the engines' notation (what the client
    /// sends back).
    pub legal: Vec<String>,
    /// The same actions in words for people, in the connection's language.
    pub legal_words: Vec<String>,
    /// Each table seat's net over the finished deals (this one included once it is over).
    pub totals: Vec<i64>,
    pub over: bool,
    /// The itemised settlement, once the deal is over.
    pub settlement: Vec<Line>,
    /// Each table seat's hand as dealt, once the deal is over (empty for a seat sitting out).
    pub hands: Vec<String>,
    /// A Danish deal's cups (kongekop, pagatkop); `None` in the other families.
    pub cups: Option<Cups>,
    /// Where the Partie stands in the partners' game and en deux of 1829, in words: the
    /// Partie in progress, or how the one this deal ended stood at its end; `None` in the
    /// other games.
    pub partie: Option<String>,
}

/// The two cups of a Danish deal: kongekop and pagatkop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cups {
    /// What they held before the deal (carried over from the deal before at this table).
    pub before: [i32; 2],
    /// Whether the dealer paid the ante (not after a redeal).
    pub ante: bool,
    /// What they hold after the deal's settlement, once it is over.
    pub after: Option<[i32; 2]>,
}
