//! An evaluation against the truth: for each position, a static
//! evaluation's value beside the solver's exact score, and how well the
//! one orders the positions as the other does (Spearman's rank
//! correlation). Both are on the app's scale from X's point of view, as
//! every value the app shows (a positive value favours X).
//!
//! The positions come as the Connect Four test sets write them (`MOVES
//! [SCORE]`, the columns played and Pons' score for the side to move), or
//! from a game.

use serde::Serialize;
use tictactoe_engine::board::{Board, BoardError, Outcome, Side};
use tictactoe_engine::evaluation::Evaluation;
use tictactoe_engine::geometry::Shape;
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
