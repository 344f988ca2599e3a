//! The club ledger of Danish Tarok: an evening at the table (*spilleaften*).
//!
//! * [`seating`]: who deals, who plays and who sits out (*oversidder*), for 3, 4 and 5 people.
//! * [`ledger`]: funding (*fundering*), the cups (*kongekop*, *pagatkop*), each deal's payment
//!   lines, balances, and the end-of-evening split.
//! * [`entry`]: manual entry of a deal played with real cards, checked and settled through the
//!   engine's own `tarok_danish::settle`, so it pays exactly as an engine-played deal.
//! * [`fines`]: the preset's fine table (*bøder*).
//! * [`store`]: sessions in SQLite, one transaction per deal.
//! * [`export`]: CSV, JSON and an SVG chart of the balances.
//! * [`evening`]: any stored evening, the ledger or a score sheet, as a front end meets it.
//! * [`sheet`]: the score sheets of the other families in the same store: Königrufen at 4-6
//!   players and the Partier of the games of 1829, entered by hand or from records and scored
//!   by the engines' own settlement.
//!
//! Sources are cited as in the rules documents: `000` Møller (seed 000), `001` its 2016
//! edition, `003` Dansk Tarokforbund 2011; `L123` is a line of the seed.

pub mod entry;
pub mod evening;
pub mod export;
pub mod fines;
pub mod ledger;
pub mod seating;
pub mod sheet;
pub mod store;

pub use entry::{DealEntry, EntryError, Outcome};
pub use evening::Evening;
pub use ledger::{Account, Cause, DealResult, LedgerLine, Session, SessionError};
pub use seating::{Scheme, Seating};
pub use sheet::{Sheet, SheetDeal, SheetEntry, SheetError};
