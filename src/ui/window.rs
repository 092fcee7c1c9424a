//! The main window: the pickers, the board, the status line and the search
//! log. It owns the game thread and the game's record and coordinates; the
//! parts live beside it: `events` (the game thread's events), `moves` (a
//! person's moves and their refusals), `view` (what the board and the
//! controls show), `history` (undo, redo, browse, pause, continue), `setup`
//! (edit mode and hints), `coach` (a person's mistakes said as they are
//! played), `files` (save and open), `explore` (the search tree explorer),
//! `remembered` (the controls and the window's size between runs),
//! `analysis` (the Compare, Tournament, Training, Practice and Game Review
//! windows) and `learning` (what the learning players learn from the
//! window's games).

mod analysis;
mod beliefs;
mod coach;
mod events;
mod explore;
mod files;
mod history;
mod learning;
mod moves;
mod remembered;
mod setup;
mod view;

pub(crate) use remembered::avoid_unusable_settings_store;

use std::rc::Rc;
use std::time::Duration;

use gtk::subclass::prelude::*;
use gtk::{gdk, gio, glib, prelude::*};

use crate::game::{GameId, GameResult};
use crate::ui::shared::board_painting::BoardLayout;
use crate::ui::widgets::board_picker::BoardPicker;
use crate::ui::widgets::board_view::BoardView;
use crate::ui::widgets::evaluation_panel::EvaluationPanel;
use crate::ui::widgets::player_picker::{PlayerPicker, why_not_on};
use crate::ui::widgets::position_editor::PositionEditor;
use crate::ui::widgets::search_log::SearchLog;
use crate::ui::widgets::session_tally::SessionTally;
use crate::ui::widgets::status_line::StatusLine;
use history::WindowGame;
use tictactoe_engine::board::{Board, Side};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::PlayerKind;
use tictactoe_engine::report::SearchReport;
use tictactoe_tools::history::GameRecord;
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};

/// Below this width the log goes under the board instead of beside it.
const NARROW_WIDTH: i32 = 860;
/// The board's height where the window has no more room for it (a wide
/// window gives it the height there is): what leaves it in sight under the
/// players in a narrow window on an 800 px high screen.
const BOARD_HEIGHT: f64 = 190.0;
/// The smallest cell the board is drawn with, a target a pointer hits
/// well (WCAG 2.2 asks for 24 px).
const SMALLEST_CELL: f64 = 24.0;
/// How long a first Esc (or Ctrl+E) waits for the second that ends the
/// game.
const END_CONFIRM_TIME: Duration = Duration::from_secs(3);

/// A key that ends a running game only when pressed twice: the first press
/// asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum EndingKey {
    /// Esc: ends the game.
    Esc,
    /// Ctrl+E (or the Edit toggle): ends it to set up a position.
    Edit,
}

/// Where the window's game stands, as far as the events have told it.
#[derive(Debug, Clone, Default)]
enum Phase {
    #[default]
    NoGame,
    /// Start was pressed; the game thread has not answered yet.
    Starting,
    ToMove {
        side: Side,
        player: PlayerKind,
        human: bool,
    },
    /// A person's move is on its way to the game thread; more input waits
    /// in the queue until it is played.
    MoveSent,
    /// The game waits at its position until Resume: paused, taken back to
    /// a computer's turn, or opened from a file.
    Paused,
    Over(GameResult),
}

/// What the board shows.
#[derive(Debug, Clone, Default)]
pub(super) enum View {
    /// The game as it stands, or the set-up position between games.
    #[default]
    Current,
    /// The game's position after this many moves (browsing).
    Move(usize),
    /// The position a search in the log decided in, with its scores.
    Search(Rc<SearchReport>),
}

/// A hint asked of the game thread, or its answer.
#[derive(Debug, Clone)]
pub(super) enum Hint {
    Asked {
        id: GameId,
        board: Board,
    },
    Shown {
        board: Board,
        report: Rc<SearchReport>,
    },
}

mod imp {
    use std::cell::{Cell, OnceCell, RefCell};
    use std::collections::VecDeque;
    use std::rc::Rc;

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, gio, glib, prelude::*};

    use super::history::WindowGame;
    use super::{Hint, Phase, View};
    use crate::game::{GameId, GameThread, LearnedStates};
    use crate::ui::contests::compare_view::CompareView;
    use crate::ui::contests::tournament_view::TournamentView;
    use crate::ui::explorer::tree_explorer::ExplorerSlot;
    use crate::ui::shared::file_dialog::FileChooser;
    use crate::ui::shared::help::{self, GuidePage};
    use crate::ui::training_view::TrainingView;
    use crate::ui::widgets::board_view::BoardView;
    use crate::ui::widgets::evaluation_panel::EvaluationPanel;
    use crate::ui::widgets::game_settings::GameSettings;
    use crate::ui::widgets::position_editor::PositionEditor;
    use crate::ui::widgets::search_log::SearchLog;
    use crate::ui::widgets::session_tally::SessionTally;
    use crate::ui::widgets::status_line::StatusLine;
    use tictactoe_engine::board::Board;
    use tictactoe_engine::report::SearchReport;
    use tictactoe_engine::search::CancelFlag;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/window.ui")]
    pub struct TictactoeWindow {
        #[template_child]
        pub(super) start_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) end_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) undo_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) redo_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) pause_button: TemplateChild<gtk::ToggleButton>,
        #[template_child]
        pub(super) hint_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) compare_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) edit_button: TemplateChild<gtk::ToggleButton>,
        #[template_child]
        pub(super) position_editor: TemplateChild<PositionEditor>,
        #[template_child]
        pub(super) paned: TemplateChild<gtk::Paned>,
        #[template_child]
        pub(super) settings: TemplateChild<GameSettings>,
        #[template_child]
        pub(super) board_view: TemplateChild<BoardView>,
        #[template_child]
        pub(super) review_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) legend_button: TemplateChild<gtk::MenuButton>,
        #[template_child]
        pub(super) evaluation_panel: TemplateChild<EvaluationPanel>,
        #[template_child]
        pub(super) status_line: TemplateChild<StatusLine>,
        #[template_child]
        pub(super) status_row: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) board_scroller: TemplateChild<gtk::ScrolledWindow>,
        #[template_child]
        pub(super) board_side: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) board_frame: TemplateChild<gtk::AspectFrame>,
        #[template_child]
        pub(super) narrow_footer: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) coach_bar: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) coach_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) coach_undo_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) session_tally: TemplateChild<SessionTally>,
        #[template_child]
        pub(super) search_log: TemplateChild<SearchLog>,
        /// Dropped when the window closes, which stops and joins the thread.
        pub(super) game: RefCell<Option<GameThread>>,
        /// The flags of the coach's judges of the moves on the board, set
        /// when the game is replaced, moves are taken back, or the window
        /// closes.
        pub(super) coach_judging: RefCell<Vec<CancelFlag>>,
        /// The flags of the judges of finished games for the session tally,
        /// set as the window closes.
        pub(super) tally_judging: RefCell<Vec<CancelFlag>>,
        /// The thread's game that plays on from the record's position;
        /// events of older ones are dropped.
        pub(super) current: Cell<Option<GameId>>,
        pub(super) phase: RefCell<Phase>,
        /// The game on the board: its players, seed, moves and searches.
        pub(super) window_game: RefCell<Option<WindowGame>>,
        /// Counts this window's games, for the log.
        pub(super) games_started: Cell<u64>,
        /// The exact values beside the neural player's searches.
        pub(super) truths: super::beliefs::Truths,
        pub(super) view: RefCell<View>,
        /// The position edit mode set up: Start and Hint use it between
        /// games.
        pub(super) setup: Cell<Option<Board>>,
        /// The stones on the board while in edit mode, possible or not,
        /// and why a typed text sets out none.
        pub(super) editing: Cell<Option<Board>>,
        pub(super) typing_problem: RefCell<Option<String>>,
        pub(super) hint: RefCell<Option<Hint>>,
        /// The search whose move the thread plays next.
        pub(super) pending_search: RefCell<Option<Rc<SearchReport>>>,
        /// What Start's tooltip says while Start can be used.
        pub(super) start_tooltip: RefCell<String>,
        /// The last error the game thread reported, until the game moves on.
        pub(super) last_error: RefCell<Option<String>>,
        /// Cells a person chose while their previous move was on its way.
        pub(super) queued_cells: RefCell<VecDeque<usize>>,
        /// A first Esc or Ctrl+E asked to end the game; a second press of
        /// the same key before this timer runs out ends it.
        pub(super) end_confirm: RefCell<Option<(super::EndingKey, glib::SourceId)>>,
        /// The settings the window restores and saves, when there are any.
        pub(super) remembered: OnceCell<gio::Settings>,
        /// The layout the log was last put in, beside or under the board.
        pub(super) laid_out: Cell<Option<gtk::Orientation>>,
        pub(super) explorer: ExplorerSlot,
        pub(super) compare_view: OnceCell<CompareView>,
        pub(super) mcts_view: OnceCell<crate::ui::mcts::mcts_view::MctsView>,
        pub(super) practice_view: OnceCell<crate::ui::practice::practice_view::PracticeView>,
        pub(super) review_view: OnceCell<crate::ui::review::review_view::ReviewView>,
        pub(super) tournament_view: OnceCell<TournamentView>,
        pub(super) training_view: OnceCell<TrainingView>,
        pub(super) evaluation_truth_view:
            OnceCell<crate::ui::evaluation_truth_view::EvaluationTruthView>,
        pub(super) horizon_view: OnceCell<crate::ui::horizon_view::HorizonView>,
        /// Save's or Open's file chooser while it is open.
        pub(super) file_chooser: FileChooser,
        /// What the learning players learned, shared with the Training
        /// window; loaded as the window opens.
        pub(super) learned: OnceCell<Rc<RefCell<LearnedStates>>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TictactoeWindow {
        const NAME: &'static str = "TictactoeWindow";
        type Type = super::TictactoeWindow;
        type ParentType = gtk::ApplicationWindow;

        fn class_init(klass: &mut Self::Class) {
            GameSettings::ensure_type();
            BoardView::ensure_type();
            crate::ui::widgets::board_legend::BoardLegend::ensure_type();
            EvaluationPanel::ensure_type();
            PositionEditor::ensure_type();
            SearchLog::ensure_type();
            SessionTally::ensure_type();
            StatusLine::ensure_type();
            klass.bind_template();
            klass.install_action("win.start", None, |window, _, _| window.start_game());
            klass.install_action("win.end", None, |window, _, _| window.end_game());
            // The page of what the window shows: the guide's first page, or
            // the analysis board's while a position is set up.
            klass.install_action("win.help", None, |window, _, _| {
                let page = if window.imp().editing.get().is_some() {
                    GuidePage::AnalysisBoard
                } else {
                    GuidePage::Index
                };
                help::show_help(window, page);
            });
            klass.install_action("win.request-end", None, |window, _, _| {
                window.request_end_game();
            });
            klass.install_action("win.reuse-seed", None, |window, _, _| window.reuse_seed());
            klass.install_action("win.copy-log", None, |window, _, _| {
                window.imp().search_log.copy_to_clipboard();
            });
            // Application shortcuts come before the focused widget's own
            // keys, so Ctrl+Z in a text field goes back to that field.
            klass.install_action("win.undo", None, |window, _, _| {
                if !window.pass_to_text_field("text.undo") {
                    window.undo();
                }
            });
            klass.install_action("win.redo", None, |window, _, _| {
                if !window.pass_to_text_field("text.redo") {
                    window.redo();
                }
            });
            klass.install_action("win.browse-back", None, |window, _, _| {
                window.browse_back();
            });
            klass.install_action("win.browse-forward", None, |window, _, _| {
                window.browse_forward();
            });
            klass.install_action("win.browse-first", None, |window, _, _| {
                window.browse(View::Move(0));
            });
            klass.install_action("win.browse-last", None, |window, _, _| {
                window.browse(View::Current);
            });
            klass.install_action("win.continue", None, |window, _, _| {
                window.continue_from_here();
            });
            klass.install_action("win.hint", None, |window, _, _| window.hint());
            klass.install_action("win.explore", None, |window, _, _| window.explore());
            klass.install_action("win.save", None, |window, _, _| window.choose_save_file());
            klass.install_action("win.open", None, |window, _, _| {
                window.choose_file_to_open()
            });
            klass.install_action("win.compare", None, |window, _, _| {
                window.show_compare();
            });
            klass.install_action("win.mcts", None, |window, _, _| {
                window.show_mcts();
            });
            klass.install_action("win.practice", None, |window, _, _| {
                window.show_practice();
            });
            klass.install_action("win.coach-take-back", None, |window, _, _| {
                window.coach_take_back();
            });
            klass.install_action("win.coach-play-on", None, |window, _, _| {
                window.coach_play_on();
            });
            klass.install_action("win.review", None, |window, _, _| {
                window.show_review();
            });
            klass.install_action("win.reset-learning", None, |window, _, _| {
                window.confirm_reset_learning();
            });
            klass.install_action("win.tournament", None, |window, _, _| {
                window.show_tournament();
            });
            klass.install_action("win.training", None, |window, _, _| {
                window.show_training();
            });
            klass.install_action("win.evaluation-truth", None, |window, _, _| {
                window.show_evaluation_truth();
            });
            klass.install_action("win.horizon", None, |window, _, _| {
                window.show_horizon();
            });
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for TictactoeWindow {
        fn constructed(&self) {
            self.parent_constructed();
            let window = self.obj();
            window.setup_controls();
            window.remember_settings();
            let game = GameThread::spawn();
            window.listen(game.events());
            self.game.replace(Some(game));
            window.show_no_game();
            // What the window could not read as it opened.
            let problems: Vec<String> = super::remembered::unusable_store_note()
                .into_iter()
                .chain(window.load_learned())
                .collect();
            if !problems.is_empty() {
                window.show_error(&problems.join(" "));
            }
        }

        fn dispose(&self) {
            self.game.take();
        }
    }

    impl WidgetImpl for TictactoeWindow {
        fn size_allocate(&self, width: i32, height: i32, baseline: i32) {
            self.parent_size_allocate(width, height, baseline);
            self.obj().fit_layout(width, height);
        }
    }

    impl WindowImpl for TictactoeWindow {
        fn close_request(&self) -> glib::Propagation {
            // Stop the game thread now, not whenever the last reference goes.
            self.game.take();
            self.obj().stop_coaching();
            self.obj().stop_truths();
            for cancel in self.tally_judging.take() {
                cancel.cancel();
            }
            self.obj().stop_analysis();
            self.obj().remember_layout();
            self.parent_close_request()
        }
    }

    impl ApplicationWindowImpl for TictactoeWindow {}
}

glib::wrapper! {
    pub struct TictactoeWindow(ObjectSubclass<imp::TictactoeWindow>)
        @extends gtk::ApplicationWindow, gtk::Window, gtk::Widget,
        @implements gio::ActionGroup, gio::ActionMap, gtk::Buildable,
                    gtk::ConstraintTarget, gtk::Native, gtk::Root, gtk::ShortcutManager;
}

/// A message as a sentence: capital first letter, full stop at the end.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut sentence: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return String::new(),
    };
    if !sentence.ends_with(['.', '!', '?']) {
        sentence.push('.');
    }
    sentence
}

impl TictactoeWindow {
    pub fn new(app: &impl IsA<gtk::Application>) -> TictactoeWindow {
        glib::Object::builder().property("application", app).build()
    }

    // The widgets, for the tests to drive the window as a person would.

    pub fn picker(&self, side: Side) -> PlayerPicker {
        self.imp().settings.picker(side)
    }

    pub fn board_picker(&self) -> BoardPicker {
        self.imp().settings.board_picker()
    }

    pub fn pace_scale(&self) -> gtk::Scale {
        self.imp().settings.pace_scale()
    }

    pub fn seed_entry(&self) -> gtk::Entry {
        self.imp().settings.seed_entry()
    }

    pub fn start_button(&self) -> gtk::Button {
        self.imp().start_button.get()
    }

    pub fn end_button(&self) -> gtk::Button {
        self.imp().end_button.get()
    }

    pub fn undo_button(&self) -> gtk::Button {
        self.imp().undo_button.get()
    }

    pub fn redo_button(&self) -> gtk::Button {
        self.imp().redo_button.get()
    }

    pub fn pause_button(&self) -> gtk::ToggleButton {
        self.imp().pause_button.get()
    }

    pub fn hint_button(&self) -> gtk::Button {
        self.imp().hint_button.get()
    }

    pub fn compare_button(&self) -> gtk::Button {
        self.imp().compare_button.get()
    }

    pub fn edit_button(&self) -> gtk::ToggleButton {
        self.imp().edit_button.get()
    }

    pub fn position_editor(&self) -> PositionEditor {
        self.imp().position_editor.get()
    }

    pub fn board_view(&self) -> BoardView {
        self.imp().board_view.get()
    }

    /// Review beside the status line, once a game is over.
    pub fn review_button(&self) -> gtk::Button {
        self.imp().review_button.get()
    }

    /// The ⓘ beside the status line: the legend of the board's marks.
    pub fn legend_button(&self) -> gtk::MenuButton {
        self.imp().legend_button.get()
    }

    /// Σ beside the board's list: the evaluation panel.
    pub fn evaluation_button(&self) -> gtk::ToggleButton {
        self.imp().settings.evaluation_button()
    }

    pub fn evaluation_panel(&self) -> EvaluationPanel {
        self.imp().evaluation_panel.get()
    }

    pub fn search_log(&self) -> SearchLog {
        self.imp().search_log.get()
    }

    pub fn status_line(&self) -> StatusLine {
        self.imp().status_line.get()
    }

    pub fn session_tally(&self) -> SessionTally {
        self.imp().session_tally.get()
    }

    pub fn paned(&self) -> gtk::Paned {
        self.imp().paned.get()
    }

    pub fn status_text(&self) -> String {
        self.imp().status_line.text()
    }

    /// The note that changed settings wait for the next Start, if it shows.
    pub fn pending_text(&self) -> Option<String> {
        self.imp().settings.pending_text()
    }

    /// The seed of the newest game.
    pub fn last_seed(&self) -> Option<u64> {
        self.imp()
            .window_game
            .borrow()
            .as_ref()
            .map(|game| game.seed)
    }

    /// The moves of the game on the board, played and taken back.
    pub fn record(&self) -> Option<GameRecord> {
        self.imp()
            .window_game
            .borrow()
            .as_ref()
            .map(|game| game.record.clone())
    }

    /// The hint's answer while it shows.
    pub fn hint_report(&self) -> Option<Rc<SearchReport>> {
        match &*self.imp().hint.borrow() {
            Some(Hint::Shown { report, .. }) => Some(report.clone()),
            _ => None,
        }
    }

    /// True while a computer player searches.
    pub fn is_thinking(&self) -> bool {
        self.imp().status_line.busy()
    }

    /// True from Start until the game thread reports the game over.
    /// Whether a person is to move in the running game, and no move of
    /// theirs is on its way.
    pub fn takes_moves(&self) -> bool {
        matches!(
            *self.imp().phase.borrow(),
            Phase::ToMove { human: true, .. }
        )
    }

    pub fn game_running(&self) -> bool {
        matches!(
            *self.imp().phase.borrow(),
            Phase::Starting | Phase::ToMove { .. } | Phase::MoveSent
        )
    }

    /// True while the game waits for Resume.
    pub fn is_paused(&self) -> bool {
        matches!(*self.imp().phase.borrow(), Phase::Paused)
    }

    /// A key the window gets when the focused control did not use it:
    /// digits play a cell wherever the focus is, Home and End browse, and
    /// Space pauses or resumes when no person is to move; none of them in
    /// a text field.
    pub fn key_pressed(&self, key: gdk::Key, modifiers: gdk::ModifierType) -> glib::Propagation {
        let typing = gtk::prelude::GtkWindowExt::focus(self)
            .is_some_and(|widget| widget.is::<gtk::Editable>());
        if typing
            || modifiers.intersects(gdk::ModifierType::CONTROL_MASK | gdk::ModifierType::ALT_MASK)
        {
            return glib::Propagation::Proceed;
        }
        let imp = self.imp();
        if key == gdk::Key::space && imp.editing.get().is_some() {
            self.cycle_cell(imp.board_view.focus_cell());
            return glib::Propagation::Stop;
        }
        let action = match key {
            gdk::Key::Home => Some("win.browse-first"),
            gdk::Key::End => Some("win.browse-last"),
            gdk::Key::space if !imp.board_view.accepting() => Some("win.pause"),
            _ => None,
        };
        if let Some(action) = action {
            if imp.window_game.borrow().is_some() {
                let _ = WidgetExt::activate_action(self, action, None);
            }
            return glib::Propagation::Stop;
        }
        if imp.board_view.play_digit(key) {
            glib::Propagation::Stop
        } else {
            glib::Propagation::Proceed
        }
    }

    /// Runs `action` on the focused text field, if one has the focus.
    fn pass_to_text_field(&self, action: &str) -> bool {
        match gtk::prelude::GtkWindowExt::focus(self) {
            Some(widget) if widget.is::<gtk::Editable>() => {
                let _ = widget.activate_action(action, None);
                true
            }
            _ => false,
        }
    }

    fn setup_controls(&self) {
        let imp = self.imp();
        crate::ui::shared::popup_tooltips::give_way_to_popups(self);
        for button in [&*imp.start_button, &*imp.end_button, &*imp.hint_button] {
            crate::ui::shared::accessible::name_button_by_its_label(button);
        }
        imp.start_tooltip
            .replace(imp.start_button.tooltip_text().unwrap_or_default().into());
        self.add_toggle_actions();
        imp.settings.connect_changed(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |settings| window.settings_changed(settings.choice().size)
        ));

        imp.board_view.connect_cell_activated(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_, cell| window.cell_activated(cell)
        ));
        imp.board_view.connect_grid_missed(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_| window.grid_missed()
        ));
        imp.search_log.connect_search_selected(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |log| match log.selected_search() {
                Some(report) => window.browse(View::Search(report)),
                None if matches!(*window.imp().view.borrow(), View::Search(_)) => {
                    window.browse(View::Current);
                }
                None => {}
            }
        ));
        self.setup_position_editor();
        imp.evaluation_panel.connect_custom_changed(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |panel| {
                if let Some(name) = panel.custom_name() {
                    window
                        .imp()
                        .settings
                        .set_custom_evaluation(&name, panel.evaluation());
                }
            }
        ));

        // Digits the focused control leaves alone reach the window.
        let keys = gtk::EventControllerKey::new();
        keys.connect_key_pressed(glib::clone!(
            #[weak(rename_to = window)]
            self,
            #[upgrade_or]
            glib::Propagation::Proceed,
            move |_, key, _code, modifiers| window.key_pressed(key, modifiers)
        ));
        self.add_controller(keys);
        // The log's list would take Home and End to its first and last
        // rows; as everywhere else they browse the game.
        let log_keys = gtk::EventControllerKey::new();
        log_keys.set_propagation_phase(gtk::PropagationPhase::Capture);
        log_keys.connect_key_pressed(glib::clone!(
            #[weak(rename_to = window)]
            self,
            #[upgrade_or]
            glib::Propagation::Proceed,
            move |_, key, _code, modifiers| match key {
                gdk::Key::Home | gdk::Key::End => window.key_pressed(key, modifiers),
                _ => glib::Propagation::Proceed,
            }
        ));
        imp.search_log.list_view().add_controller(log_keys);
    }

    /// The actions with an on/off state: Pause, edit mode, the scores on
    /// the board, and learning from the window's games.
    fn add_toggle_actions(&self) {
        let pause = gio::ActionEntry::builder("pause")
            .state(false.to_variant())
            .activate(|window: &TictactoeWindow, _, _| window.set_paused(!window.is_paused()))
            .build();
        let edit = gio::ActionEntry::builder("edit")
            .state(false.to_variant())
            .activate(|window: &TictactoeWindow, _, _| window.toggle_edit_mode())
            .build();
        self.add_action_entries([pause, edit]);
        // Toggled by GIO itself, and followed by the board whoever sets its
        // state: the menu, or the settings restoring it.
        let scores = gio::SimpleAction::new_stateful("show-scores", None, &true.to_variant());
        scores.connect_state_notify(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |action| {
                let visible = action.state().and_then(|state| state.get()).unwrap_or(true);
                window.imp().board_view.set_marks_visible(visible);
            }
        ));
        self.add_action(&scores);
        let evaluation =
            gio::SimpleAction::new_stateful("show-evaluation", None, &false.to_variant());
        evaluation.connect_state_notify(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |action| {
                let visible = action
                    .state()
                    .and_then(|state| state.get())
                    .unwrap_or(false);
                window.imp().evaluation_panel.set_visible(visible);
                window.imp().settings.set_evaluations_offered(visible);
                if visible {
                    window.reveal_evaluation_panel();
                }
            }
        ));
        self.add_action(&evaluation);
        self.add_action(&gio::SimpleAction::new_stateful(
            "learn-from-games",
            None,
            &true.to_variant(),
        ));
    }

    /// Scrolls the board's side to the evaluation panel just shown, which
    /// a narrow window puts under the fold: once it has its place.
    fn reveal_evaluation_panel(&self) {
        glib::timeout_add_local_once(
            Duration::from_millis(100),
            glib::clone!(
                #[weak(rename_to = window)]
                self,
                move || {
                    let imp = window.imp();
                    let Some(bounds) = imp.evaluation_panel.compute_bounds(&*imp.board_side) else {
                        return;
                    };
                    let adjustment = imp.board_scroller.vadjustment();
                    let (top, bottom) = (
                        f64::from(bounds.y()),
                        f64::from(bounds.y() + bounds.height()),
                    );
                    if bottom > adjustment.value() + adjustment.page_size() {
                        adjustment.set_value(top.min(bottom - adjustment.page_size()));
                    }
                }
            ),
        );
    }

    /// Between games the board previews the chosen size; a game or set-up
    /// position of another size leaves the board.
    fn settings_changed(&self, size: Shape) {
        let imp = self.imp();
        if self.game_running() || self.is_paused() || imp.editing.get().is_some() {
            return;
        }
        // Without a game the chosen board is what would be shown, so the
        // board on the screen is what tells whether it changed.
        if imp.board_view.board().shape() != size {
            imp.window_game.replace(None);
            imp.setup.set(None);
            imp.hint.replace(None);
            imp.view.replace(View::Current);
            imp.phase.replace(Phase::NoGame);
            imp.board_view.reset(size);
            self.refresh();
        }
    }

    /// Puts the log under the board when the window is too narrow for both
    /// side by side. Called after each allocation; the switch itself waits
    /// for the idle loop, since a layout must not change while allocated.
    fn fit_layout(&self, width: i32, height: i32) {
        let orientation = if width < NARROW_WIDTH {
            gtk::Orientation::Vertical
        } else {
            gtk::Orientation::Horizontal
        };
        let imp = self.imp();
        if imp.laid_out.replace(Some(orientation)) == Some(orientation) {
            return;
        }
        glib::idle_add_local_once(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move || {
                // A later allocation may have turned the layout back.
                if window.imp().laid_out.get() != Some(orientation) {
                    return;
                }
                let paned = window.imp().paned.get();
                paned.set_orientation(orientation);
                // A narrow window's header bar has no room for Compare,
                // Pause and Edit beside the whole title; the main menu
                // and Ctrl+M, Space, Ctrl+E still reach them.
                let wide = orientation == gtk::Orientation::Horizontal;
                let imp = window.imp();
                for button in [
                    imp.compare_button.upcast_ref::<gtk::Widget>(),
                    imp.pause_button.upcast_ref(),
                    imp.edit_button.upcast_ref(),
                ] {
                    button.set_visible(wide);
                }
                window.place_status_line(wide);
                // The board's share as the person left it in this layout;
                // by default most of the room.
                let length = match orientation {
                    gtk::Orientation::Vertical => height,
                    _ => width,
                };
                let position = (f64::from(length) * window.board_share(orientation)).round() as i32;
                // GtkPaned scales its position by its new length over its
                // old one, across, when it is first allocated after the
                // turn (the next frame): the position is set a frame later.
                let frames = std::cell::Cell::new(0);
                paned.add_tick_callback(move |paned, _| {
                    frames.set(frames.get() + 1);
                    if frames.get() == 1 {
                        return glib::ControlFlow::Continue;
                    }
                    paned.set_position(position);
                    glib::ControlFlow::Break
                });
            }
        ));
    }

    /// Gives the board's frame the board's own proportions, so that the
    /// card round it fits it snugly, and the board a height that keeps it
    /// in sight under the players in a narrow window on an 800 px high
    /// screen (in its 60% of the height) with cells a pointer hits well.
    pub(super) fn fit_board_frame(&self, shape: Shape) {
        let imp = self.imp();
        let (width, height) = BoardLayout::drawing_size(shape, 1.0);
        let ratio = width / height;
        let smallest = BoardLayout::drawing_size(shape, SMALLEST_CELL).1;
        let least = BOARD_HEIGHT.max(smallest);
        imp.board_frame.set_ratio(ratio as f32);
        imp.board_view
            .set_size_request((least * ratio).ceil() as i32, least.ceil() as i32);
    }

    /// A wide window has the status line and the coach under the board;
    /// a narrow one, whose board's side scrolls in the 60% of its height
    /// left to it, under that scrolling side, where they stay in sight
    /// even when the position editor or a long message takes room.
    fn place_status_line(&self, wide: bool) {
        let imp = self.imp();
        let (into, after) = if wide {
            (
                &*imp.board_side,
                Some(imp.board_frame.upcast_ref::<gtk::Widget>()),
            )
        } else {
            (&*imp.narrow_footer, None)
        };
        for (widget, after) in [
            (imp.status_row.upcast_ref::<gtk::Widget>(), after),
            (
                imp.coach_bar.upcast_ref(),
                Some(imp.status_row.upcast_ref()),
            ),
        ] {
            if let Some(parent) = widget.parent().and_downcast::<gtk::Box>() {
                parent.remove(widget);
            }
            into.insert_child_after(widget, after);
        }
        imp.narrow_footer.set_visible(!wide);
        // Narrow, the board's side takes no more than it needs, so that
        // the status line follows it closely in a high window; wide, the
        // board grows into all of the height.
        imp.board_scroller.set_propagate_natural_height(!wide);
        imp.board_scroller.set_vexpand(wide);
    }

    /// Start: a new game from the set-up position, or the empty board.
    fn start_game(&self) {
        let imp = self.imp();
        if imp.editing.get().is_some() && !self.leave_edit_mode() {
            return;
        }
        let size = imp.settings.choice().size;
        let start = imp
            .setup
            .get()
            .filter(|board| board.shape() == size)
            .unwrap_or_else(|| Board::new(size));
        self.start_from(start, false);
    }

    /// A new game from `start` with the players in the pickers; `continued`
    /// says it goes on from another game's position.
    pub(super) fn start_from(&self, start: Board, continued: bool) {
        let imp = self.imp();
        if let Err(reason) = self.playable(&start) {
            self.show_error(&reason);
            return;
        }
        let players = imp.settings.choice().players;
        if let Some(reason) = players
            .iter()
            .find_map(|&(kind, _)| why_not_on(kind, start.shape()))
        {
            self.show_error(&fill(
                &gettext("{problem} Choose another player: no game was started."),
                &[("problem", &sentence(&reason))],
            ));
            return;
        }
        let seed = match imp.settings.seed() {
            Ok(seed) => seed.unwrap_or_else(rand::random::<u64>),
            Err(message) => {
                self.show_error(&message);
                return;
            }
        };
        self.stop_run();
        self.stop_coaching();
        self.stop_truths();
        self.cancel_end_request();
        let mut choice = imp.settings.choice();
        choice.size = start.shape();
        let number = imp.games_started.get() + 1;
        imp.games_started.set(number);
        imp.window_game
            .replace(Some(WindowGame::new(choice, seed, GameRecord::new(start))));
        imp.view.replace(View::Current);
        imp.hint.replace(None);
        imp.last_error.take();
        imp.board_view.reset(start.shape());
        imp.search_log.clear();
        let mut header = fill(
            &gettext("Game {number}: {players}, {size}, seed {seed}"),
            &[
                ("number", &number),
                ("players", &choice.pairing()),
                ("size", &choice.size.words()),
                ("seed", &seed),
            ],
        );
        if start.stone_count() > 0 {
            let from = if continued {
                gettext("continued from {position}")
            } else {
                gettext("from {position}")
            };
            header.push_str(&format!(", {}", fill(&from, &[("position", &start)])));
        }
        imp.search_log.add_game_row(&header);
        self.play_on();
        self.show_status(&gettext("Starting a new game…"));
        imp.board_view.grab_focus();
    }

    fn end_game(&self) {
        self.cancel_end_request();
        if self.is_paused() {
            self.finish(GameResult::Aborted(gettext("ended by the player")));
            return;
        }
        if let Some(game) = self.imp().game.borrow_mut().as_mut() {
            game.end_game();
        }
    }

    /// Esc: the first press asks, a second one within a few seconds ends
    /// the game, so that a stray Esc never ends one by itself.
    fn request_end_game(&self) {
        if matches!(*self.imp().hint.borrow(), Some(Hint::Asked { .. })) {
            self.hint();
            return;
        }
        if (self.game_running() || self.is_paused()) && self.confirmed(EndingKey::Esc) {
            self.end_game();
        }
    }

    /// Whether `key` may end the running game now: true for its second
    /// press within a few seconds of the first; the first asks, and the
    /// game goes on.
    pub(super) fn confirmed(&self, key: EndingKey) -> bool {
        let imp = self.imp();
        let asked = imp.end_confirm.borrow().as_ref().map(|(asked, _)| *asked);
        self.cancel_end_request();
        if asked == Some(key) {
            return true;
        }
        let timer = glib::timeout_add_local_once(
            END_CONFIRM_TIME,
            glib::clone!(
                #[weak(rename_to = window)]
                self,
                move || {
                    window.imp().end_confirm.take();
                    window.show_current_turn();
                }
            ),
        );
        imp.end_confirm.replace(Some((key, timer)));
        let seconds = END_CONFIRM_TIME.as_secs();
        let ask = match key {
            EndingKey::Esc => ngettext(
                "Press Esc again within {seconds} second to end this game; the game goes on otherwise.",
                "Press Esc again within {seconds} seconds to end this game; the game goes on otherwise.",
                plural_count(seconds),
            ),
            EndingKey::Edit => ngettext(
                "Press Ctrl+E again within {seconds} second to end this game and set up a position; the game goes on otherwise.",
                "Press Ctrl+E again within {seconds} seconds to end this game and set up a position; the game goes on otherwise.",
                plural_count(seconds),
            ),
        };
        self.show_status(&fill(&ask, &[("seconds", &seconds)]));
        false
    }

    fn cancel_end_request(&self) {
        if let Some((_, timer)) = self.imp().end_confirm.take() {
            timer.remove();
        }
    }

    fn reuse_seed(&self) {
        match self.last_seed() {
            Some(seed) => self.imp().settings.set_seed(seed),
            None => self.show_error(&gettext(
                "No game has been played yet, so there is no seed to reuse.",
            )),
        }
    }

    fn show_no_game(&self) {
        self.refresh();
        self.show_current_turn();
    }

    /// Shows how the game stands, on the status line and to assistive
    /// technology with the board.
    pub(super) fn show_status(&self, text: &str) {
        let imp = self.imp();
        imp.status_line.show_message(text);
        imp.board_view.set_state_text(text);
    }

    /// Shows why something was refused or went wrong.
    pub(super) fn show_error(&self, text: &str) {
        self.imp().status_line.show_error(text);
    }

    pub(super) fn set_thinking(&self, thinking: bool) {
        self.imp().status_line.set_busy(thinking);
    }
}
