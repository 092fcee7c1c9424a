//! The Monte Carlo window's tables (the children as selection sees them,
//! the root moves' beliefs beside the truth): a row of headings over a
//! list, each cell a label lined up under its heading by a size group, a
//! mark after them, each row named by its sentence for a screen reader.
//! Short cells that never wrap: wrapped rows cost a frame's time to lay
//! out again at every step. A long mark (the beliefs' "the network's
//! first choice, throws away X's win") goes on a line of its own under
//! its row's cells, so that the table fits a narrow window.

use std::cell::{Cell, RefCell};

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
    marks_below: Cell<bool>,
}

/// The labels of a row, in order: its cells', then its mark's.
fn labels(row: &gtk::Widget) -> Vec<gtk::Label> {
    let mut labels = Vec::new();
    let mut child = row.first_child();
    while let Some(widget) = child {
        child = widget.next_sibling();
        match widget.downcast::<gtk::Label>() {
            Ok(label) => labels.push(label),
            Err(widget) => labels.extend(labels_of(&widget)),
        }
    }
    labels
}

/// The labels directly in `widget`.
fn labels_of(widget: &gtk::Widget) -> Vec<gtk::Label> {
    let mut labels = Vec::new();
    let mut child = widget.first_child();
    while let Some(widget) = child {
        child = widget.next_sibling();
        if let Ok(label) = widget.downcast::<gtk::Label>() {
            labels.push(label);
        }
    }
    labels
}

impl Table {
    /// Puts the rows' marks on a line of their own under their cells
    /// (before the first rows).
    pub fn put_marks_below(&self) {
        self.marks_below.set(true);
    }

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
            let row_box = match shown
                .get(index)
                .and_then(|row| row.first_child())
                .and_then(|child| child.downcast::<gtk::Box>().ok())
            {
                Some(row_box) => row_box,
                None => {
                    let row_box = gtk::Box::new(gtk::Orientation::Vertical, 2);
                    let cells_box = gtk::Box::new(gtk::Orientation::Horizontal, 12);
                    for group in columns.iter() {
                        let label = gtk::Label::builder().xalign(1.0).build();
                        group.add_widget(&label);
                        cells_box.append(&label);
                    }
                    row_box.append(&cells_box);
                    let mark = gtk::Label::builder().xalign(0.0).build();
                    if self.marks_below.get() {
                        row_box.append(&mark);
                    } else {
                        cells_box.append(&mark);
                    }
                    list.append(&row_box);
                    row_box
                }
            };
            let labels = labels(row_box.upcast_ref());
            for (cell, text) in labels.iter().zip(row.cells.iter().chain([&row.mark])) {
                if cell.label() != text.as_str() {
                    cell.set_label(text);
                }
            }
            if let Some(mark) = labels.last().filter(|_| self.marks_below.get()) {
                mark.set_visible(!row.mark.is_empty());
            }
            if row.highlighted {
                row_box.add_css_class(HIGHLIGHTED);
            } else {
                row_box.remove_css_class(HIGHLIGHTED);
            }
            if let Some(list_row) = row_box.parent() {
                accessible::set_label(&list_row, &row.line);
            }
        }
    }
}
