//! The Training window, driven in-process as a person would drive it: its
//! shortcut, the learner, side, opponent, games and seed, Start and Stop;
//! the curve it draws and says against the same training run without a
//! window, and what it leaves with the main window's learners and their
//! files. GTK lives on the main thread, so this test has its own `main`
//! (`harness = false`). Needs a display: `xvfb-run -a cargo test --release
//! --test ui_training`.

mod harness;

use std::process::ExitCode;
use std::time::Duration;

use adw::prelude::MessageDialogExt;
use gtk::{glib, prelude::*};
use harness::{
    Results, ensure, open_training, open_window, play_3x3, test_data_home, use_test_environment,
    wait_until,
};
use tictactoe::ui::{ChartData, TictactoeApplication, TictactoeWindow, TrainingView, block_size};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::{Learner, LearnerState};
use tictactoe_engine::player_kind::{Difficulty, PlayerKind, PlayerOptions};
use tictactoe_engine::search::CancelFlag;
use tictactoe_files::learner_state::{LearnerFile, state_path_on};
use tictactoe_tools::neural_training::{SetMistakes, Teacher};
use tictactoe_tools::training::{Block, Opponent, Sides, Training, block_line, train};
use tictactoe_words::numbers::{group, percent};
use tictactoe_words::players::PlayerWords;

type Check = fn(&TictactoeApplication, &TictactoeWindow) -> Result<(), String>;

/// Ctrl+L, the shortcut the window offers, opens the Training window.
fn open_training_by_its_shortcut(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<TrainingView, String> {
    let accels = app.accels_for_action("win.training");
    ensure(accels.iter().any(|each| each == "<Control>l"), || {
        format!("win.training has the shortcuts {accels:?}")
    })?;
    open_training(window)
}

fn learned(window: &TictactoeWindow, kind: PlayerKind) -> LearnerState {
    window.learned_states().borrow().state(kind).clone()
}

/// The learner's state as saved in the test's data directory.
fn saved(kind: PlayerKind) -> Result<LearnerState, String> {
    let path = test_data_home()
        .join("tictactoe")
        .join(format!("{}.json", kind.name()));
    LearnerState::read(&path).map_err(|error| format!("{}: {error}", path.display()))
}

fn random_opponent() -> Opponent {
    Opponent::Player(PlayerKind::Random, PlayerOptions::default())
}

/// The curve in words, as `block_line` says each block.
fn words(curve: &[Block]) -> Vec<String> {
    let mut previous = 0;
    curve
        .iter()
        .map(|block| {
            let line = block_line(previous, block);
            previous = block.games;
            line
        })
        .collect()
}

/// Trains as the window's controls say and waits for the end.
fn run(view: &TrainingView, timeout: Duration) -> Result<(), String> {
    view.start_button().emit_clicked();
    ensure(view.is_running(), || {
        format!("Start started nothing: {}", view.status_text())
    })?;
    ensure(!view.start_button().is_sensitive(), || {
        "Start stays usable while training".into()
    })?;
    wait_until("the training to end", timeout, || !view.is_running())?;
    Ok(())
}

/// A training of MENACE, then TD chosen: what MENACE's training showed
/// (its curve, beads, words, "Finished: MENACE…") goes, and TD's note
/// says why its curve keeps some losses.
fn another_learner_clears_the_training_shown(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_training_by_its_shortcut(app, window)?;
    view.set_learner(PlayerKind::Menace);
    view.set_sides(Sides::X);
    view.set_opponent(random_opponent());
    view.games_spin().set_value(100.0);
    view.seed_entry().set_text("5");
    run(&view, Duration::from_secs(30))?;
    ensure(
        !view.curve().is_empty() && view.status_text().starts_with("Finished: MENACE"),
        || format!("MENACE's training shows {:?}", view.status_text()),
    )?;
    ensure(!view.exploration_note().is_visible(), || {
        "MENACE's curve has TD's note".into()
    })?;
    view.set_learner(PlayerKind::Td);
    let chart_empty =
        |chart: &tictactoe::ui::ChartView| chart.chart().is_none_or(|chart| chart.is_empty());
    ensure(
        view.curve().is_empty()
            && view.curve_lines().is_empty()
            && chart_empty(&view.curve_chart())
            && !view.beads_chart().is_visible()
            && view.training().is_none(),
        || {
            format!(
                "with TD chosen, MENACE's training still shows: {} blocks, {} lines, beads shown: {}",
                view.curve().len(),
                view.curve_lines().len(),
                view.beads_chart().is_visible()
            )
        },
    )?;
    ensure(
        !view.status_text().starts_with("Finished") && view.progress_text().is_empty(),
        || {
            format!(
                "with TD chosen, the status says {:?}, the progress {:?}",
                view.status_text(),
                view.progress_text()
            )
        },
    )?;
    let note = view.exploration_note();
    ensure(note.is_visible() && note.label().contains("30%"), || {
        format!(
            "TD's note reads {:?}, shown: {}",
            note.label(),
            note.is_visible()
        )
    })?;
    view.close();
    Ok(())
}

/// TD against Random with a seed: the window's curve, its words and its
/// chart are those of the same training run without a window, and the
/// main window's TD learner has learned those games and saved them.
fn td_training_is_the_headless_training(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_training_by_its_shortcut(app, window)?;
    view.set_learner(PlayerKind::Td);
    ensure(view.games_spin().value_as_int() == 20_000, || {
        format!("TD starts with {} games", view.games_spin().value_as_int())
    })?;
    ensure(!view.beads_chart().is_visible(), || {
        "TD has a beads chart".into()
    })?;
    view.set_sides(Sides::X);
    view.set_opponent(random_opponent());
    // Seed 24's greedy play loses exactly one line as X after some blocks,
    // and 1,200 games need a thousands separator.
    view.games_spin().set_value(1_200.0);
    view.seed_entry().set_text("24");
    let before = learned(window, PlayerKind::Td);
    run(&view, Duration::from_secs(30))?;
    let training = view.training().ok_or("no training was recorded")?;
    let expected = Training {
        opponent: view.opponent(),
        sides: Sides::X,
        games: 1_200,
        block: block_size(1_200),
        seed: 24,
        threads: 0,
        teacher: Default::default(),
    };
    ensure(training == expected, || {
        format!("the window trained {training:?}")
    })?;
    ensure(
        matches!(training.opponent, Opponent::Player(PlayerKind::Random, _)),
        || format!("the opponent is {:?}", training.opponent),
    )?;
    let mut headless = before.clone();
    let mut curve = Vec::new();
    let result = train(&mut headless, &training, &CancelFlag::new(), |block| {
        curve.push(*block)
    });
    ensure(result.is_ok(), || {
        format!("the headless training: {result:?}")
    })?;
    ensure(view.curve() == curve, || {
        format!(
            "the window's curve differs: {:?}\nheadless: {curve:?}",
            view.curve()
        )
    })?;
    ensure((50..=1_200).contains(&curve.len()), || {
        format!("the curve has {} points", curve.len())
    })?;
    ensure(view.curve_lines() == words(&curve), || {
        format!("the curve in words: {:?}", view.curve_lines())
    })?;
    let after = learned(window, PlayerKind::Td);
    ensure(after.games == before.games + 1_200, || {
        format!("TD learned {} games, from {}", after.games, before.games)
    })?;
    ensure(after == headless, || {
        "TD learned something else than the headless training".into()
    })?;
    let file = saved(PlayerKind::Td)?;
    ensure(file.games == after.games, || {
        format!("the file holds {} games, not {}", file.games, after.games)
    })?;
    let chart = view.curve_chart().chart().ok_or("no curve chart")?;
    ensure(
        chart.data == ChartData::LearningCurve(curve.clone()),
        || "the chart shows another curve".into(),
    )?;
    let last = words(&curve).pop().unwrap_or_default();
    ensure(view.curve_chart().text().contains(&last), || {
        format!(
            "the chart's words miss the latest block: {}",
            view.curve_chart().text()
        )
    })?;
    wait_until("the curve to be drawn", Duration::from_secs(5), || {
        !view.curve_chart().hit_boxes().is_empty()
    })?;
    ensure(view.status_text().starts_with("Finished:"), || {
        format!("the status says {:?}", view.status_text())
    })?;
    ensure(view.progress_text() == "1,200 of 1,200 games", || {
        format!("the progress says {:?}", view.progress_text())
    })?;
    ensure(view.learned_text().contains(&group(after.games)), || {
        format!("the window says {:?}", view.learned_text())
    })?;
    counted_in_words(&view.curve_lines(), &curve)
}

/// Each line of the curve as a person reads it: its games grouped in
/// thousands ("games 1,189-1,200"), and its lost lines in the right plural
/// ("loses 1 line as X"), which must occur.
fn counted_in_words(lines: &[String], curve: &[Block]) -> Result<(), String> {
    ensure(lines.len() == curve.len(), || {
        format!("{} lines for {} blocks", lines.len(), curve.len())
    })?;
    let mut from = 1;
    for (line, block) in lines.iter().zip(curve) {
        let games = format!("games {}-{}: ", group(from), group(block.games));
        from = block.games + 1;
        let [as_x, _] = block.lost_lines.ok_or("a block has no exam")?;
        let lost = match as_x {
            1 => " loses 1 line as X,".to_owned(),
            many => format!(" loses {many} lines as X,"),
        };
        ensure(line.starts_with(&games) && line.contains(&lost), || {
            format!("the line {line:?} does not read {games:?} and {lost:?}")
        })?;
    }
    ensure(
        curve
            .iter()
            .any(|block| block.lost_lines.is_some_and(|[as_x, _]| as_x == 1)),
        || "no block loses exactly one line as X: the singular goes untested".into(),
    )
}

/// The main menu's Reset Learning…: the question it asks.
fn reset_learning(window: &TictactoeWindow) -> Result<adw::MessageDialog, String> {
    WidgetExt::activate_action(window, "win.reset-learning", None)
        .map_err(|error| format!("win.reset-learning: {error}"))?;
    let find = || {
        gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|widget| widget.downcast::<adw::MessageDialog>().ok())
            .find(|dialog| dialog.is_visible())
    };
    wait_until("Reset Learning to ask", Duration::from_secs(5), || {
        find().is_some()
    })?;
    find().ok_or_else(|| "no dialog".into())
}

/// A fresh MENACE (Reset Learning first) as X against Perfect loses beads
/// until its first box holds one (seed 8, after 17 games): the curve's
/// last line, the beads chart's words and what pointing at its last point
/// say "1 bead", and its first point "after 1 game".
fn menace_counts_one_bead(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    reset_learning(window)?.response("reset");
    ensure(
        LearnerState::fresh(PlayerKind::Menace, Shape::TIC_TAC_TOE)
            == Some(learned(window, PlayerKind::Menace)),
        || "Reset Learning left MENACE's beads".into(),
    )?;
    let view = open_training_by_its_shortcut(app, window)?;
    view.set_learner(PlayerKind::Menace);
    ensure(!view.refill_check().is_active(), || {
        "the fresh MENACE still refills its boxes".into()
    })?;
    view.set_sides(Sides::X);
    view.set_opponent(Opponent::Player(
        PlayerKind::Perfect,
        PlayerOptions::default(),
    ));
    view.games_spin().set_value(17.0);
    view.seed_entry().set_text("8");
    run(&view, Duration::from_secs(30))?;
    let curve = view.curve();
    let beads = curve.last().and_then(|block| block.first_box_beads);
    ensure(beads == Some(1), || {
        format!("seed 8 leaves {beads:?} beads in the first box: the singular goes untested")
    })?;
    let line = view.curve_lines().pop().unwrap_or_default();
    ensure(line.ends_with(", first box 1 bead"), || {
        format!("the curve's last line reads {line:?}")
    })?;
    let words = view.beads_chart().text();
    ensure(words.contains("1 bead after 17 games"), || {
        format!("the beads chart in words: {words}")
    })?;
    wait_until("the beads to be drawn", Duration::from_secs(5), || {
        view.beads_chart().hit_boxes().len() == curve.len()
    })?;
    let pointed = view.beads_chart().hit_boxes().pop().map(|hit| hit.text);
    ensure(pointed.as_deref() == Some("1 bead after 17 games"), || {
        format!("pointing at the last point says {pointed:?}")
    })?;
    ensure(words.contains(" after 1 game;"), || {
        format!("the beads chart's first point in words: {words}")
    })?;
    view.close();
    Ok(())
}

/// After the training, a game TD plays in the main window counts what it
/// learned from in all grouped, in the log and in Reset Learning's question.
fn a_window_game_counts_in_thousands(
    _app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let games = learned(window, PlayerKind::Td).games + 1;
    ensure(games > 1_000, || {
        format!("TD has learned from {games} games only: the grouping goes untested")
    })?;
    let hard = Difficulty::Hard;
    play_3x3(window, (PlayerKind::Td, hard), (PlayerKind::Random, hard))?;
    let name = PlayerKind::Td.display_name();
    let row = format!(
        "{name} learned from this game: {} games learned from in all.",
        group(games)
    );
    let log = window.search_log().text();
    ensure(log.contains(&row), || {
        format!("the log does not say {row:?}:\n{log}")
    })?;
    let dialog = reset_learning(window)?;
    let body = dialog.body().to_string();
    dialog.response("cancel");
    let count = format!("{name}: {} games", group(games));
    ensure(body.contains(&count), || {
        format!("Reset Learning asks {body:?}, without {count:?}")
    })?;
    ensure(learned(window, PlayerKind::Td).games == games, || {
        "Cancel forgot what TD learned".into()
    })
}

/// A seed that is not a number starts nothing and says why.
fn a_bad_seed_starts_nothing(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_training_by_its_shortcut(app, window)?;
    let before = learned(window, PlayerKind::Td);
    let curve = view.curve();
    view.set_learner(PlayerKind::Td);
    view.seed_entry().set_text("twelve");
    view.start_button().emit_clicked();
    ensure(!view.is_running(), || "a bad seed started training".into())?;
    ensure(
        view.status_text()
            .starts_with("The seed must be a whole number"),
        || format!("a bad seed says {:?}", view.status_text()),
    )?;
    ensure(view.curve() == curve, || {
        "a bad seed changed the curve".into()
    })?;
    ensure(learned(window, PlayerKind::Td) == before, || {
        "a bad seed changed what TD learned".into()
    })?;
    Ok(())
}

/// MENACE as X: the beads chart follows the first box, as the headless
/// training counts it.
fn menace_shows_its_first_box(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_training_by_its_shortcut(app, window)?;
    view.set_learner(PlayerKind::Menace);
    ensure(view.games_spin().value_as_int() == 2_000, || {
        format!(
            "MENACE starts with {} games",
            view.games_spin().value_as_int()
        )
    })?;
    view.set_sides(Sides::X);
    view.set_opponent(random_opponent());
    view.games_spin().set_value(400.0);
    view.seed_entry().set_text("5");
    let before = learned(window, PlayerKind::Menace);
    run(&view, Duration::from_secs(30))?;
    let training = view.training().ok_or("no training was recorded")?;
    let mut headless = before;
    let mut curve = Vec::new();
    let _ = train(&mut headless, &training, &CancelFlag::new(), |block| {
        curve.push(*block)
    });
    ensure(view.curve() == curve, || {
        "the window's curve differs".into()
    })?;
    ensure(view.beads_chart().is_visible(), || {
        "MENACE as X has no beads chart".into()
    })?;
    let chart = view.beads_chart().chart().ok_or("no beads chart")?;
    ensure(
        chart.data == ChartData::FirstBoxBeads(curve.clone()),
        || "the beads chart shows another curve".into(),
    )?;
    let beads = curve.last().and_then(|block| block.first_box_beads);
    let beads = beads.ok_or("the headless curve counted no beads")?;
    ensure(
        view.beads_chart()
            .text()
            .contains(&format!("{beads} beads after 400 games")),
        || format!("the beads in words: {}", view.beads_chart().text()),
    )?;
    wait_until("the beads to be drawn", Duration::from_secs(5), || {
        view.beads_chart().hit_boxes().len() == curve.len()
    })?;
    ensure(learned(window, PlayerKind::Menace) == headless, || {
        "MENACE learned something else than the headless training".into()
    })?;
    ensure(saved(PlayerKind::Menace)? == headless, || {
        "the saved MENACE is not the trained one".into()
    })?;
    // Refilling empty boxes is MENACE's own variant, kept in its state.
    let refills = |state: &LearnerState| matches!(&state.learner, Learner::Menace(m) if m.refill);
    ensure(
        view.refill_check().is_visible() && !view.refill_check().is_active(),
        || "MENACE's refill check is hidden or already on".into(),
    )?;
    view.refill_check().set_active(true);
    view.games_spin().set_value(10.0);
    run(&view, Duration::from_secs(30))?;
    ensure(refills(&learned(window, PlayerKind::Menace)), || {
        "the trained MENACE does not refill".into()
    })?;
    ensure(refills(&saved(PlayerKind::Menace)?), || {
        "the saved MENACE does not refill".into()
    })?;
    view.set_learner(PlayerKind::Td);
    ensure(!view.refill_check().is_visible(), || {
        "TD offers to refill boxes".into()
    })?;
    view.set_learner(PlayerKind::Menace);
    ensure(view.refill_check().is_active(), || {
        "the check forgot MENACE refills".into()
    })?;
    Ok(())
}

/// Stop in the middle keeps the games learned until then, saved; the
/// window stays usable.
fn stop_keeps_what_was_learned(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_training_by_its_shortcut(app, window)?;
    view.set_learner(PlayerKind::Td);
    view.set_opponent(Opponent::Itself);
    view.set_sides(Sides::Both);
    view.games_spin().set_value(1_000_000.0);
    view.seed_entry().set_text("");
    let before = learned(window, PlayerKind::Td);
    view.start_button().emit_clicked();
    ensure(view.is_running(), || "Start started nothing".into())?;
    wait_until("a point of the curve", Duration::from_secs(30), || {
        !view.curve().is_empty()
    })?;
    ensure(view.progress_text().starts_with("Training "), || {
        format!("the progress says {:?}", view.progress_text())
    })?;
    view.stop_button().emit_clicked();
    wait_until("Stop to stop the training", Duration::from_secs(5), || {
        !view.is_running()
    })?;
    let after = learned(window, PlayerKind::Td);
    let played = after.games - before.games;
    ensure(played > 0 && played < 1_000_000, || {
        format!("after Stop TD learned {played} games")
    })?;
    ensure(saved(PlayerKind::Td)?.games == after.games, || {
        "the games learned before Stop were not saved".into()
    })?;
    ensure(view.status_text().starts_with("Stopped after"), || {
        format!("the status says {:?}", view.status_text())
    })?;
    let seed = view.training().ok_or("no training was recorded")?.seed;
    ensure(view.status_text().contains(&seed.to_string()), || {
        format!(
            "the status does not give the seed {seed}: {:?}",
            view.status_text()
        )
    })?;
    ensure(view.start_button().is_sensitive(), || {
        "Start stays off after Stop".into()
    })?;
    view.close();
    ensure(!view.is_visible(), || {
        "the window stays after closing".into()
    })?;
    Ok(())
}

/// Quitting in the middle of a training keeps what was learned, saved:
/// the last check, since it closes the main window.
fn quitting_keeps_what_was_learned(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_training_by_its_shortcut(app, window)?;
    view.set_learner(PlayerKind::Td);
    view.set_opponent(Opponent::Itself);
    view.games_spin().set_value(1_000_000.0);
    let before = saved(PlayerKind::Td)?.games;
    view.start_button().emit_clicked();
    wait_until("a point of the curve", Duration::from_secs(30), || {
        !view.curve().is_empty()
    })?;
    window.close();
    let after = saved(PlayerKind::Td)?.games;
    ensure(after > before && after < before + 1_000_000, || {
        format!("TD's file counts {before} games before quitting, {after} after")
    })
}

/// On Connect Four in the main window the Training window says, before
/// a training, that MENACE and TD train on 3x3 and why.
fn training_says_it_trains_on_3x3_beside_connect_four(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    window.board_picker().set_shape(Shape::CONNECT_FOUR);
    let said = open_training_by_its_shortcut(app, window).map(|view| {
        view.set_learner(PlayerKind::Neural);
        view.set_learner(PlayerKind::Td);
        (view.status_text(), view.learned_text())
    });
    window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    let (said, learned) = said?;
    ensure(
        said.contains("MENACE and TD train on 3x3")
            && said.contains("keeps what they learn for 3x3 only"),
        || format!("beside Connect Four the Training window says {said:?}"),
    )?;
    ensure(learned.contains("on Tic-Tac-Toe"), || {
        format!("beside Connect Four TD's learning: {learned:?}")
    })
}

/// The neural player's file for `shape` in the test's data directory, as
/// it is on disk (`None`: there is none).
fn neural_file(shape: Shape) -> Option<Vec<u8>> {
    let path = state_path_on(
        &test_data_home().join("tictactoe"),
        PlayerKind::Neural,
        shape,
    );
    std::fs::read(path).ok()
}

/// The neural player's state on `shape` in the main window's learners.
fn learned_on(window: &TictactoeWindow, shape: Shape) -> Result<LearnerState, String> {
    window
        .learned_states()
        .borrow()
        .state_on(PlayerKind::Neural, shape)
        .ok_or_else(|| format!("no neural state on {shape:?}"))
}

/// The main window switched to Connect Four, Ctrl+L, the neural player
/// chosen: the window names the board it trains on.
fn neural_on_connect_four(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<TrainingView, String> {
    window.board_picker().set_shape(Shape::CONNECT_FOUR);
    let view = open_training_by_its_shortcut(app, window)?;
    view.set_learner(PlayerKind::Neural);
    ensure(
        view.status_text()
            .contains("trains on the main window's board, now Connect Four"),
        || format!("the window says {:?}", view.status_text()),
    )?;
    ensure(view.learned_text().contains("on Connect Four"), || {
        format!("the window says {:?}", view.learned_text())
    })?;
    Ok(view)
}

/// On Connect Four the neural player trains on Connect Four: the window's
/// curve, its exam chart (the six test sets' mean mistake rates, bare and
/// with search at Medium), the table of each set and the words are the
/// headless training's with the same seed; the network is the main
/// window's Connect Four network, saved in its own file, and 3x3's file
/// is left alone.
fn the_neural_player_trains_on_connect_four(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = neural_on_connect_four(app, window)?;
    let three_by_three = neural_file(Shape::TIC_TAC_TOE);
    let before = learned_on(window, Shape::CONNECT_FOUR)?;
    view.games_spin().set_value(32.0);
    view.seed_entry().set_text("5");
    run(&view, Duration::from_secs(20))?;
    let training = view.training().ok_or("no training was recorded")?;
    ensure(training.opponent == Opponent::Itself, || {
        format!("the neural player trained against {:?}", training.opponent)
    })?;
    let mut headless = before.clone();
    let mut curve = Vec::new();
    let result = train(&mut headless, &training, &CancelFlag::new(), |block| {
        curve.push(*block)
    });
    ensure(result.is_ok(), || {
        format!("the headless training: {result:?}")
    })?;
    ensure(headless.shape() == Shape::CONNECT_FOUR, || {
        format!("the headless training learned on {:?}", headless.shape())
    })?;
    // Off 3x3 the optimal share is NaN, which equals nothing.
    let comparable = |curve: Vec<Block>| -> Vec<Block> {
        curve
            .into_iter()
            .map(|mut block| {
                if let Some(exam) = &mut block.network {
                    exam.optimal_share = 0.0;
                }
                block
            })
            .collect()
    };
    ensure(
        comparable(view.curve()) == comparable(curve.clone()),
        || {
            format!(
                "the window's curve differs: {} blocks, headless {}",
                view.curve().len(),
                curve.len()
            )
        },
    )?;
    ensure(view.curve_lines() == words(&curve), || {
        format!("the curve in words: {:?}", view.curve_lines())
    })?;
    let last_words = words(&curve).pop().unwrap_or_default();
    ensure(last_words.contains("Begin-Hard"), || {
        format!("the words do not name the test sets: {last_words}")
    })?;
    let mean = |sets: &[SetMistakes], rate: fn(&SetMistakes) -> f64| {
        100.0 * sets.iter().map(rate).sum::<f64>() / sets.len() as f64
    };
    let expected: Vec<Vec<(u64, f64)>> = [
        (|set: &SetMistakes| set.bare) as fn(&SetMistakes) -> f64,
        |set: &SetMistakes| set.searched,
    ]
    .into_iter()
    .map(|rate| {
        curve
            .iter()
            .map(|block| {
                let sets = block.network.and_then(|exam| exam.test_sets);
                (block.games, sets.map_or(f64::NAN, |sets| mean(&sets, rate)))
            })
            .collect()
    })
    .collect();
    let chart = view.exam_chart().chart().ok_or("no exam chart")?;
    let ChartData::Lines { axis, series } = &chart.data else {
        return Err(format!("the exam chart is {:?}", chart.data));
    };
    // Its own lines; another teacher's kept curve may follow them.
    let shown: Vec<Vec<(u64, f64)>> = series
        .iter()
        .take(2)
        .map(|line| line.points.clone())
        .collect();
    ensure(shown == expected && curve.len() == 32, || {
        format!("the exam chart shows {shown:?}\nheadless: {expected:?}")
    })?;
    ensure(axis == "mistake rate", || {
        format!("the exam chart's axis says {axis:?}")
    })?;
    ensure(
        view.exam_chart().is_visible()
            && view.loss_chart().is_visible()
            && !view.lost_lines_chart().is_visible(),
        || "Connect Four shows 3x3's lost lines, or hides its exam".into(),
    )?;
    let latest = curve
        .last()
        .and_then(|block| block.network?.test_sets)
        .ok_or("no exam in the latest block")?;
    let rows = view.test_set_rows();
    ensure(
        rows.len() == 7
            && latest.iter().zip(&rows[1..]).all(|(set, row)| {
                *row == format!(
                    "{} {} {}",
                    set.set,
                    percent(100.0 * set.bare, 0),
                    percent(100.0 * set.searched, 0)
                )
            }),
        || format!("the table of the sets says {rows:?}"),
    )?;
    ensure(
        view.status_text()
            .starts_with("Finished: Neural network + search played 32 games on Connect Four"),
        || format!("the status says {:?}", view.status_text()),
    )?;
    ensure(
        view.test_sets_heading().label().contains("32 games"),
        || format!("the table's heading: {}", view.test_sets_heading().label()),
    )?;
    let after = learned_on(window, Shape::CONNECT_FOUR)?;
    ensure(
        after == headless && after.games == before.games + 32,
        || {
            format!(
                "the window's Connect Four network learned {} games, not the headless one's",
                after.games
            )
        },
    )?;
    the_connect_four_file_holds(&after)?;
    ensure(neural_file(Shape::TIC_TAC_TOE) == three_by_three, || {
        "the 3x3 network's file changed".into()
    })?;
    // Back on 3x3 the window shows 3x3's network.
    window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    ensure(view.learned_text().contains("on Tic-Tac-Toe"), || {
        format!("back on 3x3 the window says {:?}", view.learned_text())
    })?;
    Ok(())
}

/// Stop during a longer training on Connect Four keeps what was learned:
/// the window's Connect Four network counts the games, its file holds
/// it, and 3x3's file is left alone.
fn stop_keeps_what_was_learned_on_connect_four(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = neural_on_connect_four(app, window)?;
    let three_by_three = neural_file(Shape::TIC_TAC_TOE);
    let before = learned_on(window, Shape::CONNECT_FOUR)?;
    view.games_spin().set_value(100_000.0);
    view.seed_entry().set_text("");
    view.start_button().emit_clicked();
    ensure(view.is_running(), || {
        format!("Start started nothing: {}", view.status_text())
    })?;
    ensure(view.status_text().contains("on Connect Four"), || {
        format!("the status says {:?}", view.status_text())
    })?;
    wait_until("a point of the curve", Duration::from_secs(20), || {
        !view.curve().is_empty()
    })?;
    view.stop_button().emit_clicked();
    wait_until("Stop to stop the training", Duration::from_secs(10), || {
        !view.is_running()
    })?;
    let after = learned_on(window, Shape::CONNECT_FOUR)?;
    let played = after.games - before.games;
    ensure(played > 0 && played < 100_000, || {
        format!("after Stop the Connect Four network learned {played} games")
    })?;
    ensure(neural_file(Shape::CONNECT_FOUR).is_some(), || {
        "no Connect Four file".into()
    })?;
    the_connect_four_file_holds(&after)?;
    ensure(neural_file(Shape::TIC_TAC_TOE) == three_by_three, || {
        "the 3x3 network's file changed".into()
    })?;
    ensure(view.status_text().starts_with("Stopped after"), || {
        format!("the status says {:?}", view.status_text())
    })
}

/// The window's Connect Four network is the one its file holds.
fn the_connect_four_file_holds(learned: &LearnerState) -> Result<(), String> {
    let file = LearnerState::read(&state_path_on(
        &test_data_home().join("tictactoe"),
        PlayerKind::Neural,
        Shape::CONNECT_FOUR,
    ))
    .map_err(|error| format!("neural-connect-four.json: {error}"))?;
    ensure(&file == learned, || {
        format!(
            "the file holds {} games, the window {}",
            file.games, learned.games
        )
    })
}

/// Closing the Training window during a training on Connect Four keeps
/// what was learned, saved in the Connect Four file.
fn closing_keeps_what_was_learned_on_connect_four(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = neural_on_connect_four(app, window)?;
    let before = learned_on(window, Shape::CONNECT_FOUR)?;
    view.games_spin().set_value(100_000.0);
    view.start_button().emit_clicked();
    wait_until("a point of the curve", Duration::from_secs(20), || {
        !view.curve().is_empty()
    })?;
    view.close();
    wait_until(
        "closing to stop the training",
        Duration::from_secs(10),
        || !view.is_running(),
    )?;
    let after = learned_on(window, Shape::CONNECT_FOUR)?;
    ensure(after.games > before.games, || {
        format!("after closing the network counts {} games", after.games)
    })?;
    the_connect_four_file_holds(&after)
}

/// The mean of the six test sets' mistake rates with search, per block:
/// the exam chart's line with search.
fn searched_means(curve: &[Block]) -> Vec<(u64, f64)> {
    curve
        .iter()
        .filter_map(|block| {
            let sets = block.network?.test_sets?;
            let sum = sets.iter().map(|set| set.searched).sum::<f64>();
            Some((block.games, 100.0 * sum / sets.len() as f64))
        })
        .collect()
}

/// On Connect Four the neural player learns from the solver when it is
/// chosen: its curve is the headless `train`'s with the solver as
/// teacher and the same seed, and the status says the solver taught;
/// then taught by its own search, the exam chart holds both teachers'
/// curves with search, each named by its teacher.
fn the_solver_teaches_and_both_curves_show(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = neural_on_connect_four(app, window)?;
    let teacher = view.teacher_dropdown();
    ensure(teacher.is_visible() && teacher.is_sensitive(), || {
        "on Connect Four the teacher cannot be chosen".into()
    })?;
    ensure(
        teacher
            .tooltip_text()
            .is_some_and(|tip| tip.contains("from 14 stones on")),
        || format!("the teacher's tooltip: {:?}", teacher.tooltip_text()),
    )?;
    teacher.set_selected(1);
    let before = learned_on(window, Shape::CONNECT_FOUR)?;
    view.games_spin().set_value(8.0);
    view.seed_entry().set_text("11");
    run(&view, Duration::from_secs(20))?;
    let training = view.training().ok_or("no training was recorded")?;
    ensure(training.teacher == Teacher::Solver, || {
        format!("the window trained with {:?}", training.teacher)
    })?;
    let mut headless = before;
    let mut solver_curve = Vec::new();
    let result = train(&mut headless, &training, &CancelFlag::new(), |block| {
        solver_curve.push(*block)
    });
    ensure(result.is_ok(), || {
        format!("the headless training: {result:?}")
    })?;
    ensure(
        searched_means(&view.curve()) == searched_means(&solver_curve) && solver_curve.len() == 8,
        || {
            format!(
                "the window's solver-taught exam {:?}
headless {:?}",
                searched_means(&view.curve()),
                searched_means(&solver_curve)
            )
        },
    )?;
    ensure(
        view.status_text().starts_with("Finished:")
            && view.status_text().contains("It learned from the solver"),
        || format!("the status says {:?}", view.status_text()),
    )?;
    teacher.set_selected(0);
    run(&view, Duration::from_secs(20))?;
    ensure(
        view.training().map(|training| training.teacher) == Some(Teacher::Search),
        || "the second training was not taught by its own search".into(),
    )?;
    ensure(
        view.status_text()
            .contains("It learned from its own search"),
        || format!("the status says {:?}", view.status_text()),
    )?;
    let chart = view.exam_chart().chart().ok_or("no exam chart")?;
    let ChartData::Lines { series, .. } = &chart.data else {
        return Err(format!("the exam chart is {:?}", chart.data));
    };
    let named = |name: &str| series.iter().find(|line| line.name == name);
    let self_play = named("self-play, with search").ok_or("no self-play line")?;
    let solver = named("solver-taught, with search").ok_or("no solver-taught line")?;
    ensure(
        named("self-play, bare").is_some()
            && self_play.points == searched_means(&view.curve())
            && solver.points == searched_means(&solver_curve),
        || format!("the exam chart's lines: {series:?}"),
    )?;
    let words = view.exam_chart().text();
    ensure(
        words.contains("self-play, with search") && words.contains("solver-taught, with search"),
        || format!("the exam chart in words: {words}"),
    )?;
    // On 3x3 (no gravity) the solver cannot teach: the choice is not offered.
    window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    ensure(!teacher.is_sensitive(), || {
        "on 3x3 the solver can be chosen as teacher".into()
    })?;
    ensure(
        teacher
            .tooltip_text()
            .is_some_and(|tip| tip.contains("Only on a board with gravity")),
        || format!("on 3x3 the teacher's tooltip: {:?}", teacher.tooltip_text()),
    )
}

/// On a board without an exam (4x4) the neural player's window shows only
/// what applies: its curve and its loss, no 3x3 exam.
fn a_board_without_an_exam_shows_the_curve_and_the_loss(
    app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    window.board_picker().set_shape(Shape::FOUR_BY_FOUR);
    let view = open_training_by_its_shortcut(app, window)?;
    view.set_learner(PlayerKind::Neural);
    ensure(
        view.curve_chart().is_visible()
            && view.loss_chart().is_visible()
            && !view.exam_chart().is_visible()
            && !view.lost_lines_chart().is_visible(),
        || "on 4x4 the neural player shows 3x3's exam, or hides its loss".into(),
    )?;
    ensure(view.learned_text().contains("on 4x4"), || {
        format!("the window says {:?}", view.learned_text())
    })
}

fn main() -> ExitCode {
    use_test_environment();
    let (app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 14] = [
        (
            "the solver teaches and both curves show",
            the_solver_teaches_and_both_curves_show,
        ),
        (
            "closing keeps what was learned on Connect Four",
            closing_keeps_what_was_learned_on_connect_four,
        ),
        (
            "a board without an exam shows the curve and the loss",
            a_board_without_an_exam_shows_the_curve_and_the_loss,
        ),
        (
            "the neural player trains on Connect Four",
            the_neural_player_trains_on_connect_four,
        ),
        (
            "Stop keeps what was learned on Connect Four",
            stop_keeps_what_was_learned_on_connect_four,
        ),
        (
            "TD training is the headless training",
            td_training_is_the_headless_training,
        ),
        (
            "a window game counts in thousands",
            a_window_game_counts_in_thousands,
        ),
        ("a bad seed starts nothing", a_bad_seed_starts_nothing),
        ("MENACE shows its first box", menace_shows_its_first_box),
        ("MENACE counts one bead", menace_counts_one_bead),
        ("Stop keeps what was learned", stop_keeps_what_was_learned),
        (
            "another learner clears the training shown",
            another_learner_clears_the_training_shown,
        ),
        (
            "training says it trains on 3x3 beside Connect Four",
            training_says_it_trains_on_3x3_beside_connect_four,
        ),
        (
            "quitting keeps what was learned",
            quitting_keeps_what_was_learned,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check(&app, &window));
        // Each check starts on 3x3, whatever the last one left.
        window.board_picker().set_shape(Shape::TIC_TAC_TOE);
    }
    window.close();
    let _ = glib::MainContext::default().iteration(false);
    results.finish()
}
