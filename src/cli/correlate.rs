//! `tictactoe correlate`: evaluations against the truth. For each test-set
//! line (`MOVES [SCORE]`) each evaluation's static value beside the exact
//! score (the line's, else the solver's), then per evaluation Spearman's
//! rank correlation of the values with the scores. All from X's point of
//! view, as every value the app shows.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::args::{CorrelateArgs, EvaluationChoice};
use super::checks::evaluation_weights;
use super::output::{refuse, say, stopped};
use super::{stop, test_set};
use tictactoe_engine::evaluation::{Evaluation, NamedEvaluation};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver};
use tictactoe_tools::truth::{
    EvaluationTruth, TestSetLines, TruePosition, against_truth, true_position,
};
use tictactoe_words::numbers::group;

/// Progress goes to standard error (a terminal only) this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// `--json`'s object.
#[derive(Serialize)]
struct Correlations<'a> {
    board: Shape,
    positions: usize,
    /// Stopped (Ctrl+C) before the input's end.
    partial: bool,
    evaluations: &'a [EvaluationTruth],
}

pub(super) fn run(args: CorrelateArgs) -> ExitCode {
    let shape = match args.test_set.gravity_shape("correlate") {
        Ok(shape) => shape,
        Err(code) => return code,
    };
    let choices = if args.evaluations.is_empty() {
        NamedEvaluation::ALL
            .map(EvaluationChoice::Named)
            .into_iter()
            .collect()
    } else {
        args.evaluations
    };
    let mut evaluations: Vec<(String, Evaluation)> = Vec::new();
    for choice in &choices {
        match evaluation_weights(choice, Some(shape)) {
            Ok(evaluation) => evaluations.push((choice.name(), evaluation)),
            Err(message) => return refuse(&message),
        }
    }
    let positions = args.test_set.read(|input| read_positions(shape, input));
    let positions = match positions {
        Ok(positions) => positions,
        Err(code) => return code,
    };
    let truths = against_truth(&positions, &evaluations);
    let mut out = std::io::stdout().lock();
    if args.test_set.json {
        let json = serde_json::to_string(&Correlations {
            board: shape,
            positions: positions.len(),
            partial: stop::is_stopping(),
            evaluations: &truths,
        })
        .expect("plain data");
        out!(out, "{json}");
    } else if !positions.is_empty() && write_table(&mut out, &positions, &truths).is_err() {
        return ExitCode::FAILURE;
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    if let Some(reason) = stop::reason() {
        return stopped(
            reason,
            format_args!("stopped after {} measured", counted(positions.len())),
        );
    }
    if positions.is_empty() {
        return refuse(
            "no position given: give positions one per line, in a FILE or on standard input",
        );
    }
    ExitCode::SUCCESS
}

/// Every line's position with its exact score, until the input's end or a
/// stop; `Err` with the exit code on a bad line.
fn read_positions(shape: Shape, input: impl BufRead) -> Result<Vec<TruePosition>, ExitCode> {
    let show_progress = std::io::stderr().is_terminal();
    let mut last_progress = Instant::now();
    let mut solver = Solver::with_table_bytes(DEFAULT_TABLE_BYTES);
    let cancel = stop::flag();
    let mut positions = Vec::new();
    let mut lines = TestSetLines::new(input);
    while let Some(read) = stop::while_idle(|| lines.next_test_line(shape)) {
        let test_line = match read {
            Ok(Some((_, test_line))) => test_line,
            Ok(None) => break,
            Err(error) => return Err(test_set::failure(error)),
        };
        let Some(position) = true_position(&mut solver, test_line, &cancel) else {
            break;
        };
        positions.push(position);
        if show_progress && last_progress.elapsed() >= PROGRESS_EVERY {
            last_progress = Instant::now();
            say(format_args!("measured {} so far", counted(positions.len())));
        }
    }
    Ok(positions)
}

/// A row per position (its score, each evaluation's value), then each
/// evaluation's rank correlation.
fn write_table(
    out: &mut impl Write,
    positions: &[TruePosition],
    truths: &[EvaluationTruth],
) -> std::io::Result<()> {
    writeln!(
        out,
        "values and scores from X's point of view (a positive one favours X)"
    )?;
    let position_width = positions
        .iter()
        .map(|position| position.label.len())
        .chain(["position".len()])
        .max()
        .unwrap_or_default();
    let widths: Vec<usize> = truths
        .iter()
        .map(|truth| truth.evaluation.len().max(6))
        .collect();
    write!(out, "{:<position_width$}  {:>6}", "position", "score")?;
    for (truth, width) in truths.iter().zip(&widths) {
        write!(out, "  {:>width$}", truth.evaluation)?;
    }
    writeln!(out)?;
    for (row, position) in positions.iter().enumerate() {
        write!(
            out,
            "{:<position_width$}  {:>6}",
            position.label, position.score
        )?;
        for (truth, width) in truths.iter().zip(&widths) {
            write!(out, "  {:>width$}", truth.points[row].value)?;
        }
        writeln!(out)?;
    }
    writeln!(
        out,
        "rank correlation with the scores over {}:",
        counted(positions.len())
    )?;
    let name_width = widths.iter().copied().max().unwrap_or_default();
    for truth in truths {
        match truth.correlation {
            Some(correlation) => {
                writeln!(out, "{:<name_width$}  {correlation:.3}", truth.evaluation)?
            }
            None => writeln!(
                out,
                "{:<name_width$}  none: its values or the scores are all alike",
                truth.evaluation
            )?,
        }
    }
    Ok(())
}

/// "1 position", "1,234 positions".
fn counted(count: usize) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("{} position{plural}", group(count as u64))
}
