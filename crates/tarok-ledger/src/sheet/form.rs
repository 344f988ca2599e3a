//! A score sheet's deal as an entry form gives it, field by field (the web page's select boxes
//! and number inputs), written as the family's hand syntax ([`super::koenigrufen`],
//! [`super::partie`]) so that it is read, checked and scored exactly as a typed line is.
//!
//! Nothing is checked here beyond the form's shape: the line this writes goes through the same
//! parser and the engine's checks as `tarok session deal --game`, and a refusal names the rule.

use serde::Deserialize;

/// One deal of a score sheet from a form.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum SheetForm {
    /// A line in the hand syntax, as `tarok session deal --game` takes it (for what the form's
    /// fields do not cover: Trischaken, bei, a misdeal, a void round).
    Text { text: String },
    /// A Königrufen game, or the Renonce that replaced it.
    Koenigrufen(KrForm),
    /// A deal of an 1829 Partie: each side's count (partners) or each player's score (en
    /// deux), in the order of [`super::Sheet::next_sides`].
    Partie { numbers: Vec<i32> },
}

/// A Königrufen game as the form gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KrForm {
    /// The game, by its token (`rufer`, `dreier`, `piccolo`, …).
    pub contract: String,
    pub declarer: String,
    /// Who held the called king (a Rufer's partner); none when it lay in the talon or the game
    /// calls none.
    #[serde(default)]
    pub partner: Option<String>,
    /// won, lost, valat or schleifen.
    #[serde(default)]
    pub result: String,
    /// Kontra on the game by the whole other side: `kontra` or `re`.
    #[serde(default)]
    pub kontra: Option<String>,
    #[serde(default)]
    pub premiums: Vec<PremiumForm>,
    /// The player who renounced (Renonce, §16): the game and its announced premiums are paid by
    /// them instead of being played out.
    #[serde(default)]
    pub renonce: Option<String>,
}

/// One premium of a Königrufen game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PremiumForm {
    /// By its token (`pagat`, `uhu`, `kakadu`, `koenig-ultimo`, `trull`, `vier-koenige`,
    /// `valat`).
    pub premium: String,
    /// Who announced it; none for a silent premium.
    #[serde(default)]
    pub announced: Option<String>,
    /// A player of the party that made it; none if it failed.
    #[serde(default)]
    pub made: Option<String>,
    /// Kontra on the announced premium by the whole other side: `kontra` or `re`.
    #[serde(default)]
    pub kontra: Option<String>,
}

/// A field's words without the spaces the syntax splits on, so that a field can never add a
/// clause or a word of its own.
fn one_word(field: &str, what: &str) -> Result<String, String> {
    let w = field.trim();
    if w.is_empty() {
        return Err(format!("the {what} is missing"));
    }
    if w.contains(char::is_whitespace) || w.contains(';') {
        return Err(format!(
            "the {what} {w:?} cannot be written in the sheet's line (a space or ';' in it): type the line instead"
        ));
    }
    Ok(w.to_string())
}

/// An optional field: None when empty.
fn some_word(field: &Option<String>, what: &str) -> Result<Option<String>, String> {
    match field.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(w) => one_word(w, what).map(Some),
    }
}

impl KrForm {
    /// The deal in the hand syntax of [`super::koenigrufen::parse`].
    pub fn text(&self) -> Result<String, String> {
        let contract = one_word(&self.contract, "game")?;
        let declarer = one_word(&self.declarer, "declarer")?;
        let kontra = some_word(&self.kontra, "Kontra")?;
        let mut clauses = Vec::new();
        if let Some(offender) = some_word(&self.renonce, "Renonce")? {
            // The Renonce pays the game and its announced premiums at their Kontra levels.
            let mut first = format!("renonce {offender} {contract} {declarer}");
            if let Some(k) = &kontra {
                first += &format!(" {k}");
            }
            clauses.push(first);
            for p in &self.premiums {
                if some_word(&p.announced, "announcer")?.is_some() {
                    let mut clause = one_word(&p.premium, "premium")?;
                    if let Some(k) = some_word(&p.kontra, "Kontra")? {
                        clause += &format!(" {k}");
                    }
                    clauses.push(clause);
                }
            }
            return Ok(clauses.join("; "));
        }
        let mut first = contract;
        first += &format!(" {declarer}");
        if let Some(partner) = some_word(&self.partner, "partner")? {
            first += &format!("+{partner}");
        }
        first += &format!(" {}", one_word(&self.result, "result")?);
        if let Some(k) = &kontra {
            first += &format!(" {k}");
        }
        clauses.push(first);
        for p in &self.premiums {
            let mut clause = one_word(&p.premium, "premium")?;
            if let Some(a) = some_word(&p.announced, "announcer")? {
                clause += &format!(" announced {a}");
            }
            match some_word(&p.made, "player who made it")? {
                Some(m) => clause += &format!(" made {m}"),
                // An announced Valat is made or not by the game's result.
                None if p.premium.trim() != "valat" => clause += " failed",
                None => {}
            }
            if let Some(k) = some_word(&p.kontra, "Kontra")? {
                clause += &format!(" {k}");
            }
            clauses.push(clause);
        }
        Ok(clauses.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn premium(
        p: &str,
        announced: Option<&str>,
        made: Option<&str>,
        kontra: Option<&str>,
    ) -> PremiumForm {
        PremiumForm {
            premium: p.into(),
            announced: announced.map(Into::into),
            made: made.map(Into::into),
            kontra: kontra.map(Into::into),
        }
    }

    #[test]
    fn a_game_with_premiums_is_written_as_the_typed_line() {
        let f = KrForm {
            contract: "rufer".into(),
            declarer: "Bent".into(),
            partner: Some("Dorte".into()),
            result: "won".into(),
            kontra: Some("kontra".into()),
            premiums: vec![
                premium("pagat", Some("Bent"), Some("Bent"), Some("kontra")),
                premium("trull", None, Some("Anna"), None),
                premium("uhu", Some("Dorte"), None, None),
            ],
            renonce: None,
        };
        assert_eq!(
            f.text().unwrap(),
            "rufer Bent+Dorte won kontra; pagat announced Bent made Bent kontra; trull made Anna; uhu announced Dorte failed"
        );
    }

    #[test]
    fn a_renonce_keeps_the_game_and_its_announced_premiums() {
        let f = KrForm {
            contract: "dreier".into(),
            declarer: "Bent".into(),
            kontra: Some("kontra".into()),
            premiums: vec![
                premium("pagat", Some("Bent"), None, None),
                premium("trull", None, Some("Bent"), None),
            ],
            renonce: Some("Anna".into()),
            ..Default::default()
        };
        assert_eq!(f.text().unwrap(), "renonce Anna dreier Bent kontra; pagat");
    }

    #[test]
    fn a_field_cannot_smuggle_in_a_clause() {
        let f = KrForm {
            contract: "rufer".into(),
            declarer: "Bent; trull made Bent".into(),
            result: "won".into(),
            ..Default::default()
        };
        assert!(f.text().unwrap_err().contains("cannot be written"));
        let f = KrForm {
            contract: "rufer".into(),
            declarer: "Bent".into(),
            ..Default::default()
        };
        assert_eq!(f.text().unwrap_err(), "the result is missing");
    }

    #[test]
    fn the_form_reads_from_json_and_refuses_an_unknown_key() {
        let f: SheetForm = serde_json::from_str(r#"{"kind":"partie","numbers":[40,32]}"#).unwrap();
        assert_eq!(
            f,
            SheetForm::Partie {
                numbers: vec![40, 32]
            }
        );
        assert!(serde_json::from_str::<SheetForm>(
            r#"{"kind":"koenigrufen","contract":"rufer","declarer":"A","reslut":"won"}"#
        )
        .is_err());
    }

    #[test]
    fn a_form_enters_as_its_line_does() {
        use crate::sheet::Sheet;
        let names = |l: &str| l.split(',').map(String::from).collect::<Vec<_>>();
        let mut kr = Sheet::new(
            "at-koenigrufen-spieleversum",
            names("Anna,Bent,Carl,Dorte"),
            0,
        )
        .unwrap();
        let form = SheetForm::Koenigrufen(KrForm {
            contract: "rufer".into(),
            declarer: "Bent".into(),
            partner: Some("Dorte".into()),
            result: "won".into(),
            ..Default::default()
        });
        let entry = kr.entry_from_form(&form).unwrap();
        assert_eq!(entry.text, "rufer Bent+Dorte won");
        assert!(kr.enter(entry).is_ok());
        let partie = SheetForm::Partie {
            numbers: vec![40, 32],
        };
        assert!(kr
            .entry_from_form(&partie)
            .unwrap_err()
            .to_string()
            .contains("not for a deal"));

        let mut p = Sheet::new("dk-1829-partners", names("Anna,Bent,Carl,Dorte"), 0).unwrap();
        assert_eq!(p.next_sides(), vec![vec![0, 1], vec![2, 3]]);
        let entry = p.entry_from_form(&partie).unwrap();
        assert_eq!(entry.text, "Anna+Bent=40 Carl+Dorte=32");
        p.enter(entry).unwrap();
        let wrong = SheetForm::Partie {
            numbers: vec![40, 40],
        };
        let e = p.entry_from_form(&wrong).unwrap();
        assert!(p.enter(e).unwrap_err().to_string().contains("add up to 72"));
    }
}
