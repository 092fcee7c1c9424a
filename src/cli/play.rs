//! `tictactoe play`: a series of games between two computer players on the
//! game thread, printed as it goes.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use serde::Serialize;
use serde::ser::{Error as _, SerializeSeq, Serializer};
use serde_json::ser::Formatter;

use super::args::PlayArgs;
use super::checks::{
    cannot_finish, check_search_args, evaluation_of, search_name, warn_unused_depth,
};
use super::output::{refuse, say, stopped};
use super::{learning, stop};
use crate::game::{Event, GameResult, GameSetup, GameThread, SEARCH_TIME_LIMIT};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::evaluation::Evaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::LearnerState;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_tools::feasibility::finishing_difficulty;
use tictactoe_words::Words;
use tictactoe_words::numbers::format_duration_us;
use tictactoe_words::position::move_numbers;
use tictactoe_words::report::{TextStyle, describe_player};

/// One finished game of a series.
#[derive(Debug, Serialize)]
struct SeriesGame {
    moves: Vec<usize>,
    /// "x", "o" or "draw".
    result: &'static str,
    /// The side that resigned, if one did (`--verbose` says so).
    #[serde(skip)]
    resigned: Option<Side>,
}

/// What a series is, printed before its games.
#[derive(Debug, Serialize)]
struct SeriesHeader {
    games: u32,
    size: Shape,
    max: &'static str,
    min: &'static str,
    depth_max: String,
    depth_min: String,
    seed: u64,
}

/// How a series came out, printed after its games.
#[derive(Debug, Default, Serialize)]
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

/// The games of a series, played one at a time on the game thread as they
/// are asked for, and what they add up to.
struct Series<'a> {
    args: &'a PlayArgs,
    players: [(PlayerKind, Difficulty); 2],
    /// Max's evaluation, then Min's (None: the board's own).
    evaluations: [Option<Evaluation>; 2],
    seed: u64,
    /// The game thread and its events, from the first game on (`--state`
    /// is read then, after the header is out).
    running: Option<(
        GameThread,
        async_channel::Receiver<Event>,
        Option<LearnerState>,
    )>,
    /// Total search time and move count per side.
    timing: [(u64, u64); 2],
    totals: SeriesTotals,
    /// Why the command must end now, if it must: set where the games are
    /// asked for inside serialisation, which can only carry an error.
    ended: Option<ExitCode>,
}

impl Series<'_> {
    /// The next game, played out; `None` once every game is played or a
    /// signal stopped the series (the game under way is dropped); the exit
    /// code when the command must end.
    fn next_game(&mut self) -> Result<Option<SeriesGame>, ExitCode> {
        let args = self.args;
        if self.running.is_none() {
            let state = learning::given_state(
                &[args.max, args.min],
                args.state.as_deref(),
                Some(args.size),
            )?;
            let thread = GameThread::spawn();
            let events = thread.events();
            self.running = Some((thread, events, state));
        }
        let (thread, events, state) = self.running.as_mut().expect("started above");
        let index = self.totals.games_played;
        if index == args.games || stop::is_stopping() {
            return Ok(None);
        }
        let game_seed = self.seed.wrapping_add(index as u64);
        let time_limit = args.time.unwrap_or(SEARCH_TIME_LIMIT);
        let setup = GameSetup::with_time_limit(
            args.size,
            self.players,
            game_seed,
            Duration::ZERO,
            time_limit,
        )
        .with_search_settings(args.search.settings())
        .with_evaluations(self.evaluations)
        .with_learners(&*state);
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
                return Err(ExitCode::FAILURE);
            };
            match event {
                Event::Report { report, .. } if !report.aborted => {
                    let slot = &mut self.timing[report.side.index()];
                    *slot = (slot.0 + report.elapsed_us, slot.1 + 1);
                }
                Event::MovePlayed { cell, .. } => moves.push(cell),
                Event::Error { message, .. } => {
                    let said = say(format_args!("game {}: error: {message}", index as u64 + 1));
                    if !said {
                        return Err(ExitCode::FAILURE);
                    }
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
        if let GameResult::Aborted(reason) = &result {
            if ending {
                return Ok(None);
            }
            say(format_args!(
                "error: game {} aborted: {reason}",
                index as u64 + 1
            ));
            return Err(ExitCode::FAILURE);
        }
        let resigned = match result {
            GameResult::Resigned(side) => Some(side),
            _ => None,
        };
        let result = match result.winner() {
            Some(Side::Max) => {
                self.totals.max_wins += 1;
                "x"
            }
            Some(Side::Min) => {
                self.totals.min_wins += 1;
                "o"
            }
            None => {
                self.totals.draws += 1;
                "draw"
            }
        };
        self.totals.games_played += 1;
        Ok(Some(SeriesGame {
            moves,
            result,
            resigned,
        }))
    }

    /// The totals of the games played.
    fn totals(&mut self) -> &SeriesTotals {
        for side in [Side::Max, Side::Min] {
            let (total, count) = self.timing[side.index()];
            self.totals
                .mean_move_us
                .insert(side.name(), total.checked_div(count).unwrap_or(0));
        }
        self.totals.partial = self.totals.games_played < self.args.games;
        &self.totals
    }
}

/// `play --json`: the header's fields, `records` (the games, written as
/// they are played), the totals' fields, in one object.
#[derive(Serialize)]
struct SeriesJson<'a> {
    #[serde(flatten)]
    header: &'a SeriesHeader,
    records: Records<'a>,
    #[serde(flatten)]
    totals: Totals<'a>,
}

/// The games of a series, each played when its turn to be written comes.
struct Records<'a>(&'a RefCell<Series<'a>>);

impl Serialize for Records<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut series = self.0.borrow_mut();
        let mut records = serializer.serialize_seq(None)?;
        loop {
            match series.next_game() {
                Ok(Some(game)) => records.serialize_element(&game)?,
                Ok(None) => break,
                Err(code) => {
                    series.ended = Some(code);
                    return Err(S::Error::custom("the series ended"));
                }
            }
        }
        records.end()
    }
}

/// The totals, once the records before them are written.
struct Totals<'a>(&'a RefCell<Series<'a>>);

impl Serialize for Totals<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.borrow_mut().totals().serialize(serializer)
    }
}

/// `play --json`'s layout: compact, with each record on a line of its own,
/// written as soon as its game ends, so that a reader can follow the series.
#[derive(Default)]
struct RecordLines {
    /// Objects and arrays open around what is written.
    depth: usize,
}

impl RecordLines {
    /// The records' array: the one directly inside the outer object.
    const RECORDS_DEPTH: usize = 2;
}

impl Formatter for RecordLines {
    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.depth += 1;
        writer.write_all(b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.depth -= 1;
        writer.write_all(b"}")
    }

    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.depth += 1;
        if self.depth == Self::RECORDS_DEPTH {
            writer.write_all(b"[\n")
        } else {
            writer.write_all(b"[")
        }
    }

    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.depth -= 1;
        writer.write_all(b"]")
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        if self.depth == Self::RECORDS_DEPTH {
            writer.write_all(b"\n")?;
            writer.flush()
        } else {
            Ok(())
        }
    }
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
    if let Err(message) = check_search_args(args.search, &[args.max, args.min], Some(args.size)) {
        return refuse(&message);
    }
    let mut evaluations = [None; 2];
    for (slot, (choice, option, kind)) in evaluations.iter_mut().zip([
        (args.evaluation_max.as_ref(), "--evaluation-max", args.max),
        (args.evaluation_min.as_ref(), "--evaluation-min", args.min),
    ]) {
        match evaluation_of(choice, option, &[kind], Some(args.size)) {
            Ok(evaluation) => *slot = evaluation,
            Err(message) => return refuse(&message),
        }
    }
    let start = Board::new(args.size);
    let mut played = [Difficulty::default(); 2];
    for (index, (kind, chosen)) in [(args.max, args.depth_max), (args.min, args.depth_min)]
        .into_iter()
        .enumerate()
    {
        let chosen = chosen.unwrap_or_default();
        // A search that cannot reach the end plays as deep as it can
        // finish (as in the window); the warning and the header say so.
        played[index] = finishing_difficulty(kind, chosen, &start);
        if played[index] != chosen {
            say!(
                "warning: {} cannot finish a {} search on the empty {} board in reasonable time; \
                 it plays at {} instead (choose with --depth-max/--depth-min)",
                search_name(kind),
                chosen.words(),
                args.size.words(),
                played[index].words()
            );
        } else if cannot_finish(kind, &start, chosen.depth(), true) {
            say!(
                "warning: {} cannot finish a {} search on the empty {} board in reasonable time; \
                 give it a depth (--depth-max/--depth-min)",
                search_name(kind),
                chosen.words(),
                args.size.words()
            );
        }
    }
    let [depth_max, depth_min] = played;
    let seed = args.seed.unwrap_or_else(|| rand::random::<u32>() as u64);
    let header = SeriesHeader {
        games: args.games,
        size: args.size,
        max: args.max.name(),
        min: args.min.name(),
        depth_max: depth_max.name(),
        depth_min: depth_min.name(),
        seed,
    };
    let series = RefCell::new(Series {
        args: &args,
        players: [(args.max, depth_max), (args.min, depth_min)],
        evaluations,
        seed,
        running: None,
        timing: [(0, 0); 2],
        totals: SeriesTotals::default(),
        ended: None,
    });
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = SeriesJson {
            header: &header,
            records: Records(&series),
            totals: Totals(&series),
        };
        let mut serializer =
            serde_json::Serializer::with_formatter(&mut out, RecordLines::default());
        if json.serialize(&mut serializer).is_err() {
            return series
                .borrow_mut()
                .ended
                .take()
                .unwrap_or(ExitCode::FAILURE);
        }
        out!(out, "");
    } else {
        out!(
            out,
            "{}: {} as X vs {} as O, {} {}, seed {}",
            args.size.words(),
            describe_player(args.max, depth_max, args.size, TextStyle::COMMAND_LINE),
            describe_player(args.min, depth_min, args.size, TextStyle::COMMAND_LINE),
            header.games,
            if header.games == 1 { "game" } else { "games" },
            header.seed
        );
        let mut series = series.borrow_mut();
        loop {
            let game = match series.next_game() {
                Ok(Some(game)) => game,
                Ok(None) => break,
                Err(code) => return code,
            };
            if args.verbose {
                let moves = move_numbers(args.size, &game.moves, " ");
                let resigned = match game.resigned {
                    Some(side) => format!("{} resigns, ", side.mark()),
                    None => String::new(),
                };
                let result = match game.result {
                    "x" => "X wins",
                    "o" => "O wins",
                    _ => "draw",
                };
                out!(
                    out,
                    "game {}: {} -> {resigned}{result}",
                    series.totals.games_played,
                    moves
                );
            }
        }
        let totals = series.totals();
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
    let games_played = series.borrow().totals.games_played;
    match stop::reason() {
        Some(reason) => stopped(
            reason,
            format_args!("stopped after {games_played} of {} games", args.games),
        ),
        None => ExitCode::SUCCESS,
    }
}
