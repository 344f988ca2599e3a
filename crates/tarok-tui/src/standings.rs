//! Where the evening stands: each player's balance and the cups (Danish Tarok), or each
//! player's points on the score sheet (Königrufen), or each balance over the deals (the games of
//! 1829). The summary shows it after each deal, and it is printed when the player leaves, so
//! the evening's result stays in the terminal.

use crate::game::Game;
use crate::koenig::KGame;
use crate::lang::{Lang, ScreenTexts as _, Texts};
use crate::table::Table;
use tarok_koenigrufen::table::halves_text;

/// The ledger of the deals entered so far: "You +30  Anna -10  Bent -20   kongekop 65
/// pagatkop 65". A deal left unfinished is not in it.
pub fn ledger_line(game: &Game) -> String {
    let s = game.session();
    let balances: Vec<String> = s
        .players
        .iter()
        .zip(&s.balances)
        .map(|(p, b)| format!("{p} {b:+}"))
        .collect();
    format!(
        "{}   kongekop {}  pagatkop {}",
        balances.join("  "),
        s.cups[0],
        s.cups[1]
    )
}

/// What is printed on leaving a Danish Tarok evening, in the screen's language. Left
/// mid-deal, it says that the deal in progress is not in the ledger: the title bar showed
/// that deal's antes, which the ledger's numbers do not have.
pub fn danish(game: &Game, t: &Texts) -> String {
    let n = game.session().deals.len() as u32;
    let deals = if n == 1 { t.deal_one } else { t.deals };
    let mut text = format!(
        "{} {} {n} {deals}:\n  {}",
        t.ledger,
        t.after,
        ledger_line(game)
    );
    if !game.deal().is_over() {
        text += &format!("\n{}", t.not_counted);
    }
    text
}

/// What is printed on leaving a Königrufen evening (in the screen's language): each player's
/// sum on the score sheet, and, left mid-deal, that the deal in progress is not on it.
pub fn koenigrufen(game: &KGame) -> String {
    let sheet = &game.evening.sheet;
    let n = sheet.rounds.len();
    let lang = game.lang;
    let deals = match (lang, n == 1) {
        (Lang::En, true) => "deal",
        (Lang::En, false) => "deals",
        (Lang::Da, _) => "spil",
        (Lang::De, true) => "Spiel",
        (Lang::De, false) => "Spielen",
    };
    let head = lang.pick("Score sheet after", "Pointliste efter", "Spielliste nach");
    let points = lang.pick("points", "point", "Punkte");
    let sums: Vec<String> = game
        .names
        .iter()
        .zip(sheet.totals())
        .map(|(name, h)| format!("{name} {}", halves_text(h)))
        .collect();
    let mut text = format!("{head} {n} {deals} ({points}):\n  {}", sums.join("  "));
    if !game.deal().is_over() {
        text += &format!("\n{}", lang.texts().not_counted);
    }
    text
}

/// What is printed on leaving an evening of any preset played at a [`Table`] (the games of
/// 1829): each player's balance over the finished deals.
pub fn table(t: &Table, lang: Lang) -> String {
    let w = crate::historic::words::words(lang);
    let totals: Vec<String> = t
        .names
        .iter()
        .zip(&t.totals)
        .map(|(n, v)| format!("{n} {v:+}"))
        .collect();
    format!(
        "{} {} {}:\n  {}",
        w.balances,
        t.finished,
        crate::historic::words::deals(lang, t.finished),
        totals.join("  ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use tarok_danish::Preset;

    /// After two deals the Danish standings name each player with the ledger's balance, and
    /// the cups, in the screen's language; the sums always balance against the cups. Left
    /// mid-deal, they say that the deal in progress is not counted (the title bar showed its
    /// antes, and the printed numbers went unexplained); left on the summary, they do not.
    #[test]
    fn danish_standings_after_two_deals() {
        let dir = crate::testing::temp_dir("standings");
        let mut game = crate::testing::three_at_table(Preset::Dtf2011, 5, &dir);
        let check = |game: &Game, in_progress: bool| {
            let s = game.session();
            assert_eq!(s.deals.len(), 2);
            let line = format!(
                "  Du {:+}  Anna {:+}  Bent {:+}   kongekop {}  pagatkop {}",
                s.balances[0], s.balances[1], s.balances[2], s.cups[0], s.cups[1]
            );
            for (lang, head, note) in [
                (
                    Lang::En,
                    "Session ledger after 2 deals:",
                    "the deal in progress is not counted",
                ),
                (
                    Lang::Da,
                    "Aftenens regnskab efter 2 spil:",
                    "det igangværende spil er ikke talt med",
                ),
                (
                    Lang::De,
                    "Spielabend nach 2 Spielen:",
                    "das laufende Spiel ist nicht mitgezählt",
                ),
            ] {
                let mut want = format!("{head}\n{line}");
                if in_progress {
                    want += &format!("\n{note}");
                }
                assert_eq!(danish(game, &lang.texts()), want);
            }
        };
        for deal in 1..=2 {
            if deal > 1 {
                game.next_deal().unwrap();
            }
            // The deal is entered in the ledger as it ends.
            while let Some((a, _)) = game.hint() {
                game.act(a).unwrap();
            }
        }
        // Left on the second deal's summary, it is all counted.
        check(&game, false);
        // Into the third deal, which is not counted.
        game.next_deal().unwrap();
        let (a, _) = game.hint().unwrap();
        game.act(a).unwrap();
        check(&game, true);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The Königrufen standings are the score sheet's sums, in German, halves as ".5".
    #[test]
    fn koenigrufen_standings_are_the_sheets_sums() {
        let dir = crate::testing::temp_dir("kstandings");
        let names = ["You", "Anna", "Bent", "Dorte"].map(String::from).to_vec();
        let mut game = KGame::new(names, 5, &dir).unwrap();
        // Left in the first deal, which is not on the sheet.
        assert_eq!(
            koenigrufen(&game),
            "Spielliste nach 0 Spielen (Punkte):\n  You +0  Anna +0  Bent +0  Dorte +0\n\
             das laufende Spiel ist nicht mitgezählt"
        );
        while let Some((a, _)) = game.hint() {
            game.act(a).unwrap();
        }
        let sums = game.evening.sheet.totals();
        let text = koenigrufen(&game);
        assert!(
            text.starts_with("Spielliste nach 1 Spiel (Punkte):\n  You "),
            "{text}"
        );
        for (name, h) in game.names.iter().zip(&sums) {
            assert!(
                text.contains(&format!("{name} {}", halves_text(*h))),
                "{text}"
            );
        }
        assert_eq!(
            (halves_text(3), halves_text(-4), halves_text(0)),
            ("+1.5".into(), "-2".into(), "+0".into())
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
