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
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_words::Words;
use tictactoe_words::numbers::group;
use tictactoe_words::players::PlayerWords;

mod harness;

use harness::{
    Results, descendants, drawn_pixels, ensure, expand_every_row, explore, explore_log_row,
    explorer_columns_hold_their_texts, is_ink, move_onto, open_window, pass_time, play_3x3,
    select_log_row, use_german, use_test_environment, wait_until, xdotool,
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

fn main() -> ExitCode {
    use_test_environment();
    if std::env::var_os("GERMAN").is_some() {
        use_german();
    }
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 4] = [
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
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check(&window));
    }
    results.finish()
}
