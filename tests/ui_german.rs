//! The window in German, in a process of its own: the language comes from
//! the environment, set here before GTK starts, as a German desktop session
//! sets it. `LANGUAGE=de` with the built-in `C.UTF-8` locale needs no
//! generated German locale (glibc's gettext ignores LANGUAGE only under
//! the plain C locale). Needs a display:
//! `xvfb-run -a cargo test --release --test ui_german`.

use std::process::ExitCode;
use std::time::Duration;

use gtk::{graphene, prelude::*};
use tictactoe::ui::{ChartView, TictactoeWindow, axis_number};
use tictactoe_engine::board::{Board, BoardError, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_words::Words;

mod harness;

use harness::{
    Results, descendants, drawn_pixels, ensure, expand_every_row, explore,
    explorer_columns_hold_their_texts, is_ink, open_training, open_window, pass_time, press_over,
    use_german, use_test_environment, wait_until, xdotool,
};

type Check = fn(&TictactoeWindow) -> Result<(), String>;

/// Every label's text in the window, in the order of its widget tree.
fn label_texts(window: &TictactoeWindow) -> Vec<String> {
    let mut texts = Vec::new();
    let mut pending: Vec<gtk::Widget> = vec![window.clone().upcast()];
    while let Some(widget) = pending.pop() {
        if let Some(label) = widget.downcast_ref::<gtk::Label>() {
            texts.push(label.label().to_string());
        }
        pending.extend(widget.first_child());
        pending.extend(
            widget
                .next_sibling()
                .filter(|_| !widget.is::<TictactoeWindow>()),
        );
    }
    texts
}

/// Compare, opened and run at its default size: every
/// column of the German table shows, none beyond the window's edge.
fn german_compare_shows_every_column(window: &TictactoeWindow) -> Result<(), String> {
    WidgetExt::activate_action(window, "win.compare", None)
        .map_err(|error| format!("win.compare: {error}"))?;
    let view = window
        .compare_view()
        .ok_or("win.compare opened no Compare window")?;
    wait_until("Compare to show", Duration::from_secs(5), || {
        view.is_mapped() && view.width() > 0
    })?;
    view.run_button().emit_clicked();
    wait_until("the comparison", Duration::from_secs(30), || {
        !view.is_running() && !view.rows().is_empty()
    })
    .map_err(|error| format!("{error}: {}", view.status_text()))?;
    let scroller = view
        .table()
        .parent()
        .and_downcast::<gtk::ScrolledWindow>()
        .ok_or("the table is in no scrolled window")?;
    let sideways = scroller.hadjustment();
    // The rows' cells size their columns only once drawn: before that the
    // table seems to fit.
    pass_time(Duration::from_millis(500));
    let fits = || sideways.upper() <= sideways.page_size() + 1.0;
    let shown = wait_until("every column to show", Duration::from_secs(3), fits);
    let (upper, page) = (sideways.upper(), sideways.page_size());
    view.close();
    shown
        .map(|_| ())
        .map_err(|error| format!("{error}: the table is {upper} px wide in {page} px"))
}

fn controls_are_labelled_in_german(window: &TictactoeWindow) -> Result<(), String> {
    let start = window.start_button().label().unwrap_or_default();
    let end = window.end_button().label().unwrap_or_default();
    ensure(start == "_Starten" && end == "St_opp", || {
        format!("the header bar's buttons read {start:?} and {end:?}")
    })?;
    let labels = label_texts(window);
    for expected in ["B_rett", "T_empo", "Start_wert", "Suchprotokoll"] {
        ensure(labels.iter().any(|text| text == expected), || {
            format!("no label {expected:?} among {labels:?}")
        })?;
    }
    let status = window.status_text();
    ensure(
        status == "Wählen Sie die Spieler, dann drücken Sie „Starten“.",
        || format!("the status line says {status:?}"),
    )
}

/// A short computer game: the log's words, the locale's thousands
/// separator, the status line and the tally's plural, all in German.
fn a_computer_game_is_told_in_german(window: &TictactoeWindow) -> Result<(), String> {
    let minimax = (PlayerKind::Minimax, Difficulty::Hard);
    for (side, player) in [(Side::Max, minimax), (Side::Min, minimax)] {
        window.picker(side).select(player.0);
        window.picker(side).select_difficulty(player.1);
    }
    let size = Shape::SQUARES.iter().position(|&s| s == Shape::TIC_TAC_TOE);
    window
        .board_picker()
        .preset_dropdown()
        .set_selected(size.unwrap_or(0) as u32);
    window.pace_scale().set_value(0.0);
    for game in 1..=2 {
        window.start_button().emit_clicked();
        wait_until("the game to end", Duration::from_secs(20), || {
            window.status_text().starts_with("Spielende")
        })?;
        let tally = window.session_tally().results()[0].text();
        let games = if game == 1 { "(1 Spiel)" } else { "(2 Spiele)" };
        ensure(
            tally.starts_with("X gewann 0, O gewann 0, unentschieden") && tally.contains(games),
            || format!("after game {game} the tally reads {tally:?}"),
        )?;
    }
    let status = window.status_text();
    ensure(
        status == "Spielende: unentschieden, niemand hat eine Reihe vollendet.",
        || format!("the status line says {status:?}"),
    )?;
    let log = window.search_log().text();
    // Minimax's first move on the empty 3x3 board searches the whole tree.
    let first = "1. X Minimax spielt 1, unentschieden (0), 549.945 Knoten in ";
    ensure(
        log.contains(first) && log.contains("  Feld 5: unentschieden (0)"),
        || format!("the log reads:\n{log}"),
    )?;
    let description = window.board_view().description();
    ensure(
        description.starts_with("Brett 3x3, 3er-Reihe; Zeile 1: "),
        || format!("the board's description is {description:?}"),
    )
}

/// The Monte Carlo window's c in German: the spin button writes "1,41",
/// with the comma the legend beside it writes, and reads "2,5" typed into
/// it as 2.5 (GTK's own reading took it for 2).
fn the_exploration_constant_has_a_decimal_comma(window: &TictactoeWindow) -> Result<(), String> {
    WidgetExt::activate_action(window, "win.mcts", None).map_err(|error| error.to_string())?;
    let view = window.mcts_view().ok_or("win.mcts opened no window")?;
    wait_until("the Monte Carlo window", Duration::from_secs(5), || {
        view.is_mapped()
    })?;
    let spin = view.exploration_spin();
    let shown = spin.text();
    ensure(shown == "1,41", || format!("c reads {shown:?}"))?;
    spin.grab_focus();
    press_over(&spin, "ctrl+a")?;
    xdotool(&["type", "--delay", "30", "2,5"])?;
    press_over(&spin, "Return")?;
    let read = wait_until("2,5 to be read", Duration::from_secs(5), || {
        (spin.value() - 2.5).abs() < 1e-9 && spin.text() == "2,50"
    });
    let (value, text) = (spin.value(), spin.text());
    view.close();
    read.map_err(|error| format!("{error}: c is {value}, written {text:?}"))?;
    Ok(())
}

/// The charts' axes write their numbers with the decimal comma, as the
/// figures beside them do: "1,5", never "1.5" (the loss and lost-lines
/// axes wrote a point). The ticks are drawn glyphs, even in a saved SVG, so
/// the check asks the function that writes them.
fn the_german_chart_ticks_have_a_decimal_comma(_: &TictactoeWindow) -> Result<(), String> {
    let ticks = [axis_number(1.5), axis_number(2.0), axis_number(0.75)];
    ensure(ticks == ["1,5", "2", "0,8"], || {
        format!("the ticks read {ticks:?}")
    })
}

/// German words are longer; still, with the log beside the board the
/// window needs less than the width below which the log goes under it (or
/// it could never get there), and then the header bar and the controls fit
/// 640 px.
fn the_german_window_fits_640_px(window: &TictactoeWindow) -> Result<(), String> {
    // As a person drags it narrower: first past the width where the log
    // fits beside the board, then on to 640 px.
    let (wide_minimum, _, _, _) = window.measure(gtk::Orientation::Horizontal, -1);
    window.set_default_size(wide_minimum - 100, 800);
    wait_until(
        "the log to go under the board",
        Duration::from_secs(3),
        || window.paned().orientation() == gtk::Orientation::Vertical,
    )
    .map_err(|error| {
        format!("{error}: with the log beside the board the window needs {wide_minimum} px")
    })?;
    window.set_default_size(640, 800);
    wait_until(
        "the window to be 640 px wide",
        Duration::from_secs(3),
        || window.width() <= 640,
    )
    .map_err(|error| format!("{error}: the window is {} px wide", window.width()))?;
    let (minimum, _, _, _) = window.measure(gtk::Orientation::Horizontal, -1);
    ensure(minimum <= 640, || {
        format!("the German window needs {minimum} px")
    })
}

/// The Training window at 640 px with the neural network chosen: each
/// chart's title, which the chart draws itself, stays clear of the save
/// button laid over the chart's top right corner, where German's longer
/// titles ran under it.
fn the_german_chart_titles_clear_the_save_button(window: &TictactoeWindow) -> Result<(), String> {
    chart_titles_clear_the_save_button(window, 4)
}

/// The same on Connect Four, whose exam is the test sets': the learning
/// curve, the exam and the loss.
fn the_german_connect_four_chart_titles_clear_the_save_button(
    window: &TictactoeWindow,
) -> Result<(), String> {
    window.board_picker().set_shape(Shape::CONNECT_FOUR);
    let checked = chart_titles_clear_the_save_button(window, 3);
    window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    checked
}

/// The neural network's `count` charts in the Training window at 640 px.
fn chart_titles_clear_the_save_button(
    window: &TictactoeWindow,
    count: usize,
) -> Result<(), String> {
    let view = open_training(window)?;
    view.set_learner(PlayerKind::Neural);
    // As a person drags it narrower.
    let _ = wait_until("the window to narrow", Duration::from_secs(3), || {
        view.set_default_size(640, 800);
        view.width() <= 640
    });
    pass_time(Duration::from_millis(300));
    let charts: Vec<ChartView> = descendants(&view)
        .into_iter()
        .filter_map(|widget| widget.downcast::<ChartView>().ok())
        .filter(|chart| chart.is_mapped())
        .collect();
    let checked = charts
        .iter()
        .map(title_clears_the_save_button)
        .collect::<Result<Vec<()>, String>>();
    let width = view.width();
    view.close();
    ensure(charts.len() == count, || {
        format!(
            "the neural network's training shows {} charts",
            charts.len()
        )
    })?;
    checked
        .map(|_| ())
        .map_err(|error| format!("{error} ({width} px wide)"))
}

/// Whether `chart`'s title line has ink beside its save button and none
/// under it.
fn title_clears_the_save_button(chart: &ChartView) -> Result<(), String> {
    let title = chart.chart().map(|chart| chart.title).unwrap_or_default();
    let area = chart.drawing_area();
    let button = chart
        .save_button()
        .compute_bounds(&area)
        .ok_or("the save button has no place")?;
    // The title's first line: 15 px letters from 4 px down.
    let line = button.height().min(22.0);
    let ink = |from: f32, width: f32| -> Result<usize, String> {
        let band = graphene::Rect::new(from, 0.0, width, line);
        Ok(drawn_pixels(&area, &band)?
            .iter()
            .filter(|pixel| is_ink(pixel))
            .count())
    };
    ensure(ink(0.0, button.x())? > 0, || {
        format!("the chart {title:?} draws no title")
    })?;
    let under = ink(button.x(), button.width())?;
    ensure(under == 0, || {
        format!("the title {title:?} runs {under} px of ink under the save button")
    })
}

/// The explorer's German columns hold their longer words whole, under
/// their headings, for alpha-beta's bounds and for Monte Carlo.
fn the_german_explorer_cuts_nothing(window: &TictactoeWindow) -> Result<(), String> {
    let board: Board = "x.o/.x./...".parse().map_err(|e: BoardError| e.words())?;
    for player in [PlayerKind::AlphaBetaTt, PlayerKind::Mcts] {
        let explorer = explore(window, &board, player, None)?;
        expand_every_row(&explorer);
        explorer_columns_hold_their_texts(&explorer)?;
        explorer.close();
    }
    Ok(())
}

/// The German explorer names a cutoff as German textbooks do, "Cutoff",
/// never "Schnitt".
fn the_german_explorer_says_cutoff(window: &TictactoeWindow) -> Result<(), String> {
    let board: Board = "x.o/.x./...".parse().map_err(|e: BoardError| e.words())?;
    let explorer = explore(window, &board, PlayerKind::AlphaBeta, None)?;
    expand_every_row(&explorer);
    let rows = explorer.row_texts();
    explorer.close();
    ensure(rows.iter().any(|row| row.contains("Cutoff nach")), || {
        format!("no row tells its cutoff: {rows:#?}")
    })?;
    ensure(!rows.iter().any(|row| row.contains("Schnitt")), || {
        format!("a row says \"Schnitt\": {rows:#?}")
    })
}

fn main() -> ExitCode {
    use_test_environment();
    use_german();
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: &[(&str, Check)] = &[
        (
            "German Compare shows every column",
            german_compare_shows_every_column,
        ),
        (
            "the German explorer says Cutoff",
            the_german_explorer_says_cutoff,
        ),
        (
            "controls are labelled in German",
            controls_are_labelled_in_german,
        ),
        (
            "the exploration constant has a decimal comma",
            the_exploration_constant_has_a_decimal_comma,
        ),
        (
            "a computer game is told in German",
            a_computer_game_is_told_in_german,
        ),
        (
            "the German explorer cuts nothing",
            the_german_explorer_cuts_nothing,
        ),
        (
            "the German window fits 640 px",
            the_german_window_fits_640_px,
        ),
        (
            "the German chart ticks have a decimal comma",
            the_german_chart_ticks_have_a_decimal_comma,
        ),
        (
            "the German chart titles clear the save button",
            the_german_chart_titles_clear_the_save_button,
        ),
        (
            "the German Connect Four chart titles clear the save button",
            the_german_connect_four_chart_titles_clear_the_save_button,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check(&window));
    }
    results.finish()
}
