//! The recorded search tree is the search the players run: same node count,
//! same root scores and bounds, and every node follows from its children.

mod common;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tictactoe::engine::score::{INFINITY, WIN, evaluate};
use tictactoe::engine::tree::{DEFAULT_BUDGET, Ending, SearchTree};
use tictactoe::engine::{
    Board, BoardSize, Bound, Difficulty, PlayerKind, PlayerOptions, SearchReport,
};

use common::{decide, open_positions, random_open_position};

fn options(depth: Option<u32>) -> PlayerOptions {
    PlayerOptions {
        difficulty: depth.map_or(Difficulty::Hard, Difficulty::Depth),
        ..PlayerOptions::default()
    }
}

/// Checks every invariant of `tree` against the player's own report.
fn check(kind: PlayerKind, board: &Board, depth: Option<u32>) -> SearchTree {
    let tree = SearchTree::record(kind, board, depth, DEFAULT_BUDGET).unwrap();
    let report: SearchReport = decide(kind, &options(depth), board);
    assert_eq!(
        tree.nodes_searched(),
        report.stats.nodes,
        "{kind:?} {board}"
    );
    let side = board.side_to_move();
    let root_children: Vec<usize> = tree.children(0).collect();
    assert_eq!(root_children.len(), report.moves.len(), "{board}");
    for (&child, score) in root_children.iter().zip(&report.moves) {
        let node = tree.node(child);
        assert_eq!(node.cell(), Some(score.cell), "{board}");
        assert_eq!(Some(side.sign() * node.value()), score.score, "{board}");
        assert_eq!(node.bound().for_mover(side), score.bound, "{board}");
    }
    let prune = kind == PlayerKind::AlphaBeta;
    tree.walk(usize::MAX, |id, _, _, position| {
        check_node(&tree, id, position, prune)
    });
    tree
}

fn check_node(tree: &SearchTree, id: usize, position: &Board, prune: bool) {
    let node = tree.node(id);
    let (alpha, beta) = node.window();
    assert_eq!(node.side_to_move(), position.side_to_move(), "{position}");
    let expected_bound = if node.cell().is_none() {
        Bound::Exact
    } else if node.value() <= alpha {
        Bound::Upper
    } else if node.value() >= beta {
        Bound::Lower
    } else {
        Bound::Exact
    };
    assert_eq!(node.bound(), expected_bound, "{position}");
    if !prune {
        assert_eq!((alpha, beta), (-INFINITY, INFINITY), "{position}");
    }
    let mover = position.side_to_move().opponent();
    match node.ending() {
        Ending::Won => {
            let cell = node.cell().unwrap();
            assert!(position.completes_line(cell, mover), "{position}");
            assert_eq!(node.value(), WIN - position.stone_count() as i32);
        }
        Ending::Drawn => {
            assert_eq!(position.empty(), 0, "{position}");
            assert_eq!(node.value(), 0);
        }
        Ending::Horizon => {
            assert_eq!(
                node.value(),
                mover.sign() * evaluate(position),
                "{position}"
            );
        }
        Ending::AllChildren | Ending::Cutoff => {
            if !node.recorded() {
                return;
            }
            let children: Vec<usize> = tree.children(id).collect();
            let legal: Vec<usize> = position.legal_moves().collect();
            let cells: Vec<usize> = children
                .iter()
                .map(|&c| tree.node(c).cell().unwrap())
                .collect();
            // Visit order is the search's: cell order, a prefix of the moves.
            assert_eq!(cells, legal[..cells.len()], "{position}");
            let pruned = tree.pruned(id, position);
            assert_eq!(pruned, legal[cells.len()..], "{position}");
            // Windows in the child's view, as the loop raised alpha.
            let (mut a, b) = (-beta, -alpha);
            let mut best = i32::MIN;
            let mut cut = false;
            let mut count = 1;
            for (index, &child) in children.iter().enumerate() {
                let c = tree.node(child);
                assert!(!cut, "a child after the cutoff in {position}");
                assert_eq!(c.window(), (a, b), "{position} child {index}");
                best = best.max(c.value());
                if prune && c.value() > a {
                    a = c.value();
                    cut = a >= b;
                }
                count += c.subtree_nodes();
            }
            assert_eq!(node.value(), -best, "{position}");
            assert_eq!(node.subtree_nodes(), count, "{position}");
            assert_eq!(node.ending() == Ending::Cutoff, cut, "{position}");
            if !cut {
                assert!(pruned.is_empty());
            }
        }
    }
}

#[test]
fn the_empty_board_minimax_tree_has_549945_nodes_in_16_bytes_each() {
    let board = Board::new(BoardSize::Three);
    let tree = check(PlayerKind::Minimax, &board, None);
    assert_eq!(tree.nodes_searched(), 549_945);
    assert_eq!(tree.len(), 549_946);
    assert_eq!(std::mem::size_of_val(tree.nodes()), 549_946 * 16);
}

#[test]
fn every_open_3x3_position_records_the_search_it_runs() {
    for board in open_positions() {
        check(PlayerKind::Minimax, &board, None);
        check(PlayerKind::AlphaBeta, &board, None);
    }
}

#[test]
fn sampled_4x4_and_5x5_positions_at_depth_limits() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for size in [BoardSize::Four, BoardSize::Five] {
        for moves in 0..8 {
            let board = random_open_position(size, moves, &mut rng);
            check(PlayerKind::Minimax, &board, Some(3));
            check(PlayerKind::AlphaBeta, &board, Some(3));
            check(PlayerKind::AlphaBeta, &board, Some(4));
        }
    }
}

#[test]
fn past_the_budget_subtrees_are_counted_but_not_kept() {
    let board = Board::new(BoardSize::Three);
    let tree = SearchTree::record(PlayerKind::Minimax, &board, None, 1000).unwrap();
    assert_eq!(tree.nodes_searched(), 549_945);
    // Past the budget, the siblings of the nodes on the path still come in:
    // at most one board's moves per ply.
    assert!(tree.len() <= 1000 + 9 * 9, "{}", tree.len());
    let unkept: Vec<usize> = (0..tree.len())
        .filter(|&id| !tree.node(id).recorded())
        .collect();
    assert!(!unkept.is_empty());
    for id in unkept {
        assert_eq!(tree.children(id).count(), 0);
        assert!(tree.node(id).subtree_nodes() > 1);
    }
    // The root's children still add up to the whole search.
    let below: u64 = tree.children(0).map(|c| tree.node(c).subtree_nodes()).sum();
    assert_eq!(below, 549_945);
}

#[test]
fn a_subtree_left_unrecorded_is_searched_again_on_request() {
    for (kind, budget) in [(PlayerKind::Minimax, 1000), (PlayerKind::AlphaBeta, 100)] {
        let board = Board::new(BoardSize::Three);
        let tree = SearchTree::record(kind, &board, None, budget).unwrap();
        let full = SearchTree::record(kind, &board, None, DEFAULT_BUDGET).unwrap();
        let unkept: Vec<usize> = (0..tree.len())
            .filter(|&id| !tree.node(id).recorded())
            .collect();
        assert!(!unkept.is_empty());
        for id in unkept.into_iter().step_by(7) {
            let part = tree.expand(id, DEFAULT_BUDGET);
            let (root, whole) = (part.node(0), full_node(&full, &tree.path(id)));
            assert_eq!(
                (root.cell(), root.value(), root.window(), root.bound()),
                (whole.cell(), whole.value(), whole.window(), whole.bound())
            );
            assert_eq!(
                (root.ending(), root.side_to_move(), root.subtree_nodes()),
                (whole.ending(), whole.side_to_move(), whole.subtree_nodes())
            );
            assert!(part.nodes().iter().all(|node| node.recorded()));
            assert_eq!(part.nodes_searched() + 1, tree.node(id).subtree_nodes());
            let mut position = board;
            for cell in tree.path(id) {
                position.play(cell).unwrap();
            }
            assert_eq!(part.root_position(), &position);
            part.walk(usize::MAX, |id, _, _, position| {
                check_node(&part, id, position, kind == PlayerKind::AlphaBeta)
            });
        }
    }
}

/// The node the moves `path` lead to in a fully kept tree.
fn full_node<'a>(tree: &'a SearchTree, path: &[usize]) -> &'a tictactoe::engine::tree::Node {
    let mut at = 0;
    for &cell in path {
        at = tree
            .children(at)
            .find(|&child| tree.node(child).cell() == Some(cell))
            .unwrap();
    }
    tree.node(at)
}

#[test]
fn other_players_are_refused() {
    let board = Board::new(BoardSize::Three);
    let error = SearchTree::record(PlayerKind::Mcts, &board, None, 10).unwrap_err();
    assert!(error.to_string().contains("mcts"), "{error}");
}
