//! The GTK4 window (feature `gui`). Everything here runs on the GTK main
//! thread; the searches run on the game thread.
//!
//! # Invariants
//!
//! - **Knows the game thread and the crates below, not the command line.**
//!   A game runs on `crate::game`'s thread; Compare, Tournament and
//!   Training run `tictactoe-tools` on threads of their own
//!   (`shared::background`), never on the main thread.
//! - **Every sentence through `tictactoe-words`' gettext helpers**, with
//!   German in `po/de.po`.
//! - **Resources mirror the modules**: a widget's template is
//!   `resources/ui/<folder>/<module>.ui`.
//!
//! # Where things are
//!
//! - `application`: a libadwaita application (dark style, style sheet),
//!   app-wide actions, shortcuts, About; `translations`: the user's
//!   language for the window.
//! - `window`: the main window: owns the game thread and the game's
//!   record; its parts (events, moves, undo and browsing, edit mode and
//!   hints, files, remembered settings, the learners) in `window/`.
//! - `widgets`: the main window's widgets (board and legend, game
//!   settings, player picker, position editor, status line, session tally,
//!   search log and its rows) and the player choices of the other windows.
//! - `explorer`: the search-tree explorer's window, its rows' items and
//!   their widgets.
//! - `contests`: the Compare and Tournament windows; `training_view`: the
//!   Training window, where the learning players learn.
//! - `mcts`: the Monte Carlo window, the search one playout at a time.
//! - `practice`: the Practice window, exercises on drawn trees and
//!   positions, checked step by step.
//! - `review`: the Game Review window, every move graded against perfect
//!   play, and the second try at each mistake.
//! - `charts`: their charts, drawn with plotters on any cairo context, and
//!   the chart widget with its save menu.
//! - `shared`: what the windows share: accessible names, tooltips that give
//!   way to pop-ups, jobs on threads of lower priority, the file choosers,
//!   the guide that F1 and the Help buttons open.

mod application;
mod charts;
mod contests;
mod evaluation_truth_view;
mod explorer;
mod horizon_view;
mod mcts;
mod practice;
mod review;
mod shared;
mod training_view;
mod translations;
mod widgets;
mod window;

use std::sync::Once;

use gtk::{gio, glib, prelude::*};

pub use application::TictactoeApplication;
pub use charts::chart::{Chart, ChartData, HitBox, ImageFormat, axis_number};
pub use charts::chart_view::ChartView;
pub use contests::compare_view::CompareView;
pub use contests::tournament_view::{ResultsFile, TournamentView};
pub use evaluation_truth_view::EvaluationTruthView;
pub use explorer::tree_explorer::TreeExplorer;
pub use horizon_view::HorizonView;
pub use mcts::mcts_view::{BoardNetwork, MctsView};
pub use practice::practice_view::PracticeView;
pub use review::review_view::ReviewView;
pub use shared::background::{Job, JobWindow};
pub use shared::file_dialog::TableFormat;
pub use shared::help::GuidePage;
pub use training_view::{TrainingView, block_size};
pub use translations::use_user_language;
pub use widgets::board_picker::BoardPicker;
pub use widgets::board_view::BoardView;
pub use widgets::evaluation_panel::EvaluationPanel;
pub use widgets::game_settings::GameSettings;
pub use widgets::log_entry::{LogEntry, LogKind};
pub use widgets::player_choices::PlayerChoices;
pub use widgets::player_picker::PlayerPicker;
pub use widgets::position_editor::PositionEditor;
pub use widgets::search_log::SearchLog;
pub use widgets::session_tally::{PairingResults, SessionTally};
pub use widgets::status_line::StatusLine;
pub use window::TictactoeWindow;

/// The application id, also the name of the icon, desktop file and
/// metainfo file in `resources/`.
pub const APP_ID: &str = "io.github.tictactoe.Tictactoe";
/// Where the templates, style sheet and icon sit in the built-in resources.
const RESOURCE_PATH: &str = "/io/github/tictactoe/Tictactoe";

/// Opens the window and runs until it closes.
pub fn run() -> glib::ExitCode {
    use_user_language();
    // The command line has read the process arguments already; GTK gets none.
    TictactoeApplication::new().run_with_args::<&str>(&[])
}

/// Makes the resources built by `build.rs` available, once per process.
fn register_resources() {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        gio::resources_register_include!("tictactoe.gresource")
            .expect("the resources built into the binary are valid");
    });
}
