//! The Practice window: an exercise of the chosen kind and level (or on a
//! tree typed in), drawn as textbooks draw trees; the learner selects a
//! node (click, or the arrow keys on the tree) and types its value and
//! window, or marks the edge into it pruned (Space, or a click on the
//! edge); Check points at the first wrong step in search order and says
//! why; Show solution plays the search a step at a time. The tree as shown
//! exports as SVG, PNG or DOT.

use std::cell::{Cell, RefCell};
use std::time::Duration;

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::shared::board_painting::{BoardLayout, BoardPalette};
use crate::ui::shared::file_dialog::FileChooser;
use crate::ui::shared::painting::set_colour;
use crate::ui::shared::tree_painting::{self, Marks, Palette};
use crate::ui::shared::tree_picture::{self, PictureFormat};
use crate::ui::shared::{accessible, popup_tooltips};
use crate::ui::widgets::board_view::BoardView;
use tictactoe_engine::abstract_tree::search::Limit;
use tictactoe_engine::abstract_tree::text::parse;
use tictactoe_engine::abstract_tree::{AbstractTree, Decision, NodeId, NodeKind};
use tictactoe_engine::board::Board;
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Fail, PlayerKind, Prune, SearchSettings};
use tictactoe_engine::players::mcts::EXPLORATION;
use tictactoe_files::practice_progress::{PracticeRecord, default_progress_path};
use tictactoe_tools::exercise::answer::{Answer, parse_limit, parse_value};
use tictactoe_tools::exercise::positions::{BestMoveProblem, MctsProblem};
use tictactoe_tools::exercise::score::{Attempt, Score, Tally};
use tictactoe_tools::exercise::words::{
    exercise_error_words, problem_words, question_words, tally_words, unfit_words, verdict_words,
};
use tictactoe_tools::exercise::{Conventions, Exercise, Kind, Level, Problem, Verdict, levels};
use tictactoe_tools::tree_drawing::solution::SolutionSteps;
use tictactoe_tools::tree_drawing::{
    Drawing, Layout, Shown, abstract_drawing, layout, outline, path_text,
};
use tictactoe_words::abstract_tree::{
    leaf_range_words, limit_words, node_words, parse_error_words, short_value_words,
};
use tictactoe_words::i18n::{fill, gettext, ngettext, plural_count};
use tictactoe_words::position::{move_number, move_numbers};

/// How long Show solution shows each step.
const STEP_INTERVAL: Duration = Duration::from_millis(900);
/// Seeds drawn for new exercises stay short enough to type on the command
/// line.
const SEEDS: u32 = 100_000;
/// How much a zoom step enlarges the tree, and the smallest and largest
/// scale: fitting a large tree stops at the smallest (it then scrolls),
/// and a small one is never drawn larger than its own size.
const ZOOM_STEP: f64 = 1.25;
const SMALLEST_SCALE: f64 = 0.3;
const LARGEST_SCALE: f64 = 3.0;

mod imp {
    use super::*;
    use crate::ui::shared::help::{self, GuidePage};

    #[derive(Default, gtk::CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/practice/practice_view.ui")]
    pub struct PracticeView {
        #[template_child]
        pub(super) settings: TemplateChild<gtk::FlowBox>,
        #[template_child]
        pub(super) kind_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) level_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) root_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) conventions_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) chance_check: TemplateChild<gtk::CheckButton>,
        #[template_child]
        pub(super) tree_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) use_tree_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) question_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) command_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) picture_stack: TemplateChild<gtk::Stack>,
        #[template_child]
        pub(super) tree_scroller: TemplateChild<gtk::ScrolledWindow>,
        #[template_child]
        pub(super) tree_area: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub(super) board_area: TemplateChild<BoardView>,
        #[template_child]
        pub(super) problem_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) node_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) fields: TemplateChild<gtk::FlowBox>,
        #[template_child]
        pub(super) leaf_field: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) leaf_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) value_field: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) value_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) alpha_field: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) alpha_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) beta_field: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) beta_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) pruned_check: TemplateChild<gtk::CheckButton>,
        #[template_child]
        pub(super) order_field: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) order_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) move_field: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) move_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) move_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) outcome_field: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) outcome_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) bounded_field: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) bounded_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) line_field: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) line_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) changes_field: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) keeps_check: TemplateChild<gtk::CheckButton>,
        #[template_child]
        pub(super) changes_check: TemplateChild<gtk::CheckButton>,
        #[template_child]
        pub(super) answer_entry: TemplateChild<gtk::Entry>,
        #[template_child]
        pub(super) check_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) solution_button: TemplateChild<gtk::ToggleButton>,
        #[template_child]
        pub(super) verdict_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) score_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) outline_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) outline_expander: TemplateChild<gtk::Expander>,
        #[template_child]
        pub(super) new_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) position_button: TemplateChild<gtk::Button>,
        #[template_child]
        pub(super) export_button: TemplateChild<gtk::MenuButton>,
        pub(super) exercise: RefCell<Option<Exercise>>,
        /// The main window's position as it is now: This Position asks on
        /// it, and positions are drawn on its board.
        pub(super) game_position: RefCell<Option<GamePosition>>,
        pub(super) answer: RefCell<Answer>,
        /// The tree's node the answer fields are for.
        pub(super) selected: Cell<Option<NodeId>>,
        /// The node of the first wrong step the last Check found.
        pub(super) wrong: Cell<Option<NodeId>>,
        /// Show solution: its steps and how many are shown.
        pub(super) solution: RefCell<Option<(SolutionSteps, usize)>>,
        pub(super) solution_timer: RefCell<Option<glib::SourceId>>,
        /// The tree as shown, and where its nodes are.
        pub(super) shown: RefCell<Option<(Drawing, Layout)>>,
        /// The scale the tree is drawn at; `None`: fitted to its area.
        pub(super) zoom: Cell<Option<f64>>,
        /// How often this exercise has been checked, whether its solution
        /// was shown before a check said correct, and whether it has been
        /// counted in the score.
        pub(super) checks: Cell<u32>,
        pub(super) solution_seen: Cell<bool>,
        pub(super) solved: Cell<bool>,
        pub(super) counted: Cell<bool>,
        /// The exercises of this session, and of all time (kept in the
        /// user's data directory).
        pub(super) session: RefCell<Score>,
        pub(super) record: RefCell<Option<PracticeRecord>>,
        /// Set while the fields are filled from the answer, so that their
        /// change handlers leave the answer alone.
        pub(super) filling: Cell<bool>,
        /// Set while a level sets the conventions, which then make no
        /// exercise of their own.
        pub(super) choosing: Cell<bool>,
        pub(super) file_chooser: FileChooser,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for PracticeView {
        const NAME: &'static str = "TictactoePracticeView";
        type Type = super::PracticeView;
        type ParentType = gtk::Window;

        fn class_init(klass: &mut Self::Class) {
            BoardView::ensure_type();
            klass.bind_template();
            klass.install_action("practice.new", None, |view, _, _| view.new_exercise());
            klass.install_action("practice.use-tree", None, |view, _, _| view.use_tree());
            klass.install_action("practice.this-position", None, |view, _, _| {
                view.use_game_position()
            });
            klass.install_action("practice.check", None, |view, _, _| view.check());
            klass.install_action("practice.toggle-solution", None, |view, _, _| {
                let button = &view.imp().solution_button;
                button.set_active(!button.is_active());
            });
            klass.install_action(
                "practice.export",
                Some(glib::VariantTy::STRING),
                |view, _, format| {
                    if let Some(format) =
                        format.and_then(|format| format.str().and_then(PictureFormat::named))
                    {
                        view.choose_export_file(format);
                    }
                },
            );
            klass.install_action("practice.close", None, |view, _, _| view.close());
            klass.install_action("practice.zoom-in", None, |view, _, _| {
                view.zoom_by(ZOOM_STEP)
            });
            klass.install_action("practice.zoom-out", None, |view, _, _| {
                view.zoom_by(1.0 / ZOOM_STEP)
            });
            klass.install_action("practice.zoom-fit", None, |view, _, _| view.set_zoom(None));
            help::install_help_action(klass, "practice.help", GuidePage::Practice);
            use gtk::gdk::{Key, ModifierType};
            let control = ModifierType::CONTROL_MASK;
            let bindings: [(Key, ModifierType, &str, Option<&str>); 11] = [
                (Key::n, control, "practice.new", None),
                (Key::Return, control, "practice.check", None),
                (
                    Key::F5,
                    ModifierType::empty(),
                    "practice.toggle-solution",
                    None,
                ),
                (Key::w, control, "practice.close", None),
                (Key::plus, control, "practice.zoom-in", None),
                (Key::equal, control, "practice.zoom-in", None),
                (Key::KP_Add, control, "practice.zoom-in", None),
                (Key::minus, control, "practice.zoom-out", None),
                (Key::KP_Subtract, control, "practice.zoom-out", None),
                (Key::_0, control, "practice.zoom-fit", None),
                (Key::Escape, ModifierType::empty(), "practice.close", None),
            ];
            for (key, modifiers, action, target) in bindings {
                let shortcut = gtk::Shortcut::new(
                    Some(gtk::KeyvalTrigger::new(key, modifiers)),
                    Some(gtk::NamedAction::new(action)),
                );
                if let Some(target) = target {
                    shortcut.set_arguments(Some(&target.to_variant()));
                }
                klass.add_shortcut(&shortcut);
            }
            for shortcut in tree_picture::shortcuts("practice.export") {
                klass.add_shortcut(&shortcut);
            }
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for PracticeView {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().setup();
        }
    }

    impl WidgetImpl for PracticeView {}

    impl WindowImpl for PracticeView {
        fn close_request(&self) -> glib::Propagation {
            self.solution_button.set_active(false);
            self.obj().count_exercise();
            self.parent_close_request()
        }
    }
}

glib::wrapper! {
    pub struct PracticeView(ObjectSubclass<imp::PracticeView>)
        @extends gtk::Window, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Native, gtk::Root,
                    gtk::ShortcutManager;
}

/// Shows or hides an answer field, with the flow box's cell around it (a
/// cell left showing would keep the hidden field's place).
fn show_field(field: &impl IsA<gtk::Widget>, visible: bool) {
    field.set_visible(visible);
    if let Some(cell) = field.parent().and_downcast::<gtk::FlowBoxChild>() {
        cell.set_visible(visible);
    }
}

/// Text typed into a field, with the minus sign a person may paste.
fn typed(entry: &gtk::Entry) -> String {
    entry.text().trim().replace('−', "-")
}

/// Marks `entry` as holding something that cannot be read, or not.
fn show_unreadable(entry: &gtk::Entry, unreadable: bool) {
    if unreadable {
        entry.add_css_class("error");
    } else {
        entry.remove_css_class("error");
    }
}

impl PracticeView {
    pub fn new(parent: &impl IsA<gtk::Window>) -> PracticeView {
        crate::ui::shared::background::new_window(parent)
    }

    fn setup(&self) {
        let imp = self.imp();
        // The level first: it sets the conventions before they are heard.
        imp.level_dropdown.connect_selected_notify(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.use_level_conventions()
        ));
        for (dropdown, name) in [
            (&*imp.kind_dropdown, gettext("Exercise")),
            (&*imp.level_dropdown, gettext("Level")),
            (&*imp.root_dropdown, gettext("Root")),
            (&*imp.conventions_dropdown, gettext("Conventions")),
        ] {
            accessible::name_dropdown_parts(dropdown, &name);
            dropdown.set_factory(Some(&accessible::string_item_factory(|_| None)));
            dropdown.connect_selected_notify(glib::clone!(
                #[weak(rename_to = view)]
                self,
                move |_| {
                    if !view.imp().choosing.get() {
                        view.new_exercise();
                    }
                }
            ));
        }
        imp.level_dropdown.set_selected(1);
        imp.chance_check.connect_toggled(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.new_exercise()
        ));
        for button in [
            &*imp.new_button,
            &*imp.position_button,
            &*imp.use_tree_button,
            &*imp.check_button,
        ] {
            accessible::name_button_by_its_label(button);
        }
        accessible::name_button_by_its_label(&*imp.solution_button);
        accessible::set_label(&*imp.export_button, &gettext("Export"));
        imp.outline_expander.connect_expanded_notify(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.show_outline()
        ));
        imp.tree_entry.connect_activate(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.use_tree()
        ));
        popup_tooltips::give_way_to_popups(self);
        self.setup_tree_area();
        self.setup_board_area();
        self.setup_fields();
        imp.solution_button.connect_toggled(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |button| view.show_solution(button.is_active())
        ));
        self.new_exercise();
        let (record, problem) = PracticeRecord::load(default_progress_path());
        imp.record.replace(Some(record));
        self.show_score();
        if let Some(problem) = problem {
            self.say(&problem.to_string(), true);
        }
    }

    /// Sets the conventions to the chosen level's.
    fn use_level_conventions(&self) {
        let imp = self.imp();
        let level = self.level();
        let place = Conventions::ALL
            .iter()
            .position(|&conventions| conventions == level.conventions)
            .unwrap_or(0);
        imp.choosing.set(true);
        imp.conventions_dropdown.set_selected(place as u32);
        imp.choosing.set(false);
    }

    /// The chosen level, with the conventions chosen.
    fn level(&self) -> Level {
        let imp = self.imp();
        levels()[(imp.level_dropdown.selected() as usize).min(3)]
    }

    fn conventions(&self) -> Conventions {
        Conventions::ALL
            [(self.imp().conventions_dropdown.selected() as usize).min(Conventions::ALL.len() - 1)]
    }

    /// Counts the exercise shown in the score, once, if it was tried: on
    /// the first correct check, when its solution is shown, or when the
    /// learner moves on from it after checking.
    fn count_exercise(&self) {
        let imp = self.imp();
        let tried = imp.checks.get() > 0 || imp.solution_seen.get();
        if imp.counted.get() || !tried {
            return;
        }
        let Some(exercise) = self.exercise() else {
            return;
        };
        imp.counted.set(true);
        let attempt = Attempt {
            solved: imp.solved.get(),
            first_check: imp.solved.get() && imp.checks.get() == 1,
        };
        imp.session
            .borrow_mut()
            .record(exercise.kind, exercise.level, attempt);
        let saved = imp
            .record
            .borrow_mut()
            .as_mut()
            .map(|record| record.record(exercise.kind, exercise.level, attempt));
        self.show_score();
        if let Some(Err(error)) = saved {
            self.say(&error.to_string(), true);
        }
    }

    /// The score line: this session's and all time's, the exercise shown
    /// counted as tried once it has been checked.
    fn show_score(&self) {
        let imp = self.imp();
        let checked_now = imp.checks.get() > 0 && !imp.counted.get();
        let with_this = |mut tally: Tally| {
            if checked_now {
                tally.tried = tally.tried.saturating_add(1);
            }
            tally
        };
        let all_time = imp
            .record
            .borrow()
            .as_ref()
            .map(|record| record.score().total())
            .unwrap_or_default();
        imp.score_label.set_label(&fill(
            &gettext("This session: {session}. All time: {all_time}."),
            &[
                (
                    "session",
                    &tally_words(&with_this(imp.session.borrow().total())),
                ),
                ("all_time", &tally_words(&with_this(all_time))),
            ],
        ));
    }

    /// Chooses the kind of exercise (as the kind list does).
    pub fn choose_kind(&self, kind: Kind) {
        if let Some(place) = Kind::ALL.iter().position(|&each| each == kind) {
            self.imp().kind_dropdown.set_selected(place as u32);
        }
    }

    /// What the line under the buttons says: the verdict, a step of the
    /// solution, or why something typed was refused.
    pub fn verdict_text(&self) -> String {
        self.imp().verdict_label.label().into()
    }

    /// The line that gives the same exercise's command.
    pub fn command_text(&self) -> String {
        self.imp().command_label.label().into()
    }

    /// What the exercise asks, and the problem's lines beside the board.
    pub fn question_text(&self) -> (String, String) {
        let imp = self.imp();
        (
            imp.question_label.label().into(),
            imp.problem_label.label().into(),
        )
    }

    /// The names the exercise list shows, in its order.
    pub fn kind_names(&self) -> Vec<String> {
        let model = self.imp().kind_dropdown.model();
        model
            .and_downcast::<gtk::StringList>()
            .map(|list| {
                (0..list.n_items())
                    .filter_map(|place| list.string(place))
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Chooses the level and the conventions (as their lists do), then
    /// draws a new exercise.
    pub fn choose_level(&self, level: u32, conventions: Option<u32>) {
        let imp = self.imp();
        imp.level_dropdown.set_selected(level - 1);
        if let Some(conventions) = conventions {
            imp.conventions_dropdown.set_selected(conventions);
        }
    }

    /// The score line: this session's and all time's.
    pub fn score_text(&self) -> String {
        self.imp().score_label.label().into()
    }

    /// The selected node in words, as the heading over the fields says.
    pub fn node_text(&self) -> String {
        self.imp().node_label.label().into()
    }

    /// The tree as drawn, in words (the text equivalent of the picture),
    /// once The tree in words is open.
    pub fn outline_text(&self) -> String {
        self.imp().outline_label.label().into()
    }

    /// Opens The tree in words, as a click on it does.
    pub fn open_outline(&self) {
        self.imp().outline_expander.set_expanded(true);
    }

    pub fn board_view(&self) -> BoardView {
        self.imp().board_area.get()
    }

    pub fn position_button(&self) -> gtk::Button {
        self.imp().position_button.clone()
    }

    pub fn export_button(&self) -> gtk::MenuButton {
        self.imp().export_button.clone()
    }

    pub fn tree_area(&self) -> gtk::DrawingArea {
        self.imp().tree_area.clone()
    }

    /// The selected node's value field.
    pub fn value_entry(&self) -> gtk::Entry {
        self.imp().value_entry.clone()
    }

    pub fn tree_entry(&self) -> gtk::Entry {
        self.imp().tree_entry.clone()
    }

    pub fn answer_entry(&self) -> gtk::Entry {
        self.imp().answer_entry.clone()
    }

    pub fn line_entry(&self) -> gtk::Entry {
        self.imp().line_entry.clone()
    }

    pub fn move_entry(&self) -> gtk::Entry {
        self.imp().move_entry.clone()
    }

    /// The choices whether a deeper search keeps the move or changes it.
    pub fn changes_checks(&self) -> (gtk::CheckButton, gtk::CheckButton) {
        let imp = self.imp();
        (imp.keeps_check.clone(), imp.changes_check.clone())
    }

    /// Where on the tree's picture the edge into the node at `path` has its
    /// middle.
    pub fn edge_middle(&self, path: &[usize]) -> Option<(f64, f64)> {
        let imp = self.imp();
        let id = imp.exercise.borrow().as_ref()?.tree()?.find(path)?;
        let shown = imp.shown.borrow();
        let (drawing, placed) = shown.as_ref()?;
        let parent = drawing.nodes[id].parent?;
        let (x1, y1) = tree_painting::place(placed, parent);
        let (x2, y2) = tree_painting::place(placed, id);
        let (middle, _) = self.on_screen(((x1 + x2) / 2.0, (y1 + y2) / 2.0 + 6.0))?;
        Some(middle)
    }

    /// Where on the tree's picture the node at `path` has its centre, and
    /// half its size there.
    pub fn node_centre(&self, path: &[usize]) -> Option<((f64, f64), f64)> {
        let imp = self.imp();
        let id = imp.exercise.borrow().as_ref()?.tree()?.find(path)?;
        let centre = tree_painting::place(&imp.shown.borrow().as_ref()?.1, id);
        let (centre, scale) = self.on_screen(centre)?;
        Some((centre, tree_painting::HALF * scale))
    }

    /// The path to the node selected (the node a step of Show solution is
    /// at).
    pub fn selected_path(&self) -> Option<Vec<usize>> {
        let imp = self.imp();
        let exercise = imp.exercise.borrow();
        Some(exercise.as_ref()?.tree()?.path(imp.selected.get()?))
    }

    /// The exercise shown.
    pub fn exercise(&self) -> Option<Exercise> {
        self.imp().exercise.borrow().clone()
    }

    /// The answer given so far.
    pub fn answer(&self) -> Answer {
        self.imp().answer.borrow().clone()
    }

    fn kind(&self) -> Kind {
        Kind::ALL[(self.imp().kind_dropdown.selected() as usize).min(Kind::ALL.len() - 1)]
    }

    fn root_side(&self) -> Decision {
        if self.imp().root_dropdown.selected() == 1 {
            Decision::Min
        } else {
            Decision::Max
        }
    }

    /// The main window's position now, if Practice follows one.
    fn game_position(&self) -> Option<Board> {
        self.imp()
            .game_position
            .borrow()
            .as_ref()
            .and_then(|position| position())
    }

    /// The board positions are drawn on: the main window's, 3x3 without
    /// one.
    fn board_shape(&self) -> Shape {
        self.game_position()
            .map_or(Shape::TIC_TAC_TOE, |board| board.shape())
    }

    /// Follows the main window's position, `position` giving it as it is
    /// now: This Position asks on it, and positions are drawn on its board.
    pub fn follow_game(&self, position: impl Fn() -> Option<Board> + 'static) {
        self.imp().game_position.replace(Some(Box::new(position)));
        self.board_changed();
    }

    /// A position exercise shown on another board than the main window's
    /// is drawn again on the main window's board.
    pub fn board_changed(&self) {
        let shape = self.board_shape();
        let elsewhere = self
            .exercise()
            .and_then(|exercise| exercise.position().map(|board| board.shape() != shape))
            .unwrap_or(false);
        if elsewhere {
            self.new_exercise();
        }
    }

    /// This Position: an exercise of the chosen kind (best move, or Monte
    /// Carlo at the chosen level's playouts) on the main window's
    /// position; else says why not in words, the exercise shown staying.
    pub fn use_game_position(&self) {
        let Some(board) = self.game_position() else {
            return;
        };
        let kind = self.kind();
        let made = match kind {
            Kind::BestMove => Exercise::best_move(BestMoveProblem {
                board,
                player: PlayerKind::AlphaBeta,
                settings: SearchSettings::default(),
            }),
            Kind::Mcts => {
                let seed = u64::from(glib::random_int_range(0, SEEDS as i32) as u32);
                Exercise::mcts(MctsProblem::new(
                    board,
                    seed,
                    self.level().playouts,
                    EXPLORATION,
                ))
            }
            _ => {
                self.say(
                    &if kind.on_horizon() {
                        gettext(
                            "The horizon's exercises draw Connect Four positions of their own: choose Best move or Monte Carlo for the main window's position.",
                        )
                    } else {
                        gettext(
                            "Minimax values, alpha-beta and move order are asked on trees: choose Best move or Monte Carlo for a position.",
                        )
                    },
                    true,
                );
                self.reveal_verdict();
                return;
            }
        };
        match made {
            Ok(exercise) => self.show_exercise(exercise),
            Err(error) => {
                self.say(
                    &fill(
                        &gettext("The main window's position cannot be used: {reason}."),
                        &[("reason", &exercise_error_words(error))],
                    ),
                    true,
                );
                self.reveal_verdict();
            }
        }
    }

    /// Scrolls the window's content so that the line under the buttons is
    /// in sight: a refusal said there is read where the button was pressed.
    fn reveal_verdict(&self) {
        let label = self.imp().verdict_label.get();
        let Some(scroller) = label
            .ancestor(gtk::ScrolledWindow::static_type())
            .and_downcast::<gtk::ScrolledWindow>()
        else {
            return;
        };
        let Some(content) = scroller.child() else {
            return;
        };
        // After the label's new text is laid out.
        glib::idle_add_local_once(move || {
            let Some(bounds) = label.compute_bounds(&content) else {
                return;
            };
            let adjustment = scroller.vadjustment();
            let bottom = f64::from(bounds.y() + bounds.height());
            if bottom > adjustment.value() + adjustment.page_size() {
                adjustment.set_value(bottom - adjustment.page_size());
            }
        });
    }

    /// A new exercise of the chosen kind at the chosen level, from a seed
    /// drawn at random.
    fn new_exercise(&self) {
        let seed = u64::from(glib::random_int_range(0, SEEDS as i32) as u32);
        self.make_exercise(seed);
    }

    /// The exercise of the chosen kind, level and root from `seed`.
    pub fn make_exercise(&self, seed: u64) {
        let imp = self.imp();
        let kind = self.kind();
        imp.chance_check.set_sensitive(kind == Kind::Minimax);
        imp.root_dropdown.set_sensitive(kind.on_tree());
        imp.conventions_dropdown
            .set_sensitive(matches!(kind, Kind::AlphaBeta | Kind::Order));
        let mut level = self.level();
        level.shape.root = self.root_side();
        level.conventions = self.conventions();
        let chance = kind == Kind::Minimax && imp.chance_check.is_active();
        match Exercise::at_level(kind, &level, seed, chance, self.board_shape()) {
            Ok(exercise) => self.show_exercise(exercise),
            Err(error) => self.say(&exercise_error_words(error), true),
        }
    }

    /// Makes the exercise on the tree typed in, with the chosen kind and
    /// the chosen level's conventions.
    fn use_tree(&self) {
        let imp = self.imp();
        let kind = self.kind();
        if !kind.on_tree() {
            self.say(
                &if kind.on_horizon() {
                    gettext(
                        "The horizon's exercises draw Connect Four positions of their own: choose minimax values, alpha-beta or move order for a tree.",
                    )
                } else {
                    gettext(
                        "Best move and Monte Carlo exercises are asked on positions: choose minimax values, alpha-beta or move order for a tree.",
                    )
                },
                true,
            );
            return;
        }
        let text = imp.tree_entry.text();
        let tree = match parse(&text, self.root_side()) {
            Ok(tree) => tree,
            Err(error) => {
                show_unreadable(&imp.tree_entry, true);
                self.say(&parse_error_words(&error, &text), true);
                return;
            }
        };
        show_unreadable(&imp.tree_entry, false);
        let level = self.level();
        match Exercise::on_tree(kind, tree, self.conventions(), level.asks) {
            Ok(exercise) => self.show_exercise(Exercise {
                level: Some(level.number),
                ..exercise
            }),
            Err(error) => self.say(&exercise_error_words(error), true),
        }
    }

    /// Shows `exercise` unanswered.
    pub fn show_exercise(&self, exercise: Exercise) {
        let imp = self.imp();
        imp.solution_button.set_active(false);
        self.count_exercise();
        imp.question_label.set_label(&question_words(&exercise));
        imp.command_label.set_label(&fill(
            &gettext("The same exercise on the command line: {command}"),
            &[("command", &command_line(&exercise))],
        ));
        // Gravity boards (the horizon's kinds too) are answered by column.
        imp.move_entry
            .set_tooltip_text(Some(&if exercise.move_shape().gravity() {
                gettext("A column from 1 on the left, or click it on the board")
            } else {
                gettext("A cell from 1, or click it on the board")
            }));
        let on_tree = exercise.tree().is_some();
        imp.picture_stack
            .set_visible_child_name(if on_tree { "tree" } else { "position" });
        imp.problem_label
            .set_label(&problem_words(&exercise).join("\n"));
        if let Some(board) = exercise.position() {
            imp.board_area.reset(board.shape());
            imp.board_area.show_position(*board, None);
            imp.board_area.set_accepting(true);
        }
        let kind = exercise.kind;
        show_field(
            &*imp.value_field,
            kind == Kind::Minimax
                || kind == Kind::DepthValue
                || (kind == Kind::AlphaBeta && exercise.asks.values),
        );
        show_field(
            &*imp.alpha_field,
            kind == Kind::AlphaBeta && exercise.asks.windows,
        );
        show_field(
            &*imp.beta_field,
            kind == Kind::AlphaBeta && exercise.asks.windows,
        );
        show_field(&*imp.pruned_check, kind == Kind::AlphaBeta);
        show_field(&*imp.order_field, kind == Kind::Order);
        show_field(
            &*imp.move_field,
            matches!(kind, Kind::BestMove | Kind::Mcts | Kind::Deeper),
        );
        imp.move_label
            .set_text_with_mnemonic(&if kind == Kind::Mcts {
                gettext("_Pick")
            } else {
                gettext("_Move")
            });
        show_field(&*imp.outcome_field, kind == Kind::BestMove);
        show_field(&*imp.bounded_field, kind == Kind::BestMove);
        show_field(&*imp.line_field, kind == Kind::DecidingLeaf);
        show_field(&*imp.changes_field, kind == Kind::Deeper);
        imp.export_button.set_sensitive(on_tree);
        imp.exercise.replace(Some(exercise));
        imp.answer.replace(Answer::default());
        imp.selected.set(on_tree.then_some(0));
        imp.wrong.set(None);
        imp.checks.set(0);
        imp.solution_seen.set(false);
        imp.solved.set(false);
        imp.counted.set(false);
        self.say("", false);
        self.answer_changed(true);
    }

    /// After the answer changed: the tree, the fields and the text.
    fn answer_changed(&self, rewrite_text: bool) {
        let imp = self.imp();
        if rewrite_text {
            imp.filling.set(true);
            let text = self
                .exercise()
                .map(|exercise| exercise.answer_text(&imp.answer.borrow()))
                .unwrap_or_default();
            imp.answer_entry.set_text(&text);
            show_unreadable(&imp.answer_entry, false);
            imp.filling.set(false);
        }
        self.redraw();
        self.fill_fields();
        imp.board_area.queue_draw();
    }

    /// Draws the tree again as the answer (or the solution so far) says.
    fn redraw(&self) {
        let imp = self.imp();
        let exercise = imp.exercise.borrow();
        let Some(tree) = exercise.as_ref().and_then(Exercise::tree) else {
            imp.shown.replace(None);
            return;
        };
        let solution_shown_whole = imp.solution_button.is_active();
        let drawing = match (&*imp.solution.borrow(), exercise.as_ref()) {
            (Some((steps, shown)), _) => steps.drawing(*shown),
            // Move order has no steps to play: its solution whole.
            (None, Some(exercise)) if solution_shown_whole && exercise.kind == Kind::Order => {
                abstract_drawing(tree, Shown::Answer(&exercise.solution()))
            }
            _ => abstract_drawing(tree, Shown::Answer(&*imp.answer.borrow())),
        };
        let placed = layout(&drawing);
        self.size_tree_area(&placed);
        accessible::set_description(&*imp.tree_area, &drawing.title);
        imp.shown.replace(Some((drawing, placed)));
        self.show_outline();
        imp.tree_area.queue_draw();
    }

    /// The tree in words, while it is open: a large tree's outline is
    /// long, and laying it out for every key typed would slow typing.
    fn show_outline(&self) {
        let imp = self.imp();
        if !imp.outline_expander.is_expanded() {
            return;
        }
        if let Some((drawing, _)) = &*imp.shown.borrow() {
            imp.outline_label.set_label(&outline(drawing));
        }
    }

    /// Fills the fields with what the answer says of the selected node.
    fn fill_fields(&self) {
        let imp = self.imp();
        let exercise = imp.exercise.borrow();
        let Some(exercise) = exercise.as_ref() else {
            return;
        };
        let answer = imp.answer.borrow();
        imp.filling.set(true);
        match exercise.tree() {
            Some(tree) => {
                let id = imp.selected.get().unwrap_or(0);
                let path = tree.path(id);
                let node = tree.node(id);
                let inner = !node.is_leaf();
                imp.node_label.set_label(&self.node_sentence(tree, id));
                imp.value_entry.set_text(
                    &answer
                        .value_of(&path)
                        .map(|value| value.to_string())
                        .unwrap_or_default(),
                );
                let window = answer.window_of(&path);
                imp.alpha_entry.set_text(
                    &window
                        .map(|(alpha, _)| answer_limit(alpha))
                        .unwrap_or_default(),
                );
                imp.beta_entry.set_text(
                    &window
                        .map(|(_, beta)| answer_limit(beta))
                        .unwrap_or_default(),
                );
                imp.order_entry.set_text(
                    &answer
                        .order_of(&path)
                        .map(|order| {
                            order
                                .iter()
                                .map(|place| (place + 1).to_string())
                                .collect::<Vec<_>>()
                                .join(" ")
                        })
                        .unwrap_or_default(),
                );
                imp.pruned_check.set_active(answer.marks_pruned(&path));
                show_field(&*imp.leaf_field, !inner);
                imp.leaf_entry.set_text(
                    &node
                        .leaf_value()
                        .map(|value| value.to_string())
                        .unwrap_or_default(),
                );
                let deciding = matches!(node.kind, NodeKind::Decision(_));
                for (field, usable) in [
                    (imp.value_field.upcast_ref::<gtk::Widget>(), inner),
                    (imp.alpha_field.upcast_ref(), inner),
                    (imp.beta_field.upcast_ref(), inner),
                    (
                        imp.order_field.upcast_ref(),
                        deciding && node.children.len() > 1,
                    ),
                    (imp.pruned_check.upcast_ref(), node.parent.is_some()),
                ] {
                    field.set_sensitive(usable);
                }
            }
            None => {
                show_field(&*imp.leaf_field, false);
                imp.node_label.set_label(&gettext("Your answer"));
                let cell = if exercise.kind == Kind::Mcts {
                    answer.pick
                } else {
                    answer.best_move
                };
                let shape = exercise.move_shape();
                imp.move_entry.set_text(
                    &cell
                        .map(|cell| move_number(shape, cell).to_string())
                        .unwrap_or_default(),
                );
                imp.outcome_entry.set_text(
                    &answer
                        .outcome
                        .map(|outcome| outcome.to_string())
                        .unwrap_or_default(),
                );
                imp.bounded_entry.set_text(
                    &answer
                        .bounded
                        .as_ref()
                        .map(|cells| move_numbers(shape, cells, " "))
                        .unwrap_or_default(),
                );
                imp.line_entry.set_text(
                    &answer
                        .leaf
                        .as_ref()
                        .map(|cells| move_numbers(shape, cells, " "))
                        .unwrap_or_default(),
                );
                // The root's value, for the value to a depth.
                imp.value_entry.set_text(
                    &answer
                        .value_of(&[])
                        .map(|value| value.to_string())
                        .unwrap_or_default(),
                );
                imp.keeps_check.set_active(answer.changes == Some(false));
                imp.changes_check.set_active(answer.changes == Some(true));
            }
        }
        for entry in self.entries() {
            show_unreadable(entry, false);
        }
        imp.filling.set(false);
    }

    fn entries(&self) -> [&gtk::Entry; 9] {
        let imp = self.imp();
        [
            &imp.leaf_entry,
            &imp.value_entry,
            &imp.alpha_entry,
            &imp.beta_entry,
            &imp.order_entry,
            &imp.move_entry,
            &imp.outcome_entry,
            &imp.bounded_entry,
            &imp.line_entry,
        ]
    }

    /// The selected node in words, with what the answer gives it: "The Min
    /// node root → 2: your value 3, window α 3, β +∞; the edge into it
    /// marked pruned".
    fn node_sentence(&self, tree: &AbstractTree, id: NodeId) -> String {
        let answer = self.imp().answer.borrow();
        let path = tree.path(id);
        let mut parts: Vec<String> = Vec::new();
        if let NodeKind::Leaf(value) = tree.node(id).kind {
            parts.push(fill(
                &gettext("value {value}, as written"),
                &[("value", &short_value_words(value.into()))],
            ));
        } else if let Some(value) = answer.value_of(&path) {
            parts.push(fill(
                &gettext("your value {value}"),
                &[("value", &value.to_string().replace('-', "−"))],
            ));
        }
        if let Some((alpha, beta)) = answer.window_of(&path) {
            parts.push(fill(
                &gettext("your window α {alpha}, β {beta}"),
                &[("alpha", &limit_words(alpha)), ("beta", &limit_words(beta))],
            ));
        }
        if let Some(order) = answer.order_of(&path) {
            let numbers: Vec<String> = order.iter().map(|place| (place + 1).to_string()).collect();
            parts.push(fill(
                &gettext("your order {children}"),
                &[("children", &numbers.join(" "))],
            ));
        }
        if answer.marks_pruned(&path) {
            parts.push(gettext("the edge into it marked pruned"));
        }
        let children = tree.children(id).len();
        if children > 0 {
            parts.push(fill(
                &ngettext(
                    "{count} child",
                    "{count} children",
                    plural_count(children as u64),
                ),
                &[("count", &children)],
            ));
        }
        let mut sentence = node_words(tree, id);
        if let Some(first) = sentence.get(..1) {
            sentence = first.to_uppercase() + &sentence[1..];
        }
        if parts.is_empty() {
            sentence
        } else {
            format!("{sentence}: {}", parts.join("; "))
        }
    }

    fn setup_fields(&self) {
        let imp = self.imp();
        // Tab goes from field to field, not to the flow boxes' cells.
        for flow_box in [&*imp.fields, &*imp.settings] {
            let mut child = flow_box.first_child();
            while let Some(cell) = child {
                cell.set_focusable(false);
                child = cell.next_sibling();
            }
        }
        for entry in self.entries() {
            entry.connect_changed(glib::clone!(
                #[weak(rename_to = view)]
                self,
                move |entry| {
                    if !view.imp().filling.get() {
                        view.field_changed(entry);
                    }
                }
            ));
        }
        imp.pruned_check.connect_toggled(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |check| {
                if !view.imp().filling.get() {
                    view.mark_pruned(check.is_active());
                }
            }
        ));
        for check in [&*imp.keeps_check, &*imp.changes_check] {
            check.connect_toggled(glib::clone!(
                #[weak(rename_to = view)]
                self,
                move |_| {
                    if !view.imp().filling.get() {
                        view.changes_chosen();
                    }
                }
            ));
        }
        imp.answer_entry.connect_activate(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |entry| view.use_answer_text(&entry.text())
        ));
    }

    /// Reads the field `entry` into the answer; a field that cannot be read
    /// is marked and changes nothing.
    fn field_changed(&self, entry: &gtk::Entry) {
        let imp = self.imp();
        let Some(exercise) = imp.exercise.borrow().clone() else {
            return;
        };
        let text = typed(entry);
        let path = exercise
            .tree()
            .map(|tree| tree.path(imp.selected.get().unwrap_or(0)))
            .unwrap_or_default();
        if entry == &*imp.leaf_entry {
            self.edit_leaf(&exercise, &text);
            return;
        }
        let mut answer = imp.answer.borrow().clone();
        let read = if entry == &*imp.value_entry {
            match parse_value(&text) {
                _ if text.is_empty() => {
                    answer.set_value(&path, None);
                    true
                }
                Some(value) => {
                    answer.set_value(&path, Some(value));
                    true
                }
                None => false,
            }
        } else if entry == &*imp.alpha_entry || entry == &*imp.beta_entry {
            let (alpha, beta) = (typed(&imp.alpha_entry), typed(&imp.beta_entry));
            let limit = |text: &str| (!text.is_empty()).then(|| parse_limit(text));
            match (limit(&alpha), limit(&beta)) {
                (Some(None), _) | (_, Some(None)) => false,
                (Some(Some(alpha)), Some(Some(beta))) => {
                    answer.set_window(&path, Some((alpha, beta)));
                    true
                }
                _ => {
                    answer.set_window(&path, None);
                    true
                }
            }
        } else {
            // The other fields are statements of the answer's text.
            let keyword = if entry == &*imp.order_entry {
                format!("{}:", path_text(&path))
            } else if entry == &*imp.move_entry {
                if exercise.kind == Kind::Mcts {
                    "pick"
                } else {
                    "move"
                }
                .to_owned()
            } else if entry == &*imp.outcome_entry {
                "outcome".to_owned()
            } else if entry == &*imp.line_entry {
                "leaf".to_owned()
            } else {
                "bounded".to_owned()
            };
            match exercise.read_answer(&format!("{keyword} {text}")) {
                _ if text.is_empty() && keyword != "bounded" => {
                    clear_statement(&mut answer, &keyword, &path);
                    true
                }
                Ok(statement) => {
                    take_statement(&mut answer, statement, &path);
                    true
                }
                Err(_) => false,
            }
        };
        show_unreadable(entry, !read);
        if read {
            imp.answer.replace(answer);
            imp.filling.set(true);
            imp.answer_entry
                .set_text(&exercise.answer_text(&imp.answer.borrow()));
            imp.filling.set(false);
            self.redraw();
            if let Some(tree) = exercise.tree() {
                imp.node_label
                    .set_label(&self.node_sentence(tree, imp.selected.get().unwrap_or(0)));
            }
            imp.board_area.queue_draw();
        }
    }

    /// Reads whether a deeper search changes the move into the answer.
    fn changes_chosen(&self) {
        let imp = self.imp();
        let changes = if imp.changes_check.is_active() {
            Some(true)
        } else if imp.keeps_check.is_active() {
            Some(false)
        } else {
            None
        };
        imp.answer.borrow_mut().changes = changes;
        self.answer_changed(true);
    }

    /// Gives the selected leaf the value typed: the exercise is then on the
    /// tree as edited, with the answer given so far. A value that is no
    /// whole number in the leaves' range changes nothing.
    fn edit_leaf(&self, exercise: &Exercise, text: &str) {
        let imp = self.imp();
        let Some(tree) = exercise.tree() else {
            return;
        };
        let id = imp.selected.get().unwrap_or(0);
        let edited = text
            .parse::<i32>()
            .ok()
            .and_then(|value| tree.with_leaf(id, value).ok());
        let Some(edited) = edited else {
            show_unreadable(&imp.leaf_entry, !text.is_empty());
            if !text.is_empty() {
                self.say(&leaf_range_words(), true);
            }
            return;
        };
        show_unreadable(&imp.leaf_entry, false);
        let Ok(edited) =
            Exercise::on_tree(exercise.kind, edited, exercise.conventions, exercise.asks)
        else {
            return;
        };
        let edited = Exercise {
            level: exercise.level,
            ..edited
        };
        imp.command_label.set_label(&fill(
            &gettext("The same exercise on the command line: {command}"),
            &[("command", &command_line(&edited))],
        ));
        let sentence = edited.tree().map(|tree| self.node_sentence(tree, id));
        imp.exercise.replace(Some(edited));
        imp.wrong.set(None);
        self.say("", false);
        self.redraw();
        if let Some(sentence) = sentence {
            imp.node_label.set_label(&sentence);
        }
    }

    /// Marks the edge into the selected node pruned or not.
    fn mark_pruned(&self, pruned: bool) {
        let imp = self.imp();
        let path = {
            let exercise = imp.exercise.borrow();
            let Some(tree) = exercise.as_ref().and_then(Exercise::tree) else {
                return;
            };
            let id = imp.selected.get().unwrap_or(0);
            if tree.node(id).parent.is_none() {
                return;
            }
            tree.path(id)
        };
        imp.answer.borrow_mut().set_pruned(&path, pruned);
        self.answer_changed(true);
    }

    /// Uses the answer typed as text.
    fn use_answer_text(&self, text: &str) {
        let imp = self.imp();
        let Some(exercise) = self.exercise() else {
            return;
        };
        match exercise.read_answer(text) {
            Ok(answer) => {
                imp.answer.replace(answer);
                show_unreadable(&imp.answer_entry, false);
                self.say("", false);
                self.answer_changed(true);
            }
            Err(error) => {
                show_unreadable(&imp.answer_entry, true);
                self.say(
                    &tictactoe_tools::exercise::words::answer_error_words(&error),
                    true,
                );
            }
        }
    }

    /// Check: the first wrong step, or correct.
    fn check(&self) {
        let imp = self.imp();
        let Some(exercise) = imp.exercise.borrow().clone() else {
            return;
        };
        imp.solution_button.set_active(false);
        let verdict = exercise.check(&imp.answer.borrow());
        imp.checks.set(imp.checks.get().saturating_add(1));
        match verdict {
            Ok(Verdict::Correct) => {
                imp.wrong.set(None);
                if !imp.solution_seen.get() {
                    imp.solved.set(true);
                }
                self.say(&verdict_words(&exercise, &Verdict::Correct), false);
                self.count_exercise();
            }
            Ok(Verdict::Wrong(mistake)) => {
                imp.wrong.set(mistake.node);
                if let Some(node) = mistake.node {
                    self.select(node);
                }
                self.say(&verdict_words(&exercise, &Verdict::Wrong(mistake)), true);
            }
            Err(unfit) => {
                imp.wrong.set(None);
                self.say(&unfit_words(&unfit), true);
            }
        }
        self.show_score();
        imp.tree_area.queue_draw();
    }

    /// Shows the solution step by step, or goes back to the answer.
    fn show_solution(&self, shown: bool) {
        let imp = self.imp();
        if let Some(timer) = imp.solution_timer.take() {
            timer.remove();
        }
        imp.solution.replace(None);
        let Some(exercise) = imp.exercise.borrow().clone() else {
            return;
        };
        if !shown {
            self.redraw();
            return;
        }
        imp.solution_seen.set(true);
        self.count_exercise();
        imp.wrong.set(None);
        let Some(steps) = exercise.solution_steps() else {
            // Move order and the positions: the solution whole.
            let solution = exercise.solution();
            self.say(
                &fill(
                    &gettext("The solution: {answer}"),
                    &[("answer", &solution.to_string())],
                ),
                false,
            );
            self.redraw();
            return;
        };
        imp.solution.replace(Some((steps, 0)));
        self.solution_step();
        let timer = glib::timeout_add_local(
            STEP_INTERVAL,
            glib::clone!(
                #[weak(rename_to = view)]
                self,
                #[upgrade_or]
                glib::ControlFlow::Break,
                move || {
                    if view.solution_step() {
                        glib::ControlFlow::Continue
                    } else {
                        view.imp().solution_timer.take();
                        glib::ControlFlow::Break
                    }
                }
            ),
        );
        imp.solution_timer.replace(Some(timer));
    }

    /// Shows one more step of the solution; false once all are shown.
    fn solution_step(&self) -> bool {
        let imp = self.imp();
        let (words, node, more) = {
            let mut solution = imp.solution.borrow_mut();
            let Some((steps, shown)) = solution.as_mut() else {
                return false;
            };
            let step = *shown;
            *shown = (*shown + 1).min(steps.len());
            let words = steps.words(step).map(|words| {
                fill(
                    &gettext("Step {step} of {steps}: {words}"),
                    &[
                        ("step", &(step + 1)),
                        ("steps", &steps.len()),
                        ("words", &words),
                    ],
                )
            });
            (words, steps.node(step), *shown < steps.len())
        };
        if let Some(node) = node {
            imp.selected.set(Some(node));
        }
        if let Some(words) = words {
            self.say(&words, false);
        }
        self.redraw();
        self.fill_fields();
        if let Some(node) = node {
            self.scroll_to(node);
        }
        more
    }

    /// Says `text` under the buttons, as an error or not.
    fn say(&self, text: &str, error: bool) {
        let label = &self.imp().verdict_label;
        label.set_label(text);
        if error {
            label.add_css_class("error");
        } else {
            label.remove_css_class("error");
        }
    }

    /// Selects node `id` of the tree.
    fn select(&self, id: NodeId) {
        let imp = self.imp();
        imp.selected.set(Some(id));
        self.fill_fields();
        self.scroll_to(id);
        if let Some((drawing, _)) = &*imp.shown.borrow() {
            accessible::set_label(&*imp.tree_area, &drawing.nodes[id].title);
        }
        let exercise = imp.exercise.borrow();
        if let Some(tree) = exercise.as_ref().and_then(Exercise::tree) {
            accessible::set_description(&*imp.tree_area, &self.node_sentence(tree, id));
        }
        imp.tree_area.queue_draw();
    }

    /// Where the tree is drawn on its area and how large: the left and
    /// top of its picture and the scale, the zoom's or the one that fits
    /// the area (the tree centred across it).
    fn placement(&self) -> Option<(f64, f64, f64)> {
        let imp = self.imp();
        let (width, height) = tree_painting::size(&imp.shown.borrow().as_ref()?.1);
        let (width, height) = (f64::from(width), f64::from(height));
        let area = &imp.tree_area;
        let (room_x, room_y) = (f64::from(area.width()), f64::from(area.height()));
        let scale = imp.zoom.get().unwrap_or_else(|| {
            (room_x / width)
                .min(room_y / height)
                .clamp(SMALLEST_SCALE, 1.0)
        });
        Some((((room_x - width * scale) / 2.0).max(0.0), 0.0, scale))
    }

    /// A point of the tree's picture on the area, and the scale.
    fn on_screen(&self, (x, y): (f64, f64)) -> Option<((f64, f64), f64)> {
        let (left, top, scale) = self.placement()?;
        Some(((left + x * scale, top + y * scale), scale))
    }

    /// Asks the area for the room the tree needs at the zoom's scale
    /// (fitted, no less than the smallest scale's): it then fills the
    /// scroller, and scrolls when larger.
    fn size_tree_area(&self, placed: &Layout) {
        let imp = self.imp();
        let scale = imp.zoom.get().unwrap_or(SMALLEST_SCALE);
        let (width, height) = tree_painting::size(placed);
        let (width, height) = (
            (f64::from(width) * scale).ceil() as i32,
            (f64::from(height) * scale).ceil() as i32,
        );
        // A new size lays the whole window out again, wrapped labels and
        // all: only when it changes.
        if (
            imp.tree_area.content_width(),
            imp.tree_area.content_height(),
        ) != (width, height)
        {
            imp.tree_area.set_content_width(width);
            imp.tree_area.set_content_height(height);
        }
    }

    /// Draws the tree at `zoom`, or fitted to its area with `None`.
    fn set_zoom(&self, zoom: Option<f64>) {
        let imp = self.imp();
        imp.zoom
            .set(zoom.map(|scale| scale.clamp(SMALLEST_SCALE, LARGEST_SCALE)));
        if let Some((_, placed)) = &*imp.shown.borrow() {
            self.size_tree_area(placed);
        }
        imp.tree_area.queue_draw();
    }

    /// Zooms from the scale the tree is drawn at now by `factor`.
    fn zoom_by(&self, factor: f64) {
        if let Some((_, _, scale)) = self.placement() {
            self.set_zoom(Some(scale * factor));
        }
    }

    /// Scrolls the tree so that node `id` shows, whole, if it does not.
    fn scroll_to(&self, id: NodeId) {
        let imp = self.imp();
        let Some(centre) = imp
            .shown
            .borrow()
            .as_ref()
            .filter(|(_, placed)| id < placed.x.len())
            .map(|(_, placed)| tree_painting::place(placed, id))
        else {
            return;
        };
        let Some(((x, y), scale)) = self.on_screen(centre) else {
            return;
        };
        let room = tree_painting::HALF * scale + 12.0;
        for (adjustment, at) in [
            (imp.tree_scroller.hadjustment(), x),
            (imp.tree_scroller.vadjustment(), y),
        ] {
            let (value, page) = (adjustment.value(), adjustment.page_size());
            if at - room < value || at + room > value + page {
                adjustment.set_value(at - page / 2.0);
            }
        }
    }

    fn setup_tree_area(&self) {
        let imp = self.imp();
        imp.tree_area.set_draw_func(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |area, cr, _, _| {
                let imp = view.imp();
                let Some((left, top, scale)) = view.placement() else {
                    return;
                };
                let Some((drawing, placed)) = &*imp.shown.borrow() else {
                    return;
                };
                let current = imp.solution.borrow().as_ref().and_then(|(steps, shown)| {
                    shown.checked_sub(1).and_then(|step| steps.node(step))
                });
                let marks = Marks {
                    selected: imp
                        .selected
                        .get()
                        .filter(|_| area.has_focus() || current.is_none()),
                    current,
                    wrong: imp.wrong.get(),
                };
                let (horizontal, vertical) = (
                    imp.tree_scroller.hadjustment(),
                    imp.tree_scroller.vadjustment(),
                );
                let (dx, dy) = area
                    .translate_coordinates(&*imp.tree_scroller, 0.0, 0.0)
                    .unwrap_or_default();
                // The drawing area fills the scroller: the part that
                // shows, in its own pixels, then in the tree's.
                let shown = (
                    (-dx - left) / scale,
                    (-dy - top) / scale,
                    (-dx - left + horizontal.page_size()) / scale,
                    (-dy - top + vertical.page_size()) / scale,
                );
                cr.translate(left, top);
                cr.scale(scale, scale);
                let _ =
                    tree_painting::paint(cr, drawing, placed, marks, palette(area), Some(shown));
            }
        ));
        // Only what shows is painted: scrolling paints again.
        for adjustment in [
            imp.tree_scroller.hadjustment(),
            imp.tree_scroller.vadjustment(),
        ] {
            adjustment.connect_value_changed(glib::clone!(
                #[weak(rename_to = view)]
                self,
                move |_| view.imp().tree_area.queue_draw()
            ));
            // Zoomed or resized, the tree keeps the selected node in view,
            // once laid out at its new size (the adjustments' range is
            // still the old one while they change).
            adjustment.connect_changed(glib::clone!(
                #[weak(rename_to = view)]
                self,
                move |_| {
                    glib::idle_add_local_once(glib::clone!(
                        #[weak]
                        view,
                        move || {
                            if let Some(id) = view.imp().selected.get() {
                                view.scroll_to(id);
                            }
                        }
                    ));
                }
            ));
        }
        // A drag pans a tree larger than its area, in the scroller's
        // pixels, which stay put as the tree moves under the pointer.
        let drag = gtk::GestureDrag::new();
        let started = std::rc::Rc::new(Cell::new((0.0, 0.0)));
        drag.connect_drag_begin(glib::clone!(
            #[weak(rename_to = view)]
            self,
            #[strong]
            started,
            move |_, _, _| {
                let scroller = &view.imp().tree_scroller;
                started.set((
                    scroller.hadjustment().value(),
                    scroller.vadjustment().value(),
                ));
            }
        ));
        drag.connect_drag_update(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_, dx, dy| {
                let scroller = &view.imp().tree_scroller;
                let (x, y) = started.get();
                scroller.hadjustment().set_value(x - dx);
                scroller.vadjustment().set_value(y - dy);
            }
        ));
        imp.tree_scroller.add_controller(drag);
        let click = gtk::GestureClick::new();
        click.connect_pressed(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_, _, x, y| view.clicked_tree(x, y)
        ));
        imp.tree_area.add_controller(click);
        let keys = gtk::EventControllerKey::new();
        keys.connect_key_pressed(glib::clone!(
            #[weak(rename_to = view)]
            self,
            #[upgrade_or]
            glib::Propagation::Proceed,
            move |_, key, _, modifiers| view.tree_key(key, modifiers)
        ));
        imp.tree_area.add_controller(keys);
        let focus = gtk::EventControllerFocus::new();
        focus.connect_enter(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |_| view.select(view.imp().selected.get().unwrap_or(0))
        ));
        imp.tree_area.add_controller(focus);
    }

    /// A click on the tree: on a node selects it and puts the cursor in
    /// its first field; on an edge (alpha-beta) marks it pruned or not.
    fn clicked_tree(&self, x: f64, y: f64) {
        let imp = self.imp();
        let Some((left, top, scale)) = self.placement() else {
            return;
        };
        let at = ((x - left) / scale, (y - top) / scale);
        let (node, edge) = match &*imp.shown.borrow() {
            Some((drawing, placed)) => (
                tree_painting::node_at(placed, at),
                tree_painting::edge_at(drawing, placed, at),
            ),
            None => return,
        };
        if imp.solution_button.is_active() {
            return;
        }
        if let Some(node) = node {
            self.select(node);
            self.focus_first_field();
        } else if let Some(child) = edge
            && self.exercise().is_some_and(|e| e.kind == Kind::AlphaBeta)
        {
            self.select(child);
            imp.pruned_check.set_active(!imp.pruned_check.is_active());
            imp.tree_area.grab_focus();
        }
    }

    /// Puts the cursor in the first field the selected node can take.
    fn focus_first_field(&self) {
        let imp = self.imp();
        for entry in [
            &*imp.leaf_entry,
            &*imp.value_entry,
            &*imp.alpha_entry,
            &*imp.order_entry,
        ] {
            if entry.is_sensitive() && entry.parent().is_some_and(|field| field.is_visible()) {
                entry.grab_focus();
                return;
            }
        }
        imp.tree_area.grab_focus();
    }

    /// The tree's keys: arrows move between nodes (Left and Right along the
    /// level, Up to the parent, Down to the first child), Home to the
    /// root, Return to the node's first field, Space marks the edge into
    /// it pruned.
    fn tree_key(&self, key: gtk::gdk::Key, modifiers: gtk::gdk::ModifierType) -> glib::Propagation {
        use gtk::gdk::Key;
        let imp = self.imp();
        if !modifiers.is_empty() && modifiers != gtk::gdk::ModifierType::SHIFT_MASK {
            return glib::Propagation::Proceed;
        }
        let Some(exercise) = self.exercise() else {
            return glib::Propagation::Proceed;
        };
        let Some(tree) = exercise.tree() else {
            return glib::Propagation::Proceed;
        };
        let id = imp.selected.get().unwrap_or(0);
        let target = match key {
            Key::Up => tree.node(id).parent,
            Key::Down => tree.children(id).first().copied(),
            Key::Home => Some(0),
            Key::Left | Key::Right => {
                let placed = imp.shown.borrow();
                let Some((_, placed)) = &*placed else {
                    return glib::Propagation::Proceed;
                };
                let level = placed.level[id];
                let mut row: Vec<NodeId> = (0..tree.len())
                    .filter(|&n| placed.level[n] == level)
                    .collect();
                row.sort_by(|a, b| placed.x[*a].total_cmp(&placed.x[*b]));
                let at = row.iter().position(|&n| n == id).unwrap_or(0);
                if key == Key::Left {
                    at.checked_sub(1).map(|at| row[at])
                } else {
                    row.get(at + 1).copied()
                }
            }
            Key::Return | Key::KP_Enter => {
                self.focus_first_field();
                return glib::Propagation::Stop;
            }
            Key::space if exercise.kind == Kind::AlphaBeta && !imp.solution_button.is_active() => {
                imp.pruned_check.set_active(!imp.pruned_check.is_active());
                self.select(id);
                return glib::Propagation::Stop;
            }
            _ => return glib::Propagation::Proceed,
        };
        if let Some(target) = target {
            self.select(target);
        } else {
            imp.tree_area.error_bell();
        }
        glib::Propagation::Stop
    }

    /// The position's board: a free cell clicked, or chosen by the arrow
    /// keys and Enter or by its digit (a column's on a board with
    /// gravity), is the move answered; the answer's move is ringed.
    fn setup_board_area(&self) {
        let imp = self.imp();
        imp.board_area.set_decoration(glib::clone!(
            #[weak(rename_to = view)]
            self,
            #[upgrade_or]
            Ok(()),
            move |cr, layout, palette| view.decorate_board(cr, layout, palette)
        ));
        imp.board_area.connect_cell_activated(glib::clone!(
            #[weak(rename_to = view)]
            self,
            move |board, cell| {
                let kind = view.exercise().map(|exercise| exercise.kind);
                if board.board().cell(cell).is_some() || kind == Some(Kind::DepthValue) {
                    board.error_bell();
                    return;
                }
                let number = move_number(board.board().shape(), cell).to_string();
                if kind == Some(Kind::DecidingLeaf) {
                    // The leaf's line grows by the column clicked.
                    let line = typed(&view.imp().line_entry);
                    let line = if line.is_empty() {
                        number
                    } else {
                        format!("{line} {number}")
                    };
                    view.imp().line_entry.set_text(&line);
                } else {
                    view.imp().move_entry.set_text(&number);
                }
            }
        ));
        // Digits answer a cell (a column on a board with gravity), as on
        // the main window's board.
        let board_keys = gtk::EventControllerKey::new();
        board_keys.connect_key_pressed(glib::clone!(
            #[weak(rename_to = view)]
            self,
            #[upgrade_or]
            glib::Propagation::Proceed,
            move |_, key, _, _| {
                let on_position = view
                    .exercise()
                    .is_some_and(|exercise| exercise.position().is_some());
                if on_position && view.imp().board_area.play_digit(key) {
                    glib::Propagation::Stop
                } else {
                    glib::Propagation::Proceed
                }
            }
        ));
        imp.board_area.add_controller(board_keys);
    }

    /// Rings the answer's move on the position.
    fn decorate_board(
        &self,
        cr: &gtk::cairo::Context,
        layout: &BoardLayout,
        palette: &BoardPalette,
    ) -> Result<(), gtk::cairo::Error> {
        let Some(exercise) = self.exercise() else {
            return Ok(());
        };
        let Some(board) = exercise.position() else {
            return Ok(());
        };
        let answer = self.answer();
        let chosen = if exercise.kind == Kind::Mcts {
            answer.pick
        } else {
            answer.best_move
        };
        if let Some(cell) = chosen.filter(|&cell| cell < board.cells()) {
            let (x, y) = layout.centre(cell);
            set_colour(cr, palette.accent, 1.0);
            cr.set_line_width(3.0);
            cr.new_sub_path();
            cr.arc(x, y, layout.cell * 0.38, 0.0, std::f64::consts::TAU);
            cr.stroke()?;
        }
        Ok(())
    }

    /// Asks where to save the tree as shown, in `format`.
    fn choose_export_file(&self, format: PictureFormat) {
        let imp = self.imp();
        if imp.shown.borrow().is_none() {
            return;
        }
        let stem = match self.exercise() {
            Some(exercise) => match exercise.seed {
                Some(seed) => format!("{}-{seed}", exercise.kind.name()),
                None => exercise.kind.name().to_owned(),
            },
            None => "tree".to_owned(),
        };
        tree_picture::save_as(
            &imp.file_chooser,
            self,
            format,
            &stem,
            |view: &PracticeView| view.imp().shown.borrow().clone(),
            |view: &PracticeView, message, failed| view.say(message, failed),
        );
    }
}

/// The colours of the style: text, accent and error.
/// Gives the main window's position as it is now; `None` once it is gone.
type GamePosition = Box<dyn Fn() -> Option<Board>>;

fn palette(widget: &impl IsA<gtk::Widget>) -> Palette {
    #[allow(deprecated)]
    let style = widget.style_context();
    #[allow(deprecated)]
    let ink = style.color();
    #[allow(deprecated)]
    let named = |name: &str, fallback: gtk::gdk::RGBA| style.lookup_color(name).unwrap_or(fallback);
    let paper = Palette::paper();
    Palette {
        background: None,
        ink,
        accent: named("accent_color", paper.accent),
        error: named("error_color", paper.error),
    }
}

/// α or β as an answer writes it: "-inf", "3".
fn answer_limit(limit: Limit) -> String {
    tictactoe_tools::exercise::answer::limit_text(limit)
}

/// Takes back what the statement `keyword` says.
fn clear_statement(answer: &mut Answer, keyword: &str, path: &[usize]) {
    match keyword {
        "pick" => answer.pick = None,
        "move" => answer.best_move = None,
        "outcome" => answer.outcome = None,
        "leaf" => answer.leaf = None,
        _ => answer.set_order(path, None),
    }
}

/// Copies the one part `statement` gives into `answer`.
fn take_statement(answer: &mut Answer, statement: Answer, path: &[usize]) {
    if let Some(order) = statement.order_of(path) {
        answer.set_order(path, Some(order.to_vec()));
    }
    if statement.pick.is_some() {
        answer.pick = statement.pick;
    }
    if statement.best_move.is_some() {
        answer.best_move = statement.best_move;
    }
    if statement.outcome.is_some() {
        answer.outcome = statement.outcome;
    }
    if statement.bounded.is_some() {
        answer.bounded = statement.bounded;
    }
    if statement.leaf.is_some() {
        answer.leaf = statement.leaf;
    }
}

/// The command that prints the same exercise.
fn command_line(exercise: &Exercise) -> String {
    let mut command = format!("tictactoe exercise --kind {}", exercise.kind.name());
    if let Some(level) = exercise.level {
        command.push_str(&format!(" --level {level}"));
    }
    match exercise.seed {
        Some(seed) => command.push_str(&format!(" --seed {seed}")),
        None => {
            if let Some(tree) = exercise.tree() {
                command.push_str(&format!(" --tree '{tree}'"));
            }
        }
    }
    let level_conventions = exercise
        .level
        .and_then(tictactoe_tools::exercise::level)
        .map(|level| level.conventions)
        .unwrap_or_default();
    if matches!(exercise.kind, Kind::AlphaBeta | Kind::Order) {
        if exercise.conventions.prune != level_conventions.prune {
            command.push_str(match exercise.conventions.prune {
                Prune::OnEqual => " --prune on-equal",
                Prune::Strict => " --prune strict",
            });
        }
        if exercise.conventions.fail != level_conventions.fail {
            command.push_str(match exercise.conventions.fail {
                Fail::Soft => " --fail soft",
                Fail::Hard => " --fail hard",
            });
        }
    }
    if let Some(board) = exercise.position() {
        let shape = board.shape();
        if shape != Shape::TIC_TAC_TOE {
            command.push_str(&board_options(shape));
        }
        // Not drawn from a seed at a level: the position itself.
        if exercise.level.is_none() {
            command.push_str(&format!(" --position '{board}'"));
            if let Problem::Mcts(problem) = &exercise.problem {
                command.push_str(&format!(" --playouts {}", problem.playouts));
            }
        }
    }
    if let Some(tree) = exercise.tree() {
        if tree.root_side() == Decision::Min {
            command.push_str(" --root min");
        }
        if exercise.seed.is_some() && tree.has_chance_nodes() {
            command.push_str(" --chance");
        }
    }
    command
}

/// The command line's options for a board of `shape`: its preset's name,
/// or its size, stones in a row and gravity.
fn board_options(shape: Shape) -> String {
    match shape.preset_name() {
        Some(name) => format!(" --board {name}"),
        None => format!(
            " --board {}x{} --in-a-row {}{}",
            shape.width(),
            shape.height(),
            shape.in_a_row(),
            if shape.gravity() { " --gravity" } else { "" }
        ),
    }
}
