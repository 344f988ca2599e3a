//! A Königrufen deal entered by hand: the compact text of `tarok session deal --game`, read into
//! the engine's own facts ([`ScoreFacts`]) or a Renonce, and written back from a played deal.
//!
//! The syntax (clauses separated by `;`; names as at the table, contracts and premiums as
//! `tarok rules at-koenigrufen-spieleversum` names them, case ignored):
//!
//! ```text
//! CONTRACT DECLARER[+PARTNER] RESULT [LEVELS]     the game; RESULT: won, lost, valat
//!                                                  (all 12 tricks), schleifen
//! bei NAME RESULT [LEVELS]                         another declarer of a Piccolo or Zwiccolo
//! PREMIUM [announced NAME] made NAME [LEVELS]      a premium made by NAME's party
//! PREMIUM announced NAME failed [LEVELS]           an announced premium not made
//! valat announced NAME [LEVELS]                    an announced Valat (RESULT says if made)
//! trischaken NAME=POINTS NAME=POINTS NAME=POINTS NAME=POINTS    counts as points/Blätter, 35/2
//! renonce NAME CONTRACT DECLARER [LEVEL]; PREMIUM [LEVEL]…      §16.1: the offender pays
//! renonce NAME trischaken | renonce NAME no-bird   §14 L494; the Besserrufer without a bird L647
//! misdeal NAME+NAME CONTRACT [LEVEL]               a misdeal noticed in play (§16.1, L392, A32)
//! void [NOTE]                                      a writing error: the round counts 0 (§18.2)
//! LEVELS: kontra [NAMES] | re [NAMES] | subkontra NAMES, NAMES comma-separated; without
//! names the whole other side (in a positive game Kontra and Re are said for all, §10).
//! ```

use crate::entry::{find_person, name_key};
use tarok_koenigrufen::cards::count_text;
use tarok_koenigrufen::kontra::level_name;
use tarok_koenigrufen::scoring::{Ending, ScoreFacts};
use tarok_koenigrufen::table::Renonce;
use tarok_koenigrufen::{Contract, Item, Premium, Switches};

/// A Königrufen deal as the sheet takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KrEntry {
    /// A deal played to its end (or ended by Schleifen), by its facts in deal seats.
    Played(ScoreFacts),
    /// A Renonce, paid instead of the game (§16), in deal seats.
    Renonce(Renonce),
    /// A round whose writing error cannot be reconstructed (§18.2, L424), with its note.
    Void(String),
}

/// The players of one deal: the name in each deal seat (0 is the Vorhand), who sits out, and
/// the Vorhand's deal seat.
pub struct DealTable<'a> {
    pub seats: [&'a str; 4],
    pub sitting_out: Vec<&'a str>,
    pub vorhand: u8,
}

const LEVEL_WORDS: [&str; 3] = ["kontra", "re", "subkontra"];

/// Lower case, with ö as oe, for matching the players' words.
fn word(t: &str) -> String {
    t.to_lowercase().replace('ö', "oe")
}

impl DealTable<'_> {
    fn seat(&self, name: &str) -> Result<u8, String> {
        let names: Vec<String> = self.seats.iter().map(|s| s.to_string()).collect();
        if let Some(s) = find_person(&names, name) {
            return Ok(s as u8);
        }
        if self
            .sitting_out
            .iter()
            .any(|o| name_key(o) == name_key(name))
        {
            return Err(format!(
                "{name} sits out this deal (Spieleversum §17, L414, L418): only {} play it",
                self.seats.join(", ")
            ));
        }
        Err(format!(
            "{name:?} is not at the table; this deal is played by {}",
            self.seats.join(", ")
        ))
    }

    fn seats_of(&self, names: &str) -> Result<Vec<u8>, String> {
        names.split(',').map(|n| self.seat(n.trim())).collect()
    }

    /// The names of the seats of a bitmask, comma-separated.
    fn names(&self, mask: u8) -> String {
        (0..4u8)
            .filter(|s| mask & (1 << s) != 0)
            .map(|s| self.seats[s as usize])
            .collect::<Vec<_>>()
            .join(",")
    }
}

fn contract(tokens: &mut Vec<&str>) -> Result<Contract, String> {
    // Two words first, for "bettler ouvert" and "piccolo ouvert".
    if tokens.len() >= 2 {
        if let Some(c) = Contract::parse(&format!("{}-{}", tokens[0], tokens[1])) {
            tokens.drain(..2);
            return Ok(c);
        }
    }
    let t = tokens
        .first()
        .ok_or("the entry is empty: it starts with the game")?;
    let c = Contract::parse(t).ok_or_else(|| {
        format!(
            "{t:?} is not a game; the games are {}",
            Contract::ALL.map(|c| c.token()).join(", ")
        )
    })?;
    tokens.remove(0);
    Ok(c)
}

fn premium(t: &str) -> Option<Premium> {
    let t = word(t);
    Premium::ALL
        .into_iter()
        .find(|p| word(p.token()) == t || word(p.name()).replace(' ', "-") == t)
}

/// A count written "points/Blätter" (35/2) or in whole points (35), in thirds.
fn count(t: &str) -> Result<u32, String> {
    let bad = || format!("{t:?} is not a count: write points/Blätter, e.g. 35/2 or 18");
    let (p, b) = t.split_once('/').unwrap_or((t, "0"));
    let (p, b): (u32, u32) = (p.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if b > 2 || p > 70 {
        return Err(bad());
    }
    Ok(3 * p + b)
}

fn level_of(t: &str) -> Option<u8> {
    LEVEL_WORDS
        .iter()
        .position(|w| *w == word(t))
        .map(|i| i as u8 + 1)
}

/// Reads the Kontra levels at the end of a clause into `levels` (the item's slot): each level
/// word with the names after it, or the whole other side `kontra_side` without names.
fn levels(
    t: &DealTable,
    rest: &[&str],
    kontra_side: u8,
    levels: &mut [u8; 4],
) -> Result<(), String> {
    let mut i = 0;
    while i < rest.len() {
        let level = level_of(rest[i]).ok_or_else(|| {
            format!(
                "{:?} is not understood here; after the result come only kontra, re or subkontra, each with the names of those who said it",
                rest[i]
            )
        })?;
        i += 1;
        let seats = match rest.get(i) {
            Some(n) if level_of(n).is_none() => {
                i += 1;
                t.seats_of(n)?
            }
            _ if level == 3 => {
                return Err(
                    "a Subkontra is said by one player: write subkontra NAME (Spieleversum §10.3, L294)"
                        .into(),
                )
            }
            _ => (0..4u8).filter(|s| kontra_side & (1 << s) != 0).collect(),
        };
        for s in seats {
            levels[s as usize] = level;
        }
    }
    Ok(())
}

/// Reads one deal's text for the table `t` under the house rules `sw`. The facts are checked
/// by the engine ([`ScoreFacts::check`]) when they are entered.
pub fn parse(text: &str, t: &DealTable, sw: &Switches) -> Result<KrEntry, String> {
    let mut clauses = text.split(';').map(str::trim).filter(|c| !c.is_empty());
    let first = clauses
        .next()
        .ok_or("the entry is empty; see `tarok session deal --help` for the syntax and examples")?;
    let mut tokens: Vec<&str> = first.split_whitespace().collect();
    match word(tokens[0]).as_str() {
        "void" => return Ok(KrEntry::Void(tokens[1..].join(" "))),
        "renonce" => return renonce(&tokens[1..], clauses, t),
        "misdeal" => {
            let [pair, rest @ ..] = &tokens[1..] else {
                return Err("write misdeal NAME+NAME CONTRACT [kontra|re|subkontra]".into());
            };
            let (a, b) = pair
                .split_once('+')
                .ok_or("a misdeal names the two players concerned: NAME+NAME (Spieleversum §16.1, L392, A32)")?;
            let offenders = [t.seat(a)?, t.seat(b)?];
            let mut rest = rest.to_vec();
            let c = contract(&mut rest)?;
            let w = c.value() * single_level(&rest)?;
            return Ok(KrEntry::Renonce(Renonce::Misdeal { offenders, w }));
        }
        _ => {}
    }
    let c = contract(&mut tokens)?;
    let mut f = ScoreFacts {
        contract: c,
        declarer: t.vorhand,
        declarers: 1 << t.vorhand,
        team: 1 << t.vorhand,
        vorhand: t.vorhand,
        announced: [None; 7],
        ultimo_king: false,
        levels: [[0; 4]; tarok_koenigrufen::kontra::SLOTS],
        king_in_talon: false,
        ending: Ending::Schleifen,
    };
    if c == Contract::Trischaken {
        let mut points = [None; 4];
        for tok in &tokens {
            let (n, p) = tok
                .split_once('=')
                .ok_or_else(|| format!("write each player's count as NAME=POINTS, not {tok:?}"))?;
            points[t.seat(n)? as usize] = Some(count(p)?);
        }
        let Some(points) = points.iter().copied().collect::<Option<Vec<u32>>>() else {
            return Err("a Trischaken gives the count of each of the four players".into());
        };
        // A player without a trick has no card and so no count: a Jungfrau (§14).
        let tricks = [0, 1, 2, 3].map(|s| u8::from(points[s] > 0));
        f.ending = Ending::Trischaken {
            points: [points[0], points[1], points[2], points[3]],
            tricks,
        };
        if let Some(extra) = clauses.next() {
            return Err(format!(
                "a Trischaken has no premium and no Kontra (Spieleversum §9.4, §10.1, L340): {extra:?}"
            ));
        }
        return Ok(KrEntry::Played(f));
    }
    let [who, result, rest @ ..] = tokens.as_slice() else {
        return Err(format!(
            "write the game as {} DECLARER[+PARTNER] won|lost|valat|schleifen",
            c.token()
        ));
    };
    let (decl, partner) = match who.split_once('+') {
        Some((d, p)) => (t.seat(d)?, Some(t.seat(p)?)),
        None => (t.seat(who)?, None),
    };
    f.declarer = decl;
    f.declarers = 1 << decl;
    f.team = (1 << decl) | partner.map_or(0, |p| 1 << p);
    f.king_in_talon = c.calls_king() && partner.is_none();
    let opp = 0b1111 & !f.team;
    let negative = c.is_negative();
    // König ultimo with the declarer's own named king in a Sechser or Dreier (A16 alternative).
    let own_king = sw.koenig_ultimo_own_king && matches!(c, Contract::Sechser | Contract::Dreier);
    let mut won = 0u8;
    let mut made = [None; 6];
    let (game_won, valat, schleifen) = match (word(result).as_str(), negative) {
        ("won", _) => (true, false, false),
        ("lost", _) => (false, false, false),
        ("valat", false) => (true, true, false),
        ("schleifen", false) => (false, false, true),
        (r, _) => {
            return Err(format!(
                "{r:?} is not a result of a {c}: write {}",
                if negative {
                    "won or lost"
                } else {
                    "won, lost, valat (all 12 tricks) or schleifen"
                }
            ))
        }
    };
    won |= u8::from(game_won) << decl;
    levels(t, rest, opp, &mut f.levels[Item::Game(decl).slot()])?;
    for clause in clauses {
        let tokens: Vec<&str> = clause.split_whitespace().collect();
        if word(tokens[0]) == "bei" {
            let [name, result, rest @ ..] = &tokens[1..] else {
                return Err("write bei NAME won|lost".into());
            };
            let s = t.seat(name)?;
            f.declarers |= 1 << s;
            match word(result).as_str() {
                "won" => won |= 1 << s,
                "lost" => {}
                r => return Err(format!("{r:?} is not a result of a {c}: write won or lost")),
            }
            levels(
                t,
                rest,
                0b1111 & !(1 << s),
                &mut f.levels[Item::Game(s).slot()],
            )?;
            continue;
        }
        let p = premium(tokens[0]).ok_or_else(|| {
            format!(
                "{:?} is neither a premium ({}) nor bei",
                tokens[0],
                Premium::ALL.map(|p| p.token()).join(", ")
            )
        })?;
        if !tarok_koenigrufen::scoring::premium_allowed(c, own_king, p) {
            return Err(format!(
                "{p} is no premium of a {c} (Spieleversum §9.4; the negative games and Trischaken have none, L264; the colour games only Vier Könige and Valat, L334)"
            ));
        }
        let mut rest = &tokens[1..];
        if let ["announced", name, r @ ..] = rest {
            let s = t.seat(name)?;
            f.announced[p.index()] = Some(s);
            rest = r;
        }
        let announced = f.announced[p.index()].is_some();
        if p == Premium::Valat {
            if !announced {
                return Err("a silent Valat is the result valat of the game clause".into());
            }
        } else {
            match rest {
                ["made", name, r @ ..] => {
                    let s = t.seat(name)?;
                    made[p.index()] = Some(if f.team & (1 << s) != 0 { f.team } else { opp });
                    rest = r;
                }
                ["failed", r @ ..] if announced => rest = r,
                // Schleifen ends the deal before a card is played: the announced birds are
                // paid, made by nobody (§7.2, L160).
                [] if announced && schleifen => {}
                _ => {
                    return Err(format!(
                        "write {} [announced NAME] made NAME, or {} announced NAME failed",
                        p.token(),
                        p.token()
                    ))
                }
            }
        }
        if !rest.is_empty() && !announced {
            return Err(format!(
                "{}: only an announced premium can be kontra'd (Spieleversum §10.1, L274–L276)",
                p.name()
            ));
        }
        if let Some(by) = f.announced[p.index()] {
            let owner = if f.team & (1 << by) != 0 { f.team } else { opp };
            levels(
                t,
                rest,
                0b1111 & !owner,
                &mut f.levels[Item::Premium(p).slot()],
            )?;
        }
    }
    f.ultimo_king = own_king && f.announced[Premium::KoenigUltimo.index()].is_some();
    f.ending = if schleifen {
        Ending::Schleifen
    } else if negative {
        Ending::Negative { won }
    } else {
        Ending::Positive {
            game_won,
            valat,
            made,
        }
    };
    Ok(KrEntry::Played(f))
}

/// A level word (kontra, re, subkontra) or none: the factor.
fn single_level(rest: &[&str]) -> Result<i32, String> {
    match rest {
        [] => Ok(1),
        [l] => level_of(l)
            .map(tarok_koenigrufen::kontra::factor)
            .ok_or_else(|| format!("{l:?} is not kontra, re or subkontra")),
        _ => Err(format!("{:?} is not understood here", rest.join(" "))),
    }
}

fn renonce<'a>(
    tokens: &[&str],
    clauses: impl Iterator<Item = &'a str>,
    t: &DealTable,
) -> Result<KrEntry, String> {
    let [offender, rest @ ..] = tokens else {
        return Err("write renonce NAME CONTRACT DECLARER [kontra|re|subkontra]".into());
    };
    let offender = t.seat(offender)?;
    let mut rest = rest.to_vec();
    if rest.len() == 1 && word(rest[0]) == "no-bird" {
        return Ok(KrEntry::Renonce(Renonce::BesserruferWithoutBird {
            offender,
        }));
    }
    let c = contract(&mut rest)?;
    if c == Contract::Trischaken {
        return Ok(KrEntry::Renonce(Renonce::Trischaken {
            offender,
            vorhand: t.vorhand,
        }));
    }
    let [declarer, level @ ..] = rest.as_slice() else {
        return Err(format!("write renonce NAME {} DECLARER", c.token()));
    };
    let declarer = t.seat(declarer)?;
    let game_level = single_level(level)?.trailing_zeros() as u8;
    let mut announced = Vec::new();
    for clause in clauses {
        let tokens: Vec<&str> = clause.split_whitespace().collect();
        let p = premium(tokens[0]).ok_or_else(|| format!("{:?} is not a premium", tokens[0]))?;
        if p.announced_value(c).is_none() {
            return Err(format!(
                "{p} cannot be announced in a {c} (Spieleversum §9.4)"
            ));
        }
        let level = single_level(&tokens[1..])?.trailing_zeros() as u8;
        announced.push((p, level));
    }
    Ok(KrEntry::Renonce(Renonce::Game {
        contract: c,
        offender,
        declarer,
        game_level,
        announced,
    }))
}

/// The Kontra levels of an item as the syntax writes them, after a space; empty for none.
fn levels_text(t: &DealTable, levels: [u8; 4], kontra_side: u8, positive: bool) -> String {
    let at = |l: u8| {
        (0..4u8)
            .filter(|&s| levels[s as usize] == l)
            .fold(0, |m, s| m | 1 << s)
    };
    let mut out = String::new();
    let all = |l: u8| at(l) & kontra_side == kontra_side;
    if positive && (all(1) || all(2)) {
        out.push_str(if all(1) { " kontra" } else { " re" });
    } else if positive && at(3) != 0 {
        out.push_str(&format!(" re subkontra {}", t.names(at(3))));
    } else {
        for l in 1..=3 {
            if at(l) != 0 {
                out.push_str(&format!(" {} {}", word(level_name(l)), t.names(at(l))));
            }
        }
    }
    out
}

/// The text of a deal's facts, which [`parse`] reads back to a deal that pays the same.
pub fn facts_text(f: &ScoreFacts, t: &DealTable) -> String {
    let c = f.contract;
    let name = |s: u8| t.seats[s as usize];
    if let Ending::Trischaken { points, .. } = f.ending {
        let counts: Vec<String> = (0..4)
            .map(|s| format!("{}={}", name(s as u8), count_text(points[s])))
            .collect();
        return format!("{} {}", c.token(), counts.join(" "));
    }
    let team = f.team;
    let opp = 0b1111 & !team;
    let side_name = |side: u8| {
        name(if side == team {
            f.declarer
        } else {
            opp.trailing_zeros() as u8
        })
    };
    let partner = team & !(1 << f.declarer);
    let mut out = c.token();
    out.push(' ');
    out.push_str(name(f.declarer));
    if partner != 0 {
        out.push_str(&format!("+{}", name(partner.trailing_zeros() as u8)));
    }
    let mut premiums = Vec::new();
    match f.ending {
        Ending::Schleifen => {
            out.push_str(" schleifen");
            for p in Premium::ALL {
                if let Some(a) = f.announced[p.index()] {
                    premiums.push(format!("{} announced {}", p.token(), name(a)));
                }
            }
        }
        Ending::Negative { won } => {
            let result = |s: u8| if won & (1 << s) != 0 { "won" } else { "lost" };
            out.push_str(&format!(" {}", result(f.declarer)));
            out.push_str(&levels_text(
                t,
                f.levels[f.declarer as usize],
                0b1111 & !(1 << f.declarer),
                false,
            ));
            for s in (0..4u8).filter(|&s| s != f.declarer && f.declarers & (1 << s) != 0) {
                premiums.push(format!(
                    "bei {} {}{}",
                    name(s),
                    result(s),
                    levels_text(t, f.levels[s as usize], 0b1111 & !(1 << s), false)
                ));
            }
        }
        Ending::Positive {
            game_won,
            valat,
            made,
        } => {
            out.push_str(match (valat, game_won) {
                (true, _) => " valat",
                (false, true) => " won",
                (false, false) => " lost",
            });
            out.push_str(&levels_text(
                t,
                f.levels[Item::Game(f.declarer).slot()],
                opp,
                true,
            ));
            for p in Premium::ALL {
                if !f.premium_allowed(p) {
                    continue;
                }
                let announced = f.announced[p.index()];
                let by = made.get(p.index()).copied().flatten();
                if announced.is_none() && (by.is_none() || valat) {
                    continue;
                }
                let mut clause = p.token().to_string();
                if let Some(a) = announced {
                    clause.push_str(&format!(" announced {}", name(a)));
                }
                if p != Premium::Valat {
                    match by {
                        Some(side) => clause.push_str(&format!(" made {}", side_name(side))),
                        None => clause.push_str(" failed"),
                    }
                }
                if let Some(a) = announced {
                    let owner = if team & (1 << a) != 0 { team } else { opp };
                    clause.push_str(&levels_text(
                        t,
                        f.levels[Item::Premium(p).slot()],
                        0b1111 & !owner,
                        true,
                    ));
                }
                premiums.push(clause);
            }
        }
        Ending::Trischaken { .. } => unreachable!("written above"),
    }
    for p in premiums {
        out.push_str("; ");
        out.push_str(&p);
    }
    out
}
