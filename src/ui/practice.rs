//! Practice: exercises where the learner predicts what a search does, on a
//! drawn tree or a position, and the app checks, pointing at the first
//! wrong step in search order.
//!
//! `tree_painting` draws a tree with cairo (on screen and into PNG files),
//! `practice_view` is the window.

pub mod practice_view;
pub mod tree_painting;
