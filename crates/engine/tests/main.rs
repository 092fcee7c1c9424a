//! The engine's tests: the abstract trees' searches and the growing (step by
//! step) searches. One binary, linked once.

use tictactoe_testing as common;

mod abstract_tree;
mod growing;
