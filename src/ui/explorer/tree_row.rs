//! One row of the tree explorer: an expander with the move, then the
//! node's value, window, subtree size and why it ended. A pruned move's row
//! is greyed and says what pruned it.

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::explorer::tree_item::{TreeItem, TreeItemKind};
use crate::ui::shared::accessible;
use tictactoe_tools::tree_words;
use tictactoe_words::numbers::group;
use tictactoe_words::report::TextStyle;

mod imp {
    use std::cell::RefCell;

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib};

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/explorer/tree_row.ui")]
    pub struct TreeRow {
        #[template_child]
        pub(super) expander: TemplateChild<gtk::TreeExpander>,
        #[template_child]
        pub(super) move_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) value_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) window_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) nodes_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) ending_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) type_label: TemplateChild<gtk::Label>,
        /// The list row whose opening this row watches, and the handler.
        pub(super) watch: RefCell<Option<(gtk::TreeListRow, glib::SignalHandlerId)>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TreeRow {
        const NAME: &'static str = "TictactoeTreeRow";
        type Type = super::TreeRow;
        type ParentType = gtk::Box;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for TreeRow {}
    impl WidgetImpl for TreeRow {}
    impl BoxImpl for TreeRow {}
}

glib::wrapper! {
    pub struct TreeRow(ObjectSubclass<imp::TreeRow>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

impl Default for TreeRow {
    fn default() -> TreeRow {
        glib::Object::new()
    }
}

impl TreeRow {
    /// Shows `item` in the list's `row`; `principal` marks a node of the
    /// principal variation.
    pub fn bind(&self, row: &gtk::TreeListRow, item: &TreeItem, principal: bool) {
        let imp = self.imp();
        imp.expander.set_list_row(Some(row));
        let data = item.data();
        let style = TextStyle::WINDOW;
        let sentence = item.sentence(style, principal);
        match data.kind {
            TreeItemKind::Node(id) => {
                let node = data.tree.node(id);
                let mut label = tree_words::move_text(&data.tree, id, style);
                if principal {
                    label = format!("★ {label}");
                }
                imp.move_label.set_label(&label);
                imp.value_label.set_label(&tree_words::value_text(
                    &data.tree,
                    node,
                    &data.position,
                ));
                // The neural player's tree has no window: its prior and
                // PUCT score take the column.
                imp.window_label.set_label(&if data.tree.is_guided() {
                    tree_words::guide_text(&data.tree, id)
                } else {
                    tree_words::window_text(&data.tree, node)
                });
                // The heading names the count: nodes, or Monte Carlo's visits.
                imp.nodes_label.set_label(&group(node.subtree_nodes()));
                imp.ending_label.set_label(&tree_words::ending_text(
                    &data.tree,
                    id,
                    &data.position,
                ));
                imp.type_label
                    .set_label(&tree_words::node_type_text(&data.tree, id));
                self.restyle(if principal {
                    &["tree-row", "principal"]
                } else {
                    &["tree-row"]
                });
            }
            TreeItemKind::Pruned { parent, cell } => {
                imp.move_label.set_label(&tree_words::pruned_move_text(
                    &data.tree, parent, cell, style,
                ));
                imp.value_label
                    .set_label(&tree_words::pruned_text(&data.tree, parent, style));
                // The reason runs on over the empty columns.
                imp.window_label.set_label("");
                imp.nodes_label.set_label("");
                imp.ending_label.set_label("");
                imp.type_label.set_label("");
                self.restyle(&["tree-row", "pruned"]);
            }
        }
        accessible::set_label(&*imp.expander, &sentence);
        // The row widget GTK puts around this one is what a screen reader
        // lands on.
        if let Some(list_row) = self.parent() {
            accessible::set_label(&list_row, &sentence);
        }
    }

    /// Sets the widths of the value, window, type, nodes and ending
    /// columns, in pixels, as the explorer's headings have them.
    pub fn set_column_widths(&self, widths: [i32; 5]) {
        let imp = self.imp();
        let labels = [
            &*imp.value_label,
            &*imp.window_label,
            &*imp.type_label,
            &*imp.nodes_label,
            &*imp.ending_label,
        ];
        for (label, width) in labels.into_iter().zip(widths) {
            if label.width_request() != width {
                label.set_width_request(width);
            }
        }
    }

    /// Sets the tooltip of the node-type cell: what its type means.
    pub fn explain_node_type(&self, words: Option<&str>) {
        let label = &self.imp().type_label;
        if label.tooltip_text().as_deref() != words {
            label.set_tooltip_text(words);
        }
    }

    /// Sets the row's style classes; restyling is costly, and a recycled
    /// row often keeps its classes.
    fn restyle(&self, classes: &[&str]) {
        if self.css_classes() != classes {
            self.set_css_classes(classes);
        }
    }

    /// Calls `opened` with the row's item whenever `row` is expanded.
    pub fn watch_expansion(&self, row: &gtk::TreeListRow, opened: impl Fn(&TreeItem) + 'static) {
        let handler = row.connect_expanded_notify(move |row| {
            if row.is_expanded()
                && let Some(item) = row.item().and_downcast::<TreeItem>()
            {
                opened(&item);
            }
        });
        if let Some((row, handler)) = self.imp().watch.replace(Some((row.clone(), handler))) {
            row.disconnect(handler);
        }
    }

    pub fn unbind(&self) {
        let imp = self.imp();
        // The expander keeps its row until the next bind replaces it: each
        // change of row rebuilds its indentation widgets, and GTK 4.8
        // rebinds every row in view whenever rows are added above them.
        if let Some((row, handler)) = imp.watch.take() {
            row.disconnect(handler);
        }
    }
}
