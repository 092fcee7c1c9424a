//! The file choosers, driven as a person drives them: real key presses and
//! clicks from `xdotool` reach the window through the X server, a path is
//! typed into GTK's own chooser and Enter pressed, and the file on disk,
//! the board and the status line show what came of it. GTK lives on the
//! main thread, so this test has its own `main` (`harness = false`), and
//! the main loop runs while `xdotool` types. Needs a display and xdotool:
//! `xvfb-run -a cargo test --release --test ui_dialogs`.
//!
//! Without a window manager, as under Xvfb, keys go to the window under
//! the pointer, so the pointer moves onto a window before its keys.

mod harness;

use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::Duration;

use gtk::{glib, prelude::*};
use harness::{
    PATIENCE, Results, answer_save_chooser, choosers, chosen, click_widget, ensure, explore,
    open_window, play_3x3, point_into, press_in, scroll_into_view, start, type_path,
    use_test_environment, wait_for_chooser, wait_for_no_chooser, wait_until, xdotool,
};
use tictactoe::ui::{CompareView, LogKind, TictactoeWindow};
use tictactoe_engine::board::{Board, BoardError};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_files::saved_game::SavedGame;
use tictactoe_tools::tree_drawing::{Shown, abstract_drawing, layout, svg};
use tictactoe_words::Words;
use tictactoe_words::cell_marks::cell_marks;
use tictactoe_words::report::{ReportWords, TextStyle};

type Check = fn(&TictactoeWindow, &Path) -> Result<(), String>;

/// Clicks the save menu `button` and picks its item by its `mnemonic`.
fn pick_from_menu(button: &gtk::MenuButton, mnemonic: &str) -> Result<(), String> {
    scroll_into_view(button)?;
    click_widget(button)?;
    wait_until("the save menu", PATIENCE, || {
        button.popover().is_some_and(|menu| menu.is_visible())
    })?;
    xdotool(&["key", mnemonic])
}

fn expect_status(window: &TictactoeWindow, expected: &str) -> Result<(), String> {
    wait_until(&format!("a status with {expected:?}"), PATIENCE, || {
        window.status_text().contains(expected)
    })
    .map(|_| ())
    .map_err(|error| format!("{error}; the status says {:?}", window.status_text()))
}

/// Plays a game of two computers to its end.
fn play_computer_game(window: &TictactoeWindow) -> Result<(), String> {
    play_3x3(
        window,
        (PlayerKind::AlphaBeta, Difficulty::Hard),
        (PlayerKind::Random, Difficulty::Hard),
    )
}

/// Ctrl+S, a path typed into the chooser and Enter write the game on the
/// board, as the app reads it back.
fn ctrl_s_saves_through_the_chooser(
    window: &TictactoeWindow,
    directory: &Path,
) -> Result<(), String> {
    play_computer_game(window)?;
    let record = window.record().ok_or("no game on the board")?;
    let path = directory.join("saved.json");
    press_in(window, &["ctrl+s"])?;
    answer_save_chooser(
        "Save Game",
        &path,
        || window.status_text(),
        "Saved the game to saved.json.",
    )?;
    let saved = SavedGame::read(&path).map_err(|error| format!("reading it back: {error}"))?;
    ensure(
        saved.record.start() == record.start() && saved.record.played() == record.played(),
        || format!("the file holds {:?}, the board {record:?}", saved.record),
    )
}

/// Ctrl+O, the path typed and Enter bring a saved game back on the
/// board, in place of the game there, with the searches that were shown:
/// each computer move's report and details in the log, and the last
/// search's marks on the board.
fn ctrl_o_opens_through_the_chooser(
    window: &TictactoeWindow,
    directory: &Path,
) -> Result<(), String> {
    play_computer_game(window)?;
    let saved = window.saved_game().ok_or("no game to save")?;
    let path = directory.join("opened.json");
    saved.write(&path).map_err(|error| error.to_string())?;
    let person = (PlayerKind::Human, Difficulty::Hard);
    start(window, person, person, Shape::TIC_TAC_TOE, Duration::ZERO)?;
    press_in(window, &["ctrl+o"])?;
    type_path("Open Game", &[], &path)?;
    expect_status(window, "Opened opened.json: ")?;
    wait_for_no_chooser()?;
    ensure(window.record() == Some(saved.record.clone()), || {
        format!("the board's game is {:?}", window.record())
    })?;
    ensure(
        window.board_view().board() == saved.record.position(),
        || format!("the board shows {}", window.board_view().board()),
    )?;
    let log = window.search_log();
    let text = log.text();
    for (number, search) in saved.searches.iter().enumerate() {
        let search = search
            .as_ref()
            .ok_or(format!("move {} was saved without its search", number + 1))?;
        let summary = search.summary(TextStyle::WINDOW);
        ensure(text.contains(&summary), || {
            format!("the log lacks {summary:?}:\n{text}")
        })?;
    }
    ensure(log.count(LogKind::Detail) > 0, || {
        format!("the log shows no search details:\n{text}")
    })?;
    // The board marks the search of the move shown on the cells still
    // empty: the last alpha-beta move (X's) that left one, browsed back to
    // with Alt+Left.
    let record = &saved.record;
    let ply = (1..=record.len())
        .rev()
        .find(|&ply| {
            let after = record.position_at(ply).unwrap_or(record.position());
            ply % 2 == 1 && after.empty().count_ones() > 0
        })
        .ok_or("no alpha-beta move left an empty cell")?;
    for _ in ply..record.len() {
        press_in(window, &["alt+Left"])?;
    }
    let board = record.position_at(ply).unwrap_or(record.position());
    wait_until("the board to show the browsed move", PATIENCE, || {
        window.board_view().board() == board
    })?;
    let marks: Vec<_> = saved.searches[ply - 1]
        .as_ref()
        .map(|report| cell_marks(report, board.shape()))
        .unwrap_or_default()
        .into_iter()
        .filter(|mark| board.cell(mark.cell).is_none())
        .collect();
    ensure(
        !marks.is_empty() && window.board_view().marks() == marks,
        || {
            format!(
                "the board marks {:?}, the search of move {ply} {marks:?}",
                window.board_view().marks()
            )
        },
    )
}

/// Cancel and Esc close the chooser, and nothing is written or opened;
/// while one is open, Ctrl+S, Ctrl+O and their actions open no second.
fn cancel_changes_nothing(window: &TictactoeWindow, directory: &Path) -> Result<(), String> {
    // A game in a file, which the Open chooser gets typed, and another
    // game on the board.
    play_computer_game(window)?;
    let other = directory.join("other.json");
    let saved = window.saved_game().ok_or("no game to save")?;
    saved.write(&other).map_err(|error| error.to_string())?;
    play_computer_game(window)?;
    let record = window.record();
    let status = window.status_text();
    press_in(window, &["ctrl+s"])?;
    let dialog = wait_for_chooser("Save Game")?;
    press_in(window, &["ctrl+s", "ctrl+o"])?;
    // A chooser in another process (a portal's) leaves the window its
    // keys: then the window's own actions come again.
    activate(window, "win.save")?;
    activate(window, "win.open")?;
    let open = choosers();
    ensure(open == [dialog.clone()], || {
        let titles: Vec<_> = open.iter().map(|each| each.title()).collect();
        format!("the choosers open are {titles:?}, not the first Save Game alone")
    })?;
    let cancelled = directory.join("cancelled.json");
    point_into("Save Game", (20, 20))?;
    xdotool(&["key", "ctrl+a"])?;
    xdotool(&[
        "type",
        "--delay",
        "20",
        cancelled.to_str().unwrap_or_default(),
    ])?;
    click_widget(&button_labelled(&dialog, "_Cancel")?)?;
    wait_for_no_chooser()?;
    ensure(!cancelled.exists(), || "Cancel wrote the file".into())?;
    // Esc closes the Open chooser, with a path typed too.
    press_in(window, &["ctrl+o"])?;
    wait_for_chooser("Open Game")?;
    point_into("Open Game", (20, 20))?;
    xdotool(&["type", "--delay", "20", other.to_str().unwrap_or_default()])?;
    // The first closes the location field the path went to.
    xdotool(&["key", "Escape", "Escape"])?;
    wait_for_no_chooser()?;
    ensure(window.record() == record, || {
        format!("after Cancel and Esc the game is {:?}", window.record())
    })?;
    ensure(window.status_text() == status, || {
        format!(
            "after Cancel and Esc the status says {:?}, was {status:?}",
            window.status_text()
        )
    })?;
    // The chooser that answered is gone: the next Ctrl+S asks again.
    press_in(window, &["ctrl+s"])?;
    wait_for_chooser("Save Game")?;
    point_into("Save Game", (20, 20))?;
    xdotool(&["key", "Escape"])?;
    wait_for_no_chooser()
}

/// The button labelled `label` among `dialog`'s widgets.
fn button_labelled(dialog: &gtk::FileChooserDialog, label: &str) -> Result<gtk::Button, String> {
    fn find(widget: &gtk::Widget, label: &str) -> Option<gtk::Button> {
        if let Some(button) = widget.downcast_ref::<gtk::Button>()
            && button.label().as_deref() == Some(label)
        {
            return Some(button.clone());
        }
        let mut child = widget.first_child();
        while let Some(each) = child {
            if let Some(found) = find(&each, label) {
                return Some(found);
            }
            child = each.next_sibling();
        }
        None
    }
    find(dialog.upcast_ref(), label).ok_or_else(|| format!("the chooser has no {label} button"))
}

fn activate(window: &TictactoeWindow, action: &str) -> Result<(), String> {
    WidgetExt::activate_action(window, action, None).map_err(|error| format!("{action}: {error}"))
}

/// The Compare window after a comparison: the first time, a position set
/// up in edit mode, Ctrl+M, and two players compared on it.
fn compared(window: &TictactoeWindow) -> Result<CompareView, String> {
    if let Some(view) = window.compare_view().filter(|view| !view.rows().is_empty()) {
        return Ok(view);
    }
    activate(window, "win.edit")?;
    window.position_editor().entry().set_text("x../.o./...");
    activate(window, "win.edit")?;
    press_in(window, &["ctrl+m"])?;
    wait_until("the Compare window", PATIENCE, || {
        window
            .compare_view()
            .is_some_and(|view| view.is_visible() && view.width() > 0)
    })?;
    let view = window.compare_view().ok_or("no Compare window")?;
    view.choices().set_chosen(&[
        (PlayerKind::AlphaBeta, Difficulty::Hard),
        (PlayerKind::Perfect, Difficulty::Hard),
    ]);
    view.run_button().emit_clicked();
    // Drawn charts are laid out, and so is the rest: the clicks land.
    wait_until("the comparison in the charts", PATIENCE, || {
        !view.is_running() && view.time_chart().hit_boxes().len() == 2
    })?;
    Ok(view)
}

/// A chart's save menu, Save Chart as PNG, a path and Enter write a PNG
/// image of the chart.
fn a_chart_saves_as_png_through_its_menu(
    window: &TictactoeWindow,
    directory: &Path,
) -> Result<(), String> {
    let view = compared(window)?;
    let chart = view.nodes_chart();
    let path = directory.join("nodes.png");
    // Save Chart as _PNG….
    pick_from_menu(&chart.save_button(), "p")?;
    answer_save_chooser(
        "Save Chart as PNG",
        &path,
        || view.status_text(),
        "Saved the chart to nodes.png.",
    )?;
    let bytes = std::fs::read(&path).map_err(|error| error.to_string())?;
    ensure(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), || {
        "the file is no PNG".into()
    })?;
    // The image header: width and height, big-endian, after "IHDR".
    let size = |at: usize| {
        bytes
            .get(at..at + 4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    };
    ensure(
        size(16).is_some_and(|width| width >= 640) && size(20).is_some_and(|height| height > 0),
        || format!("the PNG is {:?} by {:?} pixels", size(16), size(20)),
    )
}

/// After a comparison, the table's save menu is usable: Save Table as CSV,
/// a path and Enter write the table, a line per row.
fn the_table_saves_as_csv_through_its_menu(
    window: &TictactoeWindow,
    directory: &Path,
) -> Result<(), String> {
    let view = compared(window)?;
    let save = view.save_button();
    ensure(save.is_sensitive(), || {
        format!(
            "the table's Save stays off after the comparison ({:?})",
            view.status_text()
        )
    })?;
    let path = directory.join("table.csv");
    // Save Table as _CSV….
    pick_from_menu(&save, "c")?;
    answer_save_chooser(
        "Save Comparison",
        &path,
        || view.status_text(),
        "Saved the table to table.csv.",
    )?;
    let csv = std::fs::read_to_string(&path).map_err(|error| error.to_string())?;
    ensure(
        csv.starts_with("label,player,") && csv.lines().count() == 3,
        || format!("the CSV reads {csv:?}"),
    )?;
    view.close();
    Ok(())
}

/// The Practice window's tree saves through Ctrl+S as the SVG the command
/// line writes for the same exercise, and as PNG through its Export menu.
fn the_practice_tree_saves_as_svg_and_png(
    window: &TictactoeWindow,
    directory: &Path,
) -> Result<(), String> {
    activate(window, "win.practice")?;
    let view = window.practice_view().ok_or("no Practice window")?;
    wait_until("the Practice window", PATIENCE, || {
        view.is_visible() && view.width() > 0
    })?;
    let exercise = view.exercise().ok_or("no exercise")?;
    let tree = exercise.tree().ok_or("the first exercise is on a tree")?;
    let drawing = abstract_drawing(tree, Shown::Blank);
    let expected = svg::write(&drawing, &layout(&drawing));
    let path = directory.join("practice.svg");
    press_in(&view, &["ctrl+s"])?;
    answer_save_chooser(
        "Save Tree as SVG",
        &path,
        || view.verdict_text(),
        "Saved the tree to practice.svg.",
    )?;
    let saved = std::fs::read_to_string(&path).map_err(|error| error.to_string())?;
    ensure(saved == expected, || {
        format!("the SVG saved is not the tree's:\n{saved}")
    })?;
    let png = directory.join("practice.png");
    // Save Tree as _PNG….
    pick_from_menu(&view.export_button(), "p")?;
    answer_save_chooser(
        "Save Tree as PNG",
        &png,
        || view.verdict_text(),
        "Saved the tree to practice.png.",
    )?;
    let bytes = std::fs::read(&png).map_err(|error| error.to_string())?;
    ensure(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), || {
        "the file is no PNG".into()
    })?;
    view.close();
    Ok(())
}

/// The explorer's recorded tree saves through Ctrl+S as the very SVG
/// `tictactoe tree --svg` draws for that search, and as PNG through the
/// header bar's picture menu.
fn the_explorer_tree_saves_as_svg_and_png(
    window: &TictactoeWindow,
    directory: &Path,
) -> Result<(), String> {
    let position = "x.o/.x./...";
    let board: Board = position.parse().map_err(|e: BoardError| e.words())?;
    let explorer = explore(window, &board, PlayerKind::AlphaBeta, None)?;
    wait_until("the explorer to be shown", PATIENCE, || {
        explorer.width() > 0
    })?;
    let cli = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["tree", position, "--player", "alphabeta", "--svg"])
        .env("LANGUAGE", "en")
        .output()
        .map_err(|error| error.to_string())?;
    let expected = String::from_utf8_lossy(&cli.stdout).trim_end().to_owned();
    ensure(cli.status.success() && expected.contains("<svg"), || {
        format!(
            "tictactoe tree --svg: {}",
            String::from_utf8_lossy(&cli.stderr)
        )
    })?;
    let path = directory.join("explorer.svg");
    press_in(&explorer, &["ctrl+s"])?;
    answer_save_chooser(
        "Save Tree as SVG",
        &path,
        || explorer.summary_text(),
        "Saved the tree to explorer.svg.",
    )?;
    let saved = std::fs::read_to_string(&path).map_err(|error| error.to_string())?;
    ensure(saved.trim_end() == expected, || {
        format!("the SVG saved is not the one tictactoe tree --svg draws:\n{saved}")
    })?;
    let png = directory.join("explorer.png");
    // Save Tree as _PNG….
    pick_from_menu(&explorer.export_button(), "p")?;
    answer_save_chooser(
        "Save Tree as PNG",
        &png,
        || explorer.summary_text(),
        "Saved the tree to explorer.png.",
    )?;
    let bytes = std::fs::read(&png).map_err(|error| error.to_string())?;
    ensure(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), || {
        "the file is no PNG".into()
    })?;
    explorer.close();
    Ok(())
}

fn main() -> ExitCode {
    use_test_environment();
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let directory = std::env::temp_dir().join(format!("tictactoe-dialogs-{}", std::process::id()));
    if let Err(error) = std::fs::create_dir_all(&directory) {
        return Results::fail_to_start(&format!("no scratch folder: {error}"));
    }
    let checks: [(&str, Check); 7] = [
        (
            "ctrl+s saves through the chooser",
            ctrl_s_saves_through_the_chooser,
        ),
        (
            "ctrl+o opens through the chooser",
            ctrl_o_opens_through_the_chooser,
        ),
        (
            "cancel changes nothing, one chooser at a time",
            cancel_changes_nothing,
        ),
        (
            "a chart saves as PNG through its menu",
            a_chart_saves_as_png_through_its_menu,
        ),
        (
            "the table saves as CSV through its menu",
            the_table_saves_as_csv_through_its_menu,
        ),
        (
            "the practice tree saves as SVG and PNG",
            the_practice_tree_saves_as_svg_and_png,
        ),
        (
            "the explorer tree saves as SVG and PNG",
            the_explorer_tree_saves_as_svg_and_png,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks.into_iter().filter(|(name, _)| chosen(name)) {
        let result = check(&window, &directory);
        // A dialog left open by a failure would take the next check's keys.
        for dialog in gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|window| window.downcast::<gtk::Dialog>().ok())
        {
            dialog.close();
        }
        results.report(name, result);
    }
    window.close();
    let _ = glib::MainContext::default().iteration(false);
    let _ = std::fs::remove_dir_all(&directory);
    results.finish()
}
