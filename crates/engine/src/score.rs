//! Scores from Max's point of view, in the "mate score" style of chess
//! engines: a win is worth `WIN - stones on the board when it ends`, so a
//! faster win scores higher and a slower loss is preferred. Static
//! evaluations stay within `EVAL_LIMIT`, so they never look like a win.

use super::board::Side;

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
}
