//! The learning players in the window: their states, loaded as the window
//! opens, taught by every finished game and saved after it.

use std::cell::RefCell;
use std::rc::Rc;

use gtk::subclass::prelude::*;

use super::TictactoeWindow;
use crate::game::LearnedStates;

impl TictactoeWindow {
    /// Loads what the learners learned; a file that cannot be read is set
    /// aside, and the status line says so.
    pub(super) fn load_learned(&self) {
        let (learned, problems) = LearnedStates::load();
        let _ = self.imp().learned.set(Rc::new(RefCell::new(learned)));
        if !problems.is_empty() {
            self.show_error(&problems.join(" "));
        }
    }

    /// The learners' states, shared with the Training window.
    pub fn learned_states(&self) -> Rc<RefCell<LearnedStates>> {
        self.imp()
            .learned
            .get()
            .expect("loaded as the window is made")
            .clone()
    }
}
