//! The settings outlive the window: each launch is a child process of this
//! test with its own GTK, as two runs of the app are, and the launches share
//! GSettings' keyfile backend in a temporary `XDG_CONFIG_HOME`. GTK wants
//! the main thread, so this test has its own `main` (`harness = false`).
//! Needs a display: `xvfb-run -a cargo test --release --test remembered`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

use gtk::prelude::*;
use tictactoe::engine::{BoardSize, Difficulty, PlayerKind, Side};
use tictactoe::ui::{TictactoeApplication, TictactoeWindow};

mod harness;

use harness::{Results, ensure, open_window, pass_time, wait_until};

/// How long a launch waits for the window to do what it was asked.
const PATIENCE: Duration = Duration::from_secs(5);

/// Names the launch a child process plays; unset in the parent.
const LAUNCH: &str = "TICTACTOE_TEST_LAUNCH";

/// What the first launch chooses, for the second to find.
const MAX: (PlayerKind, Difficulty) = (PlayerKind::Random, Difficulty::Easy);
const MIN: (PlayerKind, Difficulty) = (PlayerKind::Minimax, Difficulty::Depth(4));
const SIZE: BoardSize = BoardSize::Four;
const PACE: f64 = 1200.0;
const WIDTH: i32 = 1000;
const HEIGHT: i32 = 700;
/// Where the first launch drags the log's divider: left of the default,
/// and clear of the width the controls need at least.
const LOG_POSITION: i32 = 480;

/// A window narrow enough to put the log under the board, and where the
/// launch drags the divider: below the default, 60 per cent of the height.
const NARROW_WIDTH: i32 = 640;
const NARROW_HEIGHT: i32 = 900;
const NARROW_LOG_POSITION: i32 = 600;

/// A keyfile as a person might have left it: an unknown player, which the
/// app must report; a pace out of range and a toggle of the wrong type,
/// which GSettings passes over; and a board size that is fine.
const CORRUPT_KEYFILE: &str = "[io/github/tictactoe/Tictactoe]
max-player='grandmaster'
board-size='5x5'
pace=99999.0
show-scores='yes'
";

/// Closes the window as a person does, which saves what is left to save.
fn close(app: &TictactoeApplication, window: &TictactoeWindow) {
    window.close();
    pass_time(Duration::from_millis(100));
    app.quit();
}

fn scores_shown(window: &TictactoeWindow) -> Option<bool> {
    window
        .lookup_action("show-scores")?
        .state()
        .and_then(|state| state.get())
}

fn selected_size(window: &TictactoeWindow) -> BoardSize {
    BoardSize::ALL[window.size_dropdown().selected() as usize]
}

/// The controls as a first launch finds them, with nothing remembered.
fn expect_defaults(window: &TictactoeWindow) -> Result<(), String> {
    let players = [Side::Max, Side::Min].map(|side| window.picker(side).selection());
    ensure(
        players
            == [
                (PlayerKind::Human, Difficulty::Hard),
                (PlayerKind::AlphaBetaTt, Difficulty::Hard),
            ],
        || format!("a first launch shows the players {players:?}"),
    )?;
    ensure(selected_size(window) == BoardSize::Three, || {
        format!("a first launch shows {}", selected_size(window))
    })?;
    ensure(window.pace_scale().value() == 500.0, || {
        format!(
            "a first launch has the pace {}",
            window.pace_scale().value()
        )
    })?;
    ensure(scores_shown(window) == Some(true), || {
        "a first launch hides the scores".to_owned()
    })?;
    ensure(window.default_size() == (1120, 720), || {
        format!("a first launch is {:?}", window.default_size())
    })
}

/// The first launch: finds the defaults, then changes everything.
fn change_everything() -> Result<(), String> {
    let (app, window) = open_window()?;
    expect_defaults(&window)?;
    for (side, (kind, difficulty)) in [(Side::Max, MAX), (Side::Min, MIN)] {
        window.picker(side).select(kind);
        window.picker(side).select_difficulty(difficulty);
    }
    let position = BoardSize::ALL.iter().position(|&size| size == SIZE);
    window
        .size_dropdown()
        .set_selected(position.unwrap_or(0) as u32);
    window.pace_scale().set_value(PACE);
    WidgetExt::activate_action(&window, "win.show-scores", None)
        .map_err(|error| format!("the scores toggle did not run: {error}"))?;
    let first_width = window.width();
    window.set_default_size(WIDTH, HEIGHT);
    wait_until("the window to take its new size", PATIENCE, || {
        window.width() != first_width
    })?;
    window.paned().set_position(LOG_POSITION);
    pass_time(Duration::from_millis(100));
    close(&app, &window);
    Ok(())
}

/// The second launch: finds what the first one left.
fn find_everything() -> Result<(), String> {
    let (app, window) = open_window()?;
    for (side, expected) in [(Side::Max, MAX), (Side::Min, MIN)] {
        let found = window.picker(side).selection();
        ensure(found == expected, || {
            format!("{} has {found:?}, not {expected:?}", side.label())
        })?;
    }
    ensure(selected_size(&window) == SIZE, || {
        format!("the board is {}", selected_size(&window))
    })?;
    ensure(window.pace_scale().value() == PACE, || {
        format!("the pace is {}", window.pace_scale().value())
    })?;
    ensure(scores_shown(&window) == Some(false), || {
        "the scores show again".to_owned()
    })?;
    ensure(window.default_size() == (WIDTH, HEIGHT), || {
        format!("the window is {:?}", window.default_size())
    })?;
    let position = window.paned().position();
    ensure((position - LOG_POSITION).abs() <= 2, || {
        format!("the log is at {position} px, not {LOG_POSITION}")
    })?;
    close(&app, &window);
    Ok(())
}

/// A launch that narrows the window and moves the divider of the log
/// under the board.
fn narrow_the_window() -> Result<(), String> {
    let (app, window) = open_window()?;
    // Twice, as in tests/ui.rs: the window can narrow further only once
    // the log is under the board.
    for _ in 0..2 {
        window.set_default_size(NARROW_WIDTH, NARROW_HEIGHT);
        pass_time(Duration::from_millis(200));
    }
    wait_until("the log to go under the board", PATIENCE, || {
        window.paned().orientation() == gtk::Orientation::Vertical
    })?;
    window.paned().set_position(NARROW_LOG_POSITION);
    pass_time(Duration::from_millis(100));
    close(&app, &window);
    Ok(())
}

/// The launch after: narrow again, the divider where it was left.
fn find_the_narrow_window() -> Result<(), String> {
    let (app, window) = open_window()?;
    let paned = window.paned();
    ensure(paned.orientation() == gtk::Orientation::Vertical, || {
        format!(
            "the log is beside the board in a window {} px wide",
            window.width()
        )
    })?;
    ensure((paned.position() - NARROW_LOG_POSITION).abs() <= 2, || {
        format!(
            "the divider is at {} px, not {NARROW_LOG_POSITION}",
            paned.position()
        )
    })?;
    close(&app, &window);
    Ok(())
}

/// A launch with the corrupt keyfile: defaults where it is wrong, its
/// board size where it is right.
fn open_with_corrupt_settings() -> Result<(), String> {
    let (app, window) = open_window()?;
    let max = window.picker(Side::Max).selection();
    ensure(max == (PlayerKind::Human, Difficulty::Hard), || {
        format!("Max has {max:?} instead of the default")
    })?;
    ensure(selected_size(&window) == BoardSize::Five, || {
        format!(
            "the board is {}, not the keyfile's 5x5",
            selected_size(&window)
        )
    })?;
    ensure(window.pace_scale().value() == 500.0, || {
        format!(
            "the pace is {}, not the default",
            window.pace_scale().value()
        )
    })?;
    ensure(scores_shown(&window) == Some(true), || {
        "the scores are hidden".to_owned()
    })?;
    close(&app, &window);
    Ok(())
}

/// The output of one launch, run as a child of this test.
struct Launch {
    passed: bool,
    stdout: String,
    stderr: String,
}

impl Launch {
    /// The app's own lines on stderr, apart from whatever GTK says.
    fn app_lines(&self) -> Vec<&str> {
        self.stderr
            .lines()
            .filter(|line| line.starts_with("tictactoe:"))
            .collect()
    }

    fn failure(&self, what: &str) -> String {
        format!(
            "the {what} launch failed: {}{}",
            self.stdout.trim(),
            self.stderr.trim()
        )
    }
}

fn launch(name: &str, config: &Path) -> Result<Launch, String> {
    let program = std::env::current_exe().map_err(|error| error.to_string())?;
    let output = Command::new(program)
        .env(LAUNCH, name)
        .env("GSETTINGS_BACKEND", "keyfile")
        .env("XDG_CONFIG_HOME", config)
        .env("GSK_RENDERER", "cairo")
        .output()
        .map_err(|error| format!("the {name} launch did not run: {error}"))?;
    Ok(Launch {
        passed: output.status.success(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    })
}

/// An empty configuration directory of its own for each check.
fn fresh_config(name: &str) -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!(
        "tictactoe-remembered-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
    Ok(dir)
}

fn settings_survive_a_restart() -> Result<(), String> {
    let config = fresh_config("restart")?;
    let first = launch("change", &config)?;
    ensure(first.passed, || first.failure("first"))?;
    ensure(first.app_lines().is_empty(), || {
        format!("the first launch complained: {:?}", first.app_lines())
    })?;
    let second = launch("find", &config)?;
    ensure(second.passed, || second.failure("second"))?;
    let _ = std::fs::remove_dir_all(&config);
    Ok(())
}

fn a_narrow_window_comes_back_narrow() -> Result<(), String> {
    let config = fresh_config("narrow")?;
    let first = launch("narrow", &config)?;
    ensure(first.passed, || first.failure("first"))?;
    let second = launch("find-narrow", &config)?;
    ensure(second.passed, || second.failure("second"))?;
    let _ = std::fs::remove_dir_all(&config);
    Ok(())
}

fn corrupt_settings_fall_back_and_are_reported_once() -> Result<(), String> {
    let config = fresh_config("corrupt")?;
    let keyfile = config.join("glib-2.0/settings/keyfile");
    std::fs::create_dir_all(keyfile.parent().unwrap_or(&config))
        .and_then(|()| std::fs::write(&keyfile, CORRUPT_KEYFILE))
        .map_err(|error| format!("{}: {error}", keyfile.display()))?;
    let first = launch("corrupt", &config)?;
    ensure(first.passed, || first.failure("first"))?;
    let lines = first.app_lines();
    ensure(
        lines.len() == 1 && lines[0].contains("max-player") && lines[0].contains("grandmaster"),
        || format!("stderr said {lines:?}, not one line about max-player"),
    )?;
    // The unknown name was reset: the next launch has nothing to report.
    let second = launch("corrupt", &config)?;
    ensure(second.passed, || second.failure("second"))?;
    ensure(second.app_lines().is_empty(), || {
        format!("the second launch said again: {:?}", second.app_lines())
    })?;
    let _ = std::fs::remove_dir_all(&config);
    Ok(())
}

fn main() -> ExitCode {
    if let Ok(name) = std::env::var(LAUNCH) {
        let result = match name.as_str() {
            "change" => change_everything(),
            "find" => find_everything(),
            "narrow" => narrow_the_window(),
            "find-narrow" => find_the_narrow_window(),
            "corrupt" => open_with_corrupt_settings(),
            _ => Err(format!("no launch is called {name}")),
        };
        return match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                println!("{error}");
                ExitCode::FAILURE
            }
        };
    }
    type Check = fn() -> Result<(), String>;
    let checks: [(&str, Check); 3] = [
        ("settings survive a restart", settings_survive_a_restart),
        (
            "a narrow window comes back narrow",
            a_narrow_window_comes_back_narrow,
        ),
        (
            "corrupt settings fall back and are reported once",
            corrupt_settings_fall_back_and_are_reported_once,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check());
    }
    results.finish()
}
