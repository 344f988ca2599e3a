//! The presets' titles for people in Danish and German; English is the engines' own title.

use crate::Lang;

/// The title of preset `id` in `lang`: `english`, the engine's title, in English, and for an
/// unknown preset.
pub fn title(id: &str, english: &'static str, lang: Lang) -> &'static str {
    let (da, de) = match id {
        "dk-dtf-2011" => (
            "Dansk Tarok, Dansk Tarokforbunds regler fra 2011",
            "Dänisches Tarok, Regeln des Dansk Tarokforbund von 2011",
        ),
        "dk-hjoerring-2016" => (
            "Dansk Tarok, Møllers Hjørring-regler, udgaven fra 2016",
            "Dänisches Tarok, Møllers Hjørring-Regeln, Ausgabe 2016",
        ),
        "dk-moeller" => (
            "Dansk Tarok, Møllers Hjørring-regler, den ældre udgave",
            "Dänisches Tarok, Møllers Hjørring-Regeln, ältere Ausgabe",
        ),
        "dk-1829-three" => (
            "Taroc for tre spillere (Nyeste danske Spillebog, 1829)",
            "Taroc zu dritt (Nyeste danske Spillebog, 1829)",
        ),
        "dk-1829-partners" => (
            "Taroc for fire, to mod to, i Partier (Nyeste danske Spillebog, 1829)",
            "Taroc zu viert, zwei gegen zwei, in Partien (Nyeste danske Spillebog, 1829)",
        ),
        "dk-1829-quadrille" => (
            "Taroc for fire som Quadrille (Nyeste danske Spillebog, 1829) - en REKONSTRUKTION: \
             kilden skitserer det kun",
            "Taroc zu viert wie Quadrille (Nyeste danske Spillebog, 1829) - eine REKONSTRUKTION: \
             die Quelle skizziert es nur",
        ),
        "dk-1829-en-deux" => (
            "Taroc en deux, to spillere, Partie til 100 (Nyeste danske Spillebog, 1829)",
            "Taroc en deux, zwei Spieler, Partie bis 100 (Nyeste danske Spillebog, 1829)",
        ),
        "at-koenigrufen-spieleversum" => (
            "Østrigsk Tarock Königrufen, Spieleversums klubregler (4 aktive spillere, 54 kort, \
             14 spil)",
            "Österreichisches Tarock Königrufen, Spieleversum-Clubregeln (4 aktive Spieler, \
             54 Karten, 14 Spiele)",
        ),
        _ => (english, english),
    };
    lang.pick(english, da, de)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every preset has a title of its own in each language.
    #[test]
    fn every_preset_has_a_title_in_each_language() {
        for f in tarok_games::families() {
            for p in f.presets() {
                let [en, da, de] = Lang::ALL.map(|l| title(p.id, p.title, l));
                assert_eq!(en, p.title);
                assert!(en != da && da != de && de != en, "{}", p.id);
            }
        }
    }
}
