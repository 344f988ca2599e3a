//! The duplicate match runner against a computation of its own.
//!
//! Each deal is played here with the public APIs (deal from the seed, the bot factories, views
//! and legal actions), the candidate in each seat in turn against opponents with the same seeds,
//! and the candidate's payoff is read from the itemised settlement lines, a pool's amount shared
//! equally by the seats. The statistics are computed in whole units (thirds or quarters of a
//! point) and the Student t quantile by numerical integration of its density, not by the
//! runner's series; so a match's numbers are checked by a second derivation of each.
//!
//! The seeding follows the runner's documented scheme: deal `i` from
//! `DealRng::derive(seed, i).next_u64()`, the bot in seat `s` from
//! `DealRng::derive(deal_seed, s + 1).next_u64()`.

use std::sync::Mutex;
use tarok_ai::runner::{run_match, MatchConfig, Role};
use tarok_ai::{Bot, Decision, Level, MatchResult};
use tarok_core::payment::{Party, Payment};
use tarok_core::DealRng;
use tarok_core::Game;

fn level(role: Role, candidate: Level, opponents: Level) -> Level {
    match role {
        Role::Candidate => candidate,
        Role::Opponent => opponents,
    }
}

fn deal_seed(seed: u64, i: u64) -> u64 {
    DealRng::derive(seed, i).next_u64()
}

fn bot_seed(deal_seed: u64, seat: usize) -> u64 {
    DealRng::derive(deal_seed, seat as u64 + 1).next_u64()
}

/// The candidate's net from settlement lines in whole units of 1/`seats` point: a player's
/// payment counts `seats` units per point, a pool's inflow one unit per point for each seat.
fn units_from_lines<R>(lines: &[Payment<R>], candidate: u8, seats: i64) -> i64 {
    let mut units = 0;
    for l in lines {
        let amount = l.amount as i64;
        match l.from {
            Party::Player(p) if p == candidate => units -= seats * amount,
            Party::Cup(_) => units -= amount,
            Party::Player(_) => {}
        }
        match l.to {
            Party::Player(p) if p == candidate => units += seats * amount,
            Party::Cup(_) => units += amount,
            Party::Player(_) => {}
        }
    }
    units
}

/// One Danish deal with the candidate in `candidate`'s seat: its net in thirds of a point.
fn danish_seating(
    preset: tarok_danish::Preset,
    ds: u64,
    candidate: usize,
    a: Level,
    b: Level,
) -> i64 {
    let mut deal = tarok_danish::Deal::from_seed(preset.ruleset(), ds);
    let mut bots: Vec<_> = (0..3)
        .map(|s| tarok_ai::danish::bot(if s == candidate { a } else { b }, bot_seed(ds, s)))
        .collect();
    while let Some(seat) = deal.current_player() {
        // A forced keep in the redeal round is taken without asking the seat's bot.
        if let Some(forced) = deal.forced_action() {
            deal.apply(forced).unwrap();
            continue;
        }
        let legal = deal.legal_actions();
        let d = bots[seat as usize].decide(&deal.view(seat), &legal);
        assert!(legal.contains(&d.action));
        deal.apply(d.action).unwrap();
    }
    units_from_lines(&deal.settlement(), candidate as u8, 3)
}

fn koenigrufen_deal(ds: u64) -> tarok_koenigrufen::Deal {
    // The dealer as `tarok match` picks it: fixed by the deal's seed.
    tarok_koenigrufen::Deal::from_seed(
        tarok_koenigrufen::Ruleset::spieleversum(),
        ds,
        (ds % 4) as u8,
    )
}

/// One Königrufen deal with the candidate in `candidate`'s seat: its net in quarters of a point.
fn koenigrufen_seating(ds: u64, candidate: usize, a: Level, b: Level) -> i64 {
    let mut deal = koenigrufen_deal(ds);
    let mut bots: Vec<_> = (0..4)
        .map(|s| tarok_ai::koenigrufen::bot(if s == candidate { a } else { b }, bot_seed(ds, s)))
        .collect();
    while !deal.is_over() {
        let seat = deal.current_player();
        let legal = deal.legal_actions();
        let d = bots[seat as usize].decide(&deal.view(seat), &legal);
        assert!(legal.contains(&d.action));
        deal.apply(d.action).unwrap();
    }
    let lines = deal.settlement();
    assert!(
        lines
            .iter()
            .all(|l| matches!((l.from, l.to), (Party::Player(_), Party::Player(_)))),
        "Königrufen has no pools"
    );
    units_from_lines(&lines, candidate as u8, 4)
}

/// P(|T| < t), Student t with `df` degrees of freedom, by Simpson's rule. With x = √df·tan θ
/// the density is proportional to cos^(df-1) θ on (-π/2, π/2), which has no tails to cut.
fn t_two_sided_by_integration(t: f64, df: u64) -> f64 {
    let f = |theta: f64| theta.cos().powi(df as i32 - 1);
    let simpson = |b: f64| {
        let steps = 20_000;
        let h = b / steps as f64;
        let mut s = f(0.0) + f(b);
        for k in 1..steps {
            s += f(k as f64 * h) * if k % 2 == 1 { 4.0 } else { 2.0 };
        }
        s * h / 3.0
    };
    simpson((t / (df as f64).sqrt()).atan()) / simpson(std::f64::consts::FRAC_PI_2)
}

fn t_975_by_integration(df: u64) -> f64 {
    let (mut lo, mut hi) = (1.0, 20.0);
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        if t_two_sided_by_integration(mid, df) < 0.95 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

/// The match's statistics from the candidate's totals per deal (each the sum over its seatings
/// in units of 1/`seats` point), as exact integers until the last step.
fn expected(totals: &[i64], seats: i64) -> MatchResult {
    let n = totals.len() as i128;
    // A deal's score is its total over seats (units to points) and over seats again (the mean
    // over its seatings): totals are in 1/seats² points of score.
    let per_point = (seats * seats) as f64;
    let sum: i128 = totals.iter().map(|&t| t as i128).sum();
    let squares: i128 = totals.iter().map(|&t| (t as i128) * (t as i128)).sum();
    let mean = sum as f64 / (n as f64 * per_point);
    let var = (n * squares - sum * sum) as f64 / (n * (n - 1)) as f64 / (per_point * per_point);
    let sd = var.sqrt();
    let half = t_975_by_integration(n as u64 - 1) * sd / (n as f64).sqrt();
    MatchResult {
        deals: n as u64,
        mean,
        sd,
        ci95: [mean - half, mean + half],
        won_share: totals.iter().filter(|&&t| t > 0).count() as f64 / n as f64,
    }
}

fn assert_close(runner: &MatchResult, mine: &MatchResult) {
    let near = |x: f64, y: f64| (x - y).abs() <= 1e-9 * (1.0 + y.abs());
    assert_eq!(runner.deals, mine.deals);
    assert!(near(runner.mean, mine.mean), "{runner:?}\n{mine:?}");
    assert!(near(runner.sd, mine.sd), "{runner:?}\n{mine:?}");
    assert!(near(runner.ci95[0], mine.ci95[0]), "{runner:?}\n{mine:?}");
    assert!(near(runner.ci95[1], mine.ci95[1]), "{runner:?}\n{mine:?}");
    // The same count over the same number of deals: equal to the last bit.
    assert_eq!(runner.won_share, mine.won_share, "{runner:?}\n{mine:?}");
}

fn danish_runner(
    preset: tarok_danish::Preset,
    deals: u64,
    seed: u64,
    a: Level,
    b: Level,
) -> MatchResult {
    run_match(
        MatchConfig { deals, seed },
        |s| tarok_danish::Deal::from_seed(preset.ruleset(), s),
        |role, s| tarok_ai::danish::bot(level(role, a, b), s),
        || {},
    )
}

fn koenigrufen_runner(deals: u64, seed: u64, a: Level, b: Level) -> MatchResult {
    run_match(
        MatchConfig { deals, seed },
        koenigrufen_deal,
        |role, s| tarok_ai::koenigrufen::bot(level(role, a, b), s),
        || {},
    )
}

/// Danish dk-dtf-2011, L1 against L0, 20 deals and more: the runner's mean, sd, interval and
/// share of deals won are those of the deals played here.
#[test]
fn danish_match_numbers_are_those_of_the_deals() {
    let preset = tarok_danish::Preset::Dtf2011;
    for (deals, seed) in [(20, 7), (20, 2026), (60, 1)] {
        let totals: Vec<i64> = (0..deals)
            .map(|i| {
                let ds = deal_seed(seed, i);
                (0..3)
                    .map(|c| danish_seating(preset, ds, c, Level::L1, Level::L0))
                    .sum()
            })
            .collect();
        let mine = expected(&totals, 3);
        let runner = danish_runner(preset, deals, seed, Level::L1, Level::L0);
        assert_close(&runner, &mine);
    }
}

/// Königrufen (Spieleversum), L1 against L0: as for the Danish game, with four seatings.
#[test]
fn koenigrufen_match_numbers_are_those_of_the_deals() {
    for (deals, seed) in [(20, 7), (20, 2026), (60, 1)] {
        let totals: Vec<i64> = (0..deals)
            .map(|i| {
                let ds = deal_seed(seed, i);
                (0..4)
                    .map(|c| koenigrufen_seating(ds, c, Level::L1, Level::L0))
                    .sum()
            })
            .collect();
        let mine = expected(&totals, 4);
        let runner = koenigrufen_runner(deals, seed, Level::L1, Level::L0);
        assert_close(&runner, &mine);
    }
}

/// Equal bots play the same game in every seating, and the settlement is zero-sum with the
/// pools shared: every deal is an exact tie. Summed as floats, the Danish cup thirds left
/// rounding residues of 1e-16 that counted a quarter of the deals as won (25.6% at seed 1 of
/// `tarok match --a L0 --b L0`) and an interval that excluded zero.
#[test]
fn equal_bots_tie_every_deal_exactly() {
    for preset in tarok_danish::Preset::ALL {
        for lvl in [Level::L0, Level::L1] {
            let r = danish_runner(preset, 300, 1, lvl, lvl);
            assert_eq!(
                (r.mean, r.sd, r.ci95, r.won_share),
                (0.0, 0.0, [0.0, 0.0], 0.0),
                "{preset:?} {lvl}: {r:?}"
            );
        }
    }
    for lvl in [Level::L0, Level::L1] {
        let r = koenigrufen_runner(300, 1, lvl, lvl);
        assert_eq!(
            (r.mean, r.sd, r.ci95, r.won_share),
            (0.0, 0.0, [0.0, 0.0], 0.0),
            "{lvl}: {r:?}"
        );
    }
}

// ------------------------------------------------------------------ the duplicate property

/// What the runner did, in the order it did it (one thread, so a deal's events are together).
#[derive(Clone, Debug, PartialEq)]
enum Event {
    /// A table was dealt from this seed; `cards` says what each seat and the rest hold.
    Dealt { seed: u64, cards: Vec<u128> },
    /// A bot was made for a role with a seed; it is the `id`-th bot made.
    Made { id: usize, role: Role, seed: u64 },
    /// Bot `id` was asked to decide for `seat` (the seat of the view it was given).
    Asked { id: usize, seat: u8 },
}

struct Recorder<V, A> {
    id: usize,
    inner: Box<dyn Bot<V, A>>,
    log: &'static Mutex<Vec<Event>>,
    seat_of: fn(&V) -> u8,
}

impl<V, A> Bot<V, A> for Recorder<V, A> {
    fn decide(&mut self, view: &V, legal: &[A]) -> Decision<A> {
        let seat = (self.seat_of)(view);
        self.log
            .lock()
            .unwrap()
            .push(Event::Asked { id: self.id, seat });
        self.inner.decide(view, legal)
    }
}

/// Checks the events of a match of `deals` deals at `seats` seats: per deal, every seating is
/// dealt from the deal's seed with the same cards; the candidate sits in each seat once; each
/// opponent seat has the same seed in every seating; and a bot is only asked about its own seat.
fn check_duplicate(log: &[Event], deals: u64, seed: u64, seats: usize) {
    let mut rest = log;
    for i in 0..deals {
        let ds = deal_seed(seed, i);
        // One table per seating (the first also tells the number of seats).
        let mut first_cards = None;
        let mut opponent_seeds: Vec<Option<u64>> = vec![None; seats];
        let mut candidate_seats = Vec::new();
        let take_dealt = |rest: &mut &[Event], first: &mut Option<Vec<u128>>| {
            let Event::Dealt { seed: s, cards } = &rest[0] else {
                panic!("deal {i}: expected a new table, got {:?}", rest[0])
            };
            assert_eq!(*s, ds, "deal {i}: dealt from the deal's seed");
            match first {
                None => *first = Some(cards.clone()),
                Some(f) => assert_eq!(f, cards, "deal {i}: the same cards in every seating"),
            }
            *rest = &rest[1..];
        };
        for _ in 0..seats {
            take_dealt(&mut rest, &mut first_cards);
            let mut ids = Vec::new();
            for (s, opponent_seed) in opponent_seeds.iter_mut().enumerate() {
                let Event::Made { id, role, seed } = rest[0] else {
                    panic!("deal {i}: expected a bot, got {:?}", rest[0])
                };
                assert_eq!(seed, bot_seed(ds, s), "deal {i} seat {s}: the seat's seed");
                match role {
                    Role::Candidate => candidate_seats.push(s),
                    Role::Opponent => {
                        let known = opponent_seed.get_or_insert(seed);
                        assert_eq!(*known, seed, "deal {i} seat {s}: same opponent seed");
                    }
                }
                ids.push((id, role));
                rest = &rest[1..];
            }
            assert_eq!(
                ids.iter().filter(|(_, r)| *r == Role::Candidate).count(),
                1,
                "deal {i}: one candidate per seating"
            );
            let mut candidate_asked = false;
            while let Some(Event::Asked { id, seat }) = rest.first() {
                let s = ids
                    .iter()
                    .position(|(b, _)| b == id)
                    .expect("a bot of this seating");
                assert_eq!(
                    *seat as usize, s,
                    "deal {i}: bot of seat {s} asked for {seat}"
                );
                candidate_asked |= ids[s].1 == Role::Candidate;
                rest = &rest[1..];
            }
            assert!(candidate_asked, "deal {i}: the candidate played");
        }
        candidate_seats.sort();
        assert_eq!(
            candidate_seats,
            (0..seats).collect::<Vec<_>>(),
            "deal {i}: the candidate in every seat once"
        );
    }
    assert!(rest.is_empty(), "{} events left", rest.len());
}

/// A deal that reports when it is dealt.
#[derive(Clone)]
struct Logged<T> {
    inner: T,
}

impl<T: Game> Game for Logged<T> {
    type View = T::View;
    type Action = T::Action;
    type Error = T::Error;
    type Reason = T::Reason;
    fn preset(&self) -> &'static str {
        self.inner.preset()
    }
    fn seats(&self) -> u8 {
        self.inner.seats()
    }
    fn dealer(&self) -> u8 {
        self.inner.dealer()
    }
    fn to_act(&self) -> Option<u8> {
        self.inner.to_act()
    }
    fn legal_into(&self, out: &mut Vec<T::Action>) {
        self.inner.legal_into(out)
    }
    fn forced(&self) -> Option<T::Action> {
        self.inner.forced()
    }
    fn parse_action(&self, text: &str) -> Result<T::Action, String> {
        self.inner.parse_action(text)
    }
    fn apply(&mut self, action: T::Action) -> Result<(), T::Error> {
        self.inner.apply(action)
    }
    fn view(&self, seat: u8) -> T::View {
        self.inner.view(seat)
    }
    fn public_view(&self) -> T::View {
        self.inner.public_view()
    }
    fn settlement(&self) -> Vec<Payment<T::Reason>> {
        self.inner.settlement()
    }
    fn payoffs(&self) -> Vec<f64> {
        self.inner.payoffs()
    }
}

fn one_thread<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(f)
}

#[test]
fn every_seating_of_a_danish_deal_has_the_same_cards_and_opponents() {
    static LOG: Mutex<Vec<Event>> = Mutex::new(Vec::new());
    let (deals, seed) = (25, 11);
    let preset = tarok_danish::Preset::Dtf2011;
    let made = std::sync::atomic::AtomicUsize::new(0);
    one_thread(|| {
        run_match(
            MatchConfig { deals, seed },
            |s| {
                let deal = tarok_danish::Deal::from_seed(preset.ruleset(), s);
                let cards = (0..3)
                    .map(|seat| deal.hand(seat).bits())
                    .chain([deal.skat().bits()])
                    .collect();
                LOG.lock().unwrap().push(Event::Dealt { seed: s, cards });
                Logged { inner: deal }
            },
            |role, s| {
                let id = made.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                LOG.lock().unwrap().push(Event::Made { id, role, seed: s });
                Box::new(Recorder {
                    id,
                    inner: tarok_ai::danish::bot(level(role, Level::L1, Level::L0), s),
                    log: &LOG,
                    seat_of: |v: &tarok_danish::View| v.seat,
                })
            },
            || {},
        )
    });
    check_duplicate(&LOG.lock().unwrap(), deals, seed, 3);
}

#[test]
fn every_seating_of_a_koenigrufen_deal_has_the_same_cards_and_opponents() {
    static LOG: Mutex<Vec<Event>> = Mutex::new(Vec::new());
    let (deals, seed) = (25, 11);
    let made = std::sync::atomic::AtomicUsize::new(0);
    one_thread(|| {
        run_match(
            MatchConfig { deals, seed },
            |s| {
                let deal = koenigrufen_deal(s);
                // The deck order fixes the hands, the talon and (with the seed) the dealer.
                let mut cards: Vec<u128> = deal.deck().iter().map(|c| c.index() as u128).collect();
                cards.push(deal.state().dealer() as u128);
                LOG.lock().unwrap().push(Event::Dealt { seed: s, cards });
                Logged { inner: deal }
            },
            |role, s| {
                let id = made.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                LOG.lock().unwrap().push(Event::Made { id, role, seed: s });
                Box::new(Recorder {
                    id,
                    inner: tarok_ai::koenigrufen::bot(level(role, Level::L1, Level::L0), s),
                    log: &LOG,
                    seat_of: |v: &tarok_koenigrufen::View| v.seat,
                })
            },
            || {},
        )
    });
    check_duplicate(&LOG.lock().unwrap(), deals, seed, 4);
}

// ------------------------------------------------------------------ reproducibility

fn in_pool<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

/// The same seed gives bit for bit the same result on 1, 2 and 4 threads, for both games;
/// another seed gives another result.
#[test]
fn a_match_does_not_depend_on_the_thread_count() {
    let danish = |threads, seed| {
        in_pool(threads, || {
            danish_runner(
                tarok_danish::Preset::Dtf2011,
                120,
                seed,
                Level::L1,
                Level::L0,
            )
        })
    };
    let koenigrufen = |threads, seed| {
        in_pool(threads, || {
            koenigrufen_runner(80, seed, Level::L1, Level::L0)
        })
    };
    let bits =
        |r: &MatchResult| [r.mean, r.sd, r.ci95[0], r.ci95[1], r.won_share].map(f64::to_bits);
    let d1 = danish(1, 5);
    let k1 = koenigrufen(1, 5);
    for threads in [2, 4] {
        assert_eq!(bits(&danish(threads, 5)), bits(&d1), "{threads} threads");
        assert_eq!(
            bits(&koenigrufen(threads, 5)),
            bits(&k1),
            "{threads} threads"
        );
    }
    assert_ne!(danish(2, 6).mean, d1.mean);
    assert_ne!(koenigrufen(2, 6).mean, k1.mean);
}

/// A deal with one seat, no decisions and a given payoff.
#[derive(Clone)]
struct Fixed(i64);

/// Nothing is ever refused in a [`Fixed`] deal.
#[derive(Debug, thiserror::Error, serde::Serialize)]
#[error("never")]
struct Never;

impl tarok_core::Refusal for Never {
    fn citation(&self) -> &'static str {
        ""
    }
}

impl Game for Fixed {
    type View = ();
    type Action = u8;
    type Error = Never;
    type Reason = &'static str;
    fn preset(&self) -> &'static str {
        "fixed"
    }
    fn seats(&self) -> u8 {
        1
    }
    fn dealer(&self) -> u8 {
        0
    }
    fn to_act(&self) -> Option<u8> {
        None
    }
    fn legal_into(&self, out: &mut Vec<u8>) {
        out.clear()
    }
    fn parse_action(&self, text: &str) -> Result<u8, String> {
        text.parse().map_err(|_| text.to_string())
    }
    fn apply(&mut self, _: u8) -> Result<(), Never> {
        Err(Never)
    }
    fn view(&self, _: u8) {}
    fn public_view(&self) {}
    fn settlement(&self) -> Vec<Payment<&'static str>> {
        Vec::new()
    }
    fn payoffs(&self) -> Vec<f64> {
        vec![self.0 as f64]
    }
}

/// Payoffs of ±1 point, with ±2^60 at four deals that cancel: summed as floats, each ±1 vanishes
/// while a 2^60 is in the running sum (f64 spacing there is 256), so the float sum depends on
/// the order of the deals. A runner that summed in the order deals finish (or in a tree shaped
/// by the thread count) would differ between pools; one that summed floats in deal order would
/// still miss the exact mean.
#[test]
fn a_match_sums_exactly_whatever_the_order() {
    let (deals, seed) = (4000u64, 3);
    let big = 1i64 << 60;
    let payoff = |i: u64| match i {
        0 | 3999 => big,
        1000 | 2000 => -big,
        _ if deal_seed(seed, i).is_multiple_of(3) => -1,
        _ => 1,
    };
    let by_seed: std::collections::HashMap<u64, i64> = (0..deals)
        .map(|i| (deal_seed(seed, i), payoff(i)))
        .collect();
    assert_eq!(by_seed.len(), deals as usize, "distinct deal seeds");
    let exact: i64 = (0..deals).map(payoff).sum();
    let wins = (0..deals).filter(|&i| payoff(i) > 0).count();
    let naive: f64 = (0..deals).map(|i| payoff(i) as f64).sum();
    assert_ne!(
        naive, exact as f64,
        "the float sum in deal order loses the ±1"
    );
    for threads in [1, 2, 3, 4, 8] {
        let r = in_pool(threads, || {
            run_match(
                MatchConfig { deals, seed },
                |s| Fixed(by_seed[&s]),
                |_, s| Box::new(tarok_ai::RandomBot::new(s)),
                || {},
            )
        });
        assert_eq!(r.mean, exact as f64 / deals as f64, "{threads} threads");
        assert_eq!(r.won_share, wins as f64 / deals as f64, "{threads} threads");
    }
}
