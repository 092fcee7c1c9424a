//! Tic-Tac-Toe against game-tree search algorithms.
//!
//! - `engine`: board, players, searches and reports, comparisons and
//!   tournaments; no GTK, and no threads but a tournament's worker pool and a time
//!   limit's watcher.
//! - `game`: the game thread and its messages, between engine and UI.
//! - `cli`: the command line (`play`, `analyze`, `tree`, `compare`,
//!   `tournament`, `players`), headless.
//! - `i18n`: gettext for the words people read; only the window translates.

pub mod cli;
pub mod engine;
pub mod game;
pub mod i18n;
#[cfg(feature = "gui")]
pub mod ui;
