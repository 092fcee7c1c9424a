//! Monte Carlo tree search made visible: a window that grows a search tree
//! step by step on a position (Monte Carlo's random playouts, or the
//! neural player's PUCT simulations) and shows each step phase by phase,
//! what selection weighs at each node, and how the root moves' estimates
//! converge; for the neural search, what the network believes of each root
//! move beside its exact value.
//!
//! `stepping` keeps how far into a step the window is and its words,
//! `drawing` draws the path and the small board, `table` lays out the
//! window's tables, `mcts_view` is the window.

pub mod drawing;
pub mod mcts_view;
pub mod stepping;
pub mod table;
