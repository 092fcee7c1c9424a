//! The Compare and Tournament windows: players on one position, and round
//! robins, each with its table, charts and saved files.

pub mod compare_view;
pub mod tournament_view;
