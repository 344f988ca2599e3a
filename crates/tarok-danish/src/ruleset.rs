//! Rule presets of Danish Tarok and their switches.
//!
//! Sources are cited by seed file and line: `000` is H. J. Møller, *Tarok – regler og
//! vejledning*, `001` its 2016 edition, `003` the federation's 2011 booklet (see
//! `docs/rules/README.md`). The rules for players, with the project's decisions on the points
//! the books leave open (§16), are `docs/rules/danish.md`.

use crate::declare::Wording;
use serde::{Deserialize, Serialize};
use tarok_core::family::SwitchInfo;

/// The three Danish presets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    /// Dansk Tarokforbund, *Spillevejledning*, March 2011 (seed 003). The default.
    #[serde(rename = "dk-dtf-2011")]
    Dtf2011,
    /// Møller, Hjørring Tarokklub, 2016 edition (seed 001).
    #[serde(rename = "dk-hjoerring-2016")]
    Hjoerring2016,
    /// Møller, the earlier edition (seed 000).
    #[serde(rename = "dk-moeller")]
    Moeller,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Dtf2011, Preset::Hjoerring2016, Preset::Moeller];

    pub fn id(self) -> &'static str {
        match self {
            Preset::Dtf2011 => "dk-dtf-2011",
            Preset::Hjoerring2016 => "dk-hjoerring-2016",
            Preset::Moeller => "dk-moeller",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Preset::Dtf2011 => "Danish Tarok, Dansk Tarokforbund rules of 2011",
            Preset::Hjoerring2016 => "Danish Tarok, Møller's Hjørring rules, 2016 edition",
            Preset::Moeller => "Danish Tarok, Møller's Hjørring rules, earlier edition",
        }
    }

    pub fn source(self) -> &'static str {
        match self {
            Preset::Dtf2011 => "DTF 2011 (003)",
            Preset::Hjoerring2016 => "Møller 2016 (001)",
            Preset::Moeller => "Møller 000",
        }
    }

    /// How the preset's own document words the declarations: the federation's sheet (003 L30,
    /// p.11) for its 2011 rules, Møller's book (000 L447-485) for both Hjørring editions.
    pub fn wording(self) -> Wording {
        match self {
            Preset::Dtf2011 => Wording::Dtf,
            Preset::Hjoerring2016 | Preset::Moeller => Wording::Moeller,
        }
    }

    pub fn parse(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.id() == id)
    }

    pub fn ruleset(self) -> Ruleset {
        Ruleset::preset(self)
    }
}

/// Until when the skus may be demanded in trick 23 (000 AMB-16).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DemandWindow {
    /// Before the lead to trick 23: "før udspillet til tredje sidste stik" (000 L1850; 003
    /// D-JC-13; docs/rules/danish.md §9 for all three presets). The round is held after trick 22.
    BeforeLead,
    /// Until the holder plays to trick 23, as in the narratives where the demand comes with a
    /// card already played (000 L1091, L1884; 001 L762, L1608). The round is held just before
    /// the holder's turn in trick 23, so that it sees the cards played before him.
    UntilHolderPlays,
}

/// Who leads the last trick when its leader holds only the skus.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LastTrickSkus {
    /// The holder leads it and names it; the christening (dåb) applies as for any lead
    /// (003 L20 p.6 "også i forbindelse med sidste stik"; DTF D-JC-7).
    Christen,
    /// The lead passes to the next player; the holder plays it last (000 L588-590; 001 L466).
    LeadPasses,
}

/// What the dealer may lay in the skat with numbered trumps.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SkatTrumpRule {
    /// Trumps only if the dealer thereby becomes void in numbered trumps (000 L537-538, 003 L30).
    VoidOnly,
    /// The historic rule: with exactly 3 trumps, or 2 trumps and the skus, those trumps may be
    /// laid, even T21 and the pagat (000 L539-544).
    Historic,
    /// The alternative to the 2016 spec's default for its ambiguity A8 (switch
    /// `partial_trump_discard_allowed`; 001 L1008 "Er der 3 eller færre tarokker … må disse
    /// lægges", L1209): a dealer with at most 3 numbered trumps may lay any of them without
    /// becoming void. T21 and the pagat follow their own switches.
    PartialAtMost3,
}

/// When the dealer may lay the pagat in the skat. The trump rule (`SkatTrumpRule`) applies
/// on top: under `VoidOnly` the pagat goes only with every other numbered trump.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SkatPagat {
    /// Never: Borch 1920, Oldfeldt 1961 and the book (000 L526-530, L1336; 001 L417; 003 L30).
    Never,
    /// Like any other trump: Hermansen 1926/1943, Poul Jensen (1970s), Huson (1981),
    /// pagat.com (2010) (000 L526-535; 001 L417).
    Always,
    /// Bendz (1838-1843): "pagaten må, hvis der er 3 eller færre tarokker på hånden"
    /// (000 L522-524). \[DERIVED\] Counted are the numbered trumps of the dealer's 28 cards
    /// before the discard; the skus is not counted, as everywhere in the skat rules (000
    /// L537-538, L1713-1715: "hvis man har 3 tarokker med nummer + scies, tæller man ikke
    /// sciesen som tarok"; 001 L1209). Bendz does not say which cards he counts.
    IfAtMost3Trumps,
}

/// When the dealer may lay the skus in the skat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SkatSkus {
    /// Never: Borch 1920 and the book, "Det mest logiske er derfor at følge Borch og
    /// fastholde, at sciesen ikke må lægges" (000 L561, L585, L1349; 001 L423-429; 003 L30).
    Never,
    /// Only as part of a tout attempt, and then it must be said: "Hvis man lægger sciesen skal
    /// det meldes" (000 L550-556, L630-631, L1349-1350; 001 L423, L492). The engine cannot see
    /// the intent; it makes the laid skus public (`SkatAnnouncement::skus`).
    ToutAttemptAnnounced,
    /// Freely, nothing said: the oldest practice, "Dette kort måtte … tidligere lægges"
    /// (000 L550; 001 L423).
    Always,
}

/// How the two counts are settled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CountSettlement {
    /// Each counter settles his amount with the non-counting player (000 AMB-01; 003 D-JC-10).
    AgainstNonCounter,
    /// Each counter settles his amount with each of the two other active players (000 §10.4 alternative).
    EachOpponent,
}

/// The amounts of the payment table, in points (p).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tariff {
    /// The dealer's ante into each cup before the deal (000 L395, L2357; 003 L28 p.10).
    pub ante: i32,
    /// Funding and re-funding of a cup by each person at the table (000 L392-393, L804-806; 003 L42 p.17).
    pub funding: i32,
    /// Pagat hjem, from each opponent (000 L700, L2377; 003 L40 p.16).
    pub pagat_hjem: i32,
    /// A lost ultimo card in tricks 1-24: to each opponent and the same into the cup (000 L699, L2378).
    pub lost_ultimo_card: i32,
    /// Last trick without ultimo or bagud, from each opponent (000 L1106-1107, L2381).
    pub last_trick: i32,
    /// Pagat ultimo and pagat bagud, from / to each opponent (000 L800-806, L2382-2383).
    pub pagat_ultimo: i32,
    /// King ultimo and king bagud, from / to each opponent (000 L2384-2385).
    pub king_ultimo: i32,
    /// A won nolo, from each opponent (000 L611-620, L2387).
    pub nolo: i32,
    /// Tout, from each opponent: 80 (000 L627-628, 003 L40 p.16) or 85 (001 L492, L1728).
    pub tout: i32,
    /// Break-even count of the 26-rule (000 L675-680).
    pub count_par: i32,
}

/// The field of [`Ruleset`] behind a switch name as `tarok rules` lists it (`skat.allow_pagat`
/// is `skat_allow_pagat`, `payout.last_trick_with_nolo` is `last_trick_with_nolo`); other
/// names are taken as fields.
fn field_of(name: &str) -> String {
    match name.split_once('.') {
        Some(("tariff", _)) => name.to_string(),
        Some(("counting", "enabled")) => "counting".into(),
        Some(("counting", "settlement")) => "count_settlement".into(),
        Some(("payout" | "declare", field)) => field.to_string(),
        Some((group, field)) => format!("{group}_{field}"),
        None => name.to_string(),
    }
}

/// Every switch of a Danish deal. Each names its source and alternatives.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruleset {
    pub preset: Preset,
    /// Version of these rule definitions; records carry it.
    pub version: u32,
    pub tariff: Tariff,
    /// After trumps are laid in the skat, the number laid is public too, not only that trumps
    /// were laid. true: 000 L545-546, 003 L30 p.11 ("Antal lagte tarokker skal oplyses på
    /// forlangende"); false: 001 L421 (only *that* trumps were laid).
    pub skat_disclose_trump_count: bool,
    /// When the pagat may be laid in the skat. `Never`: 000 L526, 003 L30; `Always`: Hermansen
    /// 1926/1943, P. Jensen, Huson, pagat.com (000 L526-535); `IfAtMost3Trumps`: Bendz
    /// (000 L522-524).
    pub skat_allow_pagat: SkatPagat,
    /// T21 may be laid in the skat. false: 000 L516, 003 L30; true: pre-1889 guides (000 L516-521).
    pub skat_allow_t21: bool,
    /// When the skus may be laid in the skat. `Never`: Borch 1920, 000 L561, L585, 003 L30;
    /// `ToutAttemptAnnounced`: the later tout-attempt rule, the laid skus is announced
    /// (000 L550-556, L630-631); `Always`: the oldest practice, nothing announced (000 L550).
    pub skat_allow_skus: SkatSkus,
    /// Which trumps may be laid in the skat: `VoidOnly` (000 L537-538), `Historic` (000 L539-544)
    /// or `PartialAtMost3` (001 L1008, L1209).
    pub skat_trump_rule: SkatTrumpRule,
    /// A hand without numbered trumps may demand a redeal, the skus not counting as a trump
    /// (000 L426-428, 003 L28 p.10). Any active player, the dealer included, before the skat is
    /// laid (003 D-JC-17; 000 AMB-27); every seat is asked in turn (see `Phase::Redeal`).
    /// false: no redeal, and no question.
    pub redeal_on_no_trump: bool,
    /// A king may serve a suit declaration and a kings declaration at once. true: project
    /// decision (000 AMB-10; docs/rules/danish.md §16); false: a king used in a suit declaration does not
    /// count towards the kings.
    pub king_in_two_melds: bool,
    /// The renaming right (dåbsret) when the skus is led in a suit neither other player holds
    /// (000 L591-599, L1933-1940; 003 L20 p.6). false: no renaming (000 AMB-15 alternative).
    pub skus_renaming_right: bool,
    /// A rename may name trumps ("tarok"). false: suits only (000 AMB-14; docs/rules/danish.md §9);
    /// true: 003 L20 p.6 ("omdøbe … til tarok").
    pub skus_rename_may_name_trump: bool,
    /// The skus may be played in place of any card, even while holding the led suit
    /// (000 L577 "efter behag", L1785-1786; 000 AMB-12; 001 A6). false: only when void in it.
    pub skus_follow_freely: bool,
    /// The skus wins the last trick when it falls there: a proposal the book rejects
    /// (000 L557-560). false: it never wins (000 L576).
    pub skus_may_win_last_trick: bool,
    /// The skus held alone for the last lead: `Christen` (003 L20 p.6) or `LeadPasses` (000 L588-590).
    pub skus_last_trick: LastTrickSkus,
    /// Until when the skus may be demanded: `BeforeLead` (000 L1850; docs/rules/danish.md §9) or
    /// `UntilHolderPlays` (000 L1091, L1884, AMB-16; 001 L762, L1608).
    pub skus_demand_window: DemandWindow,
    /// Counting is played (000 L661-663). false: 003 L24 p.8, 001 L527 ("I nogle klubber …").
    pub counting: bool,
    /// How counts are settled: against the non-counter (000 AMB-01) or with each opponent.
    pub count_settlement: CountSettlement,
    /// The last trick is also paid when it is an ultimo. false: 000 AMB-18, 003 p.9 ("men uden ultimo").
    pub last_trick_with_ultimo: bool,
    /// The last trick is paid after a won nolo. false: 003 L46 p.19 and docs/rules/danish.md §11;
    /// true: 000 AMB-19's proposal.
    pub last_trick_with_nolo: bool,
    /// The last trick is paid when the deal ends with a bagud. false: 000 L2388-2389,
    /// 001 L1733, 003 D-JC-2 (a table option there).
    pub last_trick_with_bagud: bool,
    /// Pagat hjem is also paid in trick 25, on top of the ultimo. false: 000 AMB-20, 003 D-JC-1.
    pub pagat_hjem_on_last_trick: bool,
    /// A lost ultimo card is also paid for in trick 25, on top of the bagud (the alternative to
    /// 001 A16, switch `loss_fee_on_bagud`). false: 001 A16, 000 L1121-1123 ("tricks 1-24";
    /// in trick 25 the loss is a bagud instead).
    pub lost_card_fee_on_last_trick: bool,
    /// Several bagud on one cup compound (each doubles the cup as it stands). false: each pays
    /// the content before the end-of-deal settlement (000 AMB-21, 003 D-JC-3).
    pub multi_bagud_compounding: bool,
    /// Cups emptied by a tout are re-funded. true: 000 AMB-22; false: only ultimo re-funds (000 L339).
    pub refund_cups_after_tout: bool,
    /// An ultimo card winning the last trick for a player barred from ultimo (a fine in the
    /// ledger) is paid as an ordinary last trick. true: 000 AMB-25, 003 D-JC-16; false: nothing
    /// is paid for that last trick.
    pub barred_ultimo_as_last_trick: bool,
}

impl Ruleset {
    /// This ruleset with house rules: `name=value` separated by spaces, the names as
    /// `tarok rules` lists them (`tariff.last_trick=10` for a tariff entry).
    pub fn with_overrides(self, rules: &str) -> Result<Ruleset, String> {
        let fields: Vec<String> = rules
            .split_whitespace()
            .map(|item| match item.split_once('=') {
                Some((name, value)) => format!("{}={value}", field_of(name)),
                None => item.to_string(),
            })
            .collect();
        tarok_core::overrides::apply(&self, &fields.join(" "), &["preset", "version"])
    }

    pub fn preset(preset: Preset) -> Ruleset {
        let tariff = Tariff {
            ante: 5,
            funding: 20,
            pagat_hjem: 5,
            lost_ultimo_card: 5,
            last_trick: 20,
            pagat_ultimo: 45,
            king_ultimo: 40,
            nolo: 25,
            tout: if preset == Preset::Hjoerring2016 {
                85
            } else {
                80
            },
            count_par: 26,
        };
        Ruleset {
            preset,
            version: 1,
            tariff,
            skat_disclose_trump_count: preset != Preset::Hjoerring2016,
            skat_allow_pagat: SkatPagat::Never,
            skat_allow_t21: false,
            skat_allow_skus: SkatSkus::Never,
            skat_trump_rule: SkatTrumpRule::VoidOnly,
            redeal_on_no_trump: true,
            king_in_two_melds: true,
            skus_renaming_right: true,
            skus_rename_may_name_trump: false,
            skus_follow_freely: true,
            skus_may_win_last_trick: false,
            skus_demand_window: DemandWindow::BeforeLead,
            skus_last_trick: if preset == Preset::Dtf2011 {
                LastTrickSkus::Christen
            } else {
                LastTrickSkus::LeadPasses
            },
            counting: true,
            count_settlement: CountSettlement::AgainstNonCounter,
            last_trick_with_ultimo: false,
            last_trick_with_nolo: false,
            last_trick_with_bagud: false,
            pagat_hjem_on_last_trick: false,
            lost_card_fee_on_last_trick: false,
            multi_bagud_compounding: false,
            refund_cups_after_tout: true,
            barred_ultimo_as_last_trick: true,
        }
    }

    pub fn id(&self) -> &'static str {
        self.preset.id()
    }

    /// The switches with their values and sources, for `tarok rules`.
    pub fn switches(&self) -> Vec<SwitchInfo> {
        let t = &self.tariff;
        let s = |name, value: String, doc, source| SwitchInfo {
            name,
            value,
            doc,
            source,
        };
        let b = |v: bool| v.to_string();
        vec![
            s(
                "tariff.ante",
                t.ante.to_string(),
                "dealer's ante into each cup",
                "000 L395, L2357; 003 L28 p.10",
            ),
            s(
                "tariff.funding",
                t.funding.to_string(),
                "funding / re-funding per person per cup",
                "000 L392-393, L804-806; 003 L42 p.17",
            ),
            s(
                "tariff.pagat_hjem",
                t.pagat_hjem.to_string(),
                "pagat wins a trick 1-24: from each opponent",
                "000 L700, L2377",
            ),
            s(
                "tariff.lost_ultimo_card",
                t.lost_ultimo_card.to_string(),
                "ultimo card lost in tricks 1-24: to each opponent and into the cup",
                "000 L699, L2378",
            ),
            s(
                "tariff.last_trick",
                t.last_trick.to_string(),
                "last trick, from each opponent",
                "000 L1106-1107, L2381",
            ),
            s(
                "tariff.pagat_ultimo",
                t.pagat_ultimo.to_string(),
                "pagat ultimo / bagud, from / to each opponent",
                "000 L2382-2383",
            ),
            s(
                "tariff.king_ultimo",
                t.king_ultimo.to_string(),
                "king ultimo / bagud, from / to each opponent",
                "000 L2384-2385",
            ),
            s(
                "tariff.nolo",
                t.nolo.to_string(),
                "won nolo, from each opponent",
                "000 L611-620, L2387",
            ),
            s(
                "tariff.tout",
                t.tout.to_string(),
                "tout, from each opponent; 80 (000, 003) or 85 (001)",
                "000 L627-628; 001 L492; 003 L40 p.16",
            ),
            s(
                "tariff.count_par",
                t.count_par.to_string(),
                "the 26-rule: a count below it pays, above it receives, the difference rounded to 5",
                "000 L675-680",
            ),
            s(
                "skat.disclose_trump_count",
                b(self.skat_disclose_trump_count),
                "the number of trumps laid is public, not only that trumps were laid",
                "000 L545-546; 001 L421; 003 L30 p.11",
            ),
            s(
                "skat.allow_pagat",
                format!("{:?}", self.skat_allow_pagat),
                "when the pagat may be laid: Never (000 L526); Always (Hermansen, P. Jensen, \
                 Huson, pagat.com); IfAtMost3Trumps (Bendz: 3 or fewer numbered trumps in the \
                 28 cards, the skus not counted)",
                "000 L522-535, L537-538",
            ),
            s(
                "skat.allow_t21",
                b(self.skat_allow_t21),
                "T21 may be laid",
                "000 L516-521",
            ),
            s(
                "skat.allow_skus",
                format!("{:?}", self.skat_allow_skus),
                "when the skus may be laid: Never (000 L561, L585); ToutAttemptAnnounced \
                 (a tout attempt, the laid skus is announced: 000 L550-556, L630-631); \
                 Always (oldest practice, nothing announced: 000 L550)",
                "000 L550-561, L585, L630-631",
            ),
            s(
                "skat.trump_rule",
                format!("{:?}", self.skat_trump_rule),
                "VoidOnly: trumps only to become void; Historic: 3 trumps, or 2 + skus; PartialAtMost3: any of at most 3 trumps",
                "000 L537-544; 001 L1008, L1209 (2016 spec A8)",
            ),
            s(
                "redeal.on_no_trump",
                b(self.redeal_on_no_trump),
                "a hand without numbered trumps may demand a redeal",
                "000 L426-428; 003 L28 p.10, D-JC-17",
            ),
            s(
                "declare.king_in_two_melds",
                b(self.king_in_two_melds),
                "a king serves a suit and a kings declaration at once",
                "000 AMB-10; docs/rules/danish.md §7",
            ),
            s(
                "skus.renaming_right",
                b(self.skus_renaming_right),
                "dåbsret: rename a skus lead nobody can follow",
                "000 L591-599; 003 L20 p.6",
            ),
            s(
                "skus.rename_may_name_trump",
                b(self.skus_rename_may_name_trump),
                "a rename may name trumps",
                "000 AMB-14; 003 L20 p.6; docs/rules/danish.md §9",
            ),
            s(
                "skus.demand_window",
                format!("{:?}", self.skus_demand_window),
                "until when the skus may be demanded in trick 23: BeforeLead or UntilHolderPlays",
                "000 L1850, L1091, L1884, AMB-16; 001 L762, L1608; 003 D-JC-13",
            ),
            s(
                "skus.last_trick",
                format!("{:?}", self.skus_last_trick),
                "skus alone to lead the last trick: Christen (003) or LeadPasses (000)",
                "000 L588-590; 003 L20 p.6, D-JC-7",
            ),
            s(
                "counting.enabled",
                b(self.counting),
                "count the card points after the deal",
                "000 L661-663; 003 L24 p.8; 001 L527",
            ),
            s(
                "counting.settlement",
                format!("{:?}", self.count_settlement),
                "AgainstNonCounter or EachOpponent",
                "000 AMB-01; 003 D-JC-10",
            ),
            s(
                "payout.last_trick_with_ultimo",
                b(self.last_trick_with_ultimo),
                "an ultimo also collects the last trick",
                "000 AMB-18",
            ),
            s(
                "payout.last_trick_with_nolo",
                b(self.last_trick_with_nolo),
                "the last trick is paid after a won nolo",
                "003 L46 p.19; 000 AMB-19; docs/rules/danish.md §11",
            ),
            s(
                "payout.last_trick_with_bagud",
                b(self.last_trick_with_bagud),
                "the last trick is paid when a bagud occurs",
                "000 L2388-2389; 003 D-JC-2",
            ),
            s(
                "payout.pagat_hjem_on_last_trick",
                b(self.pagat_hjem_on_last_trick),
                "pagat hjem also in trick 25",
                "000 AMB-20; 003 D-JC-1",
            ),
            s(
                "payout.lost_card_fee_on_last_trick",
                b(self.lost_card_fee_on_last_trick),
                "a lost ultimo card in trick 25 is paid for on top of the bagud",
                "001 L774, A16 (loss_fee_on_bagud); 000 L1121-1123",
            ),
            s(
                "payout.multi_bagud_compounding",
                b(self.multi_bagud_compounding),
                "several bagud on one cup compound",
                "000 AMB-21; 003 D-JC-3",
            ),
            s(
                "payout.refund_cups_after_tout",
                b(self.refund_cups_after_tout),
                "cups emptied by a tout are re-funded",
                "000 AMB-22",
            ),
            s(
                "skus.follow_freely",
                b(self.skus_follow_freely),
                "the skus may be played while holding the led suit (false: only when void)",
                "000 L577, L1785-1786, AMB-12; 001 A6",
            ),
            s(
                "skus.may_win_last_trick",
                b(self.skus_may_win_last_trick),
                "the skus wins the last trick (a rejected proposal)",
                "000 L557-560",
            ),
            s(
                "payout.barred_ultimo_as_last_trick",
                b(self.barred_ultimo_as_last_trick),
                "a barred player's ultimo is paid as a last trick (false: nothing)",
                "000 AMB-25; 003 D-JC-16",
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn switch(r: &Ruleset, name: &str) -> SwitchInfo {
        r.switches().into_iter().find(|s| s.name == name).unwrap()
    }

    #[test]
    fn skat_switches_list_their_values_and_alternatives() {
        for p in Preset::ALL {
            let r = p.ruleset();
            assert_eq!(switch(&r, "skat.allow_pagat").value, "Never");
            assert_eq!(switch(&r, "skat.allow_skus").value, "Never");
        }
        let r = Ruleset {
            skat_allow_pagat: SkatPagat::IfAtMost3Trumps,
            skat_allow_skus: SkatSkus::ToutAttemptAnnounced,
            ..Preset::Moeller.ruleset()
        };
        let pagat = switch(&r, "skat.allow_pagat");
        assert_eq!(pagat.value, "IfAtMost3Trumps");
        for alt in ["Never", "Always", "IfAtMost3Trumps", "Bendz"] {
            assert!(pagat.doc.contains(alt), "{alt}");
        }
        assert!(pagat.source.contains("000 L522-535"));
        let skus = switch(&r, "skat.allow_skus");
        assert_eq!(skus.value, "ToutAttemptAnnounced");
        for alt in ["Never", "Always", "ToutAttemptAnnounced"] {
            assert!(skus.doc.contains(alt), "{alt}");
        }
        assert!(skus.source.contains("000 L550-561"));
    }

    /// Each preset names its rules document and the seed behind it (shown by `tarok rules`).
    #[test]
    fn each_preset_names_its_document_and_seed() {
        let expected = [
            (Preset::Dtf2011, "Dansk Tarokforbund", "DTF 2011 (003)"),
            (Preset::Hjoerring2016, "2016", "Møller 2016 (001)"),
            (Preset::Moeller, "earlier", "Møller 000"),
        ];
        for (preset, in_title, in_source) in expected {
            assert!(preset.title().starts_with("Danish Tarok, "), "{preset:?}");
            assert!(preset.title().contains(in_title), "{preset:?}");
            assert_eq!(preset.source(), in_source, "{preset:?}");
        }
    }

    /// `tarok rules` lists every switch of the ruleset: each field (the tariff's too) has a
    /// line, found by its name, with the field's value when it is a number or a yes/no.
    #[test]
    fn every_switch_is_listed_with_its_value() {
        let r = Preset::Moeller.ruleset();
        let listed = r.switches();
        let json = serde_json::to_value(r).unwrap();
        let mut fields = Vec::new();
        for (k, v) in json.as_object().unwrap() {
            match (k.as_str(), v.as_object()) {
                ("preset" | "version", _) => {}
                (_, Some(inner)) => {
                    fields.extend(inner.iter().map(|(f, v)| (format!("{k}_{f}"), v)))
                }
                _ => fields.push((k.clone(), v)),
            }
        }
        // The two fields whose listed name does not end with the field's name.
        let alias = |f: &str| match f {
            "counting" => "counting_enabled".to_string(),
            "count_settlement" => "counting_settlement".to_string(),
            other => other.to_string(),
        };
        for (field, value) in &fields {
            let line = listed
                .iter()
                .find(|s| s.name.replace('.', "_").ends_with(&alias(field)))
                .unwrap_or_else(|| panic!("{field} is not listed by `tarok rules`"));
            if value.is_number() || value.is_boolean() {
                assert_eq!(line.value, value.to_string(), "{field}");
            }
            assert!(!line.source.is_empty(), "{field}");
        }
        assert_eq!(listed.len(), fields.len());
    }
}
