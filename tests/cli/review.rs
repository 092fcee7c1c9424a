//! `tictactoe review`: a saved game or moves on standard input graded
//! move by move, text and JSON (checked against the tools' review), and
//! its refusals.

use super::common::{self, run_with_input, stderr, stdout};

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::geometry::bits;
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::exercise::positions::Outcome;
use tictactoe_tools::review::words::why_words;
use tictactoe_tools::review::{DEFAULT_TIME_LIMIT, Judge, Review};

fn binary() -> Command {
    common::tictactoe(&[])
}

/// A directory of the test's own, empty.
fn home(name: &str) -> PathBuf {
    let home = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-review-{name}"));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    home
}

/// A saved game as the window writes it.
pub(super) fn saved_game(start: &str, moves: &[usize]) -> String {
    let moves: Vec<String> = moves.iter().map(usize::to_string).collect();
    format!(
        "{{\n  \"format\": \"tictactoe-game\",\n  \"version\": 1,\n  \"size\": \"3x3\",\n  \
         \"players\": {{\n    \"x\": {{ \"player\": \"human\", \"difficulty\": \"hard\" }},\n    \
         \"o\": {{ \"player\": \"human\", \"difficulty\": \"hard\" }}\n  }},\n  \"seed\": 1,\n  \
         \"start\": \"{start}\",\n  \"moves\": [{}]\n}}\n",
        moves.join(", ")
    )
}

/// O's corner 3 lets X fork (cells from 1: 1 5 9 3 7 4 8).
const TRAP: [usize; 7] = [0, 4, 8, 2, 6, 3, 7];

fn tools_review(start: &Board, moves: &[usize]) -> Review {
    let mut judge = Judge::new(DEFAULT_TIME_LIMIT, CancelFlag::new());
    Review::of_game(start, moves, &mut judge).unwrap()
}

#[test]
fn a_saved_game_and_the_same_moves_on_stdin_read_the_same() {
    let home = home("same");
    let file = home.join("trap.json");
    std::fs::write(&file, saved_game(".../.../...", &TRAP)).unwrap();
    let from_file = run_with_input(&["review", "--game", file.to_str().unwrap()], b"");
    assert_eq!(from_file.status.code(), Some(0), "{}", stderr(&from_file));
    let from_stdin = run_with_input(&["review"], b"1, 5\n9 3,7\r\n 4 8\n");
    assert_eq!(from_stdin.status.code(), Some(0), "{}", stderr(&from_stdin));
    assert_eq!(stdout(&from_file), stdout(&from_stdin));

    let text = stdout(&from_file);
    let review = tools_review(&Board::new(Shape::TIC_TAC_TOE), &TRAP);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("Review of a 3x3 game of 7 moves from the empty board"));
    assert!(
        lines[1].contains("start") && lines[1].ends_with("draw"),
        "{text}"
    );
    // A line per move: its number, side, cell from 1, grade, value, why.
    for (line, reviewed) in lines[2..9].iter().zip(&review.moves) {
        let head = format!(
            "{:>2}. {} {}",
            reviewed.ply + 1,
            reviewed.side.mark(),
            reviewed.cell + 1
        );
        assert!(line.starts_with(&head), "{line}");
        assert!(line.ends_with(&why_words(reviewed)), "{line}");
    }
    assert!(lines[5].contains("Mistake") && lines[5].contains("X wins in 3 moves"));
    assert!(lines[8].contains("X has won"), "{text}");
    assert_eq!(lines[9], "X: 4 of 4 moves best (100%)");
    assert_eq!(lines[10], "O: 2 of 3 moves best (67%)");
    assert_eq!(lines.len(), 11, "no word of estimates on 3x3: {text}");
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_best_move_is_called_best_once() {
    let output = run_with_input(&["review"], b"1 5 9 3 7 4 8\n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let best_lines: Vec<&str> = text
        .lines()
        .filter(|line| line.contains("Best move"))
        .collect();
    assert!(best_lines.len() >= 4, "{text}");
    for line in best_lines {
        assert_eq!(
            line.to_lowercase().matches("best move").count(),
            1,
            "the grade said twice: {line}"
        );
    }
}

#[test]
fn json_holds_the_tools_review() {
    let start = Board::parse_for_move("x../.o./...").unwrap();
    let moves = [8, 2, 6, 3, 7];
    let home = home("json");
    let file = home.join("set-up.json");
    std::fs::write(&file, saved_game("x../.o./...", &moves)).unwrap();
    let output = run_with_input(&["review", "--json", "--game", file.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let review = tools_review(&start, &moves);

    assert_eq!(json["size"], "3x3");
    assert_eq!(json["start"], "x../.o./...");
    assert_eq!(json["moves"], serde_json::json!(moves));
    assert_eq!(json["exact"], true);
    assert_eq!(json["partial"], false);
    let values = json["values"].as_array().unwrap();
    assert_eq!(values.len(), moves.len() + 1);
    for (index, (value, expected)) in values.iter().zip(&review.values).enumerate() {
        let stones = start.stone_count() + index as u32;
        assert_eq!(value["score"], expected.score);
        assert_eq!(value["exact"], true);
        assert_eq!(
            value["outcome"],
            Outcome::of_score(expected.score, stones).to_string()
        );
    }
    assert_eq!(values[2]["outcome"], "X3", "O's corner lets X fork");
    let reviews = json["reviews"].as_array().unwrap();
    assert_eq!(reviews.len(), moves.len());
    for (entry, reviewed) in reviews.iter().zip(&review.moves) {
        assert_eq!(entry["move"], reviewed.ply + 1);
        assert_eq!(entry["side"], reviewed.side.name());
        assert_eq!(entry["cell"], reviewed.cell);
        assert_eq!(entry["grade"], reviewed.grade.name());
        let best: Vec<usize> = bits(reviewed.best.best).collect();
        assert_eq!(entry["best"], serde_json::json!(best));
        assert_eq!(entry["why"], why_words(reviewed));
        let facts = &reviewed.reasons;
        let cells = |mask: u64| serde_json::json!(bits(mask).collect::<Vec<_>>());
        assert_eq!(entry["facts"]["wins"], facts.wins);
        assert_eq!(entry["facts"]["missed_wins"], cells(facts.missed_wins));
        assert_eq!(entry["facts"]["blocked"], cells(facts.blocked));
        assert_eq!(entry["facts"]["unblocked"], cells(facts.unblocked));
        assert_eq!(entry["facts"]["fork_made"], cells(facts.fork_made));
        match facts.fork_allowed {
            Some(fork) => {
                assert_eq!(entry["facts"]["fork_allowed"]["cell"], fork.cell);
                assert_eq!(
                    entry["facts"]["fork_allowed"]["threats"],
                    cells(fork.threats)
                );
            }
            None => assert!(entry["facts"]["fork_allowed"].is_null()),
        }
    }
    // O's 3 (index 2) allows X's fork on 7 (index 6) against 4 and 8.
    assert_eq!(reviews[1]["grade"], "mistake");
    assert_eq!(
        reviews[1]["facts"]["fork_allowed"],
        serde_json::json!({"cell": 6, "threats": [3, 7]})
    );
    for (side, name) in [(Side::Max, "x"), (Side::Min, "o")] {
        let accuracy = review.accuracy(side);
        assert_eq!(json["accuracy"][name]["best"], accuracy.best);
        assert_eq!(json["accuracy"][name]["moves"], accuracy.moves);
        assert_eq!(
            json["accuracy"][name]["percent"],
            accuracy.percent().unwrap()
        );
    }
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_big_board_says_when_its_values_are_estimates() {
    let moves = b"1 2 3 4 5 6 7 8 9 10 11";
    let output = run_with_input(
        &["review", "--size", "4", "--time-limit", "0.000001"],
        moves,
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Best move (estimated)"), "{text}");
    assert!(text.contains("(estimate, "), "{text}");
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("Some values are estimates"),
        "{text}"
    );
    let output = run_with_input(&["review", "--size", "4", "--json"], moves);
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["exact"], true, "proven within the default time");
    assert_eq!(json["reviews"][10]["grade"], "blunder");
    assert_eq!(json["values"][11]["outcome"], "O1");
}

#[test]
fn bad_moves_are_refused_naming_the_move() {
    let cases: [(&[&str], &[u8], i32, &str); 8] = [
        (&[], b"5 5", 2, "error: move 2: cell 5 is already taken"),
        (
            &[],
            b"5 x",
            2,
            "error: move 2: 'x' is not a cell: cells are numbered 1-9, row by row",
        ),
        (&[], b"0", 2, "error: move 1: '0' is not a cell"),
        (&["--size", "4"], b"17", 2, "cells are numbered 1-16"),
        (
            &[],
            b"5 \x1b[2J",
            2,
            "error: move 2: '\\u{1b}[2J' is not a cell",
        ),
        (
            &[],
            b"1 4 2 5 3 6",
            2,
            "error: move 6: the game was already over (X won) after 5 moves",
        ),
        (
            &[],
            b"5 1 9 3 7 4 6 8 2 2",
            2,
            "error: move 10: the game was already over",
        ),
        (&[], b"  \n, ", 2, "error: no moves given"),
    ];
    for (options, input, code, message) in cases {
        let args = [&["review"][..], options].concat();
        let output = run_with_input(&args, input);
        assert_eq!(output.status.code(), Some(code), "{input:?}");
        assert!(
            stderr(&output).contains(message),
            "{input:?}: {}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty(), "nothing reviewed: {input:?}");
    }
    // A move as long as the input is cut when echoed, and not kept whole.
    let long = vec![b'7'; 1 << 20];
    let output = run_with_input(&["review"], &long);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).len() < 400, "{}", stderr(&output));
}

#[test]
fn bad_files_are_refused_at_once() {
    let home = home("files");
    let fifo = home.join("pipe.json");
    common::make_fifo(&fifo);
    let to_fifo = home.join("to-pipe.json");
    std::os::unix::fs::symlink("pipe.json", &to_fifo).unwrap();
    let looped = home.join("loop.json");
    std::os::unix::fs::symlink("loop.json", &looped).unwrap();
    let taken = home.join("taken.json");
    std::fs::write(&taken, saved_game(".../.../...", &[4, 4])).unwrap();
    let broken = home.join("broken.json");
    std::fs::write(&broken, "{ \"format\": ").unwrap();
    let good = home.join("good.json");
    std::fs::write(&good, saved_game(".../.../...", &TRAP)).unwrap();
    let to_good = home.join("to-good.json");
    std::os::unix::fs::symlink("good.json", &to_good).unwrap();
    let cases = [
        (&fifo, "it is a named pipe (FIFO), not a regular file"),
        (&to_fifo, "it is a named pipe (FIFO), not a regular file"),
        (&looped, "cannot read the file"),
        (&taken, "move 2 (saved as 4): cell 5 is already taken"),
        (&broken, "error: game '"),
        (&home, "it is a directory, not a file"),
    ];
    for (path, message) in cases {
        let mut command = binary();
        command.args(["review", "--game", path.to_str().unwrap()]);
        let output = common::output_within(&mut command, Duration::from_secs(20))
            .unwrap_or_else(|hung| panic!("{hung}"));
        assert_eq!(output.status.code(), Some(1), "{path:?}");
        assert!(
            stderr(&output).contains(message),
            "{path:?}: {}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty(), "{path:?}");
    }
    // A link to a saved game is read through.
    let output = run_with_input(&["review", "--game", to_good.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_closed_output_or_input_ends_it_quietly() {
    let mut child = binary()
        .args(["review"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let _ = child.stdin.take().unwrap().write_all(b"5 1 9 3 7");
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).is_empty(), "{}", stderr(&output));

    let output = Command::new("sh")
        .args(["-c", "\"$0\" review <&-"])
        .arg(env!("CARGO_BIN_EXE_tictactoe"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("error: reading standard input: it is closed"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn ctrl_c_keeps_what_was_reviewed() {
    for (wait, json) in [(0.5, true), (4.5, false)] {
        let mut child = binary()
            .args(["review", "--size", "5"])
            .args(json.then_some("--json"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"13 7 9 17 19 1 25 5 3 23 21 15 11")
            .unwrap();
        std::thread::sleep(Duration::from_secs_f64(wait));
        // SAFETY: a signal to the child this test started.
        unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
        assert!(
            stderr(&output).contains("interrupted (SIGINT): stopped after reviewing "),
            "{}",
            stderr(&output)
        );
        if json {
            let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
            assert_eq!(json["partial"], true);
            let values = json["values"].as_array().unwrap().len();
            assert_eq!(
                json["reviews"].as_array().unwrap().len(),
                values.saturating_sub(1)
            );
        } else {
            // Whole lines for the moves graded, then their accuracies.
            let text = stdout(&output);
            let graded = text
                .lines()
                .filter(|line| {
                    line.split_once(". ")
                        .is_some_and(|(n, _)| n.trim().parse::<u32>().is_ok())
                })
                .count() as u32;
            let x = graded.div_ceil(2);
            let x_line = text.lines().find(|line| line.starts_with("X: "));
            let x_line = x_line.unwrap_or_else(|| panic!("X's accuracy: {text}"));
            match x {
                0 => assert_eq!(x_line, "X: no moves"),
                1 => assert!(x_line.contains(" of 1 move best"), "{text}"),
                x => assert!(x_line.contains(&format!(" of {x} moves best")), "{text}"),
            }
        }
    }
}
