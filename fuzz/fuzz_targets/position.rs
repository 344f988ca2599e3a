#![no_main]

// The logic is tarok_fuzz::position, which the stable test crates/tarok-fuzz/tests/corpus.rs also runs.
libfuzzer_sys::fuzz_target!(|data: &[u8]| tarok_fuzz::position(data));
