//! Move order decides everything: the alpha-beta family's nodes under
//! each move order on one position, against the Knuth–Moore minimal tree,
//! the nodes alpha-beta must visit even when every move is ordered
//! perfectly.

use std::collections::HashMap;

use serde::Serialize;

use tictactoe_engine::board::{Board, Outcome};
use tictactoe_engine::player_kind::{MoveOrder, PlayerKind, PlayerOptions, SearchSettings};
use tictactoe_engine::score::WIN;
use tictactoe_engine::search::CancelFlag;

/// The players whose move order is compared.
pub const ORDERED_PLAYERS: [PlayerKind; 3] =
    [PlayerKind::AlphaBetaTt, PlayerKind::Pvs, PlayerKind::Mtdf];

/// The most empty cells the minimal tree is computed for: the exact values
/// it needs are kept for at most 3^12 (531,441) positions.
pub const MINIMAL_TREE_MAX_EMPTY: u32 = 12;

/// One player under one move order, searched to the end of the game.
#[derive(Debug, Clone, Serialize)]
pub struct OrderRow {
    pub player: PlayerKind,
    pub order: MoveOrder,
    pub nodes: u64,
    pub time_us: u64,
    /// The value found, on X's scale.
    pub score: Option<i32>,
    /// The search was stopped before it finished.
    pub aborted: bool,
}

/// Every ordered player under every order the board allows, and the
/// minimal tree (`None` where it is not computed).
#[derive(Debug, Clone, Serialize)]
pub struct OrderTable {
    pub position: String,
    pub minimal_tree: Option<u64>,
    pub rows: Vec<OrderRow>,
}

impl OrderTable {
    /// Searches `board` (unfinished) with each ordered player under each
    /// order that plays on its size, to full depth; `cancel` stops it
    /// (the rows so far are kept, the one under way marked aborted).
    pub fn run(board: &Board, cancel: &CancelFlag) -> OrderTable {
        let mut rows = Vec::new();
        for player in ORDERED_PLAYERS {
            for order in MoveOrder::ALL {
                if order.check_shape(board.shape()).is_err() || cancel.is_cancelled() {
                    continue;
                }
                let options = PlayerOptions {
                    search: SearchSettings {
                        order,
                        ..SearchSettings::default()
                    },
                    ..PlayerOptions::default()
                };
                let report = player.create(&options).choose_move(board, cancel);
                rows.push(OrderRow {
                    player,
                    order,
                    nodes: report.stats.nodes,
                    time_us: report.elapsed_us,
                    score: report.score,
                    aborted: report.aborted,
                });
            }
        }
        OrderTable {
            position: board.to_string(),
            minimal_tree: minimal_tree(board),
            rows,
        }
    }
}

/// The nodes below `board` (the positions entered after its moves, as the
/// searches count them) that alpha-beta visits with perfect move ordering
/// on the game tree as it is, pruning once a value reaches beta, searched
/// to the end of the game: Knuth and Moore's minimal tree. `None` when the
/// board is finished or has more than `MINIMAL_TREE_MAX_EMPTY` empty cells.
///
/// A PV node searches all its children, a best one as a PV node and the
/// others as Cut nodes; a Cut node searches one child that refutes it (the
/// one with the smallest subtree), an All node; an All node searches every
/// child as a Cut node; a finished game counts 1. The values are the
/// engine's (a win sooner is worth more), so "refutes" is exact.
pub fn minimal_tree(board: &Board) -> Option<u64> {
    if board.outcome() != Outcome::Ongoing || board.empty().count_ones() > MINIMAL_TREE_MAX_EMPTY {
        return None;
    }
    let mut tree = MinimalTree::default();
    Some(tree.pv(board) - 1)
}

/// What a move leads to: the mover's value if it ends the game.
fn ending(board: &Board, cell: usize) -> Option<i32> {
    let side = board.side_to_move();
    let mut child = *board;
    child.toggle(cell, side);
    if child.completes_line(cell, side) {
        Some(WIN - child.stone_count() as i32)
    } else if child.empty() == 0 {
        Some(0)
    } else {
        None
    }
}

/// The exact values and the subtrees' sizes, kept by position (and by
/// bound for Cut and All nodes).
#[derive(Default)]
struct MinimalTree {
    values: HashMap<(u64, u64), i32>,
    pvs: HashMap<(u64, u64), u64>,
    cuts: HashMap<(u64, u64, i32), u64>,
    alls: HashMap<(u64, u64, i32), u64>,
}

fn key(board: &Board) -> (u64, u64) {
    let side = board.side_to_move();
    (board.stones(side), board.stones(side.opponent()))
}

/// The children of `board`: each move, and its value for the mover when it
/// ends the game (else the position after it).
fn children(board: &Board) -> impl Iterator<Item = Result<i32, Board>> + '_ {
    board
        .legal_moves()
        .map(move |cell| match ending(board, cell) {
            Some(value) => Ok(value),
            None => {
                let mut child = *board;
                child.toggle(cell, board.side_to_move());
                Err(child)
            }
        })
}

impl MinimalTree {
    /// The exact value of an unfinished `board` for its side to move.
    fn value(&mut self, board: &Board) -> i32 {
        if let Some(&value) = self.values.get(&key(board)) {
            return value;
        }
        let value = children(board)
            .map(|child| match child {
                Ok(value) => value,
                Err(child) => -self.value(&child),
            })
            .max()
            .expect("an unfinished board has a move");
        self.values.insert(key(board), value);
        value
    }

    /// A PV node: itself and its subtree.
    fn pv(&mut self, board: &Board) -> u64 {
        if let Some(&size) = self.pvs.get(&key(board)) {
            return size;
        }
        let value = self.value(board);
        let mut cut_nodes = 0;
        let mut cheapest_pv_saving: Option<u64> = None;
        for child in children(board).collect::<Vec<_>>() {
            match child {
                Ok(_) => cut_nodes += 1,
                Err(child) => {
                    // Every child is shown no better than the value (a Cut
                    // node for the opponent, at least -value) except one
                    // best child, searched as a PV node instead.
                    let cut = self.cut(&child, -value);
                    cut_nodes += cut;
                    if -self.value(&child) == value {
                        let pv = self.pv(&child);
                        let extra = pv.saturating_sub(cut);
                        cheapest_pv_saving =
                            Some(cheapest_pv_saving.map_or(extra, |best| best.min(extra)));
                    }
                }
            }
        }
        // A best child that ends the game counts 1 either way.
        let best_ends = children(board).any(|child| child == Ok(value));
        let extra = if best_ends {
            0
        } else {
            cheapest_pv_saving.unwrap_or(0)
        };
        let size = 1 + cut_nodes + extra;
        self.pvs.insert(key(board), size);
        size
    }

    /// A Cut node: shown worth at least `bound` to its side to move by one
    /// child (an All node), the one with the smallest subtree.
    fn cut(&mut self, board: &Board, bound: i32) -> u64 {
        if let Some(&size) = self.cuts.get(&(key(board).0, key(board).1, bound)) {
            return size;
        }
        let mut best: Option<u64> = None;
        for child in children(board).collect::<Vec<_>>() {
            let size = match child {
                Ok(value) if value >= bound => 1,
                Ok(_) => continue,
                Err(child) if -self.value(&child) >= bound => self.all(&child, -bound),
                Err(_) => continue,
            };
            best = Some(best.map_or(size, |best| best.min(size)));
        }
        let size = 1 + best.expect("a Cut node's value reaches its bound");
        self.cuts.insert((key(board).0, key(board).1, bound), size);
        size
    }

    /// An All node: shown worth at most `bound` to its side to move by
    /// every child (each a Cut node for the opponent).
    fn all(&mut self, board: &Board, bound: i32) -> u64 {
        if let Some(&size) = self.alls.get(&(key(board).0, key(board).1, bound)) {
            return size;
        }
        let mut size = 1;
        for child in children(board).collect::<Vec<_>>() {
            size += match child {
                Ok(_) => 1,
                Err(child) => self.cut(&child, -bound),
            };
        }
        self.alls.insert((key(board).0, key(board).1, bound), size);
        size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn the_minimal_tree_of_hand_made_positions() {
        // O to move, 7 and 8 empty: 7 wins (1 node); 8 is a Cut node
        // refuted by X's only reply, 7, a draw (2 nodes): 3.
        assert_eq!(minimal_tree(&board("xox/oox/x..")), Some(3));
        // X to move, 3, 5 and 7 empty. 3 wins (1). 5: O's 7 wins and
        // refutes it (2). 7: O's 3 (or 5) refutes it, an All node whose
        // one reply ends the game (1 + 2). 6 in all.
        assert_eq!(minimal_tree(&board("xox/.o./x.o")), Some(6));
        // Alpha-beta ordered best first visits exactly these.
        for position in ["xox/oox/x..", "xox/.o./x.o"] {
            let row = OrderTable::run(&board(position), &CancelFlag::new())
                .rows
                .into_iter()
                .find(|row| {
                    row.player == PlayerKind::AlphaBetaTt && row.order == MoveOrder::BestFirst
                })
                .unwrap();
            assert_eq!(
                Some(row.nodes),
                minimal_tree(&board(position)),
                "{position}"
            );
        }
        assert_eq!(minimal_tree(&board("xxx/oo./...")), None, "finished");
        assert_eq!(
            minimal_tree(&board("x.../..../..../....")),
            None,
            "15 empty cells"
        );
    }
}
