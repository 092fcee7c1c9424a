//! An answer to an exercise, in text (worksheets, `--answer`) and JSON.
//!
//! # Text
//!
//! Statements separated by `;` or new lines; nodes by their path, children
//! numbered from 1 left to right: `root`, `2`, `2.1` (also written
//! `root.2.1`, `root → 2 → 1` without spaces, `2->1`); moves as the board
//! numbers them, cells from 1, or on a board with gravity columns from 1
//! (`Answer::parse_on`, `Answer::text_on`).
//!
//! ```text
//! pruned 2.2 2.3            the edges pruned, each by the child it leads to (none: `pruned`)
//! root = 3 (-inf, +inf)     a node's value and the window (α, β) it is entered with
//! 2 (3, +inf)               a window alone
//! 1.2 = 9/2                 a chance node's value: exact, or to two decimals or more (4.50)
//! root: 3 1 2               a node's children in the order that prunes most
//! leaves 5                  the leaves alpha-beta then evaluates
//! move 5                    the move a search plays
//! outcome X3                its outcome as the board marks it: X3, O2, D
//! bounded 4 7               the root's moves the search only bounds
//! pick 3                    the child Monte Carlo selection picks next
//! ```
//!
//! # JSON
//!
//! One object; paths as arrays of positions from 0, cells from 0, as all
//! of the project's JSON: `{"pruned": [[1, 1], [1, 2]], "values":
//! [{"node": [], "value": 3}], "windows": [{"node": [1], "alpha": 3,
//! "beta": "+inf"}], "orders": [{"node": [], "order": [2, 0, 1]}],
//! "leaves": 5, "move": 4, "outcome": "X3", "bounded": [3, 6], "pick": 2}`.
//! A value that is no integer is a string ("9/2", "4.50").

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use tictactoe_engine::abstract_tree::fraction::Fraction;
use tictactoe_engine::abstract_tree::search::Limit;

use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_words::position::move_number;

use super::positions::Outcome;
use crate::tree_drawing::{Marks, path_text};

/// A node's path: its position among its siblings at each level from the
/// root, from 0 (the root's is empty).
pub type Path = Vec<usize>;

/// A value as the answer writes it: exact, or a decimal with its places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerValue {
    pub value: Fraction,
    /// The decimal places written (`4.50`: 2); `None` for an integer or a
    /// fraction.
    pub decimals: Option<u32>,
}

impl AnswerValue {
    pub fn exact(value: Fraction) -> AnswerValue {
        AnswerValue {
            value,
            decimals: None,
        }
    }

    /// Whether it says `exact`: equal to it, or written with two decimals
    /// or more and equal to it rounded to as many.
    pub fn matches(&self, exact: Fraction) -> bool {
        self.value == exact
            || self
                .decimals
                .is_some_and(|places| places >= 2 && exact.rounded(places) == self.value)
    }
}

impl fmt::Display for AnswerValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.decimals {
            Some(places) => write!(f, "{:.*}", places as usize, self.value.to_f64()),
            None => write!(f, "{}", self.value),
        }
    }
}

/// An answer: each part given or not. Which parts an exercise asks for
/// depends on its kind; a part it does not ask for is refused.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Answer {
    pub values: Vec<(Path, AnswerValue)>,
    pub windows: Vec<(Path, Limit, Limit)>,
    /// The pruned edges by the child they lead to; `Some(empty)` says none
    /// is.
    pub pruned: Option<Vec<Path>>,
    /// Each node's children's positions (from 0) in the order given.
    pub orders: Vec<(Path, Vec<usize>)>,
    pub leaves: Option<usize>,
    /// A cell from 0.
    pub best_move: Option<usize>,
    pub outcome: Option<Outcome>,
    /// Cells from 0.
    pub bounded: Option<Vec<usize>>,
    /// A cell from 0.
    pub pick: Option<usize>,
    /// The moves from the root to the deciding leaf, as cells from 0 (on a
    /// board with gravity each column's stone where it lands after the
    /// moves before it).
    pub leaf: Option<Vec<usize>>,
    /// Whether a deeper search plays another move.
    pub changes: Option<bool>,
}

/// What is wrong with an answer's text: the statement (from 1) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerError {
    pub statement: usize,
    pub kind: AnswerErrorKind,
    /// The statement's text.
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerErrorKind {
    /// Nothing but white space and separators.
    Empty,
    /// Neither a keyword nor a node's path.
    Unknown,
    /// A path that is not `root` or numbers from 1 joined by dots.
    BadPath,
    /// A value that is no integer, fraction or decimal.
    BadValue,
    /// A window that is not `(α, β)` with numbers or infinities.
    BadWindow,
    /// A count or cell that is no whole number from 1 (a count from 0).
    BadNumber,
    /// An outcome that is not X followed by moves, O followed by moves, or D.
    BadOutcome,
    /// Neither yes nor no.
    BadYesNo,
    /// The same part given twice (for a node: its path).
    Twice,
    /// A column (from 0) of a board with gravity that takes no stone: full,
    /// or past the board's edge.
    NoMoveInColumn(usize),
    /// JSON that is not the answer's object; serde's message.
    Json(String),
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "statement {}: {:?}", self.statement, self.kind)
    }
}

impl std::error::Error for AnswerError {}

/// A path's text: `root`, `2.1`, `root.2.1`, `root→2→1`, `2->1`.
pub fn parse_path(text: &str) -> Option<Path> {
    let text = text.trim();
    let rest = text.strip_prefix("root").unwrap_or(text);
    let rest = rest.replace("->", ".").replace('→', ".");
    let rest = rest.trim_start_matches('.');
    if rest.is_empty() {
        return text.starts_with("root").then(Vec::new);
    }
    rest.split('.')
        .map(|part| {
            part.parse::<usize>()
                .ok()
                .filter(|&place| place >= 1)
                .map(|place| place - 1)
        })
        .collect()
}

/// A value's text: `3`, `-3`, `9/2`, `4.5`, with `−` for minus too.
pub fn parse_value(text: &str) -> Option<AnswerValue> {
    let text = text.trim().replace('−', "-");
    if let Some((numerator, denominator)) = text.split_once('/') {
        let value = Fraction::new(
            numerator.trim().parse().ok()?,
            denominator.trim().parse().ok()?,
        )?;
        return Some(AnswerValue::exact(value));
    }
    if let Some((whole, decimals)) = text.split_once('.') {
        let places = u32::try_from(decimals.len())
            .ok()
            .filter(|&n| (1..=9).contains(&n))?;
        if !decimals.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let negative = whole.starts_with('-');
        let whole_digits = whole.trim_start_matches(['-', '+']);
        if !whole_digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let scale = 10i64.pow(places);
        let magnitude = whole_digits
            .parse::<i64>()
            .unwrap_or(0)
            .checked_mul(scale)?
            .checked_add(decimals.parse::<i64>().ok()?)?;
        let numerator = if negative { -magnitude } else { magnitude };
        return Some(AnswerValue {
            value: Fraction::new(numerator, scale)?,
            decimals: Some(places),
        });
    }
    Some(AnswerValue::exact(Fraction::integer(text.parse().ok()?)))
}

/// α or β's text: a whole number, `-inf`, `+inf`, `inf`, `∞`, `−∞`.
pub fn parse_limit(text: &str) -> Option<Limit> {
    match text.trim().replace('−', "-").as_str() {
        "-inf" | "-∞" => Some(Limit::NegInfinity),
        "+inf" | "inf" | "∞" | "+∞" => Some(Limit::Infinity),
        number => number.parse().ok().map(Limit::Finite),
    }
}

/// α or β as the text writes it.
pub fn limit_text(limit: Limit) -> String {
    match limit {
        Limit::NegInfinity => "-inf".to_owned(),
        Limit::Infinity => "+inf".to_owned(),
        Limit::Finite(value) => value.to_string(),
    }
}

/// Cells from 1 in the text, from 0 in the answer.
fn parse_cells(words: &[&str]) -> Option<Vec<usize>> {
    words.iter().map(|word| parse_count(word, 1)).collect()
}

/// A whole number from `least`, less one when counting from 1.
fn parse_count(text: &str, least: usize) -> Option<usize> {
    text.parse::<usize>()
        .ok()
        .filter(|&n| n >= least)
        .map(|n| n - least)
}

impl Answer {
    /// Reads an answer's text, its moves by their cells from 1.
    pub fn parse(text: &str) -> Result<Answer, AnswerError> {
        Answer::parse_moves(text, None)
    }

    /// Reads an answer's text on `board`: its moves numbered as the board
    /// numbers them, cells from 1, or on a board with gravity columns from
    /// 1, each read as the cell its stone drops to.
    pub fn parse_on(text: &str, board: &Board) -> Result<Answer, AnswerError> {
        Answer::parse_moves(text, Some(board).filter(|board| board.shape().gravity()))
    }

    /// `parse`, or with `columns` `parse_on` that board with gravity.
    fn parse_moves(text: &str, columns: Option<&Board>) -> Result<Answer, AnswerError> {
        let mut answer = Answer::default();
        let statements: Vec<&str> = text
            .split([';', '\n'])
            .map(str::trim)
            .filter(|statement| !statement.is_empty())
            .collect();
        if statements.is_empty() {
            return Err(AnswerError {
                statement: 0,
                kind: AnswerErrorKind::Empty,
                text: String::new(),
            });
        }
        for (index, statement) in statements.iter().enumerate() {
            answer
                .read_statement(statement, columns)
                .map_err(|kind| AnswerError {
                    statement: index + 1,
                    kind,
                    text: (*statement).to_owned(),
                })?;
        }
        Ok(answer)
    }

    fn read_statement(
        &mut self,
        statement: &str,
        columns: Option<&Board>,
    ) -> Result<(), AnswerErrorKind> {
        use AnswerErrorKind::*;
        let words: Vec<&str> = statement.split_whitespace().collect();
        // A move's number from 0 as the cell it names.
        let cell = |number: usize| match columns {
            Some(board) => board.drop_cell(number).map_err(|_| NoMoveInColumn(number)),
            None => Ok(number),
        };
        let once = |given: bool| if given { Err(Twice) } else { Ok(()) };
        match words[0] {
            "pruned" => {
                once(self.pruned.is_some())?;
                let paths = words[1..]
                    .iter()
                    .map(|word| parse_path(word).ok_or(BadPath))
                    .collect::<Result<Vec<Path>, _>>()?;
                self.pruned = Some(paths);
            }
            "leaves" => {
                once(self.leaves.is_some())?;
                self.leaves = Some(single(&words, 0)?);
            }
            "move" => {
                once(self.best_move.is_some())?;
                self.best_move = Some(cell(single(&words, 1)?)?);
            }
            "pick" => {
                once(self.pick.is_some())?;
                self.pick = Some(cell(single(&words, 1)?)?);
            }
            "outcome" => {
                once(self.outcome.is_some())?;
                let [_, mark] = words[..] else {
                    return Err(BadOutcome);
                };
                self.outcome = Some(mark.parse().map_err(|_| BadOutcome)?);
            }
            "leaf" => {
                once(self.leaf.is_some())?;
                let numbers = parse_cells(&words[1..]).ok_or(BadNumber)?;
                self.leaf = Some(line_of_play(&numbers, columns)?);
            }
            "changes" => {
                once(self.changes.is_some())?;
                self.changes = Some(match words[..] {
                    [_, "yes"] => true,
                    [_, "no"] => false,
                    _ => return Err(BadYesNo),
                });
            }
            "bounded" => {
                once(self.bounded.is_some())?;
                let numbers = parse_cells(&words[1..]).ok_or(BadNumber)?;
                self.bounded = Some(numbers.into_iter().map(cell).collect::<Result<_, _>>()?);
            }
            _ => self.read_node_statement(statement)?,
        }
        Ok(())
    }

    /// `PATH = VALUE [(α, β)]`, `PATH (α, β)` or `PATH: ORDER`.
    fn read_node_statement(&mut self, statement: &str) -> Result<(), AnswerErrorKind> {
        use AnswerErrorKind::*;
        let end = statement
            .find(|c: char| c.is_whitespace() || "=:(".contains(c))
            .unwrap_or(statement.len());
        let (path_part, rest) = statement.split_at(end);
        let path =
            parse_path(path_part).ok_or(if path_part.chars().any(|c| c.is_ascii_digit()) {
                BadPath
            } else {
                Unknown
            })?;
        let rest = rest.trim();
        if let Some(order) = rest.strip_prefix(':') {
            if self.orders.iter().any(|(given, _)| *given == path) {
                return Err(Twice);
            }
            let words: Vec<&str> = order.split_whitespace().collect();
            let order = parse_cells(&words).ok_or(BadNumber)?;
            self.orders.push((path, order));
            return Ok(());
        }
        let (value, window) = match rest.strip_prefix('=') {
            Some(after) => match after.find('(') {
                Some(open) => (Some(&after[..open]), Some(&after[open..])),
                None => (Some(after), None),
            },
            None if rest.starts_with('(') => (None, Some(rest)),
            None => return Err(Unknown),
        };
        if let Some(value) = value {
            if self.values.iter().any(|(given, _)| *given == path) {
                return Err(Twice);
            }
            self.values
                .push((path.clone(), parse_value(value).ok_or(BadValue)?));
        }
        if let Some(window) = window {
            if self.windows.iter().any(|(given, ..)| *given == path) {
                return Err(Twice);
            }
            let inside = window
                .trim()
                .strip_prefix('(')
                .and_then(|window| window.strip_suffix(')'))
                .ok_or(BadWindow)?;
            let (alpha, beta) = inside.split_once(',').ok_or(BadWindow)?;
            let alpha = parse_limit(alpha).ok_or(BadWindow)?;
            let beta = parse_limit(beta).ok_or(BadWindow)?;
            self.windows.push((path, alpha, beta));
        }
        Ok(())
    }

    /// The given value of the node at `path`.
    pub fn value_of(&self, path: &[usize]) -> Option<AnswerValue> {
        self.values
            .iter()
            .find(|(given, _)| given == path)
            .map(|&(_, value)| value)
    }

    /// The given window of the node at `path`.
    pub fn window_of(&self, path: &[usize]) -> Option<(Limit, Limit)> {
        self.windows
            .iter()
            .find(|(given, ..)| given == path)
            .map(|&(_, alpha, beta)| (alpha, beta))
    }

    /// The given order of the node at `path`.
    pub fn order_of(&self, path: &[usize]) -> Option<&[usize]> {
        self.orders
            .iter()
            .find(|(given, _)| given == path)
            .map(|(_, order)| order.as_slice())
    }

    /// Whether the answer marks the edge into the node at `path` pruned.
    pub fn marks_pruned(&self, path: &[usize]) -> bool {
        self.pruned
            .as_ref()
            .is_some_and(|pruned| pruned.iter().any(|given| given == path))
    }
}

/// An answer drawn on its tree (`Shown::Answer`).
impl Marks for Answer {
    fn is_blank(&self) -> bool {
        *self == Answer::default()
    }

    fn value_at(&self, path: &[usize]) -> Option<String> {
        self.value_of(path).map(|value| value.to_string())
    }

    fn window_at(&self, path: &[usize]) -> Option<(Limit, Limit)> {
        self.window_of(path)
    }

    fn order_at(&self, path: &[usize]) -> Option<&[usize]> {
        self.order_of(path)
    }

    fn pruned_at(&self, path: &[usize]) -> bool {
        self.marks_pruned(path)
    }
}

impl Answer {
    /// Gives the node at `path` the value `value`, or takes its value back
    /// (`None`).
    pub fn set_value(&mut self, path: &[usize], value: Option<AnswerValue>) {
        self.values.retain(|(given, _)| given != path);
        if let Some(value) = value {
            self.values.push((path.to_vec(), value));
        }
    }

    /// Gives the node at `path` the window `window`, or takes it back.
    pub fn set_window(&mut self, path: &[usize], window: Option<(Limit, Limit)>) {
        self.windows.retain(|(given, ..)| given != path);
        if let Some((alpha, beta)) = window {
            self.windows.push((path.to_vec(), alpha, beta));
        }
    }

    /// Marks the edge into the node at `path` pruned or not. Once any edge
    /// has been marked or unmarked the answer says which are pruned (none,
    /// if the last is unmarked).
    pub fn set_pruned(&mut self, path: &[usize], pruned: bool) {
        let edges = self.pruned.get_or_insert_with(Vec::new);
        edges.retain(|given| given != path);
        if pruned {
            edges.push(path.to_vec());
        }
    }

    /// Gives the node at `path` its children's order, or takes it back.
    pub fn set_order(&mut self, path: &[usize], order: Option<Vec<usize>>) {
        self.orders.retain(|(given, _)| given != path);
        if let Some(order) = order {
            self.orders.push((path.to_vec(), order));
        }
    }
}

/// The one number after a keyword, counted from `least`.
/// Moves numbered from 0 played one after the other: cells, or with
/// `columns` (a board with gravity) columns, each read as the cell its
/// stone lands on after the moves before it.
fn line_of_play(numbers: &[usize], columns: Option<&Board>) -> Result<Vec<usize>, AnswerErrorKind> {
    let Some(board) = columns else {
        return Ok(numbers.to_vec());
    };
    let mut board = *board;
    numbers
        .iter()
        .map(|&column| {
            let cell = board
                .drop_cell(column)
                .map_err(|_| AnswerErrorKind::NoMoveInColumn(column))?;
            board.toggle(cell, board.side_to_move());
            Ok(cell)
        })
        .collect()
}

fn single(words: &[&str], least: usize) -> Result<usize, AnswerErrorKind> {
    match words {
        [_, number] => parse_count(number, least).ok_or(AnswerErrorKind::BadNumber),
        _ => Err(AnswerErrorKind::BadNumber),
    }
}

/// The text `Answer::parse` reads back: the parts in a fixed order, each
/// node's value and window in one statement, moves by their cells.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text_on(Shape::TIC_TAC_TOE))
    }
}

impl Answer {
    /// The text `Answer::parse_on` reads back on a board of `shape`: as
    /// `Display` writes it, the moves numbered as that board numbers them.
    pub fn text_on(&self, shape: Shape) -> String {
        let mut statements: Vec<String> = Vec::new();
        let number = |cell: usize| move_number(shape, cell);
        let cells = |cells: &[usize]| {
            cells
                .iter()
                .map(|&cell| format!(" {}", number(cell)))
                .collect::<String>()
        };
        // Children's positions from 0, written from 1.
        let order_text = |order: &[usize]| {
            order
                .iter()
                .map(|place| format!(" {}", place + 1))
                .collect::<String>()
        };
        if let Some(pruned) = &self.pruned {
            let paths: String = pruned
                .iter()
                .map(|path| format!(" {}", path_text(path)))
                .collect();
            statements.push(format!("pruned{paths}"));
        }
        let mut paths: Vec<&Path> = self.values.iter().map(|(path, _)| path).collect();
        for (path, ..) in &self.windows {
            if !paths.contains(&path) {
                paths.push(path);
            }
        }
        for path in paths {
            let mut statement = path_text(path);
            if let Some(value) = self.value_of(path) {
                statement.push_str(&format!(" = {value}"));
            }
            if let Some((alpha, beta)) = self.window_of(path) {
                statement.push_str(&format!(" ({}, {})", limit_text(alpha), limit_text(beta)));
            }
            statements.push(statement);
        }
        for (path, order) in &self.orders {
            statements.push(format!("{}:{}", path_text(path), order_text(order)));
        }
        if let Some(leaves) = self.leaves {
            statements.push(format!("leaves {leaves}"));
        }
        if let Some(changes) = self.changes {
            statements.push(format!("changes {}", if changes { "yes" } else { "no" }));
        }
        if let Some(cell) = self.best_move {
            statements.push(format!("move {}", number(cell)));
        }
        if let Some(outcome) = self.outcome {
            statements.push(format!("outcome {outcome}"));
        }
        if let Some(bounded) = &self.bounded {
            statements.push(format!("bounded{}", cells(bounded)));
        }
        if let Some(cell) = self.pick {
            statements.push(format!("pick {}", number(cell)));
        }
        if let Some(leaf) = &self.leaf {
            statements.push(format!("leaf{}", cells(leaf)));
        }
        statements.join("; ")
    }
}

/// The JSON object, as the module's comment shows it.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AnswerJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pruned: Option<Vec<Path>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    values: Vec<NodeValueJson>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    windows: Vec<NodeWindowJson>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    orders: Vec<NodeOrderJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    leaves: Option<usize>,
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    best_move: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    outcome: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bounded: Option<Vec<usize>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pick: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    leaf: Option<Vec<usize>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    changes: Option<bool>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeValueJson {
    node: Path,
    value: Json,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeWindowJson {
    node: Path,
    alpha: Json,
    beta: Json,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeOrderJson {
    node: Path,
    order: Vec<usize>,
}

/// A value in JSON: an integer as a number, any other as its text.
pub fn value_json(value: &AnswerValue) -> Json {
    match value.decimals {
        None if value.value.is_integer() => Json::from(value.value.numerator()),
        _ => Json::from(value.to_string()),
    }
}

/// α or β in JSON: a number, or "-inf" / "+inf".
pub fn limit_json(limit: Limit) -> Json {
    match limit {
        Limit::Finite(value) => Json::from(value),
        infinite => Json::from(limit_text(infinite)),
    }
}

fn json_text(json: &Json) -> Option<String> {
    match json {
        Json::Number(number) => Some(number.to_string()),
        Json::String(text) => Some(text.clone()),
        _ => None,
    }
}

impl Answer {
    /// The answer as JSON (see the module's comment).
    pub fn to_json(&self) -> Json {
        let wire = AnswerJson {
            pruned: self.pruned.clone(),
            values: self
                .values
                .iter()
                .map(|(node, value)| NodeValueJson {
                    node: node.clone(),
                    value: value_json(value),
                })
                .collect(),
            windows: self
                .windows
                .iter()
                .map(|&(ref node, alpha, beta)| NodeWindowJson {
                    node: node.clone(),
                    alpha: limit_json(alpha),
                    beta: limit_json(beta),
                })
                .collect(),
            orders: self
                .orders
                .iter()
                .map(|(node, order)| NodeOrderJson {
                    node: node.clone(),
                    order: order.clone(),
                })
                .collect(),
            leaves: self.leaves,
            best_move: self.best_move,
            outcome: self.outcome.map(|outcome| outcome.to_string()),
            bounded: self.bounded.clone(),
            pick: self.pick,
            leaf: self.leaf.clone(),
            changes: self.changes,
        };
        serde_json::to_value(wire).expect("an answer is plain data")
    }

    /// Reads an answer's JSON; the problems of a part are named as a text
    /// statement's would be (statement 0).
    pub fn from_json(text: &str) -> Result<Answer, AnswerError> {
        let error = |kind| AnswerError {
            statement: 0,
            kind,
            text: String::new(),
        };
        let wire: AnswerJson =
            serde_json::from_str(text).map_err(|e| error(AnswerErrorKind::Json(e.to_string())))?;
        let mut answer = Answer {
            pruned: wire.pruned,
            leaves: wire.leaves,
            best_move: wire.best_move,
            bounded: wire.bounded,
            pick: wire.pick,
            leaf: wire.leaf,
            changes: wire.changes,
            ..Answer::default()
        };
        for NodeValueJson { node, value } in wire.values {
            let value = json_text(&value)
                .and_then(|text| parse_value(&text))
                .ok_or(error(AnswerErrorKind::BadValue))?;
            if answer.value_of(&node).is_some() {
                return Err(error(AnswerErrorKind::Twice));
            }
            answer.values.push((node, value));
        }
        for NodeWindowJson { node, alpha, beta } in wire.windows {
            let limit = |json: &Json| json_text(json).and_then(|text| parse_limit(&text));
            let (Some(alpha), Some(beta)) = (limit(&alpha), limit(&beta)) else {
                return Err(error(AnswerErrorKind::BadWindow));
            };
            if answer.window_of(&node).is_some() {
                return Err(error(AnswerErrorKind::Twice));
            }
            answer.windows.push((node, alpha, beta));
        }
        for NodeOrderJson { node, order } in wire.orders {
            if answer.order_of(&node).is_some() {
                return Err(error(AnswerErrorKind::Twice));
            }
            answer.orders.push((node, order));
        }
        if let Some(outcome) = wire.outcome {
            answer.outcome = Some(
                outcome
                    .parse()
                    .map_err(|_| error(AnswerErrorKind::BadOutcome))?,
            );
        }
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setting_a_part_replaces_it_and_none_takes_it_back() {
        let mut answer = Answer::parse("root = 3; 1 = 2 (-inf, +inf); 1: 2 1").unwrap();
        answer.set_value(&[], Some(parse_value("5").unwrap()));
        answer.set_value(&[0], None);
        answer.set_window(&[0], Some((Limit::Finite(1), Limit::Infinity)));
        answer.set_order(&[0], None);
        answer.set_order(&[], Some(vec![1, 0]));
        answer.set_pruned(&[1, 1], true);
        answer.set_pruned(&[1, 2], true);
        answer.set_pruned(&[1, 1], false);
        assert_eq!(
            answer.to_string(),
            "pruned 2.3; root = 5; 1 (1, +inf); root: 2 1"
        );
        answer.set_pruned(&[1, 2], false);
        assert_eq!(answer.pruned, Some(vec![]));
        assert_eq!(Answer::parse(&answer.to_string()).unwrap(), answer);
    }

    #[test]
    fn paths_are_read_in_every_spelling() {
        assert_eq!(parse_path("root"), Some(vec![]));
        assert_eq!(parse_path("2.1"), Some(vec![1, 0]));
        assert_eq!(parse_path("root.2.1"), Some(vec![1, 0]));
        assert_eq!(parse_path("root→2→1"), Some(vec![1, 0]));
        assert_eq!(parse_path("2->1"), Some(vec![1, 0]));
        assert_eq!(parse_path("0"), None);
        assert_eq!(parse_path("2.x"), None);
        assert_eq!(parse_path(""), None);
        assert_eq!(path_text(&[1, 0]), "2.1");
    }

    #[test]
    fn values_are_exact_or_decimals_of_two_places_or_more() {
        let third = Fraction::new(10, 3).unwrap();
        assert!(parse_value("10/3").unwrap().matches(third));
        assert!(parse_value("3.33").unwrap().matches(third));
        assert!(parse_value("3.333").unwrap().matches(third));
        assert!(!parse_value("3.3").unwrap().matches(third));
        assert!(!parse_value("3").unwrap().matches(third));
        assert!(
            parse_value("-4.5")
                .unwrap()
                .matches(Fraction::new(-9, 2).unwrap())
        );
        assert!(parse_value("−2").unwrap().matches(Fraction::integer(-2)));
        assert_eq!(parse_value("4.x"), None);
        assert_eq!(parse_value("1/0"), None);
    }

    #[test]
    fn an_answer_reads_back_from_its_text_and_its_json() {
        let text = "pruned 2.2 2.3; root = 3 (-inf, +inf); 2 = 2 (3, +inf); 1.2 (-inf, 3); \
                    root: 1 3 2; leaves 5; move 5; outcome X3; bounded 4 7; pick 3";
        let answer = Answer::parse(text).unwrap();
        assert_eq!(answer.pruned, Some(vec![vec![1, 1], vec![1, 2]]));
        assert_eq!(
            answer.window_of(&[1]),
            Some((Limit::Finite(3), Limit::Infinity))
        );
        assert_eq!(answer.order_of(&[]), Some(&[0, 2, 1][..]));
        assert_eq!((answer.best_move, answer.pick), (Some(4), Some(2)));
        assert_eq!(answer.to_string(), text);
        assert_eq!(Answer::parse(&answer.to_string()).unwrap(), answer);
        let json = answer.to_json().to_string();
        assert_eq!(Answer::from_json(&json).unwrap(), answer);
    }

    #[test]
    fn bad_statements_are_named_by_their_number() {
        let kind = |text: &str| {
            let error = Answer::parse(text).unwrap_err();
            (error.statement, error.kind)
        };
        use AnswerErrorKind::*;
        assert_eq!(kind(" ; "), (0, Empty));
        assert_eq!(kind("pruned 2; hello"), (2, Unknown));
        assert_eq!(kind("2.0 = 3"), (1, BadPath));
        assert_eq!(kind("root = three"), (1, BadValue));
        assert_eq!(kind("root (3, )"), (1, BadWindow));
        assert_eq!(kind("move 0"), (1, BadNumber));
        assert_eq!(kind("outcome X"), (1, BadOutcome));
        assert_eq!(kind("root = 3; root = 4"), (2, Twice));
        assert_eq!(kind("pruned; pruned 2"), (2, Twice));
        assert!(matches!(
            Answer::from_json("{\"prune\": []}").unwrap_err().kind,
            Json(_)
        ));
    }
}
