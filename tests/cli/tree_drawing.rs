//! `tictactoe tree --dot/--svg --from NODE`: the subtree of the node its
//! moves from the root name, drawn to `--max-ply` below it (its SVG parsed
//! back with roxmltree: the node at its root, as many nodes as the
//! recorded search has there and the moves they never tried); a node the
//! search does not have refused (exit 2) with the children there are.
use super::common::{run, stderr, stdout};

use tictactoe_engine::board::Board;
use tictactoe_engine::player_kind::{MoveOrder, PlayerKind, PlayerOptions, SearchSettings};
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::tree::{DEFAULT_BUDGET, SearchTree};
use tictactoe_tools::tree_words::move_text;
use tictactoe_words::report::TextStyle;

const POSITION: &str = "x.o/.x./...";

/// The search the command records for `player` with `settings`.
fn recorded(player: PlayerKind, settings: SearchSettings) -> SearchTree {
    let board: Board = POSITION.parse().unwrap();
    let options = PlayerOptions {
        search: settings,
        ..PlayerOptions::default()
    };
    SearchTree::record(player, &board, &options, DEFAULT_BUDGET, &CancelFlag::new()).unwrap()
}

/// The node of `tree` reached from the root through the children whose
/// lines (`move_text`) are `labels`.
fn node_labelled(tree: &SearchTree, labels: &[&str]) -> usize {
    labels.iter().fold(0, |at, label| {
        tree.children(at)
            .find(|&child| move_text(tree, child, TextStyle::COMMAND_LINE) == *label)
            .unwrap_or_else(|| panic!("no {label} below node {at}"))
    })
}

/// What a drawing of `id`'s subtree to `max_ply` plies holds: its kept
/// nodes that deep, and the moves the ones above the last ply never tried.
fn subtree_size(tree: &SearchTree, id: usize, max_ply: usize) -> usize {
    let mut ply_below = vec![None; tree.len()];
    let mut count = 0;
    tree.walk(usize::MAX, |node, parent, _, position| {
        let below = if node == id {
            Some(0)
        } else {
            parent
                .and_then(|parent| ply_below[parent])
                .map(|ply| ply + 1)
        };
        ply_below[node] = below;
        match below {
            Some(ply) if ply < max_ply => count += 1 + tree.pruned(node, position).len(),
            Some(ply) if ply == max_ply => count += 1,
            _ => {}
        }
    });
    count
}

/// The SVG parsed: the picture's title, and each node's title in the
/// order drawn (the root first).
fn svg_nodes(text: &str) -> (String, Vec<String>) {
    let document =
        roxmltree::Document::parse(text).unwrap_or_else(|error| panic!("{error}:\n{text}"));
    let title = |node: roxmltree::Node| node.text().unwrap_or_default().to_owned();
    let picture = document
        .root_element()
        .children()
        .find(|child| child.has_tag_name("title"))
        .map(title)
        .expect("the picture's title");
    // A node is a group of its title and its shape; an edge starts with
    // its line.
    let nodes = document
        .descendants()
        .filter(|element| element.has_tag_name("g"))
        .filter_map(|group| group.first_element_child())
        .filter(|first| first.has_tag_name("title"))
        .filter(|first| {
            first.next_sibling_element().is_some_and(|shape| {
                ["polygon", "rect", "circle"]
                    .iter()
                    .any(|name| shape.has_tag_name(*name))
            })
        })
        .map(title)
        .collect();
    (picture, nodes)
}

#[test]
fn from_names_a_node_by_its_moves_and_draws_its_subtree_to_max_ply() {
    let tree = recorded(PlayerKind::AlphaBeta, SearchSettings::default());
    let id = node_labelled(&tree, &["O 2", "X 4"]);
    for max_ply in [1, 2, 5] {
        let ply = max_ply.to_string();
        let mut drawings = Vec::new();
        for from in ["2,4", "O 2, X 4", " o 2 ,x 4 "] {
            let output = run(&["tree", "--svg", "--from", from, "--max-ply", &ply, POSITION]);
            assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
            drawings.push(stdout(&output));
        }
        assert!(
            drawings.iter().all(|drawing| *drawing == drawings[0]),
            "every spelling names the same node"
        );
        let (picture, nodes) = svg_nodes(&drawings[0]);
        assert!(
            picture.contains("search from x.o/.x./..., the subtree after O 2, X 4: "),
            "{picture}"
        );
        assert!(nodes[0].starts_with("X 4: "), "{}", nodes[0]);
        assert_eq!(nodes.len(), subtree_size(&tree, id, max_ply), "{max_ply}");
        // The same subtree in DOT: a line per node.
        let output = run(&[
            "tree",
            "--dot",
            "--from",
            "2,4",
            "--max-ply",
            &ply,
            POSITION,
        ]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let dot_nodes = stdout(&output)
            .lines()
            .filter(|line| line.trim_start().starts_with('n') && line.contains(" [shape="))
            .count();
        assert_eq!(dot_nodes, nodes.len());
    }
    // Without --from the drawing starts at the root, as before.
    let output = run(&["tree", "--svg", "--max-ply", "1", POSITION]);
    let (picture, nodes) = svg_nodes(&stdout(&output));
    assert!(!picture.contains("subtree"), "{picture}");
    assert!(nodes[0].starts_with("Start: "), "{}", nodes[0]);
    assert_eq!(nodes.len(), subtree_size(&tree, 0, 1));
}

#[test]
fn from_names_a_move_searched_again_a_pass_and_a_depth() {
    let worst = SearchSettings {
        order: MoveOrder::WorstFirst,
        ..SearchSettings::default()
    };
    let pvs = recorded(PlayerKind::Pvs, worst);
    let mtdf = recorded(PlayerKind::Mtdf, SearchSettings::default());
    let deepening = recorded(
        PlayerKind::AlphaBetaTt,
        SearchSettings {
            aspiration: Some(50),
            ..SearchSettings::default()
        },
    );
    let cases: [(&[&str], &str, &SearchTree, &[&str]); 4] = [
        (
            &["--player", "pvs", "--order", "worst"],
            "9",
            &pvs,
            &["O 9"],
        ),
        (
            &["--player", "pvs", "--order", "worst"],
            "9 again, 6",
            &pvs,
            &["O 9 again", "X 6"],
        ),
        (
            &["--player", "mtdf"],
            "pass 2, 9",
            &mtdf,
            &["Pass 2", "O 9"],
        ),
        (
            &["--player", "alphabeta-tt", "--aspiration", "50"],
            "depth 3",
            &deepening,
            &["Depth 3"],
        ),
    ];
    for (options, from, tree, labels) in cases {
        let id = node_labelled(tree, labels);
        let mut args = vec!["tree", "--svg", "--max-ply", "2", "--from", from];
        args.extend_from_slice(options);
        args.push(POSITION);
        let output = run(&args);
        assert_eq!(output.status.code(), Some(0), "{from}: {}", stderr(&output));
        let (_, nodes) = svg_nodes(&stdout(&output));
        let last = labels.last().unwrap();
        assert!(
            nodes[0].starts_with(&format!("{last}: ")),
            "{from}: {}",
            nodes[0]
        );
        assert_eq!(nodes.len(), subtree_size(tree, id, 2), "{from}");
    }
    // The null window's search and the one again are two nodes.
    assert_ne!(
        node_labelled(&pvs, &["O 9"]),
        node_labelled(&pvs, &["O 9 again"])
    );
}

#[test]
fn a_node_the_search_does_not_have_exits_2_naming_the_children_there_are() {
    let refusals: [(&[&str], &str); 7] = [
        // Cell 3 is taken: the start's children are named.
        (
            &["--from", "3"],
            "error: --from '3': the recorded search has no such node: at the start come O 2, O 4, \
             O 6, O 7, O 8, O 9\n",
        ),
        // X does not move first here.
        (
            &["--from", "X 2"],
            "at the start come O 2, O 4, O 6, O 7, O 8, O 9",
        ),
        // Past a leaf.
        (
            &["--from", "2,9,6"],
            "after O 2, X 9 it has no children (X completes a line)",
        ),
        // A move the search never tried is named as such.
        (
            &["--from", "4,6,7"],
            "after O 4, X 6 come O 2 (never tried: 7, 8, 9)",
        ),
        // mtdf's root has passes, not moves.
        (
            &["--player", "mtdf", "--from", "9"],
            "at the start come Pass 1, Pass 2",
        ),
        // Not a node's name.
        (
            &["--from", "2,,3"],
            "invalid value '2,,3' for '--from <NODE>'",
        ),
        (&["--from", "0"], "a cell from 1"),
    ];
    for (args, expected) in refusals {
        let mut all = vec!["tree", "--svg"];
        all.extend_from_slice(args);
        all.push(POSITION);
        let output = run(&all);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(expected),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    // --from draws: without --dot or --svg it is refused.
    let output = run(&["tree", "--from", "2", POSITION]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("<--dot|--svg>"),
        "{}",
        stderr(&output)
    );
}
