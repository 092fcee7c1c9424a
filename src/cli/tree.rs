//! `tictactoe tree`: the tree a player's search visited, a line (or a JSON
//! object) per node as it is walked.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;

use super::args::{NodePath, NodeStep, TreeArgs};
use super::checks::{
    cannot_finish, check_search_args, chosen_evaluation, search_name, warn_unused_depth,
};
use super::learning::given_state;
use super::output::{refuse, stopped};
use super::stop;
use tictactoe_engine::board::Board;
use tictactoe_engine::learners::Learner;
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::players::pns::UNREACHABLE;
use tictactoe_engine::score::INFINITY;
use tictactoe_tools::tree::NodeType;
use tictactoe_tools::tree::{self, SearchTree};
use tictactoe_tools::tree_drawing::{MAX_DRAWN, dot, layout, search_drawing, svg};
use tictactoe_tools::tree_words;
use tictactoe_words::escape::{ECHO_CHARS, escape_text};
use tictactoe_words::numbers::group;
use tictactoe_words::report::TextStyle;

/// Prints the search tree of one position, a line per node as the tree is
/// walked: a usage error (2) for a player the recorder does not run or a
/// search that cannot finish, a bad position 1.
pub(super) fn run(args: TreeArgs) -> ExitCode {
    let (text, board) = match args.position.read() {
        Ok(read) => read,
        Err(message) => return refuse(&message),
    };
    let board = match board {
        Ok(board) => board,
        Err(message) => {
            say!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(error) = SearchTree::supports(args.player, board.shape()) {
        return refuse(&error.to_string());
    }
    if !warn_unused_depth("--depth", args.player, args.depth) {
        return ExitCode::FAILURE;
    }
    if let Err(message) = check_search_args(args.search, &[args.player], Some(board.shape())) {
        return refuse(&message);
    }
    let evaluation = match chosen_evaluation(&args.evaluation, &[args.player], Some(board.shape()))
    {
        Ok(evaluation) => evaluation,
        Err(message) => return refuse(&message),
    };
    let options = PlayerOptions {
        difficulty: args.depth.unwrap_or_default(),
        search: args.search.settings(),
        evaluation,
        ..PlayerOptions::default()
    };
    let depth = options.difficulty.depth();
    if cannot_finish(args.player, &board, depth, false) {
        let instead = if args.player.deepens_iteratively() {
            ""
        } else {
            ", or record alphabeta-tt"
        };
        return refuse(&format!(
            "{} cannot finish this search in reasonable time ({} empty cells); \
             give it --depth{instead}",
            search_name(args.player),
            board.empty().count_ones()
        ));
    }
    let state = match given_state(&[args.player], args.state.as_deref(), Some(board.shape())) {
        Ok(state) => state,
        Err(code) => return code,
    };
    let recorded = match state.map(|state| state.learner) {
        Some(Learner::Neural(network)) => SearchTree::record_guided(
            Arc::new(network),
            &board,
            options.difficulty,
            tree::DEFAULT_BUDGET,
            &stop::flag(),
        ),
        _ => SearchTree::record(
            args.player,
            &board,
            &options,
            tree::DEFAULT_BUDGET,
            &stop::flag(),
        ),
    };
    let tree = match (recorded, stop::reason()) {
        (Ok(tree), _) => tree,
        (Err(_), Some(reason)) => {
            return stopped(reason, format_args!("the search was not recorded"));
        }
        (Err(error), None) => return refuse(&error.to_string()),
    };
    let windows = tree.has_windows();
    let mut out = std::io::stdout().lock();
    if args.dot || args.svg {
        let from = match args.from.as_ref().map(|path| node_at(&tree, path)) {
            None => 0,
            Some(Ok(id)) => id,
            Some(Err(message)) => return refuse(&message),
        };
        let drawing = search_drawing(&tree, from, args.max_ply, MAX_DRAWN);
        let text = if args.dot {
            dot::write(&drawing)
        } else {
            svg::write(&drawing, &layout(&drawing))
        };
        out!(out, "{}", text.trim_end());
        return match out.flush() {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        };
    }
    if !args.json && windows {
        out!(
            out,
            "{} searching {} to depth {}: {} nodes, the start and {} below it; values and \
             windows on X's scale (+ favours X, - favours O). {}",
            tree.player().name(),
            text.trim(),
            tree.depth(),
            group(tree.node(0).subtree_nodes()),
            group(tree.nodes_searched()),
            tree_words::type_counts_text(&tree),
        );
    } else if !args.json && tree.player() == PlayerKind::Pns {
        let question = match tree.proof_question() {
            Some(side) => format!("the tree of its question whether {} wins", side.mark()),
            None => "no question: the game is over".to_owned(),
        };
        out!(
            out,
            "{} proving {}: {question}, {} nodes ({} made below the roots of both questions), {} \
             plies deep; proof and disproof numbers: the leaves still to settle to prove the \
             question, to disprove it (inf: settled the other way)",
            tree.player().name(),
            text.trim(),
            group(tree.node(0).subtree_nodes()),
            group(tree.nodes_searched()),
            tree.depth(),
        );
    } else if !args.json && tree.is_guided() {
        out!(
            out,
            "{} searching {}: {} simulations guided by its network, {} plies deep; mean values on \
             X's scale (+1 X wins, 0 a draw, -1 O wins); the network's prior for each move, and \
             its PUCT score for the side choosing it (the mean value for that side plus the \
             prior's bonus)",
            tree.player().name(),
            text.trim(),
            group(tree.node(0).subtree_nodes() - 1),
            tree.depth(),
        );
    } else if !args.json {
        out!(
            out,
            "{} searching {}: {} playouts, {} plies deep; mean results on X's scale (+1 X wins, \
             0 a draw, -1 O wins)",
            tree.player().name(),
            text.trim(),
            group(tree.node(0).subtree_nodes()),
            tree.depth(),
        );
    }
    let mut lines = 0u64;
    let mut closed = false;
    tree.walk(args.max_ply, |id, parent, ply, position| {
        if closed || stop::is_stopping() {
            return;
        }
        let line = tree_line(&tree, &args, windows, (id, parent, ply), position);
        closed = writeln!(out, "{line}").is_err();
        lines += 1;
    });
    if closed || out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    match stop::reason() {
        Some(reason) => stopped(
            reason,
            format_args!("printed {} of its nodes", group(lines)),
        ),
        None => ExitCode::SUCCESS,
    }
}

/// The node of `tree` that `path` names, step by step from the root;
/// where a step names no child, a refusal naming the children there are.
fn node_at(tree: &SearchTree, path: &NodePath) -> Result<usize, String> {
    let mut at = 0;
    let mut position = *tree.root_position();
    for step in &path.steps {
        let child = tree
            .children(at)
            .find(|&child| names(tree, child, *step))
            .ok_or_else(|| no_such_child(tree, path, at, &position))?;
        if let Some(cell) = tree.node(child).cell() {
            position.toggle(cell, position.side_to_move());
        }
        at = child;
    }
    Ok(at)
}

/// Whether `step` names node `child` as the tree's lines do.
fn names(tree: &SearchTree, child: usize, step: NodeStep) -> bool {
    let node = tree.node(child);
    match step {
        NodeStep::Move { cell, again, mark } => {
            node.cell() == Some(cell)
                && node.re_searched() == again
                && mark.is_none_or(|side| side == tree_words::mover(node))
        }
        NodeStep::Pass(number) => node.is_pass() && tree.pass_number(child) == Some(number),
        NodeStep::Depth(depth) => node.is_iteration() && tree.pass_number(child) == Some(depth),
    }
}

/// Why `path` names no node below node `at` (at `position`): the
/// children it has, and the moves it never tried, or why it has none.
fn no_such_child(tree: &SearchTree, path: &NodePath, at: usize, position: &Board) -> String {
    let given = escape_text(&path.text, ECHO_CHARS);
    let style = TextStyle::COMMAND_LINE.on(position.shape());
    let place = if at == 0 {
        "at the start".to_owned()
    } else {
        let moves: Vec<String> = tree.ancestry(at)[1..]
            .iter()
            .map(|&id| tree_words::move_text(tree, id, style))
            .collect();
        format!("after {}", moves.join(", "))
    };
    let children: Vec<String> = tree
        .children(at)
        .map(|child| tree_words::move_text(tree, child, style))
        .collect();
    if children.is_empty() {
        return format!(
            "--from '{given}': the recorded search has no such node: {place} it has no children ({})",
            tree_words::ending_text(tree, at, position)
        );
    }
    let mut message = format!(
        "--from '{given}': the recorded search has no such node: {place} come {}",
        children.join(", ")
    );
    let untried = tree.pruned(at, position);
    if !untried.is_empty() {
        message.push_str(&format!(
            " (never tried: {})",
            style.move_numbers(&untried, ", ")
        ));
    }
    message
}

/// One node of `tree` as `tree` prints it, a line of text or JSON; `place`
/// is the node's id, its parent's and its ply.
fn tree_line(
    tree: &SearchTree,
    args: &TreeArgs,
    windows: bool,
    (id, parent, ply): (usize, Option<usize>, usize),
    position: &Board,
) -> String {
    let node = tree.node(id);
    let children = tree.children(id).count();
    let pruned = tree.pruned(id, position);
    let hidden = ply >= args.max_ply && !node.ending().is_leaf();
    let view = tree_words::x_view(node);
    let mean = || f64::from(tree_words::mover(node).sign() * node.value()) / 1000.0;
    if args.json {
        let mut json = serde_json::json!({
            "id": id,
            "parent": parent,
            "ply": ply,
            "move": node.cell(),
            "to_move": node.side_to_move(),
            "end": node.ending().name(),
            "children": children,
            "pruned": pruned,
            "nodes": node.subtree_nodes(),
            "recorded": node.recorded(),
            "subtree_shown": !hidden,
        });
        if windows && let Some(json) = json.as_object_mut() {
            let name = |kind: Option<NodeType>| kind.map(|kind| format!("{kind:?}").to_lowercase());
            json.insert("pass".into(), node.is_pass().into());
            json.insert("re_searched".into(), node.re_searched().into());
            json.insert("type".into(), name(tree.actual_type(id)).into());
            json.insert("expected_type".into(), name(tree.expected_type(id)).into());
        }
        let values = if windows {
            serde_json::json!({
                "value": view.value,
                "bound": view.bound,
                "alpha": view.alpha,
                "beta": view.beta,
            })
        } else if let Some((proof, disproof)) = tree.proof_numbers(id) {
            // Unreachable (settled the other way) as null.
            let number = |n: u32| (n != UNREACHABLE).then_some(n);
            serde_json::json!({
                "proof": number(proof),
                "disproof": number(disproof),
            })
        } else {
            serde_json::json!({
                "visits": node.subtree_nodes(),
                "mean": mean(),
            })
        };
        if let (Some(json), serde_json::Value::Object(values)) = (json.as_object_mut(), values) {
            json.extend(values);
        }
        if let (Some(json), Some(prior), Some(puct)) =
            (json.as_object_mut(), tree.prior(id), tree.puct(id))
        {
            json.insert("prior".into(), prior.into());
            json.insert("puct".into(), puct.into());
        }
        return json.to_string();
    }
    let label = if id == 0 {
        format!("root, {} to move", node.side_to_move().mark())
    } else {
        tree_words::move_text(tree, id, TextStyle::COMMAND_LINE)
    };
    let ending = tree_words::ending_text(tree, id, position);
    let count = node.subtree_nodes();
    let (mut line, pruned_name) = if windows {
        let line = format!(
            "{}{label}: {} {} in ({}, {}); {ending}; {} {}",
            "  ".repeat(ply),
            view.bound.format(view.value),
            view.bound.name(),
            limit_text(view.alpha),
            limit_text(view.beta),
            group(count),
            if count == 1 { "node" } else { "nodes" },
        );
        (line, "pruned")
    } else if let Some((proof, disproof)) = tree.proof_numbers(id) {
        let number = |n: u32| {
            if n == UNREACHABLE {
                "inf".to_owned()
            } else {
                group(u64::from(n))
            }
        };
        let line = format!(
            "{}{label}: proof {}, disproof {}; {ending}; {} {}",
            "  ".repeat(ply),
            number(proof),
            number(disproof),
            group(count),
            if count == 1 { "node" } else { "nodes" },
        );
        (line, "no child for")
    } else {
        let mut line = format!(
            "{}{label}: mean {:+.3} over {} {}",
            "  ".repeat(ply),
            mean(),
            group(count),
            if count == 1 { "visit" } else { "visits" },
        );
        if let (Some(prior), Some(puct)) = (tree.prior(id), tree.puct(id)) {
            line.push_str(&format!(
                ", prior {:.1}%, PUCT score {puct:.3}",
                100.0 * prior
            ));
        }
        line.push_str(&format!("; {ending}"));
        (line, "untried")
    };
    if !pruned.is_empty() {
        let cells = TextStyle::COMMAND_LINE
            .on(position.shape())
            .move_numbers(&pruned, " ");
        line.push_str(&format!("; {pruned_name} {cells}"));
    }
    let kind = tree_words::node_type_text(tree, id);
    if !kind.is_empty() {
        line.push_str(&format!("; type {kind}"));
    }
    if !node.recorded() {
        line.push_str("; not recorded");
    } else if hidden {
        line.push_str("; not shown");
    }
    line
}

/// A window limit as the tree prints it: the search's infinity as `inf`.
fn limit_text(limit: i32) -> String {
    match limit {
        INFINITY => "+inf".to_owned(),
        limit if limit == -INFINITY => "-inf".to_owned(),
        limit => limit.to_string(),
    }
}
