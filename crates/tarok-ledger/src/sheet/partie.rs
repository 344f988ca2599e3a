//! A deal of the 1829 games entered by hand, as their Partie code models it
//! (`tarok_historic::partie`, `tarok_historic::en_deux`): the partners' game writes each side's
//! count (002 L252-262), en deux each player's score, honours and count (002 L315-316).
//!
//! ```text
//! Anna+Carl=40 Bent+Dorte=32     partners: each side by its two players and its count
//! Anna=30 Bent=45                en deux: each player's score for the deal
//! ```

use crate::entry::find_person;

/// Reads `NAME[+NAME]=NUMBER` for each of `sides` (the persons of each side, in the order the
/// Partie code counts them) and returns the numbers in that order. Every side once.
pub fn parse(text: &str, players: &[String], sides: &[Vec<usize>]) -> Result<Vec<i32>, String> {
    let side_text = |side: &Vec<usize>| {
        side.iter()
            .map(|&p| players[p].as_str())
            .collect::<Vec<_>>()
            .join("+")
    };
    let all = sides
        .iter()
        .map(side_text)
        .collect::<Vec<_>>()
        .join(" against ");
    let mut out = vec![None; sides.len()];
    for tok in text.split_whitespace() {
        let (names, n) = tok.split_once('=').ok_or_else(|| {
            format!("write each side as NAME+NAME=COUNT (here {all}), not {tok:?}")
        })?;
        let mut persons = names
            .split('+')
            .map(|n| {
                find_person(players, n.trim())
                    .ok_or_else(|| format!("{n:?} is not at the table: {all}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        persons.sort_unstable();
        let k = sides
            .iter()
            .position(|s| {
                let mut s = s.clone();
                s.sort_unstable();
                s == persons
            })
            .ok_or_else(|| format!("{names} is not a side of this deal: {all} (002 L230-233)"))?;
        let n: i32 = n
            .parse()
            .map_err(|_| format!("{n:?} is not a whole number of points"))?;
        if out[k].replace(n).is_some() {
            return Err(format!("{} is given twice", side_text(&sides[k])));
        }
    }
    out.into_iter()
        .enumerate()
        .map(|(k, n)| n.ok_or_else(|| format!("{} is missing: give {all}", side_text(&sides[k]))))
        .collect()
}

/// The text [`parse`] reads for these numbers.
pub fn text(players: &[String], sides: &[Vec<usize>], numbers: &[i32]) -> String {
    sides
        .iter()
        .zip(numbers)
        .map(|(side, n)| {
            let names: Vec<&str> = side.iter().map(|&p| players[p].as_str()).collect();
            format!("{}={n}", names.join("+"))
        })
        .collect::<Vec<_>>()
        .join(" ")
}
