//! The players a comparison or a tournament runs: a check button per
//! computer player, each with its difficulty (Easy, Medium, Hard or a
//! depth) and its evaluation for the players that search to a depth. Such
//! a player can be added again, to set it against itself at another depth
//! or with another evaluation.

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::shared::accessible;
use crate::ui::widgets::player_picker::{DEPTH_ENTRY, chosen_difficulty, difficulty_entry};
use tictactoe_engine::evaluation::NamedEvaluation;
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_tools::compare::Contender;
use tictactoe_words::evaluation::{evaluation_description, evaluation_name};
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::players::PlayerWords;

/// One player's row.
#[derive(Debug, Clone)]
struct ChoiceRow {
    kind: PlayerKind,
    check: gtk::CheckButton,
    difficulty: gtk::DropDown,
    depth: gtk::SpinButton,
    /// The board's own (the first entry), then `NamedEvaluation::ALL`.
    evaluation: gtk::DropDown,
    /// Adds the player once more; only for the players with a depth.
    add: gtk::Button,
}

impl ChoiceRow {
    /// The chosen evaluation; `None` for the board's own.
    fn chosen_evaluation(&self) -> Option<NamedEvaluation> {
        (self.evaluation.selected() as usize)
            .checked_sub(1)
            .and_then(|index| NamedEvaluation::ALL.get(index).copied())
    }
}

mod imp {
    use std::cell::RefCell;

    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib};

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/widgets/player_choices.ui")]
    pub struct PlayerChoices {
        #[template_child]
        pub(super) flow: TemplateChild<gtk::FlowBox>,
        pub(super) rows: RefCell<Vec<super::ChoiceRow>>,
        /// Keeps the players' names as wide as the widest.
        pub(super) names: RefCell<Option<gtk::SizeGroup>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for PlayerChoices {
        const NAME: &'static str = "TictactoePlayerChoices";
        type Type = super::PlayerChoices;
        type ParentType = gtk::Box;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for PlayerChoices {
        fn constructed(&self) {
            self.parent_constructed();
            self.obj().fill_rows();
        }
    }

    impl WidgetImpl for PlayerChoices {}
    impl BoxImpl for PlayerChoices {}
}

glib::wrapper! {
    pub struct PlayerChoices(ObjectSubclass<imp::PlayerChoices>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

impl PlayerChoices {
    fn fill_rows(&self) {
        // The names as wide as the widest, so that the difficulties line up.
        let names = gtk::SizeGroup::new(gtk::SizeGroupMode::Horizontal);
        self.imp().names.replace(Some(names));
        for kind in PlayerKind::NON_LEARNERS
            .into_iter()
            .filter(|&kind| kind != PlayerKind::Human)
        {
            let row = self.new_row(kind, None);
            self.imp().rows.borrow_mut().push(row);
        }
    }

    /// A row for `kind`, appended to the list unless `position` says where.
    fn new_row(&self, kind: PlayerKind, position: Option<usize>) -> ChoiceRow {
        let imp = self.imp();
        let levels = [
            gettext("Easy"),
            gettext("Medium"),
            gettext("Hard"),
            gettext("Depth"),
        ];
        let levels: Vec<&str> = levels.iter().map(String::as_str).collect();
        let name = kind.display_name();
        let check = gtk::CheckButton::builder()
            .label(&name)
            .tooltip_text(kind.description())
            .build();
        let difficulty = gtk::DropDown::from_strings(&levels);
        difficulty.set_factory(Some(&accessible::string_item_factory(|_| None)));
        difficulty.set_selected(2);
        difficulty.set_tooltip_text(Some(&gettext(
            "How deep the search looks: Easy is depth 1, Medium depth 3, Hard the whole game; Depth sets a limit in plies",
        )));
        let depth = gtk::SpinButton::with_range(1.0, 25.0, 1.0);
        depth.set_value(4.0);
        depth.set_visible(false);
        depth.set_tooltip_text(Some(&gettext("Search depth limit in plies")));
        let evaluations: Vec<String> = std::iter::once(gettext("Board's own"))
            .chain(NamedEvaluation::ALL.into_iter().map(evaluation_name))
            .collect();
        let evaluations: Vec<&str> = evaluations.iter().map(String::as_str).collect();
        let evaluation = gtk::DropDown::from_strings(&evaluations);
        evaluation.set_factory(Some(&accessible::string_item_factory(|_| None)));
        evaluation.set_list_factory(Some(&accessible::string_item_factory(
            |position| match (position as usize).checked_sub(1) {
                Some(index) => NamedEvaluation::ALL
                    .get(index)
                    .map(|&named| evaluation_description(named)),
                None => Some(gettext(
                    "Threats on a board with gravity, Lines on the others",
                )),
            },
        )));
        evaluation.set_tooltip_text(Some(&gettext(
            "What the search's positions at its depth are worth",
        )));
        let add = gtk::Button::from_icon_name("list-add-symbolic");
        let named = |message: String| fill(&message, &[("side", &name)]);
        add.set_tooltip_text(Some(&named(gettext(
            "Add {side} once more, at another depth or with another evaluation",
        ))));
        accessible::set_label(&add, &named(gettext("Add another {side}")));
        let difficulty_name = named(gettext("{side} difficulty"));
        accessible::set_label(&difficulty, &difficulty_name);
        accessible::name_dropdown_parts(&difficulty, &difficulty_name);
        accessible::set_label(&depth, &named(gettext("{side} search depth")));
        let evaluation_label = named(gettext("{side} evaluation"));
        accessible::set_label(&evaluation, &evaluation_label);
        accessible::name_dropdown_parts(&evaluation, &evaluation_label);
        difficulty.connect_selected_notify(glib::clone!(
            #[weak]
            depth,
            move |dropdown| depth.set_visible(dropdown.selected() == DEPTH_ENTRY)
        ));
        // Players without a depth have no difficulty to choose, nor an
        // evaluation at a horizon.
        difficulty.set_sensitive(kind.uses_depth());
        depth.set_sensitive(kind.uses_depth());
        evaluation.set_visible(kind.uses_depth());
        add.set_visible(kind.uses_depth());
        if let Some(names) = imp.names.borrow().as_ref() {
            names.add_widget(&check);
        }
        let line = gtk::Box::new(gtk::Orientation::Horizontal, 12);
        line.append(&check);
        line.append(&difficulty);
        line.append(&depth);
        line.append(&evaluation);
        line.append(&add);
        match position {
            Some(position) => imp.flow.insert(&line, position as i32),
            None => imp.flow.append(&line),
        }
        // The line is not a choice: focus goes to its controls.
        if let Some(child) = line.parent() {
            child.set_focusable(false);
        }
        let row = ChoiceRow {
            kind,
            check,
            difficulty,
            depth,
            evaluation,
            add,
        };
        row.add.connect_clicked(glib::clone!(
            #[weak(rename_to = choices)]
            self,
            move |button| choices.add_again(button)
        ));
        row
    }

    /// Adds the player of the row whose Add button is `add` once more,
    /// after its last row, checked, at the same difficulty and evaluation
    /// for the person to change.
    fn add_again(&self, add: &gtk::Button) {
        let (row, position) = {
            let rows = self.imp().rows.borrow();
            let Some(row) = rows.iter().find(|row| row.add == *add).cloned() else {
                return;
            };
            let position = rows
                .iter()
                .rposition(|other| other.kind == row.kind)
                .map_or(rows.len(), |last| last + 1);
            (row, position)
        };
        let added = self.new_row(row.kind, Some(position));
        added.check.set_active(true);
        added.depth.set_value(row.depth.value());
        added.difficulty.set_selected(row.difficulty.selected());
        added.evaluation.set_selected(row.evaluation.selected());
        self.imp().rows.borrow_mut().insert(position, added.clone());
        added.evaluation.grab_focus();
    }

    /// Checks exactly the players in `choices`, at their difficulties.
    pub fn set_chosen(&self, choices: &[(PlayerKind, Difficulty)]) {
        for row in self.imp().rows.borrow().iter() {
            let chosen = choices.iter().find(|(kind, _)| *kind == row.kind);
            row.check.set_active(chosen.is_some());
            if let Some((_, difficulty)) = chosen {
                let (entry, depth) = difficulty_entry(*difficulty);
                if let Some(depth) = depth {
                    row.depth.set_value(f64::from(depth));
                }
                row.difficulty.set_selected(entry);
            }
        }
    }

    /// The checked players with their difficulties, in the list's order;
    /// players without a depth are at the default difficulty.
    pub fn chosen(&self) -> Vec<(PlayerKind, Difficulty)> {
        self.contenders()
            .iter()
            .map(|contender| (contender.kind, contender.options.difficulty))
            .collect()
    }

    /// The checked players as contenders, in the list's order, each with
    /// its difficulty and, where one is chosen, its evaluation.
    pub fn contenders(&self) -> Vec<Contender> {
        self.imp()
            .rows
            .borrow()
            .iter()
            .filter(|row| row.check.is_active())
            .map(|row| {
                if !row.kind.uses_depth() {
                    return Contender::new(row.kind, Difficulty::default());
                }
                let difficulty =
                    chosen_difficulty(row.difficulty.selected(), row.depth.value_as_int());
                let mut contender = Contender::new(row.kind, difficulty);
                contender.options.evaluation =
                    row.chosen_evaluation().map(NamedEvaluation::evaluation);
                contender
            })
            .collect()
    }

    /// `kind`'s Add button, which adds it once more (players with a depth
    /// only).
    pub fn add_button(&self, kind: PlayerKind) -> Option<gtk::Button> {
        self.imp()
            .rows
            .borrow()
            .iter()
            .find(|row| row.kind == kind && row.add.is_visible())
            .map(|row| row.add.clone())
    }

    /// The evaluation lists of `kind`'s rows, in the list's order: the
    /// board's own first, then `NamedEvaluation::ALL`.
    pub fn evaluation_dropdowns(&self, kind: PlayerKind) -> Vec<gtk::DropDown> {
        self.imp()
            .rows
            .borrow()
            .iter()
            .filter(|row| row.kind == kind)
            .map(|row| row.evaluation.clone())
            .collect()
    }

    /// The check button of `kind`'s row.
    pub fn check_button(&self, kind: PlayerKind) -> Option<gtk::CheckButton> {
        self.imp()
            .rows
            .borrow()
            .iter()
            .find(|row| row.kind == kind)
            .map(|row| row.check.clone())
    }
}
