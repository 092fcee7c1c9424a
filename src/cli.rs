//! The command line: `tictactoe` opens the window; `players`, `play`,
//! `analyze` and `tree` run headless on the same engine and game thread,
//! `compare`, `tournament`, `train`, `mcts-trace`, `exercise`, `review` and
//! `solve` on the layers below it alone.
//!
//! One module per command (`play`, `analyze`, `tree`, `contests` for
//! `compare` and `tournament`, `learning` for `train` and `--state`,
//! `mcts_trace`, `exercise`, `review`, `solve`, `exam`, `horizon`),
//! beside `args` (what clap reads), `checks` (what a command refuses or
//! warns about before it searches), `output` (writing, refusing, stopping
//! early), `stop` (Ctrl+C and the signals) and `streams` (standard streams
//! closed at start).
//!
//! # Invariants
//!
//! - **Knows the game thread and the crates below, never the window**:
//!   `main.rs` hands it the window to open when no command is given.
//! - **English**: the window alone binds the translations.
//! - **Exit codes**: 0 done, 1 a failure or bad input read (a position, a
//!   file), 2 bad arguments (`output::refuse`), 128 + the signal when
//!   stopped by one (130 for Ctrl+C); an output nobody reads ends a command
//!   quietly with 1.
//! - **Memory does not grow with the number of games or positions**: they
//!   are printed as they come (a search tree is recorded whole, then
//!   printed as it is walked).

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use args::{Cli, CliCommand, GenerateCli, Generated, arguments};
use output::{USAGE_ERROR, refuse, say};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::players::PlayerWords;

// First: its macros, `out!` and `say!`, are for the modules after it.
#[macro_use]
mod output;

mod analyze;
mod args;
mod checks;
mod contests;
mod correlate;
mod exam;
mod exercise;
mod horizon;
mod learning;
mod mcts_trace;
mod play;
mod review;
mod solve;
mod stop;
mod streams;
mod test_set;
mod tree;

pub use streams::note_closed_at_start;

/// Runs the command line with the process arguments; without a command it
/// opens the window through `open_window`, which a build without one
/// (`--no-default-features`) does not have. The window is the caller's to
/// give: the command line knows nothing of it.
pub fn main(open_window: Option<fn() -> ExitCode>) -> ExitCode {
    streams::break_closed_outputs();
    let arguments = arguments();
    let command_name = arguments
        .get(1)
        .map(|argument| argument.to_string_lossy().into_owned())
        .unwrap_or_default();
    if command_name == "generate" {
        // "generate" stands in for the program's name.
        return match GenerateCli::try_parse_from(&arguments[1..]) {
            Ok(generate_cli) => generate(generate_cli.what),
            Err(error) => usage_error(error, GenerateCli::command(), ""),
        };
    }
    let cli = match Cli::try_parse_from(arguments) {
        Ok(cli) => cli,
        Err(error) => return usage_error(error, Cli::command(), &command_name),
    };
    if cli.command.is_some() {
        stop::listen();
    }
    match cli.command {
        None => match open_window {
            Some(open_window) => open_window(),
            None => refuse(
                "this build has no window (built without the `gui` feature); run `tictactoe --help` for the commands",
            ),
        },
        Some(CliCommand::Players) => list_players(),
        Some(CliCommand::Play(mut args)) => match args.board.resolve(&mut args.size) {
            Ok(()) => play::run(args),
            Err(message) => refuse(&message),
        },
        Some(CliCommand::Analyze(args)) => analyze::run(args),
        Some(CliCommand::Tree(args)) => tree::run(args),
        Some(CliCommand::Compare(args)) => contests::compare(args),
        Some(CliCommand::Tournament(mut args)) => match args.board.resolve(&mut args.size) {
            Ok(()) => contests::tournament(args),
            Err(message) => refuse(&message),
        },
        Some(CliCommand::Train(args)) => learning::train_command(args),
        Some(CliCommand::McTrace(args)) => mcts_trace::run(args),
        Some(CliCommand::Exercise(args)) => exercise::run(args),
        Some(CliCommand::Review(args)) => review::run(args),
        Some(CliCommand::Solve(args)) => solve::run(args),
        Some(CliCommand::Exam(args)) => exam::run(args),
        Some(CliCommand::Correlate(args)) => correlate::run(args),
        Some(CliCommand::Horizon(args)) => horizon::run(args),
    }
}

fn generate(what: Generated) -> ExitCode {
    match what {
        Generated::Completions { shell } => {
            // Into memory first: clap_complete panics when its writer fails.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "tictactoe", &mut script);
            let mut out = std::io::stdout().lock();
            match out.write_all(&script).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Generated::Man { directory } => {
            match clap_mangen::generate_to(Cli::command(), &directory) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    let name = escape_text(&directory.to_string_lossy(), ECHO_CHARS);
                    say(format_args!(
                        "error: writing the man pages into '{name}': {error}"
                    ));
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// The boards `kind` plays, for `players`: every one, or only
/// Tic-Tac-Toe's (MENACE's and TD's tables are 3x3's).
fn boards(kind: PlayerKind) -> &'static str {
    if Shape::all().all(|shape| kind.check_shape(shape).is_ok()) {
        "any board"
    } else {
        "3x3 only"
    }
}

/// Prints clap's message; for real errors adds the usage (`subcommand`'s,
/// if it names one) and exits with 2.
fn usage_error(error: clap::Error, mut command: clap::Command, subcommand: &str) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        return match error.print() {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        };
    }
    let mut message = escaped_context(error).render().to_string();
    if !message.contains("Usage:") {
        // clap leaves the usage out of some errors; always show it.
        command.build();
        let usage = match command.find_subcommand_mut(subcommand) {
            Some(sub) => sub.render_usage(),
            None => command.render_usage(),
        };
        let (head, tail) = message
            .split_once("\nFor more information")
            .unwrap_or((&message, ""));
        let more = if tail.is_empty() {
            String::new()
        } else {
            format!("\nFor more information{tail}")
        };
        message = format!("{head}\n{usage}\n{more}");
    }
    let _ = std::io::stderr().lock().write_all(message.as_bytes());
    ExitCode::from(USAGE_ERROR)
}

/// `error` with the texts it echoes (the arguments given, and the names
/// and values it suggests) made safe for a terminal and cut, as the
/// app's own messages echo them.
fn escaped_context(mut error: clap::Error) -> clap::Error {
    use clap::error::ContextValue;
    let escaped: Vec<_> = error
        .context()
        .filter_map(|(kind, value)| match value {
            ContextValue::String(text) => {
                Some((kind, ContextValue::String(escape_text(text, ECHO_CHARS))))
            }
            ContextValue::Strings(texts) => Some((
                kind,
                ContextValue::Strings(
                    texts
                        .iter()
                        .map(|text| escape_text(text, ECHO_CHARS))
                        .collect(),
                ),
            )),
            _ => None,
        })
        .collect();
    for (kind, value) in escaped {
        error.insert(kind, value);
    }
    error
}

/// Each player's short name, the boards it plays, its display name and
/// its description.
fn list_players() -> ExitCode {
    let mut out = std::io::stdout().lock();
    for kind in PlayerKind::ALL {
        out!(
            out,
            "{:<17} {:<10} {:<30} {}",
            kind.name(),
            boards(kind),
            kind.display_name(),
            kind.description()
        );
    }
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
