//! What the windows share: names and descriptions for assistive technology,
//! tooltips that give way to pop-ups, jobs on threads of lower priority,
//! the file choosers.

pub mod accessible;
pub mod background;
pub mod file_dialog;
pub mod popup_tooltips;
