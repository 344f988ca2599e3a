//! Every game family the CLI knows. Each family crate adds one line here.

use tarok_core::family::Family;

pub fn all() -> Vec<&'static dyn Family> {
    vec![
        &tarok_danish::FAMILY,
        &tarok_historic::FAMILY,
        &tarok_koenigrufen::FAMILY,
        // families: one `&crate::FAMILY` line each, e.g. `&tarok_danish::FAMILY,`
    ]
}
