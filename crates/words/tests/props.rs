//! Property tests: the position parser on any text, every player on random
//! legal positions. A few hundred cases per property in the normal suite;
//! `PROPTEST_CASES=100000 cargo test --release -p tictactoe-words props` runs more.

use std::time::Duration;

use super::common;

use common::random_open_position;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::search::CancelFlag;
use tictactoe_words::Words;
use tictactoe_words::escape::escape_text;

/// Cases per property: `PROPTEST_CASES`, or 256.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(256)
}

/// Texts close to positions: cell characters, slashes, whitespace and a
/// few look-alikes and invisible characters.
fn near_positions() -> impl Strategy<Value = String> {
    let characters = prop::sample::select(vec![
        'x', 'X', 'o', 'O', '.', '-', '/', ' ', '\t', '\n', '\u{feff}', '\u{445}', '\u{301}',
        '\u{1b}', '\0', '0',
    ]);
    prop::collection::vec(characters, 0..40).prop_map(|chars| chars.into_iter().collect())
}

/// A position text in canonical form without separators: `x`, `o`, `.`.
fn cells_of(text: &str) -> String {
    text.trim()
        .chars()
        .filter(|&c| c != '/')
        .map(|c| match c {
            'X' | 'x' => 'x',
            'O' | 'o' => 'o',
            _ => '.',
        })
        .collect()
}

fn check_parse(text: &str) -> Result<(), TestCaseError> {
    match text.parse::<Board>() {
        Ok(board) => {
            let printed = board.to_string();
            prop_assert_eq!(printed.parse::<Board>(), Ok(board));
            prop_assert_eq!(cells_of(&printed), cells_of(text));
            let slashes = text.matches('/').count();
            prop_assert!(slashes == 0 || slashes == board.shape().height() - 1);
        }
        Err(error) => {
            let message = error.words();
            prop_assert!(!message.chars().any(|c| c.is_control()), "{:?}", message);
        }
    }
    let echo = escape_text(text, 80);
    prop_assert!(!echo.chars().any(|c| c.is_control()), "{:?}", echo);
    // 80 characters at most, each at most `\u{10ffff}` (10), then "…".
    prop_assert!(echo.chars().count() <= 80 * 10 + 1);
    Ok(())
}

/// A random legal, unfinished position on `size` from `seed`.
fn position(size: Shape, seed: u64) -> Board {
    let mut rng = StdRng::seed_from_u64(seed);
    let moves = rng.random_range(0..size.cells());
    random_open_position(size, moves, &mut rng)
}

fn check_player(kind: PlayerKind, size: Shape, seed: u64, depth: u32) -> Result<(), TestCaseError> {
    let board = position(size, seed);
    // Depths and limits that keep every case fast on every board.
    let difficulty = match size {
        Shape::TIC_TAC_TOE if depth > 4 => Difficulty::Hard,
        Shape::TIC_TAC_TOE => Difficulty::Depth(depth),
        _ => Difficulty::Depth(depth.min(3)),
    };
    let options = PlayerOptions {
        difficulty,
        seed,
        playouts: 300,
        time_limit: Some(Duration::from_millis(100)),
        ..PlayerOptions::default()
    };
    let report = kind
        .create(&options)
        .choose_move(&board, &CancelFlag::new());
    let best = report.best;
    prop_assert!(!report.aborted, "{} in {}", kind, board);
    prop_assert!(
        best.is_some_and(|cell| board.validate_move(cell).is_ok()),
        "{} chose {:?} in {}",
        kind,
        best,
        board
    );
    if let Some(score) = report.score {
        prop_assert!(
            score.abs() <= 1000,
            "{} scored {} in {}",
            kind,
            score,
            board
        );
    }
    for m in &report.moves {
        prop_assert!(board.validate_move(m.cell).is_ok(), "{} in {}", kind, board);
        if let Some(score) = m.score {
            prop_assert!(score.abs() <= 1000, "{} cell {} in {}", kind, m.cell, board);
        }
    }
    if !report.pv.is_empty() {
        let mut line = board;
        for &cell in &report.pv {
            prop_assert!(
                line.play(cell).is_ok(),
                "{} pv {:?} in {}",
                kind,
                report.pv,
                board
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn the_parser_never_panics_and_accepted_text_round_trips(text in near_positions()) {
        check_parse(&text)?;
    }

    #[test]
    fn the_parser_never_panics_on_any_text(text in any::<String>()) {
        check_parse(&text)?;
    }

    #[test]
    fn every_player_plays_a_legal_move_with_scores_in_bounds(
        kind in prop::sample::select(
            PlayerKind::ALL.iter().copied().filter(|&k| k != PlayerKind::Human).collect::<Vec<_>>()
        ),
        size in prop::sample::select(Shape::SQUARES.to_vec()),
        seed in any::<u64>(),
        depth in 1u32..=5,
    ) {
        // The learners play 3x3 only (crates/files/tests/learners.rs has the rest).
        let size = if kind.learns() { Shape::TIC_TAC_TOE } else { size };
        check_player(kind, size, seed, depth)?;
    }
}
