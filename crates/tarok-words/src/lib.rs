//! tarok-words: the words for people, in English, Danish and German, of every tarok family.
//!
//! The engines speak English in their `Display` (for logs, records and the command line's
//! default); their refusals carry the rule as data ([`tarok_core::Refusal`]), their payments
//! and the bots' reasons as typed values. This crate says those in a [`Lang`]: refused actions
//! ([`mod@refusal`]), the bots' reasons ([`reason`]), payment reasons and settlement lines
//! ([`payment`] for Danish Tarok, [`koenigrufen`], [`historic`]), and the words of each game's
//! actions and phases ([`danish`], [`koenigrufen`], [`historic`]). Every front end (the
//! terminal, the command line, a browser) takes its words from here.
//!
//! A front end that holds an [`AnyDeal`](tarok_games::AnyDeal) needs no per-family branch:
//! [`refusal()`], [`action`], [`payment_reason`], [`why`] and [`view::words`] take the registry's
//! types.

pub mod danish;
pub mod historic;
pub mod koenigrufen;
mod lang;
pub mod payment;
pub mod preset;
pub mod reason;
pub mod refusal;
pub mod view;

pub use lang::{counted, Lang};
pub use refusal::citation;

use tarok_ai::any::AnyWhy;
use tarok_core::Seat;
use tarok_games::{AnyAction, AnyError, AnyReason};

/// A refused action of any family in `lang`, with its rule's citation; English is the engine's
/// own message.
pub fn refusal(e: &AnyError, lang: Lang) -> String {
    match e {
        AnyError::Danish(e) => refusal::danish(e, lang),
        AnyError::Koenigrufen(e) => refusal::koenigrufen_in(e, lang),
        AnyError::Historic(e) => refusal::historic(e, lang),
        AnyError::OtherFamily { action, preset } => match lang {
            Lang::En => e.to_string(),
            Lang::Da => format!("{action} er et træk i et andet spil end {preset}"),
            Lang::De => format!("{action} ist ein Zug eines anderen Spiels als {preset}"),
        },
    }
}

/// An action of any family in `lang`, the players named by seat ("P2"). See
/// [`action_named`] for names.
pub fn action(a: &AnyAction, lang: Lang) -> String {
    action_named(a, lang, &|s| format!("P{s}"))
}

/// An action of any family in `lang`, with the players named by `name`. A Königrufen Re names
/// whose Kontra it answers, as in a negative game; the Königrufen screen, which knows the
/// game, says it only there ([`koenigrufen::label`]).
pub fn action_named(a: &AnyAction, lang: Lang, name: &dyn Fn(Seat) -> String) -> String {
    match *a {
        AnyAction::Danish(a) => danish::label(a, lang),
        AnyAction::Koenigrufen(a) => koenigrufen::label(a, lang, true, name),
        AnyAction::Historic(a) => historic::label(a, lang),
    }
}

/// Why a payment of any family is made, in `lang`, with its rule's source.
pub fn payment_reason(r: &AnyReason, lang: Lang) -> String {
    match *r {
        AnyReason::Danish(r) => payment::reason(r, lang),
        AnyReason::Koenigrufen(r) => koenigrufen::reason(&r, lang),
        AnyReason::Historic(r) => historic::reason(r, lang),
    }
}

/// Why a bot of any family chose its action, in `lang`; English is the bot's own words.
pub fn why(w: &AnyWhy, lang: Lang) -> String {
    match *w {
        AnyWhy::Random => lang
            .pick(
                tarok_ai::bot::RANDOM_REASON,
                "tilfældigt lovligt træk (niveau 0)",
                "zufälliger erlaubter Zug (Stufe 0)",
            )
            .into(),
        AnyWhy::Danish(w) => reason::danish(w, lang),
        AnyWhy::Koenigrufen(w) => reason::koenigrufen_in(w, lang),
        AnyWhy::DanishSearch(w) => reason::search(&w, lang, |a| danish::label(a, lang)),
        AnyWhy::KoenigrufenSearch(w) => reason::search(&w, lang, |a| koenigrufen_move(a, lang)),
        AnyWhy::Historic(w) => historic::why(w, lang),
        AnyWhy::HistoricSearch(w) => reason::search(&w, lang, |a| historic::label(a, lang)),
    }
}

/// Why a bot chose its action, for a text that has just named the action: a search's reason
/// without the move it opens with ("+3.5 on average over 24 layouts…"), a level-1 reason that
/// opens with its move ("lægger S5 i Scat: en kort kulør, …") without that opening, else
/// [`why`] whole.
pub fn why_after_move(w: &AnyWhy, lang: Lang) -> String {
    // Level 1's reasons are whole sentences; those flagged say "MOVE: why" in every language.
    let after_opening = || {
        let full = why(w, lang);
        match full.split_once(": ") {
            Some((_, rest)) => rest.to_string(),
            None => full,
        }
    };
    match *w {
        AnyWhy::Danish(d) if reason::danish_opens_with_move(d) => after_opening(),
        AnyWhy::Koenigrufen(k) if reason::koenigrufen_opens_with_move(k) => after_opening(),
        AnyWhy::Historic(h) if historic::why_opens_with_move(h) => after_opening(),
        AnyWhy::DanishSearch(w) => reason::search_after_move(&w, lang, |a| danish::label(a, lang)),
        AnyWhy::KoenigrufenSearch(w) => {
            reason::search_after_move(&w, lang, |a| koenigrufen_move(a, lang))
        }
        AnyWhy::HistoricSearch(w) => {
            reason::search_after_move(&w, lang, |a| historic::label(a, lang))
        }
        _ => why(w, lang),
    }
}

/// A Königrufen move as a search's reason names it, the seats as P0 to P3.
fn koenigrufen_move(a: tarok_koenigrufen::Action, lang: Lang) -> String {
    koenigrufen::label(a, lang, true, &|s| format!("P{s}"))
}
