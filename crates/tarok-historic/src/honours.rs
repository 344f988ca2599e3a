//! Honours (*Honneurer*, spec §2.4, 002 L113-131, L157-159, L187-190): what a hand may
//! declare and what each declaration is worth.
//!
//! Honours are declared after the Scat is laid, dealer first, then in playing order, before
//! the first lead (002 L157-159). Declaring is voluntary; an honour not declared is lost
//! (JC-13). The engine only offers honours the hand holds, so over-declaring (002 L174) cannot
//! happen.

use crate::ruleset::Ruleset;
use serde::Serialize;
use std::fmt;
use tarok_core::{Card, CardSet, Suit};

/// One declarable honour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HonourKind {
    /// Matadors: XXI + Pagat + Scus = 10, +5 for each of XX, XIX, … in unbroken sequence
    /// (002 L113-115).
    Matadors,
    /// 10 Tarocks "paa eengang" in hand = 10, flat for 10 or more (002 L115-117, JC-12).
    Tarocks,
    /// 4 Kings (10), or 3 Kings + Scus (5 by JC-12) (002 L168, L187-188).
    Kings,
    /// Cavallerie of one suit: K D C V whole 10; K + two of D/C/V + Scus half 5; K D C V + Scus
    /// scused 20 (002 L118-123, L188-190).
    Cavallerie(Suit),
    /// Variant "7 Konger og Matadorer fra neden" (002 L124-131): the 3 main matadors, renamed
    /// "3 Honneurs", pay 10.
    Honneurs,
    /// Variant: Matadors from above, XXI, XX, XIX, … (3 = 10, +5 each; with the Scus filling
    /// one gap, "scused": 3 = 5, +5 each).
    MatadorsFromAbove,
    /// Variant: Matadors from below, I, II, III, … (as from above).
    MatadorsFromBelow,
    /// Variant: the "7 Kings" are the four Kings, XXI, Pagat and Scus: 3 pay 5, 4 pay 10, +5
    /// for each further one ("o.s.v.").
    SevenKings,
}

impl HonourKind {
    /// Every honour, in declaring order.
    pub const ALL: [HonourKind; HonourKind::COUNT] = [
        HonourKind::Matadors,
        HonourKind::Tarocks,
        HonourKind::Kings,
        HonourKind::Cavallerie(Suit::Spar),
        HonourKind::Cavallerie(Suit::Hjerter),
        HonourKind::Cavallerie(Suit::Ruder),
        HonourKind::Cavallerie(Suit::Kloer),
        HonourKind::Honneurs,
        HonourKind::MatadorsFromAbove,
        HonourKind::MatadorsFromBelow,
        HonourKind::SevenKings,
    ];

    /// Number of honour kinds.
    pub const COUNT: usize = 11;

    /// Slot 0..7 in per-seat tables.
    pub const fn index(self) -> usize {
        match self {
            HonourKind::Matadors => 0,
            HonourKind::Tarocks => 1,
            HonourKind::Kings => 2,
            HonourKind::Cavallerie(s) => 3 + s as usize,
            HonourKind::Honneurs => 7,
            HonourKind::MatadorsFromAbove => 8,
            HonourKind::MatadorsFromBelow => 9,
            HonourKind::SevenKings => 10,
        }
    }

    /// The notation used in actions: `matadors`, `tarocks`, `kings`, `cavallerie-S`.
    pub fn parse(text: &str) -> Option<HonourKind> {
        let t = text.trim().to_lowercase();
        match t.as_str() {
            "matadors" | "matadorer" => Some(HonourKind::Matadors),
            "tarocks" | "tarocker" | "10-tarocks" => Some(HonourKind::Tarocks),
            "kings" | "konger" => Some(HonourKind::Kings),
            "honneurs" => Some(HonourKind::Honneurs),
            "matadors-from-above" => Some(HonourKind::MatadorsFromAbove),
            "matadors-from-below" => Some(HonourKind::MatadorsFromBelow),
            "seven-kings" => Some(HonourKind::SevenKings),
            _ => {
                let s = t
                    .strip_prefix("cavallerie-")
                    .or_else(|| t.strip_prefix("cavallerie "))?;
                Suit::parse(s).map(HonourKind::Cavallerie)
            }
        }
    }
}

impl fmt::Display for HonourKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HonourKind::Matadors => f.write_str("matadors"),
            HonourKind::Tarocks => f.write_str("tarocks"),
            HonourKind::Kings => f.write_str("kings"),
            HonourKind::Cavallerie(s) => write!(f, "cavallerie-{}", s.letter()),
            HonourKind::Honneurs => f.write_str("honneurs"),
            HonourKind::MatadorsFromAbove => f.write_str("matadors-from-above"),
            HonourKind::MatadorsFromBelow => f.write_str("matadors-from-below"),
            HonourKind::SevenKings => f.write_str("seven-kings"),
        }
    }
}

impl Serialize for HonourKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// What one honour in one hand is worth, and whether it needs the Scus.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Assessment {
    pub value: u8,
    pub uses_scus: bool,
}

/// The honour `kind` in `hand`, if the hand holds it. `scus_free`: the Scus is in the hand and
/// not yet spent on another honour (see `Ruleset::scus_in_several_honours`).
pub fn assess(
    kind: HonourKind,
    hand: CardSet,
    scus_free: bool,
    rules: &Ruleset,
) -> Option<Assessment> {
    let scus = scus_free && hand.contains(Card::SKUS);
    let a = |value, uses_scus| Some(Assessment { value, uses_scus });
    let seven = rules.seven_kings;
    match kind {
        HonourKind::Matadors | HonourKind::Kings if seven => None,
        HonourKind::Honneurs
        | HonourKind::MatadorsFromAbove
        | HonourKind::MatadorsFromBelow
        | HonourKind::SevenKings
            if !seven =>
        {
            None
        }
        HonourKind::Honneurs => {
            if !(scus && hand.contains(Card::T21) && hand.contains(Card::PAGAT)) {
                return None;
            }
            a(10, true)
        }
        HonourKind::MatadorsFromAbove => variant_run(hand, scus, (2..=21).rev()),
        HonourKind::MatadorsFromBelow => variant_run(hand, scus, 1..=20),
        HonourKind::SevenKings => {
            // The Scus is one of the seven itself (002 L126), not a stand-in.
            let others = CardSet::KINGS.with(Card::T21).with(Card::PAGAT);
            let k = (hand & others).len() as u8 + u8::from(scus);
            if k < 3 {
                return None;
            }
            a(5 * (k - 2), scus)
        }
        HonourKind::Matadors => {
            if !(scus && hand.contains(Card::T21) && hand.contains(Card::PAGAT)) {
                return None;
            }
            a(10 + 5 * matador_run(hand), true)
        }
        HonourKind::Tarocks => {
            let t = hand.trumps().len();
            if t >= 10 {
                a(10, false)
            } else if t == 9 && scus && rules.scus_counts_as_tarock {
                a(10, true)
            } else {
                None
            }
        }
        HonourKind::Kings => {
            let k = (hand & CardSet::KINGS).len();
            if k == 4 && rules.four_kings > 0 {
                a(rules.four_kings, false)
            } else if k == 3 && scus && rules.three_kings_and_scus > 0 {
                a(rules.three_kings_and_scus, true)
            } else {
                None
            }
        }
        HonourKind::Cavallerie(s) => {
            let courts = hand & CardSet::courts(s);
            if !courts.contains(Card::king(s)) {
                // The Scus may stand in for any of them, "Kongen undtagen" (002 L120).
                return None;
            }
            match courts.len() {
                4 if scus && rules.scused_cavallerie => a(20, true),
                4 => a(10, false),
                3 if rules.half_scused_cavallerie => a(10, false),
                3 if scus => a(5, true),
                _ => None,
            }
        }
    }
}

/// A run of the variant "Matadors fra neden" (002 L124-131) over trumps `seq` (XXI down, or
/// I up). Whole: 3 = 10, +5 each. The Scus may fill one missing card, never the first (XXI or
/// the Pagat); such a "scused" run pays 5 for 3, +5 each. The better of the two is declared.
fn variant_run(
    hand: CardSet,
    scus: bool,
    seq: impl Iterator<Item = u8> + Clone,
) -> Option<Assessment> {
    let run = |may_fill: bool| {
        let mut len = 0u8;
        let mut filled = false;
        for (i, t) in seq.clone().enumerate() {
            if hand.contains(Card::trump(t)) {
                len += 1;
            } else if may_fill && !filled && i > 0 {
                filled = true;
                len += 1;
            } else {
                break;
            }
        }
        (len, filled)
    };
    let (whole, _) = run(false);
    let whole_value = if whole >= 3 { 10 + 5 * (whole - 3) } else { 0 };
    let (scused, used) = if scus { run(true) } else { (0, false) };
    let scused_value = if scused >= 3 && used {
        5 + 5 * (scused - 3)
    } else {
        0
    };
    if whole_value == 0 && scused_value == 0 {
        None
    } else if scused_value > whole_value {
        Some(Assessment {
            value: scused_value,
            uses_scus: true,
        })
    } else {
        Some(Assessment {
            value: whole_value,
            uses_scus: false,
        })
    }
}

/// Number of further Matadors XX, XIX, … held in unbroken sequence (002 L115).
pub fn matador_run(hand: CardSet) -> u8 {
    let mut n = 0;
    let mut t = 20;
    while t >= 2 && hand.contains(Card::trump(t)) {
        n += 1;
        t -= 1;
    }
    n
}

/// The honours a fresh hand could declare, in declaring order, with the Scus spent greedily
/// when it may serve only once. For displays (`tarok deal`), not for play.
pub fn available(hand: CardSet, rules: &Ruleset) -> Vec<(HonourKind, u8)> {
    let mut scus_free = true;
    let mut out = Vec::new();
    for k in HonourKind::ALL {
        if let Some(a) = assess(k, hand, scus_free, rules) {
            if a.uses_scus && !rules.scus_in_several_honours {
                scus_free = false;
            }
            out.push((k, a.value));
        }
    }
    out
}
