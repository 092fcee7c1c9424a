//! The recorded search tree is the search the players run: same node count,
//! same root scores and bounds, and every node follows from its children.

use super::common;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::evaluation::{LineCounts, evaluate};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions, SearchSettings};
use tictactoe_engine::players::PnsPlayer;
use tictactoe_engine::players::pns::UNREACHABLE;
use tictactoe_engine::report::{Bound, ProvenResult, SearchReport};
use tictactoe_engine::score::{INFINITY, WIN};
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::search::NodeEnding;
use tictactoe_tools::node_types::TypeCounts;
use tictactoe_tools::tree::{
    DEFAULT_BUDGET, LoggedSearch, Node, NodeType, RecordError, SearchTree,
};
use tictactoe_tools::tree_words;
use tictactoe_words::numbers::group;
use tictactoe_words::report::TextStyle;

use common::{decide, open_positions, random_open_position};

/// The players that search with windows.
const WINDOW_PLAYERS: [PlayerKind; 6] = [
    PlayerKind::Minimax,
    PlayerKind::AlphaBeta,
    PlayerKind::AlphaBetaTt,
    PlayerKind::AlphaBetaRandom,
    PlayerKind::Pvs,
    PlayerKind::Mtdf,
];

fn options(depth: Option<u32>) -> PlayerOptions {
    PlayerOptions {
        difficulty: depth.map_or(Difficulty::Hard, Difficulty::Depth),
        ..PlayerOptions::default()
    }
}

fn record(kind: PlayerKind, board: &Board, options: &PlayerOptions, budget: usize) -> SearchTree {
    SearchTree::record(kind, board, options, budget, &CancelFlag::new()).unwrap()
}

/// Checks every invariant of `tree` against the player's own report.
fn check(kind: PlayerKind, board: &Board, depth: Option<u32>) -> SearchTree {
    let tree = record(kind, board, &options(depth), DEFAULT_BUDGET);
    let report: SearchReport = decide(kind, &options(depth), board);
    check_against_report(&tree, &report);
    tree
}

/// The tree's node count and root moves are the report's, and every node
/// follows from its children.
fn check_against_report(tree: &SearchTree, report: &SearchReport) {
    let board = tree.root_position();
    assert!(tree.has_windows());
    assert_eq!(
        tree.nodes_searched(),
        report.stats.nodes,
        "{:?} {board}",
        tree.player()
    );
    let side = board.side_to_move();
    if tree
        .children(0)
        .any(|child| tree.node(child).is_root_again())
    {
        // The passes or iterations hang from the root; the last one's value
        // is the report's.
        assert_eq!(Some(-side.sign() * tree.node(0).value()), report.score);
        tree.walk(usize::MAX, |id, _, _, position| {
            check_node(tree, id, position)
        });
        return;
    }
    // A move searched again stands for its null-window search.
    let root_children: Vec<usize> = tree
        .children(0)
        .filter(|&child| !tree.searched_again(child))
        .collect();
    assert_eq!(root_children.len(), report.moves.len(), "{board}");
    // (alphabeta-tt's report sorts its moves best first.)
    for &child in &root_children {
        let node = tree.node(child);
        let score = report
            .moves
            .iter()
            .find(|m| Some(m.cell) == node.cell())
            .expect("every root move is in the report");
        assert_eq!(Some(side.sign() * node.value()), score.score, "{board}");
        assert_eq!(node.bound().for_mover(side), score.bound, "{board}");
    }
    tree.walk(usize::MAX, |id, _, _, position| {
        check_node(tree, id, position)
    });
}

/// The order `kind` tries the moves of `position` in below the root, its
/// first move `first`: cell order, or (with the table) the first move and
/// then the rest by their static score, best first, ties in cell order.
fn expected_order(kind: PlayerKind, position: &Board, first: Option<usize>) -> Vec<usize> {
    let mut legal: Vec<usize> = position.legal_moves().collect();
    if !kind.uses_table() {
        return legal;
    }
    let side = position.side_to_move();
    legal.retain(|&cell| Some(cell) != first);
    let lines = LineCounts::of(position);
    legal.sort_by_key(|&cell| -lines.move_order_score(position.geometry(), cell, side));
    first.into_iter().chain(legal).collect()
}

/// The passes of MTD(f) below the root `id` (each a null-window search of
/// the root's position), or the iterations of a deepening search (each in
/// the full window), or an iteration's aspiration windows: each counts the
/// positions it entered, and the last one's value is `id`'s.
fn check_passes(tree: &SearchTree, id: usize, passes: &[usize], position: &Board) {
    let node = tree.node(id);
    let mtdf = tree.player() == PlayerKind::Mtdf;
    let mut count = u64::from(!node.is_root_again());
    for (index, &pass) in passes.iter().enumerate() {
        let p = tree.node(pass);
        assert!(p.is_root_again(), "{position}");
        assert_eq!(tree.pass_number(pass), Some(index + 1));
        assert_eq!(p.side_to_move(), position.side_to_move(), "{position}");
        let (alpha, beta) = p.window();
        if p.is_iteration() {
            assert_eq!(id, 0, "iterations hang from the root: {position}");
            assert_eq!((alpha, beta), (-INFINITY, INFINITY), "{position}");
        } else if mtdf {
            assert_eq!(id, 0, "passes hang from the root: {position}");
            assert_eq!(beta - alpha, 1, "a null window: {position}");
        } else {
            assert!(node.is_iteration(), "aspiration windows: {position}");
            // Each try opens the side the last one failed on.
            if index > 0 {
                let (last_alpha, last_beta) = tree.node(passes[index - 1]).window();
                assert!(
                    (alpha, beta) == (-INFINITY, last_beta)
                        || (alpha, beta) == (last_alpha, INFINITY),
                    "{position}"
                );
            }
        }
        count += p.subtree_nodes();
    }
    let last = tree.node(*passes.last().unwrap());
    assert_eq!(node.value(), last.value(), "{position}");
    assert_eq!(node.subtree_nodes(), count, "{position}");
}

fn check_node(tree: &SearchTree, id: usize, position: &Board) {
    let kind = tree.player();
    let node = tree.node(id);
    let (alpha, beta) = node.window();
    assert_eq!(node.side_to_move(), position.side_to_move(), "{position}");
    // The root and the leaves (a finished game, a horizon's evaluation)
    // are exact wherever their values fall.
    let leaf = matches!(
        node.ending(),
        NodeEnding::Won | NodeEnding::Drawn | NodeEnding::Horizon
    );
    let search_root = node.cell().is_none() && !node.is_pass();
    let expected_bound = if search_root || leaf {
        Bound::Exact
    } else if node.value() <= alpha {
        Bound::Upper
    } else if node.value() >= beta {
        Bound::Lower
    } else {
        Bound::Exact
    };
    assert_eq!(node.bound(), expected_bound, "{position}");
    if kind == PlayerKind::Minimax {
        assert_eq!((alpha, beta), (-INFINITY, INFINITY), "{position}");
    }
    let mover = position.side_to_move().opponent();
    match node.ending() {
        NodeEnding::Won => {
            let cell = node.cell().unwrap();
            assert!(position.completes_line(cell, mover), "{position}");
            assert_eq!(node.value(), WIN - position.stone_count() as i32);
        }
        NodeEnding::Drawn => {
            assert_eq!(position.empty(), 0, "{position}");
            assert_eq!(node.value(), 0);
        }
        NodeEnding::Horizon => {
            assert_eq!(
                node.value(),
                mover.sign() * evaluate(position),
                "{position}"
            );
        }
        NodeEnding::TableHit => {
            assert!(kind.uses_table(), "{kind:?} {position}");
            assert!(id != 0, "the root is searched: {position}");
            assert_eq!(node.subtree_nodes(), 1, "{position}");
            assert_eq!(tree.children(id).count(), 0, "{position}");
            assert!(tree.pruned(id, position).is_empty(), "{position}");
        }
        NodeEnding::Expanded | NodeEnding::Playout => panic!("a Monte Carlo ending from {kind:?}"),
        NodeEnding::NoSafeMove | NodeEnding::Bounded => panic!("the solver's ending from {kind:?}"),
        NodeEnding::AllChildren | NodeEnding::Cutoff => {
            if !node.recorded() {
                return;
            }
            let children: Vec<usize> = tree.children(id).collect();
            if children.iter().any(|&c| tree.node(c).is_root_again()) {
                check_passes(tree, id, &children, position);
                return;
            }
            // A move searched again follows its null-window search.
            let cells: Vec<usize> = children
                .iter()
                .filter(|&&c| !tree.node(c).re_searched())
                .map(|&c| tree.node(c).cell().unwrap())
                .collect();
            // The root of a table player is ordered statically too, and
            // alphabeta-random's root in cell order.
            let search_root = node.cell().is_none();
            // A deepening search orders each depth's root by the last
            // depth's values.
            let reordered = node.is_iteration() || node.is_pass() && kind != PlayerKind::Mtdf;
            let order = if search_root && kind == PlayerKind::AlphaBetaRandom {
                position.legal_moves().collect()
            } else if reordered {
                let mut rest: Vec<usize> = position
                    .legal_moves()
                    .filter(|cell| !cells.contains(cell))
                    .collect();
                if node.is_pass() {
                    // (what `pruned` lists, in cell order)
                    let mut order = cells.clone();
                    order.append(&mut rest);
                    order
                } else {
                    cells.clone()
                }
            } else {
                expected_order(kind, position, cells.first().copied())
            };
            // Visit order is the search's: a prefix of its move order, and
            // the moves never tried are the rest, in that order.
            assert_eq!(cells, order[..cells.len()], "{kind:?} {position}");
            let pruned = tree.pruned(id, position);
            assert_eq!(pruned, order[cells.len()..], "{kind:?} {position}");
            // Windows in the child's view, as the loop raised alpha (not at
            // alphabeta-random's root, which gives every move the full
            // window, nor anywhere in minimax).
            let narrow = kind != PlayerKind::Minimax
                && !(search_root && kind == PlayerKind::AlphaBetaRandom);
            let (mut a, b) = (-beta, -alpha);
            let mut best = i32::MIN;
            let mut cut = false;
            // A pass, and a move searched again, count the positions below
            // them: the search counted theirs before.
            let mut count = u64::from(!node.is_root_again() && !node.re_searched());
            for (index, &child) in children.iter().enumerate() {
                let c = tree.node(child);
                assert!(!cut, "a child after the cutoff in {position}");
                // Principal variation search: after the first move, a null
                // window, and the full one again for a move that beat it.
                let scout = kind == PlayerKind::Pvs
                    && index > 0
                    && !c.re_searched()
                    && !matches!(
                        c.ending(),
                        NodeEnding::Won | NodeEnding::Drawn | NodeEnding::Horizon
                    )
                    && b - a > 1;
                let window = if scout { (a, a + 1) } else { (a, b) };
                assert_eq!(c.window(), window, "{position} child {index}");
                if c.ending().is_leaf() || c.ending() == NodeEnding::TableHit {
                    assert!(!c.re_searched(), "{position}");
                }
                let next = children.get(index + 1).map(|&n| tree.node(n));
                let again = next.is_some_and(|n| n.re_searched() && n.cell() == c.cell());
                assert_eq!(
                    again,
                    scout && c.value() > a && c.value() < b,
                    "a move is searched again when its null window fails high: {position} child {index}"
                );
                assert_eq!(tree.searched_again(child), again);
                count += c.subtree_nodes();
                if again {
                    continue;
                }
                best = best.max(c.value());
                if narrow && c.value() > a {
                    a = c.value();
                    cut = a >= b;
                }
            }
            assert_eq!(node.value(), -best, "{position}");
            assert_eq!(node.subtree_nodes(), count, "{position}");
            assert_eq!(node.ending() == NodeEnding::Cutoff, cut, "{position}");
            if !cut {
                assert!(pruned.is_empty());
            }
        }
    }
}

#[test]
fn the_empty_board_minimax_tree_has_549945_nodes_in_16_bytes_each() {
    let board = Board::new(Shape::TIC_TAC_TOE);
    let tree = check(PlayerKind::Minimax, &board, None);
    assert_eq!(tree.nodes_searched(), 549_945);
    assert_eq!(tree.len(), 549_946);
    assert_eq!(std::mem::size_of_val(tree.nodes()), 549_946 * 16);
}

#[test]
fn every_open_3x3_position_records_the_search_it_runs() {
    let mut table_hits = 0;
    for board in open_positions() {
        for kind in WINDOW_PLAYERS {
            let tree = check(kind, &board, None);
            table_hits += tree
                .nodes()
                .iter()
                .filter(|node| node.ending() == NodeEnding::TableHit)
                .count();
        }
    }
    // The table players' recordings do meet the table.
    assert!(table_hits > 1000, "{table_hits}");
}

#[test]
fn deepening_with_aspiration_windows_records_each_depth_and_each_try() {
    let mut tries = 0;
    for board in open_positions().into_iter().step_by(3) {
        for kind in [PlayerKind::AlphaBetaTt, PlayerKind::Pvs] {
            for width in [1, 5] {
                let mut options = options(None);
                options.search.aspiration = Some(width);
                let tree = record(kind, &board, &options, DEFAULT_BUDGET);
                let report = decide(kind, &options, &board);
                check_against_report(&tree, &report);
                let depths: Vec<usize> = tree.children(0).collect();
                assert_eq!(depths.len(), report.iterations.len(), "{board}");
                assert!(depths.iter().all(|&id| tree.node(id).is_iteration()));
                let recorded_tries = tree.nodes().iter().filter(|node| node.is_pass()).count();
                assert_eq!(recorded_tries, report.passes.len(), "{board}");
                tries += recorded_tries;
            }
        }
    }
    assert!(tries > 1000, "{tries}");
}

#[test]
fn sampled_4x4_and_5x5_positions_at_depth_limits() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for size in [Shape::FOUR_BY_FOUR, Shape::FIVE_BY_FIVE] {
        for moves in 0..8 {
            let board = random_open_position(size, moves, &mut rng);
            for kind in WINDOW_PLAYERS {
                check(kind, &board, Some(3));
            }
            for kind in &WINDOW_PLAYERS[1..] {
                check(*kind, &board, Some(4));
            }
            check(PlayerKind::AlphaBetaTt, &board, Some(5));
        }
    }
}

#[test]
fn past_the_budget_subtrees_are_counted_but_not_kept() {
    let board = Board::new(Shape::TIC_TAC_TOE);
    let tree = record(PlayerKind::Minimax, &board, &options(None), 1000);
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

/// What a node says, all but where its subtree ends in the node list.
fn facts(node: &Node) -> impl PartialEq + std::fmt::Debug {
    (
        (node.cell(), node.value(), node.window(), node.bound()),
        (node.ending(), node.side_to_move()),
        (node.subtree_nodes(), node.recorded()),
    )
}

#[test]
fn a_subtree_left_unrecorded_is_searched_again_on_request() {
    let mcts = PlayerOptions {
        playouts: 3000,
        seed: 5,
        ..PlayerOptions::default()
    };
    let cases = [
        (PlayerKind::Minimax, Board::new(Shape::TIC_TAC_TOE), 1000),
        (PlayerKind::AlphaBeta, Board::new(Shape::TIC_TAC_TOE), 100),
        (
            PlayerKind::AlphaBetaTt,
            Board::new(Shape::FOUR_BY_FOUR),
            300,
        ),
        (
            PlayerKind::AlphaBetaRandom,
            Board::new(Shape::TIC_TAC_TOE),
            100,
        ),
        (PlayerKind::Mcts, Board::new(Shape::TIC_TAC_TOE), 200),
        (PlayerKind::Pvs, Board::new(Shape::FOUR_BY_FOUR), 300),
        (PlayerKind::Mtdf, Board::new(Shape::FOUR_BY_FOUR), 300),
    ];
    let (mut again, mut passes) = (0, 0);
    for (kind, board, budget) in cases {
        let options = if kind == PlayerKind::Mcts {
            mcts
        } else if board.shape() == Shape::FOUR_BY_FOUR {
            options(Some(5))
        } else {
            options(None)
        };
        let tree = record(kind, &board, &options, budget);
        let full = record(kind, &board, &options, DEFAULT_BUDGET);
        let unkept: Vec<usize> = (0..tree.len())
            .filter(|&id| !tree.node(id).recorded())
            .collect();
        assert!(!unkept.is_empty(), "{kind:?}");
        // Also moves searched again and passes: their steps name which of
        // the siblings with their cell they are.
        let repeated = (0..tree.len())
            .filter(|&id| tree.node(id).re_searched() || tree.node(id).is_pass())
            .take(20);
        for id in unkept.into_iter().step_by(7).chain(repeated) {
            let node = tree.node(id);
            again += usize::from(node.re_searched());
            passes += usize::from(node.is_pass());
            let part = tree.expand(id, DEFAULT_BUDGET);
            let path = tree.path(id);
            let whole = full_node(&full, &tree, id);
            // The expanded subtree is node for node the full recording's.
            assert_eq!(part.len(), subtree_len(&full, whole));
            for offset in 0..part.len() {
                assert_eq!(
                    facts(part.node(offset)),
                    facts(full.node(whole + offset)),
                    "{kind:?} {path:?} node {offset}"
                );
            }
            let (unkept, kept) = (tree.node(id), part.node(0));
            assert_eq!(
                (unkept.cell(), unkept.value(), unkept.ending()),
                (kept.cell(), kept.value(), kept.ending())
            );
            assert!(part.nodes().iter().all(|node| node.recorded()));
            assert_eq!(part.nodes_searched() + 1, tree.node(id).subtree_nodes());
            assert_eq!(part.player(), kind);
            let mut position = board;
            for &cell in &path {
                position.play(cell).unwrap();
            }
            assert_eq!(part.root_position(), &position);
            if part.has_windows() {
                part.walk(usize::MAX, |id, _, _, position| {
                    check_node(&part, id, position)
                });
            }
            // An expanded subtree expands further in the same search.
            if let Some(grandchild) = part.children(0).nth(1) {
                let deeper = part.expand(grandchild, DEFAULT_BUDGET);
                assert_eq!(
                    facts(deeper.node(0)),
                    facts(part.node(grandchild)),
                    "{kind:?}"
                );
            }
        }
    }
    assert!(again > 0 && passes > 0, "{again} {passes}");
}

/// The id of the node the moves `path` lead to in a fully kept tree.
fn full_node(full: &SearchTree, tree: &SearchTree, id: usize) -> usize {
    // Each step: the child with the same move (or a pass), as many times
    // over as in `tree` (a move searched again, a later pass).
    let same = |a: &Node, b: &Node| a.cell() == b.cell() && a.is_pass() == b.is_pass();
    let mut at = 0;
    for pair in tree.ancestry(id).windows(2) {
        let step = tree.node(pair[1]);
        let occurrence = tree
            .children(pair[0])
            .take_while(|&sibling| sibling != pair[1])
            .filter(|&sibling| same(tree.node(sibling), step))
            .count();
        at = full
            .children(at)
            .filter(|&child| same(full.node(child), step))
            .nth(occurrence)
            .unwrap();
    }
    at
}

/// The nodes kept in `id`'s subtree, itself included.
fn subtree_len(tree: &SearchTree, id: usize) -> usize {
    1 + tree
        .children(id)
        .map(|child| subtree_len(tree, child))
        .sum::<usize>()
}

/// Checks a Monte Carlo recording against the report of the same search.
fn check_monte_carlo(tree: &SearchTree, report: &SearchReport) {
    let board = tree.root_position();
    assert!(!tree.has_windows());
    assert_eq!(tree.player(), PlayerKind::Mcts);
    let root = tree.node(0);
    // Every playout passes through the root.
    assert_eq!(root.subtree_nodes(), report.stats.leaf_evals, "{board}");
    assert_eq!(tree.nodes_searched(), report.stats.nodes, "{board}");
    assert_eq!(tree.depth(), report.depth, "{board}");
    let mut started = 0;
    tree.walk(usize::MAX, |id, _, _, position| {
        let node = tree.node(id);
        assert_eq!(node.side_to_move(), position.side_to_move());
        assert_eq!(node.window(), (-INFINITY, INFINITY));
        assert_eq!(node.bound(), Bound::Exact);
        assert!((-1000..=1000).contains(&node.value()), "{position}");
        let visits = node.subtree_nodes();
        let children: u64 = tree
            .children(id)
            .map(|child| tree.node(child).subtree_nodes())
            .sum();
        let mover = position.side_to_move().opponent();
        match node.ending() {
            NodeEnding::Expanded => {
                // A node's first visit started a playout there (the root's
                // none), the later ones went on to its children.
                let own = u64::from(id != 0);
                assert_eq!(visits, children + own, "{position}");
                started += own;
                let tried: Vec<usize> = tree
                    .children(id)
                    .map(|child| tree.node(child).cell().unwrap())
                    .collect();
                let mut all = tried.clone();
                all.extend(tree.pruned(id, position));
                all.sort();
                assert_eq!(all, position.legal_moves().collect::<Vec<_>>());
                assert!(tried.windows(2).all(|pair| pair[0] < pair[1]));
            }
            ending => {
                assert_eq!(children, 0, "{position}");
                assert!(visits > 0, "{position}");
                started += visits;
                match ending {
                    NodeEnding::Won => {
                        assert!(position.completes_line(node.cell().unwrap(), mover));
                        assert_eq!(node.value(), 1000);
                    }
                    NodeEnding::Drawn => {
                        assert_eq!(position.outcome(), Outcome::Draw);
                        assert_eq!(node.value(), 0);
                    }
                    NodeEnding::Playout => assert_eq!(position.outcome(), Outcome::Ongoing),
                    other => panic!("{other:?} in a Monte Carlo tree"),
                }
            }
        }
    });
    assert_eq!(started, root.subtree_nodes(), "every playout starts once");
    // The root's children are the report's moves that were tried.
    let children: Vec<usize> = tree.children(0).collect();
    let tried: Vec<_> = report
        .moves
        .iter()
        .filter(|m| m.visits != Some(0))
        .collect();
    assert_eq!(children.len(), tried.len());
    for (&child, score) in children.iter().zip(&tried) {
        let node = tree.node(child);
        assert_eq!(node.cell(), Some(score.cell));
        assert_eq!(Some(node.subtree_nodes() as u32), score.visits);
        // The node keeps the mover's view, the report X's scale.
        let mean = score.mean.unwrap();
        let mover = board.side_to_move();
        assert_eq!(mover.sign() * node.value(), (mean * 1000.0).round() as i32);
    }
    let untried: Vec<usize> = report
        .moves
        .iter()
        .filter(|m| m.visits == Some(0))
        .map(|m| m.cell)
        .collect();
    assert_eq!(tree.pruned(0, board), untried);
    let most_visited = children
        .iter()
        .max_by_key(|&&child| tree.node(child).subtree_nodes())
        .map(|&child| tree.node(child).cell().unwrap());
    assert_eq!(most_visited, report.best);
}

#[test]
fn monte_carlo_records_the_tree_of_visits_its_report_describes() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut positions: Vec<Board> = open_positions().into_iter().step_by(97).collect();
    for size in [Shape::FOUR_BY_FOUR, Shape::FIVE_BY_FIVE] {
        for moves in [0, 3, 6] {
            positions.push(random_open_position(size, moves, &mut rng));
        }
    }
    for (index, board) in positions.iter().enumerate() {
        let options = PlayerOptions {
            playouts: [1, 50, 2000][index % 3],
            seed: index as u64,
            ..PlayerOptions::default()
        };
        let tree = record(PlayerKind::Mcts, board, &options, DEFAULT_BUDGET);
        let report = decide(PlayerKind::Mcts, &options, board);
        assert_eq!(
            report.stats.leaf_evals,
            u64::from(options.playouts),
            "{board}"
        );
        check_monte_carlo(&tree, &report);
    }
}

/// A few moves of a game of `kind`, each decision's report.
fn game_reports(kind: PlayerKind, board: Board, options: &PlayerOptions) -> Vec<SearchReport> {
    let mut player = kind.create(options);
    let mut board = board;
    let mut reports = Vec::new();
    while board.outcome() == Outcome::Ongoing && reports.len() < 3 {
        let report = player.choose_move(&board, &CancelFlag::new());
        board.play(report.best.unwrap()).unwrap();
        reports.push(report);
    }
    reports
}

#[test]
fn a_report_records_again_as_the_search_it_describes() {
    let four = Board::parse_for_move("x.../.o../..x./....").unwrap();
    // Each search on the whole 3x3 game, and to a depth on 4x4.
    let cases = [
        (PlayerKind::Minimax, 3),
        (PlayerKind::AlphaBeta, 4),
        (PlayerKind::AlphaBetaTt, 5),
        (PlayerKind::AlphaBetaRandom, 4),
    ]
    .into_iter()
    .flat_map(|(kind, depth)| {
        [
            (kind, Board::new(Shape::TIC_TAC_TOE), options(None)),
            (kind, four, options(Some(depth))),
        ]
    })
    .chain([(PlayerKind::Perfect, four, options(None))]);
    for (kind, board, options) in cases {
        for report in game_reports(kind, board, &options) {
            let tree =
                SearchTree::record_report(&report, DEFAULT_BUDGET, &CancelFlag::new()).unwrap();
            assert_eq!(tree.player(), report.algorithm, "{kind:?}");
            assert_eq!(tree.depth(), report.depth, "{kind:?}");
            check_against_report(&tree, &report);
        }
    }
    // Monte Carlo: every search of a game has its own seed, kept in its
    // report, and replays from it.
    let options = PlayerOptions {
        playouts: 500,
        seed: 3,
        ..PlayerOptions::default()
    };
    let reports = game_reports(PlayerKind::Mcts, Board::new(Shape::TIC_TAC_TOE), &options);
    assert!(reports[0].replay_seed != reports[1].replay_seed);
    for report in &reports {
        let tree = SearchTree::record_report(report, DEFAULT_BUDGET, &CancelFlag::new()).unwrap();
        check_monte_carlo(&tree, report);
    }
    // The first search of a player built with the options is `record`'s.
    let first = record(
        PlayerKind::Mcts,
        &Board::new(Shape::TIC_TAC_TOE),
        &options,
        DEFAULT_BUDGET,
    );
    check_monte_carlo(&first, &reports[0]);
}

#[test]
fn a_search_under_a_time_limit_records_as_one_search_to_its_depth() {
    let board = Board::new(Shape::FOUR_BY_FOUR);
    let timed = PlayerOptions {
        difficulty: Difficulty::Depth(4),
        time_limit: Some(std::time::Duration::from_secs(60)),
        ..PlayerOptions::default()
    };
    let report = decide(PlayerKind::AlphaBetaTt, &timed, &board);
    let tree = SearchTree::record_report(&report, DEFAULT_BUDGET, &CancelFlag::new()).unwrap();
    assert_eq!(tree.depth(), 4);
    // Deepening from depth 1 searched more than the one search to depth 4.
    let direct = decide(PlayerKind::AlphaBetaTt, &options(Some(4)), &board);
    assert_eq!(tree.nodes_searched(), direct.stats.nodes);
    assert!(report.stats.nodes > direct.stats.nodes);
    // The tree keeps the log's count, and its words say both and why.
    assert_eq!(
        tree.logged(),
        Some(LoggedSearch {
            nodes: report.stats.nodes,
            deepened_from: 1,
        })
    );
    let text = tree_words::logged_count_text(&tree).unwrap();
    assert_eq!(
        text,
        format!(
            "The log's {} nodes count every round of its iterative deepening, depths 1 to 4; \
             recorded here is one search straight to depth 4.",
            group(report.stats.nodes)
        )
    );
}

#[test]
fn a_deepening_search_recorded_deepening_has_the_log_s_count() {
    // Aspiration windows deepen the recording too: the same rounds.
    let aspiring = PlayerOptions {
        difficulty: Difficulty::Depth(3),
        time_limit: Some(std::time::Duration::from_secs(60)),
        search: SearchSettings {
            aspiration: Some(50),
            ..SearchSettings::default()
        },
        ..PlayerOptions::default()
    };
    let board: Board = "x.../.o../..../....".parse().unwrap();
    let report = decide(PlayerKind::AlphaBetaTt, &aspiring, &board);
    assert_eq!(report.iterations.len(), 3);
    let tree = SearchTree::record_report(&report, DEFAULT_BUDGET, &CancelFlag::new()).unwrap();
    assert_eq!(tree.nodes_searched(), report.stats.nodes);
    assert_eq!(
        (tree.logged(), tree_words::logged_count_text(&tree)),
        (None, None)
    );
}

#[test]
fn a_cancelled_recording_says_so() {
    let cancel = CancelFlag::new();
    cancel.cancel();
    let board = Board::new(Shape::FIVE_BY_FIVE);
    // Every player that searches: on 5x5 even Perfect does.
    let searching = PlayerKind::ALL
        .into_iter()
        .filter(|&kind| SearchTree::supports(kind, Shape::FIVE_BY_FIVE).is_ok());
    assert_eq!(searching.clone().count(), 9);
    for kind in searching {
        let result = SearchTree::record(kind, &board, &options(Some(6)), DEFAULT_BUDGET, &cancel);
        assert_eq!(result.unwrap_err(), RecordError::Cancelled, "{kind:?}");
    }
    let tree = record(
        PlayerKind::AlphaBetaTt,
        &board,
        &options(Some(3)),
        DEFAULT_BUDGET,
    );
    let report = decide(PlayerKind::AlphaBetaTt, &options(Some(3)), &board);
    assert_eq!(
        SearchTree::record_report(&report, DEFAULT_BUDGET, &cancel).unwrap_err(),
        RecordError::Cancelled
    );
    let deep = tree.children(0).next().unwrap();
    assert_eq!(
        tree.expand_cancellable(deep, DEFAULT_BUDGET, &cancel)
            .unwrap_err(),
        RecordError::Cancelled
    );
}

#[test]
fn players_that_do_not_search_are_refused() {
    let three = Board::new(Shape::TIC_TAC_TOE);
    for kind in [
        PlayerKind::Human,
        PlayerKind::Random,
        PlayerKind::Rules,
        PlayerKind::Perfect,
        PlayerKind::Menace,
        PlayerKind::Td,
    ] {
        let error =
            SearchTree::record(kind, &three, &options(None), 10, &CancelFlag::new()).unwrap_err();
        assert_eq!(error, RecordError::Unsupported(kind));
        assert!(error.to_string().contains("does not search"), "{error}");
        assert!(error.to_string().starts_with(kind.name()), "{error}");
        assert!(SearchTree::supports(kind, Shape::TIC_TAC_TOE).is_err());
        let report = decide(kind, &PlayerOptions::default(), &three);
        assert_eq!(
            SearchTree::record_report(&report, 10, &CancelFlag::new()).unwrap_err(),
            RecordError::Unsupported(kind)
        );
    }
    // Off 3x3, perfect searches with alphabeta-tt, and is recorded as that.
    let four = Board::parse_for_move("xo../ox../..../....").unwrap();
    assert!(SearchTree::supports(PlayerKind::Perfect, Shape::FOUR_BY_FOUR).is_ok());
    let tree = record(PlayerKind::Perfect, &four, &options(None), DEFAULT_BUDGET);
    assert_eq!(tree.player(), PlayerKind::AlphaBetaTt);
    let report = decide(PlayerKind::Perfect, &PlayerOptions::default(), &four);
    check_against_report(&tree, &report);
}

#[test]
fn a_finished_game_records_a_lone_root() {
    let board: Board = "xxx/oo./...".parse().unwrap();
    for kind in [
        PlayerKind::Minimax,
        PlayerKind::AlphaBeta,
        PlayerKind::AlphaBetaTt,
        PlayerKind::AlphaBetaRandom,
        PlayerKind::Mcts,
        PlayerKind::Pns,
    ] {
        let tree = record(kind, &board, &options(None), DEFAULT_BUDGET);
        assert_eq!((tree.len(), tree.nodes_searched()), (1, 0), "{kind:?}");
        assert_eq!(tree.node(0).value(), 0, "{kind:?}");
        let report = decide(kind, &options(None), &board);
        let again = SearchTree::record_report(&report, DEFAULT_BUDGET, &CancelFlag::new()).unwrap();
        assert_eq!(again.len(), 1, "{kind:?}");
    }
}

/// Each node's type in walk order, as "move: actual/expected" (`-` for
/// none), down to `max_ply`.
fn type_labels(tree: &SearchTree, max_ply: usize) -> Vec<String> {
    let name = |kind: Option<NodeType>| kind.map_or("-".to_owned(), |kind| format!("{kind:?}"));
    let mut labels = Vec::new();
    tree.walk(max_ply, |id, _, _, _| {
        labels.push(format!(
            "{}: {}/{}",
            tree_words::move_text(tree, id, TextStyle::COMMAND_LINE),
            name(tree.actual_type(id)),
            name(tree.expected_type(id)),
        ));
    });
    labels
}

#[test]
fn node_types_follow_knuth_and_moore_on_small_searches() {
    // O to move; O 8 wins at once. Alpha-beta in cell order: O 4 first
    // (a PV node, its first child X 6 too), then every later move is
    // refuted by its first reply (Cut nodes, as expected).
    let board = Board::parse_for_move("xox/.o./x..").unwrap();
    let tree = record(
        PlayerKind::AlphaBeta,
        &board,
        &options(None),
        DEFAULT_BUDGET,
    );
    assert_eq!(
        type_labels(&tree, 9),
        [
            "Start: Pv/Pv",
            "O 4: Pv/Pv",
            "X 6: Pv/Pv",
            "O 8: -/-",
            "O 9: Cut/Cut",
            "X 8: -/-",
            "X 8: Cut/Cut",
            "O 6: -/-",
            "X 9: Cut/Cut",
            "O 6: -/-",
            "O 6: Cut/Cut",
            "X 4: -/-",
            "O 8: -/-",
            "O 9: Cut/Cut",
            "X 4: -/-",
        ]
    );
    assert_eq!(
        TypeCounts::of(&tree),
        TypeCounts {
            pv: 3,
            cut: 5,
            all: 0,
            unexpected: 0
        }
    );
    // Deeper, alpha-beta's X 6 is refuted by O 2 (a Cut node), where X
    // then finds nothing reaching alpha (an All node) and each of O's
    // replies is refuted at once (Cut nodes again).
    let deeper = Board::parse_for_move("x../.o./...").unwrap();
    let tree = record(
        PlayerKind::AlphaBeta,
        &deeper,
        &options(Some(4)),
        DEFAULT_BUDGET,
    );
    let labels = type_labels(&tree, 3);
    let at = labels
        .windows(2)
        .position(|pair| pair[0] == "X 6: Cut/Cut" && pair[1].starts_with("O 2"))
        .unwrap();
    assert_eq!(labels[at + 1..at + 3], ["O 2: All/All", "X 3: Cut/Cut"]);
    // Minimax searches every node in the full window: all PV nodes, and
    // every one off the first-child line is not what it would be.
    let tree = record(PlayerKind::Minimax, &board, &options(None), DEFAULT_BUDGET);
    let counts = TypeCounts::of(&tree);
    assert_eq!((counts.cut, counts.all), (0, 0));
    assert_eq!(counts.pv, 17);
    // Inner nodes off the chain of first children: all but the root, O 4
    // and X 6.
    assert_eq!(counts.unexpected, 14);
    // Principal variation search: X 2's null window asks whether it is
    // no better for O than X 3's -2; it fails low for X to move there (an
    // All node where a Cut node was expected), so it is searched again as
    // a PV node.
    let board = Board::parse_for_move(".../.x./...").unwrap();
    let tree = record(PlayerKind::Pvs, &board, &options(Some(3)), DEFAULT_BUDGET);
    let labels = type_labels(&tree, 2);
    assert_eq!(
        labels[..7],
        [
            "Start: Pv/Pv",
            "O 1: Pv/Pv",
            "X 3: Pv/Pv",
            "X 7: -/-",
            "X 2: All/Cut",
            "X 2 again: Pv/Pv",
            "X 4: -/-",
        ]
    );
    // MTD(f): no node under a null window is a PV node; a pass expects
    // nothing, and below it the rules start from what it turned out.
    let tree = record(PlayerKind::Mtdf, &board, &options(Some(3)), DEFAULT_BUDGET);
    let counts = TypeCounts::of(&tree);
    assert_eq!(counts.pv, 1, "the root alone");
    let labels = type_labels(&tree, 1);
    assert!(labels[1].starts_with("Pass 1: ") && labels[1].ends_with("/-"));
}

/// Proof-number search's numbers at an expanded node, from its children's
/// (`question` asks whether that side wins): where it moves, one proved
/// child proves the node and all must be disproved; elsewhere the other
/// way round.
fn numbers_from_children(tree: &SearchTree, id: usize, mover: Side, question: Side) -> (u32, u32) {
    let numbers: Vec<(u32, u32)> = tree
        .children(id)
        .map(|child| tree.proof_numbers(child).unwrap())
        .collect();
    let smallest = |pick: fn(&(u32, u32)) -> u32| numbers.iter().map(pick).min().unwrap();
    let sum =
        |pick: fn(&(u32, u32)) -> u32| numbers.iter().map(pick).fold(0u32, u32::saturating_add);
    if mover == question {
        (smallest(|n| n.0), sum(|n| n.1))
    } else {
        (sum(|n| n.0), smallest(|n| n.1))
    }
}

#[test]
fn proof_number_search_records_the_tree_that_decided_its_report() {
    let cancel = CancelFlag::new();
    for board in open_positions() {
        let tree = record(PlayerKind::Pns, &board, &options(None), DEFAULT_BUDGET);
        let (report, decided) = PnsPlayer::new(None).search_with_tree(&board, &cancel);
        let proof = report.proof.unwrap();
        let side = board.side_to_move();
        // The side to move's win when it wins; else the opponent's, proved
        // (a loss) or disproved (a draw).
        let (question, root) = match proof.result {
            ProvenResult::Win => (side, (0, UNREACHABLE)),
            ProvenResult::Loss => (side.opponent(), (0, UNREACHABLE)),
            ProvenResult::Draw => (side.opponent(), (UNREACHABLE, 0)),
        };
        assert_eq!(tree.proof_question(), Some(question), "{board}");
        assert_eq!(tree.proof_numbers(0), Some(root), "{board}");
        assert!(!tree.has_windows());
        // Every node of that tree kept; a won position asked one question
        // only, so its tree holds all the report's nodes.
        let kept = decided.unwrap().nodes.len() as u64;
        assert_eq!(tree.node(0).subtree_nodes(), kept, "{board}");
        assert_eq!(tree.len() as u64, kept, "{board}");
        if proof.result == ProvenResult::Win {
            assert_eq!(kept, proof.tree_nodes, "{board}");
        }
        assert_eq!(tree.nodes_searched(), report.stats.nodes, "{board}");
        let again = SearchTree::record_report(&report, DEFAULT_BUDGET, &cancel).unwrap();
        assert_eq!(again.nodes(), tree.nodes(), "{board}");
        tree.walk(usize::MAX, |id, _, _, position| {
            let numbers = tree.proof_numbers(id).unwrap();
            let settled = [(0, UNREACHABLE), (UNREACHABLE, 0)];
            match tree.node(id).ending() {
                NodeEnding::Won => {
                    let won = if position.side_to_move() == question {
                        settled[1]
                    } else {
                        settled[0]
                    };
                    assert_eq!(numbers, won, "{board} node {id}");
                }
                NodeEnding::Drawn => assert_eq!(numbers, settled[1], "{board} node {id}"),
                NodeEnding::Expanded => assert_eq!(
                    numbers,
                    numbers_from_children(&tree, id, position.side_to_move(), question),
                    "{board} node {id}"
                ),
                NodeEnding::Horizon => assert!(
                    settled.contains(&numbers) || (numbers.0 > 0 && numbers.1 > 0),
                    "{board} node {id}: {numbers:?}"
                ),
                other => panic!("{board} node {id}: {other:?}"),
            }
        });
    }
}

#[test]
fn a_proof_tree_past_the_budget_is_counted_and_expanded_on_request() {
    // The empty 4x4 board: a draw, so the tree kept is O's question's,
    // disproved.
    let board = Board::new(Shape::FOUR_BY_FOUR);
    let tree = record(PlayerKind::Pns, &board, &options(None), 1_000);
    let (_, decided) = PnsPlayer::new(None).search_with_tree(&board, &CancelFlag::new());
    let decided = decided.unwrap();
    assert_eq!(tree.proof_question(), Some(Side::Min));
    assert_eq!(tree.proof_numbers(0), Some((UNREACHABLE, 0)));
    assert_eq!(tree.node(0).subtree_nodes(), decided.nodes.len() as u64);
    assert!(tree.len() < 1_000 + 16 * 16, "{}", tree.len());
    let unkept = (0..tree.len())
        .find(|&id| !tree.node(id).recorded())
        .expect("a node past the budget");
    let again = tree.expand(unkept, DEFAULT_BUDGET);
    assert_eq!(again.len() as u64, tree.node(unkept).subtree_nodes());
    assert_eq!(again.proof_numbers(0), tree.proof_numbers(unkept));
    assert_eq!(again.proof_question(), Some(Side::Min));
}
