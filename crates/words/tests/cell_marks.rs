//! The board's marks after real searches, on every open 3x3 position, held
//! against the log's words for the same moves.

use super::common;

use std::collections::BTreeSet;

use common::{decide, open_positions, oracle, oracle_score};
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::players::RulesPlayer;
use tictactoe_engine::report::SearchReport;
use tictactoe_words::cell_marks::{CellMark, Tone, cell_marks};
use tictactoe_words::players::RuleWords;
use tictactoe_words::report::ReportWords;
use tictactoe_words::report::TextStyle;

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
/// number on X's scale ("cell 5: X wins in 2 or faster (>= 993)"): the
/// same limit, and the winner and moves its words name.
fn expected_label(row: &str) -> (String, Tone) {
    let (words, number) = row
        .split_once(": ")
        .and_then(|(_, rest)| rest.rsplit_once(" ("))
        .unwrap_or_else(|| panic!("a scored row: {row}"));
    let number = number.trim_end_matches(')');
    let (estimate, number) = match number.strip_prefix("estimate, ") {
        Some(number) => (true, number),
        None => (false, number),
    };
    let (limit, value) = match (number.strip_prefix(">= "), number.strip_prefix("<= ")) {
        (Some(value), _) => ("≥ ", value),
        (_, Some(value)) => ("≤ ", value),
        _ => ("", number),
    };
    let value: i32 = value.parse().unwrap();
    if estimate {
        let (shown, tone) = match value.signum() {
            1 => (format!("+{value}"), Tone::XBetter),
            -1 => (format!("−{}", -value), Tone::OBetter),
            _ => ("0".to_owned(), Tone::Even),
        };
        return (format!("{limit}{shown}"), tone);
    }
    if value == 0 {
        return (format!("{limit}D"), Tone::Draw);
    }
    let moves: String = words.chars().filter(char::is_ascii_digit).collect();
    let winner = if value > 0 { "X" } else { "O" };
    assert!(words.contains(&format!("{winner} wins")), "{row}");
    let tone = if value > 0 { Tone::XWins } else { Tone::OWins };
    (format!("{limit}{winner}{moves}"), tone)
}

/// Checks every mark of a scoring search against the log's row for its
/// move; returns the marks.
fn check_against_log(report: &SearchReport) -> Vec<CellMark> {
    let marks = cell_marks(report, Shape::TIC_TAC_TOE);
    assert_eq!(marks.len(), report.moves.len(), "{report:?}");
    for (mark, m) in marks.iter().zip(&report.moves) {
        let row = report.move_line(m, TextStyle::WINDOW);
        let context = || format!("{} {}: {row}", report.position, report.player);
        assert_eq!(mark.cell, m.cell, "{}", context());
        assert_eq!(
            (mark.text.clone(), mark.tone),
            expected_label(&row),
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
                cells(&cell_marks(&report, board.shape()), |m| m.best),
                best,
                "{board} {kind}"
            );
        }
        // Alpha-beta with random ties chooses among exactly these.
        let report = search(PlayerKind::AlphaBetaRandom, Difficulty::Hard, &board);
        let choices: BTreeSet<usize> = report.choices.iter().copied().collect();
        assert_eq!(choices, best, "{board}");
        assert_eq!(
            cells(&cell_marks(&report, board.shape()), |m| m.best),
            best,
            "{board}"
        );
    }
}

#[test]
fn bounds_read_the_same_for_x_and_o() {
    // The README's runs, on X's scale whoever moves: O's win in 2 or
    // faster when X moves, X's when O moves.
    let texts = |position: &str, difficulty| -> Vec<(usize, String)> {
        let board: Board = position.parse().unwrap();
        cell_marks(
            &search(PlayerKind::AlphaBetaTt, difficulty, &board),
            board.shape(),
        )
        .into_iter()
        .map(|m| (m.cell, m.text))
        .collect()
    };
    let owned = |marks: &[(usize, &str)]| -> Vec<(usize, String)> {
        marks.iter().map(|&(c, t)| (c, t.to_owned())).collect()
    };
    assert_eq!(
        texts("x.o/.x./..o", Difficulty::Hard),
        owned(&[(5, "D"), (3, "≤ O2"), (6, "≤ O2"), (7, "≤ O2"), (1, "≤ O2")])
    );
    assert_eq!(
        texts("x.x/..o/xo.", Difficulty::Hard),
        owned(&[(4, "X2"), (1, "≥ X2"), (3, "≥ X2"), (8, "≥ X2")])
    );
    assert_eq!(
        texts("x.x/..o/xo.", Difficulty::Easy),
        owned(&[(4, "0"), (1, "+4"), (3, "+4"), (8, "+10")])
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
        let marks = cell_marks(&report, board.shape());
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
        let marks = cell_marks(&report, board.shape());
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
            assert!(cell_marks(&search(kind, Difficulty::Hard, &board), board.shape()).is_empty());
        }
    }
}
