//! The learning players in the window: marked off 3x3, learning from
//! the games they finish and saving it, the switch that stops that, Reset
//! Learning, MENACE resigning at an empty box, their beads and values on
//! the board, and a corrupt state file found at start. GTK lives on the
//! main thread, so this test has its own `main` (`harness = false`). Needs
//! a display: `xvfb-run -a cargo test --release --test ui_learners`.

mod common;
mod harness;

use std::fs;
use std::process::ExitCode;
use std::time::Duration;

use adw::prelude::MessageDialogExt;
use gtk::{glib, prelude::*};
use harness::{
    Results, ensure, open_training, open_window, pass_time, play_3x3, test_data_home,
    use_test_environment, wait_until,
};
use tictactoe::ui::TictactoeWindow;
use tictactoe_engine::board::Side;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::LearnerState;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_files::learner_state::{LearnerFile, state_path_in};
use tictactoe_tools::training::Opponent;
use tictactoe_words::cell_marks::Tone;

type Check = fn(&TictactoeWindow) -> Result<(), String>;

fn activate(window: &TictactoeWindow, action: &str) -> Result<(), String> {
    WidgetExt::activate_action(window, action, None).map_err(|error| format!("{action}: {error}"))
}

fn state_file(kind: PlayerKind) -> std::path::PathBuf {
    state_path_in(&test_data_home().join("tictactoe"), kind)
}

fn saved_games(kind: PlayerKind) -> Result<u64, String> {
    LearnerState::read(&state_file(kind))
        .map(|state| state.games)
        .map_err(|error| format!("{kind:?}'s state file: {error}"))
}

fn learned_games(window: &TictactoeWindow, kind: PlayerKind) -> u64 {
    window.learned_states().borrow().state(kind).games
}

/// Plays a whole 3x3 game of `max` against `min`, at no pace.
fn play_game(window: &TictactoeWindow, max: PlayerKind, min: PlayerKind) -> Result<(), String> {
    let hard = Difficulty::Hard;
    play_3x3(window, (max, hard), (min, hard))
}

/// Checked first, before any game: the window found a corrupt TD file
/// (written by `main` before it opened), said so and set it aside.
fn a_corrupt_state_file_is_set_aside_with_a_message(
    window: &TictactoeWindow,
) -> Result<(), String> {
    let status = window.status_text();
    ensure(
        status.contains("Temporal-difference learner") && status.contains("set aside"),
        || format!("the status line says {status:?}"),
    )?;
    let directory = test_data_home().join("tictactoe");
    let names: Vec<String> = fs::read_dir(&directory)
        .map_err(|error| error.to_string())?
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    ensure(
        names.len() == 1 && names[0].starts_with("td.json.corrupt-"),
        || format!("the data directory holds {names:?}"),
    )?;
    let kept = fs::read_to_string(directory.join(&names[0])).map_err(|e| e.to_string())?;
    ensure(kept == CORRUPT, || {
        format!("the set-aside file holds {kept:?}")
    })?;
    ensure(
        window.learned_states().borrow().state(PlayerKind::Td)
            == &LearnerState::fresh(PlayerKind::Td, Shape::TIC_TAC_TOE).unwrap(),
        || "TD did not start afresh".into(),
    )
}

fn learners_are_marked_off_3x3_and_refused_at_start(
    window: &TictactoeWindow,
) -> Result<(), String> {
    let picker = window.picker(Side::Max);
    let boards = window.board_picker().preset_dropdown();
    boards.set_selected(0);
    picker.select(PlayerKind::Menace);
    ensure(picker.refusal().is_none(), || {
        format!("3x3 refuses MENACE: {:?}", picker.refusal())
    })?;
    // 4x4: MENACE stays chosen, marked, with the reason in words.
    boards.set_selected(1);
    ensure(picker.selection().0 == PlayerKind::Menace, || {
        format!("4x4 dropped MENACE for {:?}", picker.selection())
    })?;
    let list = picker.player_dropdown();
    let shown = list
        .selected_item()
        .and_downcast::<gtk::StringObject>()
        .map(|name| name.string().to_string())
        .unwrap_or_default();
    ensure(shown.contains("3x3 only"), || {
        format!("the list shows {shown:?}, unmarked")
    })?;
    let tooltip = list.tooltip_text().unwrap_or_default();
    ensure(
        tooltip.contains("3x3 only") && tooltip.contains("4x4"),
        || format!("the tooltip says {tooltip:?}, not why"),
    )?;
    window.start_button().emit_clicked();
    pass_time(Duration::from_millis(200));
    let status = window.status_text();
    let started = window.game_running();
    boards.set_selected(0);
    picker.select(PlayerKind::Human);
    ensure(
        status.contains("MENACE") && status.contains("no game was started"),
        || format!("Start said {status:?}"),
    )?;
    ensure(!started, || {
        "Start started a game MENACE cannot play".into()
    })
}

fn learners_learn_from_each_game_and_save_it(window: &TictactoeWindow) -> Result<(), String> {
    play_game(window, PlayerKind::Menace, PlayerKind::Td)?;
    for kind in [PlayerKind::Menace, PlayerKind::Td] {
        ensure(learned_games(window, kind) == 1, || {
            format!(
                "{kind:?} learned from {} games",
                learned_games(window, kind)
            )
        })?;
        ensure(saved_games(kind)? == 1, || {
            format!("{kind:?}'s file was not saved")
        })?;
    }
    let log = window.search_log().text();
    ensure(
        log.contains("MENACE (matchboxes) learned from this game: 1 game learned from in all."),
        || format!("the log says:\n{log}"),
    )?;
    // Its first move's row shows the box: beads on the board, in words too.
    let row = log
        .lines()
        .position(|line| line.starts_with("1. X"))
        .ok_or_else(|| format!("no row for move 1:\n{log}"))?;
    window.search_log().select_row(row as u32);
    let marks = window.board_view().marks();
    ensure(
        marks.len() == 3
            && marks
                .iter()
                .all(|m| m.tone == Tone::Learned && m.text.ends_with('●')),
        || format!("the empty board's box shows {marks:?}"),
    )?;
    let description = window.board_view().description();
    ensure(description.contains("beads"), || {
        format!("the board's description: {description:?}")
    })?;
    window.search_log().unselect();
    // The next game learns on.
    play_game(window, PlayerKind::Td, PlayerKind::Random)?;
    ensure(saved_games(PlayerKind::Td)? == 2, || {
        "TD's second game was not saved".into()
    })?;
    ensure(saved_games(PlayerKind::Menace)? == 1, || {
        "MENACE learned from a game it did not play".into()
    })
}

fn the_switch_stops_learning(window: &TictactoeWindow) -> Result<(), String> {
    let before = learned_games(window, PlayerKind::Td);
    activate(window, "win.learn-from-games")?;
    ensure(!window.learns_from_games(), || {
        "the switch stayed on".into()
    })?;
    play_game(window, PlayerKind::Td, PlayerKind::Random)?;
    let after = learned_games(window, PlayerKind::Td);
    activate(window, "win.learn-from-games")?;
    ensure(after == before, || {
        format!("TD learned with the switch off: {before} then {after}")
    })?;
    ensure(window.learns_from_games(), || {
        "the switch did not come back on".into()
    })
}

fn a_learner_in_training_learns_from_no_window_game_and_reset_stops_it(
    window: &TictactoeWindow,
) -> Result<(), String> {
    let view = open_training(window)?;
    view.set_learner(PlayerKind::Td);
    view.set_opponent(Opponent::Itself);
    view.games_spin().set_value(1_000_000.0);
    view.start_button().emit_clicked();
    wait_until("the training to run", Duration::from_secs(10), || {
        !view.curve().is_empty()
    })?;
    let menace_before = learned_games(window, PlayerKind::Menace);
    play_game(window, PlayerKind::Td, PlayerKind::Menace)?;
    let log = window.search_log().text();
    ensure(
        log.contains(
            "Temporal-difference learner is in training: it does not learn from this game.",
        ),
        || format!("the log says:\n{log}"),
    )?;
    ensure(
        learned_games(window, PlayerKind::Menace) == menace_before + 1,
        || "MENACE, not in training, did not learn".into(),
    )?;
    // Reset stops the training first, so its result cannot bring back
    // what was forgotten.
    activate(window, "win.reset-learning")?;
    let dialog = wait_for_dialog()?;
    dialog.response("reset");
    ensure(!view.is_running(), || {
        "Reset left the training running".into()
    })?;
    ensure(
        window.learned_states().borrow().state(PlayerKind::Td)
            == &LearnerState::fresh(PlayerKind::Td, Shape::TIC_TAC_TOE).unwrap(),
        || "TD remembers its training after Reset".into(),
    )?;
    pass_time(Duration::from_millis(300));
    ensure(saved_games(PlayerKind::Td)? == 0, || {
        "TD's file counts games after Reset".into()
    })?;
    view.close();
    Ok(())
}

/// The Reset Learning dialog, once it shows.
fn wait_for_dialog() -> Result<adw::MessageDialog, String> {
    let dialog = || {
        gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|widget| widget.downcast::<adw::MessageDialog>().ok())
            .find(|dialog| dialog.is_visible())
    };
    wait_until("the dialog", Duration::from_secs(5), || dialog().is_some())?;
    dialog().ok_or_else(|| "no dialog".into())
}

fn an_empty_box_resigns_the_game(window: &TictactoeWindow) -> Result<(), String> {
    let state = common::with_empty_first_box(false);
    window
        .learned_states()
        .borrow_mut()
        .replace(state)
        .map_err(|e| e.to_string())?;
    play_game(window, PlayerKind::Menace, PlayerKind::Random)?;
    let status = window.status_text();
    ensure(
        status == "Game over: Max (X) resigns, Min (O) wins.",
        || format!("the status line says {status:?}"),
    )?;
    let log = window.search_log().text();
    ensure(log.contains("MENACE resigns"), || {
        format!("the log says:\n{log}")
    })?;
    ensure(window.board_view().board().stone_count() == 0, || {
        "a move was played".into()
    })?;
    // A loss from an empty box takes nothing more away; the game counts.
    ensure(learned_games(window, PlayerKind::Menace) == 1, || {
        format!(
            "MENACE counts {} games",
            learned_games(window, PlayerKind::Menace)
        )
    })
}

fn reset_learning_asks_then_forgets(window: &TictactoeWindow) -> Result<(), String> {
    // Cancel keeps everything.
    activate(window, "win.reset-learning")?;
    let shown = wait_for_dialog()?;
    let body = shown.body().to_string();
    ensure(body.contains("MENACE (matchboxes): 1 game,"), || {
        format!("the dialog says {body:?}")
    })?;
    shown.response("cancel");
    ensure(learned_games(window, PlayerKind::Menace) == 1, || {
        "Cancel reset MENACE".into()
    })?;
    activate(window, "win.reset-learning")?;
    wait_for_dialog()?.response("reset");
    for kind in [PlayerKind::Menace, PlayerKind::Td] {
        ensure(
            window.learned_states().borrow().state(kind)
                == &LearnerState::fresh(kind, Shape::TIC_TAC_TOE).unwrap(),
            || format!("{kind:?} remembers"),
        )?;
        ensure(saved_games(kind)? == 0, || {
            format!("{kind:?}'s file still counts games")
        })?;
    }
    Ok(())
}

const CORRUPT: &str =
    "{\"format\": \"tictactoe-learner\", \"version\": 1, \"learner\": \"td\", \"games\": \"many\"}";

fn main() -> ExitCode {
    use_test_environment();
    let directory = test_data_home().join("tictactoe");
    if let Err(error) =
        fs::create_dir_all(&directory).and_then(|()| fs::write(directory.join("td.json"), CORRUPT))
    {
        return Results::fail_to_start(&format!("writing a corrupt state: {error}"));
    }
    let (_app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    let checks: [(&str, Check); 7] = [
        (
            "a corrupt state file is set aside with a message",
            a_corrupt_state_file_is_set_aside_with_a_message,
        ),
        (
            "learners are marked off 3x3 and refused at Start",
            learners_are_marked_off_3x3_and_refused_at_start,
        ),
        (
            "learners learn from each game and save it",
            learners_learn_from_each_game_and_save_it,
        ),
        ("the switch stops learning", the_switch_stops_learning),
        (
            "a learner in training learns from no window game, and Reset stops it",
            a_learner_in_training_learns_from_no_window_game_and_reset_stops_it,
        ),
        (
            "an empty box resigns the game",
            an_empty_box_resigns_the_game,
        ),
        (
            "reset learning asks, then forgets",
            reset_learning_asks_then_forgets,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check(&window));
    }
    window.close();
    let _ = glib::MainContext::default().iteration(false);
    let _ = fs::remove_dir_all(test_data_home());
    results.finish()
}
