//! Tic-Tac-Toe against game-tree search algorithms: the app on top of the
//! layers below it, each a crate of its own so that an import against
//! their order does not build (README.md, Architecture):
//!
//! - `tictactoe-engine`: the rules, the searches, the players and the
//!   learners' arithmetic.
//! - `tictactoe-words`: every sentence a person reads, translated.
//! - `tictactoe-tools`: recording searches, comparisons, tournaments,
//!   training, playing games out, game history.
//! - `tictactoe-files`: saved games and learners' states, written whole.
//!
//! # Invariants
//!
//! - **`game` below `cli` and `ui`**: the game thread and its messages know
//!   the crates below and neither the command line nor the window.
//! - **`cli` and `ui` know nothing of each other**: `main.rs` hands the
//!   command line the window to open when no command is given.
//!
//! `tests/layers.rs` fails on an import against this order.

pub mod cli;
pub mod game;
#[cfg(feature = "gui")]
pub mod ui;
