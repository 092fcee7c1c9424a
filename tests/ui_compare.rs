//! The Compare and Tournament windows, driven in-process as a person would
//! drive them: their shortcuts, the player choices, Run, Start and Cancel,
//! the tables, the charts' tooltips and saved files. GTK lives on the main
//! thread, so this test has its own `main` (`harness = false`). Needs a
//! display: `xvfb-run -a cargo test --release --test ui_compare`.

mod harness;

use std::process::ExitCode;
use std::time::Duration;

use gtk::{glib, prelude::*};
use harness::{Results, ensure, open_window, pass_time, use_test_environment, wait_until};
use tictactoe::ui::{
    ChartView, CompareView, ImageFormat, ResultsFile, TableFormat, TictactoeApplication,
    TictactoeWindow, TournamentView,
};
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::move_values::move_values;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver};
use tictactoe_tools::compare::Optimality;
use tictactoe_words::Words;
use tictactoe_words::numbers::group;

type Check = fn(&TictactoeApplication, &TictactoeWindow) -> Result<(), String>;

/// The 3x3 position the comparisons decide: X to move, a draw with best
/// play, and only some moves keep it.
const POSITION: &str = "x../.o./...";

fn activate(window: &TictactoeWindow, action: &str) -> Result<(), String> {
    WidgetExt::activate_action(window, action, None).map_err(|error| format!("{action}: {error}"))
}

/// Sets up `position` on the main window's board through edit mode.
fn set_up(window: &TictactoeWindow, position: &str) -> Result<(), String> {
    set_up_as(window, position, position)
}

/// Types `typed` into edit mode's bar, which must set up `position`.
fn set_up_as(window: &TictactoeWindow, typed: &str, position: &str) -> Result<(), String> {
    activate(window, "win.edit")?;
    window.position_editor().entry().set_text(typed);
    activate(window, "win.edit")?;
    ensure(window.board_view().board().to_string() == position, || {
        format!(
            "the board shows {}: {}",
            window.board_view().board(),
            window.status_text()
        )
    })
}

/// Opens one of the main window's windows as its shortcut `accel` does:
/// activates `action`, then finds the window called `name` with `opened`.
fn open_by_shortcut<W: IsA<gtk::Widget>>(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
    (action, accel): (&str, &str),
    name: &str,
    opened: impl Fn(&TictactoeWindow) -> Option<W>,
) -> Result<W, String> {
    let accels = app.accels_for_action(action);
    ensure(accels.iter().any(|each| each == accel), || {
        format!("{action} has the shortcuts {accels:?}")
    })?;
    activate(window, action)?;
    let view = opened(window).ok_or_else(|| format!("{accel} opened no {name} window"))?;
    wait_until(
        &format!("the {name} window to show"),
        Duration::from_secs(5),
        || view.is_visible() && view.width() > 0,
    )?;
    Ok(view)
}

fn open_compare(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<CompareView, String> {
    open_by_shortcut(
        app,
        window,
        ("win.compare", "<Control>m"),
        "Compare",
        TictactoeWindow::compare_view,
    )
}

fn wait_for_comparison(view: &CompareView, timeout: Duration) -> Result<(), String> {
    wait_until("the comparison to end", timeout, || !view.is_running()).map(|_| ())
}

/// Moves the pointer to the middle of the chart's bar number `index` (from
/// the top), through the chart's own motion handler; returns the tooltip
/// it set and the bar's text.
fn hover_bar(chart: &ChartView, index: usize) -> Result<(String, String), String> {
    wait_until("the chart to be drawn", Duration::from_secs(5), || {
        chart.hit_boxes().len() > index
    })?;
    let bar = chart.hit_boxes()[index].clone();
    let (x, y) = bar.centre();
    let motion = chart
        .motion_controller()
        .ok_or("the chart has no pointer controller")?;
    motion.emit_by_name::<()>("motion", &[&x, &y]);
    let tooltip = chart
        .drawing_area()
        .tooltip_text()
        .map(String::from)
        .unwrap_or_default();
    Ok((tooltip, bar.text))
}

/// Compare Move Orders (its button, as a person clicks it) searches the
/// position with the alpha-beta family under every move order: a bar per
/// player and order, and the minimal tree as a dashed line, in words too;
/// worst first costs more nodes than best first.
fn compare_charts_the_move_orders_against_the_minimal_tree(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    set_up(window, "x.o/.x./...")?;
    let view = open_compare(app, window)?;
    let chart = view.orders_chart();
    ensure(!chart.is_visible(), || {
        "the orders chart shows at first".into()
    })?;
    view.orders_button().emit_clicked();
    wait_until("the move orders", Duration::from_secs(20), || {
        chart.is_visible() && !view.is_running()
    })?;
    let text = chart.text();
    ensure(
        text.contains("minimal tree (Knuth and Moore): 38 nodes")
            && text.contains("Alpha-beta + ordering + table, moves worst first: 346 nodes")
            && text.contains("MTD(f), moves best first (the solved values): 44 nodes"),
        || format!("the chart in words: {text}"),
    )?;
    // A bar per player and order (four orders on 3x3), and the line.
    wait_until("the chart to be drawn", Duration::from_secs(5), || {
        chart.hit_boxes().len() == 3 * 4 + 1
    })?;
    let line = chart
        .hit_boxes()
        .into_iter()
        .find(|hit| hit.text.starts_with("minimal tree"))
        .ok_or("no line for the minimal tree")?;
    ensure(line.right - line.left < 10.0, || {
        format!("the minimal tree is no line: {line:?}")
    })?;
    ensure(view.status_text().contains("dashed line"), || {
        format!("the status says: {}", view.status_text())
    })?;
    view.close();
    Ok(())
}

/// A temporary directory for the saved files.
fn scratch() -> Result<std::path::PathBuf, String> {
    let directory = std::env::temp_dir().join(format!("ui-compare-{}", std::process::id()));
    std::fs::create_dir_all(&directory).map_err(|error| error.to_string())?;
    Ok(directory)
}

/// Ctrl+M opens Compare on the board's position; Run fills a row per
/// chosen player in order, with the perfect player's move optimal; the
/// charts get a bar per player, with their figure on hover.
fn compare_runs_the_chosen_players_on_the_board(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    set_up(window, POSITION)?;
    let view = open_compare(app, window)?;
    // In the list's order.
    let chosen = [
        (PlayerKind::Random, Difficulty::Hard),
        (PlayerKind::Minimax, Difficulty::Hard),
        (PlayerKind::AlphaBeta, Difficulty::Depth(2)),
        (PlayerKind::Perfect, Difficulty::Hard),
    ];
    view.choices().set_chosen(&chosen);
    ensure(view.choices().chosen() == chosen, || {
        format!("the choices read back as {:?}", view.choices().chosen())
    })?;
    view.run_button().emit_clicked();
    ensure(view.is_running(), || "Run started nothing".into())?;
    ensure(!view.run_button().is_sensitive(), || {
        "Run stays usable while the comparison runs".into()
    })?;
    wait_for_comparison(&view, Duration::from_secs(30))?;
    let rows = view.rows();
    let players: Vec<(PlayerKind, Difficulty)> = rows
        .iter()
        .map(|row| (row.player, row.difficulty))
        .collect();
    ensure(players == chosen, || {
        format!("the rows are {players:?}; status {:?}", view.status_text())
    })?;
    let perfect = &rows[3];
    ensure(perfect.optimal == Optimality::Optimal, || {
        format!("the perfect player's move is {:?}", perfect.optimal)
    })?;
    // Full-depth minimax finds an optimal move too; the table says so.
    ensure(rows[1].optimal == Optimality::Optimal, || {
        format!("full-depth minimax's move is {:?}", rows[1].optimal)
    })?;
    let table = view.table_text();
    ensure(
        table.len() == 4 && table.iter().all(|cells| cells.len() == 10),
        || format!("the table shows {table:?}"),
    )?;
    ensure(
        table[3][9] == "yes" && table[1][3] == group(rows[1].nodes),
        || format!("the perfect player's row reads {:?}", table[3]),
    )?;
    ensure(
        view.status_text().starts_with("Done: 4 players decided."),
        || format!("the status says {:?}", view.status_text()),
    )?;
    ensure(view.save_button().is_sensitive(), || {
        "the table's Save stays off after the comparison".into()
    })?;
    let nodes = view.nodes_chart();
    let (tooltip, bar) = hover_bar(&nodes, 1)?;
    let expected = format!("Minimax, full depth: {} nodes", group(rows[1].nodes));
    ensure(tooltip == expected && bar == expected, || {
        format!("hovering minimax's bar shows {tooltip:?}, expected {expected:?}")
    })?;
    ensure(nodes.hit_boxes().len() == 4, || {
        format!("the nodes chart has {} bars", nodes.hit_boxes().len())
    })?;
    ensure(nodes.text().contains(&expected), || {
        format!("the chart's text equivalent is {:?}", nodes.text())
    })?;
    // Off every bar, no tooltip.
    if let Some(motion) = nodes.motion_controller() {
        motion.emit_by_name::<()>("motion", &[&1.0f64, &1.0f64]);
    }
    ensure(nodes.drawing_area().tooltip_text().is_none(), || {
        "the tooltip stays off the bars".into()
    })
}

/// One player added twice through its Add button, each copy with its own
/// evaluation from its list: both decide, each labelled with its
/// evaluation in the rows and the table.
fn compare_sets_one_players_evaluations_apart(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    set_up(window, POSITION)?;
    let view = open_compare(app, window)?;
    let choices = view.choices();
    choices.set_chosen(&[(PlayerKind::AlphaBetaTt, Difficulty::Depth(2))]);
    let add = choices
        .add_button(PlayerKind::AlphaBetaTt)
        .ok_or("alpha-beta with a table has no Add button")?;
    let evaluations = choices.evaluation_dropdowns(PlayerKind::AlphaBetaTt);
    ensure(evaluations.len() == 1, || {
        format!("{} evaluation lists before adding", evaluations.len())
    })?;
    // Lines, then the copy's Centre (the board's own comes first).
    evaluations[0].set_selected(1);
    add.emit_clicked();
    let evaluations = choices.evaluation_dropdowns(PlayerKind::AlphaBetaTt);
    ensure(evaluations.len() == 2, || {
        format!("{} evaluation lists after Add", evaluations.len())
    })?;
    evaluations[1].set_selected(2);
    view.run_button().emit_clicked();
    wait_for_comparison(&view, Duration::from_secs(30))?;
    let labels: Vec<String> = view.table_text().iter().map(|row| row[0].clone()).collect();
    let expected = [
        "Alpha-beta + ordering + table, depth 2, Lines",
        "Alpha-beta + ordering + table, depth 2, Centre",
    ];
    ensure(labels == expected, || {
        format!(
            "the table's players are {labels:?}; status {:?}",
            view.status_text()
        )
    })?;
    let rows = view.rows();
    ensure(
        rows.len() == 2 && rows[0].evaluation.as_deref() == Some("lines"),
        || {
            format!(
                "the rows' evaluations: {:?}",
                rows.iter().map(|r| &r.evaluation).collect::<Vec<_>>()
            )
        },
    )
}

/// Perfect looks 3x3 positions up and searches no node: the nodes chart
/// has no bar for it (none reaching 1 on its log scale) but says it looked
/// the answer up, and the table gives it no node rate.
fn compare_shows_a_lookup_without_bar_or_rate(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    set_up(window, POSITION)?;
    let view = open_compare(app, window)?;
    let chosen = [
        (PlayerKind::AlphaBeta, Difficulty::Hard),
        (PlayerKind::Perfect, Difficulty::Hard),
    ];
    view.choices().set_chosen(&chosen);
    view.run_button().emit_clicked();
    wait_for_comparison(&view, Duration::from_secs(30))?;
    let rows = view.rows();
    ensure(rows.len() == 2 && rows[1].nodes == 0, || {
        format!("the rows are {rows:?}")
    })?;
    let rates: Vec<String> = view
        .table_text()
        .iter()
        .map(|cells| cells[5].clone())
        .collect();
    ensure(rates[1] == "—", || {
        format!("the node rates read {rates:?}")
    })?;
    let (tooltip, _) = hover_bar(&view.nodes_chart(), 1)?;
    ensure(
        tooltip.ends_with(": no node: it looked the answer up"),
        || format!("Perfect's row in the nodes chart says {tooltip:?}"),
    )
}

/// A line of the End-Easy test set, pasted into the edit bar on the
/// Connect Four board with its score, is the position Compare (Ctrl+M)
/// decides: Perfect's row counts the solver's nodes, each move solved.
fn compare_shows_the_solvers_nodes_on_a_test_set_line(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    const COLUMNS: &str = "2252576253462244111563365343671351441";
    let board = Board::from_columns(Shape::CONNECT_FOUR, COLUMNS).map_err(|(_, e)| e.words())?;
    window.board_picker().set_shape(Shape::CONNECT_FOUR);
    let set_up = set_up_as(window, &format!("{COLUMNS} -1"), &board.to_string());
    if set_up.is_err() {
        window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    }
    set_up?;
    let view = open_compare(app, window)?;
    view.choices()
        .set_chosen(&[(PlayerKind::Perfect, Difficulty::Hard)]);
    view.run_button().emit_clicked();
    wait_for_comparison(&view, Duration::from_secs(30))?;
    let rows = view.rows();
    let table = view.table_text();
    view.close();
    window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    let solved = move_values(
        &mut Solver::with_table_bytes(DEFAULT_TABLE_BYTES),
        &board,
        &CancelFlag::new(),
        None,
    );
    let nodes = solved.stats.nodes;
    ensure(
        nodes > 0 && rows.len() == 1 && rows[0].nodes == nodes,
        || format!("Perfect's row is {rows:?}, the solver's nodes {nodes}"),
    )?;
    ensure(table[0].contains(&group(nodes)), || {
        format!("the table reads {table:?}, not the solver's {nodes} nodes")
    })
}

/// The charts save as PNG and SVG, the table as CSV and JSON.
fn compare_saves_charts_and_table(
    _app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = window.compare_view().ok_or("no Compare window")?;
    let directory = scratch()?;
    let png = directory.join("nodes.png");
    let svg = directory.join("time.svg");
    view.nodes_chart().save(&png, ImageFormat::Png)?;
    view.time_chart().save(&svg, ImageFormat::Svg)?;
    let bytes = std::fs::read(&png).map_err(|error| error.to_string())?;
    ensure(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), || {
        "the PNG file is no PNG".into()
    })?;
    let text = std::fs::read_to_string(&svg).map_err(|error| error.to_string())?;
    ensure(text.starts_with("<?xml") && text.contains("<svg"), || {
        format!("the SVG file starts {:?}", &text[..text.len().min(80)])
    })?;
    let csv = directory.join("comparison.csv");
    let json = directory.join("comparison.json");
    view.save_table(&csv, TableFormat::Csv)?;
    view.save_table(&json, TableFormat::Json)?;
    let csv = std::fs::read_to_string(&csv).map_err(|error| error.to_string())?;
    ensure(
        csv.lines().count() == 5 && csv.starts_with("label,player,"),
        || format!("the CSV reads {csv:?}"),
    )?;
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).map_err(|error| error.to_string())?)
            .map_err(|error| error.to_string())?;
    ensure(json["rows"].as_array().map(Vec::len) == Some(4), || {
        format!("the JSON holds {json}")
    })?;
    // Nowhere to write: said, and nothing else changes.
    let failed = view.save_table(&directory.join("missing/table.csv"), TableFormat::Csv);
    ensure(
        failed
            .as_ref()
            .is_err_and(|error| error.starts_with("Could not save to table.csv")),
        || format!("saving into a missing folder gave {failed:?}"),
    )?;
    let _ = std::fs::remove_dir_all(&directory);
    Ok(())
}

/// Cancel stops a search that would take far longer, keeps the rows that
/// finished, and the window runs the next comparison as before.
fn compare_cancel_leaves_the_window_usable(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    // Full-depth minimax on the empty 4x4 board runs for hours.
    set_up(window, "..../..../..../....")?;
    let view = open_compare(app, window)?;
    view.choices().set_chosen(&[
        (PlayerKind::Random, Difficulty::Hard),
        (PlayerKind::Minimax, Difficulty::Hard),
    ]);
    view.run_button().emit_clicked();
    wait_until("random's row", Duration::from_secs(10), || {
        view.rows().len() == 1
    })?;
    pass_time(Duration::from_millis(300));
    ensure(view.is_running(), || "minimax finished on 4x4".into())?;
    view.cancel_button().emit_clicked();
    let took = wait_until("Cancel to stop minimax", Duration::from_secs(2), || {
        !view.is_running()
    })?;
    ensure(
        view.status_text()
            .starts_with("Cancelled: 1 of 2 players decided."),
        || {
            format!(
                "after Cancel ({took:?}) the status says {:?}",
                view.status_text()
            )
        },
    )?;
    ensure(
        view.rows().len() == 1 && view.rows()[0].player == PlayerKind::Random,
        || format!("the rows after Cancel: {:?}", view.rows().len()),
    )?;
    set_up(window, POSITION)?;
    view.choices()
        .set_chosen(&[(PlayerKind::AlphaBetaTt, Difficulty::Hard)]);
    view.run_button().emit_clicked();
    wait_for_comparison(&view, Duration::from_secs(10))?;
    ensure(
        view.rows().len() == 1 && view.rows()[0].optimal == Optimality::Optimal,
        || format!("the comparison after Cancel: {:?}", view.status_text()),
    )?;
    // A finished game has no move to decide: said, and nothing runs.
    set_up(window, "xxx/oo./...")?;
    view.run_button().emit_clicked();
    wait_for_comparison(&view, Duration::from_secs(5))?;
    ensure(
        view.status_text().starts_with("Nothing to compare:"),
        || format!("a won position says {:?}", view.status_text()),
    )?;
    set_up(window, ".../.../...")?;
    view.close();
    ensure(!view.is_visible(), || {
        "Esc/close left the window open".into()
    })
}

fn open_tournament(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<TournamentView, String> {
    open_by_shortcut(
        app,
        window,
        ("win.tournament", "<Control>t"),
        "Tournament",
        TictactoeWindow::tournament_view,
    )
}

/// Parses a cross-table cell, "X 3–1–0\nO 2–2–1", into both tallies.
fn cell_tallies(text: &str) -> Option<[[u64; 3]; 2]> {
    let mut lines = text.lines();
    let mut side = |prefix: &str| -> Option<[u64; 3]> {
        let numbers: Vec<u64> = lines
            .next()?
            .strip_prefix(prefix)?
            .split('–')
            .map(|n| n.parse().ok())
            .collect::<Option<_>>()?;
        numbers.try_into().ok()
    };
    Some([side("X ")?, side("O ")?])
}

/// A small tournament on 3x3 finishes; the cross table it shows adds up:
/// every game once from each side, each pairing both colours, and the
/// perfect player never loses.
fn a_small_tournament_adds_up(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_tournament(app, window)?;
    let players = [
        (PlayerKind::Random, Difficulty::Hard),
        (PlayerKind::Rules, Difficulty::Hard),
        (PlayerKind::Perfect, Difficulty::Hard),
    ];
    view.choices().set_chosen(&players);
    view.board_picker().preset_dropdown().set_selected(0);
    view.games_spin().set_value(6.0);
    view.seed_entry().set_text("42");
    view.start_button().emit_clicked();
    ensure(view.is_running(), || {
        format!("Start started nothing: {:?}", view.status_text())
    })?;
    wait_until("the tournament to end", Duration::from_secs(60), || {
        !view.is_running()
    })?;
    let results = view.results().ok_or("no results")?;
    ensure(!results.partial && results.games_played == 36, || {
        format!(
            "{} of {} games, partial {}",
            results.games_played, results.games_total, results.partial
        )
    })?;
    ensure(
        results.size == Shape::TIC_TAC_TOE && results.seed == 42,
        || "the tournament ran another board or seed".into(),
    )?;
    let shown = view.cross_table_text();
    ensure(shown.len() == 4, || {
        format!("the cross table shows {shown:?}")
    })?;
    let mut games = 0;
    for row in 0..3 {
        for column in 0..3 {
            let text = &shown[row + 1][column + 1];
            if row == column {
                ensure(text == "—", || format!("the diagonal shows {text:?}"))?;
                continue;
            }
            let [as_x, as_o] =
                cell_tallies(text).ok_or_else(|| format!("cell {row},{column} reads {text:?}"))?;
            let [mirror_x, mirror_o] = cell_tallies(&shown[column + 1][row + 1])
                .ok_or("the mirrored cell does not parse")?;
            // My wins as X are the other's losses as O, and so on.
            ensure(
                as_x == [mirror_o[2], mirror_o[1], mirror_o[0]]
                    && as_o == [mirror_x[2], mirror_x[1], mirror_x[0]],
                || format!("cells {row},{column} and {column},{row} disagree: {text:?}"),
            )?;
            ensure(
                as_x.iter().sum::<u64>() == 6 && as_o.iter().sum::<u64>() == 6,
                || format!("cell {row},{column} holds {text:?}, not 6 games a colour"),
            )?;
            games += as_x.iter().sum::<u64>();
        }
    }
    ensure(games == 36, || {
        format!("the cross table counts {games} games")
    })?;
    let points: f64 = results.standings.iter().map(|s| s.points).sum();
    ensure(points == 36.0, || format!("the points add up to {points}"))?;
    let perfect = results
        .standings
        .iter()
        .find(|s| results.entrants[s.entrant].player == PlayerKind::Perfect)
        .ok_or("perfect has no standing")?;
    // Never losing is not ranking first: Rules may beat Random more often,
    // and a note under the ranking says so when it happens.
    ensure(perfect.total.losses == 0, || {
        format!("perfect lost {}", perfect.total.losses)
    })?;
    let note = view.ranking_note_text();
    let perfect_name = results.entrants[perfect.entrant]
        .contender
        .label(results.size, tictactoe_words::report::TextStyle::WINDOW);
    ensure(
        (perfect.rank > 1)
            == note
                .as_ref()
                .is_some_and(|note| note.starts_with(&perfect_name)),
        || format!("perfect ranks {} and the note reads {note:?}", perfect.rank),
    )?;
    ensure(perfect.rank > 1, || {
        "seed 42 no longer ranks perfect below rules: the note goes untested".into()
    })?;
    // Rules and Random move in about a microsecond: a mean that rounds to
    // none reads "< 1 µs", never "0 µs" (which players get there depends
    // on the machine's load, so their count is checked against the means).
    let ranking = view.ranking_text();
    let time_column = ranking
        .first()
        .and_then(|header| header.iter().position(|cell| cell == "Time per move"))
        .ok_or_else(|| format!("the ranking reads {ranking:?}"))?;
    let times: Vec<&String> = ranking[1..].iter().map(|row| &row[time_column]).collect();
    ensure(
        times.len() == results.standings.len()
            && times.iter().all(|time| !time.starts_with("0 "))
            && results
                .standings
                .iter()
                .filter(|standing| standing.mean_time_us.is_some_and(|mean| mean.round() < 1.0))
                .count()
                == times
                    .iter()
                    .filter(|time| time.as_str() == "< 1 µs")
                    .count(),
        || format!("the times per move read {times:?}"),
    )?;
    ensure(
        view.status_text().starts_with("Finished: 36 of 36 games"),
        || format!("the status says {:?}", view.status_text()),
    )?;
    let best = &results.entrants[results.standings[0].entrant];
    let best = best
        .contender
        .label(results.size, tictactoe_words::report::TextStyle::WINDOW);
    let (tooltip, bar) = hover_bar(&view.ranking_chart(), 0)?;
    ensure(
        tooltip == bar && tooltip.starts_with(&format!("{best}: ")),
        || format!("hovering the best player's bar shows {tooltip:?}"),
    )?;
    let (tooltip, _) = hover_bar(&view.sides_chart(), 0)?;
    ensure(tooltip.starts_with(&format!("{best} as X: ")), || {
        format!("hovering the results chart shows {tooltip:?}")
    })?;
    let directory = scratch()?;
    let svg = directory.join("ranking.svg");
    view.ranking_chart().save(&svg, ImageFormat::Svg)?;
    let text = std::fs::read_to_string(&svg).map_err(|error| error.to_string())?;
    ensure(text.contains("<svg"), || "the ranking SVG is no SVG".into())?;
    let csv = directory.join("cross.csv");
    view.save_results(&csv, ResultsFile::CrossTable)?;
    let csv = std::fs::read_to_string(&csv).map_err(|error| error.to_string())?;
    ensure(csv.lines().count() == 7, || {
        format!("the cross-table CSV reads {csv:?}")
    })?;
    // The JSON holds every game, though the results keep none.
    let json = directory.join("tournament.json");
    view.save_results(&json, ResultsFile::Json)?;
    let json = std::fs::read_to_string(&json).map_err(|error| error.to_string())?;
    let json: serde_json::Value = serde_json::from_str(&json).map_err(|error| error.to_string())?;
    ensure(
        json["games"].as_array().map(Vec::len) == Some(36)
            && json["games_played"] == 36
            && json["standings"].as_array().map(Vec::len) == Some(3),
        || format!("the JSON reads {json}"),
    )?;
    let _ = std::fs::remove_dir_all(&directory);
    Ok(())
}

/// Cancel keeps the games finished, shown as partial; a bad seed starts
/// nothing and says why.
fn a_cancelled_tournament_keeps_its_games(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_tournament(app, window)?;
    view.seed_entry().set_text("not a seed");
    view.start_button().emit_clicked();
    ensure(!view.is_running(), || {
        "a bad seed started a tournament".into()
    })?;
    ensure(
        view.status_text()
            .starts_with("The seed must be a whole number"),
        || format!("a bad seed says {:?}", view.status_text()),
    )?;
    view.choices().set_chosen(&[
        (PlayerKind::Random, Difficulty::Hard),
        (PlayerKind::AlphaBeta, Difficulty::Medium),
        (PlayerKind::Mcts, Difficulty::Hard),
    ]);
    view.board_picker().preset_dropdown().set_selected(1);
    view.games_spin().set_value(500.0);
    view.seed_entry().set_text("7");
    view.start_button().emit_clicked();
    wait_until("some games to finish", Duration::from_secs(30), || {
        view.progress_text().contains("games/s")
    })?;
    view.cancel_button().emit_clicked();
    wait_until("Cancel to stop the games", Duration::from_secs(5), || {
        !view.is_running()
    })?;
    let results = view.results().ok_or("no results after Cancel")?;
    ensure(
        results.partial && results.games_played < results.games_total,
        || {
            format!(
                "after Cancel: {} of {} games",
                results.games_played, results.games_total
            )
        },
    )?;
    let counted: u64 = results.standings.iter().map(|s| s.total.games()).sum();
    ensure(counted == 2 * results.games_played, || {
        format!(
            "the ranking counts {counted} games for {} played",
            results.games_played
        )
    })?;
    ensure(view.status_text().starts_with("Partial results:"), || {
        format!("the status says {:?}", view.status_text())
    })?;
    ensure(view.start_button().is_sensitive(), || {
        "Start stays off after Cancel".into()
    })?;
    view.close();
    Ok(())
}

/// One player added twice in the Tournament window: alike, the two are
/// refused as entered twice; with evaluations apart they play, and the
/// ranking and the cross table name each by its evaluation.
fn a_tournament_sets_evaluations_against_each_other(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_tournament(app, window)?;
    let choices = view.choices();
    choices.set_chosen(&[(PlayerKind::AlphaBetaTt, Difficulty::Depth(2))]);
    choices
        .add_button(PlayerKind::AlphaBetaTt)
        .ok_or("alpha-beta with a table has no Add button")?
        .emit_clicked();
    view.board_picker().preset_dropdown().set_selected(0);
    view.games_spin().set_value(1.0);
    view.seed_entry().set_text("7");
    view.start_button().emit_clicked();
    ensure(
        !view.is_running() && view.status_text().contains("entered twice"),
        || format!("two alike started: {:?}", view.status_text()),
    )?;
    let evaluations = choices.evaluation_dropdowns(PlayerKind::AlphaBetaTt);
    evaluations[1].set_selected(2);
    view.start_button().emit_clicked();
    wait_until("the tournament to end", Duration::from_secs(60), || {
        !view.is_running()
    })?;
    let results = view.results().ok_or("no results")?;
    ensure(results.games_played == 2, || {
        format!("{} games played", results.games_played)
    })?;
    let names: Vec<String> = view.ranking_text()[1..]
        .iter()
        .flat_map(|row| row.iter().cloned())
        .collect();
    for label in [
        "Alpha-beta + ordering + table, depth 2",
        "Alpha-beta + ordering + table, depth 2, Centre",
    ] {
        ensure(names.iter().any(|cell| cell == label), || {
            format!("{label} is not in the ranking {names:?}")
        })?;
    }
    let cross = view.cross_table_text();
    ensure(
        cross
            .iter()
            .any(|row| row.iter().any(|cell| cell.ends_with("depth 2, Centre"))),
        || format!("the cross table reads {cross:?}"),
    )
}

fn main() -> ExitCode {
    use_test_environment();
    let (app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 10] = [
        (
            "compare charts the move orders against the minimal tree",
            compare_charts_the_move_orders_against_the_minimal_tree,
        ),
        (
            "compare runs the chosen players on the board",
            compare_runs_the_chosen_players_on_the_board,
        ),
        (
            "compare saves charts and table",
            compare_saves_charts_and_table,
        ),
        (
            "compare: cancel leaves the window usable",
            compare_cancel_leaves_the_window_usable,
        ),
        (
            "compare shows a lookup without bar or rate",
            compare_shows_a_lookup_without_bar_or_rate,
        ),
        (
            "compare shows the solver's nodes on a test set's line",
            compare_shows_the_solvers_nodes_on_a_test_set_line,
        ),
        // Last of Compare's: the player it adds stays in the list.
        (
            "compare sets one player's evaluations apart",
            compare_sets_one_players_evaluations_apart,
        ),
        ("a small tournament adds up", a_small_tournament_adds_up),
        (
            "a cancelled tournament keeps its games",
            a_cancelled_tournament_keeps_its_games,
        ),
        // Last: the player it adds stays in the list.
        (
            "a tournament sets evaluations against each other",
            a_tournament_sets_evaluations_against_each_other,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check(&app, &window));
    }
    window.close();
    let _ = glib::MainContext::default().iteration(false);
    results.finish()
}
