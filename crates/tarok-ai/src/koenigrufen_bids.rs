//! Inference from the Königrufen bidding and raises: what the other seats' calls, Kontras and
//! Res say of their hands.
//!
//! Level 1 never bids above a Dreier and never says Re, so it is no model of level 2's calls.
//! The model here is level 2 itself, as tables: in level-2 self-play, how many tarocks the hand
//! held behind each thing a seat said in the bidding ([`Said`]) and behind each kind of raise
//! ([`Raise`]). A layout is then kept in proportion to how likely the other seats' calls were
//! with the hands it gives them (Bayes: P(call | tarocks) is proportional to
//! P(tarocks | call) / P(tarocks)), see [`likelihood`].
//!
//! Three simplifications, all on the side of believing the tables less: a seat is judged by the
//! strongest game it has named so far, whatever the others had named before it, and by the raise
//! that tells most, as if it told of its hand apart from the bid (naive Bayes); and only the
//! number of its tarocks counts, not which tarocks or kings.

use std::sync::LazyLock;
use tarok_koenigrufen::cards::TAROCK;
use tarok_koenigrufen::{Action, Call, Contract, Item};

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

/// A raise in the announcements (§10): a Kontra on the other side's game or premium, a Re on
/// one's own side's game or premium (Subkontras are too rare in self-play to learn from). In
/// the order of what they tell: in level-2 self-play a Kontra came with about as many tarocks
/// as the average hand, a Re with seven or eight ([`TAROCKS_BEHIND_RAISES`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Raise {
    KontraGame,
    KontraPremium,
    RePremium,
    ReGame,
}

impl Raise {
    /// The number of kinds of raise: the rows of [`TAROCKS_BEHIND_RAISES`].
    pub const COUNT: usize = 4;

    /// The raise `a` is, if it is one.
    pub fn of(a: Action) -> Option<Raise> {
        match a {
            Action::Kontra(Item::Game(_)) => Some(Raise::KontraGame),
            Action::Kontra(Item::Premium(_)) => Some(Raise::KontraPremium),
            Action::Re(Item::Premium(_), _) => Some(Raise::RePremium),
            Action::Re(Item::Game(_), _) => Some(Raise::ReGame),
            _ => None,
        }
    }

    /// Its row in [`TAROCKS_BEHIND_RAISES`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a seat has said that tells of its hand: its calls in the bidding and its raises.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Spoken {
    /// The most its calls in the bidding say ([`Said`]); `None` before it has called.
    pub bid: Option<Said>,
    /// The raise it made that tells most of its hand ([`Raise`]'s order).
    pub raised: Option<Raise>,
}

impl Spoken {
    /// Whether anything it said tells of its hand.
    pub fn told(self) -> bool {
        self.bid.is_some() || self.raised.is_some()
    }
}

/// What each seat has said in `log`: its bidding ([`said`]) and its raises.
pub fn spoken(log: &[(u8, Option<Action>)]) -> [Spoken; 4] {
    let bids = said(log);
    let mut out: [Spoken; 4] = std::array::from_fn(|s| Spoken {
        bid: bids[s],
        raised: None,
    });
    for &(s, a) in log {
        let raised = &mut out[s as usize].raised;
        *raised = (*raised).max(a.and_then(Raise::of));
    }
    out
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

/// In level-2 self-play: for each kind of raise ([`Raise::index`]), how many of the seats that
/// made it held 0, 1, … 12 tarocks as dealt. Written by `examples/contracts_table.rs` with
/// `RAISE_TABLE=<file>`, from self-play without inference; the deals are in its first line.
pub static TAROCKS_BEHIND_RAISES: [[u32; 13]; Raise::COUNT] =
    include!("koenigrufen_raises_table.rs");

/// How many seats the model counts as a prior for each row, spread as all rows together: a
/// call seen a few times in self-play moves the layouts little.
const PRIOR: f64 = 20.0;

/// How much more likely than average a hand with `tarocks` tarocks is behind a call whose
/// hands `row` counts: P(tarocks | call) / P(tarocks), with a prior of [`PRIOR`] seats. The
/// average hand is every seat's of [`TAROCKS_BEHIND`], whose rows hold every seat once a deal.
fn ratio(row: &[u32; 13], tarocks: usize) -> f64 {
    let all: f64 = TAROCKS_BEHIND.iter().flatten().map(|&n| n as f64).sum();
    let of = |t: usize| TAROCKS_BEHIND.iter().map(|row| row[t] as f64).sum::<f64>();
    // Every count of tarocks is possible, so none has a share of nought.
    let share = |t: usize| (of(t) + 1.0) / (all + 13.0);
    let n: f64 = row.iter().map(|&n| n as f64).sum();
    let given = (row[tarocks] as f64 + PRIOR * share(tarocks)) / (n + PRIOR);
    given / share(tarocks)
}

/// Each row's ratios relative to its likeliest count of tarocks, worked out once: the sampler
/// asks for them at every layout it draws.
fn relative<const N: usize>(table: &[[u32; 13]; N]) -> [[f64; 13]; N] {
    std::array::from_fn(|r| {
        let ratios: [f64; 13] = std::array::from_fn(|t| ratio(&table[r], t));
        let best = ratios.iter().copied().fold(0.0, f64::max);
        ratios.map(|x| x / best)
    })
}

static BID_LIKELIHOODS: LazyLock<[[f64; 13]; Said::COUNT]> =
    LazyLock::new(|| relative(&TAROCKS_BEHIND));
static RAISE_LIKELIHOODS: LazyLock<[[f64; 13]; Raise::COUNT]> =
    LazyLock::new(|| relative(&TAROCKS_BEHIND_RAISES));

/// How likely what a seat has said (`spoken`) is with the hand `dealt` (its hand as dealt),
/// relative to the hand most likely behind each thing it said: in (0, 1], the chance with which
/// a layout is kept for this seat.
pub fn likelihood(spoken: Spoken, dealt: tarok_core::CardSet) -> f64 {
    let t = tarocks(dealt);
    let bid = spoken
        .bid
        .map_or(1.0, |said| BID_LIKELIHOODS[said.index()][t]);
    let raise = spoken
        .raised
        .map_or(1.0, |r| RAISE_LIKELIHOODS[r.index()][t]);
    bid * raise
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
    fn a_seat_has_spoken_its_bids_and_the_raise_that_tells_most() {
        use tarok_koenigrufen::Premium;
        let log = [
            call(1, Call::Bid(Contract::Dreier)),
            call(2, Call::Pass),
            (2, Some(Action::Kontra(Item::Game(1)))),
            (2, Some(Action::Kontra(Item::Premium(Premium::Trull)))),
            (1, Some(Action::Re(Item::Game(1), 2))),
            (3, Some(Action::Gut)),
            (0, None),
        ];
        let s = spoken(&log);
        assert_eq!(s[0], Spoken::default());
        assert!(!s[0].told() && !s[3].told());
        assert_eq!(
            s[1],
            Spoken {
                bid: Some(Said::Game(Contract::Dreier)),
                raised: Some(Raise::ReGame),
            }
        );
        assert_eq!(s[2].bid, Some(Said::Passed));
        assert_eq!(s[2].raised, Some(Raise::KontraPremium));
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
        let game = &TAROCKS_BEHIND[Said::Game(Contract::Dreier).index()];
        assert!(
            ratio(game, 10) > 2.0 * ratio(game, 6),
            "{}",
            ratio(game, 10)
        );
        let passed = &TAROCKS_BEHIND[Said::Passed.index()];
        assert!(ratio(passed, 3) > ratio(passed, 9));
    }

    #[test]
    fn a_re_makes_many_tarocks_likelier() {
        let re = &TAROCKS_BEHIND_RAISES[Raise::ReGame.index()];
        assert!(ratio(re, 8) > 3.0 * ratio(re, 4), "{}", ratio(re, 8));
        let hand = |n: usize| -> tarok_core::CardSet { TAROCK.iter().take(n).collect() };
        let spoken = |raised| Spoken {
            bid: Some(Said::Passed),
            raised,
        };
        // A Re weighs on top of the bidding.
        let (alone, with_re) = (spoken(None), spoken(Some(Raise::ReGame)));
        assert!(
            likelihood(with_re, hand(8)) / likelihood(with_re, hand(4))
                > likelihood(alone, hand(8)) / likelihood(alone, hand(4))
        );
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
            let spoken = Spoken {
                bid: Some(said),
                raised: None,
            };
            let p: Vec<f64> = (0..=12).map(|n| likelihood(spoken, hand(n))).collect();
            assert!(p.iter().all(|&p| p > 0.0 && p <= 1.0), "{p:?}");
            assert!(p.contains(&1.0), "{p:?}");
        }
        assert_eq!(likelihood(Spoken::default(), hand(3)), 1.0);
    }
}
