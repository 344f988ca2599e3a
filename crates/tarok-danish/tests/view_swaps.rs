//! A seat's view must not change when two cards it cannot tell apart change places.
//!
//! For random deals of every preset, at a random moment, two cards hidden from a seat are taken
//! from two different places (the two other hands, or a hand and the skat, which only the dealer
//! sees). They are swapped in the deck, the deal is rebuilt with `Deal::new` and the same actions
//! are replayed (the dealer's discard with the two cards exchanged, as the discard is hidden
//! too). The seat's whole view (its `Debug` form, so a new field that leaks fails) must stay the
//! same at every step until an action can no longer be replayed or a rule makes the difference
//! public: see `shown_by_a_rule`.

use tarok_core::{Card, CardSet, DealRng};
use tarok_danish::ruleset::LastTrickSkus;
use tarok_danish::settle::DEALER;
use tarok_danish::{Action, Deal, DealOptions, Phase, Preset, Ruleset};

/// Gives the dealer only `keep` numbered trumps, neither T1 nor T21, so that he may lay trumps
/// in the skat (000 L537-538): the others take the rest in exchange for plain cards.
fn rig_dealer_trumps(deck: &mut [Card], keep: u32) {
    let dealer_pos = |i: usize| i >= 75 || (i / 5) % 3 == 2;
    let mut kept = 0;
    for i in 0..deck.len() {
        let c = deck[i];
        if !dealer_pos(i) || !c.is_trump() {
            continue;
        }
        if kept < keep && c != Card::PAGAT && c != Card::T21 {
            kept += 1;
            continue;
        }
        let j = (0..deck.len())
            .find(|&j| !dealer_pos(j) && deck[j].suit().is_some() && !deck[j].is_king())
            .expect("a plain card elsewhere");
        deck.swap(i, j);
    }
}

/// A deal of random legal actions: its deck and its history. One deal in three gives the dealer
/// so few trumps that he may lay them, and he then lays them half of the time. In half of the
/// deals the skus is kept while possible, so that the skus demand round is reached.
fn random_deal(rules: Ruleset, seed: u64) -> (Vec<Card>, Vec<Action>) {
    let mut deck = tarok_core::shuffled(CardSet::PACK78, seed);
    let mut rng = DealRng::derive(seed, 1);
    if seed.is_multiple_of(3) {
        rig_dealer_trumps(&mut deck, 1 + rng.below(3));
    }
    let keep_skus = seed.is_multiple_of(2);
    let mut deal = Deal::new(rules, &deck, DealOptions::default());
    let mut history = Vec::new();
    while !deal.is_over() {
        let mut legal = deal.legal_actions();
        let prefer = |legal: &mut Vec<Action>, keep: &dyn Fn(&Action) -> bool| {
            let kept: Vec<Action> = legal.iter().copied().filter(|a| keep(a)).collect();
            if !kept.is_empty() {
                *legal = kept;
            }
        };
        if rng.below(2) == 0 {
            prefer(
                &mut legal,
                &|a| matches!(a, Action::Discard(d) if !d.trumps().is_empty()),
            );
        }
        if keep_skus {
            prefer(&mut legal, &|a| {
                !matches!(a, Action::Play(Card::SKUS) | Action::LeadSkus(_))
            });
        }
        let a = match deal.phase() {
            // Keep the rare trumpless hand, so that the deal goes on to the play.
            Phase::Redeal => Action::Keep,
            _ => legal[rng.below(legal.len() as u32) as usize],
        };
        deal.apply(a).unwrap();
        history.push(a);
    }
    (deck, history)
}

fn swap_card(c: Card, x: Card, y: Card) -> Card {
    if c == x {
        y
    } else if c == y {
        x
    } else {
        c
    }
}

/// The action with `x` and `y` exchanged. Before either card is played this only changes the
/// dealer's discard, which no other seat sees.
fn swap_action(a: Action, x: Card, y: Card) -> Action {
    match a {
        Action::Play(c) => Action::Play(swap_card(c, x, y)),
        Action::Discard(d) => Action::Discard(d.iter().map(|c| swap_card(c, x, y)).collect()),
        other => other,
    }
}

/// The places where cards hidden from `seat` lie: the other hands, and the skat unless `seat`
/// is the dealer. Announced skat cards are public (000 L512; 003 D-JC-8).
fn hidden_places(d: &Deal, seat: u8) -> Vec<CardSet> {
    let public = d.announced().cards();
    let mut places: Vec<CardSet> = (0..3)
        .filter(|&s| s != seat)
        .map(|s| d.hand(s) - public)
        .collect();
    if seat != DEALER {
        places.push(d.skat() - public);
    }
    places.retain(|p| !p.is_empty());
    places
}

/// Numbered trumps, the skus, or the suit: swapping within a class keeps more of the replayed
/// actions legal, so that the views are compared for longer.
fn class(c: Card) -> u8 {
    match c.suit() {
        Some(s) => s.index() as u8,
        None if c.is_skus() => 5,
        None => 4,
    }
}

/// Two cards hidden from `seat` in different places, or `None` if there are no two places.
fn pick_swap(d: &Deal, seat: u8, rng: &mut DealRng) -> Option<(Card, Card)> {
    let places = hidden_places(d, seat);
    if places.len() < 2 {
        return None;
    }
    let mut i = rng.below(places.len() as u32) as usize;
    // The skus often: who holds it is what the demand round must hide.
    if rng.below(3) == 0 {
        if let Some(k) = places.iter().position(|p| p.contains(Card::SKUS)) {
            i = k;
        }
    }
    let j = (i + 1 + rng.below(places.len() as u32 - 1) as usize) % places.len();
    let x = if places[i].contains(Card::SKUS) && rng.below(2) == 0 {
        Card::SKUS
    } else {
        places[i].nth(rng.below(places[i].len())).unwrap()
    };
    let same: CardSet = places[j].iter().filter(|&c| class(c) == class(x)).collect();
    let from = if !same.is_empty() && rng.below(2) == 0 {
        same
    } else {
        places[j]
    };
    let y = from.nth(rng.below(from.len())).unwrap();
    Some((x, y))
}

/// Why the swap of `x` and `y` has become public by a rule after `last`, if it has.
fn shown_by_a_rule(a: &Deal, b: &Deal, x: Card, y: Card, last: Action) -> Option<&'static str> {
    let swapped = CardSet::single(x).with(y);
    let laid = !matches!(a.phase(), Phase::Redeal | Phase::Skat);
    if !((a.played() | b.played()) & swapped).is_empty() {
        return Some("a swapped card was played");
    }
    // Declarations are computed from the hands kept and shown to all once the skat is laid
    // (000 §7; 003 §6; docs/rules/danish.md §7).
    if laid && (0..3).any(|s| a.declarations(s) != b.declarations(s)) {
        return Some("a declaration changed");
    }
    if laid && a.announced() != b.announced() {
        return Some("the dealer announced other skat cards (000 L512; 003 D-JC-8)");
    }
    // That trumps were laid is told; how many only under the preset's switch (000 L545-546;
    // 001 L421; 003 L30 p.11; docs/rules/danish.md §6).
    let (ta, tb) = (a.skat().trumps().len(), b.skat().trumps().len());
    if laid && ((ta > 0) != (tb > 0) || (a.rules().skat_disclose_trump_count && ta != tb)) {
        return Some("the skat's trumps are told");
    }
    // A third hand's rename makes the second take back his card if he holds the new suit
    // (000 L597-599; 003 D-JC-6).
    if matches!(last, Action::Rename(_)) && a.trick().n != b.trick().n {
        return Some("the second hand took back his card");
    }
    // Holding the skus alone, the winner of trick 24 passes the lead (000 L588-590).
    if a.rules().skus_last_trick == LastTrickSkus::LeadPasses
        && a.trick_no() == 25
        && a.trick().leader != b.trick().leader
    {
        return Some("the lead passed in trick 25");
    }
    None
}

#[derive(Default, Debug)]
struct Tally {
    swaps: u32,
    /// Views compared after the skat was laid.
    compared_in_play: u32,
    /// Swaps with a skat card, compared after the skat was laid.
    skat_swaps_in_play: u32,
    /// Swaps that change the number of trumps laid where only that trumps were laid is told.
    untold_trump_count: u32,
    /// Views compared in the skus demand round, with the skus one of the two cards.
    demand_round_skus: u32,
    /// Why the comparisons stopped.
    stops: std::collections::BTreeMap<&'static str, u32>,
    /// Swaps after which another set of seats holds no numbered trump: the redeal question
    /// must not tell the two deals apart.
    trumpless_changed: u32,
}

/// Replays `history` on the deck with `x` and `y` swapped and compares `seat`'s views.
fn check_swap(
    rules: Ruleset,
    deck: &[Card],
    history: &[Action],
    seat: u8,
    (x, y): (Card, Card),
    tally: &mut Tally,
    what: &str,
) {
    let mut swapped = deck.to_vec();
    let i = deck.iter().position(|&c| c == x).unwrap();
    let j = deck.iter().position(|&c| c == y).unwrap();
    swapped.swap(i, j);
    let mut a = Deal::new(rules, deck, DealOptions::default());
    let mut b = Deal::new(rules, &swapped, DealOptions::default());
    let trumpless = |d: &Deal| {
        (0..3)
            .map(|s| d.dealt(s).trumps().is_empty())
            .collect::<Vec<_>>()
    };
    if trumpless(&a) != trumpless(&b) {
        tally.trumpless_changed += 1;
    }
    tally.swaps += 1;
    let in_skat = |d: &Deal| d.skat().contains(x) || d.skat().contains(y);
    let mut counted_skat = false;
    let compare = |a: &Deal, b: &Deal, step: usize| {
        assert_eq!(
            format!("{:?}", a.view(seat)),
            format!("{:?}", b.view(seat)),
            "{what}: seat {seat} can tell {x} and {y} apart after {step} actions ({:?})",
            history.get(..step).and_then(|h| h.last())
        );
    };
    compare(&a, &b, 0);
    for (step, &act) in history.iter().enumerate() {
        a.apply(act).unwrap();
        if b.apply(swap_action(act, x, y)).is_err() {
            *tally
                .stops
                .entry("an action could not be replayed")
                .or_default() += 1;
            return;
        }
        if let Some(why) = shown_by_a_rule(&a, &b, x, y, act) {
            *tally.stops.entry(why).or_default() += 1;
            return;
        }
        compare(&a, &b, step + 1);
        if matches!(a.phase(), Phase::Demand { .. }) && (x.is_skus() || y.is_skus()) {
            tally.demand_round_skus += 1;
        }
        if matches!(
            a.phase(),
            Phase::Play | Phase::Demand { .. } | Phase::Over { .. }
        ) {
            tally.compared_in_play += 1;
            if !counted_skat && in_skat(&a) {
                counted_skat = true;
                tally.skat_swaps_in_play += 1;
                if a.skat().trumps().len() != b.skat().trumps().len() {
                    tally.untold_trump_count += 1;
                }
            }
        }
    }
    unreachable!("every card is played by the end");
}

fn run(rules: Ruleset, deals: u64) -> Tally {
    let preset = rules.preset;
    let mut tally = Tally::default();
    for n in 0..deals {
        let seed = n + 1_000_000 * preset as u64;
        let (deck, history) = random_deal(rules, seed);
        let mut rng = DealRng::derive(seed, 2);
        for seat in 0..3 {
            for _ in 0..2 {
                // The moment at which the two cards are hidden from the seat; often late,
                // so that both are still in play at the skus demand round.
                let n = history.len() as u32 + 1;
                let t = if rng.below(2) == 0 {
                    rng.below(n)
                } else {
                    n - 1 - rng.below(n / 3)
                } as usize;
                let mut d = Deal::new(rules, &deck, DealOptions::default());
                for &a in &history[..t] {
                    d.apply(a).unwrap();
                }
                if let Some(pair) = pick_swap(&d, seat, &mut rng) {
                    let what = format!("{} seed {seed}", preset.id());
                    check_swap(rules, &deck, &history, seat, pair, &mut tally, &what);
                }
            }
        }
    }
    tally
}

#[test]
fn no_view_tells_apart_two_hidden_cards_until_a_rule_shows_them() {
    for preset in Preset::ALL {
        let t = run(preset.ruleset(), 400);
        eprintln!("{}: {t:?}", preset.id());
        assert!(t.swaps > 2_000, "{}: {t:?}", preset.id());
        assert!(t.compared_in_play > 60_000, "{}: {t:?}", preset.id());
        assert!(t.skat_swaps_in_play > 400, "{}: {t:?}", preset.id());
        assert!(
            t.stops["a swapped card was played"] > 800,
            "{}: {t:?}",
            preset.id()
        );
        assert!(t.demand_round_skus > 5, "{}: {t:?}", preset.id());
        assert!(t.trumpless_changed > 0, "{}: {t:?}", preset.id());
        if !preset.ruleset().skat_disclose_trump_count {
            assert!(t.untold_trump_count > 0, "{}: {t:?}", preset.id());
        }
    }
}

/// A hand without numbered trumps *may* demand a redeal and "might prefer to try nolo" (003 §4;
/// 000 L426-428), so at a table a player who keeps such a hand says nothing. The engine once
/// asked only the trumpless hands, so every view showed who held no numbered trump; now every
/// seat is asked in turn, as the skus demand round asks all three to hide the holder
/// (docs/rules/danish.md §5, §9), and the views of the redeal round are the same.
#[test]
fn the_redeal_question_shows_who_has_no_trump() {
    let rules = Preset::Dtf2011.ruleset();
    let mut deck = tarok_core::shuffled(CardSet::PACK78, 7);
    let forhaand = |i: usize| i < 75 && (i / 5).is_multiple_of(3);
    let mellem = |i: usize| i < 75 && (i / 5) % 3 == 1;
    // Forhånd gets no numbered trump: each goes to mellemhånd for a plain card.
    for i in (0..78).filter(|&i| forhaand(i)) {
        if deck[i].is_trump() {
            let j = (0..78)
                .find(|&j| mellem(j) && deck[j].suit().is_some())
                .unwrap();
            deck.swap(i, j);
        }
    }
    let plain = (0..78).find(|&i| forhaand(i)).unwrap();
    let trump = (0..78).find(|&j| mellem(j) && deck[j].is_trump()).unwrap();
    let mut other = deck.clone();
    other.swap(plain, trump);
    let mut a = Deal::new(rules, &deck, DealOptions::default());
    let mut b = Deal::new(rules, &other, DealOptions::default());
    assert!(a.hand(0).trumps().is_empty() && !b.hand(0).trumps().is_empty());
    assert_eq!(a.phase(), Phase::Redeal);
    assert_eq!(a.current_player(), Some(0));
    // The dealer cannot tell the two deals apart by his own cards, nor by the question, while
    // forhånd keeps his hand silently and the others keep theirs.
    assert_eq!(a.hand(DEALER), b.hand(DEALER));
    loop {
        assert_eq!(
            format!("{:?}", a.view(DEALER)),
            format!("{:?}", b.view(DEALER)),
            "the dealer learns that forhånd holds no numbered trump"
        );
        if a.phase() != Phase::Redeal {
            break;
        }
        a.apply(Action::Keep).unwrap();
        b.apply(Action::Keep).unwrap();
    }
    assert_eq!(a.phase(), Phase::Skat);
}
