use std::time::{Duration, Instant};

use crate::board::{Board, Side};
use crate::geometry::{BoardSize, MAX_CELLS};
use crate::player::Player;
use crate::player_kind::PlayerKind;
use crate::report::Bound;
use crate::report::{Note, SearchReport};
use crate::search::CancelFlag;
use crate::search::{
    Hook, LineCounts, SearchContext, effective_depth, game_over, leaf_ending, move_order_score,
    ordered_moves, report_root, search_root,
};
use crate::symmetry::SymmetricKeys;
use crate::tt::{TranspositionTable, TtEntry};

/// The table's memory bound for each board. 3x3: 16 KiB, 1,024 entries for
/// the 765 positions of 3x3 that differ up to symmetry (keys are canonical),
/// small enough to stay in the L1 cache and to zero in well under a
/// microsecond for each fresh player. The big boards: enough to hold the
/// working set of a search (allocated zeroed, so only the pages a search
/// writes are touched).
pub fn table_bytes(size: BoardSize) -> usize {
    match size {
        BoardSize::Three => 16 << 10,
        BoardSize::Four => 16 << 20,
        BoardSize::Five => 32 << 20,
    }
}

/// The transposition tables of a player, one per board size, each made on
/// first use and kept: a game reuses its table's memory from move to move,
/// and positions of alternating sizes (as `analyze` may read them) never
/// make a table again. Every search starts a new generation of its table,
/// so nothing from an earlier search is ever used (see `tt`).
#[derive(Default)]
pub(crate) struct TableSlot([Option<TranspositionTable>; 3]);

impl TableSlot {
    pub fn for_board(&mut self, board: &Board) -> &mut TranspositionTable {
        let size = board.size();
        let index = BoardSize::ALL
            .iter()
            .position(|&s| s == size)
            .expect("every size is listed");
        let table = self.0[index]
            .get_or_insert_with(|| TranspositionTable::with_max_bytes(table_bytes(size)));
        table.new_search();
        table
    }
}

/// Searches the position `board` with alpha-beta and the table; the entry
/// point below a root move (ply 1).
pub(crate) fn search_below_root<H: Hook>(
    ctx: &mut SearchContext,
    hook: H,
    table: &mut TranspositionTable,
    board: &Board,
    depth: u32,
    alpha: i32,
    beta: i32,
) -> i32 {
    let mut walk = Walk {
        table,
        board: *board,
        keys: SymmetricKeys::of(board),
        lines: LineCounts::of(board),
        side: board.side_to_move(),
    };
    search_with_table(ctx, hook, &mut walk, depth, alpha, beta, 1)
}

/// What a table search carries from node to node: the table, and the
/// position it walks, whose parts change together move by move: the board,
/// its keys over the symmetries (for the table), the stones per line (for
/// ordering and evaluation) and the side to move.
struct Walk<'t> {
    table: &'t mut TranspositionTable,
    board: Board,
    keys: SymmetricKeys,
    lines: LineCounts,
    side: Side,
}

/// Alpha-beta (fail-soft negamax) with static move ordering, the table's
/// best move tried first, and transposition table cutoffs. Table keys are
/// canonical over the board's symmetries, so a position and its rotations
/// and reflections share an entry; the stored move is kept in the canonical
/// frame. `hook` hears of every step (`()` when playing: nothing).
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
            return entry.score;
        }
    }
    let alpha_before = alpha;
    // The table's move goes first, on its own: when it refutes the
    // position, the other moves are never scored. They follow in
    // `ordered_moves` order, as if all were sorted with the table move on
    // top.
    let empty = walk.board.empty();
    let mut moves = [0u8; MAX_CELLS];
    let (mut count, mut rest_pending) = match table_move {
        Some(cell) if empty & 1 << cell != 0 => {
            moves[0] = cell as u8;
            (1, true)
        }
        _ => (
            ordered_moves(&mut moves, geometry, empty, &walk.lines, side),
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
        let lines = &walk.lines;
        let value = match ctx.leaf(won, full, stones, depth, || lines.evaluate(geometry, side)) {
            Some(value) => {
                hook.leaf(cell, alpha, beta, value, leaf_ending(won, full));
                value
            }
            None => {
                hook.enter(cell, alpha, beta, ctx.stats.nodes);
                walk.keys.toggle(geometry, cell, side);
                walk.side = side.opponent();
                let value = -search_with_table(ctx, hook, walk, depth - 1, -beta, -alpha, ply + 1);
                walk.side = side;
                hook.leave(value, ctx.stats.nodes);
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
                if alpha >= beta {
                    ctx.stats.cutoffs += 1;
                    hook.cutoff();
                    break;
                }
            }
        }
        if rest_pending {
            let rest = empty & !(1 << moves[0]);
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
    let entry = TtEntry {
        score: best,
        bound,
        depth,
        best: Some(canonical.to_canonical(geometry, best_move)),
    };
    if walk.table.store(canonical.key, entry) {
        ctx.stats.tt_stores += 1;
    }
    best
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
    depth: Option<u32>,
    time_limit: Option<Duration>,
    table: TableSlot,
}

impl AlphaBetaTtPlayer {
    pub fn new(depth: Option<u32>, time_limit: Option<Duration>) -> AlphaBetaTtPlayer {
        AlphaBetaTtPlayer {
            depth,
            time_limit,
            table: TableSlot::default(),
        }
    }
}

impl AlphaBetaTtPlayer {
    /// The decision, its search told to `hook` (`()` when playing).
    pub fn search<H: Hook>(&mut self, board: &Board, cancel: &CancelFlag, hook: H) -> SearchReport {
        let started = Instant::now();
        let mut report = SearchReport::new(PlayerKind::AlphaBetaTt, board);
        if game_over(&mut report, board) {
            report.finish(started);
            return report;
        }
        let deadline = self.time_limit.map(|limit| started + limit);
        let mut ctx = SearchContext::new(cancel, deadline);
        let table = self.table.for_board(board);
        let side = board.side_to_move();
        let max_depth = effective_depth(board, self.depth);
        let mut order: Vec<usize> = board.legal_moves().collect();
        order.sort_by_key(|&cell| -move_order_score(board, cell, side));
        // Deepening is what lets a time limit keep a finished result; with
        // no limit it only costs. The shallow iterations score their horizons
        // statically and prune far less than the exact search they prepare:
        // proving the empty 4x4 board a draw takes 1,009,324 nodes deepening
        // from depth 1, and 95,015 searched to the end at once.
        let first_depth = if deadline.is_some() { 1 } else { max_depth };
        let mut finished = None;
        for depth in first_depth..=max_depth {
            let results = search_root(
                &mut ctx,
                hook,
                board,
                &order,
                depth,
                true,
                |ctx, board, depth, alpha, beta| {
                    search_below_root(ctx, hook, table, board, depth, alpha, beta)
                },
            );
            let Some(mut results) = results else { break };
            // Next iteration: best first, exact scores before bounds.
            results.sort_by_key(|r| {
                let fail_low = r.score.bound != Bound::Exact;
                (fail_low, -side.sign() * r.score.score.unwrap_or(0))
            });
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
