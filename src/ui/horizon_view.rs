//! The Horizon window: the board's position searched by alpha-beta to
//! depth N and to depth N+1 side by side (`engine::horizon`), each with
//! its best move, value, principal variation and the leaf at its end drawn
//! by the one board painter, whether depth N is misled and, on a board
//! with gravity, the solver's word on both moves; below, iterative
//! deepening under a clock, a row per depth it finished, as `tictactoe
//! horizon --time-limit` prints them. Every search runs off the main
//! thread; a new position, depth or evaluation, Cancel, Escape or closing
//! the window stops the one running.

use std::cell::{Cell, OnceCell, RefCell};
use std::time::Duration;

use gtk::subclass::prelude::*;
use gtk::{gio, glib, prelude::*};

use crate::game::Sender;
use crate::ui::shared::accessible;
use crate::ui::shared::background::{self, Job, JobWindow, show_status};
use crate::ui::shared::controls_row::{controls_row, unfocus_cells};
use crate::ui::shared::help::{self, GuidePage};
use crate::ui::widgets::board_view::BoardView;
use tictactoe_engine::board::{Board, Outcome, Side};
use tictactoe_engine::evaluation::NamedEvaluation;
use tictactoe_engine::horizon::{DepthSearch, Horizon, Judgement, horizon, judge};
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_engine::report::{Bound, Certainty, SearchReport};
use tictactoe_engine::solver::{DEFAULT_TABLE_BYTES, Solver};
use tictactoe_words::evaluation::{evaluation_description, evaluation_name};
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::numbers::group;
use tictactoe_words::position::{describe_winner, move_name, move_numbering, move_numbers};
use tictactoe_words::report::{TextStyle, iteration_words, score_phrase};

/// The deepest N offered: depth N+1 by plain alpha-beta on Connect Four's
/// middle game still takes seconds, not minutes.
const MOST_DEPTH: u32 = 10;

/// The depth the window opens with, as the guide's example searches.
const FIRST_DEPTH: u32 = 3;

/// Iterative deepening's clock, in milliseconds: its default and limits.
const FIRST_TIME_LIMIT_MS: f64 = 300.0;
const MOST_TIME_LIMIT_MS: f64 = 60_000.0;

/// What the horizon's job sends.
enum Searched {
    /// Both searches; the solver judges next where `judging`.
    Found { found: Box<Horizon>, judging: bool },
    /// The solver's word on both moves.
    Judged(Judgement),
    /// Cancelled before it finished.
    Stopped,
}

/// One depth of iterative deepening, as the table shows it.
struct DeepeningRow {
    depth: String,
    best: String,
    value: String,
    nodes: String,
    /// The row in words, for a screen reader.
    words: String,
}

/// What a column of the table shows of a row.
type DeepeningCell = fn(&DeepeningRow) -> &str;

/// The table's columns: their titles and what each shows of a row.
const DEEPENING_COLUMNS: [(fn() -> String, DeepeningCell); 4] = [
    (|| gettext("Depth"), |row| &row.depth),
    (|| gettext("Best move"), |row| &row.best),
    (|| gettext("Value (X's scale)"), |row| &row.value),
    (|| gettext("Nodes"), |row| &row.nodes),
];

/// One depth's column: its heading, its facts in words and its leaf.
struct DepthColumn {
    heading: gtk::Label,
    facts: gtk::Label,
    leaf: BoardView,
}

struct Widgets {
    depth_spin: gtk::SpinButton,
    evaluation_dropdown: gtk::DropDown,
    cancel_button: gtk::Button,
    status: gtk::Label,
    position: gtk::Label,
    columns: [DepthColumn; 2],
    misled: gtk::Label,
    verdict: gtk::Label,
    time_spin: gtk::SpinButton,
    rows: gio::ListStore,
    reached: gtk::Label,
}

/// The main window's position.
type Position = Box<dyn Fn() -> Board>;

mod imp {
    use super::*;

    #[derive(Default)]
    pub struct HorizonView {
        pub(super) job: Job,
        pub(super) deepening: Job,
        pub(super) widgets: OnceCell<Widgets>,
        pub(super) position: RefCell<Option<Position>>,
        /// The position searched, `None` until the window first shows one.
        pub(super) board: Cell<Option<Board>>,
        /// The searches shown, kept for the solver's verdict.
        pub(super) found: RefCell<Option<Horizon>>,
        /// Set while the window sets its own controls, so that their
        /// signals start no search.
        pub(super) filling: Cell<bool>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for HorizonView {
        const NAME: &'static str = "TictactoeHorizonView";
        type Type = super::HorizonView;
        type ParentType = gtk::Window;

        fn class_init(klass: &mut Self::Class) {
            BoardView::ensure_type();
            klass.install_action("horizon.search", None, |view, _, _| view.search());
            klass.install_action("horizon.deepen", None, |view, _, _| view.deepen());
            klass.install_action("horizon.cancel", None, |view, _, _| view.cancel());
            klass.install_action("horizon.escape", None, |view, _, _| {
                if view.is_working() {
                    view.cancel();
                } else {
                    view.close();
                }
            });
            klass.add_binding_action(
                gtk::gdk::Key::Return,
                gtk::gdk::ModifierType::CONTROL_MASK,
                "horizon.search",
            );
            klass.add_binding_action(
                gtk::gdk::Key::Escape,
                gtk::gdk::ModifierType::empty(),
                "horizon.escape",
            );
            help::install_help_action(klass, "horizon.help", GuidePage::Evaluation);
        }
    }

    impl ObjectImpl for HorizonView {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().build();
        }
    }

    impl WidgetImpl for HorizonView {}
    impl WindowImpl for HorizonView {
        fn close_request(&self) -> glib::Propagation {
            self.job.abandon();
            self.deepening.abandon();
            self.parent_close_request()
        }
    }
}

glib::wrapper! {
    pub struct HorizonView(ObjectSubclass<imp::HorizonView>)
        @extends gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root,
                    gtk::ShortcutManager;
}

/// A label that wraps, aligned left.
fn text_label(text: &str) -> gtk::Label {
    let label = gtk::Label::new(Some(text));
    label.set_wrap(true);
    label.set_wrap_mode(gtk::pango::WrapMode::WordChar);
    label.set_xalign(0.0);
    label
}

/// A section's heading.
fn heading(text: &str) -> gtk::Label {
    let label = text_label(text);
    label.add_css_class("heading");
    label
}

/// A label before its control, which it names (with its mnemonic).
fn control_with_label(text: &str, control: &impl IsA<gtk::Widget>) -> gtk::Box {
    let label = gtk::Label::with_mnemonic(text);
    label.set_mnemonic_widget(Some(control));
    let row = gtk::Box::new(gtk::Orientation::Horizontal, 6);
    row.append(&label);
    row.append(control);
    row
}

impl HorizonView {
    /// A window over `parent`; `position` gives the board's position.
    pub fn new(parent: &impl IsA<gtk::Window>, position: impl Fn() -> Board + 'static) -> Self {
        let view: HorizonView = background::new_window(parent);
        view.imp().position.replace(Some(Box::new(position)));
        view
    }

    fn build(&self) {
        self.set_title(Some(&gettext("Horizon")));
        self.set_default_size(760, 760);
        let header = gtk::HeaderBar::new();
        let help_button = gtk::Button::from_icon_name("help-browser-symbolic");
        help_button.set_action_name(Some("horizon.help"));
        help_button.set_tooltip_text(Some(&gettext(
            "Open the guide’s page on evaluation and the horizon (F1)",
        )));
        accessible::set_label(&help_button, &gettext("Help"));
        header.pack_end(&help_button);
        self.set_titlebar(Some(&header));

        let content = gtk::Box::new(gtk::Orientation::Vertical, 8);
        content.set_margin_top(12);
        content.set_margin_bottom(12);
        content.set_margin_start(12);
        content.set_margin_end(12);
        content.append(&text_label(&gettext(
            "Alpha-beta searches the board's position to depth N and one move deeper, and estimates each leaf with the evaluation. Where the deeper search chooses another move, depth N was misled: what decided it lies past its horizon.",
        )));
        let position = text_label("");
        content.append(&position);

        let controls = controls_row(&gettext("Controls"), 4);
        let depth_spin = gtk::SpinButton::with_range(1.0, f64::from(MOST_DEPTH), 1.0);
        depth_spin.set_value(f64::from(FIRST_DEPTH));
        depth_spin.set_tooltip_text(Some(&gettext(
            "N: the shallower search's depth in plies; the other searches one ply deeper",
        )));
        controls.insert(&control_with_label(&gettext("_Depth N"), &depth_spin), -1);
        let names: Vec<String> = NamedEvaluation::ALL
            .into_iter()
            .map(evaluation_name)
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let evaluation_dropdown = gtk::DropDown::from_strings(&names);
        evaluation_dropdown.set_factory(Some(&accessible::string_item_factory(|_| None)));
        evaluation_dropdown.set_list_factory(Some(&accessible::string_item_factory(|position| {
            NamedEvaluation::ALL
                .get(position as usize)
                .map(|&named| evaluation_description(named))
        })));
        evaluation_dropdown.set_tooltip_text(Some(&gettext(
            "The evaluation that estimates the positions at the horizon",
        )));
        controls.insert(
            &control_with_label(&gettext("_Evaluation"), &evaluation_dropdown),
            -1,
        );
        accessible::name_dropdown_parts(&evaluation_dropdown, &gettext("Evaluation"));
        let button = |label: &str, action: &str, tooltip: &str| {
            let button = gtk::Button::with_mnemonic(label);
            button.set_action_name(Some(action));
            button.set_tooltip_text(Some(tooltip));
            accessible::name_button_by_its_label(&button);
            controls.insert(&button, -1);
            button
        };
        button(
            &gettext("_Search"),
            "horizon.search",
            &gettext("Search the board's position again (Ctrl+Enter)"),
        );
        let cancel_button = button(
            &gettext("_Cancel"),
            "horizon.cancel",
            &gettext("Stop the searches and the solver (Escape)"),
        );
        cancel_button.set_sensitive(false);
        unfocus_cells(&controls);
        content.append(&controls);
        let status = text_label("");
        content.append(&status);

        let sides = gtk::Box::new(gtk::Orientation::Horizontal, 12);
        sides.set_homogeneous(true);
        let column = || {
            let heading = heading("");
            let facts = text_label("");
            facts.set_selectable(true);
            facts.set_valign(gtk::Align::Start);
            let leaf: BoardView = glib::Object::new();
            leaf.set_accepting(false);
            leaf.set_focusable(false);
            leaf.set_size_request(160, 180);
            leaf.set_vexpand(true);
            let boxed = gtk::Box::new(gtk::Orientation::Vertical, 6);
            boxed.append(&heading);
            boxed.append(&facts);
            boxed.append(&leaf);
            sides.append(&boxed);
            DepthColumn {
                heading,
                facts,
                leaf,
            }
        };
        let columns = [column(), column()];
        content.append(&sides);
        let misled = text_label("");
        misled.add_css_class("heading");
        content.append(&misled);
        let verdict = text_label("");
        verdict.set_selectable(true);
        content.append(&verdict);

        content.append(&gtk::Separator::new(gtk::Orientation::Horizontal));
        content.append(&heading(&gettext("Iterative deepening under a clock")));
        content.append(&text_label(&gettext(
            "Alpha-beta with a transposition table searches depth 1, 2, 3, … until the time is up, and keeps the deepest search that finished. A row per depth it finished: its best move and value.",
        )));
        let clock = controls_row(&gettext("Iterative deepening under a clock"), 2);
        let time_spin = gtk::SpinButton::with_range(10.0, MOST_TIME_LIMIT_MS, 100.0);
        time_spin.set_value(FIRST_TIME_LIMIT_MS);
        time_spin.set_tooltip_text(Some(&gettext("How long the search may take")));
        clock.insert(
            &control_with_label(&gettext("_Time limit (ms)"), &time_spin),
            -1,
        );
        let deepen_button = gtk::Button::with_mnemonic(&gettext("Dee_pen"));
        deepen_button.set_action_name(Some("horizon.deepen"));
        deepen_button.set_tooltip_text(Some(&gettext(
            "Deepen iteratively on the board's position until the time is up",
        )));
        accessible::name_button_by_its_label(&deepen_button);
        clock.insert(&deepen_button, -1);
        unfocus_cells(&clock);
        content.append(&clock);
        let rows = gio::ListStore::new::<glib::BoxedAnyObject>();
        let table = gtk::ColumnView::new(Some(gtk::NoSelection::new(Some(rows.clone()))));
        for (title, cell) in DEEPENING_COLUMNS {
            table.append_column(&deepening_column(&title(), cell));
        }
        accessible::name_column_view_parts(&table, &gettext("Depths reached"));
        let table_scroller = gtk::ScrolledWindow::builder()
            .child(&table)
            .hscrollbar_policy(gtk::PolicyType::Automatic)
            .min_content_height(160)
            .build();
        content.append(&table_scroller);
        let reached = text_label("");
        reached.set_selectable(true);
        content.append(&reached);

        let outer = gtk::ScrolledWindow::builder()
            .child(&content)
            .hscrollbar_policy(gtk::PolicyType::Never)
            .build();
        self.set_child(Some(&outer));

        depth_spin.connect_value_changed(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.search_unless_filling()
        ));
        evaluation_dropdown.connect_selected_notify(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| {
                if !view.imp().filling.get() {
                    view.clear_deepening();
                }
                view.search_unless_filling();
            }
        ));
        let _ = self.imp().widgets.set(Widgets {
            depth_spin,
            evaluation_dropdown,
            cancel_button,
            status,
            position,
            columns,
            misled,
            verdict,
            time_spin,
            rows,
            reached,
        });
        self.clear_deepening();
    }

    fn widgets(&self) -> &Widgets {
        self.imp().widgets.get().expect("built")
    }

    /// Takes the board's position, with its board's own evaluation when
    /// the board changed, and searches it.
    pub fn show_position(&self) {
        let Some(board) = self
            .imp()
            .position
            .borrow()
            .as_ref()
            .map(|position| position())
        else {
            return;
        };
        let widgets = self.widgets();
        let before = self.imp().board.replace(Some(board));
        self.imp().filling.set(true);
        if before.is_none_or(|before| before.shape() != board.shape()) {
            let named = NamedEvaluation::default_for(board.shape());
            let index = NamedEvaluation::ALL
                .iter()
                .position(|&each| each == named)
                .unwrap_or(0);
            widgets.evaluation_dropdown.set_selected(index as u32);
        }
        // Depth N+1 reaches no further than the last empty cell.
        let most = MOST_DEPTH.min(empty_cells(&board).saturating_sub(1)).max(1);
        widgets.depth_spin.set_range(1.0, f64::from(most));
        self.imp().filling.set(false);
        widgets.position.set_label(&fill(
            &gettext(
                "{side} to move, {stones} stones on the board; moves numbered as the board numbers them ({numbering}). Every value is on X's scale: positive favours X, negative favours O.",
            ),
            &[
                ("side", &board.side_to_move().mark()),
                ("stones", &board.stone_count()),
                ("numbering", &move_numbering(board.shape())),
            ],
        ));
        if before != Some(board) {
            self.clear_deepening();
        }
        self.search();
    }

    fn search_unless_filling(&self) {
        if !self.imp().filling.get() && self.imp().board.get().is_some() {
            self.search();
        }
    }

    fn chosen_evaluation(&self) -> NamedEvaluation {
        NamedEvaluation::ALL
            .get(self.widgets().evaluation_dropdown.selected() as usize)
            .copied()
            .unwrap_or(NamedEvaluation::Lines)
    }

    /// The position the window searches, if it is still to be played; else
    /// the status says so.
    fn playable_board(&self) -> Option<Board> {
        let board = self.imp().board.get()?;
        if board.outcome() != Outcome::Ongoing {
            show_status(
                &self.widgets().status,
                &gettext(
                    "The game on the board is over: there is no move to search. Open the window on a position still to be played.",
                ),
                true,
            );
            return None;
        }
        Some(board)
    }

    /// Depth N and depth N+1 on the board's position, then the solver's
    /// word on their moves on a board with gravity; the search running is
    /// dropped.
    fn search(&self) {
        self.job().abandon();
        self.show_found(None);
        let Some(board) = self.playable_board() else {
            self.update_cancel();
            return;
        };
        let widgets = self.widgets();
        let depth = widgets.depth_spin.value_as_int().max(1) as u32;
        let evaluation = self.chosen_evaluation().evaluation();
        show_status(
            &widgets.status,
            &fill(
                &gettext("Searching to depth {shallow} and to depth {deep}…"),
                &[("shallow", &depth), ("deep", &(depth + 1))],
            ),
            false,
        );
        let view = self.downgrade();
        self.job().start(
            self,
            "horizon",
            move |cancel, sender: &Sender<Searched>| {
                let Some(found) = horizon(&board, evaluation, depth, cancel) else {
                    sender.send(Searched::Stopped);
                    return;
                };
                let judging = board.shape().gravity();
                sender.send(Searched::Found {
                    found: Box::new(found.clone()),
                    judging,
                });
                if judging {
                    let mut solver = Solver::with_table_bytes(DEFAULT_TABLE_BYTES);
                    match judge(&mut solver, &board, &found, cancel, None) {
                        Some(judged) => sender.send(Searched::Judged(judged)),
                        None => sender.send(Searched::Stopped),
                    }
                }
            },
            move |message| {
                if let Some(view) = view.upgrade() {
                    view.receive(message);
                }
            },
        );
        self.update_cancel();
    }

    fn receive(&self, message: Searched) {
        let widgets = self.widgets();
        match message {
            Searched::Found { found, judging } => {
                self.show_found(Some(&found));
                if judging {
                    show_status(
                        &widgets.status,
                        &gettext("Searched. The solver is judging both moves…"),
                        false,
                    );
                    widgets
                        .verdict
                        .set_label(&gettext("The solver is judging both moves…"));
                } else {
                    self.job().finished();
                    show_status(&widgets.status, &gettext("Searched."), false);
                    widgets.verdict.set_label(&gettext(
                        "The solver judges the moves on boards with gravity only, where it is quick.",
                    ));
                }
            }
            Searched::Judged(judged) => {
                self.job().finished();
                show_status(&widgets.status, &gettext("Searched and judged."), false);
                if let Some((board, found)) = self.imp().board.get().zip(self.found()) {
                    widgets
                        .verdict
                        .set_label(&judgement_words(&board, &found, &judged));
                }
            }
            Searched::Stopped => {
                self.job().finished();
                show_status(
                    &widgets.status,
                    &gettext("Stopped: press Search to search again."),
                    false,
                );
                if !widgets.verdict.label().is_empty() {
                    widgets
                        .verdict
                        .set_label(&gettext("The solver was stopped before it finished."));
                }
            }
        }
        self.update_cancel();
    }

    /// The searches shown, kept for the solver's verdict.
    fn found(&self) -> Option<Horizon> {
        self.imp().found.borrow().clone()
    }

    /// Shows both searches, or clears their columns.
    fn show_found(&self, found: Option<&Horizon>) {
        self.imp().found.replace(found.cloned());
        let widgets = self.widgets();
        let board = self.imp().board.get();
        let searches = found.map(|found| [&found.shallow, &found.deep]);
        for (index, column) in widgets.columns.iter().enumerate() {
            match (searches, board) {
                (Some(searches), Some(board)) => {
                    let search = searches[index];
                    column.heading.set_label(&fill(
                        &gettext("Depth {depth}"),
                        &[("depth", &search.depth)],
                    ));
                    column.facts.set_label(&search_words(&board, search));
                    column.leaf.show_position(search.leaf, None);
                    column.leaf.set_path(search.pv.clone());
                    column.leaf.set_state_text(&leaf_words(&board, search));
                    column.leaf.set_visible(true);
                }
                _ => {
                    column.heading.set_label("");
                    column.facts.set_label("");
                    column.leaf.set_visible(false);
                }
            }
        }
        widgets.misled.set_label(&match (found, board) {
            (Some(found), Some(board)) => misled_words(&board, found),
            _ => String::new(),
        });
        widgets.verdict.set_label("");
    }

    /// Iterative deepening on the board's position for the time chosen.
    fn deepen(&self) {
        self.clear_deepening();
        let Some(board) = self.playable_board() else {
            self.update_cancel();
            return;
        };
        let widgets = self.widgets();
        let ms = widgets.time_spin.value_as_int().max(1) as u64;
        let evaluation = self.chosen_evaluation().evaluation();
        widgets.reached.set_label(&fill(
            &gettext("Deepening for {ms} ms…"),
            &[("ms", &group(ms))],
        ));
        let view = self.downgrade();
        self.imp().deepening.start(
            self,
            "horizon-deepening",
            move |cancel, sender: &Sender<Box<SearchReport>>| {
                let options = PlayerOptions {
                    time_limit: Some(Duration::from_millis(ms)),
                    evaluation: Some(evaluation),
                    ..PlayerOptions::default()
                };
                let report = PlayerKind::AlphaBetaTt
                    .create(&options)
                    .choose_move(&board, cancel);
                sender.send(Box::new(report));
            },
            move |report| {
                if let Some(view) = view.upgrade() {
                    view.show_deepening(&board, ms, &report);
                }
            },
        );
        self.update_cancel();
    }

    fn show_deepening(&self, board: &Board, ms: u64, report: &SearchReport) {
        self.imp().deepening.finished();
        self.update_cancel();
        let widgets = self.widgets();
        let style = TextStyle::WINDOW.on(board.shape());
        let mut nodes_before = 0;
        let rows: Vec<glib::BoxedAnyObject> = report
            .iterations
            .iter()
            .map(|iteration| {
                let nodes = iteration.nodes - nodes_before;
                nodes_before = iteration.nodes;
                glib::BoxedAnyObject::new(DeepeningRow {
                    depth: iteration.depth.to_string(),
                    best: iteration
                        .best
                        .map(|cell| move_name(board.shape(), cell))
                        .unwrap_or_default(),
                    value: value_words(board, iteration.value, iteration.depth),
                    nodes: group(nodes),
                    words: iteration_words(report, iteration, nodes, style),
                })
            })
            .collect();
        widgets.rows.splice(0, widgets.rows.n_items(), &rows);
        let reached = match (report.best, report.score) {
            (Some(best), Some(score)) => fill(
                &gettext(
                    "In {ms} ms it reached depth {depth} of {empty}: best {place}, value {value}.",
                ),
                &[
                    ("ms", &group(ms)),
                    ("depth", &report.depth),
                    ("empty", &report.empty),
                    ("place", &move_name(board.shape(), best)),
                    ("value", &value_words(board, score, report.depth)),
                ],
            ),
            _ => fill(
                &gettext("No depth finished in {ms} ms."),
                &[("ms", &group(ms))],
            ),
        };
        widgets.reached.set_label(&reached);
    }

    /// Drops iterative deepening's rows, and its search if one runs: they
    /// were of another position or evaluation.
    fn clear_deepening(&self) {
        self.imp().deepening.abandon();
        self.update_cancel();
        let widgets = self.widgets();
        widgets.rows.remove_all();
        widgets.reached.set_label(&gettext(
            "Press Deepen to search the board's position under the clock.",
        ));
    }

    /// Stops both searches and the solver.
    pub fn cancel(&self) {
        self.job().cancel();
        self.imp().deepening.cancel();
    }

    fn update_cancel(&self) {
        self.widgets()
            .cancel_button
            .set_sensitive(self.is_working());
    }

    // What the window shows, for the tests to read as a person would.

    /// A search, the solver or iterative deepening runs.
    pub fn is_working(&self) -> bool {
        self.job().is_running() || self.imp().deepening.is_running()
    }

    pub fn depth_spin(&self) -> gtk::SpinButton {
        self.widgets().depth_spin.clone()
    }

    pub fn evaluation_dropdown(&self) -> gtk::DropDown {
        self.widgets().evaluation_dropdown.clone()
    }

    pub fn time_spin(&self) -> gtk::SpinButton {
        self.widgets().time_spin.clone()
    }

    /// What the status line says.
    pub fn status(&self) -> String {
        self.widgets().status.label().into()
    }

    /// Each depth's column: its heading and its facts.
    pub fn column_texts(&self) -> [String; 2] {
        self.widgets()
            .columns
            .each_ref()
            .map(|column| format!("{}\n{}", column.heading.label(), column.facts.label()))
    }

    /// Each depth's leaf, as drawn.
    pub fn leaf_views(&self) -> [BoardView; 2] {
        self.widgets()
            .columns
            .each_ref()
            .map(|column| column.leaf.clone())
    }

    /// The line that says whether depth N was misled.
    pub fn misled_text(&self) -> String {
        self.widgets().misled.label().into()
    }

    /// The solver's verdict on both moves.
    pub fn verdict_text(&self) -> String {
        self.widgets().verdict.label().into()
    }

    /// Iterative deepening's table: each row's cells in words.
    pub fn deepening_rows(&self) -> Vec<[String; 4]> {
        let rows = &self.widgets().rows;
        (0..rows.n_items())
            .filter_map(|index| rows.item(index).and_downcast::<glib::BoxedAnyObject>())
            .map(|object| {
                let row = object.borrow::<DeepeningRow>();
                DEEPENING_COLUMNS.map(|(_, cell)| cell(&row).to_owned())
            })
            .collect()
    }

    /// The sentence under the table.
    pub fn reached_text(&self) -> String {
        self.widgets().reached.label().into()
    }
}

impl JobWindow for HorizonView {
    fn job(&self) -> &Job {
        &self.imp().job
    }

    fn status_label(&self) -> gtk::Label {
        self.widgets().status.clone()
    }

    fn job_crashed(&self) {
        self.update_cancel();
    }
}

/// A column of iterative deepening's table, its cells from `cell`.
fn deepening_column(title: &str, cell: DeepeningCell) -> gtk::ColumnViewColumn {
    let factory = gtk::SignalListItemFactory::new();
    factory.connect_setup(|_, item| {
        if let Some(item) = item.downcast_ref::<gtk::ListItem>() {
            item.set_child(Some(&gtk::Label::builder().xalign(0.0).build()));
        }
    });
    factory.connect_bind(move |_, item| {
        let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
            return;
        };
        let (Some(object), Some(label)) = (
            item.item().and_downcast::<glib::BoxedAnyObject>(),
            item.child().and_downcast::<gtk::Label>(),
        ) else {
            return;
        };
        let row = object.borrow::<DeepeningRow>();
        label.set_label(cell(&row));
        // The row GTK puts round the cells is what a screen reader lands
        // on: it reads the whole row.
        if let Some(row_widget) = label.parent().and_then(|cell| cell.parent()) {
            accessible::set_label(&row_widget, &row.words);
        }
    });
    let column = gtk::ColumnViewColumn::new(Some(title), Some(factory));
    column.set_expand(true);
    column
}

/// The cells still empty on `board`.
fn empty_cells(board: &Board) -> u32 {
    board.empty().count_ones()
}

/// A search's value on X's scale in words: proven where decisive or
/// searched to the end, else an estimate.
fn value_words(board: &Board, value: i32, depth: u32) -> String {
    let full_depth = depth >= empty_cells(board);
    score_phrase(
        value,
        Bound::Exact,
        Certainty::of(value, Bound::Exact, full_depth),
        board.stone_count(),
    )
}

/// The leaf's static evaluation in words, or that the variation ends the
/// game.
fn leaf_words(board: &Board, search: &DepthSearch) -> String {
    match search.leaf_evaluation {
        Some(estimate) => fill(
            &gettext("The leaf's static evaluation: {value}."),
            &[(
                "value",
                &score_phrase(
                    estimate,
                    Bound::Exact,
                    Certainty::Estimate,
                    board.stone_count(),
                ),
            )],
        ),
        None => gettext("The variation ends the game: its value is the result, not an estimate."),
    }
}

/// One search's facts, a line each.
fn search_words(board: &Board, search: &DepthSearch) -> String {
    let shape = board.shape();
    [
        fill(
            &gettext("Best move: {place}"),
            &[("place", &move_name(shape, search.best))],
        ),
        fill(
            &gettext("Value: {value}"),
            &[("value", &value_words(board, search.value, search.depth))],
        ),
        fill(
            &gettext("Principal variation: {moves}"),
            &[("moves", &move_numbers(shape, &search.pv, " "))],
        ),
        leaf_words(board, search),
        fill(
            &gettext("Nodes: {nodes}"),
            &[("nodes", &group(search.nodes))],
        ),
        gettext("The leaf below: the variation's stones numbered in the order played."),
    ]
    .join("\n")
}

/// Whether depth N was misled, in a sentence.
fn misled_words(board: &Board, found: &Horizon) -> String {
    let shape = board.shape();
    if found.misled() {
        fill(
            &gettext(
                "Depth {shallow} is misled: depth {deep} plays {deep_move}, not {shallow_move}.",
            ),
            &[
                ("shallow", &found.shallow.depth),
                ("deep", &found.deep.depth),
                ("deep_move", &move_name(shape, found.deep.best)),
                ("shallow_move", &move_name(shape, found.shallow.best)),
            ],
        )
    } else {
        fill(
            &gettext("Depth {shallow} and depth {deep} agree on {place}."),
            &[
                ("shallow", &found.shallow.depth),
                ("deep", &found.deep.depth),
                ("place", &move_name(shape, found.shallow.best)),
            ],
        )
    }
}

/// The solver's word on both moves, as `tictactoe horizon` says it.
fn judgement_words(board: &Board, found: &Horizon, judged: &Judgement) -> String {
    let shape = board.shape();
    let one = |search: &DepthSearch, winner: Option<Side>, mistaken: bool| {
        let words = if mistaken {
            gettext("after {place} (depth {depth}) {result}, a mistake")
        } else {
            gettext("after {place} (depth {depth}) {result}, the game's value kept")
        };
        fill(
            &words,
            &[
                ("place", &move_name(shape, search.best)),
                ("depth", &search.depth),
                ("result", &describe_winner(winner)),
            ],
        )
    };
    fill(
        &gettext("The solver: {result} with best play; {shallow}; {deep}."),
        &[
            ("result", &describe_winner(judged.best)),
            (
                "shallow",
                &one(&found.shallow, judged.shallow, judged.shallow_mistaken()),
            ),
            (
                "deep",
                &one(&found.deep, judged.deep, judged.deep_mistaken()),
            ),
        ],
    )
}
