//! `tictactoe exam`: a player examined on test-set lines, its moves judged
//! by the solver; `--evaluation` by name and by weights file, on exam and
//! the other commands that take it; the lines and options refused.

use std::fs;
use std::path::PathBuf;

use super::common::{run, run_with_input, stderr, stdout};

/// Positions on 5x4 with gravity (four in a row), each with its value's
/// sign for the side to move (the solver's). A depth-1 alphabeta-tt with
/// `lines` throws the wins of lines 2 and 9 away; searched to the end, it
/// plays each value.
const SMALL_SET: &str = "\
1112 0
1114133 1
1114353123 -1
1121 0
11235 0
112413 0
1124144 1
112423 1
11243 1
112555431 0
11353 1
113551 1
";

const BOARD: [&str; 3] = ["--board", "5x4", "--gravity"];

fn exam(extra: &[&str], input: &str) -> std::process::Output {
    let mut args = vec!["exam"];
    args.extend(BOARD);
    args.extend(extra);
    run_with_input(&args, input.as_bytes())
}

fn json(output: &std::process::Output) -> serde_json::Value {
    assert!(output.status.success(), "{}", stderr(output));
    serde_json::from_str(stdout(output).trim()).expect("one JSON object")
}

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tictactoe-cli-exam-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_shallow_player_throws_away_wins_the_solver_sees() {
    let output = exam(
        &[
            "--player",
            "alphabeta-tt",
            "--depth",
            "1",
            "--evaluation",
            "lines",
        ],
        SMALL_SET,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let mistakes: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("line "))
        .collect();
    assert_eq!(
        mistakes,
        [
            "line 2: 1114133: O to move, a win; column 2 makes it a draw",
            "line 9: 11243: O to move, a win; column 3 makes it a draw",
        ],
        "{text}"
    );
    let errors = stderr(&output);
    assert!(errors.is_empty(), "{errors}");
    // Searched to the end, the player never throws a value away.
    let output = exam(&["--player", "alphabeta-tt", "--json"], SMALL_SET);
    assert_eq!(json(&output)["mistakes"], 0);
}

#[test]
fn the_summary_gives_positions_mistakes_their_share_and_the_time() {
    let output = exam(
        &[
            "--player",
            "alphabeta-tt",
            "--depth",
            "1",
            "--evaluation",
            "lines",
        ],
        SMALL_SET,
    );
    let text = stdout(&output);
    let summary = text.lines().last().unwrap();
    assert!(
        summary.starts_with("12 positions, 2 mistakes (16.7 %), mean time per move "),
        "{summary}"
    );
    let output = exam(
        &[
            "--player",
            "alphabeta-tt",
            "--depth",
            "1",
            "--evaluation",
            "lines",
        ],
        "11243\n",
    );
    let text = stdout(&output);
    assert!(text.contains("1 position, 1 mistake (100.0 %)"), "{text}");
}

#[test]
fn json_holds_the_counts_the_rate_the_time_and_each_mistake() {
    let value = json(&exam(
        &[
            "--player",
            "alphabeta-tt",
            "--depth",
            "1",
            "--evaluation",
            "lines",
            "--json",
        ],
        SMALL_SET,
    ));
    assert_eq!(value["positions"], 12);
    assert_eq!(value["mistakes"], 2);
    let rate = value["mistake_rate"].as_f64().unwrap();
    assert!((rate - 2.0 / 12.0).abs() < 1e-9, "{rate}");
    assert!(value["mean_move_us"].as_u64().is_some(), "{value}");
    assert_eq!(value["evaluation"], "lines");
    assert_eq!(value["depth"], "1");
    assert_eq!(value["partial"], false);
    let mistakes = value["mistake_list"].as_array().unwrap();
    assert_eq!(mistakes[1]["line"], 9);
    assert_eq!(mistakes[1]["moves"], "11243");
    assert_eq!(mistakes[1]["column"], 3);
    assert_eq!(mistakes[1]["before"], "win");
    assert_eq!(mistakes[1]["after"], "draw");
}

#[test]
fn the_lines_score_decides_the_value_before_the_move_where_given() {
    let args = [
        "--player",
        "alphabeta-tt",
        "--depth",
        "1",
        "--evaluation",
        "lines",
        "--json",
    ];
    // Without a score the solver finds the win the move throws away; a
    // line that calls the position a draw makes the drawing move no
    // mistake.
    assert_eq!(json(&exam(&args, "11243\n"))["mistakes"], 1);
    assert_eq!(json(&exam(&args, "11243 0\n"))["mistakes"], 0);
    // The test sets' scores count by their sign.
    assert_eq!(json(&exam(&args, "11243 7\n"))["mistakes"], 1);
}

#[test]
fn the_evaluation_chosen_is_the_one_the_player_searches_with() {
    let dir = scratch("evaluation");
    let base = ["--player", "alphabeta-tt", "--depth", "3", "--json"];
    let with = |evaluation: &str| {
        let mut args = base.to_vec();
        args.extend(["--evaluation", evaluation]);
        json(&exam(&args, SMALL_SET))["mistake_list"].clone()
    };
    // Without --evaluation a board with gravity is searched with threats.
    let default = json(&exam(&base, SMALL_SET));
    assert_eq!(default["evaluation"], "threats");
    assert_eq!(with("threats"), default["mistake_list"]);
    let lines = with("lines");
    assert_ne!(lines, default["mistake_list"]);
    assert_ne!(with("centre"), lines);
    // A weights file with `lines`' weights plays as `lines`; one that
    // shuns the centre plays as `centre` turned round would not.
    let file = dir.join("lines.json");
    fs::write(
        &file,
        r#"{"board": {"width": 5, "height": 4, "in_a_row": 4, "gravity": true},
            "weights": {"open-1": 1, "open-2": 4, "open-3": 9}}"#,
    )
    .unwrap();
    assert_eq!(with(file.to_str().unwrap()), lines);
    fs::write(
        &file,
        r#"{"board": {"width": 5, "height": 4, "in_a_row": 4, "gravity": true},
            "weights": {"centre": 1}}"#,
    )
    .unwrap();
    assert_eq!(with(file.to_str().unwrap()), with("centre"));
}

#[test]
fn bad_evaluations_and_weights_files_are_refused() {
    let dir = scratch("refusals");
    let refused = |evaluation: &str, expected: &str| {
        let output = exam(
            &[
                "--player",
                "alphabeta-tt",
                "--depth",
                "1",
                "--evaluation",
                evaluation,
            ],
            SMALL_SET,
        );
        assert_eq!(output.status.code(), Some(2), "{evaluation}");
        let errors = stderr(&output);
        assert!(errors.contains(expected), "{evaluation}: {errors}");
        assert!(stdout(&output).is_empty());
    };
    refused(
        "squares",
        "no evaluation is named 'squares'; the evaluations: lines, centre, threats",
    );
    let file = dir.join("weights.json");
    let path = file.to_str().unwrap();
    refused(path, "No such file");
    fs::write(&file, "{\"board\": ").unwrap();
    refused(path, "line 1");
    fs::write(&file, r#"{"board": 3, "weights": {"centre": 1}}"#).unwrap();
    refused(path, "the weights are for a board of 3x3");
    let connect = r#""board": {"width": 5, "height": 4, "in_a_row": 4, "gravity": true}"#;
    fs::write(
        &file,
        format!(r#"{{{connect}, "weights": {{"corners": 1}}}}"#),
    )
    .unwrap();
    refused(path, "no feature is named 'corners'");
    fs::write(
        &file,
        format!(r#"{{{connect}, "weights": {{"open-5": 1}}}}"#),
    )
    .unwrap();
    refused(path, "'open-5' counts nothing");
    let pipe = dir.join("pipe.json");
    tictactoe_testing::make_fifo(&pipe);
    refused(pipe.to_str().unwrap(), "named pipe");
    // A player that does not search to a depth has no use for one.
    let output = exam(
        &["--player", "random", "--evaluation", "threats"],
        SMALL_SET,
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--evaluation applies to the depth-limited searches"));
}

#[test]
fn bad_lines_stop_the_exam_with_their_number() {
    for (input, expected) in [
        ("1112 0\n11a2 0\n", "line 2: '11a2' is no position"),
        ("1112 0\n\n111111\n", "line 3: move 5 of '111111'"),
        (
            "1112 zero\n",
            "line 1: the score 'zero' after '1112' is no whole number",
        ),
        ("1112 0 1\n", "line 1: '1' after the position and its score"),
        ("1212121\n", "line 1: the game of '1212121' is over"),
    ] {
        let output = exam(&["--player", "alphabeta-tt", "--depth", "1"], input);
        assert_eq!(output.status.code(), Some(2), "{input:?}");
        let errors = stderr(&output);
        assert!(errors.contains(expected), "{input:?}: {errors}");
    }
}

#[test]
fn boards_without_gravity_and_empty_input_are_refused() {
    let output = run_with_input(
        &[
            "exam",
            "--board",
            "4x4",
            "--player",
            "alphabeta-tt",
            "--depth",
            "1",
        ],
        b"1112\n",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("needs a board with gravity"),
        "{}",
        stderr(&output)
    );
    let output = exam(&["--player", "alphabeta-tt", "--depth", "1"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no position given"));
    let output = run(&[
        "exam",
        "--board",
        "connect-four",
        "--player",
        "alphabeta-tt",
        "/nonexistent/set",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("test set '/nonexistent/set'"));
}

#[test]
fn a_test_set_file_reads_as_standard_input_does() {
    let dir = scratch("file");
    let file = dir.join("set");
    fs::write(&file, SMALL_SET).unwrap();
    let args = [
        "--player",
        "alphabeta-tt",
        "--depth",
        "1",
        "--evaluation",
        "lines",
        "--json",
    ];
    let mut from_file = vec!["exam"];
    from_file.extend(BOARD);
    from_file.extend(args);
    from_file.push(file.to_str().unwrap());
    let read = json(&run(&from_file));
    let given = json(&exam(&args, SMALL_SET));
    assert_eq!(read["mistake_list"], given["mistake_list"]);
    assert_eq!(read["positions"], 12);
}

#[test]
fn analyze_compare_and_tournament_search_with_the_evaluation_chosen() {
    // At depth 1 on the empty 3x3 board the centre is best either way;
    // `lines` scores it 4 (one stone on four open lines), `centre` 1.
    let score = |evaluation: &str| {
        let output = run(&[
            "analyze",
            "--player",
            "alphabeta",
            "--depth",
            "1",
            "--json",
            "--evaluation",
            evaluation,
            ".........",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        let value: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
        (value["best"].clone(), value["score"].clone())
    };
    assert_eq!(score("lines"), (4.into(), 4.into()));
    assert_eq!(score("centre"), (4.into(), 1.into()));
    let compared = |evaluation: &str| {
        let output = run(&[
            "compare",
            "--players",
            "minimax:1,alphabeta-tt:1",
            "--json",
            "--evaluation",
            evaluation,
            ".........",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
    };
    let (lines, centre) = (compared("lines"), compared("centre"));
    assert!(
        lines.contains("\"score\": 4") && !lines.contains("\"score\": 1"),
        "{lines}"
    );
    assert!(
        centre.contains("\"score\": 1") && !centre.contains("\"score\": 4"),
        "{centre}"
    );
    let output = run(&[
        "tournament",
        "--players",
        "random,mcts",
        "--games",
        "1",
        "--evaluation",
        "threats",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no player here (random, mcts)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn play_gives_each_side_its_own_evaluation() {
    let game = |extra: &[&str]| {
        let mut args = vec![
            "play",
            "--max",
            "alphabeta",
            "--min",
            "alphabeta",
            "--depth-max",
            "1",
            "--depth-min",
            "1",
            "--seed",
            "1",
            "--verbose",
        ];
        args.extend(extra);
        let output = run(&args);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
            .lines()
            .find(|line| line.starts_with("game 1:"))
            .unwrap()
            .to_owned()
    };
    assert_eq!(game(&[]), "game 1: 5 1 3 7 4 6 8 2 9 -> draw");
    assert_eq!(game(&["--evaluation-max", "lines"]), game(&[]));
    // Max playing for the centre alone lets its second stone go anywhere;
    // Min's depth 1 misses the column Max then completes.
    assert_eq!(
        game(&["--evaluation-max", "centre"]),
        "game 1: 5 1 2 7 8 -> X wins"
    );
    assert_ne!(game(&["--evaluation-min", "centre"]), game(&[]));
    let output = run(&[
        "play",
        "--max",
        "alphabeta",
        "--min",
        "random",
        "--evaluation-min",
        "centre",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--evaluation-min applies to the depth-limited searches"));
}

#[test]
fn tree_records_the_search_with_the_evaluation_chosen() {
    // Depth 1 on the empty 3x3 board: the root's value is the best
    // horizon's, 4 under `lines`, 1 under `centre`; a corner's leaf 3 and 0.
    let values = |evaluation: &str| {
        let output = run(&[
            "tree",
            "--player",
            "alphabeta",
            "--depth",
            "1",
            "--json",
            "--evaluation",
            evaluation,
            ".........",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
            .lines()
            .take(2)
            .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["value"].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(values("lines"), [4, 3]);
    assert_eq!(values("centre"), [1, 0]);
}

/// A Connect Four network trained for `games` self-play games into
/// `state`; `train`'s standard output.
fn train_connect_four(state: &std::path::Path, games: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "train",
        "--board",
        "connect-four",
        "--player",
        "neural",
        "--opponent",
        "self",
        "--games",
        games,
        "--seed",
        "1",
        "--state",
        state.to_str().unwrap(),
    ];
    args.extend(extra);
    let output = run(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
}

#[test]
fn a_connect_four_network_takes_the_exam_and_is_refused_on_another_board() {
    let dir = scratch("neural");
    let state = dir.join("network.json");
    train_connect_four(&state, "4", &[]);
    let state = state.to_str().unwrap();
    // Middle-Medium's first three lines.
    let lines = "274552224131661 0\n\
                 5455174361263362 -1\n\
                 2531276566711153 2\n";
    let neural = [
        "exam",
        "--board",
        "connect-four",
        "--player",
        "neural",
        "--state",
        state,
        "--depth",
        "hard",
        "--json",
    ];
    let result = json(&run_with_input(&neural, lines.as_bytes()));
    assert_eq!(result["positions"], 3, "{result}");
    assert_eq!(result["player"], "neural", "{result}");
    let mut on_5x4 = neural.to_vec();
    on_5x4.splice(1..3, ["--board", "5x4", "--gravity"]);
    let output = run_with_input(&on_5x4, b"1112 0\n");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("learned on a board of 7x6, 4 in a row, with gravity"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn train_on_connect_four_prints_each_blocks_mistakes_on_the_sample() {
    let dir = scratch("train");
    let state = dir.join("network.json");
    let text = train_connect_four(&state, "4", &["--block", "2"]);
    let blocks: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("games "))
        .collect();
    assert_eq!(blocks.len(), 2, "{text}");
    for block in blocks {
        let (_, rates) = block
            .split_once("; mistakes bare / with search at Medium: ")
            .unwrap_or_else(|| panic!("no exam in {block}"));
        let sets: Vec<&str> = rates
            .split(", ")
            .map(|set| set.split(' ').next().unwrap())
            .collect();
        assert_eq!(
            sets,
            [
                "Begin-Easy",
                "Middle-Easy",
                "End-Easy",
                "Begin-Medium",
                "Middle-Medium",
                "Begin-Hard"
            ],
            "{block}"
        );
    }
    let csv = train_connect_four(&state, "2", &["--csv"]);
    let rows: Vec<&str> = csv.lines().collect();
    assert!(
        rows[0].ends_with(",begin_easy_bare,begin_easy_searched,middle_easy_bare,middle_easy_searched,end_easy_bare,end_easy_searched,begin_medium_bare,begin_medium_searched,middle_medium_bare,middle_medium_searched,begin_hard_bare,begin_hard_searched"),
        "{csv}"
    );
    let rates: Vec<f64> = rows[1]
        .split(',')
        .skip(11)
        .map(|rate| rate.parse().unwrap())
        .collect();
    assert_eq!(rates.len(), 12, "{csv}");
    assert!(rates.iter().all(|rate| (0.0..=1.0).contains(rate)), "{csv}");
    let _ = fs::remove_dir_all(&dir);
}
