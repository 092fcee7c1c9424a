//! The command line's memory does not grow with the number of games or the
//! length of the output: each command runs small and large, and its peak
//! resident memory (the kernel's count for the child, from wait4) may grow
//! by 16 MiB at most between them. Before the curve, the games and the
//! tree's lines were streamed, it grew by 37 to 160 MB here.

use std::process::{Command, Stdio};

/// How much more the large run may take than the small one.
const GROWTH_ALLOWED_KIB: i64 = 16 * 1024;

/// Runs the command to its end, output discarded, and returns its peak
/// resident memory in KiB.
fn peak_memory_kib(args: &[&str]) -> i64 {
    let state = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_memory");
    std::fs::create_dir_all(&state).unwrap();
    // wait4 below waits for it, with its resource usage.
    #[allow(clippy::zombie_processes)]
    let child = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(args)
        .env("XDG_DATA_HOME", &state)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, which nothing else waits for.
    let waited = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(waited, child.id() as i32);
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "{args:?} failed: {status:#x}"
    );
    // Linux counts it in KiB.
    usage.ru_maxrss
}

/// The peaks of `small` and `large`, and the check that the large run took
/// at most `GROWTH_ALLOWED_KIB` more.
fn assert_does_not_grow(small: &[&str], large: &[&str]) {
    let small_peak = peak_memory_kib(small);
    let large_peak = peak_memory_kib(large);
    assert!(
        large_peak - small_peak <= GROWTH_ALLOWED_KIB,
        "{large:?} took {large_peak} KiB, {small:?} {small_peak} KiB"
    );
}

#[test]
fn training_takes_the_same_memory_for_any_number_of_games() {
    let train = |games: &'static str| {
        [
            "train",
            "--player",
            "menace",
            "--opponent",
            "random",
            "--games",
            games,
            "--block",
            "1",
            "--seed",
            "1",
            "--fresh",
        ]
    };
    assert_does_not_grow(&train("100000"), &train("1000000"));
}

#[test]
fn a_tournament_takes_the_same_memory_for_any_number_of_games() {
    let tournament = |games: &'static str, json: &'static str| {
        [
            "tournament",
            "--players",
            "random,rules",
            "--games",
            games,
            "--seed",
            "1",
            json,
        ]
    };
    for format in ["--csv", "--json"] {
        assert_does_not_grow(&tournament("10000", format), &tournament("200000", format));
    }
}

#[test]
fn a_tree_is_printed_as_it_is_walked() {
    // The 549,946 nodes of minimax's full 3x3 tree, or its first ply.
    for json in [None, Some("--json")] {
        let tree = |plies| {
            let mut args = vec!["tree", "--player", "minimax", "--max-ply", plies];
            args.extend(json);
            args.push(".........");
            args
        };
        assert_does_not_grow(&tree("1"), &tree("9"));
    }
}

#[test]
fn an_mcts_trace_is_printed_playout_by_playout() {
    // From a position with six cells free the tree stops growing after a
    // few thousand playouts; what a run keeps beyond it is the output.
    for json in [None, Some("--json")] {
        let trace = |playouts| {
            let mut args = vec![
                "mcts-trace",
                "x.o/.x./...",
                "--playouts",
                playouts,
                "--seed",
                "1",
            ];
            args.extend(json);
            args
        };
        assert_does_not_grow(&trace("10000"), &trace("400000"));
    }
}
