//! Pieces every tree search shares: the cancel flag, node counting with
//! cancellation polling, the principal-variation table, leaf detection and
//! the static move score used for ordering.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::board::{Board, Side, bits};
use super::geometry::MAX_LINES_PER_CELL;
use super::report::{Bound, MoveScore, SearchReport, SearchStats};
use super::score::{self, INFINITY, WIN};

/// A flag another thread sets to stop a running search.
#[derive(Debug, Clone, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    pub fn new() -> CancelFlag {
        CancelFlag::default()
    }

    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The flag is polled once every this many nodes.
pub const POLL_INTERVAL: u64 = 1024;

const MAX_PLY: usize = 26;

/// Search state shared by the alpha-beta family and plain minimax.
pub(crate) struct SearchContext<'a> {
    pub stats: SearchStats,
    cancel: &'a CancelFlag,
    deadline: Option<Instant>,
    pub aborted: bool,
    pv: [[u8; MAX_PLY]; MAX_PLY],
    pv_len: [u8; MAX_PLY],
}

impl<'a> SearchContext<'a> {
    pub fn new(cancel: &'a CancelFlag, deadline: Option<Instant>) -> SearchContext<'a> {
        SearchContext {
            stats: SearchStats::default(),
            cancel,
            deadline,
            aborted: false,
            pv: [[0; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
        }
    }

    /// Counts a position entered; false once the search has to stop.
    #[inline(always)]
    pub fn enter(&mut self) -> bool {
        self.stats.nodes += 1;
        if self.stats.nodes.is_multiple_of(POLL_INTERVAL) {
            self.poll();
        }
        !self.aborted
    }

    #[cold]
    fn poll(&mut self) {
        if self.cancel.is_cancelled()
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.aborted = true;
        }
    }

    /// Starts an empty variation at `ply`.
    #[inline(always)]
    pub fn clear_pv(&mut self, ply: usize) {
        self.pv_len[ply] = 0;
    }

    /// `cell` followed by the variation found one ply deeper becomes the
    /// variation at `ply`.
    #[inline]
    pub fn update_pv(&mut self, ply: usize, cell: usize) {
        let child_len = self.pv_len[ply + 1] as usize;
        self.pv[ply][0] = cell as u8;
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len as u8 + 1;
    }

    pub fn pv(&self, ply: usize) -> Vec<usize> {
        self.pv[ply][..self.pv_len[ply] as usize]
            .iter()
            .map(|&c| c as usize)
            .collect()
    }

    /// If the position after `side` played `cell` needs no further search,
    /// its value for `side`: a win, a full board, or the horizon (`depth`
    /// is the depth left including this move). Counts a leaf evaluation.
    #[inline(always)]
    pub fn leaf_value(
        &mut self,
        board: &Board,
        cell: usize,
        side: Side,
        depth: u32,
    ) -> Option<i32> {
        let value = if board.completes_line(cell, side) {
            WIN - board.stone_count() as i32
        } else if board.empty() == 0 {
            0
        } else if depth <= 1 {
            side.sign() * score::evaluate(board)
        } else {
            return None;
        };
        self.stats.leaf_evals += 1;
        Some(value)
    }
}

/// Depth from the options, never more than the empty cells.
pub(crate) fn effective_depth(board: &Board, depth: Option<u32>) -> u32 {
    let empty = board.empty().count_ones();
    depth.map_or(empty, |d| d.clamp(1, empty))
}

/// Static score of `side` playing `cell`, for move ordering only: winning
/// first, then blocking, then cells on many lines that are still open.
#[inline]
pub fn move_order_score(board: &Board, cell: usize, side: Side) -> i32 {
    let mine = board.stones(side);
    let theirs = board.stones(side.opponent());
    let mut score = 0;
    for &line in board.geometry().lines_through(cell) {
        let needed = line.count_ones() - 1;
        let (own, other) = ((mine & line).count_ones(), (theirs & line).count_ones());
        if other == 0 {
            if own == needed {
                return 100_000;
            }
            score += ((1 + own) * (1 + own)) as i32;
        } else if own == 0 {
            if other == needed {
                score += 10_000;
            }
            score += (other * other) as i32;
        }
    }
    score
}

/// Moves sorted by `move_order_score`, best first, with `first` (a table
/// move) ahead of all.
#[inline]
pub(crate) fn ordered_moves(
    board: &Board,
    side: Side,
    first: Option<usize>,
) -> ([u8; MAX_LINES_PER_CELL * 4], usize) {
    let mut moves = [0u8; MAX_LINES_PER_CELL * 4];
    let mut keys = [0i32; MAX_LINES_PER_CELL * 4];
    let mut count = 0;
    for cell in bits(board.empty()) {
        let key = if Some(cell) == first {
            i32::MAX
        } else {
            move_order_score(board, cell, side)
        };
        // Insertion sort: at most 25 moves.
        let mut slot = count;
        while slot > 0 && keys[slot - 1] < key {
            moves[slot] = moves[slot - 1];
            keys[slot] = keys[slot - 1];
            slot -= 1;
        }
        moves[slot] = cell as u8;
        keys[slot] = key;
        count += 1;
    }
    (moves, count)
}

/// Converts a root move's value from the mover's view to a Max-view
/// `MoveScore`; a fail-low value (`fail_low`) is an upper bound for the mover.
pub(crate) fn root_move_score(side: Side, cell: usize, value: i32, fail_low: bool) -> MoveScore {
    let bound = match (fail_low, side) {
        (false, _) => Bound::Exact,
        (true, Side::Max) => Bound::Upper,
        (true, Side::Min) => Bound::Lower,
    };
    MoveScore::scored(cell, side.sign() * value, bound)
}

/// True if the score is only an upper limit of the move's worth for `side`.
fn is_fail_low(side: Side, bound: Bound) -> bool {
    matches!(
        (side, bound),
        (Side::Max, Bound::Upper) | (Side::Min, Bound::Lower)
    )
}

/// Fills the decision part of a report from the root moves: the best score
/// for the side to move, exact results before bounds, lowest cell on ties.
pub(crate) fn pick_best(report: &mut SearchReport, moves: Vec<MoveScore>) {
    let side = report.side;
    let best = moves
        .iter()
        .filter_map(|m| m.score.map(|score| (m, score)))
        .max_by_key(|(m, score)| {
            (
                side.sign() * score,
                !is_fail_low(side, m.bound),
                std::cmp::Reverse(m.cell),
            )
        });
    report.best = best.map(|(m, _)| m.cell);
    report.score = best.map(|(_, score)| score);
    report.moves = moves;
}

/// One root move's result: its score and the variation it leads to.
pub(crate) struct RootResult {
    pub score: MoveScore,
    pub pv: Vec<usize>,
}

/// Searches each root move in `order` to `depth` plies and returns the
/// results, or `None` if the search was aborted. `child` searches the
/// position after a root move (opponent to move, `depth - 1` plies, ply 1)
/// in the window given and returns its value for the opponent. With
/// `narrow`, alpha rises across root moves, so later moves may come back as
/// bounds; without it every move gets the full window and an exact score.
pub(crate) fn search_root<F>(
    ctx: &mut SearchContext,
    board: &Board,
    order: &[usize],
    depth: u32,
    narrow: bool,
    mut child: F,
) -> Option<Vec<RootResult>>
where
    F: FnMut(&mut SearchContext, &mut Board, u32, i32, i32) -> i32,
{
    let side = board.side_to_move();
    let mut board = *board;
    let mut alpha = -INFINITY;
    let mut results = Vec::with_capacity(order.len());
    for &cell in order {
        board.toggle(cell, side);
        let entered = ctx.enter();
        ctx.clear_pv(1);
        let value = if !entered {
            0
        } else if let Some(value) = ctx.leaf_value(&board, cell, side, depth) {
            value
        } else {
            let window_alpha = if narrow { alpha } else { -INFINITY };
            -child(ctx, &mut board, depth - 1, -INFINITY, -window_alpha)
        };
        board.toggle(cell, side);
        if ctx.aborted {
            return None;
        }
        let fail_low = narrow && !results.is_empty() && value <= alpha;
        alpha = alpha.max(value);
        ctx.update_pv(0, cell);
        results.push(RootResult {
            score: root_move_score(side, cell, value, fail_low),
            pv: ctx.pv(0),
        });
    }
    Some(results)
}

/// Fills a report from finished root results: best move, score, moves, and
/// the best move's variation.
pub(crate) fn report_root(report: &mut SearchReport, results: Vec<RootResult>, depth: u32) {
    let (moves, pvs): (Vec<MoveScore>, Vec<Vec<usize>>) =
        results.into_iter().map(|r| (r.score, r.pv)).unzip();
    pick_best(report, moves);
    report.pv = report
        .best
        .and_then(|best| pvs.into_iter().find(|pv| pv.first() == Some(&best)))
        .unwrap_or_default();
    report.depth = depth;
}

/// A complete fixed-depth decision: searches every root move in cell order
/// with `child` (see `search_root`) and reports the result.
pub(crate) fn fixed_depth_report<F>(
    player: &'static str,
    board: &Board,
    cancel: &CancelFlag,
    depth: Option<u32>,
    narrow: bool,
    child: F,
) -> SearchReport
where
    F: FnMut(&mut SearchContext, &mut Board, u32, i32, i32) -> i32,
{
    let started = Instant::now();
    let mut report = SearchReport::new(player, board);
    let mut ctx = SearchContext::new(cancel, None);
    let depth = effective_depth(board, depth);
    let order: Vec<usize> = board.legal_moves().collect();
    match search_root(&mut ctx, board, &order, depth, narrow, child) {
        Some(results) => report_root(&mut report, results, depth),
        None => report.aborted = true,
    }
    report.stats = ctx.stats;
    report.finish(started);
    report
}
