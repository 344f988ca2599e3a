//! What a seat's view of a deal says beside the cards, in words: the phase, the 1829 game, the
//! Königrufen calls and announcements, the 1829 honours declared and the name the Danish skus
//! was led as. A page shows these instead of the engines' data.

use crate::{danish, historic, koenigrufen, Lang};
use tarok_core::Seat;
use tarok_games::AnyView;

/// The words of a view; each family fills what it has, the rest stays empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ViewWords {
    /// The phase: "bidding", "Ansagen, Kontra", "skat".
    pub phase: String,
    /// The game once bid: Königrufen's contract by its name in every language ("Piccolo
    /// ouvert", where the view's data says `PiccoloOuvert`); the 1829 quadrille's "Spørge",
    /// "Mediateur".
    pub game: Option<String>,
    /// Königrufen: each call so far, in order, "Anna: Bid: Dreier"; a discard this seat may
    /// not see without its cards ("Anna: legt ab").
    pub said: Vec<String>,
    /// Königrufen: each premium announced, by its announcer, "Anna: Vier Könige".
    pub announced: Vec<String>,
    /// 1829: each honour declared, "Anna: Matadors (15)".
    pub declared: Vec<String>,
    /// Danish Tarok: the suit the skus was named, or renamed, when led (dåb): "spar".
    pub skus_named: Option<String>,
}

/// The words of `view` in `lang`, each seat named by `name`.
pub fn words(view: &AnyView, lang: Lang, name: &dyn Fn(Seat) -> String) -> ViewWords {
    match view {
        AnyView::Danish(v) => ViewWords {
            phase: danish::phase(v.phase, lang).into(),
            skus_named: v.named.map(|n| n.danish().into()),
            ..ViewWords::default()
        },
        AnyView::Koenigrufen(v) => ViewWords {
            phase: koenigrufen::phase_name(v.phase, lang).into(),
            game: v.contract.map(|c| c.name().into()),
            said: v
                .log
                .iter()
                .filter(|(_, a)| !matches!(a, Some(tarok_koenigrufen::Action::Play(_))))
                .map(|&(s, a)| {
                    let what = match a {
                        Some(a) => koenigrufen::label(a, lang, true, name),
                        None => koenigrufen::hidden_discard(lang).into(),
                    };
                    format!("{}: {what}", name(s))
                })
                .collect(),
            announced: v
                .announcements
                .iter()
                .map(|&(s, p)| format!("{}: {p}", name(s)))
                .collect(),
            ..ViewWords::default()
        },
        AnyView::Historic(v) => ViewWords {
            phase: historic::phase(v.phase, lang).into(),
            game: historic::contract(v.contract, lang).map(str::to_string),
            declared: v
                .declared
                .iter()
                .map(|d| format!("{}: {}", name(d.seat), historic::declared(d, lang)))
                .collect(),
            ..ViewWords::default()
        },
    }
}
