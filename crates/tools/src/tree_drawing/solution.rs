//! Show solution: an abstract tree's search a step at a time, in search
//! order, each step's drawing, the node it is at and what it did in words.
//! Minimax's steps are its inner nodes as their values become known (a
//! node after its children, left to right); alpha-beta's are its trace's
//! (entering a node, pruning, leaving it).

use tictactoe_engine::abstract_tree::fraction::Fraction;
use tictactoe_engine::abstract_tree::search::{AlphaBeta, Step, expectimax};
use tictactoe_engine::abstract_tree::{AbstractTree, NodeId};
use tictactoe_words::abstract_tree::{cutoff_words, entered_words, returned_words, worth_words};

use super::{
    Drawing, NodeView, Shown, abstract_drawing, alpha_beta_drawing, exact_value, tree_drawing,
    values_title,
};

/// The search whose steps are shown.
enum Search {
    /// Every node's value and the inner nodes in the order they become
    /// known.
    Values {
        values: Vec<Fraction>,
        order: Vec<NodeId>,
    },
    AlphaBeta(AlphaBeta),
}

/// A search of an abstract tree, step by step.
pub struct SolutionSteps {
    tree: AbstractTree,
    search: Search,
}

impl SolutionSteps {
    /// Minimax's (expectimax's) steps on `tree`.
    pub fn minimax(tree: &AbstractTree) -> SolutionSteps {
        let values = expectimax(tree);
        let mut order: Vec<NodeId> = Vec::new();
        // Ids are in search order (a node before its subtree), so
        // a node's value is known once its subtree's last node is.
        let mut pending: Vec<NodeId> = Vec::new();
        for id in 0..tree.len() {
            while let Some(&top) = pending.last() {
                if tree.is_below(id, top) {
                    break;
                }
                order.push(top);
                pending.pop();
            }
            if !tree.node(id).is_leaf() {
                pending.push(id);
            }
        }
        order.extend(pending.into_iter().rev());
        SolutionSteps {
            tree: tree.clone(),
            search: Search::Values { values, order },
        }
    }

    /// Alpha-beta's steps on `tree`: those of `search`, its trace.
    pub fn alpha_beta(tree: &AbstractTree, search: AlphaBeta) -> SolutionSteps {
        SolutionSteps {
            tree: tree.clone(),
            search: Search::AlphaBeta(search),
        }
    }

    /// How many steps there are.
    pub fn len(&self) -> usize {
        match &self.search {
            Search::Values { order, .. } => order.len(),
            Search::AlphaBeta(search) => search.steps.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The tree after the first `steps` steps (all of them: the whole
    /// solution).
    pub fn drawing(&self, steps: usize) -> Drawing {
        match &self.search {
            Search::Values { values, order } if steps >= order.len() => {
                abstract_drawing(&self.tree, Shown::Values(values))
            }
            Search::Values { values, order } => {
                let mut known = vec![false; self.tree.len()];
                for &id in &order[..steps] {
                    known[id] = true;
                }
                tree_drawing(&self.tree, values_title(), &[], |id| NodeView {
                    value: known[id].then(|| exact_value(values[id])),
                    ..NodeView::default()
                })
            }
            Search::AlphaBeta(search) => alpha_beta_drawing(&self.tree, search, steps),
        }
    }

    /// The node step `step` (from 0) is at.
    pub fn node(&self, step: usize) -> Option<NodeId> {
        match &self.search {
            Search::Values { order, .. } => order.get(step).copied(),
            Search::AlphaBeta(search) => search.steps.get(step).map(|step| match step {
                Step::Enter { node, .. } | Step::Leave { node, .. } => *node,
                Step::Cutoff(cutoff) => cutoff.node,
            }),
        }
    }

    /// What step `step` (from 0) did, in a sentence.
    pub fn words(&self, step: usize) -> Option<String> {
        let tree = &self.tree;
        match &self.search {
            Search::Values { values, order } => {
                order.get(step).map(|&id| worth_words(tree, id, values[id]))
            }
            Search::AlphaBeta(search) => search.steps.get(step).map(|step| match step {
                Step::Enter { node, alpha, beta } => entered_words(tree, *node, *alpha, *beta),
                Step::Leave { node, value } => returned_words(tree, *node, *value),
                Step::Cutoff(cutoff) => cutoff_words(tree, cutoff),
            }),
        }
    }
}
