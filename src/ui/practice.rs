//! Practice: exercises where the learner predicts what a search does, on a
//! drawn tree or a position, and the app checks, pointing at the first
//! wrong step in search order.
//!
//! `practice_view` is the window; the tree is painted by the shared
//! `tree_painting` and saved by `tree_picture`.

pub mod practice_view;
