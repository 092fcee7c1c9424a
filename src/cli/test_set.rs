//! Test sets (`MOVES [SCORE]`, one position a line) as `exam` and
//! `correlate` read them: a refused line named by its number, in English.

use std::process::ExitCode;

use super::analyze::escape_bytes;
use super::output::{refuse, say};
use tictactoe_tools::truth::{LineRefusal, TestLineError, TestSetError};
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};

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
