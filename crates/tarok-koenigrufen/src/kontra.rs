//! Kontra, Re and Subkontra (Sonderansagen, Spieleversum §10): a doubling level per item and per
//! player of the side that kontras.
//!
//! Each item (the game of a declarer, or an announced premium) has a level for every seat of the
//! side *against* which the item was made: 0 = none (×1), 1 = Kontra (×2), 2 = Re (×4),
//! 3 = Subkontra (×8). In positive games Kontra and Re apply for all players \[L278\], \[L288\], a
//! Subkontra only for the player who says it \[L294\]. In negative games everything is per player.

use crate::announce::Premium;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Something that can be kontra'd: the game of a declarer (by seat) or an announced premium.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Item {
    Game(u8),
    Premium(Premium),
}

/// Number of item slots: four games (one per possible declarer) and seven premiums.
pub const SLOTS: usize = 11;

impl Item {
    pub const fn slot(self) -> usize {
        match self {
            Item::Game(s) => s as usize,
            Item::Premium(p) => 4 + p.index(),
        }
    }

    pub fn from_slot(slot: usize) -> Item {
        if slot < 4 {
            Item::Game(slot as u8)
        } else {
            Item::Premium(Premium::ALL[slot - 4])
        }
    }

    pub fn token(self) -> String {
        match self {
            Item::Game(s) => format!("game{s}"),
            Item::Premium(p) => p.token().to_string(),
        }
    }

    pub fn parse(s: &str) -> Option<Item> {
        if let Some(n) = s.strip_prefix("game") {
            let n: u8 = n.parse().ok()?;
            return (n < 4).then_some(Item::Game(n));
        }
        Premium::parse(s).map(Item::Premium)
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Game(s) => write!(f, "the game of P{s}"),
            Item::Premium(p) => write!(f, "{p}"),
        }
    }
}

/// The multiplier of a level: ×1, ×2 (Kontra), ×4 (Re), ×8 (Subkontra) \[L276\], \[L286\], \[L292\].
pub const fn factor(level: u8) -> i32 {
    1 << level
}

/// The words for a level.
pub const fn level_name(level: u8) -> &'static str {
    match level {
        0 => "",
        1 => "Kontra",
        2 => "Re",
        _ => "Subkontra",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_has_its_own_slot_and_token() {
        let items: Vec<Item> = (0..SLOTS).map(Item::from_slot).collect();
        for (slot, item) in items.iter().enumerate() {
            assert_eq!(item.slot(), slot);
            assert_eq!(Item::parse(&item.token()), Some(*item));
        }
        assert_eq!(items[3], Item::Game(3));
        assert_eq!(items[4], Item::Premium(Premium::ALL[0]));
        assert_eq!(Item::parse("game4"), None, "four declarers at most");
        assert_eq!(Item::Game(2).to_string(), "the game of P2");
        assert_eq!(Item::Premium(Premium::Trull).to_string(), "Trull");
    }

    #[test]
    fn each_level_has_its_name_and_factor() {
        let levels: Vec<(&str, i32)> = (0..4).map(|l| (level_name(l), factor(l))).collect();
        assert_eq!(
            levels,
            [("", 1), ("Kontra", 2), ("Re", 4), ("Subkontra", 8)]
        );
    }
}
