//! The files' tests: saved games, learners' states and the practice record
//! read and written whole, refused when bad, and the learners trained through
//! them. One binary, linked once.

use tictactoe_testing as common;

mod file_props;
mod learners;
mod practice_progress;
mod saved_game;
