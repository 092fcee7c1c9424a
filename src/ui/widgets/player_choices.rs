//! The players a comparison or a tournament runs: a check button per
//! computer player, each with its difficulty (Easy, Medium, Hard or a
//! depth) for the players that search to a depth.

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::shared::accessible;
use crate::ui::widgets::player_picker::{DEPTH_ENTRY, chosen_difficulty, difficulty_entry};
use tictactoe_engine::player_kind::{Difficulty, PlayerKind};
use tictactoe_tools::compare::Contender;
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::players::PlayerWords;

/// One player's row.
#[derive(Debug, Clone)]
struct ChoiceRow {
    kind: PlayerKind,
    check: gtk::CheckButton,
    difficulty: gtk::DropDown,
    depth: gtk::SpinButton,
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
        let imp = self.imp();
        let levels = [
            gettext("Easy"),
            gettext("Medium"),
            gettext("Hard"),
            gettext("Depth"),
        ];
        let levels: Vec<&str> = levels.iter().map(String::as_str).collect();
        let computers: Vec<PlayerKind> = PlayerKind::NON_LEARNERS
            .into_iter()
            .filter(|&kind| kind != PlayerKind::Human)
            .collect();
        // The names as wide as the widest, so that the difficulties line up.
        let names = gtk::SizeGroup::new(gtk::SizeGroupMode::Horizontal);
        for kind in computers {
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
            let named = |message: String| fill(&message, &[("side", &name)]);
            let difficulty_name = named(gettext("{side} difficulty"));
            accessible::set_label(&difficulty, &difficulty_name);
            accessible::name_dropdown_parts(&difficulty, &difficulty_name);
            accessible::set_label(&depth, &named(gettext("{side} search depth")));
            difficulty.connect_selected_notify(glib::clone!(
                #[weak]
                depth,
                move |dropdown| depth.set_visible(dropdown.selected() == DEPTH_ENTRY)
            ));
            // Players without a depth have no difficulty to choose.
            difficulty.set_sensitive(kind.uses_depth());
            depth.set_sensitive(kind.uses_depth());
            names.add_widget(&check);
            let line = gtk::Box::new(gtk::Orientation::Horizontal, 12);
            line.append(&check);
            line.append(&difficulty);
            line.append(&depth);
            imp.flow.append(&line);
            // The line is not a choice: focus goes to its controls.
            if let Some(child) = line.parent() {
                child.set_focusable(false);
            }
            imp.rows.borrow_mut().push(ChoiceRow {
                kind,
                check,
                difficulty,
                depth,
            });
        }
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
        self.imp()
            .rows
            .borrow()
            .iter()
            .filter(|row| row.check.is_active())
            .map(|row| {
                let difficulty = if row.kind.uses_depth() {
                    chosen_difficulty(row.difficulty.selected(), row.depth.value_as_int())
                } else {
                    Difficulty::default()
                };
                (row.kind, difficulty)
            })
            .collect()
    }

    /// The checked players as contenders, in the list's order.
    pub fn contenders(&self) -> Vec<Contender> {
        self.chosen()
            .into_iter()
            .map(|(kind, difficulty)| Contender::new(kind, difficulty))
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
