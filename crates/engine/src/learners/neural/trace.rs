//! One simulation of `PuctSearch` told phase by phase, as facts: the path
//! PUCT took with every child's prior and score terms, the position the
//! network evaluated (its value in place of a random playout), and the
//! statistics carried back up the path.
//!
//! Values are for the side named (-1 lost to +1 won), as the search keeps
//! them; `Side::sign` puts one on X's scale, as the `GrowingSearch` shape
//! of a simulation has it.

use std::borrow::Borrow;

use super::{Node, PuctSearch, SimulationObserver, select, value_on_x_scale};
use crate::board::{Board, Side};
use crate::growing::{
    GrowingSearch, LeafValue, Selection, Step, StepChild, StepChoice, StepUpdate, side_to_move_at,
};
use crate::learners::network::Network;
use crate::search::CancelFlag;

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
    /// a visit; exploitation) and the prior's bonus `c * P * sqrt(N) / (1 +
    /// n)` (exploration).
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
    /// The exploration constant c.
    pub exploration: f32,
    /// Its children in cell order.
    pub children: Vec<PuctChild>,
    /// The tree index of the child taken: the highest score (the first of
    /// equals).
    pub picked: usize,
}

impl PuctChoice {
    fn of(tree: &[Node], node: usize, picked: usize, side: Side, exploration: f32) -> PuctChoice {
        let parent = &tree[node];
        let children = parent
            .children()
            .map(|index| {
                let child = &tree[index];
                PuctChild {
                    node: index,
                    cell: child.cell as usize,
                    prior: child.prior,
                    visits: child.visits,
                    terms: child.puct_terms(parent.visits, exploration),
                }
            })
            .collect();
        PuctChoice {
            node,
            side,
            visits: parent.visits,
            exploration,
            children,
            picked,
        }
    }

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

impl PuctUpdate {
    /// The mean value for `mover`, as `Node::mean` has it.
    pub fn mean(&self) -> f32 {
        self.value_sum / self.visits as f32
    }
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

struct Recorder {
    exploration: f32,
    selection: Vec<PuctChoice>,
    evaluated: Option<(usize, f32)>,
}

impl SimulationObserver for Recorder {
    fn selected(&mut self, tree: &[Node], parent: usize, child: usize, position: &Board) {
        let side = position.side_to_move();
        self.selection
            .push(PuctChoice::of(tree, parent, child, side, self.exploration));
    }

    fn evaluated(&mut self, node: usize, value: f32) {
        self.evaluated = Some((node, value));
    }
}

impl<N: Borrow<Network>> PuctSearch<N> {
    /// Runs one simulation, as `run` does, and tells it phase by phase.
    pub fn traced_simulation(&mut self) -> SimulationTrace {
        let mut recorder = Recorder {
            exploration: self.exploration,
            selection: Vec::with_capacity(self.board.cells()),
            evaluated: None,
        };
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

    /// What PUCT at `node` sees now with the search's c: `None` for a node
    /// without children yet.
    pub fn choice(&self, node: usize) -> Option<PuctChoice> {
        let tree = &self.search.tree;
        if !tree[node].expanded {
            return None;
        }
        let picked = select(tree, node, self.exploration);
        let side = side_to_move_at(self.board.side_to_move(), tree.len(), node, |index| {
            tree[index].children()
        });
        Some(PuctChoice::of(tree, node, picked, side, self.exploration))
    }
}

impl From<&PuctChoice> for StepChoice {
    fn from(choice: &PuctChoice) -> StepChoice {
        StepChoice {
            node: choice.node,
            side: choice.side,
            visits: choice.visits,
            exploration: f64::from(choice.exploration),
            children: choice
                .children
                .iter()
                .map(|child| StepChild {
                    node: child.node,
                    cell: child.cell,
                    visits: child.visits,
                    // The mean term is the side choosing's mean value; an
                    // unvisited child's 0 is no mean yet.
                    mean: (child.visits > 0).then(|| value_on_x_scale(choice.side, child.terms.0)),
                    prior: Some(f64::from(child.prior)),
                    terms: Some((f64::from(child.terms.0), f64::from(child.terms.1))),
                })
                .collect(),
            picked: choice.picked,
        }
    }
}

impl From<SimulationTrace> for Step {
    fn from(trace: SimulationTrace) -> Step {
        let last = trace.updates.last().expect("the path holds the root");
        // `leaf_value` is for the side that moved into the last node.
        let result = value_on_x_scale(last.mover, trace.leaf_value);
        let leaf = match trace.evaluated {
            Some(_) => LeafValue::Network { value: result },
            None => LeafValue::GameOver {
                winner: (trace.leaf_value > 0.0).then_some(last.mover),
            },
        };
        Step {
            number: trace.number,
            selection: trace.selection.iter().map(StepChoice::from).collect(),
            expanded: trace.evaluated.map(|(node, _)| node),
            new_node: (last.visits == 1).then_some(last.node),
            leaf,
            result,
            updates: trace
                .updates
                .iter()
                .map(|update| StepUpdate {
                    node: update.node,
                    cell: update.cell,
                    visits: update.visits,
                    mean: value_on_x_scale(update.mover, update.mean()),
                })
                .collect(),
        }
    }
}

/// The neural player's search shown step by step: a step is a simulation.
impl<N: Borrow<Network> + Send> GrowingSearch for PuctSearch<N> {
    fn selection(&self) -> Selection {
        Selection::Puct
    }

    fn board(&self) -> &Board {
        PuctSearch::board(self)
    }

    /// The simulations run: the root's evaluation, made when the search
    /// was created, is none of them (0 before the first step).
    fn steps(&self) -> u32 {
        self.simulations()
    }

    /// c as the scores use it, in `f32`.
    fn exploration(&self) -> f64 {
        f64::from(PuctSearch::exploration(self))
    }

    fn set_exploration(&mut self, exploration: f64) {
        PuctSearch::set_exploration(self, exploration as f32);
    }

    fn step(&mut self) -> Step {
        self.traced_simulation().into()
    }

    fn run(&mut self, steps: u32, cancel: &CancelFlag) -> bool {
        PuctSearch::run(self, steps, cancel)
    }

    fn choice(&self, node: usize) -> Option<StepChoice> {
        PuctSearch::choice(self, node)
            .as_ref()
            .map(StepChoice::from)
    }
}
