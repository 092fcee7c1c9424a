use std::time::Duration;

use super::alphabeta_tt::{Deepening, Method, TableSlot};
use crate::board::Board;
use crate::evaluation::Evaluation;
use crate::player::Player;
use crate::player_kind::{PlayerKind, SearchSettings};
use crate::report::SearchReport;
use crate::search::{CancelFlag, Hook};

/// Principal variation search (NegaScout): alphabeta-tt's search, where
/// every move after a node's first is searched with a null window
/// `(alpha, alpha + 1)`, which only asks whether it beats the first; a move
/// that does is searched again with the full window. With good ordering
/// the first move is mostly the best, and the null windows prune more than
/// alpha-beta's full ones.
pub struct PvsPlayer {
    deepening: Deepening,
}

impl PvsPlayer {
    pub fn new(
        depth: Option<u32>,
        time_limit: Option<Duration>,
        settings: SearchSettings,
    ) -> PvsPlayer {
        PvsPlayer {
            deepening: Deepening {
                kind: PlayerKind::Pvs,
                depth,
                time_limit,
                method: Method {
                    settings,
                    null_windows: true,
                },
                evaluation: None,
                table: TableSlot::default(),
            },
        }
    }

    /// The player with `evaluation` at its horizon instead of `lines`.
    pub fn with_evaluation(mut self, evaluation: impl Into<Option<Evaluation>>) -> PvsPlayer {
        self.deepening.evaluation = evaluation.into();
        self
    }

    /// The decision, its search told to `hook` (`()` when playing).
    pub fn search<H: Hook>(&mut self, board: &Board, cancel: &CancelFlag, hook: H) -> SearchReport {
        self.deepening.search(board, cancel, hook)
    }
}

impl Player for PvsPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Pvs
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        self.search(board, cancel, ())
    }
}
