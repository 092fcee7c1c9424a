//! One playout of `MctsSearch` told phase by phase, as facts: the path
//! selection took with the UCB terms of every child it chose among, the
//! node expansion added, the random playout's moves, the result, and the
//! statistics carried back up the path.
//!
//! Results and UCB terms are for the side choosing (1 a win, 0.5 a draw,
//! 0 a loss), as UCB compares them; `report::on_x_scale` puts a mean on
//! X's scale.

use super::{MctsSearch, Node, PlayoutObserver, select, ucb_terms};
use crate::board::{Board, Side};
use crate::growing::{
    GrowingSearch, LeafValue, Selection, Step, StepChild, StepChoice, StepUpdate, side_to_move_at,
};
use crate::report::on_x_scale;
use crate::search::CancelFlag;

/// A child as selection saw it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChildTerms {
    /// Its index in the tree.
    pub node: usize,
    pub cell: usize,
    pub visits: u32,
    /// The two terms of its UCB score: its mean result for the side
    /// choosing (exploitation) and `c * sqrt(ln N / n)` (exploration);
    /// `None` before its first visit, when selection takes it first.
    pub terms: Option<(f64, f64)>,
}

impl ChildTerms {
    /// Its UCB score, the sum of its terms (`None` unvisited: infinite).
    pub fn ucb(&self) -> Option<f64> {
        self.terms
            .map(|(exploitation, exploration)| exploitation + exploration)
    }
}

/// Selection at one node: its children's terms and the one picked.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The node's index in the tree.
    pub node: usize,
    /// The side to move there, who chooses.
    pub side: Side,
    /// The node's visits, the N of `ln N`.
    pub visits: u32,
    /// The exploration constant c.
    pub exploration: f64,
    /// Its children in cell order.
    pub children: Vec<ChildTerms>,
    /// The tree index of the child selection takes: the first unvisited,
    /// else the highest UCB (the last of equals).
    pub picked: usize,
}

impl Choice {
    fn of(tree: &[Node], node: usize, picked: usize, side: Side, exploration: f64) -> Choice {
        let parent = &tree[node];
        let log_visits = (parent.visits as f64).ln();
        let children = parent
            .children()
            .map(|index| {
                let child = &tree[index];
                ChildTerms {
                    node: index,
                    cell: child.cell as usize,
                    visits: child.visits,
                    terms: (child.visits > 0).then(|| ucb_terms(child, log_visits, exploration)),
                }
            })
            .collect();
        Choice {
            node,
            side,
            visits: parent.visits,
            exploration,
            children,
            picked,
        }
    }

    /// The picked child's terms.
    pub fn picked_child(&self) -> &ChildTerms {
        self.children
            .iter()
            .find(|child| child.node == self.picked)
            .expect("the picked node is a child")
    }
}

/// A node's statistics after a playout's result was carried up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodeUpdate {
    pub node: usize,
    /// The move into it (`None` for the root).
    pub cell: Option<usize>,
    /// The side that moved into it, whose results it sums.
    pub mover: Side,
    pub visits: u32,
    /// The sum of its results for `mover`.
    pub reward: f64,
}

impl NodeUpdate {
    /// The mean result for `mover`.
    pub fn mean(&self) -> f64 {
        self.reward / self.visits as f64
    }
}

/// One playout, phase by phase.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayoutTrace {
    /// Which playout of the search it was, from 1.
    pub number: u32,
    /// Selection: a choice per node on the path, from the root down; the
    /// picked children are the path's moves.
    pub selection: Vec<Choice>,
    /// The node that got its children this playout, if one did.
    pub expanded: Option<usize>,
    /// The node reached for the first time, where the tree grows (`None`
    /// when selection ends at a finished position it had reached before).
    pub new_node: Option<usize>,
    /// The random playout's moves from the end of the path (none when the
    /// path ends in a finished position).
    pub playout: Vec<usize>,
    /// The result: the winner, `None` for a draw.
    pub winner: Option<Side>,
    /// Back-propagation: each node on the path, the root first, with its
    /// statistics after the result was added.
    pub updates: Vec<NodeUpdate>,
}

impl PlayoutTrace {
    /// The path's moves, from the root down.
    pub fn path(&self) -> impl Iterator<Item = usize> + '_ {
        self.selection
            .iter()
            .map(|choice| choice.picked_child().cell)
    }
}

/// Keeps what a playout does.
struct Recorder {
    exploration: f64,
    selection: Vec<Choice>,
    expanded: Option<usize>,
    playout: Vec<usize>,
}

impl PlayoutObserver for Recorder {
    fn selected(&mut self, tree: &[Node], parent: usize, child: usize, position: &Board) {
        let side = position.side_to_move();
        self.selection
            .push(Choice::of(tree, parent, child, side, self.exploration));
    }

    fn expanded(&mut self, node: usize) {
        self.expanded = Some(node);
    }

    fn played(&mut self, cell: usize) {
        self.playout.push(cell);
    }
}

impl MctsSearch {
    /// Runs one playout, as `playout` does, and tells it phase by phase.
    pub fn traced_playout(&mut self) -> PlayoutTrace {
        let mut recorder = Recorder {
            exploration: self.exploration,
            selection: Vec::with_capacity(self.board.cells()),
            expanded: None,
            playout: Vec::with_capacity(self.board.cells()),
        };
        let winner = self.observed_playout(&mut recorder);
        let leaf = *self.path.last().expect("the path holds the root");
        let mut mover = self.board.side_to_move().opponent();
        let updates = self
            .path
            .iter()
            .map(|&index| {
                let node = &self.tree[index];
                let update = NodeUpdate {
                    node: index,
                    cell: (index != 0).then_some(node.cell as usize),
                    mover,
                    visits: node.visits,
                    reward: node.reward,
                };
                mover = mover.opponent();
                update
            })
            .collect();
        PlayoutTrace {
            number: self.playouts(),
            selection: recorder.selection,
            expanded: recorder.expanded,
            new_node: (self.tree[leaf].visits == 1).then_some(leaf),
            playout: recorder.playout,
            winner,
            updates,
        }
    }

    /// What selection at `node` sees now with the exploration constant
    /// `exploration` (the search's own or another, to show what changing
    /// it would pick): `None` for a node without children yet.
    pub fn choice(&self, node: usize, exploration: f64) -> Option<Choice> {
        if !self.tree[node].expanded {
            return None;
        }
        let picked = select(&self.tree, node, exploration);
        let side = side_to_move_at(self.board.side_to_move(), self.tree.len(), node, |index| {
            self.tree[index].children()
        });
        Some(Choice::of(&self.tree, node, picked, side, exploration))
    }
}

/// A game's result on X's scale: +1 X won, 0 a draw, -1 O won.
fn winner_on_x_scale(winner: Option<Side>) -> f64 {
    winner.map_or(0.0, |side| f64::from(side.sign()))
}

impl From<&Choice> for StepChoice {
    fn from(choice: &Choice) -> StepChoice {
        StepChoice {
            node: choice.node,
            side: choice.side,
            visits: choice.visits,
            exploration: choice.exploration,
            children: choice
                .children
                .iter()
                .map(|child| StepChild {
                    node: child.node,
                    cell: child.cell,
                    visits: child.visits,
                    mean: child
                        .terms
                        .map(|(exploitation, _)| on_x_scale(choice.side, exploitation)),
                    prior: None,
                    terms: child.terms,
                })
                .collect(),
            picked: choice.picked,
        }
    }
}

impl From<PlayoutTrace> for Step {
    fn from(trace: PlayoutTrace) -> Step {
        let leaf = if trace.playout.is_empty() {
            LeafValue::GameOver {
                winner: trace.winner,
            }
        } else {
            LeafValue::Playout {
                moves: trace.playout,
                winner: trace.winner,
            }
        };
        Step {
            number: trace.number,
            selection: trace.selection.iter().map(StepChoice::from).collect(),
            expanded: trace.expanded,
            new_node: trace.new_node,
            leaf,
            result: winner_on_x_scale(trace.winner),
            updates: trace
                .updates
                .iter()
                .map(|update| StepUpdate {
                    node: update.node,
                    cell: update.cell,
                    visits: update.visits,
                    mean: on_x_scale(update.mover, update.mean()),
                })
                .collect(),
        }
    }
}

impl GrowingSearch for MctsSearch {
    fn selection(&self) -> Selection {
        Selection::Ucb
    }

    fn board(&self) -> &Board {
        MctsSearch::board(self)
    }

    fn steps(&self) -> u32 {
        self.playouts()
    }

    fn exploration(&self) -> f64 {
        MctsSearch::exploration(self)
    }

    fn set_exploration(&mut self, exploration: f64) {
        MctsSearch::set_exploration(self, exploration);
    }

    fn step(&mut self) -> Step {
        self.traced_playout().into()
    }

    fn run(&mut self, steps: u32, cancel: &CancelFlag) -> bool {
        MctsSearch::run(self, steps, cancel)
    }

    fn choice(&self, node: usize) -> Option<StepChoice> {
        MctsSearch::choice(self, node, self.exploration)
            .as_ref()
            .map(StepChoice::from)
    }
}
