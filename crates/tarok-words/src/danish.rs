//! The words of Danish Tarok's actions in English, Danish and German. Game terms stay as the
//! players say them (skat, skus, dåb); cards are written in the records' notation (HK, T21, X)
//! and the skus's names in Danish (spar, hjerter, ruder, klør, tarok).

use crate::lang::Lang;
use tarok_danish::{Action, Phase};

/// The phase in words.
pub fn phase(p: Phase, lang: Lang) -> &'static str {
    match p {
        Phase::Redeal => lang.pick(
            "keep or redeal",
            "beholde eller omgive",
            "behalten oder neu geben",
        ),
        Phase::Skat => lang.pick("skat", "skat", "Skat"),
        Phase::Demand { .. } => lang.pick("demanding the skus", "forlange skusen", "Sküs fordern"),
        Phase::Play => lang.pick("play", "spil", "Spiel"),
        Phase::Over { .. } => lang.pick("over", "slut", "Ende"),
    }
}

/// A decision in words: "lægger S1 S2 H10 i skat", "spiller X ud som spar".
pub fn label(a: Action, lang: Lang) -> String {
    match a {
        Action::Redeal => lang
            .pick(
                "demands a redeal",
                "forlanger omgivning",
                "verlangt Neugeben",
            )
            .into(),
        Action::Keep => lang
            .pick("keeps the hand", "beholder hånden", "behält die Hand")
            .into(),
        Action::Discard(cards) => match lang {
            Lang::En => format!("lays {cards} in the skat"),
            Lang::Da => format!("lægger {cards} i skat"),
            Lang::De => format!("legt {cards} in den Skat"),
        },
        Action::Play(c) => c.to_string(),
        Action::LeadSkus(n) => match lang {
            Lang::En => format!("leads the skus as {}", n.danish()),
            Lang::Da => format!("spiller skusen ud som {}", n.danish()),
            Lang::De => format!("spielt den Sküs als {} aus", n.danish()),
        },
        Action::Rename(n) => match lang {
            Lang::En => format!("renames the skus {} (dåb)", n.danish()),
            Lang::Da => format!("omdøber skusen til {}", n.danish()),
            Lang::De => format!("tauft den Sküs auf {} um", n.danish()),
        },
        Action::Demand => lang
            .pick("demands the skus", "forlanger skusen", "fordert den Sküs")
            .into(),
        Action::Pass => lang.pick("passes", "passer", "passt").into(),
    }
}
