//! Property tests of the rules on every shape: random boards (every width,
//! height and number in a row, with and without gravity) and random games
//! on them. A few hundred cases per property in the normal suite;
//! `PROPTEST_CASES=100000 cargo test --release -p tictactoe-engine props`
//! runs more.

use proptest::prelude::*;
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::evaluation::{Evaluation, FEATURE_COUNT, Feature};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::score::EVAL_LIMIT;

/// Cases per property: `PROPTEST_CASES`, or 256.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(256)
}

/// A shape the engine takes, of those `keep` keeps.
fn shapes(keep: fn(&Shape) -> bool) -> impl Strategy<Value = Shape> {
    prop::sample::select(Shape::all().filter(keep).collect::<Vec<_>>())
}

/// A shape `keep` keeps and choices for a game on it: each picks one of
/// the moves of its turn (modulo their count), up to a full board.
fn games(keep: fn(&Shape) -> bool) -> impl Strategy<Value = (Shape, Vec<usize>)> {
    shapes(keep).prop_flat_map(|shape| {
        (
            Just(shape),
            prop::collection::vec(any::<usize>(), 0..=shape.cells()),
        )
    })
}

/// The cells of `column` (0-based) from the bottom row up.
fn column_upwards(shape: Shape, column: usize) -> impl Iterator<Item = usize> {
    (0..shape.height())
        .rev()
        .map(move |row| row * shape.width() + column)
}

/// Whether `board` holds every move the rules offer, and no other: with
/// gravity one per column that is not full, at its lowest free cell;
/// without, every empty cell.
fn check_moves(board: &Board) -> Result<(), TestCaseError> {
    let shape = board.shape();
    let moves: Vec<usize> = board.legal_moves().collect();
    if !shape.gravity() {
        let empty: Vec<usize> = (0..shape.cells())
            .filter(|&cell| board.cell(cell).is_none())
            .collect();
        prop_assert_eq!(moves, empty);
        return Ok(());
    }
    let mut expected: Vec<usize> = (0..shape.width())
        .filter_map(|column| column_upwards(shape, column).find(|&cell| board.cell(cell).is_none()))
        .collect();
    expected.sort_unstable();
    prop_assert_eq!(&moves, &expected, "{}", board);
    for column in 0..shape.width() {
        match board.drop_cell(column) {
            Ok(cell) => prop_assert!(expected.contains(&cell) && cell % shape.width() == column),
            // The column's top cell is `column`.
            Err(_) => prop_assert!(
                board.cell(column).is_some(),
                "column {} is not full",
                column
            ),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Every legal move keeps the position one a game can reach (no
    /// floating stone with gravity), the moves offered after it are the
    /// rules' (`check_moves`), and the position's text reads back as it.
    #[test]
    fn every_legal_move_keeps_the_position_reachable((shape, choices) in games(|_| true)) {
        let mut board = Board::new(shape);
        check_moves(&board)?;
        for choice in choices {
            if board.outcome() != Outcome::Ongoing {
                break;
            }
            let moves: Vec<usize> = board.legal_moves().collect();
            let cell = moves[choice % moves.len()];
            board.play(cell).expect("a legal move");
            prop_assert_eq!(board.check_reachable(), Ok(()), "{}", board);
            prop_assert_eq!(board.floating_cells().next(), None, "{}", board);
            check_moves(&board)?;
            let text = board.to_string();
            let read = Board::parse_on(shape, &text);
            prop_assert_eq!(read.as_ref().map(Board::key), Ok(board.key()), "{}", text);
            prop_assert_eq!(read, Ok(board), "{}", text);
        }
    }

    /// With gravity, a stone dropped into a column lands on its lowest
    /// free cell, and the columns played, written as digits, make the same
    /// position through `Board::from_columns`.
    #[test]
    fn drops_land_lowest_and_columns_make_the_same_position(
        (shape, choices) in games(|shape| shape.gravity())
    ) {
        let mut board = Board::new(shape);
        let mut columns = String::new();
        for choice in choices {
            if board.outcome() != Outcome::Ongoing {
                break;
            }
            let open: Vec<usize> = (0..shape.width())
                .filter(|&column| board.cell(column).is_none())
                .collect();
            let column = open[choice % open.len()];
            let cell = board.drop_cell(column).expect("an open column");
            let lowest_free = column_upwards(shape, column)
                .find(|&cell| board.cell(cell).is_none());
            prop_assert_eq!(Some(cell), lowest_free, "{}", board);
            board.play(cell).expect("a drop is a legal move");
            columns.push(char::from_digit(column as u32 + 1, 10).expect("at most 8 columns"));
            let from_columns = Board::from_columns(shape, &columns);
            prop_assert_eq!(from_columns, Ok(board), "{}", columns);
        }
    }
}

/// Any weight for every feature, small enough that sums stay far from
/// overflow.
fn evaluations() -> impl Strategy<Value = Evaluation> {
    prop::collection::vec(-50i32..=50, FEATURE_COUNT)
        .prop_map(|weights| Evaluation::from_weights(Feature::ALL.into_iter().zip(weights)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// On any position of any shape, under any weights, an evaluation's
    /// breakdown adds up to its value (clamped as the searches clamp it),
    /// each term is (the side's count - the opponent's) x weight, the value
    /// is the one the searches read, and the opponent's is its negation.
    #[test]
    fn breakdowns_add_up_to_the_value(
        (shape, choices) in games(|_| true),
        evaluation in evaluations(),
    ) {
        let mut board = Board::new(shape);
        for choice in choices {
            if board.outcome() != Outcome::Ongoing {
                break;
            }
            let moves: Vec<usize> = board.legal_moves().collect();
            board.play(moves[choice % moves.len()]).expect("a legal move");
        }
        for side in [Side::Max, Side::Min] {
            let breakdown = evaluation.breakdown(&board, side);
            let sum: i32 = breakdown.terms.iter().map(|term| term.contribution).sum();
            prop_assert_eq!(sum, breakdown.total);
            prop_assert_eq!(breakdown.value, sum.clamp(-EVAL_LIMIT, EVAL_LIMIT));
            prop_assert_eq!(breakdown.value, evaluation.value_of(&board, side), "{}", board);
            prop_assert_eq!(
                breakdown.value,
                -evaluation.value_of(&board, side.opponent()),
                "{}", board
            );
            for term in &breakdown.terms {
                prop_assert!(term.feature.applies_to(shape));
                prop_assert_eq!(term.contribution, (term.mine - term.theirs) * term.weight);
            }
        }
    }
}
