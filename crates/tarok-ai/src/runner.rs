//! The duplicate match runner: each deal is replayed with the candidate in every seat against
//! the same opponents, so the luck of the cards cancels.
//!
//! # What a match measures
//!
//! The independent samples are the deals, not the seatings: the seatings of one deal share its
//! cards, so their results are correlated (with equal bots they cancel exactly). A deal's score
//! is the candidate's payoff averaged over its seatings (the sum over the seatings divided by the
//! number of seats), so it reads as "points per deal played". The match reports the mean score,
//! its 95% confidence interval `mean ± t(0.975, n-1) · s / √n` (Student t with n - 1 degrees of
//! freedom, `s` the sample standard deviation of the n deal scores), and the share of deals won:
//! a deal is won when the candidate's score is above zero (a tie is not a win).
//!
//! # Seeds
//!
//! Deal `i` of a match with seed `S` is dealt from `DealRng::derive(S, i).next_u64()`; the bot
//! in seat `s` of that deal gets `DealRng::derive(deal_seed, s + 1).next_u64()`, whoever it plays
//! for. Opponents therefore play with the same seeds in every seating, and a candidate of the
//! opponents' level plays exactly the opponents' game.
//!
//! # Exactness
//!
//! Payoffs are whole points, or with a pool's equal share a multiple of 1/seats (see
//! [`Game::payoffs`]). The runner counts them as whole numbers of 1/seats points, so the sums
//! are exact: the result does not depend on the order in which deals finish (thread count), a
//! deal whose seatings cancel scores exactly zero and is not counted as won, and equal bots come
//! out exactly even. Summing the float payoffs instead let rounding of the Danish cup thirds
//! make a quarter of the deals between equal bots "won".

use crate::bot::Bot;
use rayon::prelude::*;
use serde::Serialize;
use tarok_core::{DealRng, Game};

/// Who a bot plays for in a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    Candidate,
    Opponent,
}

#[derive(Copy, Clone, Debug)]
pub struct MatchConfig {
    /// Number of duplicate deals; at least 2, as one deal gives no interval.
    pub deals: u64,
    pub seed: u64,
}

/// The candidate's result. The sample is the deal (see the module documentation).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MatchResult {
    pub deals: u64,
    /// Mean payoff per deal of the candidate: each deal's payoff averaged over its seatings.
    pub mean: f64,
    /// Sample standard deviation (divisor n - 1) of the per-deal payoffs.
    pub sd: f64,
    /// 95% confidence interval of the mean: `mean ± t(0.975, n-1) · sd / √n`, Student t.
    pub ci95: [f64; 2],
    /// Share of deals with a payoff above zero; an exact tie is not a win.
    pub won_share: f64,
}

/// Plays one deal to the end with the given bots, seat by seat; forced actions are taken
/// without asking.
pub fn play<G: Game>(deal: &mut G, bots: &mut [Box<dyn Bot<G::View, G::Action>>]) {
    let mut legal = Vec::new();
    while let Some(seat) = deal.to_act() {
        if let Some(forced) = deal.forced() {
            deal.apply(forced).expect("a forced action is legal");
            continue;
        }
        deal.legal_into(&mut legal);
        let view = deal.view(seat);
        let d = bots[seat as usize].decide(&view, &legal);
        assert!(
            legal.contains(&d.action),
            "bot chose an illegal action {:?}",
            d.action
        );
        deal.apply(d.action).expect("the runner checks legality");
    }
}

/// A payoff in whole units of 1/seats point; panics if it is not one (see [`Game::payoffs`]).
fn units(payoff: f64, seats: usize) -> i64 {
    let scaled = payoff * seats as f64;
    let whole = scaled.round();
    assert!(
        (scaled - whole).abs() < 1e-6 && whole.abs() < 9e18,
        "payoff {payoff} is not a multiple of 1/{seats} point"
    );
    whole as i64
}

/// Runs a duplicate match. `new_deal(seed)` deals; `make_bot(role, seed)` makes a bot.
/// Deals run in parallel; results are the same for a seed whatever the thread count.
///
/// Panics if `config.deals` is below 2 (one deal has no spread, so no interval), or if the
/// deals of one match differ in their number of seats.
pub fn run_match<G, N, M, P>(
    config: MatchConfig,
    new_deal: N,
    make_bot: M,
    progress: P,
) -> MatchResult
where
    G: Game,
    N: Fn(u64) -> G + Sync,
    M: Fn(Role, u64) -> Box<dyn Bot<G::View, G::Action>> + Sync,
    P: Fn() + Sync,
{
    assert!(
        config.deals >= 2,
        "a match needs at least 2 deals for its interval"
    );
    // Collected in deal order, each deal as (seats, the candidate's payoff summed over its
    // seatings in units of 1/seats point): exact integers, whatever thread played them.
    let scores: Vec<(usize, i64)> = (0..config.deals)
        .into_par_iter()
        .map(|i| {
            let deal_seed = DealRng::derive(config.seed, i).next_u64();
            let first = new_deal(deal_seed);
            let seats = first.seats() as usize;
            // The first seating plays the deal that told the number of seats.
            let deals = std::iter::once(first).chain((1..seats).map(|_| new_deal(deal_seed)));
            let mut total = 0i64;
            for (candidate, mut deal) in deals.enumerate() {
                // Opponents get the same seeds in every rotation, so only the candidate changes.
                let mut bots: Vec<Box<dyn Bot<G::View, G::Action>>> = (0..seats)
                    .map(|s| {
                        let seed = DealRng::derive(deal_seed, s as u64 + 1).next_u64();
                        make_bot(
                            if s == candidate {
                                Role::Candidate
                            } else {
                                Role::Opponent
                            },
                            seed,
                        )
                    })
                    .collect();
                play(&mut deal, &mut bots);
                total = total
                    .checked_add(units(deal.payoffs()[candidate], seats))
                    .expect("a deal's payoffs fit in 64 bits");
            }
            progress();
            (seats, total)
        })
        .collect();
    let seats = scores[0].0;
    assert!(
        scores.iter().all(|&(s, _)| s == seats),
        "every deal of a match has the same number of seats"
    );
    let totals: Vec<i64> = scores.iter().map(|&(_, t)| t).collect();
    summarise(&totals, (seats * seats) as f64)
}

/// The statistics of the deal totals `totals` (each in units of `1/per_point` of a deal score):
/// `per_point` is seats², as a total is counted in 1/seats points and averaged over the seats.
fn summarise(totals: &[i64], per_point: f64) -> MatchResult {
    let count = totals.len();
    let n = count as f64;
    // Exact sum, then one rounding: the mean does not depend on the order of the deals.
    let sum: i128 = totals.iter().map(|&t| t as i128).sum();
    let mean = sum as f64 / (n * per_point);
    let var = totals
        .iter()
        .map(|&t| (t as f64 / per_point - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0);
    let sd = var.sqrt();
    let half = t_975(count as u64 - 1) * sd / n.sqrt();
    MatchResult {
        deals: count as u64,
        mean,
        sd,
        ci95: [mean - half, mean + half],
        won_share: totals.iter().filter(|&&t| t > 0).count() as f64 / n,
    }
}

/// P(|T| < t) for Student's t with `df` degrees of freedom, by the finite series for whole
/// degrees of freedom (Abramowitz and Stegun 26.7.3 and 26.7.4).
fn t_two_sided(t: f64, df: u64) -> f64 {
    let theta = (t / (df as f64).sqrt()).atan();
    let (sin, cos) = theta.sin_cos();
    let cos2 = cos * cos;
    let (mut sum, mut term, mut k) = if df % 2 == 1 {
        (0.0, cos, 3)
    } else {
        (0.0, 1.0, 2)
    };
    while k <= df {
        sum += term;
        term *= cos2 * (k - 1) as f64 / k as f64;
        k += 2;
    }
    if df % 2 == 1 {
        std::f64::consts::FRAC_2_PI * (theta + sin * sum)
    } else {
        sin * sum
    }
}

/// The 97.5% quantile of Student's t with `df` (at least 1) degrees of freedom: the factor of a
/// 95% interval. The normal 1.96 is too narrow for few deals (4.30 for three deals).
fn t_975(df: u64) -> f64 {
    assert!(df >= 1, "Student t needs a degree of freedom");
    // The quantile lies between the normal one (1.96, df → ∞) and 12.71 (df = 1).
    let (mut lo, mut hi) = (1.9, 13.0);
    // 64 halvings take the bracket below the spacing of f64 there.
    for _ in 0..64 {
        let mid = 0.5 * (lo + hi);
        if t_two_sided(mid, df) < 0.95 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_statistics() {
        // Scores 1, 3, -1, 5 points with one seat (totals in whole points).
        let r = summarise(&[1, 3, -1, 5], 1.0);
        assert_eq!(r.mean, 2.0);
        assert!((r.sd - (20.0f64 / 3.0).sqrt()).abs() < 1e-12);
        // Three degrees of freedom: t = 3.182 (Student's table).
        assert!((r.ci95[1] - r.mean - 3.182 * r.sd / 2.0).abs() < 1e-3 * r.sd);
        assert_eq!(r.won_share, 0.75);
        // Three seats (ninths of a point): a total of zero, seatings that cancel, is a tie and
        // not a win.
        let r = summarise(&[1, -1, 0, 3], 9.0);
        assert_eq!(r.mean, 3.0 / 36.0);
        assert_eq!(r.won_share, 0.5);
    }

    /// The quantile against the printed table of Student's t (two-sided 5%, three decimals,
    /// e.g. Fisher and Yates, Statistical Tables, table III), and the normal 1.95996 far out.
    #[test]
    fn student_t_quantiles_match_the_table() {
        for (df, t) in [
            (1, 12.706),
            (2, 4.303),
            (3, 3.182),
            (4, 2.776),
            (5, 2.571),
            (10, 2.228),
            (19, 2.093),
            (30, 2.042),
            (60, 2.000),
            (120, 1.980),
        ] {
            assert!((t_975(df) - t).abs() < 6e-4, "df {df}: {}", t_975(df));
        }
        assert!((t_975(999_999) - 1.959_964).abs() < 1e-5);
    }
}
