//! The search-tree explorer: its window, its rows' items (made when their
//! parent opens) and their widgets.

pub mod tree_explorer;
pub mod tree_item;
pub mod tree_row;
