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

/// Settles a finished deal into `sink`.
pub fn settle<S: PaymentSink<Reason>>(d: &DealState, sink: &mut S) {
    settle_with(d, &d.play, sink);
}

/// Settles the deal `d` as if its card play were `play` (the playout benchmark copies only the
/// small play state).
pub fn settle_with<S: PaymentSink<Reason>>(d: &DealState, play: &PlayState, sink: &mut S) {
    let Some(c) = d.contract else { return };
    if d.schleifen {
        let mut v = 0;
        if c == Contract::Rufer || d.switches.besserrufer_schleifen_pays_game {
            v += c.value();
        }
        for p in &Premium::ALL[..3] {
            if d.announced[p.index()].is_some() {
                v += p.announced_value(c).unwrap_or(0);
            }
        }
        for s in 0..4u8 {
            if s != d.declarer {
                line(sink, d.declarer, s, v, Reason::Schleifen { contract: c });
            }
        }
        return;
    }
    if c == Contract::Trischaken {
        trischaken::settle(d, play, sink);
        return;
    }
    if c.is_negative() {
        let target = c.trick_target().expect("target");
        for dec in seats(d.declarers) {
            let won = play.tricks_won[dec as usize] == target;
            let levels = d.levels[Item::Game(dec).slot()];
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
    // Positive games.
    let void_all = c == Contract::Solorufer && d.king_in_talon;
    let levels_of = |item: Item| {
        if void_all
            && (d.switches.solorufer_king_in_talon_void == SolorufKontraVoid::All
                || matches!(item, Item::Game(_)))
        {
            [0; 4]
        } else {
            d.levels[item.slot()]
        }
    };
    let (team_pile, opp_pile) = party_piles_with(d, play);
    let team = d.team;
    let opp = 0b1111 & !team;
    let valat_made = achieved(d, play, Premium::Valat, team_pile, opp_pile).is_some();
    let valat_announced = d.announced[Premium::Valat.index()].is_some();
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
        let won = at_least_35_2(thirds(team_pile));
        let v = if won { c.value() } else { c.loss_value() };
        pay_item(
            sink,
            v,
            team,
            won,
            levels_of(Item::Game(d.declarer)),
            |level| Reason::Game {
                contract: c,
                won,
                level,
            },
        );
    }
    for p in &Premium::ALL[..6] {
        let p = *p;
        if !d.premium_allowed(p) {
            continue;
        }
        let by = achieved(d, play, p, team_pile, opp_pile);
        if let Some(announcer) = d.announced[p.index()] {
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
