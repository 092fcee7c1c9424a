//! One simulation of `PuctSearch` told phase by phase, as facts: the path
//! PUCT took with every child's prior and score terms, the position the
//! network evaluated (its value in place of a random playout), and the
//! statistics carried back up the path.
//!
//! Values are for the side named (-1 lost to +1 won), as the search keeps
//! them; `Side::sign` puts one on X's scale.

use super::{Node, PuctSearch, SimulationObserver};
use crate::board::{Board, Side};

/// A child as PUCT saw it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuctChild {
    /// Its index in the tree.
    pub node: usize,
    pub cell: usize,
    /// The network's prior P for its move.
    pub prior: f32,
    pub visits: u32,
    /// The score's terms: the mean value for the side choosing (0 before
    /// a visit; exploitation) and the prior's bonus `C_PUCT * P * sqrt(N)
    /// / (1 + n)` (exploration).
    pub terms: (f32, f32),
}

impl PuctChild {
    /// Its PUCT score, the sum of its terms.
    pub fn score(&self) -> f32 {
        self.terms.0 + self.terms.1
    }
}

/// PUCT at one node: its children's terms and the one picked.
#[derive(Debug, Clone, PartialEq)]
pub struct PuctChoice {
    /// The node's index in the tree.
    pub node: usize,
    /// The side to move there, who chooses.
    pub side: Side,
    /// The node's visits, the N of `sqrt(N)`.
    pub visits: u32,
    /// Its children in cell order.
    pub children: Vec<PuctChild>,
    /// The tree index of the child taken: the highest score (the first of
    /// equals).
    pub picked: usize,
}

impl PuctChoice {
    /// The picked child's terms.
    pub fn picked_child(&self) -> &PuctChild {
        self.children
            .iter()
            .find(|child| child.node == self.picked)
            .expect("the picked node is a child")
    }
}

/// A node's statistics after a simulation's value was carried up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuctUpdate {
    pub node: usize,
    /// The move into it (`None` for the root).
    pub cell: Option<usize>,
    /// The side that moved into it, whose values it sums.
    pub mover: Side,
    pub visits: u32,
    pub value_sum: f32,
}

/// One simulation, phase by phase.
#[derive(Debug, Clone, PartialEq)]
pub struct SimulationTrace {
    /// Which simulation of the search it was, from 1.
    pub number: u32,
    /// A choice per node on the path, from the root down.
    pub selection: Vec<PuctChoice>,
    /// The node the network evaluated and expanded, with its value for the
    /// side to move there; `None` when the path ended the game.
    pub evaluated: Option<(usize, f32)>,
    /// The value carried up, for the side that moved into the last node:
    /// the network's value negated, or the game's result (1 won, 0 drawn).
    pub leaf_value: f32,
    /// Each node on the path, the root first, after the value was added.
    pub updates: Vec<PuctUpdate>,
}

impl SimulationTrace {
    /// The path's moves, from the root down.
    pub fn path(&self) -> impl Iterator<Item = usize> + '_ {
        self.selection
            .iter()
            .map(|choice| choice.picked_child().cell)
    }
}

#[derive(Default)]
struct Recorder {
    selection: Vec<PuctChoice>,
    evaluated: Option<(usize, f32)>,
}

impl SimulationObserver for Recorder {
    fn selected(&mut self, tree: &[Node], parent: usize, child: usize, position: &Board) {
        let node = &tree[parent];
        let children = node
            .children()
            .map(|index| {
                let child = &tree[index];
                PuctChild {
                    node: index,
                    cell: child.cell as usize,
                    prior: child.prior,
                    visits: child.visits,
                    terms: child.puct_terms(node.visits),
                }
            })
            .collect();
        self.selection.push(PuctChoice {
            node: parent,
            side: position.side_to_move(),
            visits: node.visits,
            children,
            picked: child,
        });
    }

    fn evaluated(&mut self, node: usize, value: f32) {
        self.evaluated = Some((node, value));
    }
}

impl PuctSearch<'_> {
    /// Runs one simulation, as `run` does, and tells it phase by phase.
    pub fn traced_simulation(&mut self) -> SimulationTrace {
        let mut recorder = Recorder::default();
        let leaf_value = self.observed_simulation(&mut recorder);
        let tree = &self.search.tree;
        let mut mover = self.board.side_to_move().opponent();
        let updates = self
            .path
            .iter()
            .map(|&index| {
                let node = &tree[index];
                let update = PuctUpdate {
                    node: index,
                    cell: (index != 0).then_some(node.cell as usize),
                    mover,
                    visits: node.visits,
                    value_sum: node.value_sum,
                };
                mover = mover.opponent();
                update
            })
            .collect();
        SimulationTrace {
            number: self.simulations(),
            selection: recorder.selection,
            evaluated: recorder.evaluated,
            leaf_value,
            updates,
        }
    }
}
