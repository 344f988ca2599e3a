//! The replay of a finished deal: its record in the one record format, what the deal laid aside
//! (the Danish skat, the Königrufen talon and discard, the 1829 Scat) and, step by step, what
//! the page draws (every seat's hand, the trick, the last trick, the log line of the action,
//! and the public view: declarations, the contract, the talon once shown, announcements).
//!
//! The steps are computed from the stored header and actions with
//! [`tarok_core::record::replay`]. Only a finished deal is replayed: a running deal's replay
//! would show every hidden card.

use crate::protocol::{Cups, Line};
use crate::store::StoredDeal;
use crate::table::Table;
use serde::Serialize;
use tarok_core::record::{replay, write, Record, Replayed, Step};
use tarok_core::{Card, Game, Seat};
use tarok_games::{AnyDeal, AnyView, FamilyId};
use tarok_words::view::ViewWords;
use tarok_words::Lang;

/// A finished deal, to be stepped through.
#[derive(Clone, Debug, Serialize)]
pub struct Replay {
    pub table: i64,
    pub preset: String,
    pub family: FamilyId,
    /// The deal's number at the table, from 1.
    pub deal: u32,
    /// The name of each table seat.
    pub names: Vec<String>,
    /// The table seat of each of the deal's seats.
    pub players: Vec<u8>,
    /// The deal's record (the one record format's JSON, with its result).
    pub record: serde_json::Value,
    /// The deal before its first action (step 0), then after each action.
    pub steps: Vec<ReplayStep>,
    /// The itemised settlement.
    pub settlement: Vec<Line>,
    /// Each table seat's net from this deal.
    pub balances: Vec<i64>,
    /// A Danish deal's cups.
    pub cups: Option<Cups>,
    /// What the deal laid aside, public once it is over.
    pub laid: Laid,
}

/// What a finished deal laid aside, shown in its replay (each family fills its own).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Laid {
    /// The skat the Danish dealer laid, or the Scat of the games of 1829.
    pub skat: Option<String>,
    /// The two Königrufen talon halves.
    pub talon: Option<[String; 2]>,
    /// The half the declarer took (0 or 1), in the games that take a half.
    pub half_taken: Option<u8>,
    /// The Königrufen declarer's discard, where the talon was used.
    pub discard: Option<String>,
}

impl Laid {
    /// What `deal` (over) laid aside.
    pub fn of(deal: &AnyDeal) -> Laid {
        match deal {
            AnyDeal::Danish(d) => Laid {
                skat: Some(d.skat().to_string()),
                ..Laid::default()
            },
            AnyDeal::Historic(d) => Laid {
                skat: (!d.scat().is_empty()).then(|| d.scat().to_string()),
                ..Laid::default()
            },
            AnyDeal::Koenigrufen(d) => match d.summary() {
                Some(s) => Laid {
                    talon: Some(s.talon.map(|h| h.to_string())),
                    half_taken: s.half_taken,
                    discard: (!s.discard.is_empty()).then(|| s.discard.to_string()),
                    ..Laid::default()
                },
                None => Laid::default(),
            },
        }
    }
}

/// The deal after one action (or before the first).
#[derive(Clone, Debug, Serialize)]
pub struct ReplayStep {
    /// The table seat that took the action; `None` at the start.
    pub seat: Option<u8>,
    /// The action in the family's notation.
    pub action: Option<String>,
    /// The log line: who did what, in the asked language.
    pub log: String,
    /// The table seat to act next.
    pub to_act: Option<u8>,
    /// Every table seat's hand after the action (empty for a seat sitting out).
    pub hands: Vec<String>,
    /// The trick on the table, as (table seat, card) in play order.
    pub trick: Vec<(u8, String)>,
    /// The last trick taken.
    pub last_trick: Vec<(u8, String)>,
    /// What everyone saw after the action, its phase too ([`tarok_core::Game::public_view`]).
    pub view: AnyView,
    /// What the view says beside the cards, in words in the asked language.
    pub view_words: ViewWords,
}

/// Why no replay is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The deal is still being played.
    Running(String),
    /// The stored deal does not replay.
    Broken(String),
}

/// The stored deal `stored` of table `table` replayed from its record, once it is over (a
/// running deal's replay would show the hidden cards).
pub fn finished(
    table: i64,
    stored: &StoredDeal,
) -> Result<(Record, Replayed<AnyDeal>), ReplayError> {
    let number = stored.number + 1;
    let broken = |e: String| ReplayError::Broken(format!("deal {number}: {e}"));
    let mut record = Record::from_text(&stored.header).map_err(broken)?;
    record.actions = stored
        .actions
        .iter()
        .map(|(seat, action)| Step {
            seat: *seat,
            action: action.clone(),
        })
        .collect();
    let replayed = replay::<AnyDeal>(&record).map_err(broken)?;
    if !replayed.end.is_over() {
        return Err(ReplayError::Running(format!(
            "deal {number} of table {table} is still being played: its replay would show the hidden cards, so it is given once the deal is over"
        )));
    }
    Ok((record, replayed))
}

/// The replay of `stored`, a deal of `table`, with the words for people in `lang`.
pub fn of(table: &Table, stored: &StoredDeal, lang: Lang) -> Result<Replay, ReplayError> {
    let number = stored.number + 1;
    let broken = |e: String| ReplayError::Broken(format!("deal {number}: {e}"));
    let (record, replayed) = finished(table.id, stored)?;
    let written = write(&record.header(), &replayed.start, &replayed.actions).map_err(broken)?;
    let n = replayed.start.seats();
    let seating = table.seating_of(stored.number);
    let ts = |d: Seat| seating.seats[d as usize];
    let name = |d: Seat| table.name(ts(d));
    let mut deal = replayed.start.clone();
    let seats = table.seats.len();
    let words = |v: &AnyView| tarok_words::view::words(v, lang, &name);
    let mut steps = vec![step(&deal, None, String::new(), seats, &ts, &words)];
    for a in &replayed.actions {
        let by = deal.to_act().expect("the replay applied it");
        deal.apply(*a).map_err(|e| broken(e.to_string()))?;
        let log = format!(
            "{}: {}",
            name(by),
            tarok_words::action_named(a, lang, &name)
        );
        steps.push(step(
            &deal,
            Some((ts(by), a.to_string())),
            log,
            seats,
            &ts,
            &words,
        ));
    }
    let balances = table.net_of(&deal, stored.number);
    Ok(Replay {
        table: table.id,
        preset: record.preset.clone(),
        family: deal.family(),
        deal: number,
        names: (0..table.seats.len() as u8)
            .map(|t| table.name(t))
            .collect(),
        players: (0..n).map(ts).collect(),
        record: written.to_json(),
        steps,
        settlement: table.settlement_of(&deal, stored.number, lang),
        balances,
        cups: crate::table::cups(&deal),
        laid: Laid::of(&deal),
    })
}

/// One step: the deal after `action` by its table seat; `words` says its view.
fn step(
    deal: &AnyDeal,
    action: Option<(u8, String)>,
    log: String,
    seats: usize,
    ts: &dyn Fn(Seat) -> u8,
    words: &dyn Fn(&AnyView) -> ViewWords,
) -> ReplayStep {
    let n = deal.seats();
    let mut hands = vec![String::new(); seats];
    for d in 0..n {
        hands[ts(d) as usize] = deal.hand(d).to_string();
    }
    let view = deal.public_view();
    let (trick, last) = tricks(&view, n);
    let seated = |cards: Played| {
        cards
            .into_iter()
            .map(|(d, c)| (ts(d), c.to_string()))
            .collect()
    };
    let (seat, action) = action.unzip();
    ReplayStep {
        seat,
        action,
        log,
        to_act: deal.to_act().map(ts),
        hands,
        trick: seated(trick),
        last_trick: seated(last),
        view_words: words(&view),
        view,
    }
}

/// Cards of a trick by the deal's seat that played them, in play order.
type Played = Vec<(Seat, Card)>;

/// The trick on the table and the last one taken.
fn tricks(view: &AnyView, n: u8) -> (Played, Played) {
    let seated = |leader: Seat, cards: &[Card]| -> Played {
        cards
            .iter()
            .enumerate()
            .map(|(i, &c)| ((leader + i as u8) % n, c))
            .collect()
    };
    match view {
        AnyView::Danish(v) => (
            v.current.clone(),
            v.tricks
                .last()
                .map(|t| seated(t.leader, &t.cards))
                .unwrap_or_default(),
        ),
        AnyView::Koenigrufen(v) => {
            let open = v.tricks.iter().find(|t| t.winner.is_none());
            let done = v.tricks.iter().rfind(|t| t.winner.is_some());
            (
                open.map(|t| seated(t.leader, &t.cards)).unwrap_or_default(),
                done.map(|t| seated(t.leader, &t.cards)).unwrap_or_default(),
            )
        }
        AnyView::Historic(v) => {
            let open = v.tricks.iter().find(|t| t.winner.is_none());
            let done = v.tricks.iter().rfind(|t| t.winner.is_some());
            (
                open.map(|t| seated(t.leader, &t.cards)).unwrap_or_default(),
                done.map(|t| seated(t.leader, &t.cards)).unwrap_or_default(),
            )
        }
    }
}
