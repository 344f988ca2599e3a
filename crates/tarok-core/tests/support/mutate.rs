//! Mutations of valid records and position strings, for the bad-input property tests of the
//! family crates (each includes this file with `#[path]`). A mutation works on lines, on
//! "words" (runs of letters, digits and `?+-=_`), on digit runs and on raw bytes, so that
//! most mutants stay close to a valid input and reach the checks past the first one.

#![allow(dead_code)]

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::FileFailurePersistence;

/// Words put in place of another: card names of every family (some in no pack), seats,
/// actions, numbers out of range, non-ASCII and nothing at all.
pub const WORDS: &[&str] = &[
    "T1",
    "T21",
    "T22",
    "T23",
    "T0",
    "X",
    "SK",
    "SD",
    "S1",
    "S10",
    "HK",
    "HKn",
    "H7",
    "K1",
    "K10",
    "R2",
    "RD",
    "KC",
    "K9",
    "C5",
    "Z9",
    "P0",
    "P3",
    "P4",
    "P9",
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "24",
    "25",
    "26",
    "99",
    "255",
    "256",
    "-1",
    "+1",
    "4294967296",
    "18446744073709551616",
    "?",
    "?0",
    "?1",
    "?28",
    "?29",
    "?255",
    "?4294967295",
    "-",
    "=",
    "play",
    "discard",
    "declare",
    "done",
    "pass",
    "bid:dreier",
    "dreier",
    "solo",
    "vorhand",
    "matadors",
    "skat:S1,S2,S3",
    "yes",
    "no",
    "é",
    "Æ",
    "ø",
    "🂡",
    "\u{0}",
    "\u{feff}",
    "",
    " ",
];

/// Numbers put in place of a digit run.
pub const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "7",
    "11",
    "12",
    "13",
    "23",
    "24",
    "25",
    "26",
    "27",
    "28",
    "29",
    "48",
    "54",
    "78",
    "99",
    "100",
    "127",
    "128",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "00",
    "-0",
    "-1",
];

/// Junk put in at a byte boundary.
pub const JUNK: &[&str] = &[
    "\n",
    "\r\n",
    "\t",
    " ",
    ",",
    ".",
    ":",
    ";",
    "/",
    "|",
    "[",
    "]",
    "\"",
    "'",
    "{",
    "}",
    "?",
    "[Deal \"1\"]\n",
    "[Preset \"dk-dtf-2011\"]\n",
    "[Game \"x\"]\n",
    "\u{0}",
    "\u{7f}",
    "é",
    "ÆØÅ",
    "🂡",
    "\u{feff}",
    "\u{200b}",
    "\u{fffd}",
];

#[derive(Clone, Debug)]
pub enum Mutation {
    DeleteLine(Index),
    DuplicateLine(Index),
    SwapLines(Index, Index),
    DeleteWord(Index),
    DuplicateWord(Index),
    SwapWords(Index, Index),
    ReplaceWord(Index, &'static str),
    ReplaceNumber(Index, &'static str),
    Truncate(Index),
    Insert(Index, &'static str),
    InsertByte(Index, char),
}

pub fn mutation() -> impl Strategy<Value = Mutation> {
    let word = prop::sample::select(WORDS);
    let number = prop::sample::select(NUMBERS);
    let junk = prop::sample::select(JUNK);
    prop_oneof![
        1 => any::<Index>().prop_map(Mutation::DeleteLine),
        1 => any::<Index>().prop_map(Mutation::DuplicateLine),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        1 => any::<Index>().prop_map(Mutation::DeleteWord),
        1 => any::<Index>().prop_map(Mutation::DuplicateWord),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapWords(a, b)),
        3 => (any::<Index>(), word).prop_map(|(a, w)| Mutation::ReplaceWord(a, w)),
        3 => (any::<Index>(), number).prop_map(|(a, n)| Mutation::ReplaceNumber(a, n)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
        1 => (any::<Index>(), junk).prop_map(|(a, j)| Mutation::Insert(a, j)),
        1 => (any::<Index>(), any::<char>()).prop_map(|(a, c)| Mutation::InsertByte(a, c)),
    ]
}

/// One to four mutations.
pub fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    prop::collection::vec(mutation(), 1..=4)
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || "?+-=_".contains(c)
}

/// Byte ranges of the runs of chars for which `f` holds.
fn runs(text: &str, f: impl Fn(char) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (f(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

/// The char boundaries of `text`, its end included.
fn boundaries(text: &str) -> Vec<usize> {
    text.char_indices()
        .map(|(i, _)| i)
        .chain([text.len()])
        .collect()
}

fn splice(text: &str, (a, b): (usize, usize), with: &str) -> String {
    format!("{}{with}{}", &text[..a], &text[b..])
}

pub fn apply(text: &str, m: &Mutation) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let words = runs(text, is_word_char);
    let numbers = runs(text, |c| c.is_ascii_digit());
    let pick = |i: &Index, v: &[(usize, usize)]| (!v.is_empty()).then(|| v[i.index(v.len())]);
    match m {
        Mutation::DeleteLine(i) if !lines.is_empty() => {
            let k = i.index(lines.len());
            lines
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(_, l)| *l)
                .collect()
        }
        Mutation::DuplicateLine(i) if !lines.is_empty() => {
            let k = i.index(lines.len());
            let mut v = lines.clone();
            v.insert(k, lines[k]);
            v.concat()
        }
        Mutation::SwapLines(a, b) if !lines.is_empty() => {
            let mut v = lines.clone();
            v.swap(a.index(lines.len()), b.index(lines.len()));
            v.concat()
        }
        Mutation::DeleteWord(i) => match pick(i, &words) {
            Some(r) => splice(text, r, ""),
            None => text.to_string(),
        },
        Mutation::DuplicateWord(i) => match pick(i, &words) {
            // With the separator after it, so that a card in a list stays in the list.
            Some((a, b)) => {
                let sep = text[b..].chars().next().filter(|c| !c.is_alphanumeric());
                let sep = sep.map_or(" ".to_string(), String::from);
                splice(text, (a, a), &format!("{}{sep}", &text[a..b]))
            }
            None => text.to_string(),
        },
        Mutation::SwapWords(x, y) => match (pick(x, &words), pick(y, &words)) {
            (Some(p), Some(q)) if p != q => {
                let (p, q) = if p.0 < q.0 { (p, q) } else { (q, p) };
                format!(
                    "{}{}{}{}{}",
                    &text[..p.0],
                    &text[q.0..q.1],
                    &text[p.1..q.0],
                    &text[p.0..p.1],
                    &text[q.1..]
                )
            }
            _ => text.to_string(),
        },
        Mutation::ReplaceWord(i, w) => match pick(i, &words) {
            Some(r) => splice(text, r, w),
            None => text.to_string(),
        },
        Mutation::ReplaceNumber(i, n) => match pick(i, &numbers) {
            Some(r) => splice(text, r, n),
            None => text.to_string(),
        },
        Mutation::Truncate(i) => {
            let b = boundaries(text);
            text[..b[i.index(b.len())]].to_string()
        }
        Mutation::Insert(i, junk) => {
            let b = boundaries(text);
            let at = b[i.index(b.len())];
            splice(text, (at, at), junk)
        }
        Mutation::InsertByte(i, c) => {
            let b = boundaries(text);
            let at = b[i.index(b.len())];
            splice(text, (at, at), &c.to_string())
        }
        _ => text.to_string(),
    }
}

pub fn apply_all(text: &str, ms: &[Mutation]) -> String {
    ms.iter().fold(text.to_string(), |t, m| apply(&t, m))
}

/// JSON values put in place of one in a valid JSON record.
pub fn json_values() -> Vec<serde_json::Value> {
    use serde_json::json;
    vec![
        json!(null),
        json!(true),
        json!(0),
        json!(1),
        json!(3),
        json!(4),
        json!(5),
        json!(255),
        json!(256),
        json!(-1),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(1e300),
        json!(0.5),
        json!(""),
        json!("T21"),
        json!("T23"),
        json!("Z9"),
        json!("play T21"),
        json!("dk-dtf-2011"),
        json!("at-koenigrufen-spieleversum"),
        json!("dk-1829-three"),
        json!("é🂡"),
        json!([]),
        json!([1, 2]),
        json!({}),
        json!({"deals": []}),
    ]
}

/// Every value in `v` by its path, as pointers (`/deals/0/seed`).
pub fn json_paths(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                let p = format!("{at}/{}", k.replace('~', "~0").replace('/', "~1"));
                out.push(p.clone());
                json_paths(x, p, out);
            }
        }
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                let p = format!("{at}/{i}");
                out.push(p.clone());
                json_paths(x, p, out);
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
pub enum JsonMutation {
    /// Puts `json_values()[k]` in place of a value.
    Replace(Index, Index),
    /// Removes a key or an array element.
    Remove(Index),
    /// Adds a key with a value to an object.
    AddKey(Index, &'static str, Index),
}

pub fn json_mutations() -> impl Strategy<Value = Vec<JsonMutation>> {
    let one = prop_oneof![
        3 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| JsonMutation::Replace(a, b)),
        1 => any::<Index>().prop_map(JsonMutation::Remove),
        1 => (
            any::<Index>(),
            prop::sample::select(&["seed", "deck", "dealer", "balances", "over", "x", "deals"][..]),
            any::<Index>()
        )
            .prop_map(|(a, k, b)| JsonMutation::AddKey(a, k, b)),
    ];
    prop::collection::vec(one, 1..=3)
}

/// Parses a JSON text and applies each mutation in turn to its value.
pub fn apply_json_all(text: &str, ms: &[JsonMutation]) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(text).expect("the original is JSON");
    for m in ms {
        apply_json(&mut v, m);
    }
    v
}

fn apply_json(v: &mut serde_json::Value, m: &JsonMutation) {
    let mut paths = Vec::new();
    json_paths(v, String::new(), &mut paths);
    if paths.is_empty() {
        return;
    }
    let values = json_values();
    match m {
        JsonMutation::Replace(p, k) => {
            if let Some(x) = v.pointer_mut(&paths[p.index(paths.len())]) {
                *x = values[k.index(values.len())].clone();
            }
        }
        JsonMutation::Remove(p) => {
            let path = &paths[p.index(paths.len())];
            let (parent, last) = path.rsplit_once('/').expect("a path has a slash");
            match v.pointer_mut(parent) {
                Some(serde_json::Value::Object(o)) => {
                    o.remove(&last.replace("~1", "/").replace("~0", "~"));
                }
                Some(serde_json::Value::Array(a)) => {
                    if let Ok(i) = last.parse::<usize>() {
                        if i < a.len() {
                            a.remove(i);
                        }
                    }
                }
                _ => {}
            }
        }
        JsonMutation::AddKey(p, key, k) => {
            // The root, or an object under it.
            let root = String::new();
            let objects: Vec<&String> = std::iter::once(&root)
                .chain(paths.iter())
                .filter(|p| matches!(v.pointer(p), Some(serde_json::Value::Object(_))))
                .collect();
            let path = objects[p.index(objects.len())].clone();
            if let Some(serde_json::Value::Object(o)) = v.pointer_mut(&path) {
                o.insert(key.to_string(), values[k.index(values.len())].clone());
            }
        }
    }
}

/// The bad-input tests' proptest settings: `cases` cases, failures kept in the crate's
/// `proptest-regressions/bad_input.txt` (an integration test has no lib.rs beside it for
/// proptest to find, so the file is named).
pub fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/bad_input.txt",
        ))),
        ..ProptestConfig::default()
    }
}
