//! The Monte Carlo window: the search on the main window's position, one
//! playout per Step, and per child of the root its visits, mean on X's
//! scale and the two UCB terms, the child selection picks next marked.

use std::cell::RefCell;

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::shared::{accessible, background};
use tictactoe_engine::board::Board;
use tictactoe_engine::players::mcts::{EXPLORATION, MctsSearch};
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::mcts::{child_line, playouts_run};
use tictactoe_words::numbers::decimal;

/// The CSS class of the row selection picks next.
const PICKED_NEXT: &str = "accent";

mod imp {
    use super::*;

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/mcts/mcts_view.ui")]
    pub struct MctsView {
        #[template_child]
        pub(super) step_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) summary_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) children_list: TemplateChild<gtk::ListBox>,
        /// The search on the position shown; `None` when the game there is
        /// over.
        pub(super) search: RefCell<Option<MctsSearch>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for MctsView {
        const NAME: &'static str = "TictactoeMctsView";
        type Type = super::MctsView;
        type ParentType = gtk::Window;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
            klass.install_action("mcts.step", None, |view, _, _| view.step_playout());
            klass.add_binding_action(
                gtk::gdk::Key::Return,
                gtk::gdk::ModifierType::CONTROL_MASK,
                "mcts.step",
            );
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for MctsView {
        fn constructed(&self) {
            self.parent_constructed();
            accessible::name_button_by_its_label(&*self.step_button);
        }
    }

    impl WidgetImpl for MctsView {}
    impl WindowImpl for MctsView {}
}

glib::wrapper! {
    pub struct MctsView(ObjectSubclass<imp::MctsView>)
        @extends gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root,
                    gtk::ShortcutManager;
}

impl MctsView {
    /// The seed of the window's search: one fixed seed, so that the same
    /// position always grows the same tree (and a step can be replayed).
    pub const SEED: u64 = 1;

    /// A Monte Carlo window over `parent`.
    pub fn new(parent: &impl IsA<gtk::Window>) -> MctsView {
        background::new_window(parent)
    }

    /// Starts the search afresh on `board`, with no playout run yet.
    pub fn show_position(&self, board: &Board) {
        self.imp()
            .search
            .replace(MctsSearch::new(board, Self::SEED, EXPLORATION));
        self.show_search();
    }

    /// Runs one more playout and shows the root's children after it.
    pub fn step_playout(&self) {
        if let Some(search) = self.imp().search.borrow_mut().as_mut() {
            search.traced_playout();
        }
        self.show_search();
    }

    fn show_search(&self) {
        let imp = self.imp();
        let list = &imp.children_list;
        while let Some(row) = list.first_child() {
            list.remove(&row);
        }
        let search = imp.search.borrow();
        let Some(search) = search.as_ref() else {
            imp.summary_label.set_label(&gettext(
                "The game is over in this position: there is nothing to search.",
            ));
            imp.step_button.set_sensitive(false);
            return;
        };
        imp.step_button.set_sensitive(true);
        imp.summary_label.set_label(&fill(
            &gettext("Position {position}, c = {c}: {playouts}."),
            &[
                ("position", &search.board()),
                ("c", &decimal(&format!("{EXPLORATION:.3}"))),
                ("playouts", &playouts_run(search.playouts())),
            ],
        ));
        let Some(choice) = search.choice(0, EXPLORATION) else {
            list.append(&gtk::Label::new(Some(&gettext(
                "The root has no children yet: the first playout expands it.",
            ))));
            return;
        };
        for child in &choice.children {
            let picked_next = child.node == choice.picked;
            let label = gtk::Label::builder()
                .label(child_line(child, choice.side, picked_next))
                .xalign(0.0)
                .wrap(true)
                .build();
            if picked_next {
                label.add_css_class(PICKED_NEXT);
            }
            list.append(&label);
        }
    }

    /// The texts of the children's rows, in cell order, for the tests.
    pub fn child_texts(&self) -> Vec<String> {
        let mut texts = Vec::new();
        let mut row = self.imp().children_list.first_child();
        while let Some(widget) = row {
            if let Some(label) = widget
                .first_child()
                .and_then(|child| child.downcast::<gtk::Label>().ok())
            {
                texts.push(label.label().to_string());
            }
            row = widget.next_sibling();
        }
        texts
    }

    /// The text of the row selection picks next, for the tests.
    pub fn picked_text(&self) -> Option<String> {
        let mut row = self.imp().children_list.first_child();
        while let Some(widget) = row {
            if let Some(label) = widget
                .first_child()
                .and_then(|child| child.downcast::<gtk::Label>().ok())
                && label.has_css_class(PICKED_NEXT)
            {
                return Some(label.label().to_string());
            }
            row = widget.next_sibling();
        }
        None
    }

    pub fn summary_text(&self) -> String {
        self.imp().summary_label.label().to_string()
    }
}
