//! A criterion measurement of CPU time: the process's user and system time on all its
//! threads (rayon's workers included). On a shared host whose wall-clock speed swings from
//! minute to minute, this is the figure that stays put.

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use std::time::Duration;

/// The process's CPU time, used as criterion's measurement
/// (`Criterion::default().with_measurement(CpuTime)`).
pub struct CpuTime;

/// The CPU time this process has used so far, on all its threads.
fn process_cpu_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `clock_gettime` only writes the timespec it is given.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    assert_eq!(ok, 0, "the process's CPU clock");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Durations are shown as criterion shows wall-clock ones.
static DURATIONS: WallTime = WallTime;

impl Measurement for CpuTime {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        process_cpu_time()
    }

    fn end(&self, start: Duration) -> Duration {
        process_cpu_time().saturating_sub(start)
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, d: &Duration) -> f64 {
        d.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        DURATIONS.formatter()
    }
}
