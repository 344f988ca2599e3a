//! The 14 contracts (Spiele) of the master table, chapter 22 [L432–L460], Spieleversum §5 and §21.
//!
//! A lower rank number is the stronger bid \[L451\].

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the 14 games. The discriminant is the rank number (1 = Solodreier, the strongest).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Contract {
    /// Rank 1: alone against three without talon, announcements made with the bid [L799–L817].
    Solodreier = 1,
    /// Rank 2: no trick, hands laid open after the first trick [L777–L797].
    BettlerOuvert = 2,
    /// Rank 3: exactly one trick, hands open after the first trick [L755–L775].
    PiccoloOuvert = 3,
    /// Rank 4: colour game without talon; tarock is a fifth suit [L733–L753].
    Farbensolo = 4,
    /// Rank 5: alone with half the talon [L711–L731].
    Dreier = 5,
    /// Rank 6: the Vorhand takes all six talon cards unseen; wins 4, loses 8 [L689–L709].
    Sechser = 6,
    /// Rank 7: colour game with half the talon [L667–L687].
    Farbendreier = 7,
    /// Rank 8: king call with a bird held before the talon (A-Rufer) [L626–L665].
    Besserrufer = 8,
    /// Rank 9: king call without talon (Solo) [L598–L624].
    Solorufer = 9,
    /// Rank 10: no trick (Fechter) [L576–L596].
    Bettler = 10,
    /// Rank 11: exactly one trick; "bei" allowed [L554–L574].
    Piccolo = 11,
    /// Rank 12: exactly two tricks; "bei" allowed [L532–L552].
    Zwiccolo = 12,
    /// Rank 13: the Vorhand's king call with half the talon [L510–L530].
    Rufer = 13,
    /// Rank 14: everyone against everyone, most points loses [L472–L508].
    Trischaken = 14,
}

/// How the cards are played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayMode {
    /// Positive tarock games: Farbzwang and Tarockzwang, no Stichzwang, Kaiserstich (§12.1, L306–L308).
    Positive,
    /// Negative games and Trischaken: Farbzwang, Tarockzwang, Stichzwang, Pagat last (§12.2, L310–L312).
    Negative,
    /// Farbendreier and Farbensolo: tarock is a fifth suit and does not trump (§12.3, L328–L334).
    Colour,
}

/// What happens with the talon (column "Talon" of the master table).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TalonUse {
    /// "3 offen": the talon is revealed, the declarer takes one half and discards 3.
    ThreeOpen,
    /// "6 verdeckt": the declarer takes all six unseen by the others and discards 6.
    SixHidden,
    /// No talon for the declarer.
    None,
}

impl Contract {
    pub const ALL: [Contract; 14] = [
        Contract::Solodreier,
        Contract::BettlerOuvert,
        Contract::PiccoloOuvert,
        Contract::Farbensolo,
        Contract::Dreier,
        Contract::Sechser,
        Contract::Farbendreier,
        Contract::Besserrufer,
        Contract::Solorufer,
        Contract::Bettler,
        Contract::Piccolo,
        Contract::Zwiccolo,
        Contract::Rufer,
        Contract::Trischaken,
    ];

    /// Rank number, 1 = strongest \[L451\].
    pub const fn rank(self) -> u8 {
        self as u8
    }

    pub fn from_rank(rank: u8) -> Option<Contract> {
        Contract::ALL.iter().copied().find(|c| c.rank() == rank)
    }

    /// Stronger bid than `other` (lower rank number).
    pub const fn beats(self, other: Contract) -> bool {
        self.rank() < other.rank()
    }

    /// Game value of the master table. Sechser: the win value 4 (a loss costs 8, \[L693\]);
    /// Besserrufer: 1 plus its announced birds as separate items \[L630\].
    pub const fn value(self) -> i32 {
        match self {
            Contract::Trischaken | Contract::Rufer | Contract::Besserrufer => 1,
            Contract::Zwiccolo | Contract::Piccolo | Contract::Bettler | Contract::Solorufer => 2,
            Contract::Farbendreier => 3,
            Contract::Sechser | Contract::Dreier => 4,
            Contract::Farbensolo | Contract::PiccoloOuvert => 6,
            Contract::BettlerOuvert => 7,
            Contract::Solodreier => 8,
        }
    }

    /// Value when the declarer loses: 8 for the Sechser ("+4 (−8)"), else the game value.
    pub const fn loss_value(self) -> i32 {
        match self {
            Contract::Sechser => 8,
            c => c.value(),
        }
    }

    /// Only the Vorhand may play it ("V" in column "Wer"): Trischaken, Rufer, Sechser.
    pub const fn vorhand_only(self) -> bool {
        matches!(
            self,
            Contract::Trischaken | Contract::Rufer | Contract::Sechser
        )
    }

    /// Positive game (the declarer's party must take points or all tricks).
    pub const fn is_positive(self) -> bool {
        !self.is_negative()
    }

    /// Negative game: trick avoidance (Trischaken included).
    pub const fn is_negative(self) -> bool {
        matches!(
            self,
            Contract::Trischaken
                | Contract::Zwiccolo
                | Contract::Piccolo
                | Contract::Bettler
                | Contract::PiccoloOuvert
                | Contract::BettlerOuvert
        )
    }

    pub const fn play_mode(self) -> PlayMode {
        if self.is_negative() {
            PlayMode::Negative
        } else if self.is_colour() {
            PlayMode::Colour
        } else {
            PlayMode::Positive
        }
    }

    /// Farbendreier and Farbensolo.
    pub const fn is_colour(self) -> bool {
        matches!(self, Contract::Farbendreier | Contract::Farbensolo)
    }

    /// A king is called (Rufer, Besserrufer, Solorufer).
    pub const fn calls_king(self) -> bool {
        matches!(
            self,
            Contract::Rufer | Contract::Besserrufer | Contract::Solorufer
        )
    }

    /// Solo games (A17): positive games without talon pickup. Their premiums count double \[L222\].
    pub const fn is_solo(self) -> bool {
        matches!(
            self,
            Contract::Solorufer | Contract::Farbensolo | Contract::Solodreier
        )
    }

    pub const fn talon_use(self) -> TalonUse {
        match self {
            Contract::Rufer | Contract::Besserrufer | Contract::Farbendreier | Contract::Dreier => {
                TalonUse::ThreeOpen
            }
            Contract::Sechser => TalonUse::SixHidden,
            _ => TalonUse::None,
        }
    }

    /// Hands are laid open after the first trick (§12.6).
    pub const fn is_ouvert(self) -> bool {
        matches!(self, Contract::PiccoloOuvert | Contract::BettlerOuvert)
    }

    /// Exactly this many tricks for the declarer of a negative game (§13).
    pub const fn trick_target(self) -> Option<u8> {
        match self {
            Contract::Zwiccolo => Some(2),
            Contract::Piccolo | Contract::PiccoloOuvert => Some(1),
            Contract::Bettler | Contract::BettlerOuvert => Some(0),
            _ => None,
        }
    }

    /// Several players may play it at once ("bei", §6.6).
    pub const fn allows_bei(self) -> bool {
        matches!(self, Contract::Piccolo | Contract::Zwiccolo)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Contract::Solodreier => "Solodreier",
            Contract::BettlerOuvert => "Bettler ouvert",
            Contract::PiccoloOuvert => "Piccolo ouvert",
            Contract::Farbensolo => "Farbensolo",
            Contract::Dreier => "Dreier",
            Contract::Sechser => "Sechser",
            Contract::Farbendreier => "Farbendreier",
            Contract::Besserrufer => "Besserrufer",
            Contract::Solorufer => "Solorufer",
            Contract::Bettler => "Bettler",
            Contract::Piccolo => "Piccolo",
            Contract::Zwiccolo => "Zwiccolo",
            Contract::Rufer => "Rufer",
            Contract::Trischaken => "Trischaken",
        }
    }

    /// One-word token for records.
    pub fn token(self) -> String {
        self.name().replace(' ', "-").to_lowercase()
    }

    pub fn parse(s: &str) -> Option<Contract> {
        let t = s.trim().to_lowercase().replace([' ', '_'], "-");
        Contract::ALL
            .iter()
            .copied()
            .find(|c| c.token() == t || c.rank().to_string() == t)
            .or(match t.as_str() {
                "zwickolo" => Some(Contract::Zwiccolo),
                "solo" => Some(Contract::Solorufer),
                "a-rufer" => Some(Contract::Besserrufer),
                "fechter" => Some(Contract::Bettler),
                "sechserdreier" => Some(Contract::Sechser),
                _ => None,
            })
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game parses from its token, its rank and the other names the contract table gives
    /// it in brackets (§6.1), and the sheet's spelling "Zwickolo" (A36).
    #[test]
    fn every_game_parses_from_its_token_rank_and_other_names() {
        for c in Contract::ALL {
            assert_eq!(Contract::parse(&c.token()), Some(c));
            assert_eq!(Contract::parse(&c.rank().to_string()), Some(c));
            assert_eq!(Contract::parse(c.name()), Some(c));
        }
        for (alias, c) in [
            ("Zwickolo", Contract::Zwiccolo),
            ("Solo", Contract::Solorufer),
            ("A-Rufer", Contract::Besserrufer),
            ("Fechter", Contract::Bettler),
            ("Sechserdreier", Contract::Sechser),
        ] {
            assert_eq!(Contract::parse(alias), Some(c), "{alias}");
        }
        assert_eq!(Contract::parse("Ruferl"), None);
    }
}
