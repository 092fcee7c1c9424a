//! The Board picker: the named boards (Tic-Tac-Toe, 4x4, 5x5, Connect
//! Four, Five in a Row) and a custom one, whose width, height, number in a
//! row and gravity the person sets. The spin buttons' bounds are the
//! engine's (`Shape::SIDES`, `Shape::IN_A_ROW`, and no more in a row than
//! the longer side), so no impossible board can be chosen.

use gtk::subclass::prelude::*;
use gtk::{glib, prelude::*};

use crate::ui::shared::accessible;
use tictactoe_engine::geometry::Shape;
use tictactoe_words::Words;
use tictactoe_words::i18n::gettext;
use tictactoe_words::position::preset_display_name;

/// The list's entry after the presets: the custom board.
const CUSTOM_ENTRY: u32 = Shape::PRESETS.len() as u32;

/// Emitted when the chosen board changes.
const CHANGED: &str = "changed";

mod imp {
    use std::cell::Cell;
    use std::sync::OnceLock;

    use gtk::glib::subclass::Signal;
    use gtk::subclass::prelude::*;
    use gtk::{CompositeTemplate, glib, prelude::*};

    #[derive(Default, CompositeTemplate)]
    #[template(resource = "/io/github/tictactoe/Tictactoe/ui/widgets/board_picker.ui")]
    pub struct BoardPicker {
        #[template_child]
        pub(super) preset_dropdown: TemplateChild<gtk::DropDown>,
        #[template_child]
        pub(super) custom_grid: TemplateChild<gtk::Grid>,
        #[template_child]
        pub(super) width_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub(super) height_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub(super) in_a_row_spin: TemplateChild<gtk::SpinButton>,
        #[template_child]
        pub(super) gravity_switch: TemplateChild<gtk::Switch>,
        /// True while the controls are set from code, which changes the
        /// board once, not once a control.
        pub(super) setting: Cell<bool>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for BoardPicker {
        const NAME: &'static str = "TictactoeBoardPicker";
        type Type = super::BoardPicker;
        type ParentType = gtk::Box;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for BoardPicker {
        fn signals() -> &'static [Signal] {
            static SIGNALS: OnceLock<Vec<Signal>> = OnceLock::new();
            SIGNALS.get_or_init(|| vec![Signal::builder(super::CHANGED).build()])
        }

        fn constructed(&self) {
            self.parent_constructed();
            self.obj().setup_controls();
        }
    }

    impl WidgetImpl for BoardPicker {
        /// The Board label's mnemonic goes to the list of boards.
        fn mnemonic_activate(&self, group_cycling: bool) -> bool {
            self.preset_dropdown.mnemonic_activate(group_cycling)
        }
    }
    impl BoxImpl for BoardPicker {}
}

glib::wrapper! {
    pub struct BoardPicker(ObjectSubclass<imp::BoardPicker>)
        @extends gtk::Box, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget, gtk::Orientable;
}

impl Default for BoardPicker {
    fn default() -> Self {
        glib::Object::new()
    }
}

impl BoardPicker {
    // The controls, for the tests to drive them as a person would.

    pub fn preset_dropdown(&self) -> gtk::DropDown {
        self.imp().preset_dropdown.get()
    }

    pub fn width_spin(&self) -> gtk::SpinButton {
        self.imp().width_spin.get()
    }

    pub fn height_spin(&self) -> gtk::SpinButton {
        self.imp().height_spin.get()
    }

    pub fn in_a_row_spin(&self) -> gtk::SpinButton {
        self.imp().in_a_row_spin.get()
    }

    pub fn gravity_switch(&self) -> gtk::Switch {
        self.imp().gravity_switch.get()
    }

    /// The board chosen.
    pub fn shape(&self) -> Shape {
        let imp = self.imp();
        if let Some(&(_, preset)) = Shape::PRESETS.get(imp.preset_dropdown.selected() as usize) {
            return preset;
        }
        let count = |spin: &gtk::SpinButton| spin.value_as_int().max(0) as usize;
        Shape::new(
            count(&imp.width_spin),
            count(&imp.height_spin),
            count(&imp.in_a_row_spin),
            imp.gravity_switch.is_active(),
        )
        .unwrap_or_default()
    }

    /// Chooses `shape`: its preset, else Custom with its dimensions.
    pub fn set_shape(&self, shape: Shape) {
        let imp = self.imp();
        let entry = Shape::PRESETS
            .iter()
            .position(|&(_, preset)| preset == shape)
            .map_or(CUSTOM_ENTRY, |position| position as u32);
        imp.setting.set(true);
        self.show_dimensions(shape);
        imp.setting.set(false);
        if imp.preset_dropdown.selected() == entry {
            self.board_changed();
        } else {
            imp.preset_dropdown.set_selected(entry);
        }
    }

    /// Calls `handler` whenever the chosen board changes.
    pub fn connect_changed<F: Fn(&BoardPicker) + 'static>(
        &self,
        handler: F,
    ) -> glib::SignalHandlerId {
        self.connect_local(CHANGED, false, move |values| {
            handler(&values[0].get::<BoardPicker>().ok()?);
            None
        })
    }

    fn setup_controls(&self) {
        let imp = self.imp();
        let mut names: Vec<String> = Shape::PRESETS
            .iter()
            .filter_map(|&(_, preset)| preset_display_name(preset))
            .collect();
        names.push(gettext("Custom…"));
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let dropdown = &imp.preset_dropdown;
        dropdown.set_model(Some(&gtk::StringList::new(&names)));
        dropdown.set_factory(Some(&accessible::string_item_factory(|_| None)));
        dropdown.set_list_factory(Some(&accessible::string_item_factory(|position| {
            Some(match Shape::PRESETS.get(position as usize) {
                Some((_, preset)) => preset.words(),
                None => gettext("A board of your own: width, height, how many in a row, gravity"),
            })
        })));
        // The Board label's mnemonic names the picker, not the list in it.
        accessible::set_label(&**dropdown, &gettext("Board"));
        accessible::name_dropdown_parts(dropdown, &gettext("Board"));
        accessible::set_label(&*imp.width_spin, &gettext("Board width"));
        accessible::set_label(&*imp.height_spin, &gettext("Board height"));
        accessible::set_label(&*imp.in_a_row_spin, &gettext("Stones in a row to win"));
        accessible::set_label(&*imp.gravity_switch, &gettext("Gravity"));
        self.show_dimensions(Shape::default());

        dropdown.connect_selected_notify(glib::clone!(
            #[weak(rename_to = picker)]
            self,
            move |dropdown| {
                let custom = dropdown.selected() == CUSTOM_ENTRY;
                let imp = picker.imp();
                imp.custom_grid.set_visible(custom);
                if !custom {
                    // Custom starts from the last preset chosen.
                    imp.setting.set(true);
                    picker.show_dimensions(picker.shape());
                    imp.setting.set(false);
                }
                picker.board_changed();
            }
        ));
        for spin in [&imp.width_spin, &imp.height_spin, &imp.in_a_row_spin] {
            spin.connect_value_changed(glib::clone!(
                #[weak(rename_to = picker)]
                self,
                move |_| picker.dimension_changed()
            ));
        }
        imp.gravity_switch.connect_active_notify(glib::clone!(
            #[weak(rename_to = picker)]
            self,
            move |_| picker.dimension_changed()
        ));
        self.board_changed();
    }

    /// Puts `shape`'s dimensions in the custom controls.
    fn show_dimensions(&self, shape: Shape) {
        let imp = self.imp();
        imp.width_spin.set_value(shape.width() as f64);
        imp.height_spin.set_value(shape.height() as f64);
        self.bound_in_a_row();
        imp.in_a_row_spin.set_value(shape.in_a_row() as f64);
        imp.gravity_switch.set_active(shape.gravity());
    }

    /// No more in a row than the longer side holds.
    fn bound_in_a_row(&self) {
        let imp = self.imp();
        let longer_side = imp.width_spin.value().max(imp.height_spin.value());
        let most = longer_side.min(*Shape::IN_A_ROW.end() as f64);
        imp.in_a_row_spin.adjustment().set_upper(most);
        if imp.in_a_row_spin.value() > most {
            imp.in_a_row_spin.set_value(most);
        }
    }

    fn dimension_changed(&self) {
        self.bound_in_a_row();
        if !self.imp().setting.get() {
            self.board_changed();
        }
    }

    /// Describes the chosen board in words and tells the listeners.
    fn board_changed(&self) {
        let words = self.shape().words();
        let dropdown = &self.imp().preset_dropdown;
        dropdown.set_tooltip_text(Some(&words));
        accessible::set_description(&**dropdown, &words);
        self.emit_by_name::<()>(CHANGED, &[]);
    }
}
