//! The files: saved games, the learners' state files, the practice
//! record, and reading and writing any file whole or not at all.
//!
//! # Invariants
//!
//! - **A file is refused, never half-read or half-written**: reading takes
//!   regular files of a bounded size only, without waiting on a pipe;
//!   writing goes through a temporary file and a rename.
//! - **A refused file is never overwritten**: a learner's unreadable state
//!   or practice record is set aside first.
//! - **Typed errors**, said in the user's language through the words'
//!   helpers (`tictactoe-words`).
//! - **Knows the engine, the words and the tools only**: a saved game is a
//!   `tictactoe_tools::history::GameRecord`. The game thread, the command
//!   line and the window are above it.

pub mod learner_state;
pub mod practice_progress;
pub mod saved_game;
pub mod weights;
pub mod whole;
