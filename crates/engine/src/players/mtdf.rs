use std::time::{Duration, Instant};

use super::alphabeta_tt::{Method, TableSlot, extend_pv, search_position};
use crate::board::Board;
use crate::evaluation::Evaluation;
use crate::player::Player;
use crate::player_kind::{PlayerKind, SearchSettings};
use crate::report::{Certainty, Iteration, MoveScore, Note, Pass, SearchReport};
use crate::score::INFINITY;
use crate::search::{
    CancelFlag, Hook, SearchContext, Variation, effective_depth, game_over, root_move_score,
};
use crate::tt::TranspositionTable;

/// MTD(f): the root searched again and again with a null window around a
/// guess, alphabeta-tt's search and table underneath. A pass that fails
/// high raises the lower bound on the value, one that fails low lowers the
/// upper bound; when they meet, that is the value. The first guess is 0,
/// then each iteration's value (under a time limit it deepens like
/// alphabeta-tt). The table keeps what earlier passes learned, so a good
/// guess costs little more than one null-window search.
pub struct MtdfPlayer {
    depth: Option<u32>,
    time_limit: Option<Duration>,
    settings: SearchSettings,
    /// None: the board's own (`Evaluation::chosen_or_default`).
    evaluation: Option<Evaluation>,
    table: TableSlot,
}

/// What the passes at one depth settled: the value for the side to move,
/// the move that reached it and its variation.
struct Converged {
    value: i32,
    best: usize,
    variation: Variation,
}

impl MtdfPlayer {
    pub fn new(
        depth: Option<u32>,
        time_limit: Option<Duration>,
        settings: SearchSettings,
    ) -> MtdfPlayer {
        MtdfPlayer {
            depth,
            time_limit,
            settings,
            evaluation: None,
            table: TableSlot::default(),
        }
    }

    /// The player with `evaluation` at its horizon instead of `lines`.
    pub fn with_evaluation(self, evaluation: impl Into<Option<Evaluation>>) -> MtdfPlayer {
        MtdfPlayer {
            evaluation: evaluation.into(),
            ..self
        }
    }

    /// The decision, its search told to `hook` (`()` when playing).
    pub fn search<H: Hook>(&mut self, board: &Board, cancel: &CancelFlag, hook: H) -> SearchReport {
        let started = Instant::now();
        let mut report = SearchReport::new(PlayerKind::Mtdf, board);
        report.settings = Some(self.settings);
        if game_over(&mut report, board) {
            report.finish(started);
            return report;
        }
        let deadline = self.time_limit.map(|limit| started + limit);
        let mut ctx = SearchContext::new(cancel, deadline).with_evaluation(
            Evaluation::chosen_or_default(self.evaluation, board.shape()),
        );
        ctx.set_root(board);
        let table = self.table.for_board(board);
        let method = Method {
            settings: self.settings,
            null_windows: false,
        };
        let side = board.side_to_move();
        let max_depth = effective_depth(board, self.depth);
        let first_depth = if deadline.is_some() { 1 } else { max_depth };
        let mut guess = 0;
        let mut finished = None;
        for depth in first_depth..=max_depth {
            hook.iteration_start(depth);
            let passes = Passes {
                table: &mut *table,
                method,
                board,
                depth,
            };
            let Some(converged) = passes.converge(&mut ctx, hook, guess, &mut report.passes) else {
                break;
            };
            guess = converged.value;
            let iteration = Iteration {
                depth,
                value: side.sign() * converged.value,
                nodes: ctx.stats.nodes,
                best: Some(converged.best),
            };
            hook.iteration_end(depth, converged.value, ctx.stats.nodes, iteration.best);
            report.iterations.push(iteration);
            finished = Some((depth, converged));
        }
        match finished {
            Some((depth, converged)) => {
                let full_depth = depth >= report.empty;
                // The last fail-low pass showed every move at most the
                // value: the others are upper bounds, the best is exact.
                report.moves = board
                    .legal_moves()
                    .map(|cell| {
                        let exact = cell == converged.best;
                        let mut score = root_move_score(side, cell, converged.value, !exact);
                        score.certainty =
                            Certainty::of(score.score.unwrap_or(0), score.bound, full_depth);
                        score
                    })
                    .collect();
                report.best = Some(converged.best);
                report.score = Some(side.sign() * converged.value);
                report.certainty = report
                    .moves
                    .iter()
                    .find(|m| m.cell == converged.best)
                    .map(|m: &MoveScore| m.certainty);
                report.pv = converged.variation.cells();
                extend_pv(table, board, &mut report.pv);
                report.depth = depth;
                if depth < max_depth && !cancel.is_cancelled() {
                    report.note = Some(Note::TimeLimit { depth, max_depth });
                }
            }
            None => report.aborted = true,
        }
        report.aborted |= cancel.is_cancelled();
        report.stats = ctx.stats;
        report.finish(started);
        report
    }
}

/// The null-window passes of one depth.
struct Passes<'a> {
    table: &'a mut TranspositionTable,
    method: Method,
    board: &'a Board,
    depth: u32,
}

impl Passes<'_> {
    /// Searches the root with null windows from `guess` (the side to move's
    /// scale) until the bounds meet; each pass goes to `log` on X's scale.
    /// `None` if the search was stopped.
    fn converge<H: Hook>(
        self,
        ctx: &mut SearchContext,
        hook: H,
        guess: i32,
        log: &mut Vec<Pass>,
    ) -> Option<Converged> {
        let (mut lower, mut upper) = (-INFINITY, INFINITY);
        let mut value = guess;
        let mut best = None;
        while lower < upper {
            let beta = if value == lower { value + 1 } else { value };
            hook.pass_start(beta - 1, beta);
            value = search_position(
                ctx,
                hook,
                self.table,
                self.method,
                self.board,
                self.depth,
                (beta - 1, beta),
                0,
            );
            if ctx.aborted {
                return None;
            }
            hook.pass_end(value, ctx.stats.nodes);
            log.push(Pass::for_mover(
                self.depth,
                self.board.side_to_move(),
                (beta - 1, beta),
                value,
                ctx.stats.nodes,
            ));
            if value < beta {
                upper = value;
            } else {
                lower = value;
                let variation = ctx.pv(0);
                best = variation.first().map(|cell| (cell, variation));
            }
        }
        best.map(|(best, variation)| Converged {
            value,
            best,
            variation,
        })
    }
}

impl Player for MtdfPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Mtdf
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        self.search(board, cancel, ())
    }
}
