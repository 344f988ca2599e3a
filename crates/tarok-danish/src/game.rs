//! A Danish deal as a [`tarok_core::Game`]: the face the front ends, bots and the match runner see.

use crate::action::Action;
use crate::deal::{Deal, Phase};
use crate::error::RuleError;
use crate::settle::{Reason, DEALER};
use crate::skat;
use crate::view::View;
use tarok_core::{Payment, Seat};

impl tarok_core::Game for Deal {
    type Action = Action;
    type View = View;
    type Error = RuleError;
    type Reason = Reason;

    fn preset(&self) -> &'static str {
        self.rules().preset.id()
    }
    fn seats(&self) -> u8 {
        3
    }
    fn dealer(&self) -> Seat {
        DEALER
    }
    fn to_act(&self) -> Option<Seat> {
        self.current_player()
    }
    fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.phase() == Phase::Skat {
            skat::each_legal_discard(self.hand(DEALER), self.rules(), |d| {
                out.push(Action::Discard(d))
            });
        } else {
            let mut list = crate::ActionList::default();
            Deal::legal_into(self, &mut list);
            out.extend_from_slice(&list);
        }
    }
    fn forced(&self) -> Option<Action> {
        self.forced_action()
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
