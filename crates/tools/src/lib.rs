//! What is built on the engine: recording a search node by node and
//! stepping through it, comparing players on a position, round-robin
//! tournaments, training the learners (the neural player by self-play),
//! playing a game out with time limits, a game's history, a game
//! reviewed against perfect play, and the evaluations against the truth.
//!
//! # Invariants
//!
//! - **Knows the engine and the words only** (`tictactoe-engine`,
//!   `tictactoe-words`); the files, the game thread, the command line and
//!   the window are above it.
//! - **Facts first.** Results are numbers and enums, errors typed; their
//!   sentences go through the words' helpers (`i18n`, `report`), and the
//!   recorded tree's own words (`tree_words`) sit beside the tree. CSV and
//!   JSON are machine formats with stable English names and are written
//!   here.
//! - **No files.** What is saved is `tictactoe-files`' work; a tournament's
//!   JSON is written to any `io::Write` it is given.
//! - **Threads only where the work needs them**: a tournament's rayon pool,
//!   the neural player's self-play pool, a time limit's watcher.

pub mod compare;
pub mod convergence;
pub mod csv;
pub mod exam;
pub mod exercise;
pub mod feasibility;
pub mod history;
pub mod horizon;
pub mod neural_training;
pub mod node_types;
pub mod orders;
pub mod play;
pub mod review;
pub mod solving;
pub mod tournament;
pub mod training;
pub mod tree;
pub mod tree_drawing;
pub mod tree_steps;
pub mod tree_words;
pub mod truth;
