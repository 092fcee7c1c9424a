//! What every command writes: a line to standard output or error that
//! ends the command when it cannot be written, the refusals and their exit
//! code, the message of a command stopped early, the progress bar.

use std::fmt;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use tictactoe_engine::board::Board;

use super::stop;

/// Exit code for bad command-line input.
pub(super) const USAGE_ERROR: u8 = 2;

/// Writes a line to standard output; on failure (a closed pipe, a full
/// disk) the command ends at once, quietly, with exit code 1.
macro_rules! out {
    ($out:expr, $($arg:tt)*) => {
        if writeln!($out, $($arg)*).is_err() {
            return ::std::process::ExitCode::FAILURE;
        }
    };
}

/// Writes a line to standard error, the same way.
macro_rules! say {
    ($($arg:tt)*) => {
        if !$crate::cli::output::say(format_args!($($arg)*)) {
            return ::std::process::ExitCode::FAILURE;
        }
    };
}

/// One line to standard error; false if it could not be written.
pub(super) fn say(message: fmt::Arguments) -> bool {
    writeln!(std::io::stderr().lock(), "{message}").is_ok()
}

/// Refuses what the command was asked: the message on standard error, and
/// the exit code for bad input.
pub(super) fn refuse(message: &str) -> ExitCode {
    say(format_args!("error: {message}"));
    ExitCode::from(USAGE_ERROR)
}

/// Says on standard error why the command stopped early and what it had
/// done (`done`), and gives the exit code for it. A closed output ends a
/// command quietly, as a failed write does.
pub(super) fn stopped(reason: stop::Reason, done: fmt::Arguments) -> ExitCode {
    if reason != stop::Reason::OutputClosed {
        say(format_args!("{reason}: {done}"));
    }
    reason.exit_code()
}

/// A progress bar of `length` steps drawn with `template` on standard
/// error, or a hidden one when standard error is not a terminal. `{rate}`
/// in the template is the steps per second to one decimal.
pub(super) fn progress_bar(length: u64, template: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(length), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(template)
            .expect("the template is valid")
            .with_key(
                "rate",
                |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                    let _ = write!(out, "{:.1}", state.per_sec());
                },
            ),
    );
    bar
}

/// The saved game at `path`, or the exit code (1) after naming its
/// problem; a game without moves is said to leave nothing to `doing`. A
/// game on another board than `shape` (the board options', if given) is
/// refused (2).
pub(super) fn read_saved_game(
    path: &std::path::Path,
    doing: &str,
    shape: Option<tictactoe_engine::geometry::Shape>,
) -> Result<tictactoe_files::saved_game::SavedGame, std::process::ExitCode> {
    use tictactoe_words::Words;
    use tictactoe_words::escape::{ECHO_CHARS, escape_text};
    let name = escape_text(&path.to_string_lossy(), ECHO_CHARS);
    let game = tictactoe_files::saved_game::SavedGame::read(path).map_err(|error| {
        say(format_args!("error: game '{name}': {error}"));
        std::process::ExitCode::FAILURE
    })?;
    if let Some(shape) = shape
        && shape != game.shape()
    {
        return Err(refuse(&format!(
            "game '{name}' was played on a board of {}, not on the one chosen, {}",
            game.shape().words(),
            shape.words()
        )));
    }
    if game.record.is_empty()
        && !say(format_args!(
            "warning: game '{name}' has no moves: nothing to {doing}"
        ))
    {
        return Err(std::process::ExitCode::FAILURE);
    }
    Ok(game)
}

/// The board, a row a line, free cells by their number from 1; on a
/// board with gravity free cells as `.` and the columns' numbers under
/// the board, as moves are named there. The stones on `marked` cells (a
/// mask) are in lower case: the moves a line of play added.
pub(super) fn grid(board: &Board, marked: u64) -> Vec<String> {
    let shape = board.shape();
    let (width, height) = (shape.width(), shape.height());
    let mut lines: Vec<String> = (0..height)
        .map(|row| {
            (0..width)
                .map(|column| {
                    let cell = row * width + column;
                    match board.cell(cell) {
                        Some(stone) if marked >> cell & 1 == 1 => stone.mark().to_lowercase(),
                        Some(stone) => stone.mark().to_owned(),
                        None if shape.gravity() => ".".to_owned(),
                        None => (cell + 1).to_string(),
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    if shape.gravity() {
        lines.push(
            (1..=width)
                .map(|column| column.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    lines
}
