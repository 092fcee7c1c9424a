use crate::board::Board;
use crate::evaluation::Evaluation;
use crate::player::Player;
use crate::player_kind::PlayerKind;
use crate::report::SearchReport;
use crate::score::WIN;
use crate::search::CancelFlag;
use crate::search::NodeEnding;
use crate::search::{Hook, SearchContext, Stones, fixed_depth_report};

/// Negamax with alpha-beta pruning, moves in natural (cell) order.
pub struct AlphaBetaPlayer {
    depth: Option<u32>,
    /// None: the board's own (`Evaluation::chosen_or_default`).
    evaluation: Option<Evaluation>,
}

impl AlphaBetaPlayer {
    pub fn new(depth: Option<u32>) -> AlphaBetaPlayer {
        AlphaBetaPlayer {
            depth,
            evaluation: None,
        }
    }

    /// The player with `evaluation` at its horizon instead of `lines`.
    pub fn with_evaluation(self, evaluation: impl Into<Option<Evaluation>>) -> AlphaBetaPlayer {
        AlphaBetaPlayer {
            evaluation: evaluation.into(),
            ..self
        }
    }
}

/// Fail-soft alpha-beta: the value of `stones` for the side to move if it
/// lies inside (alpha, beta), else a bound on the side the window was left.
/// A move is an OR into a copy of the bitboard.
fn alphabeta<H: Hook>(
    ctx: &mut SearchContext,
    hook: H,
    stones: Stones,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    let Stones {
        geometry,
        mine,
        theirs,
    } = stones;
    ctx.clear_pv(ply);
    let stone_count = ctx.stones_after_move(ply);
    let mut best = i32::MIN;
    let mut moves = stones.moves();
    while moves != 0 {
        let cell = moves.trailing_zeros() as usize;
        moves &= moves - 1;
        let now = mine | 1 << cell;
        if !ctx.enter() {
            return 0;
        }
        ctx.clear_pv(ply + 1);
        let value = if geometry.completes_line(cell, now) {
            let value = ctx.leaf_counted(WIN - stone_count as i32);
            hook.leaf(cell, alpha, beta, value, NodeEnding::Won);
            value
        } else if (now | theirs) == geometry.full {
            hook.leaf(cell, alpha, beta, 0, NodeEnding::Drawn);
            ctx.leaf_counted(0)
        } else if depth <= 1 {
            let value = ctx.scorer.value_after_move(geometry, now, theirs);
            let value = ctx.leaf_counted(value);
            hook.leaf(cell, alpha, beta, value, NodeEnding::Horizon);
            value
        } else {
            hook.enter(cell, alpha, beta, ctx.stats.nodes);
            let next = Stones {
                geometry,
                mine: theirs,
                theirs: now,
            };
            let value = -alphabeta(ctx, hook, next, depth - 1, -beta, -alpha, ply + 1);
            hook.leave(value, ctx.stats.nodes);
            value
        };
        if value > best {
            best = value;
            if value > alpha {
                alpha = value;
                ctx.update_pv(ply, cell);
                if alpha >= beta {
                    ctx.stats.cutoffs += 1;
                    hook.cutoff();
                    break;
                }
            }
        }
    }
    best
}

impl AlphaBetaPlayer {
    /// The decision, its search told to `hook` (`()` when playing).
    pub fn search<H: Hook>(&mut self, board: &Board, cancel: &CancelFlag, hook: H) -> SearchReport {
        fixed_depth_report(
            hook,
            PlayerKind::AlphaBeta,
            self.evaluation,
            board,
            cancel,
            self.depth,
            true,
            |ctx, board, depth, alpha, beta| {
                alphabeta(ctx, hook, Stones::of(board), depth, alpha, beta, 1)
            },
        )
    }
}

impl Player for AlphaBetaPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::AlphaBeta
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        self.search(board, cancel, ())
    }
}
