//! The static evaluation and the move ordering, in one place: both read
//! the winning lines, the evaluation to estimate a position at the search
//! horizon, the ordering to try the most promising moves first.

mod features;

pub use features::{
    Breakdown, Evaluation, FEATURE_COUNT, Feature, FeatureCounts, MAX_OPEN_STONES, NamedEvaluation,
    Scorer, Term, UnknownEvaluation, UnknownFeature, centre, counts, side_that_moved,
};

use super::board::{Board, Side};
use super::geometry::{Geometry, MAX_CELLS, MAX_LINES, bits};

/// `lines`' value of `board` from Max's view: what the tests and the
/// benches compare against.
pub fn evaluate(board: &Board) -> i32 {
    NamedEvaluation::Lines
        .evaluation()
        .value_of(board, Side::Max)
}

/// How many stones each side has on every winning line, kept in step with
/// the stones during a search. Move ordering and the static evaluation read
/// these counts instead of counting bits (the baseline x86-64 target has no
/// popcount instruction, so `count_ones` costs a dozen instructions).
#[derive(Clone, Copy)]
pub struct LineCounts {
    counts: [[u8; MAX_LINES]; 2],
}

impl LineCounts {
    pub fn of(board: &Board) -> LineCounts {
        let mut counts = LineCounts {
            counts: [[0; MAX_LINES]; 2],
        };
        for side in [Side::Max, Side::Min] {
            for cell in bits(board.stones(side)) {
                counts.add(board.geometry(), cell, side);
            }
        }
        counts
    }

    /// A stone of `side` was put on `cell`.
    #[inline(always)]
    pub fn add(&mut self, geometry: &Geometry, cell: usize, side: Side) {
        let counts = &mut self.counts[side.index()];
        for &line in geometry.cell_lines(cell).indices() {
            counts[line as usize] += 1;
        }
    }

    /// A stone of `side` was taken off `cell`.
    #[inline(always)]
    pub fn remove(&mut self, geometry: &Geometry, cell: usize, side: Side) {
        let counts = &mut self.counts[side.index()];
        for &line in geometry.cell_lines(cell).indices() {
            counts[line as usize] -= 1;
        }
    }

    /// `move_order_score` from the counts: the same value, for an empty
    /// `cell`. Table lookups instead of branches on the counts.
    #[inline]
    pub fn move_order_score(&self, geometry: &Geometry, cell: usize, side: Side) -> i32 {
        let mine = &self.counts[side.index()];
        let theirs = &self.counts[side.opponent().index()];
        let table = &ORDER_SCORES[geometry.shape.in_a_row() - 3];
        let mut score = 0;
        let mut wins = false;
        for &line in geometry.cell_lines(cell).indices() {
            let (own, other) = (mine[line as usize], theirs[line as usize]);
            let entry = table[(own as usize & 7) << 3 | (other as usize & 7)];
            score += entry;
            wins |= entry == WIN_NOW;
        }
        if wins { WIN_NOW } else { score }
    }

    /// `scorer`'s value of `board` for `side` from the counts: the same as
    /// `Evaluation::value_of`. `board`'s stones are read only for the
    /// features beyond the open lines.
    #[inline]
    pub fn evaluate(&self, scorer: &Scorer, board: &Board, side: Side) -> i32 {
        let geometry = board.geometry();
        let mine = &self.counts[side.index()];
        let theirs = &self.counts[side.opponent().index()];
        scorer.value_from_counts(
            mine.iter()
                .copied()
                .zip(theirs.iter().copied())
                .take(geometry.lines.len()),
            geometry,
            board.stones(side),
            board.stones(side.opponent()),
            side,
        )
    }
}

/// What one line adds to `move_order_score` for a cell on it, by the
/// mover's and the opponent's stones on the line (index `own << 3 |
/// other`), for three to six in a row. `WIN_NOW` marks a line the
/// move completes.
static ORDER_SCORES: [[i32; 64]; 4] = [
    order_scores(3),
    order_scores(4),
    order_scores(5),
    order_scores(6),
];

const fn order_scores(in_a_row: u32) -> [i32; 64] {
    let needed = in_a_row - 1;
    let mut table = [0; 64];
    let mut own = 0;
    while own < 8 {
        let mut other = 0;
        while other < 8 {
            table[own << 3 | other] = if other == 0 {
                if own as u32 == needed {
                    WIN_NOW
                } else {
                    ((1 + own) * (1 + own)) as i32
                }
            } else if own == 0 {
                (other * other) as i32 + if other as u32 == needed { BLOCK } else { 0 }
            } else {
                0
            };
            other += 1;
        }
        own += 1;
    }
    table
}

/// Move-ordering score of a move that wins at once.
const WIN_NOW: i32 = 100_000;
/// Move-ordering bonus for a move that blocks the opponent's win.
const BLOCK: i32 = 10_000;

/// Writes the cells of `playable` into `moves` sorted by `move_order_score`
/// (read from `lines`), best first; ties keep cell order. Returns how many
/// there are. (Filled in place: a returned byte array gets copied with wide
/// loads right after its byte stores, which stalls store forwarding.)
#[inline]
pub fn ordered_moves(
    moves: &mut [u8],
    geometry: &Geometry,
    playable: u64,
    lines: &LineCounts,
    side: Side,
) -> usize {
    let mut keys = [0i32; MAX_CELLS];
    let mut count = 0;
    for cell in bits(playable) {
        let key = lines.move_order_score(geometry, cell, side);
        // Insertion sort: few moves, mostly in order already.
        let mut slot = count;
        while slot > 0 && keys[slot - 1] < key {
            moves[slot] = moves[slot - 1];
            keys[slot] = keys[slot - 1];
            slot -= 1;
        }
        moves[slot] = cell as u8;
        keys[slot] = key;
        count += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use rand::seq::IndexedRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::board::Outcome;
    use crate::geometry::Shape;

    fn shapes() -> Vec<Shape> {
        let mut shapes = Shape::SQUARES.to_vec();
        shapes.push(Shape::CONNECT_FOUR);
        shapes.push(Shape::FIVE_IN_A_ROW);
        shapes.push(Shape::new(8, 3, 3, false).unwrap());
        shapes.push(Shape::new(8, 8, 6, true).unwrap());
        shapes
    }

    /// Positions from random games on the square boards, Connect Four and
    /// a few other shapes.
    fn random_positions() -> Vec<Board> {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut positions = Vec::new();
        for shape in shapes() {
            for _ in 0..200 {
                let mut board = Board::new(shape);
                let length = rng.random_range(0..shape.cells());
                for _ in 0..length {
                    if board.outcome() != Outcome::Ongoing {
                        break;
                    }
                    positions.push(board);
                    let moves: Vec<usize> = board.legal_moves().collect();
                    board.play(*moves.choose(&mut rng).unwrap()).unwrap();
                }
            }
        }
        positions
    }

    /// The move-ordering score as the textbook puts it, line by line from
    /// the stones: what the counts must agree with.
    fn reference_order_score(board: &Board, cell: usize, side: Side) -> i32 {
        let mine = board.stones(side);
        let theirs = board.stones(side.opponent());
        let mut score = 0;
        for line in board.geometry().lines_through(cell) {
            let needed = line.count_ones() - 1;
            let (own, other) = ((mine & line).count_ones(), (theirs & line).count_ones());
            if other == 0 {
                if own == needed {
                    return WIN_NOW;
                }
                score += ((1 + own) * (1 + own)) as i32;
            } else if own == 0 {
                if other == needed {
                    score += BLOCK;
                }
                score += (other * other) as i32;
            }
        }
        score
    }

    #[test]
    fn line_counts_give_the_same_ordering_and_evaluation() {
        for board in random_positions() {
            let lines = LineCounts::of(&board);
            let geometry = board.geometry();
            for side in [Side::Max, Side::Min] {
                for cell in board.legal_moves() {
                    assert_eq!(
                        lines.move_order_score(geometry, cell, side),
                        reference_order_score(&board, cell, side),
                        "{board} cell {cell}"
                    );
                }
                for named in NamedEvaluation::ALL {
                    let evaluation = named.evaluation();
                    let scorer = Scorer::of(evaluation);
                    let value = evaluation.value_of(&board, side);
                    assert_eq!(
                        lines.evaluate(&scorer, &board, side),
                        value,
                        "{named} {board}"
                    );
                    assert_eq!(scorer.value_of(&board, side), value, "{named} {board}");
                }
                assert_eq!(
                    lines.evaluate(
                        &Scorer::of(NamedEvaluation::Lines.evaluation()),
                        &board,
                        side
                    ),
                    side.sign() * evaluate(&board),
                    "{board}"
                );
            }
        }
    }

    #[test]
    fn line_counts_follow_moves_and_take_backs() {
        for board in random_positions() {
            let side = board.side_to_move();
            let mut lines = LineCounts::of(&board);
            for cell in board.legal_moves() {
                let mut next = board;
                next.toggle(cell, side);
                lines.add(board.geometry(), cell, side);
                assert_eq!(lines.counts, LineCounts::of(&next).counts, "{next}");
                lines.remove(board.geometry(), cell, side);
            }
            assert_eq!(lines.counts, LineCounts::of(&board).counts, "{board}");
        }
    }

    #[test]
    fn evaluation_counts_open_lines_and_stays_bounded() {
        let board: Board = "x........".parse().unwrap();
        // The corner lies on three open lines with one stone each.
        assert_eq!(evaluate(&board), 3);
        let board: Board = "x.../o.../..../....".parse().unwrap();
        // X: row 0 and the diagonal; column 0 is shared with O. O: row 1.
        assert_eq!(evaluate(&board), 2 - 1);
        assert_eq!(
            evaluate(&Board::new(crate::geometry::Shape::FIVE_BY_FIVE)),
            0
        );
    }
}
