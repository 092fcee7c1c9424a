//! The solved game of 3x3: every reachable position's value and best
//! moves, built once by a full search. Its own module, so that the players
//! that read it (perfect, and the best-first move order of the table
//! searches) depend on it and not on each other.

use std::sync::LazyLock;

use crate::board::{Board, Outcome, Side};
use crate::geometry::{Shape, bits};
use crate::score::win_score;

const UNREACHED: i16 = i16::MIN;

/// The value and best moves of every position reachable on 3x3, indexed by
/// the two bitboards (X in the low 9 bits, O in the next 9).
pub struct PerfectTable {
    values: Vec<i16>,
    best_moves: Vec<u16>,
    positions: usize,
}

static TABLE: LazyLock<PerfectTable> = LazyLock::new(PerfectTable::build);

impl PerfectTable {
    /// The shared table, built on first use.
    pub fn global() -> &'static PerfectTable {
        &TABLE
    }

    /// Solves every position reachable from the empty 3x3 board.
    pub fn build() -> PerfectTable {
        let mut table = PerfectTable {
            values: vec![UNREACHED; 1 << 18],
            best_moves: vec![0; 1 << 18],
            positions: 0,
        };
        table.solve(&mut Board::new(Shape::TIC_TAC_TOE));
        table
    }

    fn index(board: &Board) -> usize {
        board.stones(Side::Max) as usize | (board.stones(Side::Min) as usize) << 9
    }

    /// The value of the position (Max's view), memoised.
    fn solve(&mut self, board: &mut Board) -> i16 {
        let index = PerfectTable::index(board);
        if self.values[index] != UNREACHED {
            return self.values[index];
        }
        let value = match board.outcome() {
            Outcome::Won(winner, _) => win_score(winner, board.stone_count()) as i16,
            Outcome::Draw => 0,
            Outcome::Ongoing => {
                let side = board.side_to_move();
                let mut best_value = i16::MIN;
                let mut best_moves = 0u16;
                for cell in bits(board.moves()) {
                    board.toggle(cell, side);
                    let value = side.sign() as i16 * self.solve(board);
                    board.toggle(cell, side);
                    if value > best_value {
                        best_value = value;
                        best_moves = 0;
                    }
                    if value == best_value {
                        best_moves |= 1 << cell;
                    }
                }
                self.best_moves[index] = best_moves;
                side.sign() as i16 * best_value
            }
        };
        self.values[index] = value;
        self.positions += 1;
        value
    }

    /// How many positions the table holds.
    pub fn positions(&self) -> usize {
        self.positions
    }

    /// The position's value from Max's view, if it is a reachable 3x3 position.
    pub fn value(&self, board: &Board) -> Option<i32> {
        if board.shape() != Shape::TIC_TAC_TOE {
            return None;
        }
        let value = self.values[PerfectTable::index(board)];
        (value != UNREACHED).then_some(value as i32)
    }

    /// All best moves of a game in progress, as a cell mask.
    pub fn best_moves(&self, board: &Board) -> u64 {
        if board.shape() != Shape::TIC_TAC_TOE {
            return 0;
        }
        u64::from(self.best_moves[PerfectTable::index(board)])
    }
}
