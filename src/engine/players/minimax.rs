use crate::engine::board::{Board, Side, bits};
use crate::engine::search::{SearchContext, fixed_depth_report};
use crate::engine::{CancelFlag, Player, PlayerKind, SearchReport};

/// Plain full-width minimax (in negamax form) without pruning: every
/// position below the root is visited. The reference the faster players are
/// tested against.
pub struct MinimaxPlayer {
    depth: Option<u32>,
}

impl MinimaxPlayer {
    pub fn new(depth: Option<u32>) -> MinimaxPlayer {
        MinimaxPlayer { depth }
    }
}

/// The value of the position for `side` (to move), searched `depth` plies.
fn negamax(ctx: &mut SearchContext, board: &mut Board, side: Side, depth: u32, ply: usize) -> i32 {
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
            None => -negamax(ctx, board, side.opponent(), depth - 1, ply + 1),
        };
        board.toggle(cell, side);
        if value > best {
            best = value;
            ctx.update_pv(ply, cell);
        }
    }
    best
}

impl Player for MinimaxPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Minimax
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        let side = board.side_to_move();
        fixed_depth_report(
            self.kind().name(),
            board,
            cancel,
            self.depth,
            false,
            |ctx, board, depth, _, _| negamax(ctx, board, side.opponent(), depth, 1),
        )
    }
}
