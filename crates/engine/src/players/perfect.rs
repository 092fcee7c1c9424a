use std::sync::LazyLock;
use std::time::{Duration, Instant};

use super::AlphaBetaTtPlayer;
use crate::board::{Board, Outcome, Side};
use crate::geometry::Shape;
use crate::geometry::bits;
use crate::player::Player;
use crate::player_kind::{PlayerKind, SearchSettings};
use crate::report::{Bound, Certainty, MoveScore};
use crate::report::{Note, SearchReport};
use crate::score::win_score;
use crate::search::CancelFlag;
use crate::search::game_over;

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
