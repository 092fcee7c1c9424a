//! `tictactoe exam`: a player examined on test-set positions. For each
//! line (`MOVES [SCORE]`, the Connect Four test sets' format) the player
//! chooses a move and the solver judges it: a mistake throws away the
//! position's value (a win made a draw or a loss, a draw a loss).

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::args::ExamArgs;
use super::checks::{cannot_finish, chosen_evaluation, search_name, warn_unused_depth};
use super::output::{refuse, say, stopped};
use super::{learning, stop, test_set};
use tictactoe_engine::board::Board;
use tictactoe_engine::evaluation::NamedEvaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player::Player;
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::solver::Solver;
use tictactoe_tools::exam::{Tally, Value, examine};
use tictactoe_tools::truth::{TestLineError, TestSetError, TestSetLines};
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::numbers::{format_duration_us, group};

/// Progress goes to standard error (a terminal only) this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// A value in words: "a win", as in "column 3 makes it a win".
fn value_words(value: Value) -> &'static str {
    match value {
        Value::Loss => "a loss",
        Value::Draw => "a draw",
        Value::Win => "a win",
    }
}

/// One mistake: where, and what it threw away.
#[derive(Debug, Serialize)]
struct Mistake {
    line: u64,
    /// The position as the line gives it.
    moves: String,
    /// The column played, 1 on the left.
    column: usize,
    /// The position's value for the side to move, and the value after the
    /// move for the same side.
    before: Value,
    after: Value,
}

/// What the exam found, `--json`'s object.
#[derive(Debug, Serialize)]
struct ExamResult {
    board: Shape,
    player: &'static str,
    depth: String,
    evaluation: String,
    positions: u64,
    mistakes: u64,
    /// Mistakes per position examined, 0 to 1.
    mistake_rate: f64,
    /// The player's mean time per move, in microseconds.
    mean_move_us: u64,
    /// Stopped (Ctrl+C) before the input's end.
    partial: bool,
    mistake_list: Vec<Mistake>,
}

pub(super) fn run(args: ExamArgs) -> ExitCode {
    let shape = match args.test_set.gravity_shape("exam") {
        Ok(shape) => shape,
        Err(code) => return code,
    };
    if args.player == PlayerKind::Human {
        return refuse("the human player cannot take an exam: choose a computer player");
    }
    if let Err(refusal) = args.player.check_shape(shape) {
        return refuse(&refusal.words());
    }
    if !warn_unused_depth("--depth", args.player, args.depth) {
        return ExitCode::FAILURE;
    }
    let evaluation = match chosen_evaluation(&args.evaluation, &[args.player], Some(shape)) {
        Ok(evaluation) => evaluation,
        Err(message) => return refuse(&message),
    };
    let state = match learning::given_state(&[args.player], args.state.as_deref(), Some(shape)) {
        Ok(state) => state,
        Err(code) => return code,
    };
    let options = PlayerOptions {
        difficulty: args.depth.unwrap_or_default(),
        time_limit: args.time,
        evaluation,
        ..PlayerOptions::default()
    };
    if args.time.is_none()
        && cannot_finish(
            args.player,
            &Board::new(shape),
            options.difficulty.depth(),
            false,
        )
    {
        say!(
            "warning: {} cannot finish this search in reasonable time on {}; give it --depth or --time",
            search_name(args.player),
            shape.words()
        );
    }
    let result = ExamResult {
        board: shape,
        player: args.player.name(),
        depth: options.difficulty.name(),
        evaluation: match &args.evaluation.evaluation {
            Some(choice) => choice.name(),
            None => NamedEvaluation::default_for(shape).name().to_owned(),
        },
        positions: 0,
        mistakes: 0,
        mistake_rate: 0.0,
        mean_move_us: 0,
        partial: false,
        mistake_list: Vec::new(),
    };
    let player = || match &state {
        Some(state) => state.player(&options),
        None => args.player.create(&options),
    };
    let mut out = std::io::stdout().lock();
    let json = args.test_set.json;
    let examined = args
        .test_set
        .read(|input| examine_lines(&mut out, input, shape, player, json));
    match examined {
        Ok((tally, mistake_list)) => finish(
            &mut out,
            ExamResult {
                mistake_list,
                ..result
            },
            tally,
            json,
        ),
        Err(code) => code,
    }
}

/// Examines the player `player` makes on every line of `input` until its
/// end or a stop, printing each mistake (in text) as it is found: the
/// tally and the mistakes, or the exit code on a bad line or a failed
/// write.
fn examine_lines(
    out: &mut impl Write,
    input: impl BufRead,
    shape: Shape,
    player: impl FnMut() -> Box<dyn Player>,
    json: bool,
) -> Result<(Tally, Vec<Mistake>), ExitCode> {
    let show_progress = std::io::stderr().is_terminal();
    let mut last_progress = Instant::now();
    let mut lines = TestSetLines::new(input);
    let mut solver = Solver::with_table_bytes(tictactoe_engine::solver::DEFAULT_TABLE_BYTES);
    let mut mistakes = Vec::new();
    let read = std::iter::from_fn(|| match stop::while_idle(|| lines.next_test_line(shape))? {
        Ok(line) => line.map(Ok),
        Err(error) => Some(Err(Stop::Line(error))),
    });
    let examined = examine(
        read,
        player,
        &mut solver,
        &stop::flag(),
        |number, line, judged, tally| {
            if judged.is_mistake() {
                let mistake = Mistake {
                    line: number,
                    moves: line.moves.clone(),
                    column: judged.column,
                    before: judged.before,
                    after: judged.after,
                };
                if !json {
                    let echo = escape_text(&line.moves, ECHO_CHARS);
                    writeln!(
                        out,
                        "line {number}: {echo}: {} to move, {}; column {} makes it {}",
                        line.board.side_to_move().mark(),
                        value_words(judged.before),
                        mistake.column,
                        value_words(judged.after)
                    )
                    .map_err(|_| Stop::Written)?;
                }
                mistakes.push(mistake);
            }
            if show_progress && last_progress.elapsed() >= PROGRESS_EVERY {
                last_progress = Instant::now();
                say(format_args!(
                    "examined {}, {} so far",
                    counted(tally.positions, "position"),
                    counted(tally.mistakes, "mistake")
                ));
            }
            Ok(())
        },
    );
    match examined {
        Ok(tally) => Ok((tally, mistakes)),
        Err(Stop::Written) => Err(ExitCode::FAILURE),
        Err(Stop::Line(error)) => {
            if out.flush().is_err() {
                return Err(ExitCode::FAILURE);
            }
            Err(test_set::failure(error))
        }
    }
}

/// Why the exam ended before the input's end.
enum Stop {
    Line(TestSetError<TestLineError>),
    /// Standard output failed.
    Written,
}

/// Prints the totals (what was examined, when stopped early).
fn finish(
    out: &mut impl Write,
    mut result: ExamResult,
    tally: Tally,
    json_wanted: bool,
) -> ExitCode {
    result.partial = stop::is_stopping();
    result.positions = tally.positions;
    result.mistakes = tally.mistakes;
    result.mistake_rate = tally.rate();
    result.mean_move_us = tally.mean_move_us();
    if json_wanted {
        let json = serde_json::to_string(&result).expect("plain data");
        out!(out, "{json}");
    } else {
        out!(
            out,
            "{}, {} ({:.1} %), mean time per move {}",
            counted(result.positions, "position"),
            counted(result.mistakes, "mistake"),
            100.0 * result.mistake_rate,
            format_duration_us(result.mean_move_us)
        );
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    if let Some(reason) = stop::reason() {
        return stopped(
            reason,
            format_args!(
                "stopped after {} examined",
                counted(result.positions, "position")
            ),
        );
    }
    if result.positions == 0 {
        return refuse(
            "no position given: give positions one per line, in a FILE or on standard input",
        );
    }
    ExitCode::SUCCESS
}

/// "1 position", "1,234 positions".
fn counted(count: u64, noun: &str) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("{} {noun}{plural}", group(count))
}
