//! The main window's board on boards other than the three squares: a
//! Connect Four board played by pointer and keys as a person plays it
//! (a click anywhere in a column, a column's digit, Left and Enter), its
//! stones falling or, with reduced motion, in place at once, and a
//! rectangular board's cells found where they are drawn.

mod harness;

use std::cell::RefCell;
use std::process::ExitCode;
use std::rc::Rc;
use std::time::Duration;

use gtk::{gdk, glib, prelude::*};
use harness::{Results, chosen, ensure, open_window, use_test_environment, wait_until};
use tictactoe::ui::{BoardView, TictactoeWindow};
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_words::cell_marks::{CellMark, Tone};

type Check = fn(&TictactoeWindow) -> Result<(), String>;

/// Shows `board` on the window's board, a person to move, and returns the
/// cells the board will activate from now on.
fn show(window: &TictactoeWindow, board: Board) -> Rc<RefCell<Vec<usize>>> {
    let view = window.board_view();
    view.show_position(board, None);
    view.set_accepting(true);
    view.grab_focus();
    let activated = Rc::new(RefCell::new(Vec::new()));
    let record = activated.clone();
    view.connect_cell_activated(move |_, cell| record.borrow_mut().push(cell));
    activated
}

/// A key press on the focused board, bubbling up to the window if the
/// board leaves it, as GTK delivers it.
fn press(window: &TictactoeWindow, key: gdk::Key) {
    let none = gdk::ModifierType::empty();
    if window.board_view().key_pressed(key, none) == glib::Propagation::Proceed {
        window.key_pressed(key, none);
    }
}

fn connect_four(columns: &str) -> Board {
    Board::from_columns(Shape::CONNECT_FOUR, columns).expect("legal columns")
}

fn a_click_at_the_top_of_a_column_plays_its_lowest_free_cell(
    window: &TictactoeWindow,
) -> Result<(), String> {
    let activated = show(window, connect_four("44"));
    let view = window.board_view();
    // The top cell of column 4, four cells above where the stone lands.
    let (x, y) = view.cell_centre(3);
    view.click(x, y - 10.0);
    ensure(*activated.borrow() == [24], || {
        format!(
            "the click at the top of column 4 played {:?}",
            activated.borrow()
        )
    })?;
    // A full column takes nothing.
    activated.borrow_mut().clear();
    view.show_position(connect_four("444444"), None);
    view.click(x, y);
    ensure(activated.borrow().is_empty(), || {
        format!("a click in a full column played {:?}", activated.borrow())
    })
}

fn digits_pick_a_column_and_left_and_enter_drop(window: &TictactoeWindow) -> Result<(), String> {
    let activated = show(window, connect_four("5"));
    press(window, gdk::Key::_5);
    ensure(*activated.borrow() == [32], || {
        format!(
            "key 5 played {:?}, not column 5's free cell 33",
            activated.borrow()
        )
    })?;
    press(window, gdk::Key::Left);
    press(window, gdk::Key::Return);
    ensure(*activated.borrow() == [32, 38], || {
        format!(
            "Left and Enter played {:?}, not column 4's bottom cell 39",
            activated.borrow()
        )
    })?;
    // Digits past the last column name nothing.
    press(window, gdk::Key::_8);
    ensure(activated.borrow().len() == 2, || {
        format!(
            "key 8 played on a board of 7 columns: {:?}",
            activated.borrow()
        )
    })
}

fn a_stone_falls_unless_motion_is_reduced(window: &TictactoeWindow) -> Result<(), String> {
    let view = window.board_view();
    let settings = gtk::Settings::default().ok_or("no GTK settings")?;
    show(window, Board::new(Shape::CONNECT_FOUR));
    settings.set_gtk_enable_animations(true);
    view.show_position(connect_four("4"), Some(38));
    ensure(view.falling() == Some(38), || {
        "the new stone did not fall".to_owned()
    })?;
    let fell = wait_until("the stone to land", Duration::from_secs(2), || {
        view.falling().is_none()
    })?;
    ensure(fell >= Duration::from_millis(150), || {
        format!("the stone fell in {fell:?}, too fast to see")
    })?;
    settings.set_gtk_enable_animations(false);
    view.show_position(connect_four("44"), Some(31));
    let in_place = view.falling().is_none();
    settings.set_gtk_enable_animations(true);
    ensure(in_place, || {
        "with reduced motion the stone still fell".to_owned()
    })
}

fn a_rectangular_board_finds_the_cells_it_draws(window: &TictactoeWindow) -> Result<(), String> {
    let shape = Shape::of_dimensions(5, 3)
        .and_then(|shape| shape.with_in_a_row(3))
        .map_err(|error| format!("{error:?}"))?;
    let activated = show(window, Board::new(shape));
    let view = window.board_view();
    // The board is centred: the middle of the widget is the middle cell.
    let (width, height) = (f64::from(view.width()), f64::from(view.height()));
    view.click(width / 2.0, height / 2.0);
    ensure(*activated.borrow() == [7], || {
        format!(
            "the middle of the widget played {:?}, not cell 8",
            activated.borrow()
        )
    })?;
    let (left, top) = view.cell_centre(0);
    let (right, bottom) = view.cell_centre(14);
    ensure(
        left > 0.0 && top > 0.0 && right < width && bottom < height,
        || format!("the cells reach outside the widget: {left},{top} to {right},{bottom}"),
    )?;
    ensure((right - left) / 4.0 == (bottom - top) / 2.0, || {
        "the cells are not square".to_owned()
    })
}

fn a_gravity_board_tells_how_its_columns_play(window: &TictactoeWindow) -> Result<(), String> {
    let view: BoardView = window.board_view();
    show(window, connect_four("4"));
    let description = view.description();
    ensure(
        description.contains("7x6, 4 in a row, with gravity")
            && description.contains("columns are numbered 1 to 7"),
        || format!("the description says {description:?}"),
    )
}

/// A search's marks on every column's landing cell, as alpha-beta leaves
/// them on Connect Four: estimates, the chosen one ringed.
fn column_marks(board: &Board) -> Vec<CellMark> {
    (0..board.shape().width())
        .filter_map(|column| board.drop_cell(column).ok())
        .enumerate()
        .map(|(index, cell)| CellMark {
            cell,
            text: format!("{:+}", 12 - 5 * index as i32),
            tone: if index < 3 {
                Tone::XBetter
            } else {
                Tone::OBetter
            },
            bound: false,
            estimate: true,
            chosen: index == 2,
            best: index == 2,
            prior: None,
            network_value: None,
            truth: None,
            words: format!("cell {}: an estimate", cell + 1),
            meaning: String::new(),
        })
        .collect()
}

/// Saves what the window shows as `name`.png in the folder
/// `BOARD_PICTURES` names, if it names one: the pictures to look at.
fn save_picture(window: &TictactoeWindow, name: &str) -> Result<(), String> {
    let Some(folder) = std::env::var_os("BOARD_PICTURES") else {
        return Ok(());
    };
    let paintable = gtk::WidgetPaintable::new(Some(window));
    let snapshot = gtk::Snapshot::new();
    let (width, height) = (window.width(), window.height());
    paintable.snapshot(&snapshot, f64::from(width), f64::from(height));
    let node = snapshot.to_node().ok_or("the window draws nothing")?;
    let renderer = window.renderer().ok_or("the window has no renderer")?;
    let whole = gtk::graphene::Rect::new(0.0, 0.0, width as f32, height as f32);
    let texture = renderer.render_texture(&node, Some(&whole));
    let path = std::path::Path::new(&folder).join(format!("{name}.png"));
    texture
        .save_to_png(&path)
        .map_err(|error| format!("{}: {error}", path.display()))
}

fn connect_four_and_five_in_a_row_fit_wide_and_narrow(
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = window.board_view();
    let five_in_a_row = Board::new(Shape::FIVE_IN_A_ROW);
    let (minimum_width, _, _, _) = window.measure(gtk::Orientation::Horizontal, -1);
    for (width, height) in [(1280, 800), (640, 800)] {
        if width < minimum_width {
            // As a person drags it narrower: past the width where the log
            // fits beside the board, so that it goes under the board.
            window.set_default_size(minimum_width - 100, height);
            wait_until(
                "the log to go under the board",
                Duration::from_secs(3),
                || window.paned().orientation() == gtk::Orientation::Vertical,
            )?;
        }
        window.set_default_size(width, height);
        wait_until(
            "the window to take its size",
            Duration::from_secs(3),
            // The default size counts the window's frame too.
            || window.width().abs_diff(width) <= 20,
        )
        .map_err(|error| format!("{error}: it is {} px wide", window.width()))?;
        for (name, board, last) in [
            ("7x6", connect_four("4453"), Some(37)),
            ("7x7", five_in_a_row, None),
        ] {
            show(window, board);
            view.show_position(board, last);
            view.set_marks(column_marks(&board));
            harness::pass_time(Duration::from_millis(400));
            save_picture(window, &format!("board-{name}-{width}"))?;
            let cells = board.cells();
            let (left, top) = view.cell_centre(0);
            let (right, bottom) = view.cell_centre(cells - 1);
            let cell = (right - left) / (board.shape().width() - 1) as f64;
            let (view_width, view_height) = (f64::from(view.width()), f64::from(view.height()));
            ensure(
                left - cell / 2.0 >= 0.0
                    && top - cell / 2.0 >= 0.0
                    && right + cell / 2.0 <= view_width
                    && bottom + cell / 2.0 <= view_height,
                || {
                    format!(
                        "the {name} board reaches outside its {view_width}x{view_height} widget at {width} px"
                    )
                },
            )?;
            // Each cell a click target of at least 24 px (WCAG 2.2, 2.5.8).
            ensure(cell >= 24.0, || {
                format!("the {name} board's cells are {cell} px at {width} px, too small to hit")
            })?;
        }
    }
    window.set_default_size(1120, 720);
    wait_until(
        "the log to go beside the board",
        Duration::from_secs(3),
        || window.paned().orientation() == gtk::Orientation::Horizontal,
    )
    .map(|_| ())
}

fn main() -> ExitCode {
    use_test_environment();
    let (app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 6] = [
        (
            "a click at the top of a column plays its lowest free cell",
            a_click_at_the_top_of_a_column_plays_its_lowest_free_cell,
        ),
        (
            "digits pick a column and Left and Enter drop",
            digits_pick_a_column_and_left_and_enter_drop,
        ),
        (
            "a stone falls unless motion is reduced",
            a_stone_falls_unless_motion_is_reduced,
        ),
        (
            "a rectangular board finds the cells it draws",
            a_rectangular_board_finds_the_cells_it_draws,
        ),
        (
            "a gravity board tells how its columns play",
            a_gravity_board_tells_how_its_columns_play,
        ),
        (
            "Connect Four and five in a row fit wide and narrow",
            connect_four_and_five_in_a_row_fit_wide_and_narrow,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        if chosen(name) {
            results.report(name, check(&window));
        }
    }
    window.close();
    drop(app);
    results.finish()
}
