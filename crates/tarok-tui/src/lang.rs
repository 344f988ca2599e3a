//! The words on the terminal's screens: labels, prompts, key lines and help, in the language
//! [`tarok_words::Lang`] chosen by `--lang`. Game terms stay Danish for the Danish presets
//! (skus, kongekop, melding). The words of the games themselves (refusals, reasons, payments)
//! come from `tarok-words`.

pub use tarok_words::Lang;

/// The interface texts of one language.
pub struct Texts {
    /// The language these texts are in, for words made from the game's data (payments).
    pub lang: Lang,
    pub hand: &'static str,
    pub trick: &'static str,
    /// "led by Anna": who led the current trick.
    pub led_by: &'static str,
    pub last_trick: &'static str,
    /// The answer to `l` before the first trick is taken.
    pub no_trick_yet: &'static str,
    pub your_turn: &'static str,
    pub waiting: &'static str,
    pub trumps_out: &'static str,
    /// "tricks" and "cards" after a number other than 1; `trick_one` and `card_one` after 1.
    pub tricks: &'static str,
    pub cards: &'static str,
    pub trick_one: &'static str,
    pub card_one: &'static str,
    pub refused: &'static str,
    pub settlement: &'static str,
    pub ledger: &'static str,
    /// "after 2 deals" on leaving: the ledger's standing after so many deals.
    pub after: &'static str,
    pub deal_one: &'static str,
    pub deals: &'static str,
    pub next_deal: &'static str,
    pub record_saved: &'static str,
    /// Printed on leaving mid-deal, before the path of the unfinished deal's record.
    pub unfinished_saved: &'static str,
    /// Printed on leaving: how to continue the evening kept for the records folder; `{command}`
    /// stands for the command.
    pub evening_kept: &'static str,
    /// Printed on leaving mid-deal under the ledger, which has finished deals only (the title
    /// bar showed the unfinished deal's antes).
    pub not_counted: &'static str,
    pub redeal_prompt: &'static str,
    pub skat_prompt: &'static str,
    pub name_prompt: &'static str,
    /// Renaming the skus after `n`: the suits only.
    pub rename_name_prompt: &'static str,
    /// After a key that does not name the skus: the keys that do, and Esc.
    pub name_keys: &'static str,
    pub rename_keys: &'static str,
    pub rename_prompt: &'static str,
    pub demand_prompt: &'static str,
    pub play_prompt: &'static str,
    pub keys: &'static str,
    pub help: &'static str,
    pub quit_confirm: &'static str,
    pub sits_out: &'static str,
    pub not_your_turn: &'static str,
    /// The label of the computer's advice (key h).
    pub hint: &'static str,
    /// In place of the cards a computer player lays in the skat, which are hidden.
    pub lays_skat: &'static str,
    /// On the summary of a deal the human sat out.
    pub you_sat_out: &'static str,
    /// A player's count (tælling) on the summary.
    pub count: &'static str,
    /// Instead of the game in a window smaller than 80×24; the sizes follow.
    pub too_small: &'static str,
}

impl Texts {
    /// The word for `n` tricks: singular for one.
    pub fn tricks_n(&self, n: u32) -> &'static str {
        if n == 1 {
            self.trick_one
        } else {
            self.tricks
        }
    }

    /// The word for `n` cards: singular for one.
    pub fn cards_n(&self, n: u32) -> &'static str {
        if n == 1 {
            self.card_one
        } else {
            self.cards
        }
    }
}

// Each help fits the box of an 80-column screen: 76 columns and 14 lines (a test checks).

const HELP_EN: &str = "Keys\n\
  ← →    choose a card          Enter  play it (skat: lay the marked cards)\n\
  Space  mark a card for the skat    Esc  back from naming the skus or typing\n\
  :      type an action: HK, X=S, rename:H, skat:S1,S2,S3, demand, pass\n\
  r / k  redeal / keep a hand without trumps\n\
  d / p  demand the skus / pass\n\
  s h r k t  name a led skus;  n  use the renaming right (dåb), then s/h/r/k\n\
  h      hint: what the computer would play, and why\n\
  l      the last trick         ?  this help      q or Ctrl-C  quit\n\
\n\
Words: skus = the excuse (X), never wins a trick; pagat = T1; ultimo =\n\
winning the last trick with the pagat or a king; bagud = losing one there;\n\
kongekop / pagatkop = the cups; melding = declaration; nolo = no trick;\n\
tout = all 25 tricks.";

const HELP_DA: &str = "Taster\n\
  ← →    vælg et kort           Enter  spil det (skat: læg de markerede kort)\n\
  Mellemrum  markér et kort til skat   Esc  fortryd dåb eller skrevet træk\n\
  :      skriv et træk: HK, X=S, rename:H, skat:S1,S2,S3, demand, pass\n\
  r / k  forlang omgivning / behold en hånd uden tarokker\n\
  d / p  forlang skusen / pas\n\
  s h r k t  døb en udspillet skus;  n  brug dåbsretten, derefter s/h/r/k\n\
  h      råd: hvad computeren ville spille, og hvorfor\n\
  l      sidste stik            ?  denne hjælp    q eller Ctrl-C  afslut\n\
\n\
Kort: T1-T21 tarokker (T1 = pagat), X = skus; farver S spar, H hjerter,\n\
R ruder, K klør; K konge, D dame, C cavaller, Kn knægt, 1-10.";

const HELP_DE: &str = "Tasten\n\
  ← →    Karte wählen           Enter  ausspielen (Skat: markierte legen)\n\
  Leertaste  Karte für den Skat markieren  Esc  zurück vom Benennen, Tippen\n\
  :      Zug tippen: HK, X=S, rename:H, skat:S1,S2,S3, demand, pass\n\
  r / k  neu geben / Hand ohne Tarock behalten\n\
  d / p  Sküs fordern / passen\n\
  s h r k t  ausgespielten Sküs benennen;  n  umtaufen (dåb), dann s/h/r/k\n\
  h      Tipp: was der Computer spielen würde, und warum\n\
  l      letzter Stich          ?  diese Hilfe    q oder Strg-C  beenden\n\
\n\
Wörter: skus = der Sküs (X), sticht nie; pagat = T1; ultimo = letzter\n\
Stich mit Pagat oder König; bagud = ihn dort verlieren; kongekop /\n\
pagatkop = die Kassen; melding = Meldung; nolo = kein Stich; tout = alle\n\
25 Stiche.";

/// The hint's line on every screen: "Råd: lægger S5 i Scat — en kort kulør, …", the advised
/// action in the screen's words, then why, without naming the action again.
pub fn hint_line(lang: Lang, action: &str, why: &tarok_ai::any::AnyWhy) -> String {
    let why = tarok_words::why_after_move(why, lang);
    format!("{}: {action} — {why}", lang.texts().hint)
}

/// The screen texts of a language: `lang.texts()`.
pub trait ScreenTexts {
    /// The interface texts in this language.
    fn texts(self) -> Texts;
}

impl ScreenTexts for Lang {
    fn texts(self) -> Texts {
        match self {
            Lang::En => Texts {
                lang: self,
                hand: "Your hand",
                trick: "Trick",
                led_by: "led by",
                last_trick: "Last trick",
                no_trick_yet: "no trick played yet",
                your_turn: "Your turn",
                waiting: "waiting for",
                trumps_out: "trumps out",
                tricks: "tricks",
                cards: "cards",
                trick_one: "trick",
                card_one: "card",
                refused: "Refused",
                settlement: "Settlement",
                ledger: "Session ledger",
                after: "after",
                deal_one: "deal",
                deals: "deals",
                next_deal: "Enter: next deal   ↑↓ scroll   q: quit",
                record_saved: "record saved to",
                unfinished_saved: "the unfinished deal's record is saved in",
                evening_kept: "the evening is kept; `{command}` continues it",
                not_counted: "the deal in progress is not counted",
                redeal_prompt: "You hold no numbered trump: r = demand a redeal, k = keep the hand",
                skat_prompt: "Lay the skat: mark 3 cards with Space, then Enter",
                name_prompt:
                    "Name the skus: s spar, h hjerter, r ruder, k klør, t tarok (Esc: back)",
                rename_name_prompt:
                    "Rename the skus: s spar, h hjerter, r ruder, k klør (Esc: back)",
                name_keys: "s, h, r, k or t names the skus; Esc goes back",
                rename_keys: "s, h, r or k renames the skus; Esc goes back",
                rename_prompt: "Nobody holds the named suit: n = rename (dåb), or play a card",
                demand_prompt: "Demand the skus for trick 23? d = demand, p = pass",
                play_prompt: "Choose a card with ← →, Enter to play",
                keys: "←→ card  Enter play  : type  h hint  l last trick  ? help  q quit",
                help: HELP_EN,
                quit_confirm: "Quit the session? y / n",
                sits_out: "sits out",
                not_your_turn: "it is not your turn",
                hint: "Hint",
                lays_skat: "lays the skat",
                you_sat_out: "You sat out this deal.",
                count: "count",
                too_small: "The game needs a window of at least",
            },
            Lang::Da => Texts {
                lang: self,
                hand: "Din hånd",
                trick: "Stik",
                led_by: "udspil",
                last_trick: "Sidste stik",
                no_trick_yet: "intet stik spillet endnu",
                your_turn: "Din tur",
                waiting: "venter på",
                trumps_out: "tarokker ude",
                tricks: "stik",
                cards: "kort",
                trick_one: "stik",
                card_one: "kort",
                refused: "Afvist",
                settlement: "Afregning",
                ledger: "Aftenens regnskab",
                after: "efter",
                deal_one: "spil",
                deals: "spil",
                next_deal: "Enter: næste spil   ↑↓ rul   q: afslut",
                record_saved: "spillet gemt i",
                unfinished_saved: "det ufærdige spil er gemt i",
                evening_kept: "aftenen er gemt; `{command}` fortsætter den",
                not_counted: "det igangværende spil er ikke talt med",
                redeal_prompt: "Du har ingen tarokker: r = forlang omgivning, k = behold hånden",
                skat_prompt: "Læg skat: markér 3 kort med mellemrum, derefter Enter",
                name_prompt:
                    "Døb skusen: s spar, h hjerter, r ruder, k klør, t tarok (Esc: fortryd)",
                rename_name_prompt:
                    "Omdøb skusen: s spar, h hjerter, r ruder, k klør (Esc: fortryd)",
                name_keys: "s, h, r, k eller t døber skusen; Esc fortryder",
                rename_keys: "s, h, r eller k omdøber skusen; Esc fortryder",
                rename_prompt: "Ingen har farven: n = omdøb (dåbsret), eller spil et kort",
                demand_prompt: "Forlang skusen i tredjesidste stik? d = forlang, p = pas",
                play_prompt: "Vælg et kort med ← →, Enter for at spille",
                keys: "←→ kort  Enter spil  : skriv  h råd  l sidste stik  ? hjælp  q afslut",
                help: HELP_DA,
                quit_confirm: "Afslut aftenen? y / n",
                sits_out: "sidder over",
                not_your_turn: "det er ikke din tur",
                hint: "Råd",
                lays_skat: "lægger skat",
                you_sat_out: "Du sad over i dette spil.",
                count: "tælling",
                too_small: "Spillet skal bruge et vindue på mindst",
            },
            Lang::De => Texts {
                lang: self,
                hand: "Deine Karten",
                trick: "Stich",
                led_by: "Ausspiel",
                last_trick: "Letzter Stich",
                no_trick_yet: "noch kein Stich gespielt",
                your_turn: "Du bist dran",
                waiting: "warte auf",
                trumps_out: "Tarocke draußen",
                tricks: "Stiche",
                cards: "Karten",
                trick_one: "Stich",
                card_one: "Karte",
                refused: "Abgelehnt",
                settlement: "Abrechnung",
                ledger: "Spielabend",
                after: "nach",
                deal_one: "Spiel",
                deals: "Spielen",
                next_deal: "Enter: nächstes Spiel   ↑↓ blättern   q: beenden",
                record_saved: "Spiel gespeichert in",
                unfinished_saved: "das unfertige Spiel ist gespeichert in",
                evening_kept: "der Abend ist gespeichert; `{command}` setzt ihn fort",
                not_counted: "das laufende Spiel ist nicht mitgezählt",
                redeal_prompt: "Kein Tarock: r = neu geben, k = behalten",
                skat_prompt: "Skat legen: 3 Karten mit Leertaste markieren, dann Enter",
                name_prompt: "Sküs ansagen: s Pik, h Herz, r Karo, k Kreuz, t Tarock (Esc: zurück)",
                rename_name_prompt: "Sküs umtaufen: s Pik, h Herz, r Karo, k Kreuz (Esc: zurück)",
                name_keys: "s, h, r, k oder t benennt den Sküs; Esc geht zurück",
                rename_keys: "s, h, r oder k tauft den Sküs um; Esc geht zurück",
                rename_prompt: "Niemand hat die Farbe: n = umtaufen, oder Karte spielen",
                demand_prompt: "Sküs im drittletzten Stich fordern? d = fordern, p = passen",
                play_prompt: "Karte mit ← → wählen, Enter spielt",
                keys: "←→ Karte  Enter spielen  : tippen  h Tipp  l letzter Stich  ? Hilfe  q Ende",
                help: HELP_DE,
                quit_confirm: "Abend beenden? y / n",
                sits_out: "setzt aus",
                not_your_turn: "du bist nicht dran",
                hint: "Tipp",
                lays_skat: "legt den Skat",
                you_sat_out: "Du hast in diesem Spiel ausgesetzt.",
                count: "Zählung",
                too_small: "Das Spiel braucht ein Fenster von mindestens",
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One card and one trick are singular; none and several are plural.
    #[test]
    fn one_card_and_one_trick_are_singular() {
        let en = Lang::En.texts();
        assert_eq!((en.cards_n(1), en.tricks_n(1)), ("card", "trick"));
        assert_eq!((en.cards_n(0), en.tricks_n(2)), ("cards", "tricks"));
        let de = Lang::De.texts();
        assert_eq!((de.cards_n(1), de.tricks_n(1)), ("Karte", "Stich"));
        assert_eq!((de.cards_n(25), de.tricks_n(0)), ("Karten", "Stiche"));
        let da = Lang::Da.texts();
        assert_eq!((da.cards_n(1), da.tricks_n(1)), ("kort", "stik"));
    }

    /// The help box of an 80×24 screen is 76 columns wide inside its border and shows 14
    /// lines; a longer help was cut off at its end. The key line fits one row of 80.
    #[test]
    fn every_help_and_key_line_fits_an_80_by_24_screen() {
        for lang in [Lang::En, Lang::Da, Lang::De] {
            let t = lang.texts();
            let lines: Vec<&str> = t.help.lines().collect();
            assert!(lines.len() <= 14, "{lang:?}: {} lines", lines.len());
            for l in lines {
                assert!(l.chars().count() <= 76, "{lang:?}: {l:?}");
            }
            assert!(t.keys.chars().count() <= 80, "{lang:?}: {}", t.keys);
            assert!(t.next_deal.chars().count() <= 80, "{lang:?}");
        }
    }
}
