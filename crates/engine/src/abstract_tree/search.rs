//! The searches on an abstract tree, children left to right, with what they
//! did as plain data: expectimax (minimax where there is no chance node)
//! gives every node's value; alpha-beta a trace in search order, each
//! visited node's window on entry and value, and each pruning with its
//! reason; `best_order` the children's order that prunes most.
//!
//! Values, α and β are on the tree's scale (Max wants them high). Alpha-beta
//! follows the engine's conventions (`player_kind::Prune`, `Fail`): a Max
//! node stops once its best value reaches β (`OnEqual`, value ≥ β) or only
//! once it exceeds it (`Strict`, value > β), a Min node once its best falls
//! to α (value ≤ α) or below it (value < α); fail-soft returns the best
//! value seen, fail-hard clamps it into the node's window on entry. Leaves
//! return their value as written either way.
//!
//! Alpha-beta refuses a tree with chance nodes (`ChanceNode`): an average
//! has no bound to prune by without bounds on the leaves' values, which
//! the plain algorithm does not assume.

use super::fraction::Fraction;
use super::{AbstractTree, Decision, NodeId, NodeKind};
use crate::player_kind::{Fail, Prune};

/// α or β: a value, or an infinity before any value narrowed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Limit {
    NegInfinity,
    Finite(i32),
    Infinity,
}

impl Limit {
    /// The value, if finite.
    pub fn finite(self) -> Option<i32> {
        match self {
            Limit::Finite(value) => Some(value),
            _ => None,
        }
    }
}

/// The search takes no chance nodes; the first one in search order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChanceNode(pub NodeId);

/// Every node's value: the leaf's own, the highest (Max) or lowest (Min)
/// of its children's, or their mean (chance). Without chance nodes this is
/// minimax. Every node is visited; indexed by node.
pub fn expectimax(tree: &AbstractTree) -> Vec<Fraction> {
    let mut values = vec![Fraction::integer(0); tree.len()];
    // Children come after their parent in search order, so walking
    // backwards finds every child's value before its parent's.
    for id in (0..tree.len()).rev() {
        let node = tree.node(id);
        let children = node.children.iter().map(|&child| values[child]);
        values[id] = match node.kind {
            NodeKind::Leaf(value) => Fraction::from(value),
            NodeKind::Decision(Decision::Max) => {
                children.max().expect("an inner node has children")
            }
            NodeKind::Decision(Decision::Min) => {
                children.min().expect("an inner node has children")
            }
            NodeKind::Chance => {
                let children: Vec<Fraction> = children.collect();
                Fraction::mean(&children).expect("an inner node has children")
            }
        };
    }
    values
}

/// Every node's minimax value; refused on a tree with chance nodes.
pub fn minimax(tree: &AbstractTree) -> Result<Vec<i32>, ChanceNode> {
    if let Some(chance) = tree.first_chance_node() {
        return Err(ChanceNode(chance));
    }
    Ok(expectimax(tree)
        .into_iter()
        .map(|value| value.numerator() as i32)
        .collect())
}

/// The principal variation from the root: at each decision node its first
/// child whose value (`value_of`, `None` for a node not searched) is the
/// node's own; it ends at a leaf or a chance node (every child of which
/// counts).
pub fn principal_variation(
    tree: &AbstractTree,
    value_of: impl Fn(NodeId) -> Option<Fraction>,
) -> Vec<NodeId> {
    let mut line = vec![0];
    let mut at = 0;
    while tree.node(at).decision().is_some() {
        let Some(value) = value_of(at) else { break };
        match tree
            .children(at)
            .iter()
            .find(|&&child| value_of(child) == Some(value))
        {
            Some(&child) => {
                line.push(child);
                at = child;
            }
            None => break,
        }
    }
    line
}

/// A node alpha-beta searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Visit {
    /// The window it was searched in, as it entered.
    pub alpha: Limit,
    pub beta: Limit,
    /// The value it returned.
    pub value: i32,
    /// The best of its children's values (a leaf: its own), before
    /// fail-hard clamps it into the window.
    pub best: i32,
}

/// A pruning: node `node` stopped after child `child` returned `value`,
/// which reached its bound, and its children `cut` were never searched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cutoff {
    pub node: NodeId,
    pub side: Decision,
    /// The child whose value made the node stop.
    pub child: NodeId,
    /// The node's best value then: the child's (a value that is not the
    /// best changes nothing).
    pub value: i32,
    /// β for a Max node (the value reached it: `value ≥ β`), α for a Min
    /// node (the value fell to it: `value ≤ α`).
    pub bound: i32,
    /// The convention in force; it decided when `value == bound`.
    pub prune: Prune,
    /// The children pruned, left to right.
    pub cut: Vec<NodeId>,
}

impl Cutoff {
    /// True when the value equals the bound: pruning on equal values cut
    /// here, where the strict convention would have gone on.
    pub fn on_equal(&self) -> bool {
        self.value == self.bound
    }
}

/// One step of alpha-beta, in search order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The search enters `node` with the window `(alpha, beta)`.
    Enter {
        node: NodeId,
        alpha: Limit,
        beta: Limit,
    },
    /// The search leaves `node` with `value`.
    Leave { node: NodeId, value: i32 },
    /// A node prunes its remaining children (just before it leaves).
    Cutoff(Cutoff),
}

/// What alpha-beta did on a tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlphaBeta {
    /// The root's value.
    pub value: i32,
    pub steps: Vec<Step>,
    /// Indexed by node: `None` for a node never searched (a pruned child
    /// and everything below it).
    pub visits: Vec<Option<Visit>>,
    /// Leaves evaluated.
    pub leaves: usize,
}

impl AlphaBeta {
    pub fn visited(&self, id: NodeId) -> bool {
        self.visits[id].is_some()
    }

    /// The prunings, in search order.
    pub fn cutoffs(&self) -> impl Iterator<Item = &Cutoff> {
        self.steps.iter().filter_map(|step| match step {
            Step::Cutoff(cutoff) => Some(cutoff),
            _ => None,
        })
    }

    /// The pruned edges, each by the child it leads to: every child a
    /// searched node never searched. The nodes below them are not listed.
    pub fn pruned_edges(&self) -> Vec<NodeId> {
        self.cutoffs()
            .flat_map(|cutoff| cutoff.cut.iter().copied())
            .collect()
    }
}

/// Alpha-beta from the root with the full window, children left to right,
/// under `prune` and `fail`.
pub fn alpha_beta(tree: &AbstractTree, prune: Prune, fail: Fail) -> Result<AlphaBeta, ChanceNode> {
    if let Some(chance) = tree.first_chance_node() {
        return Err(ChanceNode(chance));
    }
    let mut search = AlphaBeta {
        value: 0,
        steps: Vec::with_capacity(2 * tree.len()),
        visits: vec![None; tree.len()],
        leaves: 0,
    };
    let conventions = (prune, fail);
    search.value = search_node(
        tree,
        conventions,
        &mut search,
        0,
        Limit::NegInfinity,
        Limit::Infinity,
    );
    Ok(search)
}

fn search_node(
    tree: &AbstractTree,
    (prune, fail): (Prune, Fail),
    search: &mut AlphaBeta,
    id: NodeId,
    alpha: Limit,
    beta: Limit,
) -> i32 {
    search.steps.push(Step::Enter {
        node: id,
        alpha,
        beta,
    });
    let node = tree.node(id);
    let (best, value) = match node.kind {
        NodeKind::Leaf(value) => {
            search.leaves += 1;
            (value, value)
        }
        NodeKind::Decision(side) => {
            let (mut low, mut high) = (alpha, beta);
            let mut best: Option<i32> = None;
            for (place, &child) in node.children.iter().enumerate() {
                let value = search_node(tree, (prune, fail), search, child, low, high);
                let best_value = match best {
                    Some(best) if !side.prefers(value, best) => best,
                    _ => value,
                };
                best = Some(best_value);
                let crossed = match side {
                    Decision::Max => high.finite().filter(|&beta| prune.cuts(best_value, beta)),
                    Decision::Min => low
                        .finite()
                        .filter(|&alpha| prune.cuts(-best_value, -alpha)),
                };
                if let Some(bound) = crossed {
                    let cut = node.children[place + 1..].to_vec();
                    if !cut.is_empty() {
                        search.steps.push(Step::Cutoff(Cutoff {
                            node: id,
                            side,
                            child,
                            value: best_value,
                            bound,
                            prune,
                            cut,
                        }));
                    }
                    break;
                }
                match side {
                    Decision::Max => low = low.max(Limit::Finite(best_value)),
                    Decision::Min => high = high.min(Limit::Finite(best_value)),
                }
            }
            let best = best.expect("an inner node has children");
            (best, clamped(best, alpha, beta, fail))
        }
        NodeKind::Chance => unreachable!("alpha-beta refuses chance nodes before it starts"),
    };
    search.visits[id] = Some(Visit {
        alpha,
        beta,
        value,
        best,
    });
    search.steps.push(Step::Leave { node: id, value });
    value
}

/// What an inner node returns: its best value (fail-soft), or that value
/// clamped into its window on entry (fail-hard).
pub fn clamped(best: i32, alpha: Limit, beta: Limit, fail: Fail) -> i32 {
    match fail {
        Fail::Soft => best,
        Fail::Hard => {
            let best = alpha.finite().map_or(best, |alpha| best.max(alpha));
            beta.finite().map_or(best, |beta| best.min(beta))
        }
    }
}

/// The order of each node's children that prunes most, and what it saves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestOrder {
    /// Indexed by node: its children's positions (from 0) best first for
    /// its side by minimax value, equal values in their given order;
    /// empty for a leaf.
    pub orders: Vec<Vec<usize>>,
    /// The tree with its children in that order.
    pub tree: AbstractTree,
    /// The leaves alpha-beta evaluates in the given order and in this one.
    pub leaves_given: usize,
    pub leaves_best: usize,
}

/// Each decision node's children best first for its side: the order
/// Knuth and Moore's minimal tree assumes, where the first child of each
/// node already gives its value and every later one is cut as early as it
/// can be. Refused on a tree with chance nodes, as alpha-beta is.
pub fn best_order(tree: &AbstractTree, prune: Prune, fail: Fail) -> Result<BestOrder, ChanceNode> {
    let values = minimax(tree)?;
    let orders: Vec<Vec<usize>> = tree
        .nodes()
        .iter()
        .map(|node| {
            let mut order: Vec<usize> = (0..node.children.len()).collect();
            let value = |place: &usize| values[node.children[*place]];
            match node.kind {
                NodeKind::Decision(Decision::Max) => order.sort_by_key(|place| -value(place)),
                NodeKind::Decision(Decision::Min) => order.sort_by_key(value),
                _ => {}
            }
            order
        })
        .collect();
    let best = tree.reordered(|id| orders[id].clone());
    let leaves_given = alpha_beta(tree, prune, fail)?.leaves;
    let leaves_best = alpha_beta(&best, prune, fail)?.leaves;
    Ok(BestOrder {
        orders,
        tree: best,
        leaves_given,
        leaves_best,
    })
}
