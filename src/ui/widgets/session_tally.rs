//! The results of this session's finished games, one line per pairing of
//! players: how often X won, O won, and how many were drawn, and how many
//! of each person's moves were best. The lines wrap
//! and scroll in a few lines' room, so that they are read whole and the
//! board keeps its size as pairings come in.

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::game::GameResult;
use tictactoe_engine::board::Side;
use tictactoe_tools::review::Accuracy;
use tictactoe_tools::review::words::accuracy_words;
use tictactoe_words::i18n::{fill, gettext, ngettext};

/// One pairing's results.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PairingResults {
    /// Both players as the log names them: "X Human vs O Minimax, depth 3".
    pub pairing: String,
    pub x_wins: u32,
    pub o_wins: u32,
    pub draws: u32,
    /// The best moves of the sides a person played, X first (no moves for
    /// a computer's side).
    pub accuracy: [Accuracy; 2],
}

impl PairingResults {
    /// The line the tally shows: the numbers first, where every line has
    /// them.
    pub fn text(&self) -> String {
        let games = self.x_wins + self.o_wins + self.draws;
        let line = ngettext(
            "X won {x_wins}, O won {o_wins}, drawn {draws} ({games} game): {pairing}",
            "X won {x_wins}, O won {o_wins}, drawn {draws} ({games} games): {pairing}",
            games,
        );
        let line = fill(
            &line,
            &[
                ("x_wins", &self.x_wins),
                ("o_wins", &self.o_wins),
                ("draws", &self.draws),
                ("games", &games),
                ("pairing", &self.pairing),
            ],
        );
        let accuracies: Vec<String> = [Side::Max, Side::Min]
            .into_iter()
            .filter(|side| self.accuracy[side.index()].moves > 0)
            .map(|side| accuracy_words(side, self.accuracy[side.index()]))
            .collect();
        if accuracies.is_empty() {
            line
        } else {
            fill(
                &gettext("{results}. Best moves: {accuracies}"),
                &[("results", &line), ("accuracies", &accuracies.join("; "))],
            )
        }
    }
}

/// The lines of text the tally has room for.
const LINES: i32 = 3;

mod imp {
    use std::cell::RefCell;

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib};

    use super::PairingResults;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/widgets/session_tally.ui")]
    pub struct SessionTally {
        #[template_child]
        pub(super) placeholder: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) rows: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) scroller: TemplateChild<gtk::ScrolledWindow>,
        pub(super) results: RefCell<Vec<PairingResults>>,
        /// Each pairing's line, in the order of `results`.
        pub(super) labels: RefCell<Vec<gtk::Label>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for SessionTally {
        const NAME: &'static str = "TictactoeSessionTally";
        type Type = super::SessionTally;
        type ParentType = gtk::Box;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for SessionTally {
        fn constructed(&self) {
            self.parent_constructed();
            let (_, line) = self.placeholder.layout().pixel_extents();
            let height = line.height() * super::LINES;
            self.scroller.set_min_content_height(height);
            self.scroller.set_max_content_height(height);
        }
    }
    impl WidgetImpl for SessionTally {}
    impl BoxImpl for SessionTally {}
}

glib::wrapper! {
    pub struct SessionTally(ObjectSubclass<imp::SessionTally>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

impl SessionTally {
    /// Counts a finished game of `pairing`; games ended early do not count.
    pub fn record(&self, pairing: &str, result: &GameResult) {
        if let GameResult::Aborted(_) = result {
            return;
        }
        let count: fn(&mut PairingResults) = match result.winner() {
            Some(Side::Max) => |entry| entry.x_wins += 1,
            Some(Side::Min) => |entry| entry.o_wins += 1,
            None => |entry| entry.draws += 1,
        };
        let imp = self.imp();
        let mut results = imp.results.borrow_mut();
        let mut labels = imp.labels.borrow_mut();
        let index = match results.iter().position(|entry| entry.pairing == pairing) {
            Some(index) => index,
            None => {
                results.push(PairingResults {
                    pairing: pairing.to_owned(),
                    ..PairingResults::default()
                });
                let label = gtk::Label::builder()
                    .xalign(0.0)
                    .wrap(true)
                    .wrap_mode(gtk::pango::WrapMode::WordChar)
                    .build();
                imp.rows.append(&label);
                labels.push(label);
                results.len() - 1
            }
        };
        count(&mut results[index]);
        let label = &labels[index];
        label.set_label(&results[index].text());
        // The latest result on top, in sight.
        imp.rows.reorder_child_after(label, None::<&gtk::Widget>);
        imp.scroller.vadjustment().set_value(0.0);
        imp.placeholder.set_visible(false);
    }

    /// Adds the best moves of a finished game of `pairing` to its line:
    /// `accuracy` holds those of the sides a person played.
    pub fn add_accuracy(&self, pairing: &str, accuracy: [Accuracy; 2]) {
        let imp = self.imp();
        let mut results = imp.results.borrow_mut();
        let Some(index) = results.iter().position(|entry| entry.pairing == pairing) else {
            return;
        };
        for (total, game) in results[index].accuracy.iter_mut().zip(accuracy) {
            total.merge(game);
        }
        imp.labels.borrow()[index].set_label(&results[index].text());
    }

    /// Every pairing's results, in the order they first finished a game.
    pub fn results(&self) -> Vec<PairingResults> {
        self.imp().results.borrow().clone()
    }
}
