//! Recording a search: the tree a search player visited, node by node, in
//! the order it visited them (issue 12, engine part).
//!
//! # How it is recorded
//!
//! `alphabeta` is recorded through a hook in the player's own search
//! (`players::alphabeta::Hook`: enter, leaf, cutoff, leave, with no-op
//! defaults): the player passes `()`, which compiles away, and the
//! recorder passes its `Tape`, so the recorded search is the real one; the
//! tree's root is searched by the same function (in place of
//! `search_root`'s loop, which it matches for a full window). Plain
//! `minimax` is hand-tuned (it inlines its last two plies as straight-line
//! code) and has no hook yet — the same hook threaded through `negamax`,
//! `node` and `last_move` made the empty 3x3 board's search 11 % slower
//! (2.63 to 2.95 ms, benchmarks alternated), the extra argument of the
//! recursion most likely — so it is recorded by a small copy
//! (`Recorder::search`) that shares with it everything but the loop — the
//! node counting (`SearchContext::enter`), the leaf values
//! (`SearchContext::leaf_value`), the depth (`effective_depth`) and the
//! cell order. `tests/tree.rs` holds both to the players' reports on every
//! open 3x3 position and on sampled 4x4/5x5 ones: the same node count as
//! `stats.nodes`, the same root scores and bounds.

//! # Conventions
//!
//! A node is a position entered by a move (the root is the position
//! searched). Its value and its window `(alpha, beta)` are in the negamax
//! view of the side that made the move, as the search loop of its parent
//! sees them: the value the parent's loop got for that move, the window the
//! parent's loop had when it tried it. (The root, which no move led to,
//! is seen the same way, from the side that moved last.) So a node's value
//! is minus the largest of its children's values, and its bound is read off
//! its window as `search_root` reads the root moves': at or below alpha an
//! upper bound (the child failed high), at or above beta a lower bound (the
//! child failed low), else exact; the report's Max-view bound is
//! `bound.for_mover(mover)`. Plain minimax searches every node in the full
//! window.
//!
//! # Adding players
//!
//! `alphabeta-tt` needs its static move order (`ordered_moves`) in place
//! of cell order, its table probes and stores as two more endings (a node
//! answered by the table, `Ending::TableHit`), and its iterative deepening
//! as one tree per finished depth; `alphabeta-random` is alphabeta-tt's
//! root with every move in the full window. Each takes `Hook` into its
//! own loop as `alphabeta` does (and minimax should too, in `node` and
//! `last_move`, replacing the copy here). MCTS has no windows: its tree
//! is the one it keeps, recorded after the search with visits and mean
//! results in place of value and window.

use std::fmt;

use super::board::{Board, Outcome, Side};
use super::player::PlayerKind;
use super::players::alphabeta::{Hook, alphabeta};
use super::report::Bound;
use super::score::INFINITY;
use super::search::{CancelFlag, SearchContext, effective_depth};
use crate::i18n::{fill, gettext};

/// Nodes kept by default: about 61 MiB at 16 bytes a node.
pub const DEFAULT_BUDGET: usize = 4_000_000;

/// Why a node's search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
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
}

impl Ending {
    const ALL: [Ending; 5] = [
        Ending::Won,
        Ending::Drawn,
        Ending::Horizon,
        Ending::AllChildren,
        Ending::Cutoff,
    ];

    /// The name JSON uses.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Won => "won",
            Ending::Drawn => "drawn",
            Ending::Horizon => "horizon",
            Ending::AllChildren => "all-children",
            Ending::Cutoff => "cutoff",
        }
    }

    /// True for the endings without children.
    pub fn is_leaf(self) -> bool {
        matches!(self, Ending::Won | Ending::Drawn | Ending::Horizon)
    }
}

/// One visited position, 16 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    value: i16,
    alpha: i16,
    beta: i16,
    /// The cell of the move that led here; `NO_CELL` at the root.
    cell: u8,
    /// Bits 0-1 the bound, 2-4 the ending, 5 the side to move (Min), 6
    /// set when the children were not recorded (over the budget).
    flags: u8,
    /// One past the last stored node of this subtree (stored in visit
    /// order, so the first child is the next node, its next sibling starts
    /// at the child's `end`).
    end: u32,
    /// Positions in the subtree searched, this one included (saturates).
    count: u32,
}

const NO_CELL: u8 = u8::MAX;
const NOT_RECORDED: u8 = 1 << 6;
const MIN_TO_MOVE: u8 = 1 << 5;

impl Node {
    /// The move that led here (`None` at the root).
    pub fn cell(&self) -> Option<usize> {
        (self.cell != NO_CELL).then_some(self.cell as usize)
    }

    /// The value for the side that moved here.
    pub fn value(&self) -> i32 {
        self.value as i32
    }

    /// The window the move was searched in, for the side that moved here.
    pub fn window(&self) -> (i32, i32) {
        (self.alpha as i32, self.beta as i32)
    }

    /// Exact, or the side of the window the value left it on.
    pub fn bound(&self) -> Bound {
        match self.flags & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }

    /// Why the search of this node ended.
    pub fn ending(&self) -> Ending {
        Ending::ALL[(self.flags >> 2 & 7) as usize]
    }

    /// The side to move in this position.
    pub fn side_to_move(&self) -> Side {
        if self.flags & MIN_TO_MOVE != 0 {
            Side::Min
        } else {
            Side::Max
        }
    }

    /// False when the budget ran out above this node's children: they were
    /// searched (see `subtree_nodes`) but not kept.
    pub fn recorded(&self) -> bool {
        self.flags & NOT_RECORDED == 0
    }

    /// Positions searched in this subtree, this one included.
    pub fn subtree_nodes(&self) -> u64 {
        self.count as u64
    }
}

/// A player the recorder cannot run yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported(pub PlayerKind);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&fill(
            &gettext("{player} cannot record its search tree yet: use minimax or alphabeta"),
            &[("player", &self.0.name())],
        ))
    }
}

impl std::error::Error for Unsupported {}

/// The tree a search visited: nodes in visit order, the root first.
#[derive(Debug, Clone)]
pub struct SearchTree {
    root: Board,
    player: PlayerKind,
    depth: u32,
    nodes: Vec<Node>,
}

impl SearchTree {
    /// Records `player`'s search of `board` to `depth` (`None`: to the end),
    /// keeping about `budget` nodes: a node's children are kept only while
    /// fewer than `budget` nodes are, so past it the siblings still to come
    /// on the current path are kept (at most one board's moves per ply,
    /// and the root's children always) without their children, marked not
    /// recorded with their subtree's node count.
    pub fn record(
        player: PlayerKind,
        board: &Board,
        depth: Option<u32>,
        budget: usize,
    ) -> Result<SearchTree, Unsupported> {
        SearchTree::supports(player)?;
        let depth = effective_depth(board, depth);
        let searched = board.outcome() == Outcome::Ongoing && depth > 0;
        Ok(SearchTree::record_from(
            player,
            board,
            depth,
            (-INFINITY, INFINITY),
            NO_CELL,
            searched,
            budget,
        ))
    }

    /// Records the search of `board` (`depth` plies left) in the window
    /// `(alpha, beta)` of the side that moved there by `cell`; `searched`
    /// is false for a position the search does not go into (a leaf).
    fn record_from(
        player: PlayerKind,
        board: &Board,
        depth: u32,
        (alpha, beta): (i32, i32),
        cell: u8,
        searched: bool,
        budget: usize,
    ) -> SearchTree {
        let cancel = CancelFlag::new();
        let mut recorder = Recorder {
            ctx: SearchContext::new(&cancel, None),
            tape: Tape {
                nodes: Vec::new(),
                budget,
                open: Vec::new(),
                cut: false,
                root_side: board.side_to_move(),
            },
        };
        recorder.ctx.set_root(board);
        recorder.tape.nodes.push(Node {
            value: 0,
            alpha: alpha as i16,
            beta: beta as i16,
            cell,
            flags: side_flag(board.side_to_move()),
            end: 1,
            count: 1,
        });
        let mut position = *board;
        let (value, ending) = if !searched {
            (0, Ending::AllChildren)
        } else {
            let (best, cut) = if player == PlayerKind::AlphaBeta {
                // The player's own search, told every step through its hook.
                recorder.tape.open.push(Open {
                    id: Some(0),
                    keep: true,
                    nodes: 0,
                });
                let side = board.side_to_move();
                let best = alphabeta(
                    &mut recorder.ctx,
                    &mut recorder.tape,
                    board.geometry(),
                    board.stones(side),
                    board.stones(side.opponent()),
                    depth,
                    -beta,
                    -alpha,
                    0,
                );
                (best, std::mem::take(&mut recorder.tape.cut))
            } else {
                recorder.search(&mut position, depth, true)
            };
            let ending = if cut {
                Ending::Cutoff
            } else {
                Ending::AllChildren
            };
            (-best, ending)
        };
        let count = recorder.ctx.stats.nodes + 1;
        let end = recorder.tape.nodes.len() as u32;
        let root = &mut recorder.tape.nodes[0];
        root.value = value as i16;
        root.flags |= bound_bits(value, alpha, beta) | (ending as u8) << 2;
        root.end = end;
        root.count = count.min(u32::MAX as u64) as u32;
        SearchTree {
            root: *board,
            player,
            depth,
            nodes: recorder.tape.nodes,
        }
    }

    /// The moves from the root to `id`.
    pub fn path(&self, id: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = 0;
        while at != id {
            at = self
                .children(at)
                .find(|&child| child <= id && id < self.nodes[child].end as usize)
                .expect("a kept node lies under one of its ancestor's children");
            path.push(self.nodes[at].cell as usize);
        }
        path
    }

    /// The subtree of `id` searched again, kept up to `budget` nodes: the
    /// search is deterministic, so re-running it from the node's position,
    /// depth and window gives the same nodes, now recorded (for a node
    /// the budget left unrecorded). The new tree's root is that node.
    pub fn expand(&self, id: usize, budget: usize) -> SearchTree {
        let mut board = self.root;
        let path = self.path(id);
        for &cell in &path {
            board.toggle(cell, board.side_to_move());
        }
        let node = &self.nodes[id];
        let depth = self.depth - path.len() as u32;
        if node.ending().is_leaf() {
            return SearchTree {
                root: board,
                player: self.player,
                depth,
                nodes: vec![Node { end: 1, ..*node }],
            };
        }
        SearchTree::record_from(
            self.player,
            &board,
            depth,
            node.window(),
            node.cell,
            true,
            budget,
        )
    }

    /// Ok for the players the recorder runs: minimax and alphabeta.
    pub fn supports(player: PlayerKind) -> Result<(), Unsupported> {
        match player {
            PlayerKind::Minimax | PlayerKind::AlphaBeta => Ok(()),
            other => Err(Unsupported(other)),
        }
    }

    /// The position searched.
    pub fn root_position(&self) -> &Board {
        &self.root
    }

    pub fn player(&self) -> PlayerKind {
        self.player
    }

    /// The depth searched (the empty cells when searched to the end).
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Nodes kept (the root included).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Positions the search entered below the root: the report's
    /// `stats.nodes`.
    pub fn nodes_searched(&self) -> u64 {
        self.nodes[0].subtree_nodes() - 1
    }

    pub fn node(&self, id: usize) -> &Node {
        &self.nodes[id]
    }

    /// All kept nodes in visit order; the root is 0.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The ids of `id`'s kept children, in visit order.
    pub fn children(&self, id: usize) -> impl Iterator<Item = usize> + '_ {
        let end = self.nodes[id].end as usize;
        let mut next = id + 1;
        std::iter::from_fn(move || {
            (next < end).then(|| {
                let child = next;
                next = self.nodes[child].end as usize;
                child
            })
        })
    }

    /// The legal moves of `id`'s position (`board`) that its search never
    /// tried because of a cutoff, in the order they would have come; the
    /// cut was caused by the last child. Empty unless the node was cut off
    /// and its children were recorded.
    pub fn pruned(&self, id: usize, board: &Board) -> Vec<usize> {
        let node = &self.nodes[id];
        if node.ending() != Ending::Cutoff || !node.recorded() {
            return Vec::new();
        }
        let visited: Vec<usize> = self
            .children(id)
            .filter_map(|child| self.nodes[child].cell())
            .collect();
        board
            .legal_moves()
            .filter(|cell| !visited.contains(cell))
            .collect()
    }

    /// Calls `f(id, parent, ply, position)` for every kept node in visit
    /// order down to `max_ply` plies below the root.
    pub fn walk(&self, max_ply: usize, mut f: impl FnMut(usize, Option<usize>, usize, &Board)) {
        self.walk_from(0, None, 0, &self.root, max_ply, &mut f);
    }

    fn walk_from(
        &self,
        id: usize,
        parent: Option<usize>,
        ply: usize,
        board: &Board,
        max_ply: usize,
        f: &mut impl FnMut(usize, Option<usize>, usize, &Board),
    ) {
        f(id, parent, ply, board);
        if ply >= max_ply {
            return;
        }
        for child in self.children(id) {
            let mut next = *board;
            let cell = self.nodes[child].cell as usize;
            next.toggle(cell, board.side_to_move());
            self.walk_from(child, Some(id), ply + 1, &next, max_ply, f);
        }
    }
}

/// The bound flags of `value` searched in `(alpha, beta)`.
fn bound_bits(value: i32, alpha: i32, beta: i32) -> u8 {
    if value <= alpha {
        2
    } else if value >= beta {
        1
    } else {
        0
    }
}

fn side_flag(side: Side) -> u8 {
    match side {
        Side::Max => 0,
        Side::Min => MIN_TO_MOVE,
    }
}

/// The nodes kept so far, and the nodes open on the current path.
struct Tape {
    nodes: Vec<Node>,
    budget: usize,
    open: Vec<Open>,
    /// Set by the node that just ended with a cutoff, taken by its parent.
    cut: bool,
    /// The side to move at the root.
    root_side: Side,
}

/// A node entered and not yet left.
struct Open {
    /// Where it is kept (`None`: its parent's children are not kept).
    id: Option<usize>,
    /// Whether its children are kept.
    keep: bool,
    /// The node count when it was entered.
    nodes: u64,
}

impl Tape {
    /// Fills in the node that ends: its value for the mover, how it ended,
    /// and the node count now.
    fn close(&mut self, value: i32, ending: Ending, nodes: u64) {
        let open = self.open.pop().expect("a node to leave");
        let Some(id) = open.id else {
            return;
        };
        let end = self.nodes.len() as u32;
        let node = &mut self.nodes[id];
        let count = nodes - open.nodes + 1;
        node.value = value as i16;
        node.flags |= bound_bits(value, node.alpha as i32, node.beta as i32)
            | (ending as u8) << 2
            | if open.keep || ending.is_leaf() {
                0
            } else {
                NOT_RECORDED
            };
        node.end = end;
        node.count = count.min(u32::MAX as u64) as u32;
    }
}

impl Hook for Tape {
    fn enter(&mut self, cell: usize, alpha: i32, beta: i32, nodes: u64) {
        let parent_keeps = self.open.last().is_none_or(|open| open.keep);
        let id = parent_keeps.then(|| {
            let side = if self.open.len() % 2 == 1 {
                self.root_side.opponent()
            } else {
                self.root_side
            };
            self.nodes.push(Node {
                value: 0,
                alpha: alpha as i16,
                beta: beta as i16,
                cell: cell as u8,
                flags: side_flag(side),
                end: 0,
                count: 0,
            });
            self.nodes.len() - 1
        });
        let keep = parent_keeps && self.nodes.len() < self.budget;
        self.open.push(Open { id, keep, nodes });
    }

    fn leaf(&mut self, value: i32, ending: Ending) {
        let nodes = self.open.last().map_or(0, |open| open.nodes);
        self.close(value, ending, nodes);
    }

    fn cutoff(&mut self) {
        self.cut = true;
    }

    fn leave(&mut self, value: i32, nodes: u64) {
        let ending = if std::mem::take(&mut self.cut) {
            Ending::Cutoff
        } else {
            Ending::AllChildren
        };
        self.close(value, ending, nodes);
    }
}

/// The recording search.
struct Recorder<'a> {
    ctx: SearchContext<'a>,
    tape: Tape,
}

impl Recorder<'_> {
    /// Plain minimax's recording copy (its player's search inlines its
    /// last plies and has no hook yet): searches the moves of `board`
    /// (`depth` plies left) in the full window; returns the best value for
    /// the side to move and whether a cutoff ended the search (never).
    /// With `record`, every move's node is kept.
    fn search(&mut self, board: &mut Board, depth: u32, record: bool) -> (i32, bool) {
        let side = board.side_to_move();
        let mut best = i32::MIN;
        for cell in board.legal_moves() {
            board.toggle(cell, side);
            self.ctx.enter();
            let before = self.ctx.stats.nodes;
            let id = self.tape.nodes.len();
            if record {
                self.tape.nodes.push(Node {
                    value: 0,
                    alpha: -INFINITY as i16,
                    beta: INFINITY as i16,
                    cell: cell as u8,
                    flags: side_flag(side.opponent()),
                    end: 0,
                    count: 0,
                });
            }
            let (value, ending, kept) = match self.ctx.leaf_value(board, cell, side, depth) {
                Some(value) => {
                    let ending = if board.completes_line(cell, side) {
                        Ending::Won
                    } else if board.empty() == 0 {
                        Ending::Drawn
                    } else {
                        Ending::Horizon
                    };
                    (value, ending, true)
                }
                None => {
                    let keep = record && self.tape.nodes.len() < self.tape.budget;
                    let (child_best, _) = self.search(board, depth - 1, keep);
                    (-child_best, Ending::AllChildren, keep)
                }
            };
            board.toggle(cell, side);
            if record {
                let count = self.ctx.stats.nodes - before + 1;
                let end = self.tape.nodes.len() as u32;
                let node = &mut self.tape.nodes[id];
                node.value = value as i16;
                node.flags |= (ending as u8) << 2 | if kept { 0 } else { NOT_RECORDED };
                node.end = end;
                node.count = count.min(u32::MAX as u64) as u32;
            }
            best = best.max(value);
        }
        (best, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_is_16_bytes() {
        assert_eq!(std::mem::size_of::<Node>(), 16);
    }
}
