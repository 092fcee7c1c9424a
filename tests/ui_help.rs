//! The guide opened as a person opens it, keys and clicks sent by
//! `xdotool`: without a help viewer F1 says how to install one; with one
//! (a stand-in that writes down what it was asked to open) F1 opens the
//! guide's first page, and in every other window F1 and the Help button
//! open that window's page, the analysis board's while a position is set
//! up. The viewer is told where the built guide is. Needs a display and
//! xdotool: `xvfb-run -a cargo test --release --test ui_help`.

mod harness;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use adw::prelude::*;
use gtk::gio;
use harness::{
    Results, ensure, move_onto, open_window, press_over, start, test_data_home,
    use_test_environment, wait_until, xdotool,
};
use tictactoe::ui::{GuidePage, TictactoeApplication, TictactoeWindow};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};

const APP_ID: &str = "io.github.tictactoe.Tictactoe";
const PATIENCE: Duration = Duration::from_secs(20);
const VIEWER: &str = "tictactoe-test-help-viewer.desktop";

/// The test's own configuration directory, where `mimeapps.list` says
/// which application opens `help:` URIs.
fn config_home() -> PathBuf {
    std::env::temp_dir().join(format!("tictactoe-test-config-{}", std::process::id()))
}

/// Where the stand-in viewer writes each URI it is asked to open, a tab,
/// and the `XDG_DATA_DIRS` it was started with.
fn opened_log() -> PathBuf {
    config_home().join("opened.txt")
}

/// Help viewers this machine may have, hidden from the app at first.
fn hide_help_viewers() -> std::io::Result<()> {
    std::fs::create_dir_all(config_home())?;
    std::fs::write(
        config_home().join("mimeapps.list"),
        "[Removed Associations]\nx-scheme-handler/help=yelp.desktop;\n",
    )
}

/// Installs the stand-in viewer as the one that opens `help:` URIs.
fn install_stand_in_viewer() -> std::io::Result<()> {
    let applications = test_data_home().join("applications");
    std::fs::create_dir_all(&applications)?;
    let script = config_home().join("viewer.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nprintf '%s\\t%s\\n' \"$1\" \"$XDG_DATA_DIRS\" >> '{}'\n",
            opened_log().display()
        ),
    )?;
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755))?;
    std::fs::write(
        applications.join(VIEWER),
        format!(
            "[Desktop Entry]\nType=Application\nName=Test help viewer\nExec={} %u\n\
             MimeType=x-scheme-handler/help;\nNoDisplay=true\n",
            script.display()
        ),
    )?;
    std::fs::write(
        config_home().join("mimeapps.list"),
        format!("[Default Applications]\nx-scheme-handler/help={VIEWER}\n"),
    )
}

fn opened() -> Vec<(String, String)> {
    std::fs::read_to_string(opened_log())
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.split_once('\t'))
        .map(|(uri, dirs)| (uri.to_owned(), dirs.to_owned()))
        .collect()
}

/// Does `act`, then waits for the viewer to be asked to open `page`, and
/// checks that the first data directory it searches holds the guide.
fn opens(page: GuidePage, act: impl FnOnce() -> Result<(), String>) -> Result<(), String> {
    let before = opened().len();
    act()?;
    wait_until(
        &format!("the viewer to open {}", page.uri()),
        PATIENCE,
        || opened().len() > before,
    )?;
    let (uri, dirs) = opened().pop().unwrap_or_default();
    ensure(uri == page.uri(), || {
        format!("the viewer was asked for {uri}, not {}", page.uri())
    })?;
    let first = dirs.split(':').next().unwrap_or_default();
    for language in ["C", "de"] {
        let index = Path::new(first).join(format!("help/{language}/{APP_ID}/index.page"));
        ensure(index.is_file(), || {
            format!(
                "the viewer's first data directory {first} lacks {}",
                index.display()
            )
        })?;
    }
    Ok(())
}

fn help_button(window: &impl IsA<gtk::Widget>) -> Result<gtk::Button, String> {
    harness::descendants(window)
        .into_iter()
        .filter_map(|widget| widget.downcast::<gtk::Button>().ok())
        .find(|button| {
            button
                .action_name()
                .is_some_and(|action| action.ends_with(".help"))
                && button.is_mapped()
        })
        .ok_or_else(|| "no Help button shown".to_owned())
}

fn click(widget: &impl IsA<gtk::Widget>) -> Result<(), String> {
    wait_until("the widget to be shown", PATIENCE, || {
        widget.is_mapped() && widget.width() > 0
    })?;
    harness::pass_time(Duration::from_millis(200));
    move_onto(widget, None)?;
    xdotool(&["click", "1"])
}

fn every_window_page_is_a_page_of_the_guide(
    _app: &TictactoeApplication,
    _window: &TictactoeWindow,
) -> Result<(), String> {
    for page in GuidePage::ALL {
        let file = format!("help/C/{}.page", page.id());
        ensure(Path::new(&file).is_file(), || format!("{file} is missing"))?;
    }
    Ok(())
}

fn without_a_viewer_f1_says_how_to_install_one(
    _app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    ensure(
        gio::AppInfo::default_for_uri_scheme("help").is_none(),
        || "this machine has a help viewer the test cannot hide".to_owned(),
    )?;
    press_over(&window.board_view(), "F1")?;
    let mut dialog = None;
    wait_until("the app to say there is no help viewer", PATIENCE, || {
        dialog = gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|toplevel| toplevel.downcast::<adw::MessageDialog>().ok())
            .find(|dialog| dialog.is_visible());
        dialog.is_some()
    })?;
    let dialog = dialog.ok_or("no dialog")?;
    let heading = dialog.heading().unwrap_or_default();
    let body = dialog.body();
    ensure(heading == "No Help Viewer Installed", || {
        format!("the dialog's heading is {heading:?}")
    })?;
    ensure(body.contains("sudo apt install yelp"), || {
        format!("the dialog does not say how to install Yelp: {body:?}")
    })?;
    press_over(&dialog, "Return")?;
    wait_until("the dialog to close", PATIENCE, || !dialog.is_visible())?;
    Ok(())
}

fn f1_opens_the_guide_and_the_analysis_board_its_page(
    _app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    install_stand_in_viewer().map_err(|error| format!("installing the stand-in: {error}"))?;
    wait_until("the desktop to know the stand-in viewer", PATIENCE, || {
        gio::AppInfo::default_for_uri_scheme("help").is_some()
    })?;
    opens(GuidePage::Index, || press_over(&window.board_view(), "F1"))?;
    press_over(&window.board_view(), "ctrl+e")?;
    wait_until("edit mode", PATIENCE, || {
        window.position_editor().is_mapped()
    })?;
    opens(GuidePage::AnalysisBoard, || {
        click(&help_button(&window.position_editor())?)
    })?;
    opens(GuidePage::AnalysisBoard, || {
        press_over(&window.board_view(), "F1")
    })?;
    press_over(&window.board_view(), "ctrl+e")?;
    wait_until("edit mode to end", PATIENCE, || {
        !window.position_editor().is_mapped()
    })?;
    Ok(())
}

/// Opens a window with `keys` over the main one, then checks its Help
/// button and F1, and closes it.
fn check_window(
    window: &TictactoeWindow,
    keys: &str,
    page: GuidePage,
    find: impl Fn(&TictactoeWindow) -> Option<gtk::Window>,
) -> Result<(), String> {
    press_over(&window.board_view(), keys)?;
    let mut view = None;
    wait_until(&format!("{keys} to open a window"), PATIENCE, || {
        view = find(window).filter(|view| view.is_mapped());
        view.is_some()
    })?;
    let view = view.ok_or("no window")?;
    harness::pass_time(Duration::from_millis(300));
    opens(page, || click(&help_button(&view)?))?;
    opens(page, || press_over(&help_button(&view)?, "F1"))?;
    view.close();
    wait_until("the window to close", PATIENCE, || !view.is_visible())?;
    Ok(())
}

fn every_window_opens_its_own_page(
    _app: &TictactoeApplication,
    window: &TictactoeWindow,
) -> Result<(), String> {
    check_window(window, "ctrl+p", GuidePage::Practice, |window| {
        window.practice_view().map(|view| view.upcast())
    })?;
    check_window(window, "ctrl+m", GuidePage::Compare, |window| {
        window.compare_view().map(|view| view.upcast())
    })?;
    check_window(window, "ctrl+t", GuidePage::Tournament, |window| {
        window.tournament_view().map(|view| view.upcast())
    })?;
    check_window(window, "ctrl+l", GuidePage::Training, |window| {
        window.training_view().map(|view| view.upcast())
    })?;
    check_window(window, "ctrl+shift+m", GuidePage::MonteCarlo, |window| {
        window.mcts_view().map(|view| view.upcast())
    })?;
    check_window(window, "ctrl+shift+e", GuidePage::TreeExplorer, |window| {
        window.explorer().map(|view| view.upcast())
    })?;
    check_window(window, "ctrl+shift+t", GuidePage::Evaluation, |window| {
        window.evaluation_truth_view().map(|view| view.upcast())
    })?;
    check_window(window, "ctrl+shift+h", GuidePage::Evaluation, |window| {
        window.horizon_view().map(|view| view.upcast())
    })?;
    let person = (PlayerKind::Human, Difficulty::Hard);
    start(window, person, person, Shape::TIC_TAC_TOE, Duration::ZERO)?;
    press_over(&window.board_view(), "5")?;
    wait_until("the move", PATIENCE, || {
        window.record().is_some_and(|record| record.len() == 1)
    })?;
    check_window(window, "ctrl+r", GuidePage::Review, |window| {
        window.review_view().map(|view| view.upcast())
    })
}

fn main() -> ExitCode {
    use_test_environment();
    // SAFETY: no thread has started yet.
    unsafe { std::env::set_var("XDG_CONFIG_HOME", config_home()) };
    let _ = std::fs::remove_dir_all(config_home());
    if let Err(error) = hide_help_viewers() {
        return Results::fail_to_start(&format!("writing {}: {error}", config_home().display()));
    }
    let (app, window) = match open_window() {
        Ok(opened) => opened,
        Err(error) => return Results::fail_to_start(&error),
    };
    type Check = fn(&TictactoeApplication, &TictactoeWindow) -> Result<(), String>;
    let checks: [(&str, Check); 4] = [
        (
            "every window's page is a page of the guide",
            every_window_page_is_a_page_of_the_guide,
        ),
        (
            "without a viewer F1 says how to install one",
            without_a_viewer_f1_says_how_to_install_one,
        ),
        (
            "F1 opens the guide, and the analysis board its page",
            f1_opens_the_guide_and_the_analysis_board_its_page,
        ),
        (
            "every window opens its own page",
            every_window_opens_its_own_page,
        ),
    ];
    let mut results = Results::default();
    for (name, check) in checks {
        results.report(name, check(&app, &window));
    }
    window.close();
    let _ = std::fs::remove_dir_all(config_home());
    results.finish()
}
