//! The board's marks after real searches, on every open 3x3 position, held
//! against the log's words for the same moves.

mod common;

use std::collections::BTreeSet;

use common::{decide, open_positions, oracle, oracle_score};
use tictactoe::engine::players::RulesPlayer;
use tictactoe::engine::{
    Board, CellMark, Difficulty, PlayerKind, PlayerOptions, SearchReport, Side, TextStyle, Tone,
    cell_marks,
};

/// Searches that score moves: exact, with bounds, and horizon estimates.
const SCORING: [(PlayerKind, Difficulty); 8] = [
    (PlayerKind::Minimax, Difficulty::Hard),
    (PlayerKind::Minimax, Difficulty::Easy),
    (PlayerKind::AlphaBeta, Difficulty::Hard),
    (PlayerKind::AlphaBeta, Difficulty::Medium),
    (PlayerKind::AlphaBetaTt, Difficulty::Hard),
    (PlayerKind::AlphaBetaTt, Difficulty::Easy),
    (PlayerKind::AlphaBetaRandom, Difficulty::Hard),
    (PlayerKind::Perfect, Difficulty::Hard),
];

fn search(kind: PlayerKind, difficulty: Difficulty, board: &Board) -> SearchReport {
    let options = PlayerOptions {
        difficulty,
        ..PlayerOptions::default()
    };
    decide(kind, &options, board)
}

/// The label and tone the log's row for a move calls for, read from its
/// words ("cell 5: O: at best loses in 2 (>= 993)"), for the side that moved.
fn expected_label(row: &str, mover: Side) -> (String, Tone) {
    let (words, number) = row
        .split_once(": ")
        .and_then(|(_, rest)| rest.rsplit_once(" ("))
        .unwrap_or_else(|| panic!("a scored row: {row}"));
    let number = number.trim_end_matches(')');
    let limit = if words.contains("at best") {
        "≤ "
    } else if words.contains("at least")
        || words.contains("or faster")
        || words.contains("at worst")
    {
        "≥ "
    } else {
        ""
    };
    if let Some(estimate) = number.strip_prefix("estimate, ") {
        let max_view: i32 = estimate
            .trim_start_matches(">= ")
            .trim_start_matches("<= ")
            .parse()
            .unwrap();
        let value = mover.sign() * max_view;
        let (shown, tone) = match value.signum() {
            1 => (format!("+{value}"), Tone::Better),
            -1 => (format!("−{}", -value), Tone::Worse),
            _ => ("0".to_owned(), Tone::Even),
        };
        return (format!("{limit}{shown}"), tone);
    }
    if words == "draw" || words.ends_with("a draw") {
        return (format!("{limit}D"), Tone::Draw);
    }
    let moves: String = words.chars().filter(char::is_ascii_digit).collect();
    // "X wins in 3 moves" names the winner; a bound's words are the mover's.
    let mover_wins = match words.strip_suffix(" moves").or(words.strip_suffix(" move")) {
        Some(exact) => exact.starts_with(mover.mark()),
        None => {
            assert!(words.starts_with(&format!("{}: ", mover.mark())), "{row}");
            words.contains("wins")
        }
    };
    if mover_wins {
        (format!("{limit}W{moves}"), Tone::Win)
    } else {
        (format!("{limit}L{moves}"), Tone::Loss)
    }
}

/// Checks every mark of a scoring search against the log's row for its
/// move; returns the marks.
fn check_against_log(report: &SearchReport) -> Vec<CellMark> {
    let marks = cell_marks(report);
    assert_eq!(marks.len(), report.moves.len(), "{report:?}");
    for (mark, m) in marks.iter().zip(&report.moves) {
        let row = report.move_line(m, TextStyle::WINDOW);
        let context = || format!("{} {}: {row}", report.position, report.player);
        assert_eq!(mark.cell, m.cell, "{}", context());
        assert_eq!(
            (mark.text.clone(), mark.tone),
            expected_label(&row, report.side),
            "{}",
            context()
        );
        assert_eq!(mark.bound, row.contains(">=") || row.contains("<="));
        assert_eq!(mark.estimate, row.contains("(estimate"));
        let mut words = row[..row.rfind(" (").unwrap()].to_owned();
        if mark.estimate {
            words.push_str(", estimated");
        }
        if mark.chosen {
            words.push_str(", chosen");
        }
        assert_eq!(mark.words, words, "{}", context());
    }
    marks
}

fn cells(marks: &[CellMark], keep: impl Fn(&CellMark) -> bool) -> BTreeSet<usize> {
    marks.iter().filter(|m| keep(m)).map(|m| m.cell).collect()
}

#[test]
fn labels_say_what_the_log_says_for_every_move() {
    let (mut bounds_for, mut estimates) = (BTreeSet::new(), 0);
    for board in open_positions() {
        for (kind, difficulty) in SCORING {
            let report = search(kind, difficulty, &board);
            let marks = check_against_log(&report);
            let chosen = cells(&marks, |m| m.chosen);
            assert_eq!(chosen, report.best.into_iter().collect(), "{board} {kind}");
            assert!(
                marks.iter().all(|m| !m.chosen || m.best),
                "{board} {kind}: the chosen move is one of the best"
            );
            if marks.iter().any(|m| m.bound) {
                bounds_for.insert(board.side_to_move().mark());
            }
            estimates += marks.iter().filter(|m| m.estimate).count();
        }
    }
    // The bounds were seen from both sides, so their direction was checked
    // both ways.
    assert_eq!(bounds_for, BTreeSet::from(["O", "X"]));
    assert!(estimates > 0);
}

#[test]
fn best_marks_every_equally_best_move() {
    for board in open_positions() {
        let reference = oracle(&board);
        let top = reference.score.unwrap();
        let best: BTreeSet<usize> = reference
            .moves
            .iter()
            .map(|m| m.cell)
            .filter(|&cell| oracle_score(&reference, cell) == top)
            .collect();
        for kind in [PlayerKind::Minimax, PlayerKind::Perfect] {
            let report = search(kind, Difficulty::Hard, &board);
            assert_eq!(
                cells(&cell_marks(&report), |m| m.best),
                best,
                "{board} {kind}"
            );
        }
        // Alpha-beta with random ties chooses among exactly these.
        let report = search(PlayerKind::AlphaBetaRandom, Difficulty::Hard, &board);
        let choices: BTreeSet<usize> = report.choices.iter().copied().collect();
        assert_eq!(choices, best, "{board}");
        assert_eq!(cells(&cell_marks(&report), |m| m.best), best, "{board}");
    }
}

#[test]
fn bounds_read_the_same_for_x_and_o() {
    // The README's runs: Max's upper bound for X and Max's lower bound for
    // O both cap the mover's result at a loss in 2.
    let texts = |position: &str, difficulty| -> Vec<(usize, String)> {
        let board: Board = position.parse().unwrap();
        cell_marks(&search(PlayerKind::AlphaBetaTt, difficulty, &board))
            .into_iter()
            .map(|m| (m.cell, m.text))
            .collect()
    };
    let owned = |marks: &[(usize, &str)]| -> Vec<(usize, String)> {
        marks.iter().map(|&(c, t)| (c, t.to_owned())).collect()
    };
    assert_eq!(
        texts("x.o/.x./..o", Difficulty::Hard),
        owned(&[(5, "D"), (3, "≤ L2"), (6, "≤ L2"), (7, "≤ L2"), (1, "≤ L2")])
    );
    assert_eq!(
        texts("x.x/..o/xo.", Difficulty::Hard),
        owned(&[(4, "L2"), (1, "≤ L2"), (3, "≤ L2"), (8, "≤ L2")])
    );
    assert_eq!(
        texts("x.x/..o/xo.", Difficulty::Easy),
        owned(&[(4, "0"), (1, "≤ −4"), (3, "≤ −4"), (8, "≤ −10")])
    );
}

#[test]
fn monte_carlo_marks_every_move_and_its_most_visited_is_best() {
    let options = PlayerOptions {
        playouts: 500,
        ..PlayerOptions::default()
    };
    for board in open_positions().into_iter().step_by(7) {
        let report = decide(PlayerKind::Mcts, &options, &board);
        let marks = cell_marks(&report);
        assert_eq!(marks.len(), report.moves.len(), "{board}");
        let most = report.moves.iter().filter_map(|m| m.visits).max();
        for (mark, m) in marks.iter().zip(&report.moves) {
            // The log's row and the mark start alike: "cell 5: 1,234 visits".
            let row = report.move_line(m, TextStyle::WINDOW);
            let visits = &row[..row.find(", ").unwrap()];
            assert!(mark.words.starts_with(visits), "{board}: {row} / {mark:?}");
            assert_eq!(mark.tone, Tone::Sampled);
            assert_eq!(mark.best, m.visits == most, "{board}: {mark:?}");
            assert_eq!(
                mark.chosen,
                report.best == Some(m.cell),
                "{board}: {mark:?}"
            );
        }
    }
}

#[test]
fn rules_mark_the_cells_their_rule_allows() {
    for board in open_positions() {
        let report = search(PlayerKind::Rules, Difficulty::Hard, &board);
        let (rule, allowed) = RulesPlayer::applicable_rule(&board);
        let marks = cell_marks(&report);
        assert_eq!(
            marks.iter().map(|m| m.cell).collect::<Vec<_>>(),
            allowed,
            "{board}"
        );
        assert!(marks.iter().all(|m| m.text == rule.short_name() && m.best));
        assert_eq!(
            cells(&marks, |m| m.chosen),
            report.best.into_iter().collect()
        );
    }
}

#[test]
fn random_choices_and_people_leave_no_marks() {
    for board in open_positions().into_iter().step_by(13) {
        for kind in [PlayerKind::Random, PlayerKind::Human] {
            assert!(cell_marks(&search(kind, Difficulty::Hard, &board)).is_empty());
        }
    }
}
