//! Scores from Max's point of view, in the "mate score" style of chess
//! engines: a win is worth `WIN - stones on the board when it ends`, so a
//! faster win scores higher and a slower loss is preferred. Static
//! evaluations stay within `EVAL_LIMIT`, so they never look like a win.

use super::board::{Board, Side};
use super::geometry::Geometry;
use crate::i18n::{fill, gettext, ngettext, plural_count};

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

/// A proven score in words, seen from a position with `stones_now` stones:
/// "X wins in 3 moves", "draw". Moves are stones still to be placed by both
/// sides. (A score that is neither decisive nor 0 is no proven result; it
/// reads "+12 (X better)". Estimates have their own words:
/// `report::score_phrase`.)
pub fn describe(score: i32, stones_now: u32) -> String {
    if is_decisive(score) {
        let winner = if score > 0 { Side::Max } else { Side::Min };
        let moves = moves_to_end(score, stones_now);
        let wins = ngettext(
            "{side} wins in {moves} move",
            "{side} wins in {moves} moves",
            plural_count(u64::from(moves.unsigned_abs())),
        );
        fill(&wins, &[("side", &winner.mark()), ("moves", &moves)])
    } else if score == 0 {
        gettext("draw")
    } else {
        let better = if score > 0 { "X" } else { "O" };
        fill(
            &gettext("{score} ({side} better)"),
            &[("score", &format!("{score:+}")), ("side", &better)],
        )
    }
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
    fn scores_read_as_words() {
        assert_eq!(describe(995, 2), "X wins in 3 moves");
        assert_eq!(describe(-994, 5), "O wins in 1 move");
        assert_eq!(describe(0, 0), "draw");
        assert_eq!(describe(12, 3), "+12 (X better)");
        assert_eq!(describe(-4, 3), "-4 (O better)");
    }

    #[test]
    fn evaluation_counts_open_lines_and_stays_bounded() {
        let board: Board = "x........".parse().unwrap();
        // The corner lies on three open lines with one stone each.
        assert_eq!(evaluate(&board), 3);
        let board: Board = "x.../o.../..../....".parse().unwrap();
        // X: row 0 and the diagonal; column 0 is shared with O. O: row 1.
        assert_eq!(evaluate(&board), 2 - 1);
        assert_eq!(evaluate(&Board::new(crate::engine::BoardSize::Five)), 0);
    }
}
