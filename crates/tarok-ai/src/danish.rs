//! Danish Tarok for the bots: the match table and the level-1 player.
//!
//! Level 1 follows the strategy chapters of Møller's book (Møller 000 / 001, their advice on
//! play; the rules are `docs/rules/danish.md`): keep the hand even when laying the skat, protect the
//! ultimo cards (pagat and kings) and bring them home, get rid of an ultimo card in time when it
//! cannot make the last trick (a bagud costs far more than a lost card), use the skus to save a
//! valuable card, demand the skus while holding ultimo cards, and track trumps and voids from
//! the play.

use crate::bot::{Bot, Decision};
use std::fmt;
use tarok_core::{Card, CardSet, Seat, Suit};
use tarok_danish::points::card_points;
use tarok_danish::view::View;
use tarok_danish::{Action, Deal, Named, Phase};

/// What a seat can work out from its view: cards seen, trumps still out, known voids.
struct Knowledge {
    me: Seat,
    hand: CardSet,
    /// Cards whose place is known to this seat (own hand, own skat, played).
    seen: CardSet,
    /// Numbered trumps held by the two others, as far as can be told.
    trumps_out: u32,
    /// Suits (and trumps as index 4) each seat is known to be void in.
    void: [[bool; 5]; 3],
    /// My role for this deal, judged on the 25 cards I played with.
    role: Role,
    /// The ultimo cards I play for: kept to the last trick rather than shed.
    plan: CardSet,
    /// An opponent whose declaration shows he holds the pagat ("med pagat", matadorer).
    pagat_declared: Option<Seat>,
}

/// The roles of Møller's strategy chapters (000 L1229-1253; 001 L802-810).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// About 16 cards in trumps and the long suit, 8 trumps or more: plays for an ultimo.
    Strong,
    /// Enough trumps to hold the strong player back and block his ultimo.
    Holding,
    /// Few trumps: plays his kings early and avoids a bagud.
    Weak,
}

fn role_of(hand: CardSet) -> Role {
    let trumps = tarok_danish::declare::tarok_count(hand) as u32;
    let pisk = Suit::ALL
        .iter()
        .map(|&s| hand.of_suit(s).len())
        .max()
        .unwrap_or(0);
    if trumps >= 8 && trumps + pisk >= 16 {
        Role::Strong
    } else if trumps <= 5 {
        Role::Weak
    } else {
        Role::Holding
    }
}

/// A laid skat beside the hand it was laid from. Its reason is worked out from the cards
/// ([`Skat::clauses`]), so that it claims only what the skat does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Skat {
    /// The three cards laid.
    pub laid: CardSet,
    /// The 25 cards kept.
    pub kept: CardSet,
}

/// One thing the reason for a skat says; [`Skat::clauses`] gives only those that are true.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SkatClause {
    /// "strong hand" or "weak hand" (a holding hand is not named).
    Hand(Role),
    /// A strong hand keeps every trump for the ultimo, and the pisk too when it is named.
    KeptForUltimo(Option<Suit>),
    /// The pisk kept whole (any hand but a strong one that keeps its trumps).
    PiskKept(Suit),
    /// These suits are now void, so the dealer can trump them.
    Emptied(Vec<Suit>),
    /// Card points put away: the skat counts for the dealer (000 L1496-1497).
    Points(u32),
    /// Numbered trumps laid (a weak hand's nolo chance, 000 L1708-1716).
    TrumpsAway(u32),
    /// None of the above: the cards the hand misses least.
    Least,
}

impl Skat {
    /// The role of the hand kept, as the book judges it (000 L1496-1507).
    pub fn role(self) -> Role {
        role_of(self.kept)
    }

    /// The suits the skat empties.
    pub fn emptied(self) -> Vec<Suit> {
        Suit::ALL
            .into_iter()
            .filter(|&s| !self.laid.of_suit(s).is_empty() && self.kept.of_suit(s).is_empty())
            .collect()
    }

    /// The pisk, if kept whole: the longest side suit, of five cards or more, with nothing of
    /// it laid (a 5-card side suit draws trumps, 000 L880-885).
    pub fn pisk_kept(self) -> Option<Suit> {
        let hand = self.laid | self.kept;
        let longest = Suit::ALL.iter().map(|&s| hand.of_suit(s).len()).max()?;
        Suit::ALL.into_iter().find(|&s| {
            longest >= 5 && hand.of_suit(s).len() == longest && self.laid.of_suit(s).is_empty()
        })
    }

    /// What the reason says, each clause true of the cards.
    pub fn clauses(self) -> Vec<SkatClause> {
        let role = self.role();
        let trumps = self.laid.trumps().len();
        let points: u32 = self.laid.iter().map(|c| card_points(c) as u32).sum();
        let mut out = Vec::new();
        if role != Role::Holding {
            out.push(SkatClause::Hand(role));
        }
        match (role == Role::Strong && trumps == 0, self.pisk_kept()) {
            (true, pisk) => out.push(SkatClause::KeptForUltimo(pisk)),
            (false, Some(pisk)) => out.push(SkatClause::PiskKept(pisk)),
            (false, None) => {}
        }
        let emptied = self.emptied();
        if !emptied.is_empty() {
            out.push(SkatClause::Emptied(emptied));
        }
        if points > 0 {
            out.push(SkatClause::Points(points));
        }
        if trumps > 0 {
            out.push(SkatClause::TrumpsAway(trumps));
        }
        if out.iter().all(|c| matches!(c, SkatClause::Hand(_))) {
            out.push(SkatClause::Least);
        }
        out
    }
}

/// Words joined as a reader lists them: "a", "a and b", "a, b and c".
pub fn listed(words: &[&str], and: &str) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [first @ .., last] => format!("{} {and} {last}", first.join(", ")),
    }
}

fn named_index(n: Named) -> usize {
    match n {
        Named::Suit(s) => s.index(),
        Named::Trump => 4,
    }
}

impl Knowledge {
    fn new(v: &View) -> Knowledge {
        let mut seen = v.hand | v.own_skat.unwrap_or_default();
        let mut void = [[false; 5]; 3];
        let mut note = |leader: Seat, cards: &[Card], named: Option<Named>| {
            let Some(&first) = cards.first() else { return };
            let led = if first.is_skus() {
                named
            } else {
                Some(Named::of_card(first))
            };
            let Some(led) = led else { return };
            for (i, &c) in cards.iter().enumerate().skip(1) {
                let seat = (leader + i as u8) % 3;
                // The skus may replace any card, so only other cards prove a void.
                if c.is_skus() || led.cards().contains(c) {
                    continue;
                }
                void[seat as usize][named_index(led)] = true;
                if !c.is_trump() {
                    void[seat as usize][4] = true;
                }
            }
        };
        for t in &v.tricks {
            seen |= t.cards.iter().copied().collect::<CardSet>();
            note(t.leader, &t.cards, t.named);
        }
        let current: Vec<Card> = v.current.iter().map(|&(_, c)| c).collect();
        seen |= current.iter().copied().collect::<CardSet>();
        note(v.leader, &current, v.named);
        if let Some(news) = v.skat_news {
            seen |= news.announced;
        }
        let unseen_trumps = (CardSet::TRUMPS - seen).len();
        // Trumps the dealer laid in the skat are out of play; the count may be public.
        let in_skat = match (v.own_skat, v.skat_news) {
            (Some(_), _) => 0,
            (None, Some(n)) => n.trump_count.unwrap_or(0),
            _ => 0,
        };
        // The hand I played with: what I hold plus what I have played.
        let mut mine = v.hand;
        for t in &v.tricks {
            for (i, &c) in t.cards.iter().enumerate() {
                if (t.leader + i as u8) % 3 == v.seat {
                    mine.insert(c);
                }
            }
        }
        mine |= v
            .current
            .iter()
            .filter(|&&(s, _)| s == v.seat)
            .map(|&(_, c)| c)
            .collect::<CardSet>();
        let role = role_of(mine);
        // Ultimo plans: the pagat for a strong hand; a king guarded at least fifth together with
        // the skus (000 L848-851).
        let mut plan = CardSet::EMPTY;
        if role == Role::Strong {
            plan.insert(Card::PAGAT);
        }
        for s in Suit::ALL {
            if mine.of_suit(s).len() >= 5 && mine.contains(Card::SKUS) {
                plan.insert(Card::king(s));
            }
        }
        // "med pagat" and matadorer show where the pagat is (000 L1255-1271).
        let pagat_declared = (0..3u8).filter(|&s| s != v.seat).find(|&s| {
            v.declarations[s as usize].iter().any(|d| {
                matches!(
                    d,
                    tarok_danish::declare::Declaration::Tarokker { pagat: true, .. }
                        | tarok_danish::declare::Declaration::Matadorer { .. }
                )
            })
        });
        Knowledge {
            me: v.seat,
            hand: v.hand,
            seen,
            trumps_out: unseen_trumps.saturating_sub(in_skat),
            void,
            role,
            plan: plan & mine,
            pagat_declared,
        }
    }

    /// A trump kept back to catch an opponent's pagat in the last trick and so block his
    /// ultimo: my highest, from trick 20 (18 when his declaration showed the pagat).
    fn reserve(&self, trick_no: u8) -> CardSet {
        let pagat_out = !self.seen.contains(Card::PAGAT);
        let from = if self.pagat_declared.is_some() {
            18
        } else {
            20
        };
        match self.hand.trumps().highest() {
            Some(top) if pagat_out && trick_no >= from && top != Card::PAGAT => {
                CardSet::single(top)
            }
            _ => CardSet::EMPTY,
        }
    }

    /// Whether some numbered trump above `c` may still be with an opponent.
    fn higher_trump_out(&self, c: Card) -> bool {
        let n = c.trump_number().unwrap_or(0);
        ((n + 1)..=21).any(|k| !self.seen.contains(Card::trump(k)))
    }

    /// Whether a suit card is the best of its suit still in play.
    fn best_of_suit(&self, c: Card) -> bool {
        let suit = c.suit().expect("suit card");
        let higher = CardSet::suit(suit) - self.seen;
        higher.iter().all(|h| h.order() < c.order())
    }

    fn opponents(&self) -> [Seat; 2] {
        [(self.me + 1) % 3, (self.me + 2) % 3]
    }
}

/// The cost of giving a card away: card points, with ultimo cards weighed heavily because
/// losing one costs 15 p and a bagud far more (000 L2378, L2383-2385).
fn cost(c: Card) -> i32 {
    let ultimo = if c == Card::PAGAT || c.is_king() {
        12
    } else {
        0
    };
    card_points(c) as i32 * 2 + ultimo + c.trump_number().map_or(0, |n| n as i32 / 4)
}

/// The winning card of a trick so far, and what was led.
fn winning(cards: &[Card], named: Option<Named>) -> Option<(Card, Named)> {
    let first = *cards.first()?;
    let led = if first.is_skus() {
        named?
    } else {
        Named::of_card(first)
    };
    let set: CardSet = cards.iter().copied().collect();
    let best = set
        .trumps()
        .highest()
        .or_else(|| (set & led.cards()).highest());
    best.map(|b| (b, led))
}

fn beats(c: Card, best: Option<(Card, Named)>) -> bool {
    match best {
        None => !c.is_skus(),
        Some((b, led)) => {
            if c.is_skus() {
                false
            } else if c.is_trump() {
                !b.is_trump() || c.order() > b.order()
            } else {
                !b.is_trump() && led.cards().contains(c) && c.order() > b.order()
            }
        }
    }
}

/// Level 1 for Danish Tarok.
pub struct DanishL1;

impl Bot<View, Action> for DanishL1 {
    fn decide(&mut self, view: &View, legal: &[Action]) -> Decision<Action> {
        let (action, why) = advise(view, legal);
        Decision {
            action,
            reason: why.to_string(),
        }
    }
}

/// Why level 1 chose an action: English by `Display`, as `Decision::reason`; a screen in
/// another language translates each kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Why {
    Redeal,
    /// Asked about a redeal with numbered trumps in hand: keeping is the only answer.
    Keep,
    DemandSkus,
    NoDemand,
    /// The skat laid, with the hand it was laid from.
    LaySkat(Skat),
    /// A rename of the skus to a suit, where the card is the best left.
    Rename(Suit, Card),
    LeadSkus(Named),
    CashKing(Card),
    CashEarly(Card),
    /// Trumps drawn with the card, so many trumps still out.
    DrawTrumps(Card, u32),
    LeadPisk(Suit),
    LeadCheapest(Card),
    PagatHjem,
    /// A safe win; true when last to play.
    Win(Card, bool),
    Shed(Card),
    SkusSaves,
    GiveCheapest(Card),
    /// The one legal card: no choice to explain.
    OnlyCard,
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Why::Redeal => write!(
                f,
                "no numbered trump: the hand is too weak to play, so demand a redeal (000 L426)"
            ),
            Why::Keep => write!(
                f,
                "holds numbered trumps: keeps the hand, the only answer (000 L426-428)"
            ),
            Why::DemandSkus => write!(
                f,
                "demands the skus: its holder must not keep it to shelter the last trick while I \
                 hold ultimo cards (000 L1842-1845)"
            ),
            Why::NoDemand => write!(f, "no ultimo card to protect: no need to demand the skus"),
            Why::LaySkat(skat) => {
                let said: Vec<String> = skat.clauses().iter().map(skat_clause).collect();
                write!(f, "lays {}: {}", skat.laid, said.join(", "))
            }
            Why::Rename(suit, top) => write!(
                f,
                "renames the skus to {}: my {top} is the best card left there",
                suit.danish()
            ),
            Why::LeadSkus(name) => write!(
                f,
                "the skus must be led: names it {} to press an opponent's king",
                name.danish()
            ),
            Why::CashKing(c) => {
                write!(
                    f,
                    "cashes {c} now: kept to the last trick it would risk a bagud"
                )
            }
            Why::CashEarly(c) => {
                write!(
                    f,
                    "weak hand: cashes {c} early, while the others still follow"
                )
            }
            Why::DrawTrumps(c, out) => write!(
                f,
                "draws trumps with {c}, the highest trump out ({out} trump{} still out)",
                if out == 1 { "" } else { "s" }
            ),
            Why::LeadPisk(suit) => write!(
                f,
                "leads low from {}, my longest suit, to draw trumps",
                suit.danish()
            ),
            Why::LeadCheapest(c) => write!(f, "leads {c}, the cheapest card"),
            Why::PagatHjem => write!(f, "the pagat wins this trick: pagat hjem (000 L700)"),
            Why::Win(c, last) => {
                let why = if last {
                    "last to play"
                } else {
                    "nothing left can beat it"
                };
                write!(f, "wins with {c}: {why}")
            }
            Why::Shed(c) => write!(
                f,
                "sheds {c} now: a lost card costs less than a bagud in the last trick"
            ),
            Why::SkusSaves => write!(
                f,
                "plays the skus: it saves a valuable card and goes home to me (000 L577, L600)"
            ),
            Why::GiveCheapest(c) => write!(f, "cannot win safely: gives the cheapest card, {c}"),
            Why::OnlyCard => write!(f, "the only legal card"),
        }
    }
}

/// One clause of a skat's reason, in English.
fn skat_clause(c: &SkatClause) -> String {
    let n = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match c {
        SkatClause::Hand(Role::Strong) => "strong hand".into(),
        SkatClause::Hand(_) => "weak hand".into(),
        SkatClause::KeptForUltimo(Some(pisk)) => format!(
            "trumps and the pisk ({}) kept for the ultimo",
            pisk.danish()
        ),
        SkatClause::KeptForUltimo(None) => "trumps kept for the ultimo".into(),
        SkatClause::PiskKept(pisk) => format!("the pisk ({}) kept", pisk.danish()),
        SkatClause::Emptied(suits) => {
            let names: Vec<&str> = suits.iter().map(|s| s.danish()).collect();
            format!("{} emptied", listed(&names, "and"))
        }
        SkatClause::Points(p) => format!("{} safe in the skat", n(*p, "point", "points")),
        SkatClause::TrumpsAway(t) => format!("{} away", n(*t, "trump", "trumps")),
        SkatClause::Least => "the cards the hand misses least".into(),
    }
}

/// Level 1's choice and why, for a screen that says the reason in its own language.
pub fn advise(view: &View, legal: &[Action]) -> (Action, Why) {
    crate::bot::assert_choice(legal, "the Danish level-1 bot");
    match legal[0] {
        Action::Redeal => (Action::Redeal, Why::Redeal),
        Action::Keep => (Action::Keep, Why::Keep),
        Action::Discard(_) => lay_skat(view, legal),
        Action::Demand | Action::Pass => {
            let holds_ultimo =
                view.hand.contains(Card::PAGAT) || !(view.hand & CardSet::KINGS).is_empty();
            if legal.contains(&Action::Demand) && holds_ultimo {
                (Action::Demand, Why::DemandSkus)
            } else {
                (Action::Pass, Why::NoDemand)
            }
        }
        Action::Play(c) if legal.len() == 1 => (Action::Play(c), Why::OnlyCard),
        _ => play(view, legal),
    }
}

/// Level 1's score of laying `d` from the dealer's 28 cards `hand`: make a suit void if
/// possible, put court-card points away safely (the skat counts for the dealer, 000
/// L1496-1497), never break the long pisk suit. Level 2 ranks the skats with it too.
pub(crate) fn skat_score(hand: CardSet, d: CardSet) -> i32 {
    let mut s = 0;
    for suit in Suit::ALL {
        let held = hand.of_suit(suit).len();
        let laid = d.of_suit(suit).len();
        if laid > 0 && laid == held && (hand.of_suit(suit) & CardSet::KINGS).is_empty() {
            s += 10; // a void lets the dealer trump in
        }
        if laid > 0 && held >= 6 {
            s -= 6; // keep the pisk (000 L880-885)
        }
    }
    let points: i32 = d.iter().map(|c| card_points(c) as i32).sum();
    // The role is judged on the 25 cards kept, as in the book's skat exercises (000 L1496-1507).
    s + match role_of(hand - d) {
        // Strong: keep every trump for the ultimo; the points count for the dealer anyway.
        Role::Strong => points - 8 * d.trumps().len() as i32,
        // Weak: lay high cards that would win tricks, even trumps when they make a void
        // (a nolo chance, 000 L1708-1716).
        Role::Weak => d.iter().map(|c| c.order() as i32 / 3).sum::<i32>() + points,
        Role::Holding => points - 4 * d.trumps().len() as i32,
    }
}

/// Lays the skat with the best [`skat_score`].
fn lay_skat(view: &View, legal: &[Action]) -> (Action, Why) {
    let hand = view.hand;
    let (best, _) = legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard(d) => Some((*d, skat_score(hand, *d))),
            _ => None,
        })
        .max_by_key(|&(d, s)| (s, std::cmp::Reverse(d.bits())))
        .expect("a discard");
    let skat = Skat {
        laid: best,
        kept: hand - best,
    };
    (Action::Discard(best), Why::LaySkat(skat))
}

fn play(view: &View, legal: &[Action]) -> (Action, Why) {
    let k = Knowledge::new(view);
    let cards: CardSet = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(*c),
            _ => None,
        })
        .collect();
    let renames: Vec<Named> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Rename(n) => Some(*n),
            _ => None,
        })
        .collect();
    let current: Vec<Card> = view.current.iter().map(|&(_, c)| c).collect();
    if !renames.is_empty() {
        // Rename to a suit where I hold the best card left: the trick becomes mine (000 L1928-1931).
        for &n in &renames {
            if let Named::Suit(s) = n {
                if let Some(top) = k.hand.of_suit(s).highest() {
                    if k.best_of_suit(top) {
                        return (Action::Rename(n), Why::Rename(s, top));
                    }
                }
            }
        }
    }
    if current.is_empty() {
        return lead(view, &k, cards, legal);
    }
    follow(view, &k, cards, &current)
}

/// Whether an ultimo card can be expected to win the last trick.
fn sure_ultimo(k: &Knowledge, c: Card) -> bool {
    if c == Card::PAGAT {
        k.trumps_out == 0
    } else {
        k.trumps_out == 0 && k.best_of_suit(c)
    }
}

/// Whether an ultimo plan still holds: enough trumps left to draw the others' trumps.
fn plan_holds(k: &Knowledge, c: Card) -> bool {
    k.plan.contains(c) && k.hand.trumps().without(Card::PAGAT).len() >= k.trumps_out
}

/// Ultimo cards that will probably be lost in the last trick: better shed now for 15 p than
/// lost there as a bagud (000 L1067-1069).
fn doomed_ultimo_cards(view: &View, k: &Knowledge, cards: CardSet) -> CardSet {
    if view.trick_no < 20 {
        return CardSet::EMPTY;
    }
    (cards & (CardSet::KINGS.with(Card::PAGAT)))
        .iter()
        .filter(|&c| !sure_ultimo(k, c) && !plan_holds(k, c))
        .collect()
}

/// `cards` without the kept-back trump, unless nothing else is left.
fn spare(cards: CardSet, keep: CardSet) -> CardSet {
    let rest = cards - keep;
    if rest.is_empty() {
        cards
    } else {
        rest
    }
}

fn cheapest(cards: CardSet) -> Card {
    cards
        .iter()
        .min_by_key(|&c| (cost(c), c.order()))
        .expect("a card")
}

fn lead(view: &View, k: &Knowledge, cards: CardSet, legal: &[Action]) -> (Action, Why) {
    if cards.is_empty() {
        // Only the skus can be led (demanded in trick 23, or alone in the last trick).
        let name = skus_name(k);
        let action = Action::LeadSkus(name);
        debug_assert!(legal.contains(&action));
        return (action, Why::LeadSkus(name));
    }
    let doomed = doomed_ultimo_cards(view, k, cards);
    if let Some(c) = doomed.iter().find(|&c| c.is_king() && k.best_of_suit(c)) {
        return (Action::Play(c), Why::CashKing(c));
    }
    // A weak player cashes his kings early, before the suits run out (001 L728-730).
    if k.role == Role::Weak && view.trick_no <= 12 {
        let opp = k.opponents();
        let king = (cards & CardSet::KINGS).iter().find(|c| {
            let s = c.suit().expect("a king has a suit");
            let played = (CardSet::suit(s) & (k.seen - k.hand)).len();
            played <= 4 && opp.iter().all(|&o| !k.void[o as usize][s.index()])
        });
        if let Some(c) = king {
            return (Action::Play(c), Why::CashEarly(c));
        }
    }
    let reserve = k.reserve(view.trick_no);
    let cards = spare(cards, reserve);
    let trumps = cards.trumps();
    // Draw trumps with the top trump while strong in trumps (protects kings and the pagat).
    if let Some(top) = trumps.highest() {
        if trumps.len() >= k.trumps_out.max(1) && !k.higher_trump_out(top) && top != Card::PAGAT {
            return (Action::Play(top), Why::DrawTrumps(top, k.trumps_out));
        }
    }
    // Otherwise lead low from the longest side suit, the pisk (000 L880-885).
    let side = cards - CardSet::TRUMPS - CardSet::KINGS;
    if let Some(suit) = Suit::ALL
        .into_iter()
        .filter(|&s| !side.of_suit(s).is_empty())
        .max_by_key(|&s| cards.of_suit(s).len())
    {
        let c = side.of_suit(suit).lowest().expect("not empty");
        return (Action::Play(c), Why::LeadPisk(suit));
    }
    // Keep the pagat back while anything else can be led.
    let c = if cards.len() > 1 {
        cheapest(cards.without(Card::PAGAT))
    } else {
        cheapest(cards)
    };
    (Action::Play(c), Why::LeadCheapest(c))
}

fn skus_name(k: &Knowledge) -> Named {
    for s in Suit::ALL {
        let king = Card::king(s);
        if !k.seen.contains(king) && !k.void[k.opponents()[0] as usize][s.index()] {
            return Named::Suit(s);
        }
    }
    Named::Trump
}

fn follow(view: &View, k: &Knowledge, cards: CardSet, current: &[Card]) -> (Action, Why) {
    let best = winning(current, view.named);
    let last = current.len() == 2;
    let reserve = k.reserve(view.trick_no);
    // The kept-back trump still catches the pagat if it lies in this trick.
    let pagat_here = current.contains(&Card::PAGAT);
    let cards = if pagat_here {
        cards
    } else {
        spare(cards, reserve)
    };
    let winners: CardSet = cards.iter().filter(|&c| beats(c, best)).collect();
    let third = (view.leader + 2) % 3;
    let safe = |c: Card| -> bool {
        if last {
            return true;
        }
        if c.is_trump() {
            !k.higher_trump_out(c)
        } else {
            let led = best.map(|(_, l)| l);
            let third_void = led.is_some_and(|l| k.void[third as usize][named_index(l)]);
            k.best_of_suit(c) && !third_void
        }
    };
    let safe_winners: CardSet = winners.iter().filter(|&c| safe(c)).collect();
    if winners.contains(Card::PAGAT) && safe(Card::PAGAT) {
        return (Action::Play(Card::PAGAT), Why::PagatHjem);
    }
    if let Some(c) = safe_winners
        .iter()
        .min_by_key(|&c| (c.is_trump(), c.order()))
    {
        return (Action::Play(c), Why::Win(c, last));
    }
    // Cannot win safely: give the cheapest card; shed a doomed ultimo card first, or let the
    // skus take the blow (000 L1785-1786).
    let doomed = doomed_ultimo_cards(view, k, cards);
    if let Some(c) = doomed.iter().next() {
        return (Action::Play(c), Why::Shed(c));
    }
    let others = cards.without(Card::SKUS);
    if cards.contains(Card::SKUS) && (others.is_empty() || cost(cheapest(others)) >= 6) {
        return (Action::Play(Card::SKUS), Why::SkusSaves);
    }
    let c = cheapest(if others.is_empty() { cards } else { others });
    (Action::Play(c), Why::GiveCheapest(c))
}

/// A Danish bot of the given level.
pub fn bot(level: crate::Level, seed: u64) -> Box<dyn Bot<View, Action>> {
    match level {
        crate::Level::L0 => Box::new(crate::RandomBot::new(seed)),
        crate::Level::L1 => Box::new(DanishL1),
        crate::Level::L2 | crate::Level::L2Play => Box::new(crate::danish_l2::DanishL2::new(
            crate::any::level2_config(level, crate::level2::Config::STANDARD_THINK),
            seed,
        )),
    }
}

/// Plays a Danish deal with bots, returning the deal (for tests and examples).
pub fn play_deal(deal: Deal, bots: &mut [Box<dyn Bot<View, Action>>; 3]) -> Deal {
    let mut deal = deal;
    crate::runner::play(&mut deal, bots);
    debug_assert!(deal.is_over() && deal.phase() != Phase::Play);
    deal
}
