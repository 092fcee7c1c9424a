//! The search-tree explorer's window as a person uses it: opened on a
//! deepening search's log row, narrowed to half a screen, its columns
//! scrolled sideways, its node types explained (its picture is saved in
//! `ui_dialogs`, with the other file choosers). Needs a display: `xvfb-run -a cargo test --release --test
//! ui_explorer`.

use std::process::ExitCode;
use std::time::Duration;

use gtk::prelude::*;
use tictactoe::ui::{TictactoeWindow, TreeExplorer};
use tictactoe_engine::board::{Board, BoardError};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver, Strength};
use tictactoe_words::Words;
use tictactoe_words::i18n::gettext;
use tictactoe_words::numbers::group;
use tictactoe_words::players::PlayerWords;

mod harness;

use harness::{
    PATIENCE, Results, descendants, drawn_pixels, ensure, expand_every_row, explore,
    explore_log_row, explorer_columns_hold_their_texts, is_ink, move_onto, open_window, pass_time,
    play_3x3, press_in, select_log_row, use_german, use_test_environment, wait_until, xdotool,
};

type Check = fn(&TictactoeWindow) -> Result<(), String>;

fn explorer_on(window: &TictactoeWindow, player: PlayerKind) -> Result<TreeExplorer, String> {
    let board: Board = "x.o/.x./...".parse().map_err(|e: BoardError| e.words())?;
    explore(window, &board, player, None)
}

/// Narrows `explorer` to 640 px, as a person drags it: past the width
/// where its layout turns narrow (in the idle loop after), then on.
fn narrow(explorer: &TreeExplorer) -> Result<(), String> {
    for _ in 0..3 {
        let _ = wait_until("the explorer to narrow", Duration::from_secs(2), || {
            explorer.set_default_size(640, 760);
            explorer.width() <= 640
        });
        pass_time(Duration::from_millis(300));
    }
    ensure(explorer.width() <= 640, || {
        format!("the explorer stays {} px wide", explorer.width())
    })
}

/// At 640 px the explorer needs no more, whichever player the header bar
/// has chosen (a long name once made it some 750 px wide), and its title
/// stays whole.
fn every_player_fits_640_px(window: &TictactoeWindow) -> Result<(), String> {
    let explorer = explorer_on(window, PlayerKind::AlphaBeta)?;
    narrow(&explorer)?;
    for (index, player) in explorer.offered().into_iter().enumerate() {
        explorer.player_dropdown().set_selected(index as u32);
        pass_time(Duration::from_millis(100));
        let (minimum, _, _, _) = explorer.measure(gtk::Orientation::Horizontal, -1);
        ensure(minimum <= 640 && explorer.width() <= 640, || {
            format!(
                "with {} chosen the explorer needs {minimum} px and is {} px wide",
                player.display_name(),
                explorer.width()
            )
        })?;
    }
    let title = explorer.title().unwrap_or_default();
    let title_label = descendants(&explorer.titlebar().ok_or("no header bar")?)
        .into_iter()
        .filter_map(|widget| widget.downcast::<gtk::Label>().ok())
        .find(|label| label.label() == title)
        .ok_or("the header bar has no title")?;
    ensure(!title_label.layout().is_ellipsized(), || {
        format!("the title {title:?} is cut")
    })?;
    explorer.close();
    Ok(())
}

/// How many dark pixels (text) `explorer` draws in the band of its
/// headings, as it is drawn now.
fn heading_ink(explorer: &TreeExplorer) -> Result<usize, String> {
    let band = explorer
        .headings()
        .parent()
        .and_then(|viewport| viewport.compute_bounds(explorer))
        .ok_or("the headings have no place")?;
    Ok(drawn_pixels(explorer, &band)?
        .iter()
        .filter(|pixel| is_ink(pixel))
        .count())
}

/// Shift and the wheel over the rows scroll the columns sideways, their
/// headings with them, drawn, and back (GTK 4.8 left them blank).
fn headings_scroll_with_the_rows(window: &TictactoeWindow) -> Result<(), String> {
    let explorer = explorer_on(window, PlayerKind::AlphaBetaTt)?;
    narrow(&explorer)?;
    let list = explorer.list_view();
    let sideways = list
        .parent()
        .and_downcast::<gtk::ScrolledWindow>()
        .ok_or("the rows are in no scrolled window")?
        .hadjustment();
    ensure(heading_ink(&explorer)? > 0, || {
        "the headings are blank before any scrolling".into()
    })?;
    // Button 5 scrolls right with Shift held, 4 back.
    for (button, moved) in [("5", "right"), ("4", "back")] {
        move_onto(&list, None)?;
        xdotool(&[
            "keydown", "shift", "click", "--repeat", "20", button, "keyup", "shift",
        ])?;
        pass_time(Duration::from_millis(300));
        let at_start = sideways.value() == 0.0;
        ensure(at_start == (moved == "back"), || {
            format!(
                "scrolled {moved}, the rows are {} px along",
                sideways.value()
            )
        })?;
        explorer_columns_hold_their_texts(&explorer)?;
        ensure(heading_ink(&explorer)? > 0, || {
            format!("the headings are blank after scrolling {moved}")
        })?;
    }
    explorer.close();
    Ok(())
}

/// Pointing at a row's node type ("PV, expected Cut") or at its heading
/// explains it in plain words, every type the cell names, before the
/// jargon's source.
fn node_types_are_explained(window: &TictactoeWindow) -> Result<(), String> {
    let explorer = explorer_on(window, PlayerKind::AlphaBeta)?;
    expand_every_row(&explorer);
    pass_time(Duration::from_millis(200));
    let type_heading = descendants(&explorer.headings())
        .into_iter()
        .filter_map(|widget| widget.downcast::<gtk::Label>().ok())
        .find(|label| label.label() == "Node type")
        .ok_or("no Node type heading")?;
    let cells: Vec<gtk::Label> = descendants(&explorer.list_view())
        .into_iter()
        .filter(|widget| widget.type_().name() == "TictactoeTreeRow" && widget.is_mapped())
        // The expander, value, window, then the node type.
        .filter_map(|row| {
            row.first_child()?
                .next_sibling()?
                .next_sibling()?
                .next_sibling()
        })
        .filter_map(|cell| cell.downcast::<gtk::Label>().ok())
        .filter(|cell| !cell.label().is_empty())
        .collect();
    ensure(
        cells.iter().any(|cell| cell.label().contains("expected")),
        || "no row's type differs from the expected".into(),
    )?;
    for label in cells.iter().chain([&type_heading]) {
        let text = label.label();
        let tip = label.tooltip_text().unwrap_or_default();
        ensure(!tip.starts_with("Knuth"), || {
            format!("{text:?} is explained in jargon first: {tip:?}")
        })?;
        for word in ["PV:", "Cut:", "All:", "expected"] {
            ensure(tip.contains(word), || {
                format!("pointing at {text:?} does not explain {word:?}: {tip:?}")
            })?;
        }
    }
    explorer.close();
    Ok(())
}

/// A log row of a search that deepened (the window's players deepen
/// under their time limit) opens an explorer that gives both counts and
/// why they differ: the log's adds up every round, the tree is one search
/// straight to the last depth.
fn a_deepening_search_s_two_counts_are_explained(window: &TictactoeWindow) -> Result<(), String> {
    play_3x3(
        window,
        (PlayerKind::AlphaBetaTt, Difficulty::Hard),
        (PlayerKind::AlphaBeta, Difficulty::Hard),
    )?;
    let (row, report) = select_log_row(window, "3. X")?;
    ensure(report.iterations.len() > 1, || {
        format!("move 3's search did not deepen: {:?}", report.iterations)
    })?;
    let (explorer, _) = explore_log_row(window, row, &report)?;
    let tree = explorer.tree().ok_or("no tree")?;
    let summary = explorer.summary_text();
    let both = format!(
        "{} positions below it, {} kept. ",
        group(tree.nodes_searched()),
        group(tree.len() as u64)
    );
    let why = format!(
        "The log's {} nodes count every round of its iterative deepening, depths 1 to {depth}; \
         recorded here is one search straight to depth {depth}.",
        group(report.stats.nodes),
        depth = tree.depth()
    );
    ensure(
        tree.nodes_searched() != report.stats.nodes
            && summary.contains(&both)
            && summary.contains(&why)
            && !summary.contains("the log's count"),
        || {
            format!(
                "the log's {} nodes; the summary: {summary}",
                report.stats.nodes
            )
        },
    )?;
    explorer.close();
    Ok(())
}

/// A line of the End-Easy test set, pasted into the edit bar on the
/// Connect Four board with its score as the set writes it, sets up its
/// position; the explorer opened by its shortcut with perfect to move
/// shows the solver's search: the null-window passes over the scores
/// under the start, and as many positions as the solver counts.
fn a_test_set_line_is_explored_as_the_solvers_search(
    window: &TictactoeWindow,
) -> Result<(), String> {
    const COLUMNS: &str = "2252576253462244111563365343671351441";
    window.board_picker().set_shape(Shape::CONNECT_FOUR);
    let expected = Board::from_columns(Shape::CONNECT_FOUR, COLUMNS).map_err(|(_, e)| e.words())?;
    let (before, _) = window.picker(expected.side_to_move()).selection();
    window
        .picker(expected.side_to_move())
        .select(PlayerKind::Perfect);
    WidgetExt::activate_action(window, "win.edit", None).map_err(|e| e.to_string())?;
    window
        .position_editor()
        .entry()
        .set_text(&format!("{COLUMNS} -1"));
    pass_time(Duration::from_millis(100));
    WidgetExt::activate_action(window, "win.edit", None).map_err(|e| e.to_string())?;
    let shown = window.board_view().board();
    ensure(shown == expected, || {
        format!(
            "the line set up {shown}, not {expected}: {}",
            window.status_text()
        )
    })?;
    press_in(window, &["ctrl+shift+e"])?;
    let explorer = wait_until("the solver's tree", PATIENCE, || {
        window
            .explorer()
            .and_then(|explorer| explorer.tree())
            .is_some_and(|tree| tree.player() == PlayerKind::Perfect)
    })
    .and_then(|_| window.explorer().ok_or_else(|| "no explorer".to_owned()))?;
    let solution = Solver::with_table_bytes(DEFAULT_TABLE_BYTES)
        .solve(&expected, Strength::Strong, &CancelFlag::new())
        .ok_or("the solver was stopped")?;
    let nodes = group(solution.stats.nodes);
    let summary = explorer.summary_text();
    let rows = explorer.row_texts();
    // "Pass 1", in the language the window speaks.
    let pass = gettext("Pass {number}").replace("{number}", "");
    explorer.close();
    // The other checks play 3x3 with the players they had.
    window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    window.picker(expected.side_to_move()).select(before);
    ensure(summary.contains(&nodes), || {
        format!("the summary does not count the solver's {nodes} positions: {summary}")
    })?;
    ensure(
        rows.len() > 1 && rows.iter().skip(1).all(|row| row.starts_with(&pass)),
        || format!("the start's rows are not the solver's passes: {rows:#?}"),
    )
}

fn main() -> ExitCode {
    use_test_environment();
    if std::env::var_os("GERMAN").is_some() {
        use_german();
    }
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 5] = [
        (
            "a deepening search's two counts are explained",
            a_deepening_search_s_two_counts_are_explained,
        ),
        ("node types are explained", node_types_are_explained),
        ("every player fits 640 px", every_player_fits_640_px),
        (
            "headings scroll with the rows",
            headings_scroll_with_the_rows,
        ),
        (
            "a test set's line is explored as the solver's search",
            a_test_set_line_is_explored_as_the_solvers_search,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check(&window));
    }
    results.finish()
}
