//! How Monte Carlo tree search's estimates converge: each root move's
//! visits and mean result after every few playouts, beside the move's
//! exact value, for the chart of the estimates closing in on the truth.
//!
//! Means and exact values are on X's scale, from -1 (O wins) through 0
//! (a draw) to +1 (X wins), the exact value being the game's result under
//! perfect play after the move.

use std::time::Duration;

use tictactoe_engine::players::mcts::MctsSearch;
use tictactoe_engine::report::on_x_scale;
use tictactoe_engine::search::CancelFlag;

use crate::compare::exact_value;

/// The root moves' statistics after some playouts.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// Playouts run so far.
    pub playouts: u32,
    /// Each root move's visits, in cell order.
    pub visits: Vec<u32>,
    /// Each root move's mean result on X's scale (`None` before its first
    /// visit), in cell order.
    pub means: Vec<Option<f64>>,
}

impl Sample {
    /// The root moves' statistics in `search` now.
    pub fn of(search: &MctsSearch) -> Sample {
        let tree = search.tree();
        let mover = search.board().side_to_move();
        let children = tree[0].children();
        Sample {
            playouts: search.playouts(),
            visits: children.clone().map(|child| tree[child].visits).collect(),
            means: children
                .map(|child| {
                    let node = &tree[child];
                    (node.visits > 0).then(|| on_x_scale(mover, node.mean()))
                })
                .collect(),
        }
    }
}

/// Runs `search` on for `playouts` more, a sample after every `every`
/// playouts and one at the end (none twice): the samples, in order. Stops
/// early, with the samples so far and one where it stopped, once `cancel`
/// is set.
pub fn run_sampled(
    search: &mut MctsSearch,
    playouts: u32,
    every: u32,
    cancel: &CancelFlag,
) -> Vec<Sample> {
    let every = every.max(1);
    let mut samples = Vec::with_capacity((playouts / every) as usize + 1);
    let mut left = playouts;
    while left > 0 {
        let step = left.min(every);
        let finished = search.run(step, cancel);
        left -= step;
        samples.push(Sample::of(search));
        if !finished {
            break;
        }
    }
    samples
}

/// The root moves' cells of the position `search` searches, in the cell
/// order of the samples (before the first playout: none).
pub fn root_moves(search: &MctsSearch) -> Vec<usize> {
    search.board().legal_moves().collect()
}

/// Each root move's exact value on X's scale (+1, 0 or -1), in cell
/// order: the perfect table's on 3x3, a full `alphabeta-tt` search's of
/// the position after the move elsewhere (`None` where that did not
/// finish within `time_limit`).
pub fn exact_values(
    search: &MctsSearch,
    time_limit: Duration,
    cancel: &CancelFlag,
) -> Vec<Option<f64>> {
    let board = search.board();
    root_moves(search)
        .into_iter()
        .map(|cell| {
            let mut after = *board;
            after.toggle(cell, board.side_to_move());
            exact_value(&after, time_limit, cancel).map(|score| f64::from(score.signum()))
        })
        .collect()
}
