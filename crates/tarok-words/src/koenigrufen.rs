//! The words of Königrufen in English, Danish and German: actions, the phases, payment
//! reasons. The game's terms stay German in every language (Mein Vorhand, Weiter, Kontra, Gut,
//! the contracts and premiums), and cards are written in the screen notation of
//! [`tarok_koenigrufen::cards::screen`] (`XXI`, `X`, `Sküs`, `♥K`).

use crate::lang::Lang;
use tarok_koenigrufen::bidding::Call;
use tarok_koenigrufen::cards::screen;
use tarok_koenigrufen::kontra::{factor, level_name};
use tarok_koenigrufen::trischaken::TrischakenCase;
use tarok_koenigrufen::{Action, Item, Phase, Reason};

/// Why a payment is made, with its rule's section; the game's terms stay German.
pub fn reason(r: &Reason, lang: Lang) -> String {
    let wl = |w: bool| match w {
        true => lang.pick("won", "vundet", "gewonnen"),
        false => lang.pick("lost", "tabt", "verloren"),
    };
    let lvl = |level: u8| {
        if level == 0 {
            String::new()
        } else {
            format!(", {} ×{}", level_name(level), factor(level))
        }
    };
    let how = |announced: bool| match announced {
        true => lang.pick("announced", "meldt", "angesagt"),
        false => lang.pick("silent", "stille", "heimlich"),
    };
    match *r {
        Reason::Game {
            contract,
            won,
            level,
        } => format!("{contract} {}{}, §15.1", wl(won), lvl(level)),
        Reason::Valat {
            announced,
            won,
            level,
        } => format!("Valat {} {}{}, §9.5", how(announced), wl(won), lvl(level)),
        Reason::Premium {
            premium,
            announced,
            won,
            level,
        } => format!(
            "{premium} {} {}{}, §9.2",
            how(announced),
            wl(won),
            lvl(level)
        ),
        Reason::Schleifen { contract } => {
            let why = lang.pick(
                "the called King lay in the talon",
                "den kaldte konge lå i talonen",
                "der gerufene König lag im Talon",
            );
            format!("{contract} geschleift: {why}, §7.2")
        }
        Reason::Trischaken(c) => format!("Trischaken: {}, §14", trischaken(c, lang)),
        Reason::Renonce => "Renonce, §16".into(),
    }
}

/// How the players of a Trischaken pay, in `lang`.
pub fn trischaken(c: TrischakenCase, lang: Lang) -> String {
    let extra = |over35: bool, vorhand: bool| {
        let mut s = String::new();
        if over35 {
            s.push_str(lang.pick(", over 35/1 ×2", ", over 35/1 ×2", ", über 35/1 ×2"));
        }
        if vorhand {
            s.push_str(", Vorhand ×2");
        }
        s
    };
    let most = lang.pick(
        "the most points pays",
        "den med flest point betaler",
        "wer die meisten Punkte hat, zahlt",
    );
    match c {
        TrischakenCase::Most { over35, vorhand } => format!("{most}{}", extra(over35, vorhand)),
        TrischakenCase::Jungfrau { over35, vorhand } => {
            let to = lang.pick(" the Jungfrau", " til Jungfrauen", " an die Jungfrau");
            format!("{most}{to}{}", extra(over35, vorhand))
        }
        TrischakenCase::Tie => lang
            .pick(
                "a tie for the most points",
                "lige mange med flest point",
                "Gleichstand bei den meisten Punkten",
            )
            .into(),
        TrischakenCase::ThreeWayTie => lang
            .pick(
                "a three-way tie for the most points",
                "tre lige med flest point",
                "dreifacher Gleichstand bei den meisten Punkten",
            )
            .into(),
    }
}

/// Another player's discard, whose cards this seat does not see.
pub fn hidden_discard(lang: Lang) -> &'static str {
    lang.pick("discards", "lægger væk", "legt ab")
}

/// The phase in words.
pub fn phase_name(p: Phase, lang: Lang) -> &'static str {
    let (en, da, de) = match p {
        Phase::Bidding => ("bidding", "budrunde", "Lizitation"),
        Phase::KingCall => ("calling the King", "kald af kongen", "König rufen"),
        Phase::BesserruferBird => ("naming the bird", "fuglen nævnes", "Vogel nennen"),
        Phase::Talon => ("Talon", "Talon", "Talon"),
        Phase::Discard => ("discarding", "lægge væk", "Ablegen"),
        Phase::Announcements => (
            "announcements, Kontra",
            "meldinger, Kontra",
            "Ansagen, Kontra",
        ),
        Phase::Play => ("play", "spil", "Spiel"),
        Phase::Over => ("over", "slut", "Ende"),
    };
    lang.pick(en, da, de)
}

/// Something to kontra, named by its owner: "Spiel von Anna", "Pagat". `name` names a seat.
pub fn item(i: Item, lang: Lang, name: &dyn Fn(u8) -> String) -> String {
    match i {
        Item::Game(s) => match lang {
            Lang::En => format!("game of {}", name(s)),
            Lang::Da => format!("{}s spil", name(s)),
            Lang::De => format!("Spiel von {}", name(s)),
        },
        Item::Premium(p) => p.to_string(),
    }
}

/// A decision in words, with player names from `name`; the game's terms (Mein Vorhand, Weiter,
/// Kontra, Gut, the contracts and premiums) stay German. In a negative game each Kontra stands
/// alone, so there a Re names whose Kontra it answers (`negative_game`).
pub fn label(a: Action, lang: Lang, negative_game: bool, name: &dyn Fn(u8) -> String) -> String {
    let announce = lang.pick("Announce", "Melding", "Ansage");
    match a {
        Action::Call(Call::MeinVorhand) => "Mein Vorhand".into(),
        Action::Call(Call::Pass) => "Weiter".into(),
        Action::Call(Call::Hold) => "Halte".into(),
        Action::Call(Call::Bei) => "Bei".into(),
        Action::Call(Call::Bid(c)) => format!("{}: {c}", lang.pick("Bid", "Bud", "Spiel")),
        Action::CallKing(k) => {
            let call = lang.pick("Call the King", "Kald kongen", "König rufen");
            format!("{call}: {}", screen(k))
        }
        Action::Schleifen => "Schleifen".into(),
        Action::TakeHalf(h) => {
            let half = lang.pick("Talon half", "Talonhalvdel", "Talonhälfte");
            format!("{half} {}", h + 1)
        }
        Action::Discard(c) => match lang {
            Lang::En => format!("discards {}", screen(c)),
            Lang::Da => format!("lægger {} væk", screen(c)),
            Lang::De => format!("legt {} ab", screen(c)),
        },
        Action::Announce(p) => format!("{announce}: {p}"),
        Action::UltimoKing(k) => format!(
            "{announce}: König ultimo {} {}",
            lang.pick("with", "med", "mit"),
            screen(k)
        ),
        Action::Kontra(i) => format!("Kontra: {}", item(i, lang, name)),
        Action::Re(i, against) if negative_game => {
            let against_word = lang.pick("against", "mod", "gegen");
            format!(
                "Re: {} {against_word} {}",
                item(i, lang, name),
                name(against)
            )
        }
        Action::Re(i, _) => format!("Re: {}", item(i, lang, name)),
        Action::Subkontra(i) => format!("Subkontra: {}", item(i, lang, name)),
        Action::Gut => "Gut".into(),
        Action::Play(c) => screen(c),
    }
}
