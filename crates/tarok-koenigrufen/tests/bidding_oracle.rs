//! An independent, plain reading of the bidding (§6), the king call (§7.1, §7.3), the talon
//! (§7.2, §7.4) and the discard (§8.1, §8.2), checked against the engine at every step of
//! thousands of random auctions: the set of legal actions from the plain reading equals the
//! engine's, and the auction ends with the same game and declarers.
//!
//! Where the document leaves a choice, the oracle follows the project's defaults (the §20
//! INTERPRETATIONs): A6 (the Vorhand cannot pass on his first turn), A7 (the Besserrufer may open),
//! A8 (after "mein Vorhand" and three passes any game but the Sechser), A9 (strictly stronger
//! bids), A10 (the Vorhand's hold of a Piccolo/Zwiccolo is a "bei"), A12 (four kings: no king
//! game), A14 (the Besserrufer bird is named before the talon), A22/A23 (discards).

mod common;

use common::steered_deal;
use tarok_core::{Card, CardKind, CardSet, Rank};
use tarok_koenigrufen::{Action, Call, Contract, Deal, Phase, Premium, Ruleset};

fn tarock(c: Card) -> bool {
    c.suit().is_none()
}

fn king(c: Card) -> bool {
    matches!(c.kind(), CardKind::Suited(_, Rank::Konge))
}

/// Sküs, Mond, Pagat (§1).
fn trull(c: Card) -> bool {
    matches!(
        c.kind(),
        CardKind::Skus | CardKind::Trump(1) | CardKind::Trump(21)
    )
}

fn kings() -> Vec<Card> {
    Card::all()
        .filter(|&c| king(c) && c.suit().is_some())
        .collect()
}

/// My reading of the auction.
#[derive(Clone, Debug)]
struct Auction {
    vorhand: u8,
    turn: u8,
    passed: [bool; 4],
    highest: Option<Contract>,
    holders: Vec<u8>,
    vorhand_first: bool,
    must_choose: bool,
    done: bool,
}

impl Auction {
    fn new(vorhand: u8) -> Auction {
        Auction {
            vorhand,
            turn: vorhand,
            passed: [false; 4],
            highest: None,
            holders: Vec::new(),
            vorhand_first: true,
            must_choose: false,
            done: false,
        }
    }

    /// §7.1 A12: four kings, no king game; §7.3: a Besserrufer needs a bird in hand.
    fn may_play(c: Contract, hand: &[Card]) -> bool {
        if c.calls_king() && hand.iter().filter(|&&x| king(x)).count() == 4 {
            return false;
        }
        if c == Contract::Besserrufer
            && !hand
                .iter()
                .any(|&x| matches!(x.kind(), CardKind::Trump(1..=3)))
        {
            return false;
        }
        true
    }

    /// The "A" games that everybody may announce: ranks 1–5 and 7–12 (§5, §6.3).
    fn a_game(c: Contract) -> bool {
        !matches!(
            c,
            Contract::Rufer | Contract::Trischaken | Contract::Sechser
        )
    }

    fn legal(&self, hand: &[Card]) -> Vec<Call> {
        let me = self.turn;
        let v = me == self.vorhand;
        let mut out = Vec::new();
        if self.must_choose {
            // §6.4 (b), A8: any game but the Sechser, Rufer and Trischaken included.
            for c in Contract::ALL {
                if c != Contract::Sechser && Self::may_play(c, hand) {
                    out.push(Call::Bid(c));
                }
            }
            return out;
        }
        if v && self.vorhand_first {
            // §6.2: exactly three options (A6: no pass): mein Vorhand, Sechser, a game worth ≥ 2
            // (A7: the Besserrufer counts).
            out.push(Call::MeinVorhand);
            out.push(Call::Bid(Contract::Sechser));
            for c in Contract::ALL {
                if Self::a_game(c) && Self::may_play(c, hand) {
                    out.push(Call::Bid(c));
                }
            }
            return out;
        }
        out.push(Call::Pass);
        for c in Contract::ALL {
            let stronger = self.highest.is_none_or(|h| c.rank() < h.rank());
            if Self::a_game(c) && stronger && Self::may_play(c, hand) {
                out.push(Call::Bid(c));
            }
        }
        if let Some(h) = self.highest {
            let holder = self.holders.contains(&me);
            let bei_game = matches!(h, Contract::Piccolo | Contract::Zwiccolo);
            // §6.6: a second Piccolo/Zwiccolo by anyone who does not play it yet.
            if bei_game && !holder {
                out.push(Call::Bei);
            }
            // §6.3: the Vorhand holds another player's game; A10: a Piccolo/Zwiccolo he joins.
            if v && !holder && !bei_game && Self::may_play(h, hand) {
                out.push(Call::Hold);
            }
        }
        out
    }

    fn apply(&mut self, call: Call) {
        let me = self.turn;
        match call {
            Call::MeinVorhand => {}
            Call::Pass => self.passed[me as usize] = true,
            Call::Bid(c) => {
                self.highest = Some(c);
                self.holders = vec![me];
                if self.must_choose {
                    self.done = true;
                    return;
                }
            }
            Call::Hold => self.holders = vec![me],
            Call::Bei => self.holders.push(me),
        }
        if me == self.vorhand {
            self.vorhand_first = false;
        }
        // §6.4: the auction goes round counter-clockwise, skipping those who passed and those
        // who play the highest game; it ends when nobody else is left.
        let waiting: Vec<u8> = (1..=4)
            .map(|k| (me + k) % 4)
            .filter(|&s| !self.passed[s as usize] && !self.holders.contains(&s))
            .collect();
        if waiting.is_empty() {
            assert!(!self.holders.is_empty());
            self.done = true;
        } else if self.holders.is_empty() && waiting == [self.vorhand] {
            // (b) "mein Vorhand" and three passes: the Vorhand chooses.
            self.must_choose = true;
            self.turn = self.vorhand;
        } else {
            self.turn = waiting[0];
        }
    }
}

/// §8.1 / §8.2: which card may be discarded next, `left` discards still to make.
fn may_discard(hand: &[Card], c: Card, left: usize, colour: bool) -> bool {
    if king(c) || trull(c) {
        return false;
    }
    if colour {
        // Tarocks first (face down), Uhu and Kakadu included (A22); a suit card only when no
        // discardable tarock is left for the remaining discards.
        let t = hand.iter().filter(|&&x| tarock(x) && !trull(x)).count();
        tarock(c) || t < left
    } else {
        // Suit cards first; a tarock II–XX only when the non-king suit cards cannot fill them
        // (A23).
        let s = hand.iter().filter(|&&x| !tarock(x) && !king(x)).count();
        !tarock(c) || s < left
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn legal_bids_king_calls_talon_and_discards_match_the_plain_reading() {
    let rs = Ruleset::spieleversum();
    let mut auctions = 0;
    let mut steps = 0;
    let mut reached = std::collections::BTreeSet::new();
    let (mut holds, mut beis, mut chooses) = (0, 0, 0);
    for seed in 0..3_000u64 {
        let target = Contract::ALL[(seed % 14) as usize];
        let mut mine: Option<Auction> = None;
        let mut last_len = 0;
        let check = |d: &Deal, mine: &mut Option<Auction>, last_len: &mut usize| {
            let s = d.state();
            let au = mine.get_or_insert_with(|| Auction::new((s.dealer() + 1) % 4));
            // Bring my auction up to date with the action just made.
            if d.history().len() > *last_len {
                if let (_, Action::Call(call)) = d.history()[d.history().len() - 1] {
                    au.apply(call);
                }
                *last_len = d.history().len();
            }
            let engine: Vec<String> = d.legal_actions().iter().map(|a| a.to_string()).collect();
            let me = d.current_player();
            let hand: Vec<Card> = s.hand(me).iter().collect();
            let want: Vec<Action> = match s.phase() {
                Phase::Bidding => {
                    assert!(!au.done, "seed {seed}: the engine bids on after the end");
                    assert_eq!(me, au.turn, "seed {seed}: whose turn");
                    au.legal(&hand).into_iter().map(Action::Call).collect()
                }
                Phase::KingCall => {
                    // §7.1: any king he does not hold himself (with three, the fourth).
                    kings()
                        .into_iter()
                        .filter(|k| !hand.contains(k))
                        .map(Action::CallKing)
                        .collect()
                }
                Phase::BesserruferBird => {
                    // §7.3, A14: name the birds held before the talon, at least one.
                    let mut v: Vec<Action> = [Premium::Pagat, Premium::Uhu, Premium::Kakadu]
                        .into_iter()
                        .filter(|p| {
                            let n = match p {
                                Premium::Pagat => 1,
                                Premium::Uhu => 2,
                                _ => 3,
                            };
                            hand.iter().any(|x| x.kind() == CardKind::Trump(n))
                                && s.announcer(*p).is_none()
                        })
                        .map(Action::Announce)
                        .collect();
                    if Premium::ALL[..3].iter().any(|&p| s.announcer(p).is_some()) {
                        v.push(Action::Gut);
                    }
                    v
                }
                Phase::Talon => {
                    // §7.2: schleifen only with the called king in the talon (Rufer and
                    // Besserrufer); either half may be taken.
                    let mut v = vec![Action::TakeHalf(0), Action::TakeHalf(1)];
                    let talon: CardSet = s.talon()[0] | s.talon()[1];
                    if s.called_king().is_some_and(|k| talon.contains(k)) {
                        v.push(Action::Schleifen);
                    }
                    v
                }
                Phase::Discard => {
                    let c = s.contract().unwrap();
                    let left = s.discards_left() as usize;
                    hand.iter()
                        .copied()
                        .filter(|&x| may_discard(&hand, x, left, c.is_colour()))
                        .map(Action::Discard)
                        .collect()
                }
                _ => return,
            };
            let want: Vec<String> = want.iter().map(|a| a.to_string()).collect();
            assert_eq!(
                sorted(engine),
                sorted(want),
                "seed {seed} {:?}, P{me} hand {}: {:?}",
                s.phase(),
                s.hand(me),
                d.history()
                    .iter()
                    .map(|(p, a)| format!("P{p} {a}"))
                    .collect::<Vec<_>>()
            );
        };
        let d = steered_deal(rs, seed, target, |d| {
            check(d, &mut mine, &mut last_len);
            steps += 1;
        });
        let au = mine.unwrap();
        assert!(au.done, "seed {seed}: my auction did not end");
        let s = d.state();
        assert_eq!(s.contract(), au.highest, "seed {seed}: the game");
        assert_eq!(
            s.declarer(),
            au.holders[0],
            "seed {seed}: the first announcer"
        );
        let mut decl: Vec<u8> = (0..4).filter(|&x| s.declarers() & (1 << x) != 0).collect();
        let mut hold = au.holders.clone();
        decl.sort();
        hold.sort();
        assert_eq!(decl, hold, "seed {seed}: the players of the game");
        for (_, a) in d.history() {
            match a {
                Action::Call(Call::Hold) => holds += 1,
                Action::Call(Call::Bei) => beis += 1,
                _ => {}
            }
        }
        if au.must_choose {
            chooses += 1;
        }
        reached.insert(s.contract().unwrap().rank());
        auctions += 1;
    }
    assert_eq!(auctions, 3_000);
    assert_eq!(reached.len(), 14, "{reached:?}");
    assert!(
        holds >= 20 && beis >= 20 && chooses >= 100,
        "{holds} {beis} {chooses}"
    );
    assert!(steps > 50_000);
}
