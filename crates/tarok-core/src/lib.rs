//! tarok-core: the cards, card sets, notation, seeded dealing and payment lines shared by
//! every tarok family (Danish Tarok, the Danish games of 1829, Austrian Königrufen).

pub mod alloc_count;
pub mod card;
pub mod cardset;
pub mod cpu;
pub mod family;
pub mod game;
pub mod overrides;
pub mod payment;
pub mod record;
pub mod refusal;
pub mod rng;
pub mod seating;
pub mod tags;

pub use card::{Card, CardKind, ParseCardError, Rank, Suit};
pub use cardset::{CardListError, CardSet};
pub use game::{ArrayList, Game};
pub use payment::{Balances, Party, Payment, PaymentSink};
pub use refusal::{Citation, Refusal};
pub use rng::{Below, DealRng, PlayoutRng};

/// A seat number within one deal (0-based). Families document which seat is which.
pub type Seat = u8;

/// Shuffles `pack` with the seed: the reproducible deck order of a deal.
pub fn shuffled(pack: CardSet, seed: u64) -> Vec<Card> {
    let mut deck: Vec<Card> = pack.iter().collect();
    DealRng::seed(seed).shuffle(&mut deck);
    deck
}

/// Reads an explicit deck order: every card of `pack` exactly once.
pub fn parse_deck(text: &str, pack: CardSet) -> Result<Vec<Card>, String> {
    let mut seen = CardSet::EMPTY;
    let mut deck = Vec::with_capacity(pack.len() as usize);
    for token in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let card: Card = token.parse().map_err(|e: ParseCardError| e.to_string())?;
        if !pack.contains(card) {
            return Err(format!("card {card} is not in this pack"));
        }
        if seen.contains(card) {
            return Err(format!("card {card} appears twice in the deck"));
        }
        seen.insert(card);
        deck.push(card);
    }
    let missing = pack - seen;
    if !missing.is_empty() {
        return Err(format!(
            "the deck lacks {} card(s): {missing}",
            missing.len()
        ));
    }
    Ok(deck)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_always_gives_the_same_deck() {
        let a = shuffled(CardSet::PACK78, 2026);
        assert_eq!(a, shuffled(CardSet::PACK78, 2026));
        assert_ne!(a, shuffled(CardSet::PACK78, 2027));
        assert_eq!(a.iter().copied().collect::<CardSet>(), CardSet::PACK78);
    }

    #[test]
    fn explicit_decks_are_checked() {
        let deck = shuffled(CardSet::PACK54, 1);
        let text: Vec<String> = deck.iter().map(|c| c.to_string()).collect();
        assert_eq!(parse_deck(&text.join(" "), CardSet::PACK54).unwrap(), deck);
        assert!(parse_deck(&text[1..].join(" "), CardSet::PACK54)
            .unwrap_err()
            .contains("lacks 1"));
        let mut twice = text.clone();
        twice[1] = twice[0].clone();
        assert!(parse_deck(&twice.join(" "), CardSet::PACK54)
            .unwrap_err()
            .contains("twice"));
        assert!(parse_deck("S1", CardSet::PACK54)
            .unwrap_err()
            .contains("not in this pack"));
    }
}
