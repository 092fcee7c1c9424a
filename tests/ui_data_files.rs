//! The window opens at once whatever lies in its data directory where the
//! learners' states belong: a named pipe, a directory, a symbolic link
//! loop, a file it may not read. Each is named on the status line, left
//! as it is, and never saved over, though the learners play and learn.
//! So does a named pipe or a link loop where GLib keeps the settings (the
//! dconf database, or the keyfile): the window keeps them in memory, says
//! so, and quits on Ctrl+Q.
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
use harness::{
    Results, ensure, open_training, open_window, pass_time, play_3x3, press_over, wait_until,
};
use tictactoe::ui::{TictactoeApplication, TictactoeWindow, TrainingView};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::LearnerState;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_files::learner_state::{LearnerFile, lock_for_training, state_path_in};

/// Names the launch a child process plays; unset in the parent.
const LAUNCH: &str = "TICTACTOE_TEST_LAUNCH";

/// How long the parent waits for a launch: far longer than a window takes.
const PATIENCE: Duration = Duration::from_secs(30);

/// For the settings launch: the settings file the status line is to name,
/// and the words that say what it is.
const STORE: &str = "TICTACTOE_TEST_STORE";
const STORE_PROBLEM: &str = "TICTACTOE_TEST_STORE_PROBLEM";

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
    play_3x3(
        &window,
        (PlayerKind::Menace, Difficulty::Hard),
        (PlayerKind::Td, Difficulty::Hard),
    )?;
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
fn open_window_and_training()
-> Result<(TictactoeApplication, TictactoeWindow, TrainingView), String> {
    let (app, window) = open_window()?;
    let view = open_training(&window)?;
    Ok((app, window, view))
}

fn train_what_another_trains() -> Result<(), String> {
    let (app, window, view) = open_window_and_training()?;
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

/// What the child expects when the settings file is a named pipe or a
/// link loop: the window opens, names the file on the status line, and
/// Ctrl+Q ends it.
fn open_without_the_settings_file() -> Result<(), String> {
    let (store, problem) = (env_text(STORE)?, env_text(STORE_PROBLEM)?);
    let (app, window) = open_window()?;
    let status = window.status_text();
    ensure(
        status.starts_with("Settings are neither read nor saved this session:")
            && status.contains(&format!("'{store}' could not be read ({problem}"))
            && status.contains("was left as it is"),
        || format!("the status line says {status:?}"),
    )?;
    press_over(&window, "ctrl+q")?;
    wait_until("Ctrl+Q to close the window", PATIENCE, || {
        app.windows().is_empty()
    })?;
    println!("said: {status}");
    Ok(())
}

/// The environment variable `name`'s text, which the parent sets.
fn env_text(name: &str) -> Result<String, String> {
    std::env::var(name).map_err(|_| format!("{name} is not set"))
}

/// What the child expects of a network whose weights are finite but so
/// large that training runs it into NaN: the Training window trains it,
/// says why it kept the old file, and `launch` finds the file unchanged.
fn train_a_network_into_nan() -> Result<(), String> {
    let (app, window, view) = open_window_and_training()?;
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
    for dir in [data_dir(&home), dconf_dir(&home), keyfile_dir(&home)] {
        fs::create_dir_all(&dir).map_err(|error| error.to_string())?;
    }
    for dir in [
        home.clone(),
        home.join("data"),
        data_dir(&home),
        home.join("config"),
        dconf_dir(&home),
        home.join("config").join("glib-2.0"),
        keyfile_dir(&home),
    ] {
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o777))
            .map_err(|error| error.to_string())?;
    }
    Ok(home)
}

/// Where the learners' states lie in `home`.
fn data_dir(home: &Path) -> PathBuf {
    home.join("data").join("tictactoe")
}

/// Where GLib keeps the dconf database and the keyfile of `home`.
fn dconf_dir(home: &Path) -> PathBuf {
    home.join("config").join("dconf")
}
fn keyfile_dir(home: &Path) -> PathBuf {
    home.join("config").join("glib-2.0").join("settings")
}

/// Runs the window in a child process with `home`'s data directory and
/// checks that it played and left every file there as it was.
fn launch_with(home: &Path) -> Result<(), String> {
    launch(home, "play", Some("memory"), &[])
}

/// Runs the child's `scenario` (`LAUNCH`'s value) with `home`'s data and
/// settings directories, GLib's settings backend `backend` (its own
/// choice for `None`) and the variables `more`, and checks that every
/// file in those directories was left as it was.
fn launch(
    home: &Path,
    scenario: &str,
    backend: Option<&str>,
    more: &[(&str, &str)],
) -> Result<(), String> {
    let watched = [data_dir(home), dconf_dir(home), keyfile_dir(home)];
    let before = watched.each_ref().map(|dir| directory_snapshot(dir));
    let mut command =
        common::as_unprivileged(&std::env::current_exe().map_err(|error| error.to_string())?);
    command
        .env(LAUNCH, scenario)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("GSK_RENDERER", "cairo")
        .envs(more.iter().copied());
    match backend {
        Some(backend) => command.env("GSETTINGS_BACKEND", backend),
        None => command.env_remove("GSETTINGS_BACKEND"),
    };
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
    let after = watched.each_ref().map(|dir| directory_snapshot(dir));
    ensure(after == before, || {
        format!("the data and settings directories held {before:?}, now {after:?}")
    })
}

fn a_named_pipe_and_a_directory() -> Result<(), String> {
    let home = fresh_home("pipe")?;
    let data = data_dir(&home);
    common::make_fifo(&state_path_in(&data, PlayerKind::Menace));
    fs::create_dir(state_path_in(&data, PlayerKind::Td)).map_err(|error| error.to_string())?;
    launch_with(&home)?;
    let _ = fs::remove_dir_all(&home);
    Ok(())
}

fn a_link_loop_and_a_file_it_may_not_read() -> Result<(), String> {
    let home = fresh_home("denied")?;
    let data = data_dir(&home);
    std::os::unix::fs::symlink("menace.json", state_path_in(&data, PlayerKind::Menace))
        .map_err(|error| error.to_string())?;
    let td = state_path_in(&data, PlayerKind::Td);
    let mut state = LearnerState::fresh(PlayerKind::Td, Shape::TIC_TAC_TOE).ok_or("no TD")?;
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
    let td = state_path_in(&data_dir(&home), PlayerKind::Td);
    let mut state = LearnerState::fresh(PlayerKind::Td, Shape::TIC_TAC_TOE).ok_or("no TD")?;
    state.games = 5;
    state.write(&td).map_err(|error| error.to_string())?;
    let held = lock_for_training(&td).map_err(|error| error.to_string())?;
    let launched = launch(&home, "train", Some("memory"), &[]);
    drop(held);
    launched?;
    let _ = fs::remove_dir_all(&home);
    Ok(())
}

/// The window started with `store` made unusable by `make`, under GLib's
/// settings backend `backend`; the status line is to say `problem`.
fn a_settings_file(
    name: &str,
    backend: Option<&str>,
    store: fn(&Path) -> PathBuf,
    make: fn(&Path) -> Result<(), String>,
    problem: &str,
) -> Result<(), String> {
    let home = fresh_home(name)?;
    let store = store(&home);
    make(&store)?;
    let shown = store.display().to_string();
    launch(
        &home,
        "settings",
        backend,
        &[(STORE, &shown), (STORE_PROBLEM, problem)],
    )?;
    let _ = fs::remove_dir_all(&home);
    Ok(())
}

/// A neural network of weights ±1e20: finite, so it opens, but training
/// runs it into NaN, which JSON would write as null.
fn a_network_trained_into_nan() -> Result<(), String> {
    let home = fresh_home("nan")?;
    let neural = state_path_in(&home.join("data").join("tictactoe"), PlayerKind::Neural);
    let state =
        LearnerState::fresh(PlayerKind::Neural, Shape::TIC_TAC_TOE).ok_or("no neural network")?;
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
    launch(&home, "nan", Some("memory"), &[])?;
    let _ = fs::remove_dir_all(&home);
    Ok(())
}

fn dconf_database(home: &Path) -> PathBuf {
    dconf_dir(home).join("user")
}

fn keyfile(home: &Path) -> PathBuf {
    keyfile_dir(home).join("keyfile")
}

fn named_pipe(path: &Path) -> Result<(), String> {
    common::make_fifo(path);
    Ok(())
}

fn link_to_itself(path: &Path) -> Result<(), String> {
    let name = path.file_name().ok_or("the path names no file")?;
    std::os::unix::fs::symlink(name, path).map_err(|error| error.to_string())
}

fn a_named_pipe_as_the_dconf_database() -> Result<(), String> {
    a_settings_file(
        "dconf-pipe",
        None,
        dconf_database,
        named_pipe,
        "it is a named pipe (FIFO), not a regular file",
    )
}

fn a_named_pipe_as_the_settings_keyfile() -> Result<(), String> {
    a_settings_file(
        "keyfile-pipe",
        Some("keyfile"),
        keyfile,
        named_pipe,
        "it is a named pipe (FIFO), not a regular file",
    )
}

fn a_link_loop_as_the_settings_keyfile() -> Result<(), String> {
    a_settings_file(
        "keyfile-loop",
        Some("keyfile"),
        keyfile,
        link_to_itself,
        "Too many levels of symbolic links",
    )
}

fn main() -> ExitCode {
    if let Some(scenario) = std::env::var_os(LAUNCH) {
        let child = if scenario == "train" {
            train_what_another_trains()
        } else if scenario == "settings" {
            open_without_the_settings_file()
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
    let checks: &[(&str, Check)] = &[
        (
            "a named pipe as the dconf settings database",
            a_named_pipe_as_the_dconf_database,
        ),
        (
            "a named pipe as the settings keyfile",
            a_named_pipe_as_the_settings_keyfile,
        ),
        (
            "a symbolic link loop as the settings keyfile",
            a_link_loop_as_the_settings_keyfile,
        ),
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
