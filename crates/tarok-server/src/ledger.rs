//! A table's evening deal by deal, for the page's chart and for download: each finished deal's
//! balances by table seat, everyone's running total after it, and in Danish Tarok the cups
//! (kongekop, pagatkop) before and after it. Computed from the stored deals, replayed.

use crate::protocol::Cups;
use crate::replay::{finished, ReplayError};
use crate::store::StoredDeal;
use crate::table::Table;
use serde::Serialize;

/// The evening so far (its finished deals).
#[derive(Clone, Debug, Serialize)]
pub struct Ledger {
    pub table: i64,
    pub preset: String,
    /// The name of each table seat.
    pub names: Vec<String>,
    pub deals: Vec<LedgerDeal>,
}

/// One finished deal of the evening.
#[derive(Clone, Debug, Serialize)]
pub struct LedgerDeal {
    /// The deal's number at the table, from 1.
    pub deal: u32,
    /// Each table seat's balance from this deal.
    pub net: Vec<i64>,
    /// Each table seat's running total after this deal.
    pub totals: Vec<i64>,
    /// The table seats that sat this deal out.
    pub sitting_out: Vec<u8>,
    /// A Danish deal's cups.
    pub cups: Option<Cups>,
}

/// The ledger of `table` from its stored deals (the running one left out).
pub fn of(table: &Table, stored: &[StoredDeal]) -> Result<Ledger, String> {
    let mut totals = vec![0; table.seats.len()];
    let mut deals = Vec::new();
    for d in stored {
        let (_, replayed) = match finished(table.id, d) {
            Ok(r) => r,
            Err(ReplayError::Running(_)) => continue,
            Err(ReplayError::Broken(e)) => return Err(e),
        };
        let net = table.net_of(&replayed.end, d.number);
        totals.iter_mut().zip(&net).for_each(|(t, n)| *t += n);
        deals.push(LedgerDeal {
            deal: d.number + 1,
            net,
            totals: totals.clone(),
            sitting_out: table.seating_of(d.number).sitting_out.clone(),
            cups: crate::table::cups(&replayed.end),
        });
    }
    Ok(Ledger {
        table: table.id,
        preset: table.preset.clone(),
        names: (0..table.seats.len() as u8)
            .map(|t| table.name(t))
            .collect(),
        deals,
    })
}

impl Ledger {
    /// The ledger as CSV: a row per deal with everyone's running total after it (and the cups
    /// after it, in Danish Tarok), the names in the first row.
    pub fn to_csv(&self) -> String {
        let danish = self.deals.iter().any(|d| d.cups.is_some());
        let mut head = vec![field("deal")];
        head.extend(self.names.iter().map(|n| field(n)));
        if danish {
            head.extend([field("kongekop"), field("pagatkop")]);
        }
        let mut out = head.join(",") + "\r\n";
        for d in &self.deals {
            let mut row = vec![d.deal.to_string()];
            row.extend(d.totals.iter().map(i64::to_string));
            if let Some(after) = d.cups.and_then(|c| c.after) {
                row.extend(after.iter().map(i32::to_string));
            }
            out += &(row.join(",") + "\r\n");
        }
        out
    }
}

/// A text field of the CSV, quoted (a name may hold a comma or a quote); one that a spreadsheet
/// would read as a formula is written with a leading apostrophe.
fn field(text: &str) -> String {
    let text = match text.starts_with(['=', '+', '-', '@']) {
        true => format!("'{text}"),
        false => text.to_string(),
    };
    format!("\"{}\"", text.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::field;

    #[test]
    fn a_name_is_quoted_and_never_a_formula() {
        assert_eq!(field("Ida"), "\"Ida\"");
        assert_eq!(field("A, \"B\""), "\"A, \"\"B\"\"\"");
        assert_eq!(field("=1+1"), "\"'=1+1\"");
    }
}
