use std::time::{Duration, Instant};

use super::PerfectTable;
use crate::board::{Board, Side};
use crate::evaluation::{Evaluation, LineCounts, ordered_moves};
use crate::geometry::bits;
use crate::geometry::{MAX_CELLS, Shape};
use crate::player::Player;
use crate::player_kind::{Fail, MoveOrder, PlayerKind, SearchSettings};
use crate::report::Bound;
use crate::report::{Iteration, Note, Pass, SearchReport};
use crate::score::INFINITY;
use crate::search::CancelFlag;
use crate::search::{
    Hook, SearchContext, effective_depth, game_over, leaf_ending, report_root, search_root_windows,
};
use crate::symmetry::SymmetricKeys;
use crate::tt::{TranspositionTable, TtEntry};

/// The table's memory bound for each board. 3x3: 16 KiB, 1,024 entries for
/// the 765 positions of 3x3 that differ up to symmetry (keys are canonical),
/// small enough to stay in the L1 cache and to zero in well under a
/// microsecond for each fresh player. The bigger boards: enough to hold the
/// working set of a search (allocated zeroed, so only the pages a search
/// writes are touched): 16 MiB up to 16 cells, 32 MiB up to 25, 64 MiB
/// beyond.
pub fn table_bytes(shape: Shape) -> usize {
    match shape.cells() {
        ..=9 => 16 << 10,
        10..=16 => 16 << 20,
        17..=25 => 32 << 20,
        _ => 64 << 20,
    }
}

/// The transposition tables of a player, one per board shape, each made
/// on first use and kept: a game reuses its table's memory from move to
/// move, and positions of alternating shapes (as `analyze` may read them)
/// seldom make a table again. At most `KEPT_TABLES` are kept, the oldest
/// dropped first, so memory stays bounded. Every search starts a new
/// generation of its table, so nothing from an earlier search is ever used
/// (see `tt`).
#[derive(Default)]
pub(crate) struct TableSlot(Vec<(Shape, TranspositionTable)>);

/// Tables a player keeps for the shapes it saw last.
const KEPT_TABLES: usize = 3;

impl TableSlot {
    pub fn for_board(&mut self, board: &Board) -> &mut TranspositionTable {
        let shape = board.shape();
        let index = match self.0.iter().position(|&(kept, _)| kept == shape) {
            Some(index) => index,
            None => {
                if self.0.len() == KEPT_TABLES {
                    self.0.remove(0);
                }
                let table = TranspositionTable::with_max_bytes(table_bytes(shape));
                self.0.push((shape, table));
                self.0.len() - 1
            }
        };
        let table = &mut self.0[index].1;
        table.new_search();
        table
    }
}

/// How a table search searches: its move order and conventions, and
/// whether the moves after a node's first are tried with a null window
/// first (principal variation search).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Method {
    pub settings: SearchSettings,
    pub null_windows: bool,
}

/// Searches the position `board` with alpha-beta and the table; the entry
/// point below a root move (ply 1).
pub(crate) fn search_below_root<H: Hook>(
    ctx: &mut SearchContext,
    hook: H,
    table: &mut TranspositionTable,
    method: Method,
    board: &Board,
    depth: u32,
    window: (i32, i32),
) -> i32 {
    search_position(ctx, hook, table, method, board, depth, window, 1)
}

/// Searches `board`, reached at `ply`, in `window` for its side to move:
/// ply 0 searches the root itself (MTD(f)'s passes).
#[allow(clippy::too_many_arguments)]
pub(crate) fn search_position<H: Hook>(
    ctx: &mut SearchContext,
    hook: H,
    table: &mut TranspositionTable,
    method: Method,
    board: &Board,
    depth: u32,
    (alpha, beta): (i32, i32),
    ply: usize,
) -> i32 {
    let mut walk = Walk {
        table,
        method,
        board: *board,
        keys: SymmetricKeys::of(board),
        lines: LineCounts::of(board),
        side: board.side_to_move(),
    };
    search_with_table(ctx, hook, &mut walk, depth, alpha, beta, ply)
}

/// What a table search carries from node to node: the table, how it
/// searches, and the position it walks, whose parts change together move
/// by move: the board, its keys over the symmetries (for the table), the
/// stones per line (for ordering and evaluation) and the side to move.
struct Walk<'t> {
    table: &'t mut TranspositionTable,
    method: Method,
    board: Board,
    keys: SymmetricKeys,
    lines: LineCounts,
    side: Side,
}

/// The moves of `board` in `order`, as the table searches try them at the
/// root (below it, the heuristic order puts the table's move first).
pub fn root_order(board: &Board, order: MoveOrder) -> Vec<usize> {
    let mut moves = [0u8; MAX_CELLS];
    let lines = LineCounts::of(board);
    let count = moves_in_order(order, &mut moves, board, &lines, board.side_to_move());
    moves[..count].iter().map(|&cell| cell as usize).collect()
}

/// The legal moves of `board` in `order` into `moves`; returns how many.
fn moves_in_order(
    order: MoveOrder,
    moves: &mut [u8],
    board: &Board,
    lines: &LineCounts,
    side: Side,
) -> usize {
    let geometry = board.geometry();
    let playable = board.moves();
    match order {
        MoveOrder::Heuristic => ordered_moves(moves, geometry, playable, lines, side),
        MoveOrder::WorstFirst => {
            let count = ordered_moves(moves, geometry, playable, lines, side);
            moves[..count].reverse();
            count
        }
        MoveOrder::BoardOrder => {
            let mut count = 0;
            for cell in bits(playable) {
                moves[count] = cell as u8;
                count += 1;
            }
            count
        }
        MoveOrder::BestFirst => {
            let count = ordered_moves(moves, geometry, playable, lines, side);
            let table = PerfectTable::global();
            let mut child = *board;
            // Stable: equal values keep the heuristic's order.
            moves[..count].sort_by_key(|&cell| {
                child.toggle(cell as usize, side);
                let value = table.value(&child).map_or(0, |value| side.sign() * value);
                child.toggle(cell as usize, side);
                -value
            });
            count
        }
    }
}

/// Alpha-beta (negamax) with a move order, the table's best move tried
/// first (under the heuristic order), and transposition table cutoffs.
/// Table keys are canonical over the board's symmetries, so a position and
/// its rotations and reflections share an entry; the stored move is kept in
/// the canonical frame. The method says when it prunes, whether it fails
/// soft or hard, and whether later moves get a null window first. `hook`
/// hears of every step (`()` when playing: nothing).
fn search_with_table<H: Hook>(
    ctx: &mut SearchContext,
    hook: H,
    walk: &mut Walk,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    ply: usize,
) -> i32 {
    ctx.clear_pv(ply);
    let side = walk.side;
    let geometry = walk.board.geometry();
    let canonical = walk.keys.canonical();
    let Method {
        settings,
        null_windows,
    } = walk.method;
    let fail_hard = settings.fail == Fail::Hard;
    ctx.stats.tt_probes += 1;
    let mut table_move = None;
    if let Some(entry) = walk.table.probe(canonical.key) {
        ctx.stats.tt_hits += 1;
        table_move = entry
            .best
            .map(|cell| canonical.from_canonical(geometry, cell));
        let usable = entry.depth >= depth
            && match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
        if usable {
            hook.table_hit();
            return if fail_hard {
                entry.score.clamp(alpha, beta)
            } else {
                entry.score
            };
        }
    }
    let alpha_before = alpha;
    // The table's move goes first, on its own: when it refutes the
    // position, the other moves are never scored. They follow in
    // `ordered_moves` order, as if all were sorted with the table move on
    // top. The other orders are the order asked for, and nothing else.
    let playable = walk.board.moves();
    let mut moves = [0u8; MAX_CELLS];
    let (mut count, mut rest_pending) = match table_move {
        Some(cell) if settings.order == MoveOrder::Heuristic && playable & 1 << cell != 0 => {
            moves[0] = cell as u8;
            (1, true)
        }
        _ => (
            moves_in_order(settings.order, &mut moves, &walk.board, &walk.lines, side),
            false,
        ),
    };
    let stones = ctx.stones_after_move(ply);
    let mut best = i32::MIN;
    let mut best_move = moves[0] as usize;
    let mut index = 0;
    while index < count {
        let cell = moves[index] as usize;
        index += 1;
        walk.board.toggle(cell, side);
        if !ctx.enter() {
            walk.board.toggle(cell, side);
            return 0;
        }
        ctx.clear_pv(ply + 1);
        walk.lines.add(geometry, cell, side);
        let (won, full) = (
            walk.board.completes_line(cell, side),
            walk.board.empty() == 0,
        );
        let (lines, board) = (&walk.lines, &walk.board);
        let value = match ctx.leaf(won, full, stones, depth, |scorer| {
            lines.evaluate(scorer, board, side)
        }) {
            Some(value) => {
                hook.leaf(cell, alpha, beta, value, leaf_ending(won, full));
                value
            }
            None => {
                walk.keys.toggle(geometry, cell, side);
                walk.side = side.opponent();
                // A null window proves the move no better than alpha,
                // cheaply; a move that is better is searched again.
                let null_window = null_windows && index > 1 && beta - alpha > 1;
                let first_beta = if null_window { alpha + 1 } else { beta };
                hook.enter(cell, alpha, first_beta, ctx.stats.nodes);
                let mut value =
                    -search_with_table(ctx, hook, walk, depth - 1, -first_beta, -alpha, ply + 1);
                hook.leave(value, ctx.stats.nodes);
                if null_window && value > alpha && value < beta && !ctx.aborted {
                    hook.re_search(cell, value);
                    ctx.stats.re_searches += 1;
                    ctx.clear_pv(ply + 1);
                    hook.enter(cell, alpha, beta, ctx.stats.nodes);
                    value = -search_with_table(ctx, hook, walk, depth - 1, -beta, -alpha, ply + 1);
                    hook.leave(value, ctx.stats.nodes);
                }
                walk.side = side;
                walk.keys.toggle(geometry, cell, side);
                value
            }
        };
        walk.lines.remove(geometry, cell, side);
        walk.board.toggle(cell, side);
        if ctx.aborted {
            // Half-searched values must not reach the table.
            return 0;
        }
        if value > best {
            best = value;
            best_move = cell;
            if value > alpha {
                alpha = value;
                ctx.update_pv(ply, cell);
            }
            if settings.prune.cuts(value, beta) {
                ctx.stats.cutoffs += 1;
                hook.cutoff();
                break;
            }
        }
        if rest_pending {
            let rest = playable & !(1 << moves[0]);
            count += ordered_moves(&mut moves[1..], geometry, rest, &walk.lines, side);
            rest_pending = false;
        }
    }
    let bound = if best <= alpha_before {
        Bound::Upper
    } else if best >= beta {
        Bound::Lower
    } else {
        Bound::Exact
    };
    // Fail-hard: a bound is the window's edge it crossed.
    let value = if fail_hard {
        best.clamp(alpha_before, beta)
    } else {
        best
    };
    // Pruning only when a value exceeds beta lets alpha reach beta, and
    // the moves after it are searched in an empty window `(beta, beta)`.
    // There a value equal to the window's edge says nothing (below it, the
    // children failed high; above it, low; fail-hard returns the edge
    // either way), so it is not kept.
    let telling = alpha_before < beta || best != alpha_before;
    if telling {
        let entry = TtEntry {
            score: value,
            bound,
            depth,
            best: Some(canonical.to_canonical(geometry, best_move)),
        };
        if walk.table.store(canonical.key, entry) {
            ctx.stats.tt_stores += 1;
        }
    }
    value
}

/// Lengthens a variation with the table's best moves where the search cut
/// it short (table hits end the triangular variation early).
pub(crate) fn extend_pv(table: &TranspositionTable, board: &Board, pv: &mut Vec<usize>) {
    let mut board = *board;
    for &cell in pv.iter() {
        if board.play(cell).is_err() {
            return;
        }
    }
    loop {
        let canonical = SymmetricKeys::of(&board).canonical();
        let Some(stored) = table.probe(canonical.key).and_then(|entry| entry.best) else {
            return;
        };
        let cell = canonical.from_canonical(board.geometry(), stored);
        if board.play(cell).is_err() {
            return;
        }
        pv.push(cell);
    }
}

/// Alpha-beta with move ordering, a transposition table and, under a time
/// limit, iterative deepening: depth 1, 2, ... up to the depth limit, each
/// iteration ordering the root moves by the previous one's scores, until
/// time runs out; the deepest finished iteration decides. Without a time
/// limit it searches to the depth limit at once.
pub struct AlphaBetaTtPlayer {
    deepening: Deepening,
}

impl AlphaBetaTtPlayer {
    pub fn new(
        depth: Option<u32>,
        time_limit: Option<Duration>,
        settings: SearchSettings,
    ) -> AlphaBetaTtPlayer {
        AlphaBetaTtPlayer {
            deepening: Deepening {
                kind: PlayerKind::AlphaBetaTt,
                depth,
                time_limit,
                method: Method {
                    settings,
                    null_windows: false,
                },
                evaluation: None,
                table: TableSlot::default(),
            },
        }
    }

    /// The player with `evaluation` at its horizon instead of `lines`.
    pub fn with_evaluation(
        mut self,
        evaluation: impl Into<Option<Evaluation>>,
    ) -> AlphaBetaTtPlayer {
        self.deepening.evaluation = evaluation.into();
        self
    }

    /// The decision, its search told to `hook` (`()` when playing).
    pub fn search<H: Hook>(&mut self, board: &Board, cancel: &CancelFlag, hook: H) -> SearchReport {
        self.deepening.search(board, cancel, hook)
    }
}

/// A table search that deepens iteratively under a time limit: what
/// alphabeta-tt and pvs share.
pub(crate) struct Deepening {
    pub kind: PlayerKind,
    pub depth: Option<u32>,
    pub time_limit: Option<Duration>,
    pub method: Method,
    /// None: the board's own (`Evaluation::chosen_or_default`).
    pub evaluation: Option<Evaluation>,
    pub table: TableSlot,
}

impl Deepening {
    pub fn search<H: Hook>(&mut self, board: &Board, cancel: &CancelFlag, hook: H) -> SearchReport {
        let started = Instant::now();
        let mut report = SearchReport::new(self.kind, board);
        report.settings = Some(self.method.settings);
        if game_over(&mut report, board) {
            report.finish(started);
            return report;
        }
        let deadline = self.time_limit.map(|limit| started + limit);
        let mut ctx = SearchContext::new(cancel, deadline).with_evaluation(
            Evaluation::chosen_or_default(self.evaluation, board.shape()),
        );
        let table = self.table.for_board(board);
        let method = self.method;
        let side = board.side_to_move();
        let max_depth = effective_depth(board, self.depth);
        let mut order = root_order(board, method.settings.order);
        // Deepening is what lets a time limit keep a finished result; with
        // no limit it only costs. The shallow iterations score their horizons
        // statically and prune far less than the exact search they prepare:
        // proving the empty 4x4 board a draw takes 1,009,324 nodes deepening
        // from depth 1, and 95,015 searched to the end at once.
        // Aspiration windows need the previous iteration's value.
        let aspiration = method.settings.aspiration.map(|width| width as i32);
        let first_depth = if deadline.is_some() || aspiration.is_some() {
            1
        } else {
            max_depth
        };
        let mut finished = None;
        let mut previous: Option<i32> = None;
        for depth in first_depth..=max_depth {
            hook.iteration_start(depth);
            let aspiring = aspiration.zip(previous);
            let mut window = match aspiring {
                Some((width, value)) => (
                    (value - width).max(-INFINITY),
                    (value + width).min(INFINITY),
                ),
                None => (-INFINITY, INFINITY),
            };
            let results = loop {
                if aspiring.is_some() {
                    hook.pass_start(window.0, window.1);
                }
                let Some(results) = search_root_windows(
                    &mut ctx,
                    hook,
                    board,
                    &order,
                    depth,
                    true,
                    method.null_windows,
                    window,
                    |ctx, board, depth, alpha, beta| {
                        search_below_root(ctx, hook, table, method, board, depth, (alpha, beta))
                    },
                ) else {
                    break None;
                };
                let value = results
                    .iter()
                    .filter_map(|r| r.score.score)
                    .map(|score| side.sign() * score)
                    .max()
                    .unwrap_or(0);
                if aspiring.is_some() {
                    hook.pass_end(value, ctx.stats.nodes);
                    let pass = Pass::for_mover(depth, side, window, value, ctx.stats.nodes);
                    report.passes.push(pass);
                }
                // A fail-low or fail-high is searched again with that
                // side of the window open.
                if value <= window.0 && window.0 > -INFINITY {
                    window.0 = -INFINITY;
                } else if value >= window.1 && window.1 < INFINITY {
                    window.1 = INFINITY;
                } else {
                    break Some(results);
                }
            };
            let Some(mut results) = results else { break };
            // Next iteration: best first, exact scores before bounds.
            results.sort_by_key(|r| {
                let fail_low = r.score.bound != Bound::Exact;
                (fail_low, -side.sign() * r.score.score.unwrap_or(0))
            });
            let best = &results[0].score;
            let iteration = Iteration {
                depth,
                value: best.score.unwrap_or(0),
                nodes: ctx.stats.nodes,
                best: Some(best.cell),
            };
            hook.iteration_end(
                depth,
                side.sign() * iteration.value,
                iteration.nodes,
                iteration.best,
            );
            report.iterations.push(iteration);
            previous = Some(side.sign() * iteration.value);
            order = results.iter().map(|r| r.score.cell).collect();
            finished = Some((depth, results));
        }
        match finished {
            Some((depth, results)) => {
                report_root(&mut report, results, depth);
                extend_pv(table, board, &mut report.pv);
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

impl Player for AlphaBetaTtPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::AlphaBetaTt
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        self.search(board, cancel, ())
    }
}
