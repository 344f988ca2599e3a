//! A Königrufen deal as a [`tarok_core::Game`]: the face the front ends, bots and the match
//! runner see.

use crate::deal::Action;
use crate::error::RuleError;
use crate::scoring::Reason;
use crate::view::View;
use crate::Deal;
use tarok_core::{Payment, Seat};

impl tarok_core::Game for Deal {
    type Action = Action;
    type View = View;
    type Error = RuleError;
    type Reason = Reason;

    fn preset(&self) -> &'static str {
        self.ruleset.id
    }
    fn seats(&self) -> u8 {
        4
    }
    fn dealer(&self) -> Seat {
        self.state.dealer
    }
    fn to_act(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.current_player())
    }
    fn legal_into(&self, out: &mut Vec<Action>) {
        self.state.legal_actions_into(out);
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
}
