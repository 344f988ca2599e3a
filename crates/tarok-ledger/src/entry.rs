//! Manual entry: what a club writes down about a deal played with real cards, checked and turned
//! into the engine's [`DealFacts`], so that the ledger pays exactly as the engine would.
//!
//! People are named, never numbered; a name that is not at the table, or that sits out this
//! deal, is an error. Every check runs before anything is paid: an entry that errors changes
//! nothing.

use crate::fines::{self, Annul, Fine};
use crate::seating::Seating;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tarok_core::{Card, CardSet, Suit};
use tarok_danish::declare::{declarations, Declaration, Declarations, MeldSet, Wording};
use tarok_danish::{DealFacts, EndFacts, InPlay, Preset, Ruleset, UltimoCard};

/// How the deal ended.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Played to the end.
    #[default]
    Played,
    /// A trumpless hand demanded a redeal: the same dealer deals again without a new ante
    /// (000 L426-428; 003 L28 p.10).
    Redeal,
    /// Stopped for an offence (a starred fine; under `dk-dtf-2011` a revoke, a wrong card count
    /// or a wrong skat always stops play, 003 L46 p.19). `dk-dtf-2011`: payments made so far stand, no
    /// end settlement, the deal passes on (003 D-JC-5). Møller presets: declarations and in-play
    /// payments are reversed and the same dealer redeals without a new ante (000 §11 DEFAULT,
    /// AMB-23).
    Annulled,
}

/// A payment during play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", deny_unknown_fields)]
pub enum InPlayEntry {
    /// The pagat won one of tricks 1-24 for `person` (000 L700).
    PagatHjem { person: String },
    /// `person` lost an ultimo card in one of tricks 1-24 (000 L699).
    Lost { person: String, card: String },
}

/// A bagud: `person` lost `card`, an ultimo card, in trick 25 (000 L1067).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BagudEntry {
    pub person: String,
    pub card: String,
}

/// How trick 25 and the deal went.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndEntry {
    /// Who won trick 25.
    pub last_trick: String,
    /// The winning card of trick 25 when it is an ultimo card (pagat or a king): an ultimo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ultimo: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bagud: Vec<BagudEntry>,
    /// The one player who won no trick.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nolo: Option<String>,
    /// The player who won all 25 tricks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tout: Option<String>,
    /// The counts of the two counters (the non-counter's is 78 minus their sum). None after a
    /// won nolo or when the preset does not count.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub counts: BTreeMap<String, u8>,
}

/// A fine: `person` pays the preset's amount for `fine` into each cup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FineEntry {
    pub person: String,
    pub fine: String,
}

/// A deal played by the engine, kept for reference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineInfo {
    pub seed: u64,
    /// The deal's record (`tarok replay` reads it).
    pub record: String,
}

/// Everything entered about one deal.
///
/// Here and in each part of an entry an unknown key is an error: a misspelt key dropped without
/// a word would enter a different deal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealEntry {
    #[serde(default)]
    pub outcome: Outcome,
    /// Declarations by person, by name as said, e.g. `"11 tarokker med pagat"`, `"3 matadorer"`,
    /// `"halvt i hjerter uden cavallen"`, `"fuldt i konger"`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub declarations: BTreeMap<String, Vec<String>>,
    /// Alternatively a person's hand after the skat (25 cards); its declarations are computed.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hands: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_play: Vec<InPlayEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<EndEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fines: Vec<FineEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineInfo>,
}

/// Why an entry was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    #[error("unknown name {0:?}: nobody of that name is at the table")]
    UnknownName(String),
    #[error("{0} sits out this deal and cannot {1}")]
    SitsOut(String, &'static str),
    #[error("{person} sits out this deal and cannot be fined for {fine}: a sitter-out holds no cards and declares, plays and demands nothing (000 L356-359; 003 L28 p.10); enter the fine for the player who committed it")]
    SitterOutFine { person: String, fine: &'static str },
    #[error("the entry's engine record is not this deal: {0}; leave \"engine\" out of an entry typed by hand")]
    Record(String),
    #[error("unknown declaration {0:?}; say it as the players do, e.g. \"11 tarokker med pagat\" (or \"11 med\"), \"3 matadorer\" (or \"3 store\"), \"halvt i hjerter uden cavallen\", \"fuldt i konger\", \"sprøjte i spar\", or in the federation's words \"halve klør, mangler damen\", \"fulde konger\", \"overfyldte spar\"")]
    UnknownDeclaration(String),
    #[error("unknown fine {0:?}; the fines of {1} are: {2}")]
    UnknownFine(String, &'static str, String),
    #[error("{0:?} is not an ultimo card (the pagat or a king)")]
    NotUltimoCard(String),
    #[error("cannot read the hand of {0}: {1}")]
    BadHand(String, String),
    #[error("impossible combination: {0}")]
    Impossible(String),
    #[error("the counts do not fit: {0}")]
    Counts(String),
    #[error("the session is closed")]
    Closed,
    #[error("under {preset} the fine {fine} is paid only when the deal is stopped ({rule}; docs/rules/danish.md §14): enter the deal as stopped (--annulled) with the fine, or as played without it")]
    FineOnlyIfStopped {
        fine: &'static str,
        preset: &'static str,
        rule: &'static str,
    },
    #[error("play stops after a {fine} under {preset} (\"spillet standser\", {rule}; docs/rules/danish.md §14): enter the deal as stopped (--annulled) with the fine and no end")]
    PlayStops {
        fine: &'static str,
        preset: &'static str,
        rule: &'static str,
    },
}

type R<T> = Result<T, EntryError>;

fn impossible<T>(why: impl Into<String>) -> R<T> {
    Err(EntryError::Impossible(why.into()))
}

/// Lower case, single spaces, and æ ø å spelt ae oe aa, so that a plain keyboard works; in
/// Unicode NFC first, so that a letter typed composed or decomposed ("å" or "a" and a ring) is
/// one letter.
fn normalise(s: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let lower = s.trim().nfc().collect::<String>().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    words
        .join(" ")
        .replace('ø', "oe")
        .replace('æ', "ae")
        .replace('å', "aa")
}

/// The form of a person's name that the ledger matches on: lower case, single spaces, æ ø å as
/// ae oe aa (so "soeren" finds Søren). Two names with the same key are one person to the ledger.
pub fn name_key(name: &str) -> String {
    normalise(name)
}

/// The index of the person called `name` among `players`, matched by [`name_key`].
pub fn find_person(players: &[String], name: &str) -> Option<usize> {
    let key = name_key(name);
    players.iter().position(|p| name_key(p) == key)
}

/// Every declaration a hand can make, with the words that name it.
fn all_declarations() -> Vec<Declaration> {
    let mut all = Vec::new();
    for n in 10..=22u8 {
        all.push(Declaration::Tarokker { n, pagat: true });
        // Without the pagat at most 20 numbered trumps and the skus.
        if n <= 21 {
            all.push(Declaration::Tarokker { n, pagat: false });
        }
    }
    for m in 3..=22u8 {
        all.push(Declaration::Matadorer { m });
    }
    let sets = Suit::ALL
        .into_iter()
        .map(MeldSet::Suit)
        .chain([MeldSet::Kings]);
    for set in sets {
        for missing in set.cards().iter() {
            all.push(Declaration::Halvt { set, missing });
        }
        all.push(Declaration::Fuldt { set });
        all.push(Declaration::Sproejte { set });
    }
    all
}

/// Reads a declaration by its name in either wording (`declare::Wording`): Møller's, as
/// `Declaration`'s `Display` says it, or the federation sheet's ("10 uden", "12 med", "3 store",
/// "halve klør, mangler damen", "fulde ruder", "overfyldte konger"; 003 L30, p.11,
/// docs/rules/danish.md §7). The commas are optional, and "11 tarokker med" is read too.
pub fn parse_declaration(name: &str) -> R<Declaration> {
    let key = |text: &str| normalise(&text.replace(',', " "));
    let said = key(name);
    let said = match said.split(' ').collect::<Vec<_>>()[..] {
        [n, "tarokker", w @ ("med" | "uden")] => format!("{n} {w}"),
        _ => said,
    };
    all_declarations()
        .into_iter()
        .find(|d| {
            [Wording::Moeller, Wording::Dtf]
                .map(|w| key(&d.worded(w)))
                .contains(&said)
        })
        .ok_or_else(|| EntryError::UnknownDeclaration(name.to_string()))
}

/// The engine's order of declarations within a hand: tarokker, matadorer, suits S H R K, kings.
fn order_key(d: &Declaration) -> usize {
    let set_key = |s: &MeldSet| match s {
        MeldSet::Suit(s) => 2 + s.index(),
        MeldSet::Kings => 6,
    };
    match d {
        Declaration::Tarokker { .. } => 0,
        Declaration::Matadorer { .. } => 1,
        Declaration::Halvt { set, .. }
        | Declaration::Fuldt { set }
        | Declaration::Sproejte { set } => set_key(set),
    }
}

/// Reads an ultimo card: `pagat`/`T1`, or a king (`HK`, `spar konge` is not needed).
pub fn parse_ultimo_card(text: &str) -> R<UltimoCard> {
    let card: Card = text
        .trim()
        .parse()
        .map_err(|_| EntryError::NotUltimoCard(text.to_string()))?;
    UltimoCard::of(card).ok_or_else(|| EntryError::NotUltimoCard(text.to_string()))
}

/// Cards a declaration proves the hand holds, and cards it proves the hand lacks.
fn proof(d: Declaration) -> (CardSet, CardSet) {
    match d {
        Declaration::Tarokker { pagat: true, .. } => (CardSet::single(Card::PAGAT), CardSet::EMPTY),
        Declaration::Tarokker { pagat: false, .. } => {
            (CardSet::EMPTY, CardSet::single(Card::PAGAT))
        }
        Declaration::Matadorer { .. } => (d.cards(CardSet::PACK78), CardSet::EMPTY),
        Declaration::Halvt { set, missing } => (
            (set.cards() - CardSet::single(missing)).with(Card::SKUS),
            CardSet::single(missing),
        ),
        // "Fuldt" is all four without the skus (000 L475-478).
        Declaration::Fuldt { set } => (set.cards(), CardSet::single(Card::SKUS)),
        Declaration::Sproejte { set } => (set.cards().with(Card::SKUS), CardSet::EMPTY),
    }
}

/// What the entry tells of each seat's hand after the skat: cards it held and cards it did not,
/// from a hand entered whole (`--hand`) or from declarations ("uden pagat" lacks the pagat).
#[derive(Copy, Clone)]
struct Known {
    holds: [CardSet; 3],
    lacks: [CardSet; 3],
}

impl Known {
    /// Checks that three hands could have made these declarations together, and could be the
    /// hands entered whole.
    fn of(
        decl: &[Vec<Declaration>; 3],
        hands: &[Option<CardSet>; 3],
        names: &[String; 3],
    ) -> R<Known> {
        let mut known = Known {
            holds: [CardSet::EMPTY; 3],
            lacks: [CardSet::EMPTY; 3],
        };
        let mut trumps_total = 0u32;
        for s in 0..3 {
            let list = &decl[s];
            for (i, d) in list.iter().enumerate() {
                if list[..i].iter().any(|e| order_key(e) == order_key(d)) {
                    return impossible(format!(
                        "{} declares two of the same kind: \"{}\" and another",
                        names[s], d
                    ));
                }
                let (h, l) = proof(*d);
                known.holds[s] |= h;
                known.lacks[s] |= l;
            }
            if let Some(c) = (known.holds[s] & known.lacks[s]).lowest() {
                return impossible(format!(
                    "the declarations of {} both need and exclude {c}",
                    names[s]
                ));
            }
            let shown = tarokker(known.holds[s]);
            let declared = list.iter().find_map(|d| match d {
                Declaration::Tarokker { n, .. } => Some(*n as u32),
                _ => None,
            });
            if let Some(n) = declared.filter(|&n| shown > n) {
                return impossible(format!(
                    "{} declares {n} tarokker but the other declarations show {shown}",
                    names[s]
                ));
            }
            if let Some(hand) = hands[s] {
                // The hand is known card by card; its declarations were computed from it.
                known.holds[s] = hand;
                known.lacks[s] = CardSet::PACK78 - hand;
            }
            trumps_total += declared.unwrap_or(0).max(tarokker(known.holds[s]));
        }
        // 21 trumps and the skus.
        if trumps_total > 22 {
            return impossible(format!(
                "the hands and tarok declarations add up to {trumps_total} trumps; there are 21 and the skus"
            ));
        }
        for a in 0..3 {
            for b in a + 1..3 {
                if let Some(c) = (known.holds[a] & known.holds[b]).lowest() {
                    return impossible(format!(
                        "{} both need {c}",
                        both(&names[a], hands[a].is_some(), &names[b], hands[b].is_some())
                    ));
                }
            }
        }
        Ok(known)
    }

    /// Checks that `seat` can have played `card` (`when`: "" or " in the last trick").
    fn check_play(&self, seat: u8, card: Card, names: &[String; 3], when: &str) -> R<()> {
        let s = seat as usize;
        if self.lacks[s].contains(card) {
            let why = if self.holds[s].len() == 25 {
                format!("the hand entered for {} has no {card}", names[s])
            } else {
                format!("the declarations of {} exclude {card}", names[s])
            };
            return impossible(format!(
                "the entry has {} playing {card}{when}, but {why}",
                names[s]
            ));
        }
        if let Some(h) = (0..3).find(|&h| h != s && self.holds[h].contains(card)) {
            return impossible(format!(
                "{} held {card}, but the entry has {} playing it{when}",
                names[h], names[s]
            ));
        }
        Ok(())
    }
}

/// The trumps and the skus in `cards`: what "tarokker" counts.
fn tarokker(cards: CardSet) -> u32 {
    cards.trumps().len() + cards.contains(Card::SKUS) as u32
}

/// "the declarations of A and B", "the hand of A and the declarations of B", …
fn both(a: &str, a_hand: bool, b: &str, b_hand: bool) -> String {
    let of = |name: &str, hand: bool| {
        format!(
            "the {} of {name}",
            if hand { "hand" } else { "declarations" }
        )
    };
    if a_hand == b_hand {
        format!(
            "the {} of {a} and {b}",
            if a_hand { "hands" } else { "declarations" }
        )
    } else {
        format!("{} and {}", of(a, a_hand), of(b, b_hand))
    }
}

/// What play before trick 25 showed.
struct Play {
    /// What the hands and declarations tell of each seat's cards.
    known: Known,
    hjem: Option<u8>,
    lost: Vec<UltimoCard>,
    barred: [bool; 3],
}

/// What a checked entry settles.
#[derive(Clone, Debug)]
pub struct Resolved {
    pub facts: DealFacts,
    /// Fines: the paying deal seat (3 and 4 sit out) and the table row.
    pub fines: Vec<(u8, &'static Fine)>,
}

/// The table around an entry: who is who this deal.
pub struct Context<'a> {
    pub rules: &'a Ruleset,
    pub players: &'a [String],
    pub seating: &'a Seating,
    /// The dealer pays the ante this deal (not after a redeal).
    pub ante: bool,
}

impl Context<'_> {
    fn person(&self, name: &str) -> R<usize> {
        find_person(self.players, name).ok_or_else(|| EntryError::UnknownName(name.to_string()))
    }

    /// Any person at the table, as a deal seat.
    fn seat(&self, name: &str) -> R<u8> {
        let p = self.person(name)?;
        Ok(self.seating.seat_of(p).expect("everyone has a seat"))
    }

    /// A person who plays this deal.
    fn active(&self, name: &str, what: &'static str) -> R<u8> {
        let s = self.seat(name)?;
        if s >= 3 {
            return Err(EntryError::SitsOut(
                self.players[self.seating.seats[s as usize]].clone(),
                what,
            ));
        }
        Ok(s)
    }

    fn name(&self, seat: u8) -> String {
        self.players[self.seating.seats[seat as usize]].clone()
    }
}

impl DealEntry {
    /// Checks the entry and builds the facts the engine would settle.
    pub fn resolve(&self, cx: &Context) -> R<Resolved> {
        let rules = cx.rules;
        let table = cx.seating.seats.len() as u8;
        let names: [String; 3] = std::array::from_fn(|s| cx.name(s as u8));
        let mut facts = DealFacts::new(table, cx.ante, cx.seating.non_counter);

        // Fines first: they may bar an ultimo.
        let mut fines = Vec::new();
        let mut barred = [false; 3];
        for f in &self.fines {
            let seat = cx.seat(&f.person)?;
            let row =
                fines::find(rules.preset, &f.fine.trim().to_lowercase()).ok_or_else(|| {
                    EntryError::UnknownFine(
                        f.fine.clone(),
                        rules.preset.id(),
                        fines::table(rules.preset)
                            .iter()
                            .map(|f| f.id)
                            .collect::<Vec<_>>()
                            .join(", "),
                    )
                })?;
            if seat >= 3 && !row.by_sitter_out {
                return Err(EntryError::SitterOutFine {
                    person: cx.name(seat),
                    fine: row.id,
                });
            }
            if row.bars_ultimo && seat < 3 {
                barred[seat as usize] = true;
            }
            fines.push((seat, row));
        }

        // Declarations, by name or from the hand.
        let mut decl: [Vec<Declaration>; 3] = Default::default();
        let mut hands = [None; 3];
        let mut hands_seen = CardSet::EMPTY;
        for (name, hand) in &self.hands {
            let s = cx.active(name, "hold a hand")?;
            let set = CardSet::parse(hand)
                .map_err(|e| EntryError::BadHand(name.clone(), e.to_string()))?;
            if set.len() != 25 {
                return Err(EntryError::BadHand(
                    name.clone(),
                    format!("{} cards; a hand after the skat has 25", set.len()),
                ));
            }
            // Two spellings of one name (see `name_key`) are one person with one hand.
            if hands[s as usize].is_some() {
                return impossible(format!("two hands are entered for {}", names[s as usize]));
            }
            if let Some(c) = (set & hands_seen).lowest() {
                return impossible(format!("{c} is in two hands"));
            }
            hands_seen |= set;
            hands[s as usize] = Some(set);
            decl[s as usize] = declarations(set, rules).iter().collect();
        }
        for (name, list) in &self.declarations {
            let s = cx.active(name, "declare")?;
            if self
                .hands
                .keys()
                .any(|h| cx.person(h).ok() == cx.person(name).ok())
            {
                return impossible(format!(
                    "both a hand and declarations are entered for {name}"
                ));
            }
            let mut parsed = Vec::new();
            for d in list {
                parsed.push(parse_declaration(d)?);
            }
            // Two spellings of one name are one person: the lists are joined, not replaced.
            decl[s as usize].extend(parsed);
            decl[s as usize].sort_by_key(order_key);
        }
        let known = Known::of(&decl, &hands, &names)?;

        // In play.
        let mut hjem = None;
        let mut lost: Vec<UltimoCard> = Vec::new();
        let mut in_play = Vec::new();
        for e in &self.in_play {
            match e {
                InPlayEntry::PagatHjem { person } => {
                    let s = cx.active(person, "take a trick")?;
                    if hjem.is_some() {
                        return impossible("pagat hjem twice: the pagat wins at most one trick");
                    }
                    hjem = Some(s);
                    in_play.push(InPlay::PagatHjem(s));
                }
                InPlayEntry::Lost { person, card } => {
                    let s = cx.active(person, "lose a card")?;
                    let u = parse_ultimo_card(card)?;
                    if lost.contains(&u) {
                        return impossible(format!("{u} is lost twice"));
                    }
                    lost.push(u);
                    in_play.push(InPlay::Lost(s, u));
                }
            }
        }
        if hjem.is_some() && lost.contains(&UltimoCard::Pagat) {
            return impossible("the pagat both came home and was lost");
        }
        if in_play.len() > 5 {
            return impossible("more than five in-play events: there are five ultimo cards");
        }

        // Who held the pagat or a king can be read from the hands and declarations; an event
        // by someone else is impossible.
        for e in &in_play {
            let (s, c) = match *e {
                InPlay::PagatHjem(s) => (s, Card::PAGAT),
                InPlay::Lost(s, u) => (s, u.card()),
            };
            known.check_play(s, c, &names, "")?;
        }

        match self.outcome {
            Outcome::Redeal => {
                if !self.declarations.is_empty()
                    || !self.hands.is_empty()
                    || !self.in_play.is_empty()
                    || self.end.is_some()
                {
                    return impossible(
                        "a redeal is demanded before the skat: no declarations, play or end",
                    );
                }
            }
            Outcome::Annulled => {
                if self.end.is_some() {
                    return impossible("an annulled deal has no end settlement");
                }
                if !fines.iter().any(|(_, f)| f.annul.can_stop()) {
                    return impossible(
                        "an annulled deal needs the fine that stopped it (a starred offence)",
                    );
                }
                // DTF: payments so far stand (003 D-JC-5). Møller: they are reversed (AMB-23).
                if rules.preset == Preset::Dtf2011 {
                    facts.declarations = std::array::from_fn(|s| Declarations::from_list(&decl[s]));
                    for e in &in_play {
                        facts.push_in_play(*e);
                    }
                }
            }
            Outcome::Played => {
                // Under DTF some offences stop play with no choice to go on (003 L46 p.19).
                if let Some((_, f)) = fines.iter().find(|(_, f)| f.annul == Annul::Stops) {
                    return Err(EntryError::PlayStops {
                        fine: f.id,
                        preset: rules.preset.id(),
                        rule: f.source,
                    });
                }
                // The grey zone: no stop, no fine (003 L48 p.20).
                if let Some((_, f)) = fines.iter().find(|(_, f)| f.annul == Annul::IfStopped) {
                    return Err(EntryError::FineOnlyIfStopped {
                        fine: f.id,
                        preset: rules.preset.id(),
                        rule: f.source,
                    });
                }
                let Some(end) = &self.end else {
                    return impossible(
                        "a played deal needs its end: who won the last trick, and the counts",
                    );
                };
                facts.declarations = std::array::from_fn(|s| Declarations::from_list(&decl[s]));
                for e in &in_play {
                    facts.push_in_play(*e);
                }
                let play = Play {
                    known,
                    hjem,
                    lost,
                    barred,
                };
                facts.end = Some(self.resolve_end(end, cx, &names, &play)?);
            }
        }
        Ok(Resolved { facts, fines })
    }

    fn resolve_end(
        &self,
        end: &EndEntry,
        cx: &Context,
        names: &[String; 3],
        play: &Play,
    ) -> R<EndFacts> {
        let Play {
            known,
            hjem,
            ref lost,
            barred,
        } = *play;
        let w = cx.active(&end.last_trick, "win the last trick")?;
        let ultimo = end.ultimo.as_deref().map(parse_ultimo_card).transpose()?;
        let mut in_last: Vec<UltimoCard> = ultimo.into_iter().collect();
        let mut bagud = [None; 3];
        for b in &end.bagud {
            let s = cx.active(&b.person, "go bagud")?;
            let u = parse_ultimo_card(&b.card)?;
            if s == w {
                return impossible(format!(
                    "{} won the last trick and cannot go bagud in it",
                    names[w as usize]
                ));
            }
            if bagud[s as usize].is_some() {
                return impossible(format!(
                    "{} plays one card to the last trick, not two",
                    names[s as usize]
                ));
            }
            if in_last.contains(&u) {
                return impossible(format!("{u} is twice in the last trick"));
            }
            in_last.push(u);
            bagud[s as usize] = Some(u);
        }
        let mut players_of_last: Vec<(u8, UltimoCard)> =
            ultimo.map(|u| (w, u)).into_iter().collect();
        players_of_last.extend((0..3u8).filter_map(|s| bagud[s as usize].map(|u| (s, u))));
        for (s, u) in players_of_last {
            known.check_play(s, u.card(), names, " in the last trick")?;
        }
        for u in &in_last {
            if lost.contains(u) || (*u == UltimoCard::Pagat && hjem.is_some()) {
                return impossible(format!("{u} was already played in tricks 1-24"));
            }
        }
        // A king wins trick 25 only if nobody plays a trump to it, and a trump beats the pagat
        // only if it is higher: the pagat lost in trick 25 means no ultimo card won it.
        if matches!(ultimo, Some(UltimoCard::King(_))) && bagud.contains(&Some(UltimoCard::Pagat)) {
            return impossible("a king cannot win a last trick in which the pagat is played");
        }
        if ultimo.is_some() && bagud.contains(&Some(UltimoCard::Pagat)) {
            return impossible("the pagat cannot be bagud in a trick won by the pagat");
        }
        let nolo = end
            .nolo
            .as_deref()
            .map(|n| cx.active(n, "make nolo"))
            .transpose()?;
        let tout = end
            .tout
            .as_deref()
            .map(|n| cx.active(n, "make tout"))
            .transpose()?;
        if let Some(t) = tout {
            if t != w {
                return impossible("the tout player won every trick, the last one too");
            }
            if nolo.is_some() {
                return impossible(
                    "with a tout two players have no trick: there is no nolo (000 L628-629)",
                );
            }
            if hjem.is_some_and(|h| h != t) {
                return impossible("pagat hjem for someone other than the tout player");
            }
            for e in &self.in_play {
                if let InPlayEntry::Lost { person, .. } = e {
                    if cx.person(person).ok() == cx.seating.seats.get(t as usize).copied() {
                        return impossible(
                            "the tout player cannot lose a card: he won every trick",
                        );
                    }
                }
            }
        }
        if let Some(n) = nolo {
            if n == w {
                return impossible("the nolo player took no trick, not the last one either");
            }
            if hjem == Some(n) {
                return impossible("the nolo player took no trick, so his pagat did not come home");
            }
        }
        // The counts.
        let rules = cx.rules;
        let counted = rules.counting && nolo.is_none();
        let mut counts = [0u8; 3];
        if counted {
            let nc = cx.seating.non_counter as usize;
            let mut given = [None; 3];
            for (name, &c) in &end.counts {
                let s = cx.active(name, "count")? as usize;
                if given[s].is_some() {
                    return Err(EntryError::Counts(format!("{} is counted twice", names[s])));
                }
                if c > 78 {
                    return Err(EntryError::Counts(format!(
                        "{} counts {c}; 78 is the whole pack",
                        names[s]
                    )));
                }
                given[s] = Some(c);
            }
            let counters: Vec<usize> = (0..3).filter(|&s| s != nc).collect();
            for &s in &counters {
                if given[s].is_none() {
                    return Err(EntryError::Counts(format!(
                        "the count of {} is missing; {} and {} count, {} does not (000 L662-663)",
                        names[s], names[counters[0]], names[counters[1]], names[nc]
                    )));
                }
            }
            let two = given[counters[0]].unwrap() as u32 + given[counters[1]].unwrap() as u32;
            if two > 78 {
                return Err(EntryError::Counts(format!(
                    "the two counts add up to {two}, more than 78"
                )));
            }
            let third = 78 - two as u8;
            if let Some(c) = given[nc] {
                if c != third {
                    return Err(EntryError::Counts(format!(
                        "the three counts add up to {}, not 78",
                        two + c as u32
                    )));
                }
            }
            for &s in &counters {
                counts[s] = given[s].unwrap();
            }
            counts[nc] = third;
            // Each trick counts 1, so the winner of the last trick counts at least 1.
            if counts[w as usize] == 0 {
                return Err(EntryError::Counts(format!(
                    "{} won the last trick and counts at least 1: each trick counts 1 ({})",
                    names[w as usize],
                    nolo_source(rules.preset)
                )));
            }
            // The dealer's skat is a trick: he counts at least 1 (000 §10.2).
            if counts[2] < 1 {
                return Err(EntryError::Counts(format!(
                    "{} dealt and has the skat as a trick: at least 1",
                    names[2]
                )));
            }
            // A count of 0 is no trick at all: a nolo, after which nobody counts. (With a tout
            // the two others take no trick and still count, 000 L626-629.)
            if tout.is_none() {
                if let Some(s) = (0..3).find(|&s| counts[s] == 0) {
                    let how = if given[s].is_some() {
                        format!("{} counts 0", names[s])
                    } else {
                        format!("the counts leave 0 for {} (78 - {two})", names[s])
                    };
                    return Err(EntryError::Counts(format!(
                        "{how}, so {0} took no trick: that is a nolo, and nobody counts after it \
                         ({1}); enter it as a nolo for {0} (--nolo {0}) with no counts",
                        names[s],
                        nolo_source(rules.preset)
                    )));
                }
            }
            if let Some(t) = tout {
                if counts[t as usize] < 25 {
                    return Err(EntryError::Counts(format!(
                        "{} won all 25 tricks and counts at least 25",
                        names[t as usize]
                    )));
                }
            }
        } else if !end.counts.is_empty() {
            return Err(EntryError::Counts(if nolo.is_some() {
                "nobody counts after a won nolo (000 L620)".to_string()
            } else {
                format!("{} plays without counting", rules.preset.id())
            }));
        }
        Ok(EndFacts {
            last_trick: w,
            ultimo_card: ultimo,
            bagud,
            nolo,
            tout,
            counts,
            ultimo_barred: barred,
        })
    }
}

/// Where the preset says that each trick counts 1 and that a player with no trick has a nolo,
/// after which nobody counts: so a count of 0 is a nolo.
fn nolo_source(preset: Preset) -> &'static str {
    match preset {
        Preset::Dtf2011 => "003 L42 p.17, L46 p.19",
        Preset::Hjoerring2016 => "001 L482, L514",
        Preset::Moeller => "000 L611-620, L667",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_declaration_name_reads_back() {
        for d in all_declarations() {
            assert_eq!(parse_declaration(&d.to_string()).unwrap(), d, "{d}");
        }
    }

    #[test]
    fn names_without_danish_letters_are_read() {
        assert_eq!(
            parse_declaration("Sproejte  i KLOER").unwrap(),
            Declaration::Sproejte {
                set: MeldSet::Suit(Suit::Kloer)
            }
        );
        assert!(parse_declaration("9 tarokker med pagat").is_err());
        assert!(parse_declaration("22 tarokker uden pagat").is_err());
    }

    /// The federation's sheet says "10 uden", "12 med", "3 store", "overfyldte", "fulde" and
    /// "halve …, mangler …" (003 L30, p.11; DTF 2011 §6.2).
    #[test]
    fn the_federations_short_words_are_read() {
        for (said, meant) in [
            ("10 uden", "10 tarokker uden pagat"),
            ("12 MED", "12 tarokker med pagat"),
            ("11 tarokker med", "11 tarokker med pagat"),
            ("3 store", "3 matadorer"),
            ("5  store", "5 matadorer"),
            ("overfyldte konger", "sprøjte i konger"),
            ("Overfyldte hjerter", "sprøjte i hjerter"),
            ("fulde konger", "fuldt i konger"),
            ("fulde ruder", "fuldt i ruder"),
            ("halve konger, mangler ruder", "halvt i konger uden ruder"),
            ("halve klør, mangler damen", "halvt i klør uden damen"),
            ("halve kloer mangler damen", "halvt i klør uden damen"),
        ] {
            assert_eq!(
                parse_declaration(said).unwrap(),
                parse_declaration(meant).unwrap(),
                "{said}"
            );
        }
        assert!(parse_declaration("9 uden").is_err());
        assert!(parse_declaration("2 store").is_err());
        assert!(parse_declaration("uden").is_err());
        assert!(parse_declaration("halve konger, mangler damen").is_err());
    }

    #[test]
    fn ultimo_cards_are_the_pagat_and_the_kings() {
        assert_eq!(parse_ultimo_card("pagat").unwrap(), UltimoCard::Pagat);
        assert_eq!(
            parse_ultimo_card("HK").unwrap(),
            UltimoCard::King(Suit::Hjerter)
        );
        assert!(parse_ultimo_card("HD").is_err());
        assert!(parse_ultimo_card("T21").is_err());
    }
}
