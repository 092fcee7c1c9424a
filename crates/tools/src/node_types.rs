//! Knuth and Moore's node types in a recorded alpha-beta search: what each
//! node was expected to be, and what it turned out to be.
//!
//! - A **PV node** gets an exact value inside its window: all its moves
//!   are searched, and its value is the principal variation's.
//! - A **Cut node** fails high: one of its moves refutes the position (its
//!   value reaches β for the side to move) and the rest are pruned. With
//!   perfect move order the first move refutes.
//! - An **All node** fails low: every move is searched and none reaches α.
//!
//! What a node should be follows from its parent alone (Knuth and Moore,
//! 1975): the root is a PV node; a PV node's first child is a PV node and
//! the others are Cut nodes; a Cut node's children are All nodes; an All
//! node's children are Cut nodes. With perfect move order the search
//! visits exactly these nodes, the minimal tree; each node that turns out
//! otherwise is the price of a worse order. Principal variation search
//! tries the later children of a PV node with a null window, expecting Cut
//! nodes; a move searched again after its null window failed high is
//! searched as a PV node. A pass of MTD(f) is a null-window search of the
//! root: it asks a question and expects nothing, and below it the rules
//! start from what it turned out to be (no node under a null window can
//! be a PV node: the window holds no value).
//!
//! Leaves (won, drawn, horizon) and the trees of Monte Carlo and the
//! neural player have no type.

use crate::tree::{NodeType, SearchTree};

/// How many nodes of each type a search visited, and how many turned out
/// otherwise than expected.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TypeCounts {
    pub pv: u64,
    pub cut: u64,
    pub all: u64,
    pub unexpected: u64,
}

impl TypeCounts {
    pub fn of(tree: &SearchTree) -> TypeCounts {
        let mut counts = TypeCounts::default();
        if tree.has_windows() {
            count_below(tree, 0, tree.expected_type(0), &mut counts);
        }
        counts
    }

    pub fn get(&self, kind: NodeType) -> u64 {
        match kind {
            NodeType::Pv => self.pv,
            NodeType::Cut => self.cut,
            NodeType::All => self.all,
        }
    }

    fn add(&mut self, expected: Option<NodeType>, actual: Option<NodeType>) {
        match actual {
            Some(NodeType::Pv) => self.pv += 1,
            Some(NodeType::Cut) => self.cut += 1,
            Some(NodeType::All) => self.all += 1,
            None => {}
        }
        if expected.is_some() && actual.is_some() && expected != actual {
            self.unexpected += 1;
        }
    }
}

/// Counts node `id`, expected to be `expected`, and its kept subtree.
fn count_below(tree: &SearchTree, id: usize, expected: Option<NodeType>, counts: &mut TypeCounts) {
    counts.add(expected, tree.actual_type(id));
    let parent_type = tree.type_below(id, expected);
    for child in tree.children(id) {
        count_below(tree, child, tree.child_type(id, child, parent_type), counts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knuth_and_moore_rules() {
        use NodeType::*;
        assert_eq!(Pv.child(true, false), Pv);
        assert_eq!(Pv.child(false, false), Cut);
        assert_eq!(Pv.child(false, true), Pv);
        assert_eq!(Cut.child(true, false), All);
        assert_eq!(Cut.child(false, false), All);
        assert_eq!(All.child(true, false), Cut);
        assert_eq!(All.child(false, true), Cut);
    }
}
