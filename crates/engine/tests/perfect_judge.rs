//! The perfect player on boards with gravity is the solver: each move's
//! exact value (the opening book's on the first plies), the move it plays
//! keeps the position's value, and where the solver was stopped its
//! report says the values are estimates.

use std::time::Duration;

use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::opening_book::OpeningBook;
use tictactoe_engine::player::Player;
use tictactoe_engine::players::PerfectPlayer;
use tictactoe_engine::report::{Certainty, Note, SearchReport};
use tictactoe_engine::score::win_score;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{Solver, Strength};

/// The first 20 positions of the End-Easy test set.
const END_EASY: &str = include_str!("data/end-easy-20");

fn solved_score(solver: &mut Solver, board: &Board) -> i32 {
    solver
        .solve(board, Strength::Strong, &CancelFlag::new())
        .and_then(|solution| solution.score())
        .expect("solved")
}

fn choose(board: &Board, time_limit: Duration) -> SearchReport {
    PerfectPlayer::new(Some(time_limit)).choose_move(board, &CancelFlag::new())
}

#[test]
fn on_end_easy_positions_every_move_is_solved_and_the_best_keeps_the_value() {
    let mut solver = Solver::with_table_bytes(16 << 20);
    for line in END_EASY.lines() {
        let moves = line.split_whitespace().next().unwrap();
        let board = Board::from_columns(Shape::CONNECT_FOUR, moves).unwrap();
        let report = choose(&board, Duration::from_secs(20));
        assert_eq!(
            report.note,
            Some(Note::Solved {
                from_book: false,
                stopped: 0
            }),
            "{line}"
        );
        assert_eq!(report.moves.len(), board.legal_moves().count(), "{line}");
        for m in &report.moves {
            let mut after = board;
            after.play(m.cell).unwrap();
            assert_eq!(m.score, Some(solved_score(&mut solver, &after)), "{line}");
            assert_eq!(m.certainty, Certainty::Exact, "{line}");
        }
        let value = solved_score(&mut solver, &board);
        assert_eq!(report.score, Some(value), "{line}");
        assert_eq!(report.certainty, Some(Certainty::Exact), "{line}");
        let mut after = board;
        after.play(report.best.unwrap()).unwrap();
        assert_eq!(solved_score(&mut solver, &after), value, "{line}");
    }
}

#[test]
fn where_the_solver_is_stopped_the_values_are_estimates_and_said_so() {
    // No move after Connect Four's first stone is solved in 200 ms (the
    // empty board is in the opening book).
    let board = Board::from_columns(Shape::CONNECT_FOUR, "4").unwrap();
    let report = choose(&board, Duration::from_millis(200));
    assert_eq!(
        report.note,
        Some(Note::Solved {
            from_book: false,
            stopped: 7
        })
    );
    assert!(!report.aborted);
    assert!(report.best.is_some());
    assert_eq!(report.certainty, Some(Certainty::Estimate));
    assert_eq!(report.moves.len(), 7);
    assert!(
        report
            .moves
            .iter()
            .all(|m| m.certainty == Certainty::Estimate)
    );
}

#[test]
fn the_opening_book_answers_the_first_plies_at_once() {
    let shape = Shape::new(7, 4, 4, true).unwrap();
    let mut solver = Solver::with_table_bytes(16 << 20);
    for moves in ["", "4", "44"] {
        let board = Board::from_columns(shape, moves).unwrap();
        // Far too little time to solve any move of these.
        let report = choose(&board, Duration::from_millis(1));
        assert_eq!(
            report.note,
            Some(Note::Solved {
                from_book: true,
                stopped: 0
            }),
            "{moves}"
        );
        assert!(
            report.moves.iter().all(|m| m.certainty == Certainty::Exact),
            "{moves}"
        );
        assert_eq!(report.moves.len(), 7);
        // The empty 7x4 board is a draw.
        if moves.is_empty() {
            assert_eq!(report.score, Some(0));
        } else {
            assert_eq!(report.score, Some(solved_score(&mut solver, &board)));
        }
    }
}

/// The book's deepest entries (the quickest to solve) against the solver,
/// on the books whose entries take seconds (Connect Four's, whose values
/// take the solver minutes, is checked against the published values
/// below and rebuilt by `tictactoe solve --book`).
#[test]
fn a_sample_of_the_opening_books_values_is_the_solvers() {
    let mut solver = Solver::with_table_bytes(16 << 20);
    let quick = OpeningBook::compiled_in()
        .iter()
        .filter(|book| book.shape() != Shape::CONNECT_FOUR);
    for book in quick {
        let mut deepest: Vec<_> = book
            .entries()
            .filter(|(board, _)| board.stone_count() == book.plies())
            .collect();
        deepest.sort_by_key(|(board, _)| board.to_string());
        assert!(!deepest.is_empty());
        for (board, values) in deepest.into_iter().take(2) {
            for cell in board.legal_moves() {
                let mut after = board;
                after.play(cell).unwrap();
                let column = cell % book.shape().width();
                assert_eq!(
                    values[column],
                    Some(solved_score(&mut solver, &after)),
                    "{board}"
                );
            }
        }
    }
}

/// Connect Four's first moves as Allis (1988) and Allen found them and
/// Tromp's database gives them: the centre wins for the first player,
/// with its 21st stone (the 41st move, as Pons' solver says); the columns
/// beside it draw; the other four lose.
#[test]
fn the_connect_four_book_holds_the_published_first_moves() {
    let empty = Board::new(Shape::CONNECT_FOUR);
    let values = OpeningBook::lookup(&empty).expect("the empty board is in the book");
    let by_column: Vec<i32> = values.iter().map(|&(_, value)| value).collect();
    let signs: Vec<i32> = by_column.iter().map(|value| value.signum()).collect();
    assert_eq!(signs, [-1, -1, 0, 1, 0, -1, -1]);
    assert_eq!(by_column[3], win_score(Side::Max, 41));
}
