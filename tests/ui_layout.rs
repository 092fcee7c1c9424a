//! The window's layout on a 1280x800 screen, at its full width and at half
//! of it (640 px, the log under the board), in English and in German: the
//! text a person reads is whole, the board keeps its size as results come
//! in, the log keeps rows to read, pop-ups fit the screen and no tooltip
//! covers the list it belongs to. The language is set before GTK starts,
//! so the test runs itself again in German, in a process of its own, and
//! its checks are named with "[de]". Needs a display: `xvfb-run -a cargo
//! test --release --test ui_layout`.

mod harness;

use std::process::{Command, ExitCode};
use std::time::Duration;

use gtk::{gdk, prelude::*};
use harness::{
    Results, click_widget, ensure, move_onto, open_window, pass_time, play_3x3, press_in,
    press_over, start, use_german, use_test_environment, wait_until, xdotool,
};
use tictactoe::game::GameResult;
use tictactoe::ui::TictactoeWindow;
use tictactoe_engine::board::Side;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_words::players::PlayerWords;

type Check = fn(&TictactoeWindow) -> Result<(), String>;

/// Set in the German run.
const GERMAN: &str = "TICTACTOE_LAYOUT_GERMAN";
/// The screen the window has to fit.
const SCREEN: (i32, i32) = (1280, 800);
/// The fewest rows of the log a narrow window shows.
const LOG_ROWS: usize = 6;

/// Every widget under `root`, itself included, in tree order.
fn widgets(root: &impl IsA<gtk::Widget>) -> Vec<gtk::Widget> {
    let mut found = Vec::new();
    let mut pending = vec![root.as_ref().clone()];
    while let Some(widget) = pending.pop() {
        let mut child = widget.last_child();
        while let Some(each) = child {
            child = each.prev_sibling();
            pending.push(each);
        }
        found.push(widget);
    }
    found
}

/// The pop-over of a drop-down or a menu button: a child of its own.
fn popover_of(widget: &gtk::Widget) -> Option<gtk::Popover> {
    widgets(widget)
        .into_iter()
        .skip(1)
        .find_map(|each| each.downcast::<gtk::Popover>().ok())
}

/// Whether `label` shows all of its text: nothing ellipsized, its text
/// laid out within its allocation.
fn whole(label: &gtk::Label) -> bool {
    let layout = label.layout();
    let (width, height) = layout.pixel_size();
    !layout.is_ellipsized() && width <= label.width() && height <= label.height()
}

/// The window at the screen's full size, the log beside the board.
fn wide(window: &TictactoeWindow) -> Result<(), String> {
    window.set_default_size(SCREEN.0, SCREEN.1);
    wait_until("the window to widen", Duration::from_secs(3), || {
        window.width() > SCREEN.0 - 40
            && window.paned().orientation() == gtk::Orientation::Horizontal
    })?;
    pass_time(Duration::from_millis(300));
    Ok(())
}

/// The window at half the screen's width, the log under the board: as a
/// person drags it narrower, past the width where the log fits beside the
/// board, then on to 640 px.
fn narrow(window: &TictactoeWindow) -> Result<(), String> {
    let (wide_minimum, _, _, _) = window.measure(gtk::Orientation::Horizontal, -1);
    window.set_default_size(wide_minimum - 100, SCREEN.1);
    wait_until(
        "the log to go under the board",
        Duration::from_secs(3),
        || window.paned().orientation() == gtk::Orientation::Vertical,
    )
    .map_err(|error| {
        format!("{error}: with the log beside the board the window needs {wide_minimum} px")
    })?;
    window.set_default_size(SCREEN.0 / 2, SCREEN.1);
    wait_until(
        "the window to be 640 px wide",
        Duration::from_secs(3),
        || window.width() <= SCREEN.0 / 2,
    )
    .map_err(|error| format!("{error}: the window is {} px wide", window.width()))?;
    pass_time(Duration::from_millis(300));
    Ok(())
}

/// A drop-down's list and a menu's pop-over open under their button; the
/// button's tooltip, which GTK finds for the list too (the list is the
/// button's child), must not show over it. Checked on every drop-down and
/// menu button with a tooltip, in the main window and the Training,
/// Practice and Monte Carlo windows.
fn tooltips_give_way_to_open_lists(window: &TictactoeWindow) -> Result<(), String> {
    wide(window)?;
    let mut others: Vec<gtk::Window> = Vec::new();
    for (action, opened) in [
        (
            "win.training",
            (|window: &TictactoeWindow| window.training_view().map(|view| view.upcast()))
                as fn(&TictactoeWindow) -> Option<gtk::Window>,
        ),
        ("win.practice", |window| {
            window.practice_view().map(|view| view.upcast())
        }),
        ("win.mcts", |window| {
            window.mcts_view().map(|view| view.upcast())
        }),
    ] {
        WidgetExt::activate_action(window, action, None)
            .map_err(|error| format!("{action}: {error}"))?;
        let other = opened(window).ok_or_else(|| format!("{action} opened no window"))?;
        wait_until("the window to show", Duration::from_secs(5), || {
            other.is_mapped()
        })
        .map_err(|error| format!("{action}: {error}"))?;
        others.push(other);
    }
    let result = std::iter::once(window.clone().upcast::<gtk::Widget>())
        .chain(others.iter().map(|other| other.clone().upcast()))
        .flat_map(|root| widgets(&root))
        .filter(|widget| {
            (widget.is::<gtk::DropDown>() || widget.is::<gtk::MenuButton>())
                && widget.tooltip_text().is_some()
                && widget.is_sensitive()
                && widget.is_mapped()
        })
        .try_for_each(|widget| {
            let tooltip = widget.tooltip_text().unwrap_or_default();
            let popover =
                popover_of(&widget).ok_or_else(|| format!("{tooltip:?} has no pop-up"))?;
            popover.popup();
            wait_until("the list to open", Duration::from_secs(2), || {
                popover.is_mapped()
            })?;
            // GTK asks the widget under the pointer and then its parents.
            let over_list: Vec<String> =
                std::iter::successors(Some(popover.clone().upcast()), |each: &gtk::Widget| {
                    each.parent()
                })
                .filter(|each| each.has_tooltip())
                .filter_map(|each| each.tooltip_text().map(String::from))
                .collect();
            popover.popdown();
            wait_until("the list to close", Duration::from_secs(2), || {
                !popover.is_mapped()
            })?;
            ensure(over_list.is_empty(), || {
                format!("with its list open, the list shows the tooltip {over_list:?}")
            })?;
            ensure(widget.has_tooltip(), || {
                format!("{tooltip:?} is no tooltip any more once its list closed")
            })
        });
    for other in others {
        other.close();
    }
    result
}

/// The shortcuts window fits the screen on each page of each section; its
/// first page has the keys a game needs, Start first; the explorer's keys
/// have a group of their own.
fn the_shortcuts_window_fits_the_screen(window: &TictactoeWindow) -> Result<(), String> {
    WidgetExt::activate_action(window, "win.show-help-overlay", None)
        .map_err(|error| format!("win.show-help-overlay: {error}"))?;
    let overlay = window
        .help_overlay()
        .ok_or("the window has no shortcuts window")?;
    wait_until("the shortcuts to show", Duration::from_secs(3), || {
        overlay.is_mapped() && overlay.width() > 0
    })?;
    pass_time(Duration::from_millis(300));
    let start_shown = widgets(&overlay)
        .iter()
        .filter_map(|widget| widget.downcast_ref::<gtk::ShortcutsShortcut>())
        .any(|shortcut| {
            shortcut.action_name().as_deref() == Some("win.start") && shortcut.is_drawable()
        });
    // Each page as a person turns to it: the section chosen at the top,
    // the page at the bottom.
    let mut sizes = Vec::new();
    let sections: Vec<gtk::ShortcutsSection> = widgets(&overlay)
        .into_iter()
        .filter_map(|widget| widget.downcast().ok())
        .collect();
    for section in &sections {
        let name: String = section.property("section-name");
        overlay.set_property("section-name", &name);
        let pages = widgets(section)
            .into_iter()
            .find_map(|widget| widget.downcast::<gtk::Stack>().ok())
            .ok_or_else(|| format!("the section {name:?} has no pages"))?;
        for page in std::iter::successors(pages.first_child(), |page| page.next_sibling()) {
            pages.set_visible_child(&page);
            pass_time(Duration::from_millis(200));
            sizes.push((name.clone(), overlay.width(), overlay.height()));
        }
    }
    let too_large: Vec<String> = sizes
        .iter()
        .filter(|(_, width, height)| *width > SCREEN.0 || *height > SCREEN.1)
        .map(|(name, width, height)| format!("{name}: {width} x {height} px"))
        .collect();
    let explorer_group = widgets(&overlay).into_iter().find(|widget| {
        let accelerators: Vec<String> = widgets(widget)
            .iter()
            .filter_map(|each| each.downcast_ref::<gtk::ShortcutsShortcut>())
            .filter_map(|shortcut| shortcut.accelerator().map(String::from))
            .collect();
        widget.is::<gtk::ShortcutsGroup>()
            && ["<Alt>Left <Alt>Right", "F5", "<Control>b"]
                .iter()
                .all(|key| accelerators.iter().any(|each| each == key))
    });
    // Opened again, it shows the main window's keys first.
    if let Some(first) = sections.first() {
        overlay.set_property("section-name", first.property::<String>("section-name"));
    }
    overlay.close();
    ensure(sections.len() > 1 && too_large.is_empty(), || {
        format!(
            "{} sections; pages larger than the screen: {}",
            sections.len(),
            too_large.join(", ")
        )
    })?;
    ensure(start_shown, || {
        "Start (Ctrl+N) is not on the shortcuts window's first page".into()
    })?;
    ensure(explorer_group.is_some(), || {
        "no group of the shortcuts window has the explorer's Alt+Left/Right, F5 and Ctrl+B".into()
    })
}

/// The ⓘ button's explanation of the log opens within the screen, and
/// all of it can be read: it scrolls where the screen is too low for it.
fn the_log_explanation_fits(window: &TictactoeWindow) -> Result<(), String> {
    let button = widgets(&window.search_log())
        .into_iter()
        .find_map(|widget| widget.downcast::<gtk::MenuButton>().ok())
        .ok_or("the log has no ⓘ button")?;
    button.popup();
    let popover = button.popover().ok_or("the ⓘ button has no pop-over")?;
    wait_until("the explanation to show", Duration::from_secs(2), || {
        popover.is_mapped()
    })?;
    pass_time(Duration::from_millis(300));
    let surface = popover.surface().and_downcast::<gdk::Popup>();
    let (top, height) = surface
        .map(|popup| {
            (
                popup.position_y(),
                popup.upcast_ref::<gdk::Surface>().height(),
            )
        })
        .ok_or("the explanation has no surface")?;
    let label = widgets(&popover)
        .into_iter()
        .find_map(|widget| widget.downcast::<gtk::Label>().ok())
        .ok_or("the explanation has no text")?;
    let (shown, scrolls) = (
        whole(&label),
        label.ancestor(gtk::ScrolledWindow::static_type()).is_some(),
    );
    button.popdown();
    // The window is at the screen's top left.
    ensure(top >= 0 && top + height <= SCREEN.1, || {
        format!(
            "the explanation is {height} px high from {top} px, on a screen {} px high",
            SCREEN.1
        )
    })?;
    ensure(shown && scrolls, || {
        format!("the explanation's text is whole: {shown}, in a scrolled window: {scrolls}")
    })
}

/// The board's legend, opened by a click on the ⓘ beside the status line,
/// fits the screen whole: all of it reads without scrolling, and none of
/// it runs past the screen's right edge.
fn the_legend_fits_without_scrolling(window: &TictactoeWindow) -> Result<(), String> {
    let button = window.legend_button();
    move_onto(&button, None)?;
    xdotool(&["click", "1"])?;
    let popover = button.popover().ok_or("the ⓘ button has no pop-over")?;
    wait_until("the legend to show", Duration::from_secs(2), || {
        popover.is_mapped()
    })?;
    pass_time(Duration::from_millis(300));
    let surface = popover.surface().and_downcast::<gdk::Popup>();
    let (left, top, width, height) = surface
        .map(|popup| {
            let surface = popup.upcast_ref::<gdk::Surface>();
            (
                popup.position_x(),
                popup.position_y(),
                surface.width(),
                surface.height(),
            )
        })
        .ok_or("the legend has no surface")?;
    let scroller = widgets(&popover)
        .into_iter()
        .find_map(|widget| widget.downcast::<gtk::ScrolledWindow>().ok())
        .ok_or("the legend has no scrolled window")?;
    let adjustment = scroller.vadjustment();
    let (content, shown) = (adjustment.upper(), adjustment.page_size());
    popover.popdown();
    // The test's own screen may be higher; on one 800 px high the popover
    // slides to fit.
    ensure(height <= SCREEN.1, || {
        format!(
            "the legend is {height} px high (from {top} px), for a screen {} px high",
            SCREEN.1
        )
    })?;
    ensure(content <= shown, || {
        format!("the legend shows {shown} px of its {content} px: it has to be scrolled")
    })?;
    // The window sits at the screen's left; beside a narrow one the
    // legend has the screen's other half.
    ensure(left >= 0 && left + width <= SCREEN.0, || {
        format!(
            "the legend takes {left} to {} px across, for a screen {} px wide",
            left + width,
            SCREEN.0
        )
    })
}

fn wide_the_legend_fits(window: &TictactoeWindow) -> Result<(), String> {
    wide(window)?;
    the_legend_fits_without_scrolling(window)
}

fn narrow_the_legend_fits(window: &TictactoeWindow) -> Result<(), String> {
    narrow(window)?;
    the_legend_fits_without_scrolling(window)
}

/// Whether all of `widget` is in sight in `window`: inside the window and
/// inside the shown part of every scrolled window it is in, so that a
/// person sees it without scrolling.
fn in_sight(widget: &impl IsA<gtk::Widget>, window: &TictactoeWindow) -> Result<(), String> {
    let widget = widget.as_ref();
    let mut frames: Vec<gtk::Widget> = vec![window.clone().upcast()];
    let mut parent = widget.parent();
    while let Some(each) = parent {
        parent = each.parent();
        if each.is::<gtk::ScrolledWindow>() {
            frames.push(each);
        }
    }
    let bounds = widget
        .compute_bounds(window)
        .ok_or("the widget is not in the window")?;
    for frame in frames {
        let shown = frame
            .compute_bounds(window)
            .ok_or("a frame is not in the window")?;
        ensure(
            bounds.y() >= shown.y() - 0.5
                && bounds.y() + bounds.height() <= shown.y() + shown.height() + 0.5,
            || {
                format!(
                    "it takes {} to {} px, but {} shows {} to {} px",
                    bounds.y(),
                    bounds.y() + bounds.height(),
                    frame.type_().name(),
                    shown.y(),
                    shown.y() + shown.height()
                )
            },
        )?;
    }
    Ok(())
}

/// The status line's longest messages read whole and in sight: edit mode's
/// instructions, its refusal of an impossible position (X in cells 1 and
/// 2, typed with the pointer over the board) and a hint on 4x4.
fn long_status_messages_are_whole(window: &TictactoeWindow) -> Result<(), String> {
    let line = window.status_line();
    let whole_status = |what: &str| {
        pass_time(Duration::from_millis(300));
        ensure(line.shows_whole_message(), || {
            format!(
                "{what}: the status line cuts {:?} in {}x{} px",
                line.text(),
                line.width(),
                line.height()
            )
        })?;
        in_sight(&line, window).map_err(|error| {
            format!(
                "{what}: the status line {:?} is out of sight: {error}",
                line.text()
            )
        })
    };
    let board = window.board_view();
    // A game still running asks first: the second press ends it.
    let running = window.game_running();
    press_over(&board, "ctrl+e")?;
    if running {
        press_over(&board, "ctrl+e")?;
    }
    let editor = window.position_editor();
    wait_until("edit mode", Duration::from_secs(2), || editor.is_visible())?;
    whole_status("edit mode")?;
    editor.clear_button().emit_clicked();
    press_over(&board, "1")?;
    press_over(&board, "2")?;
    wait_until("the refusal", Duration::from_secs(2), || line.is_error())?;
    whole_status("an impossible position")?;
    editor.clear_button().emit_clicked();
    press_over(&board, "ctrl+e")?;
    wait_until("edit mode to end", Duration::from_secs(2), || {
        !editor.is_visible()
    })?;

    let sizes = Shape::SQUARES;
    let four = sizes.iter().position(|&size| size == Shape::FOUR_BY_FOUR);
    window
        .board_picker()
        .preset_dropdown()
        .set_selected(four.unwrap_or_default() as u32);
    press_over(&board, "ctrl+h")?;
    let hinted = wait_until("the hint", Duration::from_secs(10), || {
        window.hint_report().is_some()
    });
    let result = hinted.and_then(|_| whole_status("a 4x4 hint"));
    window.board_picker().preset_dropdown().set_selected(0);
    result
}

fn wide_long_status_messages_are_whole(window: &TictactoeWindow) -> Result<(), String> {
    wide(window)?;
    long_status_messages_are_whole(window)
}

fn narrow_long_status_messages_are_whole(window: &TictactoeWindow) -> Result<(), String> {
    narrow(window)?;
    long_status_messages_are_whole(window)
}

/// At 640x800 each named board is in sight whole, column numbers and
/// all, together with the players above it: a person plays without
/// scrolling the board's side up and down.
fn narrow_every_board_is_in_sight_with_the_players(window: &TictactoeWindow) -> Result<(), String> {
    narrow(window)?;
    let picker = window.board_picker();
    let result = Shape::PRESETS.iter().try_for_each(|&(name, shape)| {
        picker.set_shape(shape);
        pass_time(Duration::from_millis(300));
        let board = window.board_view();
        ensure(board.board().shape() == shape, || {
            format!("choosing {name} shows {:?}", board.board().shape())
        })?;
        in_sight(&board, window).map_err(|error| format!("the {name} board: {error}"))?;
        in_sight(&window.picker(Side::Max), window)
            .map_err(|error| format!("with the {name} board, X's picker: {error}"))
    });
    picker.set_shape(Shape::TIC_TAC_TOE);
    result
}

/// At 640x800, a hint after Connect Four's first stone (Ctrl+H: the
/// solver is stopped, the columns are estimates) says so in the status
/// line and leaves the whole board in sight, column numbers and all.
fn narrow_a_connect_four_hint_keeps_the_board_in_sight(
    window: &TictactoeWindow,
) -> Result<(), String> {
    narrow(window)?;
    let picker = window.board_picker();
    picker.set_shape(Shape::CONNECT_FOUR);
    window.picker(Side::Max).select(PlayerKind::Human);
    window.picker(Side::Min).select(PlayerKind::Human);
    let result = (|| {
        click_widget(&window.start_button())?;
        wait_until("the game to start", Duration::from_secs(5), || {
            window.board_view().accepting()
        })?;
        // The empty board is in the opening book: exact.
        press_in(window, &["4"])?;
        wait_until("O's turn", Duration::from_secs(5), || {
            window.board_view().accepting() && window.board_view().board().stone_count() == 1
        })?;
        press_in(window, &["ctrl+h"])?;
        wait_until("the hint", Duration::from_secs(20), || {
            window.hint_report().is_some()
        })?;
        pass_time(Duration::from_millis(300));
        let status = window.status_text();
        ensure(
            status.contains("(Schätzung") || status.contains("(estimate"),
            || format!("the hint says {status:?}"),
        )?;
        in_sight(&window.board_view(), window)
            .map_err(|error| format!("with the hint {status:?} the board: {error}"))
    })();
    let _ = WidgetExt::activate_action(window, "win.end", None);
    picker.set_shape(Shape::TIC_TAC_TOE);
    result
}

/// The board's size, as allocated.
fn board_size(window: &TictactoeWindow) -> (i32, i32) {
    let board = window.board_view();
    (board.width(), board.height())
}

/// Counts a finished game for each of `count` new pairings with long
/// names, as the window counts its games.
fn add_results(window: &TictactoeWindow, first: usize, count: usize) {
    let kinds = [
        PlayerKind::AlphaBetaTt,
        PlayerKind::AlphaBetaRandom,
        PlayerKind::Mcts,
        PlayerKind::Minimax,
        PlayerKind::Perfect,
        PlayerKind::Rules,
    ];
    for index in first..first + count {
        let (x, o) = (
            kinds[index % kinds.len()],
            kinds[(index + 1 + index / kinds.len()) % kinds.len()],
        );
        let pairing = format!(
            "X {}, full depth vs O {}, full depth",
            x.display_name(),
            o.display_name()
        );
        window
            .session_tally()
            .record(&pairing, &GameResult::Won(Side::Min));
    }
}

/// Each pairing's results are read whole (they wrap, none ends in "…"),
/// and the board keeps its size as they come in.
fn results_are_whole(window: &TictactoeWindow, board_before: (i32, i32)) -> Result<(), String> {
    pass_time(Duration::from_millis(300));
    let board = board_size(window);
    ensure(board == board_before, || {
        format!("the board was {board_before:?} px before the results, {board:?} px after")
    })?;
    let rows: Vec<gtk::Label> = widgets(&window.session_tally())
        .into_iter()
        .filter_map(|widget| widget.downcast::<gtk::Label>().ok())
        .filter(|label| label.label().contains(':'))
        .collect();
    ensure(rows.len() >= 6, || {
        format!("the tally has {} rows", rows.len())
    })?;
    for label in rows {
        ensure(whole(&label), || {
            format!(
                "the row {:?} is cut: it has {} x {} px",
                label.label(),
                label.width(),
                label.height()
            )
        })?;
    }
    Ok(())
}

fn wide_results_are_whole_and_keep_the_board(window: &TictactoeWindow) -> Result<(), String> {
    wide(window)?;
    let board = board_size(window);
    add_results(window, 0, 6);
    results_are_whole(window, board)
}

/// Narrow, the log under the board: the board keeps its size as results
/// come in, and after a game the log shows rows enough to follow it.
fn narrow_log_keeps_its_rows(window: &TictactoeWindow) -> Result<(), String> {
    narrow(window)?;
    let board = board_size(window);
    add_results(window, 6, 3);
    let best = (PlayerKind::AlphaBetaTt, Difficulty::Hard);
    play_3x3(window, best, best)?;
    pass_time(Duration::from_millis(1000));
    let list = window.search_log().list_view();
    let scroller = list
        .ancestor(gtk::ScrolledWindow::static_type())
        .ok_or("the log does not scroll")?;
    let height = f64::from(scroller.height());
    let mut shown = 0;
    let mut child = list.first_child();
    while let Some(row) = child {
        child = row.next_sibling();
        // The list keeps rows to recycle, unmapped.
        if let Some(bounds) = row.compute_bounds(&scroller)
            && row.is_mapped()
            && bounds.y() >= 0.0
            && f64::from(bounds.y() + bounds.height()) <= height
            && bounds.height() > 0.0
        {
            shown += 1;
        }
    }
    ensure(shown >= LOG_ROWS, || {
        format!("at 640 px the log shows {shown} whole rows, in {height} px")
    })?;
    results_are_whole(window, board)
}

/// At 640 px the header bar's title is whole.
fn the_title_is_whole_at_640_px(window: &TictactoeWindow) -> Result<(), String> {
    narrow(window)?;
    let title = window
        .titlebar()
        .and_downcast::<gtk::HeaderBar>()
        .and_then(|bar| bar.title_widget())
        .and_downcast::<gtk::Label>()
        .ok_or("the header bar has no title label")?;
    ensure(whole(&title), || {
        format!(
            "the title {:?} is cut: it has {} px",
            title.layout().text(),
            title.width()
        )
    })
}

/// The actions that open the main window's other windows: Compare,
/// Tournament, Training, the explorer, Monte Carlo, Practice, Review,
/// Evaluation against the Truth and Horizon.
const OTHER_WINDOWS: [&str; 9] = [
    "win.compare",
    "win.tournament",
    "win.training",
    "win.explore",
    "win.mcts",
    "win.practice",
    "win.review",
    "win.evaluation-truth",
    "win.horizon",
];

/// Opens the window that `action` opens over `window`, as its shortcut
/// does, and returns it once shown.
fn open_other(window: &TictactoeWindow, action: &str) -> Result<gtk::Window, String> {
    let shown_over_window = || {
        gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|w| w.downcast::<gtk::Window>().ok())
            .find(|w| w.is_visible() && w.transient_for().as_ref() == Some(window.upcast_ref()))
    };
    WidgetExt::activate_action(window, action, None).map_err(|e| e.to_string())?;
    wait_until("the window to open", Duration::from_secs(10), || {
        shown_over_window().is_some()
    })
    .map_err(|error| format!("{action}: {error}"))?;
    shown_over_window().ok_or_else(|| format!("{action} opened no window"))
}

/// The keys (key and modifiers) a window binds to named actions of its
/// own: its class's shortcuts and its shortcut controllers. GTK's own
/// bindings (focus moves, the inspector) call signals or callbacks instead.
fn named_shortcuts(window: &impl IsA<gtk::Widget>) -> Vec<(String, gdk::Key, gdk::ModifierType)> {
    let controllers = window.observe_controllers();
    (0..controllers.n_items())
        .filter_map(|index| {
            controllers
                .item(index)
                .and_downcast::<gtk::ShortcutController>()
        })
        .flat_map(|controller| {
            (0..controller.n_items())
                .filter_map(move |index| controller.item(index).and_downcast::<gtk::Shortcut>())
        })
        .filter_map(|shortcut| {
            let action = shortcut.action().and_downcast::<gtk::NamedAction>()?;
            let trigger = shortcut.trigger().and_downcast::<gtk::KeyvalTrigger>()?;
            Some((
                action.action_name().to_string(),
                trigger.keyval(),
                trigger.modifiers(),
            ))
        })
        .collect()
}

/// A key as the shortcuts window names it: the keypad's + and − and the
/// = key (+ without Shift on a US keyboard) are bound too, as the same
/// keys to a person, and named once, as + and −.
fn as_named((key, modifiers): (gdk::Key, gdk::ModifierType)) -> (gdk::Key, gdk::ModifierType) {
    let key = match key {
        gdk::Key::KP_Add | gdk::Key::equal => gdk::Key::plus,
        gdk::Key::KP_Subtract => gdk::Key::minus,
        other => other,
    };
    (key, modifiers)
}

/// A game of two people just begun, X in the centre: a position with
/// moves to compare and explore, and a move for Game Review to grade.
fn a_game_of_one_move(window: &TictactoeWindow) -> Result<(), String> {
    a_game_of_one_move_on(window, Shape::TIC_TAC_TOE)
}

/// The same on `shape`: X in the middle column or cell, of the bottom row
/// with gravity.
fn a_game_of_one_move_on(window: &TictactoeWindow, shape: Shape) -> Result<(), String> {
    let human = (PlayerKind::Human, Difficulty::Hard);
    start(window, human, human, shape, Duration::ZERO)?;
    let board = window.board_view();
    wait_until("X's turn", Duration::from_secs(10), || board.accepting())?;
    let row = if shape.gravity() {
        shape.height() - 1
    } else {
        shape.height() / 2
    };
    let (x, y) = board.cell_centre(row * shape.width() + shape.width() / 2);
    board.click(x, y);
    wait_until("the move to be played", Duration::from_secs(10), || {
        window.record().is_some_and(|record| record.len() == 1)
    })
    .map(drop)
    .map_err(|error| format!("{error}: {:?}", window.status_text()))
}

/// Every key the app binds is named in the shortcuts window: the
/// application's accelerators and every other window's own keys, Practice's
/// zoom keys among them.
fn every_key_is_in_the_shortcuts_window(window: &TictactoeWindow) -> Result<(), String> {
    // Review opens only on a game with moves.
    a_game_of_one_move(window)?;
    let app = window
        .application()
        .ok_or("the window has no application")?;
    let overlay = window
        .help_overlay()
        .ok_or("the window has no shortcuts window")?;
    // A shortcut with an action name shows that action's accelerators.
    let named: Vec<(gdk::Key, gdk::ModifierType)> = widgets(&overlay)
        .iter()
        .filter_map(|widget| widget.downcast_ref::<gtk::ShortcutsShortcut>())
        .flat_map(|shortcut| -> Vec<String> {
            match shortcut.action_name() {
                Some(action) => app
                    .accels_for_action(&action)
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
                None => shortcut
                    .accelerator()
                    .map(|keys| keys.split_whitespace().map(String::from).collect())
                    .unwrap_or_default(),
            }
        })
        .filter_map(gtk::accelerator_parse)
        .map(as_named)
        .collect();
    let mut bound: Vec<(String, gdk::Key, gdk::ModifierType)> = app
        .list_action_descriptions()
        .iter()
        .flat_map(|action| {
            app.accels_for_action(action)
                .iter()
                .filter_map(gtk::accelerator_parse)
                .map(|(key, modifiers)| (action.to_string(), key, modifiers))
                .collect::<Vec<_>>()
        })
        .collect();
    bound.extend(named_shortcuts(window));
    for action in OTHER_WINDOWS {
        let other = open_other(window, action)?;
        bound.extend(named_shortcuts(&other));
        other.close();
        pass_time(Duration::from_millis(100));
    }
    let unnamed: Vec<String> = bound
        .iter()
        .filter(|(_, key, modifiers)| !named.contains(&as_named((*key, *modifiers))))
        .map(|(action, key, modifiers)| {
            format!("{} ({action})", gtk::accelerator_name(*key, *modifiers))
        })
        .collect();
    ensure(
        bound.len() > OTHER_WINDOWS.len() && unnamed.is_empty(),
        || {
            format!(
                "of {} keys bound, the shortcuts window does not name {}",
                bound.len(),
                unnamed.join(", ")
            )
        },
    )
}

/// The Compare, Tournament, Training, explorer, Monte Carlo, Practice and Review
/// windows open within a 1280x800 screen and fit half of it: each can be 640 px wide, its title whole,
/// and Compare's table and charts after a run take no more (the table
/// scrolls sideways, long chart labels wrap); the explorer then puts its
/// side under the list.
fn the_other_windows_fit_640_px(window: &TictactoeWindow) -> Result<(), String> {
    the_other_windows_fit_640_px_on(window, Shape::TIC_TAC_TOE)
}

/// The same with a Connect Four game open, whose boards are the widest and
/// whose words name columns. Its tournament is opened, not run: a game of
/// Connect Four between searches takes minutes.
fn on_connect_four_the_other_windows_fit_640_px(window: &TictactoeWindow) -> Result<(), String> {
    the_other_windows_fit_640_px_on(window, Shape::CONNECT_FOUR)
}

fn the_other_windows_fit_640_px_on(window: &TictactoeWindow, shape: Shape) -> Result<(), String> {
    wide(window)?;
    a_game_of_one_move_on(window, shape)?;
    for action in OTHER_WINDOWS {
        let other = open_other(window, action)?;
        if action == "win.compare" {
            // Run, so that the table and charts hold rows.
            let view = window.compare_view().ok_or("no Compare window")?;
            view.run_button().emit_clicked();
            // On Connect Four each player may use its whole time limit.
            let limit = if shape == Shape::TIC_TAC_TOE { 30 } else { 120 };
            wait_until("the comparison", Duration::from_secs(limit), || {
                !view.is_running() && !view.rows().is_empty()
            })
            .map_err(|error| format!("{error}: {}", view.status_text()))?;
        }
        if action == "win.tournament" && shape == Shape::TIC_TAC_TOE {
            // A short one, so that the ranking, cross table and charts
            // hold its players.
            let view = window.tournament_view().ok_or("no Tournament window")?;
            view.games_spin().set_value(1.0);
            view.seed_entry().set_text("1");
            view.start_button().emit_clicked();
            wait_until("the tournament", Duration::from_secs(60), || {
                !view.is_running() && view.results().is_some()
            })
            .map_err(|error| format!("{error}: {}", view.status_text()))?;
        }
        if action == "win.mcts" {
            // Steps, so that its rows, picture and charts hold something.
            for _ in 0..30 {
                WidgetExt::activate_action(&other, "mcts.step", None).map_err(|e| e.to_string())?;
            }
            WidgetExt::activate_action(&other, "mcts.phase", None).map_err(|e| e.to_string())?;
        }
        // Laid out at its own size first, then narrowed as a person would.
        wait_until("the window to be laid out", Duration::from_secs(3), || {
            other.is_mapped() && other.width() > 0
        })?;
        pass_time(Duration::from_millis(200));
        // At its own size it fits the screen: nothing below its lower edge.
        let own_title = other.title().unwrap_or_default();
        ensure(
            other.width() <= SCREEN.0 && other.height() <= SCREEN.1,
            || {
                format!(
                    "{own_title:?} opens {}x{} px, for a screen {}x{} px",
                    other.width(),
                    other.height(),
                    SCREEN.0,
                    SCREEN.1
                )
            },
        )?;
        // As a person drags it: past the width where its layout turns
        // narrow, then on to 640 px.
        let _ = wait_until("the window to narrow", Duration::from_secs(3), || {
            other.set_default_size(640, SCREEN.1);
            other.width() <= 640
        });
        pass_time(Duration::from_millis(300));
        let (minimum, _, _, _) = other.measure(gtk::Orientation::Horizontal, -1);
        let title = other.title().unwrap_or_default();
        ensure(minimum <= 640 && other.width() <= 640, || {
            format!(
                "{title:?} needs {minimum} px and is {} px wide",
                other.width()
            )
        })?;
        let title_label = widgets(&other.titlebar().ok_or("no header bar")?)
            .into_iter()
            .filter_map(|w| w.downcast::<gtk::Label>().ok())
            .find(|label| label.label() == title)
            .ok_or_else(|| format!("{title:?} has no title label"))?;
        ensure(whole(&title_label), || {
            format!("the title {title:?} is cut at 640 px")
        })?;
        // Only a table may scroll sideways, never the window's page as a
        // whole: that takes the text beside the table off screen too.
        if let Some(page) = other.child().and_downcast::<gtk::ScrolledWindow>() {
            let sideways = page.hadjustment();
            ensure(sideways.upper() <= sideways.page_size() + 1.0, || {
                format!(
                    "{title:?} at 640 px scrolls sideways as a whole: {} px in {} px",
                    sideways.upper(),
                    sideways.page_size()
                )
            })?;
        }
        other.close();
        pass_time(Duration::from_millis(100));
    }
    Ok(())
}

fn main() -> ExitCode {
    use_test_environment();
    let german = std::env::var_os(GERMAN).is_some();
    if german {
        use_german();
    }
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: &[(&str, Check)] = &[
        (
            "tooltips give way to open lists",
            tooltips_give_way_to_open_lists,
        ),
        (
            "the shortcuts window fits the screen",
            the_shortcuts_window_fits_the_screen,
        ),
        (
            "the log's explanation fits a wide window",
            the_log_explanation_fits,
        ),
        (
            "wide, results are whole and keep the board",
            wide_results_are_whole_and_keep_the_board,
        ),
        (
            "wide, the board's legend fits without scrolling",
            wide_the_legend_fits,
        ),
        (
            "wide, long status messages are whole",
            wide_long_status_messages_are_whole,
        ),
        ("narrow, the log keeps its rows", narrow_log_keeps_its_rows),
        (
            "narrow, every board is in sight with the players",
            narrow_every_board_is_in_sight_with_the_players,
        ),
        (
            "narrow, a Connect Four hint keeps the board in sight",
            narrow_a_connect_four_hint_keeps_the_board_in_sight,
        ),
        ("the title is whole at 640 px", the_title_is_whole_at_640_px),
        ("the other windows fit 640 px", the_other_windows_fit_640_px),
        (
            "on Connect Four, the other windows fit 640 px",
            on_connect_four_the_other_windows_fit_640_px,
        ),
        (
            "the log's explanation fits a narrow window",
            the_log_explanation_fits,
        ),
        (
            "narrow, long status messages are whole",
            narrow_long_status_messages_are_whole,
        ),
        (
            "every key is in the shortcuts window",
            every_key_is_in_the_shortcuts_window,
        ),
        (
            "narrow, the board's legend fits the screen",
            narrow_the_legend_fits,
        ),
    ];
    let mut results = Results::default();
    for &(name, check) in checks {
        let name = if german {
            format!("[de] {name}")
        } else {
            name.to_owned()
        };
        results.report(&name, check(&window));
    }
    let german_passed = german
        || Command::new(std::env::current_exe().expect("the test's own path"))
            .env(GERMAN, "1")
            .status()
            .is_ok_and(|status| status.success());
    let finished = results.finish();
    if german_passed {
        finished
    } else {
        ExitCode::FAILURE
    }
}
