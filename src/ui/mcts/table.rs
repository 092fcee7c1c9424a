//! The Monte Carlo window's tables (the children as selection sees them,
//! the root moves' beliefs beside the truth): a row of headings over a
//! list, each cell a label lined up under its heading by a size group, a
//! mark after them, each row named by its sentence for a screen reader.
//! Short cells that never wrap: wrapped rows cost a frame's time to lay
//! out again at every step.

use std::cell::RefCell;

use gtk::prelude::*;

use crate::ui::shared::accessible;

/// The CSS class of a highlighted row (selection's pick).
const HIGHLIGHTED: &str = "accent";

/// One row: its cells under the headings, its mark, its sentence.
pub struct Row {
    pub cells: Vec<String>,
    pub mark: String,
    pub line: String,
    pub highlighted: bool,
}

/// A table's columns: a size group each, and the headings they were made
/// for.
#[derive(Default)]
pub struct Table {
    columns: RefCell<Vec<gtk::SizeGroup>>,
    headings: RefCell<Vec<String>>,
}

impl Table {
    /// `headings` over the rows of `list`, in `header`: the rows go when
    /// the headings change (a board with gravity names its moves' column
    /// "Column").
    pub fn fit(&self, header: &gtk::Box, list: &gtk::ListBox, headings: Vec<String>) {
        if *self.headings.borrow() == headings {
            return;
        }
        while let Some(row) = list.first_child() {
            list.remove(&row);
        }
        while let Some(label) = header.first_child() {
            header.remove(&label);
        }
        let columns: Vec<gtk::SizeGroup> = headings
            .iter()
            .map(|heading| {
                let group = gtk::SizeGroup::new(gtk::SizeGroupMode::Horizontal);
                let label = gtk::Label::builder().label(heading).xalign(1.0).build();
                label.add_css_class("heading");
                group.add_widget(&label);
                header.append(&label);
                group
            })
            .collect();
        self.columns.replace(columns);
        self.headings.replace(headings);
    }

    /// `rows` in `list`, the rows already there reused.
    pub fn show(&self, list: &gtk::ListBox, rows: &[Row]) {
        let columns = self.columns.borrow();
        let mut shown = Vec::new();
        let mut row = list.first_child();
        while let Some(widget) = row {
            row = widget.next_sibling();
            shown.push(widget);
        }
        for extra in shown.iter().skip(rows.len()) {
            list.remove(extra);
        }
        for (index, row) in rows.iter().enumerate() {
            let cells_box = match shown
                .get(index)
                .and_then(|row| row.first_child())
                .and_then(|child| child.downcast::<gtk::Box>().ok())
            {
                Some(cells_box) => cells_box,
                None => {
                    let cells_box = gtk::Box::new(gtk::Orientation::Horizontal, 12);
                    for group in columns.iter() {
                        let label = gtk::Label::builder().xalign(1.0).build();
                        group.add_widget(&label);
                        cells_box.append(&label);
                    }
                    cells_box.append(&gtk::Label::builder().xalign(0.0).build());
                    list.append(&cells_box);
                    cells_box
                }
            };
            let texts = row.cells.iter().chain([&row.mark]);
            let mut label = cells_box.first_child();
            for text in texts {
                if let Some(cell) = label.and_then(|widget| widget.downcast::<gtk::Label>().ok()) {
                    if cell.label() != text.as_str() {
                        cell.set_label(text);
                    }
                    label = cell.next_sibling();
                } else {
                    break;
                }
            }
            if row.highlighted {
                cells_box.add_css_class(HIGHLIGHTED);
            } else {
                cells_box.remove_css_class(HIGHLIGHTED);
            }
            if let Some(list_row) = cells_box.parent() {
                accessible::set_label(&list_row, &row.line);
            }
        }
    }
}
