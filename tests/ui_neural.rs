//! The neural player in the window, driven as a person would: chosen in
//! the picker, played against, its log rows and its marks on the board
//! (prior and visits apart, in words for a screen reader too), a window
//! game that does not teach it, and the Training window training it by
//! self-play with its exam's charts. GTK lives on the main thread, so
//! this test has its own `main` (`harness = false`). Needs a display:
//! `xvfb-run -a cargo test --release --test ui_neural`.

mod harness;

use std::process::ExitCode;
use std::time::Duration;

use gtk::{glib, graphene, prelude::*};
use harness::{
    Results, drawn_pixels, ensure, explore_log_row, open_training, open_window, play_3x3,
    select_log_row, start, test_data_home, use_test_environment, wait_until,
};
use tictactoe::ui::{ChartData, TictactoeApplication, TictactoeWindow};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::Learner;
use tictactoe_engine::learners::LearnerState;
use tictactoe_engine::learners::network::Network;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_engine::players::PerfectTable;
use tictactoe_engine::score;
use tictactoe_engine::search::CancelFlag;
use tictactoe_engine::solver::{Solver, Strength};
use tictactoe_files::learner_state::{LearnerFile, state_path_in, state_path_on};
use tictactoe_tools::training::{Opponent, Sides, train};
use tictactoe_words::cell_marks::{MarkPart, legend};

type Check = fn(&TictactoeApplication, &TictactoeWindow) -> Result<(), String>;

/// The network the window finds at start: 1,000 self-play games, seed 1.
const TRAINED_GAMES: u64 = 1_000;

fn state_file() -> std::path::PathBuf {
    state_path_in(&test_data_home().join("tictactoe"), PlayerKind::Neural)
}

fn saved_games() -> Result<u64, String> {
    LearnerState::read(&state_file())
        .map(|state| state.games)
        .map_err(|error| format!("neural.json: {error}"))
}

/// A person picks the neural player for O in the picker, at Hard, and
/// plays the centre: O's row in the log gives its note, the network's
/// value and a row per cell with the prior and the visits said apart; the
/// board shows both marks on every free cell, says them to a screen
/// reader, and explains them when pointed at.
fn its_search_shows_prior_and_visits_apart(
    _app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let picker = window.picker(Side::Min);
    ensure(
        PlayerKind::offered(Shape::TIC_TAC_TOE).contains(&PlayerKind::Neural),
        || "3x3 does not offer the neural player".into(),
    )?;
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::Neural, Difficulty::Hard),
        Shape::TIC_TAC_TOE,
        Duration::ZERO,
    )?;
    ensure(
        picker.selection() == (PlayerKind::Neural, Difficulty::Hard),
        || format!("the picker shows {:?}", picker.selection()),
    )?;
    let divider = window.paned().position();
    ensure(window.board_view().play_digit(gtk::gdk::Key::_5), || {
        "the key 5 played nothing".into()
    })?;
    wait_until("O's move", Duration::from_secs(10), || {
        window.search_log().text().contains("2. O")
    })?;
    // Its long note wraps in the log rather than pushing the log wider
    // and the board side's text into ellipses.
    harness::pass_time(Duration::from_millis(300));
    ensure(window.paned().position() == divider, || {
        format!(
            "the log pushed the divider from {divider} to {}",
            window.paned().position()
        )
    })?;
    let log = window.search_log().text();
    for expected in [
        "note: PUCT search of 200 simulations guided by the network; trained on 1,000 self-play games",
        "the network's value of this position: ",
        "cell 1: prior ",
        " visits by the search, mean value ",
    ] {
        ensure(log.contains(expected), || {
            format!("the log misses {expected:?}:\n{log}")
        })?;
    }
    let (row, report) = select_log_row(window, "2. O")?;
    let marks = window.board_view().marks();
    ensure(marks.len() == 8, || {
        format!("{} marks: {marks:?}", marks.len())
    })?;
    let priors: f64 = marks.iter().filter_map(|mark| mark.prior).sum();
    ensure((priors - 1.0).abs() < 1e-3, || {
        format!("the priors on the board add up to {priors}")
    })?;
    for mark in &marks {
        ensure(mark.text.contains('×'), || {
            format!("no visits shown: {mark:?}")
        })?;
        let cell = format!("cell {}: prior ", mark.cell + 1);
        ensure(
            mark.words.starts_with(&cell) && mark.words.contains(" by the search, mean value "),
            || format!("the words of {cell}: {:?}", mark.words),
        )?;
    }
    let description = window.board_view().description();
    ensure(
        description.contains(": prior ") && description.contains("visits by the search"),
        || format!("the board's description: {description:?}"),
    )?;
    let (x, y) = window.board_view().cell_centre(marks[0].cell);
    let tooltip = window.board_view().mark_tooltip(x, y).unwrap_or_default();
    ensure(
        tooltip.contains("first guess") && tooltip.contains("most visited"),
        || format!("the mark's tooltip: {tooltip:?}"),
    )?;
    // The legend has both marks, each with its words.
    let neural: Vec<_> = legend()
        .into_iter()
        .filter(|entry| entry.mark.prior.is_some())
        .collect();
    ensure(
        neural.len() == 2
            && neural[0].part == MarkPart::Prior
            && neural[1].mark.text.contains('×')
            && neural[0].description.contains("prior")
            && neural[0]
                .description
                .contains("v: its value of the position after the move")
            && neural[1].description.contains("visits"),
        || format!("the legend's neural entries: {neural:?}"),
    )?;
    // A double click on the row opens the explorer on that very search:
    // the root's visits are the simulations and one, its children those
    // of the log's row, each with its prior and PUCT score.
    let (explorer, _) = explore_log_row(window, row, &report)?;
    let tree = explorer.tree().ok_or("no tree")?;
    ensure(
        tree.is_guided() && tree.node(0).subtree_nodes() == 201,
        || {
            format!(
                "the explorer recorded {} visits",
                tree.node(0).subtree_nodes()
            )
        },
    )?;
    for child in tree.children(0) {
        let node = tree.node(child);
        let logged = report
            .moves
            .iter()
            .find(|m| Some(m.cell) == node.cell())
            .ok_or("a child the log has not")?;
        ensure(
            logged.visits == Some(node.subtree_nodes() as u32)
                && logged
                    .prior
                    .is_some_and(|prior| (prior - tree.prior(child).unwrap_or(-1.0)).abs() < 1e-3),
            || format!("child {child}: {logged:?} against the tree's"),
        )?;
    }
    let rows = explorer.row_texts();
    ensure(
        rows.len() == 1 + tree.children(0).count()
            && rows[1..]
                .iter()
                .all(|row| row.contains("prior ") && row.contains("PUCT score")),
        || format!("the explorer's rows: {rows:#?}"),
    )?;
    ensure(explorer.summary_text().contains("200 simulations"), || {
        format!("the summary: {}", explorer.summary_text())
    })?;
    // Its header bar offers the neural player, which records the same
    // search again with the window's network.
    ensure(explorer.offered().contains(&PlayerKind::Neural), || {
        format!("the explorer offers {:?}", explorer.offered())
    })?;
    explorer.close();
    window.search_log().unselect();
    Ok(())
}

/// Connect Four, O to move, where only column 7 keeps O's win: every
/// other column lets X win in 2.
const CONNECT_FOUR_POSITION: &str = "......./......./......./...x.../..oo.../oxoxxx.";

/// The Connect Four network the window finds in its file: seeded apart
/// from the untrained one it would make without a file.
fn connect_four_network() -> Network {
    Network::new(Shape::CONNECT_FOUR, 77)
}

/// The mark's exact value as the solver's `value` of the position after
/// the move reads from `stones` stones: "X2", "O31", "D".
fn expected_truth(value: i32, stones: u32) -> String {
    if !score::is_decisive(value) {
        return "D".into();
    }
    let side = if value > 0 { "X" } else { "O" };
    format!("{side}{}", score::moves_to_end(value, stones))
}

/// A result for `mover`: 1 won, 0 drawn, -1 lost.
fn result_for(mover: Side, value: i32) -> i32 {
    if score::is_decisive(value) {
        mover.sign() * value.signum()
    } else {
        0
    }
}

/// The neural player's search the log's row for `side`'s first move
/// shows on the board, once the exact values are beside its marks: each
/// prior is the network's own, each exact value `exact`'s, a preferred
/// move that throws the value away is marked so, and a screen reader and
/// the log hear all of it.
fn check_beliefs_beside_truth(
    window: &TictactoeWindow,
    network: &Network,
    exact: &dyn Fn(&Board, usize) -> i32,
) -> Result<(), String> {
    let log = window.search_log();
    let line = log
        .text()
        .lines()
        .find(|line| {
            line.split_once(". O")
                .is_some_and(|(number, _)| number.chars().all(|c| c.is_ascii_digit()))
        })
        .map(|line| line[..line.find(". O").unwrap_or(0) + 3].to_owned())
        .ok_or_else(|| format!("no row for O's move:\n{}", log.text()))?;
    let (_, report) = select_log_row(window, &line)?;
    let number = &line[..line.find('.').unwrap_or(0)];
    let board: Board = report
        .position
        .parse()
        .map_err(|error| format!("{error:?}"))?;
    wait_until("the exact values", Duration::from_secs(20), || {
        let marks = window.board_view().marks();
        !marks.is_empty() && marks.iter().all(|mark| mark.truth.is_some())
    })?;
    let marks = window.board_view().marks();
    let moves: Vec<usize> = board.legal_moves().collect();
    ensure(marks.len() == moves.len(), || {
        format!("{} marks for {} moves", marks.len(), moves.len())
    })?;
    let priors = network.evaluate(&board).priors;
    let side = board.side_to_move();
    let values: Vec<i32> = moves.iter().map(|&cell| exact(&board, cell)).collect();
    let best = values.iter().map(|&value| result_for(side, value)).max();
    let top_prior = marks
        .iter()
        .filter_map(|mark| mark.prior)
        .fold(0.0, f64::max);
    for mark in &marks {
        let index = moves
            .iter()
            .position(|&cell| cell == mark.cell)
            .ok_or("a mark off the moves")?;
        let prior = mark.prior.ok_or_else(|| format!("no prior: {mark:?}"))?;
        ensure((prior - f64::from(priors[mark.cell])).abs() < 1e-6, || {
            format!(
                "cell {}: prior {prior}, the network's {} in {board} (moves {moves:?})",
                mark.cell, priors[mark.cell]
            )
        })?;
        ensure(mark.network_value.is_some(), || {
            format!("no network value: {mark:?}")
        })?;
        let truth = mark.truth.as_ref().ok_or("no exact value")?;
        let expected = expected_truth(values[index], board.stone_count());
        let preferred = mark.best || prior == top_prior;
        let thrown_away = preferred && Some(result_for(side, values[index])) < best;
        ensure(
            truth.text.ends_with(&expected) && truth.thrown_away == thrown_away,
            || {
                format!(
                    "cell {}: {truth:?}, the truth {expected}, thrown away {thrown_away}",
                    mark.cell
                )
            },
        )?;
        ensure(
            truth.text.starts_with('✗') == thrown_away
                && mark.words.contains("exact value: ")
                && mark.words.contains("the network's value after the move")
                && (!thrown_away || mark.words.contains("a mistake")),
            || format!("the words of cell {}: {:?}", mark.cell, mark.words),
        )?;
    }
    let description = window.board_view().description();
    ensure(description.contains("exact value: "), || {
        format!("the board's description: {description:?}")
    })?;
    ensure(
        log.text().contains(&format!(
            "Exact values beside the network's beliefs at move {number}: "
        )),
        || format!("the log:\n{}", log.text()),
    )?;
    log.unselect();
    Ok(())
}

/// On Connect Four, a person sets up a position with O to move and starts
/// a game against the neural player: its search's marks show the file's
/// network's priors beside the solver's exact value of every column.
fn beside_the_solver_on_connect_four(
    _app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    window.end_button().emit_clicked();
    wait_until("the game to end", Duration::from_secs(5), || {
        !window.game_running()
    })?;
    WidgetExt::activate_action(window, "win.edit", None).map_err(|error| error.to_string())?;
    window
        .position_editor()
        .entry()
        .set_text(CONNECT_FOUR_POSITION);
    WidgetExt::activate_action(window, "win.edit", None).map_err(|error| error.to_string())?;
    ensure(
        window.board_view().board().to_string() == CONNECT_FOUR_POSITION,
        || {
            format!(
                "the board shows {}: {}",
                window.board_view().board(),
                window.status_text()
            )
        },
    )?;
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::Neural, Difficulty::Hard),
        Shape::CONNECT_FOUR,
        Duration::ZERO,
    )?;
    wait_until("O's move", Duration::from_secs(10), || {
        window
            .search_log()
            .text()
            .lines()
            .any(|line| line.starts_with("10. O"))
    })
    .map_err(|error| {
        format!(
            "{error}: {}\n{}",
            window.status_text(),
            window.search_log().text()
        )
    })?;
    let solver = std::cell::RefCell::new(Solver::with_table_bytes(64 << 20));
    let exact = |board: &Board, cell: usize| {
        let mut after = *board;
        after.toggle(cell, board.side_to_move());
        solver_value(&mut solver.borrow_mut(), &after)
    };
    check_beliefs_beside_truth(window, &connect_four_network(), &exact)?;
    window.end_button().emit_clicked();
    Ok(())
}

/// The solver's own value of `board` on X's scale.
fn solver_value(solver: &mut Solver, board: &Board) -> i32 {
    solver
        .solve(board, Strength::Strong, &CancelFlag::new())
        .and_then(|solution| solution.score())
        .unwrap_or(i32::MIN)
}

/// On 3x3, after a person's first move, the neural player's marks show
/// its file's priors beside the perfect table's value of every cell.
fn beside_the_perfect_table_on_3x3(
    _app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    start(
        window,
        (PlayerKind::Human, Difficulty::Hard),
        (PlayerKind::Neural, Difficulty::Hard),
        Shape::TIC_TAC_TOE,
        Duration::ZERO,
    )?;
    ensure(window.board_view().play_digit(gtk::gdk::Key::_1), || {
        "the key 1 played nothing".into()
    })?;
    wait_until("O's move", Duration::from_secs(10), || {
        window.search_log().text().contains("2. O")
    })?;
    let LearnerState {
        learner: Learner::Neural(network),
        ..
    } = LearnerState::read(&state_file()).map_err(|error| format!("neural.json: {error}"))?
    else {
        return Err("neural.json holds no network".into());
    };
    let exact = |board: &Board, cell: usize| {
        let mut after = *board;
        after.toggle(cell, board.side_to_move());
        PerfectTable::global().value(&after).unwrap_or(i32::MIN)
    };
    check_beliefs_beside_truth(window, &network, &exact)?;
    window.end_button().emit_clicked();
    Ok(())
}

/// A finished game with the neural player leaves its network as it was,
/// and the log says why.
fn a_window_game_does_not_teach_it(
    _app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    play_3x3(
        window,
        (PlayerKind::Neural, Difficulty::Medium),
        (PlayerKind::Random, Difficulty::Hard),
    )?;
    let log = window.search_log().text();
    ensure(
        log.contains("Neural network + search did not learn from this game: the neural network learns only from its own self-play"),
        || format!("the log says:\n{log}"),
    )?;
    let games = window
        .learned_states()
        .borrow()
        .state(PlayerKind::Neural)
        .games;
    ensure(
        games == TRAINED_GAMES && saved_games()? == TRAINED_GAMES,
        || format!("the network counts {games} games"),
    )
}

/// The Training window trains the window's network by self-play only:
/// the opponent is the learner itself and cannot be changed; the curve is
/// the headless training's, the exam and loss charts show every block,
/// and the network is saved.
fn the_training_window_trains_it_by_self_play(
    _app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_training(window)?;
    view.opponent_dropdown().set_selected(1);
    view.set_learner(PlayerKind::Neural);
    ensure(view.opponent() == Opponent::Itself, || {
        format!("the neural player trains against {:?}", view.opponent())
    })?;
    ensure(!view.opponent_dropdown().is_sensitive(), || {
        "the opponent can be changed for the neural player".into()
    })?;
    ensure(view.games_spin().value_as_int() == 1_000, || {
        format!("it starts with {} games", view.games_spin().value_as_int())
    })?;
    ensure(
        view.exam_chart().is_visible()
            && view.lost_lines_chart().is_visible()
            && view.loss_chart().is_visible(),
        || "no exam or loss chart".into(),
    )?;
    view.set_sides(Sides::X);
    view.games_spin().set_value(200.0);
    view.seed_entry().set_text("9");
    let before = window
        .learned_states()
        .borrow()
        .state(PlayerKind::Neural)
        .clone();
    view.start_button().emit_clicked();
    wait_until("the training to end", Duration::from_secs(60), || {
        !view.is_running()
    })?;
    let training = view.training().ok_or("no training was recorded")?;
    let mut headless = before.clone();
    let mut curve = Vec::new();
    train(&mut headless, &training, &CancelFlag::new(), |block| {
        curve.push(*block)
    })
    .map_err(|error| format!("the headless training: {error:?}"))?;
    ensure(view.curve() == curve && curve.len() == 100, || {
        format!("the window's curve differs ({} blocks)", view.curve().len())
    })?;
    let after = window
        .learned_states()
        .borrow()
        .state(PlayerKind::Neural)
        .clone();
    ensure(
        after == headless && after.games == TRAINED_GAMES + 200,
        || format!("the window's network learned {} games", after.games),
    )?;
    ensure(saved_games()? == TRAINED_GAMES + 200, || "not saved".into())?;
    let exam = view.exam_chart().chart().ok_or("no exam chart")?;
    let ChartData::Lines { series, .. } = &exam.data else {
        return Err(format!("the exam chart shows {:?}", exam.data));
    };
    // A share in per cent and a count of lines each on an axis of its own.
    ensure(
        series.len() == 1 && series[0].percent && series[0].points.len() == 100,
        || format!("the exam chart's series: {series:?}"),
    )?;
    let text = view.exam_chart().text();
    ensure(text.contains("first choice optimal"), || {
        format!("the exam chart in words: {text}")
    })?;
    let lines = view
        .lost_lines_chart()
        .chart()
        .ok_or("no chart of lost lines")?;
    let ChartData::Lines { series, .. } = &lines.data else {
        return Err(format!("the lost lines chart shows {:?}", lines.data));
    };
    ensure(
        series.len() == 2
            && series
                .iter()
                .all(|line| !line.percent && line.points.len() == 100),
        || format!("the lost lines chart's series: {series:?}"),
    )?;
    let text = view.lost_lines_chart().text();
    ensure(
        text.contains("lines lost as X") && text.contains("lines lost as O"),
        || format!("the lost lines chart in words: {text}"),
    )?;
    // Lost lines are no game's outcome: none is drawn in the colour that
    // means a won or a lost game everywhere else.
    let chart = view.lost_lines_chart();
    wait_until("the lost lines to be drawn", Duration::from_secs(5), || {
        !chart.hit_boxes().is_empty()
    })?;
    let area = chart.drawing_area();
    let whole = graphene::Rect::new(0.0, 0.0, area.width() as f32, area.height() as f32);
    let pixels = drawn_pixels(&area, &whole)?;
    let outcomes = chart.palette().outcomes;
    for (outcome, colour) in [("won", outcomes[0]), ("lost", outcomes[2])] {
        let rgb = colour.map(|channel| (channel * 255.0).round());
        let painted = pixels
            .iter()
            .filter(|pixel| {
                pixel
                    .iter()
                    .zip(rgb)
                    .all(|(&drawn, wanted)| (f64::from(drawn) - wanted).abs() <= 6.0)
            })
            .count();
        ensure(painted == 0, || {
            format!("{painted} px of the lost lines chart are in the colour of a {outcome} game")
        })?;
    }
    let losses = view.loss_chart().text();
    ensure(
        losses.contains("policy loss") && losses.contains("value loss"),
        || format!("the loss chart in words: {losses}"),
    )?;
    let last = view.curve_lines().pop().unwrap_or_default();
    ensure(last.contains("first choice optimal in"), || {
        format!("the curve's last line: {last}")
    })?;
    view.close();
    Ok(())
}

fn main() -> ExitCode {
    use_test_environment();
    // The window finds a trained network in its data directory.
    let mut state = LearnerState::fresh(PlayerKind::Neural, Shape::TIC_TAC_TOE).expect("a learner");
    let training = tictactoe_tools::training::Training {
        opponent: Opponent::Itself,
        sides: Sides::X,
        games: TRAINED_GAMES,
        block: TRAINED_GAMES,
        seed: 1,
        threads: 0,
        teacher: Default::default(),
    };
    if let Err(error) = train(&mut state, &training, &CancelFlag::new(), |_| {}) {
        return Results::fail_to_start(&format!("training the network: {error:?}"));
    }
    if let Err(error) = state.write(&state_file()) {
        return Results::fail_to_start(&format!("saving the network: {error}"));
    }
    let connect_four = LearnerState {
        learner: Learner::Neural(connect_four_network()),
        games: 5,
    };
    let path = state_path_on(
        &test_data_home().join("tictactoe"),
        PlayerKind::Neural,
        Shape::CONNECT_FOUR,
    );
    if let Err(error) = connect_four.write(&path) {
        return Results::fail_to_start(&format!("saving the Connect Four network: {error}"));
    }
    let (app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 5] = [
        (
            "its search shows prior and visits apart",
            its_search_shows_prior_and_visits_apart,
        ),
        (
            "beside the solver on Connect Four",
            beside_the_solver_on_connect_four,
        ),
        (
            "beside the perfect table on 3x3",
            beside_the_perfect_table_on_3x3,
        ),
        (
            "a window game does not teach it",
            a_window_game_does_not_teach_it,
        ),
        (
            "the Training window trains it by self-play",
            the_training_window_trains_it_by_self_play,
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
