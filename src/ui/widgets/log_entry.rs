//! One row of the search log, as the list model holds it.

use std::rc::Rc;

use gtk::glib;
use gtk::subclass::prelude::*;

use tictactoe_engine::report::SearchReport;

/// What a log row stands for; the row's look follows from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, glib::Enum)]
#[enum_type(name = "TictactoeLogKind")]
pub enum LogKind {
    /// A game's start or result.
    Game,
    /// The header of one move: who played what, and what the search cost.
    #[default]
    Move,
    /// A row under a move header: a candidate move the search scored, or a note.
    Detail,
}

impl LogKind {
    /// The CSS class the row gets.
    pub fn css_class(self) -> &'static str {
        match self {
            LogKind::Game => "game",
            LogKind::Move => "move",
            LogKind::Detail => "detail",
        }
    }
}

mod imp {
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    use gtk::glib;
    use gtk::prelude::*;
    use gtk::subclass::prelude::*;

    use super::LogKind;
    use tictactoe_engine::report::SearchReport;

    #[derive(Default, glib::Properties)]
    #[properties(wrapper_type = super::LogEntry)]
    pub struct LogEntry {
        #[property(get, set)]
        text: RefCell<String>,
        #[property(get, set, builder(LogKind::default()))]
        kind: Cell<LogKind>,
        /// Position in the log, for the alternating row colours.
        #[property(get, set)]
        index: Cell<u32>,
        /// The search the row tells of, for showing it on the board.
        pub(super) search: RefCell<Option<Rc<SearchReport>>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for LogEntry {
        const NAME: &'static str = "TictactoeLogEntry";
        type Type = super::LogEntry;
    }

    #[glib::derived_properties]
    impl ObjectImpl for LogEntry {}
}

glib::wrapper! {
    pub struct LogEntry(ObjectSubclass<imp::LogEntry>);
}

impl LogEntry {
    /// A row of `kind` at `index`, telling of `search` if it is one's.
    pub fn new(
        kind: LogKind,
        text: &str,
        index: u32,
        search: Option<Rc<SearchReport>>,
    ) -> LogEntry {
        let entry: LogEntry = glib::Object::builder()
            .property("kind", kind)
            .property("text", text)
            .property("index", index)
            .build();
        entry.imp().search.replace(search);
        entry
    }

    /// The search this row tells of, if any.
    pub fn search(&self) -> Option<Rc<SearchReport>> {
        self.imp().search.borrow().clone()
    }

    /// The row as plain text, details indented under their move.
    pub fn to_plain_text(&self) -> String {
        match self.kind() {
            LogKind::Detail => format!("  {}", self.text()),
            LogKind::Game | LogKind::Move => self.text(),
        }
    }
}
