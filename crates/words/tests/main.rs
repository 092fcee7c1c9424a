//! Tests that need the engine and its words: the board's marks against the
//! log's words, the engine at its edges (a finished board, searches in a
//! row), and property tests of the parser and every player on random
//! positions. One binary, linked once.

use tictactoe_testing as common;

mod cell_marks;
mod edges;
mod props;
