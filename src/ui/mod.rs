//! The GTK4 window (feature `gui`), one file per widget. Everything here
//! runs on the GTK main thread; the searches run on the game thread.
//!
//! - `application`: a libadwaita application (dark style, style sheet),
//!   app-wide actions, shortcuts, About.
//! - `window`: owns the game thread and the game's record; pickers,
//!   board, status line, log; undo, browsing, edit mode, hints, files.
//! - `board_view`: draws the position, turns clicks and keys into cells;
//!   `board_legend`: what its marks mean.
//! - `game_settings`: players, board, pace and seed for the next game.
//! - `player_picker`: one side's player and difficulty.
//! - `position_editor`: the edit mode's position text.
//! - `status_line`: the message under the board, with a busy sign.
//! - `session_tally`: the results of this session's games per pairing.
//! - `translations`: the user's language for the window.
//! - `accessible`: names and descriptions for assistive technology.
//! - `popup_tooltips`: tooltips that give way to their widgets' pop-ups.
//! - `search_log` and `log_entry`: the search log and its rows.
//! - `tree_explorer`, `tree_item` and `tree_row`: the search-tree
//!   explorer's window, its rows' items and their widgets.
//! - `compare_view` and `tournament_view`: the Compare and Tournament
//!   windows; `training_view`: the Training window, where the learning
//!   players learn; `player_choices`: their players and difficulties; `chart`
//!   and `chart_view`: their charts; `file_dialog`: the file choosers, kept
//!   until they answer;
//!   `background`: their jobs on threads of lower priority, with Cancel,
//!   keys and status line.

mod accessible;
mod application;
mod background;
mod board_legend;
mod board_view;
mod chart;
mod chart_view;
mod compare_view;
mod file_dialog;
mod game_settings;
mod log_entry;
mod player_choices;
mod player_picker;
mod popup_tooltips;
mod position_editor;
mod search_log;
mod session_tally;
mod status_line;
mod tournament_view;
mod training_view;
mod translations;
mod tree_explorer;
mod tree_item;
mod tree_row;
mod window;

use std::sync::Once;

use gtk::{gio, glib, prelude::*};

pub use application::TictactoeApplication;
pub use board_view::BoardView;
pub use chart::{Chart, ChartData, HitBox, ImageFormat};
pub use chart_view::ChartView;
pub use compare_view::CompareView;
pub use file_dialog::TableFormat;
pub use game_settings::GameSettings;
pub use log_entry::{LogEntry, LogKind};
pub use player_choices::PlayerChoices;
pub use player_picker::PlayerPicker;
pub use position_editor::PositionEditor;
pub use search_log::SearchLog;
pub use session_tally::{PairingResults, SessionTally};
pub use status_line::StatusLine;
pub use tournament_view::{ResultsFile, TournamentView};
pub use training_view::{TrainingView, block_size};
pub use translations::use_user_language;
pub use tree_explorer::TreeExplorer;
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
