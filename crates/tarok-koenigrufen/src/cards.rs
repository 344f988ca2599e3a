//! The 54-card Königrufen pack, card point values and the counting in threes.
//!
//! The pack is `CardSet::PACK54` of tarok-core: the 22 tarocks (ids 0..=20 are I..XXI, id 21 is the
//! Sküs = Gschtieß = XXII, the highest tarock) and the top eight cards of each suit. Because the Sküs
//! has the highest tarock id, `(hand & TAROCK).highest()` is the best tarock of a hand.
//!
//! Counting (Spieleversum §3, [L350–L352]): cards are counted in groups of three, each group worth the
//! sum of its values minus 2. This equals `value − 2/3` per card, so we count in *thirds*:
//! `3·value − 2` per card, 210 thirds (70 points) for the whole pack.

use tarok_core::{Card, CardKind, CardSet, Rank, Suit};

/// All 22 tarocks: I (Pagat) .. XXI (Mond) and the Sküs (XXII).
pub const TAROCK: CardSet = CardSet::from_bits((1u128 << 22) - 1);
/// The Trull (Tarocktrull, "Tous les trois"): Sküs, Mond (XXI) and Pagat (I) [L111, L244].
pub const TRULL: CardSet = CardSet::from_bits((1u128 << 21) | (1u128 << 20) | 1);
/// The four kings.
pub const KINGS: CardSet = CardSet::KINGS;
/// The 5-pointers ("5er-Zähler", Honneurs): the Trull cards and the kings [L111, L182].
pub const FIVES: CardSet = TRULL.union(KINGS);
/// The birds (Vögel): Pagat (I), Uhu (II), Kakadu (III) \[L97\].
pub const BIRDS: CardSet = CardSet::from_bits(0b111);
/// The whole pack.
pub const PACK: CardSet = CardSet::PACK54;
/// Suit cards of the pack (no tarocks).
pub const SUIT_CARDS: CardSet = PACK.minus(TAROCK);

const fn court(order: u32) -> CardSet {
    let mut bits = 0u128;
    let mut s = 0;
    while s < 4 {
        bits |= 1u128 << (22 + 14 * s + order);
        s += 1;
    }
    CardSet::from_bits(bits)
}
/// The four Damen (queens), worth 4.
pub const DAMEN: CardSet = court(12);
/// The four Reiter (cavaliers), worth 3.
pub const REITER: CardSet = court(11);
/// The four Buben (jacks), worth 2.
pub const BUBEN: CardSet = court(10);

/// The Pagat (Spatz), tarock I.
pub const PAGAT: Card = Card::PAGAT;
/// The Uhu, tarock II.
pub const UHU: Card = Card::from_index(1);
/// The Kakadu, tarock III.
pub const KAKADU: Card = Card::from_index(2);
/// The Mond, tarock XXI.
pub const MOND: Card = Card::T21;
/// The Sküs (Gschtieß), tarock XXII: the highest card.
pub const SKUES: Card = Card::SKUS;

/// The cards of a suit in this pack (8 each).
pub const fn suit_cards(s: Suit) -> CardSet {
    CardSet::suit(s).intersect(PACK)
}

/// The "suit" a card belongs to for following: the tarocks, or its colour suit.
#[inline]
pub fn follow_mask(card: Card) -> CardSet {
    match card.suit() {
        Some(s) => CardSet::suit(s),
        None => TAROCK,
    }
}

/// Is this card a tarock (I..XXII)?
#[inline]
pub const fn is_tarock(card: Card) -> bool {
    card.index() < 22
}

/// Card point value (Spieleversum §2.2, [L107–L118]): Trull cards and kings 5, Dame 4, Reiter 3,
/// Bube 2, every other card 1 (the Uhu included, A1).
pub fn value(card: Card) -> u32 {
    if FIVES.contains(card) {
        5
    } else if DAMEN.contains(card) {
        4
    } else if REITER.contains(card) {
        3
    } else if BUBEN.contains(card) {
        2
    } else {
        1
    }
}

/// A pile's count in thirds of a point: Σ (3·value − 2). Allocation-free popcounts.
#[inline]
pub fn thirds(pile: CardSet) -> u32 {
    pile.len()
        + 12 * (pile & FIVES).len()
        + 9 * (pile & DAMEN).len()
        + 6 * (pile & REITER).len()
        + 3 * (pile & BUBEN).len()
}

/// Thirds at or above which a positive game is won: 35 points and 2 Blätter = 107 (§3.2, \[L352\]).
pub const WIN_THIRDS: u32 = 107;

/// The declarer's party wins a positive game with at least 35/2 (§3.2, \[L352\]); in Trischaken the
/// same count is "mehr als 35/1" (§3.3, \[L342\]).
pub const fn at_least_35_2(thirds: u32) -> bool {
    thirds >= WIN_THIRDS
}

/// A count written the players' way, "points/Blätter", e.g. `35/2`.
pub fn count_text(thirds: u32) -> String {
    format!("{}/{}", thirds / 3, thirds % 3)
}

/// German short name of a suit: H (Herz), Ka (Karo), Kr (Kreuz), P (Pik).
pub fn german_suit(s: Suit) -> &'static str {
    match s {
        Suit::Hjerter => "H",
        Suit::Ruder => "Ka",
        Suit::Kloer => "Kr",
        Suit::Spar => "P",
    }
}

/// German short notation (docs/rules/koenigrufen.md §2): `T1`..`T22`, `HK`, `KaD`, `KrR`, `PB`, `H1`, `P10`.
pub fn german(card: Card) -> String {
    match card.kind() {
        CardKind::Trump(n) => format!("T{n}"),
        CardKind::Skus => "T22".to_string(),
        CardKind::Suited(s, r) => {
            let rank = match r {
                Rank::Konge => "K".to_string(),
                Rank::Dame => "D".to_string(),
                Rank::Caval => "R".to_string(),
                Rank::Knaegt => "B".to_string(),
                Rank::Pip(p) => p.to_string(),
            };
            format!("{}{}", german_suit(s), rank)
        }
    }
}

/// A card set in German notation, in hand order.
pub fn german_set(set: CardSet) -> String {
    in_hand_order(set, german)
}

/// The cards of `set` in hand order (as `CardSet`'s own text), each written by `name`.
fn in_hand_order(set: CardSet, name: fn(Card) -> String) -> String {
    set.to_string()
        .split(' ')
        .filter(|t| !t.is_empty())
        .map(|t| name(t.parse().expect("own notation")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a card in German short notation (`KaK`, `KrR`, `PB`, `HD`, `T22`) or in the core notation
/// (`HK`, `X`, `XXI`, `Sküs`). Only cards of the 54-card pack are accepted.
pub fn parse_card(text: &str) -> Result<Card, String> {
    let t = text.trim();
    // T22 is the Sküs in the German short notation (docs/rules/koenigrufen.md §2); the core notation
    // refuses it, as Danish writes the skus X.
    if t.eq_ignore_ascii_case("T22") {
        return Ok(SKUES);
    }
    let german = |prefix: &str, suit: Suit| -> Option<Result<Card, String>> {
        let rest = t.strip_prefix(prefix)?;
        let rank = match rest {
            "K" => Rank::Konge,
            "D" => Rank::Dame,
            "R" => Rank::Caval,
            "B" => Rank::Knaegt,
            n => match n.parse::<u8>() {
                Ok(p @ 1..=10) => Rank::Pip(p),
                _ => return None,
            },
        };
        Some(Ok(Card::suited(suit, rank)))
    };
    let card = german("Ka", Suit::Ruder)
        .or_else(|| german("Kr", Suit::Kloer))
        .or_else(|| german("P", Suit::Spar))
        .or_else(|| german("H", Suit::Hjerter))
        .unwrap_or_else(|| t.parse::<Card>().map_err(|e| e.to_string()))?;
    if !PACK.contains(card) {
        return Err(format!("{card} is not in the 54-card Königrufen pack"));
    }
    Ok(card)
}

/// The notation of the Königrufen screen: tarocks in Roman numerals as printed on Austrian cards
/// (`XXI`, `X`, `I`), the Sküs by its name, suit cards with their suit symbol (`♥K`, `♠10`).
///
/// The Danish notation of the records writes the Sküs as `X`, which a Roman reader takes for
/// tarock X; the screen therefore never writes a bare `X` for the Sküs.
pub fn screen(card: Card) -> String {
    match card.kind() {
        CardKind::Trump(n) => tarok_core::card::to_roman(n).to_uppercase(),
        CardKind::Skus => "Sküs".to_string(),
        CardKind::Suited(..) => card.symbol(),
    }
}

/// A card set in screen notation, in hand order (Sküs first, tarocks high to low, then suits).
pub fn screen_set(set: CardSet) -> String {
    in_hand_order(set, screen)
}

/// Reads a card as the screen writes it, so that what is shown can be typed back. A Roman numeral
/// alone is always a tarock: `X` is tarock X here, not the Sküs of [`parse_card`] (the records'
/// Danish notation); the Sküs is `Sküs` (or `skus`, `T22`). Anything else as [`parse_card`].
pub fn parse_screen(text: &str) -> Result<Card, String> {
    let lower = text.trim().to_lowercase();
    if let Some(n) = (1..=21).find(|&n| tarok_core::card::to_roman(n) == lower) {
        return Ok(Card::trump(n));
    }
    parse_card(text)
}

/// Reads a list of cards separated by spaces or commas.
pub fn parse_cards(text: &str) -> Result<CardSet, String> {
    let mut set = CardSet::EMPTY;
    for tok in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let c = parse_card(tok)?;
        if set.contains(c) {
            return Err(format!("card {c} is listed twice"));
        }
        set.insert(c);
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_have_the_right_sizes() {
        assert_eq!(TAROCK.len(), 22);
        assert_eq!(TRULL.len(), 3);
        assert_eq!(FIVES.len(), 7);
        assert_eq!(SUIT_CARDS.len(), 32);
        assert!(DAMEN.is_subset(PACK) && REITER.is_subset(PACK) && BUBEN.is_subset(PACK));
        assert_eq!(german(SKUES), "T22");
    }

    #[test]
    fn german_notation_round_trips() {
        for c in PACK.iter() {
            assert_eq!(parse_card(&german(c)).unwrap(), c, "{c}");
            assert_eq!(parse_card(&c.to_string()).unwrap(), c, "{c}");
        }
        assert!(parse_card("H5").is_err());
    }

    #[test]
    fn screen_notation_round_trips_and_x_is_tarock_ten() {
        for c in PACK.iter() {
            assert_eq!(parse_screen(&screen(c)).unwrap(), c, "{c}");
        }
        assert_eq!(screen(Card::trump(10)), "X");
        assert_eq!(parse_screen("X").unwrap(), Card::trump(10));
        assert_eq!(parse_screen("x").unwrap(), Card::trump(10));
        assert_eq!(screen(SKUES), "Sküs");
        assert_eq!(parse_screen("skus").unwrap(), SKUES);
        // The other notations still read: Danish T10, German KaK.
        assert_eq!(parse_screen("T10").unwrap(), Card::trump(10));
        assert_eq!(parse_screen("KaK").unwrap(), Card::king(Suit::Ruder));
        // No card on the screen is written with the Danish letters of the records.
        let shown = screen_set(PACK);
        assert!(
            !shown.contains('T') && shown.starts_with("Sküs XXI XX "),
            "{shown}"
        );
    }
}
