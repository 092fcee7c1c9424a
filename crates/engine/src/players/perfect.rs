use std::time::{Duration, Instant};

use super::{AlphaBetaTtPlayer, PerfectTable};
use crate::board::Board;
use crate::geometry::Shape;
use crate::geometry::bits;
use crate::move_values::move_values;
use crate::player::Player;
use crate::player_kind::{PlayerKind, SearchSettings};
use crate::report::{Bound, Certainty, MoveScore};
use crate::report::{Note, SearchReport};
use crate::search::CancelFlag;
use crate::search::game_over;
use crate::solver::{DEFAULT_TABLE_BYTES, Solver};

/// Looks every 3x3 position up in the `PerfectTable`. On a board with
/// gravity it is the solver (after the opening book): each move's exact
/// value, where the solver finishes within half the time limit; the moves
/// it was stopped on get alpha-beta's estimates in the other half, and
/// the report says so. The other big boards have no table; there it
/// searches with alpha-beta and the transposition table, and says so.
pub struct PerfectPlayer {
    fallback: AlphaBetaTtPlayer,
    time_limit: Option<Duration>,
    /// Made at the first position with gravity.
    solver: Option<Solver>,
}

impl PerfectPlayer {
    pub fn new(time_limit: Option<Duration>) -> PerfectPlayer {
        PerfectPlayer {
            fallback: AlphaBetaTtPlayer::new(None, time_limit, SearchSettings::default()),
            time_limit,
            solver: None,
        }
    }

    /// The move with the best value, each from the book or the solver,
    /// or alpha-beta's estimate where the solver was stopped.
    fn solve(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        let started = Instant::now();
        let mut report = SearchReport::new(self.kind(), board);
        if game_over(&mut report, board) {
            report.finish(started);
            return report;
        }
        let solver = self
            .solver
            .get_or_insert_with(|| Solver::with_table_bytes(DEFAULT_TABLE_BYTES));
        let deadline = self.time_limit.map(|limit| started + limit / 2);
        let values = move_values(solver, board, cancel, deadline);
        let stopped = values.stopped();
        let estimates = (stopped > 0 && !cancel.is_cancelled()).then(|| {
            let left = self
                .time_limit
                .map(|limit| limit.saturating_sub(started.elapsed()));
            AlphaBetaTtPlayer::new(None, left, SearchSettings::default()).choose_move(board, cancel)
        });
        report.moves = values
            .moves
            .iter()
            .filter_map(|&(cell, value)| match value {
                Some(value) => Some(MoveScore::scored(cell, value, Bound::Exact)),
                None => estimates
                    .as_ref()?
                    .moves
                    .iter()
                    .find(|estimate| estimate.cell == cell)
                    .cloned(),
            })
            .collect();
        let side = board.side_to_move();
        let width = board.shape().width() as i32;
        let off_centre = |cell: usize| (2 * (cell as i32 % width) - (width - 1)).abs();
        // Of equal values the proven one, then the one nearest the centre.
        let best = report
            .moves
            .iter()
            .filter_map(|m| Some((m, m.score?)))
            .max_by_key(|&(m, score)| {
                (
                    side.sign() * score,
                    m.certainty == Certainty::Exact,
                    -off_centre(m.cell),
                )
            });
        report.best = best.map(|(m, _)| m.cell);
        report.score = best.map(|(_, score)| score);
        report.pv = report.best.into_iter().collect();
        let all_exact = stopped == 0 && report.moves.len() == values.moves.len();
        report.certainty = report.score.map(|_| {
            if all_exact {
                Certainty::Exact
            } else {
                Certainty::Estimate
            }
        });
        report.stats = values.stats;
        report.depth = if all_exact { report.empty } else { 0 };
        if let Some(estimates) = &estimates {
            report.stats.nodes += estimates.stats.nodes;
            report.depth = estimates.depth;
        }
        report.note = Some(Note::Solved {
            from_book: values.from_book,
            stopped: stopped as u32,
        });
        report.aborted = cancel.is_cancelled() || report.best.is_none();
        report.finish(started);
        report
    }
}

impl Player for PerfectPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Perfect
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        if board.shape().gravity() {
            return self.solve(board, cancel);
        }
        if board.shape() != Shape::TIC_TAC_TOE {
            let mut report = self.fallback.choose_move(board, cancel);
            report.player = self.kind();
            report.note = Some(Note::NoTable {
                size: board.shape(),
                search: report.note.take().map(Box::new),
            });
            return report;
        }
        let started = Instant::now();
        let table = PerfectTable::global();
        let mut report = SearchReport::new(self.kind(), board);
        if game_over(&mut report, board) {
            report.finish(started);
            return report;
        }
        let side = board.side_to_move();
        let mut child = *board;
        report.moves = bits(board.moves())
            .filter_map(|cell| {
                child.toggle(cell, side);
                let value = table.value(&child);
                child.toggle(cell, side);
                value.map(|value| MoveScore::scored(cell, value, Bound::Exact))
            })
            .collect();
        report.score = table.value(board);
        // Every value in the table is the solved game's.
        report.certainty = report.score.map(|_| Certainty::Exact);
        report.best = bits(table.best_moves(board)).next();
        let mut line = *board;
        report.pv.reserve(board.empty().count_ones() as usize);
        while let Some(cell) = bits(table.best_moves(&line)).next() {
            report.pv.push(cell);
            line.toggle(cell, line.side_to_move());
        }
        report.note = Some(Note::TableLookup {
            positions: table.positions() as u64,
        });
        report.finish(started);
        report
    }
}
