//! What the CLI's Königrufen commands show and measure: `tarok replay`'s contract, trick and
//! points lines, and `tarok bench`'s pool of deals, its count and its checksum.

use tarok_core::family::Family;
use tarok_core::DealRng;
use tarok_koenigrufen::deal::Phase;
use tarok_koenigrufen::family::{bench_playouts, play_each, play_starts, FAMILY};
use tarok_koenigrufen::ruleset::PRESET;

fn replayed(seed: u64) -> String {
    let record = FAMILY.random_game(PRESET, seed).unwrap().text;
    FAMILY.replay(&record).unwrap().text
}

/// Seed 5, as `tarok random-game --seed 5` plays it: a Rufer whose partner is known at the end,
/// so that the party's points name both seats.
#[test]
fn a_replay_shows_the_contract_each_trick_and_the_partys_points() {
    let text = replayed(5);
    assert!(
        text.starts_with(
            "Contract: Rufer, declarer P2, called king HK, partner P0\n\
             trick  1: P2 leads RK RKn R4 T16  -> P1\n\
             trick  2: P1 leads HKn HD HC H4  -> P2\n\
             trick  3: P2 leads T7 T12 T4 T21  -> P1\n"
        ),
        "{text}"
    );
    assert_eq!(text.matches("\ntrick ").count(), 12, "{text}");
    assert!(
        text.contains("\nPoints: P0+P2 44/1, the others 25/2 (35/2 wins, §3.2)\n"),
        "{text}"
    );
}

/// The bench's deals all reached the card play, and no two are the same deal.
#[test]
fn the_bench_starts_from_different_deals_at_the_card_play() {
    let starts = play_starts(8);
    assert_eq!(starts.len(), 8);
    // At the first lead the hands are still whole.
    let hands = |d: &tarok_koenigrufen::DealState| [0, 1, 2, 3].map(|x| d.hand(x));
    for (i, s) in starts.iter().enumerate() {
        assert_eq!(s.phase(), Phase::Play, "{i}");
        assert!(starts[..i].iter().all(|t| hands(t) != hands(s)), "{i}");
    }
}

/// Whole rounds over the pool, for at least the time asked.
#[test]
fn the_bench_plays_whole_pools_for_at_least_the_time_asked() {
    let starts = play_starts(16);
    for settle in [false, true] {
        let (n, secs) = bench_playouts(&starts, 0.05, settle);
        assert!(secs >= 0.05, "{secs}");
        assert!(n >= 16 && n % 16 == 0, "{n}");
        assert!((n as f64) < secs * 1e8, "{n} in {secs} s");
    }
}

/// The checksum that keeps the work from being optimised away is that work's result: the XOR
/// over the deals of seat 0's tricks, or with the settlement of seat 0's balance. Pinned: a
/// change of the card play or the settlement changes it.
#[test]
fn the_bench_checksum_is_pinned() {
    let starts = play_starts(16);
    let sums = [false, true].map(|settle| play_each(&starts, &mut DealRng::seed(3), settle));
    assert_eq!(sums, [3, 24]);
}

/// `tarok deal`: the dealer turns with the seed (seed mod 4), Vorhand sits after him.
#[test]
fn a_deal_names_the_dealer_and_vorhand() {
    let out = FAMILY.deal(PRESET, 7).unwrap();
    assert!(
        out.text
            .starts_with(&format!("{PRESET}, seed 7: dealer P3, Vorhand P0\n")),
        "{}",
        out.text
    );
    assert_eq!(out.json["dealer"], 3);
}

/// `tarok bench --seconds S`: three quarters of S for the card play that the rate is of, the
/// last quarter for the card play with the settlement, which the text reports beside it.
#[test]
fn the_bench_keeps_to_the_time_asked_and_rates_the_first_three_quarters() {
    let t0 = std::time::Instant::now();
    let b = FAMILY.bench(PRESET, 0.4).unwrap();
    let total = t0.elapsed().as_secs_f64();
    assert!((0.3..0.4).contains(&b.seconds), "{}", b.seconds);
    // The quarter with the settlement runs after it; the pool is dealt before (well under
    // 0.4 s): a wrong quarter makes the whole run take a second or more.
    assert!((0.4..0.8).contains(&total), "{total}");
    assert_eq!(b.playouts_per_sec, b.playouts as f64 / b.seconds);
}
