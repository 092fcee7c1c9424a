//! Tic-Tac-Toe against game-tree search algorithms.
//!
//! - `engine`: board, players, searches and reports; no GTK, no threads.

pub mod engine;
