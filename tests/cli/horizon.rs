//! `tictactoe horizon`: depth N next to depth N+1 on a position, the
//! positions where depth N is misled, iterative deepening under a clock,
//! and what it refuses.

use std::fs;

use super::common::{run, stderr, stdout};
use tictactoe_engine::board::Board;
use tictactoe_engine::evaluation::NamedEvaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::horizon::{horizon, search_to};
use tictactoe_engine::search::CancelFlag;

const C4: [&str; 2] = ["--board", "connect-four"];

/// `horizon` on Connect Four with `extra`, evaluating with `lines` (the
/// teaching example's) unless `extra` names an evaluation.
fn horizon_command(extra: &[&str]) -> std::process::Output {
    let mut args = vec!["horizon"];
    args.extend(C4);
    if !extra.contains(&"--evaluation") {
        args.extend(["--evaluation", "lines"]);
    }
    args.extend(extra);
    run(&args)
}

/// The facts of the row named `name` of the side-by-side table: the two
/// columns' texts.
fn row<'a>(text: &'a str, name: &str) -> (&'a str, &'a str) {
    let line = text
        .lines()
        .find(|line| line.starts_with(name) && line[name.len()..].starts_with("  "))
        .unwrap_or_else(|| panic!("no row {name} in {text}"));
    let facts = line[name.len()..].trim_start();
    let (left, right) = facts.split_once("  ").unwrap_or((facts, ""));
    (left.trim(), right.trim())
}

#[test]
fn the_example_shows_depth_three_misled_where_depth_four_blocks_the_open_three() {
    // Time enough for the solver on a loaded machine (alone it takes 7 s).
    let output = horizon_command(&["--depth", "3", "--solver-time", "300", "744511"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let board = Board::from_columns(Shape::CONNECT_FOUR, "744511").unwrap();
    let found = horizon(
        &board,
        NamedEvaluation::Lines.evaluation(),
        3,
        &CancelFlag::new(),
    )
    .unwrap();
    let column = |cell: usize| format!("column {}", cell % 7 + 1);
    assert_eq!(row(&text, ""), ("depth 3", "depth 4"));
    assert_eq!(
        row(&text, "best move"),
        (
            column(found.shallow.best).as_str(),
            column(found.deep.best).as_str()
        )
    );
    assert_eq!(row(&text, "best move"), ("column 5", "column 3"));
    assert_eq!(row(&text, "value"), ("+17", "-4"));
    assert_eq!(row(&text, "variation"), ("5 4 5", "3 4 4 5"));
    assert_eq!(row(&text, "leaf evaluation"), ("+17", "-4"));
    assert!(
        text.contains("depth 3 is misled: depth 4 plays column 3, not column 5"),
        "{text}"
    );
    assert!(
        text.contains(
            "the solver: draw with best play; after column 5 (depth 3) O wins, a mistake; \
             after column 3 (depth 4) draw, the game's value kept"
        ),
        "{text}"
    );
    // The leaves, drawn side by side, the variations' stones in lower case.
    let leaves: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.starts_with("leaf of depth 3"))
        .collect();
    assert!(
        leaves[0].contains("leaf of depth 4 (evaluation -4)"),
        "{text}"
    );
    assert_eq!(leaves[4], ". . . o x . .                     . . . o . . .");
    assert_eq!(leaves[5], "O . . X x . .                     O . . X o . .");
    assert_eq!(leaves[6], "X . . O O . X                     X . x O O . X");
}

#[test]
fn agreeing_depths_say_so_and_the_solver_can_be_left_out() {
    let output = horizon_command(&["--depth", "2", "--solver-time", "0", "4"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let (shallow, deep) = row(&text, "best move");
    let agree = shallow == deep;
    assert_eq!(text.contains("depth 2 and depth 3 agree"), agree, "{text}");
    assert_eq!(text.contains("depth 2 is misled"), !agree, "{text}");
    assert!(!text.contains("the solver"), "{text}");
}

#[test]
fn find_lists_exactly_the_positions_where_depth_n_is_misled() {
    let output = horizon_command(&["--depth", "3", "--find", "--count", "30", "--seed", "5"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let (summary, listed) = lines.split_last().unwrap();
    assert_eq!(
        *summary,
        format!("depth 3 is misled on {} of 30 positions", listed.len())
    );
    assert!(!listed.is_empty(), "{text}");
    for line in listed {
        let (position, _) = line.split_once(": ").unwrap();
        let single = horizon_command(&["--depth", "3", "--solver-time", "0", position]);
        assert!(
            stdout(&single).contains("depth 3 is misled"),
            "{line}: {}",
            stdout(&single)
        );
    }
    // The same seed lists the same positions.
    let again = horizon_command(&["--depth", "3", "--find", "--count", "30", "--seed", "5"]);
    assert_eq!(stdout(&again), text);
}

#[test]
fn find_reads_the_first_word_of_each_line_of_a_file() {
    let dir = std::env::temp_dir().join(format!("tictactoe-cli-horizon-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("positions.txt");
    fs::write(&file, "744511 0\n\n4 1\n").unwrap();
    let output = horizon_command(&["--depth", "3", "--find", file.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with("744511: depth 3 column 5 (+17), depth 4 column 3 (-4)\n"),
        "{text}"
    );
    assert!(
        text.ends_with("depth 3 is misled on 1 of 2 positions\n")
            || text.ends_with("depth 3 is misled on 2 of 2 positions\n"),
        "{text}"
    );

    fs::write(&file, "744511\n44x\n").unwrap();
    let output = horizon_command(&["--depth", "3", "--find", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("line 2: '44x'"),
        "{}",
        stderr(&output)
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn iterative_deepening_prints_each_depth_with_the_fixed_depth_searchs_value() {
    let output = horizon_command(&["--time-limit", "300", "744511"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let depths: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("  depth "))
        .collect();
    assert!(depths.len() >= 4, "{text}");
    let board = Board::from_columns(Shape::CONNECT_FOUR, "744511").unwrap();
    for (index, line) in depths.iter().enumerate() {
        let depth = index as u32 + 1;
        assert!(line.starts_with(&format!("{depth}: ")), "{text}");
        // Iterative deepening's value at each depth is alpha-beta's there
        // (plain alpha-beta in cell order is quick to depth 6).
        if depth <= 6 {
            let evaluation = NamedEvaluation::Lines.evaluation();
            let value = search_to(&board, evaluation, depth, &CancelFlag::new())
                .unwrap()
                .value;
            assert!(
                line.contains(&format!("{value:+})")),
                "depth {depth}: {value} in {line}"
            );
        }
    }
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with(&format!(
            "reached depth {} of 36: best column ",
            depths.len()
        )),
        "{text}"
    );
}

#[test]
fn bad_arguments_are_refused_with_exit_code_2() {
    for (args, words) in [
        (&["--depth", "0", "4"][..], "--depth"),
        (&["--depth", "3"][..], "POSITION"),
        (&["--depth", "3", "1212121"][..], "over"),
        (
            &["--depth", "3", "--find", "/nonexistent/positions"][..],
            "positions file",
        ),
        (
            &["--depth", "3", "--evaluation", "nothing", "4"][..],
            "evaluation",
        ),
        (&["--find"][..], "--depth"),
    ] {
        let output = horizon_command(args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains(words),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}
