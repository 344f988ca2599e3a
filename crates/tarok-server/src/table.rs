//! One table: a preset with house rules, its seats (people and computer players), the deal in
//! play as an [`AnyDeal`] with its actions, and the totals of the deals before it.
//!
//! Every change goes to the [`Store`] first and to the deal after, so what a client is told
//! has been stored. A table is rebuilt from the store by replaying each deal's actions
//! ([`Table::load`]).
//!
//! Seats are numbered around the table; who plays which of a deal's seats, and who sits the
//! deal out, is the family's rotation ([`crate::seating`]). Deal `k` is dealt from the
//! table's seed plus `k`.
//!
//! A Danish table is an evening: each deal starts with the cups as the deal before left them,
//! and after a redeal the dealer pays no ante (000 L426-428), as the terminal's ledger does.
//! The options are in each deal's stored header, so a restarted server goes on from them.

use crate::protocol::{Cups, Line, Refused, SeatInfo, ServerMsg, State};
use crate::seating::Seating;
use crate::store::{SeatKind, Store, StoreError};
use std::hash::{BuildHasher, Hasher};
use tarok_ai::{Bot, Level};
use tarok_core::record::{Record, Recordable};
use tarok_core::{Game, Party, Seat};
use tarok_games::{AnyAction, AnyDeal, AnyView, FamilyId};
use tarok_historic::evening::{PartieEnd, PartieEvening};
use tarok_words::Lang;

/// A computer player of a seat, with its level.
type SeatBot = Box<dyn Bot<AnyView, AnyAction>>;

/// A table and its deal in play.
pub struct Table {
    pub id: i64,
    pub preset: String,
    pub rules: String,
    pub seed: u64,
    pub seats: Vec<SeatKind>,
    /// The deal's number at this table, from 0.
    deal_no: u32,
    header: Record,
    start: AnyDeal,
    deal: AnyDeal,
    actions: Vec<AnyAction>,
    /// Each table seat's net over the finished deals before this one.
    totals: Vec<i64>,
    /// Who played each deal so far, by number.
    seatings: Vec<Seating>,
    /// The partners' game and en deux of 1829: the whole games, with every finished deal
    /// before the one in play entered.
    partie: Option<PartieEvening>,
    /// The Partie each finished deal ended, if it ended one, by number.
    partie_ends: Vec<Option<PartieEnd>>,
    /// The computer players of this deal, made when first asked.
    bots: Vec<Option<SeatBot>>,
}

/// What a table is created with.
#[derive(Clone, Debug)]
pub struct NewTable {
    pub preset: String,
    /// House rules over the preset, `name=value` separated by spaces.
    pub rules: String,
    pub seed: u64,
    pub seats: Vec<SeatKind>,
}

/// A preset a table may be created with, for the lobby.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PresetInfo {
    pub id: &'static str,
    pub title: &'static str,
    /// The title in each language of the page, by its code: `{"en": …, "da": …, "de": …}`.
    pub titles: std::collections::BTreeMap<String, &'static str>,
    pub family: FamilyId,
    /// The seats of a deal.
    pub seats: u8,
    /// The table sizes it is played at (more than `seats`: some sit each deal out).
    pub sizes: Vec<u8>,
    /// The computer players' levels.
    pub levels: Vec<String>,
}

/// Every preset with its seats and computer levels.
pub fn presets() -> Vec<PresetInfo> {
    tarok_games::families()
        .iter()
        .flat_map(|f| f.presets())
        .filter_map(|p| {
            let deal = AnyDeal::from_seed(p.id, 0).ok()?;
            Some(PresetInfo {
                id: p.id,
                title: p.title,
                titles: Lang::ALL
                    .into_iter()
                    .map(|l| (l.to_string(), tarok_words::preset::title(p.id, p.title, l)))
                    .collect(),
                family: deal.family(),
                seats: deal.seats(),
                sizes: crate::seating::sizes(deal.family(), deal.seats()).collect(),
                levels: tarok_ai::any::levels(deal.family())
                    .iter()
                    .map(Level::to_string)
                    .collect(),
            })
        })
        .collect()
}

/// A secret of 128 bits from the operating system's randomness (through the standard
/// library's randomly keyed hasher), written in hex: a seat's token.
pub fn new_token() -> String {
    let part = || {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0),
        );
        h.finish()
    };
    format!("{:016x}{:016x}", part(), part())
}

/// A seed for a new table, when none is given.
pub fn new_seed() -> u64 {
    u64::from_str_radix(&new_token()[..16], 16).unwrap_or(1)
}

fn store_refusal(e: StoreError) -> Refused {
    Refused::plain(format!(
        "the server could not store this, so nothing changed ({e})"
    ))
}

impl Table {
    /// Creates a table, stores it and deals its first deal.
    pub fn create(store: &Store, new: NewTable) -> Result<Table, String> {
        let probe = AnyDeal::from_seed(&new.preset, new.seed)?;
        AnyDeal::seeded_record(&new.preset, new.seed, &new.rules)
            .and_then(|r| AnyDeal::from_record(&r))
            .map_err(|e| format!("the house rules {:?}: {e}", new.rules))?;
        let sizes = crate::seating::sizes(probe.family(), probe.seats());
        if !sizes.contains(&(new.seats.len().min(255) as u8)) {
            let (lo, hi) = sizes.into_inner();
            let size = match lo == hi {
                true => format!("{lo}"),
                false => format!("{lo} to {hi}"),
            };
            return Err(format!(
                "{} is played at a table of {size}, not {}",
                new.preset,
                new.seats.len()
            ));
        }
        for s in &new.seats {
            if let SeatKind::Bot { level } = s {
                level.parse::<Level>()?;
            }
        }
        let id = store
            .create_table(&new.preset, &new.rules, new.seed, &new.seats)
            .map_err(|e| e.to_string())?;
        let mut table = Table::empty(id, new, probe);
        table.start_deal(store, 0).map_err(|e| e.to_string())?;
        Ok(table)
    }

    fn empty(id: i64, new: NewTable, deal: AnyDeal) -> Table {
        let n = new.seats.len();
        // The house rules' 1829 ruleset, whose Partier the table plays, if it has them.
        let partie = AnyDeal::seeded_record(&new.preset, new.seed, &new.rules)
            .and_then(|r| AnyDeal::from_record(&r))
            .ok()
            .and_then(|d| match d {
                AnyDeal::Historic(d) => PartieEvening::new(*d.rules()).ok(),
                _ => None,
            });
        Table {
            id,
            preset: new.preset,
            rules: new.rules,
            seed: new.seed,
            seats: new.seats,
            deal_no: 0,
            header: AnyDeal::seeded_record(deal.preset(), 0, "").expect("a preset"),
            start: deal.clone(),
            deal,
            actions: Vec::new(),
            totals: vec![0; n],
            seatings: Vec::new(),
            partie,
            partie_ends: Vec::new(),
            bots: (0..n).map(|_| None).collect(),
        }
    }

    /// Rebuilds table `id` from the store: its seats, and every deal replayed action by
    /// action; `None` if there is no such table.
    pub fn load(store: &Store, id: i64) -> Result<Option<Table>, String> {
        let Some(stored) = store.table(id).map_err(|e| e.to_string())? else {
            return Ok(None);
        };
        let probe = AnyDeal::from_seed(&stored.preset, stored.seed)?;
        let mut table = Table::empty(
            id,
            NewTable {
                preset: stored.preset,
                rules: stored.rules,
                seed: stored.seed,
                seats: stored.seats,
            },
            probe,
        );
        let deals = store.deals(id).map_err(|e| e.to_string())?;
        if deals.is_empty() {
            table.start_deal(store, 0).map_err(|e| e.to_string())?;
        }
        for d in deals {
            if d.number > 0 {
                table.finish_deal();
            }
            let at = |e: String| format!("table {id} deal {}: {e}", d.number + 1);
            let header = Record::from_text(&d.header).map_err(at)?;
            let mut seating = table.next_seating(d.number);
            if stored.version < 2
                && table.partie.is_some()
                && seating.deal_dealer != Some(header.dealer)
            {
                // Stored before the 1829 Partier were played whole (and before tables had a
                // version, so only the dealer tells): deal by deal, as then.
                table.partie = None;
                seating = table.next_seating(d.number);
            }
            table.seat(d.number, seating);
            table.deal_no = d.number;
            table.header = header;
            table.start = AnyDeal::from_record(&table.header).map_err(at)?;
            table.deal = table.start.clone();
            table.actions.clear();
            for (i, (seat, text)) in d.actions.iter().enumerate() {
                let at = |e: String| at(format!("action {} ({text}): {e}", i + 1));
                if table.deal.to_act() != Some(*seat) {
                    return Err(at(format!("it is not P{seat}'s turn")));
                }
                let action = table.deal.parse_action(text).map_err(at)?;
                table.deal.apply(action).map_err(|e| at(e.to_string()))?;
                table.actions.push(action);
            }
        }
        Ok(Some(table))
    }

    /// Adds the deal in play to the totals (it must be over), and enters it in the whole
    /// games of 1829.
    fn finish_deal(&mut self) {
        // The evening set the deal up, so it takes it; if it did not (a table stored before
        // the Partier were played whole), the table goes on deal by deal.
        let entered = self.partie_with_deal();
        self.partie_ends.truncate(self.deal_no as usize);
        self.partie_ends
            .push(entered.as_ref().and_then(|(_, end)| end.clone()));
        self.totals = self.totals_with_deal();
        self.partie = entered.map(|(evening, _)| evening);
    }

    /// The totals with the deal in play's balances added, by table seat.
    fn totals_with_deal(&self) -> Vec<i64> {
        let net = self.net_of(&self.deal, self.deal_no);
        self.totals.iter().zip(net).map(|(t, n)| t + n).collect()
    }

    /// The Partie of 1829 that `deal`, deal `number` at this table, ended (it must be over),
    /// if it ended one.
    fn partie_end_of(&self, deal: &AnyDeal, number: u32) -> Option<PartieEnd> {
        match self.partie_ends.get(number as usize) {
            Some(end) => end.clone(),
            // The deal in play, over but not yet entered.
            None if deal.is_over() => self.partie_with_deal()?.1,
            None => None,
        }
    }

    /// The whole games of 1829 with the deal in play entered once it is over, and the Partie
    /// it ended; `None` at a table without them, or when the evening refuses the deal.
    fn partie_with_deal(&self) -> Option<(PartieEvening, Option<PartieEnd>)> {
        let mut evening = self.partie.clone()?;
        let end = match &self.deal {
            AnyDeal::Historic(d) if self.deal.is_over() => evening.enter(d).ok()?,
            _ => None,
        };
        Some((evening, end))
    }

    /// The balances of `deal`, deal `number` at this table, by table seat (a Danish
    /// sitter-out's too: the cups' re-funding; 0 for the others sitting out), with the
    /// payments of an 1829 Partie that it ended (between persons, who are the table's seats).
    pub fn net_of(&self, deal: &AnyDeal, number: u32) -> Vec<i64> {
        let b = deal.balances();
        let mut net = vec![0; self.seats.len()];
        for (d, &t) in self.seating_of(number).seats.iter().enumerate() {
            net[t as usize] = b.players[d] as i64;
        }
        if let Some(end) = self.partie_end_of(deal, number) {
            let paid = end.balances();
            net.iter_mut()
                .zip(paid.players)
                .for_each(|(n, p)| *n += i64::from(p));
        }
        net
    }

    /// Deals deal `number` and stores its start. A Danish deal after another starts from
    /// where that one ended ([`next_danish_options`]).
    fn start_deal(&mut self, store: &Store, number: u32) -> Result<(), StoreError> {
        let seed = self.seed.wrapping_add(number as u64);
        let seating = self.next_seating(number);
        let mut header =
            AnyDeal::seeded_record(&self.preset, seed, &self.rules).map_err(StoreError)?;
        if let (Some(preset), AnyDeal::Danish(before)) =
            (tarok_danish::Preset::parse(&self.preset), &self.deal)
        {
            let n = self.seats.len() as u8;
            let options = match (number, AnyDeal::from_record(&header).map_err(StoreError)?) {
                // The evening's funding: each person pays each cup (000 L392-393), by the
                // table's rules.
                (0, AnyDeal::Danish(first)) => tarok_danish::DealOptions {
                    cups: [first.rules().tariff.funding * n as i32; 2],
                    ..Default::default()
                },
                _ => next_danish_options(before),
            };
            let options = tarok_danish::DealOptions {
                table: n,
                non_counter: seating.non_counter,
                ..options
            };
            header = tarok_danish::record::header(preset, &self.rules, Some(seed), None, options);
        }
        if let Some(d) = seating.deal_dealer {
            header.dealer = d;
        }
        let deal = AnyDeal::from_record(&header).map_err(StoreError)?;
        store.start_deal(self.id, number, &header.to_text())?;
        self.seat(number, seating);
        self.deal_no = number;
        self.header = header;
        self.start = deal.clone();
        self.deal = deal;
        self.actions.clear();
        self.bots.iter_mut().for_each(|b| *b = None);
        Ok(())
    }

    /// Who plays deal `number`, from the deal in play (the one before): the deal passes on,
    /// except after a Danish redeal, which the same dealer deals again (000 L426-428).
    fn next_seating(&self, number: u32) -> Seating {
        let position = match (
            self.seatings.get(number.wrapping_sub(1) as usize),
            &self.deal,
        ) {
            (None, _) => 0,
            (Some(s), AnyDeal::Danish(d))
                if d.phase() == (tarok_danish::Phase::Over { redeal: true }) =>
            {
                s.position
            }
            (Some(s), _) => s.position + 1,
        };
        let mut seating = crate::seating::seating(
            self.deal.family(),
            self.seats.len() as u8,
            self.deal.seats(),
            self.seed,
            position,
        );
        // The partners' game and en deux: who sits where and deals, as the whole game says
        // (the seed draws en deux's first dealer).
        if let Some(p) = &self.partie {
            let drawn = (self.seed.wrapping_add(number as u64) % self.deal.seats() as u64) as u8;
            let (persons, dealer) = p.next_setup(drawn);
            seating.seats = persons;
            seating.deal_dealer = Some(dealer);
        }
        seating
    }

    /// Notes who plays deal `number`.
    fn seat(&mut self, number: u32, seating: Seating) {
        self.seatings.truncate(number as usize);
        self.seatings.push(seating);
    }

    /// Who played deal `number` (from 0).
    pub fn seating_of(&self, number: u32) -> &Seating {
        &self.seatings[number as usize]
    }

    /// Who plays the deal in play.
    pub fn seating(&self) -> &Seating {
        self.seating_of(self.deal_no)
    }

    /// The table seat that plays the deal's seat `d`.
    pub fn table_seat(&self, d: Seat) -> u8 {
        self.seating().seats[d as usize]
    }

    /// The deal's seat that table seat `t` plays, or `None` while `t` sits the deal out.
    pub fn deal_seat(&self, t: u8) -> Option<Seat> {
        self.seating().deal_seat(t, self.deal.seats())
    }

    /// The deal in play.
    pub fn deal(&self) -> &AnyDeal {
        &self.deal
    }

    /// The deal's number at this table, from 0.
    pub fn deal_no(&self) -> u32 {
        self.deal_no
    }

    /// The actions of the deal in play, in order.
    pub fn actions(&self) -> &[AnyAction] {
        &self.actions
    }

    /// The record of the deal in play (the one record format).
    pub fn record(&self) -> Record {
        tarok_core::record::write(&self.header, &self.start, &self.actions)
            .expect("the table's actions replay")
    }

    /// The table seat to act, if any.
    pub fn to_act(&self) -> Option<u8> {
        self.deal.to_act().map(|d| self.table_seat(d))
    }

    /// Whether `token` is the secret of the person in table seat `seat`.
    pub fn token_matches(&self, seat: u8, token: &str) -> bool {
        self.seats.get(seat as usize).and_then(SeatKind::token) == Some(token)
    }

    /// A person takes an open seat; returns the seat's token.
    pub fn take_seat(&mut self, store: &Store, seat: u8, name: &str) -> Result<String, String> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 24 || name.chars().any(char::is_control) {
            return Err("a name is 1 to 24 characters, without control characters".into());
        }
        match self.seats.get(seat as usize) {
            Some(SeatKind::Open) => {}
            Some(_) => return Err(format!("seat {seat} is taken")),
            None => return Err(format!("this table has no seat {seat}")),
        }
        let kind = SeatKind::Human {
            name: name.to_string(),
            token: new_token(),
        };
        store
            .set_seat(self.id, seat, &kind)
            .map_err(|e| e.to_string())?;
        let SeatKind::Human { token, .. } = &kind else {
            unreachable!()
        };
        let token = token.clone();
        self.seats[seat as usize] = kind;
        Ok(token)
    }

    /// The person in table seat `seat` leaves: a computer player of the family's strongest
    /// level plays the seat from now on (at once, if it is the seat's turn), until the person
    /// takes it back ([`Table::come_back`]).
    pub fn leave(&mut self, store: &Store, seat: u8) -> Result<(), Refused> {
        let Some(SeatKind::Human { name, token }) = self.seats.get(seat as usize) else {
            return Err(Refused::plain(
                "only a person sitting at the table can leave it",
            ));
        };
        let level = tarok_ai::any::levels(self.deal.family())
            .last()
            .expect("level 0 at least")
            .to_string();
        let away = SeatKind::Away {
            name: name.clone(),
            token: token.clone(),
            level,
        };
        self.set_seat(store, seat, away)
    }

    /// The person who left table seat `seat` takes it back at once: the computer player stops,
    /// and the person plays the seat's next turn (this one, if it is the seat's).
    pub fn come_back(&mut self, store: &Store, seat: u8) -> Result<(), Refused> {
        let Some(SeatKind::Away { name, token, .. }) = self.seats.get(seat as usize) else {
            return Err(Refused::plain(
                "this seat is not away: there is nothing to take back",
            ));
        };
        let back = SeatKind::Human {
            name: name.clone(),
            token: token.clone(),
        };
        self.set_seat(store, seat, back)
    }

    fn set_seat(&mut self, store: &Store, seat: u8, kind: SeatKind) -> Result<(), Refused> {
        store
            .set_seat(self.id, seat, &kind)
            .map_err(store_refusal)?;
        self.seats[seat as usize] = kind;
        Ok(())
    }

    /// Stores and applies one action of the deal's seat to act.
    fn commit(&mut self, store: &Store, action: AnyAction, lang: Lang) -> Result<(), Refused> {
        let seat = self
            .deal
            .to_act()
            .ok_or_else(|| Refused::plain("the deal is over"))?;
        let mut next = self.deal.clone();
        next.apply(action).map_err(|e| Refused::rule(&e, lang))?;
        store
            .append_action(
                self.id,
                self.deal_no,
                self.actions.len(),
                seat,
                &action.to_string(),
            )
            .map_err(store_refusal)?;
        self.deal = next;
        self.actions.push(action);
        Ok(())
    }

    /// Table seat `seat` takes the action written `text`; a refusal changes nothing and says
    /// why in `lang`.
    pub fn act(&mut self, store: &Store, seat: u8, text: &str, lang: Lang) -> Result<(), Refused> {
        match self.to_act() {
            None => return Err(Refused::plain("the deal is over")),
            Some(t) if t != seat => {
                return Err(Refused::plain(format!(
                    "it is {}'s turn, not yours",
                    self.name(t)
                )))
            }
            Some(t) if matches!(self.seats[t as usize], SeatKind::Away { .. }) => {
                return Err(Refused::plain(
                    "a computer player plays your seat since you left: take your seat back first",
                ))
            }
            Some(_) => {}
        }
        let action = self.deal.parse_action(text).map_err(Refused::plain)?;
        self.commit(store, action, lang)
    }

    /// Takes one action that needs no person: a forced one, or a computer player's. Returns
    /// whether it took one.
    pub fn step(&mut self, store: &Store) -> Result<bool, Refused> {
        let Some(d) = self.deal.to_act() else {
            return Ok(false);
        };
        if let Some(action) = self.deal.forced() {
            self.commit(store, action, Lang::En)?;
            return Ok(true);
        }
        let t = self.table_seat(d) as usize;
        let Some(level) = self.seats[t].bot_level() else {
            return Ok(false);
        };
        if self.bots[t].is_none() {
            let level: Level = level.parse().map_err(Refused::plain)?;
            let seed = self
                .seed
                .wrapping_add((self.deal_no as u64) << 8)
                .wrapping_add(t as u64);
            self.bots[t] = Some(tarok_ai::any::bot(level, self.deal.family(), seed));
        }
        let view = self.deal.view(d);
        let legal = self.deal.legal();
        let decision = self.bots[t]
            .as_mut()
            .expect("made above")
            .decide(&view, &legal);
        self.commit(store, decision.action, Lang::En)?;
        Ok(true)
    }

    /// Whether a computer player or a forced action is to act.
    pub fn wants_step(&self) -> bool {
        match self.deal.to_act() {
            None => false,
            Some(d) => {
                self.deal.forced().is_some()
                    || self.seats[self.table_seat(d) as usize]
                        .bot_level()
                        .is_some()
            }
        }
    }

    /// Starts the next deal, once this one is over.
    pub fn next_deal(&mut self, store: &Store) -> Result<(), Refused> {
        if !self.deal.is_over() {
            return Err(Refused::plain("the deal is not over yet"));
        }
        let before = (
            self.totals.clone(),
            self.partie.clone(),
            self.partie_ends.clone(),
        );
        self.finish_deal();
        if let Err(e) = self.start_deal(store, self.deal_no + 1) {
            (self.totals, self.partie, self.partie_ends) = before;
            return Err(store_refusal(e));
        }
        Ok(())
    }

    /// What the strongest computer player of the family would do in table seat `seat`'s
    /// place, from its view only, and why, in `lang`.
    pub fn hint(&self, seat: u8, lang: Lang) -> Result<ServerMsg, Refused> {
        if self.to_act() != Some(seat) {
            return Err(Refused::plain("a hint is for your own turn"));
        }
        let family = self.deal.family();
        let level = *tarok_ai::any::levels(family)
            .last()
            .expect("level 0 at least");
        let view = self.deal.view(self.deal.to_act().expect("to act"));
        let (action, why) = tarok_ai::any::advise(level, &view, &self.deal.legal(), self.seed);
        Ok(ServerMsg::Hint {
            action: action.to_string(),
            reason: tarok_words::why_after_move(&why, lang),
        })
    }

    /// The name of table seat `t`.
    pub fn name(&self, t: u8) -> String {
        match &self.seats[t as usize] {
            SeatKind::Open => format!("seat {}", t + 1),
            SeatKind::Human { name, .. } => name.clone(),
            SeatKind::Bot { level } => format!("Computer {} ({level})", t + 1),
            SeatKind::Away { name, .. } => name.clone(),
        }
    }

    /// The settlement of `deal` (over), deal `number` at this table, with the words in `lang`.
    pub(crate) fn settlement_of(&self, deal: &AnyDeal, number: u32, lang: Lang) -> Vec<Line> {
        let seats = &self.seating_of(number).seats;
        let party = |p: Party| match (p, deal.family()) {
            (Party::Player(d), _) => self.name(seats[d as usize]),
            (Party::Cup(0), FamilyId::Danish) => "kongekop".into(),
            (Party::Cup(1), FamilyId::Danish) => "pagatkop".into(),
            (Party::Cup(c), _) => format!("pool {c}"),
        };
        let mut lines: Vec<Line> = deal
            .settlement()
            .iter()
            .map(|l| Line {
                from: party(l.from),
                to: party(l.to),
                amount: l.amount,
                reason: tarok_words::payment_reason(&l.reason, lang),
            })
            .collect();
        // The Partie it ended, between persons (the table's seats).
        let person = |p: Party| match p {
            Party::Player(t) => self.name(t),
            Party::Cup(c) => format!("pool {c}"),
        };
        for l in self
            .partie_end_of(deal, number)
            .iter()
            .flat_map(|e| &e.payments)
        {
            lines.push(Line {
                from: person(l.from),
                to: person(l.to),
                amount: l.amount,
                reason: tarok_words::historic::reason(l.reason, lang),
            });
        }
        lines
    }

    /// The seats as everyone sees them.
    pub fn seat_infos(&self) -> Vec<SeatInfo> {
        (0..self.seats.len() as u8)
            .map(|t| {
                let (kind, level) = match &self.seats[t as usize] {
                    SeatKind::Open => ("open", None),
                    SeatKind::Human { .. } => ("human", None),
                    SeatKind::Bot { level } => ("bot", Some(level.clone())),
                    SeatKind::Away { level, .. } => ("away", Some(level.clone())),
                };
                SeatInfo {
                    name: if kind == "open" {
                        String::new()
                    } else {
                        self.name(t)
                    },
                    kind,
                    level,
                }
            })
            .collect()
    }

    /// The table as table seat `seat` may see it (`None`: a spectator).
    pub fn state_for(&self, seat: Option<u8>) -> State {
        self.state_in(seat, Lang::En)
    }

    /// [`Table::state_for`] with the words for people (the legal actions, the settlement's
    /// reasons, the names of the seats) in `lang`.
    pub fn state_in(&self, seat: Option<u8>, lang: Lang) -> State {
        let over = self.deal.is_over();
        let n = self.deal.seats();
        let (mut totals, mut settlement, mut hands) = (self.totals.clone(), Vec::new(), Vec::new());
        if over {
            totals = self.totals_with_deal();
            settlement = self.settlement_of(&self.deal, self.deal_no, lang);
            hands = (0..self.seats.len() as u8)
                .map(|t| {
                    self.deal_seat(t)
                        .map(|d| self.start.hand(d).to_string())
                        .unwrap_or_default()
                })
                .collect();
        }
        let seat = seat.filter(|&s| (s as usize) < self.seats.len());
        // A spectator and a seat sitting the deal out see what everyone sees.
        let view = match seat.and_then(|s| self.deal_seat(s)) {
            Some(d) => self.deal.view(d),
            None => self.deal.public_view(),
        };
        // A forced action (a Danish keep) is no choice: the table takes it at once, so it is
        // not offered, and a click cannot race the table to it; nor is a seat's turn offered
        // to a person who left it.
        let legal = match seat {
            Some(s)
                if self.to_act() == Some(s)
                    && self.deal.forced().is_none()
                    && matches!(self.seats[s as usize], SeatKind::Human { .. }) =>
            {
                self.deal.legal()
            }
            _ => Vec::new(),
        };
        let name = |d: Seat| self.name(self.table_seat(d));
        let legal_words = legal
            .iter()
            .map(|a| tarok_words::action_named(a, lang, &name))
            .collect();
        let legal = legal.iter().map(|a| a.to_string()).collect();
        State {
            table: self.id,
            preset: self.preset.clone(),
            family: self.deal.family(),
            deal: self.deal_no + 1,
            seat,
            seats: self.seat_infos(),
            players: (0..n).map(|d| self.table_seat(d)).collect(),
            sitting_out: self.seating().sitting_out.clone(),
            to_act: self.to_act(),
            actions: self.actions.len(),
            view_words: tarok_words::view::words(&view, lang, &name),
            view: Some(view),
            legal,
            legal_words,
            totals,
            over,
            settlement,
            hands,
            cups: cups(&self.deal),
            partie: self.partie_standing(lang),
        }
    }

    /// Where the 1829 Partie stands, in `lang`: with the deal in play once it is over (how
    /// the Partie it ended stood at its end), else before it.
    fn partie_standing(&self, lang: Lang) -> Option<String> {
        let standing = match self.partie_with_deal()? {
            (_, Some(end)) => end.standing,
            (evening, None) => evening.standing(),
        };
        let names: Vec<String> = (0..self.seats.len() as u8).map(|t| self.name(t)).collect();
        Some(tarok_words::historic::partie(&standing, lang, &names))
    }
}

/// The options of the Danish deal after `before` (which is over): the cups as its settlement
/// left them, and no ante when it ended in a redeal (000 L426-428).
pub fn next_danish_options(before: &tarok_danish::Deal) -> tarok_danish::DealOptions {
    let cups = before.settle_into(&mut tarok_core::Balances::default());
    tarok_danish::DealOptions {
        ante: before.phase() != (tarok_danish::Phase::Over { redeal: true }),
        cups,
        ..before.options()
    }
}

/// A Danish deal's cups: before it, and after it once it is over.
pub fn cups(deal: &AnyDeal) -> Option<Cups> {
    let AnyDeal::Danish(d) = deal else {
        return None;
    };
    let o = d.options();
    Some(Cups {
        before: o.cups,
        ante: o.ante,
        after: d
            .is_over()
            .then(|| d.settle_into(&mut tarok_core::Balances::default())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::TABLE_VERSION;

    fn new_table(preset: &str, seats: Vec<SeatKind>) -> NewTable {
        NewTable {
            preset: preset.into(),
            rules: String::new(),
            seed: 5,
            seats,
        }
    }

    fn bots(n: usize) -> Vec<SeatKind> {
        (0..n)
            .map(|_| SeatKind::Bot { level: "L0".into() })
            .collect()
    }

    #[test]
    fn bots_play_deals_and_a_table_reloads_the_same() {
        let store = Store::in_memory().unwrap();
        for preset in tarok_games::preset_ids() {
            let n = AnyDeal::from_seed(preset, 5).unwrap().seats() as usize;
            let mut t = Table::create(&store, new_table(preset, bots(n))).unwrap();
            for _ in 0..2 {
                while t.step(&store).unwrap() {}
                assert!(t.deal().is_over(), "{preset}");
                t.next_deal(&store).unwrap();
            }
            for _ in 0..7 {
                t.step(&store).unwrap();
            }
            let u = Table::load(&store, t.id).unwrap().unwrap();
            assert_eq!(u.deal_no(), 2);
            assert_eq!(u.actions(), t.actions(), "{preset}");
            assert_eq!(u.totals, t.totals);
            assert_eq!(u.record(), t.record());
        }
    }

    /// A table of the partners' game plays it whole, as the engine keeps it: each deal seated
    /// by the Partie's pairing and dealt by the seat due, each Partie paid into the totals
    /// and the ledger as it ends and shown in the settlement; a reloaded table goes on the
    /// same. (It played each deal on its own: only the honours and the Pagat were paid.)
    #[test]
    fn a_partners_table_plays_the_whole_game_and_pays_its_partier() {
        use tarok_historic::session::WholeGame;
        let store = Store::in_memory().unwrap();
        let mut t = Table::create(&store, new_table("dk-1829-partners", bots(4))).unwrap();
        let rules = *match t.deal() {
            AnyDeal::Historic(d) => d.rules(),
            _ => unreachable!(),
        };
        let mut game = WholeGame::new(rules, 0).unwrap();
        let mut partie_lines = 0;
        for j in 0..9 {
            let WholeGame::Partners(g) = &game else {
                unreachable!()
            };
            let (seats, dealer) = g.next_setup().unwrap();
            assert_eq!(t.seating().seats, seats, "deal {j}");
            assert_eq!(t.deal().dealer(), dealer, "deal {j}");
            let partie = t.state_for(None).partie.expect("the Partie's standing");
            assert!(partie.starts_with("Partie "), "{partie}");
            while t.step(&store).unwrap() {}
            let AnyDeal::Historic(d) = t.deal() else {
                unreachable!()
            };
            game.add(*d).unwrap();
            let state = t.state_for(None);
            let shown = state
                .settlement
                .iter()
                .filter(|l| l.reason.starts_with("Partie"));
            partie_lines += shown.count();
            let mut whole = vec![0i64; 4];
            for l in game.settlement() {
                if let (Party::Player(f), Party::Player(to)) = (l.from, l.to) {
                    whole[f as usize] -= i64::from(l.amount);
                    whole[to as usize] += i64::from(l.amount);
                }
            }
            assert_eq!(state.totals, whole, "after deal {j}");
            t.next_deal(&store).unwrap();
        }
        assert!(partie_lines > 0, "no Partie was paid in two");
        let ledger = crate::ledger::of(&t, &store.deals(t.id).unwrap()).unwrap();
        assert_eq!(ledger.deals.last().unwrap().totals, t.totals);
        let u = Table::load(&store, t.id).unwrap().unwrap();
        assert_eq!((&u.totals, u.seating()), (&t.totals, t.seating()));
        assert_eq!(u.state_for(None).partie, t.state_for(None).partie);
    }

    /// A store from before tables had a version: a partners' table stored before the Partier
    /// were played whole (its first deal dealt by the seed's seat, 1 for seed 5) loads and plays
    /// on deal by deal, as it began; one stored since (dealt by seat 0, as the Partier deal)
    /// plays on in Partier. A table created now carries the version.
    #[test]
    fn a_partners_table_stored_deal_by_deal_plays_on_so() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.sqlite");
        let store = Store::open(&path).unwrap();
        let stored = |dealer: u8| {
            let id = store
                .create_table("dk-1829-partners", "", 5, &bots(4))
                .unwrap();
            let mut header = AnyDeal::seeded_record("dk-1829-partners", 5, "").unwrap();
            header.dealer = dealer;
            store.start_deal(id, 0, &header.to_text()).unwrap();
            id
        };
        let (before, since) = (stored(1), stored(0));
        drop(store);
        // The store as an older server left it: no versions.
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute_batch("ALTER TABLE tables DROP COLUMN version")
            .unwrap();
        let store = Store::open(&path).unwrap();
        assert_eq!(store.table(before).unwrap().unwrap().version, 1);
        let mut t = Table::load(&store, before).unwrap().unwrap();
        assert_eq!(t.seating().seats, [0, 1, 2, 3]);
        for _ in 0..2 {
            while t.step(&store).unwrap() {}
            assert_eq!(t.state_for(None).partie, None);
            t.next_deal(&store).unwrap();
        }
        assert_eq!(
            t.deal().dealer(),
            3,
            "the deal passes on from the seed's dealer"
        );
        let mut t = Table::load(&store, since).unwrap().unwrap();
        while t.step(&store).unwrap() {}
        assert!(t.state_for(None).partie.is_some(), "played in Partier");
        let new = Table::create(&store, new_table("dk-1829-partners", bots(4))).unwrap();
        assert_eq!(store.table(new.id).unwrap().unwrap().version, TABLE_VERSION);
    }

    /// The page is told what the view says in words, in its language: the phase and, in
    /// Königrufen, each call by the table's names ("Computer 2 (L1): Weiter").
    #[test]
    fn a_state_says_its_view_in_words() {
        let store = Store::in_memory().unwrap();
        let mut t =
            Table::create(&store, new_table("at-koenigrufen-spieleversum", bots(4))).unwrap();
        while t.state_in(None, Lang::En).view_words.phase != "play" {
            assert!(t.step(&store).unwrap(), "the deal ended before the play");
        }
        let (en, de) = (t.state_in(None, Lang::En), t.state_in(None, Lang::De));
        assert_eq!(
            (en.view_words.phase.as_str(), de.view_words.phase.as_str()),
            ("play", "Spiel")
        );
        assert!(!de.view_words.said.is_empty());
        for said in &de.view_words.said {
            assert!(
                (0..4).any(|s| said.starts_with(&format!("{}: ", t.name(s)))),
                "{said}"
            );
        }
    }

    #[test]
    fn the_danish_table_turns_and_the_dealer_moves() {
        let store = Store::in_memory().unwrap();
        let mut t = Table::create(&store, new_table("dk-dtf-2011", bots(3))).unwrap();
        let mut dealers = Vec::new();
        for _ in 0..3 {
            dealers.push(t.table_seat(t.deal().dealer()));
            while t.step(&store).unwrap() {}
            t.next_deal(&store).unwrap();
        }
        dealers.sort();
        assert_eq!(dealers, [0, 1, 2]);
    }

    /// A forced Danish keep is never offered to its seat: the table takes it itself, so a
    /// click cannot race it (all seats people, so that only forced actions step).
    #[test]
    fn a_forced_keep_is_not_offered() {
        let store = Store::in_memory().unwrap();
        let people: Vec<SeatKind> = (0..3)
            .map(|i| SeatKind::Human {
                name: format!("P{i}"),
                token: format!("t{i}"),
            })
            .collect();
        let mut forced = 0;
        for seed in 0..5 {
            let mut new = new_table("dk-dtf-2011", people.clone());
            new.seed = seed;
            let mut t = Table::create(&store, new).unwrap();
            while t.deal().forced().is_some() {
                let seat = t.to_act().unwrap();
                assert!(t.state_for(Some(seat)).legal.is_empty(), "seed {seed}");
                assert!(t.step(&store).unwrap());
                forced += 1;
            }
            if let Some(seat) = t.to_act() {
                assert!(!t.state_for(Some(seat)).legal.is_empty(), "seed {seed}");
            }
        }
        assert!(forced > 0, "no forced keep in five deals");
    }

    /// Plays the deal in play to its end with the first legal action, or a redeal where
    /// `redeal` and one is offered.
    fn play_out(t: &mut Table, store: &Store, redeal: bool) {
        while !t.deal().is_over() {
            if t.step(store).unwrap() {
                continue;
            }
            let legal = t.deal().legal();
            let pick = legal
                .iter()
                .find(|a| redeal && a.to_string() == "redeal")
                .unwrap_or(&legal[0]);
            let seat = t.to_act().unwrap();
            t.act(store, seat, &pick.to_string(), Lang::En).unwrap();
        }
    }

    fn danish(t: &Table) -> &tarok_danish::Deal {
        match t.deal() {
            AnyDeal::Danish(d) => d,
            _ => panic!("not a Danish deal"),
        }
    }

    /// The Danish evening: each deal starts with the cups as the deal before left them, a
    /// redeal's next deal pays no ante, and a table loaded from the store (a restarted server)
    /// goes on with the same cups. Deal 1 of seed 33057 gives a hand without trumps.
    #[test]
    fn the_danish_cups_carry_over_and_a_redeal_skips_the_ante() {
        let store = Store::in_memory().unwrap();
        let people: Vec<SeatKind> = (0..3)
            .map(|i| SeatKind::Human {
                name: format!("P{i}"),
                token: format!("t{i}"),
            })
            .collect();
        let mut new = new_table("dk-dtf-2011", people);
        new.seed = 33057;
        let mut t = Table::create(&store, new).unwrap();
        assert_eq!(danish(&t).options().cups, [60, 60]);
        assert!(danish(&t).options().ante);
        let mut redeals = 0;
        for k in 0..5 {
            play_out(&mut t, &store, k == 0);
            let d = danish(&t);
            let redealt = d.phase() == (tarok_danish::Phase::Over { redeal: true });
            redeals += redealt as u32;
            let dealer = t.table_seat(t.deal().dealer());
            let after = d.settle_into(&mut tarok_core::Balances::default());
            assert_eq!(t.state_for(None).cups.unwrap().after, Some(after));
            t.next_deal(&store).unwrap();
            let o = danish(&t).options();
            assert_eq!(o.cups, after, "deal {}", k + 2);
            assert_eq!(o.ante, !redealt, "deal {}", k + 2);
            // A redeal is dealt again by the same dealer; else the deal passes on.
            let next = t.table_seat(t.deal().dealer());
            assert_eq!(next == dealer, redealt, "deal {}", k + 2);
            let u = Table::load(&store, t.id).unwrap().unwrap();
            assert_eq!(danish(&u).options(), o, "deal {} after a restart", k + 2);
            assert_eq!(u.seatings, t.seatings);
        }
        assert_eq!(redeals, 1, "the first deal is redealt");
        // A table loaded from the store after a finished deal deals the next one from the
        // cups that deal left.
        play_out(&mut t, &store, false);
        let want = next_danish_options(danish(&t));
        let mut u = Table::load(&store, t.id).unwrap().unwrap();
        u.next_deal(&store).unwrap();
        assert_eq!(danish(&u).options(), want);
    }

    /// At a table of computer players (level 1 demands a redeal with no numbered trump), over
    /// a few deals: each starts with the cups the one before left, and the redeal of seed 33057
    /// is dealt again by the same dealer without an ante.
    #[test]
    fn computer_players_carry_the_cups_through_a_redeal() {
        let store = Store::in_memory().unwrap();
        let l1 = vec![SeatKind::Bot { level: "L1".into() }; 3];
        let mut new = new_table("dk-dtf-2011", l1);
        new.seed = 33057;
        let mut t = Table::create(&store, new).unwrap();
        let mut redeals = 0;
        for k in 0..4 {
            while t.step(&store).unwrap() {}
            let before = next_danish_options(danish(&t));
            let redealt = !before.ante;
            redeals += redealt as u32;
            let dealer = t.table_seat(t.deal().dealer());
            t.next_deal(&store).unwrap();
            assert_eq!(danish(&t).options(), before, "deal {}", k + 2);
            assert_eq!(t.table_seat(t.deal().dealer()) == dealer, redealt);
        }
        assert_eq!(redeals, 1);
    }

    /// A Danish evening starts with each person's funding of each cup, under the house rules.
    #[test]
    fn the_cups_start_with_everyones_funding() {
        let store = Store::in_memory().unwrap();
        for (n, rules, cups) in [(3, "", 60), (5, "", 100), (4, "tariff.funding=10", 40)] {
            let mut new = new_table("dk-dtf-2011", bots(n));
            new.rules = rules.into();
            let t = Table::create(&store, new).unwrap();
            assert_eq!(danish(&t).options().cups, [cups; 2], "{n} {rules}");
        }
    }

    #[test]
    fn a_table_of_the_wrong_size_or_level_is_refused() {
        let store = Store::in_memory().unwrap();
        for (preset, n) in [
            ("dk-dtf-2011", 2),
            ("dk-dtf-2011", 6),
            ("at-koenigrufen-spieleversum", 3),
            ("at-koenigrufen-spieleversum", 7),
            ("dk-1829-three", 4),
        ] {
            let e = Table::create(&store, new_table(preset, bots(n)))
                .err()
                .unwrap();
            assert!(e.contains("is played at a table of"), "{e}");
        }
        let l7 = vec![SeatKind::Bot { level: "L7".into() }; 3];
        let e = Table::create(&store, new_table("dk-1829-three", l7))
            .err()
            .unwrap();
        assert!(e.contains("unknown bot level"), "{e}");
        assert!(Table::create(&store, new_table("nowhere", bots(3))).is_err());
    }

    /// Danish Tarok at 4 and 5 and Königrufen at 5 and 6, computer players only, over a few
    /// deals: the sitters-out are the family's rotation's, get the public view and no turn, the dealer
    /// passes on, every deal's balances go to the table seats that played or sat it out
    /// (nothing is lost: a Danish evening's totals and cups add up to its funding), and a
    /// reloaded table is the same.
    #[test]
    fn tables_with_people_sitting_out() {
        let store = Store::in_memory().unwrap();
        for (preset, n) in [
            ("dk-dtf-2011", 4),
            ("dk-hjoerring-2016", 5),
            ("at-koenigrufen-spieleversum", 5),
            ("at-koenigrufen-spieleversum", 6),
        ] {
            let mut t = Table::create(&store, new_table(preset, bots(n))).unwrap();
            let deal_seats = t.deal().seats();
            let mut sat_out = vec![0; n];
            for k in 0..2 * n as u32 {
                let s = t.seating().clone();
                assert_eq!(s.sitting_out.len(), n - deal_seats as usize, "{preset}");
                for &o in &s.sitting_out {
                    sat_out[o as usize] += 1;
                    let public = serde_json::to_value(t.deal().public_view()).unwrap();
                    let view = serde_json::to_value(t.state_for(Some(o)).view).unwrap();
                    assert_eq!(view, public, "{preset} deal {k}");
                    assert_eq!(t.state_for(Some(o)).sitting_out, s.sitting_out);
                }
                while t.step(&store).unwrap() {
                    assert!(!s.sitting_out.contains(&t.to_act().unwrap_or(99)));
                }
                let totals = t.state_for(None).totals;
                if let Some(c) = cups(t.deal()) {
                    let after: i64 = c.after.unwrap().iter().map(|&x| x as i64).sum();
                    let funding = 2 * 20 * n as i64;
                    assert_eq!(totals.iter().sum::<i64>() + after, funding, "{preset} {k}");
                } else {
                    assert_eq!(totals.iter().sum::<i64>(), 0, "{preset} {k}");
                }
                t.next_deal(&store).unwrap();
            }
            // Everyone sat out alike, up to the Danish redeals that keep the seating.
            let (lo, hi) = (sat_out.iter().min().unwrap(), sat_out.iter().max().unwrap());
            assert!(hi - lo <= 2 && *lo > 0, "{preset} at {n}: {sat_out:?}");
            let u = Table::load(&store, t.id).unwrap().unwrap();
            assert_eq!(u.seatings, t.seatings, "{preset}");
            assert_eq!(u.totals, t.totals, "{preset}");
            assert_eq!(u.record(), t.record(), "{preset}");
        }
    }

    /// A person who leaves is replaced by a computer player at once, who plays the seat's
    /// turns (the person's own actions are refused meanwhile); the seat stays theirs (their
    /// token) through a restart, and they take it back at once: the computer player stops at
    /// the seat's next turn. Only a person at the table can leave, only one away come back.
    #[test]
    fn a_person_leaves_and_takes_the_seat_back() {
        let store = Store::in_memory().unwrap();
        let mut seats = bots(4);
        seats[0] = SeatKind::Human {
            name: "Ida".into(),
            token: "secret".into(),
        };
        let mut t = Table::create(&store, new_table("at-koenigrufen-spieleversum", seats)).unwrap();
        while t.step(&store).unwrap() {}
        assert_eq!(t.to_act(), Some(0), "Ida is to act");
        assert!(!t.wants_step());
        assert!(
            t.leave(&store, 1).is_err(),
            "a computer player cannot leave"
        );
        assert!(t.come_back(&store, 0).is_err(), "Ida has not left");
        t.leave(&store, 0).unwrap();
        assert_eq!(t.seat_infos()[0].kind, "away");
        assert!(t.token_matches(0, "secret"));
        let legal = t.deal().legal()[0].to_string();
        let r = t.act(&store, 0, &legal, Lang::En).unwrap_err();
        assert!(r.reason.contains("take your seat back"), "{}", r.reason);
        assert!(t.wants_step(), "the computer player plays Ida's turn");
        let before = t.actions().len();
        t.step(&store).unwrap();
        assert_eq!(t.actions().len(), before + 1);
        // Through a restart the seat is still away and still Ida's.
        let mut t = Table::load(&store, t.id).unwrap().unwrap();
        assert_eq!(t.seat_infos()[0].kind, "away");
        assert_eq!(t.name(0), "Ida");
        while t.to_act() != Some(0) && !t.deal().is_over() {
            assert!(t.step(&store).unwrap());
        }
        t.come_back(&store, 0).unwrap();
        assert_eq!(t.seat_infos()[0].kind, "human");
        if !t.deal().is_over() {
            assert!(!t.wants_step(), "Ida plays her own turn again");
            assert!(!t.state_for(Some(0)).legal.is_empty());
        }
        let t = Table::load(&store, t.id).unwrap().unwrap();
        assert_eq!(t.seat_infos()[0].kind, "human");
        assert!(t.token_matches(0, "secret"));
    }
}
