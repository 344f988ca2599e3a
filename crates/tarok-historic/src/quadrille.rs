//! The quadrille-like four-player game (002 L263-287, spec appendix B′): a **reconstruction**.
//!
//! The 1829 text only sketches this game ("De øvrige Regler ere som ved de andre Taroc Spil",
//! 002 L287). What the text says is implemented as written; every gap is filled by one of the
//! judgement calls below (QJC-n), which the rules listing and help text repeat.
//!
//! From the text:
//! * ♠A and ♣A are removed; the dealer gives 18 to each other player and 22 to himself and
//!   lays 4 in the Scat (002 L263-265).
//! * Honours counted: 10 Tarocks, 3 and more Matadors, whole and half Cavallerie, 4 whole
//!   Kings, all paid at once (002 L265-268). Hence no scused Cavallerie and no 3 Kings + Scus.
//! * Bids: pass; *spørge* (ask leave to call a King and play with its holder); *Mediateur* (be
//!   given one or two cards, any but the Scus, and play alone) (002 L268-271, L282).
//! * The count without *belægning*: each counting card its value, each blank 1, 128 in all;
//!   the player is paid what he makes over 64 and pays what he makes under it (002 L271-274).
//! * In an asking game the caller's partner pays the caller's matadors too; a partner's
//!   tarocks continuing the declared run are paid at the end, on either side (002 L274-280).
//! * The Mediateur pays 10 for a given XXI and 5 for any other card; without any of the three
//!   main matadors and without forcing the Pagat he pays 3 matadors; with XXI and Scus,
//!   forcing the Pagat, he is paid 3 matadors (4 with XX) (002 L281-286).
pub const JUDGEMENT_CALLS: [&str; 12] = [
    "QJC-1 Deal: packets 5-5-4-4 to each from the first hand, then the dealer's last 4; play and deal counter-clockwise, the first hand leads (as JC-1).",
    "QJC-2 Scat: the Game A restrictions apply to the 4 discarded cards (no King; tarock-cards only with exactly 3 of them).",
    "QJC-3 Honours are declared dealer first, then in playing order, before the bidding, and paid at once by each of the three others.",
    "QJC-4 Bidding: one round from the first hand; each player passes or bids higher than the bids before him (ask < Mediateur); the highest bid plays. If all pass, the deal is void (honours already paid stand).",
    "QJC-5 The asker calls a King he does not hold (a Queen if he holds all four Kings, a Cavalier if he holds the Queens too, then a Valet; holding all sixteen court cards he may not ask); its holder is his hidden partner. If the called card lies in the Scat he plays alone.",
    "QJC-6 The Mediateur names up to 2 cards one at a time, at least one. The holder gives it and receives in return a card of the Mediateur's choice other than the one just received. A card that lies in the Scat is not given, costs nothing and uses up the request.",
    "QJC-7 The Mediateur pays for each card given to him to each of the three others (10 for XXI, 5 otherwise).",
    "QJC-8 The Scat counts for the dealer's side; the Scus counts for its holder's side.",
    "QJC-9 Count settlement: with d = declarer side's count − 64, each opponent pays each player of the declarer side d (or receives −d).",
    "QJC-10 Matadors continued by a partner: each opponent pays each player of the side 5 per further matador (A5: 15); the three against a Mediateur are partners too. Judged on the side's hands when play begins: the side must still hold XXI, the Pagat and the Scus, so a run whose XXI or Pagat the Mediateur took is broken and nothing continues it (the honour paid at once stands).",
    "QJC-11 The Mediateur 'forces the Pagat' when the Pagat falls, played by another, into a trick he wins. 'None of the 3 first matadors' is judged on his hand before the requests; 'XXI and Scus' on his hand after them. Paid by or to each opponent.",
    "QJC-12 Pagat lost / ultimo are paid as in the partners game, to or by each opponent once the sides are known; no no-trick bonus; each deal is settled on its own (no Partie).",
];
