//! Tic-Tac-Toe against game-tree search algorithms.
//!
//! - `engine`: board, players, searches and reports; no GTK, no threads.
//! - `game`: the game thread and its messages, between engine and UI.

pub mod engine;
pub mod game;
