//! A perfect-information solver for the card play of any family: alpha-beta over the real
//! settlement, with a transposition table, move ordering and equivalent cards searched as one.
//!
//! **Who plays against whom.** In Königrufen the layout fixes the parties, so the search is an
//! exact two-party game. Danish Tarok has no fixed parties: each seat is paid for itself. Two
//! reductions were possible: max-n (each seat maximises its own payoff; it cannot prune) and
//! the paranoid reduction (the others minimise the searching seat's payoff). We use the
//! paranoid reduction. Measured on 300 Danish endgames of level-1 self-play
//! (`examples/paranoid_vs_max_n.rs`): its choice is also max-n's best in 96% of the positions
//! with 3 tricks left and 93% with 4, losing 1.0 and 1.4 points a decision by max-n's own
//! measure; and it searches 3 and 17 times fewer positions, a gap that grows with every trick,
//! so in the same time it sees further. The Danish settlement is zero-sum among the three, so
//! every point the others gain is one the searching seat pays.

use crate::transposition::{Entry, Table};
use tarok_core::Seat;

/// Most moves a card-play position offers (cards, and the Danish skus names and renames).
pub const MAX_MOVES: usize = 48;

/// The moves of a position.
pub type Moves<A> = tarok_core::ArrayList<A, MAX_MOVES>;

/// A family's card play as the solver sees it: a full deal (every hand known), cheap to clone
/// (the solver clones it at every position).
pub trait Solvable: Clone + Send + Sync {
    /// A card, or another decision of the play (a Danish skus name, rename or demand).
    type Move: Copy + Eq + Send + Sync;
    /// The seat to act; `None` once the deal is over.
    fn to_move(&self) -> Option<Seat>;
    /// Seats at the deal.
    fn seat_count(&self) -> u8;
    /// The legal moves, with equivalent cards given once: two cards of one hand that no other
    /// remaining card separates, worth the same points and with no role of their own (an ultimo
    /// card), lead to the same result.
    fn search_moves(&self, out: &mut Moves<Self::Move>);
    /// Plays a move known to be legal.
    fn play(&mut self, m: Self::Move);
    /// The seat's payoff once the deal is over, in whole units (1/seats point where a pool is
    /// shared), from the real settlement.
    fn value(&self, seat: Seat) -> i32;
    /// The seats whose payoff is the searching seat's (its party), as a bit mask; the others
    /// play against it.
    fn party(&self, seat: Seat) -> u8;
    /// A hash of everything that decides the rest of the deal: the hands, the trick, what each
    /// seat has won and what has been paid in play. Equal positions have equal keys.
    fn key(&self) -> u64;
    /// Tricks still to be completed, the current one included.
    fn tricks_left(&self) -> u8;
    /// Bounds on the seat's payoff from here, `(lower, upper)`, cheap to compute from what is
    /// already decided; `None` if the family gives none. The search stops at a position whose
    /// bounds already answer its question.
    fn bounds(&self, _seat: Seat) -> Option<(i32, i32)> {
        None
    }
}

/// A solver with its transposition table; reuse it for positions of one deal.
pub struct Solver {
    table: Table,
    /// The seat the table's values belong to.
    seat: Option<Seat>,
    /// The last value found, the first guess of the next search.
    guess: i32,
    /// Positions searched (for benchmarks and tests).
    pub nodes: u64,
}

impl Default for Solver {
    fn default() -> Solver {
        // A whole Königrufen deal searches billions of positions; with this limit it took
        // 2.5 GB of memory at most (BENCHMARKS.md).
        Solver::with_capacity(1 << 25)
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver whose table holds at most `capacity` positions (see [`crate::transposition`]
    /// for what it keeps once full).
    pub fn with_capacity(capacity: usize) -> Solver {
        Solver {
            table: Table::new(capacity),
            seat: None,
            guess: 0,
            nodes: 0,
        }
    }

    /// Positions in the table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The exact payoff of `seat` when every seat plays perfectly from `deal` on (its party
    /// for it, the others against it), in the units of [`Solvable::value`]. The table is kept
    /// between calls for the same seat, so the moves of one layout share what was found.
    pub fn solve<G: Solvable>(&mut self, deal: &G, seat: Seat) -> i32 {
        if self.seat != Some(seat) {
            self.table.clear();
            self.seat = Some(seat);
        }
        let party = deal.party(seat);
        // MTD(f): null-window searches close in on the value from a guess. A payoff takes few
        // values, so a handful of searches that each only ask "above or below?" settle it,
        // sharing what they found in the table.
        let (mut lower, mut upper) = (i32::MIN + 1, i32::MAX);
        let mut g = self.guess;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.search(&mut deal.clone(), seat, party, true, beta - 1, beta);
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        self.guess = g;
        g
    }

    /// The value of `deal`, which the search may play on (a copy of its own).
    fn search<G: Solvable>(
        &mut self,
        deal: &mut G,
        seat: Seat,
        party: u8,
        mut trick_start: bool,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        // The table holds the positions at the start of a trick, the last trick's excepted:
        // positions meet again there (the cards of a trick played in another order, tricks
        // won in another order), and a look-up elsewhere would mostly miss the cache for
        // nothing. Elsewhere a position with a single move (in the last trick, every one) is
        // played on in place, with no copy.
        let mut moves = Moves::new();
        let (to_act, tricks, tabled) = loop {
            self.nodes += 1;
            let Some(to_act) = deal.to_move() else {
                return deal.value(seat);
            };
            let tricks = deal.tricks_left();
            if trick_start && tricks > 1 {
                break (to_act, tricks, true);
            }
            deal.search_moves(&mut moves);
            if moves.len() > 1 {
                break (to_act, tricks, false);
            }
            deal.play(moves[0]);
            trick_start = deal.tricks_left() != tricks;
        };
        let key = if tabled { deal.key() } else { 0 };
        let mut first = 0usize;
        let known = tabled.then(|| self.table.get(key)).flatten();
        if let Some(e) = known {
            if e.lower >= beta || e.lower == e.upper {
                return e.lower;
            }
            if e.upper <= alpha {
                return e.upper;
            }
            alpha = alpha.max(e.lower);
            beta = beta.min(e.upper);
            first = e.best as usize;
        }
        if tabled {
            if let Some((lower, upper)) = deal.bounds(seat) {
                if lower >= beta || lower == upper {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
            }
            deal.search_moves(&mut moves);
        }
        if first < moves.len() {
            moves.swap(0, first);
        }
        let maximising = party & (1 << to_act) != 0;
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximising { i32::MIN } else { i32::MAX };
        let mut best_i = 0;
        for (i, &m) in moves.iter().enumerate() {
            let mut child = deal.clone();
            child.play(m);
            let trick_start = child.tricks_left() != tricks;
            let v = self.search(&mut child, seat, party, trick_start, alpha, beta);
            if maximising {
                if v > best {
                    best = v;
                    best_i = i;
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_i = i;
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        // The index refers to the list as reordered; undo the swap for the stored index.
        let stored = if best_i == 0 {
            first
        } else if best_i == first {
            0
        } else {
            best_i
        };
        if !tabled {
            return best;
        }
        let mut e = known.unwrap_or(Entry {
            lower: i32::MIN + 1,
            upper: i32::MAX,
            best: 0,
        });
        if best < beta0 {
            e.upper = e.upper.min(best);
        }
        if best > alpha0 {
            e.lower = e.lower.max(best);
        }
        e.best = stored as u8;
        self.table.insert(key, tricks, e);
        best
    }

    /// Max-n: every seat maximises its own payoff; returns every seat's payoff. No pruning:
    /// kept to measure the paranoid reduction against (see the module documentation).
    pub fn max_n<G: Solvable>(&mut self, deal: &G) -> Vec<i32> {
        self.nodes += 1;
        let Some(to_act) = deal.to_move() else {
            return (0..deal.seat_count()).map(|s| deal.value(s)).collect();
        };
        let mut moves = Moves::new();
        deal.search_moves(&mut moves);
        let mut best: Option<Vec<i32>> = None;
        for &m in &moves {
            let mut child = deal.clone();
            child.play(m);
            let v = self.max_n(&child);
            if best
                .as_ref()
                .is_none_or(|b| v[to_act as usize] > b[to_act as usize])
            {
                best = Some(v);
            }
        }
        best.expect("a seat to act has a move")
    }
}

/// Mixes a word into a running hash (the finaliser of splitmix64).
pub fn mix(h: u64, x: u64) -> u64 {
    let mut z = h ^ x.wrapping_add(0x9e37_79b9_7f4a_7c15).wrapping_add(h << 6);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
