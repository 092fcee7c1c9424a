//! Whether a search can be expected to finish in reasonable time: the
//! command line warns before one that cannot, and the window's explorer
//! and Compare offer what can finish instead.

use tictactoe_engine::board::Board;
use tictactoe_engine::opening_book::OpeningBook;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};

/// The most positions plain minimax is let visit without a word: well
/// under a minute (it visits some 200 million a second).
const MINIMAX_NODES_LIMIT: f64 = 1e10;

/// The same limit for plain alphabeta, on the positions plain minimax would
/// visit: in natural move order and without a table it was measured to
/// visit about their three-quarter power (from 0.63 for the empty 4x4
/// board to 0.78 for the empty 5x5 board at depth 5). The empty 4x4 board
/// passes (5.7e13; alphabeta: 554 million nodes, 4 s); 5x5 at full depth
/// with 17 or more empty cells and the empty 5x5 board from depth 11 (at
/// depth 10 it took 113 s) do not.
const ALPHABETA_MINIMAX_NODES_LIMIT: f64 = 1e14;

/// The most empty cells a deepening search with a table (alphabeta-tt,
/// pvs, mtdf, perfect off 3x3) is let search to the end without a word:
/// the old boards' 25. Past them (Connect Four's 42, 7x7's 49) a search to
/// the end takes hours or more.
const DEEPENING_EMPTY_CELLS_LIMIT: u32 = 25;

/// True if `kind` searching `board` to `depth` cannot be expected to finish
/// in reasonable time: plain minimax or plain alphabeta over its limit, by
/// the positions minimax visits (counted without wins that end lines early,
/// so an overestimate on crowded boards), or a deepening search without a
/// time limit (`timed` false) and without a depth on more empty cells than
/// its limit. Monte Carlo ends after its playouts, proof-number search at
/// its node limit, the others at once, and so does the perfect player on a
/// position the opening book answers.
pub fn cannot_finish(kind: PlayerKind, board: &Board, depth: Option<u32>, timed: bool) -> bool {
    if kind == PlayerKind::Perfect && OpeningBook::lookup(board).is_some() {
        return false;
    }
    let empty = board.empty().count_ones();
    let limit = match kind {
        PlayerKind::Minimax => MINIMAX_NODES_LIMIT,
        PlayerKind::AlphaBeta => ALPHABETA_MINIMAX_NODES_LIMIT,
        _ if kind.deepens_iteratively() => {
            return !timed && depth.is_none() && empty > DEEPENING_EMPTY_CELLS_LIMIT;
        }
        _ => return false,
    };
    let depth = depth.map_or(empty, |d| d.min(empty));
    let mut nodes = 0.0;
    let mut line = 1.0;
    for ply in 0..depth {
        line *= (empty - ply) as f64;
        nodes += line;
    }
    nodes > limit
}

/// The deepest search `kind` can be expected to finish on `board` (at
/// least 1): for a plain search its own limit, for a deepening one plain
/// alphabeta's, which it outruns.
pub fn deepest_finishing_depth(kind: PlayerKind, board: &Board) -> u32 {
    let judged = if kind.deepens_iteratively() {
        PlayerKind::AlphaBeta
    } else {
        kind
    };
    (1..=board.empty().count_ones())
        .rev()
        .find(|&depth| !cannot_finish(judged, board, Some(depth), false))
        .unwrap_or(1)
}

/// The difficulty a game plays `kind` at from `board`: as chosen, except
/// that a search without deepening asked to search to the end (Hard) where
/// it cannot finish looks as far ahead as it can finish instead, so that a
/// game of Connect Four against plain alpha-beta gets its moves. The
/// deepening searches keep Hard: their time limit ends them.
pub fn finishing_difficulty(kind: PlayerKind, difficulty: Difficulty, board: &Board) -> Difficulty {
    let judged = match kind {
        PlayerKind::Minimax => PlayerKind::Minimax,
        PlayerKind::AlphaBeta | PlayerKind::AlphaBetaRandom => PlayerKind::AlphaBeta,
        _ => return difficulty,
    };
    if difficulty.depth().is_none() && cannot_finish(judged, board, None, false) {
        Difficulty::Depth(deepest_finishing_depth(judged, board))
    } else {
        difficulty
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tictactoe_engine::geometry::Shape;

    #[test]
    fn connect_four_is_searched_to_a_depth_not_to_the_end() {
        let board = Board::new(Shape::CONNECT_FOUR);
        for kind in [PlayerKind::AlphaBeta, PlayerKind::AlphaBetaTt] {
            assert!(cannot_finish(kind, &board, None, false), "{kind:?}");
            let depth = deepest_finishing_depth(kind, &board);
            assert!((4..=10).contains(&depth), "{kind:?}: {depth}");
            assert!(!cannot_finish(kind, &board, Some(depth), false));
        }
        let tic_tac_toe = Board::new(Shape::TIC_TAC_TOE);
        assert!(!cannot_finish(
            PlayerKind::AlphaBeta,
            &tic_tac_toe,
            None,
            false
        ));
        assert_eq!(
            deepest_finishing_depth(PlayerKind::AlphaBeta, &tic_tac_toe),
            9
        );
    }

    #[test]
    fn full_depth_without_deepening_is_played_as_deep_as_finishes() {
        let connect_four = Board::new(Shape::CONNECT_FOUR);
        for kind in [
            PlayerKind::Minimax,
            PlayerKind::AlphaBeta,
            PlayerKind::AlphaBetaRandom,
        ] {
            let judged = if kind == PlayerKind::Minimax {
                kind
            } else {
                PlayerKind::AlphaBeta
            };
            assert_eq!(
                finishing_difficulty(kind, Difficulty::Hard, &connect_four),
                Difficulty::Depth(deepest_finishing_depth(judged, &connect_four)),
                "{kind:?}"
            );
            assert_eq!(
                finishing_difficulty(kind, Difficulty::Medium, &connect_four),
                Difficulty::Medium
            );
        }
        // A deepening search keeps Hard: its time limit ends it.
        assert_eq!(
            finishing_difficulty(PlayerKind::AlphaBetaTt, Difficulty::Hard, &connect_four),
            Difficulty::Hard
        );
        // Boards a plain search finishes keep it too.
        for shape in [Shape::TIC_TAC_TOE, Shape::FOUR_BY_FOUR] {
            assert_eq!(
                finishing_difficulty(PlayerKind::AlphaBeta, Difficulty::Hard, &Board::new(shape)),
                Difficulty::Hard,
                "{shape:?}"
            );
        }
    }
}
