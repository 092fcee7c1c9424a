//! The headless command line, run as a user would: every command's test
//! is a module of this one binary (linked once), named after the command
//! or the concern; what is common to all of them is here.

#[path = "../common/mod.rs"]
mod common;

mod attack;
mod boards;
mod contest_evaluations;
mod correlate;
mod documented;
mod exam;
mod exercise;
mod golden;
mod horizon;
mod input;
mod interrupt;
mod learners;
mod mcts_trace;
mod memory;
mod props;
mod review;
mod search2;
mod solve;
mod tree_drawing;

use common::{parse_csv, run, run_with_input, stderr, stdout};

use std::process::Output;

use tictactoe_engine::board::Board;
use tictactoe_tools::compare::CSV_COLUMNS;
use tictactoe_tools::tournament::STANDINGS_COLUMNS;
use tictactoe_words::players::PlayerWords;

#[test]
fn players_lists_every_player() {
    let output = run(&["players"]);
    assert!(output.status.success());
    let text = stdout(&output);
    for kind in tictactoe_engine::player_kind::PlayerKind::ALL {
        assert!(
            text.lines()
                .any(|l| l.starts_with(kind.name()) && l.contains(&kind.display_name())),
            "{kind}"
        );
    }
}

#[test]
fn help_prints_usage() {
    for args in [
        &["--help"][..],
        &["play", "--help"],
        &["analyze", "--help"],
        &["players", "--help"],
    ] {
        let output = run(args);
        assert!(output.status.success(), "{args:?}");
        assert!(stdout(&output).contains("Usage: tictactoe"), "{args:?}");
    }
}

/// The values `--help` lists for `option` of `command`, by short name.
fn possible_values(command: &str, option: &str) -> Vec<String> {
    let text = stdout(&run(&[command, "--help"]));
    let mut lines = text
        .lines()
        .skip_while(|line| !line.trim_start().starts_with(option));
    lines.next();
    lines
        .take_while(|line| !line.trim_start().starts_with("--"))
        .filter_map(|line| line.trim_start().strip_prefix("- "))
        .filter_map(|entry| entry.split(':').next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn help_lists_the_players_each_option_takes_by_short_and_display_name() {
    use tictactoe_engine::player_kind::PlayerKind;
    let names = |kinds: &mut dyn Iterator<Item = PlayerKind>| -> Vec<String> {
        kinds.map(|kind| kind.name().to_owned()).collect()
    };
    let computers = names(
        &mut PlayerKind::ALL
            .into_iter()
            .filter(|&kind| kind != PlayerKind::Human),
    );
    let searchers = [
        "minimax",
        "alphabeta",
        "alphabeta-tt",
        "alphabeta-random",
        "mcts",
        "perfect",
        "neural",
        "pvs",
        "mtdf",
        "pns",
    ];
    let mut opponents = vec!["self".to_owned()];
    opponents.extend(names(
        &mut PlayerKind::NON_LEARNERS
            .into_iter()
            .filter(|&kind| kind != PlayerKind::Human),
    ));
    let cases: [(&str, &str, Vec<String>); 6] = [
        ("play", "--max", computers.clone()),
        ("play", "--min", computers.clone()),
        ("analyze", "--player", computers),
        ("tree", "--player", searchers.map(str::to_owned).to_vec()),
        (
            "train",
            "--player",
            vec!["menace".into(), "td".into(), "neural".into()],
        ),
        ("train", "--opponent", opponents),
    ];
    for (command, option, expected) in cases {
        assert_eq!(
            possible_values(command, option),
            expected,
            "{command} {option}"
        );
    }
    // Each with its display name.
    let text = stdout(&run(&["play", "--help"]));
    for kind in PlayerKind::ALL
        .into_iter()
        .filter(|&kind| kind != PlayerKind::Human)
    {
        let entry = format!("- {}:", kind.name());
        assert!(
            text.lines()
                .any(|l| l.trim_start().starts_with(&entry) && l.ends_with(&kind.display_name())),
            "play lists {kind}: {text}"
        );
    }
}

/// The hidden `generate` command writes what scripts/install installs.
#[test]
fn generate_writes_completions_and_man_pages() {
    for (shell, sign) in [
        ("bash", "complete -F _tictactoe"),
        ("zsh", "#compdef tictactoe"),
        ("fish", "complete -c tictactoe"),
    ] {
        let output = run(&["generate", "completions", shell]);
        assert!(output.status.success(), "{shell}: {}", stderr(&output));
        let script = stdout(&output);
        assert!(script.contains(sign), "{shell}: {script}");
        assert!(
            script.contains("alphabeta-tt"),
            "{shell} completes player names"
        );
        assert!(script.contains("review"), "{shell} completes the commands");
        assert!(!script.contains("generate"), "{shell} hides generate");
    }
    let directory = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("man-pages");
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir(&directory).unwrap();
    let output = run(&["generate", "man", directory.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let mut pages: Vec<String> = std::fs::read_dir(&directory)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    pages.sort();
    assert_eq!(
        pages,
        [
            "tictactoe-analyze.1",
            "tictactoe-compare.1",
            "tictactoe-correlate.1",
            "tictactoe-exam.1",
            "tictactoe-exercise.1",
            "tictactoe-horizon.1",
            "tictactoe-mcts-trace.1",
            "tictactoe-play.1",
            "tictactoe-players.1",
            "tictactoe-review.1",
            "tictactoe-solve.1",
            "tictactoe-tournament.1",
            "tictactoe-train.1",
            "tictactoe-tree.1",
            "tictactoe.1"
        ]
    );
    let play = std::fs::read_to_string(directory.join("tictactoe-play.1")).unwrap();
    assert!(play.contains("alphabeta\\-tt"), "{play}");

    let output = run(&["generate", "man", "/nonexistent/man1"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("error: writing the man pages into '/nonexistent/man1'"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn play_totals_add_up_in_text_and_json() {
    let output = run(&[
        "play", "--max", "random", "--min", "rules", "--games", "25", "--seed", "9",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let count = |label: &str| -> u32 {
        let line = text
            .lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("{label} in {text}"));
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    assert_eq!(
        count("Max (X) wins:") + count("Min (O) wins:") + count("Draws:"),
        25
    );
    assert!(text.contains("Mean time per move: X "), "{text}");

    let output = run(&[
        "play",
        "--max",
        "perfect",
        "--min",
        "alphabeta-random",
        "--games",
        "12",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["games"], 12);
    assert_eq!(json["draws"], 12, "perfect players draw");
    assert_eq!(json["max_wins"], 0);
    assert_eq!(json["min_wins"], 0);
    assert_eq!(json["records"].as_array().unwrap().len(), 12);
}

#[test]
fn a_seed_repeats_the_games_exactly() {
    let args = [
        "play",
        "--max",
        "mcts",
        "--min",
        "random",
        "--games",
        "6",
        "--seed",
        "42",
        "--verbose",
    ];
    let without_timing = |output: Output| -> String {
        assert!(output.status.success());
        stdout(&output)
            .lines()
            .filter(|l| !l.starts_with("Mean time"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let first = without_timing(run(&args));
    assert_eq!(first.lines().filter(|l| l.starts_with("game ")).count(), 6);
    assert_eq!(first, without_timing(run(&args)));
    let other_seed = [
        "play",
        "--max",
        "mcts",
        "--min",
        "random",
        "--games",
        "6",
        "--seed",
        "43",
        "--verbose",
    ];
    assert_ne!(first, without_timing(run(&other_seed)));
}

#[test]
fn a_seeded_series_plays_its_pinned_moves() {
    // The moves of a real run: the players' generators are ChaCha8, whose
    // stream does not change with rand versions or platforms. (Pinned again
    // when Monte Carlo began to draw a seed for each search.)
    let output = run(&[
        "play", "--max", "random", "--min", "mcts", "--seed", "7", "--games", "3", "--json",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        json["records"],
        serde_json::json!([
            {"moves": [0, 4, 5, 7, 2, 1], "result": "o"},
            {"moves": [7, 4, 1, 2, 8, 6], "result": "o"},
            {"moves": [6, 4, 1, 5, 8, 3], "result": "o"},
        ])
    );
    let output = run(&[
        "play",
        "--max",
        "random",
        "--min",
        "mcts",
        "--seed",
        "7",
        "--verbose",
    ]);
    assert!(
        stdout(&output).contains("\ngame 1: 1 5 6 8 3 2 -> O wins\n"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn monte_carlo_reads_on_x_scale_in_text_and_json() {
    // O to move where X threatens: the text's means are X's, as the JSON's.
    let output = run(&["analyze", "--player", "mcts", "x.o/.x./..."]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    // Every cell but 9 loses for O at once: X's mean is high there.
    assert!(
        text.contains("cell 2: 105 visits, mean result +0.810"),
        "{text}"
    );
    assert!(
        text.contains("cell 9: 19,367 visits, mean result 0.000"),
        "{text}"
    );
    let output = run(&["analyze", "--json", "--player", "mcts", "x.o/.x./..."]);
    let json: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    // JSON keeps cell indices from 0: cell 2 is index 1.
    assert_eq!(json["visits"]["1"], 105);
    assert_eq!(
        json["means"]["1"].as_f64().map(|m| (m * 1000.0).round()),
        Some(810.0)
    );
    assert_eq!(json["best"], 8);
}

#[test]
fn analyze_json_agrees_with_minimax() {
    let positions = [
        "x.o/.x./..o",
        ".........",
        "xo./.x./...",
        "x...o...x",
        "ox./.x./...",
    ];
    let mut args = vec!["analyze", "--json"];
    args.extend(positions);
    let output = run(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), positions.len());
    for (line, text) in lines.iter().zip(positions) {
        let board: Board = text.parse().unwrap();
        let reference = common::oracle(&board);
        assert_eq!(line["position"], board.to_string());
        assert_eq!(
            line["to_move"],
            if board.side_to_move() == tictactoe_engine::board::Side::Max {
                "x"
            } else {
                "o"
            }
        );
        assert_eq!(line["player"], "alphabeta-tt");
        let best = line["best"].as_u64().unwrap() as usize;
        assert_eq!(
            common::oracle_score(&reference, best),
            reference.score.unwrap(),
            "{text}"
        );
        for (cell, score) in line["scores"].as_object().unwrap() {
            let cell: usize = cell.parse().unwrap();
            let truth = common::oracle_score(&reference, cell);
            let score = score.as_i64().unwrap() as i32;
            match line["bounds"][cell.to_string()].as_str().unwrap() {
                "exact" => assert_eq!(score, truth, "{text} cell {cell}"),
                "upper" => assert!(truth <= score, "{text} cell {cell}"),
                _ => assert!(truth >= score, "{text} cell {cell}"),
            }
        }
        assert!(line["nodes"].as_u64().unwrap() > 0);
        assert!(line["time_us"].is_u64());
        assert_eq!(line["pv"][0], best);
    }
}

#[test]
fn every_position_is_analysed_as_if_it_were_the_only_one() {
    // The last report of a run, its time left out.
    let last_report = |output: Output| -> serde_json::Value {
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        let mut report: serde_json::Value =
            serde_json::from_str(text.lines().last().unwrap()).unwrap();
        report["time_us"] = 0.into();
        report
    };
    for player in ["random", "alphabeta-random", "mcts"] {
        let after_another = run(&[
            "analyze",
            "--json",
            "--player",
            player,
            "x........",
            ".........",
        ]);
        let alone = run(&["analyze", "--json", "--player", player, "........."]);
        assert_eq!(last_report(after_another), last_report(alone), "{player}");
    }
}

/// A saved game file named `name` in the tests' scratch directory.
fn saved_game(name: &str, start: &str, moves: &str) -> std::path::PathBuf {
    let directory = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli");
    std::fs::create_dir_all(&directory).unwrap();
    let path = directory.join(name);
    let text = format!(
        r#"{{
  "format": "tictactoe-game",
  "version": 1,
  "size": "3x3",
  "players": {{
    "x": {{ "player": "human", "difficulty": "hard" }},
    "o": {{ "player": "alphabeta", "difficulty": "easy" }}
  }},
  "seed": 7,
  "start": "{start}",
  "moves": {moves}
}}
"#
    );
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn analyze_game_reports_the_position_before_every_move() {
    let path = saved_game("three-moves.json", "x.o/.x./...", "[8, 5, 3]");
    let path = path.to_str().unwrap();
    let before = ["x.o/.x./...", "x.o/.x./..o", "x.o/.xx/..o"];
    let output = run(&["analyze", "--game", path]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let headed: Vec<(&str, &str)> = text
        .lines()
        .zip(text.lines().skip(1))
        .filter(|(line, _)| line.starts_with("Move "))
        .collect();
    assert_eq!(
        headed,
        [
            ("Move 1: O played 9", "position x.o/.x./... (O to move)"),
            ("Move 2: X played 6", "position x.o/.x./..o (X to move)"),
            ("Move 3: O played 4", "position x.o/.xx/..o (O to move)"),
        ],
        "{text}"
    );

    let output = run(&["analyze", "--json", "--game", path]);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    for (index, (mut line, (position, played))) in lines
        .into_iter()
        .zip(before.iter().zip([8, 5, 3]))
        .enumerate()
    {
        assert_eq!(line["move"], index + 1);
        assert_eq!(line["played"], played);
        // The rest is the report `analyze` gives that position alone.
        let alone = run(&["analyze", "--json", position]);
        let mut alone: serde_json::Value = serde_json::from_str(&stdout(&alone)).unwrap();
        let object = line.as_object_mut().unwrap();
        object.remove("move");
        object.remove("played");
        line["time_us"] = 0.into();
        alone["time_us"] = 0.into();
        assert_eq!(line, alone, "{position}");
    }

    // Standard input is not read with --game.
    let output = run_with_input(&["analyze", "--game", path], b"zzz\n");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).matches("Move ").count(), 3);
}

#[test]
fn analyze_game_names_a_file_it_cannot_use() {
    let cases = [
        (
            saved_game("taken.json", ".../.../...", "[4, 0, 4]"),
            "move 3 (saved as 4): cell 5 is already taken",
        ),
        (
            saved_game("odd-start.json", "xx.......", "[]"),
            "start position: impossible stone counts: 2 X and 0 O",
        ),
        (
            std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli/missing.json"),
            "cannot read the file: No such file or directory",
        ),
    ];
    for (path, problem) in cases {
        let output = run(&["analyze", "--game", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(1), "{problem}");
        let errors = stderr(&output);
        assert!(
            errors.starts_with(&format!("error: game '{}': {problem}", path.display())),
            "{errors}"
        );
        assert!(stdout(&output).is_empty());
    }
    let path = saved_game("no-moves.json", "x.o/.x./...", "[]");
    let output = run(&["analyze", "--game", path.to_str().unwrap()]);
    assert!(output.status.success());
    assert_eq!(
        stderr(&output),
        format!(
            "warning: game '{}' has no moves: nothing to analyse\n",
            path.display()
        )
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn analyze_reads_standard_input_and_reports_bad_positions() {
    let output = run_with_input(
        &["analyze", "--player", "minimax"],
        b"x.o/.x./..o\n\nxxo/...\nxxx/oo./...\n..x/.o./x..\n",
    );
    assert_eq!(output.status.code(), Some(1));
    let errors = stderr(&output);
    assert!(
        errors
            .contains("position 'xxo/...': no board is 3x2 (width x height): both go from 3 to 8"),
        "{errors}"
    );
    assert!(
        errors.contains("position 'xxx/oo./...': game is over: X won"),
        "{errors}"
    );
    let text = stdout(&output);
    assert_eq!(
        text.matches("position ").count(),
        2,
        "the good positions are still analysed: {text}"
    );
    assert!(text.contains("X minimax plays 6"), "{text}");
}

#[test]
fn bad_arguments_exit_with_2_and_say_why() {
    let cases: [(&[&str], &str); 9] = [
        (&["frob"], "unrecognized subcommand 'frob'"),
        (
            &["play", "--max", "random", "--min", "random", "--fast"],
            "unexpected argument '--fast'",
        ),
        (
            &["play", "--max", "deep-blue", "--min", "random"],
            "invalid value 'deep-blue' for '--max <NAME>'\n  [possible values: random, rules, \
             minimax, alphabeta, alphabeta-tt, alphabeta-random, mcts, perfect, menace, td, neural, pvs, \
             mtdf, pns]",
        ),
        (&["play", "--max", "random"], "--min <NAME>"),
        (
            &["play", "--max", "random", "--min", "random", "--games", "0"],
            "'--games <GAMES>'",
        ),
        (
            &["play", "--max", "random", "--min", "random", "--size", "7"],
            "--size takes 3, 4 or 5; for other boards use --board",
        ),
        (
            &["play", "--max", "human", "--min", "random"],
            "the human player needs the window",
        ),
        (
            &["analyze", "--depth", "0", "x........"],
            "unknown depth '0'",
        ),
        (
            &["analyze", "--game", "game.json", "x........"],
            "the argument '--game <FILE>' cannot be used with '[POSITION]...'",
        ),
    ];
    for (args, message) in cases {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let errors = stderr(&output);
        assert!(errors.contains(message), "{args:?}: {errors}");
        if !message.contains("human") {
            assert!(errors.contains("Usage: tictactoe"), "{args:?}: {errors}");
        }
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}

/// A line with its times masked: "27 nodes in 24 µs" and "1.25 s" become
/// "# µs" and "# s", and a node rate "(5.6 M/s)", shown only above 100 µs,
/// goes.
fn without_times(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let mut out: Vec<String> = Vec::new();
    let mut index = 0;
    while index < words.len() {
        let word = words[index];
        let unit = words.get(index + 1).copied().unwrap_or("");
        let numeric = !word.is_empty()
            && word
                .trim_start_matches('(')
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == ',');
        if numeric && word.starts_with('(') && unit.contains("/s)") {
            // The rate, "(5.6 M/s)," or "(830 k/s)": keep what follows it.
            let rest = unit.split_once("/s)").map_or("", |(_, rest)| rest);
            if let Some(last) = out.last_mut() {
                last.push_str(rest);
            }
            index += 2;
            continue;
        }
        let is_time = ["µs", "ms", "s"]
            .iter()
            .any(|u| unit.trim_end_matches([',', ';']) == *u);
        if numeric && is_time {
            // The unit too: a loaded machine takes ms where the doc shows µs.
            let punctuation = &unit[unit.trim_end_matches([',', ';']).len()..];
            out.push(format!("# time{punctuation}"));
            index += 2;
            continue;
        }
        out.push(word.to_owned());
        index += 1;
    }
    out.join(" ")
}

/// The runs `docs/{doc}` shows of `tictactoe {command}`: its first text
/// block that starts with one, from the "$ tictactoe" of its first run on.
fn documented_runs(doc: &str, command: &str) -> String {
    let documented = std::fs::read_to_string(format!("{}/docs/{doc}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|error| panic!("docs/{doc} is unreadable: {error}"));
    let start = documented
        .find(&format!("```text\n$ tictactoe {command} "))
        .unwrap_or_else(|| panic!("docs/{doc} shows no {command} run"));
    let block = &documented[start + "```text\n".len()..];
    block[..block.find("```").expect("the block ends")].to_owned()
}

#[test]
fn the_documented_analyze_example_is_the_programs_output() {
    let block = documented_runs("command-line.md", "analyze");
    let mut runs = 0;
    for run_text in block.split("$ tictactoe ").filter(|t| !t.is_empty()) {
        let (command, shown) = run_text.split_once('\n').unwrap();
        let args: Vec<&str> = command.split_whitespace().collect();
        let output = run(&args);
        assert!(output.status.success(), "{command}: {}", stderr(&output));
        let printed = stdout(&output);
        let printed: Vec<String> = printed.trim_end().lines().map(without_times).collect();
        let shown: Vec<String> = shown.trim_end().lines().map(without_times).collect();
        assert_eq!(printed, shown, "$ tictactoe {command}");
        runs += 1;
    }
    assert_eq!(runs, 3, "docs/command-line.md's three analyze runs");
    assert_eq!(
        without_times("X minimax plays 0, draw (0), 549,945 nodes in 3.0 ms (185 M/s), depth 9"),
        "X minimax plays 0, draw (0), 549,945 nodes in # time, depth 9"
    );
    assert_eq!(
        without_times("X random plays 6, 2 µs"),
        without_times("X random plays 6, 1.2 ms")
    );
}

#[test]
fn tree_prints_the_search_it_recorded_and_refuses_bad_input() {
    // Text: a header, the root, and its children one ply down.
    let output = run(&["tree", "--player", "minimax", "--max-ply", "1", "---------"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2 + 9, "{text}");
    // The root row counts itself, as every row does: the header says so.
    assert!(
        lines[0].contains("549,946 nodes, the start and 549,945 below it"),
        "{text}"
    );
    assert_eq!(
        lines[1],
        "root, X to move: 0 exact in (-inf, +inf); all 9 moves searched; 549,946 nodes; type PV"
    );
    // The centre is cell 5, as the window numbers it.
    assert_eq!(
        lines[6],
        "  X 5: 0 exact in (-inf, +inf); all 8 moves searched; 55,505 nodes; type PV, expected Cut; \
         not shown"
    );

    // JSON: one node a line, each child's parent printed before it, and
    // the root's children's values are alphabeta's report's scores.
    let position = "x.o/.x./...";
    let output = run(&["tree", "--json", "--max-ply", "3", position]);
    assert!(output.status.success(), "{}", stderr(&output));
    let nodes: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let board: Board = position.parse().unwrap();
    let report = common::decide(
        tictactoe_engine::player_kind::PlayerKind::AlphaBeta,
        &Default::default(),
        &board,
    );
    assert_eq!(nodes[0]["nodes"].as_u64(), Some(report.stats.nodes + 1));
    let mut seen = std::collections::HashSet::new();
    for node in &nodes {
        if let Some(parent) = node["parent"].as_u64() {
            assert!(seen.contains(&parent), "{node}");
            assert!(node["ply"].as_u64().unwrap() <= 3);
        }
        seen.insert(node["id"].as_u64().unwrap());
        if node["parent"] == 0 {
            let cell = node["move"].as_u64().unwrap() as usize;
            let score = report.moves.iter().find(|m| m.cell == cell).unwrap();
            // Values are on X's scale, as the report's scores are.
            assert_eq!(Some(node["value"].as_i64().unwrap() as i32), score.score);
        }
    }

    // The table players, Monte Carlo, and perfect off 3x3 are recorded
    // too; Monte Carlo shows visits and mean results.
    for player in ["alphabeta-tt", "alphabeta-random"] {
        let output = run(&["tree", "--player", player, "--max-ply", "1", "---------"]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(stdout(&output).starts_with(&format!("{player} searching")));
    }
    let output = run(&["tree", "--player", "mcts", "--max-ply", "1", "---------"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("mcts searching ---------: 20,000 playouts"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("root, X to move: mean ")
            && lines[1].contains(" over 20,000 visits; expanded: 9 of 9 moves tried"),
        "{text}"
    );
    assert_eq!(lines.len(), 2 + 9, "{text}");
    // Proof-number search: the proof tree of the question that decided
    // its move, with each node's proof and disproof numbers.
    let output = run(&["tree", "--player", "pns", "--max-ply", "1", "x../.o./..."]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("pns proving x../.o./...: the tree of its question whether O wins"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("root, X to move: proof inf, disproof 0; expanded: 4 of 7 moves"),
        "{text}"
    );
    let output = run(&[
        "tree",
        "--player",
        "pns",
        "--json",
        "--max-ply",
        "0",
        "xx./oo./...",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let root: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(
        (&root["proof"], &root["disproof"]),
        (&0.into(), &serde_json::Value::Null)
    );
    let output = run(&[
        "tree",
        "--player",
        "perfect",
        "--json",
        "--max-ply",
        "1",
        "xo../ox../..../....",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("\"bound\""));

    // Refusals: a player that does not search (usage, 2), a bad or
    // finished position (1), as analyze refuses them.
    for player in ["random", "rules", "human", "perfect"] {
        let output = run(&["tree", "--player", player, "---------"]);
        assert_eq!(output.status.code(), Some(2));
        assert!(
            stderr(&output).contains(&format!("{player} "))
                && stderr(&output).contains("does not search"),
            "{}",
            stderr(&output)
        );
    }
    let output = run(&["tree", "xxo"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).starts_with("error: position 'xxo': "));
    let output = run(&["tree", "xxx/oo./..."]);
    assert_eq!(output.status.code(), Some(1));
    let output = run(&["tree", "--max-ply", "many", "---------"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn proof_number_search_proves_the_empty_4x4_board_a_draw_in_text_and_json() {
    let output = run(&["analyze", "--player", "pns", "..../..../..../...."]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("X pns plays ") && text.contains(", proved: a draw, "),
        "{text}"
    );
    assert!(text.contains("  proof of "), "{text}");
    let output = run(&[
        "analyze",
        "--json",
        "--player",
        "pns",
        "..../..../..../....",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    let proof = &json["proof"];
    assert_eq!(proof["result"], "draw", "{json}");
    assert!(
        proof["proof_nodes"].as_u64() < proof["tree_nodes"].as_u64(),
        "{json}"
    );
}

#[test]
fn compare_prints_every_computer_player_by_default() {
    let output = run(&["compare", "x.o/.x./..."]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "position x.o/.x./... (O to move); exact value by perfect: draw (0)"
    );
    assert!(lines[1].starts_with("player ") && lines[1].ends_with("optimal"));
    // A row per computer player that does not learn (the first is the human).
    assert_eq!(
        lines.len(),
        2 + tictactoe_engine::player_kind::PlayerKind::NON_LEARNERS.len() - 1,
        "{text}"
    );
    for kind in tictactoe_engine::player_kind::PlayerKind::NON_LEARNERS
        .into_iter()
        .skip(1)
    {
        let row = lines
            .iter()
            .find(|line| {
                line.split("  ")
                    .next()
                    .unwrap()
                    .trim_end()
                    .starts_with(kind.name())
            })
            .unwrap_or_else(|| panic!("{kind}: {text}"));
        // Every searching player blocks at 8 and keeps the draw.
        if kind != tictactoe_engine::player_kind::PlayerKind::Random {
            assert!(row.ends_with("yes"), "{row}");
        }
    }
    assert!(stderr(&output).is_empty());
}

#[test]
fn compare_writes_json_and_csv() {
    let output = run(&[
        "compare",
        "--players",
        "minimax:2,alphabeta-tt,rules",
        "--json",
        "---------",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["position"], ".../.../...");
    let rows = json["rows"].as_array().unwrap();
    let labels: Vec<&str> = rows.iter().map(|r| r["label"].as_str().unwrap()).collect();
    assert_eq!(
        labels,
        ["minimax, depth 2", "alphabeta-tt, full depth", "rules"]
    );
    assert_eq!(rows[1]["optimal"], "optimal");

    let output = run(&[
        "compare",
        "--players",
        "alphabeta",
        "--depth",
        "3",
        "--csv",
        "x...o..../..../..../....",
    ]);
    assert_eq!(output.status.code(), Some(2), "a 4x4 board has four rows");
    let output = run(&[
        "compare",
        "--players",
        "alphabeta,random",
        "--depth",
        "3",
        "--csv",
        "x.../.o../..../....",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let records = parse_csv(&stdout(&output));
    assert_eq!(records[0], CSV_COLUMNS);
    assert_eq!(records.len(), 3);
    assert_eq!(records[1][0], "alphabeta, depth 3");
    assert_eq!(records[1][14], "3", "depth");
    assert_eq!(records[2][0], "random");
}

#[test]
fn tournament_ranks_the_players_and_repeats_with_a_seed() {
    let args = |threads: &'static str| {
        [
            "tournament",
            "--players",
            "random,rules,perfect",
            "--games",
            "4",
            "--seed",
            "8",
            "--threads",
            threads,
            "--json",
        ]
    };
    let one = run(&args("1"));
    assert!(one.status.success(), "{}", stderr(&one));
    assert!(stderr(&one).is_empty(), "no progress bar off a terminal");
    let two = run(&args("2"));
    let one: serde_json::Value = serde_json::from_str(&stdout(&one)).unwrap();
    let two: serde_json::Value = serde_json::from_str(&stdout(&two)).unwrap();
    assert_eq!(one["games"], two["games"]);
    assert_eq!(one["cross"], two["cross"]);
    assert_eq!(one["games_played"], 3 * 2 * 4);
    let standings = one["standings"].as_array().unwrap();
    let perfect = standings.iter().find(|s| s["label"] == "perfect").unwrap();
    assert_eq!(perfect["rank"], 1);
    assert_eq!(perfect["total"]["losses"], 0);
    assert_eq!(standings[2]["label"], "random");

    let output = run(&[
        "tournament",
        "--players",
        "random,alphabeta:2",
        "--games",
        "3",
        "--seed",
        "1",
        "--csv",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let records = parse_csv(&stdout(&output));
    assert_eq!(records[0], STANDINGS_COLUMNS);
    assert_eq!(records.len(), 3);

    let output = run(&[
        "tournament",
        "--players",
        "random,perfect",
        "--games",
        "2",
        "--seed",
        "3",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with(
            "round robin on 3x3, 3 in a row: 2 players, 2 games per pairing and colour, seed 3, "
        ),
        "{text}"
    );
    assert!(text.contains("4 of 4 games in "), "{text}");
    assert!(text.contains("Cross table"), "{text}");
    let ranking: Vec<&str> = text.lines().skip(3).take(2).collect();
    assert!(ranking[0].trim_start().starts_with("1  perfect"), "{text}");
}

#[test]
fn compare_and_tournament_refuse_bad_input_with_2() {
    let cases: [(&[&str], &str); 9] = [
        (&["compare", "x.o/.x"], "error: position 'x.o/.x'"),
        (&["compare", "xxx/oo./..."], "game is over"),
        (
            &["compare", "--players", "deep-blue", "x........"],
            "unknown player 'deep-blue': choose one of random, rules, minimax, alphabeta, \
             alphabeta-tt, alphabeta-random, mcts, perfect, menace, td, neural, pvs, mtdf, pns\n",
        ),
        (
            &["compare", "--players", "mcts:3", "x........"],
            "mcts has no search depth",
        ),
        (
            &["compare", "--json", "--csv", "x........"],
            "cannot be used with",
        ),
        (
            &["tournament", "--players", "perfect"],
            "at least two players",
        ),
        (
            &["tournament", "--players", "perfect,perfect"],
            "perfect is given twice",
        ),
        (
            &["tournament", "--players", "perfect,human"],
            "the human player cannot take part",
        ),
        (
            &["tournament", "--players", "perfect,rules", "--threads", "0"],
            "'--threads <T>'",
        ),
    ];
    for (args, message) in cases {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let errors = stderr(&output);
        assert!(errors.contains(message), "{args:?}: {errors}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn the_documented_compare_example_is_the_programs_output() {
    let block = documented_runs("contests.md", "compare");
    let (command, shown) = block
        .strip_prefix("$ tictactoe ")
        .and_then(|run| run.split_once('\n'))
        .unwrap();
    let output = run(&command.split_whitespace().collect::<Vec<_>>());
    assert!(output.status.success(), "{}", stderr(&output));
    // The table's cells but the time and the rate, which vary.
    let cells = |text: &str| -> Vec<Vec<String>> {
        text.lines()
            .map(|line| {
                line.split("  ")
                    .map(str::trim)
                    .filter(|cell| !cell.is_empty())
                    .enumerate()
                    .filter(|(index, _)| line.starts_with("player") || ![4, 5].contains(index))
                    .map(|(_, cell)| cell.to_owned())
                    .collect()
            })
            .collect()
    };
    assert_eq!(
        cells(&stdout(&output)),
        cells(shown),
        "$ tictactoe {command}"
    );
}
