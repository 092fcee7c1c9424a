//! The Evaluation against the Truth window, driven as a person would:
//! Ctrl+Shift+T opens it, Open Test Set… and the file chooser load a
//! small test set (a bad one is refused by its line), and the chart and its words show each named
//! evaluation's rank correlation as the tools compute it; Game on the
//! Board measures the board's position; the window fits 640 px. Needs a
//! display: `xvfb-run -a cargo test --release --test ui_evaluation_truth`.

mod harness;

use std::path::Path;
use std::process::ExitCode;

use gtk::prelude::*;
use harness::{
    PATIENCE, Results, chosen, click_widget, descendants, ensure, open_window, pass_time, press_in,
    type_path, use_test_environment, wait_until,
};
use tictactoe::ui::{ChartData, EvaluationTruthView, TictactoeWindow};
use tictactoe_engine::evaluation::NamedEvaluation;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver};
use tictactoe_tools::truth::{MAX_LINE_BYTES, against_truth, read_test_line, true_position};
use tictactoe_words::numbers::result_number;

type Check = fn(&TictactoeWindow, &Path) -> Result<(), String>;

/// Lines of End-Easy: solved in a moment. Three give their score, three
/// leave it to the solver.
const TEST_SET: &str = "\
2252576253462244111563365343671351441 -1
7422341735647741166133573473242566 1
23163416124767223154467471272416755633 0
71255763773133525731261364622167124446454
65214673556155731566316327373221417

52677675164321472411331752454
";

/// Ctrl+Shift+T in the main window opens the view.
fn open_by_shortcut(window: &TictactoeWindow) -> Result<EvaluationTruthView, String> {
    press_in(window, &["ctrl+shift+t"])?;
    wait_until("Ctrl+Shift+T to open the window", PATIENCE, || {
        window
            .evaluation_truth_view()
            .is_some_and(|view| view.is_visible() && view.width() > 0)
    })?;
    window
        .evaluation_truth_view()
        .ok_or_else(|| "Ctrl+Shift+T opened no window".to_owned())
}

fn button(view: &EvaluationTruthView, label: &str) -> Result<gtk::Button, String> {
    descendants(view)
        .into_iter()
        .filter_map(|widget| widget.downcast::<gtk::Button>().ok())
        .find(|button| button.label().as_deref() == Some(label))
        .ok_or_else(|| format!("no button {label:?}"))
}

fn a_test_set_shows_the_tools_correlations(
    window: &TictactoeWindow,
    directory: &Path,
) -> Result<(), String> {
    window.board_picker().set_shape(Shape::CONNECT_FOUR);
    let path = directory.join("End-Easy-6");
    std::fs::write(&path, TEST_SET).map_err(|error| error.to_string())?;
    let view = open_by_shortcut(window)?;
    click_widget(&button(&view, "_Open Test Set…")?)?;
    type_path("Open Test Set", &[], &path)?;
    wait_until("the positions to be measured", PATIENCE, || {
        view.status().contains("Measured on 6 positions.")
    })
    .map_err(|error| format!("{error}; the status says {:?}", view.status()))?;

    // The tools' own computation on the same lines.
    let mut solver = Solver::with_table_bytes(DEFAULT_TABLE_BYTES >> 2);
    let cancel = CancelFlag::new();
    let positions: Vec<_> = TEST_SET
        .lines()
        .filter_map(|line| read_test_line(Shape::CONNECT_FOUR, line).unwrap())
        .map(|line| true_position(&mut solver, line, &cancel).unwrap())
        .collect();
    let evaluations: Vec<_> = NamedEvaluation::ALL
        .iter()
        .map(|named| (named.name().to_owned(), named.evaluation()))
        .collect();
    let expected = against_truth(&positions, &evaluations);
    let chart = view.chart_view().chart().ok_or("no chart shown")?;
    ensure(
        chart.data == ChartData::AgainstTruth(expected.clone()),
        || format!("the chart shows {:?}", chart.data),
    )?;
    let words = view.words();
    for truth in &expected {
        let correlation = truth.correlation.ok_or("a correlation is undefined")?;
        let said = format!(
            "{}, rank correlation {}",
            truth.evaluation,
            result_number(correlation, 3)
        );
        ensure(words.contains(&said), || {
            format!("{said:?} not in {words:?}")
        })?;
        for point in &truth.points {
            ensure(words.contains(&point.position), || {
                format!("{} not in {words:?}", point.position)
            })?;
        }
    }
    ensure(view.chart_view().text() == chart.text(), || {
        "the chart's accessible text is not the chart in words".into()
    })
}

/// A test set with a bad line is refused by the line's number and why
/// (a line longer than any position is not quoted whole); the chart of
/// the last good set stays.
fn a_bad_test_set_is_refused_by_its_line(
    window: &TictactoeWindow,
    directory: &Path,
) -> Result<(), String> {
    window.board_picker().set_shape(Shape::CONNECT_FOUR);
    let view = open_by_shortcut(window)?;
    let before = view.chart_view().chart().ok_or("no chart before")?;
    for (name, text, said) in [
        (
            "no-columns",
            "4453 0\n\n44x 1\n".to_owned(),
            "Line 3 of no-columns: “44x”",
        ),
        (
            "too-long",
            format!("4453 0\n{}\n", "4".repeat(MAX_LINE_BYTES + 10)),
            "Line 2 of too-long: it is too long, or not text, to be a position",
        ),
    ] {
        let path = directory.join(name);
        std::fs::write(&path, text).map_err(|error| error.to_string())?;
        click_widget(&button(&view, "_Open Test Set…")?)?;
        type_path("Open Test Set", &[], &path)?;
        wait_until("the refusal", PATIENCE, || view.status().contains(said))
            .map_err(|error| format!("{error}; the status says {:?}", view.status()))?;
        let after = view.chart_view().chart().ok_or("the chart went")?;
        ensure(after.data == before.data, || {
            format!("{name} changed the chart")
        })?;
    }
    Ok(())
}

/// On Tic-Tac-Toe, solved at once: the board's position is measured.
fn the_game_on_the_board_is_measured(
    window: &TictactoeWindow,
    _directory: &Path,
) -> Result<(), String> {
    window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    let view = open_by_shortcut(window)?;
    click_widget(&button(&view, "_Game on the Board")?)?;
    wait_until("the game's positions to be measured", PATIENCE, || {
        view.status().contains("Measured on 1 position.")
    })
    .map_err(|error| format!("{error}; the status says {:?}", view.status()))?;
    let chart = view.chart_view().chart().ok_or("no chart shown")?;
    let ChartData::AgainstTruth(truths) = chart.data else {
        return Err("not the chart of evaluations".into());
    };
    ensure(truths.len() == NamedEvaluation::ALL.len(), || {
        format!("{} evaluations charted", truths.len())
    })?;
    // The empty board: a draw, and every evaluation's value 0.
    ensure(
        truths
            .iter()
            .all(|truth| truth.points.len() == 1 && truth.points[0].score == 0),
        || format!("{truths:?}"),
    )
}

/// The empty Connect Four board takes the solver a minute and more:
/// Escape stops it, and the status says so.
fn escape_stops_a_long_solve(window: &TictactoeWindow, _directory: &Path) -> Result<(), String> {
    window.board_picker().set_shape(Shape::CONNECT_FOUR);
    let view = open_by_shortcut(window)?;
    click_widget(&button(&view, "_Game on the Board")?)?;
    wait_until("the solve to start", PATIENCE, || {
        view.status().contains("Solving")
    })?;
    press_in(&view, &["Escape"])?;
    wait_until("Escape to stop the solve", PATIENCE, || {
        view.status().contains("Stopped")
    })
    .map_err(|error| format!("{error}; the status says {:?}", view.status()))?;
    ensure(button(&view, "_Game on the Board")?.is_sensitive(), || {
        "the buttons stay off after the stop".into()
    })
}

fn it_fits_640_px(window: &TictactoeWindow, _directory: &Path) -> Result<(), String> {
    let view = open_by_shortcut(window)?;
    view.set_default_size(640, 600);
    pass_time(std::time::Duration::from_millis(300));
    let (minimum, _, _, _) = view.measure(gtk::Orientation::Horizontal, -1);
    ensure(minimum <= 640, || format!("it needs {minimum} px"))
}

fn main() -> ExitCode {
    use_test_environment();
    let directory =
        std::env::temp_dir().join(format!("ui-evaluation-truth-{}", std::process::id()));
    if let Err(error) = std::fs::create_dir_all(&directory) {
        return Results::fail_to_start(&format!("{}: {error}", directory.display()));
    }
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 5] = [
        (
            "a test set shows the tools' correlations",
            a_test_set_shows_the_tools_correlations,
        ),
        (
            "a bad test set is refused by its line",
            a_bad_test_set_is_refused_by_its_line,
        ),
        (
            "the game on the board is measured",
            the_game_on_the_board_is_measured,
        ),
        ("escape stops a long solve", escape_stops_a_long_solve),
        ("it fits 640 px", it_fits_640_px),
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
