//! Level 2's decision, for any family: judge each legal move over layouts of the hidden cards
//! that fit what the seat has seen, and take the move with the best mean payoff.
//!
//! Near the end the rest of the play is solved exactly in every layout ([`Solver`]); earlier,
//! each move is judged by playing the layout out with level 1 for every seat (a perfect-
//! information search of 20 tricks does not fit a decision's time). Layouts are judged in
//! parallel; each draws from its own seeded stream, so a decision is the same for a seed
//! whatever the number of threads.

use crate::search::{Moves, Solvable, Solver};
use rayon::prelude::*;
use std::time::{Duration, Instant};
use tarok_core::{Card, CardSet, DealRng, Seat};

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
    /// Whether the decisions before the card play (skat, bids, talon, announcements, Kontra)
    /// are searched too; `false` leaves them to level 1, the baseline that `--level L2-play`
    /// measures them against.
    pub before_play: bool,
    /// Whether layouts are drawn in proportion to how likely the other seats' past decisions
    /// were under a player model ([`kept`]), not only to what they make certain: the games of
    /// 1829 from the decisions before the play, Königrufen from the bidding. Danish Tarok has
    /// no bidding: alone it changes nothing there.
    pub infer: bool,
    /// Königrufen and Danish Tarok, with `infer`: whether the other seats' cards played weigh
    /// the layouts too, under level 1 as the model ([`weighed`]). Off by default: in level-2
    /// self-play it places two or three points more of the hidden cards right (Königrufen
    /// 38.2% against 36.1%, Danish 57.6% against 55.1%) for six to ten times the sampling time,
    /// and gains nothing shown in duplicate (400 deals: Königrufen -0.25, -0.86 .. +0.36;
    /// dk-dtf-2011 +0.08 p, -2.17 .. +2.33; README, "Inference").
    pub infer_play: bool,
    /// Königrufen, with `infer`: whether the other seats' Kontras and Res weigh the layouts
    /// too, beside their bidding ([`crate::koenigrufen_bids`]).
    pub infer_raises: bool,
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
            before_play: true,
            infer: true,
            infer_play: false,
            infer_raises: true,
        }
    }

    /// The same, with level 1's decisions before the card play.
    pub fn card_play_only(self) -> Config {
        Config {
            before_play: false,
            ..self
        }
    }
}

/// How much less likely a layout is for each past decision of another seat that the player
/// model (level 1) would not have taken in it: a layout in which one seat bid otherwise than
/// level 1 would have is kept a quarter as often.
pub const SURPRISE: f64 = 0.25;

/// Whether to keep a layout in which the other seats took `surprises` decisions that the
/// player model would not have: with probability [`SURPRISE`] to that power, so that the
/// layouts kept are drawn in proportion to how likely the other seats' decisions were in them.
pub fn surprised(surprises: u32, rng: &mut DealRng) -> bool {
    !kept(SURPRISE.powi(surprises as i32), rng)
}

/// Whether to keep a layout whose other seats' past decisions had `likelihood` (in [0, 1],
/// relative to the most likely layouts) under a player model: rejection sampling, so that the
/// layouts kept are drawn in proportion to it.
pub fn kept(likelihood: f64, rng: &mut DealRng) -> bool {
    uniform(rng) < likelihood
}

/// How much less likely a layout is for each card another seat played in it that level 1
/// would not have played there ([`Config::infer_play`]).
pub const PLAY_SURPRISE: f64 = 0.2;

/// Layouts drawn for each one taken when the card play is weighed.
pub const PLAY_DRAWS: usize = 12;

/// One of `pool`'s layouts, each with the cards the other seats played in it that level 1
/// would not have, drawn in proportion to [`PLAY_SURPRISE`] to that power
/// (sampling-importance-resampling); `None` if the pool is empty.
pub fn weighed<D>(pool: Vec<(D, u32)>, rng: &mut DealRng) -> Option<D> {
    let least = pool.iter().map(|&(_, n)| n).min()?;
    let weights: Vec<f64> = pool
        .iter()
        .map(|&(_, n)| PLAY_SURPRISE.powi((n - least) as i32))
        .collect();
    let mut x = uniform(rng) * weights.iter().sum::<f64>();
    let k = weights
        .iter()
        .position(|&w| {
            x -= w;
            x < 0.0
        })
        .unwrap_or(pool.len() - 1);
    pool.into_iter().nth(k).map(|(d, _)| d)
}

/// How many of the other seats' hidden cards layouts place in the hand that holds them, drawn
/// without and with an inference: the measure of what the inference buys.
#[derive(Clone, Debug, Default)]
pub struct Placement {
    /// Cards placed right, without and with.
    pub right: [u64; 2],
    /// Cards counted (the same for both).
    pub total: u64,
}

impl Placement {
    /// Counts one decision's pair of layouts (their hands, without and with), against the
    /// `real` hands; only where both were found, so that the two shares compare.
    pub fn add<const N: usize>(
        &mut self,
        real: [CardSet; N],
        drawn: [Option<[CardSet; N]>; 2],
        seat: Seat,
    ) {
        let [Some(without), Some(with)] = drawn else {
            return;
        };
        for (s, truth) in real
            .into_iter()
            .enumerate()
            .filter(|&(s, _)| s != seat as usize)
        {
            self.right[0] += (truth & without[s]).len() as u64;
            self.right[1] += (truth & with[s]).len() as u64;
            self.total += truth.len() as u64;
        }
    }

    /// The shares placed right, without and with.
    pub fn shares(&self) -> [f64; 2] {
        self.right.map(|r| r as f64 / self.total as f64)
    }

    /// For the families' tests: over enough cards, the inference places at least a point more
    /// of them right.
    #[cfg(test)]
    pub(crate) fn assert_helps(&self) {
        let [without, with] = self.shares();
        println!("hidden cards placed right: {with:.3} with the play, {without:.3} without");
        assert!(self.total > 5000, "{}", self.total);
        assert!(with > without + 0.01, "{with:.3} against {without:.3}");
    }
}

/// A number drawn uniformly from [0, 1).
pub fn uniform(rng: &mut DealRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Something that happened to the seat's side in the rest of a layout's play, which a reason
/// tells: the card-play facts the settlements of every family pay for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The side takes the last trick.
    LastTrick,
    /// The side takes the last trick with its pagat.
    PagatUltimo,
    /// The side's pagat is captured.
    PagatCaught,
    /// A king of the side is captured.
    KingCaught,
    /// The side declared the game and won it (a decision before the play: a bid, a talon).
    GameWon,
}

impl Event {
    pub const COUNT: usize = 5;
    pub const ALL: [Event; Event::COUNT] = [
        Event::LastTrick,
        Event::PagatUltimo,
        Event::PagatCaught,
        Event::KingCaught,
        Event::GameWon,
    ];

    /// This event's bit in a set of events.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The events (a bit for each [`Event`]) of a finished play for the side `party` (a bit per
/// seat), from its tricks in order: each trick's leader, its cards in playing order and its
/// winner, with `seats` at the table.
pub fn events<'a>(
    tricks: impl IntoIterator<Item = (Seat, &'a [Card], Seat)>,
    seats: u8,
    party: u8,
) -> u8 {
    let ours = |s: Seat| party & (1 << s) != 0;
    let mut found = 0;
    let mut last = None;
    for (leader, cards, winner) in tricks {
        for (i, &c) in cards.iter().enumerate() {
            if ours((leader + i as u8) % seats) && !ours(winner) {
                if c == Card::PAGAT {
                    found |= Event::PagatCaught.bit();
                } else if c.is_king() {
                    found |= Event::KingCaught.bit();
                }
            }
        }
        last = Some((leader, cards, winner));
    }
    if let Some((leader, cards, winner)) = last.filter(|&(_, _, w)| ours(w)) {
        found |= Event::LastTrick.bit();
        let by_winner = cards.get(((winner + seats - leader) % seats) as usize);
        if by_winner == Some(&Card::PAGAT) {
            found |= Event::PagatUltimo.bit();
        }
    }
    found
}

/// A finished layout's [`events`] for a seat's side.
pub trait Outcome {
    fn events(&self, seat: Seat) -> u8;
}

/// One move as judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged<A> {
    pub action: A,
    /// Mean payoff over the layouts, in the family's units (see [`Solvable::value`]).
    pub mean: f64,
    /// Layouts in which no other move did better.
    pub best_in: u32,
    /// For the two best moves: in how many layouts each [`Event`] happened to the seat's side
    /// in the line of play the search found (solved, or played out).
    pub events: Option<[u32; Event::COUNT]>,
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

impl<A: Copy> Verdict<A> {
    /// The winner's curse mended: the best of many means over one sample of layouts is biased
    /// upward, most for the moves whose result swings most (a Piccolo ouvert is won or lost
    /// whole). So the two best moves are judged `again` over fresh layouts, and the fresh means,
    /// free of the bias of having been picked, order them. Unchanged if `again` finds no layout.
    pub fn confirmed(mut self, again: impl FnOnce(&[A]) -> Option<Verdict<A>>) -> Verdict<A> {
        if self.moves.len() > 1 {
            let pair = [self.moves[0].action, self.moves[1].action];
            if let Some(fresh) = again(&pair) {
                self.moves.splice(0..2, fresh.moves);
            }
        }
        self
    }

    /// The same judgement with each move named by `name` (a plan by the action it begins
    /// with); of moves with one name, the best stands for them.
    pub fn named_by<B: PartialEq>(self, name: impl Fn(A) -> B) -> Verdict<B> {
        let mut moves: Vec<Judged<B>> = Vec::new();
        for m in self.moves {
            let action = name(m.action);
            if moves.iter().all(|n| n.action != action) {
                moves.push(Judged {
                    action,
                    mean: m.mean,
                    best_in: m.best_in,
                    events: m.events,
                });
            }
        }
        Verdict {
            moves,
            layouts: self.layouts,
            exact: self.exact,
        }
    }
}

/// A layout's judgement: each move's value and, where played out, its events.
type Row = Vec<(i32, Option<u8>)>;

/// Judges `moves` for `seat` over the layouts that `layout(i)` draws (`None`: no layout fits,
/// after the family's tries). Where the rest is not solved, `playout(layout, move)` plays the
/// move and the rest of the layout and gives the finished layout.
pub fn judge<G, L, P>(
    seat: Seat,
    moves: &[G::Move],
    config: &Config,
    layout: L,
    playout: P,
) -> Option<Verdict<G::Move>>
where
    G: Solvable + Outcome,
    L: Fn(u64) -> Option<G> + Sync,
    P: Fn(&G, G::Move) -> G + Sync,
{
    let rows = layout_rows(config, layout, |g: &G| {
        let mut solver = Solver::new();
        // The move does not end a trick before the last ones: the count of tricks left is
        // the layout's.
        let solved = g.tricks_left() <= config.exact_tricks;
        moves
            .iter()
            .map(|&m| {
                if solved {
                    let mut child = g.clone();
                    child.play(m);
                    (solver.solve(&child, seat), None)
                } else {
                    let end = playout(g, m);
                    (end.value(seat), Some(end.events(seat)))
                }
            })
            .collect()
    });
    if rows.is_empty() {
        return None;
    }
    let exact = rows.iter().all(|(_, r)| r.iter().all(|(_, e)| e.is_none()));
    let mut judged = ranked(moves, &rows);
    // What happens in the line of play of the two best moves, for the reason.
    for (j, m) in judged.iter_mut().take(2) {
        let bits: Vec<u8> = rows
            .par_iter()
            .map(|(g, r)| {
                r[*j].1.unwrap_or_else(|| {
                    let mut child = g.clone();
                    child.play(m.action);
                    line_end(&mut Solver::new(), child, seat, r[*j].0).events(seat)
                })
            })
            .collect();
        m.events = Some(counts(&bits));
    }
    Some(Verdict {
        moves: judged.into_iter().map(|(_, m)| m).collect(),
        layouts: rows.len() as u32,
        exact,
    })
}

/// Judges `candidates`, decisions made before the card play (a skat, a bid, a talon half, an
/// announcement...), over the layouts that `layout(i)` draws: `playout(layout, candidate)`
/// takes the candidate in the layout, plays the deal to its end and gives the seat's payoff
/// (in the family's units, as [`Solvable::value`]) and the [`Event`]s of its side.
pub fn judge_before_play<D, A, L, P>(
    candidates: &[A],
    config: &Config,
    layout: L,
    playout: P,
) -> Option<Verdict<A>>
where
    D: Send,
    A: Copy + Sync,
    L: Fn(u64) -> Option<D> + Sync,
    P: Fn(&D, A) -> (i32, u8) + Sync,
{
    let rows = layout_rows(config, layout, |d: &D| {
        candidates
            .iter()
            .map(|&a| {
                let (value, events) = playout(d, a);
                (value, Some(events))
            })
            .collect()
    });
    if rows.is_empty() {
        return None;
    }
    let mut judged = ranked(candidates, &rows);
    for (j, m) in judged.iter_mut().take(2) {
        let bits: Vec<u8> = rows.iter().map(|(_, r)| r[*j].1.unwrap_or(0)).collect();
        m.events = Some(counts(&bits));
    }
    Some(Verdict {
        moves: judged.into_iter().map(|(_, m)| m).collect(),
        layouts: rows.len() as u32,
        exact: false,
    })
}

/// Draws layouts and judges each by `row`, in parallel batches, until `config.layouts` are
/// drawn or the thinking time is over (the first batch always runs).
fn layout_rows<D: Send>(
    config: &Config,
    layout: impl Fn(u64) -> Option<D> + Sync,
    row: impl Fn(&D) -> Row + Sync,
) -> Vec<(D, Row)> {
    let start = Instant::now();
    let batch = rayon::current_num_threads().max(1) as u32 * 2;
    let mut rows = Vec::new();
    let mut i = 0u32;
    while i < config.layouts && (i == 0 || start.elapsed() < config.think) {
        let end = (i + batch).min(config.layouts);
        let judged: Vec<Option<(D, Row)>> = (i..end)
            .into_par_iter()
            .map(|k| {
                let d = layout(k as u64)?;
                let r = row(&d);
                Some((d, r))
            })
            .collect();
        rows.extend(judged.into_iter().flatten());
        i = end;
    }
    rows
}

/// Every move with its mean and the layouts it is best in, best first (ties keep the order
/// of `moves`), with its index in `moves`.
fn ranked<D, A: Copy>(moves: &[A], rows: &[(D, Row)]) -> Vec<(usize, Judged<A>)> {
    let n = rows.len() as f64;
    let best = |r: &[(i32, Option<u8>)]| r.iter().map(|x| x.0).max().expect("a move");
    let mut judged: Vec<(usize, Judged<A>)> = moves
        .iter()
        .enumerate()
        .map(|(j, &action)| {
            let judged = Judged {
                action,
                mean: rows.iter().map(|(_, r)| r[j].0 as f64).sum::<f64>() / n,
                best_in: rows.iter().filter(|(_, r)| r[j].0 == best(r)).count() as u32,
                events: None,
            };
            (j, judged)
        })
        .collect();
    judged.sort_by(|a, b| b.1.mean.total_cmp(&a.1.mean));
    judged
}

/// In how many layouts each [`Event`] happened, from each layout's bits.
fn counts(bits: &[u8]) -> [u32; Event::COUNT] {
    Event::ALL.map(|e| bits.iter().filter(|&&b| b & e.bit() != 0).count() as u32)
}

/// The end of a line of best play from `g`, whose solved value for `seat` is `value`: at each
/// turn the first move that keeps that value.
pub(crate) fn line_end<G: Solvable>(solver: &mut Solver, mut g: G, seat: Seat, value: i32) -> G {
    let mut moves = Moves::new();
    while g.to_move().is_some() {
        g.search_moves(&mut moves);
        g = moves
            .iter()
            .map(|&m| {
                let mut child = g.clone();
                child.play(m);
                child
            })
            .find(|child| solver.solve(child, seat) == value)
            .expect("some move keeps the solved value");
    }
    g
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
    /// What happens in the layouts that most sets the move apart from the next best.
    pub told: Option<Told>,
}

/// An [`Event`] a reason tells: in how many layouts it happened with the move chosen and with
/// the next best.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Told {
    pub event: Event,
    pub with_best: u32,
    pub with_next: u32,
}

impl<A: Copy> SearchWhy<A> {
    /// The reason for the verdict's best move; `units` is the value of a point in the
    /// family's units ([`Solvable::value`]).
    pub fn of(v: &Verdict<A>, units: f64) -> SearchWhy<A> {
        let tenths = |x: f64| (x * 10.0 / units).round() as i32;
        let best = &v.moves[0];
        let next = v.moves.get(1);
        // The event whose count differs most between the two moves, if any differs.
        let told = best
            .events
            .zip(next.and_then(|n| n.events))
            .and_then(|(b, n)| {
                (0..Event::ALL.len())
                    .filter(|&i| b[i] != n[i])
                    .max_by_key(|&i| b[i].abs_diff(n[i]))
                    .map(|i| Told {
                        event: Event::ALL[i],
                        with_best: b[i],
                        with_next: n[i],
                    })
            });
        SearchWhy {
            action: best.action,
            layouts: v.layouts,
            best_in: best.best_in,
            mean_tenths: tenths(best.mean),
            next: next.map(|n| (n.action, tenths(best.mean - n.mean))),
            exact: v.exact,
            told,
        }
    }

    /// The same reason with the moves written as another type (a card as a Königrufen action).
    pub fn map<B>(self, f: impl Fn(A) -> B) -> SearchWhy<B> {
        SearchWhy {
            action: f(self.action),
            layouts: self.layouts,
            best_in: self.best_in,
            mean_tenths: self.mean_tenths,
            next: self.next.map(|(a, by)| (f(a), by)),
            exact: self.exact,
            told: self.told,
        }
    }
}

impl Event {
    /// What happens, in English, as a reason says it of the seat's side.
    pub fn english(self) -> &'static str {
        match self {
            Event::LastTrick => "takes the last trick",
            Event::PagatUltimo => "takes the last trick with the pagat",
            Event::PagatCaught => "loses the pagat",
            Event::KingCaught => "loses a king",
            Event::GameWon => "wins its game",
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
    /// The reason in English, each move said by `label`: the move, then
    /// [`SearchWhy::english_after_move`].
    pub fn english(&self, label: impl Fn(A) -> String) -> String {
        format!("{}: {}", label(self.action), self.english_after_move(label))
    }

    /// The reason in English after the move it chose, for a text that has named the move.
    pub fn english_after_move(&self, label: impl Fn(A) -> String) -> String {
        let layouts = |n: u32| format!("{n} layout{}", if n == 1 { "" } else { "s" });
        let mut s = format!(
            "{} on average over {} {}, best in {} of them",
            points(self.mean_tenths),
            layouts(self.layouts),
            if self.exact {
                "solved to the end"
            } else {
                "played out"
            },
            self.best_in
        );
        if let Some((next, by)) = self.next {
            s += &if by == 0 {
                format!("; {} does as well", label(next))
            } else {
                format!("; {} gives {:.1} away", label(next), by as f64 / 10.0)
            };
            if let Some(t) = self.told {
                s += &format!(
                    "; {} in {} ({} with the other move)",
                    t.event.english(),
                    layouts(t.with_best),
                    t.with_next
                );
            }
        }
        s
    }
}

impl<A: Copy + std::fmt::Display> std::fmt::Display for SearchWhy<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.english(|a| a.to_string()))
    }
}

/// The total variation distance between the draws of each possible layout, `counts` out of
/// `draws`, and the uniform choice among them: the samplers' uniformity tests.
#[cfg(test)]
pub(crate) fn distance_from_uniform(counts: impl Iterator<Item = f64>, draws: f64) -> f64 {
    let counts: Vec<f64> = counts.collect();
    let u = 1.0 / counts.len() as f64;
    counts.iter().map(|k| (k / draws - u).abs()).sum::<f64>() / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_the_sides_tricks() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        // Seat 0's pagat is caught by seat 1; seat 0 takes the last trick with a pagat
        // (its second, as a test of the rule only) and seat 2's king falls to it.
        let t1 = [c("T1"), c("T5"), c("S1")];
        let t2 = [c("S2"), c("HK"), c("T1")];
        let tricks = [(0, &t1[..], 1), (1, &t2[..], 0)];
        let ours = events(tricks, 3, 0b001);
        let expected = [Event::PagatCaught, Event::LastTrick, Event::PagatUltimo];
        assert_eq!(ours, expected.iter().fold(0, |m, e| m | e.bit()));
        // Seat 2 lost its king and did not take the last trick.
        assert_eq!(events(tricks, 3, 0b100), Event::KingCaught.bit());
        // Seats 1 and 2 together: the pagat they captured is not theirs.
        assert_eq!(events(tricks, 3, 0b110), Event::KingCaught.bit());
    }

    /// Plans named by their first action: each name once, the best plan standing for it, in
    /// the order of the judgement.
    #[test]
    fn plans_named_by_their_first_action_keep_the_best_of_each() {
        let judged = |action: (char, u8), mean: f64| Judged {
            action,
            mean,
            best_in: 0,
            events: None,
        };
        let v = Verdict {
            moves: vec![
                judged(('a', 1), 3.0),
                judged(('b', 1), 2.0),
                judged(('a', 2), 1.0),
                judged(('c', 1), 0.5),
            ],
            layouts: 24,
            exact: false,
        };
        let named = v.named_by(|(name, _)| name);
        let got: Vec<(char, f64)> = named.moves.iter().map(|m| (m.action, m.mean)).collect();
        assert_eq!(got, [('a', 3.0), ('b', 2.0), ('c', 0.5)]);
        assert_eq!(named.layouts, 24);
    }

    /// Candidate 0 pays 1 in every layout; candidates 1 to 3 pay 0 on average but swing by 15
    /// either way. Over 24 layouts one of the swingers often shows the best mean by luck; judged
    /// again on fresh layouts, candidate 0 is taken far more often.
    #[test]
    fn confirming_the_best_two_on_fresh_layouts_takes_the_steady_move_more_often() {
        let config = Config::standard(5, Duration::from_secs(3600));
        let candidates = [0u8, 1, 2, 3];
        let payoff = |noise: &u64, a: u8| -> (i32, u8) {
            let swing = (DealRng::derive(*noise, a as u64).next_u64() % 31) as i32 - 15;
            (if a == 0 { 1 } else { swing }, 0)
        };
        let judge = |seed: u64, moves: &[u8]| {
            judge_before_play(
                moves,
                &config,
                |k| Some(DealRng::derive(seed, k).next_u64()),
                payoff,
            )
        };
        let (mut plain, mut fresh) = (0, 0);
        let trials = 400;
        for t in 0..trials as u64 {
            let v = judge(2 * t, &candidates).expect("layouts");
            plain += (v.moves[0].action == 0) as u32;
            let v = v.confirmed(|pair| judge(2 * t + 1, pair));
            fresh += (v.moves[0].action == 0) as u32;
            let mut taken: Vec<u8> = v.moves.iter().map(|m| m.action).collect();
            taken.sort();
            assert_eq!(taken, candidates, "every move is still judged once");
        }
        println!("the steady move taken {plain} times in {trials}, {fresh} when confirmed");
        assert!(fresh >= plain + trials / 10, "{plain} -> {fresh}");
    }
}
