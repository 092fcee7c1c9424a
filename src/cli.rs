//! The command line: `tictactoe` opens the window; `players`, `play`,
//! `analyze` and `tree` run headless on the same engine and game thread,
//! `compare` and `tournament` (in contests.rs) on the engine alone.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{CommandFactory, Parser, Subcommand};
use serde::Serialize;

use crate::game::{Event, GameResult, GameSetup, GameThread, SEARCH_TIME_LIMIT};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::{BoardSize, UnknownSize};
use tictactoe_engine::player_kind::{
    Difficulty, PlayerKind, PlayerOptions, UnknownDifficulty, UnknownPlayer,
};
use tictactoe_engine::report::{Certainty, SearchReport};
use tictactoe_engine::score::INFINITY;
use tictactoe_engine::search::CancelFlag;
use tictactoe_files::saved_game::SavedGame;
use tictactoe_tools::play::ask_within;
use tictactoe_tools::tree::{self, SearchTree};
use tictactoe_tools::tree_words;
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::numbers::{format_duration_us, group};
use tictactoe_words::players::{PlayerWords, RuleWords};
use tictactoe_words::report::ReportWords;
use tictactoe_words::report::{TextStyle, describe_player};

mod contests;
mod learning;
mod stop;
mod streams;

pub use streams::note_closed_at_start;

/// Exit code for bad command-line input.
const USAGE_ERROR: u8 = 2;

/// The most bytes of a standard input line that are read into memory: a
/// position has at most 25 cells and 4 slashes, the rest is room for
/// whitespace. A longer line is named as too long and skipped.
const MAX_LINE_BYTES: usize = 1024;

/// Writes a line to standard output; on failure (a closed pipe, a full
/// disk) the command ends at once, quietly, with exit code 1.
macro_rules! out {
    ($out:expr, $($arg:tt)*) => {
        if writeln!($out, $($arg)*).is_err() {
            return ExitCode::FAILURE;
        }
    };
}

/// Writes a line to standard error, the same way.
macro_rules! say {
    ($($arg:tt)*) => {
        if !say(format_args!($($arg)*)) {
            return ExitCode::FAILURE;
        }
    };
}

/// One line to standard error; false if it could not be written.
fn say(message: fmt::Arguments) -> bool {
    writeln!(std::io::stderr().lock(), "{message}").is_ok()
}

#[derive(Debug, Parser)]
#[command(
    name = "tictactoe",
    version,
    about = "Play Tic-Tac-Toe against game-tree search algorithms and watch them think.",
    long_about = "Play Tic-Tac-Toe against game-tree search algorithms and watch them think.\n\n\
                  Without a command, opens the window. The commands run without a display."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<CliCommand>,
}

#[derive(Debug, Subcommand)]
enum CliCommand {
    /// List every player: short name, display name, description.
    Players,
    /// Play a series of games between two computer players.
    Play(PlayArgs),
    /// Analyse positions and print the search report the log would show.
    Analyze(AnalyzeArgs),
    /// Print the tree a search visited: every node's move, value, bound,
    /// window, why it ended and its subtree's size.
    Tree(TreeArgs),
    /// Run several players on one position and compare their moves, values
    /// and costs, one row per player.
    Compare(CompareArgs),
    /// Play a round robin between players: every pairing plays games with
    /// both colours; prints a ranking and a cross table.
    Tournament(TournamentArgs),
    /// Train a learning player (menace or td, 3x3 only) by playing games
    /// against an opponent or itself; prints the learning curve one line
    /// per block of games and saves what it learned.
    Train(TrainArgs),
}

/// `tictactoe generate ...` is parsed apart from `Cli` so that the help, the
/// completions and the man pages never offer it.
#[derive(Debug, Parser)]
#[command(
    name = "tictactoe generate",
    bin_name = "tictactoe generate",
    about = "Write shell completions and man pages made from tictactoe's own definitions \
             (scripts/install and scripts/deb use it)."
)]
struct GenerateCli {
    #[command(subcommand)]
    what: Generated,
}

#[derive(Debug, Subcommand)]
enum Generated {
    /// A shell's completion script, to standard output.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// The man pages: tictactoe.1 and one per command (tictactoe-play.1, ...).
    Man {
        /// An existing directory to write them into.
        directory: PathBuf,
    },
}

/// The players a player option takes: its `--help`, the shell completions
/// and the error for an unknown name list them, by short name with the
/// display name as help (the engine knows nothing of clap). Any player's
/// name parses, so that the command refuses one it does not take with the
/// reason (exit code 2).
#[derive(Clone, Copy)]
struct Players(fn(PlayerKind) -> bool);

impl Players {
    fn offered(self) -> impl Iterator<Item = PossibleValue> {
        PlayerKind::ALL
            .into_iter()
            .filter(move |&kind| (self.0)(kind))
            .map(|kind| PossibleValue::new(kind.name()).help(kind.display_name()))
    }
}

impl TypedValueParser for Players {
    type Value = PlayerKind;

    fn parse_ref(
        &self,
        command: &clap::Command,
        argument: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<PlayerKind, clap::Error> {
        player_or_refusal(self.offered(), command, argument, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.offered()))
    }
}

/// The player `value` names, any player; for any other name clap's own
/// refusal, which names the values `offered`.
fn player_or_refusal(
    offered: impl Iterator<Item = PossibleValue>,
    command: &clap::Command,
    argument: Option<&clap::Arg>,
    value: &std::ffi::OsStr,
) -> Result<PlayerKind, clap::Error> {
    if let Some(kind) = value.to_str().and_then(|name| name.parse().ok()) {
        return Ok(kind);
    }
    let name =
        clap::builder::PossibleValuesParser::new(offered).parse_ref(command, argument, value)?;
    name.parse().map_err(|error: UnknownPlayer| {
        clap::Error::raw(clap::error::ErrorKind::InvalidValue, error.words())
    })
}

/// The players that play a game or analyse without the window.
const COMPUTER_PLAYERS: Players = Players(|kind| kind != PlayerKind::Human);
/// The players `tree` records on some board.
const SEARCHING_PLAYERS: Players = Players(|kind| {
    BoardSize::ALL
        .iter()
        .any(|&size| SearchTree::supports(kind, size).is_ok())
});

#[derive(Debug, clap::Args)]
struct PlayArgs {
    /// Max's player (X, moves first), by short name.
    #[arg(long, value_name = "NAME", value_parser = COMPUTER_PLAYERS)]
    max: PlayerKind,
    /// Min's player (O), by short name.
    #[arg(long, value_name = "NAME", value_parser = COMPUTER_PLAYERS)]
    min: PlayerKind,
    /// How many games to play (1 to 4294967295).
    #[arg(long, default_value_t = 1, value_parser = positive_count, allow_hyphen_values = true)]
    games: u32,
    /// Board size: 3 (3 in a row), 4 or 5 (4 in a row).
    #[arg(long, default_value = "3", value_name = "3|4|5", value_parser = board_size)]
    size: BoardSize,
    /// Seed for every random choice; the same seed replays the same games.
    /// Without it a seed is drawn and printed.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Max's search depth: easy, medium, hard (the default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    depth_max: Option<Difficulty>,
    /// Min's search depth: easy, medium, hard (the default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    depth_min: Option<Difficulty>,
    /// Time limit per move for the players that deepen iteratively
    /// (alphabeta-tt, perfect off 3x3), in seconds; 5 by default, as in the window.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time: Option<Duration>,
    /// A learner's state file (menace or td): the learner plays what it
    /// learned instead of starting from nothing. It learns nothing more.
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// Print every game's moves.
    #[arg(long)]
    verbose: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
struct AnalyzeArgs {
    /// The player that analyses, by short name.
    #[arg(long, default_value = "alphabeta-tt", value_name = "NAME", value_parser = COMPUTER_PLAYERS)]
    player: PlayerKind,
    /// Search depth: easy, medium, hard (the default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    depth: Option<Difficulty>,
    /// Time limit per position, in seconds: alphabeta-tt and perfect keep
    /// their deepest search finished in time; any other player's search is
    /// stopped and the position reported as not analysed.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time: Option<Duration>,
    /// A learner's state file (menace or td): the learner shows what it
    /// learned instead of starting from nothing.
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// Print one JSON object per position per line.
    #[arg(long)]
    json: bool,
    /// A saved game: analyse the position before each of its moves
    /// (instead of positions given or read from standard input).
    #[arg(long, value_name = "FILE", conflicts_with = "positions")]
    game: Option<PathBuf>,
    /// Positions such as x.o/.x./..o (or ---------, with '-' for empty);
    /// without any (and without --game), one per line from standard input.
    #[arg(value_name = "POSITION")]
    positions: Vec<String>,
}

#[derive(Debug, clap::Args)]
struct TreeArgs {
    /// The player whose search is recorded: minimax, alphabeta,
    /// alphabeta-tt, alphabeta-random, mcts (its default 20,000 playouts,
    /// seed 0), or perfect off 3x3 (where it searches with alphabeta-tt).
    #[arg(long, default_value = "alphabeta", value_name = "NAME", value_parser = SEARCHING_PLAYERS)]
    player: PlayerKind,
    /// Search depth: easy, medium, hard (the default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    depth: Option<Difficulty>,
    /// Plies below the root to print; deeper nodes are counted in their
    /// ancestors' subtree sizes.
    #[arg(long, default_value_t = 2, value_name = "N")]
    max_ply: usize,
    /// Print one JSON object per node per line, with its id and its parent's.
    #[arg(long)]
    json: bool,
    /// The position searched, such as x.o/.x./..o (or ---------).
    #[arg(value_name = "POSITION")]
    position: String,
}

#[derive(Debug, clap::Args)]
struct CompareArgs {
    /// The players, comma-separated short names, each with an optional
    /// depth after a colon: random,alphabeta:4,mcts. Every computer player
    /// by default.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    players: Vec<String>,
    /// The depth of players given without one: easy, medium, hard (the
    /// default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    depth: Option<Difficulty>,
    /// Time limit per player, in seconds (5 by default, as in the window):
    /// alphabeta-tt and perfect keep their deepest search finished in time;
    /// any other player is stopped and its row marked aborted.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time: Option<Duration>,
    /// Print one JSON object instead of the table.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print the table as CSV (a header and one record per player).
    #[arg(long)]
    csv: bool,
    /// The position, such as x.o/.x./..o (or ---------).
    #[arg(value_name = "POSITION")]
    position: String,
}

#[derive(Debug, clap::Args)]
struct TournamentArgs {
    /// The players, comma-separated short names, each with an optional
    /// depth after a colon: perfect,alphabeta:2,mcts (at least two).
    #[arg(long, value_name = "NAMES", value_delimiter = ',', required = true)]
    players: Vec<String>,
    /// The depth of players given without one: easy, medium, hard (the
    /// default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    depth: Option<Difficulty>,
    /// Games each pairing plays with each colour (1 to 4294967295).
    #[arg(long, default_value_t = 10, value_parser = positive_count, allow_hyphen_values = true)]
    games: u32,
    /// Board size: 3 (3 in a row), 4 or 5 (4 in a row).
    #[arg(long, default_value = "3", value_name = "3|4|5", value_parser = board_size)]
    size: BoardSize,
    /// Seed for every random choice; the same seed replays the same
    /// tournament, whatever the number of threads. Without it a seed is
    /// drawn and printed.
    #[arg(long, value_name = "K")]
    seed: Option<u64>,
    /// Worker threads (one per core by default).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Time limit per move for the players that deepen iteratively
    /// (alphabeta-tt, perfect off 3x3), in seconds; 5 by default, as in the
    /// window. A move it cuts short can make a seed's games differ between
    /// runs; the ranking counts such moves.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time: Option<Duration>,
    /// Print one JSON object (with every game) instead of the tables.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print the ranking as CSV.
    #[arg(long)]
    csv: bool,
}

#[derive(Debug, clap::Args)]
struct TrainArgs {
    /// The learner: menace or td.
    #[arg(long, value_name = "NAME", value_parser = Players(PlayerKind::learns))]
    player: PlayerKind,
    /// Its opponent: a computer player's short name, or self (the learner
    /// plays both sides, and both learn).
    #[arg(long, value_name = "NAME|self", value_parser = learning::OPPONENTS)]
    opponent: learning::OpponentChoice,
    /// The opponent's search depth: easy, medium, hard (the default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    depth: Option<Difficulty>,
    /// How many games to play (1 to 4294967295).
    #[arg(long, default_value_t = 1000, value_parser = positive_count, allow_hyphen_values = true)]
    games: u32,
    /// Seed for every random choice; the same seed and state replay the
    /// same training. Without it a seed is drawn and printed.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// The learner's side: x, o, or both (in turn, game by game).
    #[arg(long, value_enum, default_value = "x")]
    side: learning::SideChoice,
    /// Games per line of the curve (a twentieth of the games by default).
    #[arg(long, value_name = "N", value_parser = positive_count, allow_hyphen_values = true)]
    block: Option<u32>,
    /// The state file to learn on from and save to; by default
    /// menace.json or td.json in $XDG_DATA_HOME/tictactoe (else
    /// ~/.local/share/tictactoe), the window's.
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// Start from nothing learned, even if the state file holds something
    /// (it is overwritten at the end, if it is this learner's state).
    #[arg(long)]
    fresh: bool,
    /// MENACE: refill an empty box with its starting beads instead of
    /// resigning (a later builders' variant; kept in the state).
    #[arg(long)]
    refill: bool,
    /// Print the curve as CSV.
    #[arg(long)]
    csv: bool,
}

/// `--games`: a count from 1 up.
fn positive_count(text: &str) -> Result<u32, String> {
    match text.trim().parse::<i128>() {
        Ok(count) if count < 1 => Err(format!("the number of games must be positive, not {count}")),
        Ok(count) => {
            u32::try_from(count).map_err(|_| format!("at most {} games, not {count}", u32::MAX))
        }
        Err(_) => Err("the number of games must be a whole number from 1 up".into()),
    }
}

/// `--size`: 3, 4 or 5 ("3x3" too).
fn board_size(text: &str) -> Result<BoardSize, String> {
    text.parse().map_err(|error: UnknownSize| error.words())
}

/// `--depth`: easy, medium, hard or 1-25.
fn difficulty(text: &str) -> Result<Difficulty, String> {
    text.parse()
        .map_err(|error: UnknownDifficulty| error.words())
}

/// `--time`: seconds, more than 0 (fractions allowed).
fn seconds(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 1e9 => Ok(Duration::from_secs_f64(seconds)),
        _ => Err("the time limit is a number of seconds above 0, such as 2 or 0.5".into()),
    }
}

/// Warns that `--depth` (named `option`) means nothing to `kind`.
fn warn_unused_depth(option: &str, kind: PlayerKind, depth: Option<Difficulty>) -> bool {
    if depth.is_none() || kind.uses_depth() {
        return true;
    }
    say(format_args!(
        "warning: {option} is ignored: {} has no search depth",
        kind.name()
    ))
}

/// The most positions plain minimax is let visit without a word: well
/// under a minute (it visits some 200 million a second).
const MINIMAX_NODES_LIMIT: f64 = 1e10;

/// The same limit for plain alphabeta, on the positions plain minimax would
/// visit: in natural move order and without a table it was measured to
/// visit about their three-quarter power (from 0.63 for the empty 4x4
/// board to 0.78 for the empty 5x5 board at depth 5). The empty 4x4 board
/// passes (5.7e13; alphabeta: 554 million nodes, 4 s); 5x5 at full depth
/// with 17 or more empty cells and the empty 5x5 board from depth 11 (at
/// depth 10 it took 113 s) do not.
const ALPHABETA_MINIMAX_NODES_LIMIT: f64 = 1e14;

/// True if `kind` searching `board` to `depth` cannot be expected to finish
/// in reasonable time: plain minimax or plain alphabeta over its limit, by
/// the positions minimax visits (counted without wins that end lines early,
/// so an overestimate on crowded boards). The players with a table finish
/// fast, Monte Carlo after its playouts, the others at once.
fn cannot_finish(kind: PlayerKind, board: &Board, depth: Option<u32>) -> bool {
    let limit = match kind {
        PlayerKind::Minimax => MINIMAX_NODES_LIMIT,
        PlayerKind::AlphaBeta => ALPHABETA_MINIMAX_NODES_LIMIT,
        _ => return false,
    };
    let empty = board.empty().count_ones();
    let depth = depth.map_or(empty, |d| d.min(empty));
    let mut nodes = 0.0;
    let mut line = 1.0;
    for ply in 0..depth {
        line *= (empty - ply) as f64;
        nodes += line;
    }
    nodes > limit
}

/// Marks an argument of `analyze` that is a position written with `-`
/// for empty cells (`---------`, `-x-------`), so that clap does not take
/// it for an option; `analyze` takes the mark off again. A leading space,
/// which the position parser ignores anyway.
const POSITION_MARK: char = ' ';

/// The process arguments, with every argument of `analyze` (before a `--`)
/// that starts with `-` and holds only position characters (`x`, `o`, `.`,
/// `-`, `/`; no option has only those) marked as a position.
fn arguments() -> Vec<std::ffi::OsString> {
    let mut in_analyze = false;
    std::env::args_os()
        .enumerate()
        .map(|(index, argument)| {
            let Some(text) = argument.to_str() else {
                return argument;
            };
            if index == 1 {
                in_analyze = matches!(text, "analyze" | "tree" | "compare");
            } else if text == "--" {
                in_analyze = false;
            }
            let position = in_analyze
                && index > 1
                && text.starts_with('-')
                && text.len() > 2
                && text
                    .chars()
                    .all(|c| matches!(c, 'x' | 'X' | 'o' | 'O' | '.' | '-' | '/'));
            if position {
                format!("{POSITION_MARK}{text}").into()
            } else {
                argument
            }
        })
        .collect()
}

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
        Some(CliCommand::Play(args)) => play(args),
        Some(CliCommand::Analyze(args)) => analyze(args),
        Some(CliCommand::Tree(args)) => tree(args),
        Some(CliCommand::Compare(args)) => contests::compare(args),
        Some(CliCommand::Tournament(args)) => contests::tournament(args),
        Some(CliCommand::Train(args)) => learning::train_command(args),
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
    let mut message = error.render().to_string();
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

fn refuse(message: &str) -> ExitCode {
    say(format_args!("error: {message}"));
    ExitCode::from(USAGE_ERROR)
}

fn list_players() -> ExitCode {
    let mut out = std::io::stdout().lock();
    for kind in PlayerKind::ALL {
        out!(
            out,
            "{:<17} {:<30} {}",
            kind.name(),
            kind.display_name(),
            kind.description()
        );
    }
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

/// One finished game of a series.
#[derive(Debug, Serialize)]
struct SeriesGame {
    moves: Vec<usize>,
    /// "x", "o" or "draw".
    result: &'static str,
}

/// What a series is, printed before its games.
#[derive(Debug, Serialize)]
struct SeriesHeader {
    games: u32,
    size: usize,
    max: &'static str,
    min: &'static str,
    depth_max: String,
    depth_min: String,
    seed: u64,
}

/// How a series came out, printed after its games.
#[derive(Debug, Serialize)]
struct SeriesTotals {
    max_wins: u32,
    min_wins: u32,
    draws: u32,
    /// Mean search time per move for each side, in microseconds.
    mean_move_us: BTreeMap<&'static str, u64>,
    /// Games finished: `games` unless the series was stopped.
    games_played: u32,
    /// Stopped (Ctrl+C, SIGTERM) before every game was played.
    partial: bool,
}

/// A JSON object as text without its closing (or opening) brace, to be
/// joined with others into one object.
fn json_fields(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("plain data serialises")
}

/// Plays the series and prints it as it goes: the header, every game as it
/// ends (with `--verbose` or `--json`), the totals. Nothing accumulates, so
/// a series of any length runs in constant memory. With `--json` the output
/// is still one JSON object: the header's fields, `records`, the totals.
/// Stopped by a signal, the game under way is dropped and the totals of the
/// games played are printed, marked partial.
fn play(args: PlayArgs) -> ExitCode {
    if args.max == PlayerKind::Human || args.min == PlayerKind::Human {
        return refuse("the human player needs the window: choose computer players for `play`");
    }
    if !warn_unused_depth("--depth-max", args.max, args.depth_max)
        || !warn_unused_depth("--depth-min", args.min, args.depth_min)
    {
        return ExitCode::FAILURE;
    }
    let depth_max = args.depth_max.unwrap_or_default();
    let depth_min = args.depth_min.unwrap_or_default();
    for (kind, depth) in [(args.max, depth_max), (args.min, depth_min)] {
        if cannot_finish(kind, &Board::new(args.size), depth.depth()) {
            say!(
                "warning: plain {} cannot finish a {} search on the empty {} board in reasonable time; \
                 give it a depth (--depth-max/--depth-min)",
                kind.name(),
                depth.words(),
                args.size.words()
            );
        }
    }
    let seed = args.seed.unwrap_or_else(|| rand::random::<u32>() as u64);
    let time_limit = args.time.unwrap_or(SEARCH_TIME_LIMIT);
    let header = SeriesHeader {
        games: args.games,
        size: args.size.side(),
        max: args.max.name(),
        min: args.min.name(),
        depth_max: depth_max.name(),
        depth_min: depth_min.name(),
        seed,
    };
    let mut totals = SeriesTotals {
        max_wins: 0,
        min_wins: 0,
        draws: 0,
        mean_move_us: BTreeMap::new(),
        games_played: 0,
        partial: false,
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        let fields = json_fields(&header);
        out!(out, "{},\"records\":[", &fields[..fields.len() - 1]);
    } else {
        out!(
            out,
            "{}: {} as X vs {} as O, {} {}, seed {}",
            args.size.words(),
            describe_player(args.max, depth_max, TextStyle::COMMAND_LINE),
            describe_player(args.min, depth_min, TextStyle::COMMAND_LINE),
            header.games,
            if header.games == 1 { "game" } else { "games" },
            header.seed
        );
    }
    let state = match learning::given_state(&[args.max, args.min], args.state.as_deref(), args.size)
    {
        Ok(state) => state,
        Err(code) => return code,
    };
    let mut thread = GameThread::spawn();
    let events = thread.events();
    // Total search time and move count per side.
    let mut timing = [(0u64, 0u64); 2];
    for index in 0..args.games {
        if stop::is_stopping() {
            break;
        }
        let players = [(args.max, depth_max), (args.min, depth_min)];
        let game_seed = seed.wrapping_add(index as u64);
        let setup =
            GameSetup::with_time_limit(args.size, players, game_seed, Duration::ZERO, time_limit)
                .with_learners(&state);
        let game = thread.start(setup);
        // A signal stops the game's search at once; the search's report
        // then wakes this loop, which ends the game.
        if let Some(flag) = thread.current_cancel_flag() {
            stop::also_cancel(&flag);
        }
        let mut moves = Vec::new();
        let mut ending = false;
        let result = loop {
            let Ok(event) = events.recv_blocking() else {
                say(format_args!("error: the game thread stopped"));
                return ExitCode::FAILURE;
            };
            match event {
                Event::Report { report, .. } if !report.aborted => {
                    let slot = &mut timing[report.side.index()];
                    *slot = (slot.0 + report.elapsed_us, slot.1 + 1);
                }
                Event::MovePlayed { cell, .. } => moves.push(cell),
                Event::Error { message, .. } => {
                    say!("game {}: error: {message}", index as u64 + 1)
                }
                Event::GameOver {
                    game: over, result, ..
                } if over == game => break result,
                _ => {}
            }
            if stop::is_stopping() && !ending {
                ending = true;
                thread.end_game();
            }
        };
        let resigned = match &result {
            GameResult::Resigned(side) => format!("{} resigns, ", side.mark()),
            _ => String::new(),
        };
        if let GameResult::Aborted(reason) = &result {
            if ending {
                break;
            }
            say(format_args!(
                "error: game {} aborted: {reason}",
                index as u64 + 1
            ));
            return ExitCode::FAILURE;
        }
        let result = match result.winner() {
            Some(Side::Max) => {
                totals.max_wins += 1;
                "x"
            }
            Some(Side::Min) => {
                totals.min_wins += 1;
                "o"
            }
            None => {
                totals.draws += 1;
                "draw"
            }
        };
        if args.json {
            let record = json_fields(&SeriesGame { moves, result });
            let comma = if index == 0 { "" } else { "," };
            out!(out, "{comma}{record}");
        } else if args.verbose {
            let moves: Vec<String> = moves.iter().map(usize::to_string).collect();
            let result = match result {
                "x" => "X wins",
                "o" => "O wins",
                _ => "draw",
            };
            out!(
                out,
                "game {}: {} -> {resigned}{result}",
                index as u64 + 1,
                moves.join(" ")
            );
        }
        totals.games_played += 1;
    }
    for side in [Side::Max, Side::Min] {
        let (total, count) = timing[side.index()];
        let mark = if side == Side::Max { "x" } else { "o" };
        totals
            .mean_move_us
            .insert(mark, total.checked_div(count).unwrap_or(0));
    }
    totals.partial = totals.games_played < args.games;
    if args.json {
        out!(out, "],{}", &json_fields(&totals)[1..]);
    } else {
        if totals.partial {
            out!(
                out,
                "Partial: {} of {} games played",
                totals.games_played,
                args.games
            );
        }
        out!(out, "Max (X) wins: {}", totals.max_wins);
        out!(out, "Min (O) wins: {}", totals.min_wins);
        out!(out, "Draws: {}", totals.draws);
        out!(
            out,
            "Mean time per move: X {}, O {}",
            format_duration_us(totals.mean_move_us["x"]),
            format_duration_us(totals.mean_move_us["o"])
        );
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    match stop::reason() {
        Some(reason) => stopped(
            reason,
            format_args!(
                "stopped after {} of {} games",
                totals.games_played, args.games
            ),
        ),
        None => ExitCode::SUCCESS,
    }
}

/// Says on standard error why the command stopped early and what it had
/// done (`done`), and gives the exit code for it. A closed output ends a
/// command quietly, as a failed write does.
fn stopped(reason: stop::Reason, done: fmt::Arguments) -> ExitCode {
    if reason != stop::Reason::OutputClosed {
        say(format_args!("{reason}: {done}"));
    }
    reason.exit_code()
}

/// One analysed position as `analyze --json` prints it.
#[derive(Debug, Serialize)]
struct Analysis<'a> {
    position: &'a str,
    to_move: Side,
    player: PlayerKind,
    best: Option<usize>,
    score: Option<i32>,
    /// Cell index (from 0) to score, on X's scale.
    scores: BTreeMap<usize, i32>,
    /// Cell index to "exact", "lower" or "upper".
    bounds: BTreeMap<usize, tictactoe_engine::report::Bound>,
    /// What `score` proves: "exact", "bound" or "estimate" (absent without a score).
    #[serde(skip_serializing_if = "Option::is_none")]
    certainty: Option<Certainty>,
    /// Cell index to "exact", "bound", "estimate" or (mcts) "sampled".
    certainties: BTreeMap<usize, Certainty>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    visits: BTreeMap<usize, u32>,
    /// Monte Carlo: cell index to the mean result on X's scale (-1 to 1).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    means: BTreeMap<usize, f64>,
    pv: &'a [usize],
    depth: u32,
    nodes: u64,
    time_us: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

impl<'a> Analysis<'a> {
    fn of(report: &'a SearchReport) -> Analysis<'a> {
        let scored = || {
            report
                .moves
                .iter()
                .filter_map(|m| m.score.map(|score| (m, score)))
        };
        Analysis {
            position: &report.position,
            to_move: report.side,
            player: report.player,
            best: report.best,
            score: report.score,
            scores: scored().map(|(m, score)| (m.cell, score)).collect(),
            bounds: scored().map(|(m, _)| (m.cell, m.bound)).collect(),
            certainty: report.certainty,
            certainties: report.moves.iter().map(|m| (m.cell, m.certainty)).collect(),
            visits: report
                .moves
                .iter()
                .filter_map(|m| m.visits.map(|v| (m.cell, v)))
                .collect(),
            means: report
                .moves
                .iter()
                .filter_map(|m| m.mean.map(|mean| (m.cell, mean)))
                .collect(),
            pv: &report.pv,
            depth: report.depth,
            nodes: report.stats.nodes,
            time_us: report.elapsed_us,
            rule: report.rule.map(RuleWords::describe),
            note: report.note.as_ref().map(Words::words),
        }
    }
}

/// One move of a saved game as `analyze --game --json` prints it: the
/// analysis of the position before it, with the move's number (from 1) and
/// the cell played.
#[derive(Debug, Serialize)]
struct MoveAnalysis<'a> {
    #[serde(rename = "move")]
    number: usize,
    played: usize,
    #[serde(flatten)]
    analysis: Analysis<'a>,
}

/// Where a position came from, for error messages and report headings.
#[derive(Clone, Copy)]
enum Source {
    Argument,
    /// A 1-based line of standard input.
    Line(u64),
    /// The position before move `number` (from 1) of a saved game, in
    /// which `side` played `cell`.
    Move {
        number: usize,
        side: Side,
        cell: usize,
    },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Argument => Ok(()),
            Source::Line(number) => write!(f, "line {number}: "),
            Source::Move { number, .. } => write!(f, "move {number}: "),
        }
    }
}

/// Reads one line of at most `MAX_LINE_BYTES` bytes into `line` (without
/// the newline; the rest of a longer line is read and dropped). Returns the
/// line's full length in bytes, or `None` at the end of the input.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<Option<u64>> {
    line.clear();
    let mut length = 0u64;
    let mut any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok(any.then_some(length));
        }
        any = true;
        let (chunk, used, ended) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(end) => (&buffer[..end], end + 1, true),
            None => (buffer, buffer.len(), false),
        };
        let room = (MAX_LINE_BYTES + 1).saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length += chunk.len() as u64;
        input.consume(used);
        if ended {
            return Ok(Some(length));
        }
    }
}

/// A window limit as the tree prints it: the search's infinity as `inf`.
fn limit_text(limit: i32) -> String {
    match limit {
        INFINITY => "+inf".to_owned(),
        limit if limit == -INFINITY => "-inf".to_owned(),
        limit => limit.to_string(),
    }
}

/// A position given as an argument: its text without the optional leading
/// mark, and the board, or what is wrong with it ("position 'x?': ...").
fn read_position(argument: &str) -> (&str, Result<Board, String>) {
    let text = argument.strip_prefix(POSITION_MARK).unwrap_or(argument);
    let board = Board::parse_for_move(text).map_err(|error| {
        let echo = escape_text(text.trim(), ECHO_CHARS);
        format!("position '{echo}': {}", error.words())
    });
    (text, board)
}

/// Prints the search tree of one position, a line per node as the tree is
/// walked: a usage error (2) for a player the recorder does not run or a
/// search that cannot finish, a bad position 1.
fn tree(args: TreeArgs) -> ExitCode {
    let (text, board) = read_position(&args.position);
    let board = match board {
        Ok(board) => board,
        Err(message) => {
            say!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(error) = SearchTree::supports(args.player, board.size()) {
        return refuse(&error.to_string());
    }
    if !warn_unused_depth("--depth", args.player, args.depth) {
        return ExitCode::FAILURE;
    }
    let options = PlayerOptions {
        difficulty: args.depth.unwrap_or_default(),
        ..PlayerOptions::default()
    };
    let depth = options.difficulty.depth();
    if cannot_finish(args.player, &board, depth) {
        return refuse(&format!(
            "plain {} cannot finish this search in reasonable time ({} empty cells); \
             give it --depth, or record alphabeta-tt",
            args.player.name(),
            board.empty().count_ones()
        ));
    }
    let recorded = SearchTree::record(
        args.player,
        &board,
        &options,
        tree::DEFAULT_BUDGET,
        &stop::flag(),
    );
    let tree = match (recorded, stop::reason()) {
        (Ok(tree), _) => tree,
        (Err(_), Some(reason)) => {
            return stopped(reason, format_args!("the search was not recorded"));
        }
        (Err(error), None) => return refuse(&error.to_string()),
    };
    let windows = tree.has_windows();
    let mut out = std::io::stdout().lock();
    if !args.json && windows {
        out!(
            out,
            "{} searching {} to depth {}: {} nodes, the start and {} below it; values and \
             windows on X's scale (+ favours X, - favours O)",
            tree.player().name(),
            text.trim(),
            tree.depth(),
            group(tree.node(0).subtree_nodes()),
            group(tree.nodes_searched()),
        );
    } else if !args.json {
        out!(
            out,
            "{} searching {}: {} playouts, {} plies deep; mean results on X's scale (+1 X wins, \
             0 a draw, -1 O wins)",
            tree.player().name(),
            text.trim(),
            group(tree.node(0).subtree_nodes()),
            tree.depth(),
        );
    }
    let mut lines = 0u64;
    let mut closed = false;
    tree.walk(args.max_ply, |id, parent, ply, position| {
        if closed || stop::is_stopping() {
            return;
        }
        let line = tree_line(&tree, &args, windows, (id, parent, ply), position);
        closed = writeln!(out, "{line}").is_err();
        lines += 1;
    });
    if closed || out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    match stop::reason() {
        Some(reason) => stopped(
            reason,
            format_args!("printed {} of its nodes", group(lines)),
        ),
        None => ExitCode::SUCCESS,
    }
}

/// One node of `tree` as `tree` prints it, a line of text or JSON; `place`
/// is the node's id, its parent's and its ply.
fn tree_line(
    tree: &SearchTree,
    args: &TreeArgs,
    windows: bool,
    (id, parent, ply): (usize, Option<usize>, usize),
    position: &Board,
) -> String {
    let node = tree.node(id);
    let children = tree.children(id).count();
    let pruned = tree.pruned(id, position);
    let hidden = ply >= args.max_ply && !node.ending().is_leaf();
    let view = tree_words::x_view(node);
    let mean = || f64::from(tree_words::mover(node).sign() * node.value()) / 1000.0;
    if args.json {
        let mut json = serde_json::json!({
            "id": id,
            "parent": parent,
            "ply": ply,
            "move": node.cell(),
            "to_move": node.side_to_move(),
            "end": node.ending().name(),
            "children": children,
            "pruned": pruned,
            "nodes": node.subtree_nodes(),
            "recorded": node.recorded(),
            "subtree_shown": !hidden,
        });
        let values = if windows {
            serde_json::json!({
                "value": view.value,
                "bound": view.bound,
                "alpha": view.alpha,
                "beta": view.beta,
            })
        } else {
            serde_json::json!({
                "visits": node.subtree_nodes(),
                "mean": mean(),
            })
        };
        if let (Some(json), serde_json::Value::Object(values)) = (json.as_object_mut(), values) {
            json.extend(values);
        }
        return json.to_string();
    }
    let label = match node.cell() {
        Some(_) => tree_words::move_text(node, TextStyle::COMMAND_LINE),
        None => format!("root, {} to move", node.side_to_move().mark()),
    };
    let ending = tree_words::ending_text(tree, id, position);
    let count = node.subtree_nodes();
    let (mut line, pruned_name) = if windows {
        let line = format!(
            "{}{label}: {} {} in ({}, {}); {ending}; {} {}",
            "  ".repeat(ply),
            view.bound.format(view.value),
            view.bound.name(),
            limit_text(view.alpha),
            limit_text(view.beta),
            group(count),
            if count == 1 { "node" } else { "nodes" },
        );
        (line, "pruned")
    } else {
        let line = format!(
            "{}{label}: mean {:+.3} over {} {}; {ending}",
            "  ".repeat(ply),
            mean(),
            group(count),
            if count == 1 { "visit" } else { "visits" },
        );
        (line, "untried")
    };
    if !pruned.is_empty() {
        let cells = TextStyle::COMMAND_LINE.cells(&pruned, " ");
        line.push_str(&format!("; {pruned_name} {cells}"));
    }
    if !node.recorded() {
        line.push_str("; not recorded");
    } else if hidden {
        line.push_str("; not shown");
    }
    line
}

/// Analyses every position on the command line, or every line of standard
/// input. A bad position (or line) is named and skipped, and makes the exit
/// code 1; a read error stops the reading and makes it 1; no position at
/// all is a usage error (2).
fn analyze(args: AnalyzeArgs) -> ExitCode {
    if args.player == PlayerKind::Human {
        return refuse("the human player cannot analyse: choose a computer player");
    }
    if !warn_unused_depth("--depth", args.player, args.depth) {
        return ExitCode::FAILURE;
    }
    let options = PlayerOptions {
        difficulty: args.depth.unwrap_or_default(),
        time_limit: args.time,
        ..PlayerOptions::default()
    };
    let state = match args.state.as_deref() {
        Some(path) => match learning::given_state(&[args.player], Some(path), BoardSize::Three) {
            Ok(state) => state,
            Err(code) => return code,
        },
        None => None,
    };
    let mut analyst = Analyst {
        kind: args.player,
        state,
        options,
        json: args.json,
        cancel: stop::flag(),
        warned: false,
        all_fine: true,
        positions: 0,
        reported: 0,
    };
    let mut out = std::io::stdout().lock();
    if let Some(path) = &args.game {
        if let Err(code) = analyze_game(&mut analyst, &mut out, path) {
            return code;
        }
    } else if !args.positions.is_empty() {
        for text in &args.positions {
            if stop::is_stopping() {
                break;
            }
            let text = text.strip_prefix(POSITION_MARK).unwrap_or(text);
            if analyst.analyze(&mut out, text, Source::Argument).is_err() {
                return ExitCode::FAILURE;
            }
        }
    } else {
        if streams::stdin_closed_at_start() {
            say(format_args!(
                "error: reading standard input: it is closed; pass positions as arguments \
                 or one per line on standard input"
            ));
            return ExitCode::FAILURE;
        }
        let mut input = std::io::stdin().lock();
        let mut line = Vec::new();
        let mut number = 0u64;
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
            let source = Source::Line(number);
            if line.last() == Some(&b'\r') && length as usize == line.len() {
                line.pop();
            }
            let result = if length > MAX_LINE_BYTES as u64 {
                analyst.refuse_line(format_args!(
                    "{source}too long: {length} bytes, and a position has at most 25 cells: '{}'",
                    escape_text(&String::from_utf8_lossy(&line), ECHO_CHARS)
                ))
            } else {
                match std::str::from_utf8(&line) {
                    Ok(text) if text.trim().is_empty() => Ok(()),
                    Ok(text) => analyst.analyze(&mut out, text, source),
                    Err(error) => analyst.refuse_line(format_args!(
                        "{source}not UTF-8 text (byte {} is invalid): '{}'",
                        error.valid_up_to() + 1,
                        escape_bytes(&line, ECHO_CHARS)
                    )),
                }
            };
            if result.is_err() {
                return ExitCode::FAILURE;
            }
        }
        if analyst.positions == 0 && !stop::is_stopping() {
            return refuse(
                "no position given: pass positions as arguments or one per line on standard input",
            );
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    if let Some(reason) = stop::reason() {
        return stopped(
            reason,
            format_args!(
                "stopped after {} analysed",
                positions_text(analyst.reported)
            ),
        );
    }
    if analyst.all_fine {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// "1 position", "1,234 positions".
fn positions_text(count: u64) -> String {
    let noun = if count == 1 { "position" } else { "positions" };
    format!("{} {noun}", group(count))
}

/// Analyses the position before every move of the saved game at `path`.
/// A file that cannot be read as a saved game is named with its problem
/// (exit code 1).
fn analyze_game(analyst: &mut Analyst, out: &mut impl Write, path: &Path) -> Result<(), ExitCode> {
    let name = escape_text(&path.to_string_lossy(), ECHO_CHARS);
    let game = SavedGame::read(path).map_err(|error| {
        say(format_args!("error: game '{name}': {error}"));
        ExitCode::FAILURE
    })?;
    if game.record.is_empty()
        && !say(format_args!(
            "warning: game '{name}' has no moves: nothing to analyse"
        ))
    {
        return Err(ExitCode::FAILURE);
    }
    for (index, (board, cell)) in game.record.played_with_positions().enumerate() {
        if stop::is_stopping() {
            break;
        }
        let source = Source::Move {
            number: index + 1,
            side: board.side_to_move(),
            cell,
        };
        analyst
            .analyze_board(out, &board, &board.to_string(), source)
            .map_err(|OutputClosed| ExitCode::FAILURE)?;
    }
    Ok(())
}

/// `bytes` made safe to echo: printable ASCII stays, anything else is
/// written `\xNN`; cut after `limit` bytes (then "…").
fn escape_bytes(bytes: &[u8], limit: usize) -> String {
    let mut escaped: String = bytes[..bytes.len().min(limit)].escape_ascii().to_string();
    if bytes.len() > limit {
        escaped.push('…');
    }
    escaped
}

/// Writing failed: the command stops.
struct OutputClosed;

/// The player `analyze` asks, and what it has seen so far.
struct Analyst {
    kind: PlayerKind,
    /// What the learner `kind` learned (`--state`).
    state: Option<tictactoe_engine::learners::LearnerState>,
    options: PlayerOptions,
    json: bool,
    /// The command's: stops the search under way.
    cancel: CancelFlag,
    /// Warned once that the search cannot finish.
    warned: bool,
    all_fine: bool,
    /// Positions given, good or bad (blank lines not counted).
    positions: u64,
    /// Reports printed.
    reported: u64,
}

impl Analyst {
    /// Names a bad input line on standard error.
    fn refuse_line(&mut self, message: fmt::Arguments) -> Result<(), OutputClosed> {
        self.positions += 1;
        self.all_fine = false;
        if say(format_args!("error: {message}")) {
            Ok(())
        } else {
            Err(OutputClosed)
        }
    }

    /// Analyses one position text and prints the report, or names its problem.
    fn analyze(
        &mut self,
        out: &mut impl Write,
        text: &str,
        source: Source,
    ) -> Result<(), OutputClosed> {
        let board = match Board::parse_for_move(text) {
            Ok(board) => board,
            Err(error) => {
                let echo = escape_text(text.trim(), ECHO_CHARS);
                let error = error.words();
                return self.refuse_line(format_args!("{source}position '{echo}': {error}"));
            }
        };
        self.analyze_board(out, &board, text.trim(), source)
    }

    /// Analyses an unfinished position and prints the report; `echo` is
    /// the position as given, for messages.
    fn analyze_board(
        &mut self,
        out: &mut impl Write,
        board: &Board,
        echo: &str,
        source: Source,
    ) -> Result<(), OutputClosed> {
        self.positions += 1;
        if self.options.time_limit.is_none()
            && !self.warned
            && cannot_finish(self.kind, board, self.options.difficulty.depth())
        {
            self.warned = true;
            let fine = say(format_args!(
                "warning: {source}plain {} cannot finish this search in reasonable time \
                 ({} empty cells); give it --depth or --time",
                self.kind.name(),
                board.empty().count_ones()
            ));
            if !fine {
                return Err(OutputClosed);
            }
        }
        if self.kind.learns()
            && let Err(refusal) = tictactoe_engine::learners::supports(board.size())
        {
            let echo = escape_text(echo, ECHO_CHARS);
            let message = refusal.words();
            return self.refuse_line(format_args!("{source}position '{echo}': {message}"));
        }
        // A new player for every position: nothing an earlier search left
        // (a table, a random generator's state) changes this one.
        let mut player = match &self.state {
            Some(state) => state.player(self.options.seed),
            None => self.kind.create(&self.options),
        };
        // The players that deepen keep their deepest search within the
        // limit themselves; any other is stopped when it runs out.
        let stop_at = match self.options.time_limit {
            Some(limit) if !self.kind.deepens_iteratively() => Some(limit),
            _ => None,
        };
        let report = match ask_within(player.as_mut(), board, &self.cancel, stop_at) {
            Ok(report) => report,
            Err(message) => {
                return self.refuse_line(format_args!("{source}{message}"));
            }
        };
        if report.aborted && self.cancel.is_cancelled() {
            // The command stops; it says so itself.
            return Ok(());
        }
        if report.aborted {
            let echo = escape_text(echo, ECHO_CHARS);
            return self.refuse_line(format_args!(
                "{source}position '{echo}': the time limit ran out before {} finished",
                self.kind.name()
            ));
        }
        let written = if self.json {
            let analysis = Analysis::of(&report);
            let line = match source {
                Source::Move { number, cell, .. } => serde_json::to_string(&MoveAnalysis {
                    number,
                    played: cell,
                    analysis,
                }),
                _ => serde_json::to_string(&analysis),
            };
            writeln!(out, "{}", line.expect("plain data serialises"))
        } else {
            let heading = match source {
                Source::Move { number, side, cell } => {
                    format!("Move {number}: {} played {cell}\n", side.mark())
                }
                _ => String::new(),
            };
            writeln!(out, "{heading}{}", report.to_text(TextStyle::COMMAND_LINE))
        };
        self.reported += 1;
        written.map_err(|_| OutputClosed)
    }
}
