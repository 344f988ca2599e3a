//! Bots for any preset: one call makes a bot of a level for a family, playing [`AnyDeal`]s
//! through their [`AnyView`]s. The match runner and `tarok hint` use these and nothing
//! family-specific; so does `tarok play` for the games of 1829.
//!
//! [`AnyDeal`]: tarok_games::AnyDeal

use crate::bot::{Bot, Decision, Level, RandomBot};
use crate::level2::Config;
use std::time::Duration;
use tarok_games::{AnyAction, AnyView, FamilyId};

/// A bot of `level` for `family`, seeded with `seed` (level 0 draws from it), level 2 with its
/// standard thinking time.
///
/// Every family has levels 0, 1 and 2.
pub fn bot(level: Level, family: FamilyId, seed: u64) -> Box<dyn Bot<AnyView, AnyAction>> {
    bot_thinking(level, family, seed, Config::STANDARD_THINK)
}

/// As [`bot`], with level 2 thinking at most `think` per decision (`--think-ms`).
pub fn bot_thinking(
    level: Level,
    family: FamilyId,
    seed: u64,
    think: Duration,
) -> Box<dyn Bot<AnyView, AnyAction>> {
    let config = level2_config(level, think);
    match (level, family) {
        (Level::L0, _) => Box::new(RandomBot::new(seed)),
        (Level::L1, FamilyId::Danish) => Box::new(Family(crate::danish::bot(level, seed))),
        (Level::L1, FamilyId::Koenigrufen) => {
            Box::new(Family(crate::koenigrufen::bot(level, seed)))
        }
        (Level::L2 | Level::L2Play, FamilyId::Danish) => Box::new(Family::<tarok_danish::View, _>(
            Box::new(crate::danish_l2::DanishL2::new(config, seed)),
        )),
        (Level::L2 | Level::L2Play, FamilyId::Koenigrufen) => {
            Box::new(Family::<tarok_koenigrufen::View, _>(Box::new(
                crate::koenigrufen_l2::KoenigrufenL2::new(config, seed),
            )))
        }
        (Level::L1, FamilyId::Historic) => Box::new(Family::<tarok_historic::view::View, _>(
            Box::new(crate::historic::HistoricL1),
        )),
        (Level::L2 | Level::L2Play, FamilyId::Historic) => {
            Box::new(Family::<tarok_historic::view::View, _>(Box::new(
                crate::historic_l2::HistoricL2::new(config, seed),
            )))
        }
    }
}

/// Level 2's configuration for `level` (L2, or L2-play) thinking at most `think`: exact from
/// the last five tricks.
pub(crate) fn level2_config(level: Level, think: Duration) -> Config {
    match level {
        Level::L2Play => Config::standard(5, think).card_play_only(),
        _ => Config::standard(5, think),
    }
}

/// The levels a family's bots offer.
pub fn levels(family: FamilyId) -> &'static [Level] {
    match family {
        FamilyId::Danish => &[Level::L0, Level::L1, Level::L2],
        FamilyId::Koenigrufen => &[Level::L0, Level::L1, Level::L2],
        FamilyId::Historic => &[Level::L0, Level::L1, Level::L2],
    }
}

/// A family's own bot, seen through the family's variant of the view and actions.
struct Family<V, A>(Box<dyn Bot<V, A>>);

impl<V, A> Bot<AnyView, AnyAction> for Family<V, A>
where
    V: FromAny<AnyView>,
    A: FromAny<AnyAction> + Copy + Into<AnyAction>,
{
    fn decide(&mut self, view: &AnyView, legal: &[AnyAction]) -> Decision<AnyAction> {
        let view = V::from_any(view).expect("a bot sees its own family's view");
        let legal: Vec<A> = legal
            .iter()
            .map(|a| *A::from_any(a).expect("a bot gets its own family's actions"))
            .collect();
        let d = self.0.decide(view, &legal);
        Decision {
            action: d.action.into(),
            reason: d.reason,
        }
    }
}

/// The family's value inside a registry enum, if it is of that family.
trait FromAny<E> {
    fn from_any(e: &E) -> Option<&Self>;
}

macro_rules! from_any {
    ($enum:ident :: $variant:ident, $inner:ty) => {
        impl FromAny<$enum> for $inner {
            fn from_any(e: &$enum) -> Option<&$inner> {
                match e {
                    $enum::$variant(x) => Some(std::borrow::Borrow::borrow(x)),
                    _ => None,
                }
            }
        }
    };
}

from_any!(AnyView::Danish, tarok_danish::View);
from_any!(AnyView::Koenigrufen, tarok_koenigrufen::View);
from_any!(AnyAction::Danish, tarok_danish::Action);
from_any!(AnyAction::Koenigrufen, tarok_koenigrufen::Action);
from_any!(AnyView::Historic, tarok_historic::view::View);
from_any!(AnyAction::Historic, tarok_historic::Action);

/// Why a bot of any family chose its action, as data: English by `Display` (the same words as
/// [`Decision::reason`]); `tarok_words::why` says it in Danish or German.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AnyWhy {
    /// Level 0 drew the action at random among the legal ones.
    Random,
    /// Level 1's reason in Danish Tarok.
    Danish(crate::danish::Why),
    /// Level 1's reason in Königrufen.
    Koenigrufen(crate::koenigrufen::Why),
    /// Level 2's search in Danish Tarok.
    DanishSearch(crate::level2::SearchWhy<tarok_danish::Action>),
    /// Level 2's search in Königrufen.
    KoenigrufenSearch(crate::level2::SearchWhy<tarok_koenigrufen::Action>),
    /// Level 1's reason in the games of 1829.
    Historic(crate::historic::Why),
    /// Level 2's search in the games of 1829.
    HistoricSearch(crate::level2::SearchWhy<tarok_historic::Action>),
}

impl std::fmt::Display for AnyWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyWhy::Random => f.write_str(crate::bot::RANDOM_REASON),
            AnyWhy::Danish(w) => w.fmt(f),
            AnyWhy::Koenigrufen(w) => w.fmt(f),
            AnyWhy::DanishSearch(w) => w.fmt(f),
            AnyWhy::KoenigrufenSearch(w) => w.fmt(f),
            AnyWhy::Historic(w) => w.fmt(f),
            AnyWhy::HistoricSearch(w) => w.fmt(f),
        }
    }
}

/// What a bot of `level` (seeded with `seed`) does at a decision of any family, and why as
/// data: the same action as [`bot`]`(level, family, seed)` decides, for a front end that says
/// the reason in its own language.
pub fn advise(level: Level, view: &AnyView, legal: &[AnyAction], seed: u64) -> (AnyAction, AnyWhy) {
    advise_thinking(level, view, legal, seed, Config::STANDARD_THINK)
}

/// As [`advise`], with level 2 thinking at most `think`.
pub fn advise_thinking(
    level: Level,
    view: &AnyView,
    legal: &[AnyAction],
    seed: u64,
    think: Duration,
) -> (AnyAction, AnyWhy) {
    /// The family's own legal actions, for its level-1 bot.
    fn own<A: Copy + FromAny<AnyAction>>(legal: &[AnyAction]) -> Vec<A> {
        legal
            .iter()
            .map(|a| *A::from_any(a).expect("a bot gets its own family's actions"))
            .collect()
    }
    match (level, view) {
        (Level::L1, AnyView::Danish(v)) => {
            let (a, w) = crate::danish::advise(v, &own(legal));
            (a.into(), AnyWhy::Danish(w))
        }
        (Level::L2 | Level::L2Play, AnyView::Danish(v)) => {
            let mut bot = crate::danish_l2::DanishL2::new(level2_config(level, think), seed);
            match bot.advise(v, &own(legal)) {
                Ok((a, w)) => (a.into(), AnyWhy::DanishSearch(w)),
                Err((a, w)) => (a.into(), AnyWhy::Danish(w)),
            }
        }
        (Level::L2 | Level::L2Play, AnyView::Koenigrufen(v)) => {
            let mut bot =
                crate::koenigrufen_l2::KoenigrufenL2::new(level2_config(level, think), seed);
            match bot.advise(v, &own(legal)) {
                Ok((a, w)) => (a.into(), AnyWhy::KoenigrufenSearch(w)),
                Err((a, w)) => (a.into(), AnyWhy::Koenigrufen(w)),
            }
        }
        (Level::L1, AnyView::Koenigrufen(v)) => {
            let (a, w) = crate::koenigrufen::advise(v, &own(legal));
            (a.into(), AnyWhy::Koenigrufen(w))
        }
        (Level::L1, AnyView::Historic(v)) => {
            let (a, w) = crate::historic::advise(v, &own(legal));
            (a.into(), AnyWhy::Historic(w))
        }
        (Level::L2 | Level::L2Play, AnyView::Historic(v)) => {
            let mut bot = crate::historic_l2::HistoricL2::new(level2_config(level, think), seed);
            match bot.advise(v, &own(legal)) {
                Ok((a, w)) => (a.into(), AnyWhy::HistoricSearch(w)),
                Err((a, w)) => (a.into(), AnyWhy::Historic(w)),
            }
        }
        (Level::L0, _) => {
            let d = RandomBot::new(seed).decide(view, legal);
            (d.action, AnyWhy::Random)
        }
    }
}
