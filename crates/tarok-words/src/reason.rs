//! The computer's reasons for a hint in a language. Level 1 gives each reason as a typed value
//! (`Why`), English by `Display`; in Danish or German it is said in that language's own
//! words. Game terms (skus, pagat, bagud, the suits' Danish names) stay as the players say them.

use crate::lang::{counted, Lang};
use tarok_ai::danish::{listed, Role, SkatClause, Why as Dk};
use tarok_ai::koenigrufen::{Strength, Why as Kr};
use tarok_ai::level2::{points, Event, SearchWhy};
use tarok_koenigrufen::cards::screen;

/// Level 1's reason for a Danish Tarok hint, in `lang`.
pub fn danish(w: Dk, lang: Lang) -> String {
    if lang == Lang::En {
        return w.to_string();
    }
    lang.da_or_de(danish_pair(w))
}

/// A Danish reason in Danish and German, side by side.
fn danish_pair(w: Dk) -> (String, String) {
    match w {
        Dk::Redeal => (
            "ingen nummererede tarokker: hånden er for svag, så der forlanges omgivning (000 L426)"
                .into(),
            "kein nummerierter Tarock: die Hand ist zu schwach, also Neugeben verlangen (000 L426)"
                .into(),
        ),
        Dk::Keep => (
            "har nummererede tarokker: beholder hånden, det eneste svar (000 L426-428)".into(),
            "hat nummerierte Tarocke: behält die Hand, die einzige Antwort (000 L426-428)".into(),
        ),
        Dk::DemandSkus => (
            "forlanger skusen: dens ejer må ikke gemme den til at skærme sidste stik, mens jeg \
             har ultimokort (000 L1842-1845)"
                .into(),
            "fordert den Sküs: sein Besitzer darf ihn nicht aufheben, um den letzten Stich zu \
             schützen, solange ich Ultimokarten habe (000 L1842-1845)"
                .into(),
        ),
        Dk::NoDemand => (
            "intet ultimokort at beskytte: ingen grund til at forlange skusen".into(),
            "keine Ultimokarte zu schützen: kein Grund, den Sküs zu fordern".into(),
        ),
        Dk::LaySkat(skat) => {
            let (da, de): (Vec<String>, Vec<String>) =
                skat.clauses().iter().map(skat_clause).unzip();
            let laid = skat.laid;
            (
                format!("lægger {laid}: {}", da.join(", ")),
                format!("legt {laid}: {}", de.join(", ")),
            )
        }
        Dk::Rename(suit, top) => (
            format!(
                "døber skusen om til {}: min {top} er det bedste kort tilbage der",
                suit.danish()
            ),
            format!(
                "tauft den Sküs um auf {}: meine {top} ist dort die beste Karte, die bleibt",
                suit.danish()
            ),
        ),
        Dk::LeadSkus(name) => (
            format!(
                "skusen skal spilles ud: døbes {} for at presse en modspillers konge",
                name.danish()
            ),
            format!(
                "der Sküs muss ausgespielt werden: benannt {}, um einen gegnerischen König zu \
                 drücken",
                name.danish()
            ),
        ),
        Dk::CashKing(c) => (
            format!("tager hjem med {c} nu: gemt til sidste stik risikerede den bagud"),
            format!("holt {c} jetzt heim: bis zum letzten Stich behalten, drohte ein Bagud"),
        ),
        Dk::CashEarly(c) => (
            format!("svag hånd: tager hjem med {c} tidligt, mens de andre stadig bekender"),
            format!("schwache Hand: holt {c} früh heim, solange die anderen noch bedienen"),
        ),
        Dk::DrawTrumps(c, out) => (
            format!(
                "trækker tarokker med {c}, den højeste tarok ude ({} stadig ude)",
                counted(out, "tarok", "tarokker")
            ),
            format!(
                "zieht Tarocke mit {c}, dem höchsten Tarock im Spiel ({} noch draußen)",
                counted(out, "Tarock", "Tarocke")
            ),
        ),
        Dk::LeadPisk(suit) => (
            format!(
                "spiller lavt ud i {}, min længste farve, for at trække tarokker",
                suit.danish()
            ),
            format!(
                "spielt niedrig {} aus, meine längste Farbe, um Tarocke zu ziehen",
                suit.danish()
            ),
        ),
        Dk::LeadCheapest(c) => (
            format!("spiller {c} ud, det billigste kort"),
            format!("spielt {c} aus, die billigste Karte"),
        ),
        Dk::PagatHjem => (
            "pagaten tager dette stik: pagat hjem (000 L700)".into(),
            "der Pagat macht diesen Stich: Pagat hjem (000 L700)".into(),
        ),
        Dk::Win(c, last) => {
            let (da, de) = if last {
                ("sidst i stikket", "als Letzter im Stich")
            } else {
                (
                    "intet tilbage kan slå det",
                    "nichts, was bleibt, kann sie schlagen",
                )
            };
            (
                format!("tager stikket med {c}: {da}"),
                format!("sticht mit {c}: {de}"),
            )
        }
        Dk::Shed(c) => (
            format!("smider {c} nu: et tabt kort koster mindre end bagud i sidste stik"),
            format!(
                "gibt {c} jetzt ab: eine verlorene Karte kostet weniger als ein Bagud im \
                 letzten Stich"
            ),
        ),
        Dk::SkusSaves => (
            "spiller skusen: den redder et værdifuldt kort og går hjem til mig (000 L577, L600)"
                .into(),
            "spielt den Sküs: er rettet eine wertvolle Karte und geht zu mir heim (000 L577, \
             L600)"
                .into(),
        ),
        Dk::GiveCheapest(c) => (
            format!("kan ikke vinde sikkert: giver det billigste kort, {c}"),
            format!("kann nicht sicher stechen: gibt die billigste Karte, {c}"),
        ),
        Dk::OnlyCard => (
            "det eneste lovlige kort".into(),
            "die einzige erlaubte Karte".into(),
        ),
    }
}

/// One clause of a skat's reason in Danish and German; the clauses are those true of the cards.
fn skat_clause(c: &SkatClause) -> (String, String) {
    let names = |suits: &[tarok_core::Suit]| suits.iter().map(|s| s.danish()).collect::<Vec<_>>();
    match c {
        SkatClause::Hand(Role::Strong) => ("stærk hånd".into(), "starke Hand".into()),
        SkatClause::Hand(_) => ("svag hånd".into(), "schwache Hand".into()),
        SkatClause::KeptForUltimo(Some(pisk)) => (
            format!("tarokker og pisken ({}) beholdt til ultimo", pisk.danish()),
            format!(
                "Tarocke und Pisk ({}) für das Ultimo behalten",
                pisk.danish()
            ),
        ),
        SkatClause::KeptForUltimo(None) => (
            "tarokker beholdt til ultimo".into(),
            "Tarocke für das Ultimo behalten".into(),
        ),
        SkatClause::PiskKept(pisk) => (
            format!("pisken ({}) beholdt", pisk.danish()),
            format!("den Pisk ({}) behalten", pisk.danish()),
        ),
        SkatClause::Emptied(suits) => (
            format!("{} tømt", listed(&names(suits), "og")),
            format!("{} geleert", listed(&names(suits), "und")),
        ),
        SkatClause::Points(p) => (
            format!("{} sikre i skatten", counted(*p, "point", "point")),
            format!("{} sicher im Skat", counted(*p, "Punkt", "Punkte")),
        ),
        SkatClause::TrumpsAway(t) => (
            format!("{} lagt væk", counted(*t, "tarok", "tarokker")),
            format!("{} weggelegt", counted(*t, "Tarock", "Tarocke")),
        ),
        SkatClause::Least => (
            "de kort hånden savner mindst".into(),
            "die Karten, die der Hand am wenigsten fehlen".into(),
        ),
    }
}

/// Whether a Danish level-1 reason opens with its move, "MOVE: why" in every language
/// ("tager stikket med HK: sidst i stikket"), so that a hint that has named the move may give
/// the rest alone ([`crate::why_after_move`]).
pub(crate) fn danish_opens_with_move(w: Dk) -> bool {
    matches!(
        w,
        Dk::DemandSkus
            | Dk::LaySkat(_)
            | Dk::Rename(..)
            | Dk::CashKing(_)
            | Dk::Win(..)
            | Dk::Shed(_)
            | Dk::SkusSaves
    )
}

/// As [`danish_opens_with_move`], for a Königrufen level-1 reason ("Rufer: …", "ruft ♠K: …").
pub(crate) fn koenigrufen_opens_with_move(w: Kr) -> bool {
    use Kr::*;
    matches!(
        w,
        BidDreier(_)
            | MeinVorhand(_)
            | Rufer(_)
            | Trischaken(_)
            | Pass(_)
            | CallKing(_)
            | Lay(_)
            | Trull
            | Kontra(_)
            | Gut
            | Duck(_)
            | Safest(_)
            | Force(_)
    )
}

/// Level 1's reason for a Königrufen hint in `lang`: English in the bot's own words.
pub fn koenigrufen_in(w: Kr, lang: Lang) -> String {
    match lang {
        Lang::En => w.to_string(),
        Lang::Da => koenigrufen_da(w),
        Lang::De => koenigrufen(w),
    }
}

/// Level 1's reason for a Königrufen hint in Danish; the game's terms stay German.
fn koenigrufen_da(w: Kr) -> String {
    use Kr::*;
    // "høje" stands for "høje tarokker", so one is "1 høj".
    let tarocks = |s: Strength| {
        format!(
            "{}, {}",
            counted(s.tarocks, "tarok", "tarokker"),
            counted(s.high, "høj", "høje")
        )
    };
    let strength = |s: Strength| format!("{}, {}", tarocks(s), counted(s.kings, "konge", "konger"));
    match w {
        OnlyChoice => "her det eneste fornuftige valg".into(),
        BidDreier(s) => format!("Dreier: {} bærer et spil alene", strength(s)),
        MeinVorhand(s) => format!(
            "mein Vorhand: beholder retten til en Rufer ({})",
            strength(s)
        ),
        Rufer(s) => format!("Rufer: {}, en makker hjælper", strength(s)),
        Trischaken(s) => format!(
            "Trischaken: {} er for svage til et positivspil",
            strength(s)
        ),
        Pass(s) => format!("weiter: {} er intet eget spil", strength(s)),
        OnlyCallLeft => "den eneste melding, der er tilbage".into(),
        CallKing(k) => format!(
            "kalder {}: min korteste kulør, makkerens konge dækker den",
            screen(k)
        ),
        OnlyKingCall => "det eneste mulige kald".into(),
        TakeHalf => "tager talonhalvdelen med flest tarokker og point".into(),
        KeepPlaying => "spiller videre".into(),
        Lay(c) => format!(
            "lægger {} væk: gør en kulør fri, dens point tæller for mig",
            screen(c)
        ),
        OnlyDiscard => "det eneste mulige kort at lægge væk".into(),
        Trull => "melder Trull: jeg har Sküs, Mond og Pagat".into(),
        Kontra(s) => format!("Kontra på spillet: {}, mod spilleren", tarocks(s)),
        Gut => "gut: intet at melde".into(),
        PlaysOn => "spiller videre".into(),
        Duck(c) => format!(
            "dukker med {}: det højeste kort, der ikke tager stikket",
            screen(c)
        ),
        Safest(c) => format!("spiller {}: her det sikreste kort", screen(c)),
        Force(c) => format!("spiller {} ud: spilleren må tage dette stik", screen(c)),
        TakesHisTrick(c) => format!("tager et stik, jeg stadig mangler, med {}", screen(c)),
        DrawTarocks(c) => format!(
            "spiller {} ud for at trække modspillernes tarokker",
            screen(c)
        ),
        CheapLead(c) => format!("spiller {} ud, et billigt kort", screen(c)),
        GiveToSide(c) => format!("min side tager stikket: smører {}", screen(c)),
        Take(c) => format!("stikker med {}", screen(c)),
        CannotWinCheaply(c) => format!("kan ikke stikke billigt: giver {}", screen(c)),
        OnlyCard => "det eneste tilladte kort".into(),
        PlaysBird(c) => format!("spiller {} i det meldte stik", screen(c)),
    }
}

/// Level 1's reason for a Königrufen hint, in German, the Königrufen screen's default language.
pub fn koenigrufen(w: Kr) -> String {
    use Kr::*;
    // "hohe" stands for "hohe Tarocke", so one is "1 hoher".
    let tarocks = |s: Strength| {
        let (t, h) = (s.tarocks, s.high);
        format!(
            "{}, {}",
            counted(t, "Tarock", "Tarocke"),
            counted(h, "hoher", "hohe")
        )
    };
    let strength = |s: Strength| format!("{}, {}", tarocks(s), counted(s.kings, "König", "Könige"));
    match w {
        OnlyChoice => "hier die einzige sinnvolle Wahl".into(),
        BidDreier(s) => format!("Dreier: {} tragen ein Spiel allein", strength(s)),
        MeinVorhand(s) => format!(
            "mein Vorhand: behält das Recht auf einen Rufer ({})",
            strength(s)
        ),
        Rufer(s) => format!("Rufer: {}, ein Partner hilft", strength(s)),
        Trischaken(s) => format!(
            "Trischaken: {} sind zu schwach für ein Positivspiel",
            strength(s)
        ),
        Pass(s) => format!("weiter: {} sind kein eigenes Spiel", strength(s)),
        OnlyCallLeft => "die einzige Ansage, die bleibt".into(),
        CallKing(k) => format!(
            "ruft {}: meine kürzeste Farbe, der König des Partners deckt sie",
            screen(k)
        ),
        OnlyKingCall => "der einzige mögliche Ruf".into(),
        TakeHalf => "nimmt die Talonhälfte mit mehr Tarocken und Punkten".into(),
        KeepPlaying => "spielt weiter".into(),
        Lay(c) => format!(
            "legt {} ab: macht eine Farbe frei, ihre Punkte zählen für mich",
            screen(c)
        ),
        OnlyDiscard => "die einzige mögliche Ablage".into(),
        Trull => "sagt den Trull an: ich habe Sküs, Mond und Pagat".into(),
        Kontra(s) => format!("Kontra gegen das Spiel: {}, gegen den Spieler", tarocks(s)),
        Gut => "gut: nichts anzusagen".into(),
        PlaysOn => "spielt weiter".into(),
        Duck(c) => format!(
            "duckt mit {}: die höchste Karte, die den Stich nicht macht",
            screen(c)
        ),
        Safest(c) => format!("spielt {}: hier die sicherste Karte", screen(c)),
        Force(c) => format!(
            "spielt {} aus: der Spieler muss diesen Stich machen",
            screen(c)
        ),
        TakesHisTrick(c) => format!("macht mit {} einen Stich, der mir noch fehlt", screen(c)),
        DrawTarocks(c) => format!(
            "spielt {} aus, um den Gegnern die Tarocke zu ziehen",
            screen(c)
        ),
        CheapLead(c) => format!("spielt {} aus, eine billige Karte", screen(c)),
        GiveToSide(c) => format!("meine Seite macht den Stich: schmiert {}", screen(c)),
        Take(c) => format!("sticht mit {}", screen(c)),
        CannotWinCheaply(c) => format!("kann nicht billig stechen: gibt {}", screen(c)),
        OnlyCard => "die einzige erlaubte Karte".into(),
        PlaysBird(c) => format!("spielt {} im angesagten Stich", screen(c)),
    }
}

/// Level 2's search, in `lang`: the move, its mean result over the layouts, and what the next
/// best move gives away. `label` says a move in `lang`.
pub fn search<A: Copy>(w: &SearchWhy<A>, lang: Lang, label: impl Fn(A) -> String) -> String {
    format!("{}: {}", label(w.action), search_after_move(w, lang, label))
}

/// [`search`] after the move it chose, for a text that has named the move.
pub fn search_after_move<A: Copy>(
    w: &SearchWhy<A>,
    lang: Lang,
    label: impl Fn(A) -> String,
) -> String {
    if lang == Lang::En {
        return w.english_after_move(label);
    }
    let layouts = |n: u32| {
        lang.da_or_de((
            counted(n, "fordeling", "fordelinger"),
            counted(n, "Verteilung", "Verteilungen"),
        ))
    };
    let (avg, exact, played, best, away) = if lang == Lang::Da {
        (
            "i gennemsnit over",
            "regnet til ende",
            "spillet ud",
            "bedst i",
            "giver",
        )
    } else {
        (
            "im Schnitt über",
            "bis zum Ende gerechnet",
            "ausgespielt",
            "am besten in",
            "gibt",
        )
    };
    let mut s = format!(
        "{} {avg} {} ({}), {best} {} {}",
        points(w.mean_tenths),
        layouts(w.layouts),
        if w.exact { exact } else { played },
        w.best_in,
        if lang == Lang::Da { "af dem" } else { "davon" }
    );
    if let Some((next, by)) = w.next {
        s += &if by == 0 {
            let as_well = lang.da_or_de(("gør det lige så godt", "ist genauso gut"));
            format!("; {} {as_well}", label(next))
        } else {
            format!(
                "; {} {away} {:.1} {}",
                label(next),
                by as f64 / 10.0,
                if lang == Lang::Da { "væk" } else { "ab" }
            )
        };
        if let Some(t) = w.told {
            let (of, other) =
                lang.da_or_de((("i", "med det andet træk"), ("in", "mit dem anderen Zug")));
            s += &format!(
                "; {} {of} {} ({} {other})",
                event(t.event, lang),
                layouts(t.with_best),
                t.with_next
            );
        }
    }
    s
}

/// What happens in the layouts, as a reason says it of the seat's side, in Danish or German.
fn event(e: Event, lang: Lang) -> &'static str {
    lang.da_or_de(match e {
        Event::LastTrick => ("tager sidste stik", "macht den letzten Stich"),
        Event::PagatUltimo => (
            "tager sidste stik med pagat",
            "macht den letzten Stich mit dem Pagat",
        ),
        Event::PagatCaught => ("mister pagat", "verliert den Pagat"),
        Event::KingCaught => ("mister en konge", "verliert einen König"),
        Event::GameWon => ("vinder sit spil", "gewinnt sein Spiel"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tarok_ai::danish::Skat;
    use tarok_core::{Card, CardSet, Suit};
    use tarok_danish::Named;

    /// Every kind of Danish reason has Danish and German words, and shows its card. The
    /// `match` has no wildcard arm: a new kind does not compile until listed here.
    #[test]
    fn every_danish_reason_has_danish_and_german_words() {
        let c = Card::T21;
        let skat = |kept: &str| {
            Dk::LaySkat(Skat {
                laid: CardSet::single(c),
                kept: CardSet::parse(kept).unwrap(),
            })
        };
        let all = [
            Dk::Redeal,
            Dk::Keep,
            Dk::DemandSkus,
            Dk::NoDemand,
            skat("T1 T2 T3 T4 T5 T6 T7 T8 S1 S2 S3 S4 S5 S6 S7 S8"),
            skat("S1 H1"),
            skat("T1 T2 T3 T4 T5 T6"),
            Dk::Rename(Suit::Spar, c),
            Dk::LeadSkus(Named::Trump),
            Dk::CashKing(c),
            Dk::CashEarly(c),
            Dk::DrawTrumps(c, 3),
            Dk::LeadPisk(Suit::Spar),
            Dk::LeadCheapest(c),
            Dk::PagatHjem,
            Dk::Win(c, true),
            Dk::Win(c, false),
            Dk::Shed(c),
            Dk::SkusSaves,
            Dk::GiveCheapest(c),
            Dk::OnlyCard,
        ];
        for w in all {
            let with_card = match w {
                Dk::LaySkat(..)
                | Dk::Rename(..)
                | Dk::CashKing(_)
                | Dk::CashEarly(_)
                | Dk::DrawTrumps(..)
                | Dk::LeadCheapest(_)
                | Dk::Win(..)
                | Dk::Shed(_)
                | Dk::GiveCheapest(_) => true,
                Dk::Redeal
                | Dk::Keep
                | Dk::DemandSkus
                | Dk::NoDemand
                | Dk::LeadSkus(_)
                | Dk::LeadPisk(_)
                | Dk::PagatHjem
                | Dk::SkusSaves
                | Dk::OnlyCard => false,
            };
            let en = danish(w, Lang::En);
            assert_eq!(en, w.to_string());
            for lang in [Lang::Da, Lang::De] {
                let text = danish(w, lang);
                assert_ne!(text, en, "{lang:?}");
                assert!(!with_card || text.contains("T21"), "{text}");
            }
        }
        assert_eq!(
            danish(Dk::Win(c, true), Lang::Da),
            "tager stikket med T21: sidst i stikket"
        );
        // One trump out in the singular; it said "1 tarokker", "1 Tarocke".
        assert_eq!(
            danish(Dk::DrawTrumps(c, 1), Lang::Da),
            "trækker tarokker med T21, den højeste tarok ude (1 tarok stadig ude)"
        );
        assert_eq!(
            danish(Dk::DrawTrumps(c, 1), Lang::De),
            "zieht Tarocke mit T21, dem höchsten Tarock im Spiel (1 Tarock noch draußen)"
        );
        assert_eq!(
            danish(Dk::LeadPisk(Suit::Spar), Lang::De),
            "spielt niedrig spar aus, meine längste Farbe, um Tarocke zu ziehen"
        );
    }

    /// Every kind of reason has German words, and those with a card show it as the screen
    /// does. The `match` has no wildcard arm: a new kind does not compile until listed here.
    #[test]
    fn every_koenigrufen_reason_has_german_words() {
        use Kr::*;
        let s = Strength {
            tarocks: 7,
            high: 2,
            kings: 1,
        };
        let c = Card::T21;
        let all = [
            OnlyChoice,
            BidDreier(s),
            MeinVorhand(s),
            Rufer(s),
            Trischaken(s),
            Pass(s),
            OnlyCallLeft,
            CallKing(c),
            OnlyKingCall,
            TakeHalf,
            KeepPlaying,
            Lay(c),
            OnlyDiscard,
            Trull,
            Kontra(s),
            Gut,
            PlaysOn,
            Duck(c),
            Safest(c),
            Force(c),
            TakesHisTrick(c),
            DrawTarocks(c),
            CheapLead(c),
            GiveToSide(c),
            Take(c),
            CannotWinCheaply(c),
            OnlyCard,
            PlaysBird(c),
        ];
        for w in all {
            let with_card = match w {
                CallKing(_) | Lay(_) | Duck(_) | Safest(_) | Force(_) | TakesHisTrick(_)
                | DrawTarocks(_) | CheapLead(_) | GiveToSide(_) | Take(_) | CannotWinCheaply(_)
                | PlaysBird(_) => true,
                OnlyChoice | BidDreier(_) | MeinVorhand(_) | Rufer(_) | Trischaken(_) | Pass(_)
                | OnlyCallLeft | OnlyKingCall | TakeHalf | KeepPlaying | OnlyDiscard | Trull
                | Kontra(_) | Gut | PlaysOn | OnlyCard => false,
            };
            let (de, en) = (koenigrufen(w), w.to_string());
            assert_ne!(de, en);
            assert!(!with_card || de.contains(&screen(c)), "{de}");
        }
        // A tarock and the Sküs as the screen writes them, not as the records do (T3, X).
        assert_eq!(
            koenigrufen(Lay(Card::trump(3))),
            "legt III ab: macht eine Farbe frei, ihre Punkte zählen für mich"
        );
        assert_eq!(
            koenigrufen(Safest(Card::SKUS)),
            "spielt Sküs: hier die sicherste Karte"
        );
        // One of a kind in the singular; it said "1 Könige".
        assert_eq!(
            koenigrufen(Pass(s)),
            "weiter: 7 Tarocke, 2 hohe, 1 König sind kein eigenes Spiel"
        );
        let one = Strength {
            tarocks: 1,
            high: 1,
            kings: 2,
        };
        assert_eq!(
            koenigrufen(Pass(one)),
            "weiter: 1 Tarock, 1 hoher, 2 Könige sind kein eigenes Spiel"
        );
        assert_eq!(
            koenigrufen(Kontra(one)),
            "Kontra gegen das Spiel: 1 Tarock, 1 hoher, gegen den Spieler"
        );
    }

    /// A skat that level 2 judged reads as a skat in each language, both skats with their
    /// cards.
    #[test]
    fn a_searched_skat_is_said_in_each_language() {
        use tarok_danish::Action;
        let skat = |s: &str| Action::Discard(tarok_core::CardSet::parse(s).unwrap());
        let w = SearchWhy {
            action: skat("S1,S2,H10"),
            layouts: 96,
            best_in: 41,
            mean_tenths: -12,
            next: Some((skat("SD,SC,H10"), 8)),
            exact: false,
            told: Some(tarok_ai::level2::Told {
                event: Event::KingCaught,
                with_best: 3,
                with_next: 9,
            }),
        };
        let said = Lang::ALL.map(|l| search(&w, l, |a| crate::danish::label(a, l)));
        println!("{said:#?}");
        for (s, (lays, skat)) in said.iter().zip([
            ("lays", "in the skat"),
            ("lægger", "i skat"),
            ("legt", "in den Skat"),
        ]) {
            assert!(s.starts_with(&format!("{lays} S2 S1 H10 {skat}: ")), "{s}");
            assert!(s.contains(&format!("; {lays} SD SC H10 {skat} ")), "{s}");
            assert!(
                s.contains("96") && s.contains("41") && s.contains("-1.2"),
                "{s}"
            );
        }
    }

    /// Level 2's reason in each language: the same numbers, the move in the language's words.
    #[test]
    fn the_search_is_said_in_each_language() {
        let w = SearchWhy {
            action: 'a',
            layouts: 24,
            best_in: 20,
            mean_tenths: 35,
            next: Some(('b', 12)),
            exact: true,
            told: None,
        };
        let label = |c: char| format!("<{c}>");
        assert_eq!(
            search(&w, Lang::En, label),
            "<a>: +3.5 on average over 24 layouts solved to the end, best in 20 of them; <b> gives 1.2 away"
        );
        assert_eq!(
            search(&w, Lang::Da, label),
            "<a>: +3.5 i gennemsnit over 24 fordelinger (regnet til ende), bedst i 20 af dem; <b> giver 1.2 væk"
        );
        assert_eq!(
            search(&w, Lang::De, label),
            "<a>: +3.5 im Schnitt über 24 Verteilungen (bis zum Ende gerechnet), am besten in 20 davon; <b> gibt 1.2 ab"
        );
        // A next best move as good as the chosen one gives nothing away.
        let tie = SearchWhy {
            next: Some(('b', 0)),
            ..w
        };
        let [en, da, de] = Lang::ALL.map(|l| search(&tie, l, label));
        assert!(en.ends_with("; <b> does as well"), "{en}");
        assert!(da.ends_with("; <b> gør det lige så godt"), "{da}");
        assert!(de.ends_with("; <b> ist genauso gut"), "{de}");
        // What happens in the layouts, each event in each language.
        for e in Event::ALL {
            let w = SearchWhy {
                told: Some(tarok_ai::level2::Told {
                    event: e,
                    with_best: 18,
                    with_next: 5,
                }),
                ..w
            };
            let [en, da, de] = Lang::ALL.map(|l| search(&w, l, label));
            assert!(
                en.ends_with(&format!(
                    "; {} in 18 layouts (5 with the other move)",
                    e.english()
                )),
                "{en}"
            );
            assert!(
                da.ends_with(&format!(
                    "; {} i 18 fordelinger (5 med det andet træk)",
                    event(e, Lang::Da)
                )),
                "{da}"
            );
            assert!(
                de.ends_with(&format!(
                    "; {} in 18 Verteilungen (5 mit dem anderen Zug)",
                    event(e, Lang::De)
                )),
                "{de}"
            );
        }
        // One layout is one, in the count of layouts and in what happens in them.
        let one = SearchWhy {
            layouts: 1,
            best_in: 1,
            told: Some(tarok_ai::level2::Told {
                event: Event::PagatCaught,
                with_best: 1,
                with_next: 2,
            }),
            ..w
        };
        let [en, da, de] = Lang::ALL.map(|l| search(&one, l, label));
        assert!(
            en.contains(" over 1 layout solved") && en.contains(" in 1 layout ("),
            "{en}"
        );
        assert!(
            da.contains(" over 1 fordeling (") && da.contains(" i 1 fordeling ("),
            "{da}"
        );
        assert!(
            de.contains(" über 1 Verteilung (") && de.contains(" in 1 Verteilung ("),
            "{de}"
        );
    }
}
