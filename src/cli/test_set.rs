//! Test sets (`MOVES [SCORE]`, one position a line) as `exam` and
//! `correlate` read them: a refused line named by its number, in English.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::process::ExitCode;

use super::analyze::escape_bytes;
use super::args::TestSetArgs;
use super::output::{refuse, say};
use super::streams;
use tictactoe_engine::geometry::Shape;
use tictactoe_tools::truth::{LineRefusal, TestLineError, TestSetError};
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};

impl TestSetArgs {
    /// The board given, which needs gravity: `command` reads positions as
    /// the columns played. `Err`: the exit code, after saying why not.
    pub(super) fn gravity_shape(&self, command: &str) -> Result<Shape, ExitCode> {
        match self.board.given() {
            Ok(Some(shape)) if shape.gravity() => Ok(shape),
            Ok(Some(shape)) => Err(refuse(&format!(
                "{command} reads positions as the columns played, which needs a board with \
                 gravity, and {} has none: add --gravity or choose --board connect-four",
                shape.words()
            ))),
            Ok(None) => Err(refuse(&format!(
                "{command} needs a board with gravity: give one, such as --board connect-four"
            ))),
            Err(message) => Err(refuse(&message)),
        }
    }

    /// What `read` makes of the test set: the file given, else standard
    /// input. `Err`: the exit code, `read`'s or after saying why the input
    /// cannot be read.
    pub(super) fn read<T>(
        &self,
        read: impl FnOnce(&mut dyn BufRead) -> Result<T, ExitCode>,
    ) -> Result<T, ExitCode> {
        match &self.file {
            Some(path) => match File::open(path) {
                Ok(file) => read(&mut BufReader::new(file)),
                Err(error) => {
                    let name = escape_text(&path.to_string_lossy(), ECHO_CHARS);
                    Err(refuse(&format!("test set '{name}': {error}")))
                }
            },
            None if streams::stdin_closed_at_start() => {
                say(format_args!(
                    "error: reading standard input: it is closed; give positions one per line \
                     on standard input or a FILE"
                ));
                Err(ExitCode::FAILURE)
            }
            None => read(&mut std::io::stdin().lock()),
        }
    }
}

/// Says why the test set could not be read on, and gives the exit code:
/// 1 for a failed read, 2 for a bad line.
pub(super) fn failure(error: TestSetError<TestLineError>) -> ExitCode {
    match error {
        TestSetError::Read { after, error } => {
            say(format_args!(
                "error: reading the test set after line {after}: {error}"
            ));
            ExitCode::FAILURE
        }
        TestSetError::Line { number, refusal } => refuse(&format!(
            "line {number}: {}",
            refusal_words(&refusal, test_line_words)
        )),
    }
}

/// Why a line was refused, in English; `words` says the line reader's
/// own refusal.
pub(super) fn refusal_words<E>(refusal: &LineRefusal<E>, words: impl Fn(&E) -> String) -> String {
    match refusal {
        LineRefusal::TooLong { length, start } => format!(
            "too long: {length} bytes: '{}'",
            escape_bytes(start, ECHO_CHARS)
        ),
        LineRefusal::NotUtf8(bytes) => {
            format!("not UTF-8 text: '{}'", escape_bytes(bytes, ECHO_CHARS))
        }
        LineRefusal::Refused(error) => words(error),
    }
}

/// Why a test-set line was refused, in English.
fn test_line_words(error: &TestLineError) -> String {
    let echo = |text: &str| escape_text(text, ECHO_CHARS);
    match error {
        TestLineError::NotColumns(moves) => format!(
            "'{}' is no position: write the columns played, 1 on the left, such as 4453",
            echo(moves)
        ),
        TestLineError::IllegalMove {
            moves,
            index,
            error,
        } => format!("move {index} of '{}': {}", echo(moves), error.words()),
        TestLineError::GameOver(moves) => format!(
            "the game of '{}' is over: a line gives a position still to be played",
            echo(moves)
        ),
        TestLineError::BadScore { moves, score } => format!(
            "the score '{}' after '{}' is no whole number",
            echo(score),
            echo(moves)
        ),
        TestLineError::Extra(extra) => format!(
            "'{}' after the position and its score: a line holds the columns played and a score",
            echo(extra)
        ),
    }
}
