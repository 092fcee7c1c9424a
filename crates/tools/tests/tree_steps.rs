//! The explorer's step mode and its words: walking a recorded tree step by
//! step visits the search in its order, back undoes forward exactly, and
//! the words agree with the numbers they stand for.

use super::common;

use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::report::Bound;
use tictactoe_engine::score::INFINITY;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::search::NodeEnding;
use tictactoe_tools::tree::{DEFAULT_BUDGET, SearchTree};
use tictactoe_tools::tree_steps::{Phase, StepCursor, position_along, principal_variation};
use tictactoe_tools::tree_words::{self, x_view};
use tictactoe_words::report::TextStyle;

use common::{open_positions, random_open_position};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn record(kind: PlayerKind, board: &Board, depth: Option<u32>) -> SearchTree {
    let options = PlayerOptions {
        difficulty: depth.map_or(Difficulty::Hard, Difficulty::Depth),
        ..PlayerOptions::default()
    };
    SearchTree::record(kind, board, &options, DEFAULT_BUDGET, &CancelFlag::new()).unwrap()
}

/// Every step from the first to the last, forward.
fn all_steps(tree: &SearchTree) -> Vec<StepCursor> {
    let mut cursor = StepCursor::default();
    let mut steps = vec![cursor.clone()];
    while cursor.forward(tree) {
        steps.push(cursor.clone());
    }
    steps
}

/// Forward enters every kept node once, in visit order; a node with kept
/// children is returned from once, after its last descendant; back retraces
/// forward exactly.
fn check_walk(tree: &SearchTree, board: &Board) {
    let steps = all_steps(tree);
    let entered: Vec<usize> = steps
        .iter()
        .filter(|step| step.phase() == Phase::Enter)
        .map(StepCursor::node)
        .collect();
    assert_eq!(entered, (0..tree.len()).collect::<Vec<_>>(), "{board}");
    let inner = (0..tree.len())
        .filter(|&id| tree.children(id).next().is_some())
        .count();
    assert_eq!(steps.len(), tree.len() + inner, "{board}");
    for (at, step) in steps.iter().enumerate() {
        assert_eq!(step.path(), tree.ancestry(step.node()), "{board}");
        if step.phase() == Phase::Return {
            // After its last descendant: the step before is below it, the
            // next node entered is not.
            assert!(steps[at - 1].path().starts_with(step.path()), "{board}");
            if let Some(next) = steps[at + 1..].iter().find(|s| s.phase() == Phase::Enter) {
                assert!(!next.path().contains(&step.node()), "{board}");
            }
        }
    }
    assert!(steps.last().unwrap().is_last(tree));
    let mut cursor = steps.last().unwrap().clone();
    for expected in steps.iter().rev().skip(1) {
        assert!(cursor.back(tree), "{board}");
        assert_eq!(&cursor, expected, "{board}");
    }
    assert!(cursor.is_first() && !cursor.back(tree));
}

#[test]
fn stepping_walks_every_3x3_alphabeta_search_in_order_and_back() {
    for board in open_positions() {
        check_walk(&record(PlayerKind::AlphaBeta, &board, None), &board);
    }
}

#[test]
fn stepping_walks_minimax_depth_limited_searches() {
    for board in open_positions().iter().step_by(37) {
        check_walk(&record(PlayerKind::Minimax, board, Some(2)), board);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for size in [Shape::FOUR_BY_FOUR, Shape::FIVE_BY_FIVE] {
        let board = random_open_position(size, 4, &mut rng);
        check_walk(&record(PlayerKind::AlphaBeta, &board, Some(3)), &board);
    }
}

#[test]
fn a_cursor_placed_on_a_node_walks_on_from_there() {
    let board = Board::new(Shape::TIC_TAC_TOE);
    let tree = record(PlayerKind::AlphaBeta, &board, None);
    let steps = all_steps(&tree);
    for id in (0..tree.len()).step_by(97) {
        let cursor = StepCursor::entering(&tree, id);
        let at = steps.iter().position(|step| *step == cursor).unwrap();
        let mut next = cursor.clone();
        if next.forward(&tree) {
            assert_eq!(next, steps[at + 1]);
        }
        assert_eq!(
            cursor.position(&tree),
            position_along(&tree, &tree.ancestry(id))
        );
    }
}

/// The principal variation follows the best child at every node, each
/// node's value is its child's negated, and it ends at a leaf.
#[test]
fn the_principal_variation_carries_the_root_value_down() {
    for board in open_positions().iter().step_by(11) {
        for kind in [PlayerKind::Minimax, PlayerKind::AlphaBeta] {
            let tree = record(kind, board, None);
            let pv = principal_variation(&tree);
            for pair in pv.windows(2) {
                let (node, child) = (tree.node(pair[0]), tree.node(pair[1]));
                assert_eq!(node.value(), -child.value(), "{board}");
                let best = tree.children(pair[0]).map(|c| tree.node(c).value()).max();
                assert_eq!(Some(child.value()), best, "{board}");
            }
            let last = tree.node(*pv.last().unwrap());
            assert!(last.ending().is_leaf() || !last.recorded(), "{board}");
            assert_eq!(pv[0], 0);
        }
    }
}

/// X's view mirrors O's moves: the value's sign and the window flip, a
/// lower bound for O is an upper one for X.
#[test]
fn x_view_is_the_movers_view_mirrored_for_o() {
    let board = Board::new(Shape::TIC_TAC_TOE);
    let tree = record(PlayerKind::AlphaBeta, &board, None);
    for id in 1..tree.len() {
        let node = tree.node(id);
        let view = x_view(node);
        let (alpha, beta) = node.window();
        match tree_words::mover(node) {
            Side::Max => {
                assert_eq!(
                    (view.value, view.alpha, view.beta),
                    (node.value(), alpha, beta)
                );
                assert_eq!(view.bound, node.bound());
            }
            Side::Min => {
                assert_eq!(
                    (view.value, view.alpha, view.beta),
                    (-node.value(), -beta, -alpha)
                );
                let flipped = match node.bound() {
                    Bound::Lower => Bound::Upper,
                    Bound::Upper => Bound::Lower,
                    Bound::Exact => Bound::Exact,
                };
                assert_eq!(view.bound, flipped);
            }
        }
        // A bound lies on the side of the window it left; an exact value
        // inside it, unless it is a leaf's, exact wherever it falls.
        match view.bound {
            Bound::Lower => assert!(view.value >= view.beta),
            Bound::Upper => assert!(view.value <= view.alpha),
            Bound::Exact if node.ending().is_leaf() => {}
            Bound::Exact => assert!(view.alpha < view.value && view.value < view.beta),
        }
    }
}

#[test]
fn the_words_say_what_the_numbers_are() {
    let board = Board::new(Shape::TIC_TAC_TOE);
    let tree = record(PlayerKind::AlphaBeta, &board, None);
    let style = TextStyle::WINDOW;
    let root_words = tree_words::node_sentence(&tree, 0, &board, style);
    assert!(root_words.starts_with("Start: draw (0)"), "{root_words}");
    assert!(root_words.contains("α −∞, β +∞"), "{root_words}");
    assert!(root_words.contains("all 9 moves searched"), "{root_words}");
    assert!(root_words.ends_with("nodes; node type PV"), "{root_words}");

    let (cut, position) = (0..tree.len())
        .find_map(|id| {
            let position = position_along(&tree, &tree.ancestry(id));
            (tree.node(id).ending() == NodeEnding::Cutoff && !tree.pruned(id, &position).is_empty())
                .then_some((id, position))
        })
        .expect("alpha-beta cuts off on the empty board");
    let pruned = tree.pruned(cut, &position);
    let searched = tree.children(cut).count();
    let ending = tree_words::ending_text(&tree, cut, &position);
    assert_eq!(
        ending,
        format!(
            "cutoff after {searched} of {} moves",
            searched + pruned.len()
        )
    );
    let refuting = tree
        .node(tree.children(cut).last().unwrap())
        .cell()
        .unwrap();
    let limit = match position.side_to_move() {
        Side::Max => "≥ β",
        Side::Min => "≤ α",
    };
    assert_eq!(
        tree_words::pruned_text(&tree, cut, style),
        format!(
            "pruned: move {} already refuted this position ({limit})",
            refuting + 1
        )
    );

    let won = (1..tree.len())
        .find(|&id| tree.node(id).ending() == NodeEnding::Won)
        .unwrap();
    let won_position = position_along(&tree, &tree.ancestry(won));
    let mover = tree_words::mover(tree.node(won)).mark();
    assert_eq!(
        tree_words::ending_text(&tree, won, &won_position),
        format!("{mover} completes a line")
    );
    assert!(
        tree_words::value_text(&tree, tree.node(won), &won_position)
            .starts_with(&format!("{mover} wins"))
    );
    assert_eq!(tictactoe_words::numbers::window_limit(INFINITY), "+∞");
    assert_eq!(tictactoe_words::numbers::window_limit(-INFINITY), "−∞");
    assert_eq!(tictactoe_words::numbers::window_limit(-3), "−3");
}

/// The table's answers and Monte Carlo's visits have words of their own;
/// Monte Carlo's principal variation follows the most visited moves, its
/// first move the one the player plays.
#[test]
fn table_hits_and_visits_are_said_in_their_own_words() {
    // The empty board: transpositions meet the table from ply 3 on.
    let tree = record(
        PlayerKind::AlphaBetaTt,
        &Board::new(Shape::TIC_TAC_TOE),
        None,
    );
    let hit = (1..tree.len())
        .find(|&id| tree.node(id).ending() == NodeEnding::TableHit)
        .expect("the table answers somewhere in this search");
    let position = position_along(&tree, &tree.ancestry(hit));
    assert_eq!(
        tree_words::ending_text(&tree, hit, &position),
        "answered by the transposition table"
    );

    let board: Board = "x.o/.x./...".parse().unwrap();
    let options = PlayerOptions {
        playouts: 500,
        seed: 3,
        ..PlayerOptions::default()
    };
    let tree = SearchTree::record(
        PlayerKind::Mcts,
        &board,
        &options,
        DEFAULT_BUDGET,
        &CancelFlag::new(),
    )
    .unwrap();
    let pv = principal_variation(&tree);
    let most_visited = tree
        .children(0)
        .max_by_key(|&child| tree.node(child).subtree_nodes())
        .unwrap();
    assert_eq!(pv[1], most_visited);
    let sentence = tree_words::node_sentence(&tree, most_visited, &board, TextStyle::WINDOW);
    let visits = tree.node(most_visited).subtree_nodes();
    assert!(
        sentence.contains("mean result") && sentence.ends_with(&format!("{visits} visits")),
        "{sentence}"
    );
    assert!(!sentence.contains("window"), "{sentence}");
    assert_eq!(tree_words::window_text(&tree, tree.node(most_visited)), "");
}

/// On every open 3x3 position, with and without a table: a finished game
/// and a horizon's evaluation read as exact values, a cut names how many
/// moves it left (never "1 of 1"), a cut at the last move says nothing was
/// left to prune, and no step repeats itself ("a draw, draw").
#[test]
fn the_words_never_contradict_themselves() {
    let style = TextStyle::WINDOW;
    let mut last_move_cuts = 0;
    for board in open_positions() {
        for (kind, depth) in [
            (PlayerKind::AlphaBeta, None),
            (PlayerKind::AlphaBetaTt, None),
            (PlayerKind::AlphaBeta, Some(2)),
        ] {
            let tree = record(kind, &board, depth);
            for id in 0..tree.len() {
                let node = tree.node(id);
                let position = position_along(&tree, &tree.ancestry(id));
                let value = tree_words::value_text(&tree, node, &position);
                let ending = tree_words::ending_text(&tree, id, &position);
                if matches!(
                    node.ending(),
                    NodeEnding::Won | NodeEnding::Drawn | NodeEnding::Horizon
                ) {
                    assert_eq!(x_view(node).bound, Bound::Exact, "{board} {id}");
                    assert!(!value.contains(">=") && !value.contains("<="), "{value}");
                }
                if let Some(cut) = ending.strip_prefix("cutoff after ") {
                    let numbers: Vec<usize> = cut
                        .split(' ')
                        .filter_map(|word| word.parse().ok())
                        .collect();
                    assert!(numbers[0] < numbers[1], "{board} {id}: {ending}");
                }
                if node.ending() == NodeEnding::Cutoff && node.recorded() {
                    let pruned = tree.pruned(id, &position).is_empty();
                    assert_eq!(ending.contains("the last reaching"), pruned, "{ending}");
                    last_move_cuts += usize::from(pruned);
                }
            }
            for cursor in all_steps(&tree) {
                let step = tree_words::step_text(&tree, &cursor, style);
                assert!(!step.contains("a draw, draw"), "{step}");
                assert!(!step.contains(" 0 other move"), "{step}");
            }
        }
    }
    assert!(last_move_cuts > 0, "no cut at a last move was seen");
}

#[test]
fn proof_numbers_are_said_as_proofs_not_as_visits() {
    // X to move wins at 3: the tree asks whether X wins, and proves it.
    let board: Board = "xx./oo./...".parse().unwrap();
    let tree = record(PlayerKind::Pns, &board, None);
    let words = |id: usize| {
        let position = position_along(&tree, &tree.ancestry(id));
        (
            tree_words::value_text(&tree, tree.node(id), &position),
            tree_words::ending_text(&tree, id, &position),
        )
    };
    let child = |cell: usize| {
        tree.children(0)
            .find(|&id| tree.node(id).cell() == Some(cell))
            .unwrap()
    };
    assert_eq!(words(0).0, "proved: X wins");
    assert_eq!(
        words(child(2)),
        ("proved: X wins".to_owned(), "X completes a line".to_owned())
    );
    // X elsewhere lets O complete its row: settled without expanding.
    assert_eq!(
        words(child(6)),
        (
            "disproved: X does not win".to_owned(),
            "settled unexpanded: by its lines, or settled before".to_owned()
        )
    );
    // X at 6 blocks O: open, numbered from X's lines (the top row lacks 1
    // stone, which O can still block; 3 lines without an O).
    assert_eq!(
        words(child(5)),
        (
            "proof 1, disproof 3".to_owned(),
            "not expanded: numbers from its lines".to_owned()
        )
    );
    let sentence = tree_words::node_sentence(&tree, 0, &board, TextStyle::WINDOW);
    assert!(sentence.ends_with("6 nodes"), "{sentence}");
    assert!(!sentence.contains("visit"), "{sentence}");
    let (values, endings) = tree_words::column_samples(&tree);
    assert!(values.contains(&"disproved: O does not win".to_owned()));
    assert!(endings.contains(&"not expanded: numbers from its lines".to_owned()));
}
