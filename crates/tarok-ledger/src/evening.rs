//! Any evening the store keeps, as a front end meets it: the Danish ledger ([`Session`]) or a
//! score sheet ([`Sheet`]), made from what a form gives (the preset, the names in seating order,
//! the Danish seating scheme, the first dealer's name), and loaded by id whatever its family.

use crate::entry::find_person;
use crate::ledger::{Session, SessionError};
use crate::seating::Scheme;
use crate::sheet::{Sheet, SheetError};
use crate::store::{StoreError, StoreTx};
use tarok_danish::Preset;

/// A Danish evening's ledger or another family's score sheet.
#[derive(Clone, Debug)]
pub enum Evening {
    Ledger(Session),
    Sheet(Sheet),
}

/// Why a new evening could not be seated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NewError {
    #[error("{0:?} is not a preset kept at the table: the Danish ledger is for dk-dtf-2011, dk-hjoerring-2016 and dk-moeller, the score sheets for at-koenigrufen-spieleversum, dk-1829-partners and dk-1829-en-deux")]
    Preset(String),
    #[error("unknown seating {0:?}; use three, opposite, right-neighbour, skip-two or hermansen")]
    Seating(String),
    #[error("the seating scheme is for Danish Tarok; {0} seats its table by its own rules (Königrufen: the dealer sits out at 5, the dealer and the third after him at 6, Spieleversum §17)")]
    SeatingOfSheet(String),
    #[error("the first dealer {0:?} is not at the table")]
    FirstDealer(String),
    #[error(transparent)]
    Session(#[from] SessionError),
    #[error(transparent)]
    Sheet(#[from] SheetError),
}

impl Evening {
    /// A new evening: `players` in seating order, each on the previous one's right; `seating`
    /// a Danish [`Scheme`] by its id (default: the table size's usual one); `first_dealer` a
    /// name at the table (default: the first). Names are checked as the ledger checks them.
    pub fn new(
        preset: &str,
        players: &[String],
        seating: Option<&str>,
        first_dealer: Option<&str>,
    ) -> Result<Evening, NewError> {
        let names: Vec<String> = players.iter().map(|p| p.trim().to_string()).collect();
        let first = match first_dealer.map(str::trim).filter(|n| !n.is_empty()) {
            Some(n) => {
                find_person(&names, n).ok_or_else(|| NewError::FirstDealer(n.to_string()))?
            }
            None => 0,
        };
        let seating = seating.map(str::trim).filter(|s| !s.is_empty());
        if Sheet::is_sheet_preset(preset) {
            if seating.is_some() {
                return Err(NewError::SeatingOfSheet(preset.to_string()));
            }
            return Ok(Evening::Sheet(Sheet::new(preset, names, first)?));
        }
        let p = Preset::parse(preset).ok_or_else(|| NewError::Preset(preset.to_string()))?;
        let scheme = seating
            .map(|s| Scheme::parse(s).ok_or_else(|| NewError::Seating(s.to_string())))
            .transpose()?;
        Ok(Evening::Ledger(Session::new(p, scheme, names, first)?))
    }

    /// Stores the new evening; returns its id.
    pub fn create(&self, tx: &StoreTx) -> Result<i64, StoreError> {
        match self {
            Evening::Ledger(s) => tx.create(s),
            Evening::Sheet(s) => tx.create_sheet(s),
        }
    }

    /// The stored evening `id`, of whichever kind it is.
    pub fn load(tx: &StoreTx, id: i64) -> Result<Evening, StoreError> {
        if Sheet::is_sheet_preset(&tx.preset_of(id)?) {
            Ok(Evening::Sheet(tx.load_sheet(id)?))
        } else {
            Ok(Evening::Ledger(tx.load(id)?))
        }
    }

    pub fn preset(&self) -> &str {
        match self {
            Evening::Ledger(s) => s.preset.id(),
            Evening::Sheet(s) => &s.preset,
        }
    }

    pub fn players(&self) -> &[String] {
        match self {
            Evening::Ledger(s) => &s.players,
            Evening::Sheet(s) => &s.players,
        }
    }

    pub fn closed(&self) -> bool {
        match self {
            Evening::Ledger(s) => s.closed,
            Evening::Sheet(s) => s.closed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &str) -> Vec<String> {
        list.split(',').map(String::from).collect()
    }

    #[test]
    fn each_preset_makes_its_kind_of_evening() {
        let e = Evening::new(
            "dk-dtf-2011",
            &names("Anna,Bent,Carl,Dorte"),
            Some("opposite"),
            Some("bent"),
        )
        .unwrap();
        let Evening::Ledger(s) = e else {
            panic!("a ledger")
        };
        assert_eq!((s.scheme, s.first_dealer), (Scheme::Opposite, 1));
        let e = Evening::new(
            "at-koenigrufen-spieleversum",
            &names("A,B,C,D,E"),
            None,
            None,
        )
        .unwrap();
        assert!(matches!(e, Evening::Sheet(_)));
        assert_eq!(e.preset(), "at-koenigrufen-spieleversum");
    }

    #[test]
    fn a_bad_table_is_refused_with_the_reason() {
        let refuse = |preset, players, seating, first| {
            Evening::new(preset, &names(players), seating, first)
                .unwrap_err()
                .to_string()
        };
        assert!(
            refuse("dk-dtf-2011", "A,B,C,D", Some("sideways"), None).contains("unknown seating")
        );
        assert!(refuse("dk-dtf-2011", "A,B,C,D", None, Some("Erik")).contains("not at the table"));
        assert!(refuse("dk-dtf-2011", "A,B", None, None).contains("3, 4 or 5"));
        assert!(refuse(
            "at-koenigrufen-spieleversum",
            "A,B,C,D",
            Some("opposite"),
            None
        )
        .contains("its own rules"));
        assert!(refuse("de-skat", "A,B,C", None, None).contains("not a preset"));
    }
}
