use std::time::Instant;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use crate::board::{Board, Side};
use crate::evaluation::LineCounts;
use crate::geometry::Shape;
use crate::player::Player;
use crate::player_kind::PlayerKind;
use crate::report::{Rule, SearchReport};
use crate::search::CancelFlag;
use crate::search::game_over;

/// The rule player: win if you can, block the opponent's win; then, on the
/// three square boards, take the centre, take the corner opposite an
/// opponent's corner, take any corner, else play at random; on the other
/// boards (where corners mean little and gravity decides which cells are
/// open), play a move the evaluation's ordering likes best. Random choices
/// among equal cells are seeded.
pub struct RulesPlayer {
    rng: ChaCha8Rng,
}

impl RulesPlayer {
    pub fn new(seed: u64) -> RulesPlayer {
        RulesPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The first rule that applies and the cells it allows.
    pub fn applicable_rule(board: &Board) -> (Rule, Vec<usize>) {
        let side = board.side_to_move();
        let free = |cell: &usize| board.moves() & 1 << *cell != 0;
        let completing = |who: Side| -> Vec<usize> {
            board
                .legal_moves()
                .filter(|&cell| completes(board, cell, who))
                .collect()
        };
        let geometry = board.geometry();
        if !Shape::SQUARES.contains(&board.shape()) {
            let candidates = [
                (Rule::Win, completing(side)),
                (Rule::Block, completing(side.opponent())),
                (Rule::Evaluation, most_promising(board)),
            ];
            return candidates
                .into_iter()
                .find(|(_, cells)| !cells.is_empty())
                .unwrap_or_else(|| (Rule::Random, board.legal_moves().collect()));
        }
        let candidates = [
            (Rule::Win, completing(side)),
            (Rule::Block, completing(side.opponent())),
            (
                Rule::Centre,
                geometry.centre_cells().into_iter().filter(free).collect(),
            ),
            (
                Rule::OppositeCorner,
                geometry
                    .corners()
                    .into_iter()
                    .filter(|&corner| board.cell(corner) == Some(side.opponent()))
                    .map(|corner| geometry.opposite_corner(corner))
                    .filter(free)
                    .collect(),
            ),
            (
                Rule::Corner,
                geometry.corners().into_iter().filter(free).collect(),
            ),
        ];
        candidates
            .into_iter()
            .find(|(_, cells)| !cells.is_empty())
            .unwrap_or_else(|| (Rule::Random, board.legal_moves().collect()))
    }
}

/// The legal moves the evaluation's move ordering scores highest.
fn most_promising(board: &Board) -> Vec<usize> {
    let (lines, side) = (LineCounts::of(board), board.side_to_move());
    let score = |cell: usize| lines.move_order_score(board.geometry(), cell, side);
    let best = board.legal_moves().map(score).max();
    board
        .legal_moves()
        .filter(|&cell| Some(score(cell)) == best)
        .collect()
}

/// True if `who` playing the empty `cell` completes a line.
fn completes(board: &Board, cell: usize, who: Side) -> bool {
    let mut board = *board;
    board.toggle(cell, who);
    board.completes_line(cell, who)
}

impl Player for RulesPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Rules
    }

    fn choose_move(&mut self, board: &Board, _cancel: &CancelFlag) -> SearchReport {
        let started = Instant::now();
        let mut report = SearchReport::new(self.kind(), board);
        if game_over(&mut report, board) {
            report.finish(started);
            return report;
        }
        let (rule, cells) = RulesPlayer::applicable_rule(board);
        report.best = cells.choose(&mut self.rng).copied();
        report.rule = Some(rule);
        report.choices = cells;
        report.finish(started);
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_the_square_boards_the_evaluation_picks_after_win_and_block() {
        // Connect Four's empty board: the bottom of the middle column lies on
        // the most lines (7), not a corner.
        let empty = Board::new(Shape::CONNECT_FOUR);
        assert_eq!(
            RulesPlayer::applicable_rule(&empty),
            (Rule::Evaluation, vec![38])
        );
        // A win still comes first: X has three in the bottom row.
        let board = Board::from_columns(Shape::CONNECT_FOUR, "112233").unwrap();
        assert_eq!(RulesPlayer::applicable_rule(&board), (Rule::Win, vec![38]));
        // 3x3 keeps its classic rules.
        let classic = Board::new(Shape::TIC_TAC_TOE);
        assert_eq!(
            RulesPlayer::applicable_rule(&classic),
            (Rule::Centre, vec![4])
        );
    }
}
