//! Actions: every decision a player makes in a deal of 1829, with a text notation used by
//! records (`discard S5`, `declare matadors`, `done`, `ask`, `call HK`, `play T21`).

use crate::honours::HonourKind;
use std::fmt;
use std::str::FromStr;
use tarok_core::Card;

/// One decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The dealer lays one card in the Scat (*lægger Scat*, 002 L138).
    Discard(Card),
    /// Declare one honour (002 L157-159).
    Declare(HonourKind),
    /// End one's declarations; or, for the Mediateur, end his requests.
    Done,
    /// Quadrille: pass (002 L268).
    Pass,
    /// Quadrille: *spørge*, ask leave to call a King and play with its holder (002 L268-270).
    Ask,
    /// Quadrille: play *Mediateur*, alone after being given one or two cards (002 L270-271).
    Mediateur,
    /// Quadrille: the asker calls this King (a Queen if he holds all four Kings, and so on down the court, QJC-5).
    Call(Card),
    /// Quadrille: the Mediateur asks for this card (002 L282: any card except the Scus).
    Request(Card),
    /// Quadrille: the Mediateur gives this card back to the player who gave him one.
    GiveBack(Card),
    /// Play a card to the trick.
    Play(Card),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Discard(c) => write!(f, "discard {c}"),
            Action::Declare(h) => write!(f, "declare {h}"),
            Action::Done => f.write_str("done"),
            Action::Pass => f.write_str("pass"),
            Action::Ask => f.write_str("ask"),
            Action::Mediateur => f.write_str("mediateur"),
            Action::Call(c) => write!(f, "call {c}"),
            Action::Request(c) => write!(f, "request {c}"),
            Action::GiveBack(c) => write!(f, "return {c}"),
            Action::Play(c) => write!(f, "play {c}"),
        }
    }
}

/// Why an action could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read action {0:?}: write e.g. 'discard S5', 'declare matadors', 'declare cavallerie-H', 'done', 'pass', 'ask', 'mediateur', 'call HK', 'request T21', 'return S4', 'play T21' (or just a card to play it)")]
pub struct ParseActionError(pub String);

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let err = || ParseActionError(text.to_string());
        let t = text.trim();
        let (verb, rest) = match t.split_once(char::is_whitespace) {
            Some((v, r)) => (v, r.trim()),
            None => (t, ""),
        };
        let card = || rest.parse::<Card>().map_err(|_| err());
        Ok(match verb.to_lowercase().as_str() {
            "discard" => Action::Discard(card()?),
            "declare" => Action::Declare(HonourKind::parse(rest).ok_or_else(err)?),
            "done" if rest.is_empty() => Action::Done,
            "pass" if rest.is_empty() => Action::Pass,
            "ask" if rest.is_empty() => Action::Ask,
            "mediateur" if rest.is_empty() => Action::Mediateur,
            "call" => Action::Call(card()?),
            "request" => Action::Request(card()?),
            "return" => Action::GiveBack(card()?),
            "play" => Action::Play(card()?),
            _ if rest.is_empty() => Action::Play(t.parse().map_err(|_| err())?),
            _ => return Err(err()),
        })
    }
}

tarok_core::serde_as_text!(Action);

/// A fixed-capacity list of actions, so that enumerating legal actions never allocates.
pub type ActionList = tarok_core::ArrayList<Action, 80>;
