//! How Monte Carlo tree search's estimates converge: each root move's
//! visits and mean result after every few playouts, beside the move's
//! exact value, for the chart of the estimates closing in on the truth.
//!
//! Means and exact values are on X's scale, from -1 (O wins) through 0
//! (a draw) to +1 (X wins), the exact value being the game's result under
//! perfect play after the move.

use std::time::Duration;

use tictactoe_engine::board::Board;
use tictactoe_engine::growing::GrowingSearch;
use tictactoe_engine::search::CancelFlag;

use crate::compare::exact_value;

/// The root moves' statistics after some playouts.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// Playouts (or simulations) run so far.
    pub playouts: u32,
    /// Each root move's visits, in cell order.
    pub visits: Vec<u32>,
    /// Each root move's mean result on X's scale (`None` before its first
    /// visit), in cell order.
    pub means: Vec<Option<f64>>,
}

impl Sample {
    /// The root moves' statistics in `search` now.
    pub fn of(search: &dyn GrowingSearch) -> Sample {
        let children = search.choice(0).map(|choice| choice.children);
        let moves = root_moves(search.board()).len();
        Sample {
            playouts: search.steps(),
            visits: children.as_ref().map_or_else(
                || vec![0; moves],
                |children| children.iter().map(|child| child.visits).collect(),
            ),
            means: children.map_or_else(
                || vec![None; moves],
                |children| children.iter().map(|child| child.mean).collect(),
            ),
        }
    }
}

/// Runs `search` on for `playouts` more, a sample after every `every`
/// playouts and one at the end (none twice): the samples, in order. Stops
/// early, with the samples so far and one where it stopped, once `cancel`
/// is set.
pub fn run_sampled(
    search: &mut dyn GrowingSearch,
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

/// The root moves' cells of `board`, in the cell order of the samples.
pub fn root_moves(board: &Board) -> Vec<usize> {
    board.legal_moves().collect()
}

/// Each root move's exact value on X's scale (+1, 0 or -1), in cell
/// order, of the position after the move as `compare::exact_value` knows
/// it: the perfect table's on 3x3; on a board with gravity the opening
/// book's or the solver's (a mid-game Connect Four position's seven
/// columns in well under a second); elsewhere a full `alphabeta-tt`
/// search's (`None` where that did not finish within `time_limit`).
pub fn exact_values(board: &Board, time_limit: Duration, cancel: &CancelFlag) -> Vec<Option<f64>> {
    root_moves(board)
        .into_iter()
        .map(|cell| {
            let mut after = *board;
            after.toggle(cell, board.side_to_move());
            exact_value(&after, time_limit, cancel).map(|score| f64::from(score.signum()))
        })
        .collect()
}

/// The most samples a `SampleHistory` keeps.
pub const MAX_SAMPLES: usize = 256;

/// The samples a chart keeps of a run of any length: one every `every`
/// steps, `every` doubling (and every other sample going) whenever more
/// than `MAX_SAMPLES` would be kept, so that memory stays the same
/// however long the run.
#[derive(Debug, Clone, PartialEq)]
pub struct SampleHistory {
    every: u32,
    samples: Vec<Sample>,
}

impl Default for SampleHistory {
    fn default() -> SampleHistory {
        SampleHistory {
            every: 1,
            samples: Vec::new(),
        }
    }
}

impl SampleHistory {
    /// The spacing of the samples kept, in steps.
    pub fn every(&self) -> u32 {
        self.every
    }

    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }

    /// Keeps `sample` if it falls on the spacing and after the last one.
    pub fn push(&mut self, sample: Sample) {
        let after_last = self
            .samples
            .last()
            .is_none_or(|last| sample.playouts > last.playouts);
        if !after_last || !sample.playouts.is_multiple_of(self.every) {
            return;
        }
        self.samples.push(sample);
        if self.samples.len() > MAX_SAMPLES {
            self.every *= 2;
            let every = self.every;
            self.samples
                .retain(|sample| sample.playouts.is_multiple_of(every));
        }
    }

    /// Forgets the samples after `steps` steps (going back).
    pub fn truncate(&mut self, steps: u32) {
        self.samples.retain(|sample| sample.playouts <= steps);
    }
}
