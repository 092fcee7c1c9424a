//! The words' tests: the board's cell marks, the edges of the players'
//! reports in words, and property tests of the parser and escaping. One
//! binary, linked once.

use tictactoe_testing as common;

mod cell_marks;
mod edges;
mod props;
