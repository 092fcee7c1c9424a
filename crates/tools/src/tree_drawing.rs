//! Search trees drawn as textbooks draw them: levels from the root down,
//! Max nodes as triangles pointing up, Min nodes pointing down, chance
//! nodes as circles, leaves as squares; values in the nodes, α and β beside
//! them, pruned edges dashed with their reason, the principal variation
//! bold. A `Drawing` is plain data made from an abstract tree (blank, with
//! its values, or with alpha-beta's search) or a recorded search
//! (`SearchTree`, from a node down to a depth); `layout` places it (leaves
//! spaced evenly, each parent centred over its children); `outline`,
//! `dot::write` and `svg::write` turn it into text.

use tictactoe_engine::abstract_tree::fraction::Fraction;
use tictactoe_engine::abstract_tree::search::{
    AlphaBeta, Cutoff, Limit, Step, principal_variation,
};
use tictactoe_engine::abstract_tree::{AbstractTree, Decision, NodeId, NodeKind};
use tictactoe_engine::board::Side;
use tictactoe_engine::report::Bound;
use tictactoe_words::abstract_tree::{
    cutoff_words, limit_words, node_words, short_value_words, side_words, value_words,
};
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::numbers::{group, result_number, window_limit};
use tictactoe_words::report::TextStyle;

use crate::tree::SearchTree;
use crate::tree_steps;
use crate::tree_words::{self, x_view};

pub mod dot;
pub mod solution;
pub mod svg;

/// How many plies below its root a recorded search is drawn (and printed
/// by `tictactoe tree`) unless told otherwise.
pub const DEFAULT_MAX_PLY: usize = 2;
/// The most nodes a recorded search's picture draws: a picture of more is
/// no longer read; the title counts the ones left out.
pub const MAX_DRAWN: usize = 2_000;

/// How a node is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Glyph {
    /// A triangle pointing up.
    Max,
    /// A triangle pointing down.
    Min,
    /// A circle.
    Chance,
    /// A square.
    Leaf,
}

/// The edge from a node's parent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    Searched,
    /// Cut off: drawn dashed, its reason as its tooltip.
    Pruned,
    /// Below a pruned edge (or otherwise never reached): drawn faint.
    Unsearched,
}

/// One node as drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawnNode {
    pub parent: Option<usize>,
    pub glyph: Glyph,
    /// In the node: its value ("3", "9/2 (4.50)", "≥ 5"), or nothing.
    pub value: String,
    /// Beside it: its window ("α 3, β +∞"), or nothing.
    pub window: String,
    /// On the edge from its parent: the child's number or the move.
    pub edge_label: String,
    /// How an outline names it: its path ("2.1", as answers write it) or
    /// the move into it.
    pub name: String,
    pub edge: Edge,
    /// Why the edge is pruned, for its tooltip.
    pub edge_note: String,
    /// On the principal variation: it and the edge into it drawn bold.
    pub principal: bool,
    /// The node in words, for its tooltip and a screen reader.
    pub title: String,
}

/// A tree to draw: its nodes in search order, the root first, each after
/// its parent and its earlier siblings' subtrees.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawing {
    /// What the picture shows, in words.
    pub title: String,
    pub nodes: Vec<DrawnNode>,
}

/// Where each node goes: its level (the root's 0) and its place across, in
/// leaf widths (the leaves at 0, 1, 2, ..., a parent halfway between its
/// first and last child).
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    pub x: Vec<f64>,
    pub level: Vec<usize>,
    /// How many leaves wide and levels deep.
    pub width: usize,
    pub depth: usize,
}

/// Places `drawing`'s nodes (see `Layout`).
pub fn layout(drawing: &Drawing) -> Layout {
    let count = drawing.nodes.len();
    let mut level = vec![0; count];
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (id, node) in drawing.nodes.iter().enumerate() {
        if let Some(parent) = node.parent {
            level[id] = level[parent] + 1;
            children[parent].push(id);
        }
    }
    let mut x = vec![0.0; count];
    let mut next_leaf = 0.0;
    // In search order the leaves come left to right; a parent is placed
    // once its children are, walking backwards.
    for id in 0..count {
        if children[id].is_empty() {
            x[id] = next_leaf;
            next_leaf += 1.0;
        }
    }
    for id in (0..count).rev() {
        if let (Some(&first), Some(&last)) = (children[id].first(), children[id].last()) {
            x[id] = (x[first] + x[last]) / 2.0;
        }
    }
    Layout {
        x,
        depth: level.iter().copied().max().unwrap_or(0),
        level,
        width: next_leaf as usize,
    }
}

/// What an abstract tree's drawing shows besides its leaves.
#[derive(Debug, Clone, Copy)]
pub enum Shown<'a> {
    /// The leaves only: an exercise before it is answered.
    Blank,
    /// Every node's value (minimax, expectimax), indexed by node.
    Values(&'a [Fraction]),
    /// Alpha-beta's search: values returned, windows, pruned edges.
    AlphaBeta(&'a AlphaBeta),
    /// A learner's answer as given so far: its values, windows and each
    /// node's order of children ("order 3 1 2"), the edges it marks pruned
    /// dashed and the nodes below them faint.
    Answer(&'a dyn Marks),
}

/// What someone has written on an abstract tree, node by node, each node
/// by its path: the drawing reads an answer through it and knows nothing
/// of exercises.
pub trait Marks: std::fmt::Debug {
    /// Whether nothing is written yet.
    fn is_blank(&self) -> bool;
    /// The value written at the node at `path`, as written ("9/2",
    /// "4.50").
    fn value_at(&self, path: &[usize]) -> Option<String>;
    /// The window (α, β) written at it.
    fn window_at(&self, path: &[usize]) -> Option<(Limit, Limit)>;
    /// The order of its children written at it, by their places from 0.
    fn order_at(&self, path: &[usize]) -> Option<&[usize]>;
    /// Whether the edge into it is marked pruned.
    fn pruned_at(&self, path: &[usize]) -> bool;
}

/// A node's path as outlines and answers write it: `root`, `2.1`.
pub fn path_text(path: &[usize]) -> String {
    if path.is_empty() {
        return "root".to_owned();
    }
    path.iter()
        .map(|place| (place + 1).to_string())
        .collect::<Vec<_>>()
        .join(".")
}

fn glyph(kind: NodeKind) -> Glyph {
    match kind {
        NodeKind::Decision(Decision::Max) => Glyph::Max,
        NodeKind::Decision(Decision::Min) => Glyph::Min,
        NodeKind::Chance => Glyph::Chance,
        NodeKind::Leaf(_) => Glyph::Leaf,
    }
}

/// "α 3, β +∞".
fn window_label(alpha: &str, beta: &str) -> String {
    fill(
        &gettext("α {alpha}, β {beta}"),
        &[("alpha", &alpha), ("beta", &beta)],
    )
}

/// What one inner node of an abstract tree shows: its value and window as
/// drawn, and its edge.
#[derive(Default)]
struct NodeView {
    /// As drawn ("9/2") and in words ("9/2 (4.50)").
    value: Option<(String, String)>,
    window: Option<String>,
    edge: Option<(Edge, String)>,
}

/// What a drawing of minimax's values shows.
fn values_title() -> String {
    gettext(
        "Every node's value: Max takes the highest child, Min the lowest, chance the mean; the principal variation in bold",
    )
}

/// A value as drawn and in words.
fn exact_value(value: Fraction) -> (String, String) {
    (short_value_words(value), value_words(value))
}

/// An abstract tree drawn with `view` of each inner node (leaves show
/// their values), the nodes in `principal` bold.
fn tree_drawing(
    tree: &AbstractTree,
    title: String,
    principal: &[NodeId],
    view: impl Fn(NodeId) -> NodeView,
) -> Drawing {
    let nodes = (0..tree.len())
        .map(|id| {
            let node = tree.node(id);
            let shown = view(id);
            let value = match node.kind {
                NodeKind::Leaf(value) => Some(exact_value(Fraction::from(value))),
                _ => shown.value,
            };
            let window = shown.window.unwrap_or_default();
            let mut title = node_words(tree, id);
            if let Some((_, words)) = &value {
                title.push_str(&format!(": {words}"));
            }
            if !window.is_empty() {
                title.push_str(&format!(" ({window})"));
            }
            let (edge, edge_note) = shown.edge.unwrap_or((Edge::Searched, String::new()));
            DrawnNode {
                parent: node.parent,
                glyph: glyph(node.kind),
                value: value.map(|(drawn, _)| drawn).unwrap_or_default(),
                window,
                edge_label: tree
                    .path(id)
                    .last()
                    .map_or_else(String::new, |place| (place + 1).to_string()),
                name: path_text(&tree.path(id)),
                edge,
                edge_note,
                principal: principal.contains(&id),
                title,
            }
        })
        .collect();
    Drawing { title, nodes }
}

/// An abstract tree drawn with what `shown` says of it.
pub fn abstract_drawing(tree: &AbstractTree, shown: Shown) -> Drawing {
    match shown {
        Shown::Blank => tree_drawing(
            tree,
            gettext(
                "A search tree: Max nodes point up, Min nodes down, chance nodes are circles, leaves squares with their values",
            ),
            &[],
            |_| NodeView::default(),
        ),
        Shown::Values(values) => tree_drawing(
            tree,
            values_title(),
            &principal_variation(tree, |id| Some(values[id])),
            |id| NodeView {
                value: Some(exact_value(values[id])),
                ..NodeView::default()
            },
        ),
        Shown::AlphaBeta(search) => alpha_beta_drawing(tree, search, search.steps.len()),
        // Nothing answered yet: the blank exercise, as a worksheet shows it.
        Shown::Answer(answer) if answer.is_blank() => abstract_drawing(tree, Shown::Blank),
        Shown::Answer(answer) => answer_drawing(tree, answer),
    }
}

/// Alpha-beta's search after its first `steps` steps: the windows of the
/// nodes entered, the values of those left, the prunings made; the whole
/// search's unsearched nodes and principal variation once all are.
fn alpha_beta_drawing(tree: &AbstractTree, search: &AlphaBeta, steps: usize) -> Drawing {
    let done = &search.steps[..steps.min(search.steps.len())];
    let finished = done.len() == search.steps.len();
    let mut entered = vec![None; tree.len()];
    let mut left = vec![None; tree.len()];
    let mut cut: Vec<Option<&Cutoff>> = vec![None; tree.len()];
    for step in done {
        match step {
            Step::Enter { node, alpha, beta } => entered[*node] = Some((*alpha, *beta)),
            Step::Leave { node, value } => left[*node] = Some(*value),
            Step::Cutoff(cutoff) => {
                for &child in &cutoff.cut {
                    cut[child] = Some(cutoff);
                }
            }
        }
    }
    let principal = if finished {
        principal_variation(tree, |id| {
            search.visits[id].map(|visit| Fraction::from(visit.value))
        })
    } else {
        Vec::new()
    };
    // Below a pruned edge everything is faint once the pruning is made.
    let mut faint = vec![false; tree.len()];
    for id in 0..tree.len() {
        faint[id] = tree
            .node(id)
            .parent
            .is_some_and(|parent| faint[parent] || cut[parent].is_some());
    }
    tree_drawing(
        tree,
        gettext(
            "Alpha-beta, children left to right: each node's value and its window (α, β) on entry; pruned edges dashed, the principal variation in bold",
        ),
        &principal,
        |id| NodeView {
            value: left[id].map(|value| exact_value(Fraction::from(value))),
            window: entered[id]
                .filter(|_| !tree.node(id).is_leaf())
                .map(|(alpha, beta)| window_label(&limit_words(alpha), &limit_words(beta))),
            edge: match cut[id] {
                Some(cutoff) => Some((Edge::Pruned, cutoff_words(tree, cutoff))),
                None if faint[id] || (finished && !search.visited(id)) => {
                    Some((Edge::Unsearched, String::new()))
                }
                None => None,
            },
        },
    )
}

/// A learner's answer on `tree` (see `Shown::Answer`).
fn answer_drawing(tree: &AbstractTree, answer: &dyn Marks) -> Drawing {
    let paths: Vec<Vec<usize>> = (0..tree.len()).map(|id| tree.path(id)).collect();
    let mut faint = vec![false; tree.len()];
    for id in 0..tree.len() {
        faint[id] = tree
            .node(id)
            .parent
            .is_some_and(|parent| faint[parent] || answer.pruned_at(&paths[parent]));
    }
    tree_drawing(
        tree,
        gettext("Your answer: the values and windows you gave, the edges you marked pruned dashed"),
        &[],
        |id| {
            let path = &paths[id];
            let window = answer
                .window_at(path)
                .map(|(alpha, beta)| window_label(&limit_words(alpha), &limit_words(beta)));
            let order = answer.order_at(path).map(|order| {
                let numbers: Vec<String> =
                    order.iter().map(|place| (place + 1).to_string()).collect();
                fill(
                    &gettext("order {children}"),
                    &[("children", &numbers.join(" "))],
                )
            });
            NodeView {
                value: answer.value_at(path).map(|value| {
                    let written = value.replace('-', "−");
                    (written.clone(), written)
                }),
                window: match (window, order) {
                    (Some(window), Some(order)) => Some(format!("{window}; {order}")),
                    (window, order) => window.or(order),
                },
                edge: if answer.pruned_at(path) {
                    Some((Edge::Pruned, gettext("You marked this edge pruned")))
                } else if faint[id] {
                    Some((Edge::Unsearched, String::new()))
                } else {
                    None
                },
            }
        },
    )
}

/// A recorded search drawn from node `from` down to `max_ply` plies below
/// it, at most `max_nodes` nodes (the moves a node never tried count
/// too, drawn as pruned edges): values, bounds and windows on X's scale.
pub fn search_drawing(tree: &SearchTree, from: usize, max_ply: usize, max_nodes: usize) -> Drawing {
    let principal = tree_steps::principal_variation(tree);
    let windows = tree.has_windows();
    let mut nodes: Vec<DrawnNode> = Vec::new();
    // The moves a drawn node never tried, each with that node's index.
    let mut untried: Vec<DrawnNode> = Vec::new();
    // The drawn index of each kept node once drawn (`NOT_DRAWN` before):
    // 4 bytes a node of the recorded tree.
    const NOT_DRAWN: u32 = u32::MAX;
    let mut drawn: Vec<u32> = vec![NOT_DRAWN; tree.len()];
    let drawn_index =
        |drawn: &[u32], id: usize| (drawn[id] != NOT_DRAWN).then_some(drawn[id] as usize);
    // The nodes within the depth left out past `max_nodes`, and their
    // subtrees'.
    let mut left_out = vec![false; tree.len()];
    let mut start_ply = None;
    let mut omitted = 0u64;
    // From the root the walk stops at the depth; below it, where the
    // subtree starts is known only on the way.
    let walked_plies = if from == 0 { max_ply } else { usize::MAX };
    tree.walk(walked_plies, |id, parent, ply, position| {
        let inside = id == from
            || parent.is_some_and(|parent| drawn[parent] != NOT_DRAWN || left_out[parent]);
        if !inside {
            return;
        }
        let start = *start_ply.get_or_insert(ply);
        if ply - start > max_ply {
            return;
        }
        if nodes.len() + untried.len() >= max_nodes {
            left_out[id] = true;
            omitted += 1;
            return;
        }
        let node = tree.node(id);
        let view = x_view(node);
        let glyph = if node.ending().is_leaf() {
            Glyph::Leaf
        } else if node.side_to_move() == Side::Max {
            Glyph::Max
        } else {
            Glyph::Min
        };
        let value = if windows {
            match view.bound {
                Bound::Exact => window_limit(view.value),
                Bound::Lower => format!("≥ {}", window_limit(view.value)),
                Bound::Upper => format!("≤ {}", window_limit(view.value)),
            }
        } else {
            format!(
                "{} ({})",
                result_number(
                    f64::from(tree_words::mover(node).sign() * node.value()) / 1000.0,
                    2
                ),
                group(node.subtree_nodes())
            )
        };
        let window = if windows {
            window_label(&window_limit(view.alpha), &window_limit(view.beta))
        } else {
            String::new()
        };
        let label = if id == from {
            String::new()
        } else {
            tree_words::move_text(tree, id, TextStyle::COMMAND_LINE)
        };
        let title = tree_words::node_sentence(tree, id, position, TextStyle::COMMAND_LINE);
        let index = nodes.len();
        drawn[id] = index as u32;
        nodes.push(DrawnNode {
            parent: parent
                .and_then(|parent| drawn_index(&drawn, parent))
                .filter(|_| id != from),
            glyph,
            value,
            window,
            name: label.clone(),
            edge_label: label,
            edge: Edge::Searched,
            edge_note: String::new(),
            principal: principal.contains(&id),
            title,
        });
        if windows && ply - start < max_ply {
            let pruned = tree.pruned(id, position);
            let note = tree_words::pruned_text(tree, id, TextStyle::COMMAND_LINE);
            let child_glyph = match node.side_to_move() {
                Side::Max => Glyph::Min,
                Side::Min => Glyph::Max,
            };
            untried.extend(pruned.into_iter().map(|cell| {
                let label = tree_words::pruned_move_text(tree, id, cell, TextStyle::COMMAND_LINE);
                DrawnNode {
                    parent: Some(index),
                    glyph: child_glyph,
                    value: String::new(),
                    window: String::new(),
                    title: format!("{label}: {note}"),
                    name: label.clone(),
                    edge_label: label,
                    edge: Edge::Pruned,
                    edge_note: note.clone(),
                    principal: false,
                }
            }));
        }
    });
    let title = if from == 0 {
        fill(
            &gettext(
                "{player}'s search from {start}: values and windows on X's scale (+ favours X, − favours O); moves never tried dashed, the principal variation in bold",
            ),
            &[
                ("player", &tree.player().name()),
                ("start", &tree.root_position().to_string()),
            ],
        )
    } else {
        let moves: Vec<String> = tree.ancestry(from)[1..]
            .iter()
            .map(|&id| tree_words::move_text(tree, id, TextStyle::COMMAND_LINE))
            .collect();
        fill(
            &gettext(
                "{player}'s search from {start}, the subtree after {moves}: values and windows on X's scale (+ favours X, − favours O); moves never tried dashed, the principal variation in bold",
            ),
            &[
                ("player", &tree.player().name()),
                ("start", &tree.root_position().to_string()),
                ("moves", &moves.join(", ")),
            ],
        )
    };
    let mut drawing = Drawing {
        title,
        nodes: in_search_order(nodes, untried),
    };
    if omitted > 0 {
        drawing.title.push_str(&fill(
            &gettext(" ({count} more nodes not drawn)"),
            &[("count", &group(omitted))],
        ));
    }
    drawing
}

/// `nodes` (in search order) with `extra` nodes, whose parents are indices
/// into `nodes`, each put after its parent's other children: the whole in
/// search order again, parents renumbered.
fn in_search_order(nodes: Vec<DrawnNode>, extra: Vec<DrawnNode>) -> Vec<DrawnNode> {
    let all: Vec<DrawnNode> = nodes.into_iter().chain(extra).collect();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); all.len()];
    let mut roots = Vec::new();
    for (index, node) in all.iter().enumerate() {
        match node.parent {
            Some(parent) => children[parent].push(index),
            None => roots.push(index),
        }
    }
    let mut order = Vec::with_capacity(all.len());
    let mut stack: Vec<usize> = roots.into_iter().rev().collect();
    while let Some(index) = stack.pop() {
        order.push(index);
        stack.extend(children[index].iter().rev());
    }
    let mut renumbered = vec![0; all.len()];
    for (new, &old) in order.iter().enumerate() {
        renumbered[old] = new;
    }
    let mut slots: Vec<Option<DrawnNode>> = all.into_iter().map(Some).collect();
    order
        .iter()
        .map(|&old| {
            let mut node = slots[old].take().expect("each node once");
            node.parent = node.parent.map(|parent| renumbered[parent]);
            node
        })
        .collect()
}

/// The drawing as an indented outline, a line per node: "├─ 2: Min 2 (α
/// 3, β +∞)", a pruned edge marked "pruned".
pub fn outline(drawing: &Drawing) -> String {
    let count = drawing.nodes.len();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (id, node) in drawing.nodes.iter().enumerate() {
        if let Some(parent) = node.parent {
            children[parent].push(id);
        }
    }
    let mut lines = Vec::with_capacity(count);
    // (node, the prefix of its children's lines, its own branch)
    let mut stack = vec![(0usize, String::new(), String::new())];
    while let Some((id, prefix, branch)) = stack.pop() {
        let node = &drawing.nodes[id];
        let glyph = match node.glyph {
            Glyph::Max => side_words(Decision::Max),
            Glyph::Min => side_words(Decision::Min),
            Glyph::Chance => gettext("chance"),
            Glyph::Leaf => String::new(),
        };
        let name = if node.parent.is_none() {
            gettext("root")
        } else {
            node.name.clone()
        };
        let mut line = format!("{branch}{name}:");
        for part in [&glyph, &node.value] {
            if !part.is_empty() {
                line.push(' ');
                line.push_str(part);
            }
        }
        if !node.window.is_empty() {
            line.push_str(&format!(" ({})", node.window));
        }
        match node.edge {
            Edge::Pruned => line.push_str(&format!(" [{}]", gettext("pruned"))),
            Edge::Unsearched => line.push_str(&format!(" [{}]", gettext("not searched"))),
            Edge::Searched => {}
        }
        if node.principal && node.parent.is_some() {
            line.push_str(" *");
        }
        lines.push(line);
        let last = children[id].len().saturating_sub(1);
        for (place, &child) in children[id].iter().enumerate().rev() {
            let (own, below) = if place == last {
                ("└─ ", "   ")
            } else {
                ("├─ ", "│  ")
            };
            stack.push((child, format!("{prefix}{below}"), format!("{prefix}{own}")));
        }
    }
    lines.join("\n")
}
