//! Citations inside the repository: no file under `crates/` points to a rules document outside
//! it (the English specifications and the original texts are not in the repository; the
//! guides for players in `docs/rules/` are), and every guide section cited under `crates/`
//! exists.

#[path = "common/guides.rs"]
mod guides;

use guides::{repo_root, Guides};
use std::path::{Component, Path, PathBuf};

/// Every file under `dir`, build output, installed npm packages (the browser test's, not the
/// project's) and hidden directories left out.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "target" && name != "node_modules" && !name.starts_with('.') {
                files(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

/// This file: its examples of wrong citations are wrong on purpose.
const THIS_FILE: &str = "crates/tarok-core/tests/citations.rs";

/// The text files under `crates/` with their paths from the repository's root, this file left
/// out.
fn crate_texts() -> Vec<(String, String)> {
    let root = repo_root();
    let mut paths = Vec::new();
    files(&root.join("crates"), &mut paths);
    paths
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let rel = p
                .strip_prefix(&root)
                .ok()?
                .to_string_lossy()
                .replace('\\', "/");
            (rel != THIS_FILE).then_some((rel, text))
        })
        .collect()
}

/// `path` (relative, with `..`) seen from the directory `from` (relative to the repository's
/// root): whether it stays inside the repository.
fn stays_inside(from: &Path, path: &str) -> bool {
    let mut depth = from.components().count() as i64;
    for c in Path::new(path).components() {
        match c {
            Component::ParentDir => depth -= 1,
            Component::Normal(_) => depth += 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    true
}

/// What in one line of a file points outside the repository, if anything. `md_files` are the
/// names of the Markdown files of the repository.
fn outside(file: &str, line: &str, md_files: &[String]) -> Option<String> {
    // The specifications' and originals' folders, and the rules README beside them.
    for folder in [concat!("shared", "/"), concat!("seeds", "/")] {
        if line.contains(folder) {
            return Some(format!("the folder {folder}"));
        }
    }
    if line.contains(concat!("rules", " README")) {
        return Some("the rules README".into());
    }
    // A seed file: `000_2ef24ef45a42b6ca.txt`.
    for (i, _) in line.match_indices(".txt") {
        let name = &line[..i];
        let hex = &name[name.len().saturating_sub(17)..];
        if hex.len() == 17
            && hex.starts_with('_')
            && hex[1..].chars().all(|c| c.is_ascii_hexdigit())
        {
            return Some(format!("the seed file …{hex}.txt"));
        }
    }
    // A Markdown file that is not in the repository (`danish-moeller.md`), or `rules/X.md`
    // other than `docs/rules/X.md`.
    for (i, _) in line.match_indices(".md") {
        let start = line[..i]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || "-_./".contains(c)))
            .map_or(0, |j| j + 1);
        let path = &line[start..i + 3];
        let name = path.rsplit('/').next().unwrap_or(path);
        if name == ".md" {
            continue;
        }
        if !md_files.iter().any(|m| m == name) {
            return Some(format!("{path}, not a file of the repository"));
        }
        if let Some(j) = path.find(concat!("rules", "/")) {
            if !path[..j].ends_with("docs/") {
                return Some(format!("{path}, not under docs/rules/"));
            }
        }
    }
    // A relative path that climbs out of the repository.
    let dir = Path::new(file).parent().unwrap_or(Path::new(""));
    for (i, _) in line.match_indices("../") {
        if i > 0 && line[..i].ends_with(['.', '/']) {
            continue;
        }
        let path: String = line[i..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || "-_./".contains(*c))
            .collect();
        if !stays_inside(dir, &path) {
            return Some(format!("{path}, outside the repository"));
        }
    }
    None
}

#[test]
fn no_file_under_crates_cites_a_rules_document_outside_the_repository() {
    let mut all = Vec::new();
    files(&repo_root(), &mut all);
    let md_files: Vec<String> = all
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .filter_map(|p| Some(p.file_name()?.to_string_lossy().into_owned()))
        .collect();
    assert!(md_files.iter().any(|m| m == "danish.md"), "{md_files:?}");
    let mut bad = Vec::new();
    for (file, text) in crate_texts() {
        for (n, line) in text.lines().enumerate() {
            if let Some(why) = outside(&file, line, &md_files) {
                bad.push(format!("{file}:{}: {why}", n + 1));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_outside_check_sees_each_kind_of_outside_citation() {
    let md = ["danish.md".to_string(), "README.md".to_string()];
    let file = "crates/tarok-danish/src/error.rs";
    for line in [
        concat!("see rules/", "danish-dtf-2011.md §6.2"),
        concat!("(rules/", "README.md; Møller 000 AMB-14)"),
        concat!("shared/", "rules/koenigrufen-spieleversum.md"),
        concat!("seeds/", "004_3b85babee5020df2.txt"),
        concat!("the seed 004_", "3b85babee5020df2.txt"),
        concat!("(rules", " README, Further Königrufen decisions)"),
        "`../../../elsewhere/historic.md`",
    ] {
        assert!(outside(file, line, &md).is_some(), "{line}");
    }
    for line in [
        "Møller 000 L648-649; DTF 2011 §7; docs/rules/danish.md §8",
        "[README.md](../../docs/rules/README.md)",
        "let root = Path::new(dir).join(\"../..\");",
    ] {
        assert_eq!(outside(file, line, &md), None, "{line}");
    }
}

#[test]
fn every_guide_section_cited_under_crates_exists() {
    let mut guides = Guides::default();
    let mut bad = Vec::new();
    let mut cited = 0;
    for (file, text) in crate_texts() {
        cited += text.matches("docs/rules/").count();
        for p in guides.problems(&text) {
            bad.push(format!("{file}: {p}"));
        }
    }
    assert!(cited > 20, "{cited}");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_guide_check_finds_missing_guides_and_sections() {
    let mut guides = Guides::default();
    assert!(guides
        .problems("docs/rules/danish.md §9; docs/rules/koenigrufen.md §12.1; docs/rules/1829.md §2.10, §5")
        .is_empty());
    assert!(guides
        .problems("docs/rules/danish.md §11, §12 and §16")
        .is_empty());
    assert_eq!(guides.problems("docs/rules/danish.md §99").len(), 1);
    assert_eq!(guides.problems("docs/rules/danish.md §9, §98").len(), 1);
    assert_eq!(guides.problems("docs/rules/koenigrufen.md §12.9").len(), 1);
    assert_eq!(guides.problems("docs/rules/nowhere.md §1").len(), 1);
}
