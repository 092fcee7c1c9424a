//! The main window: the pickers, the board, the status line and the search
//! log. It owns the game thread, turns the controls into commands and shows
//! the thread's events.

use std::time::Duration;

use gtk::subclass::prelude::*;
use gtk::{gio, glib, prelude::*};

use super::board_view::BoardView;
use super::player_picker::PlayerPicker;
use super::search_log::SearchLog;
use super::status_line::StatusLine;
use crate::engine::{BoardSize, Difficulty, PlayerKind, Side};
use crate::game::{Event, GameResult, GameSetup};

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
    /// A person's move is on its way to the game thread.
    MoveSent,
    Over(GameResult),
}

mod imp {
    use std::cell::{Cell, RefCell};

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib, prelude::*};

    use super::super::board_view::BoardView;
    use super::super::player_picker::PlayerPicker;
    use super::super::search_log::SearchLog;
    use super::super::status_line::StatusLine;
    use super::Phase;
    use crate::engine::PlayerKind;
    use crate::game::{GameId, GameThread};

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/window.ui")]
    pub struct TictactoeWindow {
        #[template_child]
        pub(super) start_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) quit_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) max_picker: TemplateChild<PlayerPicker>,
        #[template_child]
        pub(super) min_picker: TemplateChild<PlayerPicker>,
        #[template_child]
        pub(super) size_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) pace_scale: TemplateChild<gtk::Scale>,
        #[template_child]
        pub(super) board_view: TemplateChild<BoardView>,
        #[template_child]
        pub(super) status_line: TemplateChild<StatusLine>,
        #[template_child]
        pub(super) search_log: TemplateChild<SearchLog>,
        /// Dropped when the window closes, which stops and joins the thread.
        pub(super) game: RefCell<Option<GameThread>>,
        /// The newest game; events of older ones are dropped.
        pub(super) current: Cell<Option<GameId>>,
        pub(super) phase: RefCell<Phase>,
        /// The current game's players, Max's first, once it has started.
        pub(super) players: Cell<Option<[PlayerKind; 2]>>,
        /// The last error the game thread reported, until the game moves on.
        pub(super) last_error: RefCell<Option<String>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TictactoeWindow {
        const NAME: &'static str = "TictactoeWindow";
        type Type = super::TictactoeWindow;
        type ParentType = gtk::ApplicationWindow;

        fn class_init(klass: &mut Self::Class) {
            PlayerPicker::ensure_type();
            BoardView::ensure_type();
            SearchLog::ensure_type();
            StatusLine::ensure_type();
            klass.bind_template();
            klass.install_action("win.start", None, |window, _, _| window.start_game());
            klass.install_action("win.end", None, |window, _, _| window.end_game());
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

    impl WidgetImpl for TictactoeWindow {}

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

/// A player as the log's game row names it, with its depth if it has one.
fn player_text(kind: PlayerKind, difficulty: Difficulty) -> String {
    match difficulty {
        _ if !kind.uses_depth() => kind.display_name().to_owned(),
        Difficulty::Depth(depth) => format!("{} (depth {depth})", kind.display_name()),
        level => format!("{} ({level})", kind.display_name()),
    }
}

impl TictactoeWindow {
    pub fn new(app: &impl IsA<gtk::Application>) -> TictactoeWindow {
        glib::Object::builder().property("application", app).build()
    }

    // The widgets, for the tests to drive the window as a person would.

    pub fn picker(&self, side: Side) -> PlayerPicker {
        match side {
            Side::Max => self.imp().max_picker.get(),
            Side::Min => self.imp().min_picker.get(),
        }
    }

    pub fn size_dropdown(&self) -> gtk::DropDown {
        self.imp().size_dropdown.get()
    }

    pub fn pace_scale(&self) -> gtk::Scale {
        self.imp().pace_scale.get()
    }

    pub fn start_button(&self) -> gtk::Button {
        self.imp().start_button.get()
    }

    pub fn quit_button(&self) -> gtk::Button {
        self.imp().quit_button.get()
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

    pub fn status_text(&self) -> String {
        self.imp().status_line.text()
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

    fn setup_controls(&self) {
        let imp = self.imp();
        imp.max_picker.set_side(Side::Max, PlayerKind::Human);
        imp.min_picker.set_side(Side::Min, PlayerKind::AlphaBetaTt);

        let sizes: Vec<String> = BoardSize::ALL.iter().map(BoardSize::to_string).collect();
        let sizes: Vec<&str> = sizes.iter().map(String::as_str).collect();
        imp.size_dropdown
            .set_model(Some(&gtk::StringList::new(&sizes)));
        imp.size_dropdown.connect_selected_notify(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_| {
                // Between games the board previews the chosen size.
                if !window.game_running() {
                    window.imp().board_view.reset(window.selected_size());
                }
            }
        ));

        imp.pace_scale
            .set_format_value_func(|_, milliseconds| format!("{:.1} s", milliseconds / 1000.0));

        imp.board_view.connect_cell_activated(glib::clone!(
            #[weak(rename_to = window)]
            self,
            move |_, cell| window.cell_activated(cell)
        ));
    }

    fn selected_size(&self) -> BoardSize {
        let position = self.imp().size_dropdown.selected() as usize;
        BoardSize::ALL.get(position).copied().unwrap_or_default()
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
        });
    }

    fn start_game(&self) {
        let imp = self.imp();
        let size = self.selected_size();
        let players = [imp.max_picker.selection(), imp.min_picker.selection()];
        let seed = rand::random::<u64>();
        let pause = Duration::from_millis(imp.pace_scale.value().round() as u64);
        let setup = GameSetup::new(size, players, seed, pause);
        let Some(game) = imp.game.borrow_mut().as_mut().map(|game| game.start(setup)) else {
            return;
        };
        imp.current.set(Some(game));
        imp.phase.replace(Phase::Starting);
        imp.last_error.take();
        imp.board_view.reset(size);
        imp.board_view.set_accepting(false);
        imp.search_log.clear();
        imp.search_log.add_game_row(&format!(
            "Game {game}: X {} vs O {}, {size}, seed {seed}",
            player_text(players[0].0, players[0].1),
            player_text(players[1].0, players[1].1),
        ));
        self.action_set_enabled("win.end", true);
        self.set_thinking(false);
        self.show_status("Starting a new game…");
        imp.board_view.grab_focus();
    }

    fn end_game(&self) {
        if let Some(game) = self.imp().game.borrow_mut().as_mut() {
            game.end_game();
        }
    }

    fn cell_activated(&self, cell: usize) {
        let imp = self.imp();
        let refusal = match &*imp.phase.borrow() {
            Phase::NoGame => Some("No game is running: press Start to play.".to_owned()),
            Phase::Starting | Phase::MoveSent => {
                Some("Just a moment: the game is catching up.".to_owned())
            }
            Phase::Over(GameResult::Aborted(_)) => {
                Some("The game was ended: press Start for a new one.".to_owned())
            }
            Phase::Over(result) => Some(format!(
                "The game is over ({result}): press Start for a new one."
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
            Phase::ToMove { human: true, .. } => imp
                .board_view
                .board()
                .validate_move(cell)
                .err()
                .map(|error| sentence(&error.to_string())),
        };
        if let Some(reason) = refusal {
            self.show_error(&reason);
            return;
        }
        if let (Some(game), Some(id)) = (imp.game.borrow().as_ref(), imp.current.get()) {
            game.human_move(id, cell);
            imp.phase.replace(Phase::MoveSent);
            imp.board_view.set_accepting(false);
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
                if human {
                    // The short way in: digits on 3x3, arrows elsewhere.
                    let keys = if imp.board_view.board().size() == BoardSize::Three {
                        "press 1-9"
                    } else {
                        "use the arrows and Enter"
                    };
                    self.show_status(&format!(
                        "{} to move, played by you: click a cell or {keys}.",
                        side.label()
                    ));
                } else {
                    self.show_status(&format!(
                        "{} to move, played by {}.",
                        side.label(),
                        player.display_name()
                    ));
                }
            }
            Event::Thinking { side, player, .. } => {
                self.set_thinking(true);
                self.show_status(&format!(
                    "{} ({}) is thinking…",
                    player.display_name(),
                    side.mark()
                ));
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
                self.action_set_enabled("win.end", false);
                imp.search_log.add_game_row(&format!("Game over: {result}"));
                let error = imp.last_error.take();
                match (&result, error) {
                    (GameResult::Aborted(_), Some(error)) => {
                        self.show_error(&format!("The game was ended by an error: {error}"));
                    }
                    _ => self.show_status(&self.result_text(&result)),
                }
                imp.phase.replace(Phase::Over(result));
            }
            Event::Error { message, .. } => {
                let message = sentence(&message);
                self.show_error(&message);
                imp.last_error.replace(Some(message));
            }
        }
    }

    fn result_text(&self, result: &GameResult) -> String {
        match result {
            GameResult::Won(side) => match self.imp().players.get() {
                Some(players) => format!(
                    "{} wins, played by {}.",
                    side.label(),
                    players[side.index()].display_name()
                ),
                None => format!("{} wins.", side.label()),
            },
            GameResult::Draw => "Draw: nobody completed a line.".to_owned(),
            GameResult::Aborted(reason) => format!("Game over: {reason}."),
        }
    }

    fn show_no_game(&self) {
        self.action_set_enabled("win.end", false);
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
