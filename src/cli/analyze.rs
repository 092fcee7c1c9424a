//! `tictactoe analyze`: a player's report on each position given, read
//! from standard input, or before each move of a saved game.

use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use super::args::{AnalyzeArgs, SearchArgs, position_on, position_text, read_position};
use super::checks::{
    cannot_finish, check_order_size, check_search_args, chosen_evaluation, search_name,
    warn_unused_depth,
};
use super::output::{read_saved_game, refuse, say, stopped};
use super::{learning, stop, streams};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::LearnerState;
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions, SearchSettings};
use tictactoe_engine::report::{Bound, Certainty, Iteration, Pass, Proof, SearchReport};
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::play::ask_within;
use tictactoe_tools::truth::{MAX_LINE_BYTES, read_line};
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::numbers::group;
use tictactoe_words::players::RuleWords;
use tictactoe_words::position::move_name;
use tictactoe_words::report::{ReportWords, TextStyle};

/// Analyses every position on the command line, or every line of standard
/// input. A bad position (or line) is named and skipped, and makes the exit
/// code 1; a read error stops the reading and makes it 1; no position at
/// all is a usage error (2).
pub(super) fn run(args: AnalyzeArgs) -> ExitCode {
    if args.player == PlayerKind::Human {
        return refuse("the human player cannot analyse: choose a computer player");
    }
    if !warn_unused_depth("--depth", args.player, args.depth) {
        return ExitCode::FAILURE;
    }
    let shape = match args.board.given() {
        Ok(shape) => shape,
        Err(message) => return refuse(&message),
    };
    if let Some(Err(refusal)) = shape.map(|shape| args.player.check_shape(shape)) {
        return refuse(&refusal.words());
    }
    // `--moves` is one position given as an argument.
    let moves = match args.moves.as_deref() {
        Some(columns) => match read_position(None, Some(columns), shape).1 {
            Ok(board) => Some(board),
            Err(message) => {
                say!("error: {message}");
                return ExitCode::FAILURE;
            }
        },
        None => None,
    };
    // Positions given as arguments are checked before any is analysed;
    // those read later are refused one by one.
    let sizes = args
        .positions
        .iter()
        .filter_map(|text| position_on(position_text(text), shape).ok())
        .chain(moves)
        .map(|board| board.shape());
    if let Err(message) = check_search_args(args.search, &[args.player], shape).and_then(|()| {
        sizes
            .into_iter()
            .try_for_each(|size| check_order_size(args.search, size))
    }) {
        return refuse(&message);
    }
    let evaluation = match chosen_evaluation(&args.evaluation, &[args.player], shape) {
        Ok(evaluation) => evaluation,
        Err(message) => return refuse(&message),
    };
    let options = PlayerOptions {
        difficulty: args.depth.unwrap_or_default(),
        time_limit: args.time,
        search: args.search.settings(),
        evaluation,
        ..PlayerOptions::default()
    };
    let state = match args.state.as_deref() {
        Some(path) => match learning::given_state(&[args.player], Some(path), shape) {
            Ok(state) => state,
            Err(code) => return code,
        },
        None => None,
    };
    let mut analyst = Analyst {
        kind: args.player,
        shape,
        state,
        options,
        search: args.search,
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
    } else if let (Some(board), Some(columns)) = (moves, args.moves.as_deref()) {
        if analyst
            .analyze_board(&mut out, &board, columns.trim(), Source::Argument)
            .is_err()
        {
            return ExitCode::FAILURE;
        }
    } else if !args.positions.is_empty() {
        for text in &args.positions {
            if stop::is_stopping() {
                break;
            }
            let text = position_text(text);
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
    bounds: BTreeMap<usize, Bound>,
    /// What `score` proves: "exact", "bound" or "estimate" (absent without a score).
    #[serde(skip_serializing_if = "Option::is_none")]
    certainty: Option<Certainty>,
    /// Cell index to "exact", "bound", "estimate" or (mcts) "sampled".
    certainties: BTreeMap<usize, Certainty>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    visits: BTreeMap<usize, u32>,
    /// Monte Carlo: cell index to the mean result on X's scale (-1 to 1);
    /// neural: the search's mean value, on the same scale.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    means: BTreeMap<usize, f64>,
    /// Neural: cell index to the network's prior (0 to 1, summing to 1).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    priors: BTreeMap<usize, f64>,
    /// Neural: the network's value of the position, on X's scale.
    #[serde(skip_serializing_if = "Option::is_none")]
    network_value: Option<f64>,
    pv: &'a [usize],
    depth: u32,
    nodes: u64,
    time_us: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    /// The alpha-beta family: the move order and conventions searched with.
    #[serde(skip_serializing_if = "Option::is_none")]
    settings: Option<SearchSettings>,
    /// Iterative deepening: each finished iteration's depth, value on X's
    /// scale, nodes so far and best move (from 0).
    #[serde(skip_serializing_if = "<[Iteration]>::is_empty")]
    iterations: &'a [Iteration],
    /// MTD(f)'s null windows and aspiration windows: each search of the
    /// root, its window and value on X's scale and the nodes so far.
    #[serde(skip_serializing_if = "<[Pass]>::is_empty")]
    passes: &'a [Pass],
    /// Principal variation search: the moves searched again after their
    /// null window failed high.
    #[serde(skip_serializing_if = "Option::is_none")]
    re_searches: Option<u64>,
    /// Proof-number search: the result proved for the side to move and
    /// the sizes of the proof and of its trees.
    #[serde(skip_serializing_if = "Option::is_none")]
    proof: Option<Proof>,
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
            priors: report
                .moves
                .iter()
                .filter_map(|m| m.prior.map(|prior| (m.cell, prior)))
                .collect(),
            network_value: report.network_value,
            pv: &report.pv,
            depth: report.depth,
            nodes: report.stats.nodes,
            time_us: report.elapsed_us,
            rule: report.rule.map(RuleWords::describe),
            note: report.note.as_ref().map(Words::words),
            settings: report.settings,
            iterations: &report.iterations,
            passes: &report.passes,
            re_searches: (report.algorithm == PlayerKind::Pvs).then_some(report.stats.re_searches),
            proof: report.proof,
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

/// "1 position", "1,234 positions".
fn positions_text(count: u64) -> String {
    let noun = if count == 1 { "position" } else { "positions" };
    format!("{} {noun}", group(count))
}

/// Analyses the position before every move of the saved game at `path`.
/// A file that cannot be read as a saved game is named with its problem
/// (exit code 1).
fn analyze_game(analyst: &mut Analyst, out: &mut impl Write, path: &Path) -> Result<(), ExitCode> {
    let game = read_saved_game(path, "analyse", analyst.shape)?;
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
pub(super) fn escape_bytes(bytes: &[u8], limit: usize) -> String {
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
    /// The board the board options chose, if any: every position must be
    /// on it, and on a board with gravity may be given as columns.
    shape: Option<Shape>,
    /// What the learner `kind` learned (`--state`).
    state: Option<LearnerState>,
    options: PlayerOptions,
    /// The search settings asked for, to refuse best-first order off 3x3.
    search: SearchArgs,
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
        let board = match position_on(text, self.shape) {
            Ok(board) => board,
            Err(error) => {
                let echo = escape_text(text.trim(), ECHO_CHARS);
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
            && cannot_finish(self.kind, board, self.options.difficulty.depth(), false)
        {
            self.warned = true;
            let fine = say(format_args!(
                "warning: {source}{} cannot finish this search in reasonable time \
                 ({} empty cells); give it --depth or --time",
                search_name(self.kind),
                board.empty().count_ones()
            ));
            if !fine {
                return Err(OutputClosed);
            }
        }
        if let Err(message) = check_order_size(self.search, board.shape()) {
            let echo = escape_text(echo, ECHO_CHARS);
            return self.refuse_line(format_args!("{source}position '{echo}': {message}"));
        }
        if let Err(refusal) = self.kind.check_shape(board.shape()) {
            let echo = escape_text(echo, ECHO_CHARS);
            let message = refusal.words();
            return self.refuse_line(format_args!("{source}position '{echo}': {message}"));
        }
        if let Some(learned) = self.state.as_ref().map(LearnerState::shape)
            && learned != board.shape()
        {
            let echo = escape_text(echo, ECHO_CHARS);
            return self.refuse_line(format_args!(
                "{source}position '{echo}': the state learned on a board of {}, and the \
                 position is on one of {}",
                learned.words(),
                board.shape().words()
            ));
        }
        // A new player for every position: nothing an earlier search left
        // (a table, a random generator's state) changes this one.
        let mut player = match &self.state {
            Some(state) => state.player(&self.options),
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
                    format!(
                        "Move {number}: {} played {}\n",
                        side.mark(),
                        move_name(board.shape(), cell)
                    )
                }
                _ => String::new(),
            };
            let style = TextStyle::COMMAND_LINE.on(board.shape());
            writeln!(out, "{heading}{}", report.to_text(style))
        };
        self.reported += 1;
        written.map_err(|_| OutputClosed)
    }
}
