//! Inference from the Königrufen bidding: what the other seats' calls say of their hands.
//!
//! Level 1 never bids above a Dreier, so it is no model of level 2's bidding. The model here is
//! level 2's bidding itself, as a table: in level-2 self-play, how many tarocks the hand held
//! behind each thing a seat said ([`Said`]). A layout is then kept in proportion to how likely
//! the other seats' calls were with the hands it gives them (Bayes: P(call | tarocks) is
//! proportional to P(tarocks | call) / P(tarocks)), see [`likelihood`].
//!
//! Two simplifications, both on the side of believing the table less: a seat is judged by the
//! strongest game it has named so far, whatever the others had named before it; and only by
//! the number of its tarocks, not by which tarocks or kings.

use std::sync::LazyLock;
use tarok_koenigrufen::cards::TAROCK;
use tarok_koenigrufen::{Action, Call, Contract};

/// What a seat's calls say of its hand, at most: an index into [`TAROCKS_BEHIND`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// It passed without naming a game.
    Passed,
    /// It said "mein Vorhand" and named no game (yet).
    MeinVorhand,
    /// The strongest game it named, held ("halten") or joined ("bei").
    Game(Contract),
}

impl Said {
    /// The number of different things a seat can have said.
    pub const COUNT: usize = 2 + Contract::ALL.len();

    /// Its row in [`TAROCKS_BEHIND`].
    pub fn index(self) -> usize {
        match self {
            Said::Passed => 0,
            Said::MeinVorhand => 1,
            Said::Game(c) => 1 + c as usize,
        }
    }
}

/// What each seat has said in the bidding of `log` (a seat that has not spoken: `None`).
pub fn said(log: &[(u8, Option<Action>)]) -> [Option<Said>; 4] {
    let mut said = [None; 4];
    let mut highest = None;
    for &(s, a) in log {
        let Some(Action::Call(call)) = a else {
            continue;
        };
        let mine = &mut said[s as usize];
        let named = match call {
            Call::Bid(c) => {
                highest = Some(c);
                Some(c)
            }
            Call::Hold | Call::Bei => highest,
            Call::MeinVorhand => {
                mine.get_or_insert(Said::MeinVorhand);
                None
            }
            Call::Pass => {
                mine.get_or_insert(Said::Passed);
                None
            }
        };
        if let Some(c) = named {
            // A lower rank is a stronger game.
            if !matches!(*mine, Some(Said::Game(old)) if (old as u8) < c as u8) {
                *mine = Some(Said::Game(c));
            }
        }
    }
    said
}

/// The tarocks a hand holds as dealt: the only feature of a hand the model looks at.
pub fn tarocks(dealt: tarok_core::CardSet) -> usize {
    (dealt & TAROCK).len() as usize
}

/// In level-2 self-play: for each thing a seat said ([`Said::index`]) at the end of the
/// bidding, how many of those seats held 0, 1, … 12 tarocks as dealt. Written by
/// `examples/contracts_table.rs` with `BID_TABLE=<file>`; the deals, seed and level are in the
/// file's first line.
pub static TAROCKS_BEHIND: [[u32; 13]; Said::COUNT] = include!("koenigrufen_bids_table.rs");

/// How many seats the model counts as a prior for each row, spread as all rows together: a
/// call seen a few times in self-play moves the layouts little.
const PRIOR: f64 = 20.0;

/// How much more likely than average a hand with `tarocks` tarocks is behind the row `said`
/// ([`Said::index`]): P(tarocks | said) / P(tarocks), from [`TAROCKS_BEHIND`] with a prior of
/// [`PRIOR`] seats.
fn ratio(said: usize, tarocks: usize) -> f64 {
    let all: f64 = TAROCKS_BEHIND.iter().flatten().map(|&n| n as f64).sum();
    let of = |t: usize| TAROCKS_BEHIND.iter().map(|row| row[t] as f64).sum::<f64>();
    // Every count of tarocks is possible, so none has a share of nought.
    let share = |t: usize| (of(t) + 1.0) / (all + 13.0);
    let row = &TAROCKS_BEHIND[said];
    let n: f64 = row.iter().map(|&n| n as f64).sum();
    let given = (row[tarocks] as f64 + PRIOR * share(tarocks)) / (n + PRIOR);
    given / share(tarocks)
}

/// [`likelihood`] for each row and count of tarocks, worked out once: the sampler asks for it
/// at every layout it draws.
static LIKELIHOODS: LazyLock<[[f64; 13]; Said::COUNT]> = LazyLock::new(|| {
    std::array::from_fn(|said| {
        let ratios: [f64; 13] = std::array::from_fn(|t| ratio(said, t));
        let best = ratios.iter().copied().fold(0.0, f64::max);
        ratios.map(|r| r / best)
    })
});

/// How likely a seat's calls (`said`; `None`: it has not spoken) are with the hand `dealt`
/// (its hand as dealt), relative to the hand most likely behind them: in (0, 1], the chance
/// with which a layout is kept for this seat.
pub fn likelihood(said: Option<Said>, dealt: tarok_core::CardSet) -> f64 {
    said.map_or(1.0, |said| LIKELIHOODS[said.index()][tarocks(dealt)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(s: u8, c: Call) -> (u8, Option<Action>) {
        (s, Some(Action::Call(c)))
    }

    #[test]
    fn a_seat_is_judged_by_the_strongest_game_it_named() {
        let log = [
            call(1, Call::MeinVorhand),
            call(2, Call::Bid(Contract::Dreier)),
            call(3, Call::Pass),
            call(1, Call::Hold),
            call(2, Call::Bid(Contract::Solodreier)),
            call(1, Call::Pass),
        ];
        assert_eq!(
            said(&log),
            [
                None,
                Some(Said::Game(Contract::Dreier)),
                Some(Said::Game(Contract::Solodreier)),
                Some(Said::Passed),
            ]
        );
    }

    #[test]
    fn every_row_is_a_distinct_index() {
        let mut rows: Vec<usize> = Contract::ALL
            .iter()
            .map(|&c| Said::Game(c).index())
            .collect();
        rows.extend([Said::Passed.index(), Said::MeinVorhand.index()]);
        rows.sort();
        assert_eq!(rows, (0..Said::COUNT).collect::<Vec<_>>());
    }

    #[test]
    fn a_strong_game_makes_many_tarocks_likelier_and_a_pass_fewer() {
        let game = Said::Game(Contract::Dreier).index();
        assert!(
            ratio(game, 10) > 2.0 * ratio(game, 6),
            "{}",
            ratio(game, 10)
        );
        assert!(ratio(Said::Passed.index(), 3) > ratio(Said::Passed.index(), 9));
    }

    #[test]
    fn the_likelihood_is_a_chance_that_is_1_for_the_likeliest_hand() {
        let tarocks: Vec<_> = TAROCK.iter().collect();
        let hand = |n: usize| -> tarok_core::CardSet { tarocks[..n].iter().copied().collect() };
        for said in [
            Said::Passed,
            Said::MeinVorhand,
            Said::Game(Contract::Solodreier),
        ] {
            let p: Vec<f64> = (0..=12).map(|n| likelihood(Some(said), hand(n))).collect();
            assert!(p.iter().all(|&p| p > 0.0 && p <= 1.0), "{p:?}");
            assert!(p.contains(&1.0), "{p:?}");
        }
        assert_eq!(likelihood(None, hand(3)), 1.0);
    }
}
