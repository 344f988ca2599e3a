#![no_main]

// The logic is tarok_fuzz::record, which the stable test crates/tarok-fuzz/tests/corpus.rs also runs.
libfuzzer_sys::fuzz_target!(|data: &[u8]| tarok_fuzz::record(data));
