//! The command line of the second chapter of search: what pvs, mtdf and
//! the deepening searches say they did, their settings as options, and
//! the move orders compared.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn json(output: &Output) -> serde_json::Value {
    assert!(output.status.success(), "{}", stderr(output));
    serde_json::from_str(stdout(output).trim()).expect("one JSON object")
}

#[test]
fn mtdf_says_each_pass_in_text_and_json() {
    // O to move; a draw. MTD(f) guesses 0 for O: the window (-1, 0) for O
    // is (0, 1) on X's scale, and O holds X to at most 0; then (-1, 0)
    // shows X at least 0.
    let text = stdout(&run(&["analyze", "--player", "mtdf", "x.o/.x./..."]));
    assert!(
        text.contains(
            "\n  depth 6, pass 1, window α 0, β 1: fails low: value ≤ 0, 20 nodes\n  \
             depth 6, pass 2, window α −1, β 0: fails high: value ≥ 0, 24 nodes\n"
        ),
        "{text}"
    );
    let json = json(&run(&[
        "analyze",
        "--player",
        "mtdf",
        "--json",
        "x.o/.x./...",
    ]));
    let passes: Vec<(i64, i64, i64)> = json["passes"]
        .as_array()
        .expect("passes")
        .iter()
        .map(|p| {
            (
                p["alpha"].as_i64().unwrap(),
                p["beta"].as_i64().unwrap(),
                p["value"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(passes, [(0, 1, 0), (-1, 0, 0)]);
    assert_eq!(json["passes"][1]["nodes"], json["nodes"]);
    assert_eq!(json["settings"]["order"], "heuristic");
    assert_eq!(json["settings"]["prune"], "on-equal");
    assert_eq!(json["settings"]["fail"], "soft");
}

#[test]
fn deepening_says_each_iteration_with_cells_from_1_and_json_from_0() {
    let args = ["analyze", "--player", "pvs", "--time", "30", "x.o/.x./..."];
    let text = stdout(&run(&args));
    for depth in 1..=6 {
        assert!(
            text.contains(&format!("\n  depth {depth}: ")),
            "depth {depth}: {text}"
        );
    }
    assert!(
        text.contains("\n  depth 6: draw (0), best cell 9, "),
        "{text}"
    );
    assert!(text.contains(" re-searches, "), "{text}");
    let mut json_args = args.to_vec();
    json_args.insert(1, "--json");
    let json = json(&run(&json_args));
    let iterations = json["iterations"].as_array().expect("iterations");
    assert_eq!(iterations.len(), 6);
    assert_eq!(iterations[5]["best"], 8);
    assert_eq!(iterations[5]["value"], 0);
    assert_eq!(iterations[5]["nodes"], json["nodes"]);
    assert!(json["re_searches"].is_u64(), "{json}");
}
