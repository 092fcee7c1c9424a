//! The command line with bad input and bad output: nothing silently lost,
//! no panic, safe echoes.

use super::common::{run, run_with_input, tictactoe};

use std::io::Write;
use std::process::Stdio;

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("the output is UTF-8")
}

#[test]
fn an_invalid_utf8_line_is_named_and_the_rest_still_analysed() {
    let output = run_with_input(&["analyze"], b"x........\n\xff\n.........\n");
    assert_eq!(output.status.code(), Some(1));
    let errors = text(&output.stderr);
    assert!(
        errors.contains("error: line 2: not UTF-8 text (byte 1 is invalid): '\\xff'"),
        "{errors}"
    );
    let analysed = text(&output.stdout);
    assert_eq!(analysed.matches("position ").count(), 2, "{analysed}");
    assert!(analysed.contains("position .../.../... (X to move)"));

    let output = run_with_input(&["analyze"], b"x\xe9.......\n");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr)
            .contains("line 1: not UTF-8 text (byte 2 is invalid): 'x\\xe9.......'"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn blank_positions_and_no_positions_are_named() {
    for blank in ["", "   "] {
        let output = run(&["analyze", blank]);
        assert_eq!(output.status.code(), Some(1), "{blank:?}");
        assert!(
            text(&output.stderr).contains("empty position"),
            "{blank:?}: {}",
            text(&output.stderr)
        );
    }
    for input in [&b""[..], b"\n  \n\r\n"] {
        let output = run_with_input(&["analyze"], input);
        assert_eq!(output.status.code(), Some(2), "{input:?}");
        assert!(
            text(&output.stderr).contains("error: no position given"),
            "{}",
            text(&output.stderr)
        );
    }
    // Blank lines between positions are skipped; CRLF line ends are fine.
    let output = run_with_input(&["analyze"], b"\nx........\r\n\n");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

#[test]
fn an_overlong_line_is_named_without_being_kept() {
    let mut input = vec![b'.'; 300_000];
    input.extend_from_slice(b"\nx........\n");
    let output = run_with_input(&["analyze"], &input);
    assert_eq!(output.status.code(), Some(1));
    let errors = text(&output.stderr);
    assert!(
        errors.contains("error: line 1: too long: 300000 bytes"),
        "{errors}"
    );
    assert!(errors.len() < 300, "the echo is cut: {errors}");
    assert!(text(&output.stdout).contains("position x../.../... (O to move)"));
}

#[test]
fn echoes_are_escaped_and_cut() {
    let hostile = "x\u{1b}]0;owned\u{7}\u{1b}[2J\0.......";
    let output = run(&["analyze", &hostile.replace('\0', "")]);
    assert_eq!(output.status.code(), Some(1));
    let errors = text(&output.stderr);
    assert!(
        !errors.contains('\u{1b}') && !errors.contains('\u{7}'),
        "{errors:?}"
    );
    assert!(
        errors.contains("position 'x\\u{1b}]0;owned\\u{7}\\u{1b}[2J.......': unknown character '\\u{1b}' (U+001B) at position 2"),
        "{errors}"
    );
    let long = "z".repeat(5000);
    let errors = text(&run(&["analyze", &long]).stderr);
    assert!(
        errors.contains(&format!("position '{}…'", "z".repeat(80))),
        "{errors}"
    );
    assert!(errors.len() < 300, "{errors}");
    for (position, character) in [
        ("x.o .x. ..o", "' ' (U+0020) at position 4"),
        ("x.o\t.x.\t..o", "'\\u{9}' (U+0009) at position 4"),
        ("\u{feff}x.o/.x./..o", "'\\u{feff}' (U+FEFF) at position 1"),
        ("x\u{301}.o/.x./..o", "'\\u{301}' (U+0301) at position 2"),
        (".\u{445}./.../...", "'\u{445}' (U+0445) at position 2"),
    ] {
        let output = run(&["analyze", position]);
        assert_eq!(output.status.code(), Some(1), "{position:?}");
        let errors = text(&output.stderr);
        assert!(
            errors.contains(&format!("unknown character {character}")),
            "{position:?}: {errors}"
        );
    }
}

#[test]
fn slashes_only_between_whole_rows() {
    for (position, reason) in [
        (
            "x.o.x/..o.",
            "'/' goes only between whole rows: row 2 has 4 cells, and row 1 has 5",
        ),
        ("x.o//.x.//..o", "'/' at position 5 is not between two rows"),
        ("/x.o/.x./..o/", "'/' at position 1 is not between two rows"),
    ] {
        let output = run(&["analyze", position, "x.o/.x./..o"]);
        assert_eq!(output.status.code(), Some(1), "{position}");
        let errors = text(&output.stderr);
        assert!(
            errors.contains(&format!("position '{position}': ")) && errors.contains(reason),
            "{position}: {errors}"
        );
        assert_eq!(text(&output.stdout).matches("position ").count(), 1);
    }
}

#[test]
fn positions_may_start_with_a_hyphen() {
    let output = run(&["analyze", "--json", "---------", "-x-------"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let lines: Vec<serde_json::Value> = text(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["position"], ".../.../...");
    assert_eq!(lines[1]["position"], ".x./.../...");
    // Still refused as options: anything else that starts with '-'.
    let output = run(&["analyze", "--fast", "x........"]);
    assert_eq!(output.status.code(), Some(2));
}

/// A pipe whose reading end is already closed: every write to it fails.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    writer.into()
}

fn full_file() -> Stdio {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap()
        .into()
}

const COMMANDS: [&[&str]; 6] = [
    &["players"],
    &["play", "--max", "random", "--min", "random", "--games", "3"],
    &["play", "--max", "random", "--min", "random", "--json"],
    &["analyze", "x.o/.x./..o"],
    &["analyze", "--json", "x.o/.x./..o"],
    &["--help"],
];

#[test]
fn closed_or_full_stdout_ends_quietly_with_an_error_code() {
    for args in COMMANDS {
        for (name, stdout) in [("closed", closed_pipe()), ("full", full_file())] {
            let output = tictactoe(args)
                .stdout(stdout)
                .stderr(Stdio::piped())
                .output()
                .unwrap();
            let errors = text(&output.stderr);
            assert_eq!(output.status.code(), Some(1), "{args:?} {name}: {errors}");
            assert!(!errors.contains("panicked"), "{args:?} {name}: {errors}");
        }
    }
}

#[test]
fn closed_or_full_stderr_ends_quietly_with_an_error_code() {
    let cases: [(&[&str], i32); 5] = [
        (&["analyze", "zzz"], 1),
        (&["analyze", "--depth", "0", "x........"], 2),
        (&["frob"], 2),
        (
            &[
                "play",
                "--max",
                "mcts",
                "--min",
                "random",
                "--depth-max",
                "2",
            ],
            1,
        ),
        (&["analyze", "--player", "minimax", "................"], 1),
    ];
    for (args, code) in cases {
        for (name, stderr) in [("closed", closed_pipe()), ("full", full_file())] {
            let output = tictactoe(args)
                .stdout(Stdio::null())
                .stderr(stderr)
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(code), "{args:?} {name}");
        }
    }
    // Many bad lines and a stderr that closes early.
    let output = tictactoe(&["analyze"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(closed_pipe())
        .spawn()
        .and_then(|mut child| {
            let mut stdin = child.stdin.take().unwrap();
            let _ = stdin.write_all("zzz\n".repeat(20_000).as_bytes());
            drop(stdin);
            child.wait_with_output()
        })
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn analyze_game_ends_quietly_when_its_output_is_closed() {
    let directory = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_input");
    std::fs::create_dir_all(&directory).unwrap();
    let game = directory.join("game.json");
    let bad = directory.join("bad.json");
    let saved = r#"{"format": "tictactoe-game", "version": 1, "size": "3x3",
        "players": {"x": {"player": "human", "difficulty": "hard"},
                    "o": {"player": "human", "difficulty": "hard"}},
        "seed": 0, "start": ".........", "moves": [4, 0, 8]}"#;
    std::fs::write(&game, saved).unwrap();
    std::fs::write(&bad, saved.replace("[4, 0, 8]", "[4, 4]")).unwrap();
    for (path, closed_stdout) in [(&game, true), (&bad, false)] {
        for (name, closed) in [("closed", closed_pipe()), ("full", full_file())] {
            let args = ["analyze", "--game", path.to_str().unwrap()];
            let mut command = tictactoe(&args);
            if closed_stdout {
                command.stdout(closed).stderr(Stdio::piped());
            } else {
                command.stdout(Stdio::piped()).stderr(closed);
            }
            let output = command.output().unwrap();
            let errors = text(&output.stderr);
            assert_eq!(output.status.code(), Some(1), "{path:?} {name}: {errors}");
            assert!(!errors.contains("panicked"), "{path:?} {name}: {errors}");
        }
    }
}

#[test]
fn depth_for_players_without_one_is_warned_about() {
    let output = run(&[
        "play",
        "--max",
        "mcts",
        "--min",
        "random",
        "--depth-max",
        "3",
        "--depth-min",
        "easy",
        "--seed",
        "1",
    ]);
    assert!(output.status.success());
    let errors = text(&output.stderr);
    assert!(
        errors.contains("warning: --depth-max is ignored: mcts has no search depth"),
        "{errors}"
    );
    assert!(
        errors.contains("warning: --depth-min is ignored: random has no search depth"),
        "{errors}"
    );
    let output = run(&["analyze", "--player", "rules", "--depth", "2", "x........"]);
    assert!(output.status.success());
    assert!(
        text(&output.stderr).contains("warning: --depth is ignored: rules has no search depth")
    );
    let output = run(&["analyze", "--depth", "2", "x........"]);
    assert!(text(&output.stderr).is_empty());
}

#[test]
fn the_number_of_games_must_be_positive() {
    for count in ["-1", "0", "-5000000000"] {
        let output = run(&[
            "play", "--max", "random", "--min", "random", "--games", count,
        ]);
        assert_eq!(output.status.code(), Some(2), "{count}");
        assert!(
            text(&output.stderr).contains("the number of games must be positive"),
            "{count}: {}",
            text(&output.stderr)
        );
    }
}

#[test]
fn minimax_on_an_empty_big_board_warns_and_time_stops_it() {
    let output = run(&[
        "analyze",
        "--player",
        "minimax",
        "--time",
        "0.2",
        "................",
        "x........",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let errors = text(&output.stderr);
    assert!(
        errors.contains(
            "position '................': the time limit ran out before minimax finished"
        ),
        "{errors}"
    );
    assert_eq!(text(&output.stdout).matches("position ").count(), 1);
    // Without a limit it says so before it starts (and is stopped here).
    let mut child = tictactoe(&["analyze", "--player", "minimax", "................"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 40];
    let mut stderr = child.stderr.take().unwrap();
    std::io::Read::read_exact(&mut stderr, &mut first).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(text(&first), "warning: plain minimax cannot finish thi");
    // alphabeta-tt under a time limit keeps its deepest finished search.
    let output = run(&["analyze", "--time", "0.2", "--json", "................"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
}
