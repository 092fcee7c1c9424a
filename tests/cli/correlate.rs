//! `tictactoe correlate`: the evaluations' static values beside the exact
//! scores on test-set lines, from X's point of view, and each evaluation's
//! rank correlation; the lines and options refused.

use std::fs;

use super::common::{run_with_input, stderr, stdout};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::evaluation::NamedEvaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_tools::truth::spearman;

/// Positions on 5x4 with gravity, without scores: the solver gives them.
const SMALL_SET: &str = "\
1112
1114133
1114353123
11243

112555431
11353
";

const BOARD: [&str; 3] = ["--board", "5x4", "--gravity"];

fn correlate(extra: &[&str], input: &str) -> std::process::Output {
    let mut args = vec!["correlate"];
    args.extend(BOARD);
    args.extend(extra);
    run_with_input(&args, input.as_bytes())
}

fn json(output: &std::process::Output) -> serde_json::Value {
    assert!(output.status.success(), "{}", stderr(output));
    serde_json::from_str(stdout(output).trim()).expect("one JSON object")
}

fn five_by_four() -> Shape {
    Shape::new(5, 4, 4, true).unwrap()
}

/// The solver's exact score of each position, as `solve --json` gives it.
fn solved_scores(input: &str) -> Vec<i64> {
    let mut args = vec!["solve"];
    args.extend(BOARD);
    args.push("--json");
    let output = run_with_input(&args, input.as_bytes());
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
        .lines()
        .map(|line| {
            let solved: serde_json::Value = serde_json::from_str(line).unwrap();
            solved["score"].as_i64().unwrap()
        })
        .collect()
}

#[test]
fn each_evaluation_is_measured_against_the_solvers_scores() {
    let result = json(&correlate(&["--json"], SMALL_SET));
    let moves: Vec<&str> = SMALL_SET.lines().filter(|line| !line.is_empty()).collect();
    assert_eq!(result["positions"], moves.len());
    assert_eq!(result["partial"], false);
    let scores = solved_scores(&moves.join("\n"));
    let evaluations = result["evaluations"].as_array().unwrap();
    let names: Vec<&str> = evaluations
        .iter()
        .map(|truth| truth["evaluation"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["lines", "centre", "threats"]);
    for (truth, named) in evaluations.iter().zip(NamedEvaluation::ALL) {
        let points = truth["points"].as_array().unwrap();
        assert_eq!(points.len(), moves.len());
        for ((point, moves), score) in points.iter().zip(&moves).zip(&scores) {
            assert_eq!(point["position"], *moves);
            assert_eq!(point["score"].as_i64().unwrap(), *score, "{moves}");
            // The static value from X's point of view.
            let board = Board::from_columns(five_by_four(), moves).unwrap();
            let value = named.evaluation().value_of(&board, Side::Max);
            assert_eq!(
                point["value"].as_i64().unwrap(),
                i64::from(value),
                "{moves}"
            );
        }
        let values: Vec<f64> = points
            .iter()
            .map(|point| point["value"].as_f64().unwrap())
            .collect();
        let scores: Vec<f64> = points
            .iter()
            .map(|point| point["score"].as_f64().unwrap())
            .collect();
        assert_eq!(
            truth["correlation"].as_f64(),
            spearman(&values, &scores),
            "{named}"
        );
    }
}

#[test]
fn the_text_gives_a_row_per_position_and_each_correlation() {
    let output = correlate(&[], SMALL_SET);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "values and scores from X's point of view (a positive one favours X)"
    );
    let header: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(header, ["position", "score", "lines", "centre", "threats"]);
    let result = json(&correlate(&["--json"], SMALL_SET));
    let evaluations = result["evaluations"].as_array().unwrap();
    for (row, line) in lines[2..8].iter().enumerate() {
        let cells: Vec<&str> = line.split_whitespace().collect();
        let point = |column: usize| &evaluations[column]["points"][row];
        assert_eq!(cells[0], point(0)["position"]);
        assert_eq!(cells[1], point(0)["score"].to_string());
        for column in 0..3 {
            assert_eq!(
                cells[2 + column],
                point(column)["value"].to_string(),
                "{line}"
            );
        }
    }
    assert_eq!(
        lines[8],
        "rank correlation with the scores over 6 positions:"
    );
    for (line, truth) in lines[9..].iter().zip(evaluations) {
        let correlation = truth["correlation"].as_f64().unwrap();
        assert_eq!(
            line.split_whitespace().collect::<Vec<_>>(),
            [
                truth["evaluation"].as_str().unwrap(),
                &format!("{correlation:.3}")
            ]
        );
    }
    assert_eq!(lines.len(), 12, "{text}");
}

#[test]
fn a_lines_own_score_is_the_truth_from_xs_point_of_view() {
    // O is to move after 11243: Pons' 2 for the mover is a win for O, a
    // negative score; the solver's (-980, O's win on the last cell) is
    // set aside.
    let result = json(&correlate(&["--json"], "11243 2\n11243\n"));
    let points = &result["evaluations"][0]["points"];
    let given = points[0]["score"].as_i64().unwrap();
    assert_eq!(points[1]["score"], -980);
    assert!(given < 0 && given != -980, "{given}");
}

#[test]
fn the_evaluations_given_are_measured_and_only_they() {
    let dir = std::env::temp_dir().join(format!("tictactoe-cli-correlate-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let weights = dir.join("open.json");
    fs::write(
        &weights,
        r#"{"board": {"width": 5, "height": 4, "in_a_row": 4, "gravity": true}, "weights": {"open-3": 5}}"#,
    )
    .unwrap();
    let weights = weights.to_str().unwrap();
    let output = correlate(
        &["--json", "--evaluation", "threats", "--evaluation", weights],
        SMALL_SET,
    );
    let result = json(&output);
    let names: Vec<&str> = result["evaluations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|truth| truth["evaluation"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["threats", weights]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    let refused = |args: &[&str], input: &str, expected: &str| {
        let mut all = vec!["correlate"];
        all.extend(args);
        let output = run_with_input(&all, input.as_bytes());
        assert_eq!(output.status.code(), Some(2), "{args:?} {input}");
        let errors = stderr(&output);
        assert!(errors.contains(expected), "{errors}");
        assert!(stdout(&output).is_empty(), "{}", stdout(&output));
    };
    refused(&["--board", "3"], "1\n", "needs a board with gravity");
    refused(&[], "1\n", "give one, such as --board connect-four");
    refused(&BOARD, "1112\n11x2\n", "line 2: '11x2' is no position");
    refused(&BOARD, "11111\n", "line 1: move 5 of '11111'");
    refused(&BOARD, "1212121\n", "line 1: the game of '1212121' is over");
    refused(&BOARD, "", "no position given");
    let mut args = BOARD.to_vec();
    args.extend(["--evaluation", "material"]);
    refused(&args, "1\n", "no evaluation is named 'material'");
}
