//! The exercises on real positions (3x3): the move a search plays, its
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
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions, SearchSettings};
use tictactoe_engine::players::mcts::trace::Choice;
use tictactoe_engine::players::mcts::{EXPLORATION, MctsSearch};
use tictactoe_engine::report::Bound;
use tictactoe_engine::score;
use tictactoe_engine::search::CancelFlag;

use super::ExerciseError;
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

/// A position with some random moves played from the empty 3x3 board,
/// never a finished one: from `seed`, with `stones` stones at most (fewer
/// when every further move would end the game).
fn drawn_position(stones: u32, seed: u64) -> Board {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut board = Board::new(Shape::TIC_TAC_TOE);
    for _ in 0..stones {
        let free: Vec<usize> = board
            .legal_moves()
            .filter(|&cell| {
                let mut next = board;
                next.play(cell).is_ok() && next.outcome() == GameOutcome::Ongoing
            })
            .collect();
        if free.is_empty() {
            break;
        }
        let cell = free[draw(&mut rng, 0, free.len() - 1)];
        board.play(cell).expect("a free cell");
    }
    board
}

fn check_position(board: &Board) -> Result<(), ExerciseError> {
    if board.shape() != Shape::TIC_TAC_TOE {
        return Err(ExerciseError::NotThreeByThree);
    }
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
    /// A drawn position with `stones` stones, searched by `alphabeta`.
    pub fn drawn(stones: u32, seed: u64) -> BestMoveProblem {
        BestMoveProblem {
            board: drawn_position(stones, seed),
            player: PlayerKind::AlphaBeta,
            settings: SearchSettings::default(),
        }
    }

    pub fn check(&self) -> Result<(), ExerciseError> {
        if !BEST_MOVE_PLAYERS.contains(&self.player) {
            return Err(ExerciseError::WrongProblem);
        }
        check_position(&self.board)
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
        .expect("a 3x3 search to the end is recorded, and nothing cancels it");
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

    /// A drawn position with `stones` stones after `playouts` playouts,
    /// with the `mcts` player's c.
    pub fn drawn(stones: u32, playouts: u32, seed: u64) -> MctsProblem {
        MctsProblem::new(drawn_position(stones, seed), seed, playouts, EXPLORATION)
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

/// Why a real position's fact is what it is.
#[derive(Debug, Clone, PartialEq)]
pub enum Why {
    /// The best move and outcome: the root's moves as the search left them.
    Root(RootSearch),
    /// A root move's value left its window, so the search only bounds it.
    Bounded(RootSearch, RootMove),
    /// Selection's children, with their terms, and the pick.
    Selection(Choice),
}
