use crate::board::Board;
use crate::geometry::Geometry;
use crate::player::Player;
use crate::player_kind::PlayerKind;
use crate::report::SearchReport;
use crate::score::{WIN, evaluate_stones};
use crate::search::CancelFlag;
use crate::search::NodeEnding;
use crate::search::{Hook, SearchContext, fixed_depth_report};

/// Negamax with alpha-beta pruning, moves in natural (cell) order.
pub struct AlphaBetaPlayer {
    depth: Option<u32>,
}

impl AlphaBetaPlayer {
    pub fn new(depth: Option<u32>) -> AlphaBetaPlayer {
        AlphaBetaPlayer { depth }
    }
}

/// Fail-soft alpha-beta: the value for the side to move (stones `mine`,
/// against `theirs`) if it lies inside (alpha, beta), else a bound on the
/// side the window was left. A move is an OR into a copy of the bitboard.
#[allow(clippy::too_many_arguments)]
pub(crate) fn alphabeta<H: Hook>(
    ctx: &mut SearchContext,
    hook: H,
    geometry: &Geometry,
    mine: u32,
    theirs: u32,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    ctx.clear_pv(ply);
    let stones = ctx.stones_after_move(ply);
    let mut best = i32::MIN;
    let mut empty = !(mine | theirs) & geometry.full;
    while empty != 0 {
        let cell = empty.trailing_zeros() as usize;
        empty &= empty - 1;
        let now = mine | 1 << cell;
        if !ctx.enter() {
            return 0;
        }
        ctx.clear_pv(ply + 1);
        let value = if geometry.cell_lines(cell).any_complete(now) {
            let value = ctx.leaf_counted(WIN - stones as i32);
            hook.leaf(cell, alpha, beta, value, NodeEnding::Won);
            value
        } else if (now | theirs) == geometry.full {
            hook.leaf(cell, alpha, beta, 0, NodeEnding::Drawn);
            ctx.leaf_counted(0)
        } else if depth <= 1 {
            let value = ctx.leaf_counted(evaluate_stones(geometry, now, theirs));
            hook.leaf(cell, alpha, beta, value, NodeEnding::Horizon);
            value
        } else {
            hook.enter(cell, alpha, beta, ctx.stats.nodes);
            let value = -alphabeta(
                ctx,
                hook,
                geometry,
                theirs,
                now,
                depth - 1,
                -beta,
                -alpha,
                ply + 1,
            );
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
        let side = board.side_to_move();
        fixed_depth_report(
            hook,
            PlayerKind::AlphaBeta,
            board,
            cancel,
            self.depth,
            true,
            |ctx, board, depth, alpha, beta| {
                let (mine, theirs) = (board.stones(side.opponent()), board.stones(side));
                alphabeta(
                    ctx,
                    hook,
                    board.geometry(),
                    mine,
                    theirs,
                    depth,
                    alpha,
                    beta,
                    1,
                )
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
