//! Announcements (Zusatzansagen, Prämien): the birds, König ultimo, Trull, Vier Könige and Valat,
//! their values and which contract allows which (Spieleversum §9).

use crate::cards::{KAKADU, PAGAT, UHU};
use crate::contract::Contract;
use serde::{Deserialize, Serialize};
use std::fmt;
use tarok_core::Card;

/// A premium that can be announced (angesagt) or made silently (heimlich).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Premium {
    /// Pagat (tarock I) wins the last trick [L228–L230].
    Pagat = 0,
    /// Uhu (tarock II) wins the 11th trick [L232–L234].
    Uhu = 1,
    /// Kakadu (tarock III) wins the 10th trick [L236–L238].
    Kakadu = 2,
    /// The called king falls in the last trick, won by its party [L240–L242].
    KoenigUltimo = 3,
    /// Sküs, Mond and Pagat in one party's tricks [L244–L246].
    Trull = 4,
    /// All four kings in one party's tricks [L248–L250].
    VierKoenige = 5,
    /// All 12 tricks [L252–L254].
    Valat = 6,
}

impl Premium {
    pub const ALL: [Premium; 7] = [
        Premium::Pagat,
        Premium::Uhu,
        Premium::Kakadu,
        Premium::KoenigUltimo,
        Premium::Trull,
        Premium::VierKoenige,
        Premium::Valat,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The bird card and the trick (0-based) it must win, for the three birds.
    pub const fn bird(self) -> Option<(Card, usize)> {
        match self {
            Premium::Pagat => Some((PAGAT, 11)),
            Premium::Uhu => Some((UHU, 10)),
            Premium::Kakadu => Some((KAKADU, 9)),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Premium::Pagat => "Pagat",
            Premium::Uhu => "Uhu",
            Premium::Kakadu => "Kakadu",
            Premium::KoenigUltimo => "König ultimo",
            Premium::Trull => "Trull",
            Premium::VierKoenige => "Vier Könige",
            Premium::Valat => "Valat",
        }
    }

    pub fn token(self) -> &'static str {
        match self {
            Premium::Pagat => "pagat",
            Premium::Uhu => "uhu",
            Premium::Kakadu => "kakadu",
            Premium::KoenigUltimo => "koenig-ultimo",
            Premium::Trull => "trull",
            Premium::VierKoenige => "vier-koenige",
            Premium::Valat => "valat",
        }
    }

    pub fn parse(s: &str) -> Option<Premium> {
        let t = s.trim().to_lowercase();
        Premium::ALL
            .iter()
            .copied()
            .find(|p| p.token() == t || p.name().to_lowercase() == t)
    }

    /// Allowed in this contract (§9.4). König ultimo needs a called king (A16); the colour games allow
    /// only Vier Könige and Valat \[L334\]; negative games none \[L264\].
    pub const fn allowed_in(self, c: Contract) -> bool {
        if c.is_negative() {
            return false;
        }
        if c.is_colour() {
            return matches!(self, Premium::VierKoenige | Premium::Valat);
        }
        match self {
            Premium::KoenigUltimo => c.calls_king(),
            _ => true,
        }
    }

    /// The silent (heimlich) value in `c`, if allowed (§9.2 table). Valat is 4 × the base value
    /// (Sechser: 4); the other premiums count double in solo games \[L222\].
    pub const fn silent_value(self, c: Contract) -> Option<i32> {
        if !self.allowed_in(c) {
            return None;
        }
        Some(self.table_value(c))
    }

    /// The silent value by the rules of §9.2, whether or not `c` allows the premium (used for the
    /// A16 alternative, König ultimo with an own king in Sechser and Dreier: 2 / 1).
    pub const fn table_value(self, c: Contract) -> i32 {
        let v = match self {
            Premium::Valat => return 4 * c.value(),
            Premium::Pagat => 1,
            Premium::Uhu => 2,
            Premium::Kakadu => 3,
            _ => 1,
        };
        if c.is_solo() {
            2 * v
        } else {
            v
        }
    }

    /// The announced value: double the silent one \[L222\].
    pub const fn announced_value(self, c: Contract) -> Option<i32> {
        match self.silent_value(c) {
            Some(v) => Some(2 * v),
            None => None,
        }
    }
}

impl fmt::Display for Premium {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
