//! Searches that grow a tree one step at a time, Monte Carlo tree search's
//! playouts and the neural player's PUCT simulations, in one shape, so that
//! one view can show either step by step.
//!
//! A step has the same phases in both: selection down the tree, the node
//! that grew, the leaf's evaluation (a random playout, or the network's
//! value), and the result carried back up the path. Means are on X's
//! scale (-1 O wins, 0 a draw, +1 X wins); a score's two terms stay on the
//! scale the algorithm adds them on, for the side choosing.

use std::ops::Range;

use crate::board::{Board, Side};
use crate::search::CancelFlag;

/// Which rule selection scores the children by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection {
    /// UCB1: the mean result (0 lost to 1 won) plus `c * sqrt(ln N / n)`.
    Ucb,
    /// PUCT: the mean value (-1 lost to +1 won) plus `c * P * sqrt(N) /
    /// (1 + n)`, P the network's prior.
    Puct,
}

/// A child as selection saw it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepChild {
    /// Its index in the tree.
    pub node: usize,
    pub cell: usize,
    pub visits: u32,
    /// Its mean on X's scale, `None` before its first visit.
    pub mean: Option<f64>,
    /// The network's prior for its move (PUCT only).
    pub prior: Option<f64>,
    /// Its score's terms for the side choosing: what it has earned
    /// (exploitation) and what exploration adds; `None` where UCB has no
    /// score yet (unvisited: taken first).
    pub terms: Option<(f64, f64)>,
}

impl StepChild {
    /// The score selection compares, the sum of its terms.
    pub fn score(&self) -> Option<f64> {
        self.terms
            .map(|(exploitation, exploration)| exploitation + exploration)
    }
}

/// Selection at one node: each child's terms and the one picked.
#[derive(Debug, Clone, PartialEq)]
pub struct StepChoice {
    /// The node's index in the tree.
    pub node: usize,
    /// The side to move there, who chooses.
    pub side: Side,
    /// The node's visits, the N of the exploration term.
    pub visits: u32,
    /// The exploration constant c.
    pub exploration: f64,
    /// Its children in cell order.
    pub children: Vec<StepChild>,
    /// The tree index of the child taken.
    pub picked: usize,
}

impl StepChoice {
    /// The picked child.
    pub fn picked_child(&self) -> &StepChild {
        self.children
            .iter()
            .find(|child| child.node == self.picked)
            .expect("the picked node is a child")
    }
}

/// How the leaf a step reached was valued.
#[derive(Debug, Clone, PartialEq)]
pub enum LeafValue {
    /// A random game played from it: its moves (none when the leaf's game
    /// is over) and the winner, `None` for a draw.
    Playout {
        moves: Vec<usize>,
        winner: Option<Side>,
    },
    /// The network's value of it, on X's scale.
    Network { value: f64 },
    /// Its game is over: the winner, `None` for a draw.
    GameOver { winner: Option<Side> },
}

/// A node on the path after the step's result was added.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepUpdate {
    pub node: usize,
    /// The move into it (`None` for the root).
    pub cell: Option<usize>,
    pub visits: u32,
    /// Its mean on X's scale.
    pub mean: f64,
}

/// One step, phase by phase.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// Which step of the search it was, from 1.
    pub number: u32,
    /// A choice per node on the path, from the root down; the picked
    /// children are the path's moves.
    pub selection: Vec<StepChoice>,
    /// The node that got its children this step, if one did.
    pub expanded: Option<usize>,
    /// The node reached for the first time, if one was.
    pub new_node: Option<usize>,
    pub leaf: LeafValue,
    /// The result carried up, on X's scale.
    pub result: f64,
    /// Each node on the path, the root first, after the result was added.
    pub updates: Vec<StepUpdate>,
}

impl Step {
    /// The path's moves, from the root down.
    pub fn path(&self) -> impl Iterator<Item = usize> + '_ {
        self.selection
            .iter()
            .map(|choice| choice.picked_child().cell)
    }
}

/// A search that grows its tree one step at a time and can tell a step.
pub trait GrowingSearch: Send {
    fn selection(&self) -> Selection;
    /// The position searched.
    fn board(&self) -> &Board;
    /// Steps run so far.
    fn steps(&self) -> u32;
    /// The exploration constant c the next steps use.
    fn exploration(&self) -> f64;
    /// Sets c for the steps from now on.
    fn set_exploration(&mut self, exploration: f64);
    /// Runs one step and tells it.
    fn step(&mut self) -> Step;
    /// Runs up to `steps` steps untold, stopping early once `cancel` is
    /// set: whether all of them ran.
    fn run(&mut self, steps: u32, cancel: &CancelFlag) -> bool;
    /// What selection at the tree's `node` sees now; `None` for a node
    /// without children yet.
    fn choice(&self, node: usize) -> Option<StepChoice>;
}

/// The side to move at `node` of a tree of `len` nodes, `root_side` to
/// move at its root and `children` giving each node's children: the
/// root's side when the node lies an even number of plies below it.
pub fn side_to_move_at(
    root_side: Side,
    len: usize,
    node: usize,
    children: impl Fn(usize) -> Range<usize>,
) -> Side {
    // Nodes do not know their parents: one pass over the tree finds them
    // (a call from a view, never inside a search).
    let mut parents = vec![0; len];
    for index in 0..len {
        for child in children(index) {
            parents[child] = index;
        }
    }
    let mut side = root_side;
    let mut at = node;
    while at != 0 {
        side = side.opponent();
        at = parents[at];
    }
    side
}
