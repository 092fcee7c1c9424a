//! Each move's exact value on a board with gravity, as the perfect judge
//! gives it: the opening book's where it holds the position, else the
//! solver's for the position after each move, the time left shared between
//! the moves still to solve.

use std::time::Instant;

use crate::board::Board;
use crate::opening_book::OpeningBook;
use crate::report::SearchStats;
use crate::search::CancelFlag;
use crate::solver::{Solver, Strength};

/// What the judge found out about each move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveValues {
    /// Each legal move's cell and its exact value on X's scale, `None`
    /// where the solver was stopped first.
    pub moves: Vec<(usize, Option<i32>)>,
    /// The values come from the opening book.
    pub from_book: bool,
    /// The solver's counters, summed over the moves.
    pub stats: SearchStats,
}

impl MoveValues {
    /// How many moves the solver was stopped on.
    pub fn stopped(&self) -> usize {
        self.moves
            .iter()
            .filter(|(_, value)| value.is_none())
            .count()
    }
}

/// The value of each of `board`'s legal moves: from the book, or solved
/// until `deadline` (each move gets an equal share of the time left when
/// its solve starts; no deadline: to the end) or until `cancel` is set.
pub fn move_values(
    solver: &mut Solver,
    board: &Board,
    cancel: &CancelFlag,
    deadline: Option<Instant>,
) -> MoveValues {
    if let Some(moves) = OpeningBook::lookup(board) {
        return MoveValues {
            moves: moves
                .into_iter()
                .map(|(cell, value)| (cell, Some(value)))
                .collect(),
            from_book: true,
            stats: SearchStats::default(),
        };
    }
    let side = board.side_to_move();
    let cells: Vec<usize> = board.legal_moves().collect();
    let mut stats = SearchStats::default();
    let mut moves = Vec::with_capacity(cells.len());
    for (index, &cell) in cells.iter().enumerate() {
        let mut after = *board;
        after.toggle(cell, side);
        let solved = match deadline {
            None => solver.solve(&after, Strength::Strong, cancel),
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now());
                let share = left / (cells.len() - index) as u32;
                solver.solve_before(&after, Strength::Strong, cancel, Instant::now() + share)
            }
        };
        if let Some(solved) = &solved {
            stats.nodes += solved.stats.nodes;
            stats.leaf_evals += solved.stats.leaf_evals;
            stats.cutoffs += solved.stats.cutoffs;
            stats.tt_probes += solved.stats.tt_probes;
            stats.tt_hits += solved.stats.tt_hits;
            stats.tt_stores += solved.stats.tt_stores;
        }
        moves.push((cell, solved.and_then(|solved| solved.score())));
    }
    MoveValues {
        moves,
        from_book: false,
        stats,
    }
}
