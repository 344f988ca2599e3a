//! `tarok bench`'s count: whole rounds over the pool of 64 first leads, for at least the time
//! asked.

use tarok_danish::family::bench_playouts;
use tarok_danish::Preset;

#[test]
fn the_bench_plays_whole_pools_for_at_least_the_time_asked() {
    let (n, secs) = bench_playouts(Preset::Dtf2011.ruleset(), 0.05);
    assert!(secs >= 0.05, "{secs}");
    assert!(n >= 64 && n % 64 == 0, "{n}");
    // Far more than one core could play in that time: a count gone wrong.
    assert!((n as f64) < secs * 1e8, "{n} in {secs} s");
}
