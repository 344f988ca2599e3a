//! The 1829 screen's own words in English, Danish and German: labels, prompts, keys, help. The
//! game's words (actions, honours, phases, refusals, payment reasons) are
//! `tarok_words::historic` and `tarok_words::refusal`.

use crate::lang::Lang;
use crate::table::Refused;

/// The interface texts of one language.
pub struct Words {
    pub deal: &'static str,
    pub trick: &'static str,
    pub led_by: &'static str,
    pub last_trick: &'static str,
    pub no_trick_yet: &'static str,
    pub hand: &'static str,
    pub scat: &'static str,
    pub honours: &'static str,
    pub dealer: &'static str,
    pub your_turn: &'static str,
    pub waiting: &'static str,
    pub menu_prompt: &'static str,
    pub card_prompt: &'static str,
    pub scat_prompt: &'static str,
    pub give_back_prompt: &'static str,
    pub keys: &'static str,
    pub summary_keys: &'static str,
    pub settlement: &'static str,
    pub no_payments: &'static str,
    pub void: &'static str,
    pub balances: &'static str,
    pub saved: &'static str,
    pub not_saved: &'static str,
    pub quit_confirm: &'static str,
    pub refused: &'static str,
    pub not_your_turn: &'static str,
    pub partner: &'static str,
    pub help: &'static [&'static str],
}

const EN: Words = Words {
    deal: "deal",
    trick: "Trick",
    led_by: "led by",
    last_trick: "Last trick",
    no_trick_yet: "no trick played yet",
    hand: " Your hand ",
    scat: "Your Scat",
    honours: "Honours",
    dealer: "dealer",
    your_turn: "Your turn",
    waiting: "waiting …",
    menu_prompt: "↑↓ choose, Enter or the digit takes it",
    card_prompt: "choose a card with ← →, Enter plays it",
    scat_prompt: "choose a card for the Scat, Enter lays it",
    give_back_prompt: "choose the card to give back, Enter",
    keys: "←→ card  ↑↓ menu  Enter  : type  l last trick  h hint  ? help  q quit",
    summary_keys: "Enter: next deal   q: quit   ↑↓ scroll   ? help",
    settlement: "Settlement",
    no_payments: "no payments",
    void: "The deal does not count: it is dealt again.",
    balances: "Balances after",
    saved: "Record saved in",
    not_saved: "Not saved",
    quit_confirm: "Quit the evening? y / n",
    refused: "Refused",
    not_your_turn: "not your turn",
    partner: "partner",
    help: &[
        "Help — the games of 1829",
        "",
        "Keys:",
        "  ← →    choose a card              Enter  play the card, take the entry",
        "  ↑ ↓    choose a menu entry        1–9    take entry 1–9",
        "  :      type an action (Esc: back) l      hide or show the last trick",
        "  h      hint: what the computer would do, and why",
        "  q      quit                       ?      this help",
        "",
        "The menu offers honours to declare, done, and the quadrille's bids, calls",
        "and requests; cards come from the hand (also for the Scat).",
        "",
        "Cards: T21 is the Mongue, T1 the Pagat, X the Scus; HK, SD, KC, R10 …",
        "Typed actions as in records: play T21, discard S5, declare matadors, done.",
        "",
        "Any key closes the help.",
    ],
};

const DA: Words = Words {
    deal: "spil",
    trick: "Stik",
    led_by: "spillet ud af",
    last_trick: "Sidste stik",
    no_trick_yet: "intet stik spillet endnu",
    hand: " Dine kort ",
    scat: "Din Scat",
    honours: "Honneurer",
    dealer: "giver",
    your_turn: "Din tur",
    waiting: "venter …",
    menu_prompt: "↑↓ vælg, Enter eller tallet tager det",
    card_prompt: "vælg et kort med ← →, Enter spiller det",
    scat_prompt: "vælg et kort til Scat, Enter lægger det",
    give_back_prompt: "vælg kortet der gives tilbage, Enter",
    keys: "←→ kort  ↑↓ menu  Enter  : skriv  l sidste stik  h råd  ? hjælp  q slut",
    summary_keys: "Enter: næste spil   q: slut   ↑↓ rul   ? hjælp",
    settlement: "Afregning",
    no_payments: "ingen betalinger",
    void: "Spillet tæller ikke: der gives igen.",
    balances: "Stillingen efter",
    saved: "Spillet gemt i",
    not_saved: "Ikke gemt",
    quit_confirm: "Slut for i aften? y / n",
    refused: "Afvist",
    not_your_turn: "det er ikke din tur",
    partner: "makker",
    help: &[
        "Hjælp — spillene fra 1829",
        "",
        "Taster:",
        "  ← →    vælg et kort               Enter  spil kortet, tag punktet",
        "  ↑ ↓    vælg et punkt i menuen     1–9    tag punkt 1–9",
        "  :      skriv et træk (Esc: tilbage) l    skjul eller vis sidste stik",
        "  h      råd: hvad computeren ville gøre, og hvorfor",
        "  q      slut                       ?      denne hjælp",
        "",
        "Menuen byder honneurer at melde, færdig, og quadrillens bud, kald og",
        "ønsker; kort tages fra hånden (også til Scat).",
        "",
        "Kort: T21 er Mongue, T1 Pagat, X Scus; HK, SD, KC, R10 …",
        "Skrevne træk som i optegnelser: play T21, discard S5, declare matadors, done.",
        "",
        "En vilkårlig tast lukker hjælpen.",
    ],
};

const DE: Words = Words {
    deal: "Spiel",
    trick: "Stich",
    led_by: "ausgespielt von",
    last_trick: "Letzter Stich",
    no_trick_yet: "noch kein Stich gespielt",
    hand: " Deine Karten ",
    scat: "Dein Scat",
    honours: "Honneurs",
    dealer: "Geber",
    your_turn: "Du bist dran",
    waiting: "warte …",
    menu_prompt: "↑↓ wählen, Enter oder die Ziffer nimmt es",
    card_prompt: "Karte mit ← → wählen, Enter spielt",
    scat_prompt: "Karte für den Scat wählen, Enter legt sie",
    give_back_prompt: "Karte zum Zurückgeben wählen, Enter",
    keys: "←→ Karte  ↑↓ Menü  Enter  : tippen  l letzter Stich  h Tipp  ? Hilfe  q Ende",
    summary_keys: "Enter: nächstes Spiel   q: beenden   ↑↓ blättern   ? Hilfe",
    settlement: "Abrechnung",
    no_payments: "keine Zahlungen",
    void: "Das Spiel zählt nicht: es wird neu gegeben.",
    balances: "Stand nach",
    saved: "Spiel gespeichert in",
    not_saved: "Nicht gespeichert",
    quit_confirm: "Abend beenden? y / n",
    refused: "Abgelehnt",
    not_your_turn: "du bist nicht dran",
    partner: "Partner",
    help: &[
        "Hilfe — die Spiele von 1829",
        "",
        "Tasten:",
        "  ← →    Karte wählen               Enter  Karte spielen, Menüpunkt nehmen",
        "  ↑ ↓    Menüpunkt wählen           1–9    Punkt 1–9 nehmen",
        "  :      Zug tippen (Esc: zurück)   l      letzten Stich aus-/einblenden",
        "  h      Tipp: was der Computer täte, und warum",
        "  q      Abend beenden              ?      diese Hilfe",
        "",
        "Im Menü: Honneurs melden, fertig, und in der Quadrille Gebote, Ruf und",
        "Wünsche; Karten aus der Hand (auch für den Scat).",
        "",
        "Karten: T21 ist der Mongue, T1 der Pagat, X der Scus; HK, SD, KC, R10 …",
        "Getippte Züge wie in Aufzeichnungen: play T21, discard S5, declare matadors, done.",
        "",
        "Eine beliebige Taste schließt die Hilfe.",
    ],
};

pub fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::En => &EN,
        Lang::Da => &DA,
        Lang::De => &DE,
    }
}

/// "deal"/"deals" after a number.
pub fn deals(lang: Lang, n: u32) -> &'static str {
    match (lang, n == 1) {
        (Lang::En, true) => "deal",
        (Lang::En, false) => "deals",
        (Lang::Da, _) => "spil",
        (Lang::De, true) => "Spiel",
        (Lang::De, false) => "Spielen",
    }
}

/// A refused action: the rule in `lang` from `tarok_words`, or that it is not the human's turn.
pub fn refused(e: &Refused, lang: Lang) -> String {
    match e {
        Refused::Rule(e) => crate::refusal::with_guide(&tarok_words::refusal(e, lang), e, lang),
        Refused::NotYourTurn => words(lang).not_your_turn.to_string(),
    }
}

/// Typed text that is no action: the engine's English, or in Danish and German the
/// notation, which is the same in every language.
pub fn unreadable(text: &str, e: &str, lang: Lang) -> String {
    let ex = "play T21, discard S5, declare matadors, done, pass, ask, call HK";
    match lang {
        Lang::En => e.to_string(),
        Lang::Da => format!("kan ikke læse {text:?}; skriv f.eks. {ex}"),
        Lang::De => format!("{text:?} nicht lesbar; z. B. {ex}"),
    }
}
