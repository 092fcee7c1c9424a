//! Compare: several players decide one position, one after another, each
//! at its own difficulty; one row per player says what it chose, what the
//! choice is worth, what the search cost, and whether the move is optimal.
//!
//! - **Optimal** means the move keeps the best result the position allows:
//!   it wins where a win can be forced, draws where the best is a draw
//!   (in a lost position every move is optimal). Slower wins count as
//!   optimal too; the row's `move_value` tells how fast. It is checked
//!   against the game's exact values: on 3x3 the perfect player's table,
//!   on a board with gravity the opening book or the solver, on the other
//!   big boards a full-depth `alphabeta-tt` search of the position
//!   and of the position after the chosen move, each of which has to
//!   finish within the reference time limit (else the answer is unknown).
//! - **Effective branching factor**: `nodes^(1/depth)`, the branching a
//!   uniform tree of the search's depth would need to hold as many nodes
//!   as the search entered. Plain minimax shows the game's real branching
//!   (about the number of free cells, less as the board fills up); pruning
//!   and the table push it down. Only for players that search to a depth
//!   (none for random, rules, Monte Carlo or a table lookup). For
//!   iterative deepening the nodes of every iteration count, so it
//!   includes the cost of deepening.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::csv;
use crate::play::ask_within;
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::evaluation::{Evaluation, NamedEvaluation};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::opening_book::OpeningBook;
use tictactoe_engine::player_kind::UnknownPlayer;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::players::PerfectTable;
use tictactoe_engine::report::{Certainty, SearchReport};
use tictactoe_engine::score::win_score;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{Solver, Strength};
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::evaluation::evaluation_label;
use tictactoe_words::i18n::gettext;
use tictactoe_words::position::describe_score;
use tictactoe_words::report::ReportWords;
use tictactoe_words::report::{TextStyle, describe_player};

/// A player at a difficulty, as compare and tournaments run it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contender {
    pub kind: PlayerKind,
    /// Its difficulty, seed, playouts and time limit. In a comparison the
    /// time limit bounds its search: alphabeta-tt and perfect keep their
    /// deepest depth finished in time, any other player is stopped and its
    /// row marked aborted. Tournaments give every game its own seeds.
    pub options: PlayerOptions,
}

impl Contender {
    /// `kind` at `difficulty`, with the default options otherwise.
    pub fn new(kind: PlayerKind, difficulty: Difficulty) -> Contender {
        Contender {
            kind,
            options: PlayerOptions {
                difficulty,
                ..PlayerOptions::default()
            },
        }
    }

    /// Every computer player (all but the human), at `difficulty`, in the
    /// pickers' order.
    pub fn computer_players(difficulty: Difficulty) -> Vec<Contender> {
        PlayerKind::NON_LEARNERS
            .into_iter()
            .filter(|&kind| kind != PlayerKind::Human)
            .map(|kind| Contender::new(kind, difficulty))
            .collect()
    }

    /// Its name with its strength: "alphabeta, depth 4", "alphabeta-tt, full
    /// depth", "random" (players without a depth have none); display names
    /// in the window's style.
    /// With an evaluation chosen, its name after the strength:
    /// "alphabeta-tt, depth 4, threats".
    pub fn label(&self, shape: Shape, style: TextStyle) -> String {
        let player = describe_player(self.kind, self.options.difficulty, shape, style);
        match self.chosen_evaluation() {
            Some(evaluation) => format!("{player}, {}", evaluation_label(evaluation, style)),
            None => player,
        }
    }

    /// The evaluation chosen for it, as JSON and CSV name it: "threats",
    /// "own weights" for a weights file's; `None` where it plays with the
    /// board's own (or evaluates nothing).
    pub fn evaluation_name(&self) -> Option<String> {
        self.chosen_evaluation()
            .map(|evaluation| evaluation_label(evaluation, TextStyle::COMMAND_LINE))
    }

    /// Whether it plays as `other` does on a board of `shape`: the same
    /// player and strength, evaluating with the same weights (the board's
    /// own alike whether chosen or not).
    pub fn plays_as(&self, other: &Contender, shape: Shape) -> bool {
        let evaluation = |contender: &Contender| {
            contender
                .kind
                .uses_depth()
                .then(|| Evaluation::chosen_or_default(contender.options.evaluation, shape))
        };
        describe_player(self.kind, self.options.difficulty, shape, TextStyle::WINDOW)
            == describe_player(
                other.kind,
                other.options.difficulty,
                shape,
                TextStyle::WINDOW,
            )
            && evaluation(self) == evaluation(other)
    }

    /// The first contender of `contenders` that plays as an earlier one on
    /// a board of `shape` (`plays_as`): its index, if any.
    pub fn first_repeated(contenders: &[Contender], shape: Shape) -> Option<usize> {
        (1..contenders.len()).find(|&index| {
            contenders[..index]
                .iter()
                .any(|earlier| contenders[index].plays_as(earlier, shape))
        })
    }

    /// The evaluation chosen, for a player that evaluates at a horizon.
    fn chosen_evaluation(&self) -> Option<Evaluation> {
        self.options.evaluation.filter(|_| self.kind.uses_depth())
    }

    pub fn family(&self) -> Family {
        Family::of(self.kind)
    }

    /// A player's short name, optionally with a difficulty and then an
    /// evaluation after colons: "alphabeta", "alphabeta:4",
    /// "minimax:medium", "alphabeta-tt:4:threats". Without a difficulty it
    /// plays at `difficulty`, without an evaluation with the board's own.
    /// Refused: the human, empty parts, a depth for a player without one,
    /// an evaluation for a player that evaluates no horizon, and names no
    /// evaluation has.
    pub fn parse(text: &str, difficulty: Difficulty) -> Result<Contender, String> {
        let echo = || escape_text(text, ECHO_CHARS);
        let parts: Vec<&str> = text.split(':').map(str::trim).collect();
        if parts.len() > 3 {
            return Err(format!(
                "'{}': too many parts: give name[:depth[:evaluation]]",
                echo()
            ));
        }
        if parts.contains(&"") {
            return Err(format!(
                "'{}': an empty part: give name[:depth[:evaluation]]",
                echo()
            ));
        }
        let name = parts[0];
        let kind = name.parse::<PlayerKind>().map_err(|_| {
            let computers = PlayerKind::ALL
                .into_iter()
                .filter(|&kind| kind != PlayerKind::Human)
                .collect();
            UnknownPlayer {
                name: name.to_owned(),
                offered: computers,
            }
            .words()
        })?;
        if kind == PlayerKind::Human {
            return Err("the human player cannot take part: choose computer players".into());
        }
        let own = match parts.get(1) {
            Some(own) => Some(own.parse::<Difficulty>().map_err(|error| error.words())?),
            None => None,
        };
        if own.is_some() && !kind.uses_difficulty() {
            return Err(format!("'{}': {} has no search depth", echo(), kind.name()));
        }
        let mut contender = Contender::new(kind, own.unwrap_or(difficulty));
        if let Some(evaluation) = parts.get(2) {
            if !kind.uses_depth() {
                return Err(format!(
                    "'{}': {} has no evaluation: only the depth-limited searches \
                     (minimax, alphabeta, alphabeta-tt, alphabeta-random, pvs, mtdf) \
                     evaluate positions at their horizon",
                    echo(),
                    kind.name()
                ));
            }
            let named = evaluation
                .parse::<NamedEvaluation>()
                .map_err(|error| format!("'{}': {}", echo(), error.words()))?;
            contender.options.evaluation = Some(named.evaluation());
        }
        Ok(contender)
    }
}

/// `Contender::parse` at full depth.
impl FromStr for Contender {
    type Err = String;

    fn from_str(text: &str) -> Result<Contender, String> {
        Contender::parse(text, Difficulty::Hard)
    }
}

/// The kind of algorithm a player is; the charts colour by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    /// Plain minimax, without pruning.
    Minimax,
    /// Alpha-beta and its variants (ordering and table, random among best).
    AlphaBeta,
    /// Monte Carlo tree search.
    Mcts,
    /// The perfect player's table lookup.
    Table,
    /// Proof-number search: solves the position, with no depth and no
    /// score.
    #[serde(rename = "proof-number")]
    ProofNumber,
    /// Players that do not search: random, rules, the human, and the
    /// learners that look their move up.
    Other,
}

impl Family {
    pub const ALL: [Family; 6] = [
        Family::Minimax,
        Family::AlphaBeta,
        Family::Mcts,
        Family::Table,
        Family::ProofNumber,
        Family::Other,
    ];

    pub fn of(kind: PlayerKind) -> Family {
        match kind {
            PlayerKind::Minimax => Family::Minimax,
            PlayerKind::AlphaBeta
            | PlayerKind::AlphaBetaTt
            | PlayerKind::AlphaBetaRandom
            | PlayerKind::Pvs
            | PlayerKind::Mtdf => Family::AlphaBeta,
            // A tree search too, guided by a network instead of playouts.
            PlayerKind::Mcts | PlayerKind::Neural => Family::Mcts,
            PlayerKind::Perfect => Family::Table,
            PlayerKind::Pns => Family::ProofNumber,
            PlayerKind::Human
            | PlayerKind::Random
            | PlayerKind::Rules
            | PlayerKind::Menace
            | PlayerKind::Td => Family::Other,
        }
    }

    /// Stable short name, as JSON and CSV write it: "alphabeta".
    pub fn name(self) -> &'static str {
        match self {
            Family::Minimax => "minimax",
            Family::AlphaBeta => "alphabeta",
            Family::Mcts => "mcts",
            Family::Table => "table",
            Family::ProofNumber => "proof-number",
            Family::Other => "other",
        }
    }

    /// The name people read, in their language (a chart's legend).
    pub fn display_name(self) -> String {
        match self {
            Family::Minimax => gettext("Plain minimax"),
            Family::AlphaBeta => gettext("Alpha-beta variants"),
            Family::Mcts => gettext("Monte Carlo"),
            Family::Table => gettext("Table lookup"),
            Family::ProofNumber => gettext("Proof-number search"),
            Family::Other => gettext("No search"),
        }
    }
}

/// Whether a chosen move keeps the best result the position allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Optimality {
    Optimal,
    Suboptimal,
    /// No exact reference in time, or no move chosen.
    Unknown,
}

impl Optimality {
    /// Stable short name, as JSON and CSV write it: "optimal".
    pub fn name(self) -> &'static str {
        match self {
            Optimality::Optimal => "optimal",
            Optimality::Suboptimal => "suboptimal",
            Optimality::Unknown => "unknown",
        }
    }

    /// In the user's language: "yes", "no", "unknown".
    pub fn display_name(self) -> String {
        match self {
            Optimality::Optimal => gettext("yes"),
            Optimality::Suboptimal => gettext("no"),
            Optimality::Unknown => gettext("unknown"),
        }
    }
}

/// How a comparison is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompareSettings {
    /// Off 3x3, each exact reference search (the solver on a board with
    /// gravity, elsewhere `alphabeta-tt` to full depth) stops here, and
    /// the optimal flags it would decide are unknown.
    pub reference_time_limit: Duration,
}

/// The solver's table for one reference value.
const REFERENCE_TABLE_BYTES: usize = 16 << 20;

/// The reference search's limit by default.
pub const REFERENCE_TIME_LIMIT: Duration = Duration::from_secs(10);

impl Default for CompareSettings {
    fn default() -> CompareSettings {
        CompareSettings {
            reference_time_limit: REFERENCE_TIME_LIMIT,
        }
    }
}

/// The position's exact value, which the optimal flags are checked against.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reference {
    /// `perfect` on 3x3 and on boards with gravity (there the solver),
    /// `alphabeta-tt` elsewhere.
    pub player: PlayerKind,
    /// The game's value, Max's point of view.
    pub value: i32,
    /// The value in words: "X wins in 3 moves", "draw".
    pub words: String,
}

/// One player's decision in a comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompareRow {
    /// The player and its options.
    #[serde(skip)]
    pub contender: Contender,
    /// The command line's label: "alphabeta, depth 4".
    pub label: String,
    pub player: PlayerKind,
    pub difficulty: Difficulty,
    /// The evaluation chosen for it (`Contender::evaluation_name`); `None`
    /// for the board's own.
    pub evaluation: Option<String>,
    pub family: Family,
    /// The chosen cell (from 0), if any.
    #[serde(rename = "move")]
    pub best: Option<usize>,
    /// The chosen move's score, Max's point of view, for players that
    /// score moves.
    pub score: Option<i32>,
    /// The score in words: "X wins in 3 moves (995)", "X better
    /// (estimate, +3)" (the report's own words, in the user's language).
    pub value: Option<String>,
    pub nodes: u64,
    pub time_us: u64,
    pub nodes_per_second: u64,
    /// Beta cutoffs, for the algorithms that cut off (the alpha-beta family).
    pub cutoffs: Option<u64>,
    /// Transposition table hits and probes, for the players with a table.
    pub table_hits: Option<u64>,
    pub table_probes: Option<u64>,
    /// Deepest completed search depth in plies (0 where nothing is searched).
    pub depth: u32,
    /// `nodes^(1/depth)`; see the module's documentation.
    pub branching_factor: Option<f64>,
    pub optimal: Optimality,
    /// The chosen move's exact value by the reference, Max's point of view.
    pub move_value: Option<i32>,
    /// The search was stopped by its time limit before it chose a move.
    pub aborted: bool,
    /// The player failed (a bug); the row has no move then.
    pub error: Option<String>,
    /// The whole report, for a detailed view.
    #[serde(skip)]
    pub report: Option<SearchReport>,
}

/// Why a comparison cannot start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompareError {
    /// The position is won or full: there is no move to choose.
    GameOver,
    NoPlayers,
    /// The human player was among the contenders.
    Human,
}

impl fmt::Display for CompareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            CompareError::GameOver => {
                gettext("the game is over in this position: no move to compare")
            }
            CompareError::NoPlayers => gettext("no players to compare"),
            CompareError::Human => {
                gettext("the human player cannot take part: choose computer players")
            }
        })
    }
}

impl std::error::Error for CompareError {}

/// A finished (or cancelled) comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// The position, as `x.o/.x./..o`.
    pub position: String,
    pub to_move: Side,
    pub size: Shape,
    /// The exact value checked against, when known in time.
    pub reference: Option<Reference>,
    /// One row per contender that finished, in the contenders' order.
    pub rows: Vec<CompareRow>,
    /// Cancelled before every contender had decided.
    pub cancelled: bool,
}

/// The CSV's columns, in order.
pub const CSV_COLUMNS: [&str; 19] = [
    "label",
    "player",
    "difficulty",
    "evaluation",
    "family",
    "move",
    "score",
    "value",
    "nodes",
    "time_us",
    "nodes_per_second",
    "cutoffs",
    "table_hits",
    "table_probes",
    "depth",
    "branching_factor",
    "optimal",
    "aborted",
    "error",
];

impl Comparison {
    /// Runs `contenders` on `board`, one after another in the calling
    /// thread, each a freshly built player; calls `on_row` with each
    /// row's index and the row as it finishes. Once `cancel` is set the
    /// running search stops, its row is dropped, and the comparison
    /// returns with the rows finished so far, `cancelled` set.
    pub fn run(
        board: &Board,
        contenders: &[Contender],
        settings: &CompareSettings,
        cancel: &CancelFlag,
        mut on_row: impl FnMut(usize, &CompareRow),
    ) -> Result<Comparison, CompareError> {
        if board.outcome() != Outcome::Ongoing {
            return Err(CompareError::GameOver);
        }
        if contenders.is_empty() {
            return Err(CompareError::NoPlayers);
        }
        if contenders.iter().any(|c| c.kind == PlayerKind::Human) {
            return Err(CompareError::Human);
        }
        let mut referee = Referee::new(*board, settings.reference_time_limit);
        let mut comparison = Comparison {
            position: board.to_string(),
            to_move: board.side_to_move(),
            size: board.shape(),
            reference: None,
            rows: Vec::with_capacity(contenders.len()),
            cancelled: false,
        };
        for contender in contenders {
            if cancel.is_cancelled() {
                break;
            }
            let mut player = contender.kind.create(&contender.options);
            // The deepening players keep their deepest search within the
            // limit themselves; any other is stopped when it runs out.
            let stop_at = if contender.kind.deepens_iteratively() {
                None
            } else {
                contender.options.time_limit
            };
            let asked = ask_within(player.as_mut(), board, cancel, stop_at);
            if cancel.is_cancelled() {
                break;
            }
            let mut row = CompareRow::new(*contender, board.shape(), asked);
            if let Some(cell) = row.best {
                let (optimal, move_value) = referee.judge(cell, cancel);
                row.optimal = optimal;
                row.move_value = move_value;
            }
            on_row(comparison.rows.len(), &row);
            comparison.rows.push(row);
        }
        comparison.cancelled = comparison.rows.len() < contenders.len();
        if !comparison.cancelled {
            // Shown even when no player chose a move.
            referee.root_value(cancel);
        }
        comparison.reference = referee.reference();
        Ok(comparison)
    }

    /// As one JSON object: the position, side to move, size, reference,
    /// rows and whether it was cancelled.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("plain data serialises")
    }

    /// As CSV: a header (`CSV_COLUMNS`), then one record per row. Numbers
    /// are plain (no thousands separators, a '.' for decimals), absent
    /// values empty.
    pub fn to_csv(&self) -> String {
        let mut text = csv::record(CSV_COLUMNS);
        for row in &self.rows {
            text.push_str(&csv::record([
                row.label.clone(),
                row.player.name().to_owned(),
                row.difficulty.name(),
                row.evaluation.clone().unwrap_or_default(),
                row.family.name().to_owned(),
                csv::optional(row.best),
                csv::optional(row.score),
                row.value.clone().unwrap_or_default(),
                row.nodes.to_string(),
                row.time_us.to_string(),
                row.nodes_per_second.to_string(),
                csv::optional(row.cutoffs),
                csv::optional(row.table_hits),
                csv::optional(row.table_probes),
                row.depth.to_string(),
                csv::optional(row.branching_factor.map(|b| format!("{b:.3}"))),
                row.optimal.name().to_owned(),
                row.aborted.to_string(),
                row.error.clone().unwrap_or_default(),
            ]));
        }
        text
    }
}

impl CompareRow {
    /// The node rate worth showing: none for a search of no node (a table
    /// lookup), nor for one too short (under 100 µs) for its rate to mean
    /// much.
    pub fn shown_rate(&self) -> Option<u64> {
        (self.nodes > 0 && self.time_us >= 100).then_some(self.nodes_per_second)
    }

    fn new(contender: Contender, shape: Shape, asked: Result<SearchReport, String>) -> CompareRow {
        let mut row = CompareRow {
            contender,
            label: contender.label(shape, TextStyle::COMMAND_LINE),
            player: contender.kind,
            difficulty: contender.options.difficulty,
            evaluation: contender.evaluation_name(),
            family: contender.family(),
            best: None,
            score: None,
            value: None,
            nodes: 0,
            time_us: 0,
            nodes_per_second: 0,
            cutoffs: None,
            table_hits: None,
            table_probes: None,
            depth: 0,
            branching_factor: None,
            optimal: Optimality::Unknown,
            move_value: None,
            aborted: false,
            error: None,
            report: None,
        };
        let report = match asked {
            Ok(report) => report,
            Err(message) => {
                row.error = Some(message);
                return row;
            }
        };
        row.aborted = report.aborted;
        if !report.aborted {
            row.best = report.best;
            row.score = report.score;
            row.value = report.score_in_words();
        }
        let stats = report.stats;
        row.nodes = stats.nodes;
        row.time_us = report.elapsed_us;
        row.nodes_per_second = report.nodes_per_second();
        row.cutoffs = report.algorithm.uses_cutoffs().then_some(stats.cutoffs);
        row.table_hits = report.algorithm.uses_table().then_some(stats.tt_hits);
        row.table_probes = report.algorithm.uses_table().then_some(stats.tt_probes);
        row.depth = report.depth;
        if report.algorithm.uses_depth() {
            row.branching_factor = branching_factor(stats.nodes, report.depth);
        }
        row.report = Some(report);
        row
    }
}

/// `nodes^(1/depth)`, for a search that entered nodes to a depth.
pub fn branching_factor(nodes: u64, depth: u32) -> Option<f64> {
    (nodes > 0 && depth > 0).then(|| (nodes as f64).powf(1.0 / f64::from(depth)))
}

/// The game value of `board` (Max's view): the perfect table's on 3x3, on
/// a board with gravity the opening book's or the solver's, a full-depth
/// `alphabeta-tt` search's elsewhere, or `None` if that did not finish
/// within `time_limit` (or `cancel` stopped it).
pub fn exact_value(board: &Board, time_limit: Duration, cancel: &CancelFlag) -> Option<i32> {
    match board.outcome() {
        Outcome::Won(winner, _) => return Some(win_score(winner, board.stone_count())),
        Outcome::Draw => return Some(0),
        Outcome::Ongoing => {}
    }
    if board.shape() == Shape::TIC_TAC_TOE {
        return PerfectTable::global().value(board);
    }
    if board.shape().gravity() {
        let side = board.side_to_move();
        if let Some(moves) = OpeningBook::lookup(board) {
            return moves
                .into_iter()
                .map(|(_, value)| value)
                .max_by_key(|&value| side.sign() * value);
        }
        let mut solver = Solver::with_table_bytes(REFERENCE_TABLE_BYTES);
        let deadline = Instant::now() + time_limit;
        return solver
            .solve_before(board, Strength::Strong, cancel, deadline)?
            .score();
    }
    let mut player = PlayerKind::AlphaBetaTt.create(&PlayerOptions::default());
    let report = ask_within(player.as_mut(), board, cancel, Some(time_limit)).ok()?;
    match (report.aborted, report.certainty) {
        (false, Some(Certainty::Exact)) => report.score,
        _ => None,
    }
}

/// Knows the position's exact value and the chosen moves', searching each
/// at most once.
struct Referee {
    board: Board,
    time_limit: Duration,
    /// The root's exact value once asked; `None` inside when unknown.
    root: Option<Option<i32>>,
    /// Each chosen cell's exact value, Max's view.
    moves: HashMap<usize, Option<i32>>,
}

impl Referee {
    fn new(board: Board, time_limit: Duration) -> Referee {
        Referee {
            board,
            time_limit,
            root: None,
            moves: HashMap::new(),
        }
    }

    fn player(&self) -> PlayerKind {
        let shape = self.board.shape();
        if shape == Shape::TIC_TAC_TOE || shape.gravity() {
            PlayerKind::Perfect
        } else {
            PlayerKind::AlphaBetaTt
        }
    }

    /// Whether `cell` keeps the position's best result, and its exact value.
    fn judge(&mut self, cell: usize, cancel: &CancelFlag) -> (Optimality, Option<i32>) {
        let Some(root) = self.root_value(cancel) else {
            // Nothing to compare with: no need to search the move.
            return (Optimality::Unknown, None);
        };
        let move_value = match self.moves.get(&cell) {
            Some(&value) => value,
            None => {
                let mut after = self.board;
                after.toggle(cell, self.board.side_to_move());
                let value = exact_value(&after, self.time_limit, cancel);
                if !cancel.is_cancelled() {
                    self.moves.insert(cell, value);
                }
                value
            }
        };
        let optimality = match move_value {
            Some(value) => {
                // The result for the mover: 1 win, 0 draw, -1 loss.
                let result = |value: i32| (self.board.side_to_move().sign() * value).signum();
                if result(value) >= result(root) {
                    Optimality::Optimal
                } else {
                    Optimality::Suboptimal
                }
            }
            _ => Optimality::Unknown,
        };
        (optimality, move_value)
    }

    /// The position's exact value, searched once.
    fn root_value(&mut self, cancel: &CancelFlag) -> Option<i32> {
        match self.root {
            Some(root) => root,
            None => {
                let root = exact_value(&self.board, self.time_limit, cancel);
                // A cancelled search says nothing: ask again next time.
                if !cancel.is_cancelled() {
                    self.root = Some(root);
                }
                root
            }
        }
    }

    fn reference(&self) -> Option<Reference> {
        let value = self.root.flatten()?;
        Some(Reference {
            player: self.player(),
            value,
            words: describe_score(value, self.board.stone_count()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proof_number_search_is_a_family_of_its_own_named_alike_everywhere() {
        assert_eq!(Family::of(PlayerKind::Pns), Family::ProofNumber);
        assert_eq!(Family::ProofNumber.display_name(), "Proof-number search");
        for family in Family::ALL {
            let json = serde_json::to_string(&family).unwrap();
            assert_eq!(json, format!("\"{}\"", family.name()));
        }
        // The players that search are never said not to.
        for kind in PlayerKind::ALL {
            if kind.uses_depth() || kind == PlayerKind::Pns || kind == PlayerKind::Mcts {
                assert_ne!(Family::of(kind), Family::Other, "{kind}");
            }
        }
    }

    #[test]
    fn contenders_read_from_names_with_optional_depths() {
        let contender: Contender = "alphabeta:4".parse().unwrap();
        assert_eq!(contender.kind, PlayerKind::AlphaBeta);
        assert_eq!(contender.options.difficulty, Difficulty::Depth(4));
        assert_eq!(
            contender.label(Shape::TIC_TAC_TOE, TextStyle::COMMAND_LINE),
            "alphabeta, depth 4"
        );
        let contender: Contender = "mcts".parse().unwrap();
        assert_eq!(
            contender.label(Shape::TIC_TAC_TOE, TextStyle::COMMAND_LINE),
            "mcts"
        );
        assert_eq!(contender.family(), Family::Mcts);
        assert!(
            "mcts:3"
                .parse::<Contender>()
                .unwrap_err()
                .contains("no search depth")
        );
        assert!("human".parse::<Contender>().unwrap_err().contains("human"));
        assert!(
            "alphabeta:0"
                .parse::<Contender>()
                .unwrap_err()
                .contains("unknown depth")
        );
        // Every player that does not learn, but a person.
        let computers = Contender::computer_players(Difficulty::Hard);
        assert_eq!(computers.len(), PlayerKind::NON_LEARNERS.len() - 1);
        assert!(computers.iter().all(|c| c.kind != PlayerKind::Human));
    }

    #[test]
    fn the_branching_factor_is_the_depth_th_root_of_the_nodes() {
        assert_eq!(
            branching_factor(1000, 3).map(|b| (b * 1e6).round()),
            Some(10e6)
        );
        assert_eq!(branching_factor(0, 3), None);
        assert_eq!(branching_factor(10, 0), None);
    }
}
