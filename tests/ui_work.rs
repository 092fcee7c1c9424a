//! Work off the main thread, as a person meets it: the coach's judge of a
//! 5x5 move runs on a thread called "judge" at a lower priority and stops
//! when Ctrl+N starts a new game; the Game Review window's judge of a 5x5
//! game stops when Escape closes the window; a Compare job that panics is
//! said in the window's status line, and the window lives on; Escape on
//! the search-tree explorer stops its recording of a 5x5 search; Ctrl+Q
//! stops the coach's judge as the app quits. Threads are
//! read from /proc/self/task, each with its name and nice value. Needs a
//! display and xdotool: `xvfb-run -a cargo test --release --test ui_work`.

mod harness;

use std::process::ExitCode;
use std::time::Duration;

use gtk::prelude::*;
use harness::{
    Results, ensure, move_onto, open_window, point_into, press_over, start, use_test_environment,
    wait_until, xdotool,
};
use tictactoe::game::Sender;
use tictactoe::ui::{CompareView, JobWindow, TictactoeApplication, TictactoeWindow, TreeExplorer};
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_tools::review::DEFAULT_TIME_LIMIT;

const PATIENCE: Duration = Duration::from_secs(20);

/// How long a stopped judge or recorder may take to go: less than a judge
/// left alone searches a single unsolved 5x5 position. A stopped search
/// notices its flag within a thousand nodes; one left alone goes on for
/// that long for each position still to judge.
const PROMPTLY: Duration = DEFAULT_TIME_LIMIT;

/// The nice values of this process's threads called `name`.
fn threads_called(name: &str) -> Vec<i32> {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|task| {
            let comm = std::fs::read_to_string(task.path().join("comm")).ok()?;
            if comm.trim_end() != name {
                return None;
            }
            // The fields after the name in parentheses, from the state (the
            // third field) on: the nice value is the nineteenth.
            let stat = std::fs::read_to_string(task.path().join("stat")).ok()?;
            let after_name = &stat[stat.rfind(')')? + 1..];
            after_name.split_whitespace().nth(16)?.parse().ok()
        })
        .collect()
}

/// Waits for a judge's thread, and checks it is nicer than the window.
fn wait_for_a_niced_judge() -> Result<(), String> {
    wait_until("a thread called \"judge\"", PATIENCE, || {
        !threads_called("judge").is_empty()
    })?;
    let nice = threads_called("judge");
    ensure(nice.iter().all(|&nice| nice > 0), || {
        format!("the judge's threads run at nice {nice:?}, not below the window")
    })
}

fn wait_for_no_judge(after: &str) -> Result<(), String> {
    wait_for_no_thread("judge", after)
}

fn wait_for_no_thread(name: &str, after: &str) -> Result<(), String> {
    wait_until(&format!("the {name} to stop {after}"), PROMPTLY, || {
        threads_called(name).is_empty()
    })
    .map(|_| ())
}

/// The explorer records alpha-beta's search of the empty 5x5 board, on a
/// thread called "tree recorder" at the lower priority; Escape closes the
/// explorer, and the recording stops.
fn closing_the_explorer_stops_its_recording(
    _: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let explorer = TreeExplorer::new(window);
    explorer.present();
    explorer.explore(
        &Board::new(Shape::FIVE_BY_FIVE),
        PlayerKind::AlphaBeta,
        None,
    );
    wait_until("a thread called \"tree recorder\"", PATIENCE, || {
        !threads_called("tree recorder").is_empty()
    })?;
    let nice = threads_called("tree recorder");
    ensure(nice.iter().all(|&nice| nice > 0), || {
        format!("the recorder runs at nice {nice:?}, not below the window")
    })?;
    ensure(explorer.tree().is_none(), || {
        "the 5x5 search was recorded before the explorer could close".to_owned()
    })?;
    press_over(&explorer, "Escape")?;
    wait_until("Escape to close the explorer", PATIENCE, || {
        !explorer.is_visible()
    })?;
    wait_for_no_thread("tree recorder", "after the explorer closed")
}

/// The coach judges X's first move on 5x5 (a click on the board); Ctrl+N
/// starts a new game, and the judge of the old game's move stops.
fn a_new_game_stops_the_coachs_judge(
    _: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let person = (PlayerKind::Human, Difficulty::Hard);
    window.picker(Side::Max).coach_check().set_active(true);
    window.picker(Side::Min).coach_check().set_active(false);
    start(window, person, person, Shape::FIVE_BY_FIVE, Duration::ZERO)?;
    wait_for_no_judge("before the first move")?;
    move_onto(&window.board_view(), None)?;
    xdotool(&["click", "1"])?;
    wait_until("X's move to be played", PATIENCE, || {
        window.record().is_some_and(|record| record.len() == 1)
    })?;
    wait_for_a_niced_judge()?;
    press_over(window, "ctrl+n")?;
    wait_until("the new game", PATIENCE, || {
        window.record().is_some_and(|record| record.is_empty())
    })?;
    wait_for_no_judge("after Ctrl+N")?;
    window.picker(Side::Max).coach_check().set_active(false);
    Ok(())
}

/// The coach judges X's first move on 5x5 (a click); Ctrl+Q quits the app,
/// and the judge stops with it. Last: the windows are gone after it.
fn quitting_stops_the_coachs_judge(
    _: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let person = (PlayerKind::Human, Difficulty::Hard);
    window.picker(Side::Max).coach_check().set_active(true);
    start(window, person, person, Shape::FIVE_BY_FIVE, Duration::ZERO)?;
    wait_for_no_judge("before the first move")?;
    move_onto(&window.board_view(), None)?;
    xdotool(&["click", "1"])?;
    wait_for_a_niced_judge()?;
    press_over(window, "ctrl+q")?;
    wait_until("Ctrl+Q to close the window", PATIENCE, || {
        !window.is_visible()
    })?;
    wait_for_no_judge("after Ctrl+Q")
}

/// A finished 5x5 game of two random players, reviewed by Ctrl+R: Escape
/// closes the Game Review window while it judges, and the judge stops.
fn closing_the_review_stops_its_judge(
    _: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    let random = (PlayerKind::Random, Difficulty::Hard);
    start(window, random, random, Shape::FIVE_BY_FIVE, Duration::ZERO)?;
    wait_until("the game to end", PATIENCE, || !window.game_running())?;
    point_into(
        &window.title().unwrap_or_default(),
        (window.width() / 2, window.height() - 20),
    )?;
    xdotool(&["key", "ctrl+r"])?;
    wait_until("Ctrl+R to open the Game Review window", PATIENCE, || {
        window.review_view().is_some_and(|view| view.is_visible())
    })?;
    wait_for_a_niced_judge()?;
    let view = window.review_view().ok_or("no review window")?;
    ensure(view.review().is_none(), || {
        "the 5x5 game was judged before the window could close".to_owned()
    })?;
    press_over(&view, "Escape")?;
    wait_until("Escape to close the review", PATIENCE, || {
        !view.is_visible()
    })?;
    wait_for_no_judge("after the review closed")
}

/// A Compare job whose thread panics: the status line says so, as an
/// error, the job is over and the window still open.
fn a_job_that_panics_is_said_and_the_window_lives(
    _: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    press_over(window, "ctrl+m")?;
    wait_until("Ctrl+M to open the Compare window", PATIENCE, || {
        window.compare_view().is_some_and(|view| view.is_visible())
    })?;
    let view: CompareView = window.compare_view().ok_or("no Compare window")?;
    view.job().start(
        &view,
        "deliberate",
        |_, _: &Sender<()>| panic!("a deliberate failure"),
        |()| {},
    );
    wait_until("the status line to tell of the failure", PATIENCE, || {
        view.status_text().contains("a deliberate failure")
    })?;
    ensure(!view.is_running(), || {
        "the failed job still counts as running".to_owned()
    })?;
    ensure(view.is_visible() && window.is_visible(), || {
        "a window went with the failed job".to_owned()
    })?;
    view.close();
    Ok(())
}

fn main() -> ExitCode {
    use_test_environment();
    let (app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    type Check = fn(&TictactoeApplication, &TictactoeWindow) -> Result<(), String>;
    let checks: [(&str, Check); 5] = [
        (
            "a new game stops the coach's judge",
            a_new_game_stops_the_coachs_judge,
        ),
        (
            "closing the review stops its judge",
            closing_the_review_stops_its_judge,
        ),
        (
            "closing the explorer stops its recording",
            closing_the_explorer_stops_its_recording,
        ),
        (
            "a job that panics is said and the window lives",
            a_job_that_panics_is_said_and_the_window_lives,
        ),
        (
            "quitting stops the coach's judge",
            quitting_stops_the_coachs_judge,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check(&app, &window));
    }
    window.close();
    results.finish()
}
