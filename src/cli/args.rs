//! The command line's arguments: the commands and their options as clap
//! reads them, the parsers of their values, and the positions given as
//! arguments.

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Parser, Subcommand};

use tictactoe_engine::abstract_tree::{Decision, MAX_CHILDREN, MAX_VALUE, MIN_VALUE};
use tictactoe_engine::board::{Board, BoardError, Outcome, Side};
use tictactoe_engine::evaluation::NamedEvaluation;
use tictactoe_engine::geometry::{Shape, UnknownShape};
use tictactoe_engine::player_kind::{
    Difficulty, Fail, MoveOrder, PlayerKind, Prune, SearchSettings, UnknownDifficulty,
    UnknownPlayer,
};
use tictactoe_tools::exercise::Kind;
use tictactoe_tools::tree::SearchTree;
use tictactoe_words::Words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::players::PlayerWords;

#[derive(Debug, Parser)]
#[command(
    name = "tictactoe",
    version,
    about = "Play Tic-Tac-Toe against game-tree search algorithms and watch them think.",
    long_about = "Play Tic-Tac-Toe against game-tree search algorithms and watch them think.\n\n\
                  Without a command, opens the window. The commands run without a display."
)]
pub(super) struct Cli {
    #[command(subcommand)]
    pub(super) command: Option<CliCommand>,
}

#[derive(Debug, Subcommand)]
pub(super) enum CliCommand {
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
    /// Train a learning player (menace or td on 3x3, neural on any board) by playing games
    /// against an opponent or itself; prints the learning curve one line
    /// per block of games and saves what it learned.
    Train(TrainArgs),
    /// Run Monte Carlo tree search one playout at a time and print each:
    /// the path selection took with every child's UCB terms, the node
    /// expansion added, the random playout, the result and the updated
    /// visits and means.
    #[command(name = "mcts-trace")]
    McTrace(McTraceArgs),
    /// Practise: an exercise where you predict what a search does (minimax
    /// values, alpha-beta's pruned edges and windows, the order that
    /// prunes most, a position's best move, Monte Carlo's next pick);
    /// with --answer, checks an answer and points at the first wrong step.
    Exercise(ExerciseArgs),
    /// Review a game: every move graded against perfect play (best,
    /// slower, mistake, blunder) with the game's value after it and a
    /// sentence that says why; then each side's share of best moves.
    Review(ReviewArgs),
    /// Solve positions read from standard input, one per line: each one's
    /// exact value with perfect play from both sides.
    #[command(long_about = SOLVE_ABOUT)]
    Solve(SolveArgs),
    /// Examine a player on test-set positions (a board with gravity): each
    /// line's position, the columns played (4453), and optionally its
    /// score; the player's move on each is judged by the solver. Prints
    /// the mistakes (a won position made a draw or a loss, a drawn one a
    /// loss), their share and the mean time per move.
    #[command(long_about = EXAM_ABOUT)]
    Exam(ExamArgs),
    /// Measure evaluations against the truth on test-set positions (a
    /// board with gravity): each position's static value beside the
    /// solver's exact score, and per evaluation Spearman's rank
    /// correlation of the values with the scores.
    #[command(long_about = CORRELATE_ABOUT)]
    Correlate(CorrelateArgs),
    /// The horizon: a position searched by alpha-beta to depth N and to
    /// depth N+1 side by side (best move, value, principal variation, the
    /// leaf whose evaluation decided), or the positions where depth N is
    /// misled; with --time-limit, iterative deepening's depths under a
    /// clock.
    #[command(long_about = HORIZON_ABOUT)]
    Horizon(HorizonArgs),
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
pub(super) struct GenerateCli {
    #[command(subcommand)]
    pub(super) what: Generated,
}

#[derive(Debug, Subcommand)]
pub(super) enum Generated {
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
    Shape::SQUARES
        .iter()
        .any(|&size| SearchTree::supports(kind, size).is_ok())
});

#[derive(Debug, clap::Args)]
pub(super) struct PlayArgs {
    /// Max's player (X, moves first), by short name.
    #[arg(long, value_name = "NAME", value_parser = COMPUTER_PLAYERS)]
    pub(super) max: PlayerKind,
    /// Min's player (O), by short name.
    #[arg(long, value_name = "NAME", value_parser = COMPUTER_PLAYERS)]
    pub(super) min: PlayerKind,
    /// How many games to play (1 to 4294967295).
    #[arg(long, default_value_t = 1, value_parser = positive_count, allow_hyphen_values = true)]
    pub(super) games: u32,
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// The board `board` names (`BoardArgs::resolve`).
    #[arg(skip)]
    pub(super) size: Shape,
    /// Seed for every random choice; the same seed replays the same games.
    /// Without it a seed is drawn and printed.
    #[arg(long, value_name = "S")]
    pub(super) seed: Option<u64>,
    /// Max's search depth: easy, medium, hard (the default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    pub(super) depth_max: Option<Difficulty>,
    /// Min's search depth: easy, medium, hard (the default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    pub(super) depth_min: Option<Difficulty>,
    /// Max's evaluation at its search's horizon: lines, centre, threats
    /// or a weights file (FILE.json); by default threats on a board with
    /// gravity, else lines; see --evaluation in analyze.
    #[arg(long, value_name = "NAME|FILE", value_parser = evaluation_choice)]
    pub(super) evaluation_max: Option<EvaluationChoice>,
    /// Min's evaluation at its search's horizon, as --evaluation-max.
    #[arg(long, value_name = "NAME|FILE", value_parser = evaluation_choice)]
    pub(super) evaluation_min: Option<EvaluationChoice>,
    /// Time limit per move for the players that deepen iteratively
    /// (alphabeta-tt, pvs, mtdf, perfect off 3x3), in seconds; 5 by default, as in the window.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub(super) time: Option<Duration>,
    /// A learner's state file (menace, td or neural): the learner plays what it
    /// learned instead of starting from nothing. It learns nothing more.
    #[arg(long, value_name = "FILE")]
    pub(super) state: Option<PathBuf>,
    /// Print every game's moves.
    #[arg(long)]
    pub(super) verbose: bool,
    #[command(flatten)]
    pub(super) search: SearchArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub(super) json: bool,
}

#[derive(Debug, clap::Args)]
pub(super) struct AnalyzeArgs {
    /// The player that analyses, by short name.
    #[arg(long, default_value = "alphabeta-tt", value_name = "NAME", value_parser = COMPUTER_PLAYERS)]
    pub(super) player: PlayerKind,
    /// Search depth: easy, medium, hard (the default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    pub(super) depth: Option<Difficulty>,
    #[command(flatten)]
    pub(super) evaluation: EvaluationArgs,
    /// Time limit per position, in seconds: alphabeta-tt, pvs, mtdf and
    /// perfect keep their deepest search finished in time; any other player's search is
    /// stopped and the position reported as not analysed.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub(super) time: Option<Duration>,
    /// A learner's state file (menace, td or neural): the learner shows what it
    /// learned instead of starting from nothing.
    #[arg(long, value_name = "FILE")]
    pub(super) state: Option<PathBuf>,
    #[command(flatten)]
    pub(super) search: SearchArgs,
    /// Print one JSON object per position per line.
    #[arg(long)]
    pub(super) json: bool,
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// A saved game: analyse the position before each of its moves
    /// (instead of positions given or read from standard input).
    #[arg(long, value_name = "FILE", conflicts_with = "positions")]
    pub(super) game: Option<PathBuf>,
    /// On a board with gravity, the position as the columns played from
    /// the empty board, 1 to the width from the left: --board connect-four
    /// --moves 4453.
    #[arg(long, value_name = "COLUMNS", conflicts_with_all = ["positions", "game"])]
    pub(super) moves: Option<String>,
    /// Positions such as x.o/.x./..o (or ---------, with '-' for empty),
    /// row by row from the top; on a board with gravity also the columns
    /// played (4453). Without any (and without --game or --moves), one per
    /// line from standard input.
    #[arg(value_name = "POSITION")]
    pub(super) positions: Vec<String>,
}

#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("drawing").args(["dot", "svg"])))]
pub(super) struct TreeArgs {
    /// The player whose search is recorded: minimax, alphabeta,
    /// alphabeta-tt, alphabeta-random, mcts (its default 20,000 playouts,
    /// seed 0), perfect off 3x3 (on a board with gravity the solver's
    /// search, a node per null-window pass over the scores; on 8x8 with
    /// gravity and without gravity recorded as alphabeta-tt), neural (its simulations by --depth, its network by --state), pvs
    /// (its null windows and re-searches), mtdf (a node per pass) or pns
    /// (the proof tree of the question that decided its move).
    #[arg(long, default_value = "alphabeta", value_name = "NAME", value_parser = SEARCHING_PLAYERS)]
    pub(super) player: PlayerKind,
    /// Search depth: easy, medium, hard (the default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    pub(super) depth: Option<Difficulty>,
    #[command(flatten)]
    pub(super) evaluation: EvaluationArgs,
    /// Plies below the root to print; deeper nodes are counted in their
    /// ancestors' subtree sizes.
    #[arg(long, default_value_t = tictactoe_tools::tree_drawing::DEFAULT_MAX_PLY, value_name = "N")]
    pub(super) max_ply: usize,
    #[command(flatten)]
    pub(super) search: SearchArgs,
    /// Print one JSON object per node per line, with its id and its parent's.
    #[arg(long, conflicts_with_all = ["dot", "svg"])]
    pub(super) json: bool,
    /// Print the tree down to --max-ply as a Graphviz DOT graph (render it
    /// with dot -Tsvg or -Tpng): Max to move as triangles up, Min down,
    /// moves never tried dashed, the principal variation bold.
    #[arg(long, conflicts_with = "svg")]
    pub(super) dot: bool,
    /// Print the tree down to --max-ply as an SVG picture, drawn as
    /// textbooks draw search trees.
    #[arg(long)]
    pub(super) svg: bool,
    /// With --dot or --svg, draw the subtree of one node, --max-ply plies
    /// deep: the moves from the root as the tree's lines name them, cells
    /// from 1, with commas between (5,1: after 5, then 1; X 5,O 1 too), a
    /// move searched again as 5 again, a pass as pass 2, an iteration of a
    /// deepening search as depth 3.
    #[arg(long, value_name = "NODE", value_parser = node_path, requires = "drawing")]
    pub(super) from: Option<NodePath>,
    /// neural: the state file whose network searches (it must exist);
    /// without it the untrained network does.
    #[arg(long, value_name = "FILE")]
    pub(super) state: Option<PathBuf>,
    #[command(flatten)]
    pub(super) position: PositionArgs,
}

#[derive(Debug, clap::Args)]
pub(super) struct ReviewArgs {
    /// A game saved from the window; a board option given must be the
    /// game's. Without it the moves are read from standard input, on the
    /// board the options choose (Tic-Tac-Toe by default): cells from 1
    /// (1-9 on 3x3, row by row), on a board with gravity columns from 1
    /// (from the left), separated by spaces, commas or lines.
    #[arg(long, value_name = "FILE")]
    pub(super) game: Option<PathBuf>,
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// Time limit per position off 3x3, in seconds (2 by default). 3x3 is
    /// looked up; on a board with gravity the solver tries first, with half
    /// the time; else alphabeta-tt keeps its deepest search finished in
    /// time, and values it could not prove are marked as estimates.
    #[arg(long, alias = "time-limit", value_name = "SECONDS", value_parser = seconds)]
    pub(super) time: Option<Duration>,
    /// Print one JSON object: the values, each move's grade, facts and
    /// sentence, the accuracies.
    #[arg(long)]
    pub(super) json: bool,
}

/// A step of `tree --from`: a child as `tree` names it in its lines
/// ("X 5", "X 5 again", "Pass 2", "Depth 3"), the side's mark optional.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum NodeStep {
    /// A move to `cell` (from 0), by the side marked if any; `again`: its
    /// search again in the full window after its null window failed high.
    Move {
        cell: usize,
        again: bool,
        mark: Option<Side>,
    },
    /// The root searched again in a window of its own, the `n`th (from 1).
    Pass(usize),
    /// The root searched to depth `n` by a deepening search.
    Depth(usize),
}

/// The node `tree --from` names: its steps from the root, and the text
/// given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct NodePath {
    pub(super) steps: Vec<NodeStep>,
    pub(super) text: String,
}

/// `5,1`, `X 5, O 1 again`, `pass 2,9`, `depth 3, 5`.
fn node_path(text: &str) -> Result<NodePath, String> {
    text.split(',')
        .map(node_step)
        .collect::<Option<Vec<NodeStep>>>()
        .map(|steps| NodePath {
            steps,
            text: text.to_owned(),
        })
        .ok_or_else(|| {
            "a node is its steps from the root with commas between, each a cell from 1 (5), \
             a move searched again (5 again), a pass (pass 2) or a depth (depth 3), the side's \
             mark optional (X 5): 5,1"
                .to_owned()
        })
}

fn node_step(text: &str) -> Option<NodeStep> {
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let number = |word: &str| word.parse::<usize>().ok().filter(|&n| n >= 1);
    let (mark, rest) = match words.as_slice() {
        ["pass", n] => return number(n).map(NodeStep::Pass),
        ["depth", n] => return number(n).map(NodeStep::Depth),
        ["x", rest @ ..] => (Some(Side::Max), rest),
        ["o", rest @ ..] => (Some(Side::Min), rest),
        rest => (None, rest),
    };
    let (cell, again) = match rest {
        [cell] => (cell, false),
        [cell, "again"] => (cell, true),
        _ => return None,
    };
    Some(NodeStep::Move {
        cell: number(cell)? - 1,
        again,
        mark,
    })
}

#[derive(Debug, clap::Args)]
pub(super) struct McTraceArgs {
    /// How many playouts to run and print (1 to 4294967295).
    #[arg(long, value_name = "N", value_parser = playout_count, allow_hyphen_values = true)]
    pub(super) playouts: u32,
    /// Seed of the random playouts: the same seed replays the same trace,
    /// and ends in the statistics of the mcts player's search that reports
    /// it as its replay seed.
    #[arg(long, value_name = "S")]
    pub(super) seed: u64,
    /// UCB's exploration constant: the weight of c*sqrt(ln N / n) against
    /// the mean result; 1.414 (sqrt 2, the mcts player's) by default.
    /// Larger tries weak moves more often, 0 only exploits.
    #[arg(long, value_name = "C", value_parser = exploration_constant, allow_hyphen_values = true)]
    pub(super) c: Option<f64>,
    /// Print one JSON object per playout per line (cells from 0).
    #[arg(long)]
    pub(super) json: bool,
    #[command(flatten)]
    pub(super) position: PositionArgs,
}

#[derive(Debug, clap::Args)]
pub(super) struct ExerciseArgs {
    /// What to predict: minimax (every inner node's value; expectimax with
    /// --chance), alphabeta (the pruned edges, the values, with --windows
    /// α and β), order (the children's order that prunes most), best-move
    /// (a position's best move, outcome and bounded moves), mcts (the
    /// child selection picks next).
    #[arg(long, value_enum)]
    pub(super) kind: KindChoice,
    /// The difficulty, 1 to 4: the trees' size, the values, the conventions
    /// and whether windows are asked (2 by default); the options below
    /// change any of it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=4))]
    pub(super) level: Option<u8>,
    /// A tree of your own instead of a random one: nested lists, chance nodes in
    /// square brackets, such as "((3 12 8) (2 4 6) (14 5 2))".
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true, conflicts_with_all = ["depth", "branching", "values", "chance"])]
    pub(super) tree: Option<String>,
    /// Random trees: levels below the root (1 to 12); the horizon's kinds
    /// (depth-value, deciding-leaf, deeper): the search's depth (1 to 4).
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u8).range(1..=12))]
    pub(super) depth: Option<u8>,
    /// Random trees: children of each inner node, B or a range LO..HI
    /// (1 to 16).
    #[arg(long, value_name = "B|LO..HI", value_parser = branching)]
    pub(super) branching: Option<(usize, usize)>,
    /// Random trees: the leaves' values, LO..HI within -999..999.
    #[arg(long, value_name = "LO..HI", value_parser = value_range, allow_hyphen_values = true)]
    pub(super) values: Option<(i32, i32)>,
    /// Random trees for minimax: chance nodes on every second level
    /// (Max, chance, Min, chance, ...), each child as likely.
    #[arg(long)]
    pub(super) chance: bool,
    /// The root's side (max by default); below it the sides alternate,
    /// chance nodes not counting.
    #[arg(long, value_enum, value_name = "SIDE")]
    pub(super) root: Option<RootChoice>,
    /// best-move and mcts: the position, such as x.o/.x./... (3x3), row by
    /// row from the top, on the board the board options choose (without
    /// them the board its rows make); drawn from the seed without it.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub(super) position: Option<String>,
    /// best-move and mcts on a board with gravity: the position as the
    /// columns played from the empty board, 1 to the width from the left
    /// (4453).
    #[arg(long, value_name = "COLUMNS", conflicts_with = "position")]
    pub(super) moves: Option<String>,
    /// best-move and mcts: the board the position is drawn on or read on
    /// (3x3 without these options).
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// best-move: the search asked about (alphabeta by default).
    #[arg(long, value_enum, value_name = "NAME")]
    pub(super) player: Option<BestMovePlayer>,
    /// mcts: the playouts run before the question (from 1).
    #[arg(long, value_name = "N", value_parser = playout_count, allow_hyphen_values = true)]
    pub(super) playouts: Option<u32>,
    /// mcts: UCB's exploration constant (1.414, the mcts player's, by default).
    #[arg(long, value_name = "C", value_parser = exploration_constant, allow_hyphen_values = true)]
    pub(super) c: Option<f64>,
    /// The seed the tree or position is drawn from (and Monte Carlo's
    /// playouts run from); the same seed gives the same exercise. Drawn
    /// and printed without it.
    #[arg(long, value_name = "S")]
    pub(super) seed: Option<u64>,
    /// alphabeta, order (and best-move with alphabeta-tt): prune once a
    /// value reaches the bound (on-equal) or only once it passes it
    /// (strict).
    #[arg(long, value_enum, value_name = "RULE")]
    pub(super) prune: Option<PruneChoice>,
    /// alphabeta, order (and best-move with alphabeta-tt): a node whose
    /// value leaves its window returns that value (soft) or the window's
    /// edge (hard).
    #[arg(long, value_enum, value_name = "VALUE")]
    pub(super) fail: Option<FailChoice>,
    /// alphabeta: ask for α and β as each searched inner node is entered.
    #[arg(long)]
    pub(super) windows: bool,
    /// Check this answer (text, or a JSON object): exit 0 when correct, 1
    /// at the first wrong step, which is named with the reason. Text:
    /// statements separated by ';', such as "pruned 2.2 2.3; root = 3;
    /// 2 = 2 (3, +inf)" (nodes by their path, children from 1).
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub(super) answer: Option<String>,
    /// Print the solution too: the search's answer, and its drawing.
    #[arg(long)]
    pub(super) solution: bool,
    /// Print one JSON object: the exercise, the question, and the solution
    /// or the verdict as asked.
    #[arg(long, conflicts_with_all = ["dot", "svg"])]
    pub(super) json: bool,
    /// Print the exercise's tree as a Graphviz DOT graph instead (with
    /// --solution, the search on it).
    #[arg(long, conflicts_with = "svg")]
    pub(super) dot: bool,
    /// Print the exercise's tree as an SVG picture instead (with
    /// --solution, the search on it).
    #[arg(long)]
    pub(super) svg: bool,
}

/// `--kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum KindChoice {
    /// Every inner node's value (expectimax's with chance nodes).
    Minimax,
    /// The pruned edges, the values, and with --windows α and β.
    Alphabeta,
    /// The children's order that prunes most, and the leaves evaluated.
    Order,
    /// A position's best move, its outcome, and the moves only bounded.
    BestMove,
    /// The child Monte Carlo selection picks next.
    Mcts,
    /// The value a depth-2 alpha-beta search gives a Connect Four position
    /// with the evaluation shown.
    DepthValue,
    /// The moves to the leaf whose evaluation decides that search's root.
    DecidingLeaf,
    /// Whether a search one ply deeper plays another move, and which.
    Deeper,
}

impl KindChoice {
    pub(super) fn kind(self) -> Kind {
        match self {
            KindChoice::Minimax => Kind::Minimax,
            KindChoice::Alphabeta => Kind::AlphaBeta,
            KindChoice::Order => Kind::Order,
            KindChoice::BestMove => Kind::BestMove,
            KindChoice::Mcts => Kind::Mcts,
            KindChoice::DepthValue => Kind::DepthValue,
            KindChoice::DecidingLeaf => Kind::DecidingLeaf,
            KindChoice::Deeper => Kind::Deeper,
        }
    }
}

/// `--root`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum RootChoice {
    Max,
    Min,
}

impl RootChoice {
    pub(super) fn decision(self) -> Decision {
        match self {
            RootChoice::Max => Decision::Max,
            RootChoice::Min => Decision::Min,
        }
    }
}

/// `--player` of `exercise --kind best-move`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum BestMovePlayer {
    /// Plain minimax: every move exact.
    Minimax,
    /// Plain alpha-beta in cell order (the default).
    Alphabeta,
    /// Alpha-beta with move ordering and a table (--prune, --fail apply).
    AlphabetaTt,
}

impl BestMovePlayer {
    pub(super) fn kind(self) -> PlayerKind {
        match self {
            BestMovePlayer::Minimax => PlayerKind::Minimax,
            BestMovePlayer::Alphabeta => PlayerKind::AlphaBeta,
            BestMovePlayer::AlphabetaTt => PlayerKind::AlphaBetaTt,
        }
    }
}

/// `--branching`: B or LO..HI, from 1 to 16.
fn branching(text: &str) -> Result<(usize, usize), String> {
    let problem = || {
        format!(
            "the branching factor is a number or a range LO..HI from 1 to {MAX_CHILDREN}, such as 3 or 2..4"
        )
    };
    let (low, high) = text.split_once("..").unwrap_or((text, text));
    let (low, high): (usize, usize) = (
        low.trim().parse().map_err(|_| problem())?,
        high.trim().parse().map_err(|_| problem())?,
    );
    if low < 1 || low > high || high > MAX_CHILDREN {
        return Err(problem());
    }
    Ok((low, high))
}

/// `--values`: LO..HI within the leaves' range.
fn value_range(text: &str) -> Result<(i32, i32), String> {
    let problem = || {
        format!(
            "the values are a range LO..HI from {MIN_VALUE} to {MAX_VALUE}, the lower first, such as -20..20"
        )
    };
    let (low, high) = text.split_once("..").ok_or_else(problem)?;
    let (low, high): (i32, i32) = (
        low.trim().parse().map_err(|_| problem())?,
        high.trim().parse().map_err(|_| problem())?,
    );
    if low > high || low < MIN_VALUE || high > MAX_VALUE {
        return Err(problem());
    }
    Ok((low, high))
}

#[derive(Debug, clap::Args)]
pub(super) struct CompareArgs {
    /// The players, comma-separated short names, each with an optional
    /// depth and then an evaluation after colons (name[:depth[:evaluation]]):
    /// random,alphabeta:4,mcts or alphabeta-tt:4:lines,alphabeta-tt:4:threats.
    /// Every computer player by default.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub(super) players: Vec<String>,
    /// The depth of players given without one: easy, medium, hard (the
    /// default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    pub(super) depth: Option<Difficulty>,
    /// Time limit per player, in seconds (5 by default, as in the window):
    /// alphabeta-tt, pvs, mtdf and perfect keep their deepest search
    /// finished in time;
    /// any other player is stopped and its row marked aborted.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub(super) time: Option<Duration>,
    #[command(flatten)]
    pub(super) evaluation: EvaluationArgs,
    #[command(flatten)]
    pub(super) search: SearchArgs,
    /// Print one JSON object instead of the table.
    #[arg(long, conflicts_with = "csv")]
    pub(super) json: bool,
    /// Print the table as CSV (a header and one record per player).
    #[arg(long)]
    pub(super) csv: bool,
    /// Instead of the players: alphabeta-tt, pvs and mtdf under every move
    /// order (best first on 3x3 only), searched to the end, their nodes and
    /// times, against the Knuth–Moore minimal tree (the nodes alpha-beta
    /// visits with perfect ordering; computed up to 12 empty cells).
    #[arg(long, conflicts_with_all = ["players", "csv", "depth", "order"])]
    pub(super) orders: bool,
    #[command(flatten)]
    pub(super) position: PositionArgs,
}

#[derive(Debug, clap::Args)]
pub(super) struct TournamentArgs {
    /// The players, comma-separated short names, each with an optional
    /// depth and then an evaluation after colons (name[:depth[:evaluation]]):
    /// perfect,alphabeta:2,mcts or alphabeta-tt:4:lines,alphabeta-tt:4:threats
    /// (at least two).
    #[arg(long, value_name = "NAMES", value_delimiter = ',', required = true)]
    pub(super) players: Vec<String>,
    /// The depth of players given without one: easy, medium, hard (the
    /// default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    pub(super) depth: Option<Difficulty>,
    /// Games each pairing plays with each colour (1 to 4294967295).
    #[arg(long, default_value_t = 10, value_parser = positive_count, allow_hyphen_values = true)]
    pub(super) games: u32,
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// The board `board` names (`BoardArgs::resolve`).
    #[arg(skip)]
    pub(super) size: Shape,
    /// Seed for every random choice; the same seed replays the same
    /// tournament, whatever the number of threads. Without it a seed is
    /// drawn and printed.
    #[arg(long, value_name = "K")]
    pub(super) seed: Option<u64>,
    /// Worker threads (one per core by default).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub(super) threads: Option<u16>,
    /// Time limit per move for the players that deepen iteratively
    /// (alphabeta-tt, pvs, mtdf, perfect off 3x3), in seconds; 5 by default, as in the
    /// window. A move it cuts short can make a seed's games differ between
    /// runs; the ranking counts such moves.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub(super) time: Option<Duration>,
    #[command(flatten)]
    pub(super) evaluation: EvaluationArgs,
    #[command(flatten)]
    pub(super) search: SearchArgs,
    /// Print one JSON object (with every game) instead of the tables.
    #[arg(long, conflicts_with = "csv")]
    pub(super) json: bool,
    /// Print the ranking as CSV.
    #[arg(long)]
    pub(super) csv: bool,
}

#[derive(Debug, clap::Args)]
pub(super) struct TrainArgs {
    /// The learner: menace, td (both 3x3 only) or neural (any board).
    #[arg(long, value_name = "NAME", value_parser = Players(PlayerKind::learns))]
    pub(super) player: PlayerKind,
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// Its opponent: a computer player's short name, or self (the learner
    /// plays both sides, and both learn); neural trains against self only.
    #[arg(long, value_name = "NAME|self", value_parser = OPPONENTS)]
    pub(super) opponent: OpponentChoice,
    /// The opponent's search depth: easy, medium, hard (the default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    pub(super) depth: Option<Difficulty>,
    /// How many games to play (1 to 4294967295).
    #[arg(long, default_value_t = 1000, value_parser = positive_count, allow_hyphen_values = true)]
    pub(super) games: u32,
    /// Seed for every random choice; the same seed and state replay the
    /// same training. Without it a seed is drawn and printed.
    #[arg(long, value_name = "S")]
    pub(super) seed: Option<u64>,
    /// The learner's side: x, o, or both (in turn, game by game).
    #[arg(long, value_enum, default_value = "x")]
    pub(super) side: SideChoice,
    /// Games per line of the curve (a twentieth of the games by default).
    #[arg(long, value_name = "N", value_parser = positive_count, allow_hyphen_values = true)]
    pub(super) block: Option<u32>,
    /// The state file to learn on from and save to; by default
    /// menace.json, td.json or neural.json in $XDG_DATA_HOME/tictactoe (else
    /// ~/.local/share/tictactoe), the window's.
    #[arg(long, value_name = "FILE")]
    pub(super) state: Option<PathBuf>,
    /// Start from nothing learned, even if the state file holds something
    /// (it is overwritten at the end, if it is this learner's state).
    #[arg(long)]
    pub(super) fresh: bool,
    /// MENACE: refill an empty box with its starting beads instead of
    /// resigning (a later builders' variant; kept in the state).
    #[arg(long)]
    pub(super) refill: bool,
    /// Print the curve as CSV.
    #[arg(long)]
    pub(super) csv: bool,
    /// neural: self-play threads (one per core by default); the network
    /// is the same on any number.
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..))]
    pub(super) threads: Option<u16>,
    /// neural: what the network learns from: its own search (self-play, as
    /// AlphaZero) or the solver (boards with gravity: each position of the
    /// self-play games from 14 stones on, labelled by the columns that keep
    /// its value and by that value).
    #[arg(long, value_enum, default_value_t = TeacherChoice::Search)]
    pub(super) teacher: TeacherChoice,
}

/// `--teacher`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum TeacherChoice {
    /// its own search's visit shares and the games' results
    Search,
    /// the solver's values
    Solver,
}

/// `--games`: a count from 1 up.
fn positive_count(text: &str) -> Result<u32, String> {
    count_of(text, "games")
}

/// `--playouts`: a count from 1 up.
fn playout_count(text: &str) -> Result<u32, String> {
    count_of(text, "playouts")
}

/// A count of `what` from 1 up.
fn count_of(text: &str, what: &str) -> Result<u32, String> {
    match text.trim().parse::<i128>() {
        Ok(count) if count < 1 => Err(format!(
            "the number of {what} must be positive, not {count}"
        )),
        Ok(count) => {
            u32::try_from(count).map_err(|_| format!("at most {} {what}, not {count}", u32::MAX))
        }
        Err(_) => Err(format!(
            "the number of {what} must be a whole number from 1 up"
        )),
    }
}

/// `--c`: UCB's exploration constant, a finite number from 0 up.
fn exploration_constant(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(c) if c.is_finite() && c >= 0.0 => Ok(c),
        _ => Err("the exploration constant is a number from 0 up, such as 1.414 or 0.5".into()),
    }
}

const SOLVE_ABOUT: &str = "Solve positions read from standard input, one per line: each one's \
exact value with perfect play from both sides.

A line is a position written row by row from the top, rows separated by '/' \
(x.o/.x./...), or on a board with gravity the columns played from the empty \
board, 1 to the width from the left (4453). Anything after the first space is \
ignored, so the Connect Four test sets can be piped in as they are; blank lines \
are skipped. Without a board option the rows give the board; columns need one \
with gravity (--board connect-four).

A line that is no position stops the command with a message naming the line \
(exit code 2), after the values of the lines before it.

Ctrl+C prints the values found so far and stops.";

const EXAM_ABOUT: &str = "\
Examine a player on test-set positions: for each line of FILE (or standard input), the \
position as the columns played from the empty board (4453, column 1 on the left) and \
optionally its score for the side to move as the Connect Four test sets write it (a \
positive score a win, 0 a draw, a negative one a loss; only its sign counts). The player \
chooses a move; the solver judges it. A move is a mistake when the position was a win and \
the move makes it a draw or a loss, or a draw and the move makes it a loss. Without a \
score the solver values the position too.

Prints each mistake as it is found (line, position, the column played, the values before \
and after), then the positions examined, the mistakes and their share, and the player's \
mean time per move. --json prints one object instead.

Boards with gravity only (--board connect-four, --board 7x4 --gravity ...). A line that \
is no position stops the command with its line number (exit code 2). Ctrl+C prints what \
was examined so far and stops.";

const CORRELATE_ABOUT: &str = "\
Measure evaluations against the truth: for each line of FILE (or standard input), the \
position as the columns played from the empty board (4453, column 1 on the left) and \
optionally its score for the side to move as the Connect Four test sets write it, each \
evaluation's static value of the position beside its exact score (the line's score, else \
the solver's). Values and scores are from X's point of view: a positive one favours X.

Prints a table, a row per position with the score and each evaluation's value, then per \
evaluation Spearman's rank correlation of its values with the scores (1: it orders the \
positions as the scores do, -1: the reverse, 0: no relation; ties share their mean rank). \
--json prints one object instead, with every pair.

Without --evaluation every named evaluation is measured; --evaluation, given again, \
measures each evaluation given. Boards with gravity only. A line that is no position \
stops the command with its line number (exit code 2). Ctrl+C prints what was measured so \
far and stops.";
const HORIZON_ABOUT: &str = "\
The horizon: a depth-limited search estimates the positions at its depth with the \
evaluation and cannot see a threat one move deeper. For POSITION (rows from the top, \
x.o/.x./..o, or on a board with gravity the columns played, 4453), searches with \
alpha-beta to --depth N and to N+1 plies and prints the two side by side: the best move, \
its value on X's scale (positive is good for X), the principal variation (columns from 1 \
on a board with gravity, else cells from 1) and the leaf at its end, drawn, whose static \
evaluation is the value the root was given. Depth N is misled when its move is not depth \
N+1's. On a board with gravity the solver then says which of the two moves keeps the \
game's value (for at most --solver-time seconds; 0 skips it).

--find [FILE] lists the positions where depth N is misled: the first word of each line of \
FILE (a test set's lines, MOVES SCORE, fit), or without FILE --count positions drawn by \
random play from --seed.

--time-limit MS runs iterative deepening (alphabeta-tt) for that many milliseconds and \
prints each depth it finished with its best move and value, and the depth reached.";

/// The board a command plays or reads positions on: `--board` (a preset's
/// name or width x height), changed by `--in-a-row` and `--gravity`; or
/// `--size`, the square boards by their side, as before boards had shapes.
#[derive(Debug, Clone, Copy, clap::Args)]
pub(super) struct BoardArgs {
    /// The board: tic-tac-toe, 4x4, 5x5, connect-four, five-in-a-row, or
    /// WxH (width x height, each 3-8: a preset's size is that preset, 7x6
    /// Connect Four; else four in a row where a side reaches four, else
    /// three, without gravity).
    #[arg(long, value_name = "BOARD", value_parser = board_shape, conflicts_with = "size")]
    board: Option<Shape>,
    /// Stones in a row that win, 3-6 and at most the longer side (changes
    /// the board's own: --board 4x4 --in-a-row 3).
    #[arg(long, value_name = "K")]
    in_a_row: Option<usize>,
    /// Stones drop to the lowest free cell of their column, as in Connect
    /// Four.
    #[arg(long)]
    gravity: bool,
    /// The square board by its side: 3 (3 in a row), 4 or 5 (4 in a row);
    /// the same as --board 3x3, 4x4 or 5x5.
    #[arg(long, value_name = "3|4|5", value_parser = board_size)]
    size: Option<Shape>,
}

impl BoardArgs {
    /// The board asked for, if any option names one.
    pub(super) fn given(&self) -> Result<Option<Shape>, String> {
        let named = self.board.or(self.size);
        if named.is_none() && self.in_a_row.is_none() && !self.gravity {
            return Ok(None);
        }
        let mut shape = named.unwrap_or_default();
        if let Some(in_a_row) = self.in_a_row {
            shape = shape
                .with_in_a_row(in_a_row)
                .map_err(|error| format!("--in-a-row {in_a_row}: {}", error.words()))?;
        }
        if self.gravity {
            shape = shape.with_gravity(true);
        }
        Ok(Some(shape))
    }

    /// The board asked for, Tic-Tac-Toe if none.
    pub(super) fn shape(&self) -> Result<Shape, String> {
        self.given().map(Option::unwrap_or_default)
    }

    /// Writes the board asked for into `size`, or says why there is none.
    pub(super) fn resolve(&self, size: &mut Shape) -> Result<(), String> {
        *size = self.shape()?;
        Ok(())
    }
}

#[derive(Debug, clap::Args)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// How to write each value: words from X's point of view ("X wins in 5
    /// moves", "draw"), or pons: the line's position and the score for the
    /// side to move as the Connect Four test sets write it (a win scores
    /// (cells + 1 - moves played before the winning move) / 2, rounded
    /// down; a loss the negative; a draw 0).
    #[arg(long, value_enum, default_value_t = SolveFormat::Words, conflicts_with = "json")]
    pub(super) format: SolveFormat,
    /// Only win, draw or loss, not how soon (faster); in pons format the
    /// score's sign: 1, 0 or -1.
    #[arg(long)]
    pub(super) weak: bool,
    /// One JSON object per position, on X's scale as `analyze --json`.
    #[arg(long)]
    pub(super) json: bool,
    /// The transposition table's size in MiB (1 to 65536): the solver's
    /// memory stays within it.
    #[arg(long, value_name = "MB", default_value_t = 64,
          value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub(super) table_mb: u32,
    /// Threads sharing the table on a board with gravity (1 to 64; one per
    /// core by default). With more than one, the node counts vary from run
    /// to run; the values do not.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub(super) threads: Option<u32>,
    /// Read no positions: write the board's opening book to standard
    /// output (a board with gravity): every unfinished position with at
    /// most PLIES stones and each column's exact value, as the engine's
    /// compiled-in books in crates/engine/books/ hold them.
    #[arg(long, value_name = "PLIES", conflicts_with_all = ["weak", "json", "format"],
          value_parser = clap::value_parser!(u32).range(0..=12))]
    pub(super) book: Option<u32>,
}

/// What `exam` and `correlate` share: the board (with gravity), the
/// output's form and the test set they read (`MOVES [SCORE]` a line).
#[derive(Debug, clap::Args)]
pub(super) struct TestSetArgs {
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub(super) json: bool,
    /// The test set, one position per line; without it, standard input.
    #[arg(value_name = "FILE")]
    pub(super) file: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub(super) struct ExamArgs {
    /// The player examined, by short name.
    #[arg(long, value_name = "NAME", value_parser = COMPUTER_PLAYERS)]
    pub(super) player: PlayerKind,
    /// Search depth: easy, medium, hard (the default) or 1-25.
    #[arg(long, value_name = "D", value_parser = difficulty)]
    pub(super) depth: Option<Difficulty>,
    #[command(flatten)]
    pub(super) evaluation: EvaluationArgs,
    /// Time limit per move, in seconds, for the players that deepen
    /// iteratively (alphabeta-tt, pvs, mtdf, perfect): each keeps its
    /// deepest search finished in time.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub(super) time: Option<Duration>,
    /// A learner's state file (neural): the learner plays what it learned.
    #[arg(long, value_name = "FILE")]
    pub(super) state: Option<PathBuf>,
    #[command(flatten)]
    pub(super) test_set: TestSetArgs,
}

#[derive(Debug, clap::Args)]
pub(super) struct CorrelateArgs {
    /// An evaluation to measure: lines, centre, threats, or a weights file
    /// (FILE.json, see docs/evaluation.md); again for another. Without
    /// it, every named evaluation.
    #[arg(long = "evaluation", value_name = "NAME|FILE", value_parser = evaluation_choice)]
    pub(super) evaluations: Vec<EvaluationChoice>,
    #[command(flatten)]
    pub(super) test_set: TestSetArgs,
}

#[derive(Debug, clap::Args)]
pub(super) struct HorizonArgs {
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// Depth N in plies (1-20): the search to N next to the search to N+1.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=20),
          required_unless_present = "time_limit")]
    pub(super) depth: Option<u32>,
    #[command(flatten)]
    pub(super) evaluation: EvaluationArgs,
    /// Iterative deepening under a clock: search for this many
    /// milliseconds (1-600000) and print each depth finished.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub(super) time_limit: Option<u64>,
    /// The seconds the solver may take to judge the two moves on a board
    /// with gravity (default 10; 0: no judgement).
    #[arg(long, value_name = "SECONDS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(0..=3600))]
    pub(super) solver_time: u64,
    /// List the positions where depth N is misled: FILE's lines (the
    /// first word of each), or without FILE positions drawn by random
    /// play.
    #[arg(long, value_name = "FILE", num_args = 0..=1, requires = "depth",
          conflicts_with_all = ["position", "moves", "time_limit"])]
    pub(super) find: Option<Option<PathBuf>>,
    /// --find without FILE: the seed random play draws from.
    #[arg(long, value_name = "SEED", default_value_t = 1, requires = "find")]
    pub(super) seed: u64,
    /// --find without FILE: how many positions to draw (1-10000).
    #[arg(long, value_name = "COUNT", default_value_t = 100, requires = "find",
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub(super) count: u32,
    /// On a board with gravity, the position as the columns played from
    /// the empty board, 1 to the width from the left (4453).
    #[arg(long, value_name = "COLUMNS", conflicts_with = "position")]
    pub(super) moves: Option<String>,
    /// The position, row by row from the top (x.o/.x./..o), or on a board
    /// with gravity the columns played (4453).
    #[arg(value_name = "POSITION", required_unless_present_any = ["moves", "find"])]
    pub(super) position: Option<String>,
}

/// `--evaluation`: what the depth-limited searches' horizon positions are
/// worth.
#[derive(Debug, Clone, Default, clap::Args)]
pub(super) struct EvaluationArgs {
    /// What a depth-limited search's positions at its horizon are worth
    /// (minimax, alphabeta, alphabeta-tt, alphabeta-random, pvs, mtdf):
    /// lines (each open line the square of its stones), centre (the
    /// stones on the centre), threats (lines, and the threats by their
    /// rows), or a weights file (FILE.json, see docs/evaluation.md). By
    /// default threats on a board with gravity, lines on the others.
    #[arg(long, value_name = "NAME|FILE", value_parser = evaluation_choice)]
    pub(super) evaluation: Option<EvaluationChoice>,
}

/// An evaluation by name, or a weights file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum EvaluationChoice {
    Named(NamedEvaluation),
    File(PathBuf),
}

impl EvaluationChoice {
    /// How output names it: the evaluation's name, or the weights file's.
    pub(super) fn name(&self) -> String {
        match self {
            EvaluationChoice::Named(named) => named.name().to_owned(),
            EvaluationChoice::File(path) => path.to_string_lossy().into_owned(),
        }
    }
}

/// `--evaluation`: a name, or a path that ends in `.json` or holds a `/`.
fn evaluation_choice(text: &str) -> Result<EvaluationChoice, String> {
    let unknown = match text.parse() {
        Ok(named) => return Ok(EvaluationChoice::Named(named)),
        Err(unknown) => unknown,
    };
    if text.to_ascii_lowercase().ends_with(".json") || text.contains('/') {
        return Ok(EvaluationChoice::File(PathBuf::from(text)));
    }
    Err(format!(
        "{}, or a weights file (FILE.json)",
        unknown.words()
    ))
}

/// How `solve` writes a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum SolveFormat {
    Words,
    Pons,
}

/// `--board`: a preset's name or WxH.
fn board_shape(text: &str) -> Result<Shape, String> {
    text.parse().map_err(|error: UnknownShape| error.words())
}

/// `--size`: 3, 4 or 5 ("3x3" too).
fn board_size(text: &str) -> Result<Shape, String> {
    let shape: Shape = text.parse().map_err(|error: UnknownShape| error.words())?;
    if Shape::SQUARES.contains(&shape) {
        Ok(shape)
    } else {
        Err(format!(
            "--size takes 3, 4 or 5; for other boards use --board (such as --board {text})"
        ))
    }
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

/// Marks an argument of `analyze` that is a position written with `-`
/// for empty cells (`---------`, `-x-------`), so that clap does not take
/// it for an option; `analyze` takes the mark off again. A leading space,
/// which the position parser ignores anyway.
const POSITION_MARK: char = ' ';

/// The process arguments, with every argument of `analyze` (before a `--`)
/// that starts with `-` and holds only position characters (`x`, `o`, `.`,
/// `-`, `/`; no option has only those) marked as a position.
pub(super) fn arguments() -> Vec<std::ffi::OsString> {
    let mut in_analyze = false;
    std::env::args_os()
        .enumerate()
        .map(|(index, argument)| {
            let Some(text) = argument.to_str() else {
                return argument;
            };
            if index == 1 {
                in_analyze = matches!(text, "analyze" | "tree" | "compare" | "mcts-trace");
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

/// A position argument's text, without the mark `arguments` put on it.
pub(super) fn position_text(argument: &str) -> &str {
    argument.strip_prefix(POSITION_MARK).unwrap_or(argument)
}

/// One position given as an argument: in rows, or as the columns played
/// (`--moves`), on the board the board options choose.
#[derive(Debug, clap::Args)]
pub(super) struct PositionArgs {
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// On a board with gravity, the position as the columns played from
    /// the empty board, 1 to the width from the left (4453).
    #[arg(long, value_name = "COLUMNS", conflicts_with = "position")]
    moves: Option<String>,
    /// The position, such as x.o/.x./..o (or ---------), row by row from
    /// the top.
    #[arg(value_name = "POSITION", required_unless_present = "moves")]
    position: Option<String>,
}

impl PositionArgs {
    /// `read_position`'s text and board, on the board options' board; the
    /// error when the board options name none the engine takes.
    pub(super) fn read(&self) -> Result<(&str, Result<Board, String>), String> {
        let shape = self.board.given()?;
        Ok(read_position(
            self.position.as_deref(),
            self.moves.as_deref(),
            shape,
        ))
    }
}

/// A position given as an argument (`argument`, or `--moves`'s columns):
/// its text without the optional leading mark, and the unfinished board,
/// or what is wrong with it ("position 'x?': ...", "--moves '448': ...").
/// `shape` is the board the board options chose, if any (`position_on`).
pub(super) fn read_position<'a>(
    argument: Option<&'a str>,
    moves: Option<&'a str>,
    shape: Option<Shape>,
) -> (&'a str, Result<Board, String>) {
    let (text, board, what) = match (moves, argument) {
        (Some(columns), _) => (
            columns,
            columns_on(shape.unwrap_or_default(), columns),
            "--moves",
        ),
        (None, argument) => {
            let text = position_text(argument.unwrap_or_default());
            (text, position_on(text, shape), "position")
        }
    };
    let board = board.map_err(|why| {
        let echo = escape_text(text.trim(), ECHO_CHARS);
        format!("{what} '{echo}': {why}")
    });
    (text, board)
}

/// The unfinished position `text` sets out, or why there is none, in
/// words. With `shape` (the board options' board) the rows must make that
/// board, and on a board with gravity a text of digits is the columns
/// played (`columns_on`); without it the rows make the board (3x3 for
/// nine cells, 7x6 for six rows of seven).
pub(super) fn position_on(text: &str, shape: Option<Shape>) -> Result<Board, String> {
    let text = text.trim();
    let board = match shape {
        Some(shape) if shape.gravity() && is_columns(text) => return columns_on(shape, text),
        Some(shape) => Board::parse_on(shape, text),
        None => text.parse(),
    };
    board.and_then(unfinished).map_err(|error| error.words())
}

/// True for a text of digits: columns played, not rows.
fn is_columns(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit())
}

/// The unfinished position after `columns` (digits, `1` the leftmost
/// column) were played from the empty board of `shape`, which must have
/// gravity; else why not, naming the first move that cannot be played.
pub(super) fn columns_on(shape: Shape, columns: &str) -> Result<Board, String> {
    if !shape.gravity() {
        return Err(BoardError::NoGravity.words());
    }
    let board = Board::from_columns(shape, columns).map_err(|(number, error)| {
        let why = match error {
            BoardError::UnknownCharacter { character, .. } => format!(
                "'{}' is not a column: columns are 1-{} from the left",
                escape_text(&character.to_string(), 1),
                shape.width()
            ),
            error => error.words(),
        };
        format!("move {number}: {why}")
    })?;
    unfinished(board).map_err(|error| error.words())
}

/// `board` if its game goes on: a position asked for a move.
fn unfinished(board: Board) -> Result<Board, BoardError> {
    match board.outcome() {
        Outcome::Ongoing => Ok(board),
        finished => Err(BoardError::GameOver(finished)),
    }
}

/// Whom `--opponent` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum OpponentChoice {
    /// `self`: the learner plays both sides.
    Itself,
    Player(PlayerKind),
}

/// The players a learner trains against: the computer players that do not
/// learn.
pub(super) fn can_be_opponent(kind: PlayerKind) -> bool {
    kind != PlayerKind::Human && !kind.learns()
}

/// `--opponent`'s parser: `self`, or a player's name, with the players
/// offered listed (see `Players`).
#[derive(Clone, Copy)]
struct Opponents(Players);

const OPPONENTS: Opponents = Opponents(Players(can_be_opponent));

impl TypedValueParser for Opponents {
    type Value = OpponentChoice;

    fn parse_ref(
        &self,
        command: &clap::Command,
        argument: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<OpponentChoice, clap::Error> {
        if value == "self" {
            return Ok(OpponentChoice::Itself);
        }
        player_or_refusal(self.offered(), command, argument, value).map(OpponentChoice::Player)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.offered()))
    }
}

impl Opponents {
    fn offered(self) -> impl Iterator<Item = PossibleValue> {
        let itself = PossibleValue::new("self").help("the learner itself, on both sides");
        std::iter::once(itself).chain(self.0.offered())
    }
}

/// The side `--side` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum SideChoice {
    X,
    O,
    Both,
}

/// The move order and conventions of the alpha-beta family with a table
/// (alphabeta-tt, pvs, mtdf); the other players have none.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub(super) struct SearchArgs {
    /// The order alphabeta-tt, pvs and mtdf try moves in; the other
    /// players have none.
    #[arg(long, value_enum, value_name = "ORDER")]
    pub(super) order: Option<OrderChoice>,
    /// When alphabeta-tt, pvs and mtdf stop searching a position's moves
    /// (on-equal: once a value reaches beta, the default).
    #[arg(long, value_enum, value_name = "RULE")]
    pub(super) prune: Option<PruneChoice>,
    /// What a position of alphabeta-tt, pvs or mtdf returns when its value
    /// falls outside its window (soft, the default).
    #[arg(long, value_enum, value_name = "VALUE")]
    pub(super) fail: Option<FailChoice>,
    /// Aspiration windows for alphabeta-tt and pvs, which then deepen from
    /// depth 1: each iteration after the first searches a window WIDTH
    /// either side of the previous value (1 to 2000; a score's unit is a
    /// point of the static evaluation), and again with a side opened when
    /// it fails high or low. Off by default.
    #[arg(long, value_name = "WIDTH", value_parser = clap::value_parser!(u32).range(1..=2000))]
    pub(super) aspiration: Option<u32>,
}

impl SearchArgs {
    /// The settings asked for, the defaults where none was given.
    pub(super) fn settings(self) -> SearchSettings {
        let defaults = SearchSettings::default();
        SearchSettings {
            order: self.order.map_or(defaults.order, OrderChoice::order),
            prune: self.prune.map_or(defaults.prune, PruneChoice::prune),
            fail: self.fail.map_or(defaults.fail, FailChoice::fail),
            aspiration: self.aspiration,
        }
    }

    /// The options of the whole family given, by name: "--order",
    /// "--prune", "--fail".
    pub(super) fn given(self) -> Vec<&'static str> {
        [
            (self.order.is_some(), "--order"),
            (self.prune.is_some(), "--prune"),
            (self.fail.is_some(), "--fail"),
        ]
        .into_iter()
        .filter_map(|(given, name)| given.then_some(name))
        .collect()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum OrderChoice {
    /// The heuristic reversed: the moves it likes least first.
    Worst,
    /// Cell order, 1 to the last.
    Board,
    /// Wins, blocks, then cells on many open lines, the table's move
    /// first (the default).
    Heuristic,
    /// The solved game's values, best first: the ideal order (3x3 only).
    Best,
}

impl OrderChoice {
    fn order(self) -> MoveOrder {
        match self {
            OrderChoice::Worst => MoveOrder::WorstFirst,
            OrderChoice::Board => MoveOrder::BoardOrder,
            OrderChoice::Heuristic => MoveOrder::Heuristic,
            OrderChoice::Best => MoveOrder::BestFirst,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum PruneChoice {
    /// Prune once a move's value reaches beta (value >= beta; the default).
    #[value(alias = "ge")]
    OnEqual,
    /// Prune only once a value exceeds beta (value > beta), as some
    /// textbooks and autograders write it.
    #[value(alias = "gt")]
    Strict,
}

impl PruneChoice {
    pub(super) fn prune(self) -> Prune {
        match self {
            PruneChoice::OnEqual => Prune::OnEqual,
            PruneChoice::Strict => Prune::Strict,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum FailChoice {
    /// The best value seen, even outside the window: a tighter bound (the
    /// default).
    Soft,
    /// The window's edge it crossed, alpha or beta.
    Hard,
}

impl FailChoice {
    pub(super) fn fail(self) -> Fail {
        match self {
            FailChoice::Soft => Fail::Soft,
            FailChoice::Hard => Fail::Hard,
        }
    }
}
