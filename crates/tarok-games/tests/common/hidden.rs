//! The oracle of the information tests: which cards the full deal hides from a seat. Shared by
//! the information-state test here and the server's no-leak tests (included by path there).

use tarok_core::{Card, CardSet, Game, Seat};
use tarok_games::AnyDeal;

/// The cards whose place the full deal hides from `seat`, less those whose name a rule makes
/// public (a declaration's cards, a skat card that must be announced, a called king, a
/// revealed talon, the hands of an ouvert game).
pub fn hidden(deal: &AnyDeal, seat: Seat) -> CardSet {
    let others = |hand: &dyn Fn(Seat) -> CardSet| {
        (0..deal.seats())
            .filter(|&s| s != seat)
            .fold(CardSet::EMPTY, |acc, s| acc | hand(s))
    };
    match deal {
        AnyDeal::Danish(d) => {
            let dealer = tarok_danish::settle::DEALER;
            let mut h = others(&|s| d.hand(s));
            if seat != dealer {
                h |= d.skat();
            }
            for s in 0..3 {
                for decl in d.declarations(s).iter() {
                    h -= decl.cards(d.dealt(s));
                    if let tarok_danish::declare::Declaration::Halvt { missing, .. } = decl {
                        h.remove(missing);
                    }
                }
            }
            let a = d.announced();
            h -= a.declaration_cards | a.fallback_trumps;
            if a.skus {
                h.remove(Card::SKUS);
            }
            h
        }
        AnyDeal::Koenigrufen(d) => {
            let s = d.state();
            if d.view(seat).open_hands.is_some() {
                return CardSet::EMPTY;
            }
            let mut h = others(&|t| s.hand(t));
            if s.talon_revealed() {
                h -= s.talon()[0] | s.talon()[1];
            }
            if let Some(k) = s.called_king() {
                h.remove(k);
            }
            h
        }
        AnyDeal::Historic(d) => tarok_historic::deal::pack(d.rules().game) - d.known_to(seat),
    }
}

/// The cards hidden from some seat: what a spectator (or a person sitting the deal out) may
/// not be told. A card every seat may know (played, declared, a revealed talon) is public.
#[allow(dead_code)]
pub fn hidden_from_someone(deal: &AnyDeal) -> CardSet {
    (0..deal.seats()).fold(CardSet::EMPTY, |acc, s| acc | hidden(deal, s))
}
