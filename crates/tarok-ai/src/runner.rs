//! The duplicate match runner: each deal is replayed with the candidate in every seat against
//! the same opponents, so the luck of the cards cancels.

use crate::bot::Bot;
use rayon::prelude::*;
use serde::Serialize;
use tarok_core::DealRng;

/// A game the runner can drive: whoever is to act gets a view and the legal actions.
pub trait Table: Send {
    type View;
    type Action: Copy + PartialEq + std::fmt::Debug + Send;
    fn seats(&self) -> usize;
    fn to_act(&self) -> Option<u8>;
    fn legal(&self) -> Vec<Self::Action>;
    /// The action the seat to act takes without a choice, if the game has such moments: it is
    /// applied without asking the seat's bot, so that a random bot draws no number for it.
    fn forced(&self) -> Option<Self::Action> {
        None
    }
    fn act(&mut self, action: Self::Action);
    fn view(&self, seat: u8) -> Self::View;
    /// Each seat's result; zero-sum (pools count as shared equally by the seats).
    fn payoffs(&self) -> Vec<f64>;
}

/// Who a bot plays for in a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    Candidate,
    Opponent,
}

#[derive(Copy, Clone, Debug)]
pub struct MatchConfig {
    pub deals: u64,
    pub seed: u64,
}

/// The candidate's result.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MatchResult {
    pub deals: u64,
    /// Mean payoff per deal of the candidate, averaged over its seats.
    pub mean: f64,
    /// Standard deviation of the per-deal payoff.
    pub sd: f64,
    /// 95% confidence interval of the mean (normal approximation).
    pub ci95: [f64; 2],
    /// Share of deals with a positive payoff.
    pub won_share: f64,
}

/// Plays one deal to the end with the given bots, seat by seat; forced actions are taken
/// without asking.
pub fn play<T: Table>(table: &mut T, bots: &mut [Box<dyn Bot<T::View, T::Action>>]) {
    while let Some(seat) = table.to_act() {
        if let Some(forced) = table.forced() {
            table.act(forced);
            continue;
        }
        let legal = table.legal();
        let view = table.view(seat);
        let d = bots[seat as usize].decide(&view, &legal);
        assert!(
            legal.contains(&d.action),
            "bot chose an illegal action {:?}",
            d.action
        );
        table.act(d.action);
    }
}

/// Runs a duplicate match. `new_table(seed)` deals; `make_bot(role, seed)` makes a bot.
/// Deals run in parallel; results are the same for a seed whatever the thread count.
pub fn run_match<T, N, M, P>(
    config: MatchConfig,
    new_table: N,
    make_bot: M,
    progress: P,
) -> MatchResult
where
    T: Table,
    N: Fn(u64) -> T + Sync,
    M: Fn(Role, u64) -> Box<dyn Bot<T::View, T::Action>> + Sync,
    P: Fn() + Sync,
{
    let scores: Vec<f64> = (0..config.deals)
        .into_par_iter()
        .map(|i| {
            let deal_seed = DealRng::derive(config.seed, i).next_u64();
            let seats = new_table(deal_seed).seats();
            let mut total = 0.0;
            for candidate in 0..seats {
                let mut table = new_table(deal_seed);
                // Opponents get the same seeds in every rotation, so only the candidate changes.
                let mut bots: Vec<Box<dyn Bot<T::View, T::Action>>> = (0..seats)
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
                play(&mut table, &mut bots);
                total += table.payoffs()[candidate];
            }
            progress();
            total / seats as f64
        })
        .collect();
    summarise(&scores)
}

fn summarise(scores: &[f64]) -> MatchResult {
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = if scores.len() > 1 {
        scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let sd = var.sqrt();
    let half = 1.96 * sd / n.sqrt();
    MatchResult {
        deals: scores.len() as u64,
        mean,
        sd,
        ci95: [mean - half, mean + half],
        won_share: scores.iter().filter(|&&s| s > 0.0).count() as f64 / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_statistics() {
        let r = summarise(&[1.0, 3.0, -1.0, 5.0]);
        assert_eq!(r.mean, 2.0);
        assert!((r.sd - (20.0f64 / 3.0).sqrt()).abs() < 1e-12);
        assert!((r.ci95[1] - r.mean - 1.96 * r.sd / 2.0).abs() < 1e-12);
        assert_eq!(r.won_share, 0.75);
    }
}
