//! `tictactoe train` and `--state` for `play` and `analyze`, run as a user
//! would: curves, saved states, and refusals with exit code 2.

use super::common::{self, stderr, stdout};

use std::fs;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::LearnerState;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_files::learner_state::LearnerFile;

fn run_in(home: &Path, args: &[&str]) -> Output {
    common::tictactoe(args)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .output()
        .expect("the binary runs")
}

/// Runs the command in `home` as `run_in` does, checks that it succeeded
/// and returns what it printed.
fn succeed_in(home: &Path, args: &[&str]) -> String {
    let output = run_in(home, args);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
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
    let text = succeed_in(
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
        "games,wins,draws,losses,resignations,first_box_beads,lost_lines_x,lost_lines_o,\
         optimal_share,policy_loss,value_loss,begin_easy_bare,begin_easy_searched,\
         middle_easy_bare,middle_easy_searched,end_easy_bare,end_easy_searched,\
         begin_medium_bare,begin_medium_searched,middle_medium_bare,middle_medium_searched,\
         begin_hard_bare,begin_hard_searched"
    );
    assert_eq!(rows.len(), 4);
    assert!(rows[3].starts_with("300,"));
    let _ = fs::remove_dir_all(&home);
}

#[test]
fn play_and_analyze_use_a_trained_state() {
    let home = home("use");
    let state = home.join("td.json");
    let printed = succeed_in(
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
    assert!(printed.contains("greedy play loses 0 lines as X, 0 as O"));
    let printed = succeed_in(
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
    assert!(printed.contains("Draws: 3"), "{printed}");
    let text = succeed_in(
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
    assert!(text.contains("X td plays 3"), "{text}");
    assert!(text.contains("cell 3: learned value +1.000"), "{text}");
    // Untrained, the same player knows nothing.
    let fresh = stdout(&run_in(
        &home,
        &["analyze", "--player", "td", "x../.../..."],
    ));
    // A fresh value of 45% for O is +0.1 on X's scale.
    assert!(fresh.contains("learned value +0.100"), "{fresh}");
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
            "alphabeta does not learn: train menace, td or neural".into(),
        ),
        (
            vec!["train", "--player", "td", "--opponent", "negascout"],
            "invalid value 'negascout' for '--opponent <NAME|self>'\n  [possible values: self, \
             random, rules, minimax, alphabeta, alphabeta-tt, alphabeta-random, mcts, perfect, pvs, \
             mtdf, pns]"
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
                "train", "--player", "td", "--opponent", "self", "--teacher", "solver",
            ],
            "--teacher is for the neural player".into(),
        ),
        (
            vec![
                "train",
                "--player",
                "neural",
                "--opponent",
                "self",
                "--board",
                "4x4",
                "--teacher",
                "solver",
                "--state",
                path(&missing),
            ],
            "--teacher solver needs a board with gravity".into(),
        ),
        (
            vec!["train", "--player", "neural", "--opponent", "self", "--teacher", "perfect"],
            "invalid value 'perfect' for '--teacher <TEACHER>'".into(),
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
            "MENACE and TD play on 3x3 only (they keep something for every position), not on 4x4".into(),
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
            "MENACE and TD play on 3x3 only (they keep something for every position), not on 5x5".into(),
        ),
        (
            vec![
                "compare",
                "--players",
                "menace,perfect",
                "x.../..../..../....",
            ],
            "MENACE and TD play on 3x3 only (they keep something for every position), not on 4x4".into(),
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
    // Nothing was made where a refused training would have saved.
    assert!(!missing.exists());
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
    let text = succeed_in(
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
    assert_eq!(text.matches(":  -> X resigns, O wins").count(), 2, "{text}");
    assert!(text.contains("Min (O) wins: 2"), "{text}");
    let text = succeed_in(
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
    assert!(
        text.contains("chose no move") && text.contains("the box is empty: MENACE resigns"),
        "{text}"
    );
    let _ = fs::remove_dir_all(&home);
}

fn tictactoe() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_tictactoe"))
}

/// The command run in `home`, as `run_in` runs it, stopped after 20 s.
fn run_within(home: &Path, args: &[&str]) -> Result<Output, String> {
    common::output_within(
        Command::new(tictactoe())
            .args(args)
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("data")),
        Duration::from_secs(20),
    )
}

/// Names in `dir`, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_named_pipe_for_a_state_or_a_game_is_refused_at_once() {
    let home = home("fifo");
    let fifo = home.join("pipe.json");
    common::make_fifo(&fifo);
    let train = [
        "train",
        "--player",
        "td",
        "--opponent",
        "self",
        "--games",
        "1",
    ];
    let cases: [(Vec<&str>, i32); 4] = [
        ([&train[..], &["--state", path(&fifo)]].concat(), 2),
        (
            vec![
                "play",
                "--max",
                "td",
                "--min",
                "random",
                "--games",
                "1",
                "--state",
                path(&fifo),
            ],
            2,
        ),
        (
            vec![
                "analyze",
                "--player",
                "td",
                "--state",
                path(&fifo),
                "x........",
            ],
            2,
        ),
        (vec!["analyze", "--game", path(&fifo)], 1),
    ];
    for (args, code) in cases {
        let output = run_within(&home, &args).unwrap_or_else(|hung| panic!("{hung}"));
        assert_eq!(output.status.code(), Some(code), "{args:?}");
        assert!(
            stderr(&output).contains("it is a named pipe (FIFO), not a regular file"),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    assert!(
        fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(),
        "the pipe is left as it is"
    );
    let _ = fs::remove_dir_all(&home);
}

/// A training of TD that would take a while, with its state at `state`.
fn long_training(state: &Path) -> Vec<String> {
    [
        "train",
        "--player",
        "td",
        "--opponent",
        "random",
        "--games",
        "200000",
        "--seed",
        "1",
        "--state",
    ]
    .iter()
    .map(|arg| arg.to_string())
    .chain([path(state).to_owned()])
    .collect()
}

#[test]
fn train_finds_out_before_training_that_it_cannot_save() {
    let home = home("unsaveable");
    fs::write(home.join("file.txt"), "a file").unwrap();
    let read_only = home.join("read-only");
    fs::create_dir(&read_only).unwrap();
    fs::set_permissions(&read_only, fs::Permissions::from_mode(0o555)).unwrap();
    let cases = [
        (home.join("new-dir/"), "the path names no file"),
        (read_only.join("td.json"), "Permission denied"),
    ];
    for (state, expected) in cases {
        let args = long_training(&state);
        // As a user the read-only directory holds off, when this is root.
        let output = common::output_within(
            common::as_unprivileged(tictactoe())
                .args(&args)
                .env("HOME", &home)
                .env("XDG_DATA_HOME", home.join("data")),
            Duration::from_secs(20),
        )
        .unwrap_or_else(|hung| panic!("{hung}"));
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        let said = stderr(&output);
        assert!(
            said.contains("cannot be saved")
                && said.contains(expected)
                && said.contains("nothing was trained"),
            "{args:?}: {said}"
        );
        assert_eq!(stdout(&output), "", "{args:?}: no training");
    }
    assert_eq!(
        names_in(&home),
        ["file.txt", "read-only"],
        "nothing was made"
    );
    assert!(names_in(&read_only).is_empty());
    let _ = fs::remove_dir_all(&home);
}

#[test]
fn train_removes_temporaries_that_a_killed_train_left() {
    let home = home("stale");
    let data = home.join("data").join("tictactoe");
    fs::create_dir_all(&data).unwrap();
    let mut gone = Command::new("true").spawn().unwrap();
    let pid = gone.id();
    gone.wait().unwrap();
    let stale = format!(".td.json.{pid}-0.tmp");
    fs::write(data.join(&stale), "{ half a state").unwrap();
    succeed_in(
        &home,
        &[
            "train",
            "--player",
            "td",
            "--opponent",
            "self",
            "--games",
            "10",
            "--seed",
            "1",
        ],
    );
    assert_eq!(names_in(&data), ["td.json"]);
    let _ = fs::remove_dir_all(&home);
}

#[test]
fn a_train_killed_at_any_moment_leaves_the_old_state_or_the_new() {
    use rand::{Rng, SeedableRng};
    let home = home("killed");
    let state = home.join("td.json");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    let args = long_training(&state);
    let mut learned = 0;
    for _ in 0..12 {
        let mut child = Command::new(tictactoe())
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(rng.random_range(0..700)));
        let _ = child.kill();
        let status = child.wait().unwrap();
        match LearnerState::read(&state) {
            Ok(read) => {
                assert!(
                    read.games == learned || read.games == learned + 200_000,
                    "{} games after {learned}",
                    read.games
                );
                if status.success() {
                    assert_eq!(read.games, learned + 200_000);
                }
                learned = read.games;
            }
            Err(error) => {
                assert!(error.is_missing(), "{error}");
                assert_eq!(learned, 0);
            }
        }
    }
    // A train that ends removes what the killed ones left.
    succeed_in(&home, &args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(names_in(&home), ["td.json"]);
    let _ = fs::remove_dir_all(&home);
}

#[test]
fn train_saves_through_a_symbolic_link() {
    let home = home("link");
    fs::create_dir(home.join("kept")).unwrap();
    let link = home.join("td.json");
    std::os::unix::fs::symlink("kept/td.json", &link).unwrap();
    let args = [
        "train",
        "--player",
        "td",
        "--opponent",
        "self",
        "--games",
        "10",
        "--seed",
        "1",
        "--state",
    ];
    for round in 1..=2 {
        succeed_in(&home, &[&args[..], &[path(&link)]].concat());
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink(),
            "round {round}: the link is still a link"
        );
        let kept = LearnerState::read(&home.join("kept/td.json")).unwrap();
        assert_eq!(kept.games, 10 * round);
    }
    assert_eq!(names_in(&home.join("kept")), ["td.json"]);
    let _ = fs::remove_dir_all(&home);
}

#[test]
fn the_count_of_games_learned_does_not_wrap() {
    let home = home("count");
    let state = home.join("td.json");
    let mut full = LearnerState::fresh(PlayerKind::Td, Shape::TIC_TAC_TOE).unwrap();
    full.games = u64::MAX;
    full.write(&state).unwrap();
    let printed = succeed_in(
        &home,
        &[
            "train",
            "--player",
            "td",
            "--opponent",
            "self",
            "--games",
            "3",
            "--seed",
            "1",
            "--state",
            path(&state),
        ],
    );
    assert!(
        printed.contains(": 18446744073709551615 games learned in all"),
        "{}",
        printed
    );
    let _ = fs::remove_dir_all(&home);
}

#[test]
fn a_state_files_text_reaches_the_terminal_escaped_and_cut() {
    let home = home("escape");
    let state = home.join("td.json");
    // JSON's escapes for ESC and BEL: the field's name holds them.
    let field = format!("\\u001b]0;owned\\u0007\\u001b[2J{}", "a".repeat(5000));
    let text = LearnerState::fresh(PlayerKind::Td, Shape::TIC_TAC_TOE)
        .unwrap()
        .to_json()
        .replace("\"games\"", &format!("\"{field}\""));
    fs::write(&state, &text).unwrap();
    let output = run_in(
        &home,
        &[
            "train",
            "--player",
            "td",
            "--opponent",
            "self",
            "--games",
            "1",
            "--state",
            path(&state),
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    let said = stderr(&output);
    assert!(
        !said.contains('\u{1b}') && !said.contains('\u{7}'),
        "{said:?}"
    );
    assert!(said.len() < 500, "{} bytes", said.len());
    assert_eq!(fs::read_to_string(&state).unwrap(), text, "left as it is");
    let _ = fs::remove_dir_all(&home);
}
