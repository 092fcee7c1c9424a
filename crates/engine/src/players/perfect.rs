use std::time::{Duration, Instant};

use super::{AlphaBetaTtPlayer, PerfectTable};
use crate::board::Board;
use crate::geometry::Shape;
use crate::geometry::bits;
use crate::player::Player;
use crate::player_kind::{PlayerKind, SearchSettings};
use crate::report::{Bound, Certainty, MoveScore};
use crate::report::{Note, SearchReport};
use crate::search::CancelFlag;
use crate::search::game_over;

/// Looks every 3x3 position up in the `PerfectTable`. The big boards have
/// no table; there it searches with alpha-beta and the transposition table,
/// and says so in its report.
pub struct PerfectPlayer {
    fallback: AlphaBetaTtPlayer,
}

impl PerfectPlayer {
    pub fn new(time_limit: Option<Duration>) -> PerfectPlayer {
        PerfectPlayer {
            fallback: AlphaBetaTtPlayer::new(None, time_limit, SearchSettings::default()),
        }
    }
}

impl Player for PerfectPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Perfect
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
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
