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

#[cfg(test)]
mod tests {
    use super::*;

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
