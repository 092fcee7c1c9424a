//! The evaluations against the truth: Spearman's rank correlation against
//! hand-computed values and its two ends, test-set lines read, and each
//! point's value and score from X's point of view.

use proptest::prelude::*;
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::evaluation::NamedEvaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver};
use tictactoe_tools::truth::{
    LineRefusal, MAX_LINE_BYTES, TestLine, TestLineError, TestSetError, TestSetLines, TruePosition,
    against_truth, exact_score, mean_ranks, read_test_line, spearman, true_position,
};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn ties_share_the_mean_of_their_ranks() {
    assert_eq!(mean_ranks(&[10.0, 20.0, 10.0, 30.0]), [1.5, 3.0, 1.5, 4.0]);
    assert_eq!(mean_ranks(&[5.0, 5.0, 5.0]), [2.0, 2.0, 2.0]);
    assert_eq!(mean_ranks(&[-1.0, 7.0, 3.0]), [1.0, 3.0, 2.0]);
}

#[test]
fn the_correlation_equals_the_hand_computed_one() {
    // No ties: the differences of rank are 0, 1, 1, 0, so
    // 1 - 6 x 2 / (4 x 15) = 0.8.
    let rho = spearman(&[1.0, 2.0, 3.0, 4.0], &[1.0, 3.0, 2.0, 4.0]).unwrap();
    assert!(close(rho, 0.8), "{rho}");
    // Ties in y: ranks 1, 2, 3.5, 5, 3.5 against 1..5; about the mean 3
    // the products add to 8, the squares to 10 and 9.5.
    let rho = spearman(&[1.0, 2.0, 3.0, 4.0, 5.0], &[5.0, 6.0, 7.0, 8.0, 7.0]).unwrap();
    assert!(close(rho, 8.0 / 95f64.sqrt()), "{rho}");
    // Ties on both sides: ranks 1.5, 1.5, 3 against 1, 2.5, 2.5; the
    // products add to 0.75, the squares to 1.5 and 1.5.
    let rho = spearman(&[0.0, 0.0, 9.0], &[-3.0, 4.0, 4.0]).unwrap();
    assert!(close(rho, 0.5), "{rho}");
}

#[test]
fn without_two_different_numbers_there_is_no_correlation() {
    assert_eq!(spearman(&[], &[]), None);
    assert_eq!(spearman(&[1.0], &[2.0]), None);
    assert_eq!(spearman(&[3.0, 3.0, 3.0], &[1.0, 2.0, 3.0]), None);
    assert_eq!(spearman(&[1.0, 2.0, 3.0], &[0.0, 0.0, 0.0]), None);
}

proptest! {
    #[test]
    fn a_monotone_map_correlates_one_and_a_reversed_one_minus_one(
        xs in proptest::collection::vec(-1000i32..1000, 2..40),
        scale in 1i32..50,
        shift in -500i32..500,
    ) {
        let distinct = xs.iter().any(|&x| x != xs[0]);
        prop_assume!(distinct);
        let xs: Vec<f64> = xs.into_iter().map(f64::from).collect();
        // Strictly increasing, not linear: the ranks alone matter.
        let rising: Vec<f64> = xs.iter().map(|x| (x * f64::from(scale) + f64::from(shift)).powi(3)).collect();
        let falling: Vec<f64> = rising.iter().map(|y| -y).collect();
        prop_assert!(close(spearman(&xs, &rising).unwrap(), 1.0));
        prop_assert!(close(spearman(&xs, &falling).unwrap(), -1.0));
    }
}

/// 5x4 with gravity, four in a row: solved in a moment.
fn five_by_four() -> Shape {
    Shape::new(5, 4, 4, true).unwrap()
}

#[test]
fn a_test_line_gives_its_position_and_score() {
    let line = read_test_line(five_by_four(), " 1114133 1 ")
        .unwrap()
        .unwrap();
    assert_eq!(
        line,
        TestLine {
            moves: "1114133".into(),
            board: Board::from_columns(five_by_four(), "1114133").unwrap(),
            score: Some(1),
        }
    );
    assert_eq!(read_test_line(five_by_four(), "  ").unwrap(), None);
    assert_eq!(
        read_test_line(five_by_four(), "11243")
            .unwrap()
            .unwrap()
            .score,
        None
    );
}

#[test]
fn a_bad_test_line_is_refused_with_its_reason() {
    assert_eq!(
        read_test_line(five_by_four(), "x12"),
        Err(TestLineError::NotColumns("x12".into()))
    );
    assert!(matches!(
        read_test_line(five_by_four(), "11111"),
        Err(TestLineError::IllegalMove { index: 5, .. })
    ));
    assert_eq!(
        read_test_line(five_by_four(), "1212121"),
        Err(TestLineError::GameOver("1212121".into()))
    );
    assert_eq!(
        read_test_line(five_by_four(), "11 one"),
        Err(TestLineError::BadScore {
            moves: "11".into(),
            score: "one".into()
        })
    );
    assert_eq!(
        read_test_line(five_by_four(), "11 0 0"),
        Err(TestLineError::Extra("0".into()))
    );
}

#[test]
fn a_test_set_gives_each_line_with_its_number_past_blank_lines() {
    let input = "1114133 1\n\n   \n11243\r\n";
    let mut lines = TestSetLines::new(input.as_bytes());
    let (number, line) = lines.next_test_line(five_by_four()).unwrap().unwrap();
    assert_eq!(
        (number, line.moves.as_str(), line.score),
        (1, "1114133", Some(1))
    );
    // The score may be missing; the blank lines are passed over but counted.
    let (number, line) = lines.next_test_line(five_by_four()).unwrap().unwrap();
    assert_eq!(
        (number, line.moves.as_str(), line.score),
        (4, "11243", None)
    );
    assert!(lines.next_test_line(five_by_four()).unwrap().is_none());
}

#[test]
fn a_bad_test_set_line_is_refused_with_its_number() {
    let mut lines = TestSetLines::new("11 0\n\nx12 3\n11\n".as_bytes());
    assert!(lines.next_test_line(five_by_four()).unwrap().is_some());
    match lines.next_test_line(five_by_four()) {
        Err(TestSetError::Line {
            number: 3,
            refusal: LineRefusal::Refused(TestLineError::NotColumns(moves)),
        }) => assert_eq!(moves, "x12"),
        other => panic!("line 3 taken: {other:?}"),
    }

    let long = format!("1{}\n", " ".repeat(MAX_LINE_BYTES));
    let mut lines = TestSetLines::new(long.as_bytes());
    match lines.next_test_line(five_by_four()) {
        Err(TestSetError::Line {
            number: 1,
            refusal: LineRefusal::TooLong { length, .. },
        }) => assert_eq!(length, MAX_LINE_BYTES as u64 + 1),
        other => panic!("a long line taken: {other:?}"),
    }

    let mut lines = TestSetLines::new(&b"11\n4\xff\n"[..]);
    assert!(lines.next_test_line(five_by_four()).unwrap().is_some());
    match lines.next_test_line(five_by_four()) {
        Err(TestSetError::Line {
            number: 2,
            refusal: LineRefusal::NotUtf8(bytes),
        }) => assert_eq!(bytes, b"4\xff"),
        other => panic!("a line not UTF-8 taken: {other:?}"),
    }
}

#[test]
fn a_test_set_line_may_be_read_another_way() {
    // The first word only, as the horizon finder reads its positions.
    let mut lines = TestSetLines::new("\n4 whatever\n".as_bytes());
    let first_word = |text: &str| -> Result<Option<String>, ()> {
        Ok(text.split_whitespace().next().map(str::to_owned))
    };
    assert_eq!(
        lines.next_read(first_word).unwrap(),
        Some((2, "4".to_owned()))
    );
    assert_eq!(lines.next_read(first_word).unwrap(), None);
}

#[test]
fn scores_and_values_are_from_xs_point_of_view() {
    let mut solver = Solver::with_table_bytes(DEFAULT_TABLE_BYTES >> 4);
    let cancel = CancelFlag::default();
    // O to move after 1114133 wins (the line says 1 for the mover): the
    // score favours O, so it is negative.
    let line = read_test_line(five_by_four(), "1114133").unwrap().unwrap();
    let solved = true_position(&mut solver, line.clone(), &cancel).unwrap();
    assert!(solved.score < 0, "{}", solved.score);
    // The line's own score is used where given, turned to X's view: a
    // win for the mover, O.
    let given = TestLine {
        score: Some(1),
        ..line
    };
    let from_line = true_position(&mut solver, given, &cancel).unwrap();
    assert!(from_line.score < 0, "{}", from_line.score);
    assert_eq!(
        exact_score(&mut solver, &from_line.board, &cancel),
        Some(solved.score)
    );

    let positions = [solved.clone()];
    let names: Vec<(String, _)> = NamedEvaluation::ALL
        .iter()
        .map(|named| (named.name().to_owned(), named.evaluation()))
        .collect();
    let truths = against_truth(&positions, &names);
    assert_eq!(truths.len(), NamedEvaluation::ALL.len());
    for (truth, named) in truths.iter().zip(NamedEvaluation::ALL) {
        assert_eq!(truth.evaluation, named.name());
        assert_eq!(truth.points.len(), 1);
        let point = &truth.points[0];
        assert_eq!(point.position, "1114133");
        assert_eq!(point.score, solved.score);
        assert_eq!(
            point.value,
            named.evaluation().value_of(&solved.board, Side::Max)
        );
        // One position orders nothing.
        assert_eq!(truth.correlation, None);
    }
}

#[test]
fn the_correlation_is_the_values_against_the_scores() {
    let mut solver = Solver::with_table_bytes(DEFAULT_TABLE_BYTES >> 4);
    let cancel = CancelFlag::default();
    let positions: Vec<TruePosition> = ["1112", "1114133", "1114353123", "11243", "112555431"]
        .iter()
        .map(|moves| {
            let line = read_test_line(five_by_four(), moves).unwrap().unwrap();
            true_position(&mut solver, line, &cancel).unwrap()
        })
        .collect();
    let lines = NamedEvaluation::Lines;
    let truth = &against_truth(&positions, &[(lines.name().into(), lines.evaluation())])[0];
    let values: Vec<f64> = positions
        .iter()
        .map(|position| f64::from(lines.evaluation().value_of(&position.board, Side::Max)))
        .collect();
    let scores: Vec<f64> = positions
        .iter()
        .map(|position| f64::from(position.score))
        .collect();
    assert_eq!(truth.correlation, spearman(&values, &scores));
    assert!(truth.correlation.is_some());
}
