//! The horizon's finder: the positions where depth N chooses another move
//! than depth N+1, among positions drawn from a seed or given.

use tictactoe_engine::board::{Board, Outcome};
use tictactoe_engine::evaluation::NamedEvaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::horizon::horizon;
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::horizon::{drawn_positions, find_misled};

#[test]
fn the_finder_keeps_exactly_the_positions_where_depth_n_is_misled() {
    let positions = drawn_positions(Shape::CONNECT_FOUR, 7, 40);
    assert_eq!(positions.len(), 40);
    assert_eq!(positions, drawn_positions(Shape::CONNECT_FOUR, 7, 40));
    assert!(
        positions
            .iter()
            .all(|board| board.outcome() == Outcome::Ongoing)
    );
    let evaluation = NamedEvaluation::Lines.evaluation();
    let found = find_misled(positions.clone(), evaluation, 3, &CancelFlag::new()).unwrap();
    assert!(!found.is_empty(), "no horizon among 40 positions");
    let expected: Vec<Board> = positions
        .into_iter()
        .filter(|board| {
            let searched = horizon(board, evaluation, 3, &CancelFlag::new()).unwrap();
            searched.shallow.best != searched.deep.best
        })
        .collect();
    let boards: Vec<Board> = found.iter().map(|(board, _)| *board).collect();
    assert_eq!(boards, expected);
    for (board, searched) in &found {
        assert_eq!(
            *searched,
            horizon(board, evaluation, 3, &CancelFlag::new()).unwrap()
        );
    }
}

#[test]
fn a_stopped_scan_reports_nothing() {
    let cancel = CancelFlag::new();
    cancel.cancel();
    let positions = drawn_positions(Shape::CONNECT_FOUR, 1, 5);
    assert_eq!(
        find_misled(positions, NamedEvaluation::Lines.evaluation(), 3, &cancel),
        None
    );
}
