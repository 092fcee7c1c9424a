use std::time::Instant;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::alphabeta_tt::{Method, TableSlot, extend_pv, search_below_root};
use crate::board::Board;
use crate::evaluation::Evaluation;
use crate::player::Player;
use crate::player_kind::PlayerKind;
use crate::report::SearchReport;
use crate::search::CancelFlag;
use crate::search::{
    Hook, RootResult, SearchContext, effective_depth, game_over, report_root, search_root,
};

/// Alpha-beta (with the table) that searches every root move with the full
/// window, so it knows each move's exact score, then picks uniformly at
/// random among all equally best moves: self-play varies without playing
/// any worse.
pub struct AlphaBetaRandomPlayer {
    depth: Option<u32>,
    /// None: the board's own (`Evaluation::chosen_or_default`).
    evaluation: Option<Evaluation>,
    rng: ChaCha8Rng,
    table: TableSlot,
}

impl AlphaBetaRandomPlayer {
    pub fn new(depth: Option<u32>, seed: u64) -> AlphaBetaRandomPlayer {
        AlphaBetaRandomPlayer {
            depth,
            evaluation: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            table: TableSlot::default(),
        }
    }

    /// The player with `evaluation` at its horizon instead of `lines`.
    pub fn with_evaluation(
        self,
        evaluation: impl Into<Option<Evaluation>>,
    ) -> AlphaBetaRandomPlayer {
        AlphaBetaRandomPlayer {
            evaluation: evaluation.into(),
            ..self
        }
    }
}

impl AlphaBetaRandomPlayer {
    /// The decision, its search told to `hook` (`()` when playing).
    pub fn search<H: Hook>(&mut self, board: &Board, cancel: &CancelFlag, hook: H) -> SearchReport {
        let started = Instant::now();
        let mut report = SearchReport::new(PlayerKind::AlphaBetaRandom, board);
        if game_over(&mut report, board) {
            report.finish(started);
            return report;
        }
        let mut ctx = SearchContext::new(cancel, None).with_evaluation(
            Evaluation::chosen_or_default(self.evaluation, board.shape()),
        );
        let table = self.table.for_board(board);
        let side = board.side_to_move();
        let depth = effective_depth(board, self.depth);
        let order: Vec<usize> = board.legal_moves().collect();
        let results = search_root(
            &mut ctx,
            hook,
            board,
            &order,
            depth,
            false,
            |ctx, board, depth, alpha, beta| {
                search_below_root(
                    ctx,
                    hook,
                    table,
                    Method::default(),
                    board,
                    depth,
                    (alpha, beta),
                )
            },
        );
        match results {
            Some(results) => {
                let best_value = results
                    .iter()
                    .filter_map(|r| r.score.score)
                    .map(|s| side.sign() * s)
                    .max();
                let best: Vec<&RootResult> = results
                    .iter()
                    .filter(|r| r.score.score.map(|s| side.sign() * s) == best_value)
                    .collect();
                let chosen = *best
                    .choose(&mut self.rng)
                    .expect("a game in progress has moves");
                let (cell, mut pv) = (chosen.score.cell, chosen.pv());
                report.choices = best.iter().map(|r| r.score.cell).collect();
                report_root(&mut report, results, depth);
                report.best = Some(cell);
                extend_pv(table, board, &mut pv);
                report.pv = pv;
            }
            None => report.aborted = true,
        }
        report.stats = ctx.stats;
        report.finish(started);
        report
    }
}

impl Player for AlphaBetaRandomPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::AlphaBetaRandom
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        self.search(board, cancel, ())
    }
}
