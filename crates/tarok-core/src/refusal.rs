//! The rule behind a refused action, as data: a front end shows it in its own words and
//! language without reading it back out of the engine's English message.

use serde::Serialize;

/// A refused action's rule: the citation its message ends with, in parts.
pub trait Refusal: std::error::Error {
    /// Where the rule is written, as the message gives it in brackets, e.g.
    /// `"Møller 000 L648-649; DTF 2011 §7"` or `"Spieleversum §12.1, L306"`.
    fn citation(&self) -> &'static str;

    /// The citation in parts: each source with its section and lines.
    fn rules(&self) -> Vec<Citation> {
        Citation::parse_list(self.citation())
    }

    /// The section of the rules guide for players that explains the rule, a file of the
    /// repository with its section, e.g. `"docs/rules/danish.md §9"` or
    /// `"docs/rules/koenigrufen.md §12.1"`. Each family's errors answer it; empty where the
    /// refusal is no rule of a game.
    fn guide(&self) -> &'static str {
        ""
    }
}

/// A refusal's message (which ends with its citation) followed by the section of the guide for
/// players that explains the rule ([`Refusal::guide`]), introduced by `see` in the reader's
/// language: "must follow suit (Spieleversum §12.1, L306); see docs/rules/koenigrufen.md
/// §12.1". A refusal without a guide section is the message alone.
pub fn with_guide(message: &str, e: &impl Refusal, see: &str) -> String {
    match e.guide() {
        "" => message.to_string(),
        guide => format!("{message}; {see} {guide}"),
    }
}

/// One place a rule is written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Citation {
    /// The source: a seed text (`Møller 000`, `002`), a rule book (`DTF 2011`, `Spieleversum`,
    /// `1829`), or a rules guide of the repository (`docs/rules/danish.md`). Empty only where the citation
    /// names no source.
    pub document: String,
    /// The section, a numbered decision or an ambiguity (`§12.1`, `JC-6`, `A12`), if given.
    pub section: String,
    /// The lines of the seed text (`L306`, `L226–L254`, `L586, L1850`), if given.
    pub lines: String,
}

impl Citation {
    /// Splits a citation into its places. Parts are separated by `;`; a part without a source
    /// continues the one before (`Spieleversum §1, L81; §7.2, L160`). Within a part, items are
    /// separated by `,`: a `§…` or a decision number is the section, `L…` are lines, anything
    /// else opens a new source.
    pub fn parse_list(text: &str) -> Vec<Citation> {
        let mut out: Vec<Citation> = Vec::new();
        let mut document = String::new();
        for part in text.split(';') {
            let mut current: Option<Citation> = None;
            for item in part.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                let (words, reference) = split_reference(item);
                if !words.is_empty() || current.is_none() {
                    if let Some(c) = current.take() {
                        out.push(c);
                    }
                    if !words.is_empty() {
                        document = words.to_string();
                    }
                    current = Some(Citation {
                        document: document.clone(),
                        ..Citation::default()
                    });
                }
                let c = current.as_mut().expect("set above");
                if let Some(r) = reference {
                    let field = if is_lines(r) {
                        &mut c.lines
                    } else {
                        &mut c.section
                    };
                    if !field.is_empty() {
                        field.push_str(", ");
                    }
                    field.push_str(r);
                }
            }
            if let Some(c) = current {
                out.push(c);
            }
        }
        out
    }
}

/// A line reference: `L` and a digit.
fn is_lines(r: &str) -> bool {
    r.starts_with('L') && r[1..].starts_with(|c: char| c.is_ascii_digit())
}

/// A reference item, one word: a section (`§12.1`), lines (`L306`) or a numbered decision or
/// ambiguity of the rules documents (`A12`, `JC-6`, `QJC-4`, `D-JC-8`).
fn is_reference(word: &str) -> bool {
    let decision = (word.starts_with('A') && word[1..].starts_with(|c: char| c.is_ascii_digit()))
        || word.contains("JC-");
    !word.contains(' ') && (word.starts_with('§') || is_lines(word) || decision)
}

/// An item's leading words (a source) and its trailing reference, if any: `DTF 2011 §4` is
/// (`DTF 2011`, `§4`); `Spieleversum` alone is a source.
fn split_reference(item: &str) -> (&str, Option<&str>) {
    match item.rfind(' ') {
        _ if is_reference(item) => ("", Some(item)),
        Some(i) if is_reference(&item[i + 1..]) => (item[..i].trim(), Some(&item[i + 1..])),
        _ => (item, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(document: &str, section: &str, lines: &str) -> Citation {
        Citation {
            document: document.into(),
            section: section.into(),
            lines: lines.into(),
        }
    }

    #[test]
    fn citations_split_into_source_section_and_lines() {
        assert_eq!(
            Citation::parse_list("Møller 000 L648-649; DTF 2011 §7"),
            [c("Møller 000", "", "L648-649"), c("DTF 2011", "§7", "")]
        );
        assert_eq!(
            Citation::parse_list("Spieleversum §1, L81; §7.2, L160; §12.5, L592, L793"),
            [
                c("Spieleversum", "§1", "L81"),
                c("Spieleversum", "§7.2", "L160"),
                c("Spieleversum", "§12.5", "L592, L793")
            ]
        );
        assert_eq!(
            Citation::parse_list("1829 §2.4, 002 L157-159; App. B′, 002 L263-270"),
            [
                c("1829", "§2.4", ""),
                c("002", "", "L157-159"),
                c("App. B′", "", ""),
                c("002", "", "L263-270")
            ]
        );
        assert_eq!(
            Citation::parse_list("Spieleversum §7.1, L154, A12"),
            [c("Spieleversum", "§7.1, A12", "L154")]
        );
        assert_eq!(
            Citation::parse_list("DTF 2011 D-JC-8"),
            [c("DTF 2011", "D-JC-8", "")]
        );
        // A guide for players is a source with its section.
        assert_eq!(
            Citation::parse_list("Spieleversum §9.5, L254, A18; docs/rules/koenigrufen.md §10"),
            [
                c("Spieleversum", "§9.5, A18", "L254"),
                c("docs/rules/koenigrufen.md", "§10", "")
            ]
        );
    }
}
