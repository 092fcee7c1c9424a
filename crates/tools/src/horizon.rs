//! Finding the horizon's lessons: positions where the search to depth N
//! chooses another move than the search to depth N+1 (`engine::horizon`),
//! among positions given or drawn by random play from a seed.

use tictactoe_engine::board::Board;
use tictactoe_engine::evaluation::Evaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::horizon::{Horizon, horizon};
use tictactoe_engine::search::CancelFlag;

use crate::exercise::positions::drawn_position;

/// Stones on the drawn positions: from the opening's end to the middle
/// game, where a short search's horizon cuts through the threats.
const DRAWN_STONES: std::ops::RangeInclusive<u32> = 6..=17;

/// `count` positions drawn by random play on `shape` from `seed` (each
/// `drawn_position`, quiet: no side to move wins in one), with 6 to 17
/// stones as the board allows, the same for the same seed.
pub fn drawn_positions(shape: Shape, seed: u64, count: u32) -> Vec<Board> {
    let cells = shape.cells() as u32;
    let stones: Vec<u32> = DRAWN_STONES.filter(|&stones| stones + 2 < cells).collect();
    (0..u64::from(count))
        .map(|index| {
            let stones = stones.get(index as usize % stones.len().max(1)).copied();
            let empty = cells - stones.unwrap_or(cells / 2);
            drawn_position(shape, empty, seed.wrapping_add(index))
        })
        .collect()
}

/// The positions of `positions` where depth `depth` is misled, each with
/// both searches, in the order given; `None` when `cancel` stopped the
/// scan. A finished game is passed over.
pub fn find_misled(
    positions: impl IntoIterator<Item = Board>,
    evaluation: Evaluation,
    depth: u32,
    cancel: &CancelFlag,
) -> Option<Vec<(Board, Horizon)>> {
    let mut found = Vec::new();
    for board in positions {
        if cancel.is_cancelled() {
            return None;
        }
        if let Some(searched) = horizon(&board, evaluation, depth, cancel)
            && searched.misled()
        {
            found.push((board, searched));
        }
    }
    (!cancel.is_cancelled()).then_some(found)
}
