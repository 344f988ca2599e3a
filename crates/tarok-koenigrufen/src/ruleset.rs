//! Rulesets are data: a preset id, a version and the switches.
//!
//! The default of every switch is the project's reading of the club rules where they are silent
//! (docs/rules/koenigrufen.md §20); each doc comment names the source and the alternative.

use serde::{Deserialize, Serialize};
use tarok_core::family::SwitchInfo;

/// The preset id.
pub const PRESET: &str = "at-koenigrufen-spieleversum";

/// How two players tied for the most points pay in Trischaken (A27, \[L504\]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieRule {
    /// "verlieren beide jeweils 3": each tied player −3, the two others +3 each (default).
    LoseThreeEach,
    /// Each tied player pays 3 to each of the two others: −6, −6, +6, +6 (rejected reading of A27).
    PayThreeToEach,
}

/// Three players tied for the most points in Trischaken (project decision, README).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThreeWayTie {
    /// Each tied player loses 3, all to the fourth player: −3, −3, −3, +9 (default).
    LoseThreeToTheFourth,
    /// Nobody pays.
    NoPayment,
}

/// A tie for the most points together with a player who took no trick (project decision, README).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieWithJungfrau {
    /// The Jungfrau gets the whole tie payment alone, like any Jungfrau \[L502\] (default).
    JungfrauTakesAll,
    /// The tie rule applies as if there were no Jungfrau.
    IgnoreJungfrau,
}

/// Three players without a trick in Trischaken (project decision, README).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThreeJungfrauen {
    /// Each Jungfrau receives the loser's whole payment, as with two \[L503\] (default).
    EachGetsTheTotal,
    /// The loser pays the ordinary amount to each.
    Ordinary,
}

/// Which Kontras lapse in a Solorufer whose called king lies in the talon (A15, \[L282\], \[L610\]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SolorufKontraVoid {
    /// Every Kontra/Re/Subkontra of the deal (default).
    All,
    /// Only those on the game.
    GameOnly,
}

/// The rule switches of Königrufen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Switches {
    /// A26, \[L679\], \[L745\]: in colour games the Kaiserstich needs a Trull card *led* (true, default);
    /// false = any tarock led suffices.
    pub colour_kaiserstich_needs_trull_lead: bool,
    /// A35, \[L592\], \[L793\]: a negative game ends as soon as every declarer has taken too many tricks
    /// (default true); false = always play 12 tricks.
    pub negative_early_end: bool,
    /// A10: the Vorhand "holding" a Piccolo/Zwiccolo joins it as "bei" (default true); false = he
    /// takes it over and the announcer is displaced.
    pub vorhand_hold_piccolo_as_bei: bool,
    /// A8, \[L142\], \[L148\]: after "mein Vorhand" and three passes the Vorhand may choose any game
    /// except the Sechser (default true); false = only Rufer or Trischaken.
    pub vorhand_final_choice_any_game: bool,
    /// A7, \[L146\]: the Besserrufer ("1+Vogel") counts as a game of value ≥ 2 for the Vorhand's
    /// opening (default true); false = not allowed as an opening.
    pub besserrufer_is_opening_bid: bool,
    /// A13, \[L160\]: schleifen in a Besserrufer pays game + announced birds (true, default);
    /// false = only the birds.
    pub besserrufer_schleifen_pays_game: bool,
    /// A15: which Kontras lapse in a Solorufer with the called king in the talon.
    pub solorufer_king_in_talon_void: SolorufKontraVoid,
    /// A20, \[L218\]: opponents may announce birds, Trull and 4 Könige (default true); false = only
    /// the declarer's party announces.
    pub opponents_may_announce: bool,
    /// A22, \[L192\]: in colour games Uhu and Kakadu are discardable tarocks (default true); false =
    /// only IIII..XX may be discarded.
    pub colour_discard_uhu_kakadu: bool,
    /// A27, \[L504\]: two players tied for the most points.
    pub trischaken_tie: TieRule,
    /// A27: the Vorhand doubling also applies to a tie (default false, none is stated).
    pub trischaken_tie_vorhand_doubles: bool,
    /// README: three players tied for the most points.
    pub trischaken_three_way_tie: ThreeWayTie,
    /// README: a tie together with a Jungfrau.
    pub trischaken_tie_with_jungfrau: TieWithJungfrau,
    /// README: three Jungfrauen.
    pub trischaken_three_jungfrauen: ThreeJungfrauen,
    /// A16, [L696–L697], [L718–L719]: König ultimo in Sechser and Dreier. Default false: not
    /// available (no king is called). true = the declarer names one of his own kings in advance
    /// (action `ultimo:<king>`), plays it in trick 12 and wins that trick (announced only, 2).
    pub koenig_ultimo_own_king: bool,
    /// §16.1 / A32: in a Sechser, a Renonce by an opponent pays 4 per player and one by the
    /// declarer 8 (true, default); false = always 8.
    pub sechser_renonce_split: bool,
}

impl Default for Switches {
    fn default() -> Self {
        Switches {
            colour_kaiserstich_needs_trull_lead: true,
            negative_early_end: true,
            vorhand_hold_piccolo_as_bei: true,
            vorhand_final_choice_any_game: true,
            besserrufer_is_opening_bid: true,
            besserrufer_schleifen_pays_game: true,
            solorufer_king_in_talon_void: SolorufKontraVoid::All,
            opponents_may_announce: true,
            colour_discard_uhu_kakadu: true,
            trischaken_tie: TieRule::LoseThreeEach,
            trischaken_tie_vorhand_doubles: false,
            trischaken_three_way_tie: ThreeWayTie::LoseThreeToTheFourth,
            trischaken_tie_with_jungfrau: TieWithJungfrau::JungfrauTakesAll,
            trischaken_three_jungfrauen: ThreeJungfrauen::EachGetsTheTotal,
            koenig_ultimo_own_king: false,
            sechser_renonce_split: true,
        }
    }
}

/// A named ruleset: what records and tables carry.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruleset {
    pub id: &'static str,
    pub version: u32,
    pub switches: Switches,
}

impl Ruleset {
    /// The Spieleversum preset with every interpretation as default.
    pub fn spieleversum() -> Ruleset {
        Ruleset {
            id: PRESET,
            version: 1,
            switches: Switches::default(),
        }
    }

    pub fn by_id(id: &str) -> Option<Ruleset> {
        (id == PRESET).then(Ruleset::spieleversum)
    }

    /// The switches for `tarok rules`.
    pub fn switch_infos(&self) -> Vec<SwitchInfo> {
        let s = &self.switches;
        let info = |name, value: String, doc, source| SwitchInfo {
            name,
            value,
            doc,
            source,
        };
        vec![
            info("colour_kaiserstich_needs_trull_lead", s.colour_kaiserstich_needs_trull_lead.to_string(),
                "Colour games: the Kaiserstich (Sküs, Mond and Pagat in one trick, the Pagat wins) applies only if a Trull card was led; false = any tarock led",
                "seed 004 L679, L745; spec §12.3, A26"),
            info("negative_early_end", s.negative_early_end.to_string(),
                "A negative game ends once every declarer has taken too many tricks; false = always 12 tricks",
                "seed 004 L592, L793; spec §12.5, A35"),
            info("vorhand_hold_piccolo_as_bei", s.vorhand_hold_piccolo_as_bei.to_string(),
                "The Vorhand holding a Piccolo/Zwiccolo joins as 'bei'; false = he takes it over",
                "seed 004 L142, L148; spec A10"),
            info("vorhand_final_choice_any_game", s.vorhand_final_choice_any_game.to_string(),
                "After 'mein Vorhand' and three passes the Vorhand may choose any game but the Sechser; false = Rufer or Trischaken only",
                "seed 004 L142, L148; spec §6.4, A8"),
            info("besserrufer_is_opening_bid", s.besserrufer_is_opening_bid.to_string(),
                "The Besserrufer (1 + bird) counts as worth at least 2 for the Vorhand's opening; false = not as an opening",
                "seed 004 L146; spec A7"),
            info("besserrufer_schleifen_pays_game", s.besserrufer_schleifen_pays_game.to_string(),
                "Schleifen in a Besserrufer pays game + announced birds to each other player; false = birds only",
                "seed 004 L160; spec §7.2, A13"),
            info("solorufer_king_in_talon_void", format!("{:?}", s.solorufer_king_in_talon_void),
                "Solorufer with the called king in the talon: All = every Kontra/Re/Subkontra lapses; GameOnly = only those on the game",
                "seed 004 L282, L610; spec §7.2, A15"),
            info("opponents_may_announce", s.opponents_may_announce.to_string(),
                "Opponents may announce birds they hold, Trull and 4 Könige; false = only the declarer's party",
                "seed 004 L218; spec §9.3, A20"),
            info("colour_discard_uhu_kakadu", s.colour_discard_uhu_kakadu.to_string(),
                "Colour-game discard: Uhu and Kakadu are discardable tarocks; false = only IIII..XX",
                "seed 004 L192, L679; spec §8.2, A22"),
            info("trischaken_tie", format!("{:?}", s.trischaken_tie),
                "Two tied for the most points: LoseThreeEach = -3,-3,+3,+3; PayThreeToEach = -6,-6,+6,+6",
                "seed 004 L504; spec §14, A27"),
            info("trischaken_tie_vorhand_doubles", s.trischaken_tie_vorhand_doubles.to_string(),
                "The Vorhand doubling also applies to a tie",
                "spec §14, A27"),
            info("trischaken_three_way_tie", format!("{:?}", s.trischaken_three_way_tie),
                "Three tied for the most points: LoseThreeToTheFourth = -3,-3,-3,+9; NoPayment",
                "docs/rules/koenigrufen.md §14, §20"),
            info("trischaken_tie_with_jungfrau", format!("{:?}", s.trischaken_tie_with_jungfrau),
                "A tie plus a player without a trick: JungfrauTakesAll = the Jungfrau receives the whole tie payment; IgnoreJungfrau",
                "seed 004 L502; docs/rules/koenigrufen.md §14, §20"),
            info("trischaken_three_jungfrauen", format!("{:?}", s.trischaken_three_jungfrauen),
                "Three players without a trick: EachGetsTheTotal = each receives the loser's whole payment; Ordinary",
                "seed 004 L503; docs/rules/koenigrufen.md §14, §20"),
            info("koenig_ultimo_own_king", s.koenig_ultimo_own_king.to_string(),
                "König ultimo in Sechser/Dreier: false = not available; true = the declarer names an own king, plays it in trick 12 and wins that trick",
                "seed 004 L696–L697, L718–L719; spec §9.4, A16"),
            info("sechser_renonce_split", s.sechser_renonce_split.to_string(),
                "Sechser Renonce: 8 per player by the declarer, 4 by an opponent; false = always 8",
                "seed 004 L364, L693; spec §16.1, A32"),
        ]
    }
}
