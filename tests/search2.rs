//! Search, chapter two: principal variation search and MTD(f) under every
//! move order and convention, exhaustive over the 3x3 game.

mod common;

use common::{open_positions, oracle, oracle_score};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::BoardSize;
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions, SearchSettings};
use tictactoe_engine::report::{Bound, ProvenResult};
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

#[test]
fn every_settled_player_agrees_with_minimax_under_every_order_and_convention() {
    let cancel = CancelFlag::new();
    let positions = open_positions();
    let references: Vec<_> = positions.iter().map(oracle).collect();
    for kind in SETTLED {
        for settings in SearchSettings::every() {
            // One player per combination, as a game uses it: its table is
            // reused from search to search.
            let mut player = kind.create(&options(settings));
            for (board, reference) in positions.iter().zip(&references) {
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
fn proof_number_search_proves_the_empty_4x4_board_a_draw() {
    let board = Board::new(BoardSize::Four);
    let mut player = PlayerKind::Pns.create(&PlayerOptions::default());
    let report = player.choose_move(&board, &CancelFlag::new());
    assert!(!report.aborted, "{:?}", report.note);
    let proof = report.proof.unwrap();
    assert_eq!(proof.result, ProvenResult::Draw);
    // Every X move is answered, and every O reply too: a draw's proof
    // holds both disproofs, far smaller than the trees searched.
    assert!(proof.proof_nodes < proof.tree_nodes, "{proof:?}");
    assert!(report.best.is_some());
}
