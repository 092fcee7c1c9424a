//! Abstract game trees, as textbooks draw them for teaching search: decision
//! nodes (Max, Min), chance nodes and leaves with integer values, with no
//! game behind them. Data and arithmetic only: the text format
//! (`text`), a seeded generator (`generate`), exact fractions for chance
//! nodes (`fraction`), and the searches with their traces (`search`).
//!
//! # The sides
//!
//! The root is a Max or a Min node. A decision node's side is the opposite
//! of the nearest decision node above it: chance nodes do not count. So a
//! chance node sits between two decision levels and its children decide
//! for the side that did not decide above it, as textbooks draw
//! expectimax for two players: Max, chance, Min, chance, Max... A chance
//! node picks each of its children with the same probability.
//!
//! # Nodes and paths
//!
//! Nodes are kept in search order (a node, then its children's subtrees
//! from left to right): the root is node 0. A node is found on a drawing by
//! its path, the children's positions from the root down (from 0 here; the
//! words number them from 1). Values are on the tree's own scale: the
//! numbers written at its leaves, Max wants them high, Min low.

use serde::{Deserialize, Serialize};

pub mod fraction;
pub mod generate;
pub mod search;
pub mod text;

/// The lowest and highest value a leaf may have.
pub const MIN_VALUE: i32 = -999;
pub const MAX_VALUE: i32 = 999;
/// Levels below the root at most: the searches recurse once a level.
pub const MAX_DEPTH: usize = 12;
/// Children of a node at most.
pub const MAX_CHILDREN: usize = 16;
/// Nodes of a tree at most, the root and the leaves included.
pub const MAX_NODES: usize = 4096;
/// The largest denominator a node's exact value may need (2^48): chance
/// nodes below chance nodes with different numbers of children multiply
/// them, and a value must fit `i64` with room to add (`fraction`).
pub const MAX_DENOMINATOR: u64 = 1 << 48;

/// A node's index in its tree: its place in search order, the root 0.
pub type NodeId = usize;

/// The side a decision node decides for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    /// Picks the highest value.
    Max,
    /// Picks the lowest value.
    Min,
}

impl Decision {
    pub fn opposite(self) -> Decision {
        match self {
            Decision::Max => Decision::Min,
            Decision::Min => Decision::Max,
        }
    }

    /// The name the command line takes and JSON shows: "max", "min".
    pub fn name(self) -> &'static str {
        match self {
            Decision::Max => "max",
            Decision::Min => "min",
        }
    }

    /// Whether `value` is better for this side than `than`.
    pub fn prefers(self, value: i32, than: i32) -> bool {
        match self {
            Decision::Max => value > than,
            Decision::Min => value < than,
        }
    }
}

/// What a node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeKind {
    Decision(Decision),
    /// Each child with the same probability.
    Chance,
    Leaf(i32),
}

/// One node and its place in the tree.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Node {
    pub kind: NodeKind,
    pub parent: Option<NodeId>,
    /// Left to right.
    pub children: Vec<NodeId>,
    /// Levels below the root (the root 0).
    pub depth: usize,
}

impl Node {
    pub fn is_leaf(&self) -> bool {
        matches!(self.kind, NodeKind::Leaf(_))
    }

    /// The leaf's value; `None` for an inner node.
    pub fn leaf_value(&self) -> Option<i32> {
        match self.kind {
            NodeKind::Leaf(value) => Some(value),
            _ => None,
        }
    }

    /// The side of a decision node; `None` for a chance node or a leaf.
    pub fn decision(&self) -> Option<Decision> {
        match self.kind {
            NodeKind::Decision(side) => Some(side),
            _ => None,
        }
    }
}

/// A tree of decision and chance nodes with valued leaves, its nodes in
/// search order. Built only through `TreeBuilder`, so every tree holds the
/// caps (`MAX_DEPTH`, `MAX_CHILDREN`, `MAX_NODES`, the value range) and
/// every inner node has a child.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AbstractTree {
    nodes: Vec<Node>,
}

/// Why a tree could not be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildError {
    /// A leaf's value outside `MIN_VALUE..=MAX_VALUE`.
    ValueOutOfRange,
    /// A node more than `MAX_DEPTH` levels below the root.
    TooDeep,
    /// More than `MAX_NODES` nodes.
    TooManyNodes,
    /// A node with more than `MAX_CHILDREN` children.
    TooManyChildren,
    /// An inner node closed without a child.
    NoChildren,
    /// A chance node whose exact value could need a denominator above
    /// `MAX_DENOMINATOR`.
    TooManyOutcomes,
    /// The root is a leaf or a chance node: it must be Max or Min.
    RootNotDecision,
    /// Something added after the root closed, or a close with nothing open.
    NotOpen,
    /// The tree asked for before its root closed.
    Unfinished,
}

/// Builds a tree in search order: `open` an inner node, add its children
/// (`leaf`, or `open` ... `close`), `close` it.
#[derive(Debug, Clone)]
pub struct TreeBuilder {
    root: Decision,
    nodes: Vec<Node>,
    /// A multiple of the denominator each closed node's value can have.
    denominators: Vec<u64>,
    /// The inner nodes open, the root first.
    open: Vec<NodeId>,
    closed: bool,
}

impl TreeBuilder {
    /// A tree whose root decides for `root`.
    pub fn new(root: Decision) -> TreeBuilder {
        TreeBuilder {
            root,
            nodes: Vec::new(),
            denominators: Vec::new(),
            open: Vec::new(),
            closed: false,
        }
    }

    /// Opens an inner node: a chance node when `chance`, else a decision
    /// node whose side follows the rule (the root's, else the opposite of
    /// the nearest decision node above).
    pub fn open(&mut self, chance: bool) -> Result<NodeId, BuildError> {
        if self.nodes.is_empty() && chance {
            return Err(BuildError::RootNotDecision);
        }
        let kind = if chance {
            NodeKind::Chance
        } else {
            NodeKind::Decision(self.next_side())
        };
        let id = self.add(kind)?;
        self.open.push(id);
        Ok(id)
    }

    /// Adds a leaf to the node open last.
    pub fn leaf(&mut self, value: i32) -> Result<NodeId, BuildError> {
        if self.nodes.is_empty() {
            return Err(BuildError::RootNotDecision);
        }
        if !(MIN_VALUE..=MAX_VALUE).contains(&value) {
            return Err(BuildError::ValueOutOfRange);
        }
        self.add(NodeKind::Leaf(value))
    }

    /// Closes the node open last.
    pub fn close(&mut self) -> Result<NodeId, BuildError> {
        let id = *self.open.last().ok_or(BuildError::NotOpen)?;
        let node = &self.nodes[id];
        if node.children.is_empty() {
            return Err(BuildError::NoChildren);
        }
        // A decision node's value is one of its children's; a chance
        // node's their sum over their count.
        let common = node
            .children
            .iter()
            .fold(1, |common, &child| lcm(common, self.denominators[child]));
        let denominator = if node.kind == NodeKind::Chance {
            common.saturating_mul(node.children.len() as u64)
        } else {
            common
        };
        if denominator > MAX_DENOMINATOR {
            return Err(BuildError::TooManyOutcomes);
        }
        self.denominators[id] = denominator;
        self.open.pop();
        self.closed = self.open.is_empty();
        Ok(id)
    }

    /// The tree, once its root is closed.
    pub fn finish(self) -> Result<AbstractTree, BuildError> {
        if !self.closed {
            return Err(BuildError::Unfinished);
        }
        Ok(AbstractTree { nodes: self.nodes })
    }

    /// The side of a decision node opened now.
    fn next_side(&self) -> Decision {
        self.open
            .iter()
            .rev()
            .find_map(|&id| self.nodes[id].decision())
            .map_or(self.root, Decision::opposite)
    }

    fn add(&mut self, kind: NodeKind) -> Result<NodeId, BuildError> {
        if self.closed {
            return Err(BuildError::NotOpen);
        }
        let parent = self.open.last().copied();
        let depth = self.open.len();
        if depth > MAX_DEPTH {
            return Err(BuildError::TooDeep);
        }
        if self.nodes.len() >= MAX_NODES {
            return Err(BuildError::TooManyNodes);
        }
        let id = self.nodes.len();
        if let Some(parent) = parent {
            let children = &mut self.nodes[parent].children;
            if children.len() >= MAX_CHILDREN {
                return Err(BuildError::TooManyChildren);
            }
            children.push(id);
        }
        self.nodes.push(Node {
            kind,
            parent,
            children: Vec::new(),
            depth,
        });
        self.denominators.push(1);
        Ok(id)
    }
}

/// The least common multiple, saturating (past `MAX_DENOMINATOR` it is
/// refused anyway).
fn lcm(a: u64, b: u64) -> u64 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    (a / x.max(1)).saturating_mul(b)
}

impl AbstractTree {
    /// The side the root decides for.
    pub fn root_side(&self) -> Decision {
        self.nodes[0]
            .decision()
            .expect("the root is a decision node")
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    /// The same tree with leaf `id` worth `value`: refused for an inner
    /// node (`NotOpen`: there is no leaf there) or a value outside
    /// `MIN_VALUE..=MAX_VALUE`, so the tree keeps its caps.
    pub fn with_leaf(&self, id: NodeId, value: i32) -> Result<AbstractTree, BuildError> {
        if !self.nodes.get(id).is_some_and(Node::is_leaf) {
            return Err(BuildError::NotOpen);
        }
        if !(MIN_VALUE..=MAX_VALUE).contains(&value) {
            return Err(BuildError::ValueOutOfRange);
        }
        let mut tree = self.clone();
        tree.nodes[id].kind = NodeKind::Leaf(value);
        Ok(tree)
    }

    /// Every node in search order, the root first.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never: a tree has its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.nodes[id].children
    }

    pub fn has_chance_nodes(&self) -> bool {
        self.first_chance_node().is_some()
    }

    /// The first chance node in search order.
    pub fn first_chance_node(&self) -> Option<NodeId> {
        (0..self.nodes.len()).find(|&id| self.nodes[id].kind == NodeKind::Chance)
    }

    /// The positions among their siblings (from 0) of the nodes from the
    /// root down to `id`: empty for the root.
    pub fn path(&self, id: NodeId) -> Vec<usize> {
        let mut path = Vec::with_capacity(self.nodes[id].depth);
        let mut at = id;
        while let Some(parent) = self.nodes[at].parent {
            let place = self.nodes[parent]
                .children
                .iter()
                .position(|&child| child == at)
                .expect("a node is among its parent's children");
            path.push(place);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The node at `path` (positions from 0), if there is one.
    pub fn find(&self, path: &[usize]) -> Option<NodeId> {
        path.iter()
            .try_fold(0, |at, &place| self.nodes[at].children.get(place).copied())
    }

    /// Whether `ancestor` is above `id` (not `id` itself).
    pub fn is_below(&self, id: NodeId, ancestor: NodeId) -> bool {
        let mut at = self.nodes[id].parent;
        while let Some(parent) = at {
            if parent == ancestor {
                return true;
            }
            at = self.nodes[parent].parent;
        }
        false
    }

    /// The one past the last node of `id`'s subtree: its nodes are
    /// `id..subtree_end(id)`, as they are kept in search order.
    pub fn subtree_end(&self, id: NodeId) -> NodeId {
        let mut at = id;
        while let Some(&last) = self.nodes[at].children.last() {
            at = last;
        }
        at + 1
    }

    /// The same tree with each inner node's children in another order:
    /// `order(id)` gives node `id`'s children's positions (from 0) in their
    /// new order, a permutation of them.
    pub fn reordered(&self, order: impl Fn(NodeId) -> Vec<usize>) -> AbstractTree {
        fn copy(
            tree: &AbstractTree,
            id: NodeId,
            order: &impl Fn(NodeId) -> Vec<usize>,
            builder: &mut TreeBuilder,
        ) {
            match tree.nodes[id].kind {
                NodeKind::Leaf(value) => {
                    builder.leaf(value).expect("a copy holds the caps");
                }
                kind => {
                    builder
                        .open(kind == NodeKind::Chance)
                        .expect("a copy holds the caps");
                    for place in order(id) {
                        copy(tree, tree.nodes[id].children[place], order, builder);
                    }
                    builder.close().expect("a copy holds the caps");
                }
            }
        }
        let mut builder = TreeBuilder::new(self.root_side());
        copy(self, 0, &order, &mut builder);
        builder.finish().expect("a copy holds the caps")
    }
}
