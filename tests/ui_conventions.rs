//! One way of saying each fact, in the window as a person meets it: the
//! board's legend opened by its button, a mark's words when pointed at,
//! the log on X's scale, the tree explorer's headings, players and columns
//! for each kind of search, step controls that stay where they are, and a
//! 4x4 hint that says which cells are only bounds. Needs a display:
//! `xvfb-run -a cargo test --release --test ui_conventions`.

use std::process::ExitCode;
use std::time::Duration;

use gtk::prelude::*;
use tictactoe::ui::TictactoeWindow;
use tictactoe_engine::board::{Board, BoardError};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_words::Words;
use tictactoe_words::cell_marks::legend;
use tictactoe_words::numbers::group;

mod harness;

use harness::{
    Results, descendants, ensure, expand_every_row, explore, explorer_columns_hold_their_texts,
    open_window, pass_time, start, use_test_environment, wait_until,
};

type Check = fn(&TictactoeWindow) -> Result<(), String>;

fn label_texts(root: &impl IsA<gtk::Widget>) -> Vec<String> {
    descendants(root)
        .into_iter()
        .filter_map(|widget| widget.downcast::<gtk::Label>().ok())
        .map(|label| label.label().to_string())
        .collect()
}

/// The ⓘ beside the status line opens a legend that shows every kind of
/// mark as the board writes it, and says the conventions in the same words
/// as the log's legend.
fn the_legend_shows_every_kind_of_mark(window: &TictactoeWindow) -> Result<(), String> {
    let button = window.legend_button();
    // A click, as GTK's menu button takes it.
    button.activate();
    let popover = button.popover().ok_or("the legend button has no popover")?;
    wait_until("the legend to open", Duration::from_secs(2), || {
        popover.is_visible()
    })?;
    let texts = label_texts(&popover);
    for sample in [
        "X3",
        "O4",
        "D",
        "≥ D",
        "+12",
        "312×\n−0.24",
        "7●",
        "+0.25",
        "block",
    ] {
        ensure(texts.iter().any(|text| text == sample), || {
            format!("the legend has no {sample:?} among {texts:?}")
        })?;
    }
    ensure(texts.len() >= 2 * legend().len(), || {
        format!("the legend's rows: {texts:?}")
    })?;
    let conventions = texts
        .iter()
        .find(|text| text.starts_with("Cells are numbered 1 to 9"))
        .ok_or_else(|| format!("the legend states no conventions: {texts:?}"))?;
    ensure(conventions.contains("Every value is on X's scale"), || {
        format!("the conventions read {conventions:?}")
    })?;
    for label in descendants(&popover)
        .into_iter()
        .filter_map(|widget| widget.downcast::<gtk::Label>().ok())
    {
        ensure(!label.layout().is_ellipsized(), || {
            format!("the legend cuts {:?}", label.label())
        })?;
    }
    popover.popdown();
    // The log's legend says the conventions in the very same words, and
    // its markup reads: the bounds' signs shown as written.
    let log_texts = label_texts(&window.search_log());
    ensure(log_texts.contains(conventions), || {
        format!("the log's legend says otherwise: {log_texts:?}")
    })?;
    let shown: Vec<String> = descendants(&window.search_log())
        .into_iter()
        .filter_map(|widget| widget.downcast::<gtk::Label>().ok())
        .map(|label| label.text().to_string())
        .collect();
    ensure(
        shown
            .iter()
            .any(|text| text.contains("\">=\" means this or better for X")),
        || format!("the log's legend shows {shown:?}"),
    )
}

/// After a search each mark says itself when pointed at, in the log's words
/// on X's scale with what its kind means; stones and empty cells say nothing.
fn marks_say_themselves_in_the_logs_words(window: &TictactoeWindow) -> Result<(), String> {
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::AlphaBeta, Difficulty::Hard),
        Shape::TIC_TAC_TOE,
        Duration::ZERO,
    )?;
    let board_view = window.board_view();
    let (x, y) = board_view.cell_centre(4);
    board_view.click(x, y);
    wait_until("O's search on the board", Duration::from_secs(5), || {
        board_view.board().stone_count() == 2 && !board_view.marks().is_empty()
    })?;
    let log = window.search_log().text();
    for mark in board_view.marks() {
        let (x, y) = board_view.cell_centre(mark.cell);
        let tooltip = board_view
            .mark_tooltip(x, y)
            .ok_or_else(|| format!("cell {} says nothing", mark.cell + 1))?;
        let words = mark.words.trim_end_matches(", chosen");
        let said = format!("C{}", &words[1..]);
        ensure(
            tooltip.starts_with(&said) && tooltip.contains(&mark.meaning),
            || format!("cell {} says {tooltip:?}", mark.cell + 1),
        )?;
        ensure(log.contains(words), || {
            format!("the log does not say {words:?}:\n{log}")
        })?;
    }
    // O searched with a draw in hand: its cut-off cells are X's wins or
    // draws, on X's scale, never a loss said for O.
    ensure(
        log.contains("for X (>= 0)") && !log.contains("loses"),
        || format!("the log's bounds: {log}"),
    )?;
    let (x, y) = board_view.cell_centre(4);
    ensure(board_view.mark_tooltip(x, y).is_none(), || {
        "the centre's stone has a tooltip".into()
    })
}

/// Alpha-beta's tree: the root's nodes add up with the summary, every
/// column holds its text under its heading, and only the players that
/// search on the board are offered.
fn the_explorer_counts_offers_and_lines_up(window: &TictactoeWindow) -> Result<(), String> {
    let board: Board = "x.o/.x./...".parse().map_err(|e: BoardError| e.words())?;
    let explorer = explore(window, &board, PlayerKind::AlphaBeta, None)?;
    let tree = explorer.tree().ok_or("no tree")?;
    let total = group(tree.node(0).subtree_nodes());
    let summary = explorer.summary_text();
    ensure(
        summary.contains(&format!(
            "{total} nodes, the start and {} positions below it",
            group(tree.nodes_searched())
        )),
        || format!("the summary says {summary:?}"),
    )?;
    let rows = explorer.row_texts();
    ensure(rows[0].contains(&format!("; {total} nodes")), || {
        format!("the root row says {:?}", rows[0])
    })?;
    // Open every row of the first two plies: bound, exact and pruned rows.
    expand_every_row(&explorer);
    explorer_columns_hold_their_texts(&explorer)?;
    ensure(!explorer.offered().contains(&PlayerKind::Perfect), || {
        format!("3x3 offers {:?}", explorer.offered())
    })?;
    let big = Board::new(Shape::FOUR_BY_FOUR);
    explorer.explore(&big, PlayerKind::AlphaBeta, Some(2));
    wait_until("the 4x4 tree", Duration::from_secs(10), || {
        explorer
            .tree()
            .is_some_and(|tree| *tree.root_position() == big)
    })?;
    ensure(explorer.offered().contains(&PlayerKind::Perfect), || {
        format!("4x4 does not offer Perfect: {:?}", explorer.offered())
    })?;
    explorer.close();
    Ok(())
}

/// Monte Carlo's tree has its own headings and summary: visits and mean
/// results on X's scale, no windows.
fn the_explorer_speaks_monte_carlo(window: &TictactoeWindow) -> Result<(), String> {
    let board: Board = "x.o/.x./...".parse().map_err(|e: BoardError| e.words())?;
    let explorer = explore(window, &board, PlayerKind::Mcts, None)?;
    let headings = label_texts(&explorer.headings());
    ensure(
        headings.contains(&"Mean result (X's scale)".to_owned())
            && headings.contains(&"Visits".to_owned()),
        || format!("Monte Carlo's headings: {headings:?}"),
    )?;
    let summary = explorer.summary_text();
    ensure(
        summary.contains("mean result on X's scale") && !summary.contains('α'),
        || format!("Monte Carlo's summary: {summary:?}"),
    )?;
    let rows = explorer.row_texts();
    ensure(
        rows.iter().skip(1).all(|row| row.contains("mean result ")),
        || format!("Monte Carlo's rows: {rows:#?}"),
    )?;
    explorer_columns_hold_their_texts(&explorer)?;
    explorer.close();
    Ok(())
}

/// The step buttons stay where they are whatever the texts around them
/// say, so that clicks land on them.
fn the_step_controls_stay_in_place(window: &TictactoeWindow) -> Result<(), String> {
    let board = Board::new(Shape::TIC_TAC_TOE);
    let explorer = explore(window, &board, PlayerKind::AlphaBeta, None)?;
    let button = explorer.step_forward_button();
    let top = || {
        button
            .compute_bounds(&explorer)
            .map_or(f32::NAN, |bounds| bounds.y())
    };
    // Laid out first (on a busy machine that takes more than a frame).
    wait_until("the step button laid out", Duration::from_secs(10), || {
        top() >= 0.0
    })?;
    pass_time(Duration::from_millis(100));
    let first = top();
    let mut texts = std::collections::BTreeSet::new();
    for step in 0..40 {
        if step % 3 == 0 {
            explorer.select_row(step / 3);
        } else {
            button.emit_clicked();
        }
        pass_time(Duration::from_millis(20));
        texts.insert(explorer.step_text().len());
        ensure(top() == first, || {
            format!(
                "after step {step} the button moved from {first} to {}",
                top()
            )
        })?;
    }
    ensure(texts.len() > 3, || {
        "the step texts never changed length: nothing was tried".into()
    })?;
    explorer.close();
    Ok(())
}

/// A 4x4 hint names the best cell found and says how many others alpha-beta
/// only bounded, never claiming a unique best.
fn a_4x4_hint_says_which_cells_are_only_bounds(window: &TictactoeWindow) -> Result<(), String> {
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::Human, Difficulty::Hard),
        Shape::FOUR_BY_FOUR,
        Duration::ZERO,
    )?;
    WidgetExt::activate_action(window, "win.hint", None).map_err(|error| error.to_string())?;
    wait_until("the hint", Duration::from_secs(10), || {
        window.hint_report().is_some()
    })?;
    let status = window.status_text();
    let bounds = window
        .board_view()
        .marks()
        .iter()
        .filter(|mark| mark.bound)
        .count();
    ensure(bounds > 0, || "the 4x4 hint left no bounds".into())?;
    ensure(
        status.contains("is the best found")
            && status.contains(&format!(
                "{bounds} other cells were only shown to be no better"
            )),
        || format!("the hint says {status:?}"),
    )?;
    Ok(())
}

fn main() -> ExitCode {
    use_test_environment();
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 6] = [
        (
            "the legend shows every kind of mark",
            the_legend_shows_every_kind_of_mark,
        ),
        (
            "marks say themselves in the log's words",
            marks_say_themselves_in_the_logs_words,
        ),
        (
            "the explorer counts, offers and lines up",
            the_explorer_counts_offers_and_lines_up,
        ),
        (
            "the explorer speaks Monte Carlo",
            the_explorer_speaks_monte_carlo,
        ),
        (
            "the step controls stay in place",
            the_step_controls_stay_in_place,
        ),
        (
            "a 4x4 hint says which cells are only bounds",
            a_4x4_hint_says_which_cells_are_only_bounds,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check(&window));
        window.end_button().emit_clicked();
        pass_time(Duration::from_millis(50));
    }
    results.finish()
}
