//! Rulesets: the four presets of 1829 and every switch the rules name (docs/rules/1829.md §7).
//!
//! Defaults follow the specification's §5 (consolidated judgement calls). Each field names
//! its source (line of seed 002 or section of the specification) and its alternatives.

use serde::Serialize;
use tarok_core::family::SwitchInfo;

/// Which of the 1829 games a ruleset plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Game {
    /// Game A: Taroc for three players (002 L71-226, spec §2).
    Three,
    /// Game B: four players, two against two, with Partie scoring (002 L228-262, spec §3).
    Partners,
    /// The quadrille-like four-player game (002 L263-287, spec appendix B′). A reconstruction.
    Quadrille,
    /// Game C: Taroc en deux, two players, 25 dead cards (002 L288-316, spec §4).
    EnDeux,
}

impl Game {
    /// The game's name in records and in `tarok rules` ("en-deux"), as it is serialised.
    pub const fn name(self) -> &'static str {
        match self {
            Game::Three => "three",
            Game::Partners => "partners",
            Game::Quadrille => "quadrille",
            Game::EnDeux => "en-deux",
        }
    }

    /// Players in one deal.
    pub const fn players(self) -> u8 {
        match self {
            Game::Three => 3,
            Game::Partners | Game::Quadrille => 4,
            Game::EnDeux => 2,
        }
    }

    /// Cards in each non-dealer's hand after the deal (= tricks in the deal).
    pub const fn hand_size(self) -> u8 {
        match self {
            Game::Three | Game::EnDeux => 25,
            Game::Partners => 19,
            Game::Quadrille => 18,
        }
    }

    /// Cards the dealer lays in the Scat.
    pub const fn scat_size(self) -> u8 {
        match self {
            Game::Three | Game::EnDeux => 3,
            Game::Partners => 2,
            Game::Quadrille => 4,
        }
    }
}

/// How the Pagat's and the Kings' special en deux values are read (002 L305, JC-31).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EnDeuxValues {
    /// Reading B (default): the values replace the cards' count values, whoever ends up with
    /// the card: Pagat 15 before the last trick, 25 in it; King 10 / 15.
    CardValues,
    /// Reading A: normal values 5; the captor of the opponent's Pagat/King (or the owner for
    /// an ultimo) scores 15/25 resp. 10/15 as a bonus.
    Bonuses,
}

/// A ruleset: one preset plus its switches. Small and `Copy`, so a deal can carry it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ruleset {
    /// Preset id, e.g. `dk-1829-three`.
    pub id: &'static str,
    /// Version of the preset's rules; records carry it.
    pub version: u32,
    /// Which game is played.
    pub game: Game,

    // ---- The Scus (spec §1.4) ----
    /// The Scus may be led "as a Taroc" (002 L218-219, JC-9). Default: no, except when the
    /// deadline forces it. Alternative: yes, always.
    pub scus_may_lead: bool,
    /// The Scus must be played at the latest from a hand of this many cards (002 L215-217,
    /// JC-10): 3 = the third-to-last trick. Alternatives: any smaller number (0 = no deadline).
    pub scus_deadline: u8,

    // ---- Play (spec §2.5) ----
    /// A player who must play a tarock must beat the tarocks already in the trick if he can
    /// (JC-8 reading of "tage det med en Taroc", 002 L212-213). Default: no obligation.
    pub must_overtrump: bool,

    // ---- The Scat (spec §2.3, §3.2) ----
    /// With exactly 3 tarock-cards the dealer may lay any subset of them (JC-6a, 002 L140-143).
    /// Alternative (false): all three or none.
    pub scat_tarock_any_subset: bool,
    /// XXI may go to the Scat under the exactly-3 rule (JC-6b). Alternative: never.
    pub scat_allows_mongue: bool,
    /// Redeal when a player holds 1 or 2 tarocks, the Scus not counted (002 L143-144, JC-7).
    /// Default: off. Alternative: on.
    pub redeal_one_or_two_tarocks: bool,

    // ---- Honours (spec §2.4) ----
    /// The Scus counts as a tarock for "10 Tarocks" (JC-12, cf. 002 L142-143). Alternative: no.
    pub scus_counts_as_tarock: bool,
    /// The Scus may serve in several honours at once (JC-12). Alternative: in one only, the
    /// first declared that needs it.
    pub scus_in_several_honours: bool,
    /// 10 Tarocks paid only at the end, and only if the holder (his side) reaches the break-even
    /// count (002 L116-117 "naar han ved Enden af Spilet har vunden mere end 25 Points").
    /// Default: off (paid at once).
    pub ten_tarocks_at_end: bool,
    /// Value of 4 Kings (002 L168 names it; amount unstated, JC-12): 10. 0 = not an honour.
    pub four_kings: u8,
    /// Value of 3 Kings + Scus (002 L187-188, JC-12): 5 ("half"). Alternative: 10 (literal "the
    /// 4th"); 0 = not an honour (the quadrille's "4 hele Konger", 002 L267).
    pub three_kings_and_scus: u8,
    /// K, D, C, V of one suit + Scus is a "scused Cavallerie" paying 20 (002 L122-123). When off
    /// (the quadrille's list, 002 L266-267) it is a whole Cavallerie (10).
    pub scused_cavallerie: bool,
    /// "halvt scuseret Cavallerie" = 10 (002 L123): undefined in the text; JC-12 drops it.
    /// Alternative (on): K + two of D/C/V without the Scus pays 10.
    pub half_scused_cavallerie: bool,

    /// The variant "7 Konger og Matadorer fra neden" (002 L124-131, spec §2.10): the four Kings,
    /// XXI, Pagat and Scus are "7 Kings" (3 = 5, 4 = 10, +5 each); XXI + I + Scus are "3
    /// Honneurs" (10); Matadors run from XXI down and from I up, the Scus filling one gap
    /// ("scused": 3 = 5, +5 each). Replaces the Matadors and Kings honours. Default: off.
    pub seven_kings: bool,

    // ---- Payments from play (spec §2.6) ----
    /// Pagat lost 5, lost in the last trick 10, ultimo 10 (002 L81-83, L198-199). En deux
    /// replaces them with card values (JC-32): off there.
    pub pagat_payments: bool,
    /// "Kings and double Pagat" (002 L223-226, JC-19): a captured King costs 5 (10 in the last
    /// trick); Pagat amounts double; Pagat in the second-to-last and Mongue in the last trick
    /// earn 30. Default: off.
    pub kings_and_double_pagat: bool,
    /// A player who makes no trick receives this from each opponent (002 L218, JC-15): 26 in
    /// the three-player game; 0 = no bonus (the other games: spec §6, JC-32). The Scat and the
    /// Scus are no tricks.
    pub no_trick_bonus: u8,

    // ---- Partners (spec §3) ----
    /// Fixed partners for all 6 Partier ("Parita firma", 002 L232-233). Default: change
    /// partners after 2 Partier (JC-26).
    pub partita_ferma: bool,
    /// Reale when the winner's gross surplus (his own gains over 36) reaches 36; default (JC-24)
    /// uses the net surplus (own minus the opponents').
    pub reale_on_gross: bool,
    /// What each winner gains for a single Partie (JC-24: an agreed constant; ×2 Reale or
    /// double, ×3 triple). Each loser pays each winner half of it.
    pub partie_stake: i32,
    /// What each player of the side that made a Volata gains (002 L259-260: "fastsat" in
    /// advance; JC-24). Each loser pays each winner half of it.
    pub volata: i32,

    // ---- En deux (spec §4) ----
    /// Reading of "Pagaten tæller i Midten 15, ultimo 25, Kongen i Midten 10, ultimo 15"
    /// (002 L305, JC-31).
    pub en_deux_values: EnDeuxValues,
    /// Score that ends the Partie (002 L306: "Partier til 100 Points").
    pub partie_target: u16,
    /// The loser pays double if his score is below 50 (002 L308, JC-33). Alternative (on): at
    /// most 50, as in the example of 002 L313.
    pub double_at_fifty: bool,
    /// En deux Partie stake in Skilling (002 L309: "2 Mk", 1 Mk = 16 Sk).
    pub partie_stake_sk: i32,
    /// En deux: Skilling per point of difference (002 L309: "en Points til 1 Sk").
    pub point_stake_sk: i32,

    // ---- Quadrille (appendix B′, a reconstruction) ----
    /// Quadrille: the Mediateur may ask for up to this many cards (002 L270: "et eller to").
    pub mediateur_max_cards: u8,
    /// Quadrille: what the Mediateur pays each opponent for a given XXI (002 L281).
    pub mediateur_pays_mongue: u8,
    /// Quadrille: what the Mediateur pays each opponent for any other given card (002 L281).
    pub mediateur_pays_other: u8,
}

const BASE: Ruleset = Ruleset {
    id: "dk-1829-three",
    version: 1,
    game: Game::Three,
    scus_may_lead: false,
    scus_deadline: 3,
    must_overtrump: false,
    scat_tarock_any_subset: true,
    scat_allows_mongue: true,
    redeal_one_or_two_tarocks: false,
    scus_counts_as_tarock: true,
    scus_in_several_honours: true,
    ten_tarocks_at_end: false,
    four_kings: 10,
    three_kings_and_scus: 5,
    scused_cavallerie: true,
    half_scused_cavallerie: false,
    seven_kings: false,
    pagat_payments: true,
    kings_and_double_pagat: false,
    no_trick_bonus: 26,
    partita_ferma: false,
    reale_on_gross: false,
    partie_stake: 10,
    volata: 10,
    en_deux_values: EnDeuxValues::CardValues,
    partie_target: 100,
    double_at_fifty: false,
    partie_stake_sk: 32,
    point_stake_sk: 1,
    mediateur_max_cards: 2,
    mediateur_pays_mongue: 10,
    mediateur_pays_other: 5,
};

/// `dk-1829-three`: Game A, Taroc for three players.
pub const THREE: Ruleset = BASE;

/// `dk-1829-partners`: Game B, two against two with Partie scoring.
pub const PARTNERS: Ruleset = Ruleset {
    id: "dk-1829-partners",
    game: Game::Partners,
    no_trick_bonus: 0,
    ..BASE
};

/// `dk-1829-quadrille`: the quadrille-like game of appendix B′ (reconstruction).
pub const QUADRILLE: Ruleset = Ruleset {
    id: "dk-1829-quadrille",
    game: Game::Quadrille,
    no_trick_bonus: 0,
    three_kings_and_scus: 0,
    scused_cavallerie: false,
    ..BASE
};

/// `dk-1829-en-deux`: Game C, Taroc en deux.
pub const EN_DEUX: Ruleset = Ruleset {
    id: "dk-1829-en-deux",
    game: Game::EnDeux,
    no_trick_bonus: 0,
    pagat_payments: false,
    ..BASE
};

/// Every preset, in the order `tarok rules` lists them.
pub const PRESETS: [Ruleset; 4] = [THREE, PARTNERS, QUADRILLE, EN_DEUX];

impl Ruleset {
    /// The preset with this id.
    pub fn preset(id: &str) -> Option<Ruleset> {
        PRESETS.iter().copied().find(|r| r.id == id)
    }

    /// Players in a deal.
    pub const fn players(&self) -> u8 {
        self.game.players()
    }

    /// A one-line title with its source, for help texts.
    pub const fn title(&self) -> &'static str {
        match self.game {
            Game::Three => "Taroc for three players (Nyeste danske Spillebog, 1829)",
            Game::Partners => "Taroc for four, two against two, in Partier (Nyeste danske Spillebog, 1829)",
            Game::Quadrille => "Taroc for four like Quadrille (Nyeste danske Spillebog, 1829) - a RECONSTRUCTION: the source only sketches it",
            Game::EnDeux => "Taroc en deux, two players, Partie to 100 (Nyeste danske Spillebog, 1829)",
        }
    }

    /// The rules document and seed lines the preset follows.
    pub const fn source(&self) -> &'static str {
        match self.game {
            Game::Three => "1829 §1-2, 002 L71-226",
            Game::Partners => "1829 §1, §3, 002 L228-262",
            Game::Quadrille => "1829 App. B′, 002 L263-287 (a reconstruction, its gaps filled by judgement calls QJC-1..12)",
            Game::EnDeux => "1829 §1, §4, 002 L288-316",
        }
    }

    /// The break-even count: 26 of 78 (three, 002 L221), 36 of 72 per side (partners,
    /// 002 L253), 64 of 128 (quadrille, 002 L273). En deux has none (0).
    pub const fn break_even(&self) -> i32 {
        match self.game {
            Game::Three => 26,
            Game::Partners => 36,
            Game::Quadrille => 64,
            Game::EnDeux => 0,
        }
    }

    /// The switches with their values and sources, for `tarok rules`.
    pub fn switches(&self) -> Vec<SwitchInfo> {
        let mut v = Vec::new();
        let mut put =
            |name: &'static str, value: String, doc: &'static str, source: &'static str| {
                v.push(SwitchInfo {
                    name,
                    value,
                    doc,
                    source,
                })
            };
        put("game", self.game.name().into(), self.title(), self.source());
        if self.game == Game::Quadrille {
            put(
                "reconstruction",
                "true".into(),
                "This game is a reconstruction: the 1829 text only sketches it; every gap is filled by a judgement call (see `tarok rules` and the crate docs)",
                "002 L263-287; docs/rules/1829.md §5",
            );
        }
        put("scus_may_lead", self.scus_may_lead.to_string(), "The Scus may be led as a Taroc. false (default): only when the deadline forces it; true: always", "002 L218-219; JC-9");
        put("scus_deadline", self.scus_deadline.to_string(), "The Scus must be played at the latest from a hand of this many cards (3 = third-to-last trick); 0 = no deadline", "002 L215-217; JC-10");
        put("must_overtrump", self.must_overtrump.to_string(), "false (default): no obligation to beat a tarock; true: a player who plays a tarock must beat the trick's tarocks if he can", "002 L212-214; JC-8");
        // The partners' dealer lays no tarock at all (002 L250-251, JC-21): Game A's Scat
        // switches do not apply.
        if self.game != Game::Partners {
            put("scat_tarock_any_subset", self.scat_tarock_any_subset.to_string(), "With exactly 3 tarock-cards (Scus included) the dealer may lay any subset of them; false: all three or none", "002 L140-143; JC-6");
            put(
                "scat_allows_mongue",
                self.scat_allows_mongue.to_string(),
                "XXI may be laid under the exactly-3 rule; false: never",
                "002 L140-143; JC-6",
            );
        }
        put(
            "redeal_one_or_two_tarocks",
            self.redeal_one_or_two_tarocks.to_string(),
            "A hand with 1 or 2 tarocks (Scus not counted) voids the deal; default off",
            "002 L143-144; JC-7",
        );
        put(
            "scus_counts_as_tarock",
            self.scus_counts_as_tarock.to_string(),
            "The Scus counts for 10 Tarocks; false: it does not",
            "002 L115-117, L142-143; JC-12",
        );
        put(
            "scus_in_several_honours",
            self.scus_in_several_honours.to_string(),
            "The Scus may serve several honours; false: only the first declared that needs it",
            "002 L187-190; JC-12",
        );
        put("ten_tarocks_at_end", self.ten_tarocks_at_end.to_string(), "10 Tarocks paid only at the end if the holder (side) reaches the break-even count; default: paid at once", "002 L116-117");
        put(
            "four_kings",
            self.four_kings.to_string(),
            "Value of 4 Kings; 0 = not an honour",
            "002 L168; JC-12",
        );
        put(
            "three_kings_and_scus",
            self.three_kings_and_scus.to_string(),
            "Value of 3 Kings + Scus: 5 (half); 10 (literal 'the 4th'); 0 = not an honour",
            "002 L187-188; JC-12",
        );
        put(
            "scused_cavallerie",
            self.scused_cavallerie.to_string(),
            "K D C V + Scus pays 20; false: it is a whole Cavallerie (10)",
            "002 L122-123, L266-267",
        );
        put("half_scused_cavallerie", self.half_scused_cavallerie.to_string(), "'halvt scuseret Cavallerie' = 10 for K + two of D/C/V without the Scus; default: dropped", "002 L123; JC-12");
        put("seven_kings", self.seven_kings.to_string(), "The variant '7 Konger og Matadorer fra neden': 4 Kings + XXI + Pagat + Scus are '7 Kings' (3 = 5, 4 = 10, +5 each), XXI + I + Scus '3 Honneurs' (10), Matadors run from XXI down and from I up, the Scus filling one gap; replaces the Matadors and Kings honours; default off", "002 L124-131; docs/rules/1829.md §2.10");
        // En deux pays nothing per deal: its Pagat and King values replace these (JC-32).
        if self.game != Game::EnDeux {
            put(
                "pagat_payments",
                self.pagat_payments.to_string(),
                "Pagat lost 5 / in the last trick 10 / ultimo 10, paid to or by each opponent",
                "002 L81-83, L198-199; JC-25, JC-32",
            );
            put("kings_and_double_pagat", self.kings_and_double_pagat.to_string(), "A captured King costs 5 (10 in the last trick), Pagat amounts double, Pagat + Mongue in the last two tricks 30", "002 L223-226; JC-19");
            put(
            "no_trick_bonus",
            self.no_trick_bonus.to_string(),
            "Paid by each opponent to a player who makes no trick (Scat and Scus are no tricks); 0 = none",
            "002 L218; JC-15, JC-32",
        );
        }
        match self.game {
            Game::Partners => {
                put(
                    "partita_ferma",
                    self.partita_ferma.to_string(),
                    "Fixed partners for all 6 Partier; default: 3 pairings × 2 Partier",
                    "002 L230-233; JC-26",
                );
                put("reale_on_gross", self.reale_on_gross.to_string(), "Reale when the winner's own gains reach 36; default: net surplus (own minus opponents') ≥ 36", "002 L254-255; JC-24");
                put("partie_stake", self.partie_stake.to_string(), "Each winner gains this for a single Partie (×2 Reale or double, ×3 triple); each loser pays each winner half", "002 L254-259; JC-24");
                put(
                    "volata",
                    self.volata.to_string(),
                    "Each player of the side that makes a Volata gains this at once",
                    "002 L259-260; JC-24",
                );
            }
            Game::EnDeux => {
                put("en_deux_values", format!("{:?}", self.en_deux_values), "CardValues (reading B): Pagat 15 / 25 ultimo, King 10 / 15 replace the count values; Bonuses (reading A): scored by the captor or the ultimo owner", "002 L305; JC-31");
                put(
                    "partie_target",
                    self.partie_target.to_string(),
                    "The Partie ends after the deal in which a score reaches this",
                    "002 L306; JC-33",
                );
                put(
                    "double_at_fifty",
                    self.double_at_fifty.to_string(),
                    "false: the loser pays double below 50; true: at 50 or below (the example)",
                    "002 L308, L313; JC-33",
                );
                put(
                    "partie_stake_sk",
                    self.partie_stake_sk.to_string(),
                    "Partie stake in Skilling (2 Mk = 32 Sk)",
                    "002 L309",
                );
                put(
                    "point_stake_sk",
                    self.point_stake_sk.to_string(),
                    "Skilling per point of difference",
                    "002 L309",
                );
            }
            Game::Quadrille => {
                put(
                    "mediateur_max_cards",
                    self.mediateur_max_cards.to_string(),
                    "The Mediateur may ask for up to this many cards (not the Scus)",
                    "002 L270, L282",
                );
                put(
                    "mediateur_pays_mongue",
                    self.mediateur_pays_mongue.to_string(),
                    "The Mediateur pays each opponent this for a given XXI",
                    "002 L281",
                );
                put(
                    "mediateur_pays_other",
                    self.mediateur_pays_other.to_string(),
                    "The Mediateur pays each opponent this for any other given card",
                    "002 L281-282",
                );
            }
            Game::Three => {}
        }
        v
    }
}

/// The range a stake switch accepts. Stakes are positive (a negative one would make the winner
/// pay) and bounded, so that every amount and every balance of a whole game fits in the 32 bits
/// of a payment line with room to spare: a Partie of the partners' game moves at most
/// 3 × `partie_stake` / 2 per line (×3 for a triple, JC-24), 4 lines a Partie, 6 Partier
/// (002 L231), and a Volata `volata` / 2 per line in each of its 24 deals; an en deux Partie
/// moves 2 × `partie_stake_sk` plus the point difference (below `partie_target` + one deal's
/// score, at most 65 535 + 1 000) × `point_stake_sk` (002 L309). The bounds are far above
/// any stake of the text ("2 Mk", "en Points til 1 Sk", 002 L309; "fastsat", L259-260).
#[derive(Copy, Clone, Debug)]
struct StakeRange {
    name: &'static str,
    max: i64,
    /// Each loser pays each winner half of it (JC-24), so it must be even.
    even: bool,
    why: &'static str,
}

const PARTIE_STAKE: StakeRange = StakeRange {
    name: "partie_stake",
    max: 1_000_000,
    even: true,
    why: "each loser pays each winner half of it (002 L254-259, JC-24)",
};
const VOLATA: StakeRange = StakeRange {
    name: "volata",
    max: 1_000_000,
    even: true,
    why: "each loser pays each winner half of it (002 L259-260, JC-24)",
};
const PARTIE_STAKE_SK: StakeRange = StakeRange {
    name: "partie_stake_sk",
    max: 1_000_000,
    even: false,
    why: "the loser pays it to the winner, doubled under 50 (002 L307-309)",
};
const POINT_STAKE_SK: StakeRange = StakeRange {
    name: "point_stake_sk",
    max: 10_000,
    even: false,
    why: "the loser pays it per point of difference (002 L309)",
};

impl StakeRange {
    fn check(self, n: i64) -> Result<i32, String> {
        let lo = if self.even { 2 } else { 1 };
        if n < lo || n > self.max || (self.even && n % 2 != 0) {
            return Err(format!(
                "{} must be {} from {lo} to {}: {}; {n} is not",
                self.name,
                if self.even {
                    "an even number"
                } else {
                    "a whole number"
                },
                self.max,
                self.why
            ));
        }
        Ok(n as i32)
    }
}

impl Ruleset {
    /// This ruleset with one switch changed: house rules are a preset plus overrides. `name`
    /// is a field name as `tarok rules` lists it; `value` a bool, a number, or for
    /// `en_deux_values` `CardValues` / `Bonuses`.
    pub fn with_override(mut self, name: &str, value: &str) -> Result<Ruleset, String> {
        let v = value.trim();
        let bad = || format!("bad value {v:?} for switch {name}");
        let b = || v.parse::<bool>().map_err(|_| bad());
        let n8 = || v.parse::<u8>().map_err(|_| bad());
        let n16 = || v.parse::<u16>().map_err(|_| bad());
        // A stake is read wide, so that a number past 32 bits is refused for its range, not
        // for its digits.
        let stake = |range: StakeRange| -> Result<i32, String> {
            let n = v.parse::<i64>().map_err(|_| bad())?;
            range.check(n)
        };
        match name.trim() {
            "scus_may_lead" => self.scus_may_lead = b()?,
            "scus_deadline" => self.scus_deadline = n8()?,
            "must_overtrump" => self.must_overtrump = b()?,
            "scat_tarock_any_subset" | "scat_allows_mongue" if self.game == Game::Partners => {
                return Err(format!(
                    "{name} does not apply to {}: its dealer lays no tarock, Scus or King in the Scat (002 L250-251, JC-21)",
                    self.id
                ))
            }
            "scat_tarock_any_subset" => self.scat_tarock_any_subset = b()?,
            "scat_allows_mongue" => self.scat_allows_mongue = b()?,
            "redeal_one_or_two_tarocks" => self.redeal_one_or_two_tarocks = b()?,
            "scus_counts_as_tarock" => self.scus_counts_as_tarock = b()?,
            "scus_in_several_honours" => self.scus_in_several_honours = b()?,
            "ten_tarocks_at_end" => self.ten_tarocks_at_end = b()?,
            "four_kings" => self.four_kings = n8()?,
            "three_kings_and_scus" => self.three_kings_and_scus = n8()?,
            "scused_cavallerie" => self.scused_cavallerie = b()?,
            "half_scused_cavallerie" => self.half_scused_cavallerie = b()?,
            "seven_kings" => self.seven_kings = b()?,
            "pagat_payments" if self.game != Game::EnDeux => self.pagat_payments = b()?,
            "kings_and_double_pagat" if self.game != Game::EnDeux => {
                self.kings_and_double_pagat = b()?
            }
            "no_trick_bonus" if self.game != Game::EnDeux => self.no_trick_bonus = n8()?,
            "partita_ferma" => self.partita_ferma = b()?,
            "reale_on_gross" => self.reale_on_gross = b()?,
            "partie_stake" => self.partie_stake = stake(PARTIE_STAKE)?,
            "volata" => self.volata = stake(VOLATA)?,
            "en_deux_values" => {
                self.en_deux_values = match v {
                    "CardValues" | "card-values" => EnDeuxValues::CardValues,
                    "Bonuses" | "bonuses" => EnDeuxValues::Bonuses,
                    _ => return Err(bad()),
                }
            }
            "partie_target" => self.partie_target = n16()?,
            "double_at_fifty" => self.double_at_fifty = b()?,
            "partie_stake_sk" => self.partie_stake_sk = stake(PARTIE_STAKE_SK)?,
            "point_stake_sk" => self.point_stake_sk = stake(POINT_STAKE_SK)?,
            "mediateur_max_cards" => {
                let n = n8()?;
                if !(1..=2).contains(&n) {
                    return Err("mediateur_max_cards is 1 or 2 (002 L270)".into());
                }
                self.mediateur_max_cards = n
            }
            "mediateur_pays_mongue" => self.mediateur_pays_mongue = n8()?,
            "mediateur_pays_other" => self.mediateur_pays_other = n8()?,
            other => {
                return Err(format!(
                    "{} has no switch {other:?}; see `tarok rules {}`",
                    self.id, self.id
                ))
            }
        }
        Ok(self)
    }

    /// Applies `name=value` overrides separated by spaces or commas.
    pub fn with_overrides(self, text: &str) -> Result<Ruleset, String> {
        text.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .try_fold(self, |r, pair| {
                let (n, v) = pair
                    .split_once('=')
                    .ok_or_else(|| format!("write a switch as name=value, not {pair:?}"))?;
                r.with_override(n, v)
            })
    }
}
