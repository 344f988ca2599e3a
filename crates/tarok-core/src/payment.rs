//! Itemised payments: each line says who pays whom (or which cup), how much and why.

use serde::Serialize;
use std::fmt;

/// Who pays or receives: a player (by seat) or a pool.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Party {
    /// A player, by seat number in the deal.
    Player(u8),
    /// A pool, by the family's own numbering (Danish: 0 = kongekop, 1 = pagatkop).
    Cup(u8),
}

/// One payment line. `R` is the family's reason type, which names the event and its rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Payment<R> {
    pub from: Party,
    pub to: Party,
    /// Always positive.
    pub amount: i32,
    pub reason: R,
}

impl<R> Payment<R> {
    /// The line for a signed amount owed by `payer` to `payee`: as it stands when positive,
    /// reversed (`payee` pays `payer`) when negative, none when zero. Settlements compute net
    /// amounts (a count against par, a side's won-or-lost item) whose sign gives the direction,
    /// while a line's amount is always positive.
    ///
    /// # Panics
    /// If `amount` is `i32::MIN`, which has no positive counterpart.
    pub fn signed(payer: Party, payee: Party, amount: i32, reason: R) -> Option<Payment<R>> {
        let (from, to, amount) = match amount {
            0 => return None,
            a if a > 0 => (payer, payee, a),
            a => (
                payee,
                payer,
                a.checked_neg().expect("an amount above i32::MIN"),
            ),
        };
        Some(Payment {
            from,
            to,
            amount,
            reason,
        })
    }
}

/// Receives payment lines as they are computed. Settlement code writes to a sink, so the
/// hot path can sum without allocating while the CLI and ledger keep every line.
pub trait PaymentSink<R> {
    fn pay(&mut self, payment: Payment<R>);

    /// Pays the line of [`Payment::signed`], if any: a signed amount from `payer` to `payee`.
    fn pay_signed(&mut self, payer: Party, payee: Party, amount: i32, reason: R) {
        if let Some(line) = Payment::signed(payer, payee, amount, reason) {
            self.pay(line);
        }
    }
}

impl<R> PaymentSink<R> for Vec<Payment<R>> {
    fn pay(&mut self, payment: Payment<R>) {
        self.push(payment);
    }
}

/// Net balance per party, without keeping lines: up to 8 players and 4 cups.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Balances {
    pub players: [i32; 8],
    pub cups: [i32; 4],
}

impl Balances {
    fn slot(&mut self, p: Party) -> &mut i32 {
        match p {
            Party::Player(s) => &mut self.players[s as usize],
            Party::Cup(c) => &mut self.cups[c as usize],
        }
    }

    /// Sum over every party; zero for any complete settlement.
    pub fn total(&self) -> i32 {
        self.players.iter().sum::<i32>() + self.cups.iter().sum::<i32>()
    }
}

impl<R> PaymentSink<R> for Balances {
    fn pay(&mut self, p: Payment<R>) {
        *self.slot(p.from) -= p.amount;
        *self.slot(p.to) += p.amount;
    }
}

impl<R: fmt::Display> fmt::Display for Payment<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} -> {}: {} ({})",
            PartyName(self.from),
            PartyName(self.to),
            self.amount,
            self.reason
        )
    }
}

struct PartyName(Party);

impl fmt::Display for PartyName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Party::Player(s) => write!(f, "P{s}"),
            Party::Cup(c) => write!(f, "cup{c}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(from: Party, to: Party, amount: i32) -> Payment<&'static str> {
        Payment {
            from,
            to,
            amount,
            reason: "ultimo",
        }
    }

    /// A payment moves its amount from one party to the other, whether summed or listed.
    #[test]
    fn a_payment_moves_its_amount() {
        let lines = [
            line(Party::Player(0), Party::Player(2), 10),
            line(Party::Player(1), Party::Cup(1), 5),
            line(Party::Cup(0), Party::Player(7), 3),
        ];
        let mut b = Balances::default();
        let mut v = Vec::new();
        for l in lines {
            b.pay(l);
            v.pay(l);
        }
        assert_eq!(b.players, [-10, -5, 10, 0, 0, 0, 0, 3]);
        assert_eq!(b.cups, [-3, 5, 0, 0]);
        assert_eq!(b.total(), 0);
        assert_eq!(v, lines);
        b.players[3] += 4;
        b.cups[2] += 2;
        assert_eq!(b.total(), 6, "the total counts players and cups");
        assert_eq!(lines[1].to_string(), "P1 -> cup1: 5 (ultimo)");
        assert_eq!(lines[2].to_string(), "cup0 -> P7: 3 (ultimo)");
    }

    /// The sign of a signed amount chooses the direction; zero pays nothing.
    #[test]
    fn a_signed_amount_pays_in_the_direction_of_its_sign() {
        let (a, b) = (Party::Player(1), Party::Cup(0));
        assert_eq!(Payment::signed(a, b, 7, "ultimo"), Some(line(a, b, 7)));
        assert_eq!(Payment::signed(a, b, -7, "ultimo"), Some(line(b, a, 7)));
        assert_eq!(Payment::signed(a, b, 0, "ultimo"), None);
        let mut v = Vec::new();
        for amount in [3, 0, -2] {
            v.pay_signed(a, b, amount, "ultimo");
        }
        assert_eq!(v, [line(a, b, 3), line(b, a, 2)]);
        let mut bal = Balances::default();
        bal.pay_signed(Party::Player(0), Party::Player(2), -5, "ultimo");
        assert_eq!(bal.players[..3], [5, 0, -5]);
    }
}
