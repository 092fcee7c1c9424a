//! Abstract trees in words: a node named so that a learner finds it on a
//! drawing ("root → 2 → 1": children numbered from 1, left to right),
//! values on the tree's own scale as written at its leaves (Max wants them
//! high), windows with their infinities, the text format's refusals, and
//! what alpha-beta did at a pruning.

use tictactoe_engine::abstract_tree::fraction::Fraction;
use tictactoe_engine::abstract_tree::generate::ShapeError;
use tictactoe_engine::abstract_tree::search::{Cutoff, Limit};
use tictactoe_engine::abstract_tree::text::{ParseError, ParseErrorKind};
use tictactoe_engine::abstract_tree::{
    AbstractTree, Decision, MAX_CHILDREN, MAX_DEPTH, MAX_NODES, MAX_VALUE, MIN_VALUE, NodeId,
    NodeKind,
};
use tictactoe_engine::player_kind::Prune;

use super::escape::{ECHO_CHARS, escape_text};
use super::i18n::{fill, gettext, ngettext, plural_count};
use super::numbers::{decimal, window_limit};

/// A node's path from the root: "root", "root → 2 → 1".
pub fn path_words(path: &[usize]) -> String {
    let mut words = gettext("root");
    for place in path {
        words.push_str(&format!(" → {}", place + 1));
    }
    words
}

/// "Max", "Min".
pub fn side_words(side: Decision) -> String {
    match side {
        Decision::Max => gettext("Max"),
        Decision::Min => gettext("Min"),
    }
}

/// A node with what it is: "the Min node root → 2", "the leaf root → 2 →
/// 1", "the chance node root → 1".
pub fn node_words(tree: &AbstractTree, id: NodeId) -> String {
    let path = path_words(&tree.path(id));
    let message = match tree.node(id).kind {
        NodeKind::Decision(Decision::Max) => gettext("the Max node {path}"),
        NodeKind::Decision(Decision::Min) => gettext("the Min node {path}"),
        NodeKind::Chance => gettext("the chance node {path}"),
        NodeKind::Leaf(_) => gettext("the leaf {path}"),
    };
    fill(&message, &[("path", &path)])
}

/// A child by its number under its parent: "child 2".
pub fn child_words(tree: &AbstractTree, id: NodeId) -> String {
    let place = tree.path(id).last().map_or(0, |place| place + 1);
    fill(&gettext("child {number}"), &[("number", &place)])
}

/// Children by their numbers: "child 2", "children 2 and 3", "children 2,
/// 3 and 4".
pub fn children_words(tree: &AbstractTree, ids: &[NodeId]) -> String {
    let numbers: Vec<String> = ids
        .iter()
        .map(|&id| {
            tree.path(id)
                .last()
                .map_or(0, |place| place + 1)
                .to_string()
        })
        .collect();
    match numbers.as_slice() {
        [] => String::new(),
        [one] => fill(&gettext("child {number}"), &[("number", one)]),
        [rest @ .., last] => fill(
            &gettext("children {list} and {last}"),
            &[("list", &rest.join(", ")), ("last", last)],
        ),
    }
}

/// α or β: "−∞", "+∞", "−3", "12".
pub fn limit_words(limit: Limit) -> String {
    match limit {
        Limit::NegInfinity => "−∞".to_owned(),
        Limit::Infinity => "+∞".to_owned(),
        Limit::Finite(value) => window_limit(value),
    }
}

/// A window: "(3, +∞)".
pub fn window_words(alpha: Limit, beta: Limit) -> String {
    format!("({}, {})", limit_words(alpha), limit_words(beta))
}

/// A value on the tree's scale as a drawing writes it, with a real minus
/// sign: "3", "−4", "9/2".
pub fn short_value_words(value: Fraction) -> String {
    let numerator = if value.numerator() < 0 {
        format!("−{}", value.numerator().unsigned_abs())
    } else {
        value.numerator().to_string()
    };
    if value.is_integer() {
        numerator
    } else {
        format!("{numerator}/{}", value.denominator())
    }
}

/// A value on the tree's scale: "3", "−4", and a fraction with its
/// decimals, "9/2 (4.50)".
pub fn value_words(value: Fraction) -> String {
    if value.is_integer() {
        short_value_words(value)
    } else {
        let decimals = format!("{:.2}", value.to_f64()).replace('-', "−");
        format!("{} ({})", short_value_words(value), decimal(&decimals))
    }
}

/// The values a leaf may have: "a leaf's value must be from −999 to 999".
pub fn leaf_range_words() -> String {
    fill(
        &gettext("a leaf's value must be from {low} to {high}"),
        &[("low", &window_limit(MIN_VALUE)), ("high", &MAX_VALUE)],
    )
}

/// A tree's text refused, with where: "at byte 4 (`1000`): a leaf's value
/// must be from −999 to 999".
pub fn parse_error_words(error: &ParseError, text: &str) -> String {
    let problem = match error.kind {
        ParseErrorKind::Empty => {
            gettext("there is no tree: write one as nested lists, such as ((3 12 8) (2 4 6))")
        }
        ParseErrorKind::LeafAtRoot => {
            gettext("the root must be a list of children in brackets, not a single value")
        }
        ParseErrorKind::ChanceAtRoot => gettext(
            "the root must be a Max or Min node in round brackets; square brackets make chance nodes, which cannot be the root",
        ),
        ParseErrorKind::UnexpectedCharacter(_) => gettext(
            "this character has no place in a tree: only brackets, whole numbers, commas and spaces do",
        ),
        ParseErrorKind::Unclosed { open } => fill(
            &gettext("this '{bracket}' is never closed"),
            &[("bracket", &open)],
        ),
        ParseErrorKind::UnexpectedClose(_) => {
            gettext("this closes a bracket that was never opened")
        }
        ParseErrorKind::MismatchedClose { expected, found } => fill(
            &gettext("'{found}' where '{expected}' closes the bracket open here"),
            &[("found", &found), ("expected", &expected)],
        ),
        ParseErrorKind::EmptyList => {
            gettext("an empty list: every node in brackets needs at least one child")
        }
        ParseErrorKind::NotANumber => gettext("this is not a whole number"),
        ParseErrorKind::ValueOutOfRange => leaf_range_words(),
        ParseErrorKind::TrailingText => {
            gettext("the tree ended before this: one tree only, in one pair of brackets")
        }
        ParseErrorKind::TooDeep => fill(
            &gettext("the tree is too deep: at most {levels} levels below the root"),
            &[("levels", &MAX_DEPTH)],
        ),
        ParseErrorKind::TooManyNodes => fill(
            &gettext("the tree is too large: at most {nodes} nodes"),
            &[("nodes", &MAX_NODES)],
        ),
        ParseErrorKind::TooManyChildren => fill(
            &gettext("too many children: at most {children} under one node"),
            &[("children", &MAX_CHILDREN)],
        ),
        ParseErrorKind::TooManyOutcomes => {
            gettext("chance nodes nested this way would need fractions too fine to keep exact")
        }
    };
    let shown = text.get(error.start..error.end).unwrap_or("");
    let shown = if shown.is_empty() {
        String::new()
    } else {
        format!(" ('{}')", escape_text(shown, ECHO_CHARS))
    };
    fill(
        &gettext("at byte {offset}{text}: {problem}"),
        &[
            ("offset", &error.start),
            ("text", &shown),
            ("problem", &problem),
        ],
    )
}

/// A generated tree's shape refused.
pub fn shape_error_words(error: ShapeError) -> String {
    match error {
        ShapeError::Depth => fill(
            &gettext("the depth must be from 1 to {most}"),
            &[("most", &MAX_DEPTH)],
        ),
        ShapeError::Branching => fill(
            &gettext("the branching factor must be from 1 to {most} (a range low to high)"),
            &[("most", &MAX_CHILDREN)],
        ),
        ShapeError::Values => fill(
            &gettext("the values must lie from {low} to {high}, the lower first"),
            &[("low", &window_limit(MIN_VALUE)), ("high", &MAX_VALUE)],
        ),
        ShapeError::TooManyNodes => fill(
            &gettext("trees this deep and wide could have more than {nodes} nodes"),
            &[("nodes", &MAX_NODES)],
        ),
        ShapeError::TooManyOutcomes => {
            gettext("chance nodes this deep and wide would need fractions too fine to keep exact")
        }
    }
}

/// The pruning convention: "pruning on equal values" or "strict pruning".
pub fn prune_words(prune: Prune) -> String {
    match prune {
        Prune::OnEqual => gettext("pruning on equal values"),
        Prune::Strict => gettext("strict pruning"),
    }
}

/// Alpha-beta enters a node: "Enters the Min node root → 2 with α = 3,
/// β = +∞."
pub fn entered_words(tree: &AbstractTree, id: NodeId, alpha: Limit, beta: Limit) -> String {
    fill(
        &gettext("Enters {node} with α = {alpha}, β = {beta}."),
        &[
            ("node", &node_words(tree, id)),
            ("alpha", &limit_words(alpha)),
            ("beta", &limit_words(beta)),
        ],
    )
}

/// Alpha-beta leaves a node: "Leaves the Min node root → 2 with the value
/// 2."
pub fn returned_words(tree: &AbstractTree, id: NodeId, value: i32) -> String {
    fill(
        &gettext("Leaves {node} with the value {value}."),
        &[
            ("node", &node_words(tree, id)),
            ("value", &value_words(Fraction::from(value))),
        ],
    )
}

/// Minimax knows a node's value once its children's are: "The Max node
/// root → 1 takes the highest of its children: 12."
pub fn worth_words(tree: &AbstractTree, id: NodeId, value: Fraction) -> String {
    let message = match tree.node(id).kind {
        NodeKind::Decision(Decision::Max) => {
            gettext("At {node}: the highest value of its children, {value}.")
        }
        NodeKind::Decision(Decision::Min) => {
            gettext("At {node}: the lowest value of its children, {value}.")
        }
        NodeKind::Chance => gettext("At {node}: the mean of its children's values, {value}."),
        NodeKind::Leaf(_) => gettext("At {node}: {value}, as written."),
    };
    fill(
        &message,
        &[
            ("node", &node_words(tree, id)),
            ("value", &value_words(value)),
        ],
    )
}

/// What happened at a pruning and why: "At the Min node root → 2, child 1
/// returned 2: 2 ≤ α = 3, so Max above already has a better choice and
/// children 2 and 3 are pruned."
pub fn cutoff_words(tree: &AbstractTree, cutoff: &Cutoff) -> String {
    let values: [(&str, &dyn std::fmt::Display); 5] = [
        ("node", &node_words(tree, cutoff.node)),
        ("child", &child_words(tree, cutoff.child)),
        ("value", &window_limit(cutoff.value)),
        ("bound", &window_limit(cutoff.bound)),
        ("cut", &children_words(tree, &cutoff.cut)),
    ];
    let count = plural_count(cutoff.cut.len() as u64);
    let sentence = match cutoff.side {
        Decision::Max => fill(
            &ngettext(
                "At {node}, {child} returned {value}: {value} ≥ β = {bound}, so Min above already has a choice as good for it elsewhere and will never let play come here; {cut} is pruned.",
                "At {node}, {child} returned {value}: {value} ≥ β = {bound}, so Min above already has a choice as good for it elsewhere and will never let play come here; {cut} are pruned.",
                count,
            ),
            &values,
        ),
        Decision::Min => fill(
            &ngettext(
                "At {node}, {child} returned {value}: {value} ≤ α = {bound}, so Max above already has a choice as good for it elsewhere and will never let play come here; {cut} is pruned.",
                "At {node}, {child} returned {value}: {value} ≤ α = {bound}, so Max above already has a choice as good for it elsewhere and will never let play come here; {cut} are pruned.",
                count,
            ),
            &values,
        ),
    };
    if cutoff.on_equal() {
        let equal = fill(
            &gettext(
                "The value equals the bound: with {convention} that is enough; strict pruning would go on.",
            ),
            &[("convention", &prune_words(cutoff.prune))],
        );
        format!("{sentence} {equal}")
    } else {
        sentence
    }
}
