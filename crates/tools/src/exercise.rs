//! Practice: exercises where the learner predicts what a search does and
//! the checker points at the first wrong step in search order.
//!
//! # Kinds
//!
//! 1. `Minimax`: the value of every inner node of an abstract tree
//!    (expectimax's where it has chance nodes: a chance node is worth the
//!    mean of its children).
//! 2. `AlphaBeta`: which edges alpha-beta prunes, and as the exercise asks
//!    (`Asks`), the value each searched inner node returns and the window
//!    (α, β) it is entered with.
//! 3. `Order`: for every decision node with two children or more, its
//!    children in the order that prunes most (best first for its side;
//!    equal values in any order), and optionally how many leaves
//!    alpha-beta evaluates then.
//! 4. `BestMove`: on a position of any board whose search to the end is
//!    quick (`positions::best_move_empty_limit`), the move a search plays, its
//!    outcome as the board marks it (`X3`, `O2`, `D`), and which of the
//!    root's moves the search only bounds (its search of them was cut).
//! 5. `Mcts`: which child Monte Carlo selection picks next at the root,
//!    after some playouts from a seed, with an exploration constant c.
//! 6. `DepthValue`: the value alpha-beta to a small depth gives a
//!    position with a shown evaluation (its weights with the exercise).
//! 7. `DecidingLeaf`: the leaf whose evaluation decides that search's
//!    root: the moves from the root to it (its principal variation).
//! 8. `Deeper`: whether a search one ply deeper plays another move, and
//!    which (the horizon).
//!
//! Kinds 6 to 8 are on Connect Four positions (a board with gravity given
//! keeps its own).
//!
//! # Search order
//!
//! The checker walks what the search does in its own order and stops at
//! the first step the answer gets wrong: for minimax the nodes as their
//! values become known (a node after its children, left to right); for
//! alpha-beta each node as it is entered (is it searched at all? its
//! window), as it prunes (which children are cut) and as it returns (its
//! value); for the order, the decision nodes from the root down, left to
//! right. Its `Mistake` says where, what was expected and given, and why,
//! as data; `exercise::words` says it.

use serde::Serialize;

use tictactoe_engine::abstract_tree::fraction::Fraction;
use tictactoe_engine::abstract_tree::generate::{Shape, ShapeError, generate};
use tictactoe_engine::abstract_tree::search::{Cutoff, Limit, alpha_beta};
use tictactoe_engine::abstract_tree::{AbstractTree, Decision, NodeId};
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape as BoardShape;
use tictactoe_engine::player_kind::{Fail, Prune};

pub mod answer;
mod check;
pub mod positions;
pub mod score;
pub mod text;
pub mod words;

use answer::Answer;
use positions::{BestMoveProblem, HorizonProblem, MctsProblem};

use crate::tree_drawing::solution::SolutionSteps;

/// What an exercise asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Minimax,
    AlphaBeta,
    Order,
    BestMove,
    Mcts,
    DepthValue,
    DecidingLeaf,
    Deeper,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::Minimax,
        Kind::AlphaBeta,
        Kind::Order,
        Kind::BestMove,
        Kind::Mcts,
        Kind::DepthValue,
        Kind::DecidingLeaf,
        Kind::Deeper,
    ];

    /// The name the command line takes and the text and JSON forms write.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Minimax => "minimax",
            Kind::AlphaBeta => "alphabeta",
            Kind::Order => "order",
            Kind::BestMove => "best-move",
            Kind::Mcts => "mcts",
            Kind::DepthValue => "depth-value",
            Kind::DecidingLeaf => "deciding-leaf",
            Kind::Deeper => "deeper",
        }
    }

    pub fn named(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// True for the kinds asked on an abstract tree.
    pub fn on_tree(self) -> bool {
        matches!(self, Kind::Minimax | Kind::AlphaBeta | Kind::Order)
    }

    /// True for the horizon's kinds (6 to 8).
    pub fn on_horizon(self) -> bool {
        matches!(self, Kind::DepthValue | Kind::DecidingLeaf | Kind::Deeper)
    }
}

/// The conventions alpha-beta follows (the engine's own settings).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Conventions {
    pub prune: Prune,
    pub fail: Fail,
}

impl Conventions {
    /// Every pair: on-equal and strict pruning, fail-soft, then fail-hard.
    pub const ALL: [Conventions; 4] = [
        Conventions {
            prune: Prune::OnEqual,
            fail: Fail::Soft,
        },
        Conventions {
            prune: Prune::Strict,
            fail: Fail::Soft,
        },
        Conventions {
            prune: Prune::OnEqual,
            fail: Fail::Hard,
        },
        Conventions {
            prune: Prune::Strict,
            fail: Fail::Hard,
        },
    ];
}

/// What an alpha-beta exercise asks besides the pruned edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Asks {
    /// The value each searched inner node returns.
    pub values: bool,
    /// α and β as each searched inner node is entered.
    pub windows: bool,
}

/// A difficulty level: the trees' size and the conventions, as data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// From 1.
    pub number: u8,
    pub shape: Shape,
    pub conventions: Conventions,
    pub asks: Asks,
    /// Real positions on 3x3: the stones on the board (kinds 4 and 5).
    pub stones: u32,
    /// Real positions on the other boards: the empty cells left.
    pub empty: u32,
    /// Monte Carlo: the playouts run before the question.
    pub playouts: u32,
}

/// The levels, easiest first: small trees of small values with the
/// usual conventions, then deeper and wider trees with negative values,
/// windows asked, and the other conventions.
pub fn levels() -> [Level; 4] {
    let shape = |depth, branching, values| Shape {
        depth,
        branching,
        values,
        chance: false,
        root: Decision::Max,
    };
    [
        Level {
            number: 1,
            shape: shape(2, (2, 3), (0, 20)),
            conventions: Conventions::default(),
            asks: Asks {
                values: true,
                windows: false,
            },
            stones: 5,
            empty: 6,
            playouts: 6,
        },
        Level {
            number: 2,
            shape: shape(3, (2, 3), (0, 20)),
            conventions: Conventions::default(),
            asks: Asks {
                values: true,
                windows: false,
            },
            stones: 4,
            empty: 8,
            playouts: 12,
        },
        Level {
            number: 3,
            shape: shape(3, (3, 3), (-20, 20)),
            conventions: Conventions::default(),
            asks: Asks {
                values: true,
                windows: true,
            },
            stones: 3,
            empty: 10,
            playouts: 25,
        },
        Level {
            number: 4,
            shape: shape(4, (2, 3), (-50, 50)),
            conventions: Conventions {
                prune: Prune::Strict,
                fail: Fail::Hard,
            },
            asks: Asks {
                values: true,
                windows: true,
            },
            stones: 2,
            empty: 12,
            playouts: 60,
        },
    ]
}

impl Level {
    /// The empty cells of the level's positions on a board of `shape`.
    pub fn empty_cells(&self, shape: BoardShape) -> u32 {
        if shape == BoardShape::TIC_TAC_TOE {
            shape.cells() as u32 - self.stones
        } else {
            self.empty
        }
    }
}

/// The level numbered `number`.
pub fn level(number: u8) -> Option<Level> {
    levels().into_iter().find(|level| level.number == number)
}

/// What the exercise is about.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    Tree(AbstractTree),
    BestMove(BestMoveProblem),
    Mcts(MctsProblem),
    Horizon(HorizonProblem),
}

/// One exercise: what it asks, on what, under which conventions, and how
/// it was made (the seed and level that make it again).
#[derive(Debug, Clone, PartialEq)]
pub struct Exercise {
    pub kind: Kind,
    pub problem: Problem,
    pub conventions: Conventions,
    pub asks: Asks,
    pub seed: Option<u64>,
    pub level: Option<u8>,
}

/// Why an exercise could not be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExerciseError {
    /// The shape asked for cannot be generated.
    Shape(ShapeError),
    /// Alpha-beta and the order take no chance nodes; the first one.
    ChanceNode(NodeId),
    /// A tree for a kind asked on a position, or the other way round.
    WrongProblem,
    /// The position's game is over: there is nothing to search.
    GameOver,
    /// A search to the end of the position would take too long: it has
    /// `empty` empty cells, the search finishes quickly on `limit` or fewer
    /// (`positions::best_move_empty_limit`).
    TooManyEmptyCells { empty: u32, limit: u32 },
}

impl Exercise {
    /// An exercise of `kind` on `tree`.
    pub fn on_tree(
        kind: Kind,
        tree: AbstractTree,
        conventions: Conventions,
        asks: Asks,
    ) -> Result<Exercise, ExerciseError> {
        if !kind.on_tree() {
            return Err(ExerciseError::WrongProblem);
        }
        if kind != Kind::Minimax
            && let Some(chance) = tree.first_chance_node()
        {
            return Err(ExerciseError::ChanceNode(chance));
        }
        // Minimax has no conventions, and only alpha-beta asks for more
        // than its one part.
        Ok(Exercise {
            kind,
            problem: Problem::Tree(tree),
            conventions: if kind == Kind::Minimax {
                Conventions::default()
            } else {
                conventions
            },
            asks: if kind == Kind::AlphaBeta {
                asks
            } else {
                Asks::default()
            },
            seed: None,
            level: None,
        })
    }

    /// An exercise of `kind` on a tree of `shape` drawn from `seed`.
    pub fn generated(
        kind: Kind,
        shape: &Shape,
        seed: u64,
        conventions: Conventions,
        asks: Asks,
    ) -> Result<Exercise, ExerciseError> {
        let tree = generate(shape, seed).map_err(ExerciseError::Shape)?;
        let exercise = Exercise::on_tree(kind, tree, conventions, asks)?;
        Ok(Exercise {
            seed: Some(seed),
            ..exercise
        })
    }

    /// An exercise of `kind` at `level`, drawn from `seed`: a tree of the
    /// level's shape (`chance` for minimax: chance nodes on every second
    /// level), or a position on a board of `board` with the level's empty
    /// cells (`Level::empty_cells`).
    pub fn at_level(
        kind: Kind,
        level: &Level,
        seed: u64,
        chance: bool,
        board: BoardShape,
    ) -> Result<Exercise, ExerciseError> {
        let empty = level.empty_cells(board);
        let exercise = match kind {
            Kind::BestMove => Exercise::best_move(BestMoveProblem::drawn(board, empty, seed))?,
            Kind::Mcts => Exercise::mcts(MctsProblem::drawn(board, empty, level.playouts, seed))?,
            kind if kind.on_horizon() => {
                Exercise::horizon(kind, HorizonProblem::drawn(kind, level.number, board, seed))?
            }
            _ => Exercise::generated(
                kind,
                &Shape {
                    chance,
                    ..level.shape
                },
                seed,
                level.conventions,
                level.asks,
            )?,
        };
        Ok(Exercise {
            seed: Some(seed),
            level: Some(level.number),
            ..exercise
        })
    }

    /// Kind 4 on `problem`.
    pub fn best_move(problem: BestMoveProblem) -> Result<Exercise, ExerciseError> {
        problem.check()?;
        Ok(Exercise {
            kind: Kind::BestMove,
            conventions: Conventions {
                prune: problem.settings.prune,
                fail: problem.settings.fail,
            },
            problem: Problem::BestMove(problem),
            asks: Asks::default(),
            seed: None,
            level: None,
        })
    }

    /// Kind 5 on `problem`.
    pub fn mcts(problem: MctsProblem) -> Result<Exercise, ExerciseError> {
        problem.check()?;
        Ok(Exercise {
            kind: Kind::Mcts,
            problem: Problem::Mcts(problem),
            conventions: Conventions::default(),
            asks: Asks::default(),
            seed: None,
            level: None,
        })
    }

    /// Kind 6, 7 or 8 on `problem`.
    pub fn horizon(kind: Kind, problem: HorizonProblem) -> Result<Exercise, ExerciseError> {
        if !kind.on_horizon() {
            return Err(ExerciseError::WrongProblem);
        }
        problem.check()?;
        Ok(Exercise {
            kind,
            problem: Problem::Horizon(problem),
            conventions: Conventions::default(),
            asks: Asks::default(),
            seed: None,
            level: None,
        })
    }

    /// The abstract tree, for the kinds asked on one.
    pub fn tree(&self) -> Option<&AbstractTree> {
        match &self.problem {
            Problem::Tree(tree) => Some(tree),
            _ => None,
        }
    }

    /// The position, for the kinds asked on one.
    pub fn position(&self) -> Option<&Board> {
        match &self.problem {
            Problem::BestMove(problem) => Some(&problem.board),
            Problem::Mcts(problem) => Some(&problem.board),
            Problem::Horizon(problem) => Some(&problem.board),
            Problem::Tree(_) => None,
        }
    }

    /// The board the exercise's moves are numbered on: its position's, or
    /// 3x3 (cells from 1) for a tree's, which has no moves.
    pub fn move_shape(&self) -> BoardShape {
        self.position()
            .map_or(BoardShape::TIC_TAC_TOE, |board| board.shape())
    }

    /// An answer's text, its moves numbered as the exercise's board numbers
    /// them (`Answer::parse_on`).
    pub fn read_answer(&self, text: &str) -> Result<Answer, answer::AnswerError> {
        match self.position() {
            Some(board) => Answer::parse_on(text, board),
            None => Answer::parse(text),
        }
    }

    /// `answer` as text `read_answer` reads back.
    pub fn answer_text(&self, answer: &Answer) -> String {
        answer.text_on(self.move_shape())
    }

    /// The correct answer: what the search does.
    pub fn solution(&self) -> Answer {
        check::solution(self)
    }

    /// The solution step by step, for Show solution: minimax's
    /// (expectimax's) search and alpha-beta's; `None` for the kinds that
    /// have no tree to search step by step.
    pub fn solution_steps(&self) -> Option<SolutionSteps> {
        let tree = self.tree()?;
        match self.kind {
            Kind::Minimax => Some(SolutionSteps::minimax(tree)),
            Kind::AlphaBeta => {
                let search = alpha_beta(tree, self.conventions.prune, self.conventions.fail);
                Some(SolutionSteps::alpha_beta(tree, search.ok()?))
            }
            _ => None,
        }
    }

    /// Checks `answer`: correct, the first wrong step, or an answer that
    /// does not fit the exercise (a node it does not have, a part it does
    /// not ask for).
    pub fn check(&self, answer: &Answer) -> Result<Verdict, Unfit> {
        check::check(self, answer)
    }
}

/// An answer that does not fit its exercise: bad input, not a wrong step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unfit {
    /// A path (positions from 0) the tree has no node at.
    NoSuchNode(Vec<usize>),
    /// A part the exercise does not ask for ("windows", "move", ...).
    NotAsked(&'static str),
    /// An order that is no permutation of the node's children.
    NotAPermutation(Vec<usize>),
    /// An order for a node that has no choice to order (a leaf, a chance
    /// node, a single child).
    NothingToOrder(Vec<usize>),
    /// The root has no edge to prune.
    RootPruned,
    /// A cell that is not a free cell of the position (from 0).
    NotAFreeCell(usize),
}

/// What the checker found.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Correct,
    Wrong(Mistake),
}

/// The first wrong step.
#[derive(Debug, Clone, PartialEq)]
pub struct Mistake {
    /// The step of the search it is at, from 0, in the search's own order
    /// (see the module's comment).
    pub step: usize,
    /// The node (abstract trees) it is about.
    pub node: Option<NodeId>,
    pub part: Part,
    pub expected: Fact,
    /// `None` where the answer says nothing of it.
    pub given: Option<Fact>,
    pub why: Why,
}

/// Which part of the answer is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    Value,
    Alpha,
    Beta,
    /// Whether an edge is pruned.
    Pruned,
    /// A node given something although the search never reaches it.
    Unvisited,
    Order,
    Leaves,
    Move,
    Outcome,
    /// Whether a root move is only bounded.
    Bounded,
    Pick,
    /// The moves from the root to the leaf that decides it.
    Leaf,
    /// Whether a deeper search plays another move.
    Changes,
}

/// A value the checker compares.
#[derive(Debug, Clone, PartialEq)]
pub enum Fact {
    Value(Fraction),
    Limit(Limit),
    Yes(bool),
    /// Children's positions from 0.
    Order(Vec<usize>),
    Count(usize),
    /// A cell from 0.
    Cell(usize),
    Outcome(positions::Outcome),
    /// Cells from 0.
    Cells(Vec<usize>),
}

/// Why the expected fact is what it is, as data.
#[derive(Debug, Clone, PartialEq)]
pub enum Why {
    /// A leaf is worth what is written at it.
    Leaf,
    /// A decision node takes its best child: the children's values (those
    /// searched) and the side.
    Best {
        side: Decision,
        children: Vec<(NodeId, Fraction)>,
    },
    /// A chance node is worth the mean of its children.
    Mean { children: Vec<(NodeId, Fraction)> },
    /// Fail-hard: the best value `best` clamped into the window on entry.
    Clamped {
        side: Decision,
        best: i32,
        alpha: Limit,
        beta: Limit,
    },
    /// The root is entered with the full window.
    FullWindow,
    /// A child is entered with its parent's window, narrowed by the
    /// values its earlier siblings returned: the parent, its side, its
    /// window on entry and its best value so far (from which child).
    Inherited {
        parent: NodeId,
        side: Decision,
        alpha: Limit,
        beta: Limit,
        best: Option<(NodeId, i32)>,
    },
    /// The children were pruned.
    Cut(Cutoff),
    /// Inside a pruned subtree: the edge `edge` above it is the one pruned.
    BelowCut { edge: NodeId, cutoff: Cutoff },
    /// The child is searched: its parent's best value so far (from which
    /// child) had not crossed the parent's bound.
    NotCut {
        parent: NodeId,
        side: Decision,
        best: Option<(NodeId, i32)>,
        bound: Limit,
        prune: Prune,
    },
    /// Best first: `better` (a later child) beats `first` for the node's
    /// side. Child and value each.
    BetterLater {
        side: Decision,
        first: (NodeId, i32),
        better: (NodeId, i32),
    },
    /// Alpha-beta evaluates this many leaves with the children in the
    /// answer's order.
    LeavesCounted,
    /// A real position's search: the facts are `positions`'.
    Position(positions::Why),
}

impl Fact {
    /// As the JSON writes it: cells and children's positions from 0.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::json;
        match self {
            Fact::Value(value) => answer::value_json(&answer::AnswerValue::exact(*value)),
            Fact::Limit(limit) => answer::limit_json(*limit),
            Fact::Yes(yes) => json!(yes),
            Fact::Order(order) => json!(order),
            Fact::Count(count) => json!(count),
            Fact::Cell(cell) => json!(cell),
            Fact::Outcome(outcome) => json!(outcome.to_string()),
            Fact::Cells(cells) => json!(cells),
        }
    }
}

impl Verdict {
    /// `{"correct": true}`, or the mistake: `step` (from 0), `node` (its
    /// path, positions from 0), `part`, `expected`, `given` (null when the
    /// answer says nothing of it) and `message`, the sentence.
    pub fn to_json(&self, exercise: &Exercise) -> serde_json::Value {
        use serde_json::json;
        match self {
            Verdict::Correct => json!({
                "correct": true,
                "message": words::verdict_words(exercise, self),
            }),
            Verdict::Wrong(mistake) => json!({
                "correct": false,
                "step": mistake.step,
                "node": exercise
                    .tree()
                    .zip(mistake.node)
                    .map(|(tree, node)| tree.path(node)),
                "part": mistake.part,
                "expected": mistake.expected.to_json(),
                "given": mistake.given.as_ref().map(Fact::to_json),
                "message": words::verdict_words(exercise, self),
            }),
        }
    }
}
