//! The main window's widgets, and the player choices of the Compare,
//! Tournament and Training windows.

pub mod board_legend;
pub mod board_picker;
pub mod board_view;
pub mod evaluation_panel;
pub mod game_settings;
pub mod log_entry;
pub mod player_choices;
pub mod player_picker;
pub mod position_editor;
pub mod search_log;
pub mod session_tally;
pub mod status_line;
