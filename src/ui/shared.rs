//! What the windows share: names and descriptions for assistive technology,
//! rows of controls that wrap,
//! tooltips that give way to pop-ups, jobs on threads of lower priority,
//! the file choosers, the guide that F1 opens, where an installed binary's
//! data is, the cairo pictures' colours and text, and the drawn trees
//! (Practice's and the explorer's) painted and saved as pictures.

pub mod accessible;
pub mod background;
pub mod board_painting;
pub mod controls_row;
pub mod data_dir;
pub mod file_dialog;
pub mod help;
pub mod painting;
pub mod popup_tooltips;
pub mod tree_painting;
pub mod tree_picture;
