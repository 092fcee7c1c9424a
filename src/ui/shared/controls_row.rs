//! A row of controls that wraps under itself in a narrow window: a flow
//! box named for assistive technology, whose cells leave the focus to the
//! controls inside them.

use gtk::prelude::*;

use super::accessible;

/// A row of controls named `name`, wrapping under each other in a narrow
/// window.
pub fn controls_row(name: &str, per_line: u32) -> gtk::FlowBox {
    let row = gtk::FlowBox::new();
    row.set_selection_mode(gtk::SelectionMode::None);
    row.set_max_children_per_line(per_line);
    row.set_column_spacing(12);
    accessible::set_label(&row, name);
    row
}

/// The controls take the focus, not the flow box's cells around them.
pub fn unfocus_cells(row: &gtk::FlowBox) {
    let mut child = row.first_child();
    while let Some(cell) = child {
        cell.set_focusable(false);
        child = cell.next_sibling();
    }
}
