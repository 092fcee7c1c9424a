//! The window opens at once whatever lies in its data directory where the
//! learners' states belong: a named pipe, a directory, a symbolic link
//! loop, a file it may not read. Each is named on the status line, left
//! as it is, and never saved over, though the learners play and learn.
//! Each launch is a child process of this test with its own GTK and data
//! directory, so that a window that never opens fails the check instead of
//! stopping the suite; as root, whom permissions do not stop, the child
//! runs as the user `nobody`. Needs a display: `xvfb-run -a cargo test
//! --release --test ui_data_files`.

mod common;
mod harness;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use gtk::prelude::*;
use harness::{Results, ensure, open_window, pass_time, start, wait_until};
use tictactoe::ui::{TictactoeApplication, TictactoeWindow, TrainingView};
use tictactoe_engine::geometry::BoardSize;
use tictactoe_engine::learners::LearnerState;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_files::learner_state::{LearnerFile, lock_for_training, state_path_in};

/// Names the launch a child process plays; unset in the parent.
const LAUNCH: &str = "TICTACTOE_TEST_LAUNCH";

/// How long the parent waits for a launch: far longer than a window takes.
const PATIENCE: Duration = Duration::from_secs(30);

/// What the child expects: each learner's file named on the status line
/// as left as it is.
fn play_with_what_lies_there() -> Result<(), String> {
    let started = Instant::now();
    let (app, window) = open_window()?;
    // Less the time open_window lets the laid-out window settle.
    println!(
        "opened in {} ms",
        started.elapsed().as_millis().saturating_sub(300)
    );
    let status = window.status_text();
    for learner in ["MENACE (matchboxes)", "Temporal-difference learner"] {
        ensure(
            status.contains(&format!("{learner}'s learning in"))
                && status.matches("the file was left as it is").count() == 2,
            || format!("the status line says {status:?}"),
        )?;
    }
    ensure(!status.contains("set aside"), || {
        format!("the status line says {status:?}")
    })?;
    // They play and learn for the session, saving nothing.
    start(
        &window,
        (PlayerKind::Menace, Difficulty::Hard),
        (PlayerKind::Td, Difficulty::Hard),
        BoardSize::Three,
        Duration::ZERO,
    )?;
    wait_until("the game to end", Duration::from_secs(10), || {
        !window.game_running()
    })?;
    let learned = window.learned_states();
    for kind in [PlayerKind::Menace, PlayerKind::Td] {
        let games = learned.borrow().state(kind).games;
        ensure(games == 1, || {
            format!("{kind:?} learned from {games} games")
        })?;
    }
    window.close();
    pass_time(Duration::from_millis(100));
    app.quit();
    Ok(())
}

/// What the child expects when the test holds TD's state file as a
/// `train` does: the Training window refuses to train TD, in words.
/// The window, and its Training window opened as Ctrl+L opens it.
fn open_training() -> Result<(TictactoeApplication, TictactoeWindow, TrainingView), String> {
    let (app, window) = open_window()?;
    WidgetExt::activate_action(&window, "win.training", None)
        .map_err(|error| format!("win.training: {error}"))?;
    let view = window
        .training_view()
        .ok_or("Ctrl+L opened no Training window")?;
    wait_until(
        "the Training window to show",
        Duration::from_secs(5),
        || view.is_visible() && view.width() > 0,
    )?;
    Ok((app, window, view))
}

fn train_what_another_trains() -> Result<(), String> {
    let (app, window, view) = open_training()?;
    view.set_learner(PlayerKind::Td);
    view.start_button().emit_clicked();
    let status = view.status_text();
    ensure(
        status.contains("cannot be trained now: another training of this state is under way")
            && status.ends_with("No training was started."),
        || format!("the Training window says {status:?}"),
    )?;
    ensure(view.start_button().is_sensitive(), || {
        "a training started".to_owned()
    })?;
    view.close();
    window.close();
    pass_time(Duration::from_millis(100));
    app.quit();
    Ok(())
}

/// What the child expects of a network whose weights are finite but so
/// large that training runs it into NaN: the Training window trains it,
/// says why it kept the old file, and `launch` finds the file unchanged.
fn train_a_network_into_nan() -> Result<(), String> {
    let (app, window, view) = open_training()?;
    view.set_learner(PlayerKind::Neural);
    view.games_spin().set_value(3.0);
    view.seed_entry().set_text("1");
    view.start_button().emit_clicked();
    wait_until("the training to end", PATIENCE, || !view.is_running())?;
    let status = view.status_text();
    ensure(
        status.contains(
            "is not a finite number: it would not read back, so the file was left as it is",
        ),
        || format!("the Training window says {status:?}"),
    )?;
    view.close();
    window.close();
    pass_time(Duration::from_millis(100));
    app.quit();
    Ok(())
}

/// What lies at `path`, to compare before and after.
fn snapshot(path: &Path) -> String {
    let Ok(metadata) = fs::symlink_metadata(path) else {
        return "nothing".to_owned();
    };
    let kind = metadata.file_type();
    if kind.is_symlink() {
        format!("a link to {:?}", fs::read_link(path).ok())
    } else if kind.is_dir() {
        format!(
            "a directory of {:?} entries",
            fs::read_dir(path).map(Iterator::count).ok()
        )
    } else {
        format!(
            "{kind:?}, {} bytes, mode {:o}",
            metadata.len(),
            metadata.permissions().mode()
        )
    }
}

/// Everything in `dir` and what it is.
fn directory_snapshot(dir: &Path) -> Vec<String> {
    let mut entries: Vec<String> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|entry| format!("{:?}: {}", entry.file_name(), snapshot(&entry.path())))
                .collect()
        })
        .unwrap_or_default();
    entries.sort();
    entries
}

/// A fresh home for one launch, open to the user the child may run as.
fn fresh_home(name: &str) -> Result<PathBuf, String> {
    let home = std::env::temp_dir().join(format!(
        "tictactoe-data-files-{}-{name}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&home);
    let data = home.join("data").join("tictactoe");
    fs::create_dir_all(&data).map_err(|error| error.to_string())?;
    for dir in [home.clone(), home.join("data"), data] {
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o777))
            .map_err(|error| error.to_string())?;
    }
    Ok(home)
}

/// Runs the window in a child process with `home`'s data directory and
/// checks that it played and left every file there as it was.
fn launch_with(home: &Path) -> Result<(), String> {
    launch(home, "play")
}

/// Runs the child's `scenario` (`LAUNCH`'s value) with `home`'s data
/// directory and checks that every file there was left as it was.
fn launch(home: &Path, scenario: &str) -> Result<(), String> {
    let data = home.join("data").join("tictactoe");
    let before = directory_snapshot(&data);
    let mut command =
        common::as_unprivileged(&std::env::current_exe().map_err(|error| error.to_string())?);
    command
        .env(LAUNCH, scenario)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("GSETTINGS_BACKEND", "memory")
        .env("GSK_RENDERER", "cairo");
    // The display's key, where the child's user may read it.
    if let Some(authority) = std::env::var_os("XAUTHORITY") {
        let copy = home.join("Xauthority");
        fs::copy(&authority, &copy).map_err(|error| error.to_string())?;
        fs::set_permissions(&copy, fs::Permissions::from_mode(0o644))
            .map_err(|error| error.to_string())?;
        command.env("XAUTHORITY", copy);
    }
    let output = common::output_within(&mut command, PATIENCE)
        .map_err(|hung| format!("the window never opened and finished: {hung}"))?;
    let said = String::from_utf8_lossy(&output.stdout);
    ensure(output.status.success(), || {
        format!(
            "the launch failed: {said}{}",
            String::from_utf8_lossy(&output.stderr)
        )
    })?;
    println!("     {}", said.lines().next().unwrap_or_default());
    let after = directory_snapshot(&data);
    ensure(after == before, || {
        format!("the data directory held {before:?}, now {after:?}")
    })
}

fn a_named_pipe_and_a_directory() -> Result<(), String> {
    let home = fresh_home("pipe")?;
    let data = home.join("data").join("tictactoe");
    common::make_fifo(&state_path_in(&data, PlayerKind::Menace));
    fs::create_dir(state_path_in(&data, PlayerKind::Td)).map_err(|error| error.to_string())?;
    launch_with(&home)?;
    let _ = fs::remove_dir_all(&home);
    Ok(())
}

fn a_link_loop_and_a_file_it_may_not_read() -> Result<(), String> {
    let home = fresh_home("denied")?;
    let data = home.join("data").join("tictactoe");
    std::os::unix::fs::symlink("menace.json", state_path_in(&data, PlayerKind::Menace))
        .map_err(|error| error.to_string())?;
    let td = state_path_in(&data, PlayerKind::Td);
    let mut state = LearnerState::fresh(PlayerKind::Td).ok_or("no TD")?;
    state.games = 5;
    state.write(&td).map_err(|error| error.to_string())?;
    fs::set_permissions(&td, fs::Permissions::from_mode(0o200))
        .map_err(|error| error.to_string())?;
    launch_with(&home)?;
    fs::set_permissions(&td, fs::Permissions::from_mode(0o600))
        .map_err(|error| error.to_string())?;
    let kept = LearnerState::read(&td).map_err(|error| error.to_string())?;
    ensure(kept == state, || format!("TD's file now holds {kept:?}"))?;
    let _ = fs::remove_dir_all(&home);
    Ok(())
}

/// TD's state held as a `train` holds it while the window's Training
/// is asked to train TD.
fn a_state_another_training_holds() -> Result<(), String> {
    let home = fresh_home("locked")?;
    let td = state_path_in(&home.join("data").join("tictactoe"), PlayerKind::Td);
    let mut state = LearnerState::fresh(PlayerKind::Td).ok_or("no TD")?;
    state.games = 5;
    state.write(&td).map_err(|error| error.to_string())?;
    let held = lock_for_training(&td).map_err(|error| error.to_string())?;
    let launched = launch(&home, "train");
    drop(held);
    launched?;
    let _ = fs::remove_dir_all(&home);
    Ok(())
}

/// A neural network of weights ±1e20: finite, so it opens, but training
/// runs it into NaN, which JSON would write as null.
fn a_network_trained_into_nan() -> Result<(), String> {
    let home = fresh_home("nan")?;
    let neural = state_path_in(&home.join("data").join("tictactoe"), PlayerKind::Neural);
    let state = LearnerState::fresh(PlayerKind::Neural).ok_or("no neural network")?;
    let mut file: serde_json::Value =
        serde_json::from_str(&state.to_json()).map_err(|error| error.to_string())?;
    let parameters = file["network"]["parameters"]
        .as_array_mut()
        .ok_or("the network has no parameters")?;
    for (index, parameter) in parameters.iter_mut().enumerate() {
        *parameter = serde_json::json!(if index % 2 == 0 { 1e20 } else { -1e20 });
    }
    fs::write(&neural, file.to_string()).map_err(|error| error.to_string())?;
    fs::set_permissions(&neural, fs::Permissions::from_mode(0o666))
        .map_err(|error| error.to_string())?;
    launch(&home, "nan")?;
    let _ = fs::remove_dir_all(&home);
    Ok(())
}

fn main() -> ExitCode {
    if let Some(scenario) = std::env::var_os(LAUNCH) {
        let child = if scenario == "train" {
            train_what_another_trains()
        } else if scenario == "nan" {
            train_a_network_into_nan()
        } else {
            play_with_what_lies_there()
        };
        return match child {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                println!("{error}");
                ExitCode::FAILURE
            }
        };
    }
    type Check = fn() -> Result<(), String>;
    let checks: [(&str, Check); 4] = [
        (
            "a named pipe and a directory by the states' names",
            a_named_pipe_and_a_directory,
        ),
        (
            "a symbolic link loop and a state file it may not read",
            a_link_loop_and_a_file_it_may_not_read,
        ),
        (
            "a state file another training holds",
            a_state_another_training_holds,
        ),
        (
            "a network trained into NaN keeps its file",
            a_network_trained_into_nan,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check());
    }
    results.finish()
}
