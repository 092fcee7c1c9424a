use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::board::{Board, Outcome, Side};
use crate::geometry::bits;
use crate::player::Player;
use crate::player_kind::PlayerKind;
use crate::report::MoveScore;
use crate::report::{Note, SearchReport};
use crate::search::CancelFlag;
use crate::search::{POLL_INTERVAL, game_over};

pub mod trace;

/// The player's UCT exploration constant c (sqrt 2, the textbook value for
/// results in 0..1).
pub const EXPLORATION: f64 = std::f64::consts::SQRT_2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terminal {
    No,
    /// The move into this node won the game.
    Win,
    Draw,
}

/// A tree node: the position after `cell` was played (read by
/// `tictactoe_tools::tree` to record the search).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Node {
    pub cell: u8,
    pub terminal: Terminal,
    pub expanded: bool,
    pub child_count: u8,
    pub first_child: u32,
    pub visits: u32,
    /// Sum of results for the side that played `cell`: 1 win, 0.5 draw.
    pub reward: f64,
}

impl Node {
    fn new(cell: usize, terminal: Terminal) -> Node {
        Node {
            cell: cell as u8,
            terminal,
            expanded: false,
            child_count: 0,
            first_child: 0,
            visits: 0,
            reward: 0.0,
        }
    }

    /// The indices of the children in the tree.
    pub fn children(&self) -> std::ops::Range<usize> {
        self.first_child as usize..self.first_child as usize + self.child_count as usize
    }

    /// The mean result for the side that played `cell` (0 unvisited).
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / self.visits as f64
        }
    }
}

/// Monte Carlo tree search with UCT selection and uniformly random
/// playouts; the move tried most often is played. Each search draws its
/// own seed from the player's generator and runs from it, and its report
/// keeps that seed (`replay_seed`), so the search can be replayed exactly.
pub struct MctsPlayer {
    playouts: u32,
    rng: ChaCha8Rng,
}

impl MctsPlayer {
    pub fn new(playouts: u32, seed: u64) -> MctsPlayer {
        MctsPlayer {
            playouts: playouts.max(1),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The seed the next search runs from.
    pub fn next_search_seed(&mut self) -> u64 {
        self.rng.random()
    }
}

/// What a playout does, told as it happens: the searches run with `()`,
/// which compiles away; `trace::Recorder` keeps it as a `PlayoutTrace`.
pub trait PlayoutObserver {
    /// Selection chose `child` among the children of `parent`, whose
    /// position is `position` (before `child`'s move).
    fn selected(&mut self, _tree: &[Node], _parent: usize, _child: usize, _position: &Board) {}
    /// `node` got its children this playout.
    fn expanded(&mut self, _node: usize) {}
    /// The random playout played `cell`.
    fn played(&mut self, _cell: usize) {}
}

impl PlayoutObserver for () {}

/// Plays random moves to the end; the winner, or `None` for a draw. Each
/// move is the `pick`-th legal one in cell order for a `pick` drawn below
/// their count. It plays on the bare bitboards of `board` (no Zobrist key,
/// which nothing reads here), keeping the side to move and the count of
/// moves as it goes instead of counting bits each move.
#[inline(always)]
fn playout(
    rng: &mut ChaCha8Rng,
    board: &Board,
    nodes: &mut u64,
    observer: &mut impl PlayoutObserver,
) -> Option<Side> {
    let geometry = board.geometry();
    let gravity = geometry.shape.gravity();
    let mut side = board.side_to_move();
    let mut stones = [board.stones(Side::Max), board.stones(Side::Min)];
    let mut occupied = board.occupied();
    let mut moves = board.moves();
    let mut count = moves.count_ones();
    while count > 0 {
        let pick = rng.random_range(0..count as usize);
        let cell = nth_cell(moves, pick);
        let bit = 1u64 << cell;
        let own = &mut stones[side.index()];
        *own |= bit;
        occupied |= bit;
        *nodes += 1;
        observer.played(cell);
        if geometry.completes_line(cell, *own) {
            return Some(side);
        }
        moves = geometry.playable(occupied);
        // The cell played leaves the moves; with gravity, the cell above it
        // joins them (if it is on the board and empty).
        count -= 1;
        if gravity && moves & bit >> geometry.width != 0 {
            count += 1;
        }
        side = side.opponent();
    }
    None
}

/// The `n`-th (from 0) set bit of `mask`, counted from the lowest, for
/// `n` below the number of set bits. Without a loop over the bits (whose
/// random length the processor cannot predict) and without a popcount
/// instruction (the baseline x86-64 target has none): the set bits of
/// each byte are counted side by side, their running totals show the byte
/// that holds the bit, and a table finds it there (Vigna's broadword
/// select).
#[inline(always)]
fn nth_cell(mask: u64, n: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut counts = mask - (mask >> 1 & 0x5555_5555_5555_5555);
    counts = (counts & 0x3333_3333_3333_3333) + (counts >> 2 & 0x3333_3333_3333_3333);
    counts = (counts + (counts >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i: the set bits in bytes 0 to i.
    let totals = counts.wrapping_mul(ONES);
    // The high bit of byte i set where those are at most `n`: the bit
    // lies beyond byte i. Such bytes come first, so their number is the
    // byte that holds it.
    let passed = (((n as u64 * ONES) | HIGHS) - totals) & HIGHS;
    let byte = ((passed >> 7).wrapping_mul(ONES) >> 56) as usize;
    let before = ((totals << 8) >> (8 * byte)) as usize & 0xFF;
    let bits = (mask >> (8 * byte)) as usize & 0xFF;
    8 * byte + usize::from(NTH_IN_BYTE[(n - before) << 8 | bits])
}

/// `NTH_IN_BYTE[n << 8 | byte]`: the place of the `n`-th set bit of `byte`.
static NTH_IN_BYTE: [u8; 8 * 256] = {
    let mut table = [0; 8 * 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut place, mut n) = (0, 0);
        while place < 8 {
            if byte >> place & 1 == 1 {
                table[n << 8 | byte] = place as u8;
                n += 1;
            }
            place += 1;
        }
        byte += 1;
    }
    table
};

fn expand(tree: &mut Vec<Node>, index: usize, board: &Board) {
    let side = board.side_to_move();
    let first = tree.len();
    for cell in bits(board.moves()) {
        let mut child = *board;
        child.toggle(cell, side);
        let terminal = if child.completes_line(cell, side) {
            Terminal::Win
        } else if child.empty() == 0 {
            Terminal::Draw
        } else {
            Terminal::No
        };
        tree.push(Node::new(cell, terminal));
    }
    let count = tree.len() - first;
    let node = &mut tree[index];
    node.first_child = first as u32;
    node.child_count = count as u8;
    node.expanded = true;
}

/// A visited child's UCB score as its two terms, for the side choosing it:
/// the mean result it has earned (exploitation) and what exploration adds,
/// `exploration * sqrt(ln parent_visits / visits)`.
#[inline(always)]
pub fn ucb_terms(child: &Node, log_parent_visits: f64, exploration: f64) -> (f64, f64) {
    let visits = child.visits as f64;
    (
        child.reward / visits,
        exploration * (log_parent_visits / visits).sqrt(),
    )
}

/// The child to descend into: an unvisited one first (the lowest cell),
/// else the best UCB (the last of equals). Always inlined: it is the
/// search's inner loop, and `MctsSearch::choice` calls it too.
#[inline(always)]
fn select(tree: &[Node], index: usize, exploration: f64) -> usize {
    let node = &tree[index];
    let children = node.children();
    if let Some(unvisited) = children.clone().find(|&c| tree[c].visits == 0) {
        return unvisited;
    }
    let log_visits = (node.visits as f64).ln();
    let ucb = |c: usize| {
        let (exploitation, exploration) = ucb_terms(&tree[c], log_visits, exploration);
        exploitation + exploration
    };
    children
        .max_by(|&a, &b| ucb(a).total_cmp(&ucb(b)))
        .expect("expanded nodes have children")
}

/// What the playouts count besides the tree.
#[derive(Clone, Copy)]
struct Counts {
    /// Moves made: in the tree and in the random playouts.
    nodes: u64,
    /// The deepest ply selection reached.
    deepest: u32,
}

/// One playout from `board` on `tree`, its path left in `path`, each
/// phase told to `observer`: the winner, `None` for a draw. The one loop
/// of both the stepping run and the player's search, on locals so that
/// they stay in registers.
#[inline(always)]
fn grow(
    board: &Board,
    exploration: f64,
    tree: &mut Vec<Node>,
    path: &mut Vec<usize>,
    rng: &mut ChaCha8Rng,
    counts: &mut Counts,
    observer: &mut impl PlayoutObserver,
) -> Option<Side> {
    let mut position = *board;
    path.clear();
    path.push(0);
    let mut index = 0;
    let mut side = board.side_to_move();
    // Selection and expansion: walk down until a new or final node.
    while tree[index].terminal == Terminal::No {
        if !tree[index].expanded {
            expand(tree, index, &position);
            observer.expanded(index);
        }
        let child = select(tree, index, exploration);
        observer.selected(tree, index, child, &position);
        position.toggle(tree[child].cell as usize, side);
        side = side.opponent();
        counts.nodes += 1;
        path.push(child);
        index = child;
        if tree[child].visits == 0 {
            break;
        }
    }
    counts.deepest = counts.deepest.max(path.len() as u32 - 1);
    let winner = match tree[index].terminal {
        // The side that moved into the final node is the one not to move now.
        Terminal::Win => Some(side.opponent()),
        Terminal::Draw => None,
        Terminal::No => playout(rng, &position, &mut counts.nodes, observer),
    };
    // Back-propagation: each node is credited for the side that moved into it.
    let mut mover = board.side_to_move().opponent();
    for &step in path.iter() {
        let node = &mut tree[step];
        node.visits += 1;
        node.reward += match winner {
            None => 0.5,
            Some(side) if side == mover => 1.0,
            Some(_) => 0.0,
        };
        mover = mover.opponent();
    }
    winner
}

/// A Monte Carlo tree search run one playout at a time: the `mcts`
/// player's search is this run to its playouts, so a run with the same
/// seed and `EXPLORATION` grows the same tree.
#[derive(Clone)]
pub struct MctsSearch {
    board: Board,
    exploration: f64,
    rng: ChaCha8Rng,
    /// The root first; each node's children together, in cell order.
    tree: Vec<Node>,
    counts: Counts,
    /// The last playout's path through the tree, the root first.
    path: Vec<usize>,
}

impl MctsSearch {
    /// A search of `board` with its generator seeded by `seed` and the
    /// exploration constant `exploration`; `None` when the game is over.
    pub fn new(board: &Board, seed: u64, exploration: f64) -> Option<MctsSearch> {
        if board.outcome() != Outcome::Ongoing {
            return None;
        }
        Some(MctsSearch {
            board: *board,
            exploration,
            rng: ChaCha8Rng::seed_from_u64(seed),
            tree: vec![Node::new(0, Terminal::No)],
            counts: Counts {
                nodes: 0,
                deepest: 0,
            },
            path: Vec::with_capacity(board.cells() + 1),
        })
    }

    /// Runs up to `playouts` playouts, each as `observed_playout` does
    /// but untold, and stops early once `cancel` is set (it looks every
    /// `POLL_INTERVAL` moves): whether all of them ran.
    pub fn run(&mut self, playouts: u32, cancel: &CancelFlag) -> bool {
        // Locals across the playouts, not fields behind `self`: the loop
        // then costs no more than a search that could not step would.
        let mut tree = std::mem::take(&mut self.tree);
        let mut path = std::mem::take(&mut self.path);
        let mut counts = self.counts;
        let mut rng = self.rng.clone();
        let mut next_poll = counts.nodes + POLL_INTERVAL;
        let mut finished = true;
        for _ in 0..playouts {
            if counts.nodes >= next_poll {
                next_poll = counts.nodes + POLL_INTERVAL;
                if cancel.is_cancelled() {
                    finished = false;
                    break;
                }
            }
            grow(
                &self.board,
                self.exploration,
                &mut tree,
                &mut path,
                &mut rng,
                &mut counts,
                &mut (),
            );
        }
        self.tree = tree;
        self.path = path;
        self.counts = counts;
        self.rng = rng;
        finished
    }

    /// Runs one playout: selection down the tree, expansion, the random
    /// playout, and its result carried back up the path; each phase is
    /// told to `observer`. The winner, `None` for a draw.
    pub fn observed_playout(&mut self, observer: &mut impl PlayoutObserver) -> Option<Side> {
        grow(
            &self.board,
            self.exploration,
            &mut self.tree,
            &mut self.path,
            &mut self.rng,
            &mut self.counts,
            observer,
        )
    }

    /// The position searched.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The tree: the root first, each node's children together in cell order.
    pub fn tree(&self) -> &[Node] {
        &self.tree
    }

    /// The playouts run so far.
    pub fn playouts(&self) -> u32 {
        self.tree[0].visits
    }

    /// The last playout's path: tree indices, the root first.
    pub fn path(&self) -> &[usize] {
        &self.path
    }

    /// The exploration constant c the next playouts use.
    pub fn exploration(&self) -> f64 {
        self.exploration
    }

    /// Sets c for the playouts from now on (the tree stays as it grew).
    pub fn set_exploration(&mut self, exploration: f64) {
        self.exploration = exploration;
    }
}

impl Player for MctsPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Mcts
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        let seed = self.next_search_seed();
        search(board, cancel, self.playouts, seed).0
    }
}

/// Runs `playouts` playouts from `board` with the generator seeded by
/// `seed` (stopping early once `cancel` is set): the report and the tree.
pub fn search(
    board: &Board,
    cancel: &CancelFlag,
    playouts: u32,
    seed: u64,
) -> (SearchReport, Vec<Node>) {
    let started = Instant::now();
    let mut report = SearchReport::new(PlayerKind::Mcts, board);
    report.replay_seed = Some(seed);
    if game_over(&mut report, board) {
        report.finish(started);
        return (report, Vec::new());
    }
    let mut run = MctsSearch::new(board, seed, EXPLORATION).expect("the game is open");
    report.aborted = !run.run(playouts, cancel);
    let MctsSearch {
        tree,
        counts: Counts { nodes, deepest },
        ..
    } = run;
    let root = &tree[0];
    let children = root.children();
    report.moves = children
        .clone()
        .map(|c| {
            let cell = tree[c].cell as usize;
            MoveScore::sampled(cell, tree[c].visits, board.side_to_move(), tree[c].mean())
        })
        .collect();
    report.best = children
        .max_by_key(|&c| tree[c].visits)
        .map(|c| tree[c].cell as usize);
    report.pv = principal_line(&tree);
    report.stats.nodes = nodes;
    report.stats.leaf_evals = root.visits as u64;
    report.depth = deepest;
    report.note = Some(Note::Playouts {
        playouts: u64::from(root.visits),
        nodes: tree.len() as u64,
    });
    report.finish(started);
    (report, tree)
}

/// The most visited line through the tree.
fn principal_line(tree: &[Node]) -> Vec<usize> {
    let mut line = Vec::new();
    let mut index = 0;
    while tree[index].expanded {
        let Some(child) = tree[index]
            .children()
            .filter(|&c| tree[c].visits > 0)
            .max_by_key(|&c| tree[c].visits)
        else {
            break;
        };
        line.push(tree[child].cell as usize);
        index = child;
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;

    /// Keeps the cells a playout plays.
    struct Played(Vec<usize>);

    impl PlayoutObserver for Played {
        fn played(&mut self, cell: usize) {
            self.0.push(cell);
        }
    }

    /// A playout as the rules tell it: the legal moves listed afresh each
    /// turn, the drawn one played on the board.
    fn playout_by_the_rules(rng: &mut ChaCha8Rng, mut board: Board) -> (Option<Side>, Vec<usize>) {
        let mut played = Vec::new();
        loop {
            let moves: Vec<usize> = board.legal_moves().collect();
            if moves.is_empty() {
                return (None, played);
            }
            let cell = moves[rng.random_range(0..moves.len())];
            let side = board.play(cell).expect("a legal move");
            played.push(cell);
            if board.completes_line(cell, side) {
                return (Some(side), played);
            }
        }
    }

    /// `nth_cell` finds each set bit of masks sparse and dense, as
    /// counting them off from the lowest does.
    #[test]
    fn nth_cell_is_the_nth_set_bit() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for round in 0..20_000 {
            let mask: u64 = match round % 3 {
                0 => rng.random::<u64>() & rng.random::<u64>(),
                1 => rng.random(),
                _ => rng.random::<u64>() | rng.random::<u64>(),
            };
            for (n, cell) in bits(mask).enumerate() {
                assert_eq!(nth_cell(mask, n), cell, "{mask:#x} {n}");
            }
        }
        assert_eq!(nth_cell(u64::MAX, 63), 63);
        assert_eq!(nth_cell(1 << 63, 0), 63);
    }

    /// The playout on bare bitboards, with its running count of moves,
    /// plays what the rules give for the same draws on every shape, from
    /// either side's turn.
    #[test]
    fn playouts_play_the_rules_moves_for_their_draws() {
        for shape in Shape::all() {
            for seed in 0..6 {
                let mut board = Board::new(shape);
                for _ in 0..seed % 3 {
                    let first = board.legal_moves().next().expect("an open board");
                    board.play(first).expect("a legal move");
                }
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut by_the_rules = rng.clone();
                let mut played = Played(Vec::new());
                let mut nodes = 0;
                let winner = playout(&mut rng, &board, &mut nodes, &mut played);
                let (expected_winner, expected) = playout_by_the_rules(&mut by_the_rules, board);
                assert_eq!(nodes as usize, expected.len(), "{shape:?} seed {seed}");
                assert_eq!(
                    (winner, played.0),
                    (expected_winner, expected),
                    "{shape:?} seed {seed}"
                );
            }
        }
    }
}
