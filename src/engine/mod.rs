//! The game engine: board, players, searches and their reports. Knows
//! nothing of GTK or threads.

pub mod board;
pub mod cell_marks;
pub mod geometry;
pub mod history;
pub mod player;
pub mod players;
pub mod report;
pub mod saved_game;
pub mod score;
pub mod search;
pub mod symmetry;
pub mod tree;
pub mod tree_steps;
pub mod tree_words;
pub mod tt;

pub use board::{Board, BoardError, Outcome, Side};
pub use cell_marks::{CellMark, Tone, cell_marks};
pub use geometry::BoardSize;
pub use history::GameRecord;
pub use player::{Difficulty, Player, PlayerKind, PlayerOptions};
pub use report::{
    Bound, Certainty, MoveScore, SearchReport, SearchStats, TextStyle, describe_player,
};
pub use saved_game::{SavedGame, SavedGameError};
pub use search::CancelFlag;
