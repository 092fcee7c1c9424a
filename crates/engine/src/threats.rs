//! Threats and forks, read off the winning lines: a side threatens a cell
//! when its stone there would complete a line; a fork is a move after which
//! it threatens two cells at once, more than one stone can block.

use crate::board::{Board, Side};
use crate::geometry::bits;

/// The cells `side` may play now where its stone would complete one of
/// its lines (with gravity, a cell not yet reachable is no threat yet).
pub fn winning_cells(board: &Board, side: Side) -> u64 {
    let own = board.stones(side);
    let empty = board.moves();
    board.geometry().lines.iter().fold(0, |cells, &line| {
        let missing = line & !own;
        if missing.count_ones() == 1 && missing & empty != 0 {
            cells | missing
        } else {
            cells
        }
    })
}

/// A move that makes a fork: `cell` for `side`, after which it threatens
/// every cell of `threats` (two or more).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fork {
    pub cell: usize,
    pub threats: u64,
}

/// Every move of `side` that makes a fork without winning at once, in the
/// order of the cells.
pub fn forks(board: &Board, side: Side) -> impl Iterator<Item = Fork> + '_ {
    bits(board.moves()).filter_map(move |cell| {
        let mut after = *board;
        after.toggle(cell, side);
        let threats = winning_cells(&after, side);
        (!after.completes_line(cell, side) && threats.count_ones() >= 2)
            .then_some(Fork { cell, threats })
    })
}
