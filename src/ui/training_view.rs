//! The Training window: a learning player (MENACE, the TD learner, or the
//! neural player by self-play only) plays games against an opponent or
//! itself on a thread of its own, learning after each, starting from what
//! the window's learner has learned. The learning curve grows as it plays:
//! each block's wins, draws and losses, MENACE's beads in its first box,
//! the neural player's exam and losses, and the same in words. When the training ends, is stopped or fails, what was learned is
//! the window's learner's and is saved.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::game::{LEARNERS, LearnedStates, SEARCH_TIME_LIMIT};
use crate::ui::charts::chart::{Chart, ChartData, Series};
use crate::ui::charts::chart_view::{self, ChartView};
use crate::ui::shared::background::{self, Job, JobWindow};
use crate::ui::shared::{accessible, popup_tooltips};
use crate::ui::widgets::board_picker::BoardPicker;
use crate::ui::widgets::game_settings::parse_seed;
use crate::ui::widgets::player_picker::{DEPTH_ENTRY, chosen_difficulty, difficulty_entry};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::learners::neural::SelfPlay;
use tictactoe_engine::learners::td::EXPLORATION;
use tictactoe_engine::learners::{LearnError, Learner, LearnerState};
use tictactoe_engine::player_kind::{PlayerKind, PlayerOptions};
use tictactoe_files::learner_state::{LockError, lock_for_training};
use tictactoe_tools::neural_training::{
    NetworkExam, SetMistakes, TEACHER_STONES, Teacher, has_test_sets,
};
use tictactoe_tools::training::{
    Block, Opponent, Sides, Training, TrainingStopped, block_line, train,
};
use tictactoe_words::Words;
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::numbers::{group, percent};
use tictactoe_words::players::PlayerWords;
use tictactoe_words::position::board_name;

/// How often the training thread sends the curve at most: a 3x3 game takes
/// microseconds, far faster than a person or the window follows.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(50);

/// About how many points the curve has: enough to see its shape, few
/// enough for each to be a block of games whose shares mean something.
const CURVE_POINTS: u64 = 100;

/// Connect Four's test sets, a row each in the table of the exam.
const TEST_SET_COUNT: usize = tictactoe_tools::exam::TEST_SETS.len();

/// The sides the side list offers, in its order.
const SIDES: [Sides; 3] = [Sides::X, Sides::O, Sides::Both];

/// The neural player's teachers the teacher list offers, in its order.
const TEACHERS: [Teacher; 2] = [Teacher::Search, Teacher::Solver];

/// The teacher as the teacher list and the status line say it.
fn teacher_choice(teacher: Teacher) -> String {
    match teacher {
        Teacher::Search => gettext("its own search (self-play)"),
        Teacher::Solver => gettext("the solver (perfect labels)"),
    }
}

/// The teacher in a chart's legend, short so that three lines fit 640 px.
fn teacher_legend(teacher: Teacher) -> String {
    match teacher {
        Teacher::Search => gettext("self-play"),
        Teacher::Solver => gettext("solver-taught"),
    }
}

/// The curve of the latest finished or stopped training of the neural
/// player by a teacher on a board, kept for the session to compare with
/// the other teacher's.
#[derive(Debug, Clone)]
struct TaughtCurve {
    teacher: Teacher,
    shape: Shape,
    curve: Vec<Block>,
}

/// The games a training of `kind` starts with: enough for the curve to
/// settle (TD learns from smaller steps than MENACE's beads).
fn default_games(kind: PlayerKind) -> u32 {
    match kind {
        PlayerKind::Menace => 2_000,
        // Enough for its search never to lose, and its bare policy nearly.
        PlayerKind::Neural => 1_000,
        _ => 20_000,
    }
}

/// The players the opponent list offers after the learner itself: the
/// computer players that do not learn.
fn opponents() -> Vec<PlayerKind> {
    PlayerKind::NON_LEARNERS
        .into_iter()
        .filter(|&kind| kind != PlayerKind::Human)
        .collect()
}

/// The games per point of the curve for a training of `games` games.
pub fn block_size(games: u64) -> u64 {
    games.div_ceil(CURVE_POINTS).max(1)
}

/// "1,200 of 2,000 games".
fn games_text(done: u64, total: u64) -> String {
    fill(
        &ngettext(
            "{done} of {total} game",
            "{done} of {total} games",
            plural_count(total),
        ),
        &[("done", &group(done)), ("total", &group(total))],
    )
}

/// What the training's thread tells the window.
enum Message {
    /// The curve so far.
    Progress(Vec<Block>),
    /// The training ended, was stopped or failed: what the learner has
    /// learned, with the curve.
    Done {
        state: LearnerState,
        curve: Vec<Block>,
        result: Result<(), TrainingStopped>,
    },
}

/// A training under way or done, as the window shows it.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Run {
    learner: PlayerKind,
    /// The board it trains on.
    shape: Shape,
    training: Training,
    /// The games the learner had learned from before.
    games_before: u64,
}

mod imp {
    use crate::ui::shared::help::{self, GuidePage};
    use std::cell::{Cell, OnceCell, RefCell};
    use std::rc::Rc;

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib, prelude::*};

    use super::{Run, TaughtCurve};
    use crate::game::LearnedStates;
    use crate::ui::charts::chart_view::ChartView;
    use crate::ui::shared::background::{self, Job};
    use crate::ui::widgets::board_picker::BoardPicker;
    use tictactoe_tools::training::Block;

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/training_view.ui")]
    pub struct TrainingView {
        #[template_child]
        pub(super) start_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) stop_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) learner_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) side_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) opponent_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) difficulty_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) depth_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub(super) games_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub(super) seed_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) refill_check: TemplateChild<gtk::CheckButton>,
        #[template_child]
        pub(super) teacher_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) teacher_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) learned_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) progress_bar: TemplateChild<gtk::ProgressBar>,
        #[template_child]
        pub(super) status_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) curve_chart: TemplateChild<ChartView>,
        #[template_child]
        pub(super) beads_chart: TemplateChild<ChartView>,
        #[template_child]
        pub(super) exam_chart: TemplateChild<ChartView>,
        #[template_child]
        pub(super) sets_heading: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) sets_grid: TemplateChild<gtk::Grid>,
        #[template_child]
        pub(super) lost_lines_chart: TemplateChild<ChartView>,
        #[template_child]
        pub(super) loss_chart: TemplateChild<ChartView>,
        #[template_child]
        pub(super) curve_lines: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) no_curve_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) exploration_note: TemplateChild<gtk::Label>,
        /// The lines of the curve shown under `curve_lines`, a block each.
        pub(super) shown_lines: RefCell<Vec<gtk::Label>>,
        /// The running training.
        pub(super) job: Job,
        /// The main window's learners, which training starts from and
        /// leaves what it learned with.
        pub(super) learned: OnceCell<Rc<RefCell<LearnedStates>>>,
        /// The main window's board, which the neural player trains on.
        pub(super) board: OnceCell<BoardPicker>,
        /// The latest training, running or done.
        pub(super) run: Cell<Option<Run>>,
        pub(super) curve: RefCell<Vec<Block>>,
        /// The neural player's latest curve by each teacher on each board
        /// this session (in memory only), drawn beside the other
        /// teacher's.
        pub(super) taught_curves: RefCell<Vec<TaughtCurve>>,
        /// The running training's hold on its learner's state file, let
        /// go once what was learned is saved.
        pub(super) lock: RefCell<Option<tictactoe_files::learner_state::TrainingLock>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TrainingView {
        const NAME: &'static str = "TictactoeTrainingView";
        type Type = super::TrainingView;
        type ParentType = gtk::Window;

        fn class_init(klass: &mut Self::Class) {
            ChartView::ensure_type();
            klass.bind_template();
            klass.install_action("training.start", None, |view, _, _| view.start());
            klass.install_action("training.stop", None, |view, _, _| view.stop());
            help::install_help_action(klass, "training.help", GuidePage::Training);
            background::install_keys(klass, "training", "training.start");
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for TrainingView {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().setup();
        }
    }

    impl WidgetImpl for TrainingView {}

    impl WindowImpl for TrainingView {
        fn close_request(&self) -> glib::Propagation {
            // The training stops with the window; what it learned is kept.
            self.obj().stop();
            self.parent_close_request()
        }
    }
}

glib::wrapper! {
    pub struct TrainingView(ObjectSubclass<imp::TrainingView>)
        @extends gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root,
                    gtk::ShortcutManager;
}

impl TrainingView {
    /// A Training window over `parent`, training `learned`'s learners,
    /// the neural player on the board `board` (the main window's) picks.
    pub fn new(
        parent: &impl IsA<gtk::Window>,
        learned: Rc<RefCell<LearnedStates>>,
        board: BoardPicker,
    ) -> TrainingView {
        let view: TrainingView = background::new_window(parent);
        let _ = view.imp().learned.set(learned);
        board.connect_changed(glib::clone!(
            #[weak]
            view,
            move |_| {
                // A training goes on on its board; between trainings the
                // window shows the new board's learner.
                if !view.is_running() {
                    if view.learner() == PlayerKind::Neural || view.imp().run.get().is_none() {
                        view.forget_training();
                    }
                    view.show_learned();
                    view.enable_controls();
                }
            }
        ));
        let _ = view.imp().board.set(board);
        view.show_learned();
        view.forget_training();
        view
    }

    /// The board `kind` trains on: the main window's for the neural
    /// player, which plays every board; 3x3 for MENACE and TD.
    pub fn training_shape(&self, kind: PlayerKind) -> Shape {
        match self.imp().board.get() {
            Some(board) if kind.check_shape(board.shape()).is_ok() => board.shape(),
            _ => Shape::TIC_TAC_TOE,
        }
    }

    /// The board the window shows `kind` on: the latest training's if it
    /// trained `kind`, else the one it would train on.
    fn shown_shape(&self, kind: PlayerKind) -> Shape {
        self.imp()
            .run
            .get()
            .filter(|run| run.learner == kind)
            .map_or_else(|| self.training_shape(kind), |run| run.shape)
    }

    fn setup(&self) {
        let imp = self.imp();
        popup_tooltips::give_way_to_popups(self);
        for button in [&*imp.start_button, &*imp.stop_button] {
            accessible::name_button_by_its_label(button);
        }
        let learners: Vec<String> = LEARNERS.iter().map(|kind| kind.display_name()).collect();
        let sides = [gettext("X"), gettext("O"), gettext("X and O in turn")];
        let opponents: Vec<String> = std::iter::once(gettext("Itself"))
            .chain(opponents().into_iter().map(PlayerWords::display_name))
            .collect();
        let teachers = TEACHERS.map(teacher_choice);
        for (dropdown, items, name) in [
            (&*imp.learner_dropdown, &learners[..], gettext("Learner")),
            (&*imp.side_dropdown, &sides[..], gettext("Side")),
            (&*imp.opponent_dropdown, &opponents[..], gettext("Opponent")),
            (
                &*imp.teacher_dropdown,
                &teachers[..],
                gettext("Learns from"),
            ),
        ] {
            let items: Vec<&str> = items.iter().map(String::as_str).collect();
            dropdown.set_model(Some(&gtk::StringList::new(&items)));
            dropdown.set_factory(Some(&accessible::string_item_factory(|_| None)));
            accessible::name_dropdown_parts(dropdown, &name);
        }
        accessible::set_label(&*imp.refill_check, &gettext("Refill empty boxes"));
        imp.difficulty_dropdown
            .set_factory(Some(&accessible::string_item_factory(|_| None)));
        let difficulty_name = gettext("Opponent's difficulty");
        accessible::set_label(&*imp.difficulty_dropdown, &difficulty_name);
        accessible::name_dropdown_parts(&imp.difficulty_dropdown, &difficulty_name);
        accessible::set_label(&*imp.depth_spin, &gettext("Opponent's search depth"));
        // Random plays at once and loses often: every learner's curve
        // climbs against it.
        imp.opponent_dropdown.set_selected(1);
        imp.learner_dropdown.connect_selected_notify(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| {
                let kind = view.learner();
                view.imp()
                    .games_spin
                    .set_value(f64::from(default_games(kind)));
                // The neural player learns by self-play only.
                if kind == PlayerKind::Neural {
                    view.imp().opponent_dropdown.set_selected(0);
                }
                view.enable_controls();
                view.show_learned();
                // The other learner's training, its curve and its words,
                // are not this one's. (The list waits while one runs.)
                if !view.is_running() {
                    view.forget_training();
                }
            }
        ));
        imp.opponent_dropdown.connect_selected_notify(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.enable_controls()
        ));
        // The kept curve of the other teacher is drawn beside this one's.
        imp.teacher_dropdown.connect_selected_notify(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| {
                if !view.is_running() {
                    view.show_curve();
                }
            }
        ));
        imp.difficulty_dropdown
            .connect_selected_notify(glib::clone!(
                #[weak(rename_to = view)]
                self,
                move |dropdown| {
                    view.imp()
                        .depth_spin
                        .set_visible(dropdown.selected() == DEPTH_ENTRY)
                }
            ));
        imp.games_spin
            .set_value(f64::from(default_games(self.learner())));
        chart_view::show_saves(
            &[
                &imp.curve_chart,
                &imp.beads_chart,
                &imp.exam_chart,
                &imp.lost_lines_chart,
                &imp.loss_chart,
            ],
            &imp.status_label,
        );
        self.forget_training();
        self.enable_controls();
    }

    /// Shows no training: the chosen learner's empty charts, ready to start.
    fn forget_training(&self) {
        let imp = self.imp();
        imp.run.set(None);
        imp.curve.replace(Vec::new());
        self.show_curve();
        background::show_share(&imp.progress_bar, 0, 0, "");
        let hint = gettext(
            "Choose the learner, its side, its opponent and how many games, then press Start.",
        );
        let board = if self.learner() == PlayerKind::Neural {
            fill(
                &gettext(
                    "The neural player trains on the main window's board, now {board}: the window keeps a network for each board.",
                ),
                &[(
                    "board",
                    &board_name(self.training_shape(PlayerKind::Neural)),
                )],
            )
        } else {
            gettext(
                "MENACE and TD train on 3x3, whatever the main window's board: the window keeps what they learn for 3x3 only.",
            )
        };
        self.show_status(&format!("{hint} {board}"), false);
    }

    // The controls, for the tests to drive the window as a person would.

    pub fn learner_dropdown(&self) -> gtk::DropDown {
        self.imp().learner_dropdown.get()
    }

    pub fn side_dropdown(&self) -> gtk::DropDown {
        self.imp().side_dropdown.get()
    }

    pub fn opponent_dropdown(&self) -> gtk::DropDown {
        self.imp().opponent_dropdown.get()
    }

    pub fn games_spin(&self) -> gtk::SpinButton {
        self.imp().games_spin.get()
    }

    pub fn seed_entry(&self) -> gtk::Entry {
        self.imp().seed_entry.get()
    }

    pub fn refill_check(&self) -> gtk::CheckButton {
        self.imp().refill_check.get()
    }

    /// The neural player's teacher: its own search or the solver.
    pub fn teacher_dropdown(&self) -> gtk::DropDown {
        self.imp().teacher_dropdown.get()
    }

    pub fn start_button(&self) -> gtk::Button {
        self.imp().start_button.get()
    }

    pub fn stop_button(&self) -> gtk::Button {
        self.imp().stop_button.get()
    }

    pub fn curve_chart(&self) -> ChartView {
        self.imp().curve_chart.get()
    }

    pub fn beads_chart(&self) -> ChartView {
        self.imp().beads_chart.get()
    }

    /// The neural player's exam per block: on 3x3 its bare policy's
    /// optimal first choices; on Connect Four the mean of its mistake
    /// rates on the six test sets, bare and with search at Medium.
    pub fn exam_chart(&self) -> ChartView {
        self.imp().exam_chart.get()
    }

    /// Connect Four: each test set's mistake rates after the latest
    /// block, in words, a row per set.
    pub fn test_set_rows(&self) -> Vec<String> {
        let grid = &self.imp().sets_grid;
        (0..TEST_SET_COUNT as i32 + 1)
            .map(|row| {
                (0..3)
                    .filter_map(|column| grid.child_at(column, row))
                    .filter_map(|child| child.downcast::<gtk::Label>().ok())
                    .map(|label| label.label().to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// The heading over the test sets' rows.
    pub fn test_sets_heading(&self) -> gtk::Label {
        self.imp().sets_heading.get()
    }

    /// The neural player's exam per block: the lines of replies that beat
    /// its bare policy.
    pub fn lost_lines_chart(&self) -> ChartView {
        self.imp().lost_lines_chart.get()
    }

    /// The neural player's policy and value loss per block.
    pub fn loss_chart(&self) -> ChartView {
        self.imp().loss_chart.get()
    }

    /// Under TD's curve: why it loses some training games.
    pub fn exploration_note(&self) -> gtk::Label {
        self.imp().exploration_note.get()
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

    /// What the window says the learner has learned so far.
    pub fn learned_text(&self) -> String {
        self.imp().learned_label.label().into()
    }

    /// The curve in words as it shows, a line per block.
    pub fn curve_lines(&self) -> Vec<String> {
        self.imp()
            .shown_lines
            .borrow()
            .iter()
            .map(|label| label.label().into())
            .collect()
    }

    /// The curve of the latest training.
    pub fn curve(&self) -> Vec<Block> {
        self.imp().curve.borrow().clone()
    }

    /// The latest training, as started.
    pub fn training(&self) -> Option<Training> {
        self.imp().run.get().map(|run| run.training)
    }

    pub fn is_running(&self) -> bool {
        self.imp().job.is_running()
    }

    /// The learner chosen in the list.
    pub fn learner(&self) -> PlayerKind {
        LEARNERS
            .get(self.imp().learner_dropdown.selected() as usize)
            .copied()
            .unwrap_or(LEARNERS[0])
    }

    /// Chooses `kind` (a learner) in the list.
    pub fn set_learner(&self, kind: PlayerKind) {
        if let Some(index) = LEARNERS.iter().position(|&learner| learner == kind) {
            self.imp().learner_dropdown.set_selected(index as u32);
        }
    }

    /// Chooses the learner's side.
    pub fn set_sides(&self, sides: Sides) {
        if let Some(index) = SIDES.iter().position(|&each| each == sides) {
            self.imp().side_dropdown.set_selected(index as u32);
        }
    }

    /// Chooses the opponent: the learner itself, or a player at a
    /// difficulty (its other options are the window's).
    pub fn set_opponent(&self, opponent: Opponent) {
        let imp = self.imp();
        match opponent {
            Opponent::Itself => imp.opponent_dropdown.set_selected(0),
            Opponent::Player(kind, options) => {
                if let Some(index) = opponents().iter().position(|&each| each == kind) {
                    imp.opponent_dropdown.set_selected(index as u32 + 1);
                }
                let (entry, depth) = difficulty_entry(options.difficulty);
                if let Some(depth) = depth {
                    imp.depth_spin.set_value(f64::from(depth));
                }
                imp.difficulty_dropdown.set_selected(entry);
            }
        }
    }

    /// The opponent the controls describe.
    pub fn opponent(&self) -> Opponent {
        let imp = self.imp();
        let chosen = (imp.opponent_dropdown.selected() as usize)
            .checked_sub(1)
            .and_then(|index| opponents().get(index).copied());
        let Some(kind) = chosen else {
            return Opponent::Itself;
        };
        let difficulty = if kind.uses_depth() {
            chosen_difficulty(
                imp.difficulty_dropdown.selected(),
                imp.depth_spin.value_as_int(),
            )
        } else {
            Default::default()
        };
        Opponent::Player(
            kind,
            PlayerOptions {
                difficulty,
                time_limit: Some(SEARCH_TIME_LIMIT),
                ..PlayerOptions::default()
            },
        )
    }

    /// Whether the solver can teach the neural player on the board it
    /// trains on: only with gravity.
    fn solver_teaches(&self) -> bool {
        self.learner() == PlayerKind::Neural && self.training_shape(PlayerKind::Neural).gravity()
    }

    /// The teacher chosen, where the solver can teach; else its search.
    fn teacher(&self) -> Teacher {
        let chosen = TEACHERS
            .get(self.imp().teacher_dropdown.selected() as usize)
            .copied()
            .unwrap_or_default();
        if self.solver_teaches() {
            chosen
        } else {
            Teacher::Search
        }
    }

    /// The teacher of the training shown, or the one chosen.
    fn shown_teacher(&self) -> Teacher {
        self.imp()
            .run
            .get()
            .map_or_else(|| self.teacher(), |run| run.training.teacher)
    }

    /// " It learns from the solver (perfect labels)." for the neural
    /// player's status lines; nothing for the others.
    fn teacher_sentence(&self, run: &Run, template: &str) -> String {
        if run.learner != PlayerKind::Neural {
            return String::new();
        }
        format!(
            " {}",
            fill(
                template,
                &[("teacher", &teacher_choice(run.training.teacher))]
            )
        )
    }

    fn sides(&self) -> Sides {
        SIDES
            .get(self.imp().side_dropdown.selected() as usize)
            .copied()
            .unwrap_or(Sides::X)
    }

    fn learned(&self) -> &Rc<RefCell<LearnedStates>> {
        self.imp()
            .learned
            .get()
            .expect("given as the window is made")
    }

    /// Start: trains the chosen learner from what it has learned, on a
    /// thread of its own.
    pub fn start(&self) {
        let imp = self.imp();
        if self.is_running() {
            return;
        }
        let seed = match parse_seed(
            &imp.seed_entry.text(),
            &gettext(
                "The seed must be a whole number from 0 to {max}, or empty for a new one: no training was started.",
            ),
        ) {
            // A new seed short enough to type in again, as `train` draws.
            Ok(seed) => seed.unwrap_or_else(|| u64::from(rand::random::<u32>())),
            Err(refusal) => {
                self.show_status(&refusal, true);
                return;
            }
        };
        let learner = self.learner();
        // As `train` does: a second trainer of the file would save over
        // one's games. A lock file that cannot be made (a read-only
        // directory) only means the state cannot be saved either, which
        // the end of the training says.
        let shape = self.training_shape(learner);
        let path = self.learned().borrow().path_on(learner, shape);
        let lock = match path.as_deref().map(lock_for_training) {
            Some(Err(error @ LockError::Busy)) => {
                self.show_status(
                    &fill(
                        &gettext(
                            "{learner} cannot be trained now: {reason}. No training was started.",
                        ),
                        &[("learner", &learner.display_name()), ("reason", &error)],
                    ),
                    true,
                );
                return;
            }
            Some(Ok(lock)) => Some(lock),
            Some(Err(LockError::Io(_))) | None => None,
        };
        let games = imp.games_spin.value_as_int().max(1) as u64;
        let training = Training {
            opponent: self.opponent(),
            sides: self.sides(),
            games,
            block: block_size(games),
            seed,
            threads: 0,
            teacher: self.teacher(),
        };
        let Some(mut state) = self.learned().borrow().state_on(learner, shape) else {
            // Not reached: `training_shape` is a board the learner plays.
            return;
        };
        if let Learner::Menace(menace) = &mut state.learner {
            menace.refill = imp.refill_check.is_active();
        }
        let run = Run {
            learner,
            shape,
            training,
            games_before: state.games,
        };
        imp.job.start(
            self,
            "training",
            move |cancel, sender| {
                let progress_sender = sender.clone();
                let mut last_report: Option<Instant> = None;
                // At most `CURVE_POINTS` blocks (`block_size`).
                let mut curve = Vec::new();
                let result = train(&mut state, &training, cancel, |block| {
                    curve.push(*block);
                    if last_report.is_none_or(|last| last.elapsed() >= PROGRESS_INTERVAL) {
                        last_report = Some(Instant::now());
                        progress_sender.send(Message::Progress(curve.clone()));
                    }
                });
                sender.send(Message::Done {
                    state,
                    curve,
                    result,
                });
            },
            glib::clone!(
                #[weak(rename_to = view)]
                self,
                move |message| view.receive(message)
            ),
        );
        imp.run.set(Some(run));
        imp.lock.replace(lock);
        imp.curve.replace(Vec::new());
        self.show_curve();
        self.show_progress(0);
        self.enable_controls();
        let teacher = self.teacher_sentence(&run, &gettext("It learns from {teacher}."));
        self.show_status(
            &format!(
                "{}{teacher}",
                fill(
                    &gettext(
                        "Training {learner} on {board} as {side} against {opponent}, seed {seed}…",
                    ),
                    &[
                        ("learner", &learner.display_name()),
                        ("board", &board_name(shape)),
                        ("side", &self.side_name(training.sides)),
                        ("opponent", &self.opponent_name(training.opponent, shape)),
                        ("seed", &seed),
                    ],
                )
            ),
            false,
        );
    }

    /// Stop: no new game starts; what was learned is kept.
    pub fn stop(&self) {
        self.imp().job.cancel();
    }

    /// Stop, waiting for the game being played to end and keeping (and
    /// saving) what was learned at once: for when the app quits.
    pub fn stop_and_keep(&self) {
        self.imp().job.cancel_and_finish();
    }

    fn receive(&self, message: Message) {
        match message {
            Message::Progress(curve) => {
                let done = curve.last().map_or(0, |block| block.games);
                self.imp().curve.replace(curve);
                self.show_curve();
                self.show_progress(done);
            }
            Message::Done {
                state,
                curve,
                result,
            } => {
                self.imp().job.finished();
                self.keep_taught_curve(&curve);
                self.imp().curve.replace(curve);
                self.show_curve();
                self.finish(state, result);
                self.enable_controls();
            }
        }
    }

    /// Keeps the neural player's finished or stopped curve as its
    /// teacher's latest on its board.
    fn keep_taught_curve(&self, curve: &[Block]) {
        let Some(run) = self.imp().run.get() else {
            return;
        };
        if run.learner != PlayerKind::Neural || curve.is_empty() {
            return;
        }
        let (teacher, shape) = (run.training.teacher, run.shape);
        let mut kept = self.imp().taught_curves.borrow_mut();
        kept.retain(|taught| (taught.teacher, taught.shape) != (teacher, shape));
        kept.push(TaughtCurve {
            teacher,
            shape,
            curve: curve.to_vec(),
        });
    }

    /// The kept curve of the teacher other than `teacher` on `shape`.
    fn other_teachers_curve(&self, teacher: Teacher, shape: Shape) -> Option<TaughtCurve> {
        self.imp()
            .taught_curves
            .borrow()
            .iter()
            .find(|taught| taught.teacher != teacher && taught.shape == shape)
            .cloned()
    }

    /// Hands what the learner learned to the window's learners, which save
    /// it, and says how the training went.
    fn finish(&self, state: LearnerState, result: Result<(), TrainingStopped>) {
        let Some(run) = self.imp().run.get() else {
            return;
        };
        let played = state.games.saturating_sub(run.games_before);
        let total = state.games;
        let saved = if played > 0 {
            self.learned().borrow_mut().replace(state)
        } else {
            Ok(())
        };
        self.imp().lock.take();
        self.show_progress(played);
        self.show_learned();
        let learner = run.learner.display_name();
        let board = board_name(run.shape);
        let games = run.training.games;
        let mut message = match &result {
            Ok(()) => fill(
                &ngettext(
                    "Finished: {learner} played {games} game on {board} against {opponent}, seed {seed}; it has learned from {total} games there in all.",
                    "Finished: {learner} played {games} games on {board} against {opponent}, seed {seed}; it has learned from {total} games there in all.",
                    plural_count(games),
                ),
                &[
                    ("learner", &learner),
                    ("board", &board),
                    ("games", &group(games)),
                    (
                        "opponent",
                        &self.opponent_name(run.training.opponent, run.shape),
                    ),
                    ("seed", &run.training.seed),
                    ("total", &group(total)),
                ],
            ),
            Err(TrainingStopped::Cancelled) => fill(
                &gettext(
                    "Stopped after {progress} on {board}, seed {seed}: what {learner} learned in them is kept; it has learned from {total} games there in all.",
                ),
                &[
                    ("progress", &games_text(played, games)),
                    ("board", &board),
                    ("seed", &run.training.seed),
                    ("learner", &learner),
                    ("total", &group(total)),
                ],
            ),
            Err(TrainingStopped::SelfPlayOnly) => LearnError::SelfPlayOnly.words(),
            Err(TrainingStopped::Failed(reason)) => fill(
                &gettext(
                    "The training stopped after {progress}: {reason}. What {learner} learned in them is kept.",
                ),
                &[
                    ("progress", &games_text(played, games)),
                    ("reason", reason),
                    ("learner", &learner),
                ],
            ),
        };
        message.push_str(&self.teacher_sentence(&run, &gettext("It learned from {teacher}.")));
        if let Err(error) = &saved {
            message.push(' ');
            message.push_str(error);
        }
        let failed = saved.is_err()
            || matches!(
                result,
                Err(TrainingStopped::Failed(_) | TrainingStopped::SelfPlayOnly)
            );
        self.show_status(&message, failed);
    }

    /// "MENACE has learned from 2,000 games so far."
    fn show_learned(&self) {
        let Some(learned) = self.imp().learned.get() else {
            return;
        };
        let kind = self.learner();
        let shape = self.shown_shape(kind);
        let Some(state) = learned.borrow().state_on(kind, shape) else {
            return;
        };
        let games = state.games;
        // The variant is the learner's own, kept in its state.
        let refill = &self.imp().refill_check;
        refill.set_visible(kind == PlayerKind::Menace);
        refill.set_active(matches!(&state.learner, Learner::Menace(menace) if menace.refill));
        self.imp().learned_label.set_label(&fill(
            &ngettext(
                "{learner} has learned from {count} game on {board} so far; training goes on from there.",
                "{learner} has learned from {count} games on {board} so far; training goes on from there.",
                plural_count(games),
            ),
            &[
                ("learner", &kind.display_name()),
                ("count", &group(games)),
                ("board", &board_name(shape)),
            ],
        ));
    }

    /// Brings the window up to date with what the learners learned
    /// elsewhere (the main window's games), as it is shown again.
    pub fn refresh(&self) {
        self.show_learned();
    }

    fn show_progress(&self, done: u64) {
        let Some(run) = self.imp().run.get() else {
            return;
        };
        let games = run.training.games;
        let text = if self.is_running() {
            fill(
                &gettext("Training {learner}… {progress}"),
                &[
                    ("learner", &run.learner.display_name()),
                    ("progress", &games_text(done, games)),
                ],
            )
        } else {
            games_text(done, games)
        };
        background::show_share(&self.imp().progress_bar, done, games, &text);
    }

    /// The charts and the words of the curve so far.
    fn show_curve(&self) {
        let imp = self.imp();
        let curve = imp.curve.borrow().clone();
        let learner = imp
            .run
            .get()
            .map_or_else(|| self.learner(), |run| run.learner);
        imp.curve_chart.set_chart(Chart {
            title: gettext("Learning curve: the learner's results per block of games"),
            data: ChartData::LearningCurve(curve.clone()),
        });
        let beads = curve.iter().any(|block| block.first_box_beads.is_some());
        imp.beads_chart
            .set_visible(learner == PlayerKind::Menace && (beads || curve.is_empty()));
        imp.beads_chart.set_chart(Chart {
            title: gettext("Beads in MENACE's first box, the empty board's"),
            data: ChartData::FirstBoxBeads(curve.clone()),
        });
        let neural = learner == PlayerKind::Neural;
        let shape = self.shown_shape(learner);
        let on_3x3 = shape == Shape::TIC_TAC_TOE;
        let test_sets = neural && has_test_sets(shape);
        imp.exploration_note
            .set_visible(learner == PlayerKind::Td || neural);
        imp.exploration_note.set_label(&if neural {
            let exam = if on_3x3 {
                gettext(
                    "Its bare policy, the network's first choice without a search, is what the charts below examine: the share of the 4,520 open positions where that choice is optimal, and how many lines of replies beat it as X and as O.",
                )
            } else if test_sets {
                gettext(
                    "After each block the solver examines it on a sample of each of the six Connect Four test sets: the share of positions where its move is a mistake, bare (the network's first choice without a search) and with its search at Medium. The chart below shows the mean of the six sets, the table under it each set after the latest block.",
                )
            } else {
                gettext(
                    "This board has no exam of its moves: the chart below shows how the network's loss falls as it learns.",
                )
            };
            let opening = fill(
                &gettext(
                    "Its self-play games open with up to {plies} random moves, so that it meets positions good play never reaches, and these often decide the game: the curve counts them.",
                ),
                &[("plies", &SelfPlay::on(shape).random_plies)],
            );
            format!("{opening} {exam}")
        } else {
            fill(
                &gettext(
                    "While it trains, TD plays a random move with a chance of {percent}, to explore, so it loses some training games even once it has learned: the curve counts them. Its best play, as in the window's games, is what the lines below examine: how many lines of replies beat it as X and as O (none and none: it never loses).",
                ),
                &[("percent", &percent(EXPLORATION * 100.0, 0))],
            )
        });
        imp.exam_chart.set_visible(neural && (on_3x3 || test_sets));
        imp.lost_lines_chart.set_visible(neural && on_3x3);
        imp.loss_chart.set_visible(neural);
        let series_of =
            |curve: &[Block],
             name: String,
             decimals,
             percent,
             value: &dyn Fn(&Block, &NetworkExam) -> Option<f64>| Series {
                name,
                points: curve
                    .iter()
                    .filter_map(|block| Some((block.games, value(block, &block.network?)?)))
                    .collect(),
                decimals,
                percent,
            };
        let series = |name: String,
                      decimals,
                      percent,
                      value: &dyn Fn(&Block, &NetworkExam) -> Option<f64>| {
            series_of(&curve, name, decimals, percent, value)
        };
        let lines = |block: &Block, side: usize| block.lost_lines.map(|lines| lines[side] as f64);
        if test_sets {
            // Twelve lines (six sets, bare and searched) would need more
            // colours than a chart keeps apart and a legend wider than the
            // window: their mean is the curve, each set is in the table.
            let mean = |rate: fn(&SetMistakes) -> f64| {
                move |_: &Block, exam: &NetworkExam| {
                    let sets = exam.test_sets?;
                    Some(100.0 * sets.iter().map(rate).sum::<f64>() / sets.len() as f64)
                }
            };
            // Each line is named by its teacher; the other teacher's kept
            // curve adds its line with search, the one the player plays
            // with (a fourth line would not fit 640 px).
            let teacher = self.shown_teacher();
            let named = |teacher: Teacher, template: String| {
                fill(&template, &[("teacher", &teacher_legend(teacher))])
            };
            let mut lines = vec![
                series(
                    named(teacher, gettext("{teacher}, bare")),
                    1,
                    true,
                    &mean(|set| set.bare),
                ),
                series(
                    named(teacher, gettext("{teacher}, with search")),
                    1,
                    true,
                    &mean(|set| set.searched),
                ),
            ];
            if let Some(other) = self.other_teachers_curve(teacher, shape) {
                lines.push(series_of(
                    &other.curve,
                    named(other.teacher, gettext("{teacher}, with search")),
                    1,
                    true,
                    &mean(|set| set.searched),
                ));
            }
            imp.exam_chart.set_chart(Chart {
                title: gettext("The exam on the six test sets: the mean of their mistake rates"),
                data: ChartData::Lines {
                    axis: gettext("mistake rate"),
                    series: lines,
                },
            });
        } else {
            // A share and a count each on an axis of its own.
            imp.exam_chart.set_chart(Chart {
                title: gettext("The bare policy's exam: its first choices"),
                data: ChartData::Lines {
                    axis: gettext("share of positions"),
                    series: vec![series(
                        gettext("first choice optimal"),
                        1,
                        true,
                        &|block, exam| {
                            block.lost_lines?;
                            Some(100.0 * exam.optimal_share)
                        },
                    )],
                },
            });
        }
        self.show_test_sets(test_sets, &curve);
        imp.lost_lines_chart.set_chart(Chart {
            title: gettext("The bare policy's exam: the lines of replies that beat it"),
            data: ChartData::Lines {
                axis: gettext("lines lost"),
                series: vec![
                    series(gettext("lines lost as X"), 0, false, &|block, _| {
                        lines(block, 0)
                    }),
                    series(gettext("lines lost as O"), 0, false, &|block, _| {
                        lines(block, 1)
                    }),
                ],
            },
        });
        imp.loss_chart.set_chart(Chart {
            title: gettext("The network's loss while it learns"),
            data: ChartData::Lines {
                axis: gettext("loss per position"),
                series: vec![
                    series(gettext("policy loss"), 3, false, &|_, exam| {
                        Some(exam.policy_loss)
                    }),
                    series(gettext("value loss"), 3, false, &|_, exam| {
                        Some(exam.value_loss)
                    }),
                ],
            },
        });
        // The curve only grows during a training: the lines shown stay
        // and the new blocks' are added; a new training starts afresh.
        let mut shown = imp.shown_lines.borrow_mut();
        if shown.len() > curve.len() {
            for label in shown.drain(..) {
                imp.curve_lines.remove(&label);
            }
        }
        for index in shown.len()..curve.len() {
            let previous = index.checked_sub(1).map_or(0, |i| curve[i].games);
            let label = gtk::Label::builder()
                .label(block_line(previous, &curve[index]))
                .xalign(0.0)
                .wrap(true)
                .build();
            imp.curve_lines.append(&label);
            shown.push(label);
        }
        imp.no_curve_label.set_visible(curve.is_empty());
    }

    /// Connect Four: a row per test set, its mistake rates bare and with
    /// search at Medium after the latest block (and the first, to compare),
    /// under a heading that says after how many games.
    fn show_test_sets(&self, shown: bool, curve: &[Block]) {
        let imp = self.imp();
        let grid = &imp.sets_grid;
        while let Some(child) = grid.first_child() {
            grid.remove(&child);
        }
        let latest = curve
            .iter()
            .rev()
            .find_map(|block| Some((block.games, block.network?.test_sets?)));
        let shown = shown && latest.is_some();
        imp.sets_heading.set_visible(shown);
        grid.set_visible(shown);
        let Some((games, sets)) = latest.filter(|_| shown) else {
            return;
        };
        imp.sets_heading.set_label(&fill(
            &ngettext(
                "Mistakes on each test set after {games} game, as shares of its positions",
                "Mistakes on each test set after {games} games, as shares of its positions",
                plural_count(games),
            ),
            &[("games", &group(games))],
        ));
        let cell = |text: &str, column, row, heading: bool| {
            let label = gtk::Label::builder()
                .label(text)
                .xalign(if column == 0 { 0.0 } else { 1.0 })
                .build();
            if heading {
                label.add_css_class("dim-label");
            }
            grid.attach(&label, column, row, 1, 1);
        };
        cell(&gettext("Test set"), 0, 0, true);
        cell(&gettext("bare"), 1, 0, true);
        cell(&gettext("with search at Medium"), 2, 0, true);
        for (row, set) in sets.iter().enumerate() {
            let row = row as i32 + 1;
            cell(set.set, 0, row, false);
            cell(&percent(100.0 * set.bare, 0), 1, row, false);
            cell(&percent(100.0 * set.searched, 0), 2, row, false);
        }
    }

    fn side_name(&self, sides: Sides) -> String {
        match sides {
            Sides::X => gettext("X"),
            Sides::O => gettext("O"),
            Sides::Both => gettext("X and O in turn"),
        }
    }

    fn opponent_name(&self, opponent: Opponent, shape: Shape) -> String {
        match opponent {
            Opponent::Itself => gettext("itself"),
            Opponent::Player(kind, options) => tictactoe_words::report::describe_player(
                kind,
                options.difficulty,
                shape,
                tictactoe_words::report::TextStyle::WINDOW,
            ),
        }
    }

    /// Enables Start or Stop, the settings between trainings, and the
    /// difficulty for the opponents that search to a depth.
    fn enable_controls(&self) {
        let imp = self.imp();
        let running = imp.job.is_running();
        self.action_set_enabled("training.start", !running);
        self.action_set_enabled("training.stop", running);
        for control in [
            imp.learner_dropdown.upcast_ref::<gtk::Widget>(),
            imp.side_dropdown.upcast_ref(),
            imp.opponent_dropdown.upcast_ref(),
            imp.games_spin.upcast_ref(),
            imp.seed_entry.upcast_ref(),
            imp.refill_check.upcast_ref(),
        ] {
            control.set_sensitive(!running);
        }
        // The neural player learns by self-play only.
        let neural = self.learner() == PlayerKind::Neural;
        if neural {
            imp.opponent_dropdown.set_sensitive(false);
        }
        imp.teacher_label.set_visible(neural);
        imp.teacher_dropdown.set_visible(neural);
        let solver_teaches = self.solver_teaches();
        imp.teacher_dropdown
            .set_sensitive(!running && solver_teaches);
        imp.teacher_dropdown.set_tooltip_text(Some(&if solver_teaches {
            fill(
                &gettext(
                    "Its own search: it learns from its search's choices and its games' results, as AlphaZero does. The solver: the same self-play games, but each position from {stones} stones on is labelled perfectly by the solver (the columns that keep its value, and that value); earlier positions are left out.",
                ),
                &[("stones", &TEACHER_STONES)],
            )
        } else {
            fill(
                &gettext(
                    "Only on a board with gravity can the solver teach: on {board} the neural player learns from its own search.",
                ),
                &[("board", &board_name(self.training_shape(PlayerKind::Neural)))],
            )
        }));
        let searches = matches!(self.opponent(), Opponent::Player(kind, _) if kind.uses_depth());
        imp.difficulty_dropdown.set_sensitive(!running && searches);
        imp.depth_spin.set_sensitive(!running && searches);
    }

    fn show_status(&self, text: &str, error: bool) {
        background::show_status(&self.imp().status_label, text, error);
    }
}

impl JobWindow for TrainingView {
    fn job(&self) -> &Job {
        &self.imp().job
    }

    fn status_label(&self) -> gtk::Label {
        self.imp().status_label.get()
    }

    /// The learner went with the thread: its lock goes too.
    fn job_crashed(&self) {
        self.imp().lock.take();
        self.enable_controls();
    }
}
