//! An exercise in text (a worksheet's header, what `--answer` is checked
//! against) and JSON: one `key value` line each, or one object with the
//! same keys.
//!
//! ```text
//! exercise alphabeta
//! tree ((3 12 8) (2 4 6) (14 5 2))
//! root max
//! prune on-equal
//! fail soft
//! asks values windows
//! seed 7
//! level 2
//! ```
//!
//! Real positions give `position x.o/.x./...` instead of `tree` and
//! `root`; `best-move` its `player` (minimax, alphabeta or alphabeta-tt),
//! `mcts` its `seed`, `playouts` and `c`.

use std::fmt;

use serde::{Deserialize, Serialize};

use tictactoe_engine::abstract_tree::Decision;
use tictactoe_engine::abstract_tree::text::{ParseError, parse};
use tictactoe_engine::board::{Board, BoardError, Outcome};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Fail, PlayerKind, Prune, SearchSettings};

use super::positions::{BestMoveProblem, HorizonProblem, MctsProblem};
use super::{Asks, Conventions, Exercise, ExerciseError, Kind, Problem};
use tictactoe_engine::evaluation::NamedEvaluation;

/// The exercise's fields as text, the one shape of its text and JSON.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    exercise: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tree: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    root: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<String>,
    /// The board's line length and gravity, where they are not those of
    /// the preset its rows' size names (a 7x6 board without gravity).
    #[serde(default, rename = "in-a-row", skip_serializing_if = "Option::is_none")]
    in_a_row: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    gravity: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    player: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    prune: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fail: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    asks: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    level: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    playouts: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    c: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    evaluation: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
}

/// What is wrong with an exercise's text or JSON.
#[derive(Debug, Clone, PartialEq)]
pub enum ExerciseTextError {
    /// A line (from 1) whose key is unknown or given twice, or whose value
    /// does not read.
    Line {
        line: usize,
        key: String,
    },
    /// A key the exercise needs.
    Missing(&'static str),
    Tree(ParseError),
    Position(BoardError),
    Exercise(ExerciseError),
    /// JSON that is not an exercise's object; serde's message.
    Json(String),
}

impl fmt::Display for ExerciseTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for ExerciseTextError {}

fn named<T: Copy>(all: &[T], name: impl Fn(T) -> &'static str, text: &str) -> Option<T> {
    all.iter().copied().find(|&item| name(item) == text)
}

const DECISIONS: [Decision; 2] = [Decision::Max, Decision::Min];

impl Wire {
    fn of(exercise: &Exercise) -> Wire {
        let mut wire = Wire {
            exercise: exercise.kind.name().to_owned(),
            seed: exercise.seed,
            level: exercise.level,
            ..Wire::default()
        };
        let set_conventions = |wire: &mut Wire| {
            wire.prune = Some(exercise.conventions.prune.name().to_owned());
            wire.fail = Some(exercise.conventions.fail.name().to_owned());
        };
        match &exercise.problem {
            Problem::Tree(tree) => {
                wire.tree = Some(tree.to_string());
                wire.root = Some(tree.root_side().name().to_owned());
                if exercise.kind != Kind::Minimax {
                    set_conventions(&mut wire);
                }
                if exercise.kind == Kind::AlphaBeta {
                    let asks = exercise.asks;
                    wire.asks = [("values", asks.values), ("windows", asks.windows)]
                        .into_iter()
                        .filter(|&(_, asked)| asked)
                        .map(|(name, _)| name.to_owned())
                        .collect();
                }
            }
            Problem::BestMove(problem) => {
                wire.set_position(&problem.board);
                wire.player = Some(problem.player.name().to_owned());
                // Only alpha-beta with its table takes the conventions.
                if problem.player == PlayerKind::AlphaBetaTt {
                    set_conventions(&mut wire);
                }
            }
            Problem::Horizon(problem) => {
                wire.set_position(&problem.board);
                wire.evaluation = Some(problem.evaluation.name().to_owned());
                wire.depth = Some(problem.depth);
            }
            Problem::Mcts(problem) => {
                wire.set_position(&problem.board);
                wire.seed = Some(problem.seed);
                wire.playouts = Some(problem.playouts);
                wire.c = Some(problem.exploration);
            }
        }
        wire
    }

    /// The position's rows, and its line length and gravity where the rows
    /// alone would read as another board.
    fn set_position(&mut self, board: &Board) {
        self.position = Some(board.to_string());
        let shape = board.shape();
        let preset = Shape::of_dimensions(shape.width(), shape.height());
        if preset.map_or(true, |preset| preset.in_a_row() != shape.in_a_row()) {
            self.in_a_row = Some(shape.in_a_row());
        }
        if preset.map_or(true, |preset| preset.gravity() != shape.gravity()) {
            self.gravity = Some(shape.gravity());
        }
    }

    fn exercise(&self) -> Result<Exercise, ExerciseTextError> {
        let bad = |key: &str| ExerciseTextError::Line {
            line: 0,
            key: key.to_owned(),
        };
        let kind = Kind::named(&self.exercise).ok_or_else(|| bad("exercise"))?;
        let prune = match &self.prune {
            Some(name) => named(&Prune::ALL, Prune::name, name).ok_or_else(|| bad("prune"))?,
            None => Prune::default(),
        };
        let fail = match &self.fail {
            Some(name) => named(&Fail::ALL, Fail::name, name).ok_or_else(|| bad("fail"))?,
            None => Fail::default(),
        };
        let conventions = Conventions { prune, fail };
        let mut asks = Asks::default();
        for asked in &self.asks {
            match asked.as_str() {
                "values" => asks.values = true,
                "windows" => asks.windows = true,
                _ => return Err(bad("asks")),
            }
        }
        let position = || -> Result<Board, ExerciseTextError> {
            let text = self
                .position
                .as_deref()
                .ok_or(ExerciseTextError::Missing("position"))?;
            if self.in_a_row.is_none() && self.gravity.is_none() {
                return Board::parse_for_move(text).map_err(ExerciseTextError::Position);
            }
            let preset = Board::arrangement(text)
                .map_err(ExerciseTextError::Position)?
                .shape();
            let shape = Shape::new(
                preset.width(),
                preset.height(),
                self.in_a_row.unwrap_or(preset.in_a_row()),
                self.gravity.unwrap_or(preset.gravity()),
            )
            .map_err(|_| bad("in-a-row"))?;
            Board::parse_on(shape, text)
                .and_then(|board| match board.outcome() {
                    Outcome::Ongoing => Ok(board),
                    finished => Err(BoardError::GameOver(finished)),
                })
                .map_err(ExerciseTextError::Position)
        };
        let exercise = match kind {
            Kind::Minimax | Kind::AlphaBeta | Kind::Order => {
                let root = match &self.root {
                    Some(name) => {
                        named(&DECISIONS, Decision::name, name).ok_or_else(|| bad("root"))?
                    }
                    None => Decision::Max,
                };
                let text = self
                    .tree
                    .as_deref()
                    .ok_or(ExerciseTextError::Missing("tree"))?;
                let tree = parse(text, root).map_err(ExerciseTextError::Tree)?;
                Exercise::on_tree(kind, tree, conventions, asks)
            }
            Kind::BestMove => {
                let player = match &self.player {
                    Some(name) => name.parse::<PlayerKind>().map_err(|_| bad("player"))?,
                    None => PlayerKind::AlphaBeta,
                };
                Exercise::best_move(BestMoveProblem {
                    board: position()?,
                    player,
                    settings: SearchSettings {
                        prune,
                        fail,
                        ..SearchSettings::default()
                    },
                })
            }
            kind @ (Kind::DepthValue | Kind::DecidingLeaf | Kind::Deeper) => {
                let board = position()?;
                Exercise::horizon(
                    kind,
                    HorizonProblem {
                        evaluation: match &self.evaluation {
                            Some(name) => name.parse().map_err(|_| bad("evaluation"))?,
                            None => NamedEvaluation::default_for(board.shape()),
                        },
                        board,
                        depth: self.depth.ok_or(ExerciseTextError::Missing("depth"))?,
                    },
                )
            }
            Kind::Mcts => Exercise::mcts(MctsProblem::new(
                position()?,
                self.seed.ok_or(ExerciseTextError::Missing("seed"))?,
                self.playouts
                    .ok_or(ExerciseTextError::Missing("playouts"))?,
                self.c.ok_or(ExerciseTextError::Missing("c"))?,
            )),
        }
        .map_err(ExerciseTextError::Exercise)?;
        Ok(Exercise {
            seed: self.seed,
            level: self.level,
            ..exercise
        })
    }
}

impl fmt::Display for Exercise {
    /// One `key value` line per field, as the module's comment shows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wire = Wire::of(self);
        writeln!(f, "exercise {}", wire.exercise)?;
        let lines = [
            ("tree", wire.tree),
            ("root", wire.root),
            ("position", wire.position),
            ("in-a-row", wire.in_a_row.map(|length| length.to_string())),
            (
                "gravity",
                wire.gravity
                    .map(|gravity| if gravity { "yes" } else { "no" }.to_owned()),
            ),
            ("player", wire.player),
            ("prune", wire.prune),
            ("fail", wire.fail),
            ("asks", (!wire.asks.is_empty()).then(|| wire.asks.join(" "))),
            ("seed", wire.seed.map(|seed| seed.to_string())),
            ("level", wire.level.map(|level| level.to_string())),
            (
                "playouts",
                wire.playouts.map(|playouts| playouts.to_string()),
            ),
            ("c", wire.c.map(|c| c.to_string())),
            ("evaluation", wire.evaluation),
            ("depth", wire.depth.map(|depth| depth.to_string())),
        ];
        for (key, value) in lines {
            if let Some(value) = value {
                writeln!(f, "{key} {value}")?;
            }
        }
        Ok(())
    }
}

impl Exercise {
    /// Reads the text `Display` writes.
    pub fn parse(text: &str) -> Result<Exercise, ExerciseTextError> {
        let mut wire = Wire::default();
        let mut seen: Vec<&str> = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let value = value.trim();
            let bad = || ExerciseTextError::Line {
                line: index + 1,
                key: key.to_owned(),
            };
            if seen.contains(&key) {
                return Err(bad());
            }
            seen.push(key);
            let text = || Some(value.to_owned());
            match key {
                "exercise" => wire.exercise = value.to_owned(),
                "tree" => wire.tree = text(),
                "root" => wire.root = text(),
                "position" => wire.position = text(),
                "in-a-row" => wire.in_a_row = Some(value.parse().map_err(|_| bad())?),
                "gravity" => {
                    wire.gravity = Some(match value {
                        "yes" => true,
                        "no" => false,
                        _ => return Err(bad()),
                    })
                }
                "player" => wire.player = text(),
                "prune" => wire.prune = text(),
                "fail" => wire.fail = text(),
                "asks" => wire.asks = value.split_whitespace().map(str::to_owned).collect(),
                "seed" => wire.seed = Some(value.parse().map_err(|_| bad())?),
                "level" => wire.level = Some(value.parse().map_err(|_| bad())?),
                "playouts" => wire.playouts = Some(value.parse().map_err(|_| bad())?),
                "c" => wire.c = Some(value.parse().map_err(|_| bad())?),
                "evaluation" => wire.evaluation = text(),
                "depth" => wire.depth = Some(value.parse().map_err(|_| bad())?),
                _ => return Err(bad()),
            }
        }
        if wire.exercise.is_empty() {
            return Err(ExerciseTextError::Missing("exercise"));
        }
        wire.exercise()
    }

    /// The exercise as one JSON object with the text's keys.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(Wire::of(self)).expect("an exercise is plain data")
    }

    /// Reads the JSON `to_json` writes.
    pub fn from_json(text: &str) -> Result<Exercise, ExerciseTextError> {
        let wire: Wire =
            serde_json::from_str(text).map_err(|e| ExerciseTextError::Json(e.to_string()))?;
        wire.exercise()
    }
}
