//! `tictactoe solve`: samples of the Connect Four test sets reproduced
//! line for line in their own format, the app's words and JSON checked
//! against the 3x3 perfect table, and the lines it refuses.

use super::common::{run, run_with_input, stderr, stdout};

use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::opening_book::OpeningBook;
use tictactoe_engine::players::PerfectTable;

const END_EASY: &str = include_str!("solve/end-easy-sample");
const MIDDLE_EASY: &str = include_str!("solve/middle-easy-sample");

/// On one thread and on two sharing the table: the same lines.
#[test]
fn test_set_lines_come_back_as_they_are() {
    for set in [END_EASY, MIDDLE_EASY] {
        for threads in ["1", "2"] {
            let output = run_with_input(
                &[
                    "solve",
                    "--board",
                    "connect-four",
                    "--format",
                    "pons",
                    "--threads",
                    threads,
                ],
                set.as_bytes(),
            );
            assert!(output.status.success(), "{}", stderr(&output));
            assert_eq!(stdout(&output), set, "{threads} threads");
        }
    }
}

#[test]
fn a_thread_count_out_of_range_is_refused() {
    for threads in ["0", "65", "two"] {
        let output = run_with_input(
            &["solve", "--board", "connect-four", "--threads", threads],
            b"4\n",
        );
        assert_eq!(output.status.code(), Some(2), "{threads}");
        assert!(
            stderr(&output).contains("invalid value"),
            "{}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "");
    }
}

#[test]
fn a_weak_solve_gives_the_scores_sign() {
    let output = run_with_input(
        &[
            "solve",
            "--board",
            "connect-four",
            "--format",
            "pons",
            "--weak",
        ],
        END_EASY.as_bytes(),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let expected: String = END_EASY
        .lines()
        .map(|line| {
            let (moves, score) = line.split_once(' ').unwrap();
            format!("{moves} {}\n", score.parse::<i32>().unwrap().signum())
        })
        .collect();
    assert_eq!(stdout(&output), expected);
}

/// Some 3x3 positions: open, won at once or soon, drawn, finished.
const POSITIONS: [&str; 5] = [
    "x.o/.x./...",
    ".........",
    "xx./oo./...",
    "x.o/.o./x..",
    "xxx/oo./...",
];

#[test]
fn words_and_json_give_x_s_view_as_the_perfect_table_does() {
    let input = POSITIONS.join("\n");
    let output = run_with_input(&["solve", "--json"], input.as_bytes());
    assert!(output.status.success(), "{}", stderr(&output));
    let table = PerfectTable::global();
    let text = stdout(&output);
    assert_eq!(text.lines().count(), POSITIONS.len());
    for (line, position) in text.lines().zip(POSITIONS) {
        let json: serde_json::Value = serde_json::from_str(line).unwrap();
        let board: Board = position.parse().unwrap();
        let value = table.value(&board).unwrap();
        assert_eq!(json["position"], position);
        assert_eq!(json["score"], value, "{position}");
        let result = match value.signum() {
            1 => "x",
            -1 => "o",
            _ => "draw",
        };
        assert_eq!(json["result"], result, "{position}");
    }
    let words = stdout(&run_with_input(&["solve"], input.as_bytes()));
    assert_eq!(
        words,
        "x.o/.x./...: draw\n\
         .........: draw\n\
         xx./oo./...: X wins in 1 move\n\
         x.o/.o./x..: X wins in 1 move\n\
         xxx/oo./...: X wins in 0 moves\n"
    );
    let weak = stdout(&run_with_input(&["solve", "--weak"], input.as_bytes()));
    assert_eq!(
        weak,
        "x.o/.x./...: draw\n.........: draw\nxx./oo./...: X wins\nx.o/.o./x..: X wins\nxxx/oo./...: X wins\n"
    );
}

#[test]
fn the_board_options_and_the_rows_give_the_board() {
    // 4x3, three in a row: the first player wins.
    let output = run_with_input(
        &["solve", "--board", "4x3", "--in-a-row", "3"],
        b"............\n",
    );
    assert_eq!(
        stdout(&output),
        "............: X wins in 7 moves\n",
        "{}",
        stderr(&output)
    );
    // The rows alone make 4x3 with its usual four in a row: a draw.
    let output = run_with_input(&["solve"], b"..../..../....\n");
    assert!(stdout(&output).ends_with(": draw\n"), "{}", stderr(&output));
    // Columns on a small gravity board, anything after the first space ignored.
    let output = run_with_input(&["solve", "--board", "5x4", "--gravity"], b"3 whatever\n");
    assert_eq!(stdout(&output), "3: draw\n", "{}", stderr(&output));
}

#[test]
fn bad_lines_are_refused_with_their_number() {
    let refused = |args: &[&str], input: &str, printed: &str, message: &str| {
        let output = run_with_input(args, input.as_bytes());
        assert_eq!(output.status.code(), Some(2), "{args:?} {input}");
        assert_eq!(stdout(&output), printed, "{args:?} {input}");
        assert!(stderr(&output).contains(message), "{}", stderr(&output));
    };
    refused(
        &["solve"],
        ".........\nx?o\n.........\n",
        ".........: draw\n",
        "error: line 2: position 'x?o': unknown character '?'",
    );
    refused(
        &["solve"],
        "4453\n",
        "",
        "error: line 1: columns '4453' need a board with gravity",
    );
    refused(
        &["solve", "--board", "4x4"],
        "4453\n",
        "",
        "has none: add --gravity",
    );
    refused(
        &["solve", "--board", "connect-four"],
        "\n2252576253462244111563365343671351441 -1\n44444444\n",
        "2252576253462244111563365343671351441: X wins in 4 moves\n",
        "error: line 3: move 7 of '44444444': column 4 is full",
    );
    refused(
        &["solve", "--gravity"],
        "..x/.../...\n",
        "",
        "error: line 1: position '..x/.../...': cell 3 has an empty cell below it",
    );
    refused(&["solve"], "", "", "error: no position given");
}

/// `--book` writes an opening book the engine reads: on 5x4 (gravity,
/// four in a row) the empty board is a draw, and each first move's value
/// is that of O's best reply.
#[test]
fn a_book_is_written_that_the_engine_reads() {
    let output = run(&["solve", "--board", "5x4", "--gravity", "--book", "1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let book = OpeningBook::parse(&stdout(&output)).expect("a book");
    let shape = Shape::new(5, 4, 4, true).unwrap();
    assert_eq!(
        (book.shape(), book.plies(), book.positions()),
        (shape, 1, 6)
    );
    let empty = Board::new(shape);
    let values = book.move_values(&empty).unwrap();
    assert_eq!(values.iter().map(|&(_, value)| value.abs()).min(), Some(0));
    for (cell, value) in values {
        let mut after = empty;
        after.play(cell).unwrap();
        let replies = book.move_values(&after).unwrap();
        // O, to move, picks the value lowest for X.
        assert_eq!(replies.iter().map(|&(_, reply)| reply).min(), Some(value));
    }
    // Without gravity there is no book to write.
    let output = run(&["solve", "--board", "5x4", "--book", "1"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--book needs a board with gravity"));
}

/// `tree --player perfect` on Connect Four records the solver's own
/// search, on End-Easy positions given as the columns played: its root
/// counts itself and every position the solver entered (as many as
/// `solve` counts), its value is the solver's score, and below it come
/// the null-window passes over the scores, whose positions add up to the
/// solver's count.
#[test]
fn the_perfect_players_tree_on_connect_four_is_the_solvers_search() {
    let mut endings = std::collections::BTreeSet::new();
    for line in END_EASY.lines().take(8) {
        let columns = line.split(' ').next().unwrap();
        let solved = run_with_input(
            &[
                "solve",
                "--board",
                "connect-four",
                "--json",
                "--threads",
                "1",
            ],
            columns.as_bytes(),
        );
        assert!(solved.status.success(), "{}", stderr(&solved));
        let solved: serde_json::Value = serde_json::from_str(stdout(&solved).trim()).unwrap();
        let nodes = solved["nodes"].as_u64().unwrap();
        let output = run(&[
            "tree",
            "--player",
            "perfect",
            "--board",
            "connect-four",
            "--moves",
            columns,
            "--json",
            "--max-ply",
            "40",
        ]);
        assert!(output.status.success(), "{columns}: {}", stderr(&output));
        let tree: Vec<serde_json::Value> = stdout(&output)
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(tree[0]["nodes"].as_u64(), Some(nodes + 1), "{columns}");
        assert_eq!(tree[0]["value"], solved["score"], "{columns}");
        let passes: Vec<&serde_json::Value> =
            tree.iter().filter(|node| node["parent"] == 0).collect();
        assert!(passes.iter().all(|pass| pass["pass"] == true), "{columns}");
        let passed: u64 = passes
            .iter()
            .map(|pass| pass["nodes"].as_u64().unwrap())
            .sum();
        assert_eq!(passed, nodes, "{columns}");
        // Every position the solver entered is kept.
        assert_eq!(tree.len() as u64, 1 + nodes, "{columns}");
        endings.extend(
            tree.iter()
                .map(|node| node["end"].as_str().unwrap().to_owned()),
        );
        // A position without a safe move is lost, exactly.
        for node in tree.iter().filter(|node| node["end"] == "no-safe-move") {
            assert_eq!(node["bound"], "exact", "{columns}: {node}");
        }
    }
    // The positions it settles without a search say why.
    assert!(endings.contains("no-safe-move"), "{endings:?}");
    assert!(endings.contains("table-hit"), "{endings:?}");
}
