//! Pieces every tree search shares: the cancel flag, node counting with
//! cancellation polling, the principal-variation table, leaf detection and
//! the static move score used for ordering.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::board::{Board, Outcome, Side};
use super::evaluation::{Evaluation, NamedEvaluation, Scorer};
use super::geometry::{Geometry, MAX_CELLS};
use super::player_kind::PlayerKind;
use super::report::{Bound, Certainty, MoveScore, Note, SearchReport, SearchStats};
use super::score::{INFINITY, WIN};

/// Why the search of a node (a position a search entered) ended: what a
/// recording keeps for each node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeEnding {
    /// The move completed a line.
    Won,
    /// The move filled the board without a line.
    Drawn,
    /// The depth ran out: the static evaluation.
    Horizon,
    /// Every move was searched.
    AllChildren,
    /// A child's value reached beta: the moves after it were pruned.
    Cutoff,
    /// The transposition table answered: no move was searched.
    TableHit,
    /// Monte Carlo: a node with children, tried by the tree's selection.
    Expanded,
    /// Monte Carlo: a leaf of the tree where a random playout started.
    Playout,
    /// The solver: every move lets the opponent win next (it searches only
    /// the moves that do not): lost without a search.
    NoSafeMove,
    /// The solver: the scores still possible (from losing after the next
    /// stone to winning with the one after) settle the position, or fall
    /// outside the window, without a search.
    Bounded,
}

impl NodeEnding {
    pub const ALL: [NodeEnding; 10] = [
        NodeEnding::Won,
        NodeEnding::Drawn,
        NodeEnding::Horizon,
        NodeEnding::AllChildren,
        NodeEnding::Cutoff,
        NodeEnding::TableHit,
        NodeEnding::Expanded,
        NodeEnding::Playout,
        NodeEnding::NoSafeMove,
        NodeEnding::Bounded,
    ];

    /// The name JSON uses.
    pub fn name(self) -> &'static str {
        match self {
            NodeEnding::Won => "won",
            NodeEnding::Drawn => "drawn",
            NodeEnding::Horizon => "horizon",
            NodeEnding::AllChildren => "all-children",
            NodeEnding::Cutoff => "cutoff",
            NodeEnding::TableHit => "table-hit",
            NodeEnding::Expanded => "expanded",
            NodeEnding::Playout => "playout",
            NodeEnding::NoSafeMove => "no-safe-move",
            NodeEnding::Bounded => "bounded",
        }
    }

    /// True for the endings without children.
    pub fn is_leaf(self) -> bool {
        matches!(
            self,
            NodeEnding::Won
                | NodeEnding::Drawn
                | NodeEnding::Horizon
                | NodeEnding::TableHit
                | NodeEnding::Playout
                | NodeEnding::NoSafeMove
                | NodeEnding::Bounded
        )
    }
}

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

/// Plies a variation can have: one per cell.
const MAX_PLY: usize = MAX_CELLS + 1;

/// A line of play: the cells of its moves, first move first. Fixed-size
/// and `Copy`, so the search keeps variations without allocating.
#[derive(Clone, Copy)]
pub(crate) struct Variation {
    moves: [u8; MAX_PLY],
    len: u8,
}

impl Variation {
    const EMPTY: Variation = Variation {
        moves: [0; MAX_PLY],
        len: 0,
    };

    /// The first move, if any.
    pub fn first(&self) -> Option<usize> {
        (self.len > 0).then(|| usize::from(self.moves[0]))
    }

    /// The cells, first move first.
    pub fn cells(&self) -> Vec<usize> {
        self.moves[..usize::from(self.len)]
            .iter()
            .map(|&cell| usize::from(cell))
            .collect()
    }
}

/// What a search tells a recording (the tools' `tree::Tape`) as it goes. The
/// players pass `()`, a zero-sized value whose empty methods compile away,
/// so the recorded search is the players' own; a recording passes a shared
/// reference to its tape (hence `Copy` and by value: no extra register in
/// the players' recursions). `nodes` is the node count so far.
pub trait Hook: Copy {
    /// The move `cell` was made and its position entered, to be searched;
    /// `(alpha, beta)` is the mover's window.
    #[inline(always)]
    fn enter(self, _cell: usize, _alpha: i32, _beta: i32, _nodes: u64) {}
    /// The move `cell` was made and its position needs no search (`ending`
    /// says why): `value` for the mover, searched in `(alpha, beta)`.
    #[inline(always)]
    fn leaf(self, _cell: usize, _alpha: i32, _beta: i32, _value: i32, _ending: NodeEnding) {}
    /// The node being searched ends with a cutoff (called before it returns).
    #[inline(always)]
    fn cutoff(self) {}
    /// The node being searched is answered by the transposition table
    /// (called before it returns).
    #[inline(always)]
    fn table_hit(self) {}
    /// The node being searched ends without a search for the reason
    /// `ending` gives (called before it returns): the solver's rules.
    #[inline(always)]
    fn ended(self, _ending: NodeEnding) {}
    /// The search below the position entered last came back with `value`
    /// for the mover.
    #[inline(always)]
    fn leave(self, _value: i32, _nodes: u64) {}
    /// The move `cell`, searched last with a null window, failed high with
    /// `value` for the mover inside the full window: it is entered again
    /// (principal variation search's re-search).
    #[inline(always)]
    fn re_search(self, _cell: usize, _value: i32) {}
    /// Iterative deepening starts its search to `depth`.
    #[inline(always)]
    fn iteration_start(self, _depth: u32) {}
    /// The iteration to `depth` finished: the root's `value` for the side
    /// to move, the node count so far and the best move.
    #[inline(always)]
    fn iteration_end(self, _depth: u32, _value: i32, _nodes: u64, _best: Option<usize>) {}
    /// A search of the root in the window `(alpha, beta)` for the side to
    /// move starts: an MTD(f) pass (a null window) or an aspiration window.
    #[inline(always)]
    fn pass_start(self, _alpha: i32, _beta: i32) {}
    /// The pass started last came back with `value` for the side to move.
    #[inline(always)]
    fn pass_end(self, _value: i32, _nodes: u64) {}
}

impl Hook for () {}

/// How a leaf ended: a move that `won`, a `full` board, else the horizon.
#[inline(always)]
pub(crate) fn leaf_ending(won: bool, full: bool) -> NodeEnding {
    if won {
        NodeEnding::Won
    } else if full {
        NodeEnding::Drawn
    } else {
        NodeEnding::Horizon
    }
}

/// A position as the plain searches (minimax, alphabeta) walk it: the
/// stones of the side to move (`mine`) and of its opponent (`theirs`) on a
/// board of `geometry`. A move is an OR into a copy, so nothing is undone.
#[derive(Clone, Copy)]
pub(crate) struct Stones {
    pub geometry: &'static Geometry,
    pub mine: u64,
    pub theirs: u64,
}

impl Stones {
    /// `board` as its side to move sees it.
    pub fn of(board: &Board) -> Stones {
        let side = board.side_to_move();
        Stones {
            geometry: board.geometry(),
            mine: board.stones(side),
            theirs: board.stones(side.opponent()),
        }
    }

    /// The cells the side to move may play.
    #[inline(always)]
    pub fn moves(self) -> u64 {
        self.geometry.playable(self.mine | self.theirs)
    }
}

/// Search state shared by the alpha-beta family and plain minimax.
pub(crate) struct SearchContext<'a> {
    pub stats: SearchStats,
    cancel: &'a CancelFlag,
    deadline: Option<Instant>,
    pub aborted: bool,
    /// The node count at which `enter` polls next; stays behind the count
    /// once aborted, so every later `enter` says stop.
    next_poll: u64,
    /// Stones on the board at the root: a move made at ply `p` leaves
    /// `root_stones + p + 1` stones.
    root_stones: u32,
    /// The triangular variation table, one variation per ply.
    pv: [Variation; MAX_PLY],
    /// What the horizon's positions are worth.
    pub scorer: Scorer,
}

impl<'a> SearchContext<'a> {
    pub fn new(cancel: &'a CancelFlag, deadline: Option<Instant>) -> SearchContext<'a> {
        SearchContext {
            stats: SearchStats::default(),
            cancel,
            deadline,
            aborted: false,
            next_poll: POLL_INTERVAL,
            root_stones: 0,
            pv: [Variation::EMPTY; MAX_PLY],
            scorer: Scorer::of(NamedEvaluation::Lines.evaluation()),
        }
    }

    /// The context with `evaluation` at the horizon instead of `lines`.
    pub fn with_evaluation(mut self, evaluation: Evaluation) -> SearchContext<'a> {
        self.scorer = Scorer::of(evaluation);
        self
    }

    /// Searches start at `board`: ply 0 is its side to move's.
    pub fn set_root(&mut self, board: &Board) {
        self.root_stones = board.stone_count();
    }

    /// Stones on the board after a move made at `ply`.
    #[inline(always)]
    pub fn stones_after_move(&self, ply: usize) -> u32 {
        self.root_stones + ply as u32 + 1
    }

    /// Counts a position entered; false once the search has to stop.
    /// One comparison per node: the flag and the clock are looked at every
    /// `POLL_INTERVAL` nodes, and after an abort on every call.
    #[inline(always)]
    pub fn enter(&mut self) -> bool {
        self.stats.nodes += 1;
        self.stats.nodes < self.next_poll || self.poll()
    }

    /// Checks the cancel flag and the deadline; false once aborted.
    #[cold]
    #[inline(never)]
    fn poll(&mut self) -> bool {
        if !self.aborted
            && (self.cancel.is_cancelled()
                || self
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline))
        {
            self.aborted = true;
        }
        if !self.aborted {
            self.next_poll = self.stats.nodes + POLL_INTERVAL;
        }
        !self.aborted
    }

    /// Starts an empty variation at `ply`.
    #[inline(always)]
    pub fn clear_pv(&mut self, ply: usize) {
        self.pv[ply].len = 0;
    }

    /// `cell` followed by the variation found one ply deeper becomes the
    /// variation at `ply`.
    #[inline(always)]
    pub fn update_pv(&mut self, ply: usize, cell: usize) {
        let (parents, children) = self.pv.split_at_mut(ply + 1);
        let (line, child) = (&mut parents[ply], &children[0]);
        line.moves[0] = cell as u8;
        // Copied in blocks of a fixed size (what lies past `len` does not
        // count), which compile to a few moves instead of a call: the
        // small boards' variations all fit the first.
        if child.len < 16 {
            line.moves[1..17].copy_from_slice(&child.moves[..16]);
        } else {
            line.moves[1..].copy_from_slice(&child.moves[..MAX_PLY - 1]);
        }
        line.len = child.len + 1;
    }

    /// The variation at `ply` becomes `cell` alone: the move ended the
    /// search (the same as `update_pv` after `clear_pv(ply + 1)`).
    #[inline(always)]
    pub fn set_pv(&mut self, ply: usize, cell: usize) {
        self.pv[ply].moves[0] = cell as u8;
        self.pv[ply].len = 1;
    }

    /// The variation at `ply`.
    #[inline]
    pub fn pv(&self, ply: usize) -> Variation {
        self.pv[ply]
    }

    /// The value, for the side that moved, of a position where the search
    /// stops: `won` (the move completed a line), `full` (a draw), or the
    /// horizon (`depth` is the depth left including the move), where
    /// `evaluate` gives the mover's static score by the context's
    /// evaluation. `stones` is the stone
    /// count after the move. Counts a leaf evaluation.
    #[inline(always)]
    pub fn leaf(
        &mut self,
        won: bool,
        full: bool,
        stones: u32,
        depth: u32,
        evaluate: impl FnOnce(&Scorer) -> i32,
    ) -> Option<i32> {
        let value = if won {
            WIN - stones as i32
        } else if full {
            0
        } else if depth <= 1 {
            out_of_line(|| evaluate(&self.scorer))
        } else {
            return None;
        };
        self.stats.leaf_evals += 1;
        Some(value)
    }

    /// Counts a leaf evaluation and passes its value through.
    #[inline(always)]
    pub fn leaf_counted(&mut self, value: i32) -> i32 {
        self.stats.leaf_evals += 1;
        value
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
        self.leaf(
            board.completes_line(cell, side),
            board.empty() == 0,
            board.stone_count(),
            depth,
            |scorer| scorer.value_of(board, side),
        )
    }
}

/// Calls `f` out of line: keeps the static evaluation's code (and the
/// registers it needs) out of the recursive searches, whose full-depth runs
/// never evaluate.
#[inline(never)]
fn out_of_line(f: impl FnOnce() -> i32) -> i32 {
    f()
}

/// Depth from the options, never more than the empty cells (0 on a full
/// board, which no search is asked about: see `game_over`).
pub fn effective_depth(board: &Board, depth: Option<u32>) -> u32 {
    let empty = board.empty().count_ones();
    depth.map_or(empty, |d| d.max(1).min(empty))
}

/// For a finished game (won or full), fills in the report's answer: no move,
/// and a note that says why; returns true then. A player asked to move on a
/// finished board returns this report instead of searching.
pub(crate) fn game_over(report: &mut SearchReport, board: &Board) -> bool {
    let outcome = board.outcome();
    if outcome == Outcome::Ongoing {
        return false;
    }
    report.best = None;
    report.score = None;
    report.note = Some(Note::GameOver(outcome));
    true
}

/// Converts a root move's value from the mover's view to a Max-view
/// `MoveScore`; a fail-low value (`fail_low`) is an upper bound for the mover.
pub(crate) fn root_move_score(side: Side, cell: usize, value: i32, fail_low: bool) -> MoveScore {
    let bound = if fail_low {
        Bound::Upper.for_mover(side)
    } else {
        Bound::Exact
    };
    MoveScore::scored(cell, side.sign() * value, bound)
}

/// True if the score is only an upper limit of the move's worth for `side`.
fn is_fail_low(side: Side, bound: Bound) -> bool {
    bound.for_mover(side) == Bound::Upper
}

/// Fills the decision part of a report from the root moves, given in the
/// order they were searched: the best score for the side to move, exact
/// results before bounds, the first searched on ties.
pub(crate) fn pick_best(report: &mut SearchReport, moves: Vec<MoveScore>) {
    let side = report.side;
    let best = moves
        .iter()
        .enumerate()
        .filter_map(|(index, m)| m.score.map(|score| (index, m, score)))
        .max_by_key(|&(index, m, score)| {
            (
                side.sign() * score,
                !is_fail_low(side, m.bound),
                std::cmp::Reverse(index),
            )
        })
        .map(|(_, m, score)| (m, score));
    report.best = best.map(|(m, _)| m.cell);
    report.score = best.map(|(_, score)| score);
    report.certainty = best.map(|(m, _)| m.certainty);
    report.moves = moves;
}

/// One root move's result: its score and the variation it leads to.
pub(crate) struct RootResult {
    pub score: MoveScore,
    /// The variation, kept as in `SearchContext` (made a list only for the
    /// report, so iterative deepening allocates nothing per root move).
    pub variation: Variation,
}

impl RootResult {
    pub fn pv(&self) -> Vec<usize> {
        self.variation.cells()
    }
}

/// Searches each root move in `order` to `depth` plies and returns the
/// results, or `None` if the search was aborted. `child` searches the
/// position after a root move (opponent to move, `depth - 1` plies, ply 1)
/// in the window given and returns its value for the opponent. With
/// `narrow`, alpha rises across root moves, so later moves may come back as
/// bounds; without it every move gets the full window and an exact score.
/// `hook` hears of every root move (`child` passes it on below).
pub(crate) fn search_root<H: Hook, F>(
    ctx: &mut SearchContext,
    hook: H,
    board: &Board,
    order: &[usize],
    depth: u32,
    narrow: bool,
    child: F,
) -> Option<Vec<RootResult>>
where
    F: FnMut(&mut SearchContext, &mut Board, u32, i32, i32) -> i32,
{
    search_root_windows(
        ctx,
        hook,
        board,
        order,
        depth,
        narrow,
        false,
        (-INFINITY, INFINITY),
        child,
    )
}

/// `search_root`, where with `null_windows` (and `narrow`) every root move
/// after the first is searched with a null window `(alpha, alpha + 1)`
/// first, and again with the full window when it fails high: principal
/// variation search at the root. With `narrow`, the root is searched in
/// `window` for the side to move (an aspiration window; `(-INFINITY,
/// INFINITY)` is the full one): a move that reaches its beta ends the
/// search (the root fails high), and moves at or below its alpha only
/// failed low.
#[allow(clippy::too_many_arguments)]
pub(crate) fn search_root_windows<H: Hook, F>(
    ctx: &mut SearchContext,
    hook: H,
    board: &Board,
    order: &[usize],
    depth: u32,
    narrow: bool,
    null_windows: bool,
    window: (i32, i32),
    mut child: F,
) -> Option<Vec<RootResult>>
where
    F: FnMut(&mut SearchContext, &mut Board, u32, i32, i32) -> i32,
{
    let side = board.side_to_move();
    ctx.set_root(board);
    let mut board = *board;
    let (mut alpha, beta) = if narrow {
        window
    } else {
        (-INFINITY, INFINITY)
    };
    let mut results = Vec::with_capacity(order.len());
    for &cell in order {
        board.toggle(cell, side);
        let entered = ctx.enter();
        ctx.clear_pv(1);
        let window_alpha = if narrow { alpha } else { -INFINITY };
        let leaf_value = if entered {
            ctx.leaf_value(&board, cell, side, depth)
        } else {
            None
        };
        let leaf = leaf_value.is_some();
        let value = if !entered {
            0
        } else if let Some(value) = leaf_value {
            let ending = leaf_ending(board.completes_line(cell, side), board.empty() == 0);
            hook.leaf(cell, window_alpha, beta, value, ending);
            value
        } else if null_windows && narrow && !results.is_empty() {
            hook.enter(cell, alpha, alpha + 1, ctx.stats.nodes);
            let value = -child(ctx, &mut board, depth - 1, -alpha - 1, -alpha);
            hook.leave(value, ctx.stats.nodes);
            if value > alpha && value < beta && !ctx.aborted {
                hook.re_search(cell, value);
                ctx.stats.re_searches += 1;
                ctx.clear_pv(1);
                hook.enter(cell, alpha, beta, ctx.stats.nodes);
                let value = -child(ctx, &mut board, depth - 1, -beta, -alpha);
                hook.leave(value, ctx.stats.nodes);
                value
            } else {
                value
            }
        } else {
            hook.enter(cell, window_alpha, beta, ctx.stats.nodes);
            let value = -child(ctx, &mut board, depth - 1, -beta, -window_alpha);
            hook.leave(value, ctx.stats.nodes);
            value
        };
        board.toggle(cell, side);
        if ctx.aborted {
            return None;
        }
        // A finished game or a horizon's evaluation is exact wherever it
        // falls; a searched move at or below alpha only failed low (the
        // first, only below an aspiration window), one at or above an
        // aspiration window's beta only failed high.
        let searched = narrow && !leaf;
        let bound = if searched && value <= alpha && (!results.is_empty() || alpha > -INFINITY) {
            Bound::Upper
        } else if searched && value >= beta && beta < INFINITY {
            Bound::Lower
        } else {
            Bound::Exact
        };
        alpha = alpha.max(value);
        ctx.update_pv(0, cell);
        results.push(RootResult {
            score: MoveScore::scored(cell, side.sign() * value, bound.for_mover(side)),
            variation: ctx.pv(0),
        });
        if narrow && value >= beta {
            hook.cutoff();
            break;
        }
    }
    Some(results)
}

/// Fills a report from finished root results: best move, score, moves, and
/// the best move's variation.
pub(crate) fn report_root(report: &mut SearchReport, results: Vec<RootResult>, depth: u32) {
    // Searched to the end of the game: no horizon estimate in any score.
    let full_depth = depth >= report.empty;
    let (moves, pvs): (Vec<MoveScore>, Vec<Variation>) = results
        .into_iter()
        .map(|mut r| {
            if let Some(score) = r.score.score {
                r.score.certainty = Certainty::of(score, r.score.bound, full_depth);
            }
            (r.score, r.variation)
        })
        .unzip();
    pick_best(report, moves);
    report.pv = report
        .best
        .and_then(|best| {
            pvs.into_iter()
                .map(|variation| variation.cells())
                .find(|pv| pv.first() == Some(&best))
        })
        .unwrap_or_default();
    report.depth = depth;
}

/// A complete fixed-depth decision: searches every root move in cell order
/// with `child` (see `search_root`), `evaluation` (None: the board's own)
/// at the horizon, and
/// reports the result.
#[allow(clippy::too_many_arguments)]
pub(crate) fn fixed_depth_report<H: Hook, F>(
    hook: H,
    player: PlayerKind,
    evaluation: Option<Evaluation>,
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
    if game_over(&mut report, board) {
        report.finish(started);
        return report;
    }
    let mut ctx = SearchContext::new(cancel, None)
        .with_evaluation(Evaluation::chosen_or_default(evaluation, board.shape()));
    let depth = effective_depth(board, depth);
    let order: Vec<usize> = board.legal_moves().collect();
    match search_root(&mut ctx, hook, board, &order, depth, narrow, child) {
        Some(results) => report_root(&mut report, results, depth),
        None => report.aborted = true,
    }
    report.stats = ctx.stats;
    report.finish(started);
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variations_hold_a_whole_8x8_game() {
        let cancel = CancelFlag::new();
        let mut ctx = SearchContext::new(&cancel, None);
        // 64 moves, the most a variation has.
        ctx.set_pv(MAX_CELLS - 1, 63);
        for ply in (0..MAX_CELLS - 1).rev() {
            ctx.update_pv(ply, MAX_CELLS - 1 - ply);
        }
        let mut expected: Vec<usize> = (1..MAX_CELLS).rev().collect();
        expected.push(63);
        assert_eq!(ctx.pv(0).cells(), expected);
        assert_eq!(ctx.pv(1).cells(), expected[1..].to_vec());
        ctx.clear_pv(3);
        ctx.update_pv(2, 7);
        assert_eq!(ctx.pv(2).cells(), vec![7]);
    }
}
