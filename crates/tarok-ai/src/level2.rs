//! Level 2's decision, for any family: judge each legal move over layouts of the hidden cards
//! that fit what the seat has seen, and take the move with the best mean payoff.
//!
//! Near the end the rest of the play is solved exactly in every layout ([`Solver`]); earlier,
//! each move is judged by playing the layout out with level 1 for every seat (a perfect-
//! information search of 20 tricks does not fit a decision's time). Layouts are judged in
//! parallel; each draws from its own seeded stream, so a decision is the same for a seed
//! whatever the number of threads.

use crate::search::{Solvable, Solver};
use rayon::prelude::*;
use std::time::{Duration, Instant};
use tarok_core::Seat;

/// How hard level 2 thinks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Layouts judged per decision.
    pub layouts: u32,
    /// From this many tricks left on, the rest of the play is solved exactly.
    pub exact_tricks: u8,
    /// The thinking time: no new batch of layouts starts after it (the layouts already
    /// begun are finished, so a decision takes a little longer). A decision that reaches it
    /// depends on the machine's speed; one that does not is fixed by the seed.
    pub think: Duration,
}

impl Config {
    /// The thinking time of `--level L2` unless `--think-ms` says otherwise.
    pub const STANDARD_THINK: Duration = Duration::from_millis(1000);

    /// The defaults of `--level L2`: 24 layouts, which take a few milliseconds to a few tens
    /// of milliseconds per card on this project's 2-core test machine (BENCHMARKS.md), so the
    /// thinking time is a bound that a release build rarely reaches.
    pub fn standard(exact_tricks: u8, think: Duration) -> Config {
        Config {
            layouts: 24,
            exact_tricks,
            think,
        }
    }
}

/// One move as judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged<A> {
    pub action: A,
    /// Mean payoff over the layouts, in the family's units (see [`Solvable::value`]).
    pub mean: f64,
    /// Layouts in which no other move did better.
    pub best_in: u32,
}

/// The judgement of every legal move.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict<A> {
    /// Best first; ties keep the order of the legal list.
    pub moves: Vec<Judged<A>>,
    pub layouts: u32,
    /// Whether the play was solved to the end in every layout.
    pub exact: bool,
}

/// Judges `moves` for `seat` over the layouts that `layout(i)` draws (`None`: no layout fits,
/// after the family's tries). Where the rest is not solved, `playout(layout, move)` plays the
/// move and the rest of the layout and gives the seat's payoff.
pub fn judge<G, L, P>(
    seat: Seat,
    moves: &[G::Move],
    config: &Config,
    layout: L,
    playout: P,
) -> Option<Verdict<G::Move>>
where
    G: Solvable,
    L: Fn(u64) -> Option<G> + Sync,
    P: Fn(&G, G::Move) -> i32 + Sync,
{
    let start = Instant::now();
    let batch = rayon::current_num_threads().max(1) as u32 * 2;
    let mut rows: Vec<Vec<i32>> = Vec::new();
    let mut exact = true;
    let mut i = 0u32;
    while i < config.layouts && (i == 0 || start.elapsed() < config.think) {
        let end = (i + batch).min(config.layouts);
        let judged: Vec<Option<(Vec<i32>, bool)>> = (i..end)
            .into_par_iter()
            .map(|k| {
                let g = layout(k as u64)?;
                let mut solver = Solver::new();
                let mut solved = true;
                let row = moves
                    .iter()
                    .map(|&m| {
                        // The move does not end a trick before the last ones: the count of
                        // tricks left is the layout's.
                        if g.tricks_left() <= config.exact_tricks {
                            let mut child = g.clone();
                            child.play(m);
                            solver.solve(&child, seat)
                        } else {
                            solved = false;
                            playout(&g, m)
                        }
                    })
                    .collect();
                Some((row, solved))
            })
            .collect();
        for (row, solved) in judged.into_iter().flatten() {
            exact &= solved;
            rows.push(row);
        }
        i = end;
    }
    if rows.is_empty() {
        return None;
    }
    let n = rows.len() as f64;
    let mut judged: Vec<Judged<G::Move>> = moves
        .iter()
        .enumerate()
        .map(|(j, &action)| Judged {
            action,
            mean: rows.iter().map(|r| r[j] as f64).sum::<f64>() / n,
            best_in: rows
                .iter()
                .filter(|r| r[j] == *r.iter().max().expect("a move"))
                .count() as u32,
        })
        .collect();
    judged.sort_by(|a, b| b.mean.total_cmp(&a.mean));
    Some(Verdict {
        moves: judged,
        layouts: rows.len() as u32,
        exact,
    })
}

/// Why level 2 chose a move, as data: how it did over the layouts, against the next best.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SearchWhy<A> {
    pub action: A,
    /// Layouts judged.
    pub layouts: u32,
    /// Layouts in which no other move did better.
    pub best_in: u32,
    /// Mean result in tenths of a point.
    pub mean_tenths: i32,
    /// The next best move and how many tenths of a point it gives away on average.
    pub next: Option<(A, i32)>,
    /// Solved to the end in every layout (otherwise played out with level 1).
    pub exact: bool,
}

impl<A: Copy> SearchWhy<A> {
    /// The reason for the verdict's best move; `units` is the value of a point in the
    /// family's units ([`Solvable::value`]).
    pub fn of(v: &Verdict<A>, units: f64) -> SearchWhy<A> {
        let tenths = |x: f64| (x * 10.0 / units).round() as i32;
        let best = &v.moves[0];
        SearchWhy {
            action: best.action,
            layouts: v.layouts,
            best_in: best.best_in,
            mean_tenths: tenths(best.mean),
            next: v
                .moves
                .get(1)
                .map(|n| (n.action, tenths(best.mean - n.mean))),
            exact: v.exact,
        }
    }
}

/// A level-2 answer as a bot's decision: the search's reason, or level 1's where it did not
/// search (`Err`).
pub fn decision<A, S: std::fmt::Display, L: std::fmt::Display>(
    answer: Result<(A, S), (A, L)>,
) -> crate::Decision<A> {
    let (action, reason) = match answer {
        Ok((a, w)) => (a, w.to_string()),
        Err((a, w)) => (a, w.to_string()),
    };
    crate::Decision { action, reason }
}

/// A signed number of tenths as points: `+3.5`, `-0.2`.
pub fn points(tenths: i32) -> String {
    format!("{:+.1}", tenths as f64 / 10.0)
}

impl<A: Copy> SearchWhy<A> {
    /// The reason in English, each move said by `label`.
    pub fn english(&self, label: impl Fn(A) -> String) -> String {
        let mut s = format!(
            "{}: {} on average over {} layouts {}, best in {} of them",
            label(self.action),
            points(self.mean_tenths),
            self.layouts,
            if self.exact {
                "solved to the end"
            } else {
                "played out"
            },
            self.best_in
        );
        if let Some((next, by)) = self.next {
            s += &format!("; {} gives {:.1} away", label(next), by as f64 / 10.0);
        }
        s
    }
}

impl<A: Copy + std::fmt::Display> std::fmt::Display for SearchWhy<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.english(|a| a.to_string()))
    }
}
