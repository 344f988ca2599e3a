//! Property tests over 10,000 random deals with random bidding (seeded loop): cards are conserved,
//! the settlement is zero-sum, the deck counts 70, a state that is not over has a legal action,
//! records replay to the identical state, and no view holds a hidden card.

use tarok_core::{CardSet, DealRng};
use tarok_koenigrufen::cards::{thirds, PACK};
use tarok_koenigrufen::contract::TalonUse;
use tarok_koenigrufen::family::random_deal;
use tarok_koenigrufen::record::Record;
use tarok_koenigrufen::scoring::party_piles;
use tarok_koenigrufen::{random_action, Contract, Deal, DealState, Item, Phase, Ruleset};

const DEALS: u64 = 10_000;

/// Every card is in exactly one place: a hand, the talon left over, the discard, a trick pile or
/// the current trick.
fn assert_conserved(s: &DealState, ctx: &str) {
    let mut places = vec![s.talon_left(), s.discard()];
    for seat in 0..4 {
        places.push(s.hand(seat));
    }
    if matches!(s.phase(), Phase::Play | Phase::Over) && !s.schleifen() {
        places.extend(s.play().taken);
        places.push(s.play().current_trick().iter().copied().collect());
    }
    let mut all = CardSet::EMPTY;
    let mut n = 0;
    for p in places {
        assert!((all & p).is_empty(), "{ctx}: a card is in two places");
        all |= p;
        n += p.len();
    }
    assert_eq!(all, PACK, "{ctx}: cards lost");
    assert_eq!(n, 54, "{ctx}");
}

/// The cards a seat may not see at this moment.
fn hidden_from(s: &DealState, seat: u8) -> CardSet {
    let mut hidden = CardSet::EMPTY;
    let ouvert_open = matches!(s.phase(), Phase::Play | Phase::Over)
        && s.contract().is_some_and(|c| c.is_ouvert())
        && s.play().tricks_done() >= 1;
    for other in 0..4u8 {
        if other != seat && !ouvert_open {
            hidden |= s.hand(other);
        }
    }
    let revealed_talon = s.talon_revealed();
    if revealed_talon {
        hidden -= s.talon()[0] | s.talon()[1];
    } else {
        // Unrevealed talon (Sechser, solo games, negative games): hidden from everyone but the
        // Sechser declarer who took it up.
        let sechser_decl = s.contract() == Some(Contract::Sechser)
            && s.declarer() == seat
            && s.phase() != Phase::Bidding;
        if !sechser_decl {
            hidden |= s.talon_left();
        }
    }
    if !(s.declarer() == seat
        && s.contract()
            .is_some_and(|c| c.talon_use() != TalonUse::None))
    {
        hidden |= s.discard() - s.shown_discard();
    }
    if revealed_talon {
        // Cards once shown in the open talon stay known wherever they went.
        hidden -= s.talon()[0] | s.talon()[1];
    }
    hidden
}

/// Cards every view of `seat` must show: its own hand and every card played to a trick.
fn public_to(s: &DealState, seat: u8) -> CardSet {
    let played = s
        .play()
        .taken
        .iter()
        .fold(CardSet::EMPTY, |all, &t| all | t);
    played | s.play().trick_set | s.hand(seat)
}

#[test]
fn random_deals_keep_every_invariant() {
    check_deals(Ruleset::spieleversum(), DEALS);
}

#[test]
fn the_alternative_switches_keep_every_invariant() {
    use tarok_koenigrufen::ruleset::*;
    let mut rs = Ruleset::spieleversum();
    rs.switches = Switches {
        colour_kaiserstich_needs_trull_lead: false,
        negative_early_end: false,
        vorhand_hold_piccolo_as_bei: false,
        vorhand_final_choice_any_game: false,
        besserrufer_is_opening_bid: false,
        besserrufer_schleifen_pays_game: false,
        solorufer_king_in_talon_void: SolorufKontraVoid::GameOnly,
        opponents_may_announce: false,
        colour_discard_uhu_kakadu: false,
        trischaken_tie: TieRule::PayThreeToEach,
        trischaken_tie_vorhand_doubles: true,
        trischaken_three_way_tie: ThreeWayTie::NoPayment,
        trischaken_tie_with_jungfrau: TieWithJungfrau::IgnoreJungfrau,
        trischaken_three_jungfrauen: ThreeJungfrauen::Ordinary,
        koenig_ultimo_own_king: true,
        sechser_renonce_split: false,
    };
    check_deals(rs, 2_000);
}

fn check_deals(rs: Ruleset, deals: u64) {
    let mut contracts = std::collections::BTreeMap::new();
    for seed in 0..deals {
        let mut deal = Deal::from_seed(rs, seed, (seed % 4) as u8);
        let mut rng = DealRng::derive(seed, 99);
        let mut steps = 0;
        while !deal.is_over() {
            let ctx = format!("seed {seed} step {steps}");
            assert_conserved(deal.state(), &ctx);
            let legal = deal.legal_actions();
            assert!(
                !legal.is_empty(),
                "{ctx}: no legal action in {:?}",
                deal.state().phase()
            );
            if deal.state().phase() == Phase::Play {
                // The allocation-free form agrees with the list.
                assert_eq!(
                    legal.len() as u32,
                    deal.state().play().legal_cards().len(),
                    "{ctx}"
                );
            }
            if steps % 7 == 0 {
                for seat in 0..4 {
                    let v = deal.view(seat);
                    let leak = v.cards_seen() & hidden_from(deal.state(), seat);
                    assert!(leak.is_empty(), "{ctx}: seat {seat} sees hidden {leak}");
                    // Nor does it hide what the seat may see, so the test above can fail.
                    let unseen = public_to(deal.state(), seat) - v.cards_seen();
                    assert!(unseen.is_empty(), "{ctx}: seat {seat} misses {unseen}");
                }
            }
            let a = random_action(deal.state(), &legal, &mut rng);
            deal.apply(a)
                .unwrap_or_else(|e| panic!("{ctx}: legal action {a} refused: {e}"));
            steps += 1;
            assert!(steps < 400, "seed {seed}: the deal does not end");
        }
        let s = deal.state();
        assert_conserved(s, &format!("seed {seed} end"));
        let b = deal.balances();
        assert_eq!(b.total(), 0, "seed {seed}: settlement not zero-sum");
        let lines = deal.settlement();
        assert!(lines.iter().all(|l| l.amount > 0));
        // The deck counts 70 points (210 thirds), however it is split.
        let c = s.contract().expect("a game");
        if !s.schleifen() {
            let total = if c.is_positive() {
                let (a, o) = party_piles(s);
                assert!((a & o).is_empty());
                thirds(a) + thirds(o)
            } else {
                s.play().taken.iter().map(|&p| thirds(p)).sum::<u32>()
                    + thirds(s.talon()[0] | s.talon()[1])
            };
            if s.play().tricks_done() == 12 {
                assert_eq!(total, 210, "seed {seed}");
            }
        }
        // Records replay to the identical state, in text and JSON.
        {
            let rec = Record::of(&deal);
            let from_text = Record::from_text(&rec.to_text()).unwrap().replay().unwrap();
            assert_eq!(from_text.state(), deal.state(), "seed {seed}: text record");
            let from_json = Record::from_json(&rec.to_json()).unwrap().replay().unwrap();
            assert_eq!(from_json.state(), deal.state(), "seed {seed}: JSON record");
            assert_eq!(from_json.history(), deal.history());
        }
        for seat in 0..4 {
            let leak = deal.view(seat).cards_seen() & hidden_from(s, seat);
            assert!(leak.is_empty(), "seed {seed} end: seat {seat} sees {leak}");
            let unseen = public_to(s, seat) - deal.view(seat).cards_seen();
            assert!(
                unseen.is_empty(),
                "seed {seed} end: seat {seat} misses {unseen}"
            );
        }
        *contracts.entry(c.rank()).or_insert(0u32) += 1;
    }
    // Random bidding reaches every one of the 14 games.
    assert_eq!(contracts.len(), 14, "{contracts:?}");
    assert!(
        contracts.values().all(|&n| n as u64 >= deals / 500),
        "{contracts:?}"
    );
}

#[test]
fn random_card_play_from_any_start_is_conserving_and_zero_sum() {
    // The hot path alone: PlayState::random_playout, as the benchmark runs it.
    let starts = tarok_koenigrufen::family::play_starts(300);
    let mut rng = DealRng::seed(5);
    for st in &starts {
        for _ in 0..10 {
            let mut s = *st;
            s.random_playout(&mut rng);
            assert_conserved(&s, "playout");
            let mut b = tarok_core::Balances::default();
            tarok_koenigrufen::scoring::settle(&s, &mut b);
            assert_eq!(b.total(), 0);
        }
    }
}

/// Kontra items: a game is an item only for a seat that declared it (any seat, 0 to 3; a JSON
/// record may name any number), owned by the declarer's party, or in a negative game by the
/// declarer alone (§10).
#[test]
fn only_declared_games_can_be_kontraed() {
    let mut declared_by = [0; 4];
    for seed in 0..400 {
        let s = *random_deal(Ruleset::spieleversum(), seed).state();
        let c = s.contract().unwrap();
        for d in 0..=u8::MAX {
            let owner = s.owner_side(Item::Game(d));
            if d < 4 && s.declarers() & (1 << d) != 0 {
                declared_by[d as usize] += 1;
                let side = if c.is_negative() { 1 << d } else { s.team() };
                assert_eq!(owner, Some(side), "seed {seed}, game of P{d}");
            } else {
                assert_eq!(owner, None, "seed {seed}, game of P{d}");
            }
        }
    }
    assert!(declared_by.iter().all(|&n| n > 0), "{declared_by:?}");
}
