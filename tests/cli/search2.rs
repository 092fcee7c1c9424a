//! The command line of the second chapter of search: what pvs, mtdf and
//! the deepening searches say they did, their settings as options, and
//! the move orders compared.

use super::common::{run, run_with_input, stderr, stdout};

use std::process::Output;

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

#[test]
fn search_settings_change_the_search_and_say_so() {
    let default = json(&run(&["analyze", "--json", "x.o/.x./..."]));
    for (options, order, prune, fail) in [
        (&["--order", "worst"][..], "worst", "on-equal", "soft"),
        (
            &["--order", "board", "--prune", "strict"],
            "board",
            "strict",
            "soft",
        ),
        (
            &["--prune", "gt", "--fail", "hard"],
            "heuristic",
            "strict",
            "hard",
        ),
    ] {
        let mut args = vec!["analyze", "--json", "x.o/.x./..."];
        args.extend(options);
        let json = json(&run(&args));
        assert_eq!(json["settings"]["order"], order, "{options:?}");
        assert_eq!(json["settings"]["prune"], prune, "{options:?}");
        assert_eq!(json["settings"]["fail"], fail, "{options:?}");
        assert_eq!(json["score"], default["score"], "{options:?}");
        assert_ne!(json["nodes"], default["nodes"], "{options:?}");
    }
    let text = stdout(&run(&[
        "analyze",
        "--player",
        "mtdf",
        "--order",
        "worst",
        "--fail",
        "hard",
        "x.o/.x./...",
    ]));
    assert!(
        text.contains("\n  settings: moves worst first, fail-hard\n"),
        "{text}"
    );
    // Compare and tree search with them too.
    let compare = |extra: &[&str]| {
        let mut args = vec!["compare", "--json", "--players", "alphabeta-tt,pvs"];
        args.extend(extra);
        args.push("x.o/.x./...");
        json(&run(&args))
    };
    let (plain, worst) = (compare(&[]), compare(&["--order", "worst"]));
    for row in 0..2 {
        assert_ne!(
            plain["rows"][row]["nodes"], worst["rows"][row]["nodes"],
            "{worst}"
        );
    }
    let tree = |extra: &[&str]| {
        let mut args = vec!["tree", "--player", "alphabeta-tt", "--max-ply", "1"];
        args.extend(extra);
        args.push("x.o/.x./...");
        stdout(&run(&args))
    };
    assert_ne!(tree(&[]), tree(&["--order", "board"]));
    let output = run(&[
        "play", "--max", "pvs", "--min", "mtdf", "--order", "worst", "--prune", "strict", "--fail",
        "hard", "--games", "2", "--json",
    ]);
    let series = json(&output);
    assert_eq!(series["draws"], 2, "{series}");
}

#[test]
fn search_settings_no_player_has_are_refused() {
    for args in [
        &[
            "play", "--max", "rules", "--min", "random", "--fail", "hard",
        ][..],
        &[
            "analyze",
            "--player",
            "minimax",
            "--order",
            "worst",
            "x.o/.x./...",
        ],
        &[
            "tree",
            "--player",
            "alphabeta",
            "--prune",
            "strict",
            "x.o/.x./...",
        ],
        &[
            "compare",
            "--players",
            "alphabeta,mcts",
            "--order",
            "board",
            "x.o/.x./...",
        ],
        &[
            "tournament",
            "--players",
            "rules,random",
            "--fail",
            "soft",
            "--games",
            "1",
        ],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let message = stderr(&output);
        assert!(
            message.starts_with("error: --")
                && message.contains("to alphabeta-tt, pvs and mtdf only, and no player here ("),
            "{args:?}: {message}"
        );
    }
}

#[test]
fn aspiration_windows_are_for_the_deepening_searches_only() {
    let output = run(&[
        "analyze",
        "--player",
        "mtdf",
        "--aspiration",
        "5",
        "x.o/.x./...",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains(
            "--aspiration applies to the deepening searches alphabeta-tt and pvs only, and no \
             player here (mtdf) deepens with it"
        ),
        "{}",
        stderr(&output)
    );
    let text = stdout(&run(&[
        "analyze",
        "--player",
        "pvs",
        "--aspiration",
        "2",
        "x.o/.x./...",
    ]));
    assert!(
        text.contains("\n  settings: aspiration windows ±2\n"),
        "{text}"
    );
    assert!(
        text.contains("\n  depth 2, pass 1, window α −4, β 0: fails high: value ≥ 5, "),
        "{text}"
    );
    assert!(
        text.contains("\n  depth 3, pass 2, window α −∞, β 7: value 0, "),
        "{text}"
    );
}

#[test]
fn best_first_order_is_refused_off_3x3() {
    let refusal = "--order best orders moves by the solved game's values, which exist for 3x3 \
                   only, not for 4x4";
    for args in [
        &[
            "play",
            "--size",
            "4",
            "--max",
            "alphabeta-tt",
            "--min",
            "random",
            "--order",
            "best",
        ][..],
        &[
            "analyze",
            "--order",
            "best",
            "x.o/.x./...",
            "x.../..../..../....",
        ],
        &[
            "tree",
            "--player",
            "alphabeta-tt",
            "--order",
            "best",
            "x.../..../..../....",
        ],
        &[
            "compare",
            "--players",
            "pvs",
            "--order",
            "best",
            "x.../..../..../....",
        ],
        &[
            "tournament",
            "--players",
            "rules,mtdf",
            "--size",
            "4",
            "--order",
            "best",
            "--games",
            "1",
        ],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(
            stderr(&output).contains(refusal),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    // Read from standard input, a 4x4 position is refused on its own line.
    let output = run_with_input(
        &["analyze", "--order", "best"],
        b"x.../..../..../....\nx.o/.x./...\n",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains(&format!(
        "line 1: position 'x.../..../..../....': {refusal}"
    )));
    assert!(stdout(&output).starts_with("position x.o/.x./... (O to move)\n"));
    // On 3x3 it is the ideal order.
    let best = json(&run(&[
        "analyze",
        "--json",
        "--order",
        "best",
        "x.o/.x./...",
    ]));
    assert_eq!(best["settings"]["order"], "best");
}

#[test]
fn compare_orders_tables_nodes_per_order_against_the_minimal_tree() {
    let text = stdout(&run(&["compare", "--orders", "x.o/.x./..."]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "position x.o/.x./... (O to move)");
    assert_eq!(
        lines[1],
        "minimal tree (perfect ordering, Knuth–Moore): 38 nodes"
    );
    // Three players under four orders, after the heading.
    assert_eq!(lines.len(), 3 + 12, "{text}");
    let three = json(&run(&["compare", "--orders", "--json", "x.o/.x./..."]));
    assert_eq!(three["minimal_tree"], 38);
    let rows = three["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 12);
    assert!(rows.iter().all(|row| row["score"] == 0));
    // Off 3x3: no best-first row, and no minimal tree on an open board.
    let json = json(&run(&[
        "compare",
        "--orders",
        "--json",
        "x.../..../..../....",
    ]));
    assert_eq!(json["minimal_tree"], serde_json::Value::Null);
    assert_eq!(json["rows"].as_array().unwrap().len(), 9);
    let text = stdout(&run(&["compare", "--orders", "x.../..../..../...."]));
    assert!(text.contains("minimal tree: not computed (15 empty cells; it is computed up to 12)"));
}
