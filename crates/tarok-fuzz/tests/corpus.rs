//! Replays every committed fuzz input through the targets' functions on stable Rust: the seed
//! corpora (`fuzz/corpus/<target>/`) and the crashes found and fixed, kept as regression inputs
//! (`fuzz/artifacts/<target>/`). A panic here is a reader that panics on that file.

use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `dir`, sorted; none if it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("a readable directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

fn replay(kind: &str, expect_some: bool) {
    let mut total = 0;
    for (name, target) in tarok_fuzz::TARGETS {
        let dir = fuzz_dir().join(kind).join(name);
        let inputs = files(&dir);
        if expect_some {
            assert!(!inputs.is_empty(), "no {kind} files in {}", dir.display());
        }
        for path in inputs {
            let data = std::fs::read(&path).expect("a readable file");
            let result = std::panic::catch_unwind(|| target(&data));
            assert!(result.is_ok(), "{name} panics on {}", path.display());
            total += 1;
        }
    }
    eprintln!("{total} {kind} files replayed");
}

#[test]
fn every_corpus_file_is_read_without_panic() {
    replay("corpus", true);
}

#[test]
fn every_fixed_crash_is_read_without_panic() {
    replay("artifacts", false);
}
