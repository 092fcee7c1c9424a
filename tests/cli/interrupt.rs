//! The command line stopped before its end: Ctrl+C (SIGINT), SIGTERM, a
//! standard output whose reader went away, standard streams closed from
//! the start. Every command stops its work, prints what it has (valid
//! JSON marked partial) and keeps what was learned.
use super::common::{tictactoe, wait_for_errors, wait_within};

use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_tools::feasibility::deepest_finishing_depth;
use tictactoe_words::Words;
use tictactoe_words::numbers::group;

/// A command under way, its output and errors read as they come.
struct Running {
    child: Child,
    lines: Receiver<String>,
    /// The output's lines read so far.
    stdout: String,
    stderr: JoinHandle<String>,
}

/// What a stopped command left: its exit status, all its output and its
/// errors.
struct Ended {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

impl Running {
    fn start(args: &[&str]) -> Running {
        Running::with_input(args, Stdio::null())
    }

    fn with_input(args: &[&str], stdin: Stdio) -> Running {
        let mut child = tictactoe(args)
            .stdin(stdin)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if sender.send(line.expect("UTF-8 output")).is_err() {
                    return;
                }
            }
        });
        let mut errors = child.stderr.take().unwrap();
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            errors.read_to_string(&mut text).expect("UTF-8 errors");
            text
        });
        Running {
            child,
            lines,
            stdout: String::new(),
            stderr,
        }
    }

    /// Waits at most 20 s for an output line that satisfies `wanted`.
    fn wait_for_line(&mut self, wanted: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.stdout.push_str(&line);
                    self.stdout.push('\n');
                    if wanted(&line) {
                        return;
                    }
                }
                Err(_) => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    panic!("the line wanted did not come: {}", self.stdout);
                }
            }
        }
    }

    fn signal(&self, signal: i32) {
        // SAFETY: kill only sends a signal to the child, which is still
        // ours (not yet waited for).
        assert_eq!(unsafe { libc::kill(self.child.id() as i32, signal) }, 0);
    }

    /// Waits for the end; fails if it takes more than `limit`.
    fn end(mut self, limit: Duration) -> Ended {
        let status = wait_within(&mut self.child, limit);
        for line in self.lines.iter() {
            self.stdout.push_str(&line);
            self.stdout.push('\n');
        }
        Ended {
            status,
            stdout: self.stdout,
            stderr: self.stderr.join().unwrap(),
        }
    }
}

/// Starts `args`, waits for the output line `started` says the work is
/// under way, sends `signal` and waits for the end.
fn stop_with(args: &[&str], started: impl Fn(&str) -> bool, signal: i32) -> Ended {
    let mut running = Running::start(args);
    running.wait_for_line(started);
    std::thread::sleep(Duration::from_millis(300));
    running.signal(signal);
    running.end(Duration::from_secs(10))
}

/// Starts `args`, lets it work for `time`, sends `signal` and waits for
/// the end.
fn stop_after(args: &[&str], time: Duration, signal: i32) -> Ended {
    let running = Running::start(args);
    std::thread::sleep(time);
    running.signal(signal);
    running.end(Duration::from_secs(10))
}

fn directory() -> PathBuf {
    let directory = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_interrupt");
    std::fs::create_dir_all(&directory).unwrap();
    directory
}

/// The games a state file says were learned.
fn games_learned(path: &std::path::Path) -> u64 {
    let text = std::fs::read_to_string(path).expect("the state was saved");
    let state: serde_json::Value = serde_json::from_str(&text).unwrap();
    state["games"].as_u64().unwrap()
}

#[test]
fn ctrl_c_ends_a_tournament_with_its_partial_results_as_json() {
    let ended = stop_with(
        &[
            "tournament",
            "--players",
            "mcts,alphabeta-random",
            "--games",
            "5000",
            "--seed",
            "1",
            "--json",
        ],
        |line| line.starts_with("\"games\""),
        libc::SIGINT,
    );
    assert_eq!(ended.status.code(), Some(130), "{}", ended.stderr);
    let json: serde_json::Value = serde_json::from_str(&ended.stdout)
        .unwrap_or_else(|error| panic!("{error}: {}", ended.stdout));
    assert_eq!(json["partial"], true);
    let played = json["games_played"].as_u64().unwrap();
    assert!(played < 10_000, "{played}");
    assert_eq!(json["games"].as_array().unwrap().len() as u64, played);
    assert_eq!(json["games_total"], 10_000);
    assert!(
        ended.stderr.contains(&format!(
            "interrupted (SIGINT): played {} of 10,000 games",
            group(played)
        )),
        "{}",
        ended.stderr
    );
}

#[test]
fn sigterm_ends_a_tournament_with_its_partial_ranking() {
    let ended = stop_after(
        &[
            "tournament",
            "--players",
            "mcts,alphabeta-random",
            "--games",
            "5000",
            "--seed",
            "1",
        ],
        Duration::from_millis(700),
        libc::SIGTERM,
    );
    assert_eq!(ended.status.code(), Some(143), "{}", ended.stderr);
    assert!(
        ended.stdout.contains("partial: not every game was played"),
        "{}",
        ended.stdout
    );
    assert!(ended.stdout.contains("Cross table"), "{}", ended.stdout);
    assert!(ended.stderr.starts_with("terminated (SIGTERM): played "));
}

#[test]
fn ctrl_c_ends_a_series_with_valid_json_marked_partial() {
    let ended = stop_with(
        &[
            "play", "--max", "mcts", "--min", "mcts", "--games", "10000", "--seed", "2", "--json",
        ],
        |line| line.contains("\"records\":["),
        libc::SIGINT,
    );
    assert_eq!(ended.status.code(), Some(130), "{}", ended.stderr);
    let json: serde_json::Value = serde_json::from_str(&ended.stdout)
        .unwrap_or_else(|error| panic!("{error}: {}", ended.stdout));
    assert_eq!(json["partial"], true);
    let played = json["games_played"].as_u64().unwrap();
    assert!(played < 10_000);
    assert_eq!(json["records"].as_array().unwrap().len() as u64, played);
    let counted = ["max_wins", "min_wins", "draws"]
        .iter()
        .map(|key| json[key].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(counted, played);
    assert!(
        ended.stderr.contains(&format!(
            "interrupted (SIGINT): stopped after {played} of 10000 games"
        )),
        "{}",
        ended.stderr
    );
}

#[test]
fn ctrl_c_ends_training_and_saves_what_was_learned() {
    let state = directory().join("interrupted-td.json");
    let _ = std::fs::remove_file(&state);
    let ended = stop_with(
        &[
            "train",
            "--player",
            "td",
            "--opponent",
            "mcts",
            "--games",
            "1000000",
            "--block",
            "1",
            "--seed",
            "3",
            "--fresh",
            "--state",
            state.to_str().unwrap(),
        ],
        |line| line.starts_with("games 1-1:"),
        libc::SIGINT,
    );
    assert_eq!(ended.status.code(), Some(130), "{}", ended.stderr);
    let learned = games_learned(&state);
    assert!((1..1_000_000).contains(&learned), "{learned}");
    // Every game learned is on the curve, a line each.
    assert_eq!(
        ended
            .stdout
            .lines()
            .filter(|line| line.starts_with("games "))
            .count() as u64,
        learned
    );
    assert!(
        ended.stderr.contains(&format!(
            "interrupted (SIGINT): training stopped after {learned} of 1000000 games; saved to {}: {learned} games learned in all",
            state.display()
        )),
        "{}",
        ended.stderr
    );
}

#[test]
fn ctrl_c_stops_a_long_search_and_a_recording() {
    let empty = "...../...../...../...../.....";
    for args in [
        ["analyze", "--player", "alphabeta", "--depth", "10", empty],
        ["tree", "--player", "alphabeta", "--depth", "10", empty],
    ] {
        let ended = stop_after(&args, Duration::from_millis(500), libc::SIGINT);
        assert_eq!(ended.status.code(), Some(130), "{args:?}: {}", ended.stderr);
        assert!(
            ended.stderr.starts_with("interrupted (SIGINT): "),
            "{}",
            ended.stderr
        );
        assert!(ended.stdout.is_empty(), "{}", ended.stdout);
    }
}

#[test]
fn ctrl_c_while_analyze_waits_for_input_ends_it_at_once() {
    let (reader, mut writer) = std::io::pipe().unwrap();
    let mut running = Running::with_input(&["analyze"], reader.into());
    std::io::Write::write_all(&mut writer, b"x........\n").unwrap();
    running.wait_for_line(|line| line.starts_with("O alphabeta-tt plays"));
    running.signal(libc::SIGINT);
    // The input stays open: nothing but the signal ends the command.
    let ended = running.end(Duration::from_secs(5));
    drop(writer);
    assert_eq!(ended.status.code(), Some(130), "{}", ended.stderr);
    assert!(ended.stdout.starts_with("position x../.../... (O to move)"));
}

#[test]
fn training_stops_when_its_output_is_closed_and_saves() {
    let state = directory().join("closed-menace.json");
    let _ = std::fs::remove_file(&state);
    let mut child = tictactoe(&[
        "train",
        "--player",
        "menace",
        "--opponent",
        "random",
        "--games",
        "20000000",
        "--seed",
        "4",
        "--fresh",
        "--state",
        state.to_str().unwrap(),
    ])
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    // As `| head -c 10` does: ten bytes read, and the pipe closed.
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    assert_eq!(&first, b"training m");
    let (status, errors) = wait_for_errors(&mut child, Duration::from_secs(10));
    assert_eq!(status.code(), Some(1), "{errors}");
    let learned = games_learned(&state);
    assert!(learned < 20_000_000, "{learned}");
    assert!(
        errors.starts_with(&format!(
            "standard output was closed: training stopped after {learned} of 20000000 games; saved to "
        )),
        "{errors}"
    );
}

/// `command` with standard input, output or error (`fd`) closed, as the
/// shell's `<&-`, `>&-` and `2>&-` leave them.
fn with_closed(mut command: Command, fd: i32) -> Command {
    // SAFETY: close is async-signal-safe, and the child closes only its
    // own copy of the descriptor.
    unsafe {
        command.pre_exec(move || {
            libc::close(fd);
            Ok(())
        });
    }
    command
}

#[test]
fn closed_standard_streams_are_errors_not_dev_null() {
    // players >&-
    let output = with_closed(tictactoe(&["players"]), 1)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stderr.is_empty(), "quietly");
    // analyze <&-: a read error, not an empty input.
    let output = with_closed(tictactoe(&["analyze"]), 0)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let errors = String::from_utf8(output.stderr).unwrap();
    assert!(
        errors.starts_with("error: reading standard input: it is closed"),
        "{errors}"
    );
    // A warning to a closed standard error fails as on a closed pipe.
    let args = [
        "play",
        "--max",
        "mcts",
        "--min",
        "random",
        "--depth-max",
        "2",
    ];
    let output = with_closed(tictactoe(&args), 2)
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    // Redirected to /dev/null on purpose, nothing fails.
    let output = tictactoe(&["players"])
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let output = tictactoe(&["analyze"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "empty input: no position");
}

#[test]
fn a_program_name_that_is_not_utf8_does_not_panic() {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::OsStr::from_bytes(b"/tmp/t\xffx");
    for args in [
        &["play", "--max", "random", "--min", "random", "--games", "0"][..],
        &["frob"],
        &["analyze", "--depth", "0", "x........"],
    ] {
        let output = tictactoe(args).arg0(name).output().unwrap();
        let errors = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {errors}");
        assert!(errors.contains("Usage: "), "{errors}");
        assert!(!errors.contains("panicked"), "{errors}");
    }
}

#[test]
fn plain_alphabeta_on_the_empty_5x5_board_is_refused_or_warned_about() {
    let empty = "...../...../...../...../.....";
    let ended = Running::start(&["tree", empty]).end(Duration::from_secs(10));
    assert_eq!(ended.status.code(), Some(2), "{}", ended.stderr);
    assert!(
        ended.stderr.contains(
            "error: plain alphabeta cannot finish this search in reasonable time (25 empty \
             cells); give it --depth, or record alphabeta-tt"
        ),
        "{}",
        ended.stderr
    );
    // At a depth it can finish, it records.
    let output = tictactoe(&["tree", "--depth", "3", empty])
        .output()
        .unwrap();
    assert!(output.status.success());
    // 15 empty cells on 4x4 take a second or two: no word.
    let output = tictactoe(&["tree", "--max-ply", "0", "----/----/----/x---"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty());
    // analyze warns before it starts, as for minimax, and Ctrl+C stops it.
    let ended = stop_after(
        &["analyze", "--player", "alphabeta", empty],
        Duration::from_millis(500),
        libc::SIGINT,
    );
    assert!(
        ended.stderr.starts_with(
            "warning: plain alphabeta cannot finish this search in reasonable time (25 \
             empty cells); give it --depth or --time\n"
        ),
        "{}",
        ended.stderr
    );
    assert_eq!(ended.status.code(), Some(130));
}

#[test]
fn ctrl_c_ends_solve_with_the_values_found_so_far() {
    let input = directory().join("solve-input");
    // A position solved at once, then one that takes half a minute.
    std::fs::write(&input, "2252576253462244111563365343671351441 -1\n4453\n").unwrap();
    let mut running = Running::with_input(
        &["solve", "--board", "connect-four", "--format", "pons"],
        Stdio::from(std::fs::File::open(&input).unwrap()),
    );
    running.wait_for_line(|line| line.ends_with(" -1"));
    std::thread::sleep(Duration::from_millis(300));
    running.signal(libc::SIGINT);
    let ended = running.end(Duration::from_secs(10));
    assert_eq!(ended.status.code(), Some(130), "{}", ended.stderr);
    assert_eq!(ended.stdout, "2252576253462244111563365343671351441 -1\n");
    assert!(
        ended
            .stderr
            .contains("interrupted (SIGINT): stopped after 1 position solved"),
        "{}",
        ended.stderr
    );
}

/// The empty board of `width` x `height` in rows.
fn empty_rows(width: usize, height: usize) -> String {
    vec![".".repeat(width); height].join("/")
}

/// The empty Connect Four board is in the opening book: the perfect player
/// answers at once, without a warning.
#[test]
fn the_perfect_player_answers_the_empty_connect_four_board_at_once() {
    let empty = empty_rows(7, 6);
    let args = [
        "analyze",
        "--player",
        "perfect",
        "--board",
        "connect-four",
        &empty,
    ];
    let ended = Running::start(&args).end(Duration::from_secs(20));
    assert!(ended.status.success(), "{}", ended.stderr);
    assert!(ended.stderr.is_empty(), "{}", ended.stderr);
}

#[test]
fn searches_that_cannot_finish_on_a_big_board_warn_and_stop_on_ctrl_c() {
    // Connect Four after its first stone (the empty board is in the
    // opening book, which the perfect player answers from at once).
    let opened = format!("{}/...x...", empty_rows(7, 5));
    let boards: [(&[&str], String, u32, Shape); 2] = [
        (
            &["--board", "connect-four"],
            opened,
            41,
            Shape::CONNECT_FOUR,
        ),
        (
            &["--board", "8x8", "--in-a-row", "5"],
            empty_rows(8, 8),
            64,
            Shape::new(8, 8, 5, false).unwrap(),
        ),
    ];
    for (board, empty, cells, shape) in &boards {
        for (player, name) in [
            ("minimax", "plain minimax"),
            ("alphabeta", "plain alphabeta"),
            ("alphabeta-tt", "alphabeta-tt"),
            ("pvs", "pvs"),
            ("mtdf", "mtdf"),
            ("perfect", "perfect"),
        ] {
            let mut args = vec!["analyze", "--player", player];
            args.extend_from_slice(board);
            args.push(empty);
            let ended = stop_after(&args, Duration::from_millis(500), libc::SIGINT);
            assert!(
                ended.stderr.starts_with(&format!(
                    "warning: {name} cannot finish this search in reasonable time ({cells} \
                     empty cells); give it --depth or --time\n"
                )),
                "{args:?}: {}",
                ended.stderr
            );
            assert_eq!(ended.status.code(), Some(130), "{args:?}");
        }
        // With a time limit the deepening searches finish, without a word.
        let mut args = vec!["analyze", "--player", "alphabeta-tt", "--time", "0.2"];
        args.extend_from_slice(board);
        args.push(empty);
        let ended = Running::start(&args).end(Duration::from_secs(20));
        assert!(ended.status.success(), "{args:?}: {}", ended.stderr);
        assert!(ended.stderr.is_empty(), "{}", ended.stderr);
        // compare --orders searches to the end: it warns too.
        let mut args = vec!["compare", "--orders"];
        args.extend_from_slice(board);
        args.push(empty);
        let ended = stop_after(&args, Duration::from_millis(500), libc::SIGINT);
        assert!(
            ended.stderr.starts_with(&format!(
                "warning: the searches to the end cannot finish in reasonable time ({cells} \
                 empty cells); Ctrl+C stops them\n"
            )),
            "{}",
            ended.stderr
        );
        assert_eq!(ended.status.code(), Some(130), "{args:?}");
        // play says that plain minimax looks only as far ahead as it can
        // finish on the empty board, plays so, and says so in its header.
        let mut args = vec!["play", "--max", "minimax", "--min", "random", "--seed", "1"];
        args.extend_from_slice(board);
        // Connect Four's 7 columns make that quick; 8x8's 64 cells take
        // seconds a move, and Ctrl+C ends the game after the header.
        let played = deepest_finishing_depth(PlayerKind::Minimax, &Board::new(*shape));
        let mut running = Running::start(&args);
        running.wait_for_line(|line| line.contains(" as X vs "));
        let ended = if shape.gravity() {
            let ended = running.end(Duration::from_secs(60));
            assert!(ended.status.success(), "{args:?}: {}", ended.stderr);
            ended
        } else {
            running.signal(libc::SIGINT);
            let ended = running.end(Duration::from_secs(20));
            assert_eq!(ended.status.code(), Some(130), "{args:?}");
            ended
        };
        assert!(
            ended.stderr.starts_with(&format!(
                "warning: plain minimax cannot finish a full depth search on the empty {} board \
                 in reasonable time; it plays at depth {played} instead (choose with \
                 --depth-max/--depth-min)\n",
                shape.words()
            )),
            "{args:?}: {}",
            ended.stderr
        );
        assert!(
            ended
                .stdout
                .contains(&format!("minimax, depth {played} as X")),
            "{}",
            ended.stdout
        );
    }
}

#[test]
fn ctrl_c_ends_an_exam_with_what_was_examined_marked_partial() {
    let set = include_str!("solve/middle-easy-sample").repeat(50);
    let path = directory().join("exam-set");
    std::fs::write(&path, set).unwrap();
    let args = [
        "exam",
        "--board",
        "connect-four",
        "--player",
        "alphabeta-tt",
        "--depth",
        "12",
        "--json",
        path.to_str().unwrap(),
    ];
    let ended = stop_after(&args, Duration::from_millis(1500), libc::SIGINT);
    assert_eq!(ended.status.code(), Some(130), "{}", ended.stderr);
    let result: serde_json::Value = serde_json::from_str(ended.stdout.trim()).unwrap();
    assert_eq!(result["partial"], true);
    let examined = result["positions"].as_u64().unwrap();
    assert!(examined < 1000, "{result}");
    let noun = if examined == 1 {
        "position"
    } else {
        "positions"
    };
    assert_eq!(
        ended.stderr.trim(),
        format!("interrupted (SIGINT): stopped after {examined} {noun} examined")
    );
}
