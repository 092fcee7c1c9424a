//! The command line: `tictactoe` opens the window; `players`, `play` and
//! `analyze` run headless on the same engine and game thread.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::{CommandFactory, Parser, Subcommand};
use serde::Serialize;

use crate::engine::{
    Board, BoardSize, CancelFlag, Certainty, Difficulty, PlayerKind, PlayerOptions, SearchReport,
    Side, TextStyle,
};
use crate::game::{Event, GameResult, GameSetup, GameThread};

/// Exit code for bad command-line input.
const USAGE_ERROR: u8 = 2;

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
}

#[derive(Debug, clap::Args)]
struct PlayArgs {
    /// Max's player (X, moves first), by short name.
    #[arg(long, value_name = "NAME")]
    max: PlayerKind,
    /// Min's player (O), by short name.
    #[arg(long, value_name = "NAME")]
    min: PlayerKind,
    /// How many games to play.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Board size: 3 (3 in a row), 4 or 5 (4 in a row).
    #[arg(long, default_value = "3", value_name = "3|4|5")]
    size: BoardSize,
    /// Seed for every random choice; the same seed replays the same games.
    /// Without it a seed is drawn and printed.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Max's search depth: easy, medium, hard or 1-25.
    #[arg(long, default_value = "hard", value_name = "D")]
    depth_max: Difficulty,
    /// Min's search depth: easy, medium, hard or 1-25.
    #[arg(long, default_value = "hard", value_name = "D")]
    depth_min: Difficulty,
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
    #[arg(long, default_value = "alphabeta-tt", value_name = "NAME")]
    player: PlayerKind,
    /// Search depth: easy, medium, hard or 1-25.
    #[arg(long, default_value = "hard", value_name = "D")]
    depth: Difficulty,
    /// Print one JSON object per position per line.
    #[arg(long)]
    json: bool,
    /// Positions such as x.o/.x./..o; without any, one per line from standard input.
    #[arg(value_name = "POSITION")]
    positions: Vec<String>,
}

/// Runs the command line with the process arguments.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(error),
    };
    match cli.command {
        None => open_window(),
        Some(CliCommand::Players) => {
            list_players();
            ExitCode::SUCCESS
        }
        Some(CliCommand::Play(args)) => play(args),
        Some(CliCommand::Analyze(args)) => analyze(args),
    }
}

/// Prints clap's message; for real errors adds the usage and exits with 2.
fn usage_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    let mut message = error.render().to_string();
    if !message.contains("Usage:") {
        // clap leaves the usage out of some errors; always show it.
        let mut command = Cli::command();
        command.build();
        let name = std::env::args().nth(1).unwrap_or_default();
        let usage = match command.find_subcommand_mut(&name) {
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
    eprint!("{message}");
    ExitCode::from(USAGE_ERROR)
}

fn refuse(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(USAGE_ERROR)
}

#[cfg(feature = "gui")]
fn open_window() -> ExitCode {
    crate::ui::run().into()
}

#[cfg(not(feature = "gui"))]
fn open_window() -> ExitCode {
    refuse(
        "this build has no window (built without the `gui` feature); run `tictactoe --help` for the commands",
    )
}

fn list_players() {
    for kind in PlayerKind::ALL {
        println!(
            "{:<17} {:<30} {}",
            kind.name(),
            kind.display_name(),
            kind.description()
        );
    }
}

/// One finished game of a series.
#[derive(Debug, Serialize)]
struct GameRecord {
    moves: Vec<usize>,
    /// "x", "o" or "draw".
    result: &'static str,
}

#[derive(Debug, Serialize)]
struct SeriesSummary {
    games: u32,
    size: usize,
    max: &'static str,
    min: &'static str,
    depth_max: String,
    depth_min: String,
    seed: u64,
    max_wins: u32,
    min_wins: u32,
    draws: u32,
    /// Mean search time per move for each side, in microseconds.
    mean_move_us: BTreeMap<&'static str, u64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    records: Vec<GameRecord>,
}

fn play(args: PlayArgs) -> ExitCode {
    if args.max == PlayerKind::Human || args.min == PlayerKind::Human {
        return refuse("the human player needs the window: choose computer players for `play`");
    }
    let seed = args.seed.unwrap_or_else(|| rand::random::<u32>() as u64);
    let mut thread = GameThread::spawn();
    let events = thread.events();
    let mut summary = SeriesSummary {
        games: args.games,
        size: args.size.side(),
        max: args.max.name(),
        min: args.min.name(),
        depth_max: args.depth_max.name(),
        depth_min: args.depth_min.name(),
        seed,
        max_wins: 0,
        min_wins: 0,
        draws: 0,
        mean_move_us: BTreeMap::new(),
        records: Vec::new(),
    };
    // Total search time and move count per side.
    let mut timing = [(0u64, 0u64); 2];
    for index in 0..args.games {
        let players = [(args.max, args.depth_max), (args.min, args.depth_min)];
        let setup = GameSetup::new(
            args.size,
            players,
            seed.wrapping_add(index as u64),
            Duration::ZERO,
        );
        let game = thread.start(setup);
        let mut moves = Vec::new();
        let result = loop {
            let Ok(event) = events.recv_blocking() else {
                eprintln!("error: the game thread stopped");
                return ExitCode::FAILURE;
            };
            match event {
                Event::Report { report, .. } if !report.aborted => {
                    let slot = &mut timing[report.side.index()];
                    *slot = (slot.0 + report.elapsed_us, slot.1 + 1);
                }
                Event::MovePlayed { cell, .. } => moves.push(cell),
                Event::Error { message, .. } => eprintln!("game {}: error: {message}", index + 1),
                Event::GameOver {
                    game: over, result, ..
                } if over == game => break result,
                _ => {}
            }
        };
        let result = match result {
            GameResult::Won(Side::Max) => {
                summary.max_wins += 1;
                "x"
            }
            GameResult::Won(Side::Min) => {
                summary.min_wins += 1;
                "o"
            }
            GameResult::Draw => {
                summary.draws += 1;
                "draw"
            }
            GameResult::Aborted(reason) => {
                eprintln!("error: game {} aborted: {reason}", index + 1);
                return ExitCode::FAILURE;
            }
        };
        if args.verbose || args.json {
            summary.records.push(GameRecord { moves, result });
        }
    }
    for side in [Side::Max, Side::Min] {
        let (total, count) = timing[side.index()];
        let mark = if side == Side::Max { "x" } else { "o" };
        summary
            .mean_move_us
            .insert(mark, total.checked_div(count).unwrap_or(0));
    }
    let mut out = std::io::stdout().lock();
    let written = if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&summary).expect("plain data serialises")
        )
    } else {
        write_series_text(&mut out, &summary, args.size)
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

fn write_series_text(
    out: &mut impl Write,
    summary: &SeriesSummary,
    size: BoardSize,
) -> std::io::Result<()> {
    writeln!(
        out,
        "{size}: {} ({}) as X vs {} ({}) as O, {} games, seed {}",
        summary.max, summary.depth_max, summary.min, summary.depth_min, summary.games, summary.seed
    )?;
    for (number, record) in summary.records.iter().enumerate() {
        let moves: Vec<String> = record.moves.iter().map(usize::to_string).collect();
        let result = match record.result {
            "x" => "X wins",
            "o" => "O wins",
            _ => "draw",
        };
        writeln!(out, "game {}: {} -> {result}", number + 1, moves.join(" "))?;
    }
    writeln!(out, "Max (X) wins: {}", summary.max_wins)?;
    writeln!(out, "Min (O) wins: {}", summary.min_wins)?;
    writeln!(out, "Draws: {}", summary.draws)?;
    writeln!(
        out,
        "Mean time per move: X {} us, O {} us",
        summary.mean_move_us["x"], summary.mean_move_us["o"]
    )
}

/// One analysed position as `analyze --json` prints it.
#[derive(Debug, Serialize)]
struct Analysis<'a> {
    position: &'a str,
    to_move: Side,
    player: PlayerKind,
    best: Option<usize>,
    score: Option<i32>,
    /// Cell number to score, Max's point of view.
    scores: BTreeMap<usize, i32>,
    /// Cell number to "exact", "lower" or "upper".
    bounds: BTreeMap<usize, crate::engine::Bound>,
    /// What `score` proves: "exact", "bound" or "estimate" (absent without a score).
    #[serde(skip_serializing_if = "Option::is_none")]
    certainty: Option<Certainty>,
    /// Cell number to "exact", "bound", "estimate" or (mcts) "sampled".
    certainties: BTreeMap<usize, Certainty>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    visits: BTreeMap<usize, u32>,
    pv: &'a [usize],
    depth: u32,
    nodes: u64,
    time_us: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
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
            pv: &report.pv,
            depth: report.depth,
            nodes: report.stats.nodes,
            time_us: report.elapsed_us,
            rule: report.rule,
            note: report.note.as_deref(),
        }
    }
}

fn analyze(args: AnalyzeArgs) -> ExitCode {
    if args.player == PlayerKind::Human {
        return refuse("the human player cannot analyse: choose a computer player");
    }
    let positions: Box<dyn Iterator<Item = String>> = if args.positions.is_empty() {
        Box::new(std::io::stdin().lock().lines().map_while(Result::ok))
    } else {
        Box::new(args.positions.into_iter())
    };
    let options = PlayerOptions {
        difficulty: args.depth,
        ..PlayerOptions::default()
    };
    let mut player = args.player.create(&options);
    let mut all_fine = true;
    let mut out = std::io::stdout().lock();
    for text in positions {
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        let board = match Board::parse_for_move(text) {
            Ok(board) => board,
            Err(error) => {
                eprintln!("error: position '{text}': {error}");
                all_fine = false;
                continue;
            }
        };
        let report = player.choose_move(&board, &CancelFlag::new());
        let written = if args.json {
            writeln!(
                out,
                "{}",
                serde_json::to_string(&Analysis::of(&report)).expect("plain data serialises")
            )
        } else {
            writeln!(out, "{}", report.to_text(TextStyle::COMMAND_LINE))
        };
        if written.is_err() {
            return ExitCode::FAILURE;
        }
    }
    if all_fine {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
