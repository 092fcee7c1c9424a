//! An evaluation against the truth: for each position, a static
//! evaluation's value beside the solver's exact score, and how well the
//! one orders the positions as the other does (Spearman's rank
//! correlation). Both are on the app's scale from X's point of view, as
//! every value the app shows (a positive value favours X).
//!
//! The positions come as the Connect Four test sets write them (`MOVES
//! [SCORE]`, the columns played and Pons' score for the side to move), or
//! from a game.

use std::io::{self, BufRead};
use std::time::{Duration, Instant};

use serde::Serialize;
use tictactoe_engine::board::{Board, BoardError, Outcome, Side};
use tictactoe_engine::evaluation::Evaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::move_values::move_values;
use tictactoe_engine::players::PerfectTable;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{Solver, Strength, score_for_x};

/// One test-set line read: the position and the score the line gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestLine {
    /// The columns played, 1 on the left, as the line gives them.
    pub moves: String,
    pub board: Board,
    /// Pons' score for the side to move, when the line gives one.
    pub score: Option<i32>,
}

/// Why a test-set line is refused; the words are the reader's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestLineError {
    /// The first word holds something other than digits.
    NotColumns(String),
    /// Move `index` (from 1) of `moves` cannot be played.
    IllegalMove {
        moves: String,
        index: usize,
        error: BoardError,
    },
    /// The game of `moves` is over: there is nothing to judge.
    GameOver(String),
    /// The score after `moves` is no whole number.
    BadScore { moves: String, score: String },
    /// A word after the score.
    Extra(String),
}

/// Reads one line (`MOVES [SCORE]`) on `shape`; `None` for a blank line.
pub fn read_test_line(shape: Shape, text: &str) -> Result<Option<TestLine>, TestLineError> {
    let mut words = text.split_whitespace();
    let Some(moves) = words.next() else {
        return Ok(None);
    };
    if !moves.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(TestLineError::NotColumns(moves.to_owned()));
    }
    let board =
        Board::from_columns(shape, moves).map_err(|(index, error)| TestLineError::IllegalMove {
            moves: moves.to_owned(),
            index,
            error,
        })?;
    if board.outcome() != Outcome::Ongoing {
        return Err(TestLineError::GameOver(moves.to_owned()));
    }
    let score = match words.next() {
        None => None,
        Some(score) => Some(score.parse::<i32>().map_err(|_| TestLineError::BadScore {
            moves: moves.to_owned(),
            score: score.to_owned(),
        })?),
    };
    if let Some(extra) = words.next() {
        return Err(TestLineError::Extra(extra.to_owned()));
    }
    Ok(Some(TestLine {
        moves: moves.to_owned(),
        board,
        score,
    }))
}

/// The most bytes of an input line that are read into memory: a position
/// has at most 25 cells and 4 slashes (or 36 columns and a score), the rest
/// is room for whitespace. A longer line is named as too long.
pub const MAX_LINE_BYTES: usize = 1024;

/// Reads one line of at most `MAX_LINE_BYTES` bytes into `line` (without
/// the newline; the rest of a longer line is read and dropped). Returns the
/// line's full length in bytes, or `None` at the end of the input.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<u64>> {
    line.clear();
    let mut length = 0u64;
    let mut any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok(any.then_some(length));
        }
        any = true;
        let (chunk, used, ended) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(end) => (&buffer[..end], end + 1, true),
            None => (buffer, buffer.len(), false),
        };
        let room = (MAX_LINE_BYTES + 1).saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length += chunk.len() as u64;
        input.consume(used);
        if ended {
            return Ok(Some(length));
        }
    }
}

/// Why a test set could not be read on; `E` is the line reader's refusal.
#[derive(Debug)]
pub enum TestSetError<E> {
    /// Reading failed after line `after` (0: before the first).
    Read { after: u64, error: io::Error },
    /// Line `number` (from 1) is refused.
    Line {
        number: u64,
        refusal: LineRefusal<E>,
    },
}

/// Why one line of a test set is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineRefusal<E> {
    /// Longer than `MAX_LINE_BYTES`: its length and its first bytes.
    TooLong { length: u64, start: Vec<u8> },
    /// Not UTF-8 text: its bytes.
    NotUtf8(Vec<u8>),
    /// The line reader's refusal.
    Refused(E),
}

/// A test set read line by line, from a file or standard input: each line
/// that is not blank, with its number.
pub struct TestSetLines<R> {
    input: R,
    line: Vec<u8>,
    /// The lines read so far, blank ones too.
    number: u64,
}

impl<R: BufRead> TestSetLines<R> {
    pub fn new(input: R) -> Self {
        TestSetLines {
            input,
            line: Vec::new(),
            number: 0,
        }
    }

    /// The next test-set line (`MOVES [SCORE]`) on `shape` and its number
    /// (from 1); `None` at the input's end.
    pub fn next_test_line(
        &mut self,
        shape: Shape,
    ) -> Result<Option<(u64, TestLine)>, TestSetError<TestLineError>> {
        self.next_read(|text| read_test_line(shape, text))
    }

    /// The next line `read` takes and its number (from 1), passing over the
    /// lines it finds blank (`Ok(None)`); `None` at the input's end.
    pub fn next_read<T, E>(
        &mut self,
        mut read: impl FnMut(&str) -> Result<Option<T>, E>,
    ) -> Result<Option<(u64, T)>, TestSetError<E>> {
        loop {
            let length = match read_line(&mut self.input, &mut self.line) {
                Ok(Some(length)) => length,
                Ok(None) => return Ok(None),
                Err(error) => {
                    return Err(TestSetError::Read {
                        after: self.number,
                        error,
                    });
                }
            };
            self.number += 1;
            let refusal = if length > MAX_LINE_BYTES as u64 {
                LineRefusal::TooLong {
                    length,
                    start: self.line.clone(),
                }
            } else {
                match std::str::from_utf8(&self.line) {
                    Err(_) => LineRefusal::NotUtf8(self.line.clone()),
                    Ok(text) => match read(text) {
                        Ok(Some(taken)) => return Ok(Some((self.number, taken))),
                        Ok(None) => continue,
                        Err(error) => LineRefusal::Refused(error),
                    },
                }
            };
            return Err(TestSetError::Line {
                number: self.number,
                refusal,
            });
        }
    }
}

/// A position and its exact score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TruePosition {
    /// How the position is named to a person: a line's columns played.
    pub label: String,
    pub board: Board,
    /// The exact score on the app's scale, from X's point of view.
    pub score: i32,
}

/// `line`'s position with its exact score: the line's own when it gives
/// one, else the solver's (`None` once `cancel` is set).
pub fn true_position(
    solver: &mut Solver,
    line: TestLine,
    cancel: &CancelFlag,
) -> Option<TruePosition> {
    let score = match line.score {
        Some(for_mover) => score_for_x(&line.board, for_mover),
        None => exact_score(solver, &line.board, cancel)?,
    };
    Some(TruePosition {
        label: line.moves,
        board: line.board,
        score,
    })
}

/// The solver's exact score of `board` on the app's scale, from X's point
/// of view; `None` once `cancel` is set.
pub fn exact_score(solver: &mut Solver, board: &Board, cancel: &CancelFlag) -> Option<i32> {
    solver
        .solve(board, Strength::Strong, cancel)
        .and_then(|solution| solution.score())
}

/// Each legal move of `board` with its exact value on X's scale (the
/// value of the position after the move): the perfect table's on 3x3; on
/// a board with gravity the opening book's, else the solver's within
/// `time_limit` (shared between the moves, as the perfect player shares
/// it); `None` where it was not found in that time or `cancel` was set,
/// and on the other boards, where no exact value comes in reasonable time.
pub fn exact_move_values(
    solver: &mut Solver,
    board: &Board,
    time_limit: Duration,
    cancel: &CancelFlag,
) -> Vec<(usize, Option<i32>)> {
    let side = board.side_to_move();
    if board.shape().gravity() {
        return move_values(solver, board, cancel, Some(Instant::now() + time_limit)).moves;
    }
    let table = PerfectTable::global();
    board
        .legal_moves()
        .map(|cell| {
            let mut after = *board;
            after.toggle(cell, side);
            (cell, table.value(&after))
        })
        .collect()
}

/// One position as a point of the chart: the evaluation's value (x)
/// against the exact score (y).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Point {
    pub position: String,
    /// The evaluation's static value, from X's point of view.
    pub value: i32,
    /// The solver's exact score, from X's point of view.
    pub score: i32,
}

/// One evaluation against the truth.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EvaluationTruth {
    /// The evaluation's name (or its weights file's).
    pub evaluation: String,
    /// Spearman's rank correlation of the values with the scores, -1 to 1;
    /// `None` when either side has fewer than two different numbers.
    pub correlation: Option<f64>,
    pub points: Vec<Point>,
}

/// Each of `evaluations` (by name) on `positions`.
pub fn against_truth(
    positions: &[TruePosition],
    evaluations: &[(String, Evaluation)],
) -> Vec<EvaluationTruth> {
    evaluations
        .iter()
        .map(|(name, evaluation)| {
            let points: Vec<Point> = positions
                .iter()
                .map(|position| Point {
                    position: position.label.clone(),
                    value: evaluation.value_of(&position.board, Side::Max),
                    score: position.score,
                })
                .collect();
            let values: Vec<f64> = points.iter().map(|point| f64::from(point.value)).collect();
            let scores: Vec<f64> = points.iter().map(|point| f64::from(point.score)).collect();
            EvaluationTruth {
                evaluation: name.clone(),
                correlation: spearman(&values, &scores),
                points,
            }
        })
        .collect()
}

/// Spearman's rank correlation of `xs` with `ys` (paired, as many of
/// each): the Pearson correlation of their ranks, tied numbers sharing
/// the mean of the ranks they span. `None` when either side has fewer than
/// two different numbers (no order to compare).
pub fn spearman(xs: &[f64], ys: &[f64]) -> Option<f64> {
    assert_eq!(xs.len(), ys.len(), "paired numbers");
    pearson(&mean_ranks(xs), &mean_ranks(ys))
}

/// The rank of each number from 1 (the smallest), ties the mean of theirs.
pub fn mean_ranks(numbers: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..numbers.len()).collect();
    order.sort_by(|&a, &b| numbers[a].total_cmp(&numbers[b]));
    let mut ranks = vec![0.0; numbers.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && numbers[order[end]] == numbers[order[start]] {
            end += 1;
        }
        // Ranks start + 1 ..= end, their mean:
        let shared = (start + 1 + end) as f64 / 2.0;
        for &index in &order[start..end] {
            ranks[index] = shared;
        }
        start = end;
    }
    ranks
}

fn pearson(xs: &[f64], ys: &[f64]) -> Option<f64> {
    let count = xs.len() as f64;
    let mean_x = xs.iter().sum::<f64>() / count;
    let mean_y = ys.iter().sum::<f64>() / count;
    let (mut covariance, mut spread_x, mut spread_y) = (0.0, 0.0, 0.0);
    for (x, y) in xs.iter().zip(ys) {
        covariance += (x - mean_x) * (y - mean_y);
        spread_x += (x - mean_x) * (x - mean_x);
        spread_y += (y - mean_y) * (y - mean_y);
    }
    if spread_x == 0.0 || spread_y == 0.0 {
        return None;
    }
    Some((covariance / (spread_x * spread_y).sqrt()).clamp(-1.0, 1.0))
}
