//! Every command on every board: the board options (`--board`,
//! `--in-a-row`, `--gravity`, `--size`) on each command that takes a
//! board, and what they refuse; positions in rows or, on a board with
//! gravity, as the columns played; the players each board takes; learner
//! states and saved games refused on another board.

use super::common::{run, run_with_input, stderr, stdout, tictactoe};

use std::path::{Path, PathBuf};
use std::process::Output;

use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::LearnerState;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_files::learner_state::LearnerFile;

/// Connect Four after 4, 4, 5, 3 (columns from 1), in rows.
const AFTER_4453: &str = "......./......./......./......./...o.../..oxx..";

/// A report without what changes from run to run: the time a search took
/// (the rest of its line after "nodes in").
fn steady(report: &str) -> Vec<&str> {
    report
        .lines()
        .map(|line| line.split(" nodes in ").next().unwrap_or(line))
        .collect()
}

/// A directory of the test's own, empty.
fn directory(name: &str) -> PathBuf {
    let directory = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-boards-{name}"));
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).unwrap();
    directory
}

/// Asserts that `output` ended with `code` and said `words` on standard
/// error.
fn assert_refused(output: &Output, code: i32, words: &str) {
    assert_eq!(output.status.code(), Some(code), "{}", stderr(output));
    assert!(stderr(output).contains(words), "{}", stderr(output));
}

#[test]
fn every_command_that_takes_a_board_takes_the_board_options() {
    let cases: [&[&str]; 6] = [
        &[
            "analyze",
            "--depth",
            "2",
            "--board",
            "connect-four",
            "--moves",
            "4453",
        ],
        &[
            "tree",
            "--depth",
            "2",
            "--max-ply",
            "1",
            "--board",
            "connect-four",
            "--moves",
            "4453",
        ],
        &[
            "compare",
            "--players",
            "alphabeta:2,random",
            "--board",
            "connect-four",
            "--moves",
            "4453",
        ],
        &[
            "mcts-trace",
            "--playouts",
            "2",
            "--seed",
            "1",
            "--board",
            "7x6",
            "--gravity",
            "--moves",
            "4453",
        ],
        &[
            "compare",
            "--players",
            "alphabeta",
            "--board",
            "4x3",
            "--in-a-row",
            "3",
            "..../.x../....",
        ],
        &["tree", "--size", "4", "x.../..../..../...o", "--depth", "1"],
    ];
    for args in cases {
        let output = run(args);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        assert!(!stdout(&output).is_empty(), "{args:?}");
    }
    // The columns and the rows are one position.
    let by_columns = run(&[
        "analyze",
        "--depth",
        "2",
        "--board",
        "connect-four",
        "--moves",
        "4453",
    ]);
    let by_rows = run(&[
        "analyze",
        "--depth",
        "2",
        "--board",
        "connect-four",
        AFTER_4453,
    ]);
    assert!(stdout(&by_columns).starts_with(&format!("position {AFTER_4453} (X to move)")));
    assert_eq!(steady(&stdout(&by_columns)), steady(&stdout(&by_rows)));
    // train and review take them too.
    let state = directory("train").join("td.json");
    let state = state.to_str().unwrap();
    let trained = run(&[
        "train",
        "--player",
        "td",
        "--opponent",
        "random",
        "--games",
        "2",
        "--board",
        "tic-tac-toe",
        "--state",
        state,
    ]);
    assert!(trained.status.success(), "{}", stderr(&trained));
    let reviewed = run_with_input(
        &["review", "--board", "connect-four", "--time", "0.05"],
        b"4 4 5",
    );
    assert!(reviewed.status.success(), "{}", stderr(&reviewed));
    assert!(stdout(&reviewed).contains("7x6"), "{}", stdout(&reviewed));
}

#[test]
fn bad_boards_and_combinations_are_refused_with_exit_code_2() {
    let cases: [(&[&str], &str); 8] = [
        (
            &["analyze", "--board", "4x4", "--in-a-row", "5", "x..."],
            "5 in a row cannot fit on a board whose longer side is 4 cells",
        ),
        (&["tree", "--board", "9x9", "x"], "unknown board '9x9'"),
        (&["compare", "--size", "6", "x"], "--size takes 3, 4 or 5"),
        (
            &[
                "mcts-trace",
                "--board",
                "4x4",
                "--size",
                "4",
                "--playouts",
                "1",
                "--seed",
                "1",
                "x",
            ],
            "cannot be used with",
        ),
        (
            &[
                "analyze",
                "--player",
                "menace",
                "--board",
                "connect-four",
                "--moves",
                "4",
            ],
            "MENACE and TD play on 3x3 only",
        ),
        (
            &[
                "train",
                "--player",
                "td",
                "--opponent",
                "random",
                "--board",
                "4x4",
            ],
            "MENACE and TD play on 3x3 only",
        ),
        (
            &[
                "play",
                "--max",
                "menace",
                "--min",
                "random",
                "--board",
                "connect-four",
            ],
            "MENACE and TD play on 3x3 only",
        ),
        (
            &["review", "--in-a-row", "7"],
            "a game is won by 3 to 6 in a row, not 7",
        ),
    ];
    for (args, words) in cases {
        let output = run_with_input(args, b"1");
        assert_refused(&output, 2, words);
    }
}

#[test]
fn columns_name_the_move_that_cannot_be_played_and_why() {
    let cases = [
        ("44444444", "move 7: column 4 is full"),
        (
            "4493",
            "move 3: column 9 is off the board (columns are 1-7)",
        ),
        (
            "4403",
            "move 3: '0' is not a column: columns are 1-7 from the left",
        ),
        ("1212121", "game is over: X won"),
        ("12121212", "move 8: game is over: X won"),
    ];
    for (columns, words) in cases {
        let output = run(&["analyze", "--board", "connect-four", "--moves", columns]);
        assert_refused(&output, 1, &format!("--moves '{columns}': {words}"));
        let output = run(&[
            "mcts-trace",
            "--playouts",
            "1",
            "--seed",
            "1",
            "--board",
            "connect-four",
            "--moves",
            columns,
        ]);
        assert_refused(&output, 2, words);
    }
    // Columns need gravity.
    let output = run(&["analyze", "--moves", "4453"]);
    assert_refused(
        &output,
        1,
        "moves given as columns need a board with gravity",
    );
    let output = run(&["tree", "--board", "4x4", "--moves", "4453"]);
    assert_refused(
        &output,
        1,
        "moves given as columns need a board with gravity",
    );
}

#[test]
fn standard_input_takes_either_notation_on_a_board_with_gravity() {
    let input = format!("4453\n{AFTER_4453}\n44444444\n");
    let output = run_with_input(
        &["analyze", "--depth", "2", "--board", "connect-four"],
        input.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1), "the third line is refused");
    let text = stdout(&output);
    let reports: Vec<&str> = text.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(reports.len(), 2, "{}", stdout(&output));
    assert_eq!(steady(reports[0]), steady(reports[1]));
    assert!(
        stderr(&output).contains("line 3: position '44444444': move 7: column 4 is full"),
        "{}",
        stderr(&output)
    );
    // Without a board option, digits are no position.
    let output = run_with_input(&["analyze", "--depth", "2"], b"4453\n");
    assert_refused(&output, 1, "unknown character '4'");
}

#[test]
fn a_floating_stone_is_refused_naming_the_first_floating_cell() {
    let floating = "......./......./......./...x.../......./...o...";
    for args in [
        &[
            "analyze",
            "--depth",
            "2",
            "--board",
            "connect-four",
            floating,
        ][..],
        &["tree", "--depth", "2", "--board", "connect-four", floating],
    ] {
        let output = run(args);
        assert_refused(&output, 1, "cell 25 has an empty cell below it");
    }
    let output = run(&[
        "compare",
        "--players",
        "random",
        "--board",
        "connect-four",
        floating,
    ]);
    assert_refused(&output, 2, "cell 25 has an empty cell below it");
    // Without a board option the rows make the board: 7x6 is Connect
    // Four's, 5x4 has no gravity (where the stone may float) unless asked.
    let output = run(&["analyze", "--depth", "2", floating]);
    assert_refused(&output, 1, "cell 25 has an empty cell below it");
    let floating = "...../..x../...../..o..";
    let output = run(&["analyze", "--depth", "2", floating]);
    assert!(output.status.success(), "{}", stderr(&output));
    let output = run(&[
        "analyze",
        "--depth",
        "2",
        "--board",
        "5x4",
        "--gravity",
        floating,
    ]);
    assert_refused(&output, 1, "cell 8 has an empty cell below it");
    // With one, the rows must make it.
    let output = run(&[
        "analyze",
        "--depth",
        "2",
        "--board",
        "connect-four",
        "x.o/.x./..o",
    ]);
    assert_refused(
        &output,
        1,
        "the position is 3x3, but the board is 7x6, 4 in a row, with gravity",
    );
}

#[test]
fn players_says_which_boards_each_player_takes() {
    let output = run(&["players"]);
    assert!(output.status.success());
    let text = stdout(&output);
    for kind in PlayerKind::ALL {
        let boards = if matches!(kind, PlayerKind::Menace | PlayerKind::Td) {
            "3x3 only"
        } else {
            "any board"
        };
        let line = text
            .lines()
            .find(|line| line.split_whitespace().next() == Some(kind.name()))
            .unwrap_or_else(|| panic!("{kind}: {text}"));
        let columns: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(columns[1..3].join(" "), boards, "{line}");
    }
}

#[test]
fn a_learner_or_a_game_of_another_board_is_refused_naming_both() {
    let directory = directory("state");
    let state = directory.join("neural.json");
    let state = state.to_str().unwrap();
    let trained = run(&[
        "train",
        "--board",
        "connect-four",
        "--player",
        "neural",
        "--opponent",
        "self",
        "--games",
        "2",
        "--threads",
        "1",
        "--seed",
        "1",
        "--state",
        state,
    ]);
    assert!(trained.status.success(), "{}", stderr(&trained));
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(state).unwrap()).unwrap();
    let board = &saved["board"];
    assert_eq!(board["width"], 7, "{board}");
    assert_eq!(board["height"], 6, "{board}");
    assert_eq!(board["gravity"], true, "{board}");
    // Without --state the board's own file in the data directory, the
    // window's for that board too: 3x3's file is left alone.
    let output = tictactoe(&[
        "train",
        "--board",
        "connect-four",
        "--player",
        "neural",
        "--opponent",
        "self",
        "--games",
        "1",
    ])
    .env("HOME", &directory)
    .env("XDG_DATA_HOME", &directory)
    .output()
    .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let data = directory.join("tictactoe");
    let own = LearnerState::read(&data.join("neural-connect-four.json")).unwrap();
    assert_eq!((own.shape(), own.games), (Shape::CONNECT_FOUR, 1));
    assert!(!data.join("neural.json").exists(), "3x3's file was written");
    let both =
        "learned on a board of 7x6, 4 in a row, with gravity, not on this one of 4x4, 4 in a row";
    for args in [
        &[
            "play", "--board", "4x4", "--max", "neural", "--min", "random", "--state", state,
        ][..],
        &[
            "analyze", "--board", "4x4", "--player", "neural", "--state", state, "x...",
        ],
        &[
            "train",
            "--board",
            "4x4",
            "--player",
            "neural",
            "--opponent",
            "self",
            "--games",
            "1",
            "--state",
            state,
        ],
        &[
            "train",
            "--size",
            "4",
            "--player",
            "neural",
            "--opponent",
            "self",
            "--games",
            "1",
            "--fresh",
            "--state",
            state,
        ],
    ] {
        assert_refused(&run(args), 2, both);
    }
    // On its own board it plays, and learns on.
    let output = run(&[
        "play",
        "--board",
        "connect-four",
        "--max",
        "neural",
        "--min",
        "random",
        "--state",
        state,
        "--seed",
        "1",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    // analyze without a board option refuses the positions of another board one by one.
    let output = run(&[
        "analyze",
        "--player",
        "neural",
        "--state",
        state,
        "x.o/.x./..o",
    ]);
    assert_refused(
        &output,
        1,
        "the state learned on a board of 7x6, 4 in a row, with gravity, and the position is on one of 3x3, 3 in a row",
    );

    // A saved 3x3 game with another board chosen.
    let game = directory.join("game.json");
    std::fs::write(&game, super::review::saved_game(".../.../...", &[4, 0])).unwrap();
    let game = game.to_str().unwrap();
    for args in [
        &["review", "--game", game, "--board", "connect-four"][..],
        &["analyze", "--game", game, "--size", "4"],
    ] {
        assert_refused(
            &run(args),
            2,
            "was played on a board of 3x3, 3 in a row, not on the one chosen",
        );
    }
    let output = run(&["review", "--game", game, "--size", "3"]);
    assert!(output.status.success(), "{}", stderr(&output));
}

/// Every player plays a game of Connect Four and of 4x3 with three in a
/// row through `play` (fast settings), or is refused with the reason.
#[test]
fn every_player_plays_a_game_on_connect_four_and_on_4x3() {
    let boards: [&[&str]; 2] = [
        &["--board", "connect-four"],
        &["--board", "4x3", "--in-a-row", "3"],
    ];
    for board in boards {
        for kind in PlayerKind::ALL {
            if kind == PlayerKind::Human {
                continue;
            }
            let mut args = vec![
                "play",
                "--max",
                kind.name(),
                "--min",
                kind.name(),
                "--seed",
                "3",
                "--time",
                "0.05",
                "--json",
            ];
            args.extend_from_slice(board);
            if kind.uses_difficulty() {
                args.extend_from_slice(&["--depth-max", "2", "--depth-min", "2"]);
            }
            let output = run(&args);
            if kind.keeps_every_position() {
                assert_refused(&output, 2, "MENACE and TD play on 3x3 only");
                continue;
            }
            assert!(output.status.success(), "{args:?}: {}", stderr(&output));
            let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
            let games = ["max_wins", "min_wins", "draws"]
                .iter()
                .map(|field| {
                    json[field]
                        .as_u64()
                        .unwrap_or_else(|| panic!("{field}: {json}"))
                })
                .sum::<u64>();
            assert_eq!(games, 1, "{args:?}: {json}");
        }
    }
}

/// The numbers after "pv " in a summary line.
fn principal_variation(summary: &str) -> Vec<usize> {
    let pv = summary.split(", pv ").nth(1).unwrap_or_default();
    pv.split(' ')
        .map(|number| number.parse().unwrap())
        .collect()
}

#[test]
fn connect_four_output_names_each_move_by_its_column() {
    // analyze: the chosen move, the principal variation and one row per
    // column that takes a stone, all 7 of them, by column.
    let output = run(&[
        "analyze",
        "--depth",
        "2",
        "--board",
        "connect-four",
        "--moves",
        "4453",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[1].starts_with("X alphabeta-tt plays column "),
        "{text}"
    );
    let pv = principal_variation(lines[1]);
    assert!(
        !pv.is_empty() && pv.iter().all(|column| (1..=7).contains(column)),
        "{text}"
    );
    let mut columns: Vec<&str> = lines[2..]
        .iter()
        .filter_map(|line| line.trim().strip_prefix("column "))
        .map(|rest| rest.split(':').next().unwrap())
        .collect();
    columns.sort_unstable();
    assert_eq!(columns, ["1", "2", "3", "4", "5", "6", "7"], "{text}");
    assert!(!text.contains("cell "), "{text}");
    // The random player says the columns it chose among.
    let output = run(&[
        "analyze",
        "--player",
        "random",
        "--board",
        "connect-four",
        "--moves",
        "4453",
    ]);
    assert!(
        stdout(&output).contains("random among 7 free columns: "),
        "{}",
        stdout(&output)
    );
    // review: the legend and each move as the column played.
    let reviewed = run_with_input(
        &["review", "--board", "connect-four", "--time", "0.05"],
        b"4 4 5 3",
    );
    assert!(reviewed.status.success(), "{}", stderr(&reviewed));
    let text = stdout(&reviewed);
    assert!(
        text.lines().next().unwrap().ends_with("; columns from 1."),
        "{text}"
    );
    let played: Vec<&str> = text
        .lines()
        .filter_map(|line| line.get(..8))
        .filter(|start| start.contains(". "))
        .collect();
    assert_eq!(
        played,
        [" 1. X 4 ", " 2. O 4 ", " 3. X 5 ", " 4. O 3 "],
        "{text}"
    );
    // tree: each child by the column it drops into.
    let output = run(&[
        "tree",
        "--depth",
        "1",
        "--board",
        "connect-four",
        "--moves",
        "4453",
    ]);
    let text = stdout(&output);
    let mut children: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("  X "))
        .map(|rest| rest.split(':').next().unwrap())
        .collect();
    children.sort_unstable();
    assert_eq!(children, ["1", "2", "3", "4", "5", "6", "7"], "{text}");
    // compare: the chosen moves' column is headed so.
    let output = run(&[
        "compare",
        "--depth",
        "2",
        "--board",
        "connect-four",
        "--moves",
        "4453",
    ]);
    let text = stdout(&output);
    assert!(text.lines().nth(1).unwrap().contains(" column "), "{text}");
    // mcts-trace: its legend, and the path by columns.
    let output = run(&[
        "mcts-trace",
        "--playouts",
        "1",
        "--seed",
        "1",
        "--board",
        "connect-four",
        "--moves",
        "4453",
    ]);
    let text = stdout(&output);
    assert!(
        text.lines().next().unwrap().ends_with("; columns from 1."),
        "{text}"
    );
    let path = text
        .lines()
        .find_map(|line| line.strip_prefix("playout 1: path X "))
        .unwrap();
    assert!((1..=7).contains(&path.parse().unwrap()), "{text}");
    // play: the games' moves, by column.
    let output = run(&[
        "play",
        "--board",
        "connect-four",
        "--max",
        "random",
        "--min",
        "random",
        "--games",
        "1",
        "--seed",
        "3",
        "--verbose",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let game = text
        .lines()
        .find_map(|line| line.strip_prefix("game 1: "))
        .unwrap();
    let moves = game.split(" -> ").next().unwrap();
    assert!(
        moves
            .split(' ')
            .all(|column| (1..=7).contains(&column.parse().unwrap())),
        "{text}"
    );
}
