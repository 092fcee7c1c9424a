//! The Monte Carlo window: a search that grows its tree step by step (Monte
//! Carlo tree search with random playouts, or the neural player's PUCT
//! search) on the main window's position, shown phase by phase or a step
//! at a time, run on by 10, 100 or 1,000 steps off the main thread, taken
//! back a step by replaying its seed, with the exploration constant c as a
//! setting; per child of a node its visits, mean on X's scale and the two
//! terms of its score; charts of the root moves' means converging on their
//! exact values and of their share of the visits; for the neural search,
//! on every board with the board's own network, what the network believes
//! of each root move beside its exact value.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::time::Duration;

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use super::drawing;
use super::stepping::{Phase, Shown};
use super::table::{Row, Table};
use crate::game::Sender;
use crate::ui::charts::chart::{Bar, Chart, ChartData, MoveEstimates};
use crate::ui::charts::chart_view::ChartView;
use crate::ui::shared::background::{self, Job, JobWindow};
use crate::ui::shared::board_painting::{BoardLayout, BoardPalette};
use crate::ui::shared::{accessible, popup_tooltips};
use crate::ui::widgets::board_view::BoardView;
use tictactoe_engine::board::{Board, Outcome};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::growing::{GrowingSearch, Selection, StepChoice};
use tictactoe_engine::learners::network::Network;
use tictactoe_engine::learners::neural::beliefs::beliefs;
use tictactoe_engine::learners::neural::{C_PUCT, PuctSearch};
use tictactoe_engine::players::mcts::{EXPLORATION, MctsSearch};
use tictactoe_engine::search::CancelFlag;
use tictactoe_tools::compare::Family;
use tictactoe_tools::convergence::{Sample, SampleHistory, exact_values, root_moves};
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::mcts::{
    Pick, belief_cells, belief_headings, belief_line, belief_marks, child_cells, child_line,
    choice_heading, column_headings, pick_mark, playout_words, steps_run, terms_legend,
};
use tictactoe_words::numbers::{decimal, fixed, group, percent, read_decimal};
use tictactoe_words::position::{board_name, move_place};

/// Going back replays the steps from the seed; up to this many on the
/// main thread (3x3 runs about 5,000 playouts a millisecond), more on the
/// job's thread.
const REPLAY_ON_MAIN_THREAD: u32 = 20_000;
/// The convergence chart draws the most visited moves, this many.
const CHARTED_MOVES: usize = 6;
/// How long working out one root move's exact value may take off 3x3
/// (the solver's on Connect Four's mid-game positions take well under a
/// second, all seven).
const EXACT_TIME_LIMIT: Duration = Duration::from_secs(10);
/// A narrower window puts the table under the pictures: beside them it
/// needs about 850 px, 950 in German (the window's content scrolls
/// sideways until it has gone under, so that the window can narrow).
const NARROW_WIDTH: i32 = 1040;

/// The board's cells share this many pixels across its longer side, but
/// take no fewer than `SMALLEST_CELL` each: Connect Four's numbers and
/// stones stay as readable as those of the square boards.
const BOARD_SIDE: f64 = 180.0;
const SMALLEST_CELL: f64 = 36.0;

/// Play's speeds, in the speed list's order: the interval, and whether a
/// tick is a whole step (else one phase).
const SPEEDS: [(u64, bool); 3] = [(1000, false), (250, false), (100, true)];

/// The neural player's network for a board, and the self-play games it
/// learned from (0: untrained, its weights still random).
#[derive(Clone)]
pub struct BoardNetwork {
    pub network: Arc<Network>,
    pub games: u64,
}

/// How a search is started afresh: the same recipe grows the same tree.
#[derive(Clone)]
enum Recipe {
    /// Monte Carlo with random playouts from this seed.
    Playouts { board: Board, seed: u64 },
    /// The neural player's PUCT search with this network.
    Network { board: Board, network: Arc<Network> },
}

impl Recipe {
    fn board(&self) -> &Board {
        match self {
            Recipe::Playouts { board, .. } | Recipe::Network { board, .. } => board,
        }
    }

    fn default_exploration(&self) -> f64 {
        match self {
            Recipe::Playouts { .. } => EXPLORATION,
            Recipe::Network { .. } => f64::from(C_PUCT),
        }
    }

    /// A fresh search; `None` when the game is over.
    fn start(&self) -> Option<Box<dyn GrowingSearch>> {
        if self.board().outcome() != Outcome::Ongoing {
            return None;
        }
        match self {
            Recipe::Playouts { board, seed } => MctsSearch::new(board, *seed, EXPLORATION)
                .map(|search| Box::new(search) as Box<dyn GrowingSearch>),
            Recipe::Network { board, network } => {
                Some(Box::new(PuctSearch::new(Arc::clone(network), board, None)))
            }
        }
    }

    /// The search after `steps` steps, each stretch run with the c
    /// `explorations` (steps from which on, c) says; `None` when the game
    /// is over or `cancel` stopped it.
    fn replayed(
        &self,
        explorations: &[(u32, f64)],
        steps: u32,
        cancel: &CancelFlag,
    ) -> Option<Box<dyn GrowingSearch>> {
        let mut search = self.start()?;
        for (index, &(from, exploration)) in explorations.iter().enumerate() {
            if from >= steps && index > 0 {
                break;
            }
            search.set_exploration(exploration);
            let until = explorations
                .get(index + 1)
                .map_or(steps, |&(next, _)| next.min(steps));
            if !search.run(until.saturating_sub(search.steps()), cancel) {
                return None;
            }
        }
        Some(search)
    }
}

/// What the job's thread sends.
enum Message {
    /// The root moves' statistics part of the way.
    Sample(Sample),
    /// The search handed back; `show_last` asks for one more step shown
    /// whole (going back).
    Done {
        search: Option<Box<dyn GrowingSearch>>,
        show_last: bool,
    },
}

mod imp {
    use super::*;
    use crate::ui::shared::help::{self, GuidePage};

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/mcts/mcts_view.ui")]
    pub struct MctsView {
        #[template_child]
        pub(super) step_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) controls: TemplateChild<gtk::FlowBox>,
        #[template_child]
        pub(super) phase_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) back_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) play_button: TemplateChild<gtk::ToggleButton>,
        #[template_child]
        pub(super) speed_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) run_10_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) run_100_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) run_1000_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) cancel_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) exploration_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub(super) search_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) summary_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) body: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) path_area: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub(super) board_view: TemplateChild<BoardView>,
        #[template_child]
        pub(super) phase_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) heading_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) column_headings: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) children_list: TemplateChild<gtk::ListBox>,
        #[template_child]
        pub(super) legend_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) beliefs_box: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) beliefs_heading: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) belief_headings: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) beliefs_list: TemplateChild<gtk::ListBox>,
        #[template_child]
        pub(super) status_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) convergence_chart: TemplateChild<ChartView>,
        #[template_child]
        pub(super) share_chart: TemplateChild<ChartView>,
        /// How the search started; `None` before a position is shown.
        pub(super) recipe: RefCell<Option<Recipe>>,
        /// From which step on each c counted, the first from 0.
        pub(super) explorations: RefCell<Vec<(u32, f64)>>,
        /// The search; `None` when the game is over or while a job has it.
        pub(super) search: RefCell<Option<Box<dyn GrowingSearch>>>,
        /// The step shown, and how far into it.
        pub(super) shown: RefCell<Option<Shown>>,
        pub(super) history: RefCell<SampleHistory>,
        /// Each root move's exact value on X's scale, in cell order (empty
        /// until worked out).
        pub(super) exact: RefCell<Vec<Option<f64>>>,
        /// The neural player's network on the position's board, for the
        /// PUCT search.
        pub(super) network: RefCell<Option<BoardNetwork>>,
        /// Runs steps, or replays them, off the main thread.
        pub(super) job: Job,
        /// Works out the exact values off 3x3.
        pub(super) exact_job: Job,
        /// Play's timer while it plays.
        pub(super) playing: RefCell<Option<glib::SourceId>>,
        /// The children's table.
        pub(super) children_table: Table,
        /// Each row's sentence and mark, as a screen reader hears them.
        pub(super) row_lines: RefCell<Vec<(String, Pick)>>,
        /// The table of the root moves' beliefs beside the truth.
        pub(super) beliefs_table: Table,
        /// Its rows' sentences, as a screen reader hears them.
        pub(super) belief_lines: RefCell<Vec<String>>,
        /// What the path's picture says to a screen reader.
        pub(super) path_words: RefCell<String>,
        /// The random playout's moves shown on the board, after the path's.
        pub(super) playout: RefCell<Vec<usize>>,
        /// Why the neural search was refused, for the status line of the
        /// Monte Carlo search started in its place.
        pub(super) refusal: RefCell<Option<String>>,
        /// The Monte Carlo search's seed.
        pub(super) seed: Cell<u64>,
        /// Set while the c spin button is set from the code.
        pub(super) quiet: Cell<bool>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for MctsView {
        const NAME: &'static str = "TictactoeMctsView";
        type Type = super::MctsView;
        type ParentType = gtk::Window;

        fn class_init(klass: &mut Self::Class) {
            BoardView::ensure_type();
            klass.bind_template();
            klass.install_action("mcts.step", None, |view, _, _| view.step_whole());
            klass.install_action("mcts.phase", None, |view, _, _| view.step_phase());
            klass.install_action("mcts.back", None, |view, _, _| view.back());
            klass.install_action(
                "mcts.run",
                Some(glib::VariantTy::UINT32),
                |view, _, steps| {
                    if let Some(steps) = steps.and_then(u32::from_variant) {
                        view.run(steps);
                    }
                },
            );
            klass.install_action("mcts.toggle-play", None, |view, _, _| {
                let button = &view.imp().play_button;
                button.set_active(!button.is_active());
            });
            background::install_keys(klass, "mcts", "mcts.step");
            help::install_help_action(klass, "mcts.help", GuidePage::MonteCarlo);
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for MctsView {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().setup();
        }
    }

    impl WidgetImpl for MctsView {
        fn size_allocate(&self, width: i32, height: i32, baseline: i32) {
            self.obj().fit_width(width);
            self.parent_size_allocate(width, height, baseline);
        }
    }

    impl WindowImpl for MctsView {
        fn close_request(&self) -> glib::Propagation {
            self.play_button.set_active(false);
            self.job.cancel();
            self.parent_close_request()
        }
    }
}

glib::wrapper! {
    pub struct MctsView(ObjectSubclass<imp::MctsView>)
        @extends gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root,
                    gtk::ShortcutManager;
}

impl JobWindow for MctsView {
    fn job(&self) -> &Job {
        &self.imp().job
    }

    fn status_label(&self) -> gtk::Label {
        self.imp().status_label.get()
    }

    /// The search went with the steps' thread, if they ran: it starts
    /// again from its seed.
    fn job_crashed(&self) {
        if self.imp().search.borrow().is_none() && !self.imp().job.is_running() {
            self.restart();
        }
        self.show_sensitivity();
    }
}

impl MctsView {
    /// The seed of the window's Monte Carlo search on a position of its
    /// own: one fixed seed, so that the same position always grows the
    /// same tree (and going back replays it).
    pub const SEED: u64 = 1;

    /// A Monte Carlo window over `parent`.
    pub fn new(parent: &impl IsA<gtk::Window>) -> MctsView {
        background::new_window(parent)
    }

    /// The window's keys, the explorer's for stepping (Alt+Right and
    /// Alt+Left, F5 to play), heard before the focused widget.
    fn add_keys(&self) {
        let keys = gtk::ShortcutController::new();
        keys.set_propagation_phase(gtk::PropagationPhase::Capture);
        let shortcuts: [(&str, &str, Option<u32>); 6] = [
            ("<Alt>Right", "mcts.phase", None),
            ("<Alt>Left", "mcts.back", None),
            ("F5", "mcts.toggle-play", None),
            ("<Control>1", "mcts.run", Some(10)),
            ("<Control>2", "mcts.run", Some(100)),
            ("<Control>3", "mcts.run", Some(1000)),
        ];
        for (trigger, action, steps) in shortcuts {
            let shortcut = gtk::Shortcut::new(
                gtk::ShortcutTrigger::parse_string(trigger),
                Some(gtk::NamedAction::new(action)),
            );
            if let Some(steps) = steps {
                shortcut.set_arguments(Some(&steps.to_variant()));
            }
            keys.add_shortcut(shortcut);
        }
        self.add_controller(keys);
    }

    fn setup(&self) {
        let imp = self.imp();
        self.add_keys();
        for button in [
            &*imp.step_button,
            &*imp.phase_button,
            &*imp.back_button,
            &*imp.cancel_button,
        ] {
            accessible::name_button_by_its_label(button);
        }
        accessible::name_button_by_its_label(&*imp.play_button);
        // Labels without a mnemonic: GTK 4.8 names their buttons by class.
        for button in [
            &*imp.run_10_button,
            &*imp.run_100_button,
            &*imp.run_1000_button,
        ] {
            accessible::set_label(button, &button.label().unwrap_or_default());
        }
        accessible::name_dropdown_parts(&imp.speed_dropdown, &gettext("Speed"));
        accessible::name_dropdown_parts(&imp.search_dropdown, &gettext("Search"));
        imp.beliefs_table.put_marks_below();
        // The buttons take the focus, not the flow box's cells around them.
        let mut child = imp.controls.first_child();
        while let Some(cell) = child {
            cell.set_focusable(false);
            child = cell.next_sibling();
        }
        let colours = glib::clone!(
            #[weak(rename_to = view)]
            self,
            #[upgrade_or]
            None,
            move || Some(view.colours())
        );
        imp.path_area.set_draw_func(glib::clone!(
            #[weak(rename_to = view)]
            self,
            #[strong]
            colours,
            move |_, cr, width, _| {
                let Some(colours) = colours() else {
                    return;
                };
                let imp = view.imp();
                let shown = imp.shown.borrow();
                let now = view.root_choice();
                let shape = imp
                    .recipe
                    .borrow()
                    .as_ref()
                    .map_or(Shape::TIC_TAC_TOE, |recipe| recipe.board().shape());
                if let Err(error) = drawing::draw_path(
                    cr,
                    f64::from(width),
                    shape,
                    shown.as_ref(),
                    now.as_ref(),
                    &colours,
                ) {
                    glib::g_warning!("tictactoe", "drawing the path failed: {error}");
                }
            }
        ));
        imp.board_view.set_decoration(glib::clone!(
            #[weak(rename_to = view)]
            self,
            #[upgrade_or]
            Ok(()),
            move |cr, layout, colours| {
                let imp = view.imp();
                drawing::draw_playout(
                    cr,
                    layout,
                    colours,
                    &imp.board_view.board(),
                    &imp.playout.borrow(),
                    imp.board_view.path().len(),
                )
            }
        ));
        // GTK writes and reads the spin button's number with a '.', and
        // took a German "2,5" for 2: the language's decimal point both
        // ways.
        imp.exploration_spin.connect_output(|spin| {
            spin.set_text(&fixed(spin.value(), spin.digits() as usize));
            glib::Propagation::Stop
        });
        imp.exploration_spin
            .connect_input(|spin| read_decimal(&spin.text()).map(Ok));
        popup_tooltips::give_way_to_popups(self);
        imp.exploration_spin.connect_value_changed(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |spin| {
                if !view.imp().quiet.get() {
                    view.set_exploration(spin.value());
                }
            }
        ));
        imp.play_button.connect_toggled(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.play_or_pause()
        ));
        imp.speed_dropdown.connect_selected_notify(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| {
                if view.imp().play_button.is_active() {
                    view.play_or_pause();
                }
            }
        ));
        imp.search_dropdown.connect_selected_notify(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.restart()
        ));
    }

    fn colours(&self) -> BoardPalette {
        BoardPalette::of(&*self.imp().path_area)
    }

    /// Puts the rows under the pictures in a narrow window.
    fn fit_width(&self, width: i32) {
        let body = &self.imp().body;
        let orientation = if width < NARROW_WIDTH {
            gtk::Orientation::Vertical
        } else {
            gtk::Orientation::Horizontal
        };
        if body.orientation() != orientation {
            let body = body.get();
            // Not during the allocation itself: GTK would warn.
            glib::idle_add_local_once(move || body.set_orientation(orientation));
        }
    }

    /// Starts afresh on `board` from the window's own seed; `network` is
    /// the neural player's on its board, for the PUCT search.
    pub fn show_position(&self, board: &Board, network: Option<BoardNetwork>) {
        self.show_search(board, Self::SEED, 0, network);
    }

    /// Grows the `mcts` player's search of `board` from `seed` again, to
    /// `playouts` (run off the main thread): the tree a search in the log
    /// grew.
    pub fn show_search(
        &self,
        board: &Board,
        seed: u64,
        playouts: u32,
        network: Option<BoardNetwork>,
    ) {
        let imp = self.imp();
        imp.network.replace(network);
        imp.seed.set(seed);
        imp.recipe.replace(Some(Recipe::Playouts {
            board: *board,
            seed,
        }));
        imp.search_dropdown.set_selected(0);
        // The exact values first: the position's own, never the last one's.
        self.work_out_exact_values(board);
        self.restart();
        if playouts > 0 {
            self.run(playouts);
        }
    }

    /// The search chosen, started afresh on the position, with its own c.
    fn restart(&self) {
        let imp = self.imp();
        let Some(board) = imp.recipe.borrow().as_ref().map(|recipe| *recipe.board()) else {
            return;
        };
        imp.play_button.set_active(false);
        imp.job.abandon();
        let neural = imp.search_dropdown.selected() == 1;
        let network = imp.network.borrow().clone();
        let recipe = match (neural, network) {
            (true, Some(chosen)) if chosen.network.shape() == board.shape() => Recipe::Network {
                board,
                network: chosen.network,
            },
            (true, chosen) => {
                let why = match chosen {
                    // A network reads and plays only the board it learned on.
                    Some(other) => fill(
                        &gettext(
                            "The neural network at hand learned {network}, not this board ({board}): the search stays Monte Carlo.",
                        ),
                        &[
                            ("network", &board_name(other.network.shape())),
                            ("board", &board_name(board.shape())),
                        ],
                    ),
                    None => fill(
                        &gettext(
                            "The neural player has no network for {board}: the search stays Monte Carlo.",
                        ),
                        &[("board", &board_name(board.shape()))],
                    ),
                };
                // The drop-down's change starts Monte Carlo, which says
                // why (GTK may tell of the change only after this returns).
                imp.refusal.replace(Some(why));
                imp.search_dropdown.set_selected(0);
                return;
            }
            (false, _) => Recipe::Playouts {
                board,
                seed: imp.seed.get(),
            },
        };
        let exploration = recipe.default_exploration();
        imp.explorations.replace(vec![(0, exploration)]);
        imp.search.replace(recipe.start());
        imp.recipe.replace(Some(recipe));
        imp.shown.replace(None);
        imp.history.replace(SampleHistory::default());
        self.show_exploration(exploration);
        match imp.refusal.take() {
            Some(why) => self.show_status(&why, true),
            None => self.show_status("", false),
        }
        self.refresh();
    }

    /// Each root move's exact value: the perfect table's at once on 3x3,
    /// elsewhere on a thread of its own (the solver's on a board with
    /// gravity, full searches on the others).
    fn work_out_exact_values(&self, board: &Board) {
        let imp = self.imp();
        imp.exact.replace(Vec::new());
        imp.exact_job.abandon();
        if board.outcome() != Outcome::Ongoing {
            return;
        }
        let board = *board;
        if board.shape() == Shape::TIC_TAC_TOE {
            imp.exact
                .replace(exact_values(&board, EXACT_TIME_LIMIT, &CancelFlag::new()));
            return;
        }
        imp.exact_job.start(
            self,
            "exact-values",
            move |cancel, sender: &Sender<Vec<Option<f64>>>| {
                sender.send(exact_values(&board, EXACT_TIME_LIMIT, cancel));
            },
            glib::clone!(
                #[weak(rename_to = view)]
                self,
                move |exact| {
                    let imp = view.imp();
                    imp.exact_job.finished();
                    imp.exact.replace(exact);
                    view.show_charts();
                    view.show_beliefs();
                }
            ),
        );
    }

    fn show_exploration(&self, exploration: f64) {
        let imp = self.imp();
        imp.quiet.set(true);
        imp.exploration_spin.set_value(exploration);
        imp.quiet.set(false);
    }

    /// c changed: the next steps use it, and the rows show the picks it
    /// makes now.
    fn set_exploration(&self, exploration: f64) {
        let imp = self.imp();
        let Some(steps) = imp.search.borrow().as_ref().map(|search| search.steps()) else {
            return;
        };
        if let Some(search) = imp.search.borrow_mut().as_mut() {
            search.set_exploration(exploration);
        }
        let mut explorations = imp.explorations.borrow_mut();
        match explorations.last_mut() {
            Some(last) if last.0 == steps => last.1 = exploration,
            _ => explorations.push((steps, exploration)),
        }
        drop(explorations);
        self.refresh();
    }

    /// Step One Phase: the next phase of the step shown, or a new step's
    /// first.
    pub fn step_phase(&self) {
        let imp = self.imp();
        let mut shown = imp.shown.borrow_mut();
        match shown.as_mut() {
            Some(step) if !step.is_whole() => step.advance(),
            _ => {
                let Some(search) = imp.search.borrow_mut().as_mut().map(|search| search.step())
                else {
                    return;
                };
                *shown = Some(Shown::first_phase(search));
            }
        }
        let whole = shown.as_ref().is_some_and(Shown::is_whole);
        drop(shown);
        if whole {
            self.record_sample();
        }
        self.refresh();
    }

    /// Step One Playout: the step shown to its end, or a new step whole.
    pub fn step_whole(&self) {
        let imp = self.imp();
        let mut shown = imp.shown.borrow_mut();
        match shown.as_mut() {
            Some(step) if !step.is_whole() => step.phase = Phase::Update,
            _ => {
                let Some(step) = imp.search.borrow_mut().as_mut().map(|search| search.step())
                else {
                    return;
                };
                *shown = Some(Shown::whole(step));
            }
        }
        drop(shown);
        self.record_sample();
        self.refresh();
    }

    fn record_sample(&self) {
        let imp = self.imp();
        if let Some(search) = imp.search.borrow().as_ref() {
            imp.history.borrow_mut().push(Sample::of(search.as_ref()));
        }
    }

    /// Back One Playout: the search as it was a step ago, replayed from
    /// its seed, that step shown whole.
    pub fn back(&self) {
        let imp = self.imp();
        let Some(steps) = imp.search.borrow().as_ref().map(|search| search.steps()) else {
            return;
        };
        let Some(recipe) = imp.recipe.borrow().clone() else {
            return;
        };
        if steps == 0 || imp.job.is_running() {
            return;
        }
        imp.play_button.set_active(false);
        let target = steps - 1;
        imp.history.borrow_mut().truncate(target);
        imp.explorations
            .borrow_mut()
            .retain(|&(from, _)| from == 0 || from <= target);
        let explorations = imp.explorations.borrow().clone();
        if target == 0 {
            imp.search
                .replace(recipe.replayed(&explorations, 0, &CancelFlag::new()));
            imp.shown.replace(None);
            self.after_replay();
            return;
        }
        if target <= REPLAY_ON_MAIN_THREAD {
            let search = recipe.replayed(&explorations, target - 1, &CancelFlag::new());
            self.receive(Message::Done {
                search,
                show_last: true,
            });
            return;
        }
        imp.search.replace(None);
        self.start_job(move |cancel, sender| {
            let search = recipe.replayed(&explorations, target - 1, cancel);
            sender.send(Message::Done {
                search,
                show_last: true,
            });
        });
    }

    /// Run 10, 100 or 1,000 more: the steps run on the job's thread, the
    /// chart growing as they go.
    pub fn run(&self, steps: u32) {
        let imp = self.imp();
        if imp.job.is_running() {
            return;
        }
        let Some(mut search) = imp.search.take() else {
            return;
        };
        // Samples where the history keeps them, no more than 64 of them.
        let mut every = imp.history.borrow().every();
        while steps / every > 64 {
            every *= 2;
        }
        self.start_job(move |cancel, sender| {
            let target = search.steps() + steps;
            while search.steps() < target {
                let next = (search.steps() / every + 1) * every;
                let finished = search.run(next.min(target) - search.steps(), cancel);
                sender.send(Message::Sample(Sample::of(search.as_ref())));
                if !finished {
                    break;
                }
            }
            sender.send(Message::Done {
                search: Some(search),
                show_last: false,
            });
        });
    }

    fn start_job(&self, work: impl FnOnce(&CancelFlag, &Sender<Message>) + Send + 'static) {
        self.imp().job.start(
            self,
            "mcts-steps",
            work,
            glib::clone!(
                #[weak(rename_to = view)]
                self,
                move |message| view.receive(message)
            ),
        );
        self.show_status(&gettext("Running…"), false);
        self.show_sensitivity();
    }

    fn receive(&self, message: Message) {
        let imp = self.imp();
        match message {
            Message::Sample(sample) => {
                imp.history.borrow_mut().push(sample);
                self.show_charts();
            }
            Message::Done { search, show_last } => {
                imp.job.finished();
                let Some(mut search) = search else {
                    // Cancelled while replaying: the tree is gone with the
                    // thread, so the search starts again from its seed.
                    self.restart();
                    self.show_status(
                        &gettext(
                            "Going back was cancelled: the search starts again from its seed.",
                        ),
                        false,
                    );
                    return;
                };
                if show_last {
                    let step = search.step();
                    imp.shown.replace(Some(Shown::whole(step)));
                } else {
                    imp.shown.replace(None);
                }
                imp.search.replace(Some(search));
                self.after_replay();
            }
        }
    }

    fn after_replay(&self) {
        let imp = self.imp();
        let exploration = imp
            .search
            .borrow()
            .as_ref()
            .map(|search| search.exploration());
        if let Some(exploration) = exploration {
            self.show_exploration(exploration);
        }
        self.show_status("", false);
        self.refresh();
    }

    /// Play: a phase (or a step) at the chosen speed till pressed again.
    fn play_or_pause(&self) {
        let imp = self.imp();
        if let Some(timer) = imp.playing.take() {
            timer.remove();
        }
        if !imp.play_button.is_active() {
            return;
        }
        let (interval, whole) =
            SPEEDS[(imp.speed_dropdown.selected() as usize).min(SPEEDS.len() - 1)];
        let timer = glib::timeout_add_local(
            Duration::from_millis(interval),
            glib::clone!(
                #[weak(rename_to = view)]
                self,
                #[upgrade_or]
                glib::ControlFlow::Break,
                move || {
                    let imp = view.imp();
                    if imp.search.borrow().is_none() && !imp.job.is_running() {
                        imp.playing.take();
                        imp.play_button.set_active(false);
                        return glib::ControlFlow::Break;
                    }
                    if !imp.job.is_running() {
                        if whole {
                            view.step_whole();
                        } else {
                            view.step_phase();
                        }
                    }
                    glib::ControlFlow::Continue
                }
            ),
        );
        imp.playing.replace(Some(timer));
    }

    /// What selection at the root sees now.
    fn root_choice(&self) -> Option<StepChoice> {
        self.imp()
            .search
            .borrow()
            .as_ref()
            .and_then(|search| search.choice(0))
    }

    fn selection(&self) -> Selection {
        match self.imp().recipe.borrow().as_ref() {
            Some(Recipe::Network { .. }) => Selection::Puct,
            _ => Selection::Ucb,
        }
    }

    fn show_status(&self, text: &str, error: bool) {
        background::show_status(&self.imp().status_label, text, error);
    }

    fn show_sensitivity(&self) {
        let imp = self.imp();
        let running = imp.job.is_running();
        let steps = imp.search.borrow().as_ref().map(|search| search.steps());
        let can_step = !running && steps.is_some();
        for action in ["step", "phase", "run"] {
            self.action_set_enabled(&format!("mcts.{action}"), can_step);
        }
        self.action_set_enabled("mcts.back", can_step && steps > Some(0));
        imp.exploration_spin.set_sensitive(can_step);
        imp.search_dropdown.set_sensitive(!running);
        imp.play_button.set_sensitive(steps.is_some() || running);
        imp.cancel_button.set_sensitive(running);
    }

    /// Shows the search as it stands and the step shown.
    fn refresh(&self) {
        let imp = self.imp();
        self.show_sensitivity();
        let selection = self.selection();
        let board = imp.recipe.borrow().as_ref().map(|recipe| *recipe.board());
        let Some(board) = board else {
            return;
        };
        let search_guard = imp.search.borrow();
        let Some(search) = search_guard.as_ref() else {
            if !imp.job.is_running() {
                imp.summary_label.set_label(&gettext(
                    "The game is over in this position: there is nothing to search.",
                ));
                imp.phase_label.set_label("");
                self.show_children(board.shape(), None, &[], Pick::No, selection);
            }
            return;
        };
        imp.summary_label.set_label(&fill(
            &gettext("Position {position}, c = {c}: {steps}."),
            &[
                ("position", &board),
                ("c", &decimal(&format!("{:.2}", search.exploration()))),
                ("steps", &steps_run(selection, search.steps())),
            ],
        ));
        let shown = imp.shown.borrow();
        let (choice, path, pick) = match shown.as_ref().and_then(Shown::current_choice) {
            Some((choice, path)) => (Some(choice.clone()), path, Pick::Took),
            None => (search.choice(0), Vec::new(), Pick::Next),
        };
        let words = match shown.as_ref() {
            Some(shown) => shown.words(&board),
            None if search.steps() == 0 => gettext(
                "Step One Phase shows a playout phase by phase: selection down the tree, expansion, the random playout and the update; Step One Playout runs one whole.",
            ),
            None => fill(
                &gettext("{steps}: the tree as it stands."),
                &[("steps", &steps_run(selection, search.steps()))],
            ),
        };
        imp.phase_label.set_label(&words);
        accessible::set_description(&*imp.path_area, &words);
        imp.path_words.replace(words);
        let (moves_path, playout) = shown
            .as_ref()
            .map_or((Vec::new(), &[][..]), Shown::moves_shown);
        self.show_moves(board, moves_path, playout.to_vec());
        drop(shown);
        drop(search_guard);
        self.show_children(board.shape(), choice.as_ref(), &path, pick, selection);
        imp.path_area
            .set_content_height(drawing::path_height(imp.shown.borrow().as_ref()));
        imp.path_area.queue_draw();
        self.show_charts();
        self.show_beliefs();
    }

    /// For the neural search, what the network believes of each root move
    /// beside the truth: its prior and its value of the position after the
    /// move, the search's visits and mean, the exact value, and the marks
    /// of its first choice and the search's most visited move.
    fn show_beliefs(&self) {
        let imp = self.imp();
        let recipe = imp.recipe.borrow().clone();
        let hide = || {
            imp.beliefs_box.set_visible(false);
            imp.belief_lines.replace(Vec::new());
        };
        let Some(Recipe::Network { board, network }) = recipe else {
            hide();
            return;
        };
        let children = match imp.search.borrow().as_ref() {
            Some(search) => search
                .choice(0)
                .map(|choice| choice.children)
                .unwrap_or_default(),
            // While a job has the search the rows stay as they were.
            None if imp.job.is_running() => return,
            None => {
                hide();
                return;
            }
        };
        let shape = board.shape();
        let games = imp
            .network
            .borrow()
            .as_ref()
            .map_or(0, |chosen| chosen.games);
        let name = board_name(shape);
        imp.beliefs_heading.set_label(&if games == 0 {
            fill(
                &gettext(
                    "What the network for {board} believes beside the truth, for each move from the position searched. It is untrained: its weights are still random, and so are its priors and values.",
                ),
                &[("board", &name)],
            )
        } else {
            fill(
                &ngettext(
                    "What the network for {board} believes beside the truth, for each move from the position searched. It learned from {count} self-play game.",
                    "What the network for {board} believes beside the truth, for each move from the position searched. It learned from {count} self-play games.",
                    plural_count(games),
                ),
                &[("board", &name), ("count", &group(games))],
            )
        });
        let beliefs = beliefs(&network, &board, &children, &imp.exact.borrow());
        imp.beliefs_table.fit(
            &imp.belief_headings,
            &imp.beliefs_list,
            belief_headings(shape),
        );
        let rows: Vec<Row> = beliefs
            .iter()
            .map(|belief| Row {
                cells: belief_cells(shape, belief),
                mark: belief_marks(belief),
                line: belief_line(shape, belief),
                highlighted: false,
            })
            .collect();
        imp.beliefs_table.show(&imp.beliefs_list, &rows);
        imp.belief_lines
            .replace(rows.into_iter().map(|row| row.line).collect());
        imp.beliefs_box.set_visible(true);
    }

    /// The board: the searched position with the path's moves played and
    /// numbered, the random playout's over it (see `drawing::draw_playout`),
    /// and both in its description.
    fn show_moves(&self, root: Board, path: Vec<usize>, playout: Vec<usize>) {
        let imp = self.imp();
        let mut board = root;
        let played = path
            .iter()
            .take_while(|&&cell| board.play(cell).is_ok())
            .count();
        let path = path[..played].to_vec();
        let shape = board.shape();
        let cell = (BOARD_SIDE / shape.width().max(shape.height()) as f64).max(SMALLEST_CELL);
        let (width, height) = BoardLayout::drawing_size(shape, cell);
        imp.board_view.set_content_width(width.round() as i32);
        imp.board_view.set_content_height(height.round() as i32);
        imp.board_view.show_position(board, None);
        imp.board_view.set_path(path);
        imp.board_view.set_state_text(&playout_words(
            board.shape(),
            &playout,
            board.side_to_move(),
        ));
        imp.playout.replace(playout);
        imp.board_view.queue_draw();
    }

    /// The rows of `choice`'s children, the pick marked.
    fn show_children(
        &self,
        shape: Shape,
        choice: Option<&StepChoice>,
        path: &[usize],
        pick: Pick,
        selection: Selection,
    ) {
        let imp = self.imp();
        let rows: Vec<(Vec<String>, String, Pick)> = choice.map_or_else(Vec::new, |choice| {
            choice
                .children
                .iter()
                .map(|child| {
                    let mark = if child.node == choice.picked {
                        pick
                    } else {
                        Pick::No
                    };
                    (
                        child_cells(shape, child, selection),
                        child_line(shape, child, selection, mark),
                        mark,
                    )
                })
                .collect()
        });
        imp.children_table.fit(
            &imp.column_headings,
            &imp.children_list,
            column_headings(shape, selection),
        );
        imp.children_table.show(
            &imp.children_list,
            &rows
                .iter()
                .map(|(cells, line, mark)| Row {
                    cells: cells.clone(),
                    mark: pick_mark(*mark),
                    line: line.clone(),
                    highlighted: *mark != Pick::No,
                })
                .collect::<Vec<_>>(),
        );
        imp.row_lines.replace(
            rows.into_iter()
                .map(|(_, line, mark)| (line, mark))
                .collect(),
        );
        let Some(choice) = choice else {
            imp.heading_label.set_label(&gettext(
                "The root has no children yet: the first step expands it.",
            ));
            imp.legend_label.set_label("");
            return;
        };
        imp.heading_label
            .set_label(&choice_heading(shape, choice, path));
        imp.legend_label.set_label(&terms_legend(choice, selection));
    }

    /// The charts: the most visited root moves' means against the steps,
    /// with their exact values, and every root move's share of the visits.
    fn show_charts(&self) {
        let imp = self.imp();
        let Some(board) = imp.recipe.borrow().as_ref().map(|recipe| *recipe.board()) else {
            return;
        };
        let selection = self.selection();
        let mut samples: Vec<Sample> = imp.history.borrow().samples().to_vec();
        if let Some(search) = imp.search.borrow().as_ref() {
            let now = Sample::of(search.as_ref());
            if samples
                .last()
                .is_none_or(|last| last.playouts < now.playouts)
            {
                samples.push(now);
            }
        }
        let moves = root_moves(&board);
        let exact = imp.exact.borrow();
        let latest = samples.last();
        let mut charted: Vec<usize> = (0..moves.len()).collect();
        charted.sort_by_key(|&index| {
            std::cmp::Reverse(latest.map_or(0, |sample| sample.visits[index]))
        });
        charted.truncate(CHARTED_MOVES);
        charted.sort_unstable();
        let cell_name = |index: usize| move_place(board.shape(), moves[index]);
        let estimates = charted
            .iter()
            .map(|&index| MoveEstimates {
                name: cell_name(index),
                points: samples
                    .iter()
                    .filter_map(|sample| {
                        sample.means[index].map(|mean| (u64::from(sample.playouts), mean))
                    })
                    .collect(),
                exact: exact.get(index).copied().flatten(),
            })
            .collect();
        let steps_name = match selection {
            Selection::Ucb => gettext("playouts"),
            Selection::Puct => gettext("simulations"),
        };
        imp.convergence_chart.set_chart(Chart {
            title: gettext("Each move's mean closing in on its exact value"),
            data: ChartData::Convergence {
                steps: steps_name,
                moves: estimates,
            },
        });
        let total: u32 = latest.map_or(0, |sample| sample.visits.iter().sum());
        let bars = latest
            .filter(|_| total > 0)
            .map(|sample| {
                (0..moves.len())
                    .map(|index| {
                        let visits = sample.visits[index];
                        let share = 100.0 * f64::from(visits) / f64::from(total);
                        Bar {
                            label: cell_name(index),
                            family: Family::Mcts,
                            value: share,
                            spread: None,
                            figure: fill(
                                &gettext("{share} ({visits} of {total})"),
                                &[
                                    ("share", &percent(share, 1)),
                                    ("visits", &group(u64::from(visits))),
                                    ("total", &group(u64::from(total))),
                                ],
                            ),
                        }
                    })
                    .collect()
            })
            .unwrap_or_default();
        imp.share_chart.set_chart(Chart {
            title: gettext("Each move's share of the root's visits"),
            data: ChartData::Bars {
                axis: gettext("share of the visits (%)"),
                bars,
            },
        });
    }

    /// The sentences of the children's rows (what a screen reader says
    /// for each), in cell order, for the tests.
    pub fn child_texts(&self) -> Vec<String> {
        self.imp()
            .row_lines
            .borrow()
            .iter()
            .map(|(line, _)| line.clone())
            .collect()
    }

    /// The sentences of the beliefs' rows (what a screen reader says for
    /// each), in cell order (none but for the neural search), for the
    /// tests.
    pub fn belief_texts(&self) -> Vec<String> {
        self.imp().belief_lines.borrow().clone()
    }

    /// The heading over the beliefs' rows, for the tests.
    pub fn beliefs_heading(&self) -> String {
        self.imp().beliefs_heading.label().to_string()
    }

    /// The status line, for the tests.
    pub fn status_text(&self) -> String {
        self.imp().status_label.label().to_string()
    }

    /// The sentence of the row marked as selection's pick, for the tests.
    pub fn picked_text(&self) -> Option<String> {
        self.imp()
            .row_lines
            .borrow()
            .iter()
            .find(|(_, mark)| *mark != Pick::No)
            .map(|(line, _)| line.clone())
    }

    pub fn summary_text(&self) -> String {
        self.imp().summary_label.label().to_string()
    }

    /// The phase's sentence, for the tests.
    pub fn phase_text(&self) -> String {
        self.imp().phase_label.label().to_string()
    }

    /// The steps run so far (`None` while a job has the search), for the
    /// tests.
    pub fn steps(&self) -> Option<u32> {
        self.imp()
            .search
            .borrow()
            .as_ref()
            .map(|search| search.steps())
    }

    /// The job is running, for the tests.
    pub fn is_running(&self) -> bool {
        self.imp().job.is_running()
    }

    pub fn convergence_chart(&self) -> ChartView {
        self.imp().convergence_chart.clone()
    }

    pub fn share_chart(&self) -> ChartView {
        self.imp().share_chart.clone()
    }

    /// What a screen reader hears for the path's picture.
    pub fn path_description(&self) -> String {
        self.imp().path_words.borrow().clone()
    }

    /// What a screen reader hears for the board.
    pub fn board_description(&self) -> String {
        self.imp().board_view.description()
    }

    /// The board, for the tests.
    pub fn board_view(&self) -> BoardView {
        self.imp().board_view.get()
    }

    pub fn exploration_spin(&self) -> gtk::SpinButton {
        self.imp().exploration_spin.get()
    }

    pub fn search_dropdown(&self) -> gtk::DropDown {
        self.imp().search_dropdown.get()
    }
}
