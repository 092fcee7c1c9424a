//! Any board in the window, the way a person goes: the Board picker chosen
//! by the keyboard, a custom board that cannot be made impossible, a game
//! of Connect Four against alpha-beta with a move taken back (and a click
//! at once after it played) and End game
//! stopping its search, a set-up position on Connect Four, and Save and
//! Open of a Connect Four game. GTK lives on the main thread, so this test
//! has its own `main` (`harness = false`). Needs a display:
//! `xvfb-run -a cargo test --release --test ui_boards`.

mod harness;

use std::process::ExitCode;
use std::time::Duration;

use gtk::prelude::*;
use harness::{
    Results, chosen, ensure, open_window, pass_time, press_over, start, use_test_environment,
    wait_until, xdotool,
};
use tictactoe::ui::TictactoeWindow;
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};

type Check = fn(&TictactoeWindow) -> Result<(), String>;

/// Where a stone dropped in `column` (from 0) lands on the empty Connect
/// Four board: the bottom row.
fn bottom_of(column: usize) -> usize {
    let shape = Shape::CONNECT_FOUR;
    (shape.height() - 1) * shape.width() + column
}

fn activate(window: &TictactoeWindow, action: &str) -> Result<(), String> {
    WidgetExt::activate_action(window, action, None).map_err(|error| format!("{action}: {error}"))
}

/// Clicks the middle of `cell`, through the handler a real click reaches.
fn click(window: &TictactoeWindow, cell: usize) {
    let board_view = window.board_view();
    let (x, y) = board_view.cell_centre(cell);
    board_view.click(x, y);
}

fn wait_for_stones(window: &TictactoeWindow, stones: u32, within: Duration) -> Result<(), String> {
    wait_until(&format!("{stones} stones on the board"), within, || {
        window.board_view().board().stone_count() == stones
    })?;
    Ok(())
}

fn wait_for_you(window: &TictactoeWindow) -> Result<(), String> {
    wait_until(
        "the window to ask for X's move",
        Duration::from_secs(5),
        || window.status_text().contains("played by you"),
    )?;
    Ok(())
}

/// Alt+B goes to the Board list; Enter opens it, Down walks to Connect
/// Four and Enter chooses it.
fn connect_four_is_chosen_by_the_keyboard(window: &TictactoeWindow) -> Result<(), String> {
    let picker = window.board_picker();
    picker.set_shape(Shape::TIC_TAC_TOE);
    let steps = Shape::PRESETS
        .iter()
        .position(|&(_, shape)| shape == Shape::CONNECT_FOUR)
        .ok_or("Connect Four is no preset")?;
    press_over(&window.board_view(), "alt+b")?;
    pass_time(Duration::from_millis(200));
    xdotool(&["key", "Return"])?;
    pass_time(Duration::from_millis(300));
    for _ in 0..steps {
        xdotool(&["key", "Down"])?;
    }
    xdotool(&["key", "Return"])?;
    wait_until("Connect Four to be chosen", Duration::from_secs(3), || {
        picker.shape() == Shape::CONNECT_FOUR
    })
    .map_err(|error| format!("{error}: the board is {:?}", picker.shape()))?;
    let tooltip = picker.preset_dropdown().tooltip_text().unwrap_or_default();
    ensure(
        tooltip.contains("7x6") && tooltip.contains("gravity"),
        || format!("the Board list says {tooltip:?}"),
    )
}

/// In-a-row never goes past the longer side: shrinking the board lowers it.
fn a_custom_board_cannot_be_impossible(window: &TictactoeWindow) -> Result<(), String> {
    let picker = window.board_picker();
    picker
        .preset_dropdown()
        .set_selected(Shape::PRESETS.len() as u32);
    ensure(picker.width_spin().is_visible(), || {
        "Custom… shows no width".into()
    })?;
    picker.width_spin().set_value(8.0);
    picker.in_a_row_spin().set_value(6.0);
    picker.width_spin().set_value(4.0);
    picker.height_spin().set_value(3.0);
    let shape = picker.shape();
    let result = ensure(
        (shape.width(), shape.height(), shape.in_a_row()) == (4, 3, 4),
        || format!("the custom board is {shape:?}"),
    );
    picker.set_shape(Shape::TIC_TAC_TOE);
    ensure(!picker.width_spin().is_visible(), || {
        "a preset still shows the custom controls".into()
    })?;
    result
}

/// Alpha-beta answers a column, the move is taken back, and End game stops
/// its search at once.
fn a_connect_four_game_against_alpha_beta(window: &TictactoeWindow) -> Result<(), String> {
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::AlphaBetaTt, Difficulty::Hard),
        Shape::CONNECT_FOUR,
        Duration::ZERO,
    )?;
    wait_for_you(window)?;
    click(window, bottom_of(3));
    wait_for_stones(window, 2, Duration::from_secs(20))?;
    wait_for_you(window)?;
    let board = window.board_view().board();
    ensure(
        board.cell(bottom_of(3)) == Some(Side::Max) && board.floating_cells().next().is_none(),
        || format!("after X's column 4 and O's answer the board is {board}"),
    )?;
    activate(window, "win.undo")?;
    ensure(window.board_view().board().stone_count() == 0, || {
        format!("Undo left {}", window.board_view().board())
    })?;
    // At once, while the game restarts from the taken-back position: the
    // click is X's move all the same, played as the turn comes.
    click(window, bottom_of(2));
    wait_until("X's stone after Undo", Duration::from_secs(3), || {
        window.board_view().board().cell(bottom_of(2)).is_some()
    })
    .map_err(|error| format!("{error}: the status says {:?}", window.status_text()))?;
    wait_until("O to search", Duration::from_secs(2), || {
        window.is_thinking()
    })
    .map_err(|error| {
        format!(
            "{error}: {} stones, the status says {:?}",
            window.board_view().board().stone_count(),
            window.status_text()
        )
    })?;
    window.end_button().emit_clicked();
    let stopped = wait_until("the game to end", Duration::from_secs(1), || {
        !window.game_running()
    })?;
    ensure(stopped < Duration::from_secs(1), || {
        format!("End game took {stopped:?}")
    })
}

/// A position typed on the Connect Four board: a floating stone is refused
/// in words, a stone on the bottom row is set up.
fn a_connect_four_position_is_set_up(window: &TictactoeWindow) -> Result<(), String> {
    let empty_row = ".......";
    let rows = |bottom: &str, above: &str| {
        let mut rows = vec![empty_row; 4];
        rows.push(above);
        rows.push(bottom);
        rows.join("/")
    };
    activate(window, "win.edit")?;
    let entry = window.position_editor().entry();
    entry.set_text(&rows(empty_row, "...x..."));
    pass_time(Duration::from_millis(100));
    let refused = window.status_text();
    entry.set_text(&rows("...x...", empty_row));
    pass_time(Duration::from_millis(100));
    activate(window, "win.edit")?;
    let board = window.board_view().board();
    ensure(refused.contains("empty cell below it"), || {
        format!("a floating stone was met with {refused:?}")
    })?;
    ensure(
        board.shape() == Shape::CONNECT_FOUR && board.cell(bottom_of(3)) == Some(Side::Max),
        || format!("the set-up position is {board}"),
    )?;
    ensure(window.board_picker().shape() == Shape::CONNECT_FOUR, || {
        "the Board picker does not show the set-up board".into()
    })
}

/// A position typed in the custom board's size takes its rules: gravity
/// refuses a floating stone there too.
fn a_typed_position_keeps_the_custom_boards_rules(window: &TictactoeWindow) -> Result<(), String> {
    let custom = Shape::new(6, 5, 4, true).map_err(|error| format!("{error:?}"))?;
    window.board_picker().set_shape(custom);
    activate(window, "win.edit")?;
    let entry = window.position_editor().entry();
    entry.set_text("....../....../....../..x.../......");
    pass_time(Duration::from_millis(100));
    let refused = window.status_text();
    entry.set_text("....../....../....../....../..x...");
    pass_time(Duration::from_millis(100));
    activate(window, "win.edit")?;
    let board = window.board_view().board();
    window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    ensure(refused.contains("empty cell below it"), || {
        format!("a floating stone on the custom board was met with {refused:?}")
    })?;
    ensure(board.shape() == custom, || {
        format!("the set-up position is on {:?}", board.shape())
    })
}

/// A Connect Four game saved, then opened over a 3x3 choice: the same
/// moves on the same board, the picker on Connect Four again.
fn a_connect_four_game_is_saved_and_opened(window: &TictactoeWindow) -> Result<(), String> {
    let person = (PlayerKind::Human, Difficulty::Hard);
    start(window, person, person, Shape::CONNECT_FOUR, Duration::ZERO)?;
    wait_for_you(window)?;
    click(window, bottom_of(3));
    wait_for_stones(window, 1, Duration::from_secs(2))?;
    click(window, bottom_of(4));
    wait_for_stones(window, 2, Duration::from_secs(2))?;
    let played: Board = window.board_view().board();
    let path = std::env::temp_dir().join(format!("ui-boards-{}.json", std::process::id()));
    window.save_to(&path);
    window.end_button().emit_clicked();
    wait_until("the game to end", Duration::from_secs(2), || {
        !window.game_running()
    })?;
    window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    window.open_file(&path);
    let _ = std::fs::remove_file(&path);
    let opened = window.board_view().board();
    ensure(opened == played, || {
        format!("opened {opened} ({}), not {played}", window.status_text())
    })?;
    ensure(window.board_picker().shape() == Shape::CONNECT_FOUR, || {
        "the Board picker does not show the opened board".into()
    })
}

fn main() -> ExitCode {
    use_test_environment();
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 6] = [
        (
            "Connect Four is chosen by the keyboard",
            connect_four_is_chosen_by_the_keyboard,
        ),
        (
            "a custom board cannot be impossible",
            a_custom_board_cannot_be_impossible,
        ),
        (
            "a Connect Four game against alpha-beta",
            a_connect_four_game_against_alpha_beta,
        ),
        (
            "a Connect Four position is set up",
            a_connect_four_position_is_set_up,
        ),
        (
            "a typed position keeps the custom board's rules",
            a_typed_position_keeps_the_custom_boards_rules,
        ),
        (
            "a Connect Four game is saved and opened",
            a_connect_four_game_is_saved_and_opened,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        if chosen(name) {
            results.report(name, check(&window));
        }
    }
    results.finish()
}
