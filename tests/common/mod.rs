//! Helpers shared by the app's integration tests: the crates' own
//! (`tictactoe_testing`) and those that need the app or its binary.
#![allow(dead_code)]

use std::io::Read;
use std::process::{Child, Command, ExitStatus, Output};
use std::time::{Duration, Instant};

// Each test binary uses some of these, as of the helpers below.
#[allow(unused_imports)]
pub use tictactoe_testing::*;

/// The command line's binary with `args`, to be run.
pub fn tictactoe(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tictactoe"));
    command.args(args);
    command
}

/// Waits for `child` to end; kills it and fails if that takes more than
/// `limit`.
pub fn wait_within(child: &mut Child, limit: Duration) -> ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running {limit:?} later");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Waits for `child` as [`wait_within`] does, then reads what it wrote to
/// its standard error, which must be piped.
pub fn wait_for_errors(child: &mut Child, limit: Duration) -> (ExitStatus, String) {
    let status = wait_within(child, limit);
    let mut errors = String::new();
    child
        .stderr
        .take()
        .expect("standard error is piped")
        .read_to_string(&mut errors)
        .unwrap();
    (status, errors)
}

/// Runs the command line with `args` and waits for its output.
pub fn run(args: &[&str]) -> Output {
    tictactoe(args).output().expect("the binary runs")
}

/// What a command printed on standard output.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// What a command printed on standard error.
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// Events of the game thread until `game` is over (panics after 20 s).
pub fn events_until_over(
    events: &async_channel::Receiver<tictactoe::game::Event>,
    game: tictactoe::game::GameId,
) -> Vec<tictactoe::game::Event> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let mut seen = Vec::new();
    loop {
        match events.try_recv() {
            Ok(event) => {
                let over = event.game() == game
                    && matches!(event, tictactoe::game::Event::GameOver { .. });
                seen.push(event);
                if over {
                    return seen;
                }
            }
            Err(async_channel::TryRecvError::Empty) => {
                assert!(
                    std::time::Instant::now() < deadline,
                    "game {game} did not end: {seen:#?}"
                );
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
            Err(error) => panic!("event channel: {error}"),
        }
    }
}

/// The next event, waiting at most 5 s.
pub fn next_event(
    events: &async_channel::Receiver<tictactoe::game::Event>,
) -> tictactoe::game::Event {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        if let Ok(event) = events.try_recv() {
            return event;
        }
        assert!(std::time::Instant::now() < deadline, "no event within 5 s");
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
}

/// Runs the command line with `args`, `input` on its standard input.
/// Written from a thread: the binary may answer, or end, before it has
/// read it all (with `--game` it reads none).
pub fn run_with_input(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = tictactoe(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("its standard input is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    output
}
