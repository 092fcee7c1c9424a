//! `tictactoe train` and `--state` for `play` and `analyze`, run as a user
//! would: curves, saved states, and refusals with exit code 2.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run_in(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(args)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn home(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tictactoe-cli-learners-{name}-{}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn train_prints_the_curve_and_saves_to_the_data_directory() {
    let home = home("train");
    let output = run_in(
        &home,
        &[
            "train",
            "--player",
            "menace",
            "--opponent",
            "random",
            "--games",
            "200",
            "--seed",
            "4",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "training menace as X against random: 200 games, seed 4, from 0 games learned before"
    );
    // A twentieth of the games per line.
    assert_eq!(lines.len(), 1 + 20 + 1, "{text}");
    assert!(lines[1].starts_with("games 1-10: "), "{}", lines[1]);
    assert!(lines[20].starts_with("games 191-200: "), "{}", lines[20]);
    assert!(lines[20].contains(", first box "), "{}", lines[20]);
    let state = home.join("data").join("tictactoe").join("menace.json");
    assert_eq!(
        lines[21],
        format!("saved to {}: 200 games learned in all", state.display())
    );
    // Training again goes on from there, and the same seed replays the
    // same games: the CSV curve of a fresh start is the same twice.
    let again = run_in(
        &home,
        &[
            "train",
            "--player",
            "menace",
            "--opponent",
            "random",
            "--games",
            "10",
            "--seed",
            "4",
        ],
    );
    assert!(stdout(&again).contains("from 200 games learned before"));
    assert!(stdout(&again).contains("210 games learned in all"));
    let csv = |home: &Path| {
        stdout(&run_in(
            home,
            &[
                "train",
                "--player",
                "td",
                "--opponent",
                "self",
                "--side",
                "both",
                "--games",
                "300",
                "--block",
                "100",
                "--seed",
                "8",
                "--fresh",
                "--csv",
            ],
        ))
    };
    let first = csv(&home);
    assert_eq!(first, csv(&home));
    let rows: Vec<&str> = first.lines().collect();
    assert_eq!(
        rows[0],
        "games,wins,draws,losses,resignations,first_box_beads,lost_lines_x,lost_lines_o"
    );
    assert_eq!(rows.len(), 4);
    assert!(rows[3].starts_with("300,"));
    let _ = fs::remove_dir_all(&home);
}

#[test]
fn play_and_analyze_use_a_trained_state() {
    let home = home("use");
    let state = home.join("td.json");
    let output = run_in(
        &home,
        &[
            "train",
            "--player",
            "td",
            "--opponent",
            "self",
            "--side",
            "both",
            "--games",
            "50000",
            "--seed",
            "1",
            "--state",
            path(&state),
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("greedy play loses 0 lines as X, 0 as O"));
    let output = run_in(
        &home,
        &[
            "play",
            "--max",
            "td",
            "--min",
            "perfect",
            "--games",
            "3",
            "--seed",
            "1",
            "--state",
            path(&state),
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("Draws: 3"), "{}", stdout(&output));
    let output = run_in(
        &home,
        &[
            "analyze",
            "--player",
            "td",
            "--state",
            path(&state),
            "xx./oo./...",
        ],
    );
    let text = stdout(&output);
    assert!(text.contains("X td plays 2"), "{text}");
    assert!(
        text.contains("cell 2: learned value 100.0% for X"),
        "{text}"
    );
    // Untrained, the same player knows nothing.
    let fresh = stdout(&run_in(
        &home,
        &["analyze", "--player", "td", "x../.../..."],
    ));
    assert!(fresh.contains("learned value 45.0% for O"), "{fresh}");
    let _ = fs::remove_dir_all(&home);
}

#[test]
fn bad_learner_arguments_and_files_are_refused_with_exit_code_2() {
    let home = home("refusals");
    let corrupt = home.join("corrupt.json");
    fs::write(&corrupt, "{\"format\": \"tictactoe-learner\"").unwrap();
    let menace_state = home.join("menace.json");
    let made = run_in(
        &home,
        &[
            "train",
            "--player",
            "menace",
            "--opponent",
            "random",
            "--games",
            "5",
            "--seed",
            "1",
            "--state",
            path(&menace_state),
        ],
    );
    assert!(made.status.success());
    let missing = home.join("none.json");
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec!["train", "--player", "alphabeta", "--opponent", "self"],
            "alphabeta does not learn: train menace or td".into(),
        ),
        (
            vec!["train", "--player", "td", "--opponent", "negascout"],
            "invalid value 'negascout' for '--opponent <NAME|self>'\n  [possible values: self, \
             random, rules, minimax, alphabeta, alphabeta-tt, alphabeta-random, mcts, perfect]"
                .into(),
        ),
        (
            vec!["train", "--player", "td", "--opponent", "human"],
            "human cannot be the opponent in training".into(),
        ),
        (
            vec!["train", "--player", "td", "--opponent", "self", "--refill"],
            "--refill is for menace's boxes".into(),
        ),
        (
            vec![
                "train",
                "--player",
                "td",
                "--opponent",
                "self",
                "--state",
                path(&corrupt),
            ],
            "it was left as it is".into(),
        ),
        (
            vec![
                "train",
                "--player",
                "td",
                "--opponent",
                "self",
                "--state",
                path(&menace_state),
            ],
            "is menace's, not td's".into(),
        ),
        (
            vec!["play", "--max", "menace", "--min", "random", "--size", "4"],
            "the learning players play on 3x3 only, not on 4x4".into(),
        ),
        (
            vec![
                "play",
                "--max",
                "random",
                "--min",
                "perfect",
                "--state",
                path(&menace_state),
            ],
            "--state is for the learning players".into(),
        ),
        (
            vec![
                "play",
                "--max",
                "menace",
                "--min",
                "td",
                "--state",
                path(&menace_state),
            ],
            "menace and td cannot share it".into(),
        ),
        (
            vec![
                "train",
                "--player",
                "td",
                "--opponent",
                "self",
                "--fresh",
                "--state",
                path(&corrupt),
            ],
            "it was left as it is".into(),
        ),
        (
            vec!["tournament", "--players", "td,random", "--size", "5"],
            "the learning players play on 3x3 only, not on 5x5".into(),
        ),
        (
            vec![
                "compare",
                "--players",
                "menace,perfect",
                "x.../..../..../....",
            ],
            "the learning players play on 3x3 only, not on 4x4".into(),
        ),
        (
            vec![
                "analyze",
                "--player",
                "td",
                "--state",
                path(&missing),
                "x........",
            ],
            "no such file".into(),
        ),
        (
            vec![
                "train",
                "--player",
                "td",
                "--opponent",
                "self",
                "--games",
                "0",
            ],
            "the number of games must be positive".into(),
        ),
    ];
    for (args, expected) in cases {
        let output = run_in(&home, &args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains(&expected),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    // The corrupt file is as it was.
    assert_eq!(
        fs::read_to_string(&corrupt).unwrap(),
        "{\"format\": \"tictactoe-learner\""
    );
    // A learner asked about a big board names the problem (exit code 1,
    // as for any position it cannot analyse).
    let output = run_in(
        &home,
        &["analyze", "--player", "menace", "x.../..../..../...."],
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("3x3 only"), "{}", stderr(&output));
    let _ = fs::remove_dir_all(&home);
}

#[test]
fn menace_at_an_empty_box_resigns_in_play_and_says_so_in_analyze() {
    let home = home("resign");
    let state = home.join("empty-box.json");
    fs::write(
        &state,
        r#"{ "format": "tictactoe-learner", "version": 1, "learner": "menace", "games": 12,
             "refill": false, "boxes": { ".../.../...": [0, 0, 0, 0, 0, 0, 0, 0, 0] } }"#,
    )
    .unwrap();
    let played = run_in(
        &home,
        &[
            "play",
            "--max",
            "menace",
            "--min",
            "random",
            "--games",
            "2",
            "--verbose",
            "--state",
            path(&state),
        ],
    );
    assert!(played.status.success(), "{}", stderr(&played));
    let text = stdout(&played);
    assert_eq!(text.matches(":  -> X resigns, O wins").count(), 2, "{text}");
    assert!(text.contains("Min (O) wins: 2"), "{text}");
    let analyzed = run_in(
        &home,
        &[
            "analyze",
            "--player",
            "menace",
            "--state",
            path(&state),
            ".../.../...",
        ],
    );
    assert!(analyzed.status.success(), "{}", stderr(&analyzed));
    let text = stdout(&analyzed);
    assert!(
        text.contains("chose no move") && text.contains("the box is empty: MENACE resigns"),
        "{text}"
    );
    let _ = fs::remove_dir_all(&home);
}
