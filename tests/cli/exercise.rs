//! `tictactoe exercise`: an exercise printed the same for a seed, an
//! answer checked (exit 0 correct, 1 at the first wrong step with its
//! reason, 2 for bad input), text and JSON, and the drawings.
use super::common::run;

use std::process::Output;

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

const TEXTBOOK: &str = "((3 12 8) (2 4 6) (14 5 2))";

fn textbook(extra: &[&str]) -> Output {
    let mut args = vec!["exercise", "--kind", "alphabeta", "--tree", TEXTBOOK];
    args.extend(extra);
    run(&args)
}

#[test]
fn the_textbook_exercise_checks_answers_right_and_wrong() {
    let output = textbook(&["--answer", "pruned 2.2 2.3; root = 3; 1 = 3; 2 = 2; 3 = 2"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = text(&output.stdout);
    assert!(
        stdout.starts_with("exercise alphabeta\ntree ((3 12 8) (2 4 6) (14 5 2))\nroot max\n"),
        "{stdout}"
    );
    assert!(stdout.contains("├─ 2: Min\n│  ├─ 2.1: 2\n"), "{stdout}");
    assert!(
        stdout.contains("Question: Run alpha-beta from the root"),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("Correct: every step is as the search takes it.\n"),
        "{stdout}"
    );

    let output = textbook(&["--answer", "pruned 2.3; root = 3; 1 = 3; 2 = 2; 3 = 2"]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains(
            "Wrong at step 13: The edge to the leaf root → 2 → 2 is pruned, but the answer does not mark it. \
             At the Min node root → 2, child 1 returned 2: 2 ≤ α = 3"
        ),
        "{stdout}"
    );
    assert!(output.stderr.is_empty());

    // Strict pruning goes on at equal values: (3 5) (3 9) prunes nothing.
    let strict = |prune: &str, answer: &str| {
        run(&[
            "exercise",
            "--kind",
            "alphabeta",
            "--tree",
            "((3 5) (3 9))",
            "--prune",
            prune,
            "--answer",
            answer,
        ])
        .status
        .code()
    };
    let values = "root = 3; 1 = 3; 2 = 3";
    assert_eq!(
        strict("on-equal", &format!("pruned 2.2; {values}")),
        Some(0)
    );
    assert_eq!(strict("strict", &format!("pruned; {values}")), Some(0));
    assert_eq!(strict("strict", &format!("pruned 2.2; {values}")), Some(1));
}

#[test]
fn the_json_gives_the_exercise_the_solution_and_the_verdict() {
    let output = textbook(&[
        "--json",
        "--solution",
        "--windows",
        "--answer",
        "pruned 2.2 2.3; 2 = 2 (3, 5)",
    ]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["exercise"]["tree"], TEXTBOOK);
    assert_eq!(
        json["exercise"]["asks"],
        serde_json::json!(["values", "windows"])
    );
    assert_eq!(
        json["solution"]["pruned"],
        serde_json::json!([[1, 1], [1, 2]])
    );
    assert_eq!(
        json["solution"]["windows"][2],
        serde_json::json!({"node": [1], "alpha": 3, "beta": "+inf"})
    );
    // The root's window is the first thing the answer leaves out.
    let verdict = &json["verdict"];
    assert_eq!(verdict["correct"], false);
    assert_eq!(
        (verdict["step"].as_u64(), verdict["part"].as_str()),
        (Some(0), Some("alpha"))
    );
    assert_eq!(verdict["node"], serde_json::json!([]));
    assert_eq!(verdict["expected"], "-inf");
    assert_eq!(verdict["given"], serde_json::Value::Null);
    assert!(
        verdict["message"]
            .as_str()
            .unwrap()
            .contains("The root is searched with the full window")
    );
    // The answer as JSON checks the same.
    let answer = json["solution"].to_string();
    let output = textbook(&["--windows", "--answer", &answer]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

#[test]
fn a_seed_gives_the_same_exercise_every_time_for_every_kind() {
    for kind in ["minimax", "alphabeta", "order", "best-move", "mcts"] {
        let first = run(&["exercise", "--kind", kind, "--seed", "12", "--solution"]);
        let again = run(&["exercise", "--kind", kind, "--seed", "12", "--solution"]);
        assert_eq!(first.status.code(), Some(0), "{kind}: {first:?}");
        assert_eq!(first.stdout, again.stdout, "{kind}");
        // Its own solution is correct.
        let stdout = text(&first.stdout);
        let solution = stdout
            .lines()
            .find_map(|line| line.strip_prefix("Solution: "))
            .unwrap();
        let checked = run(&[
            "exercise", "--kind", kind, "--seed", "12", "--answer", solution,
        ]);
        assert_eq!(
            checked.status.code(),
            Some(0),
            "{kind}: {solution}: {checked:?}"
        );
    }
    // Without a seed one is drawn and printed, so it can be given again.
    let output = run(&["exercise", "--kind", "minimax"]);
    let stdout = text(&output.stdout);
    let seed = stdout
        .lines()
        .find_map(|line| line.strip_prefix("seed "))
        .unwrap();
    let again = run(&["exercise", "--kind", "minimax", "--seed", seed]);
    assert_eq!(again.stdout, output.stdout);
}

#[test]
fn chance_nodes_take_exact_fractions_or_two_decimals() {
    let tree = "([(3 9) (6)] [(2 10) (1 1)])";
    let check = |answer: &str| {
        run(&[
            "exercise", "--kind", "minimax", "--tree", tree, "--answer", answer,
        ])
        .status
        .code()
    };
    let rest = "1.1 = 3; 1.2 = 6; 2 = 3/2; 2.1 = 2; 2.2 = 1";
    assert_eq!(check(&format!("root = 9/2; 1 = 4.50; {rest}")), Some(0));
    assert_eq!(check(&format!("root = 4.5; 1 = 9/2; {rest}")), Some(0));
    assert_eq!(check(&format!("root = 5; 1 = 9/2; {rest}")), Some(1));
}

#[test]
fn drawings_of_exercises_and_recorded_searches() {
    let output = textbook(&["--svg", "--solution"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let svg = text(&output.stdout);
    // The guide's picture is this drawing.
    let kept = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/help/C/figures/exercise-alphabeta.svg"
    ))
    .unwrap();
    assert!(
        kept == svg,
        "help/C/figures/exercise-alphabeta.svg is not what the command draws: tictactoe exercise --kind alphabeta \
         --tree '((3 12 8) (2 4 6) (14 5 2))' --solution --svg > help/C/figures/exercise-alphabeta.svg"
    );
    roxmltree::Document::parse(&svg).unwrap();
    assert!(svg.contains("stroke-dasharray=\"6 4\""), "{svg}");
    let output = textbook(&["--dot"]);
    assert!(text(&output.stdout).starts_with("digraph tree {"));
    for flag in ["--dot", "--svg"] {
        let output = run(&["tree", "x.o/.x./...", "--max-ply", "1", flag]);
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        assert!(!output.stdout.is_empty());
    }
}

#[test]
fn bad_input_is_refused_with_exit_code_2_and_changes_nothing() {
    for (args, message) in [
        (
            &["exercise", "--kind", "alphabeta", "--tree", "((1 2) (3"][..],
            "--tree: at byte 7 ('('): this '(' is never closed",
        ),
        (
            &["exercise", "--kind", "alphabeta", "--tree", "([1 2] (3))"][..],
            "alpha-beta and the best order take no chance nodes",
        ),
        (
            &["exercise", "--kind", "minimax", "--tree", "(1 1000)"][..],
            "a leaf's value must be from −999 to 999",
        ),
        (
            &[
                "exercise",
                "--kind",
                "alphabeta",
                "--tree",
                TEXTBOOK,
                "--answer",
                "pruned 2.x",
            ][..],
            "--answer: statement 1 ('pruned 2.x'): a node's path",
        ),
        (
            &[
                "exercise",
                "--kind",
                "alphabeta",
                "--tree",
                TEXTBOOK,
                "--answer",
                "pruned 4.1",
            ][..],
            "the answer does not fit the exercise: the tree has no node root → 4 → 1",
        ),
        (
            &[
                "exercise",
                "--kind",
                "alphabeta",
                "--tree",
                TEXTBOOK,
                "--answer",
                "move 5",
            ][..],
            "this exercise does not ask for 'move'",
        ),
        (
            &["exercise", "--kind", "alphabeta", "--chance"][..],
            "--chance does not apply to --kind alphabeta",
        ),
        (
            &["exercise", "--kind", "mcts", "--tree", TEXTBOOK][..],
            "--tree does not apply to --kind mcts",
        ),
        (
            &[
                "exercise",
                "--kind",
                "minimax",
                "--depth",
                "12",
                "--branching",
                "3",
            ][..],
            "trees this deep and wide could have more than 4096 nodes",
        ),
        (
            &["exercise", "--kind", "minimax", "--branching", "0"][..],
            "the branching factor is a number or a range",
        ),
        (
            &["exercise", "--kind", "minimax", "--values", "5..-5"][..],
            "the values are a range LO..HI",
        ),
        (
            &[
                "exercise", "--kind", "minimax", "--tree", TEXTBOOK, "--depth", "2",
            ][..],
            "cannot be used with",
        ),
        (
            &[
                "exercise",
                "--kind",
                "best-move",
                "--position",
                "xxx/oo./...",
            ][..],
            "game is over: X won",
        ),
        (
            &[
                "exercise",
                "--kind",
                "best-move",
                "--position",
                "x..o/..../..../....",
            ][..],
            "this position has 14 empty cells: a search to the end takes too long here; play on until 12 or fewer are left",
        ),
        (
            &[
                "exercise",
                "--kind",
                "best-move",
                "--board",
                "connect-four",
                "--moves",
                "4453",
            ][..],
            "this position has 38 empty cells",
        ),
        (
            &["exercise", "--kind", "best-move", "--moves", "4453"][..],
            "--moves '4453': ",
        ),
        (
            &["exercise", "--kind", "alphabeta", "--board", "connect-four"][..],
            "--board does not apply to --kind alphabeta",
        ),
        (
            &[
                "exercise",
                "--kind",
                "mcts",
                "--board",
                "connect-four",
                "--moves",
                "444444",
                "--answer",
                "pick 4",
            ][..],
            "column 4 takes no stone: it is full",
        ),
        (
            &["exercise", "--kind", "best-move", "--prune", "strict"][..],
            "--prune and --fail apply to --player alphabeta-tt only",
        ),
        (
            &["exercise", "--kind", "mcts", "--c", "-1"][..],
            "the exploration constant is a number from 0 up",
        ),
        (
            &[
                "exercise",
                "--kind",
                "mcts",
                "--position",
                "x........",
                "--answer",
                "pick 1",
            ][..],
            "cell 1 is not a free cell",
        ),
        (
            &["exercise", "--kind", "minimax", "--level", "5"][..],
            "5 is not in 1..=4",
        ),
        (
            &["exercise", "--kind", "mcts", "--svg"][..],
            "--dot and --svg draw the exercises on trees",
        ),
    ] {
        let output = run(args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn connect_four_positions_are_drawn_from_a_seed_and_answered_by_columns() {
    for kind in ["best-move", "mcts"] {
        let args = [
            "exercise",
            "--kind",
            kind,
            "--board",
            "connect-four",
            "--seed",
            "21",
            "--solution",
        ];
        let first = run(&args);
        assert_eq!(first.status.code(), Some(0), "{kind}: {first:?}");
        assert_eq!(first.stdout, run(&args).stdout, "{kind}");
        let stdout = text(&first.stdout);
        // Seven columns numbered under six rows, and the level's empty cells.
        assert!(stdout.contains("\n1 2 3 4 5 6 7\n"), "{stdout}");
        let position = stdout
            .lines()
            .find_map(|line| line.strip_prefix("position "))
            .unwrap();
        assert_eq!(position.split('/').count(), 6, "{position}");
        assert_eq!(position.matches('.').count(), 8, "{position}");
        // Its own solution, in columns, is correct.
        let solution = stdout
            .lines()
            .find_map(|line| line.strip_prefix("Solution: "))
            .unwrap();
        let column: usize = solution
            .split(';')
            .next()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=7).contains(&column), "{solution}");
        let checked = run(&[
            "exercise",
            "--kind",
            kind,
            "--board",
            "connect-four",
            "--seed",
            "21",
            "--answer",
            solution,
        ]);
        assert_eq!(checked.status.code(), Some(0), "{kind}: {checked:?}");
        // The same position given by its rows is the same exercise.
        let given = run(&[
            "exercise",
            "--kind",
            kind,
            "--position",
            position,
            "--seed",
            "21",
            "--answer",
            solution,
        ]);
        assert_eq!(given.status.code(), Some(0), "{kind}: {given:?}");
    }
}

/// The horizon's exercise on the guide's position 744511 (X to move): O's
/// open two on the bottom row is one move beyond depth 3.
fn horizon_exercise(kind: &str, extra: &[&str]) -> Output {
    let mut args = vec!["exercise", "--kind", kind, "--moves", "744511"];
    args.extend(extra);
    run(&args)
}

#[test]
fn the_horizons_exercises_are_answered_by_value_leaf_and_deeper_move() {
    // Depth 2 with lines, the weights shown with the exercise.
    let output = horizon_exercise("depth-value", &["--solution"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = text(&output.stdout);
    assert!(stdout.contains("evaluation lines\ndepth 2\n"), "{stdout}");
    assert!(
        stdout.contains("(X's count − O's count) × weight: open-1 × 1, open-2 × 4, open-3 × 9"),
        "{stdout}"
    );
    assert!(stdout.contains("Solution: root = -1\n"), "{stdout}");
    let output = horizon_exercise("depth-value", &["--answer", "root = 3"]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(
        text(&output.stdout).contains("The search gives the position −1, not 3."),
        "{output:?}"
    );

    let output = horizon_exercise("deciding-leaf", &["--depth", "3", "--answer", "leaf 5 4 5"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let output = horizon_exercise("deciding-leaf", &["--depth", "3", "--answer", "leaf 5 4"]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(
        text(&output.stdout).contains("reached by columns 5 4 5, not 5 4."),
        "{output:?}"
    );

    let output = horizon_exercise(
        "deeper",
        &["--depth", "3", "--answer", "changes yes; move 3"],
    );
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let output = horizon_exercise("deeper", &["--depth", "3", "--answer", "changes no"]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(
        text(&output.stdout).contains("The deeper search plays another move."),
        "{output:?}"
    );
    // Depth 4 at most; yes or no; a board with gravity.
    for (args, words) in [
        (&["--depth", "5"][..], "depth 1 to 4"),
        (&["--answer", "changes maybe"][..], "yes or no"),
    ] {
        let output = horizon_exercise("deeper", args);
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        assert!(text(&output.stderr).contains(words), "{output:?}");
    }
    let output = run(&["exercise", "--kind", "deeper", "--board", "4x4"]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(
        text(&output.stderr).contains("board with gravity"),
        "{output:?}"
    );
    // The same seed makes the same exercise.
    let first = run(&["exercise", "--kind", "deeper", "--seed", "9"]);
    assert_eq!(
        run(&["exercise", "--kind", "deeper", "--seed", "9"]).stdout,
        first.stdout
    );
}
