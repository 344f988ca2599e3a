//! Every decision a player makes in a Danish deal, with its text notation.

use std::fmt;
use std::str::FromStr;
use tarok_core::{Card, CardSet, Suit};

/// What a skus lead stands for: a suit or trumps ("tarok"). Naming it is the *dåb*.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Named {
    Suit(Suit),
    Trump,
}

impl Named {
    pub const ALL: [Named; 5] = [
        Named::Suit(Suit::Spar),
        Named::Suit(Suit::Hjerter),
        Named::Suit(Suit::Ruder),
        Named::Suit(Suit::Kloer),
        Named::Trump,
    ];

    /// What leading this card asks the others to follow.
    pub fn of_card(card: Card) -> Named {
        match card.suit() {
            Some(s) => Named::Suit(s),
            None => Named::Trump,
        }
    }

    /// The cards that follow this name (numbered trumps for "tarok"; never the skus).
    pub fn cards(self) -> CardSet {
        match self {
            Named::Suit(s) => CardSet::suit(s),
            Named::Trump => CardSet::TRUMPS,
        }
    }

    pub fn danish(self) -> &'static str {
        match self {
            Named::Suit(s) => s.danish(),
            Named::Trump => "tarok",
        }
    }

    fn parse(s: &str) -> Option<Named> {
        match s.to_lowercase().as_str() {
            "t" | "tarok" | "trump" => Some(Named::Trump),
            other => Suit::parse(other).map(Named::Suit),
        }
    }
}

impl FromStr for Named {
    type Err = ParseActionError;
    fn from_str(text: &str) -> Result<Named, ParseActionError> {
        Named::parse(text).ok_or_else(|| ParseActionError {
            text: text.to_string(),
            why: "not a suit (S, H, R, K) or T".into(),
        })
    }
}

tarok_core::serde_as_text!(Named);

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Named::Suit(s) => write!(f, "{s}"),
            Named::Trump => f.write_str("T"),
        }
    }
}

/// One decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Demand a redeal: the hand holds no numbered trump (000 L426-428). Notation `redeal`.
    Redeal,
    /// Keep the hand when asked about a redeal: a trumpless hand's other choice, and the only
    /// answer of a hand with numbered trumps. Notation `keep`.
    Keep,
    /// The dealer lays these 3 cards as the skat. Notation `skat:S1,S2,H10`.
    Discard(CardSet),
    /// Play a card; also the skus when following. Notation: the card, e.g. `HK`, `T21`, `X`.
    Play(Card),
    /// Lead the skus, naming what it stands for (dåb). Notation `X=S`, `X=H`, `X=R`, `X=K`, `X=T`.
    LeadSkus(Named),
    /// Use the renaming right (dåbsret) on a skus lead nobody can follow. Notation `rename:H`.
    Rename(Named),
    /// Demand the skus in trick 23 (forlange scies). Notation `demand`.
    Demand,
    /// Decline to demand the skus. Notation `pass`.
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Redeal => f.write_str("redeal"),
            Action::Keep => f.write_str("keep"),
            Action::Discard(set) => {
                let cards: Vec<String> = set.iter().map(|c| c.to_string()).collect();
                write!(f, "skat:{}", cards.join(","))
            }
            Action::Play(c) => write!(f, "{c}"),
            Action::LeadSkus(n) => write!(f, "X={n}"),
            Action::Rename(n) => write!(f, "rename:{n}"),
            Action::Demand => f.write_str("demand"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

tarok_core::serde_as_text!(Action);

/// Why an action could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read action {text:?}: {why}. Actions are: redeal, keep, skat:C1,C2,C3, a card (HK, T21, X), X=S|H|R|K|T, rename:S|H|R|K, demand, pass")]
pub struct ParseActionError {
    pub text: String,
    pub why: String,
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let err = |why: String| ParseActionError {
            text: text.to_string(),
            why,
        };
        let t = text.trim();
        let lower = t.to_lowercase();
        match lower.as_str() {
            "redeal" | "omgivning" => return Ok(Action::Redeal),
            "keep" | "behold" => return Ok(Action::Keep),
            "demand" | "forlang" => return Ok(Action::Demand),
            "pass" | "pas" => return Ok(Action::Pass),
            _ => {}
        }
        if let Some(rest) = lower.strip_prefix("skat:") {
            let set = CardSet::parse(rest).map_err(|e| err(e.to_string()))?;
            return Ok(Action::Discard(set));
        }
        if let Some(rest) = lower
            .strip_prefix("rename:")
            .or_else(|| lower.strip_prefix("dåb:"))
        {
            return Named::parse(rest)
                .map(Action::Rename)
                .ok_or_else(|| err(format!("{rest:?} is no suit")));
        }
        if let Some((card, name)) = t.split_once('=') {
            let card: Card = card
                .parse()
                .map_err(|e: tarok_core::ParseCardError| err(e.to_string()))?;
            if !card.is_skus() {
                return Err(err("only the skus is named when led".into()));
            }
            return Named::parse(name)
                .map(Action::LeadSkus)
                .ok_or_else(|| err(format!("{name:?} is no suit or T")));
        }
        t.parse::<Card>()
            .map(Action::Play)
            .map_err(|e| err(e.why.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let actions = [
            Action::Redeal,
            Action::Keep,
            Action::Discard(CardSet::parse("S1 S2 H10").unwrap()),
            Action::Play(Card::SKUS),
            Action::Play(Card::T21),
            Action::LeadSkus(Named::Trump),
            Action::LeadSkus(Named::Suit(Suit::Ruder)),
            Action::Rename(Named::Suit(Suit::Hjerter)),
            Action::Demand,
            Action::Pass,
        ];
        for a in actions {
            assert_eq!(a.to_string().parse::<Action>().unwrap(), a, "{a}");
        }
    }

    /// A named skus is said in the players' words (error messages and bots' reasons use them).
    #[test]
    fn names_are_said_in_danish() {
        let said: Vec<&str> = Named::ALL.iter().map(|n| n.danish()).collect();
        assert_eq!(said, ["spar", "hjerter", "ruder", "klør", "tarok"]);
    }

    #[test]
    fn bad_actions_are_refused() {
        assert!("HK=S".parse::<Action>().is_err());
        assert!("X=Z".parse::<Action>().is_err());
        assert!("skat:S1,Q9".parse::<Action>().is_err());
        assert!("jump".parse::<Action>().is_err());
    }
}
