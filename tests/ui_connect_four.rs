//! A game of Connect Four the whole way a person goes, by real clicks and
//! key presses from `xdotool`: Connect Four chosen with the pointer in the
//! Board list, Start clicked, a column played by a click at its top and
//! others by their digits, alpha-beta's answers with its marks on the
//! landing cells and the log naming columns, a move taken back with Ctrl+Z,
//! the game played to its end, saved with Ctrl+S through the file chooser
//! and opened again with Ctrl+O; two people play an endgame by digits and
//! Ctrl+H shows every column's exact value from the solver. GTK lives on
//! the main thread, so this test has its own `main` (`harness = false`). Needs a display and xdotool:
//! `xvfb-run -a cargo test --release --test ui_connect_four`.
//!
//! Without a window manager, as under Xvfb, keys go to the window under
//! the pointer, so the pointer moves onto a window before its keys.

mod harness;

use std::path::Path;
use std::process::ExitCode;

use gtk::{gdk, graphene, prelude::*};
use harness::{
    PATIENCE, Results, answer_save_chooser, chosen, click_widget, descendants, ensure, move_onto,
    open_window, point_into, press_in, press_over, type_path, use_test_environment, wait_until,
    xdotool,
};
use tictactoe::ui::TictactoeWindow;
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_words::position::{move_place, preset_display_name};

type Check = fn(&TictactoeWindow, &Path) -> Result<(), String>;

/// Clicks the middle of `item`, shown in a pop-over of `window` (a
/// drop-down's list): the pop-over is a surface of its own, placed
/// relative to the window's.
fn click_in_popover(window: &TictactoeWindow, item: &gtk::Widget) -> Result<(), String> {
    let native = item.native().ok_or("the item is in no pop-over")?;
    let popup = native
        .surface()
        .and_downcast::<gdk::Popup>()
        .ok_or("the pop-over has no surface of its own")?;
    let middle = graphene::Point::new(item.width() as f32 / 2.0, item.height() as f32 / 2.0);
    let point = item
        .compute_point(&native, &middle)
        .ok_or("the item has no place in its pop-over")?;
    let (dx, dy) = native.surface_transform();
    let title = window.title().unwrap_or_default();
    point_into(
        &title,
        (
            popup.position_x() + (f64::from(point.x()) + dx) as i32,
            popup.position_y() + (f64::from(point.y()) + dy) as i32,
        ),
    )?;
    xdotool(&["click", "1"])
}

/// Opens the Board list with a click and clicks Connect Four in it.
fn connect_four_is_chosen_with_the_pointer(
    window: &TictactoeWindow,
    _: &Path,
) -> Result<(), String> {
    let picker = window.board_picker();
    let dropdown = picker.preset_dropdown();
    click_widget(&dropdown)?;
    let name = preset_display_name(Shape::CONNECT_FOUR).ok_or("Connect Four is no preset")?;
    let shown_item = || {
        descendants(&dropdown).into_iter().find(|widget| {
            widget.is_mapped()
                && widget.width() > 0
                && widget
                    .downcast_ref::<gtk::Label>()
                    .is_some_and(|label| label.label() == name)
                // The button shows the chosen board's name too.
                && widget.native() != dropdown.native()
        })
    };
    wait_until("the Board list to open", PATIENCE, || {
        shown_item().is_some()
    })?;
    let item = shown_item().ok_or("the list closed")?;
    click_in_popover(window, &item)?;
    wait_until("Connect Four to be chosen", PATIENCE, || {
        picker.shape() == Shape::CONNECT_FOUR
    })
    .map_err(|error| format!("{error}: the board is {:?}", picker.shape()))?;
    wait_until("the Connect Four board", PATIENCE, || {
        window.board_view().board().shape() == Shape::CONNECT_FOUR
    })
    .map(|_| ())
    .map_err(|error| {
        format!(
            "{error}: it is {:?}, running {}, status {:?}",
            window.board_view().board().shape(),
            window.game_running(),
            window.status_text()
        )
    })
}

/// Waits until the window asks the person for a move, or the game ends.
fn wait_for_turn(window: &TictactoeWindow) -> Result<(), String> {
    wait_until("the person's turn or the game's end", PATIENCE, || {
        window.takes_moves() || !window.game_running()
    })
    .map(|_| ())
    .map_err(|error| format!("{error}; the status says {:?}", window.status_text()))
}

fn wait_for_stones(window: &TictactoeWindow, stones: u32) -> Result<Board, String> {
    wait_until(&format!("{stones} stones on the board"), PATIENCE, || {
        window.board_view().board().stone_count() == stones
    })
    .map_err(|error| format!("{error}; it shows {}", window.board_view().board()))?;
    Ok(window.board_view().board())
}

/// The cell a stone dropped in `column` (from 0) lands on in `board`.
fn landing(board: &Board, column: usize) -> Result<usize, String> {
    board
        .drop_cell(column)
        .map_err(|error| format!("column {} takes no stone: {error:?}", column + 1))
}

/// `board` with a stone played on `cell`.
fn played(board: &Board, cell: usize) -> Result<Board, String> {
    let mut after = *board;
    after
        .play(cell)
        .map_err(|error| format!("cell {} in {board}: {error:?}", cell + 1))?;
    Ok(after)
}

/// After X's move to `before`, alpha-beta answers: a stone on a landing
/// cell, its search's marks on the other landing cells, and the log naming
/// its move by column.
fn alpha_beta_answers(window: &TictactoeWindow, before: &Board) -> Result<Board, String> {
    let after = wait_for_stones(window, before.stone_count() + 1)?;
    let shape = before.shape();
    let answer = (0..after.cells())
        .find(|&cell| before.cell(cell).is_none() && after.cell(cell).is_some())
        .ok_or("no new stone")?;
    ensure(
        after.cell(answer) == Some(Side::Min) && landing(before, answer % shape.width())? == answer,
        || {
            format!(
                "O's stone is on cell {}, no landing cell of {before}",
                answer + 1
            )
        },
    )?;
    wait_for_turn(window)?;
    let marks = window.board_view().marks();
    ensure(!marks.is_empty(), || "O's search left no marks".into())?;
    for mark in &marks {
        ensure(
            landing(before, mark.cell % shape.width()).ok() == Some(mark.cell),
            || {
                format!(
                    "a mark sits on cell {}, where no stone lands in {before}",
                    mark.cell + 1
                )
            },
        )?;
    }
    let log = window.search_log().text();
    let place = move_place(shape, answer);
    ensure(place.starts_with("column") && log.contains(&place), || {
        format!("the log does not name O's {place}:\n{log}")
    })?;
    Ok(after)
}

/// The column (from 0) X plays next: the first with room, from the left,
/// which lets alpha-beta win soon.
fn next_column(board: &Board) -> Result<usize, String> {
    (0..board.shape().width())
        .find(|&column| board.drop_cell(column).is_ok())
        .ok_or_else(|| format!("no column takes a stone in {board}"))
}

/// Start clicked with a person as X and alpha-beta as O; column 4 played
/// by a click at its top, column 3 by its digit, each answered; Ctrl+Z
/// takes X's last move and O's answer back; digits play on to the end.
fn a_game_against_alpha_beta_by_click_and_key(
    window: &TictactoeWindow,
    _: &Path,
) -> Result<(), String> {
    let (x, o) = (window.picker(Side::Max), window.picker(Side::Min));
    x.select(PlayerKind::Human);
    o.select(PlayerKind::AlphaBetaTt);
    // Three plies deep: a loaded machine still answers at once.
    o.select_difficulty(Difficulty::Medium);
    window.pace_scale().set_value(0.0);
    click_widget(&window.start_button())?;
    wait_for_turn(window)?;
    let said = window.status_text();
    ensure(said.contains("click a column or press 1-7"), || {
        format!("X's turn is told as {said:?}")
    })?;
    let view = window.board_view();
    let empty = view.board();
    ensure(
        empty.shape() == Shape::CONNECT_FOUR && empty.stone_count() == 0,
        || format!("Start showed {empty}"),
    )?;

    // A click at the top of column 4 drops the stone to its bottom.
    let (column_x, top_y) = view.cell_centre(3);
    move_onto(&view, Some((column_x, top_y)))?;
    xdotool(&["click", "1"])?;
    let bottom = landing(&empty, 3)?;
    wait_until("X's stone at the bottom of column 4", PATIENCE, || {
        view.board().cell(bottom) == Some(Side::Max)
    })
    .map_err(|error| format!("{error}: the click gave {}", view.board()))?;
    let after_click = played(&empty, bottom)?;
    let answered = alpha_beta_answers(window, &after_click)?;

    // Column 3 by its digit.
    press_over(&view, "3")?;
    let dropped = landing(&answered, 2)?;
    wait_until("X's stone in column 3", PATIENCE, || {
        view.board().cell(dropped) == Some(Side::Max)
    })
    .map_err(|error| format!("{error}: key 3 gave {}", view.board()))?;
    let after_key = played(&answered, dropped)?;
    alpha_beta_answers(window, &after_key)?;

    // Ctrl+Z takes back X's column 3 and O's answer.
    press_in(window, &["ctrl+z"])?;
    let taken_back = wait_for_stones(window, 2)?;
    ensure(taken_back == answered, || {
        format!("Ctrl+Z left {taken_back}, not {answered}")
    })?;
    wait_for_turn(window)?;

    while window.game_running() {
        let board = view.board();
        press_over(&view, &(next_column(&board)? + 1).to_string())?;
        wait_until("X's stone", PATIENCE, || {
            view.board().stone_count() > board.stone_count()
        })?;
        wait_for_turn(window)?;
    }
    let last = view.board();
    ensure(last.outcome() != Outcome::Ongoing, || {
        format!("the game stopped at {last}: {:?}", window.status_text())
    })?;
    ensure(window.status_text().starts_with("Game over"), || {
        format!("at the end the status says {:?}", window.status_text())
    })
}

/// Ctrl+S saves the finished game through the chooser; with Tic-Tac-Toe
/// chosen meanwhile, Ctrl+O opens it: the same moves on Connect Four, the
/// picker showing it, the log naming columns.
fn the_game_is_saved_and_opened_again(
    window: &TictactoeWindow,
    directory: &Path,
) -> Result<(), String> {
    let played = window.record().ok_or("no game on the board")?;
    let path = directory.join("connect-four.json");
    press_in(window, &["ctrl+s"])?;
    answer_save_chooser(
        "Save Game",
        &path,
        || window.status_text(),
        "Saved the game to connect-four.json.",
    )?;
    window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    ensure(
        window.board_view().board().shape() == Shape::TIC_TAC_TOE,
        || "choosing Tic-Tac-Toe kept the Connect Four board".into(),
    )?;
    press_in(window, &["ctrl+o"])?;
    type_path("Open Game", &[], &path)?;
    wait_until("the game to open", PATIENCE, || {
        window.status_text().contains("Opened connect-four.json: ")
    })
    .map_err(|error| format!("{error}; the status says {:?}", window.status_text()))?;
    ensure(window.record().as_ref() == Some(&played), || {
        format!("opened {:?}, saved {played:?}", window.record())
    })?;
    ensure(window.board_view().board() == played.position(), || {
        format!("the board shows {}", window.board_view().board())
    })?;
    ensure(window.board_picker().shape() == Shape::CONNECT_FOUR, || {
        format!("the Board picker shows {:?}", window.board_picker().shape())
    })?;
    let log = window.search_log().text();
    let last_move = played
        .played()
        .last()
        .copied()
        .ok_or("the game has no moves")?;
    let place = move_place(Shape::CONNECT_FOUR, last_move);
    ensure(log.contains(&place), || {
        format!("the opened game's log does not name columns:\n{log}")
    })
}

/// The first line of the End-Easy test set: 37 stones, O to move.
const ENDGAME: &str = "2252576253462244111563365343671351441";

/// Two people play an endgame by the columns' digits; Ctrl+H asks the
/// hint: every column's exact value, each on its landing cell, and the
/// status line and the log say the solver solved them all.
fn the_hint_near_the_end_gives_every_columns_exact_value(
    window: &TictactoeWindow,
    directory: &Path,
) -> Result<(), String> {
    if window.board_picker().shape() != Shape::CONNECT_FOUR {
        connect_four_is_chosen_with_the_pointer(window, directory)?;
    }
    window.picker(Side::Max).select(PlayerKind::Human);
    window.picker(Side::Min).select(PlayerKind::Human);
    window.pace_scale().set_value(0.0);
    click_widget(&window.start_button())?;
    wait_for_turn(window)?;
    let view = window.board_view();
    let mut board = view.board();
    ensure(
        board.shape() == Shape::CONNECT_FOUR && board.stone_count() == 0,
        || format!("Start showed {board}"),
    )?;
    for digit in ENDGAME.chars() {
        press_over(&view, &digit.to_string())?;
        board = wait_for_stones(window, board.stone_count() + 1)?;
        wait_for_turn(window)?;
    }
    let expected =
        Board::from_columns(Shape::CONNECT_FOUR, ENDGAME).map_err(|error| format!("{error:?}"))?;
    ensure(board == expected, || format!("the digits gave {board}"))?;
    press_in(window, &["ctrl+h"])?;
    wait_until("the hint", PATIENCE, || window.hint_report().is_some())?;
    let marks = view.marks();
    ensure(marks.len() == board.legal_moves().count(), || {
        format!("{} marks for {board}", marks.len())
    })?;
    for mark in &marks {
        ensure(
            !mark.bound && !mark.estimate && board.legal_moves().any(|cell| cell == mark.cell),
            || {
                format!(
                    "the mark {:?} on cell {} is no exact value on a landing cell",
                    mark.text,
                    mark.cell + 1
                )
            },
        )?;
    }
    let solved = "every move's exact value, solved by the solver";
    let status = window.status_text();
    ensure(
        status.starts_with("Hint for") && status.contains(solved),
        || format!("the hint says {status:?}"),
    )?;
    let log = window.search_log().text();
    ensure(log.contains(solved), || format!("the log says:\n{log}"))?;
    Ok(())
}

fn main() -> ExitCode {
    use_test_environment();
    let directory = std::env::temp_dir().join(format!("ui-connect-four-{}", std::process::id()));
    if let Err(error) = std::fs::create_dir_all(&directory) {
        return Results::fail_to_start(&format!("{}: {error}", directory.display()));
    }
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 4] = [
        (
            "Connect Four is chosen with the pointer",
            connect_four_is_chosen_with_the_pointer,
        ),
        (
            "a game against alpha-beta by click and key",
            a_game_against_alpha_beta_by_click_and_key,
        ),
        (
            "the game is saved and opened again",
            the_game_is_saved_and_opened_again,
        ),
        (
            "the hint near the end gives every column's exact value",
            the_hint_near_the_end_gives_every_columns_exact_value,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        if chosen(name) {
            results.report(name, check(&window, &directory));
        }
    }
    let _ = std::fs::remove_dir_all(&directory);
    results.finish()
}
