//! The Monte Carlo window, driven as a person would, its keys pressed by
//! `xdotool` through the X server: opened by Ctrl+Shift+M on the main
//! window's position, stepped phase by phase and a playout at a time,
//! taken back, run on by 1,000 playouts off the main thread, c changed,
//! and switched to the neural network's PUCT search. What it shows is
//! checked against the engine's own search with the same seed. Needs a
//! display and xdotool: `xvfb-run -a cargo test --release --test ui_mcts`.

mod harness;

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use gtk::prelude::*;
use harness::{
    Results, ensure, open_window, point_into, start, use_test_environment, wait_until, xdotool,
};
use tictactoe::ui::{BoardNetwork, MctsView, TictactoeApplication, TictactoeWindow};
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::growing::{GrowingSearch, LeafValue};
use tictactoe_engine::learners::network::Network;
use tictactoe_engine::learners::neural::PuctSearch;
use tictactoe_engine::learners::{Learner, LearnerState};
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_engine::players::mcts::{EXPLORATION, MctsSearch};
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver, Strength};
use tictactoe_files::learner_state::{LearnerFile, state_path_on};
use tictactoe_words::numbers::{group, percent, result_number};

/// X to move with seven open cells: a root with seven children.
const POSITION: &str = "x../.o./...";

/// Playouts stepped: more than the children, so that every one is visited
/// and the pick is made by UCB rather than by cell order.
const STEPS: u32 = 25;

fn activate(widget: &impl IsA<gtk::Widget>, action: &str) -> Result<(), String> {
    WidgetExt::activate_action(widget, action, None).map_err(|error| format!("{action}: {error}"))
}

/// Presses `keys` (xdotool's names: "alt+Right") with the pointer in
/// `window`, where the keys go without a window manager.
fn press_in(window: &impl IsA<gtk::Window>, keys: &str) -> Result<(), String> {
    let window = window.as_ref();
    let title = window.title().unwrap_or_default();
    point_into(&title, (window.width() / 2, window.height() - 20))?;
    xdotool(&["key", keys])
}

/// The window's search run the same way: the same seed, `steps` playouts.
fn reference(steps: u32) -> Result<MctsSearch, String> {
    let board: Board = POSITION.parse().map_err(|_| "the position parses")?;
    let mut search =
        MctsSearch::new(&board, MctsView::SEED, EXPLORATION).ok_or("the game is open")?;
    search.run(steps, &CancelFlag::new());
    Ok(search)
}

fn open_on_position(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<MctsView, String> {
    type_position(window, POSITION)?;
    open_by_its_keys(app, window)
}

/// The position editor opened, `text` typed, closed again.
fn type_position(window: &TictactoeWindow, text: &str) -> Result<(), String> {
    activate(window, "win.edit")?;
    window.position_editor().entry().set_text(text);
    activate(window, "win.edit")
}

/// The Monte Carlo window opened afresh by Ctrl+Shift+M on the main
/// window's position.
fn open_by_its_keys(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<MctsView, String> {
    let accels = app.accels_for_action("win.mcts");
    ensure(
        accels.iter().any(|each| each == "<Shift><Control>m"),
        || format!("win.mcts has the shortcuts {accels:?}"),
    )?;
    if let Some(view) = window.mcts_view() {
        view.close();
    }
    press_in(window, "ctrl+shift+m")?;
    wait_until(
        "Ctrl+Shift+M to open the window",
        Duration::from_secs(20),
        || window.mcts_view().is_some_and(|view| view.is_visible()),
    )?;
    let view = window
        .mcts_view()
        .ok_or("Ctrl+Shift+M opened no Monte Carlo window")?;
    wait_until(
        "the Monte Carlo window to show",
        Duration::from_secs(5),
        || view.is_visible() && view.width() > 0,
    )?;
    Ok(view)
}

fn stepping_shows_the_roots_children_as_selection_sees_them(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_on_position(app, window)?;
    ensure(view.picked_text().is_none(), || {
        format!(
            "before any playout a pick is marked: {:?}",
            view.child_texts()
        )
    })?;
    for _ in 0..STEPS {
        activate(&view, "mcts.step")?;
    }
    ensure(view.summary_text().contains("25 playouts"), || {
        format!("the summary says {:?}", view.summary_text())
    })?;
    let search = reference(STEPS)?;
    let choice = search
        .choice(0, EXPLORATION)
        .ok_or("the root is expanded")?;
    let texts = view.child_texts();
    ensure(texts.len() == choice.children.len(), || {
        format!(
            "{} rows for {} children: {texts:?}",
            texts.len(),
            choice.children.len()
        )
    })?;
    for (text, child) in texts.iter().zip(&choice.children) {
        let (earned, exploration) = child.terms.ok_or("every child is visited")?;
        let expected = [
            format!("Cell {}: {} visits", child.cell + 1, child.visits),
            format!("UCB {earned:.3} earned + {exploration:.3} exploration"),
        ];
        for part in expected {
            ensure(text.contains(&part), || format!("{text:?} lacks {part:?}"))?;
        }
    }
    let visits: u32 = choice.children.iter().map(|child| child.visits).sum();
    // Every playout goes through one child of the root (the first one
    // expands the root and visits a child it adds).
    ensure(visits == STEPS, || {
        format!("the children's visits add up to {visits}, not to the playouts")
    })?;
    let picked = choice.picked_child();
    let picked_text = view
        .picked_text()
        .ok_or("no row is marked as the next pick")?;
    ensure(
        picked_text.starts_with(&format!("Cell {}:", picked.cell + 1))
            && picked_text.ends_with("selection picks it next"),
        || {
            format!(
                "the marked row is {picked_text:?}, selection picks cell {}",
                picked.cell + 1
            )
        },
    )?;
    let marked = texts
        .iter()
        .filter(|text| text.contains("picks it next"))
        .count();
    ensure(marked == 1, || {
        format!("{marked} rows say they are picked next: {texts:?}")
    })
}

fn keys_show_a_playout_phase_by_phase(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_on_position(app, window)?;
    let step = reference(0)?.step();
    let mut texts = Vec::new();
    for _ in 0..40 {
        press_in(&view, "alt+Right")?;
        wait_until("the phase to change", Duration::from_secs(20), || {
            texts.last() != Some(&view.phase_text())
        })?;
        let text = view.phase_text();
        let description = view.path_description();
        ensure(description == text, || {
            format!("the path's picture is described as {description:?}, the phase is {text:?}")
        })?;
        texts.push(text);
        if texts.last().is_some_and(|text| text.starts_with("Update:")) {
            break;
        }
    }
    let path: Vec<usize> = step.path().collect();
    let LeafValue::Playout { moves, .. } = &step.leaf else {
        return Err(format!("the first playout ends at once: {step:?}"));
    };
    let mut expected = Vec::new();
    for (depth, cell) in path.iter().enumerate() {
        expected.push(format!("Selection {} of {}:", depth + 1, path.len()));
        expected.push(format!("takes cell {}", cell + 1));
    }
    expected.push("Expansion: the root gets its 7 children".into());
    for count in 1..moves.len() {
        expected.push(format!(
            "Random playout, {count} of {} moves so far",
            moves.len()
        ));
    }
    expected.push("Random playout:".into());
    expected.push("Update:".into());
    let all = texts.join("\n");
    let mut from = 0;
    for part in &expected {
        let found = all[from..]
            .find(part.as_str())
            .ok_or_else(|| format!("{part:?} missing or out of order in {all}"))?;
        from += found;
    }
    ensure(texts.len() == path.len() + 1 + moves.len() + 1, || {
        format!("{} phases: {all}", texts.len())
    })?;
    ensure(view.steps() == Some(1), || {
        format!("{:?} playouts after one", view.steps())
    })?;
    // While selecting, the row selection took was marked as taken.
    press_in(&view, "alt+Right")?;
    wait_until(
        "the next playout's first phase",
        Duration::from_secs(20),
        || view.phase_text().starts_with("Selection 1 of"),
    )?;
    let picked = view.picked_text().ok_or("no row marked while selecting")?;
    ensure(picked.ends_with("selection took it"), || {
        format!("the marked row says {picked:?}")
    })
}

fn back_replays_the_tree_a_playout_ago(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_on_position(app, window)?;
    for count in 1..=4 {
        press_in(&view, "ctrl+Return")?;
        wait_until("a playout", Duration::from_secs(20), || {
            view.steps() == Some(count)
        })?;
    }
    let (phase, rows) = (view.phase_text(), view.child_texts());
    press_in(&view, "ctrl+Return")?;
    wait_until("the fifth playout", Duration::from_secs(20), || {
        view.steps() == Some(5)
    })?;
    ensure(view.child_texts() != rows, || {
        "the fifth playout changed nothing".into()
    })?;
    press_in(&view, "alt+Left")?;
    wait_until("Alt+Left to go back", Duration::from_secs(20), || {
        view.steps() == Some(4)
    })?;
    ensure(view.phase_text() == phase, || {
        format!("back at 4: {:?}, was {phase:?}", view.phase_text())
    })?;
    ensure(view.child_texts() == rows, || {
        format!(
            "back at 4 the rows are {:?}, were {rows:?}",
            view.child_texts()
        )
    })
}

fn running_a_thousand_ends_in_the_searchs_statistics(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_on_position(app, window)?;
    press_in(&view, "ctrl+3")?;
    wait_until("1,000 playouts", Duration::from_secs(60), || {
        view.steps() == Some(1000) && !view.is_running()
    })?;
    let search = reference(1000)?;
    let choice = search
        .choice(0, EXPLORATION)
        .ok_or("the root is expanded")?;
    let texts = view.child_texts();
    for (text, child) in texts.iter().zip(&choice.children) {
        let part = format!("Cell {}: {} visits", child.cell + 1, child.visits);
        ensure(text.contains(&part), || format!("{text:?} lacks {part:?}"))?;
    }
    // The chart's last point of each move is the tree's mean.
    let chart = view.convergence_chart().text();
    let report = tictactoe_engine::players::mcts::search(
        &search.board().clone(),
        &CancelFlag::new(),
        1000,
        MctsView::SEED,
    )
    .0;
    let mut charted = 0;
    for score in &report.moves {
        let name = format!("cell {}: mean ", score.cell + 1);
        if let Some(at) = chart.find(&name) {
            charted += 1;
            let mean = score.mean.ok_or("a visited move has a mean")?;
            let expected = format!("{name}{} after 1,000 playouts", signed(mean));
            ensure(chart[at..].starts_with(&expected), || {
                format!("the chart says {chart:?}, expected {expected:?}")
            })?;
        }
    }
    ensure(charted == 6, || format!("{charted} moves charted: {chart}"))?;
    let shares = view.share_chart().text();
    ensure(shares.contains("of 1,000)"), || {
        format!("the share chart says {shares}")
    })
}

/// A mean as the window writes it: "+0.420", "−0.250".
fn signed(value: f64) -> String {
    let text = format!("{:.3}", value.abs());
    if text.bytes().all(|b| matches!(b, b'0' | b'.')) {
        text
    } else if value < 0.0 {
        format!("−{text}")
    } else {
        format!("+{text}")
    }
}

fn changing_c_changes_the_next_pick(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_on_position(app, window)?;
    for _ in 0..STEPS {
        activate(&view, "mcts.step")?;
    }
    let search = reference(STEPS)?;
    let picks: Vec<(f64, usize)> = [0.0, 0.5, 1.0, 2.0, 4.0]
        .into_iter()
        .map(|c| {
            (
                c,
                search
                    .choice(0, c)
                    .map_or(0, |choice| choice.picked_child().cell),
            )
        })
        .collect();
    ensure(picks.iter().any(|&(_, cell)| cell != picks[0].1), || {
        format!("c changes no pick here: {picks:?}")
    })?;
    for (c, cell) in picks {
        view.exploration_spin().set_value(c);
        let picked = view.picked_text().ok_or("no row marked")?;
        ensure(picked.starts_with(&format!("Cell {}:", cell + 1)), || {
            format!(
                "with c = {c} the marked row is {picked:?}, selection picks cell {}",
                cell + 1
            )
        })?;
        ensure(view.summary_text().contains(&format!("c = {c:.2}")), || {
            format!("the summary says {:?}", view.summary_text())
        })?;
    }
    Ok(())
}

fn the_neural_search_shows_priors_and_the_networks_value(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_on_position(app, window)?;
    view.search_dropdown().set_selected(1);
    for _ in 0..3 {
        activate(&view, "mcts.phase")?;
    }
    let all = format!("{} {:?}", view.phase_text(), view.child_texts());
    ensure(view.summary_text().contains("simulation"), || {
        format!("the summary says {:?}", view.summary_text())
    })?;
    activate(&view, "mcts.step")?;
    ensure(view.phase_text().starts_with("Update:"), || {
        view.phase_text()
    })?;
    let rows = view.child_texts();
    ensure(
        rows.iter()
            .all(|row| row.contains("prior") && row.contains("PUCT")),
        || format!("the rows say {rows:?} ({all})"),
    )?;
    view.search_dropdown().set_selected(0);
    Ok(())
}

fn a_monte_carlo_search_in_the_log_grows_again_to_its_tree(
    _: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    if let Some(view) = window.mcts_view() {
        view.close();
    }
    let human = (PlayerKind::Human, Difficulty::Hard);
    start(
        window,
        (PlayerKind::Mcts, Difficulty::Easy),
        human,
        Shape::TIC_TAC_TOE,
        Duration::ZERO,
    )?;
    // The game goes on from the position the other checks set up, X to
    // move.
    wait_until("Monte Carlo's move", Duration::from_secs(30), || {
        window.board_view().board().side_to_move() == Side::Min
    })
    .map_err(|error| {
        format!(
            "{error}: the board is {}, the status says {:?}",
            window.board_view().board(),
            window.status_text()
        )
    })?;
    let log = window.search_log();
    let text = log.text();
    let lines: Vec<&str> = text.lines().collect();
    let row = lines
        .iter()
        .rposition(|line| {
            line.split_once(". ").is_some_and(|(number, rest)| {
                number.parse::<u32>().is_ok() && rest.starts_with('X')
            })
        })
        .ok_or_else(|| format!("no row for X's move:\n{}", log.text()))?;
    log.select_row(row as u32);
    let report = log.selected_search().ok_or("X's row has no search")?;
    let playouts: u32 = report.moves.iter().filter_map(|score| score.visits).sum();
    press_in(window, "ctrl+shift+m")?;
    wait_until(
        "the log's search grown again",
        Duration::from_secs(60),
        || {
            window.mcts_view().is_some_and(|view| {
                view.is_visible() && !view.is_running() && view.steps() == Some(playouts)
            })
        },
    )?;
    let view = window.mcts_view().ok_or("no Monte Carlo window")?;
    let texts = view.child_texts();
    ensure(texts.len() == report.moves.len(), || {
        format!("{} rows for {} moves", texts.len(), report.moves.len())
    })?;
    for (text, score) in texts.iter().zip(&report.moves) {
        let visits = score.visits.ok_or("a Monte Carlo move has visits")?;
        let part = format!(
            "Cell {}: {} visit",
            score.cell + 1,
            group(u64::from(visits))
        );
        ensure(text.starts_with(&part), || {
            format!("{text:?} is not {part:?}…")
        })?;
    }
    window.end_button().emit_clicked();
    log.unselect();
    Ok(())
}

/// A Connect Four position of the middle-easy test set (18 stones, X to
/// move: columns 2 and 4 win, 5 draws, the others lose), the columns
/// played.
const CONNECT_FOUR_MIDGAME: &str = "137616613112365341";

/// The self-play games the Connect Four network's file says it learned
/// from.
const CONNECT_FOUR_GAMES: u64 = 40;

/// The neural player's Connect Four file in the test's data directory.
fn connect_four_file() -> std::path::PathBuf {
    state_path_on(
        &harness::test_data_home().join("tictactoe"),
        PlayerKind::Neural,
        Shape::CONNECT_FOUR,
    )
}

/// A Connect Four network of its own (not the untrained one), saved where
/// the main window reads the neural player's Connect Four network: before
/// the window opens.
fn save_a_connect_four_network() -> Result<(), String> {
    let state = LearnerState {
        learner: Learner::Neural(Network::new(Shape::CONNECT_FOUR, 7)),
        games: CONNECT_FOUR_GAMES,
    };
    state
        .write(&connect_four_file())
        .map_err(|error| format!("saving the Connect Four network: {error}"))
}

/// "X wins", "draw", "O wins": the solver's value of `board`.
fn solved(solver: &mut Solver, board: &Board) -> Result<&'static str, String> {
    let solution = solver
        .solve(board, Strength::Weak, &CancelFlag::new())
        .ok_or("the solver stopped")?;
    Ok(match solution.winner() {
        Some(Side::Max) => "X wins",
        Some(Side::Min) => "O wins",
        None => "draw",
    })
}

/// On Connect Four, chosen in the main window's board picker, a mid-game
/// position typed by its columns: the neural search runs with the
/// board's own network (its file's), and each column's row beside the
/// truth shows that network's prior and its value of the position after
/// the column, the search's visits, and the solver's exact value; the
/// network's first choice and the search's most visited move are marked,
/// and say so where they throw away a better value; at 640 px it all fits
/// across. A network of another board is refused, with the reason in the
/// status line.
fn on_connect_four_the_neural_search_shows_the_networks_beliefs_beside_the_solver(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    window.board_picker().set_shape(Shape::CONNECT_FOUR);
    let board = Board::from_columns(Shape::CONNECT_FOUR, CONNECT_FOUR_MIDGAME)
        .map_err(|error| format!("{error:?}"))?;
    type_position(window, CONNECT_FOUR_MIDGAME)?;
    wait_until("the typed position", Duration::from_secs(5), || {
        window.board_view().board() == board
    })?;
    let view = open_by_its_keys(app, window)?;
    view.search_dropdown().set_selected(1);
    ensure(view.summary_text().contains("0 simulations run"), || {
        format!(
            "the summary says {:?}, the status {:?}",
            view.summary_text(),
            view.status_text()
        )
    })?;
    press_in(&view, "ctrl+2")?;
    wait_until("100 simulations", Duration::from_secs(60), || {
        view.steps() == Some(100) && !view.is_running()
    })?;
    let known = wait_until("the exact values", Duration::from_secs(20), || {
        let rows = view.belief_texts();
        !rows.is_empty() && rows.iter().all(|row| row.contains("exact value:"))
    });
    known.map_err(|error| format!("{error}: the rows say {:?}", view.belief_texts()))?;
    let file = LearnerState::read(&connect_four_file()).map_err(|error| format!("{error:?}"))?;
    let Learner::Neural(network) = file.learner else {
        return Err("the file holds no network".into());
    };
    let heading = view.beliefs_heading();
    ensure(
        heading.contains("network for Connect Four")
            && heading.contains(&format!(
                "learned from {CONNECT_FOUR_GAMES} self-play games"
            )),
        || format!("the beliefs' heading says {heading:?}"),
    )?;
    let priors = network.evaluate(&board).priors;
    let mut reference = PuctSearch::new(&network, &board, None);
    reference.run(100, &CancelFlag::new());
    let visits: Vec<u32> = reference.search().tree[0]
        .children()
        .map(|child| reference.search().tree[child].visits)
        .collect();
    let mut solver = Solver::with_table_bytes(DEFAULT_TABLE_BYTES);
    let mover = board.side_to_move();
    let for_mover = |text: &str| match (text, mover) {
        ("draw", _) => 0,
        ("X wins", Side::Max) | ("O wins", Side::Min) => 1,
        _ => -1,
    };
    let mut exact = Vec::new();
    for cell in board.legal_moves() {
        let mut after = board;
        after.play(cell).map_err(|error| format!("{error:?}"))?;
        exact.push(solved(&mut solver, &after)?);
    }
    let best = exact.iter().map(|text| for_mover(text)).max().unwrap_or(0);
    let rows = view.belief_texts();
    ensure(rows.len() == exact.len(), || {
        format!("{} rows for {} columns: {rows:?}", rows.len(), exact.len())
    })?;
    let first_choice = network.first_choice(&board);
    let most_visited = reference.search().best();
    for (index, cell) in board.legal_moves().enumerate() {
        let row = &rows[index];
        let mut after = board;
        after.play(cell).map_err(|error| format!("{error:?}"))?;
        let value = if after.outcome() == Outcome::Ongoing {
            let value = after.side_to_move().sign() as f32 * network.evaluate(&after).value;
            format!(
                "after it at {} on X's scale",
                result_number(f64::from(value), 3)
            )
        } else {
            "the move ends the game".to_owned()
        };
        let expected = [
            format!(
                "Column {}: prior {};",
                cell % 7 + 1,
                percent(100.0 * f64::from(priors[cell]), 1)
            ),
            value,
            format!("; {} visit", visits[index]),
            format!("exact value: {}", exact[index]),
        ];
        for part in expected {
            ensure(row.contains(&part), || format!("{row:?} lacks {part:?}"))?;
        }
        let is_first = first_choice == Some(cell);
        ensure(
            row.contains("the network's first choice") == is_first,
            || format!("{row:?}: the network's first choice is column {first_choice:?} (from 0)"),
        )?;
        let is_most_visited = most_visited == Some(cell);
        ensure(
            row.contains("the search's most visited") == is_most_visited,
            || format!("{row:?}: the search's most visited is column {most_visited:?} (from 0)"),
        )?;
        let throws_away = (is_first || is_most_visited) && for_mover(exact[index]) < best;
        ensure(row.contains("throws away") == throws_away, || {
            format!("{row:?}: throws away a better value: {throws_away}")
        })?;
    }
    // Here the network's first choice draws where X can win.
    ensure(
        rows.iter().any(|row| row.contains("throws away X's win")),
        || format!("no row throws away X's win: {rows:?}"),
    )?;
    // At 640 px every table fits across, the marks included.
    view.set_default_size(640, 900);
    wait_until(
        "the window to be 640 px wide",
        Duration::from_secs(3),
        || view.width() <= 640,
    )?;
    let scrollers: Vec<gtk::ScrolledWindow> = harness::descendants(&view)
        .into_iter()
        .filter_map(|widget| widget.downcast::<gtk::ScrolledWindow>().ok())
        .collect();
    let fit = wait_until("every table to fit across", Duration::from_secs(3), || {
        scrollers.iter().all(|scroller| {
            let across = scroller.hadjustment();
            across.upper() <= across.page_size() + 1.0
        })
    });
    fit.map_err(|error| {
        let widths: Vec<(f64, f64)> = scrollers
            .iter()
            .map(|scroller| {
                let across = scroller.hadjustment();
                (across.upper(), across.page_size())
            })
            .collect();
        format!("{error}: content and page widths {widths:?}")
    })?;
    // A network of another board is never used: the window says why.
    view.show_position(
        &board,
        Some(BoardNetwork {
            network: Arc::new(Network::new(Shape::TIC_TAC_TOE, 1)),
            games: 0,
        }),
    );
    view.search_dropdown().set_selected(1);
    harness::pass_time(Duration::from_millis(100));
    let status = view.status_text();
    let summary = view.summary_text();
    view.close();
    window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    ensure(
        status.contains("learned Tic-Tac-Toe, not this board (Connect Four)")
            && summary.contains("playouts run")
            && view.belief_texts().is_empty(),
        || {
            format!(
                "with 3x3's network on Connect Four the status says {status:?}, the summary {summary:?}"
            )
        },
    )
}

type Check = fn(&TictactoeApplication, &TictactoeWindow) -> Result<(), String>;

/// Mid-step, rows and charts filled, the window dragged from its own width
/// straight to 640 px gets there (its side panel once kept it some 800 px
/// wide, 900 in German), the rows under the pictures and nothing wider
/// than the window.
fn the_window_narrows_to_640_px_in_one_drag(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_on_position(app, window)?;
    for _ in 0..12 {
        WidgetExt::activate_action(&view, "mcts.step", None).map_err(|e| e.to_string())?;
    }
    for _ in 0..2 {
        WidgetExt::activate_action(&view, "mcts.phase", None).map_err(|e| e.to_string())?;
    }
    harness::pass_time(Duration::from_millis(300));
    view.set_default_size(640, 800);
    let narrowed = wait_until(
        "the window to be 640 px wide",
        Duration::from_secs(3),
        || view.width() <= 640,
    );
    let width = view.width();
    narrowed.map_err(|error| format!("{error}: it is {width} px wide"))?;
    let scroller = harness::descendants(&view)
        .into_iter()
        .find_map(|widget| widget.downcast::<gtk::ScrolledWindow>().ok())
        .ok_or("no scrolled content")?;
    let across = scroller.hadjustment();
    let fits = wait_until("the content to fit across", Duration::from_secs(3), || {
        across.upper() <= across.page_size() + 1.0
    });
    let (upper, page) = (across.upper(), across.page_size());
    view.close();
    fits.map_err(|error| format!("{error}: the content is {upper:.0} px wide in {page:.0}"))?;
    Ok(())
}

fn main() -> ExitCode {
    use_test_environment();
    if let Err(error) = save_a_connect_four_network() {
        return Results::fail_to_start(&error);
    }
    let (app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 9] = [
        (
            "stepping shows the root's children as selection sees them",
            stepping_shows_the_roots_children_as_selection_sees_them,
        ),
        (
            "keys show a playout phase by phase",
            keys_show_a_playout_phase_by_phase,
        ),
        (
            "back replays the tree a playout ago",
            back_replays_the_tree_a_playout_ago,
        ),
        (
            "running a thousand ends in the search's statistics",
            running_a_thousand_ends_in_the_searchs_statistics,
        ),
        (
            "changing c changes the next pick",
            changing_c_changes_the_next_pick,
        ),
        (
            "the neural search shows priors and the network's value",
            the_neural_search_shows_priors_and_the_networks_value,
        ),
        (
            "a Monte Carlo search in the log grows again to its tree",
            a_monte_carlo_search_in_the_log_grows_again_to_its_tree,
        ),
        (
            "the window narrows to 640 px in one drag",
            the_window_narrows_to_640_px_in_one_drag,
        ),
        (
            "on Connect Four the neural search shows the network's beliefs beside the solver",
            on_connect_four_the_neural_search_shows_the_networks_beliefs_beside_the_solver,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        if harness::chosen(name) {
            results.report(name, check(&app, &window));
        }
    }
    results.finish()
}
