//! Fines (*bøder*): the preset's fine table. A fine is paid by the offender into **each** cup
//! (000 L2394; 001 L1735; 003 L46 p.19 "i hver kop"). The engine refuses illegal actions, so fines
//! arise only in play with real cards, entered by hand (docs/rules/danish.md §14).

use serde::Serialize;
use tarok_danish::Preset;

/// What happens to the deal after the offence.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Annul {
    /// Play goes on.
    No,
    /// The deal is annulled (*kasseres*, *spillet standser*) unless both other players accept
    /// that it goes on (000 L2392-2393). The club enters the outcome: an annulled deal or not.
    Starred,
    /// Play stops (*spillet standser*), with no choice to play on: the deal can only be entered
    /// as stopped (003 L46 p.19; docs/rules/danish.md §14, where Møller lets the
    /// others accept that play goes on).
    Stops,
    /// The deal goes on unless a player demands it stopped, and the fine is paid only if it is
    /// stopped: "I så fald kan spillet forlanges standset, og der betales i hver kop 40 point"
    /// (003 L48 p.20, the grey zone; docs/rules/danish.md §14). A played deal has no such fine.
    IfStopped,
}

impl Annul {
    /// The offence can stop the deal (an annulled entry needs one).
    pub fn can_stop(self) -> bool {
        self != Annul::No
    }
}

/// One row of a fine table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fine {
    /// The name to enter, e.g. `revoke`.
    pub id: &'static str,
    /// The words of the source.
    pub danish: &'static str,
    pub english: &'static str,
    /// Paid into each cup.
    pub each_cup: i32,
    pub annul: Annul,
    /// The offender cannot make an ultimo in this deal; a trick-25 win with an ultimo card is an
    /// ordinary last trick (000 AMB-25; 003 D-JC-16).
    pub bars_ultimo: bool,
    /// A person sitting out the deal can be fined for it. The offences of play need a player:
    /// a sitter-out holds no cards, declares nothing, plays nothing and demands nothing (he
    /// "ikke på nogen måde må blande sig i spillet", 000 L356-359, docs/rules/danish.md §3;
    /// "Oversiddere må ikke blande sig i spillet", 003 L28 p.10, docs/rules/danish.md §3; the skus
    /// is demanded by "enhver af de to modspillere", 003 L20 p.6, docs/rules/danish.md §9, or
    /// "enhver deltager", 000 L1850-1851, docs/rules/danish.md §9). So a revoke, which
    /// annuls the deal, or a false skus demand is never a sitter-out's. Judgement call: the
    /// fines for handling the cards and cups (misdeal, cups not moved) stay open to everyone
    /// at the table, since a sitter-out shuffles, and in some schemes deals, the next deal
    /// (000 L371-372, L388-389; 003 L28 p.10, docs/rules/danish.md §3) and a club may enter the
    /// fine with the deal in which it was found.
    pub by_sitter_out: bool,
    pub source: &'static str,
}

const fn fine(
    id: &'static str,
    danish: &'static str,
    english: &'static str,
    each_cup: i32,
    annul: Annul,
    bars_ultimo: bool,
    source: &'static str,
) -> Fine {
    Fine {
        id,
        danish,
        english,
        each_cup,
        annul,
        bars_ultimo,
        // See the field: only the fines for handling the cards and cups.
        by_sitter_out: matches!(id.as_bytes(), b"misdeal" | b"cups-not-moved"),
        source,
    }
}

/// Møller's table (000 L2391-2404; the 2016 edition has the same amounts, 001 L1735-1752).
/// "Forgotten" and "wrong declaration" also repay what was received for it: enter only the
/// declarations that stand, and the repayment is already made.
const MOELLER: &[Fine] = &[
    fine(
        "wrong-skat",
        "forkert skatlægning",
        "wrong or missing skat",
        40,
        Annul::Starred,
        true,
        "000 L420-424, L563-566, L2395; 001 L431",
    ),
    fine(
        "wrong-card-count",
        "forkert antal kort",
        "wrong number of cards",
        40,
        Annul::Starred,
        true,
        "000 L409-414, L423-424, L2396; 001 L309",
    ),
    fine(
        "revoke",
        "kulørsvigt",
        "revoke",
        40,
        Annul::Starred,
        true,
        "000 L650-659, L2397; 001 L502",
    ),
    fine(
        "forgotten-declaration",
        "glemme melding",
        "forgotten declaration (repay: enter only the declarations that stand)",
        40,
        Annul::Starred,
        true,
        "000 L489-497, L2398; 001 L397-399",
    ),
    fine(
        "wrong-declaration",
        "forkert melding",
        "wrong declaration (repay: enter only the declarations that stand)",
        40,
        Annul::No,
        true,
        "000 L489-497, L2399; 001 L397-399",
    ),
    fine(
        "false-skus-demand",
        "kalde scies forkert",
        "demanding the skus after it was played",
        20,
        Annul::No,
        false,
        "000 L1853-1854, L2400; 001 L470",
    ),
    fine(
        "declaring-before-dealer",
        "melde før giver",
        "declaring before the dealer",
        20,
        Annul::Starred,
        false,
        "000 L487-488, L2401",
    ),
    fine(
        "out-of-turn",
        "spille fejl, lægge fejl til",
        "lead or play out of turn",
        20,
        Annul::Starred,
        false,
        "000 L644-645, L1964-1965, L2402",
    ),
    fine(
        "cups-not-moved",
        "glemt flytning af kopper",
        "cups not moved before the first lead",
        5,
        Annul::No,
        false,
        "000 L396-397, L2403",
    ),
    fine(
        "misdeal",
        "give forkert",
        "misdeal",
        5,
        Annul::No,
        false,
        "000 L405-408, L2404; 001 L305",
    ),
];

/// The federation's table (003 L46 p.19, L48 p.20; docs/rules/danish.md §14). After a wrong card
/// count, a revoke or a wrong skat found after forhånd declared "Spillet standser": play stops
/// (003 L46 p.19). In the grey zone the deal stops only if a player demands it (003 L48 p.20).
const DTF: &[Fine] = &[
    fine(
        "misdeal",
        "fejlgivning",
        "misdeal; the dealer redeals",
        5,
        Annul::No,
        false,
        "003 L46 p.19",
    ),
    fine(
        "wrong-card-count",
        "forkert antal kort",
        "wrong number of cards found after the first lead",
        40,
        Annul::Stops,
        true,
        "003 L46 p.19; amount from 000 L409-410, L2396",
    ),
    fine(
        "forgotten-declaration",
        "manglende melding",
        "missing declaration (repay: enter only the declarations that stand)",
        40,
        Annul::No,
        true,
        "003 L32 p.12, L46 p.19",
    ),
    fine(
        "wrong-declaration",
        "forkert melding",
        "wrong declaration (repay: enter only the declarations that stand)",
        40,
        Annul::No,
        true,
        "003 L32 p.12, L46 p.19",
    ),
    fine(
        "revoke",
        "kulørsvigt",
        "revoke",
        40,
        Annul::Stops,
        true,
        "003 L46 p.19",
    ),
    fine(
        "wrong-skat",
        "forkert skat",
        "wrong skat found after forhånd declared",
        40,
        Annul::Stops,
        true,
        "003 L30 p.11, L46 p.19",
    ),
    fine(
        "false-skus-demand",
        "forlange skus forkert",
        "demanding the skus after it was played",
        20,
        Annul::No,
        false,
        "003 L40 p.16, L46 p.19",
    ),
    fine(
        "several-cards-shown",
        "flere kort på bordet",
        "more than one card thrown on the table, deal stopped",
        40,
        Annul::IfStopped,
        false,
        "003 L48 p.20 (grey zone)",
    ),
    fine(
        "out-of-turn",
        "tredjehånd før andenhånd",
        "third hand plays before the second, the leader stops the deal",
        40,
        Annul::IfStopped,
        false,
        "003 L48 p.20 (grey zone)",
    ),
];

/// The preset's fine table.
pub fn table(preset: Preset) -> &'static [Fine] {
    match preset {
        Preset::Dtf2011 => DTF,
        Preset::Hjoerring2016 | Preset::Moeller => MOELLER,
    }
}

/// A fine by name in the preset's table.
pub fn find(preset: Preset, id: &str) -> Option<&'static Fine> {
    table(preset).iter().find(|f| f.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moeller_amounts_match_the_book_table() {
        // 000 L2395-2404: 40 40 40 40 40 20 20 20 5 5.
        let amounts: Vec<i32> = table(Preset::Moeller).iter().map(|f| f.each_cup).collect();
        assert_eq!(amounts, [40, 40, 40, 40, 40, 20, 20, 20, 5, 5]);
        assert_eq!(table(Preset::Hjoerring2016), table(Preset::Moeller));
    }

    #[test]
    fn dtf_amounts_match_the_federation_table() {
        // docs/rules/danish.md §14 (003 L46 p.19, L48 p.20): misdeal 5; wrong card count 40;
        // wrong or missing declaration 40; revoke 40; wrong skat 40; demanding the skus after
        // it was played 20; the two grey-zone offences 40.
        let amounts: Vec<(&str, i32)> = table(Preset::Dtf2011)
            .iter()
            .map(|f| (f.id, f.each_cup))
            .collect();
        assert_eq!(
            amounts,
            [
                ("misdeal", 5),
                ("wrong-card-count", 40),
                ("forgotten-declaration", 40),
                ("wrong-declaration", 40),
                ("revoke", 40),
                ("wrong-skat", 40),
                ("false-skus-demand", 20),
                ("several-cards-shown", 40),
                ("out-of-turn", 40),
            ]
        );
        // A wrong or missing declaration: "the offender cannot ultimo" and play continues.
        for id in ["forgotten-declaration", "wrong-declaration"] {
            let f = find(Preset::Dtf2011, id).unwrap();
            assert!(f.bars_ultimo && f.annul == Annul::No, "{id}");
        }
    }

    #[test]
    fn moeller_ultimo_bars_and_stars_match_the_book_table() {
        // 000 §11 (L2391-2404): the five 40 p offences bar the ultimo; the starred rows.
        for f in table(Preset::Moeller) {
            let bars = [
                "wrong-skat",
                "wrong-card-count",
                "revoke",
                "forgotten-declaration",
                "wrong-declaration",
            ]
            .contains(&f.id);
            assert_eq!(f.bars_ultimo, bars, "{}", f.id);
            let starred = [
                "wrong-skat",
                "wrong-card-count",
                "revoke",
                "forgotten-declaration",
                "declaring-before-dealer",
                "out-of-turn",
            ]
            .contains(&f.id);
            assert_eq!(f.annul == Annul::Starred, starred, "{}", f.id);
        }
    }

    #[test]
    fn dtf_has_its_own_table() {
        assert_eq!(find(Preset::Dtf2011, "out-of-turn").unwrap().each_cup, 40);
        assert_eq!(find(Preset::Moeller, "out-of-turn").unwrap().each_cup, 20);
        assert!(find(Preset::Dtf2011, "cups-not-moved").is_none());
        assert!(find(Preset::Dtf2011, "revoke").unwrap().bars_ultimo);
        assert!(!find(Preset::Dtf2011, "misdeal").unwrap().bars_ultimo);
        // "Spillet standser" (003 L46 p.19); Møller lets the others accept play going on.
        for id in ["revoke", "wrong-card-count", "wrong-skat"] {
            assert_eq!(
                find(Preset::Dtf2011, id).unwrap().annul,
                Annul::Stops,
                "{id}"
            );
            assert_eq!(
                find(Preset::Moeller, id).unwrap().annul,
                Annul::Starred,
                "{id}"
            );
        }
        // The grey zone: the fine only with the stop (003 L48 p.20).
        for id in ["out-of-turn", "several-cards-shown"] {
            assert_eq!(
                find(Preset::Dtf2011, id).unwrap().annul,
                Annul::IfStopped,
                "{id}"
            );
        }
    }

    #[test]
    fn ids_are_unique_in_each_table() {
        for p in Preset::ALL {
            let t = table(p);
            for (i, f) in t.iter().enumerate() {
                assert!(t[i + 1..].iter().all(|g| g.id != f.id), "{}", f.id);
                assert!(f.each_cup > 0 && f.each_cup % 5 == 0);
            }
        }
    }
}
