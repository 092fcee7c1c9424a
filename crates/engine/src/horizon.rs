//! The horizon made visible: a position searched by alpha-beta to depth N
//! and to depth N+1 with one evaluation, each with its best move, its
//! value, its principal variation and the leaf at the end of it, whose
//! static evaluation is the value the root was given. Depth N is misled
//! where its move differs from depth N+1's; on a board with gravity the
//! solver can say which of the two moves throws the game's value away.

use std::time::Instant;

use crate::board::{Board, Outcome, Side};
use crate::evaluation::Evaluation;
use crate::players::AlphaBetaPlayer;
use crate::search::CancelFlag;
use crate::solver::{Solver, Strength};

/// One search to a fixed depth.
#[derive(Debug, Clone, PartialEq)]
pub struct DepthSearch {
    /// In plies; never more than the empty cells.
    pub depth: u32,
    /// A cell from 0.
    pub best: usize,
    /// The root's value on X's scale, exact for this depth (the best
    /// move's value is exact in alpha-beta's window at the root).
    pub value: i32,
    /// The principal variation, `best` first.
    pub pv: Vec<usize>,
    /// The position at the end of the principal variation.
    pub leaf: Board,
    /// The leaf's static evaluation on X's scale: the estimate that
    /// decided the root; `None` where the variation ends the game (its
    /// value is then the result, not an estimate).
    pub leaf_evaluation: Option<i32>,
    pub nodes: u64,
}

/// Depth N and depth N+1 side by side.
#[derive(Debug, Clone, PartialEq)]
pub struct Horizon {
    pub shallow: DepthSearch,
    pub deep: DepthSearch,
}

impl Horizon {
    /// Depth N chooses another move than depth N+1.
    pub fn misled(&self) -> bool {
        self.shallow.best != self.deep.best
    }
}

/// `board` searched to `depth` plies by alpha-beta with `evaluation` at
/// its horizon; `None` on a finished game or when `cancel` stopped it.
pub fn search_to(
    board: &Board,
    evaluation: Evaluation,
    depth: u32,
    cancel: &CancelFlag,
) -> Option<DepthSearch> {
    let report = AlphaBetaPlayer::new(Some(depth))
        .with_evaluation(evaluation)
        .search(board, cancel, ());
    if report.aborted {
        return None;
    }
    let (best, value) = (report.best?, report.score?);
    let mut leaf = *board;
    for &cell in &report.pv {
        leaf.play(cell)
            .expect("a principal variation is a line of legal moves");
    }
    // The side that made the last move: the searches evaluate for it.
    let mover = leaf.side_to_move().opponent();
    let leaf_evaluation = (leaf.outcome() == Outcome::Ongoing)
        .then(|| mover.sign() * evaluation.value_of(&leaf, mover));
    Some(DepthSearch {
        depth: report.depth,
        best,
        value,
        pv: report.pv,
        leaf,
        leaf_evaluation,
        nodes: report.stats.nodes,
    })
}

/// `board` searched to `depth` and to `depth + 1` plies.
pub fn horizon(
    board: &Board,
    evaluation: Evaluation,
    depth: u32,
    cancel: &CancelFlag,
) -> Option<Horizon> {
    Some(Horizon {
        shallow: search_to(board, evaluation, depth, cancel)?,
        deep: search_to(board, evaluation, depth + 1, cancel)?,
    })
}

/// What the solver says of the position and the two searches' moves:
/// who wins with best play (`None`: a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judgement {
    /// The side to move.
    pub side: Side,
    /// With best play from the position.
    pub best: Option<Side>,
    /// After depth N's move, with best play.
    pub shallow: Option<Side>,
    /// After depth N+1's move, with best play.
    pub deep: Option<Side>,
}

impl Judgement {
    /// Depth N's move throws the game's value away (a win made a draw or a
    /// loss, a draw a loss), as the exam counts a mistake.
    pub fn shallow_mistaken(&self) -> bool {
        self.rank(self.shallow) < self.rank(self.best)
    }

    /// Depth N+1's move throws the game's value away.
    pub fn deep_mistaken(&self) -> bool {
        self.rank(self.deep) < self.rank(self.best)
    }

    /// How good a result is for the side to move: a loss, a draw, a win.
    fn rank(&self, winner: Option<Side>) -> u8 {
        match winner {
            None => 1,
            Some(side) if side == self.side => 2,
            Some(_) => 0,
        }
    }
}

/// The solver's judgement of `found`'s two moves on `board` (who wins,
/// the solver's weak solution, enough to tell a mistake), all solved
/// before `deadline`; `None` without gravity (the solver is quick only
/// there) or when it was stopped first.
pub fn judge(
    solver: &mut Solver,
    board: &Board,
    found: &Horizon,
    cancel: &CancelFlag,
    deadline: Option<Instant>,
) -> Option<Judgement> {
    if !board.shape().gravity() {
        return None;
    }
    let mut winner = |position: &Board| {
        let solved = match deadline {
            Some(deadline) => solver.solve_before(position, Strength::Weak, cancel, deadline),
            None => solver.solve(position, Strength::Weak, cancel),
        };
        solved.map(|solution| solution.winner())
    };
    let after = |cell: usize| {
        let mut position = *board;
        position.play(cell).expect("a search's best move is legal");
        position
    };
    Some(Judgement {
        side: board.side_to_move(),
        best: winner(board)?,
        shallow: winner(&after(found.shallow.best))?,
        deep: winner(&after(found.deep.best))?,
    })
}
