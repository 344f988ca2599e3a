//! Any preset's deal in one type: [`AnyDeal`] holds a deal of any family and is itself a
//! [`Game`], with [`AnyAction`], [`AnyView`], [`AnyError`] and [`AnyReason`] as its types.
//! Each enum has one variant per family; nothing else here knows a family's rules.

use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::fmt;
use tarok_core::record::{Record, Recordable};
use tarok_core::{Balances, CardSet, Game, Payment, Seat};
use tarok_danish as danish;
use tarok_historic as historic;
use tarok_koenigrufen as koenigrufen;

/// The game families.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FamilyId {
    /// Danish Tarok (dk-dtf-2011, dk-hjoerring-2016, dk-moeller).
    Danish,
    /// Austrian Tarock Königrufen (at-koenigrufen-spieleversum).
    Koenigrufen,
    /// The Danish games of 1829 (dk-1829-*).
    Historic,
}

/// A deal of any preset.
#[derive(Clone, Debug)]
pub enum AnyDeal {
    Danish(danish::Deal),
    Koenigrufen(Box<koenigrufen::Deal>),
    Historic(historic::Deal),
}

/// An action of any family. Serialised with its family: `{"danish": "X=S"}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnyAction {
    Danish(danish::Action),
    Koenigrufen(koenigrufen::Action),
    Historic(historic::Action),
}

impl From<danish::Action> for AnyAction {
    fn from(a: danish::Action) -> AnyAction {
        AnyAction::Danish(a)
    }
}

impl From<koenigrufen::Action> for AnyAction {
    fn from(a: koenigrufen::Action) -> AnyAction {
        AnyAction::Koenigrufen(a)
    }
}

impl From<historic::Action> for AnyAction {
    fn from(a: historic::Action) -> AnyAction {
        AnyAction::Historic(a)
    }
}

/// A seat's view in any family. Serialised with its family: `{"danish": {…}}`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AnyView {
    Danish(danish::View),
    Koenigrufen(Box<koenigrufen::View>),
    Historic(historic::view::View),
}

/// A refused action of any family, or an action of another family than the deal's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AnyError {
    #[error(transparent)]
    Danish(danish::RuleError),
    #[error(transparent)]
    Koenigrufen(koenigrufen::RuleError),
    #[error(transparent)]
    Historic(historic::RuleError),
    #[error("{action} is an action of another game than {preset}")]
    OtherFamily {
        action: String,
        preset: &'static str,
    },
}

impl tarok_core::Refusal for AnyError {
    fn citation(&self) -> &'static str {
        match self {
            AnyError::Danish(e) => e.citation(),
            AnyError::Koenigrufen(e) => e.citation(),
            AnyError::Historic(e) => e.citation(),
            // Not a rule of the game: the action belongs to another one.
            AnyError::OtherFamily { .. } => "",
        }
    }

    fn guide(&self) -> &'static str {
        match self {
            AnyError::Danish(e) => e.guide(),
            AnyError::Koenigrufen(e) => e.guide(),
            AnyError::Historic(e) => e.guide(),
            AnyError::OtherFamily { .. } => "",
        }
    }
}

/// Why a payment is made, in any family.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AnyReason {
    Danish(danish::Reason),
    Koenigrufen(koenigrufen::Reason),
    Historic(historic::Reason),
}

/// `$body` with `$d` bound to the deal inside `$deal`, whatever its family.
macro_rules! each {
    ($deal:expr, $d:ident => $body:expr) => {
        match $deal {
            AnyDeal::Danish($d) => $body,
            AnyDeal::Koenigrufen($d) => $body,
            AnyDeal::Historic($d) => $body,
        }
    };
}

/// Lifts a family's payment lines to [`AnyReason`].
fn lift<R: Copy>(lines: Vec<Payment<R>>, wrap: fn(R) -> AnyReason) -> Vec<Payment<AnyReason>> {
    lines
        .into_iter()
        .map(|p| Payment {
            from: p.from,
            to: p.to,
            amount: p.amount,
            reason: wrap(p.reason),
        })
        .collect()
}

impl AnyDeal {
    /// A new deal of `preset` shuffled from `seed`. Where the family names a dealer, it is
    /// seat `seed mod seats`, so that a run of seeds lets every seat deal; Danish deals are
    /// dealt by seat 2, the seats rotating around the table instead.
    pub fn from_seed(preset: &str, seed: u64) -> Result<AnyDeal, String> {
        AnyDeal::from_record(&AnyDeal::seeded_record(preset, seed, "")?)
    }

    /// The record (`tarok_core::record`) of a deal of `preset` dealt from `seed` under house
    /// rules `rules`, before its first action. The dealer: Danish Tarok's is seat 2 of the
    /// deal (kortgiver) always; in the other families seed modulo the seats, so that a series
    /// of seeds lets every seat deal.
    pub fn seeded_record(preset: &str, seed: u64, rules: &str) -> Result<Record, String> {
        if let Some(p) = danish::Preset::parse(preset) {
            return Ok(danish::record::header(
                p,
                rules,
                Some(seed),
                None,
                danish::DealOptions::default(),
            ));
        }
        let (version, seats) = if let Some(r) = koenigrufen::Ruleset::by_id(preset) {
            (r.version, 4)
        } else if let Some(r) = historic::Ruleset::preset(preset) {
            (r.version, r.players() as u64)
        } else {
            return Err(crate::unknown_preset(preset));
        };
        let mut record = Record::new(preset, version, (seed % seats) as Seat);
        record.rules = rules.to_string();
        record.seed = Some(seed);
        Ok(record)
    }

    pub fn family(&self) -> FamilyId {
        match self {
            AnyDeal::Danish(_) => FamilyId::Danish,
            AnyDeal::Koenigrufen(_) => FamilyId::Koenigrufen,
            AnyDeal::Historic(_) => FamilyId::Historic,
        }
    }

    /// The cards `seat` holds now (the full state: for drivers and tests, never for bots).
    pub fn hand(&self, seat: Seat) -> CardSet {
        match self {
            AnyDeal::Danish(d) => d.hand(seat),
            AnyDeal::Koenigrufen(d) => d.state().hand(seat),
            AnyDeal::Historic(d) => d.hand(seat),
        }
    }

    fn refuse(&self, action: AnyAction) -> AnyError {
        AnyError::OtherFamily {
            action: action.to_string(),
            preset: self.preset(),
        }
    }
}

impl Game for AnyDeal {
    type Action = AnyAction;
    type View = AnyView;
    type Error = AnyError;
    type Reason = AnyReason;

    fn preset(&self) -> &'static str {
        each!(self, d => d.preset())
    }
    fn seats(&self) -> u8 {
        each!(self, d => d.seats())
    }
    fn dealer(&self) -> Seat {
        each!(self, d => d.dealer())
    }
    fn to_act(&self) -> Option<Seat> {
        each!(self, d => d.to_act())
    }
    /// Allocates a family list on each call: the hot paths (playouts, search) use the
    /// family's own deal.
    /// The family's list is made in a buffer kept per thread and family, so that once both
    /// have grown this allocates nothing, as [`Game::legal_into`] promises.
    fn legal_into(&self, out: &mut Vec<AnyAction>) {
        thread_local! {
            static DANISH: RefCell<Vec<danish::Action>> = const { RefCell::new(Vec::new()) };
            static KOENIGRUFEN: RefCell<Vec<koenigrufen::Action>> = const { RefCell::new(Vec::new()) };
            static HISTORIC: RefCell<Vec<historic::Action>> = const { RefCell::new(Vec::new()) };
        }
        fn via<G: Game>(
            deal: &G,
            buf: &'static std::thread::LocalKey<RefCell<Vec<G::Action>>>,
            wrap: fn(G::Action) -> AnyAction,
            out: &mut Vec<AnyAction>,
        ) {
            buf.with_borrow_mut(|buf| {
                deal.legal_into(buf);
                out.clear();
                out.extend(buf.iter().map(|&a| wrap(a)));
            });
        }
        match self {
            AnyDeal::Danish(d) => via(d, &DANISH, AnyAction::Danish, out),
            AnyDeal::Koenigrufen(d) => via(d.as_ref(), &KOENIGRUFEN, AnyAction::Koenigrufen, out),
            AnyDeal::Historic(d) => via(d, &HISTORIC, AnyAction::Historic, out),
        }
    }
    fn forced(&self) -> Option<AnyAction> {
        match self {
            AnyDeal::Danish(d) => Game::forced(d).map(AnyAction::Danish),
            AnyDeal::Koenigrufen(d) => Game::forced(d.as_ref()).map(AnyAction::Koenigrufen),
            AnyDeal::Historic(d) => Game::forced(d).map(AnyAction::Historic),
        }
    }
    fn parse_action(&self, text: &str) -> Result<AnyAction, String> {
        match self {
            AnyDeal::Danish(d) => d.parse_action(text).map(AnyAction::Danish),
            AnyDeal::Koenigrufen(d) => d.parse_action(text).map(AnyAction::Koenigrufen),
            AnyDeal::Historic(d) => d.parse_action(text).map(AnyAction::Historic),
        }
    }
    fn apply(&mut self, action: AnyAction) -> Result<(), AnyError> {
        match (&mut *self, action) {
            (AnyDeal::Danish(d), AnyAction::Danish(a)) => {
                Game::apply(d, a).map_err(AnyError::Danish)
            }
            (AnyDeal::Koenigrufen(d), AnyAction::Koenigrufen(a)) => {
                Game::apply(d.as_mut(), a).map_err(AnyError::Koenigrufen)
            }
            (AnyDeal::Historic(d), AnyAction::Historic(a)) => {
                Game::apply(d, a).map_err(AnyError::Historic)
            }
            _ => Err(self.refuse(action)),
        }
    }
    fn view(&self, seat: Seat) -> AnyView {
        match self {
            AnyDeal::Danish(d) => AnyView::Danish(Game::view(d, seat)),
            AnyDeal::Koenigrufen(d) => AnyView::Koenigrufen(Box::new(Game::view(d.as_ref(), seat))),
            AnyDeal::Historic(d) => AnyView::Historic(Game::view(d, seat)),
        }
    }
    fn public_view(&self) -> AnyView {
        match self {
            AnyDeal::Danish(d) => AnyView::Danish(Game::public_view(d)),
            AnyDeal::Koenigrufen(d) => {
                AnyView::Koenigrufen(Box::new(Game::public_view(d.as_ref())))
            }
            AnyDeal::Historic(d) => AnyView::Historic(Game::public_view(d)),
        }
    }
    fn settlement(&self) -> Vec<Payment<AnyReason>> {
        match self {
            AnyDeal::Danish(d) => lift(Game::settlement(d), AnyReason::Danish),
            AnyDeal::Koenigrufen(d) => lift(Game::settlement(d.as_ref()), AnyReason::Koenigrufen),
            AnyDeal::Historic(d) => lift(Game::settlement(d), AnyReason::Historic),
        }
    }
    fn is_over(&self) -> bool {
        each!(self, d => d.is_over())
    }
    fn balances(&self) -> Balances {
        each!(self, d => d.balances())
    }
    fn payoffs(&self) -> Vec<f64> {
        each!(self, d => d.payoffs())
    }
}

impl AnyView {
    pub fn family(&self) -> FamilyId {
        match self {
            AnyView::Danish(_) => FamilyId::Danish,
            AnyView::Koenigrufen(_) => FamilyId::Koenigrufen,
            AnyView::Historic(_) => FamilyId::Historic,
        }
    }

    /// The seat whose view this is.
    pub fn seat(&self) -> Seat {
        match self {
            AnyView::Danish(v) => v.seat,
            AnyView::Koenigrufen(v) => v.seat,
            AnyView::Historic(v) => v.seat,
        }
    }

    /// The seat's own hand.
    pub fn hand(&self) -> CardSet {
        match self {
            AnyView::Danish(v) => v.hand,
            AnyView::Koenigrufen(v) => v.hand,
            AnyView::Historic(v) => v.hand,
        }
    }

    /// Who is to act, as everyone sees it.
    pub fn to_act(&self) -> Option<Seat> {
        match self {
            AnyView::Danish(v) => v.to_act,
            AnyView::Koenigrufen(v) => v.to_act,
            AnyView::Historic(v) => v.to_act,
        }
    }
}

impl fmt::Display for AnyAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyAction::Danish(a) => a.fmt(f),
            AnyAction::Koenigrufen(a) => a.fmt(f),
            AnyAction::Historic(a) => a.fmt(f),
        }
    }
}

impl fmt::Display for AnyReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyReason::Danish(r) => r.fmt(f),
            AnyReason::Koenigrufen(r) => r.fmt(f),
            AnyReason::Historic(r) => r.fmt(f),
        }
    }
}

impl Recordable for AnyDeal {
    /// The deal of the record's preset, by its family's reading of the start.
    fn from_record(record: &Record) -> Result<AnyDeal, String> {
        let preset = record.preset.as_str();
        if danish::Preset::parse(preset).is_some() {
            return Ok(AnyDeal::Danish(danish::Deal::from_record(record)?));
        }
        if koenigrufen::Ruleset::by_id(preset).is_some() {
            return Ok(AnyDeal::Koenigrufen(Box::new(
                koenigrufen::Deal::from_record(record)?,
            )));
        }
        if historic::Ruleset::preset(preset).is_some() {
            return Ok(AnyDeal::Historic(historic::Deal::from_record(record)?));
        }
        Err(crate::unknown_preset(preset))
    }
}
