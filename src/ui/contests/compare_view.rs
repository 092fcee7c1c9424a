//! The Compare window: the chosen players decide the main window's
//! position, one after another on a thread of their own, with progress and
//! Cancel; a table row per player (move, its value, the search's cost, and
//! whether the move is optimal) and charts of nodes and time on a
//! logarithmic scale. The table saves as CSV or JSON. Move Orders searches
//! the position with the alpha-beta family under every move order and
//! charts their nodes against the minimal tree.

use std::path::Path;

use gtk::subclass::prelude::*;
use gtk::{gio, glib, prelude::*};

use crate::game::SEARCH_TIME_LIMIT;
use crate::game::Sender;
use crate::ui::charts::chart::{Bar, Chart, ChartData, Reference, Scale};
use crate::ui::charts::chart_view::{self, ChartView};
use crate::ui::shared::background::{self, Job, JobWindow};
use crate::ui::shared::file_dialog::{self, SaveAs, TableFormat};
use crate::ui::shared::{accessible, popup_tooltips};
use crate::ui::widgets::player_choices::PlayerChoices;
use tictactoe_engine::board::{Board, Outcome};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::compare::{CompareError, CompareSettings};
use tictactoe_tools::compare::{CompareRow, Comparison, Family};
use tictactoe_tools::feasibility::cannot_finish;
use tictactoe_tools::orders::{MINIMAL_TREE_MAX_EMPTY, OrderTable};
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::numbers::{count, decimal, format_duration_us, format_rate, group};
use tictactoe_words::players::PlayerWords;
use tictactoe_words::position::move_number;
use tictactoe_words::report::TextStyle;

/// What the comparison's thread tells the window.
enum Message {
    Row(Box<CompareRow>),
    Done(Result<Comparison, CompareError>),
    Orders(OrderTable),
}

/// The players a new Compare window starts with: every search, and the
/// perfect player to check them against, at full depth.
const FIRST_CHOICE: [(PlayerKind, Difficulty); 5] = [
    (PlayerKind::Minimax, Difficulty::Hard),
    (PlayerKind::AlphaBeta, Difficulty::Hard),
    (PlayerKind::AlphaBetaTt, Difficulty::Hard),
    (PlayerKind::Mcts, Difficulty::Hard),
    (PlayerKind::Perfect, Difficulty::Hard),
];

/// A table column: its title, its cell's text for a row of a comparison
/// on a board of a shape, and whether it holds numbers (right-aligned).
struct Column {
    title: fn() -> String,
    cell: fn(&CompareRow, Shape) -> String,
    numeric: bool,
}

fn optional(value: Option<u64>) -> String {
    value.map_or_else(|| "—".to_owned(), group)
}

/// The player's name with its strength on a board of `shape`.
fn player_label(row: &CompareRow, shape: Shape) -> String {
    row.contender.label(shape, TextStyle::WINDOW)
}

/// The player's name in its column.
fn player_cell(row: &CompareRow, shape: Shape) -> String {
    player_label(row, shape)
}

/// The move chosen, numbered as the board of `shape` numbers its moves
/// (a column on a board with gravity).
fn move_text(row: &CompareRow, shape: Shape) -> String {
    match (row.best, &row.error) {
        (Some(cell), _) => move_number(shape, cell).to_string(),
        (None, Some(_)) => gettext("failed"),
        (None, None) if row.aborted => gettext("out of time"),
        (None, None) => "—".to_owned(),
    }
}

const COLUMNS: [Column; 10] = [
    Column {
        title: || gettext("Player"),
        cell: player_cell,
        numeric: false,
    },
    Column {
        title: || gettext("Move"),
        cell: move_text,
        numeric: true,
    },
    Column {
        title: || gettext("Value"),
        cell: |row, _| row.value.clone().unwrap_or_else(|| "—".to_owned()),
        numeric: false,
    },
    Column {
        title: || gettext("Nodes"),
        cell: |row, _| group(row.nodes),
        numeric: true,
    },
    Column {
        title: || gettext("Time"),
        cell: |row, _| format_duration_us(row.time_us),
        numeric: true,
    },
    Column {
        title: || gettext("Nodes/s"),
        cell: |row, _| row.shown_rate().map_or_else(|| "—".to_owned(), format_rate),
        numeric: true,
    },
    Column {
        title: || gettext("Cutoffs"),
        cell: |row, _| optional(row.cutoffs),
        numeric: true,
    },
    Column {
        title: || gettext("Table hits"),
        cell: |row, _| optional(row.table_hits),
        numeric: true,
    },
    Column {
        title: || gettext("Branching factor"),
        cell: |row, _| {
            row.branching_factor
                .map_or_else(|| "—".to_owned(), |b| decimal(&format!("{b:.2}")))
        },
        numeric: true,
    },
    Column {
        title: || gettext("Optimal"),
        cell: |row, _| row.optimal.display_name(),
        numeric: false,
    },
];

/// A row of a comparison on a board of `shape` in words, every column
/// named: what a screen reader reads for it.
fn row_text(row: &CompareRow, shape: Shape) -> String {
    COLUMNS
        .iter()
        .skip(1)
        .fold(player_label(row, shape), |text, column| {
            format!("{text}, {} {}", (column.title)(), (column.cell)(row, shape))
        })
}

mod imp {
    use crate::ui::shared::help::{self, GuidePage};
    use std::cell::{Cell, OnceCell, RefCell};

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, gio, glib, prelude::*};

    use crate::ui::charts::chart_view::ChartView;
    use crate::ui::shared::background::{self, Job};
    use crate::ui::shared::file_dialog::{FileChooser, TableFormat};
    use crate::ui::widgets::player_choices::PlayerChoices;
    use tictactoe_engine::board::Board;
    use tictactoe_engine::geometry::Shape;
    use tictactoe_tools::compare::{CompareRow, Comparison};

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/contests/compare_view.ui")]
    pub struct CompareView {
        #[template_child]
        pub(super) run_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) cancel_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) save_button: TemplateChild<gtk::MenuButton>,
        #[template_child]
        pub(super) position_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) choices: TemplateChild<PlayerChoices>,
        #[template_child]
        pub(super) progress_bar: TemplateChild<gtk::ProgressBar>,
        #[template_child]
        pub(super) status_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) table: TemplateChild<gtk::ColumnView>,
        #[template_child]
        pub(super) nodes_chart: TemplateChild<ChartView>,
        #[template_child]
        pub(super) time_chart: TemplateChild<ChartView>,
        #[template_child]
        pub(super) orders_chart: TemplateChild<ChartView>,
        #[template_child]
        pub(super) orders_button: TemplateChild<gtk::Button>,
        /// The table's rows, as `BoxedAnyObject`s holding `CompareRow`s
        /// with the shape of the board compared on.
        pub(super) store: OnceCell<gio::ListStore>,
        /// Where Run takes the position from: the main window's board.
        pub(super) position_source: RefCell<Option<Box<dyn Fn() -> Board>>>,
        /// The running comparison.
        pub(super) job: Job,
        /// The labels of the players the running comparison asks, in order.
        pub(super) asked: RefCell<Vec<String>>,
        pub(super) rows: RefCell<Vec<CompareRow>>,
        /// The shape of the board the rows were decided on.
        pub(super) shape: Cell<Shape>,
        /// The last finished (or cancelled) comparison, which Save writes.
        pub(super) comparison: RefCell<Option<Comparison>>,
        /// Save's file chooser while it is open.
        pub(super) file_chooser: FileChooser,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for CompareView {
        const NAME: &'static str = "TictactoeCompareView";
        type Type = super::CompareView;
        type ParentType = gtk::Window;

        fn class_init(klass: &mut Self::Class) {
            PlayerChoices::ensure_type();
            ChartView::ensure_type();
            klass.bind_template();
            klass.install_action("compare.run", None, |view, _, _| view.run());
            klass.install_action("compare.cancel", None, |view, _, _| view.cancel());
            klass.install_action("compare.orders", None, |view, _, _| view.compare_orders());
            klass.add_binding_action(
                gtk::gdk::Key::Return,
                gtk::gdk::ModifierType::CONTROL_MASK | gtk::gdk::ModifierType::SHIFT_MASK,
                "compare.orders",
            );
            klass.install_action("compare.save-csv", None, |view, _, _| {
                view.choose_table_file(TableFormat::Csv);
            });
            klass.install_action("compare.save-json", None, |view, _, _| {
                view.choose_table_file(TableFormat::Json);
            });
            background::install_keys(klass, "compare", "compare.run");
            help::install_help_action(klass, "compare.help", GuidePage::Compare);
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for CompareView {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().setup();
        }
    }

    impl WidgetImpl for CompareView {}

    impl WindowImpl for CompareView {
        fn close_request(&self) -> glib::Propagation {
            // A search on its thread stops with the window.
            self.obj().cancel();
            self.parent_close_request()
        }
    }
}

glib::wrapper! {
    pub struct CompareView(ObjectSubclass<imp::CompareView>)
        @extends gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root,
                    gtk::ShortcutManager;
}

impl CompareView {
    /// A Compare window over `parent`, comparing on the position
    /// `position` gives at each Run.
    pub fn new(
        parent: &impl IsA<gtk::Window>,
        position: impl Fn() -> Board + 'static,
    ) -> CompareView {
        let view: CompareView = background::new_window(parent);
        view.imp().position_source.replace(Some(Box::new(position)));
        view.show_position();
        view
    }

    fn setup(&self) {
        let imp = self.imp();
        popup_tooltips::give_way_to_popups(self);
        for button in [&*imp.run_button, &*imp.orders_button, &*imp.cancel_button] {
            accessible::name_button_by_its_label(button);
        }
        imp.choices.set_chosen(&FIRST_CHOICE);
        let store = gio::ListStore::new::<glib::BoxedAnyObject>();
        imp.table
            .set_model(Some(&gtk::NoSelection::new(Some(store.clone()))));
        for column in &COLUMNS {
            imp.table.append_column(&table_column(column));
        }
        accessible::name_column_view_parts(&imp.table, &gettext("Comparison table"));
        self.widen_to_the_rows();
        let _ = imp.store.set(store);
        chart_view::show_saves(
            &[&imp.nodes_chart, &imp.time_chart, &imp.orders_chart],
            &imp.status_label,
        );
        self.show_rows();
        self.enable_controls();
        self.show_status(
            &gettext("Choose the players and press Run: each decides the position shown above."),
            false,
        );
    }

    /// When the table holds rows wider than the window while the window
    /// has a width of its own (the one it opened with, or one it widened
    /// itself to), the window widens to show all the columns, as far as
    /// the screen allows: some languages' column titles and player names
    /// need more than the default width, and cells laid out a moment later
    /// may need a little more again. Never in a window a person made
    /// narrower or wider: there the table scrolls sideways.
    fn widen_to_the_rows(&self) {
        // The window's width, and the default width that gave it: as it
        // opened, then as it widened itself.
        let own = std::cell::Cell::new((0, 0));
        // The default width asked for and not yet had.
        let asked = std::cell::Cell::new(None);
        let Some(scroller) = self
            .imp()
            .table
            .parent()
            .and_downcast::<gtk::ScrolledWindow>()
        else {
            return;
        };
        scroller.hadjustment().connect_changed(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |sideways| {
                let hidden = (sideways.upper() - sideways.page_size()).ceil() as i32;
                if own.get().0 == 0 {
                    own.set((view.width(), view.default_width()));
                }
                if let Some(default_width) = asked.get()
                    && view.width() > own.get().0
                {
                    own.set((view.width(), default_width));
                    asked.set(None);
                }
                let (own_width, own_default) = own.get();
                if view.imp().rows.borrow().is_empty() || hidden <= 0 || view.width() != own_width {
                    return;
                }
                let screen = view
                    .surface()
                    .and_then(|surface| surface.display().monitor_at_surface(&surface))
                    .map_or(i32::MAX, |monitor| monitor.geometry().width());
                // The default size counts the window's frame too.
                let width = (own_default + hidden).min(screen);
                if width <= own_default || asked.get() == Some(width) {
                    return;
                }
                asked.set(Some(width));
                let height = view.default_height();
                // Not while GTK lays the window out.
                glib::idle_add_local_once(move || view.set_default_size(width, height));
            }
        ));
    }

    // The controls, for the tests to drive the window as a person would.

    pub fn choices(&self) -> PlayerChoices {
        self.imp().choices.get()
    }

    pub fn run_button(&self) -> gtk::Button {
        self.imp().run_button.get()
    }

    pub fn orders_button(&self) -> gtk::Button {
        self.imp().orders_button.get()
    }

    pub fn cancel_button(&self) -> gtk::Button {
        self.imp().cancel_button.get()
    }

    /// The table's save menu.
    pub fn save_button(&self) -> gtk::MenuButton {
        self.imp().save_button.get()
    }

    pub fn table(&self) -> gtk::ColumnView {
        self.imp().table.get()
    }

    pub fn nodes_chart(&self) -> ChartView {
        self.imp().nodes_chart.get()
    }

    pub fn orders_chart(&self) -> ChartView {
        self.imp().orders_chart.clone()
    }

    pub fn time_chart(&self) -> ChartView {
        self.imp().time_chart.get()
    }

    pub fn status_text(&self) -> String {
        self.imp().status_label.label().into()
    }

    pub fn progress_text(&self) -> String {
        self.imp()
            .progress_bar
            .text()
            .map(String::from)
            .unwrap_or_default()
    }

    /// The rows in the table, in their order.
    pub fn rows(&self) -> Vec<CompareRow> {
        self.imp().rows.borrow().clone()
    }

    /// The table's text, a line per row with every column, as it shows.
    pub fn table_text(&self) -> Vec<Vec<String>> {
        let imp = self.imp();
        let shape = imp.shape.get();
        imp.rows
            .borrow()
            .iter()
            .map(|row| {
                COLUMNS
                    .iter()
                    .map(|column| (column.cell)(row, shape))
                    .collect()
            })
            .collect()
    }

    pub fn is_running(&self) -> bool {
        self.imp().job.is_running()
    }

    /// Shows the position the next Run decides.
    pub fn show_position(&self) {
        let Some(board) = self.position() else {
            return;
        };
        let to_move = board.side_to_move().label();
        self.imp().position_label.set_label(&fill(
            &gettext("Position {position} ({size}), {side} to move: the main window's board."),
            &[
                ("position", &board),
                ("size", &board.shape().words()),
                ("side", &to_move),
            ],
        ));
    }

    fn position(&self) -> Option<Board> {
        self.imp()
            .position_source
            .borrow()
            .as_ref()
            .map(|source| source())
    }

    /// Run: the chosen players decide the board's position on a thread.
    pub fn run(&self) {
        let imp = self.imp();
        if self.is_running() {
            return;
        }
        let Some(board) = self.position() else {
            return;
        };
        self.show_position();
        let mut contenders = imp.choices.contenders();
        // As on the command line: a search that would run for hours on a
        // big board is stopped, its row marked out of time.
        for contender in &mut contenders {
            contender.options.time_limit = Some(SEARCH_TIME_LIMIT);
        }
        imp.rows.replace(Vec::new());
        imp.shape.set(board.shape());
        imp.comparison.replace(None);
        imp.asked.replace(
            contenders
                .iter()
                .map(|contender| contender.label(board.shape(), TextStyle::WINDOW))
                .collect(),
        );
        self.show_rows();
        self.start_job("compare", move |cancel, sender| {
            let result = Comparison::run(
                &board,
                &contenders,
                &CompareSettings::default(),
                cancel,
                |_, row| {
                    sender.send(Message::Row(Box::new(row.clone())));
                },
            );
            sender.send(Message::Done(result));
        });
        self.enable_controls();
        self.show_progress();
    }

    /// Starts `work` on the window's job, its messages to `receive`.
    fn start_job(
        &self,
        name: &str,
        work: impl FnOnce(&CancelFlag, &Sender<Message>) + Send + 'static,
    ) {
        self.imp().job.start(
            self,
            name,
            work,
            glib::clone!(
                #[weak(rename_to = view)]
                self,
                move |message| view.receive(message)
            ),
        );
    }

    /// Move Orders: the alpha-beta family searches the board's position to
    /// the end under every move order, on a thread; the chart shows their
    /// nodes against the minimal tree.
    pub fn compare_orders(&self) {
        let imp = self.imp();
        if self.is_running() {
            return;
        }
        let Some(board) = self.position() else {
            return;
        };
        self.show_position();
        if board.outcome() != Outcome::Ongoing {
            self.show_status(
                &fill(
                    &gettext("Nothing to compare: {reason}."),
                    &[("reason", &CompareError::GameOver)],
                ),
                true,
            );
            return;
        }
        if cannot_finish(PlayerKind::AlphaBetaTt, &board, None, false) {
            self.show_status(
                &fill(
                    &gettext(
                        "Compare Move Orders searches to the end of the game, which cannot finish in reasonable time with {empty} empty cells. Play some moves first, or compare the players with Run: they search within a time limit.",
                    ),
                    &[("empty", &board.empty().count_ones())],
                ),
                true,
            );
            return;
        }
        self.start_job("orders", move |cancel, sender| {
            sender.send(Message::Orders(OrderTable::run(&board, cancel)));
        });
        imp.progress_bar.pulse();
        self.show_status(
            &gettext("Searching with every move order to the end of the game…"),
            false,
        );
        self.enable_controls();
    }

    /// Shows the move orders' nodes, against the minimal tree.
    fn show_orders(&self, table: &OrderTable) {
        let imp = self.imp();
        let nodes_words =
            |nodes: u64| count(nodes, |n| ngettext("{count} node", "{count} nodes", n));
        let bars = table
            .rows
            .iter()
            .filter(|row| !row.aborted)
            .map(|row| Bar {
                label: fill(
                    &gettext("{player}, {order}"),
                    &[
                        ("player", &row.player.display_name()),
                        ("order", &row.order.words()),
                    ],
                ),
                family: Family::of(row.player),
                value: row.nodes as f64,
                spread: None,
                figure: nodes_words(row.nodes),
            })
            .collect();
        let reference = table.minimal_tree.map(|nodes| Reference {
            label: gettext("minimal tree (Knuth and Moore)"),
            value: nodes as f64,
            figure: nodes_words(nodes),
        });
        let status = match table.minimal_tree {
            Some(_) => gettext(
                "The dashed line is the minimal tree: the nodes alpha-beta must visit even with every move ordered perfectly (with a table, transpositions can take a search below it).",
            ),
            None => fill(
                &gettext("The minimal tree is computed for at most {count} empty cells."),
                &[("count", &MINIMAL_TREE_MAX_EMPTY)],
            ),
        };
        imp.orders_chart.set_chart(Chart {
            title: gettext("Nodes per move order, searched to the end (logarithmic scale)"),
            data: ChartData::LogBars {
                scale: Scale::Count,
                bars,
                reference,
            },
        });
        imp.orders_chart.set_visible(true);
        self.show_status(&status, false);
    }

    /// Cancel: the running search stops; the rows finished stay.
    pub fn cancel(&self) {
        self.imp().job.cancel();
    }

    fn receive(&self, message: Message) {
        let imp = self.imp();
        match message {
            Message::Row(row) => {
                imp.rows.borrow_mut().push(*row);
                self.show_rows();
                self.show_progress();
            }
            Message::Orders(table) => {
                imp.job.finished();
                imp.progress_bar.set_fraction(0.0);
                self.show_orders(&table);
                self.enable_controls();
            }
            Message::Done(result) => {
                imp.job.finished();
                match result {
                    Ok(comparison) => self.finish(comparison),
                    Err(error) => {
                        imp.progress_bar.set_fraction(0.0);
                        imp.progress_bar.set_text(None);
                        self.show_status(
                            &fill(
                                &gettext("Nothing to compare: {reason}."),
                                &[("reason", &error)],
                            ),
                            true,
                        );
                    }
                }
                // After the comparison is stored: Save needs it.
                self.enable_controls();
            }
        }
    }

    fn finish(&self, comparison: Comparison) {
        let imp = self.imp();
        let done = comparison.rows.len();
        let asked = imp.asked.borrow().len();
        let reference = comparison
            .reference
            .as_ref()
            .map(|reference| reference.words.clone());
        let mut message = if comparison.cancelled {
            fill(
                &ngettext(
                    "Cancelled: {done} of {count} player decided.",
                    "Cancelled: {done} of {count} players decided.",
                    plural_count(asked as u64),
                ),
                &[("done", &done), ("count", &asked)],
            )
        } else {
            fill(
                &ngettext(
                    "Done: {count} player decided.",
                    "Done: {count} players decided.",
                    plural_count(done as u64),
                ),
                &[("count", &done)],
            )
        };
        match reference {
            Some(words) => message.push_str(&format!(
                " {}",
                fill(
                    &gettext(
                        "The position's exact value: {value}; Optimal compares each move with it."
                    ),
                    &[("value", &words)],
                )
            )),
            None => message.push_str(&format!(
                " {}",
                gettext(
                    "The position's exact value could not be found in time, so Optimal is unknown."
                )
            )),
        }
        imp.rows.replace(comparison.rows.clone());
        imp.comparison.replace(Some(comparison));
        self.show_rows();
        self.show_count(done, asked);
        self.show_status(&message, false);
    }

    /// Enables the controls for what can be done now: Run or Cancel, and
    /// Save once there is a comparison.
    fn enable_controls(&self) {
        let imp = self.imp();
        let running = imp.job.is_running();
        self.action_set_enabled("compare.run", !running);
        self.action_set_enabled("compare.orders", !running);
        self.action_set_enabled("compare.cancel", running);
        imp.choices.set_sensitive(!running);
        let savable = !running && imp.comparison.borrow().is_some();
        self.action_set_enabled("compare.save-csv", savable);
        self.action_set_enabled("compare.save-json", savable);
        imp.save_button.set_sensitive(savable);
    }

    fn show_progress(&self) {
        let imp = self.imp();
        let asked = imp.asked.borrow();
        let done = imp.rows.borrow().len();
        self.show_count(done, asked.len());
        if let Some(next) = asked.get(done) {
            self.show_status(
                &fill(&gettext("{player} is deciding…"), &[("player", next)]),
                false,
            );
        }
    }

    /// Shows on the progress bar that `done` of the `asked` players
    /// decided.
    fn show_count(&self, done: usize, asked: usize) {
        background::show_share(
            &self.imp().progress_bar,
            done as u64,
            asked as u64,
            &fill(
                &gettext("{done} of {count}"),
                &[("done", &done), ("count", &asked)],
            ),
        );
    }

    fn show_status(&self, text: &str, error: bool) {
        background::show_status(&self.imp().status_label, text, error);
    }

    /// Puts the rows in the table and the charts.
    fn show_rows(&self) {
        let imp = self.imp();
        let rows = imp.rows.borrow();
        if let Some(store) = imp.store.get() {
            let items: Vec<glib::BoxedAnyObject> = rows
                .iter()
                .map(|row| glib::BoxedAnyObject::new((row.clone(), imp.shape.get())))
                .collect();
            store.splice(0, store.n_items(), &items);
        }
        accessible::set_description(
            &*imp.table,
            &rows
                .iter()
                .map(|row| row_text(row, imp.shape.get()))
                .collect::<Vec<_>>()
                .join(". "),
        );
        let bars = |value: fn(&CompareRow) -> f64, figure: fn(&CompareRow) -> String| {
            rows.iter()
                .filter(|row| row.error.is_none())
                .map(|row| Bar {
                    label: player_label(row, imp.shape.get()),
                    family: row.family,
                    value: value(row),
                    spread: None,
                    figure: figure(row),
                })
                .collect::<Vec<_>>()
        };
        imp.nodes_chart.set_chart(Chart {
            title: gettext("Nodes searched (logarithmic scale)"),
            data: ChartData::LogBars {
                reference: None,
                scale: Scale::Count,
                bars: bars(
                    |row| row.nodes as f64,
                    |row| match row.nodes {
                        0 => gettext("no node: it looked the answer up"),
                        nodes => fill(
                            &ngettext("{count} node", "{count} nodes", plural_count(nodes)),
                            &[("count", &group(nodes))],
                        ),
                    },
                ),
            },
        });
        imp.time_chart.set_chart(Chart {
            title: gettext("Time to decide (logarithmic scale)"),
            data: ChartData::LogBars {
                reference: None,
                scale: Scale::Micros,
                bars: bars(
                    |row| row.time_us as f64,
                    |row| format_duration_us(row.time_us),
                ),
            },
        });
    }

    /// Saves the last comparison's table to `path`.
    pub fn save_table(&self, path: &Path, format: TableFormat) -> Result<(), String> {
        let comparison = self.imp().comparison.borrow();
        let comparison = comparison
            .as_ref()
            .ok_or_else(|| gettext("There is no comparison to save yet."))?;
        let text = match format {
            TableFormat::Csv => comparison.to_csv(),
            TableFormat::Json => comparison.to_json(),
        };
        file_dialog::write_text(path, &text)
    }

    fn choose_table_file(&self, format: TableFormat) {
        let file = SaveAs {
            title: &gettext("Save Comparison"),
            stem: &gettext("comparison"),
            filter_name: &format.filter_name(),
            extension: format.extension(),
            saved: &gettext("Saved the table to {file}."),
        };
        self.imp().file_chooser.save_as(
            self,
            &file,
            move |view, path| view.save_table(path, format),
            |view, message, failed| view.show_status(message, failed),
        );
    }
}

impl JobWindow for CompareView {
    fn job(&self) -> &Job {
        &self.imp().job
    }

    fn status_label(&self) -> gtk::Label {
        self.imp().status_label.get()
    }

    fn job_crashed(&self) {
        self.enable_controls();
    }
}

/// A column of the table, its cells from `column.cell`.
fn table_column(column: &Column) -> gtk::ColumnViewColumn {
    let factory = gtk::SignalListItemFactory::new();
    let numeric = column.numeric;
    factory.connect_setup(move |_, item| {
        if let Some(item) = item.downcast_ref::<gtk::ListItem>() {
            let label = gtk::Label::builder()
                .xalign(if numeric { 1.0 } else { 0.0 })
                .build();
            if numeric {
                label.add_css_class("numeric");
            }
            item.set_child(Some(&label));
        }
    });
    let cell = column.cell;
    let first = std::ptr::fn_addr_eq(cell, player_cell as fn(&CompareRow, Shape) -> String);
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
        let (row, shape) = &*object.borrow::<(CompareRow, Shape)>();
        label.set_label(&cell(row, *shape));
        // The row GTK puts around the cells is what a screen reader lands
        // on: it reads the whole row.
        if first && let Some(row_widget) = label.parent().and_then(|cell| cell.parent()) {
            accessible::set_label(&row_widget, &row_text(row, *shape));
        }
    });
    let column_view_column = gtk::ColumnViewColumn::new(Some(&(column.title)()), Some(factory));
    column_view_column.set_resizable(true);
    if !numeric {
        column_view_column.set_expand(true);
    }
    column_view_column
}
