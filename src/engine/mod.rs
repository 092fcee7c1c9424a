//! The game engine: board, players, searches and their reports,
//! comparisons and tournaments. Knows nothing of GTK; the only threads it
//! starts are a tournament's worker pool and the watcher that stops a
//! search at its time limit (`play::ask_within`).

pub mod board;
pub mod cell_marks;
pub mod compare;
pub mod csv;
pub mod files;
pub mod geometry;
pub mod history;
pub mod learners;
pub mod play;
pub mod player;
pub mod players;
pub mod report;
pub mod saved_game;
pub mod score;
pub mod search;
pub mod symmetry;
pub mod tournament;
pub mod tree;
pub mod tree_steps;
pub mod tree_words;
pub mod tt;

pub use board::{Board, BoardError, Outcome, Side};
pub use cell_marks::{CellMark, LegendEntry, Tone, cell_marks, legend};
pub use compare::{CompareRow, Comparison, Contender, Family, Optimality};
pub use geometry::BoardSize;
pub use history::GameRecord;
pub use player::{Difficulty, Player, PlayerKind, PlayerOptions};
pub use report::{
    Bound, Certainty, MoveScore, SearchReport, SearchStats, TextStyle, describe_player,
};
pub use saved_game::{SavedGame, SavedGameError};
pub use search::CancelFlag;
pub use tournament::{Tournament, TournamentProgress, TournamentResults};
