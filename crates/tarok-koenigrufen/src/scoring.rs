//! The itemised, zero-sum settlement (Spieleversum §15).
//!
//! A deal produces items — the game (or the valat that replaces it), each announced premium and
//! each silent premium achieved — each won or lost by the side that owns it. Per item, each player
//! of the other side pays or receives `value × factor` (1, 2, 4, 8 for none, Kontra, Re,
//! Subkontra). 1 against 3: the single player collects or pays the sum. 2 against 2: each of the
//! two owners receives or pays half of the two amounts (§15.2, A31; its mirror for the opponents'
//! items, README).

use crate::announce::Premium;
use crate::cards::{at_least_35_2, thirds, KINGS, TRULL};
use crate::contract::{Contract, TalonUse};
use crate::deal::DealState;
use crate::kontra::{factor, level_name, Item};
use crate::play::PlayState;
use crate::ruleset::SolorufKontraVoid;
use crate::trischaken::{self, TrischakenCase};
use serde::Serialize;
use std::fmt;
use tarok_core::{CardSet, Party, Payment, PaymentSink};

/// Why a payment is made.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Reason {
    /// The game itself (§15.1); `level` is the payer-side Kontra level.
    Game {
        contract: Contract,
        won: bool,
        level: u8,
    },
    /// The valat, replacing the game (§9.5).
    Valat {
        announced: bool,
        won: bool,
        level: u8,
    },
    /// An announced or silent premium (§9).
    Premium {
        premium: Premium,
        announced: bool,
        won: bool,
        level: u8,
    },
    /// The declarer ended the deal because the called king lay in the talon (§7.2, \[L160\], A13).
    Schleifen { contract: Contract },
    /// Trischaken (§14).
    Trischaken(TrischakenCase),
    /// A Renonce entered on the score sheet (§16).
    Renonce,
}

fn lvl(level: u8) -> String {
    if level == 0 {
        String::new()
    } else {
        format!(", {} ×{}", level_name(level), factor(level))
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wl = |w: bool| if w { "won" } else { "lost" };
        match self {
            Reason::Game {
                contract,
                won,
                level,
            } => write!(f, "{contract} {}{} (§15.1)", wl(*won), lvl(*level)),
            Reason::Valat {
                announced,
                won,
                level,
            } => write!(
                f,
                "{} Valat {}{} (§9.5, L254, L346)",
                if *announced { "announced" } else { "silent" },
                wl(*won),
                lvl(*level)
            ),
            Reason::Premium {
                premium,
                announced,
                won,
                level,
            } => write!(
                f,
                "{} {premium} {}{} (§9.2, L222)",
                if *announced { "announced" } else { "silent" },
                wl(*won),
                lvl(*level)
            ),
            Reason::Schleifen { contract } => {
                write!(
                    f,
                    "{contract} geschleift: called king in the talon (§7.2, L160)"
                )
            }
            Reason::Trischaken(c) => write!(f, "Trischaken: {c} (§14, L342, L496–L504)"),
            Reason::Renonce => f.write_str("Renonce (§16, L364)"),
        }
    }
}

pub type Line = Payment<Reason>;

/// The seats of a bitmask, in order.
pub(crate) fn seats(mask: u8) -> impl Iterator<Item = u8> {
    (0..4u8).filter(move |s| mask & (1 << s) != 0)
}

fn line<S: PaymentSink<Reason>>(sink: &mut S, from: u8, to: u8, amount: i32, reason: Reason) {
    sink.pay_signed(Party::Player(from), Party::Player(to), amount, reason);
}

/// Pays one item. `owner` is the side that made it; `levels` the Kontra levels of the other side.
pub fn pay_item<S: PaymentSink<Reason>>(
    sink: &mut S,
    value: i32,
    owner: u8,
    won: bool,
    levels: [u8; 4],
    reason: impl Fn(u8) -> Reason,
) {
    let other = 0b1111 & !owner;
    // The other side pays the owner an item won and is paid one lost.
    let dir = |sink: &mut S, o: u8, k: u8, amount: i32, level: u8| {
        line(
            sink,
            k,
            o,
            if won { amount } else { -amount },
            reason(level),
        );
    };
    let n_owner = owner.count_ones();
    let n_other = other.count_ones();
    if n_owner == 1 {
        let o = seats(owner).next().expect("one owner");
        for k in seats(other) {
            let l = levels[k as usize];
            dir(sink, o, k, value * factor(l), l);
        }
    } else if n_other == 1 {
        let k = seats(other).next().expect("one");
        let l = levels[k as usize];
        for o in seats(owner) {
            dir(sink, o, k, value * factor(l), l);
        }
    } else {
        // 2 against 2: each owner gets half of the two amounts.
        let mut ks = seats(other);
        let (k1, k2) = (ks.next().expect("k1"), ks.next().expect("k2"));
        let mut os = seats(owner);
        let (o1, o2) = (os.next().expect("o1"), os.next().expect("o2"));
        let (l1, l2) = (levels[k1 as usize], levels[k2 as usize]);
        let (t1, t2) = (value * factor(l1), value * factor(l2));
        let h = (t1 + t2) / 2;
        let a = t1.min(h);
        dir(sink, o1, k1, a, l1);
        dir(sink, o2, k1, t1 - a, l1);
        dir(sink, o1, k2, h - a, l2);
        dir(sink, o2, k2, t2 - (h - a), l2);
    }
}

/// The card points that decide a finished deal, in thirds of a point (§3): the parties' piles
/// in positive games, each player's pile in Trischaken. The other negative games are decided by
/// tricks alone.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Points {
    /// The declarer's party (the seats of `team`, a bitmask) and the opponents.
    Parties {
        team: u8,
        team_points: u32,
        opponents: u32,
    },
    Players([u32; 4]),
}

impl Points {
    pub fn of(d: &DealState) -> Option<Points> {
        let c = d.contract?;
        if !d.is_over() || d.schleifen {
            return None;
        }
        if c == Contract::Trischaken {
            return Some(Points::Players(crate::trischaken::points(d, &d.play)));
        }
        c.is_positive().then(|| {
            let (team, opp) = party_piles(d);
            Points::Parties {
                team: d.team,
                team_points: thirds(team),
                opponents: thirds(opp),
            }
        })
    }
}

/// The piles of the declarer's side and of the opponents, talon credits included (§8.4).
pub fn party_piles(d: &DealState) -> (CardSet, CardSet) {
    party_piles_with(d, &d.play)
}

fn party_piles_with(d: &DealState, p: &PlayState) -> (CardSet, CardSet) {
    let c = d.contract.expect("contract");
    let mut team = d.discard;
    let mut opp = CardSet::EMPTY;
    for s in 0..4 {
        if d.team & (1 << s) != 0 {
            team |= p.taken[s];
        } else {
            opp |= p.taken[s];
        }
    }
    match c.talon_use() {
        TalonUse::ThreeOpen => {
            if let Some(h) = d.half_taken {
                opp |= d.talon[1 - h as usize];
            }
        }
        TalonUse::SixHidden => {}
        TalonUse::None => {
            for half in d.talon {
                let king_packet =
                    c == Contract::Solorufer && d.called_king.is_some_and(|k| half.contains(k));
                if king_packet {
                    team |= half;
                } else {
                    opp |= half;
                }
            }
        }
    }
    (team, opp)
}

/// Which side (bitmask) achieved a premium, if any.
fn achieved(
    d: &DealState,
    play: &PlayState,
    p: Premium,
    team_pile: CardSet,
    opp_pile: CardSet,
) -> Option<u8> {
    let team = d.team;
    let opp = 0b1111 & !team;
    let side_of = |s: u8| if team & (1 << s) != 0 { team } else { opp };
    match p {
        Premium::Pagat | Premium::Uhu | Premium::Kakadu => {
            // The bird must be in its trick and win it itself: look at that trick only.
            let (card, idx) = p.bird().expect("bird");
            let seat = play.seat_in_trick(idx, card)?;
            (play.winners[idx] == seat).then(|| side_of(seat))
        }
        Premium::KoenigUltimo if d.ultimo_king.is_some() => {
            // A16 alternative: the declarer's own named king, in trick 12, won by him.
            let seat = play.seat_in_trick(11, d.ultimo_king?)?;
            (seat == d.declarer && play.winners[11] == d.declarer).then_some(team)
        }
        Premium::KoenigUltimo => {
            d.partner?;
            play.seat_in_trick(11, d.called_king?)?;
            (team & (1 << play.winners[11]) != 0).then_some(team)
        }
        Premium::Trull | Premium::VierKoenige => {
            let set = if p == Premium::Trull { TRULL } else { KINGS };
            if set.is_subset(team_pile) {
                Some(team)
            } else if set.is_subset(opp_pile) {
                Some(opp)
            } else {
                None
            }
        }
        Premium::Valat => {
            let n: u8 = seats(team).map(|s| play.tricks_won[s as usize]).sum();
            (n == 12).then_some(team)
        }
    }
}

/// The endings of a positive game in play that are best for `side` (a bitmask: the declarer's
/// party or the opponents) among those the cards still out allow, without the Valat and with
/// it; `None` where that Valat cannot happen, and both `None` if the game is not positive.
///
/// Each item is decided for itself as `side` would have it (the game, and each premium: its
/// side, nobody, the other side, as far as its cards allow), so an ending need not be
/// reachable as a whole. But given the Valat every item is paid by itself ([`score`], §15), so
/// no reachable ending with that Valat pays `side` more: a solver bounds a position's payoff
/// with them.
pub fn best_endings(d: &DealState, play: &PlayState, side: u8) -> [Option<Ending>; 2] {
    if !d.contract.is_some_and(|c| c.is_positive()) || d.schleifen {
        return [None, None];
    }
    let team = d.team;
    let opp = 0b1111 & !team;
    let opp_tricks: u8 = seats(opp).map(|s| play.tricks_won[s as usize]).sum();
    let (team_pile, opp_pile) = party_piles_with(d, play);
    let trick = play.current_trick();
    let out = play
        .hands
        .iter()
        .fold(trick.iter().copied().collect::<CardSet>(), |a, &h| a | h);
    let done = play.tricks_done() as usize;
    let side_of = |s: u8| if team & (1 << s) != 0 { team } else { opp };
    // The seat that holds `card` or has played it to the current trick, if it can still fall
    // in trick `t` (0-based).
    let holder = |card, t: usize| {
        if done > t || !out.contains(card) {
            return None;
        }
        (0..4u8)
            .find(|&s| play.hands[s as usize].contains(card))
            .or_else(|| {
                let i = trick.iter().position(|&x| x == card)?;
                (done == t).then_some((play.leader + i as u8) & 3)
            })
    };
    let mut made = [None; 6];
    for (i, m) in made.iter_mut().enumerate() {
        let p = Premium::ALL[i];
        *m = match p {
            Premium::Pagat | Premium::Uhu | Premium::Kakadu | Premium::KoenigUltimo => {
                let (card, t) = match p.bird() {
                    Some(b) => b,
                    None => match d.ultimo_king.or(d.partner.and(d.called_king)) {
                        Some(k) => (k, 11),
                        None => continue,
                    },
                };
                if done > t {
                    achieved(d, play, p, team_pile, opp_pile)
                } else {
                    // Its trick is to come: made by its holder's side at best, if at all (and
                    // König ultimo only by the declarer's party).
                    holder(card, t)
                        .map(side_of)
                        .filter(|&s| s == side && (p != Premium::KoenigUltimo || s == team))
                }
            }
            Premium::Trull | Premium::VierKoenige => {
                let set = if p == Premium::Trull { TRULL } else { KINGS };
                let pile_of = |s: u8| if s == team { team_pile } else { opp_pile };
                if set.is_subset(team_pile) {
                    Some(team)
                } else if set.is_subset(opp_pile) {
                    Some(opp)
                } else if set.is_subset(pile_of(side) | out) {
                    Some(side)
                } else {
                    None
                }
            }
            Premium::Valat => unreachable!("the first six premiums"),
        };
    }
    let team_best = if side == team {
        team_pile | out
    } else {
        team_pile
    };
    let ending = |valat| Ending::Positive {
        game_won: valat || at_least_35_2(thirds(team_best)),
        valat,
        made,
    };
    [
        (opp_tricks > 0 || !play.is_over()).then(|| ending(false)),
        (opp_tricks == 0).then(|| ending(true)),
    ]
}

/// Settles a finished deal into `sink`.
pub fn settle<S: PaymentSink<Reason>>(d: &DealState, sink: &mut S) {
    settle_with(d, &d.play, sink);
}

/// Settles the deal `d` as if its card play were `play` (the playout benchmark copies only the
/// small play state): its [`ScoreFacts`], paid by [`score`].
pub fn settle_with<S: PaymentSink<Reason>>(d: &DealState, play: &PlayState, sink: &mut S) {
    if let Some(f) = ScoreFacts::of(d, play) {
        score(&f, &d.switches, sink);
    }
}

/// How a finished deal ended, as far as its settlement asks (§13, §14, §15).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Ending {
    /// The declarer ended the deal because the called king lay in the talon (§7.2, \[L160\]).
    Schleifen,
    /// A positive game played out: whether the declarer's party made at least 35/2 (§3.2,
    /// \[L352\]), whether it took all 12 tricks (the Valat, §9.5), and the side (a bitmask) that
    /// made each of the first six premiums (by [`Premium::index`]: Pagat, Uhu, Kakadu, König
    /// ultimo, Trull, Vier Könige), if any (§9.3).
    Positive {
        game_won: bool,
        valat: bool,
        made: [Option<u8>; 6],
    },
    /// A negative game (§13): the declarers (a bitmask) who took exactly their number of tricks
    /// (Bettler none, Piccolo one, Zwiccolo two) and so won.
    Negative { won: u8 },
    /// Trischaken (§14): each seat's count in thirds of a point, the talon with the winner of
    /// the last trick (§8.4, \[L204\]), and its tricks.
    Trischaken { points: [u32; 4], tricks: [u8; 4] },
}

/// The facts of a finished deal that decide its payments, and nothing else: what a score sheet
/// writes down when the cards were real. [`score`] pays them; the engine's own settlement
/// ([`settle`]) reads them from the played deal with [`ScoreFacts::of`] and pays them the same
/// way, so a deal entered by hand pays exactly as the same deal played by the engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreFacts {
    pub contract: Contract,
    /// The declarer (the first if several played a negative game "bei", §6.6).
    pub declarer: u8,
    /// Every declarer (bitmask).
    pub declarers: u8,
    /// The declarer's party (bitmask): the declarer and the partner who held the called king.
    pub team: u8,
    /// The Vorhand's seat (Trischaken doubles against him, §14).
    pub vorhand: u8,
    /// The announcer of each premium (by [`Premium::index`]), if announced.
    pub announced: [Option<u8>; 7],
    /// König ultimo with the declarer's own named king in a Sechser or Dreier (A16 alternative).
    pub ultimo_king: bool,
    /// Kontra levels per item slot ([`Item::slot`]) and seat: 0 none, 1 Kontra, 2 Re,
    /// 3 Subkontra (§10).
    pub levels: [[u8; 4]; crate::kontra::SLOTS],
    /// The called king lay in the talon (a Solorufer's Kontra may lapse, §7.2 and the switch).
    pub king_in_talon: bool,
    pub ending: Ending,
}

/// The side (bitmask) that owns an item of a game of contract `c`: the game of a declarer (his
/// party, or himself alone in a negative game), or an announced premium (its announcer's
/// party); `None` for an item that does not exist (§10.1, \[L274–L276\]).
pub fn item_owner(
    c: Contract,
    declarers: u8,
    team: u8,
    announced: &[Option<u8>; 7],
    item: Item,
) -> Option<u8> {
    match item {
        // A JSON record can name any number as the seat: only 0..3 are games.
        Item::Game(d) if d > 3 || declarers & (1 << d) == 0 => None,
        Item::Game(d) if c.is_negative() => Some(1 << d),
        Item::Game(_) => Some(team),
        Item::Premium(p) => {
            let s = announced[p.index()]?;
            Some(if team & (1 << s) != 0 {
                team
            } else {
                0b1111 & !team
            })
        }
    }
}

/// Whether premium `p` is part of a game of contract `c` (§9.4), or König ultimo is played with
/// an own named king (A16 alternative).
pub fn premium_allowed(c: Contract, ultimo_king: bool, p: Premium) -> bool {
    p.allowed_in(c) || (p == Premium::KoenigUltimo && ultimo_king)
}

impl ScoreFacts {
    /// The facts of the deal `d` played as `play`; `None` before a contract or the end.
    pub fn of(d: &DealState, play: &PlayState) -> Option<ScoreFacts> {
        let c = d.contract?;
        let ending = if d.schleifen {
            Ending::Schleifen
        } else if c == Contract::Trischaken {
            Ending::Trischaken {
                points: trischaken::points(d, play),
                tricks: play.tricks_won,
            }
        } else if c.is_negative() {
            let target = c.trick_target().expect("a negative game's target");
            let won = seats(d.declarers)
                .filter(|&s| play.tricks_won[s as usize] == target)
                .fold(0, |m, s| m | 1 << s);
            Ending::Negative { won }
        } else {
            let (team_pile, opp_pile) = party_piles_with(d, play);
            let mut made = [None; 6];
            for (i, m) in made.iter_mut().enumerate() {
                *m = achieved(d, play, Premium::ALL[i], team_pile, opp_pile);
            }
            Ending::Positive {
                game_won: at_least_35_2(thirds(team_pile)),
                valat: achieved(d, play, Premium::Valat, team_pile, opp_pile).is_some(),
                made,
            }
        };
        Some(ScoreFacts {
            contract: c,
            declarer: d.declarer,
            declarers: d.declarers,
            team: d.team,
            vorhand: d.vorhand,
            announced: d.announced,
            ultimo_king: d.ultimo_king.is_some(),
            levels: d.levels,
            king_in_talon: d.king_in_talon,
            ending,
        })
    }

    /// Whether premium `p` is part of this game (§9.4, with the A16 switch).
    pub fn premium_allowed(&self, p: Premium) -> bool {
        premium_allowed(self.contract, self.ultimo_king, p)
    }

    /// The side (bitmask) that owns an item (see [`item_owner`]).
    pub fn owner(&self, item: Item) -> Option<u8> {
        item_owner(
            self.contract,
            self.declarers,
            self.team,
            &self.announced,
            item,
        )
    }

    /// Whether the facts can be those of a deal played under `sw`: what the engine refuses
    /// while a deal is played, said of a deal entered by hand. The error names the rule. Every
    /// deal the engine plays to the end passes (a property test).
    pub fn check(&self, sw: &crate::Switches) -> Result<(), String> {
        let c = self.contract;
        let err = |why: String| Err(why);
        let bad_seat = |s: u8| s > 3;
        if bad_seat(self.declarer)
            || bad_seat(self.vorhand)
            || self.declarers & !0b1111 != 0
            || self.team & !0b1111 != 0
            || self.announced.iter().flatten().any(|&s| bad_seat(s))
        {
            return err("the seats of a deal are 0..3".into());
        }
        if self.declarers & (1 << self.declarer) == 0 || self.team & (1 << self.declarer) == 0 {
            return err("the declarer is one of the declarers and of his party".into());
        }
        if self.declarers.count_ones() > 1 && !c.allows_bei() {
            return err(format!(
                "only Piccolo and Zwiccolo may be played by several players at once (\"bei\"), not {c} (Spieleversum §6.6, L358)"
            ));
        }
        if c.vorhand_only() && self.declarer != self.vorhand {
            return err(crate::RuleError::VorhandOnly(c).to_string());
        }
        let partner = self.team & !(1 << self.declarer);
        if partner != 0 && (!c.calls_king() || partner.count_ones() > 1) {
            return err(format!(
                "{c} is played alone: only the king-call games (Rufer, Besserrufer, Solorufer) have a partner, the holder of the called king (Spieleversum §5, §7.1, L154)"
            ));
        }
        // The caller may not call a king he holds (§7.1), so a king-call game without a
        // partner is one whose called king lay in the talon.
        if self.king_in_talon != (c.calls_king() && partner == 0) {
            return err(format!(
                "{c}: the called king lies in the talon exactly when the declarer has no partner (Spieleversum §7.1–§7.2, L154, L160)"
            ));
        }
        if self.ultimo_king
            && !(sw.koenig_ultimo_own_king && matches!(c, Contract::Sechser | Contract::Dreier))
        {
            return err(
                crate::RuleError::PremiumNotAllowed(Premium::KoenigUltimo.name()).to_string(),
            );
        }
        for p in Premium::ALL {
            let Some(by) = self.announced[p.index()] else {
                continue;
            };
            if !self.premium_allowed(p) {
                return err(format!(
                    "{p} cannot be announced in a {c} (Spieleversum §9.4; the negative games and Trischaken allow no premium, L264; the colour games only Vier Könige and Valat, L334)"
                ));
            }
            let mine = self.team & (1 << by) != 0;
            if !mine && !sw.opponents_may_announce {
                return err(crate::RuleError::OpponentsMayNotAnnounce.to_string());
            }
            let ok = match p {
                Premium::Valat => mine,
                Premium::KoenigUltimo if self.ultimo_king => by == self.declarer,
                Premium::KoenigUltimo => partner == 1 << by,
                _ => true,
            };
            if !ok {
                return err(match p {
                    Premium::Valat => crate::RuleError::ValatNotDeclarer,
                    _ => crate::RuleError::NotKingHolder,
                }
                .to_string());
            }
        }
        for slot in 0..crate::kontra::SLOTS {
            let lv = self.levels[slot];
            if lv.iter().all(|&l| l == 0) {
                continue;
            }
            let item = Item::from_slot(slot);
            if lv.iter().any(|&l| l > 3) {
                return err(
                    "a Kontra level is none, Kontra, Re or Subkontra (Spieleversum §10)".into(),
                );
            }
            if c == Contract::Trischaken {
                return err(crate::RuleError::NoKontraHere.to_string());
            }
            // A Kontra on the game said before a Valat was announced stays written, and lapses
            // with the game the Valat replaces (§9.5, A18): it is not refused.
            let Some(owner) = self.owner(item) else {
                return err(format!(
                    "{}: {}",
                    item_words(item),
                    crate::RuleError::NoSuchItem
                ));
            };
            let kontra_side = 0b1111 & !owner;
            if (0..4).any(|s| lv[s] > 0 && kontra_side & (1 << s) == 0) {
                return err(format!(
                    "{}: {}",
                    item_words(item),
                    crate::RuleError::KontraOwnSide
                ));
            }
            // In positive games Kontra and Re are said for the whole other side, a Subkontra
            // by one player (§10, L278, L288, L294).
            if c.is_positive() {
                let side: Vec<u8> = seats(kontra_side).map(|s| lv[s as usize]).collect();
                let even = side.iter().all(|&l| l == side[0]) && side[0] <= 2
                    || side.iter().all(|&l| l >= 2);
                if !even {
                    return err(format!(
                        "{}: in a positive game Kontra and Re count for the whole other side, only a Subkontra for one player (Spieleversum §10, L278, L288, L294)",
                        item_words(item)
                    ));
                }
            }
        }
        match (self.ending, c) {
            (Ending::Schleifen, Contract::Rufer | Contract::Besserrufer) if self.king_in_talon => {}
            (Ending::Schleifen, _) => return err(crate::RuleError::NoSchleifen.to_string()),
            (Ending::Trischaken { points, .. }, Contract::Trischaken) => {
                let all = thirds(crate::cards::PACK);
                if points.iter().sum::<u32>() != all {
                    return err(format!(
                        "the four counts of a Trischaken add up to the whole pack, {} (Spieleversum §3, §14)",
                        crate::cards::count_text(all)
                    ));
                }
            }
            (Ending::Negative { won }, c) if c.is_negative() && c != Contract::Trischaken => {
                if won & !self.declarers != 0 {
                    return err(
                        "only a declarer wins or loses a negative game (Spieleversum §13)".into(),
                    );
                }
            }
            (
                Ending::Positive {
                    game_won,
                    valat,
                    made,
                },
                c,
            ) if c.is_positive() => {
                if valat && !game_won {
                    return err("a party that took all 12 tricks has won its game (Spieleversum §3.2, §9.5)".into());
                }
                let opp = 0b1111 & !self.team;
                for (i, m) in made.iter().enumerate() {
                    let p = Premium::ALL[i];
                    let by_team_only = p == Premium::KoenigUltimo;
                    if m.is_some_and(|m| m != self.team && (by_team_only || m != opp)) {
                        return err(format!(
                            "{p} is made by the declarer's party{} (Spieleversum §9.3)",
                            if by_team_only {
                                ""
                            } else {
                                " or by the opponents"
                            }
                        ));
                    }
                }
            }
            _ => return err(format!("the result does not fit a {c}")),
        }
        Ok(())
    }
}

/// An item as players say it: "the game" or the premium's name.
fn item_words(item: Item) -> String {
    match item {
        Item::Game(_) => "the game".into(),
        Item::Premium(p) => p.name().into(),
    }
}

/// Pays a finished deal from its facts (§13–§15): the one settlement of Königrufen, for a deal
/// played by the engine ([`settle`]) and for one entered by hand on a score sheet alike.
pub fn score<S: PaymentSink<Reason>>(f: &ScoreFacts, sw: &crate::Switches, sink: &mut S) {
    let c = f.contract;
    let (made, game_won, valat_made) = match f.ending {
        Ending::Schleifen => {
            let mut v = 0;
            if c == Contract::Rufer || sw.besserrufer_schleifen_pays_game {
                v += c.value();
            }
            for p in &Premium::ALL[..3] {
                if f.announced[p.index()].is_some() {
                    v += p.announced_value(c).unwrap_or(0);
                }
            }
            for s in 0..4u8 {
                if s != f.declarer {
                    line(sink, f.declarer, s, v, Reason::Schleifen { contract: c });
                }
            }
            return;
        }
        Ending::Trischaken { points, tricks } => {
            trischaken::pay_trischaken(points, tricks, f.vorhand, sw, sink);
            return;
        }
        Ending::Negative { won } => {
            for dec in seats(f.declarers) {
                let won = won & (1 << dec) != 0;
                let levels = f.levels[Item::Game(dec).slot()];
                pay_item(sink, c.value(), 1 << dec, won, levels, |level| {
                    Reason::Game {
                        contract: c,
                        won,
                        level,
                    }
                });
            }
            return;
        }
        Ending::Positive {
            game_won,
            valat,
            made,
        } => (made, game_won, valat),
    };
    // Positive games.
    let void_all = c == Contract::Solorufer && f.king_in_talon;
    let levels_of = |item: Item| {
        if void_all
            && (sw.solorufer_king_in_talon_void == SolorufKontraVoid::All
                || matches!(item, Item::Game(_)))
        {
            [0; 4]
        } else {
            f.levels[item.slot()]
        }
    };
    let team = f.team;
    let opp = 0b1111 & !team;
    let valat_announced = f.announced[Premium::Valat.index()].is_some();
    if valat_announced {
        let won = valat_made;
        let v = Premium::Valat.announced_value(c).expect("valat allowed");
        pay_item(
            sink,
            v,
            team,
            won,
            levels_of(Item::Premium(Premium::Valat)),
            |level| Reason::Valat {
                announced: true,
                won,
                level,
            },
        );
    } else if valat_made {
        let v = Premium::Valat.silent_value(c).expect("valat allowed");
        pay_item(sink, v, team, true, [0; 4], |level| Reason::Valat {
            announced: false,
            won: true,
            level,
        });
    } else {
        let won = game_won;
        let v = if won { c.value() } else { c.loss_value() };
        pay_item(
            sink,
            v,
            team,
            won,
            levels_of(Item::Game(f.declarer)),
            |level| Reason::Game {
                contract: c,
                won,
                level,
            },
        );
    }
    for p in &Premium::ALL[..6] {
        let p = *p;
        if !f.premium_allowed(p) {
            continue;
        }
        let by = made[p.index()];
        if let Some(announcer) = f.announced[p.index()] {
            let owner = if team & (1 << announcer) != 0 {
                team
            } else {
                opp
            };
            let won = by == Some(owner);
            let v = 2 * p.table_value(c);
            pay_item(sink, v, owner, won, levels_of(Item::Premium(p)), |level| {
                Reason::Premium {
                    premium: p,
                    announced: true,
                    won,
                    level,
                }
            });
        } else if !valat_made {
            if let Some(owner) = by {
                let v = p.silent_value(c).expect("allowed");
                pay_item(sink, v, owner, true, [0; 4], |level| Reason::Premium {
                    premium: p,
                    announced: false,
                    won: true,
                    level,
                });
            }
        }
    }
}

/// The lines of a finished deal.
pub fn settlement(d: &DealState) -> Vec<Line> {
    let mut v = Vec::new();
    if d.is_over() {
        settle(d, &mut v);
    }
    v
}
