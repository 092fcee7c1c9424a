//! The tools' tests: the players against the minimax oracle, trees and their
//! steps and drawings, comparisons, tournaments, exercises, reviews,
//! histories and Monte Carlo traces. One binary, linked once.

use tictactoe_testing as common;

mod compare;
mod engine;
mod exam;
mod exercise;
mod history;
mod horizon;
mod mcts_trace;
mod review;
mod search2;
mod solving;
mod tournament;
mod tree;
mod tree_drawing;
mod tree_steps;
mod truth;
