//! A solve on several threads: the values of one thread, every thread's
//! nodes counted, and a cancel that stops them all.

use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{Solver, Strength};
use tictactoe_tools::solving::solve_on_threads;

/// Positions of a game of Connect Four (columns from 1) early enough that
/// the solve takes thousands of nodes.
const GAME: &str = "4453564322";

#[test]
fn two_threads_give_the_values_of_one() {
    let cancel = CancelFlag::new();
    let mut alone = Solver::with_table_bytes(16 << 20);
    let mut together = Solver::with_table_bytes(16 << 20);
    for played in 6..=GAME.len() {
        let board = Board::from_columns(Shape::CONNECT_FOUR, &GAME[..played]).unwrap();
        for strength in [Strength::Strong, Strength::Weak] {
            let one =
                solve_on_threads(&mut alone, &board, strength, 1, &cancel, |_, _, _| {}).unwrap();
            let two = solve_on_threads(&mut together, &board, strength, 2, &cancel, |_, _, _| {})
                .unwrap();
            assert_eq!(two.for_mover, one.for_mover, "{}", &GAME[..played]);
            assert!(two.stats.nodes > 0);
        }
    }
}

#[test]
fn a_cancelled_solve_on_two_threads_gives_nothing() {
    let cancel = CancelFlag::new();
    cancel.cancel();
    let mut solver = Solver::with_table_bytes(16 << 20);
    let board = Board::from_columns(Shape::CONNECT_FOUR, "44").unwrap();
    let solution = solve_on_threads(
        &mut solver,
        &board,
        Strength::Weak,
        2,
        &cancel,
        |_, _, _| {},
    );
    assert!(solution.is_none());
}
