//! Tic-Tac-Toe's engine: the rules, the searchers, the players and the
//! learners' arithmetic.
//!
//! # Invariants
//!
//! - **No words.** Nothing here is a sentence a person reads: a report is
//!   numbers and enums (a note is a [`report::Note`] with its parameters),
//!   an error is an enum with what went wrong. `tictactoe-words` says them.
//! - **No files, no threads, no clock but `Instant`.** A search runs on the
//!   caller's thread and stops when its [`search::CancelFlag`] is set or
//!   its deadline passes; reading and writing learners' states is
//!   `tictactoe-files`' work, a time limit's watcher and a tournament's pool
//!   `tictactoe-tools'`.
//! - **Depends on nothing of this project** and on three crates: `rand` and
//!   `rand_chacha` (a seed replays the same choices in every version) and
//!   `serde`'s derive (the data the layers above write as JSON).
//! - **One path per item**: the modules are public and nothing is
//!   re-exported.
//!
//! # Order of the modules
//!
//! Each imports only those above it (`tests/layers.rs` finds no cycle):
//! `geometry`, `board`, `threats` (threats and forks off the lines),
//! `score`, `evaluation` (the static evaluation and the move ordering),
//! `symmetry`, `player_kind`, `abstract_tree` (textbook trees
//! without a game: their text, a generator, their searches traced),
//! `report`, `tt`, `search`, `solver` (a position's exact value on any
//! board), `growing`, `player`, `learners`,
//! `players` (every algorithm, one file each, and the one factory that
//! builds them), `move_values` (each move's exact value, for a judge),
//! `horizon` (depth N next to depth N+1, judged by the solver).

pub mod abstract_tree;
pub mod board;
mod by_name;
pub mod evaluation;
pub mod geometry;
pub mod growing;
pub mod horizon;
pub mod learners;
pub mod move_values;
pub mod opening_book;
pub mod player;
pub mod player_kind;
pub mod players;
pub mod report;
pub mod score;
pub mod search;
pub mod solver;
pub mod symmetry;
pub mod threats;
pub mod tt;
