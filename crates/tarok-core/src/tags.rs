//! The tag pairs of the text records (`[Seed "42"]`): which a record has given, so that a
//! misspelt or repeated tag is refused rather than silently dropping or overriding what it says
//! (a seed, a house rule).

/// The tags a text record has given so far, with their lines.
#[derive(Default)]
pub struct SeenTags<'a> {
    seen: Vec<(&'a str, usize)>,
}

impl<'a> SeenTags<'a> {
    /// Notes tag `name` on `line`. Refused, with a message that names no line (the caller
    /// adds its own), if it is not one of `known` or was given before.
    pub fn note(&mut self, name: &'a str, line: usize, known: &[&str]) -> Result<(), String> {
        if !known.contains(&name) {
            let known: Vec<String> = known.iter().map(|t| format!("[{t}]")).collect();
            return Err(format!(
                "unknown tag [{name}]; the known tags are {}",
                known.join(", ")
            ));
        }
        if let Some((_, first)) = self.seen.iter().find(|(t, _)| *t == name) {
            return Err(format!("[{name}] is given twice (first on line {first})"));
        }
        self.seen.push((name, line));
        Ok(())
    }
}

/// Each line of a text record with its ending: `"\n"`, `"\r\n"`, or a lone `"\r"` (as old Mac
/// editors save), so that a record reads the same whichever its file was saved with.
pub fn lines_inclusive(text: &str) -> impl Iterator<Item = &str> + '_ {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = match rest.find(['\n', '\r']) {
            None => rest.len(),
            Some(i) if rest[i..].starts_with("\r\n") => i + 2,
            Some(i) => i + 1,
        };
        let (line, after) = rest.split_at(end);
        rest = after;
        Some(line)
    })
}

/// The lines of a text record without their endings (see [`lines_inclusive`]), numbered as a
/// reader's editor numbers them.
pub fn lines(text: &str) -> impl Iterator<Item = &str> + '_ {
    lines_inclusive(text).map(|l| {
        let l = l.strip_suffix('\n').unwrap_or(l);
        l.strip_suffix('\r').unwrap_or(l)
    })
}

/// A line of a text record without its comment: everything from the first `;` that is not
/// inside a quoted tag value. A whole-line comment leaves an empty line; a comment after a
/// tag pair (`[Seed "3"]  ; the third`) or after a line of actions is ignored.
pub fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

/// The value of a text record's `[Preset "…"]` tag, read as the records' readers read it
/// (any line ending, a trailing comment ignored); `None` without one.
pub fn preset_tag(text: &str) -> Option<String> {
    lines(text).find_map(|l| {
        let rest = strip_comment(l).trim().strip_prefix("[Preset ")?;
        Some(
            rest.trim_end_matches(']')
                .trim()
                .trim_matches('"')
                .to_string(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_ending_ends_a_line() {
        for text in ["a\nb\n\nc", "a\r\nb\r\n\r\nc", "a\rb\r\rc", "a\rb\n\r\nc"] {
            assert_eq!(
                lines(text).collect::<Vec<_>>(),
                ["a", "b", "", "c"],
                "{text:?}"
            );
            assert_eq!(lines_inclusive(text).collect::<String>(), text);
        }
    }

    #[test]
    fn comments_are_cut_outside_quotes() {
        assert_eq!(strip_comment("1. S7 S10 S6 ; comment"), "1. S7 S10 S6 ");
        assert_eq!(strip_comment("; all"), "");
        assert_eq!(
            strip_comment("[Preset \"dk-dtf-2011\"]  ; comment"),
            "[Preset \"dk-dtf-2011\"]  "
        );
        assert_eq!(strip_comment("[Rules \"a;b\"] ; c"), "[Rules \"a;b\"] ");
        assert_eq!(
            preset_tag("; head\r[Preset \"dk-dtf-2011\"]  ; comment\r[Seed \"1\"]").as_deref(),
            Some("dk-dtf-2011")
        );
        assert_eq!(preset_tag("[Seed \"1\"]"), None);
    }

    #[test]
    fn unknown_and_repeated_tags_are_refused() {
        let mut seen = SeenTags::default();
        seen.note("Seed", 3, &["Seed", "Deck"]).unwrap();
        seen.note("Deck", 4, &["Seed", "Deck"]).unwrap();
        assert_eq!(
            seen.note("Sede", 5, &["Seed", "Deck"]).unwrap_err(),
            "unknown tag [Sede]; the known tags are [Seed], [Deck]"
        );
        assert_eq!(
            seen.note("Seed", 6, &["Seed", "Deck"]).unwrap_err(),
            "[Seed] is given twice (first on line 3)"
        );
    }
}
