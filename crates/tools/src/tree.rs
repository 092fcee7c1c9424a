//! Recording a search: the tree a search player visited, node by node, in
//! the order it visited them.
//!
//! # How it is recorded
//!
//! Every searching player is recorded by running its own search with a
//! hook (`search::Hook`: enter, leaf, cutoff, table hit, leave, with no-op
//! defaults). The players pass `()`, a zero-sized value whose empty methods
//! compile away; the recorder passes a shared reference to its `Tape`. So
//! the recorded search is the real one, root loop (`search_root`) and all:
//! `minimax` (its hand-tuned recursion included), `alphabeta`,
//! `alphabeta-tt` (static move order, the table's move first, table hits
//! as `NodeEnding::TableHit`), `alphabeta-random` (alphabeta-tt below a root
//! that searches every move in the full window) and `perfect` off 3x3:
//! on the boards with gravity the fast solver takes (all but 8x8), the
//! solver's search (`Solver::trace`: its null-window passes over the
//! scores as MTD(f)'s, a node per pass; the positions it settles without
//! a search end `NoSafeMove` or `Bounded`; its values on the app's
//! scale), elsewhere the `alphabeta-tt` it searches with (on 3x3 it looks
//! its moves up and does not search). Monte Carlo (`mcts`) is recorded from
//! the tree it keeps, after the search. `crates/tools/tests/tree.rs` holds every
//! recording to the players' reports on every open 3x3 position and on
//! sampled 4x4/5x5 ones: the same node count as `stats.nodes`, the same
//! root scores and bounds.
//!
//! The hooks cost the players nothing measurable: `()`'s empty methods
//! compile away, provided minimax's `negamax` stays out of line
//! (`#[inline(never)]`); the instruction counts are in benches/RESULTS.md.
//!
//! Recording costs up to about two and a half times the search
//! (benches/engine.rs, the "recorded" groups; figures in
//! benches/RESULTS.md): the tape is a `RefCell` the hook borrows at each
//! call, a leaf is one 16-byte push, an inner node a push and an entry on
//! the stack of open nodes.
//!
//! # What is recorded
//!
//! `SearchTree::record` records the search of a freshly built player for
//! its first move, with no time limit: one search straight to the depth,
//! with a fresh transposition table. `SearchTree::record_report` runs
//! again exactly the search a report describes: its algorithm, position
//! and depth, and for Monte Carlo its playouts (`stats.leaf_evals`) from
//! the seed the search ran from (`replay_seed`). A search under a time
//! limit (iterative deepening, as the window's hints use) is recorded as
//! one search to the depth it finished: its node count is that search's,
//! smaller than the report's, which adds up every shallower iteration
//! (`SearchTree::logged` keeps the report's count, to say both).
//! Both recordings poll a `CancelFlag` and give up with
//! `RecordError::Cancelled`.
//!
//! `expand` runs the whole search again and keeps only the subtree asked
//! for: the searches are deterministic, but what a transposition table
//! holds at a node depends on everything searched before it, so a subtree
//! cannot be searched on its own.
//!
//! # Conventions
//!
//! A node is a position entered by a move (the root is the position
//! searched). Its value and its window `(alpha, beta)` are in the negamax
//! view of the side that made the move, as the search loop of its parent
//! sees them: the value the parent's loop got for that move, the window the
//! parent's loop had when it tried it. (The root, which no move led to,
//! is seen the same way, from the side that moved last.) So a node's value
//! is minus the largest of its children's values (a table hit's is the
//! table's score, negated for the mover), and its bound is read off its
//! window as `search_root` reads the root moves': at or below alpha an
//! upper bound (the child failed high), at or above beta a lower bound (the
//! child failed low), else exact; the report's Max-view bound is
//! `bound.for_mover(mover)`. Plain minimax searches every node in the full
//! window.
//!
//! Monte Carlo has no windows (`SearchTree::has_windows` is false): a
//! node's `subtree_nodes` is its visits (playouts through it), its `value`
//! the mean result for the mover in thousandths (-1000 lost, 0 drawn, 1000
//! won), its window the full one and its bound exact. Its endings are
//! `Won`/`Drawn` (final positions), `Expanded` (with children: the moves
//! selected from it, in cell order; `pruned` gives the moves never
//! selected) and `Playout` (a leaf of the tree where random playouts
//! started). A node's visits are its children's plus the one playout that
//! started there when it was a leaf (none at the root).
//!
//! The neural player (`neural`) is recorded like Monte Carlo, from the
//! tree its PUCT search keeps: a node's `subtree_nodes` is its visits (its
//! own evaluation included), its `value` the mean value for the mover in
//! thousandths; a leaf the network evaluated ends `Horizon`. Having no
//! window, its `alpha` and `beta` hold the network's prior for the move and
//! the move's PUCT score as its parent last saw it, both in thousandths
//! (`SearchTree::prior`, `SearchTree::puct`). Its search needs the network:
//! `SearchTree::record_guided` is given it, `record` uses a fresh one.
//!
//! Proof-number search (`pns`) is recorded from the proof tree it keeps
//! (`PnsPlayer::search_with_tree`): the tree of the question that decided
//! its report, "does the side to move win?" when it does, else "does the
//! opponent win?" (proved: a loss; disproved: a draw, and that disproof
//! holds the drawing move). `SearchTree::proof_question` names the side
//! asked about. The tree of the question asked first on a draw or a loss
//! is not kept: the report's `proof.tree_nodes` counts both trees, the
//! root's `subtree_nodes` this one (the same when the side to move wins),
//! `nodes_searched` the report's `stats.nodes` (the positions made below
//! both roots). Nodes come in visit order, a node and then its children's
//! subtrees in cell order, and a node's `subtree_nodes` is the size of its
//! subtree in the proof tree. Having no window, its `alpha` and `beta` hold
//! its proof and disproof numbers (`SearchTree::proof_numbers`: 16 bits
//! each, capped at `PROOF_NUMBER_CAP`, and `pns::UNREACHABLE` for a node
//! settled the other way), its `value` the answer so far (1000 proved,
//! -1000 disproved, 0 open). Its endings are `Won`/`Drawn` (the game ends
//! there), `Expanded` (with children; `pruned` gives the moves that got
//! none: symmetric to an earlier one, or not the block a threat forces)
//! and `Horizon` (a leaf never expanded: settled by its lines or by a
//! position settled before, or numbered from its lines). Stopped at its
//! node limit, the tree is the unfinished one it was growing.

use std::cell::RefCell;
use std::fmt;

use std::sync::Arc;
use tictactoe_engine::board::{Board, BoardError, Outcome, Side};
use tictactoe_engine::geometry::{MAX_CELLS, Shape};

use tictactoe_engine::evaluation::{Evaluation, LineCounts, ordered_moves};
use tictactoe_engine::learners::network::Network;
use tictactoe_engine::learners::neural::{self, Ending};
use tictactoe_engine::learners::{Learner, LearnerState};
use tictactoe_engine::player_kind::{
    Difficulty, MoveOrder, PlayerKind, PlayerOptions, SearchSettings,
};
use tictactoe_engine::players::mcts::{self, MctsPlayer, Terminal};
use tictactoe_engine::players::pns::{self, PnsPlayer, ProofTree};
use tictactoe_engine::players::{
    AlphaBetaPlayer, AlphaBetaRandomPlayer, AlphaBetaTtPlayer, MinimaxPlayer, MtdfPlayer,
    PvsPlayer, root_order,
};
use tictactoe_engine::report::{Bound, SearchReport};
use tictactoe_engine::score::INFINITY;
use tictactoe_engine::search::{CancelFlag, Hook, NodeEnding, effective_depth};
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver, Strength};
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::report::TextStyle;

/// Nodes kept by default: about 61 MiB at 16 bytes a node.
pub const DEFAULT_BUDGET: usize = 4_000_000;

/// One visited position, 16 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    value: i16,
    alpha: i16,
    beta: i16,
    /// The cell of the move that led here; `NO_CELL` at the root.
    cell: u8,
    /// Bits 0-4 the ending and the bound (`outcome_bits`), 5 the side to move (Min), 6
    /// set when the children were not recorded (over the budget), 7 set
    /// for a move searched again after its null window failed high.
    flags: u8,
    /// One past the last stored node of this subtree (stored in visit
    /// order, so the first child is the next node, its next sibling starts
    /// at the child's `end`).
    end: u32,
    /// Positions in the subtree searched, this one included (saturates).
    count: u32,
}

const NO_CELL: u8 = u8::MAX;
/// The cell of a pass node: the root searched in a window of its own.
const PASS_CELL: u8 = u8::MAX - 1;
/// The cell of an iteration node: the root searched one move deeper.
const ITERATION_CELL: u8 = u8::MAX - 2;
const NOT_RECORDED: u8 = 1 << 6;
const MIN_TO_MOVE: u8 = 1 << 5;
const RE_SEARCHED: u8 = 1 << 7;
/// The bits of a node's ending and bound.
const OUTCOME_MASK: u8 = 31;

/// A node's ending and bound (`bound_bits`) in five bits: ten endings of
/// three bounds each.
fn outcome_bits(ending: NodeEnding, bound: u8) -> u8 {
    ending as u8 * 3 + bound
}

/// A step of a path from the root: the cell of a move, `PASS_CELL` or
/// `ITERATION_CELL`, in
/// the low byte; above it, how many siblings with that cell came before
/// (a move searched again, a later pass).
fn step(cell: u8, occurrence: u32) -> usize {
    cell as usize | (occurrence as usize) << 8
}

/// The cell and occurrence of a `step`.
fn split_step(step: usize) -> (u8, u32) {
    (step as u8, (step >> 8) as u32)
}

/// The moves along `steps` (passes make none).
fn moves_of(steps: &[usize]) -> impl Iterator<Item = usize> + '_ {
    steps
        .iter()
        .map(|&step| split_step(step).0)
        .filter(|&cell| cell < ITERATION_CELL)
        .map(usize::from)
}

impl Node {
    /// The move that led here (`None` at the root, for a pass and for an
    /// iteration).
    pub fn cell(&self) -> Option<usize> {
        (self.cell < ITERATION_CELL).then_some(self.cell as usize)
    }

    /// True for an iteration of a deepening search: the root searched to
    /// the next depth, as its child. Its value, window and side are the
    /// root's.
    pub fn is_iteration(&self) -> bool {
        self.cell == ITERATION_CELL
    }

    /// True for a pass or an iteration: the root's position searched again,
    /// not a move.
    pub fn is_root_again(&self) -> bool {
        self.cell == PASS_CELL || self.cell == ITERATION_CELL
    }

    /// True for a pass of MTD(f) (or an aspiration window's try): the
    /// root searched again with the window `window`, as its child. Its
    /// value, window and side are the root's.
    pub fn is_pass(&self) -> bool {
        self.cell == PASS_CELL
    }

    /// True for a move searched a second time, in the full window, after
    /// its null-window search failed high (principal variation search).
    pub fn re_searched(&self) -> bool {
        self.flags & RE_SEARCHED != 0
    }

    /// The value for the side that moved here (Monte Carlo: the mean
    /// result, -1000 to 1000).
    pub fn value(&self) -> i32 {
        self.value as i32
    }

    /// The window the move was searched in, for the side that moved here.
    pub fn window(&self) -> (i32, i32) {
        (self.alpha as i32, self.beta as i32)
    }

    /// Exact, or the side of the window the value left it on.
    pub fn bound(&self) -> Bound {
        match (self.flags & OUTCOME_MASK) % 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }

    /// Why the search of this node ended.
    pub fn ending(&self) -> NodeEnding {
        NodeEnding::ALL[((self.flags & OUTCOME_MASK) / 3) as usize]
    }

    /// The side to move in this position.
    pub fn side_to_move(&self) -> Side {
        if self.flags & MIN_TO_MOVE != 0 {
            Side::Min
        } else {
            Side::Max
        }
    }

    /// False when the budget ran out above this node's children: they were
    /// searched (see `subtree_nodes`) but not kept.
    pub fn recorded(&self) -> bool {
        self.flags & NOT_RECORDED == 0
    }

    /// Positions searched in this subtree, this one included (Monte
    /// Carlo: the playouts through this node). A move searched again
    /// counts only the positions below it, its null-window search the
    /// position itself; a pass counts the positions its search entered.
    pub fn subtree_nodes(&self) -> u64 {
        self.count as u64
    }

    /// A node that ended so, reached by a move of `side`'s opponent
    /// (`side` to move), kept with its children or not: for the words
    /// layer's samples of what a node can say.
    pub fn sample(ending: NodeEnding, side: Side, recorded: bool) -> Node {
        Node {
            value: 0,
            alpha: -INFINITY as i16,
            beta: INFINITY as i16,
            cell: 0,
            flags: side_flag(side)
                | outcome_bits(ending, 0)
                | if recorded { 0 } else { NOT_RECORDED },
            end: 1,
            count: 1,
        }
    }
}

/// Why a search tree was not recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The player does not search (or, for `perfect`, not on 3x3; for a
    /// Monte Carlo report, one without its `replay_seed`).
    Unsupported(PlayerKind),
    /// The report's position cannot be read.
    Position(BoardError),
    /// The cancel flag was set.
    Cancelled,
    /// The neural player's search was asked for without its network.
    NoNetwork,
}

impl RecordError {
    /// The reason, with the player named as `style` names players.
    pub fn describe(&self, style: TextStyle) -> String {
        match self {
            RecordError::Unsupported(PlayerKind::Perfect) => fill(
                &gettext(
                    "{player} looks 3x3 positions up in its table and does not search: there is no search tree to record",
                ),
                &[("player", &style.player(PlayerKind::Perfect))],
            ),
            RecordError::Unsupported(PlayerKind::Neural) => fill(
                &gettext("{player} searches on 3x3 only, the board its network reads"),
                &[("player", &style.player(PlayerKind::Neural))],
            ),
            RecordError::Unsupported(player) => fill(
                &gettext("{player} does not search: there is no search tree to record"),
                &[("player", &style.player(*player))],
            ),
            RecordError::Position(error) => fill(
                &gettext("the report's position cannot be read: {error}"),
                &[("error", &error.words())],
            ),
            RecordError::Cancelled => gettext("the recording of the search was cancelled"),
            RecordError::NoNetwork => gettext(
                "the neural player's search is recorded with its network, which was not given",
            ),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.describe(TextStyle::COMMAND_LINE))
    }
}

impl std::error::Error for RecordError {}

/// What a recording runs: the searching algorithm and its settings, enough
/// to run the same search again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Recipe {
    algorithm: PlayerKind,
    /// The depth searched to (the window players).
    depth: u32,
    /// Monte Carlo: the playouts and the seed its search runs from; the
    /// neural player: its simulations.
    playouts: u32,
    seed: u64,
    /// The move order and conventions (alphabeta-tt).
    settings: SearchSettings,
    /// What the horizon's positions are worth (the window players); None:
    /// the board's own.
    evaluation: Option<Evaluation>,
}

impl Recipe {
    /// The search `kind`, built with `options`, runs first in `board`.
    fn of(kind: PlayerKind, board: &Board, options: &PlayerOptions) -> Result<Recipe, RecordError> {
        let algorithm = SearchTree::searching_algorithm(kind, board.shape())?;
        let seed = if algorithm == PlayerKind::Mcts {
            MctsPlayer::new(options.playouts, options.seed).next_search_seed()
        } else {
            options.seed
        };
        let playouts = if algorithm == PlayerKind::Neural {
            neural::simulations(options.difficulty, board.shape())
        } else {
            options.playouts.max(1)
        };
        Ok(Recipe {
            algorithm,
            depth: effective_depth(board, options.difficulty.depth()),
            playouts,
            seed,
            settings: options.search,
            evaluation: options.evaluation,
        })
    }
}

/// The tree a search visited: nodes in visit order, the root first.
#[derive(Debug, Clone)]
pub struct SearchTree {
    /// The position the search started from.
    origin: Board,
    /// The moves from `origin` to this tree's root (an expanded subtree).
    prefix: Vec<usize>,
    root: Board,
    recipe: Recipe,
    depth: u32,
    /// The search's node count (see `nodes_searched`).
    searched: u64,
    nodes: Vec<Node>,
    /// The neural player's network, which its search needs to run again.
    network: Option<Arc<Network>>,
    /// Proof-number search: the side its tree asks about ("does it
    /// win?"); `None` for other trees and a finished game.
    question: Option<Side>,
    /// An expanded subtree: what its root was expected to be in the whole
    /// search (`node_types`); `None` for a whole search, whose root is a
    /// PV node.
    root_expected: Option<NodeType>,
    /// The logged search `record_report` ran again, when it deepened and
    /// this recording did not.
    logged: Option<LoggedSearch>,
}

/// A logged search that deepened iteratively (a time limit makes the
/// window's players deepen) while its recording searches straight to the
/// depth it finished: the report's node count adds up every round, the
/// recording's is the one search's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoggedSearch {
    /// The report's `stats.nodes`, every round of its deepening included.
    pub nodes: u64,
    /// The depth its first round searched to.
    pub deepened_from: u32,
}

/// Knuth and Moore's node types (see `node_types`, which counts them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeType {
    Pv,
    Cut,
    All,
}

impl NodeType {
    pub const ALL: [NodeType; 3] = [NodeType::Pv, NodeType::Cut, NodeType::All];

    /// The type of a child of a node of this type, `first` when it is its
    /// parent's first child and `again` when it searches a move again
    /// after a failed null window.
    pub fn child(self, first: bool, again: bool) -> NodeType {
        match self {
            NodeType::Pv if first || again => NodeType::Pv,
            NodeType::Pv | NodeType::All => NodeType::Cut,
            NodeType::Cut => NodeType::All,
        }
    }
}

impl SearchTree {
    /// Records the search a fresh player of `kind` built with `options`
    /// runs for its first move in `board` (without a time limit: one search
    /// straight to the depth), keeping about `budget` nodes: a node's
    /// children are kept only while fewer than `budget` nodes are, so past
    /// it the siblings still to come on the current path are kept (at most
    /// one board's moves per ply, and the root's children always) without
    /// their children, marked not recorded with their subtree's node count.
    /// Stops with `RecordError::Cancelled` once `cancel` is set.
    pub fn record(
        kind: PlayerKind,
        board: &Board,
        options: &PlayerOptions,
        budget: usize,
        cancel: &CancelFlag,
    ) -> Result<SearchTree, RecordError> {
        let recipe = Recipe::of(kind, board, options)?;
        let network = (kind == PlayerKind::Neural).then(|| {
            match LearnerState::fresh(kind, board.shape())
                .expect("a learner")
                .learner
            {
                Learner::Neural(network) => Arc::new(network),
                _ => unreachable!("the neural player's state is a network"),
            }
        });
        SearchTree::run(recipe, network, board, &[], budget, cancel)
    }

    /// Records the neural player's search of `board` with `network` at
    /// `difficulty` (its simulations): the tree its PUCT search keeps.
    pub fn record_guided(
        network: Arc<Network>,
        board: &Board,
        difficulty: Difficulty,
        budget: usize,
        cancel: &CancelFlag,
    ) -> Result<SearchTree, RecordError> {
        let options = PlayerOptions {
            difficulty,
            ..PlayerOptions::default()
        };
        let recipe = Recipe::of(PlayerKind::Neural, board, &options)?;
        SearchTree::run(recipe, Some(network), board, &[], budget, cancel)
    }

    /// Records again exactly the search `report` describes: its algorithm
    /// on its position to its depth (Monte Carlo: its playouts from its
    /// `replay_seed`). A search under a time limit (iterative deepening) is
    /// recorded as one search to the depth it finished, so its node count
    /// is that search's, not the report's; `logged` keeps the report's.
    pub fn record_report(
        report: &SearchReport,
        budget: usize,
        cancel: &CancelFlag,
    ) -> Result<SearchTree, RecordError> {
        let board: Board = report.position.parse().map_err(RecordError::Position)?;
        let algorithm = SearchTree::searching_algorithm(report.algorithm, board.shape())?;
        let seed = match (algorithm, report.replay_seed) {
            (PlayerKind::Mcts, None) => return Err(RecordError::Unsupported(PlayerKind::Mcts)),
            // Its network is not in the report: `record_guided` is given it.
            (PlayerKind::Neural, _) => return Err(RecordError::NoNetwork),
            (_, seed) => seed.unwrap_or(0),
        };
        let recipe = Recipe {
            algorithm,
            depth: effective_depth(&board, Some(report.depth)),
            // Monte Carlo counts its playouts as leaf evaluations.
            playouts: report.stats.leaf_evals.min(u32::MAX as u64) as u32,
            seed,
            settings: report.settings.unwrap_or_default(),
            // A report does not name its evaluation yet: the board's own.
            evaluation: None,
        };
        let mut tree = SearchTree::run(recipe, None, &board, &[], budget, cancel)?;
        let recording_deepened = tree.children(0).any(|id| tree.nodes[id].is_iteration());
        if let [first, _, ..] = report.iterations.as_slice()
            && !recording_deepened
        {
            tree.logged = Some(LoggedSearch {
                nodes: report.stats.nodes,
                deepened_from: first.depth,
            });
        }
        Ok(tree)
    }

    /// Ok for the players the recorder runs on boards of `size`: every
    /// player that searches (`perfect` off 3x3, where it searches).
    pub fn supports(player: PlayerKind, size: Shape) -> Result<(), RecordError> {
        SearchTree::searching_algorithm(player, size).map(|_| ())
    }

    /// The algorithm that searches for `player` on boards of `size`.
    fn searching_algorithm(player: PlayerKind, size: Shape) -> Result<PlayerKind, RecordError> {
        match player {
            PlayerKind::Human
            | PlayerKind::Random
            | PlayerKind::Rules
            | PlayerKind::Menace
            | PlayerKind::Td => Err(RecordError::Unsupported(player)),
            PlayerKind::Perfect if size == Shape::TIC_TAC_TOE => {
                Err(RecordError::Unsupported(player))
            }
            // Its network reads 3x3 boards.
            PlayerKind::Neural if size != Shape::TIC_TAC_TOE => {
                Err(RecordError::Unsupported(player))
            }
            // On the boards with gravity the fast solver takes, the
            // solver's own search; elsewhere (8x8 with gravity, where the
            // solver's generic search tells no hook, and the boards
            // without gravity) the alphabeta-tt it stands for.
            PlayerKind::Perfect if Solver::traces(size) => Ok(PlayerKind::Perfect),
            PlayerKind::Perfect => Ok(PlayerKind::AlphaBetaTt),
            searching => Ok(searching),
        }
    }

    /// Runs `recipe`'s search of `origin`, keeping the subtree of the node
    /// the moves `target` lead to (all of it for no moves).
    fn run(
        recipe: Recipe,
        network: Option<Arc<Network>>,
        origin: &Board,
        target: &[usize],
        budget: usize,
        cancel: &CancelFlag,
    ) -> Result<SearchTree, RecordError> {
        let mut question = None;
        let (nodes, report) = if recipe.algorithm == PlayerKind::Neural {
            let guide = network.as_deref().ok_or(RecordError::NoNetwork)?;
            if guide.shape() != origin.shape() {
                return Err(RecordError::Unsupported(PlayerKind::Neural));
            }
            let mut report = SearchReport::new(PlayerKind::Neural, origin);
            if origin.outcome() == Outcome::Ongoing {
                let search = neural::search(guide, origin, recipe.playouts, None, cancel);
                if search.aborted {
                    return Err(RecordError::Cancelled);
                }
                report.depth = search.depth;
                report.stats.nodes = search.nodes;
                (guided_nodes(&search, origin, target, budget), report)
            } else {
                // A finished game: no search, as Monte Carlo records it.
                (monte_carlo_nodes(&[], origin, target, budget), report)
            }
        } else if recipe.algorithm == PlayerKind::Mcts {
            let (report, tree) = mcts::search(origin, cancel, recipe.playouts, recipe.seed);
            if report.aborted {
                return Err(RecordError::Cancelled);
            }
            (monte_carlo_nodes(&tree, origin, target, budget), report)
        } else if recipe.algorithm == PlayerKind::Pns {
            let (report, tree) = PnsPlayer::new(None).search_with_tree(origin, cancel);
            if cancel.is_cancelled() {
                return Err(RecordError::Cancelled);
            }
            question = tree.as_ref().map(|tree| tree.attacker);
            (pns_nodes(tree.as_ref(), origin, target, budget), report)
        } else {
            // Without a time limit, only aspiration windows deepen.
            let deepens = recipe.settings.aspiration.is_some()
                && matches!(recipe.algorithm, PlayerKind::AlphaBetaTt | PlayerKind::Pvs);
            let tape = RefCell::new(Tape::new(origin, budget, target, deepens));
            let (depth, evaluation) = (Some(recipe.depth), recipe.evaluation);
            let report = match recipe.algorithm {
                PlayerKind::Minimax => MinimaxPlayer::new(depth)
                    .with_evaluation(evaluation)
                    .search(origin, cancel, Recorder(&tape)),
                PlayerKind::AlphaBeta => AlphaBetaPlayer::new(depth)
                    .with_evaluation(evaluation)
                    .search(origin, cancel, Recorder(&tape)),
                PlayerKind::AlphaBetaTt => AlphaBetaTtPlayer::new(depth, None, recipe.settings)
                    .with_evaluation(evaluation)
                    .search(origin, cancel, Recorder(&tape)),
                PlayerKind::AlphaBetaRandom => AlphaBetaRandomPlayer::new(depth, recipe.seed)
                    .with_evaluation(evaluation)
                    .search(origin, cancel, Recorder(&tape)),
                PlayerKind::Pvs => PvsPlayer::new(depth, None, recipe.settings)
                    .with_evaluation(evaluation)
                    .search(origin, cancel, Recorder(&tape)),
                PlayerKind::Mtdf => MtdfPlayer::new(depth, None, recipe.settings)
                    .with_evaluation(evaluation)
                    .search(origin, cancel, Recorder(&tape)),
                PlayerKind::Perfect => solver_report(origin, cancel, Recorder(&tape))?,
                other => return Err(RecordError::Unsupported(other)),
            };
            if report.aborted || cancel.is_cancelled() {
                return Err(RecordError::Cancelled);
            }
            (tape.into_inner().finish(report.stats.nodes), report)
        };
        let mut root = *origin;
        for cell in moves_of(target) {
            root.toggle(cell, root.side_to_move());
        }
        Ok(SearchTree {
            origin: *origin,
            prefix: target.to_vec(),
            root,
            recipe,
            depth: report.depth.saturating_sub(moves_of(target).count() as u32),
            searched: if target.is_empty() {
                report.stats.nodes
            } else {
                nodes[0].subtree_nodes() - 1
            },
            nodes,
            network,
            question,
            root_expected: None,
            logged: None,
        })
    }

    /// The moves from the root to `id` (passes make none).
    pub fn path(&self, id: usize) -> Vec<usize> {
        moves_of(&self.steps(id)).collect()
    }

    /// The steps from the root to `id`: each node's cell and how many of
    /// its earlier siblings have the same one.
    fn steps(&self, id: usize) -> Vec<usize> {
        let ancestry = self.ancestry(id);
        ancestry
            .windows(2)
            .map(|pair| {
                let cell = self.nodes[pair[1]].cell;
                let occurrence = self
                    .children(pair[0])
                    .take_while(|&sibling| sibling != pair[1])
                    .filter(|&sibling| self.nodes[sibling].cell == cell)
                    .count();
                step(cell, occurrence as u32)
            })
            .collect()
    }

    /// The ids from the root down to `id`, both included.
    pub fn ancestry(&self, id: usize) -> Vec<usize> {
        let mut ancestry = vec![0];
        let mut at = 0;
        while at != id {
            at = self
                .children(at)
                .find(|&child| child <= id && id < self.nodes[child].end as usize)
                .expect("a kept node lies under one of its ancestor's children");
            ancestry.push(at);
        }
        ancestry
    }

    /// The subtree of `id` searched again, kept up to `budget` nodes (for a
    /// node the budget left unrecorded). The new tree's root is that node.
    /// The whole search runs again and only that subtree is kept: the
    /// searches are deterministic (Monte Carlo from its seed), and a
    /// transposition table's contents at a node depend on everything
    /// searched before it.
    pub fn expand(&self, id: usize, budget: usize) -> SearchTree {
        self.expand_cancellable(id, budget, &CancelFlag::new())
            .expect("a recorded search runs again, and nothing cancels it")
    }

    /// `expand`, stopped with `RecordError::Cancelled` once `cancel` is set.
    pub fn expand_cancellable(
        &self,
        id: usize,
        budget: usize,
        cancel: &CancelFlag,
    ) -> Result<SearchTree, RecordError> {
        let steps = self.steps(id);
        let moves = moves_of(&steps).count();
        let mut target = self.prefix.clone();
        target.extend(&steps);
        let node = &self.nodes[id];
        if node.ending().is_leaf() {
            let mut root = self.root;
            for cell in moves_of(&steps) {
                root.toggle(cell, root.side_to_move());
            }
            return Ok(SearchTree {
                origin: self.origin,
                prefix: target,
                root,
                recipe: self.recipe,
                depth: self.depth.saturating_sub(moves as u32),
                searched: node.subtree_nodes() - 1,
                nodes: vec![Node { end: 1, ..*node }],
                network: self.network.clone(),
                question: self.question,
                root_expected: self.expected_type(id),
                logged: None,
            });
        }
        let mut subtree = SearchTree::run(
            self.recipe,
            self.network.clone(),
            &self.origin,
            &target,
            budget,
            cancel,
        )?;
        subtree.root_expected = self.expected_type(id);
        Ok(subtree)
    }

    /// What node `id` turned out to be in Knuth and Moore's terms, read
    /// off its value and window (see `node_types`); `None` for a leaf, a
    /// table hit and the trees without windows.
    pub fn actual_type(&self, id: usize) -> Option<NodeType> {
        let node = &self.nodes[id];
        if !self.has_windows() || node.ending().is_leaf() {
            return None;
        }
        if id == 0 && self.prefix.is_empty() {
            return Some(NodeType::Pv);
        }
        // The bound is the mover's (the parent's) view: a value at or below
        // the parent's alpha means this node reached its own beta.
        Some(match node.bound() {
            Bound::Exact => NodeType::Pv,
            Bound::Upper => NodeType::Cut,
            Bound::Lower => NodeType::All,
        })
    }

    /// What node `id` should be by Knuth and Moore's rules (see
    /// `node_types`); `None` for a leaf, a pass and the trees without
    /// windows.
    pub fn expected_type(&self, id: usize) -> Option<NodeType> {
        if !self.has_windows() {
            return None;
        }
        let root = if self.prefix.is_empty() {
            Some(NodeType::Pv)
        } else {
            self.root_expected
        };
        let ancestry = self.ancestry(id);
        let mut parent_type = self.type_below(0, root);
        let mut expected = root;
        for pair in ancestry.windows(2) {
            expected = self.child_type(pair[0], pair[1], parent_type);
            parent_type = self.type_below(pair[1], expected);
        }
        expected
    }

    /// The type the rules go on from below node `id`, expected to be
    /// `expected`: a pass's is what it turned out to be.
    pub(crate) fn type_below(&self, id: usize, expected: Option<NodeType>) -> Option<NodeType> {
        if self.nodes[id].is_pass() {
            self.actual_type(id)
        } else {
            expected
        }
    }

    /// The expected type of `child`, a child of `parent` whose type the
    /// rules go on from is `parent_type`.
    pub(crate) fn child_type(
        &self,
        parent: usize,
        child: usize,
        parent_type: Option<NodeType>,
    ) -> Option<NodeType> {
        let node = &self.nodes[child];
        if node.is_pass() || node.ending().is_leaf() {
            return None;
        }
        // An iteration searches the root again.
        if node.is_iteration() {
            return Some(NodeType::Pv);
        }
        let first = self.children(parent).next() == Some(child);
        parent_type.map(|kind| kind.child(first, node.re_searched()))
    }

    /// The position searched.
    pub fn root_position(&self) -> &Board {
        &self.root
    }

    /// The algorithm recorded (`perfect` for the solver's search on the
    /// boards with gravity it takes, `alphabeta-tt` for `perfect` on the
    /// other boards off 3x3).
    pub fn player(&self) -> PlayerKind {
        self.recipe.algorithm
    }

    /// The move order and conventions the search ran with.
    pub fn settings(&self) -> SearchSettings {
        self.recipe.settings
    }

    /// False for Monte Carlo, whose nodes have no window and no bound:
    /// there `subtree_nodes` is the visits and `value` the mean result.
    pub fn has_windows(&self) -> bool {
        !self.is_grown()
    }

    /// True for the trees a search grows and keeps: Monte Carlo's, the
    /// neural player's and proof-number search's.
    fn is_grown(&self) -> bool {
        matches!(
            self.recipe.algorithm,
            PlayerKind::Mcts | PlayerKind::Neural | PlayerKind::Pns
        )
    }

    /// Proof-number search's tree: the side it asks about, "does it
    /// win?"; `None` for other trees and for a finished game.
    pub fn proof_question(&self) -> Option<Side> {
        self.question
    }

    /// Proof-number search's tree: `id`'s proof and disproof numbers
    /// (the leaves still to settle to prove the question, to disprove
    /// it), each capped at `PROOF_NUMBER_CAP`, and `pns::UNREACHABLE`
    /// where the node is settled the other way: a proven node is
    /// (0, UNREACHABLE), a disproven one (UNREACHABLE, 0). `None` for
    /// other trees.
    pub fn proof_numbers(&self, id: usize) -> Option<(u32, u32)> {
        self.node_proof_numbers(&self.nodes[id])
    }

    /// `proof_numbers` of one of this tree's nodes.
    pub fn node_proof_numbers(&self, node: &Node) -> Option<(u32, u32)> {
        self.question
            .map(|_| (proof_number_of(node.alpha), proof_number_of(node.beta)))
    }

    /// True for the neural player's tree: its nodes have a prior and a
    /// PUCT score, and its leaves were evaluated by the network.
    pub fn is_guided(&self) -> bool {
        self.recipe.algorithm == PlayerKind::Neural
    }

    /// The neural player's tree: the network's prior for the move into
    /// `id` (0 to 1); `None` at the root and for other trees.
    pub fn prior(&self, id: usize) -> Option<f64> {
        let node = &self.nodes[id];
        (self.is_guided() && node.cell().is_some()).then(|| f64::from(node.alpha) / 1000.0)
    }

    /// The neural player's tree: the move into `id`'s PUCT score as its
    /// parent last saw it, the mean value plus the prior's bonus; `None`
    /// at the root and for other trees.
    pub fn puct(&self, id: usize) -> Option<f64> {
        let node = &self.nodes[id];
        (self.is_guided() && node.cell().is_some()).then(|| f64::from(node.beta) / 1000.0)
    }

    /// The depth searched (the empty cells when searched to the end;
    /// Monte Carlo and proof-number search: the deepest ply their trees
    /// reached).
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Nodes kept (the root included).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Positions the search entered below the root: the report's
    /// `stats.nodes` (Monte Carlo: the moves made in the tree and in the
    /// playouts; for an expanded subtree, its visits less one).
    pub fn nodes_searched(&self) -> u64 {
        self.searched
    }

    /// The logged search this tree records again, when it deepened and
    /// this recording did not (see `LoggedSearch`).
    pub fn logged(&self) -> Option<LoggedSearch> {
        self.logged
    }

    pub fn node(&self, id: usize) -> &Node {
        &self.nodes[id]
    }

    /// All kept nodes in visit order; the root is 0.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The ids of `id`'s kept children, in visit order.
    pub fn children(&self, id: usize) -> impl Iterator<Item = usize> + '_ {
        let end = self.nodes[id].end as usize;
        let mut next = id + 1;
        std::iter::from_fn(move || {
            (next < end).then(|| {
                let child = next;
                next = self.nodes[child].end as usize;
                child
            })
        })
    }

    /// True for a move's null-window search that failed high: its next
    /// sibling searches the same move again in the full window.
    pub fn searched_again(&self, id: usize) -> bool {
        let node = &self.nodes[id];
        let Some(&parent) = self.ancestry(id).iter().rev().nth(1) else {
            return false;
        };
        self.children(parent)
            .skip_while(|&sibling| sibling != id)
            .nth(1)
            .is_some_and(|next| {
                let next = &self.nodes[next];
                next.re_searched() && next.cell == node.cell
            })
    }

    /// Which pass `id` is among its siblings, from 1 (for an iteration,
    /// its depth: deepening starts at depth 1); `None` for a move.
    pub fn pass_number(&self, id: usize) -> Option<usize> {
        if !self.nodes[id].is_root_again() {
            return None;
        }
        let ancestry = self.ancestry(id);
        let parent = ancestry[ancestry.len() - 2];
        Some(self.children(parent).take_while(|&pass| pass <= id).count())
    }

    /// The legal moves of `id`'s position (`board`) that its search never
    /// tried, in the order the search would have tried them: after a
    /// cutoff (caused by the last child), the moves after it; Monte Carlo:
    /// the moves never selected. Empty for the other endings (a table hit
    /// tried no move: the table answered) and for nodes whose children
    /// were not recorded.
    pub fn pruned(&self, id: usize, board: &Board) -> Vec<usize> {
        let node = &self.nodes[id];
        if !node.recorded() {
            return Vec::new();
        }
        let visited: Vec<usize> = self
            .children(id)
            .filter_map(|child| self.nodes[child].cell())
            .collect();
        // An aspiration window's try orders the root by the last depth's
        // values, which the tree does not keep: the rest in cell order.
        let aspiring = node.is_pass() && {
            let ancestry = self.ancestry(id);
            ancestry.len() > 2 && self.nodes[ancestry[ancestry.len() - 2]].is_iteration()
        };
        let order = match node.ending() {
            NodeEnding::Cutoff if aspiring => board.legal_moves().collect(),
            NodeEnding::Cutoff => self.move_order(board, visited.first().copied()),
            NodeEnding::Expanded => board.legal_moves().collect(),
            _ => return Vec::new(),
        };
        order
            .into_iter()
            .filter(|cell| !visited.contains(cell))
            .collect()
    }

    /// The order the recorded player tries the moves of `board` in below
    /// the root, `first` the first move tried: cell order, or (with a
    /// table) the first move, which may be the table's, then the others in
    /// `ordered_moves` order.
    fn move_order(&self, board: &Board, first: Option<usize>) -> Vec<usize> {
        if self.recipe.algorithm == PlayerKind::Perfect {
            return Solver::move_order(board, first);
        }
        if !self.recipe.algorithm.uses_table() {
            return board.legal_moves().collect();
        }
        if self.recipe.settings.order != MoveOrder::Heuristic {
            return root_order(board, self.recipe.settings.order);
        }
        let lines = LineCounts::of(board);
        let rest = board.moves() & !first.map_or(0, |cell| 1 << cell);
        let mut moves = [0u8; MAX_CELLS];
        let count = ordered_moves(
            &mut moves,
            board.geometry(),
            rest,
            &lines,
            board.side_to_move(),
        );
        first
            .into_iter()
            .chain(moves[..count].iter().map(|&cell| cell as usize))
            .collect()
    }

    /// Calls `f(id, parent, ply, position)` for every kept node in visit
    /// order down to `max_ply` plies below the root.
    pub fn walk(&self, max_ply: usize, mut f: impl FnMut(usize, Option<usize>, usize, &Board)) {
        self.walk_from(0, None, 0, &self.root, max_ply, &mut f);
    }

    fn walk_from(
        &self,
        id: usize,
        parent: Option<usize>,
        ply: usize,
        board: &Board,
        max_ply: usize,
        f: &mut impl FnMut(usize, Option<usize>, usize, &Board),
    ) {
        f(id, parent, ply, board);
        if ply >= max_ply {
            return;
        }
        for child in self.children(id) {
            let mut next = *board;
            // A pass searches the same position again, a ply deeper in the
            // tree.
            if let Some(cell) = self.nodes[child].cell() {
                next.toggle(cell, board.side_to_move());
            }
            self.walk_from(child, Some(id), ply + 1, &next, max_ply, f);
        }
    }
}

/// The solver's search of `board` told to `hook` (strong, with the table
/// `tictactoe solve` has by default, so the node counts agree), as a
/// report: its node count and depth.
fn solver_report<H: Hook>(
    board: &Board,
    cancel: &CancelFlag,
    hook: H,
) -> Result<SearchReport, RecordError> {
    let mut report = SearchReport::new(PlayerKind::Perfect, board);
    report.depth = board.empty().count_ones();
    if board.outcome() == Outcome::Ongoing {
        let solution = Solver::with_table_bytes(DEFAULT_TABLE_BYTES)
            .trace(board, Strength::Strong, cancel, hook)
            .ok_or(RecordError::Cancelled)?;
        report.stats = solution.stats;
        report.score = solution.score();
    }
    Ok(report)
}

/// The bound flags of `value` searched in `(alpha, beta)`.
fn bound_bits(value: i32, alpha: i32, beta: i32) -> u8 {
    if value <= alpha {
        2
    } else if value >= beta {
        1
    } else {
        0
    }
}

fn side_flag(side: Side) -> u8 {
    match side {
        Side::Max => 0,
        Side::Min => MIN_TO_MOVE,
    }
}

/// The neural player's search tree (from `origin`) as nodes: the subtree
/// the moves `target` lead to, as `monte_carlo_nodes` keeps Monte Carlo's,
/// with each node's prior and PUCT score in its `alpha` and `beta`.
fn guided_nodes(
    search: &neural::Search,
    origin: &Board,
    target: &[usize],
    budget: usize,
) -> Vec<Node> {
    let tree = &search.tree;
    let mut index = 0;
    let mut parent_visits = 0;
    let mut side = origin.side_to_move();
    for &cell in target {
        parent_visits = tree[index].visits;
        index = tree[index]
            .children()
            .find(|&child| tree[child].cell as usize == cell && tree[child].visits > 0)
            .expect("the target is a visited node of the same search");
        side = side.opponent();
    }
    let cell = target.last().map_or(NO_CELL, |&cell| cell as u8);
    let mut nodes = Vec::new();
    add_guided_node(tree, index, cell, side, parent_visits, budget, &mut nodes);
    nodes
}

/// Adds `tree[index]` (entered by `cell`, `side` to move, its parent
/// visited `parent_visits` times) and, while fewer than `budget` nodes are
/// kept, its visited children.
fn add_guided_node(
    tree: &[neural::Node],
    index: usize,
    cell: u8,
    side: Side,
    parent_visits: u32,
    budget: usize,
    nodes: &mut Vec<Node>,
) {
    let source = &tree[index];
    let ending = match source.ending {
        Ending::Won => NodeEnding::Won,
        Ending::Drawn => NodeEnding::Drawn,
        Ending::Open if source.expanded && source.visits > 1 => NodeEnding::Expanded,
        // A position the network evaluated, with no move tried below it.
        Ending::Open => NodeEnding::Horizon,
    };
    let thousandths = |value: f32| (value * 1000.0).round().clamp(-30_000.0, 30_000.0) as i16;
    let id = nodes.len();
    let keep = id == 0 || nodes.len() < budget;
    nodes.push(Node {
        value: thousandths(source.mean()),
        alpha: thousandths(source.prior),
        beta: thousandths(source.puct(parent_visits, neural::C_PUCT)),
        cell,
        flags: side_flag(side)
            | outcome_bits(ending, 0)
            | if keep || ending.is_leaf() {
                0
            } else {
                NOT_RECORDED
            },
        end: 0,
        count: source.visits,
    });
    if keep && ending == NodeEnding::Expanded {
        for child in source.children() {
            if tree[child].visits > 0 {
                let cell = tree[child].cell;
                add_guided_node(
                    tree,
                    child,
                    cell,
                    side.opponent(),
                    source.visits,
                    budget,
                    nodes,
                );
            }
        }
    }
    nodes[id].end = nodes.len() as u32;
}

/// The Monte Carlo tree `tree` (searched from `origin`) as nodes: the
/// subtree the moves `target` lead to, in the order its nodes were
/// expanded, without the children never visited (`pruned` names them).
fn monte_carlo_nodes(
    tree: &[mcts::Node],
    origin: &Board,
    target: &[usize],
    budget: usize,
) -> Vec<Node> {
    let mut nodes = Vec::new();
    let Some(mut index) = (!tree.is_empty()).then_some(0) else {
        // A finished game: no search.
        nodes.push(Node {
            value: 0,
            alpha: -INFINITY as i16,
            beta: INFINITY as i16,
            cell: NO_CELL,
            flags: side_flag(origin.side_to_move()) | outcome_bits(NodeEnding::Playout, 0),
            end: 1,
            count: 1,
        });
        return nodes;
    };
    let mut side = origin.side_to_move();
    for &cell in target {
        index = tree[index]
            .children()
            .find(|&child| tree[child].cell as usize == cell && tree[child].visits > 0)
            .expect("the target is a visited node of the same search");
        side = side.opponent();
    }
    let cell = target.last().map_or(NO_CELL, |&cell| cell as u8);
    add_monte_carlo_node(tree, index, cell, side, budget, &mut nodes);
    nodes
}

/// Adds `tree[index]` (entered by `cell`, `side` to move) and, while
/// fewer than `budget` nodes are kept, its visited children.
fn add_monte_carlo_node(
    tree: &[mcts::Node],
    index: usize,
    cell: u8,
    side: Side,
    budget: usize,
    nodes: &mut Vec<Node>,
) {
    let source = &tree[index];
    let ending = match source.terminal {
        Terminal::Win => NodeEnding::Won,
        Terminal::Draw => NodeEnding::Drawn,
        Terminal::No if source.expanded => NodeEnding::Expanded,
        Terminal::No => NodeEnding::Playout,
    };
    // The mean result for the mover, 0 to 1, as -1000 (lost) to 1000 (won).
    let value = if source.visits == 0 {
        0
    } else {
        ((2.0 * source.mean() - 1.0) * 1000.0).round() as i16
    };
    let id = nodes.len();
    let keep = id == 0 || nodes.len() < budget;
    nodes.push(Node {
        value,
        alpha: -INFINITY as i16,
        beta: INFINITY as i16,
        cell,
        flags: side_flag(side)
            | outcome_bits(ending, 0)
            | if keep || ending.is_leaf() {
                0
            } else {
                NOT_RECORDED
            },
        end: 0,
        count: source.visits,
    });
    if keep {
        for child in source.children() {
            if tree[child].visits > 0 {
                let cell = tree[child].cell;
                add_monte_carlo_node(tree, child, cell, side.opponent(), budget, nodes);
            }
        }
    }
    nodes[id].end = nodes.len() as u32;
}

/// The largest proof or disproof number a recorded node holds: larger
/// ones are kept as this (a node's window fields have 16 bits).
pub const PROOF_NUMBER_CAP: u32 = u16::MAX as u32 - 1;

/// A proof or disproof number in a node's 16-bit field: `u16::MAX` for
/// `pns::UNREACHABLE`, else at most `PROOF_NUMBER_CAP`.
fn proof_number_bits(number: u32) -> i16 {
    let bits = if number == pns::UNREACHABLE {
        u16::MAX
    } else {
        number.min(PROOF_NUMBER_CAP) as u16
    };
    bits as i16
}

fn proof_number_of(bits: i16) -> u32 {
    match bits as u16 {
        u16::MAX => pns::UNREACHABLE,
        number => u32::from(number),
    }
}

/// Proof-number search's kept tree as nodes in visit order (a node, then
/// its children's subtrees in cell order), from the node the moves
/// `target` lead to, while fewer than `budget` nodes are kept. No tree (a
/// finished game): the root alone.
fn pns_nodes(
    tree: Option<&ProofTree>,
    origin: &Board,
    target: &[usize],
    budget: usize,
) -> Vec<Node> {
    let mut nodes = Vec::new();
    let Some(tree) = tree else {
        let ending = match origin.outcome() {
            Outcome::Won(..) => NodeEnding::Won,
            _ => NodeEnding::Drawn,
        };
        nodes.push(Node {
            value: 0,
            alpha: 0,
            beta: 0,
            cell: NO_CELL,
            flags: side_flag(origin.side_to_move()) | outcome_bits(ending, 0),
            end: 1,
            count: 1,
        });
        return nodes;
    };
    let mut index = 0;
    let mut board = *origin;
    for &cell in target {
        index = tree.nodes[index]
            .children()
            .find(|&child| usize::from(tree.nodes[child].cell) == cell)
            .expect("the target is a node of the same tree");
        board.play(cell).expect("a tree's move is legal");
    }
    let cell = target.last().map_or(NO_CELL, |&cell| cell as u8);
    add_proof_node(tree, index, cell, &board, budget, &mut nodes);
    nodes
}

/// Adds `tree.nodes[index]` (entered by `cell`, position `board`) and,
/// while fewer than `budget` nodes are kept, its children; returns the
/// nodes of its subtree in the proof tree, this one included.
fn add_proof_node(
    tree: &ProofTree,
    index: usize,
    cell: u8,
    board: &Board,
    budget: usize,
    nodes: &mut Vec<Node>,
) -> u32 {
    let source = &tree.nodes[index];
    let ending = if source.children > 0 {
        NodeEnding::Expanded
    } else {
        match board.outcome() {
            Outcome::Won(..) => NodeEnding::Won,
            Outcome::Draw => NodeEnding::Drawn,
            Outcome::Ongoing => NodeEnding::Horizon,
        }
    };
    // The answer so far: 1000 proved, -1000 disproved, 0 open.
    let value = match (source.proof, source.disproof) {
        (0, _) => 1000,
        (_, 0) => -1000,
        _ => 0,
    };
    let id = nodes.len();
    let keep = id == 0 || nodes.len() < budget;
    nodes.push(Node {
        value,
        alpha: proof_number_bits(source.proof),
        beta: proof_number_bits(source.disproof),
        cell,
        flags: side_flag(board.side_to_move())
            | outcome_bits(ending, 0)
            | if keep || ending.is_leaf() {
                0
            } else {
                NOT_RECORDED
            },
        end: 0,
        count: 1,
    });
    let mut count = 1u32;
    for child in source.children() {
        let below = if keep {
            let child_cell = tree.nodes[child].cell;
            let mut next = *board;
            next.play(usize::from(child_cell))
                .expect("a tree's move is legal");
            add_proof_node(tree, child, child_cell, &next, budget, nodes)
        } else {
            proof_subtree_size(tree, child)
        };
        count = count.saturating_add(below);
    }
    nodes[id].end = nodes.len() as u32;
    nodes[id].count = count;
    count
}

/// Nodes in `tree`'s subtree of `index`, this one included.
fn proof_subtree_size(tree: &ProofTree, index: usize) -> u32 {
    tree.nodes[index].children().fold(1u32, |count, child| {
        count.saturating_add(proof_subtree_size(tree, child))
    })
}

/// The nodes kept so far, and the nodes open on the current path. A node
/// kept and still open holds the node count at its entry in `end` and
/// `count` (low and high halves) until it is left.
struct Tape {
    nodes: Vec<Node>,
    budget: usize,
    /// The kept nodes entered and not yet left, innermost last.
    open: Vec<u32>,
    /// The nodes entered and not yet left below the innermost kept one
    /// that are not kept (its children were not kept, or they are off the
    /// way to the target).
    unkept: u32,
    /// The steps of `target` the open nodes above the kept ones made.
    matched: usize,
    /// For each step of `target`, the nodes entered with its cell so far
    /// under the one matched before it.
    seen: Vec<u32>,
    /// How the node that just returned ended, if not by searching all its
    /// moves (a cutoff, a table hit); taken by its parent.
    ending: Option<NodeEnding>,
    /// The side to move in the node `target` leads to.
    target_side: Side,
    /// The steps to the node whose subtree is kept (none: the root's).
    target: Vec<usize>,
    /// The next node entered searches again the move whose null window
    /// just failed high.
    re_search_next: bool,
    /// The search's node count when the last pass or iteration ended.
    again_searched: u64,
    /// Whether iterations are kept as nodes: only for a search that
    /// deepens (each search tells of its one iteration).
    deepens: bool,
}

impl Tape {
    /// A tape for the search of `board` that keeps the subtree at the
    /// steps `target` (with the root a placeholder, filled in by `finish`).
    /// `deepens`: the search deepens iteratively, and each iteration is a
    /// node.
    fn new(board: &Board, budget: usize, target: &[usize], deepens: bool) -> Tape {
        let whole = target.is_empty();
        let mut nodes = Vec::new();
        if whole {
            nodes.push(Node {
                value: 0,
                alpha: -INFINITY as i16,
                beta: INFINITY as i16,
                cell: NO_CELL,
                flags: side_flag(board.side_to_move()),
                end: 1,
                count: 1,
            });
        }
        Tape {
            nodes,
            budget,
            open: if whole { vec![0] } else { Vec::new() },
            unkept: 0,
            matched: 0,
            seen: vec![0; target.len()],
            ending: None,
            target_side: if moves_of(target).count() % 2 == 1 {
                board.side_to_move().opponent()
            } else {
                board.side_to_move()
            },
            target: target.to_vec(),
            re_search_next: false,
            again_searched: 0,
            deepens,
        }
    }

    /// The nodes kept; `searched` is the search's node count. Fills in
    /// the root when the whole tree was kept: minus its best child's value,
    /// all moves searched (the root never cuts off: its window is full);
    /// with passes below it, the last pass's value, where they converged.
    fn finish(mut self, searched: u64) -> Vec<Node> {
        if self.target.is_empty() {
            let mut best = None;
            let mut last = None;
            let mut child = 1;
            while child < self.nodes.len() {
                best = best.max(Some(self.nodes[child].value as i32));
                last = Some(&self.nodes[child]);
                child = self.nodes[child].end as usize;
            }
            let value = match last {
                Some(again) if again.is_root_again() => again.value(),
                _ => best.map_or(0, |best| -best),
            };
            let end = self.nodes.len() as u32;
            let root = &mut self.nodes[0];
            root.value = value as i16;
            root.flags |= outcome_bits(NodeEnding::AllChildren, 0);
            root.end = end;
            root.count = (searched + 1).min(u32::MAX as u64) as u32;
        }
        self.nodes
    }

    /// The side to move in a node entered now by `cell` (a move,
    /// `PASS_CELL` or `ITERATION_CELL`), if it is kept: not below a node whose children are
    /// not kept, and (on the way to the target) only the target itself.
    /// Counts the node in either case.
    #[inline(always)]
    fn kept_side(&mut self, cell: u8) -> Option<Side> {
        if self.unkept > 0 {
            self.unkept += 1;
            return None;
        }
        match self.open.last() {
            Some(&parent) => {
                let parent = &self.nodes[parent as usize];
                if parent.flags & NOT_RECORDED != 0 {
                    self.unkept = 1;
                    return None;
                }
                Some(if cell >= ITERATION_CELL {
                    parent.side_to_move()
                } else {
                    parent.side_to_move().opponent()
                })
            }
            None => {
                let (wanted, occurrence) = self
                    .target
                    .get(self.matched)
                    .map_or((NO_CELL, 0), |&step| split_step(step));
                if wanted != cell {
                    self.unkept = 1;
                    return None;
                }
                self.seen[self.matched] += 1;
                if self.seen[self.matched] != occurrence + 1 {
                    self.unkept = 1;
                    return None;
                }
                self.matched += 1;
                if self.matched < self.target.len() {
                    return None;
                }
                Some(self.target_side)
            }
        }
    }

    #[inline(always)]
    fn enter(&mut self, cell: u8, alpha: i32, beta: i32, nodes: u64) {
        let re_searched = std::mem::take(&mut self.re_search_next);
        let Some(side) = self.kept_side(cell) else {
            return;
        };
        // The search counts a position once: a move searched again counts
        // only the positions below it.
        let nodes = nodes + u64::from(re_searched);
        let id = self.nodes.len();
        let keep = id + 1 < self.budget;
        self.nodes.push(Node {
            value: 0,
            alpha: alpha as i16,
            beta: beta as i16,
            cell,
            flags: side_flag(side)
                | if keep { 0 } else { NOT_RECORDED }
                | if re_searched { RE_SEARCHED } else { 0 },
            end: nodes as u32,
            count: (nodes >> 32) as u32,
        });
        self.open.push(id as u32);
    }

    /// A pass begins: the root searched in the window `(alpha, beta)` of
    /// its side to move. Kept as the root's child, in the root's view.
    fn pass_start(&mut self, alpha: i32, beta: i32) {
        // Entered with the count before it, plus one: the pass counts the
        // positions its search entered, not the root again.
        self.enter(PASS_CELL, -beta, -alpha, self.again_searched + 1);
    }

    /// A pass or an iteration ends with `value` for the root's side to
    /// move, `nodes` the search's count now.
    fn root_again_end(&mut self, value: i32, nodes: u64) {
        self.again_searched = nodes;
        let ending = self.ending.take().unwrap_or(NodeEnding::AllChildren);
        self.close(-value, ending, Some(nodes));
    }

    /// A leaf: kept whole at once, never open.
    #[inline(always)]
    fn leaf(&mut self, cell: u8, (alpha, beta): (i32, i32), value: i32, ending: NodeEnding) {
        let Some(side) = self.kept_side(cell) else {
            // Entered and left at once.
            self.close(value, ending, None);
            return;
        };
        let end = self.nodes.len() as u32 + 1;
        self.nodes.push(Node {
            value: value as i16,
            alpha: alpha as i16,
            beta: beta as i16,
            cell,
            // A finished game or a horizon's evaluation is the leaf's exact
            // value, wherever it falls in the window.
            flags: side_flag(side) | outcome_bits(ending, 0),
            end,
            count: 1,
        });
        if self.open.is_empty() {
            // The target, a leaf.
            self.matched -= 1;
        }
    }

    /// Fills in the node that ends: its value for the mover, how it ended,
    /// and the node count now (`None` for a leaf: itself alone); leaves
    /// one not kept.
    #[inline(always)]
    fn close(&mut self, value: i32, ending: NodeEnding, nodes: Option<u64>) {
        if self.unkept > 0 {
            self.unkept -= 1;
            return;
        }
        let Some(id) = self.open.pop() else {
            // An ancestor of the target.
            self.matched -= 1;
            return;
        };
        if self.open.is_empty() {
            // The target (the root is never left).
            self.matched -= 1;
        }
        let end = self.nodes.len() as u32;
        let node = &mut self.nodes[id as usize];
        let count = nodes.map_or(1, |now| {
            let entered = (node.count as u64) << 32 | node.end as u64;
            now - entered + 1
        });
        let recorded = if ending.is_leaf() { !NOT_RECORDED } else { !0 };
        // A position without a safe move is lost: its value is exact
        // wherever it falls, as a finished game's.
        let bound = if ending == NodeEnding::NoSafeMove {
            0
        } else {
            bound_bits(value, node.alpha as i32, node.beta as i32)
        };
        node.value = value as i16;
        node.flags = (node.flags & recorded) | outcome_bits(ending, bound);
        node.end = end;
        node.count = count.min(u32::MAX as u64) as u32;
    }
}

/// The recording's hook: a shared reference (so `Copy`) to the tape.
#[derive(Clone, Copy)]
struct Recorder<'a>(&'a RefCell<Tape>);

impl Hook for Recorder<'_> {
    #[inline(always)]
    fn enter(self, cell: usize, alpha: i32, beta: i32, nodes: u64) {
        self.0.borrow_mut().enter(cell as u8, alpha, beta, nodes);
    }

    #[inline(always)]
    fn leaf(self, cell: usize, alpha: i32, beta: i32, value: i32, ending: NodeEnding) {
        self.0
            .borrow_mut()
            .leaf(cell as u8, (alpha, beta), value, ending);
    }

    fn re_search(self, _cell: usize, _value: i32) {
        self.0.borrow_mut().re_search_next = true;
    }

    fn pass_start(self, alpha: i32, beta: i32) {
        self.0.borrow_mut().pass_start(alpha, beta);
    }

    fn pass_end(self, value: i32, nodes: u64) {
        self.0.borrow_mut().root_again_end(value, nodes);
    }

    fn iteration_start(self, _depth: u32) {
        let mut tape = self.0.borrow_mut();
        if tape.deepens {
            let entered = tape.again_searched + 1;
            tape.enter(ITERATION_CELL, -INFINITY, INFINITY, entered);
        }
    }

    fn iteration_end(self, _depth: u32, value: i32, nodes: u64, _best: Option<usize>) {
        let mut tape = self.0.borrow_mut();
        if tape.deepens {
            tape.root_again_end(value, nodes);
        }
    }

    #[inline(always)]
    fn cutoff(self) {
        self.0.borrow_mut().ending = Some(NodeEnding::Cutoff);
    }

    #[inline(always)]
    fn table_hit(self) {
        self.0.borrow_mut().ending = Some(NodeEnding::TableHit);
    }

    #[inline(always)]
    fn ended(self, ending: NodeEnding) {
        self.0.borrow_mut().ending = Some(ending);
    }

    #[inline(always)]
    fn leave(self, value: i32, nodes: u64) {
        let mut tape = self.0.borrow_mut();
        let ending = tape.ending.take().unwrap_or(NodeEnding::AllChildren);
        tape.close(value, ending, Some(nodes));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_is_16_bytes() {
        assert_eq!(std::mem::size_of::<Node>(), 16);
    }

    #[test]
    fn proof_numbers_keep_16_bits_and_saturate_at_the_cap() {
        for (number, kept) in [
            (0, 0),
            (7, 7),
            (PROOF_NUMBER_CAP, PROOF_NUMBER_CAP),
            (PROOF_NUMBER_CAP + 1, PROOF_NUMBER_CAP),
            (1 << 20, PROOF_NUMBER_CAP),
            (pns::UNREACHABLE, pns::UNREACHABLE),
        ] {
            assert_eq!(proof_number_of(proof_number_bits(number)), kept, "{number}");
        }
    }
}
