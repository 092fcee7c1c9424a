//! Search, chapter two: principal variation search and MTD(f) under every
//! move order and convention, exhaustive over the 3x3 game.

mod common;

use common::{open_positions, oracle, oracle_score};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::BoardSize;
use tictactoe_engine::player_kind::{MoveOrder, PlayerKind, PlayerOptions, SearchSettings};
use tictactoe_engine::report::{Bound, ProvenResult, SearchReport};
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::play::lost_lines;

/// The exact players that take a move order and conventions.
const SETTLED: [PlayerKind; 3] = [PlayerKind::AlphaBetaTt, PlayerKind::Pvs, PlayerKind::Mtdf];

fn options(settings: SearchSettings) -> PlayerOptions {
    PlayerOptions {
        search: settings,
        ..PlayerOptions::default()
    }
}

/// `kind` with `settings`, one player for every position as a game uses
/// it (its table reused from search to search), chooses a best move and
/// scores every move within what it claims, on every open 3x3 position.
fn agrees_with_minimax(
    kind: PlayerKind,
    settings: SearchSettings,
    positions: &[Board],
    references: &[SearchReport],
) {
    let cancel = CancelFlag::new();
    let mut player = kind.create(&options(settings));
    for (board, reference) in positions.iter().zip(references) {
        let best = reference.score.unwrap();
        let report = player.choose_move(board, &cancel);
        let context = format!("{kind} {settings:?} in {board}");
        let chosen = report.best.unwrap_or_else(|| panic!("no move: {context}"));
        assert_eq!(
            oracle_score(reference, chosen),
            best,
            "chose {chosen}: {context}"
        );
        assert_eq!(report.score, Some(best), "{context}");
        for m in &report.moves {
            let truth = oracle_score(reference, m.cell);
            let score = m.score.unwrap();
            match m.bound {
                Bound::Exact => assert_eq!(score, truth, "cell {}: {context}", m.cell),
                Bound::Upper => assert!(truth <= score, "cell {}: {context}", m.cell),
                Bound::Lower => assert!(truth >= score, "cell {}: {context}", m.cell),
            }
        }
    }
}

#[test]
fn every_settled_player_agrees_with_minimax_under_every_order_and_convention() {
    let positions = open_positions();
    let references: Vec<_> = positions.iter().map(oracle).collect();
    for kind in SETTLED {
        for settings in SearchSettings::every() {
            agrees_with_minimax(kind, settings, &positions, &references);
        }
    }
}

#[test]
fn aspiration_windows_agree_with_minimax() {
    let positions = open_positions();
    let references: Vec<_> = positions.iter().map(oracle).collect();
    for kind in [PlayerKind::AlphaBetaTt, PlayerKind::Pvs] {
        // Narrow windows fail often, wide ones seldom; the conventions
        // change what a failed window returns.
        for width in [1, 3, 50] {
            for settings in SearchSettings::every().filter(|s| s.order == MoveOrder::Heuristic) {
                let settings = SearchSettings {
                    aspiration: Some(width),
                    ..settings
                };
                agrees_with_minimax(kind, settings, &positions, &references);
            }
        }
    }
}

#[test]
fn every_settled_player_never_loses_under_any_order_and_convention() {
    for kind in [PlayerKind::Pvs, PlayerKind::Mtdf] {
        for settings in SearchSettings::every() {
            for side in [Side::Max, Side::Min] {
                let mut player = kind.create(&options(settings));
                let lost = lost_lines(player.as_mut(), side, Board::new(BoardSize::Three));
                assert!(
                    lost.is_empty(),
                    "{kind} {settings:?} as {side:?} lost: {}",
                    lost[0]
                );
            }
        }
    }
}

/// The result a score on X's scale gives the side to move.
fn result_for(side: Side, score: i32) -> ProvenResult {
    match (side.sign() * score).signum() {
        1 => ProvenResult::Win,
        0 => ProvenResult::Draw,
        _ => ProvenResult::Loss,
    }
}

#[test]
fn proof_number_search_proves_minimax_result_and_keeps_it_in_every_position() {
    let cancel = CancelFlag::new();
    let mut player = PlayerKind::Pns.create(&PlayerOptions::default());
    for board in open_positions() {
        let reference = oracle(&board);
        let side = board.side_to_move();
        let expected = result_for(side, reference.score.unwrap());
        let report = player.choose_move(&board, &cancel);
        let proof = report
            .proof
            .unwrap_or_else(|| panic!("no proof in {board}"));
        assert_eq!(proof.result, expected, "in {board}");
        assert!(
            (1..=proof.tree_nodes).contains(&proof.proof_nodes),
            "{proof:?} in {board}"
        );
        let chosen = report.best.unwrap();
        assert_eq!(
            result_for(side, oracle_score(&reference, chosen)),
            expected,
            "chose {chosen} in {board}"
        );
    }
}

#[test]
fn proof_number_search_never_loses() {
    for side in [Side::Max, Side::Min] {
        let mut player = PlayerKind::Pns.create(&PlayerOptions::default());
        let lost = lost_lines(player.as_mut(), side, Board::new(BoardSize::Three));
        assert!(lost.is_empty(), "pns as {side:?} lost: {}", lost[0]);
    }
}

#[test]
fn aspiration_windows_fail_high_and_low_and_search_again_with_that_side_open() {
    // O to move, a draw. Deepening alone values it, iteration by
    // iteration on X's scale, -2, +5, 0, +4, 0, 0: the horizon favours
    // whoever moved last. With windows 2 either side of the previous
    // value, depth 2's (-4, 0) fails high (5), depth 3's (3, 7) fails low
    // (0), depth 4's (-2, 2) high (4), depth 5's (2, 6) low (0), and depth
    // 6's (-2, 2) holds the draw: two fail-highs, two fail-lows.
    let board: Board = "x.o/.x./...".parse().unwrap();
    let cancel = CancelFlag::new();
    for kind in [PlayerKind::AlphaBetaTt, PlayerKind::Pvs] {
        let deepening = PlayerOptions {
            time_limit: Some(std::time::Duration::from_secs(600)),
            ..PlayerOptions::default()
        };
        let values: Vec<i32> = kind
            .create(&deepening)
            .choose_move(&board, &cancel)
            .iterations
            .iter()
            .map(|iteration| iteration.value)
            .collect();
        assert_eq!(values, [-2, 5, 0, 4, 0, 0], "{kind}");
        let settings = SearchSettings {
            aspiration: Some(2),
            ..SearchSettings::default()
        };
        let report = kind.create(&options(settings)).choose_move(&board, &cancel);
        let iterations: Vec<i32> = report.iterations.iter().map(|i| i.value).collect();
        assert_eq!(
            iterations, values,
            "{kind}: the same values, windows or not"
        );
        let passes: Vec<(u32, i32, i32, i32)> = report
            .passes
            .iter()
            .map(|p| (p.depth, p.alpha, p.beta, p.value))
            .collect();
        const INF: i32 = tictactoe_engine::score::INFINITY;
        assert_eq!(
            passes,
            [
                (2, -4, 0, 5),
                (2, -4, INF, 5),
                (3, 3, 7, 0),
                (3, -INF, 7, 0),
                (4, -2, 2, 4),
                (4, -2, INF, 4),
                (5, 2, 6, 0),
                (5, -INF, 6, 0),
                (6, -2, 2, 0),
            ],
            "{kind}"
        );
        let fails_high = report.passes.iter().filter(|p| p.value >= p.beta).count();
        let fails_low = report.passes.iter().filter(|p| p.value <= p.alpha).count();
        assert_eq!((fails_high, fails_low), (2, 2), "{kind}");
        assert_eq!(report.passes.last().unwrap().nodes, report.stats.nodes);
        assert_eq!(report.score, Some(0));
        assert_eq!(report.best, Some(8));
    }
}

#[test]
fn the_minimal_tree_bounds_alpha_beta_without_a_table_and_best_first_order_nears_it() {
    use tictactoe_engine::player_kind::MoveOrder;
    use tictactoe_tools::orders::minimal_tree;
    let cancel = CancelFlag::new();
    let best_first = options(SearchSettings {
        order: MoveOrder::BestFirst,
        ..SearchSettings::default()
    });
    let mut worst_ratio: f64 = 0.0;
    for board in open_positions() {
        let minimal = minimal_tree(&board).expect("3x3 is computed");
        // Plain alpha-beta searches the tree as it is: never below it.
        let nodes = common::decide(PlayerKind::AlphaBeta, &PlayerOptions::default(), &board)
            .stats
            .nodes;
        assert!(
            minimal <= nodes,
            "{board}: minimal {minimal}, alphabeta {nodes}"
        );
        // With the table, transpositions and symmetric positions are
        // searched once, so the table players may go below the tree's
        // minimum on open boards. Best first orders by value, not by the
        // smallest refutation, so it may visit a few more.
        let report = PlayerKind::AlphaBetaTt
            .create(&best_first)
            .choose_move(&board, &cancel);
        worst_ratio = worst_ratio.max(report.stats.nodes as f64 / minimal as f64);
    }
    assert!(
        worst_ratio <= 1.5,
        "best first visits {worst_ratio:.2} x the minimal tree"
    );
}
