//! Bots for any preset: one call makes a bot of a level for a family, playing [`AnyDeal`]s
//! through their [`AnyView`]s. The match runner and `tarok hint` use these and nothing
//! family-specific; so does `tarok play` for the games of 1829.
//!
//! [`AnyDeal`]: tarok_games::AnyDeal

use crate::bot::{Bot, Decision, Level, RandomBot};
use tarok_games::{AnyAction, AnyView, FamilyId};

/// A bot of `level` for `family`, seeded with `seed` (level 0 draws from it).
///
/// Level 1 plays Danish Tarok and Königrufen; the games of 1829 have level 0 only for now.
pub fn bot(
    level: Level,
    family: FamilyId,
    seed: u64,
) -> Result<Box<dyn Bot<AnyView, AnyAction>>, String> {
    Ok(match (level, family) {
        (Level::L0, _) => Box::new(RandomBot::new(seed)),
        (Level::L1, FamilyId::Danish) => Box::new(Family(crate::danish::bot(level, seed))),
        (Level::L1, FamilyId::Koenigrufen) => {
            Box::new(Family(crate::koenigrufen::bot(level, seed)))
        }
        (Level::L1, FamilyId::Historic) => {
            return Err(format!(
                "the games of 1829 have no level-1 computer player yet: use L0 (random legal actions); level-1 bots play {}",
                presets_with(Level::L1).join(", ")
            ))
        }
    })
}

/// The levels a family's bots offer.
pub fn levels(family: FamilyId) -> &'static [Level] {
    match family {
        FamilyId::Danish | FamilyId::Koenigrufen => &[Level::L0, Level::L1],
        FamilyId::Historic => &[Level::L0],
    }
}

/// The presets whose family has bots of `level`.
pub fn presets_with(level: Level) -> Vec<&'static str> {
    tarok_games::preset_ids()
        .into_iter()
        .filter(|p| {
            tarok_games::AnyDeal::from_seed(p, 0).is_ok_and(|d| levels(d.family()).contains(&level))
        })
        .collect()
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
