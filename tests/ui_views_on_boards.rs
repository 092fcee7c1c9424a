//! The explorer, Compare and the Monte Carlo window on Connect Four, the
//! way a person goes: Connect Four chosen, a column played against
//! alpha-beta, then each window opened by its shortcut on the position.
//! Each names the moves by their columns and finishes, saying in words
//! what it cannot do on so big a board. GTK lives on the main thread, so
//! this test has its own `main` (`harness = false`). Needs a display:
//! `xvfb-run -a cargo test --release --test ui_views_on_boards`.

mod harness;

use std::process::ExitCode;
use std::time::Duration;

use gtk::prelude::*;
use harness::{
    Results, chosen, ensure, open_window, pass_time, press_over, start, use_test_environment,
    wait_until,
};
use tictactoe::ui::{TictactoeApplication, TictactoeWindow};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};

type Check = fn(&TictactoeApplication, &TictactoeWindow) -> Result<(), String>;

fn activate(widget: &impl IsA<gtk::Widget>, action: &str) -> Result<(), String> {
    WidgetExt::activate_action(widget, action, None).map_err(|error| format!("{action}: {error}"))
}

/// A Connect Four game against alpha-beta at medium strength, X's stone clicked into column 4
/// and O's answer on the board.
fn play_a_column(window: &TictactoeWindow) -> Result<(), String> {
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::AlphaBeta, Difficulty::Medium),
        Shape::CONNECT_FOUR,
        Duration::ZERO,
    )?;
    let shape = Shape::CONNECT_FOUR;
    let board_view = window.board_view();
    let (x, y) = board_view.cell_centre((shape.height() - 1) * shape.width() + 3);
    wait_until("X's turn", Duration::from_secs(5), || {
        window.status_text().contains("played by you")
    })?;
    board_view.click(x, y);
    wait_until("alpha-beta's answer", Duration::from_secs(30), || {
        window.board_view().board().stone_count() == 2
            && window.status_text().contains("played by you")
    })
    .map_err(|error| {
        format!(
            "{error}: the board is {}, the status says {:?}",
            window.board_view().board(),
            window.status_text()
        )
    })?;
    Ok(())
}

/// Whether `text` names a move by a cell, as a 7x6 board must not.
fn names_a_cell(text: &str) -> bool {
    text.to_lowercase().contains("cell ")
}

/// Ctrl+Shift+E opens the explorer on a search of the 7x6 position; asked
/// to search to the end, which would take hours, it says so and records
/// as deep as can finish; its step mode steps through that tree.
fn the_explorer_records_and_steps_on_connect_four(
    _: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    play_a_column(window)?;
    press_over(&window.board_view(), "ctrl+shift+e")?;
    let explorer = wait_until("the explorer", Duration::from_secs(5), || {
        window.explorer().is_some()
    })
    .and_then(|_| window.explorer().ok_or_else(|| "no explorer".to_owned()))?;
    wait_until("the first tree", Duration::from_secs(30), || {
        explorer.tree().is_some()
    })?;
    // The depth spin's "full", then Record.
    explorer.depth_spin().set_value(0.0);
    let before = explorer.tree();
    activate(&explorer, "explorer.record")?;
    wait_until("a tree or a word", Duration::from_secs(30), || {
        explorer.tree().map(|tree| tree.depth()) != before.as_ref().map(|tree| tree.depth())
            || explorer.summary_text().contains("cannot search")
    })
    .map_err(|error| format!("{error}: the summary says {:?}", explorer.summary_text()))?;
    wait_until("the shallower tree", Duration::from_secs(30), || {
        explorer.summary_text().contains("cannot search")
            && explorer
                .tree()
                .is_some_and(|tree| tree.root_position().shape() == Shape::CONNECT_FOUR)
    })
    .map_err(|error| format!("{error}: the summary says {:?}", explorer.summary_text()))?;
    let tree = explorer.tree().ok_or("no tree")?;
    ensure(
        explorer.depth_spin().value() as u32 == tree.depth() && tree.depth() > 1,
        || {
            format!(
                "the depth shows {} for a tree {} deep",
                explorer.depth_spin().value(),
                tree.depth()
            )
        },
    )?;
    ensure(
        explorer.board_view().board().shape() == Shape::CONNECT_FOUR,
        || "the explorer's board is not 7x6".into(),
    )?;
    let first_step = explorer.step_text();
    for _ in 0..3 {
        press_over(&explorer.list_view(), "alt+Right")?;
        pass_time(Duration::from_millis(100));
    }
    ensure(explorer.step_text() != first_step, || {
        format!("Alt+Right left the step at {first_step:?}")
    })?;
    let rows = explorer.row_texts();
    ensure(
        rows.len() > 1 && !rows.iter().any(|row| names_a_cell(row)),
        || format!("the rows read {rows:?}"),
    )?;
    explorer.close();
    Ok(())
}

/// Ctrl+M's Compare on the 7x6 position: full-depth minimax, which cannot
/// finish there, is stopped at the time limit and the comparison ends;
/// alpha-beta's move is a column; Move Orders, to the end of the game,
/// says why it does not search.
fn compare_finishes_on_connect_four(
    _: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    play_a_column(window)?;
    press_over(&window.board_view(), "ctrl+m")?;
    let view = wait_until("Compare", Duration::from_secs(5), || {
        window.compare_view().is_some_and(|view| view.is_visible())
    })
    .and_then(|_| window.compare_view().ok_or_else(|| "no Compare".to_owned()))?;
    let chosen = [
        (PlayerKind::Minimax, Difficulty::Hard),
        (PlayerKind::AlphaBeta, Difficulty::Depth(4)),
    ];
    view.choices().set_chosen(&chosen);
    view.run_button().emit_clicked();
    wait_until("the comparison to end", Duration::from_secs(60), || {
        !view.is_running()
    })
    .map_err(|error| format!("{error}: the status says {:?}", view.status_text()))?;
    let rows = view.rows();
    let table = view.table_text();
    ensure(rows.len() == 2 && table.len() == 2, || {
        format!("the table shows {table:?}")
    })?;
    ensure(rows[0].aborted, || {
        format!("minimax's row reads {:?}", table[0])
    })?;
    let best = rows[1].best.ok_or("alpha-beta chose no move")?;
    let column = (best % Shape::CONNECT_FOUR.width() + 1).to_string();
    ensure(table[1][1] == column, || {
        format!(
            "alpha-beta chose cell {best}; its move reads {:?}",
            table[1][1]
        )
    })?;
    wait_until("the nodes chart's two bars", Duration::from_secs(5), || {
        view.nodes_chart().hit_boxes().len() == 2
    })?;
    view.orders_button().emit_clicked();
    pass_time(Duration::from_millis(200));
    ensure(
        !view.is_running() && view.status_text().contains("cannot finish"),
        || format!("Move Orders: the status says {:?}", view.status_text()),
    )?;
    view.close();
    Ok(())
}

/// Ctrl+Shift+M's Monte Carlo window on the 7x6 position, stepped phase by
/// phase and playout by playout: its rows, selection's words and the
/// small board's and the charts' name the moves by column.
fn monte_carlo_steps_on_connect_four(
    _: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    play_a_column(window)?;
    press_over(&window.board_view(), "ctrl+shift+m")?;
    let view = wait_until("the Monte Carlo window", Duration::from_secs(20), || {
        window.mcts_view().is_some_and(|view| view.is_visible())
    })
    .and_then(|_| {
        window
            .mcts_view()
            .ok_or_else(|| "no Monte Carlo window".to_owned())
    })?;
    for _ in 0..10 {
        activate(&view, "mcts.step")?;
    }
    activate(&view, "mcts.phase")?;
    ensure(view.steps() == Some(11), || {
        format!("the summary says {:?}", view.summary_text())
    })?;
    let rows = view.child_texts();
    ensure(
        rows.len() == 7 && rows.iter().all(|row| row.starts_with("Column ")),
        || format!("the root's rows read {rows:?}"),
    )?;
    let phase = view.phase_text();
    ensure(phase.contains("takes column "), || {
        format!("selection says {phase:?}")
    })?;
    for _ in 0..40 {
        activate(&view, "mcts.phase")?;
    }
    let words = [view.phase_text(), view.board_description()];
    ensure(!words.iter().any(|text| names_a_cell(text)), || {
        format!("the words are {words:?}")
    })?;
    // The board is the main window's widget, which tells a screen reader
    // the board row by row, how its columns are numbered and the path's
    // moves by column, the playout's after them.
    let board = view.board_description();
    ensure(
        board.starts_with("Board 7x6, 4 in a row, with gravity; row 1: ")
            && board.contains("The columns are numbered 1 to 7 from the left")
            && board.contains("Moves from the searched position: ")
            && board.contains("The random playout from there: "),
        || format!("the board is described as {board:?}"),
    )?;
    wait_until("the charts", Duration::from_secs(20), || {
        !view.convergence_chart().text().is_empty() && !view.share_chart().text().is_empty()
    })?;
    let charts = [view.convergence_chart().text(), view.share_chart().text()];
    ensure(
        charts
            .iter()
            .all(|text| text.contains("column 4") && !names_a_cell(text)),
        || format!("the charts say {charts:?}"),
    )?;
    view.close();
    Ok(())
}

fn main() -> ExitCode {
    use_test_environment();
    let (app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 3] = [
        (
            "the explorer records and steps on Connect Four",
            the_explorer_records_and_steps_on_connect_four,
        ),
        (
            "Compare finishes on Connect Four",
            compare_finishes_on_connect_four,
        ),
        (
            "Monte Carlo steps on Connect Four",
            monte_carlo_steps_on_connect_four,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        if chosen(name) {
            results.report(name, check(&app, &window));
        }
    }
    results.finish()
}
