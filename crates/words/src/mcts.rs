//! A tree grown step by step (Monte Carlo tree search's playouts, the
//! neural player's PUCT simulations), in words: each child selection
//! weighs with its visits, mean on X's scale and score terms, and each
//! phase of a step (selection, expansion, the leaf's value, the update).
//! These are the screen reader's words for the Monte Carlo window's
//! pictures, and its rows and captions.

use tictactoe_engine::board::Side;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::growing::{LeafValue, Selection, Step, StepChild, StepChoice, StepUpdate};
use tictactoe_engine::learners::neural::beliefs::MoveBelief;

use super::i18n::{fill, gettext, ngettext};
use super::numbers::{count, decimal, group, percent, result_number};
use super::position::{describe_winner, move_number, move_numbers, move_place};
use super::report::visits_words;

/// A score term as the algorithm adds them, for the side choosing: "0.667".
pub fn term(value: f64) -> String {
    decimal(&format!("{value:.3}"))
}

/// How a child stands with selection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// Not the one.
    No,
    /// The one this step's selection took.
    Took,
    /// The one selection takes next.
    Next,
}

/// One child as selection at a node sees it, its move named as on a board
/// of `shape` (`position::move_place`): "Cell 5: 4 visits, mean +0.500 on
/// X's scale; UCB 0.750 earned + 0.833 exploration = 1.583; selection
/// picks it next", "Column 4: ...".
pub fn child_line(shape: Shape, child: &StepChild, selection: Selection, pick: Pick) -> String {
    let place = capitalised(&move_place(shape, child.cell));
    let visits = visits_words(u64::from(child.visits));
    let mean = child.mean.map_or_else(
        || gettext("no mean yet"),
        |mean| {
            fill(
                &gettext("mean {mean} on X's scale"),
                &[("mean", &result_number(mean, 3))],
            )
        },
    );
    let line = match (selection, child.terms) {
        (Selection::Ucb, None) => fill(
            &gettext("{move}: not visited yet, so selection takes it before any visited move"),
            &[("move", &place)],
        ),
        (Selection::Ucb, Some((earned, exploration))) => fill(
            &gettext(
                "{move}: {visits}, {mean}; UCB {earned} earned + {exploration} exploration = {score}",
            ),
            &[
                ("move", &place),
                ("visits", &visits),
                ("mean", &mean),
                ("earned", &term(earned)),
                ("exploration", &term(exploration)),
                ("score", &term(earned + exploration)),
            ],
        ),
        (Selection::Puct, terms) => {
            let (earned, bonus) = terms.unwrap_or((0.0, 0.0));
            fill(
                &gettext(
                    "{move}: prior {prior}, {visits}, {mean}; PUCT {earned} earned + {exploration} exploration = {score}",
                ),
                &[
                    ("move", &place),
                    ("prior", &percent(100.0 * child.prior.unwrap_or(0.0), 1)),
                    ("visits", &visits),
                    ("mean", &mean),
                    ("earned", &term(earned)),
                    ("exploration", &term(bonus)),
                    ("score", &term(earned + bonus)),
                ],
            )
        }
    };
    match pick {
        Pick::No => line,
        Pick::Took => fill(&gettext("{line}; selection took it"), &[("line", &line)]),
        Pick::Next => fill(
            &gettext("{line}; selection picks it next"),
            &[("line", &line)],
        ),
    }
}

/// What the columns of a choice's terms mean, for the side choosing:
/// "UCB = mean result for O (0 lost, 1 won) + c·√(ln N / n), c = 1.414,
/// N = 12 visits here".
pub fn terms_legend(choice: &StepChoice, selection: Selection) -> String {
    let template = match selection {
        Selection::Ucb => gettext(
            "UCB score = what the move has earned for {side} (its mean result: 0 lost, 0.5 drawn, 1 won) + exploration c·√(ln N / n); c = {c}, N = {visits} here, n = the move's visits",
        ),
        Selection::Puct => gettext(
            "PUCT score = what the move has earned for {side} (its mean value: −1 lost, +1 won) + exploration c·P·√N / (1 + n); c = {c}, N = {visits} here, P = the network's prior, n = the move's visits",
        ),
    };
    fill(
        &template,
        &[
            ("side", &choice.side.mark()),
            ("c", &term(choice.exploration)),
            ("visits", &choice.visits),
        ],
    )
}

/// A node named by the moves from the root, numbered as on a board of
/// `shape`: "the root", "the node after 5, 1, 9".
pub fn node_name(shape: Shape, path: &[usize]) -> String {
    if path.is_empty() {
        return gettext("the root");
    }
    fill(
        &gettext("the node after {cells}"),
        &[("cells", &move_numbers(shape, path, ", "))],
    )
}

/// Where a node is, as a phrase: "at the root", "at the node after 5, 1".
fn at_node(shape: Shape, path: &[usize]) -> String {
    if path.is_empty() {
        return gettext("at the root");
    }
    fill(
        &gettext("at the node after {cells}"),
        &[("cells", &move_numbers(shape, path, ", "))],
    )
}

/// `text` with its first letter a capital.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Moves with their sides, numbered as on a board of `shape`: "X 7, O 2,
/// X 9", the first by `first`.
fn moves(shape: Shape, moves: &[usize], first: Side) -> String {
    let mut side = first;
    moves
        .iter()
        .map(|cell| {
            let text = format!("{} {}", side.mark(), move_number(shape, *cell));
            side = side.opponent();
            text
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The caption over a choice's children: "At the root, X to move, 12
/// visits:".
pub fn choice_heading(shape: Shape, choice: &StepChoice, path: &[usize]) -> String {
    fill(
        &gettext("{at_node}, {side} to move, {visits}:"),
        &[
            ("at_node", &capitalised(&at_node(shape, path))),
            ("side", &choice.side.mark()),
            ("visits", &visits_words(u64::from(choice.visits))),
        ],
    )
}

/// One step down the tree on a board of `shape`: "Selection 2 of 3: at the
/// node after 5, O takes cell 1, its UCB score 1.214 the highest".
pub fn selection_words(shape: Shape, step: &Step, depth: usize) -> String {
    let choice = &step.selection[depth];
    let path: Vec<usize> = step.path().take(depth).collect();
    let picked = choice.picked_child();
    let why = match picked.score() {
        None => gettext("not visited yet, so before any visited move"),
        Some(score) => fill(
            &gettext("its score {score} the highest"),
            &[("score", &term(score))],
        ),
    };
    fill(
        &gettext("Selection {number} of {count}: {at_node}, {side} takes {move}, {why}."),
        &[
            ("number", &(depth + 1)),
            ("count", &step.selection.len()),
            ("at_node", &at_node(shape, &path)),
            ("side", &choice.side.mark()),
            ("move", &move_place(shape, picked.cell)),
            ("why", &why),
        ],
    )
}

/// Where the tree grew: "Expansion: the root gets its 9 children; cell 1,
/// the first, is new to the tree."
pub fn expansion_words(shape: Shape, step: &Step) -> String {
    let path: Vec<usize> = step.path().collect();
    let expanded_at = step
        .expanded
        .and_then(|node| step.selection.iter().position(|choice| choice.node == node));
    match (expanded_at, step.new_node) {
        (Some(depth), _) => fill(
            &ngettext(
                "Expansion: {node} gets {count} child; {new} is new to the tree.",
                "Expansion: {node} gets its {count} children; {new} is new to the tree.",
                step.selection[depth].children.len() as u32,
            ),
            &[
                ("node", &node_name(shape, &path[..depth])),
                ("count", &step.selection[depth].children.len()),
                ("new", &node_name(shape, &path)),
            ],
        ),
        (None, Some(_)) => fill(
            &gettext("Expansion: {node} is new to the tree; its children come on its next visit."),
            &[("node", &node_name(shape, &path))],
        ),
        (None, None) => fill(
            &gettext("Expansion: none; {node} ends the game and was in the tree already."),
            &[("node", &node_name(shape, &path))],
        ),
    }
}

/// A game's end: "X wins", "a draw".
fn winner_words(winner: Option<Side>) -> String {
    match winner {
        Some(side) => fill(&gettext("{side} wins"), &[("side", &side.mark())]),
        None => gettext("a draw"),
    }
}

/// The leaf's value, the first `shown` of a playout's moves told: "Random
/// playout: X 7, O 2, X 9: X wins (+1 on X's scale)."
pub fn leaf_words(shape: Shape, step: &Step, first: Side, shown: usize) -> String {
    match &step.leaf {
        LeafValue::Playout {
            moves: played,
            winner,
        } => {
            let so_far = moves(shape, &played[..shown.min(played.len())], first);
            if shown < played.len() {
                fill(
                    &gettext("Random playout, {number} of {count} moves so far: {moves}."),
                    &[
                        ("number", &shown),
                        ("count", &played.len()),
                        ("moves", &so_far),
                    ],
                )
            } else {
                fill(
                    &gettext("Random playout: {moves}: {end} ({result} on X's scale)."),
                    &[
                        ("moves", &so_far),
                        ("end", &winner_words(*winner)),
                        ("result", &result_number(step.result, 0)),
                    ],
                )
            }
        }
        LeafValue::Network { value } => fill(
            &gettext(
                "The network values the new position at {value} on X's scale, in place of a random playout.",
            ),
            &[("value", &result_number(*value, 3))],
        ),
        LeafValue::GameOver { winner } => fill(
            &gettext("No playout: the game is over here, {end} ({result} on X's scale)."),
            &[
                ("end", &winner_words(*winner)),
                ("result", &result_number(step.result, 0)),
            ],
        ),
    }
}

/// One node's statistics after the update: "cell 5: 4 visits, mean
/// +0.250", "column 4: ...".
fn node_update_words(shape: Shape, update: &StepUpdate) -> String {
    let node = match update.cell {
        None => gettext("the root"),
        Some(cell) => move_place(shape, cell),
    };
    fill(
        &gettext("{node}: {visits}, mean {mean}"),
        &[
            ("node", &node),
            ("visits", &visits_words(u64::from(update.visits))),
            ("mean", &result_number(update.mean, 3)),
        ],
    )
}

/// The result carried back up: "Update: +1 goes back up the path; the
/// root: 13 visits, mean +0.077; cell 5: 4 visits, mean +0.250."
pub fn backup_words(shape: Shape, step: &Step) -> String {
    fill(
        &gettext("Update: {result} on X's scale goes back up the path; {updates}."),
        &[
            ("result", &result_number(step.result, 3)),
            (
                "updates",
                &step
                    .updates
                    .iter()
                    .map(|update| node_update_words(shape, update))
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
        ],
    )
}

/// How far the search is: "12 playouts run", or for PUCT "12 simulations
/// run".
pub fn steps_run(selection: Selection, steps: u32) -> String {
    count(u64::from(steps), |n| match selection {
        Selection::Ucb => ngettext("{count} playout run", "{count} playouts run", n),
        Selection::Puct => ngettext("{count} simulation run", "{count} simulations run", n),
    })
}

/// The random playout's moves in words, the first played by `first`: "The
/// random playout from there: O 2, X 7." (cells from 1, columns on a board
/// with gravity); nothing before the playout.
pub fn playout_words(shape: Shape, playout: &[usize], first: Side) -> String {
    if playout.is_empty() {
        return String::new();
    }
    fill(
        &gettext("The random playout from there: {moves}."),
        &[("moves", &moves(shape, playout, first))],
    )
}

/// The columns of a child's row in the window's table, in the order of
/// `column_headings`: the move's number on a board of `shape` (cell or
/// column, from 1), visits, mean on X's scale, the prior (PUCT only),
/// earned, exploration, score. A UCB child not visited yet has no terms
/// and an infinite score.
pub fn child_cells(shape: Shape, child: &StepChild, selection: Selection) -> Vec<String> {
    let none = || "—".to_owned();
    let mut cells = vec![
        move_number(shape, child.cell).to_string(),
        group(u64::from(child.visits)),
        child.mean.map_or_else(none, |mean| result_number(mean, 3)),
    ];
    if selection == Selection::Puct {
        cells.push(percent(100.0 * child.prior.unwrap_or(0.0), 1));
    }
    match child.terms {
        Some((earned, exploration)) => {
            cells.extend([term(earned), term(exploration), term(earned + exploration)])
        }
        None => cells.extend([none(), none(), "∞".to_owned()]),
    }
    cells
}

/// A table's heading over its moves: "Column" on a board with gravity,
/// else "Cell".
fn move_heading(shape: Shape) -> String {
    if shape.gravity() {
        gettext("Column")
    } else {
        gettext("Cell")
    }
}

/// The headings of the children's table, as `child_cells` fills it on a
/// board of `shape`.
pub fn column_headings(shape: Shape, selection: Selection) -> Vec<String> {
    let mut headings = vec![
        move_heading(shape),
        gettext("Visits"),
        // Translators: two short lines, so that the table fits a narrow
        // window.
        gettext("Mean\n(X's scale)"),
    ];
    if selection == Selection::Puct {
        headings.push(gettext("Prior"));
    }
    headings.extend([gettext("Earned"), gettext("+ Exploration"), {
        match selection {
            Selection::Ucb => gettext("= UCB"),
            Selection::Puct => gettext("= PUCT"),
        }
    }]);
    headings
}

/// The mark in a child's row: "takes it", "next".
pub fn pick_mark(pick: Pick) -> String {
    match pick {
        Pick::No => String::new(),
        Pick::Took => gettext("◀ taken"),
        Pick::Next => gettext("◀ next"),
    }
}

/// The headings of the table of what the network believes beside the
/// truth, as `belief_cells` fills it on a board of `shape`.
pub fn belief_headings(shape: Shape) -> Vec<String> {
    vec![
        move_heading(shape),
        gettext("Prior"),
        // Translators: short lines (two, or three), so that the table
        // fits a narrow window: the network's value of the position after
        // the move.
        gettext("Network's value\nafter (X's scale)"),
        gettext("Visits"),
        gettext("Mean\n(X's scale)"),
        // Translators: the move's value with perfect play.
        gettext("Exact"),
    ]
}

/// An exact value on X's scale (+1, 0, -1) in words: "X wins", "draw";
/// "…" while unknown.
fn exact_words(exact: Option<f64>) -> String {
    match exact {
        None => "…".to_owned(),
        Some(value) if value > 0.0 => describe_winner(Some(Side::Max)),
        Some(value) if value < 0.0 => describe_winner(Some(Side::Min)),
        Some(_) => describe_winner(None),
    }
}

/// The columns of a move's row in the table of beliefs, in the order of
/// `belief_headings`; the last, its marks, after them (`belief_marks`).
pub fn belief_cells(shape: Shape, belief: &MoveBelief) -> Vec<String> {
    let none = || "—".to_owned();
    vec![
        move_number(shape, belief.cell).to_string(),
        percent(100.0 * belief.prior, 1),
        belief
            .value_after
            .map_or_else(none, |value| result_number(value, 3)),
        group(u64::from(belief.visits)),
        belief.mean.map_or_else(none, |mean| result_number(mean, 3)),
        exact_words(belief.exact),
    ]
}

/// What marks a move among the others: "the network's first choice",
/// "the search's most visited", and where it is one of those, what it
/// throws away: "throws away X's win", "throws away the draw" (the
/// exact values say it of the others); empty for none.
pub fn belief_marks(belief: &MoveBelief) -> String {
    let mut marks = Vec::new();
    if belief.first_choice {
        marks.push(gettext("the network's first choice"));
    }
    if belief.most_visited {
        marks.push(gettext("the search's most visited"));
    }
    if let Some(best) = belief.throws_away.filter(|_| !marks.is_empty()) {
        marks.push(if best == 0.0 {
            gettext("throws away the draw")
        } else {
            let winner = if best > 0.0 { Side::Max } else { Side::Min };
            fill(
                &gettext("throws away {side}'s win"),
                &[("side", &winner.mark())],
            )
        });
    }
    marks.join(", ")
}

/// A move's row of beliefs as a sentence: "Column 4: prior 23.5%; the
/// network values the position after it at +0.120 on X's scale; 40
/// visits, mean +0.050 on X's scale; exact value: X wins; the network's
/// first choice, throws away X's win".
pub fn belief_line(shape: Shape, belief: &MoveBelief) -> String {
    let value = belief.value_after.map_or_else(
        || gettext("the move ends the game"),
        |value| {
            fill(
                &gettext("the network values the position after it at {value} on X's scale"),
                &[("value", &result_number(value, 3))],
            )
        },
    );
    let mean = belief.mean.map_or_else(
        || gettext("no mean yet"),
        |mean| {
            fill(
                &gettext("mean {mean} on X's scale"),
                &[("mean", &result_number(mean, 3))],
            )
        },
    );
    let exact = match belief.exact {
        None => gettext("exact value not known yet"),
        known => fill(
            &gettext("exact value: {value}"),
            &[("value", &exact_words(known))],
        ),
    };
    let line = fill(
        &gettext("{move}: prior {prior}; {value}; {visits}, {mean}; {exact}"),
        &[
            ("move", &capitalised(&move_place(shape, belief.cell))),
            ("prior", &percent(100.0 * belief.prior, 1)),
            ("value", &value),
            ("visits", &visits_words(u64::from(belief.visits))),
            ("mean", &mean),
            ("exact", &exact),
        ],
    );
    match belief_marks(belief) {
        marks if marks.is_empty() => line,
        marks => fill(
            &gettext("{line}; {marks}"),
            &[("line", &line), ("marks", &marks)],
        ),
    }
}
