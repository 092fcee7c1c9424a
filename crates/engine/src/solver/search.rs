//! The fast solver's search: negamax with alpha-beta, fail-soft, on the
//! bitboard, for runs of `K`. Every node is a position whose side to move
//! cannot win at once (the caller checked: the root, or a safe move
//! before it), so the node's value lies between losing after its next
//! stone and winning with its stone after next.
//!
//! The search tells a `Hook` each step as the engine's other searches do
//! (`()` when solving: no cost); its values and windows on the app's scale
//! (`on_app_scale`), as a recording shows every search's.

use super::bitboard::{Layout, Position};
use super::on_app_scale;
use super::order::MoveOrder;
use super::table::{Known, Table};
use crate::search::{Hook, NodeEnding, SearchContext};

/// Positions with more empty cells look their children up in the table
/// before searching any (enhanced transposition cutoff): a quarter fewer
/// nodes on Begin-Hard; nearer the end the probes cost more than they
/// save.
const ETC_EMPTY_ABOVE: u32 = 6;

pub(crate) struct FastSearch<'a, const K: usize, H: Hook = ()> {
    layout: Layout,
    table: &'a Table,
    pub ctx: SearchContext<'a>,
    /// Positions with fewer stones share their table entry with their
    /// mirror image: those before the middle of the game, where a
    /// position's mirror is often reached too and worth the work of its
    /// key (on 7x6, fewer than 20).
    mirror_below: u32,
    /// Positions with fewer stones use the enhanced transposition cutoff.
    etc_below: u32,
    pub hook: H,
    /// How many moves further along the order this search starts the
    /// replies near the root (`HELPER_REPLIES`): 0 but for the helpers of
    /// a shared solve (`SharedSolve::search`).
    rotate: usize,
    /// The root's stones: a node's ply is its stones less these.
    root_stones: u32,
}

/// A shared solve's helpers try the moves in an order of their own at the
/// replies to the root's side up to this ply (plies 1, 3 and 5). Where the
/// root's side wins, every reply there has to be refuted, so whichever the
/// helper refutes first, the main search needs; at the root's side's own
/// moves one good move is enough, and a helper starting elsewhere would
/// search moves nobody needs. Measured on the empty 7x6 board, weak, 1 GiB,
/// idle: every node of the first three plies rotated took 62.5 s, the
/// replies up to ply 5 49.9 s, up to ply 9 50.8 s (one thread: 72.1 s).
const HELPER_REPLIES: u32 = 5;

impl<'a, const K: usize, H: Hook> FastSearch<'a, K, H> {
    pub fn new(layout: Layout, table: &'a Table, ctx: SearchContext<'a>, hook: H) -> Self {
        let cells = layout.width * layout.height;
        FastSearch {
            layout,
            table,
            ctx,
            mirror_below: (cells / 2).saturating_sub(1),
            etc_below: cells.saturating_sub(ETC_EMPTY_ABOVE),
            hook,
            rotate: 0,
            root_stones: 0,
        }
    }

    /// This search as searcher `searcher` of a shared solve from a root
    /// with `root_stones`.
    pub fn searcher(mut self, searcher: usize, root_stones: u32) -> Self {
        self.rotate = searcher;
        self.root_stones = root_stones;
        self
    }

    /// `value` on Pons' scale for the side to move with `stones` stones on
    /// the board, on the app's scale (for the hook).
    #[inline(always)]
    pub fn app_value(&self, value: i32, stones: u32) -> i32 {
        on_app_scale(value, self.layout.width * self.layout.height, stones)
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The table's key of `position`.
    #[inline(always)]
    fn key(&self, position: &Position) -> u64 {
        let layout = &self.layout;
        if position.stones < self.mirror_below {
            // A position and its mirror image have one value.
            position.key(layout).min(position.mirror_key(layout))
        } else {
            position.key(layout)
        }
    }

    /// The value of `position` for its side to move on Pons' scale,
    /// searched in the window `(alpha, beta)`: exact inside it, else a
    /// bound on the side it fell. Meaningless once aborted.
    pub fn negamax(&mut self, position: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        if !self.ctx.enter() {
            return 0;
        }
        let layout = &{ self.layout };
        let cells = (layout.width * layout.height) as i32;
        let stones = position.stones as i32;
        let moves = position.safe_moves::<K>(layout);
        if moves == 0 {
            // Whatever is played, the opponent wins next (or fills the
            // board: a draw, which the formula gives too).
            self.hook.ended(NodeEnding::NoSafeMove);
            return -(cells - stones) / 2;
        }
        if stones >= cells - 2 {
            // A safe move, then the opponent's last: no line.
            self.hook.ended(NodeEnding::Bounded);
            return 0;
        }
        let key = self.key(position);
        let known = self.table.probe(key);
        // The opponent cannot win with its next stone, nor the mover with
        // this one.
        let lower = known.lower.max(-(cells - 2 - stones) / 2);
        let upper = known.upper.min((cells - 1 - stones) / 2);
        if lower >= beta || lower == upper {
            self.hook
                .ended(if lower == known.lower || upper == known.upper {
                    NodeEnding::TableHit
                } else {
                    NodeEnding::Bounded
                });
            return lower;
        }
        if upper <= alpha {
            self.hook.ended(if upper == known.upper {
                NodeEnding::TableHit
            } else {
                NodeEnding::Bounded
            });
            return upper;
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);
        if position.stones < self.etc_below {
            // A move whose position the table already proves good enough
            // cuts off before anything is searched.
            let mut moves_left = moves;
            while moves_left != 0 {
                let cell = moves_left & moves_left.wrapping_neg();
                moves_left ^= cell;
                let child = position.play(cell);
                let value = -self.table.probe(self.key(&child)).upper;
                if value >= beta {
                    self.ctx.stats.cutoffs += 1;
                    self.hook.table_hit();
                    return value;
                }
            }
        }
        let window_alpha = alpha;
        let mut best = i32::MIN;
        let mut best_column = known.best;
        let mut order = MoveOrder::of::<K>(layout, position, moves, known.best);
        let ply = position.stones - self.root_stones;
        if self.rotate != 0 && ply % 2 == 1 && ply <= HELPER_REPLIES {
            order.rotate(self.rotate);
        }
        for &(cell, column) in order.moves() {
            let (hook, stones) = (self.hook, position.stones);
            // The child counts itself as it is entered.
            hook.enter(
                layout.cell_of_bit(cell),
                self.app_value(alpha, stones),
                self.app_value(beta, stones),
                self.ctx.stats.nodes + 1,
            );
            let value = -self.negamax(&position.play(cell), -beta, -alpha);
            hook.leave(self.app_value(value, stones), self.ctx.stats.nodes);
            if self.ctx.aborted {
                return 0;
            }
            if value >= beta {
                self.ctx.stats.cutoffs += 1;
                hook.cutoff();
                let proved = Known {
                    lower: value,
                    best: Some(column),
                    ..known
                };
                self.table.store(key, position.stones, proved);
                return value;
            }
            if value > best {
                best = value;
                if value > window_alpha {
                    best_column = Some(column);
                }
            }
            alpha = alpha.max(value);
        }
        let proved = if best > window_alpha {
            Known {
                lower: best,
                upper: best,
                best: best_column,
            }
        } else {
            Known {
                upper: best,
                ..known
            }
        };
        self.table.store(key, position.stones, proved);
        best
    }
}
