use crate::engine::board::{Board, Side, bits};
use crate::engine::search::{SearchContext, fixed_depth_report};
use crate::engine::{CancelFlag, Player, PlayerKind, SearchReport};

/// Negamax with alpha-beta pruning, moves in natural (cell) order.
pub struct AlphaBetaPlayer {
    depth: Option<u32>,
}

impl AlphaBetaPlayer {
    pub fn new(depth: Option<u32>) -> AlphaBetaPlayer {
        AlphaBetaPlayer { depth }
    }
}

/// Fail-soft alpha-beta: the value for `side` (to move) if it lies inside
/// (alpha, beta), else a bound on the side the window was left.
fn alphabeta(
    ctx: &mut SearchContext,
    board: &mut Board,
    side: Side,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    ctx.clear_pv(ply);
    let mut best = i32::MIN;
    for cell in bits(board.empty()) {
        board.toggle(cell, side);
        if !ctx.enter() {
            board.toggle(cell, side);
            return 0;
        }
        ctx.clear_pv(ply + 1);
        let value = match ctx.leaf_value(board, cell, side, depth) {
            Some(value) => value,
            None => -alphabeta(
                ctx,
                board,
                side.opponent(),
                depth - 1,
                -beta,
                -alpha,
                ply + 1,
            ),
        };
        board.toggle(cell, side);
        if value > best {
            best = value;
            if value > alpha {
                alpha = value;
                ctx.update_pv(ply, cell);
                if alpha >= beta {
                    ctx.stats.cutoffs += 1;
                    break;
                }
            }
        }
    }
    best
}

impl Player for AlphaBetaPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::AlphaBeta
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        let side = board.side_to_move();
        fixed_depth_report(
            self.kind().name(),
            board,
            cancel,
            self.depth,
            true,
            |ctx, board, depth, alpha, beta| {
                alphabeta(ctx, board, side.opponent(), depth, alpha, beta, 1)
            },
        )
    }
}
