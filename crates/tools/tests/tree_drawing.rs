//! Trees drawn: the layout worked out by hand on the textbook tree; the SVG
//! parsed back as XML (every node and edge there, pruned edges dashed with
//! their reason, the principal variation bold, hostile text escaped); the
//! DOT drawn by Graphviz's `dot` (which `scripts/setup` installs) into
//! SVG that parses with as many nodes; recorded searches the same.

use std::io::Write;
use std::process::{Command, Stdio};

use tictactoe_engine::abstract_tree::Decision;
use tictactoe_engine::abstract_tree::generate::{Shape, generate};
use tictactoe_engine::abstract_tree::search::{alpha_beta, expectimax};
use tictactoe_engine::abstract_tree::text::parse;
use tictactoe_engine::board::Board;
use tictactoe_engine::player_kind::{Fail, PlayerKind, PlayerOptions, Prune};
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::tree::{DEFAULT_BUDGET, SearchTree};
use tictactoe_tools::tree_drawing::{
    Drawing, DrawnNode, Edge, Glyph, Shown, abstract_drawing, dot, layout, outline, search_drawing,
    svg,
};

const TEXTBOOK: &str = "((3 12 8) (2 4 6) (14 5 2))";

#[test]
fn leaves_are_spaced_evenly_and_parents_centred_over_their_children() {
    let tree = parse(TEXTBOOK, Decision::Max).unwrap();
    let drawing = abstract_drawing(&tree, Shown::Blank);
    let placed = layout(&drawing);
    // The leaves at 0 to 8; each Min node over its middle leaf; the root
    // over the middle Min node.
    let leaves: Vec<f64> = [2, 3, 4, 6, 7, 8, 10, 11, 12]
        .iter()
        .map(|&id| placed.x[id])
        .collect();
    assert_eq!(leaves, (0..9).map(f64::from).collect::<Vec<_>>());
    assert_eq!(
        (placed.x[1], placed.x[5], placed.x[9], placed.x[0]),
        (1.0, 4.0, 7.0, 4.0)
    );
    assert_eq!(
        (placed.level[0], placed.level[1], placed.level[2]),
        (0, 1, 2)
    );
    assert_eq!((placed.width, placed.depth), (9, 2));
    // An uneven tree: a parent sits halfway between its first and last child.
    let uneven = abstract_drawing(
        &parse("((1) (2 3 4 5))", Decision::Max).unwrap(),
        Shown::Blank,
    );
    let placed = layout(&uneven);
    assert_eq!(placed.x, vec![1.25, 0.0, 0.0, 2.5, 1.0, 2.0, 3.0, 4.0]);
}

/// The SVG parsed; its shapes and lines counted.
struct Parsed {
    shapes: usize,
    dashed: Vec<String>,
    bold: usize,
    lines: usize,
}

fn parse_svg(text: &str) -> Parsed {
    let document =
        roxmltree::Document::parse(text).unwrap_or_else(|error| panic!("{error}:\n{text}"));
    assert_eq!(document.root_element().tag_name().name(), "svg");
    let elements: Vec<roxmltree::Node> = document
        .descendants()
        .filter(|node| node.is_element())
        .collect();
    let named = |name: &'static str| {
        elements
            .iter()
            .filter(move |node| node.tag_name().name() == name)
    };
    let shapes = ["polygon", "circle"]
        .iter()
        .map(|name| named(name).count())
        .sum::<usize>()
        + named("rect").count()
        - 1; // the background
    let lines: Vec<&roxmltree::Node> = named("line").collect();
    let dashed = lines
        .iter()
        .filter(|line| line.attribute("stroke-dasharray") == Some("6 4"))
        .map(|line| {
            line.next_sibling_element()
                .filter(|title| title.tag_name().name() == "title")
                .and_then(|title| title.text())
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    let bold = lines
        .iter()
        .filter(|line| line.attribute("stroke-width") == Some("3.5"))
        .count();
    Parsed {
        shapes,
        dashed,
        bold,
        lines: lines.len(),
    }
}

/// `dot -Tsvg` of `text`, parsed: its node groups counted.
fn graphviz_nodes(text: &str) -> usize {
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("Graphviz's dot (scripts/setup installs graphviz)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && !stderr.contains("rror"),
        "{stderr}\n{text}"
    );
    let svg = String::from_utf8(output.stdout).unwrap();
    // Graphviz's SVG names its document type.
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let document = roxmltree::Document::parse_with_options(&svg, options).unwrap();
    document
        .descendants()
        .filter(|node| node.attribute("class") == Some("node"))
        .count()
}

#[test]
fn the_textbook_search_exports_with_its_pruned_edges_dashed_and_its_line_bold() {
    let tree = parse(TEXTBOOK, Decision::Max).unwrap();
    let search = alpha_beta(&tree, Prune::OnEqual, Fail::Soft).unwrap();
    let drawing = abstract_drawing(&tree, Shown::AlphaBeta(&search));
    let parsed = parse_svg(&svg::write(&drawing, &layout(&drawing)));
    assert_eq!((parsed.shapes, parsed.lines), (13, 12));
    // The root's line to 3: two bold edges; the 4 and the 6 cut, each
    // edge saying why.
    assert_eq!(parsed.bold, 2);
    assert_eq!(parsed.dashed.len(), 2);
    assert!(
        parsed.dashed[0].starts_with("At the Min node root → 2, child 1 returned 2: 2 ≤ α = 3"),
        "{:?}",
        parsed.dashed
    );
    let text = dot::write(&drawing);
    assert!(
        text.contains("n5 -> n7 [label=\"2\", style=dashed"),
        "{text}"
    );
    assert!(text.contains("xlabel=\"α 3, β +∞\""), "{text}");
    assert_eq!(graphviz_nodes(&text), 13);
    let lines = outline(&drawing);
    assert!(lines.contains("├─ 2: Min 2 (α 3, β +∞)"), "{lines}");
    assert!(lines.contains("│  ├─ 2.2: 4 [pruned]"), "{lines}");
}

#[test]
fn generated_trees_export_as_well_formed_svg_and_dot() {
    for seed in 0..40 {
        let chance = seed % 2 == 1;
        let shape = Shape {
            depth: 1 + (seed % 4) as usize,
            branching: (1, 4),
            values: (-999, 999),
            chance,
            root: Decision::Min,
        };
        let tree = generate(&shape, seed).unwrap();
        let values = expectimax(&tree);
        let mut drawings = vec![
            abstract_drawing(&tree, Shown::Blank),
            abstract_drawing(&tree, Shown::Values(&values)),
        ];
        let search = (!chance).then(|| alpha_beta(&tree, Prune::Strict, Fail::Hard).unwrap());
        if let Some(search) = &search {
            drawings.push(abstract_drawing(&tree, Shown::AlphaBeta(search)));
        }
        for drawing in drawings {
            let parsed = parse_svg(&svg::write(&drawing, &layout(&drawing)));
            assert_eq!((parsed.shapes, parsed.lines), (tree.len(), tree.len() - 1));
            assert_eq!(graphviz_nodes(&dot::write(&drawing)), tree.len());
        }
        if let Some(search) = &search {
            let drawing = abstract_drawing(&tree, Shown::AlphaBeta(search));
            let parsed = parse_svg(&svg::write(&drawing, &layout(&drawing)));
            assert_eq!(parsed.dashed.len(), search.pruned_edges().len());
        }
    }
}

#[test]
fn text_that_would_break_the_markup_is_escaped() {
    let hostile = "<b>&\"quoted\" 'x' \u{1b}[31m\\n}";
    let node = |parent| DrawnNode {
        parent,
        glyph: Glyph::Chance,
        value: hostile.to_owned(),
        window: hostile.to_owned(),
        edge_label: hostile.to_owned(),
        name: hostile.to_owned(),
        edge: Edge::Pruned,
        edge_note: hostile.to_owned(),
        principal: true,
        title: hostile.to_owned(),
    };
    let drawing = Drawing {
        title: hostile.to_owned(),
        nodes: vec![node(None), node(Some(0))],
    };
    let parsed = parse_svg(&svg::write(&drawing, &layout(&drawing)));
    assert_eq!(
        parsed.dashed,
        vec!["<b>&\"quoted\" 'x' [31m\\n}".to_owned()]
    );
    assert_eq!(graphviz_nodes(&dot::write(&drawing)), 2);
}

#[test]
fn a_recorded_search_exports_to_a_depth_with_its_untried_moves() {
    let board: Board = "x.o/.x./o..".parse().unwrap();
    let options = PlayerOptions::default();
    let tree = SearchTree::record(
        PlayerKind::AlphaBeta,
        &board,
        &options,
        DEFAULT_BUDGET,
        &CancelFlag::new(),
    )
    .unwrap();
    let drawing = search_drawing(&tree, 0, 2, 2_000);
    let mut kept = 0;
    let mut untried = 0;
    tree.walk(2, |id, _, ply, position| {
        kept += 1;
        if ply < 2 {
            untried += tree.pruned(id, position).len();
        }
    });
    assert_eq!(drawing.nodes.len(), kept + untried);
    assert!(untried > 0, "alpha-beta cuts some moves here");
    let parsed = parse_svg(&svg::write(&drawing, &layout(&drawing)));
    assert_eq!(parsed.shapes, kept + untried);
    assert_eq!(parsed.dashed.len(), untried);
    assert!(
        parsed
            .dashed
            .iter()
            .all(|reason| reason.starts_with("pruned: move")),
        "{:?}",
        parsed.dashed
    );
    assert_eq!(graphviz_nodes(&dot::write(&drawing)), kept + untried);
    // The start and each node's children in search order: every node
    // after its parent.
    assert!(
        drawing
            .nodes
            .iter()
            .enumerate()
            .all(|(id, node)| node.parent.is_none_or(|parent| parent < id))
    );
    // A cap on the nodes drawn is said in the title.
    let capped = search_drawing(&tree, 0, 9, 10);
    assert_eq!(capped.nodes.len(), 10);
    assert!(
        capped.title.contains("more nodes not drawn"),
        "{}",
        capped.title
    );
    // A subtree: from the first child down.
    let first = tree.children(0).next().unwrap();
    let subtree = search_drawing(&tree, first, 1, 2_000);
    assert_eq!(subtree.nodes[0].parent, None);
    assert_eq!(
        subtree
            .nodes
            .iter()
            .filter(|node| node.parent == Some(0))
            .count(),
        tree.children(first).count() + {
            let mut position = board;
            position.play(tree.node(first).cell().unwrap()).unwrap();
            tree.pruned(first, &position).len()
        }
    );
}

/// The parts of a drawn node that say what the search found.
fn found(node: &DrawnNode) -> (&str, &str, Edge, bool) {
    (&node.value, &node.window, node.edge, node.principal)
}

#[test]
fn show_solution_reaches_the_whole_search_a_step_at_a_time() {
    use tictactoe_tools::exercise::{Asks, Conventions, Exercise, Kind};
    let conventions = Conventions::default();
    let asks = Asks {
        values: true,
        windows: true,
    };
    for seed in 0..60 {
        let shape = Shape {
            depth: 3,
            branching: (2, 3),
            values: (-9, 9),
            chance: seed % 2 == 0,
            root: if seed % 3 == 0 {
                Decision::Min
            } else {
                Decision::Max
            },
        };
        let tree = generate(&shape, seed).unwrap();
        // Minimax: every inner node once, each after the inner nodes below it.
        let exercise = Exercise::on_tree(Kind::Minimax, tree.clone(), conventions, asks).unwrap();
        let steps = exercise.solution_steps().unwrap();
        let order: Vec<usize> = (0..steps.len())
            .map(|step| steps.node(step).unwrap())
            .collect();
        let inner: Vec<usize> = (0..tree.len())
            .filter(|&id| !tree.node(id).is_leaf())
            .collect();
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, inner, "seed {seed}: each inner node once");
        for (place, &id) in order.iter().enumerate() {
            for &below in &order[place + 1..] {
                assert!(!tree.is_below(below, id), "seed {seed}: {below} after {id}");
            }
        }
        let values = expectimax(&tree);
        assert_eq!(
            steps.drawing(steps.len()),
            abstract_drawing(&tree, Shown::Values(&values))
        );
        let halfway = steps.drawing(steps.len() / 2);
        for (id, node) in halfway.nodes.iter().enumerate() {
            let known = tree.node(id).is_leaf() || order[..steps.len() / 2].contains(&id);
            assert_eq!(!node.value.is_empty(), known, "seed {seed}, node {id}");
        }
        if tree.has_chance_nodes() {
            continue;
        }
        // Alpha-beta: its trace, step by step.
        let exercise = Exercise::on_tree(Kind::AlphaBeta, tree.clone(), conventions, asks).unwrap();
        let steps = exercise.solution_steps().unwrap();
        let search = alpha_beta(&tree, Prune::OnEqual, Fail::Soft).unwrap();
        assert_eq!(steps.len(), search.steps.len());
        let whole = abstract_drawing(&tree, Shown::AlphaBeta(&search));
        assert_eq!(steps.drawing(steps.len()), whole);
        for step in 0..steps.len() {
            let drawing = steps.drawing(step);
            for (id, node) in drawing.nodes.iter().enumerate() {
                let left = search.steps[..step].iter().any(|done| {
                    matches!(done, tictactoe_engine::abstract_tree::search::Step::Leave { node, .. } if *node == id)
                });
                if !tree.node(id).is_leaf() {
                    assert_eq!(
                        !node.value.is_empty(),
                        left,
                        "seed {seed}, step {step}, node {id}"
                    );
                }
                if left {
                    assert_eq!(node.value, whole.nodes[id].value);
                }
            }
            assert!(!steps.words(step).unwrap().is_empty());
        }
    }
}

#[test]
fn the_solution_given_as_an_answer_draws_as_the_search_does() {
    use tictactoe_tools::exercise::answer::Answer;
    use tictactoe_tools::exercise::{Asks, Conventions, Exercise, Kind};
    for seed in 0..200 {
        let shape = Shape {
            depth: 4,
            branching: (2, 3),
            values: (-20, 20),
            chance: false,
            root: Decision::Max,
        };
        let tree = generate(&shape, seed).unwrap();
        let asks = Asks {
            values: true,
            windows: true,
        };
        let exercise =
            Exercise::on_tree(Kind::AlphaBeta, tree.clone(), Conventions::default(), asks).unwrap();
        let answer = abstract_drawing(&tree, Shown::Answer(&exercise.solution()));
        let search = abstract_drawing(
            &tree,
            Shown::AlphaBeta(&alpha_beta(&tree, Prune::OnEqual, Fail::Soft).unwrap()),
        );
        for (id, (given, searched)) in answer.nodes.iter().zip(&search.nodes).enumerate() {
            let (value, window, edge, _) = found(searched);
            assert_eq!(
                found(given),
                (value, window, edge, false),
                "seed {seed}, node {id}"
            );
        }
        let blank = abstract_drawing(&tree, Shown::Answer(&Answer::default()));
        assert_eq!(blank, abstract_drawing(&tree, Shown::Blank));
    }
}
