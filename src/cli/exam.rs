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
use tictactoe_engine::learners::LearnerState;
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{Solver, Strength};
use tictactoe_tools::truth::TestSetLines;
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::numbers::{format_duration_us, group};

/// Progress goes to standard error (a terminal only) this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// A position's value for the side to move, as far as a mistake goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
enum Value {
    Loss,
    Draw,
    Win,
}

impl Value {
    /// From a score's sign (the test sets', or the solver's for the mover).
    fn of_sign(score: i32) -> Value {
        match score.signum() {
            1 => Value::Win,
            0 => Value::Draw,
            _ => Value::Loss,
        }
    }

    fn words(self) -> &'static str {
        match self {
            Value::Loss => "a loss",
            Value::Draw => "a draw",
            Value::Win => "a win",
        }
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
    let mut examiner = Examiner {
        kind: args.player,
        shape,
        state,
        options,
        solver: Solver::with_table_bytes(tictactoe_engine::solver::DEFAULT_TABLE_BYTES),
        cancel: stop::flag(),
        result: ExamResult {
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
        },
        move_us: 0,
        json: args.test_set.json,
    };
    let mut out = std::io::stdout().lock();
    let ended = args
        .test_set
        .read(|input| examiner.examine_lines(&mut out, input));
    if let Err(code) = ended {
        return code;
    }
    examiner.finish(&mut out)
}

/// The player examined, the judge, and what was found so far.
struct Examiner {
    kind: PlayerKind,
    shape: Shape,
    /// What the learner `kind` learned (`--state`).
    state: Option<LearnerState>,
    options: PlayerOptions,
    solver: Solver,
    /// The command's: stops the search under way.
    cancel: CancelFlag,
    result: ExamResult,
    /// The player's search time over all positions, in microseconds.
    move_us: u64,
    json: bool,
}

impl Examiner {
    /// Examines every line of `input` until its end or a stop; `Err` with
    /// the exit code on a bad line or a failed write.
    fn examine_lines(&mut self, out: &mut impl Write, input: impl BufRead) -> Result<(), ExitCode> {
        let show_progress = std::io::stderr().is_terminal();
        let mut last_progress = Instant::now();
        let mut lines = TestSetLines::new(input);
        while let Some(read) = stop::while_idle(|| lines.next_test_line(self.shape)) {
            let (number, line) = match read {
                Ok(Some(line)) => line,
                Ok(None) => break,
                Err(error) => {
                    if out.flush().is_err() {
                        return Err(ExitCode::FAILURE);
                    }
                    return Err(test_set::failure(error));
                }
            };
            if !self.examine(out, number, &line.moves, &line.board, line.score)? {
                break;
            }
            if show_progress && last_progress.elapsed() >= PROGRESS_EVERY {
                last_progress = Instant::now();
                say(format_args!(
                    "examined {}, {} so far",
                    counted(self.result.positions, "position"),
                    counted(self.result.mistakes, "mistake")
                ));
            }
        }
        Ok(())
    }

    /// Asks the player for its move on `board` and judges it; false when
    /// the command was stopped first (the position is not counted).
    fn examine(
        &mut self,
        out: &mut impl Write,
        line: u64,
        moves: &str,
        board: &Board,
        score: Option<i32>,
    ) -> Result<bool, ExitCode> {
        // A new player for every position: nothing an earlier search left
        // changes this one.
        let mut player = match &self.state {
            Some(state) => state.player(&self.options),
            None => self.kind.create(&self.options),
        };
        let report = player.choose_move(board, &self.cancel);
        if report.aborted {
            return Ok(false);
        }
        let Some(cell) = report.best else {
            return Ok(false);
        };
        let before = match score {
            Some(score) => Value::of_sign(score),
            None => match self.solve(board) {
                Some(value) => value,
                None => return Ok(false),
            },
        };
        let mut after = *board;
        after.toggle(cell, board.side_to_move());
        // The value after the move is the opponent's, turned round.
        let after = match self.solve(&after) {
            Some(Value::Win) => Value::Loss,
            Some(Value::Loss) => Value::Win,
            Some(Value::Draw) => Value::Draw,
            None => return Ok(false),
        };
        self.result.positions += 1;
        self.move_us += report.elapsed_us;
        if after < before {
            let mistake = Mistake {
                line,
                moves: moves.to_owned(),
                column: cell % self.shape.width() + 1,
                before,
                after,
            };
            self.result.mistakes += 1;
            if !self.json {
                let echo = escape_text(moves, ECHO_CHARS);
                let written = writeln!(
                    out,
                    "line {line}: {echo}: {} to move, {}; column {} makes it {}",
                    board.side_to_move().mark(),
                    before.words(),
                    mistake.column,
                    after.words()
                );
                if written.is_err() {
                    return Err(ExitCode::FAILURE);
                }
            }
            self.result.mistake_list.push(mistake);
        }
        Ok(true)
    }

    /// Win, draw or loss for `board`'s side to move; `None` once stopped.
    fn solve(&mut self, board: &Board) -> Option<Value> {
        self.solver
            .solve(board, Strength::Weak, &self.cancel)
            .map(|solution| Value::of_sign(solution.for_mover))
    }

    /// Prints the totals (what was examined, when stopped early).
    fn finish(mut self, out: &mut impl Write) -> ExitCode {
        let result = &mut self.result;
        result.partial = stop::is_stopping();
        if result.positions > 0 {
            result.mistake_rate = result.mistakes as f64 / result.positions as f64;
            result.mean_move_us = self.move_us / result.positions;
        }
        if self.json {
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
}

/// "1 position", "1,234 positions".
fn counted(count: u64, noun: &str) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("{} {noun}{plural}", group(count))
}
