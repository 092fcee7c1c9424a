//! The edit mode's bar: the position being set up, as text in the command
//! line's notation (the rows, or on a board with gravity the columns
//! played). The window keeps it in step with the board; this widget
//! only reads and shows the text.

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::shared::accessible;
use tictactoe_engine::board::Board;

/// Emitted with the new arrangement when a person types or pastes one.
const POSITION_TYPED: &str = "position-typed";
/// Emitted when Clear is pressed.
const CLEARED: &str = "cleared";

mod imp {
    use std::cell::Cell;
    use std::sync::OnceLock;

    use gtk::glib::subclass::Signal;
    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib, prelude::*};

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/widgets/position_editor.ui")]
    pub struct PositionEditor {
        #[template_child]
        pub(super) entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) clear_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) done_button: TemplateChild<gtk::Button>,
        /// Set while the window writes the text, so that only a person's
        /// typing counts as typed.
        pub(super) showing: Cell<bool>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for PositionEditor {
        const NAME: &'static str = "TictactoePositionEditor";
        type Type = super::PositionEditor;
        type ParentType = gtk::Box;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for PositionEditor {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| {
                vec![
                    Signal::builder(super::POSITION_TYPED)
                        .param_types([String::static_type()])
                        .build(),
                    Signal::builder(super::CLEARED).build(),
                ]
            })
        }

        fn constructed(&self) {
            self.parent_constructed();
            self.obj().setup_controls();
        }
    }

    impl WidgetImpl for PositionEditor {}
    impl BoxImpl for PositionEditor {}
}

glib::wrapper! {
    pub struct PositionEditor(ObjectSubclass<imp::PositionEditor>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

impl PositionEditor {
    pub fn entry(&self) -> gtk::Entry {
        self.imp().entry.get()
    }

    pub fn clear_button(&self) -> gtk::Button {
        self.imp().clear_button.get()
    }

    /// Writes `board` as the text, leaving alone a typed text that already
    /// says the same (its slashes or capitals).
    pub fn show_position(&self, board: &Board) {
        let imp = self.imp();
        let same = Board::arrangement(&imp.entry.text()).is_ok_and(|typed| typed == *board);
        if !same {
            imp.showing.set(true);
            imp.entry.set_text(&board.to_string());
            imp.showing.set(false);
        }
    }

    /// Calls `handler` with the text a person typed (the window reads it:
    /// on a board with gravity it may be the columns played).
    pub fn connect_position_typed<F: Fn(&PositionEditor, &str) + 'static>(
        &self,
        handler: F,
    ) -> glib::SignalHandlerId {
        self.connect_local(POSITION_TYPED, false, move |values| {
            let editor = values[0].get::<PositionEditor>().ok()?;
            let text = values[1].get::<String>().ok()?;
            handler(&editor, &text);
            None
        })
    }

    pub fn connect_cleared<F: Fn(&PositionEditor) + 'static>(
        &self,
        handler: F,
    ) -> glib::SignalHandlerId {
        self.connect_local(CLEARED, false, move |values| {
            handler(&values[0].get::<PositionEditor>().ok()?);
            None
        })
    }

    fn setup_controls(&self) {
        let imp = self.imp();
        for button in [&*imp.clear_button, &*imp.done_button] {
            accessible::name_button_by_its_label(button);
        }
        imp.entry.connect_changed(glib::clone!(
            #[weak(rename_to = editor)]
            self,
            move |entry| {
                if !editor.imp().showing.get() {
                    editor.emit_by_name::<()>(POSITION_TYPED, &[&entry.text().to_string()]);
                }
            }
        ));
        imp.clear_button.connect_clicked(glib::clone!(
            #[weak(rename_to = editor)]
            self,
            move |_| editor.emit_by_name::<()>(CLEARED, &[])
        ));
    }
}
