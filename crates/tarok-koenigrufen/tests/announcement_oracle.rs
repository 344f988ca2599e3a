//! The announcement round against an oracle: in random deals, at every turn of the round, each
//! announcement, König ultimo, Kontra, Re and Subkontra the engine allows or refuses is compared
//! with the rules of §9 and §10 restated here seat by seat (no bitmasks), so that a rule broken in
//! the engine's checks makes this test fail. Counters make sure each kind of action was seen both
//! allowed and refused.

use std::collections::BTreeMap;
use tarok_core::{Card, DealRng};
use tarok_koenigrufen::{random_action, Action, Contract, Deal, DealState, Item, Phase, Premium};
use tarok_koenigrufen::{Ruleset, Switches};

/// A card in Königrufen notation (`T22` is the Sküs; the core notation refuses it).
fn card(s: &str) -> Card {
    tarok_koenigrufen::cards::parse_card(s).unwrap()
}

fn on_declarer_side(s: &DealState, seat: u8) -> bool {
    s.team() & (1 << seat) != 0
}

/// The seats that own an item: for a game, the declarer's party, or in a negative game the
/// declarer alone (§10, [L278]); for a premium, the party of the one who announced it.
fn owners(s: &DealState, item: Item) -> Option<Vec<u8>> {
    let c = s.contract()?;
    match item {
        Item::Game(d) => {
            let declared = d < 4 && s.declarers() & (1 << d) != 0;
            if !declared {
                None
            } else if c.is_negative() {
                Some(vec![d])
            } else {
                Some((0..4).filter(|&x| on_declarer_side(s, x)).collect())
            }
        }
        Item::Premium(p) => {
            let by = s.announcer(p)?;
            let side = on_declarer_side(s, by);
            Some((0..4).filter(|&x| on_declarer_side(s, x) == side).collect())
        }
    }
}

/// The seats that may kontra an item: everyone not owning it.
fn kontra_side(s: &DealState, item: Item) -> Option<Vec<u8>> {
    let own = owners(s, item)?;
    Some((0..4).filter(|x| !own.contains(x)).collect())
}

/// An announced Valat replaces the game, and a Kontra on the game with it (docs/rules/koenigrufen.md §10).
fn replaced(s: &DealState, item: Item) -> bool {
    matches!(item, Item::Game(_)) && s.announcer(Premium::Valat).is_some()
}

fn has_spoken(s: &DealState, seat: u8) -> bool {
    s.has_spoken(seat)
}

fn announce_allowed(s: &DealState, me: u8, p: Premium) -> bool {
    let c = s.contract().unwrap();
    let hand = s.hand(me);
    let holds = |names: &[&str]| names.iter().any(|n| hand.contains(card(n)));
    let mine = on_declarer_side(s, me);
    p.allowed_in(c)
        && s.announcer(p).is_none()
        && !has_spoken(s, me)
        && (mine || s.switches().opponents_may_announce)
        && match p {
            Premium::Pagat => holds(&["T1"]),
            Premium::Uhu => holds(&["T2"]),
            Premium::Kakadu => holds(&["T3"]),
            Premium::KoenigUltimo => s.partner() == Some(me),
            Premium::Trull => holds(&["T1", "T21", "T22"]),
            Premium::VierKoenige => holds(&["HK", "RK", "SK", "KK"]),
            Premium::Valat => mine,
        }
}

/// A16 alternative: in a Sechser or Dreier the declarer names one of his own kings.
fn ultimo_king_allowed(s: &DealState, me: u8, king: Card) -> bool {
    s.switches().koenig_ultimo_own_king
        && matches!(s.contract(), Some(Contract::Sechser | Contract::Dreier))
        && s.announcer(Premium::KoenigUltimo).is_none()
        && !has_spoken(s, me)
        && me == s.declarer()
        && ["HK", "RK", "SK", "KK"].contains(&king.to_string().as_str())
        && s.hand(me).contains(king)
}

fn level(s: &DealState, item: Item, seat: u8) -> u8 {
    s.kontra_levels(item)[seat as usize]
}

fn kontra_allowed(s: &DealState, me: u8, item: Item) -> bool {
    let Some(ks) = kontra_side(s, item) else {
        return false;
    };
    let c = s.contract().unwrap();
    let already = if c.is_negative() {
        level(s, item, me) > 0
    } else {
        ks.iter().any(|&x| level(s, item, x) > 0)
    };
    c != Contract::Trischaken
        && !replaced(s, item)
        && ks.contains(&me)
        && !s.closed_by_gut(me, item)
        && !already
}

fn re_allowed(s: &DealState, me: u8, item: Item, against: u8) -> bool {
    let Some(ks) = kontra_side(s, item) else {
        return false;
    };
    let kontraed: Vec<u8> = ks
        .iter()
        .copied()
        .filter(|&x| level(s, item, x) == 1)
        .collect();
    // In a positive game one Re answers everyone: it names the first seat that kontra'd.
    let named_right = !s.contract().unwrap().is_positive() || kontraed.first() == Some(&against);
    !replaced(s, item) && !ks.contains(&me) && kontraed.contains(&against) && named_right
}

fn subkontra_allowed(s: &DealState, me: u8, item: Item) -> bool {
    let Some(ks) = kontra_side(s, item) else {
        return false;
    };
    !replaced(s, item) && ks.contains(&me) && level(s, item, me) == 2
}

fn items() -> impl Iterator<Item = Item> {
    (0..5)
        .map(Item::Game)
        .chain(Premium::ALL.into_iter().map(Item::Premium))
}

/// Compares every candidate at this turn and counts (kind, allowed).
fn compare(s: &DealState, seen: &mut BTreeMap<(&'static str, bool), u32>, ctx: &str) {
    let me = s.current_player();
    let mut candidates: Vec<(&'static str, Action, bool)> = Vec::new();
    for p in Premium::ALL {
        candidates.push(("announce", Action::Announce(p), announce_allowed(s, me, p)));
    }
    for k in ["HK", "RK", "SK", "KK", "H4", "T21"].map(card) {
        let ok = ultimo_king_allowed(s, me, k);
        candidates.push(("ultimo king", Action::UltimoKing(k), ok));
    }
    for item in items() {
        candidates.push(("kontra", Action::Kontra(item), kontra_allowed(s, me, item)));
        let sub = subkontra_allowed(s, me, item);
        candidates.push(("subkontra", Action::Subkontra(item), sub));
        // A record may name any number as the seat kontra'd: 4 and 200 are none.
        for against in [0, 1, 2, 3, 4, 200] {
            let ok = re_allowed(s, me, item, against);
            candidates.push(("re", Action::Re(item, against), ok));
        }
    }
    for (kind, action, expected) in candidates {
        assert_eq!(
            s.check(action).is_ok(),
            expected,
            "{ctx}: P{me} {action} in {:?}: {:?}",
            s.contract(),
            s.check(action)
        );
        *seen.entry((kind, expected)).or_default() += 1;
    }
}

fn run(rs: Ruleset, deals: u64) -> BTreeMap<(&'static str, bool), u32> {
    let mut seen = BTreeMap::new();
    for seed in 0..deals {
        let mut deal = Deal::from_seed(rs, seed, (seed % 4) as u8);
        let mut rng = DealRng::derive(seed, 7);
        while !deal.is_over() && deal.state().phase() != Phase::Play {
            let legal = deal.legal_actions();
            let action = if deal.state().phase() == Phase::Announcements {
                compare(deal.state(), &mut seen, &format!("seed {seed}"));
                // Uniform here, so that Kontra, Re and Subkontra come often.
                legal[rng.below(legal.len() as u32) as usize]
            } else {
                random_action(deal.state(), &legal, &mut rng)
            };
            deal.apply(action).unwrap();
        }
    }
    seen
}

fn assert_both_ways(seen: &BTreeMap<(&'static str, bool), u32>, kinds: &[&'static str]) {
    for &kind in kinds {
        for allowed in [true, false] {
            assert!(
                seen.get(&(kind, allowed)).is_some_and(|&n| n > 0),
                "{kind} never {}: {seen:?}",
                if allowed { "allowed" } else { "refused" }
            );
        }
    }
}

#[test]
fn the_announcement_round_follows_the_rules() {
    let seen = run(Ruleset::spieleversum(), 1_000);
    assert_both_ways(&seen, &["announce", "kontra", "re", "subkontra"]);
}

#[test]
fn the_announcement_round_follows_the_rules_under_the_alternative_switches() {
    let mut rs = Ruleset::spieleversum();
    rs.switches = Switches {
        opponents_may_announce: false,
        koenig_ultimo_own_king: true,
        ..rs.switches
    };
    let seen = run(rs, 1_000);
    assert_both_ways(
        &seen,
        &["announce", "ultimo king", "kontra", "re", "subkontra"],
    );
}
