//! The exact value of a position on any board: a solver, not a player. It
//! searches to the end of the game with negamax and alpha-beta, closing in
//! on the value with null-window searches (a binary search over the
//! possible scores), a transposition table of a fixed size, and never a
//! move that lets the opponent win at once.
//!
//! Two searches do it: on a board with gravity that fits a 64-bit
//! bitboard with a sentinel row (every one the app offers but 8x8) the
//! fast one (`bitboard`, `order`, `table`, `search`: Connect Four's
//! solvers' techniques); on every other board the generic one
//! (`generic`), on the engine's `Board` cells with symmetric keys.
//!
//! Scores are kept on the scale of Pascal Pons' Connect Four test sets, for
//! the side to move: a win scores `(cells + 1 - moves played before the
//! winning move) / 2` rounded down (on 7x6, 22 minus the winner's stones),
//! a loss the negative of the opponent's win, a draw 0. The scale is tight
//! (every value a few stones apart), so the binary search needs few passes;
//! [`Solution::score`] turns it into the app's scale.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

mod bitboard;
mod generic;
mod order;
mod search;
mod table;

use crate::board::{Board, Outcome, Side};
use crate::geometry::Shape;
use crate::report::SearchStats;
use crate::score::WIN;
use crate::search::{CancelFlag, Hook, SearchContext};
use crate::tt::TranspositionTable;
use bitboard::Layout;
use generic::GenericSearch;
use order::MoveOrder;
use search::FastSearch;
use table::Table;

/// The table a solver gets when nothing else is said: 64 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// How much of the value to prove.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strength {
    /// The exact score: who wins, and how soon.
    #[default]
    Strong,
    /// Only who wins, or a draw (a narrower window: faster).
    Weak,
}

/// A solved position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution {
    /// On Pons' scale for the side to move (see the module); a weak
    /// solution is only its sign: -1, 0 or 1.
    pub for_mover: i32,
    pub strength: Strength,
    /// The side to move.
    pub side: Side,
    /// Stones on the board.
    pub stones: u32,
    cells: u32,
    pub stats: SearchStats,
    pub elapsed_us: u64,
}

impl Solution {
    fn new(
        board: &Board,
        strength: Strength,
        for_mover: i32,
        stats: SearchStats,
        started: Instant,
    ) -> Solution {
        Solution {
            for_mover: match strength {
                Strength::Strong => for_mover,
                Strength::Weak => for_mover.signum(),
            },
            strength,
            side: board.side_to_move(),
            stones: board.stone_count(),
            cells: board.cells() as u32,
            stats,
            elapsed_us: started.elapsed().as_micros() as u64,
        }
    }

    /// The winner with best play, or `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        match self.for_mover.signum() {
            1 => Some(self.side),
            -1 => Some(self.side.opponent()),
            _ => None,
        }
    }

    /// Stones on the board when the game ends with best play (a draw: the
    /// board full); `None` for a weak solution's win or loss.
    pub fn final_stones(&self) -> Option<u32> {
        match (self.for_mover, self.strength) {
            (0, _) => Some(self.cells),
            (_, Strength::Weak) => None,
            (value, Strength::Strong) => {
                let score = on_app_scale(value, self.cells, self.stones);
                Some((WIN - score.abs()) as u32)
            }
        }
    }

    /// The value on the app's scale, from X's (Max's) point of view: a win
    /// is worth `WIN - stones when it ends` (`score::win_score`), a draw 0;
    /// `None` for a weak solution's win or loss.
    pub fn score(&self) -> Option<i32> {
        match self.strength {
            Strength::Weak if self.for_mover != 0 => None,
            _ => Some(self.side.sign() * on_app_scale(self.for_mover, self.cells, self.stones)),
        }
    }
}

/// A score on Pons' scale for `board`'s side to move (a test set's line
/// gives one) on the app's scale from X's point of view, as
/// [`Solution::score`] gives the solver's.
pub fn score_for_x(board: &Board, for_mover: i32) -> i32 {
    board.side_to_move().sign() * on_app_scale(for_mover, board.cells() as u32, board.stone_count())
}

/// The solver: its table, kept between positions. Each solve starts
/// afresh (a new generation of the table: as good as empty), so that no
/// position's answer or node count depends on the ones before, unless
/// told to keep what it learnt (`keep_table`): the positions of one game
/// then reuse each other's entries.
pub struct Solver {
    table_bytes: usize,
    tables: Tables,
    keep_table: bool,
    generic_only: bool,
}

/// The one table a solver holds: the kind its last search used.
enum Tables {
    None,
    Generic(TranspositionTable),
    Fast(Table),
}

impl Solver {
    /// A solver whose table takes at most `table_bytes` (the fast
    /// search's at least 64 MiB on 8x7, 32 MiB on 7x8, 4 MiB on 7x7 and
    /// 8x6 with gravity, which their keys need).
    pub fn with_table_bytes(table_bytes: usize) -> Solver {
        Solver {
            table_bytes,
            tables: Tables::None,
            keep_table: false,
            generic_only: false,
        }
    }

    /// Solve every board with the generic search, the gravity boards too:
    /// the two searches compared (their values agree; their nodes and
    /// times do not).
    pub fn generic_only(&mut self, generic: bool) {
        self.generic_only = generic;
    }

    /// Keep the table's entries from one solve to the next (all the
    /// positions of one game, say): each entry is a proven bound, true
    /// whatever is solved next.
    pub fn keep_table(&mut self, keep: bool) {
        self.keep_table = keep;
    }

    /// The table's size in bytes: the one allocated, else the most it
    /// may take.
    pub fn table_bytes(&self) -> usize {
        match &self.tables {
            Tables::None => self.table_bytes,
            Tables::Generic(table) => table.memory_bytes(),
            Tables::Fast(table) => table.memory_bytes(),
        }
    }

    /// The value of `board`, or `None` if `cancel` was set first. A
    /// finished game has its result as its value.
    pub fn solve(
        &mut self,
        board: &Board,
        strength: Strength,
        cancel: &CancelFlag,
    ) -> Option<Solution> {
        self.solve_with_progress(board, strength, cancel, |_, _, _| {})
    }

    /// `solve`, telling `progress` after each null-window pass the range
    /// the value is known to lie in (for the mover, Pons' scale) and the
    /// nodes so far.
    pub fn solve_with_progress(
        &mut self,
        board: &Board,
        strength: Strength,
        cancel: &CancelFlag,
        progress: impl FnMut(i32, i32, u64),
    ) -> Option<Solution> {
        self.solve_by(board, strength, cancel, None, progress, ())
    }

    /// True if `trace` tells its hook the search on boards of `shape`:
    /// the fast search's boards (gravity, all but 8x8).
    pub fn traces(shape: Shape) -> bool {
        Layout::of(shape).is_some()
    }

    /// The moves of `board` in the order the fast search tries them, the
    /// move `first` (a cell) first: only the safe ones (after which the
    /// opponent cannot win at once), for a side to move that cannot win at
    /// once; none on the boards `traces` does not take.
    pub fn move_order(board: &Board, first: Option<usize>) -> Vec<usize> {
        let Some(layout) = Layout::of(board.shape()) else {
            return Vec::new();
        };
        let position = layout.position_of(board);
        let first = first.map(|cell| (cell % layout.width as usize) as u32);
        macro_rules! ordered {
            ($k:literal) => {{
                let moves = position.safe_moves::<$k>(&layout);
                MoveOrder::of::<$k>(&layout, &position, moves, first)
                    .moves()
                    .iter()
                    .map(|&(cell, _)| layout.cell_of_bit(cell))
                    .collect()
            }};
        }
        match board.shape().in_a_row() {
            3 => ordered!(3),
            4 => ordered!(4),
            5 => ordered!(5),
            _ => ordered!(6),
        }
    }

    /// `solve`, telling `hook` every step of the search as the engine's
    /// other searches do (`search::Hook`), on the boards `traces` says:
    /// each null-window pass of the binary search over the scores (a pass
    /// node, as MTD(f)'s), each position entered, cutoffs, the table's
    /// answers, and the positions settled without a search
    /// (`NodeEnding::NoSafeMove`, `NodeEnding::Bounded`). Values and
    /// windows on the app's scale (`on_app_scale`). On other boards the
    /// hook hears nothing.
    pub fn trace<H: Hook>(
        &mut self,
        board: &Board,
        strength: Strength,
        cancel: &CancelFlag,
        hook: H,
    ) -> Option<Solution> {
        self.solve_by(board, strength, cancel, None, |_, _, _| {}, hook)
    }

    /// `solve`, given up (`None`) at `deadline`: a judge that may spend a
    /// limited time on each position.
    pub fn solve_before(
        &mut self,
        board: &Board,
        strength: Strength,
        cancel: &CancelFlag,
        deadline: Instant,
    ) -> Option<Solution> {
        self.solve_by(board, strength, cancel, Some(deadline), |_, _, _| {}, ())
    }

    fn solve_by<H: Hook>(
        &mut self,
        board: &Board,
        strength: Strength,
        cancel: &CancelFlag,
        deadline: Option<Instant>,
        progress: impl FnMut(i32, i32, u64),
        hook: H,
    ) -> Option<Solution> {
        if let Some(shared) = self.share(board, strength) {
            return shared.search_by(0, cancel, deadline, progress, hook);
        }
        let started = Instant::now();
        let cells = board.cells() as i32;
        let stones = board.stone_count() as i32;
        let ctx = SearchContext::new(cancel, deadline);
        let (for_mover, stats) = match board.outcome() {
            // The side that just moved completed a line.
            Outcome::Won(..) => (-(cells + 2 - stones) / 2, SearchStats::default()),
            Outcome::Draw => (0, SearchStats::default()),
            Outcome::Ongoing => {
                let keep = self.keep_table;
                let table = self.generic_table();
                if !keep {
                    table.new_search();
                }
                let search = GenericSearch::new(board.geometry(), table, ctx);
                let root = generic::Position::of(board);
                close_in(search, root, strength, cells - stones, progress).ok()?
            }
        };
        Some(Solution::new(board, strength, for_mover, stats, started))
    }

    /// The fast search of `board`, readied for one or more searches that
    /// share this solver's table: `None` where the fast search does not
    /// play (no gravity, 8x8, `generic_only`) or the game is over. The
    /// searches may run on as many threads as the caller has (the engine
    /// starts none); they close in on the value together, each proven
    /// bound one finds in the table saving the others its search.
    pub fn share(&mut self, board: &Board, strength: Strength) -> Option<SharedSolve<'_>> {
        let layout = Layout::of(board.shape()).filter(|_| !self.generic_only)?;
        if board.outcome() != Outcome::Ongoing {
            return None;
        }
        let keep = self.keep_table;
        let table = self.fast_table();
        table.start(&layout, keep);
        Some(SharedSolve {
            table,
            layout,
            root: layout.position_of(board),
            board: *board,
            strength,
            nodes: AtomicU64::new(0),
        })
    }

    fn fast_table(&mut self) -> &mut Table {
        if !matches!(self.tables, Tables::Fast(_)) {
            self.tables = Tables::None;
            self.tables = Tables::Fast(Table::with_max_bytes(self.table_bytes));
        }
        match &mut self.tables {
            Tables::Fast(table) => table,
            _ => unreachable!("made above"),
        }
    }

    fn generic_table(&mut self) -> &mut TranspositionTable {
        if !matches!(self.tables, Tables::Generic(_)) {
            self.tables = Tables::None;
            self.tables = Tables::Generic(TranspositionTable::with_max_bytes(self.table_bytes));
        }
        match &mut self.tables {
            Tables::Generic(table) => table,
            _ => unreachable!("made above"),
        }
    }
}

/// One solve of a position on the fast search's table, which several
/// searches may share (`Solver::share`).
pub struct SharedSolve<'s> {
    table: &'s Table,
    layout: Layout,
    root: bitboard::Position,
    board: Board,
    strength: Strength,
    nodes: AtomicU64,
}

impl SharedSolve<'_> {
    /// The value, or `None` if `cancel` was set first. Searcher 0 tries
    /// the moves in the solver's order; searcher `n` starts the replies
    /// near the root (plies 1, 3 and 5) `n` moves further along that
    /// order, so that the searches prove different positions first and
    /// each finds the others' in the table. Every searcher's answer is exact; its figures are its own,
    /// and `nodes` counts every searcher's, finished or stopped.
    pub fn search(
        &self,
        searcher: usize,
        cancel: &CancelFlag,
        progress: impl FnMut(i32, i32, u64),
    ) -> Option<Solution> {
        self.search_by(searcher, cancel, None, progress, ())
    }

    /// The nodes all the searches of this solve have searched so far
    /// (each adds its own when it ends).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Relaxed)
    }

    fn search_by<H: Hook>(
        &self,
        searcher: usize,
        cancel: &CancelFlag,
        deadline: Option<Instant>,
        progress: impl FnMut(i32, i32, u64),
        hook: H,
    ) -> Option<Solution> {
        let started = Instant::now();
        let board = &self.board;
        let empty = board.cells() as i32 - board.stone_count() as i32;
        let ctx = SearchContext::new(cancel, deadline);
        macro_rules! fast {
            ($k:literal) => {
                close_in(
                    FastSearch::<$k, H>::new(self.layout, self.table, ctx, hook)
                        .searcher(searcher, self.root.stones),
                    self.root,
                    self.strength,
                    empty,
                    progress,
                )
            };
        }
        let outcome = match board.shape().in_a_row() {
            3 => fast!(3),
            4 => fast!(4),
            5 => fast!(5),
            _ => fast!(6),
        };
        let (Ok((_, stats)) | Err(stats)) = outcome;
        self.nodes.fetch_add(stats.nodes, Relaxed);
        let (for_mover, stats) = outcome.ok()?;
        Some(Solution::new(
            board,
            self.strength,
            for_mover,
            stats,
            started,
        ))
    }
}

/// What the binary search over the scores asks of a search.
trait NullWindow {
    type Position;

    /// True if the side to move of `root` wins with its next stone.
    fn wins_now(&self, root: &Self::Position) -> bool;

    /// `root`'s value searched in the window `(alpha, beta)` (fail-soft);
    /// meaningless once aborted.
    fn negamax(&mut self, root: &Self::Position, alpha: i32, beta: i32) -> i32;

    fn ctx(&self) -> &SearchContext<'_>;

    /// A pass over the root in the window `(alpha, beta)` starts (Pons'
    /// scale): for the hook.
    fn pass_start(&self, _root: &Self::Position, _alpha: i32, _beta: i32) {}

    /// The pass started last came back with `value`: for the hook.
    fn pass_end(&self, _root: &Self::Position, _value: i32) {}
}

/// The value of `root` for its side to move, `empty` cells before the
/// board is full, with its search's figures; only the figures if aborted.
fn close_in<S: NullWindow>(
    mut search: S,
    root: S::Position,
    strength: Strength,
    empty: i32,
    mut progress: impl FnMut(i32, i32, u64),
) -> Result<(i32, SearchStats), SearchStats> {
    if search.wins_now(&root) {
        return Ok(((empty + 1) / 2, search.ctx().stats));
    }
    let (mut low, mut high) = match strength {
        Strength::Strong => (-empty / 2, (empty + 1) / 2),
        Strength::Weak => (-1, 1),
    };
    while low < high {
        // Halfway, but nearer 0 first: small values are the common ones
        // and their searches the cheapest.
        let mut middle = low + (high - low) / 2;
        if middle <= 0 && low / 2 < middle {
            middle = low / 2;
        } else if middle >= 0 && high / 2 > middle {
            middle = high / 2;
        }
        search.pass_start(&root, middle, middle + 1);
        let value = search.negamax(&root, middle, middle + 1);
        if search.ctx().aborted {
            return Err(search.ctx().stats);
        }
        search.pass_end(&root, value);
        if value <= middle {
            high = value.max(low);
        } else {
            low = value.min(high);
        }
        progress(low, high, search.ctx().stats.nodes);
    }
    Ok((low, search.ctx().stats))
}

impl<const K: usize, H: Hook> NullWindow for FastSearch<'_, K, H> {
    type Position = bitboard::Position;

    fn wins_now(&self, root: &Self::Position) -> bool {
        root.can_win_now::<K>(self.layout())
    }

    fn negamax(&mut self, root: &Self::Position, alpha: i32, beta: i32) -> i32 {
        FastSearch::negamax(self, root, alpha, beta)
    }

    fn ctx(&self) -> &SearchContext<'_> {
        &self.ctx
    }

    fn pass_start(&self, root: &Self::Position, alpha: i32, beta: i32) {
        let stones = root.stones;
        self.hook
            .pass_start(self.app_value(alpha, stones), self.app_value(beta, stones));
    }

    fn pass_end(&self, root: &Self::Position, value: i32) {
        let stones = root.stones;
        self.hook
            .pass_end(self.app_value(value, stones), self.ctx.stats.nodes);
    }
}

/// `value` on Pons' scale (see the module) for the side to move with
/// `stones` of `cells` on the board, on the app's scale for that side
/// (`score::win_score`: a win `WIN` less the stones when it ends): the
/// one place the two scales meet. Strictly increasing, so bounds and
/// windows keep their meaning.
#[inline(always)]
pub(crate) fn on_app_scale(value: i32, cells: u32, stones: u32) -> i32 {
    if value == 0 {
        return 0;
    }
    // `|value| = (cells + 2 - final) / 2` rounded down: two final stone
    // counts fit, and who places the last stone picks one (the side to
    // move places the stones that leave an odd count more).
    let high = cells as i32 + 2 - 2 * value.abs();
    let mover_places_high = (high - stones as i32).rem_euclid(2) == 1;
    let last = if mover_places_high == (value > 0) {
        high
    } else {
        high - 1
    };
    value.signum() * (WIN - last)
}

impl NullWindow for GenericSearch<'_> {
    type Position = generic::Position;

    fn wins_now(&self, root: &Self::Position) -> bool {
        GenericSearch::wins_now(self, root)
    }

    fn negamax(&mut self, root: &Self::Position, alpha: i32, beta: i32) -> i32 {
        GenericSearch::negamax(self, root, alpha, beta)
    }

    fn ctx(&self) -> &SearchContext<'_> {
        &self.ctx
    }
}
