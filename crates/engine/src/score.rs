//! Scores from Max's point of view, in the "mate score" style of chess
//! engines: a win is worth `WIN - stones on the board when it ends`, so a
//! faster win scores higher and a slower loss is preferred. Static
//! evaluations stay within `EVAL_LIMIT`, so they never look like a win.

use super::board::{Board, Side};
use super::geometry::Geometry;

pub const WIN: i32 = 1000;
/// Static evaluations are clamped to +-`EVAL_LIMIT`.
pub const EVAL_LIMIT: i32 = 900;
/// Bigger than any score; the search window's infinity.
pub const INFINITY: i32 = 10_000;

/// The score of a game won by `winner` with `stones` stones on the board.
#[inline]
pub fn win_score(winner: Side, stones: u32) -> i32 {
    winner.sign() * (WIN - stones as i32)
}

/// True if the score is a won or lost game rather than an estimate.
#[inline]
pub fn is_decisive(score: i32) -> bool {
    score.abs() > EVAL_LIMIT
}

/// Moves (stones still to be placed by both sides) until the game a
/// decisive `score` stands for ends, seen from `stones_now` stones.
pub fn moves_to_end(score: i32, stones_now: u32) -> i32 {
    (WIN - score.abs()) - stones_now as i32
}

/// Static evaluation for positions at the search horizon, from Max's view.
///
/// Every line that only one side has stones in is still open for that side;
/// it counts the square of its stones (so two in a line weigh more than two
/// scattered stones). X's open lines count for, O's against. The sum is
/// clamped to +-`EVAL_LIMIT`.
pub fn evaluate(board: &Board) -> i32 {
    evaluate_stones(
        board.geometry(),
        board.stones(Side::Max),
        board.stones(Side::Min),
    )
}

/// `evaluate` for the stones `mine` against `theirs`, from the view of the
/// side that owns `mine` (for Min it is minus `evaluate`). Kept out of line
/// so the searches that call it at their horizon stay small.
#[inline(never)]
pub fn evaluate_stones(geometry: &Geometry, mine: u32, theirs: u32) -> i32 {
    let mut score = 0i32;
    for &line in &geometry.lines {
        let (own, other) = (
            (mine & line).count_ones() as i32,
            (theirs & line).count_ones() as i32,
        );
        if other == 0 {
            score += own * own;
        } else if own == 0 {
            score -= other * other;
        }
    }
    score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faster_wins_score_higher() {
        assert_eq!(win_score(Side::Max, 5), 995);
        assert_eq!(win_score(Side::Min, 6), -994);
        assert!(win_score(Side::Max, 5) > win_score(Side::Max, 7));
        // For Min a slower loss (less negative for it) is better.
        assert!(win_score(Side::Max, 9) < win_score(Side::Max, 5));
    }

    #[test]
    fn evaluation_counts_open_lines_and_stays_bounded() {
        let board: Board = "x........".parse().unwrap();
        // The corner lies on three open lines with one stone each.
        assert_eq!(evaluate(&board), 3);
        let board: Board = "x.../o.../..../....".parse().unwrap();
        // X: row 0 and the diagonal; column 0 is shared with O. O: row 1.
        assert_eq!(evaluate(&board), 2 - 1);
        assert_eq!(evaluate(&Board::new(crate::geometry::BoardSize::Five)), 0);
    }
}
