//! An independent, plain reading of the play rules (§12) checked against the engine's bit-mask
//! rules on random play: the legal cards at every step and the winner of every trick, in the
//! positive, negative and colour games, with announced birds and both Kaiserstich readings.

use tarok_core::{Card, CardSet, DealRng};
use tarok_koenigrufen::cards::{MOND, PACK, PAGAT, SKUES};
use tarok_koenigrufen::contract::PlayMode;
use tarok_koenigrufen::play::{Kaiser, PlayState};
use tarok_koenigrufen::RuleError;

fn tarock(c: Card) -> bool {
    c.suit().is_none()
}

/// Same suit, the tarocks counting as one suit.
fn follows(c: Card, led: Card) -> bool {
    c.suit() == led.suit()
}

/// Does `c` beat the card `w` that wins so far (ranks only, no Kaiserstich)? Within a suit a
/// higher id is a higher card (DECK-4/5 in golden.rs).
fn beats(mode: PlayMode, c: Card, w: Card, led: Card) -> bool {
    match mode {
        // Colour games: tarock is a fifth suit that trumps nothing [L330].
        PlayMode::Colour => follows(c, led) && follows(w, led) && c.index() > w.index(),
        _ => {
            if tarock(c) {
                !tarock(w) || c.index() > w.index()
            } else {
                !tarock(w) && follows(c, led) && c.index() > w.index()
            }
        }
    }
}

fn best(mode: PlayMode, trick: &[Card]) -> Card {
    let mut w = trick[0];
    for &c in &trick[1..] {
        if beats(mode, c, w, trick[0]) {
            w = c;
        }
    }
    w
}

fn winner(mode: PlayMode, kaiser: Kaiser, trick: &[Card]) -> usize {
    let trull = [SKUES, MOND, PAGAT];
    let applies = match kaiser {
        Kaiser::Never => false,
        Kaiser::Always => true,
        Kaiser::TrullLed => trull.contains(&trick[0]),
        Kaiser::TarockLed => tarock(trick[0]),
    };
    let w = if applies && trull.iter().all(|t| trick.contains(t)) {
        PAGAT
    } else {
        best(mode, trick)
    };
    trick.iter().position(|&c| c == w).unwrap()
}

fn legal(mode: PlayMode, hand: &[Card], trick: &[Card], guard: &[Card]) -> Vec<Card> {
    let pick =
        |f: &dyn Fn(Card) -> bool| hand.iter().copied().filter(|&c| f(c)).collect::<Vec<_>>();
    let has_tarock = hand.iter().any(|&c| tarock(c));
    let mut cands = match (mode, trick.first()) {
        // Colour games: tarock is led only when no suit card is left [L330].
        (PlayMode::Colour, None) if hand.iter().any(|&c| !tarock(c)) => pick(&|c| !tarock(c)),
        (_, None) => hand.to_vec(),
        (_, Some(&led)) => {
            let f = pick(&|c| follows(c, led));
            if !f.is_empty() {
                f
            } else if !tarock(led) && has_tarock {
                pick(&|c| tarock(c))
            } else {
                hand.to_vec()
            }
        }
    };
    match mode {
        PlayMode::Negative => {
            // The Pagat only as the last tarock [L312]; Stichzwang [L310].
            if hand.iter().filter(|&&c| tarock(c)).count() > 1 {
                cands.retain(|&c| c != PAGAT);
            }
            if let Some(&led) = trick.first() {
                let w = best(mode, trick);
                let b: Vec<Card> = cands
                    .iter()
                    .copied()
                    .filter(|&c| beats(mode, c, w, led))
                    .collect();
                if !b.is_empty() {
                    cands = b;
                }
            }
        }
        PlayMode::Positive => {
            // Announced birds are given up from the highest down [L401].
            let mut held: Vec<Card> = guard.iter().copied().filter(|c| hand.contains(c)).collect();
            if held.len() >= 2 {
                held.sort_by_key(|c| c.index());
                let lower = &held[..held.len() - 1];
                let kept: Vec<Card> = cands
                    .iter()
                    .copied()
                    .filter(|c| !lower.contains(c))
                    .collect();
                if !kept.is_empty() {
                    cands = kept;
                }
            }
        }
        PlayMode::Colour => {}
    }
    cands
}

/// The rule that forbids `card` (held, but not among the legal cards), as the refusal names it:
/// the Pagat's rule first in negative games, then following suit, then playing a tarock, then
/// Stichzwang in negative games; what remains is the colour games' lead or the birds' order.
fn reason(mode: PlayMode, hand: &[Card], trick: &[Card], card: Card) -> RuleError {
    let tarocks = hand.iter().filter(|&&c| tarock(c)).count();
    if mode == PlayMode::Negative && card == PAGAT && tarocks > 1 {
        return RuleError::PagatNotLast;
    }
    match trick.first() {
        None if mode == PlayMode::Colour => RuleError::ColourTarockLead,
        None => RuleError::BirdOrder,
        Some(&led) => {
            let can_follow = hand.iter().any(|&c| follows(c, led));
            if can_follow && !follows(card, led) {
                RuleError::MustFollowSuit
            } else if !can_follow && !tarock(led) && tarocks > 0 && !tarock(card) {
                RuleError::MustPlayTarock
            } else if mode == PlayMode::Negative {
                RuleError::MustBeat
            } else {
                RuleError::BirdOrder
            }
        }
    }
}

#[test]
fn the_engine_plays_by_a_plain_reading_of_the_rules() {
    let modes = [
        (PlayMode::Positive, Kaiser::Always),
        (PlayMode::Negative, Kaiser::Never),
        (PlayMode::Colour, Kaiser::TrullLed),
        (PlayMode::Colour, Kaiser::TarockLed),
    ];
    let mut tricks_checked = 0;
    // Tricks with the whole Trull, per mode: the Kaiserstich readings must be exercised.
    let mut trull_tricks = [0; 4];
    // Each refusal's reason, counted, so that every one of them is checked.
    let mut refusals = std::collections::BTreeMap::new();
    for seed in 0..3000u64 {
        let mut rng = DealRng::seed(seed);
        let deck = tarok_core::shuffled(PACK, seed);
        let (mode, kaiser) = modes[(seed % 4) as usize];
        let mut hands: [Vec<Card>; 4] = Default::default();
        let leader = rng.below(4) as u8;
        if seed % 3 == 0 {
            // Every third deal brings the Trull together: the leader holds the Sküs and only
            // tarocks, the next two players the Mond or the Pagat as their only tarock.
            let l = leader as usize;
            let trull = [SKUES, MOND, PAGAT];
            let tarocks: Vec<Card> = deck
                .iter()
                .copied()
                .filter(|&c| tarock(c) && !trull.contains(&c))
                .collect();
            let suits: Vec<Card> = deck.iter().copied().filter(|&c| !tarock(c)).collect();
            hands[l] = [vec![SKUES], tarocks[..11].to_vec()].concat();
            hands[(l + 1) % 4] = [vec![MOND], suits[..11].to_vec()].concat();
            hands[(l + 2) % 4] = [vec![PAGAT], suits[11..22].to_vec()].concat();
            hands[(l + 3) % 4] = [tarocks[11..19].to_vec(), suits[22..26].to_vec()].concat();
        } else if seed % 3 == 1 {
            // Every third deal the leader holds only plain tarocks and the three others the Sküs,
            // the Mond and the Pagat: a tarock led, the Trull following (A26 tells them apart).
            let l = leader as usize;
            let trull = [SKUES, MOND, PAGAT];
            let tarocks: Vec<Card> = deck
                .iter()
                .copied()
                .filter(|&c| tarock(c) && !trull.contains(&c))
                .collect();
            let suits: Vec<Card> = deck.iter().copied().filter(|&c| !tarock(c)).collect();
            hands[l] = tarocks[..12].to_vec();
            hands[(l + 1) % 4] = [vec![SKUES], suits[..11].to_vec()].concat();
            hands[(l + 2) % 4] = [vec![MOND], suits[11..22].to_vec()].concat();
            hands[(l + 3) % 4] = [vec![PAGAT, tarocks[12]], suits[22..32].to_vec()].concat();
        } else {
            for (i, &c) in deck[..48].iter().enumerate() {
                hands[i % 4].push(c);
            }
        }
        let sets = hands.clone().map(|h| h.into_iter().collect::<CardSet>());
        let mut p = PlayState::new(mode, kaiser, sets, leader);
        let guard: Vec<Card> = if mode == PlayMode::Positive {
            tarok_koenigrufen::cards::BIRDS
                .iter()
                .filter(|_| rng.below(2) == 0)
                .collect()
        } else {
            Vec::new()
        };
        p.bird_guard = guard.iter().copied().collect();
        let mut trick: Vec<Card> = Vec::new();
        let mut lead = leader as usize;
        while !p.is_over() {
            let seat = p.to_act() as usize;
            let mut want = legal(mode, &hands[seat], &trick, &guard);
            want.sort_by_key(|c| c.index());
            let got: Vec<Card> = p.legal_cards().iter().collect();
            assert_eq!(
                got, want,
                "seed {seed} {mode:?} seat {seat} trick {trick:?}"
            );
            for &c in hands[seat].iter().filter(|c| !want.contains(c)) {
                let why = reason(mode, &hands[seat], &trick, c);
                *refusals.entry(format!("{why:?}")).or_insert(0) += 1;
                assert_eq!(
                    p.why_illegal(c),
                    why,
                    "seed {seed} {mode:?} {c} on {trick:?}"
                );
            }
            let elsewhere = PACK.iter().find(|c| !hands[seat].contains(c)).unwrap();
            assert_eq!(p.why_illegal(elsewhere), RuleError::NotInHand(elsewhere));
            // Prefer Trull cards now and then, so that Kaiserstich tricks occur.
            let trull_first = got
                .iter()
                .copied()
                .find(|c| [SKUES, MOND, PAGAT].contains(c));
            let card = match trull_first {
                Some(c) if rng.below(4) != 0 => c,
                _ => got[rng.below(got.len() as u32) as usize],
            };
            p.play(card).unwrap();
            hands[seat].retain(|&c| c != card);
            trick.push(card);
            if trick.len() == 4 {
                let t = p.tricks_done() as usize - 1;
                let w = (lead + winner(mode, kaiser, &trick)) % 4;
                assert_eq!(
                    p.winners[t] as usize, w,
                    "seed {seed} {mode:?} trick {trick:?}"
                );
                if [SKUES, MOND, PAGAT].iter().all(|c| trick.contains(c)) {
                    trull_tricks[(seed % 4) as usize] += 1;
                }
                lead = w;
                trick.clear();
                tricks_checked += 1;
            }
        }
    }
    assert_eq!(tricks_checked, 3000 * 12);
    assert!(trull_tricks.iter().all(|&n| n >= 20), "{trull_tricks:?}");
    assert_eq!(refusals.len(), 6, "{refusals:?}");
}
