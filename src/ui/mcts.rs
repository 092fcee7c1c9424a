//! Monte Carlo tree search made visible: a window that runs the `mcts`
//! player's search one playout at a time on a position and shows what
//! selection sees at the root.

pub mod mcts_view;
