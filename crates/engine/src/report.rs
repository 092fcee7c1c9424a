//! What a move decision did, as plain facts: the chosen move, every
//! candidate's score and how sure it is, the counters, and a note as an
//! enum with its parameters. `tictactoe-words` says them; the layers above
//! write them as JSON.

use serde::{Deserialize, Serialize};

use super::board::{Board, Outcome, Side};
use super::geometry::Shape;
use super::player_kind::{PlayerKind, SearchSettings};
use super::score;

/// The rules player's rules, in the order it tries them: a report names
/// the one that picked its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rule {
    Win,
    Block,
    Centre,
    OppositeCorner,
    Corner,
    Random,
    /// On the boards other than the three square ones: the moves the
    /// evaluation's ordering scores highest (open lines, own and blocked).
    Evaluation,
}

impl Rule {
    pub const ALL: [Rule; 7] = [
        Rule::Win,
        Rule::Block,
        Rule::Centre,
        Rule::OppositeCorner,
        Rule::Corner,
        Rule::Random,
        Rule::Evaluation,
    ];
}

/// How much a score says: the exact value, or only that the true value is at
/// least (lower bound) or at most (upper bound) this, as alpha-beta leaves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

impl Bound {
    /// Its name, as JSON writes it: "exact", "lower", "upper".
    pub fn name(self) -> &'static str {
        match self {
            Bound::Exact => "exact",
            Bound::Lower => "lower",
            Bound::Upper => "upper",
        }
    }

    /// The score as the log shows it: "995", ">= 0", "<= -3".
    pub fn format(self, score: i32) -> String {
        match self {
            Bound::Exact => score.to_string(),
            Bound::Lower => format!(">= {score}"),
            Bound::Upper => format!("<= {score}"),
        }
    }

    /// The same limit on the value for `mover`: Min's values are the
    /// negatives of Max's, so a lower bound caps what Min gets.
    pub fn for_mover(self, mover: Side) -> Bound {
        match (self, mover) {
            (Bound::Lower, Side::Min) => Bound::Upper,
            (Bound::Upper, Side::Min) => Bound::Lower,
            (bound, _) => bound,
        }
    }
}

/// What a score proves. A search's result is proven when it is decisive (a
/// forced win or loss found inside the horizon) or when the search reached
/// the end of the game (its depth covered every empty cell); otherwise it
/// rests on the static evaluation at the horizon and is only an estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Certainty {
    /// The proven game value.
    Exact,
    /// A proven limit on the game value; `Bound` says which way.
    Bound,
    /// A depth-limited search's horizon estimate (exact or a limit of it).
    Estimate,
    /// Monte Carlo: a mean of random playouts, no score at all.
    Sampled,
    /// A learner's beads, learned value or network's prior and guided
    /// search: experience, no score at all.
    Learned,
}

impl Certainty {
    /// The certainty of a search score: proven if decisive or searched to
    /// the end (`full_depth`), else an estimate.
    pub fn of(score: i32, bound: Bound, full_depth: bool) -> Certainty {
        match (score::is_decisive(score) || full_depth, bound) {
            (false, _) => Certainty::Estimate,
            (true, Bound::Exact) => Certainty::Exact,
            (true, _) => Certainty::Bound,
        }
    }
}

/// One root move as the search saw it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoveScore {
    pub cell: usize,
    /// From Max's point of view; `None` where the player does not score moves.
    pub score: Option<i32>,
    /// Which way the score limits the true value (or that it is the value).
    pub bound: Bound,
    /// Whether the score is proven, an estimate, (Monte Carlo) sampled or
    /// (learners) learned.
    pub certainty: Certainty,
    /// Monte Carlo only: how often the move was tried and its mean result
    /// on X's scale (+1 X wins, 0 a draw, -1 O wins).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visits: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean: Option<f64>,
    /// MENACE only: the beads for this cell in the position's box.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beads: Option<u16>,
    /// The TD learner only: the learned value of the move's position on
    /// X's scale (+1 X wins, 0 a draw, -1 O wins).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub learned: Option<f64>,
    /// The neural player only: the network's prior for the move, 0 to 1
    /// (its share of the policy), before any search. `visits` and `mean`
    /// then are its search's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prior: Option<f64>,
    /// The neural player only: its network's value of the position after
    /// the move, on X's scale (+1 X wins, 0 a draw, -1 O wins); the
    /// result itself where the move ends the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network_value: Option<f64>,
}

impl MoveScore {
    /// A proven score (exact, or a proven bound); `SearchReport::new`'s
    /// callers mark estimates with `Certainty::of`.
    pub fn scored(cell: usize, score: i32, bound: Bound) -> MoveScore {
        MoveScore {
            cell,
            score: Some(score),
            bound,
            certainty: Certainty::of(score, bound, true),
            visits: None,
            mean: None,
            beads: None,
            learned: None,
            prior: None,
            network_value: None,
        }
    }

    /// A Monte Carlo move by `mover`: tried `visits` times, with the mean
    /// result `for_mover` (1 a win, 0.5 a draw, 0 a loss) that the search
    /// keeps.
    pub fn sampled(cell: usize, visits: u32, mover: Side, for_mover: f64) -> MoveScore {
        MoveScore {
            cell,
            score: None,
            bound: Bound::Exact,
            certainty: Certainty::Sampled,
            visits: Some(visits),
            mean: Some(on_x_scale(mover, for_mover)),
            beads: None,
            learned: None,
            prior: None,
            network_value: None,
        }
    }

    /// A MENACE move: `beads` beads for it in the box.
    pub fn beads(cell: usize, beads: u16) -> MoveScore {
        MoveScore {
            beads: Some(beads),
            ..MoveScore::unscored(cell)
        }
    }

    /// A TD move by `mover`: the learned value of where it leads
    /// `for_mover` (1 a win, 0.5 a draw, 0 a loss), as TD keeps it.
    pub fn learned(cell: usize, mover: Side, for_mover: f64) -> MoveScore {
        MoveScore {
            learned: Some(on_x_scale(mover, for_mover)),
            ..MoveScore::unscored(cell)
        }
    }

    /// A neural move: the network's `prior` and its value of the position
    /// after the move, and with a search its visits and mean value, values
    /// on X's scale.
    pub fn guided(
        cell: usize,
        prior: f64,
        network_value: f64,
        searched: Option<(u32, f64)>,
    ) -> MoveScore {
        MoveScore {
            prior: Some(prior),
            network_value: Some(network_value),
            visits: searched.map(|(visits, _)| visits),
            mean: searched.map(|(_, mean)| mean),
            ..MoveScore::unscored(cell)
        }
    }

    fn unscored(cell: usize) -> MoveScore {
        MoveScore {
            cell,
            score: None,
            bound: Bound::Exact,
            certainty: Certainty::Learned,
            visits: None,
            mean: None,
            beads: None,
            learned: None,
            prior: None,
            network_value: None,
        }
    }
}

/// A result `for_mover` (1 a win, 0.5 a draw, 0 a loss) on X's scale,
/// from -1 (O wins) to +1 (X wins), the scale every value is read on.
pub fn on_x_scale(mover: Side, for_mover: f64) -> f64 {
    f64::from(mover.sign()) * (2.0 * for_mover - 1.0)
}

/// Counters a search keeps.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchStats {
    /// Positions entered below the root (every make-move).
    pub nodes: u64,
    /// Positions scored without looking deeper: won, drawn or at the horizon.
    pub leaf_evals: u64,
    /// Beta cutoffs: moves left unsearched because one refuted the position.
    pub cutoffs: u64,
    pub tt_probes: u64,
    pub tt_hits: u64,
    pub tt_stores: u64,
    /// Principal variation search: moves that failed high on their null
    /// window and were searched again with the full window.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub re_searches: u64,
}

/// What `SearchReport::restored` fills in after serde has read the rest.
fn restored_later() -> PlayerKind {
    PlayerKind::Human
}

fn is_zero(count: &u64) -> bool {
    *count == 0
}

/// What a report adds to its numbers, with the parameters the words need.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Note {
    /// Asked on a finished position: no move to make.
    GameOver(Outcome),
    /// A person's move comes from outside the engine.
    Human,
    /// Iterative deepening ran out of time and kept its deepest search.
    TimeLimit { depth: u32, max_depth: u32 },
    /// Monte Carlo: the playouts run and the tree's size.
    Playouts { playouts: u64, nodes: u64 },
    /// Perfect off 3x3 has no table and searched with alphabeta-tt, whose
    /// own note, if any, follows.
    NoTable {
        size: Shape,
        search: Option<Box<Note>>,
    },
    /// Perfect on a board with gravity: each move's exact value from the
    /// opening book or the solver, but for the `stopped` moves the solver
    /// did not finish in time, which have alphabeta-tt's estimates.
    Solved { from_book: bool, stopped: u32 },
    /// Perfect on 3x3 looked the move up among this many positions.
    TableLookup { positions: u64 },
    /// MENACE drew one bead from a box of this many.
    BeadDrawn { beads: u32 },
    /// MENACE keeps no box for the last free cell.
    LastFreeCell,
    /// MENACE's box is empty: it resigns.
    EmptyBox,
    /// A learner asked to play off 3x3.
    NotOnThisBoard(Shape),
    /// The neural player's search: its simulations (0: the bare policy)
    /// and the self-play games its network learned from (0: untrained).
    Neural { simulations: u32, games: u64 },
    /// Proof-number search kept as many nodes as it may and stopped
    /// before the position was proved; it plays its most promising move.
    NodeLimit { nodes: u64 },
    /// Proof-number search ran out of time after `nodes` nodes, before
    /// the position was proved; it plays its most promising move.
    ProofTimeLimit { nodes: u64 },
    /// The neural player's network reads boards of another size.
    NetworkSize { network: Shape, board: Shape },
}

/// One decision, from the player that made it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchReport {
    /// The player (JSON: its short name).
    pub player: PlayerKind,
    /// The algorithm that searched: the player's own, except for `perfect`
    /// off 3x3, which searches with `alphabeta-tt`. Decides which counters
    /// the text shows.
    #[serde(skip, default = "restored_later")]
    pub algorithm: PlayerKind,
    pub side: Side,
    pub position: String,
    /// Stones on the board when the search started.
    #[serde(skip)]
    pub stones: u32,
    /// Empty cells when the search started.
    #[serde(skip)]
    pub empty: u32,
    pub best: Option<usize>,
    /// The chosen move's score, Max's point of view.
    pub score: Option<i32>,
    /// What `score` proves; `None` without a score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certainty: Option<Certainty>,
    pub moves: Vec<MoveScore>,
    /// Principal variation: the expected continuation, starting with `best`.
    pub pv: Vec<usize>,
    #[serde(flatten)]
    pub stats: SearchStats,
    /// Deepest completed search depth in plies (0 for players that do not search).
    pub depth: u32,
    pub elapsed_us: u64,
    /// The rules player's rule that picked the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<Rule>,
    /// The cells a random choice was made among: every free cell (random),
    /// the equally best moves (alphabeta-random), the rule's cells (rules).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<Note>,
    /// The search was cancelled before it finished; `best` may be missing.
    pub aborted: bool,
    /// The player gives the game up (MENACE at an empty box): no move,
    /// and the other side wins.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resigned: bool,
    /// Monte Carlo: the seed its search ran from, so that
    /// `SearchTree::record_report` replays exactly this search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replay_seed: Option<u64>,
    /// The neural player: its network's value of the position, on X's
    /// scale (-1 O wins, 0 a draw, +1 X wins).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub network_value: Option<f64>,
    /// The move order and conventions of a search of the alpha-beta family.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settings: Option<SearchSettings>,
    /// Iterative deepening: each finished iteration.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub iterations: Vec<Iteration>,
    /// MTD(f): each null-window pass of the root.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passes: Vec<Pass>,
    /// Proof-number search: what it proved and how big the proof was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<Proof>,
}

/// One iteration of iterative deepening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Iteration {
    pub depth: u32,
    /// The root's value on X's scale.
    pub value: i32,
    /// Nodes searched so far, this iteration's included.
    pub nodes: u64,
    pub best: Option<usize>,
}

/// One search of the root in a window, on X's scale: an MTD(f) pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pass {
    pub depth: u32,
    pub alpha: i32,
    pub beta: i32,
    /// What the pass returned: at most `alpha` a fail-low (an upper bound
    /// on the value), at least `beta` a fail-high (a lower bound).
    pub value: i32,
    pub nodes: u64,
}

impl Pass {
    /// A pass by `side` to move in `window` for it, which returned `value`
    /// for it: the same on X's scale.
    pub fn for_mover(
        depth: u32,
        side: Side,
        (alpha, beta): (i32, i32),
        value: i32,
        nodes: u64,
    ) -> Pass {
        let (alpha, beta) = match side {
            Side::Max => (alpha, beta),
            Side::Min => (-beta, -alpha),
        };
        Pass {
            depth,
            alpha,
            beta,
            value: side.sign() * value,
            nodes,
        }
    }
}

/// A game's result under best play, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProvenResult {
    Win,
    Draw,
    Loss,
}

/// What proof-number search proved about the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proof {
    /// The side to move's result under best play.
    pub result: ProvenResult,
    /// Nodes in the tree it built (every question asked), and in the
    /// proof itself: the nodes that settle the answer.
    pub tree_nodes: u64,
    pub proof_nodes: u64,
}

impl SearchReport {
    /// An empty report for `player` deciding in `board`.
    pub fn new(player: PlayerKind, board: &Board) -> SearchReport {
        SearchReport {
            player,
            algorithm: player,
            side: board.side_to_move(),
            position: board.to_string(),
            stones: board.stone_count(),
            empty: board.empty().count_ones(),
            best: None,
            score: None,
            certainty: None,
            moves: Vec::new(),
            pv: Vec::new(),
            stats: SearchStats::default(),
            depth: 0,
            elapsed_us: 0,
            rule: None,
            choices: Vec::new(),
            note: None,
            aborted: false,
            resigned: false,
            replay_seed: None,
            network_value: None,
            settings: None,
            iterations: Vec::new(),
            passes: Vec::new(),
            proof: None,
        }
    }

    /// Records the time taken since `started`.
    pub fn finish(&mut self, started: std::time::Instant) {
        self.elapsed_us = started.elapsed().as_micros() as u64;
    }

    /// A report as serde read it back, completed: the fields JSON leaves
    /// out (the algorithm, stones and empty cells) are worked out again
    /// from the player, the note and the position. `None` when the
    /// position is no board. Every report read must pass through here.
    pub fn restored(mut self) -> Option<SearchReport> {
        let board: Board = self.position.parse().ok()?;
        self.algorithm = match self.note {
            Some(Note::NoTable { .. }) => PlayerKind::AlphaBetaTt,
            _ => self.player,
        };
        self.stones = board.stone_count();
        self.empty = board.empty().count_ones();
        Some(self)
    }

    pub fn nodes_per_second(&self) -> u64 {
        self.stats
            .nodes
            .saturating_mul(1_000_000)
            .checked_div(self.elapsed_us)
            .unwrap_or(0)
    }
}
