//! What an attack on the command line found (issue 35): files, arguments
//! and signals a person would not think of, each refused or handled in
//! words, with nothing lost.

use super::common::{stderr, tictactoe, wait_for_errors};

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::Duration;

/// A directory of the test's own, empty.
fn home(name: &str) -> PathBuf {
    let home = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-attack-{name}"));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    home
}

/// A saved game of two people from the empty board with `moves` (the
/// file's cells, from 0).
fn saved_game(moves: &str) -> String {
    format!(
        "{{\"format\": \"tictactoe-game\", \"version\": 1, \"size\": \"3x3\", \
         \"players\": {{\"x\": {{\"player\": \"human\", \"difficulty\": \"hard\"}}, \
         \"o\": {{\"player\": \"human\", \"difficulty\": \"hard\"}}}}, \"seed\": 1, \
         \"start\": \".../.../...\", \"moves\": {moves}}}\n"
    )
}

#[test]
fn a_bad_saved_game_names_its_cells_from_1() {
    let home = home("cells");
    let cases = [
        ("[4, 4]", "move 2 (saved as 4): cell 5 is already taken"),
        (
            "[4, 9]",
            "move 2 (saved as 9): cell 10 is off the board (cells are 1-9)",
        ),
    ];
    for (moves, message) in cases {
        let path = home.join("game.json");
        std::fs::write(&path, saved_game(moves)).unwrap();
        let path = path.to_str().unwrap();
        for args in [["review", "--game", path], ["analyze", "--game", path]] {
            let output = tictactoe(&[]).args(args).output().unwrap();
            assert_eq!(output.status.code(), Some(1), "{args:?}");
            assert!(
                stderr(&output).contains(message),
                "{args:?} {moves}: {}",
                stderr(&output)
            );
        }
    }
    let _ = std::fs::remove_dir_all(&home);
}

/// A Monte Carlo exercise of 2^32 - 1 playouts: it runs for minutes.
const ENDLESS_EXERCISE: [&str; 7] = [
    "exercise",
    "--kind",
    "mcts",
    "--playouts",
    "4294967295",
    "--seed",
    "1",
];

/// The endless exercise with `more` arguments, started with its output
/// and errors piped.
fn endless_exercise(more: &[&str]) -> Child {
    tictactoe(&[])
        .args(ENDLESS_EXERCISE)
        .args(more)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn a_monte_carlo_exercise_stops_at_the_first_signal() {
    let extra: [&[&str]; 3] = [&[], &["--solution", "--json"], &["--answer", "pick 9"]];
    for (signal, name, more) in [
        (libc::SIGINT, "interrupted (SIGINT)", extra[0]),
        (libc::SIGTERM, "terminated (SIGTERM)", extra[1]),
        (libc::SIGHUP, "hung up (SIGHUP)", extra[2]),
    ] {
        let mut child = endless_exercise(more);
        // Time to listen for signals: one before would end it anyway.
        std::thread::sleep(Duration::from_millis(500));
        // SAFETY: kill only sends a signal to the child, still ours.
        assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
        let (status, errors) = wait_for_errors(&mut child, Duration::from_secs(2));
        assert_eq!(status.code(), Some(128 + signal), "{more:?}: {errors}");
        assert_eq!(
            errors,
            format!("{name}: the exercise was not made\n"),
            "{more:?}"
        );
    }
}

#[test]
fn a_monte_carlo_exercise_stops_when_its_reader_goes() {
    let mut child = endless_exercise(&["--solution", "--json"]);
    // As `| head -c 10` does once it has gone: the exercise prints only
    // once its playouts have run.
    drop(child.stdout.take());
    let (status, errors) = wait_for_errors(&mut child, Duration::from_secs(2));
    assert_eq!(status.code(), Some(1), "{errors}");
    assert_eq!(errors, "");
}

#[test]
fn a_usage_error_echoes_the_argument_escaped_and_cut() {
    let long = "7".repeat(100_000);
    let cases: [(&[&str], &str); 6] = [
        (
            &["tournament", "--games", "5\rerror: all fine"],
            "'5\\u{d}error: all fine'",
        ),
        (
            &["play", "--max", "\u{9b}2J", "--min", "random"],
            "'\\u{9b}2J'",
        ),
        (&["play", "--max", "random", "--min", "\u{9c}"], "'\\u{9c}'"),
        (&["tournament", "--games", "\u{9d}x"], "'\\u{9d}x'"),
        (&["play", "--fo\u{202e}"], "'--fo\\u{202e}'"),
        (&["tournament", "--games", &long], "7777…'"),
    ];
    for (args, echo) in cases {
        let output = tictactoe(&[]).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let errors = stderr(&output);
        assert!(errors.contains(echo), "{args:?}: {errors}");
        assert!(
            !errors.contains(['\r', '\u{9b}', '\u{9c}', '\u{9d}', '\u{202e}']),
            "{args:?}: {errors:?}"
        );
        assert!(errors.len() < 1_000, "{args:?}: {} bytes", errors.len());
    }
}

#[test]
fn a_training_that_breaks_the_network_keeps_the_old_file() {
    let home = home("nan");
    let path = home.join("n.json");
    let state = path.to_str().unwrap();
    let train = |games: &str| {
        tictactoe(&[])
            .args(["train", "--player", "neural", "--opponent", "self"])
            .args(["--games", games, "--seed", "1", "--state", state])
            .output()
            .unwrap()
    };
    assert!(train("2").status.success());
    // Finite weights, so play and analyze take them, but training on them
    // runs into NaN.
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    for (index, parameter) in file["network"]["parameters"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .enumerate()
    {
        *parameter = serde_json::json!(if index % 2 == 0 { 1e20 } else { -1e20 });
    }
    let huge = serde_json::to_string(&file).unwrap();
    std::fs::write(&path, &huge).unwrap();
    let output = train("3");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains(
            "is not a finite number: it would not read back, so the file was left as it is"
        ),
        "{}",
        stderr(&output)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), huge);
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_second_training_of_one_state_is_refused_while_the_first_runs() {
    let home = home("lock");
    let path = home.join("td.json");
    let state = path.to_str().unwrap();
    let train = |games: &str| {
        let mut command = tictactoe(&[]);
        command
            .args(["train", "--player", "td", "--opponent", "random"])
            .args(["--games", games, "--seed", "1", "--state", state]);
        command
    };
    assert!(train("100").output().unwrap().status.success());
    let mut first = train("20000000")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Its heading says it has read the state, so it holds the file.
    let mut heading = [0u8; 8];
    first
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut heading)
        .unwrap();
    let second = train("10").output().unwrap();
    // SAFETY: kill only sends a signal to the child, still ours.
    assert_eq!(unsafe { libc::kill(first.id() as i32, libc::SIGINT) }, 0);
    let (status, errors) = wait_for_errors(&mut first, Duration::from_secs(20));
    assert_eq!(status.code(), Some(130), "{errors}");
    assert_eq!(second.status.code(), Some(2), "{}", stderr(&second));
    assert!(
        stderr(&second).contains("another training of this state is under way"),
        "{}",
        stderr(&second)
    );
    // The file holds the first training's games, all of them.
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let games = saved["games"].as_u64().unwrap();
    assert!(
        errors.contains(&format!("{games} games learned in all")),
        "{games}: {errors}"
    );
    // Once it has ended, the state trains again.
    assert!(train("10").output().unwrap().status.success());
    let _ = std::fs::remove_dir_all(&home);
}
