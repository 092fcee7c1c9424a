use std::time::Instant;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use crate::board::Board;
use crate::player::Player;
use crate::player_kind::PlayerKind;
use crate::report::SearchReport;
use crate::search::CancelFlag;
use crate::search::game_over;

/// Plays a uniformly random free cell.
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Random
    }

    fn choose_move(&mut self, board: &Board, _cancel: &CancelFlag) -> SearchReport {
        let started = Instant::now();
        let mut report = SearchReport::new(self.kind(), board);
        if game_over(&mut report, board) {
            report.finish(started);
            return report;
        }
        report.choices = board.legal_moves().collect();
        report.best = report.choices.choose(&mut self.rng).copied();
        report.finish(started);
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;

    #[test]
    fn picks_every_free_cell_and_only_free_cells() {
        let board: Board = "x.o/.x./...".parse().unwrap();
        let mut player = RandomPlayer::new(7);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..500 {
            let report = player.choose_move(&board, &CancelFlag::new());
            assert_eq!(report.choices, vec![1, 3, 5, 6, 7, 8]);
            seen.insert(report.best.unwrap());
        }
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![1, 3, 5, 6, 7, 8]);
    }

    #[test]
    fn a_seed_replays_the_same_choices() {
        let board = Board::new(Shape::FIVE_BY_FIVE);
        let run = |seed| {
            let mut player = RandomPlayer::new(seed);
            (0..20)
                .map(|_| player.choose_move(&board, &CancelFlag::new()).best)
                .collect::<Vec<_>>()
        };
        assert_eq!(run(3), run(3));
        assert_ne!(run(3), run(4));
    }
}
