//! Position strings (card-play studies) of any family, as the decision they pose: the view of
//! the seat to act and its legal actions.

use crate::any::{AnyAction, AnyView};
use tarok_core::Game;
use tarok_danish as danish;
use tarok_koenigrufen as koenigrufen;

/// The decision a position string poses: the view of the seat to act and its legal actions.
pub fn decision(text: &str) -> Result<(AnyView, Vec<AnyAction>), String> {
    let preset = text
        .split_whitespace()
        .next()
        .ok_or("the position is empty")?;
    if danish::Preset::parse(preset).is_some() {
        let deal = danish::position::parse(text).map_err(|e| e.to_string())?;
        let seat = deal.to_act().ok_or("nobody is to act in this position")?;
        let legal = Game::legal(&deal)
            .into_iter()
            .map(AnyAction::Danish)
            .collect();
        return Ok((AnyView::Danish(Game::view(&deal, seat)), legal));
    }
    if koenigrufen::Ruleset::by_id(preset).is_some() {
        let pos = koenigrufen::position::Position::parse(text)?;
        let view = pos.view()?;
        let legal = pos
            .legal_cards()?
            .iter()
            .map(|c| AnyAction::Koenigrufen(koenigrufen::Action::Play(c)))
            .collect();
        return Ok((AnyView::Koenigrufen(Box::new(view)), legal));
    }
    crate::family_of(preset)?;
    Err(format!(
        "a {preset} position string holds no history for a view; give the deal's record instead (`--record FILE --after N`)"
    ))
}
