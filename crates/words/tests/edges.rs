//! The engine at its edges: a search answers the same whatever was searched
//! before, and a finished board gets a report with no move, not a panic.

use super::common;

use common::random_open_position;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::report::SearchReport;
use tictactoe_engine::search::CancelFlag;
use tictactoe_words::Words;

/// Open positions from random games on `size`, at most `empty_at_least`
/// cells from full.
fn random_positions(size: Shape, count: usize, min_empty: usize, seed: u64) -> Vec<Board> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let moves = rng.random_range(0..=size.cells() - min_empty);
            random_open_position(size, moves, &mut rng)
        })
        .collect()
}

/// What a decision says, without the timing.
fn answer(report: &SearchReport) -> String {
    format!(
        "best {:?} score {:?} moves {:?} pv {:?} depth {} nodes {}",
        report.best, report.score, report.moves, report.pv, report.depth, report.stats.nodes
    )
}

/// What a decision says about the position, without the random choice
/// among equal moves that alphabeta-random makes (its generator moves on
/// with every decision).
fn scores(report: &SearchReport) -> String {
    format!(
        "score {:?} moves {:?} depth {} nodes {}",
        report.score, report.moves, report.depth, report.stats.nodes
    )
}

/// A player that has searched other positions before answers each position
/// exactly as a freshly made one does, at every depth limit.
#[test]
fn a_reused_player_answers_like_a_fresh_one() {
    let cancel = CancelFlag::new();
    for (size, count, depths) in [
        (Shape::TIC_TAC_TOE, 300, &[1, 2, 3, 4, 5, 6][..]),
        (Shape::FOUR_BY_FOUR, 60, &[2, 3, 4]),
        (Shape::FIVE_BY_FIVE, 20, &[2, 3]),
    ] {
        let positions = random_positions(size, count, 4, 15 + size.cells() as u64);
        for kind in [PlayerKind::AlphaBetaTt, PlayerKind::AlphaBetaRandom] {
            for &depth in depths {
                let options = PlayerOptions {
                    difficulty: Difficulty::Depth(depth),
                    ..PlayerOptions::default()
                };
                let mut reused = kind.create(&options);
                for board in &positions {
                    let again = reused.choose_move(board, &cancel);
                    let fresh = kind.create(&options).choose_move(board, &cancel);
                    let same = if kind == PlayerKind::AlphaBetaRandom {
                        scores
                    } else {
                        answer
                    };
                    assert_eq!(
                        same(&again),
                        same(&fresh),
                        "{kind} at depth {depth} in {board}"
                    );
                }
            }
        }
    }
}

/// The example: the empty board after another position scores as
/// it does alone.
#[test]
fn the_empty_board_scores_the_same_after_another_position() {
    let options = PlayerOptions {
        difficulty: Difficulty::Depth(5),
        ..PlayerOptions::default()
    };
    let empty = Board::new(Shape::TIC_TAC_TOE);
    let alone = PlayerKind::AlphaBetaTt
        .create(&options)
        .choose_move(&empty, &CancelFlag::new());
    let mut player = PlayerKind::AlphaBetaTt.create(&options);
    player.choose_move(&".x./.../o..".parse().unwrap(), &CancelFlag::new());
    let after = player.choose_move(&empty, &CancelFlag::new());
    assert_eq!(answer(&after), answer(&alone));
}

/// Full and won boards: every player says there is no move, none panics.
#[test]
fn a_finished_board_gets_no_move_from_any_player() {
    let finished = [
        "xox/xoo/oxx",
        "xxx/oo./...",
        "ooo/xx./x..",
        "xoxo/oxox/xoxo/xoxo",
        "xxxx/ooo./..../....",
    ];
    for text in finished {
        let board: Board = text.parse().unwrap();
        assert_ne!(board.outcome(), Outcome::Ongoing, "{text}");
        for kind in PlayerKind::ALL {
            if kind == PlayerKind::Human {
                continue;
            }
            let mut player = kind.create(&PlayerOptions {
                playouts: 100,
                ..PlayerOptions::default()
            });
            let report = player.choose_move(&board, &CancelFlag::new());
            assert_eq!(report.best, None, "{kind} in {text}");
            assert!(!report.aborted, "{kind} in {text}");
            let note = report.note.map(|note| note.words()).unwrap_or_default();
            assert!(note.contains("game is over"), "{kind} in {text}: {note}");
        }
    }
}

#[test]
fn cells_off_the_board_hold_no_stone() {
    let board: Board = "xxo/oox/xox".parse().unwrap();
    for cell in 0..9 {
        assert!(board.cell(cell).is_some());
    }
    for cell in [9, 31, 32, 33, 64, usize::MAX] {
        assert_eq!(board.cell(cell), None, "cell {cell}");
    }
    let side = Board::new(Shape::FIVE_BY_FIVE);
    assert_eq!(side.cell(25), None);
    assert_eq!(board.cell(0), Some(Side::Max));
}
