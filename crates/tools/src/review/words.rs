//! A review in words: each grade's name, the sentence that says why a move
//! earned it (chosen from the facts of `Reasons`, cells numbered from 1),
//! the game's values, and the answer to a second try at a mistake.

use tictactoe_engine::board::Side;
use tictactoe_engine::geometry::{Shape, bits};
use tictactoe_engine::report::{Bound, Certainty};
use tictactoe_engine::score::{is_decisive, moves_to_end};
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::numbers::percent_of;
use tictactoe_words::position::{describe_score, move_name};
use tictactoe_words::report::score_phrase;

use super::{Accuracy, Grade, MoveReview, Review, Value};

/// The grade's name: "Best move", "Mistake".
pub fn grade_words(grade: Grade) -> String {
    match grade {
        Grade::Best => gettext("Best move"),
        Grade::Slower => gettext("Slower"),
        Grade::Mistake => gettext("Mistake"),
        Grade::Blunder => gettext("Blunder"),
    }
}

/// The grade's name, marked when the values behind it are estimates.
pub fn graded_words(review: &MoveReview) -> String {
    let grade = grade_words(review.grade);
    if review.exact() {
        grade
    } else {
        fill(&gettext("{grade} (estimated)"), &[("grade", &grade)])
    }
}

/// "Move 3: X on 5", "Move 3: X on column 4".
pub fn move_title(review: &MoveReview) -> String {
    fill(
        &gettext("Move {number}: {side} on {cell}"),
        &[
            ("number", &(review.ply + 1)),
            ("side", &review.side.mark()),
            ("cell", &played_name(review)),
        ],
    )
}

/// The move a review is of, after a word: "5", "column 4".
fn played_name(review: &MoveReview) -> String {
    move_name(review.before.shape(), review.cell)
}

/// A value in words, seen from a position with `stones` stones: "X wins in
/// 3 moves", "draw", "X has won" once it has; an estimate as the log says
/// it: "X better (estimate, +6)".
pub fn value_words(value: Value, stones: u32) -> String {
    if !value.exact {
        score_phrase(value.score, Bound::Exact, Certainty::Estimate, stones)
    } else if is_decisive(value.score) && moves_to_end(value.score, stones) <= 0 {
        let winner = if value.score > 0 {
            Side::Max
        } else {
            Side::Min
        };
        fill(&gettext("{side} has won"), &[("side", &winner.mark())])
    } else {
        describe_score(value.score, stones)
    }
}

/// Moves joined with "and": "5", "3 and 7", "1, 3 and 7"; on a board
/// with gravity "column 3 and column 5" (`move_name`).
fn cells_and(shape: Shape, mask: u64) -> String {
    cell_list(shape, mask, &gettext("{list} and {last}"))
}

/// Moves joined with "or": "3 or 7".
fn cells_or(shape: Shape, mask: u64) -> String {
    cell_list(shape, mask, &gettext("{list} or {last}"))
}

fn cell_list(shape: Shape, mask: u64, joined: &str) -> String {
    let cells: Vec<String> = bits(mask).map(|cell| move_name(shape, cell)).collect();
    match cells.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => fill(joined, &[("list", &rest.join(", ")), ("last", last)]),
    }
}

/// Moves left in a decisive value, counted from the position before the
/// move: "3 moves".
fn moves_words(score: i32, stones: u32) -> String {
    let moves = moves_to_end(score, stones).max(0) as u64;
    fill(
        &ngettext("{moves} move", "{moves} moves", plural_count(moves)),
        &[("moves", &moves)],
    )
}

/// Why the move earned its grade, from what the board held: a line
/// completed, a fork made or allowed, a threat blocked or left open, a win
/// missed or delayed; then the better moves where there were some.
pub fn why_words(review: &MoveReview) -> String {
    let side = review.side;
    let other = side.opponent();
    let facts = &review.reasons;
    let shape = review.before.shape();
    let names: [(&str, &dyn std::fmt::Display); 2] =
        [("side", &side.mark()), ("other", &other.mark())];
    let with = |message: String, more: &[(&str, &dyn std::fmt::Display)]| {
        let values: Vec<(&str, &dyn std::fmt::Display)> =
            names.iter().copied().chain(more.iter().copied()).collect();
        fill(&message, &values)
    };
    let stones = review.before.stone_count();
    let reason = if facts.wins {
        with(gettext("{side} completes a line and wins."), &[])
    } else {
        match review.grade {
            Grade::Best => best_reason(review, &with),
            Grade::Slower if facts.missed_wins != 0 => with(
                gettext(
                    "{side} could have won at once on {cells}; this move still wins, only later.",
                ),
                &[("cells", &cells_or(shape, facts.missed_wins))],
            ),
            Grade::Slower if review.best.value.for_side(side) > 0 => with(
                gettext("{side} still wins, but more slowly: in {played} instead of {best}."),
                &[
                    ("played", &moves_words(review.played.score, stones)),
                    ("best", &moves_words(review.best.value.score, stones)),
                ],
            ),
            Grade::Slower => with(
                gettext(
                    "{side} cannot stop {other} from winning, but this move loses sooner: in {played} instead of {best}.",
                ),
                &[
                    ("played", &moves_words(review.played.score, stones)),
                    ("best", &moves_words(review.best.value.score, stones)),
                ],
            ),
            Grade::Mistake | Grade::Blunder => error_reason(review, &with),
        }
    };
    let better = review.better_cells();
    if review.grade == Grade::Best || better == 0 {
        reason
    } else {
        let hint = fill(
            &ngettext("Better: {cells}.", "Better: {cells}.", better.count_ones()),
            &[("cells", &cells_or(shape, better))],
        );
        format!("{reason} {hint}")
    }
}

type Filler<'a> = dyn Fn(String, &[(&str, &dyn std::fmt::Display)]) -> String + 'a;

fn best_reason(review: &MoveReview, with: &Filler) -> String {
    let facts = &review.reasons;
    let shape = review.before.shape();
    let threatened = facts.blocked | facts.unblocked;
    if facts.fork_made != 0 {
        with(
            gettext("{side} now threatens {cells} at once: {other} can block only one."),
            &[("cells", &cells_and(shape, facts.fork_made))],
        )
    } else if facts.unblocked != 0 && threatened.count_ones() >= 2 {
        with(
            gettext("{other} threatens {cells}: no move can block them all."),
            &[("cells", &cells_and(shape, threatened))],
        )
    } else if facts.blocked != 0 {
        with(
            gettext("{side} blocks {other}'s threat on {cells}."),
            &[("cells", &cells_and(shape, facts.blocked))],
        )
    } else {
        // The grade is said before this sentence ("Best move: ..."), so
        // the sentence says only what the move keeps.
        let after = review.before.stone_count() + 1;
        let value = review.played;
        if is_decisive(value.score) {
            with(
                gettext("{outcome} with best play."),
                &[("outcome", &value_words(value, after))],
            )
        } else if !value.exact {
            with(
                gettext("As far as the search can tell: {outcome}."),
                &[("outcome", &value_words(value, after))],
            )
        } else {
            with(gettext("The game stays a draw with best play."), &[])
        }
    }
}

fn error_reason(review: &MoveReview, with: &Filler) -> String {
    let facts = &review.reasons;
    let shape = review.before.shape();
    let after = review.before.stone_count() + 1;
    if facts.missed_wins != 0 {
        with(
            gettext("{side} could have won at once on {cells}."),
            &[("cells", &cells_or(shape, facts.missed_wins))],
        )
    } else if facts.unblocked != 0 {
        with(
            gettext("{other} threatens to win on {cells}, and this move does not block it."),
            &[("cells", &cells_and(shape, facts.unblocked))],
        )
    } else if let Some(fork) = facts.fork_allowed {
        with(
            gettext(
                "{other} can now play {cell} and threaten {cells} at once: {side} can block only one.",
            ),
            &[
                ("cell", &move_name(shape, fork.cell)),
                ("cells", &cells_and(shape, fork.threats)),
            ],
        )
    } else if let Some(fork) = facts
        .fork_missed
        .filter(|fork| review.best.best & (1 << fork.cell) != 0)
    {
        with(
            gettext("{side} could have played {cell} and threatened {cells} at once."),
            &[
                ("cell", &move_name(shape, fork.cell)),
                ("cells", &cells_and(shape, fork.threats)),
            ],
        )
    } else {
        let outcome = value_words(review.played, after);
        let best = review.best.value;
        let could_win = is_decisive(best.score) && best.for_side(review.side) > 0;
        let message = match review.grade {
            Grade::Blunder => gettext("This turns a win into a loss: {outcome} with best play."),
            _ if could_win && review.played.exact => {
                gettext("This gives the win away: with best play the game is a draw.")
            }
            _ if could_win => {
                gettext("This gives the win away: the search finds no win after it ({outcome}).")
            }
            _ if best.exact => gettext("This loses a drawn game: {outcome} with best play."),
            _ => gettext("This loses the game: {outcome} with best play."),
        };
        with(message, &[("outcome", &outcome)])
    }
}

/// The grade and why, as one line: "Mistake: O threatens to win on 7, and
/// this move does not block it. Better: 7."
pub fn verdict_words(review: &MoveReview) -> String {
    fill(
        &gettext("{grade}: {why}"),
        &[
            ("grade", &graded_words(review)),
            ("why", &why_words(review)),
        ],
    )
}

/// The answer to a second try at a mistake: best, good enough (a slower
/// win, or another move as good as the game's), or still a mistake.
pub fn second_try_words(attempt: &MoveReview) -> String {
    let message = match attempt.grade {
        Grade::Best => gettext("Best move! {why}"),
        Grade::Slower => gettext("Good enough: {why}"),
        Grade::Mistake | Grade::Blunder => gettext("Still a mistake: {why}"),
    };
    fill(&message, &[("why", &why_words(attempt))])
}

/// The question of a second try: "X to move: find a better move than 5."
pub fn second_try_question(review: &MoveReview) -> String {
    fill(
        &gettext("{side} to move: find a better move than {cell}."),
        &[
            ("side", &review.side.mark()),
            ("cell", &played_name(review)),
        ],
    )
}

/// The game's value before the first move and after each, for the graph's
/// words: "At the start: draw. After move 1 (X on 5): draw. ..."
pub fn values_words(review: &Review) -> String {
    let stones = review.start.stone_count();
    let mut parts = vec![fill(
        &gettext("At the start: {value}."),
        &[("value", &value_words(review.values[0], stones))],
    )];
    for (number, (reviewed, value)) in review.moves.iter().zip(&review.values[1..]).enumerate() {
        parts.push(fill(
            &gettext("After move {number} ({side} on {cell}): {value}."),
            &[
                ("number", &(number + 1)),
                ("side", &reviewed.side.mark()),
                ("cell", &played_name(reviewed)),
                ("value", &value_words(*value, stones + number as u32 + 1)),
            ],
        ));
    }
    parts.join(" ")
}

/// A player's share of best moves: "X: 3 of 4 moves best (75 %)".
pub fn accuracy_words(side: Side, accuracy: Accuracy) -> String {
    match accuracy.percent() {
        None => fill(&gettext("{side}: no moves"), &[("side", &side.mark())]),
        Some(percent) => fill(
            &ngettext(
                "{side}: {best} of {moves} move best ({percent})",
                "{side}: {best} of {moves} moves best ({percent})",
                accuracy.moves,
            ),
            &[
                ("side", &side.mark()),
                ("best", &accuracy.best),
                ("moves", &accuracy.moves),
                ("percent", &percent_of(&percent.to_string())),
            ],
        ),
    }
}
