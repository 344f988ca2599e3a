//! Declarations (meldinger): what a hand must declare, and its value from each opponent
//! (000 §7, L447-485, L2359-2374; 003 §6, L30-32 pp.11-12).

use crate::ruleset::Ruleset;
use serde::Serialize;
use std::fmt;
use tarok_core::{Card, CardSet, Rank, Suit};

/// The cards a suit declaration is made of: the court cards (*billedkort*) of a suit, or the kings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum MeldSet {
    Suit(Suit),
    Kings,
}

impl MeldSet {
    pub fn cards(self) -> CardSet {
        match self {
            MeldSet::Suit(s) => CardSet::courts(s),
            MeldSet::Kings => CardSet::KINGS,
        }
    }
}

/// One declaration.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Declaration {
    /// *Tarokker*: `n` ≥ 10 trumps, the skus counting as one when a numbered trump is held;
    /// said "med/uden pagat" (000 L448-454).
    Tarokker { n: u8, pagat: bool },
    /// *Matadorer*: T21, the pagat and the skus, plus the unbroken run from T20 down (000 L457-462).
    Matadorer { m: u8 },
    /// *Halvt*: exactly three of the four cards plus the skus; names the missing card
    /// (000 L463-470; a missing king is "den dumme").
    Halvt { set: MeldSet, missing: Card },
    /// *Helt / fuldt*: all four cards, without the skus (000 L475-478).
    Fuldt { set: MeldSet },
    /// *Sprøjte / overfyldt*: all four cards plus the skus (000 L479-485).
    Sproejte { set: MeldSet },
}

impl Declaration {
    /// Value from each opponent (000 L2359-2374; 003 p.12).
    pub fn value(self) -> i32 {
        match self {
            Declaration::Tarokker { n, .. } => 10 + 5 * (n as i32 - 10),
            Declaration::Matadorer { m } => 10 + 5 * (m as i32 - 3),
            Declaration::Halvt { .. } => 5,
            Declaration::Fuldt { .. } => 10,
            Declaration::Sproejte { .. } => 15,
        }
    }

    /// The cards of the hand this declaration rests on: these may not be laid in the skat
    /// unless unavoidable (000 L511-512). Only suit declarations protect cards that the other
    /// skat rules do not already protect.
    pub fn cards(self, hand: CardSet) -> CardSet {
        match self {
            Declaration::Tarokker { .. } => hand.trumps().with(Card::SKUS) & hand,
            Declaration::Matadorer { m } => {
                let mut set = CardSet::single(Card::PAGAT).with(Card::SKUS);
                for n in (21 - (m - 3))..=21 {
                    set.insert(Card::trump(n));
                }
                set
            }
            Declaration::Halvt { set, .. }
            | Declaration::Fuldt { set }
            | Declaration::Sproejte { set } => (set.cards() & hand).with(Card::SKUS) & hand,
        }
    }
}

fn meld_name(set: MeldSet) -> String {
    match set {
        MeldSet::Suit(s) => s.danish().to_string(),
        MeldSet::Kings => "konger".to_string(),
    }
}

fn card_name(c: Card) -> &'static str {
    match c.rank() {
        Some(Rank::Konge) => "kongen",
        Some(Rank::Dame) => "damen",
        Some(Rank::Caval) => "cavallen",
        _ => "knægten",
    }
}

/// The words a table says its declarations in: the engine keys declarations by Møller's
/// (`Display`), and a federation table hears its sheet's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Wording {
    /// Møller's book (000 L447-485): "11 tarokker med pagat", "3 matadorer", "halvt i klør
    /// uden damen", "fuldt i ruder", "sprøjte i konger".
    Moeller,
    /// The federation's sheet (003 L30, p.11; docs/rules/danish.md §7): "11 med",
    /// "3 store", "halve klør, mangler damen", "fulde ruder", "overfyldte konger".
    Dtf,
}

impl Declaration {
    /// The declaration in `wording`'s words.
    pub fn worded(self, wording: Wording) -> String {
        if wording == Wording::Moeller {
            return self.to_string();
        }
        match self {
            Declaration::Tarokker { n, pagat } => {
                format!("{n} {}", if pagat { "med" } else { "uden" })
            }
            Declaration::Matadorer { m } => format!("{m} store"),
            Declaration::Halvt {
                set: MeldSet::Kings,
                missing,
            } => format!(
                "halve konger, mangler {}",
                missing.suit().map_or("?", |s| s.danish())
            ),
            Declaration::Halvt { set, missing } => {
                format!("halve {}, mangler {}", meld_name(set), card_name(missing))
            }
            Declaration::Fuldt { set } => format!("fulde {}", meld_name(set)),
            Declaration::Sproejte { set } => format!("overfyldte {}", meld_name(set)),
        }
    }
}

impl fmt::Display for Declaration {
    /// The words a player says, in Danish (Møller's; see [`Wording`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Declaration::Tarokker { n, pagat } => {
                write!(
                    f,
                    "{n} tarokker {} pagat",
                    if pagat { "med" } else { "uden" }
                )
            }
            Declaration::Matadorer { m } => write!(f, "{m} matadorer"),
            Declaration::Halvt {
                set: MeldSet::Kings,
                missing,
            } => {
                write!(
                    f,
                    "halvt i konger uden {}",
                    missing.suit().map_or("?", |s| s.danish())
                )
            }
            Declaration::Halvt { set, missing } => {
                write!(f, "halvt i {} uden {}", meld_name(set), card_name(missing))
            }
            Declaration::Fuldt { set } => write!(f, "fuldt i {}", meld_name(set)),
            Declaration::Sproejte { set } => write!(f, "sprøjte i {}", meld_name(set)),
        }
    }
}

/// The declarations of one hand: at most one tarok, one matador, four suit and one kings
/// declaration. Fixed capacity so that it is `Copy` and never allocates.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Declarations {
    items: [Option<Declaration>; 7],
    len: u8,
}

impl Declarations {
    fn push(&mut self, d: Declaration) {
        self.items[self.len as usize] = Some(d);
        self.len += 1;
    }

    pub fn iter(&self) -> impl Iterator<Item = Declaration> + '_ {
        self.items[..self.len as usize]
            .iter()
            .map(|d| d.expect("filled"))
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Total value from each opponent.
    pub fn value(&self) -> i32 {
        self.iter().map(Declaration::value).sum()
    }

    pub fn from_list(list: &[Declaration]) -> Declarations {
        let mut d = Declarations::default();
        for &x in list {
            d.push(x);
        }
        d
    }
}

impl Serialize for Declarations {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(|d| d.to_string()))
    }
}

/// Number of trumps for the tarok declaration: numbered trumps plus the skus, which counts
/// only when a numbered trump is held (000 L448, L578, L581-583).
pub fn tarok_count(hand: CardSet) -> u8 {
    let n = hand.trumps().len() as u8;
    if n > 0 && hand.contains(Card::SKUS) {
        n + 1
    } else {
        n
    }
}

/// Every declaration the hand must make, in the order tarokker, matadorer, suits S H R K, kings.
pub fn declarations(hand: CardSet, rules: &Ruleset) -> Declarations {
    let mut out = Declarations::default();
    let n = tarok_count(hand);
    if n >= 10 {
        out.push(Declaration::Tarokker {
            n,
            pagat: hand.contains(Card::PAGAT),
        });
    }
    let skus = hand.contains(Card::SKUS);
    if skus && hand.contains(Card::PAGAT) && hand.contains(Card::T21) {
        let mut m = 3;
        while m < 22 && hand.contains(Card::trump(21 - (m - 2))) {
            m += 1;
        }
        out.push(Declaration::Matadorer { m });
    }
    let mut kings_in_suit_melds = CardSet::EMPTY;
    for suit in Suit::ALL {
        let set = MeldSet::Suit(suit);
        if let Some(d) = meld(set, hand, skus) {
            kings_in_suit_melds.insert(Card::king(suit));
            out.push(d);
        }
    }
    let kings_hand = if rules.king_in_two_melds {
        hand
    } else {
        hand - kings_in_suit_melds
    };
    if let Some(d) = meld(MeldSet::Kings, kings_hand, skus) {
        out.push(d);
    }
    out
}

fn meld(set: MeldSet, hand: CardSet, skus: bool) -> Option<Declaration> {
    let held = hand & set.cards();
    match (held.len(), skus) {
        (4, true) => Some(Declaration::Sproejte { set }),
        (4, false) => Some(Declaration::Fuldt { set }),
        (3, true) => Some(Declaration::Halvt {
            set,
            missing: (set.cards() - held).lowest().expect("one missing"),
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Preset;

    fn decl(hand: &str) -> Vec<String> {
        declarations(CardSet::parse(hand).unwrap(), &Preset::Dtf2011.ruleset())
            .iter()
            .map(|d| d.to_string())
            .collect()
    }

    fn values(hand: &str) -> Vec<i32> {
        declarations(CardSet::parse(hand).unwrap(), &Preset::Dtf2011.ruleset())
            .iter()
            .map(|d| d.value())
            .collect()
    }

    /// The federation's wording, each example of its sheet (003 L30, p.11;
    /// docs/rules/danish.md §7), for the hand that declares it.
    #[test]
    fn the_federation_says_its_sheets_words() {
        let dtf = |hand: &str| -> Vec<String> {
            declarations(CardSet::parse(hand).unwrap(), &Preset::Dtf2011.ruleset())
                .iter()
                .map(|d| d.worded(Preset::Dtf2011.wording()))
                .collect()
        };
        assert_eq!(dtf("T2 T3 T4 T5 T6 T7 T8 T9 T10 X"), ["10 uden"]);
        assert_eq!(dtf("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"), ["12 med"]);
        assert_eq!(dtf("T21 T1 X"), ["3 store"]);
        assert_eq!(dtf("SK HK RK KK X"), ["overfyldte konger"]);
        assert_eq!(dtf("HK HD HC HKn X"), ["overfyldte hjerter"]);
        assert_eq!(dtf("SK HK RK KK"), ["fulde konger"]);
        assert_eq!(dtf("RK RD RC RKn"), ["fulde ruder"]);
        assert_eq!(dtf("SK HK KK X"), ["halve konger, mangler ruder"]);
        assert_eq!(dtf("KK KC KKn X"), ["halve klør, mangler damen"]);
        // Møller's presets keep his words.
        for p in [Preset::Moeller, Preset::Hjoerring2016] {
            let d = Declaration::Sproejte {
                set: MeldSet::Kings,
            };
            assert_eq!(d.worded(p.wording()), "sprøjte i konger");
        }
    }

    // One test per row of the declaration table (000 §7.2; 003 §6.2-6.3; vectors B1).

    #[test]
    fn tarokker_10_uden_pays_10() {
        let h = "T2 T3 T4 T5 T6 T7 T8 T9 T10 X";
        assert_eq!(decl(h), ["10 tarokker uden pagat"]);
        assert_eq!(values(h), [10]);
    }

    #[test]
    fn tarokker_11_med_pays_15_and_12_pays_20() {
        assert_eq!(values("T1 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"), [15]);
        assert_eq!(
            decl("T1 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"),
            ["11 tarokker med pagat"]
        );
        assert_eq!(values("T1 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13"), [20]);
        assert_eq!(
            values("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15"),
            [30]
        );
    }

    #[test]
    fn nine_trumps_declare_nothing_and_the_skus_alone_is_no_trump() {
        assert!(decl("T2 T3 T4 T5 T6 T7 T8 T9 T10").is_empty());
        assert_eq!(tarok_count(CardSet::parse("X HK").unwrap()), 0);
        assert_eq!(tarok_count(CardSet::parse("X T2").unwrap()), 2);
    }

    #[test]
    fn matadorer_3_4_5() {
        assert_eq!(decl("T21 T1 X"), ["3 matadorer"]);
        assert_eq!(values("T21 T1 X"), [10]);
        assert_eq!(decl("T21 T20 T1 X"), ["4 matadorer"]);
        assert_eq!(values("T21 T20 T1 X"), [15]);
        assert_eq!(values("T21 T20 T19 T1 X T17"), [20]);
        // Without the skus there are no matadors.
        assert!(decl("T21 T20 T1").is_empty());
    }

    /// Every trump and the skus: the run from T20 ends at T2, and the pagat is not counted
    /// twice, so 22 matadorer (000 L457-462), worth 10 + 5·19.
    #[test]
    fn every_trump_and_the_skus_are_22_matadorer() {
        let all = "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 X";
        assert_eq!(
            decl(all),
            ["22 tarokker med pagat", "22 matadorer"],
            "{all}"
        );
        assert_eq!(values(all), [70, 105]);
    }

    /// The cards a declaration rests on (the ledger reads the matadors' from it): the run
    /// itself, not the trumps beyond a gap.
    #[test]
    fn a_declaration_rests_on_its_own_cards() {
        let hand = CardSet::parse("T21 T20 T19 T17 T1 X SK SD SC HK").unwrap();
        let on = |d: Declaration| d.cards(hand).to_string();
        assert_eq!(on(Declaration::Matadorer { m: 3 }), "X T21 T1");
        assert_eq!(on(Declaration::Matadorer { m: 5 }), "X T21 T20 T19 T1");
        let set = MeldSet::Suit(Suit::Spar);
        let missing = "SKn".parse().unwrap();
        assert_eq!(on(Declaration::Halvt { set, missing }), "X SK SD SC");
    }

    #[test]
    fn halvt_in_a_suit_names_the_missing_card() {
        assert_eq!(decl("KK KC KKn X"), ["halvt i klør uden damen"]);
        assert_eq!(values("KK KC KKn X"), [5]);
        assert_eq!(decl("HD HC HKn X"), ["halvt i hjerter uden kongen"]);
        // Without the skus, three court cards are nothing.
        assert!(decl("KK KC KKn").is_empty());
    }

    #[test]
    fn fuldt_and_sproejte_in_a_suit() {
        assert_eq!(decl("RK RD RC RKn"), ["fuldt i ruder"]);
        assert_eq!(values("RK RD RC RKn"), [10]);
        assert_eq!(decl("HK HD HC HKn X"), ["sprøjte i hjerter"]);
        assert_eq!(values("HK HD HC HKn X"), [15]);
    }

    #[test]
    fn kings_half_full_and_overfull() {
        assert_eq!(decl("SK HK KK X"), ["halvt i konger uden ruder"]);
        assert_eq!(values("SK HK KK X"), [5]);
        assert_eq!(values("SK HK RK KK"), [10]);
        assert_eq!(decl("SK HK RK KK"), ["fuldt i konger"]);
        assert_eq!(decl("SK HK RK KK X"), ["sprøjte i konger"]);
        assert_eq!(values("SK HK RK KK X"), [15]);
    }

    #[test]
    fn the_book_example_adds_up() {
        // "11 tarokker med pagat, 3 matadorer, halvt i hjerter uden caval" = 30 (000 L2323).
        let h = "T21 T1 X T2 T3 T4 T5 T6 T7 T8 T9 HK HD HKn";
        assert_eq!(
            decl(h),
            [
                "11 tarokker med pagat",
                "3 matadorer",
                "halvt i hjerter uden cavallen"
            ]
        );
        assert_eq!(
            declarations(CardSet::parse(h).unwrap(), &Preset::Dtf2011.ruleset()).value(),
            30
        );
    }

    #[test]
    fn a_king_may_serve_two_declarations_unless_switched_off() {
        // 000 §7.2 example: HK HD HC + SK RK + X.
        let h = "HK HD HC SK RK X";
        assert_eq!(
            decl(h),
            ["halvt i hjerter uden knægten", "halvt i konger uden klør"]
        );
        let mut r = Preset::Dtf2011.ruleset();
        r.king_in_two_melds = false;
        let d: Vec<String> = declarations(CardSet::parse(h).unwrap(), &r)
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(d, ["halvt i hjerter uden knægten"]);
    }
}
