//! `tarok session …`: the club ledger of a Danish Tarok evening, and the score sheet of an
//! evening of Königrufen or of the 1829 Partier (`sheet`), kept in an SQLite database.
//! Everything here is a thin layer over the `tarok_ledger` library, which the terminal and web
//! front ends use too.

mod sheet;

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use tarok_danish::Preset;
use tarok_ledger::entry::{BagudEntry, DealEntry, EndEntry, FineEntry, InPlayEntry, Outcome};
use tarok_ledger::export;
use tarok_ledger::fines::Annul;
use tarok_ledger::store::{Store, StoreError, StoreTx};
use tarok_ledger::{Evening, Session};
use tarok_words::counted;

#[derive(Args)]
#[command(after_help = "Examples:
  tarok session new --preset dk-dtf-2011 --players Anna,Bent,Carl,Dorte
  tarok session deal --last-trick Bent --count Anna=30 --count Dorte=20 \\
        --declare \"Dorte=11 tarokker med pagat; 3 matadorer\" --pagat-hjem Dorte
  tarok session deal --last-trick Bent --ultimo pagat --count Anna=22 --count Dorte=31
  tarok session deal --random
  tarok session deal --bots L1 --seed 7
  tarok session undo
  tarok session show
  tarok session export --format csv > lines.csv
  tarok session close

Score sheets (Königrufen at 4-6 players; the Partier of dk-1829-partners and dk-1829-en-deux):
  tarok session new --preset at-koenigrufen-spieleversum --players Anna,Bent,Carl,Dorte,Erik
  tarok session deal --game \"rufer Bent+Dorte won kontra; pagat announced Bent made Bent\"
  tarok session deal --game \"piccolo Carl won; bei Erik lost kontra Anna\"
  tarok session deal --game \"renonce Dorte dreier Erik; pagat\"
  tarok session deal --game \"solorufer Anna+Carl lost re; pagat announced Anna failed kontra\"
  tarok session deal --record deal.txt
  tarok session new --preset dk-1829-partners --players Anna,Bent,Carl,Dorte
  tarok session deal --game \"Anna+Bent=40 Carl+Dorte=32\"")]
pub struct SessionArgs {
    /// The session database (SQLite). Default: $TAROK_DB, else tarok-session.sqlite here.
    #[arg(long, global = true)]
    db: Option<PathBuf>,
    /// The session to use; default the latest open one.
    #[arg(long, global = true)]
    session: Option<i64>,
    #[command(subcommand)]
    command: SessionCommand,
}

#[derive(Subcommand)]
enum SessionCommand {
    /// Start an evening: seat the table and pay the funding (20 into each cup from everyone).
    /// With a Königrufen or 1829 preset: start its score sheet.
    New {
        #[arg(long, short, default_value = "dk-dtf-2011")]
        preset: String,
        /// The names, in seating order going to the right (counter-clockwise): 3, 4 or 5
        /// (Königrufen 4, 5 or 6; dk-1829-partners 4; dk-1829-en-deux 2).
        #[arg(long)]
        players: String,
        /// Who sits out: three; opposite or right-neighbour (4 at the table); skip-two or
        /// hermansen (5). Default: three, opposite, skip-two.
        #[arg(long)]
        seating: Option<String>,
        /// Who deals first (drawn by lot); default the first name.
        #[arg(long)]
        first_dealer: Option<String>,
    },
    /// Enter a deal played with real cards, or let the engine play one (--random).
    ///
    /// Once the deal is stored it stays stored: if its confirmation cannot be printed
    /// (standard output full or closed), a warning on standard error says that the deal is
    /// stored, and the exit code is 0 (with --repeat no further deal is played). The same holds
    /// for new, undo and close.
    Deal(Box<DealArgs>),
    /// Balances, cups, the next seating and the deals so far.
    Show {
        #[command(flatten)]
        stake: Stake,
    },
    /// Write the session as CSV (payment lines or balances), JSON, or an SVG chart of balances.
    Export {
        /// csv (every payment line), balances-csv (balance after each deal), json, svg.
        #[arg(long, default_value = "csv")]
        format: String,
        /// The file to write; standard output if not given. The session database itself is
        /// never written over, and another existing file only with --force.
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// Replace the --out file if it exists.
        #[arg(long, requires = "out")]
        force: bool,
    },
    /// Take back the last deal of the session (a mis-entered deal): its payments are removed,
    /// and the balances, cups and seating are as before it. Enter it again with `deal`.
    Undo,
    /// End the evening: the cups are shared equally, the remainder to the worst placed.
    Close {
        #[command(flatten)]
        stake: Stake,
    },
    /// List the sessions in the database.
    List,
    /// The fine table (the names to use with --fine) of the open session's preset.
    Fines {
        /// List this preset's fines instead; with no open session the default is dk-dtf-2011.
        #[arg(long, short)]
        preset: Option<String>,
    },
}

#[derive(Args)]
struct DealArgs {
    /// Let the engine play the deal with random legal play for every seat.
    #[arg(long)]
    random: bool,
    /// Let the engine play the deal with computer players of this level in every seat:
    /// L0 (random), L1 (rule-based) or L2 (searches the card play and the skat).
    #[arg(long, conflicts_with = "random")]
    bots: Option<tarok_ai::Level>,
    /// Seed of an engine-played deal (--random or --bots); a new one each run if not given.
    #[arg(long)]
    seed: Option<u64>,
    /// Play this many engine-played deals, each stored before the next starts.
    #[arg(long, default_value_t = 1)]
    repeat: u32,
    /// The whole entry as JSON (the library's DealEntry); `-` for standard input.
    #[arg(long, conflicts_with_all = ["random", "bots"])]
    entry: Option<String>,
    /// A trumpless hand demanded a redeal: the dealer deals again without a new ante.
    #[arg(long)]
    redeal: bool,
    /// The deal was stopped for an offence (give the fine too).
    #[arg(long)]
    annulled: bool,
    /// NAME=declarations, separated by ';', e.g. "Anna=11 tarokker med pagat; 3 matadorer", in
    /// Møller's words or the federation's ("Anna=11 med; 3 store; fulde konger").
    /// Enter only the declarations that stand: a wrong one (fine wrong-declaration) left out is
    /// not paid, which is its repayment.
    #[arg(long)]
    declare: Vec<String>,
    /// NAME=the 25 cards held after the skat; the declarations are computed.
    #[arg(long)]
    hand: Vec<String>,
    /// Who brought the pagat home in tricks 1-24.
    #[arg(long)]
    pagat_hjem: Option<String>,
    /// NAME=CARD: an ultimo card (pagat or a king, e.g. HK) lost in tricks 1-24.
    #[arg(long)]
    lost: Vec<String>,
    /// Who won the last trick.
    #[arg(long)]
    last_trick: Option<String>,
    /// The last trick was won by this ultimo card (pagat or a king): an ultimo.
    #[arg(long)]
    ultimo: Option<String>,
    /// NAME=CARD: lost an ultimo card in the last trick (bagud).
    #[arg(long)]
    bagud: Vec<String>,
    /// The one player who took no trick.
    #[arg(long)]
    nolo: Option<String>,
    /// The player who took all 25 tricks.
    #[arg(long)]
    tout: Option<String>,
    /// NAME=COUNT for each of the two counters (the next dealer does not count).
    #[arg(long)]
    count: Vec<String>,
    /// A deal of a score sheet (Königrufen, the 1829 Partier) in its hand syntax; clauses are
    /// separated by ';', names as at the table, words as `tarok rules PRESET` writes them.
    ///
    /// Königrufen:
    ///   CONTRACT DECLARER[+PARTNER] RESULT [LEVELS]     RESULT: won, lost, valat (all 12
    ///                                                    tricks) or schleifen; PARTNER: who
    ///                                                    held the called king
    ///   bei NAME RESULT [LEVELS]                         another player of a Piccolo/Zwiccolo
    ///   PREMIUM [announced NAME] made NAME [LEVELS]      made by NAME's party; silent if not
    ///                                                    announced
    ///   PREMIUM announced NAME failed [LEVELS]           announced and not made
    ///   valat announced NAME [LEVELS]                    RESULT valat says it was made
    ///   trischaken NAME=COUNT (four times)               counts as points/Blätter: 23/1
    ///   renonce NAME CONTRACT DECLARER [LEVEL]; PREMIUM [LEVEL]…   the game's declarer and its
    ///                                                    announced premiums (§16.1)
    ///   renonce NAME trischaken | renonce NAME no-bird   §14 L494; Besserrufer without a bird
    ///   misdeal NAME+NAME CONTRACT [LEVEL]               noticed during play (§16.1, A32)
    ///   void [NOTE]                                      a writing error: 0 for all (§18.2)
    ///   LEVELS: kontra [NAMES], re [NAMES], subkontra NAMES (NAMES comma-separated; without
    ///   names the whole other side). PREMIUM: pagat, uhu, kakadu, koenig-ultimo, trull,
    ///   vier-koenige. CONTRACT: rufer, trischaken, zwiccolo, piccolo, bettler, solorufer,
    ///   besserrufer, farbendreier, sechser, dreier, farbensolo, piccolo-ouvert,
    ///   bettler-ouvert, solodreier.
    ///   E.g. "solorufer Anna+Carl lost re; trull made Bent; pagat announced Anna failed kontra"
    ///
    /// dk-1829-partners: each side's count, "Anna+Bent=40 Carl+Dorte=32" (they add up to 72).
    /// dk-1829-en-deux: each player's score (honours and count), "Anna=30 Bent=45".
    #[arg(long, verbatim_doc_comment, conflicts_with_all = ["random", "bots", "entry"])]
    game: Option<String>,
    /// A score sheet's deal taken from its record (as `tarok replay` reads it; `-` for
    /// standard input): it must be this preset's next deal, dealt by the seat due.
    #[arg(long, conflicts_with_all = ["random", "bots", "entry", "game"])]
    record: Option<String>,
    /// NAME=FINE from the preset's fine table (see `tarok session fines`). With
    /// wrong-declaration or forgotten-declaration, --declare only the declarations that stand:
    /// the repayment is then already made (000 L489-497; 003 L32 p.12).
    #[arg(long)]
    fine: Vec<String>,
}

/// An empty TAROK_DB counts as unset: SQLite would open an empty path as a throw-away
/// temporary database, and the evening would be lost.
fn db_path(args: &SessionArgs) -> PathBuf {
    args.db
        .clone()
        .or_else(|| {
            std::env::var_os("TAROK_DB")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        })
        .unwrap_or_else(|| PathBuf::from("tarok-session.sqlite"))
}

fn pair(text: &str, what: &str) -> Result<(String, String)> {
    let (a, b) = text
        .split_once('=')
        .with_context(|| format!("--{what} takes NAME=VALUE, not {text:?}"))?;
    Ok((a.trim().to_string(), b.trim().to_string()))
}

impl DealArgs {
    /// Whether an option of the Danish ledger's entry is given.
    fn danish_options(&self) -> bool {
        self.random
            || self.bots.is_some()
            || self.seed.is_some()
            || self.repeat != 1
            || self.entry.is_some()
            || self.redeal
            || self.annulled
            || !self.declare.is_empty()
            || !self.hand.is_empty()
            || self.pagat_hjem.is_some()
            || !self.lost.is_empty()
            || self.last_trick.is_some()
            || self.ultimo.is_some()
            || !self.bagud.is_empty()
            || self.nolo.is_some()
            || self.tout.is_some()
            || !self.count.is_empty()
            || !self.fine.is_empty()
    }

    fn entry(&self) -> Result<DealEntry> {
        if let Some(src) = &self.entry {
            let text = if src == "-" {
                let mut s = String::new();
                std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)?;
                s
            } else {
                std::fs::read_to_string(src).with_context(|| format!("cannot read {src}"))?
            };
            return serde_json::from_str(&text).context("the entry is not a valid DealEntry");
        }
        let mut e = DealEntry {
            outcome: match (self.redeal, self.annulled) {
                (true, true) => bail!("a deal is either redealt or annulled, not both"),
                (true, false) => Outcome::Redeal,
                (false, true) => Outcome::Annulled,
                _ => Outcome::Played,
            },
            ..Default::default()
        };
        for d in &self.declare {
            let (name, list) = pair(d, "declare")?;
            e.declarations.entry(name).or_default().extend(
                list.split(';')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(String::from),
            );
        }
        for h in &self.hand {
            let (name, cards) = pair(h, "hand")?;
            // A second one would replace the first without a word.
            if e.hands.insert(name.clone(), cards).is_some() {
                bail!("--hand {name} is given twice");
            }
        }
        if let Some(p) = &self.pagat_hjem {
            e.in_play.push(InPlayEntry::PagatHjem { person: p.clone() });
        }
        for l in &self.lost {
            let (person, card) = pair(l, "lost")?;
            e.in_play.push(InPlayEntry::Lost { person, card });
        }
        for f in &self.fine {
            let (person, fine) = pair(f, "fine")?;
            e.fines.push(FineEntry { person, fine });
        }
        let any_end = self.last_trick.is_some()
            || self.ultimo.is_some()
            || !self.bagud.is_empty()
            || self.nolo.is_some()
            || self.tout.is_some()
            || !self.count.is_empty();
        if any_end {
            let mut counts = BTreeMap::new();
            for c in &self.count {
                let (name, n) = pair(c, "count")?;
                // The parser's own words ("invalid digit found in string") say nothing to a
                // scorekeeper.
                let n: u8 = n
                    .parse()
                    .map_err(|_| anyhow::anyhow!("a count is a number 0-78, not {n:?}"))?;
                if counts.insert(name.clone(), n).is_some() {
                    bail!("--count {name} is given twice");
                }
            }
            let mut bagud = Vec::new();
            for b in &self.bagud {
                let (person, card) = pair(b, "bagud")?;
                bagud.push(BagudEntry { person, card });
            }
            e.end = Some(EndEntry {
                last_trick: self
                    .last_trick
                    .clone()
                    .or_else(|| self.tout.clone())
                    .context("--last-trick NAME is needed: who won the last trick")?,
                ultimo: self.ultimo.clone(),
                bagud,
                nolo: self.nolo.clone(),
                tout: self.tout.clone(),
                counts,
            });
        }
        Ok(e)
    }
}

fn session_id(store: &StoreTx, args: &SessionArgs) -> Result<i64> {
    match args.session {
        Some(id) => Ok(id),
        None => Ok(store.latest_open()?),
    }
}

/// The session a command that only looks should show: the chosen one, else the latest open
/// one, else the latest closed one (the evening just ended is the one people ask about).
fn session_to_read(store: &StoreTx, args: &SessionArgs) -> Result<i64> {
    match args.session {
        Some(id) => Ok(id),
        None => match store.latest_open() {
            Err(StoreError::NoOpenSession) => Ok(store.latest()?),
            other => Ok(other?),
        },
    }
}

/// Opens the database for a command that only looks: nothing is created or written, so a
/// file or folder the user may not write can still be read.
fn open_to_read(path: &Path) -> Result<Store> {
    existing_database(path)?;
    Ok(Store::open_read_only(path)?)
}

/// Refuses a command on a database that does not exist (every one but `new`), before SQLite
/// would create an empty file for it.
fn existing_database(path: &Path) -> Result<()> {
    if !path.exists() {
        bail!(
            "there is no session database at {}; start one with `tarok session new`",
            path.display()
        );
    }
    Ok(())
}

/// Text of one deal: who sat where, its lines, and the balances after it.
fn deal_text(s: &Session, number: u32) -> String {
    let d = &s.deals[number as usize - 1];
    let mut t = deal_lines_text(s, number);
    t.push_str(&standing_text(s, &d.balances_after, d.cups_after));
    t
}

/// Text of one deal: who sat where and its lines.
fn deal_lines_text(s: &Session, number: u32) -> String {
    let d = &s.deals[number as usize - 1];
    let name = |p: usize| s.players[p].as_str();
    let mut t = String::new();
    let out: Vec<&str> = d.seating.sitting_out().iter().map(|&p| name(p)).collect();
    let _ = writeln!(
        t,
        "Deal {}: {} deals, {} forhånd, {} mellemhånd{}{}",
        d.number,
        name(d.seating.dealer),
        name(d.seating.seats[0]),
        name(d.seating.seats[1]),
        if out.is_empty() {
            String::new()
        } else {
            format!(", sitting out: {}", out.join(", "))
        },
        match d.entry.outcome {
            Outcome::Played => "",
            Outcome::Redeal => " (redeal)",
            Outcome::Annulled => " (annulled)",
        }
    );
    for l in &s.lines[d.lines.clone()] {
        let (_, reason) = match &l.cause {
            tarok_ledger::Cause::Deal { reason } => ("deal", reason.clone()),
            tarok_ledger::Cause::Fine { fine } => ("fine", format!("bøde: {fine}")),
            other => ("", format!("{other:?}")),
        };
        let _ = writeln!(
            t,
            "  {} -> {}: {} p, {} [{}]",
            s.account_name(l.from),
            s.account_name(l.to),
            l.amount,
            reason,
            l.rule
        );
    }
    t
}

/// The balances in money, for clubs that play for a stake.
#[derive(clap::Args, Debug)]
struct Stake {
    /// Also show the balances in kroner at this many øre a point ("Langt de fleste spiller med
    /// en takst på 1 øre pr. point", Møller 2016, 001 L1782).
    #[arg(long, value_name = "ØRE")]
    stake: Option<u32>,
}

impl Stake {
    /// Each player's balance in kroner, when a stake is given.
    fn kroner(&self, s: &Session) -> Option<Vec<f64>> {
        let ore = self.stake? as f64;
        Some(s.balances.iter().map(|&b| b as f64 * ore / 100.0).collect())
    }

    fn text(&self, s: &Session) -> String {
        let (Some(kroner), Some(ore)) = (self.kroner(s), self.stake) else {
            return String::new();
        };
        let parts: Vec<String> = s
            .players
            .iter()
            .zip(kroner)
            .map(|(p, kr)| format!("{p} {kr:+.2} kr"))
            .collect();
        format!("At {ore} øre a point: {}\n", parts.join(", "))
    }

    fn json(&self, s: &Session, mut value: serde_json::Value) -> serde_json::Value {
        if let (Some(kroner), Some(ore)) = (self.kroner(s), self.stake) {
            value["stake_ore_per_point"] = ore.into();
            value["kroner"] = kroner.into();
        }
        value
    }
}

fn standing_text(s: &Session, balances: &[i32], cups: [i32; 2]) -> String {
    let parts: Vec<String> = s
        .players
        .iter()
        .zip(balances)
        .map(|(p, b)| format!("{p} {b:+}"))
        .collect();
    format!(
        "Balances: {}; kongekop {}, pagatkop {}\n",
        parts.join(", "),
        cups[0],
        cups[1]
    )
}

/// The balance after each deal, one row a deal under a header of names; the split too, once
/// the session is closed.
fn deals_table(s: &Session) -> String {
    if s.deals.is_empty() {
        return String::new();
    }
    let width = |name: &str| name.chars().count();
    let dealer_w = s.players.iter().map(|p| width(p)).max().unwrap_or(0).max(6);
    let col_w: Vec<usize> = s.players.iter().map(|p| width(p).max(5)).collect();
    // Right-aligns by characters, as format! pads by them too.
    let mut t = format!("  {:>5}  {:<dealer_w$}", "Deal", "Dealer");
    for (p, w) in s.players.iter().zip(&col_w) {
        let _ = write!(t, "  {p:>w$}");
    }
    t.push_str("  kongekop  pagatkop\n");
    let mut row = |label: String, dealer: &str, balances: &[i32], cups: [i32; 2]| {
        let _ = write!(t, "  {label:>5}  {dealer:<dealer_w$}");
        for (b, w) in balances.iter().zip(&col_w) {
            let _ = write!(t, "  {b:>w$}");
        }
        let _ = writeln!(t, "  {:>8}  {:>8}", cups[0], cups[1]);
    };
    for d in &s.deals {
        row(
            d.number.to_string(),
            &s.players[d.seating.dealer],
            &d.balances_after,
            d.cups_after,
        );
    }
    if s.closed {
        row("split".into(), "", &s.balances, s.cups);
    }
    t
}

fn next_text(s: &Session) -> String {
    if s.closed {
        return "The session is closed.\n".into();
    }
    let n = s.seating();
    let out: Vec<&str> = n
        .sitting_out()
        .iter()
        .map(|&p| s.players[p].as_str())
        .collect();
    format!(
        "Next deal: {} deals{}, {} forhånd, {} mellemhånd{}; {} does not count.\n",
        s.players[n.dealer],
        if s.ante_due { "" } else { " again (no ante)" },
        s.players[n.seats[0]],
        s.players[n.seats[1]],
        if out.is_empty() {
            String::new()
        } else {
            format!(", sitting out: {}", out.join(", "))
        },
        s.players[n.seats[n.non_counter as usize]]
    )
}

fn print(json: bool, text: &str, value: serde_json::Value) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    if json {
        writeln!(stdout, "{}", serde_json::to_string_pretty(&value)?)?;
    } else {
        write!(stdout, "{text}")?;
    }
    stdout.flush()?;
    Ok(())
}

/// One line on standard output, flushed.
fn print_line(line: &str) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{line}")?;
    stdout.flush()?;
    Ok(())
}

/// Prints the confirmation of a change that is already stored. If it cannot be printed
/// (standard output full or closed), the change still stands, so that is not the command's
/// failure: a warning on standard error says what is stored, and the command succeeds.
fn confirm(json: bool, text: &str, value: serde_json::Value, stored: &str) {
    if let Err(e) = print(json, text, value) {
        warn_unprinted(stored, &e);
    }
}

/// The warning that a stored change could not be confirmed on standard output. Written
/// without panicking, should standard error be unusable too.
fn warn_unprinted(stored: &str, e: &anyhow::Error) {
    let _ = writeln!(
        std::io::stderr(),
        "warning: {stored}, but its confirmation could not be printed: {e:#}"
    );
}

fn parse_preset(id: &str) -> Result<Preset> {
    Preset::parse(id).with_context(|| {
        format!("the session ledger is for the Danish presets dk-dtf-2011, dk-hjoerring-2016 and dk-moeller, not {id:?}")
    })
}

/// One evening at a time: deals go to the latest open session, so a second one opened beside
/// it would silently take the first one's deals.
fn refuse_while_open(store: &StoreTx) -> Result<()> {
    let id = match store.latest_open() {
        Ok(id) => id,
        Err(StoreError::NoOpenSession) => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    let about = store
        .list()?
        .into_iter()
        .find(|i| i.id == id)
        .map(|i| {
            format!(
                " ({}; {}, {})",
                i.players.join(", "),
                i.preset,
                counted(i.deals, "deal", "deals")
            )
        })
        .unwrap_or_default();
    bail!(
        "session {id}{about} is still open; end it with `tarok session --session {id} close` \
         (the cups are shared) before starting another, or keep a second table in another \
         database with --db FILE"
    )
}

/// The chosen (or latest open) session and its preset, if the database holds one. A database
/// that does not exist yet is not created just to look.
fn session_preset(args: &SessionArgs) -> Result<Option<(i64, Preset)>> {
    let path = db_path(args);
    if !path.exists() {
        return Ok(None);
    }
    Store::open_read_only(&path)?.read(|store| {
        let id = match session_id(store, args) {
            Ok(id) => id,
            Err(e) if matches!(e.downcast_ref(), Some(StoreError::NoOpenSession)) => {
                return Ok(None)
            }
            Err(e) => return Err(e),
        };
        let info = store
            .list()?
            .into_iter()
            .find(|i| i.id == id)
            .ok_or(StoreError::NotFound(id))?;
        Ok(Some((id, parse_preset(&info.preset)?)))
    })
}

/// Refuses an export file that is the session's database (or its journal), under any
/// spelling of its path, since writing CSV over it would lose the evening; and an existing file
/// without `force`.
fn check_export_target(out: &Path, db: &Path, force: bool) -> Result<()> {
    let Ok(meta) = std::fs::metadata(out) else {
        return Ok(());
    };
    let mut db_files = vec![db.to_path_buf()];
    for suffix in ["-wal", "-shm", "-journal"] {
        let mut f = db.as_os_str().to_owned();
        f.push(suffix);
        db_files.push(f.into());
    }
    let out_canonical = std::fs::canonicalize(out).ok();
    let same = |f: &PathBuf| {
        out_canonical.is_some() && std::fs::canonicalize(f).ok() == out_canonical
            || same_file(&meta, f)
    };
    if db_files.iter().any(same) {
        bail!(
            "{} is the session database ({}); the export would replace it and lose the              session. Write the export to another file; nothing was written",
            out.display(),
            db.display()
        );
    }
    if meta.is_dir() {
        bail!("{} is a folder; give a file name to write", out.display());
    }
    if !force {
        bail!(
            "{} already exists; add --force to replace it, or choose another file; nothing              was written",
            out.display()
        );
    }
    Ok(())
}

/// The checks of `session export` before anything is read, so that a refusal writes nothing:
/// the --out file ([`check_export_target`]), and --json only with the JSON format when the
/// export itself is the output.
fn check_export(
    json: bool,
    format: &str,
    out: &Option<PathBuf>,
    db: &Path,
    force: bool,
) -> Result<()> {
    if let Some(p) = out {
        check_export_target(p, db, force)?;
    }
    if json && out.is_none() && format != "json" {
        bail!(
            "--json and --format {format} disagree: the export goes to standard output; \
             use --format json, or write the {format} with --out FILE"
        );
    }
    Ok(())
}

/// Writes an export to the --out file (and says so), or to standard output.
fn write_export(json: bool, out: &Option<PathBuf>, body: String) -> Result<()> {
    match out {
        Some(p) => {
            std::fs::write(p, body).with_context(|| format!("cannot write {}", p.display()))?;
            print(
                json,
                &format!("wrote {}\n", p.display()),
                serde_json::json!({"wrote": p}),
            )
        }
        None => print(false, &body, serde_json::Value::Null),
    }
}

/// The same file on disk (a hard link too), where the system can tell.
fn same_file(meta: &std::fs::Metadata, other: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(other).is_ok_and(|o| o.dev() == meta.dev() && o.ino() == meta.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (meta, other);
        false
    }
}

/// The session a command that only looks reads, chosen and read in one transaction.
fn read_session(store: &Store, args: &SessionArgs) -> Result<(i64, Session)> {
    store.read(|t| {
        let id = session_to_read(t, args)?;
        Ok((id, t.load(id)?))
    })
}

/// The next deal played by the engine for the session `s`: random legal play, or bots.
fn engine_entry(s: &Session, bots: Option<tarok_ai::Level>, seed: u64) -> Result<DealEntry> {
    Ok(match bots {
        None => s.engine_deal(seed).0,
        Some(level) => {
            let mut bots: Vec<_> = (0..3)
                .map(|k| tarok_ai::danish::bot(level, seed.wrapping_add(k)))
                .collect();
            let choose = |deal: &tarok_danish::Deal| {
                let seat = deal.current_player().expect("the deal goes on");
                let legal = deal.legal_actions();
                bots[seat as usize].decide(&deal.view(seat), &legal).action
            };
            s.engine_deal_with(seed, choose)
                .map_err(|e| anyhow::anyhow!("a bot chose an illegal action: {e}"))?
                .0
        }
    })
}

/// Runs `tarok session …`.
pub fn run(args: SessionArgs, json: bool) -> Result<()> {
    if let SessionCommand::Fines { preset } = &args.command {
        let (preset, session) = match preset {
            Some(p) => (parse_preset(p)?, None),
            None => match session_preset(&args)? {
                Some((id, p)) => (p, Some(id)),
                None => (Preset::Dtf2011, None),
            },
        };
        let table = tarok_ledger::fines::table(preset);
        let mut text = match session {
            Some(id) => format!("Fines of {} (session {id}):\n", preset.id()),
            None => format!("Fines of {}:\n", preset.id()),
        };
        for f in table {
            let _ = writeln!(
                text,
                "{:<24} {:>3} p into each cup  {} ({}){}{}  [{}]",
                f.id,
                f.each_cup,
                f.english,
                f.danish,
                if f.bars_ultimo { "; no ultimo" } else { "" },
                match f.annul {
                    Annul::No => "",
                    Annul::Starred => "; the deal may be annulled",
                    Annul::Stops => "; play stops: enter the deal --annulled",
                    Annul::IfStopped => "; paid only if the deal is stopped: enter it --annulled",
                },
                f.source
            );
        }
        let value = serde_json::json!({"preset": preset.id(), "session": session, "fines": table});
        return print(json, &text, value);
    }
    let path = db_path(&args);
    // A refused `new` creates no file: its table is checked before the database is opened.
    let table = match &args.command {
        SessionCommand::New {
            preset,
            players,
            seating,
            first_dealer,
        } => {
            let names: Vec<String> = players.split(',').map(String::from).collect();
            let seating = seating.as_deref();
            match Evening::new(preset, &names, seating, first_dealer.as_deref())? {
                Evening::Sheet(s) => return sheet::new(&path, s, json),
                Evening::Ledger(s) => Some(s),
            }
        }
        _ => None,
    };
    let read_only = matches!(
        args.command,
        SessionCommand::Show { .. } | SessionCommand::Export { .. } | SessionCommand::List
    );
    // The store names the file in its errors. Only `new` may create the database.
    let mut store = if read_only {
        open_to_read(&path)?
    } else if table.is_some() {
        Store::open(&path)?
    } else {
        existing_database(&path)?;
        Store::open(&path)?
    };
    let on_one = matches!(
        args.command,
        SessionCommand::Deal(_)
            | SessionCommand::Show { .. }
            | SessionCommand::Export { .. }
            | SessionCommand::Undo
            | SessionCommand::Close { .. }
    );
    if on_one && sheet::is_sheet(&store, &args, read_only) {
        return sheet::run(&mut store, &path, &args, json);
    }
    match &args.command {
        SessionCommand::Fines { .. } => unreachable!("handled above"),
        SessionCommand::New { .. } => {
            let s = table.expect("checked before opening");
            let preset = s.preset;
            // One transaction, so that two evenings cannot both be opened at once.
            let id = store.write(|t| {
                refuse_while_open(t)?;
                Ok::<_, anyhow::Error>(t.create(&s)?)
            })?;
            let text = format!(
                "Session {id} in {}: {} ({}), seating {}.\nFunding: 20 into each cup from everyone.\n{}{}",
                path.display(),
                s.players.join(", "),
                preset.id(),
                s.scheme,
                standing_text(&s, &s.balances, s.cups),
                next_text(&s)
            );
            confirm(
                json,
                &text,
                serde_json::json!({"id": id, "db": path, "session": export::to_json(&s)}),
                &format!("session {id} is created in {}", path.display()),
            );
            Ok(())
        }
        SessionCommand::Deal(d) => {
            if d.random || d.bots.is_some() {
                let seed0 = d.seed.unwrap_or_else(crate::time_seed);
                // The session is chosen once: later deals of a --repeat go to the same one.
                let mut chosen = args.session;
                for i in 0..d.repeat {
                    let seed = seed0.wrapping_add(i as u64);
                    // The deal is played for the session as it is inside the transaction, so
                    // no other process can enter or undo a deal in between.
                    let (id, s) = store.write(|t| {
                        let id = match chosen {
                            Some(id) => id,
                            None => t.latest_open()?,
                        };
                        let s = t.enter_with(id, |s| engine_entry(s, d.bots, seed))?;
                        Ok::<_, anyhow::Error>((id, s))
                    })?;
                    chosen = Some(id);
                    let n = s.deals.len() as u32;
                    let text = format!(
                        "{} deal, seed {seed}\n{}{}",
                        d.bots
                            .map_or("random".to_string(), |l| format!("{l} bots'")),
                        deal_text(&s, n),
                        next_text(&s)
                    );
                    // One line of JSON per deal, printed only once the deal is stored.
                    let printed = if json {
                        let j = serde_json::json!({"session": id, "deal": n, "seed": seed,
                            "balances": export::balances_json(&s, &s.balances),
                            "cups": export::cups_json(s.cups)});
                        print_line(&j.to_string())
                    } else {
                        print(false, &text, serde_json::Value::Null)
                    };
                    if let Err(e) = printed {
                        let stop = if i + 1 < d.repeat {
                            "; no further deal is played, since none could be shown"
                        } else {
                            ""
                        };
                        warn_unprinted(&format!("deal {n} is stored in session {id}{stop}"), &e);
                        break;
                    }
                }
                return Ok(());
            }
            if d.seed.is_some() || d.repeat != 1 {
                bail!("--seed and --repeat are for engine-played deals (--random or --bots)");
            }
            let entry = d.entry()?;
            let (id, s) = store.write(|t| {
                let id = session_id(t, &args)?;
                if d.game.is_some() || d.record.is_some() {
                    bail!(
                        "--game and --record enter a score sheet's deal (Königrufen, the 1829 \
                         Partier); this session is a Danish ledger: see `tarok session deal --help`"
                    );
                }
                Ok::<_, anyhow::Error>((id, t.enter(id, entry)?))
            })?;
            let n = s.deals.len() as u32;
            let deal = export::deal_json(&s, s.deals.last().expect("entered"));
            confirm(
                json,
                &format!("{}{}", deal_text(&s, n), next_text(&s)),
                serde_json::json!({"session": id, "deal": deal,
                    "balances": export::balances_json(&s, &s.balances),
                    "cups": export::cups_json(s.cups), "next": export::next_json(&s)}),
                &format!("deal {n} is stored in session {id}"),
            );
            Ok(())
        }
        SessionCommand::Show { stake } => {
            let (id, s) = read_session(&store, &args)?;
            let mut text = format!(
                "Session {id}: {} ({}), seating {}, {}{}\n",
                s.players.join(", "),
                s.preset.id(),
                s.scheme,
                counted(s.deals.len() as u32, "deal", "deals"),
                if s.closed { ", closed" } else { "" }
            );
            if let Some(note) = s.rules_note() {
                let _ = writeln!(text, "This session was {note}.");
                if !s.closed {
                    text.push_str(
                        "It takes no new deals under this program; close it to share the cups.\n",
                    );
                }
            }
            text.push_str(&deals_table(&s));
            text.push_str(&standing_text(&s, &s.balances, s.cups));
            text.push_str(&stake.text(&s));
            text.push_str(&next_text(&s));
            print(json, &text, stake.json(&s, export::to_json(&s)))
        }
        SessionCommand::Export { format, out, force } => {
            check_export(json, format, out, &path, *force)?;
            let (id, s) = read_session(&store, &args)?;
            // CSV has no place for a note; JSON and SVG carry it themselves.
            if let Some(note) = s.rules_note() {
                // A note lost to an unwritable standard error must not end the export.
                let _ = writeln!(std::io::stderr().lock(), "note: session {id} was {note}");
            }
            let body = match format.as_str() {
                "csv" => export::lines_csv(&s),
                "balances-csv" => export::balances_csv(&s),
                "json" => serde_json::to_string_pretty(&export::to_json(&s))? + "\n",
                "svg" => export::svg_chart(&s),
                other => bail!("unknown format {other:?}; use csv, balances-csv, json or svg"),
            };
            write_export(json, out, body)
        }
        SessionCommand::Undo => {
            let (id, undone) = store.write(|t| {
                let id = session_id(t, &args)?;
                Ok::<_, anyhow::Error>((id, t.undo(id)?))
            })?;
            let (before, s, deal) = (undone.before, undone.after, undone.deal);
            let text = format!(
                "Removed from session {id}:\n{}{}{}",
                deal_lines_text(&before, deal.number),
                standing_text(&s, &s.balances, s.cups),
                next_text(&s)
            );
            confirm(
                json,
                &text,
                serde_json::json!({"session": id, "removed": export::deal_json(&before, &deal),
                    "balances": export::balances_json(&s, &s.balances),
                    "cups": export::cups_json(s.cups), "next": export::next_json(&s)}),
                &format!("deal {} is removed from session {id}", deal.number),
            );
            Ok(())
        }
        SessionCommand::Close { stake } => {
            let (id, s) = store.write(|t| {
                let id = session_id(t, &args)?;
                Ok::<_, anyhow::Error>((id, t.close(id)?))
            })?;
            let text = format!(
                "Session {id} closed: the cups are shared.\n{}{}",
                standing_text(&s, &s.balances, s.cups),
                stake.text(&s)
            );
            confirm(
                json,
                &text,
                stake.json(&s, export::to_json(&s)),
                &format!("session {id} is closed and its cups are shared"),
            );
            Ok(())
        }
        SessionCommand::List => {
            let list = store.read(|t| t.list())?;
            let mut text = if list.is_empty() {
                format!(
                    "No sessions in {}; start one with `tarok session new`.\n",
                    path.display()
                )
            } else {
                format!(
                    "{:>4}  {:<19}  {:<18} {:>5}  Players\n",
                    "Id", "Created (UTC)", "Preset", "Deals"
                )
            };
            for i in &list {
                let other_rules = Preset::parse(&i.preset)
                    .is_some_and(|p| p.ruleset().version != i.rules_version);
                let _ = writeln!(
                    text,
                    "{:>4}  {:<19}  {:<18} {:>5}  {}{}{}",
                    i.id,
                    i.created,
                    i.preset,
                    i.deals,
                    i.players.join(", "),
                    if i.closed { "  (closed)" } else { "" },
                    if other_rules {
                        format!("  (rules version {})", i.rules_version)
                    } else {
                        String::new()
                    }
                );
            }
            print(json, &text, serde_json::to_value(&list)?)
        }
    }
}
