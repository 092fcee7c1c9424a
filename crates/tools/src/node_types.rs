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

use crate::tree::SearchTree;
use tictactoe_engine::report::Bound;

/// A node's type in Knuth and Moore's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeType {
    Pv,
    Cut,
    All,
}

impl NodeType {
    pub const ALL: [NodeType; 3] = [NodeType::Pv, NodeType::Cut, NodeType::All];

    /// The type of node `child` of a node of this type, `first` when it is
    /// its parent's first child and `again` when it searches a move again
    /// after a failed null window.
    fn child(self, first: bool, again: bool) -> NodeType {
        match self {
            NodeType::Pv if first || again => NodeType::Pv,
            NodeType::Pv | NodeType::All => NodeType::Cut,
            NodeType::Cut => NodeType::All,
        }
    }
}

/// What node `id` turned out to be, read off its value and window.
pub fn actual(tree: &SearchTree, id: usize) -> Option<NodeType> {
    let node = tree.node(id);
    if !tree.has_windows() || node.ending().is_leaf() {
        return None;
    }
    if id == 0 {
        return Some(NodeType::Pv);
    }
    // The bound is the mover's (the parent's) view: a value at or below the
    // parent's alpha means this node reached its own beta.
    Some(match node.bound() {
        Bound::Exact => NodeType::Pv,
        Bound::Upper => NodeType::Cut,
        Bound::Lower => NodeType::All,
    })
}

/// What node `id` should be by Knuth and Moore's rules (`None` for a
/// leaf, a pass, and the trees without windows).
pub fn expected(tree: &SearchTree, id: usize) -> Option<NodeType> {
    if !tree.has_windows() {
        return None;
    }
    let ancestry = tree.ancestry(id);
    let mut parent_type = Some(NodeType::Pv);
    let mut expected = parent_type;
    for pair in ancestry.windows(2) {
        expected = child_type(tree, pair[0], pair[1], parent_type);
        parent_type = if tree.node(pair[1]).is_pass() {
            actual(tree, pair[1])
        } else {
            expected
        };
    }
    expected
}

/// The expected type of `child`, a child of `parent` whose type (or, for a
/// pass, what it turned out to be) is `parent_type`.
fn child_type(
    tree: &SearchTree,
    parent: usize,
    child: usize,
    parent_type: Option<NodeType>,
) -> Option<NodeType> {
    let node = tree.node(child);
    if node.is_pass() || node.ending().is_leaf() {
        return None;
    }
    // An iteration searches the root again.
    if node.is_iteration() {
        return Some(NodeType::Pv);
    }
    let first = tree.children(parent).next() == Some(child);
    parent_type.map(|kind| kind.child(first, node.re_searched()))
}

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
            count_below(tree, 0, Some(NodeType::Pv), &mut counts);
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
    let actual = actual(tree, id);
    counts.add(expected, actual);
    let parent_type = if tree.node(id).is_pass() {
        actual
    } else {
        expected
    };
    for child in tree.children(id) {
        count_below(
            tree,
            child,
            child_type(tree, id, child, parent_type),
            counts,
        );
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
