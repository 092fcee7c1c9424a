//! What the network believes of each move from a position, beside the
//! truth: its prior, its value of the position after the move, what a
//! search made of the move (visits, mean) and the move's exact value; the
//! network's first choice and the search's most visited move, and whether
//! a move throws away the best exact value the position allows.
//!
//! Values are on X's scale (-1 O wins, 0 a draw, +1 X wins), as the
//! growing searches' means are.

use super::value_on_x_scale;
use crate::board::{Board, Outcome};
use crate::growing::StepChild;
use crate::learners::network::Network;

/// One move as the network and the search see it, beside its exact value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveBelief {
    pub cell: usize,
    /// The network's prior for the move.
    pub prior: f64,
    /// The network's value of the position after the move, on X's scale;
    /// `None` where the move ends the game (nothing left to value).
    pub value_after: Option<f64>,
    /// The search's visits of the move.
    pub visits: u32,
    /// The search's mean of the move on X's scale, `None` before a visit.
    pub mean: Option<f64>,
    /// The move's exact value on X's scale (+1, 0, -1), `None` unknown.
    pub exact: Option<f64>,
    /// The network's first choice: the highest prior (the lowest cell
    /// among equals), the move the bare policy plays.
    pub first_choice: bool,
    /// The move the search plays: the most visited (then the higher
    /// prior, then the lower cell); none before the first visit.
    pub most_visited: bool,
    /// The best exact value on X's scale another move keeps, where this
    /// move's exact value is worse for the side to move: what it throws
    /// away.
    pub throws_away: Option<f64>,
}

/// Each move from `board` (unfinished, the network's board) in cell order:
/// the network's prior and value after it, the search's `children` (the
/// root's, in cell order: visits and mean; none yet, no visits) and the
/// `exact` values (in cell order, X's scale; shorter while unknown).
pub fn beliefs(
    network: &Network,
    board: &Board,
    children: &[StepChild],
    exact: &[Option<f64>],
) -> Vec<MoveBelief> {
    let priors = network.evaluate(board).priors;
    let mover = board.side_to_move();
    let first_choice = network.first_choice(board);
    let child = |cell: usize| children.iter().find(|child| child.cell == cell);
    let most_visited = board
        .legal_moves()
        .filter_map(|cell| child(cell).filter(|child| child.visits > 0))
        .reduce(|best, next| {
            let better = (next.visits, priors[next.cell]) > (best.visits, priors[best.cell]);
            if better { next } else { best }
        })
        .map(|child| child.cell);
    // The best exact value for the side to move, on X's scale.
    let for_mover = |value: f64| f64::from(mover.sign()) * value;
    let best = exact
        .iter()
        .flatten()
        .copied()
        .reduce(|a, b| if for_mover(b) > for_mover(a) { b } else { a });
    board
        .legal_moves()
        .enumerate()
        .map(|(index, cell)| {
            let mut after = *board;
            after.toggle(cell, mover);
            let value_after = (after.outcome() == Outcome::Ongoing)
                .then(|| value_on_x_scale(after.side_to_move(), network.evaluate(&after).value));
            let exact = exact.get(index).copied().flatten();
            MoveBelief {
                cell,
                prior: f64::from(priors[cell]),
                value_after,
                visits: child(cell).map_or(0, |child| child.visits),
                mean: child(cell).and_then(|child| child.mean),
                exact,
                first_choice: first_choice == Some(cell),
                most_visited: most_visited == Some(cell),
                throws_away: match (exact, best) {
                    (Some(value), Some(best)) if for_mover(value) < for_mover(best) => Some(best),
                    _ => None,
                },
            }
        })
        .collect()
}
