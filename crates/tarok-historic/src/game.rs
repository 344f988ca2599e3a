//! A deal of 1829 as a [`tarok_core::Game`]: the face the front ends, bots and the match runner
//! see.

use crate::action::{Action, ActionList};
use crate::deal::Deal;
use crate::error::RuleError;
use crate::settlement::Reason;
use crate::view::View;
use tarok_core::{Payment, Seat};

impl tarok_core::Game for Deal {
    type Action = Action;
    type View = View;
    type Error = RuleError;
    type Reason = Reason;

    fn preset(&self) -> &'static str {
        self.rules().id
    }
    fn seats(&self) -> u8 {
        self.players()
    }
    fn dealer(&self) -> Seat {
        Deal::dealer(self)
    }
    fn to_act(&self) -> Option<Seat> {
        self.current_player()
    }
    fn legal_into(&self, out: &mut Vec<Action>) {
        let mut list = ActionList::default();
        self.legal_actions_into(&mut list);
        out.clear();
        out.extend_from_slice(&list);
    }
    fn parse_action(&self, text: &str) -> Result<Action, String> {
        text.parse()
            .map_err(|e: <Action as std::str::FromStr>::Err| e.to_string())
    }
    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        Deal::apply(self, action)
    }
    fn view(&self, seat: Seat) -> View {
        Deal::view(self, seat)
    }
    fn public_view(&self) -> View {
        Deal::public_view(self)
    }
    fn settlement(&self) -> Vec<Payment<Reason>> {
        Deal::settlement(self)
    }
    fn is_over(&self) -> bool {
        Deal::is_over(self)
    }
    /// [`Deal::result`]: in the partners' game and en deux the payments alone say little (en
    /// deux none), so a match would not see which bot played better.
    fn payoffs(&self) -> Vec<f64> {
        (0..self.players()).map(|s| self.result(s) as f64).collect()
    }
}
