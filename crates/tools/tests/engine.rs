//! Engine tests, exhaustive over the 3x3 game where that is possible.

use super::common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use common::{decide, open_positions, oracle, oracle_score, reachable_positions};
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::evaluation::evaluate;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player::Player;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::players::{PerfectTable, RulesPlayer};
use tictactoe_engine::report::Bound;
use tictactoe_engine::report::Rule;
use tictactoe_engine::score::EVAL_LIMIT;
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::play::lost_lines;
use tictactoe_words::Words;
use tictactoe_words::players::RuleWords;

const OPTIMAL: [PlayerKind; 4] = [
    PlayerKind::AlphaBeta,
    PlayerKind::AlphaBetaTt,
    PlayerKind::AlphaBetaRandom,
    PlayerKind::Perfect,
];

#[test]
fn there_are_5478_reachable_positions_and_4520_open_ones() {
    assert_eq!(reachable_positions().len(), 5478);
    assert_eq!(open_positions().len(), 4520);
    assert_eq!(PerfectTable::global().positions(), 5478);
}

#[test]
fn minimax_visits_549945_nodes_from_the_empty_board_and_draws() {
    let report = oracle(&Board::new(Shape::TIC_TAC_TOE));
    assert_eq!(report.stats.nodes, 549_945);
    assert_eq!(report.score, Some(0));
    assert_eq!(report.moves.len(), 9);
    assert!(
        report
            .moves
            .iter()
            .all(|m| m.score == Some(0) && m.bound == Bound::Exact)
    );
    assert_eq!(
        report.pv.len(),
        9,
        "a draw is played out to a full board: {:?}",
        report.pv
    );
}

#[test]
fn every_fast_player_agrees_with_minimax_on_every_open_position() {
    let options = PlayerOptions::default();
    for board in open_positions() {
        let reference = oracle(&board);
        let best = reference.score.unwrap();
        assert_eq!(PerfectTable::global().value(&board), Some(best), "{board}");
        for kind in OPTIMAL {
            let report = decide(kind, &options, &board);
            let chosen = report
                .best
                .unwrap_or_else(|| panic!("{kind} chose nothing in {board}"));
            assert_eq!(
                oracle_score(&reference, chosen),
                best,
                "{kind} chose {chosen} in {board}"
            );
            assert_eq!(report.score, Some(best), "{kind} in {board}");
            for m in &report.moves {
                let truth = oracle_score(&reference, m.cell);
                let score = m.score.unwrap();
                match m.bound {
                    Bound::Exact => assert_eq!(score, truth, "{kind} cell {} in {board}", m.cell),
                    Bound::Upper => assert!(truth <= score, "{kind} cell {} in {board}", m.cell),
                    Bound::Lower => assert!(truth >= score, "{kind} cell {} in {board}", m.cell),
                }
            }
            if matches!(kind, PlayerKind::AlphaBetaRandom | PlayerKind::Perfect) {
                assert!(
                    report.moves.iter().all(|m| m.bound == Bound::Exact),
                    "{kind} in {board}"
                );
            }
            assert_eq!(report.pv.first(), Some(&chosen), "{kind} in {board}");
        }
    }
}

#[test]
fn depth_limited_players_agree_with_depth_limited_minimax() {
    let options = PlayerOptions {
        difficulty: Difficulty::Depth(3),
        ..PlayerOptions::default()
    };
    for board in open_positions().into_iter().step_by(7) {
        let reference = decide(PlayerKind::Minimax, &options, &board);
        for kind in [
            PlayerKind::AlphaBeta,
            PlayerKind::AlphaBetaTt,
            PlayerKind::AlphaBetaRandom,
        ] {
            let report = decide(kind, &options, &board);
            let chosen = report.best.unwrap();
            assert_eq!(
                oracle_score(&reference, chosen),
                reference.score.unwrap(),
                "{kind} in {board}"
            );
            for m in report.moves.iter().filter(|m| m.bound == Bound::Exact) {
                assert_eq!(
                    m.score,
                    Some(oracle_score(&reference, m.cell)),
                    "{kind} cell {} in {board}",
                    m.cell
                );
            }
        }
    }
}

#[test]
fn static_evaluation_stays_within_its_limit_everywhere() {
    for board in reachable_positions() {
        assert!(evaluate(&board).abs() <= EVAL_LIMIT, "{board}");
    }
}

fn losses(kind: PlayerKind, difficulty: Difficulty, side: Side) -> Vec<String> {
    let mut player = kind.create(&PlayerOptions {
        difficulty,
        ..PlayerOptions::default()
    });
    let lost = lost_lines(player.as_mut(), side, Board::new(Shape::TIC_TAC_TOE));
    let names: BTreeSet<String> = lost
        .iter()
        .map(|board| format!("{} won: {board}", side.opponent().mark()))
        .collect();
    names.into_iter().collect()
}

#[test]
fn optimal_players_never_lose_against_any_replies() {
    for kind in [PlayerKind::Minimax].into_iter().chain(OPTIMAL) {
        for side in [Side::Max, Side::Min] {
            assert_eq!(
                losses(kind, Difficulty::Hard, side),
                Vec::<String>::new(),
                "{kind} as {side:?}"
            );
        }
    }
}

#[test]
fn easy_can_be_beaten_by_a_line_that_hard_cannot() {
    let easy = losses(PlayerKind::AlphaBeta, Difficulty::Easy, Side::Min);
    assert!(!easy.is_empty(), "some line beats depth 1");
    assert!(losses(PlayerKind::AlphaBeta, Difficulty::Hard, Side::Min).is_empty());
    // The same line is refuted at full depth: replaying the first winning
    // game against Hard does not win.
    let line: Board = easy[0].trim_start_matches("X won: ").parse().unwrap();
    assert_eq!(
        line.outcome(),
        Outcome::Won(Side::Max, line.winning_lines(Side::Max))
    );
}

#[test]
fn alphabeta_random_picks_every_equal_first_move_and_nothing_worse() {
    let board = Board::new(Shape::TIC_TAC_TOE);
    let mut first_moves = BTreeSet::new();
    for seed in 0..200 {
        let options = PlayerOptions {
            seed,
            ..PlayerOptions::default()
        };
        let report = decide(PlayerKind::AlphaBetaRandom, &options, &board);
        assert_eq!(report.score, Some(0));
        assert_eq!(report.choices.len(), 9);
        first_moves.insert(report.best.unwrap());
    }
    assert_eq!(
        first_moves.into_iter().collect::<Vec<_>>(),
        (0..9).collect::<Vec<_>>()
    );
    // Elsewhere only best moves are ever chosen, whatever the seed.
    for (index, board) in open_positions().into_iter().enumerate().step_by(11) {
        let options = PlayerOptions {
            seed: index as u64,
            ..PlayerOptions::default()
        };
        let report = decide(PlayerKind::AlphaBetaRandom, &options, &board);
        let reference = oracle(&board);
        assert_eq!(
            oracle_score(&reference, report.best.unwrap()),
            reference.score.unwrap(),
            "{board}"
        );
    }
}

#[test]
fn rules_never_miss_a_win_or_a_needed_block() {
    for board in open_positions() {
        let side = board.side_to_move();
        let winning = |who: Side| -> Vec<usize> {
            board
                .legal_moves()
                .filter(|&cell| {
                    let mut next = board;
                    next.toggle(cell, who);
                    next.completes_line(cell, who)
                })
                .collect()
        };
        let report = decide(PlayerKind::Rules, &PlayerOptions::default(), &board);
        let chosen = report.best.unwrap();
        let (wins, blocks) = (winning(side), winning(side.opponent()));
        if !wins.is_empty() {
            assert!(wins.contains(&chosen), "missed a win in {board}");
            assert_eq!(
                report.rule.map(RuleWords::describe),
                Some(Rule::Win.describe())
            );
        } else if !blocks.is_empty() {
            assert!(blocks.contains(&chosen), "missed a block in {board}");
            assert_eq!(
                report.rule.map(RuleWords::describe),
                Some(Rule::Block.describe())
            );
        }
    }
}

#[test]
fn rules_lose_to_corner_opposite_corner_third_corner() {
    for seed in 0..20 {
        let mut rules = RulesPlayer::new(seed);
        let mut board = Board::new(Shape::TIC_TAC_TOE);
        let mut reply = |board: &mut Board| {
            let cell = rules.choose_move(board, &CancelFlag::new()).best.unwrap();
            board.play(cell).unwrap();
        };
        board.play(0).unwrap();
        reply(&mut board);
        assert_eq!(board.cell(4), Some(Side::Min), "rules take the centre");
        board.play(8).unwrap();
        reply(&mut board);
        let third = [2, 6]
            .into_iter()
            .find(|&c| board.cell(c).is_none())
            .expect("rules took one corner");
        board.play(third).unwrap();
        reply(&mut board);
        // X now threatens two lines; O blocked one, X completes the other.
        let win = board
            .legal_moves()
            .find(|&c| {
                let mut next = board;
                next.play(c).unwrap();
                next.outcome() != Outcome::Ongoing
            })
            .expect("a winning cell is left");
        board.play(win).unwrap();
        assert!(
            matches!(board.outcome(), Outcome::Won(Side::Max, _)),
            "seed {seed}: {board}"
        );
    }
}

#[test]
fn alphabeta_tt_needs_few_nodes_on_3x3_and_proves_4x4_a_draw() {
    let report = decide(
        PlayerKind::AlphaBetaTt,
        &PlayerOptions::default(),
        &Board::new(Shape::TIC_TAC_TOE),
    );
    assert_eq!(report.score, Some(0));
    assert!(report.stats.nodes <= 2_500, "{} nodes", report.stats.nodes);
    assert!(report.stats.tt_hits > 0 && report.stats.cutoffs > 0);
    let report = decide(
        PlayerKind::AlphaBetaTt,
        &PlayerOptions::default(),
        &Board::new(Shape::FOUR_BY_FOUR),
    );
    assert_eq!(report.score, Some(0), "4x4 with four in a row is a draw");
    assert_eq!(report.depth, 16);
    assert!(!report.aborted);
    // Without a time limit it searches to the end at once: deepening from
    // depth 1 took 1,009,324 nodes.
    assert!(
        report.stats.nodes <= 150_000,
        "{} nodes",
        report.stats.nodes
    );
}

#[test]
fn perfect_falls_back_to_search_on_big_boards_and_says_so() {
    let board: Board = "xxx./ooo./..../....".parse().unwrap();
    let report = decide(PlayerKind::Perfect, &PlayerOptions::default(), &board);
    assert_eq!(report.player, PlayerKind::Perfect);
    assert_eq!(report.best, Some(3), "completes the row");
    assert!(
        report
            .note
            .unwrap()
            .words()
            .starts_with("no table for 4x4, 4 in a row: searched with alphabeta-tt")
    );
}

#[test]
fn mcts_never_loses_to_random() {
    let mut losses = Vec::new();
    for game in 0..200u64 {
        let mcts_side = if game % 2 == 0 { Side::Max } else { Side::Min };
        let mut mcts = PlayerKind::Mcts.create(&PlayerOptions {
            seed: game,
            ..PlayerOptions::default()
        });
        let mut random = PlayerKind::Random.create(&PlayerOptions {
            seed: 1000 + game,
            ..PlayerOptions::default()
        });
        let mut board = Board::new(Shape::TIC_TAC_TOE);
        while board.outcome() == Outcome::Ongoing {
            let player = if board.side_to_move() == mcts_side {
                &mut mcts
            } else {
                &mut random
            };
            let cell = player.choose_move(&board, &CancelFlag::new()).best.unwrap();
            board.play(cell).unwrap();
        }
        if matches!(board.outcome(), Outcome::Won(winner, _) if winner != mcts_side) {
            losses.push(format!("game {game}: {board}"));
        }
    }
    assert_eq!(losses, Vec::<String>::new());
}

#[test]
fn mcts_reports_visits_for_every_move() {
    let board: Board = "xx./oo./...".parse().unwrap();
    let report = decide(
        PlayerKind::Mcts,
        &PlayerOptions {
            playouts: 2000,
            ..PlayerOptions::default()
        },
        &board,
    );
    assert_eq!(report.best, Some(2));
    assert_eq!(report.moves.len(), 5);
    let visits: u32 = report.moves.iter().map(|m| m.visits.unwrap()).sum();
    assert_eq!(visits, 2000);
}

/// Stops, and says it was stopped; how soon is `benches/stopping.rs`'
/// figure (a wall-clock bound here breaks on a loaded machine).
#[test]
fn a_search_on_5x5_stops_when_cancelled() {
    for kind in [
        PlayerKind::Minimax,
        PlayerKind::AlphaBeta,
        PlayerKind::AlphaBetaTt,
        PlayerKind::AlphaBetaRandom,
        PlayerKind::Mcts,
    ] {
        let cancel = CancelFlag::new();
        let options = PlayerOptions {
            playouts: u32::MAX,
            ..PlayerOptions::default()
        };
        let mut player = kind.create(&options);
        let search_cancel = cancel.clone();
        let search = std::thread::spawn(move || {
            player.choose_move(&Board::new(Shape::FIVE_BY_FIVE), &search_cancel)
        });
        std::thread::sleep(Duration::from_millis(100));
        let cancelled_at = Instant::now();
        cancel.cancel();
        let report = search.join().unwrap();
        let waited = cancelled_at.elapsed();
        assert!(waited < Duration::from_secs(10), "{kind} took {waited:?}");
        assert!(report.aborted, "{kind}");
    }
}

#[test]
fn a_cancelled_search_leaves_nothing_misleading_behind() {
    let board: Board = "x...o/...../..x../...../o...x".parse().unwrap();
    let mut player = PlayerKind::AlphaBetaTt.create(&PlayerOptions {
        difficulty: Difficulty::Depth(5),
        ..PlayerOptions::default()
    });
    let cancel = CancelFlag::new();
    cancel.cancel();
    let aborted = player.choose_move(&board, &cancel);
    assert!(aborted.aborted);
    let after = player.choose_move(&board, &CancelFlag::new());
    let fresh = decide(
        PlayerKind::AlphaBetaTt,
        &PlayerOptions {
            difficulty: Difficulty::Depth(5),
            ..PlayerOptions::default()
        },
        &board,
    );
    assert_eq!(after.score, fresh.score);
    assert_eq!(after.best, fresh.best);
}

#[test]
fn seeded_players_replay_exactly() {
    let board = Board::new(Shape::TIC_TAC_TOE);
    for kind in [
        PlayerKind::Random,
        PlayerKind::Rules,
        PlayerKind::AlphaBetaRandom,
        PlayerKind::Mcts,
    ] {
        let run = |seed| {
            let mut player = kind.create(&PlayerOptions {
                seed,
                playouts: 500,
                ..PlayerOptions::default()
            });
            let mut board = board;
            let mut moves = Vec::new();
            while board.outcome() == Outcome::Ongoing {
                let cell = player.choose_move(&board, &CancelFlag::new()).best.unwrap();
                board.play(cell).unwrap();
                moves.push(cell);
            }
            moves
        };
        assert_eq!(run(5), run(5), "{kind}");
        // The generator is ChaCha8, whose stream is fixed across rand
        // versions and platforms: these are the moves of real runs, and a
        // change of the stream (or of a player's use of it) shows here.
        let pinned: &[usize] = match kind {
            PlayerKind::Random => &[1, 2, 3, 7, 5, 8, 0, 6],
            PlayerKind::Rules => &[4, 0, 8, 6, 3, 5, 2, 7, 1],
            PlayerKind::AlphaBetaRandom => &[1, 0, 4, 7, 5, 3, 6, 2, 8],
            // Monte Carlo: each search from a seed drawn from the stream.
            _ => &[6, 4, 3, 0, 8, 7, 1, 5, 2],
        };
        assert_eq!(run(5), pinned, "{kind}");
    }
}

#[test]
fn iterative_deepening_stops_at_its_time_limit_with_a_finished_depth() {
    let limit = Duration::from_millis(200);
    let options = PlayerOptions {
        time_limit: Some(limit),
        ..PlayerOptions::default()
    };
    let started = Instant::now();
    let report = decide(
        PlayerKind::AlphaBetaTt,
        &options,
        &Board::new(Shape::FIVE_BY_FIVE),
    );
    let took = started.elapsed();
    // The search keeps to its limit: it ran at least that long, and it
    // stopped (the full 5x5 search runs for hours, so a generous bound
    // only turns a search that ignores its limit into a failure instead of
    // a hang). How far past the limit it stops, a figure a loaded machine
    // would spoil, is measured by `cargo bench --bench stopping`.
    assert!(
        took >= limit && took < limit + Duration::from_secs(10),
        "{took:?}"
    );
    assert!(!report.aborted);
    assert!(
        report.depth >= 3 && report.depth < 25,
        "depth {}",
        report.depth
    );
    assert!(report.best.is_some());
    let note = report.note.unwrap().words();
    assert!(
        note.starts_with(&format!(
            "time limit reached: kept depth {} of 25",
            report.depth
        )),
        "{note}"
    );
}
