//! The three languages of the words for people, and small helpers to choose between them.

/// A language for people: English, Danish or German.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, also the engines' own words (their `Display`).
    #[default]
    En,
    /// Danish.
    Da,
    /// German.
    De,
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        match s.to_lowercase().as_str() {
            "en" | "english" => Ok(Lang::En),
            "da" | "dansk" | "danish" => Ok(Lang::Da),
            "de" | "deutsch" | "german" => Ok(Lang::De),
            _ => Err(format!("unknown language {s:?}: use en, da or de")),
        }
    }
}

impl std::fmt::Display for Lang {
    /// The language's code, as `--lang` takes it: `en`, `da`, `de`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.pick("en", "da", "de"))
    }
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Da, Lang::De];

    /// The English, Danish or German of a phrase, for words few enough to stand where they
    /// are used.
    pub fn pick<T>(self, en: T, da: T, de: T) -> T {
        match self {
            Lang::En => en,
            Lang::Da => da,
            Lang::De => de,
        }
    }

    /// The Danish or the German of a pair of translations: German for any other language, as
    /// callers answer English from the engine's own words first.
    pub fn da_or_de<T>(self, (da, de): (T, T)) -> T {
        if self == Lang::Da {
            da
        } else {
            de
        }
    }
}

/// A count and its noun, singular for one: `counted(1, "König", "Könige")` is "1 König".
pub fn counted(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--lang` reads the codes and the languages' names, in any case, and writes the code.
    #[test]
    fn a_language_reads_its_code_and_name_and_writes_its_code() {
        for lang in Lang::ALL {
            assert_eq!(lang.to_string().parse::<Lang>(), Ok(lang));
        }
        assert_eq!("Dansk".parse::<Lang>(), Ok(Lang::Da));
        assert_eq!("GERMAN".parse::<Lang>(), Ok(Lang::De));
        assert!("fr".parse::<Lang>().unwrap_err().contains("en, da or de"));
        assert_eq!(counted(1, "stik", "stik"), "1 stik");
        assert_eq!(counted(2, "Stich", "Stiche"), "2 Stiche");
    }
}
