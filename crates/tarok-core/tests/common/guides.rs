//! Citations of the rules guides for players: `docs/rules/<guide>.md §N` must name a guide of
//! the repository and a section heading in it (`## N. …`, or `### N.M …` for `§N.M`). Shared by
//! the tests of `tarok-core` and `tarok-games` (`#[path]`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The repository's root, from a crate in `crates/`.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Reads the guides as they are cited and checks each citation.
#[derive(Default)]
pub struct Guides {
    headings: HashMap<String, Option<Vec<String>>>,
}

impl Guides {
    /// The section headings of a guide (`"9"`, `"12.1"`), `None` if there is no such file.
    fn sections(&mut self, file: &str) -> Option<&Vec<String>> {
        self.headings
            .entry(file.to_string())
            .or_insert_with(|| {
                let text = std::fs::read_to_string(repo_root().join(file)).ok()?;
                let numbers = text.lines().filter_map(|l| {
                    let l = l.strip_prefix("## ").or_else(|| l.strip_prefix("### "))?;
                    let number = l.split(' ').next()?.trim_end_matches('.');
                    number
                        .starts_with(|c: char| c.is_ascii_digit())
                        .then(|| number.to_string())
                });
                Some(numbers.collect())
            })
            .as_ref()
    }

    /// Every guide citation in `text` that names no existing guide or section, with the reason.
    /// A guide's sections follow it: `docs/rules/danish.md §9`, `… §11, §12`, `… §2.10`.
    pub fn problems(&mut self, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut rest = text;
        while let Some(i) = rest.find("docs/rules/") {
            let from = &rest[i..];
            rest = &rest[i + "docs/rules/".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || "-_.".contains(*c))
                .collect();
            let Some(end) = name.find(".md") else {
                continue; // "docs/rules/" alone, or a placeholder such as "docs/rules/<guide>.md"
            };
            let file = format!("docs/rules/{}", &name[..end + 3]);
            let mut after = &rest[end + 3..];
            let Some(sections) = self.sections(&file).cloned() else {
                out.push(format!("{file} does not exist: {}", head(from)));
                continue;
            };
            loop {
                after = after.trim_start_matches(' ');
                let Some(s) = after.strip_prefix('§') else {
                    break;
                };
                let number: String = s
                    .chars()
                    .take_while(|c| c.is_ascii_digit() || *c == '.')
                    .collect();
                let number = number.trim_end_matches('.');
                if !sections.iter().any(|n| n == number) {
                    out.push(format!("{file} has no §{number}: {}", head(from)));
                }
                after = &s[number.len()..];
                match [", §", " and §"].iter().find(|p| after.starts_with(**p)) {
                    Some(p) => after = &after[p.len() - "§".len()..],
                    None => break,
                }
            }
        }
        out
    }
}

/// The start of a citation, for a message.
fn head(text: &str) -> &str {
    let end = text.char_indices().nth(40).map_or(text.len(), |(i, _)| i);
    &text[..end]
}
