//! A recorded search tree in words: what the explorer's rows, its step mode
//! and a screen reader say of each node.
//!
//! The tree keeps values and windows in the negamax view of the side that
//! moved (see `tree`); people read them as the search log does, from X's
//! side: positive is good for X, and a window is X's alpha (what X is
//! already sure of) and beta (what O is already sure of). Both views carry
//! the same information: for a move by O, X's window is O's mirrored.

use crate::node_types::TypeCounts;
use crate::tree::{Node, NodeType, PROOF_NUMBER_CAP, SearchTree};
use crate::tree_steps::{Phase, StepCursor};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_engine::players::pns::UNREACHABLE;
use tictactoe_engine::report::{Bound, Certainty};
use tictactoe_engine::score;
use tictactoe_engine::search::NodeEnding;
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::numbers::{decimal, group, window_limit};
use tictactoe_words::report::{
    TextStyle, mean_result_words, mean_value_words, prior_words, score_phrase, visits_words,
};

/// A node's value and window from X's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct XView {
    pub value: i32,
    pub bound: Bound,
    pub alpha: i32,
    pub beta: i32,
}

/// The side that made the move leading to `node` (at the root, the side
/// that moved last).
pub fn mover(node: &Node) -> Side {
    node.side_to_move().opponent()
}

/// `node`'s value, bound and window from X's side.
pub fn x_view(node: &Node) -> XView {
    let mover = mover(node);
    let (alpha, beta) = node.window();
    let (alpha, beta) = match mover {
        Side::Max => (alpha, beta),
        Side::Min => (-beta, -alpha),
    };
    XView {
        value: mover.sign() * node.value(),
        bound: node.bound().for_mover(mover),
        alpha,
        beta,
    }
}

/// The move that led to node `id`: "X 5"; searched again after its null
/// window failed high: "X 5 again"; a pass: "Pass 2"; an iteration of a
/// deepening search: "Depth 3"; the root: "Start".
pub fn move_text(tree: &SearchTree, id: usize, style: TextStyle) -> String {
    let node = tree.node(id);
    match (node.cell(), tree.pass_number(id)) {
        (None, Some(depth)) if node.is_iteration() => {
            fill(&gettext("Depth {depth}"), &[("depth", &depth)])
        }
        (Some(cell), _) if node.re_searched() => fill(
            &gettext("{move} again"),
            &[("move", &played_text(tree, mover(node), cell, style))],
        ),
        (Some(cell), _) => played_text(tree, mover(node), cell, style),
        (None, Some(number)) => fill(&gettext("Pass {number}"), &[("number", &number)]),
        (None, None) => gettext("Start"),
    }
}

/// A move of `side` to `cell`: "X 5" (on a board with gravity, "X 4"
/// for column 4).
fn played_text(tree: &SearchTree, side: Side, cell: usize, style: TextStyle) -> String {
    let number = style.on(tree.root_position().shape()).move_number(cell);
    fill(
        &gettext("{side} {cell}"),
        &[("side", &side.mark()), ("cell", &number)],
    )
}

/// A move node `parent`'s search pruned: "O 7".
pub fn pruned_move_text(tree: &SearchTree, parent: usize, cell: usize, style: TextStyle) -> String {
    played_text(tree, tree.node(parent).side_to_move(), cell, style)
}

/// The neural player's tree, in the window's column: the network's prior
/// for the move into `id` and its PUCT score, "prior 41.2%, PUCT score
/// 0.731"; empty for the root and for other trees.
pub fn guide_text(tree: &SearchTree, id: usize) -> String {
    match (tree.prior(id), tree.puct(id)) {
        (Some(prior), Some(puct)) => fill(
            // Translators: PUCT is the search's rule for the move to try:
            // the mean value plus a bonus for a high prior and few visits.
            &gettext("{prior}, PUCT score {score}"),
            &[
                ("prior", &prior_words(prior)),
                ("score", &decimal(&format!("{puct:.3}"))),
            ],
        ),
        _ => String::new(),
    }
}

/// The window from X's side: "α −∞, β 0"; a null window, which only asks
/// whether the value is above or below: "null α 0, β 1"; Monte Carlo has
/// none.
pub fn window_text(tree: &SearchTree, node: &Node) -> String {
    if !tree.has_windows() {
        return String::new();
    }
    let view = x_view(node);
    let null = is_null(tree, node);
    fill(
        &if null {
            // Translators: a null window, α and β one apart.
            gettext("null α {alpha}, β {beta}")
        } else {
            gettext("α {alpha}, β {beta}")
        },
        &[
            ("alpha", &window_limit(view.alpha)),
            ("beta", &window_limit(view.beta)),
        ],
    )
}

/// Whether `node` was searched in a null window, α and β one apart: it
/// only asks whether the value is above or below.
/// The solver searches only null windows: one apart on its own scale,
/// shown on the app's, where no value lies between the two.
fn is_null(tree: &SearchTree, node: &Node) -> bool {
    let (alpha, beta) = node.window();
    tree.player() == PlayerKind::Perfect || beta.checked_sub(alpha) == Some(1)
}

/// Whether the tree's values are proven: searched to the end of the game.
fn searched_to_end(tree: &SearchTree) -> bool {
    tree.depth() >= tree.root_position().empty().count_ones()
}

/// The value in words with its bound and number, from X's side, as the
/// log says it: "X wins in 3 moves (995)", "O: at best a draw (>= 0)",
/// "X better (estimate, +3)". `position` is the node's.
pub fn value_text(tree: &SearchTree, node: &Node, position: &Board) -> String {
    if tree.player() == PlayerKind::Pns {
        return match (tree.proof_question(), tree.node_proof_numbers(node)) {
            (Some(side), Some(numbers)) => proof_numbers_words(side, numbers),
            _ => String::new(),
        };
    }
    if !tree.has_windows() {
        // Monte Carlo keeps the mover's mean result, from -1000 (lost) to
        // 1000 (won); it reads on X's scale, as the log reads it.
        let mean = f64::from(mover(node).sign() * node.value()) / 1000.0;
        if tree.is_guided() {
            return mean_value_words(mean);
        }
        return mean_result_words(mean);
    }
    let view = x_view(node);
    let certainty = Certainty::of(view.value, view.bound, searched_to_end(tree));
    // Counted from before the move, as the log counts a root move's: the
    // move to a winning cell "wins in 1 move".
    let stones_before = position.stone_count() - u32::from(node.cell().is_some());
    score_phrase(view.value, view.bound, certainty, stones_before)
}

/// Proof-number search's answer at a node to whether `side` wins, or its
/// numbers while open: "proved: X wins", "disproved: X does not win",
/// "proof 3, disproof 12".
fn proof_numbers_words(side: Side, (proof, disproof): (u32, u32)) -> String {
    let side = side.mark();
    if proof == 0 {
        fill(&gettext("proved: {side} wins"), &[("side", &side)])
    } else if disproof == 0 {
        fill(
            &gettext("disproved: {side} does not win"),
            &[("side", &side)],
        )
    } else {
        fill(
            // Translators: proof-number search: the leaves still to
            // settle to prove the question, and to disprove it.
            &gettext("proof {proof}, disproof {disproof}"),
            &[
                ("proof", &group(u64::from(proof))),
                ("disproof", &group(u64::from(disproof))),
            ],
        )
    }
}

/// A proof-number search leaf never expanded, settled or not.
fn unexpanded_words(settled: bool) -> String {
    if settled {
        gettext("settled unexpanded: by its lines, or settled before")
    } else {
        gettext("not expanded: numbers from its lines")
    }
}

/// The positions searched in the node's subtree: "1,234 nodes"; Monte
/// Carlo: the playouts through it, "1,234 visits".
pub fn nodes_text(tree: &SearchTree, node: &Node) -> String {
    if !tree.has_windows() && tree.player() != PlayerKind::Pns {
        return visits_words(node.subtree_nodes());
    }
    let count = node.subtree_nodes();
    fill(
        &ngettext("{count} node", "{count} nodes", plural_count(count)),
        &[("count", &group(count))],
    )
}

/// Why the node's search ended: "X completes a line", "all 6 moves
/// searched", "cutoff after 2 of 6 moves". `id` and `position` are the
/// node's.
pub fn ending_text(tree: &SearchTree, id: usize, position: &Board) -> String {
    let node = tree.node(id);
    let tried = tree.children(id).count();
    let first = tree.children(id).next().map(|child| tree.node(child));
    if first.is_some_and(Node::is_iteration) {
        return fill(
            &ngettext(
                "deepened {count} time, a move deeper each",
                "deepened {count} times, a move deeper each",
                plural_count(tried as u64),
            ),
            &[("count", &tried)],
        );
    }
    if first.is_some_and(Node::is_pass) {
        return fill(
            &ngettext(
                "the bounds met after {count} pass",
                "the bounds met after {count} passes",
                plural_count(tried as u64),
            ),
            &[("count", &tried)],
        );
    }
    let skipped = match node.ending() {
        NodeEnding::Cutoff | NodeEnding::Expanded => tree.pruned(id, position).len(),
        _ => 0,
    };
    if tree.is_guided() && node.ending() == NodeEnding::Horizon {
        return gettext("evaluated by the network");
    }
    if let (Some(numbers), NodeEnding::Horizon) = (tree.node_proof_numbers(node), node.ending()) {
        return unexpanded_words(numbers.0 == 0 || numbers.1 == 0);
    }
    ending_words(node, tried, skipped)
}

/// `ending_text` for a node whose search tried `tried` moves and left
/// `skipped` (pruned, or never tried by Monte Carlo).
fn ending_words(node: &Node, tried: usize, skipped: usize) -> String {
    let total = tried + skipped;
    match node.ending() {
        NodeEnding::Won => fill(
            &gettext("{side} completes a line"),
            &[("side", &mover(node).mark())],
        ),
        NodeEnding::Drawn => gettext("the board is full"),
        NodeEnding::Horizon => gettext("depth limit: the position is evaluated"),
        NodeEnding::AllChildren if !node.recorded() => {
            gettext("all moves searched (not kept: over the node budget)")
        }
        NodeEnding::AllChildren => fill(
            &ngettext(
                "all {count} move searched",
                "all {count} moves searched",
                plural_count(tried as u64),
            ),
            &[("count", &tried)],
        ),
        NodeEnding::Cutoff if !node.recorded() => {
            gettext("cutoff (moves not kept: over the node budget)")
        }
        NodeEnding::TableHit => gettext("answered by the transposition table"),
        NodeEnding::Expanded if !node.recorded() => {
            gettext("expanded (moves not kept: over the node budget)")
        }
        NodeEnding::Expanded => fill(
            &ngettext(
                "expanded: {tried} of {count} move tried",
                "expanded: {tried} of {count} moves tried",
                plural_count(total as u64),
            ),
            &[("tried", &tried), ("count", &total)],
        ),
        NodeEnding::Playout => gettext("random playouts from here"),
        NodeEnding::NoSafeMove => gettext("no safe move: every move lets the opponent win next"),
        NodeEnding::Bounded => gettext("settled by the scores still possible: no move searched"),
        NodeEnding::Cutoff if skipped == 0 => fill(
            // The last move reached the limit: a bound, with nothing left
            // to prune.
            &ngettext(
                "all {count} move searched, the last reaching {limit}",
                "all {count} moves searched, the last reaching {limit}",
                plural_count(tried as u64),
            ),
            &[
                ("count", &tried),
                ("limit", &cut_limit(node.side_to_move())),
            ],
        ),
        NodeEnding::Cutoff => fill(
            &ngettext(
                "cutoff after {searched} of {count} move",
                "cutoff after {searched} of {count} moves",
                plural_count(total as u64),
            ),
            &[("searched", &tried), ("count", &total)],
        ),
    }
}

/// The texts `tree`'s rows may hold in their value and ending columns, at
/// their widest, for the explorer to make each column that wide: the
/// values (proven, and estimates if the search stopped at a depth; Monte
/// Carlo's means) and the reasons its nodes can have ended.
pub fn column_samples(tree: &SearchTree) -> (Vec<String>, Vec<String>) {
    let root = tree.root_position();
    let moves = root.empty().count_ones() as usize;
    let stones = root.stone_count();
    let mut values = Vec::new();
    let mut endings: Vec<NodeEnding> = if tree.has_windows() {
        let win = score::WIN - stones as i32 - 1;
        let certainties: &[Certainty] = if searched_to_end(tree) {
            &[Certainty::Exact]
        } else {
            &[Certainty::Exact, Certainty::Estimate]
        };
        for score in [win, -win, 0, score::EVAL_LIMIT, -score::EVAL_LIMIT] {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                for &certainty in certainties {
                    values.push(score_phrase(score, bound, certainty, stones));
                }
            }
        }
        let mut endings = vec![
            NodeEnding::Won,
            NodeEnding::Drawn,
            NodeEnding::Horizon,
            NodeEnding::AllChildren,
            NodeEnding::Cutoff,
            NodeEnding::TableHit,
        ];
        if tree.player() == PlayerKind::Perfect {
            endings.extend([NodeEnding::NoSafeMove, NodeEnding::Bounded]);
        }
        endings
    } else if tree.player() == PlayerKind::Pns {
        for side in [Side::Max, Side::Min] {
            for numbers in [
                (0, UNREACHABLE),
                (UNREACHABLE, 0),
                (PROOF_NUMBER_CAP, PROOF_NUMBER_CAP),
            ] {
                values.push(proof_numbers_words(side, numbers));
            }
        }
        vec![NodeEnding::Won, NodeEnding::Drawn, NodeEnding::Expanded]
    } else if tree.is_guided() {
        values.push(mean_value_words(-0.999));
        vec![NodeEnding::Won, NodeEnding::Drawn, NodeEnding::Expanded]
    } else {
        values.push(mean_result_words(-0.999));
        vec![
            NodeEnding::Won,
            NodeEnding::Drawn,
            NodeEnding::Expanded,
            NodeEnding::Playout,
        ]
    };
    if searched_to_end(tree) {
        endings.retain(|&ending| ending != NodeEnding::Horizon);
    }
    let unkept = tree.nodes().iter().any(|node| !node.recorded());
    let mut texts = Vec::new();
    if tree.is_guided() {
        texts.push(gettext("evaluated by the network"));
    }
    if tree.player() == PlayerKind::Pns {
        texts.extend([unexpanded_words(true), unexpanded_words(false)]);
    }
    for ending in endings {
        for side in [Side::Max, Side::Min] {
            for recorded in [true, false].into_iter().filter(|&kept| kept || unkept) {
                let node = Node::sample(ending, side, recorded);
                texts.push(ending_words(&node, moves, 0));
                texts.push(ending_words(&node, moves - 1, moves));
            }
        }
    }
    (values, texts)
}

/// The limit a cutoff at a node with `to_move` to move reached, from X's
/// side: X cuts when a move reaches β, O when one reaches α.
fn cut_limit(to_move: Side) -> &'static str {
    match to_move {
        Side::Max => "≥ β",
        Side::Min => "≤ α",
    }
}

/// A pruned move's row: "pruned: move 4 already refuted this position
/// (≥ β)". `parent` is the node whose search skipped it, whose last
/// child made the cut.
pub fn pruned_text(tree: &SearchTree, parent: usize, style: TextStyle) -> String {
    let node = tree.node(parent);
    let refuting = tree
        .children(parent)
        .last()
        .and_then(|child| tree.node(child).cell());
    match refuting {
        Some(cell) => fill(
            &gettext("pruned: move {cell} already refuted this position ({limit})"),
            &[
                (
                    "cell",
                    &style.on(tree.root_position().shape()).move_number(cell),
                ),
                ("limit", &cut_limit(node.side_to_move())),
            ],
        ),
        None => gettext("pruned"),
    }
}

/// A type's name: "PV", "Cut", "All".
fn type_name(kind: NodeType) -> String {
    match kind {
        // Translators: Knuth and Moore's node types: a node on the principal
        // variation, one whose first good move cuts off, one whose moves
        // are all searched.
        NodeType::Pv => gettext("PV"),
        NodeType::Cut => gettext("Cut"),
        NodeType::All => gettext("All"),
    }
}

/// Node `id`'s type, and what it was expected to be when it turned out
/// otherwise: "Cut", "All, expected Cut"; empty for a leaf and the trees
/// without windows.
pub fn node_type_text(tree: &SearchTree, id: usize) -> String {
    match (tree.actual_type(id), tree.expected_type(id)) {
        (Some(actual), Some(expected)) if actual != expected => unexpected_type(actual, expected),
        (Some(actual), _) => type_name(actual),
        (None, _) => String::new(),
    }
}

/// The widest texts the type column can hold.
pub fn node_type_samples() -> Vec<String> {
    let mut samples = Vec::new();
    for actual in NodeType::ALL {
        for expected in NodeType::ALL {
            samples.push(unexpected_type(actual, expected));
        }
    }
    samples
}

/// A node that turned out otherwise than expected: "All, expected Cut".
fn unexpected_type(actual: NodeType, expected: NodeType) -> String {
    fill(
        &gettext("{actual}, expected {expected}"),
        &[
            ("actual", &type_name(actual)),
            ("expected", &type_name(expected)),
        ],
    )
}

/// How many nodes of each type the search visited: "PV 3, Cut 41, All
/// 17; 5 not as expected"; empty for the trees without windows.
pub fn type_counts_text(tree: &SearchTree) -> String {
    if !tree.has_windows() {
        return String::new();
    }
    let counts = TypeCounts::of(tree);
    let types = NodeType::ALL
        .iter()
        .map(|&kind| format!("{} {}", type_name(kind), group(counts.get(kind))))
        .collect::<Vec<_>>()
        .join(", ");
    fill(
        &gettext("Node types: {types}; not as Knuth and Moore expect: {count}"),
        &[("types", &types), ("count", &group(counts.unexpected))],
    )
}

/// Why the log row's node count differs from the recorded tree's, when it
/// does: "The log's 183 nodes count every round of its iterative
/// deepening, depths 1 to 4; recorded here is one search straight to depth
/// 4."
pub fn logged_count_text(tree: &SearchTree) -> Option<String> {
    let logged = tree.logged()?;
    Some(fill(
        &ngettext(
            "The log's {count} node counts every round of its iterative deepening, depths {first} to {depth}; recorded here is one search straight to depth {depth}.",
            "The log's {count} nodes count every round of its iterative deepening, depths {first} to {depth}; recorded here is one search straight to depth {depth}.",
            plural_count(logged.nodes),
        ),
        &[
            ("count", &group(logged.nodes)),
            ("first", &logged.deepened_from),
            ("depth", &tree.depth()),
        ],
    ))
}

/// Everything a row shows, in one sentence for a screen reader.
pub fn node_sentence(tree: &SearchTree, id: usize, position: &Board, style: TextStyle) -> String {
    let node = tree.node(id);
    if !tree.has_windows() {
        return visit_sentence(tree, id, position, style);
    }
    let sentence = fill(
        &gettext("{move}: {value}; window {window}; {ending}; {nodes}"),
        &[
            ("move", &move_text(tree, id, style)),
            ("value", &value_text(tree, node, position)),
            ("window", &window_text(tree, node)),
            ("ending", &ending_text(tree, id, position)),
            ("nodes", &nodes_text(tree, node)),
        ],
    );
    let kind = node_type_text(tree, id);
    if kind.is_empty() {
        return sentence;
    }
    fill(
        &gettext("{node}; node type {type}"),
        &[("node", &sentence), ("type", &kind)],
    )
}

/// A Monte Carlo node in one sentence: "O 5: O's mean result 0.734;
/// expanded: 3 of 6 moves tried; 1,234 visits"; the neural player's adds
/// its prior and PUCT score.
fn visit_sentence(tree: &SearchTree, id: usize, position: &Board, style: TextStyle) -> String {
    let node = tree.node(id);
    if tree.prior(id).is_some() {
        return fill(
            &gettext("{move}: {value}; {guide}; {ending}; {visits}"),
            &[
                ("move", &move_text(tree, id, style)),
                ("value", &value_text(tree, node, position)),
                ("guide", &guide_text(tree, id)),
                ("ending", &ending_text(tree, id, position)),
                ("visits", &nodes_text(tree, node)),
            ],
        );
    }
    fill(
        &gettext("{move}: {value}; {ending}; {visits}"),
        &[
            ("move", &move_text(tree, id, style)),
            ("value", &value_text(tree, node, position)),
            ("ending", &ending_text(tree, id, position)),
            ("visits", &nodes_text(tree, node)),
        ],
    )
}

/// What happens at a step of the search, for the explorer's step mode:
/// the node entered with its window, or the value it returns and what its
/// parent makes of it (the best so far, a cutoff).
pub fn step_text(tree: &SearchTree, cursor: &StepCursor, style: TextStyle) -> String {
    let id = cursor.node();
    let node = tree.node(id);
    let position = cursor.position(tree);
    let number = group(id as u64 + 1);
    if !tree.has_windows() {
        // Monte Carlo keeps a tree of visits, not an order of search: a
        // step is a node of that tree.
        return fill(
            &gettext("Node {number}: {node}."),
            &[
                ("number", &number),
                ("node", &visit_sentence(tree, id, &position, style)),
            ],
        );
    }
    let step = match (cursor.phase(), node.cell()) {
        (Phase::Enter, None) if node.is_iteration() => fill(
            &gettext(
                "Node {number}: {depth}: the search starts again from the start, one move deeper, the best moves of the last depth first.",
            ),
            &[("number", &number), ("depth", &move_text(tree, id, style))],
        ),
        (Phase::Return, None) if node.is_iteration() => fill(
            &gettext("{depth} ends: {value}; {ending}."),
            &[
                ("depth", &move_text(tree, id, style)),
                ("value", &value_text(tree, node, &position)),
                ("ending", &ending_text(tree, id, &position)),
            ],
        ),
        (Phase::Enter, None) if node.is_pass() && is_null(tree, node) => fill(
            &gettext(
                "Node {number}: {pass} searches the start again with the null window {window}: is the value above or below?",
            ),
            &[
                ("number", &number),
                ("pass", &move_text(tree, id, style)),
                ("window", &window_text(tree, node)),
            ],
        ),
        (Phase::Enter, None) if node.is_pass() => fill(
            &gettext(
                "Node {number}: {pass} searches the start in the aspiration window {window}, around the last depth's value: does the value fall inside?",
            ),
            &[
                ("number", &number),
                ("pass", &move_text(tree, id, style)),
                ("window", &window_text(tree, node)),
            ],
        ),
        (Phase::Return, None) if node.is_pass() => fill(
            &gettext("{pass} ends: {value}; {ending}."),
            &[
                ("pass", &move_text(tree, id, style)),
                ("value", &value_text(tree, node, &position)),
                ("ending", &ending_text(tree, id, &position)),
            ],
        ),
        (Phase::Enter, None) => fill(
            &gettext("Node {number}: the search starts with {side} to move, window {window}."),
            &[
                ("number", &number),
                ("side", &node.side_to_move().mark()),
                ("window", &window_text(tree, node)),
            ],
        ),
        (Phase::Enter, Some(_)) if node.re_searched() => fill(
            &gettext(
                "Node {number}: {move}: its null window failed high, so it is searched again in the window {window}.",
            ),
            &[
                ("number", &number),
                ("move", &move_text(tree, id, style)),
                ("window", &window_text(tree, node)),
            ],
        ),
        (Phase::Enter, Some(_)) if tree.children(id).next().is_some() => fill(
            &gettext("Node {number}: {move}, searched in the window {window}."),
            &[
                ("number", &number),
                ("move", &move_text(tree, id, style)),
                ("window", &window_text(tree, node)),
            ],
        ),
        (Phase::Enter, Some(_)) => fill(
            &gettext("Node {number}: {move} in the window {window}: {ending}, {value}."),
            &[
                ("number", &number),
                ("move", &move_text(tree, id, style)),
                ("window", &window_text(tree, node)),
                ("ending", &ending_text(tree, id, &position)),
                ("value", &value_text(tree, node, &position)),
            ],
        ),
        (Phase::Return, None) => fill(
            &gettext("The search ends: {value}; {ending}."),
            &[
                ("value", &value_text(tree, node, &position)),
                ("ending", &ending_text(tree, id, &position)),
            ],
        ),
        (Phase::Return, Some(_)) => fill(
            &gettext("Back from {move}: {value}; {ending}."),
            &[
                ("move", &move_text(tree, id, style)),
                ("value", &value_text(tree, node, &position)),
                ("ending", &ending_text(tree, id, &position)),
            ],
        ),
    };
    let leaves_node = cursor.phase() == Phase::Return || tree.children(id).next().is_none();
    match cursor.path().len().checked_sub(2) {
        // Each pass and iteration stands alone: the next starts from what
        // it found.
        Some(_) if node.is_root_again() => step,
        Some(at) if leaves_node => {
            let parent_path = &cursor.path()[..=at];
            format!("{step} {}", parent_text(tree, parent_path, id, style))
        }
        _ => step,
    }
}

/// What the parent at the end of `path` makes of its child `done`, just
/// searched: its best move so far, and whether that ends its search.
fn parent_text(tree: &SearchTree, path: &[usize], done: usize, style: TextStyle) -> String {
    let parent = *path.last().expect("a parent");
    let best = tree
        .children(parent)
        .take_while(|&child| child <= done)
        .reduce(|best, child| {
            if tree.node(child).value() > tree.node(best).value() {
                child
            } else {
                best
            }
        })
        .expect("the child just searched");
    let best_node = tree.node(best);
    let best_position = {
        let mut board = crate::tree_steps::position_along(tree, path);
        board.toggle(
            best_node.cell().expect("a child has a move"),
            board.side_to_move(),
        );
        board
    };
    let text = fill(
        &gettext("Best so far for {side}: {move}, {value}."),
        &[
            ("side", &mover(best_node).mark()),
            ("move", &move_text(tree, best, style)),
            ("value", &value_text(tree, best_node, &best_position)),
        ],
    );
    let node = tree.node(parent);
    let cuts_here = node.ending() == NodeEnding::Cutoff
        && node.recorded()
        && tree.children(parent).last() == Some(done);
    if !cuts_here {
        return text;
    }
    let pruned = tree
        .pruned(parent, &crate::tree_steps::position_along(tree, path))
        .len();
    if pruned == 0 {
        let reached = fill(
            &gettext("It reaches {limit}, but it was the last move: nothing is left to prune."),
            &[("limit", &cut_limit(node.side_to_move()))],
        );
        return format!("{text} {reached}");
    }
    let cut = fill(
        &ngettext(
            "It reaches {limit}: the opponent avoids this position, so its {count} other move is pruned.",
            "It reaches {limit}: the opponent avoids this position, so its {count} other moves are pruned.",
            plural_count(pruned as u64),
        ),
        &[
            ("limit", &cut_limit(node.side_to_move())),
            ("count", &pruned),
        ],
    );
    format!("{text} {cut}")
}
