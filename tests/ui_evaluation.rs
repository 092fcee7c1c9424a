//! The evaluation in the window, the way a person goes: X's list follows
//! the board to its own evaluation (Threats on Connect Four); Lines chosen
//! for X's depth-1 search there is what the search's values come from
//! (the log's estimates are Lines', not Threats'); Ctrl+B opens the
//! panel of the position's sum of feature times weight, which follows the
//! moves played; a weight raised with the keyboard changes the total by
//! weight times count and is offered to the players as Custom; the
//! weights are saved, changed, opened again, and a malformed file is
//! refused with a message and changes nothing; the explorer shows the
//! selected node's sums. GTK lives on the main
//! thread, so this test has its own `main` (`harness = false`). Needs a
//! display and xdotool: `xvfb-run -a cargo test --release --test
//! ui_evaluation`.

mod harness;

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use gtk::prelude::*;
use harness::{
    PATIENCE, Results, answer_save_chooser, chosen, click_widget, ensure, open_window, press_in,
    press_over, type_path, use_test_environment, wait_until,
};
use tictactoe::ui::{EvaluationPanel, TictactoeWindow};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::evaluation::{Evaluation, Feature, NamedEvaluation};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};

type Check = fn(&TictactoeWindow, &Path) -> Result<(), String>;

/// The weights of the features Connect Four counts: a weights file holds
/// those only.
fn counted(evaluation: Evaluation) -> Vec<(Feature, i32)> {
    evaluation
        .weights()
        .filter(|(feature, _)| feature.applies_to(Shape::CONNECT_FOUR))
        .collect()
}

/// Waits until a person is to move with `stones` stones on the board.
fn wait_for_person(window: &TictactoeWindow, stones: u32) -> Result<Board, String> {
    wait_until(
        &format!("a person to move with {stones} stones on the board"),
        PATIENCE,
        || window.takes_moves() && window.board_view().board().stone_count() == stones,
    )
    .map_err(|error| format!("{error}: the board shows {}", window.board_view().board()))?;
    Ok(window.board_view().board())
}

/// The estimate the log gives X's move number `number`: "(estimate, +41)"
/// read as 41; `None` when the move is no estimate (a win seen).
fn logged_estimate(log: &str, number: u32) -> Result<Option<i32>, String> {
    let line = log
        .lines()
        .find(|line| line.starts_with(&format!("{number}. X")))
        .ok_or_else(|| format!("the log has no move {number} of X:\n{log}"))?;
    let Some((_, rest)) = line.split_once("(estimate, ") else {
        return Ok(None);
    };
    let number: String = rest.chars().take_while(|&c| c != ')').collect();
    number
        .trim_start_matches('+')
        .parse()
        .map(Some)
        .map_err(|_| format!("no estimate in {line:?}"))
}

/// X's search at depth 1 on Connect Four: its list starts at the board's
/// own, Threats; with Lines chosen, each estimate in the log is Lines'
/// value of the position after X's move, and at least one is not
/// Threats'.
fn lines_chosen_for_x_is_what_its_search_evaluates_with(
    window: &TictactoeWindow,
    _: &Path,
) -> Result<(), String> {
    let x = window.picker(Side::Max);
    x.select(PlayerKind::AlphaBetaTt);
    x.select_difficulty(Difficulty::Depth(1));
    let dropdown = x.evaluation_dropdown();
    ensure(!dropdown.is_visible(), || {
        "the evaluation list takes room before it is asked for".into()
    })?;
    ensure(
        x.evaluation() == NamedEvaluation::Lines.evaluation(),
        || "on 3x3 X's evaluation is not Lines".into(),
    )?;
    window.board_picker().set_shape(Shape::CONNECT_FOUR);
    ensure(
        x.evaluation() == NamedEvaluation::Threats.evaluation(),
        || "on Connect Four X's evaluation did not follow the board to Threats".into(),
    )?;
    // The evaluation panel shows the players' evaluation lists.
    press_in(window, &["ctrl+b"])?;
    let lines = NamedEvaluation::ALL
        .iter()
        .position(|&named| named == NamedEvaluation::Lines)
        .ok_or("no Lines")?;
    wait_until("alpha-beta's evaluation list to show", PATIENCE, || {
        dropdown.is_mapped()
    })?;
    dropdown.set_selected(lines as u32);
    ensure(
        x.evaluation() == NamedEvaluation::Lines.evaluation(),
        || "choosing Lines in the list chose other weights".into(),
    )?;
    window.picker(Side::Min).select(PlayerKind::Human);
    window.pace_scale().set_value(0.0);
    click_widget(&window.start_button())?;
    let (lines, threats) = (
        NamedEvaluation::Lines.evaluation(),
        NamedEvaluation::Threats.evaluation(),
    );
    let mut differs = false;
    let view = window.board_view();
    // O plays the outer columns, X builds in the middle.
    for (turn, column) in ["1", "7", "1", "7", "2"].into_iter().enumerate() {
        let stones = 2 * turn as u32 + 1;
        let board = wait_for_person(window, stones)?;
        let log = window.search_log().text();
        if let Some(logged) = logged_estimate(&log, stones)? {
            let expected = lines.value_of(&board, Side::Max);
            ensure(logged == expected, || {
                format!(
                    "X's move {stones} is logged at {logged}, Lines gives {expected} for {board}"
                )
            })?;
            differs |= threats.value_of(&board, Side::Max) != logged;
        }
        if differs {
            break;
        }
        press_over(&view, column)?;
        wait_until("O's stone", PATIENCE, || {
            view.board().stone_count() > stones
        })?;
    }
    ensure(differs, || {
        "no estimate of X's differed from Threats': the test shows nothing".into()
    })?;
    ensure(window.search_log().text().contains("with Lines"), || {
        "the log's header does not name X's evaluation".into()
    })?;
    press_in(window, &["ctrl+b"])?;
    wait_until("Ctrl+B to hide the panel", PATIENCE, || {
        !window.evaluation_panel().is_visible()
    })?;
    ensure(dropdown.is_mapped(), || {
        "Lines chosen on Connect Four, the list went out of sight with the panel".into()
    })?;
    window.end_button().emit_clicked();
    wait_until("the game to end", PATIENCE, || !window.game_running()).map(|_| ())
}

/// Two people on Connect Four, the game started, the pointer over the
/// window.
fn start_between_people(window: &TictactoeWindow) -> Result<(), String> {
    for side in [Side::Max, Side::Min] {
        window.picker(side).select(PlayerKind::Human);
    }
    window.board_picker().set_shape(Shape::CONNECT_FOUR);
    click_widget(&window.start_button())?;
    wait_for_person(window, 0).map(|_| ())
}

/// Each line of the panel and its total are `evaluation`'s breakdown of
/// the board shown, from X's view.
fn panel_shows_breakdown(board: Board, panel: &EvaluationPanel) -> Result<(), String> {
    let breakdown = panel.evaluation().breakdown(&board, Side::Max);
    let signed = |value: i32| {
        if value > 0 {
            format!("+{value}")
        } else {
            value.to_string()
        }
    };
    for term in &breakdown.terms {
        let shown = panel
            .line_texts(term.feature)
            .ok_or_else(|| format!("the panel has no line for {}", term.feature))?;
        let expected = [
            term.mine.to_string(),
            term.theirs.to_string(),
            term.weight.to_string(),
            signed(term.contribution),
        ];
        ensure(shown == expected, || {
            format!(
                "{}: the panel shows {shown:?}, the breakdown of {board} is {expected:?}",
                term.feature
            )
        })?;
    }
    let total = panel.total_text();
    ensure(total.contains(&signed(breakdown.total)), || {
        format!(
            "the total reads {total:?}, the breakdown's is {}",
            breakdown.total
        )
    })
}

/// Ctrl+B shows the panel; a column played changes its numbers to the
/// breakdown of the new position.
fn ctrl_b_shows_the_sums_and_they_follow_the_moves(
    window: &TictactoeWindow,
    _: &Path,
) -> Result<(), String> {
    start_between_people(window)?;
    let panel = window.evaluation_panel();
    ensure(!panel.is_visible(), || {
        "the panel shows before Ctrl+B".into()
    })?;
    press_in(window, &["ctrl+b"])?;
    wait_until("Ctrl+B to show the evaluation panel", PATIENCE, || {
        panel.is_mapped() && panel.width() > 0
    })?;
    ensure(window.evaluation_button().is_active(), || {
        "the Σ button does not show the panel as open".into()
    })?;
    panel_shows_breakdown(window.board_view().board(), &panel)?;
    let before = panel.line_texts(Feature::Centre);
    press_over(&window.board_view(), "4")?;
    wait_for_person(window, 1)?;
    ensure(panel.line_texts(Feature::Centre) != before, || {
        "X's stone in the centre column left the Centre line as it was".into()
    })?;
    panel_shows_breakdown(window.board_view().board(), &panel)?;
    press_over(&window.board_view(), "3")?;
    wait_for_person(window, 2)?;
    panel_shows_breakdown(window.board_view().board(), &panel)
}

/// Up on the Centre weight's spin button raises it by one: the total
/// grows by X's centre stones minus O's, and the players are offered the
/// weights as Custom.
fn a_weight_raised_by_key_changes_the_total_by_its_count(
    window: &TictactoeWindow,
    _: &Path,
) -> Result<(), String> {
    let panel = window.evaluation_panel();
    let board = window.board_view().board();
    let before = panel.evaluation().breakdown(&board, Side::Max);
    let centre = before
        .terms
        .iter()
        .find(|term| term.feature == Feature::Centre)
        .copied()
        .ok_or("no Centre term")?;
    ensure(centre.mine != centre.theirs, || {
        format!("the centre counts the same for both in {board}: no change to see")
    })?;
    let spin = panel
        .weight_spin(Feature::Centre)
        .ok_or("no spin button for Centre's weight")?;
    spin.grab_focus();
    press_over(&spin, "Up")?;
    wait_until("Up to raise Centre's weight", PATIENCE, || {
        panel.evaluation().weight(Feature::Centre) == centre.weight + 1
    })?;
    let total = before.total + (centre.mine - centre.theirs);
    ensure(
        panel.evaluation().breakdown(&board, Side::Max).total == total,
        || "the weights' total is not one count higher".into(),
    )?;
    panel_shows_breakdown(window.board_view().board(), &panel)?;
    let x = window.picker(Side::Max);
    x.select(PlayerKind::Minimax);
    let dropdown = x.evaluation_dropdown();
    let entries = dropdown.model().map_or(0, |model| model.n_items());
    ensure(entries == NamedEvaluation::ALL.len() as u32 + 1, || {
        format!("the evaluation list has {entries} entries, not the named ones and Custom")
    })?;
    dropdown.set_selected(entries - 1);
    ensure(x.evaluation() == panel.evaluation(), || {
        "Custom in X's list is not the panel's weights".into()
    })
}

/// Presses `button` with the keyboard: focused (the board's side scrolls
/// it into sight), then Space.
fn press_button(window: &TictactoeWindow, button: &gtk::Button) -> Result<(), String> {
    button.grab_focus();
    wait_until("the button to take the focus", PATIENCE, || {
        button.has_focus()
    })?;
    press_in(window, &["space"])
}

/// Save… writes the weights; after another edit, Open… brings them back;
/// a malformed file is refused, says why, and changes nothing.
fn weights_are_saved_opened_and_a_bad_file_refused(
    window: &TictactoeWindow,
    directory: &Path,
) -> Result<(), String> {
    let panel = window.evaluation_panel();
    let saved = counted(panel.evaluation());
    let path = directory.join("my-weights.json");
    press_button(window, &panel.save_button().ok_or("no Save button")?)?;
    answer_save_chooser(
        "Save Weights",
        &path,
        || panel.message_text(),
        "Saved the weights to my-weights.json",
    )?;
    let spin = panel
        .weight_spin(Feature::OpenLines(2))
        .ok_or("no spin button for open lines of 2")?;
    spin.grab_focus();
    press_over(&spin, "Up")?;
    wait_until("Up to change a weight", PATIENCE, || {
        counted(panel.evaluation()) != saved
    })?;
    press_button(window, &panel.open_button().ok_or("no Open button")?)?;
    type_path("Open Weights", &[], &path)?;
    wait_until("the weights to open", PATIENCE, || {
        counted(panel.evaluation()) == saved
    })
    .map_err(|error| format!("{error}; the panel says {:?}", panel.message_text()))?;
    ensure(
        spin.value_as_int() == panel.evaluation().weight(Feature::OpenLines(2)),
        || "the spin button does not show the weight opened".into(),
    )?;
    panel_shows_breakdown(window.board_view().board(), &panel)?;
    harness::wait_for_no_chooser()?;

    let bad = directory.join("bad-weights.json");
    std::fs::write(&bad, "{\"board\": 3, \"weights\": {\"open-2\": }")
        .map_err(|error| error.to_string())?;
    press_button(window, &panel.open_button().ok_or("no Open button")?)?;
    type_path("Open Weights", &[], &bad)?;
    wait_until("the refusal", PATIENCE, || {
        panel
            .message_text()
            .contains("Could not open bad-weights.json")
    })
    .map_err(|error| format!("{error}; the panel says {:?}", panel.message_text()))?;
    ensure(counted(panel.evaluation()) == saved, || {
        "the refused file changed the weights".into()
    })?;
    Ok(())
}

/// The explorer's "Evaluation of this position", opened by Space,
/// shows the selected node's sums.
fn the_explorer_shows_the_selected_nodes_sums(
    window: &TictactoeWindow,
    _: &Path,
) -> Result<(), String> {
    let board = Board::from_columns(Shape::CONNECT_FOUR, "4453")
        .map_err(|error| format!("4453: {error:?}"))?;
    let explorer = harness::explore(window, &board, PlayerKind::AlphaBeta, Some(2))?;
    explorer.select_row(1);
    wait_until("a child of the root to be selected", PATIENCE, || {
        explorer.board_view().board().stone_count() == board.stone_count() + 1
    })?;
    let expander = explorer.evaluation_expander();
    // By the keyboard: the focus scrolls the side column to it.
    expander.grab_focus();
    wait_until("the expander to take the focus", PATIENCE, || {
        expander.has_focus()
    })?;
    press_over(&expander, "space")?;
    let panel = explorer.evaluation_panel();
    wait_until("the evaluation to open", PATIENCE, || {
        expander.is_expanded() && panel.is_mapped()
    })
    .map_err(|error| {
        format!(
            "{error}: expanded {}, the panel mapped {}",
            expander.is_expanded(),
            panel.is_mapped()
        )
    })?;
    let result = panel_shows_breakdown(explorer.board_view().board(), &panel);
    explorer.close();
    result
}

fn main() -> ExitCode {
    use_test_environment();
    let directory = std::env::temp_dir().join(format!("ui-evaluation-{}", std::process::id()));
    if let Err(error) = std::fs::create_dir_all(&directory) {
        return Results::fail_to_start(&format!("{}: {error}", directory.display()));
    }
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 5] = [
        (
            "Lines chosen for X on Connect Four is what its search evaluates with",
            lines_chosen_for_x_is_what_its_search_evaluates_with,
        ),
        (
            "Ctrl+B shows the sums and they follow the moves",
            ctrl_b_shows_the_sums_and_they_follow_the_moves,
        ),
        (
            "a weight raised by key changes the total by its count",
            a_weight_raised_by_key_changes_the_total_by_its_count,
        ),
        (
            "weights are saved, opened, and a bad file refused",
            weights_are_saved_opened_and_a_bad_file_refused,
        ),
        (
            "the explorer shows the selected node's sums",
            the_explorer_shows_the_selected_nodes_sums,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        if chosen(name) {
            results.report(name, check(&window, &directory));
        }
        harness::pass_time(Duration::from_millis(100));
    }
    let _ = std::fs::remove_dir_all(&directory);
    results.finish()
}
