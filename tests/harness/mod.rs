//! What the window tests share. GTK wants its main thread, so each of them
//! brings its own `main` (`harness = false`): it opens the app's window
//! under Xvfb, runs the main loop until what it waits for holds, and
//! reports its checks as libtest does ("ok   name", "FAIL name: why", then
//! "N passed, M failed", which `scripts/test` adds up).
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use gtk::{gio, glib, graphene, prelude::*};
use tictactoe::ui::{
    PracticeView, TictactoeApplication, TictactoeWindow, TrainingView, TreeExplorer,
};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_engine::report::SearchReport;

/// Runs the main loop until `condition` holds; returns how long that took.
pub fn wait_until(
    what: &str,
    timeout: Duration,
    mut condition: impl FnMut() -> bool,
) -> Result<Duration, String> {
    let context = glib::MainContext::default();
    let started = Instant::now();
    loop {
        // One event at a time: while a busy sign runs there always is one.
        let dispatched = context.iteration(false);
        if condition() {
            return Ok(started.elapsed());
        }
        if started.elapsed() > timeout {
            return Err(format!("gave up after {timeout:?} waiting for {what}"));
        }
        if !dispatched {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Runs the main loop for `duration`, as time passing in a real session.
pub fn pass_time(duration: Duration) {
    let started = Instant::now();
    let _ = wait_until("time to pass", duration * 2, || {
        started.elapsed() >= duration
    });
}

pub fn ensure(condition: bool, message: impl FnOnce() -> String) -> Result<(), String> {
    if condition { Ok(()) } else { Err(message()) }
}

/// Sets the process up for a window test; call it first in `main`, before
/// any thread starts. The renderer is cairo unless one is chosen: Xvfb has
/// no GPU, software GL takes some 60 ms a frame, more than the 50 ms Quit
/// may take, and cairo takes a few. The settings live in memory, so that
/// the checks neither read nor change the person's own; so do the learners'
/// states, in a data directory of the process's own.
pub fn use_test_environment() {
    // SAFETY: the caller starts no thread before, none reads the
    // environment meanwhile.
    unsafe {
        if std::env::var_os("GSK_RENDERER").is_none() {
            std::env::set_var("GSK_RENDERER", "cairo");
        }
        std::env::set_var("GSETTINGS_BACKEND", "memory");
        std::env::set_var("XDG_DATA_HOME", test_data_home());
    }
    let _ = std::fs::remove_dir_all(test_data_home());
}

/// Shows the window in German, as a person whose language it is sees it;
/// call it in `main` after [`use_test_environment`], before any thread
/// starts.
pub fn use_german() {
    // SAFETY: the caller starts no thread before, none reads the
    // environment meanwhile.
    unsafe {
        std::env::set_var("LANGUAGE", "de");
        std::env::set_var("LC_ALL", "C.UTF-8");
    }
    tictactoe::ui::use_user_language();
}

/// The data directory of this test process, emptied as it starts.
pub fn test_data_home() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tictactoe-test-data-{}", std::process::id()))
}

/// Chooses the players, size and pace in the controls, then presses Start.
pub fn start(
    window: &TictactoeWindow,
    max: (PlayerKind, Difficulty),
    min: (PlayerKind, Difficulty),
    size: Shape,
    pace: Duration,
) -> Result<(), String> {
    for (side, (kind, difficulty)) in [(Side::Max, max), (Side::Min, min)] {
        let picker = window.picker(side);
        picker.select(kind);
        picker.select_difficulty(difficulty);
        ensure(picker.selection() == (kind, difficulty), || {
            format!("the {} picker shows {:?}", side.label(), picker.selection())
        })?;
    }
    window.board_picker().set_shape(size);
    window.pace_scale().set_value(pace.as_millis() as f64);
    window.start_button().emit_clicked();
    wait_until("the game to start", Duration::from_secs(2), || {
        window.board_view().board().shape() == size && !window.status_text().starts_with("Starting")
    })?;
    Ok(())
}

/// Plays a whole 3x3 game of two computer players, `max` against `min`,
/// at no pace: starts it in the controls and waits for its end.
pub fn play_3x3(
    window: &TictactoeWindow,
    max: (PlayerKind, Difficulty),
    min: (PlayerKind, Difficulty),
) -> Result<(), String> {
    start(window, max, min, Shape::TIC_TAC_TOE, Duration::ZERO)?;
    wait_until("the game to end", Duration::from_secs(20), || {
        !window.game_running()
    })?;
    Ok(())
}

/// Opens the window as the app does, laid out and shown, with the log's
/// position set (after the first allocation). The application is made
/// before GTK starts, as in the app: it checks the settings file first.
pub fn open_window() -> Result<(TictactoeApplication, TictactoeWindow), String> {
    let app = TictactoeApplication::new();
    gtk::init().map_err(|error| format!("no display ({error}): run under `xvfb-run -a`"))?;
    app.set_flags(gio::ApplicationFlags::NON_UNIQUE);
    app.register(None::<&gio::Cancellable>)
        .map_err(|error| format!("the application did not start: {error}"))?;
    app.activate();
    let window = app
        .active_window()
        .and_downcast::<TictactoeWindow>()
        .ok_or("activating the application opened no window")?;
    wait_until("the window to be laid out", Duration::from_secs(5), || {
        window.width() > 0
    })?;
    pass_time(Duration::from_millis(300));
    Ok((app, window))
}

/// Opens the Training window as Ctrl+L does (the same one each time) and
/// waits until it shows.
pub fn open_training(window: &TictactoeWindow) -> Result<TrainingView, String> {
    WidgetExt::activate_action(window, "win.training", None)
        .map_err(|error| format!("win.training: {error}"))?;
    let view = window
        .training_view()
        .ok_or("Ctrl+L opened no Training window")?;
    wait_until(
        "the Training window to show",
        Duration::from_secs(5),
        || view.is_mapped() && view.width() > 0,
    )?;
    Ok(view)
}

/// Whether to run the check `name`: like libtest, an argument runs only the
/// checks whose names contain it.
pub fn chosen(name: &str) -> bool {
    std::env::args()
        .skip(1)
        .find(|arg| !arg.starts_with('-'))
        .is_none_or(|filter| name.contains(filter.as_str()))
}

/// Counts and prints the checks' results as they come.
#[derive(Default)]
pub struct Results {
    passed: u32,
    failed: u32,
}

impl Results {
    pub fn report(&mut self, name: &str, result: Result<(), String>) {
        match result {
            Ok(()) => {
                println!("ok   {name}");
                self.passed += 1;
            }
            Err(error) => {
                println!("FAIL {name}: {error}");
                self.failed += 1;
            }
        }
    }

    /// A failure before any check could run: the window did not open.
    pub fn fail_to_start(error: &str) -> ExitCode {
        let mut results = Results::default();
        results.report("the window opens", Err(error.to_owned()));
        results.finish()
    }

    /// Prints the totals; the exit code says whether all passed.
    pub fn finish(self) -> ExitCode {
        println!("{} passed, {} failed", self.passed, self.failed);
        if self.failed == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }
}

/// Every widget under `root`, `root` included, in the order of the widget
/// tree.
pub fn descendants(root: &impl IsA<gtk::Widget>) -> Vec<gtk::Widget> {
    let mut found = Vec::new();
    let mut pending = vec![root.clone().upcast::<gtk::Widget>()];
    while let Some(widget) = pending.pop() {
        let mut child = widget.last_child();
        while let Some(next) = child {
            child = next.prev_sibling();
            pending.push(next);
        }
        found.push(widget);
    }
    found
}

/// The colours `widget` draws in `area` (in its own coordinates) as it is
/// drawn now, as a person sees them: one `[red, green, blue]` a pixel,
/// row by row. Widgets laid over it (an overlay's button) are not drawn.
pub fn drawn_pixels(
    widget: &impl IsA<gtk::Widget>,
    area: &graphene::Rect,
) -> Result<Vec<[u8; 3]>, String> {
    let widget = widget.as_ref();
    let (width, height) = (widget.width(), widget.height());
    let paintable = gtk::WidgetPaintable::new(Some(widget));
    let snapshot = gtk::Snapshot::new();
    paintable.snapshot(&snapshot, f64::from(width), f64::from(height));
    let node = snapshot.to_node().ok_or("the widget draws nothing")?;
    let renderer = widget
        .native()
        .and_then(|native| native.renderer())
        .ok_or("the widget has no renderer")?;
    let whole = graphene::Rect::new(0.0, 0.0, width as f32, height as f32);
    let texture = renderer.render_texture(&node, Some(&whole));
    let stride = texture.width() as usize * 4;
    let mut bytes = vec![0; stride * texture.height() as usize];
    texture.download(&mut bytes, stride);
    let rows =
        area.y().max(0.0) as usize..((area.y() + area.height()) as usize).min(height as usize);
    let columns =
        area.x().max(0.0) as usize..((area.x() + area.width()) as usize).min(width as usize);
    // Downloaded as Cairo keeps it: blue, green, red, alpha.
    Ok(rows
        .flat_map(|y| columns.clone().map(move |x| y * stride + x * 4))
        .filter_map(|at| bytes.get(at..at + 3).map(|bgr| [bgr[2], bgr[1], bgr[0]]))
        .collect())
}

/// Whether a pixel is ink: text or a line in the light style's dark
/// foreground.
pub fn is_ink(pixel: &[u8; 3]) -> bool {
    pixel.iter().all(|&channel| channel < 100)
}

/// Opens the search-tree explorer on `board`, as the window's Explore does,
/// and waits until `player`'s tree (to `depth`, or the player's own) is
/// recorded, however loaded the machine.
pub fn explore(
    window: &TictactoeWindow,
    board: &Board,
    player: PlayerKind,
    depth: Option<u32>,
) -> Result<TreeExplorer, String> {
    let explorer = TreeExplorer::new(window);
    explorer.present();
    explorer.explore(board, player, depth);
    wait_until("the tree", Duration::from_secs(20), || {
        explorer.tree().is_some_and(|tree| tree.player() == player)
    })?;
    Ok(explorer)
}

/// Selects the log's row that starts with `line` ("3. X"), as a click
/// does; returns the row and its search.
pub fn select_log_row(
    window: &TictactoeWindow,
    line: &str,
) -> Result<(u32, std::rc::Rc<SearchReport>), String> {
    let log = window.search_log();
    let row = log
        .text()
        .lines()
        .position(|each| each.starts_with(line))
        .ok_or_else(|| format!("no row for {line:?}:\n{}", log.text()))? as u32;
    log.select_row(row);
    let search = log
        .selected_search()
        .ok_or_else(|| format!("the row {line:?} has no search"))?;
    Ok((row, search))
}

/// Double-clicks the log's row `row` (as GTK reports it) and waits until
/// the explorer it opens holds the tree of the row's `search`; returns the
/// explorer and how long its tree took.
pub fn explore_log_row(
    window: &TictactoeWindow,
    row: u32,
    search: &SearchReport,
) -> Result<(TreeExplorer, Duration), String> {
    window
        .search_log()
        .list_view()
        .emit_by_name::<()>("activate", &[&row]);
    let explorer = window.explorer().ok_or("no explorer opened")?;
    let root: Option<Board> = search.position.parse().ok();
    let took = wait_until("the tree to be recorded", Duration::from_secs(10), || {
        explorer
            .tree()
            .is_some_and(|tree| root == Some(*tree.root_position()))
    })?;
    Ok((explorer, took))
}

/// Expands every row of `explorer`, the last first so that the rows'
/// positions stay put.
pub fn expand_every_row(explorer: &TreeExplorer) {
    for position in (0..explorer.row_texts().len() as u32).rev() {
        explorer.set_row_expanded(position, true);
    }
}

/// Checks that the explorer's rows and headings line up and that no text
/// in them is cut: each row's labels start where their column's heading
/// does, and none is ellipsized or narrower than its text.
pub fn explorer_columns_hold_their_texts(
    explorer: &tictactoe::ui::TreeExplorer,
) -> Result<(), String> {
    let rows_in_view = || -> Vec<gtk::Widget> {
        descendants(&explorer.list_view())
            .into_iter()
            .filter(|widget| widget.type_().name() == "TictactoeTreeRow")
            // The rows in view: the list keeps a few more, unallocated.
            .filter(|row| row.is_mapped() && row.width() > 0)
            .collect()
    };
    // Laid out and drawn, however loaded the machine.
    wait_until("the rows to be laid out", Duration::from_secs(10), || {
        !rows_in_view().is_empty()
    })?;
    pass_time(Duration::from_millis(200));
    let window: gtk::Widget = explorer.clone().upcast();
    let left = |widget: &gtk::Widget| -> f32 {
        widget
            .compute_bounds(&window)
            .map_or(f32::NAN, |bounds| bounds.x())
    };
    let headings: Vec<gtk::Widget> = descendants(&explorer.headings())
        .into_iter()
        .filter(|widget| widget.is::<gtk::Label>())
        .collect();
    let rows = rows_in_view();
    ensure(!rows.is_empty() && headings.len() == 6, || {
        format!("{} rows, {} headings", rows.len(), headings.len())
    })?;
    for row in &rows {
        // The expander (with the move), then value, window, node type,
        // nodes, ending.
        let columns: Vec<gtk::Widget> = descendants(row)
            .into_iter()
            .filter(|widget| widget.parent().as_ref() == Some(row))
            .collect();
        for (column, (cell, heading)) in columns.iter().zip(&headings).enumerate().skip(1) {
            let label = cell
                .downcast_ref::<gtk::Label>()
                .ok_or("a row's column is no label")?;
            let text = label.label();
            let (_, natural, _, _) = label.measure(gtk::Orientation::Horizontal, -1);
            ensure(
                !label.layout().is_ellipsized() && label.width() >= natural,
                || {
                    format!(
                        "column {column} cuts {text:?}: {} of {natural} px",
                        label.width()
                    )
                },
            )?;
            // A pruned move's reason runs on over its row's empty columns.
            if text.is_empty() {
                continue;
            }
            ensure((left(cell) - left(heading)).abs() <= 1.0, || {
                format!(
                    "column {column}'s {text:?} starts at {}, its heading at {}",
                    left(cell),
                    left(heading)
                )
            })?;
        }
    }
    for heading in &headings {
        let label = heading
            .downcast_ref::<gtk::Label>()
            .ok_or("a heading is no label")?;
        ensure(!label.layout().is_ellipsized(), || {
            format!("the heading {:?} is cut", label.label())
        })?;
    }
    Ok(())
}

/// Runs `xdotool` with `args`, the main loop running meanwhile so that the
/// window answers its keys and clicks as they come.
pub fn xdotool(args: &[&str]) -> Result<(), String> {
    let mut child = Command::new("xdotool")
        .args(args)
        .spawn()
        .map_err(|error| format!("xdotool did not start ({error}); scripts/setup installs it"))?;
    let mut status = None;
    let waited = wait_until(
        &format!("xdotool {args:?}"),
        Duration::from_secs(20),
        || {
            status = child.try_wait().ok().flatten();
            status.is_some()
        },
    );
    if waited.is_err() {
        let _ = child.kill();
        let _ = child.wait();
    }
    waited?;
    ensure(status.is_some_and(|status| status.success()), || {
        format!("xdotool {args:?} failed: {status:?}")
    })
}

/// Moves the pointer to `(x, y)` in the shown window titled `title`.
///
/// xdotool's search asks the server about every window; one that closes
/// meanwhile (a dialog just answered) fails the whole search with
/// BadWindow. Moving the pointer can be repeated, so a failed search is
/// tried again.
pub fn point_into(title: &str, (x, y): (i32, i32)) -> Result<(), String> {
    let name = format!("^{title}$");
    let (x, y) = (x.to_string(), y.to_string());
    let search = [
        "search",
        "--sync",
        "--onlyvisible",
        "--name",
        &name,
        "mousemove",
        "--window",
        "%1",
        &x,
        &y,
    ];
    let mut outcome = xdotool(&search);
    for _ in 0..2 {
        if outcome.is_ok() {
            break;
        }
        pass_time(Duration::from_millis(200));
        outcome = xdotool(&search);
    }
    outcome
}

/// Presses `keys` (xdotool's names) with the pointer over `widget`, where
/// keys go without a window manager.
pub fn press_over(widget: &impl IsA<gtk::Widget>, keys: &str) -> Result<(), String> {
    move_onto(widget, None)?;
    xdotool(&["key", keys])
}

/// Moves the pointer onto `widget`, at `at` in its own coordinates (its
/// middle by default).
pub fn move_onto(widget: &impl IsA<gtk::Widget>, at: Option<(f64, f64)>) -> Result<(), String> {
    let root = widget.root().ok_or("the widget is in no window")?;
    let window = root
        .downcast_ref::<gtk::Window>()
        .ok_or("the widget's root is no window")?;
    let (x, y) = at.unwrap_or((
        f64::from(widget.width()) / 2.0,
        f64::from(widget.height()) / 2.0,
    ));
    let point = widget
        .compute_point(&root, &graphene::Point::new(x as f32, y as f32))
        .ok_or("the widget has no place in its window")?;
    let (dx, dy) = root.surface_transform();
    point_into(
        &window.title().unwrap_or_default(),
        (
            (f64::from(point.x()) + dx) as i32,
            (f64::from(point.y()) + dy) as i32,
        ),
    )
}

/// Long enough for a loaded machine; the checks end as soon as what they
/// wait for holds.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// Presses `keys` (xdotool's names, "ctrl+s") with the pointer in
/// `window`'s bottom right corner, clear of the dialogs, which open at the
/// screen's top left.
pub fn press_in(window: &impl IsA<gtk::Window>, keys: &[&str]) -> Result<(), String> {
    let window = window.as_ref();
    let title = window.title().unwrap_or_default();
    point_into(&title, (window.width() - 40, window.height() - 40))?;
    xdotool(&[&["key"], keys].concat())
}

/// Scrolls the nearest scrolled window around `widget` so that the widget
/// is in sight, as a person scrolls down to a control before clicking it.
pub fn scroll_into_view(widget: &impl IsA<gtk::Widget>) -> Result<(), String> {
    let Some(scrolled) = widget
        .ancestor(gtk::ScrolledWindow::static_type())
        .and_then(|ancestor| ancestor.downcast::<gtk::ScrolledWindow>().ok())
    else {
        return Ok(());
    };
    let top = widget
        .compute_point(&scrolled, &graphene::Point::new(0.0, 0.0))
        .ok_or("the widget has no place in its scrolled window")?
        .y();
    let adjustment = scrolled.vadjustment();
    let (view, height) = (adjustment.page_size(), f64::from(widget.height()));
    let top = f64::from(top);
    if top < 0.0 || top + height > view {
        // Its bottom at the view's bottom, or its top at the view's top if
        // it is taller than the view.
        let shift = if height > view {
            top
        } else {
            top + height - view
        };
        adjustment.set_value(adjustment.value() + shift);
        pass_time(std::time::Duration::from_millis(200));
    }
    Ok(())
}

/// Clicks the middle of `widget`, a real click at its place on the screen.
pub fn click_widget(widget: &impl IsA<gtk::Widget>) -> Result<(), String> {
    let root = widget.root().ok_or("the widget is in no window")?;
    let window = root
        .downcast_ref::<gtk::Window>()
        .ok_or("the widget's root is no window")?;
    let middle = graphene::Point::new(widget.width() as f32 / 2.0, widget.height() as f32 / 2.0);
    let point = widget
        .compute_point(&root, &middle)
        .ok_or("the widget has no place in its window")?;
    // Where the window's widgets start in its surface.
    let (dx, dy) = root.surface_transform();
    let title = window.title().unwrap_or_default();
    point_into(
        &title,
        (
            (f64::from(point.x()) + dx) as i32,
            (f64::from(point.y()) + dy) as i32,
        ),
    )?;
    xdotool(&["click", "1"])
}

/// The file choosers on the screen.
pub fn choosers() -> Vec<gtk::FileChooserDialog> {
    gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|window| window.downcast::<gtk::FileChooserDialog>().ok())
        .filter(|dialog| dialog.is_visible())
        .collect()
}

/// Waits for the file chooser titled `title`.
pub fn wait_for_chooser(title: &str) -> Result<gtk::FileChooserDialog, String> {
    wait_until(&format!("the {title:?} file chooser"), PATIENCE, || {
        choosers()
            .iter()
            .any(|dialog| dialog.title().as_deref() == Some(title) && dialog.width() > 0)
    })?;
    choosers()
        .into_iter()
        .find(|dialog| dialog.title().as_deref() == Some(title))
        .ok_or_else(|| format!("the {title:?} chooser went away"))
}

pub fn wait_for_no_chooser() -> Result<(), String> {
    wait_until("the file chooser to close", PATIENCE, || {
        choosers().is_empty()
    })
    .map(|_| ())
}

/// Types `keys`, then `path` and Enter, into the chooser titled `title`:
/// Ctrl+A and the path replace a Save chooser's suggested name; `/` opens
/// an Open chooser's location field.
pub fn type_path(title: &str, keys: &[&str], path: &Path) -> Result<(), String> {
    wait_for_chooser(title)?;
    point_into(title, (20, 20))?;
    if !keys.is_empty() {
        xdotool(&[&["key"], keys].concat())?;
    }
    let path = path.to_str().ok_or("the path is no text")?;
    xdotool(&["type", "--delay", "20", path])?;
    xdotool(&["key", "Return"])
}

/// Answers the Save chooser titled `title` with `path` (Ctrl+A replaces
/// the suggested name), then waits until `said` tells `saved` and the
/// chooser is gone.
pub fn answer_save_chooser(
    title: &str,
    path: &Path,
    said: impl Fn() -> String,
    saved: &str,
) -> Result<(), String> {
    type_path(title, &["ctrl+a"], path)?;
    wait_until(&format!("{saved:?}"), PATIENCE, || said().contains(saved))
        .map_err(|error| format!("{error}; it says {:?}", said()))?;
    wait_for_no_chooser()
}

/// Ctrl+P with the pointer over the main window: the Practice window, as
/// a person opens it (closed first if it was open).
pub fn open_practice_by_key(window: &TictactoeWindow) -> Result<PracticeView, String> {
    if let Some(view) = window.practice_view() {
        view.close();
    }
    let title = window.title().unwrap_or_default();
    point_into(&title, (window.width() / 2, window.height() - 20))?;
    xdotool(&["key", "ctrl+p"])?;
    wait_until("Ctrl+P to open the Practice window", PATIENCE, || {
        window
            .practice_view()
            .is_some_and(|view| view.is_visible() && view.width() > 0)
    })?;
    window
        .practice_view()
        .ok_or_else(|| "Ctrl+P opened no Practice window".to_owned())
}
