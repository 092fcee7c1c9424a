//! The generic search, for the boards the bitboard does not fit (no
//! gravity, or 8x8): negamax with alpha-beta on the engine's cells, the
//! table keyed by the position's symmetric keys (a position and its
//! mirror images share an entry) keeping both bounds and the best move,
//! `evaluation::ordered_moves` with the table's move first.

use crate::board::{Board, Side};
use crate::evaluation::{LineCounts, ordered_moves};
use crate::geometry::{Geometry, MAX_CELLS};
use crate::report::Bound;
use crate::search::SearchContext;
use crate::symmetry::SymmetricKeys;
use crate::tt::{TranspositionTable, TtEntry};

/// The winning lines by direction, for finding with a few shifts every
/// cell that would complete a line.
struct Threats {
    in_a_row: usize,
    /// For each direction: the bit distance between neighbours along it
    /// and the cells where a line along it starts (its lowest cell).
    directions: Vec<(u32, u64)>,
}

impl Threats {
    fn of(geometry: &Geometry) -> Threats {
        let mut directions: Vec<(u32, u64)> = Vec::new();
        for &line in &geometry.lines {
            let start = line.trailing_zeros();
            let step = (line & (line - 1)).trailing_zeros() - start;
            match directions.iter_mut().find(|(known, _)| *known == step) {
                Some((_, starts)) => *starts |= 1 << start,
                None => directions.push((step, 1 << start)),
            }
        }
        Threats {
            in_a_row: geometry.shape.in_a_row(),
            directions,
        }
    }

    /// The cells (empty or not) where a stone would give `stones` a whole
    /// line: for each place in a line, the lines whose other cells are all
    /// `stones`, from the ANDs of the shifted stones before and after it.
    #[inline]
    fn winning_cells(&self, stones: u64) -> u64 {
        let k = self.in_a_row;
        let mut found = 0;
        for &(step, starts) in &self.directions {
            let shifted: [u64; 6] = std::array::from_fn(|i| {
                if i < k {
                    stones >> (i as u32 * step)
                } else {
                    u64::MAX
                }
            });
            let mut after = [u64::MAX; 6];
            for i in (0..k - 1).rev() {
                after[i] = after[i + 1] & shifted[i + 1];
            }
            let mut before = starts;
            for (place, &rest) in after.iter().enumerate().take(k) {
                found |= (before & rest) << (place as u32 * step);
                before &= shifted[place];
            }
        }
        found
    }
}

/// A position as the solver walks it: the side to move's stones and its
/// opponent's, with what the ordering and the table keep in step.
#[derive(Clone, Copy)]
pub(super) struct Position {
    mine: u64,
    theirs: u64,
    side: Side,
    stones: i32,
    keys: SymmetricKeys,
    lines: LineCounts,
}

impl Position {
    pub(super) fn of(board: &Board) -> Position {
        let side = board.side_to_move();
        Position {
            mine: board.stones(side),
            theirs: board.stones(side.opponent()),
            side,
            stones: board.stone_count() as i32,
            keys: SymmetricKeys::of(board),
            lines: LineCounts::of(board),
        }
    }

    #[inline]
    fn playable(&self, geometry: &Geometry) -> u64 {
        geometry.playable(self.mine | self.theirs)
    }

    /// The position after the side to move plays `cell`.
    #[inline]
    fn after(&self, geometry: &Geometry, cell: usize) -> Position {
        let mut next = *self;
        next.keys.toggle(geometry, cell, self.side);
        next.lines.add(geometry, cell, self.side);
        next.mine = self.theirs;
        next.theirs = self.mine | 1 << cell;
        next.side = self.side.opponent();
        next.stones += 1;
        next
    }
}

pub(super) struct GenericSearch<'a> {
    geometry: &'static Geometry,
    threats: Threats,
    table: &'a mut TranspositionTable,
    pub ctx: SearchContext<'a>,
}

impl<'a> GenericSearch<'a> {
    pub(super) fn new(
        geometry: &'static Geometry,
        table: &'a mut TranspositionTable,
        ctx: SearchContext<'a>,
    ) -> GenericSearch<'a> {
        GenericSearch {
            geometry,
            threats: Threats::of(geometry),
            table,
            ctx,
        }
    }

    /// True if the side to move of `position` wins with its next stone.
    pub(super) fn wins_now(&self, position: &Position) -> bool {
        self.threats.winning_cells(position.mine) & position.playable(self.geometry) != 0
    }

    /// The moves that do not let the opponent win at once: where the
    /// opponent threatens to win, the one cell that stops it (two such
    /// cells: nothing helps); with gravity, never the cell below an
    /// opponent's threat.
    #[inline]
    fn safe_moves(&self, position: &Position) -> u64 {
        let geometry = self.geometry;
        let empty = geometry.full & !(position.mine | position.theirs);
        let mut moves = position.playable(geometry);
        let threats = self.threats.winning_cells(position.theirs) & empty;
        let forced = moves & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            moves = forced;
        }
        if geometry.shape.gravity() {
            moves &= !(threats << geometry.width);
        }
        moves
    }

    /// The value of `position` for its side to move, which cannot win at
    /// once, searched in the window `(alpha, beta)`: exact inside it, else
    /// a bound on the side it fell (fail-soft). Meaningless once aborted.
    pub(super) fn negamax(&mut self, position: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        if !self.ctx.enter() {
            return 0;
        }
        let cells = self.geometry.cells as i32;
        let stones = position.stones;
        let moves = self.safe_moves(position);
        if moves == 0 {
            // Whatever is played, the opponent wins next (or fills the
            // board: a draw, which the formula gives too).
            return -(cells - stones) / 2;
        }
        if stones >= cells - 2 {
            // A safe move, then the opponent's last: no line.
            return 0;
        }
        // The opponent cannot win with its next stone, nor the mover with
        // this one.
        let lowest = -(cells - 2 - stones) / 2;
        if lowest >= beta {
            return lowest;
        }
        alpha = alpha.max(lowest);
        let highest = (cells - 1 - stones) / 2;
        if highest <= alpha {
            return highest;
        }
        beta = beta.min(highest);
        let canonical = position.keys.canonical();
        self.ctx.stats.tt_probes += 1;
        let mut first = None;
        if let Some(entry) = self.table.probe(canonical.key) {
            self.ctx.stats.tt_hits += 1;
            match entry.bound {
                Bound::Exact => return entry.score,
                Bound::Lower => {
                    if entry.score >= beta {
                        return entry.score;
                    }
                    alpha = alpha.max(entry.score);
                }
                Bound::Upper => {
                    if entry.score <= alpha {
                        return entry.score;
                    }
                    beta = beta.min(entry.score);
                }
            }
            first = entry
                .best
                .map(|cell| canonical.from_canonical(self.geometry, cell))
                .filter(|&cell| moves & 1 << cell != 0);
        }
        let mut order = [0u8; MAX_CELLS];
        let count = ordered_moves(
            &mut order,
            self.geometry,
            moves,
            &position.lines,
            position.side,
        );
        if let Some(first) = first {
            let at = order[..count]
                .iter()
                .position(|&cell| usize::from(cell) == first)
                .unwrap_or(0);
            order[..=at].rotate_right(1);
        }
        let window_alpha = alpha;
        let mut best_value = i32::MIN;
        let mut best_cell = usize::from(order[0]);
        for &cell in &order[..count] {
            let cell = usize::from(cell);
            let child = position.after(self.geometry, cell);
            let value = -self.negamax(&child, -beta, -alpha);
            if self.ctx.aborted {
                return 0;
            }
            if value > best_value {
                best_value = value;
                best_cell = cell;
            }
            if value >= beta {
                self.ctx.stats.cutoffs += 1;
                break;
            }
            alpha = alpha.max(value);
        }
        let bound = if best_value >= beta {
            Bound::Lower
        } else if best_value <= window_alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.ctx.stats.tt_stores += 1;
        self.table.store(
            canonical.key,
            TtEntry {
                score: best_value,
                bound,
                depth: (cells - stones) as u32,
                best: Some(canonical.to_canonical(self.geometry, best_cell)),
            },
        );
        best_value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;

    #[test]
    fn winning_cells_are_the_cells_that_complete_a_line() {
        for shape in Shape::all() {
            let geometry = shape.geometry();
            let threats = Threats::of(geometry);
            let mut seed = 0x2545_F491_4F6C_DD1Du64 ^ geometry.cells as u64;
            for _ in 0..50 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let stones = (seed | seed.rotate_left(23)) & geometry.full;
                let expected = (0..geometry.cells)
                    .filter(|&cell| geometry.completes_line(cell, stones | 1 << cell))
                    .fold(0u64, |mask, cell| mask | 1 << cell);
                assert_eq!(threats.winning_cells(stones), expected, "{shape:?}");
            }
        }
    }
}
