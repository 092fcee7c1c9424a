//! `tictactoe mcts-trace`: each playout printed as it ends, text or JSON,
//! the same for a seed, and bad input refused with exit code 2.

use super::common::run;
use std::process::Output;

use tictactoe_engine::board::Board;
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::search::CancelFlag;

fn trace(extra: &[&str]) -> Output {
    let mut args = vec![
        "mcts-trace",
        "oo./.xx/o.x",
        "--playouts",
        "6",
        "--seed",
        "1",
    ];
    args.extend(extra);
    run(&args)
}

#[test]
fn each_playout_is_printed_with_its_phases_in_cells_from_1() {
    let output = trace(&[]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let playouts: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("playout "))
        .collect();
    assert_eq!(playouts.len(), 6);
    // Playouts 1-3 take X's moves in cell order (3, 4, 8); the fourth
    // compares them by UCB: N = 3, each n = 1, c*sqrt(ln 3) = 1.482.
    assert_eq!(playouts[0], "playout 1: path X 3");
    assert_eq!(playouts[3], "playout 4: path X 4");
    let fourth = text.split("playout 4:").nth(1).unwrap();
    assert!(
        fourth.contains(
            "selection at the root, X chooses (N=3): 3 n=1 mean +1.000 ucb 1.000 + 1.482 = 2.482; \
             4 n=1 mean +1.000 ucb 1.000 + 1.482 = 2.482; 8 n=1 mean -1.000 ucb 0.000 + 1.482 = \
             1.482 -> 4 (the highest ucb)"
        ),
        "{fourth}"
    );
    assert!(fourth.contains("  result: X wins\n"), "{fourth}");
    assert!(
        fourth.contains("  update: root n=4 mean +0.500; 4 n=2 mean +1.000\n"),
        "{fourth}"
    );
    // The first playout expands the root.
    assert!(
        text.contains("  expansion: root gets its 3 children; the new node is 3\n"),
        "{text}"
    );
}

#[test]
fn a_larger_c_tries_the_losing_move_again_sooner() {
    let text = String::from_utf8(trace(&["--c", "4"]).stdout).unwrap();
    let sixth = text.split("playout 6:").nth(1).unwrap();
    assert!(sixth.starts_with(" path X 8, O 3\n"), "{sixth}");
    assert!(
        sixth.contains("expansion: 8 gets its 2 children; the new node is 8 3"),
        "{sixth}"
    );
    assert!(sixth.contains("result: O wins"), "{sixth}");
}

#[test]
fn json_is_one_object_per_playout_with_cells_from_0_and_the_same_for_a_seed() {
    let output = trace(&["--json"]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    let objects: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(objects.len(), 6);
    let fourth = &objects[3];
    assert_eq!(fourth["playout"], 4);
    assert_eq!(fourth["path"], serde_json::json!([3]));
    let root = &fourth["selection"][0];
    assert_eq!(root["to_move"], "x");
    assert_eq!(root["picked"], 3);
    let losing = &root["children"][2];
    assert_eq!(losing["move"], 7);
    assert_eq!(losing["mean"], -1.0);
    assert_eq!(losing["exploitation"], 0.0);
    assert!((losing["exploration"].as_f64().unwrap() - 1.4823038).abs() < 1e-6);
    assert_eq!(fourth["winner"], "x");
    assert_eq!(fourth["updates"][0]["visits"], 4);
    assert_eq!(fourth["updates"][0]["mean"], 0.5);
    // The same seed prints the same trace.
    assert_eq!(trace(&["--json"]).stdout, output.stdout);
}

#[test]
fn the_trace_ends_where_the_players_search_with_that_seed_ends() {
    // analyze --player mcts runs the player with its default options; its
    // report names the seed its search ran from. The trace with that seed
    // and as many playouts ends in the same visits and means.
    let board = Board::parse_for_move("x.o/.x./...").unwrap();
    let mut player = PlayerKind::Mcts.create(&PlayerOptions::default());
    let seed = player
        .choose_move(&board, &CancelFlag::new())
        .replay_seed
        .expect("mcts names its seed");
    let analyzed = run(&["analyze", "--json", "--player", "mcts", "x.o/.x./..."]);
    assert!(analyzed.status.success());
    let report: serde_json::Value = serde_json::from_slice(&analyzed.stdout).unwrap();
    let seed_text = seed.to_string();
    let output = run(&[
        "mcts-trace",
        "x.o/.x./...",
        "--playouts",
        "20000",
        "--seed",
        &seed_text,
        "--json",
    ]);
    assert!(output.status.success());
    let last: serde_json::Value = serde_json::from_str(
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .last()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(last["playout"], 20000);
    let moves = report["visits"].as_object().unwrap();
    assert_eq!(moves.len(), 6);
    for (cell, visits) in moves {
        let cell: u64 = cell.parse().unwrap();
        let visits = visits.as_u64().unwrap();
        let mean = &report["means"][cell.to_string()];
        let update = last["updates"]
            .as_array()
            .unwrap()
            .iter()
            .find(|update| update["node"] == serde_json::json!([cell]));
        let child = last["selection"][0]["children"]
            .as_array()
            .unwrap()
            .iter()
            .find(|child| child["move"] == cell)
            .unwrap();
        // Selection saw the child before the last result; the update after.
        match update {
            Some(update) => {
                assert_eq!(update["visits"].as_u64().unwrap(), visits);
                assert_eq!(&update["mean"], mean);
            }
            None => {
                assert_eq!(child["visits"].as_u64().unwrap(), visits);
                assert_eq!(&child["mean"], mean);
            }
        }
    }
}

#[test]
fn bad_input_is_refused_with_exit_code_2() {
    for (args, message) in [
        (
            &["mcts-trace", "xxo/o", "--playouts", "5", "--seed", "1"][..],
            "position 'xxo/o'",
        ),
        (
            &[
                "mcts-trace",
                "xxx/oo./...",
                "--playouts",
                "5",
                "--seed",
                "1",
            ][..],
            "game is over: X won",
        ),
        (
            &["mcts-trace", "---------", "--playouts", "0", "--seed", "1"][..],
            "the number of playouts must be positive, not 0",
        ),
        (
            &[
                "mcts-trace",
                "---------",
                "--playouts",
                "many",
                "--seed",
                "1",
            ][..],
            "the number of playouts must be a whole number from 1 up",
        ),
        (
            &[
                "mcts-trace",
                "---------",
                "--playouts",
                "5",
                "--seed",
                "1",
                "--c",
                "-1",
            ][..],
            "the exploration constant is a number from 0 up",
        ),
        (
            &[
                "mcts-trace",
                "---------",
                "--playouts",
                "5",
                "--seed",
                "1",
                "--c",
                "inf",
            ][..],
            "the exploration constant is a number from 0 up",
        ),
        (
            &["mcts-trace", "---------", "--playouts", "5"][..],
            "--seed <S>",
        ),
    ] {
        let output = run(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
