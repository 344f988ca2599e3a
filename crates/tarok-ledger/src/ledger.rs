//! The session ledger: the people at the table, funding (*fundering*), every deal's payment
//! lines, each person's balance, the two cups (*kongekop*, *pagatkop*) and the end-of-evening
//! split. Balances plus cups always sum to zero.

use crate::entry::{
    find_person, name_key, BagudEntry, Context, DealEntry, EndEntry, EngineInfo, EntryError,
    InPlayEntry, Outcome, Resolved,
};
use crate::seating::{seating, Scheme, Seating};
use serde::{Deserialize, Serialize};
use tarok_core::{DealRng, Party};
use tarok_danish::family::random_record;
use tarok_danish::record::Record;
use tarok_danish::settle::{KING_CUP, PAGAT_CUP};
use tarok_danish::{settle, Action, Deal, DealOptions, Line, Phase, Preset, RuleError, Ruleset};

/// The smallest chip: every payment is a multiple of it (000 L331-332).
const CHIP: i32 = 5;

/// Who pays or receives in the ledger.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Account {
    /// A person, by index in the seating order.
    Person(usize),
    /// 0 = kongekop, 1 = pagatkop.
    Cup(u8),
}

/// Why a ledger line is paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Cause {
    /// Funding at the start of the evening: 20 into each cup from everyone at the table
    /// (000 L392-393; 003 L28 p.10).
    Funding,
    /// A line of the deal's settlement, in the engine's words.
    Deal { reason: String },
    /// A fine (*bøde*) from the preset's table, by its id. Owned, so that a stored line names
    /// a fine even if a later rules version drops it from the table.
    Fine { fine: String },
    /// The end-of-evening split of the cups, in chips of 5 (000 L331-332, L342-344).
    Split,
}

/// One payment line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LedgerLine {
    /// The deal's number, from 1; None for funding and the split.
    pub deal: Option<u32>,
    pub from: Account,
    pub to: Account,
    pub amount: i32,
    pub cause: Cause,
    /// The rule's source.
    pub rule: String,
}

/// One entered deal and its effect.
#[derive(Clone, Debug, Serialize)]
pub struct DealResult {
    pub number: u32,
    pub entry: DealEntry,
    pub seating: Seating,
    /// The dealer paid the ante.
    pub ante: bool,
    pub cups_before: [i32; 2],
    pub cups_after: [i32; 2],
    pub balances_after: Vec<i32>,
    /// Its lines, as a range of `Session::lines`.
    pub lines: std::ops::Range<usize>,
}

/// Why a session could not be made or changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    #[error("{scheme} seats {need} people, not {got}")]
    TableSize {
        scheme: Scheme,
        need: usize,
        got: usize,
    },
    #[error("a table has 3, 4 or 5 people, not {0}")]
    NoScheme(usize),
    #[error("the names {0:?} and {1:?} are the same person to the ledger, which ignores case and reads æ ø å as ae oe aa; tell them apart, e.g. with an initial")]
    DuplicateName(String, String),
    #[error("a name may not be empty or contain a comma or '=': {0:?}")]
    BadName(String),
    #[error("the name {name:?} contains the control character U+{code:04X}, which would change the terminal rather than show a letter; type the name as plain text")]
    NameControl { name: String, code: u32 },
    #[error("the name {name:?} has {chars} characters; at most {max} fit the screens, so shorten it (an initial or a nickname)")]
    NameTooLong {
        name: String,
        chars: usize,
        max: usize,
    },
    #[error("{0:?} is the name of a cup in the ledger (kongekop, pagatkop), so its payments could not be told from a person's; choose another name")]
    CupName(String),
    #[error("the first dealer must be one of the players")]
    FirstDealer,
    #[error("the session is closed")]
    Closed,
    #[error("there is no deal to undo: none has been entered")]
    NoDeal,
    #[error("the session was entered under {preset} rules version {entered} and this program has version {now}: its deals are shown as stored and cannot be settled again, so it takes no new deals and no undo; it can still be shown, exported and closed")]
    OtherRulesVersion {
        preset: &'static str,
        entered: u32,
        now: u32,
    },
    #[error(transparent)]
    Entry(#[from] EntryError),
}

/// A stored session's table, as [`Session::from_stored`] takes it.
#[derive(Clone, Debug)]
pub struct StoredTable {
    pub preset: Preset,
    pub scheme: Scheme,
    pub players: Vec<String>,
    pub first_dealer: usize,
    /// The rules version its deals were entered under.
    pub rules_version: u32,
    pub closed: bool,
}

/// A table session: one evening.
#[derive(Clone, Debug, Serialize)]
pub struct Session {
    pub preset: Preset,
    pub scheme: Scheme,
    /// Names in seating order, each sitting on the previous one's right.
    pub players: Vec<String>,
    /// Who deals first (by lot, 000 L393).
    pub first_dealer: usize,
    /// Rotation position of the next deal; a redeal keeps it.
    pub position: u32,
    /// The next dealer pays the ante (not on a redeal: 000 L426-428).
    pub ante_due: bool,
    pub cups: [i32; 2],
    pub balances: Vec<i32>,
    pub lines: Vec<LedgerLine>,
    pub deals: Vec<DealResult>,
    pub closed: bool,
    /// The rules version the deals were entered under. When it is not this program's, the
    /// ledger was rebuilt from the stored payment lines ([`Session::from_stored`]) rather than
    /// settled again: those lines are the evening's history.
    pub rules_version: u32,
    #[serde(skip)]
    rules: Ruleset,
}

impl Session {
    /// Seats the table and pays the funding. Each name must be a [`player_name`]; it is kept in
    /// its NFC form.
    pub fn new(
        preset: Preset,
        scheme: Option<Scheme>,
        players: Vec<String>,
        first_dealer: usize,
    ) -> Result<Session, SessionError> {
        let players = players
            .iter()
            .map(|p| player_name(p))
            .collect::<Result<Vec<_>, _>>()?;
        Session::funded(preset, scheme, players, first_dealer)
    }

    /// A session seated and funded again from what was stored or entered before, whose
    /// names are not held to the rules for new names: a name stored before a rule was added
    /// must not make the evening unreadable.
    pub(crate) fn funded(
        preset: Preset,
        scheme: Option<Scheme>,
        players: Vec<String>,
        first_dealer: usize,
    ) -> Result<Session, SessionError> {
        let n = players.len();
        let rules = preset.ruleset();
        let mut s = Session::seated(preset, scheme, players, first_dealer)?;
        for p in 0..n {
            for c in [KING_CUP, PAGAT_CUP] {
                s.push(LedgerLine {
                    deal: None,
                    from: Account::Person(p),
                    to: Account::Cup(c),
                    amount: rules.tariff.funding,
                    cause: Cause::Funding,
                    rule: "000 L392-393; 003 L28 p.10".into(),
                });
            }
        }
        Ok(s)
    }

    /// The table seated, its names and scheme checked, with no payment yet.
    fn seated(
        preset: Preset,
        scheme: Option<Scheme>,
        players: Vec<String>,
        first_dealer: usize,
    ) -> Result<Session, SessionError> {
        let n = players.len();
        let scheme = match scheme {
            Some(s) => s,
            None => Scheme::default_for(n).ok_or(SessionError::NoScheme(n))?,
        };
        if scheme.table() != n {
            return Err(SessionError::TableSize {
                scheme,
                need: scheme.table(),
                got: n,
            });
        }
        for (i, p) in players.iter().enumerate() {
            if p.trim().is_empty() || p.contains(',') || p.contains('=') || p.trim() != p {
                return Err(SessionError::BadName(p.clone()));
            }
            // Names are looked up by their key, so two with one key could not be told apart.
            if let Some(q) = players[..i].iter().find(|q| name_key(q) == name_key(p)) {
                return Err(SessionError::DuplicateName(q.clone(), p.clone()));
            }
        }
        if first_dealer >= n {
            return Err(SessionError::FirstDealer);
        }
        let rules = preset.ruleset();
        Ok(Session {
            preset,
            scheme,
            players,
            first_dealer,
            position: 0,
            ante_due: true,
            cups: [0, 0],
            balances: vec![0; n],
            lines: Vec::new(),
            deals: Vec::new(),
            closed: false,
            rules_version: rules.version,
            rules,
        })
    }

    /// Rebuilds a session entered under another rules version from what was stored: its
    /// entries and its payment lines, in order. Nothing is settled again, because the settlement
    /// of today's rules may differ from the one the table paid by; the stored lines are the
    /// evening's history. Such a session can be shown, exported and closed (the split needs only
    /// balances and cups), but takes no new deal and no undo. The error says which line or deal
    /// does not fit.
    pub fn from_stored(
        table: StoredTable,
        entries: Vec<DealEntry>,
        lines: Vec<LedgerLine>,
    ) -> Result<Session, String> {
        let StoredTable {
            preset,
            scheme,
            players,
            first_dealer,
            rules_version,
            closed,
        } = table;
        let mut s = Session::seated(preset, Some(scheme), players, first_dealer)
            .map_err(|e| e.to_string())?;
        s.rules_version = rules_version;
        let n = s.players.len();
        for (i, l) in lines.iter().enumerate() {
            for a in [l.from, l.to] {
                match a {
                    Account::Person(p) if p >= n => {
                        return Err(format!("payment line {i} names person {p} of {n}"))
                    }
                    Account::Cup(c) if c > 1 => {
                        return Err(format!("payment line {i} names cup {c}"))
                    }
                    _ => {}
                }
            }
        }
        let mut rest = lines.into_iter().enumerate().peekable();
        while let Some((_, l)) = rest.next_if(|(_, l)| l.cause == Cause::Funding) {
            s.push(l);
        }
        for (k, entry) in entries.into_iter().enumerate() {
            let number = k as u32 + 1;
            let seating = s.seating();
            let ante = s.ante_due;
            let cups_before = s.cups;
            let first_line = s.lines.len();
            while let Some((_, l)) = rest.next_if(|(_, l)| l.deal == Some(number)) {
                s.push(l);
            }
            s.pass_deal(entry.outcome);
            s.deals.push(DealResult {
                number,
                entry,
                seating,
                ante,
                cups_before,
                cups_after: s.cups,
                balances_after: s.balances.clone(),
                lines: first_line..s.lines.len(),
            });
        }
        while let Some((_, l)) = rest.next_if(|(_, l)| closed && l.cause == Cause::Split) {
            s.push(l);
        }
        if let Some((i, l)) = rest.next() {
            return Err(match l.deal {
                Some(d) => format!("payment line {i} of deal {d} is out of order"),
                None => format!("payment line {i} ({:?}) is out of order", l.cause),
            });
        }
        s.closed = closed;
        Ok(s)
    }

    /// Whether the deals were entered under another rules version than this program's: the
    /// ledger is then the stored one, not settled again.
    pub fn under_other_rules(&self) -> bool {
        self.rules_version != self.rules.version
    }

    /// The label of a session entered under another rules version; None for this program's.
    pub fn rules_note(&self) -> Option<String> {
        self.under_other_rules().then(|| {
            format!(
                "entered under {} rules version {} (this program has version {}): \
                 the payments are shown as stored, not settled again",
                self.preset.id(),
                self.rules_version,
                self.rules.version
            )
        })
    }

    fn other_rules(&self) -> Result<(), SessionError> {
        if self.under_other_rules() {
            return Err(SessionError::OtherRulesVersion {
                preset: self.preset.id(),
                entered: self.rules_version,
                now: self.rules.version,
            });
        }
        Ok(())
    }

    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    fn push(&mut self, l: LedgerLine) {
        match l.from {
            Account::Person(p) => self.balances[p] -= l.amount,
            Account::Cup(c) => self.cups[c as usize] -= l.amount,
        }
        match l.to {
            Account::Person(p) => self.balances[p] += l.amount,
            Account::Cup(c) => self.cups[c as usize] += l.amount,
        }
        self.lines.push(l);
    }

    /// Balances plus cups; zero for any sound ledger.
    pub fn total(&self) -> i32 {
        self.balances.iter().sum::<i32>() + self.cups.iter().sum::<i32>()
    }

    /// The seating of the next deal.
    pub fn seating(&self) -> Seating {
        seating(self.scheme, self.first_dealer, self.position)
    }

    /// The person index of a name.
    pub fn person(&self, name: &str) -> Option<usize> {
        find_person(&self.players, name)
    }

    /// Enters a deal. An entry that carries the engine's record is checked against it: the
    /// record is replayed and must be this deal. On error nothing changes.
    pub fn enter(&mut self, entry: DealEntry) -> Result<&DealResult, SessionError> {
        self.enter_checked(entry, true)
    }

    /// Enters a deal that was checked when it was first entered (a stored one, replayed), so
    /// its record, if any, is not replayed again.
    pub(crate) fn enter_stored(&mut self, entry: DealEntry) -> Result<&DealResult, SessionError> {
        self.enter_checked(entry, false)
    }

    fn enter_checked(
        &mut self,
        entry: DealEntry,
        check_record: bool,
    ) -> Result<&DealResult, SessionError> {
        if self.closed {
            return Err(SessionError::Closed);
        }
        self.other_rules()?;
        let seating = self.seating();
        let cx = Context {
            rules: &self.rules,
            players: &self.players,
            seating: &seating,
            ante: self.ante_due,
        };
        // The record first: an entry of another deal is named as such, not by what of it
        // does not fit this seating.
        let recorded = match (&entry.engine, check_record) {
            (Some(info), true) => Some(self.replay_record(info)?),
            _ => None,
        };
        let resolved = entry.resolve(&cx)?;
        if let Some(deal) = recorded {
            compare_record(&deal, &entry, &resolved, &cx)?;
        }
        // Everything below is infallible.
        let number = self.deals.len() as u32 + 1;
        let cups_before = self.cups;
        let mut lines: Vec<Line> = Vec::new();
        let cups_after = settle(&resolved.facts, &self.rules, self.cups, &mut lines);
        let person = |p: Party| match p {
            Party::Player(s) => Account::Person(seating.seats[s as usize]),
            Party::Cup(c) => Account::Cup(c),
        };
        let first_line = self.lines.len();
        for l in &lines {
            self.push(LedgerLine {
                deal: Some(number),
                from: person(l.from),
                to: person(l.to),
                amount: l.amount,
                cause: Cause::Deal {
                    reason: l.reason.to_string(),
                },
                rule: l.reason.rule().to_string(),
            });
        }
        debug_assert_eq!(self.cups, cups_after);
        // Fines are paid after the settlement, when the table has ruled on them, so they never
        // change what a bagud doubles.
        for (seat, fine) in &resolved.fines {
            for c in [KING_CUP, PAGAT_CUP] {
                self.push(LedgerLine {
                    deal: Some(number),
                    from: Account::Person(seating.seats[*seat as usize]),
                    to: Account::Cup(c),
                    amount: fine.each_cup,
                    cause: Cause::Fine {
                        fine: fine.id.to_string(),
                    },
                    rule: fine.source.to_string(),
                });
            }
        }
        let ante = self.ante_due;
        self.pass_deal(entry.outcome);
        let result = DealResult {
            number,
            entry,
            seating,
            ante,
            cups_before,
            cups_after: self.cups,
            balances_after: self.balances.clone(),
            lines: first_line..self.lines.len(),
        };
        self.deals.push(result);
        Ok(self.deals.last().expect("pushed"))
    }

    /// An entry's engine record must be the deal entered: it is replayed, its table must be
    /// this deal's (preset, seed, ante, cups, seats), and the facts it gives must be the
    /// entry's ([`compare_record`]). Otherwise the record kept "for reference" (and shown by
    /// `tarok replay`) would tell another deal than the one paid, or none. Returns the
    /// replayed deal.
    fn replay_record(&self, info: &EngineInfo) -> Result<Deal, EntryError> {
        let bad = |why: String| Err(EntryError::Record(why));
        let (record, deal) = match Record::from_text(&info.record) {
            Ok(read) => read,
            Err(e) => return bad(format!("it cannot be read: {e}")),
        };
        if record.preset != self.preset {
            return bad(format!(
                "it is a {} deal and the session plays {}",
                record.preset.id(),
                self.preset.id()
            ));
        }
        if record.seed != Some(info.seed) {
            return bad(format!(
                "its deck has seed {}, the entry says seed {}",
                record.seed.map_or("none".into(), |s| s.to_string()),
                info.seed
            ));
        }
        let (got, want) = (record.options(), self.deal_options());
        if got != want {
            return bad(format!(
                "it starts from another table: ante {}, cups {:?}, {} at the table, seat {} \
                 does not count; this deal has ante {}, cups {:?}, {} at the table, seat {}",
                got.ante,
                got.cups,
                got.table,
                got.non_counter,
                want.ante,
                want.cups,
                want.table,
                want.non_counter
            ));
        }
        if !deal.is_over() {
            return bad("its deal is not played to the end".into());
        }
        Ok(deal)
    }

    /// Moves the rotation on after a deal. A redeal, and a Møller annulment, keep the dealer and
    /// skip the next ante (000 L426-428; 000 §11 DEFAULT for AMB-23). Anything else passes the
    /// deal on.
    fn pass_deal(&mut self, outcome: Outcome) {
        let same_dealer = match outcome {
            Outcome::Played => false,
            Outcome::Redeal => true,
            Outcome::Annulled => self.preset != Preset::Dtf2011,
        };
        if same_dealer {
            self.ante_due = false;
        } else {
            self.position += 1;
            self.ante_due = true;
        }
    }

    /// Takes back the last deal, as if it had never been entered: the ledger is rebuilt from
    /// the other entries, so balances, cups, seating and the ante are as before it. Returns the
    /// removed deal and its payment lines. A closed session is final: its split is paid.
    pub fn undo(&mut self) -> Result<(DealResult, Vec<LedgerLine>), SessionError> {
        if self.closed {
            return Err(SessionError::Closed);
        }
        // The deals before it are settled again, which only their own rules version may do.
        self.other_rules()?;
        let Some((last, earlier)) = self.deals.split_last() else {
            return Err(SessionError::NoDeal);
        };
        let mut before = Session::funded(
            self.preset,
            Some(self.scheme),
            self.players.clone(),
            self.first_dealer,
        )?;
        for d in earlier {
            before.enter_stored(d.entry.clone())?;
        }
        let removed = (last.clone(), self.lines[last.lines.clone()].to_vec());
        *self = before;
        Ok(removed)
    }

    /// The options the engine needs to play the next deal at this table.
    pub fn deal_options(&self) -> DealOptions {
        let s = self.seating();
        DealOptions {
            ante: self.ante_due,
            cups: self.cups,
            table: self.players.len() as u8,
            non_counter: s.non_counter,
        }
    }

    /// Lets the engine play the next deal with random legal play, and returns it as an entry
    /// (with the record) plus the engine's deal. Nothing is entered yet.
    pub fn engine_deal(&self, seed: u64) -> (DealEntry, Deal) {
        let mut rng = DealRng::derive(seed, 1);
        let (record, deal) = random_record(self.preset, seed, self.deal_options(), &mut rng);
        let mut entry = entry_from_engine(&deal, &self.players, &self.seating());
        entry.engine = Some(EngineInfo {
            seed,
            record: record.to_text(&deal),
        });
        (entry, deal)
    }

    /// Lets the engine play the next deal, each action chosen by `choose` (a computer player,
    /// or a person at a screen), and returns it as an entry with its record, plus the deal.
    /// A forced action (keeping a hand with trumps when asked about a redeal) is taken without
    /// calling `choose`, so that a random player draws no number for it. Nothing is entered
    /// yet. An illegal choice is refused with the engine's error.
    pub fn engine_deal_with(
        &self,
        seed: u64,
        mut choose: impl FnMut(&Deal) -> Action,
    ) -> Result<(DealEntry, Deal), RuleError> {
        let mut record = Record::from_seed(self.preset, seed, self.deal_options());
        let mut deal = record.start().expect("a seeded deck is a full pack");
        while !deal.is_over() {
            let a = deal.forced_action().unwrap_or_else(|| choose(&deal));
            record.apply(&mut deal, a)?;
        }
        let mut entry = entry_from_engine(&deal, &self.players, &self.seating());
        entry.engine = Some(EngineInfo {
            seed,
            record: record.to_text(&deal),
        });
        Ok((entry, deal))
    }

    /// Shares the cups equally among everyone at the table; what cannot be shared goes to the
    /// worst placed (000 L342-344). Payment is in chips of 5, 10, 20 and 100 (000 L331-332;
    /// every amount is a multiple of 5, docs/rules/danish.md §3), so each share is a multiple
    /// of 5 and the remainder, less than 5 a head, is what cannot be shared. Judgement calls:
    /// the two cups are pooled before sharing ("koppernes indhold deles ligeligt"), and among
    /// equally worst the one first in seating order gets the remainder. After this the cups are
    /// empty and the session is closed.
    pub fn close(&mut self) -> Result<(), SessionError> {
        if self.closed {
            return Err(SessionError::Closed);
        }
        let n = self.players.len() as i32;
        let total: i32 = self.cups.iter().sum();
        let worst = (0..self.players.len())
            .min_by_key(|&p| self.balances[p])
            .expect("players");
        let share = total / (CHIP * n) * CHIP;
        let mut due: Vec<i32> = vec![share; n as usize];
        due[worst] += total - share * n;
        for (p, mut d) in due.into_iter().enumerate() {
            for c in [KING_CUP, PAGAT_CUP] {
                let take = d.min(self.cups[c as usize]);
                if take > 0 {
                    self.push(LedgerLine {
                        deal: None,
                        from: Account::Cup(c),
                        to: Account::Person(p),
                        amount: take,
                        cause: Cause::Split,
                        rule: "000 L331-332, L342-344".into(),
                    });
                    d -= take;
                }
            }
        }
        self.closed = true;
        Ok(())
    }

    /// The name of an account.
    pub fn account_name(&self, a: Account) -> String {
        match a {
            Account::Person(p) => self.players[p].clone(),
            Account::Cup(KING_CUP) => "kongekop".into(),
            Account::Cup(_) => "pagatkop".into(),
        }
    }
}

/// The facts of the replayed engine deal `deal` must be those of the entry (see
/// `Session::replay_record`); the error names the first part that differs.
fn compare_record(
    deal: &Deal,
    entry: &DealEntry,
    resolved: &Resolved,
    cx: &Context,
) -> Result<(), EntryError> {
    let bad = |why: String| Err(EntryError::Record(why));
    let replayed = entry_from_engine(deal, cx.players, cx.seating);
    if replayed.outcome != entry.outcome {
        return bad(format!(
            "its deal ended as {:?} and the entry says {:?}",
            replayed.outcome, entry.outcome
        ));
    }
    let theirs = replayed
        .resolve(cx)
        .map_err(|e| EntryError::Record(format!("its deal does not enter: {e}")))?
        .facts;
    // Fines are the table's ruling, which the record does not hold: the ultimo they bar is
    // not the record's to say.
    let mut ours = resolved.facts;
    if let (Some(o), Some(t)) = (ours.end.as_mut(), theirs.end) {
        o.ultimo_barred = t.ultimo_barred;
    }
    let name = |s: u8| cx.players[cx.seating.seats[s as usize]].as_str();
    let differs = if theirs.declarations != ours.declarations {
        "the declarations".to_string()
    } else if !theirs.in_play().eq(ours.in_play()) {
        "the payments during play (pagat hjem, lost ultimo cards)".to_string()
    } else {
        match (theirs.end, ours.end) {
            (Some(t), Some(o)) if t.counts != o.counts => {
                let counts = |c: [u8; 3]| {
                    (0..3u8)
                        .map(|s| format!("{} {}", name(s), c[s as usize]))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                format!(
                    "the counts: the record's are {}, the entry's {}",
                    counts(t.counts),
                    counts(o.counts)
                )
            }
            (Some(t), Some(o)) if t.last_trick != o.last_trick => format!(
                "the last trick: the record's went to {}, the entry's to {}",
                name(t.last_trick),
                name(o.last_trick)
            ),
            (t, o) if t != o => "the end of the deal (ultimo, bagud, nolo or tout)".into(),
            _ => return Ok(()),
        }
    };
    bad(format!("it differs from the entry in {differs}"))
}

/// The most characters in a name: the screens (`tarok play`, `session show`) give a name a
/// column, which a longer one would break.
pub const MAX_NAME_CHARS: usize = 24;

/// Checks a new player's name and returns it in Unicode NFC form, so that a name typed with a
/// composed or a decomposed letter ("Åse") is one person. Refused: a control character or a
/// bidirectional override (an ESC sequence would retitle and recolour the terminal wherever
/// the name is shown), more than [`MAX_NAME_CHARS`] characters, and a cup's name in any case
/// (the ledger names the cups kongekop and pagatkop beside the people, see
/// [`Session::account_name`]). The rules of every name still hold: not empty, no comma or '=',
/// no space around it.
pub fn player_name(name: &str) -> Result<String, SessionError> {
    use unicode_normalization::UnicodeNormalization;
    let nfc: String = name.nfc().collect();
    // U+202A-202E and U+2066-2069 reorder the text around them.
    let bidi = |c: char| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
    if let Some(c) = nfc.chars().find(|&c| c.is_control() || bidi(c)) {
        return Err(SessionError::NameControl {
            name: nfc,
            code: c as u32,
        });
    }
    let chars = nfc.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(SessionError::NameTooLong {
            name: nfc,
            chars,
            max: MAX_NAME_CHARS,
        });
    }
    if ["kongekop", "pagatkop"].contains(&name_key(&nfc).as_str()) {
        return Err(SessionError::CupName(nfc));
    }
    Ok(nfc)
}

/// The facts of an engine-played deal, written as a club would enter them by hand.
pub fn entry_from_engine(deal: &Deal, players: &[String], seating: &Seating) -> DealEntry {
    let name = |s: u8| players[seating.seats[s as usize]].clone();
    let facts = deal.facts();
    let mut e = DealEntry::default();
    if deal.phase() == (Phase::Over { redeal: true }) {
        e.outcome = Outcome::Redeal;
        return e;
    }
    for s in 0..3u8 {
        let d: Vec<String> = facts.declarations[s as usize]
            .iter()
            .map(|d| d.to_string())
            .collect();
        if !d.is_empty() {
            e.declarations.insert(name(s), d);
        }
    }
    for ev in facts.in_play() {
        e.in_play.push(match ev {
            tarok_danish::InPlay::PagatHjem(s) => InPlayEntry::PagatHjem { person: name(s) },
            tarok_danish::InPlay::Lost(s, u) => InPlayEntry::Lost {
                person: name(s),
                card: u.card().to_string(),
            },
        });
    }
    if let Some(end) = facts.end {
        let rules = deal.rules();
        let tout = end.tout;
        let nolo = if tout.is_some() { None } else { end.nolo };
        let mut counts = std::collections::BTreeMap::new();
        if rules.counting && nolo.is_none() {
            for s in 0..3u8 {
                if s != facts.non_counter {
                    counts.insert(name(s), end.counts[s as usize]);
                }
            }
        }
        e.end = Some(EndEntry {
            last_trick: name(end.last_trick),
            ultimo: end.ultimo_card.map(|u| u.card().to_string()),
            bagud: (0..3u8)
                .filter(|&s| s != end.last_trick)
                .filter_map(|s| {
                    end.bagud[s as usize].map(|u| BagudEntry {
                        person: name(s),
                        card: u.card().to_string(),
                    })
                })
                .collect(),
            nolo: nolo.map(name),
            tout: tout.map(name),
            counts,
        });
    }
    e
}
