//! The Game Review window: the game's value after each move as a graph,
//! every move in a list with its grade, the selected move's board (the
//! played cell ringed in its grade's colour, the better cells marked) and
//! the sentence that says why. Learn from Mistakes goes to each mistake of
//! the people in the game and asks for a better move: a click on the
//! board, or the arrow keys and Enter, or a cell's number.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gtk::subclass::prelude::*;
use gtk::{gdk, glib, prelude::*};

use super::judge_later;
use super::review_painting::{self, BoardPicture, GraphLayout, ScaleWords};
use crate::game::Work;
use crate::ui::shared::accessible;
use crate::ui::shared::board_painting::BoardPalette;
use crate::ui::widgets::board_view::BoardView;
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::review::words::{
    accuracy_words, graded_words, move_title, second_try_question, second_try_words, value_words,
    values_words, verdict_words,
};
use tictactoe_tools::review::{MoveReview, Review, ReviewError, review_move};
use tictactoe_words::i18n::{fill, gettext};

/// A game to review: where it started, its moves, and who played.
#[derive(Debug, Clone)]
pub struct GameToReview {
    pub start: Board,
    pub moves: Vec<usize>,
    /// Which sides a person played, X first: their mistakes are the ones
    /// to learn from (every side's, when no person played).
    pub humans: [bool; 2],
    /// Both players as the log names them.
    pub pairing: String,
}

/// The second try at a mistake: which move, and the answer so far.
#[derive(Debug, Clone, Copy)]
struct SecondTry {
    index: usize,
    attempt: Option<MoveReview>,
}

mod imp {
    use super::*;
    use crate::ui::shared::help::{self, GuidePage};
    use gtk::CompositeTemplate;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/review/review_view.ui")]
    pub struct ReviewView {
        #[template_child]
        pub(super) learn_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) summary_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) graph: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub(super) board: TemplateChild<BoardView>,
        #[template_child]
        pub(super) move_list: TemplateChild<gtk::ListView>,
        #[template_child]
        pub(super) verdict_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) question_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) answer_label: TemplateChild<gtk::Label>,
        pub(super) game: RefCell<Option<GameToReview>>,
        pub(super) review: RefCell<Option<Rc<Review>>>,
        pub(super) rows: gtk::StringList,
        pub(super) selection: RefCell<Option<gtk::SingleSelection>>,
        pub(super) second_try: Cell<Option<SecondTry>>,
        /// The row to scroll to once the list is laid out: before, GTK 4.8
        /// does not know where the row is and scrolls nowhere.
        pub(super) scroll_pending: Cell<Option<u32>>,
        /// Stops the judging of the review or the try in progress.
        pub(super) cancel: RefCell<Option<CancelFlag>>,
        /// Counts the judgings, so that a stale one's answer is dropped.
        pub(super) generation: Cell<u64>,
        /// What the graph tells a screen reader, for the tests (GTK 4.8
        /// cannot read a description back).
        pub(super) graph_words: RefCell<String>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for ReviewView {
        const NAME: &'static str = "TictactoeReviewView";
        type Type = super::ReviewView;
        type ParentType = gtk::Window;

        fn class_init(klass: &mut Self::Class) {
            BoardView::ensure_type();
            klass.bind_template();
            klass.install_action("review.learn", None, |view, _, _| view.next_mistake());
            klass.install_action("review.close", None, |view, _, _| view.close());
            help::install_help_action(klass, "review.help", GuidePage::Review);
            use gtk::gdk::{Key, ModifierType};
            let control = ModifierType::CONTROL_MASK;
            for (key, modifiers, action) in [
                (Key::l, control, "review.learn"),
                (Key::w, control, "review.close"),
                (Key::Escape, ModifierType::empty(), "review.close"),
            ] {
                klass.add_shortcut(&gtk::Shortcut::new(
                    Some(gtk::KeyvalTrigger::new(key, modifiers)),
                    Some(gtk::NamedAction::new(action)),
                ));
            }
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for ReviewView {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().setup();
        }

        /// Gone with the main window, as the app quits: no close request
        /// comes, and the judging stops here.
        fn dispose(&self) {
            self.obj().stop_judging();
        }
    }

    impl WidgetImpl for ReviewView {}

    impl WindowImpl for ReviewView {
        fn close_request(&self) -> glib::Propagation {
            self.obj().stop_judging();
            self.parent_close_request()
        }
    }
}

glib::wrapper! {
    pub struct ReviewView(ObjectSubclass<imp::ReviewView>)
        @extends gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root,
                    gtk::ShortcutManager;
}

/// A move's line in the list: "Move 3: X on 5 — Mistake".
fn row_words(review: &MoveReview) -> String {
    fill(
        &gettext("{move} — {grade}"),
        &[
            ("move", &move_title(review)),
            ("grade", &graded_words(review)),
        ],
    )
}

impl ReviewView {
    pub fn new(parent: &impl IsA<gtk::Window>) -> ReviewView {
        crate::ui::shared::background::new_window(parent)
    }

    fn setup(&self) {
        let imp = self.imp();
        accessible::name_button_by_its_label(&*imp.learn_button);
        let selection = gtk::SingleSelection::new(Some(imp.rows.clone()));
        selection.set_autoselect(false);
        selection.connect_selected_notify(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |selection| {
                let index = selection.selected();
                if index != gtk::INVALID_LIST_POSITION {
                    view.show_move(index as usize);
                }
            }
        ));
        let factory = gtk::SignalListItemFactory::new();
        factory.connect_setup(|_, item| {
            let label = gtk::Label::builder()
                .xalign(0.0)
                .wrap(true)
                .wrap_mode(gtk::pango::WrapMode::WordChar)
                .margin_top(4)
                .margin_bottom(4)
                .build();
            if let Some(item) = item.downcast_ref::<gtk::ListItem>() {
                item.set_child(Some(&label));
            }
        });
        factory.connect_bind(|_, item| {
            let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
                return;
            };
            let text = item
                .item()
                .and_downcast::<gtk::StringObject>()
                .map(|text| text.string());
            if let (Some(label), Some(text)) = (item.child().and_downcast::<gtk::Label>(), text) {
                label.set_label(&text);
            }
        });
        imp.move_list.set_factory(Some(&factory));
        imp.move_list.set_model(Some(&selection));
        imp.selection.replace(Some(selection));
        if let Some(adjustment) = imp.move_list.vadjustment() {
            // The list sets its scroll range as it lays its rows out.
            adjustment.connect_changed(glib::clone!(
                #[weak(rename_to = view)]
                self,
                move |_| {
                    if let Some(index) = view.imp().scroll_pending.take() {
                        let view = view.downgrade();
                        glib::idle_add_local_once(move || {
                            if let Some(view) = view.upgrade() {
                                view.scroll_to_row(index);
                            }
                        });
                    }
                }
            ));
        }

        imp.graph.set_draw_func(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |area, cr, width, height| view.paint_graph(area, cr, width, height)
        ));
        imp.board.set_decoration(glib::clone!(
            #[weak(rename_to = view)]
            self,
            #[upgrade_or]
            Ok(()),
            move |cr, layout, _palette| match view.board_picture() {
                Some(picture) => review_painting::decorate_board(cr, layout, &picture),
                None => Ok(()),
            }
        ));

        let graph_click = gtk::GestureClick::new();
        graph_click.connect_pressed(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_, _, x, _| {
                let imp = view.imp();
                let Some(points) = imp
                    .review
                    .borrow()
                    .as_ref()
                    .map(|review| review.values.len())
                else {
                    return;
                };
                let layout = GraphLayout::new(
                    f64::from(imp.graph.width()),
                    f64::from(imp.graph.height()),
                    points,
                    &scale_words(),
                );
                imp.graph.grab_focus();
                if let Some(index) = layout.point_at(x).checked_sub(1) {
                    view.select(index);
                }
            }
        ));
        imp.graph.add_controller(graph_click);
        let graph_keys = gtk::EventControllerKey::new();
        graph_keys.connect_key_pressed(glib::clone!(
            #[weak(rename_to = view)]
            self,
            #[upgrade_or]
            glib::Propagation::Proceed,
            move |_, key, _, _| view.graph_key(key)
        ));
        imp.graph.add_controller(graph_keys);

        imp.board.connect_cell_activated(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_, cell| view.try_cell(cell)
        ));
        // Digits try a cell (or column) too, as on the main window's board.
        let board_keys = gtk::EventControllerKey::new();
        board_keys.connect_key_pressed(glib::clone!(
            #[weak(rename_to = view)]
            self,
            #[upgrade_or]
            glib::Propagation::Proceed,
            move |_, key, _, _| {
                if view.asked_position().is_some() && view.imp().board.play_digit(key) {
                    glib::Propagation::Stop
                } else {
                    glib::Propagation::Proceed
                }
            }
        ));
        imp.board.add_controller(board_keys);
        self.show_nothing();
    }

    fn show_nothing(&self) {
        let imp = self.imp();
        imp.summary_label.set_label(&gettext(
            "No game to review yet: play or open a game first.",
        ));
        imp.verdict_label.set_label("");
        self.action_set_enabled("review.learn", false);
    }

    /// Reviews `game`, the move `selected` (from 0) shown first. The
    /// judging runs on a thread of its own; the window says so meanwhile.
    pub fn show_game(&self, game: GameToReview, selected: Option<usize>) {
        let imp = self.imp();
        self.stop_judging();
        imp.review.replace(None);
        imp.second_try.set(None);
        imp.rows.splice(0, imp.rows.n_items(), &[] as &[&str]);
        imp.summary_label.set_label(&fill(
            &gettext("Reviewing {pairing}…"),
            &[("pairing", &game.pairing)],
        ));
        imp.verdict_label.set_label("");
        self.show_question(None, None);
        self.action_set_enabled("review.learn", false);
        imp.game.replace(Some(game.clone()));
        let (start, moves) = (game.start, game.moves.clone());
        let judging = judge_later(move |judge| Review::of_game(&start, &moves, judge));
        let generation = self.start_judging(&judging);
        let view = self.downgrade();
        glib::spawn_future_local(async move {
            let reviewed = judging.outcome().await;
            let Some(view) = view.upgrade() else { return };
            if view.imp().generation.get() != generation {
                return;
            }
            view.imp().cancel.replace(None);
            match reviewed {
                Ok(Ok(review)) => view.show_review(Rc::new(review), selected),
                Ok(Err(ReviewError::IllegalMove { ply, .. })) => {
                    view.imp().summary_label.set_label(&fill(
                        &gettext(
                            "Move {number} of this game breaks the rules: it cannot be reviewed.",
                        ),
                        &[("number", &(ply + 1))],
                    ))
                }
                Ok(Err(ReviewError::Cancelled)) => {}
                Err(crash) => view.imp().summary_label.set_label(&fill(
                    // Translators: {error} is the failure's own words, in English.
                    &gettext("The review failed on an internal error: {error}"),
                    &[("error", &crash)],
                )),
            }
        });
    }

    /// `judging` is the newest: the old one stopped, its answer to be
    /// dropped.
    fn start_judging<T>(&self, judging: &Work<T>) -> u64 {
        let imp = self.imp();
        self.stop_judging();
        imp.cancel.replace(Some(judging.cancel_flag()));
        let generation = imp.generation.get() + 1;
        imp.generation.set(generation);
        generation
    }

    fn stop_judging(&self) {
        if let Some(cancel) = self.imp().cancel.take() {
            cancel.cancel();
        }
    }

    fn show_review(&self, review: Rc<Review>, selected: Option<usize>) {
        let imp = self.imp();
        let Some(game) = imp.game.borrow().clone() else {
            return;
        };
        let rows: Vec<String> = review.moves.iter().map(row_words).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        imp.rows.splice(0, imp.rows.n_items(), &rows);
        let accuracies: Vec<String> = [Side::Max, Side::Min]
            .into_iter()
            .map(|side| accuracy_words(side, review.accuracy(side)))
            .collect();
        let certainty = if review.exact() {
            gettext("Every value is exact: perfect play decides it.")
        } else {
            gettext(
                "Hollow points are estimates: the search ran out of time before the end of the game.",
            )
        };
        imp.summary_label.set_label(&fill(
            &gettext("{pairing}. Best moves: {accuracies}. {certainty}"),
            &[
                ("pairing", &game.pairing),
                ("accuracies", &accuracies.join("; ")),
                ("certainty", &certainty),
            ],
        ));
        let graph_words = values_words(&review);
        accessible::set_description(&*imp.graph, &graph_words);
        imp.graph_words.replace(graph_words);
        let has_mistakes = review.errors(self.learners()).next().is_some();
        self.action_set_enabled("review.learn", has_mistakes);
        imp.learn_button.set_tooltip_text(Some(&if has_mistakes {
            gettext("Go to the next mistake and find a better move on the board (Ctrl+L)")
        } else {
            gettext("No mistakes in this game to learn from")
        }));
        let count = review.moves.len();
        imp.review.replace(Some(review));
        imp.graph.queue_draw();
        if count > 0 {
            let index = selected.unwrap_or(count - 1).min(count - 1);
            self.select(index);
            imp.scroll_pending.set(Some(index as u32));
        }
    }

    /// The sides whose mistakes Learn from Mistakes visits.
    fn learners(&self) -> [bool; 2] {
        match self.imp().game.borrow().as_ref().map(|game| game.humans) {
            Some(humans) if humans != [false, false] => humans,
            _ => [true, true],
        }
    }

    /// Selects move `index` (from 0) in the list, which shows it.
    fn select(&self, index: usize) {
        // A later choice wins over a scroll still waiting for the layout.
        self.imp().scroll_pending.set(None);
        if let Some(selection) = self.imp().selection.borrow().as_ref() {
            if selection.selected() == index as u32 {
                self.show_move(index);
            } else {
                selection.set_selected(index as u32);
            }
        }
        self.scroll_to_row(index as u32);
    }

    fn scroll_to_row(&self, index: u32) {
        // GTK 4.8 has no ListView::scroll_to; the list's own action does it.
        let _ = self
            .imp()
            .move_list
            .activate_action("list.scroll-to-item", Some(&index.to_variant()));
    }

    fn selected(&self) -> Option<usize> {
        let selection = self.imp().selection.borrow();
        let index = selection.as_ref()?.selected();
        (index != gtk::INVALID_LIST_POSITION).then_some(index as usize)
    }

    fn reviewed_move(&self, index: usize) -> Option<MoveReview> {
        self.imp()
            .review
            .borrow()
            .as_ref()?
            .moves
            .get(index)
            .copied()
    }

    /// Shows move `index`: its board and why it earned its grade, though
    /// not while a better move for it is asked for and unanswered (the
    /// reason names the better cells). Leaves a second try at another move.
    fn show_move(&self, index: usize) {
        let imp = self.imp();
        let Some(reviewed) = self.reviewed_move(index) else {
            return;
        };
        match imp.second_try.get() {
            Some(second) if second.index != index => {
                imp.second_try.set(None);
                self.show_question(None, None);
            }
            // What Learn from Mistakes said when the mistakes were done.
            None => imp.answer_label.set_visible(false),
            Some(_) => {}
        }
        let asking = imp
            .second_try
            .get()
            .is_some_and(|second| second.attempt.is_none());
        let stones = reviewed.before.stone_count();
        let values = fill(
            &gettext("Before the move: {before}. After it: {after}."),
            &[
                ("before", &value_words(reviewed.best.value, stones)),
                ("after", &value_words(reviewed.played, stones + 1)),
            ],
        );
        let verdict = if asking {
            format!("{}\n{values}", move_title(&reviewed))
        } else {
            format!(
                "{}\n{}\n{values}",
                move_title(&reviewed),
                verdict_words(&reviewed)
            )
        };
        imp.verdict_label.set_label(&verdict);
        self.show_board();
        imp.graph.queue_draw();
    }

    /// Shows the selected move's picture on the board, with its words for
    /// a screen reader: the question asked, or why the move earned its
    /// grade.
    fn show_board(&self) {
        let imp = self.imp();
        let Some(picture) = self.board_picture() else {
            return;
        };
        let words = if imp.question_label.is_visible() {
            imp.question_label.label().to_string()
        } else if let Some(index) = self.selected()
            && let Some(reviewed) = self.reviewed_move(index)
        {
            verdict_words(&reviewed)
        } else {
            String::new()
        };
        imp.board.show_position(picture.board, None);
        imp.board.set_state_text(&words);
        imp.board.set_accepting(self.asked_position().is_some());
        imp.board.queue_draw();
    }

    /// What the board shows: the selected move played and ringed, or, on
    /// a second try, the position it was played in with the try ringed.
    fn board_picture(&self) -> Option<BoardPicture> {
        let imp = self.imp();
        let index = self.selected()?;
        let reviewed = self.reviewed_move(index)?;
        let asking = imp.second_try.get().filter(|second| second.index == index);
        let picture = match asking {
            Some(SecondTry { attempt, .. }) => {
                let mut board = reviewed.before;
                let ringed = attempt.map(|attempt| {
                    board.toggle(attempt.cell, attempt.side);
                    (attempt.cell, attempt.grade)
                });
                BoardPicture {
                    board,
                    ringed,
                    better: 0,
                }
            }
            None => {
                let mut board = reviewed.before;
                board.toggle(reviewed.cell, reviewed.side);
                BoardPicture {
                    board,
                    ringed: Some((reviewed.cell, reviewed.grade)),
                    better: reviewed.better_cells(),
                }
            }
        };
        Some(picture)
    }

    fn paint_graph(
        &self,
        area: &gtk::DrawingArea,
        cr: &gtk::cairo::Context,
        width: i32,
        height: i32,
    ) {
        let Some(review) = self.imp().review.borrow().clone() else {
            return;
        };
        let ink = BoardPalette::of(area).foreground;
        let scale = scale_words();
        let _ = review_painting::paint_graph(
            cr,
            f64::from(width),
            f64::from(height),
            &review,
            self.selected(),
            &scale,
            ink,
        );
    }

    /// Left and Right on the graph go from move to move.
    fn graph_key(&self, key: gdk::Key) -> glib::Propagation {
        let count = self.imp().rows.n_items() as usize;
        let Some(index) = self.selected() else {
            return glib::Propagation::Proceed;
        };
        let next = match key {
            gdk::Key::Left => index.checked_sub(1),
            gdk::Key::Right => (index + 1 < count).then_some(index + 1),
            gdk::Key::Home => Some(0),
            gdk::Key::End => count.checked_sub(1),
            _ => return glib::Propagation::Proceed,
        };
        if let Some(next) = next {
            self.select(next);
        }
        glib::Propagation::Stop
    }

    /// The position a better move is asked for in, while one is.
    fn asked_position(&self) -> Option<Board> {
        let second = self.imp().second_try.get()?;
        Some(self.reviewed_move(second.index)?.before)
    }

    /// The moves (from 0) whose mistakes Learn from Mistakes visits.
    fn mistakes(&self) -> Vec<usize> {
        let learners = self.learners();
        self.imp()
            .review
            .borrow()
            .as_ref()
            .map(|review| {
                review
                    .errors(learners)
                    .map(|reviewed| reviewed.ply)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The question of a second try, with which mistake of how many it is.
    fn question_words(&self, reviewed: &MoveReview) -> String {
        let mistakes = self.mistakes();
        let number = mistakes
            .iter()
            .position(|&ply| ply == reviewed.ply)
            .map_or(0, |position| position + 1);
        fill(
            &gettext("Mistake {number} of {count}. {question}"),
            &[
                ("number", &number),
                ("count", &mistakes.len()),
                ("question", &second_try_question(reviewed)),
            ],
        )
    }

    /// Learn from Mistakes: the first mistake, then the next after the one
    /// asked about; asks for a better move. After the last one it says
    /// that the mistakes are done and shows that move's verdict again; the
    /// next press starts over from the first.
    fn next_mistake(&self) {
        let imp = self.imp();
        let after = imp.second_try.get().map(|second| second.index);
        let mistakes = self.mistakes();
        let index = match (
            mistakes
                .iter()
                .find(|&&ply| after.is_none_or(|after| ply > after)),
            after,
        ) {
            (Some(&index), _) => index,
            (None, Some(last)) => {
                imp.second_try.set(None);
                self.select(last);
                self.show_question(
                    None,
                    Some(fill(
                        &gettext(
                            "That was the last mistake ({count} in all). Learn from Mistakes starts again from the first.",
                        ),
                        &[("count", &mistakes.len())],
                    )),
                );
                self.show_board();
                return;
            }
            (None, None) => return,
        };
        let Some(reviewed) = self.reviewed_move(index) else {
            return;
        };
        imp.second_try.set(Some(SecondTry {
            index,
            attempt: None,
        }));
        imp.board
            .set_focus_cell(reviewed.before.legal_moves().next().unwrap_or(0));
        self.select(index);
        self.show_question(Some(self.question_words(&reviewed)), None);
        imp.learn_button.set_label(&gettext("_Next Mistake"));
        accessible::name_button_by_its_label(&*imp.learn_button);
        imp.board.grab_focus();
        self.show_board();
    }

    fn show_question(&self, question: Option<String>, answer: Option<String>) {
        let imp = self.imp();
        imp.question_label.set_visible(question.is_some());
        imp.question_label
            .set_label(question.as_deref().unwrap_or(""));
        imp.answer_label.set_visible(answer.is_some());
        imp.answer_label.set_label(answer.as_deref().unwrap_or(""));
        if question.is_none() {
            imp.learn_button.set_label(&gettext("_Learn from Mistakes"));
            accessible::name_button_by_its_label(&*imp.learn_button);
        }
    }

    /// A second try on `cell`: judged, then answered with best, good
    /// enough or still a mistake.
    fn try_cell(&self, cell: usize) {
        let imp = self.imp();
        let Some(second) = imp.second_try.get() else {
            return;
        };
        let Some(reviewed) = self.reviewed_move(second.index) else {
            return;
        };
        let before = reviewed.before;
        if before.validate_move(cell).is_err() {
            imp.answer_label.set_visible(true);
            imp.answer_label.set_label(&fill(
                &gettext("Cell {cell} is taken: choose a free cell."),
                &[("cell", &(cell + 1))],
            ));
            return;
        }
        imp.board.set_focus_cell(cell);
        let ply = reviewed.ply;
        let judging = judge_later(move |judge| review_move(judge, ply, &before, cell));
        let generation = self.start_judging(&judging);
        let view = self.downgrade();
        glib::spawn_future_local(async move {
            let attempt = judging.outcome().await;
            let Some(view) = view.upgrade() else { return };
            let imp = view.imp();
            if imp.generation.get() != generation {
                return;
            }
            imp.cancel.replace(None);
            let Ok(Ok(Some(attempt))) = attempt else {
                return;
            };
            if imp
                .second_try
                .get()
                .is_none_or(|second| second.index != attempt.ply)
            {
                return;
            }
            imp.second_try.set(Some(SecondTry {
                index: attempt.ply,
                attempt: Some(attempt),
            }));
            view.show_question(
                Some(view.question_words(&reviewed)),
                Some(second_try_words(&attempt)),
            );
            // Answered: why the game's move was a mistake may show now.
            view.show_move(attempt.ply);
            imp.learn_button.set_label(&gettext("_Next Mistake"));
            accessible::name_button_by_its_label(&*imp.learn_button);
            view.show_board();
        });
    }

    // For the tests, which drive the window as a person would.

    /// The summary over the graph.
    pub fn summary_text(&self) -> String {
        self.imp().summary_label.label().to_string()
    }

    /// The selected move's grade and why.
    pub fn verdict_text(&self) -> String {
        self.imp().verdict_label.label().to_string()
    }

    /// The answer to the last second try, while one shows.
    pub fn answer_text(&self) -> Option<String> {
        let label = &self.imp().answer_label;
        label.is_visible().then(|| label.label().to_string())
    }

    /// The review, once the judging is done.
    pub fn review(&self) -> Option<Rc<Review>> {
        self.imp().review.borrow().clone()
    }

    /// The graph's words for a screen reader.
    pub fn graph_words(&self) -> String {
        self.imp().graph_words.borrow().clone()
    }

    /// The board's words for a screen reader.
    pub fn board_words(&self) -> String {
        self.imp().board.description()
    }

    pub fn graph(&self) -> gtk::DrawingArea {
        self.imp().graph.get()
    }

    pub fn board(&self) -> BoardView {
        self.imp().board.get()
    }

    pub fn move_list(&self) -> gtk::ListView {
        self.imp().move_list.get()
    }
}

/// The graph's scale in the user's language.
fn scale_words() -> ScaleWords {
    ScaleWords {
        x_wins: gettext("X wins"),
        draw: gettext("draw"),
        o_wins: gettext("O wins"),
    }
}
