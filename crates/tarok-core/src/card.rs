//! One card id space for every tarok pack.
//!
//! The 78-card pack has 21 numbered trumps (*tarokker*), the skus (*scus*, *Sküs*, the
//! excuse) and four suits of 14 cards. The 54-card Austrian pack is a subset of it: all
//! trumps, the skus, and the top eight ranks of each suit. What a card *does* (the skus's
//! privileges, point values) belongs to the rules of each family, not to the card.
//!
//! Card ids are bit positions in [`crate::CardSet`]:
//!
//! | ids | cards |
//! |---|---|
//! | 0..=20 | trumps T1 (the pagat) .. T21 |
//! | 21 | the skus `X` |
//! | 22 + 14·suit + order | suit cards, `order` 0 = lowest .. 13 = king |
//!
//! Inside a suit the cards are laid out in trick-taking order, so that "the highest card of
//! the led suit" is the highest set bit. The red suits' reversed pips (the ace is the highest
//! pip, 10 the lowest: docs/rules/danish.md §2) live in this layout, not in `if` statements.

use std::fmt;
use std::str::FromStr;

/// The four suits, in the order of the Danish notation letters.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Suit {
    /// Spar, spades (`S`, ♠). Black.
    Spar = 0,
    /// Hjerter, hearts (`H`, ♥). Red.
    Hjerter = 1,
    /// Ruder, diamonds (`R`, ♦). Red.
    Ruder = 2,
    /// Klør, clubs (`K`, ♣). Black.
    Kloer = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spar, Suit::Hjerter, Suit::Ruder, Suit::Kloer];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i]
    }

    /// Hearts and diamonds rank their pips in reverse (ace high, 10 low).
    #[inline]
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hjerter | Suit::Ruder)
    }

    /// The Danish notation letter.
    #[inline]
    pub const fn letter(self) -> char {
        match self {
            Suit::Spar => 'S',
            Suit::Hjerter => 'H',
            Suit::Ruder => 'R',
            Suit::Kloer => 'K',
        }
    }

    #[inline]
    pub const fn symbol(self) -> char {
        match self {
            Suit::Spar => '♠',
            Suit::Hjerter => '♥',
            Suit::Ruder => '♦',
            Suit::Kloer => '♣',
        }
    }

    /// Danish name, as players say it.
    #[inline]
    pub const fn danish(self) -> &'static str {
        match self {
            Suit::Spar => "spar",
            Suit::Hjerter => "hjerter",
            Suit::Ruder => "ruder",
            Suit::Kloer => "klør",
        }
    }

    /// Parses a suit letter, symbol or name (case-insensitive).
    pub fn parse(s: &str) -> Option<Suit> {
        let lower = s.trim().to_lowercase();
        Some(match lower.as_str() {
            "s" | "♠" | "spar" | "spades" | "pik" | "pique" => Suit::Spar,
            "h" | "♥" | "hjerter" | "hearts" | "herz" | "coeur" => Suit::Hjerter,
            "r" | "♦" | "ruder" | "diamonds" | "karo" | "carreau" => Suit::Ruder,
            "k" | "♣" | "klør" | "kloer" | "klor" | "clubs" | "kreuz" | "trefle" => Suit::Kloer,
            _ => return None,
        })
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The rank of a suit card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rank {
    /// A pip card 1..=10. The 1 is the ace (*es*).
    Pip(u8),
    /// Knægt, jack (`Kn`).
    Knaegt,
    /// Caval, knight (`C`); ranks between queen and jack.
    Caval,
    /// Dame, queen (`D`).
    Dame,
    /// Konge, king (`K`).
    Konge,
}

impl Rank {
    /// The four court cards (*billedkort*) from the top.
    pub const COURTS: [Rank; 4] = [Rank::Konge, Rank::Dame, Rank::Caval, Rank::Knaegt];

    #[inline]
    pub const fn is_court(self) -> bool {
        !matches!(self, Rank::Pip(_))
    }

    /// Position inside the suit, 0 = lowest, 13 = king.
    const fn order(self, suit: Suit) -> u8 {
        match self {
            Rank::Pip(p) => {
                if suit.is_red() {
                    10 - p
                } else {
                    p - 1
                }
            }
            Rank::Knaegt => 10,
            Rank::Caval => 11,
            Rank::Dame => 12,
            Rank::Konge => 13,
        }
    }

    const fn from_order(order: u8, suit: Suit) -> Rank {
        match order {
            10 => Rank::Knaegt,
            11 => Rank::Caval,
            12 => Rank::Dame,
            13 => Rank::Konge,
            o => {
                if suit.is_red() {
                    Rank::Pip(10 - o)
                } else {
                    Rank::Pip(o + 1)
                }
            }
        }
    }

    fn parse(s: &str) -> Option<Rank> {
        let lower = s.to_lowercase();
        Some(match lower.as_str() {
            "k" | "konge" | "king" | "könig" => Rank::Konge,
            "d" | "q" | "dame" | "queen" => Rank::Dame,
            "c" | "caval" | "cavall" | "kavall" | "ritter" | "knight" => Rank::Caval,
            "kn" | "j" | "v" | "b" | "knægt" | "knaegt" | "jack" | "bube" => Rank::Knaegt,
            "a" | "e" | "es" | "ace" => Rank::Pip(1),
            n => match n.parse::<u8>() {
                Ok(p @ 1..=10) => Rank::Pip(p),
                _ => return None,
            },
        })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rank::Pip(p) => write!(f, "{p}"),
            Rank::Knaegt => f.write_str("Kn"),
            Rank::Caval => f.write_str("C"),
            Rank::Dame => f.write_str("D"),
            Rank::Konge => f.write_str("K"),
        }
    }
}

/// What a card is, independent of any family's rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CardKind {
    /// A numbered trump 1..=21 (T1 is the pagat).
    Trump(u8),
    /// The skus (excuse, fool; Austrian Sküs).
    Skus,
    /// A suit card.
    Suited(Suit, Rank),
}

/// One card of the 78-card pack. See the module docs for the id layout.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// Number of cards in the full pack.
pub const PACK_SIZE: usize = 78;
/// Id of the first suit card.
pub(crate) const SUIT_BASE: u8 = 22;

impl Card {
    /// The pagat, trump 1.
    pub const PAGAT: Card = Card(0);
    /// Trump 21, the highest numbered trump (*mondo*).
    pub const T21: Card = Card(20);
    /// The skus (Danish *scus/scies/skus*, Austrian *Sküs*).
    pub const SKUS: Card = Card(21);

    /// Numbered trump `n`, 1..=21.
    #[inline]
    pub const fn trump(n: u8) -> Card {
        assert!(n >= 1 && n <= 21);
        Card(n - 1)
    }

    #[inline]
    pub const fn suited(suit: Suit, rank: Rank) -> Card {
        Card(SUIT_BASE + 14 * suit as u8 + rank.order(suit))
    }

    #[inline]
    pub const fn king(suit: Suit) -> Card {
        Card::suited(suit, Rank::Konge)
    }

    /// The card with this id (0..78).
    #[inline]
    pub const fn from_index(i: u8) -> Card {
        assert!((i as usize) < PACK_SIZE);
        Card(i)
    }

    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    #[inline]
    pub const fn kind(self) -> CardKind {
        if self.0 < 21 {
            CardKind::Trump(self.0 + 1)
        } else if self.0 == 21 {
            CardKind::Skus
        } else {
            let s = Suit::from_index(((self.0 - SUIT_BASE) / 14) as usize);
            CardKind::Suited(s, Rank::from_order((self.0 - SUIT_BASE) % 14, s))
        }
    }

    /// A numbered trump (not the skus).
    #[inline]
    pub const fn is_trump(self) -> bool {
        self.0 < 21
    }

    #[inline]
    pub const fn is_skus(self) -> bool {
        self.0 == 21
    }

    /// The trump number 1..=21, if a numbered trump.
    #[inline]
    pub const fn trump_number(self) -> Option<u8> {
        if self.0 < 21 {
            Some(self.0 + 1)
        } else {
            None
        }
    }

    #[inline]
    pub const fn suit(self) -> Option<Suit> {
        if self.0 >= SUIT_BASE {
            Some(Suit::from_index(((self.0 - SUIT_BASE) / 14) as usize))
        } else {
            None
        }
    }

    #[inline]
    pub const fn rank(self) -> Option<Rank> {
        match self.kind() {
            CardKind::Suited(_, r) => Some(r),
            _ => None,
        }
    }

    #[inline]
    pub const fn is_king(self) -> bool {
        self.0 >= SUIT_BASE && (self.0 - SUIT_BASE) % 14 == 13
    }

    /// Position inside its suit (0 = lowest .. 13 = king); for trumps the number.
    #[inline]
    pub const fn order(self) -> u8 {
        if self.0 >= SUIT_BASE {
            (self.0 - SUIT_BASE) % 14
        } else {
            self.0 + 1
        }
    }

    /// Every card of the 78-card pack in id order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..PACK_SIZE as u8).map(Card)
    }

    /// The card with an English-style name, for help texts: "T1", "X", "♥K".
    pub fn symbol(self) -> String {
        match self.kind() {
            CardKind::Suited(s, r) => format!("{}{}", s.symbol(), r),
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for Card {
    /// The canonical Danish notation of the rules documents: `T1`..`T21`, `X`, `HK`, `KKn`, `R10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            CardKind::Trump(n) => write!(f, "T{n}"),
            CardKind::Skus => f.write_str("X"),
            CardKind::Suited(s, r) => write!(f, "{}{}", s.letter(), r),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a card could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read card {text:?}: {why}. Write trumps T1..T21 (or 'pagat'), the skus X (or 'skus'), and suit cards as suit S/H/R/K (or ♠♥♦♣) plus rank K D C Kn 1..10, e.g. HK, KKn, R10")]
pub struct ParseCardError {
    pub text: String,
    pub why: &'static str,
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Reads the canonical notation and the obvious aliases: `pagat`, `skus`/`scus`/`scies`/
    /// `sküs`/`excuse`, `♠♥♦♣` for suits, `Q` for dame, `J` for knægt, `A`/`E` for the ace,
    /// and Roman trump numbers with a `T` (`TXXI`) or alone (`XXI`) for Austrian players.
    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let err = |why| ParseCardError {
            text: text.to_string(),
            why,
        };
        let t = text.trim();
        if t.is_empty() {
            return Err(err("empty"));
        }
        let lower = t.to_lowercase();
        match lower.as_str() {
            "x" | "skus" | "scus" | "scies" | "scus'en" | "sküs" | "skys" | "excuse" | "fool"
            | "xxii" | "22" => return Ok(Card::SKUS),
            // Danish (and 1829) notation numbers the trumps 1..21 and writes the skus X
            // (docs/rules/danish.md §2); `T22` is the Sküs only in the Königrufen notation, whose
            // reader takes it before this one. Read here it would silently be the skus.
            "t22" => {
                return Err(err(
                    "T22 is no card in this notation: trumps are T1..T21 and the skus is X (T22 is the Sküs only in Königrufen)",
                ))
            }
            "pagat" | "pagaten" => return Ok(Card::PAGAT),
            "mondo" | "mond" => return Ok(Card::T21),
            _ => {}
        }
        if let Some(num) = lower.strip_prefix('t') {
            if num.is_empty() {
                return Err(err("a trump needs a number 1..21"));
            }
            if let Some(n) = parse_trump_number(num) {
                return Ok(Card::trump(n));
            }
            // "TKn"-style mistakes fall through to a clear error below.
            if num.chars().all(|c| c.is_ascii_digit()) {
                return Err(err("trumps are numbered 1..21"));
            }
        }
        if let Some(n) = parse_roman(&lower) {
            return Ok(Card::trump(n));
        }
        let mut chars = t.chars();
        let first = chars.next().expect("not empty");
        let suit = Suit::parse(&first.to_string()).ok_or_else(|| err("unknown suit letter"))?;
        let rest: String = chars.collect();
        if rest.is_empty() {
            return Err(err("a suit card needs a rank after the suit"));
        }
        let rank = Rank::parse(&rest).ok_or_else(|| err("unknown rank"))?;
        Ok(Card::suited(suit, rank))
    }
}

fn parse_trump_number(s: &str) -> Option<u8> {
    match s.parse::<u8>() {
        Ok(n @ 1..=21) => Some(n),
        _ => parse_roman(s),
    }
}

/// Roman trump numbers I..XXI, as printed on Austrian cards.
fn parse_roman(s: &str) -> Option<u8> {
    if s.is_empty() || !s.chars().all(|c| matches!(c, 'i' | 'v' | 'x')) {
        return None;
    }
    let value = |c| match c {
        'i' => 1,
        'v' => 5,
        _ => 10,
    };
    let digits: Vec<i32> = s.chars().map(value).collect();
    let mut total = 0;
    for (i, d) in digits.iter().enumerate() {
        if digits.get(i + 1).is_some_and(|next| next > d) {
            total -= d;
        } else {
            total += d;
        }
    }
    let n = u8::try_from(total).ok().filter(|n| (1..=21).contains(n))?;
    // Reject non-canonical spellings such as "iiii".
    (to_roman(n) == s).then_some(n)
}

/// Roman numeral for 1..=22 (lower-case).
pub fn to_roman(n: u8) -> String {
    let mut out = String::new();
    let mut n = n;
    for (v, s) in [(10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")] {
        while n >= v {
            out.push_str(s);
            n -= v;
        }
    }
    out
}

crate::serde_as_text!(Card);

#[cfg(test)]
mod tests {
    use super::*;

    /// Every card's quick tests agree with its kind: 21 numbered trumps, the skus, and 14
    /// cards in each suit with one king, in the documents' notation.
    #[test]
    fn every_card_is_classified_by_its_kind() {
        let mut per_suit = [0; 4];
        for c in Card::all() {
            let kind = c.kind();
            assert_eq!(c.is_trump(), matches!(kind, CardKind::Trump(_)), "{c}");
            assert_eq!(c.is_skus(), kind == CardKind::Skus, "{c}");
            match kind {
                CardKind::Trump(n) => {
                    assert_eq!(c.trump_number(), Some(n));
                    assert_eq!(c.order(), n);
                    assert_eq!((c.suit(), c.rank(), c.is_king()), (None, None, false));
                    assert_eq!(c, Card::trump(n));
                    assert_eq!(c.to_string(), format!("T{n}"));
                }
                CardKind::Skus => {
                    assert_eq!(
                        (c.trump_number(), c.suit(), c.is_king()),
                        (None, None, false)
                    );
                    assert_eq!(c.to_string(), "X");
                }
                CardKind::Suited(suit, rank) => {
                    per_suit[suit.index()] += 1;
                    assert_eq!(c.trump_number(), None);
                    assert_eq!((c.suit(), c.rank()), (Some(suit), Some(rank)));
                    assert_eq!(c.is_king(), rank == Rank::Konge, "{c}");
                    assert_eq!(c, Card::suited(suit, rank));
                    assert!(c.order() < 14);
                    assert_eq!(c.symbol(), format!("{}{rank}", suit.symbol()));
                }
            }
            assert_eq!(format!("{c:?}"), c.to_string());
        }
        assert_eq!(per_suit, [14; 4]);
        assert_eq!(Card::all().filter(|c| c.is_trump()).count(), 21);
        assert_eq!(Card::all().filter(|c| c.is_king()).count(), 4);
        assert_eq!(Card::king(Suit::Hjerter).order(), 13);
        assert_eq!(Card::PAGAT.symbol(), "T1");
    }

    #[test]
    fn suits_have_their_letters_names_and_places() {
        let words: Vec<(usize, String, &str, char)> = Suit::ALL
            .iter()
            .map(|s| (s.index(), s.to_string(), s.danish(), s.symbol()))
            .collect();
        assert_eq!(
            words,
            [
                (0, "S".into(), "spar", '♠'),
                (1, "H".into(), "hjerter", '♥'),
                (2, "R".into(), "ruder", '♦'),
                (3, "K".into(), "klør", '♣'),
            ]
        );
        for s in Suit::ALL {
            assert_eq!(Suit::from_index(s.index()), s);
        }
        assert!(Rank::Dame.is_court() && !Rank::Pip(1).is_court());
    }

    #[test]
    fn every_card_round_trips_through_notation() {
        for c in Card::all() {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c, "{c}");
        }
    }

    #[test]
    fn notation_examples_from_the_rules() {
        assert_eq!("KK".parse::<Card>().unwrap(), Card::king(Suit::Kloer));
        assert_eq!(
            "KKn".parse::<Card>().unwrap(),
            Card::suited(Suit::Kloer, Rank::Knaegt)
        );
        assert_eq!(
            "K10".parse::<Card>().unwrap(),
            Card::suited(Suit::Kloer, Rank::Pip(10))
        );
        assert_eq!(
            "SKn".parse::<Card>().unwrap(),
            Card::suited(Suit::Spar, Rank::Knaegt)
        );
        assert_eq!(
            "HC".parse::<Card>().unwrap(),
            Card::suited(Suit::Hjerter, Rank::Caval)
        );
        assert_eq!(
            "R10".to_string(),
            Card::suited(Suit::Ruder, Rank::Pip(10)).to_string()
        );
    }

    #[test]
    fn aliases() {
        let hk = Card::king(Suit::Hjerter);
        for alias in ["pagat", "Pagat", "T1", "t1", "TI", "I"] {
            assert_eq!(alias.parse::<Card>().unwrap(), Card::PAGAT, "{alias}");
        }
        for alias in ["skus", "scus", "scies", "Sküs", "X", "XXII"] {
            assert_eq!(alias.parse::<Card>().unwrap(), Card::SKUS, "{alias}");
        }
        assert_eq!("♥K".parse::<Card>().unwrap(), hk);
        assert_eq!(
            "♠Q".parse::<Card>().unwrap(),
            Card::suited(Suit::Spar, Rank::Dame)
        );
        assert_eq!(
            "♣J".parse::<Card>().unwrap(),
            Card::suited(Suit::Kloer, Rank::Knaegt)
        );
        assert_eq!(
            "♦A".parse::<Card>().unwrap(),
            Card::suited(Suit::Ruder, Rank::Pip(1))
        );
        assert_eq!("TXXI".parse::<Card>().unwrap(), Card::T21);
        assert_eq!("XIX".parse::<Card>().unwrap(), Card::trump(19));
        assert_eq!("IV".parse::<Card>().unwrap(), Card::trump(4));
        assert_eq!("TXV".parse::<Card>().unwrap(), Card::trump(15));
        assert_eq!("Mond".parse::<Card>().unwrap(), Card::T21);
    }

    #[test]
    fn bad_cards_are_refused_with_a_reason() {
        for bad in ["", "T0", "T22x", "T23", "Z5", "H11", "H", "T", "iiii"] {
            let e = bad.parse::<Card>().unwrap_err();
            assert!(!e.to_string().is_empty(), "{bad}");
        }
        assert_eq!(
            "T23".parse::<Card>().unwrap_err().why,
            "trumps are numbered 1..21"
        );
        assert_eq!("Z5".parse::<Card>().unwrap_err().why, "unknown suit letter");
        for t22 in ["T22", "t22"] {
            assert!(
                t22.parse::<Card>()
                    .unwrap_err()
                    .why
                    .starts_with("T22 is no card"),
                "{t22}"
            );
        }
    }

    #[test]
    fn red_pips_run_in_reverse() {
        // docs/rules/danish.md §2: red suits K > D > C > Kn > 1 > 2 > ... > 10.
        let h = |r| Card::suited(Suit::Hjerter, r);
        assert!(h(Rank::Pip(1)).order() > h(Rank::Pip(2)).order());
        assert!(h(Rank::Pip(2)).order() > h(Rank::Pip(10)).order());
        assert!(h(Rank::Knaegt).order() > h(Rank::Pip(1)).order());
        let s = |r| Card::suited(Suit::Spar, r);
        assert!(s(Rank::Pip(10)).order() > s(Rank::Pip(1)).order());
        assert!(s(Rank::Caval).order() > s(Rank::Knaegt).order());
        assert!(s(Rank::Dame).order() > s(Rank::Caval).order());
    }
}
