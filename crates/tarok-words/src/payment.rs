//! The settlement lines of a Danish deal in a language. The engine writes each reason in its
//! own mix (Danish game words, English glosses such as "(dealer's ante)"); in Danish or German
//! it is said from the structured reason, and keeps the amount, the
//! names and the rule's source as the engine gives them.

use crate::lang::Lang;
use tarok_core::Suit;
use tarok_danish::settle::{Line, Reason, UltimoCard};

/// One payment: "Anna → Bent: 10 p, melding: 10 tarokker uden pagat [000 §7.2, …]".
pub fn danish_line(l: &Line, from: &str, to: &str, lang: Lang) -> String {
    format!(
        "{from} → {to}: {} p, {} [{}]",
        l.amount,
        reason(l.reason, lang),
        l.reason.rule()
    )
}

/// Why a payment is made, in `lang`; English is the engine's own words.
pub fn reason(r: Reason, lang: Lang) -> String {
    if lang == Lang::En {
        return r.to_string();
    }
    lang.da_or_de(reason_pair(r))
}

/// A reason in Danish and German, side by side. Game words stay as players say them (pagat,
/// ultimo, bagud, nolo, tout); a declaration is quoted as it is said at the table.
fn reason_pair(r: Reason) -> (String, String) {
    let card = |c: UltimoCard| (c.to_string(), ultimo_card_de(c));
    match r {
        Reason::Ante => ("kortgivers indskud".into(), "Einsatz des Gebers".into()),
        Reason::Declaration(d) => (format!("melding: {d}"), format!("Meldung: {d}")),
        Reason::PagatHjem => ("pagat hjem".into(), "Pagat hjem".into()),
        Reason::LostUltimoCard(c) => {
            let (da, de) = card(c);
            (
                format!("mistet ultimokort: {da}"),
                format!("Ultimokarte verloren: {de}"),
            )
        }
        Reason::Ultimo(c) => {
            let (da, de) = card(c);
            (format!("ultimo: {da}"), format!("Ultimo: {de}"))
        }
        Reason::CupTaken => ("tømmer koppen".into(), "leert die Kasse".into()),
        Reason::Bagud(c) => {
            let (da, de) = card(c);
            (format!("bagud: {da}"), format!("Bagud: {de}"))
        }
        Reason::CupDoubled(c) => {
            let (da, de) = card(c);
            (
                format!("bagud fordobler koppen: {da}"),
                format!("Bagud verdoppelt die Kasse: {de}"),
            )
        }
        Reason::LastTrick => ("sidste stik".into(), "letzter Stich".into()),
        Reason::Nolo => ("nolo".into(), "Nolo".into()),
        Reason::Tout => ("tout".into(), "Tout".into()),
        Reason::Count(n) => (format!("tælling {n}"), format!("Zählung {n}")),
        Reason::Refund => ("fundering".into(), "Kasse aufgefüllt".into()),
    }
}

/// An ultimo card in German, with the suit names of the German prompts.
fn ultimo_card_de(c: UltimoCard) -> String {
    match c {
        UltimoCard::Pagat => "Pagat".into(),
        UltimoCard::King(s) => {
            let suit = match s {
                Suit::Spar => "Pik",
                Suit::Hjerter => "Herz",
                Suit::Ruder => "Karo",
                Suit::Kloer => "Kreuz",
            };
            format!("{suit}-König")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarok_core::Party;
    use tarok_danish::declare::{Declaration, MeldSet};

    fn line(from: Party, to: Party, amount: i32, reason: Reason) -> Line {
        Line {
            from,
            to,
            amount,
            reason,
        }
    }

    /// Goldens: a few lines in each language, with amount, names and source kept.
    #[test]
    fn settlement_lines_in_each_language() {
        let ante = line(Party::Player(2), Party::Cup(0), 5, Reason::Ante);
        let meld = line(
            Party::Player(0),
            Party::Player(2),
            10,
            Reason::Declaration(Declaration::Tarokker {
                n: 10,
                pagat: false,
            }),
        );
        let lost = line(
            Party::Player(2),
            Party::Player(0),
            5,
            Reason::LostUltimoCard(UltimoCard::King(Suit::Kloer)),
        );
        let cup = line(Party::Cup(1), Party::Player(0), 65, Reason::CupTaken);
        let refund = line(Party::Player(1), Party::Cup(1), 20, Reason::Refund);
        let cases = [
            (
                &ante,
                "Du → kongekop: 5 p, kortgivers indskud [000 L395, L2357]",
                "Du → kongekop: 5 p, Einsatz des Gebers [000 L395, L2357]",
                "Du → kongekop: 5 p, kortgivers indskud (dealer's ante) [000 L395, L2357]",
            ),
            (
                &meld,
                "Anna → Du: 10 p, melding: 10 tarokker uden pagat [000 §7.2, L441, L2359-2374]",
                "Anna → Du: 10 p, Meldung: 10 tarokker uden pagat [000 §7.2, L441, L2359-2374]",
                "Anna → Du: 10 p, melding: 10 tarokker uden pagat [000 §7.2, L441, L2359-2374]",
            ),
            (
                &lost,
                "Du → Anna: 5 p, mistet ultimokort: klør konge [000 L699, L2378]",
                "Du → Anna: 5 p, Ultimokarte verloren: Kreuz-König [000 L699, L2378]",
                "Du → Anna: 5 p, mistet ultimokort: klør konge [000 L699, L2378]",
            ),
            (
                &cup,
                "pagatkop → Anna: 65 p, tømmer koppen [000 L800-806, L2382-2384]",
                "pagatkop → Anna: 65 p, leert die Kasse [000 L800-806, L2382-2384]",
                "pagatkop → Anna: 65 p, tømmer koppen (takes the cup) [000 L800-806, L2382-2384]",
            ),
            (
                &refund,
                "Bent → pagatkop: 20 p, fundering [000 L339-341, L804-806]",
                "Bent → pagatkop: 20 p, Kasse aufgefüllt [000 L339-341, L804-806]",
                "Bent → pagatkop: 20 p, fundering (re-funding) [000 L339-341, L804-806]",
            ),
        ];
        let name = |p: Party| match p {
            Party::Player(0) => "Anna".to_string(),
            Party::Player(1) => "Bent".to_string(),
            Party::Player(_) => "Du".to_string(),
            other => tarok_danish::record::party_name(other),
        };
        for (l, da, de, en) in cases {
            let (from, to) = (name(l.from), name(l.to));
            assert_eq!(danish_line(l, &from, &to, Lang::Da), da);
            assert_eq!(danish_line(l, &from, &to, Lang::De), de);
            assert_eq!(danish_line(l, &from, &to, Lang::En), en);
        }
    }

    /// Every kind of reason has its own Danish and German words, without the engine's English
    /// glosses. The `match` has no wildcard arm: a new kind does not compile until listed here.
    #[test]
    fn every_reason_has_danish_and_german_words() {
        let king = UltimoCard::King(Suit::Spar);
        let all = [
            Reason::Ante,
            Reason::Declaration(Declaration::Fuldt {
                set: MeldSet::Kings,
            }),
            Reason::PagatHjem,
            Reason::LostUltimoCard(king),
            Reason::Ultimo(UltimoCard::Pagat),
            Reason::CupTaken,
            Reason::Bagud(king),
            Reason::CupDoubled(king),
            Reason::LastTrick,
            Reason::Nolo,
            Reason::Tout,
            Reason::Count(30),
            Reason::Refund,
        ];
        for r in all {
            // Listed so that a new kind of reason fails to compile here.
            match r {
                Reason::Ante
                | Reason::Declaration(_)
                | Reason::PagatHjem
                | Reason::LostUltimoCard(_)
                | Reason::Ultimo(_)
                | Reason::CupTaken
                | Reason::Bagud(_)
                | Reason::CupDoubled(_)
                | Reason::LastTrick
                | Reason::Nolo
                | Reason::Tout
                | Reason::Count(_)
                | Reason::Refund => {}
            }
            let (da, de) = (reason(r, Lang::Da), reason(r, Lang::De));
            assert_eq!(reason(r, Lang::En), r.to_string());
            for text in [&da, &de] {
                assert!(!text.contains('('), "{r:?}: {text}");
            }
            assert_ne!(da, de, "{r:?}");
        }
        assert_eq!(reason(Reason::Bagud(king), Lang::De), "Bagud: Pik-König");
        assert_eq!(
            reason(Reason::CupDoubled(UltimoCard::Pagat), Lang::Da),
            "bagud fordobler koppen: pagat"
        );
    }
}
