//! `tarok`: the command line of the tarok engine.

mod session;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use std::io::{Read, Write};
use std::process::ExitCode;
use tarok_core::family::{rules_text, Family, Output};
use tarok_core::Game;
use tarok_games::AnyDeal;

const DEFAULT_PRESET: &str = "dk-dtf-2011";

#[derive(Parser)]
#[command(
    name = "tarok",
    version,
    about = "Tarok card games of Denmark and Austria: rules, deals, random games, replays",
    long_about = "tarok plays and checks the Tarok games of Denmark (Danish Tarok, presets dk-dtf-2011, \
dk-hjoerring-2016, dk-moeller, and the four games of 1829, dk-1829-*) and Austria (Königrufen, \
at-koenigrufen-spieleversum), with records, position strings and itemised settlements.\n\nEvery command takes --json for machine-readable output. \
Run `tarok presets` for the list of rule presets.",
    after_help = "Examples:\n  tarok random-game                      a random deal of Danish Tarok, played to the end\n  tarok deal --seed 7                    the hands, skat and declarations of seed 7\n  tarok declare --hand \"T21 T1 X HK HD HKn ...\"   what a hand declares\n  tarok random-game --seed 7 > deal.txt && tarok replay deal.txt\n  tarok random-game -p dk-1829-partners -s 7 --partie   a whole game of six Partier\n  tarok rules dk-hjoerring-2016          every rule switch with its source"
)]
struct Cli {
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

/// The position strings of each game, for `tarok legal --help`.
const POSITION_HELP: &str = "\
Positions (one line; the preset comes first and picks the game):

Danish Tarok: preset, the hands of seats 0/1/2 (cards by commas, ?N for N unknown cards,
- for none), the trick number, the current trick leader:cards (or leader:-), the skus's name
and renaming right (name/right: name S H R K T or -, right - 2 3 u), tricks won a,b,c, and
flags (d demanded, q0..q2 the demand round, or -).
  tarok legal \"dk-dtf-2011 ?2/S7,H3,X/?3 23 0:S5 -/- 8,7,7 -\"

Königrufen: preset, contract, declarer seat(s), the four hands (cards by dots, ?N unknown; each
holds 12 cards less those it played), the tricks so far as leader:cards separated by commas (1:
before the first card), optionally birds=CARDS (by dots) and to=SEAT.
  tarok legal \"at-koenigrufen-spieleversum dreier 1 ?11/T22.T15.T3.HK.H4.S9.S8.K10.K7.R2.RK.RD/?12/?12 0:H2 to=1\"

The 1829 games: preset, then dealer|hands by / (each holds the game's hand size less the
cards it played)|finished tricks|current trick|seat to act.
  tarok legal \"dk-1829-en-deux 1|T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T5 HK X SD S10 S9 S8 S7 S6 S3 S2/?22|0:SK S5,0:T2 T4|1:H7|0\"";

#[derive(Subcommand)]
enum Command {
    /// Play a session against computer opponents in the terminal (80×24 is enough): any
    /// preset of `tarok presets`.
    Play {
        #[arg(long, short, default_value = DEFAULT_PRESET)]
        preset: String,
        /// Names at the table, yours first; the others are computer players. Danish Tarok:
        /// 3, 4 or 5 people, with sitting out; Königrufen: 4, 5 or 6; the games of 1829: as
        /// many as the game seats. Default: You (Du on a Danish or German screen, as
        /// Königrufen's is unless --lang says otherwise), Anna, Bent (and Dorte where four play).
        #[arg(long)]
        players: Option<String>,
        /// Seed of the first deal; a new one each run if not given.
        #[arg(long, short, allow_negative_numbers = true, value_parser = seed_arg)]
        seed: Option<u64>,
        /// Language of the screen: en, da or de; the game terms stay in the players' words
        /// (Danish skus, German Trull and Kontra, the 1829 Scus and Pagat). Default: English,
        /// German for Königrufen.
        #[arg(long)]
        lang: Option<tarok_words::Lang>,
        /// Folder where each finished deal's record is saved. The evening is kept as it goes
        /// beside it, in FOLDER.evening.json (tarok-records.evening.json), for --resume.
        #[arg(long, default_value = "tarok-records")]
        records: std::path::PathBuf,
        /// The computer players' level: L0 (random legal actions), L1 (rule-based) or L2
        /// (searches the card play and the decisions before it). Default: L2, the strongest.
        #[arg(long)]
        level: Option<tarok_ai::Level>,
        /// Continue the evening kept for the records folder (the same --records), where it was
        /// left: its preset, players, seed and level, the totals, the score sheet or ledger
        /// and the deal in progress. Without --resume a new evening begins and replaces the
        /// one kept there; the finished deals' records stay in the folder.
        #[arg(long, conflicts_with_all = ["preset", "players", "seed", "level"])]
        resume: bool,
    },
    /// List the rule presets with their rule books and guides for players.
    Presets,
    /// Show the guide for players of a preset and its rule switches with their values and sources.
    Rules {
        /// The preset (see `tarok presets`).
        #[arg(default_value = DEFAULT_PRESET)]
        preset: String,
        /// The preset again, as the other commands take it (`-p`).
        #[arg(
            long = "preset",
            short = 'p',
            value_name = "PRESET",
            conflicts_with = "preset"
        )]
        preset_option: Option<String>,
    },
    /// Deal from a seed: the hands, the skat (or talon) and the declarations.
    Deal {
        #[arg(long, short, default_value = DEFAULT_PRESET)]
        preset: String,
        /// Seed of the shuffle; the same seed always gives the same deal.
        #[arg(long, short, default_value_t = 1, allow_negative_numbers = true, value_parser = seed_arg)]
        seed: u64,
    },
    /// The declarations (meldinger) of a Danish hand of 25 or 28 cards, and their value.
    Declare {
        #[arg(long, short, default_value = DEFAULT_PRESET)]
        preset: String,
        /// The cards, separated by spaces or commas: T1..T21, X (skus), HK, KKn, R10, ♠D, …
        #[arg(long)]
        hand: String,
    },
    /// Play a deal (with --partie a whole 1829 game) with random legal actions to the end and
    /// print its record with the settlement. A deal's record is the one format of every preset:
    /// tag pairs ([Record], [Preset], [Version], [Rules], [Seed], [Dealer], [Setup], [Result]),
    /// the hands as dealt and the settlement as comments, then one action a line, "P<seat>
    /// <action>"; --json gives the same fields. `tarok replay` checks it.
    #[command(
        after_help = "Examples:\n  tarok random-game -p dk-1829-three -s 7 > deal.txt && tarok replay deal.txt\n  tarok random-game -p dk-1829-partners -s 7 --partie > game.txt && tarok replay game.txt\n  tarok random-game -p dk-1829-en-deux -s 7 --partie --rules \"double_at_fifty=true\""
    )]
    RandomGame {
        #[arg(long, short, default_value = DEFAULT_PRESET)]
        preset: String,
        /// Seed of the deal and of the random play; a new one each run if not given.
        #[arg(long, short, allow_negative_numbers = true, value_parser = seed_arg)]
        seed: Option<u64>,
        /// Play a whole 1829 game, settled in Partier, instead of one deal: dk-1829-partners
        /// plays six Partier of four deals (24 deals; the partners change after every two
        /// Partier), dk-1829-en-deux deals until the Partie to 100 is decided. Prints a line per
        /// deal (seats, counts, the deal's own payments), each Partie's result (surplus over 36, Reale,
        /// double or triple, the stake moves) and the balances between persons A, B, …, after
        /// a record that `tarok replay` checks deal by deal and settles again. The three-player
        /// game and the quadrille have no Partie. Example: `tarok random-game -p dk-1829-en-deux
        /// -s 7 --partie`; more below.
        #[arg(long)]
        partie: bool,
        /// House rules, name=value separated by spaces, with the names `tarok rules PRESET`
        /// lists, e.g. "skus_follow_freely=true tariff.last_trick=10" (Danish),
        /// "opponents_may_announce=false" (Königrufen), "partita_ferma=true partie_stake=20"
        /// (1829, for the deal or with --partie the whole game). The record keeps them in its
        /// \[Rules\] tag and replays under them.
        #[arg(long, value_name = "SWITCHES")]
        rules: Option<String>,
    },
    /// Replay a record file (text or JSON; `-` for standard input) and check it: every action
    /// legal and by the seat to act, the stated result the replay's; then the settlement. Reads
    /// the one record format of every preset (several deals in a file too) and the families'
    /// older formats, whose replay shows the tricks as well. A whole 1829 game (from
    /// `random-game --partie`) is checked deal by deal and its Partier settled again.
    Replay {
        /// The record file.
        file: String,
    },
    /// List the legal actions in a position string.
    // Source formatting (no wrapping), so that the examples stay on one line for copying.
    #[command(after_help = POSITION_HELP, term_width = 0)]
    Legal {
        /// The position: a preset, then the game's fields (below).
        position: String,
    },
    /// A duplicate match between two bot levels: every deal is played with the candidate (A)
    /// in each seat against opponents of level B, so the luck of the cards cancels.
    ///
    /// The result counts each deal once, with A's payoff averaged over its seats: the mean per
    /// deal, its 95% interval (Student t over the deals) and the share of deals won (payoff
    /// above zero; a tie is not a win). A seed gives the same result on any number of threads.
    /// A deal's payoff is what it pays; in the 1829 partners' game and en deux also what it
    /// carries into the Partie (the side's count over 36; the score less the other's).
    Match {
        /// Any preset (see `tarok presets`).
        #[arg(long, short, default_value = DEFAULT_PRESET)]
        preset: String,
        /// The candidate's level: L0 (random legal actions), L1 (rule-based), L2 (searches the
        /// card play and the decisions before it, the skat, bids, talon and announcements,
        /// over layouts of the hidden cards) or L2-play (level 2's card play with level 1's
        /// decisions before it, to measure what those are worth).
        #[arg(long, default_value = "L1")]
        a: tarok_ai::Level,
        /// The opponents' level.
        #[arg(long, default_value = "L0")]
        b: tarok_ai::Level,
        /// Level 2's most thinking time per decision, in milliseconds (a decision that
        /// reaches it depends on the machine's speed, one that does not only on the seed).
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
        think_ms: u64,
        /// Number of deals (each is played once per seat), 2 to 1,000,000: one deal has no
        /// spread, so no interval.
        #[arg(long, default_value_t = 2000, allow_negative_numbers = true, value_parser = match_deals)]
        deals: u64,
        /// Seed of the match, 0 to 18446744073709551615; the same seed gives the same result.
        // Negative numbers are read as a value, so that `--seed -1` is told what a seed is.
        #[arg(long, short, default_value_t = 1, allow_negative_numbers = true, value_parser = seed_arg)]
        seed: u64,
    },
    /// What the computer would do, and why: at a decision of a record (any preset, any kind
    /// of decision), or in a Danish or Königrufen position string (card play).
    ///
    /// With --record, the seat to act after the first N actions of the record's deal answers
    /// from its own view only, exactly as the bot sees the deal in play.
    #[command(
        term_width = 0,
        after_help = "Examples:\n  tarok random-game -p at-koenigrufen-spieleversum -s 7 > deal.txt\n  tarok hint --record deal.txt --after 5        the bid, talon, announcement or card after 5 actions\n  tarok hint \"dk-dtf-2011 ?2/S7,H3,X/?3 23 0:S5 -/- 8,7,7 -\"\n  tarok hint \"at-koenigrufen-spieleversum dreier 1 ?11/T22.T15.T3.HK.H4.S9.S8.K10.K7.R2.RK.RD/?12/?12 0:H2 to=1\"\n\nThe position is written as for `tarok legal` (see `tarok legal --help`). A Königrufen\nposition names no called king: the hint counts as partners only the declarer seats it lists."
    )]
    Hint {
        /// A Danish or Königrufen position, as for `tarok legal`.
        #[arg(required_unless_present = "record", conflicts_with = "record")]
        position: Option<String>,
        /// A record file (text or JSON, `-` for standard input) instead of a position.
        #[arg(long, value_name = "FILE", requires = "after")]
        record: Option<String>,
        /// With --record: the number of the record's actions already taken (0: the first
        /// decision of the deal).
        #[arg(long, value_name = "N", requires = "record")]
        after: Option<usize>,
        /// With --record: which deal of a file of several (from 1).
        #[arg(long, value_name = "K", default_value_t = 1, requires = "record", value_parser = clap::value_parser!(u64).range(1..))]
        deal: u64,
        /// The bot level that answers: L0, L1, L2 (searches the card play and the decisions
        /// before it, the skat, bids, talon and announcements, over layouts of the hidden
        /// cards; it needs the deal's history, so it answers a position string as level 1
        /// does) or L2-play (level 2 in the card play only).
        #[arg(long, default_value = "L1")]
        level: tarok_ai::Level,
        /// Level 2's most thinking time, in milliseconds.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
        think_ms: u64,
        /// Language of the answer for people: en, da or de. The text output says the choice
        /// and its reason in it, with the action's words beside its notation; --json keeps its
        /// fields (the reason in English) and adds "text", the answer in this language.
        #[arg(long, default_value = "en")]
        lang: tarok_words::Lang,
    },
    /// What one seat knows at a point of a record's deal, and nothing else: its hand, its own
    /// skat, talon or Scat, and the public history. Written as a record from that seat's point
    /// of view (tag pairs, then the view; `--json` for the JSON alone).
    #[command(
        after_help = "Example:\n  tarok random-game -s 7 > deal.txt && tarok info-state --record deal.txt --after 40 --seat 1"
    )]
    InfoState {
        /// A record file (text or JSON, `-` for standard input).
        #[arg(long, value_name = "FILE")]
        record: String,
        /// The number of the record's actions already taken.
        #[arg(long, value_name = "N")]
        after: usize,
        /// Whose knowledge: a seat number; default the seat to act.
        #[arg(long)]
        seat: Option<u8>,
        /// Which deal of a file of several (from 1).
        #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        deal: u64,
    },
    /// Measure random playouts per second on one core.
    Bench {
        #[arg(long, short, default_value = DEFAULT_PRESET)]
        preset: String,
        /// How long to measure.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
    },
    /// The club ledger of a Danish evening: seating, cups, deals entered by hand, fines, the
    /// end-of-evening split; kept in SQLite (`tarok session --help`).
    Session(session::SessionArgs),
    /// Play in the browser: a web server with a lobby where people create tables of any preset
    /// and size (Danish Tarok at 3 to 5, Königrufen at 4 to 6, with sitting out), share a
    /// table's link, take seats, and computer players fill the rest. Each browser is told only
    /// what its seat may see; a spectator sees what everyone sees. A person who leaves is
    /// replaced by a computer player until they take the seat back. Tables and every action are
    /// kept in SQLite as they happen: a restarted server resumes every table, and a browser
    /// that drops gets its seat back (its token is in the link and kept by the browser).
    #[command(
        after_help = "Examples:\n  tarok serve                          then open the address it prints\n  tarok serve --port 8080 --store club.sqlite\n  tarok serve --addr 0.0.0.0           for the other devices of your network"
    )]
    Serve {
        /// The port to listen on.
        #[arg(long, default_value_t = 7171)]
        port: u16,
        /// The address to listen on: 127.0.0.1 is this computer only; 0.0.0.0 lets the other
        /// devices of the network in.
        #[arg(long, default_value = "127.0.0.1")]
        addr: std::net::IpAddr,
        /// The SQLite file where tables and actions are kept (created if missing).
        #[arg(long, value_name = "PATH", default_value = "tarok-serve.sqlite")]
        store: std::path::PathBuf,
        /// The pause before each computer player's action, in milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 700)]
        bot_delay: u64,
    },
}

fn family_of(preset: &str) -> Result<&'static dyn Family> {
    tarok_games::family_of(preset).map_err(|e| anyhow::anyhow!(e))
}

/// The number of deals of a match, with a message that says the range also for a number
/// that is negative or no number at all.
fn match_deals(s: &str) -> Result<u64, String> {
    match s.parse() {
        Ok(n) if (2..=1_000_000).contains(&n) => Ok(n),
        _ => Err("a match has from 2 to 1000000 deals: one deal gives no interval".into()),
    }
}

/// A seed: a whole number that fits in 64 bits, said so also when it is negative or no number.
fn seed_arg(s: &str) -> Result<u64, String> {
    s.parse()
        .map_err(|_| format!("a seed is a whole number from 0 to {}", u64::MAX))
}

/// A record file's text (`-`: standard input), without a leading byte-order mark, which some
/// editors write.
fn read_record_file(file: &str) -> Result<String> {
    let text = if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("cannot read standard input")?;
        s
    } else {
        std::fs::read_to_string(file)
            .with_context(|| format!("cannot read record file {file:?}"))?
    };
    Ok(text.trim_start_matches('\u{feff}').to_string())
}

/// A seed for when none is given: different each run, printed in every record.
fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 % 1_000_000_000)
        .unwrap_or(1)
}

/// Prints a command's output. A reader that stops early (`| head`, `| grep -q`) closes the
/// pipe; that ends the program quietly rather than with a panic.
fn emit(json: bool, out: Output) {
    let text = if json {
        serde_json::to_string_pretty(&out.json).expect("JSON") + "\n"
    } else {
        out.text
    };
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        report(&format!("error: cannot write the output: {e}"));
        std::process::exit(2);
    }
}

/// The names of `play --players`, each held to the ledger's rules for a new player's name
/// (no control characters, at most 24 characters, not a cup's name) and in NFC form, before
/// the screen starts.
fn play_names(players: &str) -> Result<Vec<String>> {
    players
        .split(',')
        .map(|s| Ok(tarok_ledger::ledger::player_name(s.trim())?))
        .collect()
}

fn run(cli: Cli) -> Result<()> {
    let json = cli.json;
    let fail = |e: String| anyhow::anyhow!(e);
    match cli.command {
        Command::Play {
            preset,
            players,
            seed,
            lang,
            records,
            level,
            resume,
        } => {
            // tarok-tui asks the registry for the preset's family and sets its table up.
            tarok_tui::run(tarok_tui::PlayConfig {
                preset,
                names: players.as_deref().map(play_names).transpose()?,
                seed: seed.unwrap_or_else(time_seed),
                lang,
                records,
                level,
                resume,
            })
            .map_err(fail)?;
        }
        Command::Presets => {
            let list: Vec<_> = tarok_games::families()
                .iter()
                .flat_map(|f| f.presets())
                .collect();
            let text = list
                .iter()
                .map(|p| {
                    format!(
                        "{:<30} {}\n{:<30} source: {}\n{:<30} guide: {}\n",
                        p.id, p.title, "", p.source, "", p.guide
                    )
                })
                .collect();
            emit(
                json,
                Output {
                    text,
                    json: serde_json::to_value(&list)?,
                },
            );
        }
        Command::Rules {
            preset,
            preset_option,
        } => {
            let preset = preset_option.unwrap_or(preset);
            let family = family_of(&preset)?;
            let switches = family.rules(&preset).map_err(fail)?;
            let guide = family
                .presets()
                .into_iter()
                .find(|p| p.id == preset)
                .map_or("", |p| p.guide);
            emit(
                json,
                Output {
                    text: rules_text(&preset, guide, &switches),
                    json: serde_json::json!({"preset": preset, "guide": guide, "switches": switches}),
                },
            );
        }
        Command::Deal { preset, seed } => {
            emit(json, family_of(&preset)?.deal(&preset, seed).map_err(fail)?)
        }
        Command::Declare { preset, hand } => {
            family_of(&preset)?;
            if !preset.starts_with("dk-") || preset.starts_with("dk-1829") {
                bail!("declare is for the modern Danish presets (dk-dtf-2011, dk-hjoerring-2016, dk-moeller)");
            }
            emit(
                json,
                tarok_danish::family::declare_output(&preset, &hand).map_err(fail)?,
            );
        }
        Command::RandomGame {
            preset,
            seed,
            partie,
            rules,
        } => {
            let seed = seed.unwrap_or_else(time_seed);
            let family = family_of(&preset)?;
            let out = if partie {
                family
                    .random_partie(&preset, rules.as_deref().unwrap_or(""), seed)
                    .map_err(|e| {
                        // Name the games that have one, but only when the preset has none.
                        let other_games = if e.starts_with(&format!("{preset} has no Partie")) {
                            "\n--partie plays the games of several deals settled together: dk-1829-partners (six Partier of four deals) and dk-1829-en-deux (a Partie to 100)"
                        } else {
                            ""
                        };
                        anyhow::anyhow!("{e}{other_games}")
                    })?
            } else {
                let records =
                    tarok_games::record::random(&preset, seed, rules.as_deref().unwrap_or(""))
                        .map_err(fail)?;
                let texts: Vec<String> = records.iter().map(|r| r.to_text()).collect();
                let json: Vec<_> = records.iter().map(|r| r.to_json()).collect();
                Output {
                    text: texts.join("\n"),
                    json: match &json[..] {
                        [one] => one.clone(),
                        _ => serde_json::Value::from(json),
                    },
                }
            };
            emit(json, out);
        }
        Command::Replay { file } => {
            let text = read_record_file(&file)?;
            let text = text.as_str();
            let preset = tarok_games::record::preset_of(text).map_err(fail)?;
            emit(json, family_of(&preset)?.replay(text).map_err(fail)?);
        }
        Command::Legal { position } => {
            let preset = position
                .split_whitespace()
                .next()
                .context("the position is empty")?;
            let family = family_of(preset).context("a position begins with its preset")?;
            emit(json, family.legal(&position).map_err(fail)?);
        }
        Command::Match {
            preset,
            a,
            b,
            deals,
            seed,
            think_ms,
        } => {
            let family = AnyDeal::from_seed(&preset, 0).map_err(fail)?.family();
            let think = std::time::Duration::from_millis(think_ms);
            let bar = indicatif::ProgressBar::new(deals);
            bar.set_style(
                indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} deals, {eta} left")
                    .expect("template"),
            );
            let config = tarok_ai::MatchConfig { deals, seed };
            let r = tarok_ai::run_match(
                config,
                |s| AnyDeal::from_seed(&preset, s).expect("a known preset"),
                |role, s| {
                    let level = if role == tarok_ai::runner::Role::Candidate {
                        a
                    } else {
                        b
                    };
                    tarok_ai::any::bot_thinking(level, family, s, think)
                },
                || bar.inc(1),
            );
            bar.finish_and_clear();
            let text = format!(
                "{preset}: {a} against {b}, {} duplicate deals (seed {seed})\n\
                 mean payoff per deal of {a}: {:+.2} p  (95% interval {:+.2} .. {:+.2}, sd {:.1})\n\
                 deals won: {:.1}%\n",
                r.deals,
                r.mean,
                r.ci95[0],
                r.ci95[1],
                r.sd,
                100.0 * r.won_share
            );
            let mut j = serde_json::to_value(&r)?;
            j["preset"] = serde_json::json!(preset);
            j["a"] = serde_json::json!(a.to_string());
            j["b"] = serde_json::json!(b.to_string());
            j["seed"] = serde_json::json!(seed);
            emit(json, Output { text, json: j });
        }
        Command::Hint {
            position,
            record,
            after,
            deal,
            level,
            think_ms,
            lang,
        } => {
            let (view, legal) = match (position, record, after) {
                (Some(position), _, _) => {
                    tarok_games::position::decision(&position).map_err(fail)?
                }
                (None, Some(file), Some(after)) => {
                    let text = read_record_file(&file)?;
                    let recorded =
                        tarok_games::read_record(&text, deal as usize - 1).map_err(fail)?;
                    let position = recorded.after(after).map_err(fail)?;
                    let seat = position.to_act().with_context(|| {
                        format!("the deal is over after {after} actions: nobody is to act")
                    })?;
                    (position.view(seat), position.legal())
                }
                _ => bail!("give a position, or --record FILE with --after N"),
            };
            let seat = view.seat();
            // The action `bot(level, family, 1)` decides, with its reason as data.
            let think = std::time::Duration::from_millis(think_ms);
            let (chosen, why) = tarok_ai::any::advise_thinking(level, &view, &legal, 1, think);
            let (action, reason) = (chosen.to_string(), why.to_string());
            let text = hint_text(seat, level, &chosen, &why, lang);
            emit(
                json,
                Output {
                    text: format!("{text}\n"),
                    json: serde_json::json!({"seat": seat, "level": level.to_string(), "action": action, "reason": reason, "lang": lang.to_string(), "text": text}),
                },
            );
        }
        Command::InfoState {
            record,
            after,
            seat,
            deal,
        } => {
            let text = read_record_file(&record)?;
            let recorded = tarok_games::read_record(&text, deal as usize - 1).map_err(fail)?;
            let position = recorded.after(after).map_err(fail)?;
            let seat = match seat {
                Some(s) if s < position.seats() => s,
                Some(s) => bail!(
                    "seat {s} is not at this deal: its seats are 0 to {}",
                    position.seats() - 1
                ),
                None => position
                    .to_act()
                    .context("the deal is over: give the seat with --seat")?,
            };
            let info = tarok_games::InfoState::of(&position, seat, after);
            emit(
                json,
                Output {
                    text: info.to_text(),
                    json: serde_json::to_value(&info)?,
                },
            );
        }
        Command::Bench { preset, seconds } => {
            if !(seconds > 0.0 && seconds <= 600.0) {
                bail!("--seconds must be more than 0 and at most 600");
            }
            let family = family_of(&preset)?;
            // A spinner while measuring, on a terminal only; its drawing thread wakes four
            // times a second, off the measured core on a machine of two or more.
            let spinner = indicatif::ProgressBar::new_spinner().with_message(format!(
                "measuring {preset} playouts on one core for {seconds} s"
            ));
            spinner.set_style(
                indicatif::ProgressStyle::with_template("{spinner} {msg}: {elapsed}")
                    .expect("template"),
            );
            spinner.enable_steady_tick(std::time::Duration::from_millis(250));
            let r = family.bench(&preset, seconds).map_err(fail);
            spinner.finish_and_clear();
            let r = r?;
            let text = format!(
                "{}: {:.0} playouts/s ({} playouts in {:.2} s)\n{}\n",
                r.preset, r.playouts_per_sec, r.playouts, r.seconds, r.what
            );
            emit(
                json,
                Output {
                    text,
                    json: serde_json::to_value(&r)?,
                },
            );
        }
        Command::Session(args) => session::run(args, json)?,
        Command::Serve {
            port,
            addr,
            store,
            bot_delay,
        } => serve(tarok_server::Config {
            store,
            addr: std::net::SocketAddr::new(addr, port),
            bot_delay: std::time::Duration::from_millis(bot_delay),
        })?,
    }
    Ok(())
}

/// A hint for people in `lang`: "P1 (L1) chooses X: …" in English as ever; in Danish and
/// German the action's words beside its notation, which is what one types. The move is named
/// once.
fn hint_text(
    seat: tarok_core::Seat,
    level: tarok_ai::Level,
    action: &tarok_games::AnyAction,
    why: &tarok_ai::any::AnyWhy,
    lang: tarok_words::Lang,
) -> String {
    let reason = tarok_words::why_after_move(why, lang);
    let notation = action.to_string();
    let words = tarok_words::action(action, lang);
    let action = if lang == tarok_words::Lang::En || words == notation {
        notation
    } else {
        format!("{notation} ({words})")
    };
    let chooses = lang.pick("chooses", "vælger", "wählt");
    format!("P{seat} ({level}) {chooses} {action}: {reason}")
}

/// `tarok serve`: runs the web server until interrupted (Ctrl-C).
fn serve(config: tarok_server::Config) -> Result<()> {
    let runtime = tokio::runtime::Runtime::new().context("cannot start the server's runtime")?;
    runtime.block_on(async {
        let store = config.store.clone();
        let running = tarok_server::start(config)
            .await
            .map_err(|e| anyhow::anyhow!(e))?;
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(
            stdout,
            "tarok serve: open http://{}/ in a browser (tables kept in {}; Ctrl-C stops)",
            running.addr,
            store.display()
        );
        let _ = stdout.flush();
        drop(stdout);
        tokio::select! {
            r = tokio::signal::ctrl_c() => r.context("cannot wait for Ctrl-C"),
            r = running.task => match r {
                Ok(Ok(())) => Ok(()),
                Ok(Err(e)) => Err(anyhow::anyhow!("the server stopped: {e}")),
                Err(e) => Err(anyhow::anyhow!("the server stopped: {e}")),
            },
        }
    })
}

/// Writes a message line to standard error. When standard error cannot be written (closed,
/// or a full disk: `2>/dev/full`) the message is lost, but the exit code still says what
/// happened; `eprintln!` would panic and exit with 101 instead.
fn report(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{message}");
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let json = cli.json;
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // With --json a script reads the error as JSON too, on standard error.
            if json {
                report(&serde_json::json!({ "error": format!("{e:#}") }).to_string());
            } else {
                report(&format!("error: {e:#}"));
            }
            ExitCode::from(2)
        }
    }
}
