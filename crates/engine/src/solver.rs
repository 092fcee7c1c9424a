//! The exact value of a position on any board: a solver, not a player. It
//! searches to the end of the game with negamax and alpha-beta, closing in
//! on the value with null-window searches (a binary search over the
//! possible scores), a transposition table of a fixed size keyed by the
//! position's symmetric keys (a position and its mirror image share an
//! entry), and never a move that lets the opponent win at once.
//!
//! Scores are kept on the scale of Pascal Pons' Connect Four test sets, for
//! the side to move: a win scores `(cells + 1 - moves played before the
//! winning move) / 2` rounded down (on 7x6, 22 minus the winner's stones),
//! a loss the negative of the opponent's win, a draw 0. The scale is tight
//! (every value a few stones apart), so the binary search needs few passes;
//! [`Solution::score`] turns it into the app's scale.

use std::time::Instant;

use super::board::{Board, Outcome, Side};
use super::evaluation::{LineCounts, ordered_moves};
use super::geometry::{Geometry, MAX_CELLS};
use super::report::{Bound, SearchStats};
use super::score::win_score;
use super::search::{CancelFlag, SearchContext};
use super::symmetry::SymmetricKeys;
use super::tt::{TranspositionTable, TtEntry};

/// The table a solver gets when nothing else is said: 64 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// How much of the value to prove.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strength {
    /// The exact score: who wins, and how soon.
    #[default]
    Strong,
    /// Only who wins, or a draw (a narrower window: faster).
    Weak,
}

/// A solved position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution {
    /// On Pons' scale for the side to move (see the module); a weak
    /// solution is only its sign: -1, 0 or 1.
    pub for_mover: i32,
    pub strength: Strength,
    /// The side to move.
    pub side: Side,
    /// Stones on the board.
    pub stones: u32,
    cells: u32,
    pub stats: SearchStats,
    pub elapsed_us: u64,
}

impl Solution {
    /// The winner with best play, or `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        match self.for_mover.signum() {
            1 => Some(self.side),
            -1 => Some(self.side.opponent()),
            _ => None,
        }
    }

    /// Stones on the board when the game ends with best play (a draw: the
    /// board full); `None` for a weak solution's win or loss.
    pub fn final_stones(&self) -> Option<u32> {
        let Some(winner) = self.winner() else {
            return Some(self.cells);
        };
        if self.strength == Strength::Weak {
            return None;
        }
        // `for_mover.abs() = (cells + 2 - final) / 2` rounded down: two
        // counts fit, and the winner's stone count's parity picks one.
        let high = self.cells + 2 - 2 * self.for_mover.unsigned_abs();
        // The mover places the stones that leave an odd count more.
        let winner_places = |stones: u32| {
            if (stones + self.stones) % 2 == 1 {
                self.side
            } else {
                self.side.opponent()
            }
        };
        [high, high - 1]
            .into_iter()
            .find(|&stones| winner_places(stones) == winner)
    }

    /// The value on the app's scale, from X's (Max's) point of view: a win
    /// is worth `WIN - stones when it ends` (`score::win_score`), a draw 0;
    /// `None` for a weak solution's win or loss.
    pub fn score(&self) -> Option<i32> {
        match self.winner() {
            None => Some(0),
            Some(winner) => self.final_stones().map(|stones| win_score(winner, stones)),
        }
    }
}

/// The solver: its table, kept between positions (each solve starts a
/// new generation of it, so no position's answer depends on the ones
/// before).
pub struct Solver {
    table: TranspositionTable,
}

impl Solver {
    /// A solver whose table takes at most `table_bytes`.
    pub fn with_table_bytes(table_bytes: usize) -> Solver {
        Solver {
            table: TranspositionTable::with_max_bytes(table_bytes),
        }
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.memory_bytes()
    }

    /// The value of `board`, or `None` if `cancel` was set first. A
    /// finished game has its result as its value.
    pub fn solve(
        &mut self,
        board: &Board,
        strength: Strength,
        cancel: &CancelFlag,
    ) -> Option<Solution> {
        self.solve_with_progress(board, strength, cancel, |_, _, _| {})
    }

    /// `solve`, telling `progress` after each null-window pass the range
    /// the value is known to lie in (for the mover, Pons' scale) and the
    /// nodes so far.
    pub fn solve_with_progress(
        &mut self,
        board: &Board,
        strength: Strength,
        cancel: &CancelFlag,
        progress: impl FnMut(i32, i32, u64),
    ) -> Option<Solution> {
        self.solve_by(board, strength, cancel, None, progress)
    }

    /// `solve`, given up (`None`) at `deadline`: a judge that may spend a
    /// limited time on each position.
    pub fn solve_before(
        &mut self,
        board: &Board,
        strength: Strength,
        cancel: &CancelFlag,
        deadline: Instant,
    ) -> Option<Solution> {
        self.solve_by(board, strength, cancel, Some(deadline), |_, _, _| {})
    }

    fn solve_by(
        &mut self,
        board: &Board,
        strength: Strength,
        cancel: &CancelFlag,
        deadline: Option<Instant>,
        mut progress: impl FnMut(i32, i32, u64),
    ) -> Option<Solution> {
        let started = Instant::now();
        self.table.new_search();
        let geometry = board.geometry();
        let cells = geometry.cells as i32;
        let stones = board.stone_count() as i32;
        let side = board.side_to_move();
        let mut search = Search {
            geometry,
            threats: Threats::of(geometry),
            table: &mut self.table,
            ctx: SearchContext::new(cancel, deadline),
        };
        let for_mover = match board.outcome() {
            // The side that just moved completed a line.
            Outcome::Won(..) => -(cells + 2 - stones) / 2,
            Outcome::Draw => 0,
            Outcome::Ongoing => {
                let root = Position::of(board);
                if search.threats.winning_cells(root.mine) & root.playable(geometry) != 0 {
                    (cells + 1 - stones) / 2
                } else {
                    let (mut low, mut high) = match strength {
                        Strength::Strong => (-(cells - stones) / 2, (cells + 1 - stones) / 2),
                        Strength::Weak => (-1, 1),
                    };
                    while low < high {
                        // Halfway, but nearer 0 first: small values are
                        // the common ones and their searches the cheapest.
                        let mut middle = low + (high - low) / 2;
                        if middle <= 0 && low / 2 < middle {
                            middle = low / 2;
                        } else if middle >= 0 && high / 2 > middle {
                            middle = high / 2;
                        }
                        let value = search.negamax(&root, middle, middle + 1);
                        if search.ctx.aborted {
                            return None;
                        }
                        if value <= middle {
                            high = value.max(low);
                        } else {
                            low = value.min(high);
                        }
                        progress(low, high, search.ctx.stats.nodes);
                    }
                    low
                }
            }
        };
        let for_mover = match strength {
            Strength::Strong => for_mover,
            Strength::Weak => for_mover.signum(),
        };
        Some(Solution {
            for_mover,
            strength,
            side,
            stones: stones as u32,
            cells: cells as u32,
            stats: search.ctx.stats,
            elapsed_us: started.elapsed().as_micros() as u64,
        })
    }
}

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
struct Position {
    mine: u64,
    theirs: u64,
    side: Side,
    stones: i32,
    keys: SymmetricKeys,
    lines: LineCounts,
}

impl Position {
    fn of(board: &Board) -> Position {
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

struct Search<'a> {
    geometry: &'static Geometry,
    threats: Threats,
    table: &'a mut TranspositionTable,
    ctx: SearchContext<'a>,
}

impl Search<'_> {
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
    fn negamax(&mut self, position: &Position, mut alpha: i32, mut beta: i32) -> i32 {
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
