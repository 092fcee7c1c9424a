//! The settings outlive the window: each launch is a child process of this
//! test with its own GTK, as two runs of the app are, and the launches share
//! GSettings' keyfile backend in a temporary `XDG_CONFIG_HOME`. GTK wants
//! the main thread, so this test has its own `main` (`harness = false`).
//! Needs a display: `xvfb-run -a cargo test --release --test remembered`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

use gtk::prelude::*;
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use tictactoe::ui::{TictactoeApplication, TictactoeWindow};
use tictactoe_engine::board::Side;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_words::Words;

mod harness;

use harness::{Results, ensure, open_window, pass_time, wait_until};

/// How long a launch waits for the window to do what it was asked.
const PATIENCE: Duration = Duration::from_secs(5);

/// Names the launch a child process plays; unset in the parent.
const LAUNCH: &str = "TICTACTOE_TEST_LAUNCH";

/// What the first launch chooses, for the second to find.
const MAX: (PlayerKind, Difficulty) = (PlayerKind::Random, Difficulty::Easy);
const MIN: (PlayerKind, Difficulty) = (PlayerKind::Minimax, Difficulty::Depth(4));
const SIZE: Shape = Shape::CONNECT_FOUR;
/// Min's evaluation list's entry for Threats.
const MIN_EVALUATION_ENTRY: u32 = 2;
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

/// A keyfile with what GSettings lets through though the window cannot
/// use it: a player that is not UTF-8 text (GLib's parser complains on
/// stderr), a pace and board shares that are NaN (within any range, as
/// far as GSettings can tell).
const UNUSABLE_KEYFILE: &[u8] = b"[io/github/tictactoe/Tictactoe]
max-player='\xff\xfeX'
pace=nan
board-share-wide=nan
board-share-narrow=nan
";

/// GLib's and GTK's own complaints on stderr, which a value in the
/// settings must never cause.
fn glib_complaints(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|line| {
            line.contains("-CRITICAL **")
                || line.contains("GLib-GObject-WARNING **")
                || line.contains("GLib-GIO-WARNING **")
        })
        .collect()
}

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

fn selected_size(window: &TictactoeWindow) -> Shape {
    window.board_picker().shape()
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
    ensure(selected_size(window) == Shape::TIC_TAC_TOE, || {
        format!("a first launch shows {}", selected_size(window).words())
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
    let coached = [Side::Max, Side::Min].map(|side| window.picker(side).coach_check().is_active());
    ensure(coached == [false, false], || {
        format!("a first launch has the coach on: {coached:?}")
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
    // Min's search evaluates with Threats, the entry after Lines and Centre.
    window
        .picker(Side::Min)
        .evaluation_dropdown()
        .set_selected(MIN_EVALUATION_ENTRY);
    let position = Shape::PRESETS.iter().position(|&(_, size)| size == SIZE);
    window
        .board_picker()
        .preset_dropdown()
        .set_selected(position.unwrap_or(0) as u32);
    window.pace_scale().set_value(PACE);
    WidgetExt::activate_action(&window, "win.show-scores", None)
        .map_err(|error| format!("the scores toggle did not run: {error}"))?;
    window.picker(Side::Min).coach_check().set_active(true);
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
        format!("the board is {}", selected_size(&window).words())
    })?;
    let evaluation = window.picker(Side::Min).evaluation_key();
    ensure(evaluation == "threats", || {
        format!("O evaluates with {evaluation}, not threats")
    })?;
    ensure(window.pace_scale().value() == PACE, || {
        format!("the pace is {}", window.pace_scale().value())
    })?;
    ensure(scores_shown(&window) == Some(false), || {
        "the scores show again".to_owned()
    })?;
    let coached = [Side::Max, Side::Min].map(|side| window.picker(side).coach_check().is_active());
    ensure(coached == [false, true], || {
        format!("the coach is on for {coached:?}, not for O only")
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
    ensure(selected_size(&window) == Shape::FIVE_BY_FIVE, || {
        format!(
            "the board is {}, not the keyfile's 5x5",
            selected_size(&window).words()
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

/// A launch with the unusable keyfile: the defaults instead, the board at
/// its default share of the window, not squeezed to its least width.
fn open_with_unusable_settings() -> Result<(), String> {
    let (app, window) = open_window()?;
    let max = window.picker(Side::Max).selection();
    ensure(max == (PlayerKind::Human, Difficulty::Hard), || {
        format!("Max has {max:?} instead of the default")
    })?;
    ensure(window.pace_scale().value() == 500.0, || {
        format!(
            "the pace is {}, not the default",
            window.pace_scale().value()
        )
    })?;
    let paned = window.paned();
    let share = f64::from(paned.position()) / f64::from(window.width());
    ensure(
        paned.orientation() == gtk::Orientation::Horizontal && (share - 0.54).abs() < 0.02,
        || {
            format!(
                "the board takes {} of {} px, not the default share",
                paned.position(),
                window.width()
            )
        },
    )?;
    close(&app, &window);
    Ok(())
}

/// A launch with any keyfile: it opens, and every control it remembers
/// holds a value it can have.
fn open_with_any_settings() -> Result<(), String> {
    let (app, window) = open_window()?;
    let pace = window.pace_scale().value();
    ensure((0.0..=2000.0).contains(&pace), || {
        format!("the pace is {pace}")
    })?;
    ensure(window.paned().position() > 0, || {
        "the board has no room".to_owned()
    })?;
    close(&app, &window);
    Ok(())
}

/// A keyfile an older version left, with the board as its side alone,
/// and more in a row than that board holds.
const BOARD_KEYFILE: &[u8] = b"[io/github/tictactoe/Tictactoe]
board-size='4'
board-in-a-row=6
";

/// A launch with `BOARD_KEYFILE`: the 4x4 board, with its own four in a
/// row.
fn open_with_a_bad_board() -> Result<(), String> {
    let (app, window) = open_window()?;
    ensure(selected_size(&window) == Shape::FOUR_BY_FOUR, || {
        format!("the board is {}, not 4x4", selected_size(&window).words())
    })?;
    close(&app, &window);
    Ok(())
}

/// A custom board chosen in its controls, as a person sets them.
const CUSTOM: (usize, usize, usize, bool) = (6, 5, 4, true);

fn choose_a_custom_board() -> Result<(), String> {
    let (app, window) = open_window()?;
    let picker = window.board_picker();
    picker
        .preset_dropdown()
        .set_selected(Shape::PRESETS.len() as u32);
    let (width, height, in_a_row, gravity) = CUSTOM;
    picker.width_spin().set_value(width as f64);
    picker.height_spin().set_value(height as f64);
    picker.in_a_row_spin().set_value(in_a_row as f64);
    picker.gravity_switch().set_active(gravity);
    close(&app, &window);
    Ok(())
}

fn find_the_custom_board() -> Result<(), String> {
    let (app, window) = open_window()?;
    let picker = window.board_picker();
    let shape = picker.shape();
    let found = (
        shape.width(),
        shape.height(),
        shape.in_a_row(),
        shape.gravity(),
    );
    ensure(found == CUSTOM, || {
        format!("the board is {}", shape.words())
    })?;
    ensure(picker.width_spin().is_visible(), || {
        "the custom board's controls are hidden".to_owned()
    })?;
    close(&app, &window);
    Ok(())
}

fn a_bad_board_is_reported_and_reset() -> Result<(), String> {
    let config = fresh_config("board")?;
    write_keyfile(&config, BOARD_KEYFILE)?;
    let first = launch("bad-board", &config)?;
    ensure(first.passed, || first.failure("first"))?;
    let lines = first.app_lines();
    ensure(
        lines.len() == 1 && lines[0].contains("board-in-a-row"),
        || format!("stderr said {lines:?}, not one line about board-in-a-row"),
    )?;
    let second = launch("bad-board", &config)?;
    ensure(second.passed, || second.failure("second"))?;
    ensure(second.app_lines().is_empty(), || {
        format!("the second launch said again: {:?}", second.app_lines())
    })?;
    let _ = std::fs::remove_dir_all(&config);
    Ok(())
}

fn a_custom_board_survives_a_restart() -> Result<(), String> {
    let config = fresh_config("custom")?;
    let first = launch("custom", &config)?;
    ensure(first.passed, || first.failure("first"))?;
    let second = launch("find-custom", &config)?;
    ensure(second.passed, || second.failure("second"))?;
    let _ = std::fs::remove_dir_all(&config);
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

fn unusable_settings_are_reset_and_reported_in_the_apps_words() -> Result<(), String> {
    let config = fresh_config("unusable")?;
    write_keyfile(&config, UNUSABLE_KEYFILE)?;
    let first = launch("unusable", &config)?;
    ensure(first.passed, || first.failure("first"))?;
    let complaints = glib_complaints(&first.stderr);
    ensure(complaints.is_empty(), || {
        format!("GLib complained: {complaints:?}")
    })?;
    let lines = first.app_lines();
    let keys = [
        "max-player",
        "pace",
        "board-share-wide",
        "board-share-narrow",
    ];
    ensure(
        lines.len() == keys.len()
            && keys.iter().all(|key| {
                lines
                    .iter()
                    .any(|line| line.contains(&format!("setting {key}:")))
            }),
        || format!("stderr said {lines:?}"),
    )?;
    let second = launch("unusable", &config)?;
    ensure(second.passed, || second.failure("second"))?;
    ensure(
        second.app_lines().is_empty() && glib_complaints(&second.stderr).is_empty(),
        || format!("the second launch said: {}", second.stderr),
    )?;
    let _ = std::fs::remove_dir_all(&config);
    Ok(())
}

fn write_keyfile(config: &Path, text: &[u8]) -> Result<(), String> {
    let keyfile = config.join("glib-2.0/settings/keyfile");
    std::fs::create_dir_all(keyfile.parent().unwrap_or(config))
        .and_then(|()| std::fs::write(&keyfile, text))
        .map_err(|error| format!("{}: {error}", keyfile.display()))
}

/// A value for a key of type `kind` ("s", "d", "i", "b"), as a keyfile
/// holds it: good, out of range, of another type, not a number, not UTF-8
/// text, with control characters, or anything printable.
fn keyfile_value(kind: &'static str) -> impl Strategy<Value = Vec<u8>> {
    let good: Vec<&str> = match kind {
        "s" => vec![
            "'alphabeta'",
            "'hard'",
            "'4x4'",
            "'7'",
            "'grandmaster'",
            "''",
        ],
        "d" => vec!["0.5", "1200.0", "0.2", "99999.0", "-1.0", "1e308"],
        "i" => vec!["800", "200", "0", "99999", "-5"],
        _ => vec!["true", "false"],
    };
    let good: Vec<Vec<u8>> = good
        .into_iter()
        .map(|value| value.as_bytes().to_vec())
        .collect();
    let odd: Vec<Vec<u8>> = [
        "nan",
        "inf",
        "-inf",
        "'text'",
        "true",
        "1",
        "[1]",
        r"'\u00e9'",
        "'\x1b]0;x\x07'",
    ]
    .into_iter()
    .map(|value| value.as_bytes().to_vec())
    .collect();
    prop_oneof![
        prop::sample::select(good),
        prop::sample::select(odd),
        // Not UTF-8 text, quoted or not.
        prop::collection::vec(0x80u8..=0xff, 1..4).prop_map(|bytes| {
            let mut value = b"'".to_vec();
            value.extend(bytes);
            value.push(b'\'');
            value
        }),
        prop::collection::vec(0x80u8..=0xff, 1..4),
        // Anything printable, and control characters but a line's end.
        prop::collection::vec(
            prop::sample::select(b"ab19 .'\"[]\x1b\x07\t".to_vec()),
            0..12
        ),
    ]
}

/// The keys the window remembers, with their types.
const KEYS: [(&str, &str); 17] = [
    ("max-player", "s"),
    ("max-difficulty", "s"),
    ("min-player", "s"),
    ("min-difficulty", "s"),
    ("max-evaluation", "s"),
    ("min-evaluation", "s"),
    ("board-size", "s"),
    ("pace", "d"),
    ("show-scores", "b"),
    ("learn-from-games", "b"),
    ("max-coach", "b"),
    ("min-coach", "b"),
    ("window-width", "i"),
    ("window-height", "i"),
    ("window-maximized", "b"),
    ("board-share-wide", "d"),
    ("board-share-narrow", "d"),
];

/// A keyfile giving some of the keys any of those values.
fn any_keyfile() -> impl Strategy<Value = Vec<u8>> {
    let values: Vec<_> = KEYS
        .iter()
        .map(|&(key, kind)| {
            prop::option::of(keyfile_value(kind)).prop_map(move |value| (key, value))
        })
        .collect();
    values.prop_map(|values| {
        let mut text = b"[io/github/tictactoe/Tictactoe]\n".to_vec();
        for (key, value) in values {
            if let Some(value) = value {
                text.extend(key.as_bytes());
                text.push(b'=');
                text.extend(value);
                text.push(b'\n');
            }
        }
        text
    })
}

/// Property: whatever the keyfile holds, the window opens with usable
/// controls, GLib never complains, and what the app reported (and reset)
/// it does not report again. Each case is two launches, so a few cases
/// run (`PROPTEST_CASES` for more).
fn any_settings_open_a_usable_window_without_complaints() -> Result<(), String> {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(6);
    let mut runner = TestRunner::new(ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let config = fresh_config("any")?;
    let outcome = runner.run(&any_keyfile(), |keyfile| {
        let _ = std::fs::remove_dir_all(&config);
        write_keyfile(&config, &keyfile).map_err(TestCaseError::fail)?;
        let shown = String::from_utf8_lossy(&keyfile).into_owned();
        for launch_number in ["first", "second"] {
            let run = launch("any", &config).map_err(TestCaseError::fail)?;
            prop_assert!(run.passed, "{}\n{}", run.failure(launch_number), shown);
            let complaints = glib_complaints(&run.stderr);
            prop_assert!(complaints.is_empty(), "{:?}\n{}", complaints, shown);
            if launch_number == "second" {
                prop_assert!(
                    run.app_lines().is_empty(),
                    "{:?}\n{}",
                    run.app_lines(),
                    shown
                );
            }
        }
        Ok(())
    });
    let _ = std::fs::remove_dir_all(&config);
    outcome.map_err(|error| error.to_string())
}

fn main() -> ExitCode {
    if let Ok(name) = std::env::var(LAUNCH) {
        let result = match name.as_str() {
            "unusable" => open_with_unusable_settings(),
            "any" => open_with_any_settings(),
            "change" => change_everything(),
            "find" => find_everything(),
            "narrow" => narrow_the_window(),
            "find-narrow" => find_the_narrow_window(),
            "corrupt" => open_with_corrupt_settings(),
            "bad-board" => open_with_a_bad_board(),
            "custom" => choose_a_custom_board(),
            "find-custom" => find_the_custom_board(),
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
    let checks: [(&str, Check); 7] = [
        ("settings survive a restart", settings_survive_a_restart),
        (
            "a narrow window comes back narrow",
            a_narrow_window_comes_back_narrow,
        ),
        (
            "corrupt settings fall back and are reported once",
            corrupt_settings_fall_back_and_are_reported_once,
        ),
        (
            "a bad board is reported and reset",
            a_bad_board_is_reported_and_reset,
        ),
        (
            "a custom board survives a restart",
            a_custom_board_survives_a_restart,
        ),
        (
            "unusable settings are reset and reported in the app's words",
            unusable_settings_are_reset_and_reported_in_the_apps_words,
        ),
        (
            "any settings open a usable window without complaints",
            any_settings_open_a_usable_window_without_complaints,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check());
    }
    results.finish()
}
