//! The horizon: depth N next to depth N+1, the leaf that decided each, and
//! the solver's word on the two moves.

use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::evaluation::{Evaluation, NamedEvaluation};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::horizon::{DepthSearch, horizon, judge};
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::Solver;

/// The guide's example: X to move after 744511. O's stones in columns 4
/// and 5 of the bottom row, both ends open, wait for a third in column 3:
/// then O has two cells to win at and X can block only one.
const EXAMPLE: &str = "744511";

fn columns(board: &Board, cells: &[usize]) -> Vec<usize> {
    let width = board.shape().width();
    cells.iter().map(|cell| cell % width + 1).collect()
}

/// The leaf at the end of the variation is the variation played out, and
/// its static evaluation is the root's value: the estimate that decided.
fn assert_leaf_decides(board: &Board, search: &DepthSearch, evaluation: Evaluation) {
    let mut leaf = *board;
    for &cell in &search.pv {
        leaf.play(cell).unwrap();
    }
    assert_eq!(search.leaf, leaf);
    assert_eq!(search.pv.first(), Some(&search.best));
    if leaf.outcome() == Outcome::Ongoing {
        assert_eq!(search.pv.len() as u32, search.depth);
        let mover = leaf.side_to_move().opponent();
        let estimate = mover.sign() * evaluation.value_of(&leaf, mover);
        assert_eq!(search.leaf_evaluation, Some(estimate));
        assert_eq!(search.value, estimate, "variation {:?}", search.pv);
    } else {
        assert_eq!(search.leaf_evaluation, None);
    }
}

#[test]
fn depth_three_walks_into_an_open_three_that_depth_four_sees() {
    let board = Board::from_columns(Shape::CONNECT_FOUR, EXAMPLE).unwrap();
    let evaluation = NamedEvaluation::Lines.evaluation();
    let found = horizon(&board, evaluation, 3, &CancelFlag::new()).unwrap();
    assert_eq!((found.shallow.depth, found.deep.depth), (3, 4));
    assert_eq!(columns(&board, &found.shallow.pv), [5, 4, 5]);
    assert_eq!(found.shallow.value, 17);
    assert_eq!(columns(&board, &found.deep.pv), [3, 4, 4, 5]);
    assert_eq!(found.deep.value, -4);
    assert!(found.misled());
    assert_leaf_decides(&board, &found.shallow, evaluation);
    assert_leaf_decides(&board, &found.deep, evaluation);

    let mut solver = Solver::with_table_bytes(16 << 20);
    let judged = judge(&mut solver, &board, &found, &CancelFlag::new(), None).unwrap();
    assert_eq!(judged.side, Side::Max);
    assert!(judged.shallow_mistaken(), "{judged:?}");
    assert!(!judged.deep_mistaken(), "{judged:?}");
    // A draw; O wins on the bottom row after depth 3's move.
    assert_eq!(
        (judged.best, judged.shallow, judged.deep),
        (None, Some(Side::Min), None)
    );
}

#[test]
fn every_leaf_decides_its_root_on_every_evaluation() {
    let positions = ["", "4", "4455", "3344521", "71422536"];
    for name in NamedEvaluation::ALL {
        let evaluation = name.evaluation();
        for moves in positions {
            let board = Board::from_columns(Shape::CONNECT_FOUR, moves).unwrap();
            for depth in 1..=4 {
                let found = horizon(&board, evaluation, depth, &CancelFlag::new()).unwrap();
                assert_leaf_decides(&board, &found.shallow, evaluation);
                assert_leaf_decides(&board, &found.deep, evaluation);
            }
        }
    }
}

#[test]
fn a_finished_game_or_a_cancelled_search_has_no_horizon() {
    let won = Board::from_columns(Shape::CONNECT_FOUR, "1212121").unwrap();
    assert_eq!(
        horizon(
            &won,
            NamedEvaluation::Lines.evaluation(),
            2,
            &CancelFlag::new()
        ),
        None
    );
    let cancel = CancelFlag::new();
    cancel.cancel();
    let empty = Board::new(Shape::CONNECT_FOUR);
    assert_eq!(
        horizon(&empty, NamedEvaluation::Lines.evaluation(), 6, &cancel),
        None
    );
}

#[test]
fn the_solver_judges_only_boards_with_gravity() {
    let board = Board::new(Shape::TIC_TAC_TOE);
    let found = horizon(
        &board,
        NamedEvaluation::Lines.evaluation(),
        2,
        &CancelFlag::new(),
    )
    .unwrap();
    let mut solver = Solver::with_table_bytes(1 << 20);
    assert_eq!(
        judge(&mut solver, &board, &found, &CancelFlag::new(), None),
        None
    );
}
