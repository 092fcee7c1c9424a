//! The fast solver's search: negamax with alpha-beta, fail-soft, on the
//! bitboard, for runs of `K`. Every node is a position whose side to move
//! cannot win at once (the caller checked: the root, or a safe move
//! before it), so the node's value lies between losing after its next
//! stone and winning with its stone after next.

use super::bitboard::{Layout, Position};
use super::order::MoveOrder;
use super::table::Table;
use crate::search::SearchContext;

pub(crate) struct FastSearch<'a, const K: usize> {
    pub layout: Layout,
    pub table: &'a mut Table,
    pub ctx: SearchContext<'a>,
}

impl<const K: usize> FastSearch<'_, K> {
    /// The value of `position` for its side to move on Pons' scale,
    /// searched in the window `(alpha, beta)`: exact inside it, else a
    /// bound on the side it fell. Meaningless once aborted.
    pub fn negamax(&mut self, position: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        if !self.ctx.enter() {
            return 0;
        }
        let layout = &{ self.layout };
        let cells = (layout.width * layout.height) as i32;
        let stones = position.stones as i32;
        let moves = position.safe_moves::<K>(layout);
        if moves == 0 {
            // Whatever is played, the opponent wins next (or fills the
            // board: a draw, which the formula gives too).
            return -(cells - stones) / 2;
        }
        if stones >= cells - 2 {
            // A safe move, then the opponent's last: no line.
            return 0;
        }
        let key = position.key(layout);
        let (known_lower, known_upper) = self.table.probe(key);
        // The opponent cannot win with its next stone, nor the mover with
        // this one.
        let lower = known_lower.max(-(cells - 2 - stones) / 2);
        let upper = known_upper.min((cells - 1 - stones) / 2);
        if lower >= beta || lower == upper {
            return lower;
        }
        if upper <= alpha {
            return upper;
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);
        let window_alpha = alpha;
        let mut best = i32::MIN;
        for &cell in MoveOrder::of::<K>(layout, position, moves).cells() {
            let value = -self.negamax(&position.play(cell), -beta, -alpha);
            if self.ctx.aborted {
                return 0;
            }
            if value >= beta {
                self.ctx.stats.cutoffs += 1;
                self.table.store(key, value, known_upper);
                return value;
            }
            best = best.max(value);
            alpha = alpha.max(value);
        }
        if best > window_alpha {
            self.table.store(key, best, best);
        } else {
            self.table.store(key, known_lower, best);
        }
        best
    }
}
