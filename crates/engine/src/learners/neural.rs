//! The neural player: a PUCT search (as in AlphaZero) guided by the
//! policy-and-value network of `network`, and the self-play games it
//! learns from.
//!
//! The search grows a tree from the position. Each simulation walks down
//! from the root, at every node taking the move with the highest PUCT
//! score, its mean value so far plus a bonus for a high prior and few
//! visits: `Q + c * P * sqrt(N) / (1 + n)`. At a position not seen
//! yet it asks the network for that position's prior and value (no random
//! playouts) and carries the value back up the path, each node counting
//! it for the side that moved into it; a finished game counts its result
//! instead. The move visited most is played. With no simulations the
//! player is the bare policy: the network's first choice.

use std::borrow::Borrow;
use std::time::Instant;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::network::{INITIAL_SEED, Input, Network, SMALL_BOARD_CELLS, Sample};
use crate::board::{Board, Outcome, Side};
use crate::geometry::bits;
use crate::geometry::{MAX_CELLS, Shape};
use crate::player::Player;
use crate::player_kind::{Difficulty, PlayerKind};
use crate::report::{MoveScore, Note, SearchReport};
use crate::search::{CancelFlag, game_over};

pub mod beliefs;
pub mod trace;

/// The weight of the prior against the mean value in the PUCT score, the
/// c of the player's searches and of self-play.
pub const C_PUCT: f32 = 1.5;

/// Simulations per move at Easy, Medium and Hard on boards of up to
/// `SMALL_BOARD_CELLS` cells: the bare policy at Easy.
pub const SMALL_BOARD_LEVELS: [u32; 3] = [0, 16, 200];
/// The same on larger boards (Connect Four): their network is less sure,
/// and a simulation costs about a microsecond there, so Hard searches 32
/// times as much (some 6 ms a move) and Medium as much as the small
/// boards' Hard (measured in docs/neural-connect-four.md, "Levels").
pub const LARGE_BOARD_LEVELS: [u32; 3] = [0, 200, 6400];

/// The simulations a difficulty gives on a board of `shape`; a number (a
/// "depth") is taken as that many simulations.
pub fn simulations(difficulty: Difficulty, shape: Shape) -> u32 {
    let levels = if shape.cells() <= SMALL_BOARD_CELLS {
        SMALL_BOARD_LEVELS
    } else {
        LARGE_BOARD_LEVELS
    };
    match difficulty {
        Difficulty::Easy => levels[0],
        Difficulty::Medium => levels[1],
        Difficulty::Hard => levels[2],
        Difficulty::Depth(count) => count,
    }
}

/// Simulations between two looks at the cancel flag.
const POLL_SIMULATIONS: u32 = 64;

/// How a node's position stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Open,
    /// The move into this node won the game.
    Won,
    Drawn,
}

/// A node of the search tree: the position after `cell` was played.
#[derive(Debug, Clone, Copy)]
pub struct Node {
    pub cell: u8,
    pub ending: Ending,
    pub expanded: bool,
    pub child_count: u8,
    pub first_child: u32,
    /// The network's prior for `cell` in the parent's position.
    pub prior: f32,
    /// Simulations through this node, its own evaluation included.
    pub visits: u32,
    /// The values these simulations brought back, for the side that moved
    /// into the node (-1 lost to +1 won).
    pub value_sum: f32,
}

impl Node {
    fn new(cell: usize, ending: Ending, prior: f32) -> Node {
        Node {
            cell: cell as u8,
            ending,
            expanded: false,
            child_count: 0,
            first_child: 0,
            prior,
            visits: 0,
            value_sum: 0.0,
        }
    }

    pub fn children(&self) -> std::ops::Range<usize> {
        self.first_child as usize..self.first_child as usize + self.child_count as usize
    }

    /// The mean value for the side that moved into the node (0 unvisited).
    pub fn mean(&self) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.value_sum / self.visits as f32
        }
    }

    /// The child's PUCT score seen from its parent with `parent_visits`,
    /// with the exploration constant `exploration`: the mean value for the
    /// side choosing (0, a draw, before any visit) plus the prior's bonus,
    /// which shrinks as the child is visited.
    pub fn puct(&self, parent_visits: u32, exploration: f32) -> f32 {
        let (mean, bonus) = self.puct_terms(parent_visits, exploration);
        mean + bonus
    }

    /// The PUCT score's two terms: the mean value (exploitation) and the
    /// prior's bonus `exploration * P * sqrt(N) / (1 + n)` (exploration).
    #[inline(always)]
    pub fn puct_terms(&self, parent_visits: u32, exploration: f32) -> (f32, f32) {
        (
            self.mean(),
            exploration * self.prior * (parent_visits as f32).sqrt() / (1.0 + self.visits as f32),
        )
    }
}

/// A search's tree and what it cost.
#[derive(Debug, Clone)]
pub struct Search {
    /// The root first; each node's children together, in cell order.
    pub tree: Vec<Node>,
    /// The network's value of the root position for its side to move.
    pub value: f32,
    /// Network evaluations (the root's included).
    pub evaluations: u64,
    /// Moves made in the tree (positions entered below the root).
    pub nodes: u64,
    /// The deepest ply a simulation reached.
    pub depth: u32,
    pub aborted: bool,
}

impl Search {
    /// The root's children, most visited first (then the higher prior,
    /// then the lower cell).
    fn ranked(&self) -> Vec<usize> {
        let mut children: Vec<usize> = self.tree[0].children().collect();
        children.sort_by(|&a, &b| {
            let (a, b) = (&self.tree[a], &self.tree[b]);
            b.visits
                .cmp(&a.visits)
                .then(b.prior.total_cmp(&a.prior))
                .then(a.cell.cmp(&b.cell))
        });
        children
    }

    /// The move to play: the most visited (with no simulations, the
    /// highest prior).
    pub fn best(&self) -> Option<usize> {
        self.ranked()
            .first()
            .map(|&child| self.tree[child].cell as usize)
    }

    /// The most visited line.
    pub fn principal_line(&self) -> Vec<usize> {
        let mut line = Vec::new();
        let mut index = 0;
        while self.tree[index].expanded {
            let Some(child) = self.tree[index]
                .children()
                .filter(|&c| self.tree[c].visits > 0)
                .max_by(|&a, &b| {
                    let (a, b) = (&self.tree[a], &self.tree[b]);
                    a.visits.cmp(&b.visits).then(b.cell.cmp(&a.cell))
                })
            else {
                break;
            };
            line.push(self.tree[child].cell as usize);
            index = child;
        }
        line
    }
}

/// A value for `side` (-1 lost to +1 won) on X's scale.
fn value_on_x_scale(side: Side, value: f32) -> f64 {
    f64::from(side.sign() as f32 * value)
}

/// The network's value of the position after the side to move in
/// `board` plays `cell`, on X's scale: the result itself where the move
/// ends the game, which the network is never asked about.
pub fn value_after(network: &Network, board: &Board, cell: usize) -> f64 {
    let mover = board.side_to_move();
    let mut after = *board;
    after.toggle(cell, mover);
    match ending_after(&after, cell, mover) {
        Ending::Won => f64::from(mover.sign()),
        Ending::Drawn => 0.0,
        Ending::Open => value_on_x_scale(mover.opponent(), network.evaluate(&after).value),
    }
}

/// How the move into a position ended the game, if it did.
fn ending_after(board: &Board, cell: usize, mover: Side) -> Ending {
    if board.completes_line(cell, mover) {
        Ending::Won
    } else if board.empty() == 0 {
        Ending::Drawn
    } else {
        Ending::Open
    }
}

/// Gives `tree[index]` (the position `board`, not finished) its children,
/// with the network's priors (mixed with `noise` at the root of a
/// self-play search); returns the network's value for the side to move.
fn expand(
    network: &Network,
    tree: &mut Vec<Node>,
    index: usize,
    board: &Board,
    noise: Option<(&[f32; MAX_CELLS], f32)>,
) -> f32 {
    let evaluation = network.evaluate(board);
    let mover = board.side_to_move();
    let first = tree.len();
    for cell in bits(board.moves()) {
        let mut child = *board;
        child.toggle(cell, mover);
        let prior = match noise {
            Some((noise, share)) => (1.0 - share) * evaluation.priors[cell] + share * noise[cell],
            None => evaluation.priors[cell],
        };
        tree.push(Node::new(cell, ending_after(&child, cell, mover), prior));
    }
    let count = tree.len() - first;
    let node = &mut tree[index];
    node.first_child = first as u32;
    node.child_count = count as u8;
    node.expanded = true;
    evaluation.value
}

/// The child of `index` with the highest PUCT score with the exploration
/// constant `exploration` (the first among equals).
fn select(tree: &[Node], index: usize, exploration: f32) -> usize {
    let parent_visits = tree[index].visits;
    tree[index]
        .children()
        .reduce(|best, child| {
            if tree[child].puct(parent_visits, exploration)
                > tree[best].puct(parent_visits, exploration)
            {
                child
            } else {
                best
            }
        })
        .expect("an open position has moves")
}

/// What a simulation does, told as it happens: the searches run with
/// `()`, which compiles away; `trace` keeps it as a `SimulationTrace`.
pub trait SimulationObserver {
    /// Selection chose `child` among the children of `parent`, whose
    /// position is `position` (before `child`'s move).
    fn selected(&mut self, _tree: &[Node], _parent: usize, _child: usize, _position: &Board) {}
    /// The network evaluated `node`, which got its children: `value` for
    /// the side to move there.
    fn evaluated(&mut self, _node: usize, _value: f32) {}
}

impl SimulationObserver for () {}

/// A PUCT search run one simulation at a time: `search` is this run to
/// its simulations with `C_PUCT`.
///
/// It reaches its network through `N`: the player's searches and
/// self-play borrow it (`&Network`), at no cost; a search that must own
/// what it uses, to move to another thread, shares it (`Arc<Network>`).
#[derive(Clone)]
pub struct PuctSearch<N: Borrow<Network>> {
    network: N,
    board: Board,
    /// The exploration constant c the next simulations use.
    exploration: f32,
    search: Search,
    /// The last simulation's path, the root first.
    path: Vec<usize>,
}

impl<N: Borrow<Network>> PuctSearch<N> {
    /// A search of `board` (an unfinished position of the network's size)
    /// with `C_PUCT`: the root evaluated, its priors mixed with `noise`
    /// (self-play's) by its share.
    pub fn new(
        network: N,
        board: &Board,
        noise: Option<(&[f32; MAX_CELLS], f32)>,
    ) -> PuctSearch<N> {
        let mut tree = vec![Node::new(0, Ending::Open, 1.0)];
        let value = expand(network.borrow(), &mut tree, 0, board, noise);
        tree[0].visits = 1;
        tree[0].value_sum = -value;
        PuctSearch {
            network,
            board: *board,
            exploration: C_PUCT,
            search: Search {
                tree,
                value,
                evaluations: 1,
                nodes: 0,
                depth: 0,
                aborted: false,
            },
            path: Vec::with_capacity(board.cells() + 1),
        }
    }

    /// Runs up to `simulations` simulations, stopping early once `cancel`
    /// is set (it looks every `POLL_SIMULATIONS`): whether all of them ran.
    pub fn run(&mut self, simulations: u32, cancel: &CancelFlag) -> bool {
        for simulation in 0..simulations {
            if simulation % POLL_SIMULATIONS == 0 && simulation > 0 && cancel.is_cancelled() {
                self.search.aborted = true;
                return false;
            }
            self.observed_simulation(&mut ());
        }
        true
    }

    /// One simulation: down the tree by PUCT to a new position (which the
    /// network evaluates and expands) or the end of the game, and the value
    /// carried back up the path; each phase is told to `observer`. The
    /// value for the side that moved into the last node.
    pub fn observed_simulation(&mut self, observer: &mut impl SimulationObserver) -> f32 {
        let network = self.network.borrow();
        let exploration = self.exploration;
        let search = &mut self.search;
        let tree = &mut search.tree;
        let path = &mut self.path;
        let mut position = self.board;
        path.clear();
        path.push(0);
        let mut index = 0;
        // Down to a new position or the end of the game.
        let leaf_value = loop {
            let child = select(tree, index, exploration);
            observer.selected(tree, index, child, &position);
            position.toggle(tree[child].cell as usize, position.side_to_move());
            search.nodes += 1;
            path.push(child);
            index = child;
            match tree[child].ending {
                Ending::Won => break 1.0,
                Ending::Drawn => break 0.0,
                Ending::Open if !tree[child].expanded => {
                    search.evaluations += 1;
                    let value = expand(network, tree, child, &position, None);
                    observer.evaluated(child, value);
                    // The value for the side to move there is minus the
                    // mover's.
                    break -value;
                }
                Ending::Open => {}
            }
        };
        search.depth = search.depth.max(path.len() as u32 - 1);
        // Up the path: each node counts the value for the side that moved
        // into it, which alternates.
        let mut value = leaf_value;
        for &step in path.iter().rev() {
            let node = &mut tree[step];
            node.visits += 1;
            node.value_sum += value;
            value = -value;
        }
        leaf_value
    }

    /// The search so far: its tree and what it cost.
    pub fn search(&self) -> &Search {
        &self.search
    }

    /// The simulations run so far (the root's own evaluation, made when
    /// the search was created, not counted: 0 before the first).
    pub fn simulations(&self) -> u32 {
        self.search.tree[0].visits - 1
    }

    /// The position searched.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The exploration constant c the next simulations use.
    pub fn exploration(&self) -> f32 {
        self.exploration
    }

    /// Sets c for the simulations from now on (the tree stays as it grew).
    pub fn set_exploration(&mut self, exploration: f32) {
        self.exploration = exploration;
    }

    /// The last simulation's path: tree indices, the root first.
    pub fn path(&self) -> &[usize] {
        &self.path
    }

    pub fn into_search(self) -> Search {
        self.search
    }
}

/// Runs `simulations` PUCT simulations from `board` (an unfinished
/// position of the network's size), stopping early once `cancel` is set.
/// `noise`, for self-play, is mixed into the root's priors with its share.
pub fn search(
    network: &Network,
    board: &Board,
    simulations: u32,
    noise: Option<(&[f32; MAX_CELLS], f32)>,
    cancel: &CancelFlag,
) -> Search {
    let mut run = PuctSearch::new(network, board, noise);
    run.run(simulations, cancel);
    run.into_search()
}

/// The network and how it searches: a player.
pub struct NeuralPlayer {
    network: Network,
    /// Its simulations, which depend on the board it is asked about.
    difficulty: Difficulty,
    /// Self-play games the network learned from (0: untrained).
    games: u64,
}

impl NeuralPlayer {
    pub fn new(network: Network, difficulty: Difficulty, games: u64) -> NeuralPlayer {
        NeuralPlayer {
            network,
            difficulty,
            games,
        }
    }

    /// The report and the search's tree for `board`.
    pub fn search(&self, board: &Board, cancel: &CancelFlag) -> (SearchReport, Option<Search>) {
        let started = Instant::now();
        let mut report = SearchReport::new(PlayerKind::Neural, board);
        if game_over(&mut report, board) {
            report.finish(started);
            return (report, None);
        }
        // An untrained network is the same random one on every board: it
        // is made for the board it is asked about.
        let untrained;
        let network = if board.shape() == self.network.shape() {
            &self.network
        } else if self.games == 0 {
            untrained = Network::new(board.shape(), INITIAL_SEED);
            &untrained
        } else {
            report.note = Some(Note::NetworkSize {
                network: self.network.shape(),
                board: board.shape(),
            });
            report.finish(started);
            return (report, None);
        };
        let simulations = simulations(self.difficulty, board.shape());
        let result = search(network, board, simulations, None, cancel);
        let mover = board.side_to_move();
        report.moves = result.tree[0]
            .children()
            .map(|child| {
                let node = &result.tree[child];
                let searched =
                    (simulations > 0).then(|| (node.visits, value_on_x_scale(mover, node.mean())));
                let cell = node.cell as usize;
                let value = value_after(network, board, cell);
                MoveScore::guided(cell, f64::from(node.prior), value, searched)
            })
            .collect();
        report.best = result.best();
        report.pv = if simulations > 0 {
            result.principal_line()
        } else {
            report.best.into_iter().collect()
        };
        report.network_value = Some(value_on_x_scale(mover, result.value));
        report.stats.nodes = result.nodes;
        report.stats.leaf_evals = result.evaluations;
        report.depth = result.depth;
        report.aborted = result.aborted;
        report.note = Some(Note::Neural {
            simulations,
            games: self.games,
        });
        report.finish(started);
        (report, Some(result))
    }
}

impl Player for NeuralPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Neural
    }

    fn choose_move(&mut self, board: &Board, cancel: &CancelFlag) -> SearchReport {
        self.search(board, cancel).0
    }
}

/// How self-play games are played: the exploration that makes their
/// positions varied and the search that makes their targets good.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SelfPlay {
    /// Simulations per move.
    pub simulations: u32,
    /// The first plies of a game take a move drawn in proportion to the
    /// visits instead of the most visited one.
    pub sampled_plies: u32,
    /// The share of the root's priors replaced by random noise (a flat
    /// Dirichlet draw: even on average, uneven in each search).
    pub noise: f32,
    /// A game opens with up to this many uniformly random moves (how many
    /// drawn evenly from 0 up), so that positions good play never reaches
    /// are seen too. Their positions learn the search's mean value instead
    /// of the game's result, which random moves decided.
    pub random_plies: u32,
    /// The share of the search's mean value in the value target of the
    /// other positions, the rest the game's result: the result alone is
    /// noisy where one late mistake decides a long game.
    pub searched_value_share: f32,
}

impl SelfPlay {
    /// The self-play measured best on `board`: on small boards (3x3 to
    /// 5x5) the game's result alone is the value target, as the README's
    /// figures were measured; on larger ones half the search's value and
    /// half the result, which made fewer mistakes on Connect Four after
    /// 12 minutes (docs/neural-connect-four.md, "Self-play compared").
    pub fn on(board: Shape) -> SelfPlay {
        SelfPlay {
            simulations: 100,
            sampled_plies: 4,
            noise: 0.25,
            random_plies: 6,
            searched_value_share: if board.cells() <= SMALL_BOARD_CELLS {
                0.0
            } else {
                0.5
            },
        }
    }
}

/// One self-play game: its moves, how it ended, and a sample for every
/// position in it.
#[derive(Debug, Clone)]
pub struct SelfPlayGame {
    pub moves: Vec<usize>,
    pub outcome: Outcome,
    pub samples: Vec<Sample>,
}

/// The network plays itself from `start` (unfinished, of the network's
/// size), its random choices from `rng`.
pub fn self_play(
    network: &Network,
    start: &Board,
    settings: &SelfPlay,
    rng: &mut ChaCha8Rng,
) -> SelfPlayGame {
    let never = CancelFlag::new();
    let mut board = *start;
    let mut moves = Vec::new();
    let mut samples = Vec::new();
    let mut movers = Vec::new();
    let random_plies = rng.random_range(0..=settings.random_plies);
    let mut searched_values = Vec::new();
    while board.outcome() == Outcome::Ongoing {
        let mut noise = [0.0f32; MAX_CELLS];
        let mut total = 0.0;
        for cell in bits(board.moves()) {
            // A flat Dirichlet draw: exponential variables, normalised.
            noise[cell] = -(1.0 - rng.random::<f32>()).ln();
            total += noise[cell];
        }
        for share in &mut noise {
            *share /= total;
        }
        let result = search(
            network,
            &board,
            settings.simulations.max(1),
            Some((&noise, settings.noise)),
            &never,
        );
        let root = &result.tree[0];
        let visited: u32 = root.children().map(|c| result.tree[c].visits).sum();
        let mut policy = [0.0f32; MAX_CELLS];
        for child in root.children() {
            let node = &result.tree[child];
            policy[node.cell as usize] = node.visits as f32 / visited as f32;
        }
        samples.push(Sample {
            input: Input::of(&board),
            policy,
            value: 0.0,
        });
        movers.push(board.side_to_move());
        searched_values.push(-root.mean());
        let ply = moves.len() as u32;
        let cell = if ply < random_plies {
            let free: Vec<usize> = board.legal_moves().collect();
            free[rng.random_range(0..free.len())]
        } else if ply < random_plies + settings.sampled_plies {
            let mut pick = rng.random_range(0..visited);
            root.children()
                .find(|&child| {
                    let visits = result.tree[child].visits;
                    if pick < visits {
                        true
                    } else {
                        pick -= visits;
                        false
                    }
                })
                .map(|child| result.tree[child].cell as usize)
                .expect("a pick below the visits")
        } else {
            result.best().expect("an open position has moves")
        };
        board.play(cell).expect("a free cell");
        moves.push(cell);
    }
    let outcome = board.outcome();
    for (ply, (sample, mover)) in samples.iter_mut().zip(movers).enumerate() {
        sample.value = if (ply as u32) < random_plies {
            searched_values[ply]
        } else {
            let result = match outcome {
                Outcome::Won(winner, _) if winner == mover => 1.0,
                Outcome::Won(..) => -1.0,
                _ => 0.0,
            };
            let share = settings.searched_value_share;
            (1.0 - share) * result + share * searched_values[ply]
        };
    }
    SelfPlayGame {
        moves,
        outcome,
        samples,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn visits_add_up_and_a_win_in_one_is_found() {
        let network = Network::new(Shape::TIC_TAC_TOE, 1);
        // X wins at 2.
        let board: Board = "xx./oo./...".parse().unwrap();
        let result = search(&network, &board, 100, None, &CancelFlag::new());
        let root = &result.tree[0];
        assert_eq!(root.visits, 101);
        for index in 0..result.tree.len() {
            let node = &result.tree[index];
            if node.expanded && node.visits > 0 {
                let below: u32 = node.children().map(|c| result.tree[c].visits).sum();
                assert_eq!(node.visits, below + 1, "node {index}");
            }
        }
        assert_eq!(result.best(), Some(2));
        let expanded = result.tree.iter().filter(|n| n.expanded).count();
        assert_eq!(result.evaluations as usize, expanded);
    }

    #[test]
    fn each_move_carries_the_networks_value_of_where_it_leads() {
        let network = Network::new(Shape::CONNECT_FOUR, 3);
        // O to move, no move ends the game.
        let board: Board = "......./......./......./......./...x.../..oxox."
            .parse()
            .unwrap();
        let player = NeuralPlayer::new(network.clone(), Difficulty::Easy, 0);
        let (report, _) = player.search(&board, &CancelFlag::new());
        assert_eq!(report.moves.len(), 7);
        for m in &report.moves {
            let mut after = board;
            after.toggle(m.cell, Side::Min);
            // O's value for X to move there, turned to X's scale.
            let expected = f64::from(network.evaluate(&after).value);
            let value = m.network_value.expect("a network value");
            assert!((value - expected).abs() < 1e-6, "cell {}: {value}", m.cell);
        }
        // X to win in one: that move's value is the win itself.
        let board: Board = "xxx./ooo./..../....".parse().unwrap();
        let network = Network::new(board.shape(), 3);
        let (report, _) =
            NeuralPlayer::new(network, Difficulty::Easy, 0).search(&board, &CancelFlag::new());
        let win = report.moves.iter().find(|m| m.cell == 3).unwrap();
        assert_eq!(win.network_value, Some(1.0));
    }

    #[test]
    fn self_play_targets_are_visit_shares_and_results_for_the_mover() {
        let network = Network::new(Shape::TIC_TAC_TOE, 1);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let game = self_play(
            &network,
            &Board::new(Shape::TIC_TAC_TOE),
            &SelfPlay::on(Shape::TIC_TAC_TOE),
            &mut rng,
        );
        assert_eq!(game.samples.len(), game.moves.len());
        for sample in &game.samples {
            let total: f32 = sample.policy.iter().sum();
            assert!((total - 1.0).abs() < 1e-5);
        }
        let last = game.samples.last().unwrap().value;
        match game.outcome {
            Outcome::Won(..) => assert_eq!(last, 1.0, "the last mover won"),
            _ => assert_eq!(last, 0.0),
        }
    }
}
