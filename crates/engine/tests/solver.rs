//! The solver against a brute-force minimax written here (every position
//! of small boards, and positions near the end of bigger ones, with and
//! without gravity), against Pons' Connect Four test sets (every line of
//! the two easy ones, samples of the others), its fast search against its
//! generic one on random gravity positions, and the known values of empty
//! boards.

use super::common;

use std::collections::HashMap;
use std::path::Path;

use proptest::prelude::*;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::score::win_score;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{Solution, Solver, Strength};

/// The value of `board` on the app's scale (X's view), by trying every
/// move to the end; each position once (`known`).
fn brute_force(board: &Board, known: &mut HashMap<(u64, u64), i32>) -> i32 {
    let key = (board.stones(Side::Max), board.stones(Side::Min));
    if let Some(&value) = known.get(&key) {
        return value;
    }
    let value = match board.outcome() {
        Outcome::Won(winner, _) => win_score(winner, board.stone_count()),
        Outcome::Draw => 0,
        Outcome::Ongoing => {
            let side = board.side_to_move();
            board
                .legal_moves()
                .map(|cell| {
                    let mut child = *board;
                    child.play(cell).unwrap();
                    side.sign() * brute_force(&child, known)
                })
                .max()
                .map(|best| side.sign() * best)
                .unwrap()
        }
    };
    known.insert(key, value);
    value
}

fn solve(solver: &mut Solver, board: &Board, strength: Strength) -> Solution {
    solver
        .solve(board, strength, &CancelFlag::new())
        .expect("not cancelled")
}

/// Both strengths of the solver agree with brute force on every board.
fn check_against_brute_force(boards: &[Board], solver: &mut Solver) {
    let mut known = HashMap::new();
    for board in boards {
        let expected = brute_force(board, &mut known);
        let strong = solve(solver, board, Strength::Strong);
        assert_eq!(strong.score(), Some(expected), "{board}");
        let weak = solve(solver, board, Strength::Weak);
        assert_eq!(
            weak.for_mover,
            board.side_to_move().sign() * expected.signum(),
            "{board}"
        );
        assert_eq!(weak.winner(), strong.winner(), "{board}");
    }
}

#[test]
fn every_position_of_4x3_with_three_in_a_row() {
    // A small table too, so that entries are overwritten all the time.
    for table_bytes in [1 << 20, 256] {
        for gravity in [false, true] {
            let shape = Shape::new(4, 3, 3, gravity).unwrap();
            let positions = common::reachable_positions_on(shape);
            assert!(positions.len() > 1000, "{}", positions.len());
            check_against_brute_force(&positions, &mut Solver::with_table_bytes(table_bytes));
        }
    }
}

/// Positions from random games with at most `empty` cells left, on
/// boards of every width, height, length of line and gravity.
#[test]
fn positions_near_the_end_of_bigger_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    let shapes = [
        Shape::CONNECT_FOUR,
        Shape::new(5, 4, 4, true).unwrap(),
        Shape::new(8, 8, 5, true).unwrap(),
        Shape::new(8, 8, 3, false).unwrap(),
        Shape::new(3, 8, 3, true).unwrap(),
        Shape::new(6, 6, 6, false).unwrap(),
        Shape::FIVE_BY_FIVE,
        Shape::FIVE_IN_A_ROW,
    ];
    let mut solver = Solver::with_table_bytes(1 << 20);
    for shape in shapes {
        let mut positions = Vec::new();
        while positions.len() < 40 {
            let mut board = Board::new(shape);
            let empty = rng.random_range(1..=9);
            while board.outcome() == Outcome::Ongoing && board.empty().count_ones() > empty {
                let moves: Vec<usize> = board.legal_moves().collect();
                board.play(*moves.choose(&mut rng).unwrap()).unwrap();
            }
            positions.push(board);
        }
        check_against_brute_force(&positions, &mut solver);
    }
}

/// The empty board's value, weak and strong, and the nodes it took.
fn empty_board(shape: Shape) -> (Solution, Solution) {
    let mut solver = Solver::with_table_bytes(16 << 20);
    let board = Board::new(shape);
    let strong = solve(&mut solver, &board, Strength::Strong);
    let weak = solve(&mut solver, &board, Strength::Weak);
    println!(
        "{}x{}, {} in a row{}: score {:?}; strong {} nodes in {} ms, weak {} nodes in {} ms",
        shape.width(),
        shape.height(),
        shape.in_a_row(),
        if shape.gravity() { ", gravity" } else { "" },
        strong.score(),
        strong.stats.nodes,
        strong.elapsed_us / 1000,
        weak.stats.nodes,
        weak.elapsed_us / 1000
    );
    assert_eq!(weak.winner(), strong.winner());
    (strong, weak)
}

fn shape(width: usize, height: usize, in_a_row: usize, gravity: bool) -> Shape {
    Shape::new(width, height, in_a_row, gravity).unwrap()
}

#[test]
fn known_values_of_empty_boards() {
    let draws = [
        Shape::TIC_TAC_TOE,
        Shape::FOUR_BY_FOUR,
        shape(5, 4, 4, true),
        shape(6, 5, 4, true),
        shape(7, 4, 4, true),
    ];
    for shape in draws {
        assert_eq!(empty_board(shape).0.score(), Some(0), "{shape:?}");
    }
    for shape in [shape(4, 3, 3, false), shape(4, 4, 3, false)] {
        assert_eq!(empty_board(shape).0.winner(), Some(Side::Max), "{shape:?}");
    }
}

/// The slower known values: `scripts/bench-solver` runs them.
#[test]
#[ignore = "slow: run by scripts/bench-solver"]
fn known_values_of_bigger_empty_boards() {
    assert_eq!(empty_board(Shape::FIVE_BY_FIVE).0.score(), Some(0));
    assert_eq!(empty_board(shape(7, 5, 4, true)).0.score(), Some(0));
    // The second player wins on 6x6.
    assert_eq!(
        empty_board(shape(6, 6, 4, true)).0.winner(),
        Some(Side::Min)
    );
}

/// The positions and scores of `tests/data/connect-four/NAME`.
fn test_set(name: &str) -> Vec<(String, Board, i32)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/connect-four")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .map(|line| {
            let (moves, score) = line.split_once(' ').unwrap();
            let board = Board::from_columns(Shape::CONNECT_FOUR, moves).unwrap();
            (moves.to_string(), board, score.parse().unwrap())
        })
        .collect()
}

/// Every position of the sets gets the set's score, strong, and its sign,
/// weak; one solver for all, its table cleared between positions as the
/// sets' author does.
fn check_test_sets(names: &[&str]) {
    let mut solver = Solver::with_table_bytes(16 << 20);
    for name in names {
        let positions = test_set(name);
        assert!(!positions.is_empty(), "{name}");
        for (moves, board, score) in positions {
            let strong = solve(&mut solver, &board, Strength::Strong);
            assert_eq!(strong.for_mover, score, "{name}: {moves}");
            let weak = solve(&mut solver, &board, Strength::Weak);
            assert_eq!(weak.for_mover, score.signum(), "{name}: {moves}");
        }
    }
}

#[test]
fn every_line_of_end_easy_and_middle_easy() {
    check_test_sets(&["end-easy", "middle-easy"]);
}

#[test]
fn the_first_lines_of_the_harder_test_sets() {
    check_test_sets(&["middle-medium-20", "begin-easy-20", "begin-medium-5"]);
}

/// Each searcher of a shared solve gives the set's score, whichever order
/// it starts its nodes in, alone or two at once on one table; the
/// solve's node count is both searchers' together.
#[test]
fn every_searcher_of_a_shared_solve_gives_the_exact_value() {
    let mut solver = Solver::with_table_bytes(16 << 20);
    let cancel = CancelFlag::new();
    for (moves, board, score) in test_set("middle-easy").iter().step_by(10) {
        for searcher in 0..4 {
            let shared = solver.share(board, Strength::Strong).unwrap();
            let solution = shared.search(searcher, &cancel, |_, _, _| {}).unwrap();
            assert_eq!(solution.for_mover, *score, "searcher {searcher}: {moves}");
        }
        let shared = solver.share(board, Strength::Strong).unwrap();
        let (first, second) = std::thread::scope(|scope| {
            let second = scope.spawn(|| shared.search(1, &cancel, |_, _, _| {}));
            (
                shared.search(0, &cancel, |_, _, _| {}),
                second.join().unwrap(),
            )
        });
        let (first, second) = (first.unwrap(), second.unwrap());
        assert_eq!(
            (first.for_mover, second.for_mover),
            (*score, *score),
            "{moves}"
        );
        assert_eq!(shared.nodes(), first.stats.nodes + second.stats.nodes);
    }
}

/// A table kept between the positions of one game gives the same values,
/// in fewer nodes.
#[test]
fn a_kept_table_gives_the_same_values_in_fewer_nodes() {
    let mut kept = Solver::with_table_bytes(16 << 20);
    kept.keep_table(true);
    let mut fresh = Solver::with_table_bytes(16 << 20);
    let (mut kept_nodes, mut fresh_nodes) = (0, 0);
    for (moves, _, _) in test_set("end-easy").iter().take(50) {
        // The game's last positions, last first: the later ones' entries
        // serve the earlier ones.
        for played in (moves.len() - 8..=moves.len()).rev() {
            let board = Board::from_columns(Shape::CONNECT_FOUR, &moves[..played]).unwrap();
            let with_kept = solve(&mut kept, &board, Strength::Strong);
            let from_scratch = solve(&mut fresh, &board, Strength::Strong);
            assert_eq!(
                with_kept.for_mover,
                from_scratch.for_mover,
                "{}",
                &moves[..played]
            );
            kept_nodes += with_kept.stats.nodes;
            fresh_nodes += from_scratch.stats.nodes;
        }
    }
    assert!(
        kept_nodes < fresh_nodes * 3 / 4,
        "{kept_nodes} {fresh_nodes}"
    );
}

/// A table far too small for the keys of the biggest gravity boards
/// grows to hold them, and the values stay right: positions near the end
/// of random games on 7x6, 7x7, 8x6, 7x8 and 8x7, solved with a 256-byte
/// table, against the generic search.
#[test]
fn a_tiny_table_on_the_biggest_gravity_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(38);
    for (width, height) in [(7, 6), (7, 7), (8, 6), (7, 8), (8, 7)] {
        let shape = shape(width, height, 4, true);
        let mut fast = Solver::with_table_bytes(256);
        let mut generic = Solver::with_table_bytes(1 << 20);
        generic.generic_only(true);
        let mut solved = 0;
        while solved < 10 {
            // Random games until one is still open with 14 cells left.
            let mut board = Board::new(shape);
            while board.outcome() == Outcome::Ongoing && board.empty().count_ones() > 14 {
                let moves: Vec<usize> = board.legal_moves().collect();
                board.play(*moves.choose(&mut rng).unwrap()).unwrap();
            }
            if board.outcome() != Outcome::Ongoing {
                continue;
            }
            solved += 1;
            let expected = solve(&mut generic, &board, Strength::Strong).for_mover;
            assert_eq!(
                solve(&mut fast, &board, Strength::Strong).for_mover,
                expected,
                "{board}"
            );
        }
        assert!(fast.table_bytes() > 256, "{width}x{height}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The fast search and the generic one agree, strong and weak, on
    /// random positions of small gravity boards with 8 stones or more
    /// (three to five in a row).
    #[test]
    fn the_fast_search_agrees_with_the_generic_one(
        width in 4usize..=6,
        height in 3usize..=5,
        in_a_row in 3usize..=5,
        choices in prop::collection::vec(any::<usize>(), 8..=30),
        table_bytes in prop::sample::select(vec![512usize, 1 << 20]),
    ) {
        let shape = Shape::new(width, height, in_a_row.min(width.max(height)), true).unwrap();
        let mut board = Board::new(shape);
        for choice in choices {
            if board.outcome() != Outcome::Ongoing {
                break;
            }
            let moves: Vec<usize> = board.legal_moves().collect();
            board.play(moves[choice % moves.len()]).unwrap();
        }
        let mut fast = Solver::with_table_bytes(table_bytes);
        let mut generic = Solver::with_table_bytes(table_bytes);
        generic.generic_only(true);
        for strength in [Strength::Strong, Strength::Weak] {
            let expected = solve(&mut generic, &board, strength);
            let found = solve(&mut fast, &board, strength);
            prop_assert_eq!(found.for_mover, expected.for_mover, "{}", board);
        }
    }
}
