use crate::board::Board;
use crate::evaluation::Evaluation;
use crate::geometry::Geometry;
use crate::player::Player;
use crate::player_kind::PlayerKind;
use crate::report::SearchReport;
use crate::score::{INFINITY, WIN};
use crate::search::CancelFlag;
use crate::search::NodeEnding;
use crate::search::{Hook, SearchContext, Stones, fixed_depth_report};

/// Plain full-width minimax (in negamax form) without pruning: every
/// position below the root is visited. The reference the faster players are
/// tested against.
pub struct MinimaxPlayer {
    depth: Option<u32>,
    /// None: the board's own (`Evaluation::chosen_or_default`).
    evaluation: Option<Evaluation>,
}

impl MinimaxPlayer {
    pub fn new(depth: Option<u32>) -> MinimaxPlayer {
        MinimaxPlayer {
            depth,
            evaluation: None,
        }
    }

    /// The player with `evaluation` at its horizon instead of `lines`.
    pub fn with_evaluation(self, evaluation: impl Into<Option<Evaluation>>) -> MinimaxPlayer {
        MinimaxPlayer {
            evaluation: evaluation.into(),
            ..self
        }
    }
}

/// The value of the position for the side to move, searched `depth` plies.
/// The position is two bitboards, `mine` (the side to move) and `theirs`;
/// a move is an OR into a copy, so nothing is undone.
///
/// The last plies run without calls (most nodes of a full search are
/// there): a child with two empty cells is searched by an inlined copy of
/// the node, and one with a single empty cell by `last_move`. `hook` hears
/// of every step (`()` when playing: nothing). Never inlined, and given
/// its position as three values rather than a `Stones`: both run faster
/// (benches/RESULTS.md).
#[inline(never)]
fn negamax<H: Hook>(
    ctx: &mut SearchContext,
    hook: H,
    geometry: &'static Geometry,
    mine: u64,
    theirs: u64,
    depth: u32,
    ply: usize,
) -> i32 {
    let stones = Stones {
        geometry,
        mine,
        theirs,
    };
    node(
        ctx,
        hook,
        stones,
        depth,
        ply,
        |ctx, stones, left, depth, ply| {
            let rest = left & (left - 1);
            if rest == 0 {
                last_move(ctx, hook, geometry, stones.mine, left, ply)
            } else if rest & (rest - 1) == 0 {
                node(
                    ctx,
                    hook,
                    stones,
                    depth,
                    ply,
                    |ctx, stones, left, _, ply| {
                        last_move(ctx, hook, geometry, stones.mine, left, ply)
                    },
                )
            } else {
                negamax(ctx, hook, geometry, stones.mine, stones.theirs, depth, ply)
            }
        },
    )
}

/// One node of `negamax`: every move in cell order; `child` searches the
/// position after a move that does not end the search, given its stones
/// (from its side to move's view), its empty cells, the depth left and the
/// ply. There is always a move, and the first one always raises `best`, so
/// the variation at `ply` is always written and never needs clearing.
#[inline(always)]
fn node<H: Hook>(
    ctx: &mut SearchContext,
    hook: H,
    stones: Stones,
    depth: u32,
    ply: usize,
    mut child: impl FnMut(&mut SearchContext, Stones, u64, u32, usize) -> i32,
) -> i32 {
    let Stones {
        geometry,
        mine,
        theirs,
    } = stones;
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
        let left = !(now | theirs) & geometry.full;
        let leaf = if geometry.completes_line(cell, now) {
            Some(leaf(
                ctx,
                hook,
                cell,
                WIN - stone_count as i32,
                NodeEnding::Won,
            ))
        } else if left == 0 {
            Some(leaf(ctx, hook, cell, 0, NodeEnding::Drawn))
        } else if depth <= 1 {
            let value = ctx.scorer.value_after_move(geometry, now, theirs);
            Some(leaf(ctx, hook, cell, value, NodeEnding::Horizon))
        } else {
            None
        };
        match leaf {
            Some(value) => {
                if value > best {
                    best = value;
                    ctx.set_pv(ply, cell);
                }
            }
            None => {
                hook.enter(cell, -INFINITY, INFINITY, ctx.stats.nodes);
                let next = Stones {
                    geometry,
                    mine: theirs,
                    theirs: now,
                };
                let value = -child(ctx, next, left, depth - 1, ply + 1);
                hook.leave(value, ctx.stats.nodes);
                if value > best {
                    best = value;
                    ctx.update_pv(ply, cell);
                }
            }
        }
    }
    best
}

/// Counts the leaf `cell` led to, of `value` (for the mover), and tells
/// `hook` how it ended.
#[inline(always)]
fn leaf<H: Hook>(
    ctx: &mut SearchContext,
    hook: H,
    cell: usize,
    value: i32,
    ending: NodeEnding,
) -> i32 {
    hook.leaf(cell, -INFINITY, INFINITY, value, ending);
    ctx.leaf_counted(value)
}

/// `node` for a position with one empty cell, `left`: the move fills the
/// board, so it is a win or a draw.
#[inline(always)]
fn last_move<H: Hook>(
    ctx: &mut SearchContext,
    hook: H,
    geometry: &Geometry,
    mine: u64,
    left: u64,
    ply: usize,
) -> i32 {
    let cell = left.trailing_zeros() as usize;
    let now = mine | left;
    if !ctx.enter() {
        return 0;
    }
    let (value, ending) = if geometry.completes_line(cell, now) {
        (WIN - ctx.stones_after_move(ply) as i32, NodeEnding::Won)
    } else {
        (0, NodeEnding::Drawn)
    };
    ctx.set_pv(ply, cell);
    leaf(ctx, hook, cell, value, ending)
}

impl MinimaxPlayer {
    /// The decision, its search told to `hook` (`()` when playing).
    pub fn search<H: Hook>(&mut self, board: &Board, cancel: &CancelFlag, hook: H) -> SearchReport {
        fixed_depth_report(
            hook,
            PlayerKind::Minimax,
            self.evaluation,
            board,
            cancel,
            self.depth,
            false,
            |ctx, board, depth, _, _| {
                let Stones {
                    geometry,
                    mine,
                    theirs,
                } = Stones::of(board);
                negamax(ctx, hook, geometry, mine, theirs, depth, 1)
            },
        )
    }
}

impl Player for MinimaxPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Minimax
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        self.search(board, cancel, ())
    }
}
