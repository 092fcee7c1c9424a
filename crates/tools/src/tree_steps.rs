//! Walking a recorded search tree the way the search went: into a node,
//! through its children, back out with its value. The explorer's step mode
//! moves this cursor one step at a time, forward or back.

use crate::tree::SearchTree;
use tictactoe_engine::board::Board;

/// Whether a step enters a node or returns its value to its parent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The move was made and the node's search begins; a leaf's value is
    /// known at once, so a leaf has only this step.
    Enter,
    /// The node's children are all searched (or cut off): its value goes
    /// back up.
    Return,
}

/// A place in the search: the nodes from the root to the current one, and
/// whether it is being entered or left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepCursor {
    path: Vec<usize>,
    phase: Phase,
}

impl Default for StepCursor {
    fn default() -> StepCursor {
        StepCursor::at(&[0])
    }
}

impl StepCursor {
    /// Entering the node at the end of `path` (ids from the root).
    fn at(path: &[usize]) -> StepCursor {
        StepCursor {
            path: path.to_vec(),
            phase: Phase::Enter,
        }
    }

    /// Entering node `id`.
    pub fn entering(tree: &SearchTree, id: usize) -> StepCursor {
        StepCursor::at(&tree.ancestry(id))
    }

    /// The node of this step.
    pub fn node(&self) -> usize {
        *self.path.last().expect("a cursor is never off the tree")
    }

    /// The nodes from the root to this step's node.
    pub fn path(&self) -> &[usize] {
        &self.path
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    fn parent(&self) -> Option<usize> {
        self.path.len().checked_sub(2).map(|at| self.path[at])
    }

    /// The first step of the search.
    pub fn is_first(&self) -> bool {
        self.path.len() == 1 && self.phase == Phase::Enter
    }

    /// The last step: the root's value returned (or a root without
    /// children entered).
    pub fn is_last(&self, tree: &SearchTree) -> bool {
        self.path.len() == 1 && (self.phase == Phase::Return || !has_steps_below(tree, 0))
    }

    /// One step on in the search's order; false at the last step.
    pub fn forward(&mut self, tree: &SearchTree) -> bool {
        if self.is_last(tree) {
            return false;
        }
        let id = self.node();
        if self.phase == Phase::Enter && has_steps_below(tree, id) {
            let first = tree.children(id).next().expect("a node with steps below");
            self.path.push(first);
            return true;
        }
        // The node is done: on to its next sibling, or back to its parent.
        let parent = self.parent().expect("only the root has no parent");
        match tree.children(parent).find(|&child| child > id) {
            Some(sibling) => {
                *self.path.last_mut().expect("the node") = sibling;
                self.phase = Phase::Enter;
            }
            None => {
                self.path.pop();
                self.phase = Phase::Return;
            }
        }
        true
    }

    /// One step back; false at the first step.
    pub fn back(&mut self, tree: &SearchTree) -> bool {
        if self.is_first() {
            return false;
        }
        let id = self.node();
        if self.phase == Phase::Return {
            let last = tree
                .children(id)
                .last()
                .expect("a returning node has children");
            self.path.push(last);
            self.phase = if has_steps_below(tree, last) {
                Phase::Return
            } else {
                Phase::Enter
            };
            return true;
        }
        let parent = self.parent().expect("only the root has no parent");
        match tree.children(parent).take_while(|&child| child < id).last() {
            Some(sibling) => {
                *self.path.last_mut().expect("the node") = sibling;
                if has_steps_below(tree, sibling) {
                    self.phase = Phase::Return;
                }
            }
            None => {
                self.path.pop();
            }
        }
        true
    }

    /// The position of this step's node.
    pub fn position(&self, tree: &SearchTree) -> Board {
        position_along(tree, &self.path)
    }
}

/// Whether `id` has kept children, so that it is entered and returned as
/// two steps.
fn has_steps_below(tree: &SearchTree, id: usize) -> bool {
    tree.children(id).next().is_some()
}

/// The position reached along `path` (ids from the root; a pass searches
/// its parent's position again).
pub fn position_along(tree: &SearchTree, path: &[usize]) -> Board {
    let mut board = *tree.root_position();
    for cell in path[1..].iter().filter_map(|&id| tree.node(id).cell()) {
        board.toggle(cell, board.side_to_move());
    }
    board
}

/// The principal variation as node ids from the root: at each node the
/// first child in visit order with the best value for the side to move
/// there, the move the search kept (it replaces its best only on a
/// strictly better value), a move searched again standing for its
/// null-window search; below passes, the last pass, where they converged;
/// Monte Carlo: the most visited child, the move it plays.
pub fn principal_variation(tree: &SearchTree) -> Vec<usize> {
    let merit = |id: usize| {
        let node = tree.node(id);
        if tree.has_windows() {
            i64::from(node.value())
        } else {
            node.subtree_nodes() as i64
        }
    };
    let mut path = vec![0];
    let mut at = 0;
    while let Some(best) = tree
        .children(at)
        .filter(|&child| !tree.searched_again(child))
        .reduce(|best, child| {
            if tree.node(child).is_root_again() || merit(child) > merit(best) {
                child
            } else {
                best
            }
        })
    {
        path.push(best);
        at = best;
    }
    path
}
