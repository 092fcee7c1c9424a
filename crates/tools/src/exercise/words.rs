//! The exercises in words: what each asks, the checker's verdict (the
//! first wrong step, what was expected and given, and why), and the
//! refusals. Nodes by their path ("root → 2 → 1"), values on the tree's own
//! scale, moves as the board names them (cells from 1, columns from 1 on a
//! board with gravity: `position::move_place`), real positions' values on
//! X's scale.

use tictactoe_engine::abstract_tree::fraction::Fraction;
use tictactoe_engine::abstract_tree::{AbstractTree, Decision, NodeId};
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::growing::{Selection, StepChoice};
use tictactoe_engine::report::{Bound, Certainty};
use tictactoe_words::abstract_tree::{
    child_words, cutoff_words, limit_words, node_words, path_words, prune_words, shape_error_words,
    side_words, value_words, window_words,
};
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::mcts::{Pick, child_line};
use tictactoe_words::numbers::{decimal, group, window_limit};
use tictactoe_words::position::{
    describe_score, move_number, move_numbering, move_numbers, move_place,
};
use tictactoe_words::report::score_phrase;

use super::answer::{AnswerError, AnswerErrorKind};
use super::positions::{Outcome, RootMove, RootSearch, Why as PositionWhy};
use super::text::ExerciseTextError;
use super::{Exercise, ExerciseError, Fact, Kind, Mistake, Part, Problem, Unfit, Verdict, Why};
use tictactoe_engine::horizon::DepthSearch;

/// A position's exercise besides its board, a line each: who is to move,
/// how the position was searched, and for Monte Carlo each child's
/// statistics. Nothing for a tree.
pub fn problem_words(exercise: &Exercise) -> Vec<String> {
    let Some(board) = exercise.position() else {
        return Vec::new();
    };
    let mut lines = vec![fill(
        &gettext("{side} to move"),
        &[("side", &board.side_to_move().mark())],
    )];
    match &exercise.problem {
        Problem::BestMove(problem) => lines.push(fill(
            &gettext("searched by {player} to the end; values on X's scale"),
            &[("player", &problem.player.name())],
        )),
        Problem::Mcts(problem) => {
            let choice = problem.choice();
            lines.push(fill(
                &gettext(
                    "after {playouts} playouts from seed {seed}: the root has N = {visits} visits, c = {c}; each child's visits n and wins for {side} (a draw counts half):",
                ),
                &[
                    ("playouts", &problem.playouts),
                    ("seed", &problem.seed),
                    ("visits", &choice.visits),
                    ("c", &decimal(&format!("{:.3}", choice.exploration))),
                    ("side", &choice.side.mark()),
                ],
            ));
            for child in &choice.children {
                let wins = child
                    .terms
                    .map_or(0.0, |(mean, _)| mean * f64::from(child.visits));
                lines.push(fill(
                    &gettext("  {place}: n = {visits}, wins {wins}"),
                    &[
                        ("place", &move_place(board.shape(), child.cell)),
                        ("visits", &child.visits),
                        ("wins", &decimal(&wins.to_string())),
                    ],
                ));
            }
        }
        Problem::Horizon(problem) => {
            let weights = problem
                .evaluation
                .evaluation()
                .weights()
                .filter(|&(feature, weight)| weight != 0 && feature.applies_to(board.shape()))
                .map(|(feature, weight)| format!("{} × {weight}", feature.name()))
                .collect::<Vec<_>>()
                .join(", ");
            lines.push(fill(
                &gettext(
                    "searched by alphabeta to depth {depth}, moves in column order; values on X's scale",
                ),
                &[("depth", &problem.depth)],
            ));
            lines.push(fill(
                &gettext(
                    "evaluation {name}, on X's scale: the sum over the features of (X's count − O's count) × weight: {weights}",
                ),
                &[("name", &problem.evaluation.name()), ("weights", &weights)],
            ));
        }
        Problem::Tree(_) => {}
    }
    lines
}

/// What the exercise asks, and how to write the answer.
pub fn question_words(exercise: &Exercise) -> String {
    match exercise.kind {
        Kind::Minimax => gettext(
            "Give the value of every inner node: a Max node takes its highest child, a Min node its lowest, a chance node the mean of its children. Write one statement per node, such as: root = 3; 1 = 3; 2.1 = 9/2 (a chance node's value exact, or to two decimals).",
        ),
        Kind::AlphaBeta => {
            let mut words = gettext(
                "Run alpha-beta from the root with the window (−∞, +∞), children left to right. Mark each pruned edge by the child it leads to: pruned 2.2 2.3 (or just: pruned, if none is).",
            );
            if exercise.asks.values {
                words.push(' ');
                words.push_str(&gettext(
                    "Give the value each searched inner node returns: 2 = 2.",
                ));
            }
            if exercise.asks.windows {
                words.push(' ');
                words.push_str(&gettext(
                    "Give the window each searched inner node is entered with: 2 (3, +inf), or with its value: 2 = 2 (3, +inf).",
                ));
            }
            words
        }
        Kind::Order => gettext(
            "Order the children of every Max and Min node with more than one child so that alpha-beta prunes most: root: 3 1 2 lists the root's children by their numbers, the one to search first first. Optionally say how many leaves alpha-beta then evaluates: leaves 5.",
        ),
        Kind::BestMove => fill(
            &gettext(
                "Which move does the search play, what is its outcome (X3: X wins in 3 moves, O2, D: a draw), and which of the root's moves does it only bound, because their search was cut short? Answer such as: move 5; outcome D; bounded 2 7 ({numbering}; just bounded if none is).",
            ),
            &[("numbering", &move_numbering(position_shape(exercise)))],
        ),
        Kind::Mcts => fill(
            &gettext(
                "Which child of the root does the next selection pick? Each has its visits n and wins for the side choosing (a draw counts half); the score is wins/n + c·sqrt(ln N / n), an unvisited child first. Answer such as: pick 5 ({numbering}).",
            ),
            &[("numbering", &move_numbering(position_shape(exercise)))],
        ),
        Kind::DepthValue => gettext(
            "What value does the search give the position, on X's scale? Each leaf at the depth is worth the evaluation; a win is worth 1000 minus the stones on the board. Answer such as: root = 12.",
        ),
        Kind::DecidingLeaf => fill(
            &gettext(
                "Which leaf decides the root: the leaf whose evaluation becomes the root's value? Give the moves from the root to it, such as: leaf 4 3 ({numbering}; the first of equal moves in column order).",
            ),
            &[("numbering", &move_numbering(position_shape(exercise)))],
        ),
        Kind::Deeper => fill(
            &gettext(
                "Does a search one ply deeper play another move? Answer: changes no, or changes yes; move 5 with the deeper search's move ({numbering}).",
            ),
            &[("numbering", &move_numbering(position_shape(exercise)))],
        ),
    }
}

/// The verdict in a sentence or two.
pub fn verdict_words(exercise: &Exercise, verdict: &Verdict) -> String {
    match verdict {
        Verdict::Correct => gettext("Correct: every step is as the search takes it."),
        Verdict::Wrong(mistake) => mistake_words(exercise, mistake),
    }
}

/// The board of the exercise's position; 3x3 for a tree's (which names no
/// moves).
fn position_shape(exercise: &Exercise) -> Shape {
    exercise.move_shape()
}

/// Several moves where they go: "cells 2 7", "columns 3 5".
fn places_words(shape: Shape, cells: &[usize]) -> String {
    let words = if shape.gravity() {
        gettext("columns {numbers}")
    } else {
        gettext("cells {numbers}")
    };
    fill(&words, &[("numbers", &move_numbers(shape, cells, " "))])
}

/// A fact as the verdict names it, moves numbered as on a board of `shape`.
fn fact_words(fact: &Fact, shape: Shape) -> String {
    match fact {
        Fact::Value(value) => value_words(*value),
        Fact::Limit(limit) => limit_words(*limit),
        Fact::Yes(true) => gettext("yes"),
        Fact::Yes(false) => gettext("no"),
        Fact::Order(order) => order
            .iter()
            .map(|place| (place + 1).to_string())
            .collect::<Vec<_>>()
            .join(" "),
        Fact::Count(count) => count.to_string(),
        Fact::Cell(cell) => move_number(shape, *cell).to_string(),
        Fact::Outcome(outcome) => outcome_words(*outcome),
        Fact::Cells(cells) => move_numbers(shape, cells, " "),
    }
}

/// An outcome mark and its meaning: "X3 (X wins in 3 moves)", "D (a draw)".
pub fn outcome_words(outcome: Outcome) -> String {
    let meaning = match outcome {
        Outcome::Wins { side, moves } => fill(
            &ngettext(
                "{side} wins in {moves} move",
                "{side} wins in {moves} moves",
                plural_count(u64::from(moves)),
            ),
            &[("side", &side.mark()), ("moves", &moves)],
        ),
        Outcome::Draw => gettext("draw"),
    };
    format!("{outcome} ({meaning})")
}

/// The first wrong step: where, what, and why.
pub fn mistake_words(exercise: &Exercise, mistake: &Mistake) -> String {
    let tree = exercise.tree();
    let node = match (tree, mistake.node) {
        (Some(tree), Some(id)) => node_words(tree, id),
        _ => String::new(),
    };
    let shape = position_shape(exercise);
    let expected = fact_words(&mistake.expected, shape);
    let given = mistake.given.as_ref().map(|fact| fact_words(fact, shape));
    // A move expected, where it goes: "cell 5", "column 4".
    let place = match &mistake.expected {
        Fact::Cell(cell) => move_place(shape, *cell),
        Fact::Cells(cells) => places_words(shape, cells),
        _ => String::new(),
    };
    let values: Vec<(&str, &dyn std::fmt::Display)> =
        vec![("node", &node), ("expected", &expected), ("place", &place)];
    let with_given = |message: &str, missing: &str| match &given {
        Some(given) => {
            let mut values = values.clone();
            values.push(("given", given));
            fill(message, &values)
        }
        None => fill(missing, &values),
    };
    let what = match (mistake.part, &mistake.expected) {
        (Part::Value, _) if exercise.kind == Kind::DepthValue => with_given(
            &gettext("The search gives the position {expected}, not {given}."),
            &gettext("The answer gives no value; the search gives the position {expected}."),
        ),
        (Part::Value, _) => with_given(
            &gettext("{node} returns {expected}, not {given}."),
            &gettext("{node} has no value in the answer; it returns {expected}."),
        ),
        (Part::Alpha, _) => with_given(
            &gettext("{node} is entered with α = {expected}, not {given}."),
            &gettext("{node} has no window in the answer; it is entered with α = {expected}."),
        ),
        (Part::Beta, _) => with_given(
            &gettext("{node} is entered with β = {expected}, not {given}."),
            &gettext("{node} has no window in the answer; it is entered with β = {expected}."),
        ),
        (Part::Pruned, Fact::Yes(true)) => fill(
            &gettext("The edge to {node} is pruned, but the answer does not mark it."),
            &values,
        ),
        (Part::Pruned, _) if matches!(mistake.why, Why::BelowCut { .. }) => fill(
            &gettext(
                "The edge to {node} lies below a pruned edge: mark only the pruned edge itself, what hangs below it goes with it.",
            ),
            &values,
        ),
        (Part::Pruned, _) => fill(
            &gettext("The edge to {node} is not pruned: the search enters {node}."),
            &values,
        ),
        (Part::Unvisited, _) => fill(
            &gettext("{node} is never searched, so it has no value or window."),
            &values,
        ),
        (Part::Order, _) => with_given(
            &gettext("The children of {node}, best first, go {expected}, not {given}."),
            &gettext(
                "The answer gives no order for {node}; best first its children go {expected}.",
            ),
        ),
        (Part::Leaves, _) => with_given(
            &gettext("Alpha-beta evaluates {expected} leaves in that order, not {given}."),
            &gettext("Alpha-beta evaluates {expected} leaves in that order."),
        ),
        (Part::Move, _) => with_given(
            &gettext("The search plays {place} (or another move as good), not {given}."),
            &gettext("The answer gives no move; the search plays {place}."),
        ),
        (Part::Outcome, _) => with_given(
            &gettext("The outcome is {expected}, not {given}."),
            &gettext("The answer gives no outcome; it is {expected}."),
        ),
        (Part::Bounded, Fact::Cells(_)) => fill(
            &gettext("The answer does not say which moves are only bounded: {place}."),
            &values,
        ),
        (Part::Bounded, bounded) => {
            let place = match &mistake.why {
                Why::Position(PositionWhy::Bounded(_, root_move)) => {
                    move_place(shape, root_move.cell)
                }
                _ => String::new(),
            };
            let message = if *bounded == Fact::Yes(true) {
                gettext("The value of {place} is only a bound, but the answer takes it for exact.")
            } else {
                gettext("The value of {place} is exact, but the answer takes it for a bound.")
            };
            fill(&message, &[("place", &place)])
        }
        (Part::Leaf, _) => with_given(
            &gettext("The leaf that decides the root is reached by {place}, not {given}."),
            &gettext(
                "The answer gives no leaf; the one that decides the root is reached by {place}.",
            ),
        ),
        (Part::Changes, Fact::Yes(true)) => {
            fill(&gettext("The deeper search plays another move."), &values)
        }
        (Part::Changes, _) => fill(&gettext("The deeper search plays the same move."), &values),
        (Part::Pick, _) => with_given(
            &gettext("Selection picks {place} next, not {given}."),
            &gettext("The answer gives no pick; selection picks {place} next."),
        ),
    };
    let step = fill(
        &gettext("Wrong at step {step}:"),
        &[("step", &(mistake.step + 1))],
    );
    let why = why_words(exercise, &mistake.why);
    [step, what, why]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Children and their values: "child 1: 3, child 2: 12, child 3: 8".
fn children_values(tree: &AbstractTree, children: &[(NodeId, Fraction)]) -> String {
    children
        .iter()
        .map(|&(child, value)| format!("{}: {}", child_words(tree, child), value_words(value)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The reason, as a sentence.
pub fn why_words(exercise: &Exercise, why: &Why) -> String {
    let Some(tree) = exercise.tree() else {
        return match why {
            Why::Position(why) => position_why_words(exercise, why),
            _ => String::new(),
        };
    };
    match why {
        Why::Leaf => gettext("A leaf is worth the value written at it."),
        Why::Best { side, children } => {
            let message = match side {
                Decision::Max => gettext(
                    "A Max node takes the highest value of the children it searched: {children}.",
                ),
                Decision::Min => gettext(
                    "A Min node takes the lowest value of the children it searched: {children}.",
                ),
            };
            fill(&message, &[("children", &children_values(tree, children))])
        }
        Why::Mean { children } => fill(
            &gettext(
                "A chance node is worth the mean of its children's values, each as likely: {children}.",
            ),
            &[("children", &children_values(tree, children))],
        ),
        Why::Clamped {
            side,
            best,
            alpha,
            beta,
        } => fill(
            &gettext(
                "Its best child is worth {best} to {side}, outside its window {window}; fail-hard returns the edge of the window it crossed instead.",
            ),
            &[
                ("best", &window_limit(*best)),
                ("side", &side_words(*side)),
                ("window", &window_words(*alpha, *beta)),
            ],
        ),
        Why::FullWindow => gettext("The root is searched with the full window (−∞, +∞)."),
        Why::Inherited {
            parent,
            side,
            alpha,
            beta,
            best,
        } => {
            let came = fill(
                &gettext(
                    "It gets the window of its parent, {parent}, which was entered with {window}",
                ),
                &[
                    ("parent", &node_words(tree, *parent)),
                    ("window", &window_words(*alpha, *beta)),
                ],
            );
            let narrowed = match (best, side) {
                (None, _) => gettext("and had no child's value yet."),
                (Some((child, value)), Decision::Max) => fill(
                    &gettext(
                        "and whose best so far, {value} from {child}, raises α to it where it is higher.",
                    ),
                    &[
                        ("value", &window_limit(*value)),
                        ("child", &child_words(tree, *child)),
                    ],
                ),
                (Some((child, value)), Decision::Min) => fill(
                    &gettext(
                        "and whose best so far, {value} from {child}, lowers β to it where it is lower.",
                    ),
                    &[
                        ("value", &window_limit(*value)),
                        ("child", &child_words(tree, *child)),
                    ],
                ),
            };
            format!("{came} {narrowed}")
        }
        Why::Cut(cutoff) => cutoff_words(tree, cutoff),
        Why::BelowCut { edge, cutoff } => {
            let below = fill(
                &gettext("It lies under the edge to {edge}, which is pruned."),
                &[("edge", &path_words(&tree.path(*edge)))],
            );
            format!("{below} {}", cutoff_words(tree, cutoff))
        }
        Why::NotCut {
            parent,
            side,
            best,
            bound,
            prune,
        } => {
            let values: [(&str, &dyn std::fmt::Display); 4] = [
                ("parent", &node_words(tree, *parent)),
                (
                    "best",
                    &best.map_or_else(String::new, |(_, value)| window_limit(value)),
                ),
                ("bound", &limit_words(*bound)),
                ("convention", &prune_words(*prune)),
            ];
            let message = match (best, side) {
                (None, _) => gettext(
                    "Its parent, {parent}, has no child's value before it, so nothing can be pruned yet.",
                ),
                (Some(_), Decision::Max) => gettext(
                    "Its parent, {parent}, has {best} so far, which does not reach β = {bound} under {convention}, so the search goes on to this child.",
                ),
                (Some(_), Decision::Min) => gettext(
                    "Its parent, {parent}, has {best} so far, which does not fall to α = {bound} under {convention}, so the search goes on to this child.",
                ),
            };
            fill(&message, &values)
        }
        Why::BetterLater {
            side,
            first,
            better,
        } => {
            let message = match side {
                Decision::Max => gettext(
                    "For Max, {better} (worth {better_value}) is better than {first} (worth {first_value}), so it comes before it: best first means highest first.",
                ),
                Decision::Min => gettext(
                    "For Min, {better} (worth {better_value}) is better than {first} (worth {first_value}), so it comes before it: best first means lowest first.",
                ),
            };
            fill(
                &message,
                &[
                    ("better", &child_words(tree, better.0)),
                    ("better_value", &window_limit(better.1)),
                    ("first", &child_words(tree, first.0)),
                    ("first_value", &window_limit(first.1)),
                ],
            )
        }
        Why::LeavesCounted => gettext(
            "Count the leaves alpha-beta reaches with the children in the answer's order; a pruned edge saves every leaf below it.",
        ),
        Why::Position(why) => position_why_words(exercise, why),
    }
}

/// A root move's value as the search left it, on X's scale.
fn root_move_words(board: &Board, root_move: &RootMove) -> String {
    let certainty = if root_move.bound == Bound::Exact {
        Certainty::Exact
    } else {
        Certainty::Bound
    };
    fill(
        &gettext("{place}: {value}"),
        &[
            ("place", &move_place(board.shape(), root_move.cell)),
            (
                "value",
                &score_phrase(
                    root_move.value,
                    root_move.bound,
                    certainty,
                    board.stone_count(),
                ),
            ),
        ],
    )
}

fn root_words(board: &Board, search: &RootSearch) -> String {
    let moves = search
        .moves
        .iter()
        .map(|root_move| root_move_words(board, root_move))
        .collect::<Vec<_>>()
        .join("; ");
    fill(
        &gettext(
            "{side} to move; the search found, in the order it searched them (values on X's scale): {moves}. The position's value: {value}.",
        ),
        &[
            ("side", &search.side.mark()),
            ("moves", &moves),
            ("value", &describe_score(search.value, board.stone_count())),
        ],
    )
}

/// A depth-limited search's result: its move, value and variation, and
/// the leaf's evaluation that decided it.
fn searched_words(board: &Board, search: &DepthSearch) -> String {
    let shape = board.shape();
    let found = fill(
        &gettext(
            "Depth {depth} plays {place} with the value {value}; its principal variation is {moves}.",
        ),
        &[
            ("depth", &search.depth),
            ("place", &move_place(shape, search.best)),
            (
                "value",
                &value_words(Fraction::integer(i64::from(search.value))),
            ),
            ("moves", &places_words(shape, &search.pv)),
        ],
    );
    let leaf = match search.leaf_evaluation {
        Some(estimate) => fill(
            &gettext("Its leaf is evaluated at {value}, which the search carries up to the root."),
            &[(
                "value",
                &value_words(Fraction::integer(i64::from(estimate))),
            )],
        ),
        None => gettext("Its variation ends the game: the value is the result."),
    };
    format!("{found} {leaf}")
}

fn position_why_words(exercise: &Exercise, why: &PositionWhy) -> String {
    let Some(board) = exercise.position() else {
        return String::new();
    };
    match why {
        PositionWhy::Searched(search) => searched_words(board, search),
        PositionWhy::Deeper(found) => format!(
            "{} {}",
            searched_words(board, &found.shallow),
            searched_words(board, &found.deep)
        ),
        PositionWhy::Root(search) => root_words(board, search),
        PositionWhy::Bounded(search, root_move) => {
            let window = fill(
                &gettext(
                    "The move to {place} was searched in the window ({alpha}, {beta}) on X's scale.",
                ),
                &[
                    ("place", &move_place(board.shape(), root_move.cell)),
                    ("alpha", &window_limit(root_move.alpha)),
                    ("beta", &window_limit(root_move.beta)),
                ],
            );
            let verdict = if root_move.bound == Bound::Exact {
                gettext("Its value fell inside it, so it is exact.")
            } else {
                gettext(
                    "Its value fell outside it, so its search stopped at a cutoff and the value is only a bound.",
                )
            };
            format!("{window} {verdict} {}", root_words(board, search))
        }
        PositionWhy::Selection(choice) => {
            let step = StepChoice::from(choice);
            let rows = step
                .children
                .iter()
                .map(|child| {
                    let pick = if child.node == step.picked {
                        Pick::Next
                    } else {
                        Pick::No
                    };
                    child_line(board.shape(), child, Selection::Ucb, pick)
                })
                .collect::<Vec<_>>()
                .join("; ");
            fill(
                &gettext(
                    "Selection takes an unvisited child first, else the highest UCB score (the last of equal ones), with N = {visits} and c = {c}: {rows}.",
                ),
                &[
                    ("visits", &choice.visits),
                    ("c", &format!("{:.3}", choice.exploration)),
                    ("rows", &rows),
                ],
            )
        }
    }
}

/// An answer that does not fit its exercise.
pub fn unfit_words(unfit: &Unfit) -> String {
    match unfit {
        Unfit::NoSuchNode(path) => fill(
            &gettext("the tree has no node {path}"),
            &[("path", &path_words(path))],
        ),
        Unfit::NotAsked(part) => fill(
            &gettext("this exercise does not ask for '{part}'"),
            &[("part", part)],
        ),
        Unfit::NotAPermutation(path) => fill(
            &gettext("the order for {path} must name each of its children once"),
            &[("path", &path_words(path))],
        ),
        Unfit::NothingToOrder(path) => fill(
            &gettext(
                "{path} has no choice to order: only Max and Min nodes with two children or more have one",
            ),
            &[("path", &path_words(path))],
        ),
        Unfit::RootPruned => gettext("the root has no edge above it to prune"),
        Unfit::NotAFreeCell(cell) => fill(
            &gettext("cell {cell} is not a free cell of the position"),
            &[("cell", &(cell + 1))],
        ),
    }
}

/// Why an exercise could not be made.
pub fn exercise_error_words(error: ExerciseError) -> String {
    match error {
        ExerciseError::Shape(error) => shape_error_words(error),
        ExerciseError::ChanceNode(_) => gettext(
            "alpha-beta and the best order take no chance nodes: on a tree with chance nodes ask for minimax (expectimax) values",
        ),
        ExerciseError::WrongProblem => gettext("this kind of exercise is not asked on that"),
        ExerciseError::GameOver => {
            gettext("the game is over in this position: there is nothing to search")
        }
        ExerciseError::TooManyEmptyCells { empty, limit } => fill(
            &ngettext(
                "this position has {empty} empty cell: a search to the end takes too long here; play on until {limit} or fewer are left",
                "this position has {empty} empty cells: a search to the end takes too long here; play on until {limit} or fewer are left",
                plural_count(u64::from(empty)),
            ),
            &[("empty", &empty), ("limit", &limit)],
        ),
    }
}

/// An answer's text refused.
pub fn answer_error_words(error: &AnswerError) -> String {
    let problem = match &error.kind {
        AnswerErrorKind::Empty => return gettext("the answer is empty"),
        AnswerErrorKind::Unknown => gettext(
            "neither a keyword (pruned, leaves, move, outcome, bounded, pick) nor a node's path",
        ),
        AnswerErrorKind::BadPath => {
            gettext("a node's path is root or child numbers from 1 joined by dots, such as 2.1")
        }
        AnswerErrorKind::BadValue => {
            gettext("a value is a whole number, a fraction such as 9/2, or a decimal such as 4.50")
        }
        AnswerErrorKind::BadWindow => {
            gettext("a window is (α, β) with whole numbers or -inf and +inf, such as (3, +inf)")
        }
        AnswerErrorKind::BadNumber => gettext("cells are whole numbers from 1, counts from 0"),
        AnswerErrorKind::BadOutcome => {
            gettext("an outcome is X or O with the moves to the win, such as X3, or D for a draw")
        }
        AnswerErrorKind::BadYesNo => gettext("write yes or no"),
        AnswerErrorKind::Twice => gettext("given twice"),
        AnswerErrorKind::NoMoveInColumn(column) => fill(
            &gettext("column {column} takes no stone: it is full or not on the board"),
            &[("column", &(column + 1))],
        ),
        AnswerErrorKind::Json(message) => {
            return fill(
                &gettext("the answer's JSON: {message}"),
                &[("message", message)],
            );
        }
    };
    if error.statement == 0 {
        return problem;
    }
    fill(
        &gettext("statement {number} ('{text}'): {problem}"),
        &[
            ("number", &error.statement),
            (
                "text",
                &tictactoe_words::escape::escape_text(
                    &error.text,
                    tictactoe_words::escape::ECHO_CHARS,
                ),
            ),
            ("problem", &problem),
        ],
    )
}

/// An exercise's text or JSON refused.
pub fn exercise_text_error_words(error: &ExerciseTextError, text: &str) -> String {
    match error {
        ExerciseTextError::Line { line, key } => fill(
            &gettext("line {line}: '{key}' is unknown, given twice or not readable"),
            &[
                ("line", line),
                (
                    "key",
                    &tictactoe_words::escape::escape_text(key, tictactoe_words::escape::ECHO_CHARS),
                ),
            ],
        ),
        ExerciseTextError::Missing(key) => fill(&gettext("'{key}' is missing"), &[("key", key)]),
        ExerciseTextError::Tree(error) => {
            let tree_text = text
                .lines()
                .find_map(|line| line.trim().strip_prefix("tree "))
                .unwrap_or(text);
            tictactoe_words::abstract_tree::parse_error_words(error, tree_text)
        }
        ExerciseTextError::Position(error) => {
            use tictactoe_words::Words;
            error.words()
        }
        ExerciseTextError::Exercise(error) => exercise_error_words(*error),
        ExerciseTextError::Json(message) => fill(
            &gettext("the exercise's JSON: {message}"),
            &[("message", message)],
        ),
    }
}

/// A tally in words: "3 of 5 exercises solved, 2 at the first check";
/// "no exercise tried yet".
pub fn tally_words(tally: &super::score::Tally) -> String {
    if tally.tried == 0 {
        return gettext("no exercise tried yet");
    }
    fill(
        &ngettext(
            "{solved} of {tried} exercise solved, {first} at the first check",
            "{solved} of {tried} exercises solved, {first} at the first check",
            plural_count(u64::from(tally.tried)),
        ),
        &[
            ("solved", &group(u64::from(tally.solved))),
            ("tried", &group(u64::from(tally.tried))),
            ("first", &group(u64::from(tally.first_check))),
        ],
    )
}
