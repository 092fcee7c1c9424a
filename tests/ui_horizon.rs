//! The Horizon window, driven as a person would: two people play the
//! guide's position 744511 on Connect Four by the columns' digits,
//! Ctrl+Shift+H opens the window, depth 3 is typed and the evaluation
//! lines chosen; the two columns give what `engine::horizon` computes
//! (depth 3 plays column 5, depth 4 blocks in column 3), the misled line
//! and the solver's verdict, the leaves drawn with their variations; Deepen
//! fills the table a depth a row; Tic-Tac-Toe is searched too; Escape
//! stops the solver, and so does closing the window; it fits 640 px (its controls' names: tests/accessibility). Needs a
//! display and xdotool: `xvfb-run -a cargo test --release --test
//! ui_horizon`.

mod harness;

use std::process::ExitCode;
use std::time::Duration;

use gtk::prelude::*;
use harness::{
    PATIENCE, Results, chosen, click_widget, descendants, ensure, open_window, pass_time, press_in,
    press_over, use_test_environment, wait_until,
};
use tictactoe::ui::{HorizonView, TictactoeWindow};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::evaluation::NamedEvaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::horizon::horizon;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_engine::search::CancelFlag;
use tictactoe_words::position::move_name;

type Check = fn(&TictactoeWindow) -> Result<(), String>;

/// The guide's example: X to move, O threatens two on the bottom row.
const GUIDES_POSITION: &str = "744511";

/// Two people start a game on `shape` and play `columns` by their digits
/// over the board.
fn play(window: &TictactoeWindow, shape: Shape, columns: &str) -> Result<Board, String> {
    window.board_picker().set_shape(shape);
    window.picker(Side::Max).select(PlayerKind::Human);
    window.picker(Side::Min).select(PlayerKind::Human);
    window.pace_scale().set_value(0.0);
    click_widget(&window.start_button())?;
    let view = window.board_view();
    wait_until("the game to start", PATIENCE, || {
        view.board().shape() == shape && view.board().stone_count() == 0 && window.takes_moves()
    })?;
    for (played, digit) in columns.chars().enumerate() {
        press_over(&view, &digit.to_string())?;
        wait_until("the move to be played", PATIENCE, || {
            view.board().stone_count() == played as u32 + 1 && window.takes_moves()
        })
        .map_err(|error| format!("{error}; the board shows {}", view.board()))?;
    }
    Ok(view.board())
}

/// Ctrl+Shift+H in the main window opens the view.
fn open_by_shortcut(window: &TictactoeWindow) -> Result<HorizonView, String> {
    press_in(window, &["ctrl+shift+h"])?;
    wait_until("Ctrl+Shift+H to open the window", PATIENCE, || {
        window
            .horizon_view()
            .is_some_and(|view| view.is_visible() && view.width() > 0)
    })
    .map_err(|error| format!("{error}: no Horizon window"))?;
    window
        .horizon_view()
        .ok_or_else(|| "Ctrl+Shift+H opened no window".to_owned())
}

/// Types `value` into `spin` and presses Enter, as a person would.
fn type_into(view: &HorizonView, spin: &gtk::SpinButton, value: &str) -> Result<(), String> {
    spin.grab_focus();
    pass_time(Duration::from_millis(100));
    let mut keys = vec!["ctrl+a"];
    let digits: Vec<String> = value.chars().map(String::from).collect();
    keys.extend(digits.iter().map(String::as_str));
    keys.push("Return");
    press_in(view, &keys)?;
    wait_until("the typed value", PATIENCE, || {
        spin.value_as_int().to_string() == value
    })
    .map(|_| ())
}

fn button(view: &HorizonView, label: &str) -> Result<gtk::Button, String> {
    descendants(view)
        .into_iter()
        .filter_map(|widget| widget.downcast::<gtk::Button>().ok())
        .find(|button| button.label().as_deref() == Some(label))
        .ok_or_else(|| format!("no button {label:?}"))
}

/// The window open on the guide's position (played unless the board
/// shows it), with depth 3 typed and the evaluation lines chosen.
fn open_on_the_guides_position(window: &TictactoeWindow) -> Result<(Board, HorizonView), String> {
    let expected = Board::from_columns(Shape::CONNECT_FOUR, GUIDES_POSITION)
        .map_err(|error| format!("{error:?}"))?;
    let board = if window.board_view().board() == expected {
        expected
    } else {
        play(window, Shape::CONNECT_FOUR, GUIDES_POSITION)?
    };
    let view = open_by_shortcut(window)?;
    let lines = NamedEvaluation::ALL
        .iter()
        .position(|&named| named == NamedEvaluation::Lines)
        .ok_or("no evaluation lines")?;
    view.evaluation_dropdown().set_selected(lines as u32);
    type_into(&view, &view.depth_spin(), "3")?;
    Ok((board, view))
}

fn the_guides_position_shows_depth_3_misled(window: &TictactoeWindow) -> Result<(), String> {
    let (board, view) = open_on_the_guides_position(window)?;
    wait_until("the solver's verdict", PATIENCE * 3, || {
        view.verdict_text().starts_with("The solver: draw")
    })
    .map_err(|error| {
        format!(
            "{error}; the status says {:?}, the verdict {:?}",
            view.status(),
            view.verdict_text()
        )
    })?;

    let found = horizon(
        &board,
        NamedEvaluation::Lines.evaluation(),
        3,
        &CancelFlag::new(),
    )
    .ok_or("the engine found nothing")?;
    let shape = board.shape();
    ensure(
        move_name(shape, found.shallow.best) == "column 5"
            && move_name(shape, found.deep.best) == "column 3",
        || format!("the engine's searches: {found:?}"),
    )?;
    let [shallow, deep] = view.column_texts();
    for (text, search, value) in [
        (&shallow, &found.shallow, "X better (estimate, +17)"),
        (&deep, &found.deep, "O better (estimate, -4)"),
    ] {
        for said in [
            format!("Depth {}\n", search.depth),
            format!("Best move: {}\n", move_name(shape, search.best)),
            format!("Value: {value}\n"),
            format!(
                "Principal variation: {}\n",
                tictactoe_words::position::move_numbers(shape, &search.pv, " ")
            ),
            format!("The leaf's static evaluation: {value}."),
        ] {
            ensure(text.contains(&said), || format!("{said:?} not in {text:?}"))?;
        }
    }
    ensure(
        view.misled_text() == "Depth 3 is misled: depth 4 plays column 3, not column 5.",
        || format!("the misled line says {:?}", view.misled_text()),
    )?;
    let verdict = view.verdict_text();
    ensure(
        verdict.contains("after column 5 (depth 3) O wins, a mistake")
            && verdict.contains("after column 3 (depth 4) draw, the game's value kept"),
        || format!("the verdict says {verdict:?}"),
    )?;
    // The leaves, drawn by the board view with the variations numbered,
    // and told in words.
    for (leaf, search) in view.leaf_views().iter().zip([&found.shallow, &found.deep]) {
        ensure(
            leaf.is_drawable() && leaf.board() == search.leaf && leaf.path() == search.pv,
            || format!("the leaf shows {} numbered {:?}", leaf.board(), leaf.path()),
        )?;
        let description = leaf.description();
        ensure(
            description.contains("Moves from the searched position:")
                && description.contains("The leaf's static evaluation:"),
            || format!("the leaf is described as {description:?}"),
        )?;
    }
    Ok(())
}

/// Deepen on the guide's position: a row per depth from 1,
/// depth 3 choosing column 5 and depth 4 column 3 as the guide says.
fn deepen_fills_a_row_per_depth(window: &TictactoeWindow) -> Result<(), String> {
    let (_, view) = open_on_the_guides_position(window)?;
    type_into(&view, &view.time_spin(), "300")?;
    click_widget(&button(&view, "Dee_pen")?)?;
    wait_until("the depths reached", PATIENCE, || {
        view.reached_text()
            .starts_with("In 300 ms it reached depth")
    })
    .map_err(|error| format!("{error}; it says {:?}", view.reached_text()))?;
    let rows = view.deepening_rows();
    let depths: Vec<String> = rows.iter().map(|row| row[0].clone()).collect();
    let counted: Vec<String> = (1..=rows.len()).map(|depth| depth.to_string()).collect();
    ensure(rows.len() >= 4 && depths == counted, || {
        format!("the table's depths: {depths:?}")
    })?;
    ensure(rows[2][1] == "column 5" && rows[3][1] == "column 3", || {
        format!("the table: {rows:?}")
    })?;
    ensure(rows[2][2] == "X better (estimate, +17)", || {
        format!("depth 3's value: {:?}", rows[2][2])
    })
}

/// Escape stops the solver as it judges, and says so.
fn escape_stops_the_solver(window: &TictactoeWindow) -> Result<(), String> {
    let (_, view) = open_on_the_guides_position(window)?;
    click_widget(&button(&view, "_Search")?)?;
    wait_until("the solver to start", PATIENCE, || {
        view.status().contains("The solver is judging")
    })?;
    press_in(&view, &["Escape"])?;
    wait_until("Escape to stop the solver", PATIENCE, || {
        view.status().starts_with("Stopped")
    })
    .map_err(|error| format!("{error}; the status says {:?}", view.status()))?;
    ensure(view.is_visible(), || {
        "Escape closed the window as it worked".into()
    })
}

/// Closing the window as the solver judges stops it at once, not when
/// it would have finished, seconds later.
fn closing_stops_the_work(window: &TictactoeWindow) -> Result<(), String> {
    let (_, view) = open_on_the_guides_position(window)?;
    click_widget(&button(&view, "_Search")?)?;
    wait_until("the solver to start", PATIENCE, || {
        view.status().contains("The solver is judging")
    })?;
    view.close();
    wait_until("the solver to stop", Duration::from_secs(1), || {
        !view.is_working()
    })
    .map(|_| ())
    .map_err(|error| format!("{error}; the status says {:?}", view.status()))
}

/// On Tic-Tac-Toe the searches run too; the solver is not asked.
fn tic_tac_toe_is_searched_too(window: &TictactoeWindow) -> Result<(), String> {
    if let Some(view) = window.horizon_view() {
        view.close();
    }
    play(window, Shape::TIC_TAC_TOE, "5")?;
    let view = open_by_shortcut(window)?;
    wait_until("the searches", PATIENCE, || view.status() == "Searched.")
        .map_err(|error| format!("{error}; the status says {:?}", view.status()))?;
    let [shallow, deep] = view.column_texts();
    ensure(
        shallow.starts_with("Depth 3\nBest move: ") && deep.starts_with("Depth 4\nBest move: "),
        || format!("the columns: {shallow:?}, {deep:?}"),
    )?;
    ensure(
        view.verdict_text().contains("boards with gravity only"),
        || format!("the verdict says {:?}", view.verdict_text()),
    )
}

fn it_fits_640_px(window: &TictactoeWindow) -> Result<(), String> {
    let view = open_by_shortcut(window)?;
    view.set_default_size(640, 600);
    pass_time(Duration::from_millis(300));
    let (minimum, _, _, _) = view.measure(gtk::Orientation::Horizontal, -1);
    ensure(minimum <= 640, || format!("it needs {minimum} px"))
}

fn main() -> ExitCode {
    use_test_environment();
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 6] = [
        (
            "the guide's position shows depth 3 misled",
            the_guides_position_shows_depth_3_misled,
        ),
        ("deepen fills a row per depth", deepen_fills_a_row_per_depth),
        ("escape stops the solver", escape_stops_the_solver),
        ("closing stops the work", closing_stops_the_work),
        ("tic-tac-toe is searched too", tic_tac_toe_is_searched_too),
        ("it fits 640 px", it_fits_640_px),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        if chosen(name) {
            results.report(name, check(&window));
        }
    }
    results.finish()
}
