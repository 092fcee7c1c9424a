//! Tic-Tac-Toe against game-tree search algorithms: the app above the
//! engine (`tictactoe-engine`, a crate of its own).
//!
//! The layers, each knowing only those before it:
//!
//! - `tools`: recording searches, comparisons, tournaments, training,
//!   playing games out, game history.
//! - `files`: saved games and learners' states, written whole.
//! - `words`: every sentence a person reads, translated with gettext.
//! - `game`: the game thread and its messages.
//! - `cli` and `ui`: the command line (headless) and the GTK window
//!   (feature `gui`); neither knows the other.
//!
//! `tests/layers.rs` fails on an import against this order.

pub mod cli;
pub mod files;
pub mod game;
pub mod tools;
#[cfg(feature = "gui")]
pub mod ui;
pub mod words;
