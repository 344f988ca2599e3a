//! An evening of any preset at a table of one human and computer players, written once over
//! [`tarok_core::Game`] and the registry's [`AnyDeal`]: who sits where deal by deal, the
//! computer players' turns, forced actions, the menu of legal actions, the log, the evening's
//! balances and the records. No terminal code, so that tests drive exactly what the screen
//! shows. The human is person 0; at tables where people sit deals out, the human may too.
//!
//! What a family's rules (or a ledger) decide beyond one deal, who plays the next deal and
//! how it is dealt, and what a finished deal is entered in, comes from an [`Evening`].

use crate::evening::HistoricEvening;
use crate::keep::{Keeping, Kept};
use std::path::{Path, PathBuf};
use tarok_ai::any::AnyWhy;
use tarok_ai::{Bot, Level};
use tarok_core::record::{Record, Recordable};
use tarok_core::{DealRng, Game, Seat};
use tarok_games::{AnyAction, AnyDeal, AnyError, AnyView};

/// Why the human's action was not taken.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refused {
    /// Another is to act (or the deal is over).
    #[error("not your turn")]
    NotYourTurn,
    /// The deal refused it, naming its rule; the deal did not change.
    #[error(transparent)]
    Rule(#[from] AnyError),
}

/// The human, as a person at the table.
pub const HUMAN: usize = 0;

/// Who plays one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    /// The person in each of the deal's seats.
    pub seats: Vec<usize>,
    /// The person who deals (who may sit the deal out, as at Königrufen with 5 and 6).
    pub dealer: usize,
    /// The people who sit this deal out.
    pub sitting_out: Vec<usize>,
}

impl Seating {
    /// The deal seat of a person, or `None` while sitting out.
    pub fn seat_of(&self, person: usize) -> Option<Seat> {
        self.seats
            .iter()
            .position(|&p| p == person)
            .map(|s| s as Seat)
    }
}

/// The part of an evening that a family's rules (or a ledger) decide beyond one deal.
pub trait Evening {
    /// Who plays the next deal, and the deal's record before its first action (preset, rules,
    /// `seed`, dealer, setup), from which the deal is dealt.
    fn next(&self, seed: u64) -> Result<(Seating, Record), String>;
    /// Enters a finished deal (a score sheet, a ledger) and passes the deal on. Returns what
    /// the evening pays each person beyond the deal's own settlement (an 1829 Partie that this
    /// deal ends); empty when nothing.
    fn enter(&mut self, deal: &AnyDeal) -> Result<Vec<i64>, String>;
    /// How the evening's records are named: `{stem}-{deal no}-seed-{seed}.txt`.
    fn record_stem(&self) -> String;
}

/// One finished deal of the evening.
#[derive(Clone, Debug)]
pub struct Round {
    /// Who played it.
    pub seating: Seating,
    /// The deal, over.
    pub deal: AnyDeal,
}

/// The seed of deal `n` of an evening started with `seed`: the first deal uses the seed
/// itself, so `tarok play --seed S` and `tarok deal --seed S` show the same first hand
/// (where the evening keeps the seed's dealer: not in the 1829 partners' game, whose seat 0
/// deals first).
pub fn deal_seed(seed: u64, n: u32) -> u64 {
    if n == 1 {
        seed
    } else {
        DealRng::derive(seed, n as u64).next_u64()
    }
}

/// The names of the people in a deal's seats, for its record's `[Players]` tag.
fn seat_names(names: &[String], seating: &Seating) -> Vec<String> {
    seating.seats.iter().map(|&p| names[p].clone()).collect()
}

/// Writes a finished deal's record into the records folder, creating it if needed. A record
/// already there under `name` (an earlier evening's) is kept, and this one gets the first free
/// `-2`, `-3`, … suffix before the extension.
pub fn save_record(dir: &Path, name: &str, text: &str) -> Result<PathBuf, String> {
    use std::io::{ErrorKind, Write};
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
    for n in 1.. {
        let file = match (n, ext) {
            (1, _) => name.to_string(),
            (_, "") => format!("{stem}-{n}"),
            _ => format!("{stem}-{n}.{ext}"),
        };
        let path = dir.join(file);
        let opened = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path);
        match opened {
            Ok(mut f) => {
                f.write_all(text.as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                return Ok(path);
            }
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(format!("cannot write {}: {e}", path.display())),
        }
    }
    unreachable!("some suffix is free")
}

/// An evening of one preset.
pub struct Table<E: Evening = HistoricEvening> {
    /// The preset played.
    pub preset: String,
    /// The deal in play (or just finished).
    pub deal: AnyDeal,
    /// The deal's record before its first action, which it was dealt from.
    pub header: Record,
    /// Everyone at the table, by person; the human first.
    pub names: Vec<String>,
    /// Who plays this deal.
    pub seating: Seating,
    /// Number of the deal in the evening, from 1.
    pub deal_no: u32,
    /// The deal's actions so far, for its record.
    pub actions: Vec<AnyAction>,
    /// Who did what in this deal, newest last.
    pub log: Vec<(Seat, AnyAction)>,
    /// Each person's net over the finished deals.
    pub totals: Vec<i64>,
    /// The finished deals.
    pub rounds: Vec<Round>,
    /// Finished deals counted in `totals`.
    pub finished: u32,
    /// Where the finished deal's record was saved.
    pub saved: Option<PathBuf>,
    /// Why the finished deal's record could not be saved.
    pub save_error: Option<String>,
    /// What the family's rules decide beyond one deal.
    pub evening: E,
    /// The computer players' level.
    pub level: Level,
    /// Whether (and with what else) the evening is kept beside the records folder as it goes,
    /// for `tarok play --resume`.
    pub keeping: Option<Keeping>,
    /// Why the evening could not be kept.
    pub keep_error: Option<String>,
    /// The records of the finished deals.
    done: Vec<Record>,
    seed: u64,
    /// One computer player for each person (the human's is never asked).
    bots: Vec<Box<dyn Bot<AnyView, AnyAction>>>,
    records: PathBuf,
}

impl Table<HistoricEvening> {
    /// A new evening of `preset` where everyone plays every deal, with computer players of
    /// `level`; `names[0]` is the human.
    pub fn new(
        preset: &str,
        names: Vec<String>,
        seed: u64,
        level: Level,
        records: &Path,
    ) -> Result<Table<HistoricEvening>, String> {
        Table::with_evening(
            HistoricEvening::new(preset)?,
            preset,
            names,
            seed,
            level,
            records,
        )
    }
}

impl<E: Evening> Table<E> {
    /// A new evening of `preset` run by `evening`, with computer players of `level`;
    /// `names[0]` is the human.
    pub fn with_evening(
        evening: E,
        preset: &str,
        names: Vec<String>,
        seed: u64,
        level: Level,
        records: &Path,
    ) -> Result<Table<E>, String> {
        let mut t = Table::seated(evening, preset, names, seed, level, records)?;
        t.advance();
        Ok(t)
    }

    /// The evening kept in `kept`, run by `evening` (built from the kept names), replayed
    /// deal by deal from the kept records: the totals, the evening's sheet or ledger and the
    /// deal in progress are as they were. The finished deals' records are not saved again.
    pub fn resume(evening: E, kept: &Kept, records: &Path) -> Result<Table<E>, String> {
        let level: Level = kept.level.parse()?;
        let names = kept.names.clone();
        let mut t = Table::seated(evening, &kept.preset, names, kept.seed, level, records)?;
        for (i, record) in kept.deals.iter().enumerate() {
            let n = i + 1;
            if i > 0 {
                t.deal_no += 1;
                t.deal_next()?;
            }
            if record.header() != t.header.header() {
                return Err(format!(
                    "deal {n} of the kept evening is not the deal the evening deals next"
                ));
            }
            for (k, step) in record.actions.iter().enumerate() {
                let at = || format!("deal {n}, action {} ({})", k + 1, step.action);
                let seat =
                    t.deal.to_act().filter(|&s| s == step.seat).ok_or_else(|| {
                        format!("{}: not P{}'s turn in the replay", at(), step.seat)
                    })?;
                let a = t
                    .deal
                    .parse_action(&step.action)
                    .map_err(|e| format!("{}: {e}", at()))?;
                t.apply(seat, a).map_err(|e| format!("{}: {e}", at()))?;
            }
            if t.deal.is_over() {
                t.count_and_enter()?;
            } else if n < kept.deals.len() {
                return Err(format!("deal {n} of the kept evening is not finished"));
            }
        }
        t.advance();
        Ok(t)
    }

    /// The table before the computer players take their first turns.
    fn seated(
        evening: E,
        preset: &str,
        names: Vec<String>,
        seed: u64,
        level: Level,
        records: &Path,
    ) -> Result<Table<E>, String> {
        let (seating, mut header) = evening.next(seed)?;
        let deal = AnyDeal::from_record(&header)?;
        let seats = deal.seats() as usize;
        if seating.seats.len() != seats
            || seating
                .seats
                .iter()
                .chain(&seating.sitting_out)
                .any(|&p| p >= names.len())
        {
            return Err(format!(
                "{preset} is played by {seats} at the table, not {}",
                names.len()
            ));
        }
        header.players = seat_names(&names, &seating);
        let bots = (0..names.len())
            .map(|p| {
                tarok_ai::any::bot(
                    level,
                    deal.family(),
                    DealRng::derive(seed, p as u64).next_u64(),
                )
            })
            .collect();
        Ok(Table {
            preset: preset.to_string(),
            deal,
            header,
            totals: vec![0; names.len()],
            names,
            seating,
            deal_no: 1,
            actions: Vec::new(),
            log: Vec::new(),
            rounds: Vec::new(),
            finished: 0,
            saved: None,
            save_error: None,
            evening,
            level,
            keeping: None,
            keep_error: None,
            done: Vec::new(),
            seed,
            bots,
            records: records.to_path_buf(),
        })
    }

    /// The folder the deals' records are saved in.
    pub fn records(&self) -> &Path {
        &self.records
    }

    /// Keeps the evening beside the records folder from now on, as it goes (`keeping` says what
    /// else to keep), replacing an evening kept there before.
    pub fn keep(&mut self, keeping: Keeping) {
        self.keeping = Some(keeping);
        self.keep_now();
    }

    /// The evening as kept: how it started and every deal so far.
    pub fn kept(&self) -> Result<Kept, String> {
        let mut deals = self.done.clone();
        if self.finished < self.deal_no {
            deals.push(self.record()?);
        }
        Ok(Kept {
            kept: crate::keep::FORMAT,
            preset: self.preset.clone(),
            seed: self.seed,
            names: self.names.clone(),
            level: self.level.to_string(),
            lang: self.keeping.as_ref().and_then(|k| k.lang.clone()),
            deals,
        })
    }

    /// Writes the evening as it stands, if it is kept.
    fn keep_now(&mut self) {
        if self.keeping.is_none() {
            return;
        }
        let dir = self.records.clone();
        self.keep_error = self.kept().and_then(|k| crate::keep::write(&dir, &k)).err();
    }

    /// The name of whoever sits in `seat` in this deal.
    pub fn name(&self, seat: Seat) -> &str {
        &self.names[self.seating.seats[seat as usize]]
    }

    /// The human's seat in this deal, or `None` while sitting out.
    pub fn human_seat(&self) -> Option<Seat> {
        self.seating.seat_of(HUMAN)
    }

    /// Whether the human must act now.
    pub fn human_to_act(&self) -> bool {
        self.deal.to_act().is_some() && self.deal.to_act() == self.human_seat()
    }

    /// The hint (`h`): what a computer player of the table's level would do in the human's
    /// place, and why; at a table of level 0, whose random choice teaches nothing, level 1's.
    /// Level 2 answers within its standard thinking time (a second at most).
    pub fn hint(&self) -> Option<(AnyAction, AnyWhy)> {
        let seat = self.human_seat().filter(|_| self.human_to_act())?;
        let level = match self.level {
            Level::L0 => Level::L1,
            l => l,
        };
        // The same hint for the same decision of the evening.
        let seed = DealRng::derive(
            deal_seed(self.seed, self.deal_no),
            self.actions.len() as u64,
        )
        .next_u64();
        Some(tarok_ai::any::advise(
            level,
            &self.deal.view(seat),
            &self.deal.legal(),
            seed,
        ))
    }

    /// The human's view of the deal (the first seat's while the human sits out).
    pub fn view(&self) -> AnyView {
        self.deal.view(self.human_seat().unwrap_or(0))
    }

    /// The human's legal actions; none while another is to act.
    pub fn legal(&self) -> Vec<AnyAction> {
        if self.human_to_act() {
            self.deal.legal()
        } else {
            Vec::new()
        }
    }

    fn apply(&mut self, seat: Seat, a: AnyAction) -> Result<(), AnyError> {
        self.deal.apply(a)?;
        self.actions.push(a);
        self.log.push((seat, a));
        Ok(())
    }

    /// Lets the computer players act, and applies forced actions (the human's too: there is
    /// nothing to choose), until the human has a choice or the deal is over. A finished deal
    /// is counted, entered and its record saved at once, also one the computer players played
    /// while the human sat out.
    fn advance(&mut self) {
        while let Some(seat) = self.deal.to_act() {
            let a = match self.deal.forced() {
                Some(a) => a,
                None if Some(seat) == self.human_seat() => break,
                None => {
                    let legal = self.deal.legal();
                    let person = self.seating.seats[seat as usize];
                    self.bots[person]
                        .decide(&self.deal.view(seat), &legal)
                        .action
                }
            };
            self.apply(seat, a).expect("bots choose legal actions");
        }
        if self.deal.is_over() && self.finished < self.deal_no {
            self.finish();
        }
        self.keep_now();
    }

    /// The human's action; an illegal one is refused with its rule and changes nothing.
    pub fn act(&mut self, a: AnyAction) -> Result<(), Refused> {
        if !self.human_to_act() {
            return Err(Refused::NotYourTurn);
        }
        let seat = self.human_seat().expect("the human is to act");
        self.apply(seat, a)?;
        self.advance();
        Ok(())
    }

    /// Counts the finished deal, enters it in the evening and saves its record.
    fn finish(&mut self) {
        if let Err(e) = self.count_and_enter() {
            self.save_error = Some(e);
            return;
        }
        match self.save("") {
            Ok(p) => self.saved = Some(p),
            Err(e) => self.save_error = Some(e),
        }
    }

    /// Counts the finished deal in the totals and the finished rounds, and enters it in the
    /// evening.
    fn count_and_enter(&mut self) -> Result<(), String> {
        self.finished = self.deal_no;
        let balances = self.deal.balances().players;
        for (seat, &person) in self.seating.seats.iter().enumerate() {
            self.totals[person] += balances[seat] as i64;
        }
        self.rounds.push(Round {
            seating: self.seating.clone(),
            deal: self.deal.clone(),
        });
        self.done.push(self.record()?);
        let paid = self.evening.enter(&self.deal)?;
        for (total, p) in self.totals.iter_mut().zip(paid) {
            *total += p;
        }
        Ok(())
    }

    /// The deal's record so far in the one record format.
    fn record(&self) -> Result<Record, String> {
        let start = AnyDeal::from_record(&self.header)?;
        tarok_core::record::write(&self.header, &start, &self.actions)
    }

    /// Saves the deal's record in the one record format (`tarok_core::record`), as `tarok
    /// random-game` writes it, result and settlement included once the deal is over, under
    /// the record's file name with `tag` added.
    fn save(&self, tag: &str) -> Result<PathBuf, String> {
        let seed = deal_seed(self.seed, self.deal_no);
        let name = format!(
            "{}-{:03}-seed-{seed}{tag}.txt",
            self.evening.record_stem(),
            self.deal_no
        );
        let text = self.record()?.to_text();
        save_record(&self.records, &name, &text)
    }

    /// Saves the record of a deal left unfinished; nothing before its first action, nor for a
    /// finished deal (saved when it ended).
    pub fn save_unfinished(&self) -> Result<Option<PathBuf>, String> {
        if self.deal.is_over() || self.actions.is_empty() {
            return Ok(None);
        }
        self.save("-unfinished").map(Some)
    }

    /// Deals the next deal, seated as the evening says; the computer players take their
    /// turns.
    pub fn next_deal(&mut self) -> Result<(), String> {
        self.deal_no += 1;
        self.deal_next()?;
        self.advance();
        Ok(())
    }

    /// Deals deal number `deal_no`, seated as the evening says.
    fn deal_next(&mut self) -> Result<(), String> {
        let (seating, mut header) = self.evening.next(deal_seed(self.seed, self.deal_no))?;
        self.deal = AnyDeal::from_record(&header)?;
        header.players = seat_names(&self.names, &seating);
        self.seating = seating;
        self.header = header;
        self.actions.clear();
        self.log.clear();
        self.saved = None;
        self.save_error = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Computer players of level 0 play a whole deal of every 1829 game with a random human;
    /// the record saved replays to the same settlement, and the totals are the deal's.
    #[test]
    fn every_1829_game_plays_out_and_saves_a_record_that_replays() {
        for preset in [
            "dk-1829-three",
            "dk-1829-partners",
            "dk-1829-quadrille",
            "dk-1829-en-deux",
        ] {
            let dir = crate::testing::temp_dir(&format!("table-{preset}"));
            let n = AnyDeal::from_seed(preset, 3).unwrap().seats() as usize;
            let names = ["You", "Anna", "Bent", "Dorte"][..n]
                .iter()
                .map(|s| s.to_string())
                .collect();
            let mut t = Table::new(preset, names, 3, Level::L0, &dir).unwrap();
            while !t.deal.is_over() {
                let legal = t.legal();
                assert!(!legal.is_empty(), "{preset}: the human is to act");
                t.act(legal[legal.len() / 2]).unwrap();
            }
            let path = t.saved.clone().expect("saved");
            let text = std::fs::read_to_string(&path).unwrap();
            let read = tarok_games::read_record(&text, 0).unwrap();
            let replayed = read.after(read.actions.len()).unwrap();
            let settled: Vec<String> = replayed
                .settlement()
                .iter()
                .map(|l| l.to_string())
                .collect();
            assert!(text.contains("; settlement\n"), "{text}");
            // The players in their seats (the partners' pairing seats them apart).
            let players = seat_names(&t.names, &t.seating).join(", ");
            let players = format!("[Players \"{players}\"]");
            assert!(text.contains(&players), "{players} not in\n{text}");
            for l in &settled {
                assert!(text.contains(&format!("; {l}\n")), "{l}\n{text}");
            }
            let b = t.deal.balances().players;
            let mut by_person = vec![0; n];
            for (seat, &p) in t.seating.seats.iter().enumerate() {
                by_person[p] = b[seat] as i64;
            }
            assert_eq!(t.totals, by_person);
            t.next_deal().unwrap();
            assert_eq!((t.deal_no, t.saved.is_none()), (2, true));
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    /// The records in a folder, by name.
    fn saved_records(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// An evening kept as it goes resumes where it was: the deal in progress with its
    /// actions and log, the deal number, the totals and the finished rounds; the finished
    /// deals' records are not saved again. Then it plays on.
    #[test]
    fn a_kept_evening_resumes_where_it_was() {
        let dir = crate::testing::temp_dir("table-resume");
        let names = ["You", "Anna", "Bent", "Dorte"].map(String::from).to_vec();
        let mut t = Table::new("dk-1829-partners", names, 11, Level::L0, &dir).unwrap();
        t.keep(Keeping {
            lang: Some("da".into()),
        });
        for _ in 0..2 {
            while !t.deal.is_over() {
                let legal = t.legal();
                t.act(legal[0]).unwrap();
            }
            t.next_deal().unwrap();
        }
        for _ in 0..3 {
            let legal = t.legal();
            t.act(legal[legal.len() - 1]).unwrap();
        }
        let records = saved_records(&dir);
        assert_eq!(records.len(), 2, "{records:?}");
        let kept = crate::keep::read(&dir).unwrap();
        assert_eq!(kept, t.kept().unwrap());
        assert_eq!((kept.deals.len(), kept.level.as_str()), (3, "L0"));
        assert_eq!(kept.lang.as_deref(), Some("da"));
        let mut r =
            Table::resume(HistoricEvening::new(&kept.preset).unwrap(), &kept, &dir).unwrap();
        assert_eq!(format!("{:?}", r.deal), format!("{:?}", t.deal));
        assert_eq!((r.deal_no, r.finished), (3, 2));
        assert_eq!(r.totals, t.totals);
        assert_eq!(r.actions, t.actions);
        assert_eq!(r.log, t.log);
        assert_eq!(r.seating, t.seating);
        assert_eq!(r.rounds.len(), 2);
        assert_eq!(saved_records(&dir), records);
        // It plays on, and keeps the evening again once asked to.
        r.keep(Keeping::default());
        while !r.deal.is_over() {
            let legal = r.legal();
            r.act(legal[0]).unwrap();
        }
        assert_eq!(saved_records(&dir).len(), 3);
        assert_eq!(crate::keep::read(&dir).unwrap().deals.len(), 3);
        assert!(crate::keep::read(&dir).unwrap().deals[2].result.is_some());
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_file(crate::keep::path(&dir));
    }

    /// A kept evening whose deal is not the one its seed deals is refused.
    #[test]
    fn a_kept_evening_that_does_not_replay_is_refused() {
        let dir = crate::testing::temp_dir("table-resume-bad");
        let names = ["You", "Anna", "Bent"].map(String::from).to_vec();
        let t = Table::new("dk-1829-three", names, 4, Level::L0, &dir).unwrap();
        let mut kept = t.kept().unwrap();
        kept.seed = 5;
        let every = || HistoricEvening::new("dk-1829-three").unwrap();
        let err = Table::resume(every(), &kept, &dir).err().unwrap();
        assert!(err.contains("deal 1 of the kept evening"), "{err}");
        let mut kept = t.kept().unwrap();
        kept.deals[0].actions.push(tarok_core::record::Step {
            seat: 0,
            action: "nonsense".into(),
        });
        assert!(Table::resume(every(), &kept, &dir).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A record saved under a name already taken (an earlier evening with the same seed) keeps
    /// the old file and takes the next free suffix.
    #[test]
    fn a_record_never_overwrites_another() {
        let dir = std::env::temp_dir().join(format!("tarok-save-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let first = save_record(&dir, "deal-001-seed-7.txt", "first").unwrap();
        let second = save_record(&dir, "deal-001-seed-7.txt", "second").unwrap();
        let third = save_record(&dir, "deal-001-seed-7.txt", "third").unwrap();
        assert_eq!(first, dir.join("deal-001-seed-7.txt"));
        assert_eq!(second, dir.join("deal-001-seed-7-2.txt"));
        assert_eq!(third, dir.join("deal-001-seed-7-3.txt"));
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "first");
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "second");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
