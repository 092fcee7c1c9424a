//! `tictactoe solve`: the exact value of each position read from standard
//! input, one per line, in rows (`x.o/.x./...`) or, on a board with
//! gravity, as the columns played (`4453`, the Connect Four test sets'
//! notation). Each value is printed as soon as it is known.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::analyze::escape_bytes;
use super::args::{SolveArgs, SolveFormat};
use super::output::{refuse, say, stopped};
use super::{stop, streams};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::opening_book::OpeningBook;
use tictactoe_engine::solver::{Solution, Solver, Strength};
use tictactoe_tools::solving::{default_threads, solve_on_threads};
use tictactoe_tools::truth::{MAX_LINE_BYTES, read_line};
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::numbers::group;
use tictactoe_words::position::{describe_score, describe_winner};

/// A solve that takes longer than this tells its progress on standard
/// error (a terminal only).
const PROGRESS_AFTER: Duration = Duration::from_secs(2);

/// One solved position as `solve --json` prints it.
#[derive(Serialize)]
struct Solved<'a> {
    /// The line's position, as given.
    position: &'a str,
    board: Shape,
    to_move: Side,
    /// "x", "o" or "draw".
    result: &'static str,
    /// On X's scale (`analyze`'s): a win is worth 1000 minus the stones on
    /// the board when it ends; absent for a weak solve's win or loss.
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i32>,
    /// Stones still to be placed by both sides until the game ends with
    /// best play; absent where `score` is.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves_to_end: Option<u32>,
    /// The score for the side to move as the Connect Four test sets
    /// write it (`--format pons`).
    pons: i32,
    weak: bool,
    nodes: u64,
    elapsed_us: u64,
}

pub(super) fn run(args: SolveArgs) -> ExitCode {
    let shape = match args.board.given() {
        Ok(shape) => shape,
        Err(message) => return refuse(&message),
    };
    let threads = args
        .threads
        .map_or_else(default_threads, |threads| threads as usize);
    if let Some(plies) = args.book {
        return write_book(shape, plies, args.table_mb, threads);
    }
    if streams::stdin_closed_at_start() {
        say(format_args!(
            "error: reading standard input: it is closed; give positions one per line on standard input"
        ));
        return ExitCode::FAILURE;
    }
    let strength = if args.weak {
        Strength::Weak
    } else {
        Strength::Strong
    };
    let mut solver = Solver::with_table_bytes((args.table_mb as usize) << 20);
    let threads = args
        .threads
        .map_or_else(default_threads, |threads| threads as usize);
    let cancel = stop::flag();
    let show_progress = std::io::stderr().is_terminal();
    let mut out = std::io::stdout().lock();
    let mut input = std::io::stdin().lock();
    let mut line = Vec::new();
    let mut number = 0u64;
    let mut solved = 0u64;
    // Nothing is under way while the input is awaited: Ctrl+C then ends
    // the command at once.
    while let Some(read) = stop::while_idle(|| read_line(&mut input, &mut line)) {
        let length = match read {
            Ok(Some(length)) => length,
            Ok(None) => break,
            Err(error) => {
                say(format_args!(
                    "error: reading standard input after line {number}: {error}"
                ));
                return ExitCode::FAILURE;
            }
        };
        number += 1;
        if length > MAX_LINE_BYTES as u64 {
            return bad_line(
                &mut out,
                number,
                &format!(
                    "too long: {length} bytes: '{}'",
                    escape_bytes(&line, ECHO_CHARS)
                ),
            );
        }
        let text = match std::str::from_utf8(&line) {
            Ok(text) => text,
            Err(error) => {
                return bad_line(
                    &mut out,
                    number,
                    &format!(
                        "not UTF-8 text (byte {} is invalid): '{}'",
                        error.valid_up_to() + 1,
                        escape_bytes(&line, ECHO_CHARS)
                    ),
                );
            }
        };
        // The position is the line's first word; the test sets put the
        // expected score after it.
        let Some(position) = text.split_whitespace().next() else {
            continue;
        };
        let board = match read_position(shape, position) {
            Ok(board) => board,
            Err(message) => return bad_line(&mut out, number, &message),
        };
        let started = Instant::now();
        let report = |low, high, nodes| {
            if show_progress && started.elapsed() >= PROGRESS_AFTER {
                say(format_args!(
                    "line {number}: solving; the side to move's score is {low} to {high} \
                     (test sets' scale), {} nodes so far",
                    group(nodes)
                ));
            }
        };
        let solution = solve_on_threads(&mut solver, &board, strength, threads, &cancel, report);
        let Some(solution) = solution else {
            break;
        };
        match args.format {
            _ if args.json => {
                let json = serde_json::to_string(&as_json(position, &board, &solution))
                    .expect("plain data");
                out!(out, "{json}");
            }
            SolveFormat::Pons => out!(out, "{position} {}", solution.for_mover),
            SolveFormat::Words => out!(out, "{position}: {}", in_words(&solution)),
        }
        solved += 1;
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    if let Some(reason) = stop::reason() {
        let noun = if solved == 1 { "position" } else { "positions" };
        return stopped(
            reason,
            format_args!("stopped after {} {noun} solved", group(solved)),
        );
    }
    if number == 0 {
        return refuse("no position given: give positions one per line on standard input");
    }
    ExitCode::SUCCESS
}

/// `solve --book PLIES`: the opening book of `shape` to standard output,
/// the positions solved so far on standard error.
fn write_book(shape: Option<Shape>, plies: u32, table_mb: u32, threads: usize) -> ExitCode {
    let Some(shape) = shape.filter(|shape| shape.gravity()) else {
        return refuse("--book needs a board with gravity, such as --board 7x4 --gravity");
    };
    let mut solver = Solver::with_table_bytes((table_mb as usize) << 20);
    let cancel = stop::flag();
    let show_progress = std::io::stderr().is_terminal();
    let solve = |board: &Board| {
        solve_on_threads(
            &mut solver,
            board,
            Strength::Strong,
            threads,
            &cancel,
            |_, _, _| {},
        )
    };
    let book = OpeningBook::compute(shape, plies, solve, |done, total| {
        if show_progress {
            say(format_args!("solved {done} of {total} positions"));
        }
    });
    match book {
        Some(book) => {
            out!(std::io::stdout().lock(), "{}", book.to_text().trim_end());
            ExitCode::SUCCESS
        }
        None => match stop::reason() {
            Some(reason) => stopped(reason, format_args!("stopped: no book written")),
            None => ExitCode::FAILURE,
        },
    }
}

/// Refuses line `number` of the input, after what was printed before it.
fn bad_line(out: &mut impl Write, number: u64, message: &str) -> ExitCode {
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    refuse(&format!("line {number}: {message}"))
}

/// The position a line's first word gives: the columns played on a board
/// with gravity, or the rows (on the board given, else on the board they
/// make).
fn read_position(shape: Option<Shape>, text: &str) -> Result<Board, String> {
    let echo = escape_text(text, ECHO_CHARS);
    if text.bytes().all(|byte| byte.is_ascii_digit()) {
        let shape = match shape {
            Some(shape) if shape.gravity() => shape,
            Some(shape) => {
                return Err(format!(
                    "columns '{echo}' need a board with gravity, and {} has none: add --gravity",
                    shape.words()
                ));
            }
            None => {
                return Err(format!(
                    "columns '{echo}' need a board with gravity: give one, such as --board connect-four"
                ));
            }
        };
        return Board::from_columns(shape, text)
            .map_err(|(index, error)| format!("move {index} of '{echo}': {}", error.words()));
    }
    match shape {
        Some(shape) => Board::parse_on(shape, text),
        None => text.parse(),
    }
    .map_err(|error| format!("position '{echo}': {}", error.words()))
}

/// "X wins in 5 moves", "draw"; a weak solve's "X wins".
fn in_words(solution: &Solution) -> String {
    match solution.score() {
        Some(score) => describe_score(score, solution.stones),
        None => describe_winner(solution.winner()),
    }
}

fn as_json<'a>(position: &'a str, board: &Board, solution: &Solution) -> Solved<'a> {
    Solved {
        position,
        board: board.shape(),
        to_move: solution.side,
        result: solution.winner().map_or("draw", Side::name),
        score: solution.score(),
        moves_to_end: solution
            .final_stones()
            .filter(|_| solution.score().is_some())
            .map(|stones| stones - solution.stones),
        pons: solution.for_mover,
        weak: solution.strength == Strength::Weak,
        nodes: solution.stats.nodes,
        elapsed_us: solution.elapsed_us,
    }
}
