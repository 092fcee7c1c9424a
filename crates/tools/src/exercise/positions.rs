//! The exercises on real positions, on any board the engine plays (a best
//! move only where its search to the end is quick): the move a search plays, its
//! outcome and the root moves it only bounds, read off the recorded search
//! (`tree::SearchTree`); and the child Monte Carlo selection picks next,
//! from the engine's own search (`MctsSearch::choice`).

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use tictactoe_engine::abstract_tree::generate::draw;
use tictactoe_engine::board::{Board, Outcome as GameOutcome, Side};
use tictactoe_engine::evaluation::NamedEvaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::horizon::{DepthSearch, Horizon, horizon};
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions, SearchSettings};
use tictactoe_engine::players::mcts::trace::Choice;
use tictactoe_engine::players::mcts::{EXPLORATION, MctsSearch};
use tictactoe_engine::report::Bound;
use tictactoe_engine::score;
use tictactoe_engine::search::CancelFlag;

use super::{ExerciseError, Kind};
use crate::tree::{DEFAULT_BUDGET, SearchTree};
use crate::tree_words::x_view;

/// A position's outcome as the board marks it: `X3` X wins in 3 moves,
/// `O2`, `D` a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Wins { side: Side, moves: u32 },
    Draw,
}

impl Outcome {
    /// The outcome a full search's `value` (on X's scale) stands for, seen
    /// from a position with `stones` stones.
    pub fn of_score(value: i32, stones: u32) -> Outcome {
        if score::is_decisive(value) {
            Outcome::Wins {
                side: if value > 0 { Side::Max } else { Side::Min },
                moves: score::moves_to_end(value, stones).max(0) as u32,
            }
        } else {
            Outcome::Draw
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Wins { side, moves } => write!(f, "{}{moves}", side.mark()),
            Outcome::Draw => f.write_str("D"),
        }
    }
}

/// Not an outcome's mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotAnOutcome;

impl FromStr for Outcome {
    type Err = NotAnOutcome;

    /// `X3`, `o2`, `D`.
    fn from_str(text: &str) -> Result<Outcome, NotAnOutcome> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("d") {
            return Ok(Outcome::Draw);
        }
        let mut chars = text.chars();
        let side = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('X') => Side::Max,
            Some('O') => Side::Min,
            _ => return Err(NotAnOutcome),
        };
        let moves = chars.as_str().parse().map_err(|_| NotAnOutcome)?;
        Ok(Outcome::Wins { side, moves })
    }
}

/// A position drawn from `seed` on a board of `shape` by random legal play
/// from the empty board until `empty` cells are left, never a finished
/// one: a move that would end the game is never drawn, and off 3x3
/// neither is one that leaves the side to move a win in one, which would
/// make the exercise a search for that one move (on 3x3 the seeds draw
/// the positions they always have, so printed worksheets replay). A line
/// of play that runs out of such moves is started again from the empty
/// board, up to `DRAW_ATTEMPTS` times; then one line may leave a win in
/// one, and stops short (more empty cells) only if every move ends the
/// game.
pub fn drawn_position(shape: Shape, empty: u32, seed: u64) -> Board {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let quiet_only = shape != Shape::TIC_TAC_TOE;
    for _ in 0..DRAW_ATTEMPTS {
        let board = random_play(shape, empty, quiet_only, &mut rng);
        if board.empty().count_ones() <= empty {
            return board;
        }
    }
    random_play(shape, empty, false, &mut rng)
}

/// Lines of play `drawn_position` tries.
const DRAW_ATTEMPTS: usize = 50;

/// One line of random play towards `empty` empty cells (see
/// `drawn_position`): with `quiet_only`, only moves that leave no win in
/// one.
fn random_play(shape: Shape, empty: u32, quiet_only: bool, rng: &mut ChaCha8Rng) -> Board {
    let mut board = Board::new(shape);
    while board.empty().count_ones() > empty {
        let choices: Vec<Board> = board
            .legal_moves()
            .filter_map(|cell| {
                let mut next = board;
                (next.play(cell).is_ok() && next.outcome() == GameOutcome::Ongoing).then_some(next)
            })
            .filter(|next| !quiet_only || !has_winning_move(next))
            .collect();
        if choices.is_empty() {
            break;
        }
        board = choices[draw(rng, 0, choices.len() - 1)];
    }
    board
}

/// True if the side to move in `board` wins with one of its moves.
fn has_winning_move(board: &Board) -> bool {
    board.legal_moves().any(|cell| {
        let mut next = *board;
        next.play(cell).is_ok() && matches!(next.outcome(), GameOutcome::Won(..))
    })
}

fn check_position(board: &Board) -> Result<(), ExerciseError> {
    if board.outcome() != GameOutcome::Ongoing {
        return Err(ExerciseError::GameOver);
    }
    Ok(())
}

/// Kind 4: a search of a position to the end.
#[derive(Debug, Clone, PartialEq)]
pub struct BestMoveProblem {
    pub board: Board,
    /// `minimax`, `alphabeta` or `alphabeta-tt` (with `settings`).
    pub player: PlayerKind,
    pub settings: SearchSettings,
}

/// The players kind 4 asks about: their root's children are the moves,
/// each searched once.
pub const BEST_MOVE_PLAYERS: [PlayerKind; 3] = [
    PlayerKind::Minimax,
    PlayerKind::AlphaBeta,
    PlayerKind::AlphaBetaTt,
];

/// The most empty cells `player` searches to the end in a best-move
/// exercise on a board of `shape`, so that recording its search takes
/// well under a second. Measured on drawn positions (the slowest of six
/// seeds, recorded as the exercise records it): minimax 0.25 s at 10 empty
/// cells of 4x4 and 5x5, 0.08 s at 12 of Connect Four (0.9 s at 14);
/// alphabeta 0.57 s at 12 of 4x4 (1.6 s at 14), 0.04 s at 16 of Connect
/// Four; alphabeta-tt 0.18 s at 16 of 5x5, 0.06 s at 16 of Connect Four.
/// Every 3x3 position passes.
pub fn best_move_empty_limit(player: PlayerKind, shape: Shape) -> u32 {
    match (player, shape.gravity()) {
        (PlayerKind::Minimax, false) => 10,
        (PlayerKind::Minimax, true) | (PlayerKind::AlphaBeta, false) => 12,
        _ => 16,
    }
}

/// A root move as the recorded search left it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootMove {
    /// From 0.
    pub cell: usize,
    /// On X's scale, the score's units; a bound when `bound` says so.
    pub value: i32,
    pub bound: Bound,
    /// Its window on X's scale.
    pub alpha: i32,
    pub beta: i32,
}

/// What the search found at the root.
#[derive(Debug, Clone, PartialEq)]
pub struct RootSearch {
    pub side: Side,
    /// In the order searched.
    pub moves: Vec<RootMove>,
    /// The position's value on X's scale.
    pub value: i32,
}

impl RootSearch {
    /// The moves proven best: exact and worth the position's value.
    pub fn best_moves(&self) -> impl Iterator<Item = &RootMove> {
        self.moves
            .iter()
            .filter(|root_move| root_move.bound == Bound::Exact && root_move.value == self.value)
    }
}

impl BestMoveProblem {
    /// A position drawn on `shape` with `empty` empty cells
    /// (`drawn_position`), searched by `alphabeta`.
    pub fn drawn(shape: Shape, empty: u32, seed: u64) -> BestMoveProblem {
        BestMoveProblem {
            board: drawn_position(shape, empty, seed),
            player: PlayerKind::AlphaBeta,
            settings: SearchSettings::default(),
        }
    }

    pub fn check(&self) -> Result<(), ExerciseError> {
        if !BEST_MOVE_PLAYERS.contains(&self.player) {
            return Err(ExerciseError::WrongProblem);
        }
        check_position(&self.board)?;
        let empty = self.board.empty().count_ones();
        let limit = best_move_empty_limit(self.player, self.board.shape());
        if empty > limit {
            return Err(ExerciseError::TooManyEmptyCells { empty, limit });
        }
        Ok(())
    }

    /// The recorded search's root: each move's value, bound and window.
    pub fn search(&self) -> RootSearch {
        let options = PlayerOptions {
            search: self.settings,
            ..PlayerOptions::default()
        };
        let tree = SearchTree::record(
            self.player,
            &self.board,
            &options,
            DEFAULT_BUDGET,
            &CancelFlag::new(),
        )
        .expect("a search of the players kind 4 asks about is recorded, and nothing cancels it");
        let moves = tree
            .children(0)
            .map(|id| {
                let node = tree.node(id);
                let view = x_view(node);
                RootMove {
                    cell: node.cell().expect("a root child is a move"),
                    value: view.value,
                    bound: view.bound,
                    alpha: view.alpha,
                    beta: view.beta,
                }
            })
            .collect();
        RootSearch {
            side: self.board.side_to_move(),
            moves,
            value: x_view(tree.node(0)).value,
        }
    }
}

/// Kind 5: Monte Carlo after some playouts.
#[derive(Debug, Clone)]
pub struct MctsProblem {
    pub board: Board,
    pub seed: u64,
    /// Playouts run before the question (from 1).
    pub playouts: u32,
    /// The exploration constant c.
    pub exploration: f64,
    /// The selection after the playouts, once run: the question, the
    /// solution and the check all read it, and the playouts may be many.
    choice: OnceLock<Choice>,
}

/// The same problem, whether or not its playouts have run yet.
impl PartialEq for MctsProblem {
    fn eq(&self, other: &MctsProblem) -> bool {
        (self.board, self.seed, self.playouts, self.exploration)
            == (other.board, other.seed, other.playouts, other.exploration)
    }
}

impl MctsProblem {
    pub fn new(board: Board, seed: u64, playouts: u32, exploration: f64) -> MctsProblem {
        MctsProblem {
            board,
            seed,
            playouts,
            exploration,
            choice: OnceLock::new(),
        }
    }

    /// A position drawn on `shape` with `empty` empty cells
    /// (`drawn_position`) after `playouts` playouts, with the `mcts`
    /// player's c.
    pub fn drawn(shape: Shape, empty: u32, playouts: u32, seed: u64) -> MctsProblem {
        MctsProblem::new(
            drawn_position(shape, empty, seed),
            seed,
            playouts,
            EXPLORATION,
        )
    }

    pub fn check(&self) -> Result<(), ExerciseError> {
        if self.playouts == 0 || !self.exploration.is_finite() || self.exploration < 0.0 {
            return Err(ExerciseError::WrongProblem);
        }
        check_position(&self.board)
    }

    /// Selection at the root after the playouts: every child's visits and
    /// UCB terms, and the one picked.
    pub fn choice(&self) -> &Choice {
        self.choice.get_or_init(|| {
            self.selection(&CancelFlag::new())
                .expect("an uncancelled search runs all its playouts")
        })
    }

    /// Runs the playouts unless `cancel` stops them first (false then), so
    /// that `choice` has its answer at once.
    pub fn run_playouts(&self, cancel: &CancelFlag) -> bool {
        if self.choice.get().is_some() {
            return true;
        }
        match self.selection(cancel) {
            Some(choice) => {
                let _ = self.choice.set(choice);
                true
            }
            None => false,
        }
    }

    /// The selection after all the playouts; `None` if `cancel` stopped them.
    fn selection(&self, cancel: &CancelFlag) -> Option<Choice> {
        let mut search = MctsSearch::new(&self.board, self.seed, self.exploration)
            .expect("the problem's game goes on");
        if !search.run(self.playouts, cancel) {
            return None;
        }
        Some(
            search
                .choice(0, self.exploration)
                .expect("after a playout the root has its children"),
        )
    }
}

/// Kinds 6 to 8: a search by alpha-beta to `depth` plies with the shown
/// `evaluation` at its horizon (and for kind 8 to `depth + 1`).
#[derive(Debug, Clone, PartialEq)]
pub struct HorizonProblem {
    pub board: Board,
    pub evaluation: NamedEvaluation,
    /// From 1.
    pub depth: u32,
}

/// The deepest search a horizon exercise asks about (kind 8 searches one
/// more): quick on every board.
pub const HORIZON_MAX_DEPTH: u32 = 4;

impl HorizonProblem {
    /// An exercise of the horizon's `kind` at level `level` (1 to 4) drawn
    /// from `seed`: a position of random play (`drawn_position`) with 6
    /// stones and 2 more a level, on `shape` if it has gravity, else on
    /// Connect Four; `lines` at levels 1 and 2, `threats` above; depth 2,
    /// and for kind 8 depth 3 from level 3. Kind 8 draws from the seed on
    /// until depth N is misled for an even seed and is not for an odd one,
    /// so that the answer is not always no.
    pub fn drawn(kind: Kind, level: u8, shape: Shape, seed: u64) -> HorizonProblem {
        let shape = if shape.gravity() {
            shape
        } else {
            Shape::CONNECT_FOUR
        };
        let stones = (6 + 2 * u32::from(level)).min(shape.cells() as u32 - 4);
        let empty = shape.cells() as u32 - stones;
        let evaluation = if level <= 2 {
            NamedEvaluation::Lines
        } else {
            NamedEvaluation::Threats
        };
        let depth = if kind == Kind::Deeper && level >= 3 {
            3
        } else {
            2
        };
        let problem = |seed| HorizonProblem {
            board: drawn_position(shape, empty, seed),
            evaluation,
            depth,
        };
        if kind != Kind::Deeper {
            return problem(seed);
        }
        let wanted = seed.is_multiple_of(2);
        (0..DRAW_ATTEMPTS as u64)
            .map(|attempt| {
                problem(
                    seed.wrapping_mul(DRAW_ATTEMPTS as u64)
                        .wrapping_add(attempt),
                )
            })
            .find(|problem| problem.check().is_ok() && problem.searched().misled() == wanted)
            .unwrap_or_else(|| problem(seed))
    }

    pub fn check(&self) -> Result<(), ExerciseError> {
        if !(1..=HORIZON_MAX_DEPTH).contains(&self.depth) {
            return Err(ExerciseError::WrongProblem);
        }
        check_position(&self.board)
    }

    /// The searches to `depth` and to `depth + 1`.
    pub fn searched(&self) -> Horizon {
        horizon(
            &self.board,
            self.evaluation.evaluation(),
            self.depth,
            &CancelFlag::new(),
        )
        .expect("an uncancelled search of an unfinished position finishes")
    }
}

/// Why a real position's fact is what it is.
#[derive(Debug, Clone, PartialEq)]
pub enum Why {
    /// A depth-limited search: its value is its leaf's evaluation (boxed:
    /// a position is large beside the other reasons).
    Searched(Box<DepthSearch>),
    /// Depth N next to depth N+1.
    Deeper(Box<Horizon>),
    /// The best move and outcome: the root's moves as the search left them.
    Root(RootSearch),
    /// A root move's value left its window, so the search only bounds it.
    Bounded(RootSearch, RootMove),
    /// Selection's children, with their terms, and the pick.
    Selection(Choice),
}
