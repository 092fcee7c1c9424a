//! The engine's tests: the abstract trees' searches, the growing (step by
//! step) searches, the rules' properties on every shape and reports read
//! back. One binary, linked once.

use tictactoe_testing as common;

mod abstract_tree;
mod growing;
mod horizon;
mod perfect_judge;
mod props;
mod report;
mod solver;
