//! `tictactoe play`: a series of games between two computer players on the
//! game thread, printed as it goes.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use serde::Serialize;

use super::args::PlayArgs;
use super::checks::{cannot_finish, warn_unused_depth};
use super::output::{refuse, say, stopped};
use super::{learning, stop};
use crate::game::{Event, GameResult, GameSetup, GameThread, SEARCH_TIME_LIMIT};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_words::Words;
use tictactoe_words::numbers::format_duration_us;
use tictactoe_words::report::{TextStyle, describe_player};

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
pub(super) fn run(args: PlayArgs) -> ExitCode {
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
