//! The picker for one side: which player, and for the search players how
//! deep they look.

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::shared::accessible;
use tictactoe_engine::board::Side;
use tictactoe_engine::evaluation::{Evaluation, NamedEvaluation};
use tictactoe_engine::geometry::Shape;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_words::Words;
use tictactoe_words::evaluation::{evaluation_description, evaluation_name};
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::players::PlayerWords;

/// Why `kind` cannot play on `shape` in the window, or `None` if it can:
/// MENACE and TD keep something for every 3x3 position.
pub fn why_not_on(kind: PlayerKind, shape: Shape) -> Option<String> {
    kind.check_shape(shape).err().map(|refusal| refusal.words())
}

/// The difficulty list's entries, in the template's order.
const DIFFICULTY_LEVELS: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];
/// The entry after the levels: a depth from the spin button.
pub(crate) const DEPTH_ENTRY: u32 = DIFFICULTY_LEVELS.len() as u32;

/// The difficulty a difficulty list's `entry` and its depth spin button's
/// `depth` choose.
pub(crate) fn chosen_difficulty(entry: u32, depth: i32) -> Difficulty {
    match DIFFICULTY_LEVELS.get(entry as usize) {
        Some(level) => *level,
        None => Difficulty::Depth(depth.max(1) as u32),
    }
}

/// The difficulty list's entry for `difficulty`, and the depth for the
/// spin button when it is a depth of its own.
pub(crate) fn difficulty_entry(difficulty: Difficulty) -> (u32, Option<u32>) {
    match DIFFICULTY_LEVELS
        .iter()
        .position(|&level| level == difficulty)
    {
        Some(position) => (position as u32, None),
        None => (DEPTH_ENTRY, difficulty.depth()),
    }
}
/// The chosen player's name on the drop-down's button: it gives way at the
/// end when the board's side is narrow, so that a long name ("Alpha-Beta +
/// Sortierung + Tabelle") does not keep the window from narrowing until the
/// log goes under the board, where the name has room again. The open list
/// shows every name whole.
fn chosen_name_factory() -> gtk::SignalListItemFactory {
    let factory = gtk::SignalListItemFactory::new();
    factory.connect_setup(|_, item| {
        if let Some(item) = item.downcast_ref::<gtk::ListItem>() {
            let label = gtk::Label::builder()
                .xalign(0.0)
                .ellipsize(gtk::pango::EllipsizeMode::End)
                .width_chars(12)
                .build();
            item.set_child(Some(&label));
        }
    });
    factory.connect_bind(|_, item| {
        let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
            return;
        };
        if let (Some(text), Some(label)) = (
            item.item().and_downcast::<gtk::StringObject>(),
            item.child().and_downcast::<gtk::Label>(),
        ) {
            label.set_label(&text.string());
        }
    });
    factory
}

/// The evaluation list's entries: the named evaluations, then the weights
/// of the evaluation panel when there are any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvaluationEntry {
    Named(NamedEvaluation),
    /// The panel's weights, by the name it shows them by ("Custom", or
    /// the file they were opened from).
    Custom(String, Evaluation),
}

impl EvaluationEntry {
    pub fn evaluation(&self) -> Evaluation {
        match self {
            EvaluationEntry::Named(named) => named.evaluation(),
            EvaluationEntry::Custom(_, evaluation) => *evaluation,
        }
    }

    /// The name people read in the list.
    pub fn display_name(&self) -> String {
        match self {
            EvaluationEntry::Named(named) => evaluation_name(*named),
            EvaluationEntry::Custom(name, _) => name.clone(),
        }
    }
}

/// Lists in `dropdown` the named evaluations, each with what it weighs as
/// its tooltip, then the evaluation panel's weights by `custom_name` when
/// there are any: the entries of `EvaluationEntry` in its order.
pub fn fill_evaluation_list(dropdown: &gtk::DropDown, custom_name: Option<&str>) {
    let mut names: Vec<String> = NamedEvaluation::ALL
        .into_iter()
        .map(evaluation_name)
        .collect();
    names.extend(custom_name.map(str::to_owned));
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    dropdown.set_model(Some(&gtk::StringList::new(&names)));
    dropdown.set_factory(Some(&accessible::string_item_factory(|_| None)));
    dropdown.set_list_factory(Some(&accessible::string_item_factory(|position| {
        NamedEvaluation::ALL
            .get(position as usize)
            .map(|&named| evaluation_description(named))
    })));
}

/// The key an evaluation is remembered by: a named one's stable name, or
/// this for the panel's weights.
pub const CUSTOM_KEY: &str = "custom";

/// Emitted when the player, the difficulty, the depth or the evaluation
/// changes.
const CHANGED: &str = "changed";

mod imp {
    use std::cell::{Cell, RefCell};
    use std::sync::OnceLock;

    use gtk::glib::subclass::Signal;
    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib, prelude::*};

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/widgets/player_picker.ui")]
    pub struct PlayerPicker {
        #[template_child]
        pub(super) side_label: TemplateChild<gtk::Label>,
        #[template_child]
        pub(super) player_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) difficulty_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) depth_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub(super) evaluation_row: TemplateChild<gtk::Box>,
        #[template_child]
        pub(super) evaluation_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) coach_check: TemplateChild<gtk::CheckButton>,
        /// The board chosen, which some players cannot play.
        pub(super) board: Cell<super::Shape>,
        /// The evaluation list's entries, in its order.
        pub(super) evaluations: RefCell<Vec<super::EvaluationEntry>>,
        /// Whether the evaluation panel is open, which shows the list even
        /// at the default evaluation.
        pub(super) evaluation_offered: Cell<bool>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for PlayerPicker {
        const NAME: &'static str = "TictactoePlayerPicker";
        type Type = super::PlayerPicker;
        type ParentType = gtk::Box;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for PlayerPicker {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| vec![Signal::builder(super::CHANGED).build()])
        }

        fn constructed(&self) {
            self.parent_constructed();
            let picker = self.obj();
            picker.fill_players();
            picker.fill_evaluations(None);
            self.evaluation_dropdown
                .connect_selected_notify(glib::clone!(
                    #[weak]
                    picker,
                    move |_| {
                        picker.show_evaluation_row();
                        picker.emit_by_name::<()>(super::CHANGED, &[]);
                    }
                ));
            self.difficulty_dropdown.set_factory(Some(
                &crate::ui::shared::accessible::string_item_factory(|_| None),
            ));
            self.player_dropdown.connect_selected_notify(glib::clone!(
                #[weak]
                picker,
                move |_| picker.player_changed()
            ));
            self.difficulty_dropdown
                .connect_selected_notify(glib::clone!(
                    #[weak]
                    picker,
                    move |dropdown| {
                        let human = picker.selected_player() == super::PlayerKind::Human;
                        picker
                            .imp()
                            .depth_spin
                            .set_visible(!human && dropdown.selected() == super::DEPTH_ENTRY);
                        picker.emit_by_name::<()>(super::CHANGED, &[]);
                    }
                ));
            self.depth_spin.connect_value_changed(glib::clone!(
                #[weak]
                picker,
                move |_| picker.emit_by_name::<()>(super::CHANGED, &[])
            ));
            picker.player_changed();
        }
    }

    impl WidgetImpl for PlayerPicker {}
    impl BoxImpl for PlayerPicker {}
}

glib::wrapper! {
    pub struct PlayerPicker(ObjectSubclass<imp::PlayerPicker>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

impl PlayerPicker {
    /// Labels the picker for `side` and selects the player it starts with.
    pub fn set_side(&self, side: Side, player: PlayerKind) {
        let label = &self.imp().side_label;
        label.set_label(&format!("_{}", side.label()));
        let (ours, theirs) = match side {
            Side::Max => ("max", "min"),
            Side::Min => ("min", "max"),
        };
        label.remove_css_class(theirs);
        label.add_css_class(ours);
        let imp = self.imp();
        let side = side.label();
        let named = |message: String| fill(&message, &[("side", &side)]);
        // The player list is named by the side's label, "Max (X)".
        accessible::name_dropdown_parts(&imp.player_dropdown, &named(gettext("{side} player")));
        let difficulty = named(gettext("{side} difficulty"));
        accessible::set_label(&*imp.difficulty_dropdown, &difficulty);
        accessible::name_dropdown_parts(&imp.difficulty_dropdown, &difficulty);
        accessible::set_label(&*imp.depth_spin, &named(gettext("{side} search depth")));
        let evaluation = named(gettext("{side} evaluation"));
        accessible::set_label(&*imp.evaluation_dropdown, &evaluation);
        accessible::name_dropdown_parts(&imp.evaluation_dropdown, &evaluation);
        accessible::set_label(&*imp.coach_check, &named(gettext("{side} coach")));
        self.select(player);
    }

    /// The list of players, for the tests to read it as a person would.
    pub fn player_dropdown(&self) -> gtk::DropDown {
        self.imp().player_dropdown.get()
    }

    /// The Coach switch, shown while a person plays the side.
    pub fn coach_check(&self) -> gtk::CheckButton {
        self.imp().coach_check.get()
    }

    /// True if a person plays the side and wants the coach.
    pub fn coaching(&self) -> bool {
        let coach = &self.imp().coach_check;
        coach.is_visible() && coach.is_active()
    }

    /// Calls `handler` whenever the player, difficulty or depth changes.
    pub fn connect_changed<F: Fn(&PlayerPicker) + 'static>(
        &self,
        handler: F,
    ) -> glib::SignalHandlerId {
        self.connect_local(CHANGED, false, move |values| {
            handler(&values[0].get::<PlayerPicker>().ok()?);
            None
        })
    }

    /// The chosen player and difficulty.
    pub fn selection(&self) -> (PlayerKind, Difficulty) {
        let imp = self.imp();
        let difficulty = chosen_difficulty(
            imp.difficulty_dropdown.selected(),
            imp.depth_spin.value_as_int(),
        );
        (self.selected_player(), difficulty)
    }

    /// Selects `player` in the list, as a person would.
    pub fn select(&self, player: PlayerKind) {
        let position = PlayerKind::ALL
            .iter()
            .position(|&kind| kind == player)
            .unwrap_or_default();
        self.imp().player_dropdown.set_selected(position as u32);
    }

    /// Marks the players that cannot play `size` ("3x3 only"), with the
    /// reason as their tooltip; the chosen player stays chosen.
    /// The board's own evaluation stays chosen: it follows the board
    /// (`NamedEvaluation::default_for`) until another is chosen.
    pub fn set_board_size(&self, size: Shape) {
        let was_the_boards_own = self.evaluation_entry()
            == EvaluationEntry::Named(NamedEvaluation::default_for(self.imp().board.get()));
        if self.imp().board.replace(size) == size {
            return;
        }
        if was_the_boards_own {
            self.select_evaluation_key(NamedEvaluation::default_for(size).name());
        }
        let chosen = self.selected_player();
        self.fill_players();
        self.select(chosen);
        self.player_changed();
    }

    /// The list of evaluations, for the tests to choose in it as a person
    /// would.
    pub fn evaluation_dropdown(&self) -> gtk::DropDown {
        self.imp().evaluation_dropdown.get()
    }

    /// The chosen evaluation's entry.
    pub fn evaluation_entry(&self) -> EvaluationEntry {
        let imp = self.imp();
        let position = imp.evaluation_dropdown.selected() as usize;
        imp.evaluations
            .borrow()
            .get(position)
            .cloned()
            .unwrap_or(EvaluationEntry::Named(NamedEvaluation::default_for(
                imp.board.get(),
            )))
    }

    /// The weights the chosen player's search evaluates its horizon with.
    pub fn evaluation(&self) -> Evaluation {
        self.evaluation_entry().evaluation()
    }

    /// The key the chosen evaluation is remembered by (`CUSTOM_KEY` for
    /// the panel's weights, which are remembered apart).
    pub fn evaluation_key(&self) -> &'static str {
        match self.evaluation_entry() {
            EvaluationEntry::Named(named) => named.name(),
            EvaluationEntry::Custom(..) => CUSTOM_KEY,
        }
    }

    /// Selects the evaluation remembered by `key`, if the list has it.
    pub fn select_evaluation_key(&self, key: &str) {
        let position = self
            .imp()
            .evaluations
            .borrow()
            .iter()
            .position(|entry| match entry {
                EvaluationEntry::Named(named) => named.name() == key,
                EvaluationEntry::Custom(..) => key == CUSTOM_KEY,
            });
        if let Some(position) = position {
            self.imp().evaluation_dropdown.set_selected(position as u32);
        }
    }

    /// Offers the evaluation panel's weights, named `name`, after the
    /// named evaluations (`None` offers none). Whatever was chosen stays
    /// chosen: the panel's weights are chosen again with their new values.
    pub fn set_custom_evaluation(&self, custom: Option<(String, Evaluation)>) {
        let custom_chosen = matches!(self.evaluation_entry(), EvaluationEntry::Custom(..));
        let chosen = self.imp().evaluation_dropdown.selected();
        let offered = custom.is_some();
        self.fill_evaluations(custom);
        let last = NamedEvaluation::ALL.len() as u32;
        let position = if custom_chosen && !offered {
            0
        } else {
            chosen.min(last)
        };
        self.imp().evaluation_dropdown.set_selected(position);
        // The same entry with other weights is a change all the same.
        self.emit_by_name::<()>(CHANGED, &[]);
    }

    /// Shows the evaluation list while the evaluation panel is open, and
    /// whenever the evaluation is not the default: then it is always in
    /// sight, and otherwise it takes no room from the board.
    pub fn set_evaluation_offered(&self, offered: bool) {
        self.imp().evaluation_offered.set(offered);
        self.show_evaluation_row();
    }

    fn show_evaluation_row(&self) {
        let imp = self.imp();
        let chosen = self.evaluation_entry()
            != EvaluationEntry::Named(NamedEvaluation::default_for(imp.board.get()));
        // Only the searches with a horizon evaluate positions there.
        imp.evaluation_row.set_visible(
            self.selected_player().uses_depth() && (imp.evaluation_offered.get() || chosen),
        );
    }

    /// Lists the named evaluations and `custom`.
    fn fill_evaluations(&self, custom: Option<(String, Evaluation)>) {
        let custom_name = custom.as_ref().map(|(name, _)| name.as_str());
        fill_evaluation_list(&self.imp().evaluation_dropdown, custom_name);
        let mut entries: Vec<EvaluationEntry> = NamedEvaluation::ALL
            .into_iter()
            .map(EvaluationEntry::Named)
            .collect();
        entries.extend(custom.map(|(name, evaluation)| EvaluationEntry::Custom(name, evaluation)));
        self.imp().evaluations.replace(entries);
    }

    /// Why the chosen player cannot play the chosen board, if it cannot.
    pub fn refusal(&self) -> Option<String> {
        why_not_on(self.selected_player(), self.imp().board.get())
    }

    /// Selects `difficulty` in the controls, as a person would.
    pub fn select_difficulty(&self, difficulty: Difficulty) {
        let imp = self.imp();
        let (entry, depth) = difficulty_entry(difficulty);
        if let Some(depth) = depth {
            imp.depth_spin.set_value(f64::from(depth));
        }
        imp.difficulty_dropdown.set_selected(entry);
    }

    fn selected_player(&self) -> PlayerKind {
        let position = self.imp().player_dropdown.selected() as usize;
        PlayerKind::ALL
            .get(position)
            .copied()
            .unwrap_or(PlayerKind::Human)
    }

    /// Lists every player by display name, those that cannot play the
    /// board marked; each with its description, or the reason it cannot
    /// play, as the tooltip.
    fn fill_players(&self) {
        let board = self.imp().board.get();
        let names: Vec<String> = PlayerKind::ALL
            .iter()
            .map(|&kind| match why_not_on(kind, board) {
                Some(_) => fill(
                    &gettext("{player} (3x3 only)"),
                    &[("player", &kind.display_name())],
                ),
                None => kind.display_name(),
            })
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let dropdown = &self.imp().player_dropdown;
        dropdown.set_model(Some(&gtk::StringList::new(&names)));
        let factory = accessible::string_item_factory(move |position| {
            PlayerKind::ALL
                .get(position as usize)
                .map(|&kind| why_not_on(kind, board).unwrap_or_else(|| kind.description()))
        });
        dropdown.set_list_factory(Some(&factory));
        dropdown.set_factory(Some(&chosen_name_factory()));
    }

    fn player_changed(&self) {
        let imp = self.imp();
        let kind = self.selected_player();
        let about = why_not_on(kind, imp.board.get()).unwrap_or_else(|| kind.description());
        imp.player_dropdown.set_tooltip_text(Some(&about));
        accessible::set_description(&*imp.player_dropdown, &about);
        // The neural player's difficulty is its simulations.
        let searches = kind.uses_difficulty();
        imp.difficulty_dropdown.set_sensitive(searches);
        imp.depth_spin.set_sensitive(searches);
        // A person has no difficulty; the coach takes its place.
        let human = kind == PlayerKind::Human;
        imp.difficulty_dropdown.set_visible(!human);
        imp.depth_spin
            .set_visible(!human && imp.difficulty_dropdown.selected() == DEPTH_ENTRY);
        self.show_evaluation_row();
        imp.coach_check.set_visible(human);
        self.emit_by_name::<()>(CHANGED, &[]);
    }
}
