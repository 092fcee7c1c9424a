//! What each candidate cell of the board shows after a search: a label short
//! enough for a 5x5 cell, its tone, and the same in words for a screen
//! reader. Labels read on X's scale, as every value does: "X3" X wins in 3
//! moves, "O2" O wins in 2, "D" a draw; "≥" this or better for X, "≤" this
//! or better for O; estimates, Monte Carlo means and learned values signed,
//! positive for X.

use crate::i18n::{fill, gettext, ngettext, pgettext};
use crate::numbers::{count, decimal, percent, result_number};
use crate::players::RuleWords;
use crate::position::{describe_score, move_place};
use crate::report::{
    beads_words, guided_words, learned_value_words, prior_words, score_words, value_after_words,
};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_engine::report::Rule;
use tictactoe_engine::report::{Bound, Certainty, MoveScore, SearchReport};
use tictactoe_engine::score;

/// What a label's colour stands for: whom the value favours, or what kind
/// of number it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Proven game values: won by X, drawn, won by O.
    XWins,
    Draw,
    OWins,
    /// Scores that are no game value: horizon estimates.
    XBetter,
    Even,
    OBetter,
    /// Monte Carlo visits and mean result.
    Sampled,
    /// A cell the rules player's rule allowed.
    Rule,
    /// What a learner learned: MENACE's beads, TD's learned values.
    Learned,
}

/// One candidate cell's result.
#[derive(Debug, Clone, PartialEq)]
pub struct CellMark {
    pub cell: usize,
    /// What the cell shows: "X3", "D", "≥ X4", "+12", "≤ −4", "312×\n−0.24",
    /// "block".
    pub text: String,
    pub tone: Tone,
    /// Only a limit of the value, never to be drawn as if exact.
    pub bound: bool,
    /// A horizon estimate rather than a proven value.
    pub estimate: bool,
    /// The move the player chose.
    pub chosen: bool,
    /// One of the moves the player had no reason to prefer another over:
    /// the top value no bound caps, the most visits (Monte Carlo), or the
    /// rule's cells.
    pub best: bool,
    /// The neural player's prior for the cell (0 to 1): a mark of its own,
    /// a bar along the foot of the cell with its percentage, apart from the
    /// search's visits in `text`.
    pub prior: Option<f64>,
    /// The neural player's network's value of the position after the move,
    /// on X's scale: a mark of its own at the foot of the cell, left of the
    /// prior's percentage ("v+0.08").
    pub network_value: Option<f64>,
    /// Beside a neural search's marks, the move's exact value once it is
    /// known (`cell_marks_with_truth`): a badge at the top of the cell.
    pub truth: Option<Truth>,
    /// The same for a screen reader, cells numbered from 1: "cell 5: X wins
    /// in 3 moves", "cell 2: at least a draw for X".
    pub words: String,
    /// What this kind of mark means, for a beginner: "only a limit, not
    /// the exact value: …".
    pub meaning: String,
}

/// A move's exact value beside what the network believes of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Truth {
    /// "X7", "D", "O8", or "?" where it could not be found in time; "✗ D"
    /// where the move throws a better value away.
    pub text: String,
    pub tone: Tone,
    /// One of the moves the network prefers (the most visited, or its
    /// highest prior) is worse for the mover than the best move: it turns a
    /// win into a draw or a loss, or a draw into a loss.
    pub thrown_away: bool,
    /// The same in words: "exact value: X wins in 7 moves".
    pub words: String,
}

/// The exact values beside the marks of the neural search that chose
/// move `number` (those of `cell_marks_with_truth`), as a row of the log:
/// "Exact values beside the network's beliefs at move 10: column 1: …". A
/// move the network played or preferred that throws a better value away
/// says so.
pub fn truth_row(marks: &[CellMark], shape: Shape, number: usize) -> Option<String> {
    let truths = marks.iter().filter_map(|mark| mark.truth.as_ref());
    if truths.clone().next().is_some() && truths.clone().all(|truth| truth.words == unknown_words())
    {
        return Some(fill(
            &gettext(
                "Exact values beside the network's beliefs at move {number}: none found in reasonable time.",
            ),
            &[("number", &number)],
        ));
    }
    let values: Vec<String> = marks
        .iter()
        .filter_map(|mark| {
            let truth = mark.truth.as_ref()?;
            Some(fill(
                &gettext("{place}: {truth}"),
                &[
                    ("place", &move_place(shape, mark.cell)),
                    ("truth", &truth.words),
                ],
            ))
        })
        .collect();
    if values.is_empty() {
        return None;
    }
    Some(fill(
        &gettext("Exact values beside the network's beliefs at move {number}: {values}."),
        &[("number", &number), ("values", &values.join("; "))],
    ))
}

/// The marks a report leaves on the board: one per move it scored, sampled
/// or allowed by a rule. None for a stopped search, whose numbers are
/// unfinished, nor for a random or human choice, which has no result.
/// Their words name each move as the board of `shape` numbers it.
pub fn cell_marks(report: &SearchReport, shape: Shape) -> Vec<CellMark> {
    marks_of(report, shape, None)
}

/// `cell_marks` of a neural search with each move's exact value from
/// `values` (each legal move's cell and its value on X's scale as the
/// solver or the perfect table gives it for the position after the move,
/// `None` where it could not be found), in the marks and their words.
pub fn cell_marks_with_truth(
    report: &SearchReport,
    shape: Shape,
    values: &[(usize, Option<i32>)],
) -> Vec<CellMark> {
    marks_of(report, shape, Some(values))
}

fn marks_of(
    report: &SearchReport,
    shape: Shape,
    values: Option<&[(usize, Option<i32>)]>,
) -> Vec<CellMark> {
    if report.aborted {
        return Vec::new();
    }
    if let Some(rule) = report.rule {
        return rule_marks(report, rule, shape);
    }
    let top = report
        .moves
        .iter()
        .filter_map(|m| rank(report.side, m))
        .max();
    let top_prior = report
        .moves
        .iter()
        .filter_map(|m| m.prior)
        .fold(None, |top: Option<f64>, prior| {
            Some(top.map_or(prior, |top| top.max(prior)))
        });
    // What the mover can get at best, among the moves whose value is known.
    let best_result = values.and_then(|values| {
        values
            .iter()
            .filter_map(|(_, value)| value.map(|value| result_for(report.side, value)))
            .max()
    });
    report
        .moves
        .iter()
        .filter_map(|m| {
            let (text, tone, mut words) = match (m.score, m.visits, m.mean, m.beads, m.learned) {
                _ if m.prior.is_some() => guided_label(m),
                (Some(score), ..) => score_label(report, m, score),
                (None, Some(visits), Some(mean), ..) => sampled_label(visits, mean),
                (.., Some(beads), _) => (format!("{beads}●"), Tone::Learned, beads_words(beads)),
                (.., Some(value)) => (
                    result_number(value, 2),
                    Tone::Learned,
                    learned_value_words(value),
                ),
                _ => return None,
            };
            let meaning = meaning(m);
            let chosen = report.best == Some(m.cell);
            let best = top.is_some() && rank(report.side, m) == top;
            let truth = values.filter(|_| m.prior.is_some()).map(|values| {
                let value = values
                    .iter()
                    .find(|(cell, _)| *cell == m.cell)
                    .and_then(|(_, value)| *value);
                let preferred = best || m.prior.is_some() && m.prior == top_prior;
                let thrown_away = preferred
                    && value.is_some_and(|value| {
                        best_result.is_some_and(|best| result_for(report.side, value) < best)
                    });
                let (truth, truth_words) = truth_mark(value, report.stones, thrown_away);
                words = fill(
                    &gettext("{words}; {truth}"),
                    &[("words", &words), ("truth", &truth_words)],
                );
                truth
            });
            Some(CellMark {
                cell: m.cell,
                text,
                tone,
                bound: m.bound != Bound::Exact,
                estimate: m.certainty == Certainty::Estimate,
                chosen,
                best,
                prior: m.prior,
                network_value: m.network_value,
                truth,
                words: cell_words(shape, m.cell, &words, chosen),
                meaning,
            })
        })
        .collect()
}

/// How good a move is for `mover`, when that is known: its value unless a
/// bound caps it (it may be worse), or its visits (what Monte Carlo plays
/// by), its beads (what MENACE draws by) or its learned value in
/// thousandths (what TD plays by).
fn rank(mover: Side, m: &MoveScore) -> Option<i64> {
    if let Some(prior) = m.prior {
        // The neural player plays the most visited move, or without a
        // search its highest prior.
        return Some(match m.visits {
            Some(visits) => i64::from(visits),
            None => (prior * 1e6).round() as i64,
        });
    }
    match (m.score, m.visits, m.beads, m.learned) {
        (Some(score), ..) if m.bound.for_mover(mover) != Bound::Upper => {
            Some(i64::from(mover.sign() * score))
        }
        (None, Some(visits), ..) => Some(i64::from(visits)),
        (None, None, Some(beads), _) => Some(i64::from(beads)),
        (None, None, None, Some(value)) => {
            Some((f64::from(mover.sign()) * value * 1000.0).round() as i64)
        }
        _ => None,
    }
}

/// A neural move: its search's visits over their mean value as the text
/// (none without a search), its prior a mark of its own (`CellMark::prior`).
fn guided_label(m: &MoveScore) -> (String, Tone, String) {
    let mut prior = prior_words(m.prior.unwrap_or_default());
    if let Some(value) = m.network_value {
        prior = fill(
            &gettext("{prior}; {value}"),
            &[("prior", &prior), ("value", &value_after_words(value))],
        );
    }
    match (m.visits, m.mean) {
        (Some(visits), Some(mean)) => (
            format!("{}×\n{}", short_count(visits), result_number(mean, 2)),
            Tone::Sampled,
            fill(
                &gettext("{prior}; {search}"),
                &[("prior", &prior), ("search", &guided_words(visits, mean))],
            ),
        ),
        _ => (String::new(), Tone::Learned, prior),
    }
}

/// The network's value after a move, as the cell shows it: "v+0.08".
pub fn network_value_label(value: f64) -> String {
    fill(
        // Translators: v for the network's value of the position after the
        // move, from -1 (O wins) to +1 (X wins).
        &pgettext("cell mark: the network's value after the move", "v{value}"),
        &[("value", &result_number(value, 2))],
    )
}

/// A result for `mover`: 1 won, 0 drawn, -1 lost, whatever how soon.
fn result_for(mover: Side, value: i32) -> i32 {
    if score::is_decisive(value) {
        mover.sign() * value.signum()
    } else {
        0
    }
}

/// A move's exact `value` on X's scale (`None`: not found in time) seen
/// from `stones` stones, as its badge and its words.
fn truth_mark(value: Option<i32>, stones: u32, thrown_away: bool) -> (Truth, String) {
    let Some(value) = value else {
        let words = unknown_words();
        let truth = Truth {
            text: pgettext("cell mark: exact value unknown", "?"),
            tone: Tone::Even,
            thrown_away: false,
            words: words.clone(),
        };
        return (truth, words);
    };
    let (text, tone) = proven_label(value, stones);
    let mut words = fill(
        &gettext("exact value: {value}"),
        &[("value", &describe_score(value, stones))],
    );
    let text = if thrown_away {
        words = fill(
            &gettext("{words}, a mistake: a better move keeps more"),
            &[("words", &words)],
        );
        fill(
            &pgettext(
                "cell mark: a move that throws a better value away",
                "✗ {value}",
            ),
            &[("value", &text)],
        )
    } else {
        text
    };
    (
        Truth {
            text,
            tone,
            thrown_away,
            words: words.clone(),
        },
        words,
    )
}

/// What a move whose exact value was not found says.
fn unknown_words() -> String {
    gettext("exact value unknown: not found in reasonable time")
}

/// A proven value's label on X's scale: "X3", "O2", "D".
fn proven_label(score: i32, stones: u32) -> (String, Tone) {
    if !score::is_decisive(score) {
        return (pgettext("cell mark: a draw", "D"), Tone::Draw);
    }
    let moves = score::moves_to_end(score, stones);
    let (label, tone) = if score > 0 {
        (
            pgettext("cell mark: X wins in so many moves", "X{moves}"),
            Tone::XWins,
        )
    } else {
        (
            pgettext("cell mark: O wins in so many moves", "O{moves}"),
            Tone::OWins,
        )
    };
    (fill(&label, &[("moves", &moves)]), tone)
}

/// The prior's mark: "41%".
pub fn prior_label(prior: f64) -> String {
    percent(100.0 * prior, 0)
}

/// A scored move's label, tone and words, on X's scale.
fn score_label(report: &SearchReport, m: &MoveScore, score: i32) -> (String, Tone, String) {
    let proven = m.certainty != Certainty::Estimate;
    let (number, tone) = if proven && (score::is_decisive(score) || score == 0) {
        proven_label(score, report.stones)
    } else {
        let tone = match score.signum() {
            0 => Tone::Even,
            1 => Tone::XBetter,
            _ => Tone::OBetter,
        };
        (signed(score), tone)
    };
    let limit = match m.bound {
        Bound::Exact => "",
        Bound::Lower => "≥ ",
        Bound::Upper => "≤ ",
    };
    let mut words = score_words(score, m.bound, m.certainty, report.stones);
    if !proven {
        words = fill(&gettext("{words}, estimated"), &[("words", &words)]);
    }
    (format!("{limit}{number}"), tone, words)
}

/// One kind of mark, as the board's legend shows it: a sample and what it
/// means.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendEntry {
    pub mark: CellMark,
    /// Which of the mark's parts the sample shows.
    pub part: MarkPart,
    pub description: String,
}

/// The part of a cell's marks a legend sample shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkPart {
    /// The mark's text in the middle of the cell.
    Text,
    /// The neural player's prior and its network's value after the move,
    /// at the foot of the cell.
    Prior,
}

/// The board's legend: a sample of every kind of mark, made by
/// `cell_marks` from sample searches so that it is what the board draws.
pub fn legend() -> Vec<LegendEntry> {
    // X to move with two stones down: X's win at five stones is 3 moves
    // away, O's at six 4 moves.
    let board: Board = "x.o/.../...".parse().expect("a position");
    // A sample is the one move of its search, so the best: only the last
    // sample shows how the best and the chosen moves look.
    let sample = |kind: PlayerKind, m: MoveScore, chosen: bool| {
        let mut report = SearchReport::new(kind, &board);
        report.best = chosen.then_some(m.cell);
        report.moves = vec![m];
        let mut mark = cell_marks(&report, Shape::TIC_TAC_TOE).remove(0);
        mark.best = chosen;
        mark
    };
    let mut estimate = MoveScore::scored(4, 12, Bound::Exact);
    estimate.certainty = Certainty::Estimate;
    let mut td = MoveScore::learned(4, Side::Max, 0.625);
    td.certainty = Certainty::Learned;
    let entry = |mark: CellMark, description: String| LegendEntry {
        mark,
        part: MarkPart::Text,
        description,
    };
    let part_entry = |mark: CellMark, part: MarkPart, description: String| LegendEntry {
        mark,
        part,
        description,
    };
    let mut rules = SearchReport::new(PlayerKind::Rules, &board);
    rules.rule = Some(Rule::Block);
    rules.choices = vec![1];
    vec![
        entry(
            sample(
                PlayerKind::Minimax,
                MoveScore::scored(4, 995, Bound::Exact),
                false,
            ),
            gettext("X wins in 3 moves, both sides' moves counted, if both play their best."),
        ),
        entry(
            sample(
                PlayerKind::Minimax,
                MoveScore::scored(4, -994, Bound::Exact),
                false,
            ),
            gettext("O wins in 4 moves. A value takes the colour of the side it favours."),
        ),
        entry(
            sample(
                PlayerKind::Minimax,
                MoveScore::scored(4, 0, Bound::Exact),
                false,
            ),
            gettext("A draw."),
        ),
        entry(
            sample(
                PlayerKind::AlphaBeta,
                MoveScore::scored(4, 0, Bound::Lower),
                false,
            ),
            gettext(
                "Only a limit, drawn dashed: alpha-beta stopped looking at this move once it knew it was no better than one it had. ≥ D: a draw or better for X; ≤ D: a draw or better for O.",
            ),
        ),
        entry(
            sample(PlayerKind::AlphaBeta, estimate, false),
            gettext(
                "An estimate, in italics: the search stopped at its depth limit and judged the open lines. Positive favours X, negative O. Not a proven result.",
            ),
        ),
        entry(
            sample(
                PlayerKind::Mcts,
                MoveScore::sampled(4, 312, Side::Max, 0.38),
                false,
            ),
            gettext(
                "Monte Carlo: tried in 312 random games, with a mean result of −0.24, from −1 (O won every one) to +1 (X won every one).",
            ),
        ),
        entry(
            sample(PlayerKind::Menace, MoveScore::beads(4, 7), false),
            gettext("MENACE: 7 beads for this move in its matchbox; it draws one at random."),
        ),
        entry(
            sample(PlayerKind::Td, td, false),
            gettext(
                "The TD learner: the value it learned for the position after this move, from −1 (O wins) to +1 (X wins).",
            ),
        ),
        part_entry(
            sample(
                PlayerKind::Neural,
                MoveScore::guided(4, 0.41, 0.08, None),
                false,
            ),
            MarkPart::Prior,
            gettext(
                "The neural network's prior, the bar and percentage at the foot of a cell: its first guess for the move, before any search. Left of it, v: its value of the position after the move, −1 to +1.",
            ),
        ),
        entry(
            sample(
                PlayerKind::Neural,
                MoveScore::guided(4, 0.41, 0.08, Some((87, 0.12))),
                false,
            ),
            gettext(
                "The neural network's search: it tried this move 87 times (its visits), with a mean value of +0.12, from −1 (O wins) to +1 (X wins). It plays the most visited move, which need not have the highest prior.",
            ),
        ),
        entry(
            CellMark {
                best: false,
                ..cell_marks(&rules, Shape::TIC_TAC_TOE).remove(0)
            },
            gettext("The Rules player: the rule it followed allows this cell."),
        ),
        entry(
            sample(
                PlayerKind::Minimax,
                MoveScore::scored(4, 0, Bound::Exact),
                true,
            ),
            gettext("A solid ring marks the move played; a tinted cell, each of the best moves."),
        ),
    ]
}

/// What a mark of `m`'s kind means, in words a beginner reads.
fn meaning(m: &MoveScore) -> String {
    match m.certainty {
        Certainty::Exact => gettext(
            "The proven result if both sides play their best from here; moves count both sides' stones.",
        ),
        Certainty::Bound => gettext(
            "Only a limit, not the exact value: alpha-beta stopped looking at this move once it knew it was no better than one it had. ≥ means this or better for X, ≤ this or better for O.",
        ),
        Certainty::Estimate => gettext(
            "An estimate, not a proven result: the search stopped at its depth limit and judged the open lines. Positive favours X, negative O.",
        ),
        Certainty::Sampled => gettext(
            "Monte Carlo tried this move in that many random games; their mean result runs from −1 (O won every one) to +1 (X won every one).",
        ),
        Certainty::Learned if m.prior.is_some() => gettext(
            "The network's prior (the bar and percentage at the foot of the cell) is its first guess for this move, before any search, and v its value of the position after the move; the visits (N×) count how often its search tried the move, over their mean value. Values run from −1 (O wins) to +1 (X wins). The most visited move is played. At the top of the cell, once found, the move's exact value (✗: the network prefers a move that throws a better value away).",
        ),
        Certainty::Learned if m.beads.is_some() => gettext(
            "Beads for this move in MENACE's matchbox for this position: it draws one at random, so more beads make the move likelier.",
        ),
        Certainty::Learned => gettext(
            "The value the TD learner learned for the position after this move, from −1 (O wins) to +1 (X wins).",
        ),
    }
}

/// "+12", "−5" (a minus sign, not a hyphen), "0".
fn signed(value: i32) -> String {
    match value.signum() {
        1 => format!("+{value}"),
        -1 => format!("−{}", value.unsigned_abs()),
        _ => "0".to_owned(),
    }
}

/// A Monte Carlo move: "312×" over "−0.24", the mean result on X's scale.
fn sampled_label(visits: u32, mean: f64) -> (String, Tone, String) {
    let text = format!("{}×\n{}", short_count(visits), result_number(mean, 2));
    let visits = count(u64::from(visits), |n| {
        ngettext("{count} visit", "{count} visits", n)
    });
    let words = fill(
        &gettext("{visits}, mean result {mean}"),
        &[("visits", &visits), ("mean", &result_number(mean, 2))],
    );
    (text, Tone::Sampled, words)
}

/// A count in at most four characters: "312", "1.2k", "20k".
fn short_count(n: u32) -> String {
    let thousands = f64::from(n) / 1e3;
    if n < 1_000 {
        n.to_string()
    } else if thousands < 9.95 {
        decimal(&format!("{thousands:.1}k"))
    } else {
        format!("{thousands:.0}k")
    }
}

/// The rule's cells, each named by the rule's short name.
fn rule_marks(report: &SearchReport, rule: Rule, shape: Shape) -> Vec<CellMark> {
    report
        .choices
        .iter()
        .map(|&cell| {
            let chosen = report.best == Some(cell);
            CellMark {
                cell,
                text: gettext(rule.short_name()),
                tone: Tone::Rule,
                bound: false,
                estimate: false,
                chosen,
                best: true,
                prior: None,
                network_value: None,
                truth: None,
                words: cell_words(
                    shape,
                    cell,
                    &fill(
                        &gettext("rule: {rule}"),
                        &[("rule", &gettext(rule.describe()))],
                    ),
                    chosen,
                ),
                meaning: gettext(
                    "The Rules player takes the first of its rules that applies; this rule allows this cell, and it picks one of the cells the rule allows at random.",
                ),
            }
        })
        .collect()
}

/// "cell 5: X wins in 3 moves", "column 4: draw", and ", chosen" for the
/// move played.
fn cell_words(shape: Shape, cell: usize, words: &str, chosen: bool) -> String {
    let message = if chosen {
        gettext("{place}: {words}, chosen")
    } else {
        gettext("{place}: {words}")
    };
    fill(
        &message,
        &[("place", &move_place(shape, cell)), ("words", &words)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use tictactoe_engine::board::Board;
    use tictactoe_engine::player_kind::PlayerKind;

    fn report(position: &str, kind: PlayerKind, moves: Vec<MoveScore>) -> SearchReport {
        let mut report = SearchReport::new(kind, &position.parse::<Board>().unwrap());
        report.moves = moves;
        report
    }

    fn texts(marks: &[CellMark]) -> Vec<(usize, &str)> {
        marks.iter().map(|m| (m.cell, m.text.as_str())).collect()
    }

    #[test]
    fn learners_show_their_beads_and_learned_values() {
        let mut menace = report(
            ".../.../...",
            PlayerKind::Menace,
            vec![
                MoveScore::beads(0, 7),
                MoveScore::beads(1, 1),
                MoveScore::beads(4, 7),
            ],
        );
        menace.best = Some(4);
        let marks = cell_marks(&menace, Shape::TIC_TAC_TOE);
        assert_eq!(texts(&marks), [(0, "7●"), (1, "1●"), (4, "7●")]);
        assert!(marks.iter().all(|m| m.tone == Tone::Learned));
        assert_eq!(
            marks.iter().map(|m| m.best).collect::<Vec<_>>(),
            [true, false, true]
        );
        assert_eq!(marks[2].words, "cell 5: 7 beads, chosen");
        assert_eq!(marks[1].words, "cell 2: 1 bead");
        let mut td = report(
            "x../.../...",
            PlayerKind::Td,
            vec![
                MoveScore::learned(4, Side::Min, 0.625),
                MoveScore::learned(8, Side::Min, 0.1),
            ],
        );
        td.best = Some(4);
        let marks = cell_marks(&td, Shape::TIC_TAC_TOE);
        // O's 62.5% is -0.25 on X's scale: the best for O is X's lowest.
        assert_eq!(texts(&marks), [(4, "−0.25"), (8, "+0.80")]);
        assert!(marks[0].best && marks[0].chosen && !marks[1].best);
        assert_eq!(marks[0].words, "cell 5: learned value −0.250, chosen");
    }

    #[test]
    fn proven_values_count_moves_from_the_searched_position() {
        // X to move with four stones down: a win at five stones is one move away.
        let mut report = report(
            "xx./oo./...",
            PlayerKind::Minimax,
            vec![
                MoveScore::scored(2, 995, Bound::Exact),
                MoveScore::scored(5, -994, Bound::Exact),
                MoveScore::scored(8, 0, Bound::Exact),
            ],
        );
        report.best = Some(2);
        let marks = cell_marks(&report, Shape::TIC_TAC_TOE);
        assert_eq!(texts(&marks), [(2, "X1"), (5, "O2"), (8, "D")]);
        assert_eq!(
            marks.iter().map(|m| m.tone).collect::<Vec<_>>(),
            [Tone::XWins, Tone::OWins, Tone::Draw]
        );
        assert_eq!(marks[0].words, "cell 3: X wins in 1 move, chosen");
        assert_eq!(marks[1].words, "cell 6: O wins in 2 moves");
        assert!(marks[0].chosen && marks[0].best);
        assert!(!marks[1].chosen && !marks[1].best && !marks[1].bound);
        // O to move: the mark names the winner whoever moves.
        let report = self::report(
            "xx./oo./x..",
            PlayerKind::Minimax,
            vec![MoveScore::scored(5, -994, Bound::Exact)],
        );
        assert_eq!(texts(&cell_marks(&report, Shape::TIC_TAC_TOE)), [(5, "O1")]);
    }

    #[test]
    fn bounds_read_on_x_scale_whoever_moved() {
        // O to move: "≥" is what X is sure of, "≤" what O is sure of.
        let report = report(
            "x.x/..o/xo.",
            PlayerKind::AlphaBeta,
            vec![
                MoveScore::scored(1, 993, Bound::Lower),
                MoveScore::scored(3, 0, Bound::Upper),
                MoveScore::scored(4, -994, Bound::Upper),
            ],
        );
        let marks = cell_marks(&report, Shape::TIC_TAC_TOE);
        assert_eq!(texts(&marks), [(1, "≥ X2"), (3, "≤ D"), (4, "≤ O1")]);
        assert!(marks.iter().all(|m| m.bound && !m.estimate));
        assert_eq!(marks[0].words, "cell 2: X wins in 2 or faster");
        assert_eq!(marks[1].words, "cell 4: at least a draw for O");
        assert_eq!(marks[2].words, "cell 5: O wins in 1 or faster");
        // X to move: the same bounds read the same way.
        let report = self::report(
            "x.o/.x./..o",
            PlayerKind::AlphaBeta,
            vec![
                MoveScore::scored(3, -994, Bound::Upper),
                MoveScore::scored(6, 0, Bound::Lower),
            ],
        );
        assert_eq!(
            texts(&cell_marks(&report, Shape::TIC_TAC_TOE)),
            [(3, "≤ O2"), (6, "≥ D")]
        );
    }

    #[test]
    fn estimates_show_a_signed_number_never_a_result() {
        // O to move, a depth-1 search: Max's +4 is worse for O.
        let mut moves = vec![
            MoveScore::scored(4, 0, Bound::Exact),
            MoveScore::scored(1, 4, Bound::Exact),
            MoveScore::scored(8, -2, Bound::Exact),
            MoveScore::scored(3, 10, Bound::Lower),
        ];
        for m in &mut moves {
            m.certainty = Certainty::of(m.score.unwrap(), m.bound, false);
        }
        let marks = cell_marks(
            &report("x.x/..o/xo.", PlayerKind::AlphaBetaTt, moves),
            Shape::TIC_TAC_TOE,
        );
        assert_eq!(
            texts(&marks),
            [(4, "0"), (1, "+4"), (8, "−2"), (3, "≥ +10")]
        );
        assert_eq!(
            marks.iter().map(|m| m.tone).collect::<Vec<_>>(),
            [Tone::Even, Tone::XBetter, Tone::OBetter, Tone::XBetter]
        );
        assert!(marks.iter().all(|m| m.estimate));
        assert_eq!(marks[3].words, "cell 4: X better, estimated");
        assert_eq!(marks[2].words, "cell 9: O better, estimated");
        // The best for O is Max's lowest estimate; the capped one is not best.
        assert_eq!(
            marks
                .iter()
                .filter(|m| m.best)
                .map(|m| m.cell)
                .collect::<Vec<_>>(),
            [8]
        );
    }

    #[test]
    fn equal_best_moves_are_all_best_and_a_capped_one_is_not() {
        let mut report = report(
            "x.o/.x./..o",
            PlayerKind::AlphaBeta,
            vec![
                MoveScore::scored(5, 0, Bound::Exact),
                MoveScore::scored(3, 0, Bound::Upper),
                MoveScore::scored(7, 0, Bound::Exact),
                MoveScore::scored(1, -994, Bound::Exact),
            ],
        );
        report.best = Some(5);
        let best: Vec<usize> = cell_marks(&report, Shape::TIC_TAC_TOE)
            .iter()
            .filter(|m| m.best)
            .map(|m| m.cell)
            .collect();
        assert_eq!(best, [5, 7]);
    }

    #[test]
    fn samples_show_visits_and_the_mean_on_x_scale() {
        // O's means for itself; on X's scale 0.6188 is -0.2376.
        let mut report = report(
            "x.o/.x./...",
            PlayerKind::Mcts,
            vec![
                MoveScore::sampled(8, 312, Side::Min, 0.6188),
                MoveScore::sampled(5, 1_234, Side::Min, 0.734),
                MoveScore::sampled(3, 19_970, Side::Min, 0.5),
                MoveScore::sampled(6, 1, Side::Min, 0.0),
            ],
        );
        report.best = Some(3);
        let marks = cell_marks(&report, Shape::TIC_TAC_TOE);
        assert_eq!(
            texts(&marks),
            [
                (8, "312×\n−0.24"),
                (5, "1.2k×\n−0.47"),
                (3, "20k×\n0.00"),
                (6, "1×\n+1.00")
            ]
        );
        assert_eq!(marks[0].words, "cell 9: 312 visits, mean result −0.24");
        assert_eq!(marks[3].words, "cell 7: 1 visit, mean result +1.00");
        assert!(marks.iter().all(|m| m.tone == Tone::Sampled && !m.bound));
        // Monte Carlo plays the most visited move: that one is best.
        assert_eq!(
            marks.iter().map(|m| (m.best, m.chosen)).collect::<Vec<_>>(),
            [(false, false), (false, false), (true, true), (false, false)]
        );
    }

    #[test]
    fn exact_values_stand_beside_a_neural_search() {
        // X to move with two stones down: cell 1 wins for X in 3, cell 4
        // (most visited) and cell 8 (the highest prior) only draw, cell 6
        // was not solved in time, cell 7 loses.
        let mut report = report(
            "x.o/.../...",
            PlayerKind::Neural,
            vec![
                MoveScore::guided(1, 0.2, 0.5, Some((10, 0.4))),
                MoveScore::guided(4, 0.3, 0.1, Some((80, 0.1))),
                MoveScore::guided(6, 0.1, 0.0, Some((5, 0.0))),
                MoveScore::guided(8, 0.4, -0.2, Some((5, 0.0))),
                MoveScore::guided(7, 0.0, -0.9, Some((0, 0.0))),
            ],
        );
        report.best = Some(4);
        let values = [
            (1, Some(995)),
            (4, Some(0)),
            (6, None),
            (7, Some(-994)),
            (8, Some(0)),
        ];
        let marks = cell_marks_with_truth(&report, Shape::TIC_TAC_TOE, &values);
        let truths: Vec<(&str, bool)> = marks
            .iter()
            .map(|mark| {
                let truth = mark.truth.as_ref().unwrap();
                (truth.text.as_str(), truth.thrown_away)
            })
            .collect();
        assert_eq!(
            truths,
            [
                ("X3", false),
                ("✗ D", true),
                ("?", false),
                ("✗ D", true),
                // A loss the network neither plays nor prefers.
                ("O4", false)
            ]
        );
        assert_eq!(
            marks[1].words,
            "cell 5: prior 30.0%; the network's value after the move +0.100; 80 visits by the search, mean value +0.100; exact value: draw, a mistake: a better move keeps more, chosen"
        );
        assert!(
            marks[2]
                .words
                .ends_with("exact value unknown: not found in reasonable time")
        );
        // Without the exact values, the marks have none.
        assert!(
            cell_marks(&report, Shape::TIC_TAC_TOE)
                .iter()
                .all(|mark| mark.truth.is_none())
        );
        let row = truth_row(&marks, Shape::TIC_TAC_TOE, 3).unwrap();
        assert!(row.starts_with("Exact values beside the network's beliefs at move 3: cell 2: exact value: X wins in 3 moves; cell 5: "), "{row}");
    }

    #[test]
    fn a_rule_marks_its_cells_with_its_short_name() {
        let mut report = report("o.o/.x./x..", PlayerKind::Rules, Vec::new());
        report.rule = Some(Rule::Block);
        report.choices = vec![1];
        report.best = Some(1);
        let marks = cell_marks(&report, Shape::TIC_TAC_TOE);
        assert_eq!(texts(&marks), [(1, "block")]);
        assert_eq!(
            marks[0].words,
            "cell 2: rule: block: stop the opponent's line, chosen"
        );
        assert!(marks[0].best && marks[0].chosen && marks[0].tone == Tone::Rule);
    }

    #[test]
    fn stopped_random_and_human_choices_leave_no_marks() {
        let mut report = report(
            ".........",
            PlayerKind::Minimax,
            vec![MoveScore::scored(4, 3, Bound::Exact)],
        );
        report.best = Some(4);
        assert_eq!(cell_marks(&report, Shape::TIC_TAC_TOE).len(), 1);
        report.aborted = true;
        assert!(cell_marks(&report, Shape::TIC_TAC_TOE).is_empty());
        let mut report = self::report(".........", PlayerKind::Random, Vec::new());
        report.choices = (0..9).collect();
        report.best = Some(3);
        assert!(cell_marks(&report, Shape::TIC_TAC_TOE).is_empty());
        let report = self::report(".........", PlayerKind::Human, Vec::new());
        assert!(cell_marks(&report, Shape::TIC_TAC_TOE).is_empty());
    }
}
