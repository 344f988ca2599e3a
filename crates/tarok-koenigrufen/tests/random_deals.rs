//! Seeded random deals are a fixed point of the engine: the legal actions at every step, the
//! record and the balances of thousands of random deals hash to a value taken before the legal
//! actions of the bidding, the announcements and Kontra were listed by direct rule checks
//! (issue 30, item 6). A change of this hash is a change of the engine's behaviour.

use std::collections::BTreeSet;
use tarok_core::DealRng;
use tarok_koenigrufen::record::Record;
use tarok_koenigrufen::{random_action, Action, Deal, Ruleset};

/// FNV-1a, 64 bits: a hash that does not depend on the Rust version.
struct Fnv(u64);

impl Fnv {
    fn add(&mut self, text: &str) {
        for b in text.bytes() {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The default rules, and the rules with every switch that changes what is legal turned over.
fn rulesets() -> [Ruleset; 2] {
    let default = Ruleset::spieleversum();
    let mut other = default;
    let s = &mut other.switches;
    s.vorhand_hold_piccolo_as_bei = !s.vorhand_hold_piccolo_as_bei;
    s.vorhand_final_choice_any_game = !s.vorhand_final_choice_any_game;
    s.besserrufer_is_opening_bid = !s.besserrufer_is_opening_bid;
    s.opponents_may_announce = !s.opponents_may_announce;
    s.colour_discard_uhu_kakadu = !s.colour_discard_uhu_kakadu;
    s.koenig_ultimo_own_king = !s.koenig_ultimo_own_king;
    [default, other]
}

/// The kind of an action: its name in the records, without the argument.
fn kind(a: Action) -> String {
    let text = a.to_string();
    match a {
        Action::Play(_) => "play".into(),
        _ => text.split(':').next().expect("a name").to_string(),
    }
}

/// Plays `deals` random deals per ruleset, biased (as `random-game` plays) and uniform (as level 0
/// plays), and hashes every legal-action list on the way, the records and the balances. Also
/// returns the kinds of action chosen.
fn hash_of_random_deals(deals: u64) -> (u64, BTreeSet<String>) {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut kinds = BTreeSet::new();
    let mut legal = Vec::new();
    for rs in rulesets() {
        for seed in 0..deals {
            for uniform in [false, true] {
                let mut deal = Deal::from_seed(rs, seed, (seed % 4) as u8);
                let mut rng = DealRng::derive(seed, 1 + uniform as u64);
                while !deal.is_over() {
                    deal.state().legal_actions_into(&mut legal);
                    h.add(&format!("{legal:?}"));
                    let a = if uniform {
                        tarok_core::Below::pick(&mut rng, &legal).expect("an action")
                    } else {
                        random_action(deal.state(), &legal, &mut rng)
                    };
                    kinds.insert(kind(a));
                    deal.apply(a).expect("legal");
                }
                h.add(&Record::of(&deal).to_text());
                h.add(&format!("{:?}", deal.balances()));
            }
        }
    }
    (h.0, kinds)
}

#[test]
fn seeded_random_deals_are_unchanged() {
    let (hash, kinds) = hash_of_random_deals(1000);
    // Every kind of action occurs, so that every listing is checked.
    let all = [
        "vorhand",
        "pass",
        "hold",
        "bei",
        "bid",
        "call",
        "schleifen",
        "half",
        "discard",
        "announce",
        "kontra",
        "re",
        "subkontra",
        "ultimo",
        "gut",
        "play",
    ];
    assert_eq!(kinds, all.iter().map(|k| k.to_string()).collect());
    assert_eq!(
        hash, 423_516_338_849_264_270,
        "taken before issue 30, item 6"
    );
}
