use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::board::{Board, Side};
use crate::geometry::MAX_CELLS;
use crate::geometry::bits;
use crate::player::Player;
use crate::player_kind::PlayerKind;
use crate::report::{Note, Proof, ProvenResult, SearchReport};
use crate::search::{CancelFlag, SearchContext, game_over};
use crate::symmetry::SymmetricKeys;

/// Proof-number search: solves the position without a depth limit. It
/// builds a tree, asking one yes-or-no question of it: does the attacker
/// win? Each node keeps a proof number (how many leaves at least must
/// still turn out won to prove it) and a disproof number (to disprove it);
/// the most-proving leaf, reached by following the smallest numbers down,
/// is expanded next. The first question is whether the side to move wins;
/// if not, whether the opponent does: no means a draw.
pub struct PnsPlayer {
    time_limit: Option<Duration>,
    node_limit: usize,
}

/// Nodes the trees of both questions may hold together (16 bytes each):
/// past this the search gives up, so its memory stays bounded.
pub const NODE_LIMIT: usize = 8_000_000;

/// Why a tree stopped before its root was settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stopped {
    /// Cancelled, or out of time.
    Asked,
    /// Its nodes reached the limit.
    NodeLimit,
}

/// A proof or disproof number that can no longer be reached: the node is
/// settled the other way.
pub const UNREACHABLE: u32 = u32::MAX;

/// One position of the tree: the move into it, its numbers, and where its
/// children are (`first_child`, `children` of them side by side).
#[derive(Debug, Clone, Copy)]
pub struct Node {
    pub cell: u8,
    pub children: u8,
    pub first_child: u32,
    pub proof: u32,
    pub disproof: u32,
}

impl Node {
    fn leaf(cell: usize, proof: u32, disproof: u32) -> Node {
        Node {
            cell: cell as u8,
            children: 0,
            first_child: 0,
            proof,
            disproof,
        }
    }

    pub fn is_settled(&self) -> bool {
        self.proof == 0 || self.disproof == 0
    }

    /// Its children's indices in the tree's `nodes`.
    pub fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.children as usize
    }
}

/// Positions settled so far, by their canonical key, for both questions:
/// which side is known to win there, or known not to. A position reached
/// again (by another order of moves, a symmetric one, or in the other
/// question's tree) is settled at once.
#[derive(Default)]
struct Solved(HashMap<u64, u8>);

impl Solved {
    fn flag(side: Side, wins: bool) -> u8 {
        1 << (2 * side.index() + usize::from(wins))
    }

    fn record(&mut self, key: u64, attacker: Side, wins: bool) {
        *self.0.entry(key).or_default() |= Solved::flag(attacker, wins);
    }

    /// Whether `attacker` wins the position `key`, if known: the
    /// opponent's win answers no as well.
    fn wins(&self, key: u64, attacker: Side) -> Option<bool> {
        let known = *self.0.get(&key)?;
        if known & Solved::flag(attacker, true) != 0 {
            Some(true)
        } else if known & (Solved::flag(attacker, false) | Solved::flag(attacker.opponent(), true))
            != 0
        {
            Some(false)
        } else {
            None
        }
    }
}

/// What one side's lines say about a position.
struct Lines {
    /// The cells it may play now that would complete one of its lines.
    threats: u64,
    /// Its lines without an opponent's stone: those it can still complete.
    open: u32,
    /// The fewest stones an open line still lacks (`u32::MAX`: none open).
    fewest_missing: u32,
}

impl Lines {
    fn of(board: &Board, side: Side) -> Lines {
        let own = board.stones(side);
        let theirs = board.stones(side.opponent());
        let mut lines = Lines {
            threats: 0,
            open: 0,
            fewest_missing: u32::MAX,
        };
        for &line in board.geometry().lines.iter().filter(|&&l| l & theirs == 0) {
            let missing = line & !own;
            lines.open += 1;
            lines.fewest_missing = lines.fewest_missing.min(missing.count_ones());
            if missing.count_ones() == 1 {
                lines.threats |= missing;
            }
        }
        lines.threats &= board.moves();
        lines
    }
}

/// A new leaf's numbers for the question whether `attacker` wins, from
/// the lines still open in `board` (the side to move's turn): settled
/// where they decide it (a win on the next move, two threats the side to
/// move cannot both block, or no line the attacker can still complete),
/// else an estimate: the stones the attacker's nearest line lacks to
/// prove it, the attacker's open lines to disprove it. Seeding the numbers
/// with what the position says, not 1 and 1, is the standard enhancement
/// of proof-number search with domain knowledge (Allis 1994; df-pn+,
/// Nagai 2002; see Kishimoto et al., "Game-Tree Search Using Proof
/// Numbers: The First Twenty Years", ICGA Journal 35(3), 2012).
fn leaf_numbers(board: &Board, attacker: Side) -> (u32, u32) {
    const WON: (u32, u32) = (0, UNREACHABLE);
    const NOT_WON: (u32, u32) = (UNREACHABLE, 0);
    let mover = board.side_to_move();
    let settled = |winner: Side| if winner == attacker { WON } else { NOT_WON };
    let moving = Lines::of(board, mover);
    if moving.threats != 0 {
        return settled(mover);
    }
    let waiting = Lines::of(board, mover.opponent());
    if waiting.threats.count_ones() >= 2 {
        return settled(mover.opponent());
    }
    let (lines, moves_left) = if mover == attacker {
        (moving, board.empty().count_ones().div_ceil(2))
    } else {
        (waiting, board.empty().count_ones() / 2)
    };
    if lines.fewest_missing > moves_left {
        return NOT_WON;
    }
    (lines.fewest_missing, lines.open)
}

/// A tree built to answer whether `attacker` wins from the root.
pub struct ProofTree {
    pub attacker: Side,
    /// The root first; a node's children follow one another.
    pub nodes: Vec<Node>,
    /// The deepest ply a node was made at.
    pub depth: u32,
}

impl ProofTree {
    /// The root, not yet expanded: one leaf that may go either way.
    pub fn new(attacker: Side) -> ProofTree {
        ProofTree {
            attacker,
            nodes: vec![Node::leaf(0, 1, 1)],
            depth: 0,
        }
    }

    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// Expands most-proving nodes until the root is settled: true if the
    /// attacker wins, false if not; or stopped by `ctx`, or before the tree
    /// grows past `node_limit` nodes.
    fn solve(
        &mut self,
        ctx: &mut SearchContext,
        root: &Board,
        node_limit: usize,
        solved: &mut Solved,
    ) -> Result<bool, Stopped> {
        let mut path = Vec::new();
        while !self.root().is_settled() {
            if self.nodes.len() + root.geometry().cells > node_limit {
                return Err(Stopped::NodeLimit);
            }
            let board = self.most_proving(root, &mut path);
            let leaf = *path.last().expect("the root at least");
            if !self.expand(ctx, leaf, &board, solved) {
                return Err(Stopped::Asked);
            }
            self.depth = self.depth.max(path.len() as u32);
            self.update(root, &path, solved);
        }
        Ok(self.root().proof == 0)
    }

    /// The most-proving leaf and its position: from the root, the child
    /// with the smallest proof number where the attacker moves (proving
    /// one child proves the node), the smallest disproof number where the
    /// defender moves. `path` gets the nodes on the way, leaf last.
    fn most_proving(&self, root: &Board, path: &mut Vec<usize>) -> Board {
        path.clear();
        path.push(0);
        let mut board = *root;
        let mut index = 0;
        while self.nodes[index].children > 0 {
            let attacker_moves = board.side_to_move() == self.attacker;
            index = self.nodes[index]
                .children()
                .min_by_key(|&child| {
                    let node = &self.nodes[child];
                    if attacker_moves {
                        node.proof
                    } else {
                        node.disproof
                    }
                })
                .expect("an expanded node has children");
            board
                .play(self.nodes[index].cell as usize)
                .expect("a tree's move is legal");
            path.push(index);
        }
        board
    }

    /// Gives the leaf `index` (position `board`) its children, each
    /// settled if the game ends there, the position was settled before or
    /// its lines decide it, else numbered by `leaf_numbers`. Moves that
    /// cannot matter get no child: all but the block when the opponent
    /// threatens one cell, and every move symmetric to an earlier one.
    /// False if `ctx` says stop.
    fn expand(
        &mut self,
        ctx: &mut SearchContext,
        index: usize,
        board: &Board,
        solved: &Solved,
    ) -> bool {
        let first = self.nodes.len();
        let mover = board.side_to_move();
        let keys = SymmetricKeys::of(board);
        let forced = Lines::of(board, mover.opponent()).threats;
        let moves = if forced.count_ones() == 1 && Lines::of(board, mover).threats == 0 {
            forced
        } else {
            board.moves()
        };
        let mut siblings = [0u64; MAX_CELLS];
        for cell in bits(moves) {
            let mut child_keys = keys;
            child_keys.toggle(board.geometry(), cell, mover);
            let key = child_keys.canonical().key;
            let made = self.nodes.len() - first;
            if siblings[..made].contains(&key) {
                continue;
            }
            siblings[made] = key;
            if !ctx.enter() {
                self.nodes.truncate(first);
                return false;
            }
            let mut child = *board;
            child.play(cell).expect("an empty cell");
            let (proof, disproof) = if child.completes_line(cell, mover) {
                if mover == self.attacker {
                    (0, UNREACHABLE)
                } else {
                    (UNREACHABLE, 0)
                }
            } else if child.empty() == 0 {
                (UNREACHABLE, 0)
            } else {
                match solved.wins(key, self.attacker) {
                    Some(true) => (0, UNREACHABLE),
                    Some(false) => (UNREACHABLE, 0),
                    None => leaf_numbers(&child, self.attacker),
                }
            };
            self.nodes.push(Node::leaf(cell, proof, disproof));
        }
        self.nodes[index].first_child = first as u32;
        self.nodes[index].children = (self.nodes.len() - first) as u8;
        true
    }

    /// Recomputes the numbers on `path`, from the expanded leaf up: where
    /// the attacker moves, the proof number is the children's smallest and
    /// the disproof number their sum; where the defender moves, the other
    /// way round. Settled positions go into the map.
    fn update(&mut self, root: &Board, path: &[usize], solved: &mut Solved) {
        let mut boards = Vec::with_capacity(path.len());
        let mut board = *root;
        boards.push(board);
        for &index in &path[1..] {
            board
                .play(self.nodes[index].cell as usize)
                .expect("a tree's move is legal");
            boards.push(board);
        }
        for (&index, board) in path.iter().zip(&boards).rev() {
            let (proof, disproof) = self.numbers_from_children(index, board.side_to_move());
            let node = &mut self.nodes[index];
            node.proof = proof;
            node.disproof = disproof;
            if node.is_settled() {
                let key = SymmetricKeys::of(board).canonical().key;
                solved.record(key, self.attacker, proof == 0);
            }
        }
    }

    /// The proof and disproof numbers of the expanded node `index`, whose
    /// side to move is `mover`, from its children's.
    fn numbers_from_children(&self, index: usize, mover: Side) -> (u32, u32) {
        let children = self.nodes[index].children().map(|child| &self.nodes[child]);
        let smallest_and_sum = |numbers: &mut dyn Iterator<Item = (u32, u32)>| {
            numbers.fold((UNREACHABLE, 0u32), |(smallest, sum), (small, add)| {
                (smallest.min(small), sum.saturating_add(add))
            })
        };
        if mover == self.attacker {
            smallest_and_sum(&mut children.map(|n| (n.proof, n.disproof)))
        } else {
            let (disproof, proof) = smallest_and_sum(&mut children.map(|n| (n.disproof, n.proof)));
            (proof, disproof)
        }
    }

    /// The root's child that settles the answer the root was settled with
    /// (a proven root: a won child; a disproven one: a child that escapes).
    /// The root's child the most-proving descent goes down next: where
    /// `mover` (the side to move at the root) attacks, the smallest proof
    /// number; where it defends, the smallest disproof number.
    fn most_promising_child(&self, mover: Side) -> Option<&Node> {
        let children = self.root().children().map(|child| &self.nodes[child]);
        if mover == self.attacker {
            children.min_by_key(|node| node.proof)
        } else {
            children.min_by_key(|node| node.disproof)
        }
    }

    fn settling_child(&self) -> Option<&Node> {
        let proven = self.root().proof == 0;
        self.root()
            .children()
            .map(|child| &self.nodes[child])
            .find(|node| {
                if proven {
                    node.proof == 0
                } else {
                    node.disproof == 0
                }
            })
    }

    /// Nodes in the proof (or disproof) of the settled node `index`,
    /// position `board`: the node, and below it one settled child where
    /// the side the answer favours moves, every child where the other
    /// side moves.
    pub fn proof_size(&self, index: usize, board: &Board) -> u64 {
        let node = &self.nodes[index];
        let proven = node.proof == 0;
        let favoured_moves = (board.side_to_move() == self.attacker) == proven;
        let mut children = node.children().filter(|&child| {
            let child = &self.nodes[child];
            if proven {
                child.proof == 0
            } else {
                child.disproof == 0
            }
        });
        let below = |child: usize| {
            let mut next = *board;
            next.play(self.nodes[child].cell as usize)
                .expect("a tree's move is legal");
            self.proof_size(child, &next)
        };
        1 + if favoured_moves {
            children.next().map_or(0, below)
        } else {
            children.map(below).sum()
        }
    }
}

impl PnsPlayer {
    pub fn new(time_limit: Option<Duration>) -> PnsPlayer {
        PnsPlayer::with_node_limit(time_limit, NODE_LIMIT)
    }

    /// A player whose trees may hold `node_limit` nodes together.
    pub fn with_node_limit(time_limit: Option<Duration>, node_limit: usize) -> PnsPlayer {
        PnsPlayer {
            time_limit,
            node_limit,
        }
    }

    /// The decision: the side to move's result proved, and a move that
    /// keeps it.
    pub fn search(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        self.search_with_tree(board, cancel).0
    }

    /// The decision and the tree of the question that decided it: the
    /// side to move's win when it wins, else the opponent's win, whose
    /// disproof holds the move that draws and whose proof the loss. A
    /// search stopped at its node limit hands out the tree it was growing;
    /// a finished game or a cancelled search none.
    pub fn search_with_tree(
        &mut self,
        board: &Board,
        cancel: &CancelFlag,
    ) -> (SearchReport, Option<ProofTree>) {
        let started = Instant::now();
        let mut report = SearchReport::new(PlayerKind::Pns, board);
        if game_over(&mut report, board) {
            report.finish(started);
            return (report, None);
        }
        let deadline = self.time_limit.map(|limit| started + limit);
        let mut ctx = SearchContext::new(cancel, deadline);
        let side = board.side_to_move();
        let mut solved = Solved::default();
        let mut win = ProofTree::new(side);
        let solved_win = win.solve(&mut ctx, board, self.node_limit, &mut solved);
        report.depth = win.depth;
        let outcome = match solved_win {
            Err(stopped) => Err((stopped, win)),
            Ok(true) => Ok((ProvenResult::Win, win, None)),
            Ok(false) => {
                let mut loss = ProofTree::new(side.opponent());
                let limit = self.node_limit - win.nodes.len();
                let solved_loss = loss.solve(&mut ctx, board, limit, &mut solved);
                report.depth = report.depth.max(loss.depth);
                match solved_loss {
                    Err(stopped) => Err((stopped, loss)),
                    Ok(true) => Ok((ProvenResult::Loss, win, Some(loss))),
                    Ok(false) => Ok((ProvenResult::Draw, win, Some(loss))),
                }
            }
        };
        let tree = match outcome {
            Ok((result, win, loss)) => {
                let tree_nodes = win.nodes.len() + loss.as_ref().map_or(0, |tree| tree.nodes.len());
                let proof_nodes = match (result, &loss) {
                    (ProvenResult::Draw, Some(loss)) => {
                        win.proof_size(0, board) + loss.proof_size(0, board)
                    }
                    (_, loss) => loss.as_ref().unwrap_or(&win).proof_size(0, board),
                };
                report.proof = Some(Proof {
                    result,
                    tree_nodes: tree_nodes as u64,
                    proof_nodes,
                });
                let deciding = loss.unwrap_or(win);
                // A loss has no saving move: any will do.
                report.best = deciding
                    .settling_child()
                    .map(|node| node.cell as usize)
                    .or_else(|| board.legal_moves().next());
                Some(deciding)
            }
            Err(_) if cancel.is_cancelled() => {
                report.aborted = true;
                None
            }
            Err((stopped, tree)) => {
                // Out of time or nodes, it still moves: the move its
                // search would expand next, the most promising one.
                report.best = tree
                    .most_promising_child(side)
                    .map(|node| node.cell as usize)
                    .or_else(|| board.legal_moves().next());
                report.note = Some(match stopped {
                    Stopped::NodeLimit => Note::NodeLimit {
                        nodes: self.node_limit as u64,
                    },
                    Stopped::Asked => Note::ProofTimeLimit {
                        nodes: ctx.stats.nodes,
                    },
                });
                Some(tree)
            }
        };
        report.aborted |= cancel.is_cancelled();
        report.stats = ctx.stats;
        report.finish(started);
        (report, tree)
    }
}

impl Player for PnsPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Pns
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        self.search(board, cancel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;

    /// Expands the most-proving leaf of `tree` once.
    fn step(tree: &mut ProofTree, ctx: &mut SearchContext, root: &Board) {
        let mut path = Vec::new();
        let board = tree.most_proving(root, &mut path);
        let mut solved = Solved::default();
        assert!(tree.expand(ctx, *path.last().unwrap(), &board, &solved));
        tree.update(root, &path, &mut solved);
    }

    fn numbers(node: &Node) -> (u32, u32) {
        (node.proof, node.disproof)
    }

    #[test]
    fn numbers_of_the_first_expansions_of_the_empty_board() {
        let cancel = CancelFlag::new();
        let mut ctx = SearchContext::new(&cancel, None);
        let root = Board::new(Shape::TIC_TAC_TOE);
        let mut tree = ProofTree::new(Side::Max);
        step(&mut tree, &mut ctx, &root);
        // X moves: a corner, an edge, the centre (the other six are
        // symmetric). Each leaves all 8 lines open, the nearest lacking 2
        // stones: 2 to prove, 8 to disprove. One child proves the root, all
        // three disprove it.
        let children: Vec<_> = tree.nodes[1..]
            .iter()
            .map(|n| (n.cell, numbers(n)))
            .collect();
        assert_eq!(children, [(0, (2, 8)), (1, (2, 8)), (4, (2, 8))]);
        assert_eq!(numbers(tree.root()), (2, 24));
        step(&mut tree, &mut ctx, &root);
        // The corner expanded: O's five replies up to the diagonal mirror,
        // each leaving X lines open (6 past the edge 1, 5 past the corner
        // 2, 4 past the centre, 6 past the edge 5, 5 past the corner 8),
        // the nearest lacking 2. All must be proved, one disproves.
        let corner = tree.nodes[1];
        let replies: Vec<_> = corner
            .children()
            .map(|child| (tree.nodes[child].cell, numbers(&tree.nodes[child])))
            .collect();
        assert_eq!(
            replies,
            [
                (1, (2, 6)),
                (2, (2, 5)),
                (4, (2, 4)),
                (5, (2, 6)),
                (8, (2, 5))
            ]
        );
        assert_eq!(numbers(&corner), (10, 4));
        assert_eq!(numbers(tree.root()), (2, 4 + 8 + 8));
        assert_eq!(ctx.stats.nodes, 3 + 5);
    }

    #[test]
    fn lines_settle_a_leaf_or_estimate_its_numbers() {
        // X to move completes the top row: won for X, not for O.
        let board: Board = "xx./oo./...".parse().unwrap();
        assert_eq!(leaf_numbers(&board, Side::Max), (0, UNREACHABLE));
        assert_eq!(leaf_numbers(&board, Side::Min), (UNREACHABLE, 0));
        // O to move cannot block X's three threats (3, 8 and 9).
        let board: Board = "xx./ox./o..".parse().unwrap();
        assert_eq!(leaf_numbers(&board, Side::Max), (0, UNREACHABLE));
        // Every line holds both marks: neither side can win any more.
        let board: Board = "xox/oox/.xo".parse().unwrap();
        assert_eq!(leaf_numbers(&board, Side::Max), (UNREACHABLE, 0));
        assert_eq!(leaf_numbers(&board, Side::Min), (UNREACHABLE, 0));
        // An open line lacks 3 stones but X has only 2 moves left.
        let board: Board = "oxo./xox./oox./x.ox".parse().unwrap();
        let x = Lines::of(&board, Side::Max);
        assert_eq!((x.open, x.fewest_missing), (1, 3));
        assert_eq!(leaf_numbers(&board, Side::Max), (UNREACHABLE, 0));
        // Nothing decided: each side's nearest line lacks 2 stones; X has
        // 4 lines without an O, O 5 without an X.
        let board: Board = "x../.o./...".parse().unwrap();
        assert_eq!(leaf_numbers(&board, Side::Max), (2, 4));
        assert_eq!(leaf_numbers(&board, Side::Min), (2, 5));
    }

    #[test]
    fn a_threat_leaves_only_the_block_and_symmetric_moves_one_child() {
        let cancel = CancelFlag::new();
        let mut ctx = SearchContext::new(&cancel, None);
        // O must block X's row at 3: the one child.
        let root: Board = "xx./o../...".parse().unwrap();
        let mut tree = ProofTree::new(Side::Max);
        step(&mut tree, &mut ctx, &root);
        let cells: Vec<_> = tree.nodes[1..].iter().map(|n| n.cell).collect();
        assert_eq!(cells, [2]);
    }

    #[test]
    fn a_win_in_one_is_proved_by_one_expansion() {
        let cancel = CancelFlag::new();
        let mut ctx = SearchContext::new(&cancel, None);
        let root: Board = "xx./oo./...".parse().unwrap();
        let mut tree = ProofTree::new(Side::Max);
        step(&mut tree, &mut ctx, &root);
        let won = tree.settling_child().unwrap();
        assert_eq!(won.cell, 2);
        assert_eq!(numbers(won), (0, UNREACHABLE));
        assert_eq!(numbers(tree.root()), (0, UNREACHABLE));
        assert_eq!(tree.proof_size(0, &root), 2);
        // Asked whether O wins, X's win in one disproves it just as fast.
        let mut tree = ProofTree::new(Side::Min);
        step(&mut tree, &mut ctx, &root);
        assert_eq!(numbers(tree.root()), (UNREACHABLE, 0));
        assert_eq!(tree.proof_size(0, &root), 2);
    }

    #[test]
    fn a_search_stopped_by_its_node_limit_says_so_and_still_moves() {
        let cancel = CancelFlag::new();
        let board = Board::new(Shape::TIC_TAC_TOE);
        let (report, tree) =
            PnsPlayer::with_node_limit(None, 100).search_with_tree(&board, &cancel);
        assert!(!report.aborted);
        // The most promising first move: asked whether X wins, X attacks
        // at the root, so the child with the smallest proof number.
        let tree = tree.unwrap();
        let children: Vec<&Node> = tree.root().children().map(|c| &tree.nodes[c]).collect();
        let smallest = children.iter().map(|node| node.proof).min().unwrap();
        let best = children
            .iter()
            .find(|node| Some(node.cell as usize) == report.best)
            .unwrap();
        assert_eq!(best.proof, smallest);
        assert!(children.iter().any(|node| node.proof > smallest));
        assert_eq!(report.proof, None);
        assert_eq!(report.note, Some(Note::NodeLimit { nodes: 100 }));
        // Out of time, it moves too, and says so.
        let empty = Board::new(Shape::FIVE_BY_FIVE);
        let report =
            PnsPlayer::new(Some(std::time::Duration::from_millis(20))).search(&empty, &cancel);
        assert!(!report.aborted && report.best.is_some(), "{report:?}");
        assert!(
            matches!(report.note, Some(Note::ProofTimeLimit { nodes }) if nodes > 0),
            "{:?}",
            report.note
        );
        // Cancelled, it says nothing of a limit.
        cancel.cancel();
        let report = PnsPlayer::new(None).search(&board, &cancel);
        assert!(report.aborted);
        assert_eq!(report.note, None);
    }

    #[test]
    fn a_defender_with_one_escape_left_needs_it_in_the_disproof() {
        let cancel = CancelFlag::new();
        let mut ctx = SearchContext::new(&cancel, None);
        // O to move must block at 3 (cell 3 completes X's column); does X
        // win? O's block leaves a full board: the defender's one escape.
        let root: Board = "xox/.ox/oxo".parse().unwrap();
        let mut tree = ProofTree::new(Side::Max);
        step(&mut tree, &mut ctx, &root);
        assert_eq!(tree.root().children, 1);
        assert_eq!(numbers(tree.root()), (UNREACHABLE, 0));
        assert_eq!(tree.proof_size(0, &root), 2);
    }
}
