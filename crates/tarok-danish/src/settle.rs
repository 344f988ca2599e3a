//! Itemised settlement of a Danish deal from its facts.
//!
//! The engine derives [`DealFacts`] from play; the club ledger builds the same facts from what
//! a table enters by hand. Both settle through [`settle`], so they pay exactly alike.

use crate::declare::{Declaration, Declarations};
use crate::points::count_amount;
use crate::ruleset::{CountSettlement, Ruleset};
use serde::Serialize;
use std::fmt;
use tarok_core::{Card, Party, Payment, PaymentSink, Seat, Suit};

/// The king cup (*kongekop*).
pub const KING_CUP: u8 = 0;
/// The pagat cup (*pagatkop*).
pub const PAGAT_CUP: u8 = 1;
/// Active seats: 0 forhånd (on the dealer's right, leads trick 1), 1 mellemhånd, 2 the dealer.
/// Seats 3 and 4 are people at the table who sit out this deal.
pub const DEALER: Seat = 2;

/// The five ultimo cards (*ultimokort*): the pagat and the four kings (000 L798).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum UltimoCard {
    Pagat,
    King(Suit),
}

impl UltimoCard {
    #[inline]
    pub fn of(card: Card) -> Option<UltimoCard> {
        // A table lookup: scoring asks this of every card of a trick.
        ULTIMO_OF[card.index() as usize]
    }

    const fn of_rule(card: Card) -> Option<UltimoCard> {
        if card.index() == Card::PAGAT.index() {
            Some(UltimoCard::Pagat)
        } else if card.is_king() {
            match card.suit() {
                Some(s) => Some(UltimoCard::King(s)),
                None => None,
            }
        } else {
            None
        }
    }

    /// The cup this card plays for.
    pub fn cup(self) -> u8 {
        match self {
            UltimoCard::Pagat => PAGAT_CUP,
            UltimoCard::King(_) => KING_CUP,
        }
    }

    pub fn card(self) -> Card {
        match self {
            UltimoCard::Pagat => Card::PAGAT,
            UltimoCard::King(s) => Card::king(s),
        }
    }
}

/// Padded to 256 entries so that indexing by a card's `u8` id needs no bounds check.
const ULTIMO_OF: [Option<UltimoCard>; 256] = {
    let mut t = [None; 256];
    let mut i = 0;
    while i < 78 {
        t[i] = UltimoCard::of_rule(Card::from_index(i as u8));
        i += 1;
    }
    t
};

impl fmt::Display for UltimoCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UltimoCard::Pagat => f.write_str("pagat"),
            UltimoCard::King(s) => write!(f, "{} konge", s.danish()),
        }
    }
}

/// A payment made during play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum InPlay {
    /// The pagat won a trick 1-24 for its holder (000 L700).
    PagatHjem(Seat),
    /// The holder lost an ultimo card in tricks 1-24 (000 L699, L1121-1123).
    Lost(Seat, UltimoCard),
}

/// How the deal ended, as facts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndFacts {
    /// Who won trick 25.
    pub last_trick: Seat,
    /// The winning card of trick 25, if an ultimo card.
    pub ultimo_card: Option<UltimoCard>,
    /// The ultimo card each loser of trick 25 played in it (bagud), by seat.
    pub bagud: [Option<UltimoCard>; 3],
    /// The player who won no trick, if exactly one (the skat is no trick: 000 L1708-1711).
    pub nolo: Option<Seat>,
    /// The player who won all 25 tricks.
    pub tout: Option<Seat>,
    /// Each active player's count: tricks, the skat as a trick for the dealer, card points (sum 78).
    pub counts: [u8; 3],
    /// Players who may not ultimo (fines; only from the ledger).
    pub ultimo_barred: [bool; 3],
}

/// Everything the settlement of one deal depends on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DealFacts {
    /// People at the table, 3 to 5. Seats 3 and 4 sit out and only re-fund cups.
    pub table: u8,
    /// The dealer paid the ante (not on a redeal: 000 L426-428).
    pub ante: bool,
    /// Declarations of seats 0, 1, 2.
    pub declarations: [Declarations; 3],
    in_play: [Option<InPlay>; 8],
    in_play_len: u8,
    /// None when the deal ended in a redeal.
    pub end: Option<EndFacts>,
    /// The active player who does not count: the next dealer, or the dealer when the next dealer
    /// sits out (000 L662-663; 003 D-JC-10; docs/rules/danish.md §12).
    pub non_counter: Seat,
}

impl DealFacts {
    pub fn new(table: u8, ante: bool, non_counter: Seat) -> DealFacts {
        DealFacts {
            table,
            ante,
            declarations: Default::default(),
            in_play: [None; 8],
            in_play_len: 0,
            end: None,
            non_counter,
        }
    }

    pub fn push_in_play(&mut self, e: InPlay) {
        self.in_play[self.in_play_len as usize] = Some(e);
        self.in_play_len += 1;
    }

    pub fn in_play(&self) -> impl Iterator<Item = InPlay> + '_ {
        self.in_play[..self.in_play_len as usize]
            .iter()
            .map(|e| e.expect("filled"))
    }
}

/// Why a payment is made. Each reason names its rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Reason {
    Ante,
    Declaration(Declaration),
    PagatHjem,
    LostUltimoCard(UltimoCard),
    Ultimo(UltimoCard),
    /// The cup an ultimo or tout takes.
    CupTaken,
    Bagud(UltimoCard),
    /// Bagud doubles the cup.
    CupDoubled(UltimoCard),
    LastTrick,
    Nolo,
    Tout,
    Count(u8),
    Refund,
}

impl Reason {
    /// The rule's source.
    pub fn rule(self) -> &'static str {
        match self {
            Reason::Ante => "000 L395, L2357",
            Reason::Declaration(_) => "000 §7.2, L441, L2359-2374",
            Reason::PagatHjem => "000 L700, L2377",
            Reason::LostUltimoCard(_) => "000 L699, L2378",
            Reason::Ultimo(_) | Reason::CupTaken => "000 L800-806, L2382-2384",
            Reason::Bagud(_) | Reason::CupDoubled(_) => "000 L1067-1069, L706-710, L2383-2385",
            Reason::LastTrick => "000 L1106-1107, L2381, L2388-2389",
            Reason::Nolo => "000 L611-620, L2387",
            Reason::Tout => "000 L627-629; 001 L492",
            Reason::Count(_) => "000 L661-685, L2417-2430",
            Reason::Refund => "000 L339-341, L804-806",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Ante => f.write_str("kortgivers indskud (dealer's ante)"),
            Reason::Declaration(d) => write!(f, "melding: {d}"),
            Reason::PagatHjem => f.write_str("pagat hjem"),
            Reason::LostUltimoCard(c) => write!(f, "mistet ultimokort: {c}"),
            Reason::Ultimo(c) => write!(f, "ultimo: {c}"),
            Reason::CupTaken => f.write_str("tømmer koppen (takes the cup)"),
            Reason::Bagud(c) => write!(f, "bagud: {c}"),
            Reason::CupDoubled(c) => write!(f, "bagud fordobler koppen: {c}"),
            Reason::LastTrick => f.write_str("sidste stik"),
            Reason::Nolo => f.write_str("nolo"),
            Reason::Tout => f.write_str("tout"),
            Reason::Count(c) => write!(f, "tælling {c}"),
            Reason::Refund => f.write_str("fundering (re-funding)"),
        }
    }
}

/// A payment line of a Danish deal.
pub type Line = Payment<Reason>;

struct Settler<'a, S> {
    sink: &'a mut S,
    cups: [i32; 2],
}

impl<S: PaymentSink<Reason>> Settler<'_, S> {
    fn pay(&mut self, from: Party, to: Party, amount: i32, reason: Reason) {
        if amount <= 0 {
            return;
        }
        if let Party::Cup(c) = from {
            self.cups[c as usize] -= amount;
        }
        if let Party::Cup(c) = to {
            self.cups[c as usize] += amount;
        }
        self.sink.pay(Payment {
            from,
            to,
            amount,
            reason,
        });
    }

    /// `from` pays `amount` to each of the two other active players.
    fn pays_each(&mut self, from: Seat, amount: i32, reason: Reason) {
        for q in others(from) {
            self.pay(Party::Player(from), Party::Player(q), amount, reason);
        }
    }

    /// Each of the two other active players pays `amount` to `to`.
    fn paid_by_each(&mut self, to: Seat, amount: i32, reason: Reason) {
        for q in others(to) {
            self.pay(Party::Player(q), Party::Player(to), amount, reason);
        }
    }
}

/// The two other active seats, in play order.
pub fn others(seat: Seat) -> [Seat; 2] {
    // A table rather than `% 3`: the settlement asks this for every payment.
    const OTHERS: [[Seat; 2]; 3] = [[1, 2], [2, 0], [0, 1]];
    OTHERS[seat as usize]
}

fn ultimo_amount(card: UltimoCard, rules: &Ruleset) -> i32 {
    match card {
        UltimoCard::Pagat => rules.tariff.pagat_ultimo,
        UltimoCard::King(_) => rules.tariff.king_ultimo,
    }
}

/// Settles the deal: writes every payment line to `sink` in the order they are made, and
/// returns the cups' content afterwards. `cups` is the content before the deal.
pub fn settle<S: PaymentSink<Reason>>(
    facts: &DealFacts,
    rules: &Ruleset,
    cups: [i32; 2],
    sink: &mut S,
) -> [i32; 2] {
    let mut s = Settler { sink, cups };
    let t = &rules.tariff;
    let cup = |c: u8| Party::Cup(c);
    if facts.ante {
        s.pay(Party::Player(DEALER), cup(KING_CUP), t.ante, Reason::Ante);
        s.pay(Party::Player(DEALER), cup(PAGAT_CUP), t.ante, Reason::Ante);
    }
    // Dealer first, then forhånd and mellemhånd (000 L419-420; 003 L38 p.15).
    for declarer in [DEALER, 0, 1] {
        for d in facts.declarations[declarer as usize].iter() {
            s.paid_by_each(declarer, d.value(), Reason::Declaration(d));
        }
    }
    for e in facts.in_play() {
        match e {
            InPlay::PagatHjem(p) => s.paid_by_each(p, t.pagat_hjem, Reason::PagatHjem),
            InPlay::Lost(p, c) => {
                s.pays_each(p, t.lost_ultimo_card, Reason::LostUltimoCard(c));
                s.pay(
                    Party::Player(p),
                    cup(c.cup()),
                    t.lost_ultimo_card,
                    Reason::LostUltimoCard(c),
                );
            }
        }
    }
    let Some(end) = facts.end else {
        return s.cups;
    };
    // Cup amounts are taken from the content at the end of trick 25 (000 AMB-21, 003 D-JC-3).
    let snapshot = s.cups;
    let w = end.last_trick;
    let tout = end.tout;
    let nolo = if tout.is_some() { None } else { end.nolo };
    // A won nolo annuls an ultimo (000 L615-616); a tout replaces it (000 AMB-22); a barred
    // player's ultimo is an ordinary last trick (000 AMB-25, 003 D-JC-16).
    let ultimo = end
        .ultimo_card
        .filter(|_| nolo.is_none() && tout.is_none() && !end.ultimo_barred[w as usize]);
    let mut taken_by_ultimo = [false; 2];
    let mut taken_by_tout = [false; 2];
    if let Some(tp) = tout {
        s.paid_by_each(tp, t.tout, Reason::Tout);
        for c in [KING_CUP, PAGAT_CUP] {
            s.pay(
                cup(c),
                Party::Player(tp),
                snapshot[c as usize],
                Reason::CupTaken,
            );
            taken_by_tout[c as usize] = true;
        }
    }
    if let Some(n) = nolo {
        s.paid_by_each(n, t.nolo, Reason::Nolo);
    }
    if let Some(u) = ultimo {
        s.paid_by_each(w, ultimo_amount(u, rules), Reason::Ultimo(u));
        s.pay(
            cup(u.cup()),
            Party::Player(w),
            snapshot[u.cup() as usize],
            Reason::CupTaken,
        );
        taken_by_ultimo[u.cup() as usize] = true;
    }
    let mut any_bagud = false;
    for p in 0..3u8 {
        let Some(b) = end.bagud[p as usize] else {
            continue;
        };
        if p == w {
            continue;
        }
        any_bagud = true;
        s.pays_each(p, ultimo_amount(b, rules), Reason::Bagud(b));
        let c = b.cup() as usize;
        // Doubling pays the cup's content; after an ultimo on the same cup the bagud player puts
        // back the amount the ultimator took (000 L706-710). Both are the snapshot unless the
        // compounding switch is on.
        let taken = taken_by_ultimo[c] || taken_by_tout[c];
        let amount = if rules.multi_bagud_compounding && !taken {
            s.cups[c]
        } else {
            snapshot[c]
        };
        s.pay(
            Party::Player(p),
            cup(b.cup()),
            amount,
            Reason::CupDoubled(b),
        );
    }
    let barred = end.ultimo_card.is_some() && end.ultimo_barred[w as usize];
    let last_trick_paid = tout.is_none()
        && (!barred || rules.barred_ultimo_as_last_trick)
        && (nolo.is_none() || rules.last_trick_with_nolo)
        && (ultimo.is_none() || rules.last_trick_with_ultimo)
        && (!any_bagud || rules.last_trick_with_bagud);
    if last_trick_paid {
        s.paid_by_each(w, t.last_trick, Reason::LastTrick);
    }
    if rules.counting && nolo.is_none() {
        let nc = facts.non_counter;
        for p in others(nc) {
            let count = end.counts[p as usize];
            let a = count_amount(count as i32, t.count_par);
            let partners: &[Seat] = match rules.count_settlement {
                CountSettlement::AgainstNonCounter => &[nc],
                CountSettlement::EachOpponent => &others(p),
            };
            for &q in partners {
                let (q, p) = (Party::Player(q), Party::Player(p));
                if let Some(l) = Payment::signed(q, p, a, Reason::Count(count)) {
                    s.pay(l.from, l.to, l.amount, l.reason);
                }
            }
        }
    }
    // An emptied cup is re-funded by everyone at the table, sitters-out and the ultimator
    // included (000 L339-341, L804-806, AMB-31). After a king ultimo the king bagud's refill
    // stands instead (000 L706-710; docs/rules/danish.md §11 "King ultimo with king bagud":
    // nobody refills it), so a cup an ultimo took is re-funded only if it is still
    // empty. A tout re-funds both cups it took, and the others' bagud is still paid, whether
    // or not a bagud refilled one (000 AMB-22; docs/rules/danish.md §11; "nobody
    // refills it" covers only the king ultimo with a king bagud;
    // `payments::tout_with_a_king_bagud_refunds_both_cups`).
    for c in [KING_CUP, PAGAT_CUP] {
        let by_ultimo = taken_by_ultimo[c as usize] && s.cups[c as usize] == 0;
        let by_tout = taken_by_tout[c as usize] && rules.refund_cups_after_tout;
        if by_ultimo || by_tout {
            for p in 0..facts.table {
                s.pay(Party::Player(p), cup(c), t.funding, Reason::Refund);
            }
        }
    }
    s.cups
}
