//! The main window: the pickers, the board, the status line and the search
//! log. It owns the game thread, turns the controls into commands and shows
//! the thread's events.

use std::time::Duration;

use gtk::subclass::prelude::*;
use gtk::{gdk, gio, glib, prelude::*};

use super::board_view::BoardView;
use super::game_settings::Choice;
use super::player_picker::PlayerPicker;
use super::search_log::SearchLog;
use super::session_tally::SessionTally;
use super::status_line::StatusLine;
use crate::engine::{BoardSize, PlayerKind, Side};
use crate::game::{Event, GameResult, GameSetup, GameThread};

/// Below this width the log goes under the board instead of beside it.
const NARROW_WIDTH: i32 = 860;
/// How long a first Esc waits for the second that ends the game.
const END_CONFIRM_TIME: Duration = Duration::from_secs(3);

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
    Over(GameResult),
}

mod imp {
    use std::cell::{Cell, RefCell};
    use std::collections::VecDeque;

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib, prelude::*};

    use super::super::board_view::BoardView;
    use super::super::game_settings::GameSettings;
    use super::super::search_log::SearchLog;
    use super::super::session_tally::SessionTally;
    use super::super::status_line::StatusLine;
    use super::{Choice, Phase};
    use crate::engine::PlayerKind;
    use crate::game::{GameId, GameThread};

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/window.ui")]
    pub struct TictactoeWindow {
        #[template_child]
        pub(super) start_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) end_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) paned: TemplateChild<gtk::Paned>,
        #[template_child]
        pub(super) settings: TemplateChild<GameSettings>,
        #[template_child]
        pub(super) board_view: TemplateChild<BoardView>,
        #[template_child]
        pub(super) status_line: TemplateChild<StatusLine>,
        #[template_child]
        pub(super) session_tally: TemplateChild<SessionTally>,
        #[template_child]
        pub(super) search_log: TemplateChild<SearchLog>,
        /// Dropped when the window closes, which stops and joins the thread.
        pub(super) game: RefCell<Option<GameThread>>,
        /// The newest game; events of older ones are dropped.
        pub(super) current: Cell<Option<GameId>>,
        pub(super) phase: RefCell<Phase>,
        /// What the newest game was started with, and its seed.
        pub(super) started: Cell<Option<(Choice, u64)>>,
        /// The current game's players, Max's first, once it has started.
        pub(super) players: Cell<Option<[PlayerKind; 2]>>,
        /// The last error the game thread reported, until the game moves on.
        pub(super) last_error: RefCell<Option<String>>,
        /// Cells a person chose while their previous move was on its way.
        pub(super) queued_cells: RefCell<VecDeque<usize>>,
        /// A first Esc asked to end the game; a second one before this
        /// timer runs out ends it.
        pub(super) end_confirm: RefCell<Option<glib::SourceId>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TictactoeWindow {
        const NAME: &'static str = "TictactoeWindow";
        type Type = super::TictactoeWindow;
        type ParentType = gtk::ApplicationWindow;

        fn class_init(klass: &mut Self::Class) {
            GameSettings::ensure_type();
            BoardView::ensure_type();
            SearchLog::ensure_type();
            SessionTally::ensure_type();
            StatusLine::ensure_type();
            klass.bind_template();
            klass.install_action("win.start", None, |window, _, _| window.start_game());
            klass.install_action("win.end", None, |window, _, _| window.end_game());
            klass.install_action("win.request-end", None, |window, _, _| {
                window.request_end_game();
            });
            klass.install_action("win.reuse-seed", None, |window, _, _| window.reuse_seed());
            klass.install_action("win.copy-log", None, |window, _, _| {
                window.imp().search_log.copy_to_clipboard();
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
            let game = GameThread::spawn();
            window.listen(game.events());
            self.game.replace(Some(game));
            window.show_no_game();
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

    pub fn size_dropdown(&self) -> gtk::DropDown {
        self.imp().settings.size_dropdown()
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

    pub fn board_view(&self) -> BoardView {
        self.imp().board_view.get()
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
        self.imp().started.get().map(|(_, seed)| seed)
    }

    /// True while a computer player searches.
    pub fn is_thinking(&self) -> bool {
        self.imp().status_line.busy()
    }

    /// True from Start until the game thread reports the game over.
    pub fn game_running(&self) -> bool {
        matches!(
            *self.imp().phase.borrow(),
            Phase::Starting | Phase::ToMove { .. } | Phase::MoveSent
        )
    }

    /// A key the window gets when the focused control did not use it:
    /// digits play a cell wherever the focus is, except in a text field.
    pub fn key_pressed(&self, key: gdk::Key, modifiers: gdk::ModifierType) -> glib::Propagation {
        let typing = gtk::prelude::GtkWindowExt::focus(self)
            .is_some_and(|widget| widget.is::<gtk::Editable>());
        if typing
            || modifiers.intersects(gdk::ModifierType::CONTROL_MASK | gdk::ModifierType::ALT_MASK)
        {
            return glib::Propagation::Proceed;
        }
        if self.imp().board_view.play_digit(key) {
            glib::Propagation::Stop
        } else {
            glib::Propagation::Proceed
        }
    }

    fn setup_controls(&self) {
        let imp = self.imp();
        for button in [&*imp.start_button, &*imp.end_button] {
            super::accessible::name_button_by_its_label(button);
        }
        imp.settings.connect_changed(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |settings| {
                // Between games the board previews the chosen size.
                if !window.game_running() {
                    window.imp().board_view.reset(settings.choice().size);
                }
            }
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
        let paned = self.imp().paned.get();
        if paned.orientation() == orientation {
            return;
        }
        glib::idle_add_local_once(glib::clone!(
            #[weak]
            paned,
            move || {
                if paned.orientation() == orientation {
                    return;
                }
                paned.set_orientation(orientation);
                // The board keeps most of the room: about 60 per cent of the
                // height, or the width the controls had beside the log.
                paned.set_position(match orientation {
                    gtk::Orientation::Vertical => height * 3 / 5,
                    _ => width * 8 / 15,
                });
            }
        ));
    }

    /// Shows the game thread's events as they come, on the main thread.
    fn listen(&self, events: async_channel::Receiver<Event>) {
        // Weak: the window owns the thread, and the thread's channel must
        // not keep the window alive.
        let window = self.downgrade();
        glib::spawn_future_local(async move {
            while let Ok(event) = events.recv().await {
                let Some(window) = window.upgrade() else {
                    break;
                };
                window.handle_event(event);
            }
            // The channel closed: the game thread is gone. While the window
            // still holds it, that is a failure, not the window closing.
            if let Some(window) = window.upgrade() {
                window.replace_failed_game_thread();
            }
        });
    }

    /// Starts a new game thread in place of one that stopped, and says so:
    /// the game it ran is lost, the window goes on.
    fn replace_failed_game_thread(&self) {
        let imp = self.imp();
        if imp.game.borrow().is_none() {
            return;
        }
        let game = GameThread::spawn();
        self.listen(game.events());
        // Dropping the old handle joins a thread that has already ended.
        imp.game.replace(Some(game));
        imp.current.set(None);
        imp.phase.replace(Phase::NoGame);
        imp.queued_cells.borrow_mut().clear();
        imp.board_view.set_accepting(false);
        self.set_thinking(false);
        self.cancel_end_request();
        self.action_set_enabled("win.end", false);
        self.action_set_enabled("win.request-end", false);
        imp.settings.set_running(None);
        imp.search_log
            .add_game_row("Game over: the game thread failed; a new one is ready.");
        self.show_error("The game stopped because its thread failed. Press Start to play again.");
    }

    fn start_game(&self) {
        let imp = self.imp();
        let seed = match imp.settings.seed() {
            Ok(seed) => seed.unwrap_or_else(rand::random::<u64>),
            Err(message) => {
                self.show_error(&message);
                return;
            }
        };
        let choice = imp.settings.choice();
        let setup = GameSetup::new(choice.size, choice.players, seed, choice.pause);
        let Some(game) = imp.game.borrow_mut().as_mut().map(|game| game.start(setup)) else {
            return;
        };
        self.cancel_end_request();
        imp.current.set(Some(game));
        imp.started.set(Some((choice, seed)));
        imp.phase.replace(Phase::Starting);
        imp.last_error.take();
        imp.queued_cells.borrow_mut().clear();
        imp.board_view.reset(choice.size);
        imp.board_view.set_accepting(false);
        imp.search_log.clear();
        imp.search_log.add_game_row(&format!(
            "Game {game}: {}, {}, seed {seed}",
            choice.pairing(),
            choice.size,
        ));
        self.action_set_enabled("win.end", true);
        self.action_set_enabled("win.request-end", true);
        imp.settings.set_running(Some(choice));
        self.set_thinking(false);
        self.show_status("Starting a new game…");
        imp.board_view.grab_focus();
    }

    fn end_game(&self) {
        self.cancel_end_request();
        if let Some(game) = self.imp().game.borrow_mut().as_mut() {
            game.end_game();
        }
    }

    /// Esc: the first press asks, a second one within a few seconds ends
    /// the game, so that a stray Esc never ends one by itself.
    fn request_end_game(&self) {
        let imp = self.imp();
        if !self.game_running() {
            return;
        }
        if imp.end_confirm.borrow().is_some() {
            self.end_game();
            return;
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
        imp.end_confirm.replace(Some(timer));
        self.show_status(&format!(
            "Press Esc again within {} seconds to end this game; the game goes on otherwise.",
            END_CONFIRM_TIME.as_secs()
        ));
    }

    fn cancel_end_request(&self) {
        if let Some(timer) = self.imp().end_confirm.take() {
            timer.remove();
        }
    }

    fn reuse_seed(&self) {
        match self.last_seed() {
            Some(seed) => self.imp().settings.set_seed(seed),
            None => self.show_error("No game has been played yet, so there is no seed to reuse."),
        }
    }

    /// Why the board takes no move now, whatever cell was chosen.
    fn turn_refusal(&self) -> Option<String> {
        match &*self.imp().phase.borrow() {
            Phase::NoGame => Some("No game is running: press Start to play.".to_owned()),
            Phase::Starting => Some("Just a moment: the game is starting.".to_owned()),
            Phase::Over(GameResult::Aborted(_)) => {
                Some("The game was ended: press Start for a new one.".to_owned())
            }
            Phase::Over(result) => Some(format!(
                "The game is over ({}): press Start for a new one.",
                result_words(result)
            )),
            Phase::ToMove {
                side,
                player,
                human: false,
            } => Some(format!(
                "It is {}'s turn, played by {}: wait for its move.",
                side.mark(),
                player.display_name()
            )),
            Phase::ToMove { human: true, .. } | Phase::MoveSent => None,
        }
    }

    fn cell_activated(&self, cell: usize) {
        let imp = self.imp();
        if let Some(reason) = self.turn_refusal() {
            self.show_error(&reason);
            return;
        }
        if matches!(*imp.phase.borrow(), Phase::MoveSent) {
            // Played in order once the move before it is.
            imp.queued_cells.borrow_mut().push_back(cell);
            return;
        }
        self.send_move(cell);
    }

    fn grid_missed(&self) {
        let reason = self.turn_refusal().unwrap_or_else(|| {
            "That click was beside the grid: click inside a free cell.".to_owned()
        });
        self.show_error(&reason);
    }

    /// Sends a person's move if the cell is free; says why not otherwise.
    fn send_move(&self, cell: usize) {
        let imp = self.imp();
        let board = imp.board_view.board();
        if let Some(owner) = board.cell(cell) {
            imp.queued_cells.borrow_mut().clear();
            self.show_error(&format!(
                "Cell {} is taken by {}: choose a free cell.",
                cell + 1,
                owner.mark()
            ));
            return;
        }
        if let (Some(game), Some(id)) = (imp.game.borrow().as_ref(), imp.current.get()) {
            game.human_move(id, cell);
            imp.phase.replace(Phase::MoveSent);
            imp.board_view.set_accepting(false);
        }
    }

    /// Says that cells chosen ahead were not played, if there were any.
    fn drop_queued_cells(&self, why: &str) {
        let cells: Vec<String> = self
            .imp()
            .queued_cells
            .borrow_mut()
            .drain(..)
            .map(|cell| (cell + 1).to_string())
            .collect();
        if !cells.is_empty() {
            let plural = if cells.len() == 1 { "" } else { "s" };
            self.show_error(&format!(
                "Not played: cell{plural} {}, chosen ahead; {why}.",
                cells.join(", ")
            ));
        }
    }

    fn handle_event(&self, event: Event) {
        let imp = self.imp();
        if Some(event.game()) != imp.current.get() {
            return;
        }
        match event {
            Event::Started { players, .. } => imp.players.set(Some(players)),
            Event::ToMove {
                side,
                player,
                human,
                ..
            } => {
                imp.phase.replace(Phase::ToMove {
                    side,
                    player,
                    human,
                });
                imp.last_error.take();
                imp.board_view.set_accepting(human);
                self.set_thinking(false);
                self.show_current_turn();
                if human {
                    let next = imp.queued_cells.borrow_mut().pop_front();
                    if let Some(cell) = next {
                        self.send_move(cell);
                    }
                } else {
                    self.drop_queued_cells(&format!(
                        "it is {}'s turn, played by {}",
                        side.mark(),
                        player.display_name()
                    ));
                }
            }
            Event::Thinking { .. } => {
                self.set_thinking(true);
                self.show_current_turn();
            }
            Event::Report { report, .. } => imp.search_log.add_report(&report),
            Event::MovePlayed {
                side, cell, board, ..
            } => {
                if matches!(*imp.phase.borrow(), Phase::MoveSent) {
                    imp.search_log
                        .add_human_move(board.stone_count(), side, cell);
                }
                imp.board_view.show_position(board, Some(cell));
                imp.board_view.set_accepting(false);
                self.set_thinking(false);
            }
            // The board is the one the last `MovePlayed` showed.
            Event::GameOver { result, .. } => {
                imp.board_view.set_accepting(false);
                self.set_thinking(false);
                self.cancel_end_request();
                self.action_set_enabled("win.end", false);
                self.action_set_enabled("win.request-end", false);
                let text = self.result_text(&result);
                imp.search_log.add_game_row(&text);
                if let Some((choice, _)) = imp.started.get() {
                    imp.session_tally.record(&choice.pairing(), &result);
                }
                let error = imp.last_error.take();
                match (&result, error) {
                    (GameResult::Aborted(_), Some(error)) => {
                        self.show_error(&format!("The game was ended by an error: {error}"));
                    }
                    _ => self.show_status(&text),
                }
                imp.phase.replace(Phase::Over(result));
                self.drop_queued_cells("the game is over");
                imp.settings.set_running(None);
            }
            Event::Error { message, .. } => {
                let message = sentence(&message);
                self.show_error(&message);
                imp.last_error.replace(Some(message));
            }
        }
    }

    /// Says whose turn it is, as the phase has it.
    fn show_current_turn(&self) {
        let imp = self.imp();
        let Phase::ToMove {
            side,
            player,
            human,
        } = *imp.phase.borrow()
        else {
            return;
        };
        let text = if human {
            // The short way in: digits on 3x3, arrows elsewhere.
            let keys = if imp.board_view.board().size() == BoardSize::Three {
                "press 1-9"
            } else {
                "use the arrows and Enter"
            };
            format!(
                "{} to move, played by you: click a cell or {keys}.",
                side.label()
            )
        } else if self.is_thinking() {
            format!("{} ({}) is thinking…", player.display_name(), side.mark())
        } else {
            format!(
                "{} to move, played by {}.",
                side.label(),
                player.display_name()
            )
        };
        self.show_status(&text);
    }

    /// How a game ended, in the same words on the status line and in the log.
    fn result_text(&self, result: &GameResult) -> String {
        let winner = |side: Side| match self.imp().players.get() {
            Some(players) => format!(
                "{} wins, played by {}",
                side.label(),
                players[side.index()].display_name()
            ),
            None => format!("{} wins", side.label()),
        };
        match result {
            GameResult::Won(side) => format!("Game over: {}.", winner(*side)),
            GameResult::Draw => "Game over: a draw, nobody completed a line.".to_owned(),
            GameResult::Aborted(reason) => format!("Game over: {reason}."),
        }
    }

    fn show_no_game(&self) {
        self.action_set_enabled("win.end", false);
        self.action_set_enabled("win.request-end", false);
        self.show_status("Choose the players, then press Start.");
    }

    /// Shows how the game stands, on the status line and to assistive
    /// technology with the board.
    fn show_status(&self, text: &str) {
        let imp = self.imp();
        imp.status_line.show_message(text);
        imp.board_view.set_state_text(text);
    }

    /// Shows why something was refused or went wrong.
    fn show_error(&self, text: &str) {
        self.imp().status_line.show_error(text);
    }

    fn set_thinking(&self, thinking: bool) {
        self.imp().status_line.set_busy(thinking);
    }
}

/// A finished game's result in a few words.
fn result_words(result: &GameResult) -> String {
    match result {
        GameResult::Won(side) => format!("{} won", side.mark()),
        GameResult::Draw => "a draw".to_owned(),
        GameResult::Aborted(reason) => reason.clone(),
    }
}
