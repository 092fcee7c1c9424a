//! `tictactoe horizon`: a position searched to depth N and to depth N+1
//! side by side (`engine::horizon`), with the solver's word on a board
//! with gravity; `--find` lists the positions where depth N is misled
//! (`tools::horizon`); `--time-limit` prints iterative deepening's depths.

use std::fs::File;
use std::io::{BufReader, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::args::{EvaluationChoice, HorizonArgs, position_on, read_position};
use super::checks::chosen_evaluation;
use super::output::{grid, refuse, stopped};
use super::stop;
use super::test_set::refusal_words;
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::evaluation::{Evaluation, NamedEvaluation};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::horizon::{DepthSearch, Horizon, Judgement, horizon, judge};
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::score::is_decisive;
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver};
use tictactoe_tools::horizon::{drawn_positions, find_misled};
use tictactoe_tools::truth::{TestSetError, TestSetLines};
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::numbers::group;
use tictactoe_words::position::{describe_score, describe_winner, move_name, move_numbers};
use tictactoe_words::report::{TextStyle, iteration_words};

/// The widest column of the side-by-side table.
const COLUMN: usize = 34;

pub(super) fn run(args: HorizonArgs) -> ExitCode {
    let shape = match args.board.given() {
        Ok(shape) => shape,
        Err(message) => return refuse(&message),
    };
    let evaluation = match chosen_evaluation(&args.evaluation, &[PlayerKind::AlphaBeta], shape) {
        Ok(evaluation) => evaluation,
        Err(message) => return refuse(&message),
    };
    let cancel = stop::flag();
    if let Some(file) = &args.find {
        let depth = args.depth.expect("clap requires --depth with --find");
        return find(
            file.as_deref(),
            shape,
            evaluation,
            depth,
            (args.seed, args.count),
        );
    }
    let (text, board) = read_position(args.position.as_deref(), args.moves.as_deref(), shape);
    let board = match board {
        Ok(board) => board,
        Err(message) => return refuse(&message),
    };
    let evaluation_name = args.evaluation.evaluation.as_ref().map_or_else(
        || {
            NamedEvaluation::default_for(board.shape())
                .name()
                .to_owned()
        },
        EvaluationChoice::name,
    );
    let evaluation = Evaluation::chosen_or_default(evaluation, board.shape());
    let mut out = std::io::stdout().lock();
    let text = escape_text(text.trim(), ECHO_CHARS);
    out!(
        out,
        "{text} on {}: {} to move; evaluation {evaluation_name}; values for X (positive: X better)",
        board.shape().words(),
        board.side_to_move().mark()
    );
    if let Some(depth) = args.depth {
        let Some(found) = horizon(&board, evaluation, depth, &cancel) else {
            return interrupted("the searches did not finish");
        };
        out!(out, "");
        for line in side_by_side(&board, &found) {
            out!(out, "{line}");
        }
        out!(out, "");
        out!(out, "{}", misled_words(&board, &found));
        if args.solver_time > 0 && board.shape().gravity() {
            let deadline = Instant::now() + Duration::from_secs(args.solver_time);
            let mut solver = Solver::with_table_bytes(DEFAULT_TABLE_BYTES);
            match judge(&mut solver, &board, &found, &cancel, Some(deadline)) {
                Some(judged) => out!(out, "{}", judgement_words(&board, &found, &judged)),
                None if stop::is_stopping() => {
                    return interrupted("the solver did not finish");
                }
                None => out!(
                    out,
                    "the solver: not finished in {} s (--solver-time)",
                    args.solver_time
                ),
            }
        }
        out!(out, "");
        for line in leaves(&board, &found) {
            out!(out, "{}", line.trim_end());
        }
    }
    if let Some(ms) = args.time_limit {
        if args.depth.is_some() {
            out!(out, "");
        }
        let options = PlayerOptions {
            time_limit: Some(Duration::from_millis(ms)),
            evaluation: Some(evaluation),
            ..PlayerOptions::default()
        };
        let report = PlayerKind::AlphaBetaTt
            .create(&options)
            .choose_move(&board, &cancel);
        if stop::is_stopping() {
            return interrupted("iterative deepening was stopped");
        }
        out!(
            out,
            "iterative deepening (alphabeta-tt, evaluation {evaluation_name}) for {ms} ms:"
        );
        let style = TextStyle::COMMAND_LINE.on(board.shape());
        let mut nodes_before = 0;
        for iteration in &report.iterations {
            out!(
                out,
                "  {}",
                iteration_words(&report, iteration, iteration.nodes - nodes_before, style)
            );
            nodes_before = iteration.nodes;
        }
        match (report.best, report.score) {
            (Some(best), Some(score)) => out!(
                out,
                "reached depth {} of {}: best {}, value {}",
                report.depth,
                report.empty,
                move_name(board.shape(), best),
                value_words(score, &board)
            ),
            _ => out!(out, "no depth finished in {ms} ms"),
        }
    }
    ExitCode::SUCCESS
}

/// The command was stopped (Ctrl+C, a signal) before `what` finished.
fn interrupted(what: &str) -> ExitCode {
    match stop::reason() {
        Some(reason) => stopped(reason, format_args!("{what}")),
        None => ExitCode::FAILURE,
    }
}

/// A value on X's scale: a proven result in words, an estimate signed.
fn value_words(value: i32, board: &Board) -> String {
    if is_decisive(value) {
        describe_score(value, board.stone_count())
    } else if value == 0 {
        "0".to_owned()
    } else {
        format!("{value:+}")
    }
}

/// The two searches in two columns, a row per fact.
fn side_by_side(board: &Board, found: &Horizon) -> Vec<String> {
    let shape = board.shape();
    let row = |name: &str, fact: &dyn Fn(&DepthSearch) -> String| {
        format!(
            "{name:<20}{:<COLUMN$}{}",
            fact(&found.shallow),
            fact(&found.deep)
        )
    };
    vec![
        row("", &|search| format!("depth {}", search.depth)),
        row("best move", &|search| move_name(shape, search.best)),
        row("value", &|search| value_words(search.value, board)),
        row("variation", &|search| move_numbers(shape, &search.pv, " ")),
        row("leaf evaluation", &|search| match search.leaf_evaluation {
            Some(estimate) => value_words(estimate, board),
            None => "none: the game ends".to_owned(),
        }),
        row("nodes", &|search| group(search.nodes)),
    ]
}

/// Whether depth N is misled, in a sentence.
fn misled_words(board: &Board, found: &Horizon) -> String {
    let shape = board.shape();
    if found.misled() {
        format!(
            "depth {} is misled: depth {} plays {}, not {}",
            found.shallow.depth,
            found.deep.depth,
            move_name(shape, found.deep.best),
            move_name(shape, found.shallow.best)
        )
    } else {
        format!(
            "depth {} and depth {} agree on {}",
            found.shallow.depth,
            found.deep.depth,
            move_name(shape, found.shallow.best)
        )
    }
}

/// The solver's word on the two moves.
fn judgement_words(board: &Board, found: &Horizon, judged: &Judgement) -> String {
    let shape = board.shape();
    let one = |search: &DepthSearch, winner: Option<Side>, mistaken: bool| {
        format!(
            "after {} (depth {}) {}, {}",
            move_name(shape, search.best),
            search.depth,
            describe_winner(winner),
            if mistaken {
                "a mistake"
            } else {
                "the game's value kept"
            }
        )
    };
    format!(
        "the solver: {} with best play; {}; {}",
        describe_winner(judged.best),
        one(&found.shallow, judged.shallow, judged.shallow_mistaken()),
        one(&found.deep, judged.deep, judged.deep_mistaken())
    )
}

/// The two leaves drawn side by side, the variations' stones in lower
/// case.
fn leaves(board: &Board, found: &Horizon) -> Vec<String> {
    let heading = |search: &DepthSearch| {
        format!(
            "leaf of depth {} ({})",
            search.depth,
            match search.leaf_evaluation {
                Some(estimate) => format!("evaluation {}", value_words(estimate, board)),
                None => "the game ends".to_owned(),
            }
        )
    };
    let drawn =
        |search: &DepthSearch| grid(&search.leaf, search.leaf.occupied() & !board.occupied());
    let mut lines = vec![format!(
        "{:<COLUMN$}{}",
        heading(&found.shallow),
        heading(&found.deep)
    )];
    lines.extend(
        drawn(&found.shallow)
            .into_iter()
            .zip(drawn(&found.deep))
            .map(|(left, right)| format!("{left:<COLUMN$}{right}")),
    );
    lines.push("(lower case: the stones the variation adds)".to_owned());
    lines
}

/// `--find`: the positions where depth `depth` is misled, among `file`'s
/// lines or `count` positions drawn from `seed`.
fn find(
    file: Option<&Path>,
    shape: Option<Shape>,
    evaluation: Option<Evaluation>,
    depth: u32,
    (seed, count): (u64, u32),
) -> ExitCode {
    let positions: Vec<(String, Board)> = match file {
        Some(path) => match read_positions(path, shape) {
            Ok(positions) => positions,
            Err(message) => return refuse(&message),
        },
        None => drawn_positions(shape.unwrap_or(Shape::CONNECT_FOUR), seed, count)
            .into_iter()
            .map(|board| (board.to_string(), board))
            .collect(),
    };
    let cancel = stop::flag();
    let boards = positions.iter().map(|(_, board)| *board);
    // One board's positions: the first tells the board's own evaluation.
    let evaluation = Evaluation::chosen_or_default(
        evaluation,
        positions
            .first()
            .map_or(Shape::CONNECT_FOUR, |(_, board)| board.shape()),
    );
    let Some(found) = find_misled(boards, evaluation, depth, &cancel) else {
        return interrupted("the scan was stopped");
    };
    let mut out = std::io::stdout().lock();
    for (board, searched) in &found {
        let text = positions
            .iter()
            .find(|(_, given)| given == board)
            .map_or_else(|| board.to_string(), |(text, _)| text.clone());
        let shape = board.shape();
        out!(
            out,
            "{text}: depth {} {} ({}), depth {} {} ({})",
            searched.shallow.depth,
            move_name(shape, searched.shallow.best),
            value_words(searched.shallow.value, board),
            searched.deep.depth,
            move_name(shape, searched.deep.best),
            value_words(searched.deep.value, board)
        );
    }
    out!(
        out,
        "depth {depth} is misled on {} of {} positions",
        found.len(),
        positions.len()
    );
    ExitCode::SUCCESS
}

/// The positions of a file, the first word of each line that has one, as
/// written; the message (with the line's number) for one that is no
/// position.
fn read_positions(path: &Path, shape: Option<Shape>) -> Result<Vec<(String, Board)>, String> {
    let name = escape_text(&path.to_string_lossy(), ECHO_CHARS);
    let file = File::open(path).map_err(|error| format!("positions file '{name}': {error}"))?;
    let mut lines = TestSetLines::new(BufReader::new(file));
    let mut positions = Vec::new();
    let first_word = |text: &str| match text.split_whitespace().next() {
        None => Ok(None),
        Some(word) => match position_on(word, shape) {
            Ok(board) => Ok(Some((word.to_owned(), board))),
            Err(why) => Err(format!("'{}': {why}", escape_text(word, ECHO_CHARS))),
        },
    };
    loop {
        match lines.next_read(first_word) {
            Ok(Some((_, position))) => positions.push(position),
            Ok(None) => break,
            Err(TestSetError::Read { error, .. }) => {
                return Err(format!("positions file '{name}': {error}"));
            }
            Err(TestSetError::Line { number, refusal }) => {
                let why = refusal_words(&refusal, String::clone);
                return Err(format!("positions file '{name}', line {number}: {why}"));
            }
        }
    }
    Ok(positions)
}
